import contextlib
import functools
import gc
import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args, cwd=None):
    """Run `lostprint ARGS` in this process (lostprint.cli.main, the checkout's code), capturing its
    exit code, stdout and stderr as a CompletedProcess (text; binary output decoded as latin-1)."""
    from lostprint.cli import main

    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.TextIOWrapper(err_bytes, encoding="utf-8", write_through=True)
    argv = [str(a) for a in args]
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(here)
        out.flush()
        err.flush()

    def text(raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")

    return subprocess.CompletedProcess(["lostprint", *argv], code, text(out_bytes.getvalue()),
                                       text(err_bytes.getvalue()))


def run_process(*args, cwd=None, env=None, **kw):
    """`python -m lostprint ARGS` as a real process on the checkout (PYTHONPATH set to it), for the
    few end-to-end checks that need one; returns CompletedProcess (text)."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    return subprocess.run([sys.executable, "-m", "lostprint", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120, **kw)


def get_json(url):
    """GET url and the JSON it answers."""
    import json
    import urllib.request

    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def post_json(url, body):
    """POST body as JSON to url and the JSON it answers."""
    import json
    import urllib.request

    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        return json.loads(answer.read())


def serve_cli(*args):
    """`python -m lostprint ARGS --no-browser` started as a server: (the process, the page's address it
    prints). The caller stops it."""
    proc = subprocess.Popen([sys.executable, "-m", "lostprint", *map(str, args), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "open http://127.0.0.1:" in line, line + proc.stderr.read()
    return proc, line.split("open ", 1)[1].split()[0]


def http_error(url, body: bytes | None = None, headers: dict | None = None):
    """The HTTP error a server answers a request with (GET, or POST of a JSON `body`); fails the test when
    the request is answered without one."""
    import urllib.error
    import urllib.request

    sent = ({"Content-Type": "application/json"} if body is not None else {}) | (headers or {})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(urllib.request.Request(url, body, sent), timeout=10)
    return err.value


def played_events(engine, player) -> list:
    """Every Event of the game a seeded simulated `player` plays of `engine`, as the driver records them."""
    from lostprint.engine import drive

    events: list = []
    drive.play(engine, player.start(), player.decide, player.roll, player.days, events)
    return events


def validated_and_rendered(save, pdf) -> str:
    """`lostprint validate SAVE` accepts the save and `lostprint render SAVE -o PDF` writes a PDF qpdf
    accepts; validate's report."""
    done = run_cli("validate", save)
    assert done.returncode == 0, done.stderr
    rendered = run_cli("render", save, "-o", pdf)
    assert rendered.returncode == 0, rendered.stderr
    assert qpdf_ok(pdf)
    return done.stdout


@contextlib.contextmanager
def served_cli(*args):
    """`lostprint ARGS --no-browser` served for a with block: the page's address. The server is stopped at
    the end and must exit 0."""
    proc, url = serve_cli(*args)
    try:
        yield url
    finally:
        proc.terminate()
        assert proc.wait(10) == 0


@contextlib.contextmanager
def killed_after(*args):
    """`lostprint ARGS --no-browser` served for a with block (the page's address), then killed (-9), as a
    crash would stop it."""
    proc, url = serve_cli(*args)
    try:
        yield url
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)


def play_over_api(url, done, pick=0):
    """Answers a play server's questions until done(state): the page's dice for a roll, the option at
    index `pick` for a decision. Returns the last state."""
    state = get_json(url + "api/state")
    while not done(state):
        if state["question"]["kind"] == "roll":
            state = post_json(url + "api/roll", {})
        else:
            state = post_json(url + "api/give", {"value": state["question"]["values"][pick]})
    return state


def sigint_default() -> None:
    """preexec_fn for a child that must see Ctrl-C: a shell's background job starts with SIGINT
    ignored, and a Python started that way never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def pdftext(path, *extra):
    return subprocess.run(["pdftotext", "-layout", *extra, str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def normalise(text: str) -> str:
    return " ".join(text.replace("\u2212", "-").replace("\u2013", "-").split())


def fonts_all_embedded(path) -> list[str]:
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = out.splitlines()[2:]
    assert rows, "no fonts listed"
    return [r for r in rows if r.split()[-5] != "yes"]  # emb column


def qpdf_ok(path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


@functools.cache
def generated(game: str, seed: int, cols: int | None = None, rows: int | None = None):
    """generate(game, seed, cols, rows), made once per run: maps and layouts are frozen, and the map
    tests check the same seeds several times (passes the checks, each game's promises, distinct maps,
    the variant sheets). Tests of determinism call generate itself."""
    from lostprint.maps.generate import generate

    return generate(game, seed, cols, rows)


def pytest_collection_finish(session):
    """Tune the garbage collector for a run of ~1,100 tests (measured with gc.callbacks on the whole
    default run: 5.3 s of CPU in the collector before, 2.6 s with the freeze alone, 1.7 s with both):
    - freeze what collection built (modules, hypothesis, test data: ~450,000 objects), so that full
      collections no longer re-scan it (package_ast.py freezes the package's syntax trees likewise);
    - a gen-0 threshold of 10,000 instead of 700: a full collection comes after 100 young ones, so
      the tests' many short-lived objects set off 5 full collections instead of 28 (12 before the
      freeze, each re-scanning everything). Cyclic garbage is still collected, in larger batches
      (peak RSS of the run: 360 MB with the freeze alone, 370 MB with both)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


# The system tools the tests run, and the Debian package each comes in
SYSTEM_TOOLS = {"qpdf": "qpdf", "pdftotext": "poppler-utils", "pdftoppm": "poppler-utils",
                "pdfinfo": "poppler-utils", "pdffonts": "poppler-utils", "pdftohtml": "poppler-utils",
                "fc-list": "fontconfig", "fc-match": "fontconfig", "chromium": "chromium", "bash": "bash"}


def missing_tool(error: BaseException) -> str | None:
    """'qpdf is not installed (apt-get install qpdf)' for a test that ran a missing system tool."""
    if isinstance(error, FileNotFoundError) and error.filename is not None:
        name = Path(str(error.filename)).name
        if name in SYSTEM_TOOLS:
            return f"{name} is not installed: apt-get install {SYSTEM_TOOLS[name]}"
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test (or fixture) that runs a system tool that is not installed fails with one line naming the
    package to install, not a FileNotFoundError traceback."""
    outcome = yield
    if call.excinfo is not None:
        said = missing_tool(call.excinfo.value)
        if said is not None:
            outcome.get_result().longrepr = said


@pytest.fixture
def tools():
    for tool in ("qpdf", "pdftotext", "pdffonts", "pdfinfo", "pdftoppm"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (apt-get install poppler-utils qpdf)")


@pytest.fixture(scope="session")
def quick_demo(tmp_path_factory):
    """`lostprint demo --quick`, run once for the whole session: (the CLI's result, its output folder)."""
    out = tmp_path_factory.mktemp("quick-demo") / "out"
    result = run_cli("demo", "--quick", "-o", out)
    if result.returncode == 0:  # the books tests read its letter-colour books rather than build them again
        import printed

        printed.take_demo(out)
    return result, out

