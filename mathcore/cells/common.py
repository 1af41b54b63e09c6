"""Shared helpers for the recurrent cells in :mod:`mathcore.cells`: ``rnn``, ``lstm`` and ``gru``.

Everything here is float64 numpy; arrays handed out in dataclasses are read-only copies so the
frozen dataclasses are frozen all the way down.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def sigmoid(z: np.ndarray) -> np.ndarray:
    """Numerically stable logistic function.

    sigma(z) = 1 / (1 + exp(-z)), evaluated as exp(-|z|)-based branches so nothing overflows.

    Parameters
    ----------
    z : ndarray, any shape

    Returns
    -------
    ndarray, same shape as ``z``, values in [0, 1].
    """
    z = np.asarray(z, dtype=np.float64)
    e = np.exp(-np.abs(z))
    return np.where(z >= 0.0, 1.0 / (1.0 + e), e / (1.0 + e))


def frozen(a: np.ndarray) -> np.ndarray:
    """Return a read-only float64 copy of ``a``."""
    out = np.array(a, dtype=np.float64, copy=True)
    out.flags.writeable = False
    return out


def as_float(name: str, value) -> np.ndarray:
    """Convert ``value`` to a float64 ndarray, naming ``name`` if that fails."""
    try:
        return np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be convertible to a float64 array: {exc}") from None


def check_shape(name: str, arr: np.ndarray, expected: tuple, meaning: str) -> None:
    """Raise ``ValueError`` unless ``arr.shape == expected``.

    ``meaning`` spells the expected shape symbolically, e.g. ``"(4*hidden_size, input_size)"``.
    """
    if arr.shape != tuple(expected):
        raise ValueError(
            f"{name} must have shape {meaning} = {tuple(expected)}, got {arr.shape}"
        )


def validate_weights(x, w_ih, w_hh, b_ih, b_hh, n_gates: int):
    """Validate ``x`` and the four weight arrays of a cell with ``n_gates`` stacked gates.

    ``hidden_size`` is read from ``w_hh`` (shape ``(n_gates*H, H)``) and ``input_size`` from
    ``w_ih`` (shape ``(n_gates*H, D)``), as a torch module would; ``x`` (shape ``(T, D)``) and
    the biases are checked against those.

    Returns
    -------
    (x, w_ih, w_hh, b_ih, b_hh) as float64 arrays, and the sizes (T, D, H).
    """
    g = "" if n_gates == 1 else f"{n_gates}*"
    w_hh = as_float("w_hh", w_hh)
    if w_hh.ndim != 2 or w_hh.shape[1] < 1 or w_hh.shape[0] != n_gates * w_hh.shape[1]:
        raise ValueError(
            f"w_hh must have shape ({g}hidden_size, hidden_size), got {w_hh.shape}"
        )
    H = w_hh.shape[1]
    w_ih = as_float("w_ih", w_ih)
    if w_ih.ndim != 2 or w_ih.shape[0] != n_gates * H or w_ih.shape[1] < 1:
        raise ValueError(
            f"w_ih must have shape ({g}hidden_size, input_size) = ({n_gates * H}, input_size) "
            f"with input_size >= 1, got {w_ih.shape}"
        )
    D = w_ih.shape[1]
    x = as_float("x", x)
    if x.ndim != 2 or x.shape[0] < 1 or x.shape[1] != D:
        raise ValueError(
            f"x must have shape (seq_len, input_size) = (seq_len >= 1, {D}), got {x.shape}"
        )
    T = x.shape[0]
    b_ih = as_float("b_ih", b_ih)
    check_shape("b_ih", b_ih, (n_gates * H,), f"({g}hidden_size,)")
    b_hh = as_float("b_hh", b_hh)
    check_shape("b_hh", b_hh, (n_gates * H,), f"({g}hidden_size,)")
    return (x, w_ih, w_hh, b_ih, b_hh), (T, D, H)


def state_or_zeros(name: str, value, H: int) -> np.ndarray:
    """Return ``value`` as a float64 ``(H,)`` array, or zeros when ``value`` is None."""
    if value is None:
        return np.zeros(H)
    arr = as_float(name, value)
    check_shape(name, arr, (H,), "(hidden_size,)")
    return arr


@dataclass(frozen=True, eq=False)
class Params:
    """Weights of one recurrent cell in PyTorch's layout (G = 1 RNN, 4 LSTM, 3 GRU).

    Iterable in the order ``(w_ih, w_hh, b_ih, b_hh)``, so ``forward(x, *params)`` works.

    Attributes
    ----------
    w_ih : ndarray, shape (G*H, D)
    w_hh : ndarray, shape (G*H, H)
    b_ih : ndarray, shape (G*H,)
    b_hh : ndarray, shape (G*H,)
    """

    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray

    def __iter__(self):
        return iter((self.w_ih, self.w_hh, self.b_ih, self.b_hh))


def init_params(input_size: int, hidden_size: int, seed, n_gates: int) -> Params:
    """Draw PyTorch-default weights: every entry ~ U(-k, k), k = 1/sqrt(hidden_size).

    Drawn in the order w_ih, w_hh, b_ih, b_hh from ``np.random.default_rng(seed)``.
    """
    for name, v in (("input_size", input_size), ("hidden_size", hidden_size)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
            raise ValueError(f"{name} must be a positive int, got {v!r}")
    if seed is None:
        raise ValueError("seed must be an int or np.random.Generator, not None")
    rng = np.random.default_rng(seed)
    k = 1.0 / np.sqrt(hidden_size)
    G, H, D = n_gates, int(hidden_size), int(input_size)
    return Params(
        w_ih=frozen(rng.uniform(-k, k, size=(G * H, D))),
        w_hh=frozen(rng.uniform(-k, k, size=(G * H, H))),
        b_ih=frozen(rng.uniform(-k, k, size=(G * H,))),
        b_hh=frozen(rng.uniform(-k, k, size=(G * H,))),
    )
