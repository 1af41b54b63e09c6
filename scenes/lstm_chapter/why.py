"""L1 Why the LSTM: rewrite vs file, how far the gradient reaches back, the forget bias turned."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, DR, LEFT, RIGHT, UP, UR, Arrow, Axes, Create, Dot, FadeIn, FadeOut, Line,
                   Square, Transform, ValueTracker, VGroup, VMobject, linear)

from mathcore.lstm_chapter.why import case

from .. import style
from ..base import LectureScene, Val
from ..live import LightCopies, Live, corners

P = style.PALETTE

TEXT = {
    # ----- beat 1: the inbox ------------------------------------------------------------
    "inbox": {"zh": "RNN 每一步都把整个记忆重算一遍",
              "en": "An RNN recomputes its whole memory at every step"},
    "inbox.say": {
        "zh": "RNN 的记忆 h 每读一个词就整个过一遍 tanh。第一个词想活到第一百步，就得熬过一百次挤压；而 tanh 的斜率除了在 0 点，处处小于 1。",
        "en": "The RNN's memory h goes through tanh as a whole at every word. For the first word to reach step one hundred it must survive a hundred squashes, and tanh's slope is below 1 everywhere except at 0.",
        "fixed": {"0": "the one point where tanh's slope is 1", "1": "tanh's largest slope"}},
    "inbox.secretary": {
        "zh": "好比一个秘书，每来一封信就把整个收件箱重抄一遍。LSTM 的秘书留着收件箱：旧信只打个折，再归档一封新的，从不重抄。",
        "en": "Picture a secretary who rewrites the whole inbox for every new letter. The LSTM's secretary keeps the inbox: old letters are only marked down and a new one is filed; nothing is rewritten."},
    "inbox.rnn": {"zh": "RNN：收件箱整个重写", "en": "RNN: the inbox rewritten"},
    "inbox.lstm": {"zh": "LSTM：打折，再存入", "en": "LSTM: discount, then deposit"},
    "inbox.step": {"zh": "第 {t} 步之后", "en": "after step {t}"},
    "inbox.rnn_note": {"zh": "每个槽都经过 $\\tanh$ 重新算出",
                       "en": "every slot recomputed through $\\tanh$"},
    "inbox.lstm_note": {"zh": "乘 $f$，再加 $i\\,g$；{n} 步平均 $f$ = {f}",
                        "en": "$\\times f$, then $+\\,i\\,g$; {n}-step mean $f$ = {f}"},
    # ----- beat 2: gradient reach -------------------------------------------------------
    "reach": {"zh": "梯度从第 {n} 步传回第一步，还剩多少？",
              "en": "From step {n} back to the first step: how much gradient is left?"},
    "reach.say": {
        "zh": "一个 4 维 RNN 和一个 4 维 LSTM 读同一段序列，只有第一步有输入。损失取最后一步的二分之一 h 的平方范数，再用真正的反向传播一路传回去。纵轴是对数的，每格差 {step} 个数量级。",
        "en": "A 4-dim RNN and a 4-dim LSTM read the same sequence, with an input only at the first step. The loss is half the squared norm of the last h, and true backpropagation through time carries its gradient back. The vertical axis is logarithmic, {step} decade{step_s} a grid line.",
        "fixed": {"4": "the cells' hidden size (a fixed choice of the demo)"}},
    "reach.rnn.falls": {
        "zh": "这里 RNN 是一条直线：每往回一步都乘同一个约 {r} 的因子，传回第一步共掉了 {d} 个数量级。",
        "en": "Here the RNN is a straight line: every step back multiplies by about the same factor, {r}, and {d} decades are gone by the first step."},
    "reach.rnn.flat": {
        "zh": "只有 {n} 步，RNN 的梯度只变了 {d} 个数量级，还不到 {one} 个。",
        "en": "Over only {n} step{n_s} the RNN's gradient changes by {d} decades, less than {one}."},
    "reach.rnn.rises": {
        "zh": "这组权重下 RNN 的梯度往回反而增长了 {d} 个数量级。",
        "en": "With these weights the RNN's gradient grows by {d} decades on the way back."},
    "reach.lstm.flat": {
        "zh": "这里 LSTM 几乎是平的：每步乘它的遗忘门（平均 {f}），还从 h 那条路拐回来一份，{n} 步只差 {d} 个数量级。",
        "en": "Here the LSTM is nearly flat: each step multiplies by its forget gate, {f} on average, and gets a share back through h, so {n} step{n_s} cost only {d} decades."},
    "reach.lstm.falls": {
        "zh": "这里 LSTM 的曲线在往下掉：遗忘门平均为 {f}，{n} 步掉了 {d} 个数量级。",
        "en": "Here the LSTM's curve falls: its forget gate averages {f}, and {n} step{n_s} cost {d} decades."},
    "reach.lstm.rises": {
        "zh": "LSTM 的梯度往回反而增长了 {d} 个数量级：遗忘门加上从 h 拐回来的那份超过了 1。",
        "en": "The LSTM's gradient grows by {d} decades on the way back: the forget gate plus the share through h exceed 1.",
        "fixed": {"1": "the factor that keeps a gradient unchanged"}},
    "reach.axis": {"zh": "时间步 $t$", "en": "step $t$"},
    "reach.rnn_label": {"zh": "RNN $\\lVert \\partial L/\\partial h_t \\rVert$",
                        "en": "RNN $\\lVert \\partial L/\\partial h_t \\rVert$"},
    "reach.lstm_label": {"zh": "LSTM $\\lVert \\partial L/\\partial c_t \\rVert$",
                         "en": "LSTM $\\lVert \\partial L/\\partial c_t \\rVert$"},
    "reach.rnn_note.falls": {"zh": "掉了 {d} 个数量级", "en": "down {d} decades"},
    "reach.rnn_note.flat": {"zh": "只差 {d} 个数量级", "en": "only {d} decades"},
    "reach.rnn_note.rises": {"zh": "涨了 {d} 个数量级", "en": "up {d} decades"},
    "reach.lstm_note.falls": {"zh": "掉了 {d} 个数量级", "en": "down {d} decades"},
    "reach.lstm_note.flat": {"zh": "只差 {d} 个数量级", "en": "only {d} decades"},
    "reach.lstm_note.rises": {"zh": "涨了 {d} 个数量级", "en": "up {d} decades"},
    "reach.at1": {"zh": "到第一步：{g}", "en": "at the first step: {g}"},
    "reach.factor": {"zh": "每步约 ×{r}", "en": "about ×{r} a step"},
    # ----- beat 3: the forget bias turned down ------------------------------------------
    "turn.sweep": {"zh": "遗忘门偏置从 {b0} 变到 {b1}", "en": "The forget bias goes from {b0} to {b1}"},
    # the second run's bias is the first's: nothing to turn
    "turn.same": {"zh": "遗忘门偏置保持在 {b1}", "en": "The forget bias stays at {b1}"},
    "turn.say": {
        "zh": "梯度沿传送带往回走，每一步都要乘遗忘门 f。偏置 {b1} 时 sigmoid 给出 {s}；在这个演示里门的其他输入都很小，所以实测的平均 f 是 {mf}。",
        "en": "Going back along the conveyor, the gradient is multiplied by the forget gate f at every step. A bias of {b1} gives a sigmoid of {s}; in this demo the gate's other inputs are small, so the measured mean f is {mf}."},
    "turn.end.falls": {
        "zh": "偏置 {b1} 时 LSTM 的曲线往下掉，{n} 步掉了 {d} 个数量级。门控不是白送的：遗忘门得学到接近 1，传送带才能把梯度传得远。",
        "en": "At bias {b1} the LSTM's curve falls, {d} decades over {n} step{n_s}. Gating is no free gift: the forget gate has to be learned close to 1 for the conveyor to carry the gradient far.",
        "fixed": {"1": "the forget gate's upper end"}},
    "turn.end.flat": {
        "zh": "偏置 {b1} 时，梯度 {n} 步只差 {d} 个数量级。",
        "en": "At bias {b1} the gradient changes by only {d} decades over {n} step{n_s}."},
    "turn.end.rises": {
        "zh": "偏置 {b1} 时梯度往回还在增长：门开得太满，加上 h 那条路，每步的因子超过了 1。",
        "en": "At bias {b1} the gradient even grows on the way back: with the gate wide open and the path through h, each step's factor exceeds 1.",
        "fixed": {"1": "the factor that keeps a gradient unchanged"}},
    "turn.note.falls": {"zh": "LSTM：掉了 {d} 个数量级", "en": "LSTM: down {d} decades"},
    "turn.note.flat": {"zh": "LSTM：只差 {d} 个数量级", "en": "LSTM: only {d} decades"},
    "turn.note.rises": {"zh": "LSTM：涨了 {d} 个数量级", "en": "LSTM: up {d} decades"},
    "turn.mf": {"zh": "实测平均 $f$ = {mf}", "en": "measured mean $f$ = {mf}"},
    "curve.rnn": {"zh": "RNN", "en": "RNN"},
    "curve.lstm": {"zh": "LSTM，$b_f$ = {b}", "en": "LSTM, $b_f$ = {b}"},
    "turn.sigma": {"zh": "$\\sigma$({b}) = {s}", "en": "$\\sigma$({b}) = {s}"},
    "turn.base": {"zh": "偏置 {b}：平均 $f$ = {mf}", "en": "bias {b}: mean $f$ = {mf}"},
    "why.tick": {"tex": r"10^{@e}"},
}


def _overlap(a, b, tol: float = 0.02) -> bool:
    """Whether two mobjects' boxes overlap by more than ``tol`` both ways (the harness's test)."""
    w = min(a.get_right()[0], b.get_right()[0]) - max(a.get_left()[0], b.get_left()[0])
    h = min(a.get_top()[1], b.get_top()[1]) - max(a.get_bottom()[1], b.get_bottom()[1])
    return w > tol and h > tol


def _case_rnn(v) -> dict:
    return {"d": Val("rnn_decades_abs", "fmt:1"), "r": Val("rnn_step_factor", "fmt:2"),
            "n": Val("steps", "int"), "one": Val("flat_decades", "num")}


class Why(LightCopies, LectureScene):
    """L1: the inbox rewritten vs filed, the gradient-reach curves, the forget bias turned."""

    SECTION_ID = "lstm-01-why"
    BEATS = ("rewrite_inbox", "gradient_reach", "turn_bias")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def _slot_value(self, path: str, color: str):
        """A slot's number in the lecture font, as every other number of the beat."""
        return self.value(path, "dec:3", size=style.LABEL_SIZE, color=color)

    def _slots(self, cx: float, color: str, path: str, t: int):
        boxes, nums = VGroup(), VGroup()
        for k in range(4):
            b = Square(1.3, color=color, stroke_width=3).move_to([cx + (k - 1.5) * 1.5, -0.5, 0])
            boxes.add(b)
            nums.add(self._slot_value(f"{path}[{t}][{k}]", color).move_to(b))
        return boxes, nums

    def rewrite_inbox(self):
        v = self.v
        self.claim("inbox", say=False)
        xl, xr = -3.55, 3.55
        rf = self.math(r"h_t = ", r"\tanh", r"(W_x x_t + W_h h_{t-1} + b)", scale=0.75,
                       reason="the RNN recurrence (index t-1)").move_to([xl, 1.15, 0])
        cf = self.math(r"c_t = ", r"f \odot c_{t-1}", r"+", r"i \odot g", scale=0.75,
                       reason="the cell update (index t-1)").move_to([xr, 1.15, 0])
        rh = self.text("inbox.rnn", color=P.hidden).next_to(rf, UP, buff=0.22)
        ch = self.text("inbox.lstm", color=P.cell).next_to(cf, UP, buff=0.22)
        rb, rn = self._slots(xl, P.hidden, "rnn_h", 0)
        cb, cn = self._slots(xr, P.cell, "lstm_c", 0)
        hl = self.math("h_t", color=P.hidden).next_to(rb, DOWN, buff=0.25)
        cl = self.math("c_t", color=P.cell).next_to(cb, DOWN, buff=0.25)
        divider = Line([0, 1.95, 0], [0, -2.3, 0], color=P.muted, stroke_width=1.5)
        step = self.text("inbox.step", size=style.LABEL_SIZE, color=P.muted,
                         t=Val("step_index[0]", "int")).move_to([0, 2.25, 0])
        deposits = VGroup(*[Arrow(b.get_top() + 0.6 * UP, b.get_top(), buff=0.04,
                                  color=P.input_gate, stroke_width=3,
                                  max_tip_length_to_length_ratio=0.3) for b in cb])
        tanh_mark = self.mark(rf[1])
        # "goes through tanh as a whole": the RNN's side, then its four slots, then tanh
        self.line("inbox.say", [FadeIn(rh), FadeIn(rf)], [Create(rb), FadeIn(rn), FadeIn(hl)],
                  Create(tanh_mark))
        self.say("inbox.secretary")
        steps = [[FadeOut(tanh_mark), FadeIn(VGroup(ch, cf, divider)), Create(cb), FadeIn(cn),
                  FadeIn(cl), FadeIn(step)]]
        marks = [self.mark(cf[1], P.forget), self.mark(cf[3], P.input_gate)]
        for t in range(1, int(v.inbox_steps)):
            new_rn = VGroup(*[self._slot_value(f"rnn_h[{t}][{k}]", P.hidden).move_to(rb[k])
                              for k in range(4)])
            new_cn = VGroup(*[self._slot_value(f"lstm_c[{t}][{k}]", P.cell).move_to(cb[k])
                              for k in range(4)])
            new_step = self.text("inbox.step", size=style.LABEL_SIZE, color=P.muted,
                                 t=Val(f"step_index[{t}]", "int")).move_to(step)
            first = t == 1
            # RNN: every slot wiped and refilled; LSTM: the boxes stay, marked down (x f),
            # then a deposit comes in (+ i g)
            steps.append([rb.animate.set_fill(P.gradient, 0.45), FadeOut(rn),
                          cb.animate.set_stroke(width=5)] + ([Create(marks[0])] if first else []))
            steps.append([rb.animate.set_fill(P.gradient, 0.0), FadeIn(new_rn), FadeOut(cn),
                          FadeIn(new_cn), cb.animate.set_stroke(width=3), FadeIn(deposits),
                          Transform(step, new_step)]
                         + ([FadeOut(marks[0]), Create(marks[1])] if first else []))
            steps.append([FadeOut(deposits)] + ([FadeOut(marks[1])] if first else []))
            rn, cn = new_rn, new_cn
        rnote = self.text("inbox.rnn_note", size=style.LABEL_SIZE, color=P.hidden)
        rnote.next_to(hl, DOWN, buff=0.3).set_x(xl)
        cnote = self.text("inbox.lstm_note", size=style.LABEL_SIZE, color=P.cell,
                          f=Val("lstm_mean_forget"), n=Val("steps", "int"))
        cnote.next_to(cl, DOWN, buff=0.3).set_x(xr)
        self.show("inbox_mean_forget", cnote)

        def notes():
            self.show("inbox_step", step)     # named once its last Transform has landed
            return [FadeIn(rnote), FadeIn(cnote)]
        steps.append(notes)
        self.pace(*steps)
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def _case(self, path: str) -> str:
        """The curve's case from its decades as shown (``fmt:1`` of the size, with its sign):
        0.97 decades shows "1.0" and is not "nearly flat"."""
        d = float(getattr(self.v, path))
        shown = self.shown_value(f"{path}_abs", "fmt:1")
        return case(shown if d >= 0 else -shown)

    def _axes(self):
        v = self.v
        n, lo, hi, st = int(v.steps), int(v.axis_bottom), int(v.axis_top), int(v.axis_step)
        ax = Axes([1, max(n, 2), max(1, (n - 1) // 2)], [0, hi - lo, st], x_length=7.0,
                  y_length=4.1,
                  axis_config={"color": P.muted, "include_tip": False},
                  x_axis_config={"include_ticks": False}, tips=False)
        ax.move_to([-2.35, 0.1, 0])
        # the step ticks where the step labels are (Axes' own run 1, 1 + d, ...: 39, not 40)
        for s in v.x_ticks:
            ax.x_axis.add(Line(ax.c2p(int(s), 0) + 0.1 * DOWN, ax.c2p(int(s), 0) + 0.1 * UP,
                               color=P.muted, stroke_width=2))
        grid, ylabels, xlabels = VGroup(), VGroup(), VGroup()
        for j, e in enumerate(v.axis_ticks):
            e = int(e)
            grid.add(Line(ax.c2p(1, e - lo), ax.c2p(max(n, 2), e - lo), color=P.muted,
                          stroke_width=1,
                          stroke_opacity=0.3))
            ylabels.add(self.mathv("why.tick", scale=0.55, color=P.muted, name=f"y_tick_{j}",
                                   e=Val(f"axis_ticks[{j}]", "int"))
                        .next_to(ax.c2p(1, e - lo), LEFT, buff=0.15))
        for j, s in enumerate(v.x_ticks):
            xlabels.add(self.value(f"x_ticks[{j}]", "int", size=style.SMALL_SIZE, color=P.muted,
                                   name=f"x_tick_{j}").next_to(ax.c2p(int(s), 0), DOWN, buff=0.15))
        xt = self.text("reach.axis", size=style.SMALL_SIZE, color=P.muted)
        xt.next_to(xlabels[-1], RIGHT, buff=0.3)
        self.ax = ax
        self.pt = lambda t, y: ax.c2p(t, y - lo)
        self.read_pt = lambda p: ax.p2c(p)[:2] + np.array([0.0, lo])   # pt's inverse
        return VGroup(ax, grid, ylabels, xlabels, xt)

    def _curve(self, logs, color, upto: int, width=4):
        pts = [self.pt(int(t), float(y)) for t, y in zip(self.v.step_index, logs)]
        m = VMobject(color=color, stroke_width=width)
        m.set_points_as_corners(pts[upto:] if len(pts[upto:]) > 1 else pts[-1:] * 2)
        return m

    def _curve_read(self, m, start_only: bool = False):
        """A curve's corners read back through the axes (steps, then values), or its start."""
        pts = np.array([self.read_pt(q) for q in corners(m)])
        return pts[0] if start_only else [*pts[:, 0], *pts[:, 1]]

    def _grow(self, name, color, run_time: float = 3.5):
        """Draw the curve of values ``name`` from step n back to step 1 with a moving dot and a
        live step counter."""
        v = self.v
        logs = getattr(v, name)
        n = int(v.steps)
        k = ValueTracker(n - 1)
        live = Live(self, lambda: self.at(k), over="step_index")
        # the curve grows back from step n: it starts where the dot stands
        curve = live.redraw(lambda i: self._curve(logs, color, i),
                            path=("step_index[{i}]", f"{name}[{{i}}]"),
                            measure=lambda m: self._curve_read(m, start_only=True))
        dot = live.redraw(lambda i: Dot(self.pt(int(v.step_index[i]), float(logs[i])),
                                        color=color, radius=0.08),
                          path=("step_index[{i}]", f"{name}[{{i}}]"),
                          measure=lambda m: self.read_pt(m.get_center()))
        tl = self.eq_label("t", scale=0.7, color=P.muted).move_to([4.1, 2.05, 0], aligned_edge=LEFT)
        tn = self.number(f"step_index[{n - 1}]", "dec:0", size=0.6, color=P.muted)
        self.beside(tn, tl)
        live.number(tn, lambda i: v.step_index[i], path="step_index[{i}]")
        self.add(curve, dot)
        self.play(FadeIn(tl), FadeIn(tn), run_time=0.3)
        live.play(k.animate.set_value(0), run_time=run_time, rate_func=linear)
        self.settle(tn, "step_index[0]")
        self.play(FadeOut(tl), FadeOut(tn), run_time=0.3)
        return curve, dot

    def gradient_reach(self):
        v = self.v
        reach = dict(n=Val("steps", "int"), step=Val("axis_step", "int"))
        self.claim("reach", say=False, **reach)
        frame = self._axes()
        self.frame = frame
        ax, grid, ylabels, xlabels, xt = frame
        x0 = 2.25
        rlab = self.text("reach.rnn_label", size=style.LABEL_SIZE, color=P.gradient)
        rlab.move_to([x0, 1.8, 0], aligned_edge=LEFT)
        rname = self.text("curve.rnn", size=style.SMALL_SIZE, color=P.gradient)
        self._name_at(rname, v.rnn_log10, [])
        rnote = self.text("reach.rnn_note", variant=self._case("rnn_decades"), size=style.LABEL_SIZE,
                          color=P.gradient, d=Val("rnn_decades_abs", "fmt:1"))
        rnote.next_to(rlab, DOWN, buff=0.2, aligned_edge=LEFT)
        rfac = self.text("reach.factor", size=style.LABEL_SIZE, color=P.gradient,
                         r=Val("rnn_step_factor", "fmt:2"))
        rfac.next_to(rnote, DOWN, buff=0.16, aligned_edge=LEFT)
        rat = self.text("reach.at1", size=style.LABEL_SIZE, color=P.gradient,
                        g=Val("rnn_reach", "sig"))
        rat.next_to(rfac, DOWN, buff=0.16, aligned_edge=LEFT)
        self.show("rnn_decades", rnote)
        self.show("rnn_step_factor", rfac)
        self.show("rnn_reach", rat)
        llab = self.text("reach.lstm_label", size=style.LABEL_SIZE, color=P.cell)
        llab.next_to(rat, DOWN, buff=0.35, aligned_edge=LEFT)
        first, last = self.mark(xlabels[0]), self.mark(xlabels[-1])
        # the two cells, the input at step 1, the loss at the last step, the log axis
        self.line("reach.say", [Create(ax), FadeIn(xlabels), FadeIn(xt)],
                  [FadeIn(rlab), FadeIn(llab)], Create(first),
                  [FadeOut(first), Create(last)], [FadeOut(last), FadeIn(grid), FadeIn(ylabels)], **reach)
        # the RNN's curve drawn back from the last step while the line describes it
        self.say("reach.rnn", variant=self._case("rnn_decades"), **_case_rnn(v))
        rcurve, rdot = self._grow("rnn_log10", P.gradient, run_time=self.left(0.45, least=2.0))
        self.pace(FadeIn(rname), FadeIn(rfac), [FadeIn(rnote), FadeIn(rat)])

        lname = self.text("curve.lstm", size=style.SMALL_SIZE, color=P.cell,
                          b=Val("param.base_forget_bias", "num"))
        self._name_at(lname, v.lstm_log10, [rname])
        lnote = self.text("reach.lstm_note", variant=self._case("lstm_decades"), size=style.LABEL_SIZE,
                          color=P.cell, d=Val("lstm_decades_abs", "fmt:1"))
        lnote.next_to(llab, DOWN, buff=0.2, aligned_edge=LEFT)
        lat = self.text("reach.at1", size=style.LABEL_SIZE, color=P.cell,
                        g=Val("lstm_reach", "sig"))
        lat.next_to(lnote, DOWN, buff=0.16, aligned_edge=LEFT)
        self.show("lstm_decades", lnote)
        self.show("lstm_reach", lat)
        self.show("lstm_curve_name", lname)
        self.say("reach.lstm", variant=self._case("lstm_decades"), d=Val("lstm_decades_abs", "fmt:1"),
                 n=Val("steps", "int"), f=Val("lstm_mean_forget"))
        lcurve, ldot = self._grow("lstm_log10", P.cell, run_time=self.left(0.45, least=2.0))
        self.pace(FadeIn(lname), FadeIn(lnote), FadeIn(lat))
        self.hold(2.0)
        self.curves = (rcurve, rdot, lcurve, ldot)
        self.names = VGroup(rname, lname)
        self.panel = VGroup(rlab, rnote, rfac, rat, llab, lnote, lat)

    def _lines(self) -> list[np.ndarray]:
        """Every line drawn on the plot, as scene points: the three curves (the RNN's, the
        LSTM's at both biases; all known from the start) and the grid lines."""
        v = self.v
        curves = [np.array([self.pt(int(t), float(y)) for t, y in zip(v.step_index, logs)])
                  for logs in (v.rnn_log10, v.lstm_log10, v.lstm_log10_turned)]
        grid = [np.array([g.get_start(), g.get_end()]) for g in self.frame[1]]
        return curves + grid

    def _name_at(self, mob, logs, others) -> None:
        """Put a curve's name (its values ``logs``) just above or below it, as near its start
        (step 1) as it can be, else further up or down or right, whichever is inside the plot
        and clear of every curve and grid line (a small gap, no background box), of the other
        names and of the axis labels."""
        gap = 0.06
        lines = self._lines()

        def crosses(m, pts) -> bool:
            lo_x, hi_x = m.get_left()[0] - gap, m.get_right()[0] + gap
            lo_y, hi_y = m.get_bottom()[1] - gap, m.get_top()[1] + gap
            for a, b in zip(pts[:-1], pts[1:]):
                for u in np.linspace(0.0, 1.0, 25):
                    q = a + u * (b - a)
                    if lo_x <= q[0] <= hi_x and lo_y <= q[1] <= hi_y:
                        return True
            return False

        def clear(m):
            lo_y = self.ax.x_axis.get_y() + 0.05
            if m.get_bottom()[1] < lo_y or m.get_top()[1] > self.ax.get_top()[1] + 0.3:
                return False
            if m.get_right()[0] > self.ax.x_axis.get_right()[0]:
                return False
            if any(_overlap(m, o) for o in [*others, *self.frame[2], *self.frame[3]]):
                return False
            return not any(crosses(m, pts) for pts in lines)

        # first along its own curve, just above or below it, from step 1 on
        v = self.v
        for t, y in list(zip(v.step_index, logs))[: max(2, len(logs) // 2)]:
            q = self.pt(int(t), float(y)) + 0.12 * RIGHT
            for lift in (0.0, 0.1, 0.2, 0.3):
                for direction in (UR, DR):
                    mob.next_to(q, direction, buff=0.12)
                    mob.shift(lift * (UP if direction is UR else DOWN))
                    if clear(mob):
                        return
        p = self.pt(1, float(logs[0])) + 0.12 * RIGHT
        for dx in (0.0, 0.5, 1.0, 1.6, 2.4, 3.2):
            for lift in np.arange(0.0, 2.5, 0.1):
                for direction in (UR, DR):
                    mob.next_to(p + dx * RIGHT, direction, buff=0.12)
                    mob.shift(lift * (UP if direction is UR else DOWN))
                    if clear(mob):
                        return
        mob.next_to(p, UR, buff=0.12)

    # ----- beat 3 -------------------------------------------------------------------------
    def turn_bias(self):
        v = self.v
        b0, b1 = Val("param.base_forget_bias", "num"), Val("param.forget_bias", "num")
        # no sweep when the two biases are the same as shown ("from 5 to 5")
        same = (self.shown_value("param.base_forget_bias", "num")
                == self.shown_value("param.forget_bias", "num"))
        fields = dict(b0=b0, b1=b1, s=Val("turned_gate"), mf=Val("lstm_mean_forget_turned"))
        self.claim("turn", "same" if same else "sweep", say=False, **fields)
        self.say("turn.say", **fields)
        rcurve, rdot, lcurve, ldot = self.curves
        last = len(v.bias_sweep) - 1
        k = ValueTracker(0)

        def i() -> int:
            return self.at(k)

        sweep = Live(self, i, over="bias_sweep")
        live = sweep.redraw(lambda j: self._curve(v.bias_sweep_log10[j], P.forget, 0),
                            path=("step_index", "bias_sweep_log10[{i}]"),
                            measure=self._curve_read)
        x0 = 2.25
        rows = VGroup()
        bl, bn = self.eq_label("b_f", scale=0.85, color=P.forget), self.number(
            "bias_sweep[0]", "dec:2", size=0.75, color=P.forget)
        fl, fn = self.eq_label(r"\bar f", scale=0.85, color=P.forget), self.number(
            "bias_sweep_mean_forget[0]", "dec:3", size=0.75, color=P.forget)
        for a, b in ((bl, bn), (fl, fn)):
            rows.add(self.pair(a, b))
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3).move_to([x0, 1.7, 0], aligned_edge=LEFT)
        base = self.text("turn.base", size=style.SMALL_SIZE, color=P.cell, b=b0,
                         mf=Val("lstm_mean_forget"))
        base.next_to(rows, DOWN, buff=0.35, aligned_edge=LEFT)
        self.show("base_mean_forget", base)
        self.add(live)
        self.play(FadeOut(self.panel), self.names.animate.set_opacity(0.5),
                  rcurve.animate.set_stroke(opacity=0.35),
                  rdot.animate.set_opacity(0.35), lcurve.animate.set_stroke(opacity=0.35),
                  ldot.animate.set_opacity(0.35), FadeIn(rows), FadeIn(base), run_time=0.8)
        sweep.number(bn, lambda j: v.bias_sweep[j], path="bias_sweep[{i}]")
        sweep.number(fn, lambda j: v.bias_sweep_mean_forget[j], path="bias_sweep_mean_forget[{i}]")
        # the bias moves while the line says the gradient is multiplied by f at every step
        sweep.play(k.animate.set_value(last), run_time=self.left(0.5, least=3.0), rate_func=linear)
        self.settle(bn, f"bias_sweep[{last}]", name="turned_bias")
        self.settle(fn, "lstm_mean_forget_turned", name="turned_mean_forget_live")
        note = self.text("turn.note", variant=self._case("lstm_decades_turned"), size=style.LABEL_SIZE,
                         color=P.forget, d=Val("lstm_decades_turned_abs", "fmt:1"))
        note.next_to(base, DOWN, buff=0.45, aligned_edge=LEFT)
        sig = self.text("turn.sigma", size=style.LABEL_SIZE, color=P.forget, b=b1,
                        s=Val("turned_gate"))
        if len(sig) > 1:   # the bracket after sigma hugs it, as a function's argument does
            sig[1:].shift(0.13 * style.LABEL_SIZE / 28 * LEFT)
        sig.next_to(note, DOWN, buff=0.2, aligned_edge=LEFT)
        mf = self.text("turn.mf", size=style.LABEL_SIZE, color=P.forget,
                       mf=Val("lstm_mean_forget_turned"))
        mf.next_to(sig, DOWN, buff=0.2, aligned_edge=LEFT)
        tname = self.text("curve.lstm", size=style.SMALL_SIZE, color=P.forget, b=b1)
        self._name_at(tname, v.lstm_log10_turned, list(self.names))
        self.show("turned_curve_name", tname)
        self.show("turned_note", note)
        self.show("turned_sigma", sig)
        self.show("turned_mean_forget", mf)
        fmark = self.mark(VGroup(mf, fn))
        # "a bias of b1 gives a sigmoid of s", "so the measured mean f is mf"
        self.pace(FadeIn(sig), [FadeIn(mf), Create(fmark)])
        bmark = self.mark(base, P.cell)
        self.say("turn.end", variant=self._case("lstm_decades_turned"), b1=b1, n=Val("steps", "int"),
                 d=Val("lstm_decades_turned_abs", "fmt:1"))
        # the turned curve named, its decades, then the run whose gate was near 1
        self.pace([FadeOut(fmark), FadeIn(tname)], FadeIn(note), Create(bmark))
        self.hold(2.0)
