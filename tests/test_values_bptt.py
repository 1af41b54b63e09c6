"""P2 (pre-02-bptt) values against independent references: torch autograd for the small RNN's
gradients and its Jacobian product, central finite differences for the entry drawn, a two-step
case worked by hand, the page's lab code run verbatim, and the figures the video shows."""

from __future__ import annotations

import numpy as np
import pytest

from mathcore.prehistory import bptt, labs
from scenes.registry import get

torch = pytest.importorskip("torch")

DEFAULTS = get("pre-02-bptt").resolve({})


def _values(**over):
    return bptt.bptt_values({**DEFAULTS, **over})


def _torch_run(r: bptt.SmallRNN):
    """The same forward pass in torch (float64), from the drawn weights, tokens and h_0."""
    w_h = torch.tensor(r.w_h, requires_grad=True)
    w_x = torch.tensor(r.w_x)
    x = torch.tensor(r.tokens, requires_grad=True)
    h1 = None
    h = torch.tensor(r.states[0])
    for t in range(len(r.tokens)):
        h = torch.tanh(w_h @ h + w_x[:, 0] * x[t])
        if t == 0:
            h1 = h
    loss = 0.5 * (h @ h)
    return w_h, x, h1, h, loss


@pytest.mark.parametrize("steps, seed, radius", [(8, 7, 0.8), (12, 3, 1.5), (2, 11, 0.3),
                                                  (5, 2**32 - 1, 1.0)])
def test_gradient_and_token_gradients_match_torch(steps, seed, radius):
    r = bptt.small_rnn(steps, seed, radius)
    w_h, x, _, h, loss = _torch_run(r)
    loss.backward()
    np.testing.assert_allclose(r.states[-1], h.detach().numpy(), rtol=1e-12, atol=1e-14)
    assert r.loss == pytest.approx(loss.item(), rel=1e-12)
    np.testing.assert_allclose(r.grad_w_h, w_h.grad.numpy(), rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(r.grad_x, x.grad.numpy(), rtol=1e-10, atol=1e-14)
    # the sum over time: the T contributions add up to the whole gradient
    np.testing.assert_allclose(r.contributions.sum(axis=0), w_h.grad.numpy(), rtol=1e-10,
                               atol=1e-14)


@pytest.mark.parametrize("steps, seed, radius", [(8, 7, 0.8), (6, 5, 1.4), (2, 1, 0.9)])
def test_jacobian_product_matches_torch(steps, seed, radius):
    """∂h_T/∂h_1 by autograd: run the recurrence from a given h_1."""
    r = bptt.small_rnn(steps, seed, radius)
    w_h, w_x, x = (torch.tensor(a) for a in (r.w_h, r.w_x, r.tokens))

    def from_h1(h1):
        h = h1
        for t in range(1, steps):
            h = torch.tanh(w_h @ h + w_x[:, 0] * x[t])
        return h

    jac = torch.autograd.functional.jacobian(from_h1, torch.tensor(r.states[1]))
    np.testing.assert_allclose(r.jacobian_product, jac.numpy(), rtol=1e-10, atol=1e-14)


def test_entry_drawn_by_central_differences():
    v = _values()
    i, j = v.entry
    r = v.rnn

    def loss(w):
        h = r.states[0]
        for t in range(v.steps):
            h = np.tanh(w @ h + r.w_x[:, 0] * r.tokens[t])
        return 0.5 * h @ h

    eps = 1e-6
    e = np.zeros_like(r.w_h)
    e[i, j] = eps
    fd = (loss(r.w_h + e) - loss(r.w_h - e)) / (2 * eps)
    assert v.grad_entry == pytest.approx(fd, rel=1e-7)
    assert abs(v.grad_entry) == np.abs(r.grad_w_h).max()
    assert v.running_sum[-1] == v.grad_entry          # accumulated in the same order
    np.testing.assert_array_equal(v.backward_contributions, v.step_contributions[::-1])


def test_two_steps_by_hand_at_w_h_zero():
    """W_h = 0: g_1 = W_h^T δ_2 = 0, so step 1 contributes nothing and the gradient is
    δ_2 h_1^T with δ_2 = (1 − h_2²) h_2; the product ∂h_2/∂h_1 = diag(·) W_h is 0."""
    v = _values(steps=2, radius=0.0)
    r = v.rnn
    h1, h2 = r.states[1], r.states[2]
    np.testing.assert_allclose(h2, np.tanh(r.w_x[:, 0] * r.tokens[1]))
    np.testing.assert_array_equal(r.contributions[0], 0.0)
    np.testing.assert_allclose(r.grad_w_h, np.outer((1 - h2 ** 2) * h2, h1))
    assert v.product_norm == 0.0 and v.grad_first == 0.0 and v.token_grad_first == 0.0
    assert v.factors_in_product == 1


def test_figures_the_video_shows_at_the_defaults():
    v = _values()
    assert (v.steps, v.entry_row, v.entry_col) == (8, 1, 1)
    assert v.grad_entry == pytest.approx(0.37876, abs=5e-6)
    assert v.grad_last == pytest.approx(1.0109, abs=5e-5)
    assert v.grad_first == pytest.approx(0.020899, abs=5e-7)
    assert v.token_grad_first == pytest.approx(4.6608e-5, rel=1e-4)
    assert v.token_grad_last == pytest.approx(0.54779, abs=5e-6)
    assert v.product_norm == pytest.approx(0.035569, abs=5e-7)
    np.testing.assert_array_equal(v.backward_index, np.arange(8, 0, -1))


def _page_lab1(seed=42, n=500):
    """The page's lab 1, as written."""
    rng = np.random.default_rng(seed)
    out = {}
    for lo, hi, name in [(0.8, 1.2, "near_one"), (0.0, 0.8, "below_one"), (1.0, 1.2, "above_one")]:
        factors = rng.uniform(lo, hi, size=n)
        out[name] = (factors, np.cumsum(np.log(np.abs(factors))))
    return out


@pytest.mark.parametrize("seed, n", [(42, 500), (7, 1), (2**32 - 1, 5000), (0, 37)])
def test_lab_is_the_pages_code(seed, n):
    v = _values(seed=seed, factors=n)
    page = _page_lab1(seed, n)
    for k, (f, traj) in page.items():
        np.testing.assert_array_equal(v.lab.factors[k], f)
        np.testing.assert_array_equal(v.lab.trajectories[k], traj)
        assert v.lab.final_log_magnitudes[k] == traj[-1]
        # the drawn points are the trajectory's own, ending on the last factor
        np.testing.assert_array_equal(v.lab_curves[k], traj[v.lab_steps - 1])
    assert v.lab_steps[0] == 1 and v.lab_steps[-1] == n
    assert len(v.lab_steps) <= bptt.LAB_POINTS
    # the log axis holds every value and has 0 as a tick
    allv = np.concatenate([t for _, t in page.values()])
    assert v.lab_axis_lo <= allv.min() and allv.max() <= v.lab_axis_hi
    assert 0.0 in v.lab_ticks


def test_lab_is_the_shared_labs_module_at_the_pages_seed():
    lab1, _ = labs.page_labs()
    v = _values()
    for k in lab1.keys:
        np.testing.assert_array_equal(v.lab.trajectories[k], lab1.trajectories[k])


def test_lab_figures_and_what_the_below_one_product_is():
    """The page expects the below-one product to underflow to 0; at 500 factors its log is
    −629.23, about 10^−273.3: multiplied out in float64 it is 5.3e-274, above the smallest
    normal double (2.2e-308). It first underflows at 603 factors (seed 42)."""
    v = _values()
    f = v.lab.final_log_magnitudes
    assert f["near_one"] == pytest.approx(-4.202, abs=1e-3)
    assert f["below_one"] == pytest.approx(-629.234, abs=1e-3)
    assert f["above_one"] == pytest.approx(47.370, abs=1e-3)
    assert not v.below_underflows
    assert v.below_product == pytest.approx(np.exp(f["below_one"]), rel=1e-9)
    assert v.below_product > np.finfo(np.float64).tiny
    assert v.below_log10 == pytest.approx(-273.27, abs=5e-3)
    assert v.above_product == pytest.approx(np.exp(f["above_one"]), rel=1e-9)
    assert _values(factors=602).below_product > 0.0
    assert _values(factors=603).below_product == 0.0 and _values(factors=603).below_underflows


@pytest.mark.parametrize("x, tau, want", [(10.0, 5.0, 5.0), (-10.0, 5.0, -5.0), (3.0, 5.0, 3.0),
                                          (5.0, 5.0, 5.0), (1e-300, 1.0, 1e-300)])
def test_clip_caps_and_never_raises(x, tau, want):
    assert bptt.clip(x, tau) == want


def test_clipped_products():
    v = _values()
    assert v.above_clipped == pytest.approx(5.0)
    assert v.below_clipped == v.below_product            # under the threshold: unchanged
    v = _values(factors=1, clip_threshold=2.0)
    assert v.above_clipped == v.above_product


def test_steps_below_two_are_refused():
    with pytest.raises(ValueError):
        bptt.small_rnn(1, 0, 0.5)
