"""L5 Gates, token by token: the full stop clears the place slot, "他" opens the gates, the slot
values decide who "he" is; then the half-life as a function of f."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UL, UP, Axes, Circumscribe, Create, DashedLine, Dot, FadeIn,
                   FadeOut, LaggedStart, Line, Rectangle, ReplacementTransform,
                   ShowPassingFlash, SurroundingRectangle, Text, ValueTracker, VGroup, VMobject,
                   linear)

from .. import style
from ..base import LectureScene, Val, _baseline
from ..live import LightCopies, Live, corners, live_value, on_which, settle_value

P = style.PALETTE

#: Colors of the four slots' c curves: cell-state shades for the names, greys for the rest (the
#: place slot a mid grey, well apart from the second name's cream in a thin line).
SLOT_COLORS = (P.cell, "#FFF1C4", "#8E9AB3", "#59617A")
#: Gate rows of the grid: (values attribute, symbol, color).
ROWS = (("input", "i_t", P.input_gate), ("forget", "f_t", P.forget),
        ("output", "o_t", P.output_gate), ("cell", "c_t", P.cell))
#: Stage geometry, top to bottom between the claim line and the caption band (y = -2.4):
#: the token row; the chart of c with its legend under it (left); the gate grid and its
#: notes (right).
TOKEN_Y = 2.2
CHART_Y, CHART_H = -0.15, 2.7
#: The gate rows 0.54 apart (0.22 between tracks): room under the c_t row for the answer
#: "he = Li Si" and, below it, the two-line note of the last token.
COL_X0, COL_PITCH, HEAD_Y, ROW_Y = 1.3, 1.45, 1.45, (0.95, 0.41, -0.13, -0.67)
NOTE_Y, PICK_Y, LATER_Y = -1.65, -1.25, -1.99
HALF_Y, HALF_H = 0.02, 3.7
TRACK_W = 0.68

TEXT = {
    # ----- beat 1: the full stop --------------------------------------------------------------
    "stop": {"zh": "门是一个向量：读到「。」，只有地点槽的 $f$ 掉到 {fp}",
             "en": "A gate is a vector: at the full stop only the place slot's $f$ drops, to {fp}"},
    "stop.say": {
        "zh": "以下数据为演示而手工设定：每个词是一个 {d} 维向量，送进一个有 {s} 个记忆槽的 LSTM，槽从 {k0} 数起。槽{k0} 记第一个人名，槽{k1} 记第二个人名，槽{k2} 记地点，槽{k3} 记其他词，这个分工也是手工安排的。一个词一个词往前走，右边是三个门和记忆 c 在每个槽上的值。",
        "en": "Hand-set demo data: each word is a {d}-dim vector fed to an LSTM with {s} memory slot{s_s}, counted from {k0}. Slot {k0} keeps the first name, slot {k1} the second name, slot {k2} the place, slot {k3} the other words; that split was arranged by hand too. Word by word, the right shows the three gates and the memory c on every slot."},
    "stop.more": {
        "zh": "到了句号，遗忘门在地点槽上只剩 {fp}，北京被清掉；另外三个槽还是 {fo}，张三那一槽留着。第二节表里的那一个 f，在这里是 {s} 个数，每个槽一个。",
        "en": "At the full stop the forget gate on the place slot is down to {fp}, so Beijing is wiped; on the other three it stays at {fo}, so Zhang San's slot keeps its value. The single f of the gate table in section two is here {s} number{s_s}, one per slot."},
    "stop.head": {"zh": "第 {t} 个词「。」", "en": "token {t}, the full stop"},
    "stop.line": {"zh": "地点槽 $f$ = {fp}，其余槽 $f$ = {fo}",
                  "en": "place $f$ = {fp}, others $f$ = {fo}"},
    "col": {"zh": "槽{k}", "en": "slot {k}"},
    "legend": {"zh": "槽{k} {role}", "en": "slot {k}: {role}"},
    # ----- beat 2: "he" -----------------------------------------------------------------------
    "he": {"zh": "读到「他」：$f$ 一起升到 {f}，$o$ 从 {o0} 开到 {o1}",
           "en": "At \"he\": $f$ rises to {f} on every slot, $o$ opens from {o0} to {o1}"},
    "he.say": {
        "zh": "接着读李四那一句，再到第 {t} 个词「他」。遗忘门在每个槽上一起升到 {f}：这个手工设定的单元让代词把马上要用的记忆撑住。同时输出门由 {o0} 升至 {o1}，记忆被读了出去。",
        "en": "Read on through Li Si's sentence to token {t}, \"he\". The forget gate rises to {f} on every slot: this hand-set cell makes the pronoun hold the memory it is about to need. The output gate opens from {o0} to {o1} and reports the memory out."},
    "he.head": {"zh": "第 {t} 个词「他」", "en": "token {t}, \"he\""},
    "he.line": {"zh": "$f$ = {f}，$o$：{o0} → {o1}", "en": "$f$ = {f}, $o$: {o0} → {o1}"},
    # ----- beat 3: who is he ------------------------------------------------------------------
    "who.second": {"zh": "「他」是谁？李四的槽{k1} = {b}，高过张三的槽{k0} = {a}",
                   "en": "Who is he? Slot {k1} (Li Si) {b} beats slot {k0} (Zhang San) {a}"},
    "who.first": {"zh": "「他」是谁？张三的槽{k0} = {a}，高过李四的槽{k1} = {b}",
                  "en": "Who is he? Slot {k0} (Zhang San) {a} beats slot {k1} (Li Si) {b}"},
    "who.tie": {"zh": "谁是「他」？槽{k0} 和 槽{k1} 一样大：{a}",
                "en": "Who is he? Slots {k0} and {k1} hold the same: {a}"},
    "who.second.say": {
        "zh": "在「他」之前，人名槽上的记忆每读一个词就按 {f} 打折，所以大小相近的两笔，后写的那笔更大。张三在第 {w0} 个词写入，李四在第 {w1} 个词写入；读到「他」时李四那一槽是 {b}，张三那一槽只剩 {a}。看哪个人名槽更大，「他」就是李四；这里没有写任何指代规则。",
        "en": "Before \"he\", memory on the name slots is discounted by {f} at every token, so of two writes of a similar size the later one is larger. Zhang San was written at token {w0}, Li Si at token {w1}; at \"he\", Li Si's slot holds {b} and Zhang San's only {a}. Read the larger name slot and he is Li Si; no coreference rule is written anywhere.",
    },
    "who.first.say": {
        "zh": "在「他」之前，人名槽上的记忆每读一个词就按 {f} 打折。读到「他」时张三那一槽是 {a}，李四那一槽是 {b}：看哪个人名槽更大，「他」就是张三。",
        "en": "Before \"he\", memory on the name slots is discounted by {f} at every token. At \"he\", Zhang San's slot holds {a} and Li Si's {b}: read the larger name slot and he is Zhang San."},
    "who.tie.say": {
        "zh": "读到「他」时两个人名槽一样大（{a}），光看记忆分不出「他」是谁。",
        "en": "At \"he\" both name slots hold the same ({a}); the memory alone cannot tell who he is."},
    # said with the discount: the factor beside the name slots' curves, while the line names it
    "who.discount": {"zh": "每个词 ×{f}", "en": "×{f} a token"},
    "who.pick.second": {"zh": "「他」= 李四", "en": "he = Li Si"},
    "who.pick.first": {"zh": "「他」= 张三", "en": "he = Zhang San"},
    "who.pick.tie": {"zh": "「他」= ？", "en": "he = ?"},
    "later.head": {"zh": "又过 {n} 步，第 {t} 个词「话」", "en": "{n} step{n_s} on, token {t}, \"dialect\""},
    "later": {"zh": "槽{k0} {a}，槽{k1} {b}", "en": "slot {k0} {a}, slot {k1} {b}"},
    "later.say": {
        "zh": "再走 {n} 步到第 {t} 个词，两个槽又各乘了 {n} 次遗忘门，变成 {a} 和 {b}。",
        "en": "{n} step{n_s} on, at token {t}, both slots have been multiplied by the forget gate {n} more times: {a} and {b}."},
    # ----- beat 4: half-life ------------------------------------------------------------------
    "half": {"zh": "记忆能撑多久：$f$ 决定半衰期", "en": "How long memory lasts: $f$ sets the half-life"},
    "half.say": {
        "zh": "遗忘门一直停在 f、又不写入新内容时，记忆每步乘 f，乘到只剩一半要走的步数，是「一半」的对数除以 f 的对数。f 从 {lo} 升到 {hi}：越接近 1，半衰期涨得越快。刚才那句话里，普通词的 {tf} 只要 {th} 步就让记忆减半，「他」的 {hf} 若一直保持，要 {hh} 步。",
        "en": "If the forget gate stays at f and nothing new is written, memory is multiplied by f every step; halving it takes the log of one half over the log of f steps. As f rises from {lo} to {hi}, the closer it gets to 1, the faster the half-life climbs. In the sentence, an ordinary word's {tf} halves the memory in {th} step{th_s}; the {hf} at \"he\", if held, would take {hh}.",
        "fixed": {"1": "the upper end of a gate"}},
    "half.x": {"zh": "遗忘门 $f$", "en": "forget gate $f$"},
    "half.y": {"zh": "半衰期（步，对数轴）", "en": "half-life (steps, log axis)"},
    "half.mark": {"zh": "$f$ = {f}：{t} 步", "en": "$f$ = {f}: {t} step{t_s}"},
    # the live readouts' labels: the symbol typeset, the number beside it in the lecture font
    "half.f": {"zh": "$f$ =", "en": "$f$ ="},
    "half.t": {"zh": "$t_{{1/2}}$ =", "en": "$t_{{1/2}}$ =",
               "fixed": {"1": "the half in half-life", "2": "the half in half-life"}},
    "half.result.after": {"zh": "走 {t} 步后记忆剩一半", "en": "half left after {t} step{t_s}"},
    "half.result.within": {"zh": "不到一步就丢掉一半以上", "en": "half gone in under a step"},
}

ROLES = {"zh": ("张三", "李四", "地点", "其他词"),
         "en": ("first name", "second name", "place", "other")}

#: Least gap between two token labels when their widths do not fit the fixed pitch, and
#: between two index numbers under them ("10 11" under "." and "he" read as two numbers).
TOKEN_GAP, NUM_GAP = 0.14, 0.3
#: The packed token row's outer edges: the cursor's frame round the end tokens stays ~0.3
#: inside the frame's edge (7.11).
TOKEN_LEFT, TOKEN_RIGHT = -6.7, 6.7


def _slots(n: int) -> dict:
    """Fields ``k0 .. k{n-1}``: the numbers of the first ``n`` slots as shown (from 1)."""
    return {f"k{j}": Val(f"slot_numbers[{j}]", "int") for j in range(n)}


def _token_xs(widths, pitch_x, nums=None) -> list[float]:
    """Centres of the token labels: the fixed pitch (``pitch_x(t)``) when no two neighbours
    overlap there, else packed with equal slack across the row: each pair of neighbours at
    least ``TOKEN_GAP`` apart and their index numbers (widths ``nums``) ``NUM_GAP`` apart."""
    nums = widths if nums is None else nums
    xs = [pitch_x(t) for t in range(len(widths))]
    need = [max((widths[t] + widths[t + 1]) / 2 + TOKEN_GAP,
                (nums[t] + nums[t + 1]) / 2 + NUM_GAP) for t in range(len(xs) - 1)]
    fits = all(xs[t + 1] - xs[t] >= need[t] for t in range(len(xs) - 1))
    if fits:
        return xs
    span = TOKEN_RIGHT - TOKEN_LEFT - (widths[0] + widths[-1]) / 2
    extra = max(0.0, (span - sum(need)) / max(1, len(need)))
    out = [TOKEN_LEFT + widths[0] / 2]
    for d in need:
        out.append(out[-1] + d + extra)
    return out


class Trace(LightCopies, LectureScene):
    """L5: a 4-slot LSTM reads a two-person sentence token by token; half-life of f."""

    SECTION_ID = "lstm-05-trace"
    BEATS = ("full_stop", "he_arrives", "who_is_he", "half_life")
    TEXT = TEXT

    # ----- the shared stage ---------------------------------------------------------------
    def idx(self) -> int:
        return self.at(self.k)

    def build_stage(self):
        """Build the token row, the chart of c (left) and the gate grid (right), undrawn:
        the first beat's narration brings them in as it names them."""
        v = self.v
        n = len(v.tokens)
        # the English video shows the word-by-word gloss of the same tokens (the cell reads
        # the Chinese ones); glosses wider than the pitch are packed by their widths instead
        words = v.tokens if self.lang == "zh" else v.tokens_en
        size = style.LABEL_SIZE if self.lang == "zh" else style.SMALL_SIZE
        toks, nums = VGroup(), VGroup()
        for t, tok in enumerate(words):
            toks.add(self.plain(tok, size=size, color=P.token))
            nums.add(self.value(f"token_numbers[{t}]", "int", size=style.SMALL_SIZE,
                                color=P.muted))
        xs = _token_xs([max(a.width, b.width) for a, b in zip(toks, nums)],
                       lambda t: self.slot_x(t, n, 0.84), [b.width for b in nums])
        for t, x in enumerate(xs):
            toks[t].move_to([x, TOKEN_Y, 0])
            if self.lang != "zh":   # the glosses on one baseline ("Beijing" not lifted by its j, g)
                toks[t].shift((TOKEN_Y - 0.1 - _baseline(toks[t])) * UP)
            nums[t].move_to([x, TOKEN_Y - 0.35, 0])
        self.toks, self.nums = toks, nums
        self.k = ValueTracker(0)
        # the beats name the full stop, 他 and the last token: the steps must stand on each
        self.live = live = Live(self, self.idx, over="forget", at=("stop", "he", "last"))
        slots = [VGroup(toks[t], nums[t]) for t in range(n)]
        self.cursor = live.redraw(lambda i: SurroundingRectangle(
            slots[i], color=P.highlight, buff=0.07, stroke_width=3),
            path="{i}", measure=lambda m: on_which(slots, m))
        # chart of c, left: from under the token row down to its legend above the band
        top = float(v.cell_top)
        ax = Axes([0.5, n + 0.5, 1], [0, top, 0.5], x_length=6.3, y_length=CHART_H,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-3.3, CHART_Y, 0])
        yticks = VGroup(*[self.label(s, "axis tick: memory value", size=style.SMALL_SIZE,
                                     color=P.muted).next_to(ax.c2p(0.5, y), LEFT, buff=0.12)
                          for s, y in (("0", 0.0), ("0.5", 0.5), ("1.0", 1.0))])
        yl = self.math("c_t", color=P.cell).next_to(ax.y_axis, UP, buff=0.1)
        self.ax = ax
        self.chart = VGroup(ax, yticks, yl)

        def curve(i, j):
            pts = [ax.c2p(t + 1, float(v.cell[t, j])) for t in range(i + 1)]
            if len(pts) == 1:
                pts = pts * 2
            return VMobject(stroke_color=SLOT_COLORS[j], stroke_width=4).set_points_as_corners(pts)

        def tip(m):         # a curve's end, read back through the axes: (token, c)
            return ax.p2c(corners(m)[-1])[:2]

        self.curves = VGroup(*[live.redraw(lambda i, j=j: curve(i, j),
                                           path=("token_numbers[{i}]", f"cell[{{i}}][{j}]"),
                                           measure=tip) for j in range(4)])
        self.chart_cursor = live.redraw(lambda i: DashedLine(
            ax.c2p(i + 1, 0), ax.c2p(i + 1, top), color=P.highlight, stroke_width=1.5),
            path="token_numbers[{i}]", measure=lambda m: ax.p2c(m.get_center())[0])
        legend = VGroup()
        for j in range(4):
            sw = Line([0, 0, 0], [0.35, 0, 0], color=SLOT_COLORS[j], stroke_width=5)
            lab = self.text("legend", size=style.SMALL_SIZE, color=SLOT_COLORS[j],
                            k=Val(f"slot_numbers[{j}]", "int"), role=ROLES[self.lang][j])
            legend.add(VGroup(sw, lab).arrange(RIGHT, buff=0.12))
        legend.arrange_in_grid(rows=2, cols=2, buff=(0.6, 0.12), col_alignments="ll")
        legend.next_to(ax, DOWN, buff=0.15)
        self.legend = legend
        # grid of gates, right: column heads, then one row per gate (symbol, tracks, fills,
        # numbers), each row a group so a line can bring in or point at one row
        self.heads = VGroup(*[self.text("col", size=style.SMALL_SIZE, color=SLOT_COLORS[j],
                                        k=Val(f"slot_numbers[{j}]", "int"))
                              .move_to([COL_X0 + j * COL_PITCH + 0.25, HEAD_Y, 0])
                              for j in range(4)])
        self.rows, self.cells = VGroup(), {}
        for r, (attr, sym, color) in enumerate(ROWS):
            y = ROW_Y[r]
            row = VGroup(self.math(sym, color=color).move_to([COL_X0 - 0.6, y, 0]))
            scale = 1.0 if attr != "cell" else 1.0 / top
            for j in range(4):
                x0 = COL_X0 + j * COL_PITCH - 0.2
                track = Rectangle(width=TRACK_W, height=0.32, stroke_color=P.muted,
                                  stroke_width=1.5).move_to([x0 + TRACK_W / 2, y, 0])

                def fill(i, attr=attr, j=j, x0=x0, y=y, color=color, scale=scale):
                    w = max(1e-3, TRACK_W * scale * float(getattr(v, attr)[i, j]))
                    return Rectangle(width=w, height=0.32, stroke_width=0, fill_color=color,
                                     fill_opacity=0.85).move_to([x0 + w / 2, y, 0])
                # the number in the lecture font, beside the track, rebuilt as the step moves
                num = live_value(self, live, f"{attr}[{{i}}][{j}]", "dec:2", track, color,
                                  size=style.SMALL_SIZE, buff=0.08)
                self.cells[(attr, j)] = (track, num)
                # the fill's right end on its track, in units of the row's full track
                row.add(track, live.redraw(fill, path=f"{attr}[{{i}}][{j}]",
                                           measure=lambda m, x0=x0, scale=scale:
                                           (m.get_right()[0] - x0) / (TRACK_W * scale),
                                           tol=1.5e-3 / (TRACK_W * scale)), num)
            self.rows.add(row)

    def step_to(self, last: int, seconds: float = 0.7, rest: float = 0.25):
        """The step button: one token at a time up to ``last`` (0-based)."""
        for t in range(self.idx() + 1, last + 1):
            self.live.play(self.k.animate.set_value(t), run_time=seconds, rate_func=linear)
            if rest:
                self.wait(rest)

    def step_over(self, last: int, share: float = 1.0):
        """Step up to ``last`` over ``share`` of what is left of the current line."""
        n = last - self.idx()
        if n > 0:
            self.step_to(last, seconds=max(0.5, self.left(share) / n), rest=0)

    def settle_grid(self, t: int):
        for (attr, j), (track, num) in self.cells.items():
            color = dict((a, c) for a, _, c in ROWS)[attr]
            settle_value(self, num, f"{attr}[{t}][{j}]", "dec:2", track, color,
                          size=style.SMALL_SIZE, buff=0.08)

    def note(self, head, line, color, y=NOTE_Y):
        """Two short lines under the grid: which token, then its numbers."""
        a = self.text(head[0], size=style.LABEL_SIZE, color=P.text, **head[1])
        b = self.text(line[0], size=style.LABEL_SIZE, color=color, **line[1])
        return VGroup(a, b).arrange(DOWN, buff=0.16).move_to([3.9, y, 0])

    def ring(self, keys):
        return VGroup(*[SurroundingRectangle(VGroup(*self.cells[key]), color=P.highlight,
                                             buff=0.08, stroke_width=3) for key in keys])

    def row_ring(self, attr):
        """A frame round one gate's row of the grid."""
        r = [a for a, _, _ in ROWS].index(attr)
        return SurroundingRectangle(self.rows[r], color=P.highlight, buff=0.08, stroke_width=3)

    # ----- beat 1 -------------------------------------------------------------------------
    def full_stop(self):
        v = self.v
        fields = dict(fp=Val("stop_forget_place", "fmt:2"), d=Val("n_features", "int"),
                      s=Val("n_slots", "int"), **_slots(4))
        self.claim("stop", say=False, **fields)
        self.build_stage()
        # the line names, in order: the words (vectors), the slots, what each slot keeps, the
        # gates and c on the right, and the walk word by word (the steps up to the full stop)
        self.say("stop.say", **fields)
        walk = v.stop * 0.9
        self.pace(
            [LaggedStart(*[FadeIn(VGroup(a, b)) for a, b in zip(self.toks, self.nums)],
                         lag_ratio=0.15), FadeIn(self.cursor)],
            LaggedStart(*[FadeIn(h) for h in self.heads], lag_ratio=0.3),
            *[[FadeIn(self.legend[j], shift=0.1 * UP), _point(self.heads[j])]
              for j in range(4)],
            [Create(self.ax), FadeIn(self.chart[1:]), FadeIn(self.curves),
             FadeIn(self.chart_cursor),
             LaggedStart(*[FadeIn(r) for r in self.rows], lag_ratio=0.3)],
            over=max(4.0, self.left() - walk))
        self.step_over(v.stop)
        self.settle_grid(v.stop)
        self.show("stop_forget_place", self.cells[("forget", 2)][1])
        self.show("stop_forget_other", self.cells[("forget", 0)][1])
        line = self.note(("stop.head", {"t": Val("stop_number", "int")}),
                         ("stop.line", {"fp": Val("stop_forget_place", "fmt:2"),
                                        "fo": Val("stop_forget_other", "fmt:2")}), P.forget)
        self.show("stop_line", line[1])
        place = self.ring([("forget", 2)])
        others = self.ring([("forget", j) for j in (0, 1, 3)])
        row = self.row_ring("forget")
        # the place slot's f and Beijing wiped; the other three kept; one f is s numbers
        self.line("stop.more",
                  [Create(place), FadeIn(line[0])],
                  [Create(others), _point(self.curves[0])],
                  lambda: [FadeOut(place), FadeOut(others), Create(row), FadeIn(line[1])],
                  fp=Val("stop_forget_place", "fmt:2"), fo=Val("stop_forget_other", "fmt:2"),
                  s=Val("n_slots", "int"))
        self.hold(1.5)
        self.play(FadeOut(row), FadeOut(line), run_time=0.4)

    # ----- beat 2 -------------------------------------------------------------------------
    def he_arrives(self):
        v = self.v
        he = dict(f=Val("he_forget", "fmt:2"), o0=Val("output_before", "fmt:2"),
                  o1=Val("output_he", "fmt:2"))
        self.claim("he", t=Val("he_number", "int"), **he)
        # "read on ... to token t": the steps, the last one slower, over the first third
        self.step_over(v.he - 1, share=0.28)
        self.step_to(v.he, seconds=1.0, rest=0)
        self.settle_grid(v.he)
        self.show("he_forget", self.cells[("forget", 0)][1])
        self.show("output_he", self.cells[("output", 0)][1])
        line = self.note(("he.head", {"t": Val("he_number", "int")}), ("he.line", he),
                         P.output_gate)
        self.show("he_line", line[1])
        f_row, c_row, o_row = (self.row_ring(a) for a in ("forget", "cell", "output"))
        # f up on every slot; the memory it holds; o opening
        self.pace([Create(f_row), FadeIn(line[0])],
                  lambda: [FadeOut(f_row), Create(c_row)],
                  lambda: [FadeOut(c_row), Create(o_row), FadeIn(line[1])])
        self.hold(1.5)
        self.play(FadeOut(o_row), FadeOut(line), run_time=0.4)

    # ----- beat 3 -------------------------------------------------------------------------
    def who_is_he(self):
        v = self.v
        ab = dict(a=Val("he_first", "fmt:2"), b=Val("he_second", "fmt:2"))
        # who he is, from the two slots as shown: 0.264 and 0.256 both show "0.26", a tie
        a, b = self.shown_value("he_first", "fmt:2"), self.shown_value("he_second", "fmt:2")
        referent = "second" if b > a else ("first" if a > b else "tie")
        self.claim("who", variant=referent, f=Val("trace_forget", "fmt:2"),
                   w0=Val("token_numbers[0]", "int"), w1=Val("token_numbers[5]", "int"),
                   **ab, **_slots(2))
        ax = self.ax
        dots = VGroup(*[Dot(ax.c2p(v.he + 1, float(v.cell[v.he, j])), color=SLOT_COLORS[j],
                            radius=0.08) for j in (0, 1)])
        ring = self.ring([("cell", 0), ("cell", 1)])
        pick = self.text("who.pick", variant=referent, size=style.BODY_SIZE, color=P.cell)
        # the answer between the c_t frames above it and the later token's note below it,
        # with a gap to each
        pick.move_to([3.9, PICK_Y, 0])
        self.show("who_pick", pick)
        names = VGroup(self.curves[0], self.curves[1])
        if referent == "second":
            # the writes: each name slot's peak, where its name came in (tokens w0 and w1)
            w0, w1 = 0, 5
            writes = VGroup(*[Dot(ax.c2p(t + 1, float(v.cell[t, j])), color=SLOT_COLORS[j],
                                  radius=0.08) for t, j in ((w0, 0), (w1, 1))])
            # the discount, beside the two curves' ends at "he", in the chart's empty right part
            per = self.text("who.discount", size=style.SMALL_SIZE, color=P.forget,
                            f=Val("trace_forget", "fmt:2"))
            per.next_to(dots, RIGHT, buff=0.3)
            flash = VGroup(*[c.copy().set_stroke(P.highlight, width=6) for c in names])
            # one action per clause: discounted at every token (a flash down both name curves,
            # then the factor); two writes (their peaks); at tokens w0 and w1; at "he" Li Si's
            # slot, then Zhang San's; the larger one read; and no rule anywhere but this cell
            self.pace(ShowPassingFlash(flash, time_width=0.6),
                      FadeIn(per, shift=0.1 * LEFT),
                      FadeIn(writes, scale=1.6),
                      [_point(VGroup(self.toks[w0], self.nums[w0])),
                       _point(VGroup(self.toks[w1], self.nums[w1]))],
                      [FadeOut(per), FadeOut(writes), FadeIn(dots[1], scale=1.6),
                       Create(ring[1])],
                      [FadeIn(dots[0], scale=1.6), Create(ring[0])],
                      FadeIn(pick, shift=0.1 * UP),
                      _point(VGroup(self.heads, self.rows)))
        else:
            self.pace(_point(names), [FadeIn(dots), Create(ring)], FadeIn(pick, shift=0.1 * UP))
        later_f = dict(t=Val("last_number", "int"), a=Val("last_first", "fmt:2"),
                       b=Val("last_second", "fmt:2"), n=Val("steps_after", "int"))
        self.say("later.say", **later_f)
        later = self.note(("later.head", {"t": Val("last_number", "int"),
                                          "n": Val("steps_after", "int")}),
                          ("later", {"a": Val("last_first", "fmt:2"),
                                     "b": Val("last_second", "fmt:2"), **_slots(2)}), P.cell,
                          y=LATER_Y)
        self.step_over(v.last, share=0.7)
        self.settle_grid(v.last)
        self.show("last_first", self.cells[("cell", 0)][1])
        self.show("last_second", self.cells[("cell", 1)][1])
        self.show("later", later[1])
        self.pace([FadeIn(later), _point(VGroup(*self.cells[("cell", 0)], *self.cells[("cell", 1)]))])
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def half_life(self):
        v = self.v
        fields = dict(lo=Val("sweep_forget[0]", "fmt:2"),
                      hi=Val(f"sweep_forget[{v.sweep_turn}]", "fmt:2"),
                      tf=Val("trace_forget", "fmt:2"), th=Val("trace_held_half_life", "fmt:2"),
                      hf=Val("he_forget", "fmt:2"), hh=Val("he_held_half_life", "fmt:2"))
        self.claim("half", say=False, **fields)
        ax = Axes([0, 1, 0.25], [0, 4, 1], x_length=7.2, y_length=HALF_H,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-2.4, HALF_Y, 0])
        xlabs = VGroup(*[self.label(s, "axis tick: gate value", size=style.SMALL_SIZE,
                                    color=P.muted).next_to(ax.c2p(x, 0), DOWN, buff=0.15)
                         for s, x in (("0.25", 0.25), ("0.50", 0.5), ("0.75", 0.75),
                                      ("1.00", 1.0))])
        ylabs = VGroup(*[self.label(s, "axis tick: steps on a log axis", size=style.SMALL_SIZE,
                                    color=P.muted).next_to(ax.c2p(0, e), LEFT, buff=0.15)
                         for s, e in (("0.1", 0), ("1", 1), ("10", 2), ("100", 3), ("1000", 4))])
        xl = self.text("half.x", size=style.SMALL_SIZE, color=P.forget)
        xl.next_to(ax.x_axis, RIGHT, buff=0.3)
        yl = self.text("half.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax, UP, buff=0.15).align_to(ylabs, LEFT)
        pts = [ax.c2p(float(a), float(b)) for a, b in zip(v.curve_forget, v.curve_decades)]
        curve = VMobject(stroke_color=P.forget, stroke_width=4).set_points_as_corners(pts)
        # the formula built from what the line says: memory times f each step, f^t = 1/2,
        # then solved for t
        steps_tex = [self.math(r"f^{t} = \tfrac{1}{2}", reason="1/2: the half in half-life",
                               color=P.text),
                     self.math(r"t_{1/2} = \frac{\ln (1/2)}{\ln f}", reason="1/2: the half in "
                               "half-life", color=P.text)]
        for m in steps_tex:
            m.move_to([4.7, 1.4, 0])
        formula = steps_tex[-1]
        marks = []
        # each gate as shown (two decimals) and the half-life that follows from it, at the
        # readout's two decimals so one value never shows at two precisions in one frame
        for f, lg, t, side in (("trace_forget", "trace_decades", "trace_held_half_life", UL),
                               ("he_forget", "he_decades", "he_held_half_life", LEFT)):
            dot = Dot(ax.c2p(round(float(getattr(v, f)), 2), float(getattr(v, lg))), color=P.muted,
                      radius=0.06)
            lab = self.text("half.mark", size=style.SMALL_SIZE, color=P.muted,
                            f=Val(f, "fmt:2"), t=Val(t, "fmt:2"))
            lab.next_to(dot, side, buff=0.15)
            marks.append(VGroup(dot, lab))
        k = ValueTracker(0)

        def i() -> int:
            return self.at(k)

        # the claim names the turn at 0.99: the drag must stand on it
        sweep = Live(self, i, over="sweep_forget", at="sweep_turn")
        dot = sweep.redraw(lambda j: Dot(ax.c2p(float(v.sweep_forget[j]),
                                                float(v.sweep_decades[j])),
                                         color=P.highlight, radius=0.09),
                           path=("sweep_forget[{i}]", "sweep_decades[{i}]"),
                           measure=lambda m: ax.p2c(m.get_center())[:2])
        # the readouts: the symbol typeset, the number in the lecture font, its left edge
        # fixed (the widest value of the sweep fits before the frame's edge)
        fl = self.text("half.f", size=style.LABEL_SIZE + 4, color=P.forget)
        hl = self.text("half.t", size=style.LABEL_SIZE + 4, color=P.text)
        labs = VGroup(fl, hl).arrange(DOWN, buff=0.45, aligned_edge=RIGHT).move_to([4.3, 0.0, 0])
        fn = live_value(self, sweep, "sweep_forget[{i}]", "dec:2", fl, P.forget)   # as the marks
        hn = live_value(self, sweep, "sweep_half_life[{i}]", "dec:2", hl, P.text)
        sweep_time = 7.0
        self.say("half.say", **fields)
        # the forget gate held, memory times f each step: the axes and f^t = 1/2; halving
        # takes ln(1/2) / ln f steps: the formula solved
        self.pace([Create(ax), FadeIn(xlabs), FadeIn(ylabs), FadeIn(xl), FadeIn(yl),
                   FadeIn(steps_tex[0])],
                  ReplacementTransform(steps_tex[0], formula),
                  over=max(2.0, self.left() * 0.35))
        # "as f rises from lo to hi ...": the curve drawn and the dot swept, while said
        self.play(Create(curve), FadeIn(dot), FadeIn(labs), FadeIn(fn), FadeIn(hn),
                  run_time=1.0)
        sweep_time = max(4.0, self.left(0.45))
        sweep.play(k.animate.set_value(len(v.sweep_forget) - 1), run_time=sweep_time,
                   rate_func=linear)
        # the ordinary word's f and the f at "he", each marked as it is said
        self.pace(FadeIn(marks[0], scale=1.3), FadeIn(marks[1], scale=1.3))
        fn = settle_value(self, fn, "forget_param", "dec:2", fl, P.forget, "forget_readout")
        hn = settle_value(self, hn, "half_life", "dec:2", hl, P.text, "half_life_readout")
        # under a step only if the half-life as shown is below 1 (0.996 shows "1.00")
        kind = "within" if self.shown_value("half_life", "fmt:2") < 1.0 else "after"
        res = self.text("half.result", variant=kind, size=style.BODY_SIZE,
                        color=P.forget, t=Val("half_life", "fmt:2"))
        res.move_to([4.7, -1.15, 0])
        self.show("half_result", res)
        self.play(FadeIn(res, shift=0.1 * UP), Create(SurroundingRectangle(
            VGroup(hl, hn), color=P.highlight, buff=0.1, stroke_width=2)), run_time=0.8)
        self.hold(1.5)


def _point(mob):
    """Point at ``mob`` as the words name it: a frame drawn round it and faded."""
    return Circumscribe(mob, color=P.highlight, fade_out=True, buff=0.08, stroke_width=3)


