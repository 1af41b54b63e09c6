"""§06 Cheat sheet: the LSTM equations, truncated BPTT, KV cache vs state, and the way back."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, FadeIn, FadeOut, Line,
                   Rectangle, Square, SurroundingRectangle, Transform, ValueTracker, VGroup,
                   VMobject, always_redraw, linear)

from .. import style
from ..base import LectureScene

P = style.PALETTE
S = style.SMALL_SIZE
L = style.LABEL_SIZE

TEXT = {
    "cell": {"zh": "LSTM 一页写完", "en": "The whole LSTM on one page"},
    "cell.say": {
        "zh": "四个门各读上一步的 h 和当前的 x：遗忘门决定留多少，输入门决定写多少，候选给出写什么，输出门决定露出多少。细胞状态只经过一次逐元素乘法和一次加法，这就是回到过去的那条路。",
        "en": "Each gate reads the previous h and the current x: forget sets how much to keep, input how much to write, the candidate what to write, output how much to reveal. The cell state passes one elementwise product and one sum, the road back in time."},
    "role.f": {"zh": "保留多少", "en": "how much to keep"},
    "role.i": {"zh": "写入多少", "en": "how much to write"},
    "role.g": {"zh": "写入什么", "en": "what to write"},
    "role.o": {"zh": "露出多少", "en": "how much to show"},
    "role.c": {"zh": "细胞状态", "en": "cell state"},
    "role.h": {"zh": "隐藏状态", "en": "hidden state"},
    "tbptt": {"zh": "截断 BPTT：梯度只在窗口里走", "en": "Truncated BPTT: gradient stays in the window"},
    "tbptt.say": {
        "zh": "训练时不会一路反传到开头：要存下整条链的激活太贵。前向状态照常一路传下去，但梯度只在最近 {w} 步的窗口里回流，窗口之前的步不会为末端的误差负责。",
        "en": "Training does not backpropagate to the start: storing every activation is too costly. The forward state still flows all the way, but gradient returns only through the last {w} steps; earlier steps are never blamed for the error at the end."},
    "tbptt.fwd": {"zh": "前向：一路传下去", "en": "forward: flows all the way"},
    "tbptt.grad": {"zh": "梯度：只在窗口内", "en": "gradient: window only"},
    "tbptt.window": {"zh": "窗口", "en": "window"},
    "tbptt.length": {"zh": "序列", "en": "sequence"},
    "kv": {"zh": "服务时：KV cache 随上下文长，状态不变",
           "en": "Serving: the KV cache grows, the state does not"},
    "kv.say": {
        "zh": "解码时注意力要为每个见过的位置存下键和值，循环网络只存一个固定大小的状态。上下文拉长一千倍，一个 {layers} 层、宽 {width} 的 fp16 模型要 {kv}，状态始终是 {state}，差 {ratio} 倍。分组查询注意力让 {q} 个查询头共用 {g} 组键值，缓存降到四分之一。",
        "en": "While decoding, attention keeps a key and a value for every position seen; a recurrent net keeps one fixed state. Over a thousandfold context, a {layers}-layer, width-{width} fp16 model needs {kv} against {state}: {ratio} times more. Grouped-query attention shares {g} key-value groups among {q} query heads, a quarter of the cache."},
    "kv.context": {"zh": "上下文", "en": "context"},
    "kv.cache": {"zh": "KV cache", "en": "KV cache"},
    "kv.state": {"zh": "循环状态", "en": "recurrent state"},
    "kv.ratio": {"zh": "倍数", "en": "ratio"},
    "kv.gqa": {"zh": "GQA {g} 组", "en": "GQA, {g} groups"},
    "back": {"zh": "循环回来了", "en": "Recurrence comes back"},
    "back.say": {
        "zh": "在代价曲线交叉之后的长上下文里，循环状态又有了用处：Mamba（Gu、Dao 2023）与 RWKV 都保留固定大小的状态，同时把训练安排成可以并行。",
        "en": "Past the point where the cost curves cross, a fixed state pays again: Mamba (Gu & Dao, 2023) and RWKV keep a constant-size state while training in parallel."},
    "back.where": {"zh": "在代价曲线交叉之处", "en": "where the cost curves cross"},
}

LSTM_LINES = (
    ("f", r"f_t", r"= \sigma(W_f\,[h_{t-1}, x_t] + b_f)", "forget"),
    ("i", r"i_t", r"= \sigma(W_i\,[h_{t-1}, x_t] + b_i)", "input_gate"),
    ("g", r"g_t", r"= \tanh(W_g\,[h_{t-1}, x_t] + b_g)", "candidate"),
    ("o", r"o_t", r"= \sigma(W_o\,[h_{t-1}, x_t] + b_o)", "output_gate"),
    ("c", r"c_t", r"= f_t \odot c_{t-1} + i_t \odot g_t", "cell"),
    ("h", r"h_t", r"= o_t \odot \tanh(c_t)", "hidden"),
)


class CheatSheet(LectureScene):
    """§06: LSTM equations, the TBPTT window, KV cache vs state, the closing card."""

    SECTION_ID = "primer-06-cheatsheet"
    BEATS = ("equations", "tbptt_window", "kv_cache", "closing")
    TEXT = TEXT

    # ----- beats --------------------------------------------------------------------------
    def equations(self):
        self.claim("cell")
        lines = VGroup()
        for _, lhs, rhs, _ in LSTM_LINES:
            lines.add(self.math(lhs, rhs, scale=0.78))
        lines.arrange(DOWN, aligned_edge=LEFT, buff=0.32).move_to([-1.6, -0.35, 0])
        roles = VGroup()
        for line, (key, _, _, role) in zip(lines, LSTM_LINES):
            r = self.text(f"role.{key}", size=L, color=P.muted)
            r.move_to([2.6, line.get_center()[1], 0], aligned_edge=LEFT)
            roles.add(r)
        self.play(FadeIn(lines, shift=0.2 * UP), run_time=1.0)
        box = None
        for line, r, (_, _, _, role) in zip(lines, roles, LSTM_LINES):
            color = getattr(P, role)
            new = SurroundingRectangle(line, color=color, buff=0.1, stroke_width=2)
            anims = [line[0].animate.set_color(color), FadeIn(r), r.animate.set_color(color)]
            anims.append(Transform(box, new) if box is not None else Create(new))
            self.play(*anims, run_time=0.6)
            if box is None:
                box = new
        self.play(FadeOut(box), run_time=0.4)
        self.hold()

    def tbptt_window(self):
        v = self.v
        n, w = v.sequence_length, v.tbptt_window
        self.clear_stage()
        self.claim("tbptt", w=w)
        pitch = min(0.2, 12.6 / n)
        x0 = -pitch * (n - 1) / 2
        y = 0.2
        cells = VGroup(*[Square(0.8 * pitch, color=P.muted, stroke_width=1, fill_opacity=0)
                         .move_to([x0 + j * pitch, y, 0]) for j in range(n)])
        idx = np.arange(len(v.window_starts), dtype=float)
        s = ValueTracker(0.0)

        def r():
            return int(round(s.get_value()))

        def paint(group):
            row = r()
            for j, c in enumerate(group):
                if v.gradient_mask[row, j]:
                    c.set_fill(P.gradient, opacity=0.85)
                elif v.forward_mask[row, j]:
                    c.set_fill(P.hidden, opacity=0.45)
                else:
                    c.set_fill(P.muted, opacity=0.0)

        paint(cells)

        def start_x():
            return x0 + float(np.interp(s.get_value(), idx, v.window_starts)) * pitch

        win = Rectangle(width=w * pitch, height=0.55, color=P.gradient, stroke_width=3)
        win.move_to([start_x() - pitch / 2 + w * pitch / 2, y, 0])
        win.add_updater(lambda m: m.move_to([start_x() - pitch / 2 + w * pitch / 2, y, 0]))

        def fwd_arrow():
            end = start_x() + (w - 0.5) * pitch
            return Arrow([x0 - pitch / 2, y + 0.55, 0], [end, y + 0.55, 0], buff=0,
                         color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.5,
                         max_stroke_width_to_length_ratio=50)

        def grad_arrow():
            a = start_x() - pitch / 2
            return Arrow([a + w * pitch, y - 0.55, 0], [a, y - 0.55, 0], buff=0,
                         color=P.gradient, stroke_width=4, max_tip_length_to_length_ratio=0.15)

        fwd = always_redraw(fwd_arrow)
        grad = always_redraw(grad_arrow)
        f_lab = self.text("tbptt.fwd", size=L, color=P.hidden).move_to([x0, 1.35, 0],
                                                                       aligned_edge=LEFT)
        g_lab = self.text("tbptt.grad", size=L, color=P.gradient).move_to([x0, -0.95, 0],
                                                                         aligned_edge=LEFT)
        anchor = Line([x0, -1.55, 0], [x0 + 0.1, -1.55, 0])
        w_lab, w_val = self.readout_row(self.t("tbptt.window"), style.fmt_count(w), P.gradient, anchor,
                                        buff=0.1)
        n_lab, n_val = self.readout_row(self.t("tbptt.length"), style.fmt_count(n), P.muted,
                                        VGroup(w_lab, w_val))
        self.align_values((w_lab, w_val), (n_lab, n_val))
        self.show("tbptt_window", w_val)
        self.show("sequence_length", n_val)
        self.play(FadeIn(cells), Create(win), FadeIn(fwd), FadeIn(grad), FadeIn(f_lab),
                  FadeIn(g_lab), FadeIn(VGroup(w_lab, w_val, n_lab, n_val)), run_time=1.0)
        cells.add_updater(paint)
        self.play(s.animate.set_value(idx[-1]), run_time=4.5, rate_func=linear)
        cells.clear_updaters()
        win.clear_updaters()
        self.hold()

    def kv_cache(self):
        v = self.v
        self.clear_stage()
        kv_s, st_s = style.fmt_bytes(v.kv_cache_bytes), style.fmt_bytes(v.state_bytes)
        ratio_s = style.fmt_count(v.ratio) + "×"
        self.claim("kv", layers=v.layers, width=v.width, kv=kv_s, state=st_s,
                   ratio=style.fmt_count(v.ratio), q=v.query_heads, g=v.gqa_kv_heads)
        lx = np.log2(v.sweep_context)
        ly_kv = np.log2(v.sweep_kv_cache_bytes)
        ly_st = np.log2(v.sweep_state_bytes)
        ly_gqa = np.log2(v.sweep_kv_cache_bytes_gqa)
        lo = float(np.floor(min(ly_st.min(), ly_gqa.min()))) - 2
        hi = float(np.ceil(ly_kv.max())) + 1
        ax = Axes([lx[0], lx[-1], 1], [lo, hi, 2], x_length=6.6, y_length=4.4,
                  axis_config={"color": P.muted, "include_tip": False, "stroke_width": 2,
                               "include_ticks": False})
        ax.move_to([-2.3, -0.35, 0])
        xt = VGroup()
        for i in (0, len(lx) // 2, len(lx) - 1):
            xt.add(self.plain(style.fmt_count(v.sweep_context[i]), size=S, color=P.muted)
                   .next_to(ax.c2p(lx[i], lo), DOWN, buff=0.15))
        yt = VGroup()
        for val in (v.sweep_state_bytes[0], v.sweep_kv_cache_bytes[0], v.sweep_kv_cache_bytes[-1]):
            yt.add(self.plain(style.fmt_bytes(val), size=S, color=P.muted)
                   .next_to(ax.c2p(lx[0], np.log2(val)), LEFT, buff=0.15))
        k = np.arange(len(lx), dtype=float)
        s = ValueTracker(0.0)

        def partial(ys, color, width=4):
            def build():
                x = s.get_value()
                m = int(np.floor(x))
                pts = [ax.c2p(lx[j], ys[j]) for j in range(m + 1)]
                if x > m:
                    pts.append(ax.c2p(float(np.interp(x, k, lx)), float(np.interp(x, k, ys))))
                if len(pts) < 2:
                    pts.append(pts[0])
                return VMobject(color=color, stroke_width=width).set_points_as_corners(pts)
            return build

        kv_curve = always_redraw(partial(ly_kv, P.attention))
        st_curve = always_redraw(partial(ly_st, P.hidden))
        px = 2.0
        c_lab = self.text("kv.context", size=L).move_to([px, 1.9, 0], aligned_edge=LEFT)
        c_num = self.number(v.sweep_context[0], places=0, size=0.7)
        c_num.next_to(c_lab, RIGHT, buff=0.3)
        # geometric, like the log axis: between doublings the readout moves as the dot does
        c_num.add_updater(lambda m: m.set_value(float(np.exp2(np.interp(
            s.get_value(), k, np.log2(v.sweep_context))))))
        kv_lab, kv_val = self.readout_row(self.t("kv.cache"), kv_s, P.attention, c_lab)
        st_lab, st_val = self.readout_row(self.t("kv.state"), st_s, P.hidden, kv_lab)
        r_lab, r_val = self.readout_row(self.t("kv.ratio"), ratio_s, P.text, st_lab)
        g_lab, g_val = self.readout_row(self.t("kv.gqa", g=v.gqa_kv_heads),
                                 style.fmt_bytes(v.kv_cache_bytes_gqa), P.attention, r_lab)
        self.align_values((kv_lab, kv_val), (st_lab, st_val), (r_lab, r_val), (g_lab, g_val))
        self.play(Create(ax), FadeIn(xt), FadeIn(yt), FadeIn(c_lab), FadeIn(c_num),
                  run_time=0.8)
        self.add(kv_curve, st_curve)
        self.play(s.animate.set_value(k[-1]), run_time=4.0, rate_func=linear)
        c_num.clear_updaters().set_value(v.context)
        self.show("context", c_num)
        self.show("kv_cache_bytes", kv_val)
        self.show("state_bytes", st_val)
        self.show("ratio", r_val)
        self.play(FadeIn(VGroup(kv_lab, kv_val, st_lab, st_val, r_lab, r_val)), run_time=0.7)
        self.wait(0.6)
        gqa = VMobject(color=P.attention, stroke_width=4).set_points_as_corners(
            [ax.c2p(a, b) for a, b in zip(lx, ly_gqa)])
        moving = kv_curve.copy().clear_updaters()
        self.add(moving)
        kv_curve.clear_updaters()
        kv_curve.set_stroke(opacity=0.35)
        self.show("kv_cache_bytes_gqa", g_val)
        self.play(Transform(moving, gqa), FadeIn(g_lab), FadeIn(g_val), run_time=1.2)
        self.hold(2.0)

    def closing(self):
        self.clear_stage()
        self.claim("back")
        where = self.text("back.where", size=style.BODY_SIZE, color=P.muted).move_to([0, 0.9, 0])
        names = self.plain("Mamba (Gu & Dao, 2023)  ·  RWKV", size=36, color=P.hidden)
        names.move_to([0, 0.0, 0])
        self.play(FadeIn(where, shift=0.2 * UP), run_time=0.7)
        self.play(FadeIn(names, shift=0.2 * UP), run_time=0.8)
        self.hold(2.0)
