"""GRU (``torch.nn.GRU`` layout, gate order r, z, n): forward pass and full BPTT.

    a_t = x_t W_ih^T + b_ih        (3H, blocks r | z | n)   input pre-activations
    b_t = h_{t-1} W_hh^T + b_hh    (3H, blocks r | z | n)   hidden pre-activations
    r_t = sigma(a_r + b_r),   z_t = sigma(a_z + b_z),   n_t = tanh(a_n + r_t * b_n)
    h_t = (1 - z_t) * n_t + z_t * h_{t-1}

:func:`init_params` returns an iterable :class:`Params`, so ``forward(x, *params)`` works.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import common as _cells
from .common import Params, frozen, sigmoid

__all__ = [
    "Params", "GRUTrace", "GRUGrads",
    "init_params", "forward", "forward_params", "backward",
]


@dataclass(frozen=True, eq=False)
class GRUTrace:
    """Everything the GRU forward pass computed, plus the inputs backward needs.

    Attributes
    ----------
    x : ndarray, shape (T, D)
    h0 : ndarray, shape (H,)
        Initial hidden state (zeros if none was given).
    w_ih, w_hh, b_ih, b_hh : ndarray, shapes (3H, D), (3H, H), (3H,), (3H,)
    pre_ih : ndarray, shape (T, 3H)
        Input pre-activations ``x_t W_ih^T + b_ih``, blocks r | z | n.
    pre_hh : ndarray, shape (T, 3H)
        Hidden pre-activations ``h_{t-1} W_hh^T + b_hh``, blocks r | z | n (the n block is the
        one that gets multiplied by r_t).
    r, z, n : ndarray, shape (T, H)
        Reset gate, update gate and candidate state.
    h : ndarray, shape (T, H)
        Hidden states.
    """

    x: np.ndarray
    h0: np.ndarray
    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    pre_ih: np.ndarray
    pre_hh: np.ndarray
    r: np.ndarray
    z: np.ndarray
    n: np.ndarray
    h: np.ndarray

    @property
    def h_prev(self) -> np.ndarray:
        """Hidden state entering each step, shape (T, H): rows h0, h_0, ..., h_{T-2}."""
        return np.vstack([self.h0[None, :], self.h[:-1]])


@dataclass(frozen=True, eq=False)
class GRUGrads:
    """Gradients of a loss L whose only dependence on the outputs is through h_{T-1}.

    Attributes
    ----------
    dx : ndarray, shape (T, D)
    dh : ndarray, shape (T, H)
        Total gradient reaching each hidden state h_t; ``dh[-1] == dh_last``.
    dpre_ih : ndarray, shape (T, 3H)
        dL/d(x_t W_ih^T + b_ih), blocks r | z | n.
    dpre_hh : ndarray, shape (T, 3H)
        dL/d(h_{t-1} W_hh^T + b_hh), blocks r | z | n.
    dh0 : ndarray, shape (H,)
    dw_ih, dw_hh, db_ih, db_hh : ndarray, same shapes as the weights.
    """

    dx: np.ndarray
    dh: np.ndarray
    dpre_ih: np.ndarray
    dpre_hh: np.ndarray
    dh0: np.ndarray
    dw_ih: np.ndarray
    dw_hh: np.ndarray
    db_ih: np.ndarray
    db_hh: np.ndarray


def init_params(input_size: int, hidden_size: int, seed) -> Params:
    """PyTorch-default GRU weights.

    Every entry ~ U(-k, k) with k = 1/sqrt(hidden_size), drawn in the order w_ih, w_hh, b_ih,
    b_hh from ``np.random.default_rng(seed)``.

    Parameters
    ----------
    input_size : int
        D.
    hidden_size : int
        H.
    seed : int or np.random.Generator

    Returns
    -------
    Params
        ``w_ih`` (3H, D), ``w_hh`` (3H, H), ``b_ih`` (3H,), ``b_hh`` (3H,); iterable in that order.
    """
    return _cells.init_params(input_size, hidden_size, seed, n_gates=3)


def forward(x, w_ih, w_hh, b_ih, b_hh, h0=None) -> GRUTrace:
    """Run a GRU over a sequence (gate order r, z, n as in ``torch.nn.GRU``).

    a_t = x_t W_ih^T + b_ih,   b_t = h_{t-1} W_hh^T + b_hh,
    r = sigma(a_r + b_r),   z = sigma(a_z + b_z),   n = tanh(a_n + r * b_n),
    h_t = (1 - z) * n + z * h_{t-1},   h_{-1} = h0.

    Parameters
    ----------
    x : array_like, shape (T, D)
    w_ih : array_like, shape (3H, D)
    w_hh : array_like, shape (3H, H)
    b_ih : array_like, shape (3H,)
    b_hh : array_like, shape (3H,)
    h0 : array_like, shape (H,), optional
        Initial hidden state; zeros by default.

    Returns
    -------
    GRUTrace

    Raises
    ------
    ValueError
        On a shape mismatch; the message names the argument and the expected shape.
    """
    (x, w_ih, w_hh, b_ih, b_hh), (T, _, H) = _cells.validate_weights(
        x, w_ih, w_hh, b_ih, b_hh, n_gates=3
    )
    h0 = _cells.state_or_zeros("h0", h0, H)

    pre_ih = x @ w_ih.T + b_ih  # (T, 3H)
    pre_hh = np.empty((T, 3 * H))
    r, z, n, h = (np.empty((T, H)) for _ in range(4))
    h_prev = h0
    for t in range(T):
        pre_hh[t] = h_prev @ w_hh.T + b_hh
        a, b = pre_ih[t], pre_hh[t]
        r[t] = sigmoid(a[0:H] + b[0:H])
        z[t] = sigmoid(a[H:2 * H] + b[H:2 * H])
        n[t] = np.tanh(a[2 * H:] + r[t] * b[2 * H:])
        h[t] = (1.0 - z[t]) * n[t] + z[t] * h_prev
        h_prev = h[t]

    return GRUTrace(
        x=frozen(x), h0=frozen(h0),
        w_ih=frozen(w_ih), w_hh=frozen(w_hh), b_ih=frozen(b_ih), b_hh=frozen(b_hh),
        pre_ih=frozen(pre_ih), pre_hh=frozen(pre_hh),
        r=frozen(r), z=frozen(z), n=frozen(n), h=frozen(h),
    )


def forward_params(x, params: Params, h0=None) -> GRUTrace:
    """Run :func:`forward` with the weights taken from ``params`` (``forward(x, *params)``)."""
    return forward(x, *params, h0=h0)


def backward(trace: GRUTrace, dh_last) -> GRUGrads:
    """Backpropagation through time from a gradient on the last hidden state only.

    Going t = T-1, ..., 0 with dh_{T-1} = dh_last:
        dn = dh_t * (1 - z),   dz = dh_t * (h_{t-1} - n)
        dn_pre = dn * (1 - n^2),   dr = dn_pre * b_n
        da = [dr * r(1-r), dz * z(1-z), dn_pre]          (gradient on x_t W_ih^T + b_ih)
        db = [dr * r(1-r), dz * z(1-z), dn_pre * r]      (gradient on h_{t-1} W_hh^T + b_hh)
        dx_t = da W_ih,   dh_{t-1} = dh_t * z + db W_hh
        dW_ih = sum_t da^T x_t,  dW_hh = sum_t db^T h_{t-1},  db_ih = sum_t da,  db_hh = sum_t db

    Parameters
    ----------
    trace : GRUTrace
        Output of :func:`forward`.
    dh_last : array_like, shape (H,)
        dL/dh_{T-1}.

    Returns
    -------
    GRUGrads
    """
    T, H = trace.h.shape
    dh_last = _cells.as_float("dh_last", dh_last)
    _cells.check_shape("dh_last", dh_last, (H,), "(hidden_size,)")

    r, z, n = trace.r, trace.z, trace.n
    h_prev = trace.h_prev

    dh = np.zeros((T, H))
    dpre_ih = np.zeros((T, 3 * H))
    dpre_hh = np.zeros((T, 3 * H))
    carry = dh_last
    for t in range(T - 1, -1, -1):
        dh[t] = carry
        d_n = carry * (1.0 - z[t])
        d_z = carry * (h_prev[t] - n[t])
        d_npre = d_n * (1.0 - n[t] ** 2)
        d_r = d_npre * trace.pre_hh[t, 2 * H:]
        d_rpre = d_r * r[t] * (1.0 - r[t])
        d_zpre = d_z * z[t] * (1.0 - z[t])
        dpre_ih[t] = np.concatenate([d_rpre, d_zpre, d_npre])
        dpre_hh[t] = np.concatenate([d_rpre, d_zpre, d_npre * r[t]])
        carry = carry * z[t] + dpre_hh[t] @ trace.w_hh

    return GRUGrads(
        dx=frozen(dpre_ih @ trace.w_ih),
        dh=frozen(dh),
        dpre_ih=frozen(dpre_ih),
        dpre_hh=frozen(dpre_hh),
        dh0=frozen(carry),
        dw_ih=frozen(dpre_ih.T @ trace.x),
        dw_hh=frozen(dpre_hh.T @ h_prev),
        db_ih=frozen(dpre_ih.sum(axis=0)),
        db_hh=frozen(dpre_hh.sum(axis=0)),
    )
