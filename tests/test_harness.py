"""Every number on screen accounted for, at defaults and at any parameters within bounds.

Each section is constructed (no video) in both languages; at every hold, every text is checked
by :mod:`harness` against the values: bound readouts and sentences re-derived from their paths
and formats and compared whole, fixed labels carrying a reason, narration and claims included,
sentences chosen among variants checked against an independent rule below. Then the frame
checks. Hypothesis draws parameters within the declared bounds (seeded; the budget is
``RNN_LECTURE_EXAMPLES`` examples per section and language, default 2; the draws are seeded, so raise it for a deeper run).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import constructed
from harness import check_scene, check_text, expected_string
from scenes.bind import Binding, Fixed, Val
from scenes.registry import SECTIONS, get

LANGS = ("zh", "en")
EXAMPLES = int(os.environ.get("RNN_LECTURE_EXAMPLES", "2"))

from pins import CHOICES, PINS  # noqa: E402  (one module per section in tests/pins/)


def _fail(section_id, lang, params, bad):
    head = f"{section_id} [{lang}] params={params}: {len(bad)} failure(s)"
    return head + "\n  " + "\n  ".join(bad[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_accounted_for_at_defaults(section_id, lang):
    scene = constructed(section_id, lang)
    bad = check_scene(scene, CHOICES.get(section_id, {}))
    assert not bad, _fail(section_id, lang, None, bad)


def test_pinned_readouts(section_id):
    scene = constructed(section_id, "en")
    pins = PINS.get(section_id)
    assert pins, f"{section_id}: no pinned readouts in tests/test_harness.py"
    seen = {}
    for beat in scene.BEATS:
        for shown, b in scene.records[beat]["texts"]:
            if b is not None and b.readout_name():
                seen.setdefault(b.readout_name(), (shown, b))
    for name, fields in pins.items():
        assert name in seen, f"{section_id}: readout {name!r} never on screen at a hold"
        shown, b = seen[name]
        got = {k: (f.path, f.fmt) for k, f in b.fields.items()   # not the plural endings
               if isinstance(f, Val) and f.fmt != "s"}
        assert got == fields, (section_id, name, got)
        assert shown == expected_string(b, scene.TEXT, "en", scene.v, scene.params)


def _strategy(p):
    if p.trains:   # each new value trains a model: its default (cached) or its cheapest end
        low = {"choice": lambda: p.choices[0], "int": lambda: int(p.min)}.get(p.kind, lambda: p.min)()
        return st.sampled_from(sorted({p.default, low}, key=str))
    if p.kind == "choice":
        return st.sampled_from(p.choices)
    if p.kind == "int":
        lo, hi = int(p.min), int(p.max)
        small = st.integers(lo, min(hi, lo + 64))
        return st.one_of(small, st.integers(lo, hi)) if hi > lo + 64 else small
    if p.kind == "float":
        return st.floats(p.min, p.max, allow_nan=False, allow_infinity=False).map(
            lambda x: round(x, 3)).filter(lambda x: p.min <= x <= p.max)
    if p.kind == "text":   # the default, its words reversed, its first half, its first word
        w = p.default.split(" ")
        return st.sampled_from(sorted({p.default, " ".join(w[::-1]),
                                       " ".join(w[:max(1, len(w) // 2)]), w[0]}))
    if p.kind == "floats":
        return st.lists(st.floats(p.min, p.max, allow_nan=False).map(lambda x: round(x, 2))
                        .filter(lambda x: p.min <= x <= p.max),
                        min_size=p.length, max_size=p.length).map(tuple)
    raise AssertionError(p.kind)


#: Pairs of sizes that appear in one formula on screen (issue 20, class 3): the draws keep
#: them apart, so a count that reads one for the other (4h for 4d) shows a wrong number. The
#: other sections show no formula of two sizes (§01 counts one width, §04's cells are of width
#: d fed width d, L6 a fixed width; the rest have no sizes): see ``NOT_APPLICABLE`` in
#: ``scripts/mutants.py``.
SIZE_PAIRS = {
    # §02's factor bars: the first factor_steps hops of a chain of chain_length
    "primer-02-vanishing": [("factor_steps", "chain_length")],
    # §04's share per token: the state's width over the tokens, and over the recall distance
    "primer-04-limits": [("state_width", "tokens"), ("state_width", "recall_tokens"),
                         ("tokens", "recall_tokens")],
    "lstm-08-ledger": [("h", "d"), ("h", "layers"), ("d", "layers")],
    "lstm-07-variants": [("h", "d")],
    # P3's lab: "d = 16, T = 100" in one line
    "pre-03-spectral": [("d", "T")],
    # P8: the two models' widths in one sentence ("64 numbers, the one with attention 32")
    "pre-08-bahdanau": [("hidden", "plain_hidden")],
    "primer-05-attention": [("n", "d"), ("n_long", "d")],
    # pre-01's cell count: the state's width beside the input's in one formula
    "pre-01-construction": [("d", "d_x")],
    "primer-06-cheatsheet": [("query_heads", "kv_heads"), ("query_heads", "gqa_kv_heads"),
                             ("kv_heads", "gqa_kv_heads"), ("layers", "width"),
                             ("context", "width"), ("sequence_length", "tbptt_window")],
    # P5: the output side r d + |V| r + |V| against |V| d + |V|; the path x_0 -> y_{T-1}
    # of T + L matrices
    "pre-05-deep-bidirectional": [("vocab", "d"), ("vocab", "proj"), ("d", "proj"),
                                  ("steps", "layers")],
    # P10's claim: "d_h = 8, d_x = 4, T = 12" in one line (W_h is d_h × d_h, W_x d_h × d_x)
    "pre-10-lab": [("d_h", "d_x"), ("d_h", "T"), ("d_x", "T")],
    # P6: "here d = 50, window 5" in one line; the window and k (both 5 at the defaults) in
    # one beat's claim and narration
    "pre-06-word2vec": [("dim", "window"), ("window", "negatives")],
    # P9: "T d² = ...", "24 layers · width 512 · 2 bytes", "2 × layers × context × d", the
    # causal mask's T(T+1)/2 scores × d
    "pre-09-lineage": [("T", "d"), ("layers", "d"), ("layers", "bytes_per_number"),
                       ("context", "d"), ("context", "layers"), ("steps", "d")],
}


def sizes_differ(section_id, params) -> bool:
    return all(params[a] != params[b] for a, b in SIZE_PAIRS.get(section_id, ()))


def _params_strategy(section):
    return st.fixed_dictionaries({p.name: _strategy(p) for p in section.schema.params}).filter(
        lambda params: sizes_differ(section.id, params))


def _valid(section, params) -> bool:
    try:
        section.values(section.resolve(params))
        return True
    except ValueError:   # combinations mathcore rejects: the CLI refuses them with one line
        return False


@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_every_text_accounted_for_at_any_parameters(section_id):
    section = get(section_id)

    # no shrinking: each example constructs a whole scene (seconds), and shrinking one failure
    # took over five minutes; the failing parameters are printed as drawn
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              phases=(Phase.explicit, Phase.generate), suppress_health_check=list(HealthCheck))
    @given(params=_params_strategy(section), lang=st.sampled_from(LANGS))
    def run(params, lang):
        if not _valid(section, params):
            return
        scene = constructed(section_id, lang, params)
        bad = check_scene(scene, CHOICES.get(section_id, {}))
        assert not bad, _fail(section_id, lang, params, bad)

    run()


def test_layout_only_ends_every_beat_like_manim(section_id):
    """The fast construction the harness uses holds the same frames as Manim's own play."""
    fast = constructed(section_id, "zh")
    slow = constructed(section_id, "zh", layout_only=False)
    for beat in fast.BEATS:
        a = [(s, None if b is None else b.describe()) for s, b in fast.records[beat]["texts"]]
        b = [(s, None if bb is None else bb.describe()) for s, bb in slow.records[beat]["texts"]]
        assert a == b, beat
        boxes_a = np.array([box for _, box in fast.layouts[beat]])
        boxes_b = np.array([box for _, box in slow.layouts[beat]])
        np.testing.assert_allclose(boxes_a, boxes_b, atol=1e-6, err_msg=beat)


# Settings the seeded draws may miss, each the edge of a sentence chosen among variants: §02's
# singular value below and at 1 (the default is above), §03's bias fix away from the
# recommended 1, above and below the chosen bias.
CHOSEN = [("primer-02-vanishing", "en", {"dims_sigma": 0.5}),
          ("primer-02-vanishing", "zh", {"dims_sigma": 1.0, "dims_width": 3, "dims_hops": 7}),
          ("primer-03-gates", "en", {"bias_fix": 2.5}),
          ("primer-03-gates", "zh", {"bias_fix": -0.8, "forget_bias": 0.5}),
          # sizes that differ (class 3): the defaults have h = d and query heads = KV heads
          ("lstm-08-ledger", "en", {"h": 24, "d": 40, "layers": 3}),
          ("lstm-08-ledger", "zh", {"h": 40, "d": 24, "layers": 5}),
          ("lstm-07-variants", "en", {"h": 24, "d": 40, "steps": 5}),
          ("pre-03-spectral", "zh", {"d": 24, "T": 40}),
          ("pre-08-bahdanau", "zh", {"hidden": 4}),
          ("primer-05-attention", "en", {"n": 12, "d": 40, "n_long": 30}),
          ("primer-06-cheatsheet", "en", {"query_heads": 12, "kv_heads": 4, "gqa_kv_heads": 2,
                                          "width": 96, "layers": 3, "context": 50}),
          ("pre-05-deep-bidirectional", "en", {"vocab": 3001, "d": 96, "proj": 40, "steps": 7,
                                               "layers": 4}),
          ("pre-05-deep-bidirectional", "zh", {"vocab": 57, "d": 24, "proj": 130, "steps": 5,
                                               "layers": 3}),
          # P10 at sizes that differ, the table full (8 rows)
          ("pre-10-lab", "zh", {"d_h": 13, "d_x": 6, "T": 39, "samples": 8, "seed": 5}),
          ("pre-10-lab", "en", {"d_h": 32, "d_x": 16, "T": 50, "samples": 8, "seed": 7}),
          # P6: a window of 1 beside k = 5 and d = 50 (a cheap retrain)
          ("pre-06-word2vec", "en", {"window": 1}),
          # P9: the defaults have T = 8 d and steps = layers / 3; every size apart
          ("pre-09-lineage", "en", {"T": 300, "d": 96, "layers": 5, "context": 777,
                                    "bytes_per_number": 3, "steps": 6}),
          ("pre-09-lineage", "zh", {"T": 50, "d": 120, "layers": 7, "context": 33,
                                    "bytes_per_number": 4, "steps": 11, "cell": "gru"})]


@pytest.mark.parametrize("section_id, lang, params", CHOSEN,
                         ids=[f"{s}-{lang}-{'-'.join(map(str, p.values()))}"
                              for s, lang, p in CHOSEN])
def test_every_text_accounted_for_at_chosen_parameters(section_id, lang, params):
    assert sizes_differ(section_id, get(section_id).resolve(params))
    scene = constructed(section_id, lang, params)
    bad = check_scene(scene, CHOICES.get(section_id, {}))
    assert not bad, _fail(section_id, lang, params, bad)


# --------------------------------------------------------------------------------------------
# §06's tight-bound table: every symbol, evaluated at the table's n and d, is the number under it
# --------------------------------------------------------------------------------------------
_SYMBOLS = {"n": lambda n, d: n, "1": lambda n, d: 1, "n-1": lambda n, d: n - 1,
            r"\min(1,\, n-1)": lambda n, d: min(1, n - 1), r"n\,d^2": lambda n, d: n * d * d,
            "n^2 d": lambda n, d: n * n * d}


@pytest.mark.parametrize("context, lang", [(1, "en"), (1, "zh"), (2, "en"), (3, "zh"),
                                           (131072, "en")])
def test_cheatsheet_tight_bound_symbols_agree_with_their_numbers(context, lang):
    from scenes.style import format_value

    section = "primer-06-cheatsheet"
    scene = constructed(section, lang, {"context": context})
    bad = check_scene(scene, CHOICES.get(section, {}))
    assert not bad, _fail(section, lang, {"context": context}, bad)
    n, d = context, scene.params["width"]
    texts = scene.records["tight_bound"]["texts"]
    boxes = [box for _, box in scene.layouts["tight_bound"]]
    def is_number(b):
        return b is not None and (b.readout_name() or "").startswith(
            ("tight_depth", "tight_path", "tight_cost"))

    values = [(box, b) for (_, b), box in zip(texts, boxes) if is_number(b)]
    symbols = [(s, box) for (s, b), box in zip(texts, boxes)
               if s in _SYMBOLS and not is_number(b)]
    assert len(symbols) == len(values) == 6, (symbols, len(values))
    for sym, sbox in symbols:
        cx = (sbox[0] + sbox[2]) / 2
        below = [(sbox[1] - vbox[3], vbox, b) for vbox, b in values
                 if abs((vbox[0] + vbox[2]) / 2 - cx) < 0.5 and vbox[3] <= sbox[1] + 0.05]
        assert below, f"no number under {sym!r}"
        _, vbox, b = min(below, key=lambda t: t[0])
        (field,) = b.fields.values()
        want = format_value(_SYMBOLS[sym](n, d), field.fmt)
        got = [s for s, bb in texts if bb is b][0]
        assert got == want, f"{sym!r} at n = {n} is {want}, the table shows {got}"


# --------------------------------------------------------------------------------------------
# The harness itself bites: planted faults in a stand-in scene are reported.
# --------------------------------------------------------------------------------------------
class _Values:
    x = 0.123456
    arr = np.array([1.0, 2.0, 3.0])


class _Scene:
    TEXT = {"s": {"zh": "值 {a}", "en": "value {a}"},
            "typed": {"zh": "共 3 个", "en": "3 of them"},
            "pick.up": {"zh": "上", "en": "up"}}
    lang = "en"
    v = _Values()
    params = {"w": 0.5}


def test_harness_flags_unbound_numbers_and_wrong_strings():
    s = _Scene()
    assert check_text("t", "h = 0.12", None, s, {})                       # unbound number
    assert not check_text("t", "no digits here", None, s, {})
    b = Binding("{v}", {"v": Val("x", "fmt")})
    assert not check_text("t", "0.123", b, s, {})
    assert check_text("t", "0.123x", b, s, {})                             # extra character
    assert check_text("t", "3.000", Binding("{v}", {"v": Val("arr[1]", "fmt")}), s, {})  # neighbour
    sent = Binding("value {a}", {"a": Val("param.w", "num")}, key="s")
    assert not check_text("t", "value 0.5", sent, s, {})
    assert check_text("t", "value 0.6", sent, s, {})
    typed = Binding("3 of them", {}, key="typed")
    assert check_text("t", "3 of them", typed, s, {})                      # typed-in number
    lab = Binding("{x}", {"x": Fixed("h_7", "index")}, reason="index")
    assert not check_text("t", "h_7", lab, s, {})
    assert check_text("t", "None", None, s, {})
    chosen = Binding("up", {}, key="pick.up", variant="up")
    assert check_text("t", "up", chosen, s, {})                            # no rule for it
    assert check_text("t", "up", chosen, s, {"pick": lambda v, p: "down"})
    assert not check_text("t", "up", chosen, s, {"pick": lambda v, p: "up"})


def test_harness_flags_frames_between_holds():
    """A sweep's samples against what it declares: previous point, short sweep, readout
    computed in the scene, shape at the neighbour index, undeclared readout."""
    from types import SimpleNamespace

    from harness import check_sweeps
    from scenes.live import Follower, sweep_points

    class V:
        arr = np.array([0.1, 0.25, 0.5, 0.75])
        other = np.array([2.0, 3.0, 4.0, 5.0])

    def scene(shown, spans=((0, 3),), shape=None, path="arr[{i}]", over="arr"):
        num = Follower(None, None, path, "dec:2", kind="number")
        items = [num] + ([shape] if shape else [])
        samples = [(j, [shown(j)] + ([shape.measure(j)] if shape else [])) for j in range(4)]
        sw = SimpleNamespace(beat="b", over=over, to=None, at=None, items=items,
                             spans=list(spans), samples=samples)
        return SimpleNamespace(v=V(), params={}, sweeps=[sw])

    def fmt(x):
        return f"{x:.2f}"

    assert not check_sweeps(scene(lambda j: fmt(V.arr[j])))
    assert check_sweeps(scene(lambda j: fmt(V.arr[max(j - 1, 0)])))          # previous point
    assert check_sweeps(scene(lambda j: fmt(V.arr[j]), spans=((0, 2),)))       # ends early
    assert check_sweeps(scene(lambda j: fmt(V.arr[j] * V.other[j] / 2)))       # computed
    assert check_sweeps(scene(lambda j: fmt(V.arr[j]), path=None))             # undeclared
    assert check_sweeps(scene(lambda j: fmt(V.arr[j]), over=None))             # no range
    good = Follower(None, None, ("arr[{i}]", "other[{i}]"), measure=lambda j: (V.arr[j],
                                                                                 V.other[j]))
    assert not check_sweeps(scene(lambda j: fmt(V.arr[j]), shape=good))
    nb = Follower(None, None, "arr[{i}]", measure=lambda j: V.arr[min(j + 1, 3)])
    assert check_sweeps(scene(lambda j: fmt(V.arr[j]), shape=nb))              # neighbour shape
    assert sweep_points(0, 40) == [0, 10, 20, 30, 40]
    assert sweep_points(7, 0) == [0, 2, 4, 5, 7]


def test_harness_fails_a_live_shape_that_declares_nothing():
    """Every live shape is measured or says why it encodes no value: none is skipped
    silently. A cursor's path ``{i}`` is the index itself; an array path is compared whole;
    ``at=`` may name several indices, and one that is None names none."""
    from types import SimpleNamespace

    from harness import check_sweeps
    from scenes.live import Follower

    class V:
        arr = np.array([0.1, 0.25, 0.5, 0.75])
        rows = np.array([[0.0, 1.0], [1.0, 2.0], [2.0, 3.0], [3.0, 4.0]])
        mark, never = 2, None

    def scene(shape, at=None, js=range(4)):
        samples = [(j, [shape.measure(j) if shape.measure else None]) for j in js]
        sw = SimpleNamespace(beat="b", over="arr", to=None, at=at, items=[shape],
                             spans=[(0, 3)], samples=samples)
        return SimpleNamespace(v=V(), params={}, sweeps=[sw])

    assert check_sweeps(scene(Follower(None, None)))                           # nothing
    assert check_sweeps(scene(Follower(None, None, "arr[{i}]")))               # no measure
    assert check_sweeps(scene(Follower(None, None, decor=" ")))                # no reason
    assert check_sweeps(scene(Follower(None, None, "arr[{i}]", measure=lambda j: V.arr[j],
                                       decor="moves with the cursor")))        # both
    assert not check_sweeps(scene(Follower(None, None, decor="moves with the cursor")))
    cursor = Follower(None, None, "{i}", measure=lambda j: float(j))
    assert not check_sweeps(scene(cursor))
    assert check_sweeps(scene(Follower(None, None, "{i}", measure=lambda j: float(min(j + 1, 3)))))
    assert check_sweeps(scene(Follower(None, None, "{i}", measure=lambda j: float("nan"))))
    row = Follower(None, None, ("rows[{i}]", "arr[{i}]"), measure=lambda j: [*V.rows[j], V.arr[j]])
    assert not check_sweeps(scene(row))
    assert check_sweeps(scene(Follower(None, None, "rows[{i}]", measure=lambda j: V.rows[j][:1])))
    assert not check_sweeps(scene(cursor, at=("mark", "never")))
    assert check_sweeps(scene(cursor, at="mark", js=(0, 3)))                   # not stood on


# --------------------------------------------------------------------------------------------
# issue 22: one number style (the check every hold runs, on hand-made texts)
# --------------------------------------------------------------------------------------------
def test_number_style_check_on_hand_made_texts():
    from harness import check_counts_grouped, check_number_style

    v = {"w": -0.5, "n": 1024, "e": -48}
    val = Binding("{x}", {"x": Val("w", "num")}, name="w")
    # a value typeset in TeX inside a line in the lecture font fails, and so does a live
    # readout typeset by LaTeX (a DecimalNumber) and a sentence written wholly as $...$; a
    # formula of the text table (TeX as a whole, its role TeX everywhere) passes
    assert check_number_style("b", "-0.5", "MathTex", val) == []
    assert any("DecimalNumber" in x for x in check_number_style("b", "-0.5", "DecimalNumber",
                                                                val))
    whole = Binding("$h_t = {x}$", {"x": Val("w", "num")})
    assert any("inside $...$" in x for x in check_number_style("b", "$h_t = -0.5$", "VGroup",
                                                               whole))
    inside = Binding("$W_h = {x}$ here", {"x": Val("w", "num")})
    assert any("inside $...$" in x for x in check_number_style("b", "$W_h = -0.5$ here",
                                                               "VGroup", inside))
    outside = Binding("$W_h$ = {x}", {"x": Val("w", "num")})
    assert check_number_style("b", "$W_h$ = \u22120.5", "VGroup", outside) == []
    # a fixed label in TeX (an axis tick 10^{-48}) is not a value
    tick = Binding("{x}", {"x": Fixed("10^{-48}", "axis tick")}, reason="axis tick")
    assert check_number_style("b", "10^{-48}", "MathTex", tick) == []
    # the hyphen-minus before a digit in the lecture font, not in TeX nor inside a word
    assert check_number_style("b", "from 3 to -1", "Text", None)
    assert check_number_style("b", "float32, h_{t-1}", "Text", None) == []
    assert check_number_style("b", "from 3 to \u22121", "Text", None) == []
    assert check_number_style("b", "$c_{t-1} = -2$ then", "VGroup", None) == []
    # counts: an ungrouped value of 4+ digits, and "1024" beside "1,024"
    int_n = Binding("{x}", {"x": Val("n", "int")}, name="n")
    count_n = Binding("{x}", {"x": Val("n", "count")}, name="n")
    # every format groups from four digits on ("int" too): an index 1,024 reads as a count does
    assert check_counts_grouped("b", [("1,024", "Text", int_n)], v, {}) == []
    assert check_counts_grouped("b", [("1,024", "Text", count_n)], v, {}) == []
    label = Binding("{x}", {"x": Fixed("[1024, 2048]", "shape")}, reason="shape")
    assert check_counts_grouped("b", [("[1024, 2048]", "Text", label),
                                      ("1,024", "Text", count_n)], v, {})
    year = Binding("{x}", {"x": Fixed("Cho et al., 2014", "year")}, reason="year")
    assert check_counts_grouped("b", [("Cho et al., 2014", "Text", year),
                                      ("1,024", "Text", count_n)], v, {}) == []


def test_layout_only_jump_ends_a_play_where_manim_ends_it():
    """The jump the layout-only construction makes for one animation: an Indicate ends as it
    began (there and back), a TransformFromCopy leaves its source and ends on the target as
    it is, a Transform ends on its target."""
    from manim import Circle, Indicate, Scene, Square, Transform, TransformFromCopy

    from scenes.base import _jump_one

    scene = Scene()
    sq, ci = Square(side_length=1.0), Circle(radius=2.0).shift(3 * np.array([1.0, 0, 0]))
    scene.add(sq)
    before = sq.points.copy()
    _jump_one(scene, Indicate(sq))
    np.testing.assert_allclose(sq.points, before)
    target = ci.points.copy()
    _jump_one(scene, TransformFromCopy(sq, ci))
    np.testing.assert_allclose(sq.points, before)
    np.testing.assert_allclose(ci.points, target)
    assert ci in scene.mobjects and sq in scene.mobjects
    _jump_one(scene, Transform(sq, Circle(radius=0.5)))
    assert sq.width == pytest.approx(1.0)
