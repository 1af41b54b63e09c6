"""§04 What gates leave alone: the fixed-width state, the one-lane clock, GRU vs LSTM, parameters."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, ChangeDecimalToValue, Create, FadeIn, Line, Rectangle, Square,
                   SurroundingRectangle, Transform, VGroup)

from .. import style
from ..base import LectureScene

P = style.PALETTE

TEXT = {
    "capacity": {"zh": "门不会让状态变宽", "en": "Gates do not make the state any wider"},
    "capacity.say": {
        "zh": "状态始终是 {w} 个数。序列越长，平均每个 token 能占到的就越少：4 个 token 时每个 {s0} 个数，{n} 个 token 时只剩 {s1} 个。",
        "en": "The state is always {w} numbers. The longer the sequence, the less each token gets on average: {s0} numbers each for 4 tokens, only {s1} each for {n} tokens."},
    "capacity.state": {"zh": "状态：{w} 个数", "en": "state: {w} numbers"},
    "capacity.n": {"zh": "token 数 n", "en": "tokens n"},
    "capacity.share": {"zh": "每个 token", "en": "per token"},
    "grid": {"zh": "一条链：每个时刻只有一格在算", "en": "One chain: one cell works per clock tick"},
    "grid.say": {
        "zh": "行是位置，列是时钟步。位置 t 必须等位置 t 减 1 算完，所以只有对角线会亮：{p} 个位置要 {p} 步，{total} 格里只有 {busy} 格干过活。",
        "en": "Rows are positions, columns are clock ticks. Position t has to wait for position t minus 1, so only the diagonal lights up: {p} positions take {p} ticks, and only {busy} of {total} cells ever work."},
    "grid.rows": {"zh": "位置", "en": "position"},
    "grid.cols": {"zh": "时钟步", "en": "clock tick"},
    "grid.busy": {"zh": "干过活：{b} / {total} 格", "en": "worked: {b} of {total} cells"},
    "gru": {"zh": "GRU 少一个门：保留和写入绑在一起",
            "en": "GRU drops a gate: keeping and writing are tied"},
    "gru.say": {
        "zh": "GRU 只有一个更新门，保留 {gk}，写入就只能是 {gw}，两段加起来正好是整条轨道。LSTM 的两个门各自独立，可以保留 {lk} 的同时写入 {lw}。",
        "en": "GRU has a single update gate: keep {gk} and the write must be {gw}, so the two always fill the track exactly. LSTM's two gates are independent: it can keep {lk} and still write {lw}."},
    "gru.keep": {"zh": "保留", "en": "keep"},
    "gru.write": {"zh": "写入", "en": "write"},
    "params.block": {"zh": "1 块", "en": "1 block"},
    "params": {"zh": "参数量：整块整块地数", "en": "Parameters come in whole blocks"},
    "params.say": {
        "zh": "每个门或候选各要一块 2d 平方加 d 的参数。d 等于 {d} 时，RNN 一块 {rnn}，GRU 三块 {gru}，LSTM 四块 {lstm}。",
        "en": "Each gate or candidate costs one block of 2d squared plus d. At d = {d}: RNN one block, {rnn}; GRU three, {gru}; LSTM four, {lstm}."},
}


class Limits(LectureScene):
    """§04: capacity of a fixed state, the sequential grid, GRU vs LSTM gates, parameter bars."""

    SECTION_ID = "primer-04-limits"
    BEATS = ("capacity", "grid", "gru_vs_lstm", "param_bars")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def capacity(self):
        v = self.v
        ns, shares = v.sweep_tokens, v.sweep_share
        self.claim("capacity", w=v.state_width, s0=style.fmt(shares[0], 0), n=v.tokens,
                   s1=style.fmt(v.share_per_token, 2))
        x0, x1 = -6.0, 2.8
        width = x1 - x0
        y_state, y_tok = -1.3, 0.9
        state = Rectangle(width=width, height=0.7, color=P.hidden, stroke_width=3)
        state.move_to([(x0 + x1) / 2, y_state, 0])
        slabel = self.text("capacity.state", size=style.LABEL_SIZE, color=P.hidden,
                           w=v.state_width)
        slabel.next_to(state, DOWN, buff=0.2, aligned_edge=LEFT)

        def tokens_row(n):
            step = width / n
            return VGroup(*[Line([x0 + i * step, y_tok - 0.3, 0], [x0 + i * step, y_tok + 0.3, 0],
                                 color=P.token, stroke_width=max(0.6, min(3.0, 40 / n)))
                            for i in range(n + 1)])

        def share_block(n):
            return Rectangle(width=width / n, height=0.7, fill_color=P.cell, fill_opacity=0.8,
                             stroke_width=0).move_to([x0 + width / n / 2, y_state, 0])

        def link(n):
            return VGroup(Line([x0, y_tok - 0.3, 0], [x0, y_state + 0.35, 0], color=P.cell,
                               stroke_width=2),
                          Line([x0 + width / n, y_tok - 0.3, 0],
                               [x0 + width / n, y_state + 0.35, 0], color=P.cell,
                               stroke_width=2))

        row, block, lk = tokens_row(int(ns[0])), share_block(int(ns[0])), link(int(ns[0]))
        nl = self.text("capacity.n", size=style.LABEL_SIZE, color=P.token)
        nn = self.number(int(ns[0]), places=0, size=0.7, color=P.token)
        shl = self.text("capacity.share", size=style.LABEL_SIZE, color=P.cell)
        shn = self.number(float(shares[0]), places=2, size=0.7, color=P.cell)
        ro = VGroup(VGroup(nl, nn).arrange(RIGHT, buff=0.2),
                    VGroup(shl, shn).arrange(RIGHT, buff=0.2)).arrange(DOWN, aligned_edge=LEFT,
                                                                       buff=0.3)
        ro.next_to(state, RIGHT, buff=0.4).set_y((y_tok + y_state) / 2)
        self.play(Create(state), FadeIn(slabel), FadeIn(row), FadeIn(block), FadeIn(lk),
                  FadeIn(ro), run_time=1.0)
        self.wait(0.4)
        for n, s in zip(ns[1:], shares[1:]):
            n = int(n)
            self.play(Transform(row, tokens_row(n)), Transform(block, share_block(n)),
                      Transform(lk, link(n)), ChangeDecimalToValue(nn, n),
                      ChangeDecimalToValue(shn, float(s)), run_time=0.6)
        nn.set_value(int(v.tokens))
        shn.set_value(float(v.share_per_token))
        self.show("tokens", nn)
        self.show("share_per_token", shn)
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def grid(self):
        v = self.v
        n = int(v.grid_positions)
        self.claim("grid", p=n, busy=v.busy_cells, total=v.total_cells)
        side = min(0.5, 4.6 / n)
        cells = VGroup()
        for pos in range(n):
            for step in range(n):
                sq = Square(side, color=P.muted, stroke_width=1.5, fill_opacity=0)
                sq.move_to([(step - (n - 1) / 2) * side - 1.5, ((n - 1) / 2 - pos) * side - 0.35,
                            0])
                cells.add(sq)
        rows = self.text("grid.rows", size=style.LABEL_SIZE, color=P.muted)
        rows.rotate(np.pi / 2).next_to(cells, LEFT, buff=0.3)
        cols = self.text("grid.cols", size=style.LABEL_SIZE, color=P.muted)
        cols.next_to(cells, UP, buff=0.2)
        busy = self.text("grid.busy", size=style.BODY_SIZE, color=P.hidden, b=0,
                         total=v.total_cells)
        busy.next_to(cells, RIGHT, buff=0.8)
        self.play(Create(cells), FadeIn(rows), FadeIn(cols), FadeIn(busy), run_time=1.0)
        col = SurroundingRectangle(VGroup(*[cells[p * n] for p in range(n)]), color=P.highlight,
                                   buff=0.03, stroke_width=2)
        self.play(Create(col), run_time=0.4)
        for step in range(n):
            lit = [cells[pos * n + step] for pos in range(n) if v.grid_busy[pos, step]]
            nb = self.text("grid.busy", size=style.BODY_SIZE, color=P.hidden,
                           b=int(v.busy_after_step[step]), total=v.total_cells)
            nb.move_to(busy, aligned_edge=LEFT)
            target = VGroup(*[cells[p * n + step] for p in range(n)])
            self.play(col.animate.move_to(target),
                      *[c.animate.set_fill(P.hidden, 0.85) for c in lit], run_time=0.45)
            self.remove(busy)
            self.add(nb)
            busy = nb
        self.show("busy_cells", busy)
        self.hold()
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def gru_vs_lstm(self):
        v = self.v
        self.claim("gru", gk=style.fmt(v.gru_keep, 1), gw=style.fmt(v.gru_write, 1),
                   lk=style.fmt(v.lstm_keep, 1), lw=style.fmt(v.lstm_write, 1))
        unit = 4.0
        x0 = -3.4

        def bar(a, b, y, color):
            a, b = x0 + unit * a, x0 + unit * b
            return Rectangle(width=b - a, height=0.5, fill_color=color, fill_opacity=0.85,
                             stroke_width=0).move_to([(a + b) / 2, y, 0])

        def frame(y):
            return Rectangle(width=unit, height=0.62, color=P.muted, stroke_width=2).move_to(
                [x0 + unit / 2, y, 0])

        y_g, y_l1, y_l2 = 1.2, -0.5, -1.25
        gname = self.plain("GRU", size=style.BODY_SIZE).move_to([-5.4, y_g, 0])
        lname = self.plain("LSTM", size=style.BODY_SIZE).move_to([-5.4, (y_l1 + y_l2) / 2, 0])
        g_keep = bar(0, v.gru_keep, y_g, P.forget)
        g_write = bar(v.gru_keep, v.gru_keep + v.gru_write, y_g, P.input_gate)
        l_keep = bar(0, v.lstm_keep, y_l1, P.forget)
        l_write = bar(0, v.lstm_write, y_l2, P.input_gate)

        def lab(key, val, color, anchor):
            t = self.plain(f"{self.t(key)} {style.fmt(val, 2)}", size=style.LABEL_SIZE,
                           color=color)
            return t

        gk = lab("gru.keep", v.gru_keep, P.forget, g_keep)
        gw = lab("gru.write", v.gru_write, P.input_gate, g_write)
        VGroup(gk, gw).arrange(RIGHT, buff=0.5).next_to(frame(y_g), UP, buff=0.15)
        gt = self.math(r"\Sigma =", scale=0.7, color=P.muted)
        gtn = self.plain(style.fmt(v.gru_total, 2), size=style.LABEL_SIZE, color=P.muted)
        gsum = VGroup(gt, gtn).arrange(RIGHT, buff=0.15).next_to(frame(y_g), RIGHT, buff=0.5)
        lkl = lab("gru.keep", v.lstm_keep, P.forget, l_keep)
        lkl.next_to(frame(y_l1), RIGHT, buff=0.5)
        lwl = lab("gru.write", v.lstm_write, P.input_gate, l_write)
        lwl.next_to(frame(y_l2), RIGHT, buff=0.5)
        lt = self.math(r"\Sigma =", scale=0.7, color=P.muted)
        ltn = self.plain(style.fmt(v.lstm_total, 2), size=style.LABEL_SIZE, color=P.muted)
        lsum = VGroup(lt, ltn).arrange(RIGHT, buff=0.15)
        lsum.next_to(VGroup(lkl, lwl), RIGHT, buff=0.6)
        self.play(FadeIn(gname), Create(frame(y_g)), run_time=0.5)
        self.play(FadeIn(g_keep, shift=0.3 * RIGHT), FadeIn(gk), run_time=0.8)
        self.play(FadeIn(g_write, shift=0.3 * LEFT), FadeIn(gw), FadeIn(gsum), run_time=0.8)
        self.play(FadeIn(lname), Create(frame(y_l1)), Create(frame(y_l2)), run_time=0.5)
        self.play(FadeIn(l_keep, shift=0.3 * RIGHT), FadeIn(lkl), run_time=0.8)
        self.play(FadeIn(l_write, shift=0.3 * RIGHT), FadeIn(lwl), FadeIn(lsum), run_time=0.8)
        self.show("gru_keep", gk)
        self.show("gru_write", gw)
        self.show("gru_total", gtn)
        self.show("lstm_keep", lkl)
        self.show("lstm_write", lwl)
        self.show("lstm_total", ltn)
        self.hold()
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def param_bars(self):
        v = self.v
        names = ("rnn", "gru", "lstm")
        self.claim("params", d=v.d, **{k: style.fmt_millions(v.params[k]) for k in names})
        block = VGroup(self.text("params.block", size=style.LABEL_SIZE, color=P.muted),
                       self.math(r"= 2d^2 + d", scale=0.7, color=P.muted),
                       self.math(rf"(d = {v.d})", scale=0.7, color=P.muted))
        block.arrange(RIGHT, buff=0.2).move_to([0, 1.7, 0])
        bw, x0 = 1.6, -3.6
        colors = {"rnn": P.hidden, "gru": P.candidate, "lstm": P.cell}
        titles = {"rnn": "RNN", "gru": "GRU", "lstm": "LSTM"}
        self.play(FadeIn(block), run_time=0.5)
        for i, k in enumerate(names):
            y = 0.6 - 1.1 * i
            blocks = VGroup(*[Rectangle(width=bw - 0.08, height=0.6, fill_color=colors[k],
                                        fill_opacity=0.8, stroke_width=0)
                              .move_to([x0 + (j + 0.5) * bw, y, 0])
                              for j in range(v.param_blocks[k])])
            name = self.plain(titles[k], size=style.BODY_SIZE).move_to([x0 - 1.0, y, 0])
            lab = self.plain(style.fmt_millions(v.params[k]), size=style.BODY_SIZE,
                             color=colors[k])
            lab.next_to(blocks, RIGHT, buff=0.35)
            self.play(FadeIn(name), Create(blocks), FadeIn(lab), run_time=0.9)
            self.show(f"params_{k}", lab)
        self.hold(2.0)
