"""How long from a click in `lostprint edit` to the validator's answer, on a 42-day 1572 save?

CPU time (time.process_time, which counts the server's thread too: the client and the server run
in this one process), A and B interleaved, median of rounds:

- A: one click = POST /TOKEN/api/check through the real local server (JSON in, merge into the
  round-trip document, dump the YAML, parse it with the project's loader, replay every day, JSON
  out). Goal: under 100 ms.
- B: the floor: the same save's replay alone (replay_data on the already parsed tree).

The clicks alternate between adding a hex to the last day's moves (a problem appears) and taking
it back (the problem goes), as a user does.

Run: python benchmarks/bench_edit.py [--rounds N]
A ratio below 1.00 meets the goal.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import tempfile
import time
from pathlib import Path

GOAL_MS = 100.0


def long_save() -> dict:
    """The first careful 1572 game that lasts every day of the limit (42)."""
    from lostprint.games.lost_expedition import RULES
    from lostprint.players.lost_expedition import simulate_1572

    seed = next(s for s in range(1000) if len(simulate_1572(s)["days"]) == RULES.day_limit)
    data = simulate_1572(seed)
    for d in data["days"]:
        d.pop("log", None)
    return data


def main() -> None:
    from lostprint.edit.server import start
    from lostprint.edit.session import EditSession
    from lostprint.files import parse_text
    from lostprint.saves.emit import to_yaml
    from lostprint.saves.validate import replay_data

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    args = ap.parse_args()

    data = long_save()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.yaml"
        path.write_text(to_yaml(data, "a 42-day game for the edit benchmark"))
        server, thread = start(EditSession(path))
        host, port = server.server_address
        conn = http.client.HTTPConnection(host, port, timeout=60)
        st = json.loads(_get(conn, f"/{server.token}/api/state"))
        save = st["save"]
        tree = parse_text(path.read_text(), str(path), "yaml")
        last = save["days"][-1]
        here = (last.get("moved") or [st["map"]["start"]])[-1]

        def click(n: int) -> int:
            moved = list(last.get("moved", []))
            last["moved"] = moved + [here] if n % 2 == 0 else moved[:-1] if moved and moved[-1] == here and \
                len(moved) > len(data["days"][-1].get("moved", [])) else moved
            body = json.dumps({"save": save}).encode()
            conn.request("POST", f"/{server.token}/api/check", body, {"Content-Type": "application/json"})
            resp = conn.getresponse()
            answer = json.loads(resp.read())
            return len(answer["problems"])

        click(0), click(1)  # warm
        a_ms, b_ms, seen = [], [], set()
        for n in range(args.rounds):
            t0 = time.process_time()
            seen.add(click(n))
            a_ms.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            replay_data(tree, str(path))
            b_ms.append((time.process_time() - t0) * 1000)
        conn.close()
        server.shutdown()
        server.server_close()
        thread.join(5)
    a, b = statistics.median(a_ms), statistics.median(b_ms)
    print(f"42-day 1572 save, {args.rounds} rounds, CPU ms (median); problems seen per answer: {sorted(seen)}")
    print(f"A click -> validator answer (HTTP, merge, dump, parse, replay): {a:7.1f} ms   "
          f"ratio to the {GOAL_MS:.0f} ms goal: {a / GOAL_MS:.2f}")
    print(f"B replay alone (the floor):                                  {b:7.1f} ms   A/B: {a / b:.2f}")


def _get(conn, path: str) -> bytes:
    conn.request("GET", path)
    return conn.getresponse().read()


if __name__ == "__main__":
    main()
