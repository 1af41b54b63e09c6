"""§04 values at non-default settings against closed forms and the cells' own parameters, and
the reviewer's cases on screen (the capacity sweep, the parameter convention)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore.cells import gru, lstm, rnn
from mathcore.primer import limits
from scenes.registry import get

SECTION = "primer-04-limits"
GATES = {"rnn": 1, "gru": 3, "lstm": 4}


def values(**overrides):
    s = get(SECTION)
    return s.values(s.resolve(overrides))


# --------------------------------------------------------------------------------------------
# parameter counts: the closed form agrees with the cells' parameters
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("d", [1, 2, 3, 5, 8, 17, 64])
def test_counts_agree_with_the_cells(d):
    counts = limits.cell_params(d)
    for name, module in (("rnn", rnn), ("gru", gru), ("lstm", lstm)):
        held = sum(a.size for a in module.init_params(d, d, seed=d))
        assert counts[name] == held, (name, d)
        # closed form: G blocks of two d x d matrices and two bias vectors (b_ih, b_hh)
        assert held == GATES[name] * (2 * d * d + 2 * d)


@pytest.mark.parametrize("d", [1, 7, 100, 700, 1024, 65536])
def test_counts_in_both_conventions(d):
    v = values(d=d)
    assert v.bias_vectors == 2 and v.param_blocks == GATES
    for name, g in GATES.items():
        assert v.param_counts[name] == g * (2 * d * d + 2 * d)
        assert v.param_counts_one_bias[name] == g * (2 * d * d + d)
        assert v.param_counts[name] - v.param_counts_one_bias[name] == g * d
    assert v.param_format == ("millions" if 2 * d * d + 2 * d >= 1_000_000 else "count")


# --------------------------------------------------------------------------------------------
# capacity
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("width, n", [(300, 100), (512, 256), (7, 3), (1, 65536), (1000, 4),
                                      (64, 5)])
def test_capacity_sweep(width, n):
    v = values(state_width=width, tokens=n)
    want, k = [], 4
    while k < n:
        want.append(k)
        k *= 2
    want.append(n)
    assert v.sweep_tokens.tolist() == want
    assert v.share_sweeps == (len(want) > 1)
    for i, m in enumerate(want):
        assert v.sweep_share[i] == pytest.approx(width / m)
        assert v.sweep_block[i] == pytest.approx(1 / m)
        stride = max(1, math.ceil(m / limits.MAX_TICKS))
        assert v.sweep_tick_stride[i] == stride
        fr = v.sweep_ticks[i]
        assert fr[0] == 0 and fr[-1] == 1 and len(fr) <= limits.MAX_TICKS + 1
        np.testing.assert_allclose(fr[:-1], np.arange(0, m, stride) / m)
    assert v.share_per_token == pytest.approx(width / n)


# --------------------------------------------------------------------------------------------
# the clock grid
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("p", [2, 8, 16, 17, 40, 64])
def test_grid(p):
    v = values(grid_positions=p)
    assert (v.busy_cells, v.total_cells, v.sequential_steps) == (p, p * p, p)
    np.testing.assert_array_equal(v.grid_busy, np.eye(p, dtype=int))
    np.testing.assert_array_equal(v.busy_after_step, np.cumsum(np.eye(p, dtype=int).sum(0)))
    stops = v.grid_stops.tolist()
    assert stops[-1] == p - 1 and stops == sorted(set(stops))
    assert len(stops) == min(p, limits.MAX_GRID_STOPS)


# --------------------------------------------------------------------------------------------
# GRU vs LSTM totals
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("f, i, side", [(0.9, 0.8, "above"), (0.5, 0.5, "equal"),
                                        (0.2, 0.3, "below"), (0.0, 0.0, "below"),
                                        (1.0, 1.0, "above"), (0.25, 0.75, "equal")])
def test_lstm_total_against_the_track(f, i, side):
    v = values(lstm_forget=f, lstm_input=i)
    assert v.lstm_total == pytest.approx(f + i)
    assert v.lstm_vs_track == side


@pytest.mark.parametrize("z", [0.0, 0.1, 0.7, 0.333, 1.0])
def test_gru_always_fills_the_track(z):
    v = values(gru_keep=z)
    assert v.gru_write == pytest.approx(1 - z) and v.gru_total == pytest.approx(1.0)
    assert v.gru_vs_track == "equal"


# --------------------------------------------------------------------------------------------
# the reviewer's cases, on screen
# --------------------------------------------------------------------------------------------

def _scene(params, lang="en"):
    from conftest import constructed
    return constructed(SECTION, lang, params)


def test_capacity_steps_only_through_sweep_points():
    """The token count and share readouts only ever show computed sweep points (no n = 59)."""
    sc = _scene({"tokens": 100, "state_width": 300})
    v = sc.v
    # every token-count readout the sweep asked for is a computed sweep point, in order
    asked = sorted((k for k in sc.shown if k.startswith("sweep_tokens[")),
                   key=lambda k: int(k[len("sweep_tokens["):-1]))
    assert asked == [f"sweep_tokens[{i}]" for i in range(len(v.sweep_tokens) - 1)]
    assert v.sweep_tokens.tolist() == [4, 8, 16, 32, 64, 100]
    # no live DecimalNumber that could pass through in-between values
    assert not [lab for lab, _ in sc.layouts["capacity"] if lab.startswith("DecimalNumber")]
    texts = sc.records["capacity"]["texts"]
    assert dict((b.readout_name(), s) for s, b in texts if b is not None and b.readout_name())[
        "tokens"] == "100"


def test_param_bars_say_their_convention():
    from scenes.script import script
    beats = {b["beat"]: b for b in script(_scene({}))["beats"]}
    bars = beats["param_bars"]
    # the lecture's convention (one bias a gate or candidate, issue 21) on the bars,
    # PyTorch's two beside them
    assert "one bias a block; PyTorch keeps 2 $(b_{ih},\\ b_{hh})$" in bars["labels"]
    # the block's formula, built term by term: the two matrices, then the bias
    assert "= 2d^2" in bars["labels"] and "+ d" in bars["labels"]
    assert bars["readouts"]["params_gru"] == "6.29 M"
    assert bars["readouts"]["param_counts_torch_gru"] == "PyTorch: 6.30 M"
    assert "one bias vector of length d" in bars["narration"]
    small = {b["beat"]: b for b in script(_scene({"d": 3}))["beats"]}["param_bars"]
    assert small["readouts"]["params_lstm"] == "84"          # 4 (2*9 + 3), as a count
    assert small["readouts"]["param_counts_torch_lstm"] == "PyTorch: 96"   # 4 (2*9 + 2*3)


def test_lstm_below_the_track_on_screen():
    from scenes.script import script
    beats = {b["beat"]: b for b in script(_scene({"lstm_forget": 0.2, "lstm_input": 0.3}))[
        "beats"]}
    narration = beats["gru_vs_lstm"]["narration"]
    assert "0.5 in all, less than the whole track" in narration
    assert "more than" not in narration


@pytest.mark.parametrize("width,back", [(512, 300), (512, 1), (7, 65536)])
def test_recall_share(width, back):
    v = values(state_width=width, recall_tokens=back)
    assert v.recall_tokens == back and v.recall_share == pytest.approx(width / back)


def test_seed_recall_figure():
    v = values()
    assert v.recall_tokens == 300 and round(v.recall_share, 2) == 1.71
