"""P2 Backpropagation through time: the gradient as a sum over time on a small seeded RNN, the
ordered product of Jacobians, the page's first lab (:func:`mathcore.prehistory.labs.product_lab`)
and the clipping asymmetry.

The small RNN (width ``D = 3``, scalar tokens, no bias), column vectors:

``h_t = tanh(W_h h_{t-1} + W_x x_t)``, t = 1..T; ``h_0 = tanh(n)``, n ~ N(0, 1)^D;
``L = ½ ‖h_T‖²``.

Backward (reverse accumulation, nearest the loss first): ``g_T = ∂L/∂h_T = h_T``;
``δ_t = (1 − h_t²) ⊙ g_t`` (= ∂L/∂z_t); step t's contribution to ``∂L/∂W_h`` is
``C_t = δ_t h_{t-1}^T``; ``∂L/∂x_t = W_x^T δ_t``; ``g_{t-1} = W_h^T δ_t``. The gradient is
``∂L/∂W_h = Σ_t C_t`` (every step uses the same W_h). The local Jacobian is
``J_t = ∂h_t/∂h_{t-1} = diag(1 − h_t²) W_h`` and ``∂h_T/∂h_1 = J_T J_{T-1} ⋯ J_2`` (T − 1
factors, the latest on the left: the page's ∏_{t=2}^T in the column-vector convention).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import labs

#: Width of the small RNN.
D = 3
#: The most points a lab curve is drawn through (and the sweep's points): every factor up to
#: this many, else this many evenly spaced.
LAB_POINTS = 250
#: Decimals of the lab's log readouts (the page prints the natural log).
LAB_PLACES = 2


@dataclass(frozen=True, eq=False)
class SmallRNN:
    """The small RNN's forward and backward pass.

    Attributes
    ----------
    w_h : numpy.ndarray, shape (D, D)
        ``W0 · radius / ρ(W0)``, W0 ~ N(0, 1).
    w_x : numpy.ndarray, shape (D, 1)
    tokens : numpy.ndarray, shape (T,)
        ``x_1..x_T``.
    states : numpy.ndarray, shape (T + 1, D)
        ``h_0..h_T``.
    loss : float
        ``½ ‖h_T‖²``.
    grad_h : numpy.ndarray, shape (T, D)
        Row t − 1 is ``∂L/∂h_t`` for t = 1..T.
    grad_x : numpy.ndarray, shape (T,)
        ``∂L/∂x_t``.
    contributions : numpy.ndarray, shape (T, D, D)
        ``C_t = δ_t h_{t-1}^T``, t = 1..T.
    grad_w_h : numpy.ndarray, shape (D, D)
        The gradient accumulated in the backward loop (``G += C_t`` as each step is reached).
    jacobian_product : numpy.ndarray, shape (D, D)
        ``∂h_T/∂h_1 = J_T ⋯ J_2``.
    """

    w_h: np.ndarray
    w_x: np.ndarray
    tokens: np.ndarray
    states: np.ndarray
    loss: float
    grad_h: np.ndarray
    grad_x: np.ndarray
    contributions: np.ndarray
    grad_w_h: np.ndarray
    jacobian_product: np.ndarray


def small_rnn(steps: int, seed: int, radius: float) -> SmallRNN:
    """Draw (``default_rng(seed)``: W0, W_x, tokens, n in that order), run forward and backward.

    Shapes: W_h (D, D), W_x (D, 1), tokens (T,), states (T + 1, D).
    """
    if steps < 2:
        raise ValueError("steps must be at least 2 (the product needs a factor)")
    rng = np.random.default_rng(seed)
    w0 = rng.normal(size=(D, D))
    w_h = w0 * (radius / max(abs(np.linalg.eigvals(w0))))
    w_x = rng.normal(size=(D, 1))
    x = rng.normal(size=steps)
    h = [np.tanh(rng.normal(size=D))]
    for t in range(steps):
        h.append(np.tanh(w_h @ h[-1] + w_x[:, 0] * x[t]))
    h = np.array(h)
    g = h[-1].copy()
    grad_h, grad_x = np.zeros((steps, D)), np.zeros(steps)
    contrib = np.zeros((steps, D, D))
    total = np.zeros((D, D))
    for t in range(steps, 0, -1):
        grad_h[t - 1] = g
        delta = (1 - h[t] ** 2) * g
        contrib[t - 1] = np.outer(delta, h[t - 1])
        total += contrib[t - 1]
        grad_x[t - 1] = float(w_x[:, 0] @ delta)
        g = w_h.T @ delta
    prod = np.eye(D)
    for t in range(2, steps + 1):           # J_t multiplies on the left
        prod = ((1 - h[t] ** 2)[:, None] * w_h) @ prod
    return SmallRNN(w_h=w_h, w_x=w_x, tokens=x, states=h, loss=float(0.5 * h[-1] @ h[-1]),
                    grad_h=grad_h, grad_x=grad_x, contributions=contrib, grad_w_h=total,
                    jacobian_product=prod)


def nice_step(span: float) -> float:
    """A tick step of 1, 2 or 5 times a power of ten giving at most 6 intervals over ``span``."""
    if not span > 0:
        return 1.0
    base = 10.0 ** np.floor(np.log10(span / 6))
    for m in (1, 2, 5, 10):
        if span / (m * base) <= 6:
            return float(m * base)
    return float(10 * base)


def clip(x: float, tau: float) -> float:
    """Norm clipping of a scalar: ``min(1, tau / |x|) · x``."""
    return x if abs(x) <= tau else x * (tau / abs(x))


@dataclass(frozen=True, eq=False)
class BpttValues:
    """What P2 shows.

    Attributes
    ----------
    steps : int
        T of the small RNN.
    rnn : SmallRNN
    entry : tuple of int
        ``(i, j)``: the entry of ``∂L/∂W_h`` largest in magnitude (0-based), the one whose
        sum over time is drawn; ``entry_row``, ``entry_col`` are the same 1-based (as shown).
    entry_row, entry_col : int
    step_index : numpy.ndarray of int, shape (T,)
        1..T.
    step_contributions : numpy.ndarray, shape (T,)
        ``C_t[i, j]``.
    backward_contributions : numpy.ndarray, shape (T,)
        The contributions in the backward walk's order (step T first).
    running_sum : numpy.ndarray, shape (T,)
        ``cumsum`` of ``backward_contributions``: entry k is the sum over steps T..T − k, as
        the backward loop accumulates it (its last entry is ``grad_entry`` bit for bit).
    grad_entry : float
        ``(∂L/∂W_h)[i, j]`` from the backward loop's accumulation.
    grad_h_norms : numpy.ndarray, shape (T,)
        ``‖∂L/∂h_t‖``, t = 1..T.
    backward_index : numpy.ndarray of int, shape (T,)
        The backward walk's order: T, T − 1, .., 1 (the bars arrive in this order).
    backward_grad_norms : numpy.ndarray, shape (T,)
        ``grad_h_norms`` in that order.
    grad_last, grad_first : float
        ``‖∂L/∂h_T‖``, ``‖∂L/∂h_1‖``.
    token_grad_first, token_grad_last : float
        ``|∂L/∂x_1|``, ``|∂L/∂x_T|``.
    product_norm : float
        ``‖∂h_T/∂h_1‖₂`` (largest singular value) of the T − 1 factors.
    factors_in_product : int
        ``T − 1``.
    lab : labs.ProductLab
        The page's lab 1 from ``default_rng(seed)`` with ``factors`` per range.
    factors : int
    lab_steps : numpy.ndarray of int, shape (P,)
        The factor counts the curves are drawn through (1..factors, at most ``LAB_POINTS``).
    lab_curves : dict
        key -> numpy.ndarray, shape (P,): the trajectory at those counts.
    lab_axis_lo, lab_axis_hi, lab_axis_step : float
        The log axis: ticks from lo to hi every step (lo ≤ every value ≤ hi, 0 a tick).
    lab_ticks : numpy.ndarray, shape (K,)
    step_bounds : dict
        key -> ``(ln low, ln high)``: the least and most one factor moves the log (low = 0
        gives −∞).
    below_product : float
        The below-one product multiplied factor by factor in float64 (``cumprod``), as the
        double holds it (0 if it underflowed).
    below_underflows : bool
    below_log10 : float
        ``final_log_magnitudes['below_one'] / ln 10``.
    above_product : float
        The above-one product multiplied factor by factor (≥ 1).
    clip_threshold : float
    above_clipped, below_clipped : float
        :func:`clip` of the two products at the threshold.
    """

    steps: int
    rnn: SmallRNN
    entry: tuple
    entry_row: int
    entry_col: int
    step_index: np.ndarray
    step_contributions: np.ndarray
    backward_contributions: np.ndarray
    running_sum: np.ndarray
    grad_entry: float
    grad_h_norms: np.ndarray
    backward_index: np.ndarray
    backward_grad_norms: np.ndarray
    grad_last: float
    grad_first: float
    token_grad_first: float
    token_grad_last: float
    product_norm: float
    factors_in_product: int
    lab: labs.ProductLab
    factors: int
    lab_steps: np.ndarray
    lab_curves: dict
    lab_axis_lo: float
    lab_axis_hi: float
    lab_axis_step: float
    lab_ticks: np.ndarray
    step_bounds: dict
    below_product: float
    below_underflows: bool
    below_log10: float
    above_product: float
    clip_threshold: float
    above_clipped: float
    below_clipped: float


def bptt_values(p: dict) -> BpttValues:
    """Compute P2 from ``steps``, ``rnn_seed``, ``radius``, ``factors``, ``seed``,
    ``clip_threshold``."""
    T = int(p["steps"])
    rnn = small_rnn(T, int(p["rnn_seed"]), float(p["radius"]))
    i, j = np.unravel_index(int(np.argmax(np.abs(rnn.grad_w_h))), rnn.grad_w_h.shape)
    c = rnn.contributions[:, i, j]
    gh = np.linalg.norm(rnn.grad_h, axis=1)

    n = int(p["factors"])
    lab = labs.product_lab(np.random.default_rng(int(p["seed"])), n)
    idx = np.unique(np.round(np.linspace(0, n - 1, min(n, LAB_POINTS))).astype(int))
    curves = {k: lab.trajectories[k][idx] for k in lab.keys}
    finite = np.concatenate([t[np.isfinite(t)] for t in lab.trajectories.values()] + [[0.0]])
    lo_v, hi_v = float(finite.min()), float(finite.max())
    step = nice_step(hi_v - lo_v)
    lo, hi = step * np.floor(lo_v / step), step * np.ceil(hi_v / step)
    if hi == lo:
        hi = lo + step
    with np.errstate(divide="ignore"):
        bounds = {k: (float(np.log(a)), float(np.log(b))) for k, (a, b) in lab.ranges.items()}
    below = float(np.cumprod(lab.factors["below_one"])[-1])
    above = float(np.cumprod(lab.factors["above_one"])[-1])
    tau = float(p["clip_threshold"])
    return BpttValues(
        steps=T, rnn=rnn, entry=(int(i), int(j)), entry_row=int(i) + 1, entry_col=int(j) + 1,
        step_index=np.arange(1, T + 1), step_contributions=c,
        backward_contributions=c[::-1].copy(), running_sum=np.cumsum(c[::-1]),
        grad_entry=float(rnn.grad_w_h[i, j]), grad_h_norms=gh,
        backward_index=np.arange(T, 0, -1),
        backward_grad_norms=gh[::-1].copy(), grad_last=float(gh[-1]), grad_first=float(gh[0]),
        token_grad_first=float(abs(rnn.grad_x[0])), token_grad_last=float(abs(rnn.grad_x[-1])),
        product_norm=float(np.linalg.norm(rnn.jacobian_product, 2)), factors_in_product=T - 1,
        lab=lab, factors=n, lab_steps=idx + 1, lab_curves=curves,
        lab_axis_lo=float(lo), lab_axis_hi=float(hi), lab_axis_step=step,
        lab_ticks=step * np.arange(round(lo / step), round(hi / step) + 1),   # 0 exactly
        step_bounds=bounds, below_product=below, below_underflows=below == 0.0,
        below_log10=float(lab.final_log_magnitudes["below_one"] / np.log(10)),
        above_product=above, clip_threshold=tau, above_clipped=clip(above, tau),
        below_clipped=clip(below, tau),
    )
