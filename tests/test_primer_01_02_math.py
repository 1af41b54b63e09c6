"""§01–§02 mathcore: every figure the seed states, at the precision it shows, plus references."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from mathcore import scalar
from mathcore.primer import recurrence
from scenes.registry import get
from scenes.style import fmt


def values(section, **over):
    s = get(section)
    return s.values(s.resolve(over))


def test_importing_mathcore_does_not_import_manim():
    code = ("import sys, pkgutil, importlib, mathcore, scenes.registry, scenes.style; "
            "[importlib.import_module(m.name) for m in pkgutil.walk_packages(mathcore.__path__, 'mathcore.')]; "
            "print('manim' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("z, shown", [(0.0, "1.000"), (2.0, "0.071")])
def test_tanh_slope_figures(z, shown):
    assert fmt(scalar.slope(z)) == shown


def test_final_state_at_default_w_h_is_0_841():
    v = values("primer-01-recurrence")
    assert v.tokens[-1] == 0.4 and len(v.tokens) == 8
    assert fmt(v.final_state) == "0.841"


def test_final_state_at_w_h_zero_is_own_token_only():
    v = values("primer-01-recurrence")
    assert fmt(v.final_state_at_zero) == "0.310"
    assert v.final_state_at_zero == pytest.approx(np.tanh(0.8 * 0.4))
    assert values("primer-01-recurrence", w_h=0.0).final_state == pytest.approx(np.tanh(0.32))


def test_recurrence_matches_hand_computation_two_steps():
    tr = scalar.recur([1.0, 0.5], w_h=0.5, w_x=1.0, b=0.0)
    h0 = np.tanh(1.0)
    assert tr.h[0] == pytest.approx(h0)
    assert tr.h[1] == pytest.approx(np.tanh(0.5 * h0 + 0.5))


def test_recurrence_matches_the_full_rnn_cell():
    from mathcore.cells import rnn

    x = np.array(recurrence.PRIMER_TOKENS)[:, None]
    tr = rnn.forward(x, np.array([[0.8]]), np.array([[1.4]]), np.zeros(1), np.zeros(1))
    assert np.allclose(tr.h[:, 0], scalar.recur(x[:, 0], 1.4, 0.8).h)


def test_walk_seven_hops_to_0_057():
    v = values("primer-02-vanishing")
    assert len(v.walk_factors) == 7
    assert fmt(v.walk_product[-1]) == "0.057"


def test_walk_product_is_the_true_gradient_dh7_dh0():
    v = values("primer-02-vanishing")
    tokens = np.array(recurrence.PRIMER_TOKENS)
    eps = 1e-6

    def h7(h0_shift):
        h = np.tanh(0.8 * tokens[0]) + h0_shift
        for x in tokens[1:]:
            h = np.tanh(0.9 * h + 0.8 * x)
        return h

    fd = (h7(eps) - h7(-eps)) / (2 * eps)
    assert v.walk_product[-1] == pytest.approx(fd, rel=1e-6)


def test_factor_figures():
    v = values("primer-02-vanishing")
    assert len(v.factors) == 40
    assert fmt(v.max_factor) == "0.884"
    assert v.max_factor < 0.9  # tanh' < 1 strictly, so every factor is below W_h
    assert fmt(v.pushed_max_factor) == "0.616"
    assert v.relu_max_factor == pytest.approx(1.6)


def test_long_chain_underflow_hop_161_and_end_value():
    v = values("primer-02-vanishing")
    assert len(v.hop_factors) == 200 and len(v.pre_activations) == 200
    assert v.product.dtype == np.float64
    assert v.float32_underflow_hop == 161
    assert v.product[159] >= np.finfo(np.float32).tiny > v.product[160]
    assert fmt(v.final_product) == "9.8×10⁻⁴⁸"
    assert v.float32_overflow_hop is None


def test_relu_crosses_float32_max_at_hop_189():
    v = values("primer-02-vanishing")
    assert v.relu_overflow_hop == 189
    assert v.relu_product[188] == pytest.approx(1.6 ** 189)
    r = values("primer-02-vanishing", activation="relu", w_h=1.6)
    assert r.float32_overflow_hop == 189 and r.float32_underflow_hop is None


def test_product_is_running_product_of_factors():
    v = values("primer-02-vanishing", chain_length=50)
    assert np.allclose(v.product, np.cumprod(v.hop_factors))


def test_clipping_84_to_5():
    v = values("primer-02-vanishing")
    assert fmt(v.clipped_norm, 1) == "5.0"
    assert v.clip_scale == pytest.approx(5 / 84)
    c = scalar.clip_global_norm(3.0, 5.0)
    assert c.scale == 1.0 and c.clipped_norm == 3.0  # a ceiling, not a floor


def test_global_norm_and_clip_on_arrays():
    g = [np.array([3.0, 4.0]), np.array([[12.0]])]
    assert scalar.global_norm(g) == pytest.approx(13.0)


def test_bad_activation_is_rejected():
    with pytest.raises(ValueError, match="tanh, relu"):
        scalar.slope(0.0, "sigmoid")


def test_fmt_rules():
    assert fmt(9.81e-48) == "9.8×10⁻⁴⁸"
    assert fmt(3.4e38) == "3.4×10³⁸"
    assert fmt(0.0565) == "0.057"
    assert fmt(float("inf")) == "∞" and fmt(float("nan")) == "nan"
