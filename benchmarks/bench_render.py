"""Benchmark: `lostprint render` on a 42-day save with a long journal, as a whole process.

    python benchmarks/bench_render.py [--runs 5]

Plays a full 42-day game of 1572 with the seeded simulator, gives every day a long journal entry
(several paragraphs, accents, quotes, <, &), writes it as YAML, then times the real command
`python -m lostprint render SAVE -o OUT.pdf` from start to exit. Reports each run, the best and
the median, the page count, and whether two runs wrote identical bytes. Target: under 1 second.
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("river jungle morale musket maize cataract fever village trail delta hills swamp forest lake "
         "conquistador friar rain jaguar heron canoe cassava smoke ridge ford mist compass ration "
         "Alcalá Seville señor niño café «quote» “said” <sign> & co.").split()


def journal(day: int, paragraphs: int = 4, words: int = 90) -> str:
    """Deterministic prose-like text: the same for the same day."""
    out = []
    for p in range(paragraphs):
        digest = hashlib.sha256(f"{day}:{p}".encode()).digest()
        picks = [WORDS[(digest[i % 32] + i * 7) % len(WORDS)] for i in range(words)]
        sentences = []
        for i in range(0, len(picks), 12):
            chunk = picks[i:i + 12]
            sentences.append(" ".join(chunk).capitalize() + ".")
        out.append(" ".join(sentences))
    return "\n".join(out)


def make_save(folder: Path) -> Path:
    from lostprint.saves.emit import to_yaml
    from lostprint.players.lost_expedition import simulate_1572
    from lostprint.saves.validate import replay_data

    seed = next(s for s in range(100) if len(simulate_1572(s)["days"]) == 42)
    data = {k: v for k, v in simulate_1572(seed).items() if v is not None}
    data.update(title="Forty-Two Days", player="Benchmark")
    for day in data["days"]:
        day.pop("log", None)
        day["journal"] = journal(day["day"])
    outcome = data.pop("outcome")
    _, played = replay_data(data, "bench")
    data["outcome"] = {"result": outcome["result"], "score": played.total}
    path = folder / "bench-42-days.yaml"
    path.write_text(to_yaml(data), encoding="utf-8")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        save = make_save(folder)
        words = len(save.read_text(encoding="utf-8").split())
        times, digests = [], set()
        for i in range(args.runs):
            out = folder / f"out{i}.pdf"
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "lostprint", "render", str(save), "-o", str(out)],
                                  capture_output=True, text=True)
            elapsed = time.perf_counter() - t0
            if proc.returncode != 0:
                print(proc.stderr)
                return 1
            times.append(elapsed)
            digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
            print(f"run {i + 1}: {elapsed:.3f} s")
        pages = subprocess.run(["pdfinfo", str(folder / "out0.pdf")], capture_output=True, text=True).stdout
        count = next((line.split()[-1] for line in pages.splitlines() if line.startswith("Pages:")), "?")
        best, median = min(times), statistics.median(times)
        print(f"42 days, {words} words of YAML, {count} pages: best {best:.3f} s, median {median:.3f} s; "
              f"identical bytes: {'yes' if len(digests) == 1 else 'NO'}")
        print("OK: under 1 second" if median < 1.0 else "SLOW: over 1 second")
        return 0 if median < 1.0 and len(digests) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
