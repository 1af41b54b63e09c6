"""L1 values: the seed's figures at defaults, BPTT against an independent reference, bounds."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.cells import lstm
from mathcore.lstm_chapter import why
from scenes.registry import get

SECTION = get("lstm-01-why")


def values(**over):
    return SECTION.values(SECTION.resolve(over))


def sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z))


# ----- the seed's figures at defaults ----------------------------------------------------------
def test_seed_figures_at_defaults():
    v = values()
    assert v.steps == 40
    # "f ≈ 0.27" with the forget bias at -1: sigma(-1) and the measured mean gate
    assert f"{v.turned_gate:.2f}" == "0.27" and f"{v.lstm_mean_forget_turned:.2f}" == "0.27"
    assert round(v.turned_gate, 3) == 0.269
    # the RNN falls through many decades, the LSTM is nearly flat, the turned LSTM falls
    assert v.rnn_case == "falls" and v.rnn_decades > 10
    assert v.lstm_case == "flat" and abs(v.lstm_decades) < 1
    assert v.lstm_turned_case == "falls" and v.lstm_decades_turned > 10
    assert v.lstm_mean_forget > 0.9


@pytest.mark.parametrize("seed", range(6))
def test_rnn_curve_is_a_straight_falling_line(seed):
    v = values(seed=seed)
    steps = np.diff(v.rnn_log10)            # decades gained per step forward (lost going back)
    assert np.all(steps >= math.log10(2) - 1e-9)   # every backward step at most halves it
    assert np.std(steps[5:]) < 0.1           # nearly the same factor at every step
    assert v.rnn_decades > 10 and abs(v.lstm_decades) < 1.5 and v.lstm_decades_turned > 10


# ----- independent references --------------------------------------------------------------------
def reference_rnn_norms(v):
    """‖dL/dh_t‖ by explicit Jacobian-transpose products, written here."""
    x = why.inputs(v.steps)
    h, hs = np.zeros(4), []
    for t in range(v.steps):
        h = np.tanh(v.rnn_w_ih @ x[t] + v.rnn_b_ih + v.rnn_w_hh @ h + v.rnn_b_hh)
        hs.append(h)
    g, out = hs[-1].copy(), []
    for t in range(v.steps - 1, -1, -1):
        out.append(np.linalg.norm(g))
        g = v.rnn_w_hh.T @ (g * (1 - hs[t] ** 2))
    return np.array(out[::-1])


@pytest.mark.parametrize("over", [{}, {"seed": 11, "steps": 17}, {"seed": 5, "steps": 120}])
def test_rnn_norms_match_a_hand_written_bptt(over):
    v = values(**over)
    np.testing.assert_allclose(v.rnn_grad_norms, reference_rnn_norms(v), rtol=1e-10)
    assert np.allclose(np.linalg.svd(v.rnn_w_hh, compute_uv=False), 0.5)


def loss_from(v, bias, t, c_t):
    """½‖h_n‖² when the LSTM restarts at step t from cell c_t (h_t = o_t tanh c_t)."""
    b_ih, b_hh = why.with_forget_bias(v.lstm_b_ih, v.lstm_b_hh, bias)
    x = why.inputs(v.steps)
    full = lstm.forward(x, v.lstm_w_ih, v.lstm_w_hh, b_ih, b_hh)
    h_t = full.o[t] * np.tanh(c_t)
    if t == v.steps - 1:
        return 0.5 * float(h_t @ h_t)
    rest = lstm.forward(x[t + 1:], v.lstm_w_ih, v.lstm_w_hh, b_ih, b_hh, h0=h_t, c0=c_t)
    return 0.5 * float(rest.h[-1] @ rest.h[-1]), full


@pytest.mark.parametrize("over,t", [({"forget_bias": 0.4, "seed": 3, "steps": 12}, 2),
                                    ({"forget_bias": -2.5, "seed": 9, "steps": 9}, 6)])
def test_lstm_cell_gradient_by_finite_differences(over, t):
    v = values(**over)
    bias = over["forget_bias"]
    _, full = loss_from(v, bias, t, np.zeros(4))
    c = np.array(full.c[t])
    eps, grad = 1e-6, np.zeros(4)
    for k in range(4):
        e = np.zeros(4)
        e[k] = eps
        grad[k] = (loss_from(v, bias, t, c + e)[0] - loss_from(v, bias, t, c - e)[0]) / (2 * eps)
    assert math.isclose(np.linalg.norm(grad), v.lstm_grad_norms_turned[t], rel_tol=1e-5)


def test_mean_forget_and_sweep_ends():
    v = values(forget_bias=0.5, base_forget_bias=2.0, seed=4)
    assert math.isclose(v.turned_gate, sigmoid(0.5)) and math.isclose(v.base_gate, sigmoid(2.0))
    np.testing.assert_allclose(v.bias_sweep_log10[0], v.lstm_log10)
    np.testing.assert_allclose(v.bias_sweep_log10[-1], v.lstm_log10_turned)
    assert math.isclose(v.bias_sweep_mean_forget[-1], v.lstm_mean_forget_turned)
    assert v.bias_sweep[0] == 2.0 and v.bias_sweep[-1] == 0.5
    assert np.all((v.lstm_f > 0) & (v.lstm_f < 1))
    # the forget gate's total bias is the parameter
    assert v.lstm_b_ih[4:8].tolist() == [2.0] * 4 and v.lstm_b_hh[4:8].tolist() == [0.0] * 4


@pytest.mark.parametrize("over", [{"steps": 120, "forget_bias": -5.0, "seed": s} for s in range(8)]
                         + [{"steps": 120, "base_forget_bias": 5.0, "forget_bias": 5.0},
                            {"steps": 2, "forget_bias": 5.0, "base_forget_bias": -5.0}])
def test_bounds_stay_finite(over):
    v = values(**over)
    for a in (v.rnn_grad_norms, v.lstm_grad_norms, v.lstm_grad_norms_turned):
        assert np.all(a > np.finfo(float).tiny) and np.all(np.isfinite(a))
    assert np.all(np.isfinite(v.bias_sweep_log10))
    assert v.axis_bottom <= v.bias_sweep_log10.min() and v.bias_sweep_log10.max() <= v.axis_top
    assert len(v.axis_ticks) <= 6
