"""L7 Variants and their price: the variants table, four structures' parameters, T steps of
waiting, and what the LSTM did not cure."""

from __future__ import annotations

import re

from manim import (DOWN, LEFT, RIGHT, UP, AnimationGroup, Arrow, Circumscribe, Create, FadeIn,
                   FadeOut, GrowFromEdge, Group, LaggedStart, Line, MathTex, Rectangle, Square,
                   VGroup, VMobject)

from .. import style
from ..base import LectureScene, Val
from ..baseline import on_baseline

P = style.PALETTE

PREV = {"1": "index t-1: the previous step"}

TEXT = {
    # ----- beat 1: the variants table -------------------------------------------------------
    "table": {"zh": "五个变体各改了什么，又要多少参数", "en": "Five variants: what each changes, what it costs"},
    "table.say": {
        "zh": "都按 h = {h}、d = {d} 的一层来数，每个门和候选各一个偏置向量。peephole 让三个门也看一眼 c，多出 {pe} 个对角权重；耦合门令 f = 1 − i，少一整组；双向 LSTM 正反各一个，翻倍；ConvLSTM 把每个权重换成 {k}×{k} 的卷积核，权重部分乘 {t}。",
        "en": "Each is counted as one layer at h = {h}, d = {d}, with one bias vector per gate and per candidate. The peephole lets three gates look at c: {pe} diagonal weights more. The coupled cell sets f = 1 − i and drops a whole group. The BiLSTM runs one LSTM each way: twice the count. ConvLSTM turns every weight into a {k}×{k} kernel: the weight part times {t}.",
        "fixed": {"1": "coupled gates: f = 1 - i"}},
    "table.xlstm.say": {
        "zh": "最后一行是 Beck 等人（Hochreiter 也在其中）2024 年的 xLSTM：指数门，加上一个可以并行训练的矩阵记忆 mLSTM，针对的是 LSTM 的两个弱点，不能并行和存储容量小。它的参数取决于整个模块的设计，没法和这一层直接比。",
        "en": "The last row is the xLSTM of Beck et al., Hochreiter among them, in 2024: exponential gates and a matrix memory, the mLSTM, that trains in parallel, aimed at two of the LSTM's weak points, no parallelism and a small storage capacity. Its count depends on the whole block's design, so it does not compare with one layer here.",
        "fixed": {"2024": "year of the xLSTM paper (Beck et al.)"}},
    "col.name": {"zh": "变体", "en": "variant"},
    "col.change": {"zh": "改了什么", "en": "what changes"},
    "col.params": {"zh": "参数", "en": "parameters"},
    "col.ratio": {"zh": "÷ LSTM", "en": "÷ LSTM"},
    "name.peephole": {"zh": "Peephole", "en": "Peephole"},
    "name.coupled": {"zh": "耦合遗忘-输入", "en": "coupled forget-input"},
    "name.bilstm": {"zh": "BiLSTM", "en": "BiLSTM"},
    "name.convlstm": {"zh": "ConvLSTM", "en": "ConvLSTM"},
    "name.xlstm": {"zh": "mLSTM / xLSTM", "en": "mLSTM / xLSTM"},
    "change.peephole": {"zh": "门也读 $c$：多 {n} 个权重", "en": "gates read $c$: +{n} weights"},
    "change.coupled": {"zh": "$f = 1 - i$：少一组门", "en": "$f = 1 - i$: one group fewer",
                       "fixed": {"1": "coupled gates: f = 1 - i"}},
    "change.bilstm": {"zh": "正反两个方向，要先有整段输入", "en": "both ways; whole input first"},
    "change.convlstm": {"zh": "{k}×{k} 卷积核：权重乘 {t}", "en": "{k}×{k} kernels: weights ×{t}"},
    "change.xlstm": {"zh": "矩阵记忆，指数门", "en": "matrix memory, exp. gates"},
    "count": {"zh": "{n}", "en": "{n}"},
    "ratio": {"zh": "×{r}", "en": "×{r}"},
    "xlstm.na": {"zh": "不可直接比", "en": "not comparable"},
    "xlstm.cite": {"zh": "Beck et al., 2024", "en": "Beck et al., 2024",
                   "fixed": {"2024": "citation year"}},
    # the two weak points the xLSTM aims at, in its row's count cell while they are said
    "xlstm.weak.parallel": {"zh": "不能并行", "en": "no parallelism"},
    "xlstm.weak.memory": {"zh": "存储容量小", "en": "small capacity"},
    # ----- beat 2: four structures ----------------------------------------------------------
    "four": {"zh": "同样的 $h$ 和 $d$，四种结构的参数", "en": "Four structures' parameters at the same $h$ and $d$"},
    "four.say": {
        "zh": "h = {h}、d = {d}：简单 RNN 一组权重，GRU 三组，LSTM 四组，每组带一个偏置向量；注意力这一条只数四个 d 乘 d 的方阵，不含偏置，也不含 Transformer 层里的前馈块；整层 Transformer 的账在第八节。",
        "en": "At h = {h}, d = {d}: a simple RNN has one weight group, a GRU three, an LSTM four, each with one bias vector; the attention bar counts only its four d by d matrices, no biases and not the feed-forward block of a Transformer layer; section eight counts a whole Transformer layer."},
    "bar.rnn": {"zh": "简单 RNN", "en": "simple RNN"},
    "bar.gru": {"zh": "GRU", "en": "GRU"},
    "bar.lstm": {"zh": "LSTM", "en": "LSTM"},
    "bar.attention": {"zh": "注意力 $4d^2$", "en": "attention $4d^2$",
                      "fixed": {"4": "four d x d matrices", "2": "exponent: d squared"}},
    "times_rnn": {"zh": "RNN 的 {r} 倍", "en": "{r}× the RNN"},
    # attention's 4d^2 against the RNN's h(h + d) + h: shown "1" (h = 9, d = 6 is exactly 1)
    "attention_rnn.times": {"zh": "RNN 的 {r} 倍", "en": "{r}× the RNN"},
    "attention_rnn.same": {"zh": "和 RNN 差不多", "en": "about the same as the RNN"},
    # what the attention bar leaves out, beside its count (or under its label) as it is said
    "four.ff": {"zh": "不含前馈块", "en": "no feed-forward block"},
    "four.layer": {"zh": "整层 Transformer 见第八节", "en": "a whole layer: section eight"},
    # ----- beat 3: waiting ------------------------------------------------------------------
    "wait": {"zh": "{t} 步就得等 {t} 次", "en": "{t} step{t_s} means waiting {t} time{t_s}"},
    "wait.say": {
        "zh": "LSTM 的下一个 h 要等上一个算完才能开始，读 {t} 个词就是 {t} 个接力的步骤；整段输入已知时，比如训练时，注意力层一次就把所有位置一起算出来。Vaswani 等人 2017 年正是以这种串行计算为由，在 Transformer 里去掉了循环。",
        "en": "An LSTM's next h cannot start before the previous one is done, so {t} word{t_s} are {t} step{t_s} in a relay; when the whole input is given, as in training, an attention layer computes every position at once. Vaswani et al. gave this sequential computation as their reason to drop recurrence from the Transformer in 2017.",
        "fixed": {"2017": "year of Vaswani et al."}},
    "wait.lstm": {"zh": "LSTM：一步接一步", "en": "LSTM: one step after another"},
    "wait.att": {"zh": "注意力：一步全算完", "en": "attention: all in one step"},
    "wait.lstm_n": {"zh": "等 {n} 次", "en": "{n} wait{n_s}"},
    "wait.att_n": {"zh": "等 {n} 次", "en": "{n} wait"},
    "wait.drawn.all": {"zh": "共 {n} 步", "en": "{n} step{n_s}"},
    "wait.drawn.window": {"zh": "画出前 {k} 步，共 {n} 步", "en": "first {k} of {n} step{n_s} drawn"},
    # ----- beat 4: cured? -------------------------------------------------------------------
    "cured": {"zh": "LSTM 治好了吗？", "en": "Did the LSTM cure it?"},
    "cured.say": {
        "zh": "梯度消失大幅缓解，但路径长度还是随序列变长；梯度爆炸没治，LSTM 训练时照样要裁剪梯度（Sutskever、Vinyals 和 Le 2014 年训练 LSTM 翻译模型时就裁剪了梯度范数）；并行完全没治；记忆容量固定；训练更慢，参数是同宽 RNN 的 {r} 倍，而且仍是串行。",
        "en": "Vanishing: largely eased, though the path still grows with the sequence. Exploding: not cured; LSTMs are still trained with gradient clipping (Sutskever, Vinyals and Le clipped the gradient norm of their LSTM translation model in 2014). Parallelism: not at all. Memory size: still fixed. Training: slower, {r} times the parameters of an RNN of the same width, and still serial.",
        "fixed": {"2014": "year of Sutskever, Vinyals and Le"}},
    "row.vanishing": {"zh": "梯度消失", "en": "vanishing"},
    "row.exploding": {"zh": "梯度爆炸", "en": "exploding"},
    "row.parallel": {"zh": "并行", "en": "parallelism"},
    "row.memory": {"zh": "记忆容量", "en": "memory size"},
    "row.speed": {"zh": "训练速度", "en": "training"},
    "verdict.largely": {"zh": "大幅缓解", "en": "largely"},
    "verdict.no": {"zh": "没治", "en": "no"},
    "verdict.slower": {"zh": "更慢", "en": "slower"},
    "note.vanishing": {"zh": "加法路径；路径长度仍是 $O(n)$", "en": "additive path; still $O(n)$ long"},
    "note.exploding": {"zh": "仍然需要梯度裁剪", "en": "gradient clipping still needed"},
    "note.parallel": {"zh": "$h_t$ 仍要等 $h_{{t-1}}$", "en": "$h_t$ still waits for $h_{{t-1}}$",
                      "fixed": PREV},
    "note.memory": {"zh": "$c$ 和 $h$ 大小固定", "en": "$c$ and $h$ keep a fixed size"},
    "note.speed": {"zh": "参数是 RNN 的 {r} 倍，仍是串行", "en": "{r}× the RNN's parameters, still serial"},
}


class Variants(LectureScene):
    """L7: the variants table, four structures, T steps of waiting, what was not cured."""

    SECTION_ID = "lstm-07-variants"
    BEATS = ("variants_table", "four_structures", "waiting", "cured")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def variants_table(self):
        v = self.v
        fields = dict(h=Val("h", "int"), d=Val("d", "int"), pe=Val("peephole_extra", "count"),
                      k=Val("conv_kernel", "int"), t=Val("conv_taps", "int"))
        self.claim("table", say=False, **fields)
        xs = (-6.8, -3.15, 1.8, 5.3)
        S, L = style.SMALL_SIZE, style.LABEL_SIZE
        heads = VGroup(*[self.text(k, size=L, color=P.muted).move_to([x, 1.95, 0], aligned_edge=LEFT)
                         for k, x in zip(("col.name", "col.change", "col.params", "col.ratio"), xs)])
        on_baseline(heads[0], *heads[1:])
        rule = Line([-6.9, 1.6, 0], [6.9, 1.6, 0], color=P.muted, stroke_width=1.5)
        change_fields = {"peephole": {"n": Val("peephole_extra", "count")},
                         "convlstm": {"k": Val("conv_kernel", "int"), "t": Val("conv_taps", "int")}}
        rows = {}
        for r, name in enumerate(v.variants):
            y = 1.15 - 0.72 * r     # the last row leaves room for its citation under it
            cells = [self.text(f"name.{name}", size=L, color=P.cell),
                     self.text(f"change.{name}", size=S, **change_fields.get(name, {}))]
            if name in v.variant_params:
                cells.append(self.text("count", size=L, n=Val(f"variant_params.{name}", "count")))
                cells.append(self.text("ratio", size=L, color=P.cell,
                                       r=Val(f"variant_ratio.{name}", "fmt:3")))
            else:
                cells.append(self.text("xlstm.na", size=L, color=P.muted))
                cells.append(self.text("xlstm.cite", size=S, color=P.muted))
            for c, x in zip(cells, xs):
                c.move_to([x, y, 0], aligned_edge=LEFT)
            on_baseline(cells[0], *cells[1:])      # one baseline a row, as a table is read
            if name not in v.variant_params:     # the citation under the name it dates: the
                # ratio column stays a column of ratios
                cells[3].next_to(cells[0], DOWN, buff=0.08, aligned_edge=LEFT)
            rows[name] = VGroup(*cells)
            if name in v.variant_params:
                self.show(f"{name}_params", cells[2])
                self.show(f"{name}_ratio", cells[3])
        # the count's convention (the heads), then each variant's row as the line reaches it
        self.say("table.say", **fields)
        self.pace([FadeIn(heads), Create(rule)],
                  *[FadeIn(rows[name], shift=0.1 * UP) for name in v.variants
                    if name in v.variant_params])
        # the last row: xLSTM (Beck et al., 2024), its exponential gates and matrix memory
        # (the mLSTM), the two weak points they aim at (both in grey, each lit as it is named),
        # and why its count is not comparable with one layer's
        row = rows["xlstm"]
        S = style.SMALL_SIZE
        weak = VGroup(self.text("xlstm.weak.parallel", size=S, color=P.muted),
                      self.text("xlstm.weak.memory", size=S, color=P.muted))
        # a pair on the row's centre: nearer each other than the row above, clear of the band
        weak.arrange(DOWN, buff=0.06, aligned_edge=LEFT)
        weak.move_to([xs[2], row.get_y(), 0], aligned_edge=LEFT)
        one_layer = VGroup(*[rows[name][2] for name in v.variants if name in v.variant_params])
        box, point = self.pointer()
        self.say("table.xlstm.say")
        self.cued({"zh": ("", "Beck", "2024", "指数门", "加上", "mLSTM", "两个弱点", "不能并行",
                            "存储容量", "它的参数", "没法"),
                     "en": ("", "Beck", "2024", "exponential", "a matrix memory", "the mLSTM",
                            "weak points", "no parallelism", "a small storage", "Its count",
                            "so it")},
              FadeIn(row[0], shift=0.1 * UP),
              FadeIn(row[3], shift=0.1 * UP),
              lambda: point(row[3], buff=0.06),
              lambda: [FadeIn(row[1]), point(_part(row[1], -1), buff=0.06)],
              lambda: point(_part(row[1], 0), buff=0.06),
              lambda: point(_part(row[0], 0), buff=0.06),
              lambda: [FadeOut(box["b"]), FadeIn(weak, shift=0.1 * UP)],
              lambda: weak[0].animate.set_color(P.text),
              lambda: weak[1].animate.set_color(P.text),
              [FadeOut(weak), FadeIn(row[2], shift=0.1 * UP)],
              _point(one_layer))
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def four_structures(self):
        v = self.v
        self.claim("four", h=Val("h", "int"), d=Val("d", "int"))
        colors = {"rnn": P.gradient, "gru": P.hidden, "lstm": P.cell, "attention": P.attention}
        x0, full = -2.6, 5.4
        rows, labs, nums, rels = {}, {}, {}, {}
        for k, name in enumerate(v.structures):
            y = 1.8 - 1.1 * k
            lab = self.text(f"bar.{name}", size=style.BODY_SIZE, color=colors[name])
            lab.move_to([-6.8, y + 0.12, 0], aligned_edge=LEFT)
            w = max(full * float(v.structure_share[k]), 0.02)
            bar = Rectangle(width=w, height=0.55, stroke_width=0, fill_color=colors[name],
                            fill_opacity=0.85).move_to([x0 + w / 2, y + 0.12, 0])
            num = self.value(f"structure_params.{name}", "count", size=style.LABEL_SIZE,
                             color=colors[name])
            num.next_to(bar, RIGHT, buff=0.2)
            row = [FadeIn(lab), GrowFromEdge(bar, LEFT), FadeIn(num)]
            self.show(f"{name}_count", num)
            if name != "rnn":
                r = Val(f"{name}_over_rnn", "ratio")
                if name == "attention":     # the only one whose ratio can read "1"
                    same = self.shown_value(r.path, "ratio") == 1.0
                    rel = self.text("attention_rnn", variant="same" if same else "times",
                                    size=style.SMALL_SIZE, color=P.muted, r=r)
                else:
                    rel = self.text("times_rnn", size=style.SMALL_SIZE, color=P.muted, r=r)
                rel.next_to(bar, DOWN, buff=0.08).align_to(bar, LEFT)
                row.append(FadeIn(rel))
                self.show(f"{name}_over_rnn", rel)
                rels[name] = rel
            rows[name], labs[name], nums[name] = row, lab, num
        # what the attention bar leaves out, and where the whole layer is counted: right of
        # its count and ratio, or, when a long bar leaves no room there, under its label (left
        # of where any bar starts), smaller
        notes = VGroup(self.text("four.ff", size=style.LABEL_SIZE, color=P.muted),
                       self.text("four.layer", size=style.LABEL_SIZE, color=P.muted))
        notes.arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        taken = max(nums["attention"].get_right()[0], rels["attention"].get_right()[0])
        notes.move_to([taken + 0.45, 0, 0], aligned_edge=LEFT).align_to(nums["attention"], UP)
        if notes.get_right()[0] > 6.9:
            notes = VGroup(self.text("four.ff", size=style.SMALL_SIZE, color=P.muted),
                           self.text("four.layer", size=style.SMALL_SIZE, color=P.muted))
            notes.arrange(DOWN, buff=0.06, aligned_edge=LEFT)
            notes.next_to(labs["attention"], DOWN, buff=0.08, aligned_edge=LEFT)
        ff, layer = notes
        hd = [m for m in self._claim.submobjects if isinstance(m, MathTex)] or [self._claim]
        four = [m for m in labs["attention"].submobjects if isinstance(m, MathTex)]
        # as the line names them: h and d (the claim's); one bar per structure; one bias per
        # group (the three counts); attention's bar, its four d x d matrices (4d^2), no biases
        # (its count), no feed-forward block, the whole layer in section eight
        self.cued({"zh": ("", "简单 RNN", "GRU", "LSTM", "每组", "注意力", "四个 d", "不含偏置",
                            "也不含", "整层"),
                     "en": ("", "a simple RNN", "a GRU", "an LSTM", "each with", "the attention",
                            "four d by d", "no biases", "not the feed-forward", "section eight")},
              [_point(m) for m in hd],
              rows["rnn"], rows["gru"], rows["lstm"],
              [_point(nums[name]) for name in ("rnn", "gru", "lstm")],
              rows["attention"],
              _point(four[0] if four else labs["attention"]),
              _point(nums["attention"]),
              FadeIn(ff, shift=0.1 * UP),
              FadeIn(layer, shift=0.1 * UP))
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def waiting(self):
        v = self.v
        self.claim("wait", say=False, t=Val("steps", "int"))
        n = int(v.drawn_steps)
        pitch = min(1.4, 12.6 / max(n, 1))
        side = 0.7 * pitch
        lstm_row = VGroup(*[Square(side, color=P.cell, stroke_width=2, fill_color=P.cell,
                                   fill_opacity=0.0).move_to([self.slot_x(t, n, pitch), 1.0, 0])
                            for t in range(n)])
        links = VGroup(*[Arrow(lstm_row[t].get_right(), lstm_row[t + 1].get_left(), buff=0.02,
                               color=P.muted, stroke_width=2, max_tip_length_to_length_ratio=0.5)
                         for t in range(n - 1)])
        att_row = VGroup(*[Square(side, color=P.attention, stroke_width=2, fill_color=P.attention,
                                  fill_opacity=0.0).move_to([self.slot_x(t, n, pitch), -1.0, 0])
                           for t in range(n)])
        ll = self.text("wait.lstm", size=style.LABEL_SIZE, color=P.cell)
        ll.move_to([-6.3, 1.85, 0], aligned_edge=LEFT)
        al = self.text("wait.att", size=style.LABEL_SIZE, color=P.attention)
        al.move_to([-6.3, -0.15, 0], aligned_edge=LEFT)
        ln = self.text("wait.lstm_n", size=style.BODY_SIZE, color=P.cell, n=Val("lstm_waits", "int"))
        ln.move_to([6.3, 0.15, 0], aligned_edge=RIGHT)
        an = self.text("wait.att_n", size=style.BODY_SIZE, color=P.attention,
                       n=Val("attention_waits", "int"))
        an.move_to([6.3, -1.85, 0], aligned_edge=RIGHT)
        drawn = self.text("wait.drawn", variant=v.all_drawn, size=style.SMALL_SIZE, color=P.muted,
                          k=Val("drawn_steps", "int"), n=Val("steps", "int"))
        drawn.move_to([0, -2.1, 0])
        self.show("lstm_waits", ln)
        self.show("attention_waits", an)
        self.say("wait.say", t=Val("steps", "int"))
        # the next h waits for the previous one: the chain; t steps in a relay: the steps
        # filled one after another, then the count; attention: every position at once, its
        # count; Vaswani et al.'s reason: the recurrent links pointed at
        self.pace([FadeIn(lstm_row), FadeIn(links), FadeIn(ll)],
                  LaggedStart(*[s.animate.set_fill(opacity=0.7) for s in lstm_row],
                              lag_ratio=1.0),
                  [FadeIn(ln), FadeIn(drawn)],
                  [FadeIn(att_row), FadeIn(al)],
                  [AnimationGroup(*[s.animate.set_fill(opacity=0.7) for s in att_row]),
                   FadeIn(an)],
                  _point(links))
        self.hold(1.5)
        _drop_groups(self)
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def cured(self):
        v = self.v
        self.claim("cured", r=Val("rnn_ratio", "ratio"))
        good = {"largely": P.forget, "no": P.exploded, "slower": P.exploded}
        steps = []
        for k, (row, verdict) in enumerate(zip(v.cure_rows, v.cure_verdicts)):
            y = 1.7 - 0.95 * k
            name = self.text(f"row.{row}", size=style.BODY_SIZE)
            ver = self.text(f"verdict.{verdict}", size=style.BODY_SIZE, color=good[verdict])
            fields = {"r": Val("rnn_ratio", "ratio")} if row == "speed" else {}
            note = self.text(f"note.{row}", size=style.LABEL_SIZE, color=P.muted, **fields)
            name.move_to([-6.6, y, 0], aligned_edge=LEFT)
            ver.move_to([-3.4, y, 0], aligned_edge=LEFT)
            note.move_to([-1.2, y, 0], aligned_edge=LEFT)
            # the row as the line reaches it: the question, then its verdict and note
            steps.append(LaggedStart(FadeIn(name), FadeIn(ver), FadeIn(note), lag_ratio=0.4))
            if row == "speed":
                self.show("speed_note", note)
        self.pace(*steps)
        self.hold(1.5)


def _point(mob):
    """Point at ``mob`` as the words name it: a frame drawn round it and faded."""
    return Circumscribe(mob, color=P.highlight, fade_out=True, buff=0.08, stroke_width=3)


def _part(text, k: int):
    """The glyphs of the ``k``-th piece of a one-piece lecture-font ``text`` cut at its commas
    or slashes ("matrix memory, exp. gates"; "mLSTM / xLSTM"), for a pointer on one of them
    (the whole text if its glyphs do not map one to one onto its characters)."""
    chars = text.text   # Manim's string of the drawn characters: no spaces
    pieces = re.split(r"[，,/]", chars)
    if len(text.submobjects) != len(chars) or len(pieces) < 2:
        return text
    k = k % len(pieces)
    start = sum(len(piece) + 1 for piece in pieces[:k])
    return text[start:start + len(pieces[k])]



def _drop_groups(scene):
    """Take off the stage the plain groups a play of grouped animations (``LaggedStart`` of
    ``.animate``) left there: ``clear_stage`` fades only vector mobjects, and such a group
    would keep drawing its members after they are faded out."""
    scene.remove(*[m for m in scene.mobjects if isinstance(m, Group) and
                   not isinstance(m, VMobject)])
