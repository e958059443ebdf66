"""Every ruling a sheet prints carries the house mark (issue 23, item 5): where lostprint reads the source one
way (a ruling in lostprint/games/*.py), the sheet's words for it end in ⌂, in every language, paper and form
(two pages, one page, the reference card) that prints them. The 1672 Hostile row prints the ruling's words
(leave once the crew can steer), not the source's "leave at end of day"."""
import re

import pytest

from lostprint.games import load
from lostprint.games.model import HOUSE_MARK
from lostprint.i18n import localized, translator
from lostprint.scene import Text, walk
from lostprint.sheets import build_sheet
from lostprint.sheets.common import SheetOptions

LANGS = ("en", "de", "es", "fr", "pt-BR")
PAPERS = ("letter", pytest.param("a4", marks=pytest.mark.slow))


def printed(game: str, lang: str, paper: str, sides: str) -> str:
    """Every word the sheet prints, in drawing order, one space between items (a wrapped sentence reads
    whole again), no-break spaces as spaces. A mark that lengthened a line past its room would refuse
    the one page (UsageError): the marks must fit where the words were."""
    scene = build_sheet(game, None, SheetOptions(lang=lang, paper=paper, sides=sides))
    words = " ".join(item.text for page in scene.all_pages() for item in walk(page.items) if isinstance(item, Text))
    return re.sub(r"\s+", " ", words.replace("\u00a0", " "))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def marked(text: str) -> str:
    """`text` as the sheet marks it: ⌂ before a closing full stop, else at the end."""
    return f"{text[:-1]} {HOUSE_MARK}." if text.endswith(".") else f"{text} {HOUSE_MARK}"


def expected(game_id: str, lang: str) -> dict[str, tuple[tuple[str, ...], list[str]]]:
    """ruling key -> (the sheet forms that print its words, the marked words each must show)."""
    tr = translator(lang)
    _ = tr.gettext
    game = localized(load(game_id), tr)
    if game_id == "lost-crows":
        return {
            "map-lost": (("2", "ref"), [marked(_("colour an unmapped adjacent hex (or one 2 away)"))]),
            "fort-blank": (("2", "ref"), [marked(_("Fort Benton: no entry, not coloured"))]),
            "river-price": (("2", "ref"), [marked(_("River: +1 Movement or +1 Resolve to cross"))]),
        }
    if game_id == "lost-crew":
        scan = game.chart("scan")
        storm = next(e for e, w in zip(game.rules.weather_track, game.rules.weathers) if w.storm)
        anchorage = storm.movement.rsplit(". ", 1)[-1]  # the storm's last sentence: Anchorage at an island
        return {
            "scan-crew": (("2", "1", "ref"), [marked(scan.title)]),
            "scan-crew-task": (("2", "ref"), [f"{HOUSE_MARK} {_('Nobody on it: no scan.')}"]),
            "setup-hexes": (("2", "1", "ref"), [marked(_("{points} each").format(points=game.rules.score_per_hex))]),
            "islands-visited": (("2", "1", "ref"), [marked(_("on a win: {points} each").format(
                points=game.rules.score_per_island))]),
            "anchorage": (("2", "ref"), [marked(anchorage)]),
            "hostile": (("2", "1", "ref"), [marked(_("Hostile: leave once you can steer"))]),
        }
    lake = next(t for t in game.terrains if t.key == "lake")
    lagos = _("{points} each; the {lagos} Lagos de Oro hexes count as one").format(
        points=game.rules.score_per_hex, lagos=game.rules.lagos_hexes)
    interests = {"Lagos de Oro": "lagos-halfway", "Migration": "migration-fill", "Princess Kantyi": "kantyi"}
    found = {key: (("2", "1", "ref"), [marked(_(name))]) for name, key in interests.items()}
    return found | {
        "lagos-one-hex": (("2", "1"), [marked(lagos)]),
        "lake-peaceful": (("2", "1"), [f"{_(lake.name)}: {marked(lake.effect)}"]),
    }


CASES = [(g, lang) for g in ("lost-expedition", "lost-crew", "lost-crows") for lang in LANGS]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game, lang", CASES, ids=[f"{g}-{lang}" for g, lang in CASES])
def test_every_ruling_a_sheet_prints_carries_the_house_mark(game, lang, paper):
    rulings = expected(game, lang)
    missing = []
    for sides in ("2", "1", "ref"):
        text = printed(game, lang, paper, sides)
        for key, (forms, words) in rulings.items():
            if sides in forms:
                missing += [f"{sides}: {key}: {w!r}" for w in words if flat(w) not in text]
    assert missing == []


def test_the_hostile_row_no_longer_prints_the_source_words():
    """The sheet says the ruling (leave once the crew can steer), not 'leave at end of day'."""
    for sides in ("2", "1", "ref"):
        assert "leave at end of day" not in printed("lost-crew", "en", "letter", sides)


def test_every_ruling_marked_here_is_one_the_data_holds():
    """The marks are read from the data: each key the test checks is a ruling of its game."""
    from lostprint.sheets.common import ruling_keys

    for game_id in ("lost-expedition", "lost-crew", "lost-crows"):
        keys = ruling_keys(load(game_id))
        assert {k.removesuffix("-task") for k in expected(game_id, "en")} <= keys
