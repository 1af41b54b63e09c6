"""Values of the primer's sections §03–§06: the seed's figures, invariants and JSON output."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mathcore.primer import cheatsheet, recurrence
from scenes import registry
from scenes.params import ParamError

SECTIONS_03_TO_06 = ("primer-03-gates", "primer-04-limits", "primer-05-attention", "primer-06-cheatsheet")


def values(section_id: str, **overrides):
    s = registry.get(section_id)
    return s.values(s.resolve(overrides))


# --------------------------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------------------------

def test_sections_follow_01_02_in_order():
    assert registry.ids()[2:6] == list(SECTIONS_03_TO_06)
    assert [registry.get(i).number for i in SECTIONS_03_TO_06] == ["03", "04", "05", "06"]


@pytest.mark.parametrize("section_id", SECTIONS_03_TO_06)
def test_values_json_is_strict_json(section_id):
    s = registry.get(section_id)
    out = s.values_json(s.resolve())
    text = json.dumps(out, allow_nan=False)
    assert json.loads(text)["section"] == section_id


@pytest.mark.parametrize("section_id", SECTIONS_03_TO_06)
def test_titles_and_scene_paths(section_id):
    s = registry.get(section_id)
    assert set(s.title) == {"zh", "en"} and all(s.title.values())
    module, _, cls = s.scene.partition(":")
    part, _, _ = section_id.partition("-")
    assert module.startswith(f"scenes.{part}.") and cls


# --------------------------------------------------------------------------------------------
# §03 gates
# --------------------------------------------------------------------------------------------

def test_gates_seed_figures():
    v = values("primer-03-gates")
    assert f"{v.forget_product:.3f}" == "0.006"
    assert v.forget_product == pytest.approx(0.95 ** 100)
    # the seed's step 9: the chain was chosen to give it (mathcore/primer/vanishing.py)
    assert v.rnn_below_0_01_step == 9
    assert v.rnn_crossing == "stays" and v.forget_crossing == "stays"
    assert f"{v.bias_gate:.3f}" == "0.500"
    assert f"{v.bias_retention:.1e}" == "9.5e-07"
    assert f"{v.bias_retention_at_fix:.3f}" == "0.002" and v.bias_fix == 1.0
    assert v.bias_retention_at_fix == pytest.approx(values("primer-03-gates", forget_bias=1.0)
                                                    .bias_retention)


def test_gates_rnn_curve_is_02s_chain():
    v = values("primer-03-gates")
    s02 = registry.get("primer-02-vanishing")
    chain = s02.values(s02.resolve()).product
    assert v.rnn_curve[0] == 1.0 and v.forget_curve[0] == 1.0
    assert v.rnn_curve.shape == v.forget_curve.shape == (101,)
    np.testing.assert_allclose(v.rnn_curve[1:], chain[:100], rtol=1e-12)
    k = v.rnn_below_0_01_step
    assert v.rnn_curve[k] < 0.01 <= v.rnn_curve[k - 1]
    # the forget path outlives the RNN product by far
    assert v.forget_below_0_01_step > 80 > k
    np.testing.assert_allclose(v.forget_curve, 0.95 ** np.arange(101))


def test_gates_track_lengths():
    v = values("primer-03-gates")
    assert v.track_kept + v.track_dropped == pytest.approx(v.track_c_prev)
    assert v.track_new_cell == pytest.approx(v.track_kept + v.track_written)
    assert v.track_written == pytest.approx(v.track_input * v.track_candidate)
    one = values("primer-03-gates", track_forget=1.0)
    assert one.track_dropped == 0.0 and one.track_new_cell == pytest.approx(v.accumulator_cell)
    zero = values("primer-03-gates", track_forget=0.0)
    assert zero.track_kept == 0.0 and zero.track_new_cell == pytest.approx(v.wiped_cell)


def test_gates_cell_path():
    v = values("primer-03-gates")
    for gate in (v.path_input, v.path_forget, v.path_output):
        assert gate.shape == (8,) and np.all((gate > 0) & (gate < 1))
    np.testing.assert_allclose(v.path_kept + v.path_written, v.path_cell, rtol=1e-12)
    np.testing.assert_allclose(v.path_kept[1:], v.path_forget[1:] * v.path_cell[:-1])
    np.testing.assert_allclose(v.path_hidden, v.path_output * np.tanh(v.path_cell))
    assert v.path_cell_product[-1] == pytest.approx(np.prod(v.path_forget[1:]))
    np.testing.assert_array_equal(v.tokens, recurrence.PRIMER_TOKENS)
    assert f"{v.path_rnn_states[-1]:.3f}" == "0.841"  # §01's figure at w_h = 1.40


def test_gates_bias_sweep():
    v = values("primer-03-gates")
    assert np.all(np.diff(v.bias_sweep_retention) > 0)
    assert np.all((v.bias_sweep_gate > 0) & (v.bias_sweep_gate < 1))
    decades = np.log10(v.bias_sweep_retention[-1] / v.bias_sweep_retention[0])
    assert decades >= 8
    i0 = int(np.argmin(np.abs(v.bias_sweep)))
    assert v.bias_sweep[i0] == pytest.approx(0.0, abs=1e-12)
    assert v.bias_sweep_retention[i0] == pytest.approx(v.bias_retention)


# --------------------------------------------------------------------------------------------
# §04 limits
# --------------------------------------------------------------------------------------------

def test_limits_seed_figures():
    v = values("primer-04-limits")
    assert v.sweep_tokens[0] == 4 and f"{v.sweep_share[0]:.0f}" == "128"
    assert v.sweep_tokens[-1] == 256 and f"{v.share_per_token:.2f}" == "2.00"
    assert (v.sequential_steps, v.busy_cells, v.total_cells) == (8, 8, 64)
    # the seed counts whole blocks of 2d^2 + d (one bias per gate): 2.10 M, 6.29 M, 8.39 M
    assert f"{v.param_counts_one_bias['rnn'] / 1e6:.2f} M" == "2.10 M"
    assert f"{v.param_counts_one_bias['gru'] / 1e6:.2f} M" == "6.29 M"
    assert f"{v.param_counts_one_bias['lstm'] / 1e6:.2f} M" == "8.39 M"
    # the cells' own layout (PyTorch: b_ih and b_hh) adds one more d per block
    assert f"{v.param_counts['rnn'] / 1e6:.2f} M" == "2.10 M"
    assert f"{v.param_counts['gru'] / 1e6:.2f} M" == "6.30 M"
    assert f"{v.param_counts['lstm'] / 1e6:.2f} M" == "8.40 M"


def test_limits_invariants():
    v = values("primer-04-limits")
    assert v.block_params == 2 * 1024**2 + 2 * 1024 and v.bias_vectors == 2
    assert v.block_params_one_bias == 2 * 1024**2 + 1024
    blocks = {"rnn": 1, "gru": 3, "lstm": 4}
    assert v.param_blocks == blocks
    assert {k: n // v.block_params for k, n in v.param_counts.items()} == blocks
    assert all(n % v.block_params == 0 for n in v.param_counts.values())
    assert {k: n // v.block_params_one_bias
            for k, n in v.param_counts_one_bias.items()} == blocks
    np.testing.assert_array_equal(v.sweep_tokens, [4, 8, 16, 32, 64, 128, 256])
    np.testing.assert_allclose(v.sweep_share * v.sweep_tokens, 512)
    assert v.grid_busy.sum() == v.busy_cells and np.trace(v.grid_busy) == v.busy_cells
    assert v.busy_after_step[-1] == v.busy_cells
    assert v.gru_keep + v.gru_write == pytest.approx(v.gru_total) == 1.0
    assert v.gru_vs_track == "equal"
    assert v.lstm_total > 1.0  # both free gates high at once: what the GRU cannot do
    assert v.lstm_vs_track == "above"
    odd = values("primer-04-limits", tokens=100)
    np.testing.assert_array_equal(odd.sweep_tokens, [4, 8, 16, 32, 64, 100])


# --------------------------------------------------------------------------------------------
# §05 attention
# --------------------------------------------------------------------------------------------

def test_attention_seed_figures():
    v = values("primer-05-attention")
    assert v.bottleneck_numbers == 512
    assert f"{v.direct_numbers:,}" == "6,144"
    assert f"{v.direct_numbers_long:,}" == "12,288" and v.bottleneck_numbers_long == 512
    assert v.sequential_depth == {"recurrent": 12, "attention": 1}
    assert v.cost == {"recurrent": 12 * 512**2, "attention": 12**2 * 512}
    assert v.cost_crossover_n == 512 and v.cheaper == "attention"


def test_attention_crossover_where_costs_equal():
    v = values("primer-05-attention")
    i = int(np.flatnonzero(v.curve_n == v.d)[0])
    assert v.curve_recurrent[i] == v.curve_attention[i]
    assert np.all(v.curve_attention[:i] < v.curve_recurrent[:i])
    assert np.all(v.curve_attention[i + 1:] > v.curve_recurrent[i + 1:])
    for d, rec, att, cross in zip(v.sweep_d, v.sweep_recurrent, v.sweep_attention,
                                  v.sweep_crossover_n):
        j = int(np.flatnonzero(v.curve_n == cross)[0])
        assert cross == d and rec[j] == att[j]
        assert np.all(att[:j] < rec[:j]) and np.all(att[j + 1:] > rec[j + 1:])
    at = values("primer-05-attention", n=512)
    assert at.cost["recurrent"] == at.cost["attention"] and at.cheaper == "equal"
    assert values("primer-05-attention", n=1024).cheaper == "recurrent"


def test_attention_paths():
    v = values("primer-05-attention", path_target=5)
    assert v.path_length == {"recurrent": 5, "attention": 1}
    np.testing.assert_array_equal(v.path_recurrent, np.arange(12))
    assert v.path_attention[0] == 0 and np.all(v.path_attention[1:] == 1)
    assert v.max_path_length == {"recurrent": 11, "attention": 1}
    with pytest.raises(ValueError, match=r"path_target \(12\).*n \(12\)"):
        values("primer-05-attention", path_target=12)


# --------------------------------------------------------------------------------------------
# §06 cheat sheet
# --------------------------------------------------------------------------------------------

def test_cheatsheet_seed_figures():
    v = values("primer-06-cheatsheet")
    assert v.kv_cache_bytes == 64 * 2**30
    assert v.state_bytes == 256 * 2**10
    assert v.ratio == 262144 and f"{int(v.ratio):,}" == "262,144"
    assert v.kv_cache_bytes_gqa * 4 == v.kv_cache_bytes and v.gqa_fraction == 0.25
    assert v.kv_cache_bytes < 80 * 2**30 and v.accelerator_fraction > 0.5


def test_cheatsheet_context_sweep():
    v = values("primer-06-cheatsheet")
    assert v.sweep_context[0] == 128 and v.sweep_context[-1] == 131072
    assert np.log10(v.sweep_context[-1] / v.sweep_context[0]) >= 3
    assert v.sweep_kv_cache_bytes[-1] == v.kv_cache_bytes
    np.testing.assert_allclose(v.sweep_kv_cache_bytes_gqa * 4, v.sweep_kv_cache_bytes)
    np.testing.assert_allclose(v.sweep_state_bytes, v.state_bytes)
    assert np.all(v.sweep_kv_cache_bytes > v.sweep_state_bytes)


def test_cheatsheet_tbptt_window():
    v = values("primer-06-cheatsheet")
    L, W = v.sequence_length, v.tbptt_window
    assert v.gradient_mask.shape == v.forward_mask.shape == (L - W + 1, L)
    assert np.all(v.gradient_mask.sum(axis=1) == W)
    for s, g, f in zip(v.window_starts, v.gradient_mask, v.forward_mask):
        assert np.all(g[s:s + W] == 1) and g[:s].sum() == 0 and g[s + W:].sum() == 0
        assert np.all(f[:s + W] == 1) and f[s + W:].sum() == 0
    assert np.all(v.gradient_mask <= v.forward_mask)
    with pytest.raises(ValueError, match=r"tbptt_window \(65\).*sequence_length \(64\)"):
        values("primer-06-cheatsheet", tbptt_window=65)


def test_cheatsheet_heads_validation():
    with pytest.raises(ValueError, match=r"kv_heads \(5\) must divide query_heads \(32\)"):
        values("primer-06-cheatsheet", kv_heads=5)
    with pytest.raises(ValueError, match=r"gqa_kv_heads \(3\).*query_heads \(32\)"):
        values("primer-06-cheatsheet", gqa_kv_heads=3)
    v = values("primer-06-cheatsheet", kv_heads=8)
    assert v.kv_cache_bytes == 16 * 2**30


def test_parameter_bounds_are_checked():
    s = registry.get("primer-06-cheatsheet")
    with pytest.raises(ParamError):
        s.resolve({"context": str(2**24 + 1)}, from_text=True)
    with pytest.raises(ParamError):
        registry.get("primer-03-gates").resolve({"forget": 1.5})
    assert cheatsheet.kv_cache_bytes(1, 1, 8, 1, 2, 1) == 2 * 4 * 1
