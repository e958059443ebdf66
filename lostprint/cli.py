"""The `lostprint` command: parse, call one function, report. No drawing and no rules here."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from lostprint import __version__
from lostprint.errors import LostprintError

PAPERS = ("letter", "a4")
INKS = ("color", "mono")
FORMATS = ("pdf", "svg", "png")


def paper_option(f):
    return click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True,
                        help="Paper size.")(f)


def ink_option(f):
    return click.option("--ink", type=click.Choice(INKS), default="color", show_default=True,
                        help="color: light tints; mono: black, greys and patterns.")(f)


def format_option(f):
    return click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
                        help="File format [default: from the output name, else pdf].")(f)


def dpi_option(f):
    return click.option("--dpi", type=click.IntRange(30, 1200), default=200, show_default=True,
                        help="Resolution of PNG output.")(f)


def output_option(default_help: str):
    return click.option("-o", "--output", type=click.Path(), default=None,
                        help=f"Output file or folder [default: {default_help}].")


def resolve_output(output, default_name: str, fmt: str | None):
    """Where to write (a Path) and in which format: a folder gets the default name; a file name's
    suffix gives the format unless --format says otherwise."""
    from pathlib import Path

    if output is None:
        output = Path("output")
    text = str(output)
    output = Path(output)
    if output.is_dir() or text.endswith(("/", "\\")) or output.suffix == "":
        fmt = fmt or "pdf"
        return output / f"{default_name}.{fmt}", fmt
    suffix = output.suffix.lstrip(".").lower()
    if fmt is None:
        if suffix not in FORMATS:
            raise click.UsageError(f"cannot tell the format from {output.name!r}: use --format pdf|svg|png")
        fmt = suffix
    return output, fmt


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lostprint")
def cli():
    """Printables for 1572: The Lost Expedition, 1672: The Lost Crew, 1872: The Lost Crows and Crows.

    Every command writes into output/ unless told otherwise (-o).
    """


@cli.command()
def games():
    """List the games and their aliases."""
    from lostprint.games import GAMES

    for g in GAMES:
        alias = f" (alias {', '.join(g.aliases)})" if g.aliases else ""
        click.echo(f"{g.id:<16} {g.title}{alias} \u2014 {g.kind}")


@cli.command()
@click.argument("game")
@click.option("--map", "map_file", type=click.Path(), default=None,
              help="A map file (lostprint-map/1) to print instead of the standard map.")
@paper_option
@ink_option
@format_option
@dpi_option
@output_option("output/<number>-<game>-sheet-<paper>[-mono].<format>")
def sheet(game, map_file, paper, ink, fmt, dpi, output):
    """A blank player sheet for GAME (lost-expedition/1572, lost-crew/1672, lost-crows/1872)."""
    from lostprint.games import resolve
    from lostprint.sheets import build_sheet
    from lostprint.sheets.common import SheetOptions
    from lostprint.render import write

    info = resolve(game)
    game_map = None
    if map_file is not None:
        from lostprint.maps.model import load_map

        game_map = load_map(map_file)
    name = f"{info.number}-{info.id}-sheet-{paper}" + ("-mono" if ink == "mono" else "")
    if game_map is not None and game_map.name != "standard":
        name += f"-{game_map.name}"
    path, fmt = resolve_output(output, name, fmt)
    scene = build_sheet(info.id, game_map, SheetOptions(paper=paper, ink=ink))
    click.echo(write(scene, path, fmt, dpi=dpi))


@cli.command()
@output_option("output/")
@click.option("--quick", is_flag=True, help="Letter, colour PDFs only.")
def demo(output, quick):
    """Write every printable of every game into a folder (output/ by default)."""
    from pathlib import Path

    from lostprint.demo import run_demo

    out = Path(output or "output")
    for path in run_demo(out, quick=quick, log=lambda msg: click.echo(msg, err=True)):
        click.echo(path)


@cli.command()
@click.argument("file", type=click.Path())
def validate(file):
    """Check a saved game or a map file (known by its `format`); list every problem."""
    from lostprint.validate import validate_file

    problems, summary = validate_file(file)
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        raise click.exceptions.Exit(1)
    click.echo(summary)


@cli.command()
@click.argument("kind", type=click.Choice(["map", "save"]))
def schema(kind):
    """Print the JSON Schema of a file format: map or save."""
    import json

    if kind == "map":
        from lostprint.maps.schema import map_schema as make
    else:
        from lostprint.saves.schema import save_schema as make
    click.echo(json.dumps(make(), indent=2, ensure_ascii=False))


@cli.command()
@click.argument("game")
@paper_option
@ink_option
@output_option("output/<number>-<game>-rulebook-<paper>[-mono].pdf")
def rulebook(game, paper, ink, output):
    """The rulebook of GAME as a PDF (lost-expedition/1572, lost-crew/1672, lost-crows/1872, crows)."""
    from lostprint.books.rulebook import RulebookOptions, build_rulebook, rulebook_name
    from lostprint.games import resolve
    from lostprint.render import write_atomic

    info = resolve(game)
    opts = RulebookOptions(paper=paper, ink=ink)
    path, _ = resolve_output(output, rulebook_name(info, opts), "pdf")
    if path.suffix.lower() != ".pdf":
        raise click.UsageError(f"a rulebook is a PDF: {path.name!r} should end in .pdf")
    click.echo(write_atomic(path, build_rulebook(info.id, opts)))


@cli.command("map")
@click.argument("game")
@click.option("--seed", type=click.IntRange(0, None), required=True, help="Seed of the (first) variant.")
@click.option("--count", type=click.IntRange(1, 100000), default=1, show_default=True,
              help="How many variants: seeds N, N+1, ... N+K-1.")
@click.option("--cols", type=int, default=None, help="Columns [default: as the standard map].")
@click.option("--rows", type=int, default=None, help="Rows [default: as the standard map].")
@paper_option
@ink_option
@format_option
@dpi_option
@output_option("output/")
def map_command(game, seed, count, cols, rows, paper, ink, fmt, dpi, output):
    """Variant maps for GAME, checked for playability: for each seed, the map file (JSON) and its
    player sheet (for crows: a starting layout and its setup diagram)."""
    from lostprint.games import resolve
    from lostprint.maps.variants import variant_files
    from lostprint.render import write_atomic
    from lostprint.sheets.common import SheetOptions

    info = resolve(game)
    out = Path(output or "output")
    if out.exists() and not out.is_dir():
        raise click.UsageError(f"{out} is a file: -o takes a folder for the map files and sheets")
    opts = SheetOptions(paper=paper, ink=ink)

    def one(s: int) -> list[Path]:
        files = variant_files(info.id, s, cols, rows, opts, fmt or "pdf", dpi,
                              warn=lambda msg: click.echo(f"lostprint: warning: {msg}", err=True))
        return [write_atomic(out / f.name, f.data) for f in files]

    if count == 1:
        for path in one(seed):
            click.echo(path)
        return
    written: list[Path] = []
    with click.progressbar(range(seed, seed + count), label=f"{info.id} maps", file=sys.stderr,
                           show_pos=True) as seeds:
        for s in seeds:
            written += one(s)
    for path in written:
        click.echo(path)


@cli.command()
@click.argument("save", type=click.Path(path_type=Path))
@paper_option
@ink_option
@output_option("output/<save name>-journal-<paper>[-mono].pdf")
def render(save, paper, ink, output):
    """A finished game as one PDF: the filled map and route, the score, the resource chart and the
    journal. SAVE is a lostprint-save/1 file (YAML or JSON)."""
    from lostprint.books.journal import render_command

    click.echo(render_command(save, output, paper, ink, resolve_output))


@cli.command()
@click.argument("game")
@paper_option
@ink_option
@click.option("--tile-size", "tile_size", default="40mm", show_default=True,
              help="Side of a map tile (25mm to 80mm; mm, cm, in or pt).")
@click.option("--bleed", default="3mm", show_default=True, help="Bleed around every piece (0 to 6mm).")
@click.option("--crop-marks", "marks", type=click.Choice(["none", "margin", "full"]), default="margin",
              show_default=True, help="margin: marks outside the grid; full: also between pieces.")
@click.option("--counts", "counts_file", type=click.Path(path_type=Path), default=None,
              help="YAML/JSON {tile type: count} to print instead of the house tile mix.")
@output_option("output/crows-kit-<paper>[-mono].pdf")
def kit(game, paper, ink, tile_size, bleed, marks, counts_file, output):
    """The print-and-play kit of GAME (crows): tiles, spell cards, tokens, reference cards, setup."""
    from lostprint.crows.kit import KitOptions, kit_name, write_kit
    from lostprint.games import resolve
    from lostprint.geometry.paper import parse_length

    if resolve(game).id != "crows":
        raise click.UsageError(f"only crows has a print-and-play kit, not {game!r}")
    lengths = {}
    for name, text in (("--tile-size", tile_size), ("--bleed", bleed)):
        try:
            lengths[name] = parse_length(text)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=name) from None
    counts = None
    if counts_file is not None:
        from lostprint.crows.record import load_counts

        counts = load_counts(counts_file)
    opts = KitOptions(paper=paper, ink=ink, tile=lengths["--tile-size"], bleed=lengths["--bleed"], marks=marks,
                      **({"counts": counts} if counts else {}))
    path, fmt = resolve_output(output, kit_name(opts), "pdf")
    if path.suffix.lower() != ".pdf":
        raise click.UsageError(f"the kit is a PDF: name the output *.pdf, not {path.name!r}")
    click.echo(write_kit(opts, path))


# --- more commands above this line ---


def main(argv: list[str] | None = None) -> int:
    """Entry point: user mistakes become one line on stderr and a non-zero exit, never a traceback."""
    try:
        code = cli.main(args=argv, prog_name="lostprint", standalone_mode=False)
        if isinstance(code, int):  # a command's Exit(n), returned by click in this mode
            return code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("lostprint: aborted", err=True)
        return 1
    except click.UsageError as exc:
        hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx else ""
        click.echo(f"lostprint: error: {exc.format_message()}{hint}", err=True)
        return 2
    except click.ClickException as exc:
        click.echo(f"lostprint: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except LostprintError as exc:
        click.echo(f"lostprint: error: {exc}", err=True)
        return exc.exit_code
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
