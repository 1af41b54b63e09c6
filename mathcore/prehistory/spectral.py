"""P3 The spectral radius: the page's second lab (the radius sweep), its two fault injections
(global-norm clipping on the largest and the smallest radius) and its fault matrix.

The runs are :func:`mathcore.prehistory.labs.spectral_lab`, drawn as the page draws them: one
``default_rng(seed)``, lab 1's three blocks of 500 uniforms first, then ``W0`` and one initial
state per radius. The same draws are run a second time with the other activation (tanh or the
identity), so the two share ``W0`` and every ``h_0``.

Conventions. The lab has no inputs and no loss: the backward pass starts from the identity at
the last state ``h_T``, so after k steps it holds ``∂h_T/∂h_{T-k}`` (its Frobenius norm is
recorded); the page's ``‖∂L/∂x⟨1⟩‖`` is read as the norm that reaches the first state, ``h_0``,
after T steps, and ``‖∂L/∂x⟨T⟩‖`` as the norm one step back from the last.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import labs

#: The page's thresholds for its expected signals: an exploded norm is 1e10 or more, a vanished
#: one 1e-10 or less (its fault-injection text).
PAGE_CEILING = 1e10
PAGE_FLOOR = 1e-10
#: At most this many grid lines on the log axis.
AXIS_LINES = 7


@dataclass(frozen=True, eq=False)
class SpectralValues:
    """Everything P3 shows.

    Runs are ordered by radius (``rhos`` sorted ascending): index 0 is the smallest radius (the
    page's 0.5, vanishing), 1 the middle (1.0), 2 the largest (1.5, the page's explosion).

    Attributes
    ----------
    d, T : int
        Width of the state and steps of the unroll.
    tau : float
        Global-norm clipping threshold (``g <- min(1, tau/‖g‖) g`` after each backward step).
    activation, other_activation : str
        The runs' activation and the comparison's ("tanh" and "linear", one each).
    rhos : numpy.ndarray, shape (3,)
        Target spectral radii, ascending.
    runs, other_runs : tuple of labs.SpectralRun
        The lab under ``activation`` and the same draws under ``other_activation``.
    steps : numpy.ndarray, shape (T,)
        Backward steps 1..T: entry k - 1 is the gradient k steps back from ``h_T``.
    log_norms, log_norms_clipped, other_log_norms : numpy.ndarray, shape (3, T)
        ``log10`` of ``grad_norms``, ``grad_norms_clipped`` and the comparison's norms.
    spectral_radius : numpy.ndarray, shape (3,)
        ``max |eig(W)|`` of each matrix used.
    sigma_max : numpy.ndarray, shape (3,)
        Largest singular value of each W (never below its spectral radius).
    scalar_powers : numpy.ndarray, shape (3,)
        ``rho^T``: the T-factor product if every factor were the number rho.
    first_norms, last_norms, max_norms : numpy.ndarray, shape (3,)
        Norm reaching ``h_0`` (``grad_norms[-1]``), one step back (``grad_norms[0]``), largest.
    clipped_first, clipped_max : numpy.ndarray, shape (3,)
        The same with clipping at ``tau``.
    other_first, other_max : numpy.ndarray, shape (3,)
        The comparison's first-state and largest norms.
    small_ratio : float
        ``first_norms[0] / last_norms[0]``: the smallest radius's first-state norm over the norm
        one step back from the last state.
    page_ceiling, page_floor : float
        The page's 1e10 and 1e-10.
    log_page_ceiling, log_page_floor, log_tau : float
        Their ``log10`` and that of ``tau``: where their lines stand on the log axis.
    axis_lo, axis_hi, axis_step : int
        The log axis: powers of ten from ``axis_lo`` to ``axis_hi``, a grid line every
        ``axis_step`` decades, covering every curve drawn and ``tau``.
    clip_axes : tuple of (int, int, int)
        ``(lo, hi, step)`` of the clipping beat's two charts, the smallest radius's and the
        largest's (index 0 and 1): each covers that run's norms, clipped and not, and ``tau``.
    """

    d: int
    T: int
    tau: float
    activation: str
    other_activation: str
    rhos: np.ndarray
    runs: tuple
    other_runs: tuple
    steps: np.ndarray
    log_norms: np.ndarray
    log_norms_clipped: np.ndarray
    other_log_norms: np.ndarray
    spectral_radius: np.ndarray
    sigma_max: np.ndarray
    scalar_powers: np.ndarray
    first_norms: np.ndarray
    last_norms: np.ndarray
    max_norms: np.ndarray
    clipped_first: np.ndarray
    clipped_max: np.ndarray
    other_first: np.ndarray
    other_max: np.ndarray
    small_ratio: float
    page_ceiling: float
    page_floor: float
    log_page_ceiling: float
    log_page_floor: float
    log_tau: float
    axis_lo: int
    axis_hi: int
    axis_step: int
    clip_axes: tuple


def log_axis(lows: float, highs: float, lines: int = AXIS_LINES) -> tuple[int, int, int]:
    """Powers of ten ``(lo, hi, step)`` covering ``[lows, highs]`` (log10 units) with at most
    ``lines`` grid lines: ``step`` whole decades, ``lo`` and ``hi`` multiples of it."""
    lo, hi = math.floor(lows), math.ceil(highs)
    if hi <= lo:
        hi = lo + 1
    step = max(1, math.ceil((hi - lo) / (lines - 1)))
    while True:     # rounding the ends out to multiples of step can add a line: widen it
        a, b = step * math.floor(lo / step), step * math.ceil(hi / step)
        if (b - a) // step <= lines - 1:
            return int(a), int(b), int(step)
        step += 1


def spectral(seed: int = labs.PAGE_SEED, d: int = labs.PAGE_D, T: int = labs.PAGE_T,
             rhos=labs.PAGE_RHOS, tau: float = labs.PAGE_TAU,
             activation: str = "tanh") -> SpectralValues:
    """The lab at radii ``sorted(rhos)`` under ``activation`` and under the other one.

    Per radius: ``W = W0 · rho/ρ(W0)``, ``h_{t+1} = g(W h_t)``, backward
    ``G <- W^T diag(g'(z_{t+1})) G`` from ``G = I`` (shape (d, d)), ``‖G‖_F`` after each step.
    """
    if activation not in labs.ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(labs.ACTIVATIONS)}")
    if d < 1 or T < 1:
        raise ValueError("d and T must be at least 1")
    rhos = np.sort(np.asarray(rhos, dtype=np.float64))
    if rhos.shape != (3,) or np.any(rhos <= 0):
        raise ValueError("three positive radii")
    if not tau > 0:
        raise ValueError("tau must be positive")
    other = "linear" if activation == "tanh" else "tanh"
    _, runs = labs.page_labs(seed, labs.PAGE_FACTORS, d, T, tuple(rhos), activation, tau)
    _, others = labs.page_labs(seed, labs.PAGE_FACTORS, d, T, tuple(rhos), other, tau)
    norms = np.array([r.grad_norms for r in runs])
    clipped = np.array([r.grad_norms_clipped for r in runs])
    onorms = np.array([r.grad_norms for r in others])
    if not (np.all(np.isfinite(norms)) and np.all(norms > 0) and np.all(np.isfinite(onorms))
            and np.all(onorms > 0)):
        raise ValueError("at these settings a gradient norm is exactly 0 (tanh saturated: "
                         "1 - tanh(z)^2 rounds to 0 in float64) or overflows; no log axis "
                         "can show it")
    logs, clogs, ologs = np.log10(norms), np.log10(clipped), np.log10(onorms)
    every = np.concatenate([logs.ravel(), clogs.ravel(), ologs.ravel(), [math.log10(tau)]])
    lo, hi, step = log_axis(float(every.min()), float(every.max()))
    clip_axes = []
    for k in (0, 2):
        own = np.concatenate([logs[k], clogs[k], [math.log10(tau)]])
        clip_axes.append(log_axis(float(own.min()), float(own.max()), 5))
    return SpectralValues(
        d=int(d), T=int(T), tau=float(tau), activation=activation, other_activation=other,
        rhos=rhos, runs=tuple(runs), other_runs=tuple(others),
        steps=np.arange(1, T + 1), log_norms=logs, log_norms_clipped=clogs,
        other_log_norms=ologs,
        spectral_radius=np.array([r.spectral_radius for r in runs]),
        sigma_max=np.array([float(np.linalg.norm(r.weight, 2)) for r in runs]),
        scalar_powers=rhos ** T,
        first_norms=norms[:, -1].copy(), last_norms=norms[:, 0].copy(),
        max_norms=norms.max(axis=1), clipped_first=clipped[:, -1].copy(),
        clipped_max=clipped.max(axis=1), other_first=onorms[:, -1].copy(),
        other_max=onorms.max(axis=1),
        small_ratio=float(norms[0, -1] / norms[0, 0]),
        page_ceiling=PAGE_CEILING, page_floor=PAGE_FLOOR,
        log_page_ceiling=math.log10(PAGE_CEILING), log_page_floor=math.log10(PAGE_FLOOR),
        log_tau=math.log10(tau),
        axis_lo=lo, axis_hi=hi, axis_step=step, clip_axes=tuple(clip_axes))


def spectral_values(p: dict) -> SpectralValues:
    """P3's values from its resolved parameters."""
    return spectral(int(p["seed"]), int(p["d"]), int(p["T"]), tuple(p["rhos"]),
                    float(p["tau"]), p["activation"])
