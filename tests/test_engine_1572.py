"""1572: the engine, the save replayed through it, the players over it, and every ruling visible.

Each finding of issue 11 for 1572 has a test here that failed before the engine (the old
validator accepted those saves without a word); each rejection names file:line:field, the rule and
the limit broken.
"""
import copy
import random

import pytest

from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import Decision, Roll, RuleError
from lostprint.files import load
from lostprint.games.lost_expedition import GAME, KANTYI_ROLLS, RULINGS, TRACKER_KEYS, WONDER, Effect
from lostprint.games.lost_expedition import RULES as R
from lostprint.maps.model import standard_map
from lostprint.players.lost_expedition import Careful, Naive, Player, play, simulate_1572
from lostprint.saves.rules_1572 import Explaining1572
from lostprint.saves.validate import check_save_file, replay_data
from tests.test_engine_1572_contract import BOARD, at, changes, inputs, planned

HEAD = """format: lostprint-save/1
game: 1572
map: standard
setup: {expedition: botany}
days:
"""
DAY1 = """  - day: 1
    mapped: {B2: hills}
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
"""


def problems(tmp_path, body: str) -> list[str]:
    path = tmp_path / "game.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return check_save_file(path)


def one(found: list[str], tmp_path, line: int, field: str, *words) -> str:
    prefix = f"{tmp_path / 'game.yaml'}:{line}: {field}: "
    hit = [p for p in found if p.startswith(prefix)]
    assert hit, found
    for w in words:
        assert w in hit[0], hit[0]
    return hit[0]


# --- the findings: saves the old validator accepted ----------------------------------------------


def test_a_clean_day_is_still_clean(tmp_path):
    assert problems(tmp_path, DAY1) == []


def test_food_that_never_falls(tmp_path):
    found = problems(tmp_path, DAY1.replace("food: 5", "food: 6"))
    one(found, tmp_path, 9, "days[0].resources.food", "food 6 \u2192 6", "day 1 ends with food at most 5",
        "hunting +0..+2", "rations, travel and morale as recorded then take 6 to 5")


def test_movement_progress_is_paid_for_a_step(tmp_path):
    found = problems(tmp_path, DAY1.replace("movement: 1", "movement: 6"))
    one(found, tmp_path, 9, "days[0].resources.movement", "day 1 ends with movement at most 1",
        "travel and morale as recorded then take 6 to 1")


def test_morale_zero_costs_a_man(tmp_path):
    found = problems(tmp_path, DAY1.replace("morale: 6", "morale: 0"))
    one(found, tmp_path, 9, "days[0].resources.conquistadors", "day 1 ends with conquistadors at most 5")


def test_muskets_do_not_vanish(tmp_path):
    found = problems(tmp_path, DAY1.replace("muskets: 6", "muskets: 0"))
    one(found, tmp_path, 9, "days[0].resources.muskets", "day 1 ends with muskets at least 2")


def test_one_hex_mapped_a_day(tmp_path):
    found = problems(tmp_path, DAY1.replace("{B2: hills}", "{B2: hills, B1: hills}"))
    one(found, tmp_path, 7, "days[0].mapped.B1", "2 hexes mapped on day 1", "one hex a day")


def test_an_interest_is_recorded_only_where_one_is_rolled(tmp_path):
    """B2 holds no interest icon and Exploring finds interests only where the day began (A1)."""
    found = problems(tmp_path, DAY1 + "    marks: [{interest: {hex: B2, result: natural-wonder}}]\n")
    one(found, tmp_path, 10, "days[0].marks", "no Interests roll on day 1 falls in B2")


STAY = """  - day: 1
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 5, movement: 6}
"""


def test_morale_by_direction(tmp_path):
    body = STAY + """  - day: 2
    mapped: {B2: hills}
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 6, movement: 1}
  - day: 3
    moved: [A1]
    resources: {conquistadors: 6, muskets: 6, food: 3, morale: 6, movement: 0}
"""
    found = problems(tmp_path, body)
    one(found, tmp_path, 14, "days[2].resources.morale", "day 3 ends with morale at most 3", "take 6 to 3")
    assert problems(tmp_path, body.replace("food: 3, morale: 6", "food: 3, morale: 3")) == []


def test_staying_put_costs_morale(tmp_path):
    found = problems(tmp_path, STAY.replace("morale: 5", "morale: 6"))
    one(found, tmp_path, 7, "days[0].resources.morale", "day 1 ends with morale at most 5",
        f"take {R.cap} to {R.cap + R.morale_no_travel}")
    assert problems(tmp_path, STAY) == []


def test_food_cannot_rise_beyond_a_days_hunting(tmp_path):
    days = "".join(f"""  - day: {n}
    resources: {{conquistadors: 6, muskets: 6, food: {6 - n}, morale: {6 - n}, movement: 6}}
""" for n in range(1, 5))
    assert problems(tmp_path, days) == []
    found = problems(tmp_path, days + """  - day: 5
    resources: {conquistadors: 6, muskets: 6, food: 6, morale: 1, movement: 6}
""")
    one(found, tmp_path, 15, "days[4].resources.food", "food 2 \u2192 6", "day 5 ends with food at most 4",
        "hunting +0..+2")


# Day 3 camps (a ration, morale -1 for staying put), yet morale ends 1 higher: the rolls gave +2,
# which only Exploring 8 with Hunting 11+ can give (no village, fever or cache is recorded), and
# Hunting 11+ brings food +2 with its morale, while food fell by the ration alone. Each tracker
# alone stays inside its own range (the per-tracker check accepted this day). Morale is said first:
# the rolls moved it, while food is what the ration alone leaves.
JOINT = STAY + """  - day: 2
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 4, movement: 6}
  - day: 3
    resources: {conquistadors: 6, muskets: 6, food: 3, morale: 5, movement: 6}
"""


def test_a_day_is_checked_as_one_set_of_rolls_not_tracker_by_tracker(tmp_path):
    found = problems(tmp_path, JOINT)
    one(found, tmp_path, 11, "days[2].resources.morale", "morale 4 \u2192 5", "no one set of rolls gives it",
        "day 3 can end with morale 1\u20134, as rolls {", "with morale 5, food 5 (",
        "gives all of that row's effects together")
    assert problems(tmp_path, JOINT.replace("food: 3, morale: 5", "food: 5, morale: 5")) == []
    assert problems(tmp_path, JOINT.replace("food: 3, morale: 5", "food: 3, morale: 4")) == []


RIVER = """  - day: 1
    mapped: {B2: mountains}
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
  - day: 2
    mapped: {B1: forest}
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 5, movement: 2}
  - day: 3
    mapped: {B3: hills}
    moved: [C2]
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 6, movement: 1}
"""


def test_mapping_hills_from_the_river_draws_a_cataract(tmp_path):
    """B2 is on the river (downstream C2). Hills is a Mapping total of 3, always with a die showing 1,
    and a 1 mapping from a river hex draws a cataract: not recorded, and it would block the step."""
    found = problems(tmp_path, RIVER)
    one(found, tmp_path, 14, "days[2].mapped.B3", "hills", "shows a 1", "draws a cataract to C2",
        "block the step to C2")
    assert problems(tmp_path, RIVER.replace("{B3: hills}", "{B3: mountains}")) == []


# --- rolls: exact replay ---------------------------------------------------------------------------


def test_rolls_are_replayed_exactly(tmp_path):
    # botany in the mountains (A1). Planning 2 2 3 6 6: movement +1, mapping, hunting +1.
    # Movement 3+4 +1 -1 = 7: progress +1, morale -1. Mapping 1+2 = 3: hills.
    # Hunting 3+4 +1 +1 (mountains) +1 (botany) = 10: food +2. Rations -1; step SE: -5 progress, +3 morale.
    day = """  - day: 1
    mapped: {B2: hills}
    moved: [B2]
    rolls: {planning: [2, 2, 3, 6, 6], movement: [3, 4], mapping: [1, 2], hunting: [3, 4]}
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
"""
    assert problems(tmp_path, day) == []
    found = problems(tmp_path, day.replace("morale: 6", "morale: 5"))
    one(found, tmp_path, 10, "days[0].resources.morale", "5, but the rolls give morale 6", "hunting")
    found = problems(tmp_path, day.replace("B2: hills", "B2: plains"))
    one(found, tmp_path, 7, "days[0].mapped", "the rolls map B2: hills")
    found = problems(tmp_path, day.replace("hunting: [3, 4]}", "hunting: [3, 4], exploring: [5, 5]}"))
    one(found, tmp_path, 9, "days[0].rolls.exploring", "no 4 was planned")
    found = problems(tmp_path, day.replace(", hunting: [3, 4]", ""))
    one(found, tmp_path, 9, "days[0].rolls", "a 6 was planned: record the hunting dice")


def test_rolls_from_the_careful_player_replay_and_any_change_diverges():
    data = simulate_1572(11)
    for d in data["days"]:
        d.pop("log")
    found, played = replay_data(copy.deepcopy(data), "g.yaml")
    assert found == [] and played.result == data["outcome"]["result"]
    day = next(d for d in data["days"] if "hunting" in d["rolls"])
    i = data["days"].index(day)
    food = day["resources"]["food"]
    day["resources"]["food"] = food - 1 if food else food + 1
    found, _ = replay_data(data, "g.yaml")
    assert found and found[0].startswith("g.yaml:") and f"days[{i}].resources.food" in found[0]
    assert "but the rolls give food" in found[0]


# --- the engine ----------------------------------------------------------------------------------


def board():
    return eng.board_of(standard_map("lost-expedition"))


def through(st, key: str, *inputs):
    """The state once the step `key` (made the open one) has taken `inputs` in turn."""
    st = eng.replace(st, step=tuple(eng.STEP).index(key))
    for value in inputs:
        st = eng.STEP[key].apply(st, value)
    return st


def test_engine_is_deterministic_and_pure():
    a = play(5, None, Careful)
    b = play(5, None, Careful)
    assert a == b
    for name, value in vars(eng).items():
        if name.startswith("__"):
            continue
        assert not isinstance(value, (list, dict, set)), name  # no module-level mutable state


def test_wilds_call_no_phase_and_go_only_to_called_phases():
    st = eng.start_day(eng.new_game(board(), "military"))
    with pytest.raises(RuleError, match="only adds to a phase the dice called"):
        planned(st, (1, 1, 2, 2, 2), (("hunting", 2),))
    after = planned(st, (1, 1, 1, 1, 1))
    assert after.plan.called == ()
    assert eng.wild_assignments(st, (1, 1, 3, 5, 5)) == (
        (("native-contact", 2),), (("mapping", 1), ("native-contact", 1)), (("mapping", 2),))


def test_exploring_ten_gives_interests_and_mapping_rolls_two_dice():
    st = planned(eng.start_day(eng.new_game(board(), "military")), (3, 4, 4, 5, 6))
    assert st.plan.get("exploring") == R.bonus_per_extra
    # A1 is mountains (no exploring modifier): 4 + 5 + 1 = 10; no musket's reroll
    assert through(st, "exploring", (4, 5), False).interest_due
    with pytest.raises(RuleError, match="mapping is rolled on 2 dice"):
        through(st, "mapping", "B2", (4,))


def test_two_trail_steps_and_only_mapped_hexes():
    st = eng.start_day(eng.new_game(board(), "military"))
    st = eng.replace(st, trails=frozenset({frozenset(("A1", "B2")), frozenset(("B2", "B3"))}),
                     terrain={**st.terrain, "B2": "hills"})
    st = eng.step(st, "B2")
    assert "not mapped" in eng.step_problem(st, "B3")
    st = eng.replace(st, terrain={**st.terrain, "B3": "hills", "C3": "hills"})
    st = eng.step(st, "B3")
    assert st.steps == ("B2", "B3")
    assert "at most 2 steps a day" in eng.step_problem(eng.replace(st, values=(6,) * 5), "C3")


def test_no_step_out_of_the_delta():
    """Reaching the delta wins at once: no step follows, even along a trail that would pay (random play on a
    one-column map walked through the delta, a game the save's replay refuses)."""
    st = eng.start_day(eng.new_game(board(), "military"))
    st = eng.replace(st, pos="N4", trails=frozenset({frozenset(("N4", "O4"))}),
                     terrain={**st.terrain, "N4": "hills", "O4": "hills"})
    st = eng.step(st, "O4")
    assert "the game is won" in eng.step_problem(st, "N4")


# --- players -------------------------------------------------------------------------------------


class Chaos(Player):
    """Every decision at random among the legal ones (WILDs, rerolls, muskets, Diego, the eclipse's
    row, trails, fills, second steps, the Cartography trail): the saves the rules allow, beyond the
    two policies' habits."""

    stage = "1572-chaos"

    def __init__(self, seed: int, game_map=None):
        super().__init__(seed, game_map)
        self.rng = random.Random(seed)

    def keep(self, phase):
        dice = eng.planned_dice(self.st)
        keep = [d for d in dice if self.rng.random() < 0.5]
        return dice if self.rng.random() < 0.5 else tuple(keep)

    def wilds(self, phase):
        return self.rng.choice(eng.wild_assignments(self.st, eng.planned_dice(self.st)))

    def diego(self, phase):
        return phase not in ("interests", "travel") and self.st.diego and not self.st.diego_used \
            and self.rng.random() < 0.5

    def musket(self, chart):
        return self.st.get("muskets") >= R.musket_reroll_cost and self.rng.random() < 0.3

    def row(self, phase):
        return self.rng.randrange(len(eng.rows_of("native-contact")))

    def target(self, phase):
        return self.rng.choice(eng.mapping_targets(self.st))

    def trail(self, phase):
        options = eng.trail_options(self.st, self.st.pos)
        return self.rng.choice(options) if options else None

    def fill(self, phase):
        return self.st.get("muskets") >= R.musket_reroll_cost and self.rng.random() < 0.5

    def to(self, phase):
        options = [lab for lab in self.board.neighbours[self.st.pos] if eng.step_problem(self.st, lab) is None]
        if not options or self.rng.random() < 0.2:
            return None
        return min(options, key=self.board.to_goal.get) if self.rng.random() < 0.6 else self.rng.choice(options)

    def cartography(self, phase):
        return self.trail(phase) if self.rng.random() < 0.5 else None


def bare(data: dict) -> dict:
    """A player's game as a save without rolls (and without the player's log)."""
    data = copy.deepcopy(data)
    for d in data["days"]:
        d.pop("log", None)
        d.pop("rolls", None)
    return data


def _clean(player, seeds, with_rolls):
    for seed in seeds:
        data = play(seed, None, player)
        claimed = data["outcome"]["result"]
        for d in data["days"]:
            d.pop("log")
            if not with_rolls:
                d.pop("rolls")
        found, played = replay_data(data, f"seed-{seed}.yaml")
        assert found == [], (player.__name__, seed, found)
        assert played.result == claimed


@pytest.mark.parametrize("player", [Careful, Naive])
def test_simulated_games_replay_clean_with_and_without_rolls(player):
    _clean(player, range(3), True)
    _clean(player, range(3), False)


@pytest.mark.slow
@pytest.mark.parametrize("player, with_rolls", [(Careful, True), (Careful, False), (Naive, False)])
def test_a_thousand_simulated_games_replay_clean(player, with_rolls):
    _clean(player, range(1000), with_rolls)


def rolls_explain(data: dict) -> bool:
    """The save without rolls passes, and the rolls Explaining1572 finds for its days, written into
    it, replay exactly through the engine (so each day is one legal set of rolls, not a guess)."""
    rules = Explaining1572()
    found, _ = replay_data(bare(data), "bare.yaml", rules=rules)
    assert found == [], found
    days = rules.days
    with_rolls = bare(data)
    for d, rolls in zip(with_rolls["days"], days):
        d["rolls"] = rolls
    found, _ = replay_data(with_rolls, "explained.yaml")
    assert found == [], found
    return True


def test_random_legal_games_are_explained_by_rolls_that_replay_exactly():
    for seed in range(3):
        assert rolls_explain(play(seed, None, Chaos)), seed


@pytest.mark.slow
def test_many_random_legal_games_are_explained_by_rolls_that_replay_exactly():
    for seed in range(300):
        assert rolls_explain(play(seed, None, Chaos)), seed
    for seed in range(100):
        assert rolls_explain(play(seed, None, Naive)) and rolls_explain(play(seed, None, Careful)), seed


def mutate(data, rng: random.Random, kind: str, gm):
    """One random single change: a resource +-1..3, a move changed, or a day's mapping doubled.
    Returns the index of the day changed (None: nothing to change)."""
    days = data["days"]
    if kind == "resource":
        day = rng.choice(days)
        key = rng.choice(TRACKER_KEYS)
        delta = rng.choice((-3, -2, -1, 1, 2, 3))
        v = day["resources"][key] + delta
        day["resources"][key] = v if 0 <= v <= R.cap else day["resources"][key] - delta
        return days.index(day)
    if kind == "move":
        moved = [d for d in days if d.get("moved")]
        if not moved:
            return None
        day = rng.choice(moved)
        i = days.index(day)
        prev = next((d["moved"][-1] for d in reversed(days[:i]) if d.get("moved")), gm.start)
        day["moved"] = [rng.choice([x for x in gm.neighbors(prev) if x != day["moved"][0]])]
        return i
    mapped = [d for d in days if d.get("mapped")]
    if not mapped:
        return None
    day = rng.choice(mapped)
    first = next(iter(day["mapped"]))
    terrain = dict(terrain_before(data, days.index(day), gm))
    extra = [x for x in gm.neighbors(first) if x not in terrain and x not in day["mapped"]]
    if not extra:
        return None
    day["mapped"][extra[0]] = day["mapped"][first]
    return days.index(day)


def terrain_before(data, upto, gm):
    terrain = dict(gm.terrain)
    for d in data["days"][:upto]:
        terrain.update(d.get("mapped", {}))
    return terrain


def mutated_saves(seeds, with_rolls: bool, kind: str, upto_next_day: bool = False):
    """One mutated save per careful game (a fixed random source). With upto_next_day the save ends
    the day after the change (a changed day is checked on its own and as the next day's start; only
    a change to the last two days can touch the outcome, and those keep it)."""
    gm = standard_map("lost-expedition")
    rng = random.Random(1572)
    for seed in seeds:
        data = simulate_1572(seed)
        for d in data["days"]:
            d.pop("log")
            if not with_rolls:
                d.pop("rolls")
        i = mutate(data, rng, kind, gm)
        if i is None:
            continue
        if upto_next_day and i + 2 < len(data["days"]):
            data["days"] = data["days"][:i + 2]
            data.pop("outcome")
        yield seed, data


def mutation_rate(seeds, with_rolls, kind, upto_next_day=False) -> tuple[int, list]:
    """How many mutated saves are rejected, and the accepted ones."""
    rejected, accepted = 0, []
    for seed, data in mutated_saves(seeds, with_rolls, kind, upto_next_day):
        found, _ = replay_data(copy.deepcopy(data), "m.yaml")
        rejected += bool(found)
        if not found:
            accepted.append((seed, data))
    return rejected, accepted


def test_resource_mutations_without_rolls_are_rejected_unless_rolls_explain_them():
    """Without rolls the day is checked as one set of rolls, not tracker by tracker: 18 of these 20
    single resource changes are rejected (the per-tracker check rejected 15), and each one accepted
    is a legal game: rolls for every day of it replay exactly, so no check could reject it."""
    rejected, accepted = mutation_rate(range(20), False, "resource", upto_next_day=True)
    assert rejected >= 17 and rejected + len(accepted) == 20, rejected
    for seed, data in accepted:
        assert rolls_explain(data), seed


def test_moves_and_mappings_changed_without_rolls_are_rejected():
    for kind in ("move", "mapping"):
        rejected, accepted = mutation_rate(range(4), False, kind, upto_next_day=True)
        assert accepted == [] and rejected > 0, kind


@pytest.mark.slow
def test_mutation_rates_over_two_hundred_games():
    """The rates in the notes: with rolls every change diverges from the dice; without, every changed
    move and doubled mapping is rejected, and every accepted resource change replays exactly with
    rolls found for it (164 of 200 rejected; the per-tracker check rejected 141)."""
    for kind in ("resource", "move", "mapping"):
        rejected, accepted = mutation_rate(range(200), True, kind)
        assert accepted == [], kind
    for kind in ("move", "mapping"):
        rejected, accepted = mutation_rate(range(200), False, kind)
        assert accepted == [], kind
    rejected, accepted = mutation_rate(range(200), False, "resource")
    assert rejected >= 160, rejected
    for seed, data in accepted:
        assert rolls_explain(data), seed


# --- every ruling visible --------------------------------------------------------------------------


def test_every_ruling_is_in_the_rulebook_house_rules_or_a_marked_chart():
    from lostprint.books import rulebook_1572 as b

    listed = {title for title, _ in b.house_rules(GAME)}
    for r in RULINGS:
        if r.chart:
            chart = GAME.chart(r.chart)
            assert (chart.house or any(band.house for band in chart.bands)) and r.rule in chart.note, r.key
        else:
            assert r.title in listed, r.key
        assert r.reason and r.rule


def test_the_sheet_footer_and_compass_read_the_data():
    from lostprint.i18n import ENGLISH
    from lostprint.sheets import lost_expedition as sheet

    text = GAME.text.footer_text
    assert f"day {R.day_limit}" in text and f"+{R.score_per_wonder} per natural wonder" in text
    terms = dict(sheet.score_terms(GAME, ENGLISH))
    assert terms["Natural Wonders"] == f"on a win: {R.score_per_wonder} each"


def test_the_example_replays_with_its_rolls():
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "1572-the-delta-by-grace.yaml"
    data = load(path)
    assert check_save_file(path) == []
    assert all("rolls" in d for d in data["days"])


def test_terrain_modifiers_are_numbers_not_prose_read_back():
    """The rulebook used to parse 'Movement −1, Hunting +1' back with a regex; it reads the numbers now,
    and the printed effect is written from them."""
    import inspect

    from lostprint.books import rulebook_1572 as b
    from lostprint.games.lost_expedition import TERRAIN_RULES

    assert "modifiers(" not in inspect.getsource(b)
    for t in TERRAIN_RULES:
        mods = b.terrain_mods(GAME, t.key)
        assert mods == {GAME.chart(chart).title: n for chart, n in t.mods}
        for title, n in mods.items():
            assert f"{title} {n:+d}".replace("-", "\u2212") in GAME.terrain(t.key).effect


def test_a_save_with_two_trail_steps_in_a_day_is_accepted(tmp_path):
    body = """  - day: 1
    mapped: {B2: hills}
    marks: [{trail: [A1, B2]}]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 5, movement: 6}
  - day: 2
    moved: [B2]
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 6, movement: 3}
  - day: 3
    mapped: {B3: hills}
    marks: [{trail: [B2, B3]}]
    resources: {conquistadors: 6, muskets: 6, food: 3, morale: 5, movement: 6}
  - day: 4
    moved: [B3, B2]
    resources: {conquistadors: 6, muskets: 6, food: 2, morale: 5, movement: 0}
"""
    assert problems(tmp_path, body) == []
    found = problems(tmp_path, body.replace("movement: 0}", "movement: 1}"))
    one(found, tmp_path, 19, "days[3].resources.movement", "day 4 ends with movement at most 0", "take 6 to 0")
    found = problems(tmp_path, body.replace("    marks: [{trail: [B2, B3]}]\n", ""))
    assert any("days[3].moved: 2 moves in a day" in p for p in found), found


# --- issue 23: the findings of the review set ------------------------------------------------------
# Each of these was accepted before (without rolls, or with them for the printed cataract, Lagos de Oro
# and Princess Kantyi); each names the rule it breaks.

FOUND_LATER = """  - day: 1
    mapped: {B2: hills}
    moved: [B2]
    marks: [MARK]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 0}
"""


@pytest.mark.parametrize("mark, twin", [
    ("{village: B2}", "{village: A1}"),
    ("{peaceful-village: B2}", "{peaceful-village: A1}"),
    ("{empire: B2}", "{empire: A1}"),
])
def test_a_village_or_empire_is_found_where_the_day_began_not_where_it_ended(tmp_path, mark, twin):
    """Exploring and Native Contact (phases 4-5) come before Map Travel (phase 9): what they find is
    drawn in the hex the day began in (A1), never in the hex the party reached later (B2)."""
    found = problems(tmp_path, FOUND_LATER.replace("MARK", mark))
    one(found, tmp_path, 9, f"days[0].marks[0].{mark[1:mark.index(':')]}", "where day 1 began, in A1", "not at B2 then", "phase")
    assert problems(tmp_path, FOUND_LATER.replace("MARK", twin)) == []


def test_a_cataract_is_drawn_only_while_mapping_from_a_river_hex(tmp_path):
    """Day 1 maps from A1 (not a river hex) and then walks into B2 (a river hex): no cataract may be
    drawn on B2's downstream side that day. Day 2, mapping from B2, may draw it."""
    found = problems(tmp_path, FOUND_LATER.replace("MARK", "{cataract: [B2, C2]}"))
    one(found, tmp_path, 9, "days[0].marks[0].cataract", "while mapping", "A1, not a river hex")
    good = FOUND_LATER.replace("marks: [MARK]\n    ", "") + """  - day: 2
    mapped: {B3: jungle}
    marks: [{cataract: [B2, C2]}]
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 5, movement: 1}
"""
    assert problems(tmp_path, good) == []


def test_the_printed_cataract_blocks_the_way():
    """The standard map prints a cataract on the river source's downstream side (A2-B2)."""
    st = eng.new_game(board(), "military")
    assert frozenset(("A2", "B2")) in st.cataracts
    st = eng.replace(eng.start_day(st), pos="A2", values=(6,) * 5, terrain={**st.terrain, "B2": "hills"})
    assert "cataract blocks the way between A2 and B2" in eng.step_problem(st, "B2")
    assert "B2" not in eng.trail_options(st, "A2")


PRINTED_CATARACT = """  - day: 1
    moved: [A2]
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 6, movement: 1}
  - day: 2
    mapped: {B3: hills}
    moved: [B3]
    resources: {conquistadors: 6, muskets: 6, food: 4, morale: 6, movement: 0}
"""


def test_a_save_cannot_walk_across_the_printed_cataract(tmp_path):
    body = PRINTED_CATARACT.replace("{B3: hills}", "{B2: hills}").replace("[B3]", "[B2]")
    found = problems(tmp_path, body)
    one(found, tmp_path, 11, "days[1].moved[0]", "cataract blocks the way between A2 and B2")
    assert problems(tmp_path, PRINTED_CATARACT) == []


def test_lagos_de_oro_lies_halfway_between_the_party_and_the_delta():
    st = eng.new_game(board(), "military")
    spots = eng.lagos_placements(st)
    assert spots
    here, delta = board().axial["A1"], board().axial[board().goals[0]]
    half = -(-eng.hexgrid.distance(here, delta) // 2)
    for trio in spots:  # each legal lake touches a hex as far from the party as from the delta
        assert min(max(board().distance("A1", h), board().distance(h, "O4")) for h in trio) == half
    st = planned(eng.start_day(st), (4, 4, 4, 5, 6))
    st = through(st, "exploring", (6, 6), False)
    assert st.interest_due
    lagos = through(st, "interests", (1, 2))  # 3: Lagos de Oro, where it lies to decide
    with pytest.raises(RuleError, match="halfway"):
        eng.STEP["interests"].apply(lagos, ("B1", "C1", "B2"))
    after = eng.STEP["interests"].apply(lagos, spots[0])
    assert after.lagos == spots[0]


def test_princess_kantyi_rerolls_native_contact_ones_and_twos():
    st = eng.replace(eng.new_game(board(), "military"), kantyi=True)
    st = planned(eng.start_day(st), (2, 3, 4, 5, 6))
    nc = eng.STEP["native-contact"]
    assert nc.need(through(st, "native-contact", (1, 4))) == Roll(KANTYI_ROLLS, 1)  # the 1 must be rerolled
    with pytest.raises(RuleError, match="Princess Kantyi"):
        through(st, "native-contact", (1, 4), (5, 6))  # one new face, not two
    assert nc.need(through(st, "native-contact", (3, 4))) == Decision("musket")  # nothing to reroll
    after = through(st, "native-contact", (1, 4), 6, False)  # 6 + 4 = 10: food, peaceful village
    assert after.peaceful == ("A1",)
    assert through(eng.replace(st, kantyi=False), "native-contact", (1, 4), False).fever  # 1 + 4 = 5: fever


KANTYI = """  - day: 1
    marks: [{peaceful-village: A1}, {interest: {hex: A1, result: princess-kantyi}}]
    rolls: {planning: [4, 4, 4, 5, 6], exploring: [6, 6], native-contact: [5, 5], hunting: [2, 2], interests: [4, 6]}
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 5, movement: 6}
  - day: 2
    marks: [{peaceful-village: A1}]
    rolls: {planning: [5, 5, 5, 6, 6], native-contact: [1, 2], kantyi: [6, 4], hunting: [3, 3]}
    resources: {conquistadors: 6, muskets: 6, food: 5, morale: 5, movement: 6}
"""


def test_princess_kantyi_rerolls_are_recorded_in_rolls(tmp_path):
    """Day 1 finds the princess; day 2's Native Contact shows 1 and 2, rerolled to 6 and 4: 10 + 2 = 12,
    a cache and a peaceful village (unrerolled, 1 + 2 + 2 = 5 would be a fever)."""
    assert problems(tmp_path, KANTYI) == []
    found = problems(tmp_path, KANTYI.replace(", kantyi: [6, 4]", ""))
    one(found, tmp_path, 12, "days[1].rolls.native-contact", "Princess Kantyi", "1s and 2s")
    found = problems(tmp_path, KANTYI.replace("kantyi: [6, 4]", "kantyi: [6]"))
    one(found, tmp_path, 12, "days[1].rolls.native-contact", "Princess Kantyi")


def test_the_save_schema_has_a_place_for_kantyis_rerolls():
    from lostprint.saves.schema import save_schema

    text = str(save_schema())
    assert "'kantyi'" in text


def test_the_issue_23_rulings_are_marked_house_rules_with_reasons():
    """Each reading the source leaves open is a ruling with its reason, which the rulebook prints
    under House rules (marked \u2302)."""
    from lostprint.books import rulebook_1572 as b

    keys = {r.key: r for r in RULINGS}
    listed = {title for title, _ in b.house_rules(GAME)}
    for key in ("day-limit", "interests-on-entering", "archeology", "lake-peaceful", "lagos-halfway",
                "lagos-one-hex", "lagos-no-room", "migration-fill", "kantyi", "diego-travelling", "river-next-hex"):
        assert key in keys and keys[key].reason, key
        assert keys[key].title in listed, key


# --- the effects the validator reads from the engine, as vectors ------------------------------------


@pytest.mark.parametrize("expedition, lagos, where, immune", [
    ("botany", (), "A1", True), ("military", (), "A1", False), ("doctor", ("G2", "H2", "H3"), "H2", True),
    ("doctor", ("G2", "H2", "H3"), "I2", False)])
def test_fever_immunity(expedition, lagos, where, immune):
    assert eng.fever_immune(expedition, lagos, where) is immune


@pytest.mark.parametrize("expedition, terrain, peaceful, found, cost", [
    ("military", "hills", False, "village", R.village_progress),
    ("military", "hills", True, "peaceful-village", R.village_progress),
    ("religious", "hills", False, "peaceful-village", 0),
    ("military", "lake", False, "", 0), ("religious", "lake", True, "", 0)])
def test_what_a_village_icon_draws(expedition, terrain, peaceful, found, cost):
    assert eng.village_found(expedition, terrain, peaceful) == found
    assert eng.village_cost(expedition, terrain) == cost


@pytest.mark.parametrize("values, after", [
    ((6, 6, 3, 6, 6), (6, 6, 2, 6, 6)), ((6, 6, 0, 6, 6), (5, 6, 0, 6, 6)), ((1, 6, 0, 6, 6), (0, 6, 0, 6, 6))])
def test_rations_vectors(values, after):
    assert eng.rations(values) == after


@pytest.mark.parametrize("values, after", [((6, 6, 6, 1, 6), (6, 6, 6, 1, 6)), ((6, 6, 6, 0, 6), (5, 6, 6, 0, 6))])
def test_desertion_vectors(values, after):
    assert eng.desertion(values) == after


@pytest.mark.parametrize("path, morale", [(("A1",), (R.morale_no_travel,)), (("A1", "B2"), (3,)),
                                          (("B2", "B1", "A1"), (-1, -1)), (("A1", "A2"), (1,))])
def test_morale_of_travel_vectors(path, morale):
    assert eng.morale_of_travel(board(), path) == morale


@pytest.mark.parametrize("expedition, key", [("military", ("conquistadors", 1)), ("doctor", ("food", 1))])
def test_accident_vectors(expedition, key):
    accident = Effect("accident")
    assert eng.icon_changes(accident, expedition, False, 0) == ((eng.IX[key[0]], -key[1]),)


@pytest.mark.parametrize("values, key, outcomes", [
    ((6, 6, 2, 1, 0), "natural-wonder", {(6, 6, 2, 6, 0)}),
    ((5, 0, 2, 3, 0), "diego-mendoza", {(6, 1, 2, 3, 0)}),
    ((6, 2, 1, 3, 0), "migration", {(6, 2, 1, 3, 0), (6, 1, 6, 3, 0)}),
    ((6, 0, 1, 3, 0), "migration", {(6, 0, 1, 3, 0)})])
def test_interest_outcomes_vectors(values, key, outcomes):
    assert set(eng.interest_outcomes(values, key)) == outcomes


@pytest.mark.parametrize("rolls, faces, final", [
    (((1, 4),), (6,), ((6, 4),)), (((2, 2),), (1, 5), ((1, 5),)), (((3, 4),), (), ((3, 4),)),
    (((1, 4), (2, 6)), (3, 5), ((3, 4), (5, 6)))])
def test_kantyi_vectors(rolls, faces, final):
    assert eng.kantyi_rerolled(rolls, faces) == final


# --- every effect by vectors: (state, die or decision -> what changed), beyond the contract's table -------
# States are day 1 in F3 (forest, as are F2, G2, G3 and E3; see test_engine_1572_contract.at), all trackers 6
# unless set; each expectation is worked out from the rules, with the roll that shows the effect matters.

EFFECT_VECTORS = [
    # planning: a Doctor breaks a fever with two WILDs; a swamp holds it (and the WILDs) whatever is rolled
    ("planning", at("planning", expedition="doctor", fever=True,
                    inputs=dict(rolls=((1, 1, 2, 4, 4),), keep=(1, 1, 2, 4, 4))), (),
     {"fever": False, "fever_today": "broken",
      "plan": eng.Plan((1, 1, 2, 4, 4), ("movement", "exploring"), (("movement", 0), ("exploring", 1)))}),
    ("planning", at("planning", fever=True, terrain={"F3": "swamp"},
                    inputs=dict(rolls=((1, 1, 1, 2, 3),), keep=(1, 1, 1, 2, 3))), (),
     {"plan": eng.Plan((1, 1, 1, 2, 3), ("movement", "mapping"), (("movement", 0), ("mapping", 0)))}),
    # movement: a Military musket's reroll adds 2 (8 + 2 = 10: +2, not 8's +1 and a morale); Diego's +1 (9 + 1)
    ("movement", at("movement", expedition="military", movement=0, muskets=3,
                    inputs=dict(rolls=((1, 1),), musket=True)), (4, 4), {"movement": 2, "muskets": 2}),
    ("movement", at("movement", diego=True, movement=0, muskets=0, inputs=dict(diego=True)), (4, 5),
     {"movement": 2, "diego_used": True}),
    ("movement", at("movement", muskets=0, lagos=("F3", "G3", "G2")), (2, 2), {}),  # at Lagos de Oro: no fever
    # exploring: a peaceful village here adds 1 (7 + 1: morale, not a village); a jungle takes 1 (8 - 1: a village)
    ("exploring", at("exploring", peaceful=("F3",), muskets=0, morale=3), (3, 4), {"morale": 4}),
    ("exploring", at("exploring", terrain={"F3": "jungle"}, muskets=0), (4, 4),
     {"villages": ("F3",), "movement": 5, "marks": (("village", ("F3",)),)}),
    ("exploring", at("exploring", muskets=0, interests=(("F3", "migration"),)), (5, 6), {}),  # held: no interest
    # native contact: near an empire one die (3: another empire); 11: a cache and a peaceful village
    ("native-contact", at("native-contact", empires=("G3",), muskets=0), 3,
     {"empires": ("G3", "F3"), "marks": (("empire", ("F3",)),)}),
    ("native-contact", at("native-contact", muskets=0, food=2, morale=2), (5, 6),
     {"food": 3, "muskets": 1, "morale": 3, "peaceful": ("F3",), "marks": (("peaceful-village", ("F3",)),)}),
    # hunting: Botany's +1 and a peaceful village's +1 (3 + forest 1 + 1 = 5: food and a morale lost, not 4's)
    ("hunting", at("hunting", expedition="botany", food=2, muskets=0), (1, 2), {"morale": 5, "food": 3}),
    ("hunting", at("hunting", peaceful=("F3",), food=2, muskets=0), (1, 2), {"morale": 5, "food": 3}),
    # mapping: a die showing 1 from a river hex (F2) draws a cataract downstream (F2-G2); from F3 it does not
    ("mapping", at("mapping", pos="F2", terrain={"F2": "forest"}, inputs=dict(target="G1")), (1, 4),
     {"terrain": {**BOARD.printed, "F2": "forest", "G1": "jungle"}, "mapped": (("G1", "jungle"),),
      "cataracts": BOARD.cataracts | {frozenset(("F2", "G2"))}, "marks": (("cataract", ("F2", "G2")),)}),
    ("mapping", at("mapping", terrain={"F3": "forest"}, inputs=dict(target="G3")), (1, 4),
     {"terrain": {**BOARD.printed, "F3": "forest", "G3": "jungle"}, "mapped": (("G3", "jungle"),)}),
    ("mapping", at("mapping", diego=True, terrain={"F3": "forest"}, inputs=dict(target="G3", diego=True)), (5, 5),
     {"terrain": {**BOARD.printed, "F3": "forest", "G3": "lake"}, "mapped": (("G3", "lake"),), "diego_used": True}),
    # interests: 7 a natural wonder; a repeat (5: Migration again) or a Lagos with nowhere to lie (2) is one too;
    # 9 an eclipse for two contacts (8 with Diego's +1); 10 Princess Kantyi; 11 Diego Mendoza
    ("interests", at("interests", interest_due=True, morale=1), (3, 4),
     {"interest_due": False, "interests": (("F3", WONDER),), "morale": 6, "marks": (("interest", ("F3",), WONDER),)}),
    ("interests", at("interests", interest_due=True, morale=1, interests=(("A1", "migration"),)), (2, 3),
     {"interest_due": False, "interests": (("A1", "migration"), ("F3", WONDER)), "morale": 6,
      "marks": (("interest", ("F3",), WONDER),)}),
    ("interests", at("interests", interest_due=True, morale=1, terrain=dict.fromkeys(BOARD.axial, "forest")), (1, 1),
     {"interest_due": False, "interests": (("F3", WONDER),), "morale": 6, "marks": (("interest", ("F3",), WONDER),)}),
    ("interests", at("interests", interest_due=True, diego=True, inputs=dict(diego=True)), (4, 4),
     {"interest_due": False, "interests": (("F3", "predict-eclipse"),), "eclipse": 2, "diego_used": True,
      "marks": (("interest", ("F3",), "predict-eclipse"),)}),
    ("interests", at("interests", interest_due=True), (4, 6),
     {"interest_due": False, "interests": (("F3", "princess-kantyi"),), "kantyi": True,
      "marks": (("interest", ("F3",), "princess-kantyi"),)}),
    ("interests", at("interests", interest_due=True, conquistadors=5, muskets=3), (5, 6),
     {"interest_due": False, "interests": (("F3", "diego-mendoza"),), "diego": True, "conquistadors": 6,
      "muskets": 4, "marks": (("interest", ("F3",), "diego-mendoza"),)}),
    # travel: down the river gains progress (F2 -> G2: -5 +1); entering an interest icon (G1) or, for Archeology,
    # following a trail into another terrain (F3 -> G3 hills) rolls Interests there; a Military party does not
    ("travel", at("travel", pos="F2", terrain={"F2": "forest", "G2": "forest"}), "G2",
     {"pos": "G2", "steps": ("G2",), "movement": 2}),
    ("travel", at("travel", pos="F2", terrain={"F2": "forest", "G1": "forest"}), "G1",
     {"pos": "G1", "steps": ("G1",), "movement": 1, "interest_due": True}),
    ("travel", at("travel", trails=frozenset({frozenset(("F3", "G3"))}), terrain={"F3": "forest", "G3": "hills"}),
     "G3", {"pos": "G3", "steps": ("G3",), "movement": 3, "interest_due": True}),
    ("travel", at("travel", expedition="military", trails=frozenset({frozenset(("F3", "G3"))}),
                  terrain={"F3": "forest", "G3": "hills"}), "G3", {"pos": "G3", "steps": ("G3",), "movement": 3}),
    # morale: two steps, NW then N (-3, -1); the end: the day limit
    ("morale", at("morale", pos="E1", steps=("E2", "E1"), morale=6), None, {"morale": 2}),
    ("end", at("end", day=R.day_limit), None, {"over": ("lost", f"the day limit ({R.day_limit} days)")}),
]


@pytest.mark.parametrize("key, before, value, want", EFFECT_VECTORS)
def test_1572_effect_vectors(key, before, value, want):
    assert changes(before, eng.STEP[key].apply(before, value)) == want


@pytest.mark.parametrize("key, before", [(k, b) for k, b, *_ in EFFECT_VECTORS])
def test_every_input_at_an_effect_vector_state_stays_within_its_reach(key, before):
    step = eng.STEP[key]
    parts = eng.parts(before)
    for value in inputs(before, step, step.need(before), random.Random(1)):
        try:
            new = step.apply(before, value)
        except RuleError:
            continue
        assert {k for k, x in eng.parts(new).items() if parts[k] != x} <= step.reach, (key, value)
