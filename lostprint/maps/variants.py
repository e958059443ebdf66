"""A variant as files: its map (JSON) and its printable (player sheet, or Crows setup diagram).

`variant_files` computes everything in memory; the caller writes the files (atomically) afterwards.
"""
from __future__ import annotations

from typing import NamedTuple

from lostprint.maps.generate import GENERATORS, generate


class VariantFile(NamedTuple):
    name: str
    data: bytes


def file_stem(game_id: str, seed: int, cols: int | None = None, rows: int | None = None) -> str:
    from lostprint.games import resolve

    info = resolve(game_id)
    kind = "layout" if game_id == "crows" else "map"
    stem = f"{info.number}-{info.id}-{kind}-{seed}" if info.number else f"{info.id}-{kind}-{seed}"
    default = GENERATORS[info.id][1]()
    if (cols or default[0], rows or default[1]) != default:
        stem += f"-{cols or default[0]}x{rows or default[1]}"
    return stem


def printable(game_id: str, variant, opts):
    """The Scene printed for a variant: the game's player sheet, or the Crows setup diagram."""
    if game_id == "crows":
        from lostprint.maps.crows import layout_scene

        return layout_scene(variant, opts)
    from lostprint.sheets import build_sheet

    return build_sheet(game_id, variant, opts)


MIN_FLATS_MM = 12.0


def small_hexes(scene) -> float | None:
    """Across-the-flats size (mm) of the sheet's hexes when under MIN_FLATS_MM (too small for a
    pencil), else None."""
    from lostprint.scene import Path, walk

    for item in walk(scene.items):
        if isinstance(item, Path) and item.role == "hex":
            ys = [p[1] for p in item.points]
            mm = (max(ys) - min(ys)) * 25.4 / 72
            return mm if mm < MIN_FLATS_MM - 1e-6 else None
    return None


def variant_files(game_id: str, seed: int, cols: int | None = None, rows: int | None = None, opts=None,
                  fmt: str = "pdf", dpi: int = 150, sheet: bool = True, warn=None) -> list[VariantFile]:
    """[map JSON, printable] for one seed, rendered in memory. `warn(message)` hears about a sheet
    whose hexes print too small for a pencil (a map much larger than the standard one)."""
    from lostprint.render import render
    from lostprint.sheets.common import SheetOptions

    opts = opts or SheetOptions()
    variant = generate(game_id, seed, cols, rows)
    stem = file_stem(game_id, seed, cols, rows)
    files = [VariantFile(f"{stem}.json", variant.to_json().encode("utf-8"))]
    if sheet:
        scene = printable(game_id, variant, opts)
        mm = small_hexes(scene)
        if mm is not None and warn is not None:
            warn(f"seed {seed}: at this size the hexes print {mm:.1f} mm across, under the "
                 f"{MIN_FLATS_MM:.0f} mm a pencil needs")
        suffix = f"-{opts.paper}" + ("-mono" if opts.ink == "mono" else "")
        options = {"dpi": dpi} if fmt == "png" else {}
        files.append(VariantFile(f"{stem}{suffix}.{fmt}", render(scene, fmt, **options)))
    return files


DEMO_SEEDS = (1, 2, 3)


def demo(out, quick: bool, log) -> list:
    """`lostprint demo`: a few variants of every game (map files and their printables) in out/maps/."""
    from pathlib import Path

    from lostprint.render import write_atomic
    from lostprint.sheets import has_sheet

    written = []
    for game_id in GENERATORS:
        for seed in DEMO_SEEDS[:1] if quick else DEMO_SEEDS:
            log(f"map {game_id} seed {seed}")
            sheet = game_id == "crows" or has_sheet(game_id)
            for f in variant_files(game_id, seed, sheet=sheet):
                written.append(write_atomic(Path(out) / "maps" / f.name, f.data))
    return written
