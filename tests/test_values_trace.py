"""L5 values: every seed figure at the precision the seed shows, an independent re-run of the
hand-set cell in plain Python, invariants, and the half-life against its closed form."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.lstm_chapter import trace
from scenes.registry import get

SECTION = "lstm-05-trace"


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def two(x: float) -> str:
    return f"{x:.2f}"


def reference_run():
    """The demo cell stepped by hand (lists, math): i, f, g, o, c per token and slot."""
    w, b, H = trace.W_IH, trace.B_IH, trace.SLOTS
    c = [0.0] * H
    h = [0.0] * H
    out = []
    for x in trace.EMBEDDINGS:
        pre = [sum(wr[k] * x[k] for k in range(6)) + b[r] for r, wr in enumerate(w)]
        # W_hh is zero: nothing from h enters the gates
        assert all(all(e == 0.0 for e in row) for row in trace.W_HH)
        i = [sigmoid(pre[j]) for j in range(H)]
        f = [sigmoid(pre[H + j]) for j in range(H)]
        g = [math.tanh(pre[2 * H + j]) for j in range(H)]
        o = [sigmoid(pre[3 * H + j]) for j in range(H)]
        c = [f[j] * c[j] + i[j] * g[j] for j in range(H)]
        h = [o[j] * math.tanh(c[j]) for j in range(H)]
        out.append((i, f, g, o, list(c), list(h)))
    return out


def test_sentence_and_indices():
    v = values()
    assert len(v.tokens) == 16
    assert v.tokens[v.stop] == "。" and v.stop_number == 5
    assert v.tokens[v.he] == "他" and v.he_number == 11
    assert v.tokens[v.last] == "话" and v.last_number == 16
    assert v.steps_after == 5
    assert v.embeddings.shape == (16, 6) and v.n_features == 6 and v.n_slots == 4


def test_english_gloss_and_slot_numbers():
    """The English video's tokens gloss the Chinese ones one for one (names, places, full stops
    and the pronoun where the cell reads those features), and slots are counted from 1, as the
    tokens here and L3's slots and words are (issue 21)."""
    v = values()
    assert len(v.tokens_en) == len(v.tokens)
    gloss = {"张三": "Zhang San", "李四": "Li Si", "北京": "Beijing", "上海": "Shanghai",
             "。": ".", "他": "he"}
    for zh, en in zip(v.tokens, v.tokens_en):
        if zh in gloss:
            assert en == gloss[zh], (zh, en)
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in en), en
    assert v.slot_numbers.tolist() == [1, 2, 3, 4]
    assert v.token_numbers[0] == 1


def test_seed_figures_full_stop():
    v = values()
    assert two(v.forget[4, 2]) == "0.02"
    assert [two(x) for x in v.forget[4, [0, 1, 3]]] == ["0.75"] * 3
    assert two(v.stop_forget_place) == "0.02" and two(v.stop_forget_other) == "0.75"
    # the second full stop clears the place slot too
    assert two(v.forget[9, 2]) == "0.02"


def test_seed_figures_he():
    v = values()
    assert [two(x) for x in v.forget[10]] == ["0.98"] * 4
    assert [two(x) for x in v.output[9]] == ["0.23"] * 4
    assert [two(x) for x in v.output[10]] == ["0.94"] * 4
    assert two(v.he_forget) == "0.98"
    assert two(v.output_before) == "0.23" and two(v.output_he) == "0.94"
    assert v.forget[10].min() > v.forget[9].max()          # "rises"
    assert v.output[10].min() > v.output[9].max()          # "opens"


def test_seed_figures_slots():
    v = values()
    assert two(v.cell[10, 1]) == "0.26" and two(v.cell[10, 0]) == "0.07"
    assert two(v.he_second) == "0.26" and two(v.he_first) == "0.07"
    assert two(v.cell[15, 0]) == "0.02" and two(v.cell[15, 1]) == "0.06"
    assert two(v.last_first) == "0.02" and two(v.last_second) == "0.06"
    assert v.referent == "second"
    # decays at 0.75 a step: the ordinary forget gate
    assert two(v.trace_forget) == "0.75"
    # the name slots are written only at their names
    w = v.input * v.candidate
    assert np.flatnonzero(w[:, 0]).tolist() == [0]
    assert np.flatnonzero(w[:, 1]).tolist() == [5]


def test_cell_matches_independent_reference():
    v = values()
    ref = reference_run()
    for t, (i, f, g, o, c, h) in enumerate(ref):
        np.testing.assert_allclose(v.input[t], i, atol=1e-12)
        np.testing.assert_allclose(v.forget[t], f, atol=1e-12)
        np.testing.assert_allclose(v.candidate[t], g, atol=1e-12)
        np.testing.assert_allclose(v.output[t], o, atol=1e-12)
        np.testing.assert_allclose(v.cell[t], c, atol=1e-12)
        np.testing.assert_allclose(v.hidden[t], h, atol=1e-12)


def test_gates_in_open_interval():
    v = values()
    for a in (v.input, v.forget, v.output):
        assert np.all((a > 0) & (a < 1))
    assert np.all(np.abs(v.candidate) < 1)
    assert v.cell_top >= v.cell.max()


@pytest.mark.parametrize("f", [0.01, 0.3, 0.5, 0.75, 0.9, 0.98, 0.999])
def test_half_life_closed_form(f):
    v = values(forget=f)
    assert v.half_life == pytest.approx(math.log(0.5) / math.log(f))
    assert f ** v.half_life == pytest.approx(0.5)
    assert v.half_kind == ("within" if f < 0.5 else "after")
    assert v.sweep_forget[-1] == pytest.approx(f)
    assert v.sweep_half_life[-1] == pytest.approx(v.half_life)
    np.testing.assert_allclose(v.sweep_decades, np.log10(v.sweep_half_life) + 1.0)
    assert v.forget_decades == pytest.approx(math.log10(v.half_life) + 1.0)


def test_half_life_seed_gates():
    v = values()
    assert f"{v.trace_half_life:.1f}" == "2.4"
    assert f"{v.he_half_life:.1f}" == "34.6"
    assert v.half_life == pytest.approx(math.log(0.5) / math.log(0.75))
