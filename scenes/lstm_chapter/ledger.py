"""L8 The chapter's ledger: shapes through the fused matrix, the parameter count, GNMT's stack,
what was paid and bought, the takeaways."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Circumscribe, Create, FadeIn, FadeOut,
                   GrowFromEdge, Indicate, LaggedStart, MathTex, Rectangle, RoundedRectangle, SurroundingRectangle, Transform,
                   VGroup)

from mathcore.lstm_chapter.ledger import CLOSE_FACTOR

from .. import style
from ..base import LectureScene, Val

P = style.PALETTE

PREV = {"1": "index t-1: the previous step"}
FOUR = {"4": "four gate groups (i, f, g, o)"}
GATE_COLORS = ("input_gate", "forget", "candidate", "output_gate")

TEXT = {
    # ----- beat 1: shapes -------------------------------------------------------------------
    "shapes": {"zh": "一步 LSTM 就是一次大矩阵乘法，再切成四份",
               "en": "One LSTM step is one big matrix product, cut into four"},
    "shapes.say": {
        "zh": "每一步把上一步的 h（宽 {h}）和这一步的输入 x（宽 {d}）拼成一行宽 {hd} 的向量，乘一个 {hd} 行、{g} 列的矩阵，得到宽 {g} 的结果，切成四份：三份过 sigmoid 当门，一份过 tanh 当候选。",
        "en": "Each step joins the previous h (width {h}) and this step's input x (width {d}) into one row of width {hd}, multiplies it by a matrix with {hd} rows and {g} column{g_s}, and cuts the result of width {g} into four: three go through a sigmoid as gates, one through tanh as the candidate."},
    "shapes.c": {
        "zh": "c 和 h 形状相同、路径不同：c 只做逐元素乘法和加法，从不经过 tanh；tanh 只在读出 h 时出现。这就是传送带在代码里的样子。",
        "en": "c and h have the same shape but different paths: c only meets elementwise products and a sum and never passes a tanh; tanh appears only when h is read out. That is the conveyor, in code."},
    "shape.h": {"zh": "$h_{{t-1}}$  [batch × {n}]", "en": "$h_{{t-1}}$  [batch × {n}]",
                "fixed": PREV},
    "shape.x": {"zh": "$x_t$  [batch × {n}]", "en": "$x_t$  [batch × {n}]"},
    "shape.cat": {"zh": "拼接 [batch × {n}]", "en": "joined [batch × {n}]"},
    "shape.w": {"zh": "$W$  [{a} × {b}]", "en": "$W$  [{a} × {b}]"},
    "shape.z": {"zh": "[batch × {n}]", "en": "[batch × {n}]"},
    "shape.cut": {"zh": "切成四份", "en": "cut in four"},
    "shape.gate": {"zh": "每份 [batch × {n}]", "en": "each [batch × {n}]"},
    "shapes.note": {"zh": "$c$ 从不经过 $\\tanh$：只有 $\\odot$ 和 $+$",
                    "en": "$c$ never passes a $\\tanh$: only $\\odot$ and $+$"},
    # ----- beat 2: the ledger ---------------------------------------------------------------
    "ledger": {"zh": "一层的参数账：$4h(h+d) + 4h$",
               "en": "One layer's bill: $4h(h+d) + 4h$", "fixed": FOUR},
    "ledger.say": {
        "zh": "四组（三个门和候选）各有一个 {h} 乘 {hd} 的权重矩阵，再各带一个长 {h} 的偏置。h = {h}、d = {d} 时一共 {n} 个参数，约 {m}。",
        "en": "Each of the four groups, three gates and the candidate, has a weight matrix of {h} by {hd} and a bias of length {h}. At h = {h}, d = {d} that makes {n} parameters, about {m}.",
        "fixed": {"4": "four gate groups"}},
    "ledger.rnn.say": {
        "zh": "同样宽度的简单 RNN 只有一组：{rnn} 个。LSTM 是它的 {r} 倍，因为它有四组。作为对照，一整层宽 d 的 Transformer 有 {tf} 个：注意力的 Q、K、V、O 四个方阵（{att} 个权重），一个宽度是 d 的 {f} 倍的前馈块，加上它们的偏置和两个层归一化。",
        "en": "A simple RNN of the same width has one group: {rnn}. The LSTM is {r} times that, because it has four groups. For comparison, a whole Transformer layer of width d holds {tf}: attention's four square matrices Q, K, V, O ({att} weights), a feed-forward block {f} times as wide as d, their biases and two layer norms."},
    "bar.rnn": {"zh": "简单 RNN", "en": "simple RNN"},
    "bar.lstm": {"zh": "LSTM", "en": "LSTM"},
    "bar.transformer": {"zh": "Transformer 层", "en": "Transformer layer"},
    "ledger.rnn": {"zh": "LSTM 是同宽 RNN 的 {r} 倍", "en": "the LSTM is {r}× the RNN of its width"},
    # against a whole Transformer layer of width d (attention and feed-forward block)
    "ledger.layer.more": {"zh": "LSTM 约是一层 Transformer 的 {r} 倍",
                          "en": "the LSTM is about {r}× a Transformer layer"},
    "ledger.layer.less": {"zh": "一层 Transformer 约是 LSTM 的 {r} 倍",
                          "en": "a Transformer layer is about {r}× the LSTM"},
    "ledger.layer.close": {"zh": "LSTM 和一层 Transformer 差不多大（{r} 倍）",
                           "en": "the LSTM and a Transformer layer are about the same ({r}×)"},
    "ledger.bias": {
        "zh": "账本每个门和候选只算一个偏置（{b} 个）；PyTorch 存两个，共 {t}",
        "en": "one bias per gate and per candidate ({b}); PyTorch keeps two: {t}"},
    "ledger.bias.say": {
        "zh": "这里的账每个门和候选只算一个偏置向量。PyTorch 的 nn.LSTM 存 b_ih 和 b_hh 两个，多出 {b} 个，合计 {t}。",
        "en": "This ledger counts one bias vector per gate and per candidate. PyTorch's nn.LSTM stores two, b_ih and b_hh: {b} more, {t} in all."},
    # ----- beat 3: GNMT ---------------------------------------------------------------------
    "gnmt": {"zh": "真实规模：GNMT 堆了 {n} 层 LSTM", "en": "At real scale: GNMT stacked {n} LSTM layers"},
    "gnmt.say": {
        "zh": "2016 年谷歌的 GNMT 翻译系统，编码器 {e} 层、解码器 {dd} 层，每层宽 {w}。按同一本账把每层当作普通 LSTM 层来数，一层 {one}，{n} 层约 {m}，不算词表和注意力。",
        "en": "Google's GNMT translation system of 2016 had {e} encoder and {dd} decoder layer{dd_s}, each {w} wide. Counted by the same ledger as plain LSTM layers, one holds {one}; {n} layer{n_s} about {m}, vocabulary and attention not counted.",
        "fixed": {"2016": "year of the GNMT paper"}},
    "gnmt.train.say": {
        "zh": "论文报告的训练用了 96 块 K80 GPU，跑了大约 6 天；而这些层每一层都还要沿着句子一步一步地算。",
        "en": "The paper reports training on 96 K80 GPUs for about 6 days, and every one of those layers still runs step by step along the sentence.",
        "fixed": {"96": "cited fact (Wu et al. 2016): GPU count", "80": "GPU model name K80",
                  "6": "cited fact (Wu et al. 2016): training days"}},
    "gnmt.enc": {"zh": "编码器 ×{n}", "en": "encoder ×{n}"},
    "gnmt.dec": {"zh": "解码器 ×{n}", "en": "decoder ×{n}"},
    "gnmt.width": {"zh": "每层 $h$ = $d$ = {w}", "en": "each layer $h$ = $d$ = {w}"},
    "gnmt.one": {"zh": "一层：{n}", "en": "one layer: {n}"},
    "gnmt.all": {"zh": "{k} 层：{n}（约 {m}）", "en": "{k} layer{k_s}: {n} (about {m})"},
    "gnmt.mine": {"zh": "{k} 层的堆叠，$h$ = {h}，$d$ = {d}：{n}",
                  "en": "a stack of {k} layer{k_s}, $h$ = {h}, $d$ = {d}: {n}"},
    # ----- beat 4: the trade ----------------------------------------------------------------
    "trade": {"zh": "付出了什么，换来了什么", "en": "What it paid, what it bought"},
    "trade.say": {
        "zh": "付出的：{r} 倍的参数和更复杂的结构；RNN 的两个大问题，不能并行、记忆容量固定，一个也没解决。换来的：沿 c 的直接路径回传时，梯度每步只乘一个遗忘门，衰减多快由学到的门决定，而不是注定的。",
        "en": "Paid: {r} times the parameters and a more complex structure; the RNN's two big problems, no parallelism and a fixed memory size, are both still there. Bought: on the direct path back along c the gradient is multiplied by one forget gate a step, so how fast it decays is set by learned gates instead of being forced."},
    "trade.state.say": {
        "zh": "还有一个意外的好处：推理时每层每条序列只需带着 c 和 h 共 {s} 个数往下走，和句子多长无关，不需要 KV cache。",
        "en": "A bonus: at inference each layer carries only c and h, {s} number{s_s} per sequence, however long the text is; there is no KV cache."},
    "paid": {"zh": "付出", "en": "paid"},
    "bought": {"zh": "换来", "en": "bought"},
    "paid.params": {"zh": "参数：同宽 RNN 的 {r} 倍", "en": "parameters: {r}× the RNN"},
    "paid.simple": {"zh": "结构：三个门加 $g$，两条状态", "en": "structure: three gates, $g$, two states"},
    "paid.parallel": {"zh": "并行：仍然不能", "en": "parallelism: still none"},
    "paid.memory": {"zh": "记忆容量：仍然固定", "en": "memory size: still fixed"},
    "bought.path": {"zh": "回传路径：$\\partial c_t / \\partial c_{{t-1}} = f_t$",
                    "en": "way back: $\\partial c_t / \\partial c_{{t-1}} = f_t$", "fixed": PREV},
    "bought.decay": {"zh": "衰减：可以学着控制", "en": "decay: learned, not forced"},
    "bought.state": {"zh": "推理状态：每层 {s} 个数", "en": "state: {s} per layer"},
    "bought.kv": {"zh": "不需要 KV cache", "en": "no KV cache"},
    # ----- beat 5: takeaways ----------------------------------------------------------------
    "take": {"zh": "这一章的四句话", "en": "The chapter in four lines", "fixed": {"4": "four takeaways"}},
    "take.say": {
        "zh": "它背后有两条假设：旧的记忆会渐渐不再有用，而该丢掉多少可以从当前输入和状态判断出来；保留和写入应当分开学。第二条并非必要：在 Greff 等人 2017 年的对比里，耦合的 f = 1 − i 效果差不多，GRU 的更新门也是这样把两者耦合在一起的。",
        "en": "Two assumptions sit underneath: memory loses value over time, at a rate that can be read from the input and the state; and keeping and writing should be learned separately. The second is not essential: in the comparison by Greff et al. in 2017 the coupled f = 1 − i did about as well, and the GRU's update gate couples the two the same way.",
        "fixed": {"1": "coupled gates: f = 1 - i", "2017": "year of Greff et al."}},
    "take.intuition.say": {
        "zh": "几处反直觉：遗忘门名叫遗忘，做的却是保留：f = 1 时 c 原样传下去，小于 1 才会忘；它是 Gers、Schmidhuber 和 Cummins 在 2000 年加上的，为的是让细胞能清空自己。记得更久靠的是一串 f 的乘积接近 1，不是更大的盒子。2024 年，Beck 等人的 xLSTM 用指数门和矩阵记忆把门控循环网络又做大了。",
        "en": "Against intuition: the forget gate, despite its name, keeps: at f = 1 it passes c on whole, and only below 1 does it forget; Gers, Schmidhuber and Cummins added it in 2000 so that a cell could reset itself. Longer memory comes from a product of f's near 1, not from a bigger box. In 2024 the xLSTM of Beck et al. scaled gated recurrence up again, with exponential gates and a matrix memory.",
        "fixed": {"1": "a forget gate fully open", "2000": "year of Gers, Schmidhuber & Cummins",
                  "2024": "year of the xLSTM paper (Beck et al.)"}},
    "take.coupled": {"zh": "耦合 $f = 1 - i$ 也行（Greff 等，2017）",
                     "en": "coupled, $f = 1 - i$, works too (Greff et al. 2017)",
                     "fixed": {"1": "coupled gates: f = 1 - i", "2017": "year of Greff et al."}},
    "take.conveyor": {"zh": "一条不打岔的传送带，加三个阀门", "en": "a conveyor that is left alone, plus three valves"},
    "take.gradient": {"zh": "这个加法让梯度穿过很多步", "en": "this sum lets the gradient through many steps"},
    "take.gru": {"zh": "GRU：两个门、一条状态，参数是 LSTM 的 {r}",
                 "en": "GRU: two gates, one state, {r} of the LSTM's parameters"},
    "take.next": {"zh": "没治好的串行和定长记忆，交给注意力",
                  "en": "what stays serial and fixed-size goes to attention"},
}


class Ledger(LectureScene):
    """L8: shapes, the parameter ledger, GNMT, paid and bought, takeaways."""

    SECTION_ID = "lstm-08-ledger"
    BEATS = ("shapes", "ledger", "gnmt", "trade", "takeaways")
    TEXT = TEXT

    def box(self, w, h, color, opacity=0.35):
        return Rectangle(width=w, height=h, color=color, stroke_width=2.5, fill_color=color,
                         fill_opacity=opacity)

    # ----- beat 1 -------------------------------------------------------------------------
    def shapes(self):
        v = self.v
        self.claim("shapes", h=Val("h", "count"), d=Val("d", "count"), hd=Val("concat", "count"),
                   g=Val("gates_width", "count"))
        L = style.LABEL_SIZE
        hb = self.box(1.8, 0.55, P.hidden).move_to([-5.3, 1.75, 0])
        xb = self.box(1.8, 0.55, P.token).move_to([-5.3, 0.35, 0])
        hl = self.text("shape.h", size=L, color=P.hidden, n=Val("h", "count"))
        xl = self.text("shape.x", size=L, color=P.token, n=Val("d", "count"))
        hl.next_to(hb, DOWN, buff=0.15)
        xl.next_to(xb, DOWN, buff=0.15)
        # the concatenated row: hidden part and input part, widths in proportion h : d
        cw, share = 2.6, float(v.concat_share)
        cat_h = self.box(max(cw * share, 0.08), 0.55, P.hidden)
        cat_x = self.box(max(cw * (1 - share), 0.08), 0.55, P.token)
        cat = VGroup(cat_h, cat_x).arrange(RIGHT, buff=0).move_to([-1.55, 1.05, 0])
        # above the row: under it, x_t's arrow crossed it and it ran into W
        cl = self.text("shape.cat", size=L, n=Val("concat", "count")).next_to(cat, UP, buff=0.15)
        # both inputs feed the joined row: h_{t-1} into its first part, x_t into its second
        a1 = Arrow(hl.get_right() + 0.15 * RIGHT, cat.get_left() + 0.12 * UP, color=P.muted,
                   buff=0, stroke_width=4)
        a2 = Arrow(xl.get_right() + 0.15 * RIGHT, cat.get_left() + 0.12 * DOWN, color=P.muted,
                   buff=0, stroke_width=4)
        w = self.box(1.5, 1.5, P.muted, opacity=0.2).move_to([1.35, 1.05, 0])
        times = self.math(r"\times").next_to(w, LEFT, buff=0.2)
        wl = self.text("shape.w", size=L, a=Val("concat", "count"), b=Val("gates_width", "count"))
        wl.next_to(w, DOWN, buff=0.15)
        segs = VGroup(*[self.box(0.7, 0.55, getattr(P, c), opacity=0.6) for c in GATE_COLORS])
        segs.arrange(RIGHT, buff=0).move_to([4.95, 1.05, 0])
        eq = self.math("=").move_to([2.75, 1.05, 0])
        zl = self.text("shape.z", size=L, n=Val("gates_width", "count")).next_to(segs, DOWN, buff=0.15)
        split = segs.copy().arrange(RIGHT, buff=0.25).move_to([4.95, 1.05, 0])
        acts = VGroup(*[self.math(t, scale=0.65, color=getattr(P, c)).next_to(s, UP, buff=0.12)
                        for t, s, c in zip((r"\sigma", r"\sigma", r"\tanh", r"\sigma"), split,
                                           GATE_COLORS)])
        names = VGroup(*[self.math(t, scale=0.7).move_to(s)
                         for t, s in zip(("i", "f", "g", "o"), split)])
        # two short lines under the result, inside the frame's right margin
        gl = VGroup(self.text("shape.cut", size=style.SMALL_SIZE, color=P.muted),
                    self.text("shape.gate", size=style.SMALL_SIZE, color=P.muted,
                              n=Val("h", "count"))).arrange(DOWN, buff=0.08)
        gl.next_to(zl, DOWN, buff=0.12)
        # the claim's line, in its order: h, x, the joined row, the matrix, the result, the
        # four parts with their nonlinearities
        self.pace([FadeIn(hb), FadeIn(hl)],
                  [FadeIn(xb), FadeIn(xl)],
                  [Create(a1), Create(a2), hb.animate.become(cat_h), xb.animate.become(cat_x),
                   FadeIn(cl)],
                  [FadeIn(w), FadeIn(times), FadeIn(wl)],
                  [FadeIn(eq), GrowFromEdge(segs, LEFT), FadeIn(zl)],
                  [Transform(segs, split), FadeIn(acts), FadeIn(names), FadeIn(gl)])
        # the two updates
        c_eq = self.math(r"c_t", r"\leftarrow", r"f", r"\odot", r"c_{t-1}", "+", "i", r"\odot",
                         "g", reason="index t-1: the previous step")
        for k, c in ((0, P.cell), (2, P.forget), (4, P.cell), (6, P.input_gate), (8, P.candidate)):
            c_eq[k].set_color(c)
        h_eq = self.math(r"h_t", r"\leftarrow", "o", r"\odot", r"\tanh", "(", "c_t", ")")
        for k, c in ((0, P.hidden), (2, P.output_gate), (6, P.cell)):
            h_eq[k].set_color(c)
        eqs = VGroup(c_eq, h_eq).arrange(DOWN, buff=0.35, aligned_edge=LEFT).move_to([0, -1.0, 0])
        ring = SurroundingRectangle(c_eq, color=P.cell, buff=0.12)
        note = self.text("shapes.note", color=P.cell).move_to([0, -2.05, 0])
        # c and h: same shape, two paths; c only products and a sum; tanh only on the way
        # out to h; the conveyor
        self.line("shapes.c", FadeIn(eqs), Create(ring), _point(h_eq[4]), FadeIn(note))
        self.show("concat", cl)
        self.show("matrix", wl)
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def _layer_cmp(self) -> str:
        """mathcore's comparison, except that a ratio within the band that shows as its edge
        (1.0497 as "1.05") is "more": the words agree with the digits."""
        cmp = self.v.layer_cmp
        if cmp == "close" and self.shown_value("layer_ratio", "ratio") >= CLOSE_FACTOR:
            return "more"
        return cmp

    def ledger(self):
        v = self.v
        self.claim("ledger", h=Val("h", "count"), d=Val("d", "count"), hd=Val("concat", "count"),
                   n=Val("params.lstm", "count"), m=Val("params.lstm", "millions"))
        colors = {"rnn": P.gradient, "lstm": P.cell, "transformer": P.attention}
        x0, full, ys = -2.6, 5.6, (1.85, 1.05, 0.25)
        rows = {}
        for k, (name, y) in enumerate(zip(v.bar_names, ys)):
            lab = self.text(f"bar.{name}", size=style.BODY_SIZE, color=colors[name])
            lab.move_to([-6.8, y, 0], aligned_edge=LEFT)
            w = max(full * float(v.bar_share[k]), 0.02)
            bar = Rectangle(width=w, height=0.55, stroke_width=0, fill_color=colors[name],
                            fill_opacity=0.85).move_to([x0 + w / 2, y, 0])
            num = self.value(f"params.{name}", "count", size=style.BODY_SIZE, color=colors[name])
            num.next_to(bar, RIGHT, buff=0.2)
            rows[name] = (lab, bar, num)
            self.show(f"{name}_count", num)

        def grow(name):
            lab, bar, num = rows[name]
            return [FadeIn(lab), GrowFromEdge(bar, LEFT), FadeIn(num, shift=0.1 * LEFT)]

        r1 = self.text("ledger.rnn", color=P.cell, r=Val("rnn_ratio", "ratio"))
        # "about the same" unless the ratio as shown reaches the band's edge (1.0497 shows
        # "1.05", which is more)
        r2 = self.text("ledger.layer", variant=self._layer_cmp(), color=P.attention,
                       r=Val("layer_ratio", "ratio"))
        bias = self.text("ledger.bias", size=style.LABEL_SIZE, color=P.muted,
                         b=Val("second_bias", "count"), t=Val("torch_lstm", "count"))
        VGroup(r1, r2, bias).arrange(DOWN, buff=0.28, aligned_edge=LEFT).move_to([0, -1.2, 0])
        # four groups (the LSTM's bar built as four quarters, one per gate and the candidate),
        # each a weight matrix and a bias (the claim's two terms); their sum, the count
        lab, bar, num = rows["lstm"]
        quarters = VGroup(*[Rectangle(width=bar.width / 4, height=bar.height, stroke_width=0,
                                      fill_color=getattr(P, c), fill_opacity=0.85)
                            for c in GATE_COLORS]).arrange(RIGHT, buff=0).move_to(bar)
        formula = next(m for m in self._claim if isinstance(m, MathTex))[0]
        self.pace([FadeIn(lab), LaggedStart(*[GrowFromEdge(q, LEFT) for q in quarters],
                                            lag_ratio=0.8)],
                  _point(formula[:7]), _point(formula[7:]), FadeIn(num, shift=0.1 * LEFT),
                  _point(num))
        # the Transformer layer's bar in two parts: attention's four square matrices, then the
        # rest (the feed-forward block, biases, norms)
        t_lab, t_bar, t_num = rows["transformer"]
        att = t_bar.width * v.params["attention"] / v.params["transformer"]
        t_parts = VGroup(Rectangle(width=att, height=t_bar.height, stroke_width=0,
                                   fill_color=P.attention, fill_opacity=0.85),
                         Rectangle(width=t_bar.width - att, height=t_bar.height, stroke_width=0,
                                   fill_color=P.attention, fill_opacity=0.45))
        t_parts.arrange(RIGHT, buff=0).move_to(t_bar)
        # the RNN of the same width, its count; the ratio, four groups against one; a whole
        # Transformer layer: its attention matrices, its feed-forward block, the comparison
        self.line("ledger.rnn.say", grow("rnn"), _point(rows["rnn"][2]),
                  [FadeIn(r1, shift=0.1 * UP),
                   LaggedStart(*[Indicate(q, scale_factor=1.0) for q in quarters],
                               lag_ratio=0.5)],
                  [FadeIn(t_lab), GrowFromEdge(t_parts[0], LEFT)],
                  [GrowFromEdge(t_parts[1], LEFT), FadeIn(t_num, shift=0.1 * LEFT)],
                  _point(t_parts[0]), _point(t_parts[1]), FadeIn(r2, shift=0.1 * UP),
                  rnn=Val("params.rnn", "count"), r=Val("rnn_ratio", "ratio"),
                  tf=Val("params.transformer", "count"), att=Val("params.attention", "count"),
                  f=Val("ffn_mult", "int"))
        # one bias per group here, two in PyTorch
        # one bias per group here (the claim's last term), two in PyTorch: the count with both
        self.line("ledger.bias.say", _point(formula[7:]), FadeIn(bias, shift=0.1 * UP),
                  _point(bias), _point(rows["lstm"][2]),
                  b=Val("second_bias", "count"), t=Val("torch_lstm", "count"))
        self.show("rnn_ratio", r1)
        self.show("layer_ratio", r2)
        self.show("bias_convention", bias)
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def gnmt(self):
        v = self.v
        self.claim("gnmt", e=Val("gnmt_encoder", "int"), dd=Val("gnmt_decoder", "int"),
                   w=Val("gnmt_hidden", "count"), one=Val("gnmt_layer", "count"),
                   n=Val("gnmt_layers", "int"), m=Val("gnmt_params", "millions"))
        cols = VGroup()
        for k, (count, key, x) in enumerate(((v.gnmt_encoder, "gnmt.enc", -5.3),
                                             (v.gnmt_decoder, "gnmt.dec", -2.9))):
            blocks = VGroup(*[RoundedRectangle(corner_radius=0.06, width=1.9, height=0.26,
                                               color=P.cell, stroke_width=2, fill_color=P.cell,
                                               fill_opacity=0.35) for _ in range(int(count))])
            blocks.arrange(UP, buff=0.07).move_to([x, 0.3, 0])
            head = self.text(key, size=style.LABEL_SIZE, color=P.cell,
                             n=Val("gnmt_encoder" if k == 0 else "gnmt_decoder", "int"))
            head.next_to(blocks, UP, buff=0.18)
            cols.add(VGroup(blocks, head))
        width = self.text("gnmt.width", size=style.LABEL_SIZE, color=P.muted,
                          w=Val("gnmt_hidden", "count"))
        width.next_to(cols, DOWN, buff=0.25)
        one = self.text("gnmt.one", size=style.BODY_SIZE, n=Val("gnmt_layer", "count"))
        total = self.text("gnmt.all", size=style.BODY_SIZE, color=P.cell,
                          k=Val("gnmt_layers", "int"), n=Val("gnmt_params", "count"),
                          m=Val("gnmt_params", "millions"))
        train = self.label("96 × K80 GPU, ≈ 6 days" if self.lang == "en" else "96 块 K80 GPU，约 6 天",
                           "cited fact (Wu et al. 2016): GPUs and training days",
                           size=style.BODY_SIZE, color=P.text)
        cite = self.label("Wu et al., 2016 (GNMT)", "citation year", size=style.SMALL_SIZE,
                          color=P.muted)
        right = VGroup(one, total, train, cite).arrange(DOWN, buff=0.35, aligned_edge=LEFT)
        right.move_to([-1.2, 0.65, 0], aligned_edge=LEFT)
        mine = self.text("gnmt.mine", size=style.LABEL_SIZE, color=P.muted,
                         k=Val("layers", "int"), h=Val("h", "count"), d=Val("d", "count"),
                         n=Val("stack_params", "count"))
        mine.move_to([0, -2.05, 0])
        # the encoder's and the decoder's layers as they are counted, their width, one
        # layer's count, the whole stack's (and the stack at this section's h and d)
        self.pace([*[FadeIn(c[1]) for c in cols], *[GrowFromEdge(c[0], DOWN) for c in cols]],
                  FadeIn(width),
                  FadeIn(one, shift=0.1 * UP),
                  [FadeIn(total, shift=0.1 * UP), FadeIn(mine)])
        # the training the paper reports; every layer still steps along the sentence
        self.line("gnmt.train.say", [FadeIn(train), FadeIn(cite)],
                  LaggedStart(*[_point(c[0]) for c in cols], lag_ratio=0.5))
        self.show("gnmt_layer", one)
        self.show("gnmt_total", total)
        self.show("stack", mine)
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def trade(self):
        self.claim("trade", r=Val("rnn_ratio", "ratio"))
        B = 26
        paid_h = self.text("paid", size=style.TITLE_SIZE, color=P.exploded)
        bought_h = self.text("bought", size=style.TITLE_SIZE, color=P.forget)
        paid = VGroup(paid_h,
                      self.text("paid.params", size=B, r=Val("rnn_ratio", "ratio")),
                      self.text("paid.simple", size=B),
                      self.text("paid.parallel", size=B),
                      self.text("paid.memory", size=B))
        bought = VGroup(bought_h,
                        self.text("bought.path", size=B),
                        self.text("bought.decay", size=B),
                        self.text("bought.state", size=B, s=Val("state_numbers", "count")),
                        self.text("bought.kv", size=B))
        for col, x in ((paid, -6.3), (bought, 0.9)):
            col.arrange(DOWN, buff=0.42, aligned_edge=LEFT).move_to([x, -0.05, 0], aligned_edge=LEFT)
        frames = VGroup(*[SurroundingRectangle(c, color=k, buff=0.25, corner_radius=0.1)
                          for c, k in ((paid, P.exploded), (bought, P.forget))])
        # paid: the parameters, the structure, the two problems still there; bought: the
        # way back along c, the decay the gates learn
        self.pace([FadeIn(paid_h), Create(frames[0]), FadeIn(paid[1])],
                  FadeIn(paid[2]),
                  LaggedStart(FadeIn(paid[3]), FadeIn(paid[4]), lag_ratio=0.5),
                  [FadeIn(bought_h), Create(frames[1]), FadeIn(bought[1])],
                  FadeIn(bought[2]))
        # the bonus: the state carried at inference, no KV cache
        self.line("trade.state.say", FadeIn(bought[3]), FadeIn(bought[4]),
                  s=Val("state_numbers", "count"))
        self.show("paid_params", paid[1])
        self.show("state", bought[3])
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 5 -------------------------------------------------------------------------
    def takeaways(self):
        self.claim("take")
        B = style.BODY_SIZE
        conv = self.text("take.conveyor", size=B, color=P.cell)
        eq = self.math(r"c_t", "=", r"f", r"\,c_{t-1}", "+", r"i\,g",
                       reason="the cell update (index t-1)")
        for k, c in ((0, P.cell), (2, P.forget), (3, P.cell), (5, P.input_gate)):
            eq[k].set_color(c)
        grad = self.text("take.gradient", size=B, color=P.gradient)
        gru = self.text("take.gru", size=B, color=P.hidden, r=Val("gru_ratio", "ratio"))
        nxt = self.text("take.next", size=B, color=P.attention)
        rows = VGroup(conv, VGroup(eq, grad).arrange(RIGHT, buff=0.5), gru, nxt)
        rows.arrange(DOWN, buff=0.5, aligned_edge=LEFT).move_to([0, 0.2, 0])
        marks = VGroup(*[Rectangle(width=0.16, height=0.5, stroke_width=0, fill_opacity=1,
                                   fill_color=c).next_to(r, LEFT, buff=0.3)
                         for r, c in zip(rows, (P.cell, P.gradient, P.hidden, P.attention))])

        def row(k, part=None):
            return [FadeIn(marks[k]), FadeIn(part if part is not None else rows[k],
                                             shift=0.2 * RIGHT)]

        coupled = self.text("take.coupled", size=style.LABEL_SIZE, color=P.muted)
        coupled.next_to(eq, RIGHT, buff=0.5)
        gers = self.label("Gers, Schmidhuber & Cummins 2000", "citation year",
                          size=style.SMALL_SIZE, color=P.muted)
        beck = self.label("Beck et al. 2024 (xLSTM)", "citation year", size=style.SMALL_SIZE,
                          color=P.muted)
        VGroup(gers, beck).arrange(RIGHT, buff=0.6).next_to(rows, DOWN, buff=0.4,
                                                             aligned_edge=LEFT)
        # memory losing value at a learned rate: the conveyor and its valves; keeping (f) and
        # writing (i g) learned apart, each pointed at; coupling them works as well (Greff et
        # al.), and the GRU couples them
        self.pace(row(0), row(1, eq), _point(eq[2]), _point(eq[5]), FadeIn(coupled),
                  row(2))
        # the forget gate keeps (its f): at f = 1 the old c passes whole; added by Gers et
        # al.; long memory from a product of f's: the sum's gradient; gated recurrence scaled
        # up (xLSTM); what goes to attention
        one = self.math("1", reason="f = 1: the forget gate fully open", color=P.forget)
        one.move_to(eq[2])
        f_back = eq[2].copy()
        self.line("take.intuition.say", [FadeOut(coupled), _point(eq[2])],
                  [Transform(eq[2], one), _point(eq[3])], Transform(eq[2], f_back),
                  FadeIn(gers), FadeIn(grad, shift=0.2 * RIGHT), FadeIn(beck), row(3))
        self.show("gru_ratio", gru)
        self.hold(1.5)


def _point(mob):
    """Point at ``mob`` as the words name it: a frame drawn round it and faded."""
    return Circumscribe(mob, color=P.highlight, fade_out=True, buff=0.08, stroke_width=3)
