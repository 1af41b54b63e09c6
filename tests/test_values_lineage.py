"""P9 values: the lineage table's computed rows against independent references (a shortest
path on each dependency graph, multiply-adds counted in loops, torch's own LSTM and GRU states,
a KV cache allocated as an array, the causal mask's own triangle)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from mathcore.prehistory import lineage as lin
from scenes.registry import get

SECTION = "pre-09-lineage"


def values(**over):
    s = get(SECTION)
    return s.values(s.resolve(over))


def test_defaults_pinned():
    v = values()
    assert (v.steps, v.d, v.T, v.context, v.layers, v.bytes_per_number, v.cell) == (
        8, 512, 4096, 32768, 24, 2, "lstm")
    assert (v.path_recurrent, v.path_attention) == (7, 1)
    assert (v.sequential_recurrent, v.sequential_attention) == (8, 1)
    assert (v.cost_recurrent, v.cost_attention) == (1_073_741_824, 8_589_934_592)
    assert v.cost_crossover == 512 and v.cost_ratio == 8.0
    assert v.state_bytes == 49_152                   # 24 layers x (h and c) x 512 x 2 bytes
    assert v.kv_bytes == 1_610_612_736               # 1.5 GiB
    assert v.memory_ratio == 32768.0 and v.memory_case == "larger"
    assert (v.elmo_layers, v.bert_base_layers, v.bert_large_layers) == (2, 12, 24)
    assert v.triangle == 36 and v.triangle_madds == 36 * 512


def _bfs(n, edges):
    """Shortest path lengths (edges passed) from node 0 in a directed graph."""
    dist = [None] * n
    dist[0] = 0
    q = deque([0])
    while q:
        a = q.popleft()
        for b in edges(a):
            if dist[b] is None:
                dist[b] = dist[a] + 1
                q.append(b)
    return np.array(dist)


@pytest.mark.parametrize("steps", [2, 3, 8, 16])
def test_paths_are_shortest_paths_on_the_dependency_graphs(steps):
    v = lin.lineage(steps=steps)
    chain = _bfs(steps, lambda a: [a + 1] if a + 1 < steps else [])       # h_{t-1} -> h_t
    attend = _bfs(steps, lambda a: list(range(a + 1, steps)))            # causal attention
    np.testing.assert_array_equal(v.chain_hops, chain)
    np.testing.assert_array_equal(v.direct_hops, attend)
    assert v.path_recurrent == chain[-1] and v.path_attention == attend[-1]


def _counted(T, d):
    """Multiply-adds of the state product over T steps and of the scores, counted one by one."""
    rng = np.random.default_rng(0)
    W, h = rng.normal(size=(d, d)), rng.normal(size=d)
    Q, K = rng.normal(size=(T, d)), rng.normal(size=(T, d))
    rec = att = 0
    for _ in range(T):
        out = np.zeros(d)
        for i in range(d):
            for j in range(d):
                out[i] += W[i, j] * h[j]
                rec += 1
        h = np.tanh(out)
    for a in range(T):
        for b in range(T):
            s = 0.0
            for j in range(d):
                s += Q[a, j] * K[b, j]
                att += 1
    return rec, att


@pytest.mark.parametrize("T, d", [(1, 2), (3, 2), (4, 5), (6, 6)])
def test_costs_are_the_multiply_adds_counted(T, d):
    v = lin.lineage(T=T, d=d)
    assert (v.cost_recurrent, v.cost_attention) == _counted(T, d)


@pytest.mark.parametrize("d", [2, 3, 100, 512, 8192])
def test_crossover_found_by_search(d):
    v = lin.lineage(d=d, T=7)
    meet = [T for T in range(1, 4 * d + 1) if T * d * d == T * T * d]
    assert meet == [v.cost_crossover]
    assert v.frame_T[v.at_d] == d and v.frame_T[v.at_T] == 7
    assert np.all(np.diff(v.frame_T) > 0) and v.frame_T[0] == 1
    lo, hi, _ = v.cost_axis
    both = np.concatenate([v.frame_log_recurrent, v.frame_log_attention])
    assert lo <= both.min() and both.max() <= hi
    np.testing.assert_array_equal(v.frame_cost_recurrent, v.frame_T * d * d)
    np.testing.assert_array_equal(v.frame_cost_attention, v.frame_T ** 2 * d)


@pytest.mark.parametrize("cell, layers, d", [("lstm", 24, 512), ("gru", 3, 7), ("lstm", 1, 2)])
def test_state_is_what_torch_keeps(cell, layers, d):
    torch = pytest.importorskip("torch")
    net = (torch.nn.LSTM if cell == "lstm" else torch.nn.GRU)(4, d, num_layers=layers)
    with torch.no_grad():
        _, state = net(torch.zeros(1, 1, 4))
    state = tuple(s.half() for s in state) if isinstance(state, tuple) else state.half()
    parts = state if isinstance(state, tuple) else (state,)
    nbytes = sum(p.numel() * p.element_size() for p in parts)
    v = lin.lineage(layers=layers, d=d, bytes_per_number=2, cell=cell)
    assert v.state_bytes == nbytes
    assert v.state_numbers == sum(p.numel() for p in parts)


@pytest.mark.parametrize("context, layers, d, b", [(1, 1, 2, 1), (5, 3, 7, 2), (300, 2, 16, 4)])
def test_kv_cache_is_an_allocated_cache(context, layers, d, b):
    dtype = {1: np.int8, 2: np.float16, 4: np.float32}[b]
    cache = np.zeros((layers, 2, context, d), dtype=dtype)      # K and V per layer, position
    v = lin.lineage(context=context, layers=layers, d=d, bytes_per_number=b)
    assert v.kv_bytes == cache.nbytes and v.kv_numbers == cache.size
    assert v.frame_context[-1] == context and v.frame_kv_bytes[-1] == cache.nbytes
    assert v.memory_case == ("equal" if context == 1 else "larger")


def test_gru_state_is_half_the_lstm_s():
    a, b = lin.lineage(cell="lstm"), lin.lineage(cell="gru")
    assert b.state_bytes * 2 == a.state_bytes and b.memory_ratio == 2 * a.memory_ratio


@pytest.mark.parametrize("steps", [2, 5, 16])
def test_instalments_fill_the_causal_triangle(steps):
    v = lin.lineage(steps=steps)
    mask = np.tril(np.ones((steps, steps), dtype=np.int64))
    np.testing.assert_array_equal(v.instalments, mask.sum(axis=1))
    np.testing.assert_array_equal(v.instalments_paid, np.cumsum(mask.sum(axis=1)))
    assert v.triangle == mask.sum() == v.instalments_paid[-1]
    # decoding with a cache: token t scores its query against the t keys held
    scored, cache = 0, []
    for t in range(steps):
        cache.append(t)
        scored += len(cache)
    assert scored == v.triangle


def test_bounds_construct():
    s = get(SECTION)
    lo = {p.name: p.min for p in s.schema.params if p.kind == "int"}
    hi = {p.name: p.max for p in s.schema.params if p.kind == "int"}
    for over in (lo, hi, {**hi, "cell": "gru"}, {**lo, "cell": "gru"}):
        v = s.values(s.resolve(over))
        assert v.cost_attention < 2 ** 53 and v.kv_bytes > 0
    with pytest.raises(ValueError):
        lin.lineage(steps=1)
    with pytest.raises(ValueError):
        lin.lineage(cell="elman")


@pytest.mark.parametrize("gate, chain", [(0.95, 200), (0.5, 7), (0.999, 2)])
def test_gate_product_is_the_cells_gradient_by_autograd(gate, chain):
    """c_t = f c_{t-1} + i g with the gate held at f: torch's d c_k / d c_0 is f^k."""
    torch = pytest.importorskip("torch")
    v = lin.lineage(gate=gate, chain=min(chain, 40))
    c0 = torch.tensor(0.3, dtype=torch.float64, requires_grad=True)
    c, grads = c0, []
    for k in range(1, v.chain + 1):
        c = gate * c + 0.2 * torch.tanh(torch.tensor(0.1 * k, dtype=torch.float64))
        (g,) = torch.autograd.grad(c, c0, retain_graph=True)
        grads.append(float(g))
    np.testing.assert_allclose(v.gate_products[1:], grads, rtol=1e-12)
    np.testing.assert_allclose(v.gate_log_products, np.log10(v.gate_products), rtol=1e-9,
                               atol=1e-12)
    assert v.gate_final == v.gate_products[-1] and np.all(v.residual_identity == 1.0)
    lo, hi, _ = v.gate_axis
    assert lo <= v.gate_log_products[-1] and hi >= 0


def test_residual_block_keeps_the_identity():
    """x + tanh(A x) with A = 0: the Jacobian is exactly I (the identity term alone)."""
    torch = pytest.importorskip("torch")
    J = torch.autograd.functional.jacobian(
        lambda x: x + torch.tanh(torch.zeros(3, 3, dtype=torch.float64) @ x),
        torch.ones(3, dtype=torch.float64))
    assert torch.equal(J, torch.eye(3, dtype=torch.float64))
    assert lin.lineage().residual_identity[-1] == 1.0


@pytest.mark.parametrize("steps, seed", [(8, 9), (2, 0), (16, 2**32 - 1)])
def test_order_attention_blind_recurrence_not(steps, seed):
    """Without positions, reversing the tokens reverses the score matrix's rows and columns,
    number for number (torch computes the same scores); a recurrence's last state changes."""
    torch = pytest.importorskip("torch")
    v = lin.lineage(steps=steps, order_seed=seed)
    np.testing.assert_array_equal(v.order_scores_reversed, v.order_scores[::-1, ::-1])
    assert v.order_attention_gap == 0.0 and v.order_rnn_gap > 0.0
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(steps, lin.ORDER_WIDTH))
    W_h = rng.normal(size=(4, 4))
    W_h *= 0.9 / np.linalg.norm(W_h, 2)
    W_x, W_q, W_k = (rng.normal(size=(4, 4)) / 2 for _ in range(3))
    Xt = torch.tensor(X)
    S = (Xt @ torch.tensor(W_q).T) @ (Xt @ torch.tensor(W_k).T).T / 2.0
    np.testing.assert_allclose(v.order_scores, S.numpy(), rtol=1e-12, atol=1e-12)
    cell = torch.nn.RNN(4, 4, bias=False, batch_first=True).double()
    with torch.no_grad():
        cell.weight_hh_l0.copy_(torch.tensor(W_h))
        cell.weight_ih_l0.copy_(torch.tensor(W_x))
        _, h = cell(Xt[None])
        _, hr = cell(torch.flip(Xt, [0])[None])
    np.testing.assert_allclose(v.order_state, h[0, 0].numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(v.order_state_reversed, hr[0, 0].numpy(), rtol=1e-12,
                               atol=1e-14)
