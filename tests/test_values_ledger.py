"""L8 values: the seed's figures, the bias convention against mathcore's cells, closed forms."""

from __future__ import annotations

import pytest

from mathcore.cells import gru, lstm, rnn
from mathcore.lstm_chapter.ledger import ledger_values


def _count(params) -> int:
    return sum(a.size for a in params)


def test_seed_figures_at_512():
    v = ledger_values({"h": 512, "d": 512, "layers": 16})
    assert v.params == {"lstm": 2_099_200, "rnn": 524_800, "attention": 1_048_576,
                        "transformer": 3_152_384}
    assert round(v.params["lstm"] / 1e6, 1) == 2.1            # "about 2.1 M"
    assert v.rnn_ratio == 4
    # a whole Transformer layer (attention + feed-forward) is about 1.5x the LSTM
    assert v.layer_cmp == "less" and round(v.layer_ratio, 2) == 1.50
    assert v.concat == 1024 and v.gates_width == 2048
    assert v.stack_params == 16 * 2_099_200


def test_gnmt_about_134_million():
    v = ledger_values({"h": 512, "d": 512, "layers": 16})
    assert (v.gnmt_hidden, v.gnmt_encoder, v.gnmt_decoder, v.gnmt_layers) == (1024, 8, 8, 16)
    assert v.gnmt_params == 16 * (4 * 1024 * 2048 + 4 * 1024) == 134_283_264
    assert round(v.gnmt_params / 1e6) == 134
    # the same number from the section's own stack at GNMT's sizes
    assert ledger_values({"h": 1024, "d": 1024, "layers": 16}).stack_params == v.gnmt_params


@pytest.mark.parametrize("h,d", [(3, 5), (7, 2), (1, 1), (16, 9)])
def test_ledger_is_the_cells_minus_the_second_bias(h, d):
    v = ledger_values({"h": h, "d": d, "layers": 2})
    cell = lstm.init_params(d, h, 0)
    assert cell.w_ih.shape == (4 * h, d) and cell.w_hh.shape == (4 * h, h)
    assert v.counts["lstm"] == _count(cell) - cell.b_hh.size
    assert v.torch_lstm == _count(cell)
    assert v.second_bias == cell.b_hh.size
    r = rnn.init_params(d, h, 0)
    assert v.counts["rnn"] == _count(r) - r.b_hh.size
    g = gru.init_params(d, h, 0)
    assert v.counts["gru"] == _count(g) - g.b_hh.size
    assert v.lstm_weights == cell.w_ih.size + cell.w_hh.size
    assert v.lstm_bias == cell.b_ih.size


@pytest.mark.parametrize("h,d,want", [(512, 512, "less"), (64, 512, "less"), (668, 512, "close"),
                                      (1024, 512, "more"), (4096, 64, "more")])
def test_transformer_layer_comparison_flips(h, d, want):
    v = ledger_values({"h": h, "d": d, "layers": 1})
    ff = 4 * d          # attention with biases, a feed-forward block 4 d wide, two layer norms
    layer = (4 * d * d + 4 * d) + (d * ff + ff) + (ff * d + d) + 4 * d
    lstm_n = 4 * h * (h + d) + 4 * h
    assert v.counts["transformer"] == layer == 12 * d * d + 13 * d
    assert v.layer_cmp == want
    big, small = max(lstm_n, layer), min(lstm_n, layer)
    if want != "close":
        assert v.layer_ratio == pytest.approx(big / small)
    assert v.bar_share == pytest.approx(tuple(x / max(v.bar_counts) for x in v.bar_counts))


def test_closed_forms_off_default():
    v = ledger_values({"h": 300, "d": 70, "layers": 5})
    assert v.counts["lstm"] == 4 * 300 * 370 + 1200
    assert v.counts["rnn"] == 300 * 370 + 300
    assert v.counts["attention"] == 4 * 70 * 70
    assert v.stack_params == 5 * v.counts["lstm"]
    assert v.state_numbers == 600
    assert v.gru_ratio == pytest.approx(0.75) and v.rnn_ratio == pytest.approx(4.0)
    assert v.concat_share == pytest.approx(300 / 370)
