"""The one naming of every file lostprint writes, and where a command's output goes.

    <subject>-<kind>[-<seed>][-<cols>x<rows>][-<label>][-<paper>][-mono].<ext>

subject: the game (`1572-lost-expedition`, `crows`) or, for a journal, the save file's name;
kind: sheet, map, layout, rulebook, kit, journal; label: the name of a map printed on a sheet.
A Crows record's PDF is a journal like any other (`crows-3p-journal-letter.pdf`), from `render` and
`demo` alike. Every part that comes from a user's file (a save's file name, a map's name) is cut to a
slug of [a-z0-9-] of at most SLUG_LIMIT characters, and the final path must stay in its folder.
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

from lostprint.app.output import in_message
from lostprint.errors import LostprintError, UsageError
from lostprint.geometry.paper import MM
from lostprint.options import FORMATS, PrintOptions
from lostprint.paths import STDOUT_NAMES, is_special

SLUG_LIMIT = 40
DEFAULT_FOLDER = Path("output")


def slug(text: object, limit: int = SLUG_LIMIT) -> str:
    """'Variant #3 / ../../x' -> 'variant-3-x': lower-case letters, digits and single dashes."""
    out = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    out = out[:limit].rstrip("-")
    return out or "unnamed"


def output_name(subject: str, kind: str, opts: PrintOptions | None = None, *, seed: int | None = None,
                size: tuple[int, int] | None = None, label: str | None = None) -> str:
    """A file name without its extension (see the module's docstring); no paper or ink without opts."""
    parts = [slug(subject, 2 * SLUG_LIMIT), slug(kind)]
    if seed is not None:
        parts.append(str(int(seed)))
    if size is not None:
        parts.append(f"{int(size[0])}x{int(size[1])}")
    if label:
        parts.append(slug(label))
    if opts is not None:
        parts.append(opts.paper)
        if opts.ink == "mono":
            parts.append("mono")
        parts += option_parts(opts)
    return "-".join(parts)


def _mm(points: float) -> str:
    return f"{round(points / MM, 2):g}mm"


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode("utf-8")).hexdigest()[:8]


# How each option beyond paper and ink shows in a name when it is not its default: two files made
# with different options never share a name (and one never replaces the other)
OPTION_PARTS = {
    "tile": lambda v: f"tile-{_mm(v)}",
    "bleed": lambda v: f"bleed-{_mm(v)}",
    "marks": lambda v: f"marks-{v}",
    "shared": lambda v: "gutter-0",
    "backs": lambda v: str(v),
    "counts": lambda v: f"counts-{_digest(v)}",
    "sides": lambda v: {"1": "one-page", "ref": "reference-card"}[v],
    "lang": lambda v: v.replace("_", "-"),  # a translated printable: its language code, "de", "pt-BR"
}
UNNAMED_OPTIONS = {"paper", "ink", "landscape", "fmt", "dpi"}  # named above, by the extension, or below


def option_parts(opts: PrintOptions) -> list[str]:
    """The name parts of every option that is not its default (a PNG's dpi included)."""
    parts = []
    if opts.fmt == "png" and opts.dpi != PrintOptions.dpi:
        parts.append(f"{opts.dpi}dpi")
    for field in dataclasses.fields(opts):
        if field.name in UNNAMED_OPTIONS:
            continue
        value = getattr(opts, field.name)
        if value != field.default:
            parts.append(OPTION_PARTS[field.name](value))  # a KeyError here: a new option needs a name part
    return parts


def inside(folder: Path, name: str) -> Path:
    """folder/name, refused when it would land anywhere but directly in folder."""
    path = Path(folder) / name
    if Path(name).name != name or path.resolve().parent != Path(folder).resolve():
        raise LostprintError(f"{name!r}: an output name must stay inside {folder}")
    return path


def target(output: str | Path | None, name: str, fmt: str | None) -> tuple[Path, str]:
    """Where to write and in which format. No -o: output/<name>.<fmt>. A folder (existing, or
    written with a trailing slash): the folder/<name>.<fmt>. A file name: its suffix is the format,
    and --format must agree with it. "-" is standard output; an existing device (/dev/null) is
    written straight through."""
    text = str(DEFAULT_FOLDER) + "/" if output is None else str(output)
    if text in STDOUT_NAMES or is_special(Path(text)):
        return Path(text), fmt or "pdf"
    path = Path(text)
    if path.is_dir() or text.endswith(("/", "\\")):
        fmt = fmt or "pdf"
        return inside(path, f"{name}.{fmt}"), fmt
    suffix = path.suffix.lstrip(".").lower()
    if suffix not in FORMATS:
        raise UsageError(f"cannot tell the format from {_quoted(path.name)}: name a file *.pdf, "
                         f"*.svg or *.png, a folder with a trailing slash, or - for standard output")
    if fmt is not None and fmt != suffix:
        raise UsageError(f"the output is {fmt.upper()} but its name {_quoted(path.name)} ends in "
                         f".{suffix}: make them agree")
    return path, suffix


def _quoted(value) -> str:
    return in_message(value, 60, quoted=True)


def folder_of(output: str | Path | None) -> Path:
    """The folder a many-file command (map, demo) writes into; refused when -o names a file, standard
    output, or a new name ending like a file (x.pdf: write x.pdf/ for a folder of that name)."""
    folder = DEFAULT_FOLDER if output is None else Path(output)
    text = str(output) if output is not None else ""
    if text in STDOUT_NAMES:
        raise UsageError("-o -: this command writes several files, not one stream: name a folder")
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{_quoted(str(folder))} is a file: -o takes a folder here")
    ends_like_a_file = folder.suffix.lstrip(".").lower() in (*FORMATS, "json", "yaml", "yml")
    if not folder.exists() and ends_like_a_file and not text.endswith(("/", "\\")):
        raise UsageError(f"-o {_quoted(folder.name)}: this command writes several files into a folder; "
                         f"for a folder of that name write {_quoted(folder.name + '/')}")
    return folder
