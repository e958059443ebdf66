"""`lostprint play 1572` without a browser: the expedition rolled at setup, a whole game played step by
step through the session by the careful player (dice from the page), its save validated, rendered and
replayed; every decision the 1572 engine can ask is asked in words with only its legal options."""
import json

import pytest

from lostprint.engine import lost_expedition as eng
from lostprint.engine.contract import Decision
from lostprint.games.lost_expedition import EXPEDITIONS
from lostprint.play import table as tb
from lostprint.play.session import PlaySession, kept_path
from lostprint.play.views import PLAYABLE, Expedition1572, playable
from lostprint.players import lost_expedition as players
from tests.conftest import played_events, run_cli, validated_and_rendered
from tests.test_play import careful_step


@pytest.fixture(scope="module")
def expedition(tmp_path_factory):
    """A whole 1572 game played through the session: (session, save path, decision kinds asked)."""
    save = tmp_path_factory.mktemp("play-1572") / "expedition.yaml"
    session = PlaySession(save, "1572", seed=5)
    asked = set()
    while (q := session.view()["question"]) is not None:
        asked.add(q.get("key") or q["step"])
        careful_step(session)
    return session, save, asked


def test_a_whole_1572_game_at_the_table_validates_renders_and_replays(expedition, tmp_path):
    session, save, asked = expedition
    over = session.state.over
    assert over and {"setup", "keep", "wilds", "to"} <= asked
    report = validated_and_rendered(save, tmp_path / "j.pdf")
    assert f"1572: “expedition”, {over[0]} on day {session.state.day}" in report
    kept = tb.table_of(json.loads(kept_path(save).read_text()))
    face = kept.inputs[0]
    expedition = next(o.key for o in EXPEDITIONS if o.roll == face)
    state, _ = tb.replay(eng, eng.start(session.game_map, expedition), kept.inputs[1:])
    assert state == session.state and eng.score(state) == eng.score(session.state)
    assert session.view()["score"] == [list(t) for t in eng.score(state)]


def test_the_game_begins_with_the_expedition_roll_and_undo_takes_it_back(tmp_path):
    save = tmp_path / "e.yaml"
    session = PlaySession(save, "1572", seed=2)
    q = session.view()["question"]
    assert q["kind"] == "roll" and q["dice"] == 1 and q["text"] == "Roll 1d6 for your expedition"
    assert [r["label"] for r in q["chart"]["rows"]] == [o.name for o in EXPEDITIONS]
    assert session.view()["board"]["kept"][0] == ["Expedition", "to be rolled"]
    for bad in (0, 7, [3], True, "military"):
        assert session.check(bad)["ok"] is False
        with pytest.raises(ValueError):
            session.give(bad)
    assert session.table.inputs == ()
    hint = session.hint(20)  # before the roll: games that each roll their own expedition
    assert "choice" not in hint and hint["playouts"] == 20 and 0 <= hint["win_chance"] <= 1
    view = session.give(3)
    assert session.state.expedition == "military" and view["board"]["kept"][0] == ["Expedition", "Military"]
    assert "Expedition: Military" in view["last"]
    assert view["question"]["text"].startswith("Roll 5d6 for Planning")
    while session.days_done(session.state) < 1:
        careful_step(session)
    assert "expedition: military" in save.read_text()  # day 1 is done: the save names the expedition
    while session.table.inputs:
        session.undo()
    assert session.view()["question"]["step"] == "setup" and session.view()["board"]["day"] == 0
    assert not save.exists()
    session.roll()  # the page rolls the expedition from the game's dice seed
    assert session.state.expedition == next(o.key for o in EXPEDITIONS if o.roll == session.table.inputs[0])


def test_a_restart_resumes_a_1572_game_at_the_same_step(tmp_path):
    save = tmp_path / "e.yaml"
    first = PlaySession(save, "1572", seed=4)
    for _ in range(15):
        careful_step(first)
    again = PlaySession(save, "1572")
    assert again.view()["question"] == first.view()["question"]
    assert again.view()["board"] == first.view()["board"]
    assert again.state == first.state


def decision_states(kinds_wanted) -> dict:
    """The first state of careful games where each (step, decision) opens, over enough seeds."""
    found = {}
    for seed in range(400):
        player = players.Careful(seed)
        events = played_events(eng, player)
        for e in events:
            if isinstance(e.need, Decision):
                found.setdefault((e.step, e.need.key), e.before)
        if {key for _, key in found} >= kinds_wanted:
            return found
    return found


def test_every_1572_decision_is_asked_in_words_with_only_its_legal_options():
    """The engine's decision kinds (its ASK table) are each opened by careful games, and the page asks
    each in words (not the engine's key), listing exactly the step's legal options, each labelled."""
    found = decision_states(set(eng.ASK))
    assert {key for _, key in found} == set(eng.ASK)
    for (step_key, key), state in found.items():
        step = eng.STEP[step_key]
        need = step.need(state)
        q = Expedition1572.question(state, step, need)
        assert q["kind"] == "choose" and q["key"] == key
        assert q["text"] != key and len(q["text"].split()) >= 4, (step_key, key, q["text"])
        options = list(step.options(state))
        assert q["values"] == [tb.encode(o) for o in options] and len(q["options"]) == len(options) >= 1
        assert all(isinstance(label, str) and label and label != "None" for label in q["options"]), (key, q)
        assert len(set(q["options"])) == len(q["options"]), (key, q["options"])
        for value in q["values"]:  # every listed option is one the engine takes
            assert tb.take(eng, state, value)
        if key in ("to", "target", "trail", "cartography"):  # a hex choice: each neighbour offered or refused
            refused = {line.split(":")[0] for line in q.get("refused", ())}
            assert refused | set(q["targets"]) == set(state.board.neighbours[state.pos]), (key, q)
            assert not refused & set(q["targets"])
    phases = {step_key: Expedition1572.question(s, eng.STEP[step_key], eng.STEP[step_key].need(s))["phase"]
              for (step_key, _), s in found.items()}
    assert phases["planning"] == 1 and phases["mapping"] == 3 and phases["interests"] == 7


def test_1572_travel_says_why_a_neighbour_is_not_offered_and_a_hex_is_clicked_on_the_map():
    found = decision_states({"to", "target"})
    state = found["travel", "to"]
    q = Expedition1572.question(state, eng.STEP["travel"], eng.STEP["travel"].need(state))
    offered = {v for v in q["values"] if v is not None}
    refused = {line.split(":")[0] for line in q["refused"]}
    assert offered | refused == set(state.board.neighbours[state.pos]) and not offered & refused
    assert q["targets"] == {v: i for i, v in enumerate(q["values"]) if v is not None}
    state = found["mapping", "target"]
    q = Expedition1572.question(state, eng.STEP["mapping"], eng.STEP["mapping"].need(state))
    assert set(q["targets"]) == set(eng.mapping_targets(state))
    refused = {line.split(":")[0] for line in q.get("refused", ())}
    assert refused == set(state.board.neighbours[state.pos]) - set(q["targets"])
    assert all("mapped already" in line for line in q.get("refused", ()))


def test_1572_rolls_name_their_chart_with_todays_bonus():
    found = decision_states({"musket"})
    state = found["movement", "musket"]
    after = tb.take(eng, state, True)[0]  # a musket spent: the reroll is asked, read on the same chart
    _, step, need = tb.open_now(eng, after)
    q = Expedition1572.question(after, step, need)
    assert q["text"] == "Roll 2d6 for Movement: the musket's reroll"
    assert q["chart"]["title"] == "Movement" and q["chart"]["bonus"] == eng.modifier(after, "movement", True)


def test_1572_is_playable():
    assert "lost-expedition" in PLAYABLE and playable("lost-expedition").view is Expedition1572


def test_diego_s_plus_one_is_in_the_chart_s_bonus_wherever_interests_are_rolled():
    """Diego's +1 taken for an Interests roll (asked in phase 7 or on entering a hex in travel) shows in
    the chart's bonus, as the engine adds it."""
    found = decision_states({"diego"})
    state = next(s for (step, key), s in found.items() if key == "diego")
    for where in ("interests", "travel"):
        at = eng.replace(state, step=next(i for i, s in enumerate(eng.STEPS) if s.key == where), interest_due=True,
                         diego=True, diego_used=False, phase="", pending=eng.NOTHING)
        step = eng.STEPS[at.step]
        assert step.need(at).key == "diego"
        after = step.apply(at, True)
        need = step.need(after)
        assert need.key == "interests"
        q = Expedition1572.question(after, step, need)
        assert q["phase"] == 7 and q["chart"]["title"] == "Interests" and q["chart"]["bonus"] == eng.R.bonus_per_extra, where


def test_native_contact_near_an_empire_and_kantyi_s_rerolls_are_asked_as_the_engine_rolls_them():
    """Near an Advanced Empire Native Contact is rolled on its own number of dice, and with Princess
    Kantyi found each 1 or 2 is rolled again: the page asks exactly the dice the engine takes."""
    from lostprint.engine.contract import Roll

    for seed in range(400):
        player = players.Careful(seed)
        events = played_events(eng, player)
        kantyi = next((e for e in events if isinstance(e.need, Roll) and e.need.key == "kantyi"), None)
        empire = next((e for e in events if isinstance(e.need, Roll) and e.need.key == "native-contact"
                       and e.need.dice != eng.R.phase_dice), None)
        if kantyi and empire:
            break
    else:
        pytest.fail("no careful game met Princess Kantyi and an empire's Native Contact")
    q = Expedition1572.question(empire.before, eng.STEPS[empire.before.step], empire.need)
    assert q["dice"] == eng.R.empire_dice and "near the Advanced Empire" in q["text"]
    q = Expedition1572.question(kantyi.before, eng.STEPS[kantyi.before.step], kantyi.need)
    rolled = eng.pending(kantyi.before, "native-contact", "rolls")
    assert q["dice"] == kantyi.need.dice and "Princess Kantyi" in q["text"] and str(list(rolled[-1])) in q["text"]


def test_a_journal_line_typed_during_a_day_is_in_the_save_once_the_day_is_done(tmp_path):
    import yaml

    save = tmp_path / "e.yaml"
    session = PlaySession(save, "1572", seed=6)
    for _ in range(4):
        careful_step(session)
    session.write_journal(1, "We left the mountains at dawn.")
    assert not save.exists()  # day 1 is not over: the line waits with the inputs
    assert json.loads(kept_path(save).read_text())["journal"] == {"1": "We left the mountains at dawn."}
    while session.days_done(session.state) < 1:
        careful_step(session)
    assert yaml.safe_load(save.read_text())["days"][0]["journal"] == "We left the mountains at dawn."


def test_lostprint_play_1572_killed_mid_day_resumes_at_the_same_step(tmp_path):
    """`lostprint play 1572 SAVE --no-browser`: the expedition and two days and a bit over the page's API,
    the server killed (-9) mid-day, started again: the same question, the same inputs, day 2 in the save."""
    from tests.conftest import get_json, killed_after, play_over_api, served_cli

    save = tmp_path / "expedition.yaml"

    args = ("play", "1572", save, "--dice-seed", "8")
    with killed_after(*args) as url:
        assert get_json(url + "api/state")["question"]["text"] == "Roll 1d6 for your expedition"
        play_over_api(url, lambda state: state["board"]["day"] >= 3 and state["question"]["step"] != "planning")
        asked = get_json(url + "api/state")
    with served_cli(*args) as url:
        again = get_json(url + "api/state")
        assert again["question"] == asked["question"] and again["inputs"] == asked["inputs"]
        assert again["board"] == asked["board"]
    done = run_cli("validate", str(save))
    assert done.returncode == 0 and "in progress after 2 days" in done.stdout, done.stdout + done.stderr
