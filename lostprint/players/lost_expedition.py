"""Seeded players of 1572: The Lost Expedition, as deciders: given a state
(lostprint.engine.lost_expedition) and the decision the engine has open, choose (which dice to keep
before the one reroll, where WILDs go, when to spend a musket, which hex to map, where a trail leads,
where to step). They hold no day and no rule: the one driver (lostprint.engine.drive) plays them with
their seeded dice, and the save's transcript (lostprint.saves.rules_1572.save_of) writes what they played.

`Careful` plays as the published examples do; `Naive` never rerolls, never spends a musket and
walks as soon as it can. `simulate_1572(seed, game_map=None)` plays one game with the careful player.
"""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.engine import drive
from lostprint.engine import lost_expedition as eng
from lostprint.games.lost_expedition import EXPEDITIONS
from lostprint.games.lost_expedition import RULES as R
from lostprint.maps.model import standard_map
from lostprint.players.common import FAST_DICE, per_map, rng_for
from lostprint.saves.rules_1572 import save_of


@dataclass(frozen=True)
class Caution:
    """The careful player's thresholds: how it plays, not what the rules are."""

    hungry_at: int = 2  # not a rule: plans a hunt when food is this low
    musket_reserve: int = 1  # not a rule: keeps this many muskets back from rerolls
    migration_fill_at: int = 3  # not a rule: spends a musket at a Migration when food is this low


board_of = per_map(eng.board_of)  # the engine's Board of a map, shared by the games on it (never changed)


class Player:
    """The dice and what every policy shares; the decisions are the subclass's."""

    stage = "1572-play"
    days = None  # the game ends by its own day limit

    def __init__(self, seed: int, game_map=None):

        self.gm = game_map or standard_map("lost-expedition")
        self.board = board_of(self.gm)
        self.dice = FAST_DICE(rng_for(seed, self.stage))
        face = self.dice.d6()
        self.expedition = next(o.key for o in EXPEDITIONS if o.roll == face)
        self.st: eng.State = eng.new_game(self.board, self.expedition)  # the state of the open decision
        self.by_dir = dict(R.morale_by_direction)
        self.preferences: dict = {}

    def start(self) -> eng.State:
        return eng.new_game(self.board, self.expedition)

    # --- what a policy may ask ------------------------------------------------------------------

    def dist(self, a: str) -> int:
        return self.board.to_goal[a]

    def toward_goal(self, labels, here: str | None = None):
        """Best first: closest to the delta, then the happiest direction."""
        here = here or self.st.pos
        return sorted(labels, key=lambda lab: self.preference(here, lab))

    def preference(self, here: str, lab: str) -> tuple[int, int]:
        """(hexes from lab to the delta, minus the morale of the step here -> lab), kept for the game."""
        key = (here, lab)
        if key not in self.preferences:
            self.preferences[key] = (self.dist(lab), -self.by_dir[self.board.direction(here, lab)])
        return self.preferences[key]

    # --- the driver's two questions --------------------------------------------------------------

    def roll(self, need) -> int | tuple[int, ...]:
        return self.dice.d6() if need.dice == 1 else tuple(self.dice.roll(need.dice))

    def decide(self, st: eng.State, step, need):
        self.st = st
        return getattr(self, _ANSWERS[need.key])(step.key)

    # --- one answer per decision (the phase asking: a chart, mapping, interests or travel) -----------

    def answer_keep(self, phase: str):
        return self.keep(eng.planned_dice(self.st))

    def answer_wilds(self, phase: str):
        return self.wilds(eng.planned_dice(self.st))

    def answer_row(self, phase: str) -> int:
        return self.eclipse_choice()

    def answer_diego(self, phase: str) -> bool:
        return phase not in ("interests", "travel") and self.use_diego(phase)

    def answer_musket(self, chart: str) -> bool:
        st = self.st
        return self.reroll(chart, eng.chart_dice(st, chart), eng.pending(st, chart, "diego", False))

    def answer_trail(self, phase: str) -> str | None:
        return self.trail_choice(self.st.pos)

    def answer_target(self, phase: str) -> str:
        return self.map_target()

    def answer_lagos(self, phase: str) -> tuple[str, ...]:
        return eng.lagos_placements(self.st)[0]

    def answer_fill(self, phase: str) -> bool:
        return self.fill_food()

    def answer_to(self, phase: str) -> str | None:
        return self.step_choice()

    def answer_cartography(self, phase: str) -> str | None:
        return self.cartography_trail()

    def cartography_trail(self) -> str | None:
        return self.trail_choice(self.st.pos)

    # --- decisions (overridden) ------------------------------------------------------------------

    def keep(self, dice):
        """The planning dice kept (the rest rolled once more): all of them, no reroll."""
        return dice

    def wilds(self, dice):
        return eng.wild_assignments(self.st, dice)[0]

    def use_diego(self, chart: str) -> bool:
        return False

    def reroll(self, chart: str, dice, diego: bool) -> bool:
        return False

    def eclipse_choice(self) -> int:
        return len(eng.rows_of("native-contact")) - 1

    def map_target(self) -> str:
        return eng.mapping_targets(self.st)[0]

    def trail_choice(self, where: str) -> str | None:
        options = eng.trail_options(self.st, where)
        return options[0] if options else None

    def fill_food(self) -> bool:
        return False

    def step_choice(self) -> str | None:
        if self.st.steps:
            return None
        for lab in self.toward_goal(self.board.neighbours[self.st.pos]):
            if eng.step_problem(self.st, lab) is None:
                return lab
        return None


class Naive(Player):
    """Keeps every roll, gives WILDs to the first phase, never spends a musket, maps the first blank
    neighbour and steps as soon as progress pays, to the neighbour nearest the delta."""

    stage = "1572-naive"
    about = "keeps every roll, never spends a musket, steps as soon as it can"  # what simulate --players says


class Careful(Player):
    """Rerolls for movement, mapping when the way ahead is blank and hunting when hungry; spends a
    musket on a roll that would bring an accident or a fever (or, hunting, no food); heads for the
    delta by the happiest direction."""

    caution = Caution()
    about = ("plans its dice: rerolls for what the day needs, spends muskets on rerolls, maps toward the goal "
             "and steps when progress pays")

    def keep(self, dice):
        st = self.st
        here = st.pos
        ahead = [lab for lab in self.board.neighbours[here] if self.dist(lab) < self.dist(here)]
        need_map = not any(lab in st.terrain for lab in ahead) and any(lab not in st.terrain for lab in ahead)
        hungry = st.get("food") <= self.caution.hungry_at
        keep, seen = [], set()
        for d in sorted(dice):
            wanted = (d in (R.wild_face, eng.FACE["movement"])
                      or (d == eng.FACE["mapping"] and need_map and d not in seen)
                      or (d == eng.FACE["hunting"] and hungry and d not in seen))
            if wanted:
                keep.append(d)
            seen.add(d)
        return tuple(keep) if len(keep) < len(dice) else dice

    def wilds(self, dice):
        n = eng.wild_count(self.st, dice)
        for chart in ("movement", "mapping", "hunting", "exploring", "native-contact"):
            if n and eng.FACE[chart] in dice:
                return ((chart, n),)
        return ()

    def use_diego(self, chart: str) -> bool:
        return self.st.diego and not self.st.diego_used

    def reroll(self, chart: str, dice, diego: bool) -> bool:
        st = self.st
        if chart not in R.musket_charts or chart == "native-contact":
            return False
        if st.get("muskets") <= self.caution.musket_reserve:
            return False
        total = sum(dice) + eng.modifier(st, chart) + (R.bonus_per_extra if diego else 0)
        effects = {e.what for e in eng.row_for(chart, total).effects}
        if chart == "hunting":
            return "food" not in effects
        return bool(effects & {"accident", "fever"})

    def map_target(self) -> str:
        return self.toward_goal(eng.mapping_targets(self.st))[0]

    def trail_choice(self, where: str) -> str | None:
        options = eng.trail_options(self.st, where)
        return self.toward_goal(options, where)[0] if options else None

    def fill_food(self) -> bool:
        return self.st.get("food") <= self.caution.migration_fill_at and self.st.get("muskets") >= R.musket_reroll_cost

    def step_choice(self) -> str | None:
        if self.st.steps:
            return None
        here = self.st.pos
        to_go = self.board.to_goal
        options = [lab for lab in self.board.neighbours[here]
                   if to_go[lab] < to_go[here] and eng.step_problem(self.st, lab) is None]
        return self.toward_goal(options)[0] if options else None


_ANSWERS = {key: "answer_" + key for key in ("keep", "wilds", "row", "diego", "musket", "trail", "target",
                                              "lagos", "fill", "to", "cartography")}

Expedition = Careful
PLAYERS = {"careful": Careful, "naive": Naive}


def played(player: Player, limit: int | None = None) -> tuple[eng.State, list]:
    """A whole game by `player` through the driver: (the last state, every input in order)."""
    events: list = []
    final = drive.play(eng, player.start(), player.decide, player.roll, limit or player.days, events)
    return final, events


def play(seed: int, game_map=None, player=Careful) -> dict:
    """A whole game of 1572 as save data; each day keeps its `rolls:` and a `log` (not part of a save)."""
    final, events = played(player(seed, game_map))
    return save_of(events, final, (), standard=game_map is None)


def simulate_1572(seed: int, game_map=None) -> dict:
    """A whole game of 1572 by the careful player, as save data plus the roll log of each day."""
    return play(seed, game_map, Careful)
