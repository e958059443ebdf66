"""`lostprint play` in a real headless Chromium (Debian's), driven by Playwright: whole games of 1672,
1572 and 1872 played through the page's own controls (dice rolled by the page from its seed, every
decision the careful player's, taken from the page's Hint and made with the page's buttons, fields and
map), then the saves they wrote validated, replayed and rendered; typed dice and the keyboard; a
reload mid-game; every decision kind of the 1572 engine found asked in the page."""
import json

import pytest

from tests.conftest import qpdf_ok, run_cli
from tests.test_edit_browser import CHROMIUM, browser  # noqa: F401 - one browser per module, as the editor's tests

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")


@pytest.fixture
def table(browser, tmp_path):
    """(page, session) for a new 1672 game served in this process; the server stops afterwards."""
    from lostprint.play.server import start
    from lostprint.play.session import PlaySession

    session = PlaySession(tmp_path / "voyage.yaml", "1672", seed=11)
    session.playouts = 4  # the hint's win chance: a few playouts are enough to show it
    server, thread = start(session)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("#ask")
    yield page, session
    page.close()
    server.shutdown()
    server.server_close()
    thread.join(5)
    assert errors == []


def inputs_after(page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('#status').textContent.includes('· {n} step')")


@pytest.fixture
def serve(browser, tmp_path):
    """serve(game, seed) -> (page, session): a new game served in this process, its page open; the
    servers stop afterwards, and no page error may have happened."""
    from lostprint.play.server import start
    from lostprint.play.session import PlaySession

    opened, errors = [], []

    def open_game(game: str, seed: int, width: int = 1300):
        session = PlaySession(tmp_path / f"{game}-{seed}.yaml", game, seed=seed)
        session.playouts = 4  # the hint's win chance: a few playouts are enough to show it
        server, thread = start(session)
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        opened.append((page, server, thread))
        page.goto(server.url)
        page.wait_for_selector("#ask")
        return page, session

    yield open_game
    for page, server, thread in opened:
        page.close()
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert errors == []


def play_on_page(page, session, until_day: int | None = None, by_map: bool = False) -> set:
    """Play with the page's controls until the game is over (or `until_day` has begun): Roll for me for
    each roll, the careful player's choice (the page's Hint) for each decision, a hex chosen on the map
    when `by_map`. The decision kinds asked, by the question's key."""
    asked = set()
    n = len(session.table.inputs)
    for _ in range(3000):
        if page.text_content("#ask").startswith("The game is"):
            return asked
        q = session.view()["question"]
        if until_day is not None and session.state.day >= until_day:
            return asked
        if page.query_selector("#roll-for-me"):
            page.click("#roll-for-me")
        else:
            asked.add(q["key"])
            page.click("#hint")
            page.wait_for_selector("#hint-box:not([hidden])")
            choice = session.hint(0)["choice"]
            if q["key"] == "orders":
                page.click("#take-orders")
            elif by_map and isinstance(choice, str) and choice in q.get("targets", {}):
                page.click(f'#map polygon[data-target="{choice}"]')
            else:
                page.click(".option.hinted")
        n += 1
        inputs_after(page, n)
    pytest.fail("the game did not end in 3000 steps")


def check_save(session, tmp_path, whole: bool) -> None:
    """The save the page wrote validates, replays through the engine to the page's state, and renders."""
    from lostprint.play import table as tb
    from lostprint.play.session import kept_path

    save = session.save
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    if whole:
        assert f"{session.state.over[0]} on day {session.state.day}" in done.stdout
    kept = tb.table_of(json.loads(kept_path(save).read_text()))
    view, engine = session.parts.view, session.parts.engine
    n = view.SETUP_INPUTS
    start = view.start(engine, session.game_map, kept.inputs[:n], kept.names)
    state, _ = tb.replay(engine, start, kept.inputs[n:])
    assert state == session.state and engine.score(state) == engine.score(session.state)
    done = run_cli("render", str(save), "-o", str(tmp_path / "j.pdf"))
    assert done.returncode == 0 and qpdf_ok(tmp_path / "j.pdf"), done.stderr


def test_a_whole_game_through_the_page(table, tmp_path):
    page, session = table
    asked = set()
    for n in range(1, 400):
        ask = page.text_content("#ask")
        if ask.startswith("The game is"):
            break
        if page.query_selector("#roll-for-me"):
            page.click("#roll-for-me")
        else:
            key = session.view()["question"]["key"]
            asked.add(key)
            page.click("#hint")
            page.wait_for_selector("#hint-box:not([hidden])")
            if key == "orders":
                page.click("#take-orders")
            else:
                page.click(".option.hinted")
        inputs_after(page, n)
    else:
        pytest.fail("the game did not end in 400 steps")
    assert session.state.over is not None
    assert {"orders", "route"} <= asked
    assert page.text_content("#total") == str(sum(p for _, p in session.view()["score"]))
    save = session.save
    done = run_cli("validate", str(save))
    assert done.returncode == 0, done.stderr
    assert f"{session.state.over[0]} on day {session.state.day}" in done.stdout
    done = run_cli("render", str(save), "-o", str(tmp_path / "j.pdf"))
    assert done.returncode == 0 and qpdf_ok(tmp_path / "j.pdf")


def test_keyboard_alone_and_a_reload_mid_game(table):
    page, session = table
    page.keyboard.press("h")
    page.wait_for_selector("#hint-box:not([hidden])")
    page.keyboard.press("Enter")  # the orders the hint filled in
    inputs_after(page, 1)
    n = 1
    while not page.query_selector("#roll-for-me"):
        page.click("#hint")
        page.wait_for_selector("#hint-box:not([hidden])")
        page.click(".option.hinted, #take-orders")
        n += 1
        inputs_after(page, n)
    q = session.view()["question"]
    dice = q["dice"]
    for face in "3456"[:dice]:
        page.keyboard.press(face)
    if "chart" in q:  # the row the typed dice land on is lit before they are taken
        total = sum([3, 4, 5, 6][:dice]) + q["chart"]["bonus"]
        lit = page.text_content("#chart tr.lit th")
        row = next(r for r in q["chart"]["rows"] if (r["low"] is None or total >= r["low"])
                   and (r["high"] is None or total <= r["high"]))
        assert lit == row["label"]
    page.keyboard.press("Enter")
    n += 1
    inputs_after(page, n)
    assert session.table.inputs[-1] == ([3, 4, 5, 6][:dice] if dice > 1 else 3)
    before = page.text_content("#ask")
    page.reload()
    page.wait_for_selector("#ask")
    assert page.text_content("#ask") == before
    page.keyboard.press("u")
    inputs_after(page, n - 1)
    assert len(session.table.inputs) == n - 1


def test_a_refused_choice_says_why_and_keeps_the_step(table):
    page, session = table
    for job in ("movement", "scan", "gather", "fish", "watch"):
        page.fill(f"#job-{job}", "1")
    page.wait_for_function("document.querySelector('#why').textContent.includes('well sailors')")
    page.click("#take-orders")
    page.wait_for_selector("#banner:not([hidden])")
    assert "well sailors" in page.text_content("#banner")
    assert session.table.inputs == ()
    assert "refused" in page.text_content("#status")


def test_readable_at_a_phone_width(table):
    page, _ = table
    page.set_viewport_size({"width": 390, "height": 800})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


# --- 1572 and 1872 through the page ------------------------------------------------------------------


@pytest.mark.parametrize("game, days", [("1572", 3), ("1872", 2)])
def test_the_first_days_through_the_page(serve, tmp_path, game, days):
    """A few days of 1572 (the expedition rolled by the page; a hex to map and the way to go clicked
    on the map) and of 1872, by the careful player through the page; the save so far is a game."""
    page, session = serve(game, 3)
    asked = play_on_page(page, session, until_day=days, by_map=True)
    assert {"1572": {"keep", "wilds", "to"}, "1872": {"place", "go"}}[game] <= asked
    assert page.text_content("#day") == str(session.view()["board"]["day"])
    if game == "1572":
        assert session.parts.view.route(session.start, session.events) == session.view()["route"]
        assert page.query_selector_all("#marks li") or not session.view()["board"]["marks"]
    page.set_viewport_size({"width": 390, "height": 800})  # a phone's width: nothing wider than it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    check_save(session, tmp_path, whole=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["1572", "1872"])
def test_a_whole_game_through_the_page(serve, tmp_path, game):
    page, session = serve(game, 11)
    asked = play_on_page(page, session, by_map=True)
    assert session.state.over is not None
    assert page.text_content("#total") == str(sum(p for _, p in session.view()["score"]))
    assert len(asked) >= 3
    check_save(session, tmp_path, whole=True)


def test_every_1572_decision_kind_is_asked_in_the_page(browser, tmp_path):
    """Each decision kind of the 1572 engine (its ASK table), reached by replaying a careful game to
    where it first opens, is asked on the page: the question in words and one button per legal option
    (a hex to choose also on the map)."""
    from lostprint.engine import lost_expedition as eng
    from lostprint.engine.contract import Decision
    from lostprint.engine.drive import play
    from lostprint.games.lost_expedition import EXPEDITIONS
    from lostprint.play import table as tb
    from lostprint.play.server import start
    from lostprint.play.session import PlaySession, kept_path
    from lostprint.play.views import Expedition1572
    from lostprint.players import lost_expedition as players

    wanted, seen = set(eng.ASK), {}
    for seed in range(400):
        player = players.Careful(seed)
        events = []
        play(eng, player.start(), player.decide, player.roll, player.days, events)
        inputs = [next(o.roll for o in EXPEDITIONS if o.key == player.expedition)]
        for e in events:
            if isinstance(e.need, Decision) and e.need.key not in seen:
                seen[e.need.key] = list(inputs)
            if e.need is not eng.AUTO:  # as the page lists it (the careful player keeps dice unsorted)
                inputs.append(tb.encode(Expedition1572.canonical(getattr(e.need, "key", ""), e.value, e.before)))
        if set(seen) >= wanted:
            break
    assert set(seen) == wanted
    save = tmp_path / "kinds.yaml"
    session = PlaySession(save, "1572", seed=1)
    server, thread = start(session)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    try:
        for key, inputs in sorted(seen.items()):
            table = tb.Table(**{**session.table.__dict__, "inputs": tuple(inputs)})
            kept_path(save).write_text(json.dumps(table.to_plain()))
            server.session = PlaySession(save, "1572")
            page.goto(server.url)
            page.wait_for_selector("#ask")
            q = server.session.view()["question"]
            assert q["key"] == key
            assert page.text_content("#ask") == q["text"]
            buttons = page.query_selector_all(".option")
            assert [b.get_attribute("data-value") for b in buttons] == [json.dumps(v, separators=(",", ":"))
                                                                         for v in q["values"]], key
            assert len(page.query_selector_all("#map polygon.target")) == len(q.get("targets", {}))
    finally:
        page.close()
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.mark.parametrize("game", ["1672", "1872"])
def test_every_decision_kind_of_1672_and_1872_is_asked_in_the_page(browser, tmp_path, game):
    """Each decision kind of the engine (listed in tests/test_play.py), in a state where it is open, is
    asked on the page: the served game is put in that state, and the page shows the question in words
    with one button per legal option (the day's orders: a field per job)."""
    from lostprint.play.server import start
    from lostprint.play.session import PlaySession
    from tests.test_play import CREW_KINDS, crew_decision_cases, crows_decision_cases

    cases = crew_decision_cases() if game == "1672" else crows_decision_cases()
    if game == "1672":
        assert set(cases) == CREW_KINDS
    session = PlaySession(tmp_path / "kinds.yaml", game, seed=1)
    server, thread = start(session)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    try:
        for key, state in sorted(cases.items()):
            session.state = state
            page.goto(server.url)
            page.wait_for_selector("#ask")
            q = session.view()["question"]
            assert q["key"] == key
            assert page.text_content("#ask") == q["text"], key
            if key == "orders":
                assert len(page.query_selector_all(".jobs input")) == len(q["jobs"]) and page.query_selector("#take-orders")
                continue
            buttons = page.query_selector_all(".option")
            assert [b.get_attribute("data-value") for b in buttons] == [json.dumps(v, separators=(",", ":"))
                                                                         for v in q["values"]], key
            assert all(b.text_content().strip() for b in buttons)
    finally:
        page.close()
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_1572_with_real_dice_typed_at_the_keyboard(serve):
    """Real dice, as docs/guide/play.md tells: the expedition's die, the five planning dice, which to
    keep (chosen with the keys), the one die rolled again, each typed and taken with Enter."""
    page, session = serve("1572", 2)
    page.keyboard.press("3")
    page.keyboard.press("Enter")
    inputs_after(page, 1)
    assert "Military" in page.text_content("#kept")
    for face in "12345":
        page.keyboard.press(face)
    page.keyboard.press("Enter")
    inputs_after(page, 2)
    q = session.view()["question"]
    assert q["key"] == "keep"
    for die in "1234":  # a die's number toggles it to keep; Enter keeps them
        page.keyboard.press(die)
    page.keyboard.press("Enter")
    inputs_after(page, 3)
    assert page.text_content("#ask").startswith("Roll 1d6 for Planning: the dice not kept (1, 2, 3, 4 kept)")
    page.keyboard.press("6")
    page.keyboard.press("Enter")
    inputs_after(page, 4)
    assert session.table.inputs == (3, [1, 2, 3, 4, 5], [1, 2, 3, 4], 6)
    assert session.view()["question"]["key"] == "wilds"
    assert "1, 2, 3, 4, 6" in page.text_content("#ask")
