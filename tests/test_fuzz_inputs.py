"""A small seeded sample of benchmarks/fuzz_inputs.py: mutated saves, maps, records and counts files
through validate, render, sheet --map and kit --counts, with no traceback (the full run is 10,000
files; see the script)."""
from __future__ import annotations

import random
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
fuzz = pytest.importorskip("fuzz_inputs")


@pytest.mark.parametrize("seed", [12, 13])
def test_mutated_files_never_end_in_a_traceback(tmp_path, seed):
    rng = random.Random(seed)
    kinds = fuzz.sources() + [("counts", None)] * 2
    bases = {(kind, path): fuzz.base_text(kind, path) for kind, path in kinds}
    for n in range(12):
        kind, source = rng.choice(kinds)
        text, ext = fuzz.mutated(rng, kind, source, bases)
        folder = tmp_path / f"f{n}"
        folder.mkdir()
        file = folder / f"case.{ext}"
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        game = {"lost-crew": "1672", "lost-crows": "1872"}.get(source.stem if source else "", "1572")
        for argv in fuzz.commands(kind, file, folder / "out", game):
            if argv[0] != "validate":
                argv = argv[:-2] + ["-o", "/dev/null"]  # the sample checks the readers, not the PDFs
            code, err = fuzz.run(argv)
            assert code is not None and "Traceback" not in err, (n, kind, argv[0], text[:300], err[-1500:])
            assert code in (0, 1, 2)


@pytest.mark.parametrize("category", sorted(fuzz.CATEGORIES))
def test_the_second_set_never_ends_in_a_traceback(tmp_path, category):
    """Files carrying values of one category (long strings, deep nesting, odd YAML scalars, huge
    numbers, unicode oddities) in place of their own, through every reader of their kind."""
    rng = random.Random(f"second set {category}")
    kinds = fuzz.sources() + [("counts", None)]
    bases = {(kind, path): fuzz.base_text(kind, path) for kind, path in kinds}
    for n in range(5):
        kind, source = kinds[(n * 3 + len(category)) % len(kinds)]
        text, ext = fuzz.category_mutated(rng, kind, source, bases, category)
        folder = tmp_path / f"f{n}"
        folder.mkdir()
        file = folder / f"case.{ext}"
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        game = {"lost-crew": "1672", "lost-crows": "1872"}.get(source.stem if source else "", "1572")
        for argv in fuzz.commands(kind, file, folder / "out", game):
            if argv[0] != "validate":
                argv = argv[:-2] + ["-o", "/dev/null"]
            code, err = fuzz.run(argv)
            assert code is not None and "Traceback" not in err, (n, kind, argv[0], text[:300], err[-1500:])
            assert code in (0, 1, 2)
