"""The Crows scorekeeper (`lostprint play crows`, `lostprint edit` of a Crows record) in a real headless
Chromium driven by Playwright: a whole game entered by clicking the grid (the example game's every
starting tile, tile, totem, spell, Nightfall and scatter), the record it writes validated and rendered;
the keyboard alone; a refused input naming its rule; a phone's width; an edit taken back and saved."""
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import qpdf_ok, run_cli
from tests.test_edit_browser import CHROMIUM, browser  # noqa: F401 - one browser per module

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "crows-3p.yaml"


def decision_keys() -> set:
    from lostprint.engine import crows as E
    from lostprint.engine.contract import Step

    no_options = Step.__dataclass_fields__["options"].default  # an AUTO step lists no options
    return {step.key for step in E.STEPS if step.options is not no_options}


DECISIONS = decision_keys()


def example_inputs():
    from lostprint.crows import transcript as T
    from lostprint.crows.record import parse_record
    from lostprint.files import load

    record, _ = parse_record(load(EXAMPLE), EXAMPLE.name)
    return record, T.inputs_of(record)


@pytest.fixture
def served(browser, tmp_path):
    """A function serving a CrowsSession in this process: (page, session); stopped afterwards."""
    from lostprint.play.crows_session import CrowsSession
    from lostprint.play.server import start

    running = []

    def serve(save: Path, mode: str = "play", width: int = 1300):
        session = CrowsSession(save, mode)
        server, thread = start(session)
        page = browser.new_page(viewport={"width": width, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_selector("#status:not(:empty)")
        running.append((page, server, thread, errors))
        return page, session

    yield serve
    for page, server, thread, errors in running:
        page.close()
        server.shutdown()
        server.server_close()
        thread.join(5)
        assert errors == []


def session_inputs_at(n: int):
    return example_inputs()[1][n]


def steps_done(page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('#status').textContent.startsWith('{n} step')")


def settled(page) -> None:
    """The page has its answer and asks a real question: no request in flight, no forced input to give."""
    page.wait_for_function("!page.busy && !(page.view.question && page.view.question.forced !== undefined)")


def forced_steps(players, inputs, counts=None, squares=None) -> list[bool]:
    """For each input of a game, whether its step had one legal input (the page gives it, no click)."""
    from lostprint.crows import transcript as T
    from lostprint.engine import crows as E
    from lostprint.games import crows as G
    from lostprint.play.crows_session import forced

    state, out = E.start(tuple(players), counts or G.HOUSE_COUNTS, squares or G.start_squares()), []
    for raw in inputs:
        out.append(forced(T.autos(state, [])) is not None)
        state, _ = T.take(state, raw)
    return out


def sq(page, square) -> None:
    page.click(f"#sq_{square[0]}_{square[1]}")


def place(page, raw) -> None:
    """A tile placed (a turn's tile or Landfall's): its kind, its square, and where a Lava Pool's replaced
    tile goes."""
    page.click(f"#kind-{raw['tile']}")
    sq(page, raw["at"])
    if raw.get("moved_to"):
        sq(page, raw["moved_to"])


def enter(page, key: str, raw, crows_at) -> None:
    """One input through the page's own controls, as a player at the table would give it."""
    if key == "start":
        page.click(f"#kind-{raw}")
    elif key == "tile":
        place(page, raw)
    elif key == "totem":
        if raw is None:
            page.click("#choices button[data-key='0']")
        else:
            sq(page, raw)
    elif key == "spell":
        if raw is None:
            page.click("#choices button[data-key='0']")
            return
        page.click(f"#spell-{raw['name']}")
        name = raw["name"]
        if name in ("disperse", "populate"):
            sq(page, raw["target"])
        elif name == "attract":
            sq(page, raw["target"])
            page.click(f"#choices button[data-key='{raw['direction'].lower()}']")
        elif name == "teleport":
            sq(page, raw["from"])
            sq(page, raw["target"])
            if crows_at(raw["from"]) >= 2:
                page.click(f"#choices button[data-key='{raw['count']}']")
        elif name == "landfall":
            place(page, raw)
    elif key == "nightfall":
        page.click("#choices button[data-key='y']" if raw else "#choices button[data-key='x']")
    elif key == "scatter":
        page.click(f"#choices button[data-key='{raw.lower()}']")


def begin(page, names=("Mara", "Tobias", "Wren"), title="Nightfall over the Rookery"):
    page.fill("#game-title", title)
    for i, name in enumerate(names):
        page.fill(f"#name-{i}", name)
    page.click("#begin")
    page.wait_for_selector("#kind-barrens")


def test_a_whole_game_entered_by_clicking_the_grid_writes_the_record(served, tmp_path):
    from lostprint.crows import transcript as T

    record, inputs = example_inputs()
    page, session = served(tmp_path / "rookery.yaml")
    assert page.is_visible("#setup")
    begin(page)
    asked = set()
    given = forced_steps(("Mara", "Tobias", "Wren"), inputs)
    for n, raw in enumerate(inputs, 1):
        if given[n - 1]:  # no click: the page gives the one legal input itself
            continue
        steps_done(page, n - 1)
        key = T.open_key(T.autos(session.state, []))
        asked.add(key)
        crows = dict(session.state.crows)
        enter(page, key, raw, lambda s: crows.get(tuple(s), 0))
        if n == 24:  # Wren's spell, and her Nightfall out of reach: round 1 ends without another click
            steps_done(page, 25)  # round 1 is over: the page says where the crow figures go
            assert "Round 1 is over" in page.text_content("#moved-box") and page.is_visible("#moved-box")
            assert "[4, 1]: 0 → 4 crows" in page.text_content("#moved")
    steps_done(page, len(inputs))
    assert session.inputs == inputs
    assert sum(given) == 38  # of the example's 154 inputs, 38 no longer take a click
    assert asked == DECISIONS  # every decision the engine asks was asked by the page
    assert "The game is over" in page.text_content("#ask")
    for name, points in record.claimed:
        assert page.text_content(f"#total-{name}") == str(points)
    done = run_cli("validate", str(session.save))
    assert done.returncode == 0, done.stderr
    done = run_cli("render", str(session.save), "-o", str(tmp_path / "r.pdf"))
    assert done.returncode == 0 and qpdf_ok(tmp_path / "r.pdf")


def test_the_keyboard_alone_lays_a_start_and_plays_a_turn(served, tmp_path):
    page, session = served(tmp_path / "keys.yaml")
    page.fill("#name-0", "Ana")
    page.fill("#name-1", "Ben")
    page.focus("#begin")
    page.keyboard.press("Enter")
    page.wait_for_selector("#kind-barrens")
    record, inputs = example_inputs()
    order = [k["key"] for k in session.view()["kinds"]]
    for n, kind in enumerate(inputs[:13], 1):  # a tile type by its number key
        page.keyboard.press(str(order.index(kind) + 1))
        steps_done(page, n)
    page.keyboard.press("1")  # Ana's tile: Barrens; the first legal square takes the focus
    page.wait_for_selector(".cell.target")
    first = session.view()["question"]["open"][0]
    assert page.evaluate("document.activeElement.id") == f"sq_{first[0]}_{first[1]}"
    page.keyboard.press("ArrowRight")  # the next square along the row that takes the tile
    moved = page.evaluate("document.activeElement.id")
    page.keyboard.press("Enter")
    steps_done(page, 14)
    at = [int(v) for v in moved.split("_")[1:]]
    assert session.inputs[-1] == {"tile": "barrens", "at": at}
    page.keyboard.press("Enter")  # the totem on the first empty tile
    steps_done(page, 15)
    page.keyboard.press("0")  # no spell; Nightfall is out of the setup's reach: given without a key
    steps_done(page, 17)
    assert session.state.player == "Ben" and session.inputs[-1] is False
    page.keyboard.press("u")  # back to the spell, the last question asked
    steps_done(page, 15)
    assert len(session.inputs) == 15


def test_a_refused_input_says_the_rule_and_keeps_the_step(served, tmp_path):
    page, session = served(tmp_path / "refused.yaml")
    begin(page, ("Ana", "Ben"))
    record, inputs = example_inputs()
    for n, kind in enumerate(inputs[:13], 1):
        page.click(f"#kind-{kind}")
        steps_done(page, n)
    page.evaluate("fetch('api/give', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                  " body: JSON.stringify({value: {tile: 'barrens', at: [9, 9]}})}).then(r => r.json())"
                  ".then(a => { document.querySelector('#banner').hidden = false;"
                  " document.querySelector('#banner').textContent = a.error; })")
    page.wait_for_function("document.querySelector('#banner').textContent.includes('touches no tile')")
    assert len(session.inputs) == 13
    # only the squares the engine lists take a click: a square touching nothing is not offered
    page.click("#kind-barrens")
    assert page.is_disabled("#sq_-1_-1") and not page.is_disabled("#sq_1_0")


def test_readable_at_a_phone_width(served, tmp_path):
    shutil.copy(EXAMPLE, tmp_path / "phone.yaml")
    page, _ = served(tmp_path / "phone.yaml", "edit", width=390)
    page.wait_for_selector(".cell")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.query_selector(".cell").bounding_box()
    assert box["width"] >= 30  # a finger's width


def test_edit_of_a_record_takes_turns_back_and_saves_only_on_save(served, tmp_path):
    path = tmp_path / "edit.yaml"
    shutil.copy(EXAMPLE, path)
    before = path.read_bytes()
    page, session = served(path, "edit")
    assert "The game is over" in page.text_content("#ask")
    assert "no change" in page.text_content("#status")
    total = len(session.inputs)
    while not (session.view()["question"] or {}).get("key") == "tile":  # back into Wren's last turn
        page.click("#undo")
        settled(page)
    assert session.state.player == "Wren" and len(session.inputs) < total
    assert path.read_bytes() == before  # nothing is written over the record but by Save
    assert "unsaved" in page.text_content("#status")
    assert json.loads((tmp_path / "edit.edit.json").read_text())["inputs"] == session.inputs
    n = len(session.inputs)
    enter(page, "tile", session_inputs_at(n), lambda s: 0)  # the same tile; the totem somewhere else
    steps_done(page, n + 1)
    sq(page, session.view()["question"]["squares"][0])
    settled(page)
    for key, button in (("spell", "0"), ("nightfall", "x"), ("scatter", "n")):  # those the page asks
        if (session.view()["question"] or {}).get("key") == key:
            page.click(f"#choices button[data-key='{button}']")
            settled(page)
    assert session.view()["over"]
    page.click("#save")
    page.wait_for_function("document.querySelector('#status').textContent.includes('saved at')")
    assert not (tmp_path / "edit.edit.json").exists()
    done = run_cli("validate", str(path))
    assert done.returncode == 0, done.stderr
    assert path.read_bytes() != before


def test_every_spell_and_a_lava_replacement_by_clicks_and_a_reload(served, tmp_path):
    """The example game has no Drain, Populate or Lava Pool put on a tile: each is entered here by clicks
    at a turn where the rules allow it, checked against the engine's own option, and taken back."""
    from lostprint.crows import transcript as T
    from lostprint.engine import crows as E

    page, session = served(tmp_path / "spells.yaml")
    begin(page)
    record, inputs = example_inputs()
    for raw in inputs[:13]:
        session.give(raw)
    page.reload()  # what the session took behind the page is there after a reload
    page.wait_for_selector("#kind-lava")
    state = T.autos(session.state, [])
    lava = next(p for p in E.STEPS[1].options(state) if p.tile == "lava" and p.moved_to)
    enter(page, "tile", T.plain("tile", lava), lambda s: 0)
    steps_done(page, 14)
    assert session.inputs[-1] == T.plain("tile", lava)
    page.keyboard.press("u")
    steps_done(page, 13)
    for raw in inputs[13:27]:
        session.give(raw)
    page.reload()
    page.wait_for_selector("#spell-populate")
    state = T.autos(session.state, [])
    options = [o for o in E.STEPS[3].options(state) if o is not None]
    for name in ("drain", "populate", "attract", "disperse", "teleport", "landfall"):
        option = next(o for o in options if o.name == name and (name != "teleport" or o.count == 2))
        crows = dict(state.crows)
        enter(page, "spell", T.plain("spell", option), lambda s: crows.get(tuple(s), 0))
        page.wait_for_function("+document.querySelector('#status').textContent.split(' ')[0] > 27")
        settled(page)
        assert session.inputs[27] == T.plain("spell", option), name
        page.click("#undo")
        steps_done(page, 27)


def test_two_tabs_a_stale_one_is_refused_and_catches_up(served, browser, tmp_path):
    """Tab A shows the totem question; tab B answers it. A's 'No totem' must not be read as B's next
    question's 'No spell': it is refused, and A then shows the game as it is."""
    page, session = served(tmp_path / "tabs.yaml")
    begin(page, ("Ana", "Ben"))
    record, inputs = example_inputs()
    for raw in inputs[:14]:
        session.give(raw)
    page.reload()
    page.wait_for_selector(".cell.target")
    other = browser.new_page()
    other.goto(page.url)
    other.wait_for_selector(".cell.target")
    sq(other, session.view()["question"]["squares"][0])  # B places the totem
    steps_done(other, 15)
    other.close()
    status = page.evaluate("fetch('api/give', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                           " body: JSON.stringify({value: null, at: 14})}).then(r => r.status)")  # A, one behind
    assert status == 400 and len(session.inputs) == 15
    page.click(".cell.target")  # A's stale page clicks a totem square: refused, and it catches up
    page.wait_for_selector("#banner:not([hidden])")
    assert "another page" in page.text_content("#banner")
    assert len(session.inputs) == 15
    page.wait_for_function("document.querySelector('#ask').textContent.includes('spell')")


def test_a_turn_with_no_spell_in_hand_needs_no_click_for_spell_or_nightfall(served, tmp_path):
    """Round 7 of the example: Mara's totem on [5, 2] gives her no spell and the setup keeps Nightfall out
    of reach: one click on the totem's square ends her turn and Tobias is asked his tile; the record is the
    one the old clicks wrote, and it validates."""
    from lostprint.files import load

    page, session = served(tmp_path / "quick.yaml")
    begin(page)
    record, inputs = example_inputs()
    for raw in inputs[:77]:
        session.give(raw)
    page.reload()
    page.wait_for_selector(".cell.target")
    assert session.view()["question"]["key"] == "totem" and session.state.player == "Mara"
    sq(page, inputs[77])
    steps_done(page, 80)
    assert "Tobias" in page.text_content("#where") and page.is_visible("#kind-barrens")
    assert session.inputs == inputs[:80]
    for raw in inputs[80:]:
        session.give(raw)
    assert run_cli("validate", str(session.save)).returncode == 0
    assert load(session.save)["rounds"] == load(EXAMPLE)["rounds"]

