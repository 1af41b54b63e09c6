"""§04 What gates leave alone: fixed width, one lane in time, parameter counts."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
