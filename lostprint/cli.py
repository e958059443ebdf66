"""The `lostprint` command: parse the flags into one options value, call lostprint.app (one call a
command), report. No loading, naming, drawing or writing here."""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import click

from lostprint import __version__
from lostprint.errors import LostprintError, interrupts_raise
from lostprint.geometry.paper import parse_length
from lostprint.options import FORMATS, INKS, PAPERS, SIDES, PrintOptions
from lostprint.paths import STDOUT_NAMES


def app():
    """lostprint.app.commands, imported when a command runs: `lostprint --help` loads none of it."""
    from lostprint.app import commands
    return commands


def checker():
    """lostprint.validate (validate, schema): it reads a file without the commands' sheets and renderers."""
    from lostprint import validate
    return validate


def servers():
    """lostprint.edit and lostprint.play, the local pages' commands (each serves until Ctrl-C)."""
    from lostprint import edit, play
    return edit, play


def complete_game(part: str | None = None):
    """Shell completion of a GAME argument: the ids and aliases of the games that have `part`."""

    def complete(ctx, param, incomplete: str):
        return app().game_names(part, incomplete)

    return complete


def game_argument(part: str | None = None):
    return click.argument("game", shell_complete=complete_game(part))


def paper_option(f):
    return click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="letter", show_default=True,
                        help="Paper size.")(f)


def ink_option(f):
    return click.option("--ink", type=click.Choice(INKS, case_sensitive=False), default="color", show_default=True,
                        help="color: light tints; mono: black, greys and patterns.")(f)


def format_option(f):
    return click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default=None,
                        help="File format [default: from the output name, else pdf].")(f)


def dpi_option(f):
    return click.option("--dpi", type=click.IntRange(30, 1200), default=200, show_default=True,
                        help="Resolution of PNG output.")(f)


def sides_option(f):
    return click.option("--sides", type=click.Choice(SIDES), default="2", show_default=True,
                        help="2: map and pieces on side 1, charts on side 2; 1: one page with everything; "
                             "ref: the reference side alone, a card to print once and keep.")(f)


def _language(ctx, param, lang: str) -> str:
    """An unknown language: one line, while the flags are read (before anything is built)."""
    return app().check_language(lang)


def lang_option(what: str):
    return click.option("--lang", default="en", show_default=True, callback=_language,
                        help=f"{what} (see: lostprint languages).")


def options_value(make, *flags):
    """A command family's one options value: the `flags` (click options) parsed into `make(**their
    values)` and handed to the command as `opts`; the flags' own values do not reach the command."""
    names = {p.name for flag in flags for p in flag(lambda: None).__click_params__}

    def decorate(f):
        @functools.wraps(f)
        def command(*args, **kwargs):
            values = {name: kwargs.pop(name) for name in names}
            return f(*args, opts=make(**values), **kwargs)

        for flag in reversed(flags):
            command = flag(command)
        return command
    return decorate


def print_options(*, landscape: bool = True, sides: bool = False, lang: str | None = None):
    """--paper, --ink, --format, --dpi (and --sides, --lang) as one PrintOptions: the value of the sheet,
    map, rulebook and render family."""
    def make(paper, ink, fmt, dpi, sides="2", lang="en"):
        return PrintOptions(paper=paper, ink=ink, landscape=landscape, fmt=fmt, dpi=dpi, sides=sides, lang=lang)
    flags = [paper_option, ink_option, format_option, dpi_option] + ([sides_option] if sides else []) \
        + ([lang_option(lang)] if lang else [])
    return options_value(make, *flags)


def _kit_options(paper, ink, tile_size, bleed, marks, gutter, backs, lang):
    lengths = {}
    for name, text in (("--tile-size", tile_size), ("--bleed", bleed)):
        try:
            lengths[name] = parse_length(text)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint=name) from None
    return app().kit_options(paper, ink, lengths["--tile-size"], lengths["--bleed"], marks, gutter == "0", backs, lang)


# the kit family's one value: print options and how the pieces are cut, as one KitOptions
kit_options = options_value(
    _kit_options, paper_option, ink_option,
    click.option("--tile-size", "tile_size", default="40mm", show_default=True,
                 help="Side of a map tile (25mm to 80mm; mm, cm, in or pt)."),
    click.option("--bleed", default="3mm", show_default=True, help="Bleed around every piece (0 to 6mm)."),
    click.option("--crop-marks", "marks", type=click.Choice(["none", "margin", "full"]), default="margin",
                 show_default=True, help="margin: marks outside the grid; full: also between pieces."),
    click.option("--gutter", type=click.Choice(["auto", "0"]), default="auto", show_default=True,
                 help="0: pieces touch, one shared cut line between neighbours (bleed only round each block)."),
    click.option("--backs", type=click.Choice(["full", "ink-saver"]), default="full", show_default=True,
                 help="ink-saver: light outline backs instead of full-bleed dark ones."),
    lang_option("The kit's language"))


def output_option(default_help: str):
    return click.option("-o", "--output", type=click.Path(), default=None,
                        help=f"Output file or folder [default: {default_help}].")


def report(path) -> None:
    """Name the file written (not when the file itself went to standard output)."""
    if str(path) not in STDOUT_NAMES:
        click.echo(path)


def jobs_option(f):
    return click.option("--jobs", "-j", type=click.IntRange(1, 1024), default=None,
                        help="Processes to run on [default: every core]; the output is the same for any number.")(f)


class _progress:
    """A progress bar on stderr, only when stderr is a terminal: `with _progress(n, label) as step:`
    gives a callback taking how many more units are done (None when there is no bar)."""

    def __init__(self, total: int, label: str):
        self.total, self.label, self.bar = total, label, None

    def __enter__(self):
        if not sys.stderr.isatty():
            return None
        self.bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_pos=True)
        self.bar.__enter__()
        return self.bar.update

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lostprint")
def cli():
    """Printables for 1572: The Lost Expedition, 1672: The Lost Crew, 1872: The Lost Crows and Crows.

    Every command writes into output/ unless told otherwise (-o).
    """


@cli.command()
def games():
    """List the games and their aliases."""
    for line in app().game_lines():
        click.echo(line)


@cli.command()
@game_argument("sheet")
@click.option("--map", "map_file", type=click.Path(), default=None,
              help="A map file (lostprint-map/1) to print instead of the standard map.")
@print_options(sides=True, lang="The printed words' language")
@output_option("output/<number>-<game>-sheet-<paper>[-mono].<format>")
def sheet(game, map_file, opts, output):
    """A blank player sheet for GAME (lost-expedition/1572, lost-crew/1672, lost-crows/1872)."""
    report(app().sheet(game, opts, map_file, output, say=_say))


@cli.command()
@output_option("output/")
@click.option("--quick", is_flag=True, help="Letter, colour PDFs only, and no rated variant maps.")
@jobs_option
@lang_option("The language: what is translated, the rest named and skipped")
def demo(output, quick, jobs, lang):
    """Write every printable of every game into a folder (output/ by default)."""
    from lostprint.app.demo import run_demo

    def log(message: str) -> None:  # progress is for a person watching, not for a log file
        if sys.stderr.isatty():
            click.echo(message, err=True)

    for path in run_demo(output, quick=quick, log=log, jobs=jobs, say=_say, lang=lang):
        click.echo(path)


def allow_any_map_option(f):
    return click.option("--allow-any-map", is_flag=True,
                        help="Let a save name a map file outside its own folder (by default a save's "
                             "map: must be in the save's folder or below).")(f)


@cli.command()
@click.argument("file", type=click.Path())
@allow_any_map_option
@click.option("--rerate", is_flag=True, help="On a map file: play its recorded rating again (same player and "
                                             "seeds) and check the win rate and band still hold.")
@jobs_option
def validate(file, allow_any_map, rerate, jobs):
    """Check a saved game or a map file (known by its `format`); list every problem."""
    problems, summary = checker().validate_file(file, allow_any_map, app().rerate_map(jobs) if rerate else None)
    for problem in problems:
        click.echo(f"lostprint: error: {problem}", err=True)
    if problems:
        raise click.exceptions.Exit(1)
    click.echo(summary)


@cli.command()
@click.argument("kind", type=click.Choice(["map", "save"]))
def schema(kind):
    """Print the JSON Schema of a file format: map or save."""
    click.echo(checker().schema_text(kind))


@cli.command()
@game_argument("rulebook")
@print_options(landscape=False, lang="The rulebook's language")
@output_option("output/<number>-<game>-rulebook-<paper>[-mono].<format>; SVG and PNG: one file a page, "
               "<name>-p01.<format>...")
def rulebook(game, opts, output):
    """The rulebook of GAME as a PDF, or its pages as SVG or PNG files (lost-expedition/1572,
    lost-crew/1672, lost-crows/1872, crows)."""
    written = app().rulebook(game, opts, output)
    for path in written if isinstance(written, list) else [written]:
        report(path)


@cli.command("map")
@game_argument("generator")
@click.option("--seed", type=click.IntRange(0, None), required=True, help="Seed of the (first) variant.")
@click.option("--count", type=click.IntRange(1, 100000), default=1, show_default=True,
              help="How many variants: seeds N, N+1, ... N+K-1.")
@click.option("--cols", type=int, default=None, help="Columns [default: as the standard map].")
@click.option("--rows", type=int, default=None, help="Rows [default: as the standard map].")
@print_options(lang="The sheets' language")
@output_option("output/")
@click.option("--difficulty", type=click.Choice(["easy", "normal", "hard"]), default=None,
              help="Keep drawing maps from --seed until COUNT of them play in this band (rated by the "
                   "careful player); each map file records its rating, its sheet prints it.")
@click.option("--player", default="careful", show_default=True, help="The player a --difficulty rating uses.")
@jobs_option
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where --difficulty ratings run: local processes or an existing Dask cluster (--scheduler).")
@click.option("--scheduler", default=None, help="The Dask scheduler's address, like tcp://10.0.0.5:8786.")
def map_command(game, seed, count, cols, rows, opts, output, difficulty, player, jobs, executor, scheduler):
    """Variant maps for GAME, checked for playability: for each seed, the map file (JSON) and its
    player sheet (for crows: a starting layout and its setup diagram)."""
    for path in app().variant_maps(game, seed, count, opts, cols, rows, output, difficulty, player, jobs, executor,
                                   scheduler, say=_say, progress_bar=_progress):
        click.echo(path)


@cli.command()
@click.argument("save", type=click.Path(path_type=Path))
@print_options(landscape=False, lang="The journal's language")
@output_option("output/<save name>-journal-<paper>[-mono].<format>; SVG and PNG: one file a page, "
               "<name>-p1.<format>, <name>-p2.<format>...")
@allow_any_map_option
def render(save, opts, output, allow_any_map):
    """A finished game as one PDF (or its pages as SVG or PNG files): the filled map and route, the
    score, the resource chart and the journal. SAVE is a lostprint-save/1 file (YAML or JSON)."""
    written = app().journal(save, opts, output, allow_any_map, say=_say)
    for path in written if isinstance(written, list) else [written]:
        report(path)


@cli.command()
@click.argument("save", type=click.Path(path_type=Path), required=False)
@click.option("--game", default=None, help="The game of a new save (1572, 1672 or 1872).")
@click.option("--map", "map_file", type=click.Path(), default=None, help="A new save's map file.")
@click.option("--seed", type=click.IntRange(0, None), default=None, help="A new save's variant map seed.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port on 127.0.0.1 [default: a free one].")
@click.option("--no-browser", is_flag=True, help="Print the page's address; do not open a browser.")
@allow_any_map_option
def edit(save, game, map_file, seed, port, no_browser, allow_any_map):
    """Copy a finished paper game into SAVE (new or existing) by clicking its map in the browser,
    with live validation. Serves one local page on 127.0.0.1 until Ctrl-C."""
    servers()[0].edit(save, game, map_file, seed, port, not no_browser, allow_any_map, say=click.echo)


@cli.command()
@game_argument()
@click.argument("save", type=click.Path(path_type=Path), required=False)
@click.option("--map", "map_file", type=click.Path(), default=None, help="A new game's map file.")
@click.option("--seed", type=click.IntRange(0, None), default=None, help="A new game's variant map seed.")
@click.option("--dice-seed", type=click.IntRange(0, None), default=None,
              help="Seed of the dice the page rolls for you [default: a new one, kept with the game].")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port on 127.0.0.1 [default: a free one].")
@click.option("--no-browser", is_flag=True, help="Print the page's address; do not open a browser.")
def play(game, save, map_file, seed, dice_seed, port, no_browser):
    """Play GAME at the table with the engine as referee: the page asks for each step's dice (typed,
    clicked or rolled for you) and decisions, and SAVE (new, or a game in play to resume) is
    rewritten after every step. Serves one local page on 127.0.0.1 until Ctrl-C."""
    servers()[1].play(game, save, map_file, seed, dice_seed, port, not no_browser, say=click.echo)


@cli.command()
@game_argument("kit")
@kit_options
@click.option("--counts", "counts_file", type=click.Path(path_type=Path), default=None,
              help="YAML/JSON {tile type: count}: the types listed get these counts, the others keep "
                   "the house mix.")
@output_option("output/crows-kit-<paper>[-mono][-<each option not at its default>].pdf")
def kit(game, opts, counts_file, output):
    """The print-and-play kit of GAME (crows): tiles, spell cards, tokens, reference cards, setup."""
    report(app().kit(game, opts, output, counts_file))


@cli.command()
@game_argument()
@click.option("--map", "map_file", type=click.Path(), default=None, help="Play this map file.")
@click.option("--seed", "map_seed", type=click.IntRange(0, None), default=None,
              help="Play the variant map of this seed [default: the standard map].")
@click.option("--games", type=click.IntRange(1, 100_000_000), default=1000, show_default=True,
              help="How many games (game seeds --first-game, --first-game + 1, ...).")
@click.option("--first-game", type=click.IntRange(0, None), default=0, show_default=True,
              help="The seed of the first game.")
@click.option("--player", default="careful", show_default=True,
              help="Who plays: careful or naive (--players lists them).")
@click.option("--players", "list_players", is_flag=True, help="List the players of GAME and what each does.")
@jobs_option
@click.option("--executor", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: processes on this machine; dask: an existing Dask cluster (--scheduler).")
@click.option("--scheduler", default=None, help="The Dask scheduler's address, like tcp://10.0.0.5:8786.")
@click.option("--house-rules", type=click.Choice(["on", "off"]), default="on", show_default=True,
              help="off: a balance report: the same games with each house rule switched to its neutral "
                   "stand-in, alone and all together, next to all of them in force (1872).")
@click.option("--json", "as_json", is_flag=True, help="The rating as JSON, for scripts.")
def simulate(game, map_file, map_seed, games, first_game, player, list_players, jobs, executor, scheduler,
             house_rules, as_json):
    """Play GAME many times with a simulated player and rate the map: win rate (95% interval), score
    quartiles, mean days, why games were lost. The same seeds give the same numbers anywhere."""
    click.echo(app().simulate_text(game, jobs=jobs, kind=executor, scheduler=scheduler, map_file=map_file,
                                   map_seed=map_seed, games=games, player=player, first_seed=first_game,
                                   list_players=list_players, house_rules=house_rules, as_json=as_json,
                                   progress_bar=_progress), nl=False)


# --- more commands above this line ---


def _say(message: str) -> None:
    click.echo(app().safe_message(f"lostprint: {message}"), err=True)


@cli.command()
def languages():
    """The languages printables come in, each with how much of it is translated."""
    for line in app().language_lines():
        click.echo(line)


def main(argv: list[str] | None = None) -> int:
    """Entry point: user mistakes become one line on stderr and a non-zero exit, never a traceback."""
    args = sys.argv[1:] if argv is None else list(argv)
    # as Click tools do: the usage, quietly, on stdout; but a shell asking for completion (which
    # calls with no arguments) goes on to Click
    if not args and "_LOSTPRINT_COMPLETE" not in os.environ:
        with click.Context(cli, info_name="lostprint", **cli.context_settings) as ctx:
            click.echo(ctx.get_help())
        return 0
    try:
        with interrupts_raise():
            code = cli.main(args=args, prog_name="lostprint", standalone_mode=False)
        if isinstance(code, int):  # a command's Exit(n), returned by click in this mode
            return code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:  # Click's word for Ctrl-C
        _say("interrupted")
        return 130
    except click.UsageError as exc:
        hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx else ""
        _say(f"error: {exc.format_message()}{hint}")
        return 2
    except click.ClickException as exc:
        _say(f"error: {exc.format_message()}")
        return exc.exit_code
    except LostprintError as exc:
        _say(f"error: {exc}")
        return exc.exit_code
    except BrokenPipeError:
        return 1
    except OSError as exc:  # standard output on a full disk (> /dev/full), a file the system refused
        _say(f"error: {app().os_error_line(exc)}")
        return 1
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP: temporary files are already gone
        _say("interrupted")
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
