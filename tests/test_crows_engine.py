"""Hand-worked cases for every flocking, tie, murder and spell rule of Crows (lostprint.engine.crows).

Boards are drawn as text: one character per square, row 0 on top. `.` Barrens, `g` Gem Cave,
`l` Ley Line, `x` Lava Pool, `2`/`3` trees, `c` Carrion, space = no tile."""
from __future__ import annotations

from pathlib import Path

import pytest

from lostprint.crows import transcript as T
from lostprint.engine import crows as E
from lostprint.files import load
from lostprint.games import crows as G

KINDS = {".": G.BARRENS, "g": G.GEM_CAVE, "l": G.LEY_LINE, "x": G.LAVA, "1": G.TREES_1, "2": G.TREES_2,
         "3": G.TREES_3, "c": G.CARRION, "q": G.QUEEN}


def board(*rows: str) -> dict:
    return {(c, r): KINDS[ch] for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != " "}


# --- flocking ------------------------------------------------------------------------------------

def test_crows_fly_any_distance_along_a_row():
    tiles = board(".....")
    crows, _ = E.flock(tiles, {(0, 0): 3}, None, {"A": (4, 0)})
    assert crows == {(4, 0): 3}


def test_a_gap_stops_the_crows():
    tiles = board(".. ..")
    crows, _ = E.flock(tiles, {(0, 0): 3}, None, {"A": (4, 0)})
    assert crows == {(0, 0): 3}


def test_lava_blocks_the_line_like_a_gap():
    tiles = board("..x..")
    crows, _ = E.flock(tiles, {(0, 0): 2, (4, 0): 1}, None, {"A": (3, 0)})
    assert crows == {(0, 0): 2, (3, 0): 1}


def test_no_diagonals():
    tiles = board("...", "...", "...")
    crows, _ = E.flock(tiles, {(0, 0): 2}, None, {"A": (1, 1)})
    assert crows == {(0, 0): 2}


def test_nearest_totem_wins_and_columns_count():
    tiles = board("....", "....", "....", "....")
    # (1, 1): A is 2 east, B is 1 south -> B
    crows, _ = E.flock(tiles, {(1, 1): 4}, None, {"A": (3, 1), "B": (1, 2)})
    assert crows == {(1, 2): 4}


def test_the_first_totem_in_a_direction_hides_the_ones_behind_it():
    tiles = board(".....")
    crows, _ = E.flock(tiles, {(0, 0): 2}, None, {"A": (2, 0), "B": (4, 0)})
    assert crows == {(2, 0): 2}


def test_crows_on_a_totem_tile_stay():
    tiles = board("...")
    crows, _ = E.flock(tiles, {(1, 0): 3}, None, {"A": (1, 0), "B": (2, 0)})
    assert crows == {(1, 0): 3}


def test_flocking_is_simultaneous_no_chain():
    # (0,0) sees A at (2,0); the crows of (2,1) see A too (up). Nobody moves twice.
    tiles = board("...", "...")
    crows, _ = E.flock(tiles, {(0, 0): 1, (2, 1): 2, (0, 1): 1}, None, {"A": (2, 0)})
    assert crows == {(2, 0): 3, (0, 1): 1}


def test_tie_splits_evenly_and_the_odd_crow_stays():
    tiles = board(".....")
    crows, _ = E.flock(tiles, {(2, 0): 5}, None, {"A": (0, 0), "B": (4, 0)})
    assert crows == {(0, 0): 2, (4, 0): 2, (2, 0): 1}


def test_three_way_tie_leaves_the_remainder():
    tiles = board(" . ", "...", " . ")
    crows, _ = E.flock(tiles, {(1, 1): 5}, None, {"A": (1, 0), "B": (2, 1), "C": (1, 2)})
    assert crows == {(1, 0): 1, (2, 1): 1, (1, 2): 1, (1, 1): 2}


def test_tie_goes_to_the_one_gem_cave_totem():
    crows, _ = E.flock(board("g.."), {(1, 0): 5}, None, {"A": (0, 0), "B": (2, 0)})
    assert crows == {(0, 0): 5}
    # a Gem Cave only breaks ties: a nearer plain totem still wins
    crows, _ = E.flock(board("g..."), {(2, 0): 5}, None, {"A": (0, 0), "B": (3, 0)})
    assert crows == {(3, 0): 5}


def test_tie_between_two_gem_caves_and_a_plain_totem_splits_among_the_gems():
    tiles = board(" g ", "g..", " . ")
    # (1,1): A on gem (1,0) north, B on gem (0,1) west, C plain (2,1) east, all 1 away
    crows, _ = E.flock(tiles, {(1, 1): 5}, None, {"A": (1, 0), "B": (0, 1), "C": (2, 1)})
    assert crows == {(1, 0): 2, (0, 1): 2, (1, 1): 1}


def test_queen_prefers_a_gem_cave_totem_even_farther_away():
    tiles = board("..g..")
    _, queen = E.flock(tiles, {}, (4, 0), {"A": (2, 0), "B": (0, 0)})
    assert queen == (2, 0)
    tiles = board("g...")
    _, queen = E.flock(tiles, {}, (2, 0), {"A": (0, 0), "B": (3, 0)})
    assert queen == (0, 0)  # gem 2 away beats plain 1 away


def test_queen_without_a_gem_flocks_like_a_crow_and_stays_on_a_tie():
    tiles = board(".....")
    _, queen = E.flock(tiles, {}, (1, 0), {"A": (0, 0), "B": (4, 0)})
    assert queen == (0, 0)
    _, queen = E.flock(tiles, {}, (2, 0), {"A": (0, 0), "B": (4, 0)})
    assert queen == (2, 0)


def test_queen_does_not_cross_lava_to_a_gem():
    tiles = board("gx...")
    _, queen = E.flock(tiles, {}, (3, 0), {"A": (0, 0), "B": (4, 0)})
    assert queen == (4, 0)


# --- scoring -------------------------------------------------------------------------------------

def test_points_crows_queen_ley_and_drain():
    tiles = board(".l")
    assert E.totem_points(tiles, {(0, 0): 3}, None, (0, 0), False) == 3
    assert E.totem_points(tiles, {(0, 0): 3}, (0, 0), (0, 0), False) == 6
    assert E.totem_points(tiles, {(1, 0): 3}, (1, 0), (1, 0), False) == 12  # (3 + 3) x 2
    assert E.totem_points(tiles, {(1, 0): 3}, (1, 0), (1, 0), True) == 6  # drained
    assert E.totem_points(tiles, {}, None, None, False) == 0


# --- murders -------------------------------------------------------------------------------------

def murder_squares(tiles, crows, queen):
    """Where a round on a hand-built board has its murders once it flocks (no totem: no crow moves)."""
    state = E.State(("A", "B"), G.HOUSE_COUNTS, round=1, seat=2, tiles=tiles, crows=crows, queen=queen,
                    totals=(("A", 0), ("B", 0)))
    return list(next(step for step in E.STEPS if step.key == "flock").apply(state, None).murders)


def test_murder_needs_six_and_the_queen_counts():
    tiles = board("...")
    assert murder_squares(tiles, {(1, 0): 5}, None) == []
    assert murder_squares(tiles, {(1, 0): 5}, (1, 0)) == [(1, 0)]
    assert murder_squares(tiles, {(2, 0): 6, (0, 0): 7}, None) == [(0, 0), (2, 0)]


def test_scatter_spirals_clockwise_from_the_chosen_direction_skipping_gaps_and_lava():
    # around (1,1) from E: E(2,1) SE(2,2) S(1,2)=gap SW(0,2) W(0,1) NW(0,0) N(1,0) NE(2,0)
    assert E.scatter_targets(board("...", "...", ". ."), (1, 1), "E") == [
        (2, 1), (2, 2), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0)]
    # a lava neighbour is skipped; the centre itself is lava here only to test the filter
    tiles = board("x..", "...", "...")
    assert E.scatter_targets(tiles, (1, 1), "N") == [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]


def test_scatter_goes_round_again_when_it_runs_out():
    state = E.State(("A", "B"), G.HOUSE_COUNTS, round=1, tiles=board(".."), crows={(0, 0): 5}, flocked=True,
                    murders=((0, 0),), choosers=("A",), chosen=("N",), totals=(("A", 0), ("B", 0)))
    end = next(step for step in E.STEPS if step.key == "end").apply(state, None)
    assert end.snapshots[-1].murders[0].scattered == ((1, 0), (1, 0), (1, 0))  # 5 crows, a pair gone


def test_scatter_reaches_the_second_ring():
    tiles = board("  .", "   ", "  .")
    # around (0,1) nothing in ring 1 except none; ring 2 has (2,0) and (2,2)
    assert E.scatter_targets(tiles, (0, 1), "N") == [(2, 0), (2, 2)]


# --- a record's rounds played through the steps (every problem at its field) --------------------

START = tuple(((c, r), G.BARRENS) for c, r in G.start_squares())


def turn(player, tile, at, totem=None, **kw):
    return T.TurnPlay(player, tile, at, totem, **kw)


def fields(result, prefix=""):
    return [(p.field, p.message) for p in result.problems if p.field.startswith(prefix) and p.field != "rounds"]


def play(rounds, start=START, players=("A", "B", "C"), counts=None):
    """The rounds played through the steps as a record's check plays them (every problem, at its field)."""
    from lostprint.crows.transcript import play_record

    setup = T.Setup(players, start, counts or G.HOUSE_COUNTS)
    return play_record(setup, rounds)[0]


def test_start_needs_the_thirteen_checkerboard_squares():
    bad = START[:-1] + (((1, 0), G.BARRENS),)
    result = play([], start=bad)
    msgs = fields(result, "start")
    assert any("not a starting square" in m for _, m in msgs)
    assert any("without a tile: [4, 4]" in m for _, m in msgs)


def test_start_tiles_spawn_crows_and_the_queen():
    start = tuple(((c, r), G.TREES_3 if (c, r) == (0, 0) else G.QUEEN if (c, r) == (2, 2) else G.BARRENS)
                  for c, r in G.start_squares())
    result = play([], start=start)
    snap = result.snapshots[0]
    assert dict(snap.crows) == {(0, 0): 3}
    assert snap.queen == (2, 2)
    assert snap.supply == 33


def test_placement_must_touch_an_edge_and_never_stack():
    result = play([[turn("A", G.BARRENS, (7, 7), (0, 0)), turn("B", G.BARRENS, (2, 2), (2, 0)),
                    turn("C", G.BARRENS, (1, 0), (4, 0))]])
    msgs = dict(fields(result, "rounds[0]"))
    assert "touches no tile" in msgs["rounds[0][0].at"]
    assert "never stack" in msgs["rounds[0][1].at"]
    assert "rounds[0][2].at" not in msgs  # (1, 0) touches (0, 0)


def test_diagonal_contact_is_not_enough():
    result = play([[turn("A", G.BARRENS, (5, 5), (0, 0))]], players=("A", "B"))
    assert "touches no tile" in dict(fields(result))["rounds[0][0].at"]


def test_lava_replaces_an_empty_tile_which_moves_without_crows():
    start = tuple(((c, r), G.TREES_2 if (c, r) == (1, 1) else G.BARRENS) for c, r in G.start_squares())
    # (1,1) holds 2 crows: not empty; (0,0) is empty Barrens
    result = play([[turn("A", G.LAVA, (1, 1), (2, 2), moved_to=(5, 0)),
                    turn("B", G.LAVA, (0, 0), (4, 4), moved_to=(5, 2)),
                    turn("C", G.TREES_2, (1, 0), (2, 0))]], start=start)
    msgs = dict(fields(result, "rounds[0]"))
    assert "only replace an empty tile" in msgs["rounds[0][0].at"]
    assert "rounds[0][1].at" not in msgs and "rounds[0][1].moved_to" not in msgs
    snap = result.snapshots[1]
    tiles = dict(snap.tiles)
    assert tiles[(0, 0)] == G.LAVA and tiles[(5, 2)] == G.BARRENS


def test_a_moved_trees_tile_brings_no_crows():
    start = tuple(((c, r), G.TREES_2 if (c, r) == (0, 0) else G.BARRENS) for c, r in G.start_squares())
    r1 = [turn("A", G.BARRENS, (1, 0), (2, 0)), turn("B", G.BARRENS, (3, 0), (4, 4))]  # (0,0)'s crows leave
    r2 = [turn("A", G.LAVA, (0, 0), (2, 2), moved_to=(-1, 0)), turn("B", G.BARRENS, (0, 1), (4, 4))]
    result = play([r1, r2], start=start, players=("A", "B"))
    assert fields(result, "rounds[1]") == []
    snap = result.snapshots[2]
    assert dict(snap.tiles)[(-1, 0)] == G.TREES_2 and dict(snap.tiles)[(0, 0)] == G.LAVA
    assert (-1, 0) not in dict(snap.crows) and snap.supply == 34


def test_totem_rules_and_spells_from_barrens():
    start = tuple(((c, r), G.TREES_1 if (c, r) == (2, 2) else G.BARRENS) for c, r in G.start_squares())
    result = play([[turn("A", G.BARRENS, (1, 0), (2, 2)),  # crow there
                    turn("B", G.BARRENS, (3, 0), (1, 0)),
                    turn("C", G.LAVA, (0, 1), (1, 0))]],  # B's totem is there
                  start=start)
    msgs = dict(fields(result, "rounds[0]"))
    assert "holds 1 crow" in msgs["rounds[0][0].totem"]
    assert "holds B's totem" in msgs["rounds[0][2].totem"]
    result = play([[turn("A", G.BARRENS, (1, 0), (0, 0)), turn("B", G.LAVA, (3, 0), (3, 0))]], players=("A", "B"))
    assert "never empty" in dict(fields(result))["rounds[0][1].totem"]
    result = play([[turn("A", G.BARRENS, (1, 0), None)]], players=("A", "B"))
    assert "must be placed" in dict(fields(result))["rounds[0][0].totem"]


def test_spell_needs_a_card_and_unused_spells_score_two():
    r1 = [turn("A", G.BARRENS, (1, 0), (0, 0)), turn("B", G.GEM_CAVE, (3, 0), (3, 0),
                                                     spell=E.SpellPlay("drain"))]
    result = play([r1], players=("A", "B"))
    assert "holds no spell card" in dict(fields(result))["rounds[0][1].spell"]
    assert dict(result.spells_left) == {"A": 1, "B": 0}
    assert dict(result.final)["A"] == 2


def test_corruption_blocks_totems():
    # five crows flock onto A's totem together with one already there: a murder at (0, 0)
    start = tuple(((c, r), G.TREES_3 if (c, r) in ((2, 0), (0, 2)) else G.BARRENS) for c, r in G.start_squares())
    r1 = [turn("A", G.BARRENS, (1, 0), (0, 0)), turn("B", G.BARRENS, (0, 1), (4, 4))]
    r2 = [turn("A", G.BARRENS, (3, 0), (0, 0)), turn("B", G.BARRENS, (1, 2), (4, 2))]
    result = play([r1, r2], start=start, players=("A", "B"))
    snap = result.snapshots[1]
    assert [m.square for m in snap.murders] == [(0, 0)]
    assert snap.corruption == ((0, 0),)
    assert "Mana Corruption" in dict(fields(result))["rounds[1][0].totem"]


def test_murder_scores_pairs_off_scatters_and_corrupts():
    # 3x3 of Barrens plus the start; trees-3 at (2,0) and (0,2) send 6 crows to A at (0,0)
    start = tuple(((c, r), G.TREES_3 if (c, r) in ((2, 0), (0, 2)) else G.BARRENS) for c, r in G.start_squares())
    r1 = [turn("A", G.BARRENS, (1, 0), (0, 0), scatter="E"), turn("B", G.BARRENS, (0, 1), (4, 4))]
    result = play([r1], start=start, players=("A", "B"))
    snap = result.snapshots[1]
    assert dict(snap.points) == {"A": 6, "B": 0}  # scored before the murder
    (m,) = snap.murders
    assert m.square == (0, 0) and m.crows == 6 and m.direction == "E"
    # 4 scattered from E, clockwise: E (1,0), SE (1,1) is a gap, S (0,1), then ring 2...
    # 4 scattered from E, clockwise: E (1,0), SE (1,1), S (0,1), then ring 2 from E: (2,0)
    assert m.scattered == ((1, 0), (1, 1), (0, 1), (2, 0))
    assert (0, 0) not in dict(snap.crows)
    assert snap.corruption == ((0, 0),)
    assert sum(n for _, n in snap.crows) == 4  # 6 - a mated pair
    assert snap.supply == 30


def test_new_murder_clears_old_corruption_and_scatter_must_be_used():
    start = tuple(((c, r), G.TREES_3 if (c, r) in ((2, 0), (0, 2), (4, 2), (2, 4)) else G.BARRENS)
                  for c, r in G.start_squares())
    r1 = [turn("A", G.BARRENS, (1, 0), (0, 0)), turn("B", G.BARRENS, (0, 1), (4, 4))]
    # round 2: (3,4) and (4,3) join (2,4) and (4,2) to B's totem at (4,4): 3 + 3 crows
    r2 = [turn("A", G.BARRENS, (3, 4), (2, 2), scatter="N"), turn("B", G.BARRENS, (4, 3), (4, 4), scatter="W")]
    result = play([r1, r2], start=start, players=("A", "B"))
    one, two = result.snapshots[1], result.snapshots[2]
    assert [m.square for m in one.murders] == [(0, 0)]
    assert one.murders[0].direction == "N"  # A gave no direction: N by default
    assert one.murders[0].scattered == ((1, 0), (1, 1), (0, 1), (2, 0))
    assert one.corruption == ((0, 0),)
    assert [m.square for m in two.murders] == [(4, 4)] and two.murders[0].direction == "W"
    assert dict(two.points) == {"A": 0, "B": 6}
    assert two.corruption == ((4, 4),)  # round 1's token was cleared by the new murder
    # around (4,4) from W: W (3,4), NW (3,3), N (4,3), then ring 2 from W: (2,4)
    assert two.murders[0].scattered == ((3, 4), (3, 3), (4, 3), (2, 4))
    assert "no murder" in dict(fields(result))["rounds[1][0].scatter"]
    assert "rounds[1][1].scatter" not in dict(fields(result))


def test_queen_counts_for_a_murder_stays_and_is_worth_three():
    r1 = [turn("A", G.GEM_CAVE, (3, 0), (3, 0)), turn("B", G.BARRENS, (0, 1), (4, 4))]
    start = tuple(((c, r), {(2, 0): G.TREES_3, (0, 2): G.TREES_2, (4, 0): G.QUEEN}.get((c, r), G.BARRENS))
                  for c, r in G.start_squares())
    snap = play([r1], start=start, players=("A", "B")).snapshots[1]
    # (2,0)'s 3 crows and the Queen from (4,0) reach A's Gem Cave at (3,0): 3 + 3 points, no murder
    assert snap.queen == (3, 0) and dict(snap.points)["A"] == 6 and snap.murders == ()
    start = tuple(((c, r), {(2, 0): G.TREES_3, (3, 1): G.TREES_2, (4, 0): G.QUEEN}.get((c, r), G.BARRENS))
                  for c, r in G.start_squares())
    snap = play([r1], start=start, players=("A", "B")).snapshots[1]
    # 3 + 2 crows + the Queen = 6: a murder; 5 + 3 points first, then 2 paired off, 3 scattered
    assert dict(snap.points)["A"] == 8
    (m,) = snap.murders
    assert m.queen and snap.queen == (3, 0) and len(m.scattered) == 3 and m.crows == 5
    assert (3, 0) not in dict(snap.crows)


def test_scattered_crows_do_not_chain_murders():
    tiles = board("...", "...")
    crows = {(0, 0): 6, (1, 0): 5}
    assert murder_squares(tiles, crows, None) == [(0, 0)]


def test_carrion_spawns_every_round_until_the_supply_is_empty():
    start = tuple(((c, r), G.CARRION if (c, r) == (4, 4) else G.BARRENS) for c, r in G.start_squares())
    r1 = [turn("A", G.BARRENS, (1, 0), (0, 0)), turn("B", G.BARRENS, (3, 0), (2, 0))]
    r2 = [turn("A", G.BARRENS, (0, 1), (0, 4)), turn("B", G.BARRENS, (3, 4), (2, 4))]
    result = play([r1, r2], start=start, players=("A", "B"))
    assert dict(result.snapshots[1].crows) == {(4, 4): 1}
    # round 2: the crow at (4,4) sees B at (2,4) 2 west -> flies; Carrion spawns one more
    assert dict(result.snapshots[2].crows) == {(2, 4): 1, (4, 4): 1}
    assert dict(result.snapshots[2].points)["B"] == 1


def test_tile_counts_are_enforced():
    result = play([[turn("A", G.QUEEN, (1, 0), (0, 0)), turn("B", G.QUEEN, (3, 0), (2, 0))]], players=("A", "B"))
    assert "Queen's Totem number 2" in dict(fields(result))["rounds[0][1].tile"]


def test_seat_order_and_equal_turns():
    result = play([[turn("B", G.BARRENS, (1, 0), (0, 0)), turn("A", G.BARRENS, (3, 0), (2, 0))],
                   [turn("A", G.BARRENS, (0, 1), (0, 0))]], players=("A", "B"))
    msgs = dict(fields(result))
    assert "A's turn" in msgs["rounds[0][0].player"]
    assert "one turn per player" in msgs["rounds[1]"]


def test_nightfall_ends_the_game_and_must_fall_in_the_setup_window():
    lo, hi = E.nightfall_window(G.MAP_TILES, 2)
    assert (lo, hi) == (29, 35)
    early = play([[turn("A", G.BARRENS, (1, 0), (0, 0), nightfall=True), turn("B", G.BARRENS, (3, 0), (2, 0))],
                  [turn("A", G.BARRENS, (0, 1), (0, 0)), turn("B", G.BARRENS, (1, 2), (2, 0))]],
                 players=("A", "B"))
    msgs = dict(fields(early))
    assert "between draws 29 and 35" in msgs["rounds[0][0].nightfall"]
    assert "ended after round 1" in msgs["rounds[1]"]
    assert any(p.field == "rounds" for p in play([], players=("A", "B")).problems)


# --- spells --------------------------------------------------------------------------------------

def cast(tiles, crows, queen, spell, totems=()):
    """`spell` cast by A (who holds a card) on a hand-built board: (the crows, the Queen's square) after it."""
    state = E.State(("A", "B"), G.HOUSE_COUNTS, round=1, tiles=tiles, crows=crows, queen=queen,
                    totems={f"T{i}": sq for i, sq in enumerate(totems)}, hands={"A": 1, "B": 0})
    after = next(step for step in E.STEPS if step.key == "spell").apply(state, spell)
    return after.crows, after.queen


def attract(tiles, crows, queen, totems, target, direction):
    return cast(tiles, crows, queen, E.SpellPlay("attract", target=target, direction=direction), totems)


def disperse(tiles, crows, queen, target):
    return cast(tiles, crows, queen, E.SpellPlay("disperse", target=target))


def test_attract_pulls_one_line_up_to_a_gap():
    tiles = board("..3 2")
    crows = {(2, 0): 3, (4, 0): 2}
    assert attract(tiles, crows, None, set(), (0, 0), "E") == ({(0, 0): 3, (4, 0): 2}, None)
    assert attract(board("..3.2"), crows, (3, 0), set(), (0, 0), "E") == ({(0, 0): 5}, (0, 0))


def test_attract_stops_at_lava_and_at_a_totem_which_keeps_its_crows():
    crows = {(2, 0): 3, (4, 0): 2}
    assert attract(board("..3x2"), crows, None, set(), (0, 0), "E") == ({(0, 0): 3, (4, 0): 2}, None)
    assert attract(board("..3.2"), crows, None, {(2, 0)}, (0, 0), "E") == (crows, None)
    assert attract(board("..3.2"), crows, None, {(3, 0)}, (0, 0), "E") == ({(0, 0): 3, (4, 0): 2}, None)


def test_attract_in_a_game_needs_an_empty_target_and_a_direction():
    start = tuple(((c, r), G.TREES_3 if (c, r) == (2, 2) else G.BARRENS) for c, r in G.start_squares())
    # A fills the gap (1,2), takes a spell at (0,0), attracts row 2 to (0,2); B's tile (0,1) then
    # lets those 3 crows fly north to A
    good = E.SpellPlay("attract", target=(0, 2), direction="E")
    r = [turn("A", G.BARRENS, (1, 2), (0, 0), spell=good), turn("B", G.BARRENS, (0, 1), (4, 4))]
    result = play([r], start=start, players=("A", "B"))
    assert fields(result, "rounds[0]") == []
    assert dict(result.snapshots[1].points)["A"] == 3
    bad = E.SpellPlay("attract", target=(2, 2), direction="E")
    r = [turn("A", G.BARRENS, (1, 2), (0, 0), spell=bad), turn("B", G.BARRENS, (0, 1), (4, 4))]
    found = dict(fields(play([r], start=start, players=("A", "B"))))
    assert "needs an empty tile" in found["rounds[0][0].spell.target"]
    no_dir = E.SpellPlay("attract", target=(0, 2))
    r = [turn("A", G.BARRENS, (1, 2), (0, 0), spell=no_dir), turn("B", G.BARRENS, (0, 1), (4, 4))]
    assert "N, E, S or W" in dict(fields(play([r], start=start, players=("A", "B"))))["rounds[0][0].spell.direction"]


def test_disperse_pushes_edge_neighbours_one_square_out():
    tiles = board(" . ", " 2 ", "3.1", " 1 ", " . ")
    tiles.update({(3, 2): G.BARRENS, (-1, 2): G.BARRENS})
    crows = {(1, 1): 2, (0, 2): 3, (2, 2): 1, (1, 3): 1, (1, 2): 4}
    out, queen = disperse(tiles, crows, (0, 2), (1, 2))
    # N (1,1)->(1,0); W (0,2)->(-1,2) with the Queen; E (2,2)->(3,2); S (1,3)->(1,4); the centre stays
    assert out == {(1, 0): 2, (-1, 2): 3, (3, 2): 1, (1, 4): 1, (1, 2): 4}
    assert queen == (-1, 2)


def test_disperse_blocked_by_lava_and_gaps_and_diagonals_untouched():
    tiles = board("x..", ".2.", "2.2")
    crows = {(0, 1): 1, (1, 0): 2, (2, 1): 2, (0, 0): 0, (2, 2): 2}
    tiles[(0, 1)] = G.BARRENS
    # target (1,1): N (1,0) -> (1,-1) no tile: stays; W (0,1) -> (-1,1) no tile: stays;
    # E (2,1) -> (3,1) no tile: stays; S (1,2) holds nothing; (2,2) is diagonal: untouched
    out, _ = disperse(tiles, crows, None, (1, 1))
    assert out == crows
    tiles = board(" x ", " . ", " . ")
    assert disperse(tiles, {(1, 1): 2}, None, (1, 2)) == ({(1, 1): 2}, None)  # lava beyond: stays


def test_disperse_in_a_game_needs_a_tile():
    sp = E.SpellPlay("disperse", target=(1, 2))
    r = [turn("A", G.BARRENS, (1, 0), (0, 0), spell=sp), turn("B", G.BARRENS, (3, 0), (4, 4))]
    assert "no tile at [1, 2]" in dict(fields(play([r], players=("A", "B"))))["rounds[0][0].spell.target"]


def test_drain_cancels_ley_doubling_for_the_round_only():
    start = tuple(((c, r), G.TREES_3 if (c, r) == (2, 0) else G.BARRENS) for c, r in G.start_squares())
    r1 = [turn("A", G.LEY_LINE, (1, 0), (1, 0)), turn("B", G.BARRENS, (3, 0), (4, 4))]
    assert dict(play([r1], start=start, players=("A", "B")).snapshots[1].points)["A"] == 6
    # B draws a spell on Barrens (4,4) and drains: A scores 3
    r1d = [turn("A", G.LEY_LINE, (1, 0), (1, 0)), turn("B", G.BARRENS, (3, 0), (4, 4), spell=E.SpellPlay("drain"))]
    result = play([r1d], start=start, players=("A", "B"))
    assert fields(result, "rounds[0]") == []
    assert dict(result.snapshots[1].points)["A"] == 3
    assert result.snapshots[1].drained


def test_landfall_places_a_second_tile_with_its_crows():
    sp = E.SpellPlay("landfall", tile=G.TREES_2, at=(1, 0))
    result = play([[turn("A", G.BARRENS, (3, 0), (4, 4), spell=sp), turn("B", G.BARRENS, (0, 1), (0, 4))]],
                  players=("A", "B"))
    assert fields(result, "rounds[0][0]") == []
    assert dict(result.snapshots[1].tiles)[(1, 0)] == G.TREES_2
    assert sum(n for _, n in result.snapshots[1].crows) == 2
    bad = E.SpellPlay("landfall", tile=G.TREES_2, at=(2, 2))
    result = play([[turn("A", G.BARRENS, (3, 0), (4, 4), spell=bad), turn("B", G.BARRENS, (0, 1), (0, 4))]],
                  players=("A", "B"))
    assert "never stack" in dict(fields(result))["rounds[0][0].spell.at"]


def test_teleport_moves_one_or_two_ordinary_crows_to_an_empty_tile():
    start = tuple(((c, r), {(2, 2): G.TREES_3, (4, 0): G.QUEEN}.get((c, r), G.BARRENS)) for c, r in G.start_squares())
    sp = E.SpellPlay("teleport", source=(2, 2), target=(0, 2), count=2)
    r = [turn("A", G.BARRENS, (1, 0), (0, 0), spell=sp), turn("B", G.BARRENS, (3, 4), (4, 4))]
    result = play([r], start=start, players=("A", "B"))
    assert fields(result, "rounds[0][0]") == []
    # (0,2) -> A at (0,0)? column 0: (0,1) is a gap: the 2 crows stay; (2,2) keeps 1, sees nobody
    crows = dict(result.snapshots[1].crows)
    assert crows[(0, 2)] == 2 and crows[(2, 2)] == 1
    queen = E.SpellPlay("teleport", source=(4, 0), target=(0, 2), count=1)
    r = [turn("A", G.BARRENS, (1, 0), (0, 0), spell=queen), turn("B", G.BARRENS, (3, 4), (4, 4))]
    result = play([r], start=start, players=("A", "B"))
    assert "Queen cannot be teleported" in dict(fields(result))["rounds[0][0].spell.count"]


def test_populate_refills_an_empty_two_or_three_crow_tile():
    start = tuple(((c, r), {(2, 2): G.TREES_3, (0, 2): G.TREES_1}.get((c, r), G.BARRENS)) for c, r in G.start_squares())
    # round 1: the 3 crows of (2,2) fly to A at (2,0); round 2: A populates (2,2) again
    r1 = [turn("A", G.BARRENS, (2, 1), (2, 0)), turn("B", G.BARRENS, (3, 0), (4, 4))]
    r2 = [turn("A", G.BARRENS, (1, 2), (0, 0), spell=E.SpellPlay("populate", target=(2, 2))),
          turn("B", G.BARRENS, (4, 1), (4, 4))]
    result = play([r1, r2], start=start, players=("A", "B"))
    assert fields(result, "rounds[1][0]") == []
    # after the spell (2,2) has 3 crows; flocking: row 2 west (1,2),(0,2) no totem; column up (2,1),(2,0) none
    assert dict(result.snapshots[2].crows)[(2, 2)] == 3
    bad = [turn("A", G.BARRENS, (1, 2), (0, 0), spell=E.SpellPlay("populate", target=(0, 2))),
           turn("B", G.BARRENS, (4, 1), (4, 4))]
    result = play([r1, bad], start=start, players=("A", "B"))
    assert "2 or 3 crows" in dict(fields(result))["rounds[1][0].spell.target"]


def test_spell_copies_are_limited():
    start = tuple(((c, r), G.BARRENS) for c, r in G.start_squares())
    rounds = []
    squares = [(1, 0), (3, 0), (0, 1), (2, 1), (4, 1), (1, 2)]
    for k in range(5):
        rounds.append([turn("A", G.BARRENS, squares[k], (0, 0) if k % 2 == 0 else (2, 0), spell=E.SpellPlay("drain")),
                       turn("B", G.BARRENS, (5 + k, 4) if k else (5, 4), (4, 4))])
    result = play(rounds, start=start, players=("A", "B"))
    assert "played 5 times" in dict(fields(result))["rounds[4][0].spell.name"]


@pytest.mark.parametrize("n,removed", [(2, 8), (3, 4), (4, 0)])
def test_setup_removal_by_player_count(n, removed):
    assert dict(G.SETUP_REMOVE)[n] == removed
    lo, hi = E.nightfall_window(G.MAP_TILES, n)
    assert hi - lo == 6  # Nightfall is one of 7 known slots


def test_scatter_order_is_the_spiral_and_costs_the_tiles_not_the_rings(monkeypatch):
    """A fuzzed record with a start square at column 496 took minutes: the scatter walked every ring out
    to the farthest tile (cubic in its distance). The order must stay the spiral's, at the tiles' cost."""
    import random

    from lostprint.engine import crows as engine
    from lostprint.geometry.square import spiral_order

    rng = random.Random(7)
    for _ in range(500):
        tiles = {(rng.randint(-4, 8), rng.randint(-4, 8)): rng.choice(["barrens", G.LAVA, "gem-cave"])
                 for _ in range(rng.randint(1, 30))}
        center, direction = rng.choice(sorted(tiles)), rng.choice("NESW")
        reach = max(max(abs(c - center[0]), abs(r - center[1])) for c, r in tiles)
        spiral = [sq for sq in spiral_order(center, direction, max(1, reach)) if tiles.get(sq, G.LAVA) != G.LAVA]
        assert engine.scatter_targets(tiles, center, direction) == spiral
    rings = []
    monkeypatch.setattr(engine, "spiral_order", lambda c, d, n=3: rings.append(n) or spiral_order(c, d, n))
    far = {(0, 0): "barrens", (496, 4): "barrens", (1, 0): "barrens"}
    assert engine.scatter_targets(far, (0, 0), "N") == [(1, 0), (496, 4)]
    assert max(rings, default=1) <= 1


def test_a_tile_set_too_small_to_keep_nightfall_out_of_the_setup_is_refused():
    """The setup puts Nightfall in the bottom 7 and then 4 more tiles under it: a stack must hold the 13
    start tiles and every hand above them, or Nightfall could be dealt before the first turn (issue 23)."""
    for players, removed in G.SETUP_REMOVE:
        need = removed + G.BOTTOM_TILES + G.MOVED_TO_BOTTOM + G.START_TILES + G.HAND_TILES * players
        assert G.MIN_MAP_TILES >= need
        assert E.nightfall_window(need, players)[0] == 1  # the first turn's draw at the earliest
    trimmed = tuple((k, 0 if k in (G.BARRENS, G.LEY_LINE, G.GEM_CAVE) else n) for k, n in G.HOUSE_COUNTS)
    total = sum(n for _, n in trimmed)  # 29
    assert E.nightfall_window(total, 2)[0] < 1 <= E.nightfall_window(total, 4)[0]
    result = play([], players=("A", "B"), counts=trimmed)
    assert any(p.field == "tiles" and "Nightfall" in p.message for p in result.problems), result.problems
    assert not any(p.field == "tiles" for p in play([], players=("A", "B", "C", "D"), counts=trimmed).problems)
    from lostprint.crows.record import counts_from_data

    with pytest.raises(Exception, match=f"a game needs at least {G.MIN_MAP_TILES}"):
        counts_from_data(dict(trimmed), "tiles.yaml")


def test_a_record_past_the_last_draw_nightfall_can_be_is_refused_there_and_carried_on_as_the_last_round():
    """A record that draws on past the last draw the setup can put Nightfall at is refused at that turn's
    Nightfall (the old replay only said the game was unfinished); the check carries on as if it came
    then, so a round after it is the game's having ended."""
    counts = tuple((k, 60 if k == G.BARRENS else 0) for k, _ in G.HOUSE_COUNTS)  # every tile placed may hold a totem
    lo, hi = E.nightfall_window(sum(n for _, n in counts), 2)
    rounds = [[turn(p, G.BARRENS, (5 + 2 * k + i, 0), (5 + 2 * k + i, 0)) for i, p in enumerate("AB")]
              for k in range(-(-hi // 2))]
    last = f"rounds[{(hi - 1) // 2}][{(hi - 1) % 2}].nightfall"
    result = play(rounds + [rounds[0]], players=("A", "B"), counts=counts)
    assert [(p.field, p.message) for p in result.problems] == [
        (last, f"Nightfall must have come up by draw {hi} (the setup puts it between draws {lo} and {hi}; a turn "
               "draws 1, Landfall 1 more, Nightfall counts)"),
        (f"rounds[{len(rounds)}]", f"the game ended after round {len(rounds)}, when Nightfall was drawn")]
    assert len(result.snapshots) == len(rounds) + 1 and result.snapshots[-1].nightfall
    early = play(rounds[:-1], players=("A", "B"), counts=counts).problems
    assert [p.field for p in early] == ["rounds"]  # only unfinished: nothing refused before the last draw


# --- the game as steps (the one engine contract): vectors, state + input -> state ------------------

from lostprint.engine.contract import AUTO, Decision, RuleError, open_step  # noqa: E402

EXAMPLE_START = (G.TREES_1, G.BARRENS, G.TREES_2, G.LAVA, G.TREES_2, G.TREES_1, G.BARRENS, G.GEM_CAVE, G.BARRENS,
         G.CARRION, G.LAVA, G.GEM_CAVE, G.LAVA)  # examples/crows-3p.yaml's start, in row order


def opened(state):
    state, step, need = open_step(E.STEPS, state, E.outcome)
    return state, step, need


def give(state, value):
    from lostprint.engine.contract import after

    state, step, need = opened(state)
    state = after(E.STEPS, step, step.apply(state, value))
    while True:  # AUTO steps happen on their own
        found = open_step(E.STEPS, state, E.outcome)
        if found is None or found[2] is not AUTO:
            return state
        state = after(E.STEPS, found[1], found[1].apply(found[0], None))


def laid(players=("A", "B"), counts=G.HOUSE_COUNTS):
    state = E.start(players, counts)
    for kind in EXAMPLE_START:
        state = give(state, kind)
    return state


def test_the_start_is_laid_square_by_square_in_row_order_and_its_crows_arrive():
    state = E.start(("A", "B"))
    state, step, need = opened(state)
    assert step.key == "start" and need == Decision("start") and G.BARRENS in step.options(state)
    state = give(state, G.TREES_2)
    assert state.tiles == {(0, 0): G.TREES_2} and state.crows == {(0, 0): 2} and state.round == 0
    state = laid()
    assert state.round == 1 and state.laid == 13 and len(state.snapshots) == 1
    assert state.crows == {(0, 0): 1, (4, 0): 2, (3, 1): 2, (0, 2): 1}
    assert opened(state)[1].key == "tile" and state.player == "A"


def test_a_turn_asks_tile_totem_spell_nightfall_then_the_next_seat():
    state = laid()
    keys = []
    for value in (E.Placement(G.BARRENS, (1, 0)), (1, 0), None, False):
        keys.append(opened(state)[1].key)
        state = give(state, value)
    assert keys == ["tile", "totem", "spell", "nightfall"]
    assert state.player == "B" and state.totems == {"A": (1, 0)} and E.hand(state, "A") == 1  # Barrens: a spell
    assert state.draws == 1


@pytest.mark.parametrize("placement,rule", [
    (E.Placement(G.BARRENS, (0, 0)), "no-stacking"),
    (E.Placement(G.BARRENS, (7, 7)), "touch-an-edge"),
    (E.Placement(G.LAVA, (0, 0), (1, 0)), "lava-replace"),  # (0, 0) holds a crow: not empty
    (E.Placement(G.LAVA, (2, 0), (9, 9)), "lava-replace"),  # the replaced tile must touch the board
    (E.Placement(G.QUEEN, (1, 0)), None),
    (E.Placement(G.LAVA, (2, 0), (1, 0)), None),
])
def test_a_tile_is_refused_naming_the_rule(placement, rule):
    state = laid()
    state, step, _ = opened(state)
    if rule is None:
        after = step.apply(state, placement)
        assert after.tiles[placement.at] == placement.tile
        if placement.moved_to:
            assert after.tiles[placement.moved_to] == G.BARRENS and placement.moved_to not in after.crows
        assert placement in set(step.options(state))
    else:
        with pytest.raises(RuleError) as err:
            step.apply(state, placement)
        assert err.value.rule == rule
        assert placement not in set(step.options(state))


def test_a_tile_the_set_has_run_out_of_is_refused():
    state = laid(counts=G.HOUSE_COUNTS)
    state = give(give(state, E.Placement(G.QUEEN, (1, 0))), (2, 0))
    state = give(give(state, None), False)
    state, step, _ = opened(state)
    with pytest.raises(RuleError) as err:
        step.apply(state, E.Placement(G.QUEEN, (3, 0)))
    assert err.value.rule == "tile-counts" and "the tile set has 1" in str(err.value)
    assert all(p.tile != G.QUEEN for p in step.options(state))


def test_the_totem_goes_on_an_empty_tile_and_only_skips_when_none_is():
    state = give(laid(), E.Placement(G.BARRENS, (1, 0)))
    state, step, _ = opened(state)
    assert step.key == "totem" and None not in step.options(state) and (0, 0) not in step.options(state)
    for square, rule in (((0, 0), "empty"), ((1, 1), "empty"), (None, "totem-required"), ((9, 9), "empty")):
        with pytest.raises(RuleError) as err:
            step.apply(state, square)
        assert err.value.rule == rule


def test_a_spell_needs_a_card_in_hand():
    state = give(give(laid(), E.Placement(G.TREES_1, (1, 0))), (2, 2))  # a Barrens: a card
    assert E.hand(state, "A") == 1 and opened(state)[1].options(state) is not None
    state = give(give(laid(), E.Placement(G.TREES_1, (1, 0))), (4, 2))  # a Gem Cave: no card
    state, step, _ = opened(state)
    assert list(step.options(state)) == [None]
    with pytest.raises(RuleError) as err:
        step.apply(state, E.SpellPlay("drain"))
    assert err.value.rule == "spell-in-hand"


def test_nightfall_is_taken_only_inside_its_window():
    state = give(give(give(laid(), E.Placement(G.BARRENS, (1, 0))), (1, 0)), None)
    state, step, _ = opened(state)
    lo, hi = E.nightfall_window(G.MAP_TILES, 2)
    assert lo > 1 and step.options(state) == (False,)
    with pytest.raises(RuleError) as err:
        step.apply(state, True)
    assert err.value.rule == "nightfall" and f"between draws {lo} and {hi}" in str(err.value)
    late = E.State(**{**state.__dict__, "first_draw": hi, "draws": hi})  # the last draw it can hide under
    assert E.nightfall_options(late) == (True,)
    with pytest.raises(RuleError, match=f"by draw {hi}"):
        step.apply(late, False)


def test_the_round_ends_with_flocking_scoring_a_scatter_decision_and_carrion():
    state = laid(("A", "B"))
    # A: a Barrens east of the 2 crows on (4, 0)... totem on (2, 0), which sees (0, 0) west and (4, 0) east
    for value in (E.Placement(G.TREES_3, (1, 0)), (2, 0), None, False,
                  E.Placement(G.BARRENS, (3, 0)), (2, 2), None, False):
        state = give(state, value)
    # (1, 0)'s 3 crows, (0, 0)'s 1 (through (1, 0)), (4, 0)'s 2 (through (3, 0)) fly to A at (2, 0): 6
    state, step, need = opened(state)
    assert step.key == "scatter" and need == Decision("scatter") and state.choosers == ("A",)
    assert dict(state.points)["A"] == 6 and state.murders == ((2, 0),)
    state = give(state, "E")
    snap = state.snapshots[-1]
    assert state.round == 2 and state.seat == 0 and state.totems == {}
    assert snap.murders[0].direction == "E" and snap.murders[0].crows == 6 and len(snap.murders[0].scattered) == 4
    assert dict(state.totals) == {"A": 6, "B": dict(snap.points)["B"]}
    assert (2, 0) in state.corruption
    assert dict(snap.crows).get((3, 3), 0) >= 1  # Carrion Paradise's crow


def test_each_murder_is_its_own_scatter_decision_even_for_one_chooser():
    """Two murders with no totem on them: both are the starting player's to scatter, and each is asked
    apart (top row first), so the one player starts them from two directions."""
    tiles = board(".....", ".....", ".....")
    state = E.State(("A", "B"), G.HOUSE_COUNTS, round=1, seat=2, tiles=tiles, crows={(0, 0): 6, (4, 2): 7},
                    totals=(("A", 0), ("B", 0)))
    state, step, need = opened(T.autos(state, []))
    assert step.key == "scatter" and state.murders == ((0, 0), (4, 2)) and state.choosers == ("A", "A")
    state = give(state, "E")
    assert opened(state)[1].key == "scatter" and state.chosen == ("E",)
    state = give(state, "W")
    first, second = state.snapshots[-1].murders
    assert (first.direction, second.direction) == ("E", "W")
    assert first.scattered == tuple(E.scatter_targets(tiles, (0, 0), "E")[:4])
    assert second.scattered == tuple(E.scatter_targets(tiles, (4, 2), "W")[:5])
    assert first.scattered[0] == (1, 0) and second.scattered[0] == (3, 2)


def test_a_record_names_one_direction_for_all_its_players_murders_or_one_each():
    """A turn's `scatter` is one direction for every murder its player scatters that round (as records
    always wrote it), or a list, one each in murder order; a list of another length is refused there."""
    from lostprint.crows.record import check_record_data

    path = Path(__file__).parent / "data" / "review" / "crows" / "scatter-each-murder-good.yaml"
    data = load(path)
    found, record, result = check_record_data(data, path.name)
    assert found == [] and record.rounds[11][0].scatter == ("E", "S")
    assert [(m.square, m.direction) for m in result.snapshots[12].murders] == [((5, 2), "E"), ((2, 3), "S")]
    data["rounds"][11][0]["scatter"] = "S"
    found, record, result = check_record_data(data, path.name)
    assert [m.direction for m in result.snapshots[12].murders] == ["S", "S"]
    data["rounds"][11][0]["scatter"] = ["S"]
    found, _, _ = check_record_data(data, path.name)
    assert len(found) == 1 and "rounds[11][0].scatter: 1 scatter direction, but Mara scatters 2 murders" in found[0]


def test_a_random_game_of_legal_options_ends_and_its_record_validates():
    """Every option a step lists is taken without a RuleError, the game ends at Nightfall, and the record
    the transcript writes from it is accepted by the record checker with the same scores."""
    import random

    from lostprint.crows import transcript as T
    from lostprint.crows.record import check_record_data
    from lostprint.engine import drive

    for seed in range(6):
        rng = random.Random(seed)

        def decide(state, step, need):
            if step.key == "spell" and rng.random() < 0.5:
                return None
            return rng.choice(list(step.options(state)))

        events = []
        players = ("A", "B", "C", "D")[:2 + seed % 3]
        end = drive.play(E, E.start(players), decide, None, record=events)
        assert E.outcome(end)[0] == "finished" and end.nightfall
        meta = {"title": "t", "colors": tuple(zip(players, ("red", "blue", "yellow", "purple"))), "counts": end.counts}
        lines, _, result = check_record_data(T.record_data(meta, events, end), "x.yaml")
        assert lines == [] and dict(result.final) == dict(E.score(end))


def test_steps_reach_names_what_they_change():
    import random

    from lostprint.engine.contract import after

    rng = random.Random(3)
    state = E.start(("A", "B", "C"))
    for _ in range(400):
        found = open_step(E.STEPS, state, E.outcome)
        if found is None:
            break
        state, step, need = found
        value = None if need is AUTO else rng.choice(list(step.options(state)))
        new = step.apply(state, value)
        changed = {k for k in state.__dict__ if k != "step" and state.__dict__[k] != new.__dict__[k]}
        assert changed <= step.reach, (step.key, changed - step.reach)
        state = after(E.STEPS, step, new)


def test_landfall_cannot_draw_from_an_empty_stack_and_is_not_offered():
    """(A turn's own tile at an empty stack is the hand's: the review pair hand-tile-at-empty-stack.)"""
    state = give(give(laid(), E.Placement(G.BARRENS, (1, 0))), (1, 0))  # A holds a spell card
    stack = E.nightfall_window(G.MAP_TILES, 2)[1] + G.MOVED_TO_BOTTOM
    full = E.State(**{**state.__dict__, "draws": stack})
    state, step, _ = opened(full)
    with pytest.raises(RuleError) as err:
        step.apply(state, E.SpellPlay("landfall", tile=G.BARRENS, at=(2, 1)))
    assert err.value.rule == "stack" and f"held {stack}" in str(err.value)
    assert step.apply(state, E.SpellPlay("drain")).drained
    assert not any(o is not None and o.name == "landfall" for o in step.options(state))
    assert any(o is not None and o.name == "landfall" for o in step.options(opened(E.State(
        **{**full.__dict__, "draws": stack - 1}))[0]))
