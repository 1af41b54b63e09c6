"""§05 values at non-default settings against closed forms and a small reference written here;
the scene at its parameter bounds (windows and samples, sentences chosen from the values)."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from conftest import constructed
from harness import check_scene
from pins import CHOICES
from scenes.registry import get

SECTION = get("primer-05-attention")
ID = SECTION.id


def values(**over):
    return SECTION.values(SECTION.resolve(over))


@pytest.mark.parametrize("n,d", [(1, 1), (7, 100), (100, 7), (64, 64), (4096, 65536), (3, 2)])
def test_costs_and_verdict(n, d):
    v = values(n=n, d=d, path_target=0)
    assert v.cost == {"recurrent": n * d * d, "attention": n * n * d}
    # the whole layers, by an enumeration of their products (each (a x b)(b x c): a b c)
    products = {"recurrent": [(1, d, d)] * (2 * n),                 # W_x x_t and W_h h_t-1
                "attention": [(n, d, d)] * 4 + [(n, d, n), (n, n, d)]}   # Q K V O, QK^T, AV
    assert v.cost_whole == {k: sum(a * b * c for a, b, c in ps) for k, ps in products.items()}
    want = "attention" if n * n * d < n * d * d else (
        "recurrent" if n * n * d > n * d * d else "equal")
    assert v.cheaper == want and v.cost_crossover_n == d
    assert v.here_log2_n == pytest.approx(math.log2(n))
    assert v.here_log_recurrent == pytest.approx(math.log10(n * d * d))
    assert v.here_log_attention == pytest.approx(math.log10(n * n * d))


@pytest.mark.parametrize("d", [1, 5, 128, 700, 2048, 3000, 65536])
def test_sweep_frames_are_computed_curves(d):
    v = values(d=d)
    f = v.frame_d
    assert f[0] == d and f[-1] == d
    assert f.max() == max(2048, d) and f.min() == min(128, d)
    steps = np.abs(np.diff(np.log2(f)))
    assert np.all(steps <= 1 / 12 + 1e-9)            # at most a twelfth of an octave a frame
    for i in range(0, len(f), 7):
        dd = f[i]
        ref_r = [math.log10(n * dd * dd) for n in v.curve_n]
        ref_a = [math.log10(n * n * dd) for n in v.curve_n]
        np.testing.assert_allclose(v.frame_log_recurrent[i], ref_r, atol=1e-9)
        np.testing.assert_allclose(v.frame_log_attention[i], ref_a, atol=1e-9)
        assert v.frame_cross_log2_n[i] == pytest.approx(math.log2(dd))
        assert v.frame_cross_log[i] == pytest.approx(math.log10(dd * dd * dd))
    np.testing.assert_allclose(v.frame_log_recurrent[0], v.curve_log_recurrent)
    np.testing.assert_allclose(v.frame_log_attention[-1], v.curve_log_attention)
    lo, hi = v.cost_axis_log
    every = np.concatenate([v.frame_log_recurrent.ravel(), v.frame_log_attention.ravel()])
    assert lo <= every.min() and every.max() <= hi
    assert np.all((v.tick_exp >= lo) & (v.tick_exp <= hi)) and len(v.tick_exp) >= 2
    assert len(set(np.diff(v.tick_exp))) == 1
    np.testing.assert_array_equal(v.tick_n, [1, 16, 256, 4096, 65536])
    np.testing.assert_allclose(v.tick_log2_n, [0, 4, 8, 12, 16])


@pytest.mark.parametrize("n", [1, 2, 15, 16, 17, 4096])
def test_grid_window(n):
    v = values(n=n, path_target=0)
    g = min(n, 16)
    assert v.grid_shown == g and v.grid_windowed == (n > 16)
    np.testing.assert_array_equal(v.grid_busy_recurrent, np.eye(g))
    want = np.zeros((g, g))
    want[:, 0] = 1
    np.testing.assert_array_equal(v.grid_busy_attention, want)
    assert v.sequential_depth == {"recurrent": n, "attention": 1}


@pytest.mark.parametrize("n,k", [(1, 0), (2, 1), (12, 0), (12, 1), (30, 23), (30, 24), (50, 37),
                                 (4096, 4095)])
def test_path_and_staircase_sample(n, k):
    v = values(n=n, path_target=k)
    assert v.path_length == {"recurrent": k, "attention": 0 if k == 0 else 1}
    assert v.path_tokens == k + 1
    t = v.stair_tokens
    assert t[0] == 0 and t[-1] == k and np.all(np.diff(t) > 0)
    assert v.stair_drawn == len(t) == min(k + 1, 24) and v.stair_sampled == (k + 1 > 24)
    if not v.stair_sampled:
        np.testing.assert_array_equal(t, np.arange(k + 1))
    for i, tok in enumerate(t):            # element by element: k multiplications, or one edge
        assert v.stair_recurrent[i] == tok
        assert v.stair_attention[i] == (0 if tok == 0 else 1)


@pytest.mark.parametrize("n,n_long", [(1, 1), (12, 24), (24, 25), (4096, 65536), (300, 3)])
def test_bottleneck_counts_and_sample(n, n_long):
    v = values(n=n, n_long=n_long, d=37, path_target=0)
    assert v.bottleneck_numbers == v.bottleneck_numbers_long == 37
    assert v.direct_numbers == n * 37 and v.direct_numbers_long == n_long * 37
    for drawn, count, sampled, total in ((v.enc_drawn, v.enc_drawn_count, v.enc_sampled, n),
                                         (v.enc_drawn_long, v.enc_drawn_count_long,
                                          v.enc_sampled_long, n_long)):
        assert drawn[0] == 0 and drawn[-1] == total - 1 and np.all(np.diff(drawn) > 0)
        assert count == len(drawn) == min(total, 24) and sampled == (total > 24)


# ----- the scene: sentences chosen from the values, bounds construct quickly -----------------

def _narration(scene, beat):
    return " ".join(line for line, _ in scene.records[beat]["narration"])


@pytest.mark.parametrize("k,variant", [(0, "zero"), (1, "one"), (5, "many")])
def test_path_narration_follows_the_target(k, variant):
    scene = constructed(ID, "en", {"path_target": k})
    narration = scene.records["path_staircase"]["narration"]
    assert narration[-1][1].key == f"path.say.{variant}"
    text = _narration(scene, "path_staircase")
    if k == 0:
        assert "single edge" not in text and "0 for the recurrent layer, 0 for attention" in text
    readouts = scene.readouts["path_staircase"]
    assert readouts["path_length_attention"] == str(0 if k == 0 else 1)


@pytest.mark.parametrize("n,d,word", [(12, 512, "on this count attention is cheaper"),
                                      (1000, 512, "on this count recurrence is cheaper"),
                                      (512, 512, "each need")])
def test_cost_sentence_states_the_comparison(n, d, word):
    scene = constructed(ID, "en", {"n": n, "d": d, "path_target": 0})
    text = _narration(scene, "cost_curves")
    assert word in text
    # issue 21: what each side counts is said, and the whole layers are given beside it
    assert "Vaswani et al. (2017, Table 1)" in text and "Neither is a whole layer" in text
    assert f"{2 * n * d * d:,} and {4 * n * d * d + 2 * n * n * d:,} multiply-adds" in text
    assert "per layer" not in text
    assert not check_scene(scene, CHOICES[ID])


@pytest.mark.parametrize("params", [
    {"n": 4096, "d": 65536, "n_long": 65536, "path_target": 4095},
    {"n": 4096, "d": 1, "n_long": 1, "path_target": 2},
])
def test_bounds_construct_quickly_and_say_what_is_drawn(params):
    t = time.time()
    scene = constructed(ID, "en", params)
    assert time.time() - t < 40
    assert not check_scene(scene, CHOICES[ID])
    keys = {b.key for beat in scene.BEATS for _, b in scene.records[beat]["texts"]
            if b is not None}
    assert "grid.window" in keys
    assert ("path.sample" in keys) == (params["path_target"] + 1 > 24)
    assert ("bottle.sample" in keys) == (params["n_long"] > 24)


# ----- the worked attention row, the grid's n sweep ------------------------------------------
def _row_by_hand(q, keys, vals):
    scores = [(q[0] * k[0] + q[1] * k[1]) / math.sqrt(2) for k in keys]
    top = max(scores)
    e = [math.exp(x - top) for x in scores]
    w = [x / sum(e) for x in e]
    return scores, w, sum(wi * vi for wi, vi in zip(w, vals))


@pytest.mark.parametrize("query", [(1.0, 0.5), (0.0, 0.0), (-3.0, 3.0), (3.0, 3.0)])
def test_attention_row_scores_softmax_weighted_sum(query):
    v = values(query=query)
    scores, w, out = _row_by_hand(query, v.example_keys, v.example_values)
    np.testing.assert_allclose(v.example_scores, scores, atol=1e-12)
    np.testing.assert_allclose(v.example_weights, w, atol=1e-12)
    assert np.all(v.example_weights > 0) and v.example_weight_sum == pytest.approx(1.0)
    assert v.example_output == pytest.approx(out)
    np.testing.assert_allclose(v.example_terms, np.asarray(w) * v.example_values)
    assert v.example_top == int(np.argmax(w))


def test_attention_row_defaults():
    v = values()
    np.testing.assert_allclose(v.example_scores, [0.7071, 0.3536, 1.0607, -0.5303], atol=1e-4)
    np.testing.assert_allclose(v.example_weights, [0.2927, 0.2055, 0.4168, 0.0849], atol=1e-4)
    assert v.example_top == 2 and round(v.example_output, 2) == 0.25


@pytest.mark.parametrize("n", [1, 2, 12, 16, 17, 20, 4096])
def test_grid_sweep_stops(n):
    v = values(n=n, path_target=0)
    s = v.grid_sweep_n
    assert s[0] == 1 and s[-1] == n and np.all(np.diff(s) > 0) and len(s) <= 16
    if n <= 16:
        np.testing.assert_array_equal(s, np.arange(1, n + 1))
    np.testing.assert_array_equal(v.grid_sweep_shown, np.minimum(s, 16))
    np.testing.assert_array_equal(v.grid_sweep_depth_recurrent, s)
    assert set(v.grid_sweep_depth_attention) == {1}
