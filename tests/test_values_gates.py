"""§03 values at non-default settings against closed forms and small independent references,
and the reviewer's cases on screen (a bias other than 0, a short f^k beat)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.primer import gates
from mathcore.primer.vanishing import CHAIN_SCALE, CHAIN_SEED
from scenes.registry import get

SECTION = "primer-03-gates"


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


# --------------------------------------------------------------------------------------------
# independent references (plain Python loops)
# --------------------------------------------------------------------------------------------

def rnn_product_reference(steps: int, w_h: float, seed: int = CHAIN_SEED,
                          scale: float = CHAIN_SCALE) -> list[float]:
    """§02's long chain worked by hand: tokens scale * U(-1, 1) from default_rng(seed), h_{-1} = 0,
    z_t = w_h h_{t-1} + 0.8 x_t, hop t = (1 - tanh(z_t)^2) w_h for t = 1..steps."""
    x = scale * np.random.default_rng(seed).uniform(-1.0, 1.0, size=steps + 1)
    h, prod, out = 0.0, 1.0, [1.0]
    for t, xt in enumerate(x):
        z = w_h * h + 0.8 * float(xt)
        h = math.tanh(z)
        if t:
            prod *= (1.0 - math.tanh(z) ** 2) * w_h
            out.append(prod)
    return out


def lstm_reference(tokens):
    """The 1-D LSTM of the path beat by hand (gate order i, f, g, o as in torch.nn.LSTM)."""
    wx, wh, b = gates.LSTM_PATH_W_X, gates.LSTM_PATH_W_H, gates.LSTM_PATH_B
    h = c = 0.0
    cells, forgets = [], []
    for x in tokens:
        pre = [wx[j] * x + wh[j] * h + b[j] for j in range(4)]
        i, f, g, o = sigmoid(pre[0]), sigmoid(pre[1]), math.tanh(pre[2]), sigmoid(pre[3])
        c = f * c + i * g
        h = o * math.tanh(c)
        cells.append(c)
        forgets.append(f)
    return cells, forgets


# --------------------------------------------------------------------------------------------
# f^k and the RNN product
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("f, steps", [(0.8, 37), (0.5, 12), (0.99, 300), (1.0, 50), (0.0, 4)])
def test_forget_curve_element_by_element(f, steps):
    v = values(forget=f, steps=steps)
    want = [f**k for k in range(steps + 1)]
    np.testing.assert_allclose(v.forget_curve, want, rtol=1e-12, atol=0)
    assert v.forget_product == pytest.approx(want[-1], rel=1e-12, abs=0)
    below = [k for k, x in enumerate(want) if x < 0.01]
    assert v.forget_below_0_01_step == (below[0] if below else None)
    assert v.forget_crossing == ("stays" if below else "never")
    np.testing.assert_array_equal(v.curve_k, np.arange(steps + 1))


@pytest.mark.parametrize("w_h, steps", [(0.9, 100), (0.5, 20), (1.3, 60), (2.5, 30), (0.0, 3)])
def test_rnn_curve_element_by_element(w_h, steps):
    v = values(rnn_w_h=w_h, steps=steps)
    want = rnn_product_reference(steps, w_h)
    np.testing.assert_allclose(v.rnn_curve, want, rtol=1e-9, atol=1e-300)
    below = [k for k, x in enumerate(want) if x < 0.01]
    assert v.rnn_below_0_01_step == (below[0] if below else None)
    assert v.rnn_product == pytest.approx(want[-1], rel=1e-9, abs=1e-300)


def test_rnn_curve_follows_the_chain_parameters():
    """§03 reads the chain from its own parameters: another seed or scale moves the crossing."""
    for seed, scale, step in ((144264, 1.0836, 7), (67769, 1.3356, 12), (249110, 1.21, 5),
                              (CHAIN_SEED, CHAIN_SCALE, 9)):
        v = values(chain_seed=seed, chain_scale=scale)
        np.testing.assert_allclose(v.rnn_curve, rnn_product_reference(100, 0.9, seed, scale),
                                   rtol=1e-9)
        assert v.rnn_below_0_01_step == step


def test_default_rnn_product_crosses_at_the_seeds_step_9():
    v = values()
    want = rnn_product_reference(100, 0.9)
    assert want[9] < 0.01 <= want[8]
    assert v.rnn_below_0_01_step == 9 and v.rnn_crossing == "stays"


def test_rnn_product_may_not_cross_within_the_steps():
    v = values(steps=5)
    assert v.rnn_below_0_01_step is None and v.rnn_crossing == "never"
    assert min(v.rnn_curve) >= 0.01
    assert values(rnn_w_h=0.0).rnn_below_0_01_step == 1   # a zero weight kills it at once


def test_crossing_names():
    assert gates.crossing(np.array([1.0, 0.5, 0.005, 0.001]), 0.01) == "stays"
    assert gates.crossing(np.array([1.0, 0.005, 0.02]), 0.01) == "returns"
    assert gates.crossing(np.array([1.0, 0.5]), 0.01) == "never"


@pytest.mark.parametrize("steps, want", [(1, [0, 1]), (2, [0, 1, 2]), (5, [0, 2, 5]),
                                         (100, [0, 50, 100]), (999, [0, 500, 999])])
def test_curve_ticks(steps, want):
    assert values(steps=steps).curve_x_ticks.tolist() == want


# --------------------------------------------------------------------------------------------
# the one-step track
# --------------------------------------------------------------------------------------------

def test_track_sweep_at_other_settings():
    v = values(track_forget=0.3, track_input=0.6, track_c_prev=2.0, track_candidate=0.9)
    f, i = v.track_sweep_forget, v.track_sweep_input
    full, empty, back, i_full = (v.track_sweep_full, v.track_sweep_empty, v.track_sweep_back,
                                 v.track_sweep_input_full)
    assert f[0] == 0.3 and f[full] == 1.0 and f[empty] == 0.0 and f[back] == 0.3
    assert np.all(np.diff(f[: full + 1]) > 0) and np.all(np.diff(f[full:empty + 1]) < 0)
    assert np.all(np.diff(f[empty:back + 1]) > 0) and np.all(f[back:] == 0.3)
    # i holds while f moves, then moves up to 1 and down to 0 while f holds
    assert np.all(i[: back + 1] == 0.6) and i[i_full] == 1.0 and i[-1] == 0.0
    assert np.all(np.diff(i[back:i_full + 1]) > 0) and np.all(np.diff(i[i_full:]) < 0)
    for fk, ik, kept, written, dropped, cell in zip(f, i, v.track_sweep_kept,
                                                    v.track_sweep_written, v.track_sweep_dropped,
                                                    v.track_sweep_cell):
        assert kept == pytest.approx(fk * 2.0)
        assert written == pytest.approx(ik * 0.9)
        assert dropped == pytest.approx((1 - fk) * 2.0)
        assert cell == pytest.approx(fk * 2.0 + ik * 0.9)
    assert v.track_written == pytest.approx(0.54)
    assert v.wiped_cell == pytest.approx(v.track_sweep_cell[empty])
    assert v.accumulator_cell == pytest.approx(v.track_sweep_cell[full])
    assert v.track_full_input_cell == pytest.approx(v.track_sweep_cell[i_full]) == 0.6 + 0.9
    assert v.track_empty_input_cell == pytest.approx(v.track_sweep_cell[-1]) == pytest.approx(0.6)
    assert (v.track_full_forget, v.track_empty_forget) == (1.0, 0.0)


def test_forget_sweep_moves_f_and_the_whole_curve():
    v = values(forget=0.8, steps=30)
    f = v.forget_sweep
    assert f[0] == 0.8 and f[-1] == 0.8
    assert f[v.forget_sweep_low] == gates.FORGET_SWEEP[0]
    assert f[v.forget_sweep_high] == gates.FORGET_SWEEP[1]
    assert v.forget_sweep_curves.shape == (len(f), 31)
    for fk, curve, prod in zip(f, v.forget_sweep_curves, v.forget_sweep_product):
        np.testing.assert_allclose(curve, [fk**k for k in range(31)], rtol=1e-12)
        assert prod == pytest.approx(fk**30, rel=1e-12)
    np.testing.assert_allclose(v.forget_sweep_curves[-1], v.forget_curve)


@pytest.mark.parametrize("gf, c, g", [(0.7, 1.0, 0.8), (0.0, 2.0, 0.5), (1.0, 0.4, 1.0),
                                      (0.25, 0.0, 0.6)])
def test_gru_track_ties_the_write_to_one_minus_keep(gf, c, g):
    v = values(gru_forget=gf, track_c_prev=c, track_candidate=g)
    for f, w, kept, written, cell in zip(v.gru_sweep_forget, v.gru_sweep_write, v.gru_sweep_kept,
                                         v.gru_sweep_written, v.gru_sweep_cell):
        assert w == pytest.approx(1 - f) and kept == pytest.approx(f * c)
        assert written == pytest.approx((1 - f) * g) and cell == pytest.approx(f * c + (1 - f) * g)
        assert cell <= max(c, g) + 1e-12          # a weighted average never exceeds both
    assert v.gru_sweep_forget[0] == gf == v.gru_sweep_forget[-1]
    assert v.gru_sweep_forget.min() == 0.0 and v.gru_sweep_forget.max() == 1.0
    assert v.gru_cell == pytest.approx(gf * c + (1 - gf) * g)
    assert v.gru_cell_max == max(c, g) and v.lstm_both_cell == pytest.approx(c + g)
    assert v.gru_vs_lstm == ("less" if c > 0 and g > 0 else "same")


# --------------------------------------------------------------------------------------------
# the cell path beside §01
# --------------------------------------------------------------------------------------------

def test_cell_path_against_hand_lstm_at_other_tokens():
    tokens = (1.5, -2.0, 0.3, 0.0, 2.5, -0.7, 1.1, -3.0)
    v = values(tokens=tokens, path_w_h=-0.7)
    cells, forgets = lstm_reference(tokens)
    np.testing.assert_allclose(v.path_cell, cells, rtol=1e-12)
    np.testing.assert_allclose(v.path_forget, forgets, rtol=1e-12)
    np.testing.assert_allclose(v.path_cell_product, np.cumprod(forgets[:0:-1]), rtol=1e-12)
    h, states = 0.0, []
    for x in tokens:
        h = math.tanh(-0.7 * h + 0.8 * x)
        states.append(h)
    np.testing.assert_allclose(v.path_rnn_states, states, rtol=1e-12)


# --------------------------------------------------------------------------------------------
# the forget-bias pitfall
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("b, n, fix", [(0.5, 30, 1.0), (-0.5, 500, 1.0), (2.25, 7, 1.0),
                                       (1.0, 20, 1.0), (4.0, 1, 1.0), (-1.0, 20, 1.0),
                                       (-0.73, 500, 1.0), (0.0, 20, 2.5), (0.0, 20, -0.8),
                                       (1.5, 40, 1.5), (3.0, 20, -1.0), (-1.0, 10, 4.0)])
def test_bias_at_other_biases(b, n, fix):
    v = values(forget_bias=b, bias_steps=n, bias_fix=fix)
    g, g_fix = sigmoid(b), sigmoid(fix)
    assert v.bias_gate == pytest.approx(g, rel=1e-12)
    assert v.bias_retention == pytest.approx(g**n, rel=1e-9)
    assert v.bias_log10_retention == pytest.approx(n * math.log10(g), rel=1e-12)
    assert v.bias_fix == fix and v.bias_recommended == 1.0
    assert v.bias_fix_case == ("recommended" if fix == 1.0 else "other")
    assert v.bias_gate_at_fix == pytest.approx(g_fix)
    assert v.bias_retention_at_fix == pytest.approx(g_fix ** n, rel=1e-9)
    assert v.bias_log10_retention_at_fix == pytest.approx(n * math.log10(g_fix), rel=1e-12)
    want = "equal" if b == fix else "below" if b < fix else "above"
    assert v.bias_vs_fix == want
    # what the sentence of each case claims: the fix keeps more below, less above
    if want == "below":
        assert v.bias_retention_at_fix > v.bias_retention
    elif want == "above":
        assert v.bias_retention_at_fix < v.bias_retention
    # the dot slides from the chosen bias to the fix along the curve
    assert v.bias_path[0] == b and v.bias_path[-1] == fix
    for bb, gg, hh in zip(v.bias_path, v.bias_path_gate, v.bias_path_height):
        assert gg == pytest.approx(sigmoid(bb))
        assert hh == pytest.approx(n * math.log10(sigmoid(bb)) - v.bias_y_bottom)
    assert v.bias_height == pytest.approx(n * math.log10(g) - v.bias_y_bottom)
    assert v.bias_height_at_fix == pytest.approx(n * math.log10(g_fix) - v.bias_y_bottom)
    # the curve reaches both biases (below the seed's -0.5 it is extended, same step)
    lowest = min(b, fix, gates.BIAS_SWEEP_RANGE[0])
    assert v.bias_sweep[0] <= lowest + 1e-12 and v.bias_sweep[-1] == gates.BIAS_SWEEP_RANGE[1]
    assert np.diff(v.bias_sweep) == pytest.approx(4.5 / (gates.BIAS_SWEEP_POINTS - 1))
    assert v.bias_sweep[0] > lowest - 0.05
    assert np.all(v.bias_sweep_height >= -1e-9)


def test_bias_fix_has_the_forget_bias_bounds():
    """Both ends of the pitfall beat's slide take the same range: the chapter's -1 up to the
    sweep's right end."""
    from scenes.registry import get
    schema = get("primer-03-gates").schema
    fb, fix = schema.get("forget_bias"), schema.get("bias_fix")
    assert (fix.min, fix.max) == (fb.min, fb.max) == (gates.BIAS_MIN, gates.BIAS_SWEEP_RANGE[1])
    assert fix.default == gates.BIAS_RECOMMENDED == 1.0


def test_forget_bias_goes_down_to_the_chapter_minus_one():
    """The LSTM chapter turns the forget bias to -1 (f = 0.27); the primer's parameter admits
    it, and the seed's sweep from -0.5 is unchanged at the default."""
    p = get("primer-03-gates").schema.params
    bias = next(x for x in p if x.name == "forget_bias")
    assert bias.min == -1.0
    assert round(sigmoid(-1.0), 2) == 0.27
    assert values().bias_sweep[0] == gates.BIAS_SWEEP_RANGE[0]
    assert len(values().bias_sweep) == gates.BIAS_SWEEP_POINTS


@pytest.mark.parametrize("n", [1, 5, 20, 77, 200, 500])
def test_bias_axis_holds_the_curve(n):
    v = values(bias_steps=n)
    lowest = n * math.log10(sigmoid(gates.BIAS_SWEEP_RANGE[0]))
    ticks = v.bias_y_ticks.tolist()
    assert ticks[0] == 0 and ticks[-1] == v.bias_y_bottom <= lowest
    assert 2 <= len(ticks) <= 5
    steps = {a - b for a, b in zip(ticks, ticks[1:])}
    assert steps == {v.bias_y_step}
    assert np.all(v.bias_sweep_height >= 0) and np.all(v.bias_sweep_height <= -v.bias_y_bottom)
    np.testing.assert_allclose(v.bias_sweep_log10_retention,
                               n * np.log10(1 / (1 + np.exp(-v.bias_sweep))), rtol=1e-12)
    assert np.isfinite(v.bias_retention) and v.bias_retention > 0


def test_json_of_values_is_strict():
    import json
    s = get(SECTION)
    json.dumps(s.values_json(s.resolve({"steps": 5, "forget_bias": 0.5})), allow_nan=False)


# --------------------------------------------------------------------------------------------
# the reviewer's cases, on screen
# --------------------------------------------------------------------------------------------

def _script(params, lang="en"):
    from conftest import constructed
    from scenes.script import script
    return {b["beat"]: b for b in script(constructed(SECTION, lang, params))["beats"]}


def test_bias_half_and_short_curve_on_screen():
    beats = _script({"forget_bias": 0.5, "steps": 5})
    bias = beats["bias_pitfall"]
    assert "With bias 0.5, f is 0.622" in bias["narration"]
    assert "bias 0," not in bias["narration"] and "bias 0 " not in bias["narration"]
    assert "more than at bias 0.5" in bias["narration"]
    assert bias["readouts"]["bias_at"].startswith("$b_f$ = 0.5")    # the number in the lecture font
    curve = beats["forget_curve"]
    text = curve["narration"] + " ".join(curve["readouts"].values())
    assert "None" not in text and "as computed" not in text
    assert "stays at or above 0.01 for all 5 steps" in curve["narration"]
    assert "usable" not in text


def test_default_curve_shows_the_computed_step():
    curve = _script({})["forget_curve"]
    assert curve["readouts"]["rnn_note"] == "RNN $<$ 0.01 at step 9"      # the seed's step
    assert "(as computed" not in " ".join(curve["labels"])
    # f^k itself ends below 0.01 at the default: the narration says where, not "usable"
    assert "falls below 0.01 at step 90" in curve["narration"]
    assert "usable" not in curve["narration"]
