"""L2 values: the hand-set 1-D cell against closed forms, and its two sweeps."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scenes.registry import get

SECTION = get("lstm-02-cell")


def sig(z):
    return 1.0 / (1.0 + math.exp(-z))


def closed_form(x, h, c):
    i = sig(1.6 * x - 0.9 * h + 0.1)
    f = sig(-0.8 * x + 1.2 * h + 1.0)
    g = math.tanh(1.3 * x + 0.7 * h + 0.0)
    o = sig(0.9 * x + 1.4 * h - 0.2)
    c_new = f * c + i * g
    return {"i": i, "f": f, "g": g, "o": o, "kept": f * c, "written": i * g, "c": c_new,
            "tanh_c": math.tanh(c_new), "h": o * math.tanh(c_new)}


@pytest.mark.parametrize("p", [{}, {"x": -2.2, "h_prev": 0.9, "c_prev": -4.1},
                               {"x": 3.0, "h_prev": -1.0, "c_prev": 5.0},
                               {"x": 0.0, "h_prev": 0.0, "c_prev": 0.0}])
def test_step_matches_the_closed_form(p):
    q = SECTION.resolve(p)
    v = SECTION.values(q)
    want = closed_form(q["x"], q["h_prev"], q["c_prev"])
    for k, w in want.items():
        assert math.isclose(getattr(v, k), w, rel_tol=1e-12, abs_tol=1e-15), k
    assert 0 < v.i < 1 and 0 < v.f < 1 and 0 < v.o < 1 and -1 < v.g < 1


def test_defaults():
    v = SECTION.values(SECTION.resolve({}))
    assert (round(v.f, 3), round(v.i, 3), round(v.g, 3), round(v.o, 3)) == (0.698, 0.673, 0.658,
                                                                            0.629)
    assert round(v.c, 3) == 0.862 and round(v.h, 3) == 0.439
    assert v.w_ih.shape == (4, 1) and v.b_hh.tolist() == [0.0] * 4


def test_sweeps():
    q = SECTION.resolve({"x": 1.3, "h_prev": -0.4, "c_prev": 2.5})
    v = SECTION.values(q)
    for pts, start in ((v.x_sweep, 1.3), (v.c_sweep, 2.5)):
        assert pts[0] == start and pts[-1] == start
        assert v.sweep_lo in pts and v.sweep_hi in pts
    for j in (0, 17, len(v.x_sweep) - 1):
        want = closed_form(v.x_sweep[j], -0.4, 2.5)
        for k, w in want.items():
            assert math.isclose(v.x_sweep_cell[k][j], w, rel_tol=1e-12, abs_tol=1e-15)
        want = closed_form(1.3, -0.4, v.c_sweep[j])
        for k, w in want.items():
            assert math.isclose(v.c_sweep_cell[k][j], w, rel_tol=1e-12, abs_tol=1e-15)
    assert v.c_sweep_gate_span == 0.0           # the gates never read c_prev
    assert v.x_sweep_gate_span > 0.1
    span = max(np.ptp(v.x_sweep_cell[k]) for k in "ifgo")
    assert math.isclose(v.x_sweep_gate_span, span)


@pytest.mark.parametrize("p", [{}, {"x": -3.0, "h_prev": 1.0}, {"x": 3.0, "h_prev": -1.0},
                               {"x": 2.0, "h_prev": 0.0}])
def test_gate_and_candidate_spans_apart(p):
    """The x sweep's spans of the three sigmoid gates and of the tanh candidate, recomputed from
    the closed form point by point: the gates stay below 1 (a sigmoid's range), only g can
    swing further (issue 21: "gates moved up to 1.977" was g's swing)."""
    q = SECTION.resolve(p)
    v = SECTION.values(q)
    rows = [closed_form(x, q["h_prev"], q["c_prev"]) for x in v.x_sweep]
    gates = max(max(r[k] for r in rows) - min(r[k] for r in rows) for k in "ifo")
    cand = max(r["g"] for r in rows) - min(r["g"] for r in rows)
    assert math.isclose(v.x_sweep_sigmoid_span, gates, rel_tol=1e-12)
    assert math.isclose(v.x_sweep_candidate_span, cand, rel_tol=1e-12)
    assert 0 < v.x_sweep_sigmoid_span < 1 and 0 < v.x_sweep_candidate_span < 2
    assert v.x_sweep_gate_span == max(v.x_sweep_sigmoid_span, v.x_sweep_candidate_span)
