"""L1 Why the LSTM: a 4-dim RNN and a 4-dim LSTM read one sequence, gradient sent back by BPTT.

The experiment (seed: "gradient reach"): both cells read ``steps`` time steps with an input only
at step 1 (:data:`STEP1_INPUT`, zeros after), the loss is ``L = ½‖h_n‖²`` (so
``dL/dh_n = h_n``), and true backpropagation through time (:func:`mathcore.cells.rnn.backward`,
:func:`mathcore.cells.lstm.backward`) sends the gradient back to step 1. The curves are the
norm of the gradient reaching each step's memory:

    RNN:   ‖dL/dh_t‖   (its whole memory is h_t)
    LSTM:  ‖dL/dc_t‖   (the total gradient on the conveyor c_t: the share carried from
                         c_{t+1} times f_{t+1}, plus the share coming back through h_t)

Weights (all drawn from ``np.random.default_rng(seed)``, in this order):

- RNN: PyTorch-default ``init_params`` (U(-1/2, 1/2) for H = 4); then ``w_hh`` is replaced by a
  seeded orthogonal matrix (QR of a standard normal 4×4, signs fixed by R's diagonal) times
  :data:`RNN_RECURRENT_GAIN` = 0.5. Every singular value of ``w_hh`` is 0.5, so each backward
  step multiplies the gradient by at most 0.5 (``tanh' <= 1``): at least 0.3 decades lost per step
  whatever the seed, and nearly the same factor at every step once the state has settled (a
  straight line on the log axis). The seed's figure only says "straight, falls to the floor in
  tens of steps"; gain 0.5 gives 12.9–15.6 decades over 40 steps for seeds 0–5.
- LSTM: PyTorch-default ``init_params`` with ``w_ih`` and ``w_hh`` times
  :data:`LSTM_WEIGHT_SCALE` = 0.5 (so the gates sit near their biases and the forget gate's
  mean is close to ``sigmoid(bias)``); the forget block of ``b_ih`` is set to the run's forget
  bias and that of ``b_hh`` to 0, so the forget gate's total bias is exactly that number. The
  first run uses ``base_forget_bias`` (default +3: f ≈ 0.95, a gate "learned near 1"; the common
  +1 init gives f ≈ 0.73 and about 5 decades over 40 steps, so it is not the seed's flat curve),
  the second ``forget_bias`` (default −1: the seed's f ≈ 0.27, ``sigmoid(-1) = 0.269``).
  Both runs share every other weight.

``steps`` is bounded by 120: at forget bias −5 the turned curve loses about 1.4 decades a step,
and 120 steps stay far above float64's smallest normal number (checked in the tests).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import lstm, rnn
from ..cells.common import sigmoid

#: Hidden size of both cells and size of their input (the seed's "4-dim").
HIDDEN = 4

#: The only input, read at step 1 (zeros at every later step). Hand-set, one per input unit.
STEP1_INPUT = (1.0, 0.5, -0.5, -1.0)

#: Every singular value of the RNN's recurrent matrix (a seeded orthogonal matrix times this).
RNN_RECURRENT_GAIN = 0.5

#: Factor on the LSTM's PyTorch-default input and recurrent weights.
LSTM_WEIGHT_SCALE = 0.5

#: A curve whose log10 change over the steps is within this many decades reads "nearly flat".
FLAT_DECADES = 1.0

#: Forget biases the bias sweep visits between ``base_forget_bias`` and ``forget_bias``.
BIAS_SWEEP_POINTS = 25

#: Labelled decades of the log axis: the first step giving at most 5 intervals is used.
DECADE_STEPS = (1, 2, 5, 10, 20, 50)

#: Steps the "inbox" beat shows (the first ones of both runs).
INBOX_STEPS = 3


@dataclass(frozen=True, eq=False)
class WhyValues:
    """What L1 shows.

    Attributes
    ----------
    steps : int
        n, the number of time steps read.
    step_index : numpy.ndarray of int, shape (n,)
        1, ..., n (the steps as the video numbers them).
    step1_input : numpy.ndarray, shape (4,)
        The input at step 1 (zeros afterwards).
    rnn_w_ih, rnn_w_hh, rnn_b_ih, rnn_b_hh : numpy.ndarray, shapes (4, 4), (4, 4), (4,), (4,)
        The RNN's weights (PyTorch layout).
    lstm_w_ih, lstm_w_hh : numpy.ndarray, shapes (16, 4), (16, 4)
        The LSTM's weights (gate blocks i | f | g | o), shared by both LSTM runs.
    lstm_b_ih, lstm_b_hh : numpy.ndarray, shape (16,)
        Biases of the first LSTM run (forget block of ``b_ih`` = ``base_forget_bias``, of
        ``b_hh`` = 0); the turned run differs only in the forget block of ``b_ih``.
    rnn_h : numpy.ndarray, shape (n, 4)
        RNN hidden states h_1..h_n.
    lstm_c, lstm_h : numpy.ndarray, shape (n, 4)
        Cell and hidden states of the first LSTM run.
    lstm_f, lstm_ig : numpy.ndarray, shape (n, 4)
        Its forget gates and what each step writes, ``i ⊙ g``.
    inbox_steps : int
        Steps the inbox beat shows (``min(INBOX_STEPS, n)``).
    rnn_grad_norms : numpy.ndarray, shape (n,)
        ‖dL/dh_t‖ for t = 1..n (last entry = ‖h_n‖).
    lstm_grad_norms, lstm_grad_norms_turned : numpy.ndarray, shape (n,)
        ‖dL/dc_t‖ for t = 1..n, first run and turned-bias run.
    rnn_log10, lstm_log10, lstm_log10_turned : numpy.ndarray, shape (n,)
        log10 of the three curves.
    rnn_decades, lstm_decades, lstm_decades_turned : float
        Decades lost from step n back to step 1: ``log10 g_n - log10 g_1`` (negative: grew).
    rnn_decades_abs, lstm_decades_abs, lstm_decades_turned_abs : float
        Their magnitudes (for sentences that say "grows by").
    rnn_step_factor : float
        The RNN curve's geometric-mean factor per backward step, ``(g_1 / g_n)^(1/(n-1))``
        (1 when n = 1).
    rnn_reach, lstm_reach, lstm_reach_turned : float
        The gradient norm that reaches step 1 (``g_1``).
    rnn_end, lstm_end : float
        The gradient norm at step n (where the loss is).
    rnn_case, lstm_case, lstm_turned_case : str
        ``"falls"`` (lost at least ``FLAT_DECADES``), ``"flat"`` (within it) or ``"rises"``.
    flat_decades : float
        ``FLAT_DECADES``.
    lstm_mean_forget, lstm_mean_forget_turned : float
        Mean forget gate over all steps and units of each LSTM run.
    base_gate, turned_gate : float
        ``sigmoid`` of each run's forget bias (what f would be with the gate's other inputs at 0).
    bias_sweep : numpy.ndarray, shape (S,)
        Forget biases from ``base_forget_bias`` to ``forget_bias``.
    bias_sweep_log10 : numpy.ndarray, shape (S, n)
        log10 ‖dL/dc_t‖ of the LSTM at each swept bias (first row = first run, last = turned).
    bias_sweep_mean_forget : numpy.ndarray, shape (S,)
        Mean forget gate at each swept bias.
    bias_sweep_decades : numpy.ndarray, shape (S,)
        Decades lost at each swept bias.
    axis_bottom, axis_top : int
        Decades at the bottom and top of the log axis (multiples of ``axis_step``).
    axis_step : int
        Decades between labelled grid lines.
    axis_ticks : numpy.ndarray of int, shape (Y,)
        Labelled decades, bottom to top.
    x_ticks : numpy.ndarray of int, shape (X,)
        Labelled steps: 1, the middle step and n (no repeats).
    """

    steps: int
    step_index: np.ndarray
    step1_input: np.ndarray
    rnn_w_ih: np.ndarray
    rnn_w_hh: np.ndarray
    rnn_b_ih: np.ndarray
    rnn_b_hh: np.ndarray
    lstm_w_ih: np.ndarray
    lstm_w_hh: np.ndarray
    lstm_b_ih: np.ndarray
    lstm_b_hh: np.ndarray
    rnn_h: np.ndarray
    lstm_c: np.ndarray
    lstm_h: np.ndarray
    lstm_f: np.ndarray
    lstm_ig: np.ndarray
    inbox_steps: int
    rnn_grad_norms: np.ndarray
    lstm_grad_norms: np.ndarray
    lstm_grad_norms_turned: np.ndarray
    rnn_log10: np.ndarray
    lstm_log10: np.ndarray
    lstm_log10_turned: np.ndarray
    rnn_decades: float
    lstm_decades: float
    lstm_decades_turned: float
    rnn_decades_abs: float
    lstm_decades_abs: float
    lstm_decades_turned_abs: float
    rnn_step_factor: float
    rnn_reach: float
    lstm_reach: float
    lstm_reach_turned: float
    rnn_end: float
    lstm_end: float
    rnn_case: str
    lstm_case: str
    lstm_turned_case: str
    flat_decades: float
    lstm_mean_forget: float
    lstm_mean_forget_turned: float
    base_gate: float
    turned_gate: float
    bias_sweep: np.ndarray
    bias_sweep_log10: np.ndarray
    bias_sweep_mean_forget: np.ndarray
    bias_sweep_decades: np.ndarray
    axis_bottom: int
    axis_top: int
    axis_step: int
    axis_ticks: np.ndarray
    x_ticks: np.ndarray


def inputs(steps: int) -> np.ndarray:
    """The sequence both cells read, shape (steps, 4): :data:`STEP1_INPUT`, then zeros."""
    x = np.zeros((steps, HIDDEN))
    x[0] = STEP1_INPUT
    return x


def rnn_weights(rng: np.random.Generator):
    """The RNN's weights: PyTorch default, ``w_hh`` = seeded orthogonal × RNN_RECURRENT_GAIN."""
    p = rnn.init_params(HIDDEN, HIDDEN, rng)
    q, r = np.linalg.qr(rng.standard_normal((HIDDEN, HIDDEN)))
    q = q * np.sign(np.diag(r))
    return p.w_ih, RNN_RECURRENT_GAIN * q, p.b_ih, p.b_hh


def lstm_weights(rng: np.random.Generator):
    """The LSTM's shared weights: PyTorch default, weights × LSTM_WEIGHT_SCALE, biases as drawn."""
    p = lstm.init_params(HIDDEN, HIDDEN, rng)
    return LSTM_WEIGHT_SCALE * p.w_ih, LSTM_WEIGHT_SCALE * p.w_hh, p.b_ih, p.b_hh


def with_forget_bias(b_ih: np.ndarray, b_hh: np.ndarray, bias: float):
    """Biases whose forget block totals ``bias`` (in ``b_ih``; ``b_hh``'s forget block is 0)."""
    b_ih, b_hh = np.array(b_ih, dtype=np.float64), np.array(b_hh, dtype=np.float64)
    b_ih[HIDDEN:2 * HIDDEN] = bias
    b_hh[HIDDEN:2 * HIDDEN] = 0.0
    return b_ih, b_hh


def lstm_run(x, w_ih, w_hh, b_ih, b_hh, bias: float):
    """Forward and BPTT of the LSTM at one forget bias: (trace, ‖dL/dc_t‖ per step)."""
    bi, bh = with_forget_bias(b_ih, b_hh, bias)
    tr = lstm.forward(x, w_ih, w_hh, bi, bh)
    grads = lstm.backward(tr, tr.h[-1])      # L = ½‖h_n‖²  =>  dL/dh_n = h_n
    return tr, np.linalg.norm(grads.dc, axis=1)


def case(decades: float) -> str:
    """``"falls"``, ``"flat"`` or ``"rises"`` by the decades a curve lost back to step 1."""
    if decades >= FLAT_DECADES:
        return "falls"
    return "rises" if decades <= -FLAT_DECADES else "flat"


def log_axis(lo: float, hi: float) -> tuple[int, int, int]:
    """Bottom, top and label step (decades) of a log axis covering ``[lo, hi]`` (log10)."""
    bottom0, top0 = int(np.floor(lo)), int(np.ceil(hi))
    if top0 <= bottom0:
        top0 = bottom0 + 1
    for step in DECADE_STEPS:
        bottom = step * int(np.floor(bottom0 / step))
        top = step * int(np.ceil(top0 / step))
        if (top - bottom) // step <= 5:
            return bottom, top, step
    step = DECADE_STEPS[-1]
    return step * int(np.floor(bottom0 / step)), step * int(np.ceil(top0 / step)), step


def why_values(p: dict) -> WhyValues:
    """Compute L1 from ``steps``, ``forget_bias``, ``base_forget_bias`` and ``seed``."""
    n = int(p["steps"])
    rng = np.random.default_rng(int(p["seed"]))
    x = inputs(n)

    r_w = rnn_weights(rng)
    r_tr = rnn.forward(x, *r_w)
    r_norm = np.linalg.norm(rnn.backward(r_tr, r_tr.h[-1]).dh, axis=1)

    l_w = lstm_weights(rng)
    base, turned = float(p["base_forget_bias"]), float(p["forget_bias"])
    l_tr, l_norm = lstm_run(x, *l_w, base)
    t_tr, t_norm = lstm_run(x, *l_w, turned)

    sweep = np.linspace(base, turned, BIAS_SWEEP_POINTS)
    runs = [lstm_run(x, *l_w, b) for b in sweep]
    sweep_log = np.stack([np.log10(g) for _, g in runs])
    sweep_f = np.array([tr.f.mean() for tr, _ in runs])

    r_log, l_log, t_log = np.log10(r_norm), np.log10(l_norm), np.log10(t_norm)
    r_dec, l_dec, t_dec = (float(a[-1] - a[0]) for a in (r_log, l_log, t_log))
    every = np.concatenate([r_log, l_log, t_log, sweep_log.ravel()])
    bottom, top, step = log_axis(float(every.min()), float(every.max()))
    b_ih, b_hh = with_forget_bias(l_w[2], l_w[3], base)
    return WhyValues(
        steps=n,
        step_index=np.arange(1, n + 1),
        step1_input=np.array(STEP1_INPUT),
        rnn_w_ih=r_w[0], rnn_w_hh=r_w[1], rnn_b_ih=r_w[2], rnn_b_hh=r_w[3],
        lstm_w_ih=l_w[0], lstm_w_hh=l_w[1], lstm_b_ih=b_ih, lstm_b_hh=b_hh,
        rnn_h=np.array(r_tr.h),
        lstm_c=np.array(l_tr.c),
        lstm_h=np.array(l_tr.h),
        lstm_f=np.array(l_tr.f),
        lstm_ig=np.array(l_tr.i * l_tr.g),
        inbox_steps=min(INBOX_STEPS, n),
        rnn_grad_norms=r_norm,
        lstm_grad_norms=l_norm,
        lstm_grad_norms_turned=t_norm,
        rnn_log10=r_log, lstm_log10=l_log, lstm_log10_turned=t_log,
        rnn_decades=r_dec, lstm_decades=l_dec, lstm_decades_turned=t_dec,
        rnn_decades_abs=abs(r_dec), lstm_decades_abs=abs(l_dec), lstm_decades_turned_abs=abs(t_dec),
        rnn_step_factor=float((r_norm[0] / r_norm[-1]) ** (1.0 / (n - 1))) if n > 1 else 1.0,
        rnn_reach=float(r_norm[0]), lstm_reach=float(l_norm[0]), lstm_reach_turned=float(t_norm[0]),
        rnn_end=float(r_norm[-1]), lstm_end=float(l_norm[-1]),
        rnn_case=case(r_dec), lstm_case=case(l_dec), lstm_turned_case=case(t_dec),
        flat_decades=FLAT_DECADES,
        lstm_mean_forget=float(l_tr.f.mean()),
        lstm_mean_forget_turned=float(t_tr.f.mean()),
        base_gate=float(sigmoid(base)),
        turned_gate=float(sigmoid(turned)),
        bias_sweep=sweep,
        bias_sweep_log10=sweep_log,
        bias_sweep_mean_forget=sweep_f,
        bias_sweep_decades=sweep_log[:, -1] - sweep_log[:, 0],
        axis_bottom=bottom, axis_top=top, axis_step=step,
        axis_ticks=np.arange(bottom, top + 1, step),
        x_ticks=np.unique(np.array([1, (n + 1) // 2, n])),
    )
