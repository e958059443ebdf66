"""`lostprint play` without a browser: a game played step by step through the session (what the
page's server calls), kept on disk after every step, resumed, undone, refused, and its save read
back by `validate` and `render`."""
import json
import time
from pathlib import Path

import pytest

from lostprint.engine import lost_crew as eng
from lostprint.engine.contract import Decision, RuleError
from lostprint.errors import UsageError
from lostprint.play import table as tb
from lostprint.play.session import PlaySession, kept_path
from lostprint.play.views import Crew1672, playable
from lostprint.players import lost_crew as players
from tests.conftest import (get_json, http_error, killed_after, play_over_api, played_events, post_json, run_cli,
                            served_cli, validated_and_rendered)


def careful_step(session: PlaySession) -> bool:
    """One step as the careful player would play it, dice from the page; False when the game is over."""
    q = session.view()["question"]
    if q is None:
        return False
    if q["kind"] == "roll":
        session.roll()
    else:
        session.give(session.hint(0)["choice"])
    return True


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A whole 1672 game played through the session: (session, save path)."""
    save = tmp_path_factory.mktemp("play") / "voyage.yaml"
    session = PlaySession(save, "1672", seed=7)
    while careful_step(session):
        pass
    return session, save


def test_a_whole_game_is_a_save_that_validates_and_renders(played, tmp_path):
    session, save = played
    over = session.state.over
    assert over is not None
    assert f"{over[0]} on day {session.state.day}" in validated_and_rendered(save, tmp_path / "j.pdf")


def test_the_kept_inputs_replay_through_the_engine_to_the_same_end(played):
    session, save = played
    kept = tb.table_of(json.loads(kept_path(save).read_text()))
    start = eng.start(session.game_map, len(kept.names))
    state, _ = tb.replay(eng, start, kept.inputs)
    assert state == session.state
    assert eng.score(state) == eng.score(session.state)


def test_a_restart_resumes_at_the_same_step_and_undo_takes_one_back(tmp_path):
    save = tmp_path / "g.yaml"
    first = PlaySession(save, "1672", seed=3)
    for _ in range(9):
        careful_step(first)
    asked = first.view()
    again = PlaySession(save, "1672")  # a new server on the same files
    assert again.view()["question"] == asked["question"]
    assert again.view()["board"] == asked["board"]
    again.undo()
    assert len(again.table.inputs) == 8
    third = PlaySession(save, "1672")
    assert len(third.table.inputs) == 8 and third.state == again.state
    assert third.view()["question"] == again.view()["question"]


def test_refusals_name_the_rule_and_change_nothing(tmp_path):
    save = tmp_path / "g.yaml"
    session = PlaySession(save, "1672", seed=1)
    kept = kept_path(save).read_bytes()
    with pytest.raises(RuleError) as err:  # five jobs for four well sailors
        session.give({"movement": True, "scan": 2, "gather": 1, "watch": True, "fish": True})
    assert err.value.rule == "sailors" and "4 well sailors" in str(err.value)
    assert session.check({"movement": True, "scan": 2, "gather": 1, "watch": True, "fish": True})["ok"] is False
    assert kept_path(save).read_bytes() == kept
    session.give({"movement": True, "scan": 2})
    while session.view()["question"]["kind"] != "roll":
        careful_step(session)
    with pytest.raises(ValueError):
        session.give(7)
    with pytest.raises(ValueError):
        session.give([1, 2, 3])


def test_any_orders_the_rules_allow_are_taken_not_only_the_searched_ones(tmp_path):
    """Repair with no Wood changes nothing, so a search never lists it; a player may still choose it."""
    session = PlaySession(tmp_path / "g.yaml", "1672", seed=2)
    q = session.view()["question"]
    assert {"repair": True, "movement": True} not in q["values"]
    session.give({"repair": True, "movement": True})
    assert session.state.orders.repair


@pytest.mark.parametrize("game", ["1672", "1572", "1872"])
def test_the_save_holds_the_days_that_are_done(tmp_path, game):
    """The save appears once day 1 is done and holds only finished days (half a day is not a game
    `validate` takes); the day in progress is in the kept inputs; undo past day 1's end removes it."""
    save = tmp_path / "g.yaml"
    session = PlaySession(save, game, seed=1)
    assert kept_path(save).exists() and not save.exists()
    while session.days_done(session.state) < 1:
        careful_step(session)
        assert session.days_done(session.state) or not save.exists()
    finished = len(session.table.inputs)
    for _ in range(3):  # a few steps into day 2: the save still holds day 1 alone, and it validates
        careful_step(session)
        done = run_cli("validate", str(save))
        assert done.returncode == 0 and "in progress after 1 day," in done.stdout, done.stderr
    assert [d["day"] for d in session.save_data()["days"]] == [1]
    while len(session.table.inputs) >= finished:
        session.undo()
    assert not save.exists()


def test_a_file_that_is_not_a_game_in_play_is_never_overwritten(tmp_path):
    save = tmp_path / "mine.yaml"
    save.write_text("format: lostprint-save/1\n")
    with pytest.raises(UsageError, match="not a game in play"):
        PlaySession(save, "1672")
    assert save.read_text() == "format: lostprint-save/1\n"


def test_a_game_whose_engine_is_not_on_the_contract_says_so(tmp_path):
    with pytest.raises(UsageError, match="cannot be played at the table yet"):
        PlaySession(tmp_path / "x.yaml", "crows")


# 1672's decision kinds: the day's orders and each phase's choice, and a job the orders left unplaced
# (None, what a search gives), placed as its phase comes
CREW_KINDS = {"orders", "heal", "repair", "route", "gather", "goods", "gift", "wound"} | {
    f"{s.key[len('place '):]} sailors" for s in eng.STEPS if s.key.startswith("place ")}


def crew_decision_cases() -> dict:
    """A state where each 1672 decision kind is open, by key: the first of careful games (over enough
    seeds), and for the jobs placed later, orders that leave every job unplaced."""
    cases = {}
    unplaced = eng.Orders(**{f: None for f in vars(eng.Orders())})
    for seed in range(60):
        player = players.Captain(seed)
        events = played_events(eng, player)
        for e in events:
            if isinstance(e.need, Decision):
                cases.setdefault(e.need.key, e.before)
            if e.step == "assign":  # the same morning with every job left to place later
                day = eng.STEPS[0].apply(e.before, unplaced)
                for i, step in enumerate(eng.STEPS):
                    need = step.need(eng.evolve(day, step=i)) if step.key.startswith("place ") else None
                    if need is not None:
                        cases.setdefault(need.key, eng.evolve(day, step=i))
        if set(cases) >= CREW_KINDS:
            break
    return cases


def test_every_decision_the_engine_asks_has_words_and_labels():
    """Each 1672 decision kind is asked in words (not the engine's key), in its phase, and each of its
    options gets a label (the first 20 of the day's orders)."""
    cases = crew_decision_cases()
    assert set(cases) == CREW_KINDS
    for key, state in cases.items():
        step = eng.STEPS[state.step]
        need = step.need(state)
        assert need.key == key
        q = Crew1672.question(state, step, need, players.SAILORS)
        assert q["text"] != key and len(q["text"].split()) >= 3, (key, q["text"])
        for option in list(step.options(state))[:20]:
            assert Crew1672.label(key, option, state, players.SAILORS)


def test_only_contract_engines_are_playable():
    assert playable("lost-crew") is not None
    assert playable("crows") is None


def test_kill_9_mid_game_and_restart_resumes_at_the_same_step(tmp_path):
    save = tmp_path / "g.yaml"

    args = ("play", "1672", save, "--dice-seed", "4")
    with killed_after(*args) as url:
        # into day 2: day 1 is in the save
        play_over_api(url, lambda state: state["inputs"] >= 12 and state["board"]["day"] >= 2, pick=-1)
        asked = get_json(url + "api/state")
        played = asked["inputs"]
    with served_cli(*args) as url:
        again = get_json(url + "api/state")
        assert again["question"] == asked["question"] and again["inputs"] == played
        assert post_json(url + "api/undo", {})["inputs"] == played - 1
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr


def test_the_server_refuses_other_origins_and_bad_bodies(tmp_path):
    from lostprint.play.server import start

    server, thread = start(PlaySession(tmp_path / "g.yaml", "1672", seed=1))
    try:
        url = server.url
        assert http_error(url + "api/roll", b"{}", {"Origin": "http://evil.example"}).code == 403
        assert http_error(url + "api/give", b"[1, 2").code == 400
        assert http_error(url.replace(server.token, "wrong") + "api/state").code == 403
        assert http_error(url + "api/give", json.dumps({"value": {"nonsense": 1}}).encode()).code == 422
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


# --- 1872: The Lost Crows at the table --------------------------------------------------------------


@pytest.fixture(scope="module")
def crows_played(tmp_path_factory):
    """A whole 1872 game played through the session by the careful decider, dice from the page."""
    save = tmp_path_factory.mktemp("play-1872") / "tribe.yaml"
    session = PlaySession(save, "1872", seed=7)
    asked = set()
    while True:
        q = session.view()["question"]
        if q is None:
            break
        asked.add(q.get("key") or "roll")
        careful_step(session)
    return session, save, asked


def test_an_1872_game_at_the_table_is_a_save_that_validates_and_renders(crows_played, tmp_path):
    from lostprint.engine import lost_crows as crows

    session, save, asked = crows_played
    over = session.state.over
    assert over is not None and {"place", "go", "map"} <= asked
    assert f"{over[0]} on day {session.state.day}" in validated_and_rendered(save, tmp_path / "j.pdf")
    kept = tb.table_of(json.loads(kept_path(save).read_text()))
    state, _ = tb.replay(crows, crows.start(session.game_map), kept.inputs)
    assert state == session.state and crows.score(state) == crows.score(session.state)


def test_1872_is_playable_and_its_board_shows_the_tribe():
    from lostprint.engine import lost_crows as crows
    from lostprint.play.views import PLAYABLE, Crows1872

    assert "lost-crows" in PLAYABLE and playable("lost-crows").view is Crows1872
    game = crows.STEPS[0].apply(crows.start(players_map_1872()), None)
    board = Crows1872.board(game)
    assert [t["key"] for t in board["trackers"]] == list(crows.KEYS)
    assert [b["unit"] for b in board["boxes"]] == ["Tribe", "Chief", "Shaman", "Warriors"]
    assert board["pos"] == game.st.pos and board["crows"] == [] and board["day"] == 1


def players_map_1872():
    from lostprint.maps.model import standard_map

    return standard_map("lost-crows")


def crows_decision_cases() -> dict:
    """Each decision kind the 1872 engine can open, by key, in a state where it is open."""
    from lostprint.engine import lost_crows as crows
    from lostprint.engine.contract import evolve
    from lostprint.games.lost_crows import Effect

    start = crows.STEPS[0].apply(crows.start(players_map_1872()), None)
    at = {s.key: i for i, s in enumerate(crows.STEPS)}
    windy = next(v for v, p in crows.plots.POWERS.items() if p.reroll_in)
    cases = {
        "place": evolve(start, step=at["place 1"], dice=(3, 5)),
        "dancers": evolve(start, step=at["spirit dancers"], board=(1, 2, 3, 4, 5, 6, 1, 2)),
        "reroll": evolve(start, step=at["windriders"], board=(1, 2, 3, 4, 5, 6, 1, 2),
                         st=start.st._replace(vision=windy), terrain=dict(start.terrain, **{start.st.pos: windy[0]})),
        "map": evolve(start, step=at["icons"], agenda=(("effect", "tribe", Effect("map", "forest")),)),
        "wild": evolve(start, step=at["icons"], agenda=(("effect", "chief", Effect("wild", n=1)),)),
        "lose-choice": evolve(start, step=at["icons"], agenda=(("effect", "tribe", Effect("lose-choice", n=1, count=2)),)),
        "lowest": evolve(start, step=at["icons"], agenda=(("effect", "tribe", Effect("lowest", n=1)),)),
        "crow": evolve(start, step=at["icons"], st=start.st._replace(vision=("forest", 1), crows=("forest",) * 7),
                       agenda=(("effect", "shaman", Effect("crow")),)),
        "reading": evolve(start, step=at["icons"], st=start.st._replace(vision=next(
            v for v, p in crows.plots.POWERS.items() if p.portents)), agenda=(("reading", "shaman", (1, 2)),)),
        "vision": evolve(start, step=at["icons"], st=start.st._replace(crows=("forest",) * 3 + ("plains",) * 3 + ("mountains",)),
                         agenda=(("vision",),)),
        "plot choice": evolve(start, step=at["go"], agenda=(("plot choice", "A", next(
            r for r in range(1, 7) if len(crows.plots.encounter(f"A{r}").choices) > 1
            and crows.plots.encounter(f"A{r}").code not in crows.plots.CONDITIONS)),)),
        "go": evolve(start, step=at["go"], terrain=dict(start.terrain, **{
            n: "plains" for n in crows.land_of(players_map_1872()).neighbors[start.st.pos]})),
    }
    return cases


def test_every_1872_decision_is_asked_in_words_with_a_label_per_option():
    """Each decision kind the engine can open, in a state where it is open: the page asks it in words
    (not the engine's key) and labels every legal option."""
    from lostprint.engine import lost_crows as crows
    from lostprint.play.views import Crows1872

    cases = crows_decision_cases()
    for key, game in cases.items():
        step = crows.STEPS[game.step]
        need = step.need(game)
        assert isinstance(need, Decision) and need.key == key, (key, need)
        q = Crows1872.question(game, step, need)
        assert q["kind"] == "choose" and q["text"] != key and len(q["text"].split()) >= 3, (key, q["text"])
        assert len(q["options"]) == len(q["values"]) == len(list(step.options(game))) > 1, key
        assert all(isinstance(label, str) and label and label != "None" for label in q["options"]), key


def test_1872_rolls_say_what_they_are_for_and_show_their_chart():
    from lostprint.engine import lost_crows as crows
    from lostprint.engine.contract import evolve
    from lostprint.games.lost_crows import RULES, Effect
    from lostprint.play.views import Crows1872

    start = crows.STEPS[0].apply(crows.start(players_map_1872()), None)
    icons = next(i for i, s in enumerate(crows.STEPS) if s.key == "icons")
    omen = evolve(start, step=icons, agenda=(("effect", "shaman", Effect("omen")),))
    q = Crows1872.question(omen, crows.STEPS[icons], crows.STEPS[icons].need(omen))
    assert q["kind"] == "roll" and q["dice"] == 2 and "Bad Omen" in q["text"]
    assert [r["label"] for r in q["chart"]["rows"]] == [o.name for o in RULES.omens]
    plot = evolve(start, step=icons, agenda=(("plot", "C"),))
    q = Crows1872.question(plot, crows.STEPS[icons], crows.STEPS[icons].need(plot))
    assert "plot hex C" in q["text"] and q["chart"]["title"] == "Plot C" and len(q["chart"]["rows"]) == RULES.plot_die
    first = evolve(start, step=1)
    q = Crows1872.question(first, crows.STEPS[1], crows.STEPS[1].need(first))
    assert q["text"] == "Roll 2d6 for roll 1 of 4: the units' boxes" and "chart" not in q


def test_lostprint_play_1872_serves_a_whole_game_whose_save_validates(tmp_path):
    """`lostprint play 1872 SAVE --no-browser`: a whole game over the page's API, the first option taken
    for each decision (a step on before stopping, no dancer spent) and the page's dice for each roll."""
    save = tmp_path / "my-game.yaml"
    with served_cli("play", "1872", save, "--dice-seed", "5") as url:
        state = play_over_api(url, lambda state: state["question"] is None)
        assert state["score"] and state["board"]["over"]
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    assert "1872" in done.stdout and state["board"]["over"][0] in done.stdout


def test_wilson_interval():
    from lostprint.play.session import wilson

    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    low, high = wilson(0, 20)
    assert low == 0.0 and round(high, 3) == 0.161


@pytest.mark.parametrize("game", ["1572", "1872"])
def test_the_hint_plays_until_its_stated_margin_is_met(tmp_path, game):
    """The win chance is played out in batches until its 95% interval is at most 10 points either side
    (an 1872 game is ~10 ms of CPU: 200 playouts each time took 2 s and more), the same each time."""
    from lostprint.play.session import HINT_BATCH, HINT_MARGIN, HINT_PLAYOUTS

    session = PlaySession(tmp_path / "g.yaml", game, seed=3)
    for _ in range(3):
        careful_step(session)
    hint = session.hint()
    low, high = hint["interval"]
    assert hint["playouts"] % HINT_BATCH == 0 and hint["playouts"] < HINT_PLAYOUTS
    assert high - low <= 2 * HINT_MARGIN and low <= hint["win_chance"] <= high
    assert session.hint() == hint
