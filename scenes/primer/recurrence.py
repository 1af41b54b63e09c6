"""§01 The loop: one token at a time (stepping t, the tanh tangent, sweeping W_h, readout heads)."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, DashedVMobject, Dot, FadeIn,
                   FadeOut, LaggedStart, Line, ManimColor, Rectangle, Square,
                   Transform, ValueTracker, VGroup, VMobject, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live

P = style.PALETTE

#: Heights of the rows (the state row, the token row, the note under them) and of the
#: equation: everything above the caption band (``style.STAGE_BOTTOM``).
Y_EQ, Y_STATE, Y_TOKEN, Y_NOTE = 2.2, 0.7, -0.95, -2.08
#: The states' numbers, in the lecture font as the tokens under them are (one number style
#: for both rows: no TeX digits beside sans ones, one minus sign).
STATE_SIZE = 24     # "−0.446" inside its 1.25 box with room on both sides


TEXT = {
    "overview": {"zh": "这一篇搭出的六样东西", "en": "What the six sections build"},
    "overview.say": {
        "zh": "2017 年以前，多数序列模型背着一个状态往前读。这一篇分六节把它拆开。",
        "en": "Before 2017, most sequence models carried a state as they read. This primer takes that apart in six sections.",
        "fixed": {"2017": "the year of the Transformer paper (Vaswani et al. 2017), cited"}},
    "overview.first.say": {
        "zh": "先是算出状态的循环，再是几十步内就可能让梯度消失的导数连乘，然后是为救这个连乘造的门。",
        "en": "First the loop that computes the state, then the product of derivatives that can make the gradient vanish within tens of steps, then the gates built to keep that product alive."},
    "overview.then.say": {
        "zh": "接着是门解决不了的两个极限、在很大程度上取代了循环的注意力（Vaswani 等，2017），最后是一张速查表。",
        "en": "After them, the two limits gates leave alone, the attention that largely replaced the loop (Vaswani et al. 2017), and a cheat sheet.",
        "fixed": {"2017": "the year of the Transformer paper (Vaswani et al. 2017), cited"}},
    "overview.s1": {"zh": "循环", "en": "the loop"},
    "overview.s2": {"zh": "导数连乘", "en": "the product"},
    "overview.s3": {"zh": "门", "en": "gates"},
    "overview.s4": {"zh": "两个极限", "en": "two limits"},
    "overview.s5": {"zh": "注意力", "en": "attention"},
    "overview.s6": {"zh": "速查表", "en": "cheat sheet"},
    "count": {"zh": "参数量与序列长度无关", "en": "The parameter count does not depend on length"},
    "count.say": {
        "zh": "所有步共享同一套权重，所以参数量里没有序列长度。",
        "en": "Every step shares one set of weights, so sequence length appears nowhere in the count."},
    "count.parts.say": {
        "zh": "宽度为 d、输入宽度也为 d 时：循环一个 d 乘 d 的矩阵，输入一个 d 乘 d 的矩阵，再加一个长 d 的偏置（和前面的公式一样，只有一个偏置）。",
        "en": "At width d, with inputs of width d too: one d by d recurrent matrix, one d by d input matrix and one bias of length d, a single bias as in the equation."},
    "count.total.say": {
        "zh": "d 等于 {d} 时一共 {total} 个；序列从 {n0} 拉长到 {n1}，这个数一个也不变。",
        "en": "At d = {d} that is {total}; stretch the sequence from {n0} to {n1} and not one parameter is added."},
    "count.tiny.say": {
        "zh": "我们的一维例子只有 {p} 个：W_h、W_x 和 b。",
        "en": "Our 1-D example has {p}: W_h, W_x and b.",
        "fixed": {"1": "the one-dimensional example (width 1)"}},
    "count.n": {"zh": "序列长度 $n$", "en": "sequence length $n$"},
    "count.total": {"zh": "参数总数", "en": "parameters in all"},
    "count.rec": {"zh": "循环 $W_h$：$d \\times d$", "en": "recurrent $W_h$: $d \\times d$"},
    "count.inp": {"zh": "输入 $W_x$：$d \\times d$", "en": "input $W_x$: $d \\times d$"},
    "count.bias": {"zh": "偏置 $b$：$d$", "en": "bias $b$: $d$"},
    "count.d": {"zh": "$d$ = {d}", "en": "$d$ = {d}"},
    "unroll": {"zh": "逐个读入：每一步只用到已经读过的 token",
               "en": "One token per step, using only what it has read"},
    "unroll.say": {
        "zh": "循环网络从左到右读，每步读一个 token：公式把它和上一步的状态混合，再用 tanh 压回 −1 到 1 之间。",
        "en": "The network reads left to right, one token per step: the equation mixes it with the previous state and squashes the sum by tanh into (−1, 1).",
        "fixed": {"1": "the range of tanh, (−1, 1)"}},
    "unroll.steps.say": {
        "zh": "虚线格子还没有被算出来：每一步填上一格，从左边的 h_0 一直填到最右边。",
        "en": "Dashed cells have not been computed yet: each step fills one, from h_0 on the left to the last on the right.",
        "fixed": {"0": "index of the first state"}},
    "unroll.last.say": {
        "zh": "第 {t} 步算完，最后一个状态是 {h}。",
        "en": "After step {t} the last state reads {h}."},
    "unroll.hold": {"zh": "第 {t} 步算完：$h_{{{t}}}$ = {h}", "en": "after step {t}: $h_{{{t}}}$ = {h}"},
    "tangent": {"zh": "$\\tanh$ 的斜率：只在 $z = 0$ 附近接近 1",
                "en": "The slope of $\\tanh$ is near 1 only around $z = 0$",
                "fixed": {"0": "the point where tanh is steepest", "1": "tanh's largest slope"}},
    "tangent.say": {
        "zh": "压缩函数在 z 等于 0 处最陡，斜率为 1；往两边走，曲线迅速变平，斜率趋近于 0。",
        "en": "The squashing curve is steepest at z = 0, where its slope is 1; away from 0 it quickly flattens and the slope falls towards 0.",
        "fixed": {"0": "the point where tanh is steepest; the slope's limit", "1": "tanh's largest slope"}},
    "slope_at": {"zh": "$z$ = {z} 处斜率 {s}", "en": "slope {s} at $z$ = {z}"},
    "sweep.sweep": {"zh": "同一个 $W_h$ 作用在每一步", "en": "One $W_h$ acts at every step"},
    "sweep.sweep.say": {
        "zh": "所有时间步共享同一个循环权重。现在它从 {w} 变到 {w0}：除第一步外，每一步都用它乘上一步的状态；到 {w0} 时，{n} 个状态各自只剩自己的 token。",
        "en": "Every step shares one recurrent weight. Now it slides from {w} to {w0}: every step after the first multiplies the previous state by it; at {w0} each of the {n} states keeps only its own token."},
    # W_h = 0 already (as shown): the drag to 0 has nowhere to go
    "sweep.same": {"zh": "同一个 $W_h$ 作用在每一步", "en": "One $W_h$ acts at every step"},
    "sweep.same.say": {
        "zh": "所有时间步共享同一个循环权重。这里它已经是 {w0}，停在原处不动：{n} 个状态各自只剩自己的 token。",
        "en": "Every step shares one recurrent weight. Here it is already {w0}, so it stays where it is: each of the {n} states keeps only its own token."},
    "sweep.only_own": {"zh": "$W_h$ = {w0}：只剩自己的 token", "en": "$W_h$ = {w0}: only its own token"},
    "heads": {"zh": "读出头只看它正下方的状态", "en": "A readout head sees only the state below it"},
    "heads.say": {
        "zh": "分类只从最后一个状态读出一个答案；序列标注在每个位置各读一个。",
        "en": "Classification reads one answer from the last state; tagging reads one at every position."},
    "heads.path.say": {
        "zh": "无论哪种，第一个 token 的状态都要经过 {hops} 次乘 W_h 和 {hops} 次压缩，才能到达最后一个状态。",
        "en": "Either way the first token's state reaches the last state through {hops} multiplication{hops_s} by W_h and {hops} squashes."},
    "heads.classify": {"zh": "分类：一个输出", "en": "classification: one output"},
    "heads.tag": {"zh": "标注：每个位置一个输出", "en": "tagging: one output per position"},
    "heads.hops": {"zh": "$h_0$ 到 $h_{{{hops}}}$：{hops} 跳",
                   "en": "$h_0$ to $h_{{{hops}}}$: {hops} hop{hops_s}",
                   "fixed": {"0": "index of the first state"}},
}


class Recurrence(LectureScene):
    """§01: stepping the recurrence, the tanh slope, the shared W_h, readout heads."""

    SECTION_ID = "primer-01-recurrence"
    BEATS = ("overview", "show_unroll", "show_tangent", "sweep_w_h", "count_params",
             "toggle_heads")
    TEXT = TEXT

    # ----- layout helpers -----------------------------------------------------------------
    def _cell_x(self, t: int) -> float:
        return self.slot_x(t, len(self.v.tokens), 1.62)

    def _rows(self):
        """Token row (given, grey) and state row (dashed until computed)."""
        tokens, dashed, solid, values, arrows_in, arrows_rec = (VGroup() for _ in range(6))
        for t in range(len(self.v.tokens)):
            cx = self._cell_x(t)
            box = Square(1.25, color=P.token, stroke_width=2).move_to([cx, Y_TOKEN, 0])
            # given inputs, never animated: shown as typed ("num"), so -0.05 is not rounded
            num = self.value(f"tokens[{t}]", "num", size=34, color=P.token).move_to(box)
            tokens.add(VGroup(box, num))
            sq = Square(1.25, color=P.hidden, stroke_width=3).move_to([cx, Y_STATE, 0])
            solid.add(sq)
            dashed.add(DashedVMobject(sq.copy().set_stroke(P.muted, 2), num_dashes=18))
            values.add(self.value(f"states[{t}]", "dec:3", size=STATE_SIZE,
                                  color=P.hidden).move_to(sq))
            arrows_in.add(Arrow(box.get_top(), sq.get_bottom(), buff=0.08, color=P.muted,
                                stroke_width=2, max_tip_length_to_length_ratio=0.2))
            if t:
                arrows_rec.add(Arrow(solid[t - 1].get_right(), sq.get_left(), buff=0.05,
                                     color=P.hidden, stroke_width=2,
                                     max_tip_length_to_length_ratio=0.35))
        xl = self.math("x_t", color=P.token).next_to(tokens, LEFT, buff=0.3)
        hl = self.math("h_t", color=P.hidden).next_to(dashed, LEFT, buff=0.3)
        return dict(tokens=tokens, dashed=dashed, solid=solid, values=values,
                    arrows_in=arrows_in, arrows_rec=arrows_rec, labels=VGroup(xl, hl))

    # ----- beats --------------------------------------------------------------------------
    def overview(self):
        self.claim("overview")
        colors = (P.hidden, P.gradient, P.forget, P.cell, P.attention, P.muted)
        boxes = VGroup()
        for i, color in enumerate(colors):
            box = Rectangle(width=1.85, height=1.7, color=color, stroke_width=3)
            num = self.label(f"0{i + 1}", "section number", size=style.BODY_SIZE, color=color)
            name = self.text(f"overview.s{i + 1}", size=style.LABEL_SIZE, color=P.text)
            num.move_to(box.get_center() + 0.35 * UP)
            name.move_to(box.get_center() + 0.3 * DOWN)
            if name.width > 1.65:
                name.scale_to_fit_width(1.65)
            boxes.add(VGroup(box, num, name))
        boxes.arrange(RIGHT, buff=0.45).move_to([0, 0.3, 0])
        arrows = VGroup(*[Arrow(boxes[i].get_right(), boxes[i + 1].get_left(), buff=0.05,
                                color=P.muted, stroke_width=2,
                                max_tip_length_to_length_ratio=0.3)
                          for i in range(len(boxes) - 1)])
        # "in six sections": the six numbered boxes; then each name as the line says it
        self.pace(LaggedStart(*[FadeIn(VGroup(b[0], b[1]), shift=0.2 * UP) for b in boxes],
                              lag_ratio=0.3))

        marks = []

        def named(i):
            def build():
                out = [FadeOut(m) for m in marks]
                marks.clear()
                mk = self.mark(boxes[i][0], colors[i])
                marks.append(mk)
                out += [FadeIn(boxes[i][2], shift=0.15 * UP), Create(mk)]
                return out + ([Create(arrows[i - 1])] if i else [])
            return build

        self.say("overview.first.say")
        self.pace(*(named(i) for i in range(3)))
        self.say("overview.then.say")
        self.pace(*(named(i) for i in range(3, 6)))
        self.play(*[FadeOut(m) for m in marks], run_time=0.5)
        self.hold()
        self.clear_stage()

    def show_unroll(self):
        self.claim("unroll")
        formula = self.math(r"h_t = \tanh(", r"W_h", r"h_{t-1}", r"+", r"W_x", r"x_t", r"+ b)",
                            reason="the recurrence's equation (index t-1)")
        formula[2].set_color(P.hidden)
        formula[5].set_color(P.token)
        formula.move_to([0, Y_EQ, 0])
        r = self._rows()
        self.rows = r
        self.formula = formula
        squash = self.mark(VGroup(formula[0], formula[6]), P.hidden)
        # one token per step / the equation mixes it with the previous state / squashed by tanh
        self.pace([FadeIn(r["tokens"]), FadeIn(r["labels"])],
                  Write(formula),
                  Create(squash))
        self.say("unroll.steps.say")
        steps = [[FadeOut(squash), Create(r["dashed"])]]
        for t in range(len(self.v.tokens)):
            anims = [FadeOut(r["dashed"][t]), Create(r["solid"][t]),
                     FadeIn(r["arrows_in"][t]), FadeIn(r["values"][t])]
            if t:
                anims.append(Create(r["arrows_rec"][t - 1]))
            steps.append(anims)
        self.pace(*steps, fill=0.85)
        t_label = self.text("unroll.hold", size=style.BODY_SIZE, t=Val("hops", "int"),
                            h=Val("final_state"))
        t_label.move_to([0, Y_NOTE, 0])
        self.show("final_state", t_label)
        last = self.mark(r["solid"][-1], P.highlight)
        self.say("unroll.last.say", t=Val("hops", "int"), h=Val("final_state"))
        self.pace([Create(last), FadeIn(t_label)])
        self.play(FadeOut(last), run_time=0.4)
        self.hold()
        self.play(FadeOut(t_label), run_time=0.3)

    def show_tangent(self):
        self.clear_stage()
        self.claim("tangent")
        v = self.v
        ax = Axes([-3, 3, 1], [-1.2, 1.2, 0.5], x_length=7.0, y_length=4.2,
                  axis_config={"color": P.muted, "include_tip": False},
                  x_axis_config={"numbers_to_include": [-2, 0, 2], "font_size": 26})
        ax.move_to([-2.4, -0.05, 0])
        self.ticks(ax)
        curve = ax.plot(np.tanh, x_range=[-3, 3], color=P.hidden)
        curve_label = self.math(r"\tanh(z)", color=P.hidden).next_to(ax.c2p(-3, 1), RIGHT)
        last = len(v.tangent_sweep_z) - 1
        i = ValueTracker(0)

        def k() -> int:
            return self.at(i)

        def tangent(j):
            zz, yy, s = v.tangent_sweep_z[j], v.tangent_sweep_tanh[j], v.tangent_sweep_slope[j]
            p = ax.c2p(zz, yy)
            d = ax.c2p(zz + 0.9, yy + 0.9 * s) - p
            return Line(p - d, p + d, color=P.gradient, stroke_width=4)

        live = Live(self, k, over="tangent_sweep_z")
        def touch(m):       # where the tangent touches (its midpoint) and its slope, on ax
            (za, ya), (zb, yb) = ax.p2c(m.get_start())[:2], ax.p2c(m.get_end())[:2]
            return [*ax.p2c(m.get_center())[:2], (yb - ya) / (zb - za)]

        tan = live.redraw(tangent, path=("tangent_sweep_z[{i}]", "tangent_sweep_tanh[{i}]",
                                         "tangent_sweep_slope[{i}]"), measure=touch)
        dot = live.redraw(lambda j: Dot(ax.c2p(v.tangent_sweep_z[j], v.tangent_sweep_tanh[j]),
                                        color=P.highlight, radius=0.07),
                          path=("tangent_sweep_z[{i}]", "tangent_sweep_tanh[{i}]"),
                          measure=lambda m: ax.p2c(m.get_center())[:2])
        zl = self.eq_label("z").move_to([3.7, 1.3, 0])
        zn = self.beside(self.number("tangent_sweep_z[0]", "dec:2", size=0.7), zl)
        live.number(zn, lambda j: v.tangent_sweep_z[j], path="tangent_sweep_z[{i}]")
        sl = self.eq_label(r"\tanh'(z)", color=P.gradient).next_to(zl, DOWN, buff=0.5,
                                                                 aligned_edge=LEFT)
        sn = self.number("tangent_slope[0]", size=0.7, color=P.gradient)
        self.beside(sn, sl)
        live.number(sn, lambda j: v.tangent_sweep_slope[j], path="tangent_sweep_slope[{i}]")
        note0 = self.text("slope_at", size=style.LABEL_SIZE, z=Val("param.tangent_z[0]", "num"),
                          s=Val("tangent_slope[0]"))
        note0.move_to([zl.get_left()[0], -0.3, 0], aligned_edge=LEFT)   # one column with z =
        # the curve; the tangent where it is steepest, its slope said; then the walk away
        # from there while the line says the curve flattens
        self.play(Create(ax), Create(curve), FadeIn(curve_label), run_time=1.2)
        self.play(FadeIn(tan), FadeIn(dot), FadeIn(VGroup(zl, zn, sl, sn)), run_time=1.0)
        self.play(FadeIn(note0), run_time=0.6)
        live.play(i.animate.set_value(last), run_time=self.left(0.85, least=3.0),
                  rate_func=linear)
        self.settle(zn, f"tangent_sweep_z[{last}]")
        self.settle(sn, "tangent_slope[1]", name="slope_readout")
        note1 = self.text("slope_at", size=style.LABEL_SIZE, z=Val("param.tangent_z[1]", "num"),
                          s=Val("tangent_slope[1]"))
        note1.next_to(note0, DOWN, buff=0.3, aligned_edge=LEFT)
        self.show("slope_at_start", note0)
        self.show("slope_at_end", note1)
        self.play(FadeIn(note1), run_time=0.5)
        self.hold()
        self.clear_stage()

    def _restore_rows(self):
        r = self._rows()
        self.rows = r
        self.play(FadeIn(self.formula), FadeIn(r["tokens"]), FadeIn(r["labels"]),
                  FadeIn(r["solid"]), FadeIn(r["arrows_in"]), FadeIn(r["arrows_rec"]),
                  FadeIn(r["values"]), run_time=0.8)
        return r

    def sweep_w_h(self):
        v = self.v
        last = len(v.sweep_w_h) - 1
        same = self.shown_value("param.w_h", "num") == self.shown_value(f"sweep_w_h[{last}]", "num")
        self.claim("sweep", w=Val("param.w_h", "num"), w0=Val(f"sweep_w_h[{last}]", "num"),
                   n=Val("length", "int"), variant="same" if same else "sweep")
        r = self._restore_rows()
        i = ValueTracker(0)

        def k() -> int:
            return self.at(i)

        wl = self.eq_label("W_h").move_to([4.6, Y_EQ, 0])
        live = Live(self, k, over="sweep_w_h")
        wn = self.beside(self.number("sweep_w_h[0]", "dec:2", size=0.7), wl)
        live.number(wn, lambda j: v.sweep_w_h[j], path="sweep_w_h[{i}]")
        bars = VGroup()

        def state_read(m):  # a bar's length in units of |h| = 1, its sign from its colour
            sign = 1.0 if m.get_color() == ManimColor(P.hidden) else -1.0
            return sign * m.get_length() / 0.6

        for t, sq in enumerate(r["solid"]):
            def bar(j, t=t, sq=sq):
                h = float(v.sweep_states[j, t])
                return Line(sq.get_top() + 0.08 * UP,
                            sq.get_top() + (0.08 + 0.6 * max(abs(h), 0.001)) * UP,
                            color=P.hidden if h >= 0 else P.muted, stroke_width=10)
            bars.add(live.redraw(bar, path=f"sweep_states[{{i}}][{t}]", measure=state_read,
                                 tol=1.5e-3))
        # each state's number follows the sweep in the lecture font: a bound Text per value
        # shown (built once per string), swapped in when the string changes
        made: dict[tuple[int, float], object] = {}
        now: dict[int, str] = {}

        def state_text(j, t):
            key = (t, round(float(v.sweep_states[j, t]), 3))
            if key not in made:
                made[key] = self.value(f"sweep_states[{j}][{t}]", "dec:3", size=STATE_SIZE,
                                       color=P.hidden)
            now[t] = made[key].shown_text
            return made[key].copy().move_to(r["solid"][t])

        moving = VGroup(*(live.redraw(lambda j, t=t: state_text(j, t),
                                      path=f"sweep_states[{{i}}][{t}]", fmt="dec:3",
                                      read=lambda m, t=t: now[t])
                          for t in range(len(r["values"]))))
        self.remove(r["values"])
        self.add(moving)
        # "one recurrent weight": W_h and every recurrent arrow it sits on; then the slide,
        # over the words that describe it
        live.play(FadeIn(VGroup(wl, wn)), FadeIn(bars),
                  r["arrows_rec"].animate.set_color(P.highlight), run_time=1.0)
        live.play(r["arrows_rec"].animate.set_color(P.hidden), run_time=0.6)
        live.play(i.animate.set_value(last), run_time=self.left(0.8, least=3.0),
                  rate_func=linear)
        ends = VGroup(*(self.value(f"sweep_states[{last}][{t}]", "dec:3", size=STATE_SIZE,
                                   color=P.hidden).move_to(sq)
                        for t, sq in enumerate(r["solid"])))
        self.remove(moving)
        self.add(ends)
        self.settle(wn, f"sweep_w_h[{last}]")
        self.show("final_state_at_zero", ends[-1])
        note = self.text("sweep.only_own", size=style.LABEL_SIZE,
                         w0=Val(f"sweep_w_h[{last}]", "num")).move_to([0, Y_NOTE, 0])
        self.play(FadeIn(note), run_time=0.6)
        self.hold()
        self.play(FadeOut(note), FadeOut(bars), FadeOut(VGroup(wl, wn)), run_time=0.5)

    def count_params(self):
        v = self.v
        last = len(v.count_sweep_n) - 1
        self.claim("count", say=False)
        self.clear_stage()
        x0, x1, y_chain = -6.0, 6.0, 1.25
        t = ValueTracker(0)

        def chain(j):
            """The strip of ``count_sweep_ticks[j]`` ticks as one path, a straight segment a
            tick (up to 256 ``Line`` mobjects rebuilt at each of the sweep's 97 steps took
            most of this beat's drawing time)."""
            drawn = int(v.count_sweep_ticks[j])
            pitch = (x1 - x0) / drawn
            pts = np.zeros((drawn, 4, 3))
            pts[:, :, 0] = (x0 + (np.arange(drawn) + 0.5) * pitch)[:, None]
            pts[:, :, 1] = np.linspace(y_chain - 0.3, y_chain + 0.3, 4)
            ticks = VMobject(color=P.token, stroke_width=max(0.6, min(3.0, 40 / drawn)))
            ticks.set_points(pts.reshape(-1, 3))
            return ticks

        live = Live(self, lambda: self.at(t), over="count_sweep_n")
        # the strip's ticks counted back: the distinct places a tick stands
        strip = live.redraw(chain, path="count_sweep_ticks[{i}]",
                            measure=lambda m: len({round(float(x), 6) for x in m.points[:, 0]}))
        n_lab = self.text("count.n", size=style.LABEL_SIZE, color=P.token)
        n_lab.move_to([x0, y_chain + 0.75, 0], aligned_edge=LEFT)
        col = n_lab.get_right()[0] + 0.3
        cache: dict[int, object] = {}
        shown = {}

        def n_now(j):
            if j not in cache:
                cache[j] = self.value(f"count_sweep_n[{j}]", "count", size=style.LABEL_SIZE,
                                      color=P.token)
            shown["s"] = cache[j].shown_text
            return cache[j].copy().move_to([col, n_lab.get_y(), 0], aligned_edge=LEFT)

        n_live = live.redraw(n_now, path="count_sweep_n[{i}]", fmt="count",
                             read=lambda m: shown["s"])
        rows = VGroup()
        for key, path, color in (("count.rec", "count.recurrent", P.hidden),
                                 ("count.inp", "count.input", P.token),
                                 ("count.bias", "count.bias", P.muted)):
            lab = self.text(key, size=style.BODY_SIZE, color=color)
            val = self.value(path, "count", size=style.BODY_SIZE, color=color,
                             name=path.replace(".", "_"))
            rows.add(VGroup(lab, val))
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3).move_to([-2.2, -0.45, 0])
        for lab, val in rows:
            val.move_to([2.2, lab.get_y(), 0], aligned_edge=RIGHT)
        rule = Line([rows.get_left()[0], 0, 0], [2.2, 0, 0], color=P.muted, stroke_width=2)
        rule.next_to(rows, DOWN, buff=0.18).set_x((rows.get_left()[0] + 2.2) / 2)
        tot_lab = self.text("count.total", size=style.BODY_SIZE, color=P.highlight)
        tot_lab.next_to(rule, DOWN, buff=0.18).align_to(rows, LEFT)
        tot = self.value("count.total", "count", size=36, color=P.highlight, name="count_total")
        tot.move_to([2.2, tot_lab.get_y(), 0], aligned_edge=RIGHT)
        # the width as a label in the lecture font, like the counts beside it
        dl = self.text("count.d", size=style.BODY_SIZE, color=P.muted,
                       d=Val("count_width", "count"))
        self.show("count_width", dl)
        dl.move_to([3.0, rows[0].get_y(), 0], aligned_edge=LEFT)
        # "shares one set of weights ... sequence length nowhere": the strip of n steps
        self.say("count.say")
        self.pace([FadeIn(strip), FadeIn(n_lab), FadeIn(n_live)])
        # the three tensors, one row as each is named
        self.say("count.parts.say")
        self.pace(FadeIn(dl), *[FadeIn(r, shift=0.15 * UP) for r in rows])
        # the total as it is said, then the sequence stretched under the words
        self.say("count.total.say", d=Val("count_width", "count"),
                 total=Val("count.total", "count"), n0=Val("count_sweep_n[0]", "count"),
                 n1=Val(f"count_sweep_n[{last}]", "count"))
        self.play(Create(rule), FadeIn(tot_lab), FadeIn(tot), run_time=1.0)
        live.play(t.animate.set_value(last), run_time=self.left(0.85, least=3.0),
                  rate_func=linear)
        self.remove(n_live)
        n_end = self.value(f"count_sweep_n[{last}]", "count", size=style.LABEL_SIZE,
                           color=P.token, name="count_length")
        n_end.move_to([col, n_lab.get_y(), 0], aligned_edge=LEFT)
        self.add(n_end)
        # the 1-D example's three: the three rows' symbols
        self.say("count.tiny.say", p=Val("recurrent_params", "int"))
        mark = self.mark(VGroup(*[lab for lab, _ in rows]), P.highlight)
        self.pace(Create(mark))
        self.play(FadeOut(mark), run_time=0.5)
        self.hold()
        self.clear_stage()
        self._restore_rows()

    def toggle_heads(self):
        self.claim("heads")
        r = self.rows
        n = len(self.v.tokens)

        def head(t):
            box = Square(0.6, color=P.output_gate, stroke_width=2)
            box.move_to(r["solid"][t].get_center() + 1.35 * UP)
            y = self.math(f"y_{{{t}}}", scale=0.6, color=P.output_gate,
                          reason="position index").move_to(box)
            arrow = Arrow(r["solid"][t].get_top(), box.get_bottom(), buff=0.06,
                          color=P.output_gate, stroke_width=2, max_tip_length_to_length_ratio=0.3)
            return VGroup(box, y, arrow)

        single = VGroup(*[head(n - 1) for _ in range(n)])  # n copies so it morphs onto n heads
        many = VGroup(*[head(t) for t in range(n)])
        label_c = self.text("heads.classify", size=style.BODY_SIZE).move_to([0, Y_NOTE, 0])
        label_t = self.text("heads.tag", size=style.BODY_SIZE).move_to([0, Y_NOTE, 0])
        back = VGroup(*[head(n - 1) for _ in range(n)])
        label_c2 = self.text("heads.classify", size=style.BODY_SIZE).move_to([0, Y_NOTE, 0])
        # one head on the last state / one at every position / and back: shown both ways
        self.pace([FadeOut(self.formula), FadeIn(single), FadeIn(label_c)],
                  [Transform(single, many), Transform(label_c, label_t)],
                  [Transform(single, back), Transform(label_c, label_c2)])
        one = head(n - 1)        # the n stacked copies become one head again
        self.remove(single)
        self.add(one)
        hops = [a.copy().set_color(P.gradient).set_stroke(width=5) for a in r["arrows_rec"]]
        note = self.text("heads.hops", size=style.BODY_SIZE, hops=Val("hops", "int"))
        note.move_to([0, Y_NOTE, 0])
        self.show("hops", note)
        # the first state's path to the last, hop by hop, as the line counts them
        self.say("heads.path.say", hops=Val("hops", "int"))
        self.pace(FadeOut(label_c),
                  LaggedStart(*[Create(h) for h in hops], lag_ratio=0.6),
                  FadeIn(note))
        self.hold(2.0)
