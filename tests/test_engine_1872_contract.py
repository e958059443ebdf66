"""1872 on the one engine contract: step vectors (state, input -> what changed) and the property that
no input changes a part of the game outside its step's reach, over games of random legal play."""
from __future__ import annotations

import random

import pytest

from lostprint.engine import drive
from lostprint.engine import lost_crows as eng
from lostprint.engine.contract import AUTO, Decision, Roll, RuleError, evolve, open_step, why_not
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import RULES, Effect
from lostprint.maps.model import standard_map

GM = standard_map("lost-crows")
LAND = eng.land_of(GM)


def fresh(**st_changes) -> eng.Tribe:
    game = eng.start(GM, land=LAND)
    return evolve(game, st=game.st._replace(**st_changes)) if st_changes else game


def at(game: eng.Tribe, key: str, **changes) -> eng.Tribe:
    return evolve(game, step=eng.STEP_INDEX[key], **changes)


def step_of(key: str):
    return eng.STEPS[eng.STEP_INDEX[key]]


def changed(before: eng.Tribe, after: eng.Tribe) -> set[str]:
    a, b = eng.parts(before), eng.parts(after)
    return {k for k in a if a[k] != b[k]}


# --- the turn as data --------------------------------------------------------------------------------


def test_the_turn_runs_in_the_rulebooks_phase_order():
    keys = [s.key for s in eng.STEPS]
    assert keys[0] == "dawn" and keys[-1] == "dusk"
    rolls = [k for k in keys if k.startswith(("roll ", "place "))]
    assert rolls == [f"{w} {k}" for k in range(1, RULES.rolls_per_turn + 1) for w in ("roll", "place")]
    assert keys.index("place 4") < keys.index("spirit dancers") < keys.index("activate") < keys.index("icons") \
        < keys.index("go") < keys.index("dusk")


def test_a_new_game_opens_on_the_first_roll_after_dawn():
    game, step, need = open_step(eng.STEPS, fresh(), eng.outcome)
    assert step.key == "dawn" and need is AUTO
    game = step.apply(game, None)
    assert game.st.day == 1 and game.board == eng.EMPTY_BOARD
    assert step_of("roll 1").need(game) == Roll("units", RULES.dice_per_roll)


# --- Phase 1 ------------------------------------------------------------------------------------------


def test_dawn_in_the_fort_zone_costs_proximity():
    zone = sorted(LAND.zone)[0]
    game = fresh(pos=zone)
    after = step_of("dawn").apply(game, None)
    assert after.st.value("proximity") == game.st.value("proximity") - RULES.zone_proximity
    assert changed(game, after) <= step_of("dawn").reach


def test_a_placed_roll_fills_the_boxes_it_names():
    game = at(fresh(day=1), "place 1", dice=(5, 2))
    options = step_of("place 1").options(game)
    assert (0, 1) in options and (1, 0) in options and len(options) == 8 * 7
    after = step_of("place 1").apply(game, (0, 1))
    assert after.board[:2] == (5, 2) and after.order == ("tribe", "tribe") and after.dice == ()


def test_doubles_are_offered_once_per_pair_of_boxes():
    game = at(fresh(day=1), "place 1", dice=(4, 4))
    assert len(step_of("place 1").options(game)) == 8 * 7 // 2


def test_a_fevered_shaman_takes_the_first_roll():
    game = at(fresh(day=1, fever=2), "place 1", dice=(3, 6))
    shaman = eng.BOX * eng.UNITS.index("shaman")
    assert set(step_of("place 1").options(game)) == {(shaman, shaman + 1), (shaman + 1, shaman)}
    with pytest.raises(RuleError) as err:
        step_of("place 1").apply(game, (0, 1))
    assert err.value.rule == "Fever"
    assert why_not(step_of("place 1"), game, (shaman, shaman + 1)) is None


def test_a_filled_box_takes_no_second_die():
    game = at(fresh(day=1), "place 2", board=(5, 2, 0, 0, 0, 0, 0, 0), order=("tribe", "tribe"), dice=(1, 1))
    assert all(0 not in pair and 1 not in pair for pair in step_of("place 2").options(game))
    with pytest.raises(RuleError):
        step_of("place 2").apply(game, (0, 2))


def test_spirit_dancers_change_a_die_until_the_player_stops():
    board = (1, 6, 2, 2, 3, 3, 4, 4)
    game = at(fresh(day=1), "spirit dancers", board=board)
    dance = step_of("spirit dancers")
    assert dance.need(game) == Decision("dancers") and dance.repeat
    after = dance.apply(game, (1, 1))
    assert after.board[1] == 1 and after.used == 1
    stopped = dance.apply(after, eng.DONE)
    assert stopped.danced and dance.need(stopped) is None
    spent = evolve(game, st=game.st._replace(dancers=RULES.spirit_dancers))
    assert dance.need(spent) is None
    with pytest.raises(RuleError):
        dance.apply(spent, (1, 1))


def test_activate_reads_the_board_and_lists_the_icons_map_first():
    board = (6, 1, 1, 6, 3, 3, 2, 5)
    order = tuple(eng.UNITS[i // eng.BOX] for i in range(8))
    game = at(fresh(day=1), "activate", board=board, order=order)
    after = step_of("activate").apply(game, None)
    diffs = {unit: board[eng.BOX * k] - board[eng.BOX * k + 1] for k, unit in enumerate(eng.UNITS)}
    expected = eng.pending(game.st, diffs)
    assert sorted(map(repr, expected)) == sorted(repr((u, e)) for _, u, e in after.agenda)
    units = [eng.UNITS.index(u) for _, u, _ in after.agenda]
    assert units == sorted(units)
    for unit in eng.UNITS:
        ops = [e.op for _, u, e in after.agenda if u == unit]
        assert ops == sorted(ops, key=lambda op: op != "map")
    assert changed(game, after) <= step_of("activate").reach


def test_a_board_that_breaks_the_vision_is_refused():
    vision = next(v for v, p in plots.POWERS.items() if p.permanent_six and v)
    game = fresh(day=1, vision=vision, crows=("plains",) * 7)
    dawned = step_of("dawn").apply(evolve(game, st=game.st._replace(day=0)), None)
    six = eng.permanent_six(dawned.st)
    assert dawned.board[six] == RULES.permanent_face
    assert all(six not in pair for pair in step_of("place 1").options(evolve(dawned, dice=(2, 3))))


# --- Phase 2: the agenda --------------------------------------------------------------------------


def test_a_map_icon_asks_where_and_colours_that_hex():
    game = at(fresh(day=1), "icons", agenda=(("effect", "tribe", Effect("map", "plains")),))
    icons = step_of("icons")
    options = icons.options(game)
    assert icons.need(game) == Decision("map") and set(options) == set(LAND.neighbors[LAND.start]) - set(GM.terrain)
    after = icons.apply(game, options[0])
    assert after.terrain[options[0]] == "plains" and after.drawn == ((options[0], "plains"),) and not after.agenda
    assert changed(game, after) <= icons.reach
    with pytest.raises(RuleError):
        icons.apply(game, "A1")


def test_a_choice_icon_asks_which_resource():
    wild = Effect("wild", n=1)
    game = at(fresh(day=1, values=(3, 3, 3, 3)), "icons", agenda=(("effect", "chief", wild),))
    assert step_of("icons").need(game) == Decision("wild")
    after = step_of("icons").apply(game, "movement")
    assert after.st.value("movement") == game.st.value("movement") + 1


def test_a_bad_omen_is_rolled_then_read():
    omen = Effect("omen")
    game = at(fresh(day=1), "icons", agenda=(("effect", "shaman", omen),))
    icons = step_of("icons")
    assert icons.need(game) == Roll("omen", RULES.dice_per_roll)
    rolled = icons.apply(game, (1, 1))
    assert rolled.agenda[0][0] == "reading" and icons.need(rolled) is AUTO
    read = icons.apply(rolled, None)
    assert read.agenda == tuple(("effect", "shaman", e) for e in RULES.omen(11).effects)
    skipped = evolve(game, st=game.st._replace(flags=frozenset({"skip-omen"})))
    assert icons.need(skipped) is AUTO
    assert "skip-omen" not in icons.apply(skipped, None).st.flags


def test_the_seventh_crow_brings_the_vision_quest():
    game = at(fresh(day=1, crows=("forest",) * 4 + ("plains",) * 2), "icons",
              agenda=(("effect", "shaman", Effect("crow")),))
    icons = step_of("icons")
    after = icons.apply(game, None)
    assert len(after.st.crows) == 7 and after.agenda[0] == ("vision",)
    assert icons.need(after) is AUTO  # forest has the most crows: no choice
    quest = icons.apply(after, None)
    assert quest.agenda[0] == ("vision roll", "forest") and icons.need(quest) == Roll("vision")
    seen = icons.apply(quest, 2)
    while seen.agenda and seen.agenda[0][0] != "vision roll" and seen.st.vision is None:
        seen = icons.apply(seen, icons.options(seen)[0])
    assert seen.st.vision == ("forest", 2)


# --- Phase 3 ------------------------------------------------------------------------------------------


def test_go_offers_the_steps_that_can_be_paid_and_stop():
    near = LAND.neighbors[LAND.start][0]
    terrain = dict(GM.terrain, **{near: "plains"})
    game = at(evolve(fresh(day=1), terrain=terrain), "go")
    go = step_of("go")
    assert go.need(game) == Decision("go")
    options = go.options(game)
    assert options[-1] == eng.STOP and any(o[0] == near for o in options[:-1])
    walked = go.apply(game, next(o for o in options[:-1] if o[0] == near))
    assert walked.st.pos == near and walked.st.moved == (near,)
    assert changed(game, walked) <= go.reach
    halted = go.apply(game, eng.STOP)
    assert halted.halted and go.need(halted) is None
    with pytest.raises(RuleError):
        go.apply(game, ("A1", None))


def test_a_plot_hex_entered_first_is_rolled_before_moving_on():
    letter, lab = sorted(LAND.plots.items())[0]
    came = next(n for n in LAND.neighbors[lab] if n not in LAND.fort)
    terrain = dict(GM.terrain, **{lab: "plains", came: "plains"})
    game = at(evolve(fresh(day=1, pos=came, start=came), terrain=terrain), "go")
    go = step_of("go")
    entered = go.apply(game, (lab, "movement" if eng.step_price(LAND, terrain, game.st, lab)[2] else None))
    assert entered.agenda == (("plot", letter),) and go.need(entered) == Roll("plot")
    while entered.agenda:
        need = go.need(entered)
        value = None if need is AUTO else go.options(entered)[0] if isinstance(need, Decision) else \
            (1 if need.dice == 1 else (1,) * need.dice)
        entered = go.apply(entered, value)
    assert entered.st.done(letter)
    assert go.need(entered) is None  # the tribe stops on a plot hex


def test_dusk_ends_the_day_and_outcome_and_score_follow_the_contract():
    game = at(fresh(day=1, values=(1, 0, 3, 0)), "dusk")
    after = step_of("dusk").apply(game, None)
    assert eng.outcome(after) == after.st.over and after.st.over[0] == "lost"
    assert eng.score(after) == (("hexes travelled", 0),)
    assert eng.score(after) == eng.score(after.st)


# --- the property: every input stays within its step's reach --------------------------------------


def leaning(rng: random.Random):
    """A random legal decider that leans to walking on and seldom spends a dancer (games last)."""

    def decide(state, step, need):
        options = tuple(step.options(state))
        if step.key == "go" and need.key == "go" and len(options) > 1 and rng.random() < 0.9:
            return rng.choice(options[:-1])
        if step.key == "spirit dancers" and rng.random() < 0.8:
            return eng.DONE
        return rng.choice(options)

    def roll(need):
        faces = tuple(rng.randint(1, RULES.die_faces) for _ in range(need.dice))
        return faces if need.dice > 1 else faces[0]

    return decide, roll


@pytest.mark.parametrize("seed", range(40))
def test_no_input_changes_a_part_outside_its_steps_reach(seed):
    decide, roll = leaning(random.Random(seed))
    record: list = []
    end = drive.play(eng, eng.start(GM, land=LAND), decide, roll, days=60, record=record)
    assert record and (end.st.over is not None or end.st.day == 60)
    for event in record:
        step = step_of(event.step)
        assert changed(event.before, event.state) <= step.reach, event.step
        if isinstance(event.need, Decision):
            assert event.value in tuple(step.options(event.before))
