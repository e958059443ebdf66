"""`lostprint demo`: every printable of every game, from built-in defaults, into one folder.

A loop over the same commands the CLI runs, each writing into its own subfolder.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from lostprint.app import commands
from lostprint.app.naming import folder_of
from lostprint.app.simulate import demo_rated_maps
from lostprint.crows.kit import KitOptions
from lostprint.errors import LostprintError
from lostprint.games import GAMES
from lostprint.options import PrintOptions
from lostprint.paths import examples_dir
from lostprint.rating.run import Executor
from lostprint.sheets import sheet_sides

DEMO_SEEDS = (1, 2, 3)


def _inks(quick: bool, landscape: bool = True) -> list[PrintOptions]:
    base = PrintOptions(landscape=landscape)
    if quick:
        return [base]
    return [base, base.to(paper="a4"), base.to(ink="mono")]


def check_png() -> None:
    """The full demo writes PNG sheets: say what is missing before writing anything."""
    try:
        import cairosvg  # noqa: F401  lazy: loading it is the check; only the Cairo C library can be missing (cairocffi raises OSError)
    except OSError:
        raise LostprintError("the demo's PNG sheets need the Cairo library, which is not installed: install it "
                             "(Debian/Ubuntu: apt-get install libcairo2; macOS: brew install cairo), or run "
                             "lostprint demo --quick, which writes no PNG") from None


def run_demo(output=None, quick: bool = False, log: Callable[[str], None] = lambda m: None,
             jobs: int | None = None, say: Callable[[str], None] | None = None) -> list[Path]:
    """Writes every printable; `log` hears progress (one line an item), `say` the commands' warnings."""
    out = folder_of(output)
    if not quick:
        check_png()
    written: list[Path] = []
    examples = examples_dir()
    saves = sorted(p for p in examples.glob("*") if p.suffix in (".yaml", ".yml", ".json")) \
        if examples.is_dir() else []
    for save in saves:
        for opts in _inks(quick, landscape=False):
            log(f"journal {save.name} {opts.paper} {opts.ink}")
            written.append(commands.journal(save, opts, f"{out / 'journals'}/", say=say or log))
    for plugin in GAMES:
        if plugin.has("sheet"):
            sheets = _inks(quick) + ([] if quick else [PrintOptions(fmt="png", dpi=150)])
            sheets += [PrintOptions(sides=sides) for sides in sheet_sides(plugin.id) if sides != "2"]
            for opts in sheets:
                log(f"sheet {plugin.id} {opts.paper} {opts.ink} {opts.fmt or 'pdf'} sides {opts.sides}")
                written.append(commands.sheet(plugin.id, opts, output=f"{out / 'sheets'}/", say=say or log))
        if plugin.has("rulebook"):
            for opts in _inks(quick, landscape=False):
                log(f"rulebook {plugin.id} {opts.paper} {opts.ink}")
                written.append(commands.rulebook(plugin.id, opts, f"{out / 'rulebooks'}/"))
        if plugin.has("generator"):
            seeds = DEMO_SEEDS[:1] if quick else DEMO_SEEDS
            log(f"maps {plugin.id} seeds {', '.join(map(str, seeds))}")
            written += commands.maps(plugin.id, seeds, PrintOptions(), output=out / "maps", say=say or log)
        if plugin.has("kit"):
            for opts in _inks(quick, landscape=False):
                log(f"kit {plugin.id} {opts.paper} {opts.ink}")
                written.append(commands.kit(plugin.id, KitOptions(paper=opts.paper, ink=opts.ink),
                                            f"{out / plugin.id}/"))
    if not quick:  # rating a map plays a few hundred games of each Lost game
        written += demo_rated_maps(DEMO_SEEDS[0], PrintOptions(), out / "rated", Executor(jobs=jobs), log=log)
    return written
