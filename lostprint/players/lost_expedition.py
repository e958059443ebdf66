"""Seeded players of 1572: The Lost Expedition: policies over lostprint.engine.lost_expedition.

A player rolls the dice (a seeded random source), decides what a player decides (which dice to
reroll, where WILDs go, when to spend a musket, which hex to map, where a trail leads, where to
step) when the engine asks: the engine plays the day in its own order (eng.play_day over eng.DAY)
and asks `answer(step, state)` for each step's dice and decisions. It knows no rule and no day order
of its own; it writes each day as a save would hold it, `rolls:` included.

`Careful` plays as the published examples do; `Naive` never rerolls, never spends a musket and
walks as soon as it can. `simulate_1572(seed, game_map=None)` plays one game with the careful player.
"""
from __future__ import annotations

from dataclasses import dataclass

from lostprint.engine import lost_expedition as eng
from lostprint.files.kinds import SAVE_FORMAT
from lostprint.games.lost_expedition import EXPEDITIONS, KANTYI_ROLLS, TRACKER_KEYS
from lostprint.games.lost_expedition import RULES as R
from lostprint.players.common import Dice, rng_for


@dataclass(frozen=True)
class Caution:
    """The careful player's thresholds: how it plays, not what the rules are."""

    hungry_at: int = 2  # not a rule: plans a hunt when food is this low
    musket_reserve: int = 1  # not a rule: keeps this many muskets back from rerolls
    migration_fill_at: int = 3  # not a rule: spends a musket at a Migration when food is this low


class Player:
    """The dice and the bookkeeping every policy shares; the decisions are the subclass's."""

    stage = "1572-play"

    def __init__(self, seed: int, game_map=None):
        from lostprint.maps.model import standard_map

        self.gm = game_map or standard_map("lost-expedition")
        self.board = eng.board_of(self.gm)
        self.dice = Dice(rng_for(seed, self.stage))
        face = self.dice.d6()
        self.expedition = next(o.key for o in EXPEDITIONS if o.roll == face)
        self.st = eng.new_game(self.board, self.expedition)
        self.by_dir = dict(R.morale_by_direction)
        self.rolls: dict = {}
        self.preferences: dict = {}
        self.answers = {key: getattr(self, "answer_" + key) for key, _ in eng.DAY + (("trail", ""),)
                        if hasattr(self, "answer_" + key)}

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

    def roll(self, n: int) -> tuple[int, ...]:
        return tuple(self.dice.roll(n))

    def record(self, key: str, dice) -> None:
        if key in self.rolls:
            old = self.rolls[key]
            self.rolls[key] = (old if isinstance(old[0], list) else [old]) + [list(dice)]
        else:
            self.rolls[key] = list(dice)

    # --- the answers to the engine's steps (eng.DAY) -----------------------------------------------

    def answer(self, step: str, st: eng.State) -> dict:
        """What the engine's step asks for: the dice rolled and this player's decisions."""
        self.st = st
        return self.answers.get(step, self.answer_rolled)(step)

    def answer_planning(self, step: str) -> dict:
        dice = self.keep_and_reroll(self.roll(R.planning_dice))
        self.record("planning", dice)
        return {"dice": dice, "wilds": self.wilds(dice)}

    def answer_rolled(self, chart: str) -> dict:
        st = self.st
        if chart == "native-contact" and st.eclipse:
            return {"choice": self.eclipse_choice()}
        diego = self.use_diego(chart)
        rolls = (self.roll(eng.phase_dice(st, chart)),)
        kantyi = self.kantyi_rerolls(chart, rolls[0]) if st.kantyi else ()
        seen = eng.kantyi_rerolled(st, chart, rolls, kantyi)[0] if kantyi else rolls[0]
        if self.reroll(chart, seen, diego):
            rolls += (self.roll(len(seen)),)
            kantyi += self.kantyi_rerolls(chart, rolls[1]) if st.kantyi else ()
        self.record(chart, [list(r) for r in rolls] if len(rolls) > 1 else rolls[0])
        if kantyi:
            self.record(KANTYI_ROLLS, kantyi)
        return {"rolls": rolls, "diego": diego, "kantyi": kantyi}

    def answer_trail(self, step: str) -> dict:
        return {"to": self.trail_choice(self.st.pos)}

    def kantyi_rerolls(self, chart: str, dice) -> tuple[int, ...]:
        if not (self.st.kantyi and chart == "native-contact"):
            return ()
        return tuple(self.dice.d6() for d in dice if d <= R.kantyi_reroll_at_most)

    def answer_mapping(self, step: str) -> dict:
        target = self.map_target()
        diego = self.use_diego("mapping")
        dice = self.roll(R.phase_dice)
        self.record("mapping", dice)
        return {"target": target, "dice": dice, "diego": diego}

    def answer_interests(self, step: str) -> dict:
        st = self.st
        dice = self.roll(R.phase_dice)
        self.record("interests", dice)
        key = eng.interest_key(st, sum(dice))
        lagos = eng.lagos_placements(st)[0] if key == "lagos-de-oro" else ()
        trail_to = self.trail_choice(st.pos) if key == "ruined-mission" else None
        fill = key == "migration" and self.fill_food()
        return {"dice": dice, "lagos": lagos, "trail_to": trail_to, "fill": fill}

    def answer_travel(self, step: str) -> dict:
        return {"to": self.step_choice()}

    def answer_end(self, step: str) -> dict:
        return {"cartography_trail": self.cartography_trail() if eng.cartography_allowed(self.st) else None}

    def cartography_trail(self) -> str | None:
        return self.trail_choice(self.st.pos)

    # --- the day --------------------------------------------------------------------------------

    def play_day(self) -> dict:
        self.rolls = {}
        self.st = eng.play_day(self.st, self.answer)
        return self.day_record()

    def day_record(self) -> dict:
        st = self.st
        day: dict = {"day": st.day}
        if st.mapped_today:
            day["mapped"] = dict(st.mapped_today)
        if st.steps:
            day["moved"] = list(st.steps)
        if st.marks_today:
            day["marks"] = [mark_of(m) for m in st.marks_today]
        if st.fever_today:
            day["fever"] = st.fever_today
        day["rolls"] = dict(self.rolls)
        day["resources"] = dict(zip(TRACKER_KEYS, st.values))
        day["log"] = list(st.log)
        return day

    def play(self) -> dict:
        days = []
        while not self.st.over:
            days.append(self.play_day())
        return {"expedition": self.expedition, "days": days, "result": self.st.over}

    # --- decisions (overridden) ------------------------------------------------------------------

    def keep_and_reroll(self, dice):
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


def mark_of(mark: tuple) -> dict:
    kind, hexes, *result = mark
    if kind == "interest":
        return {"interest": {"hex": hexes[0], "result": result[0]}}
    if kind in ("trail", "cataract", "lagos-de-oro"):
        return {kind: list(hexes)}
    return {kind: hexes[0]}


class Naive(Player):
    """Keeps every roll, gives WILDs to the first phase, never spends a musket, maps the first blank
    neighbour and steps as soon as progress pays, to the neighbour nearest the delta."""

    stage = "1572-naive"


class Careful(Player):
    """Rerolls for movement, mapping when the way ahead is blank and hunting when hungry; spends a
    musket on a roll that would bring an accident or a fever (or, hunting, no food); heads for the
    delta by the happiest direction."""

    caution = Caution()

    def keep_and_reroll(self, dice):
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
        if len(keep) < len(dice):
            return tuple(keep) + self.roll(len(dice) - len(keep))
        return dice

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


Expedition = Careful


def play(seed: int, game_map=None, player=Careful) -> dict:
    """A whole game of 1572 as save data; each day keeps its `rolls:` and a `log` (not part of a save)."""
    sim = player(seed, game_map)
    played = sim.play()
    return {
        "format": SAVE_FORMAT,
        "game": "lost-expedition",
        "map": "standard" if game_map is None else None,
        "setup": {"expedition": played["expedition"]},
        "days": played["days"],
        "outcome": {"result": played["result"]},
    }


def simulate_1572(seed: int, game_map=None) -> dict:
    """A whole game of 1572 by the careful player, as save data plus the roll log of each day."""
    return play(seed, game_map, Careful)
