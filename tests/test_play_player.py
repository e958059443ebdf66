"""What a player found playing whole games through `lostprint play` in Chromium: each test failed first.
Prompts that must say what the dice make, labels that must not claim what is not so."""
import pytest

from lostprint.play.session import PlaySession
from tests.test_edit_browser import CHROMIUM, browser  # noqa: F401 - one browser per module
from tests.test_play_browser import inputs_after, serve  # noqa: F401 - the served game and its page

# A 1572 game to its day-1 Movement roll: the Military expedition (a 3), the planning dice, which are
# kept, the reroll and the WILD given to Hunting. Movement at A1 is read with −1 today.
MILITARY_TO_MOVEMENT = (3, [6, 3, 6, 6, 6], [6], [4, 2, 6, 1], [["hunting", 1]])


def given(session: PlaySession, inputs) -> PlaySession:
    for raw in inputs:
        session.give(raw)
    return session


def test_a_chart_read_with_a_minus_says_minus_and_the_musket_prompt_adds_up(tmp_path):
    session = given(PlaySession(tmp_path / "e.yaml", "1572", seed=5), MILITARY_TO_MOVEMENT)
    q = session.view()["question"]
    assert q["chart"]["bonus"] == -1
    view = session.give([3, 4])
    assert view["question"]["key"] == "musket"
    assert view["question"]["text"].startswith("Movement: 3, 4 −1 makes 6 (")


# ... on to day 7, the fever caught on day 4: the planning dice 5, 2, 4, 3, 2 hold no WILD at all.
FEVER_DAY_7 = MILITARY_TO_MOVEMENT + (
    [3, 4], False, [5, 1], False, [6, 2], True, [2, 4], "A2", None, [2, 4, 2, 5, 6], [2], [2, 2, 1, 1],
    [["movement", 2]], [2, 2], True, [2, 5], None, [6, 2, 4, 3, 1], [3, 4], [2, 2, 3], [], [3, 5], False, "A3",
    [1, 3], [3, 4], True, [4, 4], [6, 3], "A3", None, [1, 5, 3, 2, 6], [2, 6], [1, 5, 4], [["exploring", 1]],
    [5, 1], True, [6, 2], [1, 6], False, 0, [4, 3], True, [6, 6], None, [1, 5, 6, 3, 3], [1, 3, 3, 5], 1,
    [["native-contact", 2]], "B3", [3, 3], 5, None, [6, 3, 3, 2, 1], [2], [6, 6, 3, 4], [], [4, 1], False,
    [5, 5], True, [2, 6], [2, 3], True, [4, 6], [2, 1], ["G3", "H3", "H4"], None, [2, 2, 6, 5, 2], [5],
    [2, 4, 3, 2])


def test_no_wild_among_the_dice_is_not_said_to_be_held_by_the_fever(tmp_path):
    session = given(PlaySession(tmp_path / "e.yaml", "1572", seed=5), FEVER_DAY_7)
    q = session.view()["question"]
    assert session.state.fever and q["key"] == "wilds"
    assert q["text"] == "Planning: the dice are 5, 2, 4, 3, 2: the phases they call"
    assert q["options"] == ["no WILD to give"]


def dice_clicked(serve, game: str, seed: int, inputs, ask: str, faces):
    """The served page of a game played on by `inputs`, reloaded, asking `ask`: `faces` clicked, one a die."""
    page, session = serve(game, seed)
    given(session, inputs)
    page.reload()
    page.wait_for_selector("#ask")
    assert page.text_content("#ask") == ask
    for die, face in enumerate(faces):
        page.click(f'.die button[data-die="{die}"][data-face="{face}"]')
    return page, session


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_the_chart_caption_shows_a_minus_bonus_as_a_minus(serve):
    page, _ = dice_clicked(serve, "1572", 5, MILITARY_TO_MOVEMENT, "Roll 2d6 for Movement", (3, 4))
    caption = page.text_content("#chart caption")
    assert "+-" not in caption and caption == "Movement (−1 to the roll) — total 6"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1672_the_next_days_orders_are_headed_with_that_day(serve):
    """Day 2's orders are asked once day 1 is over: the heading and the Day tracker say day 2, as the
    question does (they said day 1)."""
    from tests.test_play import careful_step

    page, session = serve("1672", 7)
    careful_step(session)  # day 1's orders
    while session.view()["question"].get("key") != "orders":
        careful_step(session)
    page.reload()
    page.wait_for_selector("#ask")
    assert page.text_content("#ask").startswith("Day 2: put your")
    assert page.text_content("#where").startswith("Day 2 · Phase 1")
    assert page.text_content("#day") == "2"


def test_1872_spirit_dancers_are_counted_for_the_game_not_the_day():
    """Two Spirit Dancers serve the whole game: the question said '(2 left today)' each day until one was
    used. Storm Dancers (a vision) change one die a day in their terrain: that one says so."""
    from lostprint.engine import lost_crows as crows
    from lostprint.engine.contract import evolve
    from lostprint.play.views import Crows1872
    from tests.test_play import crows_decision_cases

    game = crows_decision_cases()["dancers"]
    assert Crows1872.ask("dancers", game) == "Spirit Dancers (2 left for the game): change a die to any face?"
    used = evolve(game, st=game.st._replace(dancers=1))
    assert Crows1872.ask("dancers", used) == "Spirit Dancers (1 left for the game): change a die to any face?"
    storm = evolve(game, st=game.st._replace(vision=("mountains", 3), dancers=2))
    assert crows.power(storm.st).storm_dancers == "mountains"
    assert Crows1872.ask("dancers", storm) == ("Storm Dancers (once a day in the mountains): change a die to "
                                               "any face?")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
@pytest.mark.parametrize("key", ["map", "go"])
def test_1872_a_hex_to_colour_or_to_go_to_is_clicked_on_the_map(serve, key):
    """As in 1572 and 1672, the hexes a choice offers are lit on the map and a click takes one (1872's
    were listed as buttons only)."""
    from tests.test_play import crows_decision_cases

    page, session = serve("1872", 3)
    session.state = crows_decision_cases()[key]
    page.reload()
    page.wait_for_selector("#ask")
    q = session.view()["question"]
    hexes = [v if key == "map" else v[0] for v in q["values"] if v != "stop"]
    lit = [p.get_attribute("data-target") for p in page.query_selector_all("#map polygon.target")]
    assert sorted(lit) == sorted(hexes)
    page.click(f'#map polygon[data-target="{hexes[-1]}"]')
    inputs_after(page, 1)
    assert session.table.inputs == (q["values"][len(hexes) - 1],)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_a_click_right_after_typing_the_journal_is_taken_with_the_journal(serve):
    """Typing a journal line and then clicking Roll for me: the click blurs the journal, whose line is
    sent first; the click must not be dropped as 'busy' (it was: the player had to click again)."""
    page, session = serve("1572", 5)
    page.click("#journal")
    page.keyboard.type("Set out from the delta at dawn.")
    page.click("#roll-for-me")
    inputs_after(page, 1)
    assert len(session.table.inputs) == 1
    assert session.table.journal == ((1, "Set out from the delta at dawn."),)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_journal_line_being_typed_is_kept_when_the_tab_goes(serve, browser, leave):
    """A line typed in the journal and the tab reloaded or closed before it lost the focus: the line
    is kept (it was only sent when the field lost the focus, so it was lost)."""
    page, session = serve("1572", 5)
    page.click("#journal")
    page.keyboard.type("Rain all day.")
    if leave == "reload":
        page.reload()
        page.wait_for_selector("#ask")
    else:
        url = page.url
        page.close(run_before_unload=True)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#ask")
    page.wait_for_function("document.querySelector('#journal').value === 'Rain all day.'")
    assert session.table.journal == ((1, "Rain all day."),)
    if leave == "close":
        page.close()


def never_served(monkeypatch) -> list:
    """The pages `lostprint play` would serve, recorded instead (a served one would run on)."""
    from lostprint.play import server

    served = []
    monkeypatch.setattr(server, "serve", lambda session, *args, **kwargs: served.append(session))
    return served


@pytest.mark.parametrize("kept_game, asked", [("1872", "1572"), ("1872", "crows"), ("crows", "1872")])
def test_play_of_another_game_on_a_game_in_play_is_refused_in_one_line(tmp_path, monkeypatch, kept_game, asked):
    """`lostprint play 1572 journey.yaml` on a 1872 game in play resumed the 1872 game without a word
    (and `play crows` on it, or `play 1872` on a Crows game, failed with "('meta')"): it says which game is
    in play and the command that resumes it, and writes nothing."""
    from tests.conftest import run_cli

    save = tmp_path / "journey.yaml"
    if kept_game == "crows":
        from lostprint.play.crows_session import CrowsSession
        CrowsSession(save).setup(["Ana", "Ben"])
    else:
        PlaySession(save, kept_game, seed=1).roll()
    kept = (tmp_path / "journey.play.json").read_bytes()
    served = never_served(monkeypatch)
    done = run_cli("play", asked, save, "--no-browser")
    assert done.returncode == 2 and "Traceback" not in done.stderr and served == []
    assert done.stderr.count("\n") == 1
    assert f"a game of {kept_game} is in play here" in done.stderr
    assert f"lostprint play {kept_game} {save}" in done.stderr
    assert (tmp_path / "journey.play.json").read_bytes() == kept


@pytest.mark.parametrize("option", [["--seed", "4"], ["--dice-seed", "4"], ["--map", "m.yaml"]])
def test_another_map_or_dice_seed_named_on_a_game_in_play_is_refused_not_ignored(tmp_path, monkeypatch, option):
    """The same command again resumes the game (its own dice seed named again is fine); another map or
    dice seed was ignored without a word."""
    from tests.conftest import run_cli

    save = tmp_path / "voyage.yaml"
    PlaySession(save, "1672", seed=1)
    served = never_served(monkeypatch)
    done = run_cli("play", "1672", save, *option, "--no-browser")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and served == []
    assert "leave --map, --seed and --dice-seed off to resume it" in done.stderr
    done = run_cli("play", "1672", save, "--dice-seed", "1", "--no-browser")
    assert done.returncode == 0 and [s.save for s in served] == [save]


# An 1872 game to day 3's Bad Omen roll (a d66: the first die is the tens)
OMEN_DAY_3 = ([5, 3], [2, 4], [2, 6], [0, 1], [5, 4], [7, 3], [3, 5], [5, 6], [4, 5], [1, 5], "movement", "L7",
              ["L7", None], ["M7", None], "stop", [1, 2], [4, 5], [6, 4], [0, 3], [4, 6], [6, 1], [5, 3], [2, 7],
              "stop", [6, 2], [6, 4], [1, 3], [7, 5], [4, 3], [1, 3], [2, 6], [0, 2], "M5", "K6")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1872_the_bad_omen_chart_lights_the_d66_row_of_the_dice(serve):
    """A Bad Omen is read as tens and ones (3 then 5 is 35): the page lit the row of their sum (8)."""
    page, session = dice_clicked(serve, "1872", 9, OMEN_DAY_3, "Roll 2d6 for a Bad Omen (the first die is the tens)",
                                 (3, 5))
    rows = session.view()["question"]["chart"]["rows"]
    want = next(r["label"] for r in rows if r["low"] <= 35 <= r["high"])
    assert page.text_content("#chart tr.lit th") == want
    assert page.text_content("#chart caption") == "Bad Omen — 35"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_a_digit_that_is_no_die_face_says_so_and_keeps_the_dice_typed(serve):
    """Typing 7 (or 0, 8, 9) for a die did nothing at all: the page says a die shows 1 to 6, and the
    faces typed so far stay."""
    page, session = serve("1572", 7)
    given(session, (3,))  # the expedition: day 1's planning roll of 5 dice is next
    page.reload()
    page.wait_for_selector("#roll-for-me")
    page.keyboard.press("4")
    page.keyboard.press("7")
    assert page.text_content("#why") == "a die shows 1 to 6: 7 is not a face"
    assert page.get_attribute('.die button[data-die="0"][data-face="4"]', "class") == "face on"
    page.keyboard.press("2")
    assert page.text_content("#why") == ""
    assert len(session.table.inputs) == 1


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1872_two_dice_go_in_their_boxes_by_two_clicks_not_a_list_of_56(serve):
    """Phase 1's question listed every placing of the two dice (up to 56 buttons): each die now picks
    its box, the full list waits folded, and a pair the rules refuse says why and gives nothing."""
    page, session = serve("1872", 9)
    given(session, ([5, 3],))
    page.reload()
    page.wait_for_selector("#place")
    q = session.view()["question"]
    assert q["key"] == "place" and len(q["values"]) > 20
    assert not page.is_visible(".option")  # the long list is folded away
    assert page.text_content('#place [data-die="0"] .caption') == "5 goes in"
    page.click('#place button[data-die="0"][data-box="4"]')  # 5 → Shaman top
    page.click('#place button[data-die="1"][data-box="4"]')  # 3 → Shaman top as well: refused
    page.wait_for_function("document.querySelector('#why').textContent !== ''")
    assert len(session.table.inputs) == 1
    page.click('#place button[data-die="1"][data-box="7"]')  # 3 → Warriors bottom
    inputs_after(page, 2)
    assert session.table.inputs[-1] == [4, 7]


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1872_a_spirit_dancer_changes_a_die_by_its_box_then_its_face(serve):
    """The Spirit Dancers' question listed every box and face (41 buttons): a box is clicked, then the
    face it becomes; 'no more changes' stays one click."""
    from tests.test_play import crows_decision_cases

    page, session = serve("1872", 3)
    session.state = crows_decision_cases()["dancers"]
    page.reload()
    page.wait_for_selector("#dance")
    q = session.view()["question"]
    assert len(q["values"]) > 30 and not page.is_visible(".option")
    assert page.text_content('#dance button[data-box="5"]') == "Shaman bottom: 6"
    page.click('#dance button[data-box="5"]')
    assert page.is_disabled('#dance button[data-face="6"]')  # the face it shows already
    page.click('#dance button[data-face="2"]')
    inputs_after(page, 1)
    assert session.table.inputs == ([5, 2],)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1572_the_dice_to_keep_are_clicked_on_the_dice(serve):
    """Which planning dice to keep was one button per set of faces (up to 32): the dice are clicked,
    as they lie on the table, and one button keeps them and rerolls the rest."""
    page, session = serve("1572", 9)
    given(session, (3, [6, 3, 6, 6, 1]))
    page.reload()
    page.wait_for_selector("#keep")
    assert not page.is_visible(".option")
    assert [b.text_content() for b in page.query_selector_all("#keep button[data-die]")] == ["6", "3", "6", "6", "1"]
    assert page.text_content("#keep-these") == "Keep none, reroll all 5"
    page.click('#keep button[data-die="0"]')
    page.click('#keep button[data-die="4"]')
    assert page.text_content("#keep-these") == "Keep 6, 1; reroll 3 dice"
    page.click("#keep-these")
    inputs_after(page, 3)
    assert session.table.inputs[-1] == [1, 6]
    assert page.text_content("#ask").startswith("Roll 3d6 for Planning: the dice not kept")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1572_the_hint_marks_the_dice_to_keep_and_enter_at_once_keeps_none(serve):
    page, session = serve("1572", 9)
    given(session, (3, [6, 3, 6, 6, 1]))
    page.reload()
    page.wait_for_selector("#keep")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    want = session.hint(0)["choice"]
    marked = sorted(int(b.text_content()) for b in page.query_selector_all("#keep button.hinted"))
    assert marked == want
    page.reload()
    page.wait_for_selector("#keep")
    page.keyboard.press("Enter")  # the focus is on the keep button: no die kept, all rerolled
    inputs_after(page, 3)
    assert session.table.inputs[-1] == []


def test_1872_pencil_now_lists_the_boxes_filled_and_a_spirit_dancer_crossed(tmp_path):
    """After the dice went in their boxes, Pencil now said 'nothing changes on the sheet'; a Spirit
    Dancer used was not listed either, and the board still counted it until the day was over."""
    from tests.test_play import crows_decision_cases

    session = given(PlaySession(tmp_path / "j.yaml", "1872", seed=9), ([5, 3],))
    view = session.give([4, 7])
    assert view["last"] == ["Shaman top: 5", "Warriors bottom: 3"]
    session.state = crows_decision_cases()["dancers"]
    view = session.give([5, 2])
    assert view["last"] == ["Shaman bottom: 2", "cross a Spirit Dancer (1 left)"]
    assert view["board"]["dancers_left"] == 1


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_two_tabs_a_stale_one_is_refused_and_catches_up(serve, browser):
    """Tab A shows a roll; tab B takes its dice. A's dice, entered for the roll it still shows, were
    taken as the next roll's: now they are refused, nothing is kept, and A shows the game as it is."""
    page, session = serve("1572", 5)
    other = browser.new_page()
    other.goto(page.url)
    other.wait_for_selector("#roll-for-me")
    other.click("#roll-for-me")  # B rolls the expedition
    other.wait_for_function("document.querySelector('#status').textContent.includes('· 1 step')")
    other.close()
    page.click('.die button[data-die="0"][data-face="2"]')  # A, still at the expedition's roll
    page.click("#take-dice")
    page.wait_for_selector("#banner:not([hidden])")
    assert "another page" in page.text_content("#banner")
    assert len(session.table.inputs) == 1 and page.text_content("#status") == "refused: nothing changed"
    assert page.text_content("#ask").startswith("Roll 5d6 for Planning")  # A caught up


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
@pytest.mark.parametrize("game, inputs, form", [("1872", ([5, 3],), "#place"),
                                                ("1572", (3, [6, 3, 6, 6, 1]), "#keep")])
def test_the_dice_forms_fit_a_phone(serve, game, inputs, form):
    page, session = serve(game, 9, width=390)
    given(session, inputs)
    page.reload()
    page.wait_for_selector(form)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_1672_the_journal_at_the_next_days_orders_is_that_day_s(serve):
    """At day 2's orders the heading says day 2 but the journal was day 1's: a line typed for the day
    being planned went to the day before."""
    from tests.test_play import careful_step

    page, session = serve("1672", 7)
    careful_step(session)
    while session.view()["question"].get("key") != "orders":
        careful_step(session)
    page.reload()
    page.wait_for_selector("#ask")
    assert page.text_content("#journal-day") == "(day 2)"
    page.click("#journal")
    page.keyboard.type("Sailed at first light.")
    page.click("#hint")  # the journal loses the focus: its line is kept
    page.wait_for_selector("#hint-box:not([hidden])")
    assert session.table.journal == ((2, "Sailed at first light."),)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
def test_a_list_longer_than_nine_is_reached_by_typing_two_digits(serve):
    """1672's route lists 17 moves: the number keys reached only the first 9. Every choice is numbered;
    two digits typed within a second pick the 12th, one digit after a pause the 3rd, Enter takes it."""
    page, session = serve("1672", 2)
    given(session, ({"movement": True, "scan": 2},))
    page.reload()
    page.wait_for_selector(".option")
    q = session.view()["question"]
    assert q["key"] == "route" and len(q["values"]) > 12
    assert page.text_content(".option >> nth=11").startswith("12. ")
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert page.evaluate("document.activeElement.dataset.index") == "11"
    page.wait_for_timeout(1100)
    page.keyboard.press("3")
    assert page.evaluate("document.activeElement.dataset.index") == "2"
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    inputs_after(page, 2)
    assert session.table.inputs[-1] == q["values"][11]

