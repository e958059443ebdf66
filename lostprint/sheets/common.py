"""Pieces every player sheet shares: options, the title block, metadata, the scene wrapper."""
from __future__ import annotations

from lostprint import __version__
from lostprint.fonts import ASCENT, DESCENT, fit_size, text_width
from lostprint.games import resolve
from lostprint.games.model import HOUSE_MARK
from lostprint.geometry.paper import MIN_MARGIN, MM, Box
from lostprint.i18n import ENGLISH, N_, Translator, translator
from lostprint.options import SHEET_MARGIN, PrintOptions
from lostprint.scene import Group, Scene, Text
from lostprint.sheets.style import MIN_TEXT, Palette
from lostprint.typeset import curly_items

SheetOptions = PrintOptions  # a sheet is printed landscape: PrintOptions' default


def title_block(box: Box, title: str, subtitle: str, pal: Palette, variant: str = "") -> Group:
    """The game's title, a subtitle line, and (on a variant map) the variant's name in the accent."""
    size = fit_size(title, "serif-bold", 19.0, box.w, 12.0)
    items = [Text(box.x, box.y + ASCENT * size, title, size, "serif-bold", fill=pal.accent, role="title")]
    sub = fit_size(subtitle, "sans-italic", 8.0, box.w, MIN_TEXT)
    y = box.y + size + 4 + ASCENT * sub
    if subtitle:
        items.append(Text(box.x, y, subtitle, sub, "sans-italic", fill=pal.soft))
    else:  # no subtitle: the variant's name takes its line
        y -= sub + 2.5
    if variant:
        vsize = fit_size(variant, "sans-bold", 8.0, box.w, MIN_TEXT)
        items.append(Text(box.x, y + sub + 2.5, variant, vsize, "sans-bold", fill=pal.accent, role="variant"))
    return Group(tuple(items), name="title", box=tuple(box))


SIDE_MARGIN = 7.5 * MM  # two-sided sheets: a little more room for the map, still inside the 6.35 mm limit
FOOT_GAP = 3.0 * MM  # paper between the panels and the foot line under them
FOOT_DROP = 0.3  # the foot line's descent keeps this far inside the 6.35 mm print limit


def _foot_baseline(opts: SheetOptions) -> float:
    """The foot line's baseline: as low as the 6.35 mm print limit allows."""
    return opts.page()[1] - MIN_MARGIN - DESCENT * MIN_TEXT - FOOT_DROP


def side_content(opts: SheetOptions) -> Box:
    """The page less SIDE_MARGIN, less the footer line at its foot and FOOT_GAP over it."""
    box = opts.content(margin=SIDE_MARGIN)
    bottom = _foot_baseline(opts) - ASCENT * MIN_TEXT - FOOT_GAP
    return Box(box.x, box.y, box.w, bottom - box.y)


DIFFICULTIES = (N_("Easy"), N_("Normal"), N_("Hard"))  # a rated variant's band, as its title prints it


def variant_name(game_map, tr: Translator = ENGLISH) -> str:
    """What the title area says about the map: nothing for the standard map, else the variant's name
    (its seed is a build detail: the file's metadata keeps it)."""
    if game_map is None or game_map.name == "standard":
        return ""
    rating = getattr(game_map, "difficulty", None)
    return tr.gettext("Variant map: {name}").format(name=game_map.name) + (
        f" \u00b7 {tr.gettext(rating.title())}" if rating is not None else "")


def designers(game_id: str, tr: Translator = ENGLISH) -> str:
    """'Mike Heim', 'Tyler Sigman and David Gerrard': the game's designers, as a credit names them."""

    names = resolve(game_id).designers
    return tr.gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 \
        else "".join(names)


def credit(game_id: str, tr: Translator = ENGLISH) -> str:
    """The line every printable of a game carries: 'Game design: Mike Heim'."""
    return tr.gettext("Game design: {designers}").format(designers=designers(game_id, tr))


# what every sheet says the house-rule mark means, in the same words
HOUSE_NOTE = "house rule: lostprint\u2019s design where the published rules are silent"


def house_note(tr: Translator = ENGLISH) -> str:
    return tr.gettext("house rule: lostprint\u2019s design where the published rules are silent")


def ruling_keys(game) -> frozenset[str]:
    """The keys of the rulings a game's data holds (where lostprint reads the source one way, ⌂)."""
    rulings = game.rules.rulings if hasattr(game.rules, "rulings") else game.text.rulings
    return frozenset(r.key for r in rulings)


def ruled(text: str, game, key: str) -> str:
    """`text` with the house mark when the game's data holds the ruling `key`; the mark goes before a
    closing full stop, as the data's own marked sentences have it (\u201c42 in all \u2302.\u201d)."""
    if key not in ruling_keys(game):
        return text
    return f"{text[:-1]} {HOUSE_MARK}." if text.endswith(".") else f"{text} {HOUSE_MARK}"


def foot_credit(game, side: str = "", tr: Translator = ENGLISH) -> str:
    """The right of a sheet's foot line: the credit, then which side this is."""
    return credit(game.id, tr) + (f" \u00b7 {side}" if side else "")


def credit_metadata(game_id: str, title: str, kind: str) -> tuple[tuple[str, str], ...]:
    """The PDF metadata that credits the designers: author, a subject naming them, a credit keyword."""
    who = designers(game_id)
    return (("author", who), ("subject", f"{title}, a game by {who}: {kind}"), ("credit", credit(game_id)))


def foot_room(opts: SheetOptions, right: str) -> float:
    """The width the left of a foot line has beside `right` (a longer left is cut, and says so)."""
    return opts.content(margin=SIDE_MARGIN).w - text_width(right, "sans", MIN_TEXT) - 20


def foot_line(opts: SheetOptions, right: str, pal: Palette, left: str = "", left_color: str = "") -> Group:
    """One faint line at the foot of a two-sided sheet's page, inside the content box."""
    box = opts.content(margin=SIDE_MARGIN)
    baseline = _foot_baseline(opts)
    if text_width(right, "sans", MIN_TEXT) > box.w * 0.6:  # a long map name: cut by width, never off the page
        while len(right) > 10 and text_width(right + "\u2026", "sans", MIN_TEXT) > box.w * 0.6:
            right = right[:-max(1, len(right) // 20)]
        right = right.rstrip() + "\u2026"
    items = [Text(box.right, baseline, right, MIN_TEXT, "sans", "end", pal.faint, role="footer")]
    if left:
        room = foot_room(opts, right)
        label = left
        if text_width(label, "sans-italic", MIN_TEXT) > room:  # cut with an ellipsis, so the checks see it
            while text_width(label + "\u2026", "sans-italic", MIN_TEXT) > room and len(label) > 10:
                label = label[:-2]
            label = label.rstrip() + "\u2026"
        items.append(Text(box.x, baseline, label, MIN_TEXT, "sans-italic", "start", left_color or pal.soft,
                          role="footnote"))
    return Group(tuple(items), name="footer")


def two_sided(front: list, back: list, opts: SheetOptions, game, game_map) -> Scene:
    """A sheet with a reference side: page 1 the map and trackers, page 2 the charts."""
    first = sheet_scene(front, opts, game, game_map)
    second = sheet_scene(back, opts, game, game_map, kind="reference side")
    return Scene(first.width, first.height, first.items, metadata=first.metadata, margin=SIDE_MARGIN,
                 pages=(Scene(second.width, second.height, second.items, metadata=second.metadata,
                              margin=SIDE_MARGIN),))


def back_label(opts: SheetOptions) -> tuple[str, str]:
    """(how the reference side's subtitle starts, what its foot line says): side 2 of a two-sided
    sheet, or a reference card printed alone."""
    tr = translator(opts.lang)
    if opts.sides == "ref":
        return tr.gettext("Reference card"), tr.gettext("reference card: print once and keep")
    return tr.gettext("Side 2 of 2"), tr.gettext("side 2 of 2")


def by_sides(opts: SheetOptions, game, game_map, front, back, one_page=None) -> Scene:
    """The sheet `opts.sides` asks for, from the game's builders (each `() -> items`): two-sided, the
    reference side alone (a card to print once and keep) or one page with everything."""
    if opts.sides == "ref":
        return sheet_scene(back(), opts, game, game_map, kind="reference card")
    if opts.sides == "1":  # only asked of a game whose module lists "1" in its SIDES (sheets.build_sheet)
        return sheet_scene(one_page(), opts, game, game_map, kind="one-page player sheet")
    return two_sided(front(), back(), opts, game, game_map)


def sheet_scene(items: list, opts: SheetOptions, game, game_map, kind: str = "player sheet") -> Scene:
    w, h = opts.page()
    meta = (
        ("title", f"{game.title} \u2014 {kind}"),
        *credit_metadata(game.id, game.title, kind),
        ("paper", opts.paper),
        ("ink", opts.ink),
        ("game", game.id),
        ("map", game_map.name if game_map is not None else ""),
        ("seed", "" if game_map is None or game_map.seed is None else str(game_map.seed)),
        ("version", __version__),
    )
    return Scene(w, h, curly_items(items), metadata=meta, margin=SHEET_MARGIN)


def footer(opts: SheetOptions, text: str, pal: Palette, left: str = "") -> Group:
    """One faint line in the strip between the content box and the 6.35 mm print limit."""
    w, h = opts.page()
    box = opts.content()
    size = MIN_TEXT
    baseline = h - 0.25 * 72 - 0.24 * size - 0.3
    items = [Text(box.right, baseline, text, size, "sans", "end", pal.faint, role="footer")]
    if left:
        room = box.w - text_width(text, "sans", size) - 20
        label = left
        while text_width(label, "sans-italic", size) > room and len(label) > 10:
            label = label[:-2]
        items.append(Text(box.x, baseline, label, size, "sans-italic", "start", pal.house, role="footnote"))
    return Group(tuple(items), name="footer")
