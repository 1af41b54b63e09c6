"""The lecture's sentences are its own: facts and figures come from the course seeds, their
wording does not (DEVELOPERS.md). No Chinese text a section shows or says (its ``script
--json``, as the goldens hold it) repeats 12 characters of a seed in a row (whitespace aside,
at least 6 of them Chinese): a title, a label, a claim or a narration line copied or nearly
copied from a seed shows up here. The seeds' runs are kept as digests
(``tests/data/seed_windows.npy``, written by ``scripts/seed_windows.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from own_words import WINDOW, shared_runs

HERE = Path(__file__).parent
GOLDEN = sorted((HERE / "golden").glob("*.zh.json"))


def _strings(o):
    if isinstance(o, str):
        yield o
    elif isinstance(o, dict):
        for v in o.values():
            yield from _strings(v)
    elif isinstance(o, list):
        for v in o:
            yield from _strings(v)


def test_the_digests_cover_the_seeds():
    seeds = np.load(HERE / "data" / "seed_windows.npy")
    assert len(seeds) > 10_000 and seeds.dtype == np.uint64


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name.split(".")[0])
def test_no_text_repeats_a_seeds_wording(golden):
    seeds = np.load(HERE / "data" / "seed_windows.npy")
    texts = set(_strings(json.loads(golden.read_text(encoding="utf-8"))))
    found = {t: shared_runs(t, seeds) for t in sorted(texts)}
    found = {t[:60]: runs[0] for t, runs in found.items() if runs}
    assert not found, (f"{len(found)} text(s) repeat {WINDOW} characters of a seed "
                       f"(text: first run shared): {found}")


def test_a_copied_sentence_is_found():
    """The check itself: a seed's heading, once copied into pre-04, is found."""
    seeds = np.load(HERE / "data" / "seed_windows.npy")
    assert len(GOLDEN) == 24
    assert shared_runs("名字里的连字符：更长的短期记忆", seeds)
