"""The edges of every sentence rule, comparisons on the value as displayed, untidy values and
degenerate cases (issue 20, classes 2, 4, 5 and 6).

Random draws rarely land where a variant rule turns, so each case below is a setting derived to
sit just below, at or just above a rule's threshold, or where a number shown rounded meets the
comparison its sentence states. Each is constructed (no video), checked whole by the harness
(every text re-derived, every variant against its pin in ``tests/pins/``, which decides on the
numbers as displayed), and the variant it must choose is stated here as well, so a rule and a
scene that drift together still fail. Rules whose thresholds no legal parameter reaches say so in
their pin.
"""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import constructed
from harness import check_scene
from pins import CHOICES
from scenes.registry import SECTIONS, get

EXAMPLES = int(os.environ.get("RNN_LECTURE_EXAMPLES", "2"))


def chosen(scene, base: str) -> set[str]:
    """The variants of ``base`` the scene showed (claims, narration and texts at every hold)."""
    out = set()
    for rec in scene.records.values():
        items = [rec["claim"], *rec["narration"], *rec["texts"]]
        for _, b in items:
            if b is None or b.variant is None or b.key is None:
                continue
            k = b.key[: -len(b.variant) - 1]
            k = k[:-4] if k.endswith(".say") else k
            if k == base:
                out.add(b.variant)
    return out


def _check(section_id, lang, params, want):
    scene = constructed(section_id, lang, params)
    bad = check_scene(scene, CHOICES.get(section_id, {}))
    for base, variant in want.items():
        got = chosen(scene, base)
        if got != {variant}:
            bad.append(f"{base}: chose {sorted(got)}, the case calls for {variant!r}")
    assert not bad, f"{section_id} [{lang}] {params}:\n  " + "\n  ".join(bad[:40])


def _ids(cases):
    return [f"{s}-{lang}-" + "-".join(f"{k}={v}" for k, v in p.items()) for s, lang, p, _ in cases]


# --------------------------------------------------------------------------------------------
# class 5: a comparison stated beside a number shown rounded is decided on the shown number
# --------------------------------------------------------------------------------------------
SHOWN = [
    # f = 0.9996 shows "1": all of it stays (it said "more than half")
    ("lstm-03-conveyor", "en", {"forget": 0.9996}, {"bal.share": "all"}),
    # f = 0.5004 shows "0.5": exactly half; i g = 0.004 shows "0.00": no entry
    ("lstm-03-conveyor", "zh", {"forget": 0.5004, "written": 0.004},
     {"bal.share": "half", "bal.write": "none"}),
    # a norm of 5.0004 shows "5": not above the threshold 5
    ("primer-02-vanishing", "en", {"clip_norm": 5.0004}, {"clip.case": "passes"}),
    # sigma 1.0004 over 200 hops grows the product to 1.08: sigma is shown as 1.0004, not 1
    ("primer-02-vanishing", "zh", {"dims_sigma": 1.0004, "dims_hops": 200},
     {"dims.note": "grows", "dims.verdict": "grows"}),
    # biases -0.5 and -0.499 both leave 3.5e-9 after 20 steps: the same as shown
    ("primer-03-gates", "en", {"forget_bias": -0.5, "bias_fix": -0.499}, {"bias.cmp": "same"}),
    # c_prev 0.004 + g 0.8 shows "0.80", the GRU's limit max(c_prev, g) shows "0.80": the same
    # (it said "less"); 0.006 + 0.8 shows "0.81": less
    ("primer-03-gates", "zh", {"track_c_prev": 0.004}, {"gru.cmp": "same"}),
    ("primer-03-gates", "en", {"track_c_prev": 0.006}, {"gru.cmp": "less"}),
    # 0.6 + 0.4004 shows "1": exactly the track
    ("primer-04-limits", "zh", {"lstm_forget": 0.6, "lstm_input": 0.4004}, {"lstm.sum": "equal"}),
    # f^2 = 0.29965 shows "0.30": at the alive line, alive
    ("lstm-04-sandbox", "en", {"forget": 0.5474}, {"sweep.state": "alive"}),
    # a half-life of 0.996 steps shows "1.00": not "under a step"
    ("lstm-05-trace", "zh", {"forget": 0.4986}, {"half.result": "after"}),
    # the turned LSTM loses 0.970 decades, shown "1.0": it falls (it said "nearly flat")
    ("lstm-01-why", "en", {"forget_bias": 2.8437}, {"turn.note": "falls"}),
    # 4h(h+d)+4h over a Transformer layer's 12d^2+13d at h = 61, d = 45 is 1.04915, shown
    # "1.05": more, not about the same
    ("lstm-08-ledger", "zh", {"h": 61, "d": 45}, {"ledger.layer": "more"}),
    # a 64 GiB cache on a 63.99 GiB card is 1.00016 of it, shown "1": the sizes as shown
    # (64 against 63.99) decide that it exceeds the card, just over it (not "1 times" it)
    ("primer-06-cheatsheet", "en", {"accelerator_gib": 63.99}, {"kv.acc": "over"}),
    # ... on a 64.01 GiB card 0.99984, shown "1": nearly all of it (not "fills 1 of it")
    ("primer-06-cheatsheet", "zh", {"accelerator_gib": 64.01}, {"kv.acc": "nearly"}),
    # ... and on a 127.95 GiB card 0.50020, shown "0.5": not "most of it"
    ("primer-06-cheatsheet", "zh", {"accelerator_gib": 127.95}, {"kv.acc": "fits"}),
    # a pushed W_h of 0.8996 shows "0.9", the W_h it starts from: no drag
    ("primer-02-vanishing", "en", {"pushed_w_h": 0.8996}, {"bars.sweep": "same"}),
    # x = -2.0004 and c_prev = -1.9996 both show "-2", the sweeps' first end: no first leg
    ("lstm-02-cell", "zh", {"x": -2.0004, "c_prev": -1.9996},
     {"sweep_x": "at_lo", "sweep_c": "at_lo"}),
    # attention 4 d^2 over the RNN's h (h + d) + h at h = 23, d = 15 is 1.0033, shown "1"
    ("lstm-07-variants", "en", {"h": 23, "d": 15}, {"attention_rnn": "same"}),
    # P5: the first token's pull on the mean and on the last state, 0.086715 and 0.086638 at
    # rho = 1, 13 tokens, seed 56, both shown "0.087": the same (exactly, the mean is larger)
    ("pre-05-deep-bidirectional", "en", {"pool_rho": 1.0, "pool_steps": 13, "pool_seed": 56}, {"pool.cmp": "same"}),
    ("pre-05-deep-bidirectional", "zh", {"pool_rho": 1.0, "pool_steps": 13, "pool_seed": 56}, {"pool.cmp": "same"}),
    # P3: the largest norm 8.34684875 shows "8.347", as tau 8.3468 does (num): not above tau,
    # though the exact norm is (it said "capped")
    ("pre-03-spectral", "en", {"tau": 8.3468}, {"clip.big": "untouched", "row2": "untouched"}),
    ("pre-03-spectral", "zh", {"tau": 8.3468}, {"clip.big": "untouched", "row2": "untouched"}),
    # pre-02: one above-one factor, 1.17172, against a threshold of 1.1717: above it exactly,
    # but both show "1.172": not clipped
    ("pre-02-bptt", "en", {"factors": 1, "clip_threshold": 1.1717},
     {"asym.big": "passes", "asym.clip": "passes"}),
    # P10: seed 14386 at 8 entries: the largest relative error 9.957e-7 is below 1e-6 exactly,
    # but shows "1.0×10⁻⁶", the page's figure as shown: not below it (found by a search)
    ("pre-10-lab", "en", {"seed": 14386, "samples": 8}, {"check.max": "above"}),
    ("pre-10-lab", "zh", {"seed": 14386, "samples": 8}, {"check.max": "above"}),
    # P6: one epoch's Spearman correlation on WordSim-353 is -0.0005, shown "−0.00": not
    # above 0 (the rule reads the number as shown)
    ("pre-06-word2vec", "zh", {"epochs": 1}, {"analogy.small": "nonpos"}),
    # ... and seed 76's one epoch gives +0.0011, shown "0.00": not above 0 either, though the
    # exact value is (found by a search over seeds 0-76 at one epoch)
    ("pre-06-word2vec", "en", {"epochs": 1, "seed": 76}, {"analogy.small": "nonpos"}),
]


@pytest.mark.parametrize("section_id, lang, params, want", SHOWN, ids=_ids(SHOWN))
def test_comparison_on_the_value_as_displayed(section_id, lang, params, want):
    _check(section_id, lang, params, want)


# --------------------------------------------------------------------------------------------
# class 2: just below, at and just above every reachable threshold
# --------------------------------------------------------------------------------------------
EDGES = [
    # primer-02: clipped only strictly above the threshold
    ("primer-02-vanishing", "en", {"clip_norm": 4.999}, {"clip.case": "passes"}),
    ("primer-02-vanishing", "zh", {"clip_norm": 5.0}, {"clip.case": "passes"}),
    ("primer-02-vanishing", "en", {"clip_norm": 5.001}, {"clip.case": "clipped"}),
    # the walk's gradient (0.057 at defaults) against a threshold at, just below and above it
    ("primer-02-vanishing", "zh", {"clip_threshold": 0.057}, {"clip.small_case": "passes"}),
    ("primer-02-vanishing", "en", {"clip_threshold": 0.056}, {"clip.small_case": "clipped"}),
    # sigma^k against 1: 0.999^5 shows 0.995, 1 holds, 1.001^5 shows 1.01
    ("primer-02-vanishing", "en", {"dims_sigma": 0.999, "dims_hops": 5}, {"dims.note": "shrinks"}),
    ("primer-02-vanishing", "zh", {"dims_sigma": 1.0, "dims_hops": 5}, {"dims.note": "holds"}),
    ("primer-02-vanishing", "en", {"dims_sigma": 1.001, "dims_hops": 5}, {"dims.note": "grows"}),
    # W_h = 0: every bar is 0
    ("primer-02-vanishing", "zh", {"w_h": 0.0}, {"hop.note": "zero"}),
    # primer-03: the fix itself, the recommended 1 and just off it
    ("primer-03-gates", "zh", {"forget_bias": 1.0, "bias_fix": 1.0}, {"bias.cmp": "equal"}),
    ("primer-03-gates", "en", {"bias_fix": 1.001}, {"bias.fix": "other", "bias.cmp": "below"}),
    ("primer-03-gates", "zh", {"bias_fix": 0.999}, {"bias.fix": "other"}),
    ("primer-03-gates", "en", {"forget_bias": 1.5, "bias_fix": 1.0}, {"bias.fix": "recommended",
                                                                       "bias.cmp": "above"}),
    # primer-04: f + i against the track of 1: below, at, above
    ("primer-04-limits", "en", {"lstm_forget": 0.5, "lstm_input": 0.499}, {"lstm.sum": "below"}),
    ("primer-04-limits", "zh", {"lstm_forget": 0.5, "lstm_input": 0.5}, {"lstm.sum": "equal"}),
    ("primer-04-limits", "en", {"lstm_forget": 0.5, "lstm_input": 0.501}, {"lstm.sum": "above"}),
    ("primer-04-limits", "zh", {"tokens": 4}, {"capacity.share": "single"}),
    ("primer-04-limits", "en", {"tokens": 5}, {"capacity.share": "sweep"}),
    # primer-05: n against d, and the path's target 0, 1, 2
    ("primer-05-attention", "en", {"n": 511}, {"cost.verdict": "attention"}),
    ("primer-05-attention", "zh", {"n": 512}, {"cost.verdict": "equal"}),
    ("primer-05-attention", "en", {"n": 513, "path_target": 0}, {"cost.verdict": "recurrent",
                                                                  "path": "zero"}),
    ("primer-05-attention", "zh", {"path_target": 1}, {"path": "one"}),
    ("primer-05-attention", "en", {"n": 1, "path_target": 0}, {"grid": "one"}),
    # primer-06: window at, below the sequence; GQA heads below, at, above; cache at the state
    ("primer-06-cheatsheet", "en", {"tbptt_window": 64}, {"tbptt": "full"}),
    ("primer-06-cheatsheet", "zh", {"tbptt_window": 63}, {"tbptt": "truncated"}),
    ("primer-06-cheatsheet", "en", {"gqa_kv_heads": 32}, {"kv.gqa": "same"}),
    ("primer-06-cheatsheet", "zh", {"kv_heads": 8, "gqa_kv_heads": 16}, {"kv.gqa": "larger"}),
    ("primer-06-cheatsheet", "en", {"context": 1, "kv_heads": 16}, {"kv.ratio": "equal"}),
    ("primer-06-cheatsheet", "zh", {"context": 1, "kv_heads": 8}, {"kv.ratio": "smaller"}),
    ("primer-06-cheatsheet", "en", {"accelerator_gib": 64.0}, {"kv.acc": "all"}),
    ("primer-06-cheatsheet", "zh", {"accelerator_gib": 63.0}, {"kv.acc": "exceeds"}),
    ("primer-06-cheatsheet", "en", {"accelerator_gib": 128.0}, {"kv.acc": "fits"}),
    ("primer-06-cheatsheet", "zh", {"accelerator_gib": 127.0}, {"kv.acc": "most"}),
    ("primer-06-cheatsheet", "en", {"context": 2}, {"tight.at": "two"}),
    # lstm-03: f at 0, just under and at 1/2, just under 1 and at 1; no write
    ("lstm-03-conveyor", "en", {"forget": 0.0, "written": 0.0},
     {"bal.share": "none", "bal.write": "none"}),
    ("lstm-03-conveyor", "zh", {"forget": 0.499, "written": -0.01},
     {"bal.share": "less", "bal.write": "withdrawal"}),
    ("lstm-03-conveyor", "en", {"forget": 0.5}, {"bal.share": "half"}),
    ("lstm-03-conveyor", "zh", {"forget": 0.501}, {"bal.share": "more"}),
    ("lstm-03-conveyor", "en", {"forget": 0.999}, {"bal.share": "more"}),
    ("lstm-03-conveyor", "zh", {"forget": 1.0, "written": 0.01},
     {"bal.share": "all", "bal.write": "deposit"}),
    # lstm-04: f^2 against 0.3 (sqrt 0.3 = 0.5477): 0.54 leaves 0.29, 0.5477 shows 0.30
    ("lstm-04-sandbox", "zh", {"forget": 0.54}, {"sweep.state": "faded"}),
    ("lstm-04-sandbox", "en", {"forget": 0.5477}, {"sweep.state": "alive"}),
    ("lstm-04-sandbox", "zh", {"input": 0.0}, {"sweep.state": "unwritten"}),
    # lstm-05: the half-life crosses one step at f = 1/2
    ("lstm-05-trace", "en", {"forget": 0.49}, {"half.result": "within"}),
    ("lstm-05-trace", "zh", {"forget": 0.5}, {"half.result": "after"}),
    # lstm-07: 16 steps are all drawn, 17 only a window
    ("lstm-07-variants", "en", {"steps": 16}, {"wait.drawn": "all"}),
    ("lstm-07-variants", "zh", {"steps": 17}, {"wait.drawn": "window"}),
    # primer-01: the W_h drag ends at 0; from 0 there is none
    ("primer-01-recurrence", "en", {"w_h": 0.0}, {"sweep": "same"}),
    ("primer-01-recurrence", "zh", {"w_h": 0.0005}, {"sweep": "sweep"}),
    ("primer-01-recurrence", "en", {"w_h": -0.001}, {"sweep": "sweep"}),
    # primer-02: the W_h drag from 0.9 to just below, at and just above 0.9
    ("primer-02-vanishing", "zh", {"pushed_w_h": 0.899}, {"bars.sweep": "down"}),
    ("primer-02-vanishing", "en", {"pushed_w_h": 0.9}, {"bars.sweep": "same"}),
    ("primer-02-vanishing", "zh", {"pushed_w_h": 0.901}, {"bars.sweep": "up"}),
    # lstm-02: the sweeps start at x / c_prev and go to -2 first: just below, at, just above
    ("lstm-02-cell", "en", {"x": -2.001, "c_prev": -1.999}, {"sweep_x": "away", "sweep_c": "away"}),
    ("lstm-02-cell", "zh", {"x": -2.0, "c_prev": -2.0}, {"sweep_x": "at_lo", "sweep_c": "at_lo"}),
    ("lstm-02-cell", "en", {"x": -1.999, "c_prev": -2.001}, {"sweep_x": "away", "sweep_c": "away"}),
    # ... and their second end, 2: just below, at, just above (at it, no leg back to itself)
    ("lstm-02-cell", "zh", {"x": 1.999, "c_prev": 2.001}, {"sweep_x": "away", "sweep_c": "away"}),
    ("lstm-02-cell", "en", {"x": 2.0, "c_prev": 2.0}, {"sweep_x": "at_hi", "sweep_c": "at_hi"}),
    ("lstm-02-cell", "zh", {"x": 2.001, "c_prev": 1.999}, {"sweep_x": "away", "sweep_c": "away"}),
    # lstm-07: attention over the RNN exactly 1 (h = 9, d = 6), and off it
    ("lstm-07-variants", "zh", {"h": 9, "d": 6}, {"attention_rnn": "same"}),
    ("lstm-07-variants", "en", {"h": 9, "d": 7}, {"attention_rnn": "times"}),
    ("lstm-07-variants", "en", {"h": 9, "d": 5}, {"attention_rnn": "times"}),
    # lstm-08: the LSTM over a Transformer layer (12d^2 + 13d), the "about the same" band
    # [1/1.05, 1.05): h = 1, d = 3 is 0.136, h = 3, d = 2 is 0.973. No legal (h, d) is exactly
    # 1.05 or 1/1.05 (4h(h+d)+4h = 1.05 (12d^2+13d) has no whole solution up to d = 65536), so
    # the edges are the nearest points found just outside the band
    ("lstm-08-ledger", "en", {"h": 1, "d": 3}, {"ledger.layer": "less"}),
    ("lstm-08-ledger", "zh", {"h": 3, "d": 2}, {"ledger.layer": "close"}),
    ("lstm-08-ledger", "en", {"h": 57, "d": 42}, {"ledger.layer": "more"}),      # 1.0500138
    ("lstm-08-ledger", "zh", {"h": 123, "d": 97}, {"ledger.layer": "less"}),     # 1/1.0500037
    # pre-01: the window reaches the name 11 tokens back from a window of 11 on
    ("pre-01-construction", "en", {"window": 10}, {"fixed.far": "outside", "fixed.note": "outside"}),
    ("pre-01-construction", "zh", {"window": 11}, {"fixed.far": "inside", "fixed.note": "inside"}),
    ("pre-01-construction", "en", {"window": 12}, {"fixed.far": "inside", "fixed.note": "inside"}),
    # P5: the projected output side r d + |V| r + |V| against |V| d + |V|: at d = 2, r = 1
    # they meet at |V| = 2 (6 = 6); one word fewer costs more (4 > 3), one more saves (8 < 9)
    ("pre-05-deep-bidirectional", "en", {"vocab": 2, "d": 2, "proj": 1}, {"proj.cmp": "same"}),
    ("pre-05-deep-bidirectional", "zh", {"vocab": 1, "d": 2, "proj": 1}, {"proj.cmp": "more"}),
    ("pre-05-deep-bidirectional", "en", {"vocab": 3, "d": 2, "proj": 1}, {"proj.cmp": "fewer"}),
    # ... and one layer has no second depth to compare the path with; two have
    ("pre-05-deep-bidirectional", "zh", {"layers": 1}, {"stack.path": "one"}),
    ("pre-05-deep-bidirectional", "en", {"layers": 2}, {"stack.path": "many"}),
    # P3: clipping caps only a largest norm shown above tau (8.347 at the defaults)
    ("pre-03-spectral", "en", {"tau": 8.346}, {"clip.big": "capped", "row2": "capped"}),
    ("pre-03-spectral", "zh", {"tau": 8.347}, {"clip.big": "untouched", "row2": "untouched"}),
    ("pre-03-spectral", "en", {"tau": 8.348}, {"clip.big": "untouched", "row2": "untouched"}),
    # P3: the smallest radius's norm at h_0 against the page's 1e-10 (found by a search over
    # T and the smallest radius): 1.1e-10 and 1.0e-10 are not below it, 9.9e-11 is
    ("pre-03-spectral", "en", {"T": 35, "rhos": (0.506, 1.0, 1.5)},
     {"small": "above", "clip.ratio": "reaches"}),
    ("pre-03-spectral", "zh", {"T": 35, "rhos": (0.505, 1.0, 1.5)},
     {"small": "above", "clip.ratio": "reaches"}),
    ("pre-03-spectral", "en", {"T": 36, "rhos": (0.514, 1.0, 1.5)},
     {"small": "below", "clip.ratio": "vanished"}),
    # pre-02: the one above-one factor (1.17172, shown 1.172) against thresholds around it
    ("pre-02-bptt", "zh", {"factors": 1, "clip_threshold": 1.171},
     {"asym.big": "clipped", "asym.clip": "clipped"}),
    ("pre-02-bptt", "en", {"factors": 1, "clip_threshold": 1.172},
     {"asym.big": "passes", "asym.clip": "passes"}),
    ("pre-02-bptt", "zh", {"factors": 1, "clip_threshold": 1.173}, {"asym.big": "passes"}),
    # the below-one product multiplied out: 602 factors (seed 42) leave a subnormal 2.6e-322,
    # 603 underflow to 0
    ("pre-02-bptt", "en", {"factors": 602}, {"lab.under": "tiny", "lab.product": "tiny"}),
    ("pre-02-bptt", "zh", {"factors": 603}, {"lab.under": "zero", "lab.product": "zero"}),
    # P10: the largest relative error against the page's 1e-6 (found by a search over seeds at
    # 8 entries): 9.63e-7 shows "9.6×10⁻⁷", below; 1.06e-6 shows "1.1×10⁻⁶", not below
    ("pre-10-lab", "en", {"seed": 269, "samples": 8}, {"check.max": "below"}),
    # ... 1.0014e-6 (seed 7433) shows "1.0×10⁻⁶", at the page's figure: not below
    ("pre-10-lab", "en", {"seed": 7433, "samples": 8}, {"check.max": "above"}),
    ("pre-10-lab", "zh", {"seed": 1973, "samples": 8}, {"check.max": "above"}),
    # P8: counts of right strings equal at both ends (0 and 0 after one epoch): no fall, no
    # more with attention; the defaults are the other side (50 to 0, 43 against 0)
    ("pre-08-bahdanau", "zh", {"epochs": 1}, {"acc.plain": "holds", "acc.attn": "not_above"}),
    ("pre-08-bahdanau", "en", {}, {"acc.plain": "falls", "acc.attn": "above",
                                   "context": "on", "map": "right", "map.end": "ended"}),
    # P9: T just below, at and just above d = 512 (T d² against T² d); an LSTM's cache at one
    # position and at two (its state is two vectors a layer, the cache two a position)
    ("pre-09-lineage", "en", {"T": 511}, {"cost.at": "attention"}),
    ("pre-09-lineage", "zh", {"T": 512}, {"cost.at": "equal"}),
    ("pre-09-lineage", "en", {"T": 513}, {"cost.at": "recurrent"}),
    ("pre-09-lineage", "en", {"context": 1}, {"memory.ratio": "equal", "memory.times": "equal"}),
    ("pre-09-lineage", "zh", {"context": 2}, {"memory.ratio": "larger", "memory.times": "larger"}),
    # P7: a candidate exactly as long as the reference is not short (BP = exp(0) = 1); one
    # token fewer is
    ("pre-07-seq2seq", "en", {"candidate": "7 2 9 4 1 9"}, {"bleu.bp": "long"}),
    ("pre-07-seq2seq", "zh", {"candidate": "7 2 9 4 1"}, {"bleu.bp": "short"}),
]


@pytest.mark.parametrize("section_id, lang, params, want", EDGES, ids=_ids(EDGES))
def test_rule_edges(section_id, lang, params, want):
    _check(section_id, lang, params, want)


# --------------------------------------------------------------------------------------------
# class 5: parameters drawn at full float precision (the harness draws a 3-decimal grid)
# --------------------------------------------------------------------------------------------
def _full(p):
    if p.kind == "float":
        return st.floats(p.min, p.max, allow_nan=False, allow_infinity=False)
    if p.kind == "floats":
        return st.lists(st.floats(p.min, p.max, allow_nan=False), min_size=p.length,
                        max_size=p.length).map(tuple)
    if p.kind == "choice":
        return st.sampled_from(p.choices)
    return st.integers(int(p.min), min(int(p.max), int(p.min) + 64))


@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_every_text_at_full_precision_parameters(section_id):
    section = get(section_id)
    floats = [p for p in section.schema.params if p.kind in ("float", "floats")]
    if not floats:
        pytest.skip(f"{section_id} has no float parameter")

    @settings(max_examples=max(1, EXAMPLES // 2), deadline=None, derandomize=True, database=None,
              phases=(Phase.explicit, Phase.generate), suppress_health_check=list(HealthCheck))
    @given(params=st.fixed_dictionaries({p.name: _full(p) for p in floats}),
           lang=st.sampled_from(("zh", "en")))
    def run(params, lang):
        try:
            section.values(section.resolve(params))
        except ValueError:
            return
        scene = constructed(section_id, lang, params)
        bad = check_scene(scene, CHOICES.get(section_id, {}))
        assert not bad, f"{section_id} [{lang}] {params}:\n  " + "\n  ".join(bad[:40])

    run()


# --------------------------------------------------------------------------------------------
# class 6: degenerate and singular cases
# --------------------------------------------------------------------------------------------
#: "1 steps", "1 layers": a count of exactly one before a plural noun (English only).
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (steps|numbers|layers|bytes|tokens|hops|words|cells|"
                        r"epochs|fresh sources|outputs|digits|"
                        r"positions|ticks|waits|factors|slots|columns|key-value heads|"
                        r"query heads|multiplications|multiply-adds|decades|times)\b")
#: "from 5 to 5", "from 0.9 up to 0.9": a sweep from a value to itself.
NO_SWEEP = re.compile(r"\bfrom (-?[\d.,]+) (?:up |down )?to \1(?![\d.])")
#: "1× the RNN": a ratio of one stated as a factor.
ONE_TIMES = re.compile(r"(?<![\d.,])1\s?×")
#: the same in Chinese: "RNN 的 1 倍", "从 0.9 升到 0.9", "从 1 拉长到 1".
ZH_ONE_TIMES = re.compile(r"(?<![\d.,])1 倍")
ZH_NO_SWEEP = re.compile(r"从 (-?[\d.,]+) (?:拖|拉长|升|降|变)?到 \1(?![\d.])")

DEGENERATE = [
    ("primer-01-recurrence", "en", {"width": 1}, {}),
    ("primer-03-gates", "en", {"steps": 1, "bias_steps": 1}, {}),
    # P4: one descent step and one Jacobian (plural endings), a block with no weight (its
    # Jacobian is I, its gap 0.00) and a threshold no gradient reaches (clipped = unclipped)
    ("pre-04-gating", "en", {"descent_steps": 1, "steps": 1}, {}),
    ("pre-04-gating", "zh", {"residual_scale": 0.0, "clip_threshold": 1000.0}, {}),
    ("pre-04-gating", "en", {"gate": 0.999, "remember": 0.999, "forget": 0.001, "steps": 100,
                             "rnn_scale": 0.5}, {}),
    ("primer-04-limits", "en", {"state_width": 1, "tokens": 1, "recall_tokens": 1, "d": 1},
     {"capacity.share": "single"}),
    # d = 1: no legal n is below d, so attention is never the cheaper layer
    ("primer-05-attention", "en", {"d": 1}, {"cost.sides": "never", "cost.below": "never"}),
    ("primer-05-attention", "zh", {"d": 1}, {"cost.sides": "never", "cost.below": "never"}),
    ("primer-05-attention", "en", {"d": 2}, {"cost.sides": "crossing", "cost.below": "crossing"}),
    # n = d = 1: one multiply-add; a grid sweep from 1 to 1 position is none
    # P8: one fresh string per length, one output token (4 wide, one epoch, 3 words): "1 of
    # the 1 output", "1 fresh source"
    ("pre-08-bahdanau", "en", {"epochs": 1, "eval_n": 1, "hidden": 4, "plain_hidden": 4,
                               "source_length": 3}, {"map.end": "ended", "context": "off"}),
    ("primer-05-attention", "en", {"n": 1, "d": 1, "path_target": 0},
     {"grid.sweep": "one", "cost.below": "never", "cost.verdict": "equal"}),
    ("primer-05-attention", "zh", {"n": 1, "d": 3, "path_target": 0}, {"grid.sweep": "one"}),
    ("primer-05-attention", "en", {"n": 2, "d": 1, "path_target": 1}, {"grid.sweep": "sweep"}),
    # W_h = 0 already: the drag to 0 is none (§01), nor one from 0.9 to 0.9 (§02)
    ("primer-01-recurrence", "en", {"w_h": 0.0, "width": 1}, {"sweep": "same"}),
    ("primer-01-recurrence", "zh", {"w_h": 0.0}, {"sweep": "same"}),
    ("primer-02-vanishing", "en", {"pushed_w_h": 0.9}, {"bars.sweep": "same"}),
    ("primer-02-vanishing", "zh", {"pushed_w_h": 0.9}, {"bars.sweep": "same"}),
    # the card's size exactly the cache's: all of it (not "1 times", not "fills 1 of it")
    ("primer-06-cheatsheet", "zh", {"accelerator_gib": 64.0}, {"kv.acc": "all"}),
    ("primer-06-cheatsheet", "en", {"accelerator_gib": 63.99}, {"kv.acc": "over"}),
    ("primer-06-cheatsheet", "en", {"layers": 1, "bytes_per_value": 1, "sequence_length": 1,
                                    "tbptt_window": 1}, {"tbptt": "full"}),
    # the second run's bias is the first's: nothing is turned
    ("lstm-01-why", "en", {"forget_bias": 3.0}, {"turn": "same"}),
    ("lstm-01-why", "zh", {"forget_bias": 3.0}, {"turn": "same"}),
    ("lstm-01-why", "en", {"forget_bias": 2.999}, {"turn": "sweep"}),
    ("lstm-08-ledger", "en", {"layers": 1, "h": 1, "d": 1}, {}),
    # two steps: the log axis has 1 decade a grid line
    ("lstm-01-why", "en", {"steps": 2}, {}),
    # x and c_prev at the sweeps' first end: no leg from -2 to -2
    ("lstm-02-cell", "en", {"x": -2.0, "c_prev": -2.0}, {"sweep_x": "at_lo", "sweep_c": "at_lo"}),
    ("lstm-02-cell", "zh", {"x": -2.0, "c_prev": -2.0}, {"sweep_x": "at_lo", "sweep_c": "at_lo"}),
    # x and c_prev at the sweeps' second end: no leg back from 2 to 2
    ("lstm-02-cell", "en", {"x": 2.0, "c_prev": 2.0}, {"sweep_x": "at_hi", "sweep_c": "at_hi"}),
    ("lstm-02-cell", "zh", {"x": 2.0, "c_prev": 2.0}, {"sweep_x": "at_hi", "sweep_c": "at_hi"}),
    # attention exactly the RNN's count (h = 9, d = 6): not "1× the RNN"; two steps, one wait
    ("lstm-07-variants", "en", {"h": 9, "d": 6, "steps": 2}, {"attention_rnn": "same"}),
    ("lstm-07-variants", "zh", {"h": 9, "d": 6, "steps": 2}, {"attention_rnn": "same"}),
    ("lstm-07-variants", "en", {"h": 1, "d": 1, "steps": 2}, {"attention_rnn": "times"}),
    # pre-01: the smallest sizes, a sequence as long as T_max (no zeros), a one-token window
    ("pre-01-construction", "en", {"t_max": 2, "length": 2, "d": 1, "d_x": 1, "window": 1}, {}),
    ("pre-01-construction", "zh", {"t_max": 2, "length": 1, "d": 1, "d_x": 1, "window": 64}, {}),
    # P5 at its smallest sizes: two tokens (one future input), one layer, one word of width
    # one, a gap of one parameter, two pooled tokens
    ("pre-05-deep-bidirectional", "en", {"steps": 2, "layers": 1, "vocab": 1, "d": 1, "proj": 1,
                                         "pool_steps": 2}, {"stack.path": "one", "proj.cmp": "more"}),
    ("pre-05-deep-bidirectional", "zh", {"steps": 2, "layers": 1, "vocab": 1, "d": 1, "proj": 1,
                                         "pool_steps": 2}, {"stack.path": "one", "proj.cmp": "more"}),
    ("pre-05-deep-bidirectional", "en", {"vocab": 2, "d": 3, "proj": 1}, {"proj.cmp": "fewer"}),
    # P3: the shortest unroll and the narrowest state; three equal radii (three equal runs)
    ("pre-03-spectral", "en", {"T": 2, "d": 2}, {}),
    ("pre-03-spectral", "zh", {"T": 2, "d": 2, "rhos": (1.0, 1.0, 1.0)}, {}),
    # pre-02: W_h = 0 (every step but the last contributes 0), the shortest unroll (one
    # factor), one lab factor (the 1-point curves), the largest lab
    ("pre-02-bptt", "en", {"radius": 0.0, "steps": 2, "factors": 1}, {}),
    ("pre-02-bptt", "zh", {"radius": 0.0, "steps": 2, "factors": 1}, {}),
    ("pre-02-bptt", "en", {"steps": 12, "radius": 1.5, "factors": 5000},
     {"lab.under": "zero", "lab.product": "zero"}),
    # P10 at its smallest sizes: two steps, one input, one checked entry (a table of one row)
    ("pre-10-lab", "en", {"d_h": 5, "d_x": 1, "T": 2, "samples": 1}, {}),
    ("pre-10-lab", "zh", {"d_h": 5, "d_x": 1, "T": 2, "samples": 1}, {}),
    # P6 at every minimum (one epoch, one noise word, a window of one, width 4, seed 0): the
    # plural endings of "1 word", "1 noise word", "1 epoch"; one analogy answered
    ("pre-06-word2vec", "en", {"dim": 4, "window": 1, "negatives": 1, "epochs": 1,
                               "min_count": 2, "seed": 0}, {"row0": "hit", "row1": "miss"}),
    ("pre-06-word2vec", "zh", {"dim": 4, "window": 1, "negatives": 1, "epochs": 1,
                               "min_count": 2, "seed": 0}, {"row0": "hit", "row1": "miss"}),
    # P9 at its smallest sizes: two positions (one multiplication), T = 1, one layer, one byte,
    # one position of context (an LSTM's cache equals its state, a GRU's is twice it)
    ("pre-09-lineage", "en", {"steps": 2, "d": 2, "T": 1, "context": 1, "layers": 1,
                              "bytes_per_number": 1}, {"cost.at": "attention",
                                                       "memory.ratio": "equal"}),
    ("pre-09-lineage", "zh", {"steps": 2, "d": 2, "T": 1, "context": 1, "layers": 1,
                              "bytes_per_number": 1, "cell": "gru"},
     {"cost.at": "attention", "memory.ratio": "larger"}),
    ("pre-09-lineage", "en", {"steps": 2, "d": 2, "T": 2, "context": 1, "layers": 1,
                              "bytes_per_number": 1, "cell": "gru"},
     {"cost.at": "equal", "memory.ratio": "larger"}),
    # P7 at its smallest: one-token candidate and reference (no 2-, 3- or 4-gram: p_2..p_4
    # are 0 / 0, taken as 0, so BLEU is 0), greedy search, the shortest example, the
    # narrowest, shortest training
    ("pre-07-seq2seq", "en", {"candidate": "7", "reference": "7", "beam_width": 1,
                              "example_length": 3, "hidden": 16, "epochs": 10},
     {"bleu.geo": "zero", "bleu.bp": "long"}),
    ("pre-07-seq2seq", "zh", {"candidate": "7", "reference": "7 2", "beam_width": 1,
                              "example_length": 3}, {"bleu.geo": "zero", "bleu.bp": "short"}),
]


@pytest.mark.parametrize("section_id, lang, params, want", DEGENERATE, ids=_ids(DEGENERATE))
def test_degenerate_and_singular_cases(section_id, lang, params, want):
    _check(section_id, lang, params, want)
    scene = constructed(section_id, lang, params)
    pats = (ONE_PLURAL, NO_SWEEP, ONE_TIMES) if lang == "en" else (ZH_ONE_TIMES, ZH_NO_SWEEP)
    bad = []
    for beat, rec in scene.records.items():
        for shown, _ in [rec["claim"], *rec["narration"], *rec["texts"]]:
            for pat in pats:
                m = pat.search(shown)
                if m:
                    bad.append(f"{beat}: {m.group(0)!r} in {shown!r}")
    assert not bad, "\n".join(bad)


# --------------------------------------------------------------------------------------------
# class 4: a variant used only away from the defaults states the same values in both languages
# --------------------------------------------------------------------------------------------
def _tables():
    import importlib

    for s in SECTIONS:
        mod, cls = s.scene.split(":")
        yield s.id, getattr(importlib.import_module(mod), cls).TEXT


def test_both_languages_state_the_same_values():
    """A sentence says the same numbers in Chinese and English (English adds only plural
    endings, ``{n_s}``): a variant that only off-default settings select, and so no golden
    file shows, cannot state a neighbouring value in one language. The harness re-reads the
    template from the table, so this is the check that sees a wrong field in it."""
    from scenes.bind import template_fields

    bad = []
    for sid, table in _tables():
        for key, entry in table.items():
            if "zh" not in entry or "en" not in entry:
                continue
            zh = set(template_fields(entry["zh"]))
            en = {f for f in template_fields(entry["en"]) if not f.endswith("_s")}
            if zh != en:
                bad.append(f"{sid} {key}: zh states {sorted(zh)}, en {sorted(en)}")
            for f in template_fields(entry["en"]):
                if f.endswith("_s") and f[:-2] not in en:
                    bad.append(f"{sid} {key}: plural ending {f} without its count {f[:-2]}")
    assert not bad, "\n".join(bad)
