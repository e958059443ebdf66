"""How fast are variant maps? Maps per second (generate + check + player sheet as PDF) at the
standard size and at about ten times the hexes, and how the time grows with the hex count.

Run: python benchmarks/bench_maps.py [--seeds N]
A growth ratio near 1.0 means the time per hex stays the same (linear); 2.0 would mean doubling
the hexes quadruples the time.
"""
from __future__ import annotations

import argparse
import math
import time

from lostprint.app.commands import variant_printable
from lostprint.games import resolve, with_part
from lostprint.maps.check import check_map
from lostprint.maps.generate import generate, generator_of
from lostprint.options import PrintOptions
from lostprint.render import render


def printable(game: str, variant, opts: PrintOptions):
    return variant_printable(resolve(game), variant, opts)


def cells(variant) -> int:
    return len(variant.squares) if hasattr(variant, "squares") else len(variant.hexes)


def run(game: str, cols: int, rows: int, seeds: int) -> dict:
    opts = PrintOptions()
    t_gen = t_sheet = t_pdf = 0.0
    size = 0
    for seed in range(seeds):
        t0 = time.perf_counter()
        variant = generate(game, seed, cols, rows)
        assert check_map(variant) == []
        t1 = time.perf_counter()
        scene = printable(game, variant, opts)
        t2 = time.perf_counter()
        render(scene, "pdf")
        t3 = time.perf_counter()
        t_gen += t1 - t0
        t_sheet += t2 - t1
        t_pdf += t3 - t2
        size = cells(variant)
    total = t_gen + t_sheet + t_pdf
    return {"hexes": size, "per_s": seeds / total, "ms": 1000 * total / seeds, "gen_ms": 1000 * t_gen / seeds,
            "sheet_ms": 1000 * t_sheet / seeds, "pdf_ms": 1000 * t_pdf / seeds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=40, help="maps per measurement")
    args = ap.parse_args()
    # warm up imports and font loading so the first game does not pay for them
    render(printable("lost-expedition", generate("lost-expedition", 0), PrintOptions()), "pdf")
    print(f"{'game':<16} {'size':>7} {'hexes':>6} {'maps/s':>8} {'ms/map':>8} {'gen+chk':>8} "
          f"{'sheet':>7} {'pdf':>7}")
    for game, (_, default_size, limits) in ((g.id, generator_of(g.id)) for g in with_part("generator")):
        cols, rows = default_size()
        sizes = [(cols, rows)]
        if game != "crows":  # a Crows layout always has 13 tiles
            k = math.sqrt(10)
            big = (min(limits[0][1], round(cols * k)), min(limits[1][1], round(rows * k)))
            sizes.append(big)
        results = []
        for c, r in sizes:
            res = run(game, c, r, args.seeds)
            results.append(res)
            print(f"{game:<16} {f'{c}x{r}':>7} {res['hexes']:>6} {res['per_s']:>8.1f} {res['ms']:>8.1f} "
                  f"{res['gen_ms']:>8.1f} {res['sheet_ms']:>7.1f} {res['pdf_ms']:>7.1f}")
        if len(results) == 2:
            small, large = results
            hex_ratio = large["hexes"] / small["hexes"]
            time_ratio = large["ms"] / small["ms"]
            gen_ratio = large["gen_ms"] / small["gen_ms"]
            print(f"{'':<16} x{hex_ratio:.1f} hexes -> x{time_ratio:.1f} time (growth ratio "
                  f"{math.log(time_ratio) / math.log(hex_ratio):.2f}; generate+check alone x{gen_ratio:.1f}, "
                  f"growth {math.log(gen_ratio) / math.log(hex_ratio):.2f})")


if __name__ == "__main__":
    main()
