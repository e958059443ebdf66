"""1872: The Lost Crows: the plot hexes' encounters (A1-E6), their outcomes (01A-49A) and the vision
quests (Plains, Forest, Mountains 1-6), as data, retold in lostprint's own words.

The published outcomes stop at 09A. Outcomes 10A-49A are lostprint's design (house=True): each one
follows the story of the encounter choice that leads to it, and costs or pays about as much as the
published outcomes do (one or two points of a resource, a die of food, a fever, a Crow), so that every
choice in every encounter leads somewhere and none is a trap or a gift.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from lostprint.games.lost_crows import Effect
from lostprint.games.model import HOUSE_MARK

PLOT_LETTERS = "ABCDE"
VISION_TERRAINS = ("plains", "forest", "mountains")


@dataclass(frozen=True)
class Choice:
    """One way out of an encounter: what you decide (or the condition that applies), and where it leads."""

    text: str
    outcome: str  # an Outcome code, "10A"


@dataclass(frozen=True)
class Encounter:
    code: str  # "A2": plot letter and the 1d6 roll
    title: str
    text: str  # the scene, retold
    choices: tuple[Choice, ...] = ()
    new_victory: bool = False  # one of its choices offers a new victory condition

    @property
    def letter(self) -> str:
        return self.code[0]

    @property
    def roll(self) -> int:
        return int(self.code[1:])


@dataclass(frozen=True)
class Test:
    """Roll the plot die and add a resource: `target` or more passes."""

    stat: str
    target: int
    passed: tuple[Effect, ...] = ()
    failed: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Victory:
    """A new victory condition. gold: `word` in `entries` journal entries wins on reaching plot
    `letter` (no roll there). fort: entering Fort Benton, a Test wins (fails: back where you came
    from). mountie: enter `terrain` within `turns` turns, then Canada wins with plots left, +`bonus`
    points; missed, `missed` applies."""

    kind: str
    word: str = ""
    entries: int = 0
    letter: str = ""
    test: Test | None = None
    turns: int = 0
    terrain: str = ""
    bonus: int = 0
    missed: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Outcome:
    code: str  # "01A"
    title: str
    text: str  # what happens, retold or (house) written for lostprint
    effect: str  # the game effect, one line ("" = none)
    house: bool = False
    keyword: str = ""  # a word to write in the journal, read by later outcomes
    new_victory: bool = False
    effects: tuple[Effect, ...] = ()  # typed, in order
    test: Test | None = None
    victory: Victory | None = None
    ruling: str = ""  # a Ruling key when lostprint reads the outcome's wording one way

    @property
    def dice(self) -> int:
        """How many plot dice the outcome rolls."""
        return sum(e.op == "add-die" for e in self.effects) + (self.test is not None)


@dataclass(frozen=True)
class Power:
    """What a vision does, typed. Fields left at their defaults do nothing."""

    river_gain: tuple[str, int] | None = None  # each river crossed: gain
    river_free: bool = False
    reroll_in: str = ""  # terrain where one die may be rerolled in Phase 1
    storm_swap: bool = False  # a storm: lose 1 of any primary instead
    storm_immune: bool = False
    permanent_six: str = ""  # the unit whose top box holds a 6; one die may be discarded
    reset_caps: int = 0  # every maximum returns to this...
    now: tuple[Effect, ...] = ()  # ...then these apply at once
    tribe_negative: tuple[Effect, ...] = ()  # when the Tribe's difference is negative
    move_cost: tuple[str, int] | None = None  # a terrain's new Movement cost
    ghost_mountain: int = 0  # draw a far Mountain; entering it sets every primary to this
    storm_dancers: str = ""  # Spirit Dancers gone; one change a turn in this terrain
    shaman_immune: bool = False
    portents: bool = False  # choose the Bad Omen's tens and ones; doubles pass


@dataclass(frozen=True)
class Vision:
    terrain: str  # plains | forest | mountains
    roll: int
    name: str
    effect: str
    power: Power = Power()
    ruling: str = ""  # a Ruling key when lostprint reads an unclear vision


SUNSET = ("The whole tribe falls silent as the sun goes down in a blaze of colour the Creator seems to "
          "have painted for you alone. It is a gentle end to a hard day.")

ENCOUNTERS = (
    # --- Hex A ------------------------------------------------------------------------------------
    Encounter("A1", "Perfect Sunset",
              SUNSET + " The last light flashes on the brass of your Henry rifle, and you pray "
              "quietly that you will never need to fire it."),
    Encounter("A2", "Challenge to the Chief",
              "Your sister's son, who has been listening to the Sioux, stands up at the fire and "
              "claims the right to lead the tribe in your place.",
              (Choice("Ignore his challenge", "10A"), Choice("Accept it and face him", "40A"))),
    Encounter("A3", "Wagons East",
              "A handful of wagons rolls east across your path. The travellers are Christians, and "
              "a British flag flies over the lead wagon.",
              (Choice("Let them pass", "11A"), Choice("Ride out to greet them in peace", "23A"),
               Choice("Order your warriors to kill them all", "31A"))),
    Encounter("A4", "Toxic Lake",
              "The lake here is warm and stinks of sulphur. Dead fish by the hundred float on it and "
              "lie rotting along the shore.",
              (Choice("Leave the lake alone", "17A"), Choice("Gather every fish that can still be eaten", "04A"))),
    Encounter("A5", "Thick Fog",
              "As if the day had not been hard enough, a thick fog creeps over the camp until you "
              "cannot see the next tipi.",
              (Choice("Stay in camp for the night", "33A"), Choice("Strike camp at once and try to outrun it", "18A"))),
    Encounter("A6", "Farm on Fire",
              "Smoke on the horizon leads you to an American homestead burning to the ground while "
              "its family runs about with buckets.",
              (Choice("Help the settlers", "29A"), Choice("Plunder what the fire has not taken", "47A"),
               Choice("Ride on", "03A"))),
    # --- Hex B ------------------------------------------------------------------------------------
    Encounter("B1", "Perfect Sunset", SUNSET),
    Encounter("B2", "Trading Post",
              "A log store with a flagpole stands by the trail: surely a trading post that supplies "
              "Fort Benton.",
              (Choice("Parley and trade", "07A"), Choice("Attack the post", "30A"), Choice("Pass it by", "48A"))),
    Encounter("B3", "Dead Blackfeet",
              "You find a Blackfoot scouting party dead in the grass. They wear cavalry blue; someone "
              "from another tribe has stabbed and scalped them.",
              (Choice("Leave the turncoats to the vultures", "11A"),
               Choice("Have the tribe burn them on a proper pyre", "37A"))),
    Encounter("B4", "Spirit Bear",
              "A white spirit bear, rarest of animals, wades across the headwaters looking for food. "
              "It is not afraid of you and walks straight towards your Shaman.",
              (Choice("Attack it", "25A"), Choice("Shout and bang pots so it knows you are there", "15A"),
               Choice("Keep still and watch in wonder", "35A"))),
    Encounter("B5", "Golden Spring",
              "While you camp at the headwaters, some of your people find a trail of gold flakes "
              "glittering in the stream bed.",
              (Choice("Stay a day to pan for gold", "02A"), Choice("Leave it where it lies", "17A"))),
    Encounter("B6", "Mining Camp",
              "Looking for a safe place to camp, your scouts stumble on a small American mine in the "
              "hills beside a river.",
              (Choice("Attack the camp", "41A"), Choice("Greet the miners in peace", "19A"),
               Choice("Keep away from it", "48A"))),
    # --- Hex C ------------------------------------------------------------------------------------
    Encounter("C1", "Perfect Sunset", SUNSET),
    Encounter("C2", "Pristine Lake Source",
              "You reach the birthplace of the Great River: a vast, clear lake fed by the glaciers.",
              (Choice("Make camp on the shore", "43A"), Choice("Search for a position that is easier to defend", "16A"))),
    Encounter("C3", "Hot Springs Source",
              "Here the Great River rises from a chain of steaming springs. The Shaman asks the whole "
              "tribe to bathe in them.",
              (Choice("Do as the Shaman asks", "05A"), Choice("Forbid the bathing", "39A"))),
    Encounter("C4", "Sioux Raiders",
              "In the dead of night Sioux horsemen storm through the camp, whooping and slashing at "
              "anyone in reach, warrior or child.",
              (Choice("Fight back to protect your people", "34A"), Choice("Try to talk them down", "21A"))),
    Encounter("C5", "Red Moon Tribe",
              "A large cavalry scouting party is attacking the Red Moon, one of the oldest tribes in "
              "the land, who have always kept to themselves and never parley with anyone.",
              (Choice("Send your warriors into the fight", "28A"),
               Choice("Slip past unseen while the soldiers are busy", "09A"))),
    Encounter("C6", "Abandoned Cabin",
              "Far from anywhere stands a lonely cabin, almost like new, with no one in sight.",
              (Choice("Search it", "08A"), Choice("Leave it alone", "17A"))),
    # --- Hex D ------------------------------------------------------------------------------------
    Encounter("D1", "Perfect Sunset", SUNSET),
    Encounter("D2", "Narrow Gorge",
              "Deep in a long, narrow gorge the trickle at your feet starts to rise. Within the hour "
              "it is a roaring knee-deep torrent, and children are being swept off their feet.",
              (Choice("Lead everyone back out the way you came", "42A"),
               Choice("Order everyone to cling to the walls and climb", "14A"))),
    Encounter("D3", "Ominous Dream",
              "You and the Shaman wake from the same nightmare: crows falling dead out of the "
              "northern sky.",
              (Choice("Turn the tribe south", "27A"), Choice("Put the dream out of your mind", "01A"))),
    Encounter("D4", "Ambush!",
              "Cavalry pour over the ridge, firing rifles and pistols into the tipis.",
              (Choice("If your Resolve is above 3", "22A"), Choice("If your Resolve is 3 or less", "45A"))),
    Encounter("D5", "Buffalo Massacre",
              "For miles ahead lie freshly killed buffalo: the Red Hooves herd, named for the red "
              "clay they love to wallow in. The cavalry seems to have shot every last one.",
              (Choice("Butcher all the meat you can carry", "38A"),
               Choice("Have the Shaman bless the land and let the herd rest", "06A"))),
    Encounter("D6", "Raze Fort Benton",
              "Your scouts bring news: most of the Fort Benton garrison is forty miles off, hunting "
              "for you in the wrong direction, and only a few poor soldiers hold the fort. One bold "
              "strike could win a victory great enough to force the Americans into a truce that "
              "would protect every tribe in the region.",
              (Choice("Take the new victory condition and attack the fort", "12A"), Choice("Let the chance go", "17A")),
              new_victory=True),
    # --- Hex E ------------------------------------------------------------------------------------
    Encounter("E1", "Perfect Sunset", SUNSET),
    Encounter("E2", "Missing Mountie",
              "On the American bank of the river a few red-coated Mounties are searching for one of "
              "their own. They may stay on American soil for one day only, and they offer you "
              "protection in Canada if you bring their comrade back.",
              (Choice("Take the new victory condition and accept their terms", "44A"), Choice("Refuse", "17A")),
              new_victory=True),
    Encounter("E3", "Rattlesnake",
              "You had dreamed of it and paid no heed, and at dawn a rattlesnake strikes your leg.",
              (Choice("Let the Shaman treat the bite", "26A"),
               Choice("Let a woman of the tribe who knows the white man's medicine treat it", "49A"))),
    Encounter("E4", "Highland Twister",
              "Green and purple clouds boil overhead, the air turns suddenly cold, and grey fingers "
              "of cloud reach down towards the ground.",
              (Choice("Lead the tribe to the high river banks", "24A"),
               Choice("Lead the tribe back to the rocky bluffs a few miles behind", "46A"))),
    Encounter("E5", "Earthen Mounds",
              "You come upon mounds raised by a people thousands of years older than yours. Since "
              "your grandfather's boyhood the elders have argued whether such mounds were temples, "
              "houses or tombs; now you see them with your own eyes.",
              (Choice("Explore the mounds", "13A"), Choice("Go around them", "36A"))),
    Encounter("E6", "Rope Bridge",
              "An old but sturdy-looking rope bridge spans the river to the north. While the council "
              "argues about it, an impatient warrior walks his horse across and waits on the far side.",
              (Choice("Order the tribe to cross, slowly and carefully", "20A"),
               Choice("Call the warrior back: the bridge is too convenient", "32A"))),
)

GOLD_RULE = ("From now on, when you reach hex E, do not roll. If GOLD is written in at least three "
             f"journal entries (those written at plot hexes {HOUSE_MARK}) by then, neutral frontiersmen on "
             "the near bank take you to the Canadian outpost in exchange for the gold: you win. "
             f"{HOUSE_MARK} With fewer, E counts as visited.")

OUTCOMES = (
    # --- the published outcomes, retold ------------------------------------------------------------
    Outcome("01A", "Only a Dream",
            "A chief who feared every dream would never leave his blankets. You shrug it off and keep "
            "heading north.", ""),
    Outcome("02A", "Gold",
            "Gold matters more to the Whites than life itself, and you see at once that it can buy "
            "your way into Canada.",
            "Movement Progress drops to 0 and you cannot leave this hex next turn. New victory "
            "condition: " + GOLD_RULE, keyword="GOLD", new_victory=True, ruling="gold-entries"),
    Outcome("03A", "Not Our Fire",
            "What happens to the settlers is between them and the Creator. You leave the flames "
            "behind you.", ""),
    Outcome("04A", "Poisoned Bounty",
            "It would be an insult to refuse what the Creator provides. The fish feed many, but the "
            "weakest of your people fall sick.", "Gain 1d6 Food. The Shaman takes a Fever."),
    Outcome("05A", "Healing Waters",
            "The warm water soothes body and spirit alike.", "Gain 1 Resolve."),
    Outcome("06A", "Rest for the Herd",
            "No one should profit from such a crime. The Shaman performs the ritual while the tribe "
            "goes hungry.", "Lose 1 Resolve."),
    Outcome("07A", "Fair Trade",
            "The traders deal honestly and hand over two loads of food. Soon after you leave, a "
            "cavalry scout appears on the skyline, following your trail.", "Gain 2 Food. Lose 1 Proximity."),
    Outcome("08A", "Booby Trap",
            "A charge of dynamite rigged inside the cabin explodes, wounding everyone near the door. "
            "Too late you understand that the cavalry left it there for you.",
            f"Lose 1 Resolve. The Shaman takes a Fever, which costs 1 Resolve more {HOUSE_MARK}.",
            ruling="booby-trap-fever"),
    Outcome("09A", "Under Cover of Battle",
            "With every soldier busy with the Red Moon, nobody notices your tribe slipping by.",
            "Gain 1d6 Movement Progress."),
    # --- lostprint's outcomes (house rules) --------------------------------------------------------
    Outcome("10A", "The Unanswered Challenge",
            "You refuse to dignify the boy with an answer. Some of the young men take your silence "
            "for fear, and three families leave with him that night.",
            "Lose 1 Resolve. Write NEPHEW in your journal.", house=True, keyword="NEPHEW"),
    Outcome("11A", "Let Them Be",
            "You leave the strangers to their own road and their own fate; the tribe has troubles "
            "enough. The day's march goes on as before.", "", house=True),
    Outcome("12A", "War on the Fort",
            "You send runners to every band within a day's ride: the fort will burn. Write FORT in "
            "your journal.",
            "New victory condition: Fort Benton is no longer impassable for you. Taking it wins the "
            "game without the remaining plot hexes; reaching Canada still wins as before. When you "
            "enter it, roll 1d6 and add your Resolve: 8 or more and the fort falls, you win; less, "
            "lose 2 Resolve and 1 Proximity and move back to the hex you came from; you may try again "
            "on a later turn.", house=True, keyword="FORT", new_victory=True),
    Outcome("13A", "What the Mounds Hold",
            "Inside the largest mound the Shaman finds painted bones and a pipe of red stone. He says "
            "the old ones are pleased to be remembered.",
            "Colour a Crow. If NEPHEW is in your journal, the families who left come back: gain 1 "
            "Resolve as well.", house=True),
    Outcome("14A", "Up the Walls",
            "Hand over hand the tribe climbs out of the flood. Nobody drowns, but packs of meat are "
            "torn away by the water and the climb takes the rest of the day.",
            "Lose 1 Food and 1 Movement Progress.", house=True),
    Outcome("15A", "The Bear Turns Away",
            "At the noise the bear stops, sniffs the air and lumbers back into the trees. The "
            "children are disappointed; the Shaman is relieved.", "", house=True),
    Outcome("16A", "The Ridge Camp",
            "You climb to a rocky ridge above the lake. It is a cold, hungry night, but from up here "
            "your scouts spot a cavalry patrol long before it could spot you.",
            "Lose 1 Food. Gain 1 Proximity.", house=True),
    Outcome("17A", "The Road North",
            "You decide it is none of your business and press on. Whatever might have come of it "
            "stays behind you.", "", house=True),
    Outcome("18A", "Into the Fog",
            "You march blind through the night. By dawn the fog has thinned and you are further "
            "along than you dared hope, but everyone is worn out.",
            "Gain 2 Movement Progress. Lose 1 Resolve.", house=True),
    Outcome("19A", "Coffee and Flour",
            "The miners are nervous but not hostile; they trade a sack of flour for fresh meat and "
            "show you a quiet trail around the fort. One of them talks too much in town later.",
            "Gain 1 Food and 1 Movement Progress. Lose 1 Proximity.", house=True),
    Outcome("20A", "The Crossing",
            "One at a time, leading the horses, the whole tribe crosses. The bridge groans but holds, "
            "and on the far bank the warrior is grinning.",
            "Gain 2 Movement Progress. If your next move crosses the river here, it costs nothing extra.",
            house=True),
    Outcome("21A", "Words in the Dark",
            "You stand in the firelight with empty hands and call out the name of the Sioux chief. "
            "The raiders rein in. If PYRE is in your journal, they have heard how you honoured the "
            "dead and ride off in peace; otherwise they take what they came for.",
            "With PYRE in your journal: gain 1 Resolve. Otherwise: lose 2 Food.", house=True),
    Outcome("22A", "Stand Firm",
            "Your warriors do not break. They fire back from behind the tipis and drive the troopers "
            "over the ridge, but the whole army now knows where you are.",
            "Lose 1 Proximity. Colour a Crow.", house=True),
    Outcome("23A", "Friends on the Trail",
            "The travellers are frightened at first, then grateful. They share bread and coffee and "
            "promise to tell the soldiers they saw you heading west.",
            "Gain 1 Proximity and 1 Food. Write FRIENDS in your journal.", house=True, keyword="FRIENDS"),
    Outcome("24A", "The High Banks",
            "The twister passes close enough to tear the tipis from their poles, then drops into the "
            "river valley behind you. The banks held; your belongings did not.",
            "Lose 1 Food and reduce your maximum Food by 1. With BEAR in your journal, the spirit "
            "bear watches over your stores: ignore both.", house=True),
    Outcome("25A", "Blood on the Snow",
            "Your hunters bring the bear down, but the Shaman weeps: a spirit bear is a messenger, "
            "not meat. The tribe eats well and sleeps badly.",
            "Gain 2 Food. Lose 2 Resolve. You cannot colour a Crow until the end of your next turn.",
            house=True),
    Outcome("26A", "The Shaman's Cure",
            "The Shaman cuts, draws out the poison and chants over you for a day and a night. You "
            "wake weak but clear-headed, with a vision still in your eyes.",
            "You cannot move next turn. Colour a Crow.", house=True),
    Outcome("27A", "Heeding the Dream",
            "You turn south, away from the falling crows. The detour costs days, but the Shaman "
            "says the danger has passed you by.",
            "Lose 2 Movement Progress. Ignore the next Bad Omen you would roll.", house=True),
    Outcome("28A", "Brothers in Battle",
            "Your warriors crash into the soldiers' flank and the cavalry scatter. The Red Moon "
            "elders will not speak to you, but they leave meat at the edge of your camp.",
            "Lose 1 Resolve. Gain 2 Food and 1 Proximity.", house=True),
    Outcome("29A", "Buckets from the River",
            "Your people form a chain to the creek and save the house, if not the barn. The settlers "
            "cannot find the words, but their son rides off to mislead the patrols.",
            "Gain 2 Proximity. Lose 1 Movement Progress. Write FRIENDS in your journal.", house=True,
            keyword="FRIENDS"),
    Outcome("30A", "Raid on the Post",
            "The clerks flee without a fight and your people carry off sacks of flour and salt pork. "
            "By nightfall the fort has heard of it.",
            "Gain 3 Food. Lose 2 Proximity. Write BLOOD in your journal.", house=True, keyword="BLOOD"),
    Outcome("31A", "Massacre",
            "It is over quickly and it will never be over. Some of your own people cannot look at "
            "you, and the cavalry now have every reason to hunt you down.",
            "Gain 2 Food. Lose 2 Resolve and 2 Proximity. Write BLOOD in your journal.", house=True,
            keyword="BLOOD"),
    Outcome("32A", "Too Convenient",
            "The warrior grumbles back across. At dusk you see why you were right: soldiers are "
            "waiting in the trees on the far bank. You find another way.",
            "Lose 1 Movement Progress. Gain 1 Resolve.", house=True),
    Outcome("33A", "Waiting Out the Fog",
            "You double the sentries and wait. The fog hides you as well as it hides them, and by "
            "morning it has burned away.", "Gain 1 Proximity. Lose 1 Food.", house=True),
    Outcome("34A", "Blood for Blood",
            "Your warriors drive the raiders off, but not before they have taken lives. At dawn the "
            "tribe buries its dead and the survivors look to you with hard eyes.",
            "Lose 1 Resolve and 1 Food. Colour a Crow.", house=True),
    Outcome("35A", "The Spirit Bear's Blessing",
            "The bear stops before the Shaman, breathes on his hands and walks away. Nobody speaks "
            "for a long time.", "Colour a Crow and gain 1 Resolve. Write BEAR in your journal.", house=True,
            keyword="BEAR"),
    Outcome("36A", "Leave the Old Ones Sleeping",
            "You give the mounds a wide berth. The detour is long, but the elders approve.",
            "Lose 1 Movement Progress. Gain 1 Resolve.", house=True),
    Outcome("37A", "The Pyre",
            "Whatever these men did, they were people of the plains. The smoke of their pyre rises "
            "straight up into a windless sky, and other tribes see it.",
            "Lose 1 Movement Progress. Gain 1 Resolve. Write PYRE in your journal.", house=True,
            keyword="PYRE"),
    Outcome("38A", "Meat for the Winter",
            "Your people work through the day cutting and drying meat. The Shaman refuses to touch "
            "it, and vultures circle over the red field.",
            "Gain 1d6 Food. Lose 1 Resolve. You cannot move next turn.", house=True),
    Outcome("39A", "Cold Water Only",
            "The Shaman sulks and the tribe grumbles, but no one falls ill in the strange warm "
            "water.", "Lose 1 Resolve.", house=True),
    Outcome("40A", "The Challenge Answered",
            "You face your nephew before the whole tribe. Roll 1d6 and add your Resolve.",
            "7 or more: he yields and his friends follow you gladly; gain 2 Resolve. Less: you win "
            "only after a long and bloody fight; lose 1 Resolve and 1 Food.", house=True),
    Outcome("41A", "Attack on the Mine",
            "The miners fire a few shots and run. You take their stores, but their dynamite and "
            "their story both reach the fort.",
            "Gain 2 Food. Lose 2 Proximity. Write BLOOD in your journal.", house=True, keyword="BLOOD"),
    Outcome("42A", "Back Out of the Gorge",
            "You turn everyone round and wade back against the rising water. Everyone gets out, "
            "soaked and shaken, a day's march behind.",
            "Lose all your Movement Progress.", house=True),
    Outcome("43A", "The Lake Shore",
            "The lake gives fish and the shore gives rest, and for once the tribe sleeps well. In the "
            "morning you see hoofprints at the water's edge.", "Gain 2 Food. Lose 1 Proximity.",
            house=True),
    Outcome("44A", "The Mounties' Bargain",
            "You promise to find their man. The sergeant gives you a token for the border post. "
            "Write MOUNTIE in your journal.",
            "New victory condition: before the end of your third turn from now, enter any Mountains "
            "hex to find the lost Mountie. If you do, you win by entering Canada even if plot hexes "
            "remain unvisited, and score 5 bonus points. If you do not, lose 2 Resolve and play on "
            "for the usual victory.", house=True, keyword="MOUNTIE", new_victory=True),
    Outcome("45A", "Scattered",
            "The tribe breaks and runs in every direction. It takes a day to gather everyone again, "
            "and not everyone comes back.",
            "Lose 1 Resolve, 1 Food and 1 Proximity. If BLOOD is in your journal, lose 1 more "
            "Proximity: the soldiers came for revenge.", house=True),
    Outcome("46A", "Shelter in the Bluffs",
            "You hurry back to the rocks and wait out the storm in a cave. The twister passes without "
            "touching you, but you have lost ground.", "Lose 2 Movement Progress.", house=True),
    Outcome("47A", "Plunder",
            "While the family fights the fire, your people carry off their smokehouse. The settlers "
            "will tell the army exactly who did it.",
            "Gain 2 Food. Lose 1 Proximity and 1 Resolve. Write BLOOD in your journal.", house=True,
            keyword="BLOOD"),
    Outcome("48A", "Giving It a Wide Berth",
            "You lead the tribe around the place by the long way, out of sight of its windows.",
            "Lose 1 Movement Progress.", house=True),
    Outcome("49A", "White Man's Medicine",
            "She cuts the wound, packs it with a poultice and makes you drink something bitter. You "
            "can walk by noon. The Shaman is insulted.",
            "Lose 1 Resolve. If FRIENDS is in your journal, she learned it from settlers you helped: "
            "gain 1 Resolve instead.", house=True),
)

def _add(key: str, n: int, **kw) -> Effect:
    return Effect("add", key, n, **kw)


FEVER = Effect("fever")
CROW = Effect("crow")

OUTCOME_EFFECTS = {
    "02A": (Effect("set", "movement", 0), Effect("flag", "halt-next")),
    "04A": (Effect("add-die", "food", 1), FEVER),
    "05A": (_add("resolve", 1),),
    "06A": (_add("resolve", -1),),
    "07A": (_add("food", 2), _add("proximity", -1)),
    "08A": (_add("resolve", -1), FEVER),
    "09A": (Effect("add-die", "movement", 1),),
    "10A": (_add("resolve", -1),),
    "13A": (CROW, _add("resolve", 1, when="NEPHEW")),
    "14A": (_add("food", -1), _add("movement", -1)),
    "16A": (_add("food", -1), _add("proximity", 1)),
    "18A": (_add("movement", 2), _add("resolve", -1)),
    "19A": (_add("food", 1), _add("movement", 1), _add("proximity", -1)),
    "20A": (_add("movement", 2), Effect("flag", "free-river")),
    "21A": (_add("resolve", 1, when="PYRE"), _add("food", -2, unless="PYRE")),
    "22A": (_add("proximity", -1), CROW),
    "23A": (_add("proximity", 1), _add("food", 1)),
    "24A": (_add("food", -1, unless="BEAR"), Effect("cap", "food", -1, unless="BEAR")),
    "25A": (_add("food", 2), _add("resolve", -2), Effect("flag", "no-crow-next")),
    "26A": (Effect("flag", "halt-next"), CROW),
    "27A": (_add("movement", -2), Effect("flag", "skip-omen")),
    "28A": (_add("resolve", -1), _add("food", 2), _add("proximity", 1)),
    "29A": (_add("proximity", 2), _add("movement", -1)),
    "30A": (_add("food", 3), _add("proximity", -2)),
    "31A": (_add("food", 2), _add("resolve", -2), _add("proximity", -2)),
    "32A": (_add("movement", -1), _add("resolve", 1)),
    "33A": (_add("proximity", 1), _add("food", -1)),
    "34A": (_add("resolve", -1), _add("food", -1), CROW),
    "35A": (CROW, _add("resolve", 1)),
    "36A": (_add("movement", -1), _add("resolve", 1)),
    "37A": (_add("movement", -1), _add("resolve", 1)),
    "38A": (Effect("add-die", "food", 1), _add("resolve", -1), Effect("flag", "halt-next")),
    "39A": (_add("resolve", -1),),
    "41A": (_add("food", 2), _add("proximity", -2)),
    "42A": (Effect("set", "movement", 0),),
    "43A": (_add("food", 2), _add("proximity", -1)),
    "45A": (_add("resolve", -1), _add("food", -1), _add("proximity", -1), _add("proximity", -1, when="BLOOD")),
    "46A": (_add("movement", -2),),
    "47A": (_add("food", 2), _add("proximity", -1), _add("resolve", -1)),
    "48A": (_add("movement", -1),),
    "49A": (_add("resolve", 1, when="FRIENDS"), _add("resolve", -1, unless="FRIENDS")),
}
OUTCOME_TESTS = {
    "40A": Test("resolve", 7, passed=(_add("resolve", 2),), failed=(_add("resolve", -1), _add("food", -1))),
}
# Encounters decided by a resource, not a choice: code -> (resource, the first choice needs more than this)
CONDITIONS = {"D4": ("resolve", 3)}
VICTORIES = {
    "02A": Victory("gold", word="GOLD", entries=3, letter="E"),
    "12A": Victory("fort", test=Test("resolve", 8, failed=(_add("resolve", -2), _add("proximity", -1)))),
    "44A": Victory("mountie", turns=3, terrain="mountains", bonus=5, missed=(_add("resolve", -2),)),
}
OUTCOMES = tuple(replace(o, effects=OUTCOME_EFFECTS.get(o.code, ()), test=OUTCOME_TESTS.get(o.code),
                         victory=VICTORIES.get(o.code)) for o in OUTCOMES)

HOUSE_REASON = ("The published outcomes stop at 09A; this one follows the story of the choice that "
                "leads to it, at about the weight of the published outcomes.")

VISIONS = (
    Vision("plains", 1, "River Spirits", "Gain 2 Resolve every time your tribe crosses a river."),
    Vision("plains", 2, "Bison Herd", "Set Food, and your maximum Food, to 6 at once."),
    Vision("plains", 3, "Waterwalkers", "Rivers cost nothing extra to cross from now on."),
    Vision("plains", 4, "Windriders", "While you are in the Plains you may reroll one die."),
    Vision("plains", 5, "Big Sky Blessing",
           "When a storm result strikes, you may lose 1 of any one primary resource instead of "
           "suffering the storm."),
    Vision("plains", 6, "Woman Warchief",
           "Write a permanent 6 in the Chief's top die box. At any time in Phase 1 you may discard "
           "one die after rolling it."),
    Vision("forest", 1, "Stormwalkers", "No result with Storm in its name can harm you."),
    Vision("forest", 2, "Bear Tribe Treaty",
           "Every maximum (Movement included) returns to 6; then add 2 to each of those resources."),
    Vision("forest", 3, "Night Thieves", "Gain 1 Food whenever your Tribe's dice give a negative result."),
    Vision("forest", 4, "Forest Fire", "Set Proximity to 6 at once and gain 1 Resolve."),
    Vision("forest", 5, "Feather Scouts", "Entering a Forest costs only 1 Movement."),
    Vision("forest", 6, "Pipe Carriers",
           f"Write a permanent 6 in the Warriors' top die box {HOUSE_MARK}. At any time in Phase 1 you may "
           "discard one die after rolling it."),
    Vision("mountains", 1, "Ghost Mountain",
           "Draw a Mountain in any blank hex not next to you. The first time you enter it "
           f"{HOUSE_MARK}, set every primary resource to 5."),
    Vision("mountains", 2, "Spirit of the Goat", "Entering Mountains costs only 1 Movement from now on."),
    Vision("mountains", 3, "Storm Dancers",
           "Cross out your Spirit Dancers. Instead, once per turn while you are in the Mountains, "
           "you may change one Phase 1 die to any face."),
    Vision("mountains", 4, "Sacred Spring", "Wounds, fevers and Bad Omens no longer touch your Shaman."),
    Vision("mountains", 5, "Future Portents",
           "Roll both Bad Omen dice together and then decide which is tens and which is ones. "
           "Doubles mean the omen passes you by."),
    Vision("mountains", 6, "Elder",
           "Write a permanent 6 in the Shaman's top die box. At any time in Phase 1 you may discard "
           "one die after rolling it."),
)

POWERS = {
    ('plains', 1): Power(river_gain=("resolve", 2)),
    ('plains', 2): Power(now=(Effect("set-cap", "food", 6), Effect("set", "food", 6))),
    ('plains', 3): Power(river_free=True),
    ('plains', 4): Power(reroll_in="plains"),
    ('plains', 5): Power(storm_swap=True),
    ('plains', 6): Power(permanent_six="chief"),
    ('forest', 1): Power(storm_immune=True),
    ('forest', 2): Power(reset_caps=6, now=tuple(Effect("add", k, 2) for k in ("food", "resolve", "proximity", "movement"))),
    ('forest', 3): Power(tribe_negative=(Effect("add", "food", 1),)),
    ('forest', 4): Power(now=(Effect("set", "proximity", 6), Effect("add", "resolve", 1))),
    ('forest', 5): Power(move_cost=("forest", 1)),
    ('forest', 6): Power(permanent_six="warriors"),
    ('mountains', 1): Power(ghost_mountain=5),
    ('mountains', 2): Power(move_cost=("mountains", 1)),
    ('mountains', 3): Power(storm_dancers="mountains"),
    ('mountains', 4): Power(shaman_immune=True),
    ('mountains', 5): Power(portents=True),
    ('mountains', 6): Power(permanent_six="shaman"),
}
VISION_RULINGS = {("forest", 6): "pipe-carriers", ("mountains", 1): "ghost-mountain"}
VISIONS = tuple(replace(v, power=POWERS[(v.terrain, v.roll)], ruling=VISION_RULINGS.get((v.terrain, v.roll), ""))
                for v in VISIONS)

KEYWORDS = tuple(sorted({o.keyword for o in OUTCOMES if o.keyword}))


def encounter(code: str) -> Encounter:
    for e in ENCOUNTERS:
        if e.code == code.upper():
            return e
    raise KeyError(code)


def outcome(code: str) -> Outcome:
    code = code.upper()
    if re.fullmatch(r"\d[A-Z]", code):
        code = "0" + code
    for o in OUTCOMES:
        if o.code == code:
            return o
    raise KeyError(code)


def visions(terrain: str) -> tuple[Vision, ...]:
    return tuple(v for v in VISIONS if v.terrain == terrain)


def problems() -> list[str]:
    """Every way the plot data could be broken; empty when every choice leads to an outcome and
    every outcome is reached."""
    out = []
    codes = [o.code for o in OUTCOMES]
    if codes != [f"{n:02d}A" for n in range(1, 50)]:
        out.append("outcomes are not exactly 01A-49A in order")
    wanted = [f"{letter}{n}" for letter in PLOT_LETTERS for n in range(1, 7)]
    if [e.code for e in ENCOUNTERS] != wanted:
        out.append("encounters are not exactly A1-E6 in order")
    reached = set()
    for e in ENCOUNTERS:
        for c in e.choices:
            if c.outcome not in codes:
                out.append(f"{e.code}: choice {c.text!r} leads to unknown outcome {c.outcome}")
            reached.add(c.outcome)
        if e.new_victory and not any(outcome(c.outcome).new_victory for c in e.choices if c.outcome in codes):
            out.append(f"{e.code}: offers a new victory condition that none of its outcomes gives")
    for code in codes:
        if code not in reached:
            out.append(f"outcome {code} is never reached")
    for o in OUTCOMES:
        if o.house != (int(o.code[:2]) >= 10):
            out.append(f"{o.code}: only 10A-49A are house rules")
        for word in re.findall(r"\b([A-Z]{4,})\b (?:is )?in your journal", o.text + " " + o.effect):
            if word not in KEYWORDS:
                out.append(f"{o.code}: reads keyword {word} that no outcome gives")
    for t in VISION_TERRAINS:
        if [v.roll for v in visions(t)] != list(range(1, 7)):
            out.append(f"visions of {t} are not 1-6")
    return out
