"""More Crows review pairs beside make.py's, one rule of the source (004_eed05e34a0242609.txt) each:
<rule>-bad.yaml breaks it and nothing else, <rule>-good.yaml is its corrected twin, both from
examples/crows-3p.yaml. A good twin claims the replay's scores, a bad one the scores the good twin
claims, so a rule that changes the points is refused for them too.

    python tests/data/review/crows/make_rules.py     # writes only this script's pairs
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[3] / "examples" / "crows-3p.yaml"


def example() -> dict:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["date"] = str(data["date"])  # a record's date is text; YAML reads a bare date as a date
    return data


def replayed(data: dict):
    from lostprint.crows.record import check_record_data

    problems, _record, result = check_record_data(copy.deepcopy(data), "review.yaml")
    return problems, result


def scored(data: dict) -> dict:
    _, result = replayed(data)
    data = copy.deepcopy(data)
    if result is not None:
        data.setdefault("outcome", {})["scores"] = dict(result.final)
    return data


def turn(data: dict, rnd: int, player: str) -> dict:
    return next(t for t in data["rounds"][rnd] if t["player"] == player)


CASES: list = []


def case(rule: str, source: str, expect: str):
    def wrap(fn):
        CASES.append((rule, source, expect, fn))
        return fn
    return wrap


@case("totem-on-a-totem", "Your turn: the Mana Totem goes on an empty tile: no other totems",
      "rounds[0][1].totem: totems go on empty tiles, but [2, 0] holds Mara's totem")
def _():
    bad = example()
    turn(bad, 0, "Tobias")["totem"] = [2, 0]  # Mara's totem stands there this round
    return bad, scored(example())


@case("totem-on-corruption", "Special rules: no totem on a tile with a Mana Corruption token (round 2's murder "
      "left one on [4, 2])",
      "rounds[2][1].totem: totems go on empty tiles, but [4, 2] has a Mana Corruption token")
def _():
    bad = example()
    turn(bad, 2, "Tobias")["totem"] = [4, 2]
    return bad, scored(example())


@case("corruption-stays", "Murders: Mana Corruption tokens are removed only by the next murder (none in rounds "
      "3 and 4: [4, 2] is still corrupt in round 5)",
      "rounds[4][1].totem: totems go on empty tiles, but [4, 2] has a Mana Corruption token")
def _():
    bad = example()
    turn(bad, 4, "Tobias")["totem"] = [4, 2]
    return bad, scored(example())


@case("corruption-cleared", "Murders, step 2: a new murder removes the tokens of earlier rounds (round 5's "
      "murders free [4, 2]; the token on [2, 3] is new)", "rounds[5][0].totem: totems go on empty tiles, but [2, 3] has a Mana Corruption token")
def _():
    good = example()
    turn(good, 5, "Mara")["totem"] = [4, 2]
    bad = example()
    turn(bad, 5, "Mara")["totem"] = [2, 3]  # corrupt and bare of crows
    return scored(bad) | {"outcome": scored(good)["outcome"]}, scored(good)


@case("unused-spells-score", "Scoring: each unused spell is worth 2 points at the end",
      "outcome.scores.Mara: the replay gives Mara 72 points, not 70")
def _():
    good = scored(example())
    _, result = replayed(good)
    holder, left = next((p, n) for p, n in dict(result.spells_left).items() if n)
    bad = copy.deepcopy(good)
    bad["outcome"]["scores"][holder] -= 2 * left
    return bad, good


def write() -> None:
    for rule, source, expect, fn in CASES:
        bad, good = fn()
        for kind, data in (("bad", bad), ("good", good)):
            head = [f"# review crows: {rule} ({kind})", f"# rule: {source}", "# from: examples/crows-3p.yaml"]
            if kind == "bad":
                head.append(f"# expect: {expect}")
            text = "\n".join(head) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110,
                                                           default_flow_style=None)
            (HERE / f"{rule}-{kind}.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
    for rule, _source, expect, _fn in CASES:
        bad, _ = replayed(yaml.safe_load((HERE / f"{rule}-bad.yaml").read_text()))
        good, _ = replayed(yaml.safe_load((HERE / f"{rule}-good.yaml").read_text()))
        hit = any(expect in line for line in bad)
        print("PASS" if hit and not good else "FAIL", rule, "" if hit else bad or "ACCEPTED", good or "")
