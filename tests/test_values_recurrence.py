"""§01 values at non-default settings against an independent reference written here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scenes.registry import get

SECTION = get("primer-01-recurrence")


def reference_states(tokens, w_h, w_x, b):
    h, out = 0.0, []
    for x in tokens:
        h = math.tanh(w_h * h + w_x * x + b)
        out.append(h)
    return out


@pytest.mark.parametrize("over", [
    {"b": 0.3}, {"b": -0.7, "w_h": -1.1}, {"w_x": 2.5, "w_h": 0.2, "b": 1.0},
    {"tokens": (1, -1, 1, -1, 1, -1, 1, -1), "w_h": 2.9, "b": -0.25},
])
def test_states_sweep_and_slopes(over):
    p = SECTION.resolve(over)
    v = SECTION.values(p)
    want = reference_states(p["tokens"], p["w_h"], p["w_x"], p["b"])
    np.testing.assert_allclose(v.states, want, rtol=0, atol=1e-12)
    assert v.final_state == pytest.approx(want[-1], abs=1e-12)
    for i, w in enumerate(v.sweep_w_h):
        np.testing.assert_allclose(v.sweep_states[i],
                                   reference_states(p["tokens"], w, p["w_x"], p["b"]), atol=1e-12)
    assert v.sweep_w_h[0] == p["w_h"] and v.sweep_w_h[-1] == 0.0
    assert v.final_state_at_zero == pytest.approx(math.tanh(p["w_x"] * p["tokens"][-1] + p["b"]))
    z = v.tangent_sweep_z
    assert z[0] == p["tangent_z"][0] and z[-1] == p["tangent_z"][1]
    np.testing.assert_allclose(v.tangent_sweep_slope, [1 - math.tanh(t) ** 2 for t in z])
    np.testing.assert_allclose(v.tangent_sweep_tanh, [math.tanh(t) for t in z])
    assert v.hops == len(p["tokens"]) - 1 == v.length - 1


# ----- the seed's figures and the parameter count --------------------------------------------
def test_seed_figures():
    v = SECTION.values(SECTION.resolve({}))
    assert round(v.final_state, 3) == 0.841                      # h_7 at W_h = 1.40
    assert round(v.final_state_at_zero, 3) == 0.310              # tanh(0.8 x 0.4) at W_h = 0
    assert v.final_state_at_zero == pytest.approx(math.tanh(0.8 * 0.4))
    assert f"{v.tangent_slope[0]:.3f}" == "1.000" and f"{v.tangent_slope[1]:.3f}" == "0.071"
    assert v.hops == 7 and v.length == 8


@pytest.mark.parametrize("width", [1, 7, 1024, 65536])
def test_parameter_count_independent_of_length(width):
    v = SECTION.values(SECTION.resolve({"width": width}))
    d = width
    assert v.count == {"recurrent": d * d, "input": d * d, "bias": d,
                       "total": 2 * d * d + d}
    n = v.count_sweep_n
    assert n[0] == 8 and n[-1] == 32768 and len(n) == 96 and np.all(np.diff(n) > 0)
    # an eighth of a doubling a step (rounded): no step more than 2^(1/8) times the last + 1
    assert np.all(n[1:] <= np.round(n[:-1] * 2 ** (1 / 8)) + 1)
    assert set(v.count_sweep_total.tolist()) == {2 * d * d + d}
    np.testing.assert_array_equal(v.count_sweep_ticks, np.minimum(n, 256))
    assert v.recurrent_params == 3                                # W_h, W_x, b at width 1
    if d == 1024:
        assert v.count["total"] == 2_098_176                      # §04's one-bias RNN, 2.10 M
