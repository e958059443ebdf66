"""Make the example saves in this folder: each game is played honestly by a seeded player
(lostprint.players), which rolls every die through the rules engine and records its `rolls:`; the
journal text (JOURNALS, at the end) is written by hand, day by day, for the days the game really had.
The Crows record (crows-3p.yaml) is written by hand and is not made here.

    python examples/make_examples.py                  # rewrite examples/1572-*.yaml, 1672-*, 1872-*
    python examples/make_examples.py 1872             # one of them
    python examples/make_examples.py --into DIR       # write them into DIR instead (tests compare)
    python examples/make_examples.py log 1572         # the game's days and rolls, to write a journal from
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

EXAMPLES = {
    # number: (file stem, seed, title, player)
    "1572": ("1572-the-delta-by-grace", 126, "By Grace to the Delta", "Brother Tomás de Alcalá"),
    "1672": ("1672-the-salt-road-home", 232, "The Salt Road Home", "Marguerite Okafor"),
    "1872": ("1872-the-long-way-north", 0, "The Long Way North", "Aiyana Runs-With-Crows"),
}
MODULES = {"1572": "lost_expedition", "1672": "lost_crew", "1872": "lost_crows"}


def journals(number: str) -> dict[int, str]:
    return JOURNALS.get(number, {})


def make(number: str, into: Path = HERE) -> Path:
    import importlib

    simulate = importlib.import_module(f"lostprint.players.{MODULES[number]}")
    from lostprint.saves.emit import to_yaml
    from lostprint.saves.validate import replay_data

    stem, seed, title, player = EXAMPLES[number]
    data = getattr(simulate, f"simulate_{number}")(seed)
    data = {k: v for k, v in data.items() if v is not None}
    data["title"], data["player"] = title, player
    text = journals(number)
    stray = sorted(set(text) - {day["day"] for day in data["days"]})
    assert not stray, f"{number}: journal entries for days the game does not have: {stray}"
    for day in data["days"]:
        day.pop("log", None)
        if day["day"] in text:
            day["journal"] = text[day["day"]]
    result = data.pop("outcome", None)
    problems, played = replay_data(data, stem)
    assert not problems, problems
    if result:
        data["outcome"] = {"result": result["result"], "score": played.total}
    Path(into).mkdir(parents=True, exist_ok=True)
    path = Path(into) / f"{stem}.yaml"
    path.write_text(to_yaml(data, f"{number}: played by lostprint.players (seed {seed}); "
                                  "journal written by hand.\nRender it: lostprint render " + path.name),
                    encoding="utf-8")
    return path


def logs(number: str) -> None:
    """Print the simulated game's roll log, day by day: the notes a journal is written from."""
    import importlib

    simulate = importlib.import_module(f"lostprint.players.{MODULES[number]}")

    _, seed, _, _ = EXAMPLES[number]
    data = getattr(simulate, f"simulate_{number}")(seed)
    for day in data["days"]:
        print(day["day"], {k: v for k, v in day.items() if k not in ("log", "day")})
        if "log" in day:
            print("   ", "; ".join(day["log"]))


JOURNALS: dict[str, dict[int, str]] = {}

JOURNALS["1572"] = {
    1: "We came down from the high pass at first light, eleven days after the ambush that took our ships and "
       "our captain. Before we had gone a league, people of the valley met us with maize cakes and led us to a "
       "ledge where the whole cordillera falls away into green mist. Don Rodrigo, who has not prayed since "
       "Seville, took off his helmet. I have named the place Mirador de la Gracia. By evening we stood on the "
       "mountain shoulder the map calls B2, where a thread of water begins its long road to the sea.",
    2: "Rain all day. We did not move. Our hunters brought down two mountain deer, so for once no one "
       "grumbled at supper, but the men are restless when they sit still; Hernán says idleness is a slower "
       "kind of drowning.",
    3: "A good march along the young river. The stream is no wider than a cart track here and cold as a "
       "blade. We lost an hour casting about for a ford that was never there. Camped on the second mountain "
       "shoulder, C2, with the river loud below us.",
    4: "From the ridge I sketched a wide grassland to the south-east, and a hunter's path winds down toward "
       "it. A second village sent its elders to us: they asked for nothing and gave us smoked fish. Food runs "
       "low all the same; three days of rations left.",
    5: "The same elders returned with baskets of cassava and guided us down the path to the plain (D3). "
       "Two more families followed us to see the white men eat. Hernán shot a peccary at dusk. "
       "Full bellies, full hearts.",
    6: "I will try to set down what we saw today, though the words are poor. A sinkhole in the plain, "
       "perfectly round, a hundred fathoms across, and at its bottom a lake so blue it seemed a piece of sky "
       "had fallen there. Swallows by the thousand poured out of it at noon, like smoke rising. "
       "The men sang the Salve Regina at its rim without being asked. We rested, having no map of "
       "the way ahead.",
    7: "Mapped the grass country to the east and walked into it. Plains make easy going after the "
       "mountains; the men laugh again. A quail or two for the pot.",
    8: "Stopped to draw the next plain (F3). In the afternoon a third village welcomed us. Their headman "
       "wears a Spanish buckle on a cord about his neck; he would not say where he had it.",
    9: "The headman\u2019s answer came today. He led Don Rodrigo and me to a burned church, roofless, a "
       "bell cracked in the grass, and in the sacristy a chest of arquebuses wrapped in oiled cloth, still "
       "good. Whose mission this was, no one knows. We took the powder and the guns and said a mass for "
       "the brothers who built it. The villagers showed us a short path east.",
    10: "Took the villagers\u2019 path to F3 at a trot and covered the ground before noon. Morale much mended.",
    11: "Stayed in F3 for the day. Yet another village, the fourth. Padre Ignacio says the Lord has sent "
        "us shepherds. Food: two days.",
    12: "A line of grey hills to the south-east, which I marked on the map as mountains (G3). Hunting poor.",
    13: "Found a goat track over the hills and followed it to G3. We are now well south of the river and "
        "I do not like losing the sound of it. Two deer. The men are cheerful.",
    14: "Down into deep forest (H4). A trader we met on the track coughed the whole time he spoke with us, "
        "and by night Martín and the two Ortega brothers were shaking with fever.",
    15: "The fever keeps us in the forest. The sick lie under the trees; the rest hunt. The forest is "
        "generous with game, at least.",
    16: "The Indians showed us a trail to I3 through the ferns and we took it despite the sick. "
        "Every man rolled out of his blanket cheerful, as if the fever had gone, and for a few hours it "
        "seemed so.",
    17: "Worse today. The fever has spread to Hernán and to me; I write this with a trembling hand. "
        "One musket fired to frighten a jaguar from the camp. One ration left.",
    18: "Moved east through the trees to J3, carrying two men in litters. A herd of tapir crossed our path "
        "and we ate well for the first time in a week.",
    19: "The fever broke in the night: the Ortega brothers asked for water at dawn, and by noon every sick man "
        "had stood. Te Deum. We rest in J3, too weak to march.",
    20: "Food gone. I have drawn the next stretch of forest (K3) and we are gathering our strength.",
    21: "We lost Martín today. He gave his portion to the sick during the fever, and hunger took what the "
        "fever left. We buried him under a ceiba tree in J3 and walked on to K3 in silence. Five of us remain.",
    22: "Hunting in K3: two deer and a great many fish from a stream. Drew more forest to the south-east.",
    23: "Another day of drawing the country and eating the last of the fish. Don Rodrigo climbed a tree "
        "and swears he saw the river again, far to the east, catching the sun.",
    24: "Found a trail where the forest opens and took it to L4. Rich game. Morale high.",
    25: "Out of the forest at last: open grass to the east (M3). Wild turkeys by the dozen.",
    26: "Walked the villagers\u2019 trail to M3 on the plain, the river in sight again, broad and brown now. "
        "Hernán broke his musket stock on a stone and swore so long that even I laughed.",
    27: "Beasts without number passed through the plain today, heading south: long-necked deer, "
        "peccaries, birds that darkened the sun. We spent a musket\u2019s powder and loaded every pack "
        "with meat. We crossed to N4 in the evening on the river bank, and the air smells of salt.",
    28: "The migration still streams past our camp, so no one goes hungry. We rested and mended boots. "
        "I have not been so happy since I left Alcal\u00e1.",
    29: "The men want to run for the sea but the last hex of the map is empty and I will not march us "
        "into nothing. Tomorrow.",
    30: "From the river bank this morning I drew the last hex: a green flat where the river splits into "
        "a hundred mouths, and beyond it the sea. We walked down into the delta by noon. There is a "
        "ship at anchor. Five of us are alive, and we have a map. Laus Deo.",
}


JOURNALS["1672"] = {
    1: "The storm that sank the Margaret left the four of us on a sandbar with a palm on it and the sloop "
       "we had been towing. A fair wind took us one league west. From the masthead Ngozi and Pip saw land "
       "both ways: a low green islet to the west and a larger island to the south-west.",
    2: "We beat into a head wind onto the little islet. Nothing to eat on it and nobody living there. "
       "To the north a line of breakers over shoals, and open water west. Pip kept the watch at dusk, saw "
       "a storm piling up in the east, and swore until it turned away south.",
    3: "West again against the wind, slow work. Another green islet to the north, and more shoals.",
    4: "A fair wind, and I took us straight across the shoals rather than round them. The keel scraped "
       "the whole way and she is leaking. Tom says he told me so. He did.",
    5: "Fair again. Open sea to the west, and the last of the water shared out at noon.",
    6: "Over a second bank of shoals, the hull groaning. No water at all now. Jan fainted at the pumps. "
       "At evening Ngozi called land: a high green island to the north-west, with smoke on it.",
    7: "We ran onto the island at first light. People live here, and they came down to the beach with "
       "fish and fruit before we could say a word. We had nothing to give them. Tom found driftwood.",
    8: "We filled what casks we could. The islanders watched us from the trees and kept their distance.",
    9: "No wind at all. We spent the day carrying water down from the spring; the islanders showed us "
       "the best of it and helped with the casks.",
    10: "Still becalmed. Jan is on his feet again. Tom used the wood to patch the worst of the leaks, and "
        "we gathered water and yams; then Ngozi cut her hand to the bone on the rocks.",
    11: "A storm came over the island in the night. We rode it out at anchor in the lee, but it opened "
        "the seams Tom had closed. Between the squalls we still filled two casks.",
    12: "Rain all day. We drank our fill and Ngozi rested her hand.",
    13: "Rain again, and the last of the food gone. The islanders came down with water and sat with us.",
    14: "A fair morning, and the whole village on the beach. They had decided, it seems, that we were "
        "worth helping: baskets of fish and yams, casks of water, and more good timber than the sloop "
        "could stow. Jan, weak with hunger, wept. We sail tomorrow.",
    15: "Off the island with a full hold and a fair wind, one league west. Nothing but sea now in every "
        "direction. Tom hurt his back hauling the anchor.",
    16: "Rain, and one more league west. At noon the swell changed under the keel, the long slow swell "
        "of the open ocean, and by evening a sail answered our signal. All four of us alive. I will not "
        "cross that sea again for any money.",
}

JOURNALS["1872"] = {
    1: "The lodges were down before dawn, but the council talked until the sun stood high, and we made "
       "only one valley before dark. North of the camp the land rises into bare rock. The Shaman pointed "
       "at a crow on a dead branch at the edge of the pines and told me to mark it, so the first Crow is "
       "green, for the forest we were born in.",
    2: "Smoke on the horizon led us to a settler\u2019s homestead burning to the ground, the family running "
       "about with buckets. The young men did not wait for my word: while the settlers fought the fire, "
       "ours carried off their smokehouse. We will eat tonight, but the family saw our faces, and the "
       "army will hear of it. The Shaman made me write BLOOD, and he did not look at me while I wrote it.",
    4: "A bad morning; every plan came apart before noon, and I sent for one of our two Spirit Dancers. "
       "She danced until the fire was ash, and the day turned with her. West across the grass.",
    6: "The Shaman and I woke from the same dream: crows falling dead out of the northern sky. He wanted "
       "to turn the tribe south. I said a chief who fears every dream never leaves his blankets, and we "
       "kept on north and west.",
    8: "We did not break camp. The horses were spent and the people grumbled by the fires, but the "
       "hunters brought in two elk and the children slept full.",
    10: "Another day in camp, and the Shaman went out alone onto the open grass. He came back at dusk "
        "with the look of a man who has been spoken to. While we are on the plains, he says, the wind "
        "will give us a second throw when the first goes wrong. We call them the Windriders.",
    14: "A Bad Omen: half the horses are lame, and the Shaman says they will not run as they did. "
        "Another day without a move. The people are quiet.",
    15: "Our last Spirit Dancer danced for us at dawn, and we reached the western valley by evening. The "
        "whole tribe fell silent as the sun went down in a blaze of red and gold. Nobody spoke until it "
        "was dark. A gentle end to a hard day, the first in a long while.",
    20: "Here the Great River rises from a chain of steaming springs. The Shaman asked the whole tribe to "
        "bathe in them. I forbade it: I have seen what strange water does to children. He sulked all "
        "evening and the people grumbled, but nobody fell sick.",
    22: "Two valleys east in one day along the northern edge, with the mountains at our backs. The "
        "horses found their legs again.",
    28: "On the American bank of the river a party of red-coated Mounties was searching for one of their "
        "own. They offered us the Grandmother\u2019s protection if we found him. I refused. We have "
        "carried enough of other people\u2019s troubles; we press on north and leave theirs behind us.",
    30: "We sat a day within sight of the line and could not cross it. The people\u2019s hearts are low "
        "and the food is nearly gone. The old men say one more day.",
    31: "West again along the line, and over it. The Grandmother\u2019s country. Thirty-one days from the "
        "pines, and the Shaman has his Crows to count. Let whoever reads this know that we came "
        "through together.",
}


def _main() -> None:
    args = sys.argv[1:]
    if len(args) > 1 and args[0] == "log":
        logs(args[1])
        return
    into = HERE
    if "--into" in args:
        at = args.index("--into")
        into = Path(args[at + 1])
        del args[at:at + 2]
    for number in (args or EXAMPLES):
        print(make(number, into))


if __name__ == "__main__":
    try:
        _main()
        sys.stdout.flush()
    except BrokenPipeError:  # `... log 1572 | head`: the reader has gone; stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
