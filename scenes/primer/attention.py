"""§05 After the loop is gone: sequential depth, path length, the bottleneck, and the cost curves."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, Arrow, Axes, Create, DashedLine,
                   Dot, FadeIn, LaggedStart, Line, Rectangle, RoundedRectangle, Square,
                   Transform, ValueTracker, VGroup, VMobject, always_redraw, linear, smooth)

from .. import style
from ..base import LectureScene

P = style.PALETTE
S = style.SMALL_SIZE
L = style.LABEL_SIZE

TEXT = {
    "grid": {"zh": "注意力一步算完整列", "en": "Attention fills a whole column at once"},
    "grid.say": {
        "zh": "还是上一节的位置乘时间格子。循环层每个时间步只能推进一个位置，要走 {n} 列；注意力没有要传递的状态，所有位置在同一步里一起算，只占一列。",
        "en": "The same position-by-time grid as before. A recurrent layer advances one position per step and needs {n} columns; attention carries no state, so every position is computed in the same step: one column."},
    "grid.pos": {"zh": "位置", "en": "position"},
    "grid.step": {"zh": "时间步 →", "en": "time step →"},
    "depth": {"zh": "顺序深度", "en": "sequential depth"},
    "rec": {"zh": "循环", "en": "recurrent"},
    "att": {"zh": "注意力", "en": "attention"},
    "path": {"zh": "从 token 0 到 token {k} 隔着几次乘法", "en": "Multiplications between token 0 and token {k}"},
    "path.say": {
        "zh": "台阶每升一级就是一次乘法。循环层里，token 0 要经过 {k} 次乘法才到 token {k}，这正是前面那个会衰减的连乘；注意力只用一条边，不管隔多远都是 1。",
        "en": "Each stair is one multiplication. In a recurrent layer token 0 reaches token {k} through {k} of them, the decaying product from before; attention links them by a single edge, 1 no matter how far apart."},
    "path.count": {"zh": "乘法次数", "en": "multiplications"},
    "bottle": {"zh": "解码器能看到多少个数", "en": "How many numbers the decoder can read"},
    "bottle.say": {
        "zh": "循环编码器只把最后一个状态交给解码器，源句再长也只有 {d} 个数。直连让解码器读每一个位置的状态：{n} 个 token 是 {direct} 个数，{n_long} 个 token 是 {direct_long} 个。",
        "en": "A recurrent encoder hands the decoder only its last state: {d} numbers however long the source. A direct connection lets it read every position: {direct} numbers at {n} tokens, {direct_long} at {n_long}."},
    "enc": {"zh": "编码器状态", "en": "encoder states"},
    "dec": {"zh": "解码器", "en": "decoder"},
    "neck": {"zh": "瓶颈", "en": "bottleneck"},
    "direct": {"zh": "直连 n={n}", "en": "direct, n={n}"},
    "cost": {"zh": "代价：n·d² 对 n²·d", "en": "The price: n·d² against n²·d"},
    "cost.say": {
        "zh": "循环层每步做一次 d 乘 d 的矩阵乘，共 n·d² 次乘加；注意力给每一对位置打分，共 n²·d 次。对数坐标下两条都是直线，在 n 等于 d 处相交。改变 d，交点跟着移动。",
        "en": "A recurrent layer does one d-by-d product per step, n·d² multiply-adds; attention scores every pair, n²·d. On log-log axes both are straight lines, crossing at n = d. Change d and the crossing moves with it."},
    "cost.head": {"zh": "每层乘加（对数轴）", "en": "multiply-adds per layer (log)"},
    "cross": {"zh": "交点 n =", "en": "crossing n ="},
}


class Attention(LectureScene):
    """§05: the grid toggle, the path staircase, bottleneck vs direct, n·d² vs n²·d."""

    SECTION_ID = "primer-05-attention"
    BEATS = ("toggle_grid", "path_staircase", "bottleneck", "cost_curves")
    TEXT = TEXT

    # ----- helpers ------------------------------------------------------------------------
    def _toggle(self, center):
        """A two-way switch, recurrent on the left (on), attention on the right."""
        track = RoundedRectangle(corner_radius=0.2, width=0.9, height=0.4, color=P.muted,
                                 stroke_width=2).move_to(center)
        knob = Dot(track.get_left() + 0.22 * RIGHT, radius=0.14, color=P.hidden)
        left = self.text("rec", size=L, color=P.hidden).next_to(track, LEFT, buff=0.2)
        right = self.text("att", size=L, color=P.muted).next_to(track, RIGHT, buff=0.2)
        return VGroup(track, knob, left, right)

    def _flip(self, tog):
        """Animations moving the switch to attention."""
        track, knob, left, right = tog
        return [knob.animate.move_to(track.get_right() + 0.22 * LEFT).set_color(P.attention),
                left.animate.set_color(P.muted), right.animate.set_color(P.attention)]

    # ----- beats --------------------------------------------------------------------------
    def toggle_grid(self):
        v = self.v
        n = v.n
        self.claim("grid", n=n)
        pitch, size = 0.34, 0.3
        x0, y0 = -4.05, 1.55

        def pos(p, s):
            return np.array([x0 + s * pitch, y0 - p * pitch, 0.0])

        grid = VGroup(*[Square(size, color=P.muted, stroke_width=1).move_to(pos(p, s))
                        for p in range(n) for s in range(n)])
        lab_p = self.text("grid.pos", size=L, color=P.muted)
        lab_p.next_to(grid, LEFT, buff=0.25)
        lab_s = self.text("grid.step", size=L, color=P.muted).next_to(grid, DOWN, buff=0.2)
        tog = self._toggle([3.6, 1.5, 0])
        self.play(FadeIn(grid), FadeIn(lab_p), FadeIn(lab_s), FadeIn(tog), run_time=0.8)

        rec_cells = VGroup()
        for s in range(v.sequential_depth["recurrent"]):
            for p in range(int(v.busy_per_step["recurrent"][s])):
                rec_cells.add(Square(size, color=P.hidden, fill_opacity=0.85,
                                     stroke_width=0).move_to(pos(s + p, s)))
        att_cells = VGroup()
        for s in range(v.sequential_depth["attention"]):
            for p in range(int(v.busy_per_step["attention"][s])):
                att_cells.add(Square(size, color=P.attention, fill_opacity=0.85,
                                     stroke_width=0).move_to(pos(p, s)))
        head = self.text("depth", size=L, color=P.text).move_to([2.2, 0.6, 0], aligned_edge=LEFT)
        r_lab, r_val = self.readout_row(self.t("rec"), style.fmt_count(v.sequential_depth["recurrent"]),
                                 P.hidden, head)
        a_lab, a_val = self.readout_row(self.t("att"), style.fmt_count(v.sequential_depth["attention"]),
                                 P.attention, VGroup(r_lab, r_val))
        self.align_values((r_lab, r_val), (a_lab, a_val))
        self.play(LaggedStart(*[FadeIn(c) for c in rec_cells], lag_ratio=0.25), run_time=1.8)
        self.show("sequential_depth_recurrent", r_val)
        self.play(FadeIn(head), FadeIn(r_lab), FadeIn(r_val), run_time=0.6)
        self.wait(0.5)
        self.play(*self._flip(tog), Transform(rec_cells, att_cells), run_time=1.2)
        self.show("sequential_depth_attention", a_val)
        self.play(FadeIn(a_lab), FadeIn(a_val), run_time=0.6)
        self.hold()

    def path_staircase(self):
        v = self.v
        k = v.path_target
        self.clear_stage()
        self.claim("path", k=k)
        base, h, dx, xl = -2.2, 0.34, 0.6, -5.9
        xs = [xl + j * dx for j in range(k + 1)]

        def stairs(lengths, color):
            pts = [np.array([xs[0], base, 0.0])]
            for j in range(1, k + 1):
                pts.append(np.array([xs[j], base + lengths[j - 1] * h, 0.0]))
                pts.append(np.array([xs[j], base + lengths[j] * h, 0.0]))
            return VMobject(color=color, stroke_width=5).set_points_as_corners(pts)

        dots = VGroup(*[Dot([x, base, 0], radius=0.07, color=P.token) for x in xs])
        t0 = self.plain("token 0", size=S, color=P.token).next_to(dots[0], DOWN, buff=0.25)
        tk = self.plain(f"token {k}", size=S, color=P.token).next_to(dots[-1], DOWN, buff=0.25)
        rec = stairs(v.path_recurrent, P.hidden)
        att = stairs(v.path_attention, P.attention)
        tog = self._toggle([3.9, 1.5, 0])
        head = self.text("path.count", size=L).move_to([2.6, 0.6, 0], aligned_edge=LEFT)
        r_lab, r_val = self.readout_row(self.t("rec"), style.fmt_count(v.path_length["recurrent"]),
                                 P.hidden, head)
        a_lab, a_val = self.readout_row(self.t("att"), style.fmt_count(v.path_length["attention"]),
                                 P.attention, VGroup(r_lab, r_val))
        self.align_values((r_lab, r_val), (a_lab, a_val))
        self.play(FadeIn(dots), FadeIn(t0), FadeIn(tk), FadeIn(tog), run_time=0.7)
        self.play(Create(rec), run_time=1.5, rate_func=linear)
        self.show("path_length_recurrent", r_val)
        self.play(FadeIn(head), FadeIn(r_lab), FadeIn(r_val), run_time=0.5)
        self.wait(0.4)
        ghost = rec.copy().set_stroke(opacity=0.25)
        self.add(ghost)
        self.play(*self._flip(tog), Transform(rec, att), run_time=1.3)
        self.show("path_length_attention", a_val)
        self.play(FadeIn(a_lab), FadeIn(a_val), run_time=0.5)
        self.hold()

    def bottleneck(self):
        v = self.v
        self.clear_stage()
        self.claim("bottle", d=style.fmt_count(v.bottleneck_numbers), n=v.n, n_long=v.n_long,
                   direct=style.fmt_count(v.direct_numbers),
                   direct_long=style.fmt_count(v.direct_numbers_long))
        cx, span, y_enc = -2.6, 5.6, -1.7

        def cells(n):
            pitch = span / n
            return VGroup(*[Square(0.8 * pitch, color=P.hidden, stroke_width=2,
                                   fill_opacity=0.25).move_to([cx - span / 2 + (j + 0.5) * pitch,
                                                               y_enc, 0]) for j in range(n)])

        enc = cells(v.n)
        enc_lab = self.text("enc", size=S, color=P.hidden).next_to(enc, DOWN, buff=0.25)
        dec = Rectangle(width=2.4, height=0.75, color=P.text, stroke_width=2).move_to([cx, 1.2, 0])
        dec_lab = self.text("dec", size=L).move_to(dec)
        neck = Arrow(enc[-1].get_top(), dec.get_bottom() + 1.0 * RIGHT, buff=0.08,
                     color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.08)

        def links(group):
            return VGroup(*[Line(c.get_top(), dec.get_bottom(), color=P.attention,
                                 stroke_width=1.5, stroke_opacity=0.8) for c in group])

        head = Dot([1.4, 1.9, 0], radius=0.01)
        b_lab, b_val = self.readout_row(self.t("neck"), style.fmt_count(v.bottleneck_numbers),
                                 P.hidden, head)
        d_lab, d_val = self.readout_row(self.t("direct", n=v.n), style.fmt_count(v.direct_numbers),
                                 P.attention, VGroup(b_lab, b_val))
        dl_lab, dl_val = self.readout_row(self.t("direct", n=v.n_long),
                                   style.fmt_count(v.direct_numbers_long), P.attention,
                                   VGroup(d_lab, d_val))
        self.align_values((b_lab, b_val), (d_lab, d_val), (dl_lab, dl_val))
        self.play(FadeIn(enc), FadeIn(enc_lab), FadeIn(dec), FadeIn(dec_lab), run_time=0.7)
        self.play(Create(neck), run_time=0.7)
        self.show("bottleneck_numbers", b_val)
        self.play(FadeIn(b_lab), FadeIn(b_val), run_time=0.5)
        self.wait(0.4)
        lk = links(enc)
        self.play(Create(lk), neck.animate.set_stroke(opacity=0.25), run_time=1.0)
        self.show("direct_numbers", d_val)
        self.play(FadeIn(d_lab), FadeIn(d_val), run_time=0.5)
        self.wait(0.4)
        enc_long = cells(v.n_long)
        lk_long = links(enc_long)
        neck_long = Arrow(enc_long[-1].get_top(), dec.get_bottom() + 1.0 * RIGHT, buff=0.08,
                          color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.08,
                          stroke_opacity=0.25)
        self.play(Transform(enc, enc_long), Transform(lk, lk_long), Transform(neck, neck_long),
                  run_time=1.2)
        self.show("direct_numbers_long", dl_val)
        self.play(FadeIn(dl_lab), FadeIn(dl_val), run_time=0.5)
        self.hold()

    def cost_curves(self):
        v = self.v
        self.clear_stage()
        self.claim("cost")
        ax = Axes([0, 16, 4], [2, 13, 1], x_length=7.2, y_length=4.4,
                  axis_config={"color": P.muted, "include_tip": False, "stroke_width": 2})
        ax.move_to([-2.4, -0.25, 0])
        lx = np.log2(v.curve_n)
        xt = VGroup()
        for i in range(0, len(v.curve_n), 16):
            xt.add(self.plain(style.fmt_count(v.curve_n[i]), size=S, color=P.muted)
                   .next_to(ax.c2p(lx[i], 2), DOWN, buff=0.15))
        yt = VGroup(*[self.math(f"10^{{{e}}}", scale=0.6, color=P.muted)
                      .next_to(ax.c2p(0, e), LEFT, buff=0.15) for e in (3, 6, 9, 12)])
        n_lab = self.math("n", scale=0.7, color=P.muted).next_to(ax.c2p(16, 2), RIGHT, buff=0.2)

        idx = np.arange(len(v.sweep_d), dtype=float)
        log_rec = np.log10(v.sweep_recurrent)
        log_att = np.log10(v.sweep_attention)
        log_x = np.log2(v.sweep_crossover_n.astype(float))
        s0 = float(np.flatnonzero(v.sweep_d == v.d)[0]) if v.d in v.sweep_d else None
        s = ValueTracker(s0 if s0 is not None else 0.0)

        def row(table, fixed):
            if s0 is None:
                return fixed
            x = s.get_value()
            i = int(min(np.floor(x), len(idx) - 2))
            f = x - i
            return (1 - f) * table[i] + f * table[i + 1]

        def curve(table, fixed, color):
            ys = row(table, fixed)
            pts = [ax.c2p(a, b) for a, b in zip(lx, ys)]
            return VMobject(color=color, stroke_width=4).set_points_as_corners(pts)

        rec = always_redraw(lambda: curve(log_rec, np.log10(v.curve_recurrent), P.hidden))
        att = always_redraw(lambda: curve(log_att, np.log10(v.curve_attention), P.attention))

        def cross_x():
            return float(np.interp(s.get_value(), idx, log_x)) if s0 is not None else \
                float(np.log2(v.cost_crossover_n))

        def cross_pt():
            x = cross_x()
            return ax.c2p(x, float(np.interp(x, lx, row(log_rec, np.log10(v.curve_recurrent)))))

        dot = always_redraw(lambda: Dot(cross_pt(), radius=0.09, color=P.highlight))
        drop = always_redraw(lambda: DashedLine(cross_pt(), ax.c2p(cross_x(), 2),
                                                color=P.highlight, stroke_width=2))

        head = self.text("cost.head", size=L).move_to([2.2, 1.7, 0], aligned_edge=LEFT)
        leg_r = VGroup(Line(ORIGIN_L, ORIGIN_L + 0.5 * RIGHT, color=P.hidden, stroke_width=4),
                       self.math(r"n\,d^2", scale=0.7, color=P.hidden))
        leg_r[1].next_to(leg_r[0], RIGHT, buff=0.2)
        leg_r.next_to(head, DOWN, buff=0.35, aligned_edge=LEFT)
        leg_a = VGroup(Line(ORIGIN_L, ORIGIN_L + 0.5 * RIGHT, color=P.attention, stroke_width=4),
                       self.math(r"n^2 d", scale=0.7, color=P.attention))
        leg_a[1].next_to(leg_a[0], RIGHT, buff=0.2)
        leg_a.next_to(leg_r, DOWN, buff=0.3, aligned_edge=LEFT)
        d_lab = self.math("d =", scale=0.7).next_to(leg_a, DOWN, buff=0.45, aligned_edge=LEFT)
        d_num = self.number(v.d, places=0, size=0.7).next_to(d_lab, RIGHT, buff=0.2)
        c_lab = self.text("cross", size=L).next_to(d_lab, DOWN, buff=0.4, aligned_edge=LEFT)
        c_num = self.number(v.cost_crossover_n, places=0, size=0.7)
        c_num.next_to(c_lab, RIGHT, buff=0.2)

        self.play(Create(ax), FadeIn(xt), FadeIn(yt), FadeIn(n_lab), FadeIn(head), run_time=0.8)
        self.play(Create(rec), FadeIn(leg_r), run_time=0.8)
        self.play(Create(att), FadeIn(leg_a), run_time=0.8)
        self.play(FadeIn(dot), FadeIn(drop), FadeIn(VGroup(d_lab, d_num, c_lab, c_num)),
                  run_time=0.6)
        self.show("cost_crossover_n", c_num)
        self.wait(0.6)
        if s0 is not None:
            # geometric between the swept d values, as on the log axis
            d_num.add_updater(lambda m: m.set_value(float(np.exp2(np.interp(
                s.get_value(), idx, np.log2(v.sweep_d))))))
            c_num.add_updater(lambda m: m.set_value(float(np.exp2(np.interp(
                s.get_value(), idx, np.log2(v.sweep_crossover_n))))))
            self.play(s.animate.set_value(idx[-1]), run_time=1.8, rate_func=smooth)
            self.play(s.animate.set_value(0.0), run_time=3.5, rate_func=smooth)
            self.play(s.animate.set_value(s0), run_time=1.5, rate_func=smooth)
            d_num.clear_updaters().set_value(v.d)
            c_num.clear_updaters().set_value(v.cost_crossover_n)
        self.hold(2.0)


ORIGIN_L = np.zeros(3)
