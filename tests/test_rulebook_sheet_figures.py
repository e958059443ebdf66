"""A rulebook's figures are the player sheet's own panels: every panel a book draws under the name of a
sheet panel is that panel as the sheet builder prints it (same texts, same icons; the very same drawing
where the book shows it at the sheet's size), and a book draws no panel the sheet does not print, except
the few book-only tables named below. The 1672 book once drew a crew panel, a task board with spade,
skull and flag icons, and a symbol key the sheet never printed."""
from __future__ import annotations

import functools
from collections import Counter

import pytest

import printed as P
from lostprint.books.rulebook_common import shifted
from lostprint.scene import Group, Text, walk

LOST = ("lost-expedition", "lost-crew", "lost-crows")
# panels only a book prints: a table of what each interest does (1572), the turn at a glance (1872;
# its sheet prints the turn order as prose) and the unit chart at full width (its rows are long)
BOOK_ONLY = {"lost-expedition": {"interest-effects"}, "lost-crew": set(),
             "lost-crows": {"phases", "chart:units"}}
# the sheet's own map (coordinates, terrain marks) at the sheet's size would not fit a book page: the book
# draws the standard map with the same drawers, checked by its own tests
REDRAWN = {"map"}


@functools.cache
def sheet_panels(game: str, paper: str, ink: str) -> dict[str, Group]:
    """Every named top-level panel of the game's printed sheet (both sides), by name."""
    from lostprint.sheets import build_sheet
    from lostprint.sheets.common import SheetOptions

    sheet = build_sheet(game, opts=SheetOptions(paper=paper, ink=ink))
    out: dict[str, Group] = {}
    for page in sheet.all_pages():
        for item in page.items:
            if isinstance(item, Group) and item.box is not None:
                out.setdefault(item.name, item)
    return out


def at_origin(group: Group) -> Group:
    return shifted(group, -group.box[0], -group.box[1])


def texts(group: Group) -> Counter:
    return Counter(t.text for t in walk(group.items) if isinstance(t, Text))


def drawings(group: Group) -> Counter:
    """The named pieces inside a panel: its icons and swatches."""
    return Counter(g.name for g in walk(group.items) if isinstance(g, Group) and g.name)


def book_panels(game: str, paper: str, ink: str):
    for figure, scene in P.widgets(game, paper, ink):
        for item in scene.items:
            if isinstance(item, Group) and item.name not in REDRAWN:
                yield figure, item


@pytest.mark.parametrize("paper,ink", P.PRINTS)
@pytest.mark.parametrize("game", LOST)
def test_every_rulebook_panel_is_the_sheets_own(game, paper, ink):
    sheet = sheet_panels(game, paper, ink)
    seen = 0
    for figure, panel in book_panels(game, paper, ink):
        if panel.name in BOOK_ONLY[game]:
            continue
        assert panel.name in sheet, f"{game} {paper}: the book's {figure!r} figure draws a {panel.name!r} " \
                                    f"panel the sheet does not print"
        printed = sheet[panel.name]
        assert texts(panel) == texts(printed), f"{game}: the book's {panel.name!r} says other things than " \
                                               f"the sheet's: {sorted(((texts(panel) - texts(printed)) + (texts(printed) - texts(panel))).elements())[:8]}"
        assert drawings(panel) == drawings(printed), f"{game}: the book's {panel.name!r} draws other icons"
        if tuple(panel.box[2:]) == tuple(printed.box[2:]):
            assert at_origin(panel) == at_origin(printed), f"{game}: the book's {panel.name!r} is drawn apart"
        seen += 1
    assert seen >= 6, f"{game}: the book shows only {seen} of the sheet's panels"


def test_the_1672_book_describes_the_sheet_it_shows():
    """The crew is a row of wounded/lost boxes and the coins go on the task board's labelled circles:
    no sailor figures, no Healthy circles, no spade, skull or flag slots, in the figures or the text."""
    import re

    panels = dict((p.name, p) for _, p in book_panels("lost-crew", "letter", "color"))
    crew = texts(panels["crew"])
    assert crew["wounded"] == crew["lost"] >= 4 and "Sailor 1" in crew
    every = Counter()
    for panel in panels.values():
        every += drawings(panel)
    assert not {"icon:spade", "icon:skull", "icon:flag"} & set(every), every
    from lostprint.app.registry import part
    from lostprint.books.rulebook import render_markup

    # the book's own words (the house rules' reasons quote the published rules' terms)
    book = " ".join(render_markup(part("lost-crew", "rulebook")).split())
    for stale in (r"\bHealthy\b", r"(?i)sailor figure", r"(?i)\bspades?\b", r"(?i)\bskull", r"(?i)\bflag"):
        assert not re.search(stale, book), f"the 1672 book still speaks of {stale!r}"
    assert "wounded" in book and "lost" in book


@pytest.mark.parametrize("game", LOST)
def test_the_books_map_draws_what_the_sheets_map_draws(game):
    """The book's map is drawn at the book's width, but with the sheet's own drawers: the same marks,
    icons and outlines (the 1672 book drew its start island without the dots the sheet's key explains).
    Text is left out: the sheet's map prints every hex's coordinate, the book's only the edges'."""
    def drawn(items) -> Counter:
        return Counter((type(i).__name__, getattr(i, "role", "") or "", i.name if isinstance(i, Group) else "")
                       for i in walk(items) if not isinstance(i, Text))

    book = next(scene for name, scene in P.widgets(game) if name == "map")
    book_map = next(i for i in book.items if isinstance(i, Group) and i.name == "map")
    assert drawn(book_map.items) == drawn(sheet_panels(game, "letter", "color")["map"].items)


def test_the_crows_books_tiles_and_spell_cards_are_the_kits():
    """Crows has no sheet: its book shows the kit's tiles and spell cards, drawn by the kit's art (the
    same icons, one tile of each kind, and the same names)."""
    scene = P.kit_scene()
    fronts: dict[str, Group] = {}
    for page in scene.all_pages():
        for item in page.items:
            if isinstance(item, Group) and item.name.startswith("piece:"):
                _, kind, section, _ = item.name.split(":")
                fronts.setdefault(f"{section}:{kind}", item)
    book = dict(P.widgets("crows"))
    for section, figure in (("tiles", "tiles"), ("spells", "spells")):
        kit = [g for key, g in fronts.items() if key.startswith(section + ":")]
        assert kit, f"the kit prints no {section}"
        icons = sum((Counter(n for n in drawings(g).elements() if n.startswith("icon:")) for g in kit), Counter())
        shown = Counter(n for n in drawings(Group(book[figure].items)).elements() if n.startswith("icon:"))
        assert shown == icons, f"the book's {figure}: {shown} against the kit's {icons}"
        kit_words = sum((texts(g) for g in kit), Counter())
        names = {t for t in texts(Group(book[figure].items)) if not t.startswith("\u00d7")}
        assert names <= set(kit_words), names - set(kit_words)
