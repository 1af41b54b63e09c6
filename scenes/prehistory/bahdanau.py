"""P8 Bahdanau attention: the additive score, softmax and weighted sum at one decoder step of the
trained model; its learned alignment written row by row; accuracy against source length beside
the model without attention; the price of one score per source–output pair, and the scaled dot
product that replaced the additive score."""

from __future__ import annotations

from manim import (DOWN, LEFT, PI, RIGHT, UP, Axes, Create, DashedVMobject, FadeIn, FadeOut,
                   Indicate, LaggedStart, Line, Rectangle, ReplacementTransform, Square,
                   ValueTracker, VGroup, VMobject, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, live_value

P = style.PALETTE
S, L = style.SMALL_SIZE, style.LABEL_SIZE

#: The first beat's table: its columns (position, word, score, bar, weight) and first row.
COL_J, COL_W, COL_E, COL_BAR, COL_A = 0.55, 1.2, 3.55, 3.95, 6.35
BAR_W, TABLE_TOP = 2.0, 1.3
#: The heat map's top-left corner (right of the output labels) and the readout column.
MAP_X, MAP_Y, PANEL_X = -5.6, 1.75, 1.2
#: The accuracy chart: centre and size.
ACC_X, ACC_Y, ACC_W, ACC_H = -2.2, 0.12, 7.2, 2.9
#: The cost chart.
COST_X, COST_Y, COST_W, COST_H = 3.4, 0.1, 5.6, 2.9

TEXT = {
    # ----- 1. one step: score, softmax, weighted sum -------------------------------------------
    "step": {"zh": "加性注意力：打分、softmax、加权求和",
             "en": "Additive attention: score, softmax, weighted sum"},
    "step.say": {
        "zh": "还是上一节的编码器和解码器，只改一处：解码器每写一个词，都回头看编码器的全部状态，"
              "而不只是最后一个。",
        "en": "The encoder and decoder of the last section with one change: each time the "
              "decoder writes a token, it looks back at every encoder state, not only the "
              "last."},
    "step.head": {"zh": "第 {t} 步写出 {tok}", "en": "step {t} writes {tok}"},
    "step.j": {"zh": "$j$", "en": "$j$"},
    "step.word": {"zh": "源词", "en": "source"},
    "step.e": {"zh": "$e_{{t,j}}$", "en": "$e_{{t,j}}$"},
    "step.alpha": {"zh": "$\\alpha_{{t,j}}$", "en": "$\\alpha_{{t,j}}$"},
    "step.sum": {"zh": "$\\textstyle\\sum_j \\alpha_{{t,j}}$ = {s}",
                 "en": "$\\textstyle\\sum_j \\alpha_{{t,j}}$ = {s}"},
    "score.say": {
        "zh": "打分：解码器上一步的状态和每个编码器状态各乘一个矩阵，相加，过 tanh，"
              "再由向量 v 读成一个数。每个源词一个分数 e。",
        "en": "Score: the decoder's previous state and each encoder state are each multiplied "
              "by a matrix, added, passed through tanh, and a vector v reads one number off "
              "the result: one score e per source word."},
    "softmax.say": {
        "zh": "softmax 把分数变成权重：没有负数，最小的是 {m}，加起来是 {s}。",
        "en": "Softmax turns the scores into weights: none negative, the smallest {m}, and "
              "together they sum to {s}."},
    "context.say.on": {
        "zh": "加权求和：上下文 c 是编码器状态按这些权重的混合。第 {t} 步写 {tok}，最大的权重 {w} "
              "落在第 {j} 个源词上，正是它要读的那个词。",
        "en": "Weighted sum: the context c mixes the encoder states by these weights. Step {t} "
              "writes {tok}; its largest weight, {w}, is on source word {j}, the very word it "
              "reads."},
    "context.say.off": {
        "zh": "加权求和：上下文 c 是编码器状态按这些权重的混合。第 {t} 步写 {tok}，最大的权重 {w} "
              "落在第 {j} 个源词上，而它读的是第 {k} 个词。",
        "en": "Weighted sum: the context c mixes the encoder states by these weights. Step {t} "
              "writes {tok}; its largest weight, {w}, is on source word {j}, while the word it "
              "reads is word {k}."},
    "parts.say": {
        "zh": "三部分各拆掉瓶颈的一块：打分让每一步自己挑要读的位置；softmax 让挑选是软的，"
              "梯度能回到每个位置；加权和给每一步一个自己的上下文，不再只有一个向量。",
        "en": "Each part removes a piece of the bottleneck: the score lets every step choose "
              "where to read, softmax keeps the choice soft so gradients reach every position, "
              "and the sum gives each step a context of its own instead of one vector."},
    "part.score": {"zh": "每一步自己挑读哪里", "en": "each step chooses where to read"},
    "part.softmax": {"zh": "软选择：梯度回到每个位置", "en": "a soft choice: gradients reach every position"},
    "part.sum": {"zh": "每步一个上下文，不再只有一个向量",
                 "en": "a context per step, not one vector"},
    # ----- 2. the learned alignment --------------------------------------------------------------
    "map": {"zh": "学到的对齐：解码器每写一步，填一行",
            "en": "The learned alignment, one row per step written"},
    "map.say.right": {
        "zh": "训练好的模型读 {n} 个源词，一步写一个数字；每一行是那一步在源词上的权重。"
              "它写出 {out}，和参考答案一致。",
        "en": "The trained model reads {n} source words and writes one digit a step; each row "
              "is that step's weights over the source. It writes {out}, the reference."},
    "map.say.wrong": {
        "zh": "训练好的模型读 {n} 个源词，一步写一个数字；每一行是那一步在源词上的权重。"
              "它写出 {out}，参考答案是 {ref}。",
        "en": "The trained model reads {n} source words and writes one digit a step; each row "
              "is that step's weights over the source. It writes {out}; the reference is {ref}."},
    "map.end": {"zh": "结束", "en": "end"},
    "map.end.say.ended": {
        "zh": "最后一行是写结束符的那一步，它没有对应的源词。",
        "en": "The last row is the step that writes the end marker, which reads no source "
              "word of its own."},
    "map.end.say.cut": {
        "zh": "这个模型没写出结束符：输出到长度上限 {n} 个数字就被截断了。",
        "en": "This model never writes the end marker: its output is cut at the length limit, "
              "{n} digits."},
    "map.writes": {"zh": "写出", "en": "writes"},
    "map.top": {"zh": "最大权重在第", "en": "largest weight on word"},
    "map.agree.say": {
        "zh": "虚线框是每个数字真正来自的源词。这个例子里，{n} 个输出中有 {m} 个的最大权重落在框里。",
        "en": "The dashed boxes mark the word each digit really comes from. On this example, "
              "{m} of the {n} output{n_s} put the largest weight inside the box."},
    "map.agree": {"zh": "本例：{m} / {n} 落在框里", "en": "this example: {m} of {n} in the box"},
    "map.sample.say.grown": {
        "zh": "再换 {p} 个没见过的源句：{n} 个输出里有 {m} 个这样。训练时从没给过对齐，"
              "它是只学翻译时自己长出来的。",
        "en": "On {p} fresh sources, {m} of {n} output{n_s} do. Training never gave the model "
              "an alignment: it grew out of learning to translate alone."},
    "map.sample.say.none": {
        "zh": "再换 {p} 个没见过的源句：{n} 个输出里只有 {m} 个这样，没有过半。训练时从没给过"
              "对齐，这个模型也还没学出一个。",
        "en": "On {p} fresh sources, {m} of {n} output{n_s} do: no more than half. Training never "
              "gave the model an alignment, and this one has not learned one yet."},
    "map.sample": {"zh": "{p} 个新源句：{m} / {n}", "en": "{p} fresh sources: {m} of {n}"},
    # ----- 3. accuracy against source length ----------------------------------------------------
    "acc": {"zh": "完全正确率随源句长度：有无注意力",
            "en": "Exact match against source length, with and without attention"},
    "acc.say": {
        "zh": "两个模型做同一个任务，都在 {a} 到 {b} 个词的源句上训练 {e} 轮；没有注意力的状态有 {hp} 个数，"
              "有注意力的 {h} 个。每个长度取 {n} 个新源句，数字和长度全对才算对。",
        "en": "Two models, one task, both trained for {e} epoch{e_s} on sources of {a} to {b} "
              "words; the one without attention has a state of {hp} numbers, the one with "
              "attention {h}. {n} fresh source{n_s} at each length; an output counts only if "
              "every digit and its length are right."},
    "acc.x": {"zh": "源句长度（词）", "en": "source length (words)"},
    "acc.y": {"zh": "完全正确率", "en": "exact match"},
    "acc.plain": {"zh": "无注意力", "en": "no attention"},
    "acc.attn": {"zh": "有注意力", "en": "attention"},
    "acc.len": {"zh": "长度", "en": "length"},
    "acc.plain.say.falls": {
        "zh": "没有注意力：{l0} 个词时 {n} 个里对 {a} 个，到 {l1} 个词只对 {b} 个。一个向量装不下长句。",
        "en": "Without attention: {a} of {n} right at {l0} words, {b} of {n} at {l1}. One vector "
              "does not hold the longer sources."},
    "acc.plain.say.holds": {
        "zh": "没有注意力：{l0} 个词时 {n} 个里对 {a} 个，到 {l1} 个词对 {b} 个，没有减少。",
        "en": "Without attention: {a} of {n} right at {l0} words and {b} of {n} at {l1}: no "
              "fall."},
    "acc.attn.say.above": {
        "zh": "有注意力：{l1} 个词时 {n} 个里对 {c} 个，多于没有注意力的 {b} 个。解码器每一步都直接读源词，"
              "不必把整句塞进一个向量。",
        "en": "With attention: {c} of {n} right at {l1} words, more than the {b} without. The "
              "decoder reads the source words directly at every step instead of one vector "
              "holding them all."},
    "acc.attn.say.not_above": {
        "zh": "有注意力：{l1} 个词时 {n} 个里对 {c} 个，并不多于没有注意力的 {b} 个。",
        "en": "With attention: {c} of {n} right at {l1} words, no more than the {b} without."},
    "acc.at": {"zh": "{l} 个词：{c} 对 {b}（共 {n} 个）", "en": "{l} words: {c} against {b} of {n}"},
    # ----- 4. the price ---------------------------------------------------------------------------
    "cost": {"zh": "代价：每对源词与解码步一个分数",
             "en": "The price: one score per source word and decoder step"},
    "cost.say.ended": {
        "zh": "每个解码步都要给每个源词打分。这个例子 {tx} 个源词、{st} 个解码步（含结束符那一步），"
              "共 {s} 个分数。",
        "en": "Every decoder step scores every source word. This example has {tx} source words "
              "and {st} decoder steps, the end marker's included: {s} scores."},
    "cost.say.cut": {
        "zh": "每个解码步都要给每个源词打分。这个例子 {tx} 个源词、{st} 个解码步（到长度上限为止），"
              "共 {s} 个分数。",
        "en": "Every decoder step scores every source word. This example has {tx} source words "
              "and {st} decoder steps, up to the length limit: {s} scores."},
    "cost.grid": {"zh": "{tx} × {st} = {s} 个分数", "en": "{tx} × {st} = {s} scores"},
    "cost.sweep.say": {
        "zh": "源句从 {l0} 个词长到 {l1} 个词，分数随两个长度之积增长，从 {s0} 到 {s1}；"
              "没有注意力的模型一个分数也不算，只读一个向量。",
        "en": "As sources grow from {l0} to {l1} words, the count grows with the product of the "
              "two lengths, from {s0} to {s1}; the model without attention computes none and "
              "reads one vector."},
    "cost.x": {"zh": "源句长度 $T_x$", "en": "source length $T_x$"},
    "cost.y": {"zh": "分数个数", "en": "scores"},
    "cost.n": {"zh": "$T_x$ =", "en": "$T_x$ ="},
    "cost.dot.say": {
        "zh": "Vaswani 等人（2017）把加性打分换成缩放点积：查询由解码器的状态投影而来，键由编码器状态投影而来，"
              "一句话的全部分数成了一次矩阵乘法，就是 §05 里的那个形式。",
        "en": "Vaswani and colleagues (2017) replaced the additive score by a scaled dot "
              "product of a query, projected from the decoder's state, and a key, projected "
              "from an encoder state: all the scores of a sentence become one matrix product, "
              "the form §05 showed.",
        "fixed": {"2017": "year of the cited paper", "05": "the primer's section number (§05)"}},
    "cost.end.say": {
        "zh": "为一个定长向量打的补丁成了主角：Transformer 留下注意力，去掉了循环。",
        "en": "The patch for one fixed vector became the main part: the Transformer kept the "
              "attention and dropped the recurrence."},
}


class Bahdanau(LectureScene):
    """P8: one step of additive attention, the learned alignment, accuracy by length, the
    price and the dot product."""

    SECTION_ID = "pre-08-bahdanau"
    BEATS = ("show_step", "alignment_map", "accuracy_by_length", "score_cost")
    TEXT = TEXT

    # ----- cases, decided on the numbers as displayed ------------------------------------------
    def _cmp(self, a: str, b: str, fa: str = "fmt:2", fb: str = "fmt:2") -> int:
        x, y = self.shown_value(a, fa), self.shown_value(b, fb)
        return (x > y) - (x < y)

    def _context_case(self) -> str:
        return "on" if self.v.focus_top_pos == self.v.focus_known_pos else "off"

    def _map_case(self) -> str:
        return "right" if self.v.out_text == self.v.tgt_text else "wrong"

    def _sample_case(self) -> str:
        # an alignment has grown when most fresh outputs put their largest weight on their word
        return "grown" if 2 * self.v.sample_agree > self.v.sample_total else "none"

    def _plain_case(self) -> str:
        return "falls" if self._cmp("right_plain[-1]", "right_plain[0]", "int", "int") < 0 \
            else "holds"

    def _attn_case(self) -> str:
        return "above" if self._cmp("right_attn[-1]", "right_plain[-1]", "int", "int") > 0 \
            else "not_above"

    def _src(self, j: int) -> str:
        return f"src_{self.lang}[{j}]"

    # ----- 1. one step --------------------------------------------------------------------------
    def show_step(self):
        v = self.v
        self.claim("step")
        f1 = self.math(r"e_{t,j}", "=", r"v_a^{\top}", r"\tanh\big(", r"W_a\, s_{t-1}", "+",
                       r"U_a\, h_j", r"\big)", reason="the previous step's index, t-1")
        f2 = self.math(r"\alpha_{t,j}", "=", r"\frac{\exp e_{t,j}}{\sum_k \exp e_{t,k}}")
        f3 = self.math(r"c_t", "=", r"\sum_j \alpha_{t,j}\, h_j")
        for f in (f1, f2, f3):
            f[0].set_color(P.attention)
        f1[4].set_color(P.hidden)
        f1[6].set_color(P.hidden)
        f3[2].set_color(P.hidden)
        parts = [self.text(k, size=S, color=P.muted) for k in ("part.score", "part.softmax",
                                                               "part.sum")]
        col = VGroup()
        for f, lab in zip((f1, f2, f3), parts):
            col.add(VGroup(f, lab).arrange(DOWN, buff=0.12, aligned_edge=LEFT))
        col.arrange(DOWN, buff=0.45, aligned_edge=LEFT)
        col.move_to([-6.75, 0.0, 0], aligned_edge=LEFT)
        head = self.text("step.head", size=L, color=P.attention, t=Val("focus_pos", "int"),
                         tok=Val("focus_token", "str"))
        head.move_to([COL_J - 0.2, 2.15, 0], aligned_edge=LEFT)
        self.show("focus_step", head)
        # the table: one row per source word
        n = v.src_len
        dy = min(0.44, 3.1 / n)
        heads = [self.text("step.j", size=S, color=P.muted),
                 self.text("step.word", size=S, color=P.muted),
                 self.text("step.e", size=S, color=P.muted),
                 self.text("step.alpha", size=S, color=P.muted)]
        hy = TABLE_TOP + 0.3
        heads[0].move_to([COL_J, hy, 0])
        heads[1].move_to([COL_W, hy, 0], aligned_edge=LEFT)
        heads[2].move_to([COL_E, hy, 0], aligned_edge=RIGHT)
        heads[3].move_to([COL_A, hy, 0], aligned_edge=RIGHT)
        rows_j, rows_w, rows_e, rows_a, bars = VGroup(), VGroup(), VGroup(), VGroup(), VGroup()
        for j in range(n):
            y = TABLE_TOP - j * dy - 0.1
            rows_j.add(self.label(str(j + 1), "the source position, counted from 1", size=S,
                                  color=P.muted).move_to([COL_J, y, 0]))
            rows_w.add(self.value(self._src(j), "str", size=L, color=P.token)
                       .move_to([COL_W, y, 0], aligned_edge=LEFT))
            rows_e.add(self.value(f"focus_scores[{j}]", "fmt:2", size=S, color=P.text)
                       .move_to([COL_E, y, 0], aligned_edge=RIGHT))
            rows_a.add(self.value(f"focus_alpha[{j}]", "fmt:2", size=S, color=P.attention)
                       .move_to([COL_A, y, 0], aligned_edge=RIGHT))
            w = max(BAR_W * float(v.focus_alpha[j]), 1e-3)
            bars.add(Rectangle(width=w, height=0.6 * dy, stroke_width=0, fill_opacity=0.85,
                               fill_color=P.attention).move_to([COL_BAR, y, 0],
                                                                aligned_edge=LEFT))
        total = self.text("step.sum", size=S, color=P.attention, s=Val("focus_sum", "fmt"))
        total.move_to([COL_A, TABLE_TOP - n * dy - 0.12, 0], aligned_edge=RIGHT)
        self.show("alpha_sum", total)
        rule = Line([COL_J - 0.3, hy - 0.22, 0], [COL_A + 0.1, hy - 0.22, 0], color=P.muted,
                    stroke_width=1.5)
        self.pace([FadeIn(head), FadeIn(VGroup(*heads[:2])), Create(rule)],
                  LaggedStart(*[FadeIn(VGroup(a, b)) for a, b in zip(rows_j, rows_w)],
                              lag_ratio=0.3))
        # the score term by term, then its column row by row
        self.say("score.say")
        self.pace([Write(f1[0]), Write(f1[1])], [Write(f1[4]), Write(f1[5]), Write(f1[6])],
                  [Write(f1[3]), Write(f1[7]), Write(f1[2])],
                  [FadeIn(heads[2]), LaggedStart(*[FadeIn(m) for m in rows_e], lag_ratio=0.4)])
        self.say("softmax.say", m=Val("focus_alpha_min", "fmt"), s=Val("focus_sum", "fmt"))
        self.pace([Write(f2)], [FadeIn(heads[3]), LaggedStart(
            *[FadeIn(VGroup(b, a)) for b, a in zip(bars, rows_a)], lag_ratio=0.3)],
            FadeIn(total))
        top = v.focus_top_pos - 1
        self.say("context.say", variant=self._context_case(), t=Val("focus_pos", "int"),
                 tok=Val("focus_token", "str"), w=Val("focus_top_weight", "fmt:2"),
                 j=Val("focus_top_pos", "int"), k=Val("focus_known_pos", "int"))
        box, point = self.pointer()
        known = v.focus_known_pos - 1
        self.pace(Write(f3), point(VGroup(rows_j[top], rows_a[top], bars[top]), P.attention),
                  [Indicate(rows_w[known], color=P.token), Indicate(head, color=P.attention)])
        self.say("parts.say")
        self.pace([FadeIn(parts[0]), point(col[0], P.highlight)],
                  [FadeIn(parts[1]), point(col[1], P.highlight)],
                  [FadeIn(parts[2]), point(col[2], P.highlight)])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 2. the learned alignment -------------------------------------------------------------
    def alignment_map(self):
        v = self.v
        self.claim("map", say=False)
        T_o, T_x = v.out_len, v.src_len
        rows = T_o + int(v.ended)
        probe = max(self.value(self._src(j), "str", size=L).width for j in range(T_x))
        side = min(0.6, 6.0 / T_x)                  # a cell's width (a source word's column)
        y0 = MAP_Y if probe <= 0.95 * side else 2.2 - probe - 0.2
        tall = min(side, (y0 + 2.3) / rows)         # and its height (a decoder step's row)
        every = max(1, int(-(-0.34 // tall)))       # label every k-th row when rows are thin
        x0 = MAP_X

        def cell_at(i, j):
            return [x0 + (j + 0.5) * side, y0 - (i + 0.5) * tall, 0]

        cells = VGroup()
        for i in range(rows):
            for j in range(T_x):
                cells.add(Rectangle(width=side, height=tall, stroke_width=1, stroke_color=P.muted, stroke_opacity=0.4,
                                 fill_color=P.attention, fill_opacity=0).move_to(cell_at(i, j)))
        words = VGroup(*(self.value(self._src(j), "str", size=L, color=P.token)
                         for j in range(T_x)))
        upright = max(w.width for w in words) > 0.95 * side     # English words stand up
        for j, w in enumerate(words):
            if upright:
                w.rotate(PI / 2).move_to([cell_at(0, j)[0], y0 + 0.12, 0], aligned_edge=DOWN)
            else:
                w.move_to([cell_at(0, j)[0], y0 + 0.28, 0])
        labeled = [i for i in range(T_o)      # thin rows: every k-th token, clear of "end"
                   if i % every == 0 and (not v.ended or T_o - i >= every)]
        outs = VGroup(*(self.value(f"out[{i}]", "str", size=S, color=P.attention)
                        .move_to([x0 - 0.3, cell_at(i, 0)[1], 0]) for i in labeled))
        end = self.text("map.end", size=S, color=P.muted)
        end.move_to([x0 - 0.12, cell_at(T_o, 0)[1], 0], aligned_edge=RIGHT)
        frame = Rectangle(width=side * T_x, height=tall * rows, stroke_color=P.muted,
                          stroke_width=1.5).move_to([x0 + side * T_x / 2, y0 - tall * rows / 2, 0])
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="argmax")

        def paint(m, i):
            for r in range(rows):
                for j in range(T_x):
                    a = float(v.alpha[r, j]) if r <= i and r < T_o else 0.0
                    m[r * T_x + j].set_fill(opacity=a)

        def row_read(m):
            i = self.at(k)
            return [m[i * T_x + j].get_fill_opacity() for j in range(T_x)]

        live.follow(cells, paint, path="alpha[{i}]", measure=row_read)

        def show_outs(m, i):
            for r, o in zip(labeled, m):
                o.set_opacity(1.0 if r <= i else 0.0)

        live.follow(outs, show_outs, decor="the written tokens, each shown once its row is "
                                           "painted (the same readouts at the hold)")
        wl = self.text("map.writes", size=L, color=P.muted)
        wl.move_to([PANEL_X, 1.5, 0], aligned_edge=LEFT)
        wv = live_value(self, live, "out[{i}]", "str", wl, P.attention, size=L)
        tl = self.text("map.top", size=L, color=P.muted)
        tl.move_to([PANEL_X, 1.0, 0], aligned_edge=LEFT)
        tv = live_value(self, live, "argmax_pos[{i}]", "int", tl, P.attention, size=L)
        self.say("map.say", variant=self._map_case(), n=Val("src_len", "int"),
                 out=Val("out_text", "str"), ref=Val("tgt_text", "str"))
        paint(cells, -1)
        show_outs(outs, -1)
        self.add(outs)
        self.play(FadeIn(words), Create(frame), FadeIn(cells), run_time=0.8)
        self.play(FadeIn(VGroup(wl, wv, tl, tv)), run_time=0.4)
        live.play(k.animate.set_value(T_o - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        for o in outs:
            o.set_opacity(1.0)
        self.remove(wv, tv)
        self.remove(wl, tl)
        if v.ended:     # the step that writes the end marker: its row
            end_row = VGroup(*(cells[T_o * T_x + j] for j in range(T_x)))
            self.say("map.end.say", variant="ended")
            self.pace([FadeIn(end), *(c.animate.set_fill(opacity=float(v.alpha[T_o, j]))
                                      for j, c in enumerate(end_row))])
        else:
            self.say("map.end.say", variant="cut", n=Val("out_len", "int"))
            self.pace(Indicate(outs[-1], color=P.exploded))
        # the known alignment: a dashed box where each output token is read from
        boxes = VGroup(*(DashedVMobject(Rectangle(width=side * 0.92, height=tall * 0.92,
                                                  color=P.highlight, stroke_width=2.5),
                                        num_dashes=8).move_to(cell_at(i, int(v.known[i])))
                         for i in range(T_o) if v.known[i] >= 0))
        agree = self.text("map.agree", size=L, color=P.attention, m=Val("agree_count", "int"),
                          n=Val("out_len", "int"))
        agree.move_to([PANEL_X, 1.5, 0], aligned_edge=LEFT)
        self.show("agree", agree)
        self.say("map.agree.say", m=Val("agree_count", "int"), n=Val("out_len", "int"))
        self.pace(Create(boxes), FadeIn(agree))
        sample = self.text("map.sample", size=L, color=P.text, p=Val("sample_pairs", "int"),
                           m=Val("sample_agree", "int"), n=Val("sample_total", "int"))
        sample.move_to([PANEL_X, 0.9, 0], aligned_edge=LEFT)
        self.show("sample", sample)
        self.say("map.sample.say", variant=self._sample_case(), p=Val("sample_pairs", "int"),
                 m=Val("sample_agree", "int"), n=Val("sample_total", "int"))
        self.pace(FadeIn(sample), Indicate(sample, color=P.attention))
        self.hold()
        self.clear_stage()

    # ----- 3. accuracy against source length ---------------------------------------------------
    def _acc_axes(self):
        v = self.v
        lo, hi = int(v.first_length), int(v.last_length)
        ax = Axes([lo, hi, 3], [0, 1, 0.5], x_length=ACC_W, y_length=ACC_H,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(lo, hi + 1, 3))},
                  # 0 too (Manim's Axes leave it out): the curve without attention ends on it
                  y_axis_config={"numbers_to_include": [0, 0.5, 1], "numbers_to_exclude": [],
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([ACC_X, ACC_Y, 0])
        self.ticks(ax)
        xl = self.text("acc.x", size=S, color=P.muted)
        xl.next_to(ax.x_axis, DOWN, buff=0.38)
        yl = self.text("acc.y", size=S, color=P.muted)
        yl.rotate(PI / 2).next_to(ax.y_axis, LEFT, buff=0.6)
        return ax, VGroup(ax, xl, yl)

    def _acc_curve(self, ax, path, j, color):
        ys = self._resolve(path)
        xs = self.v.lengths
        pts = [ax.c2p(float(xs[k]), float(ys[k])) for k in range(j + 1)]
        c = VMobject(color=color, stroke_width=4)
        c.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
        return c

    def _resolve(self, path):
        from ..bind import resolve
        return resolve(path, self.v, self.params)

    def accuracy_by_length(self):
        v = self.v
        self.claim("acc", say=False)
        cite = self.cite_row("Bahdanau, Cho & Bengio, ICLR 2015", "arXiv:1409.0473")
        ax, chart = self._acc_axes()
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="lengths")

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y]

        curves = VGroup()
        for path, color in (("acc_plain", P.muted), ("acc_attn", P.attention)):
            curves.add(live.redraw(lambda j, path=path, color=color:
                                   self._acc_curve(ax, path, j, color),
                                   path=("lengths[{i}]", path + "[{i}]"), measure=tip))
        ll = self.text("acc.len", size=L, color=P.text)
        ll.move_to([2.1, 1.6, 0], aligned_edge=LEFT)
        lv = live_value(self, live, "lengths[{i}]", "int", ll, P.text, size=L)
        pl = self.text("acc.plain", size=L, color=P.muted)
        pl.move_to([2.1, 1.1, 0], aligned_edge=LEFT)
        pv = live_value(self, live, "acc_plain[{i}]", "fmt:2", pl, P.muted, size=L)
        al = self.text("acc.attn", size=L, color=P.attention)
        al.move_to([2.1, 0.6, 0], aligned_edge=LEFT)
        av = live_value(self, live, "acc_attn[{i}]", "fmt:2", al, P.attention, size=L)
        self.say("acc.say", n=Val("eval_n", "int"), e=Val("epochs", "int"),
                 a=Val("train_min", "int"), b=Val("train_max", "int"),
                 hp=Val("plain_hidden", "int"), h=Val("hidden", "int"))
        self.play(FadeIn(cite), Create(ax), FadeIn(chart[1:]), run_time=1.0)
        self.play(FadeIn(VGroup(ll, lv, pl, pv, al, av)), run_time=0.6)
        self.add(curves)
        live.play(k.animate.set_value(len(v.lengths) - 1), run_time=self.left(0.9, least=3.5),
                  rate_func=linear)
        self.remove(lv, pv, av, ll, pl, al)
        at = self.text("acc.at", size=L, color=P.text, l=Val("last_length", "int"),
                       c=Val("right_attn[-1]", "int"), b=Val("right_plain[-1]", "int"),
                       n=Val("eval_n", "int"))
        at.move_to([2.1, 1.6, 0], aligned_edge=LEFT)
        self.show("acc_at_last", at)
        keys = VGroup(self.text("acc.plain", size=L, color=P.muted),
                      self.text("acc.attn", size=L, color=P.attention)).arrange(
            DOWN, buff=0.2, aligned_edge=LEFT).move_to([2.1, 0.8, 0], aligned_edge=LEFT)
        self.play(FadeIn(keys), run_time=0.4)
        box, point = self.pointer()
        self.say("acc.plain.say", variant=self._plain_case(), l0=Val("first_length", "int"),
                 l1=Val("last_length", "int"), a=Val("right_plain[0]", "int"),
                 b=Val("right_plain[-1]", "int"), n=Val("eval_n", "int"))
        self.pace(point(keys[0], P.muted), Indicate(curves[0], color=P.text))
        self.say("acc.attn.say", variant=self._attn_case(), l1=Val("last_length", "int"),
                 b=Val("right_plain[-1]", "int"), c=Val("right_attn[-1]", "int"),
                 n=Val("eval_n", "int"))
        self.pace([point(keys[1], P.attention), FadeIn(at)], Indicate(curves[1],
                                                                      color=P.highlight))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 4. the price ---------------------------------------------------------------------------
    def score_cost(self):
        v = self.v
        self.claim("cost", say=False)
        T_x, st = v.src_len, v.steps
        side = min(0.3, 2.2 / st, 4.6 / T_x)
        dots = VGroup()
        for i in range(st):
            row = VGroup(*(Square(side * 0.8, stroke_width=0, fill_color=P.attention,
                                  fill_opacity=0.8).move_to([-6.5 + (j + 0.5) * side,
                                                             1.75 - (i + 0.5) * side, 0])
                           for j in range(T_x)))
            dots.add(row)
        grid_lab = self.text("cost.grid", size=L, color=P.attention, tx=Val("src_len", "int"),
                             st=Val("steps", "int"), s=Val("scores", "count"))
        grid_lab.next_to(dots, DOWN, buff=0.25, aligned_edge=LEFT)
        self.show("scores", grid_lab)
        self.say("cost.say", variant="ended" if v.ended else "cut", tx=Val("src_len", "int"),
                 st=Val("steps", "int"),
                 s=Val("scores", "count"))
        self.pace(LaggedStart(*[FadeIn(r) for r in dots], lag_ratio=0.5), FadeIn(grid_lab))
        # the count over source lengths
        lo, hi = int(v.first_length), int(v.last_length)
        top = float(v.cost_scores[-1])
        ystep = _nice_step(top)
        ax = Axes([lo, hi, 3], [0, ystep * (int(top // ystep) + 1), ystep],
                  x_length=COST_W, y_length=COST_H,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(lo, hi + 1, 3))},
                  y_axis_config={"numbers_to_include": [ystep * m for m in
                                                        range(1, int(top // ystep) + 2)],
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([COST_X, COST_Y, 0])
        self.ticks(ax)
        xl = self.text("cost.x", size=S, color=P.muted)
        xl.next_to(ax.x_axis, DOWN, buff=0.38)
        yl = self.text("cost.y", size=S, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), UP, buff=0.12)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="lengths")

        def curve(j):
            pts = [ax.c2p(float(v.lengths[q]), float(v.cost_scores[q])) for q in range(j + 1)]
            c = VMobject(color=P.attention, stroke_width=4)
            c.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
            return c

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y]

        cv = live.redraw(curve, path=("lengths[{i}]", "cost_scores[{i}]"), measure=tip, tol=1e-6)
        nl = self.text("cost.n", size=L, color=P.text)
        nl.move_to([1.4, 1.2, 0], aligned_edge=LEFT)
        nv = live_value(self, live, "lengths[{i}]", "int", nl, P.text, size=L)
        sl = self.text("cost.y", size=L, color=P.attention)
        sl.move_to([1.4, 0.7, 0], aligned_edge=LEFT)
        sv = live_value(self, live, "cost_scores[{i}]", "count", sl, P.attention, size=L)
        self.say("cost.sweep.say", l0=Val("first_length", "int"), l1=Val("last_length", "int"),
                 s0=Val("cost_scores[0]", "count"), s1=Val("cost_scores[-1]", "count"))
        self.play(Create(ax), FadeIn(VGroup(xl, yl, nl, nv, sl, sv)), run_time=0.8)
        self.add(cv)
        live.play(k.animate.set_value(len(v.lengths) - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        # the additive score and the scaled dot product that replaced it
        cite = self.cite_row("Vaswani et al., NeurIPS 2017", "arXiv:1706.03762")
        add = self.math(r"e_{t,j}", "=", r"v_a^{\top}\tanh\big(W_a\, s_{t-1} + U_a\, h_j\big)",
                        reason="the previous step's index, t-1")
        dot = self.math(r"e_{t,j}", "=", r"\frac{q_t^{\top} k_j}{\sqrt{d_k}}")
        mat = self.math(r"E", "=", r"\frac{Q K^{\top}}{\sqrt{d_k}}")
        for m in (add, dot, mat):
            m[0].set_color(P.attention)
            m.move_to([-4.4, -1.85, 0])
        self.say("cost.dot.say")
        self.pace([FadeIn(cite), Write(add)], ReplacementTransform(add, dot),
                  ReplacementTransform(dot, mat))
        self.say("cost.end.say")
        self.pace(Indicate(mat, color=P.attention), Indicate(grid_lab, color=P.attention))
        self.hold(2.0)


def _nice_step(top: float) -> float:
    """A grid step of 1, 2 or 5 times a power of ten giving 3 to 6 lines up to ``top``."""
    import math
    e = 10 ** math.floor(math.log10(max(top, 1.0)))
    for m in (1, 2, 5, 10):
        if top / (m * e) <= 5:
            return float(m * e)
    return float(10 * e)
