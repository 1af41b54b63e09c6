"""§05 After the loop: sequential depth, path length, the bottleneck, layer cost."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
