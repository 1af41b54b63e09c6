"""P5 Deep and bidirectional RNNs: which inputs each output sees, the output projection's
bill, and the first token's influence on the last state against a mean over all states.

Reach (which inputs each output sees) is read off a real tiny RNN: the Jacobian
``J[t, s] = d y_t / d x_s`` of a seeded tanh RNN (width :data:`REACH_WIDTH`, scalar inputs) is
computed in forward mode, and ``reach[t, s]`` is ``J[t, s] != 0``. Three readers of ``T`` inputs:

- one layer, left to right: ``h_t = tanh(W_h h_{t-1} + w_x x_t)``, ``y_t = h_t``;
- bidirectional (Schuster & Paliwal 1997): a second layer reads right to left,
  ``g_t = tanh(V_h g_{t+1} + v_x x_t)``, and ``y_t = [h_t ; g_t]``;
- ``L`` stacked layers, each left to right, layer ``l + 1`` reading layer ``l``'s states:
  ``h^(l+1)_t = tanh(W_h^(l+1) h^(l+1)_{t-1} + W_x^(l+1) h^(l)_t)``, ``y_t = h^(L)_t``.

:func:`graph_reach` computes the same sets from the unrolled graph alone (no weights), and
:func:`shortest_path` the fewest weight matrices a signal from ``x_0`` crosses to reach
``y_{T-1}`` (input matrices, recurrent hops, the readout ``W_y``).

Output projection (counts, one bias vector per layer, as the LSTM chapter's ledger counts):

- hidden state ``h`` of width ``d`` straight to a vocabulary of ``|V|`` words:
  ``|V| d + |V|`` parameters, ``|V| d`` multiply-adds per step;
- through a projection ``p`` of width ``r`` (Sak, Senior & Beaufays 2014, arXiv:1402.1128,
  whose projection has no bias): ``r d + |V| r + |V|`` parameters, ``r d + |V| r``
  multiply-adds per step.

Pooling (an illustration, not a claim about classifiers): a seeded tanh RNN of width
:data:`POOL_WIDTH` whose ``W_h`` has largest singular value ``rho`` reads ``n`` scalar tokens;
``g_t = d h_t / d x_0`` (a vector of the width) measures how much the first token still moves
state ``t``. The last state's influence is ``|g_{n-1}|``; the mean of the states,
``m = (1/n) sum_t h_t``, has ``d m / d x_0 = (1/n) sum_t g_t``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

#: Width of the tiny RNN whose Jacobian gives the reach matrices (any width > 0 gives the
#: same sets; three is enough for every entry to be generically nonzero).
REACH_WIDTH = 3
#: Width of the pooling example's RNN.
POOL_WIDTH = 8


# ----- reach ---------------------------------------------------------------------------------
def _weights(rng: np.random.Generator, n_out: int, n_in: int) -> np.ndarray:
    return rng.normal(0.0, 1.0 / np.sqrt(max(n_in, 1)), size=(n_out, n_in))


def layer_jacobian(w_h: np.ndarray, w_x: np.ndarray, inputs: np.ndarray,
                   d_inputs: np.ndarray, reverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """States of one tanh layer and their derivatives with respect to every token.

    ``h_t = tanh(W_h h_{t-1} + W_x u_t)`` (``h_{-1} = 0``; read from the right end when
    ``reverse``), ``dh_t/dx_s = (1 - h_t^2) * (W_h dh_{t-1}/dx_s + W_x du_t/dx_s)``.

    Parameters
    ----------
    w_h : numpy.ndarray, shape (n, n)
    w_x : numpy.ndarray, shape (n, m)
    inputs : numpy.ndarray, shape (T, m)
        The layer's inputs ``u_t``.
    d_inputs : numpy.ndarray, shape (T, T, m)
        ``d u_t / d x_s`` at ``[t, s]``.
    reverse : bool
        Read from ``t = T - 1`` down to 0.

    Returns
    -------
    h : numpy.ndarray, shape (T, n)
    dh : numpy.ndarray, shape (T, T, n)
        ``d h_t / d x_s`` at ``[t, s]``.
    """
    T, n = len(inputs), w_h.shape[0]
    h, dh = np.zeros((T, n)), np.zeros((T, T, n))
    prev, dprev = np.zeros(n), np.zeros((T, n))
    order = range(T - 1, -1, -1) if reverse else range(T)
    for t in order:
        h[t] = np.tanh(w_h @ prev + w_x @ inputs[t])
        dh[t] = (1.0 - h[t] ** 2) * (dprev @ w_h.T + d_inputs[t] @ w_x.T)
        prev, dprev = h[t], dh[t]
    return h, dh


def reach_jacobians(steps: int, layers: int, seed: int) -> dict:
    """``d y_t / d x_s`` of the three readers (see the module docstring), seeded.

    Returns
    -------
    dict
        ``"uni"``: shape (T, T, n); ``"bi"``: (T, T, 2n); ``"stack"``: (T, T, n); n is
        :data:`REACH_WIDTH`.
    """
    rng = np.random.default_rng(seed)
    n, T = REACH_WIDTH, steps
    x = rng.uniform(-1.0, 1.0, size=(T, 1))
    dx = np.zeros((T, T, 1))
    dx[np.arange(T), np.arange(T), 0] = 1.0
    fw = (_weights(rng, n, n), _weights(rng, n, 1))
    bw = (_weights(rng, n, n), _weights(rng, n, 1))
    h, dh = layer_jacobian(*fw, x, dx)
    _, dg = layer_jacobian(*bw, x, dx, reverse=True)
    u, du = h, dh
    for _ in range(layers - 1):
        u, du = layer_jacobian(_weights(rng, n, n), _weights(rng, n, n), u, du)
    return {"uni": dh, "bi": np.concatenate([dh, dg], axis=2), "stack": du}


def graph_reach(steps: int, layers: int, bidirectional: bool) -> np.ndarray:
    """Which inputs each output can reach in the unrolled graph, from the edges alone.

    Nodes ``(l, t)``; edges ``x_t -> (0, t)``, ``(l, t) -> (l, t + 1)`` (or ``t - 1`` for the
    backward layer), ``(l, t) -> (l + 1, t)``, ``(top, t) -> y_t``. A bidirectional reader
    has one forward and one backward layer, both read by ``y_t``.

    Returns
    -------
    numpy.ndarray of bool, shape (T, T)
        ``[t, s]``: ``x_s`` reaches ``y_t``.
    """
    T = steps
    out = np.zeros((T, T), dtype=bool)
    for s in range(T):
        fw = np.zeros(T, dtype=bool)
        fw[s:] = True                      # a left-to-right layer carries x_s to every t >= s
        for _ in range(layers - 1):        # a stacked layer passes on what its input holds,
            fw = np.logical_or.accumulate(fw)  # and carries it rightwards again
        seen = fw.copy()
        if bidirectional:
            seen[: s + 1] = True           # the right-to-left layer carries x_s to every t <= s
        out[:, s] = seen
    return out


def shortest_path(steps: int, layers: int) -> int:
    """Fewest weight matrices a signal from ``x_0`` crosses to reach ``y_{T-1}`` through
    ``layers`` stacked left-to-right layers (breadth-first search over the unrolled graph):
    one input matrix into each layer it climbs, one ``W_h`` per step to the right, ``W_y``."""
    T, L = steps, layers
    start, goal = ("x", 0), ("y", T - 1)

    def nxt(node):
        kind, *rest = node
        if kind == "x":
            return [("h", 0, rest[0])]
        if kind == "h":
            l, t = rest
            out = [("y", t)] if l == L - 1 else [("h", l + 1, t)]
            if t + 1 < T:
                out.append(("h", l, t + 1))
            return out
        return []

    dist, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        for m in nxt(node):
            if m not in dist:
                dist[m] = dist[node] + 1
                queue.append(m)
    return dist[goal]


# ----- output projection -----------------------------------------------------------------------
def projection_counts(vocab: int, d: int, proj: int) -> dict:
    """Parameters and multiply-adds per step of the output side, straight and projected.

    Returns
    -------
    dict
        ``direct_weights = |V| d``, ``direct_params = |V| d + |V|``, ``direct_macs = |V| d``;
        ``proj_weights = r d`` (the projection, no bias), ``out_weights = |V| r``,
        ``projected_params = r d + |V| r + |V|``, ``projected_macs = r d + |V| r``,
        ``bias = |V|``, ``gap``: the two parameter counts' difference, unsigned; ints.
    """
    V, r = int(vocab), int(proj)
    return {"direct_weights": V * d, "direct_params": V * d + V, "direct_macs": V * d,
            "proj_weights": r * d, "out_weights": V * r, "bias": V,
            "projected_params": r * d + V * r + V, "projected_macs": r * d + V * r,
            "gap": abs((V * d + V) - (r * d + V * r + V))}


def compare_counts(projected: int, direct: int) -> str:
    """``"fewer"``, ``"same"`` or ``"more"``: the projected count against the direct one
    (whole counts, shown with every digit)."""
    if projected < direct:
        return "fewer"
    return "same" if projected == direct else "more"


# ----- pooling ---------------------------------------------------------------------------------
def pool_influence(steps: int, rho: float, seed: int) -> dict:
    """``g_t = d h_t / d x_0`` of the seeded pooling RNN, with its readouts.

    ``W_h = rho Q`` (``Q`` orthogonal, from the QR of a seeded normal matrix, so every
    singular value of ``W_h`` is ``rho``), ``w_x`` seeded normal over ``sqrt(n)``, tokens
    uniform in (-1, 1); ``h_t = tanh(W_h h_{t-1} + w_x x_t)``, ``h_{-1} = 0``.

    Returns
    -------
    dict
        ``tokens`` (n_steps,), ``states`` (n_steps, n), ``grads`` (n_steps, n): ``g_t``;
        ``norms`` (n_steps,): ``|g_t|``; ``running`` (n_steps,): ``|(1/(t+1)) sum_{k<=t} g_k|``
        (the mean of the states read so far); ``last``: ``|g_{n-1}|``; ``mean``:
        ``|(1/n) sum_t g_t|``.
    """
    rng = np.random.default_rng(seed)
    n = POOL_WIDTH
    q, r = np.linalg.qr(rng.normal(size=(n, n)))
    w_h = rho * q * np.sign(np.diag(r))
    w_x = rng.normal(size=(n, 1)) / np.sqrt(n)
    x = rng.uniform(-1.0, 1.0, size=(steps, 1))
    d0 = np.zeros((steps, steps, 1))
    d0[0, 0, 0] = 1.0                     # only x_0's derivative is followed
    h, dh = layer_jacobian(w_h, w_x, x, d0)
    g = dh[:, 0, :]
    norms = np.linalg.norm(g, axis=1)
    running = np.linalg.norm(np.cumsum(g, axis=0) / np.arange(1, steps + 1)[:, None], axis=1)
    return {"tokens": x[:, 0], "states": h, "grads": g, "norms": norms, "running": running,
            "last": float(norms[-1]), "mean": float(np.linalg.norm(g.mean(axis=0)))}


def compare_pool(mean: float, last: float) -> str:
    """``"mean"``, ``"same"`` or ``"last"``: which readout holds more of the first token, on
    the exact values (the scene decides its sentence on the values as shown)."""
    return "mean" if mean > last else ("same" if mean == last else "last")


@dataclass(frozen=True, eq=False)
class DeepValues:
    """What P5 shows.

    Attributes
    ----------
    steps : int
        Tokens T of the reach matrices.
    layers : int
        Stacked layers L.
    reach_uni, reach_bi, reach_stack : numpy.ndarray of bool, shape (T, T)
        ``[t, s]``: the Jacobian ``d y_t / d x_s`` of the tiny RNN is nonzero (one layer
        left to right; bidirectional; L stacked layers).
    reach_back : numpy.ndarray of bool, shape (T, T)
        The same for the bidirectional reader's right-to-left half ``g_t`` alone.
    seen_uni, seen_bi, seen_stack : numpy.ndarray of int, shape (T,)
        Inputs each output sees (row sums).
    total_uni, total_bi, total_stack : int
        Nonzero entries of each matrix; ``cells``: ``T^2``.
    future_bi : numpy.ndarray of int, shape (T,)
        Inputs later than ``t`` that the bidirectional ``y_t`` sees (``T - 1 - t``).
    future_at_first : int
        ``future_bi[0]``: what generating the first token would need from the future.
    path_one, path_stack : int
        Fewest weight matrices from ``x_0`` to ``y_{T-1}`` with one layer and with L.
    vocab, d, proj : int
        ``|V|``, the hidden width, the projection width.
    counts : dict
        :func:`projection_counts`.
    proj_cmp : str
        :func:`compare_counts` of the projected and direct parameter counts.
    pool_steps : int
        Tokens n of the pooling example.
    pool_rho : float
        Largest singular value of its ``W_h``.
    pool_width : int
        Width of the pooling RNN (:data:`POOL_WIDTH`).
    pool_norms : numpy.ndarray, shape (n,)
        ``|d h_t / d x_0|`` for each state.
    pool_running : numpy.ndarray, shape (n,)
        The first token's influence on the mean of states 0..t.
    pool_cmp : str
        ``"mean"``, ``"same"`` or ``"last"``: which readout keeps more (exact values).
    pool_last, pool_mean : float
        The first token's influence on the last state and on the mean of the states.
    """

    steps: int
    layers: int
    reach_uni: np.ndarray
    reach_bi: np.ndarray
    reach_stack: np.ndarray
    reach_back: np.ndarray
    seen_uni: np.ndarray
    seen_bi: np.ndarray
    seen_stack: np.ndarray
    total_uni: int
    total_bi: int
    total_stack: int
    cells: int
    future_bi: np.ndarray
    future_at_first: int
    path_one: int
    path_stack: int
    vocab: int
    d: int
    proj: int
    counts: dict
    proj_cmp: str
    pool_steps: int
    pool_rho: float
    pool_width: int
    pool_norms: np.ndarray
    pool_running: np.ndarray
    pool_cmp: str
    pool_last: float
    pool_mean: float


def deep_values(p: dict) -> DeepValues:
    """Compute P5 from its parameters (``steps``, ``layers``, ``reach_seed``, ``vocab``,
    ``d``, ``proj``, ``pool_steps``, ``pool_rho``, ``pool_seed``)."""
    T, L = int(p["steps"]), int(p["layers"])
    jac = reach_jacobians(T, L, int(p["reach_seed"]))
    reach = {k: np.any(j != 0.0, axis=2) for k, j in jac.items()}
    seen = {k: r.sum(axis=1).astype(np.int64) for k, r in reach.items()}
    future = np.array([int(reach["bi"][t, t + 1:].sum()) for t in range(T)], dtype=np.int64)
    counts = projection_counts(int(p["vocab"]), int(p["d"]), int(p["proj"]))
    pool = pool_influence(int(p["pool_steps"]), float(p["pool_rho"]), int(p["pool_seed"]))
    return DeepValues(
        steps=T, layers=L,
        reach_uni=reach["uni"], reach_bi=reach["bi"], reach_stack=reach["stack"],
        reach_back=np.any(jac["bi"][:, :, REACH_WIDTH:] != 0.0, axis=2),
        seen_uni=seen["uni"], seen_bi=seen["bi"], seen_stack=seen["stack"],
        total_uni=int(reach["uni"].sum()), total_bi=int(reach["bi"].sum()),
        total_stack=int(reach["stack"].sum()), cells=T * T,
        future_bi=future, future_at_first=int(future[0]),
        path_one=shortest_path(T, 1), path_stack=shortest_path(T, L),
        vocab=int(p["vocab"]), d=int(p["d"]), proj=int(p["proj"]), counts=counts,
        proj_cmp=compare_counts(counts["projected_params"], counts["direct_params"]),
        pool_steps=int(p["pool_steps"]), pool_rho=float(p["pool_rho"]),
        pool_width=POOL_WIDTH, pool_norms=pool["norms"], pool_running=pool["running"],
        pool_cmp=compare_pool(pool["mean"], pool["last"]), pool_last=pool["last"], pool_mean=pool["mean"],
    )
