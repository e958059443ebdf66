"""Wheel build step: compiles the 1872 engine and careful player, and the driver and contract every
engine runs on, with Cython.

The same .py files, unchanged, are compiled as they are (every value stays a Python object, so every
float is added in the same order and the games are the same); the compiled modules sit beside their
sources in the wheel and Python imports them first. Where compiling fails (no C compiler), the wheel
is pure Python and plays the same games about 1.5x slower. Editable installs are never compiled, so a
source edited in the working tree is always the code that runs. LOSTPRINT_PURE=1 skips compiling.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = ("lostprint.engine.lost_crows", "lostprint.players.lost_crows", "lostprint.engine.drive",
            "lostprint.engine.contract")
# -O1: within a few percent of -O3 here at a third of the compile time; no contraction of a * b + c
# into one fused step, which would round differently from Python on machines that have one
C_FLAGS = ["-O1", "-g0", "-ffp-contract=off"]


def compile_modules(root: Path, work: Path) -> dict[str, str]:
    """Compiles COMPILED under `work`; returns each built file's path and its place in the wheel."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    sources = [Extension(name, [str(root / (name.replace(".", "/") + ".py"))], extra_compile_args=C_FLAGS)
               for name in COMPILED]
    # annotation_typing off: an annotation is documentation, never a C type (Python's semantics kept)
    extensions = cythonize(sources, build_dir=str(work / "c"), language_level=3, quiet=True,
                           compiler_directives={"annotation_typing": False})
    dist = Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"})
    build = dist.get_command_obj("build_ext")
    build.build_lib, build.build_temp = str(work / "lib"), str(work / "temp")
    build.ensure_finalized()
    build.run()
    return {path: Path(path).relative_to(work / "lib").as_posix() for path in build.get_outputs()}


def not_compiled_message(error: Exception) -> str:
    return (f"lostprint is NOT compiled ({type(error).__name__}: {str(error)[:200]}): installing pure Python, "
            "which plays the same games about 1.5x slower. To compile, install a C compiler and the Python "
            "headers (Debian/Ubuntu: apt-get install gcc python3-dev) and run the install again.")


def open_terminal():
    return open("/dev/tty", "w", encoding="utf-8")


def warn_not_compiled(error: Exception, display_warning, terminal=open_terminal) -> None:
    """Says the build is pure Python where a person sees it: pip shows a build's own output only with
    -v, so the warning also goes straight to the terminal, when there is one."""
    message = not_compiled_message(error)
    display_warning(message)
    try:
        with terminal() as tty:
            tty.write(f"\nWARNING: {message}\n\n")
    except OSError:  # no terminal (CI, a pipe): the build log has it
        pass


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if version == "editable" or os.environ.get("LOSTPRINT_PURE"):
            return
        self.work = Path(tempfile.mkdtemp(prefix="lostprint-build-"))
        try:
            built = compile_modules(Path(self.root), self.work)
        except Exception as e:  # noqa: BLE001 - any failure to compile leaves the pure-Python wheel
            warn_not_compiled(e, self.app.display_warning)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
