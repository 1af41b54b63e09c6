"""P10 The page's third lab: a small Elman RNN and its loss, the gradient of the shared W_h as a
sum over the steps, central differences against BPTT entry by entry, the step h swept; then the
page's checklist and oral questions, each pointed to the section that answers it."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Axes, Circumscribe, Create, Dot, FadeIn, FadeOut,
                   Indicate, LaggedStart, Line,
                   Rectangle, RoundedRectangle, Square, ValueTracker, VGroup, VMobject, Write,
                   linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, live_value

P = style.PALETTE

_SEC = "a section number of this lecture (P1 to P10)"
_ONE = "the first step's index (t = 1, whose state before it is h_0)"
_ZERO = "the index of the initial state h_0"

#: the recap's items: (text key, the sections that answer it, 1-based P numbers)
CHECKS = (("ck1", (1,)), ("ck2", (2, 3)), ("ck3", (2,)), ("ck4", (4,)), ("ck5", (4,)),
          ("ck6", (4,)), ("ck7", (7, 8)), ("ck8", (7,)), ("ck9", (9,)), ("ck10", (2, 3, 10)))
ORAL = (("q1", (1,)), ("q2", (3,)), ("q3", (2,)), ("q4", (2, 3)), ("q5", (4,)), ("q6", (4,)),
        ("q7", (5,)), ("q8", (7, 8)), ("q9", (3, 7)), ("q10", (9,)))


def _fixed(*nums):
    """The ``fixed`` entry of a recap text naming sections P<n> and items by number."""
    return {str(n): _SEC for n in nums}


def _item(key, n, zh, en, to_zh, to_en, say_zh, say_en, secs, extra=None):
    """A recap item's three entries: the row, its pointer and its narration line."""
    fx = dict(_fixed(*secs))
    fx[str(n)] = "the item's number in the page's list of ten"
    if extra:
        fx.update(extra)
    return {key: {"zh": f"{n}. {zh}", "en": f"{n}. {en}", "fixed": fx},
            f"{key}.to": {"zh": to_zh, "en": to_en, "fixed": {**_fixed(*secs), **(extra or {})}},
            f"{key}.say": {"zh": say_zh, "en": say_en, "fixed": _fixed(*secs)}}


TEXT = {
    # ----- 1. the lab ----------------------------------------------------------------------
    "lab": {"zh": "实验：一个 Elman RNN，$d_h$ = {dh}，$d_x$ = {dx}，$T$ = {T}",
            "en": "The lab: an Elman RNN, $d_h$ = {dh}, $d_x$ = {dx}, $T$ = {T}"},
    "lab.say": {
        "zh": "页面只给了尺寸，没给数据和损失，这里自己定：输入 x_t 和目标 y_t 都是带种子的高斯抽样，"
              "h_0 = 0，不加偏置，每一步算一个平方误差。",
        "en": "The page gives the sizes but no data and no loss, so we choose them: seeded "
              "Gaussian inputs x_t and targets y_t, h_0 = 0, no bias, and a squared error at "
              "every step.",
        "fixed": {"0": _ZERO}},
    "lab.data": {"zh": "$x_t$、$y_t$：高斯抽样，种子 {s}；偏置为零",
                 "en": "$x_t$, $y_t$: Gaussian draws, seed {s}; no bias"},
    "lab.run.say": {
        "zh": "前向走过 {T} 步：每算出一个状态，这一步的损失就到位，一步步累加。",
        "en": "Forward through the {T} steps: each step's loss arrives as its state is "
              "computed, and the losses add up."},
    "lab.running": {"zh": "累计损失", "en": "loss so far"},
    "lab.first": {"zh": "$t$ = 1", "en": "$t$ = 1", "fixed": {"1": _ONE}},
    "lab.last": {"zh": "$t$ = {T}", "en": "$t$ = {T}"},
    "lab.total.say": {
        "zh": "{T} 步加起来，L = {L}。后面的每个数，都是这一个数的导数。",
        "en": "Summed over the {T} steps, L = {L}. Every number that follows is a derivative "
              "of this one number."},
    "lab.hold": {"zh": "$L$ = {L}：{T} 步的损失之和", "en": "$L$ = {L}: the sum of {T} step losses"},
    # ----- 2. the sum over the steps -------------------------------------------------------
    "sum": {"zh": "$W_h$ 每步共用：它的梯度是 {T} 步之和",
            "en": "$W_h$ is shared: its gradient is a sum over the {T} steps"},
    "sum.say": {
        "zh": "从第 {T} 步往回走，每一步的 δ_t 收下这一步自己的误差，加上从后面各步传回来的部分，"
              "再乘 tanh 的斜率。W_h 每一步都在用，所以每一步都给它的梯度加一项。",
        "en": "Walking back from step {T}, each step's δ_t takes its own error plus what "
              "flows back from the later steps, times its tanh slope. W_h is used at every "
              "step, so every step adds a term to its gradient."},
    "sum.entry.say": {
        "zh": "盯住一个分量：W_h 第 {i} 行第 {j} 列，行列从 1 数起。每根柱子是一步的贡献，累计值把它们收拢。",
        "en": "Follow one entry, row {i}, column {j} of W_h, counted from 1: each bar is one "
              "step's contribution, and the running sum collects them.",
        "fixed": {"1": "rows and columns are counted from 1"}},
    "sum.running": {"zh": "累计", "en": "running sum"},
    "sum.first": {"zh": "$t$ = 1", "en": "$t$ = 1", "fixed": {"1": _ONE}},
    "sum.last": {"zh": "$t$ = {T}", "en": "$t$ = {T}"},
    "sum.total.say": {
        "zh": "{T} 份贡献加起来是 {g}，就是这个分量的 BPTT 梯度。第 1 步贡献 {c}：它之前的状态 h_0 是零。",
        "en": "The {T} contributions add up to {g}, the BPTT gradient of that entry. Step 1 "
              "adds {c}: the state before it, h_0, is zero.",
        "fixed": {"1": _ONE, "0": _ZERO}},
    "sum.hold": {"zh": "{T} 份之和：$\\partial L / \\partial W_h$ 的第 ({i}, {j}) 项 = {g}",
                 "en": "sum of {T}: $\\partial L / \\partial W_h$ at ({i}, {j}) = {g}"},
    # ----- 3. the check --------------------------------------------------------------------
    "check": {"zh": "中心差分对拍 BPTT：抽查 $W_h$ 的 {n} 个分量",
              "en": "Central differences against BPTT: $W_h$ entries checked, {n}"},
    "check.say": {
        "zh": "把 W_h 的一个分量加 h、再减 h，各跑一遍完整的前向，两个损失之差除以 2h。这里 h = {h}，用页面的步长。",
        "en": "Nudge one entry of W_h up by h and down by h, run the whole forward pass each "
              "time, and divide the change in the loss by 2h. Here h = {h}, the page's step.",
        "fixed": {"2": "the central difference's denominator 2h"}},
    "check.cd": {"tex": r"\frac{\partial L}{\partial w_{ij}} \approx "
                        r"\frac{L(w_{ij}+h) - L(w_{ij}-h)}{2h},\quad h = @h"},
    "check.rel.say": {
        "zh": "两者用相对误差比较：差的绝对值，除以两者中绝对值较大的那个，梯度大小不同也能一样读。",
        "en": "The two are compared by their relative error: the size of the gap over the "
              "larger of the two sizes, so it reads alike for large and small gradients."},
    "check.ab": {"zh": "$a$：BPTT；$b$：中心差分", "en": "$a$: BPTT, $b$: central difference"},
    "check.rows.say": {
        "zh": "抽查哪几个分量由种子决定，行列从 1 数起。每检查完一个，就填上一行。",
        "en": "The seed picks the entries; rows and columns are counted from 1. Each row "
              "arrives as its check runs.",
        "fixed": {"1": "rows and columns are counted from 1"}},
    "check.head_entry": {"zh": "(行, 列)", "en": "(row, col)"},
    "check.head_bptt": {"zh": "BPTT $a$", "en": "BPTT $a$"},
    "check.head_cd": {"zh": "中心差分 $b$", "en": "central diff. $b$"},
    "check.head_rel": {"zh": "相对误差", "en": "rel. error"},
    "check.entry": {"zh": "({i}, {j})", "en": "({i}, {j})"},
    "check.max.say.below": {
        "zh": "最大的相对误差是 {m}，低于页面说的 {p}：页面那个量级只是宽松的上界，float64 实际给出的更小。",
        "en": "The largest relative error is {m}, below the page's {p}: the page's order of "
              "magnitude is a loose upper bound, and float64 does better.",
        "fixed": {"64": "the name of the number format, float64"}},
    "check.max.say.above": {
        "zh": "最大的相对误差是 {m}，并不低于页面说的 {p}。",
        "en": "The largest relative error is {m}, not below the page's {p}."},
    "check.max": {"zh": "最大相对误差 {m}", "en": "largest relative error {m}"},
    "check.page": {"zh": "页面预计：{p} 量级", "en": "the page expects: order {p}"},
    # ----- 4. the step sweep ---------------------------------------------------------------
    "sweep": {"zh": "为什么取 $h$ = {h}：截断误差对舍入误差",
              "en": "Why $h$ = {h}: truncation against rounding"},
    "sweep.say": {
        "zh": "现在把 h 从 {a} 一路扫到 {b}，每次半个数量级，检查同样这些分量；曲线是它们的最大相对误差。",
        "en": "Now sweep h from {a} down to {b}, half a decade at a time, on the same "
              "entries; the curve is their largest relative error."},
    "sweep.x": {"zh": "步长 $h$", "en": "step $h$"},
    "sweep.y": {"zh": "最大相对误差", "en": "largest relative error"},
    "sweep.h": {"zh": "$h$ =", "en": "$h$ ="},
    "sweep.err": {"zh": "误差", "en": "error"},
    "sweep.trunc.say": {
        "zh": "h 大时，差商本身就不准：中心差分的截断误差随 h 的平方缩小。h 小时，两个损失几乎每一位都相同，"
              "相减后剩下的舍入误差按 1/h 放大。",
        "en": "At large h the difference quotient itself is off: a central difference's "
              "truncation error shrinks like h squared. At small h the two losses agree in "
              "nearly every digit, and the rounding left in their difference grows like 1/h.",
        "fixed": {"1": "the power in 1/h"}},
    "sweep.best.say": {
        "zh": "最小误差 {e} 出现在 h = {b}；页面的 h = {h} 处是 {p}，正是表里的最大值。",
        "en": "The smallest error, {e}, comes at h = {b}; at the page's h = {h} it is {p}, the "
              "table's largest."},
    "sweep.best": {"zh": "最小误差 {e}", "en": "smallest error {e}"},
    "sweep.best_h": {"zh": "在 $h$ = {b} 处", "en": "at $h$ = {b}"},
    "sweep.page": {"zh": "页面的 $h$ = {h}", "en": "the page's $h$ = {h}"},
    "sweep.page_err": {"zh": "误差 {p}", "en": "error {p}"},
    # ----- 5. and 6. the recap -------------------------------------------------------------
    "recap1": {"zh": "页面的验收清单：每一条都指回讲过它的地方",
               "en": "The page's checklist, each item pointed to where it was shown"},
    "recap1.say": {
        "zh": "页面最后列了十条验收。每一条，这门课都有一节讲过；上方的条带逐条点亮对应的节。",
        "en": "The page closes with ten checks. Each is answered somewhere in this lecture; "
              "the strip above lights the sections as we go."},
    "recap2": {"zh": "页面的口试题：每一题都指回答案所在的节",
               "en": "The page's oral questions, each pointed to its answer"},
    "recap2.say": {
        "zh": "还有十道闭卷口试题。同样，每一题都指回能回答它的那一节。",
        "en": "Then ten closed-book questions. Again, each points to the section that "
              "answers it."},
}

TEXT.update(_item(
    "ck1", 1, "零填充 → 逐位置一层 → 权重共享：每一步修掉了什么缺陷",
    "Zero padding, one layer per position, shared weights: what each step fixes",
    "P1 · 三步搭出循环网络", "P1 · three steps to the RNN",
    "第一条：从零填充到权重共享的三步，各修掉什么缺陷。P1 一步步搭过。",
    "One: the three steps from zero padding to shared weights, and the defect each fixes. "
    "P1 built them.", (1,)))
TEXT.update(_item(
    "ck2", 2, "BPTT 的雅可比连乘式，谱半径如何让它爆炸或消失",
    "The BPTT product of Jacobians; how the spectral radius explodes or vanishes it",
    "P2 · 雅可比连乘；P3 · 三个谱半径", "P2 · the ordered product; P3 · three radii",
    "第二条：BPTT 背后的雅可比连乘，和让它爆炸或消失的谱半径：见 P2 和 P3。",
    "Two: the product of Jacobians behind BPTT, and the spectral radius that makes it "
    "explode or vanish: P2 and P3.", (2, 3)))
TEXT.update(_item(
    "ck3", 3, "梯度消失的含义：早期 token 被忘掉，梯度更新也修不回来",
    "What vanishing means: early tokens forgotten, and no update repairs it",
    "P2 · 逐步连乘；P2 · 裁剪的不对称", "P2 · the ordered product; P2 · the asymmetry",
    "第三条：消失对记忆意味着什么：早期 token 被忘掉，更新也救不回来：见 P2。",
    "Three: what vanishing means for memory, an early token forgotten and an update that "
    "cannot bring it back: P2.", (2,)))
TEXT.update(_item(
    "ck4", 4, "遗忘门最小电路的一行求导，和它的孪生：残差连接",
    "The forget circuit's one-line derivative, and its twin, the residual connection",
    "P4 · 最小遗忘电路；P4 · 两个极端与孪生", "P4 · the minimal circuit; P4 · the twin",
    "第四条：遗忘电路一行求导，和形状相同的残差连接：见 P4。",
    "Four: the forget circuit's derivative in one line, and the residual connection that "
    "shares its shape: P4.", (4,)))
TEXT.update(_item(
    "ck5", 5, "对照 GRU 与 LSTM：每个门的职责，两处关键差异",
    "GRU beside LSTM: what each gate does, and the two key differences",
    "P4 · 四个门；P4 · GRU 与 LSTM 并排", "P4 · four gates; P4 · GRU and LSTM side by side",
    "第五条：GRU 和 LSTM 的门各管什么，两处关键差异：还是 P4。",
    "Five: the gates of the GRU and the LSTM, their jobs and their two key differences: "
    "P4 again.", (4,)))
TEXT.update(_item(
    "ck6", 6, "名字的读法：LSTM 是变长了的短期记忆",
    "Reading the name: a long short-term memory is a longer short-term memory",
    "P4 · 名字怎么读", "P4 · the hyphen in the name",
    "第六条：名字怎么读，是变长了的短期记忆：P4 的结尾。",
    "Six: how to read the name, a short-term memory made longer: the end of P4.", (4,)))
TEXT.update(_item(
    "ck7", 7, "说清 Bahdanau 注意力要解决的定长向量瓶颈",
    "How the fixed-vector bottleneck led straight to Bahdanau attention",
    "P7 · seq2seq；P8 · Bahdanau 注意力", "P7 · seq2seq; P8 · Bahdanau attention",
    "第七条：定长向量瓶颈，以及它催生的注意力：见 P7 和 P8。",
    "Seven: the fixed-vector bottleneck, and the attention it called for: P7 and P8.",
    (7, 8), {"2": "the name seq2seq"}))
TEXT.update(_item(
    "ck8", 8, "把一个错误归到搜索还是模型，各自怎么修",
    "Blame an error on the search or on the model, and fix each",
    "P7 · seq2seq 与束搜索", "P7 · seq2seq and beam search",
    "第八条：坏输出怪搜索还是怪模型，各怎么修：见 P7。",
    "Eight: whether a bad output is the search's fault or the model's, and how to fix each: "
    "P7.", (7,), {"2": "the name seq2seq"}))
TEXT.update(_item(
    "ck9", 9, "血缘对照：隐藏状态、循环深度、串行 ↔ KV 缓存、固定层数、全并行",
    "Lineage: hidden state, depth in time, serial steps ↔ KV cache, fixed depth, parallel",
    "P9 · 血缘对照", "P9 · the lineage",
    "第九条：血缘对照表，把隐藏状态、循环深度、串行依赖和 KV 缓存、固定层数、全并行一一配对：见 P9。",
    "Nine: the lineage table pairing the hidden state, depth in time and serial steps with "
    "the KV cache, fixed depth and parallel steps: P9.", (9,)))
TEXT.update(_item(
    "ck10", 10, "把三级 numpy 实验从头跑完，让两处人为注入的故障各自露出应有的迹象",
    "All three numpy labs run, both fault injections' signals reproduced",
    "P2 · 连乘实验；P3 · 谱半径扫描与裁剪；P10 · 本节对拍",
    "P2 · the product lab; P3 · the radius sweep, clipping; P10 · this check",
    "第十条：三级 numpy 实验和两个故障注入：P2 的连乘实验，P3 的谱半径扫描和裁剪，还有本节的对拍。",
    "Ten: the three numpy labs and both fault injections: the product lab in P2, the radius "
    "sweep and clipping in P3, and this check in P10.", (2, 3, 10)))
TEXT.update(_item(
    "q1", 1, "零填充和逐位置一层各有什么缺陷？共享修好什么、带来什么代价？",
    "Padding and per-position layers: their defects; what sharing fixes and costs",
    "P1 · 三步；P1 · 好处和代价", "P1 · three steps; P1 · what it buys, what it costs",
    "第一题：零填充和逐位置一层的缺陷，共享修好了什么、付出什么：见 P1。",
    "Question one: the defects of padding and of one layer per position, and what sharing "
    "fixes and costs: P1.", (1,)))
TEXT.update(_item(
    "q2", 2, "写出 $\\partial h_T / \\partial h_0$ 的连乘；斜率和权重何时压低、何时推高它？",
    "The product for $\\partial h_T / \\partial h_0$: when do slopes and weights shrink or grow it?",
    "P3 · 连乘；P3 · 换激活对照", "P3 · the product; P3 · the other activation",
    "第二题：雅可比连乘，斜率和权重何时把它往下压、往上推，为什么消失更常见：见 P3。",
    "Question two: the product of Jacobians, when its slopes and weights push it down or up, "
    "and why vanishing is the common case: P3.", (3,), {"0": _ZERO}))
TEXT.update(_item(
    "q3", 3, "状态的梯度不小、token 的梯度趋零：为什么这是死锁？",
    "The state's gradient is not small, the token's is: why is that a deadlock?",
    "P2 · 逐步连乘", "P2 · the ordered product",
    "第三题：早期 token 的梯度消失了，为什么是更新本身打不开的死锁：见 P2。",
    "Question three: why a vanished gradient at an early token is a deadlock the update "
    "cannot break: P2.", (2,)))
TEXT.update(_item(
    "q4", 4, "裁剪为什么治得了爆炸、治不了消失？故障矩阵哪两行对照？",
    "Why clipping tames explosion but not vanishing; which fault-matrix rows show it",
    "P3 · 裁剪；P3 · 故障矩阵；P2 · 不对称", "P3 · clipping; P3 · the fault matrix; P2 · the asymmetry",
    "第四题：裁剪为什么治爆炸不治消失，看故障矩阵里加裁剪的两行：见 P3，还有 P2 的不对称。",
    "Question four: why clipping tames explosion but not vanishing, read off the fault "
    "matrix's clipped rows: P3, and P2's asymmetry.", (2, 3)))
TEXT.update(_item(
    "q5", 5, "推导 $\\partial c_l / \\partial c_{{l-1}} = f_l$；两个极端；和朴素 RNN 差在哪个记号？",
    "Derive $\\partial c_l / \\partial c_{{l-1}} = f_l$; its two extremes; the symbol the RNN has",
    "P4 · 最小遗忘电路；P4 · 两个极端与孪生", "P4 · the minimal circuit; P4 · the twin",
    "第五题：遗忘电路的导数、两个极端，以及离开了梯度路径的权重矩阵：见 P4。",
    "Question five: the forget circuit's derivative, its two extremes, and the weight matrix "
    "that has left the path: P4.", (4,), {"1": "the previous index l - 1"}))
TEXT.update(_item(
    "q6", 6, "GRU 让遗忘与写入互补，LSTM 让两者各自独立：各得到什么？LSTM 输出前为何还过 tanh？",
    "GRU's coupled gate against LSTM's separate ones; why the LSTM's output has a tanh",
    "P4 · GRU 与 LSTM 并排", "P4 · GRU and LSTM side by side",
    "第六题：GRU 一个门管两件事，LSTM 两个门分开管，以及输出端的 tanh：见 P4。",
    "Question six: one GRU gate doing two jobs against the LSTM's two gates, and the tanh "
    "on the way out: P4.", (4,)))
TEXT.update(_item(
    "q7", 7, "双向 RNN 为什么不能做因果语言模型？",
    "Why can a bidirectional RNN not be a causal language model?",
    "P5 · 生成时未来还不存在", "P5 · the future does not exist yet",
    "第七题：双向 RNN 为什么不能生成文本：它要读的未来还不存在：见 P5。",
    "Question seven: why a bidirectional RNN cannot generate text, since the future it reads "
    "does not exist yet: P5.", (5,)))
TEXT.update(_item(
    "q8", 8, "用数学说，定长向量瓶颈限制了什么？打分、softmax、加权求和各解除了哪一点？",
    "The bottleneck as a constraint; what scoring, softmax and the weighted sum remove",
    "P7 · seq2seq；P8 · Bahdanau 注意力", "P7 · seq2seq; P8 · Bahdanau attention",
    "第八题：定长向量瓶颈是什么约束，注意力的三个部件怎么拆掉它：见 P7 和 P8。",
    "Question eight: the fixed-vector bottleneck as a constraint, and the three parts of "
    "attention that remove it: P7 and P8.", (7, 8), {"2": "the name seq2seq"}))
TEXT.update(_item(
    "q9", 9, "束搜索归因和故障矩阵的共同思路：先用可测判据定位，再选修法",
    "Beam-search blame and the fault matrix: locate by a measurement, then fix",
    "P7 · 束搜索；P3 · 故障矩阵", "P7 · beam search; P3 · the fault matrix",
    "第九题：束搜索归因和故障矩阵的共同思路：先测量、找到责任方，再选修法：见 P7 和 P3。",
    "Question nine: what beam-search blame and the fault matrix share: measure first to find "
    "the culprit, then choose the fix: P7 and P3.", (3, 7)))
TEXT.update(_item(
    "q10", 10, "血缘对照表最后一行为什么 RNN 占优？它说明了 KV 缓存为何存在",
    "Why the RNN wins the lineage table's last row, and what that says of KV caches",
    "P9 · 血缘对照", "P9 · the lineage",
    "第十题：血缘对照表里 RNN 占优的那一行，以及 Transformer 为什么需要 KV 缓存：见 P9。",
    "Question ten: the one row of the lineage table where the RNN wins, and why Transformers "
    "need a KV cache: P9.", (9,)))


class GradCheck(LectureScene):
    """P10: the lab and its loss, the sum over the steps, the check table, the step sweep,
    the checklist and the oral questions."""

    SECTION_ID = "pre-10-lab"
    BEATS = ("show_lab", "sum_over_steps", "check_table", "sweep_step", "recap_checklist",
             "recap_oral")
    TEXT = TEXT

    # ----- helpers ------------------------------------------------------------------------
    def _pitch(self, x0: float, x1: float) -> float:
        return min(0.9, (x1 - x0) / self.v.T)

    @staticmethod
    def _bar(x: float, y0: float, h: float, color, width: float) -> Rectangle:
        """A bar from baseline ``y0`` of signed height ``h`` (at least a hairline)."""
        hh = max(abs(h), 0.02)
        r = Rectangle(width=width, height=hh, color=color, fill_opacity=0.85, stroke_width=1)
        r.move_to([x, y0 + (hh / 2 if h >= 0 else -hh / 2), 0])
        return r

    def _max_case(self) -> str:
        m = self.shown_value("gradcheck_max_rel_error")
        return "below" if m < self.shown_value("page_rel") else "above"

    # ----- 1. the lab ---------------------------------------------------------------------
    def show_lab(self):
        v = self.v
        T = v.T
        self.claim("lab", dh=Val("d_h", "int"), dx=Val("d_x", "int"), T=Val("T", "int"),
                   say=False)
        rec = self.math(r"h_t = \tanh(", r"W_h\, h_{t-1}", r"+ W_x\, x_t", r")", r",\quad h_0 = 0",
                        reason="the previous index t - 1 and the initial state h_0 = 0",
                        scale=0.75)
        rec[1].set_color(P.hidden)
        rec[2].set_color(P.token)
        loss = self.math(r"L", "=", r"\sum_{t=1}^{T}", r"\tfrac{1}{2}\lVert h_t - y_t \rVert^2",
                         reason="the sum's first step and the squared error's one half",
                         scale=0.75)
        loss[0].set_color(P.gradient)
        rec.move_to([-3.3, 1.78, 0])
        loss.move_to([3.4, 1.78, 0])
        data = self.text("lab.data", size=style.LABEL_SIZE, color=P.muted, s=Val("seed", "int"))
        data.move_to([0, 1.02, 0])
        cite = self.cite_row("Elman 1990")
        self.say("lab.say")
        self.pace([Write(rec[:4]), FadeIn(cite)], [Write(rec[4])], Write(loss), FadeIn(data))
        # the chain of steps, each step's loss a bar above its cell, arriving in turn
        x0, x1 = -6.2, 6.2
        pitch = self._pitch(x0, x1)
        x0, x1 = -T * pitch / 2, T * pitch / 2      # centred on their own width

        def xs(t):      # t 1-based
            return x0 + (t - 0.5) * pitch
        yc, y0, H = -2.0, -1.55, 1.55
        cells = VGroup(*(Square(0.55 * pitch, color=P.hidden, stroke_width=2)
                         .move_to([xs(t), yc, 0]) for t in range(1, T + 1)))
        first = self.text("lab.first", size=style.SMALL_SIZE, color=P.muted)
        last = self.text("lab.last", size=style.SMALL_SIZE, color=P.muted, T=Val("T", "int"))
        first.next_to(cells[0], LEFT, buff=0.15)
        last.next_to(cells[-1], RIGHT, buff=0.15)
        if last.get_right()[0] > 6.95:
            last.next_to(cells[-1], UP, buff=0.1)
        scale = H / max(float(v.step_losses.max()), 1e-300)
        base = Line([x0, y0, 0], [x1, y0, 0], color=P.muted, stroke_width=2)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="step_losses")

        def bars(j):
            return VGroup(*(self._bar(xs(t + 1), y0, scale * float(v.step_losses[t]),
                                      P.gradient, 0.6 * pitch) for t in range(j + 1)))

        def newest(m):
            return m.submobjects[-1].height / scale

        bar_group = live.redraw(bars, path="step_losses[{i}]", measure=newest,
                                tol=0.021 / scale)
        cursor = live.redraw(lambda j: self.mark(cells[j], P.highlight, buff=0.05),
                             path="{i}", measure=lambda m: round((m.get_x() - xs(1)) / pitch))
        rl = self.text("lab.running", size=style.LABEL_SIZE, color=P.gradient)
        rl.move_to([-6.2, 0.4, 0], aligned_edge=LEFT)
        rn = live_value(self, live, "running_loss[{i}]", "fmt", rl, P.gradient,
                        size=style.LABEL_SIZE)
        self.say("lab.run.say", T=Val("T", "int"))
        self.play(Create(base), FadeIn(cells), FadeIn(first), FadeIn(last), FadeIn(bar_group),
                  Create(cursor), FadeIn(rl), FadeIn(rn), run_time=1.0)
        live.play(k.animate.set_value(T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        hold = self.text("lab.hold", size=style.BODY_SIZE, color=P.gradient,
                         L=Val("loss"), T=Val("T", "int"))
        hold.move_to([-6.2, 0.4, 0], aligned_edge=LEFT)
        self.show("loss", hold)
        self.say("lab.total.say", T=Val("T", "int"), L=Val("loss"))
        self.pace([FadeOut(rl), FadeOut(rn), FadeOut(cursor), FadeIn(hold)],
                  Indicate(loss[0], color=P.highlight))
        self.hold()
        self.clear_stage()

    # ----- 2. the sum over the steps ------------------------------------------------------
    def sum_over_steps(self):
        v = self.v
        T = v.T
        self.claim("sum", T=Val("T", "int"), say=False)
        grad = self.math(r"\frac{\partial L}{\partial W_h}", "=", r"\sum_{t=1}^{T}",
                         r"\delta_t\, h_{t-1}^{\top}", scale=0.7,
                         reason="the sum's first step and the previous index t - 1")
        grad[0].set_color(P.gradient)
        grad[3].set_color(P.gradient)
        delta = self.math(r"\delta_t", "=", r"\big(h_t - y_t + W_h^{\top}\delta_{t+1}\big)",
                          r"\odot", r"(1 - h_t^2)", scale=0.7,
                          reason="the next index t + 1 and tanh's slope 1 - h^2")
        delta[0].set_color(P.gradient)
        grad.move_to([-3.9, 1.9, 0])
        delta.move_to([2.9, 1.9, 0])
        self.say("sum.say", T=Val("T", "int"))
        self.pace([Write(delta[:2])], [Write(delta[2:])], [Write(grad)])
        # one entry's contributions, walked back from step T to step 1
        x0, x1 = -6.2, 2.0
        pitch = self._pitch(x0, x1)
        x0 = (x0 + x1 - T * pitch) / 2      # the bars centred on their own width
        x1 = x0 + T * pitch

        def xs(t):      # t 1-based, step T at the left (the walk starts there)
            return x0 + (T - t + 0.5) * pitch
        y0, H = -0.25, 1.05
        back = v.entry_contrib[::-1]
        scale = H / max(float(abs(v.entry_contrib).max()), 1e-300)
        base = Line([x0, y0, 0], [x1, y0, 0], color=P.muted, stroke_width=2)
        lT = self.text("sum.last", size=style.SMALL_SIZE, color=P.muted, T=Val("T", "int"))
        l1 = self.text("sum.first", size=style.SMALL_SIZE, color=P.muted)
        lT.move_to([xs(T), y0 - H - 0.3, 0])
        l1.move_to([xs(1), y0 - H - 0.3, 0])
        if l1.get_left()[0] < lT.get_right()[0] + 0.2:      # a short unroll: apart, outward
            lT.move_to([xs(T) - 0.1, y0 - H - 0.3, 0], aligned_edge=RIGHT)
            l1.move_to([xs(1) + 0.1, y0 - H - 0.3, 0], aligned_edge=LEFT)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="entry_back_contrib")

        def bars(j):
            return VGroup(*(self._bar(xs(T - m), y0, scale * float(back[m]), P.gradient,
                                      0.6 * pitch) for m in range(j + 1)))

        def newest(m):
            b = m.submobjects[-1]
            sign = 1.0 if b.get_center()[1] >= y0 else -1.0
            return sign * b.height / scale

        bar_group = live.redraw(bars, path="entry_back_contrib[{i}]", measure=newest,
                                tol=0.021 / scale)
        rl = self.text("sum.running", size=style.LABEL_SIZE, color=P.gradient)
        rl.move_to([2.8, 0.2, 0], aligned_edge=LEFT)
        rn = live_value(self, live, "entry_back_running[{i}]", "fmt", rl, P.gradient,
                        size=style.LABEL_SIZE)
        self.say("sum.entry.say", i=Val("sample_row[0]", "int"), j=Val("sample_col[0]", "int"))
        self.play(Create(base), FadeIn(lT), FadeIn(l1), FadeIn(bar_group), FadeIn(rl),
                  FadeIn(rn), run_time=1.0)
        live.play(k.animate.set_value(T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        hold = self.text("sum.hold", size=style.BODY_SIZE, color=P.gradient,
                         T=Val("T", "int"), i=Val("sample_row[0]", "int"),
                         j=Val("sample_col[0]", "int"), g=Val("bptt[0]"))
        hold.move_to([0, -2.05, 0])
        self.show("grad_entry", hold)
        self.say("sum.total.say", T=Val("T", "int"), g=Val("bptt[0]"),
                 c=Val("entry_contrib_first"))
        self.pace(FadeIn(hold), Indicate(bar_group[-1], color=P.highlight, scale_factor=1.5))
        self.hold()
        self.clear_stage()

    # ----- 3. the check table -------------------------------------------------------------
    def check_table(self):
        v = self.v
        n = v.samples
        self.claim("check", n=Val("samples", "int"), say=False)
        cd = self.mathv("check.cd", scale=0.62, h=Val("step"), name="step")
        cd.move_to([-6.6, 1.95, 0], aligned_edge=LEFT)
        rel = self.math(r"e_{\mathrm{rel}} = \frac{|a - b|}{\max(|a|,\ |b|)}", scale=0.62)
        rel.move_to([6.8, 2.05, 0], aligned_edge=RIGHT)
        ab = self.text("check.ab", size=style.SMALL_SIZE, color=P.muted)
        ab.next_to(rel, DOWN, buff=0.12).align_to(rel, RIGHT)
        self.say("check.say", h=Val("step"))
        # the formula as the recipe is read; the difference over 2h; the step used here
        self.cued({"zh": ["", "两个损失之差", "这里"], "en": ["", "divide the change", "Here"]},
                  Write(cd), Circumscribe(cd, color=P.gradient),
                  Indicate(cd, color=P.cell, scale_factor=1.05))
        self.say("check.rel.say")
        self.pace(Write(rel), FadeIn(ab))
        # the table, a row per sampled entry
        cols = [-6.6, -5.0, -2.6, -0.2]
        heads = VGroup(*(self.text(f"check.head_{h}", size=style.LABEL_SIZE, color=P.muted)
                         for h in ("entry", "bptt", "cd", "rel")))
        y_head, y1 = 1.05, 0.55
        dy = min(0.45, 2.75 / max(n - 1, 1))
        for h, x in zip(heads, cols):
            h.move_to([x, y_head, 0], aligned_edge=LEFT)
        rule = Line([cols[0], y_head - 0.25, 0], [1.5, y_head - 0.25, 0], color=P.muted,
                    stroke_width=1.5)
        rows = []
        for r in range(n):
            y = y1 - r * dy
            cells = [self.text("check.entry", size=style.LABEL_SIZE, color=P.text,
                               i=Val(f"sample_row[{r}]", "int"),
                               j=Val(f"sample_col[{r}]", "int")),
                     self.value(f"bptt[{r}]", "fmt:8", size=style.LABEL_SIZE, color=P.gradient),
                     self.value(f"numeric[{r}]", "fmt:8", size=style.LABEL_SIZE, color=P.cell),
                     self.value(f"rel_error[{r}]", "fmt", size=style.LABEL_SIZE, color=P.text)]
            for c, x in zip(cells, cols):
                c.move_to([x, y, 0], aligned_edge=LEFT)
            rows.append(VGroup(*cells))
        self.say("check.rows.say")
        self.play(FadeIn(heads), Create(rule), run_time=0.6)
        self.pace(*[FadeIn(row) for row in rows])
        m = int(v.rel_error.argmax())
        mx = self.text("check.max", size=style.LABEL_SIZE, color=P.highlight,
                       m=Val("gradcheck_max_rel_error"))
        page = self.text("check.page", size=style.LABEL_SIZE, color=P.muted, p=Val("page_rel"))
        mx.move_to([2.3, 0.2, 0], aligned_edge=LEFT)
        page.move_to([2.3, -0.45, 0], aligned_edge=LEFT)
        for t in (mx, page):
            if t.get_right()[0] > 6.9:
                t.scale_to_fit_width(6.9 - 2.3).move_to([2.3, t.get_y(), 0], aligned_edge=LEFT)
        self.show("max_rel", mx)
        self.say("check.max.say", variant=self._max_case(), m=Val("gradcheck_max_rel_error"),
                 p=Val("page_rel"))
        self.pace(Create(self.mark(rows[m][3], P.highlight, buff=0.06)), FadeIn(mx),
                  FadeIn(page))
        self.hold()
        self.clear_stage()

    # ----- 4. the step sweep --------------------------------------------------------------
    def sweep_step(self):
        v = self.v
        self.claim("sweep", h=Val("step"), say=False)
        lo, hi, st = v.axis_lo, v.axis_hi, v.axis_step
        ks = v.sweep_k
        ax = Axes([0.5, 12.5, 1], [0, hi - lo, st], x_length=7.4, y_length=3.6,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-2.0, 0.05, 0])
        grid, ticks = VGroup(), VGroup()
        for e in range(lo, hi + 1, st):
            grid.add(Line(ax.c2p(0.5, e - lo), ax.c2p(12.5, e - lo), color=P.muted,
                          stroke_width=1, stroke_opacity=0.3))
            ticks.add(self.math(f"10^{{{e}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(ax.c2p(0.5, e - lo), LEFT, buff=0.12))
        for kk in range(2, 13, 2):
            ticks.add(self.math(f"10^{{-{kk}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(ax.c2p(kk, 0), DOWN, buff=0.12))
        xl = self.text("sweep.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.c2p(12.5, 0), RIGHT, buff=0.15)
        yl = self.text("sweep.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), UP, buff=0.1, aligned_edge=LEFT)

        def pt(j):
            return ax.c2p(float(ks[j]), float(v.sweep_log_err[j]) - lo)

        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="sweep_err")

        def curve(j):
            c = VMobject(color=P.gradient, stroke_width=4)
            pts = [pt(m) for m in range(j + 1)]
            c.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
            return c

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y + lo]

        drawn = live.redraw(curve, path=("sweep_k[{i}]", "sweep_log_err[{i}]"), measure=tip)
        hl = self.text("sweep.h", size=style.LABEL_SIZE, color=P.text)
        hl.move_to([2.3, 1.65, 0], aligned_edge=LEFT)
        hv = live_value(self, live, "sweep_h[{i}]", "fmt", hl, P.text, size=style.LABEL_SIZE)
        el = self.text("sweep.err", size=style.LABEL_SIZE, color=P.gradient)
        el.move_to([2.3, 1.15, 0], aligned_edge=LEFT)
        ev = live_value(self, live, "sweep_err[{i}]", "fmt", el, P.gradient,
                        size=style.LABEL_SIZE)
        self.say("sweep.say", a=Val("largest_h"), b=Val("smallest_h"))
        self.play(Create(ax), FadeIn(grid), FadeIn(ticks), FadeIn(xl), FadeIn(yl),
                  FadeIn(hl), FadeIn(hv), FadeIn(el), FadeIn(ev), FadeIn(drawn), run_time=1.0)
        n = len(ks)
        live.play(k.animate.set_value(n - 1), run_time=self.left(0.9, least=4.0),
                  rate_func=linear)
        b = v.best_index
        left = VMobject(color=P.highlight, stroke_width=7)
        left.set_points_as_corners([pt(m) for m in range(b + 1)] if b > 0 else [pt(0)] * 2)
        right = VMobject(color=P.highlight, stroke_width=7)
        right.set_points_as_corners([pt(m) for m in range(b, n)] if b < n - 1
                                    else [pt(n - 1)] * 2)
        self.say("sweep.trunc.say")
        self.pace([Create(left)], [FadeOut(left), Create(right)], FadeOut(right))
        best = VGroup(self.text("sweep.best", size=style.LABEL_SIZE, color=P.highlight,
                                e=Val("best_err")),
                      self.text("sweep.best_h", size=style.LABEL_SIZE, color=P.highlight,
                                b=Val("best_h")))
        page = VGroup(self.text("sweep.page", size=style.LABEL_SIZE, color=P.cell,
                                h=Val("step")),
                      self.text("sweep.page_err", size=style.LABEL_SIZE, color=P.cell,
                                p=Val("page_err")))
        for grp, y in ((best, 0.2), (page, -0.85)):
            grp.arrange(DOWN, buff=0.14, aligned_edge=LEFT)
            grp.move_to([2.3, y, 0], aligned_edge=LEFT)
        self.show("best", best[0])
        self.show("best_h", best[1])
        self.show("page_h", page[0])
        self.show("page_err", page[1])
        db = Dot(pt(b), color=P.highlight, radius=0.08)
        dp = Dot(pt(v.page_index), color=P.cell, radius=0.08)
        self.say("sweep.best.say", e=Val("best_err"), b=Val("best_h"), h=Val("step"),
                 p=Val("page_err"))
        self.pace([FadeIn(db), FadeIn(best)], [FadeIn(dp), FadeIn(page)])
        self.hold()
        self.clear_stage()

    # ----- 5. and 6. the recap ------------------------------------------------------------
    def _strip(self):
        """Ten chips P1..P10 across the stage's top: the lecture's sections."""
        chips = VGroup()
        for n in range(1, 11):
            box = RoundedRectangle(corner_radius=0.08, width=1.05, height=0.46, color=P.muted,
                                   stroke_width=2)
            lab = self.label(f"P{n}", _SEC, size=style.SMALL_SIZE, color=P.muted)
            lab.move_to(box)
            chips.add(VGroup(box, lab))
        chips.arrange(RIGHT, buff=0.2).move_to([0, 2.1, 0])
        return chips

    def _recap(self, claim: str, items):
        self.claim(claim)
        chips = self._strip()
        self.pace(LaggedStartChips(chips),
                  LaggedStart(*(Indicate(c, color=P.highlight) for c in chips), lag_ratio=0.2))
        lit: list = []
        for first_page, page in ((True, items[:5]), (False, items[5:])):
            rows = []
            for r, (key, secs) in enumerate(page):
                y = 1.3 - r * 0.8
                row = self.text(key, size=style.LABEL_SIZE, color=P.text)
                row.move_to([-6.7, y, 0], aligned_edge=LEFT)
                if row.get_right()[0] > 6.8:
                    row.scale_to_fit_width(13.5).move_to([-6.7, y, 0], aligned_edge=LEFT)
                to = self.text(f"{key}.to", size=style.SMALL_SIZE, color=P.muted)
                to.move_to([-6.2, y - 0.36, 0], aligned_edge=LEFT)
                rows.append((row, to, secs))
            for row, to, secs in rows:
                key = row.binding.key
                self.say(f"{key}.say")
                mine = [chips[s - 1] for s in secs]
                dim = [c[0].animate.set_stroke(P.text, width=2) for c in lit
                       if c not in mine]
                light = [c[0].animate.set_stroke(P.highlight, width=5) for c in mine]
                self.pace([FadeIn(row), *dim], [*light, *(Indicate(c[1], color=P.highlight)
                                                          for c in mine)], FadeIn(to))
                lit = mine
            if first_page:
                self.play(*[FadeOut(m) for r, t, _ in rows for m in (r, t)], run_time=0.6)
        self.hold()
        self.clear_stage()

    def recap_checklist(self):
        self._recap("recap1", CHECKS)

    def recap_oral(self):
        self._recap("recap2", ORAL)


def LaggedStartChips(chips):
    """The strip's chips arriving left to right."""
    from manim import LaggedStart
    return LaggedStart(*(FadeIn(c) for c in chips), lag_ratio=0.15)
