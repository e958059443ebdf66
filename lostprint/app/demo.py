"""`lostprint demo`: every printable of every game, from built-in defaults, into one folder.

A loop over the same commands the CLI runs, each writing into its own subfolder.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from lostprint.app import commands
from lostprint.app.commands import rulebook_translated
from lostprint.app.naming import folder_of
from lostprint.app.simulate import demo_rated_maps
from lostprint.crows.kit import KitOptions
from lostprint.errors import LostprintError
from lostprint.games import GAMES, named
from lostprint.options import PrintOptions
from lostprint.paths import examples_dir
from lostprint.render.png import cairo
from lostprint.rating.run import Executor
from lostprint.sheets import sheet_module, sheet_sides

DEMO_SEEDS = (1, 2, 3)


def _inks(quick: bool, landscape: bool = True, lang: str = "en") -> list[PrintOptions]:
    base = PrintOptions(landscape=landscape, lang=lang)
    if quick:
        return [base]
    return [base, base.to(paper="a4"), base.to(ink="mono")]


def check_png() -> None:
    """The full demo writes PNG sheets: say what is missing before writing anything."""
    if cairo() is None:
        raise LostprintError("the demo's PNG sheets need the Cairo library, which is not installed: install it "
                             "(Debian/Ubuntu: apt-get install libcairo2; macOS: brew install cairo), or run "
                             "lostprint demo --quick, which writes no PNG")


def _translated(plugin) -> bool:
    """Whether a game's sheet (and so its maps' printables) prints in another language than English."""
    return not plugin.has("sheet") or getattr(sheet_module(plugin.id), "TRANSLATED", False)


def run_demo(output=None, quick: bool = False, log: Callable[[str], None] = lambda m: None,
             jobs: int | None = None, say: Callable[[str], None] | None = None, lang: str = "en") -> list[Path]:
    """Writes every printable; `log` hears progress (one line an item), `say` the commands' warnings.
    In another language than English, only what is translated: `say` names each kind it skips, once."""
    out = folder_of(output)
    if not quick:
        check_png()
    say = say or log
    english = lang == "en"
    written: list[Path] = []
    examples = examples_dir()
    saves = sorted(p for p in examples.glob("*") if p.suffix in (".yaml", ".yml", ".json")) \
        if examples.is_dir() else []
    for save in saves:  # the journals of the Lost games and the Crows game record, all translated
        for opts in _inks(quick, landscape=False, lang=lang):
            log(f"journal {save.name} {opts.paper} {opts.ink}")
            written.append(commands.journal(save, opts, f"{out / 'journals'}/", say=say))
    untranslated = [p.title for p in GAMES if p.has("rulebook") and not english and not rulebook_translated(p)]
    if untranslated:
        say(f"rulebooks of {', '.join(untranslated)}: English only for now, not written in {lang}")
    for plugin in GAMES:
        if not english and not _translated(plugin):
            say(f"{plugin.title}: its sheet and maps are English only for now, not written in {lang}")
            continue
        if plugin.has("sheet"):
            sheets = _inks(quick, lang=lang) + ([] if quick else [PrintOptions(fmt="png", dpi=150, lang=lang)])
            sheets += [PrintOptions(sides=sides, lang=lang) for sides in sheet_sides(plugin.id) if sides != "2"]
            for opts in sheets:
                log(f"sheet {plugin.id} {opts.paper} {opts.ink} {opts.fmt or 'pdf'} sides {opts.sides}")
                written.append(commands.sheet(plugin.id, opts, output=f"{out / 'sheets'}/", say=say))
        if plugin.has("rulebook") and (english or rulebook_translated(plugin)):
            for opts in _inks(quick, landscape=False, lang=lang):
                log(f"rulebook {plugin.id} {opts.paper} {opts.ink}")
                written.append(commands.rulebook(plugin.id, opts, f"{out / 'rulebooks'}/"))
        if plugin.has("generator"):
            seeds = DEMO_SEEDS[:1] if quick else DEMO_SEEDS
            log(f"maps {plugin.id} seeds {', '.join(map(str, seeds))}")
            written += commands.maps(plugin.id, seeds, PrintOptions(lang=lang), output=out / "maps", say=say)
        if plugin.has("kit"):
            for opts in _inks(quick, landscape=False):
                log(f"kit {plugin.id} {opts.paper} {opts.ink}")
                written.append(commands.kit(plugin.id, KitOptions(paper=opts.paper, ink=opts.ink, lang=lang),
                                            f"{out / plugin.id}/"))
    if not quick:  # rating a map plays a few hundred games of each Lost game
        written += demo_rated_maps(DEMO_SEEDS[0], PrintOptions(lang=lang), out / "rated", Executor(jobs=jobs), log=log)
    return written
