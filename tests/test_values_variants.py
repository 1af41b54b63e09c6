"""L7 values: each variant's count from its own formula and from mathcore's cells' shapes."""

from __future__ import annotations

import pytest

from mathcore.cells import gru, lstm, rnn
from mathcore.lstm_chapter.variants import variants_values


def _one_bias(params) -> int:
    """A cell's parameters minus PyTorch's second bias (the ledger's convention)."""
    return sum(a.size for a in params) - params.b_hh.size


def test_counts_at_512():
    v = variants_values({"h": 512, "d": 512, "steps": 8})
    assert v.lstm == 2_099_200
    assert v.variant_params == {"peephole": 2_099_200 + 1536, "coupled": 1_574_400,
                                "bilstm": 4_198_400, "convlstm": 9 * 4 * 512 * 1024 + 2048}
    assert round(v.variant_ratio["convlstm"]) == 9                 # "about 9x"
    assert v.variant_ratio["bilstm"] == 2
    assert v.variant_ratio["coupled"] == pytest.approx(0.75)
    assert v.structure_params == {"rnn": 524_800, "gru": 1_574_400, "lstm": 2_099_200,
                                  "attention": 1_048_576}
    assert "xlstm" in v.variants and "xlstm" not in v.variant_params


@pytest.mark.parametrize("h,d", [(3, 5), (8, 2), (1, 1)])
def test_structures_match_the_cells(h, d):
    v = variants_values({"h": h, "d": d, "steps": 3})
    assert v.structure_params["rnn"] == _one_bias(rnn.init_params(d, h, 1))
    assert v.structure_params["gru"] == _one_bias(gru.init_params(d, h, 1))
    assert v.structure_params["lstm"] == _one_bias(lstm.init_params(d, h, 1))
    cell = lstm.init_params(d, h, 1)
    # peephole: one diagonal weight per slot for i, f and o
    assert v.variant_params["peephole"] == _one_bias(cell) + 3 * h
    # coupled: the forget group (rows h..2h of every array) dropped
    assert v.variant_params["coupled"] == _one_bias(cell) - (cell.w_ih[h:2 * h].size
                                                            + cell.w_hh[h:2 * h].size + h)
    # ConvLSTM: each weight a 3x3 kernel, biases unchanged
    assert v.variant_params["convlstm"] == 9 * (cell.w_ih.size + cell.w_hh.size) + cell.b_ih.size


@pytest.mark.parametrize("steps,drawn,kind", [(1, 1, "all"), (16, 16, "all"), (17, 16, "window"),
                                              (64, 16, "window")])
def test_waiting(steps, drawn, kind):
    v = variants_values({"h": 4, "d": 4, "steps": steps})
    assert (v.lstm_waits, v.attention_waits, v.drawn_steps, v.all_drawn) == (steps, 1, drawn, kind)
    assert list(v.step_numbers) == list(range(1, drawn + 1))


def test_cure_table():
    v = variants_values({"h": 512, "d": 512, "steps": 8})
    assert dict(zip(v.cure_rows, v.cure_verdicts)) == {
        "vanishing": "largely", "exploding": "no", "parallel": "no", "memory": "no",
        "speed": "slower"}
    assert v.rnn_ratio == 4
