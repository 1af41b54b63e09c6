"""Scenes constructed without rendering: numbers on screen equal the values; layout is clean."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from scenes import style
from scenes.registry import get
from scenes.style import fmt

from conftest import constructed

HALF_W, HALF_H = style.FRAME_W / 2, style.FRAME_H / 2
TOL = 0.02


def expected_readouts(section_id: str) -> dict:
    """Readout name -> the string (or substring) the scene must display, from the values."""
    s = get(section_id)
    v = s.values(s.resolve())
    if section_id == "primer-01-recurrence":
        return {"final_state": fmt(v.final_state), "slope_at_start": fmt(v.tangent_slope[0]),
                "slope_at_end": fmt(v.tangent_slope[1]), "slope_readout": fmt(v.tangent_slope[1]),
                "final_state_at_zero": fmt(v.final_state_at_zero),
                "hops": str(len(v.tokens) - 1)}
    if section_id == "primer-02-vanishing":
        return {"walk_product": fmt(v.walk_product[-1]), "walk_hops": str(len(v.walk_factors)),
                "max_factor": fmt(v.max_factor),
                "underflow_hop": str(v.float32_underflow_hop),
                "final_product": fmt(v.final_product),
                "relu_overflow_hop": str(v.relu_overflow_hop),
                "clip_scale": fmt(v.clip_scale), "clipped_norm": fmt(v.clipped_norm)}
    return EXPECTED_LATE.get(section_id, lambda v: {})(v)


EXPECTED_LATE: dict = {
    "primer-03-gates": lambda v: {
        "path_cell": fmt(v.path_cell[-1]),
        "path_rnn_state": fmt(v.path_rnn_states[-1]),
        "wiped_cell": fmt(v.wiped_cell, 2),
        "forget_product": fmt(v.forget_product),
        "rnn_product": fmt(v.rnn_curve[-1]),
        "rnn_below_0_01_step": str(v.rnn_below_0_01_step),
        "bias_gate": fmt(v.bias_gate), "bias_retention": fmt(v.bias_retention),
        "bias_gate_at_1": fmt(v.bias_gate_at_1),
        "bias_retention_at_1": fmt(v.bias_retention_at_1)},
    "primer-04-limits": lambda v: {
        "share_per_token": fmt(v.share_per_token, 2),
        "busy_cells": f"{v.busy_cells} / {v.total_cells}",
        "gru_keep": fmt(v.gru_keep, 2), "gru_write": fmt(v.gru_write, 2),
        "gru_total": fmt(v.gru_total, 2), "lstm_keep": fmt(v.lstm_keep, 2),
        "lstm_write": fmt(v.lstm_write, 2), "lstm_total": fmt(v.lstm_total, 2),
        "params_rnn": style.fmt_millions(v.params["rnn"]),
        "params_gru": style.fmt_millions(v.params["gru"]),
        "params_lstm": style.fmt_millions(v.params["lstm"])},
    "primer-05-attention": lambda v: {
        "sequential_depth_recurrent": str(v.sequential_depth["recurrent"]),
        "sequential_depth_attention": str(v.sequential_depth["attention"]),
        "path_length_recurrent": str(v.path_length["recurrent"]),
        "path_length_attention": str(v.path_length["attention"]),
        "bottleneck_numbers": style.fmt_count(v.bottleneck_numbers),
        "direct_numbers": style.fmt_count(v.direct_numbers),
        "direct_numbers_long": style.fmt_count(v.direct_numbers_long),
        "cost_crossover_n": str(v.cost_crossover_n)},
    "primer-06-cheatsheet": lambda v: {
        "tbptt_window": str(v.tbptt_window), "sequence_length": str(v.sequence_length),
        "context": style.fmt_count(v.context),
        "kv_cache_bytes": style.fmt_bytes(v.kv_cache_bytes),
        "state_bytes": style.fmt_bytes(v.state_bytes),
        "ratio": style.fmt_count(v.ratio),
        "kv_cache_bytes_gqa": style.fmt_bytes(v.kv_cache_bytes_gqa)},
}


def test_every_beat_records_its_layout(section_id):
    scene = constructed(section_id)
    assert list(scene.layouts) == list(scene.BEATS)


def test_numbers_on_screen_equal_values(section_id):
    scene = constructed(section_id)
    want = expected_readouts(section_id)
    seen = {}
    for beat in scene.BEATS:  # a readout is judged in the first beat that shows it
        for name, text in scene.readouts[beat].items():
            seen.setdefault(name, text)
    missing = set(want) - set(seen)
    assert not missing, f"readouts never on screen: {missing}"
    for name, expected in want.items():
        assert expected in seen[name], (name, seen[name], expected)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_text_inside_frame_no_overlap_caption_band_clear(section_id, lang):
    scene = constructed(section_id, lang)
    for beat, boxes in scene.layouts.items():
        for label, (x0, y0, x1, y1) in boxes:
            assert -HALF_W - TOL <= x0 and x1 <= HALF_W + TOL, (beat, label, "off-frame x")
            assert -HALF_H - TOL <= y0 and y1 <= HALF_H + TOL, (beat, label, "off-frame y")
            assert y0 >= style.STAGE_BOTTOM - TOL, (beat, label, "in the caption band")
        for (la, a), (lb, b) in itertools.combinations(boxes, 2):
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            assert not (w > TOL and h > TOL), (beat, la, lb, "overlap")


def test_scene_reads_changed_parameters():
    from manim import tempconfig

    with tempconfig({"dry_run": True, "disable_caching": True, "verbosity": "ERROR"}):
        scene = get("primer-01-recurrence").scene_class()(params={"w_h": 0.5},
                                                           skip_animations=True)
        scene.render()
    v = scene.v
    assert np.isclose(v.final_state, get("primer-01-recurrence").values(
        get("primer-01-recurrence").resolve({"w_h": 0.5})).final_state)
    assert fmt(v.final_state) in scene.readouts["show_unroll"]["final_state"]


def test_every_text_entry_has_both_languages(section_id):
    cls = get(section_id).scene_class()
    for key, entry in cls.TEXT.items():
        assert set(entry) >= {"zh", "en"}, (section_id, key)
        assert entry["zh"].strip() and entry["en"].strip(), (section_id, key)
    assert get(section_id).title.keys() >= {"zh", "en"}
