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


# --- more commands above this line ---


def main(argv: list[str] | None = None) -> int:
    """Entry point: user mistakes become one line on stderr and a non-zero exit, never a traceback."""
    try:
        cli.main(args=argv, prog_name="lostprint", standalone_mode=False)
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
