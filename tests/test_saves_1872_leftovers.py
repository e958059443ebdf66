"""1872 validation: the leftovers of the last review (a plot hex entered unrecorded, ...), each a case
that failed before its fix."""
import copy
from pathlib import Path

import pytest

from lostprint.files import load
from lostprint.saves import search
from lostprint.saves.validate import replay_data

REVIEW = Path(__file__).parent / "data" / "review" / "1872"


def bare(name: str) -> dict:
    data = load(REVIEW / name)
    for day in data["days"]:
        day.pop("rolls", None)
    return data


def test_a_plot_hex_entered_unrecorded_without_dice_is_refused_without_walking_every_roll(monkeypatch):
    """cursed-land's bad twin without its dice enters plot hex C with no mark: the engine rolls a plot hex
    on entering, so no branch can explain the day; the refusal is said at once (it walked every roll of the
    day twice first, 4-5 s)."""
    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    data = bare("cursed-land-bad.yaml")
    monkeypatch.setattr(search, "explain", no_search)
    found, _ = replay_data(copy.deepcopy(data), "cursed-land-bad.yaml")
    assert [line.split(": ", 1)[1] for line in found] == [
        "days[18].moved: C1 is plot hex C: record its roll as a mark, like {plot: {letter: C, roll: 3, outcome: ...}}"]


def said(data: dict, name: str) -> list:
    found, _ = replay_data(copy.deepcopy(data), name)
    return [line.split(": ", 1)[1] for line in found]


def test_a_value_refused_without_dice_names_the_rules_the_day_as_recorded_brings():
    """Without dice 'resolve is 6 ...; the rules allow 5' named no rule; now the recorded day's prices
    that move it are said (here the Missouri crossed on the way to the fort)."""
    assert said(bare("hand/fort-on-day-five-bad.yaml"), "x") == [
        "days[4].resources: resolve is 6 at the end of day 5 (from 6); whatever the dice the rules allow 5 with the "
        "other values as recorded (the day as recorded: F5 to E4 crosses a river: 1 more Movement or Resolve)"]
    assert said(bare("outcome-43A-bad.yaml"), "x")[0].endswith(
        "(the day as recorded: 43A The Lake Shore: Gain 2 Food. Lose 1 Proximity)")
    assert said(bare("mountain-cost-bad.yaml"), "x")[0].endswith(
        "(the day as recorded: entering L7 (mountains) costs 3 Movement and 1 Food)")


def test_values_refused_together_without_dice_say_the_day_as_recorded():
    assert said(bare("hailstorm-idle-bad.yaml"), "x")[0].startswith(
        "days[0].resources: no legal roll and choice gives food 6, resolve 5, proximity 5, movement 6 together at the "
        "end of day 1 (whatever the dice; the day as recorded: a day without a move costs 1 Resolve)")


def test_a_die_out_of_range_names_the_die():
    """'7 is above 6' named no rule: which die it is, and its size, are said."""
    assert said(load(REVIEW / "plot-die-bad.yaml"), "x") == ["days[1].marks[0].plot.roll: 7 is above 6 (a plot hex "
                                                             "rolls 1d6)"]
    assert said(load(REVIEW / "vision-die-bad.yaml"), "x") == ["days[9].vision.roll: 7 is above 6 (the Vision Quest "
                                                               "rolls 1d6)"]
    assert said(load(REVIEW / "dancers-same-day-bad.yaml"), "x") == [
        "days[3].spirit-dancers: 3 is above 2 (the Spirit Dancers change 2 dice a game at most)"]


def test_a_windriders_reroll_is_recorded_and_checked():
    """A Windriders reroll left no trace in a save (the board read as kept), so one made off the Plains
    could not be seen; the writer now records it as rolls.windriders: [box, face first thrown] and the
    validator replays it (seed 0 rerolls on day 11)."""
    from lostprint.players.lost_crows import simulate_1872

    save = simulate_1872(0)
    assert save["days"][10]["rolls"]["windriders"] == [4, 4]
    assert replay_data(copy.deepcopy(save), "x")[0] == []
    off = copy.deepcopy(save)
    off.pop("outcome", None)
    off["days"] = off["days"][:13]
    off["days"][12]["rolls"]["windriders"] = [1, 1]  # day 13 begins in the mountains
    assert said(off, "x") == ["days[12].rolls.windriders: a Windriders reroll needs the Plains vision 4 (Windriders) "
                              "and the tribe in the Plains; day 13 has no reroll"]


def test_a_hex_left_off_mapped_that_several_terrains_fit_is_named_with_them():
    """A hex entered but left off mapped: was carried on in the first terrain that explained the day, silently;
    when several fit (here, without dice, L7 as Plains or Forest), the step's refusal names the hex, the
    terrains that fit and the one the days after are read with."""
    data = {"format": "lostprint-save/1", "game": "lost-crows",
            "days": [{"day": 1, "mapped": {"M6": "forest"}, "moved": ["L7"],
                      "resources": {"food": 4, "resolve": 5, "movement": 4}}]}
    assert said(data, "x") == ["days[0].moved[0]: L7 is not mapped yet (draw a hex before you enter it); the day fits "
                               "L7 as plains or forest: write it under mapped: (the days after are read with L7 plains)"]


def test_the_sheets_shorthands_prox_and_move_are_read_as_resources():
    """The sheet's icons print Proximity and Movement Progress as `Prox +1` and `Move +1`; a player copying the
    sheet writes `Prox` and `Move` (and in caps:). Was refused ('unknown resource'); the shared reader reads a
    tracker's short name (fields_common.resource_names)."""
    data = load(REVIEW / "hand" / "the-chiefs-five-spares-the-horses-good.yaml")
    data["days"][0]["resources"] = {"food": 5, "resolve": 4, "Prox": 5, "Move": 6}
    assert said(data, "x") == []
    capped = load(REVIEW / "cap-change-good.yaml")
    day = next(d for d in capped["days"] if "caps" in d)
    day["caps"] = {"Move": day["caps"]["movement"]}
    day["resources"] = {("Prox" if k == "proximity" else k): v for k, v in day["resources"].items()}
    assert said(capped, "x") == []


def test_outcome_dice_recorded_too_many_say_how_many_the_outcome_rolls():
    """'04A rolls 1 dice, not 2': the outcome's roll is said as the sheet writes it."""
    data = load(REVIEW / "hand" / "the-lake-fever-next-morning-good.yaml")
    data["days"][0]["rolls"]["outcome"] = [3, 4]
    assert said(data, "x") == ["days[0].rolls.outcome: outcome: 04A rolls 1d6, not 2 dice"]


def test_a_day_whose_vision_changes_a_move_cost_is_bounded(monkeypatch):
    """A day without rolls whose Vision Quest changes a terrain's Movement cost (Spirit of the Goat) was walked
    over every roll (the bound gave up on such a day: ~400,000 branches tested, 15-50 s) before its impossible
    Resolve was refused; the bound now takes either cost for each move, and the refusal is the same."""
    from lostprint.engine import lost_crows as eng

    tested, bound = [0], eng.day_bound

    def counted(*args, **kwargs):
        test = bound(*args, **kwargs)

        def count(game):
            tested[0] += 1
            return test(game)
        return count

    monkeypatch.setattr(eng, "day_bound", counted)
    path = REVIEW.parent.parent / "review_blind2" / "1872" / "b2-river-spirits-from-the-vision-day-bare-bad.yaml"
    found, _ = replay_data(load(path), path.name)
    assert [line.split(": ", 1)[1] for line in found] == [
        "days[7].resources.resolve: resolve is 6 at the end of day 8 (from 4); whatever the dice the rules allow "
        "1\u20134 with the other values as recorded (the day as recorded: I5 to H5 crosses a river: 1 more Movement "
        "or Resolve)"]
    assert tested[0] < 40_000, tested


def test_a_maximum_refused_without_dice_states_a_true_range():
    """Without dice the range of maximums said was too narrow: the branches a 3,000-step walk reached ("4-5",
    though two Droughts the next day bring 3), or those the search's bound by the recorded values let through
    ("4-6" whatever the dice, though three Droughts bring 3); now every branch is walked (or the cut said), and a
    range that holds only with the recorded values says so."""
    assert said(bare("hand/the-drought-does-not-lift-bad.yaml"), "x")[0].startswith(
        "days[1].caps.food: the food maximum is 6 after day 2; whatever the dice the rules give 3\u20135 (a maximum")
    assert said(bare("hand/three-droughts-one-morning-bad.yaml"), "x")[0].startswith(
        "days[0].caps.food: the food maximum is 2 after day 1; whatever the dice the rules give 4\u20136 with the "
        "values as recorded (a maximum")
