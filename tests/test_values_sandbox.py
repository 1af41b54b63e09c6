"""L4 values: the held cell against the closed form c_t = sum_k f^(t-k) i g_k, the seed's
presets, the cat's share at "it" against f^2, the learned gate against a plain-Python loop."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.lstm_chapter import sandbox
from scenes.registry import get

SECTION = "lstm-04-sandbox"


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


def closed_form(f, i, o, g=sandbox.WRITE):
    c = [sum(f ** (t - k) * i * g[k] for k in range(t + 1)) for t in range(len(g))]
    return np.array(c), o * np.tanh(np.array(c))


def test_sentence_and_distance():
    v = values()
    assert "".join(v.tokens_zh) == "我昨天在公园看见一只猫。它很可爱"
    assert len(v.tokens_en) == len(v.tokens_zh) == len(v.write)
    assert v.tokens_zh[v.cat_index] == "猫" and v.tokens_zh[v.it_index] == "它"
    assert v.tokens_zh[v.stop_index] == "。" and v.steps_apart == 2


@pytest.mark.parametrize("f,i,o", [(0.9, 0.6, 0.8), (0.3, 0.95, 0.1), (0.7, 0.2, 0.5),
                                   (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)])
def test_held_cell_closed_form(f, i, o):
    v = values(forget=f, input=i, output=o)
    c, h = closed_form(f, i, o)
    np.testing.assert_allclose(v.cell, c, atol=1e-12)
    np.testing.assert_allclose(v.hidden, h, atol=1e-12)
    assert v.cat_written == pytest.approx(i * 0.9)
    assert v.cat_retention == pytest.approx(f * f)
    assert v.cat_at_it == pytest.approx(f * f * i * 0.9)
    want = "unwritten" if i == 0 else ("alive" if f * f >= 0.3 else "faded")
    assert v.state == want


def test_seed_presets():
    v = values()
    assert v.preset_names == ("empty", "wipe", "half", "long")
    assert np.all(v.preset_cell[0] == 0.0) and v.empty_kind == "flat"       # f = 1, i = 0
    np.testing.assert_allclose(v.preset_cell[1], 0.6 * np.array(sandbox.WRITE))  # f = 0
    assert v.preset_state[2] == "faded" and v.preset_retention[2] == pytest.approx(0.25)
    assert v.preset_forget[3] >= 0.9 and v.preset_state[3] == "alive"
    c, _ = closed_form(0.5, 0.5, 0.8)
    np.testing.assert_allclose(v.preset_cell[2], c, atol=1e-12)


def test_band_i_06_f_06_to_08_reaches_it():
    v = values()
    assert v.band_input == 0.6 and list(v.band_forget) == [0.6, 0.8]
    np.testing.assert_allclose(v.band_retention, [0.36, 0.64])
    assert v.band_state == "alive"
    for f in np.linspace(0.6, 0.8, 21):
        assert f * f >= sandbox.ALIVE_FRACTION


def test_sweep_ends_at_the_parameter_and_matches_f_squared():
    v = values(forget=0.42, input=0.3)
    assert v.sweep_forget[0] == 0.0 and v.sweep_forget[-1] == pytest.approx(0.42)
    np.testing.assert_allclose(v.sweep_retention, v.sweep_forget ** 2, atol=1e-12)
    np.testing.assert_allclose(v.sweep_cat_at_it, v.sweep_forget ** 2 * 0.3 * 0.9, atol=1e-12)
    np.testing.assert_allclose(v.retention_curve, v.retention_curve_f ** 2)
    assert v.plot_top >= np.abs(v.sweep_cell).max()


def test_learned_gate_against_plain_loop():
    i, o = 0.6, 0.8
    v = values(input=i, output=o)
    c = h = 0.0
    for t, g in enumerate(sandbox.WRITE):
        f = 1 / (1 + math.exp(-(3.0 + 0.5 * h - 3.0 * (t == sandbox.STOP))))
        c = f * c + i * g
        h = o * math.tanh(c)
        assert v.learned_forget[t] == pytest.approx(f, abs=1e-12)
        assert v.learned_cell[t] == pytest.approx(c, abs=1e-12)
        assert v.learned_hidden[t] == pytest.approx(h, abs=1e-12)
    assert v.learned_stop_forget < 0.7 < v.learned_word_forget_min   # closes at the full stop
    assert v.learned_retention == pytest.approx(v.learned_forget[7] * v.learned_forget[8])
    assert v.learned_state == "alive"


def test_gates_in_unit_interval():
    v = values(forget=0.999, input=0.001, output=0.5)
    assert np.all((v.learned_forget > 0) & (v.learned_forget < 1))
    assert np.all(np.abs(v.hidden) < 1)
