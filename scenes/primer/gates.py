"""§03 Gates: the cell path beside §01, the f/i track, f^k against the RNN product, the bias pitfall."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, DashedLine, DashedVMobject, Dot,
                   FadeIn, FadeOut, Line, LogBase, Rectangle, ReplacementTransform, Square,
                   SurroundingRectangle, ValueTracker, VGroup, always_redraw, linear)

from .. import style
from ..base import LectureScene

P = style.PALETTE

TEXT = {
    "path": {"zh": "同样八个 token，只换了状态之间的连接",
             "en": "Same eight tokens; only the link between states changes"},
    "path.say": {
        "zh": "上面一排是 LSTM 的细胞态，下面是第一节的普通 RNN。RNN 每一跳都要乘 W_h 再过 tanh；细胞态这条线上只有两件事：乘上遗忘门 f，再加上 i 乘 g。",
        "en": "The top row is the LSTM cell state, the bottom one the plain RNN of section one. Each RNN hop multiplies by W_h and passes through tanh; along the cell line only two things happen: a multiplication by the forget gate f and an addition of i times g."},
    "path.last": {"zh": "c_7 = {c}", "en": "c_7 = {c}"},
    "track": {"zh": "两个门是比例：一条轨道上的三段长度",
              "en": "Both gates are fractions: three lengths on one track"},
    "track.say": {
        "zh": "旧状态乘 f 留下来一段，候选乘 i 写进去一段，剩下的 1 减 f 被丢掉。把 f 推到 1，什么都不丢，细胞只会累加；推到 0，旧内容一步清空。",
        "en": "f times the old state survives, i times the candidate is written in, and the remaining 1 minus f is thrown away. Push f to 1 and nothing is lost: the cell just accumulates. Push it to 0 and the old content is gone in one step."},
    "track.kept": {"zh": "保留", "en": "kept"},
    "track.written": {"zh": "写入", "en": "written"},
    "track.dropped": {"zh": "丢弃", "en": "dropped"},
    "track.acc": {"zh": "f = 1：累加器", "en": "f = 1: accumulator"},
    "track.wiped": {"zh": "f = 0：清空", "en": "f = 0: wiped"},
    "curve": {"zh": "回到 c_0 的路只乘遗忘门：f^k",
              "en": "The way back to c_0 multiplies only forget gates: f^k"},
    "curve.say": {
        "zh": "同一根线性轴上，绿线是 f 等于 {f} 的 k 次方，玫红线是上一节普通 RNN 的连乘。{k} 步后 f^k 还有 {fp}，很小但还能用；RNN 的积在第 {s} 步就跌破 0.01，之后贴着横轴。",
        "en": "On one linear axis: green is {f} to the power k, pink is the plain RNN product from section two. After {k} steps f^k still holds {fp}: small but usable. The RNN product drops below 0.01 at step {s} and hugs the axis after that."},
    "curve.below": {"zh": "第 {s} 步 < 0.01", "en": "< 0.01 at step {s}"},
    "curve.note": {"zh": "（按计算得出，不是 9）", "en": "(as computed, not 9)"},
    "bias": {"zh": "初始化的坑：遗忘门偏置 b_f", "en": "The init pitfall: forget bias b_f"},
    "bias.say": {
        "zh": "刚初始化时权重近似为 0，遗忘门只由偏置决定。偏置为 0 时 f 等于 {g0}，{n} 步后只剩 {r0}；把偏置设成 1，f 是 {g1}，{n} 步后还剩 {r1}。",
        "en": "At initialisation the weights are near 0, so the forget gate is set by its bias alone. With bias 0, f is {g0} and after {n} steps only {r0} is left; with bias 1, f is {g1} and {r1} is left."},
    "bias.y": {"zh": "{n} 步后剩余", "en": "left after {n} steps"},
    "bias.at0": {"zh": "f = {g}，剩 {r}", "en": "f = {g}, left {r}"},
    "bias.at1": {"zh": "f = {g}，剩 {r}", "en": "f = {g}, left {r}"},
}


class Gates(LectureScene):
    """§03: the cell path, the gate track, f^k vs the RNN product, the forget-bias pitfall."""

    SECTION_ID = "primer-03-gates"
    BEATS = ("path_cell", "track", "forget_curve", "bias_pitfall")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def _x(self, t: int) -> float:
        return self.slot_x(t, len(self.v.tokens), 1.65)

    def path_cell(self):
        self.claim("path")
        v = self.v
        n = len(v.tokens)
        yc, yh, yx = 1.3, -0.5, -2.2
        side = 1.05
        tokens, cdash, hdash, cbox, hbox, cval, hval = (VGroup() for _ in range(7))
        clinks, hlinks, ins = VGroup(), VGroup(), VGroup()
        for t in range(n):
            x = self._x(t)
            tb = Square(side, color=P.token, stroke_width=2).move_to([x, yx, 0])
            tn = self.number(v.tokens[t], places=1, size=0.65, color=P.token).move_to(tb)
            tokens.add(VGroup(tb, tn))
            cs = Square(side, color=P.cell, stroke_width=3).move_to([x, yc, 0])
            hs = Square(side, color=P.hidden, stroke_width=3).move_to([x, yh, 0])
            cbox.add(cs)
            hbox.add(hs)
            cdash.add(DashedVMobject(cs.copy().set_stroke(P.muted, 2), num_dashes=14))
            hdash.add(DashedVMobject(hs.copy().set_stroke(P.muted, 2), num_dashes=14))
            cval.add(self.number(v.path_cell[t], places=3, size=0.55, color=P.cell).move_to(cs))
            hval.add(self.number(v.path_rnn_states[t], places=3, size=0.55,
                                 color=P.hidden).move_to(hs))
            ins.add(Arrow(tb.get_top(), hs.get_bottom(), buff=0.06, color=P.muted,
                          stroke_width=2, max_tip_length_to_length_ratio=0.15))
            if t:
                xm = x - 0.825
                line = Line(cbox[t - 1].get_right(), cs.get_left(), color=P.cell, stroke_width=3)
                times_f = self.math(r"\times f", scale=0.6, color=P.forget)
                times_f.next_to(line, UP, buff=0.1).set_x(xm)
                add_arrow = Arrow([xm, yc - 0.75, 0], [xm, yc - 0.02, 0], buff=0,
                                  color=P.input_gate, stroke_width=2,
                                  max_tip_length_to_length_ratio=0.25)
                plus_ig = self.math(r"+ig", scale=0.6, color=P.input_gate)
                plus_ig.next_to(add_arrow, DOWN, buff=0.05)
                clinks.add(VGroup(line, times_f, add_arrow, plus_ig))
                arr = Arrow(hbox[t - 1].get_right(), hs.get_left(), buff=0.02, color=P.hidden,
                            stroke_width=2, max_tip_length_to_length_ratio=0.3)
                lab = self.math(r"W_h", scale=0.6, color=P.hidden).next_to(arr, DOWN, buff=0.08)
                hlinks.add(VGroup(arr, lab))
        labels = VGroup(self.math("c_t", color=P.cell).move_to([-6.55, yc, 0]),
                        self.math("h_t", color=P.hidden).move_to([-6.55, yh, 0]),
                        self.math("x_t", color=P.token).move_to([-6.55, yx, 0]))
        self.play(FadeIn(tokens), FadeIn(labels), Create(cdash), Create(hdash), run_time=1.0)
        hi = SurroundingRectangle(VGroup(cbox[0], tokens[0]), color=P.highlight, buff=0.1,
                                  stroke_width=2)
        for t in range(n):
            anims = [FadeOut(cdash[t]), Create(cbox[t]), FadeOut(hdash[t]), Create(hbox[t]),
                     FadeIn(cval[t]), FadeIn(hval[t]), FadeIn(ins[t])]
            if t:
                anims += [FadeIn(clinks[t - 1]), FadeIn(hlinks[t - 1])]
                anims.append(hi.animate.move_to(VGroup(cbox[t], tokens[t])))
            else:
                anims.append(Create(hi))
            self.play(*anims, run_time=0.5)
        self.show("path_cell", cval[-1])
        self.show("path_rnn_state", hval[-1])
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def track(self):
        self.claim("track")
        v = self.v
        unit = 3.6                       # screen units per 1.0 of cell state
        x0, y = -5.6, 0.9
        # the three lengths are linear in f: interpolate the computed endpoints
        fs = np.array([0.0, v.track_forget, 1.0])
        kept = np.array([0.0, v.track_kept, v.track_c_prev])
        dropped = np.array([v.track_c_prev, v.track_dropped, 0.0])
        cell = np.array([v.wiped_cell, v.track_new_cell, v.accumulator_cell])
        f = ValueTracker(float(v.track_forget))

        def seg(a, b, color):
            a, b = x0 + unit * a, x0 + unit * b
            return Rectangle(width=max(b - a, 1e-3), height=0.55, fill_color=color,
                             fill_opacity=0.85, stroke_width=0).move_to([(a + b) / 2, y, 0])

        def bars():
            k = float(np.interp(f.get_value(), fs, kept))
            d = float(np.interp(f.get_value(), fs, dropped))
            w = v.track_written
            return VGroup(seg(0, k, P.forget), seg(k, k + w, P.input_gate),
                          seg(k + w, k + w + d, P.dead))

        track = always_redraw(bars)
        base = Line([x0, y - 0.4, 0], [x0 + unit * v.accumulator_cell + 0.2, y - 0.4, 0],
                    color=P.muted, stroke_width=2)
        # legend with live readouts
        rows = VGroup()
        nums = []
        for key, tex, color, val in (("track.kept", r"f\,c_{t-1}", P.forget, v.track_kept),
                                     ("track.written", r"i\,g", P.input_gate, v.track_written),
                                     ("track.dropped", r"(1-f)\,c_{t-1}", P.dead,
                                      v.track_dropped)):
            sw = Square(0.3, fill_color=color, fill_opacity=0.85, stroke_width=0)
            name = self.text(key, size=style.LABEL_SIZE, color=color)
            m = self.math(tex, scale=0.7, color=color)
            num = self.number(val, places=2, size=0.65, color=color)
            row = VGroup(sw, name, m, num).arrange(RIGHT, buff=0.25)
            rows.add(row)
            nums.append(num)
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3).move_to([-3.0, -1.35, 0])
        fl = self.math("f =", color=P.forget)
        fn = self.number(f.get_value(), places=2, size=0.7, color=P.forget)
        cl = self.math("c_t =", color=P.cell)
        cn = self.number(v.track_new_cell, places=2, size=0.7, color=P.cell)
        ro = VGroup(VGroup(fl, fn).arrange(RIGHT, buff=0.15),
                    VGroup(cl, cn).arrange(RIGHT, buff=0.15)).arrange(DOWN, aligned_edge=LEFT,
                                                                      buff=0.35)
        ro.move_to([3.6, -1.1, 0])
        self.play(FadeIn(track), Create(base), FadeIn(rows), FadeIn(ro), run_time=1.0)
        fn.add_updater(lambda m: m.set_value(f.get_value()))
        cn.add_updater(lambda m: m.set_value(float(np.interp(f.get_value(), fs, cell))))
        nums[0].add_updater(lambda m: m.set_value(float(np.interp(f.get_value(), fs, kept))))
        nums[2].add_updater(lambda m: m.set_value(float(np.interp(f.get_value(), fs, dropped))))
        self.play(f.animate.set_value(1.0), run_time=3.0, rate_func=linear)
        note = self.text("track.acc", size=style.LABEL_SIZE).move_to([3.6, -2.5, 0])
        self.play(FadeIn(note), run_time=0.4)
        self.wait(0.6)
        self.play(FadeOut(note), run_time=0.3)
        self.play(f.animate.set_value(0.0), run_time=4.0, rate_func=linear)
        for m in (fn, cn, *nums):
            m.clear_updaters()
        fn.set_value(0.0)
        cn.set_value(v.wiped_cell)
        nums[0].set_value(0.0)
        nums[2].set_value(v.track_c_prev)
        note = self.text("track.wiped", size=style.LABEL_SIZE).move_to([3.6, -2.5, 0])
        self.play(FadeIn(note), run_time=0.4)
        self.show("wiped_cell", cn)
        self.hold()
        track.clear_updaters()
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def forget_curve(self):
        v = self.v
        K = int(v.steps)
        s = v.rnn_below_0_01_step
        self.claim("curve", f=style.fmt(v.forget, 2), k=K, fp=style.fmt(v.forget_product),
                   s=s)
        ax = Axes([0, K, K / 4], [0, 1, 0.25], x_length=8.6, y_length=4.2,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": [0, K // 2, K],
                                 "decimal_number_config": {"num_decimal_places": 0}},
                  y_axis_config={"numbers_to_include": [0, 0.5, 1],
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([-1.9, -0.4, 0])
        xlab = self.math("k", scale=0.7, color=P.muted).next_to(ax.x_axis, RIGHT, buff=0.15)
        k = np.arange(K + 1)
        fcurve = ax.plot_line_graph(k, v.forget_curve, add_vertex_dots=False,
                                    line_color=P.forget, stroke_width=4)
        rcurve = ax.plot_line_graph(k, v.rnn_curve, add_vertex_dots=False,
                                    line_color=P.gradient, stroke_width=4)
        kt = ValueTracker(0.0)
        fdot = always_redraw(lambda: Dot(ax.c2p(kt.get_value(), float(
            np.interp(kt.get_value(), k, v.forget_curve))), color=P.forget, radius=0.07))
        rdot = always_redraw(lambda: Dot(ax.c2p(kt.get_value(), float(
            np.interp(kt.get_value(), k, v.rnn_curve))), color=P.gradient, radius=0.07))
        kl = self.math("k =", color=P.muted)
        kn = self.number(0, places=0, size=0.7, color=P.muted)
        fl = self.math("f^k =", color=P.forget)
        fn = self.number(1.0, places=3, size=0.7, color=P.forget)
        rl = self.math(r"\mathrm{RNN} =", color=P.gradient)
        rn = self.number(1.0, places=3, size=0.7, color=P.gradient)
        ro = VGroup(*[VGroup(a, b).arrange(RIGHT, buff=0.15)
                      for a, b in ((kl, kn), (fl, fn), (rl, rn))])
        ro.arrange(DOWN, aligned_edge=LEFT, buff=0.35).move_to([4.6, 0.9, 0])
        self.play(Create(ax), FadeIn(xlab), FadeIn(ro), run_time=0.9)
        kn.add_updater(lambda m: m.set_value(kt.get_value()))
        fn.add_updater(lambda m: m.set_value(float(np.interp(kt.get_value(), k,
                                                             v.forget_curve))))
        rn.add_updater(lambda m: m.set_value(float(np.interp(kt.get_value(), k, v.rnn_curve))))
        self.add(fdot, rdot)
        self.play(kt.animate.set_value(K), Create(fcurve), Create(rcurve), run_time=4.5,
                  rate_func=linear)
        for m in (kn, fn, rn):
            m.clear_updaters()
        kn.set_value(K)
        fn.set_value(v.forget_product)
        rfinal = self.plain(style.fmt(v.rnn_curve[-1]), size=style.BODY_SIZE, color=P.gradient)
        rfinal.next_to(rl, RIGHT, buff=0.15)
        self.play(ReplacementTransform(rn, rfinal), run_time=0.5)
        self.show("forget_product", fn)
        self.show("rnn_product", rfinal)
        marks = VGroup()
        if s is not None:
            p = ax.c2p(s, float(v.rnn_curve[s]))
            vline = DashedLine(ax.c2p(s, 0), ax.c2p(s, 0.25), color=P.gradient, stroke_width=2)
            below = self.text("curve.below", size=style.LABEL_SIZE, color=P.gradient, s=s)
            below.move_to(ax.c2p(0.45 * K, 0.6), aligned_edge=LEFT)
            note = self.text("curve.note", size=style.SMALL_SIZE, color=P.muted)
            note.next_to(below, DOWN, buff=0.12, aligned_edge=LEFT)
            lead = Line(vline.get_top(), below.get_left() + 0.1 * LEFT, color=P.gradient,
                        stroke_width=1.5)
            marks.add(lead)
            marks.add(vline, Dot(p, color=P.highlight, radius=0.06), below, note)
            self.show("rnn_below_0_01_step", below)
        self.play(FadeIn(marks), run_time=0.8)
        self.hold(2.0)
        fdot.clear_updaters()
        rdot.clear_updaters()
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def bias_pitfall(self):
        v = self.v
        n = int(v.bias_steps)
        self.claim("bias", g0=style.fmt(v.bias_gate), r0=style.fmt(v.bias_retention),
                   g1=style.fmt(v.bias_gate_at_1), r1=style.fmt(v.bias_retention_at_1), n=n)
        lo, hi = float(v.bias_sweep[0]), float(v.bias_sweep[-1])
        ax = Axes([lo, hi, 0.5], [-9, 0, 1], x_length=8.4, y_length=4.3,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": [0, 1, 2, 3, 4],
                                 "decimal_number_config": {"num_decimal_places": 0}},
                  y_axis_config={"scaling": LogBase(custom_labels=False)})
        ax.move_to([-1.6, -0.45, 0])
        ylabels = VGroup()
        for e in (0, -3, -6, -9):
            lab = self.math(f"10^{{{e}}}", scale=0.6, color=P.muted)
            lab.next_to(ax.c2p(lo, 10.0 ** e), LEFT, buff=0.15)
            ylabels.add(lab)
        xlab = self.math("b_f", scale=0.7, color=P.forget).next_to(ax.x_axis, RIGHT, buff=0.15)
        ytitle = self.text("bias.y", size=style.SMALL_SIZE, color=P.muted, n=n)
        ytitle.next_to(ax.c2p(lo, 1.0), UP, buff=0.2).align_to(ylabels, LEFT)
        curve = ax.plot_line_graph(v.bias_sweep, v.bias_sweep_retention, add_vertex_dots=False,
                                   line_color=P.cell, stroke_width=4)
        self.play(Create(ax), FadeIn(ylabels), FadeIn(xlab), FadeIn(ytitle), run_time=0.9)
        self.play(Create(curve), run_time=1.2)
        b0, b1 = float(v.forget_bias), 1.0
        p0 = ax.c2p(b0, v.bias_retention)
        p1 = ax.c2p(b1, v.bias_retention_at_1)
        ring0 = Dot(p0, color=P.dead, radius=0.09)
        ring1 = Dot(p1, color=P.forget, radius=0.09)
        at0 = self.text("bias.at0", size=style.LABEL_SIZE, color=P.dead,
                        g=style.fmt(v.bias_gate), r=style.fmt(v.bias_retention))
        at0.next_to(p0, RIGHT, buff=0.3).shift(0.35 * DOWN)
        at1 = self.text("bias.at1", size=style.LABEL_SIZE, color=P.forget,
                        g=style.fmt(v.bias_gate_at_1), r=style.fmt(v.bias_retention_at_1))
        at1.next_to(p1, RIGHT, buff=0.3).shift(0.4 * DOWN)
        self.show("bias_gate", at0)
        self.show("bias_retention", at0)
        self.show("bias_gate_at_1", at1)
        self.show("bias_retention_at_1", at1)
        b = ValueTracker(b0)
        dot = always_redraw(lambda: Dot(ax.c2p(b.get_value(), float(np.interp(
            b.get_value(), v.bias_sweep, v.bias_sweep_retention))), color=P.highlight,
            radius=0.08))
        bl = self.math("b_f =", color=P.forget)
        bn = self.number(b0, places=1, size=0.7, color=P.forget)
        fl = self.math("f =", color=P.forget)
        fn = self.number(v.bias_gate, places=3, size=0.7, color=P.forget)
        ro = VGroup(VGroup(bl, bn).arrange(RIGHT, buff=0.15),
                    VGroup(fl, fn).arrange(RIGHT, buff=0.15)).arrange(DOWN, aligned_edge=LEFT,
                                                                      buff=0.35)
        ro.move_to([5.0, 1.2, 0])
        self.play(FadeIn(ring0), FadeIn(at0), FadeIn(dot), FadeIn(ro), run_time=0.6)
        bn.add_updater(lambda m: m.set_value(b.get_value()))
        fn.add_updater(lambda m: m.set_value(float(np.interp(b.get_value(), v.bias_sweep,
                                                             v.bias_sweep_gate))))
        self.play(b.animate.set_value(b1), run_time=3.0, rate_func=linear)
        self.play(FadeIn(ring1), FadeIn(at1), run_time=0.5)
        # the toggle, both ways
        self.play(b.animate.set_value(b0), run_time=1.0)
        self.play(b.animate.set_value(b1), run_time=1.0)
        for m in (bn, fn):
            m.clear_updaters()
        bn.set_value(b1)
        fn.set_value(v.bias_gate_at_1)
        self.hold(2.0)
        dot.clear_updaters()
