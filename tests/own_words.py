"""Runs of characters shared with the course seeds (``tests/test_own_words.py``).

A run is :data:`WINDOW` characters of a text with its whitespace removed, counted when at
least :data:`CJK` of them are Chinese; its digest is the first 8 bytes of BLAKE2b, so the
seeds' runs can be kept in ``tests/data/seed_windows.npy`` (``scripts/seed_windows.py``)
without the seeds' text.
"""

from __future__ import annotations

import hashlib
import re

WINDOW = 12
CJK = 6
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _digest(run: str) -> int:
    return int.from_bytes(hashlib.blake2b(run.encode("utf-8"), digest_size=8).digest(), "big")


def runs(text: str) -> list[str]:
    """Every run of :data:`WINDOW` characters of ``text`` (whitespace removed) with at least
    :data:`CJK` Chinese characters."""
    t = _norm(text)
    return [t[i:i + WINDOW] for i in range(len(t) - WINDOW + 1)
            if len(_HAN.findall(t[i:i + WINDOW])) >= CJK]


def windows(text: str) -> set[int]:
    """The digests of :func:`runs`."""
    return {_digest(r) for r in runs(text)}


def shared_runs(text: str, seed_digests) -> list[str]:
    """The runs of ``text`` that are runs of the seeds too."""
    import numpy as np

    found = np.isin(np.array([_digest(r) for r in runs(text)], dtype=np.uint64), seed_digests)
    return [r for r, hit in zip(runs(text), found) if hit]
