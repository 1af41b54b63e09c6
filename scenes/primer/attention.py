"""§05 After the loop is gone: sequential depth, path length, the bottleneck, and the cost curves."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, Arrow, Axes, Create, DashedLine, Dot, FadeIn,
                   FadeOut, LaggedStart, Line, Rectangle, RoundedRectangle, Square, Transform,
                   ValueTracker, VGroup, VMobject, always_redraw, linear, smooth)

from .. import style
from ..base import LectureScene, Val

P = style.PALETTE
S = style.SMALL_SIZE
L = style.LABEL_SIZE

TEXT = {
    "grid": {"zh": "注意力一步算完整列", "en": "Attention fills a whole column at once"},
    "grid.say.many": {
        "zh": "还是上一节的位置乘时间格子。循环层每个时间步只能推进一个位置，{n} 个位置要走 {n} 列；注意力没有要传递的状态，所有位置在同一步里一起算，只占 {a} 列。",
        "en": "The same position-by-time grid as before. A recurrent layer advances one position per step: {n} positions take {n} columns. Attention carries no state, so every position is computed in the same step: {a} column."},
    "grid.say.one": {
        "zh": "还是上一节的位置乘时间格子。只有 {n} 个位置时，循环层和注意力都只占 {a} 列；位置一多，循环层每多一个位置就多一列，注意力始终一列。",
        "en": "The same position-by-time grid as before. With {n} position, recurrence and attention both take {a} column; each extra position adds a column to the recurrent layer, never to attention."},
    "grid.pos": {"zh": "位置", "en": "position"},
    "grid.step": {"zh": "时间步 →", "en": "time step →"},
    "grid.window": {"zh": "画出前 {g} 个位置（共 {n} 个）",
                    "en": "drawn: first {g} of {n} positions"},
    "depth": {"zh": "顺序深度", "en": "sequential depth"},
    "rec": {"zh": "循环", "en": "recurrent"},
    "att": {"zh": "注意力", "en": "attention"},
    "path": {"zh": "从 token 0 到 token {k} 隔着几次乘法",
             "en": "Multiplications between token 0 and token {k}",
             "fixed": {"0": "index of the first token"}},
    "path.say.many": {
        "zh": "台阶每升一级就是一次乘法。循环层里，token 0 要经过 {r} 次乘法才到 token {k}，这正是前面那个会衰减的连乘；注意力只用一条边，不管隔多远都是 {a} 次。",
        "en": "Each stair is one multiplication. In a recurrent layer token 0 reaches token {k} through {r} of them, the decaying product from before; attention links the two by a single edge: {a}, however far apart.",
        "fixed": {"0": "index of the first token"}},
    "path.say.one": {
        "zh": "台阶每升一级就是一次乘法。token {k} 紧挨着 token 0：循环层要 {r} 次乘法，注意力也是 {a} 次；再远一点，循环层的台阶就一级级往上加，注意力始终一条边。",
        "en": "Each stair is one multiplication. Token {k} is next to token 0: {r} for the recurrent layer, {a} for attention. Further away, the recurrent stairs keep climbing while attention stays one edge.",
        "fixed": {"0": "index of the first token"}},
    "path.say.zero": {
        "zh": "台阶每升一级就是一次乘法。目标就是 token 0 自己：循环层 {r} 次，注意力 {a} 次；目标每远一个位置，循环层多一次乘法，注意力最多一次。",
        "en": "Each stair is one multiplication. The target is token 0 itself: {r} for the recurrent layer, {a} for attention. Each position further adds one for recurrence; attention never needs more than one edge.",
        "fixed": {"0": "index of the first token"}},
    "path.count": {"zh": "乘法次数", "en": "multiplications"},
    "path.tok0": {"zh": "token 0", "en": "token 0", "fixed": {"0": "index of the first token"}},
    "path.tok": {"zh": "token {k}", "en": "token {k}"},
    "path.sample": {"zh": "画出 {total} 个 token 中的 {m} 个", "en": "{m} of the {total} tokens drawn"},
    "bottle": {"zh": "解码器能看到多少个数", "en": "How many numbers the decoder can read"},
    "bottle.say": {
        "zh": "循环编码器只把最后一个状态交给解码器，源句再长也只有 {d} 个数。直连让解码器读每一个位置的状态：n 等于 {n} 时是 {direct} 个数，n 等于 {n_long} 时是 {direct_long} 个。",
        "en": "A recurrent encoder hands the decoder only its last state: {d} numbers however long the source. A direct connection lets it read every position: {direct} numbers for n = {n}, {direct_long} for n = {n_long}."},
    "enc": {"zh": "编码器状态", "en": "encoder states"},
    "dec": {"zh": "解码器", "en": "decoder"},
    "neck": {"zh": "瓶颈", "en": "bottleneck"},
    "direct": {"zh": "直连 $n$ = {n}", "en": "direct, $n$ = {n}"},
    "bottle.sample": {"zh": "画出 {n} 个状态中的 {e} 个", "en": "{e} of {n} states drawn"},
    "cost": {"zh": "代价：$n\\,d^2$ 对 $n^2 d$", "en": "The price: $n\\,d^2$ against $n^2 d$",
             "fixed": {"2": "the exponent in the cost formulas"}},
    "cost.say": {
        "zh": "循环层每步做一次 d 乘 d 的矩阵乘，共 n·d² 次乘加；注意力给每一对位置打分，共 n²·d 次。对数坐标下两条都是直线，在 n 等于 d 处相交。改变 d，交点跟着移动。",
        "en": "A recurrent layer does one d-by-d product per step, n·d² multiply-adds; attention scores every pair, n²·d. On log-log axes both are straight lines, crossing at n = d. Change d and the crossing moves with it."},
    "cost.head": {"zh": "每层乘加（对数轴）", "en": "multiply-adds per layer (log)"},
    "tick.pow": {"tex": "10^{@e}", "fixed": {"10": "base of the logarithmic axis"}},
    "cross": {"zh": "交点", "en": "crossing"},
    "cost.verdict.attention": {"zh": "$n$ = {n}：注意力更省", "en": "$n$ = {n}: attention is cheaper"},
    "cost.verdict.recurrent": {"zh": "$n$ = {n}：循环层更省", "en": "$n$ = {n}: recurrence is cheaper"},
    "cost.verdict.equal": {"zh": "$n$ = {n}：两者一样", "en": "$n$ = {n}: both cost the same"},
    "cost.verdict.say.attention": {
        "zh": "这里 n 是 {n}，比 d 等于 {d} 小：注意力每层 {att} 次乘加，循环层 {rec} 次，注意力更省。",
        "en": "Here n = {n} is below d = {d}: attention needs {att} multiply-adds per layer, recurrence {rec}, so attention is cheaper."},
    "cost.verdict.say.recurrent": {
        "zh": "这里 n 是 {n}，比 d 等于 {d} 大：循环层每层 {rec} 次乘加，注意力 {att} 次，循环层更省。",
        "en": "Here n = {n} is above d = {d}: recurrence needs {rec} multiply-adds per layer, attention {att}, so recurrence is cheaper."},
    "cost.verdict.say.equal": {
        "zh": "这里 n 正好等于 d，都是 {n}：两者每层都是 {rec} 次乘加。",
        "en": "Here n equals d, both {n}: each needs {rec} multiply-adds per layer."},
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
        g = v.grid_shown
        self.claim("grid", say=False)
        self.say("grid.say", variant="one" if v.n == 1 else "many", n=Val("n", "count"),
                 a=Val("sequential_depth.attention", "count"))
        pitch = min(0.6, 4.0 / g)
        size = 0.86 * pitch
        x0, y0 = -2.6 - pitch * (g - 1) / 2, -0.45 + pitch * (g - 1) / 2

        def pos(p, s):
            return np.array([x0 + s * pitch, y0 - p * pitch, 0.0])

        grid = VGroup(*[Square(size, color=P.muted, stroke_width=1).move_to(pos(p, s))
                        for p in range(g) for s in range(g)])
        lab_p = self.text("grid.pos", size=L, color=P.muted).next_to(grid, LEFT, buff=0.25)
        lab_s = self.text("grid.step", size=L, color=P.muted).next_to(grid, DOWN, buff=0.2)
        tog = self._toggle([3.5, 1.5, 0])
        self.play(FadeIn(grid), FadeIn(lab_p), FadeIn(lab_s), FadeIn(tog), run_time=0.8)

        def cells(mask, color):
            return VGroup(*[Square(size, color=color, fill_opacity=0.85, stroke_width=0)
                            .move_to(pos(p, s)) for p in range(g) for s in range(g)
                            if mask[p, s]])

        rec_cells = cells(v.grid_busy_recurrent, P.hidden)
        att_cells = cells(v.grid_busy_attention, P.attention)
        head = self.text("depth", size=L).move_to([1.5, 0.6, 0], aligned_edge=LEFT)
        r_lab, r_val = self.value_row("rec", "sequential_depth.recurrent", "count", P.hidden, head,
                                 name="sequential_depth_recurrent")
        a_lab, a_val = self.value_row("att", "sequential_depth.attention", "count", P.attention,
                                 VGroup(r_lab, r_val), name="sequential_depth_attention")
        self.align_values((r_lab, r_val), (a_lab, a_val))
        extra = []
        if v.grid_windowed:
            note = self.text("grid.window", size=S, color=P.muted, g=Val("grid_shown", "count"),
                             n=Val("n", "count"))
            note.next_to(a_lab, DOWN, buff=0.55, aligned_edge=LEFT)
            extra.append(FadeIn(note))
        self.play(LaggedStart(*[FadeIn(c) for c in rec_cells], lag_ratio=0.25), *extra,
                  run_time=1.8)
        self.play(FadeIn(head), FadeIn(r_lab), FadeIn(r_val), run_time=0.6)
        self.wait(0.5)
        self.play(*self._flip(tog), Transform(rec_cells, att_cells), run_time=1.2)
        self.play(FadeIn(a_lab), FadeIn(a_val), run_time=0.6)
        self.hold()

    def path_staircase(self):
        v = self.v
        k, m = v.path_target, v.stair_drawn
        self.clear_stage()
        self.claim("path", say=False, k=Val("path_target", "count"))
        self.say("path.say", variant="zero" if k == 0 else ("one" if k == 1 else "many"),
                 k=Val("path_target", "count"), r=Val("path_length.recurrent", "count"),
                 a=Val("path_length.attention", "count"))
        base, top, xl, xr = -1.9, 1.7, -5.8, 0.9
        h = min(1.2, (top - base) / max(k, 1))
        xs = [xl + i * (xr - xl) / max(m - 1, 1) for i in range(m)]

        def stairs(lengths, color):
            pts = [np.array([xs[0], base + lengths[0] * h, 0.0])]
            for i in range(1, m):
                pts.append(np.array([xs[i], base + lengths[i - 1] * h, 0.0]))
                pts.append(np.array([xs[i], base + lengths[i] * h, 0.0]))
            if len(pts) == 1:
                pts.append(pts[0])
            return VMobject(color=color, stroke_width=5).set_points_as_corners(pts)

        dots = VGroup(*[Dot([x, base, 0], radius=0.07, color=P.token) for x in xs])
        toks = VGroup(self.text("path.tok0", size=S, color=P.token)
                      .next_to(dots[0], DOWN, buff=0.25))
        if k > 0:
            toks.add(self.text("path.tok", size=S, color=P.token, k=Val("path_target", "count"))
                     .next_to(dots[-1], DOWN, buff=0.25))
        rec = stairs(v.stair_recurrent, P.hidden)
        att = stairs(v.stair_attention, P.attention)
        tog = self._toggle([4.3, 1.5, 0])
        head = self.text("path.count", size=L).move_to([2.6, 0.6, 0], aligned_edge=LEFT)
        r_lab, r_val = self.value_row("rec", "path_length.recurrent", "count", P.hidden, head,
                                 name="path_length_recurrent")
        a_lab, a_val = self.value_row("att", "path_length.attention", "count", P.attention,
                                 VGroup(r_lab, r_val), name="path_length_attention")
        self.align_values((r_lab, r_val), (a_lab, a_val))
        extra = []
        if v.stair_sampled:
            note = self.text("path.sample", size=S, color=P.muted, m=Val("stair_drawn", "count"),
                             total=Val("path_tokens", "count"))
            note.next_to(a_lab, DOWN, buff=0.55, aligned_edge=LEFT)
            extra.append(FadeIn(note))
        self.play(FadeIn(dots), FadeIn(toks), FadeIn(tog), *extra, run_time=0.7)
        self.play(Create(rec), run_time=1.5, rate_func=linear)
        self.play(FadeIn(head), FadeIn(r_lab), FadeIn(r_val), run_time=0.5)
        self.wait(0.4)
        ghost = rec.copy().set_stroke(opacity=0.25)
        self.add(ghost)
        self.play(*self._flip(tog), Transform(rec, att), run_time=1.3)
        self.play(FadeIn(a_lab), FadeIn(a_val), run_time=0.5)
        self.hold()

    def bottleneck(self):
        v = self.v
        self.clear_stage()
        self.claim("bottle", d=Val("bottleneck_numbers", "count"), n=Val("n", "count"),
                   n_long=Val("n_long", "count"), direct=Val("direct_numbers", "count"),
                   direct_long=Val("direct_numbers_long", "count"))
        cx, span, y_enc = -3.2, 5.4, -1.6

        def cells(count):
            pitch = span / count
            side = min(0.8 * pitch, 0.6)
            return VGroup(*[Square(side, color=P.hidden, stroke_width=2, fill_opacity=0.25)
                            .move_to([cx - span / 2 + (j + 0.5) * pitch, y_enc, 0])
                            for j in range(count)])

        enc = cells(v.enc_drawn_count)
        enc_lab = self.text("enc", size=S, color=P.hidden).next_to(enc, DOWN, buff=0.25)
        enc_lab.set_x(cx)
        dec = Rectangle(width=2.4, height=0.75, color=P.text, stroke_width=2).move_to([cx, 1.2, 0])
        dec_lab = self.text("dec", size=L).move_to(dec)

        def neck_arrow(group, opacity=1.0):
            return Arrow(group[-1].get_top(), dec.get_bottom() + 1.0 * RIGHT, buff=0.08,
                         color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.08,
                         stroke_opacity=opacity)

        def links(group):
            return VGroup(*[Line(c.get_top(), dec.get_bottom(), color=P.attention,
                                 stroke_width=1.5, stroke_opacity=0.8) for c in group])

        neck = neck_arrow(enc)
        head = Dot([0.9, 1.9, 0], radius=0.01, fill_opacity=0)
        b_lab, b_val = self.value_row("neck", "bottleneck_numbers", "count", P.hidden, head,
                                 name="bottleneck_numbers")
        d_lab, d_val = self.value_row("direct", "direct_numbers", "count", P.attention, VGroup(b_lab, b_val),
                                 name="direct_numbers", n=Val("n", "count"))
        dl_lab, dl_val = self.value_row("direct", "direct_numbers_long", "count", P.attention,
                                   VGroup(d_lab, d_val), name="direct_numbers_long",
                                   n=Val("n_long", "count"))
        self.align_values((b_lab, b_val), (d_lab, d_val), (dl_lab, dl_val))

        def sample_note(count, total):
            note = self.text("bottle.sample", size=S, color=P.muted, e=Val(count, "count"),
                             n=Val(total, "count"))
            return note.next_to(dl_lab, DOWN, buff=0.55, aligned_edge=LEFT)

        self.play(FadeIn(enc), FadeIn(enc_lab), FadeIn(dec), FadeIn(dec_lab), run_time=0.7)
        self.play(Create(neck), run_time=0.7)
        self.play(FadeIn(b_lab), FadeIn(b_val), run_time=0.5)
        self.wait(0.4)
        lk = links(enc)
        note = sample_note("enc_drawn_count", "n") if v.enc_sampled else None
        self.play(Create(lk), neck.animate.set_stroke(opacity=0.25),
                  *([FadeIn(note)] if note else []), run_time=1.0)
        self.play(FadeIn(d_lab), FadeIn(d_val), run_time=0.5)
        self.wait(0.4)
        enc_long = cells(v.enc_drawn_count_long)
        swap = [FadeOut(note)] if note else []
        if v.enc_sampled_long:
            swap.append(FadeIn(sample_note("enc_drawn_count_long", "n_long")))
        self.play(Transform(enc, enc_long), Transform(lk, links(enc_long)),
                  Transform(neck, neck_arrow(enc_long, 0.25)), *swap, run_time=1.2)
        self.play(FadeIn(dl_lab), FadeIn(dl_val), run_time=0.5)
        self.hold()

    def cost_curves(self):
        v = self.v
        self.clear_stage()
        self.claim("cost")
        lo, hi = (int(e) for e in v.cost_axis_log)
        xmax = float(v.curve_log2_n[-1])
        ax = Axes([0, xmax, 4], [lo, hi, 1], x_length=7.0, y_length=4.2,
                  axis_config={"color": P.muted, "include_tip": False, "stroke_width": 2})
        ax.move_to([-2.7, -0.15, 0])
        xt = VGroup(*[self.value(f"tick_n[{i}]", "count", size=S, color=P.muted)
                      .next_to(ax.c2p(float(x), lo), DOWN, buff=0.15)
                      for i, x in enumerate(v.tick_log2_n)])
        yt = VGroup(*[self.mathv("tick.pow", scale=0.6, color=P.muted,
                                 e=Val(f"tick_exp[{i}]", "int"))
                      .next_to(ax.c2p(0, float(e)), LEFT, buff=0.15)
                      for i, e in enumerate(v.tick_exp)])
        n_lab = self.math("n", scale=0.7, color=P.muted).next_to(ax.c2p(xmax, lo), RIGHT,
                                                                 buff=0.2)
        last = len(v.frame_d) - 1
        s = ValueTracker(0)

        def k() -> int:
            return self.at(s)

        def curve(table, color):
            return VMobject(color=color, stroke_width=4).set_points_as_corners(
                [ax.c2p(a, b) for a, b in zip(v.curve_log2_n, table[k()])])

        rec = always_redraw(lambda: curve(v.frame_log_recurrent, P.hidden))
        att = always_redraw(lambda: curve(v.frame_log_attention, P.attention))

        def cross_pt():
            return ax.c2p(v.frame_cross_log2_n[k()], v.frame_cross_log[k()])

        dot = always_redraw(lambda: Dot(cross_pt(), radius=0.09, color=P.highlight))
        drop = always_redraw(lambda: DashedLine(cross_pt(), ax.c2p(v.frame_cross_log2_n[k()], lo),
                                                color=P.highlight, stroke_width=2))

        head = self.text("cost.head", size=L).move_to([1.9, 1.85, 0], aligned_edge=LEFT)

        def legend(tex, color, anchor):
            row = VGroup(Line(np.zeros(3), 0.5 * RIGHT, color=color, stroke_width=4),
                         self.math(tex, scale=0.7, color=color, reason="exponent of the cost"))
            row[1].next_to(row[0], RIGHT, buff=0.2)
            return row.next_to(anchor, DOWN, buff=0.3, aligned_edge=LEFT)

        leg_r = legend(r"n\,d^2", P.hidden, head)
        leg_a = legend(r"n^2 d", P.attention, leg_r)
        d_lab = self.math("d =", scale=0.7).next_to(leg_a, DOWN, buff=0.4, aligned_edge=LEFT)
        d_num = self.number("frame_d[0]", "dec:0", size=0.7).next_to(d_lab, RIGHT, buff=0.2)
        d_num.add_updater(lambda mob: mob.set_value(v.frame_d[k()]))
        c_word = self.text("cross", size=L).next_to(d_lab, DOWN, buff=0.35, aligned_edge=LEFT)
        c_lab = self.math("n =", scale=0.7).next_to(c_word, RIGHT, buff=0.25)
        c_num = self.number("frame_d[0]", "dec:0", size=0.7).next_to(c_lab, RIGHT, buff=0.2)
        c_num.add_updater(lambda mob: mob.set_value(v.frame_d[k()]))

        self.play(Create(ax), FadeIn(xt), FadeIn(yt), FadeIn(n_lab), FadeIn(head), run_time=0.8)
        self.play(Create(rec), FadeIn(leg_r), run_time=0.8)
        self.play(Create(att), FadeIn(leg_a), run_time=0.8)
        self.play(FadeIn(dot), FadeIn(drop), FadeIn(VGroup(d_lab, d_num, c_word, c_lab, c_num)),
                  run_time=0.6)
        self.wait(0.6)
        self.play(s.animate.set_value(last), run_time=6.0, rate_func=smooth)
        self.settle(d_num, "d", name="d")
        self.settle(c_num, "cost_crossover_n", name="cost_crossover_n")

        # where the chosen n sits, and which layer is cheaper there
        here = DashedLine(ax.c2p(v.here_log2_n, lo), ax.c2p(v.here_log2_n, hi),
                          color=P.muted, stroke_width=2)
        here_dots = VGroup(Dot(ax.c2p(v.here_log2_n, v.here_log_recurrent), radius=0.08,
                               color=P.hidden),
                           Dot(ax.c2p(v.here_log2_n, v.here_log_attention), radius=0.08,
                               color=P.attention))
        verdict = self.text("cost.verdict", variant=v.cheaper, size=L, n=Val("n", "count"))
        verdict.next_to(c_word, DOWN, buff=0.45, aligned_edge=LEFT)
        self.show("verdict", verdict)
        r_lab, r_val = self.value_row("rec", "cost.recurrent", "count", P.hidden, verdict,
                                 name="cost_recurrent")
        a_lab, a_val = self.value_row("att", "cost.attention", "count", P.attention, VGroup(r_lab, r_val),
                                 name="cost_attention")
        self.align_values((r_lab, r_val), (a_lab, a_val))
        self.say("cost.verdict.say", variant=v.cheaper, n=Val("n", "count"),
                 d=Val("d", "count"), rec=Val("cost.recurrent", "count"),
                 att=Val("cost.attention", "count"))
        self.play(Create(here), FadeIn(here_dots), FadeIn(verdict), run_time=0.8)
        self.play(FadeIn(VGroup(r_lab, r_val, a_lab, a_val)), run_time=0.6)
        self.hold(2.0)

