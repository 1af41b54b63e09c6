"""§02 values at non-default settings, against closed forms and small independent references.

The references here are written from the equations (a loop over the recurrence, finite
differences, float32 arithmetic one hop at a time), not from :mod:`mathcore.scalar`.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.primer import vanishing
from scenes.registry import get

SECTION = "primer-02-vanishing"


def values(**over):
    s = get(SECTION)
    return s.values(s.resolve(over))


def act(z, activation):
    return math.tanh(z) if activation == "tanh" else max(z, 0.0)


def dact(z, activation):
    return 1.0 - math.tanh(z) ** 2 if activation == "tanh" else (1.0 if z > 0 else 0.0)


def run(tokens, w_h, w_x, activation):
    """States and pre-activations of the scalar recurrence, h_{-1} = 0, no bias."""
    h, hs, zs = 0.0, [], []
    for x in tokens:
        z = w_h * h + w_x * x
        h = act(z, activation)
        zs.append(z)
        hs.append(h)
    return np.array(hs), np.array(zs)


# ----- the hop beat -----------------------------------------------------------------------------
@pytest.mark.parametrize("activation, w_h", [("tanh", 1.3), ("relu", 0.7), ("relu", 2.5)])
def test_hop_sweep_is_slope_times_w_h(activation, w_h):
    v = values(activation=activation, w_h=w_h)
    want = [dact(z, activation) * w_h for z in v.hop_sweep_z]
    np.testing.assert_allclose(v.hop_sweep_factor, want, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(v.hop_sweep_slope, [dact(z, activation) for z in v.hop_sweep_z])
    # the sweep ends where the bar meets the W_h line: slope 1, factor W_h
    assert v.hop_peak_slope == 1.0 and v.hop_peak_factor == pytest.approx(w_h)
    assert v.hop_peak_z == (0.0 if activation == "tanh" else 1.0)
    assert v.hop_sweep_factor.max() <= w_h + 1e-12
    assert v.hop_case == activation


def test_hop_case_at_w_h_zero():
    for a in ("tanh", "relu"):
        v = values(activation=a, w_h=0.0)
        assert v.hop_case == "zero" and not v.hop_sweep_factor.any()


def test_relu_bar_equals_w_h_exactly_on_the_positive_side():
    v = values(activation="relu", w_h=1.7)
    pos = v.hop_sweep_z > 0
    assert np.all(v.hop_sweep_factor[pos] == 1.7) and np.all(v.hop_sweep_factor[~pos] == 0.0)


# ----- the backward walk ------------------------------------------------------------------------
@pytest.mark.parametrize("activation, w_h, w_x", [("tanh", 1.2, -0.7), ("relu", 1.1, 0.9),
                                                  ("tanh", 0.5, 2.0)])
def test_walk_products_element_by_element(activation, w_h, w_x):
    tokens = (0.3, -1.2, 0.8, 0.5, -0.2, 1.1, 0.4, 0.7)
    v = values(activation=activation, w_h=w_h, w_x=w_x, tokens=tokens)
    h, z = run(tokens, w_h, w_x, activation)
    np.testing.assert_allclose(v.walk_states, h)
    factors = [dact(z[t], activation) * w_h for t in range(7, 0, -1)]   # h_7 -> h_6 first
    np.testing.assert_allclose(v.walk_factors, factors, rtol=1e-12)
    np.testing.assert_allclose(v.walk_product, np.cumprod(factors), rtol=1e-12)
    assert v.walk_seed == 1.0 and v.walk_hops == 7


def test_walk_products_are_finite_difference_gradients():
    """walk_product[i] is dh_7/dh_{6-i}: nudge that state and run the rest of the chain."""
    tokens, w_h, w_x = (0.5, 0.6, 0.7, -0.4, -0.6, 0.6, -0.5, 0.4), 1.25, 0.8
    v = values(w_h=w_h, w_x=w_x, tokens=tokens)
    h, _ = run(tokens, w_h, w_x, "tanh")
    eps = 1e-6
    for i in range(7):
        t = 6 - i

        def h7(shift, t=t):
            s = h[t] + shift
            for x in tokens[t + 1:]:
                s = math.tanh(w_h * s + w_x * x)
            return s

        fd = (h7(eps) - h7(-eps)) / (2 * eps)
        assert v.walk_product[i] == pytest.approx(fd, rel=1e-6, abs=1e-10), i


# ----- the factor bars --------------------------------------------------------------------------
def test_factor_rows_and_cases():
    v = values(factor_steps=12, pushed_w_h=1.5, relu_w_h=0.8)
    x = vanishing.chain_tokens(201, vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE)
    _, z = run(x, 1.5, 0.8, "tanh")
    want = [dact(zz, "tanh") * 1.5 for zz in z[1:13]]
    np.testing.assert_allclose(v.pushed_factors, want, rtol=1e-12)
    assert v.pushed_max_factor == max(want) and v.pushed_min_factor == min(want)
    assert v.relu_bars_case == "below"          # 0.8 or 0 everywhere
    assert v.bars_case == "below"               # tanh at 0.9
    assert v.pushed_bars_case == ("below" if max(want) < 1 else "reaches")
    assert values(relu_w_h=1.6).relu_bars_case == "above"
    assert values(relu_w_h=1.0).relu_bars_case == "reaches"
    assert v.factor_axis_top >= max(1.0, v.pushed_max_factor, v.relu_max_factor)


# ----- the long product -------------------------------------------------------------------------
def test_long_chain_products_element_by_element():
    v = values(chain_length=30, w_h=1.1, activation="tanh")
    x = vanishing.chain_tokens(31, vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE)
    _, z = run(x, 1.1, 0.8, "tanh")
    factors = [dact(zz, "tanh") * 1.1 for zz in z[1:]]
    np.testing.assert_allclose(v.hop_factors, factors, rtol=1e-12)
    np.testing.assert_allclose(v.product, np.cumprod(factors), rtol=1e-12)
    np.testing.assert_allclose(v.product_log, np.log10(np.cumprod(factors)), rtol=1e-10)


@pytest.mark.parametrize("over, case", [({"chain_length": 100}, "within"),
                                        ({}, "under"),
                                        ({"activation": "relu", "w_h": 1.6}, "over")])
def test_product_case_follows_float32_range(over, case):
    v = values(**over)
    assert v.product_case == case
    tiny, big = np.finfo(np.float32).tiny, np.finfo(np.float32).max
    if case == "within":
        assert np.all((v.product >= tiny) & (v.product <= big))
        assert v.float32_underflow_hop is None and v.float32_overflow_hop is None


def test_relu_product_in_float32_overflows_exactly_when_float64_passes_the_max():
    x = vanishing.chain_tokens(201, vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE)
    for w, case in ((1.6, "over"), (1.3, "within")):
        v = values(relu_w_h=w)
        _, z = run(x, w, 0.8, "relu")
        acc = np.float32(1.0)
        with np.errstate(over="ignore"):
            for zz in z[1:]:
                acc = np.float32(acc * np.float32(dact(zz, "relu") * w))
        assert v.relu_product_case == case
        assert v.relu_product_f32 == float(acc) or (math.isinf(acc)
                                                    and math.isinf(v.relu_product_f32))
        assert math.isinf(v.relu_product_f32) == (case == "over")


def test_dead_relu_zero_sits_on_the_axis_floor_without_stretching_it():
    v = values(relu_w_h=0.8, chain_scale=0.0)       # every z = 0: ReLU' = 0, product 0
    assert v.relu_product[0] == 0.0 and v.relu_product_case == "under"
    assert v.product_axis_lo >= -96
    assert np.all(v.relu_product_log == v.product_axis_lo)


def test_log_axis_covers_both_limits_and_the_curves():
    for over in ({}, {"w_h": 0.5, "chain_length": 1000}, {"relu_w_h": 3.0, "chain_length": 600}):
        v = values(**over)
        assert v.product_axis_lo <= v.f32_tiny_log < v.f32_max_log <= v.product_axis_hi
        assert (v.product_axis_hi - v.product_axis_lo) / v.product_axis_step <= 6
        assert v.product_log.min() >= v.product_axis_lo and v.product_log.max() <= v.product_axis_hi


# ----- clipping ---------------------------------------------------------------------------------
@pytest.mark.parametrize("norm, th", [(3.0, 5.0), (5.0, 5.0), (84.0, 5.0), (0.0, 1.0), (1e6, 0.5)])
def test_clipping_against_the_rule(norm, th):
    v = values(clip_norm=norm, clip_threshold=th)
    scale = min(1.0, th / norm) if norm else 1.0
    assert v.clip_scale == pytest.approx(scale)
    assert v.clipped_norm == pytest.approx(norm * scale)
    assert v.clip_case == ("clipped" if norm > th else "passes")
    assert v.clip_sweep_norm[0] == norm and v.clip_sweep_norm[-1] == pytest.approx(v.clipped_norm)
    assert v.clip_axis_top >= max(norm, th)


def test_small_gradient_clipping():
    v = values(clip_threshold=0.01)
    g = abs(v.walk_product[-1])
    assert v.small_gradient == g and v.small_clip_case == "clipped"
    assert v.small_clipped_norm == pytest.approx(0.01)
    assert values().small_clip_scale == 1.0 and values().small_clip_case == "passes"
    assert v.clip_zoom_top >= max(1.3 * 0.01, 1.1 * g)


def test_factor_steps_never_exceed_the_chain():
    v = values(chain_length=10, factor_steps=12)
    assert v.factor_steps == 10 == len(v.factors) == len(v.relu_factors)


# ----- the reviewer's cases, on screen ---------------------------------------------------------
@pytest.mark.parametrize("params, beat, key, lang", [
    ({"activation": "relu"}, "hop_bar", "hop.note.relu", "en"),
    ({"activation": "relu"}, "hop_bar", "hop.note.say.relu", "zh"),
    ({"clip_norm": 3.0}, "clipping", "clip.case.say.passes", "en"),
    ({"clip_norm": 3.0}, "clipping", "clip.case.passes", "en"),
    ({"chain_length": 100}, "product_log", "product.within", "en"),
    ({"chain_length": 100}, "product_log", "product.main.within", "zh"),
])
def test_sentences_follow_the_values(params, beat, key, lang):
    from conftest import constructed
    from harness import check_scene
    from pins import CHOICES

    scene = constructed(SECTION, lang, params)
    rec = scene.records[beat]
    keys = {b.key for _, b in rec["texts"] if b is not None} | {rec["claim"][1].key}
    keys |= {b.key for _, b in rec["narration"]}
    assert key in keys, sorted(k for k in keys if k)
    assert not check_scene(scene, CHOICES[SECTION])
    said = " ".join(line for line, _ in rec["narration"]) + rec["claim"][0]
    assert "only at z = 0" not in said and "norm of 3 is above" not in said
    assert "below float32" not in said


# ----- the hidden chain -------------------------------------------------------------------------
def test_chosen_chain_reproduces_every_seed_figure():
    """The chain's hidden inputs give every figure the seed states, §03's step 9 included."""
    figs = vanishing.chain_figures(vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE,
                                   vanishing.PUSHED_W_H)
    assert figs == vanishing.SEED_FIGURES
    assert vanishing.SEED_FIGURES == {"underflow_hop": 161, "final_product": "9.8e-48",
                                      "max_factor": "0.884", "relu_overflow_hop": 189,
                                      "pushed_max_factor": "0.616", "below_0_01_step": 9}
    # the same figures from the section's values, at its defaults, by a hand loop
    x = vanishing.chain_tokens(201, vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE)
    _, z = run(x, 0.9, 0.8, "tanh")
    prod = np.cumprod([dact(zz, "tanh") * 0.9 for zz in z[1:]])
    assert int(np.flatnonzero(prod < np.finfo(np.float32).tiny)[0]) + 1 == 161
    assert int(np.flatnonzero(prod < 0.01)[0]) + 1 == 9
    assert f"{prod[-1]:.1e}" == "9.8e-48"
    _, zr = run(x, 1.6, 0.8, "relu")
    assert np.all(zr[1:] > 0)                   # every ReLU hop is on: the product is 1.6^k
    assert 1.6 ** 188 <= np.finfo(np.float32).max < 1.6 ** 189     # so it passes at hop 189
    _, zp = run(x, vanishing.PUSHED_W_H, 0.8, "tanh")
    assert f"{max(dact(zz, 'tanh') * vanishing.PUSHED_W_H for zz in zp[1:41]):.3f}" == "0.616"
    assert vanishing.PUSHED_W_H > 1.0           # pushed past 1, the bars still stay below it


def test_the_seeds_figures_do_not_pin_the_chain_down():
    """Other chains give every §02 figure and cross 0.01 elsewhere (the old one at step 7)."""
    for seed, scale, step in ((144264, 1.0836, 7), (67769, 1.3356, 12), (249110, 1.21, 5)):
        figs = vanishing.chain_figures(seed, scale, vanishing.PUSHED_W_H)
        assert {k: figs[k] for k in ("underflow_hop", "final_product", "max_factor",
                                     "relu_overflow_hop")} == {
            k: vanishing.SEED_FIGURES[k] for k in ("underflow_hop", "final_product",
                                                   "max_factor", "relu_overflow_hop")}
        assert figs["below_0_01_step"] == step
    assert vanishing.chain_figures(144264, 1.0836, 6.38)["pushed_max_factor"] == "0.616"


def test_search_finds_the_chosen_chain():
    near = range(vanishing.CHAIN_SEED - 300, vanishing.CHAIN_SEED + 300)
    assert vanishing.search_chains(near, target_step=9) == [
        (vanishing.CHAIN_SEED, vanishing.CHAIN_SCALE, 9)]
    assert vanishing.search_chains(range(144200, 144300)) == [(144264, 1.0836, 7)]


# ----- many dimensions: the singular-value beat --------------------------------------------------
def reference_matrix(sigma, width, seed):
    """W = Q diag(l) Q^T rescaled to largest singular value sigma, built here from the recipe."""
    rng = np.random.default_rng(seed)
    q, _ = np.linalg.qr(rng.standard_normal((width, width)))
    lam = rng.uniform(-1.0, 1.0, width)
    lam = lam * sigma / np.abs(lam).max()
    return q @ np.diag(lam) @ q.T


@pytest.mark.parametrize("sigma, width, seed, hops", [
    (0.5, 8, 2013, 40), (0.9, 3, 7, 25), (1.0, 8, 2013, 40), (1.2, 8, 2013, 40),
    (2.0, 16, 1, 60), (1.05, 64, 99, 200), (0.1, 2, 0, 5)])
def test_largest_singular_value_decides_the_product(sigma, width, seed, hops):
    v = values(dims_sigma=sigma, dims_width=width, dims_seed=seed, dims_hops=hops)
    w = reference_matrix(sigma, width, seed)
    np.testing.assert_allclose(w, vanishing.dims_matrix(sigma, width, seed), atol=1e-12)
    sv = np.linalg.svd(w, compute_uv=False)
    assert sv[0] == pytest.approx(sigma) and v.dims_sigma_max == pytest.approx(sigma)
    np.testing.assert_allclose(v.dims_singular_values, sv, rtol=1e-9, atol=1e-12)
    assert (v.dims_width, v.dims_seed, v.dims_hops) == (width, seed, hops)
    np.testing.assert_array_equal(v.dims_k, np.arange(hops + 1))
    # ||W^k|| from numpy's matrix_power and 2-norm, every k (no unit saturated: tanh' = 1)
    want = [math.log10(np.linalg.norm(np.linalg.matrix_power(w, k), 2)) for k in range(hops + 1)]
    np.testing.assert_allclose(v.dims_log_norm, want, rtol=1e-9, atol=1e-9)
    # symmetric: the largest singular value decides alone, sigma^k
    np.testing.assert_allclose(v.dims_log_norm, np.arange(hops + 1) * math.log10(sigma),
                               rtol=1e-9, atol=1e-9)
    assert v.dims_product_norm == pytest.approx(sigma ** hops, rel=1e-9)
    assert v.dims_log_product == pytest.approx(hops * math.log10(sigma), abs=1e-9)
    norm = sigma ** hops
    assert v.dims_case == ("holds" if abs(norm - 1) < 5e-4 else
                           "grows" if norm > 1 else "shrinks")


@pytest.mark.parametrize("sigma", [0.3, 0.8, 1.0, 1.2, 1.7])
def test_sigma_sweep_straddles_1_and_ends_at_the_parameter(sigma):
    v = values(dims_sigma=sigma, dims_hops=30, dims_width=5, dims_seed=11)
    sw = v.dims_sweep_sigma
    assert sw[0] == sigma and sw[-1] == sigma and v.dims_sweep_turns[-1] == len(sw) - 1
    assert sw.min() == v.dims_sweep_low <= min(0.8, sigma) and sw.min() < 1.0
    assert sw.max() == v.dims_sweep_high >= max(1.2, sigma) and sw.max() > 1.0
    assert list(v.dims_sweep_turns) == sorted(set(v.dims_sweep_turns))
    w1 = reference_matrix(1.0, 5, 11)
    for j in (0, len(sw) // 3, v.dims_sweep_turns[0], len(sw) - 1):
        ws = sw[j] * w1
        want = [math.log10(np.linalg.norm(np.linalg.matrix_power(ws, k), 2))
                for k in range(31)]
        np.testing.assert_allclose(v.dims_sweep_log_norm[j], want, rtol=1e-9, atol=1e-9)
        assert v.dims_sweep_log_product[j] == pytest.approx(want[-1], abs=1e-9)
        np.testing.assert_allclose(v.dims_sweep_singular[j],
                                   np.linalg.svd(ws, compute_uv=False), rtol=1e-9, atol=1e-12)
    # the sweep ends on the parameter's own curve
    np.testing.assert_allclose(v.dims_sweep_log_norm[-1], v.dims_log_norm, atol=1e-9)
    # every curve, and 10^0, inside the log axis; ticks on its grid; the strip holds every sigma
    lo, hi, step = v.dims_axis_lo, v.dims_axis_hi, v.dims_axis_step
    assert lo <= min(0.0, v.dims_sweep_log_norm.min()) and hi >= max(0.0, v.dims_sweep_log_norm.max())
    assert (hi - lo) / step <= vanishing.DIMS_MAX_LINES and lo % step == 0 and hi % step == 0
    np.testing.assert_array_equal(v.dims_y_ticks, np.arange(lo, hi + 1, step))
    assert v.dims_strip_top >= max(sw.max(), 1.0)


def test_sigma_sweep_default_is_down_then_up():
    v = values()
    sw, turns = v.dims_sweep_sigma, v.dims_sweep_turns
    assert sw[turns[0]] == pytest.approx(0.8) and sw[turns[1]] == pytest.approx(1.2)
    assert len(turns) == 2 and sw[-1] == 1.2                # the way back has length 0: left out
    assert v.dims_case == "grows" and f"{v.dims_product_norm:,.0f}" == "1,470"


@pytest.mark.parametrize("over", [{}, {"w_h": 1.2}, {"w_h": 0.0}])
def test_product_curves_start_at_one_then_follow_the_logs(over):
    """The product beat's curve points: hop 0 is a product of 1 (log 0), then each hop's log."""
    v = values(**over)
    for curve, log in ((v.product_curve, v.product_log), (v.relu_product_curve, v.relu_product_log)):
        assert len(curve) == len(v.product_hops) and curve[0] == 0.0
        np.testing.assert_array_equal(curve[1:], log)
