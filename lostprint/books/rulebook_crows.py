"""The Crows rulebook: template variables from lostprint.games.crows, a flocking example worked out by
the rules engine (lostprint.engine.crows), and the kit's own art (tiles, spell cards, reference card), every
word in the book's language (the kit's words as the kit prints them)."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from lostprint.books import rulebook
from lostprint.books.rulebook import Book, block_rows, block_symbols, spaced
from lostprint.crows.art import reference_side, spell_front, tile_art
from lostprint.crows.kit import REFERENCE_CARD, SPELL_CARD
from lostprint.engine import crows as engine
from lostprint.games import crows as G
from lostprint.games.crows import GAME
from lostprint.games.model import HOUSE_MARK
from lostprint.fonts import text_width
from lostprint.geometry.paper import Box
from lostprint.i18n import ENGLISH, N_, Translator, localized, translator
from lostprint.palette import MIN_TEXT
from lostprint.render.document import Drawing
from lostprint.scene import Circle, Group, Rect, Style, Text
from lostprint.sheets.common import designers as credited
from lostprint.sheets.icons import icon
from lostprint.typeset import curly_items

TEMPLATE = "crows.j2"
TRANSLATED = True  # every printed word goes through the catalogs, complete in every shipped language
# the game data this book prints beyond the sheets' fields: the clarifications, and the spells as the kit names them
BOOK_PROSE = {"Clarification": ("title", "text"), "SpellCard": ("name", "rule")}

# A small board for the flocking example: tiles by (column, row), crows before flocking, totems.
EXAMPLE_TILES = (
    ((0, 0), "trees-2"), ((1, 0), "barrens"), ((2, 0), "trees-3"), ((3, 0), "gem-cave"), ((4, 0), "trees-1"),
    ((1, 1), "lava"), ((3, 1), "ley-line"), ((1, 2), "trees-1"), ((3, 2), "barrens"), ((4, 2), "trees-2"),
)
EXAMPLE_CROWS = (((0, 0), 2), ((2, 0), 3), ((4, 0), 1), ((1, 2), 1), ((3, 2), 2))
EXAMPLE_TOTEMS = ((N_("Red"), (1, 0)), (N_("Blue"), (3, 0)), (N_("Yellow"), (3, 1)))
# the squares the example's text talks about
EXAMPLE_SPOTS = (("near_red", (0, 0)), ("tie", (2, 0)), ("east", (4, 0)), ("under_yellow", (3, 2)),
                 ("behind_lava", (1, 2)))


def flock_example() -> dict:
    """The example board before and after flocking, and each totem's points, from the engine."""
    tiles = dict(EXAMPLE_TILES)
    crows = dict(EXAMPLE_CROWS)
    totems = dict(EXAMPLE_TOTEMS)
    after, queen = engine.flock(tiles, crows, None, totems)
    after = {sq: n for sq, n in after.items() if n}
    points = {p: engine.totem_points(tiles, after, queen, sq, False) for p, sq in totems.items()}
    return {"tiles": tiles, "before": crows, "after": after, "totems": totems, "points": points}


def player_names(tr: Translator) -> dict[str, str]:
    """The example's players (named by their totems' colours) as the book's language names them."""
    return {player: tr.gettext(player) for player, _ in EXAMPLE_TOTEMS}


def initials(names: dict[str, str], tr: Translator = ENGLISH) -> dict[str, str]:
    """Each name's shortest beginning no other name shares ('R', 'Az', 'Am' for Rojo, Azul, Amarillo): the
    letters on the example's totems, which the text names in full."""
    bare = {key: name.removeprefix(tr.wrap[0]).removesuffix(tr.wrap[1]) for key, name in names.items()}

    def shortest(key: str) -> str:
        name = bare[key]
        others = [n for k, n in bare.items() if k != key]
        size = next((i for i in range(1, len(name)) if not any(o.startswith(name[:i]) for o in others)), len(name))
        return name[:size]

    return {key: shortest(key) for key in bare}


def context(game, opts) -> dict:
    """The template's names: numbers from the English game data, printed words in the book's language."""
    tr = translator(opts.lang)
    scoring = dict(G.SCORING)
    counts = dict(G.HOUSE_COUNTS)
    ex = flock_example()
    square = {sq: f"{chr(ord('A') + sq[0])}{sq[1] + 1}" for sq in ex["tiles"]}
    names = player_names(tr)
    return {
        "G": G,
        "tiles": G.TILE_TYPES,
        "nightfall": G.NIGHTFALL_TILE,
        "counts": counts,
        "spells": localized(G.SPELLS, tr, BOOK_PROSE),
        "score": scoring,
        "setup_remove": G.SETUP_REMOVE,
        "components": dict(G.COMPONENTS),
        "clarifications": localized(G.CLARIFICATIONS, tr, BOOK_PROSE),
        "min_players": G.MIN_PLAYERS,
        "max_players": G.MAX_PLAYERS,
        "ex": ex,
        "ex_scores": ", ".join(f"{names[p]} {pts}" for p, pts in ex["points"].items()),
        "sq": square,
        "spot": {name: square[where] for name, where in EXAMPLE_SPOTS},
        "tile_name": lambda key: tr.gettext(G.tile_type(key).name),
        "bottom_total": G.BOTTOM_TILES + 1,
        "designers": credited(game.id, tr),  # 'Tyler Sigman und David Gerrard'
    }


def house_rules(game, tr: Translator = ENGLISH):
    """The house rules as one entry (the game as the book prints it, in tr's language)."""
    # one entry for them all: the same reason printed sixteen times reads like a mistake
    titles = [c.title for c in game.rules.clarifications if c.house]
    if not titles:
        return []
    # semicolons between the titles: some hold a comma ('Carrion Paradise, too few crows')
    # TRANSLATORS: between two titles of a list; French sets a no-break space before the semicolon
    between = tr.pgettext("between titles", "; ")
    return [(tr.gettext("Clarifications marked {mark}").format(mark=HOUSE_MARK),
             tr.gettext("{titles}. The published rules leave these open; the answer under Clarifications is the "
                        "one the kit and the rules engine use too.").format(titles=between.join(titles)))]


def block_house_rules(book: Book, *args):
    """The shared house-rules chapter, this book's own entry in the book's language."""
    rules = SimpleNamespace(house_rules=lambda game: house_rules(game, book.tr))
    return rulebook.block_house_rules(replace(book, module=rules), *args)


# ---------------------------------------------------------------------------------------------------
# blocks: the kit's art

def _fl(book: Book, items, width: float, height: float, name: str, scale: float = 1.0):
    return spaced(Drawing(tuple(curly_items(items)), width, height, scale, name), 4, 9)


def block_tiles(book: Book, *args):
    """Every tile as printed in the kit, in a row or two, with its count."""
    kinds = [t.key for t in G.ALL_TILES]
    counts = dict(G.HOUSE_COUNTS)
    per_row, gap = 5, 8.0
    size = min(100.0, (book.width - gap * (per_row - 1)) / per_row)  # big enough for every tile's name
    rows = -(-len(kinds) // per_row)
    items: list = []
    for i, kind in enumerate(kinds):
        r, c = divmod(i, per_row)
        x, y = c * (size + gap), r * (size + gap + 12)
        items += tile_art(kind, Box(x, y, size, size), book.opts.ink, stroke=book.pal.line, tr=book.tr)
        label = f"\u00d7{counts[kind]}" if kind in counts else "\u00d71"
        items.append(Text(x + size / 2, y + size + 9, label, 7.5, "sans-bold", "middle", book.pal.soft))
    return [_fl(book, [Group(tuple(items), name="tiles")], book.width, rows * (size + gap + 12), "tiles")]


def block_tile_table(book: Book, *args):
    counts = dict(G.HOUSE_COUNTS)
    tr = book.tr
    rows = [(tr.gettext(t.name), str(counts.get(t.key, 1)), tr.gettext(t.effect)) for t in G.ALL_TILES]
    header = (tr.gettext("Tile"), tr.gettext("Count"), tr.gettext("What it does"))
    return block_rows(book, tr.gettext("Map tiles"), header, rows, (0.28, 0.1, 0.62), house=True,
                      subtitle=tr.gettext("counts: house rule"), name="tile-table")


def block_spell_cards(book: Book, *args):
    """The six spell cards as printed in the kit, shrunk to fit three in a row."""
    cw, ch = SPELL_CARD
    ch = cw * 0.8  # the face without its rule text (listed under the figure): the card's top, its title and art
    per_row, gap = 3, 10.0
    scale = min(1.0, (book.width - gap * (per_row - 1)) / per_row / cw)
    rows = -(-len(G.SPELLS) // per_row)
    items: list = []
    for i, card in enumerate(G.SPELLS):
        r, c = divmod(i, per_row)
        x = c * (cw + gap / scale)
        y = r * (ch + gap / scale)
        items += spell_front(card, Box(x, y, cw, ch), 0.0, book.opts.ink, words=False, tr=book.tr)  # the rules follow
        items.append(Rect(x, y, cw, ch, Style(fill=None, stroke=book.pal.line, width=0.6), radius=6))
    width = (per_row * cw + (per_row - 1) * gap / scale)
    height = rows * ch + (rows - 1) * gap / scale
    return [_fl(book, [Group(tuple(items), name="spells")], width, height, "spells", scale=scale)]


def block_reference(book: Book, *args):
    """The reference card from the kit, both sides (split as the kit prints them)."""
    cw, ch = REFERENCE_CARD
    gap = 14.0
    tr = book.tr
    sides = ((tr.gettext("Crows \u00b7 player reference"), G.REFERENCE[:3]),
             (tr.gettext("Crows \u00b7 flocking & murders"), G.REFERENCE[3:]))
    items: list = []
    for i, (heading, sections) in enumerate(sides):
        items += reference_side(sections, Box(i * (cw + gap), 0, cw, ch), 0.0, book.opts.ink, heading, tr)
    width = 2 * cw + gap
    scale = min(1.0, book.width / width)
    return [_fl(book, [Group(tuple(items), name="reference")], width, ch, "reference", scale=scale)]


def _board(book: Book, tiles: dict, crows: dict, totems: dict, x0: float, size: float, title: str) -> list:
    colours = {"Red": "#b8322a", "Blue": "#2f6fa8", "Yellow": "#d9a21b"}
    letters = initials(player_names(book.tr), book.tr)
    items: list = [Text(x0, 9, title, 8.5, "sans-bold", "start", book.pal.ink)]
    top = 16.0
    cols = max(c for c, _ in tiles) + 1
    for c in range(cols):
        items.append(Text(x0 + c * size + size / 2, top + 7, chr(ord("A") + c), 7.0, "sans", "middle", book.pal.faint))
    top += 11
    for (c, r), kind in sorted(tiles.items()):
        x, y = x0 + c * size, top + r * size
        items += tile_art(kind, Box(x + 1, y + 1, size - 2, size - 2), book.opts.ink, text=False,
                          stroke=book.pal.line)
    for r in sorted({r for _, r in tiles}):
        items.append(Text(x0 - 4, top + r * size + size / 2 + 2.5, str(r + 1), 7.0, "sans", "end", book.pal.faint))
    for player, (c, r) in totems.items():
        cx, cy = x0 + c * size + size * 0.25, top + r * size + size * 0.25
        fill_c, letter = book.pal.piece(colours[player])
        items.append(Circle(cx, cy, size * 0.19, Style(fill=fill_c, stroke=book.pal.ink, width=0.8)))
        # two letters ('Az', 'Am') shrink to stay inside the disc, 1 pt clear of its ring, never under the
        # smallest print size
        font = max(MIN_TEXT, min(8.0, 8.0 * size * 0.24 / text_width(letters[player], "sans-bold", 8.0)))
        items.append(Text(cx, cy + font * 0.3, letters[player], font, "sans-bold", "middle", letter))
    for (c, r), n in crows.items():
        x, y = x0 + c * size + size * 0.4, top + r * size + size * 0.6
        w, h = size * 0.54, size * 0.32
        items.append(Rect(x, y, w, h, Style(fill="#ffffff", stroke=book.pal.ink, width=0.6), radius=h / 2))
        items.append(icon("crow", x + h * 0.55, y + h / 2, h * 0.8, book.pal.ink))
        items.append(Text(x + w - h * 0.45, y + h / 2 + 3, str(n), 8.5, "sans-bold", "middle", book.pal.ink))
    return items


def block_flock_example(book: Book, *args):
    ex = flock_example()
    size = 44.0
    cols = max(c for c, _ in ex["tiles"]) + 1
    rows = max(r for _, r in ex["tiles"]) + 1
    board_w = cols * size + 12
    gap = max(20.0, book.width - 2 * board_w)
    items = _board(book, ex["tiles"], ex["before"], ex["totems"], 12, size, book.tr.gettext("Before flocking"))
    items += _board(book, ex["tiles"], ex["after"], ex["totems"], 12 + board_w + gap, size, book.tr.gettext("After flocking"))
    return [_fl(book, [Group(tuple(items), name="flock-example")], book.width, 16 + 11 + rows * size + 4,
                "flock-example")]


def block_start_grid(book: Book, *args):
    """The starting pattern: the squares of a 5x5 grid that get a tile."""
    squares = set(G.start_squares())
    n = G.START_GRID
    size = 22.0
    items: list = []
    for r in range(n):
        for c in range(n):
            filled = (c, r) in squares
            items.append(Rect(c * size + 1, r * size + 1, size - 2, size - 2,
                              Style(fill=book.pal.header if filled else None,
                                    stroke=book.pal.line if filled else book.pal.faint, width=0.6,
                                    dash=() if filled else (1.5, 1.5))))
    return [_fl(book, [Group(tuple(items), name="start-grid")], n * size, n * size, "start-grid")]


def blocks() -> dict:
    return {"symbols": block_symbols, "tiles": block_tiles, "tile-table": block_tile_table, "spell-cards": block_spell_cards,
            "reference": block_reference, "flock-example": block_flock_example, "start-grid": block_start_grid,
            "house-rules": block_house_rules}


def cover_art(book: Book):
    return block_tiles(book)



