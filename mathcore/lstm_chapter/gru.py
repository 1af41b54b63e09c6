"""L6 GRU: one step of a 1-D GRU, the update gate z as one keep/write bar, and the LSTM/GRU
comparison computed from the cells' parameter shapes.

    r = sigma(w_ir x + b_ir + w_hr h_prev + b_hr)
    z = sigma(w_iz x + b_iz + w_hz h_prev + b_hz)
    n = tanh(w_in x + b_in + r (w_hn h_prev + b_hn))
    h = (1 - z) n + z h_prev                      (``mathcore.cells.gru``, PyTorch layout r, z, n)

The weights are hand-set demo data (one decimal, not trained), held in ``GRU_W_IH``,
``GRU_W_HH``, ``GRU_B_IH`` (``b_hh`` is zero). The update gate's input weight is negative and
large enough that sweeping x over the parameter's range [-3, 3] moves z across most of (0, 1):
z is the share of h_prev kept and 1 - z the share of the candidate n written, and the two always
sum to 1 (Cho et al. 2014).

The comparison counts come from the cells themselves: weight groups are the rows of ``w_ih``
over the hidden size (``lstm.init_params``: 4, ``gru.init_params``: 3), gates are the groups
less the one candidate block (tanh: g for the LSTM, n for the GRU), states are the initial-state
arguments of ``forward`` (h0, c0 against h0). The parameter counts at ``COUNT_H`` = ``COUNT_D``
are summed over the arrays ``init_params`` returns, in the lecture's convention of one bias
vector per gate and per candidate (the textbook equations; L7 and L8 count the same way)::

    lstm = w_ih + w_hh + b_ih = 4h d + 4h h + 4h       (= 4 h (h + d) + 4 h)
    gru  = w_ih + w_hh + b_ih = 3h d + 3h h + 3h       (= 3 h (h + d) + 3 h)

The cells follow PyTorch's layout, which keeps a second bias ``b_hh`` (shape (G h,)); summing
every array gives PyTorch's ``nn.LSTM`` / ``nn.GRU`` count, kept as ``*_params_torch``.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import numpy as np

from ..cells import gru, lstm

#: Input weights, shape (3, 1), rows r | z | n. Hand-set.
GRU_W_IH = ((0.8,), (-1.5,), (1.2,))
#: Recurrent weights, shape (3, 1), rows r | z | n. Hand-set.
GRU_W_HH = ((0.5,), (1.0,), (0.9,))
#: Input biases, rows r | z | n (b_hh is zero).
GRU_B_IH = (0.0, 0.5, 0.0)

#: Points of the x sweep: from the lower to the upper bound, then back to the parameter.
SWEEP_UP = 121
X_LOW, X_HIGH = -3.0, 3.0

#: Sizes at which the comparison counts parameters (h = d = 512, the chapter's running size).
COUNT_H = COUNT_D = 512


def _states(forward) -> int:
    """Initial-state arguments of a cell's ``forward`` (``h0``, ``c0``...)."""
    return sum(1 for n in inspect.signature(forward).parameters if n.endswith("0"))


def _groups(params, hidden: int) -> int:
    return params.w_ih.shape[0] // hidden


def _count(params) -> int:
    """Numbers in every array of a cell (PyTorch's count: both bias vectors)."""
    return int(sum(np.asarray(a).size for a in params))


def _count_one_bias(params) -> int:
    """Numbers of a cell in the lecture's convention: every array but the second bias ``b_hh``."""
    return _count(params) - int(np.asarray(params.b_hh).size)


@dataclass(frozen=True, eq=False)
class GRUValues:
    """What L6 shows.

    Attributes
    ----------
    w_ih, w_hh, b_ih, b_hh : numpy.ndarray, shapes (3, 1), (3, 1), (3,), (3,)
        The hand-set 1-D GRU weights (``GRU_*``), rows r | z | n.
    x, h_prev : float
        The parameters: input x_t and previous hidden state h_{t-1}.
    reset, update, candidate, hidden : float
        r, z, n and h_t of the step.
    keep_share, write_share : float
        z and 1 - z: the shares of h_{t-1} kept and of n written.
    share_sum : float
        keep_share + write_share (1).
    kept, written : float
        z h_{t-1} and (1 - z) n; ``hidden`` is their sum.
    sweep_x : numpy.ndarray, shape (S,)
        The x sweep: -3 -> 3 -> ``x``.
    sweep_update, sweep_keep, sweep_write, sweep_sum, sweep_candidate, sweep_hidden : numpy.ndarray, shape (S,)
        z, z, 1 - z, z + (1 - z), n and h_t along the sweep (h_prev held).
    update_low, update_high : float
        Smallest and largest z along the sweep.
    lstm_states, gru_states : int
        State vectors each cell carries (2: c and h; 1: h).
    lstm_gates, gru_gates : int
        Gates (3: i, f, o; 2: r, z).
    lstm_groups, gru_groups : int
        Weight groups (4 and 3).
    fewer_percent : float
        Share of the LSTM's weight groups the GRU drops, in percent (25).
    count_h : int
        Hidden = input size of the parameter counts.
    lstm_params, gru_params : int
        Parameters of one layer at ``count_h``, one bias vector per gate and per candidate.
    lstm_params_torch, gru_params_torch : int
        The same with PyTorch's second bias ``b_hh`` (``nn.LSTM`` / ``nn.GRU``'s count).
    params_percent : float
        Share of the LSTM's parameters the GRU drops, in percent.
    """

    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    x: float
    h_prev: float
    reset: float
    update: float
    candidate: float
    hidden: float
    keep_share: float
    write_share: float
    share_sum: float
    kept: float
    written: float
    sweep_x: np.ndarray
    sweep_update: np.ndarray
    sweep_keep: np.ndarray
    sweep_write: np.ndarray
    sweep_sum: np.ndarray
    sweep_candidate: np.ndarray
    sweep_hidden: np.ndarray
    update_low: float
    update_high: float
    lstm_states: int
    gru_states: int
    lstm_gates: int
    gru_gates: int
    lstm_groups: int
    gru_groups: int
    fewer_percent: float
    count_h: int
    lstm_params: int
    gru_params: int
    lstm_params_torch: int
    gru_params_torch: int
    params_percent: float


def demo_weights():
    """The demo GRU's weights as arrays: ``(w_ih, w_hh, b_ih, b_hh)``."""
    return (np.array(GRU_W_IH, dtype=np.float64), np.array(GRU_W_HH, dtype=np.float64),
            np.array(GRU_B_IH, dtype=np.float64), np.zeros(3))


def gru_values(p: dict) -> GRUValues:
    """Compute L6 from its parameters (``x``, ``h_prev``)."""
    w = demo_weights()
    x, hp = float(p["x"]), float(p["h_prev"])
    step = gru.forward(np.array([[x]]), *w, h0=np.array([hp]))
    r, z, n, h = (float(a[0, 0]) for a in (step.r, step.z, step.n, step.h))
    sweep = np.concatenate([np.linspace(X_LOW, X_HIGH, SWEEP_UP),
                            np.linspace(X_HIGH, x, 61)[1:]])
    # each sweep point is one step from the same h_prev (a batch of one-step runs)
    runs = [gru.forward(np.array([[s]]), *w, h0=np.array([hp])) for s in sweep]
    sz = np.array([float(t.z[0, 0]) for t in runs])
    sn = np.array([float(t.n[0, 0]) for t in runs])
    sh = np.array([float(t.h[0, 0]) for t in runs])
    lp, gp = lstm.init_params(COUNT_D, COUNT_H, 0), gru.init_params(COUNT_D, COUNT_H, 0)
    lg, gg = _groups(lp, COUNT_H), _groups(gp, COUNT_H)
    lc, gc = _count_one_bias(lp), _count_one_bias(gp)
    return GRUValues(
        w_ih=w[0], w_hh=w[1], b_ih=w[2], b_hh=w[3], x=x, h_prev=hp,
        reset=r, update=z, candidate=n, hidden=h,
        keep_share=z, write_share=1.0 - z, share_sum=z + (1.0 - z),
        kept=z * hp, written=(1.0 - z) * n,
        sweep_x=sweep, sweep_update=sz, sweep_keep=sz, sweep_write=1.0 - sz,
        sweep_sum=sz + (1.0 - sz), sweep_candidate=sn, sweep_hidden=sh,
        update_low=float(sz.min()), update_high=float(sz.max()),
        lstm_states=_states(lstm.forward), gru_states=_states(gru.forward),
        lstm_gates=lg - 1, gru_gates=gg - 1, lstm_groups=lg, gru_groups=gg,
        fewer_percent=100.0 * (lg - gg) / lg, count_h=COUNT_H,
        lstm_params=lc, gru_params=gc, lstm_params_torch=_count(lp), gru_params_torch=_count(gp),
        params_percent=100.0 * (lc - gc) / lc,
    )
