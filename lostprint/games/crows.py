"""Crows, as data: tile types and their effects, the six spells, the house tile distribution,
setup by player count, scoring values, the reference card and the clarifications.

Every number follows the published rules; every sentence is lostprint's own. Where the rules are
silent or open to two readings, the decision is written down once here as a Clarification (house
rules marked `house=True`); the engine, the kit and the rulebook all read it from here.
"""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.games.model import Game, Phase, Symbol, Terrain


@dataclass(frozen=True)
class TileType:
    key: str
    name: str
    effect: str  # one line, our words
    tint: str  # colour ink: background of the printed tile
    hatch: tuple[str, float, float]  # mono ink: pattern kind, angle, spacing
    icon: str  # lostprint.sheets.icons name
    deep: str  # colour ink: the tile's art and lettering
    crows: int = 0  # crows placed when the tile enters play
    queen: bool = False  # places the Queen when it enters play
    empty_ok: bool = True  # can ever count as an empty tile (Lava never does)


@dataclass(frozen=True)
class SpellCard:
    key: str
    name: str
    rule: str  # the full rule, printed on the card
    short: str  # one line, for the reference card and the record
    icon: str
    fields: tuple[str, ...]  # what a saved game writes for it (besides name)


@dataclass(frozen=True)
class Clarification:
    key: str
    title: str
    text: str
    house: bool = True


BARRENS, TREES_1, TREES_2, TREES_3 = "barrens", "trees-1", "trees-2", "trees-3"
GEM_CAVE, LEY_LINE, LAVA, QUEEN, CARRION, NIGHTFALL = (
    "gem-cave", "ley-line", "lava", "queen", "carrion", "nightfall")

TILE_TYPES = (
    TileType(BARRENS, "Barrens", "Put your totem here to draw a spell.", "#eadfc4",
             ("dots", 0.0, 4.0), "barrens", "#7d6336"),
    TileType(TREES_1, "Trees (1 crow)", "One crow lands here when the tile is placed.", "#d3e6c3",
             ("lines", 45.0, 5.0), "tree", "#2f6b25", crows=1),
    TileType(TREES_2, "Trees (2 crows)", "Two crows land here when the tile is placed.", "#c2dcae",
             ("lines", 45.0, 3.5), "tree", "#2f6b25", crows=2),
    TileType(TREES_3, "Trees (3 crows)", "Three crows land here when the tile is placed.", "#afd199",
             ("cross", 45.0, 4.0), "tree", "#2f6b25", crows=3),
    TileType(GEM_CAVE, "Gem Cave", "A totem here wins every flocking tie.", "#ddd3ec",
             ("lines", 0.0, 3.0), "gem", "#5b3f8f"),
    TileType(LEY_LINE, "Mana Ley Line", "Crows scored at a totem here count double.", "#cfe2f3",
             ("lines", 90.0, 3.0), "bolt", "#1f5f99"),
    TileType(LAVA, "Lava Pool", "Crows cannot fly across it. May replace an empty tile.", "#f4c3ab",
             ("cross", 0.0, 3.0), "flame", "#b13a12", empty_ok=False),
    TileType(QUEEN, "Queen's Totem", "The Queen (worth 3) lands here when placed.", "#f3e3a4",
             ("lines", -45.0, 3.0), "crown", "#8a6508", queen=True),
    TileType(CARRION, "Carrion Paradise", "A new crow lands here at the end of every round.", "#e7d2c7",
             ("dots", 0.0, 2.5), "bones", "#6e3f2c"),
)
NIGHTFALL_TILE = TileType(NIGHTFALL, "Nightfall", "Finish this round; then the game ends.", "#2e3452",
                          ("cross", 45.0, 2.0), "moon", "#f3e7b3", empty_ok=False)
ALL_TILES = TILE_TYPES + (NIGHTFALL_TILE,)

# House distribution (the published rules give no counts): 61 map tiles. Crow icons total 35, so
# the 36 crow pieces cover every tree tile with one left for Carrion Paradise and Populate.
HOUSE_COUNTS = (
    (BARRENS, 20), (TREES_1, 9), (TREES_2, 7), (TREES_3, 4), (GEM_CAVE, 6), (LEY_LINE, 6),
    (LAVA, 6), (QUEEN, 1), (CARRION, 2),
)
MAP_TILES = sum(n for _, n in HOUSE_COUNTS)  # 61

SETUP_REMOVE = ((2, 8), (3, 4), (4, 0))  # players -> tiles removed unseen
START_TILES = 13
HAND_TILES = 1
BOTTOM_TILES = 6  # shuffled with Nightfall to make the bottom 7
MOVED_TO_BOTTOM = 4  # then this many go from the top to the bottom


def tiles_needed(players: int) -> int:
    """The fewest map tiles whose setup deals the start and every hand from above Nightfall: the tiles
    removed, the 6 shuffled with it, the 4 moved under it, the 13 start tiles and one per hand."""
    return dict(SETUP_REMOVE)[players] + BOTTOM_TILES + MOVED_TO_BOTTOM + START_TILES + HAND_TILES * players


MIN_MAP_TILES = max(tiles_needed(n) for n, _ in SETUP_REMOVE)  # 33: a tile set any player count can use
START_GRID = 5  # the start is a 5x5 checkerboard: corners and centre filled
DEFAULT_SCATTER = "N"  # where scattering starts when the chooser names no direction (a clarification)
TILE_MM = 40.0  # a printed tile's side: the kit's default, and the setup diagram's squares (1:1)


def start_squares() -> tuple[tuple[int, int], ...]:
    """The 13 starting squares: (column, row) in a 5x5 grid where column + row is even."""
    return tuple((c, r) for r in range(START_GRID) for c in range(START_GRID) if (c + r) % 2 == 0)


SPELLS = (
    SpellCard("attract", "Attract",
              "Pick an empty tile and one direction. Every crow on the straight line of tiles running "
              "that way flies onto the tile you picked. The line ends at a gap, a Lava Pool or a "
              "tile with a totem; crows at a totem stay with it.",
              "Crows along one line fly to an empty tile", "magnet", ("target", "direction")),
    SpellCard("disperse", "Disperse",
              "Pick a tile. Crows on the four tiles touching its edges each move one square further "
              "away, in a straight line. A crow stays put if that square has no tile or holds Lava.",
              "Push neighbouring crows one square away", "burst", ("target",)),
    SpellCard("drain", "Drain",
              "For the rest of this round no Mana Ley Line doubles anyone's points.",
              "Ley Lines do not double this round", "drop", ()),
    SpellCard("landfall", "Landfall",
              "Draw one more tile from the stack and place it at once, following the usual placing "
              "rules. Crows on it land as for any new tile.",
              "Draw and place an extra tile", "stack", ("tile", "at", "moved_to")),
    SpellCard("teleport", "Teleport",
              "Take one or two crows from a single tile and put them on another empty tile anywhere "
              "on the board. The Queen will not be teleported.",
              "Move 1\u20132 crows to an empty tile", "portal", ("from", "target", "count")),
    SpellCard("populate", "Populate",
              "Pick an empty tile showing two or three crows. Put that many crows from the supply "
              "back on it, as if it had just been placed.",
              "Refill an empty 2- or 3-crow tree tile", "nest", ("target",)),
)
SPELL_COPIES = 4

SCORING = (
    ("crow", 1),  # each crow at your totem after flocking
    ("queen", 3),  # the Queen at your totem
    ("ley_multiplier", 2),  # a totem on a Mana Ley Line
    ("unused_spell", 2),  # each spell card still in hand at the end
    ("murder_size", 6),  # this many crows on one tile make a murder
    ("mated_pair", 2),  # crows a murder removes from the game
)

COMPONENTS = (
    ("crows", 36), ("queen", 1), ("totems", 4), ("corruption", 4), ("coin-1", 30), ("coin-5", 15),
    ("first-player", 1),
)
TOTEM_COLORS = (("red", "#b8322a"), ("blue", "#2f6fa8"), ("yellow", "#d9a21b"), ("purple", "#6e4a9e"))
MIN_PLAYERS, MAX_PLAYERS = 2, 4

CLARIFICATIONS = (
    Clarification("tile-counts", "Tile counts",
                  "The rules do not list how many of each tile there are. This kit uses 20 Barrens, "
                  "9/7/4 Trees with 1/2/3 crows, 6 Gem Caves, 6 Mana Ley Lines, 6 Lava Pools, "
                  "1 Queen's Totem and 2 Carrion Paradises: 61 map tiles, plus Nightfall."),
    Clarification("empty", "What an empty tile is",
                  "A tile is empty when it holds no crow, no Queen, no totem and no Mana Corruption "
                  "token, and is not a Lava Pool.", house=False),
    Clarification("turn-order", "Turn order",
                  "The starting player keeps the token: every round begins with the same player and "
                  "goes round the table in seat order."),
    Clarification("totem-required", "Placing your totem",
                  "You must place your totem if any tile is empty; only when none is do you skip it."),
    Clarification("lava-blocks", "Lava Pools",
                  "A Lava Pool breaks a row or column the way a gap does: crows never fly across it, "
                  "so a totem beyond it is out of sight. No crow ever lands on lava."),
    Clarification("lava-replace", "Replacing a tile with lava",
                  "A Lava Pool may go on top of an empty tile instead of an open square. The replaced "
                  "tile moves to any open square touching a tile along an edge, as any placed tile must; "
                  "no crows come with it. The rules say only that it is placed elsewhere."),
    Clarification("sight", "What a crow can see",
                  "A crow looks along its row and its column only, over unbroken tiles, and sees the "
                  "first totem in each of the four directions. Crows sharing a tile with a totem stay "
                  "there. All crows choose at once, from where they sat when flocking began."),
    Clarification("ties", "Ties",
                  "When two or more totems are equally near and exactly one stands on a Gem Cave, all "
                  "the crows go there. If several tied totems stand on Gem Caves, the crows split "
                  "among those; otherwise among all the tied totems. Each gets the same number and "
                  "any crows left over stay where they are."),
    Clarification("queen", "The Queen",
                  "The Queen flies to the nearest totem on a Gem Cave that she can see, however far; "
                  "with none in sight she flocks like a crow. She cannot be split, so in a tie she "
                  "stays. She counts toward a murder but is never paired off or scattered."),
    Clarification("murder-order", "Murders",
                  "Murders are checked once, after scoring: every tile with six or more crows "
                  "(the Queen included), top row first, left to right. Crows scattered by a murder "
                  "do not set off another murder in the same round."),
    Clarification("scatter", "Scattering",
                  "The player whose totem stands on the murder tile picks a direction (the starting "
                  "player if no totem is there). One crow goes to each square around the tile, "
                  "diagonals included, clockwise from that direction, ring after ring outwards. "
                  "Squares without a tile and Lava Pools are skipped."),
    Clarification("scatter-default", "Scattering, no direction named",
                  "A record that names no scatter direction for a murder starts the scatter from "
                  "north: a written game must replay one way, and north is the first direction the "
                  "rules list."),
    Clarification("scatter-onto-murder", "A scatter onto another murder",
                  "Murders are resolved one at a time, in the order they are checked. Crows scattered onto "
                  "a tile whose own murder is still to come join its flock: when that murder is resolved, "
                  "every crow then on the tile but the mated pair scatters, the newcomers too. The rules "
                  "scatter the crows remaining on the murder's tile, and those crows are on it."),
    Clarification("start-layout", "The starting layout",
                  f"The rules show the start only as a picture: this kit reads it as a {START_GRID} by "
                  f"{START_GRID} checkerboard, the corners and the centre filled, "
                  f"{(START_GRID * START_GRID + 1) // 2} tiles in all."),
    Clarification("spell-deck", "The spell deck",
                  f"The rules do not say how many spell cards there are: this kit has {SPELL_COPIES} "
                  f"of each of the {len(SPELLS)} spells, {SPELL_COPIES * len(SPELLS)} cards."),
    Clarification("corruption", "Mana Corruption",
                  "A murder first removes corruption tokens left by earlier rounds, then leaves its "
                  "own. Crows may fly over and land on a corrupted tile; totems may not stand there."),
    Clarification("carrion", "Carrion Paradise",
                  "At the end of every round, after murders, each Carrion Paradise gets one crow from "
                  "the supply, counting the round in which it was placed."),
    Clarification("carrion-short", "Carrion Paradise, too few crows",
                  "When the supply holds fewer crows than there are Carrion Paradises, they are fed in "
                  "the order murders are checked, top row first, left to right, until the supply is "
                  "empty: the rules do not say which goes without, and a written game must replay one way."),
    Clarification("supply", "Running out",
                  "There are 36 crows. When the supply is empty no new crows appear. A mated pair "
                  "leaves the game for good. Played spells are discarded; when the spell deck is "
                  "empty, a totem on Barrens draws nothing."),
    Clarification("nightfall", "Nightfall",
                  "When Nightfall is drawn, on a turn or by Landfall, set it face up beside the board "
                  "and draw another tile in its place. Finish the round so everyone has had the same "
                  "number of turns, then score unused spells."),
    Clarification("stack-empty", "An empty stack",
                  "Once the stack is empty a turn draws nothing and places the tile already in hand; "
                  "Landfall, which must draw, cannot be cast.", house=False),
    Clarification("attract", "Attract",
                  "The chosen tile acts like a totem facing one way: crows on the tiles in that "
                  "direction fly to it, up to the first gap, Lava Pool or totem. The Queen comes too."),
    Clarification("disperse", "Disperse",
                  "Only the four tiles sharing an edge with the chosen tile are affected; the Queen "
                  "moves with the other crows."),
    Clarification("teleport", "Teleport",
                  "Teleport moves one or two ordinary crows; the Queen cannot be teleported."),
    Clarification("shared-win", "A tie at the end",
                  "Players tied for the most points share the win: the rules name no tie-breaker."),
)


def tile_type(key: str) -> TileType:
    for t in ALL_TILES:
        if t.key == key:
            return t
    raise KeyError(key)


def spell(key: str) -> SpellCard:
    for s in SPELLS:
        if s.key == key:
            return s
    raise KeyError(key)


REFERENCE = (
    ("Your turn", (
        "1. Draw a tile; place one of your two tiles so it touches an edge. No stacking; a Lava "
        "Pool may replace an empty tile.",
        "2. Put your totem on an empty tile. On Barrens, draw a spell.",
        "3. You may play one spell.",
    )),
    ("End of the round", (
        "Crows flock, then each totem scores.",
        "Murders happen, then Carrion Paradises gain a crow.",
        "Take back the totems. After Nightfall, the game ends.",
    )),
    ("Scoring", (
        "1 point per crow at your totem; the Queen is worth 3.",
        "A totem on a Mana Ley Line scores double (not after Drain).",
        "Each spell still in hand at the end: 2 points.",
    )),
    ("Flocking", (
        "Crows fly along their row or column to the nearest totem, any distance.",
        "They never cross a gap or a Lava Pool.",
        "Tie: a Gem Cave totem wins; else split evenly, odd crows stay.",
        "The Queen heads for a Gem Cave totem if she can see one.",
    )),
    ("Murders: 6+ crows on a tile", (
        "1. Score as usual.",
        "2. Remove corruption tokens from earlier rounds.",
        "3. A mated pair (2 crows) leaves the game.",
        "4. Scatter the rest clockwise in a spiral from a chosen direction; the Queen stays.",
        "5. Put a corruption token on the tile.",
    )),
)

PHASES = (
    Phase(1, "Place a tile", "Draw a tile, then place one of your two tiles touching an edge."),
    Phase(2, "Place your totem", "On an empty tile; on Barrens, draw a spell."),
    Phase(3, "Cast a spell", "Optional: play one spell card."),
    Phase(4, "Flock and score", "After every turn: crows flock, totems score, murders, Carrion spawns."),
)

@dataclass(frozen=True)
class CrowsRules:
    """Crows' rules as one typed value (Game.rules): the tiles and their mix, the spells, setup,
    scoring and components. The module constants above are the same values, by name."""

    tiles: tuple[TileType, ...]
    nightfall: TileType
    counts: tuple[tuple[str, int], ...]  # the house mix: tile type -> how many
    spells: tuple[SpellCard, ...]
    spell_copies: int
    scoring: tuple[tuple[str, int], ...]
    setup_remove: tuple[tuple[int, int], ...]  # players -> tiles removed unseen
    start_tiles: int
    start_grid: int
    start_squares: tuple[tuple[int, int], ...]
    hand_tiles: int
    bottom_tiles: int
    moved_to_bottom: int
    min_players: int
    max_players: int
    components: tuple[tuple[str, int], ...]
    totem_colors: tuple[tuple[str, str], ...]
    reference: tuple[tuple[str, tuple[str, ...]], ...]
    clarifications: tuple[Clarification, ...]

    def score(self, key: str) -> int:
        return dict(self.scoring)[key]


RULES = CrowsRules(
    tiles=TILE_TYPES, nightfall=NIGHTFALL_TILE, counts=HOUSE_COUNTS, spells=SPELLS, spell_copies=SPELL_COPIES,
    scoring=SCORING, setup_remove=SETUP_REMOVE, start_tiles=START_TILES, start_grid=START_GRID,
    start_squares=start_squares(), hand_tiles=HAND_TILES, bottom_tiles=BOTTOM_TILES,
    moved_to_bottom=MOVED_TO_BOTTOM, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, components=COMPONENTS,
    totem_colors=TOTEM_COLORS, reference=REFERENCE, clarifications=CLARIFICATIONS,
)

GAME: Game[CrowsRules, None] = Game(
    id="crows",
    number="",
    title="Crows",
    aliases=(),
    kind="2-4 player square-tile placement",
    terrains=tuple(Terrain(t.key, t.name, t.effect, t.tint, t.hatch) for t in ALL_TILES),
    symbols=(
        Symbol("crow", "Crow", "1 point at your totem; 6 or more on one tile make a murder"),
        Symbol("crown", "Queen crow", "3 points at your totem; never scattered"),
        Symbol("totem", "Mana Totem", "one per player, placed each turn on an empty tile"),
        Symbol("spiral", "Mana Corruption", "no totem may stand on this tile"),
    ),
    phases=PHASES,
    days_per_week=None,
    rules=RULES,
    text=None,
)
