"""P3 values: the page's lab 2 figures as its code gives them, and independent references (torch
autograd for the Jacobians, matrix powers for the linear runs, a two-step case by hand)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.prehistory import labs, spectral
from scenes.registry import get

SECTION = "pre-03-spectral"


def values(**over):
    s = get(SECTION)
    return s.values(s.resolve(over))


def test_defaults_are_the_pages_lab_run_as_written():
    v = values()
    _, runs = labs.page_labs()
    _, lin = labs.page_labs(activation="linear")
    for a, b in zip(v.runs, runs):
        assert np.array_equal(a.grad_norms, b.grad_norms)
    for a, b in zip(v.other_runs, lin):
        assert np.array_equal(a.grad_norms, b.grad_norms)
    assert (v.d, v.T, v.tau, v.activation, v.other_activation) == (16, 100, 5.0, "tanh", "linear")


def test_page_figures_the_code_gives():
    """rho = 0.5 vanishes (page: below 1e-10, holds); rho = 1.0 falls slowly (holds); rho = 1.5
    does not explode under tanh (page: 1e10 and more; the code peaks at 8.35); the same draws
    without tanh do (1.2e18); clipping at 5 caps 8.35 at 5 and leaves rho = 0.5 alone."""
    v = values()
    np.testing.assert_allclose(v.first_norms, [2.0627587e-30, 0.47725461, 2.00583804], rtol=1e-6)
    np.testing.assert_allclose(v.last_norms, [2.12894784, 4.23600338, 4.56476020], rtol=1e-6)
    assert v.max_norms[2] == pytest.approx(8.34684875, rel=1e-7)
    assert v.max_norms[2] < spectral.PAGE_CEILING
    assert v.first_norms[0] < spectral.PAGE_FLOOR
    assert v.other_max[2] == pytest.approx(1.15509214e18, rel=1e-6)
    assert v.other_max[2] > spectral.PAGE_CEILING
    assert v.clipped_max[2] == pytest.approx(5.0)
    np.testing.assert_array_equal(v.runs[0].grad_norms_clipped, v.runs[0].grad_norms)
    assert v.small_ratio == pytest.approx(9.6890995e-31, rel=1e-6)
    np.testing.assert_allclose(v.spectral_radius, [0.5, 1.0, 1.5], rtol=1e-12)
    np.testing.assert_allclose(v.sigma_max, [0.942606, 1.885211, 2.827817], rtol=1e-6)
    np.testing.assert_allclose(v.scalar_powers, [0.5 ** 100, 1.0, 1.5 ** 100])


def _torch_jacobian_norms(W, h0, T, activation):
    """||d h_T / d h_{T-k}||_F for k = 1..T by torch autograd, from the recurrence alone."""
    torch = pytest.importorskip("torch")
    Wt = torch.tensor(W, dtype=torch.float64)
    g = torch.tanh if activation == "tanh" else (lambda z: z)
    hs = [torch.tensor(h0, dtype=torch.float64)]
    for _ in range(T):
        hs.append(g(Wt @ hs[-1]))
    out = []
    for k in range(1, T + 1):
        start = hs[T - k].detach()

        def run(h, k=k):
            for _ in range(k):
                h = g(Wt @ h)
            return h
        J = torch.autograd.functional.jacobian(run, start)
        out.append(float(torch.linalg.norm(J)))
    return np.array(out)


@pytest.mark.parametrize("activation", ["tanh", "linear"])
def test_every_norm_is_the_jacobians_by_autograd(activation):
    v = spectral.spectral(seed=7, d=5, T=12, rhos=(1.3, 0.6, 1.0), activation=activation)
    for run in v.runs:
        want = _torch_jacobian_norms(run.weight, run.states[0], 12, activation)
        np.testing.assert_allclose(run.grad_norms, want, rtol=1e-10)


def test_linear_norms_are_matrix_powers():
    v = spectral.spectral(seed=3, d=6, T=20, activation="linear")
    for run in v.runs:
        want = [np.linalg.norm(np.linalg.matrix_power(run.weight, k)) for k in range(1, 21)]
        np.testing.assert_allclose(run.grad_norms, want, rtol=1e-9)


def test_two_steps_by_hand():
    """T = 2: G1 = W^T diag(1 - h_2^2), G2 = W^T diag(1 - h_1^2) G1, element by element."""
    v = spectral.spectral(seed=11, d=2, T=2, rhos=(0.5, 1.0, 1.5))
    for run in v.runs:
        W, (h0, h1, h2) = run.weight, run.states
        s1, s2 = 1 - h1 ** 2, 1 - h2 ** 2
        G1 = [[W[j][i] * s2[j] for j in range(2)] for i in range(2)]
        A = [[W[j][i] * s1[j] for j in range(2)] for i in range(2)]
        G2 = [[sum(A[i][m] * G1[m][j] for m in range(2)) for j in range(2)] for i in range(2)]
        fro = lambda M: math.sqrt(sum(x * x for row in M for x in row))  # noqa: E731
        assert run.grad_norms[0] == pytest.approx(fro(G1), rel=1e-12)
        assert run.grad_norms[1] == pytest.approx(fro(G2), rel=1e-12)
        assert h1 == pytest.approx(np.tanh(W @ h0))


def test_clipping_rescales_the_running_product():
    """Clipping after each step: never above tau, equal to the unclipped norms until the first
    step above tau, and the direction kept (the clipped product is a positive multiple)."""
    v = spectral.spectral(seed=5, d=8, T=60, rhos=(0.7, 1.2, 1.9), tau=2.0)
    for run in v.runs:
        g, c = run.grad_norms, run.grad_norms_clipped
        assert np.all(c <= 2.0 + 1e-12)
        first = np.flatnonzero(g > 2.0)
        stop = first[0] if first.size else len(g)
        np.testing.assert_array_equal(c[:stop], g[:stop])
        if first.size:
            assert c[stop] == pytest.approx(2.0)


def test_radii_are_sorted_and_the_matrix_has_each():
    a = spectral.spectral(rhos=(1.5, 0.5, 1.0))
    b = spectral.spectral()
    np.testing.assert_array_equal(a.rhos, [0.5, 1.0, 1.5])
    for x, y in zip(a.runs, b.runs):
        np.testing.assert_array_equal(x.grad_norms, y.grad_norms)
    v = values(rhos=(0.8, 1.7, 1.1), d=9, seed=123)
    np.testing.assert_allclose(v.spectral_radius, [0.8, 1.1, 1.7], rtol=1e-10)
    assert np.all(v.sigma_max >= v.spectral_radius - 1e-12)


def test_log_axis_covers_every_curve_and_tau():
    v = values(rhos=(0.6, 1.3, 1.9), tau=0.25, T=150)
    every = np.concatenate([v.log_norms.ravel(), v.log_norms_clipped.ravel(),
                            v.other_log_norms.ravel(), [math.log10(0.25)]])
    assert v.axis_lo <= every.min() and every.max() <= v.axis_hi
    assert (v.axis_hi - v.axis_lo) // v.axis_step <= spectral.AXIS_LINES - 1
    assert v.axis_lo % v.axis_step == 0 and v.axis_hi % v.axis_step == 0
    for (lo, hi, step), r in zip(v.clip_axes, (0, 2)):
        own = np.concatenate([v.log_norms[r], v.log_norms_clipped[r], [v.log_tau]])
        assert lo <= own.min() and own.max() <= hi


def test_refused_settings():
    with pytest.raises(ValueError):
        spectral.spectral(activation="relu")
    with pytest.raises(ValueError):
        spectral.spectral(rhos=(0.5, 1.0))
    with pytest.raises(ValueError):
        spectral.spectral(tau=0.0)
