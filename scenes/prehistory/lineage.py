"""P9 The lineage: the RNN era against the Transformer era in one table of eight rows, then each
row's reason computed: the path and the chain, the cost in T with its crossover, the memory
per token (the row the RNN wins), why the Transformer won training, and the pairings."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, ArcBetweenPoints, Axes, Create, DashedLine, Dot,
                   FadeIn, FadeOut, GrowFromEdge, Indicate, LaggedStart, Line, Rectangle,
                   Square, ValueTracker, VGroup, VMobject, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, growing_curve, live_value, settle_value

P = style.PALETTE
L, S = style.LABEL_SIZE, style.SMALL_SIZE

#: The table: its columns' left edges, its first row's height and the rows' pitch.
TABLE_X = (-6.85, -3.05, 1.75)
TABLE_Y0, TABLE_DY = 2.1, 0.46
#: The rows in the page's order: (key, has a computed cell).
ROWS = ("carrier", "depth", "parallel", "path", "grad", "position", "cost", "token")

TEXT = {
    # ----- 1. the table -----------------------------------------------------------------------
    "table": {"zh": "八个维度：RNN 时代对 Transformer 时代",
              "en": "Eight rows: the RNN era against the Transformer era"},
    "table.head_dim": {"zh": "维度", "en": "row"},
    "table.head_rnn": {"zh": "RNN / LSTM", "en": "RNN / LSTM"},
    "table.head_tf": {"zh": "Transformer", "en": "Transformer"},
    "row.carrier": {"zh": "历史的载体", "en": "what holds the past"},
    "rnn.carrier": {"zh": "一个定长状态，逐步压缩", "en": "one fixed-size state, squeezed"},
    "tf.carrier": {"zh": "每个位置的 K、V 都留着", "en": "every position's K and V, kept"},
    "row.depth": {"zh": "深度从哪来", "en": "where depth comes from"},
    "rnn.depth": {"zh": "展开深度 = 序列长 $T$", "en": "unrolled: depth = length $T$"},
    "tf.depth": {"zh": "固定 $L$ 层", "en": "a fixed $L$ layers"},
    "row.parallel": {"zh": "训练并行", "en": "training in parallel"},
    "rnn.parallel": {"zh": "$T$ 步依赖链，串行", "en": "a chain of $T$ steps, in turn"},
    "tf.parallel": {"zh": "每层 {q} 步，全序列并行", "en": "{q} step a layer, all at once"},
    "row.path": {"zh": "长程路径", "en": "long-range path"},
    "rnn.path": {"zh": "$O(T)$ 次乘法，门控衰减", "en": "$O(T)$ multiplications, gated"},
    "tf.path": {"zh": "{q} 次：注意力直连", "en": "{q}: attention joins them"},
    "row.grad": {"zh": "梯度的修法", "en": "the gradient's fix"},
    "rnn.grad": {"zh": "门控：长链上仍衰减", "en": "gates: still decays, long chains"},
    "tf.grad": {"zh": "残差 + LayerNorm：恒等路径", "en": "residual + LayerNorm: identity"},
    "row.position": {"zh": "位置信息", "en": "position"},
    "rnn.position": {"zh": "递推自带时间步", "en": "built into the step"},
    "tf.position": {"zh": "显式位置编码（正弦、RoPE）", "en": "explicit encoding (sinusoid, RoPE)"},
    "row.cost": {"zh": "对 $T$ 的成本", "en": "cost in $T$"},
    "rnn.cost": {"zh": "$T d^2$，但串行", "en": "$T d^2$, but in sequence",
                 "fixed": {"2": "the exponent of a square"}},
    "tf.cost": {"zh": "$T^2 d$，但可并行", "en": "$T^2 d$, but in parallel",
                 "fixed": {"2": "the exponent of a square"}},
    "row.token": {"zh": "推理每 token", "en": "inference, per token"},
    "rnn.token": {"zh": "更新定长状态，显存不涨", "en": "update a fixed state: memory flat"},
    "tf.token": {"zh": "读全部缓存，随 $T$ 线性涨", "en": "read the whole cache: grows with $T$"},
    "table.a.say": {
        "zh": "第一行：循环网络把全部历史压进一个定长状态；Transformer 把每个位置的键和值都留着。"
              "第二行：循环网络的深度是展开的序列长度，Transformer 是固定的层数。",
        "en": "Row one: a recurrent net squeezes the whole past into one fixed-size state; a "
              "Transformer keeps every position's key and value. Row two: a recurrent net is as "
              "deep as its unrolled sequence, a Transformer as its fixed number of layers."},
    "table.b.say": {
        "zh": "第三行：训练时循环网络必须一步等一步，注意力一层的所有位置同时算。"
              "第四行：两端之间循环隔着整条链，注意力只隔一次。",
        "en": "Row three: in training a recurrent net waits step after step, while one layer of "
              "attention computes every position at once. Row four: between the two ends, "
              "recurrence passes the whole chain, attention a single step."},
    "table.c.say": {
        "zh": "第五行：门控只是让衰减变慢；残差给梯度一条恒等的路，LayerNorm 稳住尺度。"
              "第六行：循环自带先后顺序，注意力要另外编码位置。",
        "en": "Row five: gates only slow the decay; residual connections give the gradient an "
              "identity path, with LayerNorm keeping the scale. Row six: recurrence knows the order by construction, "
              "attention has to be told positions."},
    "table.d.say": {
        "zh": "第七行：总成本一边随 T 线性、一边随 T 平方，但前者串行。第八行反过来："
              "推理时循环网络每个 token 只更新一个定长状态，这一行它赢。",
        "en": "Row seven: the total cost is linear in T on one side and quadratic on the other, "
              "but the linear one runs in sequence. Row eight turns it around: at inference a "
              "recurrent net updates one fixed state per token. This row the RNN wins."},
    "table.win": {"zh": "RNN 占优", "en": "RNN wins"},
    # ----- 2. the path and the chain -----------------------------------------------------------
    "path": {"zh": "首尾之间：{p} 次乘法对 {q} 次", "en": "Multiplications from first to last: {p} against {q}"},
    "path.rnn": {"zh": "循环：沿链 $W_h$ 相乘", "en": "recurrence: $W_h$ along the chain"},
    "path.tf": {"zh": "注意力：直连", "en": "attention: direct"},
    "path.r": {"zh": "循环", "en": "recurrence"},
    "path.a": {"zh": "注意力", "en": "attention"},
    "path.hops": {"zh": "乘法次数", "en": "multiplications"},
    "path.seq": {"zh": "每层串行步数", "en": "sequential steps a layer"},
    "path.say": {
        "zh": "{T} 个位置。循环网络要把第一个位置的信息带到最后一个，得经过中间每一步，每一步乘一次 W_h。",
        "en": "{T} positions. To carry the first position to the last, a recurrent net passes "
              "every step between them, one multiplication by W_h each."},
    "path.direct.say": {
        "zh": "注意力让最后一个位置直接读第一个：{q} 次，不论序列多长。循环这边是 {p} 次。",
        "en": "Attention lets the last position read the first directly: {q}, however long the "
              "sequence. Recurrence took {p}."},
    "path.chain.say": {
        "zh": "训练也一样：循环的 {T} 步只能一步接一步算；注意力一层里所有位置同时算，"
              "因果掩码挡的是信息流，不是计算。",
        "en": "Training too: recurrence computes its {T} steps one after another; one layer of "
              "attention computes every position at once. The causal mask blocks information, "
              "not computation."},
    # ----- 3. the gradient's fix -----------------------------------------------------------------
    "grad": {"zh": "第五行：门控的连乘仍衰减，残差的恒等项不变",
             "en": "Row five: a gate's product still decays, the residual's identity stays"},
    "grad.say": {
        "zh": "沿着细胞状态这条路，LSTM 每退一步乘一次遗忘门。门一直是 f = {f}，退 {n} 步，梯度的因子就是 f 的 {n} 次方。",
        "en": "Along its cell, an LSTM passes the gradient back through one forget gate a step. Hold the "
              "gate at f = {f} for {n} steps and the factor is f to the power {n}."},
    "grad.sweep.say": {
        "zh": "退到第 {n} 步，因子只剩 {p}：门控让衰减变慢，却没有让它停下。",
        "en": "At step {n} the factor is down to {p}: gates slow the decay, they do not stop it."},
    "grad.res.say": {
        "zh": "残差流每层是 x 加上 F(x)，梯度里总有一个恒等项：不论多深，它都是 {one}。",
        "en": "A residual stream adds each block to its input, x + F(x): the gradient always "
              "keeps an identity term, {one} at any depth."},
    "grad.cell": {"zh": "细胞：$\\partial c_t / \\partial c_{{t-k}} = f^k$",
                  "en": "cell: $\\partial c_t / \\partial c_{{t-k}} = f^k$"},
    "grad.res": {"zh": "残差 $x + F(x)$：", "en": "residual $x + F(x)$:"},
    "grad.x": {"zh": "反向步数 $k$", "en": "steps back $k$"},
    "grad.k": {"zh": "$k$ =", "en": "$k$ ="},
    "grad.f": {"zh": "遗忘门 $f$ = {f}", "en": "forget gate $f$ = {f}"},
    "grad.fk": {"zh": "$f^k$ =", "en": "$f^k$ ="},
    "grad.one": {"zh": "恒等项 = {one}", "en": "identity term = {one}"},
    # ----- 4. position ---------------------------------------------------------------------------
    "order": {"zh": "第六行：循环自带顺序，注意力得靠位置编码",
              "en": "Row six: recurrence knows the order, attention must be told"},
    "order.say": {
        "zh": "同样 {T} 个 token，顺着读一遍，倒着读一遍。循环网络最后的状态不一样：两者相差 {g}。",
        "en": "The same {T} tokens, read forwards and then backwards. A recurrence ends in a "
              "different state: the two last states differ by {g}."},
    "order.att.say": {
        "zh": "不加位置编码的注意力算出的是同一批分数，只是行和列倒了过来：最大差 {a}。不编码位置，它分不出先后。",
        "en": "Attention without positions computes the same scores, rows and columns reversed: "
              "the largest difference is {a}. Until positions are encoded, it cannot tell the "
              "order."},
    "order.rnn": {"zh": "循环：最后状态 $h_T$", "en": "recurrence: last state $h_T$"},
    "order.att": {"zh": "注意力分数 $q_i \\cdot k_j$，无位置编码",
                  "en": "attention scores $q_i \\cdot k_j$, no positions"},
    "order.fwd": {"zh": "顺读", "en": "forwards"},
    "order.rev": {"zh": "倒读", "en": "backwards"},
    "order.gap": {"zh": "相差 {g}", "en": "difference {g}"},
    "order.agap": {"zh": "最大差 {a}", "en": "largest difference {a}"},
    # ----- 5. the cost in T --------------------------------------------------------------------
    "cost": {"zh": "对 $T$ 的成本：$T d^2$ 对 $T^2 d$，$d$ = {d}",
             "en": "Cost in $T$: $T d^2$ against $T^2 d$, $d$ = {d}",
             "fixed": {"2": "the exponent of a square"}},
    "cost.say": {
        "zh": "数法和 §05 一样，按 Vaswani 等 2017 年的表 1：循环每步的 W_h h 是 d² 次乘加，"
              "共 T d²；注意力每对位置的 q·k 是 d 次，共 T² d。投影不计。",
        "en": "Counted as §05 counts it, after Vaswani et al. 2017, Table 1: the state product "
              "W_h h is d² multiply-adds a step, T d² in all; the scores q·k are d a pair of "
              "positions, T² d. Projections are not counted.",
        "fixed": {"05": "the primer's section number (§05)", "2017": "citation year",
                  "1": "the table number in Vaswani et al."}},
    "cost.x": {"zh": "序列长 $T$", "en": "length $T$"},
    "cost.y": {"zh": "乘加次数", "en": "multiply-adds"},
    "cost.T": {"zh": "$T$ =", "en": "$T$ ="},
    "cost.rec": {"zh": "$T d^2$ =", "en": "$T d^2$ =",
                 "fixed": {"2": "the exponent of a square"}},
    "cost.att": {"zh": "$T^2 d$ =", "en": "$T^2 d$ =",
                 "fixed": {"2": "the exponent of a square"}},
    "cost.cross": {"zh": "交点 $T = d$ = {d}", "en": "they meet at $T = d$ = {d}"},
    "cost.cross.say": {
        "zh": "两条线在 T 等于 d 处相交，这里是 {d}。",
        "en": "The two lines cross where T equals d, here {d}."},
    "cost.at.say.recurrent": {
        "zh": "在 T = {T}，循环 {a} 次，注意力 {b} 次，循环更少；可它的 {T} 步得一步接一步。",
        "en": "At T = {T}: {a} for recurrence, {b} for attention. Recurrence does fewer, but "
              "its {T} steps come one after another."},
    "cost.at.say.attention": {
        "zh": "在 T = {T}，循环 {a} 次，注意力 {b} 次，注意力更少，而且能一次并行算完。",
        "en": "At T = {T}: {a} for recurrence, {b} for attention. Attention does fewer, and all "
              "at once."},
    "cost.at.say.equal": {
        "zh": "在 T = {T}，两边都是 {a} 次：正好在交点上；区别只在循环得串行。",
        "en": "At T = {T} both are {a}: right at the crossing. The difference is that recurrence "
              "runs in sequence."},
    "cost.end.T": {"zh": "$T$ = {v}", "en": "$T$ = {v}"},
    "cost.end.rec": {"zh": "$T d^2$ = {v}", "en": "$T d^2$ = {v}",
                     "fixed": {"2": "the exponent of a square"}},
    "cost.end.att": {"zh": "$T^2 d$ = {v}", "en": "$T^2 d$ = {v}",
                     "fixed": {"2": "the exponent of a square"}},
    # ----- 4. the memory per token -------------------------------------------------------------
    "memory": {"zh": "推理每个 token：定长状态对增长的缓存",
               "en": "Inference, per token: a fixed state against a growing cache"},
    "memory.say.lstm": {
        "zh": "生成下一个 token 时，LSTM 每层只留 h 和 c 两个向量：{L} 层、宽 {d}、每个数 {b} 字节，"
              "共 {state}，上下文多长都不变。",
        "en": "To produce the next token, an LSTM keeps two vectors a layer, h and c: {L} "
              "layer{L_s} of width {d} at {b} byte{b_s} a number is {state}, however long the "
              "context."},
    "memory.say.gru": {
        "zh": "生成下一个 token 时，GRU 每层只留一个向量 h：{L} 层、宽 {d}、每个数 {b} 字节，"
              "共 {state}，上下文多长都不变。",
        "en": "To produce the next token, a GRU keeps one vector a layer, h: {L} layer{L_s} of "
              "width {d} at {b} byte{b_s} a number is {state}, however long the context."},
    "memory.kv.say": {
        "zh": "Transformer 每层为每个位置留一个键和一个值，每个 token 都要把它们全部读一遍：缓存随上下文成正比增长。",
        "en": "A Transformer keeps a key and a value for every position in every layer, and "
              "reads all of them for each new token: the cache grows in proportion to the "
              "context."},
    "memory.ratio.say.larger": {
        "zh": "上下文 {ctx} 时，缓存 {kv}，状态 {state}：缓存是状态的 {r} 倍。这一行 RNN 赢。",
        "en": "At a context of {ctx}: a cache of {kv} against a state of {state}, {r} times "
              "the state. This row the RNN wins."},
    "memory.ratio.say.equal": {
        "zh": "上下文只有 {ctx} 时，缓存 {kv} 正好等于 LSTM 的状态；从第二个位置起缓存就更大，这一行 RNN 赢。",
        "en": "At a context of {ctx}, the cache, {kv}, is exactly the LSTM's state; from the "
              "second position on the cache is larger. This row the RNN wins."},
    "memory.heirs.say": {
        "zh": "推理便宜这条血统没断：线性注意力（Katharopoulos 等，2020）和 Mamba 这类状态空间模型"
              "（Gu 与 Dao，2023）又把它捡了起来。",
        "en": "That cheap inference lives on: linear attention (Katharopoulos et al. 2020) and "
              "state-space models such as Mamba (Gu and Dao 2023) pick it up again.",
        "fixed": {"2020": "citation year", "2023": "citation year"}},
    "memory.x": {"zh": "上下文", "en": "context"},
    "memory.ctx": {"zh": "上下文", "en": "context"},
    "memory.cache": {"zh": "KV cache", "en": "KV cache"},
    "memory.state.lstm": {"zh": "LSTM 状态（h 和 c）", "en": "LSTM state (h and c)"},
    "memory.state.gru": {"zh": "GRU 状态（h）", "en": "GRU state (h)"},
    "memory.ratio": {"zh": "缓存 ÷ 状态", "en": "cache ÷ state"},
    "memory.times.larger": {"zh": "{r}×", "en": "{r}×"},
    "memory.times.equal": {"zh": "相等", "en": "the same"},
    "memory.model": {"zh": "{L} 层 · 宽 {d} · 每个数 {b} 字节",
                     "en": "{L} layer{L_s} · width {d} · {b} byte{b_s} a number"},
    "memory.formula": {"zh": "缓存 = 2 × 层 × 上下文 × $d$ × 字节",
                       "en": "cache = 2 × layers × context × $d$ × bytes",
                       "fixed": {"2": "a key and a value: two vectors per position and layer"}},
    # ----- 5. why the Transformer won training -------------------------------------------------
    "won": {"zh": "为什么是 Transformer 赢了训练", "en": "Why the Transformer won training"},
    "won.one": {"zh": "不必压进定长状态", "en": "no fixed-size state to squeeze into"},
    "won.two": {"zh": "训练完全并行", "en": "training fully in parallel"},
    "won.three": {"zh": "残差 + LayerNorm：深度可堆", "en": "residual + LayerNorm: depth stacks"},
    "won.one.say": {
        "zh": "两条决定性的理由。其一，长序列不用再压进定长状态：每个位置的键和值都留着，注意力按需去读。",
        "en": "Two decisive reasons. First, a long sequence no longer has to fit in a fixed-size "
              "state: every position's key and value is kept, and attention reads what it needs."},
    "won.two.say": {
        "zh": "其二，训练完全并行：一层里各位置的计算互不依赖，约束写在掩码里，GPU 可以满载。",
        "en": "Second, training is fully parallel: the positions of a layer do not wait for each "
              "other, the constraint lives in the mask, and the GPU stays busy."},
    "won.three.say": {
        "zh": "再加上残差和 LayerNorm 让深度能堆起来：ELMo 的双向 LSTM 语言模型 {e} 层，"
              "BERT-large {bl} 层（BERT-base {bb} 层）。",
        "en": "Add residual connections and LayerNorm, which let depth stack: ELMo's "
              "bidirectional LSTM language model has {e} layers, BERT-large {bl} (BERT-base "
              "{bb})."},
    "won.elmo": {"zh": "ELMo（双向 LSTM）", "en": "ELMo (biLSTM)"},
    "won.base": {"zh": "BERT-base", "en": "BERT-base"},
    "won.large": {"zh": "BERT-large", "en": "BERT-large"},
    "won.layers": {"zh": "{n} 层", "en": "{n} layers"},
    "won.ratio.say": {
        "zh": "{bl} 对 {e}：层数是 {r} 倍。",
        "en": "{bl} against {e}: {r} times the layers."},
    # ----- 6. the pairings ---------------------------------------------------------------------
    "pairs": {"zh": "每个部件都有它的 RNN 来历", "en": "Each part has an RNN ancestor"},
    "pair.mask": {"zh": "因果掩码", "en": "causal mask"},
    "pair.mask.rnn": {"zh": "← 单向 RNN 不看未来", "en": "← a one-way RNN never looks ahead"},
    "pair.pos": {"zh": "位置编码", "en": "positional encoding"},
    "pair.pos.rnn": {"zh": "← 递推自带的时间步", "en": "← the step recurrence counts by itself"},
    "pair.res": {"zh": "残差流", "en": "residual stream"},
    "pair.res.rnn": {"zh": "← 门控修梯度，根治版", "en": "← the gates' gradient fix, made whole"},
    "pair.kv": {"zh": "KV cache", "en": "KV cache"},
    "pair.kv.rnn": {"zh": "← 平方账单分期付", "en": "← the squared bill, in instalments"},
    "pairs.mask.say": {
        "zh": "因果掩码是单向 RNN 不看未来的矩阵写法：第 t 行只放行前 t 个位置。",
        "en": "The causal mask is a one-way RNN's never looking ahead, written as a matrix: row "
              "t lets through the first t positions."},
    "pairs.pos.say": {
        "zh": "位置编码补上递推天生就有的先后；残差流是门控修梯度的根治版。",
        "en": "Positional encoding puts back the order recurrence has by itself; the residual "
              "stream is the gates' gradient fix, made whole."},
    "pairs.kv.say": {
        "zh": "KV cache 把平方的账单分期付：第 t 个 token 只新算 t 个分数，{T} 步付完，合起来正是整个三角，{n} 个分数，"
              "每个 {d} 次乘加。",
        "en": "The KV cache pays the squared bill in instalments: token t scores only t keys; "
              "after {T} tokens the instalments make the whole triangle, {n} scores of {d} "
              "multiply-adds each."},
    "pairs.close.say": {
        "zh": "Ernest Ryu 的讲义这样收尾：Transformer 的样子没有第一性原理上的必然，但历史告诉我们每个部件为什么在那里。",
        "en": "Ernest Ryu's notes close on this: nothing from first principles forces the "
              "Transformer's shape, but history tells why each part is there."},
    "pairs.paid": {"zh": "已算分数", "en": "scores so far"},
    "pairs.total": {"zh": "合计 {n} 个分数", "en": "in all {n} scores"},
    "pairs.madds": {"zh": "× $d$ = {m} 次乘加", "en": "× $d$ = {m} multiply-adds"},
}


class Lineage(LectureScene):
    """P9: the lineage table, the path and the chain, the cost in T, the memory per token,
    why the Transformer won training, the pairings."""

    SECTION_ID = "pre-09-lineage"
    BEATS = ("fill_table", "path_chain", "gate_residual", "position_order", "cost_sweep", "memory_sweep", "why_won", "pairings")
    TEXT = TEXT

    # ----- cases, decided on the numbers as displayed -------------------------------------------
    def _cost_case(self) -> str:
        t, d = self.shown_value("T", "count"), self.shown_value("d", "count")
        return "attention" if t < d else ("recurrent" if t > d else "equal")

    def _memory_case(self) -> str:
        kv = self.shown_value("kv_bytes", "bytes")
        st = self.shown_value("state_bytes", "bytes")
        return "larger" if kv > st else "equal"

    def _n(self, path):     # a count in a sentence, with its plural ending
        return Val(path, "count")

    # ----- 1. the table -----------------------------------------------------------------------
    def fill_table(self):
        self.claim("table", say=False)
        heads = [self.text(f"table.head_{h}", size=L, color=c)
                 for h, c in (("dim", P.muted), ("rnn", P.hidden), ("tf", P.attention))]
        for h, x in zip(heads, TABLE_X):
            h.move_to([x, TABLE_Y0, 0], aligned_edge=LEFT)
        rule = Line([TABLE_X[0], TABLE_Y0 - 0.3, 0], [6.85, TABLE_Y0 - 0.3, 0], color=P.muted,
                    stroke_width=1.5)
        q = dict(q=Val("path_attention", "int"))
        fields = {"parallel": ({}, q), "path": ({}, q)}
        rows = []
        for n, key in enumerate(ROWS):
            y = TABLE_Y0 - 0.55 - n * TABLE_DY
            fr, ft = fields.get(key, ({}, {}))
            cells = (self.text(f"row.{key}", size=S, color=P.muted),
                     self.text(f"rnn.{key}", size=S, color=P.hidden, **fr),
                     self.text(f"tf.{key}", size=S, color=P.attention, **ft))
            for c, x in zip(cells, TABLE_X):
                c.move_to([x, y, 0], aligned_edge=LEFT)
            rows.append(VGroup(*cells))
        self.rows = rows
        self.play(LaggedStart(*[FadeIn(h) for h in heads], lag_ratio=0.3), Create(rule),
                  run_time=1.0)
        box, point = self.pointer()

        def row_in(r):
            return [LaggedStart(*[FadeIn(c, shift=0.1 * RIGHT) for c in rows[r]],
                                lag_ratio=0.35), point(rows[r], P.highlight)]
        for k, key in enumerate(("a", "b", "c", "d")):
            self.say(f"table.{key}.say")
            self.pace(row_in(2 * k), row_in(2 * k + 1))
        # the RNN's cell of the last row boxed in its colour, "RNN wins" under it
        win = self.text("table.win", size=S, color=P.hidden)
        win_box = self.mark(rows[7][1], P.hidden, buff=0.06)
        win.next_to(win_box, DOWN, buff=0.08, aligned_edge=LEFT)
        self.play(FadeOut(box["b"]), Create(win_box), FadeIn(win), run_time=0.8)
        self.hold()
        self.clear_stage()

    # ----- 2. the path and the chain -----------------------------------------------------------
    def path_chain(self):
        v = self.v
        n = v.steps
        self.claim("path", p=Val("path_recurrent", "count"), q=Val("path_attention", "count"),
                   say=False)
        pitch = min(1.1, 8.4 / n)
        side = 0.62 * pitch
        x0 = -2.4

        def row(y, color):
            return VGroup(*[Square(side, color=color, stroke_width=3).move_to(
                [x0 + self.slot_x(t, n, pitch), y, 0]) for t in range(n)])
        top, bot = row(0.7, P.hidden), row(-1.45, P.attention)
        t_lab = self.text("path.rnn", size=L, color=P.hidden)
        t_lab.next_to(top, UP, buff=0.45, aligned_edge=LEFT)
        b_lab = self.text("path.tf", size=L, color=P.attention)
        b_lab.next_to(bot, DOWN, buff=0.2, aligned_edge=LEFT)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="positions")

        def chain(j):          # one hop (a multiplication by W_h) from each box to the next,
            # those up to position j drawn
            return VGroup(*[ArcBetweenPoints(top[t].get_top(), top[t + 1].get_top(),
                                             angle=-1.6, color=P.hidden, stroke_width=4)
                            .set_stroke(opacity=1.0 if t < j else 0.0) for t in range(n - 1)])

        def hops(m):     # hops drawn
            return [sum(1 for a in m.submobjects if a.get_stroke_opacity() > 0.5)]
        path = live.redraw(chain, path="chain_hops[{i}]", measure=hops)
        px = 2.75
        h_lab = self.text("path.hops", size=L, color=P.muted)
        h_lab.move_to([px, 2.1, 0], aligned_edge=LEFT)
        r_lab = self.text("path.r", size=S, color=P.hidden)
        r_lab.next_to(h_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        r_val = live_value(self, live, "chain_hops[{i}]", "count", r_lab, P.hidden, size=L)
        a_lab = self.text("path.a", size=S, color=P.attention)
        a_lab.next_to(r_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        a_val = self.value("path_attention", "count", size=L, color=P.attention)
        self.beside(a_val, a_lab)
        s_lab = self.text("path.seq", size=L, color=P.muted)
        s_lab.move_to([px, -0.45, 0], aligned_edge=LEFT)
        sr_lab = self.text("path.r", size=S, color=P.hidden)
        sr_lab.next_to(s_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        sr_val = self.value("sequential_recurrent", "count", size=L, color=P.hidden)
        self.beside(sr_val, sr_lab)
        sa_lab = self.text("path.a", size=S, color=P.attention)
        sa_lab.next_to(sr_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        sa_val = self.value("sequential_attention", "count", size=L, color=P.attention)
        self.beside(sa_val, sa_lab)
        arc = ArcBetweenPoints(bot[0].get_top(), bot[-1].get_top(), angle=-1.1,
                               color=P.attention, stroke_width=5)
        self.say("path.say", T=Val("steps", "count"))
        self.pace([FadeIn(top), FadeIn(t_lab), FadeIn(bot), FadeIn(b_lab)],
                  [FadeIn(h_lab), FadeIn(r_lab), FadeIn(r_val)])
        self.add(path)
        live.play(k.animate.set_value(n - 1), run_time=self.left(0.9, least=2.0),
                  rate_func=linear)
        self.remove(r_val)
        r_end = self.value("path_recurrent", "count", size=L, color=P.hidden)
        self.beside(r_end, r_lab)
        self.add(r_end)
        self.say("path.direct.say", q=Val("path_attention", "count"),
                 p=Val("path_recurrent", "count"))
        box, point = self.pointer()
        self.pace([Create(arc), FadeIn(a_lab)], [FadeIn(a_val), point(VGroup(a_lab, a_val),
                                                                       P.attention)],
                  point(VGroup(r_lab, r_end), P.hidden))
        self.say("path.chain.say", T=Val("steps", "count"))
        self.pace([FadeIn(s_lab), FadeIn(sr_lab), FadeIn(sr_val), point(sr_val, P.hidden),
                   LaggedStart(*[Indicate(s, color=P.highlight, scale_factor=1.15) for s in top],
                               lag_ratio=0.8)],
                  [FadeIn(sa_lab), FadeIn(sa_val), point(sa_val, P.attention),
                   *[Indicate(s, color=P.highlight, scale_factor=1.15) for s in bot]])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 3. the gradient's fix -----------------------------------------------------------------
    def gate_residual(self):
        v = self.v
        self.claim("grad", say=False)
        lo, hi, step = v.gate_axis
        ax = Axes([0, v.chain, max(v.chain // 2, 1)], [0, hi - lo, step], x_length=6.5,
                  y_length=3.6, axis_config={"color": P.muted, "include_tip": False,
                                             "font_size": 24},
                  x_axis_config={"numbers_to_include": [v.chain // 2, v.chain],
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([-2.45, 0.05, 0])
        self.ticks(ax)

        def pt(k, lg):
            return ax.c2p(k, lg - lo)
        yt = VGroup(*[self.math(f"10^{{{e}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(pt(0, e), LEFT, buff=0.12) for e in range(lo, hi + 1, step)])
        xl = self.text("grad.x", size=S, color=P.muted)
        xl.next_to(ax.x_axis.get_left(), DOWN, buff=0.15, aligned_edge=LEFT)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="gate_steps")

        def partial(ys, color):
            def build(i):
                pts = [pt(j, ys[j]) for j in range(i + 1)]
                return VMobject(color=color, stroke_width=4).set_points_as_corners(
                    pts if len(pts) > 1 else pts * 2)
            return build

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y + lo]
        curve = live.redraw(partial(v.gate_log_products, P.forget),
                            path=("gate_steps[{i}]", "gate_log_products[{i}]"), measure=tip)
        ones = [pt(0, 0.0), pt(v.chain, 0.0)]
        flat = Line(*ones, color=P.attention, stroke_width=5)
        px = 1.6
        cell = self.text("grad.cell", size=L, color=P.forget)
        cell.move_to([px, 1.7, 0], aligned_edge=LEFT)
        f_gate = self.text("grad.f", size=L, color=P.forget, f=Val("param.gate", "num"))
        f_gate.next_to(cell, DOWN, buff=0.3, aligned_edge=LEFT)
        k_lab = self.text("grad.k", size=L)
        k_lab.next_to(f_gate, DOWN, buff=0.3, aligned_edge=LEFT)
        f_lab = self.text("grad.fk", size=L, color=P.forget)
        f_lab.next_to(k_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        k_val = live_value(self, live, "gate_steps[{i}]", "count", k_lab, P.text, size=L)
        f_val = live_value(self, live, "gate_products[{i}]", "fmt", f_lab, P.forget, size=L)
        res = self.text("grad.res", size=L, color=P.attention)
        res.next_to(f_lab, DOWN, buff=0.5, aligned_edge=LEFT)
        one = self.text("grad.one", size=L, color=P.attention,
                        one=Val("residual_identity[-1]", "num"))
        one.next_to(res, DOWN, buff=0.3, aligned_edge=LEFT)
        self.show("residual_identity", one)
        box, point = self.pointer()
        self.say("grad.say", f=Val("param.gate", "num"), n=Val("chain", "count"))
        self.pace([Create(ax), FadeIn(yt), FadeIn(xl)],
                  [FadeIn(cell), FadeIn(f_gate), point(VGroup(cell, f_gate), P.forget)],
                  [FadeIn(k_lab), FadeIn(k_val), FadeIn(f_lab), FadeIn(f_val)])
        self.add(curve)
        self.say("grad.sweep.say", n=Val("chain", "count"), p=Val("gate_final"))
        live.play(k.animate.set_value(v.chain), run_time=self.left(0.8, least=2.0),
                  rate_func=linear)
        settle_value(self, k_val, "chain", "count", k_lab, P.text, size=L)
        settle_value(self, f_val, "gate_final", "fmt", f_lab, P.forget, size=L)
        self.play(point(VGroup(f_lab, f_val), P.forget), run_time=0.6)
        self.say("grad.res.say", one=Val("residual_identity[-1]", "num"))
        self.pace([FadeIn(res), Create(flat)], [FadeIn(one), point(one, P.attention)])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 4. position ---------------------------------------------------------------------------
    def _heat(self, S, cell, centre):
        """The score matrix ``S`` as cells of the attention colour, brighter for a larger
        score (the range of both matrices shared)."""
        v = self.v
        lo = float(min(v.order_scores.min(), v.order_scores_reversed.min()))
        hi = float(max(v.order_scores.max(), v.order_scores_reversed.max()))
        n = S.shape[0]
        g = VGroup()
        for r in range(n):
            for c in range(n):
                a = 0.1 + 0.85 * (float(S[r, c]) - lo) / max(hi - lo, 1e-12)
                sq = Square(cell, stroke_width=1, stroke_color=P.background)
                sq.set_fill(P.attention, opacity=a)
                sq.move_to([centre[0] + (c - (n - 1) / 2) * cell,
                            centre[1] - (r - (n - 1) / 2) * cell, 0])
                g.add(sq)
        return g

    def position_order(self):
        v = self.v
        n = v.steps
        self.claim("order", say=False)
        # the recurrence: its last state read forwards and backwards, as bars
        rnn_t = self.text("order.rnn", size=L, color=P.hidden)
        rnn_t.move_to([1.2, 1.85, 0], aligned_edge=LEFT)
        bars, names = VGroup(), VGroup()
        for i, (state, key) in enumerate(((v.order_state, "order.fwd"),
                                          (v.order_state_reversed, "order.rev"))):
            y = 1.05 - 1.1 * i
            name = self.text(key, size=S, color=P.muted)
            name.move_to([1.2, y, 0], aligned_edge=LEFT)
            row = VGroup()
            for j, h in enumerate(state):
                x = 3.3 + 0.85 * j
                bar = Rectangle(width=0.5, height=max(abs(float(h)) * 0.42, 0.01),
                                fill_color=P.hidden, fill_opacity=0.85, stroke_width=0)
                bar.move_to([x, y, 0], aligned_edge=DOWN if h >= 0 else UP)
                row.add(bar)
            axis = Line([3.0, y, 0], [3.3 + 0.85 * 3 + 0.3, y, 0], color=P.muted,
                        stroke_width=1.5)
            bars.add(VGroup(axis, row))
            names.add(name)
        gap = self.text("order.gap", size=L, color=P.hidden, g=Val("order_rnn_gap"))
        gap.move_to([1.2, -1.05, 0], aligned_edge=LEFT)
        self.show("order_rnn_gap", gap)
        # attention: the two score matrices, and the first flipped onto the second
        cell = min(0.3, 2.4 / n)
        c1, c2 = (-5.0, -0.35), (-2.1, -0.35)
        att_t = self.text("order.att", size=L, color=P.attention)
        att_t.move_to([-6.6, 1.85, 0], aligned_edge=LEFT)
        h1, h2 = self._heat(v.order_scores, cell, c1), self._heat(v.order_scores_reversed,
                                                                   cell, c2)
        l1 = self.text("order.fwd", size=S, color=P.muted).next_to(h1, UP, buff=0.15)
        l2 = self.text("order.rev", size=S, color=P.muted).next_to(h2, UP, buff=0.15)
        flip = self._heat(v.order_scores[::-1, ::-1], cell, c1)
        agap = self.text("order.agap", size=L, color=P.attention,
                         a=Val("order_attention_gap"))
        agap.move_to([-6.6, -2.05, 0], aligned_edge=LEFT)
        self.show("order_attention_gap", agap)
        box, point = self.pointer()
        self.say("order.say", T=Val("steps", "count"), g=Val("order_rnn_gap"))
        self.pace([FadeIn(rnn_t), FadeIn(names[0]), GrowFromEdge(bars[0], LEFT)],
                  [FadeIn(names[1]), GrowFromEdge(bars[1], LEFT)],
                  [FadeIn(gap), point(gap, P.hidden)])
        self.say("order.att.say", a=Val("order_attention_gap"))
        self.pace([FadeIn(att_t), FadeIn(h1), FadeIn(l1), FadeIn(h2), FadeIn(l2)],
                  [FadeIn(flip)], [flip.animate.move_to(h2)],
                  [FadeIn(agap), point(agap, P.attention)])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 5. the cost in T --------------------------------------------------------------------
    def cost_sweep(self):
        v = self.v
        self.claim("cost", d=Val("d", "count"), say=False)
        lo, hi, step = v.cost_axis
        xmax = float(v.frame_log2_T[-1])
        ax = Axes([0, xmax, max(xmax, 1.0)], [0, hi - lo, step], x_length=7.0, y_length=3.9,
                  axis_config={"color": P.muted, "include_tip": False, "include_ticks": False})
        ax.move_to([-2.75, 0.1, 0])

        def pt(x, lg):
            return ax.c2p(x, lg - lo)
        yt = VGroup(*[self.math(f"10^{{{e}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(pt(0, e), LEFT, buff=0.12) for e in range(lo, hi + 1, step)])
        grid = VGroup(*[Line(pt(0, e), pt(xmax, e), color=P.muted, stroke_width=1,
                             stroke_opacity=0.3) for e in range(lo, hi + 1, step)])
        xt = VGroup(*[self.value(f"cost_tick_T[{i}]", "count", size=S, color=P.muted)
                      .next_to(pt(float(x), lo), DOWN, buff=0.12)
                      for i, x in enumerate(v.cost_tick_log2_T)])
        xl = self.text("cost.x", size=S, color=P.muted)
        xl.next_to(ax.x_axis.get_right(), UP, buff=0.12, aligned_edge=RIGHT)
        yl = self.text("cost.y", size=S, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), RIGHT, buff=0.25, aligned_edge=UP).shift(0.1 * UP)
        s = ValueTracker(0)
        live = Live(self, lambda: self.at(s), over="frame_T", at="at_d")

        def partial(ys, color):
            def build(i):
                pts = [pt(v.frame_log2_T[j], ys[j]) for j in range(i + 1)]
                return VMobject(color=color, stroke_width=4).set_points_as_corners(
                    pts if len(pts) > 1 else pts * 2)
            return build

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y + lo]
        rec = live.redraw(partial(v.frame_log_recurrent, P.hidden),
                          path=("frame_log2_T[{i}]", "frame_log_recurrent[{i}]"), measure=tip)
        att = live.redraw(partial(v.frame_log_attention, P.attention),
                          path=("frame_log2_T[{i}]", "frame_log_attention[{i}]"), measure=tip)
        px = 1.75
        labs = [self.text(kk, size=L, color=c) for kk, c in
                (("cost.T", P.text), ("cost.rec", P.hidden), ("cost.att", P.attention))]
        for i, lab in enumerate(labs):
            lab.move_to([px, 1.6 - 0.6 * i, 0], aligned_edge=LEFT)
        vals = [live_value(self, live, p_ + "[{i}]", "count", lab, c, size=L)
                for p_, lab, c in (("frame_T", labs[0], P.text),
                                   ("frame_cost_recurrent", labs[1], P.hidden),
                                   ("frame_cost_attention", labs[2], P.attention))]
        cite = self.cite_row("Vaswani et al. 2017", "arXiv:1706.03762")
        box, point = self.pointer()
        self.say("cost.say")
        self.pace([Create(ax), FadeIn(grid), FadeIn(yt), FadeIn(xt), FadeIn(xl), FadeIn(yl),
                   FadeIn(cite)],
                  [FadeIn(labs[1]), FadeIn(vals[1]), point(labs[1], P.hidden)],
                  [FadeIn(labs[2]), FadeIn(vals[2]), point(labs[2], P.attention)],
                  [FadeIn(labs[0]), FadeIn(vals[0]), point(labs[0])])
        self.play(FadeOut(box["b"]), run_time=0.4)
        box.clear()
        self.add(rec, att)
        self.say("cost.cross.say", d=Val("d", "count"))
        # the lines grow up to the crossing as it is named, then on to the sweep's end
        live.play(s.animate.set_value(v.at_d), run_time=self.left(0.55, least=1.5),
                  rate_func=linear)
        cross = Dot(pt(v.frame_log2_T[v.at_d], v.frame_log_recurrent[v.at_d]), color=P.highlight,
                    radius=0.08)
        cl = self.text("cost.cross", size=S, color=P.highlight, d=Val("d", "count"))
        cl.next_to(cross, UP + LEFT, buff=0.1)
        if cl.get_left()[0] < ax.get_left()[0] + 0.1:
            cl.next_to(cross, UP + RIGHT, buff=0.1)
        if cl.get_top()[1] > yl.get_bottom()[1] - 0.05:    # near the top: under the crossing
            cl.next_to(cross, DOWN + RIGHT, buff=0.1)
        if cl.get_right()[0] > ax.get_right()[0]:          # at the right end: left of it
            cl.next_to(cross, DOWN + LEFT, buff=0.1)
        self.play(FadeIn(cross), FadeIn(cl), run_time=0.6)
        last = len(v.frame_T) - 1
        if last > v.at_d:
            live.play(s.animate.set_value(last), run_time=self.left(0.9, least=1.5),
                      rate_func=linear)
        # the chosen T: a dashed line, a dot on each curve, the readouts at T
        xT = float(v.frame_log2_T[v.at_T])
        vline = DashedLine(pt(xT, lo), pt(xT, hi), color=P.muted, dash_length=0.1)
        dots = VGroup(Dot(pt(xT, v.frame_log_recurrent[v.at_T]), color=P.hidden, radius=0.07),
                      Dot(pt(xT, v.frame_log_attention[v.at_T]), color=P.attention, radius=0.07))
        # each label and its number become one sentence at T: the label says what the number is
        ends = []
        for key, path_, c, lab in zip(("cost.end.T", "cost.end.rec", "cost.end.att"),
                                      ("T", "cost_recurrent", "cost_attention"),
                                      (P.text, P.hidden, P.attention), labs):
            e = self.text(key, size=L, color=c, v=Val(path_, "count"))
            e.move_to(lab, aligned_edge=LEFT)
            self.show(path_, e)
            ends.append(e)
        case = self._cost_case()
        self.say("cost.at.say", variant=case, T=Val("T", "count"),
                 a=Val("cost_recurrent", "count"), b=Val("cost_attention", "count"))
        self.pace([Create(vline), FadeIn(dots), FadeOut(vals[0]), FadeOut(labs[0]),
                   FadeIn(ends[0]), point(ends[0])],
                  [FadeOut(vals[1]), FadeOut(labs[1]), FadeIn(ends[1]), point(ends[1], P.hidden)],
                  [FadeOut(vals[2]), FadeOut(labs[2]), FadeIn(ends[2]),
                   point(ends[2], P.attention)])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 4. the memory per token -------------------------------------------------------------
    def memory_sweep(self):
        v = self.v
        self.claim("memory", say=False)
        (xlo, xhi), (ylo, yhi) = v.memory_axis_x, v.memory_axis_y
        yt = VGroup(*[self.value(f"memory_tick_bytes[{i}]", "bytes", size=S, color=P.muted)
                      for i in range(len(v.memory_tick_bytes))])
        right = -0.95
        left = max(-5.9, -style.FRAME_W / 2 + 0.35 + max(t.width for t in yt) + 0.15)
        ax = Axes([xlo, xhi, 1], [ylo, yhi, 1], x_length=right - left, y_length=3.8,
                  axis_config={"color": P.muted, "include_tip": False, "include_ticks": False})
        ax.move_to([(left + right) / 2, 0.05, 0])
        for t, y in zip(yt, v.memory_tick_log2_bytes):
            t.next_to(ax.c2p(xlo, float(y)), LEFT, buff=0.15)
        xt = VGroup(*[self.value(f"memory_tick_context[{i}]", "count", size=S, color=P.muted)
                      .next_to(ax.c2p(float(x), ylo), DOWN, buff=0.12)
                      for i, x in enumerate(v.memory_tick_log2_context)])
        for t in xt:           # a tick's label ends where the axis ends, at the latest
            t.shift(min(0.0, ax.x_axis.get_right()[0] - t.get_right()[0]) * RIGHT)
        xl = self.text("memory.x", size=S, color=P.muted)
        xl.next_to(ax.x_axis.get_right(), RIGHT, buff=0.12)
        s = ValueTracker(0)
        live = Live(self, lambda: self.at(s), over="frame_context")

        kv_curve = growing_curve(live, ax, "frame_log2_context", v.frame_log2_context,
                                 "frame_log2_kv", v.frame_log2_kv, P.attention)
        st_curve = growing_curve(live, ax, "frame_log2_context", v.frame_log2_context,
                                 "frame_log2_state", v.frame_log2_state, P.hidden)
        px = 0.6
        model = self.text("memory.model", size=S, color=P.muted, L=self._n("layers"),
                          d=self._n("d"), b=self._n("bytes_per_number"))
        model.move_to([px, 1.6, 0], aligned_edge=LEFT)
        c_lab = self.text("memory.ctx", size=L)
        c_lab.move_to([px, 1.0, 0], aligned_edge=LEFT)
        k_lab = self.text("memory.cache", size=L, color=P.attention)
        k_lab.next_to(c_lab, DOWN, buff=0.32, aligned_edge=LEFT)
        s_lab = self.text(f"memory.state.{v.cell}", size=L, color=P.hidden)
        s_lab.next_to(k_lab, DOWN, buff=0.32, aligned_edge=LEFT)
        r_lab = self.text("memory.ratio", size=L)
        r_lab.next_to(s_lab, DOWN, buff=0.32, aligned_edge=LEFT)
        c_val = live_value(self, live, "frame_context[{i}]", "count", c_lab, P.text, size=L)
        k_val = live_value(self, live, "frame_kv_bytes[{i}]", "bytes", k_lab, P.attention,
                           size=L)
        s_val = self.value("state_bytes", "bytes", size=L, color=P.hidden)
        self.beside(s_val, s_lab)
        formula = self.text("memory.formula", size=S, color=P.muted)
        formula.next_to(r_lab, DOWN, buff=0.45, aligned_edge=LEFT)
        box, point = self.pointer()
        self.say(f"memory.say.{v.cell}", L=self._n("layers"), d=self._n("d"),
                 b=self._n("bytes_per_number"), state=Val("state_bytes", "bytes"))
        self.pace([Create(ax), FadeIn(yt), FadeIn(xt), FadeIn(xl), FadeIn(model)],
                  [FadeIn(s_lab), FadeIn(s_val), point(VGroup(s_lab, s_val), P.hidden)])
        self.add(kv_curve, st_curve)
        self.say("memory.kv.say")
        self.play(FadeIn(c_lab), FadeIn(c_val), FadeIn(k_lab), FadeIn(k_val), FadeIn(formula),
                  point(formula, P.attention), run_time=1.0)
        last = len(v.frame_context) - 1
        if last:
            live.play(s.animate.set_value(last), run_time=self.left(0.9, least=2.0),
                      rate_func=linear)
        else:
            self.play(Indicate(k_lab, color=P.attention), run_time=1.0)
        case = self._memory_case()
        r_val = self.text("memory.times", variant=case, size=L,
                          **({"r": Val("memory_ratio", "ratio")} if case == "larger" else {}))
        self.beside(r_val, r_lab)
        self.show("memory_ratio", r_val)
        self.say("memory.ratio.say", variant=case, ctx=Val("context", "count"),
                 kv=Val("kv_bytes", "bytes"), state=Val("state_bytes", "bytes"),
                 r=Val("memory_ratio", "ratio"))
        self.pace(lambda: point(VGroup(k_lab, k_val), P.attention),
                  lambda: point(VGroup(s_lab, s_val), P.hidden),
                  lambda: [FadeIn(r_lab), FadeIn(r_val), point(VGroup(r_lab, r_val))])
        cite = self.cite_row("Katharopoulos et al. 2020, arXiv:2006.16236",
                             "Gu & Dao 2023, arXiv:2312.00752")
        self.say("memory.heirs.say")
        self.pace([FadeOut(box["b"]), FadeIn(cite)], point(st_curve, P.hidden))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 5. why the Transformer won training -------------------------------------------------
    def why_won(self):
        v = self.v
        self.claim("won", say=False)
        items = [self.text(f"won.{kk}", size=L, color=P.text) for kk in ("one", "two", "three")]
        for i, it in enumerate(items):
            it.move_to([-6.6, 1.75 - 0.85 * i, 0], aligned_edge=LEFT)
        marks = [self.label(f"{i + 1}.", "the reasons' numbering", size=L, color=P.attention)
                 for i in range(3)]
        for m, it in zip(marks, items):
            m.next_to(it, LEFT, buff=0.15)
            it.shift(0.3 * RIGHT)
            m.shift(0.3 * RIGHT)
        # reason one: one fixed box against a row of kept keys and values
        y1 = 1.75
        state = Square(0.5, color=P.hidden, stroke_width=3).move_to([3.0, y1, 0])
        kv = VGroup(*[Square(0.3, color=P.attention, stroke_width=2) for _ in range(8)]
                    ).arrange(RIGHT, buff=0.08).next_to(state, RIGHT, buff=0.7)
        # reason two: a chain of steps against one column
        y2 = 1.75 - 0.85
        chain = VGroup(*[Dot(radius=0.08, color=P.hidden) for _ in range(8)]
                       ).arrange(RIGHT, buff=0.3).move_to([4.7, y2 + 0.17, 0])
        lanes = VGroup(*[Dot(radius=0.08, color=P.attention) for _ in range(8)]
                       ).arrange(RIGHT, buff=0.3).move_to([4.7, y2 - 0.17, 0])
        arrows = VGroup(*[Line(chain[i].get_center(), chain[i + 1].get_center(),
                               color=P.hidden, stroke_width=2) for i in range(7)])
        cite = self.cite_row("Peters et al. 2018, arXiv:1802.05365",
                             "Devlin et al. 2018, arXiv:1810.04805")
        # the two reasons are told as Ryu's course notes tell them
        ryu = self.label("Ryu, RL of LLMs (Spring 2025), ch. 2", "citation year",
                         size=S, color=P.muted)
        ryu.next_to(items[1], RIGHT, buff=0.45)
        self.say("won.one.say")
        self.pace([FadeIn(marks[0]), FadeIn(items[0]), FadeIn(ryu)], Create(state),
                  LaggedStart(*[FadeIn(q) for q in kv], lag_ratio=0.3))
        self.say("won.two.say")
        self.pace([FadeIn(marks[1]), FadeIn(items[1])],
                  [Create(arrows), FadeIn(chain),
                   LaggedStart(*[Indicate(c, color=P.highlight) for c in chain],
                               lag_ratio=0.8)],
                  [FadeIn(lanes), *[Indicate(c, color=P.highlight) for c in lanes]])
        # reason three: the depths as bars
        unit = 6.0 / v.bert_large_layers
        bars, names, nums = VGroup(), VGroup(), VGroup()
        for i, (path, key, color) in enumerate((("elmo_layers", "won.elmo", P.hidden),
                                                ("bert_base_layers", "won.base", P.attention),
                                                ("bert_large_layers", "won.large", P.attention))):
            y = -0.75 - 0.6 * i
            name = self.text(key, size=S, color=color)
            name.move_to([-6.3, y, 0], aligned_edge=LEFT)
            bar = Rectangle(width=unit * getattr(v, path), height=0.3, fill_color=color,
                            fill_opacity=0.8, stroke_width=0)
            bar.move_to([-3.4, y, 0], aligned_edge=LEFT)
            num = self.text("won.layers", size=S, color=color, n=Val(path, "count"))
            num.next_to(bar, RIGHT, buff=0.2)
            self.show(path, num)
            bars.add(bar)
            names.add(name)
            nums.add(num)
        self.say("won.three.say", e=Val("elmo_layers", "count"),
                 bl=Val("bert_large_layers", "count"), bb=Val("bert_base_layers", "count"))
        self.pace([FadeIn(marks[2]), FadeIn(items[2]), FadeIn(cite)],
                  [FadeIn(names[0]), GrowFromEdge(bars[0], LEFT), FadeIn(nums[0])],
                  [FadeIn(names[2]), GrowFromEdge(bars[2], LEFT), FadeIn(nums[2])],
                  [FadeIn(names[1]), GrowFromEdge(bars[1], LEFT), FadeIn(nums[1])])
        self.say("won.ratio.say", bl=Val("bert_large_layers", "count"),
                 e=Val("elmo_layers", "count"), r=Val("depth_ratio", "ratio"))
        box, point = self.pointer()
        self.pace(point(VGroup(bars[2], nums[2]), P.attention), point(VGroup(bars[0], nums[0]),
                                                                       P.hidden))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 6. the pairings ---------------------------------------------------------------------
    def pairings(self):
        v = self.v
        n = v.steps
        self.claim("pairs", say=False)
        cell = min(0.4, 3.0 / n)
        gx, gy = -4.3, 0.45
        grid = VGroup()
        for r in range(n):
            for c in range(n):
                sq = Square(cell, stroke_width=1.5, color=P.muted)
                sq.move_to([gx + (c - (n - 1) / 2) * cell, gy - (r - (n - 1) / 2) * cell, 0])
                if c > r:
                    sq.set_fill(P.muted, opacity=0.25)
                grid.add(sq)

        def filled(i):         # every allowed cell, those of rows 0..i filled
            return VGroup(*[grid[r * n + c].copy().set_stroke(width=0).set_fill(
                P.attention, opacity=0.85 if r <= i else 0.0)
                for r in range(n) for c in range(r + 1)])

        def count(m):
            return [sum(1 for q in m.submobjects if q.get_fill_opacity() > 0.5)]
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="instalments")
        paid = live.redraw(filled, path="instalments_paid[{i}]",
                           measure=count)
        p_lab = self.text("pairs.paid", size=L, color=P.attention)
        p_lab.next_to(grid, DOWN, buff=0.25)
        p_lab.align_to([-6.6, 0, 0], LEFT)
        p_val = live_value(self, live, "instalments_paid[{i}]", "count", p_lab, P.attention,
                           size=L)
        heads = [("pair.mask", "pair.mask.rnn"), ("pair.pos", "pair.pos.rnn"),
                 ("pair.res", "pair.res.rnn"), ("pair.kv", "pair.kv.rnn")]
        pairs = []
        for i, (a, b) in enumerate(heads):
            ta = self.text(a, size=L, color=P.attention)
            tb = self.text(b, size=S, color=P.hidden)
            ta.move_to([-0.5, 1.85 - 0.95 * i, 0], aligned_edge=LEFT)
            tb.next_to(ta, DOWN, buff=0.12, aligned_edge=LEFT).shift(0.3 * RIGHT)
            pairs.append(VGroup(ta, tb))
        box, point = self.pointer()
        self.say("pairs.mask.say")
        self.pace([FadeIn(grid)], [FadeIn(pairs[0]), point(pairs[0], P.attention)])
        self.say("pairs.pos.say")
        self.pace([FadeIn(pairs[1]), point(pairs[1], P.attention)],
                  [FadeIn(pairs[2]), point(pairs[2], P.attention)])
        self.say("pairs.kv.say", T=Val("steps", "count"), n=Val("triangle", "count"),
                 d=Val("d", "count"))
        self.play(FadeIn(pairs[3]), point(pairs[3], P.attention), FadeIn(p_lab), FadeIn(p_val),
                  run_time=0.8)
        self.add(paid)
        live.play(k.animate.set_value(n - 1), run_time=self.left(0.75, least=2.0),
                  rate_func=linear)
        self.remove(p_val, p_lab)
        total = self.text("pairs.total", size=L, color=P.attention, n=Val("triangle", "count"))
        total.next_to(grid, DOWN, buff=0.25)
        total.align_to([-6.6, 0, 0], LEFT)
        madds = self.text("pairs.madds", size=L, color=P.attention,
                          m=Val("triangle_madds", "count"))
        madds.next_to(total, DOWN, buff=0.15, aligned_edge=LEFT)
        self.show("triangle", total)
        self.show("triangle_madds", madds)
        total = VGroup(total, madds)
        self.play(FadeIn(total), point(total, P.attention), run_time=0.8)
        cite = self.cite_row("Ryu, RL of LLMs (Spring 2025), ch. 2")
        self.say("pairs.close.say")
        self.pace([FadeOut(box["b"]), FadeIn(cite)],
                  LaggedStart(*[Indicate(p, color=P.highlight, scale_factor=1.05)
                                for p in pairs], lag_ratio=0.5))
        self.hold(2.0)
