"""The page's two labs: mathcore against the page's own code, run verbatim here, and the
figures that code gives (where the page's stated signal differs, the pin is the code's)."""

from __future__ import annotations

import numpy as np
import pytest

from mathcore.prehistory import labs


def _page_code():
    """The page's lab 1 and lab 2 as written (seed 42, one generator), returning its numbers."""
    rng = np.random.default_rng(42)
    lab1 = {}
    for lo, hi, name in [(0.8, 1.2, "near_one"), (0.0, 0.8, "below_one"), (1.0, 1.2, "above_one")]:
        factors = rng.uniform(lo, hi, size=500)
        log_mag = np.cumsum(np.log(np.abs(factors)))
        lab1[name] = log_mag
    d, T = 16, 100
    W0 = rng.normal(size=(d, d))
    lab2 = {}
    for rho in [0.5, 1.0, 1.5]:
        W = W0 * (rho / max(abs(np.linalg.eigvals(W0))))
        h = np.tanh(rng.normal(size=d)); gs = [h]
        for _ in range(T):
            h = np.tanh(W @ h); gs.append(h)
        grad = np.eye(d); norms = []
        for t in reversed(range(T)):
            grad = (W.T * (1 - gs[t + 1] ** 2)) @ grad
            norms.append(np.linalg.norm(grad))
        lab2[rho] = np.array(norms)
    return lab1, lab2


def test_both_labs_are_the_pages_code_bit_for_bit():
    want1, want2 = _page_code()
    lab1, runs = labs.page_labs()
    for k in want1:
        assert np.array_equal(lab1.trajectories[k], want1[k]), k
    for run in runs:
        assert np.array_equal(run.grad_norms, want2[run.rho]), run.rho


def test_lab1_figures_the_code_gives():
    lab1, _ = labs.page_labs()
    f = lab1.final_log_magnitudes
    # below one falls steadily, above one climbs steadily, near one drifts a few units
    assert f["below_one"] == pytest.approx(-629.234, abs=1e-3)
    assert f["above_one"] == pytest.approx(47.370, abs=1e-3)
    assert f["near_one"] == pytest.approx(-4.202, abs=1e-3)
    assert np.all(np.diff(lab1.trajectories["below_one"]) < 0)
    assert np.all(np.diff(lab1.trajectories["above_one"]) > 0)


def test_lab2_tanh_gives_decay_not_explosion_at_rho_one_and_a_half():
    """The page expects rho = 1.5 to explode (1e10 and beyond); under tanh its own code gives
    norms that stay under 10. The linear run is what gives the page's signal."""
    _, runs = labs.page_labs()
    by = {r.rho: r for r in runs}
    assert by[1.5].spectral_radius == pytest.approx(1.5)
    assert by[1.5].grad_norms.max() < 10
    assert by[0.5].grad_norms[-1] < 1e-10 < by[0.5].grad_norms[0]
    assert by[0.5].first_last_ratio < 1e-29
    assert by[1.0].grad_norms[-1] < by[1.0].grad_norms[0]
    _, lin = labs.page_labs(activation="linear")
    assert {r.rho: r for r in lin}[1.5].grad_norms[-1] > 1e10


def test_clipping_caps_the_norm_and_leaves_vanishing_alone():
    _, runs = labs.page_labs()
    by = {r.rho: r for r in runs}
    assert by[1.5].grad_norms_clipped.max() <= 5.0 + 1e-12
    assert by[1.5].grad_norms.max() > 5.0
    np.testing.assert_array_equal(by[0.5].grad_norms_clipped, by[0.5].grad_norms)


def test_same_generator_order_lab2_depends_on_lab1_draws():
    _, a = labs.page_labs(factors=500)
    _, b = labs.page_labs(factors=499)
    assert not np.array_equal(a[0].grad_norms, b[0].grad_norms)
