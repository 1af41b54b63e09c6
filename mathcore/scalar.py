"""The one-dimensional recurrence of §01–§02 and the gradient bookkeeping around it.

Everything here is scalar per step so that every frame of the video can be checked by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

ACTIVATIONS = ("tanh", "relu")

#: float32's smallest positive normal number and largest finite number.
F32_TINY = float(np.finfo(np.float32).tiny)
F32_MAX = float(np.finfo(np.float32).max)


def _check_activation(activation: str) -> None:
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, got {activation!r}")


def activate(z, activation: str = "tanh") -> np.ndarray:
    """Apply the activation elementwise.

    ``tanh(z)`` or ``max(z, 0)``.

    Parameters
    ----------
    z : array_like
        Pre-activations, any shape.
    activation : {"tanh", "relu"}

    Returns
    -------
    numpy.ndarray
        Same shape as ``z``.
    """
    _check_activation(activation)
    z = np.asarray(z, dtype=np.float64)
    return np.tanh(z) if activation == "tanh" else np.maximum(z, 0.0)


def slope(z, activation: str = "tanh") -> np.ndarray:
    """Derivative of the activation at ``z``.

    ``tanh'(z) = 1 - tanh(z)^2``; ``relu'(z) = 1 if z > 0 else 0``.

    Parameters
    ----------
    z : array_like
        Pre-activations, any shape.
    activation : {"tanh", "relu"}

    Returns
    -------
    numpy.ndarray
        Same shape as ``z``, values in [0, 1].
    """
    _check_activation(activation)
    z = np.asarray(z, dtype=np.float64)
    if activation == "tanh":
        return 1.0 - np.tanh(z) ** 2
    return (z > 0).astype(np.float64)


@dataclass(frozen=True)
class RNNTrace1D:
    """States of the scalar recurrence.

    Attributes
    ----------
    x : numpy.ndarray, shape (T,)
        Tokens.
    pre : numpy.ndarray, shape (T,)
        Pre-activations ``z_t``.
    h : numpy.ndarray, shape (T,)
        States ``h_t``.
    """

    x: np.ndarray
    pre: np.ndarray
    h: np.ndarray


def recur(x, w_h: float, w_x: float, b: float = 0.0, h0: float = 0.0,
          activation: str = "tanh") -> RNNTrace1D:
    """Run the scalar recurrence over a token sequence.

    ``z_t = w_h h_{t-1} + w_x x_t + b``, ``h_t = act(z_t)``, with ``h_{-1} = h0``.

    Parameters
    ----------
    x : array_like, shape (T,)
        Tokens.
    w_h, w_x, b : float
        Recurrent weight, input weight, bias.
    h0 : float
        State before the first token.
    activation : {"tanh", "relu"}

    Returns
    -------
    RNNTrace1D
        ``pre`` and ``h``, both shape (T,).
    """
    _check_activation(activation)
    x = np.asarray(x, dtype=np.float64)
    pre = np.empty_like(x)
    h = np.empty_like(x)
    prev = float(h0)
    for t, xt in enumerate(x):
        pre[t] = w_h * prev + w_x * xt + b
        prev = float(activate(pre[t], activation))
        h[t] = prev
    return RNNTrace1D(x=x, pre=pre, h=h)


@dataclass(frozen=True)
class HopProducts:
    """Per-hop Jacobians of the scalar recurrence and their running product.

    Attributes
    ----------
    factors : numpy.ndarray, shape (K,)
        ``dh_t/dh_{t-1} = act'(z_t) * w_h`` for each hop.
    product : numpy.ndarray, shape (K,)
        Running product, float64: ``product[k] = prod(factors[:k + 1])``.
    """

    factors: np.ndarray
    product: np.ndarray


def hop_products(pre, w_h: float, activation: str = "tanh") -> HopProducts:
    """Per-hop factors ``act'(z_t) * w_h`` and their running product.

    Parameters
    ----------
    pre : array_like, shape (K,)
        Pre-activations of the hops, in the order the gradient meets them.
    w_h : float
        Recurrent weight.
    activation : {"tanh", "relu"}

    Returns
    -------
    HopProducts
    """
    factors = slope(pre, activation) * float(w_h)
    with np.errstate(over="ignore", under="ignore"):
        product = np.cumprod(factors)
    return HopProducts(factors=factors, product=product)


def first_hop_below(product, limit: float) -> int | None:
    """1-based index of the first hop whose product falls below ``limit``, or None."""
    idx = np.flatnonzero(np.asarray(product) < limit)
    return int(idx[0]) + 1 if idx.size else None


def first_hop_above(product, limit: float) -> int | None:
    """1-based index of the first hop whose product exceeds ``limit``, or None."""
    idx = np.flatnonzero(np.asarray(product) > limit)
    return int(idx[0]) + 1 if idx.size else None


@dataclass(frozen=True)
class Clip:
    """Result of global-norm clipping.

    Attributes
    ----------
    norm : float
        Global L2 norm before clipping.
    scale : float
        ``min(1, threshold / norm)``.
    clipped_norm : float
        Norm after scaling.
    """

    norm: float
    scale: float
    clipped_norm: float


def clip_global_norm(norm: float, threshold: float) -> Clip:
    """Global-norm clipping (Pascanu, Mikolov and Bengio, 2013).

    ``g <- g * min(1, threshold / ||g||)``: a ceiling, never a floor.

    Parameters
    ----------
    norm : float
        ``||g||`` before clipping, >= 0.
    threshold : float
        Largest norm let through, > 0.

    Returns
    -------
    Clip
    """
    if norm < 0 or threshold <= 0:
        raise ValueError("norm must be >= 0 and threshold > 0")
    scale = 1.0 if norm <= threshold else threshold / norm
    return Clip(norm=float(norm), scale=float(scale), clipped_norm=float(norm * scale))


def global_norm(grads) -> float:
    """L2 norm over a list of gradient arrays, as if concatenated."""
    return float(np.sqrt(sum(float(np.sum(np.square(g))) for g in grads)))
