"""LSTM (``torch.nn.LSTM`` layout, gate order i, f, g, o): forward pass and full BPTT.

    pre_t = x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh          (4H, split as i | f | g | o)
    i_t = sigma(pre_i),  f_t = sigma(pre_f),  g_t = tanh(pre_g),  o_t = sigma(pre_o)
    c_t = f_t * c_{t-1} + i_t * g_t
    h_t = o_t * tanh(c_t)

:func:`init_params` returns an iterable :class:`Params`, so ``forward(x, *params)`` works.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import common as _cells
from .common import Params, frozen, sigmoid

__all__ = [
    "Params", "LSTMTrace", "LSTMGrads",
    "init_params", "forward", "forward_params", "backward",
]


@dataclass(frozen=True, eq=False)
class LSTMTrace:
    """Everything the LSTM forward pass computed, plus the inputs backward needs.

    Attributes
    ----------
    x : ndarray, shape (T, D)
    h0, c0 : ndarray, shape (H,)
        Initial hidden and cell state (zeros if none were given).
    w_ih, w_hh, b_ih, b_hh : ndarray, shapes (4H, D), (4H, H), (4H,), (4H,)
    pre : ndarray, shape (T, 4H)
        Gate pre-activations ``x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh``, blocks i | f | g | o.
    i, f, g, o : ndarray, shape (T, H)
        Input gate, forget gate, candidate (tanh) and output gate.
    c : ndarray, shape (T, H)
        Cell states.
    h : ndarray, shape (T, H)
        Hidden states.
    """

    x: np.ndarray
    h0: np.ndarray
    c0: np.ndarray
    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    pre: np.ndarray
    i: np.ndarray
    f: np.ndarray
    g: np.ndarray
    o: np.ndarray
    c: np.ndarray
    h: np.ndarray

    @property
    def h_prev(self) -> np.ndarray:
        """Hidden state entering each step, shape (T, H): rows h0, h_0, ..., h_{T-2}."""
        return np.vstack([self.h0[None, :], self.h[:-1]])

    @property
    def c_prev(self) -> np.ndarray:
        """Cell state entering each step, shape (T, H): rows c0, c_0, ..., c_{T-2}."""
        return np.vstack([self.c0[None, :], self.c[:-1]])


@dataclass(frozen=True, eq=False)
class LSTMGrads:
    """Gradients of a loss L whose only dependence on the outputs is through h_{T-1}.

    Attributes
    ----------
    dx : ndarray, shape (T, D)
    dh : ndarray, shape (T, H)
        Total gradient reaching each hidden state h_t; ``dh[-1] == dh_last``.
    dc : ndarray, shape (T, H)
        Total gradient reaching each cell state c_t (through h_t and through c_{t+1}).
    dpre : ndarray, shape (T, 4H)
        dL/dpre_t, blocks i | f | g | o.
    dh0, dc0 : ndarray, shape (H,)
    dw_ih, dw_hh, db_ih, db_hh : ndarray, same shapes as the weights.
    """

    dx: np.ndarray
    dh: np.ndarray
    dc: np.ndarray
    dpre: np.ndarray
    dh0: np.ndarray
    dc0: np.ndarray
    dw_ih: np.ndarray
    dw_hh: np.ndarray
    db_ih: np.ndarray
    db_hh: np.ndarray


def init_params(input_size: int, hidden_size: int, seed) -> Params:
    """PyTorch-default LSTM weights.

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
        ``w_ih`` (4H, D), ``w_hh`` (4H, H), ``b_ih`` (4H,), ``b_hh`` (4H,); iterable in that order.
    """
    return _cells.init_params(input_size, hidden_size, seed, n_gates=4)


def forward(x, w_ih, w_hh, b_ih, b_hh, h0=None, c0=None) -> LSTMTrace:
    """Run an LSTM over a sequence (gate order i, f, g, o as in ``torch.nn.LSTM``).

    pre_t = x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh,
    i, f, o = sigma(pre_i, pre_f, pre_o),   g = tanh(pre_g),
    c_t = f * c_{t-1} + i * g,   h_t = o * tanh(c_t),   (h_{-1}, c_{-1}) = (h0, c0).

    Parameters
    ----------
    x : array_like, shape (T, D)
    w_ih : array_like, shape (4H, D)
    w_hh : array_like, shape (4H, H)
    b_ih : array_like, shape (4H,)
    b_hh : array_like, shape (4H,)
    h0 : array_like, shape (H,), optional
        Initial hidden state; zeros by default.
    c0 : array_like, shape (H,), optional
        Initial cell state; zeros by default.

    Returns
    -------
    LSTMTrace

    Raises
    ------
    ValueError
        On a shape mismatch; the message names the argument and the expected shape.
    """
    (x, w_ih, w_hh, b_ih, b_hh), (T, _, H) = _cells.validate_weights(
        x, w_ih, w_hh, b_ih, b_hh, n_gates=4
    )
    h0 = _cells.state_or_zeros("h0", h0, H)
    c0 = _cells.state_or_zeros("c0", c0, H)

    x_part = x @ w_ih.T + b_ih  # (T, 4H)
    pre = np.empty((T, 4 * H))
    i, f, g, o, c, h = (np.empty((T, H)) for _ in range(6))
    h_prev, c_prev = h0, c0
    for t in range(T):
        pre[t] = x_part[t] + h_prev @ w_hh.T + b_hh
        i[t] = sigmoid(pre[t, 0:H])
        f[t] = sigmoid(pre[t, H:2 * H])
        g[t] = np.tanh(pre[t, 2 * H:3 * H])
        o[t] = sigmoid(pre[t, 3 * H:4 * H])
        c[t] = f[t] * c_prev + i[t] * g[t]
        h[t] = o[t] * np.tanh(c[t])
        h_prev, c_prev = h[t], c[t]

    return LSTMTrace(
        x=frozen(x), h0=frozen(h0), c0=frozen(c0),
        w_ih=frozen(w_ih), w_hh=frozen(w_hh), b_ih=frozen(b_ih), b_hh=frozen(b_hh),
        pre=frozen(pre), i=frozen(i), f=frozen(f), g=frozen(g), o=frozen(o),
        c=frozen(c), h=frozen(h),
    )


def forward_params(x, params: Params, h0=None, c0=None) -> LSTMTrace:
    """Run :func:`forward` with the weights taken from ``params`` (``forward(x, *params)``)."""
    return forward(x, *params, h0=h0, c0=c0)


def backward(trace: LSTMTrace, dh_last) -> LSTMGrads:
    """Backpropagation through time from a gradient on the last hidden state only.

    Going t = T-1, ..., 0 with dh_{T-1} = dh_last and no cell gradient from beyond T-1:
        dc_t  = dc_{t+1} * f_{t+1} + dh_t * o_t * (1 - tanh(c_t)^2)
        do = dh_t * tanh(c_t),  di = dc_t * g_t,  dg = dc_t * i_t,  df = dc_t * c_{t-1}
        dpre_t = [di * i(1-i), df * f(1-f), dg * (1-g^2), do * o(1-o)]
        dx_t = dpre_t W_ih,   dh_{t-1} = dpre_t W_hh
        dW_ih = sum_t dpre_t^T x_t,   dW_hh = sum_t dpre_t^T h_{t-1},   db_ih = db_hh = sum_t dpre_t

    Parameters
    ----------
    trace : LSTMTrace
        Output of :func:`forward`.
    dh_last : array_like, shape (H,)
        dL/dh_{T-1}.

    Returns
    -------
    LSTMGrads
    """
    T, H = trace.h.shape
    dh_last = _cells.as_float("dh_last", dh_last)
    _cells.check_shape("dh_last", dh_last, (H,), "(hidden_size,)")

    i, f, g, o = trace.i, trace.f, trace.g, trace.o
    tanh_c = np.tanh(trace.c)
    c_prev = trace.c_prev

    dh = np.zeros((T, H))
    dc = np.zeros((T, H))
    dpre = np.zeros((T, 4 * H))
    dh_carry = dh_last
    dc_carry = np.zeros(H)  # gradient reaching c_t through c_{t+1}
    for t in range(T - 1, -1, -1):
        dh[t] = dh_carry
        dc[t] = dc_carry + dh_carry * o[t] * (1.0 - tanh_c[t] ** 2)
        d_o = dh_carry * tanh_c[t]
        d_i = dc[t] * g[t]
        d_g = dc[t] * i[t]
        d_f = dc[t] * c_prev[t]
        dpre[t, 0:H] = d_i * i[t] * (1.0 - i[t])
        dpre[t, H:2 * H] = d_f * f[t] * (1.0 - f[t])
        dpre[t, 2 * H:3 * H] = d_g * (1.0 - g[t] ** 2)
        dpre[t, 3 * H:4 * H] = d_o * o[t] * (1.0 - o[t])
        dh_carry = dpre[t] @ trace.w_hh
        dc_carry = dc[t] * f[t]

    return LSTMGrads(
        dx=frozen(dpre @ trace.w_ih),
        dh=frozen(dh),
        dc=frozen(dc),
        dpre=frozen(dpre),
        dh0=frozen(dh_carry),
        dc0=frozen(dc_carry),
        dw_ih=frozen(dpre.T @ trace.x),
        dw_hh=frozen(dpre.T @ trace.h_prev),
        db_ih=frozen(dpre.sum(axis=0)),
        db_hh=frozen(dpre.sum(axis=0)),
    )
