"""§03 Gates: the cell path, the one-step track, f^k against the RNN product, the forget bias."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import scalar
from ..cells import lstm
from ..cells.common import sigmoid
from .vanishing import CHAIN_SCALE, CHAIN_SEED, chain

#: Input weight W_x of §02's long chain (its default), used for the plain-RNN product of §03.
CHAIN_W_X = 0.8

#: Biases the forget-bias pitfall curve sweeps. The seed's log axis holds 8 decades of retention
#: after 20 steps; from b = -0.5 (sigmoid^20 = 3.5e-09) to b = 4 (0.69) it is 8.3 decades.
BIAS_SWEEP_RANGE = (-0.5, 4.0)
#: Number of biases in that sweep (step 0.05).
BIAS_SWEEP_POINTS = 91

#: The 1-D LSTM cell §03 steps over §01's tokens, in ``torch.nn.LSTM`` gate order (i, f, g, o):
#: ``pre = W_X x_t + W_H h_{t-1} + B``. Hand-picked, not trained: every gate reads the token and
#: the previous hidden state with moderate weights, and the forget bias is 1 (the fix of the
#: pitfall beat, Jozefowicz et al. 2015), so the cell keeps most of itself on every step.
LSTM_PATH_W_X = (1.0, 0.5, 1.2, 0.8)
LSTM_PATH_W_H = (0.5, 0.5, 0.5, 0.5)
LSTM_PATH_B = (0.0, 1.0, 0.0, 0.0)

#: Input weight of §01's recurrence (its default), for the RNN row drawn beside the cell.
PATH_W_X = 0.8


@dataclass(frozen=True, eq=False)
class GatesValues:
    """What §03 shows.

    Attributes
    ----------
    tokens : numpy.ndarray, shape (8,)
        §01's token row.
    path_rnn_states : numpy.ndarray, shape (8,)
        §01's recurrence ``h_t = tanh(path_w_h h_{t-1} + 0.8 x_t)`` over the same tokens.
    path_input, path_forget, path_candidate, path_output : numpy.ndarray, shape (8,)
        Gates ``i_t``, ``f_t``, ``g_t``, ``o_t`` of the 1-D LSTM (weights ``LSTM_PATH_*``).
    path_cell, path_hidden : numpy.ndarray, shape (8,)
        ``c_t = f_t c_{t-1} + i_t g_t`` and ``h_t = o_t tanh(c_t)``, with ``c_{-1} = h_{-1} = 0``.
    path_kept, path_written : numpy.ndarray, shape (8,)
        The two parts of each update: ``f_t c_{t-1}`` and ``i_t g_t`` (they sum to ``c_t``).
    path_cell_hops, path_cell_product : numpy.ndarray, shape (7,)
        The cell path back from ``c_7`` to ``c_0``: the factors ``dc_t/dc_{t-1} = f_t`` in the
        order the gradient meets them (``f_7`` first) and their running product.
    track_forget, track_input, track_c_prev, track_candidate : float
        The one-step track example: ``f``, ``i``, ``c_{t-1}``, ``g``.
    track_kept, track_written, track_dropped : float
        ``f c_{t-1}``, ``i g`` and ``(1 - f) c_{t-1}``; kept + dropped = ``c_{t-1}``.
    track_new_cell : float
        ``c_t = kept + written``.
    accumulator_cell, wiped_cell : float
        ``c_t`` of the same step at ``f = 1`` (``c_{t-1} + i g``) and at ``f = 0`` (``i g``).
    forget, steps : float, int
        The forget gate of the ``f^k`` beat and the number of steps it runs.
    forget_curve : numpy.ndarray, shape (steps + 1,)
        ``f^k`` for ``k = 0..steps``.
    forget_product : float
        ``f^steps``.
    rnn_curve : numpy.ndarray, shape (steps + 1,)
        The plain RNN's running product over §02's long chain at ``rnn_w_h`` under tanh
        (``rnn_curve[0] = 1``; ``rnn_curve[k]`` is the product of the first k hop factors).
    rnn_below_0_01_step : int or None
        First k with ``rnn_curve[k] < 0.01``.
    forget_below_0_01_step : int or None
        First k with ``forget_curve[k] < 0.01``.
    forget_bias, bias_steps : float, int
    bias_gate : float
        ``sigmoid(forget_bias)``: the forget gate at initialisation, when the weights are ~0.
    bias_retention : float
        ``bias_gate ** bias_steps``: what is left of ``c_0`` after ``bias_steps`` steps.
    bias_gate_at_1, bias_retention_at_1 : float
        The same at ``b_f = 1``.
    bias_sweep, bias_sweep_gate, bias_sweep_retention : numpy.ndarray, shape (B,)
        The pitfall curve: biases over ``BIAS_SWEEP_RANGE``, their gates and retentions.
    """

    tokens: np.ndarray
    path_rnn_states: np.ndarray
    path_input: np.ndarray
    path_forget: np.ndarray
    path_candidate: np.ndarray
    path_output: np.ndarray
    path_cell: np.ndarray
    path_hidden: np.ndarray
    path_kept: np.ndarray
    path_written: np.ndarray
    path_cell_hops: np.ndarray
    path_cell_product: np.ndarray
    track_forget: float
    track_input: float
    track_c_prev: float
    track_candidate: float
    track_kept: float
    track_written: float
    track_dropped: float
    track_new_cell: float
    accumulator_cell: float
    wiped_cell: float
    forget: float
    steps: int
    forget_curve: np.ndarray
    forget_product: float
    rnn_curve: np.ndarray
    rnn_below_0_01_step: int | None
    forget_below_0_01_step: int | None
    forget_bias: float
    bias_steps: int
    bias_gate: float
    bias_retention: float
    bias_gate_at_1: float
    bias_retention_at_1: float
    bias_sweep: np.ndarray
    bias_sweep_gate: np.ndarray
    bias_sweep_retention: np.ndarray


def _first_below(curve: np.ndarray, limit: float) -> int | None:
    """First index k with ``curve[k] < limit``, or None."""
    idx = np.flatnonzero(curve < limit)
    return int(idx[0]) if idx.size else None


def rnn_product_curve(steps: int, w_h: float) -> np.ndarray:
    """The plain RNN's running hop product over §02's long chain, with a leading 1.

    Uses §02's chain (``CHAIN_SEED``, ``CHAIN_SCALE``, ``CHAIN_W_X``, tanh) and its hop convention
    ``dh_t/dh_{t-1} = tanh'(z_t) w_h``.

    Parameters
    ----------
    steps : int
        Number of hops K.
    w_h : float
        Recurrent weight.

    Returns
    -------
    numpy.ndarray, shape (K + 1,)
        ``[1, p_1, ..., p_K]``.
    """
    spec = {"chain_length": int(steps), "chain_seed": CHAIN_SEED,
            "chain_scale": CHAIN_SCALE, "w_x": CHAIN_W_X}
    _, hops = chain(spec, w_h, "tanh")
    return np.concatenate(([1.0], hops.product))


def gates_values(p: dict) -> GatesValues:
    """Compute §03 from its parameters."""
    tokens = np.asarray(p["tokens"], dtype=np.float64)
    rnn_path = scalar.recur(tokens, p["path_w_h"], PATH_W_X, 0.0)
    cell = lstm.forward(tokens[:, None], np.asarray(LSTM_PATH_W_X)[:, None],
                        np.asarray(LSTM_PATH_W_H)[:, None], np.asarray(LSTM_PATH_B),
                        np.zeros(4))
    f_t, i_t, g_t = cell.f[:, 0], cell.i[:, 0], cell.g[:, 0]
    c_prev = cell.c_prev[:, 0]
    hops = f_t[:0:-1]  # dc_t/dc_{t-1} = f_t, t = 7..1

    tf, ti = p["track_forget"], p["track_input"]
    tc, tg = p["track_c_prev"], p["track_candidate"]

    k = np.arange(p["steps"] + 1)
    forget_curve = float(p["forget"]) ** k
    rnn_curve = rnn_product_curve(p["steps"], p["rnn_w_h"])

    gate = float(sigmoid(p["forget_bias"]))
    gate_1 = float(sigmoid(1.0))
    sweep = np.linspace(*BIAS_SWEEP_RANGE, BIAS_SWEEP_POINTS)
    sweep_gate = sigmoid(sweep)
    return GatesValues(
        tokens=tokens,
        path_rnn_states=rnn_path.h,
        path_input=i_t.copy(),
        path_forget=f_t.copy(),
        path_candidate=g_t.copy(),
        path_output=cell.o[:, 0].copy(),
        path_cell=cell.c[:, 0].copy(),
        path_hidden=cell.h[:, 0].copy(),
        path_kept=f_t * c_prev,
        path_written=i_t * g_t,
        path_cell_hops=hops.copy(),
        path_cell_product=np.cumprod(hops),
        track_forget=tf,
        track_input=ti,
        track_c_prev=tc,
        track_candidate=tg,
        track_kept=tf * tc,
        track_written=ti * tg,
        track_dropped=(1.0 - tf) * tc,
        track_new_cell=tf * tc + ti * tg,
        accumulator_cell=tc + ti * tg,
        wiped_cell=ti * tg,
        forget=p["forget"],
        steps=p["steps"],
        forget_curve=forget_curve,
        forget_product=float(forget_curve[-1]),
        rnn_curve=rnn_curve,
        rnn_below_0_01_step=_first_below(rnn_curve, 0.01),
        forget_below_0_01_step=_first_below(forget_curve, 0.01),
        forget_bias=p["forget_bias"],
        bias_steps=p["bias_steps"],
        bias_gate=gate,
        bias_retention=gate ** p["bias_steps"],
        bias_gate_at_1=gate_1,
        bias_retention_at_1=gate_1 ** p["bias_steps"],
        bias_sweep=sweep,
        bias_sweep_gate=sweep_gate,
        bias_sweep_retention=sweep_gate ** p["bias_steps"],
    )
