"""Every command the README and the documentation show is run, and every output they quote is compared.

The rules a page follows (docs/dev/docs.md says the same for writers):
- A fenced `sh` block is commands, one a line, run in order in a scratch folder of the page's own (with a
  copy of examples/); each must exit 0. A `# comment` after a command is for the reader, except:
  `# fails: TEXT`: the command must exit non-zero and say TEXT on stderr;
  `# runs until Ctrl-C` (then anything): it is started, must print a first line, and is stopped with
  Ctrl-C; `lostprint edit` and `lostprint play` must say so.
- A file a command's `# comment` names in a folder (`# output/x.pdf`) must be there once it has run.
- A fenced `console` block is `$ command` lines, each followed by exactly what it prints (its stdout; its
  stderr when it fails). A line `...` ends the comparison: the output starts with the lines before it.
- Set-up commands are not run here, but checked against what CI runs: making the virtual environment,
  `pip install` (of an extra that exists; the command after `&&` is run), `apt-get install` (packages
  .ci/run installs), `python -m pytest` (the suite itself; the README's is CI's), `mkdocs` (.ci/run
  builds the site; run here under -m slow).
- Long commands (SLOW below) run only under `-m slow`.
"""
from __future__ import annotations

import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT, run_cli, sigint_default

DOCS = ROOT / "docs"
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")

# Commands that take minutes: run only under -m slow (exactly as the pages write them)
SLOW = {
    "lostprint demo",
    "lostprint simulate 1872 --house-rules off",
    "lostprint simulate 1872 --house-rules off --player naive --games 400",
    "lostprint simulate 1572 --games 4000",
    "lostprint simulate 1672 --games 4000",
    "lostprint simulate 1872 --games 2000",
    "lostprint simulate 1572 --games 1000 --player naive",
    "lostprint simulate 1672 --games 1000 --player naive",
    "lostprint simulate 1872 --games 1000 --player naive",
    "lostprint map 1572 --difficulty easy --seed 3 --count 1 -o rated/",
    "lostprint validate --rerate rated/1572-lost-expedition-map-3-easy.json",
    "lostprint map 1572 --difficulty easy --seed 1 --count 3",
    "mkdocs build -d site",
}


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def page_id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# --- reading the pages ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Block:
    lang: str
    line: int  # of the first line inside the fence, counted from 1
    lines: tuple[str, ...]


def fenced_blocks(text: str) -> list[Block]:
    """Every fenced block, also when indented (in a list item)."""
    blocks, open_at, lang, indent, body = [], None, "", 0, []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if open_at is None:
            if stripped.startswith("```"):
                open_at, lang, indent, body = number + 1, stripped[3:].strip(), len(line) - len(stripped), []
        elif stripped.startswith("```"):
            blocks.append(Block(lang, open_at, tuple(body)))
            open_at = None
        else:
            body.append(line[indent:] if line[:indent].strip() == "" else line)
    return blocks


def split_comment(line: str) -> tuple[str, str]:
    """('lostprint x', 'note') from 'lostprint x   # note': a # after a space, outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] == " "):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


@dataclass(frozen=True)
class Command:
    line: int
    text: str
    comment: str
    expected: tuple[str, ...] | None = None  # a console block's quoted output
    prefix_only: bool = False


def commands_of(text: str) -> list[Command]:
    found = []
    for block in fenced_blocks(text):
        if block.lang in ("sh", "shell", "bash"):
            for offset, raw in enumerate(block.lines):
                command, comment = split_comment(raw)
                if command.strip():
                    found.append(Command(block.line + offset, command.strip(), comment))
        elif block.lang == "console":
            current, output = None, []
            for offset, raw in enumerate(block.lines + ("$ ",)):
                if raw.startswith("$ "):
                    if current is not None:
                        cut = "..." in [o.strip() for o in output]
                        kept = output[:[o.strip() for o in output].index("...")] if cut else output
                        found.append(Command(current[0], current[1], current[2], tuple(kept), cut))
                    command, comment = split_comment(raw[2:])
                    current, output = (block.line + offset, command.strip(), comment), []
                else:
                    output.append(raw.rstrip())
    return found


# --- set-up commands, checked against CI ----------------------------------------------------------

def extras() -> set[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project.get("optional-dependencies", {}))


def ci_packages() -> set[str]:
    listed = set()
    for match in re.finditer(r"^PACKAGES=\(([^)]*)\)", CI, re.MULTILINE):
        listed |= set(match.group(1).split())
    return listed


def setup_rest(command: str) -> str | None:
    """For a set-up command: checks it against CI and returns what after `&&` is to be run ("" when
    nothing); None when the command is not a set-up command."""
    parts = [p.strip() for p in command.split("&&")]
    first, rest = parts[0], " && ".join(parts[1:])
    words = shlex.split(first)
    if words[:3] == ["python3", "-m", "venv"]:
        assert "python3 -m venv .venv" in CI
        assert rest in ("", ". .venv/bin/activate"), command
        return ""
    if "pip" in words and "install" in words:
        target = words[-1]
        assert target == "." or re.fullmatch(r"\.\[([a-z,]+)\]", target), command
        wanted = set(re.findall(r"[a-z]+", target[1:])) if target != "." else set()
        assert wanted <= extras(), f"{command}: no such extra in pyproject.toml"
        return rest
    if "apt-get" in words:
        named = {w for w in words[words.index("install") + 1:] if not w.startswith("-")}
        assert named <= ci_packages(), f"{command}: .ci/run does not install {sorted(named - ci_packages())}"
        return rest
    if words[:3] == ["python", "-m", "pytest"]:  # the suite itself (the README's is CI's: tested below)
        return rest
    if words[0] == "mkdocs":
        assert "mkdocs build --strict" in CI
        return None  # and run it too (SLOW)
    return None


def runnable(text: str) -> str:
    """What of a command is run here: its set-up parts checked and dropped ("" when nothing is left)."""
    rest = setup_rest(text)
    while rest is not None:  # `pip install . && python -m pytest -q`: each part a set-up command
        if not rest:
            return ""
        text, rest = rest, setup_rest(rest)
    return text


# --- running --------------------------------------------------------------------------------------

def launcher(folder: Path) -> Path:
    """A `lostprint` on PATH that runs this checkout."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "lostprint"
    script.write_text(f"#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable} -m lostprint \"$@\"\n")
    script.chmod(0o755)
    return bin_dir


def shell_env(folder: Path) -> dict:
    env = dict(os.environ)
    env["PATH"] = f"{launcher(folder)}:{Path(sys.executable).parent}:{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(ROOT)
    env["BROWSER"] = "true"  # a page a command opens goes to `true`, not to a real browser
    return env


SIMPLE = re.compile(r"^lostprint( [^|<>;&$`()\\]*)?$")


def run(command: str, folder: Path) -> subprocess.CompletedProcess:
    """A `lostprint ...` (or a chain of them with &&) in this process; anything else in bash."""
    steps = [step.strip() for step in command.split("&&")]
    if all(SIMPLE.match(step) for step in steps):
        result = None
        for step in steps:
            result = run_cli(*shlex.split(step)[1:], cwd=folder)
            if result.returncode != 0:
                break
        return result
    return subprocess.run(["bash", "-c", command], cwd=folder, env=shell_env(folder), capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL)


def run_until_ctrl_c(command: str, folder: Path) -> tuple[str, int]:
    """(its first line, its exit code on Ctrl-C); (its stderr, -1) when it printed nothing first."""
    env = dict(shell_env(folder), PYTHONUNBUFFERED="1")  # its first line now, not when a buffer fills
    process = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=folder, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=sigint_default)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 60)
        first = process.stdout.readline() if ready else ""
        time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
        said = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
    return first or said, code if first else -1


def scratch_for(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    shutil.copytree(ROOT / "examples", folder / "examples")
    return folder


# A file a command's comment names, in a folder (`# output/1572-lost-expedition-sheet-letter.pdf`): it must be written
NAMED_FILE = re.compile(r"(?<![\w/.-])((?:[\w-]+/)+[\w.-]+\.(?:pdf|svg|png|json|yaml))\b")


def check(command: Command, folder: Path, where: str) -> None:
    text = runnable(command.text)
    if not text:
        return
    serves = text.startswith(("lostprint edit", "lostprint play"))
    assert serves == command.comment.startswith("runs until Ctrl-C"), \
        f"{where}: {text}: a command that serves until Ctrl-C says so (# runs until Ctrl-C), and only one"
    if serves:
        first, code = run_until_ctrl_c(text, folder)
        assert code != -1, f"{where}: {text}: printed nothing before Ctrl-C; stderr: {first}"
        assert code in (0, 130), f"{where}: {text}: exit {code} on Ctrl-C"
        return
    result = run(text, folder)
    failing = command.comment.startswith("fails:")
    if failing:
        assert result.returncode != 0, f"{where}: {text}: should fail, but exited 0"
        said = command.comment[len("fails:"):].strip()
        assert said in result.stderr, f"{where}: {text}: stderr does not say {said!r}:\n{result.stderr}"
    else:
        assert result.returncode == 0, f"{where}: {text}: exit {result.returncode}\n{result.stderr}"
        missing = [name for name in NAMED_FILE.findall(command.comment) if not (folder / name).is_file()]
        assert missing == [], f"{where}: {text}: the comment names {missing}, which the command did not write"
    if command.expected is not None:
        printed = result.stdout if result.returncode == 0 else result.stderr
        lines = [line.rstrip() for line in printed.rstrip("\n").splitlines()]
        expected = list(command.expected)
        while expected and not expected[-1]:
            expected.pop()
        got = lines[:len(expected)] if command.prefix_only else lines
        assert got == expected, f"{where}: {text}: the page quotes another output than it prints"


def page_commands(path: Path, slow: bool) -> list[Command]:
    found = commands_of(path.read_text(encoding="utf-8"))
    return [c for c in found if (runnable(c.text) in SLOW) == slow]


PAGES = [p for p in pages() if commands_of(p.read_text(encoding="utf-8"))]


# Commands the suite already runs once a session, in a fixture: their result is checked, not run again
SHARED = {"lostprint demo --quick": "quick_demo"}


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_command_on_the_page_runs(page, tmp_path, request):
    folder = scratch_for(tmp_path)
    for command in page_commands(page, slow=False):
        where = f"{page_id(page)}:{command.line}"
        if command.text in SHARED and command.expected is None:
            result, _ = request.getfixturevalue(SHARED[command.text])
            assert result.returncode == 0, f"{where}: {command.text}: exit {result.returncode}\n{result.stderr}"
            continue
        check(command, folder, where)


@pytest.fixture(scope="session")
def long_commands_run() -> set[str]:
    """The long commands already run and checked this session (README, index and start all show
    `lostprint demo`: it runs once)."""
    return set()


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_long_command_on_the_page_runs(page, tmp_path, long_commands_run):
    commands = page_commands(page, slow=True)
    if not commands:
        return
    folder = scratch_for(tmp_path)
    for command in commands:
        if command.expected is None and command.text in long_commands_run:
            continue
        long_commands_run.add(command.text)
        if runnable(command.text).startswith("mkdocs"):
            pytest.importorskip("mkdocs", reason="pip install '.[docs]'")
            # the site is built from the checkout's docs, into the scratch folder
            command = Command(command.line, f"mkdocs build -f {ROOT / 'mkdocs.yml'} -d {tmp_path / 'site'}",
                              command.comment)
        check(command, folder, f"{page_id(page)}:{command.line}")


# --- what the pages say about themselves ----------------------------------------------------------

def test_every_slow_command_is_on_a_page():
    shown = {runnable(c.text) for p in pages() for c in commands_of(p.read_text(encoding="utf-8"))}
    assert SLOW <= shown, sorted(SLOW - shown)


def test_the_readme_test_command_is_the_one_ci_runs_and_it_is_short():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert 'pip install ".[test]" && python -m pytest -q\n' in readme
    assert '\npip install ".[test]" && python -m pytest -q\n' in CI


def test_the_readme_names_every_system_package_ci_installs_in_one_line():
    readme = commands_of((ROOT / "README.md").read_text(encoding="utf-8"))
    lines = [set(shlex.split(c.text)) for c in readme if "apt-get" in c.text]
    assert len(lines) == 1
    assert ci_packages() <= lines[0]


PROSE_PAGES = ["README.md", "docs/index.md", "docs/start.md", "docs/rulings.md", *[
    page_id(p) for p in sorted((DOCS / "guide").glob("*.md"))]]
FIGURE = re.compile(r"\b\d{1,3}\.\d ?%")


def test_every_win_rate_in_the_prose_is_a_quoted_output():
    """A percentage with a decimal in the user pages is one that a quoted command prints."""
    quoted = " ".join(" ".join(c.expected) for p in pages() for c in commands_of(p.read_text(encoding="utf-8"))
                      if c.expected)
    printed = {m.group(0).replace(" ", "") for m in FIGURE.finditer(quoted)}
    for name in PROSE_PAGES:
        text = (ROOT / name).read_text(encoding="utf-8")
        prose = "\n".join(line for line in _outside_blocks(text))
        stray = sorted({m.group(0).replace(" ", "") for m in FIGURE.finditer(prose)} - printed)
        assert stray == [], f"{name}: figures no quoted output prints: {stray}"


def _outside_blocks(text: str):
    inside = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
        elif not inside:
            yield line


def test_the_reader_finds_blocks_comments_and_outputs():
    page = ("x\n```sh\nlostprint games   # the games\nlostprint sheet 1 # fails: no such game\n```\n"
            "- item\n\n  ```console\n  $ lostprint games\n  a\n  b\n  ...\n  $ lostprint x\n  ```\n")
    found = commands_of(page)
    assert [(c.line, c.text, c.comment) for c in found] == [
        (3, "lostprint games", "the games"), (4, "lostprint sheet 1", "fails: no such game"),
        (9, "lostprint games", ""), (13, "lostprint x", "")]
    assert found[2].expected == ("a", "b") and found[2].prefix_only
    assert found[3].expected == () and not found[3].prefix_only
    assert split_comment("printf 'a # b' > x  # note") == ("printf 'a # b' > x", "note")


def test_a_file_a_comment_names_must_be_written(tmp_path):
    """`# output/x.pdf` after a command: a page that still names an output the command moved or renamed fails."""
    assert NAMED_FILE.findall("output/1572-lost-expedition-map-7.json and its sheet, or sheets/a-b.svg") == [
        "output/1572-lost-expedition-map-7.json", "sheets/a-b.svg"]
    assert NAMED_FILE.findall("the games; examples.yaml; 1.5 GB") == []
    with pytest.raises(AssertionError, match="which the command did not write"):
        check(Command(1, "lostprint games", "output/games.pdf"), tmp_path, "page:1")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "games.pdf").write_bytes(b"")
    check(Command(1, "lostprint games", "output/games.pdf"), tmp_path, "page:1")


def test_every_command_written_in_the_prose_has_its_options():
    """An inline `lostprint CMD --option` in a page's text is not run, but its command and options must exist,
    so a renamed option cannot stay in a sentence (`lostprint play: ...`, an output line, is no command)."""
    from lostprint.cli import cli

    wrong, inline = [], re.compile(r"`lostprint ([a-z]+(?: [^`]*)?)`")
    for page in pages():
        for words in (m.group(1).split() for m in inline.finditer(page.read_text(encoding="utf-8"))):
            command = cli.commands.get(words[0])
            options = {o for p in command.params for o in (*p.opts, *p.secondary_opts)} if command else set()
            named = {w.split("=")[0].rstrip(",;:)") for w in words[1:] if w.startswith("--") or w[:2] in ("-o", "-j")}
            if command is None or named - options - {"-h", "--help"}:
                wrong.append(f"{page_id(page)}: lostprint {' '.join(words)}")
    assert wrong == []
