"""§02 How the gradient dies: hop factors, the backward walk, the long chain, clipping."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import scalar
from ..scalar import F32_MAX, F32_TINY

#: §02's long chain. The seed hides its inputs; these were found by a search over seeds (with the
#: scale solved by bisection and rounded to 4 decimals) so that, at w_h = 0.90 under tanh, the
#: product first passes below float32's smallest normal at hop 161 and ends at 9.8e-48, the
#: largest of the first 40 factors is 0.884, every ReLU pre-activation at w_h = 1.6 is positive
#: (so the product 1.6^k passes float32's maximum at hop 189), and pushing w_h to
#: ``PUSHED_W_H`` under tanh leaves the largest of the 40 factors at 0.616.
CHAIN_SEED = 144264
CHAIN_SCALE = 1.0836
PUSHED_W_H = 6.38


def chain_tokens(length: int, seed: int, scale: float) -> np.ndarray:
    """Input tokens of §02's long chain (a chain of K hops reads K + 1 tokens).

    ``x_t = scale * u_t`` with ``u_t ~ Uniform(-1, 1)`` drawn from ``default_rng(seed)``.

    Parameters
    ----------
    length : int
        Number of tokens T.
    seed : int
    scale : float

    Returns
    -------
    numpy.ndarray, shape (T,)
    """
    return scale * np.random.default_rng(seed).uniform(-1.0, 1.0, size=length)


@dataclass(frozen=True, eq=False)
class VanishingValues:
    """What §02 shows.

    Attributes
    ----------
    walk_states, walk_pre : numpy.ndarray, shape (8,)
        §01's sequence at this section's ``w_h``.
    walk_factors, walk_product : numpy.ndarray, shape (7,)
        The 7 hops from ``h_7`` back to ``h_0`` in the order the gradient meets them
        (``h_7 -> h_6`` first) and their running product.
    factor_steps : int
        Length of the chain whose factors are drawn as bars.
    factors, max_factor :
        First ``factor_steps`` hop factors at ``w_h``/``activation``; their maximum.
    pushed_factors, pushed_max_factor :
        The same under tanh at ``pushed_w_h``.
    relu_factors, relu_max_factor :
        The same under ReLU at ``relu_w_h``.
    pre_activations, hop_factors, product : numpy.ndarray, shape (chain_length,)
        The long chain: ``z_t``, ``act'(z_t) w_h``, running product (float64).
    final_product : float
    float32_underflow_hop, float32_overflow_hop : int or None
        First hop whose product is below float32's smallest normal / above its largest finite.
    relu_product : numpy.ndarray, shape (chain_length,)
        Running product under ReLU at ``relu_w_h``.
    relu_overflow_hop : int or None
    clip_scale, clipped_norm : float
        Global-norm clipping of a gradient of norm ``clip_norm`` at ``clip_threshold``.
    """

    walk_states: np.ndarray
    walk_pre: np.ndarray
    walk_factors: np.ndarray
    walk_product: np.ndarray
    factor_steps: int
    factors: np.ndarray
    max_factor: float
    pushed_factors: np.ndarray
    pushed_max_factor: float
    relu_factors: np.ndarray
    relu_max_factor: float
    pre_activations: np.ndarray
    hop_factors: np.ndarray
    product: np.ndarray
    final_product: float
    float32_underflow_hop: int | None
    float32_overflow_hop: int | None
    relu_product: np.ndarray
    relu_overflow_hop: int | None
    f32_tiny: float
    f32_max: float
    clip_scale: float
    clipped_norm: float


def chain(p: dict, w_h: float, activation: str):
    """Trace and hop products of the long chain: K hops over states h_0..h_K (K + 1 tokens).

    Hop t (t = 1..K) is ``dh_t/dh_{t-1} = act'(z_t) w_h``, the same convention as the 8-token
    walk, where 8 states make 7 hops.
    """
    x = chain_tokens(p["chain_length"] + 1, p["chain_seed"], p["chain_scale"])
    tr = scalar.recur(x, w_h, p["w_x"], 0.0, activation=activation)
    return tr, scalar.hop_products(tr.pre[1:], w_h, activation)


def vanishing_values(p: dict) -> VanishingValues:
    """Compute §02 from its parameters."""
    walk = scalar.recur(np.asarray(p["tokens"]), p["w_h"], p["w_x"], 0.0, activation=p["activation"])
    # The gradient walks back from h_7: hop h_t -> h_{t-1} has factor act'(z_t) w_h, t = 7..1.
    walk_hops = scalar.hop_products(walk.pre[:0:-1], p["w_h"], p["activation"])
    tr, hops = chain(p, p["w_h"], p["activation"])
    _, pushed = chain(p, p["pushed_w_h"], "tanh")
    _, relu = chain(p, p["relu_w_h"], "relu")
    k = p["factor_steps"]
    clip = scalar.clip_global_norm(p["clip_norm"], p["clip_threshold"])
    return VanishingValues(
        walk_states=walk.h,
        walk_pre=walk.pre,
        walk_factors=walk_hops.factors,
        walk_product=walk_hops.product,
        factor_steps=k,
        factors=hops.factors[:k],
        max_factor=float(hops.factors[:k].max()),
        pushed_factors=pushed.factors[:k],
        pushed_max_factor=float(pushed.factors[:k].max()),
        relu_factors=relu.factors[:k],
        relu_max_factor=float(relu.factors[:k].max()),
        pre_activations=tr.pre[1:],
        hop_factors=hops.factors,
        product=hops.product,
        final_product=float(hops.product[-1]),
        float32_underflow_hop=scalar.first_hop_below(hops.product, F32_TINY),
        float32_overflow_hop=scalar.first_hop_above(hops.product, F32_MAX),
        relu_product=relu.product,
        relu_overflow_hop=scalar.first_hop_above(relu.product, F32_MAX),
        f32_tiny=F32_TINY,
        f32_max=F32_MAX,
        clip_scale=clip.scale,
        clipped_norm=clip.clipped_norm,
    )
