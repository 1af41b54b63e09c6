"""§03 Gates: the cell path, the one-step track (f, then i), f^k against the RNN product (with f
swept), the forget bias, the GRU's tied gate.

The plain-RNN product of the f^k beat is §02's long chain, read from this section's own
parameters ``chain_seed`` and ``chain_scale`` (defaults: §02's ``CHAIN_SEED`` and
``CHAIN_SCALE``, chosen so that it falls below 0.01 at step 9, as the seed says; see
:mod:`mathcore.primer.vanishing`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import scalar
from ..cells import lstm
from ..cells.common import sigmoid
from .vanishing import chain

#: Input weight W_x of §02's long chain (its default), used for the plain-RNN product of §03.
CHAIN_W_X = 0.8

#: Biases the forget-bias pitfall curve sweeps. The seed's log axis holds 8 decades of retention
#: after 20 steps; from b = -0.5 (sigmoid^20 = 3.5e-09) to b = 4 (0.69) it is 8.3 decades. A
#: ``forget_bias`` below -0.5 extends the sweep down to it (same step), so its dot is on the curve.
BIAS_SWEEP_RANGE = (-0.5, 4.0)
#: Number of biases in that sweep (step 0.05).
BIAS_SWEEP_POINTS = 91
#: The lowest forget bias an instructor may set: the LSTM chapter turns the bias to -1
#: (f = sigmoid(-1) = 0.27) to show the LSTM's gradient falling too.
BIAS_MIN = -1.0

#: The 1-D LSTM cell §03 steps over §01's tokens, in ``torch.nn.LSTM`` gate order (i, f, g, o):
#: ``pre = W_X x_t + W_H h_{t-1} + B``. Hand-picked, not trained: every gate reads the token and
#: the previous hidden state with moderate weights, and the forget bias is 1 (what Jozefowicz et
#: al. 2015 recommend, ``BIAS_RECOMMENDED``; fixed here, whatever the pitfall beat's ``bias_fix``),
#: so the cell keeps most of itself on every step.
LSTM_PATH_W_X = (1.0, 0.5, 1.2, 0.8)
LSTM_PATH_W_H = (0.5, 0.5, 0.5, 0.5)
LSTM_PATH_B = (0.0, 1.0, 0.0, 0.0)

#: Input weight of §01's recurrence (its default), for the RNN row drawn beside the cell.
PATH_W_X = 0.8

#: The level the f^k beat compares both products with ("falls below 0.01 at step k").
THRESHOLD = 0.01

#: The forget bias Jozefowicz, Zaremba & Sutskever (2015) recommend: the default of the pitfall
#: beat's ``bias_fix`` parameter (the point it compares ``forget_bias`` with), and what the
#: narration cites when ``bias_fix`` is set to something else.
BIAS_RECOMMENDED = 1.0
#: Two biases (or a bias and the recommended one) closer than this are "equal": the precision
#: a parameter is shown with (3 decimals).
BIAS_EQUAL_TOL = 5e-4

#: Points of the one-step track's sweep: f from ``track_forget`` up to 1 (TRACK_SWEEP_UP points),
#: down to 0 (TRACK_SWEEP_DOWN), back to ``track_forget`` (TRACK_SWEEP_BACK); then, at that f,
#: i from ``track_input`` up to 1 (TRACK_SWEEP_UP) and down to 0 (TRACK_SWEEP_DOWN).
TRACK_SWEEP_UP = 31
TRACK_SWEEP_DOWN = 41
TRACK_SWEEP_BACK = 21

#: The f^k beat sweeps f from ``forget`` down to FORGET_SWEEP[0], up to FORGET_SWEEP[1] and back
#: to ``forget``, FORGET_SWEEP_POINTS points a leg.
FORGET_SWEEP = (0.5, 0.99)
FORGET_SWEEP_POINTS = 31

#: Points of the GRU beat's sweep: its gate from ``gru_forget`` down to 0, up to 1, back.
GRU_SWEEP_POINTS = 31

#: Points of the pitfall beat's dot as it slides from ``forget_bias`` to ``bias_fix``.
BIAS_PATH_POINTS = 41

#: Decade steps the pitfall beat's log axis may use between its labels (at most 4 steps).
DECADE_STEPS = (1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500)


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
        The bias of the pitfall beat and the steps over which it measures retention.
    bias_gate : float
        ``sigmoid(forget_bias)``: the forget gate at initialisation, when the weights are ~0.
    bias_retention : float
        ``bias_gate ** bias_steps``: what is left of ``c_0`` after ``bias_steps`` steps.
    bias_gate_at_fix, bias_retention_at_fix : float
        The same at ``b_f = bias_fix``: ``sigmoid(bias_fix)`` and its ``bias_steps``-th power.
    bias_sweep, bias_sweep_gate, bias_sweep_retention : numpy.ndarray, shape (B,)
        The pitfall curve: biases over ``BIAS_SWEEP_RANGE`` (extended down to ``forget_bias``
        or ``bias_fix`` when one is lower), their gates and retentions.
    threshold : float
        ``THRESHOLD`` (0.01), the level both products are compared with.
    rnn_crossing, forget_crossing : str
        How the product meets ``threshold`` within ``steps``: ``"never"`` (never below it),
        ``"stays"`` (falls below it and stays below) or ``"returns"`` (falls below it, then
        comes back to it or above).
    rnn_product : float
        ``rnn_curve[-1]``: the RNN product after ``steps`` hops.
    curve_k : numpy.ndarray of int, shape (steps + 1,)
        The steps ``0..steps`` both curves are drawn over.
    curve_x_ticks : numpy.ndarray of int, shape (X,)
        Steps labelled on the f^k axis: 0, about half of ``steps``, ``steps`` (no repeats).
    track_sweep_forget : numpy.ndarray, shape (S,)
        The f values the track's sweep visits (:func:`track_sweep`): ``track_forget`` up to 1,
        down to 0, back to ``track_forget``, then held there while i moves.
    track_sweep_kept, track_sweep_dropped, track_sweep_cell : numpy.ndarray, same shape
        ``f c_{t-1}``, ``(1 - f) c_{t-1}`` and ``c_t = f c_{t-1} + i g`` at each point.
    track_sweep_full : int
        Index of f = 1 in ``track_sweep_forget`` (where the sweep turns back).
    track_full_forget, track_empty_forget : float
        The two ends of the gate the sweep stops at: 1 and 0.
    bias_fix : float
        The parameter ``bias_fix``: the bias the pitfall beat slides to and compares with.
    bias_recommended : float
        ``BIAS_RECOMMENDED`` (1), the bias Jozefowicz et al. 2015 recommend.
    bias_fix_case : str
        ``"recommended"`` if ``bias_fix`` is ``BIAS_RECOMMENDED`` (within ``BIAS_EQUAL_TOL``),
        else ``"other"``.
    bias_vs_fix : str
        ``"below"``, ``"equal"`` (within ``BIAS_EQUAL_TOL``, the precision a parameter is shown
        with) or ``"above"``: ``forget_bias`` against ``bias_fix``. Below, the fix keeps more of
        the cell (the retention grows with the bias); above, less.
    bias_log10_retention, bias_log10_retention_at_fix : float
        ``bias_steps * log10(sigmoid(b))`` at ``forget_bias`` and at ``bias_fix``.
    bias_sweep_log10_retention : numpy.ndarray, shape (B,)
        The same along ``bias_sweep`` (no underflow at any ``bias_steps``).
    bias_y_bottom : int
        Lowest decade of the pitfall beat's log axis (a multiple of the label step).
    bias_y_ticks : numpy.ndarray of int, shape (Y,)
        Decades labelled on that axis, from 0 down to ``bias_y_bottom``.
    bias_y_tick_heights : numpy.ndarray of int, shape (Y,)
        Their heights above the axis bottom (``bias_y_ticks - bias_y_bottom``).
    bias_y_step : int
        Decades between two labels.
    bias_sweep_height, bias_height, bias_height_at_fix : numpy.ndarray or float
        Height above the axis bottom in decades (``log10 retention - bias_y_bottom``) along the
        sweep, at ``forget_bias`` and at ``bias_fix``.
    bias_path, bias_path_gate, bias_path_height : numpy.ndarray, shape (BIAS_PATH_POINTS,)
        The biases the dot slides through from ``forget_bias`` to ``bias_fix``, the gate and
        the height above the axis bottom at each.
    track_sweep_input, track_sweep_written : numpy.ndarray, same shape as ``track_sweep_forget``
        The input gate along the track's sweep and ``i g`` at each point.
    track_sweep_empty, track_sweep_back, track_sweep_input_full : int
        Indices where f = 0, where f is back at ``track_forget``, and where i = 1.
    track_full_input, track_empty_input : float
        The ends of the input gate the sweep stops at: 1 and 0.
    track_full_input_cell, track_empty_input_cell : float
        ``c_t`` at ``f = track_forget`` with i = 1 and with i = 0.
    forget_sweep : numpy.ndarray, shape (S,)
        The f values the f^k beat's sweep visits (ends at ``forget``).
    forget_sweep_curves : numpy.ndarray, shape (S, steps + 1)
        ``f^k`` at each of them.
    forget_sweep_product : numpy.ndarray, shape (S,)
        ``f^steps`` at each of them.
    forget_sweep_low, forget_sweep_high : int
        Indices of the sweep's two turns (FORGET_SWEEP[0] and FORGET_SWEEP[1]).
    gru_forget : float
        The GRU beat's gate: the share of ``c_{t-1}`` kept; the share of ``g`` written is
        ``1 - gru_forget``.
    gru_sweep_forget, gru_sweep_write, gru_sweep_kept, gru_sweep_written, gru_sweep_cell :
        numpy.ndarray, shape (G,)
        The sweep (``gru_forget`` down to 0, up to 1, back), ``1 - f``, ``f c_{t-1}``,
        ``(1 - f) g`` and their sum.
    gru_write, gru_kept, gru_written, gru_cell : float
        The same at ``gru_forget``.
    gru_cell_max : float
        The most a GRU step can hold, ``max(c_{t-1}, g)`` (its ``c_t`` is a weighted average).
    lstm_both_cell : float
        An LSTM step with f = 1 and i = 1: ``c_{t-1} + g``, keeping and writing in full.
    gru_vs_lstm : str
        ``"less"`` if ``lstm_both_cell`` exceeds ``gru_cell_max`` (the LSTM step holds more
        than any GRU step can), else ``"same"`` (when ``c_{t-1}`` or ``g`` is 0).
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
    bias_gate_at_fix: float
    bias_retention_at_fix: float
    bias_sweep: np.ndarray
    bias_sweep_gate: np.ndarray
    bias_sweep_retention: np.ndarray
    threshold: float
    rnn_crossing: str
    forget_crossing: str
    rnn_product: float
    curve_k: np.ndarray
    curve_x_ticks: np.ndarray
    track_sweep_forget: np.ndarray
    track_sweep_kept: np.ndarray
    track_sweep_dropped: np.ndarray
    track_sweep_cell: np.ndarray
    track_sweep_full: int
    track_full_forget: float
    track_empty_forget: float
    bias_fix: float
    bias_recommended: float
    bias_fix_case: str
    bias_vs_fix: str
    bias_log10_retention: float
    bias_log10_retention_at_fix: float
    bias_sweep_log10_retention: np.ndarray
    bias_y_bottom: int
    bias_y_ticks: np.ndarray
    bias_y_tick_heights: np.ndarray
    bias_y_step: int
    bias_sweep_height: np.ndarray
    bias_height: float
    bias_height_at_fix: float
    bias_path: np.ndarray
    bias_path_gate: np.ndarray
    bias_path_height: np.ndarray
    track_sweep_input: np.ndarray
    track_sweep_written: np.ndarray
    track_sweep_empty: int
    track_sweep_back: int
    track_sweep_input_full: int
    track_full_input: float
    track_empty_input: float
    track_full_input_cell: float
    track_empty_input_cell: float
    forget_sweep: np.ndarray
    forget_sweep_curves: np.ndarray
    forget_sweep_product: np.ndarray
    forget_sweep_low: int
    forget_sweep_high: int
    gru_forget: float
    gru_sweep_forget: np.ndarray
    gru_sweep_write: np.ndarray
    gru_sweep_kept: np.ndarray
    gru_sweep_written: np.ndarray
    gru_sweep_cell: np.ndarray
    gru_write: float
    gru_kept: float
    gru_written: float
    gru_cell: float
    gru_cell_max: float
    lstm_both_cell: float
    gru_vs_lstm: str


def crossing(curve: np.ndarray, limit: float) -> str:
    """``"never"``, ``"stays"`` or ``"returns"``: how ``curve`` meets ``limit`` (see
    :class:`GatesValues`)."""
    k = _first_below(curve, limit)
    if k is None:
        return "never"
    return "stays" if bool(np.all(curve[k:] < limit)) else "returns"


def gru_case(lstm_both: float, gru_max: float) -> str:
    """An LSTM step with f = i = 1 against the most a GRU step holds.

    ``c_{t-1} + g`` (both gates open) against ``max(c_{t-1}, g)`` (a weighted average of the
    two never exceeds the larger). The scene passes both as displayed, so two values that show
    the same digits are ``"same"``.

    Returns
    -------
    str
        ``"less"`` (the GRU's limit is below the LSTM's) or ``"same"``.
    """
    return "less" if lstm_both > gru_max else "same"


def axis_ticks(steps: int) -> np.ndarray:
    """Labelled steps of the f^k axis: ``0``, ``round(steps / 2)``, ``steps`` without repeats."""
    return np.unique(np.array([0, int(round(steps / 2)), int(steps)], dtype=np.int64))


def decade_axis(lowest: float) -> tuple[int, np.ndarray]:
    """Bottom and labelled decades of a log axis from ``10^lowest`` (<= 0) up to ``10^0``.

    The step between labels is the first of ``DECADE_STEPS`` that needs at most 4 steps; the
    bottom is the first multiple of it at or below ``floor(lowest)``.

    Returns
    -------
    bottom : int
    ticks : numpy.ndarray of int
        ``0, -step, ..., bottom``.
    """
    depth = max(1, -int(np.floor(lowest)))
    step = next((s for s in DECADE_STEPS if depth <= 4 * s), DECADE_STEPS[-1])
    bottom = -step * int(np.ceil(depth / step))
    return bottom, np.arange(0, bottom - 1, -step, dtype=np.int64)


def track_sweep(forget: float, c_prev: float, inp: float, cand: float):
    """The one-step track as f moves from ``forget`` up to 1, down to 0 and back to ``forget``,
    then i (at that f) from ``inp`` up to 1 and down to 0.

    Returns
    -------
    f, i, kept, written, dropped, cell : numpy.ndarray
        ``f``, ``i``, ``f c_prev``, ``i cand``, ``(1 - f) c_prev``, ``f c_prev + i cand``.
    marks : tuple of int
        Indices of f = 1, f = 0, f back at ``forget``, i = 1 (the last point is i = 0).
    """
    f_up = np.linspace(forget, 1.0, TRACK_SWEEP_UP)
    f_down = np.linspace(1.0, 0.0, TRACK_SWEEP_DOWN)[1:]
    f_back = np.linspace(0.0, forget, TRACK_SWEEP_BACK)[1:]
    i_up = np.linspace(inp, 1.0, TRACK_SWEEP_UP)[1:]
    i_down = np.linspace(1.0, 0.0, TRACK_SWEEP_DOWN)[1:]
    n_f = len(f_up) + len(f_down) + len(f_back)
    f = np.concatenate((f_up, f_down, f_back, np.full(len(i_up) + len(i_down), forget)))
    i = np.concatenate((np.full(n_f, inp), i_up, i_down))
    full = TRACK_SWEEP_UP - 1
    empty = full + len(f_down)
    back = empty + len(f_back)
    i_full = back + len(i_up)
    return (f, i, f * c_prev, i * cand, (1.0 - f) * c_prev, f * c_prev + i * cand,
            (full, empty, back, i_full))


def forget_sweep(forget: float, steps: int):
    """The f^k beat's sweep: f from ``forget`` to FORGET_SWEEP[0], to FORGET_SWEEP[1], back.

    Returns
    -------
    f : numpy.ndarray, shape (S,)
    curves : numpy.ndarray, shape (S, steps + 1)
        ``f^k`` for ``k = 0..steps`` at each f.
    low, high : int
        Indices of the two turns.
    """
    n = FORGET_SWEEP_POINTS
    a, b = FORGET_SWEEP
    f = np.concatenate((np.linspace(forget, a, n), np.linspace(a, b, n)[1:],
                        np.linspace(b, forget, n)[1:]))
    k = np.arange(steps + 1)
    return f, f[:, None] ** k[None, :], n - 1, 2 * n - 2


def gru_sweep(forget: float, c_prev: float, cand: float):
    """The GRU's one-step track: kept ``f c_prev``, written ``(1 - f) cand``, as f goes from
    ``forget`` down to 0, up to 1 and back to ``forget``.

    Returns
    -------
    f, write, kept, written, cell : numpy.ndarray
    """
    n = GRU_SWEEP_POINTS
    f = np.concatenate((np.linspace(forget, 0.0, n), np.linspace(0.0, 1.0, 2 * n - 1)[1:],
                        np.linspace(1.0, forget, n)[1:]))
    return f, 1.0 - f, f * c_prev, (1.0 - f) * cand, f * c_prev + (1.0 - f) * cand


def _first_below(curve: np.ndarray, limit: float) -> int | None:
    """First index k with ``curve[k] < limit``, or None."""
    idx = np.flatnonzero(curve < limit)
    return int(idx[0]) if idx.size else None


def rnn_product_curve(steps: int, w_h: float, seed: int, scale: float) -> np.ndarray:
    """The plain RNN's running hop product over §02's long chain, with a leading 1.

    Uses §02's chain (tokens ``scale * Uniform(-1, 1)`` from ``default_rng(seed)``,
    ``CHAIN_W_X``, tanh) and its hop convention ``dh_t/dh_{t-1} = tanh'(z_t) w_h``.

    Parameters
    ----------
    steps : int
        Number of hops K.
    w_h : float
        Recurrent weight.
    seed : int
        Seed of the chain's tokens.
    scale : float
        Their amplitude.

    Returns
    -------
    numpy.ndarray, shape (K + 1,)
        ``[1, p_1, ..., p_K]``.
    """
    spec = {"chain_length": int(steps), "chain_seed": int(seed),
            "chain_scale": float(scale), "w_x": CHAIN_W_X}
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
    rnn_curve = rnn_product_curve(p["steps"], p["rnn_w_h"], p["chain_seed"], p["chain_scale"])
    fs, fs_curves, fs_low, fs_high = forget_sweep(float(p["forget"]), int(p["steps"]))
    gf = float(p["gru_forget"])
    g_f, g_w, g_kept, g_written, g_cell = gru_sweep(gf, tc, tg)
    lstm_both = tc + tg
    gru_max = max(tc, tg)

    n_bias = p["bias_steps"]
    fix = float(p["bias_fix"])
    gate = float(sigmoid(p["forget_bias"]))
    gate_1 = float(sigmoid(fix))
    lo = min(BIAS_SWEEP_RANGE[0], float(p["forget_bias"]), fix)
    step = (BIAS_SWEEP_RANGE[1] - BIAS_SWEEP_RANGE[0]) / (BIAS_SWEEP_POINTS - 1)
    extra = int(np.ceil((BIAS_SWEEP_RANGE[0] - lo) / step - 1e-9))
    sweep = np.linspace(BIAS_SWEEP_RANGE[0] - extra * step, BIAS_SWEEP_RANGE[1],
                        BIAS_SWEEP_POINTS + extra)
    sweep_gate = sigmoid(sweep)
    sweep_log = n_bias * np.log10(sweep_gate)
    log_b, log_1 = n_bias * np.log10(gate), n_bias * np.log10(gate_1)
    bottom, y_ticks = decade_axis(float(sweep_log.min()))
    path = np.linspace(p["forget_bias"], fix, BIAS_PATH_POINTS)
    path_gate = sigmoid(path)
    sw_f, sw_i, sw_kept, sw_written, sw_dropped, sw_cell, marks = track_sweep(tf, tc, ti, tg)
    sw_full, sw_empty, sw_back, sw_i_full = marks
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
        rnn_below_0_01_step=_first_below(rnn_curve, THRESHOLD),
        forget_below_0_01_step=_first_below(forget_curve, THRESHOLD),
        forget_bias=p["forget_bias"],
        bias_steps=p["bias_steps"],
        bias_gate=gate,
        bias_retention=gate ** n_bias,
        bias_gate_at_fix=gate_1,
        bias_retention_at_fix=gate_1 ** n_bias,
        bias_sweep=sweep,
        bias_sweep_gate=sweep_gate,
        bias_sweep_retention=sweep_gate ** n_bias,
        threshold=THRESHOLD,
        rnn_crossing=crossing(rnn_curve, THRESHOLD),
        forget_crossing=crossing(forget_curve, THRESHOLD),
        rnn_product=float(rnn_curve[-1]),
        curve_k=k,
        curve_x_ticks=axis_ticks(p["steps"]),
        track_sweep_forget=sw_f,
        track_sweep_kept=sw_kept,
        track_sweep_dropped=sw_dropped,
        track_sweep_cell=sw_cell,
        track_sweep_full=sw_full,
        track_full_forget=1.0,
        track_empty_forget=0.0,
        bias_fix=fix,
        bias_recommended=BIAS_RECOMMENDED,
        bias_fix_case=("recommended" if abs(fix - BIAS_RECOMMENDED) < BIAS_EQUAL_TOL
                       else "other"),
        bias_vs_fix=("equal" if abs(p["forget_bias"] - fix) < BIAS_EQUAL_TOL else
                     "below" if p["forget_bias"] < fix else "above"),
        bias_log10_retention=float(log_b),
        bias_log10_retention_at_fix=float(log_1),
        bias_sweep_log10_retention=sweep_log,
        bias_y_bottom=bottom,
        bias_y_ticks=y_ticks,
        bias_y_tick_heights=y_ticks - bottom,
        bias_y_step=int(y_ticks[0] - y_ticks[1]),
        bias_sweep_height=sweep_log - bottom,
        bias_height=float(log_b - bottom),
        bias_height_at_fix=float(log_1 - bottom),
        bias_path=path,
        bias_path_gate=path_gate,
        bias_path_height=n_bias * np.log10(path_gate) - bottom,
        track_sweep_input=sw_i,
        track_sweep_written=sw_written,
        track_sweep_empty=sw_empty,
        track_sweep_back=sw_back,
        track_sweep_input_full=sw_i_full,
        track_full_input=1.0,
        track_empty_input=0.0,
        track_full_input_cell=tf * tc + tg,
        track_empty_input_cell=tf * tc,
        forget_sweep=fs,
        forget_sweep_curves=fs_curves,
        forget_sweep_product=fs_curves[:, -1].copy(),
        forget_sweep_low=fs_low,
        forget_sweep_high=fs_high,
        gru_forget=gf,
        gru_sweep_forget=g_f,
        gru_sweep_write=g_w,
        gru_sweep_kept=g_kept,
        gru_sweep_written=g_written,
        gru_sweep_cell=g_cell,
        gru_write=1.0 - gf,
        gru_kept=gf * tc,
        gru_written=(1.0 - gf) * tg,
        gru_cell=gf * tc + (1.0 - gf) * tg,
        gru_cell_max=gru_max,
        lstm_both_cell=lstm_both,
        gru_vs_lstm=gru_case(lstm_both, gru_max),
    )
