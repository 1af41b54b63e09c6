"""Values of the primer's sections §03–§06: everything their scenes put on screen.

Each ``*_values`` function takes the section's resolved parameters (plain numbers) and returns a
frozen dataclass; :mod:`scenes.registry` turns it into the JSON of ``rnn-lecture values``.
Sizes (parameter counts, cell counts, bytes) are Python ints so that they stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import lstm, scalar
from ._cells import sigmoid
from .primer import CHAIN_SCALE, CHAIN_SEED, _chain

# --------------------------------------------------------------------------------------------
# §03 gates
# --------------------------------------------------------------------------------------------

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
    chain = {"chain_length": int(steps), "chain_seed": CHAIN_SEED,
             "chain_scale": CHAIN_SCALE, "w_x": CHAIN_W_X}
    _, hops = _chain(chain, w_h, "tanh")
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


# --------------------------------------------------------------------------------------------
# §04 limits
# --------------------------------------------------------------------------------------------

#: Smallest sequence length of §04's capacity sweep (the sweep doubles from here up to ``tokens``).
SHARE_SWEEP_START = 4

#: Weight blocks of ``2 d^2 + d`` (W: d x d on the input, U: d x d on the state, a bias of d) per
#: cell: one per gate or candidate.
PARAM_BLOCKS = {"rnn": 1, "gru": 3, "lstm": 4}


@dataclass(frozen=True, eq=False)
class LimitsValues:
    """What §04 shows.

    Attributes
    ----------
    state_width, tokens : int
    share_per_token : float
        ``state_width / tokens``: the numbers of the fixed state each token gets on average.
    sweep_tokens, sweep_share : numpy.ndarray, shape (S,)
        The capacity sweep: n doubling from ``SHARE_SWEEP_START`` (ending at ``tokens``) and
        ``state_width / n``.
    grid_positions : int
        Positions (rows) of the position x wall-clock grid.
    sequential_steps : int
        Wall-clock steps the recurrence needs for them (one per position).
    busy_cells, total_cells : int
        Cells that ever do work (the diagonal) and all cells (``positions^2``).
    utilisation : float
        ``busy_cells / total_cells``.
    grid_busy : numpy.ndarray of int, shape (P, P)
        ``grid_busy[position, step] = 1`` where that position works at that step (the identity).
    busy_after_step : numpy.ndarray of int, shape (P,)
        Cells that have done work once the clock reaches each step (``1..P``).
    gru_keep, gru_write, gru_total : float
        GRU's coupled gate as ``torch.nn.GRU`` has it (``h = z h_prev + (1 - z) n``): keep ``z``,
        write ``1 - z``; the two always fill the whole track (total 1).
    lstm_keep, lstm_write, lstm_total : float
        LSTM's two free gates ``f`` and ``i``; their total may exceed 1.
    d : int
    block_params : int
        ``2 d^2 + d``.
    param_blocks : dict
        Blocks per cell (``PARAM_BLOCKS``).
    params : dict
        Parameters per cell: ``blocks * (2 d^2 + d)``.
    """

    state_width: int
    tokens: int
    share_per_token: float
    sweep_tokens: np.ndarray
    sweep_share: np.ndarray
    grid_positions: int
    sequential_steps: int
    busy_cells: int
    total_cells: int
    utilisation: float
    grid_busy: np.ndarray
    busy_after_step: np.ndarray
    gru_keep: float
    gru_write: float
    gru_total: float
    lstm_keep: float
    lstm_write: float
    lstm_total: float
    d: int
    block_params: int
    param_blocks: dict
    params: dict


def share_sweep(tokens: int, start: int = SHARE_SWEEP_START) -> np.ndarray:
    """Sequence lengths ``start, 2 start, 4 start, ...`` below ``tokens``, then ``tokens`` itself.

    Parameters
    ----------
    tokens : int
        Last length of the sweep (``>= 1``).
    start : int

    Returns
    -------
    numpy.ndarray of int, shape (S,)
    """
    ns = []
    n = start
    while n < tokens:
        ns.append(n)
        n *= 2
    ns.append(tokens)
    return np.asarray(ns, dtype=np.int64)


def cell_params(d: int) -> dict:
    """Parameter counts of the RNN, GRU and LSTM cells at width d (input width d too).

    Parameters
    ----------
    d : int

    Returns
    -------
    dict
        ``{"rnn": 2d^2+d, "gru": 3 (2d^2+d), "lstm": 4 (2d^2+d)}`` as ints.
    """
    block = 2 * d * d + d
    return {name: blocks * block for name, blocks in PARAM_BLOCKS.items()}


def limits_values(p: dict) -> LimitsValues:
    """Compute §04 from its parameters."""
    width, n, pos, d = p["state_width"], p["tokens"], p["grid_positions"], p["d"]
    sweep = share_sweep(n)
    keep = p["gru_keep"]
    return LimitsValues(
        state_width=width,
        tokens=n,
        share_per_token=width / n,
        sweep_tokens=sweep,
        sweep_share=width / sweep,
        grid_positions=pos,
        sequential_steps=pos,
        busy_cells=pos,
        total_cells=pos * pos,
        utilisation=1.0 / pos,
        grid_busy=np.eye(pos, dtype=np.int64),
        busy_after_step=np.arange(1, pos + 1),
        gru_keep=keep,
        gru_write=1.0 - keep,
        gru_total=1.0,
        lstm_keep=p["lstm_forget"],
        lstm_write=p["lstm_input"],
        lstm_total=p["lstm_forget"] + p["lstm_input"],
        d=d,
        block_params=2 * d * d + d,
        param_blocks=dict(PARAM_BLOCKS),
        params=cell_params(d),
    )


# --------------------------------------------------------------------------------------------
# §05 attention
# --------------------------------------------------------------------------------------------

#: Model widths the cost beat's d slider visits.
D_SWEEP = (128, 256, 512, 1024, 2048)
#: Sequence lengths of the log-log cost plot: 2^0 .. 2^16 in quarter-octave steps.
COST_CURVE_N = 2.0 ** np.arange(0.0, 16.25, 0.25)


@dataclass(frozen=True, eq=False)
class AttentionValues:
    """What §05 shows.

    Attributes
    ----------
    n, d : int
    sequential_depth : dict
        Columns of the position x wall-clock grid that do work: ``{"recurrent": n, "attention": 1}``.
    busy_per_step : dict
        Cells lit in each busy column: recurrent ``[1] * n`` (one per column), attention ``[n]``.
    path_target : int
        The token k the staircase climbs to from token 0.
    path_length : dict
        Multiplications between token 0 and token k: ``{"recurrent": k, "attention": 1}``
        (0 for both when k = 0).
    path_recurrent, path_attention : numpy.ndarray of int, shape (n,)
        The same for every target ``j = 0..n-1``.
    max_path_length : dict
        ``{"recurrent": n - 1, "attention": 1}`` (``min(1, n - 1)`` for attention).
    n_long : int
    bottleneck_numbers, direct_numbers : int
        Numbers the decoder can read: the encoder's last state (``d``) or every state (``n d``).
    bottleneck_numbers_long, direct_numbers_long : int
        The same at ``n_long`` source tokens.
    cost : dict
        Multiply-adds per layer: ``{"recurrent": n d^2, "attention": n^2 d}``.
    cost_crossover_n : int
        The n where they are equal: ``d``.
    cheaper : str
        ``"attention"`` if ``n < d``, ``"recurrent"`` if ``n > d``, ``"equal"`` otherwise.
    curve_n : numpy.ndarray, shape (N,)
        ``COST_CURVE_N``.
    curve_recurrent, curve_attention : numpy.ndarray, shape (N,)
        ``n d^2`` and ``n^2 d`` along ``curve_n`` at this d.
    sweep_d : numpy.ndarray of int, shape (S,)
        ``D_SWEEP``.
    sweep_recurrent, sweep_attention : numpy.ndarray, shape (S, N)
        The two curves at each swept d.
    sweep_crossover_n : numpy.ndarray of int, shape (S,)
        Crossovers at each swept d (= ``sweep_d``).
    """

    n: int
    d: int
    sequential_depth: dict
    busy_per_step: dict
    path_target: int
    path_length: dict
    path_recurrent: np.ndarray
    path_attention: np.ndarray
    max_path_length: dict
    n_long: int
    bottleneck_numbers: int
    direct_numbers: int
    bottleneck_numbers_long: int
    direct_numbers_long: int
    cost: dict
    cost_crossover_n: int
    cheaper: str
    curve_n: np.ndarray
    curve_recurrent: np.ndarray
    curve_attention: np.ndarray
    sweep_d: np.ndarray
    sweep_recurrent: np.ndarray
    sweep_attention: np.ndarray
    sweep_crossover_n: np.ndarray


def layer_costs(n, d) -> dict:
    """Multiply-adds of one layer over n tokens at width d.

    Recurrent: n steps of a d x d matrix-vector product, ``n d^2``; attention: a d-long dot
    product per pair of positions, ``n^2 d``.

    Parameters
    ----------
    n, d : int or numpy.ndarray
        Broadcast together.

    Returns
    -------
    dict
        ``{"recurrent": ..., "attention": ...}``.
    """
    return {"recurrent": n * d * d, "attention": n * n * d}


def attention_values(p: dict) -> AttentionValues:
    """Compute §05 from its parameters.

    Raises
    ------
    ValueError
        If ``path_target`` is not below ``n``.
    """
    n, d, k, n_long = p["n"], p["d"], p["path_target"], p["n_long"]
    if k >= n:
        raise ValueError(f"path_target ({k}) must be less than n ({n})")
    j = np.arange(n)
    sweep_d = np.asarray(D_SWEEP, dtype=np.int64)
    curves = layer_costs(COST_CURVE_N, float(d))
    sweep = layer_costs(COST_CURVE_N[None, :], sweep_d[:, None].astype(np.float64))
    return AttentionValues(
        n=n,
        d=d,
        sequential_depth={"recurrent": n, "attention": 1},
        busy_per_step={"recurrent": np.ones(n, dtype=np.int64),
                       "attention": np.asarray([n], dtype=np.int64)},
        path_target=k,
        path_length={"recurrent": k, "attention": min(k, 1)},
        path_recurrent=j,
        path_attention=np.minimum(j, 1),
        max_path_length={"recurrent": n - 1, "attention": min(n - 1, 1)},
        n_long=n_long,
        bottleneck_numbers=d,
        direct_numbers=n * d,
        bottleneck_numbers_long=d,
        direct_numbers_long=n_long * d,
        cost=layer_costs(n, d),
        cost_crossover_n=d,
        cheaper="attention" if n < d else ("recurrent" if n > d else "equal"),
        curve_n=COST_CURVE_N.copy(),
        curve_recurrent=curves["recurrent"],
        curve_attention=curves["attention"],
        sweep_d=sweep_d,
        sweep_recurrent=sweep["recurrent"],
        sweep_attention=sweep["attention"],
        sweep_crossover_n=sweep_d.copy(),
    )


# --------------------------------------------------------------------------------------------
# §06 cheat sheet
# --------------------------------------------------------------------------------------------

#: The context sweep spans three orders of magnitude: ``context / 2^10 .. context`` by doubling.
CONTEXT_SWEEP_OCTAVES = 10

GIB = 2**30
KIB = 2**10


@dataclass(frozen=True, eq=False)
class CheatSheetValues:
    """What §06 shows.

    Attributes
    ----------
    sequence_length, tbptt_window : int
    window_starts : numpy.ndarray of int, shape (P,)
        First step of each window position, ``0 .. sequence_length - tbptt_window``.
    gradient_mask : numpy.ndarray of int, shape (P, sequence_length)
        ``1`` where a step receives gradient from the loss at the window's end (the steps inside
        the window); the cut sits just before ``window_starts``.
    forward_mask : numpy.ndarray of int, shape (P, sequence_length)
        ``1`` where the forward state has already flowed (every step up to the window's end).
    context, layers, width, bytes_per_value, query_heads, kv_heads : int
    head_dim : int
        ``width / query_heads``.
    kv_cache_bytes : int
        ``2 (K and V) * layers * width * bytes_per_value * context * kv_heads / query_heads``.
    state_bytes : int
        A recurrent state of ``width`` numbers per layer: ``layers * width * bytes_per_value``.
    ratio : float
        ``kv_cache_bytes / state_bytes``.
    kv_cache_gib, state_kib : float
        The two in GiB (2^30 bytes) and KiB (2^10 bytes).
    gqa_kv_heads : int
    kv_cache_bytes_gqa : int
        The cache with ``gqa_kv_heads`` KV heads (grouped-query attention).
    gqa_fraction : float
        ``kv_cache_bytes_gqa / kv_cache_bytes``.
    accelerator_gib : float
    accelerator_fraction : float
        ``kv_cache_bytes`` as a fraction of an accelerator's ``accelerator_gib``.
    sweep_context : numpy.ndarray, shape (CONTEXT_SWEEP_OCTAVES + 1,)
        ``context / 2^10 .. context``, doubling.
    sweep_kv_cache_bytes, sweep_kv_cache_bytes_gqa, sweep_state_bytes : numpy.ndarray
        Bytes along the sweep (the state's does not change).
    """

    sequence_length: int
    tbptt_window: int
    window_starts: np.ndarray
    gradient_mask: np.ndarray
    forward_mask: np.ndarray
    context: int
    layers: int
    width: int
    bytes_per_value: int
    query_heads: int
    kv_heads: int
    head_dim: int
    kv_cache_bytes: int
    state_bytes: int
    ratio: float
    kv_cache_gib: float
    state_kib: float
    gqa_kv_heads: int
    kv_cache_bytes_gqa: int
    gqa_fraction: float
    accelerator_gib: float
    accelerator_fraction: float
    sweep_context: np.ndarray
    sweep_kv_cache_bytes: np.ndarray
    sweep_kv_cache_bytes_gqa: np.ndarray
    sweep_state_bytes: np.ndarray


def kv_cache_bytes(context, layers: int, width: int, bytes_per_value: int,
                   query_heads: int, kv_heads: int):
    """Bytes of a decoder's KV cache.

    ``2 * layers * (width / query_heads) * kv_heads * bytes_per_value * context``: a key and a
    value of ``head_dim`` numbers per KV head, per layer, per position.

    Parameters
    ----------
    context : int or numpy.ndarray
        Positions held.
    layers, width, bytes_per_value, query_heads, kv_heads : int

    Returns
    -------
    int or numpy.ndarray
        Exact when ``context`` is an int.

    Raises
    ------
    ValueError
        If ``kv_heads`` does not divide ``query_heads`` or ``query_heads`` does not divide
        ``width``.
    """
    check_heads(width, query_heads, kv_heads)
    return 2 * layers * (width // query_heads) * kv_heads * bytes_per_value * context


def check_heads(width: int, query_heads: int, kv_heads: int, name: str = "kv_heads") -> None:
    """Raise ``ValueError`` unless the head counts fit together (one-line message)."""
    if query_heads % kv_heads:
        raise ValueError(f"{name} ({kv_heads}) must divide query_heads ({query_heads})")
    if width % query_heads:
        raise ValueError(f"query_heads ({query_heads}) must divide width ({width})")


def cheatsheet_values(p: dict) -> CheatSheetValues:
    """Compute §06 from its parameters.

    Raises
    ------
    ValueError
        If ``kv_heads`` or ``gqa_kv_heads`` does not divide ``query_heads``, ``query_heads`` does
        not divide ``width``, or ``tbptt_window`` exceeds ``sequence_length``.
    """
    L, W = p["sequence_length"], p["tbptt_window"]
    if W > L:
        raise ValueError(f"tbptt_window ({W}) must not exceed sequence_length ({L})")
    qh, width = p["query_heads"], p["width"]
    check_heads(width, qh, p["kv_heads"])
    check_heads(width, qh, p["gqa_kv_heads"], name="gqa_kv_heads")

    starts = np.arange(L - W + 1)
    steps = np.arange(L)
    grad = (steps[None, :] >= starts[:, None]) & (steps[None, :] < starts[:, None] + W)
    fwd = steps[None, :] < starts[:, None] + W

    shape = (p["layers"], width, p["bytes_per_value"], qh)
    ctx = p["context"]
    kv = kv_cache_bytes(ctx, *shape, p["kv_heads"])
    kv_gqa = kv_cache_bytes(ctx, *shape, p["gqa_kv_heads"])
    state = p["layers"] * width * p["bytes_per_value"]
    sweep = ctx / 2.0 ** np.arange(CONTEXT_SWEEP_OCTAVES, -1, -1)
    return CheatSheetValues(
        sequence_length=L,
        tbptt_window=W,
        window_starts=starts,
        gradient_mask=grad.astype(np.int64),
        forward_mask=fwd.astype(np.int64),
        context=ctx,
        layers=p["layers"],
        width=width,
        bytes_per_value=p["bytes_per_value"],
        query_heads=qh,
        kv_heads=p["kv_heads"],
        head_dim=width // qh,
        kv_cache_bytes=kv,
        state_bytes=state,
        ratio=kv / state,
        kv_cache_gib=kv / GIB,
        state_kib=state / KIB,
        gqa_kv_heads=p["gqa_kv_heads"],
        kv_cache_bytes_gqa=kv_gqa,
        gqa_fraction=kv_gqa / kv,
        accelerator_gib=p["accelerator_gib"],
        accelerator_fraction=kv / (p["accelerator_gib"] * GIB),
        sweep_context=sweep,
        sweep_kv_cache_bytes=kv_cache_bytes(sweep, *shape, p["kv_heads"]),
        sweep_kv_cache_bytes_gqa=kv_cache_bytes(sweep, *shape, p["gqa_kv_heads"]),
        sweep_state_bytes=np.full(sweep.shape, float(state)),
    )
