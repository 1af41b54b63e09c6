"""Write ``tests/data/seed_windows.npy``: a digest of every run of 12 characters (whitespace
removed) of the course seeds that holds at least 6 Chinese characters, so
``tests/test_own_words.py`` can tell whether a sentence of ours repeats the seeds' wording
without the seeds in the repository (they live in ``../shared/seeds``).

Run it again when a seed changes: ``python scripts/seed_windows.py [SEEDS_DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from own_words import WINDOW, windows  # noqa: E402


def main(seeds: Path) -> None:
    import numpy as np

    text = "".join(p.read_text(encoding="utf-8") for p in sorted(seeds.glob("*.txt")))
    if not text:
        sys.exit(f"no seed text in {seeds}")
    out = ROOT / "tests" / "data" / "seed_windows.npy"
    digests = np.unique(np.array(sorted(windows(text)), dtype=np.uint64))
    np.save(out, digests)
    print(f"{out}: {len(digests)} runs of {WINDOW} characters")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "seeds")
