"""P4 Gating: clipping on a cliff, the minimal forget circuit and its Jacobian products, the
residual twin, the gate table, GRU beside the LSTM, and how far "long short-term" reaches.

Pure numpy. Every figure the section shows is computed here from explicit parameters and fixed,
named constants (the cliff's toy surface, the seeds of the plain RNN's weights and inputs and of
the residual block).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

# ----- the cliff (a toy of Pascanu, Mikolov & Bengio 2013, Fig. 6) --------------------------
#: The toy loss ``L(θ) = θ²/2 + H·σ(s(θ − w))``: a bowl with a wall of height H and steepness s
#: at θ = w. Chosen by us (the page gives no surface): steep enough that one plain gradient
#: step from the wall's foot lands far past the bowl's minimum at the defaults.
CLIFF_HEIGHT, CLIFF_STEEPNESS, CLIFF_AT = 8.0, 40.0, 1.5
#: Learning rate of both descents.
LEARNING_RATE = 0.1
#: Points of the drawn surface.
SURFACE_POINTS = 401

# ----- the circuit and the plain RNN beside it -----------------------------------------------
#: Width d of the gate circuit's and the plain RNN's states (d × d Jacobians).
CIRCUIT_WIDTH = 4
#: Seeds of the plain RNN's orthogonal W_h direction and of its inputs x_t (standard normals).
RNN_SEED, RNN_INPUT_SEED = 2013, 1997
#: Floor of the bar chart of log10 norms: a product below 10^FLOOR is drawn as no bar.
LOG_FLOOR = -30.0
#: The share of the old state "1 %" whose reach the name beat counts.
REACH_LEFT = 0.01
#: Steps the plain RNN is run to find where its product first falls below REACH_LEFT.
REACH_HORIZON = 2000

# ----- the residual twin ---------------------------------------------------------------------
#: Width of the residual block's x, and the seed of its point x and its unit-norm weight A0.
RESIDUAL_WIDTH, RESIDUAL_SEED = 2, 2015


# ----- the four gates, and the two cells' parts ----------------------------------------------
#: The page's four gates (CS230 cheatsheet, Amidi & Amidi 2018) in its order: the page's
#: symbol, the lecture's symbol, and the cells that use it.
GATES = (
    ("u", "i", ("gru", "lstm")),     # update (page) = input gate i_t of the LSTM literature
    ("r", "r", ("gru",)),            # relevance (page) = reset gate r_t
    ("f", "f", ("lstm",)),           # forget
    ("o", "o", ("lstm",)),           # output
)
#: The states each cell carries from step to step.
STATES = {"gru": ("h",), "lstm": ("c", "h")}


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def cliff_loss(theta):
    """``L(θ) = θ²/2 + H σ(s(θ − w))`` (elementwise)."""
    theta = np.asarray(theta, dtype=np.float64)
    return 0.5 * theta**2 + CLIFF_HEIGHT * sigmoid(CLIFF_STEEPNESS * (theta - CLIFF_AT))


def cliff_grad(theta):
    """``dL/dθ = θ + H s σ'(s(θ − w))`` (elementwise)."""
    theta = np.asarray(theta, dtype=np.float64)
    sg = sigmoid(CLIFF_STEEPNESS * (theta - CLIFF_AT))
    return theta + CLIFF_HEIGHT * CLIFF_STEEPNESS * sg * (1.0 - sg)


def clip(g: np.ndarray, tau: float) -> np.ndarray:
    """Pascanu et al.'s rescaling ``g ← min(1, τ/‖g‖₂) g`` (g unchanged when ‖g‖₂ ≤ τ)."""
    g = np.atleast_1d(np.asarray(g, dtype=np.float64))
    n = float(np.linalg.norm(g))
    return g if n <= tau else g * (tau / n)


def descend(theta0: float, steps: int, tau: float | None = None,
            lr: float = LEARNING_RATE) -> np.ndarray:
    """Gradient descent on the cliff: ``θ_{k+1} = θ_k − η ĝ_k``, ``ĝ = clip(g, τ)`` or ``g``.

    Returns
    -------
    numpy.ndarray, shape (steps + 1,)
        ``θ_0 … θ_steps``.
    """
    th = [float(theta0)]
    for _ in range(int(steps)):
        g = np.array([float(cliff_grad(th[-1]))])
        if tau is not None:
            g = clip(g, tau)
        th.append(th[-1] - lr * float(g[0]))
    return np.asarray(th)


def log10_product_norms(jacobians) -> np.ndarray:
    """``log10 ‖J_k ⋯ J_1‖₂`` for k = 0 … K (k = 0: the identity, 0), the product renormalised
    at every step so that no entry underflows.

    Parameters
    ----------
    jacobians : sequence of numpy.ndarray, each shape (d, d)
        ``J_1 … J_K`` in the order of the forward steps (``∂c_k/∂c_0 = J_k ⋯ J_1``).
    """
    jac = list(jacobians)
    d = jac[0].shape[0] if jac else 1
    P = np.eye(d)
    logs, scale = [0.0], 0.0
    for J in jac:
        P = J @ P
        s = float(np.linalg.norm(P, 2))
        scale += math.log10(s)
        logs.append(scale)
        P = P / s
    return np.asarray(logs)


def circuit_jacobians(f: float, steps: int, d: int = CIRCUIT_WIDTH) -> list[np.ndarray]:
    """``∂c_l/∂c_{l−1} = diag(f_l)`` of ``c_l = f_l ⊙ c_{l−1} + g_l`` with every ``f_l`` the
    vector ``(f, …, f)`` of width d (g_l does not depend on c_{l−1} here)."""
    return [np.diag(np.full(d, float(f))) for _ in range(int(steps))]


def rnn_weights(scale: float, d: int = CIRCUIT_WIDTH, seed: int = RNN_SEED) -> np.ndarray:
    """``W_h = scale · Q`` with Q a seeded random orthogonal d × d matrix (every singular
    value of W_h equals scale)."""
    q, r = np.linalg.qr(np.random.default_rng(seed).standard_normal((d, d)))
    return float(scale) * q * np.sign(np.diag(r))


def rnn_inputs(steps: int, d: int = CIRCUIT_WIDTH, seed: int = RNN_INPUT_SEED) -> np.ndarray:
    """The plain RNN's inputs ``x_1 … x_steps``, standard normals, shape (steps, d)."""
    return np.random.default_rng(seed).standard_normal((int(steps), d))


def rnn_jacobians(w_h: np.ndarray, x: np.ndarray) -> list[np.ndarray]:
    """``∂h_t/∂h_{t−1} = diag(tanh'(z_t)) W_h`` along ``h_t = tanh(W_h h_{t−1} + x_t)``,
    ``h_0 = 0``; x has shape (T, d)."""
    h = np.zeros(w_h.shape[0])
    out = []
    for xt in x:
        h = np.tanh(w_h @ h + xt)
        out.append(np.diag(1.0 - h**2) @ w_h)
    return out


def first_below(logs: np.ndarray, left: float = REACH_LEFT) -> int | None:
    """The first k with ``10^logs[k] < left``, or None."""
    hit = np.nonzero(np.asarray(logs) < math.log10(left))[0]
    return int(hit[0]) if len(hit) else None


def gate_reach(f: float, left: float = REACH_LEFT) -> int:
    """Steps after which a constant gate f (0 < f < 1) has kept less than ``left``: the least
    k with ``f^k < left``."""
    k = math.ceil(math.log(left) / math.log(f))
    while f**k >= left:          # ceil of an exact ratio (f^k == left) is not below it
        k += 1
    while k > 1 and f ** (k - 1) < left:
        k -= 1
    return int(k)


@dataclass(frozen=True, eq=False)
class GatingValues:
    """What P4 shows.

    Attributes
    ----------
    tau, lr : float
        Clipping threshold τ (parameter) and learning rate η.
    descent_k : numpy.ndarray of int, shape (N + 1,)
        Steps 0 … N of both descents.
    theta_plain, theta_clipped : numpy.ndarray, shape (N + 1,)
        θ_k without and with clipping, from the same θ_0.
    loss_plain, loss_clipped : numpy.ndarray, shape (N + 1,)
        ``L(θ_k)`` along each.
    step_plain, step_clipped : numpy.ndarray, shape (N,)
        ``|θ_{k+1} − θ_k|`` of each.
    largest_step_plain, largest_step_clipped : float
        Their largest entries (0 when N = 0 steps are taken: never, N ≥ 1).
    step_cap : float
        ``η τ``: no clipped step is longer.
    surface_theta, surface_loss : numpy.ndarray, shape (S,)
        The drawn surface over ``[view_lo, view_hi]``.
    view_lo, view_hi, view_top : float
        The θ range that holds both descents and the wall, and the loss at the top of the view.
    wall_at : float
        θ = w, where the wall stands.
    steps : int
        Steps K of the Jacobian products.
    circuit_width : int
        Width d of the circuit's and the plain RNN's states.
    sweep_k : numpy.ndarray of int, shape (K + 1,)
        0 … K.
    rows : tuple of str
        ``("remember", "gate", "forget", "rnn")``: the four products, in the chart's order.
    row_gates : tuple of float
        The constant gate of the three circuit rows (remember, gate, forget).
    log_products : numpy.ndarray, shape (K + 1, 4)
        ``log10 ‖∏_{l ≤ k} J_l‖₂`` for each row (the RNN's J_l = diag(tanh'(z_l)) W_h).
    products : numpy.ndarray, shape (K + 1, 4)
        ``10^log_products`` (the shown numbers).
    bar_units : numpy.ndarray, shape (K + 1, 4)
        ``max(log_products, LOG_FLOOR) − LOG_FLOOR``: each bar's length in decades.
    final_products : numpy.ndarray, shape (4,)
        ``products[K]``.
    rnn_scale : float
        The singular value of the plain RNN's W_h.
    residual_jf, residual_jacobian : numpy.ndarray, shape (2, 2)
        ``∂F/∂x`` and ``∂y/∂x = I + ∂F/∂x`` of ``y = x + tanh(A x)`` at the seeded x,
        ``A = residual_scale · A0`` (``‖A0‖₂ = 1``).
    residual_gap : float
        ``‖∂y/∂x − I‖₂``.
    gate_count, state_count : dict
        Per cell (``"gru"``, ``"lstm"``): how many of the four gates it uses, how many states
        it carries.
    reach_gate, reach_remember : int
        Steps after which a constant gate at ``gate`` / ``remember`` has kept less than 1 %.
    reach_rnn : int or None
        The first step at which the plain RNN's product norm falls below 1 % (None: not
        within ``REACH_HORIZON`` steps).
    """

    tau: float
    lr: float
    descent_k: np.ndarray
    theta_plain: np.ndarray
    theta_clipped: np.ndarray
    loss_plain: np.ndarray
    loss_clipped: np.ndarray
    step_plain: np.ndarray
    step_clipped: np.ndarray
    largest_step_plain: float
    largest_step_clipped: float
    step_cap: float
    surface_theta: np.ndarray
    surface_loss: np.ndarray
    view_lo: float
    view_hi: float
    view_top: float
    wall_at: float
    steps: int
    circuit_width: int
    sweep_k: np.ndarray
    rows: tuple
    row_gates: tuple
    log_products: np.ndarray
    products: np.ndarray
    bar_units: np.ndarray
    final_products: np.ndarray
    rnn_scale: float
    residual_jf: np.ndarray
    residual_jacobian: np.ndarray
    residual_gap: float
    gate_count: dict
    state_count: dict
    reach_gate: int
    reach_remember: int
    reach_rnn: int | None


def residual_block(scale: float, d: int = RESIDUAL_WIDTH, seed: int = RESIDUAL_SEED):
    """The point x, ``∂F/∂x`` and ``∂y/∂x`` of ``y = x + F(x)``, ``F(x) = tanh(A x)``,
    ``A = scale · A0`` (A0 seeded, ``‖A0‖₂ = 1``): ``∂F/∂x = diag(1 − tanh²(A x)) A``."""
    rng = np.random.default_rng(seed)
    a0 = rng.standard_normal((d, d))
    a0 /= np.linalg.norm(a0, 2)
    x = rng.standard_normal(d)
    a = float(scale) * a0
    jf = np.diag(1.0 - np.tanh(a @ x) ** 2) @ a
    return x, jf, np.eye(d) + jf


def gating_values(p: dict) -> GatingValues:
    """Compute P4 from its parameters (``clip_threshold``, ``start``, ``descent_steps``,
    ``steps``, ``remember``, ``gate``, ``forget``, ``rnn_scale``, ``residual_scale``)."""
    tau, n = float(p["clip_threshold"]), int(p["descent_steps"])
    plain = descend(p["start"], n)
    clipped = descend(p["start"], n, tau)
    lo = math.floor(min(plain.min(), clipped.min(), -1.0)) - 0.5
    hi = math.ceil(max(plain.max(), clipped.max(), CLIFF_AT + 1.0)) + 0.5
    surface = np.linspace(lo, hi, SURFACE_POINTS)
    surface_loss = cliff_loss(surface)

    k = int(p["steps"])
    gates = (float(p["remember"]), float(p["gate"]), float(p["forget"]))
    w_h = rnn_weights(p["rnn_scale"])
    logs = np.stack([log10_product_norms(circuit_jacobians(f, k)) for f in gates]
                    + [log10_product_norms(rnn_jacobians(w_h, rnn_inputs(k)))], axis=1)
    long_rnn = log10_product_norms(rnn_jacobians(w_h, rnn_inputs(REACH_HORIZON)))
    _, jf, jac = residual_block(p["residual_scale"])
    return GatingValues(
        tau=tau, lr=LEARNING_RATE,
        descent_k=np.arange(n + 1),
        theta_plain=plain, theta_clipped=clipped,
        loss_plain=cliff_loss(plain), loss_clipped=cliff_loss(clipped),
        step_plain=np.abs(np.diff(plain)), step_clipped=np.abs(np.diff(clipped)),
        largest_step_plain=float(np.abs(np.diff(plain)).max()),
        largest_step_clipped=float(np.abs(np.diff(clipped)).max()),
        step_cap=LEARNING_RATE * tau,
        surface_theta=surface, surface_loss=surface_loss,
        view_lo=float(lo), view_hi=float(hi), view_top=float(surface_loss.max()),
        wall_at=CLIFF_AT,
        steps=k,
        circuit_width=CIRCUIT_WIDTH,
        sweep_k=np.arange(k + 1),
        rows=("remember", "gate", "forget", "rnn"),
        row_gates=gates,
        log_products=logs,
        products=10.0**logs,
        bar_units=np.maximum(logs, LOG_FLOOR) - LOG_FLOOR,
        final_products=10.0 ** logs[-1],
        rnn_scale=float(p["rnn_scale"]),
        residual_jf=jf, residual_jacobian=jac,
        residual_gap=float(np.linalg.norm(jf, 2)),
        gate_count={c: sum(c in used for *_, used in GATES) for c in STATES},
        state_count={c: len(s) for c, s in STATES.items()},
        reach_gate=gate_reach(gates[1]),
        reach_remember=gate_reach(gates[0]),
        reach_rnn=first_below(long_rnn),
    )
