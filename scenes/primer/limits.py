"""§04 What gates leave alone: the fixed-width state, the one-lane clock, GRU vs LSTM, parameters."""

from __future__ import annotations

import re

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Circumscribe, Create, FadeIn, FadeOut,
                   Line, Rectangle, Square, SurroundingRectangle, Transform,
                   VGroup)

from mathcore.primer.limits import versus

from .. import style
from ..base import LectureScene, Plays, Val, displayed
from ..live import Live, on_which

P = style.PALETTE

TEXT = {
    "capacity": {"zh": "门不会让状态变宽", "en": "Gates do not make the state any wider"},
    "capacity.say": {
        "zh": "状态始终是 {w} 个数。序列越长，平均每个 token 能占到的就越少。",
        "en": "The state is always {w} number{w_s}. The longer the sequence, the less each token gets on average."},
    "capacity.share.sweep": {
        "zh": "{n0} 个 token 时每个 {s0} 个数，{n} 个 token 时只剩 {s1} 个。",
        "en": "{s0} number{s0_s} each for {n0} token{n0_s}, only {s1} each for {n} token{n_s}."},
    "capacity.share.single": {
        "zh": "{n} 个 token 时每个 {s1} 个数。",
        "en": "{s1} number{s1_s} each for {n} token{n_s}."},
    "capacity.recall.say": {
        "zh": "任何固定的宽度都逃不开这一点：宽度定了，序列越长，每个 token 摊到的就越少。若要 LSTM 回忆 {r} 个 token 以前的细节，这 {r} 个 token 分这一个状态，平均每个只有 {s} 个数：没有什么能保证那个细节还留在状态里。",
        "en": "No fixed width escapes this: whatever the width, the share per token falls as the sequence grows. Ask an LSTM about a detail {r} token{r_s} back: shared among those {r} token{r_s}, the state holds {s} number{s_s} for each on average, and nothing guarantees the detail is still in it."},
    "capacity.recall": {"zh": "{r} 个 token 时：", "en": "if {r} token{r_s} share it:"},
    "capacity.recall_share": {"zh": "每个 {s} 个数", "en": "{s} number{s_s} each"},
    "capacity.nobug": {"zh": "宽度一定：序列越长，每个 token 分得越少", "en": "any fixed width: the longer the sequence, the less per token"},
    "capacity.state": {"zh": "状态：{w} 个数", "en": "state: {w} number{w_s}"},
    "capacity.n": {"zh": "token 数 $n$", "en": "tokens $n$"},
    "capacity.per": {"zh": "每个 token", "en": "per token"},
    "capacity.stride": {"zh": "每条刻度代表 {s} 个 token", "en": "one tick per {s} token{s_s}"},
    "grid": {"zh": "一条链：每个时刻只有一格在算", "en": "One chain: one cell works per clock tick"},
    "grid.say": {
        "zh": "行是位置，列是时钟步。位置 t 必须等位置 t 减 1 算完，所以只有对角线会亮：{p} 个位置要 {s} 步，{total} 格里只有 {busy} 格干过活。",
        "en": "Rows are positions, columns are clock ticks. Position t has to wait for position t minus 1, so only the diagonal lights up: {p} position{p_s} take {s} tick{s_s}, and only {busy} of {total} cell{total_s} ever work.",
        "fixed": {"1": "t minus 1: the position before t"}},
    "grid.lanes.say": {
        "zh": "GPU 是为大量运算同时进行而造的。把不同序列打成一个 batch，能让每一列同时亮 batch 条对角线，但同一个序列里面仍是一条链：链没有宽度，这 {s} 步一步也省不掉。",
        "en": "A GPU is built to run many operations side by side. Batching several sequences lights one diagonal per sequence in every column, but inside one sequence the work is still a chain: a chain has no width, and none of its {s} step{s_s} can be skipped."},
    "grid.lanes1": {"zh": "链没有宽度：", "en": "a chain has no width:"},
    "grid.lanes2": {"zh": "batch 只能跨序列并行", "en": "batching helps only across sequences"},
    "grid.rows": {"zh": "位置", "en": "position"},
    "grid.cols": {"zh": "时钟步 →", "en": "clock tick →"},
    "grid.busy": {"zh": "干过活：{b} / {total} 格", "en": "worked: {b} of {total} cell{total_s}"},
    "gru": {"zh": "GRU 少一个门：保留和写入绑在一起",
            "en": "GRU drops a gate: keeping and writing are tied"},
    "gru.say": {
        "zh": "GRU 里一个更新门同时管两件事：保留 {gk}，写入就只能是 {gw}。",
        "en": "In the GRU one update gate sets both: keep {gk} and the write must be {gw}."},
    "gru.fill.equal": {
        "zh": "两段加起来是 {gt}，正好是整条轨道。",
        "en": "Together they are {gt}: exactly the whole track."},
    "gru.fill.above": {
        "zh": "两段加起来是 {gt}，超过整条轨道。",
        "en": "Together they are {gt}, more than the whole track."},
    "gru.fill.below": {
        "zh": "两段加起来是 {gt}，不到整条轨道。",
        "en": "Together they are {gt}, less than the whole track."},
    "lstm.sum.above": {
        "zh": "LSTM 的遗忘门和输入门各自独立：保留 {lk} 的同时写入 {lw}，共 {lt}，超过整条轨道。",
        "en": "The LSTM's forget and input gates are independent: it keeps {lk} and writes {lw}, {lt} in all, more than the whole track."},
    "lstm.sum.equal": {
        "zh": "LSTM 的遗忘门和输入门各自独立：保留 {lk}、写入 {lw}，共 {lt}，这次恰好是整条轨道。",
        "en": "The LSTM's forget and input gates are independent: it keeps {lk} and writes {lw}, {lt} in all, exactly the track this time."},
    "lstm.sum.below": {
        "zh": "LSTM 的遗忘门和输入门各自独立：保留 {lk}、写入 {lw}，共 {lt}，不到整条轨道。",
        "en": "The LSTM's forget and input gates are independent: it keeps {lk} and writes {lw}, {lt} in all, less than the whole track."},
    "gru.cite.say": {
        "zh": "GRU（Cho 等，2014）有两个门，LSTM 有三个：一个是这个更新门，另一个是重置门，决定候选能看到多少旧状态。",
        "en": "The GRU (Cho et al., 2014) has two gates to the LSTM's three: this update gate, and a reset gate that sets how much of the old state the candidate sees.",
        "fixed": {"2014": "year of the cited paper"}},
    "gru.keep": {"zh": "保留 {v}", "en": "keep {v}"},
    "gru.write": {"zh": "写入 {v}", "en": "write {v}"},
    "gru.track": {"zh": "整条轨道 = {v}", "en": "whole track = {v}"},
    "gru.total": {"zh": "$\\Sigma$ = {t}", "en": "$\\Sigma$ = {t}"},
    "params": {"zh": "参数量：整块整块地数", "en": "Parameters come in whole blocks"},
    "params.say": {
        "zh": "每个门或候选各占一块：两个 d 乘 d 的矩阵（这里输入也是 d 宽），加上一个长度为 d 的偏置向量，和教科书里的公式一样。d 等于 {d} 时，RNN {br} 块 {rnn}，GRU {bg} 块 {gru}，LSTM {bl} 块 {lstm}。",
        "en": "Each gate or candidate is one block: two d by d matrices (the input is d wide here too) and one bias vector of length d, as in the textbook equations. At d = {d}: RNN {br} block, {rnn}; GRU {bg}, {gru}; LSTM {bl}, {lstm}."},
    "params.say_torch": {
        "zh": "PyTorch 的 nn.RNN、nn.GRU、nn.LSTM 每块存 {nb} 个偏置向量，输入一侧一个、状态一侧一个，三者依次为 {rnn} / {gru} / {lstm}。",
        "en": "PyTorch's nn.RNN, nn.GRU and nn.LSTM keep {nb} bias vectors per block, one on the input side and one on the state side: {rnn}, {gru} and {lstm}."},
    "params.block": {"zh": "一块", "en": "one block"},
    "params.d": {"zh": "($d$ = {d})", "en": "($d$ = {d})"},
    "params.layout": {"zh": "每块一个偏置；PyTorch 存 {nb} 个 $(b_{{ih}},\\ b_{{hh}})$",
                      "en": "one bias a block; PyTorch keeps {nb} $(b_{{ih}},\\ b_{{hh}})$"},
    "params.torch": {"zh": "PyTorch：{v}", "en": "PyTorch: {v}"},
}



def _under(keep_label, write_label, keep, write, frame) -> None:
    """Each share's label under its own segment, from the segment's left end (the write's
    pushed right when the keep's label is wider than the keep segment)."""
    keep_label.next_to(frame, DOWN, buff=0.2).align_to(keep, LEFT)
    write_label.next_to(frame, DOWN, buff=0.2).align_to(write, LEFT)
    least = keep_label.get_right()[0] + 0.4
    if write_label.get_left()[0] < least:
        write_label.shift((least - write_label.get_left()[0]) * RIGHT)

class Limits(LectureScene):
    """§04: capacity of a fixed state, the sequential grid, GRU vs LSTM gates, parameter bars."""

    SECTION_ID = "primer-04-limits"
    BEATS = ("capacity", "grid", "gru_vs_lstm", "param_bars")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def capacity(self):
        v = self.v
        last = len(v.sweep_tokens) - 1
        self.claim("capacity", w=Val("state_width", "count"))
        x0, x1 = -6.2, 2.4
        width = x1 - x0
        y_state, y_tok = -1.2, 1.4
        state = Rectangle(width=width, height=0.8, color=P.hidden, stroke_width=3)
        state.move_to([(x0 + x1) / 2, y_state, 0])
        slabel = self.text("capacity.state", size=style.LABEL_SIZE, color=P.hidden,
                           w=Val("state_width", "count"))
        slabel.next_to(state, DOWN, buff=0.2, aligned_edge=LEFT)

        def tokens_row(i):
            fr = v.sweep_ticks[i]
            tick = Line([x0, y_tok - 0.3, 0], [x0, y_tok + 0.3, 0], color=P.token,
                        stroke_width=max(0.6, min(3.0, 40 / len(fr))))
            return VGroup(*[tick.copy().shift(f * width * RIGHT) for f in fr])

        def share_block(i):
            bw = max(width * float(v.sweep_block[i]), 1e-3)
            return Rectangle(width=bw, height=0.8, fill_color=P.cell, fill_opacity=0.8,
                             stroke_width=0).move_to([x0 + bw / 2, y_state, 0])

        def link(i):
            xr = x0 + width * float(v.sweep_block[i])
            return VGroup(Line([x0, y_tok - 0.3, 0], [x0, y_state + 0.4, 0], color=P.cell,
                               stroke_width=2),
                          Line([xr, y_tok - 0.3, 0], [xr, y_state + 0.4, 0], color=P.cell,
                               stroke_width=2))

        def readouts(i):
            n_path = "tokens" if i == last else f"sweep_tokens[{i}]"
            s_path = "share_per_token" if i == last else f"sweep_share[{i}]"
            return (self.value(n_path, "count", size=style.BODY_SIZE, color=P.token),
                    self.value(s_path, "ratio", size=style.BODY_SIZE, color=P.cell))

        row, block, lk = tokens_row(0), share_block(0), link(0)
        nl = self.text("capacity.n", size=style.LABEL_SIZE, color=P.token)
        shl = self.text("capacity.per", size=style.LABEL_SIZE, color=P.cell)
        nn, shn = readouts(0)
        VGroup(nl, shl).arrange(DOWN, aligned_edge=LEFT, buff=0.45)
        VGroup(nl, shl).move_to([x1 + 0.5, (y_tok + y_state) / 2, 0], aligned_edge=LEFT)
        self.align_values((nl, nn), (shl, shn))

        def place(a, b):
            self.align_values((nl, a), (shl, b))
            return a, b

        # The steps are Transforms (each part morphs to the next point), so the sweep's parts
        # follow nothing themselves: they are declared, and read after each step's play.
        step = {"i": 0}
        live = Live(self, lambda: step["i"], over="sweep_tokens")

        def moved(m, i):       # the step's own Transform has moved it
            pass

        def places(g):         # distinct tick places (a Transform keeps the larger count)
            return sorted({round((float(t.get_x()) - x0) / width, 9) for t in g})

        live.follow(row, moved, path="sweep_ticks[{i}]", measure=places, tol=1e-6)
        live.follow(block, moved, path="sweep_block[{i}]",
                    measure=lambda m: m.width / width, tol=1.5e-3 / width)
        live.follow(lk, moved, path="sweep_block[{i}]",
                    measure=lambda m: (m[1].get_x() - x0) / width)
        live.follow(nn, moved, path="sweep_tokens[{i}]", fmt="count")
        live.follow(shn, moved, path="sweep_share[{i}]", fmt="ratio")
        # "the state is always w numbers" / "the longer the sequence" / "the less each token
        # gets": the state, then the tokens, then one token's share of the state
        self.pace([Create(state), FadeIn(slabel)], [FadeIn(row), FadeIn(nl), FadeIn(nn)],
             Plays(lambda rt: live.play(FadeIn(block), FadeIn(lk), FadeIn(shl), FadeIn(shn),
                                        run_time=rt)), fill=0.85)

        def to(i):
            def go(rt):
                a, b = place(*readouts(i))
                step["i"] = i
                live.play(Transform(row, tokens_row(i)), Transform(block, share_block(i)),
                          Transform(lk, link(i)), Transform(nn, a), Transform(shn, b),
                          run_time=rt)
            return Plays(go)

        self.say("capacity.share", "sweep" if v.share_sweeps else "single", n0=Val("sweep_tokens[0]", "count"),
                 s0=Val("sweep_share[0]", "ratio"), n=Val("tokens", "count"),
                 s1=Val("share_per_token", "ratio"))
        # "s0 each for n0 tokens" (the readouts now), then the sweep to n tokens as it is said
        ring = SurroundingRectangle(VGroup(nl, shl, nn, shn), color=P.highlight, buff=0.15,
                                    stroke_width=2)
        self.pace(Create(ring), *(to(i) for i in range(1, last + 1)), FadeOut(ring),
             fill=0.9)
        self.show("tokens", nn)
        self.show("share_per_token", shn)
        nobug = self.text("capacity.nobug", size=style.SMALL_SIZE, color=P.muted)
        nobug.next_to(slabel, RIGHT, buff=0.6)
        recall = VGroup(self.text("capacity.recall", size=style.LABEL_SIZE, color=P.muted,
                                  r=Val("recall_tokens", "count")),
                        self.text("capacity.recall_share", size=style.LABEL_SIZE,
                                  color=P.cell, s=Val("recall_share", "ratio")))
        recall.arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        recall.next_to(shl, DOWN, buff=0.4, aligned_edge=LEFT)
        first = [FadeIn(nobug)]
        if v.sweep_tick_stride[last] > 1:
            note = self.text("capacity.stride", size=style.SMALL_SIZE, color=P.muted,
                             s=Val(f"sweep_tick_stride[{last}]", "count"))
            note.next_to(row, UP, buff=0.2, aligned_edge=LEFT)
            first.append(FadeIn(note))
        self.say("capacity.recall.say", r=Val("recall_tokens", "count"),
                 s=Val("recall_share", "ratio"))
        # "no fixed width escapes this" / "whatever the width" (the state's) / "the share per
        # token falls as the sequence grows" (the readouts the sweep left) / "a detail r tokens
        # back" / "s numbers each" / "nothing guarantees it is still in the state"
        box, point = self.pointer()
        self.pace(first, lambda: point(slabel, P.hidden),
             lambda: point(VGroup(nl, nn, shl, shn)),
             lambda: [FadeIn(recall[0], shift=0.2 * LEFT), point(recall[0])],
             lambda: [FadeIn(recall[1], shift=0.2 * LEFT), point(recall[1], P.cell, 0.06)],
             lambda: [FadeOut(box["b"]), Circumscribe(state, color=P.highlight, buff=0.08)],
             fill=0.85)
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def grid(self):
        v = self.v
        n = int(v.grid_positions)
        self.claim("grid", p=Val("grid_positions", "int"), s=Val("sequential_steps", "int"),
                   busy=Val("busy_cells", "count"), total=Val("total_cells", "count"))
        side = min(0.9, 4.2 / n)
        cx, cy = -3.0, -0.15
        proto = Square(side, color=P.muted, stroke_width=1.5 if n <= 16 else 0.8, fill_opacity=0)
        cells = VGroup(*[proto.copy().shift([cx + (step - (n - 1) / 2) * side,
                                             cy + ((n - 1) / 2 - pos) * side, 0])
                         for pos in range(n) for step in range(n)])
        rows = self.text("grid.rows", size=style.LABEL_SIZE, color=P.muted)
        rows.rotate(np.pi / 2)
        # centred on the grid, or along its bottom when taller than a small grid (clear of cols)
        rows.next_to(cells, LEFT, buff=0.3,
                     aligned_edge=DOWN if rows.height > cells.height else np.zeros(3))
        cols = self.text("grid.cols", size=style.LABEL_SIZE, color=P.muted)
        cols.next_to(cells, UP, buff=0.2, aligned_edge=LEFT)
        col = SurroundingRectangle(VGroup(*[cells[p * n] for p in range(n)]), color=P.highlight,
                                   buff=0.03, stroke_width=2)
        busy, done = None, 0
        x_busy = cells.get_right()[0] + 0.9
        # each stop's play moves the column and lights cells (its own animations): the parts
        # are declared and read after each stop
        step = {"k": 0}
        live = Live(self, lambda: step["k"], over="grid_stops")
        columns = [VGroup(*[cells[p * n + c] for p in range(n)]) for c in range(n)]
        live.follow(col, lambda m, k: None, path="grid_stops[{i}]",
                    measure=lambda m: on_which(columns, m))
        live.follow(cells, lambda m, k: None, path="grid_stop_busy[{i}]",
                    measure=lambda m: sum(c.get_fill_opacity() > 0.5 for c in m))
        held = {"busy": None, "done": 0}

        def stop_at(k, stop):
            def go(rt):
                step["k"] = k
                lit = [cells[pos * n + step] for step in range(held["done"], stop + 1)
                       for pos in range(n) if v.grid_busy[pos, step]]
                held["done"] = stop + 1
                nb = self.text("grid.busy", size=style.BODY_SIZE, color=P.hidden,
                               b=Val(f"busy_after_step[{stop}]", "count"),
                               total=Val("total_cells", "count"))
                nb.move_to([x_busy, cy, 0], aligned_edge=LEFT)
                target = VGroup(*[cells[p * n + stop] for p in range(n)])
                anims = [col.animate.move_to(target),
                         *[c.animate.set_fill(P.hidden, 0.85) for c in lit]]
                busy = held["busy"]
                anims.append(FadeIn(nb) if busy is None else Transform(busy, nb))
                if busy is None:       # the busy count: the first number the sentence shows
                    live.follow(nb, lambda m, k: None, path="grid_stop_busy[{i}]", fmt="count",
                                read=lambda m: re.search(r"\d[\d,\u2009\u202f]*",
                                                         displayed(m)).group())
                    held["busy"] = nb
                live.play(*anims, run_time=rt)
            return Plays(go)

        # "rows are positions" / "columns are clock ticks" / "t waits for t - 1, so only the
        # diagonal lights up" (the clock steps through the columns) / "only b of total work"
        stops = [stop_at(k, int(s)) for k, s in enumerate(v.grid_stops)]
        self.pace([Create(cells), FadeIn(rows)], FadeIn(cols), Create(col), *stops,
             lambda: Circumscribe(held["busy"], color=P.highlight, buff=0.1), fill=0.9)
        busy = held["busy"]
        self.show("busy_cells", busy)
        lanes = VGroup(self.text("grid.lanes1", size=style.LABEL_SIZE, color=P.muted),
                       self.text("grid.lanes2", size=style.LABEL_SIZE, color=P.muted))
        lanes.arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        lanes.next_to(busy, DOWN, buff=0.5, aligned_edge=LEFT)
        # a batch: other sequences' grids, each lighting its own diagonal in the same columns
        minis = VGroup(*(cells.copy() for _ in range(3)))
        for m in minis:
            m.scale(0.28)
        minis.arrange(RIGHT, buff=0.3).next_to(busy, UP, buff=0.6, aligned_edge=LEFT)
        diag = [cells[p * n + p] for p in range(n)]
        walker = SurroundingRectangle(diag[0], color=P.highlight, buff=0.02, stroke_width=3)
        self.say("grid.lanes.say", s=Val("sequential_steps", "int"))
        # "batching lights one diagonal per sequence" / "inside one sequence still a chain: no
        # width" / "none of its s steps can be skipped" (one step after another down the chain)
        def batch():      # copies of this grid shrink into the batch's other sequences
            ghosts = [cells.copy() for _ in minis]
            self.add(*ghosts)
            return [Transform(g, m) for g, m in zip(ghosts, minis)]

        def walk(rt):     # down the chain one step at a time, none skipped
            self.play(Create(walker), run_time=rt / n)
            for c in diag[1:]:
                self.play(walker.animate.move_to(c), run_time=rt / n)

        self.pace(batch,
             FadeIn(lanes),
             Plays(walk),
             FadeOut(walker), fill=0.9)
        self.hold()
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def gru_vs_lstm(self):
        v = self.v
        self.claim("gru", gk=Val("gru_keep", "num"), gw=Val("gru_write", "num"))
        unit = 4.3
        x0 = -4.4

        def seg(a, b, y, color):
            a, b = x0 + unit * a, x0 + unit * b
            return Rectangle(width=max(b - a, 1e-3), height=0.6, fill_color=color,
                             fill_opacity=0.85, stroke_width=0).move_to([(a + b) / 2, y, 0])

        def frame(y):
            return Rectangle(width=unit * v.track_length, height=0.76, color=P.muted,
                             stroke_width=2).move_to([x0 + unit * v.track_length / 2, y, 0])

        y_g, y_l = 1.0, -1.1
        gname = self.plain("GRU", size=style.BODY_SIZE).next_to(frame(y_g), LEFT, buff=0.45)
        lname = self.plain("LSTM", size=style.BODY_SIZE).next_to(frame(y_l), LEFT, buff=0.45)
        # each cell's gates: the GRU's update z (drawn as keep) and reset r, the LSTM's f, i, o
        ggates = self.math(r"z", r",\ ", r"r", scale=0.75, color=P.muted)
        ggates[0].set_color(P.forget)
        ggates.next_to(gname, DOWN, buff=0.15)
        lgates = self.math(r"f", r",\ ", r"i", r",\ ", r"o", scale=0.75, color=P.muted)
        for j, c in ((0, P.forget), (2, P.input_gate), (4, P.output_gate)):
            lgates[j].set_color(c)
        lgates.next_to(lname, DOWN, buff=0.15)
        g_keep = seg(0, v.gru_keep, y_g, P.forget)
        g_write = seg(v.gru_keep, v.gru_total, y_g, P.input_gate)
        l_keep = seg(0, v.lstm_keep, y_l, P.forget)
        l_write = seg(v.lstm_keep, v.lstm_total, y_l, P.input_gate)
        gf, lf = frame(y_g), frame(y_l)
        track = self.text("gru.track", size=style.SMALL_SIZE, color=P.muted,
                          v=Val("track_length", "num"))
        track.next_to(gf, UP, buff=0.2, aligned_edge=RIGHT)
        gk = self.text("gru.keep", size=style.LABEL_SIZE, color=P.forget, v=Val("gru_keep", "num"))
        gw = self.text("gru.write", size=style.LABEL_SIZE, color=P.input_gate,
                       v=Val("gru_write", "num"))
        _under(gk, gw, g_keep, g_write, gf)
        lk = self.text("gru.keep", size=style.LABEL_SIZE, color=P.forget,
                       v=Val("lstm_keep", "num"))
        lw = self.text("gru.write", size=style.LABEL_SIZE, color=P.input_gate,
                       v=Val("lstm_write", "num"))
        _under(lk, lw, l_keep, l_write, lf)
        gsum = self.text("gru.total", size=style.BODY_SIZE, color=P.muted,
                         t=Val("gru_total", "num"))
        # each sum just right of its own bar (or of the track's frame, if that is longer)
        gsum.move_to([max(gf.get_right()[0], g_write.get_right()[0]) + 0.45, y_g, 0],
                     aligned_edge=LEFT)
        self.show("gru_total", gsum)
        lsum = self.text("gru.total", size=style.BODY_SIZE, color=P.muted,
                         t=Val("lstm_total", "num"))
        lsum.move_to([max(lf.get_right()[0], l_write.get_right()[0]) + 0.45, y_l, 0],
                     aligned_edge=LEFT)
        self.show("lstm_total", lsum)
        cite = self.cite_row("Cho et al. 2014")
        # "one update gate sets both" / "keep gk" / "the write must be gw"
        self.pace([FadeIn(gname), Create(gf), FadeIn(track)],
             [FadeIn(g_keep, shift=0.3 * RIGHT), FadeIn(gk)],
             [FadeIn(g_write, shift=0.3 * LEFT), FadeIn(gw)], fill=0.85)
        self.say("gru.cite.say")
        # "the GRU (Cho et al.) has two gates" / "to the LSTM's three" / "this update gate" /
        # "and a reset gate"
        self.pace([FadeIn(cite), FadeIn(ggates)], [FadeIn(lname), FadeIn(lgates)],
             Circumscribe(VGroup(ggates[0], g_keep), color=P.highlight, buff=0.08),
             Circumscribe(ggates[2], color=P.highlight, buff=0.08), fill=0.85)
        # each total against the track of 1 as it is shown: 0.6 + 0.4004 shows "1", exactly
        self.say("gru.fill", versus(self.shown_value("gru_total", "num")), gt=Val("gru_total", "num"))
        # "together they are gt" / "the whole track"
        self.pace(FadeIn(gsum, shift=0.2 * LEFT), Circumscribe(gf, color=P.highlight, buff=0.06), fill=0.85)
        self.say("lstm.sum", versus(self.shown_value("lstm_total", "num")),
                 lk=Val("lstm_keep", "num"),
                 lw=Val("lstm_write", "num"), lt=Val("lstm_total", "num"))
        # "independent gates" (its track) / "keeps lk" / "writes lw" / "lt in all" / "against
        # the whole track"
        self.pace(Create(lf), [FadeIn(l_keep, shift=0.3 * RIGHT), FadeIn(lk)],
             [FadeIn(l_write, shift=0.3 * RIGHT), FadeIn(lw)], FadeIn(lsum, shift=0.2 * LEFT),
             Circumscribe(lf, color=P.highlight, buff=0.06), fill=0.85)
        self.show("gru_keep", gk)
        self.show("gru_write", gw)
        self.show("lstm_keep", lk)
        self.show("lstm_write", lw)
        self.hold()
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def param_bars(self):
        v = self.v
        names = ("rnn", "gru", "lstm")
        f = v.param_format
        # the lecture's convention, one bias vector per gate and candidate, first; PyTorch's
        # two (b_ih, b_hh) second, both computed by mathcore
        self.claim("params", d=Val("d", "count"),
                 br=Val("param_blocks.rnn", "int"), bg=Val("param_blocks.gru", "int"),
                 bl=Val("param_blocks.lstm", "int"),
                 **{k: Val(f"param_counts_one_bias.{k}", f) for k in names})
        head = self.text("params.block", size=style.BODY_SIZE, color=P.muted)
        mats = self.math(r"= 2d^2", scale=0.8, color=P.muted,
                         reason="the block's two d-by-d matrices")
        bias = self.math(r"+ d", scale=0.8, color=P.muted)
        dval = self.text("params.d", size=style.BODY_SIZE, color=P.muted, d=Val("d", "count"))
        self.show("d", dval)
        block = VGroup(head, mats, bias, dval).arrange(RIGHT, buff=0.25).move_to([0, 2.05, 0])
        for m in (mats, bias):
            m.align_to(head, DOWN)
        layout = self.text("params.layout", size=style.LABEL_SIZE, color=P.muted,
                           nb=Val("bias_vectors", "int"))
        layout.next_to(block, DOWN, buff=0.25)
        bw, x0 = 1.7, -4.5
        colors = {"rnn": P.hidden, "gru": P.candidate, "lstm": P.cell}
        titles = {"rnn": "RNN", "gru": "GRU", "lstm": "LSTM"}
        right = x0 + bw * max(v.param_blocks.values()) + 0.35
        rows, torch = [], []
        for i, k in enumerate(names):
            y = 0.55 - 1.1 * i
            blocks = VGroup(*[Rectangle(width=bw - 0.08, height=0.7, fill_color=colors[k],
                                        fill_opacity=0.8, stroke_width=0)
                              .move_to([x0 + (j + 0.5) * bw, y, 0])
                              for j in range(v.param_blocks[k])])
            name = self.plain(titles[k], size=style.BODY_SIZE).move_to([x0 - 1.0, y, 0])
            lab = self.value(f"param_counts_one_bias.{k}", f, size=style.BODY_SIZE,
                             color=colors[k], name=f"params_{k}")
            lab.move_to([right, y + 0.17, 0], aligned_edge=LEFT)
            one = self.text("params.torch", size=style.SMALL_SIZE, color=P.muted,
                            v=Val(f"param_counts.{k}", f))
            one.move_to([right, y - 0.24, 0], aligned_edge=LEFT)
            rows.append([FadeIn(name), Create(blocks), FadeIn(lab)])
            torch.append(FadeIn(one, shift=0.2 * LEFT))
            self.show(f"params_{k}", lab)
            self.show(f"param_counts_torch_{k}", one)
        # "each gate or candidate is one block" / "two d by d matrices" / "one bias vector of
        # length d" / "at d = ..." / "RNN ..." / "GRU ..." / "LSTM ..."
        self.pace(FadeIn(head), FadeIn(mats, shift=0.2 * LEFT), FadeIn(bias, shift=0.2 * LEFT),
             FadeIn(dval), *rows, fill=0.9)
        self.say("params.say_torch", nb=Val("bias_vectors", "int"),
                 **{k: Val(f"param_counts.{k}", f) for k in names})
        # "PyTorch keeps nb bias vectors a block" / its three counts, one by one
        self.pace(FadeIn(layout, shift=0.2 * UP), *torch, fill=0.9)
        self.hold(2.0)
