"""L3 values: the seed's worked example pinned at the precision shown, the demo trace against a
plain-Python LSTM step, the balance at non-default parameters, the 1997 cell without f."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.lstm_chapter import conveyor
from scenes.registry import get

SECTION = "lstm-03-conveyor"


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def reference_run(words, w_ih, w_hh, b, forget_gate=True):
    """An LSTM worked with Python floats, gate order i, f, g, o (no numpy algebra)."""
    H = len(w_hh[0])
    h, c = [0.0] * H, [0.0] * H
    out = []
    for x in words:
        pre = [sum(w_ih[r][k] * x[k] for k in range(len(x)))
               + sum(w_hh[r][k] * h[k] for k in range(H)) + b[r] for r in range(4 * H)]
        i = [sigmoid(z) for z in pre[0:H]]
        f = [sigmoid(z) for z in pre[H:2 * H]] if forget_gate else [1.0] * H
        g = [math.tanh(z) for z in pre[2 * H:3 * H]]
        o = [sigmoid(z) for z in pre[3 * H:]]
        old = c
        c = [f[j] * old[j] + i[j] * g[j] for j in range(H)]
        h = [o[j] * math.tanh(c[j]) for j in range(H)]
        out.append(dict(i=i, f=f, g=g, o=o, old=old, c=c, h=h))
    return out


def test_seed_worked_example_word_7_slot_2():
    v = values()
    assert (v.focus_word_number, v.focus_slot_number) == (7, 2)
    assert f"{v.focus_forget:.2f}" == "0.36"
    assert f"{v.focus_old:.2f}" == "-0.29"
    assert f"{v.focus_kept:.2f}" == "-0.10"
    assert f"{v.focus_written:+.2f}" == "+0.19"
    assert f"{v.focus_new:.2f}" == "0.09"
    assert v.focus_share == "less" and v.focus_write == "deposit"


def test_other_steps_keep_more_than_half():
    v = values()
    f = np.array(v.forget, copy=True)
    f[v.focus_word, v.focus_slot] = np.nan
    f = f[~np.isnan(f)]
    assert f.min() >= 0.5 and f.max() <= 0.8          # the seed's "0.5–0.8"
    assert v.others_share == "more"


def test_demo_trace_matches_plain_python_lstm():
    v = values()
    ref = reference_run(conveyor.DEMO_WORDS, conveyor.DEMO_W_IH, conveyor.DEMO_W_HH,
                        conveyor.DEMO_BIAS)
    for t, r in enumerate(ref):
        np.testing.assert_allclose(v.forget[t], r["f"], atol=1e-12)
        np.testing.assert_allclose(v.written[t], np.array(r["i"]) * np.array(r["g"]), atol=1e-12)
        np.testing.assert_allclose(v.kept[t], np.array(r["f"]) * np.array(r["old"]), atol=1e-12)
        np.testing.assert_allclose(v.cell[t], r["c"], atol=1e-12)
        np.testing.assert_allclose(v.hidden[t], r["h"], atol=1e-12)
    np.testing.assert_allclose(v.cell, v.kept + v.written, atol=1e-15)
    assert np.all((v.forget > 0) & (v.forget < 1)) and np.all((v.input > 0) & (v.input < 1))


def test_stations_are_words_5_to_7_on_slot_2():
    v = values()
    assert list(v.station_words) == [5, 6, 7]
    np.testing.assert_allclose(v.station_new, v.cell[4:7, 1])
    np.testing.assert_allclose(v.station_old[1:], v.station_new[:-1])   # the belt carries c on
    np.testing.assert_allclose(v.station_new, v.station_forget * v.station_old + v.station_written)
    assert v.station_share == ("more", "more", "less")


@pytest.mark.parametrize("old,forget,written", [(-0.29, 0.36, 0.19), (2.0, 0.5, -0.7),
                                                (-5.0, 1.0, 0.0), (1.5, 0.0, 1.0), (0.0, 0.8, -1.0)])
def test_balance_closed_form(old, forget, written):
    v = values(old=old, forget=forget, written=written)
    assert v.kept_param == pytest.approx(forget * old)
    assert v.new_param == pytest.approx(forget * old + written)
    assert v.dropped_param + v.kept_param == pytest.approx(old)
    assert v.sweep_forget[0] == 0.0 and v.sweep_forget[conveyor.SWEEP_UP - 1] == 1.0
    assert v.sweep_forget[-1] == pytest.approx(forget)
    np.testing.assert_allclose(v.sweep_new, v.sweep_forget * old + written)
    assert v.balance_extent >= max(abs(old), abs(written), abs(v.new_param)) - 1e-12
    want = ("all" if forget == 1 else "more" if forget > 0.5 else "half" if forget == 0.5
            else "less" if forget > 0 else "none")
    assert v.param_share == want
    assert v.param_write == ("deposit" if written > 0 else "withdrawal" if written < 0 else "none")


def test_1997_cell_fills_up_and_the_gated_one_does_not():
    v = values()
    assert np.all(v.stream_forget_1997 == 1.0)         # the gate is pinned open exactly
    words = list(conveyor.DEMO_WORDS) * conveyor.STREAM_REPEATS
    ref = reference_run(words, conveyor.DEMO_W_IH, conveyor.DEMO_W_HH, conveyor.DEMO_BIAS,
                        forget_gate=False)
    np.testing.assert_allclose(v.stream_cell_1997, [r["c"] for r in ref], atol=1e-12)
    ends = np.abs(v.pass_ends_1997)
    assert np.all(np.diff(ends) > 0) and v.growth_1997 == "grows"
    assert abs(v.end_1997) > 4.0 and abs(v.end_tanh_1997) > 0.999
    assert v.gated_bound < 0.5
    np.testing.assert_allclose(v.stream_cell_gated[:8], v.cell)    # first pass = the demo trace
