"""The commands: load the inputs, resolve the game's plugin, build, name the output, write it.

Builders return a Scene or bytes and never touch a file; everything here writes through
lostprint.paths (atomically: a file appears whole or not at all) and names files with
lostprint.app.naming. `say(message)` hears progress and warnings; the CLI sends them to stderr.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable

from lostprint.app.naming import folder_of, inside, output_name, target
from lostprint.app.output import check_output_path, os_error_line, safe_message
from lostprint.app.registry import map_modules, part
from lostprint.app.variants import MIN_FLATS_MM, scene_bytes as _bytes, small_hexes, variant_files, variant_printable
from lostprint.errors import LostprintError, UsageError
from lostprint.games import GAMES, named, resolve, with_part
from lostprint.i18n import completeness, languages as shipped, translator
from lostprint.options import PrintOptions
from lostprint.paths import STDOUT_NAMES, is_special, write_atomic, write_together
from lostprint.render import render
from lostprint.sheets import build_sheet, sheet_module

# MIN_FLATS_MM, small_hexes, variant_files, variant_printable: callers still find them here; os_error_line and
# safe_message: the command line's error lines (noqa: F401)

Say = Callable[[str], None]


def _quiet(_message: str) -> None:
    pass


def _pdf_only(fmt: str, what: str, path: Path) -> None:
    if fmt != "pdf":
        raise UsageError(f"{what} is a PDF: name the output *.pdf, not {path.name!r}")


# --- sheet ---------------------------------------------------------------------------------------


def sheet(game: str, opts: PrintOptions, map_file: str | Path | None = None, output=None,
          say: Say = _quiet) -> Path:
    """`lostprint sheet`: a blank player sheet, on the standard map or a map file."""
    check_output_path(output)
    plugin = resolve(game)
    game_map = None
    if map_file is not None:
        game_map = map_modules()[0].load_map(map_file)
        if game_map.game != plugin.id:
            raise LostprintError(f"{map_file}: game: this map is for {game_map.game}, not {plugin.id}")
    label = game_map.name if game_map is not None and game_map.name != "standard" else None
    path, fmt = target(output, output_name(plugin.stem, "sheet", opts, label=label), opts.fmt)
    scene = build_sheet(plugin.id, game_map, opts)
    if game_map is not None:
        mm = small_hexes(scene)
        if mm is not None:
            say(f"warning: the hexes of this map print {mm:.1f} mm across, under the "
                f"{MIN_FLATS_MM:.0f} mm a pencil needs")
    return write_atomic(path, _bytes(scene, opts, fmt))


# --- rulebook and kit ----------------------------------------------------------------------------


def rulebook(game: str, opts: PrintOptions, output=None):
    """`lostprint rulebook`: the rulebook of a game as a PDF, or its pages as SVG or PNG files."""
    # lazy: jinja2 and the book model, only for a rulebook
    from lostprint.books.rulebook import RulebookOptions, build_rulebook, rulebook_scene

    check_output_path(output)
    plugin = resolve(game)
    book = RulebookOptions(paper=opts.paper, ink=opts.ink, lang=opts.lang)
    named = RulebookOptions(paper=opts.paper, ink=opts.ink, fmt=opts.fmt, dpi=opts.dpi, lang=opts.lang)  # a PNG's dpi in its name
    path, fmt = target(output, output_name(plugin.stem, "rulebook", named), opts.fmt or "pdf")
    module = part(plugin, "rulebook")
    built = build_rulebook(module, book) if fmt == "pdf" else rulebook_scene(module, book)
    return write_document(path, fmt, built, opts)


def kit(game: str, opts, output=None, counts_file: str | Path | None = None) -> Path:
    """`lostprint kit`: the print-and-play kit of a game (KitOptions: print options and cutting);
    a counts file changes the tile mix."""
    check_output_path(output)
    plugin = resolve(game)
    if not plugin.has("kit"):
        raise UsageError(f"only {', '.join(g.id for g in with_part('kit'))} has a print-and-play kit, not {game!r}")
    if counts_file is not None:
        opts = replace(opts, counts=part(plugin, "record").load_counts(counts_file))
    path, fmt = target(output, output_name(plugin.stem, "kit", opts), opts.fmt or "pdf")
    _pdf_only(fmt, "the kit", path)
    return write_atomic(path, _bytes(part(plugin, "kit").build_kit(opts), opts, "pdf"))


# --- journal -------------------------------------------------------------------------------------


def journal_pdf(path: str | Path, opts: PrintOptions, allow_any_map: bool = False, say: Say = _quiet) -> bytes:
    """The finished game of a save (or a Crows record) as PDF bytes; nothing is written."""
    return journal_build(path, opts, "pdf", allow_any_map, say)


def journal_build(path: str | Path, opts: PrintOptions, fmt: str, allow_any_map: bool = False, say: Say = _quiet):
    """The finished game of a save (or a Crows record): PDF bytes, or for SVG and PNG its pages as one
    multi-page Scene (laid out as in the PDF); nothing is written."""
    from lostprint.saves.validate import played_or_error, read_save  # lazy: the file readers and replay

    data, source = read_save(path)
    plugin = named(data.get("game") if isinstance(data, dict) else None)
    if plugin is not None and plugin.has("record"):
        records = part(plugin, "record")
        record, result = records.record_from_data(data, source)
        scene = records.build_record(record, result, opts.paper, opts.ink, translator(opts.lang))
        return _bytes(scene, opts, "pdf") if fmt == "pdf" else scene
    return played_journal(played_or_error(data, source, allow_any_map), opts, fmt, say)


def played_journal(played, opts: PrintOptions, fmt: str = "pdf", say: Say = _quiet):
    """A replayed game's journal: PDF bytes, or for SVG and PNG its pages as one multi-page Scene (`render`,
    and the editor's preview)."""
    from lostprint.books import journal  # lazy: the journal's pages and reportlab's page flow (~0.1 s)

    tr = translator(opts.lang)
    built = (journal.build_journal(played, opts.paper, opts.ink, tr) if fmt == "pdf"
             else journal.journal_scene(played, opts.paper, opts.ink, tr))
    warning = journal.font_warning(played)
    if warning:
        say(f"warning: {warning}")
    return built


def page_files(path: Path, fmt: str, scene, opts: PrintOptions) -> list[tuple[Path, bytes]]:
    """A document in SVG or PNG: one file a page, name-p1.png, name-p2.png... (numbered with as many
    digits as the last page has, so the files sort in page order); a one-page document keeps the name."""
    pages = scene.all_pages()
    if len(pages) == 1:
        return [(path, _bytes(scene, opts, fmt))]
    if str(path) in STDOUT_NAMES or is_special(path):
        raise UsageError(f"this document has {len(pages)} pages, one {fmt.upper()} file each: name a file "
                         f"or a folder, not {str(path)!r}")
    digits = len(str(len(pages)))
    options = {"dpi": opts.dpi} if fmt == "png" else {}
    return [(path.with_name(f"{path.stem}-p{i + 1:0{digits}d}{path.suffix}"), render(scene, fmt, page=i, **options))
            for i in range(len(pages))]


def write_document(path: Path, fmt: str, built, opts: PrintOptions):
    """Write PDF bytes to path, or a document's pages as SVG or PNG files beside it (all or none);
    the path written, or the list of pages' paths."""
    if fmt == "pdf":
        return write_atomic(path, built)
    written = write_together(page_files(path, fmt, built, opts))
    return written[0] if len(written) == 1 else written


def journal(save: str | Path, opts: PrintOptions, output=None, allow_any_map: bool = False,
            say: Say = _quiet):
    """`lostprint render`: check the save, build the PDF (or the pages as SVG or PNG), then write it
    (nothing written on error)."""
    check_output_path(output)
    path, fmt = target(output, output_name(Path(save).stem, "journal", opts), opts.fmt)
    return write_document(path, fmt, journal_build(save, opts, fmt, allow_any_map, say), opts)


# --- variant maps --------------------------------------------------------------------------------


def maps(game: str, seeds: Iterable[int], opts: PrintOptions, cols: int | None = None, rows: int | None = None,
         output=None, say: Say = _quiet) -> list[Path]:
    """`lostprint map`: for each seed, the map file and its printable, written together."""
    check_output_path(output)
    folder = folder_of(output)
    written: list[Path] = []
    for seed in seeds:
        files = variant_files(game, seed, cols, rows, opts, say=say)
        written += write_together([(inside(folder, name), data) for name, data in files])
    return written


# --- the command line's calls: one a command (lostprint.cli parses the flags and prints) -----------


def _simulate():
    """lostprint.app.simulate: the players, the rating and the executors (~50 ms), only to rate or simulate."""
    from lostprint.app import simulate
    return simulate


def game_lines() -> list[str]:
    """`lostprint games`: one line a game, its id, title, aliases and kind."""
    return [f"{g.id:<16} {g.title}" + (f" (alias {', '.join(g.aliases)})" if g.aliases else "") + f" \u2014 {g.kind}"
            for g in GAMES]


def game_names(part_name: str | None, start: str) -> list[str]:
    """The ids and aliases of the games that have a part (all games for None) that begin with `start`:
    a shell's completion of a GAME argument."""
    names = [name for g in GAMES if part_name is None or g.has(part_name) for name in (g.id, *g.aliases)]
    return [name for name in names if name.startswith(start)]


def check_language(lang: str) -> str:
    """The language code, checked while the flags are read: an unknown one is a UsageError."""
    translator(lang)
    return lang


def kit_options(paper: str, ink: str, tile: float, bleed: float, marks: str, shared: bool, backs: str, lang: str):
    """The kit family's one options value (the kit module's KitOptions)."""
    return part("crows", "kit").KitOptions(paper=paper, ink=ink, tile=tile, bleed=bleed, marks=marks, shared=shared,
                                           backs=backs, lang=lang)


def executor(jobs: int | None, kind: str = "local", scheduler: str | None = None):
    """Where games are played: local processes (`jobs` of them) or a Dask cluster at `scheduler`."""
    if kind != "dask" and scheduler:
        raise UsageError("--scheduler goes with --executor dask")
    return _simulate().Executor(kind, jobs, scheduler)


def variant_maps(game: str, seed: int, count: int, opts: PrintOptions, cols: int | None, rows: int | None,
                 output=None, difficulty: str | None = None, player: str = "careful", jobs: int | None = None,
                 kind: str = "local", scheduler: str | None = None, say: Say = _quiet, progress_bar=None) -> list[Path]:
    """`lostprint map`: COUNT variants from SEED, or (with a difficulty) the first COUNT that play in
    that band; `progress_bar(total, label)` is a context giving a step callback (or None)."""
    if difficulty is not None:
        if cols is not None or rows is not None:
            raise UsageError("--difficulty rates maps of the standard size: leave out --cols and --rows")
        with progress_bar(count, f"{resolve(game).id} {difficulty} maps") as step:
            return _simulate().difficulty_maps(game, difficulty, seed, count, opts, output, player,
                                               executor(jobs, kind, scheduler), say=say, progress=step)
    if kind != "local":
        raise UsageError("--executor dask rates maps: use it with --difficulty")
    if count > 1:
        with progress_bar(count, f"{resolve(game).id} maps") as step:
            return _simulate().maps_parallel(game, range(seed, seed + count), opts, cols, rows, output,
                                             executor(jobs), say=say, progress=step)
    return maps(game, [seed], opts, cols, rows, output, say=say)


def rerate_map(jobs: int | None = None):
    """`validate --rerate`: a function playing a map file's recorded rating again (on `jobs` processes)
    and checking its win rate and band still hold."""
    def rerate(path: str | Path) -> tuple[list[str], str]:
        return _simulate().rerate(path, executor(jobs))
    return rerate


def simulate_text(game: str, *, jobs: int | None = None, kind: str = "local", scheduler: str | None = None,
                  **how) -> str:
    """`lostprint simulate`: the rating (or the list of players) as the command prints it."""
    return _simulate().simulate_text(game, executor=lambda: executor(jobs, kind, scheduler), **how)


def rulebook_translated(plugin) -> bool:
    """Whether a game's rulebook prints in another language than English (its module says TRANSLATED)."""
    return getattr(part(plugin, "rulebook"), "TRANSLATED", False)


def language_lines() -> list[str]:
    """`lostprint languages`: each shipped language with how much of it is translated, then what is
    translated and what is English only for now."""
    lines = []
    for code in shipped():
        done, total = completeness(code)
        lines.append(f"{code}\t{100 * done // total}%")
    sheets = {g.title: getattr(sheet_module(g.id), "TRANSLATED", False) for g in with_part("sheet")}
    books = {g.title: rulebook_translated(g) for g in with_part("rulebook")}
    journals = [g.title for g in with_part("validator")]  # the games whose saves `render` makes journals of

    def of(kind: str, done: dict, translated: bool) -> list[str]:
        titles = [t for t, ok in done.items() if ok == translated]
        return [f"the {kind} of {', '.join(titles)}"] if titles else []

    said = ["the Crows kit, setup diagram and game record", *of("sheets", sheets, True),
            f"the journals of {', '.join(journals)}", *of("rulebooks", books, True)]
    return lines + ["translated: " + "; ".join(said),
                    "English only for now: " + ("; ".join(of("rulebooks", books, False) + of("sheets", sheets, False))
                                                or "none")]
