"""The page's two numpy labs, run exactly as the page writes them.

Lab 1 (the product of 500 factors) and lab 2 (the spectral-radius sweep) share one generator,
``np.random.default_rng(42)``: lab 1 draws three blocks of ``factors`` uniforms in the page's
order (near one, below one, above one), then lab 2 draws ``W0`` (d × d standard normals) and,
for each radius in turn, the initial state's d normals. :func:`page_labs` runs both in that
order; :func:`product_lab` and :func:`spectral_lab` run one from a given generator.

Lab 2's backward pass is the page's loop: ``grad = (W.T * (1 - h_{t+1}**2)) @ grad``, i.e.
``grad <- W^T diag(tanh'(z_{t+1})) grad`` (the page's comment writes the factor as
``diag(tanh') W^T``; its code multiplies in the order backpropagation needs, which is the one
run here), with ``np.linalg.norm`` (Frobenius) of the accumulated d × d product recorded after
each step, nearest the loss first.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The page's seed and its three factor ranges, in its order: (low, high, key).
PAGE_SEED = 42
PAGE_FACTORS = 500
PAGE_RANGES = ((0.8, 1.2, "near_one"), (0.0, 0.8, "below_one"), (1.0, 1.2, "above_one"))
#: Lab 2 as the page runs it: width, steps, target radii, clipping threshold.
PAGE_D, PAGE_T, PAGE_RHOS, PAGE_TAU = 16, 100, (0.5, 1.0, 1.5), 5.0
ACTIVATIONS = ("tanh", "linear")


@dataclass(frozen=True, eq=False)
class ProductLab:
    """Lab 1: running log-magnitudes of products of random factors.

    Attributes
    ----------
    keys : tuple of str
        ``("near_one", "below_one", "above_one")`` in the page's order.
    ranges : dict
        key -> ``(low, high)`` of the uniform factors.
    factors : dict
        key -> numpy.ndarray, shape (N,): the factors drawn.
    trajectories : dict
        key -> numpy.ndarray, shape (N,): ``cumsum(log|factor|)`` (natural log), the page's
        ``log_mag``; entry k is the log-magnitude of the product of the first k + 1 factors.
    final_log_magnitudes : dict
        key -> float: the last entry of each trajectory (the page's printed figure).
    """

    keys: tuple
    ranges: dict
    factors: dict
    trajectories: dict
    final_log_magnitudes: dict


def product_lab(rng: np.random.Generator, factors: int = PAGE_FACTORS,
                ranges=PAGE_RANGES) -> ProductLab:
    """Lab 1 from ``rng``: for each range, ``factors`` uniforms and ``cumsum(log|f|)``.

    ``log_mag[k] = sum_{j<=k} ln|f_j|``; shapes (factors,) per range.
    """
    if factors < 1:
        raise ValueError("factors must be at least 1")
    drawn, traj = {}, {}
    for lo, hi, key in ranges:
        f = rng.uniform(lo, hi, size=factors)
        drawn[key] = f
        with np.errstate(divide="ignore"):      # a factor of exactly 0 gives -inf, as numpy does
            traj[key] = np.cumsum(np.log(np.abs(f)))
    keys = tuple(k for _, _, k in ranges)
    return ProductLab(keys=keys, ranges={k: (lo, hi) for lo, hi, k in ranges}, factors=drawn,
                      trajectories=traj,
                      final_log_magnitudes={k: float(traj[k][-1]) for k in keys})


@dataclass(frozen=True, eq=False)
class SpectralRun:
    """One radius of lab 2.

    Attributes
    ----------
    rho : float
        Target spectral radius (the page's ``rho``).
    spectral_radius : float
        ``max |eig(W)|`` of the matrix actually used.
    states : numpy.ndarray, shape (T + 1, d)
        ``h_0 = tanh(n)``, ``h_{t+1} = g(W h_t)`` (g = tanh, or the identity for ``linear``).
    grad_norms : numpy.ndarray, shape (T,)
        Frobenius norm of ``prod W^T diag(g'(.))`` after each backward step; index 0 is the
        step nearest the loss, index T - 1 reaches the first state.
    grad_norms_clipped : numpy.ndarray, shape (T,) or None
        The same with the accumulated product rescaled after each step to norm at most
        ``tau`` (``g <- min(1, tau / ||g||) g``, the page's fault injection); None if no tau.
    first_last_ratio : float
        ``grad_norms[-1] / grad_norms[0]``: the first state's gradient norm over the last's.
    weight : numpy.ndarray, shape (d, d)
        The matrix ``W = W0 · rho / ρ(W0)`` the run used.
    """

    rho: float
    spectral_radius: float
    states: np.ndarray
    grad_norms: np.ndarray
    grad_norms_clipped: np.ndarray | None
    first_last_ratio: float
    weight: np.ndarray


def _backward(W: np.ndarray, states: np.ndarray, activation: str, tau: float | None):
    d, T = W.shape[0], len(states) - 1
    grad = np.eye(d)
    norms = np.empty(T)
    for i, t in enumerate(reversed(range(T))):
        slope = 1 - states[t + 1] ** 2 if activation == "tanh" else np.ones(d)
        grad = (W.T * slope) @ grad
        n = np.linalg.norm(grad)
        if tau is not None and n > tau:
            grad = grad * (tau / n)
            n = np.linalg.norm(grad)
        norms[i] = n
    return norms


def spectral_lab(rng: np.random.Generator, d: int = PAGE_D, T: int = PAGE_T,
                 rhos=PAGE_RHOS, activation: str = "tanh",
                 tau: float | None = PAGE_TAU) -> tuple[SpectralRun, ...]:
    """Lab 2 from ``rng``: ``W0 ~ N(0,1)^{d×d}``, then per radius ``W = W0 · rho / ρ(W0)``,
    ``h_0 = tanh(N(0,1)^d)`` (drawn per radius, in order), T forward steps, T backward steps.
    """
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}")
    W0 = rng.normal(size=(d, d))
    r0 = max(abs(np.linalg.eigvals(W0)))
    runs = []
    for rho in rhos:
        W = W0 * (rho / r0)
        h = np.tanh(rng.normal(size=d))
        states = [h]
        for _ in range(T):
            h = np.tanh(W @ h) if activation == "tanh" else W @ h
            states.append(h)
        states = np.array(states)
        with np.errstate(over="ignore", invalid="ignore"):
            norms = _backward(W, states, activation, None)
            clipped = None if tau is None else _backward(W, states, activation, tau)
            ratio = float(norms[-1] / norms[0]) if norms[0] else float("nan")
        runs.append(SpectralRun(rho=float(rho),
                                spectral_radius=float(max(abs(np.linalg.eigvals(W)))),
                                states=states, grad_norms=norms, grad_norms_clipped=clipped,
                                first_last_ratio=ratio, weight=W))
    return tuple(runs)


def page_labs(seed: int = PAGE_SEED, factors: int = PAGE_FACTORS, d: int = PAGE_D,
              T: int = PAGE_T, rhos=PAGE_RHOS, activation: str = "tanh",
              tau: float | None = PAGE_TAU) -> tuple[ProductLab, tuple[SpectralRun, ...]]:
    """Both labs from one ``default_rng(seed)``, lab 1 first, as the page runs them."""
    rng = np.random.default_rng(seed)
    lab1 = product_lab(rng, factors)
    return lab1, spectral_lab(rng, d, T, rhos, activation, tau)
