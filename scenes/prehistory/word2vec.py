"""P6 Word vectors: one-hot's empty geometry, skip-gram's windows and objective, negative
sampling's noise, the loss falling as numpy trains, what the trained vectors give (neighbours,
a PCA view, analogies, WordSim-353) and the static limit with the line to contextual vectors."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Axes, Create, Dot, FadeIn, FadeOut, Indicate,
                   LaggedStart, Line, Rectangle, Square, ValueTracker, VGroup, VMobject, Write,
                   linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, live_value

P = style.PALETTE

#: The loss chart: centre and size; the readout column right of it.
CHART_X, CHART_Y, CHART_W, CHART_H = -2.4, -0.15, 7.4, 3.6
PANEL_X = 2.2
#: The PCA view: centre and half-size of its box.
PCA_X, PCA_Y, PCA_W, PCA_H = -4.1, -0.2, 5.4, 4.0
#: The neighbour table's left edge.
TABLE_X = -0.8
#: A group's colours in the PCA view and the neighbour table (by role: one query each).
GROUP_COLORS = ("hidden", "cell", "candidate")


def group_color(g: int) -> str:
    return getattr(P, GROUP_COLORS[g % len(GROUP_COLORS)])


TEXT = {
    # ----- 1. one-hot ---------------------------------------------------------------------
    "onehot": {"zh": "one-hot：任意两个词的距离都一样",
               "en": "One-hot: every two words are equally far apart"},
    "onehot.say": {
        "zh": "最朴素的表示是 one-hot：词表有 {nv} 个词，每个词是长 {nv} 的向量，"
              "只在自己的位置上是 1。",
        "en": "The plainest representation is one-hot: with {nv} words in the vocabulary, "
              "each word is a vector of length {nv}, 1 in its own slot only.",
        "fixed": {"1": "the one entry of a one-hot vector"}},
    "onehot.dist.say": {
        "zh": "两个不同的词恰好在两处不同。把全部 {pairs} 对都算一遍：距离最小 {lo}，最大 {hi}，"
              "也就是根号 2；余弦最大 {cos}。",
        "en": "Two different words differ in exactly two places. Over all {pairs} pairs, "
              "computed: the smallest distance is {lo}, the largest {hi}, the square root "
              "of 2; the largest cosine is {cos}.",
        "fixed": {"2": "the two places two one-hot vectors differ in, and √2"}},
    "onehot.empty.say": {
        "zh": "所以「{a}」离「{b}」和离「{c}」一样远：这个几何里没有任何意义。",
        "en": "So “{a}” is as far from “{b}” as from “{c}”: this geometry carries no "
              "meaning at all."},
    "onehot.size": {"zh": "$|V|$ = {nv} 维，这里画出前 {cols} 维",
                    "en": "$|V|$ = {nv} entries; the first {cols} drawn"},
    "onehot.lo": {"zh": "最小距离 {lo}", "en": "smallest distance {lo}"},
    "onehot.hi": {"zh": "最大距离 {hi}", "en": "largest distance {hi}"},
    "onehot.cos": {"zh": "最大余弦 {cos}", "en": "largest cosine {cos}"},
    "onehot.pairs": {"zh": "共 {pairs} 对", "en": "over {pairs} pairs"},
    "word": {"zh": "{w}", "en": "{w}"},
    # ----- 2. skip-gram --------------------------------------------------------------------
    "window": {"zh": "Skip-gram：中心词预测窗口里的每个词",
               "en": "Skip-gram: the centre word predicts each word in its window"},
    "window.say": {
        "zh": "出发点是分布假设：词的意思由它的上下文决定，上下文相近的词，向量就该相近。"
              "CBOW 用上下文预测中心词；这里训练的 skip-gram 反过来，用中心词预测上下文。",
        "en": "The starting point is the distributional hypothesis: a word is known by its "
              "contexts, so words with similar contexts should get similar vectors. CBOW "
              "predicts the centre from its context; skip-gram, trained here, predicts the "
              "context from the centre."},
    "window.pairs.say": {
        "zh": "第 {doc} 篇文档里，以「{c}」为中心、窗口 {w}：两边各 {w} 个词，配成 {n} 个"
              "训练对 (c, o)。",
        "en": "In document {doc}, centre “{c}” with window {w}: {w} word{w_s} on each side "
              "make {n} training pairs (c, o)."},
    "window.formula.say": {
        "zh": "每个词有两个向量：中心向量 v 和上下文向量 u，两张表共 {np} 个数。Skip-gram 用 "
              "softmax 给出 P(o | c)，分母要对全部 {nv} 个词求和。",
        "en": "Each word holds two vectors, a centre vector v and a context vector u: two "
              "tables, {np} numbers in all. Skip-gram gives P(o | c) by a softmax whose "
              "denominator sums over all {nv} words."},
    "window.conv.say": {
        "zh": "2013 年论文常用 d 约 300、窗口 5 到 10；这份语料只有 {tokens} 个词，"
              "这里用 d = {d}、窗口 {w}。",
        "en": "The 2013 papers' usual settings were d near 300 and windows of 5 to 10; this "
              "corpus has only {tokens} tokens, so here d = {d} and the window is {w}.",
        "fixed": {"2013": "the papers' year", "300": "the 2013 papers' usual width",
                  "5": "the 2013 papers' smallest usual window",
                  "10": "the 2013 papers' largest usual window"}},
    "window.doc": {"zh": "第 {doc} 篇文档，窗口 $w$ = {w}",
                   "en": "document {doc}, window $w$ = {w}"},
    "window.npairs": {"zh": "{n} 个训练对", "en": "{n} training pairs"},
    "window.conv": {"zh": "2013 年论文：$d \\approx$ 300，窗口 5–10；这里 $d$ = {d}，窗口 {w}",
                    "en": "2013 papers: $d \\approx$ 300, window 5–10; here $d$ = {d}, window {w}",
                    "fixed": {"2013": "the papers' year", "300": "the 2013 papers' usual width",
                              "5": "the 2013 papers' smallest usual window",
                              "10": "the 2013 papers' largest usual window"}},
    # ----- 3. negative sampling ------------------------------------------------------------
    "neg": {"zh": "负采样：{k} 个噪声词代替整个词表",
            "en": "Negative sampling: {k} noise word{k_s} instead of the whole vocabulary"},
    "neg.say": {
        "zh": "负采样把这个多分类换成 k + 1 个二分类：真实的一对拉近，k 个噪声词推远。"
              "这里 k = {k}。",
        "en": "Negative sampling turns it into k + 1 yes-or-no questions: the true pair "
              "is pulled together, k noise words pushed away. Here k = {k}.",
        "fixed": {"1": "the one true pair besides the k noise words"}},
    "neg.noise.say": {
        "zh": "噪声词按词频的 0.75 次幂抽取：最常见的「{w}」占全部词的 {p}，在噪声里只占 {q}。",
        "en": "Noise words are drawn by count to the power 0.75: the commonest word, “{w}”, "
              "is {p} of the text but only {q} of the noise.",
        "fixed": {"0": "the exponent 0.75 of the noise distribution (Mikolov et al. 2013)",
                  "75": "the exponent 0.75 of the noise distribution"}},
    "neg.rare.say": {
        "zh": "最罕见的词被抽中的机会反而提高到 {r} 倍。这个形状，正对拉近、负对推远，"
              "和噪声对比估计 NCE 是近亲。",
        "en": "The rarest words are drawn {r} times as often as their count alone would "
              "give. Pull the true pair, push the noise: a close relative of "
              "noise-contrastive estimation, NCE."},
    "neg.head_word": {"zh": "词", "en": "word"},
    "neg.head_uni": {"zh": "词频占比", "en": "share of text"},
    "neg.head_noise": {"zh": "噪声占比，$\\propto \\mathrm{{count}}^{{0.75}}$",
                       "en": "share of noise, $\\propto \\mathrm{{count}}^{{0.75}}$",
                       "fixed": {"0": "the exponent 0.75 of the noise distribution",
                                 "75": "the exponent 0.75 of the noise distribution"}},
    "neg.rare": {"zh": "最罕见的词：{r} 倍", "en": "rarest words: {r} times"},
    # ----- 4. training ---------------------------------------------------------------------
    "train": {"zh": "用 numpy 训练：每对的损失逐轮下降",
              "en": "Trained in numpy: the loss per pair falls, epoch by epoch"},
    "train.say": {
        "zh": "开始时上下文向量全是 0，每个分数都是 0，每对的损失是 (1 + k) ln 2，"
              "也就是 {l0}。",
        "en": "At the start the context vectors are all 0, so every score is 0 and each "
              "pair costs (1 + k) ln 2, that is {l0}.",
        "fixed": {"0": "the zero context vectors and scores", "1": "the one true pair",
                  "2": "ln 2, the loss of a score of 0"}},
    "train.run.say": {
        "zh": "{e} 轮，每轮约 {n} 对，学习率线性下降；不做高频词下采样。损失降到 {l1}。",
        "en": "{e} epoch{e_s} of about {n} pairs each, the rate falling linearly, no "
              "subsampling of frequent words. The loss falls to {l1}."},
    "train.x": {"zh": "轮次", "en": "epochs"},
    "train.y": {"zh": "每对的平均损失", "en": "mean loss per pair"},
    "train.now": {"zh": "损失", "en": "loss"},
    "train.epoch": {"zh": "轮次", "en": "epoch"},
    "train.start": {"zh": "起点 {l0}", "en": "start {l0}"},
    "train.end": {"zh": "{e} 轮后 {l1}", "en": "after {e} epoch{e_s}: {l1}"},
    # ----- 5. neighbours -------------------------------------------------------------------
    "near": {"zh": "训练给出的近邻（按余弦）", "en": "The neighbours training gave, by cosine"},
    "near.say": {
        "zh": "查询词按规则选：同时出现在 WordSim-353 里的最常见的 {q} 个词。"
              "每列是它余弦最大的 {k} 个词，查询词本身除外。",
        "en": "The query words follow a rule: the {q} commonest words that WordSim-353 also "
              "lists. Each column holds a query's {k} nearest words by cosine, itself left "
              "out.",
        "fixed": {"353": "the data set's name, WordSim-353"}},
    "near.first.say": {
        "zh": "「{q}」最近的是「{w}」，余弦 {c}。",
        "en": "The nearest to “{q}” is “{w}”, cosine {c}."},
    "near.pca.say": {
        "zh": "左边是这些词向量的主成分投影：两个轴分别占方差的 {a} 和 {b}，颜色标出各自的查询词。",
        "en": "On the left, these vectors projected on their first two principal axes, which "
              "carry {a} and {b} of the variance; colour marks each word's query."},
    "near.pca": {"zh": "主成分投影（{n} 个词）", "en": "PCA projection ({n} words)"},
    "near.cell": {"zh": "{w} {c}", "en": "{w} {c}"},
    # ----- 6. analogies --------------------------------------------------------------------
    "analogy": {"zh": "类比 a : b :: c : ?，取 b − a + c 最近的词",
                "en": "Analogies a : b :: c : ?, the word nearest b − a + c"},
    "analogy.say.some": {
        "zh": "Mikolov 的类比题共 {total} 道，四个词都在词表里的只有 {cov} 道；答对 {ok} 道，"
              "准确率 {acc}。",
        "en": "Of Mikolov's {total} analogy questions only {cov} have all four words in the "
              "vocabulary; the vectors answer {ok} of them right, an accuracy of {acc}."},
    "analogy.say.none": {
        "zh": "Mikolov 的类比题共 {total} 道，四个词都在词表里的只有 {cov} 道；一道也没答对。",
        "en": "Of Mikolov's {total} analogy questions only {cov} have all four words in the "
              "vocabulary, and none is answered right."},
    "analogy.page.say.in": {
        "zh": "页面的例子 king − man + woman：最近的词是「{x}」，queen 排第 {r}。",
        "en": "The page's example, king − man + woman: the nearest word is “{x}”, and "
              "“queen” ranks {r}."},
    "analogy.page.say.oov": {
        "zh": "页面的例子 king − man + woman 在这里问不了：「{m}」不在词表里。",
        "en": "The page's example, king − man + woman, cannot be asked here: “{m}” is not in "
              "the vocabulary."},
    "analogy.page.in": {"zh": "页面：king − man + woman → {x}（queen 排第 {r}）",
                        "en": "page: king − man + woman → {x} (queen ranks {r})"},
    "analogy.page.oov": {"zh": "页面：king − man + woman（{m} 不在词表）",
                         "en": "page: king − man + woman (“{m}” not in the vocabulary)"},
    "analogy.small.say.pos": {
        "zh": "这份语料只有 {tokens} 个词，类比很少答对。WordSim-353 的 {total} 对里有 {cov} 对"
              "在词表中，余弦与人的打分的 Spearman 相关是 {rho}，高于 0。",
        "en": "A corpus of {tokens} tokens gets few analogies right. Of WordSim-353's {total} "
              "pairs, {cov} are in the vocabulary; the Spearman correlation of cosine with "
              "people's scores is {rho}, above 0.",
        "fixed": {"353": "the data set's name", "0": "zero correlation"}},
    "analogy.small.say.nonpos": {
        "zh": "这份语料只有 {tokens} 个词，类比很少答对。WordSim-353 的 {total} 对里有 {cov} 对"
              "在词表中，余弦与人的打分的 Spearman 相关是 {rho}，不高于 0。",
        "en": "A corpus of {tokens} tokens gets few analogies right. Of WordSim-353's {total} "
              "pairs, {cov} are in the vocabulary; the Spearman correlation of cosine with "
              "people's scores is {rho}, not above 0.",
        "fixed": {"353": "the data set's name", "0": "zero correlation"}},
    "analogy.q": {"zh": "{a} : {b} :: {c} : ?", "en": "{a} : {b} :: {c} : ?"},
    "analogy.acc": {"zh": "类比：{ok} / {cov} 答对（共 {total} 题）",
                    "en": "analogies: {ok} / {cov} right ({total} in all)"},
    "analogy.ws": {"zh": "WordSim-353：{cov} 对，Spearman {rho}",
                   "en": "WordSim-353: {cov} pairs, Spearman {rho}",
                   "fixed": {"353": "the data set's name"}},
    # ----- 7. static limit -----------------------------------------------------------------
    "static": {"zh": "静态向量：一个词一个向量，不管上下文",
               "en": "Static vectors: one vector per word, whatever the context"},
    "static.say": {
        "zh": "「{w}」出现在 {n} 篇文档里，每一次查到的都是 V 的同一行。一个多义词也只能有一个坐标。",
        "en": "“{w}” appears in {n} documents, and every time it looks up the same row of "
              "V. A word with two senses still gets one point."},
    "static.line.say": {
        "zh": "GloVe 分解全局共现计数，是计数路线的孪生；ELMo 用双向 LSTM 按上下文现算；"
              "注意力让每层每个词都和整句交互。",
        "en": "GloVe factorises global co-occurrence counts, the counting twin. ELMo computes "
              "each vector in context with a bidirectional LSTM; attention lets every word "
              "meet the whole sentence at every layer."},
    "static.row": {"zh": "「{w}」：{n} 篇文档，同一行", "en": "“{w}”: {n} documents, one row"},
    "static.head_rep": {"zh": "表示", "en": "representation"},
    "static.head_how": {"zh": "怎么得到", "en": "how it is made"},
    "static.head_one": {"zh": "一词一形？", "en": "one form per word?"},
    "static.rep1": {"zh": "word2vec / GloVe", "en": "word2vec / GloVe",
                    "fixed": {"2": "the name word2vec"}},
    "static.rep2": {"zh": "ELMo", "en": "ELMo"},
    "static.rep3": {"zh": "自注意力", "en": "self-attention"},
    "static.how1": {"zh": "离线训练，查表", "en": "trained offline, looked up"},
    "static.how2": {"zh": "双向 LSTM 现场计算", "en": "computed by a biLSTM in context"},
    "static.how3": {"zh": "每层全句两两交互", "en": "every layer, all pairs"},
    "static.one1": {"zh": "是", "en": "yes"},
    "static.one2": {"zh": "否", "en": "no"},
    "static.one3": {"zh": "否", "en": "no"},
}


#: The analogy rows: row r (0 and 1) is a hit or a miss as the trained vectors answer it;
#: the last row is the first question missed (a miss by construction).
_ROW = {
    "hit": {"zh": "{a} 之于 {b}，如 {c} 之于？答「{x}」，对了，余弦 {s}。",
            "en": "{a} is to {b} as {c} is to? “{x}”, right, cosine {s}."},
    "miss": {"zh": "{a} 之于 {b}，如 {c} 之于？答「{x}」，错了：「{d}」排第 {r}。",
             "en": "{a} is to {b} as {c} is to? “{x}”, wrong: “{d}” ranks {r}."},
}
_ANS = {
    "hit": {"zh": "→ {x}（对，余弦 {s}）", "en": "→ {x} (right, cosine {s})"},
    "miss": {"zh": "→ {x}（错；{d} 排第 {r}）", "en": "→ {x} (wrong; {d} ranks {r})"},
}
for _r in (0, 1):
    for _v in ("hit", "miss"):
        TEXT[f"row{_r}.say.{_v}"] = dict(_ROW[_v])
        TEXT[f"ans{_r}.{_v}"] = dict(_ANS[_v])
TEXT["row2.say"] = dict(_ROW["miss"])
TEXT["ans2"] = dict(_ANS["miss"])


class Word2Vec(LectureScene):
    """P6: one-hot, skip-gram's windows, negative sampling, training, neighbours, analogies,
    the static limit."""

    SECTION_ID = "pre-06-word2vec"
    BEATS = ("show_onehot", "show_window", "show_negative", "train_loss", "show_neighbours",
             "show_analogies", "static_limit")
    TEXT = TEXT

    # ----- cases, decided on the numbers as displayed ---------------------------------------
    def _ws_case(self) -> str:
        return "pos" if self.shown_value("ws_spearman", "fmt:2") > 0 else "nonpos"

    def _an_case(self) -> str:
        return "some" if self.v.an_correct > 0 else "none"

    def _row_case(self, r: int) -> str | None:
        """Rows 0 and 1: hit or miss, as the expected word ranks first or not; the last row
        is a miss by construction (no variant)."""
        if r == 2:
            return None
        return "hit" if int(self.v.shown_ranks[r]) == 1 else "miss"

    def _cites(self, *refs):
        return self.cite_row(*refs)

    # ----- 1. one-hot -----------------------------------------------------------------------
    def show_onehot(self):
        v = self.v
        self.claim("onehot", say=False)
        rows, cols = len(v.onehot_words), len(v.onehot_words) + 3
        cell = 0.42
        grid = VGroup()
        names = VGroup()
        x0, y0 = -5.0, 1.5
        for r in range(rows):
            name = self.text("word", size=style.LABEL_SIZE, color=P.token,
                             w=Val(f"onehot_words[{r}]", "str"))
            name.move_to([x0 - 0.3, y0 - r * (cell + 0.08), 0], aligned_edge=RIGHT)
            names.add(name)
            row = VGroup()
            for c in range(cols):
                sq = Square(cell, stroke_color=P.muted, stroke_width=1.5)
                sq.move_to([x0 + cell / 2 + c * (cell + 0.06), y0 - r * (cell + 0.08), 0])
                if c == r:
                    sq.set_fill(P.hidden, opacity=0.9)
                row.add(sq)
            dots = self.plain("…", size=style.LABEL_SIZE, color=P.muted)
            dots.next_to(row, RIGHT, buff=0.15)
            row.add(dots)
            grid.add(row)
        size = self.text("onehot.size", size=style.LABEL_SIZE, color=P.muted,
                         nv=Val("vocab_size", "count"), cols=Val("onehot_cols", "int"))
        size.next_to(grid, DOWN, buff=0.3, aligned_edge=LEFT)
        self.say("onehot.say", nv=Val("vocab_size", "count"))
        self.pace([FadeIn(names[0]), FadeIn(grid[0])],
                  [LaggedStart(*[FadeIn(VGroup(n, g)) for n, g in zip(names[1:], grid[1:])],
                               lag_ratio=0.4)],
                  FadeIn(size))
        # the readouts: every pair's distance and cosine, computed
        px = 2.4
        lo = self.text("onehot.lo", size=style.BODY_SIZE, color=P.text, lo=Val("onehot_min"))
        hi = self.text("onehot.hi", size=style.BODY_SIZE, color=P.text, hi=Val("onehot_max"))
        cs = self.text("onehot.cos", size=style.BODY_SIZE, color=P.text,
                       cos=Val("onehot_cos_max"))
        pr = self.text("onehot.pairs", size=style.LABEL_SIZE, color=P.muted,
                       pairs=Val("onehot_pairs", "count"))
        panel = VGroup(pr, lo, hi, cs).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        panel.move_to([px, 0.9, 0], aligned_edge=LEFT)
        for name, m in (("onehot_min", lo), ("onehot_max", hi), ("onehot_cos", cs)):
            self.show(name, m)
        diff = VGroup(grid[0][0].copy(), grid[1][1].copy()).set_stroke(P.highlight, width=4)
        self.say("onehot.dist.say", pairs=Val("onehot_pairs", "count"), lo=Val("onehot_min"),
                 hi=Val("onehot_max"), cos=Val("onehot_cos_max"))
        self.pace(Create(diff), [FadeOut(diff), FadeIn(pr)], [FadeIn(lo), FadeIn(hi)],
                  FadeIn(cs))
        box, point = self.pointer()
        self.say("onehot.empty.say", a=Val("onehot_words[0]", "str"),
                 b=Val("onehot_words[1]", "str"), c=Val("onehot_words[2]", "str"))
        self.pace(point(VGroup(names[0], grid[0]), P.hidden),
                  point(VGroup(names[1], grid[1]), P.hidden),
                  point(VGroup(names[2], grid[2]), P.hidden), point(hi, P.highlight))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 2. the window ----------------------------------------------------------------------
    def show_window(self):
        v = self.v
        self.claim("window", say=False)
        cite = self._cites("Mikolov, Chen, Corrado & Dean 2013", "arXiv:1301.3781")
        n = len(v.example_tokens)
        w = v.window
        words = VGroup(*(self.text("word", size=style.LABEL_SIZE,
                                   color=P.hidden if k == w else P.token,
                                   w=Val(f"example_tokens[{k}]", "str")) for k in range(n)))
        words.arrange(RIGHT, buff=0.28)
        if words.width > 13.4:
            words.scale_to_fit_width(13.4)
        words.move_to([0, 0.95, 0])
        doc = self.text("window.doc", size=style.LABEL_SIZE, color=P.muted,
                        doc=Val("example_doc", "int"), w=Val("window", "int"))
        doc.next_to(words, UP, buff=0.35).align_to(words, LEFT)
        centre = words[w]
        arcs = VGroup()
        for k in range(n):
            if k == w:
                continue
            a = Line(centre.get_bottom() + 0.1 * DOWN, words[k].get_bottom() + 0.1 * DOWN,
                     color=P.token, stroke_width=2.5, path_arc=-1.2 if k < w else 1.2)
            arcs.add(a)
        npairs = self.text("window.npairs", size=style.LABEL_SIZE, color=P.token,
                           n=Val("example_pairs", "int"))
        npairs.move_to([0, -0.45, 0])
        self.show("example_pairs", npairs)
        self.say("window.say")
        self.pace([FadeIn(cite), FadeIn(doc)], FadeIn(words), Indicate(centre, color=P.hidden))
        self.say("window.pairs.say", doc=Val("example_doc", "int"),
                 c=Val(f"example_tokens[{w}]", "str"), w=Val("window", "int"),
                 n=Val("example_pairs", "int"))
        self.pace(LaggedStart(*[Create(a) for a in arcs], lag_ratio=0.3), FadeIn(npairs))
        # the softmax, term by term
        f = self.math(r"P(o \mid c) =",
                      r"\frac{\exp(u_o^{\top} v_c)}{\sum_{w \in V} \exp(u_w^{\top} v_c)}",
                      scale=0.85)
        f[1].set_color(P.hidden)
        f.move_to([0, -1.35, 0])
        self.say("window.formula.say", nv=Val("vocab_size", "count"),
                 np=Val("n_params", "count"))
        self.pace(FadeIn(f[0]), Write(f[1]), Indicate(f[1], color=P.attention))
        conv = self.text("window.conv", size=style.LABEL_SIZE, color=P.muted,
                         d=Val("dim", "int"), w=Val("window", "int"))
        conv.move_to([0, -2.15, 0])
        self.say("window.conv.say", tokens=Val("tokens", "count"), d=Val("dim", "int"),
                 w=Val("window", "int"))
        # the papers' settings; this corpus (its words on screen); the settings used here
        self.cued({"zh": ("", "这份语料", "这里用"), "en": ("", "this corpus", "so here")},
                  FadeIn(conv), Indicate(words, color=P.token),
                  Indicate(conv, color=P.highlight))
        self.hold()
        self.clear_stage()

    # ----- 3. negative sampling -----------------------------------------------------------------
    def show_negative(self):
        v = self.v
        self.claim("neg", k=Val("negatives", "int"), say=False)
        cite = self._cites("Mikolov et al., NeurIPS 2013, arXiv:1310.4546",
                           "Gutmann & Hyvärinen, AISTATS 2010")
        f = self.math(r"\log \sigma(u_o^{\top} v_c)", r"+",
                      r"\sum_{i=1}^{k} \log \sigma(-u_{n_i}^{\top} v_c)",
                      r",\quad n_i \sim P_n", scale=0.85,
                      reason="the sum's first index, i = 1")
        f[0].set_color(P.forget)
        f[2].set_color(P.gradient)
        f.move_to([0, 1.2, 0])
        self.say("neg.say", k=Val("negatives", "int"))
        self.pace(FadeIn(cite), Write(f[0]), [FadeIn(f[1]), Write(f[2])], FadeIn(f[3]))
        # the noise table: the four commonest words, their share of the text and of the noise
        heads = VGroup(self.text("neg.head_word", size=style.LABEL_SIZE, color=P.muted),
                       self.text("neg.head_uni", size=style.LABEL_SIZE, color=P.muted),
                       self.text("neg.head_noise", size=style.LABEL_SIZE, color=P.muted))
        xs = (-5.2, -3.2, 0.6)
        y0, dy = 0.2, 0.48
        for h, x in zip(heads, xs):
            h.move_to([x, y0, 0], aligned_edge=LEFT)
        bar_w = 2.4 / max(float(v.unigram_share[0]), 1e-12)
        rows = []
        for r in range(len(v.noise_words)):
            y = y0 - (r + 1) * dy
            word = self.text("word", size=style.LABEL_SIZE, color=P.token,
                             w=Val(f"noise_words[{r}]", "str"))
            word.move_to([xs[0], y, 0], aligned_edge=LEFT)
            uni = self.value(f"unigram_share[{r}]", "ratio", size=style.LABEL_SIZE,
                             color=P.token)
            uni.move_to([xs[1], y, 0], aligned_edge=LEFT)
            ub = Rectangle(width=max(bar_w * float(v.unigram_share[r]), 0.02), height=0.22,
                           stroke_width=0, fill_color=P.token, fill_opacity=0.6)
            ub.next_to(uni, RIGHT, buff=0.15)
            noi = self.value(f"noise_share[{r}]", "ratio", size=style.LABEL_SIZE,
                             color=P.attention)
            noi.move_to([xs[2], y, 0], aligned_edge=LEFT)
            nb = Rectangle(width=max(bar_w * float(v.noise_share[r]), 0.02), height=0.22,
                           stroke_width=0, fill_color=P.attention, fill_opacity=0.7)
            nb.next_to(noi, RIGHT, buff=0.15)
            rows.append((word, uni, ub, noi, nb))
        self.say("neg.noise.say", w=Val("noise_words[0]", "str"), p=Val("unigram_share[0]",
                                                                          "ratio"),
                 q=Val("noise_share[0]", "ratio"))
        self.pace(FadeIn(heads),
                  LaggedStart(*[FadeIn(VGroup(*row[:3])) for row in rows], lag_ratio=0.4),
                  LaggedStart(*[FadeIn(VGroup(*row[3:])) for row in rows], lag_ratio=0.4))
        rare = self.text("neg.rare", size=style.LABEL_SIZE, color=P.attention,
                         r=Val("rare_boost", "factor"))
        rare.move_to([xs[0], y0 - 5.1 * dy, 0], aligned_edge=LEFT)
        self.show("rare_boost", rare)
        self.say("neg.rare.say", r=Val("rare_boost", "factor"))
        self.pace(FadeIn(rare), [Indicate(f[0], color=P.forget), Indicate(f[2],
                                                                          color=P.gradient)])
        self.hold()
        self.clear_stage()

    # ----- 4. training ------------------------------------------------------------------------
    def train_loss(self):
        v = self.v
        self.claim("train", say=False)
        E = v.epochs
        hi = v.loss_hi
        step = max(1, int(np.ceil(hi / 4)))
        ax = Axes([0, E, max(1, E // 5)], [0, hi, step], x_length=CHART_W, y_length=CHART_H,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(0, E + 1, max(1, E // 5))),
                                 "decimal_number_config": {"num_decimal_places": 0}},
                  y_axis_config={"numbers_to_include": list(range(0, int(hi) + 1, step)),
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([CHART_X, CHART_Y, 0])
        self.ticks(ax)
        xl = self.text("train.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_right(), UP, buff=0.4, aligned_edge=RIGHT)
        yl = self.text("train.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), RIGHT, buff=0.2)
        self.ax = ax
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="loss")

        def curve(j):
            pts = [ax.c2p(v.loss_x[i], v.loss[i]) for i in range(j + 1)]
            c = VMobject(color=P.gradient, stroke_width=4)
            c.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
            return c

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y]

        line = live.redraw(curve, path=("loss_x[{i}]", "loss[{i}]"), measure=tip)
        now = self.text("train.now", size=style.LABEL_SIZE, color=P.gradient)
        now.move_to([PANEL_X + 0.5, 1.2, 0], aligned_edge=LEFT)
        val = live_value(self, live, "loss[{i}]", "fmt", now, P.gradient, size=style.LABEL_SIZE)
        ep = self.text("train.epoch", size=style.LABEL_SIZE, color=P.muted)
        ep.move_to([PANEL_X + 0.5, 0.7, 0], aligned_edge=LEFT)
        epv = live_value(self, live, "loss_x[{i}]", "num", ep, P.muted, size=style.LABEL_SIZE)
        start = self.text("train.start", size=style.LABEL_SIZE, color=P.text,
                          l0=Val("loss_start"))
        start.move_to([PANEL_X + 0.5, 0.0, 0], aligned_edge=LEFT)
        self.show("loss_start", start)
        d0 = Dot(ax.c2p(0, v.loss[0]), color=P.gradient, radius=0.07)
        self.say("train.say", l0=Val("loss_start"))
        self.pace([Create(ax), FadeIn(xl), FadeIn(yl)], [FadeIn(d0), FadeIn(start)],
                  [FadeIn(now), FadeIn(val), FadeIn(ep), FadeIn(epv)])
        self.add(line)
        end = self.text("train.end", size=style.LABEL_SIZE, color=P.gradient,
                        e=Val("epochs", "int"), l1=Val("loss_end"))
        end.move_to([PANEL_X + 0.5, -0.5, 0], aligned_edge=LEFT)
        self.show("loss_end", end)
        self.say("train.run.say", e=Val("epochs", "int"), n=Val("pairs_per_epoch[0]", "count"),
                 l1=Val("loss_end"))
        live.play(k.animate.set_value(len(v.loss) - 1), run_time=self.left(0.8, least=3.0),
                  rate_func=linear)
        d1 = Dot(ax.c2p(v.loss_x[-1], v.loss[-1]), color=P.gradient, radius=0.07)
        self.play(FadeIn(d1), FadeIn(end), run_time=0.6)
        self.hold()
        self.clear_stage()

    # ----- 5. neighbours ----------------------------------------------------------------------
    def show_neighbours(self):
        v = self.v
        self.claim("near", say=False)
        Q, K = len(v.queries), v.neigh_cos.shape[1]
        # the table: one column per query, its neighbours under it
        cols = []
        x, y0, dy = TABLE_X, 1.75, 0.5
        for q in range(Q):
            color = group_color(q)
            head = self.text("word", size=style.BODY_SIZE, color=color,
                             w=Val(f"queries[{q}]", "str"))
            head.move_to([x, y0, 0], aligned_edge=LEFT)
            cells = []
            for j in range(K):
                c = self.text("near.cell", size=style.SMALL_SIZE, color=color,
                              w=Val(f"neigh_words[{q}][{j}]", "str"),
                              c=Val(f"neigh_cos[{q}][{j}]", "fmt:2"))
                c.move_to([x, y0 - (j + 1) * dy, 0], aligned_edge=LEFT)
                cells.append(c)
            cols.append((head, VGroup(*cells)))
            x = VGroup(head, *cells).get_right()[0] + 0.4
        width = max(VGroup(h, c).get_right()[0] for h, c in cols)
        if width > 6.9:     # long words: the columns closer together, never smaller
            gap = max(0.1, 0.4 - (width - 6.9) / max(Q - 1, 1))
            for q in range(1, Q):
                left = VGroup(*cols[q - 1]).get_right()[0] + gap
                VGroup(*cols[q]).shift((left - VGroup(*cols[q]).get_left()[0]) * RIGHT)
        self.say("near.say", q=Val("n_queries", "int"), k=Val("n_neighbours", "int"))
        self.pace(*[[FadeIn(h), LaggedStart(*[FadeIn(c) for c in cells], lag_ratio=0.3)]
                    for h, cells in cols])
        first = cols[0][1][0]
        self.show("nearest", first)
        self.say("near.first.say", q=Val("queries[0]", "str"), w=Val("neigh_words[0][0]", "str"),
                 c=Val("neigh_cos[0][0]", "fmt:2"))
        box, point = self.pointer()
        self.pace(point(cols[0][0], group_color(0)), point(first, group_color(0)))
        # the PCA view
        xy = v.proj_xy
        span = np.maximum(np.abs(xy).max(axis=0), 1e-12)
        frame = Rectangle(width=PCA_W, height=PCA_H, stroke_color=P.muted, stroke_width=1.5)
        frame.move_to([PCA_X, PCA_Y, 0])
        dots = VGroup()
        for i in range(len(v.proj_words)):
            p = [PCA_X + 0.45 * PCA_W * xy[i, 0] / span[0],
                 PCA_Y + 0.42 * PCA_H * xy[i, 1] / span[1], 0]
            dots.add(Dot(p, radius=0.11 if v.proj_words[i] in v.queries else 0.07,
                         color=group_color(int(v.proj_group[i]))))
        labels = VGroup()
        placed = []
        for q in range(Q):
            i = v.proj_words.index(v.queries[q])
            lab = self.text("word", size=style.SMALL_SIZE, color=group_color(q),
                            w=Val(f"queries[{q}]", "str"))
            for d in (UP, DOWN, RIGHT, LEFT, UP + RIGHT, DOWN + LEFT, UP + LEFT, DOWN + RIGHT):
                lab.next_to(dots[i], d, buff=0.08)
                inside = (lab.get_left()[0] > PCA_X - PCA_W / 2 + 0.05
                          and lab.get_right()[0] < PCA_X + PCA_W / 2 - 0.05
                          and lab.get_top()[1] < PCA_Y + PCA_H / 2 - 0.05
                          and lab.get_bottom()[1] > PCA_Y - PCA_H / 2 + 0.05)
                free = all(lab.get_left()[0] > o.get_right()[0] + 0.05
                           or lab.get_right()[0] < o.get_left()[0] - 0.05
                           or lab.get_bottom()[1] > o.get_top()[1] + 0.05
                           or lab.get_top()[1] < o.get_bottom()[1] - 0.05 for o in placed)
                if inside and free:
                    break
            placed.append(lab)
            labels.add(lab)
        cap = self.text("near.pca", size=style.SMALL_SIZE, color=P.muted,
                        n=Val("n_projected", "int"))
        cap.next_to(frame, UP, buff=0.08, aligned_edge=LEFT)
        self.say("near.pca.say", a=Val("proj_share[0]", "fmt:2"), b=Val("proj_share[1]", "fmt:2"))
        self.pace([FadeOut(box["b"]), Create(frame), FadeIn(cap)],
                  LaggedStart(*[FadeIn(d) for d in dots], lag_ratio=0.1), FadeIn(labels))
        self.hold()
        self.clear_stage()

    # ----- 6. analogies -------------------------------------------------------------------------
    def show_analogies(self):
        v = self.v
        self.claim("analogy", say=False)
        acc = self.text("analogy.acc", size=style.LABEL_SIZE, color=P.text,
                        ok=Val("an_correct", "count"), cov=Val("an_covered", "count"),
                        total=Val("an_total", "count"))
        acc.move_to([-6.6, 1.75, 0], aligned_edge=LEFT)
        self.show("analogy_accuracy", acc)
        fields = dict(total=Val("an_total", "count"), cov=Val("an_covered", "count"))
        if self._an_case() == "some":
            fields.update(ok=Val("an_correct", "count"), acc=Val("an_accuracy", "fmt"))
        self.say("analogy.say", variant=self._an_case(), **fields)
        self.pace(FadeIn(acc), Indicate(acc, color=P.highlight))
        rows = []
        for r in range(v.n_shown):
            y = 1.05 - r * 0.72
            q = self.text("analogy.q", size=style.LABEL_SIZE, color=P.token,
                          a=Val(f"shown_analogies[{r}][0]", "str"),
                          b=Val(f"shown_analogies[{r}][1]", "str"),
                          c=Val(f"shown_analogies[{r}][2]", "str"))
            q.move_to([-6.6, y, 0], aligned_edge=LEFT)
            case = self._row_case(r)
            hit = case == "hit"
            if hit:
                ans = self.text(f"ans{r}", variant=case, size=style.LABEL_SIZE,
                                color=P.forget, x=Val(f"shown_analogies[{r}][4]", "str"),
                                s=Val(f"shown_cos[{r}]", "fmt:2"))
            else:
                ans = self.text(f"ans{r}", variant=case, size=style.LABEL_SIZE,
                                color=P.exploded, x=Val(f"shown_analogies[{r}][4]", "str"),
                                d=Val(f"shown_analogies[{r}][3]", "str"),
                                r=Val(f"shown_ranks[{r}]", "int"))
            ans.next_to(q, RIGHT, buff=0.35)
            if ans.get_right()[0] > 6.9:
                ans.next_to(q, DOWN, buff=0.12, aligned_edge=LEFT).shift(0.4 * RIGHT)
            self.show(f"analogy{r}", ans)
            rows.append((q, ans, hit))
        for r, (q, ans, hit) in enumerate(rows):
            base = dict(a=Val(f"shown_analogies[{r}][0]", "str"),
                        b=Val(f"shown_analogies[{r}][1]", "str"),
                        c=Val(f"shown_analogies[{r}][2]", "str"),
                        x=Val(f"shown_analogies[{r}][4]", "str"))
            if hit:
                base.update(s=Val(f"shown_cos[{r}]", "fmt:2"))
            else:
                base.update(d=Val(f"shown_analogies[{r}][3]", "str"),
                            r=Val(f"shown_ranks[{r}]", "int"))
            self.say(f"row{r}.say", variant=self._row_case(r), **base)
            self.pace(FadeIn(q), FadeIn(ans))
        case = "in" if v.page_in_vocab else "oov"
        pf = (dict(x=Val("page_answer", "str"), r=Val("page_rank", "int")) if case == "in"
              else dict(m=Val("page_missing", "str")))
        page = self.text("analogy.page", variant=case, size=style.LABEL_SIZE, color=P.muted,
                         **pf)
        page.move_to([-6.6, -1.3, 0], aligned_edge=LEFT)
        self.show("page_analogy", page)
        self.say("analogy.page.say", variant=case, **pf)
        self.pace(FadeIn(page), Indicate(page, color=P.highlight))
        ws = self.text("analogy.ws", size=style.LABEL_SIZE, color=P.text,
                       cov=Val("ws_covered", "count"), rho=Val("ws_spearman", "fmt:2"))
        ws.move_to([-6.6, -2.05, 0], aligned_edge=LEFT)
        self.show("wordsim", ws)
        self.say("analogy.small.say", variant=self._ws_case(), tokens=Val("tokens", "count"),
                 total=Val("ws_total", "count"), cov=Val("ws_covered", "count"),
                 rho=Val("ws_spearman", "fmt:2"))
        self.pace(Indicate(acc, color=P.highlight), FadeIn(ws), Indicate(ws, color=P.highlight))
        self.hold()
        self.clear_stage()

    # ----- 7. the static limit ------------------------------------------------------------------
    def static_limit(self):
        v = self.v
        self.claim("static", say=False)
        row = self.text("static.row", size=style.BODY_SIZE, color=P.hidden,
                        w=Val("static_word", "str"), n=Val("static_docs", "count"))
        row.move_to([0, 1.75, 0])
        self.show("static_docs", row)
        # one row of V, looked up from every document
        strip = VGroup(*(Square(0.3, stroke_color=P.hidden, stroke_width=1.5)
                         .set_fill(P.hidden, opacity=0.25 + 0.6 * abs(float(x)) /
                                   max(float(np.abs(v.static_vector).max()), 1e-12))
                         for x in v.static_vector[:16])).arrange(RIGHT, buff=0.04)
        strip.next_to(row, DOWN, buff=0.22)
        self.say("static.say", w=Val("static_word", "str"), n=Val("static_docs", "count"))
        self.pace(FadeIn(row), Create(strip), Indicate(strip, color=P.highlight))
        heads = [self.text(f"static.head_{h}", size=style.LABEL_SIZE, color=P.muted)
                 for h in ("rep", "how", "one")]
        xs, y0, dy = (-6.2, -2.2, 3.4), 0.5, 0.78
        for h, x in zip(heads, xs):
            h.move_to([x, y0, 0], aligned_edge=LEFT)
        # each row's papers under it, in the citation grey
        refs = (("Mikolov et al. 2013, arXiv:1301.3781", "Pennington, Socher & Manning, EMNLP 2014"),
                ("Peters et al., NAACL 2018, arXiv:1802.05365",),
                ("Vaswani et al., NeurIPS 2017, arXiv:1706.03762",))
        rows = []
        for r in range(3):
            y = y0 - (r + 1) * dy + 0.15
            cells = [self.text(f"static.{c}{r + 1}", size=style.LABEL_SIZE,
                               color=P.hidden if r == 0 else P.attention)
                     for c in ("rep", "how", "one")]
            for m, x in zip(cells, xs):
                m.move_to([x, y, 0], aligned_edge=LEFT)
            cite = VGroup(*(self.label(t, "citation year", size=style.SMALL_SIZE, color=P.muted)
                            for t in refs[r])).arrange(RIGHT, buff=0.45)
            cite.next_to(cells[0], DOWN, buff=0.1, aligned_edge=LEFT)
            rows.append(VGroup(*cells, cite))
        self.say("static.line.say")
        self.pace([FadeIn(VGroup(*heads)), FadeIn(rows[0])], FadeIn(rows[1]), FadeIn(rows[2]))
        self.hold(2.0)
