"""Choice of format (issue 25): the reference card alone (`--sides ref`) and the one-page sheet with
everything (`--sides 1`), for each Lost game on letter and a4, with every check of the two-sided sheet."""
import pytest
from click.testing import CliRunner

import printed
from sheet_scenes import blank_sheet, sheet_pdf
from lostprint import checks
from lostprint.cli import cli
from lostprint.games import load
from lostprint.scene import Group, Text, walk

GAMES = ("lost-expedition", "lost-crew", "lost-crows")
PAPERS = ("letter", "a4")
CASES = [(g, p) for g in GAMES for p in PAPERS]


def _ids(case):
    return "-".join(case)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_reference_card_prints_alone(case):
    game, paper = case
    card = blank_sheet(game, paper, "color", "ref")
    assert len(card.all_pages()) == 1 and card.width > card.height
    assert checks.all_problems(card) == [] and checks.footer_problems(card) == []
    assert checks.paragraph_problems(card) == []
    assert not checks.slots(card) and not checks.hexes(card)  # nothing to write on, no map
    back = blank_sheet(game, paper).pages[0]
    names = {g.name for g in card.items if isinstance(g, Group)}
    assert names == {g.name for g in back.items if isinstance(g, Group)}  # side 2, whole
    pages = printed.text(sheet_pdf(game, paper, "color", "ref"))
    words = pages[0].text()
    assert len(pages) == 1 and "Reference card" in words and "Mike Heim" in words and "2 of 2" not in words


def test_cli_writes_each_format(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for sides, stem in (("2", "sheet-letter"), ("ref", "sheet-letter-reference-card")):
        result = runner.invoke(cli, ["sheet", "1572", "--sides", sides])
        assert result.exit_code == 0, result.output
        assert result.output.strip().endswith(f"1572-lost-expedition-{stem}.pdf")
    result = runner.invoke(cli, ["sheet", "1572", "--sides", "3"])
    assert result.exit_code != 0 and "--sides" in result.output


ONE_PAGE = [(g, p) for g in GAMES for p in PAPERS]
# a chart drawn by its own panel, not chart_panel (1672's weather: the cubes' band over the map)
CHART_GROUPS = {"bad-omen": "omen", "units": "units", "weather": "weather"}
FOOT_NAMES = {"lost-crows": ("turn order", "icon", "terrain and map keys", "win and lose"),
              "lost-crew": ("what each weather does", "what each task does", "the map key")}


def _chart_present(chart_key: str, names: set) -> bool:
    return f"chart:{chart_key}" in names or CHART_GROUPS.get(chart_key) in names


@pytest.mark.parametrize("case", ONE_PAGE, ids=_ids)
@pytest.mark.parametrize("ink", ("color", "mono"))
def test_the_one_page_sheet_holds_everything_and_passes_every_check(case, ink):
    game_id, paper = case
    game = load(game_id)
    sheet = blank_sheet(game_id, paper, ink, "1")
    two = blank_sheet(game_id, paper, ink)
    assert len(sheet.all_pages()) == 1 and sheet.width > sheet.height
    # every check of the two-sided sheet
    assert checks.all_problems(sheet) == [] and checks.footer_problems(sheet) == []
    assert checks.paragraph_problems(sheet) == []
    assert checks.slot_problems(sheet, game.pieces) == []
    assert checks.hex_coordinates_missing(sheet) == [] and checks.hex_text_problems(sheet, spare_mm=1.0) == []
    assert checks.covered_coordinates(sheet) == [] and checks.label_clashes(sheet) == []
    # the map the largest element, hexes at least 15 mm
    assert checks.hex_flats_mm(sheet) >= 15.0 - 1e-6 and checks.largest_panel(sheet) == "map"
    # every slot and every chart of the two-sided sheet
    def slot_keys(scene):
        return sorted(i.role for page in scene.all_pages() for i in checks.slots(page))
    assert slot_keys(sheet) == slot_keys(two)
    names = {g.name for g in sheet.items if isinstance(g, Group)}
    assert all(_chart_present(c.key, names) for c in game.charts)
    # nothing cut short with an ellipsis
    assert checks.cut_text(sheet) == []
    words = printed.text(sheet_pdf(game_id, paper, ink, "1"))[0].text()
    assert "Mike Heim" in words and "one page" in words
    # what the page leaves out, the foot line sends to the reference card
    foot = " ".join(t.text for g in sheet.items if isinstance(g, Group) and g.name == "footer"
                    for t in walk(g.items) if isinstance(t, Text))
    assert all(name in foot for name in FOOT_NAMES.get(game_id, ()))


@pytest.mark.parametrize("paper", PAPERS)
def test_the_crows_one_page_keeps_every_die_slot_clear_of_the_next(paper):
    """The eight unit dice sit in a grid a column a unit: each slot whole, none touching another."""
    sheet = blank_sheet("lost-crows", paper, "color", "1")
    grid = next(g for g in sheet.items if isinstance(g, Group) and g.name == "unit-dice")
    slots = [i for i in walk(grid.items) if getattr(i, "role", "") == "slot:die"]
    assert len(slots) == 8
    x, y, w, h = grid.box
    for a in slots:
        assert x <= a.x and a.x + a.w <= x + w and y <= a.y and a.y + a.h <= y + h
        for b in slots:
            if a is not b:
                apart = max(b.x - (a.x + a.w), a.x - (b.x + b.w), b.y - (a.y + a.h), a.y - (b.y + b.h))
                assert apart >= 2.0


def test_one_page_where_it_fits_else_one_clear_line():
    from lostprint.errors import UsageError
    from lostprint.sheets import build_sheet, sheet_sides
    from lostprint.sheets.common import SheetOptions

    assert sheet_sides("1572") == ("2", "1", "ref")
    for game in ("1672", "1872"):
        assert "ref" in sheet_sides(game)
        if "1" not in sheet_sides(game):
            with pytest.raises(UsageError, match="--sides 2"):
                build_sheet(game, None, SheetOptions(sides="1"))


def test_demo_writes_each_format(quick_demo):
    result, out = quick_demo
    assert result.returncode == 0, result.stderr
    names = {p.name for p in (out / "sheets").iterdir()}
    for stem in ("1572-lost-expedition", "1672-lost-crew", "1872-lost-crows"):
        assert f"{stem}-sheet-letter.pdf" in names and f"{stem}-sheet-letter-reference-card.pdf" in names
    assert "1572-lost-expedition-sheet-letter-one-page.pdf" in names
    assert "1872-lost-crows-sheet-letter-one-page.pdf" in names
    assert "1672-lost-crew-sheet-letter-one-page.pdf" in names


def test_the_crows_one_page_enlarges_a_small_variant_and_refuses_one_that_leaves_no_room():
    """A small 1872 variant (8x5) gets hexes over 20 mm on one page with every check passing; a wide,
    flat one (20x5) leaves no room for the dice beside it and the Bad Omen chart under it: one line."""
    from lostprint.errors import UsageError
    from lostprint.maps.generate import generate
    from lostprint.sheets import build_sheet
    from lostprint.sheets.common import SheetOptions

    game = load("lost-crows")
    small = generate("lost-crows", 1, 8, 5)
    for paper in PAPERS:
        sheet = build_sheet("lost-crows", small, SheetOptions(paper=paper, sides="1"))
        assert len(sheet.all_pages()) == 1 and checks.hex_flats_mm(sheet) >= 20.0
        assert checks.all_problems(sheet) == [] and checks.slot_problems(sheet, game.pieces) == []
        assert checks.cut_text(sheet) == [] and checks.paragraph_problems(sheet) == []
        assert checks.largest_panel(sheet) == "map"
    with pytest.raises(UsageError, match="--sides 2") as refused:
        build_sheet("lost-crows", generate("lost-crows", 1, 20, 5), SheetOptions(sides="1"))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_1672_one_page_board_is_an_l_with_a_chart_in_its_corner(paper):
    """The task board's last row is only as wide as its tasks: the corner beside it holds a panel, and
    every coin slot sits whole in one of the board's two boxes, on its task's tint."""
    sheet = blank_sheet("lost-crew", paper, "color", "1")
    head, tail = [g for g in sheet.items if isinstance(g, Group) and g.name == "task-board"]
    hx, hy, hw, hh = head.box
    tx, ty, tw, th = tail.box
    assert tx == hx and abs(ty - (hy + hh)) < 1e-6 and tw < hw - 100
    corner = (tx + tw, ty, hx + hw, ty + th)
    inside = [g.name for g in sheet.items if isinstance(g, Group) and g.box is not None and g.name != "task-board"
              and corner[0] <= g.box[0] and g.box[0] + g.box[2] <= corner[2] + 1e-6
              and corner[1] <= g.box[1] and g.box[1] + g.box[3] <= corner[3] + 1e-6]
    assert inside  # the corner is used
    coins = [i for g in (head, tail) for i in walk(g.items) if getattr(i, "role", "") == "slot:coin"]
    assert len(coins) == sum(t.spades for t in load("lost-crew").rules.tasks)
    tints = [i for g in (head, tail) for i in walk(g.items) if getattr(i, "role", "") == "task-group"]
    for c in coins:
        box = next(g.box for g in (head, tail) if any(i is c for i in walk(g.items)))
        assert box[0] <= c.cx - c.r and c.cx + c.r <= box[0] + box[2] and box[1] <= c.cy - c.r \
            and c.cy + c.r <= box[1] + box[3]
        assert any(t.x <= c.cx - c.r and c.cx + c.r <= t.x + t.w and t.y <= c.cy - c.r and c.cy + c.r <= t.y + t.h
                   for t in tints)


def test_the_1672_one_page_enlarges_small_variants_and_refuses_wide_ones_in_one_line():
    from lostprint.errors import UsageError
    from lostprint.maps.generate import generate
    from lostprint.sheets import build_sheet
    from lostprint.sheets.common import SheetOptions

    game = load("lost-crew")
    for cols, rows in ((6, 5), (9, 4)):
        for paper in PAPERS:
            sheet = build_sheet("lost-crew", generate("lost-crew", 1, cols, rows), SheetOptions(paper=paper, sides="1"))
            assert checks.hex_flats_mm(sheet) >= 18.0 and checks.largest_panel(sheet) == "map"
            assert checks.all_problems(sheet) == [] and checks.slot_problems(sheet, game.pieces) == []
            assert checks.cut_text(sheet) == [] and checks.paragraph_problems(sheet) == []
    with pytest.raises(UsageError, match="--sides 2") as refused:
        build_sheet("lost-crew", generate("lost-crew", 1, 20, 5), SheetOptions(sides="1"))
    assert "\n" not in str(refused.value)
