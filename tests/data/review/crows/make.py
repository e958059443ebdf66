"""Writes the Crows review set: for each rule, a record that breaks it and nothing else (<rule>-bad.yaml)
and its corrected twin (<rule>-good.yaml), from examples/crows-3p.yaml (a short two-player game for the
setup's Nightfall). A good twin's claimed scores are the replay's; a bad one keeps the example's, so a
rule that changes the points is refused for the score too. The header says which rule each file tests
and, for a bad one, words the validator's message must contain.

    python tests/data/review/crows/make.py     # rewrites the files beside this script

The rules come from the source (004_eed05e34a0242609.txt) and, where it is silent, from the
clarifications in lostprint.games.crows; a case that tests a house clarification says so.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from lostprint.crows.record import check_record_data
from lostprint.games import crows as G

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[3] / "examples" / "crows-3p.yaml"


def example() -> dict:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["date"] = str(data["date"])  # a record's date is text; YAML reads a bare date as a date
    return data


def replayed(data: dict):
    problems, record, result = check_record_data(copy.deepcopy(data), "review.yaml")
    return problems, result


def scored(data: dict) -> dict:
    """data with the replay's final scores claimed."""
    _, result = replayed(data)
    data = copy.deepcopy(data)
    if result is not None:  # a record refused before its replay claims nothing
        data.setdefault("outcome", {})["scores"] = dict(result.final)
    return data


def board_before(data: dict, rnd: int):
    """The board at the start of round `rnd` (0-based): the snapshot after the round before."""
    _, result = replayed(data)
    return result.snapshots[rnd]


def empty_tiles(snap) -> list:
    crows, corruption = dict(snap.crows), set(snap.corruption)
    return sorted(sq for sq, kind in snap.tiles if G.tile_type(kind).empty_ok and sq not in crows
                  and sq != snap.queen and sq not in corruption)


def crowded(snap) -> list:
    return sorted(sq for sq, n in snap.crows if n)


def open_touching(snap) -> list:
    tiles = dict(snap.tiles)
    out = set()
    for (c, r) in tiles:
        for sq in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if sq not in tiles:
                out.add(sq)
    return sorted(out)


def registrar(cases: list):
    """A decorator `@case(rule, source, expect)` that adds its function to `cases`."""
    def case(rule: str, source: str, expect: str):
        def wrap(fn):
            cases.append((rule, source, expect, fn))
            return fn
        return wrap
    return case


CASES: list = []
case = registrar(CASES)


def first(data, rnd):
    """The first turn of round rnd (its player places before anyone else that round)."""
    return data["rounds"][rnd][0]


@case("place-touching", "Your turn: the tile must connect along at least one edge", "touches no tile along an edge")
def _():
    bad = example()
    snap = board_before(bad, 2)
    tiles = dict(snap.tiles)
    far = next((c, r) for c in range(-9, 12) for r in range(-9, 12) if (c, r) not in tiles and all(
        (c + dc, r + dr) not in tiles for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))) and any(
        (c + dc, r + dr) in tiles for dc, dr in ((1, 1), (-1, -1), (1, -1), (-1, 1))))
    first(bad, 2)["at"] = list(far)
    return bad, scored(example())


@case("place-stack", "Your turn: tiles cannot stack", "tiles never stack")
def _():
    bad = example()
    snap = board_before(bad, 2)
    first(bad, 2)["at"] = list(next(sq for sq, kind in sorted(snap.tiles) if kind != G.LAVA))
    return bad, scored(example())


def lava_twin() -> tuple[dict, tuple]:
    """A legal turn where a Lava Pool replaces an empty tile: the first (round, empty tile, open square)
    whose record still replays clean, and the board before that round."""
    for rnd in range(len(example()["rounds"]) - 1, 0, -1):
        snap = board_before(example(), rnd)
        for at in empty_tiles(snap):
            for to in open_touching(snap):
                data = example()
                t = first(data, rnd)
                if t.get("spell") or tuple(t["totem"]) == at:
                    continue
                t.update(tile=G.LAVA, at=list(at), moved_to=list(to))
                data.pop("outcome")
                if not replayed(data)[0]:
                    return scored(data), (rnd, snap)
    raise LookupError("no legal lava turn")


@case("lava-replace-empty", "Lava Pool: can replace an empty tile already on the board", "only replace an empty tile")
def _():
    good, (rnd, snap) = lava_twin()
    bad = copy.deepcopy(good)
    first(bad, rnd)["at"] = list(crowded(snap)[0])
    return bad, good


@case("lava-moved-touching", "Lava Pool: the replaced tile is placed elsewhere (clarification lava-replace, house: "
      "as any placed tile, touching one along an edge)", "touches no tile along an edge")
def _():
    good, (rnd, snap) = lava_twin()
    bad = copy.deepcopy(good)
    first(bad, rnd)["moved_to"] = [30, 30]
    return bad, good


@case("totem-empty", "Your turn: place your totem on an empty tile (no crows)", "totems go on empty tiles")
def _():
    bad = example()
    snap = board_before(bad, 4)
    first(bad, 4)["totem"] = list(crowded(snap)[0])
    return bad, scored(example())


@case("totem-lava", "Your turn: no totem on a Lava Pool", "never empty")
def _():
    bad = example()
    snap = board_before(bad, 4)
    first(bad, 4)["totem"] = list(next(sq for sq, kind in sorted(snap.tiles) if kind == G.LAVA))
    return bad, scored(example())


@case("totem-missing", "Your turn: place your Mana Totem on any empty tile", "a totem must be placed")
def _():
    bad = example()
    del first(bad, 1)["totem"]
    return bad, scored(example())


@case("seat-order", "Turn structure: players take turns clockwise from the starting player", "seat order")
def _():
    bad = example()
    r = bad["rounds"][2]
    r[0], r[1] = r[1], r[0]
    return bad, scored(example())


@case("tile-count", "Components: the tiles in play are the tiles of the set (one Queen's Totem here)",
      "the later turns follow Mana Ley Line, not Queen's Totem")  # the first Queen written is the slip
def _():
    bad = example()
    first(bad, 1)["tile"] = G.QUEEN
    return bad, scored(example())


@case("spell-in-hand", "Your turn: optionally play 1 spell (one you hold: drawn on Barrens)", "holds no spell card")
def _():
    bad = example()
    first(bad, 0)["spell"] = {"name": "drain"}
    good = example()
    return bad, scored(good)


@case("teleport-count", "Teleport: move up to 2 crows", "Teleport moves 1 or 2 crows")
def _():
    bad = example()
    sp = bad["rounds"][1][2]["spell"]
    assert sp["name"] == "teleport"
    sp["count"] = 3
    return bad, scored(example())


@case("murder-scatter", "Murders: the player chooses the scatter's starting direction (N, E, S or W)",
      "not a direction")
def _():
    bad = example()
    t = next(t for r in bad["rounds"] for t in r if "scatter" in t)
    t["scatter"] = "up"
    return bad, scored(example())


@case("scatter-no-murder", "Murders: only a tile with 6+ crows scatters", "no murder this round")
def _():
    bad = example()
    _, result = replayed(bad)
    rnd = next(i for i, r in enumerate(bad["rounds"]) if not result.snapshots[i + 1].murders
               and not any("scatter" in t for t in r))
    first(bad, rnd)["scatter"] = "N"
    return bad, scored(example())


@case("populate-target", "Populate: repopulate an empty 2- or 3-crow tile", "Populate needs a tile showing 2 or 3")
def _():
    bad = example()
    t = next(t for r in bad["rounds"] for t in r if t.get("spell", {}).get("name") == "disperse")
    barrens = next(sq for sq in empty_tiles(board_before(bad, 0)) if dict(board_before(bad, 0).tiles)[sq] == G.BARRENS)
    t["spell"] = {"name": "populate", "target": list(barrens)}
    return bad, scored(example())


@case("attract-target", "Attract: choose an empty tile and a direction", "the spell needs an empty tile")
def _():
    bad = example()
    i, t = next((i, t) for i, r in enumerate(bad["rounds"]) for t in r if t.get("spell", {}).get("name") == "attract")
    snap = board_before(bad, i)
    t["spell"]["target"] = list(crowded(snap)[0])
    return bad, scored(example())


@case("score", "Scoring: 1 point a crow at your totem, 3 the Queen, double on a Ley Line, 2 an unused spell",
      "outcome.scores")
def _():
    good = scored(example())
    bad = copy.deepcopy(good)
    name = next(iter(bad["outcome"]["scores"]))
    bad["outcome"]["scores"][name] += 1
    return bad, good


@case("nightfall-ends", "Game end: when Nightfall is drawn, finish the current round; the game ends", "ended after round")
def _():
    bad = example()
    bad["rounds"].append(copy.deepcopy(bad["rounds"][-1]))
    for t in bad["rounds"][-1]:
        t.pop("nightfall", None)
    return bad, scored(example())


@case("nightfall-missing", "Game end: the game ends only when Nightfall is drawn", "no turn drew Nightfall")
def _():
    bad = example()
    for t in bad["rounds"][-1]:
        t.pop("nightfall", None)
    return bad, scored(example())


def tile_set(data: dict, tiles_total: int) -> dict:
    """The tile set of a record: the tiles its start, rounds and Landfalls use, and Barrens for the tiles never drawn
    up to `tiles_total`."""
    used = {t.key: 0 for t in G.TILE_TYPES}
    landfall = [t["spell"]["tile"] for r in data["rounds"] for t in r if t.get("spell", {}).get("name") == "landfall"]
    for tile in [s["tile"] for s in data["start"]] + [t["tile"] for r in data["rounds"] for t in r] + landfall:
        used[tile] += 1
    used[G.BARRENS] += tiles_total - sum(used.values())
    return used


def small_game(tiles_total: int) -> dict:
    """Two players, the house set cut down to `tiles_total` map tiles; Nightfall comes up on the first
    draw of the game, which the setup allows only when the stack is big enough."""
    data = example()
    data["players"] = data["players"][:2]
    names = [p["name"] for p in data["players"]]
    data["rounds"] = [[{"player": names[0], "tile": G.BARRENS, "at": [1, 0], "totem": [1, 0], "nightfall": True},
                       {"player": names[1], "tile": G.BARRENS, "at": [3, 0], "totem": [3, 0]}]]
    data["tiles"] = tile_set(data, tiles_total)
    data.pop("outcome", None)
    return scored(data)


@case("nightfall-setup", "Setup: Nightfall goes among the bottom 7 and 4 tiles go under them, so it is never "
      "among the 13 start tiles or a hand (a tile set too small for that is refused)", "too few for 2 players")
def _():
    need = G.tiles_needed(2)
    return small_game(need - 1), small_game(need)


def write() -> None:
    for rule, *_ in CASES:  # its own pairs only: make_rules.py writes the others in this folder
        for kind in ("bad", "good"):
            (HERE / f"{rule}-{kind}.yaml").unlink(missing_ok=True)
    write_pairs(CASES, lambda rule: "a short two-player game" if rule == "nightfall-setup" else "examples/crows-3p.yaml")


def write_pairs(cases: list, origin=lambda rule: "examples/crows-3p.yaml") -> None:
    """Writes each case's <rule>-bad.yaml and <rule>-good.yaml beside this script, under a header naming
    the rule, where the record comes from (`origin(rule)`) and, for the bad one, what the refusal says."""
    for rule, source, expect, fn in cases:
        bad, good = fn()
        for kind, data in (("bad", bad), ("good", good)):
            head = [f"# review crows: {rule} ({kind})", f"# rule: {source}", f"# from: {origin(rule)}"]
            if kind == "bad":
                head.append(f"# expect: {expect}")
            text = "\n".join(head) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110,
                                                           default_flow_style=None)
            (HERE / f"{rule}-{kind}.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
