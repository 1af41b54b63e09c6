"""L6 values: one GRU step against a hand-worked reference at several (x, h_prev), the keep and
write shares summing to 1, and the comparison counts against closed forms."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.lstm_chapter import gru as G
from scenes.registry import get

SECTION = "lstm-06-gru"


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def gru_step_reference(x: float, h: float):
    """One 1-D GRU step worked by hand from the hand-set constants (PyTorch r, z, n)."""
    (wir,), (wiz,), (win,) = G.GRU_W_IH
    (whr,), (whz,), (whn,) = G.GRU_W_HH
    bir, biz, bin_ = G.GRU_B_IH
    r = sigmoid(wir * x + bir + whr * h)
    z = sigmoid(wiz * x + biz + whz * h)
    n = math.tanh(win * x + bin_ + r * (whn * h))
    return r, z, n, (1 - z) * n + z * h


@pytest.mark.parametrize("x,h", [(0.5, 0.4), (-3.0, -1.0), (3.0, 1.0), (0.0, 0.0), (-1.2, 0.7),
                                 (2.2, -0.3)])
def test_step_matches_reference(x, h):
    v = values(x=x, h_prev=h)
    r, z, n, hn = gru_step_reference(x, h)
    assert v.reset == pytest.approx(r, abs=1e-12)
    assert v.update == pytest.approx(z, abs=1e-12)
    assert v.candidate == pytest.approx(n, abs=1e-12)
    assert v.hidden == pytest.approx(hn, abs=1e-12)
    assert v.keep_share == pytest.approx(z) and v.write_share == pytest.approx(1 - z)
    assert v.kept + v.written == pytest.approx(v.hidden, abs=1e-12)
    assert v.keep_share + v.write_share == pytest.approx(1.0, abs=1e-15)
    assert 0 < v.reset < 1 and 0 < v.update < 1 and -1 < v.candidate < 1


def test_sweep_moves_z_and_shares_sum_to_one():
    v = values()
    assert v.sweep_x[0] == -3.0 and v.sweep_x[120] == 3.0 and v.sweep_x[-1] == pytest.approx(0.5)
    np.testing.assert_allclose(v.sweep_keep + v.sweep_write, 1.0, atol=1e-15)
    np.testing.assert_allclose(v.sweep_sum, 1.0, atol=1e-15)
    for k in (0, 37, 120, len(v.sweep_x) - 1):
        r, z, n, h = gru_step_reference(float(v.sweep_x[k]), 0.4)
        assert v.sweep_update[k] == pytest.approx(z) and v.sweep_hidden[k] == pytest.approx(h)
        assert v.sweep_candidate[k] == pytest.approx(n)
    # z moves across most of (0, 1): the update weight on x is negative
    assert v.update_low < 0.1 and v.update_high > 0.9
    assert np.all(np.diff(v.sweep_update[:121]) < 0)


def test_default_figures():
    v = values()
    assert f"{v.update:.2f}" == "0.54" and f"{v.hidden:.2f}" == "0.53"


def test_comparison_counts():
    v = values()
    assert (v.lstm_states, v.gru_states) == (2, 1)
    assert (v.lstm_gates, v.gru_gates) == (3, 2)
    assert (v.lstm_groups, v.gru_groups) == (4, 3)
    assert v.fewer_percent == 25.0
    h = d = v.count_h
    # the lecture's convention: one bias vector per gate and per candidate (as L7 and L8)
    assert v.lstm_params == 4 * h * (h + d) + 4 * h
    assert v.gru_params == 3 * h * (h + d) + 3 * h
    # PyTorch's layout keeps a second bias b_hh
    assert v.lstm_params_torch == v.lstm_params + 4 * h
    assert v.gru_params_torch == v.gru_params + 3 * h
    assert v.params_percent == pytest.approx(25.0)


def test_comparison_counts_agree_with_the_ledger():
    """L6 shows the same counts as L7 and L8 at the same size (one bias convention)."""
    from mathcore.lstm_chapter.ledger import gru_params, lstm_params
    v = values()
    assert v.lstm_params == lstm_params(v.count_h, v.count_h)
    assert v.gru_params == gru_params(v.count_h, v.count_h)
