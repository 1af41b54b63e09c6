"""P7 seq2seq: translation as a conditional language model, the encoder–decoder trained on
digit strings, its accuracy over source lengths, beam search on its real beams, the
search-versus-model rule on its real failures, and BLEU."""

from __future__ import annotations

import math

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, FadeIn, FadeOut, Indicate,
                   LaggedStart, Line, Rectangle, Square, ValueTracker, VGroup,
                   VMobject, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, live_value, settle_value

P = style.PALETTE
#: Pitch of the beam list's rows.
ROW = 0.3
#: Left edge of the beam beat's right column (the bias example).
BIAS_X = -0.6
#: Left edge of the BLEU beat's right column.
BX = -1.6

TEXT = {
    # ----- 1. a conditional language model -------------------------------------------------
    "cond": {"zh": "翻译：带条件 $x$ 的语言模型", "en": "Translation: a language model given $x$"},
    "cond.say": {
        "zh": "翻译就是给定源句 x 的语言模型：输出 y 一个 token 一个 token 地生成，每一个都以 x 和它之前的 token 为条件。",
        "en": "Translation is a language model given a source x: the output y is written one token at a time, each conditioned on x and the tokens before it."},
    "cond.task.say": {
        "zh": "这里的任务是把念出来的数字串写回数字：这个例子有 {n} 个源词，中文和英文的源句对应同一串目标数字。",
        "en": "Our task turns a digit string read aloud back into digits: this example has {n} source words, and the Chinese and English sources share one target."},
    "cond.chain.say": {
        "zh": "训练好的模型给每个正确 token 一个概率；把它们的对数连同结束符的一起加起来，就是 log P(y|x) = {lp}。",
        "en": "The trained model gives each right token a probability; their logs, the end token's included, add up to log P(y|x) = {lp}."},
    "cond.total": {"zh": "$\\log P(y \\mid x)$ = {lp}", "en": "$\\log P(y \\mid x)$ = {lp}"},
    "cond.logp": {"zh": "$\\log p$", "en": "$\\log p$"},
    # ----- 2. the encoder–decoder, trained ---------------------------------------------------
    "enc": {"zh": "编码器-解码器：中间只有一个 {H} 维向量",
            "en": "Encoder–decoder: one vector of {H} numbers in between"},
    "enc.say": {
        "zh": "Sutskever 等人和 Cho 等人用两个 RNN 搭出它：编码器读完源句，末状态交给解码器当初始状态，这是解码器看到源句的唯一途径。",
        "en": "Sutskever et al. and Cho et al. built it from two RNNs: the encoder reads the source, and its last state becomes the decoder's first state, the decoder's only view of the source."},
    "enc.train.say": {
        "zh": "我们用 numpy 训练一个这样的模型：GRU 宽 {H}，教师强制，Adam，梯度按范数 {c} 裁剪，{E} 轮，数字串长 {a} 到 {b}。",
        "en": "We train one in numpy: GRU cells of width {H}, teacher forcing, Adam, gradients clipped to norm {c}, {E} epochs of strings {a} to {b} digits long."},
    "enc.loss.say": {
        "zh": "每个 token 的平均损失降到 {l} 奈特。",
        "en": "The mean loss per token comes down to {l} nats."},
    "enc.c": {"zh": "$c$：{H} 维", "en": "$c$: {H} numbers"},
    "enc.encoder": {"zh": "编码器", "en": "encoder"},
    "enc.decoder": {"zh": "解码器", "en": "decoder"},
    "enc.x": {"zh": "轮", "en": "epoch"},
    "enc.y": {"zh": "每 token 损失", "en": "loss per token"},
    "enc.epoch": {"zh": "第 {e} 轮", "en": "epoch {e}"},
    # ----- 3. the bottleneck -----------------------------------------------------------------
    "neck": {"zh": "一个向量装得下短串，装不下长串", "en": "One vector holds short strings, not long ones"},
    "neck.say": {
        "zh": "按源句长度测准确率：每个长度另取 {n} 个数字串（随机种子和训练的不同），贪心输出和答案一字不差才算对。",
        "en": "Accuracy by source length: {n} strings per length, drawn with another seed than training's, each counted only if the greedy output matches it exactly."},
    "neck.fall.say.falls": {
        "zh": "长度 {l0} 时是 {a0}%，到长度 {lh} 已不到它的一半，长度 {l1} 时只剩 {a1}%。",
        "en": "From {a0}% at length {l0}, it is below half of that by length {lh}, and {a1}% at length {l1}."},
    "neck.fall.say.holds": {
        "zh": "长度 {l0} 时是 {a0}%，到长度 {l1} 也没有跌到一半以下，还有 {a1}%。",
        "en": "From {a0}% at length {l0}, it never drops below half of that: {a1}% at length {l1}."},
    "neck.look.say": {
        "zh": "不论源句多长，解码器拿到的都是同样 {H} 个数。它得能回头看源句的每个位置：这就是下一节的注意力。",
        "en": "However long the source, the decoder gets the same {H} numbers. It needs to look back at every source position: that is attention, the next section."},
    "neck.x": {"zh": "源句长度", "en": "source length"},
    "neck.y": {"zh": "准确率 %", "en": "accuracy %"},
    "neck.len": {"zh": "长度 {l}", "en": "length {l}"},
    "neck.end.falls": {"zh": "长度 {lh} 起不到一半", "en": "below half from length {lh}"},
    "neck.end.holds": {"zh": "始终不低于一半", "en": "never below half"},
    # ----- 4. beam search --------------------------------------------------------------------
    "beam": {"zh": "束搜索：每步留下最好的 $B$ 个", "en": "Beam search: keep the $B$ best at each step"},
    "beam.say": {
        "zh": "所有输出没法一一试过；束搜索每一步只留下得分最高的 B = {B} 个部分输出，只扩展它们。",
        "en": "Trying every output is impossible; beam search keeps the B = {B} best partial outputs at each step and extends only those."},
    "beam.greedy.say.same": {
        "zh": "B = 1 就是贪心：每步只取最可能的 token。在这个例子上贪心写出 {g}，和束搜索的结果一样。",
        "en": "B = 1 is greedy search: the likeliest token at every step. On this example greedy writes {g}, the same as the beam.",
        "fixed": {"1": "the beam width of greedy search, B = 1"}},
    "beam.greedy.say.itself": {
        "zh": "B = 1 就是贪心：每步只取最可能的 token，这里的束搜索就是它。在这个例子上它写出 {g}。",
        "en": "B = 1 is greedy search: the likeliest token at every step, and the beam here is just that. On this example it writes {g}.",
        "fixed": {"1": "the beam width of greedy search, B = 1"}},
    "beam.greedy.say.differs": {
        "zh": "B = 1 就是贪心：每步只取最可能的 token。在这个例子上贪心写出 {g}，束搜索写出 {b}。",
        "en": "B = 1 is greedy search: the likeliest token at every step. On this example greedy writes {g}, the beam {b}.",
        "fixed": {"1": "the beam width of greedy search, B = 1"}},
    "beam.norm.say.on": {
        "zh": "每个 log p 都是负的，输出越长加得越多；除以 T_y 的 α 次方（这里 α = {a}）可以抵消一部分。B 约为 10、α 在 0.5 到 1 之间是 2018 年前后的惯例；GNMT 用的是另一种归一化。",
        "en": "Every log p is negative, so a longer output adds up more of them; dividing by T_y to the power α, here α = {a}, offsets that. B near 10 and α from 0.5 to 1 were 2018 conventions; GNMT normalises another way.",
        "fixed": {"10": "the page's customary beam width, B ≈ 10", "0": "the lower end of the page's customary α, 0.5", "5": "the lower end of the page's customary α, 0.5",
                  "1": "the page's customary range of α", "2018": "the year of the conventions the page quotes"}},
    "beam.norm.say.off": {
        "zh": "每个 log p 都是负的，输出越长加得越多；除以 T_y 的 α 次方可以抵消一部分，可这里 α = {a}，什么也没除。B 约为 10、α 在 0.5 到 1 之间是 2018 年前后的惯例；GNMT 用的是另一种归一化。",
        "en": "Every log p is negative, so a longer output adds up more of them; dividing by T_y to the power α offsets that, but here α = {a}: nothing is divided. B near 10 and α from 0.5 to 1 were 2018 conventions; GNMT normalises another way.",
        "fixed": {"10": "the page's customary beam width, B ≈ 10", "0": "the lower end of the page's customary α, 0.5", "5": "the lower end of the page's customary α, 0.5",
                  "1": "the page's customary range of α", "2018": "the year of the conventions the page quotes"}},
    "beam.bias.say.found": {
        "zh": "{n} 个样本串里有 {k} 个出现偏短：一个 {L} 位的串，α = 0 选出的输出只有 {s} 位数字，α = {a} 选出的有 {l} 位。",
        "en": "The short-output bias appears in {k} of {n} sample strings: for one of {L} digits, α = 0 picks an output of {s} digit{s_s}, α = {a} one of {l}.",
        "fixed": {"0": "α = 0, no normalisation"}},
    "beam.bias.say.off": {
        "zh": "这里 α = {a}，就是不归一化的搜索本身；要看偏短，得拿 α 大于 0 的搜索来比。",
        "en": "Here α = {a}: this is the unnormalised search itself, and showing the short-output bias needs an α above 0 to compare with.",
        "fixed": {"0": "α above 0"}},
    "beam.bias.say.none": {
        "zh": "在 {n} 个样本串里，α = 0 和 α = {a} 选出的输出长度都一样：这个模型上没看到偏短。",
        "en": "In a sample of {n} strings, α = 0 and α = {a} pick outputs of the same length every time: this model shows no short-output bias.",
        "fixed": {"0": "α = 0, no normalisation"}},
    "beam.head": {"zh": "第 {t} 步，留下的束", "en": "step {t}: the beams kept"},
    "beam.out": {"zh": "输出 {o}，得分 {s}", "en": "output {o}, score {s}"},
    "beam.alpha0": {"zh": "$\\alpha = 0$ 选的，$\\log P$ = {lp}", "en": "picked at $\\alpha = 0$, $\\log P$ = {lp}",
                    "fixed": {"0": "α = 0, no normalisation"}},
    "beam.alpha": {"zh": "$\\alpha$ = {a} 选的，$\\log P$ = {lp}", "en": "picked at $\\alpha$ = {a}, $\\log P$ = {lp}"},
    "beam.right": {"zh": "正确答案，$\\log P$ = {lp}", "en": "right answer, $\\log P$ = {lp}"},
    "beam.nobias": {"zh": "样本里没有偏短的输出", "en": "no shorter output in the sample"},
    # ----- 5. attribution ----------------------------------------------------------------------
    "attr": {"zh": "怪搜索还是怪模型：比较两个概率", "en": "Search or model: compare two probabilities"},
    "attr.say": {
        "zh": "翻错时有个能算的判据：正确答案 y* 的概率更高，说明搜索没找到它；不更高，说明模型本来就更喜欢错的。",
        "en": "When an output is wrong, a computable test assigns the blame: if the right answer y* is more probable, the search missed it; if not, the model prefers the wrong one."},
    "attr.fail.say.some": {
        "zh": "在 {n} 个样本串里，束搜索错了 {f} 个。下表是前几个。",
        "en": "Of the {n} sample strings, the beam gets {f} wrong. The table shows the first ones."},
    "attr.fail.say.none": {
        "zh": "在 {n} 个样本串里，束搜索一个都没错，没有什么可以归因。",
        "en": "Of the {n} sample strings, the beam gets every one right: there is nothing to assign."},
    "attr.verdict.say.model": {
        "zh": "{f} 次错误全都算在模型头上：模型自己就把错的输出排在前面，该改的是模型，比如下一节的注意力，而不是束宽。",
        "en": "The model is to blame for every failure ({f}): it ranks the wrong output higher itself, so the fix is the model, attention for one, not the beam."},
    "attr.verdict.say.search": {
        "zh": "{f} 次错误全都算在搜索头上：正确答案的概率更高，加宽束就可能找到。",
        "en": "The search is to blame for every failure ({f}): the right answers are more probable, and a wider beam may find them."},
    "attr.verdict.say.both": {
        "zh": "判据把 {m} 次算给模型，{s} 次算给搜索：两边都要修。",
        "en": "The rule blames the model {m} time{m_s} and the search {s} time{s_s}: both need fixing."},
    "attr.verdict.say.none": {
        "zh": "没有错误，判据也就无事可做。",
        "en": "With no failure, the rule has nothing to do."},
    "attr.rule1": {"zh": "$P(y^* \\mid x) > P(\\hat y \\mid x)$：怪搜索，加宽 $B$",
                   "en": "$P(y^* \\mid x) > P(\\hat y \\mid x)$: the search; widen $B$"},
    "attr.rule2": {"zh": "$P(y^* \\mid x) \\le P(\\hat y \\mid x)$：怪模型，改模型",
                   "en": "$P(y^* \\mid x) \\le P(\\hat y \\mid x)$: the model; change it"},
    "attr.h_len": {"zh": "长度", "en": "length"},
    "attr.h_ref": {"zh": "$\\log P(y^* \\mid x)$", "en": "$\\log P(y^* \\mid x)$"},
    "attr.h_out": {"zh": "$\\log P(\\hat y \\mid x)$", "en": "$\\log P(\\hat y \\mid x)$"},
    "attr.h_who": {"zh": "归因", "en": "blame"},
    "attr.none": {"zh": "没有翻错的样本", "en": "no failure in the sample"},
    "attr.count": {"zh": "模型 {m} 次，搜索 {s} 次", "en": "model {m}, search {s}"},
    # ----- 6. BLEU -----------------------------------------------------------------------------
    "bleu": {"zh": "BLEU：截断的 n-gram 精确率和长度惩罚",
             "en": "BLEU: clipped n-gram precisions and a brevity penalty"},
    "bleu.say": {
        "zh": "BLEU 拿候选译文和参考译文比 1 到 4 元的 n-gram，每个 n-gram 最多按参考里出现的次数算。",
        "en": "BLEU compares a candidate with a reference by n-grams of 1 to 4 tokens, each counted at most as often as the reference has it.",
        "fixed": {"1": "the smallest n-gram order", "4": "the largest n-gram order of BLEU-4"}},
    "bleu.prec.say": {
        "zh": "四个截断精确率：候选的 n-gram 里有多少能在参考里找到。",
        "en": "The four clipped precisions: how many of the candidate's n-grams the reference has."},
    "bleu.bp.say.short": {
        "zh": "候选 {c} 个 token，参考 {r} 个：候选偏短，长度惩罚 BP = {bp}。",
        "en": "The candidate has {c} token{c_s}, the reference {r}: it is shorter, and the brevity penalty is BP = {bp}."},
    "bleu.bp.say.long": {
        "zh": "候选 {c} 个 token，参考 {r} 个：候选不短，长度惩罚 BP = {bp}。",
        "en": "The candidate has {c} token{c_s}, the reference {r}: it is not shorter, so BP = {bp}."},
    "bleu.geo.say.nonzero": {
        "zh": "BLEU 是 BP 乘四个精确率的几何平均，也就是对数平均再取指数：{b}。",
        "en": "BLEU is BP times the geometric mean of the four, the exponential of their mean log: {b}."},
    "bleu.geo.say.zero": {
        "zh": "有一个精确率是 0，它的对数是负无穷，不做平滑时 BLEU 就是 {b}。",
        "en": "One precision is 0, its log is minus infinity, and without smoothing BLEU is {b}.",
        "fixed": {"0": "a precision of zero"}},
    "bleu.page.say": {
        "zh": "讲义的公式把对数漏掉了，直接对精确率取平均再取指数，这里得 {g}；它永远不小于 1，不是一个分数。",
        "en": "The page's formula leaves out the log and exponentiates the mean precision: {g} here, never below 1, so not a score.",
        "fixed": {"1": "the floor of the page's formula, exp(0) = 1"}},
    "bleu.cand": {"zh": "候选：{s}", "en": "candidate: {s}"},
    "bleu.ref": {"zh": "参考：{s}", "en": "reference: {s}"},
    "bleu.pn": {"zh": "$p_{{{n}}}$ = {m} / {t} = {p}", "en": "$p_{{{n}}}$ = {m} / {t} = {p}"},
    "bleu.bp": {"zh": "BP = {bp}", "en": "BP = {bp}"},
    "bleu.value": {"zh": "BLEU = {b}", "en": "BLEU = {b}"},
    "bleu.page": {"zh": "讲义的式子：{g}", "en": "the page's formula: {g}"},
}
for _i in range(4):     # one rule per row of the attribution table
    TEXT[f"attr.who{_i}.search"] = {"zh": "搜索", "en": "search"}
    TEXT[f"attr.who{_i}.model"] = {"zh": "模型", "en": "model"}


class Seq2Seq(LectureScene):
    """P7: a conditional language model, the trained encoder–decoder and its bottleneck,
    beam search, the attribution rule, BLEU."""

    SECTION_ID = "pre-07-seq2seq"
    BEATS = ("conditional", "encoder_decoder", "bottleneck", "beam", "attribution", "bleu")
    TEXT = TEXT

    # ----- rules on the values as displayed -------------------------------------------------
    def _fall_case(self) -> str:
        return "holds" if self.v.half_len is None else "falls"

    def _greedy_case(self) -> str:
        if self.v.beam_width == 1:       # the beam is greedy search: nothing to compare
            return "itself"
        return "same" if self.v.example_greedy == self.v.beam_output else "differs"

    def _verdict(self, f) -> str:
        return "search" if self.shown_value_of(f.log_p_ref) > self.shown_value_of(f.log_p_out) \
            else "model"

    @staticmethod
    def shown_value_of(x) -> float:
        from ..bind import shown
        return shown(x, "fmt:2")

    def _alpha_off(self) -> bool:
        return self.shown_value("alpha", "num") == 0.0

    def _verdict_case(self) -> str:
        v = self.v
        if v.n_failures == 0:
            return "none"
        if v.n_search == 0:
            return "model"
        return "search" if v.n_model == 0 else "both"

    # ----- pieces -----------------------------------------------------------------------------
    def _box(self, mob, color, w=None, h=0.56):
        w = w or max(0.5, mob.width + 0.2)
        box = Rectangle(width=w, height=h, color=color, stroke_width=2)
        return VGroup(box, mob.move_to(box))

    @staticmethod
    def _arrow(a, b, color=None, width=2):
        return Arrow(a, b, buff=0.05, color=color or P.muted, stroke_width=width,
                     max_tip_length_to_length_ratio=0.25, max_stroke_width_to_length_ratio=8)

    # ----- 1 ------------------------------------------------------------------------------------
    def conditional(self):
        v = self.v
        L = len(v.example.src)
        self.claim("cond", say=False)
        f = self.math(r"P(y \mid x)", "=", r"\prod_{t=1}^{T_y}", r"p(y_t \mid", r"y_1, \dots, y_{t-1},",
                      r"x)", reason="the product's first index, t = 1")
        f[0].set_color(P.output_gate)
        f[5].set_color(P.token)
        f.move_to([0, 1.75, 0])
        self.say("cond.say")
        self.pace([Write(f[0]), Write(f[1])], [Write(f[2]), Write(f[3])], [Write(f[4]), Write(f[5])])
        pitch = min(1.25, 12.0 / (L + 1))
        src_line = self.value(f"example_text.{self.lang}", "str", size=style.BODY_SIZE,
                              color=P.token, name="source")
        src_line.move_to([0, 0.75, 0])
        cells, lps = VGroup(), VGroup()
        for j in range(L + 1):
            x = self.slot_x(j, L + 1, pitch)
            if j < L:
                t = self.value(f"example.tgt[{j}]", "str", size=style.BODY_SIZE, color=P.output_gate)
            else:
                t = self.plain("</s>", size=style.LABEL_SIZE, color=P.output_gate)
            cells.add(self._box(t, P.output_gate, w=pitch - 0.15).move_to([x, -0.35, 0]))
            lps.add(self.value(f"example_log_probs[{j}]", "dec:2", size=style.LABEL_SIZE,
                               color=P.gradient).move_to([x, -1.1, 0]))
        arrow = self._arrow(src_line.get_bottom(), cells.get_top(), P.muted)
        lab = self.text("cond.logp", size=style.LABEL_SIZE, color=P.gradient)
        lab.next_to(lps, LEFT, buff=0.3)
        if lab.get_left()[0] < -6.9:
            lab.next_to(lps, UP, buff=0.15)
        self.say("cond.task.say", n=Val("param.example_length", "int"))
        self.pace(FadeIn(src_line, shift=0.1 * DOWN), Create(arrow),
                  LaggedStart(*[FadeIn(c) for c in cells], lag_ratio=0.3))
        total = self.text("cond.total", size=style.BODY_SIZE, color=P.highlight,
                          lp=Val("example_log_p", "fmt:2"))
        total.move_to([0, -1.85, 0])
        self.show("log_p", total)
        self.say("cond.chain.say", lp=Val("example_log_p", "fmt:2"))
        self.pace([FadeIn(lab), Indicate(f[3], color=P.highlight)],
                  LaggedStart(*[FadeIn(m, shift=0.1 * DOWN) for m in lps], lag_ratio=0.4),
                  FadeIn(total))
        self.hold()

    # ----- 2 ------------------------------------------------------------------------------------
    def encoder_decoder(self):
        v = self.v
        self.clear_stage()
        self.claim("enc", H=Val("hidden", "int"), say=False)
        L = len(v.example.src)
        pitch = min(0.62, 5.6 / (L + 1))
        y = 1.45
        enc = VGroup(*[Square(0.38, color=P.hidden, stroke_width=2).move_to(
            [-0.9 - (L - 1 - j) * pitch, y, 0]) for j in range(L)])
        dec = VGroup(*[Square(0.38, color=P.output_gate, stroke_width=2).move_to(
            [0.9 + j * pitch, y, 0]) for j in range(L + 1)])
        c = Square(0.5, color=P.highlight, stroke_width=3).move_to([0, y, 0])
        rec_e = VGroup(*[self._arrow(enc[j].get_right(), enc[j + 1].get_left(), P.hidden, 1.5)
                         for j in range(L - 1)])
        rec_d = VGroup(*[self._arrow(dec[j].get_right(), dec[j + 1].get_left(), P.output_gate, 1.5)
                         for j in range(L)])
        into = self._arrow(enc[-1].get_right(), c.get_left(), P.highlight, 2.5)
        out = self._arrow(c.get_right(), dec[0].get_left(), P.highlight, 2.5)
        c_lab = self.text("enc.c", size=style.LABEL_SIZE, color=P.highlight, H=Val("hidden", "int"))
        c_lab.next_to(c, DOWN, buff=0.15)
        e_lab = self.text("enc.encoder", size=style.LABEL_SIZE, color=P.hidden)
        e_lab.next_to(enc, UP, buff=0.12)
        d_lab = self.text("enc.decoder", size=style.LABEL_SIZE, color=P.output_gate)
        d_lab.next_to(dec, UP, buff=0.12)
        cite = self.cite_row("Sutskever et al. 2014, arXiv:1409.3215",
                             "Cho et al. 2014, arXiv:1406.1078")
        self.say("enc.say")
        self.pace([FadeIn(cite), FadeIn(e_lab), LaggedStart(*[FadeIn(s) for s in enc], lag_ratio=0.2),
                   Create(rec_e)],
                  [Create(into), FadeIn(c), FadeIn(c_lab)],
                  [Create(out), FadeIn(d_lab), LaggedStart(*[FadeIn(s) for s in dec], lag_ratio=0.2),
                   Create(rec_d)])
        # the loss curve
        E = v.epochs
        top = math.ceil(float(v.train_losses.max()) * 2) / 2
        xs = max(1, E // 5)
        ax = Axes([0, E, xs], [0, top, 0.5], x_length=8.0,
                  y_length=2.2, axis_config={"color": P.muted, "include_tip": False,
                                             "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(xs, E + 1, xs))},
                  y_axis_config={"numbers_to_include": [0, top], "numbers_to_exclude": [],
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([-2.1, -0.85, 0])
        self.ticks(ax)
        xl = self.text("enc.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_right(), RIGHT, buff=0.2)
        yl = self.text("enc.y", size=style.SMALL_SIZE, color=P.muted)
        # above the axis line's top (the y axis's own box holds its numbers: its top's centre
        # is left of the line, and the label sat on the line)
        yl.next_to(ax.c2p(0, top), UP, buff=0.12, aligned_edge=LEFT)
        self.ax = ax
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="train_losses")

        def curve(j):
            pts = [ax.c2p(i + 1, v.train_losses[i]) for i in range(j + 1)]
            m = VMobject(color=P.gradient, stroke_width=3)
            m.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
            return m

        def tip(m):
            x, yy = ax.p2c(corners(m)[-1])[:2]
            return [x, yy]

        line = live.redraw(curve, path=("epoch_index[{i}]", "train_losses[{i}]"), measure=tip)
        ep_lab = self.text("enc.x", size=style.LABEL_SIZE, color=P.muted)
        ep_lab.move_to([3.7, -0.2, 0], aligned_edge=LEFT)
        ep = live_value(self, live, "epoch_index[{i}]", "int", ep_lab, P.muted,
                        size=style.LABEL_SIZE)
        lv_lab = self.text("enc.y", size=style.LABEL_SIZE, color=P.gradient)
        lv_lab.move_to([3.7, -0.8, 0], aligned_edge=LEFT)
        lv = live_value(self, live, "train_losses[{i}]", "fmt:3", lv_lab, P.gradient,
                        size=style.BODY_SIZE)
        self.say("enc.train.say", H=Val("hidden", "int"), c=Val("clip", "num"),
                 E=Val("epochs", "int"), a=Val("train_min_len", "int"),
                 b=Val("train_max_len", "int"))
        self.play(Create(ax), FadeIn(xl), FadeIn(yl), run_time=0.8)
        self.add(line, ep, ep_lab, lv, lv_lab)
        live.play(k.animate.set_value(E - 1), run_time=self.left(0.9, least=3.0), rate_func=linear)
        settle_value(self, lv, "final_loss", "fmt:3", lv_lab, P.gradient, name="final_loss",
                     size=style.BODY_SIZE)
        settle_value(self, ep, "epochs", "int", ep_lab, P.muted, name="epochs",
                     size=style.LABEL_SIZE)
        self.say("enc.loss.say", l=Val("final_loss", "fmt:2"))
        self.pace(Indicate(lv, color=P.highlight), Indicate(c, color=P.highlight))
        self.hold()

    # ----- 3 ------------------------------------------------------------------------------------
    def bottleneck(self):
        v = self.v
        self.clear_stage()
        self.claim("neck", say=False)
        Ls = v.lengths
        ax = Axes([int(Ls[0]) - 1, int(Ls[-1]) + 1, 3], [0, 100, 25], x_length=7.8, y_length=3.1,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(int(Ls[0]), int(Ls[-1]) + 1, 3))},
                  y_axis_config={"numbers_to_include": [0, 50, 100], "numbers_to_exclude": []})
        ax.move_to([-2.3, -0.2, 0])
        self.ticks(ax)
        xl = self.text("neck.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_right(), RIGHT, buff=0.2)
        yl = self.text("neck.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), UP, buff=0.12, aligned_edge=LEFT)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="accuracy")

        def curve(j):
            pts = [ax.c2p(int(Ls[i]), v.accuracy[i]) for i in range(j + 1)]
            m = VMobject(color=P.hidden, stroke_width=4)
            m.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
            return m

        def tip(m):
            x, yy = ax.p2c(corners(m)[-1])[:2]
            return [x, yy]

        line = live.redraw(curve, path=("lengths[{i}]", "accuracy[{i}]"), measure=tip)
        px = 3.0
        lab_len = self.plain("L =", size=style.LABEL_SIZE, color=P.muted).move_to(
            [px, 0.9, 0], aligned_edge=LEFT)
        lval = live_value(self, live, "lengths[{i}]", "int", lab_len, P.muted,
                          size=style.LABEL_SIZE)
        aval = live_value(self, live, "accuracy[{i}]", "fmt:0", None, P.hidden,
                          size=style.TITLE_SIZE, at=[px, 0.3, 0], edge=LEFT)
        pct = self.plain("%", size=style.BODY_SIZE, color=P.hidden)
        pct.next_to(aval, RIGHT, buff=0.08)
        self.say("neck.say", n=Val("n_per_length", "int"))
        self.play(Create(ax), FadeIn(xl), FadeIn(yl), run_time=0.8)
        self.add(line, lab_len, lval, aval, pct)
        live.play(k.animate.set_value(len(Ls) - 1), run_time=self.left(0.9, least=4.0),
                  rate_func=linear)
        settle_value(self, aval, "acc_last", "fmt:0", None, P.hidden, name="acc_last",
                     size=style.TITLE_SIZE, at=[px, 0.3, 0], edge=LEFT)
        settle_value(self, lval, f"lengths[{len(Ls) - 1}]", "int", lab_len, P.muted,
                     size=style.LABEL_SIZE)
        pct.next_to(aval, RIGHT, buff=0.08)
        case = self._fall_case()
        fields = dict(l0=Val("lengths[0]", "int"), a0=Val("acc_first", "fmt:0"),
                      l1=Val(f"lengths[{len(Ls) - 1}]", "int"), a1=Val("acc_last", "fmt:0"))
        if case == "falls":
            fields["lh"] = Val("half_len", "int")
            end = self.text("neck.end", variant=case, size=style.LABEL_SIZE, color=P.text,
                            lh=Val("half_len", "int"))
            dot = VGroup(Line(ax.c2p(v.half_len, 0), ax.c2p(v.half_len, 100), color=P.dead,
                              stroke_width=2))
        else:
            end = self.text("neck.end", variant=case, size=style.LABEL_SIZE, color=P.text)
            dot = VGroup(Line(ax.c2p(int(Ls[0]), v.acc_first / 2),
                              ax.c2p(int(Ls[-1]), v.acc_first / 2), color=P.dead, stroke_width=2))
        if end.width > 6.9 - px:
            end.scale_to_fit_width(6.9 - px)
        end.move_to([px, -0.5, 0], aligned_edge=LEFT)
        self.show("fall", end)
        self.say("neck.fall.say", variant=case, **fields)
        self.pace(Create(dot), FadeIn(end))
        self.say("neck.look.say", H=Val("hidden", "int"))
        self.pace(Indicate(line, color=P.attention), Indicate(end, color=P.attention))
        self.hold()

    # ----- 4 ------------------------------------------------------------------------------------
    def _beam_rows(self, t):
        """The beams kept at step t (0-based): a digit string and its summed log p per row."""
        v = self.v
        rows = VGroup()
        for kk in range(len(v.beam_rows[t])):
            s = self.value(f"beam_rows[{t}][{kk}]", "str", size=style.SMALL_SIZE,
                           color=P.output_gate, name=None)
            lp = self.value(f"beam_logp[{t}][{kk}]", "fmt:2", size=style.SMALL_SIZE,
                            color=P.gradient, name=None)
            s.move_to([-6.4, 1.3 - ROW * kk, 0], aligned_edge=LEFT)
            lp.move_to([-2.2, 1.3 - ROW * kk, 0], aligned_edge=RIGHT)
            rows.add(VGroup(s, lp))
        return rows

    def beam(self):
        v = self.v
        self.clear_stage()
        self.claim("beam", say=False)
        n_steps = len(v.beam_rows)
        head = self.text("beam.head", size=style.LABEL_SIZE, color=P.muted,
                         t=Val("beams.steps[0].t", "int"))
        head.move_to([-6.4, 1.85, 0], aligned_edge=LEFT)
        rows = self._beam_rows(0)
        key = self.plain("■ = </s>", size=style.SMALL_SIZE, color=P.muted)
        key.next_to(head, RIGHT, buff=0.5)
        self.say("beam.say", B=Val("beam_width", "int"))
        self.play(FadeIn(head), FadeIn(key), LaggedStart(*[FadeIn(r) for r in rows], lag_ratio=0.2),
                  run_time=0.8)
        per = max(0.4, self.left(0.9, least=2.0) / max(n_steps - 1, 1))
        for t in range(1, n_steps):
            new_head = self.text("beam.head", size=style.LABEL_SIZE, color=P.muted,
                                 t=Val(f"beams.steps[{t}].t", "int"))
            new_head.move_to(head, aligned_edge=LEFT)
            new_rows = self._beam_rows(t)
            self.play(FadeOut(head), FadeIn(new_head), FadeOut(rows), FadeIn(new_rows),
                      run_time=per)
            head, rows = new_head, new_rows
        out = self.text("beam.out", size=style.LABEL_SIZE, color=P.highlight,
                        o=Val("beam_output", "str"), s=Val("beam_score", "fmt:2"))
        out.move_to([-6.4, 1.3 - ROW * v.beam_width - 0.15, 0], aligned_edge=LEFT)
        self.show("beam_output", out)
        case = self._greedy_case()
        self.say("beam.greedy.say", variant=case, g=Val("example_greedy", "str"),
                 b=Val("beam_output", "str"))
        self.pace(FadeIn(out), Indicate(rows[0], color=P.highlight))
        f = self.math(r"\frac{1}{T_y^{\alpha}}", r"\sum_{t=1}^{T_y} \log p(y_t \mid x, y_{<t})",
                      reason="the normalisation's numerator 1 and the first index t = 1")
        f.move_to([3.6, 1.3, 0])
        cite = self.cite_row("Wu et al. 2016, arXiv:1609.08144")
        self.say("beam.norm.say", variant="off" if self._alpha_off() else "on",
                 a=Val("alpha", "num"))
        # the sum of log p; the division by T_y^α; the conventions (α is in the divisor); GNMT
        # (the citation is its paper)
        self.cued({"zh": ("", "除以", "B 约为", "GNMT"),
                   "en": ("", "dividing by", "B near 10", "GNMT")},
                  Write(f[1]), Write(f[0]), Indicate(f[0], color=P.highlight), FadeIn(cite))
        if self._alpha_off():
            r0 = self.text("beam.nobias", size=style.LABEL_SIZE, color=P.muted)
            r0.move_to([BIAS_X, 0.0, 0], aligned_edge=LEFT)
            self.say("beam.bias.say", variant="off", a=Val("alpha", "num"))
            self.pace(FadeIn(r0), Indicate(f[0], color=P.muted))
        elif v.bias is not None:
            r0 = self.text("beam.alpha0", size=style.SMALL_SIZE, color=P.dead,
                           lp=Val("bias.short_log_p", "fmt:2"))
            r1 = self.text("beam.alpha", size=style.SMALL_SIZE, color=P.highlight,
                           a=Val("alpha", "num"), lp=Val("bias.long_log_p", "fmt:2"))
            rr = self.text("beam.right", size=style.SMALL_SIZE, color=P.forget,
                           lp=Val("bias.ref_log_p", "fmt:2"))
            self.show("bias_ref", rr)
            grp = VGroup()
            for lab, path, color in ((rr, "bias.ref", P.forget), (r0, "bias.short", P.dead),
                                     (r1, "bias.long", P.highlight)):
                digits = self.value(path, "str", size=style.LABEL_SIZE, color=color)
                grp.add(VGroup(lab, digits).arrange(DOWN, buff=0.08, aligned_edge=LEFT))
            grp.arrange(DOWN, buff=0.16, aligned_edge=LEFT)
            grp.move_to([BIAS_X, 0.3, 0], aligned_edge=UP + LEFT)
            self.show("bias_short", r0)
            self.show("bias_long", r1)
            rr, r0, r1 = grp
            self.say("beam.bias.say", variant="found", n=Val("n_sample", "int"),
                     k=Val("bias_count", "int"), L=Val("bias.length", "int"),
                     s=Val("bias.short_len", "int"), a=Val("alpha", "num"),
                     l=Val("bias.long_len", "int"))
            self.pace(FadeIn(rr), [FadeIn(r0), FadeIn(r1)], Indicate(r0, color=P.dead))
        else:
            r0 = self.text("beam.nobias", size=style.LABEL_SIZE, color=P.muted)
            r0.move_to([BIAS_X, 0.0, 0], aligned_edge=LEFT)
            self.say("beam.bias.say", variant="none", n=Val("n_sample", "int"),
                     a=Val("alpha", "num"))
            self.pace(FadeIn(r0), Indicate(r0, color=P.muted))
        self.hold()

    # ----- 5 ------------------------------------------------------------------------------------
    def attribution(self):
        v = self.v
        self.clear_stage()
        self.claim("attr", say=False)
        r1 = self.text("attr.rule1", size=style.LABEL_SIZE, color=P.text)
        r2 = self.text("attr.rule2", size=style.LABEL_SIZE, color=P.text)
        VGroup(r1, r2).arrange(DOWN, buff=0.25, aligned_edge=LEFT).move_to([0, 1.55, 0])
        self.say("attr.say")
        self.pace(FadeIn(r1), FadeIn(r2))
        xs = (-4.6, -1.9, 1.3, 4.2)
        heads = VGroup(*[self.text(k, size=style.LABEL_SIZE, color=P.muted).move_to([x, 0.45, 0])
                         for k, x in zip(("attr.h_len", "attr.h_ref", "attr.h_out", "attr.h_who"),
                                         xs)])
        rows = []
        for i, f in enumerate(v.failures):
            y = -0.1 - 0.46 * i
            who = self._verdict(f)
            cells = VGroup(
                self.value(f"failures[{i}].length", "int", size=style.LABEL_SIZE,
                           color=P.token).move_to([xs[0], y, 0]),
                self.value(f"failures[{i}].log_p_ref", "fmt:2", size=style.LABEL_SIZE,
                           color=P.forget).move_to([xs[1], y, 0]),
                self.value(f"failures[{i}].log_p_out", "fmt:2", size=style.LABEL_SIZE,
                           color=P.output_gate).move_to([xs[2], y, 0]),
                self.text(f"attr.who{i}", variant=who, size=style.LABEL_SIZE,
                          color=P.highlight).move_to([xs[3], y, 0]))
            rows.append(cells)
        if v.n_failures:
            self.say("attr.fail.say", variant="some", n=Val("n_sample", "int"),
                     f=Val("n_failures", "int"))
            self.pace(FadeIn(heads), LaggedStart(*[FadeIn(r) for r in rows], lag_ratio=0.5))
        else:
            none = self.text("attr.none", size=style.LABEL_SIZE, color=P.muted).move_to([0, 0, 0])
            self.say("attr.fail.say", variant="none", n=Val("n_sample", "int"))
            self.pace(FadeIn(none))
        case = self._verdict_case()
        fields = {"none": {}, "model": dict(f=Val("n_failures", "int")),
                  "search": dict(f=Val("n_failures", "int")),
                  "both": dict(m=Val("n_model", "int"), s=Val("n_search", "int"))}[case]
        count = self.text("attr.count", size=style.BODY_SIZE, color=P.highlight,
                          m=Val("n_model", "int"), s=Val("n_search", "int"))
        count.move_to([0, -2.05, 0])
        self.show("count", count)
        self.say("attr.verdict.say", variant=case, **fields)
        target = r2 if case == "model" else r1
        self.pace(FadeIn(count), Indicate(target, color=P.highlight))
        self.hold()

    # ----- 6 ------------------------------------------------------------------------------------
    def bleu(self):
        v = self.v
        b = v.bleu
        self.clear_stage()
        self.claim("bleu", say=False)
        cand = self.text("bleu.cand", size=style.LABEL_SIZE, color=P.output_gate,
                         s=Val("param.candidate", "str"))
        ref = self.text("bleu.ref", size=style.LABEL_SIZE, color=P.forget,
                        s=Val("param.reference", "str"))
        lines = VGroup(cand, ref).arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        lines.move_to([-6.6, 1.6, 0], aligned_edge=LEFT)
        if lines.get_right()[0] > 6.9:
            lines.scale_to_fit_width(13.5).move_to([-6.6, 1.6, 0], aligned_edge=LEFT)
        cite = self.cite_row("Papineni et al., ACL 2002")
        self.say("bleu.say")
        self.pace([FadeIn(cite), FadeIn(cand)], FadeIn(ref))
        rows = VGroup()
        for n in range(4):
            r = self.text("bleu.pn", size=style.LABEL_SIZE, color=P.text,
                          n=Val(f"bleu_orders[{n}]", "int"), m=Val(f"bleu.matches[{n}]", "int"),
                          t=Val(f"bleu.totals[{n}]", "int"), p=Val(f"bleu.precisions[{n}]", "fmt:3"))
            r.move_to([-6.6, 0.55 - 0.48 * n, 0], aligned_edge=LEFT)
            rows.add(r)
        self.say("bleu.prec.say")
        self.pace(LaggedStart(*[FadeIn(r, shift=0.1 * RIGHT) for r in rows], lag_ratio=0.5))
        bp = self.text("bleu.bp", size=style.BODY_SIZE, color=P.text,
                       bp=Val("bleu.brevity_penalty", "fmt:3"))
        bp.move_to([BX, 0.55, 0], aligned_edge=LEFT)
        self.show("bp", bp)
        bp_case = "short" if b.c < b.r else "long"
        self.say("bleu.bp.say", variant=bp_case, c=Val("bleu.c", "int"), r=Val("bleu.r", "int"),
                 bp=Val("bleu.brevity_penalty", "fmt:3"))
        self.pace(FadeIn(bp), Indicate(lines, color=P.highlight))
        f = self.math(r"\mathrm{BLEU} = 100\cdot\mathrm{BP}\cdot\exp\Big(\sum_{n=1}^{4}\tfrac14\log p_n\Big)",
                      reason="BLEU-4 on the 0-100 scale: orders n = 1 to 4, weights 1/4")
        f.move_to([BX, -0.25, 0], aligned_edge=LEFT)
        if f.get_right()[0] > 6.9:
            f.scale_to_fit_width(6.9 - BX).move_to([BX, -0.25, 0], aligned_edge=LEFT)
        val = self.text("bleu.value", size=style.BODY_SIZE, color=P.highlight,
                        b=Val("bleu.bleu", "fmt:1"))
        val.move_to([BX, -1.05, 0], aligned_edge=LEFT)
        self.show("bleu", val)
        geo = "zero" if b.zero else "nonzero"
        self.say("bleu.geo.say", variant=geo, b=Val("bleu.bleu", "fmt:1"))
        self.pace(Write(f), FadeIn(val))
        page = self.text("bleu.page", size=style.LABEL_SIZE, color=P.muted,
                         g=Val("bleu.page_formula", "fmt:3"))
        pf = self.math(r"\exp\Big(\tfrac14\sum_{n=1}^{4} p_n\Big)", color=P.muted,
                       reason="the page's formula over orders 1 to 4", scale=0.6)
        page.move_to([BX, -1.75, 0], aligned_edge=LEFT)
        pf.next_to(page, RIGHT, buff=0.3)
        if pf.get_right()[0] > 6.9:
            VGroup(page, pf).shift((pf.get_right()[0] - 6.9) * LEFT)
        self.show("page_formula", page)
        strike = Line(page.get_left(), pf.get_right(), color=P.exploded, stroke_width=3)
        self.say("bleu.page.say", g=Val("bleu.page_formula", "fmt:3"))
        self.pace([FadeIn(page), FadeIn(pf)], Create(strike))
        self.hold(2.0)
