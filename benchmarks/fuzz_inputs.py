"""Fuzz every command that reads a user file with mutated saves, maps, records and counts files.

Each of N files is a seeded mutation of a shipped example (a save of each Lost game cut to its first
FUZZ_DAYS days, the Crows record, the standard maps, a counts file): text mutations (cut, repeat or swap lines, insert odd
characters, aliases, brackets, huge numbers) and tree mutations (any value replaced by a value of
another shape, keys dropped or added, lists repeated). Each file goes through the commands that read
its kind (saves and records: validate, render; maps: validate, sheet --map; counts: kit --counts,
validate) in this process, through `lostprint.cli.main`; a traceback is any exception that escapes
main(). The output is written to a scratch folder and removed after each file.

    python benchmarks/fuzz_inputs.py [--count 10000] [--seed 12] [--builds 1.0] [--categories]

`--categories` runs the second set: each file carries values of one category in place of its own
(long strings, deep nesting, odd YAML scalars, huge numbers, unicode oddities), the files taking the
categories in turn.

`--builds P` runs the output commands (render, sheet, kit) in full on a file that validates clean
only with probability P (building a PDF is the slow part; the parsers and checkers run every time).
Exit status 1 when any traceback was seen; each is printed with the file that caused it.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ODD = ["\x00", "\x01", "\x1b[31m", "\ufffe", "\\ud800", "\u202e", "*a", "&a ", "<<: ", "!!python/object ", "{", "}",
       "[", "]", "- ", ": ", '"', "'", "#", "\t", "\n", "\r", "---\n", "~", "9" * 4400, "1e999", "-1", "0x1F",
       "&x [*x]", "?", "%YAML 1.1\n", "@", "`", ",", "\\", "é", "\U0001F600", " " * 50]
VALUES = [None, True, False, 0, -1, 3, 7, 2 ** 63, 2 ** 200, 1.5, float("inf"), "", "x" * 2000, "ZZZZZZ99999",
          "A1", "B0", "standard", "../x.json", "/dev/zero", [], {}, [[[[]]]], {"a": {"b": {"c": 1}}}, [1, 2, 3],
          ["A1", "A1"], {"seed": 5}, {"type": {"a": 1}}, "lost-expedition", "crows", "lostprint-map/1",
          "lostprint-save/1", "\u0001", "\ud800"]


# the second set: one category of hostile value at a time, put in place of values of the file
CATEGORIES = {
    "long-string": ["W" * 201, "W" * 5_000, "W" * 100_000, "lorem ipsum " * 30_000, "\u00e9" * 40_001,
                    "x" * 1025 + ": y", "- " * 3000],
    "deep-nesting": ["[" * 63 + "]" * 63, "[" * 64 + "]" * 64, "[" * 65 + "]" * 65, "{a: " * 63 + "1" + "}" * 63,
                     "{a: " * 65 + "1" + "}" * 65, "[" * 2_000 + "]" * 2_000, "[" * 12 + "]" * 12],
    "odd-scalar": ["1:30", "0o17", "1e5", "2023-02-29", "12:30:45", "017", "0x1F", "1_000", "+12", "1.50", ".inf",
                   "-.inf", ".nan", "yes", "no", "on", "off", "y", "~", "null", "2023-02-28 10:00:00", "0b101",
                   "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!!timestamp 2023-01-01", "!foo bar",
                   "!!float 1", "!!int 0x", "!!str 12", "? [a]", "&k title", "<<", "'it''s'", '"\\x41\\u00e9"',
                   "|\n  block", ">-\n  folded", "!!null ''", "=", "- - -"],
    "huge-number": ["1e308", "1e309", "-1e400", "9" * 100, "9" * 101, str(10 ** 99), str(2 ** 63), "-0", "-0.0",
                    "100000000", "1e8", "1e99", "4.9e-324", "0.1e-400", "123456789012345678901234567890.5"],
    "unicode": ["Z" + "\u0301" * 10_000, "\u202eevil\u202c", "a\u200db", "a\ufeffb", "a\u2028b", "a\u2029b",
                "a\u0085b", "\ufdd0", "\ue000", "\U0001F469\u200d\U0001F469\u200d\U0001F467", "\uff11\uff12",
                "\u0663", "\u00b2", "\u0000", "\u001b[2J", '"\\ud800"', "\ud83d", "\u0627\u0644\u0639\u0631\u0628",
                "\u05e9\u05dc\u05d5\u05dd" * 50, "\u4e2d\u6587" * 3000, "\u0e01\u0e34\u0e4a" * 100, "\t\t"],
}
# a value in the text: after "key: " on a line, or an item of a flow list or mapping
_SPOT = re.compile(r"(?m)(?<=: )[^\n{}\[\],]+|(?<=\[)[^\n\[\],]+|(?<=, )[^\n\[\],{}]+")


# a text field's value (title, player, journal, a name, a date): where a clean file builds a PDF
_TEXT_SPOT = re.compile(r"(?m)\b(?:title|player|journal|name|date): ([^\n{}\[\],]+)")


def category_mutation(rng: random.Random, text: str, category: str) -> str:
    """One value of the file replaced by a value of the category, as YAML text: half of the time a
    text field's (the file may still be valid, and its PDF is built), else any value's."""
    value = rng.choice(CATEGORIES[category])
    spots = [(m.start(1), m.end(1)) for m in _TEXT_SPOT.finditer(text)] if rng.random() < 0.5 else []
    spots = spots or [m.span() for m in _SPOT.finditer(text)]
    if not spots:
        return text + f"\nextra: {value}\n"
    start, end = rng.choice(spots)
    return text[:start] + value + text[end:]


def category_mutated(rng: random.Random, kind: str, path: Path | None, bases: dict, category: str
                     ) -> tuple[str, str]:
    """(file text, extension): a file with one to three values of one category, as YAML (a JSON map
    is written as YAML first: the one reader reads both)."""
    text = bases[(kind, path)]
    if path is not None and path.suffix == ".json":
        import yaml

        text = yaml.dump(json.loads(text), Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False,
                         default_flow_style=None, width=100)
    for _ in range(rng.choice([1, 1, 2, 3])):
        text = category_mutation(rng, text, category)
    return text, "yaml"


def sources() -> list[tuple[str, Path]]:
    ex, maps = ROOT / "examples", ROOT / "assets" / "maps"
    out = [("save", p) for p in sorted(ex.glob("1[568]72-*.yaml"))]
    out += [("record", ex / "crows-3p.yaml")]
    out += [("map", p) for p in sorted(maps.glob("*.json"))]
    return out


COUNTS = "barrens: 18\ntrees-1: 9\ngem-cave: 6\nley-line: 6\n"


def text_mutation(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    op = rng.randrange(8)
    if op == 0 and len(lines) > 2:  # cut a span of lines
        i = rng.randrange(len(lines))
        del lines[i:i + rng.randint(1, 6)]
    elif op == 1:  # repeat a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif op == 2 and len(lines) > 2:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:  # an odd token somewhere
        i = rng.randrange(len(lines))
        k = rng.randint(0, len(lines[i]))
        lines[i] = lines[i][:k] + rng.choice(ODD) + lines[i][k:]
    elif op == 4:  # a number made huge, negative or decimal
        import re

        i = rng.randrange(len(lines))
        lines[i] = re.sub(r"\d+", lambda m: rng.choice(["9" * 4400, "-" + m.group(0), m.group(0) + ".5", "0"]),
                          lines[i], count=1)
    elif op == 5:  # truncate
        return text[:rng.randrange(max(1, len(text)))]
    elif op == 6:  # a bracket run
        i = rng.randrange(len(lines))
        n = rng.choice([10, 70, 300, 5000])
        lines[i] += " " + "[" * n + "]" * rng.choice([0, n])
    else:  # an alias bomb on top
        lines = [f"z0: &z0 [{', '.join(['x'] * 9)}]"] + [
            f"z{i}: &z{i} [{', '.join([f'*z{i - 1}'] * 9)}]" for i in range(1, 9)] + lines
    return "\n".join(lines)


def paths_of(node, prefix=(), seen=None):
    """Every path into the tree, each shared (aliased) container entered once: a tree read from an
    alias bomb must not be expanded here either."""
    seen = set() if seen is None else seen
    yield prefix
    if isinstance(node, (dict, list)):
        if id(node) in seen or len(seen) > 20_000:
            return
        seen.add(id(node))
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            yield from paths_of(v, prefix + (k,), seen)


def tree_mutation(rng: random.Random, data):
    import copy

    data = copy.deepcopy(data)
    all_paths = [p for p in paths_of(data) if p]
    if not all_paths:
        return rng.choice(VALUES)
    path = rng.choice(all_paths)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    op = rng.randrange(4)
    if op == 0:
        parent[last] = rng.choice(VALUES)
    elif op == 1:
        del parent[last]
    elif op == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "title", 3, "days", "hexes", "<<"])] = rng.choice(VALUES)
    elif isinstance(parent, list):  # repeat an item: a scalar many times, a subtree a few
        many = not isinstance(parent[last], (dict, list))
        parent.extend([parent[last]] * rng.choice([1, 5, 500] if many else [1, 2, 5]))
    else:
        parent[last] = [parent[last]] * 3
    return data


MAX_FUZZ_TEXT = 3_000_000
FUZZ_DAYS = 6  # a save is fuzzed from its first days: a shorter replay, every field still there


def base_text(kind: str, path: Path | None) -> str:
    """The unmutated file: counts, a map or record as shipped, a save cut to its first days."""
    if kind == "counts":
        return COUNTS
    text = path.read_text(encoding="utf-8")
    if kind != "save":
        return text
    import yaml

    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    data["days"] = data["days"][:FUZZ_DAYS]
    data.pop("outcome", None)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def mutated(rng: random.Random, kind: str, path: Path | None, bases: dict) -> tuple[str, str]:
    """(file text, extension)."""
    text = bases[(kind, path)]
    ext = "json" if path is not None and path.suffix == ".json" else "yaml"
    for _ in range(rng.choice([1, 1, 2, 3])):
        if rng.random() < 0.5:
            text = text_mutation(rng, text)
        else:
            try:
                import yaml

                data = json.loads(text) if ext == "json" else yaml.load(text, Loader=yaml.CSafeLoader)
                data = tree_mutation(rng, data)
                text = (json.dumps(data, ensure_ascii=rng.random() < 0.5) if ext == "json"
                        else yaml.dump(data, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False))
            except Exception:  # the text no longer parses: mutate it as text
                text = text_mutation(rng, text)
        if len(text) > MAX_FUZZ_TEXT:  # already far over every limit: mutating further only costs time
            break
    return text, ext


def commands(kind: str, file: Path, out: Path, game: str) -> list[list[str]]:
    if kind in ("save", "record"):
        return [["validate", str(file)], ["render", str(file), "-o", str(out / "x.pdf")]]
    if kind == "map":
        return [["validate", str(file)], ["sheet", game, "--map", str(file), "-o", str(out / "x.pdf")]]
    return [["kit", "crows", "--counts", str(file), "-o", str(out / "x.pdf")], ["validate", str(file)]]


def run(argv: list[str]) -> tuple[int | None, str]:
    from lostprint.cli import main

    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            return main(argv), err.getvalue()
    except BaseException:  # noqa: BLE001 - anything escaping main() is what we hunt
        return None, traceback.format_exc()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--builds", type=float, default=1.0)
    ap.add_argument("--categories", action="store_true",
                    help="the second set: each file carries values of one category (long strings, deep "
                         "nesting, odd YAML scalars, huge numbers, unicode oddities)")
    args = ap.parse_args()

    import resource

    limit = 3_000_000_000  # a fuzz case that runs away must end in MemoryError, not take the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    rng = random.Random(args.seed)
    kinds = sources() + [("counts", None)] * 2
    bases = {(kind, path): base_text(kind, path) for kind, path in kinds}
    scratch = Path(tempfile.mkdtemp(prefix="lostprint-fuzz-"))
    tracebacks, runs, built = [], 0, 0
    started = time.process_time()
    try:
        for n in range(args.count):
            kind, source = rng.choice(kinds)
            if args.categories:
                text, ext = category_mutated(rng, kind, source, bases, sorted(CATEGORIES)[n % len(CATEGORIES)])
            else:
                text, ext = mutated(rng, kind, source, bases)
            folder = scratch / f"f{n}"
            folder.mkdir()
            file = folder / f"case.{ext}"
            file.write_text(text, encoding="utf-8", errors="surrogatepass")
            game = {"lost-crew": "1672", "lost-crows": "1872"}.get(source.stem if source else "", "1572")
            out = folder / "out"
            for argv in commands(kind, file, out, game):
                if argv[0] != "validate" and rng.random() >= args.builds:
                    code, _ = run(["validate", str(file)])
                    if code == 0:
                        continue  # a clean file whose PDF this run skips (see --builds)
                code, err = run(argv)
                runs += 1
                built += code == 0 and argv[0] != "validate"
                if code is None or "Traceback" in err:
                    tracebacks.append((n, kind, argv[0], file, err))
                    print(f"TRACEBACK file {n} ({kind}, {argv[0]}): {file}\n{err}", file=sys.stderr)
                    shutil.copy(file, scratch / f"crash-{n}.{ext}")
            shutil.rmtree(folder)
            if (n + 1) % 100 == 0:
                print(f"{n + 1} files, {runs} runs, {len(tracebacks)} tracebacks, "
                      f"{time.process_time() - started:.0f} s CPU", flush=True)
    finally:
        if not tracebacks:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"fuzz: {args.count} files (seed {args.seed}), {runs} command runs, {built} outputs built, "
          f"{len(tracebacks)} tracebacks, {time.process_time() - started:.0f} s CPU")
    return 1 if tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
