"""§05 After the loop: sequential depth, path length, the bottleneck, layer cost."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: Model widths the cost beat's d slider visits.
D_SWEEP = (128, 256, 512, 1024, 2048)
#: Sequence lengths of the log-log cost plot: 2^0 .. 2^16 in quarter-octave steps.
COST_CURVE_N = 2.0 ** np.arange(0.0, 16.25, 0.25)
#: x-axis ticks of the cost plot (sequence lengths n).
COST_TICK_N = (1, 16, 256, 4096, 65536)
#: Frames of the d sweep per octave of d (each frame shows one computed pair of curves).
COST_FRAMES_PER_OCTAVE = 12
#: Positions (and time steps) of the position x time grid drawn at most: a window of the first.
GRID_WINDOW = 16
#: Tokens of the path staircase drawn at most (an even sample, first and last included).
STAIR_MAX = 24
#: Encoder states drawn at most in the bottleneck beat (an even sample, first and last included).
ENC_MAX = 24
#: Sequence lengths the grid beat's n sweep stops at, at most (1 .. n, evenly spread).
GRID_SWEEP_MAX = 16

#: The small worked example of one attention row: four keys of width 2 and their values. The
#: query is a parameter; the scores are ``q . k_j / sqrt(2)``, the weights their softmax, the
#: output ``sum_j w_j v_j``.
EXAMPLE_KEYS = ((1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (-1.0, 0.5))
EXAMPLE_VALUES = (0.8, -0.6, 0.3, 0.2)


@dataclass(frozen=True, eq=False)
class AttentionValues:
    """What §05 shows.

    Attributes
    ----------
    n, d : int
        Sequence length and model width.
    sequential_depth : dict
        Columns of the position x wall-clock grid that do work: ``{"recurrent": n, "attention": 1}``.
    busy_per_step : dict
        Cells lit in each busy column: recurrent ``[1] * n`` (one per column), attention ``[n]``.
    grid_shown : int
        Positions and time steps of the grid drawn: ``min(n, GRID_WINDOW)`` (the first ones).
    grid_windowed : bool
        ``grid_shown < n``: the grid drawn is a window.
    grid_busy_recurrent, grid_busy_attention : numpy.ndarray of int, shape (G, G)
        ``[position, step]`` cells that work inside the window (``G = grid_shown``): the
        diagonal for the recurrent layer, the first column for attention.
    path_target : int
        The token k the staircase climbs to from token 0.
    path_tokens : int
        Tokens from 0 to k inclusive, ``k + 1``.
    path_length : dict
        Multiplications between token 0 and token k: ``{"recurrent": k, "attention": min(k, 1)}``
        (0 for both when k = 0).
    path_recurrent, path_attention : numpy.ndarray of int, shape (n,)
        The same for every target ``j = 0..n-1``.
    max_path_length : dict
        ``{"recurrent": n - 1, "attention": min(1, n - 1)}``.
    stair_tokens : numpy.ndarray of int, shape (M,)
        Tokens the staircase draws: ``0..k``, or an even sample of ``M = STAIR_MAX`` of them
        (first and last included) when ``k + 1 > STAIR_MAX``.
    stair_drawn : int
        ``M``.
    stair_sampled : bool
        ``M < k + 1``.
    stair_recurrent, stair_attention : numpy.ndarray of int, shape (M,)
        Path lengths from token 0 to each drawn token.
    n_long : int
        A second source length for the bottleneck beat.
    bottleneck_numbers, direct_numbers : int
        Numbers the decoder can read: the encoder's last state (``d``) or every state (``n d``).
    bottleneck_numbers_long, direct_numbers_long : int
        The same at ``n_long`` source tokens.
    enc_drawn, enc_drawn_long : numpy.ndarray of int, shape (E,), (E_long,)
        Encoder states drawn at ``n`` and ``n_long``: all, or an even sample of ``ENC_MAX``
        (first and last included).
    enc_drawn_count, enc_drawn_count_long : int
        ``E`` and ``E_long``.
    enc_sampled, enc_sampled_long : bool
        Whether the drawn states are a sample (fewer than ``n`` / ``n_long``).
    cost : dict
        The multiply-adds at ``n``, ``d`` that Vaswani et al. 2017, Table 1, count: the
        recurrent products ``W_h h`` and the attention scores ``q . k``,
        ``{"recurrent": n d^2, "attention": n^2 d}`` (:func:`layer_costs`).
    cost_whole : dict
        The multiply-adds of the whole layers at ``n``, ``d``:
        ``{"recurrent": 2 n d^2, "attention": 4 n d^2 + 2 n^2 d}`` (:func:`whole_layer_costs`).
    cost_crossover_n : int
        The n where they are equal: ``d``.
    cheaper : str
        ``"attention"`` if ``n < d``, ``"recurrent"`` if ``n > d``, ``"equal"`` otherwise.
    curve_n : numpy.ndarray, shape (N,)
        ``COST_CURVE_N``.
    curve_log2_n : numpy.ndarray, shape (N,)
        ``log2(curve_n)`` (the cost plot's x).
    curve_recurrent, curve_attention : numpy.ndarray, shape (N,)
        ``n d^2`` and ``n^2 d`` along ``curve_n`` at this d.
    curve_log_recurrent, curve_log_attention : numpy.ndarray, shape (N,)
        Their ``log10`` (the cost plot's y).
    tick_n : numpy.ndarray of int, shape (5,)
        ``COST_TICK_N``: the x-axis ticks.
    tick_log2_n : numpy.ndarray, shape (5,)
        Their ``log2``.
    cost_axis_log : numpy.ndarray of int, shape (2,)
        ``[lo, hi]`` of the y axis in decades: every curve the sweep shows fits.
    tick_exp : numpy.ndarray of int, shape (T,)
        Decades of the y-axis ticks (``10^e``), evenly spaced inside ``cost_axis_log``.
    frame_d : numpy.ndarray, shape (F,)
        The d the sweep shows at each frame: from d up to ``max(D_SWEEP[-1], d)``, down to
        ``min(D_SWEEP[0], d)`` and back to d, geometric (even steps on the log axis).
        First and last frames are exactly d.
    frame_log_recurrent, frame_log_attention : numpy.ndarray, shape (F, N)
        ``log10`` of the two curves at each frame's d.
    frame_cross_log2_n, frame_cross_log : numpy.ndarray, shape (F,)
        The crossing point at each frame: ``log2(d)`` and ``log10(d^3)``.
    cross_log2_n, cross_log : float
        The crossing at this d.
    here_log2_n : float
        ``log2(n)``: where the chosen n sits on the x axis.
    here_log_recurrent, here_log_attention : float
        ``log10`` of the two costs at the chosen n and d.
    sweep_d : numpy.ndarray of int, shape (S,)
        ``D_SWEEP``.
    sweep_recurrent, sweep_attention : numpy.ndarray, shape (S, N)
        The two curves at each swept d.
    sweep_crossover_n : numpy.ndarray of int, shape (S,)
        Crossovers at each swept d (= ``sweep_d``).
    grid_sweep_n : numpy.ndarray of int, shape (Q,)
        The sequence lengths the grid beat's sweep stops at: ``1 .. n``, all of them up to
        ``GRID_SWEEP_MAX``, else at most that many spread evenly on a log scale (first 1,
        last n).
    grid_sweep_shown : numpy.ndarray of int, shape (Q,)
        Positions drawn at each stop, ``min(grid_sweep_n, GRID_WINDOW)``.
    grid_sweep_depth_recurrent, grid_sweep_depth_attention : numpy.ndarray of int, shape (Q,)
        Sequential depth at each stop: ``grid_sweep_n`` and 1.
    example_query : numpy.ndarray, shape (2,)
        The worked example's query (parameter ``query``).
    example_keys : numpy.ndarray, shape (J, 2)
    example_values : numpy.ndarray, shape (J,)
    example_scores : numpy.ndarray, shape (J,)
        ``q . k_j / sqrt(2)``: one score per (query, key) pair.
    example_weights : numpy.ndarray, shape (J,)
        ``softmax(example_scores)``: positive, summing to 1.
    example_weight_sum : float
        Their sum as computed.
    example_terms : numpy.ndarray, shape (J,)
        ``w_j v_j``.
    example_output : float
        ``sum_j w_j v_j``: the query position's output.
    example_top : int
        The key with the largest weight.
    """

    n: int
    d: int
    sequential_depth: dict
    busy_per_step: dict
    grid_shown: int
    grid_windowed: bool
    grid_busy_recurrent: np.ndarray
    grid_busy_attention: np.ndarray
    path_target: int
    path_tokens: int
    path_length: dict
    path_recurrent: np.ndarray
    path_attention: np.ndarray
    max_path_length: dict
    stair_tokens: np.ndarray
    stair_drawn: int
    stair_sampled: bool
    stair_recurrent: np.ndarray
    stair_attention: np.ndarray
    n_long: int
    bottleneck_numbers: int
    direct_numbers: int
    bottleneck_numbers_long: int
    direct_numbers_long: int
    enc_drawn: np.ndarray
    enc_drawn_long: np.ndarray
    enc_drawn_count: int
    enc_drawn_count_long: int
    enc_sampled: bool
    enc_sampled_long: bool
    cost: dict
    cost_whole: dict
    cost_crossover_n: int
    cheaper: str
    curve_n: np.ndarray
    curve_log2_n: np.ndarray
    curve_recurrent: np.ndarray
    curve_attention: np.ndarray
    curve_log_recurrent: np.ndarray
    curve_log_attention: np.ndarray
    tick_n: np.ndarray
    tick_log2_n: np.ndarray
    cost_axis_log: np.ndarray
    tick_exp: np.ndarray
    frame_d: np.ndarray
    frame_log_recurrent: np.ndarray
    frame_log_attention: np.ndarray
    frame_cross_log2_n: np.ndarray
    frame_cross_log: np.ndarray
    cross_log2_n: float
    cross_log: float
    here_log2_n: float
    here_log_recurrent: float
    here_log_attention: float
    sweep_d: np.ndarray
    sweep_recurrent: np.ndarray
    sweep_attention: np.ndarray
    sweep_crossover_n: np.ndarray
    grid_sweep_n: np.ndarray
    grid_sweep_shown: np.ndarray
    grid_sweep_depth_recurrent: np.ndarray
    grid_sweep_depth_attention: np.ndarray
    example_query: np.ndarray
    example_keys: np.ndarray
    example_values: np.ndarray
    example_scores: np.ndarray
    example_weights: np.ndarray
    example_weight_sum: float
    example_terms: np.ndarray
    example_output: float
    example_top: int


def softmax(x: np.ndarray) -> np.ndarray:
    """``exp(x - max x) / sum exp(x - max x)``: positive weights summing to 1."""
    e = np.exp(np.asarray(x, dtype=np.float64) - np.max(x))
    return e / e.sum()


def attention_row(query, keys, values) -> tuple[np.ndarray, np.ndarray, float]:
    """One row of scaled dot-product attention.

    ``scores_j = q . k_j / sqrt(width)``, ``weights = softmax(scores)``,
    ``output = sum_j weights_j values_j``.

    Parameters
    ----------
    query : array, shape (D,)
    keys : array, shape (J, D)
    values : array, shape (J,)

    Returns
    -------
    scores, weights : numpy.ndarray, shape (J,)
    output : float
    """
    q, k = np.asarray(query, dtype=np.float64), np.asarray(keys, dtype=np.float64)
    scores = k @ q / np.sqrt(k.shape[1])
    w = softmax(scores)
    return scores, w, float(w @ np.asarray(values, dtype=np.float64))


def grid_sweep(n: int, most: int = GRID_SWEEP_MAX) -> np.ndarray:
    """Sequence lengths ``1 .. n`` the grid sweep stops at: all, or at most ``most`` spread
    evenly on a log scale (so the drawn window grows cell by cell before it is full)."""
    if n <= most:
        return np.arange(1, n + 1, dtype=np.int64)
    return np.unique(np.rint(np.geomspace(1, n, most)).astype(np.int64))


def layer_costs(n, d) -> dict:
    """The multiply-adds over n tokens at width d that Vaswani et al. 2017, Table 1, count,
    not a whole layer's (see :func:`whole_layer_costs`).

    Recurrent: the state product ``W_h h_{t-1}``, n steps of a (1 x d)(d x d) product,
    ``n d^2``; attention: the scores ``Q K^T``, a d-long dot product per pair of positions,
    ``n^2 d``.

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


def whole_layer_costs(n, d) -> dict:
    """Multiply-adds of a whole layer over n tokens at width d (input width d too).

    Recurrent (an Elman layer, ``h_t = tanh(W_x x_t + W_h h_{t-1} + b)``): per step the input
    product ``W_x x_t`` and the state product ``W_h h_{t-1}``, each (1 x d)(d x d):
    ``2 n d^2``. Attention (any number of heads of total width d): the projections
    ``Q = X W_q``, ``K = X W_k``, ``V = X W_v`` and the output ``Z W_o``, each (n x d)(d x d),
    ``4 n d^2``; the scores ``Q K^T``, (n x d)(d x n), ``n^2 d``; the weighted sum ``A V``,
    (n x n)(n x d), ``n^2 d``: ``4 n d^2 + 2 n^2 d``. Biases, the nonlinearity and the softmax
    are not counted, nor a Transformer block's feed-forward part.

    Parameters
    ----------
    n, d : int or numpy.ndarray
        Broadcast together.

    Returns
    -------
    dict
        ``{"recurrent": ..., "attention": ...}``.
    """
    return {"recurrent": 2 * n * d * d, "attention": 4 * n * d * d + 2 * n * n * d}


def even_sample(count: int, most: int) -> np.ndarray:
    """Indices ``0..count-1``, or ``most`` of them evenly spaced (first and last included).

    Parameters
    ----------
    count : int
        Items there are (at least 1).
    most : int
        Items drawn at most (at least 2).

    Returns
    -------
    numpy.ndarray of int, shape (min(count, most),)
        Strictly increasing.
    """
    if count <= most:
        return np.arange(count, dtype=np.int64)
    return np.rint(np.linspace(0, count - 1, most)).astype(np.int64)


def sweep_path(d: float, lo: float, hi: float, per_octave: int) -> np.ndarray:
    """Values from ``d`` up to ``hi``, down to ``lo`` and back to ``d``, geometric.

    Each leg takes ``ceil(octaves * per_octave)`` steps (none when its ends are equal); the
    first and last values are exactly ``d``.

    Returns
    -------
    numpy.ndarray, shape (F,)
    """
    legs = ((d, hi), (hi, lo), (lo, d))
    out = [np.array([float(d)])]
    for a, b in legs:
        steps = int(np.ceil(abs(np.log2(b / a)) * per_octave))
        if steps:
            out.append(np.exp2(np.linspace(np.log2(a), np.log2(b), steps + 1)[1:]))
    path = np.concatenate(out)
    path[-1] = d   # exact, whatever exp2(log2(d)) rounded to
    return path


def _cost_axis(frame_d: np.ndarray, n_max: float) -> tuple[np.ndarray, np.ndarray]:
    """y range in decades holding every curve the sweep shows, and its ticks."""
    lo_d, hi_d = float(frame_d.min()), float(frame_d.max())
    low = min(lo_d, lo_d**2)                       # n = 1: min(d^2, d)
    high = max(n_max * hi_d**2, n_max**2 * hi_d)   # n = n_max
    lo = int(np.floor(np.log10(low)))
    hi = max(int(np.ceil(np.log10(high))), lo + 1)
    step = max(1, int(np.ceil((hi - lo) / 4)))
    first = int(np.ceil(lo / step)) * step
    ticks = np.arange(first, hi + 1, step, dtype=np.int64)
    return np.array([lo, hi], dtype=np.int64), ticks


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

    g = min(n, GRID_WINDOW)
    stair = even_sample(k + 1, STAIR_MAX)
    enc, enc_long = even_sample(n, ENC_MAX), even_sample(n_long, ENC_MAX)

    frame_d = sweep_path(float(d), min(float(D_SWEEP[0]), d), max(float(D_SWEEP[-1]), d),
                         COST_FRAMES_PER_OCTAVE)
    frames = layer_costs(COST_CURVE_N[None, :], frame_d[:, None])
    axis, ticks = _cost_axis(frame_d, float(COST_CURVE_N[-1]))
    cost = layer_costs(n, d)
    gs = grid_sweep(n)
    keys, vals = np.asarray(EXAMPLE_KEYS), np.asarray(EXAMPLE_VALUES)
    query = np.asarray(p["query"], dtype=np.float64)
    scores, weights, output = attention_row(query, keys, vals)
    return AttentionValues(
        n=n,
        d=d,
        sequential_depth={"recurrent": n, "attention": 1},
        busy_per_step={"recurrent": np.ones(n, dtype=np.int64),
                       "attention": np.asarray([n], dtype=np.int64)},
        grid_shown=g,
        grid_windowed=g < n,
        grid_busy_recurrent=np.eye(g, dtype=np.int64),
        grid_busy_attention=(np.arange(g)[None, :] == 0).repeat(g, axis=0).astype(np.int64),
        path_target=k,
        path_tokens=k + 1,
        path_length={"recurrent": k, "attention": min(k, 1)},
        path_recurrent=j,
        path_attention=np.minimum(j, 1),
        max_path_length={"recurrent": n - 1, "attention": min(n - 1, 1)},
        stair_tokens=stair,
        stair_drawn=len(stair),
        stair_sampled=len(stair) < k + 1,
        stair_recurrent=j[stair],
        stair_attention=np.minimum(j, 1)[stair],
        n_long=n_long,
        bottleneck_numbers=d,
        direct_numbers=n * d,
        bottleneck_numbers_long=d,
        direct_numbers_long=n_long * d,
        enc_drawn=enc,
        enc_drawn_long=enc_long,
        enc_drawn_count=len(enc),
        enc_drawn_count_long=len(enc_long),
        enc_sampled=len(enc) < n,
        enc_sampled_long=len(enc_long) < n_long,
        cost=cost,
        cost_whole=whole_layer_costs(n, d),
        cost_crossover_n=d,
        cheaper="attention" if n < d else ("recurrent" if n > d else "equal"),
        curve_n=COST_CURVE_N.copy(),
        curve_log2_n=np.log2(COST_CURVE_N),
        curve_recurrent=curves["recurrent"],
        curve_attention=curves["attention"],
        curve_log_recurrent=np.log10(curves["recurrent"]),
        curve_log_attention=np.log10(curves["attention"]),
        tick_n=np.asarray(COST_TICK_N, dtype=np.int64),
        tick_log2_n=np.log2(np.asarray(COST_TICK_N, dtype=np.float64)),
        cost_axis_log=axis,
        tick_exp=ticks,
        frame_d=frame_d,
        frame_log_recurrent=np.log10(frames["recurrent"]),
        frame_log_attention=np.log10(frames["attention"]),
        frame_cross_log2_n=np.log2(frame_d),
        frame_cross_log=3 * np.log10(frame_d),
        cross_log2_n=float(np.log2(d)),
        cross_log=float(3 * np.log10(d)),
        here_log2_n=float(np.log2(n)),
        here_log_recurrent=float(np.log10(cost["recurrent"])),
        here_log_attention=float(np.log10(cost["attention"])),
        sweep_d=sweep_d,
        sweep_recurrent=sweep["recurrent"],
        sweep_attention=sweep["attention"],
        sweep_crossover_n=sweep_d.copy(),
        grid_sweep_n=gs,
        grid_sweep_shown=np.minimum(gs, GRID_WINDOW),
        grid_sweep_depth_recurrent=gs.copy(),
        grid_sweep_depth_attention=np.ones_like(gs),
        example_query=query,
        example_keys=keys,
        example_values=vals,
        example_scores=scores,
        example_weights=weights,
        example_weight_sum=float(weights.sum()),
        example_terms=weights * vals,
        example_output=output,
        example_top=int(np.argmax(weights)),
    )
