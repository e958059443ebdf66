"""1872 validation: the leftovers of the last review (a plot hex entered unrecorded, ...), each a case
that failed before its fix."""
import copy
from pathlib import Path

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
