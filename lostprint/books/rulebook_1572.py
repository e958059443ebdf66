"""The 1572: The Lost Expedition rulebook: template variables, worked examples computed from the game
data, and the blocks that draw the sheet's widgets."""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from lostprint.books.rulebook import GENERIC_BLOCKS, Book, block_rows, signed, spaced
from lostprint.books.rulebook_common import (COMMON_BLOCKS, block_map, block_sheet_days, block_sheet_trackers,
                                             dice_count, lifted)
from lostprint.games.lost_expedition import GAME, row_for_band, terrain_mod as typed_mod, terrain_rule
from lostprint.i18n import Translator, localized, translator
from lostprint.maps.model import standard_map
from lostprint.sheets import widgets as w
from lostprint.sheets.lost_expedition import morale_compass
from lostprint.sheets.lost_expedition import build as build_sheet  # the printed sheet the book shows parts of

TEMPLATE = "lost-expedition.j2"
TRANSLATED = True
# The game data this book prints beyond the sheets' (lostprint.i18n.book_prose): the house rules.
BOOK_PROSE = {"Ruling": ("title", "rule", "reason")}

# Numbers of the published rules that the game data does not hold yet (the symbol key states them in
# words). A key of the same name in the game's `extra` takes precedence, so moving one into
# lostprint/games/lost_expedition.py needs no change here.


def rules(game) -> dict:
    """The small rule numbers of the game data (its RULE_NUMBERS)."""
    return dict(game.text.rule_numbers)


class Plan(NamedTuple):
    face: int
    chart: str  # chart title
    dice: int  # dice showing the face
    wilds: int  # WILDs assigned to it
    bonus: int


def plan(game, dice: tuple[int, ...], wilds: dict[int, int]) -> list[Plan]:
    """Planning: the phases a roll calls for, each with its bonus (extra dice of the face + WILDs)."""
    planning = game.chart("planning")
    wild = rules(game)["wild_face"]
    counts = Counter(d for d in dice if d != wild)
    out = []
    for face in sorted(set(counts) | set(wilds)):
        n, w = counts.get(face, 0), wilds.get(face, 0)
        if n == 0:
            continue  # a WILD cannot call a phase on its own
        out.append(Plan(face, planning.lookup(face).results[0], n, w, n - 1 + w))
    return out


class Roll(NamedTuple):
    chart: object
    dice: tuple[int, int]
    mods: tuple[tuple[str, int], ...]  # (why, amount)
    total: int
    band: object

    @property
    def sum(self) -> int:
        return sum(self.dice)


def roll(game, chart_key: str, dice: tuple[int, int], mods: list[tuple[str, int]]) -> Roll:
    chart = game.chart(chart_key)
    total = sum(dice) + sum(m for _, m in mods)
    return Roll(chart, dice, tuple(mods), total, chart.lookup(total))


def terrain_mod(game, terrain_key: str, chart_title: str) -> int:
    chart = next(c.key for c in game.charts if c.title == chart_title)
    return typed_mod(terrain_key, chart)


def progress_of(band) -> int:
    """The movement progress a Movement chart row gives (its typed effects)."""
    return sum(e.amount for e in row_for_band("movement", band).effects if e.what == "movement")


def examples(game) -> dict:
    """The worked examples, every number computed from the data."""
    r = rules(game)
    ex: dict = {}
    # planning: one 2, two 3s, a 6 and a WILD given to the 3s
    dice = (1, 2, 3, 3, 6)
    wilds = {3: 1}
    ex["plan_dice"] = dice
    ex["plan"] = plan(game, dice, wilds)
    planned = {p.face for p in ex["plan"]}
    planning = game.chart("planning")
    ex["plan_skipped"] = [b.results[0] for b in planning.bands if b.low not in planned and b.low != r["wild_face"]]
    ex["plan_wild_to"] = planning.lookup(3).results[0]
    bonus = {p.chart: p.bonus for p in ex["plan"]}
    # movement in the hills
    hills = game.terrain("hills")
    mv = roll(game, "movement", (4, 5), [(hills.name, terrain_mod(game, "hills", "Movement")),
                                         ("extra 2s", bonus.get("Movement", 0))])
    ex["move"] = mv
    ex["move_terrain"] = hills
    ex["move_progress_before"] = 2
    ex["move_progress"] = progress_of(mv.band)
    ex["move_progress_after"] = min(game.trackers[4].maximum, 2 + ex["move_progress"])
    # mapping beside the river
    mp = roll(game, "mapping", (1, 6), [("extra 3s and the WILD", bonus.get("Mapping", 0))])
    ex["map"] = mp
    ex["map_wild_face"] = r["wild_face"]
    # hunting in a forest with a peaceful village
    forest = game.terrain("forest")
    hu = roll(game, "hunting", (3, 4), [(forest.name, terrain_mod(game, "forest", "Hunting")),
                                        ("the peaceful village", r["peaceful_bonus"]),
                                        ("extra 6s", bonus.get("Hunting", 0))])
    ex["hunt"] = hu
    ex["hunt_terrain"] = forest
    # map travel and morale
    cost = game.rules.move_cost
    trail = game.rules.trail_cost
    maximum = next(t.maximum for t in game.trackers if t.key == "movement")
    ex["travel_have"] = maximum
    ex["travel_cost"] = cost
    ex["travel_left"] = maximum - cost + r["river_progress"]
    ex["travel_trail_have"] = trail
    ex["travel_dir"] = "SE"
    ex["travel_morale"] = dict(game.rules.morale_by_direction)["SE"]
    ex["travel_morale_before"] = 2
    ex["travel_morale_after"] = min(maximum, 2 + ex["travel_morale"])
    ex["travel_bad_dir"] = "NW"
    ex["travel_bad_morale"] = dict(game.rules.morale_by_direction)["NW"]
    return ex


def terrain_mods(game, terrain_key: str) -> dict[str, int]:
    """{'Movement': -1, 'Hunting': 1}: a terrain's chart modifiers by chart title, from the typed data."""
    titles = {c.key: c.title for c in game.charts}
    return {titles[chart]: n for chart, n in terrain_rule(terrain_key).mods}


def in_running_text(name: str, tr: Translator) -> str:
    """A chart's or terrain's name inside a sentence: 'the hills' in lower case, but German writes every
    noun capitalised ('in den Hügeln')."""
    return name if tr.lang == "de" else name.lower()


def printed_examples(game, tr: Translator) -> dict:
    """The worked examples as the book prints them: computed from the English data (`examples`), their
    chart titles, rows, terrains, reasons and compass points in the book's language; a name inside a
    sentence (`*_in_text`) as the language writes it there (`in_running_text`)."""
    ex = examples(game)
    planning = game.chart("planning")
    hunting_face = next(b.low for b in planning.bands if b.results[0] == "Hunting")
    whys = {game.terrain("forest").name: tr.gettext(game.terrain("forest").name),
            "the peaceful village": tr.gettext("the peaceful village"),
            "extra 6s": tr.gettext("extra {face}s").format(face=hunting_face)}

    def shown(r: Roll) -> Roll:
        return r._replace(band=localized(r.band, tr), mods=tuple((whys.get(why, why), n) for why, n in r.mods))

    out = dict(ex)
    out["plan"] = [p._replace(chart=tr.gettext(p.chart)) for p in ex["plan"]]
    out["plan_skipped"] = [tr.gettext(t) for t in ex["plan_skipped"]]
    out["plan_wild_to"] = tr.gettext(ex["plan_wild_to"])
    for key in ("move", "map", "hunt"):
        out[key] = shown(ex[key])
    for key in ("move_terrain", "hunt_terrain"):
        out[key] = localized(ex[key], tr)
        out[f"{key}_in_text"] = in_running_text(out[key].name, tr)
    out["hunt_mods"] = ", ".join(f"{why} {signed(n)}" for why, n in out["hunt"].mods if n)
    out["map_result_in_text"] = in_running_text(", ".join(out["map"].band.results), tr)
    out["travel_dir"] = tr.gettext(ex["travel_dir"])
    out["travel_bad_dir"] = tr.gettext(ex["travel_bad_dir"])
    return out


def context(game, opts) -> dict:
    tr = translator(opts.lang)
    game_map = standard_map(game.id)
    tracker_dice = len(game.trackers)
    planning_dice = dice_count(game.chart("planning").roll)
    phase_dice = dice_count(game.chart("movement").roll)
    directions = game.rules.morale_by_direction
    best, worst = max(directions, key=lambda d: d[1]), min(directions, key=lambda d: d[1])
    return {
        "r": {**rules(game), "empire_roll": tr.gettext(rules(game)["empire_roll"])},
        "ex": printed_examples(game, tr),
        "map": game_map,
        "start": game_map.start,
        "goal": game_map.goals[0],
        "hex_count": len(game_map.hexes),
        "dice": {"trackers": tracker_dice, "planning": planning_dice, "phase": phase_dice,
                 "total": tracker_dice + planning_dice + phase_dice},
        "best_dir": (tr.gettext(best[0]), best[1]),
        "worst_dir": (tr.gettext(worst[0]), worst[1]),
        "phase_charts": [c for c in game.charts if c.key not in ("planning", "interests")],
        "interest_effects": game.text.interest_effects,
        "mods": {t.key: terrain_mods(game, t.key) for t in game.terrains},
        "rulings": {r.key: r for r in game.text.rulings},
        "movement_tracker": next(t for t in game.trackers if t.key == "movement"),
    }


# ---------------------------------------------------------------------------------------------------
# blocks: the 1572 sheet's own widgets

def block_planning_key(book: Book, *args):
    chart = book.game.chart("planning")
    return [book.widget(lambda box: w.dice_key(chart, box, book.pal), 72.0, width=250.0, name="planning")]


def block_expeditions(book: Book, *args):
    rows = [(str(o.roll), o.name, o.effect) for o in book.game.options]
    return block_rows(book, book.tr.gettext("Expedition"), (), rows, (0.05, 0.17, 0.78),
                      subtitle=book.tr.gettext("roll 1d6 at set-up"), name="expeditions")


def block_interest_effects(book: Book, *args):
    interests = book.game.chart("interests")
    effects = dict(book.game.text.interest_effects)
    rows = [(b.label, b.results[0], effects.get(b.results[0], "")) for b in interests.bands]
    tr = book.tr
    return block_rows(book, tr.gettext("What each interest does"),
                      (tr.gettext("Roll"), tr.gettext("Interest"), tr.gettext("Effect")), rows,
                      (0.07, 0.2, 0.73), name="interest-effects")


def block_compass(book: Book, *args):
    fl = book.widget(lambda box: morale_compass(box, book.pal, book.game), 150.0, width=170.0, name="compass")
    fl = spaced(fl, 4, 8)
    return [fl]


def blocks() -> dict:
    out = dict(COMMON_BLOCKS)
    out.update({"trackers": block_sheet_trackers, "days": block_sheet_days})  # lifted from the sheet itself
    out.update({"planning-key": block_planning_key, "expeditions": block_expeditions,
                "interest-effects": block_interest_effects, "compass": block_compass})
    # the panels the sheet prints are shown as it prints them (the drawings above only where it has none)
    for block, panel in (("planning-key", "chart:planning"), ("expeditions", "expeditions"), ("phases", "phases"),
                         ("compass", "compass"), ("terrains", "terrain-key"), ("symbols", "symbol-key")):
        out[block] = lifted(panel, out.get(block) or GENERIC_BLOCKS[block])
    return out


def cover_art(book: Book):
    return block_map(book)


def house_rules(game):
    """Every ruling of the game data: where the published rules are silent or contradict themselves."""
    return [(r.title, f"{r.rule} {r.reason}") for r in game.text.rulings if not r.chart]
