"""Plant bugs one at a time and count how many the suite kills (the harness's proof it bites).

Each mutant changes a displayed number or sentence the way a real slip would: a readout
template with an extra character, a neighbouring value, the factor instead of the running
product, a narration stating a neighbouring number, a sentence kept when the values say
otherwise, a mathcore change only a non-default parameter reveals. For each, a copy of the
tracked tree gets the one edit, and the tests that guard that section run against the copy
(``-x``, ``PYTHONPATH`` on the copy). A mutant is killed when they fail.

Usage: ``scripts/mutants [--jobs 2] [--only ID ...] [--json media/mutants.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The suite that guards a section: the harness for that section plus the value tests.
def guard(section: str) -> list[str]:
    # cheapest first: -x stops at the first failure
    return [f"tests/test_values_{section}.py", "tests/test_golden.py", "tests/test_harness.py",
            "-k", section]


def sweep_guard(section: str) -> list[str]:
    """Class 1 (frames between holds): the harness at defaults is where a sweep is sampled."""
    return ["tests/test_harness.py", "-k", f"at_defaults and {section}"]


def size_guard(section: str) -> list[str]:
    """Class 3 (sizes that differ): the independent counts at sizes that differ (all of
    ``tests/test_sizes.py``, half a minute; ``section`` names where the count is shown)."""
    return ["tests/test_sizes.py"]
def edges(section_id: str) -> list[str]:
    """The rule-edge, shown-value and degenerate cases of one section (tests/test_rules_edges)."""
    return ["tests/test_rules_edges.py", "-k", section_id]


def degenerate(section_id: str) -> list[str]:
    """The degenerate and singular cases of one section alone (the last of its edge tests)."""
    return ["tests/test_rules_edges.py", "-k", f"degenerate and {section_id}"]


def untidy(section_id: str) -> list[str]:
    """Class 4: one section built at its untidy settings against the field pins."""
    return ["tests/test_untidy.py", "-k", f"untidy_parameters and {section_id}"]


#: P10's guard: its section id (pre-10-lab) does not contain its module's name (gradcheck)
P10_GUARD = ["tests/test_values_gradcheck.py", "tests/test_golden.py", "tests/test_harness.py",
             "-k", "gradcheck or pre-10"]

#: P6's scene mutants: its goldens and harness (no training, no peer)
P6_SCENE = ["tests/test_golden.py", "tests/test_harness.py", "-k", "word2vec"]

#: the check that both languages state the same values (a wrong field in one variant)
LANGS_AGREE = ["tests/test_rules_edges.py", "-k", "both_languages"]


# (id, file, find, replace, tests) — `find` must occur exactly once in `file`.
MUTANTS: list[tuple[str, str, str, str, list[str]]] = [
    # ---- §01 -------------------------------------------------------------------------------
    ("s01-template-extra-char", "scenes/primer/recurrence.py",
     '"after step {t}: $h_{{{t}}}$ = {h}"', '"after step {t}: $h_{{{t}}}$ = {h}."',
     guard("recurrence")),
    ("s01-neighbour-state", "scenes/primer/recurrence.py",
     'values.add(self.value(f"states[{t}]"', 'values.add(self.value(f"states[{max(t - 1, 0)}]"',
     guard("recurrence")),
    ("s01-slope-wrong-point", "scenes/primer/recurrence.py",
     's=Val("tangent_slope[1]"))', 's=Val("tangent_slope[0]"))', guard("recurrence")),
    ("s01-typed-hops", "scenes/primer/recurrence.py",
     '"en": "$h_0$ to $h_{{{hops}}}$: {hops} hop{hops_s}"', '"en": "$h_0$ to $h_{{{hops}}}$: 7 hops"',
     guard("recurrence")),
    ("s01-narration-neighbour", "scenes/primer/recurrence.py",
     "through {hops} multiplication{hops_s} by W_h",
     "through {hops} multiplication{hops_s} by W_h (8 in all)",
     guard("recurrence")),
    ("s01-bias-sign", "mathcore/primer/recurrence.py",
     'tr = scalar.recur(tokens, p["w_h"], p["w_x"], p["b"])',
     'tr = scalar.recur(tokens, p["w_h"], p["w_x"], -p["b"])',
     guard("recurrence")),
    ("s01-sweep-end", "mathcore/primer/recurrence.py",
     'final_state_at_zero=float(sweep_states[-1, -1])',
     'final_state_at_zero=float(sweep_states[-2, -1])',
     guard("recurrence")),
    ("s01-count-total-shows-recurrent", "scenes/primer/recurrence.py",
     'tot = self.value("count.total", "count", size=36',
     'tot = self.value("count.recurrent", "count", size=36', guard("recurrence")),
    ("s01-count-two-biases", "mathcore/primer/recurrence.py",
     'used["recurrent"], used["input"], used["bias"] = (d, d), (d, d_in), (d,)',
     'used["recurrent"], used["input"], used["bias"] = (d, d), (d, d_in), (d, 2)',
     guard("recurrence")),
    # ---- §02 -------------------------------------------------------------------------------
    ("s02-dims-verdict-fixed", "scenes/primer/vanishing.py",
     'self.say("dims.verdict.say", variant=case,',
     'self.say("dims.verdict.say", variant="grows",', guard("vanishing")),
    ("s02-dims-exponent-neighbour", "scenes/primer/vanishing.py",
     'self.settle(en, "dims_log_product"', 'self.settle(en, "dims_sweep_log_product[40]"',
     guard("vanishing")),
    ("s02-dims-norm-one-hop-short", "mathcore/primer/vanishing.py",
     "norm = 10.0 ** float(log_norm[-1])", "norm = 10.0 ** float(log_norm[-2])",
     guard("vanishing")),
    # ---- §03 -------------------------------------------------------------------------------
    ("s03-bias-fix-always-cited", "scenes/primer/gates.py",
     'self.say("bias.fix.say", v.bias_fix_case,', 'self.say("bias.fix.say", "recommended",',
     guard("gates")),
    ("s03-bias-fix-constant", "mathcore/primer/gates.py",
     "gate_1 = float(sigmoid(fix))", "gate_1 = float(sigmoid(BIAS_RECOMMENDED))",
     guard("gates")),
    ("s03-gru-cell-shows-kept", "scenes/primer/gates.py",
     'self.settle(cn, "gru_cell")', 'self.settle(cn, "gru_kept")', guard("gates")),
    # ---- §05 -------------------------------------------------------------------------------
    ("s05-score-shows-weight", "scenes/primer/attention.py",
     'scores = VGroup(*[self.value(f"example_scores[{j}]", "dec:2"',
     'scores = VGroup(*[self.value(f"example_weights[{j}]", "dec:2"', guard("attention")),
    ("s05-scores-unscaled", "mathcore/primer/attention.py",
     "scores = k @ q / np.sqrt(k.shape[1])", "scores = k @ q", guard("attention")),
    ("s05-verdict-fixed", "scenes/primer/attention.py",
     'verdict = self.text("cost.verdict", variant=v.cheaper,',
     'verdict = self.text("cost.verdict", variant="attention",', guard("attention")),
    ("s05-path-one-edge", "scenes/primer/attention.py",
     'variant="zero" if k == 0 else ("one" if k == 1 else "many")',
     'variant="one" if k <= 1 else "many"', guard("attention")),
    ("s05-narration-neighbour", "scenes/primer/attention.py",
     'd=Val("d", "count"), rec=Val("cost.recurrent", "count"),',
     'd=Val("d", "count"), rec=Val("cost.attention", "count"),', guard("attention")),
    ("s05-attention-path-length", "mathcore/primer/attention.py",
     'path_length={"recurrent": k, "attention": min(k, 1)},',
     'path_length={"recurrent": k, "attention": 1},', guard("attention")),
    # ---- §06 -------------------------------------------------------------------------------
    ("s06-ratio-as-count", "scenes/primer/cheatsheet.py",
     'r_val = self.text("kv.times", size=L, r=Val("ratio", "ratio"))',
     'r_val = self.text("kv.times", size=L, r=Val("ratio", "count"))', guard("cheatsheet")),
    ("s06-narration-gqa-for-full", "scenes/primer/cheatsheet.py",
     'kv=Val("kv_cache_bytes", "bytes"), state=Val("state_bytes", "bytes"),',
     'kv=Val("kv_cache_bytes_gqa", "bytes"), state=Val("state_bytes", "bytes"),',
     guard("cheatsheet")),
    ("s06-gqa-variant-fixed", "scenes/primer/cheatsheet.py",
     'self.say("kv.gqa.say", variant=v.gqa_compare,',
     'self.say("kv.gqa.say", variant="smaller",', guard("cheatsheet")),
    ("s06-tight-symbol-fixed", "scenes/primer/cheatsheet.py",
     "variant=v.tight_case)", 'variant="many")', guard("cheatsheet")),
    ("s06-tight-narration-fixed", "scenes/primer/cheatsheet.py",
     'self.say("tight.at.say", variant=v.tight_case,',
     'self.say("tight.at.say", variant="many",', guard("cheatsheet")),
    ("s06-tight-cost-as-decimal", "scenes/primer/cheatsheet.py",
     'v=Val(f"tight_cost.{side}", "texcount"))', 'v=Val(f"tight_cost.{side}", "tex"))',
     guard("cheatsheet")),
    ("s06-one-of-k-v", "mathcore/primer/cheatsheet.py",
     'return 2 * layers * (width // query_heads) * kv_heads * bytes_per_value * context',
     'return layers * (width // query_heads) * kv_heads * bytes_per_value * context',
     guard("cheatsheet")),
    # ---- class 1: frames between holds --------------------------------------------------------
    # (issue 20) a sweep's frames checked at sampled points against what it declares it follows.
    # L7 variants and L8 ledger play no sweep (see NOT_APPLICABLE); §04's two stepped sweeps
    # are Transforms, declared with a Live and read after every step.
    ("c1-s01-readout-previous-point", "scenes/primer/recurrence.py",
     "live.number(zn, lambda j: v.tangent_sweep_z[j],",
     "live.number(zn, lambda j: v.tangent_sweep_z[max(j - 1, 0)],", sweep_guard("recurrence")),
    ("c1-s02-readout-previous-point", "scenes/primer/vanishing.py",
     "sweep.number(mn, lambda j: v.bars_sweep_max[j],",
     "sweep.number(mn, lambda j: v.bars_sweep_max[max(j - 1, 0)],", sweep_guard("vanishing")),
    ("c1-s03-cell-computed-in-scene", "scenes/primer/gates.py",
     "live.number(cn, lambda j: v.track_sweep_cell[j],",
     "live.number(cn, lambda j: v.track_sweep_forget[j] * v.track_sweep_input[j],",
     sweep_guard("gates")),
    ("c1-s03-dot-neighbour-index", "scenes/primer/gates.py",
     "dot = live.redraw(lambda j: Dot(ax.c2p(float(v.bias_path[j]),",
     "dot = live.redraw(lambda j: Dot(ax.c2p(float(v.bias_path[min(j + 1, last)]),",
     sweep_guard("gates")),
    ("c1-s05-sweep-ends-early", "scenes/primer/attention.py",
     "live.play(s.animate.set_value(last), run_time=self.left(0.9), rate_func=smooth)",
     "live.play(s.animate.set_value(last - 1), run_time=self.left(0.9), rate_func=smooth)",
     sweep_guard("attention")),
    ("c1-s06-context-previous-point", "scenes/primer/cheatsheet.py",
     "            new = context_now(j)\n",
     "            new = context_now(max(j - 1, 0))\n", sweep_guard("cheatsheet")),
    ("c1-l1-forget-neighbour-point", "scenes/lstm_chapter/why.py",
     "lambda j: v.bias_sweep_mean_forget[j],",
     "lambda j: v.bias_sweep_mean_forget[min(j + 1, len(v.bias_sweep) - 1)],",
     sweep_guard("why")),
    ("c1-l2-sweep-ends-early", "scenes/lstm_chapter/cell.py",
     "live.play(k.animate.set_value(last), run_time=self.left(0.6, least=4.0), rate_func=linear)",
     "live.play(k.animate.set_value(last - 1), run_time=self.left(0.6, least=4.0), rate_func=linear)",
     sweep_guard("cell")),
    ("c1-l3-bar-neighbour-index", "scenes/lstm_chapter/conveyor.py",
     "kept_bar = live.redraw(lambda i: bar(float(v.sweep_kept[i]),",
     "kept_bar = live.redraw(lambda i: bar(float(v.sweep_kept[min(i + 1, len(v.sweep_kept) - 1)]),",
     sweep_guard("conveyor")),
    ("c1-l4-dot-previous-point", "scenes/lstm_chapter/sandbox.py",
     "dot = live.redraw(lambda j: Dot(ax.c2p(float(v.sweep_forget[j]),",
     "dot = live.redraw(lambda j: Dot(ax.c2p(float(v.sweep_forget[max(j - 1, 0)]),",
     sweep_guard("sandbox")),
    ("c1-l5-steps-end-early", "scenes/lstm_chapter/trace.py",
     "for t in range(self.idx() + 1, last + 1):", "for t in range(self.idx() + 1, last):",
     sweep_guard("trace")),
    ("c1-l5-half-life-computed-in-scene", "scenes/live.py",
     "Val(path.format(i=i), fmt)", "Val(path.format(i=max(i - 1, 0)), fmt)",
     sweep_guard("trace")),
    ("c1-l6-hidden-computed-in-scene", "scenes/lstm_chapter/gru.py",
     'live.number(m, lambda j, arr=getattr(v, name): arr[j], path=name + "[{i}]")',
     'live.number(m, (lambda j: v.sweep_keep[j] * v.sweep_x[j]) if name == "sweep_hidden" '
     'else (lambda j, arr=getattr(v, name): arr[j]), path=name + "[{i}]")', sweep_guard("gru")),
    # a live shape bound to the neighbour index, one per kind of measured shape
    ("c1-s01-tangent-neighbour-index", "scenes/primer/recurrence.py",
     "zz, yy, s = v.tangent_sweep_z[j], v.tangent_sweep_tanh[j], v.tangent_sweep_slope[j]",
     "zz, yy, s = v.tangent_sweep_z[j], v.tangent_sweep_tanh[j], "
     "v.tangent_sweep_slope[max(j - 1, 0)]", sweep_guard("recurrence")),
    ("c1-s01-state-bar-neighbour-index", "scenes/primer/recurrence.py",
     "h = float(v.sweep_states[j, t])", "h = float(v.sweep_states[max(j - 1, 0), t])",
     sweep_guard("recurrence")),
    ("c1-s02-hop-bar-neighbour-index", "scenes/primer/vanishing.py",
     "zz, f, s = v.hop_sweep_z[j], v.hop_sweep_factor[j], v.hop_sweep_slope[j]",
     "zz, f, s = v.hop_sweep_z[j], v.hop_sweep_factor[max(j - 1, 0)], v.hop_sweep_slope[j]",
     sweep_guard("vanishing")),
    ("c1-s02-clip-bar-neighbour-index", "scenes/primer/vanishing.py",
     "x0, x1 = line.n2p(0), line.n2p(v.clip_sweep_norm[j])",
     "x0, x1 = line.n2p(0), line.n2p(v.clip_sweep_norm[max(j - 1, 0)])",
     sweep_guard("vanishing")),
    ("c1-s03-track-neighbour-index", "scenes/primer/gates.py",
     "w = float(v.track_sweep_written[j])", "w = float(v.track_sweep_written[max(j - 1, 0)])",
     sweep_guard("gates")),
    ("c1-l1-dot-neighbour-index", "scenes/lstm_chapter/why.py",
     "dot = live.redraw(lambda i: Dot(self.pt(int(v.step_index[i]), float(logs[i])),",
     "dot = live.redraw(lambda i: Dot(self.pt(int(v.step_index[i]), float(logs[max(i - 1, 0)])),",
     sweep_guard("why")),
    ("c1-l3-cell-bar-neighbour-index", "scenes/lstm_chapter/conveyor.py",
     "c = float(v.cell[t, j])", "c = float(v.cell[max(t - 1, 0), j])", sweep_guard("conveyor")),
    ("c1-l6-keep-bar-neighbour-index", "scenes/lstm_chapter/gru.py",
     "keep = live.redraw(lambda j: part(0.0, float(v.sweep_keep[j]), P.forget),",
     "keep = live.redraw(lambda j: part(0.0, float(v.sweep_keep[max(j - 1, 0)]), P.forget),",
     sweep_guard("gru")),
    # every live shape measured (issue 20, class 1): a shape bound to the neighbour index, one
    # per kind newly measured, and §04's stepped sweeps (Transforms read after every step)
    ("c1-s01-chain-ticks-neighbour-index", "scenes/primer/recurrence.py",
     "drawn = int(v.count_sweep_ticks[j])", "drawn = int(v.count_sweep_ticks[max(j - 1, 0)])",
     sweep_guard("recurrence")),
    ("c1-s02-factor-bars-neighbour-index", "scenes/primer/vanishing.py",
     "live = sweep.redraw(lambda j: bars_of(v.bars_sweep_factors[j],",
     "live = sweep.redraw(lambda j: bars_of(v.bars_sweep_factors[max(j - 1, 0)],",
     sweep_guard("vanishing")),
    ("c1-s02-product-curve-one-hop-short", "scenes/primer/vanishing.py",
     "c.set_points_as_corners(pts[:j + 1] if j else pts[:1] * 2)",
     "c.set_points_as_corners(pts[:j] if j > 1 else pts[:1] * 2)", sweep_guard("vanishing")),
    ("c1-s02-spectrum-neighbour-index", "scenes/primer/vanishing.py",
     "sv = v.dims_sweep_singular[j]", "sv = v.dims_sweep_singular[max(j - 1, 0)]",
     sweep_guard("vanishing")),
    ("c1-s03-fk-line-neighbour-index", "scenes/primer/gates.py",
     "return ax.plot_line_graph(v.curve_k, v.forget_sweep_curves[j],",
     "return ax.plot_line_graph(v.curve_k, v.forget_sweep_curves[max(j - 1, 0)],",
     sweep_guard("gates")),
    ("c1-s04-share-block-previous-step", "scenes/primer/limits.py",
     "Transform(block, share_block(i))", "Transform(block, share_block(i - 1))",
     sweep_guard("limits")),
    ("c1-s04-busy-count-previous-stop", "scenes/primer/limits.py",
     'b=Val(f"busy_after_step[{stop}]", "count"),',
     'b=Val(f"busy_after_step[{max(stop - 1, 0)}]", "count"),', sweep_guard("limits")),
    ("c1-s05-grid-neighbour-index", "scenes/primer/attention.py",
     "            outline(int(v.grid_sweep_shown[j])),\n",
     "            outline(int(v.grid_sweep_shown[max(j - 1, 0)])),\n", sweep_guard("attention")),
    ("c1-s05-marker-neighbour-index", "scenes/primer/attention.py",
     "marker = live.redraw(lambda i: Dot(dots[i].get_center(),",
     "marker = live.redraw(lambda i: Dot(dots[max(i - 1, 0)].get_center(),",
     sweep_guard("attention")),
    ("c1-s05-crossing-dot-neighbour-index", "scenes/primer/attention.py",
     "dot = live.redraw(lambda j: Dot(cross_pt(j),",
     "dot = live.redraw(lambda j: Dot(cross_pt(max(j - 1, 0)),", sweep_guard("attention")),
    ("c1-s06-window-neighbour-index", "scenes/primer/cheatsheet.py",
     "m.move_to([start_x(row) + w * pitch / 2, y, 0])",
     "m.move_to([start_x(max(row - 1, 0)) + w * pitch / 2, y, 0])", sweep_guard("cheatsheet")),
    ("c1-s06-paint-neighbour-index", "scenes/primer/cheatsheet.py",
     "if v.gradient_mask[row, j]:", "if v.gradient_mask[max(row - 1, 0), j]:",
     sweep_guard("cheatsheet")),
    # the curve helper primer-06 (and pre-09) draw with: one point short
    ("c1-s06-kv-curve-one-point-short", "scenes/live.py",
     "ys[j]) for j in range(i + 1)]",
     "ys[j]) for j in range(max(i, 1))]", sweep_guard("cheatsheet")),
    ("c1-l1-curve-neighbour-index", "scenes/lstm_chapter/why.py",
     "curve = live.redraw(lambda i: self._curve(logs, color, i),",
     "curve = live.redraw(lambda i: self._curve(logs, color, min(i + 1, n - 1)),",
     sweep_guard("why")),
    ("c1-l3-cursor-neighbour-index", "scenes/lstm_chapter/conveyor.py",
     "cursor = live.redraw(lambda t: SurroundingRectangle(boxes[t],",
     "cursor = live.redraw(lambda t: SurroundingRectangle(boxes[max(t - 1, 0)],",
     sweep_guard("conveyor")),
    ("c1-l5-cursor-neighbour-index", "scenes/lstm_chapter/trace.py",
     "slots[i], color=P.highlight, buff=0.07", "slots[max(i - 1, 0)], color=P.highlight, buff=0.07",
     sweep_guard("trace")),
    ("c1-l5-gate-fill-neighbour-index", "scenes/lstm_chapter/trace.py",
     "w = max(1e-3, TRACK_W * scale * float(getattr(v, attr)[i, j]))",
     "w = max(1e-3, TRACK_W * scale * float(getattr(v, attr)[max(i - 1, 0), j]))",
     sweep_guard("trace")),
    ("c1-l5-chart-cursor-neighbour-index", "scenes/lstm_chapter/trace.py",
     "ax.c2p(i + 1, 0), ax.c2p(i + 1, top)", "ax.c2p(i, 0), ax.c2p(i, top)",
     sweep_guard("trace")),
    # ---- class 3: sizes that differ ----------------------------------------------------------
    # (issue 20) counts that read one size for another, caught only where the sizes differ
    # (tests/test_sizes.py). Sections with no pair of sizes in one shown formula: see the
    # class-3 part of NOT_APPLICABLE.
    ("c3-s01-input-weights-square", "mathcore/primer/recurrence.py",
     'used["recurrent"], used["input"], used["bias"] = (d, d), (d, d_in), (d,)',
     'used["recurrent"], used["input"], used["bias"] = (d, d), (d, d), (d,)',
     size_guard("recurrence")),
    # §05 attention's costs: n steps of a d x d product read as n x n, and the reverse; the
    # direct connection's n states of d numbers read as d of d
    ("c3-s05-recurrent-cost-n-n-d", "mathcore/primer/attention.py",
     'return {"recurrent": n * d * d, "attention": n * n * d}',
     'return {"recurrent": n * n * d, "attention": n * n * d}', size_guard("attention")),
    ("c3-s05-attention-cost-n-d-d", "mathcore/primer/attention.py",
     'return {"recurrent": n * d * d, "attention": n * n * d}',
     'return {"recurrent": n * d * d, "attention": n * d * d}', size_guard("attention")),
    ("c3-s05-direct-numbers-square", "mathcore/primer/attention.py",
     "direct_numbers=n * d,", "direct_numbers=d * d,", size_guard("attention")),
    # §02's bars: factor_steps of them even on a shorter chain; L1's inbox window of 3 steps
    # even when the run has 2
    ("c3-s02-bars-past-the-chain", "mathcore/primer/vanishing.py",
     'k = min(int(p["factor_steps"]), int(p["chain_length"]))', 'k = int(p["factor_steps"])',
     size_guard("vanishing")),
    ("c3-l01-inbox-window-past-the-steps", "mathcore/lstm_chapter/why.py",
     "inbox_steps=min(INBOX_STEPS, n),", "inbox_steps=INBOX_STEPS,", size_guard("why")),
    # §04's share per token: the state's width over the recall distance, not the tokens
    ("c3-s04-share-over-recall", "mathcore/primer/limits.py",
     "share_per_token=width / n,", 'share_per_token=width / p["recall_tokens"],',
     size_guard("limits")),
    ("c3-s06-kv-heads-for-query-heads", "mathcore/primer/cheatsheet.py",
     "return 2 * layers * (width // query_heads) * kv_heads * bytes_per_value * context",
     "return 2 * layers * (width // kv_heads) * query_heads * bytes_per_value * context",
     size_guard("cheatsheet")),
    ("c3-l7-peephole-per-input", "mathcore/lstm_chapter/variants.py",
     '"peephole": lstm + PEEPHOLE_GATES * h,', '"peephole": lstm + PEEPHOLE_GATES * d,',
     size_guard("variants")),
    ("c3-l7-convlstm-bias-per-input", "mathcore/lstm_chapter/variants.py",
     '"convlstm": taps * 4 * h * (h + d) + 4 * h,', '"convlstm": taps * 4 * h * (h + d) + 4 * d,',
     size_guard("variants")),
    ("c3-l8-lstm-bias-per-input", "mathcore/lstm_chapter/ledger.py",
     "return 4 * h * (h + d) + 4 * h", "return 4 * h * (h + d) + 4 * d", size_guard("ledger")),
    ("c3-l8-rnn-square", "mathcore/lstm_chapter/ledger.py",
     "return h * (h + d) + h", "return h * (h + h) + h", size_guard("ledger")),

    # ---- class 2: the edges of sentence rules (issue 20) -----------------------------------
    # L6 chooses no sentence among variants (NOT_APPLICABLE); §01's and L2's rules are the
    # degenerate sweeps' (class 6 below): a tolerance where the shown numbers must be equal.
    ("c2-s01-sweep-tolerance", "scenes/primer/recurrence.py",
     'same = self.shown_value("param.w_h", "num") == self.shown_value(f"sweep_w_h[{last}]", "num")',
     'same = abs(self.shown_value("param.w_h", "num")) < 1e-3', edges("primer-01-recurrence")),
    ("c2-l02-start-tolerance", "scenes/lstm_chapter/cell.py",
     'at = self.shown_value(path, "num") == self.shown_value("sweep_lo", "num")',
     'at = abs(self.shown_value(path, "num") - self.shown_value("sweep_lo", "num")) <= 1e-3',
     edges("lstm-02-cell")),
    ("c2-s02-clip-at-threshold", "scenes/primer/vanishing.py",
     'above = self.shown_value(path, fmt) > self.shown_value("param.clip_threshold", "num")',
     'above = self.shown_value(path, fmt) >= self.shown_value("param.clip_threshold", "num")',
     edges("primer-02-vanishing")),
    ("c2-s03-bias-fix-tolerance", "mathcore/primer/gates.py",
     "BIAS_EQUAL_TOL = 5e-4", "BIAS_EQUAL_TOL = 2e-3", edges("primer-03-gates")),
    ("c2-s04-track-tolerance", "mathcore/primer/limits.py",
     "def versus(total: float, track: float = 1.0, tol: float = 1e-9)",
     "def versus(total: float, track: float = 1.0, tol: float = 2e-3)", edges("primer-04-limits")),
    ("c2-s05-verdict-le", "mathcore/primer/attention.py",
     'cheaper="attention" if n < d else', 'cheaper="attention" if n <= d else',
     edges("primer-05-attention")),
    ("c2-s06-window-strict", "scenes/primer/cheatsheet.py",
     'variant="full" if w >= n else "truncated"', 'variant="full" if w > n else "truncated"',
     edges("primer-06-cheatsheet")),
    ("c2-l01-flat-strict", "mathcore/lstm_chapter/why.py",
     "    if decades >= FLAT_DECADES:", "    if decades > FLAT_DECADES:", edges("lstm-01-why")),
    ("c2-l03-all-from-099", "mathcore/lstm_chapter/conveyor.py",
     "    if forget >= 1.0:", "    if forget >= 0.99:", edges("lstm-03-conveyor")),
    ("c2-l04-alive-strict", "mathcore/lstm_chapter/sandbox.py",
     'return "alive" if retention >= ALIVE_FRACTION else "faded"',
     'return "alive" if retention > ALIVE_FRACTION else "faded"', edges("lstm-04-sandbox")),
    ("c2-l05-half-le", "scenes/lstm_chapter/trace.py",
     '< 1.0 else "after"', '<= 1.0 else "after"', edges("lstm-05-trace")),
    ("c2-l07-drawn-cap", "mathcore/lstm_chapter/variants.py",
     "MAX_DRAWN_STEPS = 16", "MAX_DRAWN_STEPS = 15", edges("lstm-07-variants")),
    ("c2-l08-band-15", "mathcore/lstm_chapter/ledger.py",
     "CLOSE_FACTOR = 1.05", "CLOSE_FACTOR = 1.5", edges("lstm-08-ledger")),
    # ---- class 4: formats and narration off the defaults (issue 20) ------------------------
    # a variant only off-default settings select states a neighbouring value in one language
    ("c4-s02-passes-states-threshold", "scenes/primer/vanishing.py",
     '"en": "Here the norm, {n}, is not above the threshold {th},',
     '"en": "Here the norm, {th}, is not above the threshold {th},', LANGS_AGREE),
    ("c4-s03-same-states-old-retention", "scenes/primer/gates.py",
     '"en": "With bias {b1}, f is {g1} and {r1} is left after {n} step{n_s}: to the digits',
     '"en": "With bias {b1}, f is {g1} and {r0} is left after {n} step{n_s}: to the digits',
     LANGS_AGREE),
    ("c4-l03-all-states-neighbour", "scenes/lstm_chapter/conveyor.py",
     '"en": "$f$ = {f}: the whole old balance stays"',
     '"en": "$f$ = {f}: the whole old balance stays ({kept})"', LANGS_AGREE),
    # a claim rounding f to one decimal: 0.9 at the defaults reads the same, the pin does not
    ("c4-l04-state-rounds-f", "scenes/lstm_chapter/sandbox.py",
     '                       f=Val("forget", "num"), i=Val("input", "num"),\n'
     '                       r=Val("cat_retention", "fmt:2"), a=a)',
     '                       f=Val("forget", "num:1"), i=Val("input", "num"),\n'
     '                       r=Val("cat_retention", "fmt:2"), a=a)',
     ["tests/test_harness.py", "-k", "pinned and lstm-04-sandbox"]),
    # a field in a format with too few decimals, or from a neighbouring path, that the tidy
    # defaults hide (1.4, 0.3, 24, 80, h = d = 512): the untidy settings
    # (tests/test_untidy.py) show another string than the field pins (tests/pins/fields/)
    ("c4-s01-sweep-claim-one-decimal", "scenes/primer/recurrence.py",
     'self.claim("sweep", w=Val("param.w_h", "num"),',
     'self.claim("sweep", w=Val("param.w_h", "num:1"),',
     untidy("primer-01-recurrence")),
    ("c4-s04-gru-write-one-decimal", "scenes/primer/limits.py",
     'gw=Val("gru_write", "num"))', 'gw=Val("gru_write", "num:1"))',
     untidy("primer-04-limits")),
    ("c4-s05-long-count-unseparated", "scenes/primer/attention.py",
     'n_long=Val("n_long", "count"), direct=', 'n_long=Val("n_long", "int"), direct=',
     untidy("primer-05-attention")),
    # a variant's narration (the card it fits or exceeds) with its size to one decimal
    ("c4-s06-card-narration-one-decimal", "scenes/primer/cheatsheet.py",
     'acc=Val("accelerator_gib", "num"), kv=Val("kv_cache_bytes", "bytes"))',
     'acc=Val("accelerator_gib", "num:1"), kv=Val("kv_cache_bytes", "bytes"))',
     untidy("primer-06-cheatsheet")),
    ("c4-l1-base-bias-one-decimal", "scenes/lstm_chapter/why.py",
     '                          b=Val("param.base_forget_bias", "num"))',
     '                          b=Val("param.base_forget_bias", "num:1"))',
     untidy("lstm-01-why")),
    ("c4-l2-sweep-x-one-decimal", "scenes/lstm_chapter/cell.py",
     'self.claim("sweep_x", x=Val("param.x", "num"),',
     'self.claim("sweep_x", x=Val("param.x", "num:1"),',
     untidy("lstm-02-cell")),
    # the sentence's gate (0.7503, the trace's) read from the parameter (0.75 at the defaults)
    ("c4-l5-half-narration-reads-param", "scenes/lstm_chapter/trace.py",
     'tf=Val("trace_forget", "fmt:2"), th=', 'tf=Val("forget_param", "fmt:2"), th=',
     untidy("lstm-05-trace")),
    ("c4-l6-step-claim-one-decimal", "scenes/lstm_chapter/gru.py",
     'self.claim("step", x=Val("x", "num"), h=Val("h_prev", "num"))',
     'self.claim("step", x=Val("x", "num"), h=Val("h_prev", "num:1"))',
     untidy("lstm-06-gru")),
    ("c4-l7-four-claim-reads-h-for-d", "scenes/lstm_chapter/variants.py",
     'self.claim("four", h=Val("h", "int"), d=Val("d", "int"))',
     'self.claim("four", h=Val("h", "int"), d=Val("h", "int"))',
     untidy("lstm-07-variants")),
    ("c4-l8-ledger-narration-reads-h-for-d", "scenes/lstm_chapter/ledger.py",
     'self.claim("ledger", h=Val("h", "count"), d=Val("d", "count"),',
     'self.claim("ledger", h=Val("h", "count"), d=Val("h", "count"),',
     untidy("lstm-08-ledger")),
    # ---- class 5: a choice made on the exact value, a number shown rounded (issue 20) ------
    # §01, §05 and L6: see NOT_APPLICABLE.
    ("c5-s02-clip-exact", "scenes/primer/vanishing.py",
     'self.say("clip.case.say", variant=self._clip_case(),',
     'self.say("clip.case.say", variant=v.clip_case,', edges("primer-02-vanishing")),
    ("c5-s03-bias-exact", "scenes/primer/gates.py",
     'self.say("bias.cmp", self._bias_side(),', 'self.say("bias.cmp", v.bias_vs_fix,',
     edges("primer-03-gates")),
    ("c5-s04-sum-exact", "scenes/primer/limits.py",
     'self.say("lstm.sum", versus(self.shown_value("lstm_total", "num")),',
     'self.say("lstm.sum", v.lstm_vs_track,', edges("primer-04-limits")),
    ("c5-s06-card-fraction-exact", "scenes/primer/cheatsheet.py",
     'fits = "exceeds" if cache > card else ("most" if frac > 0.5 else "fits")',
     "fits = v.accelerator_share", edges("primer-06-cheatsheet")),
    # x = -2.0004 shows "-2", the sweep's first end: decided on the exact value it says "from -2"
    ("c5-l02-start-exact", "scenes/lstm_chapter/cell.py",
     'at = self.shown_value(path, "num") == self.shown_value("sweep_lo", "num")',
     'at = float(self.params[path.split(".")[1]]) == float(self.v.sweep_lo)',
     edges("lstm-02-cell")),
    # attention over the RNN 1.0033 shows "1": decided on the exact value it says "1× the RNN"
    ("c5-l07-ratio-exact", "scenes/lstm_chapter/variants.py",
     'same = self.shown_value(r.path, "ratio") == 1.0',
     "same = float(getattr(self.v, r.path)) == 1.0", edges("lstm-07-variants")),
    ("c5-l01-decades-exact", "scenes/lstm_chapter/why.py",
     'note = self.text("turn.note", variant=self._case("lstm_decades_turned"),',
     'note = self.text("turn.note", variant=v.lstm_turned_case,', edges("lstm-01-why")),
    ("c5-l03-share-exact", "scenes/lstm_chapter/conveyor.py",
     'variant=keep_share(self.shown_value("forget_param", "num"))', "variant=v.param_share",
     edges("lstm-03-conveyor")),
    ("c5-l04-alive-exact", "scenes/lstm_chapter/sandbox.py",
     'return cat_state(self.shown_value(retention, "fmt:2"), self.v.cat_written)',
     "return cat_state(float(getattr(self.v, retention)), self.v.cat_written)",
     edges("lstm-04-sandbox")),
    ("c5-l05-half-exact", "scenes/lstm_chapter/trace.py",
     'kind = "within" if self.shown_value("half_life", "fmt:2") < 1.0 else "after"',
     "kind = v.half_kind", edges("lstm-05-trace")),
    ("c5-l08-ratio-exact", "scenes/lstm_chapter/ledger.py",
     'if cmp == "close" and self.shown_value("layer_ratio", "ratio") >= CLOSE_FACTOR:',
     "if False:", edges("lstm-08-ledger")),
    # ---- class 6: degenerate and singular cases (issue 20) ---------------------------------
    # a sweep from a value to itself, a count of 1 before a plural noun, a ratio of 1 stated
    # as "1 times", a bound no legal value meets (the sections without any: NOT_APPLICABLE)
    ("c6-shared-plural-ignored", "scenes/style.py",
     'return "" if float(x) == 1.0 else ending', "return ending", edges("primer-04-limits")),
    ("c6-s03-steps-plural", "scenes/primer/gates.py",
     "is left after {n} step{n_s}: more than", "is left after {n} steps: more than",
     edges("primer-03-gates")),
    ("c6-s04-numbers-plural", "scenes/primer/limits.py",
     '"en": "The state is always {w} number{w_s}.', '"en": "The state is always {w} numbers.',
     edges("primer-04-limits")),
    ("c6-s05-never-crossing", "scenes/primer/attention.py",
     'sides_case = "never" if v.d == 1 else "crossing"', 'sides_case = "crossing"',
     degenerate("primer-05-attention")),
    ("c6-s05-below-label-kept", "scenes/primer/attention.py",
     'self.text("cost.below", variant=sides_case,', 'self.text("cost.below", variant="crossing",',
     degenerate("primer-05-attention")),
    ("c6-s05-grid-sweep-from-itself", "scenes/primer/attention.py",
     'variant="one" if v.n == 1 else "sweep"', 'variant="sweep"', degenerate("primer-05-attention")),
    ("c6-s05-multiply-adds-plural", "scenes/primer/attention.py",
     "each need {rec} multiply-add{rec_s}.", "each need {rec} multiply-adds.",
     degenerate("primer-05-attention")),
    ("c6-s01-sweep-from-zero-to-zero", "scenes/primer/recurrence.py",
     'n=Val("length", "int"), variant="same" if same else "sweep")',
     'n=Val("length", "int"), variant="sweep")',
     degenerate("primer-01-recurrence")),
    ("c6-s02-sweep-to-itself", "scenes/primer/vanishing.py",
     'self.say("bars.sweep.say", variant=drag,',
     'self.say("bars.sweep.say", variant="up",', degenerate("primer-02-vanishing")),
    ("c6-s06-one-times-the-card", "scenes/primer/cheatsheet.py",
     "        if frac == 1.0:", "        if False:", degenerate("primer-06-cheatsheet")),
    ("c6-l01-decades-plural", "scenes/lstm_chapter/why.py",
     "{step} decade{step_s} a grid line", "{step} decades a grid line", degenerate("lstm-01-why")),
    ("c6-l02-sweep-from-itself", "scenes/lstm_chapter/cell.py",
     'return "at_lo" if at else "away"', 'return "away"', degenerate("lstm-02-cell")),
    ("c6-l07-one-times-the-rnn", "scenes/lstm_chapter/variants.py",
     'variant="same" if same else "times",', 'variant="times",', degenerate("lstm-07-variants")),
    ("c6-s06-layers-plural", "scenes/primer/cheatsheet.py",
     "{layers} layer{layers_s}", "{layers} layers", edges("primer-06-cheatsheet")),
    ("c6-l01-sweep-to-itself", "scenes/lstm_chapter/why.py",
     'self.claim("turn", "same" if same else "sweep",', 'self.claim("turn", "sweep",',
     edges("lstm-01-why")),
    ("c6-l08-layers-plural", "scenes/lstm_chapter/ledger.py",
     "a stack of {k} layer{k_s}", "a stack of {k} layers", edges("lstm-08-ledger")),

    # ---- pre-01 ----------------------------------------------------------------------------
    ("p1-template-extra-char", "scenes/prehistory/construction.py",
     '"window: {w} token{w_s}"', '"window: {w} token{w_s}."', guard("construction")),
    ("p1-neighbour-count", "scenes/prehistory/construction.py",
     '("shared", {}, "shared.total")', '("shared", {}, "shared.recurrent")',
     guard("construction")),
    ("p1-narration-neighbour", "scenes/prehistory/construction.py",
     'self.say("pad.say", t=t_cap, n=Val("padded.input_size", "count"),',
     'self.say("pad.say", t=t_cap, n=Val("padded.weights", "count"),', guard("construction")),
    ("p1-one-layer-short", "mathcore/prehistory/construction.py",
     '"total": t_max * one}', '"total": (t_max - 1) * one}', guard("construction")),
    ("c1-p1-bar-neighbour-index", "scenes/prehistory/construction.py",
     "w = max(full * float(arr[j]) / top, 1e-3)",
     "w = max(full * float(arr[max(j - 1, 0)]) / top, 1e-3)", sweep_guard("construction")),
    ("c2-p1-distance-off-by-one", "mathcore/prehistory/construction.py",
     'distance = len(FAR_SENTENCE["en"]) - 1 - FAR_REFERENT',
     'distance = len(FAR_SENTENCE["en"]) - FAR_REFERENT', edges("pre-01-construction")),
    ("c3-p1-input-width-as-state-width", "mathcore/prehistory/construction.py",
     "shared = unrolled_param_count(t_max, d, d_x)", "shared = unrolled_param_count(t_max, d, d)",
     guard("construction")),
    ("c4-p1-zero-share-whole-percent", "scenes/prehistory/construction.py",
     'dfields = {"z": Val("zero_percent", "fmt:1")} if key == "pad" else {}',
     'dfields = {"z": Val("zero_percent", "fmt:0")} if key == "pad" else {}',
     untidy("pre-01-construction")),
    ("c5-p1-window-reaches-strictly", "mathcore/prehistory/construction.py",
     "far_seen=window >= distance,", "far_seen=window > distance,", edges("pre-01-construction")),
    ("c6-p1-window-box-unclipped", "mathcore/prehistory/construction.py",
     "window_drawn=min(window, distance),", "window_drawn=window,",
     degenerate("pre-01-construction")),
    # ---- P5 deep and bidirectional (all classes) -------------------------------------------
    ("p05-uni-count-reads-bi", "scenes/prehistory/deep.py",
     'cu = self.text("reach.count", size=style.LABEL_SIZE, k=Val("total_uni", "count"),',
     'cu = self.text("reach.count", size=style.LABEL_SIZE, k=Val("total_bi", "count"),',
     guard("deep")),
    ("p05-typed-future-count", "scenes/prehistory/deep.py",
     "and the bidirectional y_0 needs {f} input{f_s} from the future.",
     "and the bidirectional y_0 needs 5 inputs from the future.", guard("deep")),
    ("p05-direct-without-bias", "mathcore/prehistory/deep.py",
     '"direct_params": V * d + V,', '"direct_params": V * d,', guard("deep")),
    ("p05-last-reads-previous-state", "mathcore/prehistory/deep.py",
     '"last": float(norms[-1]),', '"last": float(norms[-2]),', guard("deep")),
    ("c1-p05-running-mean-neighbour-index", "scenes/prehistory/deep.py",
     "p = path.format(i=j)", "p = path.format(i=max(j - 1, 0))", sweep_guard("deep")),
    ("c1-p05-bars-one-short", "scenes/prehistory/deep.py",
     "for t in range(j + 1):", "for t in range(max(j, 1)):", sweep_guard("deep")),
    ("c2-p05-projection-ties-as-fewer", "scenes/prehistory/deep.py",
     'return "fewer" if a < b else ("same" if a == b else "more")',
     'return "fewer" if a <= b else ("same" if a == b else "more")',
     edges("pre-05-deep-bidirectional")),
    ("c3-p05-projection-square", "mathcore/prehistory/deep.py",
     '"projected_params": r * d + V * r + V,', '"projected_params": r * r + V * r + V,',
     ["tests/test_values_deep.py"]),
    ("c4-p05-rho-one-decimal", "scenes/prehistory/deep.py",
     'self.say("pool.sweep.say", rho=Val("pool_rho", "num"))',
     'self.say("pool.sweep.say", rho=Val("pool_rho", "num:1"))',
     untidy("pre-05-deep-bidirectional")),
    ("c5-p05-pool-exact", "scenes/prehistory/deep.py",
     "cmp = self._pool_cmp()", "cmp = v.pool_cmp", edges("pre-05-deep-bidirectional")),
    ("c6-p05-one-layer-compared", "scenes/prehistory/deep.py",
     'variant = "one" if v.layers == 1 else "many"', 'variant = "many"',
     degenerate("pre-05-deep-bidirectional")),
    # ---- P3 spectral (every class in one block) ----------------------------------------------
    # class 0: the texts at holds
    ("p3-clipped-peak-shows-unclipped", "scenes/prehistory/spectral.py",
     'r=Val("rhos[2]", "num"), c=Val("clipped_max[2]"))',
     'r=Val("rhos[2]", "num"), c=Val("max_norms[2]"))', guard("spectral")),
    ("p3-first-state-one-step-short", "mathcore/prehistory/spectral.py",
     "first_norms=norms[:, -1].copy()", "first_norms=norms[:, -2].copy()", guard("spectral")),
    ("p3-sigma-frobenius", "mathcore/prehistory/spectral.py",
     "sigma_max=np.array([float(np.linalg.norm(r.weight, 2)) for r in runs])",
     "sigma_max=np.array([float(np.linalg.norm(r.weight)) for r in runs])", guard("spectral")),
    ("p3-big-verdict-fixed", "scenes/prehistory/spectral.py",
     'self.say("big.say", variant=self._peak_case("max_norms[2]")',
     'self.say("big.say", variant="explodes"', guard("spectral")),
    ("p3-template-extra-char", "scenes/prehistory/spectral.py",
     '"{f} at $h_0$"', '"{f} at $h_0$."', guard("spectral")),
    ("p3-ratio-inverted", "mathcore/prehistory/spectral.py",
     "small_ratio=float(norms[0, -1] / norms[0, 0]),",
     "small_ratio=float(norms[0, 0] / norms[0, -1]),", guard("spectral")),
    ("p3-scalar-power-one-short", "mathcore/prehistory/spectral.py",
     "scalar_powers=rhos ** T,", "scalar_powers=rhos ** (T - 1),", guard("spectral")),
    # class 1: a growing curve one step behind its sweep's index
    ("c1-p3-curve-neighbour-index", "scenes/prehistory/spectral.py",
     "self._curve(logs, j, color,", "self._curve(logs, max(j - 1, 0), color,",
     sweep_guard("spectral")),
    # class 2: clipped only strictly above tau; vanished only strictly below 1e-10
    ("c2-p3-clip-at-threshold", "scenes/prehistory/spectral.py",
     'above = self._cmp(f"max_norms[{k}]", "param.tau", "fmt", "num") > 0',
     'above = self._cmp(f"max_norms[{k}]", "param.tau", "fmt", "num") >= 0',
     edges("pre-03-spectral")),
    ("c2-p3-floor-le", "scenes/prehistory/spectral.py",
     'return "below" if self._cmp("first_norms[0]", "page_floor") < 0 else "above"',
     'return "below" if self._cmp("first_norms[0]", "page_floor") <= 0 else "above"',
     edges("pre-03-spectral")),
    # class 3: the width read for the steps (d = 24, T = 40 in the chosen draws)
    ("c3-p3-d-for-T", "mathcore/prehistory/spectral.py",
     'return spectral(int(p["seed"]), int(p["d"]), int(p["T"]), tuple(p["rhos"]),',
     'return spectral(int(p["seed"]), int(p["T"]), int(p["d"]), tuple(p["rhos"]),',
     guard("spectral")),
    ("c3-p3-sentence-d-reads-T", "scenes/prehistory/spectral.py",
     'self.say("sweep.say", d=Val("d", "int"), T=Val("T", "int"),',
     'self.say("sweep.say", d=Val("T", "int"), T=Val("T", "int"),',
     ["tests/test_harness.py", "-k", "chosen_parameters and pre-03"]),
    # class 4: tau to one decimal (5 at the defaults); a variant only the linear runs select
    # stating a neighbouring value in one language
    ("c4-p3-clip-claim-one-decimal", "scenes/prehistory/spectral.py",
     'self.claim("clip", t=Val("param.tau", "num"), say=False)',
     'self.claim("clip", t=Val("param.tau", "num:1"), say=False)', untidy("pre-03-spectral")),
    ("c4-p3-linear-row-states-first-twice", "scenes/prehistory/spectral.py",
     '"en": "Row four, ρ = {r}: {l} one step back, {f} at h_0. The identity\'s slope is 1 "',
     '"en": "Row four, ρ = {r}: {f} one step back, {f} at h_0. The identity\'s slope is 1 "',
     LANGS_AGREE),
    # class 5: clipping decided on the exact norm (8.34684875 against tau 8.3468, both shown
    # "8.347")
    ("c5-p3-clip-exact", "scenes/prehistory/spectral.py",
     'above = self._cmp(f"max_norms[{k}]", "param.tau", "fmt", "num") > 0',
     'above = float(self.v.max_norms[k]) > float(self.params["tau"])',
     edges("pre-03-spectral")),
    # ---- P2 pre-02-bptt (all classes) -------------------------------------------------------
    ("p2-hold-extra-char", "scenes/prehistory/bptt.py",
     '"en": "sum of {T}: $\\\\partial L / \\\\partial W_h$ at ({i}, {j}) = {g}"}',
     '"en": "sum of {T}: $\\\\partial L / \\\\partial W_h$ at ({i}, {j}) = {g}."}',
     guard("bptt")),
    ("p2-first-state-shows-last", "scenes/prehistory/bptt.py",
     'b=Val("grad_first"))', 'b=Val("grad_last"))', guard("bptt")),
    ("p2-narration-neighbour", "scenes/prehistory/bptt.py",
     'self.say("product.memory.say", x1=Val("token_grad_first"), xT=Val("token_grad_last"))',
     'self.say("product.memory.say", x1=Val("token_grad_last"), xT=Val("token_grad_last"))',
     guard("bptt")),
    ("p2-contribution-from-h-t", "mathcore/prehistory/bptt.py",
     "contrib[t - 1] = np.outer(delta, h[t - 1])", "contrib[t - 1] = np.outer(delta, h[t])",
     guard("bptt")),
    ("p2-product-reversed", "mathcore/prehistory/bptt.py",
     "prod = ((1 - h[t] ** 2)[:, None] * w_h) @ prod",
     "prod = prod @ ((1 - h[t] ** 2)[:, None] * w_h)", guard("bptt")),
    ("c1-p2-running-sum-previous-point", "scenes/prehistory/bptt.py",
     "live.number(rn, lambda j: v.running_sum[j],",
     "live.number(rn, lambda j: v.running_sum[max(j - 1, 0)],", sweep_guard("bptt")),
    ("c1-p2-lab-curve-one-point-short", "scenes/prehistory/bptt.py",
     "c.set_points_as_corners([start, *pts[:j + 1]])",
     "c.set_points_as_corners([start, *pts[:max(j, 1)]])", sweep_guard("bptt")),
    ("c2-p2-clip-at-threshold", "scenes/prehistory/bptt.py",
     'clipped = self.shown_value("above_product") > self.shown_value("param.clip_threshold",',
     'clipped = self.shown_value("above_product") >= self.shown_value("param.clip_threshold",',
     edges("pre-02-bptt")),
    ("c4-p2-threshold-one-decimal", "scenes/prehistory/bptt.py",
     'self.say("asym.clip.say", variant=case, t=Val("param.clip_threshold", "num"),',
     'self.say("asym.clip.say", variant=case, t=Val("param.clip_threshold", "num:1"),',
     untidy("pre-02-bptt")),
    ("c5-p2-clip-exact", "scenes/prehistory/bptt.py",
     'case = "clipped" if clipped else "passes"',
     'case = "clipped" if v.above_product > v.clip_threshold else "passes"',
     edges("pre-02-bptt")),
    ("c6-p2-one-factors", "scenes/prehistory/bptt.py",
     '"After {n} factor{n_s} the logs end at', '"After {n} factors the logs end at',
     degenerate("pre-02-bptt")),
    # ---- P4 gating (class 0, then 1, 3, 4, 6; 2 and 5: NOT_APPLICABLE) --------------------
    ("p4-hold-extra-char", "scenes/prehistory/gating.py",
     '"en": "longest step: {a} unclipped, {b} clipped"',
     '"en": "longest step: {a} unclipped, {b} clipped."', guard("gating")),
    ("p4-theta-end-neighbour", "scenes/prehistory/gating.py",
     'self.settle(pn, f"theta_plain[{n}]"', 'self.settle(pn, f"theta_plain[{n - 1}]"',
     guard("gating")),
    ("p4-product-end-neighbour", "scenes/prehistory/gating.py",
     'end = self.value(f"products[{K}][{r}]"', 'end = self.value(f"products[{K - 1}][{r}]"',
     guard("gating")),
    ("p4-typed-gate-count", "scenes/prehistory/gating.py",
     '"en": "GRU: {g} gate{g_s}, LSTM: {l} gate{l_s}"', '"en": "GRU: 2 gates, LSTM: {l} gate{l_s}"',
     guard("gating")),
    ("p4-clip-inverted", "mathcore/prehistory/gating.py",
     "return g if n <= tau else g * (tau / n)", "return g if n <= tau else g * (n / tau)",
     guard("gating")),
    ("p4-residual-without-identity", "mathcore/prehistory/gating.py",
     "return x, jf, np.eye(d) + jf", "return x, jf, jf", guard("gating")),
    ("p4-reach-two-percent", "mathcore/prehistory/gating.py",
     "REACH_LEFT = 0.01", "REACH_LEFT = 0.02", guard("gating")),
    ("p4-product-order", "mathcore/prehistory/gating.py",
     "        P = J @ P\n", "        P = P @ J.T @ J\n", guard("gating")),
    ("c1-p4-dot-neighbour-index", "scenes/prehistory/gating.py",
     "return live.redraw(lambda j: Dot(ax.c2p(float(arr[j]), float(loss[j])),",
     "return live.redraw(lambda j: Dot(ax.c2p(float(arr[max(j - 1, 0)]), float(loss[j])),",
     sweep_guard("gating")),
    ("c1-p4-bar-neighbour-index", "scenes/prehistory/gating.py",
     "self._bar(float(v.bar_units[j, r]), y,", "self._bar(float(v.bar_units[max(j - 1, 0), r]), y,",
     sweep_guard("gating")),
    ("c1-p4-readout-previous-point", "scenes/prehistory/gating.py",
     "live.number(pn, lambda j: v.theta_plain[j],",
     "live.number(pn, lambda j: v.theta_plain[max(j - 1, 0)],", sweep_guard("gating")),
    ("c1-p4-product-text-neighbour", "scenes/prehistory/gating.py",
     'made[key] = self.value(f"products[{j}][{r}]"',
     'made[key] = self.value(f"products[{max(j - 1, 0)}][{r}]"', sweep_guard("gating")),
    # the products' steps read as the descent's (the defaults differ: 60 and 15)
    ("c3-p4-descent-steps-for-product-steps", "mathcore/prehistory/gating.py",
     'k = int(p["steps"])', 'k = int(p["descent_steps"])', guard("gating")),
    # fewer decimals than the pin: the defaults (3.5, 0.99) read alike, untidy ones do not
    ("c4-p4-start-one-decimal", "scenes/prehistory/gating.py",
     'self.say("cliff.say", t0=Val("param.start", "num")',
     'self.say("cliff.say", t0=Val("param.start", "num:1")', untidy("pre-04-gating")),
    ("c4-p4-remember-two-decimals", "scenes/prehistory/gating.py",
     'gl = self.text("name.gate", size=L, color=P.forget, f=Val("row_gates[0]", "num"),',
     'gl = self.text("name.gate", size=L, color=P.forget, f=Val("row_gates[0]", "num:2"),',
     untidy("pre-04-gating")),
    ("c6-p4-steps-plural", "scenes/prehistory/gating.py",
     '"en": "After {k} step{k_s}, the three', '"en": "After {k} steps, the three',
     degenerate("pre-04-gating")),
    ("c6-p4-descent-plural", "scenes/prehistory/gating.py",
     "Now {n} step{n_s} of each.", "Now {n} steps of each.", degenerate("pre-04-gating")),
    # ---- P10 pre-10-lab (every class in one block) --------------------------------------------
    # class 0: the texts at holds
    ("p10-max-rel-shows-first-row", "scenes/prehistory/gradcheck.py",
     'color=P.highlight,\n                       m=Val("gradcheck_max_rel_error"))',
     'color=P.highlight,\n                       m=Val("rel_error[0]"))', P10_GUARD),
    ("p10-best-shows-page-error", "scenes/prehistory/gradcheck.py",
     'color=P.highlight,\n                                e=Val("best_err")),',
     'color=P.highlight,\n                                e=Val("page_err")),', P10_GUARD),
    ("p10-template-extra-char", "scenes/prehistory/gradcheck.py",
     '"en": "at $h$ = {b}"', '"en": "at $h$ = {b}."', P10_GUARD),
    ("p10-loss-one-step-short", "mathcore/prehistory/gradcheck.py",
     "loss=float(running[-1])", "loss=float(running[-2])", P10_GUARD),
    ("p10-bptt-without-slope", "mathcore/prehistory/gradcheck.py",
     "after = dh * (1.0 - h[t] ** 2)", "after = dh", P10_GUARD),
    ("p10-contribution-from-h-t", "mathcore/prehistory/gradcheck.py",
     'contributions = np.einsum("ti,tj->tij", delta, h[:-1])',
     'contributions = np.einsum("ti,tj->tij", delta, h[1:])', P10_GUARD),
    ("p10-difference-over-h", "mathcore/prehistory/gradcheck.py",
     "return (loss(x, y, up, w_x) - loss(x, y, down, w_x)) / (2.0 * step)",
     "return (loss(x, y, up, w_x) - loss(x, y, down, w_x)) / step", P10_GUARD),
    # class 1: a growing bar chart and a growing curve one point behind their sweep's index
    ("c1-p10-loss-bars-one-short", "scenes/prehistory/gradcheck.py",
     "P.gradient, 0.6 * pitch) for t in range(j + 1)))",
     "P.gradient, 0.6 * pitch) for t in range(max(j, 1))))", sweep_guard("pre-10-lab")),
    ("c1-p10-sweep-curve-one-short", "scenes/prehistory/gradcheck.py",
     "pts = [pt(m) for m in range(j + 1)]", "pts = [pt(m) for m in range(max(j, 1))]",
     sweep_guard("pre-10-lab")),
    # class 2: "below the page's 1e-6" only strictly below, as shown
    ("c2-p10-max-at-page", "scenes/prehistory/gradcheck.py",
     'return "below" if m < self.shown_value("page_rel") else "above"',
     'return "below" if m <= self.shown_value("page_rel") else "above"',
     edges("pre-10-lab")),
    # class 3: the input width read for the state's (d_h = 13, d_x = 6 in the chosen draws)
    ("c3-p10-d-x-for-d-h", "mathcore/prehistory/gradcheck.py",
     'return gradcheck(int(p["d_h"]), int(p["d_x"]), int(p["T"]), int(p["seed"]),',
     'return gradcheck(int(p["d_h"]), int(p["d_h"]), int(p["T"]), int(p["seed"]),',
     P10_GUARD),
    ("c3-p10-claim-d-x-reads-d-h", "scenes/prehistory/gradcheck.py",
     'self.claim("lab", dh=Val("d_h", "int"), dx=Val("d_x", "int"),',
     'self.claim("lab", dh=Val("d_h", "int"), dx=Val("d_h", "int"),',
     ["tests/test_harness.py", "-k", "chosen_parameters and pre-10"]),
    # class 4: the variant only off-default seeds select stating the page's figure twice in
    # one language
    ("c4-p10-above-states-page-twice", "scenes/prehistory/gradcheck.py",
     '"en": "The largest relative error is {m}, not below the page\'s {p}."',
     '"en": "The largest relative error is {p}, not below the page\'s {p}."', LANGS_AGREE),
    # class 5: the comparison with the page's 1e-6 on the exact value (seed 14386: 9.957e-7,
    # shown "1.0×10⁻⁶")
    ("c5-p10-max-exact", "scenes/prehistory/gradcheck.py",
     'return "below" if m < self.shown_value("page_rel") else "above"',
     'return "below" if self.v.gradcheck_max_rel_error < self.v.page_rel else "above"',
     edges("pre-10-lab")),
    # class 6: a table of one row (samples = 1) spaced by dividing by n - 1
    ("c6-p10-one-row-table", "scenes/prehistory/gradcheck.py",
     "dy = min(0.45, 2.75 / max(n - 1, 1))", "dy = min(0.45, 2.75 / (n - 1))",
     degenerate("pre-10-lab")),
    # ---- P8 pre-08-bahdanau (every class in one block) --------------------------------------
    # class 0: the texts at holds
    ("p8-agree-shows-output-length", "scenes/prehistory/bahdanau.py",
     'agree = self.text("map.agree", size=L, color=P.attention, m=Val("agree_count", "int"),',
     'agree = self.text("map.agree", size=L, color=P.attention, m=Val("out_len", "int"),',
     guard("bahdanau")),
    ("p8-scores-without-end-step", "mathcore/prehistory/bahdanau.py",
     "scores=T_x * (T_o + int(ended))", "scores=T_x * T_o", guard("bahdanau")),
    ("p8-score-without-tanh", "mathcore/prehistory/bahdanau.py",
     'return np.tanh(params["att_w"] @ state + H @ params["att_u"].T) @ params["att_v"]',
     'return (params["att_w"] @ state + H @ params["att_u"].T) @ params["att_v"]',
     guard("bahdanau")),
    ("p8-known-position-zero-based", "mathcore/prehistory/bahdanau.py",
     "focus_known_pos=int(known[focus]) + 1 if focus < T_o else 0,",
     "focus_known_pos=int(known[focus]) if focus < T_o else 0,", guard("bahdanau")),
    ("p8-sum-one-decimal", "scenes/prehistory/bahdanau.py",
     'total = self.text("step.sum", size=S, color=P.attention, s=Val("focus_sum", "fmt"))',
     'total = self.text("step.sum", size=S, color=P.attention, s=Val("focus_sum", "fmt:1"))',
     guard("bahdanau")),
    # class 1: the heat map's row and the accuracy curve one step behind the sweep
    ("c1-p8-heat-row-behind", "scenes/prehistory/bahdanau.py",
     "a = float(v.alpha[r, j]) if r <= i and r < T_o else 0.0",
     "a = float(v.alpha[r, j]) if r <= i - 1 and r < T_o else 0.0", sweep_guard("bahdanau")),
    ("c1-p8-curve-previous-point", "scenes/prehistory/bahdanau.py",
     "pts = [ax.c2p(float(xs[k]), float(ys[k])) for k in range(j + 1)]",
     "pts = [ax.c2p(float(xs[k]), float(ys[max(k - 1, 0)])) for k in range(j + 1)]",
     sweep_guard("bahdanau")),
    # class 2: "falls" only strictly (0 right at both ends after one epoch holds)
    ("c2-p8-falls-at-equal", "scenes/prehistory/bahdanau.py",
     'return "falls" if self._cmp("right_plain[-1]", "right_plain[0]", "int", "int") < 0',
     'return "falls" if self._cmp("right_plain[-1]", "right_plain[0]", "int", "int") <= 0',
     edges("pre-08-bahdanau")),
    # class 3: the two models' widths (32 and 64 at the defaults) read one for the other
    ("c3-p8-plain-width-reads-attention", "scenes/prehistory/bahdanau.py",
     'hp=Val("plain_hidden", "int"), h=Val("hidden", "int"))',
     'hp=Val("hidden", "int"), h=Val("hidden", "int"))',
     ["tests/test_harness.py", "-k", "chosen_parameters and pre-08"]),
    ("c3-p8-plain-model-at-attention-width", "mathcore/prehistory/bahdanau.py",
     'plain = translate.train_translator("en", False, plain_hidden, epochs, seed)',
     'plain = translate.train_translator("en", False, hidden, epochs, seed)', guard("bahdanau")),
    # class 4: a variant only a cut output selects, stating the source length for the steps in
    # one language
    ("c4-p8-cut-steps-read-source", "scenes/prehistory/bahdanau.py",
     '"and {st} decoder steps, up to the length limit: {s} scores."',
     '"and {tx} decoder steps, up to the length limit: {s} scores."', LANGS_AGREE),
    # class 6: one epoch, one fresh string per length
    ("c6-p8-epochs-plural", "scenes/prehistory/bahdanau.py",
     '"en": "Two models, one task, both trained for {e} epoch{e_s} on sources of {a} to {b} "',
     '"en": "Two models, one task, both trained for {e} epochs on sources of {a} to {b} "',
     degenerate("pre-08-bahdanau")),
    # ---- P6 word2vec (every class in one block) ----------------------------------------------
    # a scene mutant needs no training and is caught by its goldens or harness first (the
    # value tests train twice and run gensim: a minute and a half before either)
    # class 0: the texts at holds
    ("p6-neighbour-cosine-shifted", "scenes/prehistory/word2vec.py",
     'c=Val(f"neigh_cos[{q}][{j}]", "fmt:2"))', 'c=Val(f"neigh_cos[{q}][{max(j - 1, 0)}]", "fmt:2"))',
     P6_SCENE),
    ("p6-loss-end-shows-start", "scenes/prehistory/word2vec.py",
     'e=Val("epochs", "int"), l1=Val("loss_end"))', 'e=Val("epochs", "int"), l1=Val("loss_start"))',
     P6_SCENE),
    ("p6-onehot-squared-distance", "mathcore/prehistory/word2vec.py",
     "return math.sqrt(lo), math.sqrt(hi), float(", "return float(lo), float(hi), float(",
     guard("word2vec")),
    ("p6-analogy-keeps-queries", "mathcore/prehistory/word2vec.py",
     "sims[[ia, ib, ic]] = -np.inf", "pass", guard("word2vec")),
    ("p6-wordsim-template-extra-char", "scenes/prehistory/word2vec.py",
     '"analogy.ws": {"zh": "WordSim-353：{cov} 对，Spearman {rho}",',
     '"analogy.ws": {"zh": "WordSim-353：{cov} 对，Spearman {rho}。",', P6_SCENE),
    ("p6-row-verdict-fixed", "scenes/prehistory/word2vec.py",
     'return "hit" if int(self.v.shown_ranks[r]) == 1 else "miss"', 'return "hit"',
     edges("pre-06-word2vec")),
    # class 1: the loss curve one reading behind its sweep's index
    ("c1-p6-loss-curve-behind", "scenes/prehistory/word2vec.py",
     "for i in range(j + 1)]", "for i in range(max(j, 1))]", sweep_guard("word2vec")),
    # class 2: "above 0" decided with >= (one epoch's -0.0005 shows "−0.00")
    ("c2-p6-spearman-at-zero", "scenes/prehistory/word2vec.py",
     'return "pos" if self.shown_value("ws_spearman", "fmt:2") > 0 else "nonpos"',
     'return "pos" if self.shown_value("ws_spearman", "fmt:2") >= 0 else "nonpos"',
     edges("pre-06-word2vec")),
    # class 3: the conventions line reads k for the window (both 5 at the defaults)
    ("c3-p6-window-reads-k", "scenes/prehistory/word2vec.py",
     'd=Val("dim", "int"), w=Val("window", "int"))',
     'd=Val("dim", "int"), w=Val("negatives", "int"))',
     ["tests/test_harness.py", "-k", "chosen_parameters and pre-06"]),
    # class 4: the variant only one epoch selects states the covered count for the total in
    # one language
    ("c4-p6-none-variant-total", "scenes/prehistory/word2vec.py",
     '"en": "Of Mikolov\'s {total} analogy questions only {cov} have all four words in the "\n'
     '              "vocabulary, and none',
     '"en": "Of Mikolov\'s {cov} analogy questions only {cov} have all four words in the "\n'
     '              "vocabulary, and none', LANGS_AGREE),
    # class 5: the sign of Spearman's correlation read on the exact value (seed 76, one
    # epoch: +0.0011, shown "0.00")
    ("c5-p6-spearman-exact", "scenes/prehistory/word2vec.py",
     'return "pos" if self.shown_value("ws_spearman", "fmt:2") > 0 else "nonpos"',
     'return "pos" if float(self.v.ws_spearman) > 0 else "nonpos"', edges("pre-06-word2vec")),
    # class 6: "1 words on each side" at a window of one
    ("c6-p6-window-plural", "scenes/prehistory/word2vec.py",
     "{w} word{w_s} on each side", "{w} words on each side", degenerate("pre-06-word2vec")),
    # ---- P9 pre-09-lineage (every class in one block) --------------------------------------
    # class 0: the texts at holds
    ("p9-cost-readouts-swapped", "scenes/prehistory/lineage.py",
     '("T", "cost_recurrent", "cost_attention"),\n', '("T", "cost_attention", "cost_recurrent"),\n',
     guard("lineage")),
    ("p9-lstm-state-without-c", "mathcore/prehistory/lineage.py",
     "state_numbers = layers * vectors * d", "state_numbers = layers * d", guard("lineage")),
    ("p9-cache-keys-only", "mathcore/prehistory/lineage.py",
     "kv_per_token = 2 * layers * d", "kv_per_token = layers * d", guard("lineage")),
    ("p9-triangle-without-diagonal", "mathcore/prehistory/lineage.py",
     "triangle = steps * (steps + 1) // 2", "triangle = steps * (steps - 1) // 2",
     guard("lineage")),
    ("p9-template-extra-char", "scenes/prehistory/lineage.py",
     '"en": "in all {n} scores"', '"en": "in all {n} scores."', guard("lineage")),
    ("p9-path-counts-positions", "mathcore/prehistory/lineage.py",
     "path_recurrent=steps - 1,", "path_recurrent=steps,", guard("lineage")),
    # class 1: a hop or a row of the mask one behind its sweep's index
    ("c1-p9-hops-one-behind", "scenes/prehistory/lineage.py",
     "opacity=1.0 if t < j else 0.0", "opacity=1.0 if t < max(j - 1, 0) else 0.0",
     sweep_guard("lineage")),
    ("c1-p9-mask-row-behind", "scenes/prehistory/lineage.py",
     "opacity=0.85 if r <= i else 0.0", "opacity=0.85 if r < i else 0.0",
     sweep_guard("lineage")),
    ("c1-p9-gate-curve-one-behind", "scenes/prehistory/lineage.py",
     "pts = [pt(j, ys[j]) for j in range(i + 1)]", "pts = [pt(j, ys[j]) for j in range(max(i, 1))]",
     sweep_guard("lineage")),
    ("p9-gate-one-step-short", "mathcore/prehistory/lineage.py",
     "gate_final=float(gprod[-1]),", "gate_final=float(gprod[-2]),", guard("lineage")),
    ("p9-order-reversed-twice", "mathcore/prehistory/lineage.py",
     "order_rnn_gap=float(np.linalg.norm(h - hr)))", "order_rnn_gap=float(np.linalg.norm(h + hr)))",
     guard("lineage")),
    # class 2: T = d is the crossing, not a win for attention; a cache equal to the state is
    # not larger
    ("c2-p9-crossing-as-attention", "scenes/prehistory/lineage.py",
     'return "attention" if t < d else ("recurrent" if t > d else "equal")',
     'return "attention" if t <= d else ("recurrent" if t > d else "equal")',
     edges("pre-09-lineage")),
    ("c2-p9-equal-cache-as-larger", "scenes/prehistory/lineage.py",
     'return "larger" if kv > st else "equal"', 'return "larger" if kv >= st else "equal"',
     edges("pre-09-lineage")),
    # class 3: the width read for the layers (24 and 512 at the defaults, 5 and 96 chosen)
    ("c3-p9-layers-read-as-width", "scenes/prehistory/lineage.py",
     'L=self._n("layers"), d=self._n("d"),', 'L=self._n("d"), d=self._n("d"),',
     ["tests/test_harness.py", "-k", "chosen_parameters and pre-09"]),
    ("c3-p9-context-for-layers", "mathcore/prehistory/lineage.py",
     'int(p["layers"]), int(p["bytes_per_number"]), p["cell"],',
     'int(p["context"]), int(p["bytes_per_number"]), p["cell"],', guard("lineage")),
    # class 4: variants only off the defaults (T below d; a GRU) stating a neighbouring value
    # in one language
    ("c4-p9-attention-variant-states-b-twice", "scenes/prehistory/lineage.py",
     '"en": "At T = {T}: {a} for recurrence, {b} for attention. Attention does fewer, and all "',
     '"en": "At T = {T}: {b} for recurrence, {b} for attention. Attention does fewer, and all "',
     LANGS_AGREE),
    ("c4-p9-gru-line-states-layers-for-width", "scenes/prehistory/lineage.py",
     '"en": "To produce the next token, a GRU keeps one vector a layer, h: {L} layer{L_s} of "',
     '"en": "To produce the next token, a GRU keeps one vector a layer, h: {d} layer{L_s} of "',
     LANGS_AGREE),
    # class 6: plurals at a count of one (two positions: one multiplication; one layer)
    ("c6-p9-gru-layer-plural", "scenes/prehistory/lineage.py",
     '"en": "To produce the next token, a GRU keeps one vector a layer, h: {L} layer{L_s} of "',
     '"en": "To produce the next token, a GRU keeps one vector a layer, h: {L} layers of "',
     degenerate("pre-09-lineage")),
    ("c6-p9-layer-plural", "scenes/prehistory/lineage.py",
     '"en": "{L} layer{L_s} · width {d} · {b} byte{b_s} a number"',
     '"en": "{L} layers · width {d} · {b} byte{b_s} a number"', degenerate("pre-09-lineage")),
    # ---- P7 seq2seq (every class in one block) -----------------------------------------------
    # class 0: the texts at holds
    ("p7-loss-shows-first-epoch", "mathcore/prehistory/seq2seq.py",
     "final_loss=float(tr.train_losses[-1]),", "final_loss=float(tr.train_losses[0]),",
     guard("seq2seq")),
    ("p7-bleu-unclipped", "mathcore/prehistory/seq2seq.py",
     "matches[n - 1] = sum(min(k, rn[g]) for g, k in cn.items())",
     "matches[n - 1] = sum(k for g, k in cn.items() if rn[g])", guard("seq2seq")),
    ("p7-beam-output-reads-greedy", "scenes/prehistory/seq2seq.py",
     'o=Val("beam_output", "str"), s=Val("beam_score", "fmt:2"))',
     'o=Val("example_greedy", "str"), s=Val("beam_score", "fmt:2"))', guard("seq2seq")),
    ("p7-template-extra-char", "scenes/prehistory/seq2seq.py",
     '"bleu.value": {"zh": "BLEU = {b}", "en": "BLEU = {b}"},',
     '"bleu.value": {"zh": "BLEU = {b}", "en": "BLEU = {b}."},', guard("seq2seq")),
    ("p7-eos-left-out-of-log-p", "mathcore/prehistory/seq2seq.py",
     "example_log_probs=lps, example_log_p=float(lps.sum()),",
     "example_log_probs=lps, example_log_p=float(lps[:-1].sum()),", guard("seq2seq")),
    # class 1: the accuracy curve one point behind its sweep's index
    ("c1-p7-curve-neighbour-index", "scenes/prehistory/seq2seq.py",
     "pts = [ax.c2p(int(Ls[i]), v.accuracy[i]) for i in range(j + 1)]",
     "pts = [ax.c2p(int(Ls[i]), v.accuracy[i]) for i in range(max(j, 1))]",
     sweep_guard("pre-07")),
    # class 2: a candidate as long as the reference called short
    ("c2-p7-bp-equal-is-short", "scenes/prehistory/seq2seq.py",
     'bp_case = "short" if b.c < b.r else "long"', 'bp_case = "short" if b.c <= b.r else "long"',
     edges("pre-07-seq2seq")),
    # class 3: the width read for the epochs in the training sentence (64 and 50)
    ("c3-p7-train-width-reads-epochs", "scenes/prehistory/seq2seq.py",
     'self.say("enc.train.say", H=Val("hidden", "int"),',
     'self.say("enc.train.say", H=Val("epochs", "int"),',
     ["tests/test_harness.py", "-k", "at_defaults and pre-07"]),
    # class 4: alpha to one decimal (0.7 at the defaults)
    ("c4-p7-alpha-one-decimal", "scenes/prehistory/seq2seq.py",
     'else "on",\n                 a=Val("alpha", "num"))',
     'else "on",\n                 a=Val("alpha", "num:1"))', untidy("pre-07-seq2seq")),
    # class 6: 0/0 precisions (a candidate shorter than 4 tokens) not taken as 0
    ("c6-p7-precision-zero-over-zero", "mathcore/prehistory/seq2seq.py",
     "prec = np.where(totals > 0, matches / np.maximum(totals, 1), 0.0)",
     "prec = matches / totals", degenerate("pre-07-seq2seq")),
]


#: the sections a mutant id names (``c1-l3-...``, ``s02-...``; ``shared`` is a shared module)
SECTIONS = {"s01": "primer-01-recurrence", "s02": "primer-02-vanishing", "s03": "primer-03-gates",
            "s04": "primer-04-limits", "s05": "primer-05-attention", "s06": "primer-06-cheatsheet",
            "l1": "lstm-01-why", "l2": "lstm-02-cell", "l3": "lstm-03-conveyor",
            "l4": "lstm-04-sandbox", "l5": "lstm-05-trace", "l6": "lstm-06-gru",
            "l7": "lstm-07-variants", "l8": "lstm-08-ledger",
            "p1": "pre-01-construction", "p2": "pre-02-bptt", "p3": "pre-03-spectral",
            "p4": "pre-04-gating", "p5": "pre-05-deep-bidirectional",
            "p6": "pre-06-word2vec", "p7": "pre-07-seq2seq", "p8": "pre-08-bahdanau",
            "p9": "pre-09-lineage", "p10": "pre-10-lab"}

#: issue 20's classes (0: the texts at holds, the first 28 mutants, ids without a class)
CLASSES = {0: "texts at holds", 1: "frames between holds", 2: "edges of sentence rules",
           3: "sizes that differ", 4: "formats and narration off defaults",
           5: "a choice on the exact value", 6: "degenerate and singular cases"}

#: (section, class) pairs where no mutant of the class can exist, with the reason. Every
#: other pair of a section and a class 1-6 must hold a mutant (``tests/test_mutants_table.py``).
NOT_APPLICABLE: dict[tuple[str, int], str] = {
    # class 1
    ("l7", 1): "no number or shape bound to a value changes during an animation: the relay "
               "lights one cell a step with no readout, and its counts appear as texts at holds",
    ("l8", 1): "no sweep: its one morph (h and x boxes into the joined row) goes between two "
               "fixed shapes, and every number is a text shown at a hold",

    # class 2
    ("l6", 2): "L6 chooses no sentence among variants (scenes/lstm_chapter/gru.py passes no "
               "variant): no rule has an edge to move",

    # class 3
    ("s03", 3): "§03's counts are step counts, each shown alone (steps for f^k and the RNN "
                "product beside it, bias_steps for the pitfall) over a one-dimensional cell and "
                "§01's fixed 8 tokens: no shown count or shape combines two sizes",
    ("l2", 3): "L2 steps one one-dimensional cell; its parameters x, h_prev and c_prev are "
               "values, not sizes (the later demos' 4 entries are a fixed sentence)",
    ("l3", 3): "L3's demo is hand-set and fixed (4 slots, 8 words, 5 passes, 40 words); its "
               "parameters old, forget and written are one slot's values, not sizes",
    ("l4", 3): "L4 reads one fixed sentence (the cat and \"it\" 2 steps apart) through a cell "
               "whose gates f, i, o are its parameters: values, not sizes",
    ("l5", 3): "L5's demo is hand-set and fixed (16 tokens of 6-dim words into 4 slots, no "
               "parameter changes a shape); its parameter forget is a value",
    ("p2", 3): "P2's two sizes are shown apart, each alone: steps T of the small RNN (its "
               "cells, bars and the T - 1 factors) and factors of the page's lab; no shown count "
               "or shape combines the two",
    ("l6", 3): "L6's counts are at its fixed width h = d = 512 (count_h), which no parameter "
               "changes (tests/test_sizes.py::test_gru_section_counts_match_torch); x and "
               "h_prev are values",

    # class 4

    # class 5
    ("s01", 5): "§01's one comparison (W_h against the drag's end, 0) is equality with 0, and "
                "format num shows every nonzero W_h as nonzero (4.0e-4): the exact and the "
                "shown value always choose alike",
    ("s05", 5): "§05 chooses every variant on whole numbers (n, d, path_target), shown as "
                "counts with every digit: the exact and the shown value never disagree",
    ("l6", 5): "L6 states no comparison: it chooses no sentence among variants",
    ("p4", 2): "P4 chooses no sentence among variants (scenes/prehistory/gating.py passes no "
               "variant): every sentence states its numbers, so no rule has an edge to move",
    ("p4", 5): "P4 states no comparison chosen from the values: it chooses no sentence among "
               "variants",
    ("p8", 5): "P8 chooses every variant on whole numbers shown with every digit (strings "
               "right out of eval_n, source positions counted from 1) or on tokens (the output "
               "against the reference, an end marker written or not): the exact and the shown "
               "value never disagree",
    ("p9", 5): "P9 decides on whole numbers shown whole: T against d (counts), and the cache "
               "against the state in binary units, which differ by a factor of at least 2 "
               "(2 context / state vectors) unless exactly equal, so the exact and the shown "
               "value always choose alike",
    ("p7", 5): "P7 decides on whole numbers and strings (whole percents with 100 strings a "
               "length, token counts, digit strings, alpha shown as typed, never 0 unless it "
               "is 0) or, for the blame, on two log-probabilities at the 2 decimals shown, the "
               "same 2 decimals mathcore counts with; of two outputs at most one has log P "
               "above log 0.5, so a tie at 2 decimals between a right answer and a failure "
               "was never found (40 sample seeds at B = 1)",

    # class 6
    ("l3", 6): "L3's counts are its fixed demo's (4 slots, 8 words, 5 passes, 40 words); its "
               "degenerate values (f = 0, f = 1, i g = 0) have variants of their own, tested "
               "as class 2 edges in tests/test_rules_edges.py, and its one drag, f from 0 to "
               "1, has fixed ends",
    ("l4", 6): "L4's one count is the fixed sentence's (2 steps apart); its band (f from 0.6 "
               "to 0.8) and presets are fixed, and i = 0 has its own variant (unwritten)",
    ("l5", 6): "L5's counts are its fixed demo's (4 slots, 6-dim words, 5 steps on, token "
               "indices); its half-life is a decimal (1.00 steps at f = 0.5, with the plural "
               "field), and its drag of f runs over fixed ends (0.50 to 0.99)",
    ("p3", 6): "P3's counts are T >= 2 steps and d >= 2 (no count of one before a plural "
               "noun); it states no sweep between two of its values (row four names two ends, "
               "not a sweep) and no ratio as a factor of one; its degenerate settings (T = 2, "
               "d = 2, three equal radii) are constructed in tests/test_rules_edges.py and "
               "need no variant of their own",
    ("l6", 6): "L6 shows only fixed counts (4 and 3 weight groups, parameters at h = d = "
               "512); x and h_prev are values, and its drag of x runs over the fixed -3 to 3",

}


def where(mid: str) -> tuple[str, int]:
    """The section key and class a mutant id names: ``c2-l01-flat-strict`` -> ("l1", 2)."""
    m = re.match(r"^(?:c(\d)-)?(s0\d|l0?\d|p\d{1,2}|shared)-", mid)
    if not m:
        raise ValueError(f"mutant id {mid!r} names no section")
    sec = m.group(2)
    if sec[0] in "lp":
        sec = sec[0] + str(int(sec[1:]))
    return sec, int(m.group(1) or 0)


def table(results: dict[str, str] | None = None) -> tuple[str, list[tuple[str, int]]]:
    """The section x class table of mutants (killed/all when ``results`` maps id to status),
    and the pairs of a class 1-6 that hold neither a mutant nor a reason."""
    cells: dict[tuple[str, int], list[str]] = {}
    for m in MUTANTS:
        cells.setdefault(where(m[0]), []).append(m[0])
    lines = ["section  " + " ".join(f"c{c:<5}" for c in CLASSES)]
    missing = []
    for key in [*SECTIONS, "shared"]:
        row = []
        for c in CLASSES:
            ids = cells.get((key, c), [])
            if ids and results is not None:
                row.append(f"{sum(results.get(i) == 'killed' for i in ids)}/{len(ids)}")
            elif ids:
                row.append(str(len(ids)))
            elif (key, c) in NOT_APPLICABLE or c == 0 or key == "shared":
                row.append("-" if (key, c) in NOT_APPLICABLE else "")
            else:
                row.append("MISSING")
                missing.append((key, c))
        lines.append(f"{key:<8} " + " ".join(f"{x:<6}" for x in row))
    lines.append("(-: no mutant of the class can exist there; see NOT_APPLICABLE)")
    return "\n".join(lines), missing


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f and not f.startswith(("media/", ".venv/"))]


def run_mutant(m, files, timeout: float) -> dict:
    mid, path, find, replace, tests = m
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"mutant-{mid}-") as tmp:
        for f in files:
            src = ROOT / f
            if src.is_file():
                dst = Path(tmp) / f
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)
        target = Path(tmp) / path
        text = target.read_text(encoding="utf-8")
        if text.count(find) != 1:
            return {"id": mid, "status": "stale", "why": f"{path}: the text to change occurs "
                    f"{text.count(find)} times", "seconds": 0.0}
        target.write_text(text.replace(find, replace), encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=tmp, RNN_LECTURE_EXAMPLES="2")
        try:
            r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p",
                                "no:cacheprovider", *tests], cwd=tmp, env=env,
                               capture_output=True, text=True, timeout=timeout)
            code = r.returncode
            tail = (r.stdout.strip().splitlines() or [""])[-1]
        except subprocess.TimeoutExpired:
            code, tail = -1, f"timed out after {timeout:.0f} s"
    status = {0: "survived", 5: "no tests ran"}.get(code, "killed" if code > 0 else "error")
    return {"id": mid, "file": path, "status": status, "tests": " ".join(tests), "last": tail,
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", nargs="*", default=None, help="mutant ids to run")
    ap.add_argument("--json", default="media/mutants.json")
    ap.add_argument("--timeout", type=float, default=900.0)
    ap.add_argument("--table", action="store_true",
                    help="print the section x class table of mutants and run none")
    args = ap.parse_args(argv)
    if args.table:
        text, missing = table()
        print(text)
        return 1 if missing else 0
    chosen = [m for m in MUTANTS if args.only is None or m[0] in args.only]
    files = tracked_files()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda m: run_mutant(m, files, args.timeout), chosen))
    for r in results:
        print(f"{r['status']:<9} {r['id']:<32} {r.get('seconds', 0):>6.1f} s  {r.get('last', r.get('why', ''))}")
    killed = sum(r["status"] == "killed" for r in results)
    print(table({r["id"]: r["status"] for r in results})[0])
    print(f"mutants: {len(results)}, killed: {killed}, "
          f"survived: {sum(r['status'] == 'survived' for r in results)}, "
          f"other: {len(results) - killed - sum(r['status'] == 'survived' for r in results)}")
    out = ROOT / args.json
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"mutants": results, "killed": killed, "total": len(results)},
                              indent=2) + "\n")
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
