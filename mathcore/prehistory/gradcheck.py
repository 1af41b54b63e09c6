"""P10 The page's third lab: a small Elman RNN, BPTT written by hand, checked by central
differences on sampled entries of the shared W_h; the step h swept to show why 1e-6.

The page gives the sizes (d_h = 8, d_x = 4, T = 12), "losses summed over the steps", the central
difference with h = 1e-6 and an expected relative error "of order 1e-6"; it gives no data and no
loss. Chosen here, and stated on screen:

- one ``default_rng(seed)`` draws, in order: inputs ``x_t ~ N(0, 1)^{d_x}`` (t = 1..T), targets
  ``y_t ~ 0.5 N(0, 1)^{d_h}``, ``W_h ~ N(0, 1/d_h)^{d_h × d_h}``, ``W_x ~ N(0, 1/d_x)^{d_h × d_x}``,
  then the sampled entries of W_h (distinct, without replacement);
- ``h_0 = 0``, ``h_t = tanh(W_h h_{t-1} + W_x x_t)`` (no bias), the forward of
  :func:`mathcore.cells.rnn.forward`;
- the loss ``L = sum_t 1/2 ‖h_t - y_t‖²``, a squared error at every step, summed.

The relative error of a checked entry is ``|a - b| / max(|a|, |b|)`` (0 when both are 0), with a
the BPTT gradient and b the central difference ``(L(w + h) - L(w - h)) / (2h)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..cells import rnn
from .spectral import log_axis

#: The page's sizes, its step h and the relative error it expects.
PAGE_D_H, PAGE_D_X, PAGE_T = 8, 4, 12
PAGE_H = 1e-6
PAGE_REL = 1e-6
#: Scale of the targets' normal draws (inside tanh's range).
TARGET_SCALE = 0.5
#: The step sweep: h = 10^-k for k = 1, 1.5, ..., 12 (half decades).
SWEEP_K = np.arange(2, 25) / 2.0
#: A relative error drawn on the log axis is at least this (an exact 0 has no logarithm).
LOG_FLOOR = 1e-18


@dataclass(frozen=True, eq=False)
class GradCheckValues:
    """Everything P10 shows.

    Indices in arrays are 0-based; the ``*_row``/``*_col`` fields for display are 1-based
    (rows and columns of W_h counted from 1), and steps t run 1..T (``h_0 = 0``).

    Attributes
    ----------
    d_h, d_x, T, samples, seed : int
        Sizes, the number of checked entries and the generator's seed.
    x : numpy.ndarray, shape (T, d_x)
        Inputs ``x_1..x_T``.
    y : numpy.ndarray, shape (T, d_h)
        Targets ``y_1..y_T``.
    w_h : numpy.ndarray, shape (d_h, d_h)
    w_x : numpy.ndarray, shape (d_h, d_x)
    h : numpy.ndarray, shape (T + 1, d_h)
        ``h_0 = 0`` then ``h_1..h_T``.
    step_losses : numpy.ndarray, shape (T,)
        ``1/2 ‖h_t - y_t‖²`` for t = 1..T.
    running_loss : numpy.ndarray, shape (T,)
        Cumulative sum of ``step_losses``; the last entry is ``loss``.
    loss : float
        ``L``.
    steps : numpy.ndarray, shape (T,)
        1..T.
    delta : numpy.ndarray, shape (T, d_h)
        ``δ_t = ∂L/∂z_t`` (z_t the pre-activation): ``(h_t - y_t + W_h^T δ_{t+1}) ⊙ (1 - h_t²)``.
    contributions : numpy.ndarray, shape (T, d_h, d_h)
        Step t's share of the gradient, ``δ_t h_{t-1}^T``.
    grad_w_h : numpy.ndarray, shape (d_h, d_h)
        ``∂L/∂W_h = sum_t δ_t h_{t-1}^T``.
    grad_w_x : numpy.ndarray, shape (d_h, d_x)
        ``∂L/∂W_x = sum_t δ_t x_t^T``.
    sample_rows, sample_cols : numpy.ndarray, shape (samples,)
        The sampled entries of W_h (0-based).
    sample_row, sample_col : numpy.ndarray, shape (samples,)
        The same, 1-based (as shown).
    bptt : numpy.ndarray, shape (samples,)
        ``grad_w_h`` at the sampled entries.
    numeric : numpy.ndarray, shape (samples,)
        Central differences at ``step`` (the page's h).
    rel_error : numpy.ndarray, shape (samples,)
        ``|bptt - numeric| / max(|bptt|, |numeric|)``.
    gradcheck_max_rel_error : float
        The largest of ``rel_error``.
    step : float
        The page's h, 1e-6.
    page_rel : float
        The page's expected relative error, 1e-6.
    entry_contrib : numpy.ndarray, shape (T,)
        Contributions of steps 1..T to the first sampled entry.
    entry_running : numpy.ndarray, shape (T,)
        Their cumulative sum; the last is ``bptt[0]``.
    entry_contrib_first : float
        Step 1's contribution (0: ``h_0 = 0``).
    entry_back_steps : numpy.ndarray, shape (T,)
        The steps walked back, T..1.
    entry_back_contrib, entry_back_running : numpy.ndarray, shape (T,)
        ``entry_contrib`` in that order (step T first) and its cumulative sum; the last
        entry is the sum of all T contributions.
    sweep_k : numpy.ndarray, shape (n,)
        Exponents k of the swept steps ``h = 10^-k`` (1 to 12, half decades).
    sweep_h : numpy.ndarray, shape (n,)
        The steps.
    sweep_err : numpy.ndarray, shape (n,)
        Largest relative error over the sampled entries at each step.
    sweep_log_err : numpy.ndarray, shape (n,)
        ``log10(max(sweep_err, 1e-18))``.
    best_index : int
        Index of the smallest ``sweep_err``.
    best_h, best_err : float
        That step and its error.
    page_index : int
        Index of the page's h in the sweep.
    page_err : float
        ``sweep_err`` at the page's h (equals ``gradcheck_max_rel_error``).
    largest_h, largest_err, smallest_h, smallest_err : float
        The sweep's two ends, ``h = 0.1`` and ``h = 1e-12``, and their errors.
    axis_lo, axis_hi, axis_step : int
        The sweep chart's log axis (powers of ten) for the errors.
    """

    d_h: int
    d_x: int
    T: int
    samples: int
    seed: int
    x: np.ndarray
    y: np.ndarray
    w_h: np.ndarray
    w_x: np.ndarray
    h: np.ndarray
    step_losses: np.ndarray
    running_loss: np.ndarray
    loss: float
    steps: np.ndarray
    delta: np.ndarray
    contributions: np.ndarray
    grad_w_h: np.ndarray
    grad_w_x: np.ndarray
    sample_rows: np.ndarray
    sample_cols: np.ndarray
    sample_row: np.ndarray
    sample_col: np.ndarray
    bptt: np.ndarray
    numeric: np.ndarray
    rel_error: np.ndarray
    gradcheck_max_rel_error: float
    step: float
    page_rel: float
    entry_contrib: np.ndarray
    entry_running: np.ndarray
    entry_contrib_first: float
    entry_back_steps: np.ndarray
    entry_back_contrib: np.ndarray
    entry_back_running: np.ndarray
    sweep_k: np.ndarray
    sweep_h: np.ndarray
    sweep_err: np.ndarray
    sweep_log_err: np.ndarray
    best_index: int
    best_h: float
    best_err: float
    page_index: int
    page_err: float
    largest_h: float
    largest_err: float
    smallest_h: float
    smallest_err: float
    axis_lo: int
    axis_hi: int
    axis_step: int


def draw(seed: int, d_h: int, d_x: int, T: int):
    """The lab's data and weights from ``default_rng(seed)``, in the order the module states.

    Returns ``(rng, x, y, w_h, w_x)`` with shapes (T, d_x), (T, d_h), (d_h, d_h), (d_h, d_x);
    ``rng`` is left where the sampled entries are drawn next.
    """
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(T, d_x))
    y = TARGET_SCALE * rng.normal(size=(T, d_h))
    w_h = rng.normal(size=(d_h, d_h)) / math.sqrt(d_h)
    w_x = rng.normal(size=(d_h, d_x)) / math.sqrt(d_x)
    return rng, x, y, w_h, w_x


def states(x: np.ndarray, w_h: np.ndarray, w_x: np.ndarray) -> np.ndarray:
    """``h_0 = 0``, ``h_t = tanh(W_h h_{t-1} + W_x x_t)``: shape (T + 1, d_h), by
    :func:`mathcore.cells.rnn.forward` (no bias)."""
    d_h = w_h.shape[0]
    zero = np.zeros(d_h)
    tr = rnn.forward(x, w_x, w_h, zero, zero)
    return np.vstack([zero[None, :], tr.h])


def loss(x: np.ndarray, y: np.ndarray, w_h: np.ndarray, w_x: np.ndarray) -> float:
    """``L = sum_t 1/2 ‖h_t - y_t‖²`` over t = 1..T."""
    h = states(x, w_h, w_x)
    return float(0.5 * np.sum((h[1:] - y) ** 2))


def bptt(x: np.ndarray, y: np.ndarray, w_h: np.ndarray, w_x: np.ndarray):
    """Backpropagation through time by hand.

    Going t = T..1 with ``g_{T+1} = 0``: ``∂L/∂h_t = (h_t - y_t) + W_h^T δ_{t+1}``,
    ``δ_t = ∂L/∂h_t ⊙ (1 - h_t²)``; step t contributes ``δ_t h_{t-1}^T`` to ``∂L/∂W_h`` and
    ``δ_t x_t^T`` to ``∂L/∂W_x``.

    Returns
    -------
    tuple
        ``(h, delta, contributions, grad_w_h, grad_w_x)``: shapes (T + 1, d_h), (T, d_h),
        (T, d_h, d_h), (d_h, d_h), (d_h, d_x); ``grad_w_h`` is the sum of ``contributions``
        over the steps.
    """
    h = states(x, w_h, w_x)
    T, d_h = y.shape
    delta = np.zeros((T, d_h))
    after = np.zeros(d_h)
    for t in range(T, 0, -1):           # h[t] is h_t; delta[t - 1] is δ_t
        dh = (h[t] - y[t - 1]) + w_h.T @ after
        after = dh * (1.0 - h[t] ** 2)
        delta[t - 1] = after
    contributions = np.einsum("ti,tj->tij", delta, h[:-1])
    grad_w_h = contributions.sum(axis=0)
    grad_w_x = delta.T @ x
    return h, delta, contributions, grad_w_h, grad_w_x


def central(x, y, w_h, w_x, r: int, c: int, step: float) -> float:
    """``(L(W_h + step e_rc) - L(W_h - step e_rc)) / (2 step)``."""
    up, down = w_h.copy(), w_h.copy()
    up[r, c] += step
    down[r, c] -= step
    return (loss(x, y, up, w_x) - loss(x, y, down, w_x)) / (2.0 * step)


def relative_error(a, b):
    """``|a - b| / max(|a|, |b|)`` elementwise, 0 where both are 0."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    den = np.maximum(np.abs(a), np.abs(b))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, np.abs(a - b) / np.where(den > 0, den, 1.0), 0.0)


def gradcheck(d_h: int = PAGE_D_H, d_x: int = PAGE_D_X, T: int = PAGE_T, seed: int = 0,
              samples: int = 6) -> GradCheckValues:
    """The lab at these sizes: forward, BPTT, central differences at the sampled entries of
    W_h at h = 1e-6, and the step sweep h = 10^-1 .. 10^-12."""
    if d_h < 1 or d_x < 1 or T < 1:
        raise ValueError("d_h, d_x and T must be at least 1")
    if not 1 <= samples <= d_h * d_h:
        raise ValueError(f"samples must be between 1 and d_h² = {d_h * d_h}")
    rng, x, y, w_h, w_x = draw(seed, d_h, d_x, T)
    flat = rng.choice(d_h * d_h, size=samples, replace=False)
    rows, cols = flat // d_h, flat % d_h
    h, delta, contributions, g_h, g_x = bptt(x, y, w_h, w_x)
    step_losses = 0.5 * np.sum((h[1:] - y) ** 2, axis=1)
    running = np.cumsum(step_losses)
    a = g_h[rows, cols]
    hs = 10.0 ** (-SWEEP_K)
    page_index = int(np.argmin(np.abs(SWEEP_K - 6.0)))
    hs[page_index] = PAGE_H
    numeric_all = np.array([[central(x, y, w_h, w_x, int(r), int(c), float(s))
                             for r, c in zip(rows, cols)] for s in hs])
    errs_all = relative_error(a[None, :], numeric_all)
    sweep_err = errs_all.max(axis=1)
    numeric = numeric_all[page_index]
    rel = errs_all[page_index]
    best = int(np.argmin(sweep_err))
    log_err = np.log10(np.maximum(sweep_err, LOG_FLOOR))
    lo, hi, st = log_axis(float(log_err.min()), float(log_err.max()), 6)
    contrib = contributions[:, rows[0], cols[0]].copy()
    return GradCheckValues(
        d_h=int(d_h), d_x=int(d_x), T=int(T), samples=int(samples), seed=int(seed),
        x=x, y=y, w_h=w_h, w_x=w_x, h=h, step_losses=step_losses, running_loss=running,
        loss=float(running[-1]), steps=np.arange(1, T + 1), delta=delta,
        contributions=contributions, grad_w_h=g_h, grad_w_x=g_x,
        sample_rows=rows, sample_cols=cols, sample_row=rows + 1, sample_col=cols + 1,
        bptt=a, numeric=numeric, rel_error=rel,
        gradcheck_max_rel_error=float(rel.max()), step=PAGE_H, page_rel=PAGE_REL,
        entry_contrib=contrib, entry_running=np.cumsum(contrib),
        entry_contrib_first=float(contrib[0]),
        entry_back_steps=np.arange(T, 0, -1), entry_back_contrib=contrib[::-1].copy(),
        entry_back_running=np.cumsum(contrib[::-1]),
        sweep_k=SWEEP_K.copy(), sweep_h=hs, sweep_err=sweep_err, sweep_log_err=log_err,
        best_index=best, best_h=float(hs[best]), best_err=float(sweep_err[best]),
        page_index=page_index, page_err=float(sweep_err[page_index]),
        largest_h=float(hs[0]), largest_err=float(sweep_err[0]),
        smallest_h=float(hs[-1]), smallest_err=float(sweep_err[-1]),
        axis_lo=lo, axis_hi=hi, axis_step=st)


def gradcheck_values(p: dict) -> GradCheckValues:
    """P10's values from its resolved parameters."""
    return gradcheck(int(p["d_h"]), int(p["d_x"]), int(p["T"]), int(p["seed"]),
                     int(p["samples"]))
