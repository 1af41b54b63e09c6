"""Elman RNN (``torch.nn.RNN`` layout): forward pass and full backpropagation through time.

    pre_t = x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh
    h_t   = act(pre_t),   act in {tanh, relu}

Weights come in PyTorch's layout; :func:`init_params` returns an iterable :class:`Params`, so
``forward(x, *params)`` works.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import common as _cells
from .common import Params, frozen

__all__ = [
    "NONLINEARITIES", "Params", "RNNTrace", "RNNGrads",
    "init_params", "forward", "forward_params", "backward",
]

NONLINEARITIES = ("tanh", "relu")


@dataclass(frozen=True, eq=False)
class RNNTrace:
    """Everything the forward pass computed, plus the inputs backward needs.

    Attributes
    ----------
    x : ndarray, shape (T, D)
    h0 : ndarray, shape (H,)
        Initial hidden state (zeros if none was given).
    w_ih, w_hh, b_ih, b_hh : ndarray, shapes (H, D), (H, H), (H,), (H,)
    nonlinearity : str
        ``"tanh"`` or ``"relu"``.
    pre : ndarray, shape (T, H)
        Pre-activations ``x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh``.
    h : ndarray, shape (T, H)
        Hidden states ``act(pre_t)``.
    """

    x: np.ndarray
    h0: np.ndarray
    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    nonlinearity: str
    pre: np.ndarray
    h: np.ndarray

    @property
    def h_prev(self) -> np.ndarray:
        """Hidden state entering each step, shape (T, H): rows h0, h_0, ..., h_{T-2}."""
        return np.vstack([self.h0[None, :], self.h[:-1]])


@dataclass(frozen=True, eq=False)
class RNNGrads:
    """Gradients of a loss L whose only dependence on the outputs is through h_{T-1}.

    Attributes
    ----------
    dx : ndarray, shape (T, D)
        dL/dx_t.
    dh : ndarray, shape (T, H)
        Total gradient reaching each hidden state h_t; ``dh[-1] == dh_last``.
    dpre : ndarray, shape (T, H)
        dL/dpre_t = dh_t * act'(pre_t).
    dh0 : ndarray, shape (H,)
    dw_ih, dw_hh, db_ih, db_hh : ndarray, same shapes as the weights.
    """

    dx: np.ndarray
    dh: np.ndarray
    dpre: np.ndarray
    dh0: np.ndarray
    dw_ih: np.ndarray
    dw_hh: np.ndarray
    db_ih: np.ndarray
    db_hh: np.ndarray


def init_params(input_size: int, hidden_size: int, seed) -> Params:
    """PyTorch-default RNN weights.

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
        ``w_ih`` (H, D), ``w_hh`` (H, H), ``b_ih`` (H,), ``b_hh`` (H,); iterable in that order.
    """
    return _cells.init_params(input_size, hidden_size, seed, n_gates=1)


def _check_nonlinearity(nonlinearity) -> str:
    if nonlinearity not in NONLINEARITIES:
        raise ValueError(
            f"nonlinearity must be one of {NONLINEARITIES}, got {nonlinearity!r}"
        )
    return nonlinearity


def forward(x, w_ih, w_hh, b_ih, b_hh, h0=None, nonlinearity: str = "tanh") -> RNNTrace:
    """Run an Elman RNN over a sequence.

    pre_t = x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh,   h_t = act(pre_t),   h_{-1} = h0.

    Parameters
    ----------
    x : array_like, shape (T, D)
    w_ih : array_like, shape (H, D)
    w_hh : array_like, shape (H, H)
    b_ih : array_like, shape (H,)
    b_hh : array_like, shape (H,)
    h0 : array_like, shape (H,), optional
        Initial hidden state; zeros by default.
    nonlinearity : {"tanh", "relu"}

    Returns
    -------
    RNNTrace

    Raises
    ------
    ValueError
        On a shape mismatch (the message names the argument and the expected shape) or an
        unknown ``nonlinearity``.
    """
    nonlinearity = _check_nonlinearity(nonlinearity)
    (x, w_ih, w_hh, b_ih, b_hh), (T, _, H) = _cells.validate_weights(
        x, w_ih, w_hh, b_ih, b_hh, n_gates=1
    )
    h0 = _cells.state_or_zeros("h0", h0, H)

    act = np.tanh if nonlinearity == "tanh" else (lambda z: np.maximum(z, 0.0))
    x_part = x @ w_ih.T + b_ih  # (T, H): the input half of every pre-activation
    pre = np.empty((T, H))
    h = np.empty((T, H))
    h_prev = h0
    for t in range(T):
        pre[t] = x_part[t] + h_prev @ w_hh.T + b_hh
        h[t] = act(pre[t])
        h_prev = h[t]

    return RNNTrace(
        x=frozen(x), h0=frozen(h0),
        w_ih=frozen(w_ih), w_hh=frozen(w_hh), b_ih=frozen(b_ih), b_hh=frozen(b_hh),
        nonlinearity=nonlinearity, pre=frozen(pre), h=frozen(h),
    )


def forward_params(x, params: Params, h0=None, nonlinearity: str = "tanh") -> RNNTrace:
    """Run :func:`forward` with the weights taken from ``params`` (``forward(x, *params)``)."""
    return forward(x, *params, h0=h0, nonlinearity=nonlinearity)


def backward(trace: RNNTrace, dh_last) -> RNNGrads:
    """Backpropagation through time from a gradient on the last hidden state only.

    Going t = T-1, ..., 0 with dh_{T-1} = dh_last:
        dpre_t    = dh_t * act'(pre_t)        (tanh: 1 - h_t^2;  relu: [pre_t > 0])
        dx_t      = dpre_t W_ih,      dh_{t-1} = dpre_t W_hh
        dW_ih = sum_t dpre_t^T x_t,   dW_hh = sum_t dpre_t^T h_{t-1},   db_ih = db_hh = sum_t dpre_t

    Parameters
    ----------
    trace : RNNTrace
        Output of :func:`forward`.
    dh_last : array_like, shape (H,)
        dL/dh_{T-1}.

    Returns
    -------
    RNNGrads
    """
    T, H = trace.h.shape
    dh_last = _cells.as_float("dh_last", dh_last)
    _cells.check_shape("dh_last", dh_last, (H,), "(hidden_size,)")

    if trace.nonlinearity == "tanh":
        dact = 1.0 - trace.h ** 2
    else:
        dact = (trace.pre > 0.0).astype(np.float64)

    dh = np.zeros((T, H))
    dpre = np.zeros((T, H))
    carry = dh_last  # gradient reaching h_t from the future (or the loss at t = T-1)
    for t in range(T - 1, -1, -1):
        dh[t] = carry
        dpre[t] = carry * dact[t]
        carry = dpre[t] @ trace.w_hh

    h_prev = trace.h_prev
    return RNNGrads(
        dx=frozen(dpre @ trace.w_ih),
        dh=frozen(dh),
        dpre=frozen(dpre),
        dh0=frozen(carry),
        dw_ih=frozen(dpre.T @ trace.x),
        dw_hh=frozen(dpre.T @ h_prev),
        db_ih=frozen(dpre.sum(axis=0)),
        db_hh=frozen(dpre.sum(axis=0)),
    )
