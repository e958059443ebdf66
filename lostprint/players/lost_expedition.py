"""Seeded players of 1572: The Lost Expedition, as deciders holding no day and no rule: the one driver
(lostprint.engine.drive) plays them with their seeded dice, and the save's transcript
(lostprint.saves.rules_1572.save_of) writes what they played. `Careful` plays as the published examples
do; `Naive` never rerolls, never spends a musket and walks as soon as it can."""
from __future__ import annotations

from types import MappingProxyType

from lostprint.engine import lost_expedition as eng
from lostprint.games.lost_expedition import EXPEDITIONS
from lostprint.games.lost_expedition import RULES as R
from lostprint.maps.model import standard_map
from lostprint.players import common
from lostprint.players.common import FAST_DICE, per_map, rng_for
from lostprint.saves.rules_1572 import save_of

MOVEMENT, MAPPING, HUNTING = (eng.FACE[chart] for chart in ("movement", "mapping", "hunting"))
# not a rule: the careful player gives its WILDs to the first of these charts its dice called
WILDS_TO = tuple((chart, eng.FACE[chart]) for chart in ("movement", "mapping", "hunting", "exploring", eng.NC))
board_of = per_map(eng.board_of)  # the engine's Board of a map, shared by the games on it (never changed)


@per_map
def ranks_of(game_map) -> MappingProxyType:
    """{(hex, neighbour): (the neighbour's hexes to the delta, minus the step's morale)}: least is best."""
    board = board_of(game_map)
    return MappingProxyType({(a, b): (board.to_goal[b], -eng.MORALE_BY_DIRECTION[board.direction(a, b)])
                             for a, around in board.neighbours.items() for b in around})


class Player:
    """What every policy shares. Each decision the engine asks is answered by the method named for
    its key, given the phase asking (the state is `self.st`, the step `self.step`), or else by its first legal
    option (every planning die kept, WILDs to the first phase called, no Diego's +1 and no musket spent,
    the first blank neighbour mapped, the first trail, Lagos de Oro's first placing); these are the
    naive answers."""

    stage = "1572-play"
    days = None  # the game ends by its own day limit
    closer_only = False
    logged = False  # a rating reads no log: the engine writes one only for a game made a save (`played`)

    def __init__(self, seed: int, game_map=None):
        game_map = game_map or standard_map("lost-expedition")
        self.board = board_of(game_map)
        self.ranks = ranks_of(game_map)
        self.dice = FAST_DICE(rng_for(seed, self.stage))
        face = self.dice.d6()
        self.expedition = next(o.key for o in EXPEDITIONS if o.roll == face)

    def start(self) -> eng.State:
        return eng.new_game(self.board, self.expedition, self.logged)

    def toward_goal(self, labels) -> list:
        """The party's neighbours `labels`, best first: closest to the delta, then the happiest direction."""
        return sorted(labels, key=lambda lab: self.ranks[self.st.pos, lab])

    def roll(self, need) -> int | tuple[int, ...]:
        return self.dice.d6() if need.dice == 1 else tuple(self.dice.roll(need.dice))

    def decide(self, st: eng.State, step, need):
        self.st, self.step = st, step
        answer = getattr(self, need.key, None)
        return answer(step.key) if answer else step.options(st)[0]

    def row(self, phase: str) -> int:
        """The eclipse's Native Contact row: the highest."""
        return self.step.options(self.st)[-1]

    def cartography(self, phase: str) -> str | None:
        return self.step.options(self.st)[1]  # the first trail (its options: None, then the trails)

    def to(self, phase: str) -> str | None:
        """One step a day, to the best neighbour the party may enter (nearer the delta if `closer_only`)."""
        if self.st.steps:
            return None
        to_go, here = self.board.to_goal, self.st.pos
        options = [lab for lab in self.step.options(self.st)[1:] if not self.closer_only or to_go[lab] < to_go[here]]
        return self.toward_goal(options)[0] if options else None


class Naive(Player):
    """Keeps every roll, gives WILDs to the first phase, never spends a musket, maps the first blank
    neighbour and steps as soon as progress pays, to the neighbour nearest the delta."""

    stage = "1572-naive"
    about = "keeps every roll, never spends a musket, steps as soon as it can"  # what simulate --players says


class Careful(Player):
    """Rerolls for movement, mapping when the way ahead is blank and hunting when hungry; spends a
    musket on a roll that would bring an accident or a fever (or, hunting, no food); heads for the
    delta by the happiest direction."""

    about = ("plans its dice: rerolls for what the day needs, spends muskets on rerolls, maps toward the goal "
             "and steps when progress pays")
    hungry_at = 2  # not a rule: plans a hunt when food is this low
    musket_reserve = 1  # not a rule: keeps this many muskets back from rerolls
    migration_fill_at = 3  # not a rule: spends a musket at a Migration when food is this low
    closer_only = True

    def keep(self, phase: str) -> tuple[int, ...]:
        """Every WILD and movement die, one mapping die when the hexes nearer the delta are all blank,
        one hunting die when hungry; the rest rolled again."""
        st = self.st
        dice = eng.planned_dice(st)
        to_go = self.board.to_goal
        ahead = [lab for lab in self.board.neighbours[st.pos] if to_go[lab] < to_go[st.pos]]
        keep = [d for d in dice if d == R.wild_face or d == MOVEMENT]
        if MAPPING in dice and ahead and all(lab not in st.terrain for lab in ahead):
            keep.append(MAPPING)
        if HUNTING in dice and st.values[eng.FOOD] <= self.hungry_at:
            keep.append(HUNTING)
        keep.sort()
        return tuple(keep) if len(keep) < len(dice) else dice

    def wilds(self, phase: str):
        dice = eng.planned_dice(self.st)
        n = eng.wild_count(self.st, dice)
        return next((((chart, n),) for chart, face in WILDS_TO if n and face in dice), ())

    def diego(self, phase: str) -> bool:
        return phase not in ("interests", "travel")

    def musket(self, chart: str) -> bool:
        if chart == "native-contact" or self.st.get("muskets") <= self.musket_reserve:
            return False
        effects = {e.what for e in eng.row_for(chart, eng.chart_total(self.st, chart)).effects}
        return "food" not in effects if chart == "hunting" else bool(effects & {"accident", "fever"})

    def fill(self, phase: str) -> bool:
        return self.st.get("food") <= self.migration_fill_at

    def target(self, phase: str) -> str:
        return self.toward_goal(self.step.options(self.st))[0]

    def trail(self, phase: str) -> str:  # asked only where a trail can go (Cartography's options: None first)
        return self.toward_goal([t for t in self.step.options(self.st) if t is not None])[0]

    cartography = trail


PLAYERS = {"careful": Careful, "naive": Naive}


def played(player: Player, limit: int | None = None) -> tuple:
    """(the last state, every input in order) of a game by `player`, the engine's log kept for the save's days."""
    player.logged = True
    return common.played(eng, player, limit)


def play(seed: int, game_map=None, player=Careful) -> dict:
    """A whole game of 1572 as save data; each day keeps its `rolls:` and a `log` (not part of a save)."""
    final, events = played(player(seed, game_map))
    return save_of(events, final, (), standard=game_map is None)


simulate_1572 = play  # a game by the careful player
