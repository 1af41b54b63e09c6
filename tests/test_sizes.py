"""Sizes that differ: every parameter and memory count the lecture shows, at sizes that differ
(h != d, query heads != KV heads, ...), against an independent count.

A ledger tested only where h = d cannot tell ``4h`` from ``4d`` (issue 20, class 3). Each
count below is taken at parameters where every pair of sizes in its formula differs, from the
section's own values (what the screen shows), and compared with the parameters of the
matching ``torch.nn`` module (``nn.RNN``, ``nn.GRU``, ``nn.LSTM``, ``nn.Conv2d``,
``nn.MultiheadAttention``) or with a count by enumeration of the tensor shapes. The lecture's
convention is one bias vector per gate group where torch keeps two (``b_ih`` and ``b_hh``):
the torch count less its ``bias_hh`` tensors.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch  # a test dependency (pyproject.toml): a missing oracle fails, it does not skip

from scenes.registry import get

nn = torch.nn


def values(section_id: str, params: dict):
    s = get(section_id)
    return s.values(s.resolve(params))


def n_params(module, skip: str = "") -> int:
    """Parameters of a torch module, less those whose name contains ``skip``."""
    return sum(p.numel() for name, p in module.named_parameters() if not (skip and skip in name))


# (h, d) pairs: h > d, h < d, and neither dividing the other
HD = [(24, 40), (40, 24), (7, 3)]


@pytest.mark.parametrize("h, d", HD)
def test_ledger_counts_match_torch(h, d):
    v = values("lstm-08-ledger", {"h": h, "d": d, "layers": 3})
    assert v.h == h and v.d == d
    lstm, rnn, gru = nn.LSTM(d, h), nn.RNN(d, h), nn.GRU(d, h)
    assert v.counts["lstm"] == n_params(lstm, "bias_hh")
    assert v.counts["rnn"] == n_params(rnn, "bias_hh")
    assert v.counts["gru"] == n_params(gru, "bias_hh")
    assert v.torch_lstm == n_params(lstm)                       # torch's own two biases
    assert v.second_bias == lstm.bias_hh_l0.numel()
    assert v.lstm_weights == lstm.weight_ih_l0.numel() + lstm.weight_hh_l0.numel()
    assert v.lstm_bias == lstm.bias_ih_l0.numel()
    assert v.concat == h + d and v.gates_width == lstm.weight_ih_l0.shape[0]
    assert v.stack_params == 3 * v.counts["lstm"]
    # attention of width d: W_Q, W_K, W_V and W_O, no biases
    att = nn.MultiheadAttention(d, 1, bias=False)
    assert v.counts["attention"] == n_params(att)
    # the whole Transformer layer the LSTM is compared with: attention and a feed-forward block
    # 4 d wide, with biases and two layer norms (torch's encoder layer, one head)
    layer = nn.TransformerEncoderLayer(d, 1, dim_feedforward=v.ffn_mult * d)
    assert v.counts["transformer"] == n_params(layer)
    gnmt = nn.LSTM(v.gnmt_hidden, v.gnmt_hidden)
    assert v.gnmt_layer == n_params(gnmt, "bias_hh")


@pytest.mark.parametrize("h, d", HD)
def test_variant_counts_match_torch_or_enumeration(h, d):
    v = values("lstm-07-variants", {"h": h, "d": d, "steps": 4})
    lstm = n_params(nn.LSTM(d, h), "bias_hh")
    bi = nn.LSTM(d, h, bidirectional=True)
    assert v.variant_params["bilstm"] == n_params(bi, "bias_hh")
    # peepholes: a diagonal weight (h numbers) on c for each of i, f, o
    assert v.variant_params["peephole"] == lstm + 3 * h
    # coupled input and forget gates: three gate groups of W (h x (h + d)) and b (h)
    assert v.variant_params["coupled"] == 3 * (h * (h + d) + h)
    # ConvLSTM: one k x k convolution from the h + d channels of [h, x] to the 4h of the gates
    k = v.conv_kernel
    conv = nn.Conv2d(h + d, 4 * h, k)
    assert v.variant_params["convlstm"] == n_params(conv)
    assert v.structure_params["rnn"] == n_params(nn.RNN(d, h), "bias_hh")
    assert v.structure_params["gru"] == n_params(nn.GRU(d, h), "bias_hh")
    assert v.structure_params["lstm"] == lstm
    assert v.structure_params["attention"] == n_params(nn.MultiheadAttention(d, 1, bias=False))


@pytest.mark.parametrize("d", [3, 40])
def test_limits_cell_counts_match_torch(d):
    """§04 counts cells of width d fed inputs of width d (one size: no pair to tell apart)."""
    v = values("primer-04-limits", {"d": d, "state_width": d + 17})
    for name, mod in (("rnn", nn.RNN), ("gru", nn.GRU), ("lstm", nn.LSTM)):
        m = mod(d, d)
        assert v.param_counts[name] == n_params(m), name
        assert v.param_counts_one_bias[name] == n_params(m, "bias_hh"), name


def test_gru_section_counts_match_torch():
    """L6's counts are at its fixed width (h = d = count_h, no parameter changes them)."""
    v = values("lstm-06-gru", {})
    gru, lstm = nn.GRU(v.count_h, v.count_h), nn.LSTM(v.count_h, v.count_h)
    assert v.gru_params == n_params(gru, "bias_hh")      # one bias vector a gate group
    assert v.lstm_params == n_params(lstm, "bias_hh")
    assert v.gru_params_torch == n_params(gru)           # torch's two, said in the narration
    assert v.lstm_params_torch == n_params(lstm)


@pytest.mark.parametrize("d, d_in", [(24, 40), (40, 24), (1, 5)])
def test_unrolled_rnn_count_matches_torch(d, d_in):
    from mathcore.primer.recurrence import unrolled_param_count

    c = unrolled_param_count(9, d, d_in)
    rnn = nn.RNN(d_in, d)
    assert c["recurrent"] == rnn.weight_hh_l0.numel()
    assert c["input"] == rnn.weight_ih_l0.numel()
    assert c["bias"] == rnn.bias_ih_l0.numel()
    assert c["total"] == n_params(rnn, "bias_hh")
    shown = values("primer-01-recurrence", {"width": d}).count     # §01: d_in = d
    assert shown["total"] == n_params(nn.RNN(d, d), "bias_hh")


@pytest.mark.parametrize("width, q, kv, gqa, layers, ctx, b", [
    (96, 12, 4, 2, 3, 50, 2), (96, 4, 2, 1, 5, 7, 4), (60, 6, 3, 2, 2, 11, 1)])
def test_kv_cache_bytes_by_enumeration(width, q, kv, gqa, layers, ctx, b):
    """The KV cache at query heads != KV heads != layers != width: per layer a K and a V
    tensor of shape (context, KV heads, head_dim), head_dim = width / query heads."""
    p = {"width": width, "query_heads": q, "kv_heads": kv, "gqa_kv_heads": gqa,
         "layers": layers, "context": ctx, "bytes_per_value": b}
    v = values("primer-06-cheatsheet", p)
    head_dim = width // q
    assert v.head_dim == head_dim

    def cache(heads):
        shapes = [(ctx, heads, head_dim) for _layer in range(layers) for _kv in "KV"]
        return b * sum(math.prod(s) for s in shapes)

    assert v.kv_cache_bytes == cache(kv)
    assert v.kv_cache_bytes_gqa == cache(gqa)


def _mac(fn) -> int:
    """Multiply-adds torch's own FLOP counter counts while ``fn`` runs (a matmul of
    (a, b) x (b, c) is 2 a b c FLOPs, a b c multiply-adds)."""
    from torch.utils.flop_counter import FlopCounterMode

    with FlopCounterMode(display=False) as fc:
        fn()
    flops = fc.get_total_flops()
    assert flops % 2 == 0
    return flops // 2


# (n, d): n < d, n > d, and neither dividing the other
ND = [(12, 40), (40, 12), (7, 3)]


@pytest.mark.parametrize("n, d", ND)
def test_attention_layer_costs_by_torch_flop_counter(n, d):
    """§05's costs at n != d, counted by torch's FLOP counter on the layers' actual shapes:
    the recurrent pass is n steps of the state (1 x d) times W_h (d x d); attention scores
    every pair, Q (n x d) times K^T (d x n). A cost that reads n for d (n·n·d for n·d·d)
    shows here, not where n = d."""
    v = values("primer-05-attention", {"n": n, "d": d, "path_target": n - 1, "n_long": n + 5})
    assert (v.n, v.d) == (n, d)

    def recurrent():
        h, w = torch.zeros(1, d), torch.zeros(d, d)
        for _t in range(n):
            h = h @ w

    def attention():
        q, k = torch.zeros(n, d), torch.zeros(n, d)
        _ = q @ k.T

    assert v.cost["recurrent"] == _mac(recurrent)
    assert v.cost["attention"] == _mac(attention)
    assert v.cost_crossover_n == d
    assert v.cheaper == ("attention" if _mac(attention) < _mac(recurrent) else "recurrent")


# (n, d, heads): heads divide d; n < d, n > d, one head
NDH = [(12, 40, 4), (40, 12, 3), (7, 3, 1)]


@pytest.mark.parametrize("n, d, heads", NDH)
def test_attention_whole_layer_costs_by_torch_modules(n, d, heads):
    """§05's whole layers (issue 21: like with like beside the Table 1 counts), counted by
    torch's FLOP counter on torch's own modules: n steps of ``nn.RNNCell(d, d)`` (input and
    state products) and one ``nn.MultiheadAttention(d, heads)`` over n positions (Q, K, V and
    O projections, scores, weighted sum); biases off, as the count leaves them out."""
    v = values("primer-05-attention", {"n": n, "d": d, "path_target": n - 1, "n_long": n + 5})

    def recurrent():
        cell, h, x = torch.nn.RNNCell(d, d, bias=False), torch.zeros(1, d), torch.zeros(n, 1, d)
        with torch.no_grad():
            for t in range(n):
                h = cell(x[t], h)

    def attention():
        m, x = torch.nn.MultiheadAttention(d, heads, bias=False, batch_first=True), torch.zeros(1, n, d)
        with torch.no_grad():
            m(x, x, x, need_weights=True)     # the bmm path, which the counter sees

    assert v.cost_whole["recurrent"] == _mac(recurrent)
    assert v.cost_whole["attention"] == _mac(attention)


@pytest.mark.parametrize("n, d", ND)
def test_attention_bottleneck_counts_by_enumeration(n, d):
    """§05's bottleneck beat at n != d: the decoder reads the encoder's last state (d numbers)
    or every state (n states of d numbers), at n and at n_long."""
    n_long = n + 5
    v = values("primer-05-attention", {"n": n, "d": d, "path_target": n - 1, "n_long": n_long})
    states = torch.zeros(n, d)                  # one encoder state per source token
    assert v.bottleneck_numbers == states[-1].numel() == v.bottleneck_numbers_long
    assert v.direct_numbers == states.numel()
    assert v.direct_numbers_long == torch.zeros(n_long, d).numel()


@pytest.mark.parametrize("width, n, recall", [(512, 256, 300), (7, 24, 5), (1000, 8, 3)])
def test_limits_share_per_token_at_sizes_that_differ(width, n, recall):
    """§04's capacity beat at state width != tokens != recall distance: the numbers of the
    fixed state each token gets on average, the state's numbers dealt out over the tokens."""
    v = values("primer-04-limits", {"state_width": width, "tokens": n, "recall_tokens": recall})
    state = np.ones(width)
    assert v.share_per_token == pytest.approx(state.sum() / n, rel=1e-12)
    assert v.recall_share == pytest.approx(state.sum() / recall, rel=1e-12)
    assert v.sweep_share == pytest.approx(state.sum() / v.sweep_tokens, rel=1e-12)
    assert int(v.sweep_tokens[-1]) == n


@pytest.mark.parametrize("factor_steps, chain_length", [(40, 200), (80, 10), (33, 17)])
def test_vanishing_factor_bars_at_most_the_chain(factor_steps, chain_length):
    """§02's factor bars at factor_steps != chain_length: "the first k hops" are the first of
    the chain's own hops, so k is factor_steps or, on a shorter chain, every hop there is."""
    v = values("primer-02-vanishing", {"factor_steps": factor_steps, "chain_length": chain_length})
    hops = len(v.product)                       # one running product per hop of the chain
    assert hops == chain_length
    k = len(range(hops)[:factor_steps])         # the first factor_steps hops there are
    assert v.factor_steps == k
    for row in (v.factors, v.pushed_factors, v.relu_factors):
        assert len(row) == k
    assert v.bars_sweep_factors.shape[1] == k


@pytest.mark.parametrize("steps", [2, 3, 40])
def test_why_inbox_window_at_most_the_steps(steps):
    """L1's inbox beat shows a window of the first steps (3), at most the steps there are: at
    steps = 2 a window read as 3 would show a state the run never had."""
    v = values("lstm-01-why", {"steps": steps})
    assert len(v.rnn_h) == len(v.lstm_c) == steps
    assert v.inbox_steps == len(range(steps)[:3])
