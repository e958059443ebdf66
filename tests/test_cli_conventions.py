"""Command-line conventions: shell completion, many-file commands refusing `-o -` and file names,
output names that tell options apart, `demo` checking what it needs first, progress only on a
terminal, `-h` listed."""
from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, run_cli, run_process
from lostprint.app.naming import output_name
from lostprint.options import PrintOptions


# --- completion ------------------------------------------------------------------------------------

def _completion(shell: str):
    env = dict(os.environ, _LOSTPRINT_COMPLETE=f"{shell}_source")
    return run_process(env=env)


@pytest.mark.parametrize("shell,marker", [("bash", "_lostprint_completion"), ("zsh", "compdef"),
                                          ("fish", "complete --no-files --command lostprint")])
def test_each_shell_gets_a_completion_script_not_the_help(shell, marker):
    r = _completion(shell)
    assert r.returncode == 0, r.stderr
    assert marker in r.stdout
    assert "Usage:" not in r.stdout


@pytest.fixture(scope="module")
def bash_with_lostprint(tmp_path_factory):
    """A bin folder with a `lostprint` that runs this checkout, and the bash completion script."""
    if shutil.which("bash") is None:
        pytest.fail("bash is not installed (apt-get install bash)")
    folder = tmp_path_factory.mktemp("completion")
    launcher = folder / "lostprint"
    launcher.write_text(f"#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable} -m lostprint \"$@\"\n")
    launcher.chmod(0o755)
    script = folder / "lostprint.bash"
    script.write_text(_completion("bash").stdout)
    return folder, script


def _complete_in_bash(bash_with_lostprint, words: list[str]) -> list[str]:
    """Runs the generated bash script's completion function on `words` (the last is being typed)."""
    folder, script = bash_with_lostprint
    words_text = " ".join(f"'{w}'" for w in words)
    program = textwrap.dedent(f"""\
        export PATH={folder}:$PATH
        source {script}
        COMP_WORDS=({words_text}); COMP_CWORD={len(words) - 1}
        _lostprint_completion lostprint 2>/dev/null
        printf '%s\\n' "${{COMPREPLY[@]}}"
        """)
    r = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return [line for line in r.stdout.splitlines() if line]


def test_bash_completes_commands_games_and_options(bash_with_lostprint):
    assert "sheet" in _complete_in_bash(bash_with_lostprint, ["lostprint", "sh"])
    games = _complete_in_bash(bash_with_lostprint, ["lostprint", "sheet", ""])
    assert {"1572", "lost-expedition", "1872"} <= set(games)
    assert "crows" not in games  # crows has no player sheet
    assert _complete_in_bash(bash_with_lostprint, ["lostprint", "kit", ""]) == ["crows"]
    assert _complete_in_bash(bash_with_lostprint, ["lostprint", "sheet", "1572", "--pa"]) == ["--paper"]
    assert set(_complete_in_bash(bash_with_lostprint, ["lostprint", "sheet", "1572", "--ink", ""])) == {"color", "mono"}


def test_file_arguments_complete_as_paths():
    env = dict(os.environ, _LOSTPRINT_COMPLETE="bash_complete", COMP_WORDS="lostprint render ", COMP_CWORD="2")
    r = run_process(env=env)
    assert r.stdout.strip() == "file,"


# --- many-file commands and -o -------------------------------------------------------------------

@pytest.mark.parametrize("args", [("map", "1572", "--seed", "1"), ("demo", "--quick")])
@pytest.mark.parametrize("output", ["-", "x.pdf"])
def test_a_command_writing_several_files_refuses_a_file_name(tmp_path, args, output):
    r = run_cli(*args, "-o", output, cwd=tmp_path)
    assert r.returncode == 2, r
    assert r.stderr.startswith("lostprint: error:") and r.stderr.count("\n") == 1, r.stderr
    assert "folder" in r.stderr
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_folder_named_like_a_file_is_taken_with_its_trailing_slash(tmp_path):
    r = run_cli("map", "1572", "--seed", "1", "--format", "svg", "-o", "x.pdf/", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "x.pdf").iterdir()) == [
        "1572-lost-expedition-map-1-letter.svg", "1572-lost-expedition-map-1.json"]


# --- names -----------------------------------------------------------------------------------------

def test_every_kit_option_that_changes_the_bytes_is_in_the_name():
    from lostprint.crows.kit import KitOptions
    from lostprint.geometry.paper import MM

    base = KitOptions(paper="a4")
    changed = {
        "tile": (dataclasses.replace(base, tile=45 * MM), "crows-kit-a4-tile-45mm"),
        "bleed": (dataclasses.replace(base, bleed=2.5 * MM), "crows-kit-a4-bleed-2.5mm"),
        "marks": (dataclasses.replace(base, marks="full"), "crows-kit-a4-marks-full"),
        "shared": (dataclasses.replace(base, shared=True), "crows-kit-a4-gutter-0"),
        "backs": (dataclasses.replace(base, backs="ink-saver"), "crows-kit-a4-ink-saver"),
    }
    assert output_name("crows", "kit", base) == "crows-kit-a4"
    for field, (opts, name) in changed.items():
        assert output_name("crows", "kit", opts) == name, field
    counts = output_name("crows", "kit", dataclasses.replace(base, counts=(("barrens", 18),)))
    other = output_name("crows", "kit", dataclasses.replace(base, counts=(("barrens", 17),)))
    assert counts.startswith("crows-kit-a4-counts-") and counts != other
    # a new kit option must say how it shows in the name
    extra = {f.name for f in dataclasses.fields(KitOptions)} - {f.name for f in dataclasses.fields(PrintOptions)}
    assert extra == set(changed) | {"counts"}


def test_a_png_at_another_resolution_has_its_own_name():
    assert output_name("1572-lost-expedition", "sheet", PrintOptions(fmt="png")) == "1572-lost-expedition-sheet-letter"
    assert output_name("1572-lost-expedition", "sheet", PrintOptions(fmt="png", dpi=300)) == \
        "1572-lost-expedition-sheet-letter-300dpi"
    assert output_name("1572-lost-expedition", "sheet", PrintOptions(dpi=300)) == "1572-lost-expedition-sheet-letter"


def test_a_kit_with_bigger_tiles_does_not_replace_the_default_kit(tmp_path):
    r = run_cli("kit", "crows", "--tile-size", "45mm", "-o", f"{tmp_path}/")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("crows-kit-letter-tile-45mm.pdf")


# --- demo checks first, progress only on a terminal ----------------------------------------------

class _NoCairo:
    """An import finder that fails cairocffi the way it fails without the Cairo C library."""

    def find_spec(self, name, path=None, target=None):
        if name == "cairocffi" or name.startswith("cairocffi."):
            raise OSError("no library called \"cairo-2\" was found")
        return None


def test_demo_without_libcairo_says_what_to_install_before_writing_anything(tmp_path, monkeypatch):
    for name in [m for m in sys.modules if m.split(".")[0] in ("cairosvg", "cairocffi")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoCairo(), *sys.meta_path])
    r = run_cli("demo", "-o", tmp_path / "out")
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1, r.stderr
    assert "libcairo2" in r.stderr and "--quick" in r.stderr
    assert not (tmp_path / "out").exists()


def test_demo_prints_no_progress_when_not_on_a_terminal(quick_demo):
    r, _ = quick_demo
    assert r.returncode == 0
    assert r.stderr == ""


def test_top_level_help_lists_h():
    r = run_cli()
    assert r.returncode == 0
    assert "-h, --help" in r.stdout


# --- install -----------------------------------------------------------------------------------------

def test_a_build_that_cannot_compile_says_so_on_the_terminal(monkeypatch):
    import importlib.util
    import io
    import types

    # hatchling is there only while pip builds; the hook's base class is all this test needs of it
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = object
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", ROOT / "hatch_build.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    shown, terminal = [], io.StringIO()
    terminal.close = lambda: None  # read after the hook's `with` block
    hook.warn_not_compiled(RuntimeError("command 'gcc' failed"), shown.append, terminal=lambda: terminal)
    assert shown and "NOT compiled" in shown[0] and "gcc" in shown[0]
    assert "WARNING: lostprint is NOT compiled" in terminal.getvalue()
    assert "apt-get install gcc python3-dev" in terminal.getvalue()

    def no_terminal():
        raise OSError("No such device or address: '/dev/tty'")

    hook.warn_not_compiled(RuntimeError("x"), shown.append, terminal=no_terminal)  # CI: no terminal, no error
    assert len(shown) == 2


# --- a test that needs a missing system tool says which package to install ------------------------

def test_a_test_running_a_missing_tool_names_the_package(tmp_path):
    probe = tmp_path / "test_probe.py"
    probe.write_text("import subprocess\n\n\ndef test_probe():\n"
                     "    subprocess.run(['qpdf', '--check', 'x.pdf'], check=True)\n")
    empty = tmp_path / "bin"
    empty.mkdir()
    env = dict(os.environ, PATH=str(empty), PYTHONPATH=str(ROOT / "tests"))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p", "no:cacheprovider",
                        "--rootdir", str(tmp_path), str(probe)], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=120)
    assert r.returncode == 1, r.stdout
    assert "qpdf is not installed: apt-get install qpdf" in r.stdout
    assert "FileNotFoundError" not in r.stdout
