"""§06 values at non-default settings against closed forms and a small reference written here;
the scene's fraction and ratio sentences chosen from the values."""

from __future__ import annotations

import math

import numpy as np
import pytest

from conftest import constructed
from harness import check_scene
from pins import CHOICES
from scenes.registry import get

SECTION = get("primer-06-cheatsheet")
ID = SECTION.id
GIB = 2**30


def values(**over):
    return SECTION.values(SECTION.resolve(over))


def ref_cache(context, layers, width, bpv, q, kv):
    head_dim = width // q
    return sum(2 * head_dim * bpv for _layer in range(layers) for _head in range(kv)) * context


SMALL = dict(layers=3, width=96, bytes_per_value=4, query_heads=12, kv_heads=4, gqa_kv_heads=2)


@pytest.mark.parametrize("over", [
    dict(SMALL, context=1000), dict(SMALL, context=1, kv_heads=12, gqa_kv_heads=12),
    dict(SMALL, context=7, kv_heads=1, gqa_kv_heads=6), {"kv_heads": 8},
    dict(context=2**24, layers=1024, width=65536, bytes_per_value=8, query_heads=1024,
         kv_heads=1024, gqa_kv_heads=1, accelerator_gib=1e6),
])
def test_cache_state_and_comparisons(over):
    p = SECTION.resolve(over)
    v = SECTION.values(p)
    args = (p["layers"], p["width"], p["bytes_per_value"], p["query_heads"])
    kv = ref_cache(p["context"], *args, p["kv_heads"])
    gqa = ref_cache(p["context"], *args, p["gqa_kv_heads"])
    state = p["layers"] * p["width"] * p["bytes_per_value"]
    assert (v.kv_cache_bytes, v.kv_cache_bytes_gqa, v.state_bytes) == (kv, gqa, state)
    assert v.ratio == pytest.approx(kv / state)
    assert v.ratio_compare == ("larger" if kv > state else "equal" if kv == state else "smaller")
    assert v.gqa_fraction == pytest.approx(p["gqa_kv_heads"] / p["kv_heads"])
    assert v.gqa_compare == ("smaller" if gqa < kv else "same" if gqa == kv else "larger")
    assert v.accelerator_fraction == pytest.approx(kv / (p["accelerator_gib"] * GIB))
    assert v.accelerator_fits == (kv <= p["accelerator_gib"] * GIB)


@pytest.mark.parametrize("context", [1, 2, 3, 1000, 1023, 1024, 1025, 131072, 2**24])
def test_context_sweep_whole_tokens(context):
    v = values(context=context)
    s = v.sweep_context
    k = min(10, int(math.floor(math.log2(context))))
    assert len(s) == k + 1 and s[-1] == context and s[0] >= 1
    for i, c in enumerate(s):                          # element by element
        assert c == round(context / 2 ** (k - i))
    assert v.sweep_fold == pytest.approx(context / s[0])
    f = v.frame_context
    assert f[0] == s[0] and f[-1] == context and np.all(np.diff(f) >= 0)
    assert f.dtype.kind == "i"
    for i in range(0, len(f), 5):
        c = int(f[i])
        assert v.frame_log2_context[i] == pytest.approx(math.log2(c))
        assert v.frame_log2_kv[i] == pytest.approx(math.log2(ref_cache(c, 32, 4096, 2, 32, 32)))
        assert v.frame_log2_kv_gqa[i] == pytest.approx(math.log2(ref_cache(c, 32, 4096, 2, 32, 8)))
        assert v.frame_log2_state[i] == pytest.approx(math.log2(32 * 4096 * 2))
    for i, c in enumerate(s):
        assert v.sweep_kv_cache_bytes[i] == ref_cache(int(c), 32, 4096, 2, 32, 32)


@pytest.mark.parametrize("over", [{}, {"context": 1}, {"context": 2}, {"kv_heads": 8},
                                  {"context": 64, "layers": 1, "width": 64, "query_heads": 64,
                                   "kv_heads": 1, "gqa_kv_heads": 1}])
def test_axes_hold_every_frame_and_ticks_stay_apart(over):
    v = values(**over)
    (xlo, xhi), (ylo, yhi) = v.axis_log2_context, v.axis_log2_bytes
    assert xhi - xlo >= 1 and yhi - ylo >= 1
    assert xlo <= v.frame_log2_context.min() and v.frame_log2_context.max() <= xhi
    for ys in (v.frame_log2_kv, v.frame_log2_kv_gqa, v.frame_log2_state):
        assert ylo <= ys.min() and ys.max() <= yhi
    for ticks, logs, lo, hi in ((v.tick_context, v.tick_log2_context, xlo, xhi),
                                (v.tick_bytes, v.tick_log2_bytes, ylo, yhi)):
        np.testing.assert_allclose(logs, np.log2(ticks.astype(float)))
        assert np.all(np.diff(logs) >= 0.12 * (hi - lo) - 1e-9)
        assert np.all((logs >= lo) & (logs <= hi))
    assert v.tick_bytes[-1] == v.kv_cache_bytes or v.tick_bytes[0] == v.kv_cache_bytes
    assert v.state_bytes in v.tick_bytes or any(
        abs(math.log2(v.state_bytes) - t) < 0.12 * (yhi - ylo) for t in v.tick_log2_bytes)


@pytest.mark.parametrize("length,window", [(1, 1), (64, 64), (64, 1), (256, 17)])
def test_tbptt_masks(length, window):
    v = values(sequence_length=length, tbptt_window=window)
    assert len(v.window_starts) == length - window + 1
    for s, g, f in zip(v.window_starts, v.gradient_mask, v.forward_mask):
        for j in range(length):
            assert g[j] == (s <= j < s + window) and f[j] == (j < s + window)


# ----- the scene: sentences chosen from the values -------------------------------------------

def _narration(scene, beat):
    return " ".join(line for line, _ in scene.records[beat]["narration"])


def test_readme_example_does_not_say_a_quarter():
    scene = constructed(ID, "en", {"kv_heads": 8, "context": 32768})
    text = _narration(scene, "kv_cache")
    assert "quarter" not in text and "changes nothing" in text
    assert not check_scene(scene, CHOICES[ID])


@pytest.mark.parametrize("over,words", [
    ({}, ["262,144 times larger", "drops to 0.25 of its size", "fills 0.8 of one 80 GiB"]),
    ({"context": 1, "kv_heads": 1}, ["smaller than the state", "0.0625 of it"]),
    ({"context": 16, "kv_heads": 1}, ["exactly the size of the state"]),
    ({"gqa_kv_heads": 32, "kv_heads": 16}, ["would grow 2 times"]),
    ({"accelerator_gib": 8.0}, ["8 times the memory of one 8 GiB", "does not fit"]),
    ({"sequence_length": 20, "tbptt_window": 20}, ["covers the whole sequence of 20 steps"]),
])
def test_fraction_sentences_bind_the_values(over, words):
    scene = constructed(ID, "en", over)
    text = " ".join(_narration(scene, b) for b in scene.BEATS)
    for w in words:
        assert w in text, (w, text)
    assert not check_scene(scene, CHOICES[ID])


# ----- the tight bound, the accelerator's share ---------------------------------------------
@pytest.mark.parametrize("context,width", [(1, 32), (2, 32), (131072, 4096), (2**24, 65536)])
def test_tight_bound_table(context, width):
    v = values(context=context, width=width)
    n, d = context, width
    assert (v.tight_n, v.tight_d) == (n, d)
    assert v.tight_depth == {"recurrent": n, "attention": 1}
    assert v.tight_path == {"recurrent": n - 1, "attention": min(1, n - 1)}
    assert v.tight_cost == {"recurrent": n * d * d, "attention": n * n * d}
    assert v.tight_case == ("one" if n == 1 else "two" if n == 2 else "many")


def test_tight_bound_defaults_as_shown():
    from scenes.style import format_value
    v = values()
    assert format_value(v.tight_cost["recurrent"], "texcount") == r"2.2\times10^{12}"
    assert format_value(v.tight_cost["attention"], "texcount") == r"7.0\times10^{13}"
    # a short context: whole counts, not 4096.000
    assert format_value(values(context=1).tight_cost["attention"], "texcount") == "4{,}096"


@pytest.mark.parametrize("gib,share", [(80.0, "most"), (64.0, "most"), (128.0, "fits"),
                                       (129.0, "fits"), (63.9, "exceeds")])
def test_accelerator_share(gib, share):
    v = values(accelerator_gib=gib)         # the default cache is 64 GiB
    assert v.accelerator_share == share
    assert v.accelerator_fits == (share != "exceeds")


def test_seed_cache_figures():
    v = values()
    assert v.kv_cache_bytes == 64 * GIB and v.state_bytes == 256 * 1024
    assert v.ratio == 262144 and v.accelerator_fraction == pytest.approx(0.8)
    assert v.kv_cache_bytes_gqa == 16 * GIB
