"""Fuzz the local server of `lostprint edit` with mutated requests and saves.

One server per Lost example (a copy cut to its first days, in a scratch folder) gets N requests over
real sockets: the page's own requests with a mutated save (any value replaced by one of another
shape, keys dropped or added, lists repeated: benchmarks/fuzz_inputs.tree_mutation) and a random
revision, version and overwrite choice; and raw requests mutated below HTTP (odd or missing
lengths, bodies cut short, bytes that are not UTF-8 or not JSON, deep nesting, another Origin).
Counted:

  tracebacks   answers 500 (an exception the server did not expect) and lines the server printed
  dropped      requests that got no HTTP answer at all
  unreadable   save files written that lostprint cannot open again (the loader, the same game and map)

    python benchmarks/fuzz_edit_api.py [--count 10000] [--seed 12] [--jobs 2]

Cheap per request: most saves are mutated from the example's first one to six days (not from the
server's working copy, which the kept and saved mutations make longer and longer: a check of it
replays all of it), and `--jobs` runs that many processes, each with its own servers and seed.
Exit status 1 when any of the three is not 0; each case is printed. The last line is the summary.

Measured (2 jobs, nice): seed 12 found one traceback (a 1572 day with another problem and rolls
without the planning dice: KeyError, fixed with a test in tests/test_edit_hostile.py); then
  10,000 requests (seed 12): 0 tracebacks, 0 dropped, 0 unreadable of 408 saves written; 143 s CPU
  10,000 requests (seed 13): 0 tracebacks, 0 dropped, 0 unreadable of 364 saves written; 116 s CPU
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
DAYS = 6  # a save is fuzzed from its first days: a shorter replay, every field still there
CUTS = [1, 2, 3, DAYS]  # how many of those days a mutated save starts from
FROM_WORK = 0.25  # how often the server's own working copy is mutated instead (while it stays short)
GROWTH = 3  # ... while its JSON is at most this many times the base save's
ENDPOINTS = [("POST", "api/check", 30), ("POST", "api/keep", 25), ("POST", "api/save", 20), ("RAW", "", 15),
             ("GET", "api/state", 3), ("GET", "api/work", 3), ("POST", "api/take-file", 2), ("POST", "api/autosave", 2)]
LENGTHS = ["\u00b2", "-1", "abc", "1e3", " 10", "99999999999999999999", "0", ""]


def servers(folder: Path) -> list:
    """(server, thread, path) for a copy of each Lost example, cut to its first days."""
    from ruamel.yaml import YAML

    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession

    out = []
    for example in sorted((ROOT / "examples").glob("1[568]72-*.yaml")):
        yaml = YAML(typ="rt")
        data = yaml.load(example.read_text(encoding="utf-8"))
        del data["days"][DAYS:]
        data.pop("outcome", None)
        path = folder / example.name
        with path.open("w", encoding="utf-8") as fh:
            yaml.dump(data, fh)
        server, thread = start(EditSession(path))
        out.append((server, thread, path))
    return out


def http(server, method: str, what: str, body: bytes | None, headers: dict | None = None) -> bytes:
    """The raw answer to one request (b"" when the connection was dropped without one)."""
    head = f"{method} /{server.token}/{what} HTTP/1.1\r\nHost: 127.0.0.1:{server.server_address[1]}\r\n"
    for k, v in (headers or {}).items():
        head += f"{k}: {v}\r\n"
    if body is not None and "Content-Length" not in (headers or {}):
        head += f"Content-Length: {len(body)}\r\n"
    return exchange(server, head.encode("utf-8") + b"Connection: close\r\n\r\n" + (body or b""))


def exchange(server, data: bytes, half_close: bool = False) -> bytes:
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=120) as sock:
        try:
            sock.sendall(data)
            if half_close:
                sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # refused before it was all sent (a body over the limit): the answer still counts
        out = b""
        try:
            while chunk := sock.recv(65536):
                out += chunk
        except OSError:
            pass
        return out


def raw_case(rng: random.Random, server, save: dict) -> bytes:
    answer = raw_answer(rng, server, save)
    return answer


def raw_answer(rng: random.Random, server, save: dict) -> bytes:
    body = json.dumps({"save": save}).encode()
    op = rng.randrange(8)
    port = server.server_address[1]
    if op == 0:
        return http(server, "POST", "api/check", body, {"Content-Length": rng.choice(LENGTHS)})
    if op == 1:  # a body shorter than its length: the server waits, then the client gives up writing
        return exchange(server, f"POST /{server.token}/api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                f"Content-Length: {len(body) + 10}\r\n\r\n".encode() + body, half_close=True)
    if op == 2:
        return http(server, "POST", "api/keep", bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))))
    if op == 3:
        n = rng.choice([100, 5000, 100_000])
        return http(server, "POST", "api/check", b'{"save": ' + b"[" * n + b"]" * n + b"}")
    if op == 4:
        return http(server, "POST", "api/save", body, {"Origin": "http://elsewhere.example"})
    if op == 5:
        return http(server, rng.choice(["PUT", "DELETE", "OPTIONS", "GET"]), rng.choice(["api/save", "x", ""]), None)
    if op == 6:
        return exchange(server, bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))), half_close=True)
    cut = body[:rng.randrange(len(body))]
    return http(server, "POST", "api/check", cut)


def reopens(path: Path, game: str, map_spec) -> str | None:
    """None when lostprint opens the written save again for the same game and map; else why not."""
    from lostprint.files import SAVE, LoadError, load

    try:
        data = load(path, SAVE)
    except LoadError as exc:
        return str(exc)
    if not isinstance(data, dict) or data.get("game") != game or data.get("map", "standard") != map_spec:
        return "the game or the map changed"
    return None


def status_of(answer: bytes) -> int | None:
    try:
        return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else None
    except (IndexError, ValueError):
        return None


def run(count: int, seed: int, say=print) -> dict:
    from fuzz_inputs import tree_mutation

    from lostprint.edit import document

    rng = random.Random(seed)
    stats = {"requests": 0, "tracebacks": 0, "dropped": 0, "unreadable": 0, "written": 0, "statuses": {},
             "cpu": 0.0}
    cpu = time.process_time()
    folder = Path(tempfile.mkdtemp(prefix="fuzz-edit-"))
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            running = servers(folder)
            bases = {id(server): server.session.working()["save"] for server, _, _ in running}
            kinds = [(m, w) for m, w, weight in ENDPOINTS for _ in range(weight)]
            for n in range(count):
                server, _, path = rng.choice(running)
                session = server.session
                work = session.working()
                save = start_from(rng, bases[id(server)], work["save"])
                for _ in range(rng.choice([1, 1, 2, 3])):
                    save = tree_mutation(rng, save)
                if rng.random() < 0.2:
                    save = work["save"]  # an unmutated save now and then: a save that is written
                method, what = rng.choice(kinds)
                if method == "RAW":
                    answer = raw_case(rng, server, save if isinstance(save, dict) else {})
                elif method == "GET":
                    answer = http(server, "GET", what, None)
                else:
                    body = {"save": save, "rev": rng.choice([work["rev"], work["rev"], -1, "x", None]),
                            "version": rng.choice([work["version"], work["version"], "new", 3]),
                            "overwrite": rng.random() < 0.3}
                    answer = http(server, "POST", what, json.dumps(body).encode())
                status = status_of(answer)
                stats["requests"] += 1
                stats["statuses"][status] = stats["statuses"].get(status, 0) + 1
                if status is None:
                    stats["dropped"] += 1
                    say(f"case {n}: no answer to {method} {what} (seed {seed})")
                elif status >= 500 and b"could not do this" in answer or status == 500:
                    stats["tracebacks"] += 1
                    say(f"case {n}: {method} {what} answered {status}: {answer[-300:]!r}")
                if what == "api/save" and status == 200:
                    stats["written"] += 1
                    why = reopens(path, session.info.id, document.to_plain(session.file_plain.get("map", "standard")))
                    if why:
                        stats["unreadable"] += 1
                        say(f"case {n}: the save written does not reopen: {why}")
            for server, thread, _ in running:
                server.shutdown()
                server.server_close()
                thread.join(5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    stats["cpu"] = time.process_time() - cpu
    printed = [line for line in err.getvalue().splitlines() if line.strip()]
    stats["tracebacks"] += len(printed)
    for line in printed[:20]:
        say(f"server printed: {line}")
    return stats


def start_from(rng: random.Random, base: dict, work: dict) -> dict:
    """The save a case mutates: the base cut to a few days, or now and then the working copy."""
    if rng.random() < FROM_WORK and len(json.dumps(work)) <= GROWTH * len(json.dumps(base)):
        return work
    days = base.get("days")
    return {**base, "days": days[:rng.choice(CUTS)]} if isinstance(days, list) else base


def _worker(job: tuple[int, int]) -> dict:
    count, seed = job
    return run(count, seed)


def merged(parts: list[dict]) -> dict:
    total = {"requests": 0, "tracebacks": 0, "dropped": 0, "unreadable": 0, "written": 0, "statuses": {}, "cpu": 0.0}
    for part in parts:
        for key in ("requests", "tracebacks", "dropped", "unreadable", "written", "cpu"):
            total[key] += part[key]
        for status, n in part["statuses"].items():
            total["statuses"][status] = total["statuses"].get(status, 0) + n
    return total


def summary(stats: dict, jobs: int, seed: int) -> str:
    return (f"fuzz_edit_api: {stats['requests']:,} requests (seed {seed}, {jobs} job(s)): "
            f"{stats['tracebacks']} tracebacks, {stats['dropped']} dropped, {stats['unreadable']} unreadable "
            f"of {stats['written']} saves written; answers "
            f"{dict(sorted(stats['statuses'].items(), key=lambda kv: str(kv[0])))}; "
            f"{stats['cpu']:.0f} s CPU ({stats['cpu'] / max(1, stats['requests']) * 1000:.0f} ms a request)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=1, help="processes, each with its own servers and seed")
    args = parser.parse_args()
    jobs = max(1, args.jobs)
    shares = [args.count // jobs + (1 if k < args.count % jobs else 0) for k in range(jobs)]
    seeds = [args.seed if k == 0 else args.seed * 1000 + k for k in range(jobs)]
    if jobs == 1:
        stats = run(args.count, args.seed)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            stats = merged(pool.map(_worker, list(zip(shares, seeds))))
    print(summary(stats, jobs, args.seed))
    return 1 if stats["tracebacks"] or stats["dropped"] or stats["unreadable"] else 0


if __name__ == "__main__":
    sys.exit(main())
