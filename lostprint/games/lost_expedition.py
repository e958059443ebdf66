"""1572: The Lost Expedition, as data. Every number and effect follows the published rules; the
wording is lostprint's own."""
from __future__ import annotations

from lostprint.games.model import Band, Chart, Game, Option, Phase, Symbol, Terrain, Tracker

ACCIDENT = "Accident"  # lose 1 conquistador: see the symbol key

TRACKERS = (
    Tracker("conquistadors", "Conquistadors", 6, 6, primary=True),
    Tracker("muskets", "Muskets", 6, 6, primary=True),
    Tracker("food", "Food", 6, 6, primary=True),
    Tracker("morale", "Morale", 6, 6, primary=True),
    Tracker("movement", "Movement Progress", 6, 6),
)

PLANNING = Chart(
    "planning", "Planning", "5d6",
    (
        Band(1, 1, ("WILD (?)",)),
        Band(2, 2, ("Movement",)),
        Band(3, 3, ("Mapping",)),
        Band(4, 4, ("Exploring",)),
        Band(5, 5, ("Native Contact",)),
        Band(6, 6, ("Hunting",)),
    ),
    modifier="Reroll any dice once. Each extra die of a face (or WILD) is +1 on its chart.",
    phase=1,
)

MOVEMENT = Chart(
    "movement", "Movement", "2d6",
    (
        Band(None, 3, (ACCIDENT,)),
        Band(4, 5, ("Movement +1", "Fever")),
        Band(6, 8, ("Movement +1", "Morale \u22121")),
        Band(9, 9, ("Movement +1",)),
        Band(10, 10, ("Movement +2",)),
        Band(11, 11, ("Movement +2", "Movement +1")),
        Band(12, None, ("Movement +2", "Movement +2")),
    ),
    modifier="+1 per extra 2. Musket: reroll both dice.",
    phase=2,
)

MAPPING = Chart(
    "mapping", "Mapping", "2d6",
    (
        Band(None, 2, ("Swamp",)),
        Band(3, 3, ("Hills",)),
        Band(4, 4, ("Mountains",)),
        Band(5, 5, ("Jungle",)),
        Band(6, 9, ("Same as current hex",)),
        Band(10, 10, ("Forest",)),
        Band(11, 11, ("Lake",)),
        Band(12, None, ("Plains",)),
    ),
    modifier="+1 per extra 3. No muskets. A 1 on a die in a river hex: cataract downstream.",
    phase=3,
)

EXPLORING = Chart(
    "exploring", "Exploring", "2d6",
    (
        Band(None, 2, (ACCIDENT,)),
        Band(3, 3, ("Fever",)),
        Band(4, 5, ("Movement \u22121",)),
        Band(6, 7, ("Village",)),
        Band(8, 8, ("Morale +1",)),
        Band(9, 9, ("Trail",)),
        Band(10, None, ("Interests",)),
    ),
    modifier="+1 per extra 4. Musket: reroll both dice.",
    phase=4,
)

NATIVE_CONTACT = Chart(
    "native-contact", "Native Contact", "2d6",
    (
        Band(None, 4, ("Advanced Empire",)),
        Band(5, 5, ("Fever",)),
        Band(6, 8, ("Village",)),
        Band(9, 9, ("Trail",)),
        Band(10, 10, ("Food +1", "Peaceful Village")),
        Band(11, None, ("Cache", "Peaceful Village")),
    ),
    modifier="+1 per extra 5. Musket: reroll both dice.",
    phase=5,
)

HUNTING = Chart(
    "hunting", "Hunting", "2d6",
    (
        Band(None, 3, (ACCIDENT,)),
        Band(4, 4, ("Morale \u22121",)),
        Band(5, 5, ("Morale \u22121", "Food +1")),
        Band(6, 8, ("Food +1",)),
        Band(9, 10, ("Food +2",)),
        Band(11, None, ("Food +2", "Morale +1")),
    ),
    modifier="+1 per extra 6, after terrain. Musket: reroll both dice.",
    phase=6,
)

INTERESTS = Chart(
    "interests", "Interests", "2d6",
    (
        Band(2, 3, ("Lagos de Oro",)),
        Band(4, 4, ("Ruined Mission",)),
        Band(5, 5, ("Migration",)),
        Band(6, 8, ("Natural Wonder",)),
        Band(9, 9, ("Predict Eclipse",)),
        Band(10, 10, ("Princess Kantyi",)),
        Band(11, None, ("Diego Mendoza",)),
    ),
    modifier="No reroll. Each is unique; a repeat becomes a Natural Wonder.",
    phase=7,
)

CHARTS = (PLANNING, MOVEMENT, MAPPING, EXPLORING, NATIVE_CONTACT, HUNTING, INTERESTS)

INTEREST_EFFECTS = (
    ("Lagos de Oro", "Draw a lake of three mutually adjacent hexes halfway between you and the "
     "delta, with an island where they meet. It counts as one hex; no Ambush or Fever while there."),
    ("Ruined Mission", "Gain 5 muskets and add a trail to any adjacent hex."),
    ("Migration", "No rations needed in or next to this hex. Spend 1 musket to fill Food to 6."),
    ("Natural Wonder", "Morale +5, and 2 bonus points at a win for each one found. Describe it in "
     "your journal. Can be found more than once."),
    ("Predict Eclipse", "The next two Native Contact rolls: choose the result instead."),
    ("Princess Kantyi", "For the rest of the game, reroll any 1 or 2 on Native Contact dice."),
    ("Diego Mendoza", "Gain 1 conquistador and 1 musket; once a turn add 1 to a Phase 2\u20137 "
     "total, for the rest of the game."),
)

# Morale change by the direction of the day's travel (flat-top hex directions).
MORALE_BY_DIRECTION = (("NW", -3), ("N", -1), ("NE", 1), ("SE", 3), ("S", 1), ("SW", -1))
MORALE_NO_TRAVEL = -1

TERRAINS = (
    Terrain("mountains", "Mountains", "Movement \u22121, Hunting +1", "#d9cbb8", ("lines", 45.0, 3.2)),
    Terrain("hills", "Hills", "Movement \u22121, Native Contact +1", "#e6dcb0", ("lines", 135.0, 3.2)),
    Terrain("forest", "Forest", "Hunting +1", "#c9e0bf", ("cross", 45.0, 4.0)),
    Terrain("plains", "Plains", "Movement +1", "#f2ecc4", ("dots", 0.0, 3.4)),
    Terrain("jungle", "Jungle", "Movement \u22121, Exploring \u22121", "#b9d8b0", ("cross", 0.0, 3.2)),
    Terrain("swamp", "Swamp", "Movement \u22121; a fever cannot break here", "#cfd8c0",
            ("lines", 0.0, 2.6)),
    Terrain("lake", "Lake", "Movement +1; village results are discarded", "#cfe3f0",
            ("lines", 90.0, 2.6)),
)

EXPEDITIONS = (
    Option(1, "cartography", "Cartography",
           "Once per hex, place a trail if you end Phase 12 with 3+ movement progress."),
    Option(2, "botany", "Botany", "Immune to fever icons; +1 to Hunting totals (foraging)."),
    Option(3, "military", "Military", "+2 to the total whenever you spend a musket."),
    Option(4, "archeology", "Archeology",
           "A trail always leads to an interest in the next hex if its terrain differs."),
    Option(5, "religious", "Religious", "Every village is a peaceful village (the empire is not)."),
    Option(6, "doctor", "Doctor", "Two or more WILDs break a fever; death icons cost food, not men."),
)

SYMBOLS = (
    Symbol("village", "Village", "Thick dot; movement progress \u22121."),
    Symbol("peaceful-village", "Peaceful village", "Circled dot; +1 Exploring and Hunting here."),
    Symbol("trail", "Trail", "Crossing costs 3; never through a cataract."),
    Symbol("cataract", "Cataract", "Between river hexes; blocks movement."),
    Symbol("empire", "Advanced Empire", "Dashed border 2 hexes out; Native Contact on 1d6."),
    Symbol("interest", "Interest", "Roll Interests on entering; write the number."),
    Symbol("fever", "Fever", "Morale \u22121; WILDs frozen until 3+ WILDs."),
    Symbol("accident", "Accident", "Accident, death or desertion: lose 1 conquistador."),
    Symbol("cache", "Cache", "Food, muskets and morale +1 each (max 6)."),
    Symbol("river", "River", "+1 movement progress entering downstream."),
)

PHASES = (
    Phase(1, "Planning", "Roll 5d6, reroll any once; assign WILDs; the faces choose the phases."),
    Phase(2, "Movement", "Roll on the Movement chart if a 2 was planned."),
    Phase(3, "Mapping", "Pick an adjacent unmapped hex and roll its terrain if a 3 was planned."),
    Phase(4, "Exploring", "Roll on the Exploring chart if a 4 was planned."),
    Phase(5, "Native Contact", "Roll on the Native Contact chart if a 5 was planned."),
    Phase(6, "Hunting", "Roll on the Hunting chart if a 6 was planned."),
    Phase(7, "Interests", "On entering an interest hex, or after an Exploring 10+, roll Interests."),
    Phase(8, "Eat Rations", "Eat 1 food; with none, lose 1 conquistador."),
    Phase(9, "Map Travel", "Spend 5 movement (3 along a trail) to enter an adjacent hex."),
    Phase(10, "Morale", "Adjust morale by direction travelled; below 1, lose 1 conquistador."),
    Phase(11, "Track Day", "Cross off one day box."),
    Phase(12, "Journal", "Write what happened (optional)."),
)

# Small rule numbers the prose and the checks need (read by the rulebook and the validator).
RULE_NUMBERS = (
    ("planning_rerolls", 1),
    ("kind_for_bonus", 4),  # four (or five) of a kind in planning, without WILDs: gain a conquistador
    ("fever_break_wilds", 3),
    ("doctor_break_wilds", 2),
    ("fever_morale", 1),
    ("ration", 1),
    ("morale_floor", 1),  # below this after phase 10: lose a conquistador
    ("village_progress", 1),
    ("peaceful_bonus", 1),
    ("river_progress", 1),
    ("empire_reach", 2),
    ("empire_roll", "1d6"),
    ("musket_reroll", 1),
    ("score_per_hex", 1),
    ("wild_face", 1),
)

GAME = Game(
    id="lost-expedition",
    number="1572",
    title="1572: The Lost Expedition",
    aliases=("1572",),
    kind="solo roll-and-write, hex map",
    trackers=TRACKERS,
    charts=CHARTS,
    terrains=TERRAINS,
    symbols=SYMBOLS,
    phases=PHASES,
    options=EXPEDITIONS,
    day_limit=42,
    extra=(
        ("rules", RULE_NUMBERS),
        ("weeks", 6),
        ("days_per_week", 7),
        ("morale_by_direction", MORALE_BY_DIRECTION),
        ("morale_no_travel", MORALE_NO_TRAVEL),
        ("interest_effects", INTEREST_EFFECTS),
        ("move_cost", 5),
        ("trail_cost", 3),
        ("win_bonus", "conquistadors"),
        ("natural_wonder_bonus", 2),
        ("goal_text", "Reach the river delta within 42 days"),
    ),
)
