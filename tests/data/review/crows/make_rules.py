"""More Crows review pairs beside make.py's, one rule of the source (004_eed05e34a0242609.txt) each:
<rule>-bad.yaml breaks it and nothing else, <rule>-good.yaml is its corrected twin, both from
examples/crows-3p.yaml. A good twin claims the replay's scores, a bad one the scores the good twin
claims, so a rule that changes the points is refused for them too.

    python tests/data/review/crows/make_rules.py     # writes only this script's pairs
"""
from __future__ import annotations

import copy

import yaml

# make.py beside this script (a script's folder leads the import path) holds what both scripts share
from make import HERE, G, example, registrar, replayed, scored, tile_set, write_pairs


def turn(data: dict, rnd: int, player: str) -> dict:
    return next(t for t in data["rounds"][rnd] if t["player"] == player)


def totem_moved(rnd: int, player: str, square: list) -> tuple[dict, dict]:
    """The example with `player`'s totem of round `rnd` moved to `square`, and the example as its twin."""
    bad = example()
    turn(bad, rnd, player)["totem"] = square
    return bad, scored(example())


CASES: list = []
case = registrar(CASES)


@case("totem-on-a-totem", "Your turn: the Mana Totem goes on an empty tile: no other totems",
      "rounds[0][1].totem: totems go on empty tiles, but [2, 0] holds Mara's totem")
def _():
    return totem_moved(0, "Tobias", [2, 0])  # Mara's totem stands there this round


@case("totem-on-corruption", "Special rules: no totem on a tile with a Mana Corruption token (round 2's murder "
      "left one on [4, 2])",
      "rounds[2][1].totem: totems go on empty tiles, but [4, 2] has a Mana Corruption token")
def _():
    return totem_moved(2, "Tobias", [4, 2])


@case("corruption-stays", "Murders: Mana Corruption tokens are removed only by the next murder (none in rounds "
      "3 and 4: [4, 2] is still corrupt in round 5)",
      "rounds[4][1].totem: totems go on empty tiles, but [4, 2] has a Mana Corruption token")
def _():
    return totem_moved(4, "Tobias", [4, 2])


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



def one_round(mara: dict, tobias: dict, mara_points: int, tobias_points: int) -> dict:
    """A two-player game of one round on the example's start pattern: Mara draws Nightfall on her turn.
    The tile set is the tiles used, filled up with Barrens to the least a two-player game needs. The
    points are worked out by hand from the source and claimed as the outcome."""
    data = example()
    data["players"] = data["players"][:2]
    data["rounds"] = [[dict(player="Mara", nightfall=True, **mara), dict(player="Tobias", **tobias)]]
    data["tiles"] = tile_set(data, G.tiles_needed(2))
    data["outcome"] = {"scores": {"Mara": mara_points, "Tobias": tobias_points}}
    return data


def claiming(data: dict, mara_points: int, tobias_points: int) -> dict:
    data = copy.deepcopy(data)
    data["outcome"]["scores"] = {"Mara": mara_points, "Tobias": tobias_points}
    return data


# The start pattern (column, row): Trees-1 [0, 0] and [0, 2], Trees-2 [4, 0] and [3, 1], Barrens [2, 0],
# [2, 2] and [1, 3], Gem Caves [4, 2] and [2, 4], Carrion [3, 3] (its crow comes after the scoring), Lava
# [1, 1], [0, 4] and [4, 4]. The squares between them are gaps.

@case("barrens-draws-a-spell", "Your turn: a totem placed on Barrens draws a spell (worth 2 unused at the end); "
      "crows flock to the nearest totem in their row or column", "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # Mara at [1, 0] takes [0, 0]'s crow; Tobias at [3, 0] takes [4, 0]'s two and [3, 1]'s two
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [3, 0]}, 1 + 2, 4 + 2)
    return claiming(good, 1, 4), good


@case("flock-no-gaps", "Flocking: crows cannot fly over gaps between tiles", "outcome.scores.Tobias: the replay "
      "gives Tobias 2")
def _():
    # Tobias's totem on [2, 2] has gaps on all four sides: nothing reaches it; [0, 2]'s crow stays.
    # Mara at [1, 0]: [0, 0]'s crow, and [4, 0]'s two along the row [3, 0] filled
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [2, 2]}, 3 + 2, 0 + 2)
    return claiming(good, 5, 3), good


@case("lava-stops-flocking", "Flocking: Lava Pools stop flocking crows (clarification lava-blocks: a Lava Pool "
      "breaks a row like a gap)", "outcome.scores.Tobias: the replay gives Tobias 4")
def _():
    # row 1: Tobias [0, 1], lava [1, 1], Mara's Barrens [2, 1], two crows [3, 1]: they stay.
    # Tobias gets [0, 0]'s and [0, 2]'s crows down his column; Mara at [2, 0] none
    good = one_round({"tile": "barrens", "at": [2, 1], "totem": [2, 0]},
                     {"tile": "barrens", "at": [0, 1], "totem": [0, 1]}, 0 + 2, 2 + 2)
    return claiming(good, 2, 6), good


@case("tie-splits", "Flocking: crows as near to two totems split evenly", "outcome.scores.Mara: the replay gives Mara 5")
def _():
    # [4, 0]'s two crows between Mara [3, 0] and Tobias [5, 0]: one each; [3, 1]'s two go up to Mara
    good = one_round({"tile": "barrens", "at": [3, 0], "totem": [3, 0]},
                     {"tile": "barrens", "at": [5, 0], "totem": [5, 0]}, 3 + 2, 1 + 2)
    return claiming(good, 6, 2), good


@case("gem-cave-wins-ties", "Flocking: in a tie the totem on a Gem Cave gets the crows",
      "outcome.scores.Tobias: the replay gives Tobias 2")
def _():
    # as tie-splits, but Tobias stands on a Gem Cave he placed (no spell for him)
    good = one_round({"tile": "barrens", "at": [3, 0], "totem": [3, 0]},
                     {"tile": "gem-cave", "at": [5, 0], "totem": [5, 0]}, 2 + 2, 2)
    return claiming(good, 5, 1), good


@case("ley-line-doubles", "Scoring: crows scored on a Mana Ley Line earn double points",
      "outcome.scores.Mara: the replay gives Mara 6")
def _():
    # Mara on her Ley Line at [1, 0]: [0, 0]'s crow and [4, 0]'s two (row filled at [3, 0]), doubled
    good = one_round({"tile": "ley-line", "at": [1, 0], "totem": [1, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [2, 2]}, 2 * 3, 0 + 2)
    return claiming(good, 3, 2), good



@case("murder-scores-first", "Murders (6+ crows on one tile): 1. score normally, then pair off 2 and scatter the rest",
      "outcome.scores.Mara: the replay gives Mara 8")
def _():
    # Tobias's Trees-1 at [1, 0] fills the row: [0, 0]'s and [1, 0]'s crows, [4, 0]'s two and [3, 1]'s two
    # all reach Mara at [3, 0]: 6, a murder, scored first. Tobias on [1, 3] is cut off by gaps.
    good = one_round({"tile": "barrens", "at": [3, 0], "totem": [3, 0], "scatter": "N"},
                     {"tile": "trees-1", "at": [1, 0], "totem": [1, 3]}, 6 + 2, 0 + 2)
    return claiming(good, 2, 2), good


@case("queen-three-points", "Scoring: the Queen Crow is worth 3 points", "outcome.scores.Mara: the replay gives Mara 6")
def _():
    # the Queen on [1, 0] and [0, 0]'s crow come to Mara at [2, 0]; Tobias at [3, 0] takes [4, 0]'s and
    # [3, 1]'s two each
    good = one_round({"tile": "queen", "at": [1, 0], "totem": [2, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [3, 0]}, 1 + 3 + 2, 4 + 2)
    return claiming(good, 4, 6), good


@case("drain-no-double", "Drain: Mana Ley Lines do not double this round (and a spell played scores nothing)",
      "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # as ley-line-doubles, but Tobias plays the spell he drew on Barrens: Drain
    good = one_round({"tile": "ley-line", "at": [1, 0], "totem": [1, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [2, 2], "spell": {"name": "drain"}}, 3, 0)
    return claiming(good, 6, 0), good


@case("landfall-extra-tile", "Landfall: draw and place an additional tile",
      "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # Mara's Landfall Barrens at [3, 0] fills the row: [4, 0]'s two crows reach her at [1, 0]
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0],
                      "spell": {"name": "landfall", "tile": "barrens", "at": [3, 0]}},
                     {"tile": "barrens", "at": [5, 2], "totem": [2, 2]}, 3, 0 + 2)
    return claiming(good, 1, 2), good


@case("landfall-touching", "Landfall: the additional tile is placed like any tile, touching one along an edge",
      "touches no tile along an edge")
def _():
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0],
                      "spell": {"name": "landfall", "tile": "barrens", "at": [3, 0]}},
                     {"tile": "barrens", "at": [5, 2], "totem": [2, 2]}, 3, 0 + 2)
    bad = copy.deepcopy(good)
    bad["rounds"][0][0]["spell"]["at"] = [7, -3]
    return bad, good



@case("teleport-to-empty", "Teleport: move up to 2 crows from one tile to another empty tile",
      "rounds[1][2].spell.target: the spell needs an empty tile, but [4, 1] holds 4 crows")
def _():
    bad = example()
    sp = turn(bad, 1, "Wren")["spell"]
    assert sp["name"] == "teleport"
    sp["target"] = [4, 1]  # 4 crows flocked there in round 1
    return bad, scored(example())



def two_rounds(extra_tiles: int, mara_points: int, tobias_points: int, mara_second: dict | None = None) -> dict:
    """Two rounds, Mara drawing Nightfall on the game's third draw; the tile set is the least a two-player
    game needs plus `extra_tiles` Barrens. Round 1: Mara on Barrens [1, 0] takes [0, 0]'s crow, Tobias on
    Barrens [3, 0] the four of [4, 0] and [3, 1]; the Carrion Paradise at [3, 3] then spawns a crow.
    Round 2: that crow flies up to Mara on [3, 2]; [1, 0]'s one and [3, 0]'s four go to Tobias on [2, 0]."""
    data = example()
    data["players"] = data["players"][:2]
    data["rounds"] = [
        [{"player": "Mara", "tile": "barrens", "at": [1, 0], "totem": [1, 0]},
         {"player": "Tobias", "tile": "barrens", "at": [3, 0], "totem": [3, 0]}],
        [{"player": "Mara", "tile": "barrens", "at": [3, 2], "totem": [3, 2], "nightfall": True},
         {"player": "Tobias", "tile": "barrens", "at": [5, 0], "totem": [2, 0]}]]
    if mara_second:
        data["rounds"][1][0] = dict(player="Mara", nightfall=True, **mara_second)
    data["tiles"] = tile_set(data, G.tiles_needed(2) + extra_tiles)
    data["outcome"] = {"scores": {"Mara": mara_points, "Tobias": tobias_points}}
    return data


@case("carrion-spawns", "Carrion Paradise: spawns 1 new crow at the end of each round",
      "outcome.scores.Mara: the replay gives Mara 6")
def _():
    good = two_rounds(0, 1 + 1 + 2 * 2, 4 + 5 + 2 * 2)
    return claiming(good, 5, 13), good


@case("nightfall-not-too-early", "Setup: 2 players remove 8 tiles; Nightfall goes among the bottom 7, then 4 tiles "
      "move from top to bottom; 13 start tiles and a hand each are drawn. With 36 tiles (28 + Nightfall in the "
      "stack) it lies 19th to 25th: play draws 4 to 10, never 3",
      "rounds[1][0].nightfall: Nightfall came up on draw 3, but the setup puts it between draws 4 and 10")
def _():
    return two_rounds(3, 6, 13), two_rounds(2, 6, 13)



@case("tie-odd-crow-stays", "Flocking: a tie with no Gem Cave splits evenly; an odd crow stays put",
      "outcome.scores.Mara: the replay gives Mara 4")
def _():
    # Tobias's Trees-3 at [2, 1] lies between Mara on [2, 0] and Tobias on [2, 2]: one each, one stays;
    # Mara also takes [0, 0]'s crow along row 0 (her Barrens at [1, 0])
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [2, 0]},
                     {"tile": "trees-3", "at": [2, 1], "totem": [2, 2]}, 2 + 2, 1 + 2)
    return claiming(good, 5, 3), good


@case("populate-as-new", "Populate: repopulate an empty 2- or 3-crow tile as if newly placed",
      "outcome.scores.Tobias: the replay gives Tobias 15")
def _():
    # two_rounds, with Mara spending her round-1 spell on Populate at [4, 0] (Trees-2, emptied in round 1):
    # its two new crows go to Tobias on [2, 0] with [1, 0]'s one and [3, 0]'s four: 7, a murder (scored first)
    good = two_rounds(0, 1 + 1 + 2, 4 + 7 + 2 * 2)
    good["rounds"][1][0]["spell"] = {"name": "populate", "target": [4, 0]}
    good["rounds"][1][1]["scatter"] = "N"
    return claiming(good, 4, 13), good



@case("disperse-pushes-away", "Disperse: crows 1 space away move 1 space farther from the chosen tile "
      "(clarification disperse: the four edge neighbours)", "outcome.scores.Mara: the replay gives Mara 2")
def _():
    # Tobias disperses from Mara's totem tile [5, 0]: [4, 0]'s two crows are pushed to [3, 0] and then fly
    # to Tobias on [2, 0], not to Mara; his spell is spent
    good = one_round({"tile": "barrens", "at": [5, 0], "totem": [5, 0]},
                     {"tile": "barrens", "at": [3, 0], "totem": [2, 0], "spell": {"name": "disperse", "target": [5, 0]}},
                     0 + 2, 2)
    return claiming(good, 4, 0), good



@case("lava-moves-no-crows", "Lava Pool: the replaced tile is placed elsewhere without spawning new crows",
      "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # round 2: Mara's Lava Pool replaces [4, 0] (Trees-2, emptied in round 1), which moves to [4, 1] with no
    # crows; her totem on the Gem Cave [4, 2] below it gets nothing (no spell either)
    good = two_rounds(0, 1 + 0 + 2, 4 + 5 + 2 * 2,
                      {"tile": "lava", "at": [4, 0], "moved_to": [4, 1], "totem": [4, 2]})
    return claiming(good, 5, 13), good


@case("queen-prefers-gem-cave", "Queen's Totem: the Queen prioritizes Gem Caves (clarification queen: the nearest "
      "Gem Cave totem she can see, however far)", "outcome.scores.Tobias: the replay gives Tobias 5")
def _():
    # the Queen on [3, 0] has Mara's Barrens totem 1 away at [2, 0] and Tobias's Gem Cave totem 2 away at
    # [5, 0]: she goes to Tobias; [4, 0]'s two crows go to him too (1 away); Mara only draws a spell
    good = one_round({"tile": "queen", "at": [3, 0], "totem": [2, 0]},
                     {"tile": "gem-cave", "at": [5, 0], "totem": [5, 0]}, 0 + 2, 2 + 3)
    return claiming(good, 3 + 2, 2), good


@case("flock-to-nearest", "Flocking: crows flock to the nearest Mana Totem in the same row or column",
      "outcome.scores.Mara: the replay gives Mara 4")
def _():
    # [0, 0]'s crow sees Mara 1 away down its column ([0, 1]) and Tobias 2 away along its row ([2, 0]):
    # it goes to Mara, as does [0, 2]'s crow (1 away up the column)
    good = one_round({"tile": "barrens", "at": [0, 1], "totem": [0, 1]},
                     {"tile": "barrens", "at": [1, 0], "totem": [2, 0]}, 2 + 2, 0 + 2)
    return claiming(good, 1 + 2, 1 + 2), good


@case("flock-no-diagonals", "Flocking: crows flock in the same row or column (no diagonals)",
      "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # Mara's totem at [2, 0] is diagonal to [3, 1]'s two crows (gaps at [3, 0] and [2, 1]): they stay;
    # she gets [0, 0]'s crow along row 0 over her Barrens at [1, 0]. Tobias stands cut off on [2, 2]
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [2, 0]},
                     {"tile": "barrens", "at": [5, 0], "totem": [2, 2]}, 1 + 2, 0 + 2)
    return claiming(good, 3 + 2, 2), good


@case("player-count", "Overview and setup: Crows is for 2 to 4 players (setup removes tiles for 2, 3 or 4)",
      "players: Crows is for 2 to 4 players, not 1")
def _():
    good = claiming(one_round({"tile": "barrens", "at": [1, 0], "totem": [2, 0]},
                              {"tile": "barrens", "at": [5, 0], "totem": [2, 2]}, 0, 0), 3, 2)
    bad = copy.deepcopy(good)
    bad["players"] = bad["players"][:1]  # Mara alone: her turn only, her score only
    bad["rounds"][0] = bad["rounds"][0][:1]
    bad["outcome"]["scores"] = {"Mara": 3}
    return bad, good


@case("equal-turns", "Game end: finish the current round; all players should have had equal turns",
      "rounds[10]: 2 turns; every round has one turn per player (3)")
def _():
    bad = example()
    bad["rounds"][-1].pop()  # Wren's last turn left out of Nightfall's round
    return bad, scored(example())


@case("nightfall-once", "Components and setup: there is one Nightfall tile, set aside and shuffled into the "
      "bottom 7: it is drawn once", "rounds[10][1].nightfall: Nightfall was already drawn this round")
def _():
    bad = example()
    bad["rounds"][-1][1]["nightfall"] = True  # Mara drew it; Tobias cannot draw it again
    return bad, scored(example())


@case("three-players-remove-four", "Setup: 3 players remove 4 tiles. The example's 61 tiles leave 57; with "
      "Nightfall among the bottom 7 and 4 moved under them, 13 start tiles and 3 hands above, it is drawn 32nd "
      "to 38th: the example draws it 32nd; one Barrens more puts it 33rd at the earliest",
      "rounds[10][0].nightfall: Nightfall came up on draw 32, but the setup puts it between draws 33 and 39")
def _():
    bad = example()
    bad["tiles"][G.BARRENS] += 1
    return bad, scored(example())


def four_players(nightfall_seat: int) -> dict:
    """Four players, two rounds of Barrens, 33 map tiles: none removed for four, so Nightfall lies 7th to
    13th of the draws; it comes up on round 2's turn `nightfall_seat` (0-based: draw 5 + seat)."""
    data = example()
    data["players"] = data["players"] + [{"name": "Ossian", "color": "yellow"}]
    names = [p["name"] for p in data["players"]]
    squares = ([1, 0], [3, 0], [0, 1], [2, 1]), ([5, 0], [4, 1], [1, 2], [3, 2])
    data["rounds"] = [[{"player": name, "tile": G.BARRENS, "at": sq, "totem": sq} for name, sq in zip(names, row)]
                      for row in squares]
    data["rounds"][1][nightfall_seat]["nightfall"] = True
    data["tiles"] = tile_set(data, G.tiles_needed(2))
    data.pop("outcome")
    return scored(data)


@case("four-players-remove-none", "Setup: 4 players remove no tiles. With 33 map tiles Nightfall is drawn 7th "
      "to 13th (had 4 been removed, 3rd to 9th)",
      "rounds[1][1].nightfall: Nightfall came up on draw 6, but the setup puts it between draws 7 and 13")
def _():
    good = four_players(2)
    bad = four_players(1)
    bad["outcome"] = good["outcome"]
    return bad, good


@case("populate-empty", "Populate: repopulate an EMPTY 2- or 3-crow tile (round 1: [4, 0] still holds its two crows)",
      "rounds[0][0].spell.target: the spell needs an empty tile, but [4, 0] holds 2 crows")
def _():
    # populate-as-new's game, Mara casting Populate in round 1 (her spell drawn that turn), not round 2
    good = two_rounds(0, 1 + 1 + 2, 4 + 7 + 2 * 2)
    good["rounds"][1][0]["spell"] = {"name": "populate", "target": [4, 0]}
    good["rounds"][1][1]["scatter"] = "N"
    bad = copy.deepcopy(good)
    bad["rounds"][0][0]["spell"] = bad["rounds"][1][0].pop("spell")
    return bad, good


@case("teleport-no-queen", "Teleport: move up to 2 crows (clarification teleport: the Queen cannot be teleported)",
      "rounds[0][0].spell.count: [1, 0] has 0 crows (the Queen cannot be teleported)")
def _():
    # Mara places the Queen on [1, 0], draws a spell on Barrens [2, 0] and teleports one crow to [2, 2]:
    # [0, 0]'s crow is legal, the Queen is not
    good = one_round({"tile": "queen", "at": [1, 0], "totem": [2, 0],
                      "spell": {"name": "teleport", "from": [0, 0], "target": [2, 2], "count": 1}},
                     {"tile": "barrens", "at": [3, 0], "totem": [3, 0]}, 0, 0)
    good = scored(good)
    bad = copy.deepcopy(good)
    bad["rounds"][0][0]["spell"]["from"] = [1, 0]
    return bad, good


@case("lava-replace-no-totem", "Lava Pool: replaces an EMPTY tile (no totem: Mara's stands on [1, 0] this round)",
      "rounds[0][1].at: a Lava Pool may only replace an empty tile, but [1, 0] holds Mara's totem")
def _():
    good = scored(one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0]},
                            {"tile": "lava", "at": [2, 2], "moved_to": [5, 0], "totem": [2, 0]}, 0, 0))
    bad = copy.deepcopy(good)
    bad["rounds"][0][1]["at"] = [1, 0]
    return bad, good


def murder_then(mara: dict, tobias: dict, mara_points: int, tobias_points: int) -> dict:
    """murder-scores-first's round (six crows reach Mara on [3, 0]: a murder, scattered from N), then a
    second round in which Mara draws Nightfall. Round 1's murder pairs off 2 and scatters 4 clockwise from
    N: [4, 0], [3, 1], [2, 0] (ring 1: N, NE, SE, SW and NW are gaps), then [4, 2], the first tile of ring 2
    clockwise from N. The Carrion Paradise on [3, 3] gains a crow after each round."""
    data = one_round({"tile": "barrens", "at": [3, 0], "totem": [3, 0], "scatter": "N"},
                     {"tile": "trees-1", "at": [1, 0], "totem": [1, 3]}, 0, 0)
    del data["rounds"][0][0]["nightfall"]
    data["rounds"].append([dict(player="Mara", nightfall=True, **mara), dict(player="Tobias", **tobias)])
    data["tiles"] = tile_set(data, G.tiles_needed(2))
    return claiming(data, mara_points, tobias_points)


@case("scatter-clockwise", "Murders: scatter the remaining crows in a CLOCKWISE spiral from the chosen direction",
      "outcome.scores.Tobias: the replay gives Tobias 7")
def _():
    # round 2: Tobias on Barrens [4, 1] takes [4, 0]'s, [3, 1]'s and [4, 2]'s scattered crows (3); Mara on
    # [0, 1] takes [0, 2]'s crow. Counter-clockwise from N the 4th crow would land on [1, 0], out of his sight
    good = murder_then({"tile": "barrens", "at": [0, 1], "totem": [0, 1]},
                       {"tile": "barrens", "at": [4, 1], "totem": [4, 1]}, 6 + 1 + 2 * 2, 0 + 3 + 2 * 2)
    return claiming(good, 11, 6), good


@case("murder-mated-pair", "Murders: 2 crows become a mated pair and are removed from the game; only the rest "
      "scatter", "outcome.scores.Mara: the replay gives Mara 11")
def _():
    # round 2: Mara on [2, 1] takes [2, 0]'s scattered crow; [3, 1]'s is tied between her and Tobias on
    # [4, 1] and stays. Had all six scattered, the 5th would land on [2, 2] below her: one more point
    good = murder_then({"tile": "barrens", "at": [2, 1], "totem": [2, 1]},
                       {"tile": "barrens", "at": [4, 1], "totem": [4, 1]}, 6 + 1 + 2 * 2, 0 + 2 + 2 * 2)
    return claiming(good, 12, 6), good


@case("scatter-chooser", "Murders: the player chooses the starting direction (clarification scatter, house: the "
      "player whose totem stands on the murder tile, Mara here)",
      "rounds[0][1].scatter: no murder this round was Tobias's to scatter")
def _():
    good = murder_then({"tile": "barrens", "at": [0, 1], "totem": [0, 1]},
                       {"tile": "barrens", "at": [4, 1], "totem": [4, 1]}, 11, 7)
    bad = copy.deepcopy(good)
    bad["rounds"][0][1]["scatter"] = bad["rounds"][0][0].pop("scatter")
    return bad, good


@case("totem-not-on-the-queen", "Your turn: the totem goes on an empty tile, no crows (the Queen is a crow: "
      "clarification empty)", "rounds[0][1].totem: totems go on empty tiles, but [1, 0] holds the Queen")
def _():
    good = scored(one_round({"tile": "queen", "at": [1, 0], "totem": [2, 0]},
                            {"tile": "barrens", "at": [3, 0], "totem": [3, 0]}, 0, 0))
    bad = copy.deepcopy(good)
    bad["rounds"][0][1]["totem"] = [1, 0]
    return bad, good


@case("lava-moved-no-stack", "Lava Pool: the replaced tile is placed elsewhere (clarification lava-replace: on an "
      "open square, as any placed tile; tiles cannot stack)", "rounds[0][1].moved_to: [2, 0] already holds a tile")
def _():
    good = scored(one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0]},
                            {"tile": "lava", "at": [2, 2], "moved_to": [5, 0], "totem": [2, 0]}, 0, 0))
    bad = copy.deepcopy(good)
    bad["rounds"][0][1]["moved_to"] = [2, 0]
    return bad, good


@case("nightfall-by-landfall", "Landfall: draw an additional tile, which may be Nightfall (clarification "
      "nightfall). With 39 tiles it lies 4th to 10th: Mara's turn draws 3rd, her Landfall 4th",
      "rounds[1][0].nightfall: Nightfall came up on draw 3, but the setup puts it between draws 4 and 10")
def _():
    good = two_rounds(3, 0, 0, {"tile": "barrens", "at": [3, 2], "totem": [3, 2],
                                "spell": {"name": "landfall", "tile": "barrens", "at": [5, 0]}})
    good["rounds"][1][1]["at"] = [5, 2]  # Tobias's Barrens goes beside the Gem Cave, [5, 0] being taken
    good = scored(good)
    bad = copy.deepcopy(good)
    del bad["rounds"][1][0]["spell"]  # no Landfall (same tile set): Nightfall on Mara's own draw, the 3rd
    return bad, good


@case("nightfall-set-aside", "Setup: set aside the Nightfall tile and shuffle it into the bottom 7: it is never "
      "one of the 13 start tiles", "start[12].tile: 'nightfall' is not a map tile")
def _():
    bad = example()
    bad["start"][12]["tile"] = G.NIGHTFALL  # in place of the Lava Pool on [4, 4]
    return bad, scored(example())


@case("start-thirteen-tiles", "Setup: draw 13 tiles and arrange them in the starting pattern (clarification "
      "start-layout: the 5x5 checkerboard)", "start: 1 starting square without a tile: [4, 4]")
def _():
    bad = example()
    bad["start"].pop()  # 12 tiles: [4, 4] left open
    return bad, scored(example())


@case("landfall-tile-brings-crows", "Trees with Crows: place that many crows when the tile enters play, by Landfall "
      "too (Landfall: draw and place an additional tile)", "outcome.scores.Mara: the replay gives Mara 5")
def _():
    # landfall-extra-tile with a Trees-2 drawn by Landfall at [3, 0]: its two crows and [4, 0]'s two fly
    # along row 0 to Mara at [1, 0], with [0, 0]'s one
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0],
                      "spell": {"name": "landfall", "tile": "trees-2", "at": [3, 0]}},
                     {"tile": "barrens", "at": [5, 2], "totem": [2, 2]}, 5, 0 + 2)
    return claiming(good, 3, 2), good


@case("drain-this-round-only", "Drain: Mana Ley Lines do not provide double points THIS round",
      "outcome.scores.Mara: the replay gives Mara 3")
def _():
    # two_rounds, Mara casting Drain in round 1 (the spell her Barrens drew) and standing on a Ley Line she
    # places at [3, 2] in round 2: the Carrion crow from [3, 3] is doubled again
    good = two_rounds(0, 1 + 2 * 1, 4 + 5 + 2 * 2, {"tile": "ley-line", "at": [3, 2], "totem": [3, 2]})
    good["rounds"][0][0]["spell"] = {"name": "drain"}
    return claiming(good, 2, 13), good


@case("queen-never-scattered", "Queen's Totem: the Queen is never scattered by murders (clarification queen, house: "
      "she counts toward the six)", "outcome.scores.Mara: the replay gives Mara 19")
def _():
    # round 1: the Queen on [1, 0], Tobias's Trees-3 on [3, 0]: six crows and the Queen reach Mara on [2, 0]
    # (9 points), a murder; 2 pair off, 4 scatter from N to [3, 0], [3, 1], [1, 0] and [4, 0]; the Queen
    # stays on [2, 0]. Round 2: Mara on [2, 1] below her takes her (3) and [3, 1]'s three crows
    data = one_round({"tile": "queen", "at": [1, 0], "totem": [2, 0], "scatter": "N"},
                     {"tile": "trees-3", "at": [3, 0], "totem": [1, 3]}, 0, 0)
    del data["rounds"][0][0]["nightfall"]
    data["rounds"].append([{"player": "Mara", "nightfall": True, "tile": "barrens", "at": [2, 1], "totem": [2, 1]},
                           {"player": "Tobias", "tile": "barrens", "at": [5, 2], "totem": [5, 2]}])
    data["tiles"] = tile_set(data, G.tiles_needed(2))
    good = claiming(data, 9 + 6 + 2 * 2, 0 + 2 * 2)
    return claiming(good, 16, 4), good


@case("murder-no-chain", "Murders (clarification murder-order): murders are checked once, after scoring; crows "
      "a murder scatters do not set off another (the last round's murder on [3, 4] brings Mara's [2, 3] to six)",
      "rounds[10][0].scatter: no murder this round was Mara's to scatter")
def _():
    bad = example()
    turn(bad, 10, "Mara")["scatter"] = "N"
    return scored(bad), scored(example())


@case("totem-skipped-when-none-empty", "Your turn: place your Mana Totem on an empty tile (clarification "
      "totem-required: only when no tile is empty is it skipped). Thirteen Trees at the start and two more "
      "placed leave none empty", "rounds[0][1].totem: missing: a totem must be placed while a tile is empty")
def _():
    # the start: nine Trees-1 and four Trees-2 on the thirteen squares; each player places a Trees-2 and no
    # totem (no tile is empty); no totem, no points. Twin: Tobias places a Barrens, empty, and still no totem
    good = one_round({"tile": "trees-2", "at": [1, 0]}, {"tile": "trees-2", "at": [3, 0]}, 0, 0)
    for i, square in enumerate(good["start"]):
        square["tile"] = G.TREES_1 if i < 9 else G.TREES_2
    good["tiles"] = tile_set(good, G.tiles_needed(2))
    good = scored(good)
    bad = copy.deepcopy(good)
    bad["rounds"][0][1]["tile"] = G.BARRENS
    bad["tiles"] = tile_set(bad, G.tiles_needed(2))
    return bad, good


def first_six_rounds(tobias_spell: dict) -> dict:
    """The example's first six rounds, Tobias casting `tobias_spell` in the sixth, where Mara draws Nightfall; the
    tile set cut (Barrens left out) so that the setup puts Nightfall on her draw, the 16th."""
    data = example()
    data["rounds"] = data["rounds"][:6]
    turn(data, 5, "Mara")["nightfall"] = True
    turn(data, 5, "Tobias")["spell"] = tobias_spell
    data["tiles"] = tile_set(data, 16 - 1 + G.tiles_needed(3))
    for t in data["rounds"][5]:
        t.pop("scatter", None)
    return data


@case("two-murders-two-tokens", "Murders, step 5: each murder leaves a Mana Corruption token on its tile, and a "
      "second murder in the round does not clear the first's (round 5's murders on [2, 2] and [2, 3]: in round 6 "
      "Tobias teleports [2, 2]'s one crow away, and Wren still cannot stand there)",
      "rounds[5][2].totem: totems go on empty tiles, but [2, 2] has a Mana Corruption token")
def _():
    good = scored(first_six_rounds({"name": "teleport", "from": [2, 2], "target": [0, 0], "count": 1}))
    bad = copy.deepcopy(good)
    turn(bad, 5, "Wren")["totem"] = [2, 2]
    return bad, good


@case("queen-by-landfall", "Queen's Totem: the tile summons the Queen Crow when it enters play, by Landfall too",
      "outcome.scores.Mara: the replay gives Mara 6")
def _():
    # landfall-extra-tile with the Queen's Totem drawn by Landfall at [3, 0]: the Queen (3, no Gem Cave totem in
    # sight: she flocks like a crow), [4, 0]'s two crows and [0, 0]'s one come to Mara at [1, 0]; her spell is
    # spent. Tobias on [2, 2] sees nothing and keeps his spell (2)
    good = one_round({"tile": "barrens", "at": [1, 0], "totem": [1, 0],
                      "spell": {"name": "landfall", "tile": "queen", "at": [3, 0]}},
                     {"tile": "barrens", "at": [5, 2], "totem": [2, 2]}, 3 + 3, 0 + 2)
    return claiming(good, 3, 2), good


@case("scatter-each-murder", "Murders, step 4: the player chooses each murder's starting direction. The example "
      "goes on to a 12th round: Mara's totem on [5, 2] takes [8, 2]'s five crows and [5, 1]'s one, and the six "
      "that round 11's last murder left on [2, 3] see no totem; both murders are Mara's to scatter (hers by "
      "totem, and as starting player), E for [5, 2] and S for [2, 3], a list in murder order (top row first)",
      "rounds[11][0].scatter: 3 scatter directions, but Mara scatters 2 murders this round")
def _():
    good = example()
    turn(good, 10, "Mara").pop("nightfall")
    good["rounds"].append([
        {"player": "Mara", "tile": "barrens", "at": [7, 3], "totem": [5, 2], "scatter": ["E", "S"], "nightfall": True},
        {"player": "Tobias", "tile": "barrens", "at": [9, 2], "totem": [-2, 0]},
        {"player": "Wren", "tile": "barrens", "at": [10, 2], "totem": [0, 6]}])
    draw = 11 * 3 + 1 + 1  # Mara's draw in round 12: eleven rounds of three turns, round 9's Landfall, then hers
    good["tiles"] = tile_set(good, draw - 1 + G.tiles_needed(3))
    good = scored(good)
    bad = copy.deepcopy(good)
    turn(bad, 11, "Mara")["scatter"] = ["E", "S", "W"]
    return bad, good


if __name__ == "__main__":
    write_pairs(CASES)
    for rule, _source, expect, _fn in CASES:
        bad, _ = replayed(yaml.safe_load((HERE / f"{rule}-bad.yaml").read_text()))
        good, _ = replayed(yaml.safe_load((HERE / f"{rule}-good.yaml").read_text()))
        hit = any(expect in line for line in bad)
        print("PASS" if hit and not good else "FAIL", rule, "" if hit else bad or "ACCEPTED", good or "")
