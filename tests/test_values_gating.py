"""P4 gating values against independent references: torch autograd for every derivative, the
closed form f^k for the gate circuit, hand-worked steps, and the figures shown at the defaults.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from mathcore.prehistory import gating as G
from scenes.registry import get
from scenes.style import format_value

SID = "pre-04-gating"


def values(**over):
    s = get(SID)
    return s.values(s.resolve(over))


def torch_loss(theta):
    return 0.5 * theta**2 + G.CLIFF_HEIGHT * torch.sigmoid(
        G.CLIFF_STEEPNESS * (theta - G.CLIFF_AT))


# ----- the cliff ------------------------------------------------------------------------------

@pytest.mark.parametrize("theta", [-6.0, -1.0, 0.0, 1.3, 1.5, 1.52, 2.0, 3.5])
def test_cliff_gradient_matches_autograd(theta):
    t = torch.tensor(theta, dtype=torch.float64, requires_grad=True)
    torch_loss(t).backward()
    assert float(G.cliff_grad(theta)) == pytest.approx(float(t.grad), rel=1e-12, abs=1e-12)
    assert float(G.cliff_loss(theta)) == pytest.approx(float(torch_loss(t.detach())), rel=1e-12)


def test_clip_rescales_only_above_the_threshold():
    g = np.array([3.0, 4.0])                       # norm 5
    np.testing.assert_allclose(G.clip(g, 10.0), g)
    np.testing.assert_allclose(G.clip(g, 5.0), g)
    np.testing.assert_allclose(G.clip(g, 1.0), [0.6, 0.8])
    assert np.linalg.norm(G.clip(g * 100, 2.5)) == pytest.approx(2.5)


def _descent_by_torch(theta0, n, tau):
    """Descent written from the page's rule with torch gradients."""
    th, out = float(theta0), [float(theta0)]
    for _ in range(n):
        t = torch.tensor(th, dtype=torch.float64, requires_grad=True)
        torch_loss(t).backward()
        g = float(t.grad)
        if tau is not None and abs(g) > tau:
            g = g * tau / abs(g)
        th = th - G.LEARNING_RATE * g
        out.append(th)
    return np.array(out)


@pytest.mark.parametrize("start, n, tau", [(3.5, 15, 5.0), (2.3, 40, 0.05), (4.0, 7, 1000.0)])
def test_both_descents_match_a_torch_loop(start, n, tau):
    v = values(start=start, descent_steps=n, clip_threshold=tau)
    np.testing.assert_allclose(v.theta_plain, _descent_by_torch(start, n, None), rtol=1e-10,
                               atol=1e-10)
    np.testing.assert_allclose(v.theta_clipped, _descent_by_torch(start, n, tau), rtol=1e-10,
                               atol=1e-10)
    assert v.largest_step_clipped <= v.step_cap + 1e-12
    assert v.view_lo < min(v.theta_plain.min(), v.theta_clipped.min())
    assert v.view_hi > max(v.theta_plain.max(), v.theta_clipped.max(), v.wall_at)


def test_first_step_by_hand():
    # far from the wall the gradient is θ: θ_1 = 3.5 − 0.1 × 3.5 = 3.15 (the wall adds ~1e-30)
    v = values()
    assert v.theta_plain[1] == pytest.approx(3.15, abs=1e-12)
    assert v.theta_clipped[1] == pytest.approx(3.15, abs=1e-12)   # |g| = 3.5 ≤ τ = 5


def test_cliff_figures_at_the_defaults():
    v = values()
    shown = {k: format_value(x, "dec:2") for k, x in (
        ("plain", v.theta_plain[15]), ("clipped", v.theta_clipped[15]),
        ("a", v.largest_step_plain), ("b", v.largest_step_clipped))}
    assert shown == {"plain": "\u22122.72", "clipped": "0.52", "a": "6.59", "b": "0.50"}
    assert v.theta_plain[9] == pytest.approx(-5.12, abs=5e-3, rel=0)     # the throw: past the bowl
    assert format_value(v.step_cap, "num") == "0.5"


# ----- the circuit and the plain RNN -----------------------------------------------------------

@pytest.mark.parametrize("f, k", [(0.99, 60), (0.9, 7), (0.01, 100), (0.5, 1)])
def test_gate_products_are_f_to_the_k(f, k):
    logs = G.log10_product_norms(G.circuit_jacobians(f, k))
    np.testing.assert_allclose(logs, np.arange(k + 1) * math.log10(f), rtol=1e-12, atol=1e-12)


def test_circuit_jacobian_by_autograd():
    """∂c_k/∂c_0 of c_l = f_l ⊙ c_{l−1} + g_l, by torch, is diag(f)^k."""
    f, k, d = 0.8, 5, G.CIRCUIT_WIDTH
    g = torch.randn(k, d, dtype=torch.float64, generator=torch.Generator().manual_seed(0))

    def run(c0):
        c = c0
        for l in range(k):
            c = f * c + g[l]
        return c

    J = torch.autograd.functional.jacobian(run, torch.zeros(d, dtype=torch.float64)).numpy()
    np.testing.assert_allclose(J, np.eye(d) * f**k, atol=1e-14)
    assert G.log10_product_norms(G.circuit_jacobians(f, k))[-1] == pytest.approx(
        math.log10(np.linalg.norm(J, 2)))


@pytest.mark.parametrize("scale, k", [(0.9, 1), (0.9, 12), (0.5, 30), (1.0, 60)])
def test_rnn_product_by_autograd(scale, k):
    w = torch.tensor(G.rnn_weights(scale))
    x = torch.tensor(G.rnn_inputs(k))

    def run(h0):
        h = h0
        for t in range(k):
            h = torch.tanh(w @ h + x[t])
        return h

    J = torch.autograd.functional.jacobian(run, torch.zeros(G.CIRCUIT_WIDTH,
                                                            dtype=torch.float64)).numpy()
    v = values(rnn_scale=scale, steps=k)
    assert v.log_products[k, 3] == pytest.approx(math.log10(np.linalg.norm(J, 2)), abs=1e-9)
    s = np.linalg.svd(G.rnn_weights(scale), compute_uv=False)
    np.testing.assert_allclose(s, scale, rtol=1e-12)


def test_products_at_the_defaults():
    v = values()
    assert v.steps == 60 and v.row_gates == (0.99, 0.9, 0.01)
    np.testing.assert_allclose(v.final_products[:3], [0.99**60, 0.9**60, 1e-120], rtol=1e-9)
    shown = [format_value(x, "sig") for x in v.final_products]
    assert shown == ["0.547", "0.002", "1.0\u00d710\u207b\u00b9\u00b2\u2070",
                     "1.3\u00d710\u207b\u00b2\u00b9"]
    assert v.final_products[3] == pytest.approx(1.269e-21, rel=1e-3, abs=0)
    np.testing.assert_allclose(v.bar_units, np.maximum(v.log_products, G.LOG_FLOOR) - G.LOG_FLOOR)


@pytest.mark.parametrize("over", [dict(steps=100, forget=0.001, rnn_scale=0.5),
                                  dict(steps=100, gate=0.01, remember=0.8, rnn_scale=1.0)])
def test_no_product_underflows_at_the_bounds(over):
    v = values(**over)
    assert np.all(v.products > 0) and np.all(np.isfinite(v.products))


# ----- the residual twin -----------------------------------------------------------------------

@pytest.mark.parametrize("scale", [0.0, 0.3, 1.0])
def test_residual_jacobian_by_autograd(scale):
    x, jf, jac = G.residual_block(scale)
    rng = np.random.default_rng(G.RESIDUAL_SEED)
    a0 = rng.standard_normal((2, 2))
    a = torch.tensor(scale * a0 / np.linalg.norm(a0, 2))
    J = torch.autograd.functional.jacobian(lambda z: z + torch.tanh(a @ z),
                                           torch.tensor(x)).numpy()
    np.testing.assert_allclose(jac, J, atol=1e-14)
    np.testing.assert_allclose(jac - np.eye(2), jf, atol=1e-14)
    v = values(residual_scale=scale)
    assert v.residual_gap == pytest.approx(np.linalg.norm(J - np.eye(2), 2))


def test_residual_figures_at_the_defaults():
    v = values()
    shown = [format_value(x, "dec:2") for x in v.residual_jacobian.ravel()]
    assert shown == ["1.01", "0.15", "0.13", "0.76"]
    assert format_value(v.residual_gap, "dec:2") == "0.30"


# ----- counts and reach ------------------------------------------------------------------------

def test_gate_and_state_counts():
    v = values()
    assert v.gate_count == {"gru": 2, "lstm": 3}        # update+reset; input, forget, output
    assert v.state_count == {"gru": 1, "lstm": 2}       # h; c and h


@pytest.mark.parametrize("f, k", [(0.9, 44), (0.99, 459), (0.8, 21), (0.999, 4603), (0.1, 3)])
def test_gate_reach_by_hand(f, k):
    # the least k with f^k < 0.01: 0.9^43 = 0.0108, 0.9^44 = 0.0097
    assert G.gate_reach(f) == k
    assert f**k < 0.01 <= f ** (k - 1)


@pytest.mark.parametrize("scale", [0.5, 0.75, 1.0])
@pytest.mark.parametrize("remember", [0.8, 0.999])
def test_rnn_reach_is_found_and_shorter(scale, remember):
    v = values(rnn_scale=scale, remember=remember)
    assert v.reach_rnn is not None and v.reach_rnn < v.reach_remember
    assert v.products.shape == (v.steps + 1, 4)


def test_reach_at_the_defaults():
    v = values()
    assert (v.reach_rnn, v.reach_remember, v.reach_gate) == (10, 459, 44)
