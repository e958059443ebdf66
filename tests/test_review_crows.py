"""The Crows review set (tests/data/review/crows, written by its make*.py from the source's rules; hand/, by hand):
each record breaks one rule (-bad) or is its corrected twin (-good). Every bad record is refused with a
message naming what is wrong (its '# expect:' line; '# expect-lines: N' pins how many lines, so one slip is
told once), every good one accepted."""
import re
from pathlib import Path

import pytest

from lostprint.crows.record import check_record_data
from lostprint.files import load

HERE = Path(__file__).parent / "data" / "review" / "crows"
# hand/: pairs written by hand from the rules and docs/formats/saves.md, not by make*.py
RULES = sorted(str(p.relative_to(HERE))[:-len("-bad.yaml")]
               for p in [*HERE.glob("*-bad.yaml"), *HERE.glob("hand/*-bad.yaml")])


def expected(path: Path, key: str = "expect") -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {key}: "):
            return line[len(f"# {key}: "):]
    assert key != "expect", f"{path.name}: no expect line"
    return None


def problems(path: Path) -> list:
    found, _record, _result = check_record_data(load(path), path.name)
    return found


def test_the_review_set_is_whole():
    assert len(RULES) >= 82
    assert all((HERE / f"{rule}-good.yaml").exists() for rule in RULES)


@pytest.mark.parametrize("rule", RULES)
def test_a_record_breaking_one_rule_is_refused(rule):
    path = HERE / f"{rule}-bad.yaml"
    found = problems(path)
    assert found, f"{rule} accepted"
    assert all(re.match(rf"{re.escape(path.name)}:\d+: ", line) for line in found), found
    assert expected(path) in "\n".join(found), found
    lines = expected(path, "expect-lines")  # one slip, one line: not again on every line it upsets
    assert lines is None or len(found) == int(lines), found


@pytest.mark.parametrize("rule", RULES)
def test_its_corrected_twin_is_accepted(rule):
    assert problems(HERE / f"{rule}-good.yaml") == []
