"""P5 values against independent references: torch autograd for the reach Jacobians and the
pooling influence, the unrolled graph for the reach sets, counts written out by hand."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from mathcore.prehistory import deep
from scenes.registry import get

SECTION = get("pre-05-deep-bidirectional")


def test_defaults_pinned():
    v = SECTION.values()
    assert (v.steps, v.layers) == (6, 2)
    # one layer left to right: the lower triangle, 6 * 7 / 2 = 21 of 36
    assert v.total_uni == 21 and v.total_bi == 36 and v.total_stack == 21 and v.cells == 36
    assert v.seen_uni.tolist() == [1, 2, 3, 4, 5, 6] and v.seen_bi.tolist() == [6] * 6
    assert v.future_bi.tolist() == [5, 4, 3, 2, 1, 0] and v.future_at_first == 5
    # x_0 -> h_0 (W_x), five W_h hops, W_y: 7; a second layer adds its input matrix: 8
    assert (v.path_one, v.path_stack) == (7, 8)
    c = v.counts
    assert c["direct_params"] == 50000 * 1024 + 50000 == 51_250_000
    assert c["direct_macs"] == 51_200_000
    assert c["projected_params"] == 256 * 1024 + 50000 * 256 + 50000 == 13_112_144
    assert c["projected_macs"] == 13_062_144
    assert c["gap"] == 38_137_856 and v.proj_cmp == "fewer"
    assert v.pool_last == pytest.approx(1.492906e-4, rel=1e-5)
    assert v.pool_mean == pytest.approx(0.0849203, rel=1e-5)
    assert v.pool_cmp == "mean" and v.pool_width == 8


def _torch_layer(w_h, w_x, u, reverse=False):
    T = u.shape[0]
    h = torch.zeros(w_h.shape[0], dtype=torch.float64)
    out = [None] * T
    for t in (range(T - 1, -1, -1) if reverse else range(T)):
        h = torch.tanh(w_h @ h + w_x @ u[t])
        out[t] = h
    return torch.stack(out)


def _torch_jacobians(steps, layers, seed):
    """The same seeded weights (drawn in mathcore's order), differentiated by torch."""
    rng = np.random.default_rng(seed)
    n = deep.REACH_WIDTH
    x = rng.uniform(-1.0, 1.0, size=(steps, 1))
    w = [deep._weights(rng, n, n), deep._weights(rng, n, 1), deep._weights(rng, n, n),
         deep._weights(rng, n, 1)]
    stack = [(deep._weights(rng, n, n), deep._weights(rng, n, n)) for _ in range(layers - 1)]
    t = lambda a: torch.tensor(a, dtype=torch.float64)  # noqa: E731

    def uni(xx):
        return _torch_layer(t(w[0]), t(w[1]), xx)

    def bi(xx):
        return torch.cat([uni(xx), _torch_layer(t(w[2]), t(w[3]), xx, reverse=True)], dim=1)

    def stacked(xx):
        u = uni(xx)
        for a, b in stack:
            u = _torch_layer(t(a), t(b), u)
        return u

    xx = t(x)
    return {k: torch.autograd.functional.jacobian(f, xx)[:, :, :, 0].permute(0, 2, 1).numpy()
            for k, f in (("uni", uni), ("bi", bi), ("stack", stacked))}


@pytest.mark.parametrize("steps, layers, seed", [(2, 1, 0), (6, 2, 5), (7, 4, 11), (10, 6, 3)])
def test_reach_jacobians_match_torch_and_the_graph(steps, layers, seed):
    got = deep.reach_jacobians(steps, layers, seed)
    ref = _torch_jacobians(steps, layers, seed)
    for k in ("uni", "bi", "stack"):
        np.testing.assert_allclose(got[k], ref[k], rtol=1e-10, atol=1e-14)
    v = SECTION.values(SECTION.resolve({"steps": steps, "layers": layers, "reach_seed": seed}))
    np.testing.assert_array_equal(v.reach_uni, deep.graph_reach(steps, 1, False))
    np.testing.assert_array_equal(v.reach_bi, deep.graph_reach(steps, 1, True))
    np.testing.assert_array_equal(v.reach_stack, deep.graph_reach(steps, layers, False))
    # by hand: a causal reader sees x_0..x_t, a bidirectional one all T
    np.testing.assert_array_equal(v.reach_uni, np.tril(np.ones((steps, steps), dtype=bool)))
    np.testing.assert_array_equal(v.reach_back, np.triu(np.ones((steps, steps), dtype=bool)))
    assert v.total_uni == steps * (steps + 1) // 2 and v.total_bi == steps * steps
    assert v.path_one == steps + 1 and v.path_stack == steps + layers


def test_graph_reach_of_a_stacked_bidirectional_reader_is_full():
    # not shown, but the graph function covers it: two bidirectional readers see everything
    assert deep.graph_reach(5, 1, True).all()


@pytest.mark.parametrize("vocab, d, proj", [(50000, 1024, 256), (7, 3, 5), (2, 2, 1), (1, 1, 1),
                                            (32000, 640, 2048)])
def test_projection_counts_by_hand(vocab, d, proj):
    c = deep.projection_counts(vocab, d, proj)
    # count the arrays: W_out (|V|, d) and b (|V|,); W_p (r, d), W_out (|V|, r), b (|V|,)
    direct = [np.zeros((vocab, d)), np.zeros(vocab)]
    projected = [np.zeros((proj, d)), np.zeros((vocab, proj)), np.zeros(vocab)]
    assert c["direct_params"] == sum(a.size for a in direct)
    assert c["projected_params"] == sum(a.size for a in projected)
    # a matrix-vector product costs one multiply-add per weight; biases are adds only
    assert c["direct_macs"] == direct[0].size
    assert c["projected_macs"] == projected[0].size + projected[1].size
    assert c["gap"] == abs(c["direct_params"] - c["projected_params"])
    torch_direct = torch.nn.Linear(d, vocab)
    torch_proj = torch.nn.Sequential(torch.nn.Linear(d, proj, bias=False), torch.nn.Linear(proj, vocab))
    assert c["direct_params"] == sum(p.numel() for p in torch_direct.parameters())
    assert c["projected_params"] == sum(p.numel() for p in torch_proj.parameters())


@pytest.mark.parametrize("steps, rho, seed", [(16, 0.6, 3), (2, 1.0, 0), (13, 1.0, 56),
                                              (40, 0.04, 7), (9, 0.9, 12)])
def test_pool_influence_matches_torch(steps, rho, seed):
    got = deep.pool_influence(steps, rho, seed)
    rng = np.random.default_rng(seed)
    n = deep.POOL_WIDTH
    q, r = np.linalg.qr(rng.normal(size=(n, n)))
    w_h = torch.tensor(rho * q * np.sign(np.diag(r)))
    w_x = torch.tensor(rng.normal(size=(n, 1)) / np.sqrt(n))
    x = torch.tensor(rng.uniform(-1.0, 1.0, size=(steps, 1)))
    assert np.allclose(np.linalg.svd(w_h.numpy(), compute_uv=False), rho)

    def states(x0):
        xs = torch.cat([x0.reshape(1, 1), x[1:]])
        return _torch_layer(w_h, w_x, xs)

    J = torch.autograd.functional.jacobian(states, x[0, 0].clone()).numpy()   # (steps, n)
    np.testing.assert_allclose(got["norms"], np.linalg.norm(J, axis=1), rtol=1e-9, atol=1e-15)
    assert got["last"] == pytest.approx(np.linalg.norm(J[-1]), rel=1e-9, abs=1e-15)
    assert got["mean"] == pytest.approx(np.linalg.norm(J.mean(axis=0)), rel=1e-9)
    assert got["running"][-1] == pytest.approx(got["mean"], rel=1e-12)
    # tanh' <= 1 and |W_h| = rho: each step keeps at most rho of the pull
    assert np.all(got["norms"][1:] <= rho * got["norms"][:-1] + 1e-15)


def test_values_are_frozen_and_manim_free():
    import dataclasses
    import sys
    v = SECTION.values()
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.steps = 3
    assert "manim" not in deep.__dict__ and all(
        not getattr(m, "__name__", "").startswith("manim") for m in vars(deep).values())
    assert "mathcore.prehistory.deep" in sys.modules
