"""§04 What gates leave alone: fixed width, one lane in time, parameter counts (PyTorch layout)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import gru, lstm, rnn

#: Smallest sequence length of §04's capacity sweep (the sweep doubles from here up to ``tokens``).
SHARE_SWEEP_START = 4

#: Most clock steps the grid beat pauses at (longer grids light several diagonal cells a pause).
MAX_GRID_STOPS = 16

#: Most token ticks drawn in the capacity row; longer sequences draw every ``stride``-th token.
MAX_TICKS = 256

#: The cells whose parameters §04 counts, in ``mathcore.cells`` (PyTorch layout: ``w_ih``,
#: ``w_hh``, ``b_ih``, ``b_hh``, gates stacked along the first axis).
CELLS = {"rnn": rnn, "gru": gru, "lstm": lstm}

#: Width at which the cells' parameter shapes are read (any width gives the same structure).
PROBE_WIDTH = 3

#: Whether the parameter counts are shown in millions (all three at least this) or as counts.
MILLIONS_FROM = 1_000_000


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
    grid_stops : numpy.ndarray of int, shape (G,)
        The clock steps (0-based) the grid beat pauses at: every step up to
        ``MAX_GRID_STOPS`` positions, else ``MAX_GRID_STOPS`` evenly spread ones ending at
        ``P - 1``.
    grid_stop_busy : numpy.ndarray of int, shape (G,)
        ``busy_after_step`` at each of those stops: the busy count the beat shows there.
    gru_keep, gru_write, gru_total : float
        GRU's coupled gate as ``torch.nn.GRU`` has it (``h = z h_prev + (1 - z) n``): keep ``z``,
        write ``1 - z``, and their sum as computed.
    lstm_keep, lstm_write, lstm_total : float
        LSTM's two free gates ``f`` and ``i`` and their sum (below, at or above 1).
    track_length : float
        The length of one whole track (1): what the totals are compared with.
    gru_vs_track, lstm_vs_track : str
        ``"equal"`` (within 1e-9), ``"above"`` or ``"below"``: each total against the track.
    share_sweeps : bool
        True if the capacity sweep has more than one point (``tokens > SHARE_SWEEP_START``).
    sweep_tick_stride : numpy.ndarray of int, shape (S,)
        At each sweep point, how many tokens one drawn tick stands for (1 up to ``MAX_TICKS``
        tokens, then ``ceil(n / MAX_TICKS)``).
    sweep_ticks : tuple of numpy.ndarray
        At each sweep point, the drawn ticks as fractions of the row (``0 .. 1``): token
        boundaries ``0, stride, 2 stride, ... , n`` over ``n``.
    sweep_block : numpy.ndarray, shape (S,)
        ``1 / n``: the fraction of the state's width one token gets on average.
    d : int
    bias_vectors : int
        Bias vectors per gate in the cells' layout (2: ``b_ih`` and ``b_hh``).
    block_params : int
        Parameters of one gate block in the cells' layout: ``2 d^2 + bias_vectors * d``.
    block_params_one_bias : int
        The same counted with a single bias per gate: ``2 d^2 + d``.
    param_blocks : dict
        Gate blocks per cell, read from the cells' shapes (rnn 1, gru 3, lstm 4).
    param_counts : dict
        Parameters per cell in the cells' layout: ``blocks * block_params``.
    param_counts_one_bias : dict
        Parameters per cell with one bias per gate: ``blocks * block_params_one_bias``.
    param_format : str
        How the counts are shown: ``"millions"`` when all are at least ``MILLIONS_FROM``,
        else ``"count"``.
    recall_tokens : int
        How far back a question reaches (the seed's "300 tokens ago").
    recall_share : float
        ``state_width / recall_tokens``: numbers of the state each of those tokens gets on
        average.
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
    grid_stops: np.ndarray
    grid_stop_busy: np.ndarray
    gru_keep: float
    gru_write: float
    gru_total: float
    lstm_keep: float
    lstm_write: float
    lstm_total: float
    track_length: float
    gru_vs_track: str
    lstm_vs_track: str
    share_sweeps: bool
    sweep_tick_stride: np.ndarray
    sweep_ticks: tuple
    sweep_block: np.ndarray
    d: int
    bias_vectors: int
    block_params: int
    block_params_one_bias: int
    param_blocks: dict
    param_counts: dict
    param_counts_one_bias: dict
    param_format: str
    recall_tokens: int
    recall_share: float


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


def grid_stops(positions: int, most: int = MAX_GRID_STOPS) -> np.ndarray:
    """Clock steps to pause at: all of ``0..positions-1``, or ``most`` of them ending at the last."""
    if positions <= most:
        return np.arange(positions, dtype=np.int64)
    return np.unique(np.ceil(np.linspace(0, positions, most + 1)[1:]).astype(np.int64) - 1)


def versus(total: float, track: float = 1.0, tol: float = 1e-9) -> str:
    """``"equal"``, ``"above"`` or ``"below"``: a total of gate shares against the track."""
    if abs(total - track) <= tol:
        return "equal"
    return "above" if total > track else "below"


def tick_marks(n: int, max_ticks: int = MAX_TICKS) -> tuple[int, np.ndarray]:
    """Token boundaries drawn for a row of ``n`` tokens: every ``stride``-th, as fractions.

    Returns
    -------
    stride : int
        Tokens per drawn tick (1 when ``n <= max_ticks``).
    fractions : numpy.ndarray, shape (ceil(n / stride) + 1,)
        ``0, stride/n, 2 stride/n, ..., 1``.
    """
    stride = max(1, -(-n // max_ticks))
    marks = np.append(np.arange(0, n, stride), n)
    return stride, marks / n


def cell_layout(name: str) -> tuple[int, int]:
    """Gate blocks and bias vectors of a cell, read from its parameter shapes.

    The cells in ``mathcore.cells`` hold ``w_ih (G*H, D)``, ``w_hh (G*H, H)`` and the biases
    ``b_ih``, ``b_hh`` (``G*H`` each): G gate blocks, each with its own rows of both matrices
    and of every bias vector.

    Returns
    -------
    blocks : int
        G.
    bias_vectors : int
        Number of 1-D parameter arrays (2 in PyTorch's layout).
    """
    h = PROBE_WIDTH
    probe = CELLS[name].init_params(h, h, 0)
    blocks = probe.w_ih.shape[0] // h
    return blocks, sum(1 for a in probe if a.ndim == 1)


def cell_params(d: int, bias_vectors: int | None = None) -> dict:
    """Parameter counts of the RNN, GRU and LSTM cells at width d (input width d too).

    Each gate block has a d x d input matrix, a d x d state matrix and ``bias_vectors`` biases
    of d: ``2 d^2 + bias_vectors d``. The blocks per cell and, by default, the bias vectors
    are read from the cells' parameter shapes (:func:`cell_layout`), so the closed form counts
    what ``init_params(d, d, seed)`` would hold.

    Parameters
    ----------
    d : int
    bias_vectors : int, optional
        Override the cells' bias vectors per gate (1: the one-bias convention).

    Returns
    -------
    dict
        ``{"rnn": ..., "gru": ..., "lstm": ...}`` as ints.
    """
    out = {}
    for name in CELLS:
        blocks, biases = cell_layout(name)
        nb = biases if bias_vectors is None else bias_vectors
        out[name] = int(blocks * (2 * d * d + nb * d))
    return out


def limits_values(p: dict) -> LimitsValues:
    """Compute §04 from its parameters."""
    width, n, pos, d = p["state_width"], p["tokens"], p["grid_positions"], p["d"]
    sweep = share_sweep(n)
    keep = p["gru_keep"]
    write = 1.0 - keep
    ticks = [tick_marks(int(k)) for k in sweep]
    blocks = {name: cell_layout(name)[0] for name in CELLS}
    biases = cell_layout("rnn")[1]
    counts = cell_params(d)
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
        grid_stops=grid_stops(pos),
        grid_stop_busy=np.arange(1, pos + 1)[grid_stops(pos)],
        gru_keep=keep,
        gru_write=write,
        gru_total=keep + write,
        lstm_keep=p["lstm_forget"],
        lstm_write=p["lstm_input"],
        lstm_total=p["lstm_forget"] + p["lstm_input"],
        track_length=1.0,
        gru_vs_track=versus(keep + write),
        lstm_vs_track=versus(p["lstm_forget"] + p["lstm_input"]),
        share_sweeps=len(sweep) > 1,
        sweep_tick_stride=np.array([s for s, _ in ticks], dtype=np.int64),
        sweep_ticks=tuple(f for _, f in ticks),
        sweep_block=1.0 / sweep,
        d=d,
        bias_vectors=biases,
        block_params=2 * d * d + biases * d,
        block_params_one_bias=2 * d * d + d,
        param_blocks=blocks,
        param_counts=counts,
        param_counts_one_bias=cell_params(d, bias_vectors=1),
        param_format="millions" if min(counts.values()) >= MILLIONS_FROM else "count",
        recall_tokens=p["recall_tokens"],
        recall_share=width / p["recall_tokens"],
    )
