"""Variant generators: every seed gives a map that passes the checks, the same seed the same map,
and each game's promises hold (checked here directly, not only through check_map)."""
import json

import pytest
from conftest import generated

from lostprint.errors import LostprintError, UsageError
from lostprint.geometry import hexgrid
from lostprint.maps import grid
from lostprint.maps.check import check_map, goals_of, impassable, shoals_of
from lostprint.maps.crows import check_layout, connected, standard_layout
from lostprint.maps.generate import Generator, generate, generator_of, stage_rng
from lostprint.maps.model import from_dict, parse_edge, standard_map

HEX_GAMES = ("lost-expedition", "lost-crew", "lost-crows")
# each game's promises: 40 seeds in the default run, 300 in the slow one
PROMISE_SEEDS = pytest.mark.parametrize("seeds", [40, pytest.param(300, marks=pytest.mark.slow)])


def seeds_pass_the_checks(game: str, seeds) -> None:
    for seed in seeds:
        m = generated(game, seed)
        assert check_map(m) == [], (game, seed)
        assert m.seed == seed


@pytest.mark.parametrize("game", HEX_GAMES + ("crows",))
def test_forty_seeds_pass_the_checks(game):
    seeds_pass_the_checks(game, range(40))


@pytest.mark.slow
@pytest.mark.parametrize("game", HEX_GAMES + ("crows",))
def test_thousand_seeds_pass_the_checks(game):
    seeds_pass_the_checks(game, range(1000))


@pytest.mark.parametrize("game", HEX_GAMES)
def test_standard_maps_pass(game):
    assert check_map(standard_map(game)) == []


def test_standard_crows_layout_is_the_checkerboard():
    lay = standard_layout()
    assert check_layout(lay) == []
    assert len(lay.squares) == 13 and all((c + r) % 2 == 0 for c, r in lay.squares)


@pytest.mark.parametrize("game", HEX_GAMES + ("crows",))
def test_same_seed_same_json_and_seeds_differ(game):
    a = generate(game, 42).to_json()
    assert generate(game, 42).to_json() == a
    others = {generated(game, s).to_json().replace(f'"seed": {s}', "").replace(f"variant-{s}", "")
              for s in range(20)}
    assert len(others) >= 15  # visibly different maps, not the same map renamed


@pytest.mark.parametrize("game", HEX_GAMES)
def test_json_round_trip(game):
    m = generated(game, 7)
    again = from_dict(json.loads(m.to_json()))
    assert again.to_json() == m.to_json()


def test_stage_rng_is_stable_and_stage_dependent():
    assert stage_rng(5, "river").random() == stage_rng(5, "river").random()
    assert stage_rng(5, "river").random() != stage_rng(5, "shape").random()
    assert stage_rng(5, "river", 0).random() != stage_rng(5, "river", 1).random()


@PROMISE_SEEDS
def test_expedition_promises(seeds):
    for seed in range(seeds):
        m = generated("lost-expedition", seed)
        river = m.features_of("river")[0].hexes
        hexes = [m.axial[lab] for lab in river]
        delta = m.features_of("delta")[0].hexes[0]
        assert river[-1] == delta == m.goals[0]
        assert len(set(river)) == len(river)
        for a, b in zip(hexes, hexes[1:]):
            assert hexgrid.distance(a, b) == 1 and b[0] >= a[0]
        assert hexgrid.distance(hexes[0], m.axial[m.start]) == 1  # the source is beside the start
        assert m.features_of("cataract")[0].hexes == (river[0],)
        cols = [hexgrid.axial_to_offset(h)[0] for h in m.axial.values()]
        assert hexgrid.axial_to_offset(m.axial[m.start])[0] == min(cols)
        assert hexgrid.axial_to_offset(m.axial[delta])[0] >= max(cols) - 1
        interests = m.features_of("interest")[0].hexes
        assert 1 <= len(interests) <= 3 and m.start not in interests and delta not in interests
        peaks = [lab for lab, t in m.terrain if t == "mountains"]
        assert m.start in peaks and all(hexgrid.distance(m.axial[p], m.axial[m.start]) <= 2 for p in peaks)


@PROMISE_SEEDS
def test_crew_promises(seeds):
    for seed in range(seeds):
        m = generated("lost-crew", seed)
        std = standard_map("lost-crew")
        assert len(m.hexes) == len(std.hexes)
        cols = grid.column_bounds(m.axial.values())
        start = m.axial[m.start]
        assert hexgrid.axial_to_offset(start)[0] >= cols[1] - 1  # east side
        sea = m.features_of("start-sea")[0].hexes
        assert len(sea) == 3 and all(hexgrid.distance(m.axial[s], start) == 1 for s in sea)
        exits = goals_of(m)
        assert exits and all(grid.on_border(m.axial[e], set(m.axial.values())) for e in exits)
        assert all(hexgrid.axial_to_offset(m.axial[e])[0] <= 1 for e in exits)
        shoals = shoals_of(m)
        assert not shoals & ({m.start} | set(sea) | set(exits))
        open_sea = {m.axial[lab] for lab in m.hexes if lab not in shoals}
        seen = grid.reachable(start, open_sea)
        assert all(m.axial[e] in seen for e in exits)  # shoals never wall off an exit


@PROMISE_SEEDS
def test_crows_hex_promises(seeds):
    counts = set()
    for seed in range(seeds):
        m = generated("lost-crows", seed)
        cells = set(m.axial.values())
        canada = m.features_of("canada")[0].hexes
        assert set(canada) == set(m.goals) and len(canada) == 2
        assert all(hexgrid.neighbor(m.axial[c], "N") not in cells for c in canada)
        fort = m.features_of("fort")[0].hexes[0]
        assert not grid.on_border(m.axial[fort], cells)
        assert set(m.features_of("fort-zone")[0].hexes) == set(m.neighbors(fort))
        plots = {f.letter: f.hexes[0] for f in m.features_of("plot")}
        assert sorted(plots) == list("ABCDE")
        forbidden = {m.start, fort, *m.neighbors(fort), *canada}
        assert not forbidden & set(plots.values())
        labs = list(plots.values())
        assert all(hexgrid.distance(m.axial[a], m.axial[b]) >= 3 for i, a in enumerate(labs) for b in labs[i + 1:])
        rivers = m.features_of("river-edges")
        counts.add(len(rivers))
        assert 1 <= len(rivers) <= 3
        for f in rivers:
            edges = [parse_edge(e) for e in f.edges]
            # listed end to end: consecutive edges share a corner, no corner twice
            corners = [set(grid.edge_vertices(e)) for e in edges]
            assert all(a & b for a, b in zip(corners, corners[1:]))
            walk = [v for e in edges for v in grid.edge_vertices(e)]
            assert len(set(walk)) == len(edges) + 1
        passable = cells - {m.axial[lab] for lab in impassable(m)}
        seen = grid.reachable(m.axial[m.start], passable)
        assert all(m.axial[lab] in seen for lab in labs + list(canada))
    assert counts == {1, 2, 3}


@PROMISE_SEEDS
def test_crows_layout_promises(seeds):
    for seed in range(seeds):
        lay = generated("crows", seed)
        assert len(lay.squares) == 13 and len(set(lay.squares)) == 13
        assert connected(lay.squares)
        assert {c for c, _ in lay.squares} == set(range(lay.cols))
        assert {r for _, r in lay.squares} == set(range(lay.rows))


SIZES = [("lost-expedition", 20, 5), ("lost-expedition", 45, 10), ("lost-crew", 16, 9), ("lost-crew", 35, 20),
         ("lost-crows", 9, 6), ("lost-crows", 40, 26), ("crows", 7, 6)]


def other_sizes_pass(game, cols, rows, seeds):
    for seed in seeds:
        m = generated(game, seed, cols, rows)
        assert check_map(m) == []
        if game != "crows":
            offs = [hexgrid.axial_to_offset(h) for h in m.axial.values()]
            assert max(c for c, _ in offs) + 1 == cols


@pytest.mark.parametrize("game,cols,rows", SIZES)
def test_other_sizes(game, cols, rows):
    other_sizes_pass(game, cols, rows, range(5))


@pytest.mark.slow
@pytest.mark.parametrize("game,cols,rows", SIZES)
def test_other_sizes_thirty_seeds(game, cols, rows):
    other_sizes_pass(game, cols, rows, range(30))


def test_sizes_out_of_range_are_usage_errors():
    with pytest.raises(UsageError, match="columns"):
        generate("lost-expedition", 1, 2, 3)
    with pytest.raises(UsageError, match="unknown game"):
        generate("chess", 1)


def test_unplayable_draws_are_retried():
    import lostprint.maps.generate as gen

    calls = []
    make, size, limits = generator_of("lost-crew")

    def flaky(seed, cols, rows, attempt):
        calls.append(attempt)
        return None if attempt < 3 else make(seed, cols, rows, attempt)

    assert check_map(gen.generate("lost-crew", 9, gen=Generator(flaky, size, limits))) == []
    assert calls == [0, 1, 2, 3]
    with pytest.raises(LostprintError, match="no playable"):
        gen.generate("lost-crew", 9, gen=Generator(lambda *a: None, size, limits))


def test_generators_cover_every_game():
    from lostprint.games import GAMES

    assert all(isinstance(generator_of(g.id), Generator) for g in GAMES)
