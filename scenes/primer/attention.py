"""§05 After the loop is gone: sequential depth, path length, the bottleneck, and the cost curves."""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, DashedLine, Dot, FadeIn,
                   FadeOut, GrowFromEdge, LaggedStart, Line, Rectangle, RoundedRectangle, Square,
                   Transform, ValueTracker, VGroup, VMobject, linear,
                   smooth)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, on_which

P = style.PALETTE
S = style.SMALL_SIZE
L = style.LABEL_SIZE

TEXT = {
    "pairs": {"zh": "注意力：逐对打分，softmax，加权求和",
              "en": "Attention: score every pair, softmax, weighted sum"},
    "pairs.say": {
        "zh": "注意力不传递状态。每个位置拿自己的 query 和每个 key 各打一个分，softmax 把这些分数变成加起来为 1 的权重，输出就是 value 的加权和。",
        "en": "Attention carries no state. Each position scores its query against every key, one score per pair; softmax turns the scores into weights that sum to one, and the output is the weighted sum of the values.",
        "fixed": {"1": "what softmax weights always sum to (a property, not a value)"}},
    "pairs.result.say": {
        "zh": "这一行里，第 {top} 个 key 的分数最高，拿到 {wt} 的权重；加权和是 {out}。每个位置都同时算自己这一行，谁也不用等谁。",
        "en": "In this row key {top} scores highest and takes a weight of {wt}; the weighted sum is {out}. Every position computes its own row at the same time, with no one waiting."},
    "pairs.query": {"zh": "$q$ = ({a}, {b})", "en": "$q$ = ({a}, {b})"},
    "pairs.key": {"zh": "({a}, {b})", "en": "({a}, {b})"},
    "pairs.keys": {"zh": "key $k_j$", "en": "key $k_j$"},
    "pairs.score": {"zh": "打分 $q\\cdot k_j/\\sqrt{{2}}$", "en": "score $q\\cdot k_j/\\sqrt{{2}}$",
                    "fixed": {"2": "the keys' width, under the square root"}},
    "pairs.weight": {"zh": "softmax 权重", "en": "softmax weight"},
    "pairs.value": {"zh": "value $v_j$", "en": "value $v_j$"},
    "pairs.sum": {"zh": "$\\textstyle\\sum_j w_j$ = {s}", "en": "$\\textstyle\\sum_j w_j$ = {s}"},
    "pairs.out": {"zh": "$\\textstyle\\sum_j w_j v_j$ = {o}",
                  "en": "$\\textstyle\\sum_j w_j v_j$ = {o}"},
    "grid": {"zh": "注意力一步算完整列", "en": "Attention fills a whole column at once"},
    "grid.say.many": {
        "zh": "还是上一节的位置乘时间格子。循环层每个时间步只能推进一个位置，{n} 个位置要走 {n} 列；注意力没有要传递的状态，整条序列已知时，所有位置在同一步里一起算，只占 {a} 列。",
        "en": "The same position-by-time grid as before. A recurrent layer advances one position per step: {n} position{n_s} take {n} column{n_s}. Attention carries no state, so when the whole sequence is given, every position is computed in the same step: {a} column."},
    "grid.say.one": {
        "zh": "还是上一节的位置乘时间格子。只有 {n} 个位置时，循环层和注意力都只占 {a} 列；位置一多，循环层每多一个位置就多一列，注意力始终一列。",
        "en": "The same position-by-time grid as before. With {n} position, recurrence and attention both take {a} column; each extra position adds a column to the recurrent layer, never to attention."},
    "grid.sweep.say.sweep": {
        "zh": "先把序列从 1 拉长到 {n}：循环层的格子每多一个位置就多一列，顺序深度跟着涨到 {n}。",
        "en": "First stretch the sequence from 1 to {n}: every position adds a column to the recurrent grid, and the sequential depth climbs to {n}.",
        "fixed": {"1": "the sweep's first length: one position"}},
    # n = 1: the sweep from one position to n has nowhere to go
    "grid.sweep.say.one": {
        "zh": "这里序列只有 {n} 个位置，没有可以拉长的：顺序深度停在 {n}。",
        "en": "Here the sequence has {n} position and nothing to stretch: the sequential depth stays at {n}."},
    "grid.cite.say": {
        "zh": "在一个序列之内，这就是一次算一个位置和所有位置一起算的差别。Vaswani 等人 2017 年的 base Transformer 在 8 块 P100 上训练了 12 小时。",
        "en": "Within one sequence, that is the difference between one position at a time and all of them at once. The base Transformer of Vaswani et al. (2017) trained in 12 hours on 8 P100s.",
        "fixed": {"2017": "year of the cited paper", "8": "GPUs in the cited training run",
                  "100": "the GPU model named in the paper (P100)",
                  "12": "hours of the cited training run"}},
    "grid.n": {"zh": "序列长度 $n$", "en": "sequence length $n$"},
    "grid.pos": {"zh": "位置", "en": "position"},
    "grid.step": {"zh": "时间步 →", "en": "time step →"},
    "grid.window": {"zh": "画出前 {g} 个位置（共 {n} 个）",
                    "en": "drawn: first {g} of {n} position{n_s}"},
    "depth": {"zh": "顺序深度", "en": "sequential depth"},
    "rec": {"zh": "循环", "en": "recurrent"},
    "att": {"zh": "注意力", "en": "attention"},
    "path": {"zh": "从 token 0 到 token {k} 隔着几次乘法",
             "en": "Multiplications between token 0 and token {k}",
             "fixed": {"0": "index of the first token"}},
    "path.say.many": {
        "zh": "台阶每升一级就是一次乘法。循环层里，token 0 要经过 {r} 次乘法才到 token {k}，这正是前面那个可能消失、也可能爆炸的连乘；注意力只用一条边，不管隔多远都是 {a} 次。",
        "en": "Each stair is one multiplication. In a recurrent layer token 0 reaches token {k} through {r} of them, the product from before that can vanish or explode; attention links the two by a single edge: {a}, however far apart.",
        "fixed": {"0": "index of the first token"}},
    "path.say.one": {
        "zh": "台阶每升一级就是一次乘法。token {k} 紧挨着 token 0：循环层要 {r} 次乘法，注意力也是 {a} 次；再远一点，循环层的台阶就一级级往上加，注意力始终一条边。",
        "en": "Each stair is one multiplication. Token {k} is next to token 0: {r} for the recurrent layer, {a} for attention. Further away, the recurrent stairs keep climbing while attention stays one edge.",
        "fixed": {"0": "index of the first token"}},
    "path.say.zero": {
        "zh": "台阶每升一级就是一次乘法。目标就是 token 0 自己：循环层 {r} 次，注意力 {a} 次；目标每远一个位置，循环层多一次乘法，注意力最多一次。",
        "en": "Each stair is one multiplication. The target is token 0 itself: {r} for the recurrent layer, {a} for attention. Each position further adds one for recurrence; attention never needs more than one edge.",
        "fixed": {"0": "index of the first token"}},
    "path.sweep.say": {
        "zh": "目标 token 从 0 往右移，循环层的台阶每过一个 token 就高一级。",
        "en": "As the target token moves right from 0, the recurrent staircase climbs one stair per token passed.",
        "fixed": {"0": "index of the first token"}},
    "path.count": {"zh": "乘法次数", "en": "multiplications"},
    "path.tok0": {"zh": "token 0", "en": "token 0", "fixed": {"0": "index of the first token"}},
    "path.tok": {"zh": "token {k}", "en": "token {k}"},
    "path.sample": {"zh": "画出 {total} 个 token 中的 {m} 个", "en": "{m} of the {total} token{total_s} drawn"},
    "bottle": {"zh": "解码器能看到多少个数", "en": "How many numbers the decoder can read"},
    "bottle.say": {
        "zh": "没有注意力时，循环编码器只把最后一个状态交给解码器，源句再长也只有 {d} 个数。直连让解码器读每一个位置的状态：n 等于 {n} 时是 {direct} 个数，n 等于 {n_long} 时是 {direct_long} 个。",
        "en": "Without attention, a recurrent encoder hands the decoder only its last state: {d} number{d_s} however long the source. A direct connection lets it read every position: {direct} number{direct_s} for n = {n}, {direct_long} for n = {n_long}."},
    "bottle.rnn_att": {"zh": "RNN 加上注意力", "en": "attention on an RNN"},
    "bottle.att_only": {"zh": "留下注意力，去掉 RNN", "en": "attention kept, RNN dropped"},
    "bottle.cite.say": {
        "zh": "Bahdanau、Cho 和 Bengio（2015）让 RNN 解码器对编码器的每一个状态做注意力；2017 年的 Transformer 留下了注意力，把 RNN 整个去掉了。",
        "en": "Bahdanau, Cho and Bengio (2015) let an RNN decoder attend to every encoder state; the 2017 Transformer kept the attention and dropped the RNN.",
        "fixed": {"2015": "year of the cited paper", "2017": "year of the cited paper"}},
    "enc": {"zh": "编码器状态", "en": "encoder states"},
    "dec": {"zh": "解码器", "en": "decoder"},
    "neck": {"zh": "瓶颈", "en": "bottleneck"},
    "direct": {"zh": "直连 $n$ = {n}", "en": "direct, $n$ = {n}"},
    "bottle.sample": {"zh": "画出 {n} 个状态中的 {e} 个", "en": "{e} of {n} states drawn"},
    "cost": {"zh": "代价：$n\\,d^2$ 对 $n^2 d$", "en": "The price: $n\\,d^2$ against $n^2 d$",
             "fixed": {"2": "the exponent in the cost formulas"}},
    "cost.say": {
        "zh": "按 Vaswani 等（2017，Table 1）的数法：循环层的状态乘 W_h，每步一次 d 乘 d 的矩阵乘，共 n·d² 次乘加；注意力的打分，每对位置一次长 d 的点积，共 n²·d 次。对数坐标下两条都是直线，在 n 等于 d 处相交：模型越宽，交点落在越长的序列上。",
        "en": "Count what Vaswani et al. (2017, Table 1) count: the recurrent state times W_h, one d-by-d product per step, n·d² multiply-adds; the attention scores, one d-long dot product per pair, n²·d. On log-log axes both are straight lines, crossing where n equals d: the wider the model, the longer the sequence at the crossing.",
        "fixed": {"2017": "year of the cited paper", "1": "the cited paper's table"}},
    "cost.below.crossing": {"zh": "$n$ < {d}：打分更省", "en": "$n$ < {d}: scores cheaper"},
    # d = 1: no legal n (n >= 1) is below d
    "cost.below.never": {"zh": "没有 $n$ < {d}：打分从不更省",
                         "en": "no $n$ < {d}: scores never cheaper"},
    "cost.above": {"zh": "$n$ > {d}：$W_h h$ 更省", "en": "$n$ > {d}: $W_h h$ cheaper"},
    "cost.sides.say.crossing": {
        "zh": "在 d 等于 {d} 时，序列短于 {d} 个 token，打分比循环的矩阵乘省；长于 {d} 个就更贵。",
        "en": "At d = {d}, the scores cost less than the recurrent products below {d} tokens and more above."},
    # d = 1: no sequence is shorter than d, so attention is never the cheaper layer
    "cost.sides.say.never": {
        "zh": "在 d 等于 {d} 时，没有比 d 更短的序列：只有一个 token 时两者一样，再长打分就更贵。",
        "en": "At d = {d} no sequence is shorter than d: at one token the two counts are the same, and above that the scores cost more."},
    "cost.head": {"zh": "乘加：$W_h h$、$q\\cdot k$（对数轴）", "en": "multiply-adds: $W_h h$, $q\\cdot k$ (log)"},
    "tick.pow": {"tex": "10^{@e}", "fixed": {"10": "base of the logarithmic axis"}},
    "cost.d": {"zh": "$d$ =", "en": "$d$ ="},
    "cost.at": {"zh": "交点 $n$ =", "en": "crossing $n$ ="},
    "cost.whole.head": {"zh": "整层的乘加", "en": "whole layers"},
    "cost.verdict.attention": {"zh": "$n$ = {n}：打分更省", "en": "$n$ = {n}: scores cheaper"},
    "cost.verdict.recurrent": {"zh": "$n$ = {n}：$W_h h$ 更省", "en": "$n$ = {n}: $W_h h$ cheaper"},
    "cost.verdict.equal": {"zh": "$n$ = {n}：两者一样", "en": "$n$ = {n}: both the same"},
    "cost.verdict.say.attention": {
        "zh": "这里 n 是 {n}，比 d 等于 {d} 小：打分要 {att} 次乘加，循环的矩阵乘 {rec} 次，按这个数法注意力更省。",
        "en": "Here n = {n} is below d = {d}: the scores take {att} multiply-adds, the recurrent products {rec}, so on this count attention is cheaper."},
    "cost.verdict.say.recurrent": {
        "zh": "这里 n 是 {n}，比 d 等于 {d} 大：循环的矩阵乘要 {rec} 次乘加，打分 {att} 次，按这个数法循环更省。",
        "en": "Here n = {n} is above d = {d}: the recurrent products take {rec} multiply-adds, the scores {att}, so on this count recurrence is cheaper."},
    "cost.verdict.say.equal": {
        "zh": "这里 n 正好等于 d，都是 {n}：打分和循环的矩阵乘都是 {rec} 次乘加。",
        "en": "Here n equals d, both {n}: the scores and the recurrent products each need {rec} multiply-add{rec_s}."},
    # the whole layers, counted like with like (mathcore.primer.attention.whole_layer_costs)
    "cost.whole.say": {
        "zh": "两者都不是整层。循环层再加上输入的矩阵乘 W_x x，注意力再加上 Q、K、V、O 四个投影和对 value 的加权和，这里整层分别要 {rec} 和 {att} 次乘加。",
        "en": "Neither is a whole layer. Add the input product W_x x to recurrence, and the Q, K, V and O projections and the weighted sum of the values to attention, and the whole layers take {rec} and {att} multiply-adds here."},
}

#: Citations shown where their idea appears (fixed labels: the digits are years and the cited
#: paper's own figures, not values).
CITE = {
    "vaswani": {"zh": "Vaswani 等，2017 · Table 1，§5.2", "en": "Vaswani et al., 2017 · Table 1, §5.2"},
    "train": {"zh": "base 模型：8 块 P100，12 小时", "en": "base Transformer: 8 P100s, 12 hours"},
    "bahdanau": {"zh": "Bahdanau、Cho、Bengio，2015", "en": "Bahdanau, Cho & Bengio, 2015"},
    "transformer": {"zh": "Vaswani 等，2017", "en": "Vaswani et al., 2017"},
}


class Attention(LectureScene):
    """§05: the grid toggle, the path staircase, bottleneck vs direct, n·d² vs n²·d."""

    SECTION_ID = "primer-05-attention"
    BEATS = ("score_pairs", "toggle_grid", "path_staircase", "bottleneck", "cost_curves")
    TEXT = TEXT

    def cite(self, key: str, reason: str = "citation year", size: float = S,
             color: str | None = None):
        """A citation as a fixed label in the scene's language."""
        return self.label(CITE[key][self.lang], reason, size=size, color=color or P.muted)

    def live(self, sweep: Live, path: str, fmt: str, color: str, place, size: float = L):
        """A readout in the lecture font that follows ``sweep``: the value at ``path``
        (with ``{}`` the sweep's index), typeset once per index and placed by ``place``,
        redrawn only while the sweep plays and only when the index moves."""
        cache: dict[int, object] = {}
        shown = {}

        def build(j):
            if j not in cache:
                cache[j] = self.value(path.format(j), fmt, size=size, color=color)
            shown["s"] = cache[j].shown_text
            return place(cache[j].copy())
        return sweep.redraw(build, path=path.format("{i}"), fmt=fmt, read=lambda m: shown["s"])

    # ----- helpers ------------------------------------------------------------------------

    def _toggle(self, center):
        """A two-way switch, recurrent on the left (on), attention on the right."""
        track = RoundedRectangle(corner_radius=0.2, width=0.9, height=0.4, color=P.muted,
                                 stroke_width=2).move_to(center)
        knob = Dot(track.get_left() + 0.22 * RIGHT, radius=0.14, color=P.hidden)
        left = self.text("rec", size=L, color=P.hidden).next_to(track, LEFT, buff=0.2)
        right = self.text("att", size=L, color=P.muted).next_to(track, RIGHT, buff=0.2)
        return VGroup(track, knob, left, right)

    def _flip(self, tog):
        """Animations moving the switch to attention."""
        track, knob, left, right = tog
        return [knob.animate.move_to(track.get_right() + 0.22 * LEFT).set_color(P.attention),
                left.animate.set_color(P.muted), right.animate.set_color(P.attention)]

    # ----- beats --------------------------------------------------------------------------
    def score_pairs(self):
        v = self.v
        J = len(v.example_values)
        self.claim("pairs")
        xs = [-2.7 + 1.9 * j for j in range(J)]
        x_lab = -6.6
        y_key, y_score, y_base, y_val = 2.05, 1.45, -1.2, -1.95
        bar_h = 1.9
        # the keys in the columns under their row's name (a whole "k_j = (a, b)" at the legible
        # size is wider than a column), the query at the row's end where the sums stand
        # in the lecture font, as the keys beside it and every number below
        q = self.show("query", self.text("pairs.query", size=style.BODY_SIZE, color=P.attention,
                                         a=Val("param.query[0]", "num"),
                                         b=Val("param.query[1]", "num")))
        q.move_to([xs[-1] + 0.9, y_key, 0], aligned_edge=LEFT)
        k_lab = self.text("pairs.keys", size=L, color=P.muted)
        k_lab.move_to([x_lab, y_key, 0], aligned_edge=LEFT)
        # the keys in the lecture font, like every number in the columns below them
        keys = VGroup(*[self.text("pairs.key", size=L, color=P.muted,
                                  a=Val(f"example_keys[{j}][0]", "num"),
                                  b=Val(f"example_keys[{j}][1]", "num")).move_to([x, y_key, 0])
                        for j, x in enumerate(xs)])
        s_lab = self.text("pairs.score", size=L).move_to([x_lab, y_score, 0], aligned_edge=LEFT)
        scores = VGroup(*[self.value(f"example_scores[{j}]", "dec:2", size=L, color=P.attention)
                          .move_to([x, y_score, 0]) for j, x in enumerate(xs)])
        w_lab = self.text("pairs.weight", size=L).move_to([x_lab, y_base + 0.75, 0],
                                                          aligned_edge=LEFT)
        base = Line([xs[0] - 0.6, y_base, 0], [xs[-1] + 0.6, y_base, 0], color=P.muted,
                    stroke_width=2)
        bars = VGroup(*[Rectangle(width=0.7, height=max(bar_h * float(w), 1e-3),
                                  fill_color=P.attention, fill_opacity=0.8, stroke_width=0)
                        .move_to([x, y_base, 0], aligned_edge=DOWN)
                        for x, w in zip(xs, v.example_weights)])
        weights = VGroup(*[self.value(f"example_weights[{j}]", "dec:2", size=L,
                                      color=P.attention).next_to(bars[j], UP, buff=0.12)
                           for j in range(J)])
        v_lab = self.text("pairs.value", size=L).move_to([x_lab, y_val, 0], aligned_edge=LEFT)
        vals = VGroup(*[self.value(f"example_values[{j}]", "num", size=L, color=P.hidden)
                        .move_to([x, y_val, 0]) for j, x in enumerate(xs)])
        total = self.show("example_weight_sum", self.text(
            "pairs.sum", size=L, color=P.muted, s=Val("example_weight_sum", "dec:2")))
        total.move_to([xs[-1] + 0.9, y_base + 0.75, 0], aligned_edge=LEFT)
        out = self.show("example_output", self.text(
            "pairs.out", size=style.BODY_SIZE, color=P.attention, o=Val("example_output", "dec:2")))
        out.move_to([xs[-1] + 0.9, y_val, 0], aligned_edge=LEFT)
        # the claim's line: the query against every key, one score a pair; softmax's weights,
        # summing to one; the values and their weighted sum
        self.pace([FadeIn(q), FadeIn(k_lab),
                   LaggedStart(*[FadeIn(k_) for k_ in keys], lag_ratio=0.3)],
                  [FadeIn(s_lab), LaggedStart(*[FadeIn(x) for x in scores], lag_ratio=0.3)],
                  [FadeIn(w_lab), Create(base),
                   LaggedStart(*[GrowFromEdge(b_, DOWN) for b_ in bars], lag_ratio=0.2),
                   LaggedStart(*[FadeIn(w_) for w_ in weights], lag_ratio=0.2)],
                  FadeIn(total),
                  [FadeIn(v_lab), LaggedStart(*[FadeIn(x) for x in vals], lag_ratio=0.2)],
                  FadeIn(out, shift=0.2 * RIGHT))
        top = v.example_top
        self.say("pairs.result.say", top=Val("example_top", "int"),
                 wt=Val(f"example_weights[{top}]", "dec:2"),
                 out=Val("example_output", "dec:2"))
        box, point = self.pointer()
        # the key that scores highest, the weight it takes, the weighted sum; then the row is
        # one of many, all computed at once: the pointer leaves
        self.pace(lambda: point(VGroup(keys[top], scores[top])),
                  lambda: point(VGroup(bars[top], weights[top])),
                  lambda: point(out, P.attention),
                  lambda: FadeOut(box["b"]))
        self.hold()

    def toggle_grid(self):
        v = self.v
        g = v.grid_shown
        self.clear_stage()
        self.claim("grid", say=False)
        self.say("grid.sweep.say", variant="one" if v.n == 1 else "sweep", n=Val("n", "count"))
        pitch = min(0.55, 3.7 / g)
        size = 0.86 * pitch
        x0, y0 = -2.6 - pitch * (g - 1) / 2, 0.3 + pitch * (g - 1) / 2

        def pos(p, s):
            return np.array([x0 + s * pitch, y0 - p * pitch, 0.0])

        def outline(m):
            return VGroup(*[Square(size, color=P.muted, stroke_width=1).move_to(pos(p, s))
                            for p in range(m) for s in range(m)])

        def cells(mask, color, m=None):
            m = g if m is None else m
            return VGroup(*[Square(size, color=color, fill_opacity=0.85, stroke_width=0)
                            .move_to(pos(p, s)) for p in range(m) for s in range(m)
                            if mask[p, s]])

        full = outline(g)
        lab_p = self.text("grid.pos", size=L, color=P.muted).next_to(full, LEFT, buff=0.25)
        lab_s = self.text("grid.step", size=L, color=P.muted).next_to(full, DOWN, buff=0.2)
        tog = self._toggle([3.5, 2.05, 0])
        n_lab = self.text("grid.n", size=L).move_to([1.5, 1.35, 0], aligned_edge=LEFT)
        head = self.text("depth", size=L).next_to(n_lab, DOWN, buff=0.3, aligned_edge=LEFT)
        r_lab, r_val = self.value_row("rec", "sequential_depth.recurrent", "count", P.hidden, head,
                                      name="sequential_depth_recurrent")
        a_lab, a_val = self.value_row("att", "sequential_depth.attention", "count", P.attention,
                                      VGroup(r_lab, r_val), name="sequential_depth_attention")
        n_val = self.value("n", "count", size=L, name="n")
        self.align_values((n_lab, n_val), (r_lab, r_val), (a_lab, a_val))
        col = r_val.get_left()[0]

        def at_col(row):
            return lambda m: m.move_to([col, row.get_y(), 0], aligned_edge=LEFT)

        last = len(v.grid_sweep_n) - 1
        t = ValueTracker(0)
        live = Live(self, lambda: self.at(t), over="grid_sweep_n")

        def grid_read(mob):
            """The outline's side (its distinct columns) and the busy cells (distinct places:
            a grid that became a smaller one keeps its count of squares, some on top of
            others). The recurrent layer is busy at one step a position: as many as shown."""
            box, busy = mob

            def places(g):
                return {(round(float(q.get_x()), 6), round(float(q.get_y()), 6)) for q in g}
            return [len({x for x, _ in places(box)}), len(places(busy))]

        growing = live.redraw(lambda j: VGroup(
            outline(int(v.grid_sweep_shown[j])),
            cells(v.grid_busy_recurrent, P.hidden, int(v.grid_sweep_shown[j]))),
            path=("grid_sweep_shown[{i}]", "grid_sweep_shown[{i}]"), measure=grid_read)
        n_live = self.live(live, "grid_sweep_n[{}]", "count", P.text, at_col(n_lab))
        r_live = self.live(live, "grid_sweep_depth_recurrent[{}]", "count", P.hidden,
                           at_col(r_lab))
        self.play(FadeIn(growing), FadeIn(lab_p), FadeIn(lab_s), FadeIn(tog), FadeIn(n_lab),
                  FadeIn(n_live), FadeIn(head), FadeIn(r_lab), FadeIn(r_live), run_time=0.8)
        if last:     # the line describes the sweep: it runs while the line is said
            live.play(t.animate.set_value(last), run_time=self.left(0.9), rate_func=linear)
        self.remove(growing, n_live, r_live)
        grid, rec_cells = outline(g), cells(v.grid_busy_recurrent, P.hidden)
        att_cells = cells(v.grid_busy_attention, P.attention)
        self.add(grid, rec_cells, n_val, r_val)
        extra = []
        if v.grid_windowed:
            note = self.text("grid.window", size=S, color=P.muted, g=Val("grid_shown", "count"),
                             n=Val("n", "count"))
            note.next_to(a_lab, DOWN, buff=0.3, aligned_edge=LEFT)
            extra.append(FadeIn(note))
        self.say("grid.say", variant="one" if v.n == 1 else "many", n=Val("n", "count"),
                 a=Val("sequential_depth.attention", "count"))
        box, point = self.pointer()
        # the same grid; the recurrent layer's columns, one position a step; attention's one
        # column; its depth
        self.pace(lambda: point(grid, P.muted),
                  lambda: point(VGroup(rec_cells, r_lab, r_val), P.hidden),
                  lambda: [*self._flip(tog), Transform(rec_cells, att_cells), *extra,
                           point(rec_cells, P.attention)],
                  lambda: [FadeIn(a_lab), FadeIn(a_val), point(VGroup(a_lab, a_val),
                                                              P.attention)])
        cites = VGroup(self.cite("train", "cited training run (GPUs, hours) and its paper"),
                       self.cite("vaswani"))
        cites.arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        cites.next_to(note if v.grid_windowed else a_lab, DOWN, buff=0.28, aligned_edge=LEFT)
        self.say("grid.cite.say")
        # one position at a time against all at once (the two depths); the paper, its run
        self.pace(lambda: point(VGroup(r_lab, r_val, a_lab, a_val)),
                  lambda: [FadeIn(cites[1]), point(cites[1], P.muted)],
                  lambda: [FadeIn(cites[0]), point(cites[0], P.muted)],
                  lambda: FadeOut(box["b"]))
        self.hold()

    def path_staircase(self):
        v = self.v
        k, m = v.path_target, v.stair_drawn
        self.clear_stage()
        self.claim("path", say=False, k=Val("path_target", "count"))
        if m > 1:
            self.say("path.sweep.say")
        base, top, xl, xr = -1.35, 2.0, -5.8, 0.9
        h = min(1.2, (top - base) / max(k, 1))
        xs = [xl + i * (xr - xl) / max(m - 1, 1) for i in range(m)]

        def stairs(lengths, color, upto=None):
            upto = m if upto is None else upto
            pts = [np.array([xs[0], base + lengths[0] * h, 0.0])]
            for i in range(1, upto):
                pts.append(np.array([xs[i], base + lengths[i - 1] * h, 0.0]))
                pts.append(np.array([xs[i], base + lengths[i] * h, 0.0]))
            if len(pts) == 1:
                pts.append(pts[0])
            return VMobject(color=color, stroke_width=5).set_points_as_corners(pts)

        dots = VGroup(*[Dot([x, base, 0], radius=0.07, color=P.token) for x in xs])
        tok0 = self.text("path.tok0", size=S, color=P.token).next_to(dots[0], DOWN, buff=0.25)
        toks = VGroup(tok0)
        if k > 0:
            toks.add(self.text("path.tok", size=S, color=P.token, k=Val("path_target", "count"))
                     .next_to(dots[-1], DOWN, buff=0.25))
        tog = self._toggle([4.3, 1.8, 0])
        head = self.text("path.count", size=L).move_to([2.6, 0.9, 0], aligned_edge=LEFT)
        r_lab, r_val = self.value_row("rec", "path_length.recurrent", "count", P.hidden, head,
                                      name="path_length_recurrent")
        a_lab, a_val = self.value_row("att", "path_length.attention", "count", P.attention,
                                      VGroup(r_lab, r_val), name="path_length_attention")
        self.align_values((r_lab, r_val), (a_lab, a_val))
        col = r_val.get_left()[0]
        extra = []
        if v.stair_sampled:
            note = self.text("path.sample", size=S, color=P.muted, m=Val("stair_drawn", "count"),
                             total=Val("path_tokens", "count"))
            note.next_to(a_lab, DOWN, buff=0.55, aligned_edge=LEFT)
            extra.append(FadeIn(note))

        # the target token slides from token 0 to token k; the staircase follows it
        t = ValueTracker(0)
        live = Live(self, lambda: self.at(t), over="stair_recurrent")
        def climb_read(mob):      # the staircase's end: the token it stands over, its height
            end = corners(mob)[-1]
            return [int(np.argmin([abs(x - end[0]) for x in xs])), (end[1] - base) / h]

        climb = live.redraw(lambda i: stairs(v.stair_recurrent, P.hidden, i + 1),
                            path=("{i}", "stair_recurrent[{i}]"), measure=climb_read)
        marker = live.redraw(lambda i: Dot(dots[i].get_center(), radius=0.13,
                                           color=P.highlight),
                             path="{i}", measure=lambda mob: on_which(dots, mob))
        tok_cache: dict[int, object] = {}
        under = {}

        def target_label(i):
            if i == 0 or i == m - 1:      # token 0 and token k have their own labels
                under["s"] = toks[0 if i == 0 else -1].shown_text
                return VGroup()
            if i not in tok_cache:
                tok_cache[i] = self.text("path.tok", size=S, color=P.highlight,
                                         k=Val(f"stair_tokens[{i}]", "count"))
            under["s"] = tok_cache[i].shown_text
            # a row below token 0's and token k's labels: never drawn over them
            return tok_cache[i].copy().next_to(dots[i], DOWN, buff=0.7)

        # the token number under the marker (its own label, or token 0's and token k's)
        tlab = live.redraw(target_label, path="stair_tokens[{i}]", fmt="count",
                           read=lambda mob: under["s"].rsplit(" ", 1)[-1])
        r_live = self.live(live, "stair_recurrent[{}]", "count", P.hidden,
                           lambda mob: mob.move_to([col, r_lab.get_y(), 0], aligned_edge=LEFT))
        self.play(FadeIn(dots), FadeIn(tok0), FadeIn(tog), FadeIn(climb), FadeIn(marker),
                  FadeIn(tlab), FadeIn(head), FadeIn(r_lab), FadeIn(r_live), *extra, run_time=0.7)
        if m > 1:    # the line describes the sweep: it runs while the line is said
            live.play(t.animate.set_value(m - 1), run_time=self.left(0.9), rate_func=linear)
        self.remove(climb, marker, tlab, r_live)
        rec = stairs(v.stair_recurrent, P.hidden)
        att = stairs(v.stair_attention, P.attention)
        self.add(rec, r_val, *toks[1:])
        self.say("path.say", variant="zero" if k == 0 else ("one" if k == 1 else "many"),
                 k=Val("path_target", "count"), r=Val("path_length.recurrent", "count"),
                 a=Val("path_length.attention", "count"))
        box, point = self.pointer()
        # one stair (one multiplication); token 0 to token k (the staircase); through r of
        # them (the count); attention's single edge; its count
        i1 = next((i for i in range(1, m) if v.stair_recurrent[i] > v.stair_recurrent[i - 1]),
                  None)
        first = (Line([xs[i1], base + v.stair_recurrent[i1 - 1] * h, 0],
                      [xs[i1], base + v.stair_recurrent[i1] * h, 0]) if i1 else dots[0])
        ghost = rec.copy().set_stroke(opacity=0.25)

        def to_attention():    # the recurrent stairs stay as a ghost under attention's edge
            self.add(ghost)
            return [*self._flip(tog), Transform(rec, att), point(att, P.attention)]
        self.pace(lambda: point(first, P.hidden, buff=0.12),
                  lambda: point(rec, P.hidden),
                  lambda: point(VGroup(r_lab, r_val), P.hidden),
                  to_attention,
                  lambda: [FadeIn(a_lab), FadeIn(a_val), point(VGroup(a_lab, a_val),
                                                              P.attention)])
        self.play(FadeOut(box["b"]), run_time=0.5)
        self.hold()

    def bottleneck(self):
        v = self.v
        self.clear_stage()
        self.claim("bottle", d=Val("bottleneck_numbers", "count"), n=Val("n", "count"),
                   n_long=Val("n_long", "count"), direct=Val("direct_numbers", "count"),
                   direct_long=Val("direct_numbers_long", "count"))
        cx, span, y_enc = -3.2, 5.4, -1.35

        def cells(count):
            pitch = span / count
            side = min(0.8 * pitch, 0.6)
            return VGroup(*[Square(side, color=P.hidden, stroke_width=2, fill_opacity=0.25)
                            .move_to([cx - span / 2 + (j + 0.5) * pitch, y_enc, 0])
                            for j in range(count)])

        enc = cells(v.enc_drawn_count)
        enc_lab = self.text("enc", size=S, color=P.hidden).next_to(enc, DOWN, buff=0.25)
        enc_lab.set_x(cx)
        dec = Rectangle(width=2.4, height=0.75, color=P.text, stroke_width=2).move_to([cx, 1.6, 0])
        dec_lab = self.text("dec", size=L).move_to(dec)

        def neck_arrow(group, opacity=1.0):
            return Arrow(group[-1].get_top(), dec.get_bottom() + 1.0 * RIGHT, buff=0.08,
                         color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.08,
                         stroke_opacity=opacity)

        def links(group):
            return VGroup(*[Line(c.get_top(), dec.get_bottom(), color=P.attention,
                                 stroke_width=1.5, stroke_opacity=0.8) for c in group])

        neck = neck_arrow(enc)
        head = Dot([0.9, 2.4, 0], radius=0.01, fill_opacity=0)
        b_lab, b_val = self.value_row("neck", "bottleneck_numbers", "count", P.hidden, head,
                                 name="bottleneck_numbers")
        d_lab, d_val = self.value_row("direct", "direct_numbers", "count", P.attention, VGroup(b_lab, b_val),
                                 name="direct_numbers", n=Val("n", "count"))
        dl_lab, dl_val = self.value_row("direct", "direct_numbers_long", "count", P.attention,
                                   VGroup(d_lab, d_val), name="direct_numbers_long",
                                   n=Val("n_long", "count"))
        self.align_values((b_lab, b_val), (d_lab, d_val), (dl_lab, dl_val))

        def sample_note(count, total):
            note = self.text("bottle.sample", size=S, color=P.muted, e=Val(count, "count"),
                             n=Val(total, "count"))
            return note.next_to(dl_lab, DOWN, buff=0.35, aligned_edge=LEFT)

        lk = links(enc)
        note = sample_note("enc_drawn_count", "n") if v.enc_sampled else None
        enc_long = cells(v.enc_drawn_count_long)
        swap = [FadeOut(note)] if note else []
        if v.enc_sampled_long:
            swap.append(FadeIn(sample_note("enc_drawn_count_long", "n_long")))
        # the claim's line: the encoder's last state handed on, its d numbers; the direct
        # links to every position, their count at n; the longer source, its count at n_long
        self.pace([FadeIn(enc), FadeIn(enc_lab), FadeIn(dec), FadeIn(dec_lab)],
                  Create(neck),
                  [FadeIn(b_lab), FadeIn(b_val)],
                  lambda: [Create(lk), neck.animate.set_stroke(opacity=0.25),
                           *([FadeIn(note)] if note else [])],
                  [FadeIn(d_lab), FadeIn(d_val)],
                  lambda: [Transform(enc, enc_long), Transform(lk, links(enc_long)),
                           Transform(neck, neck_arrow(enc_long, 0.25)), *swap],
                  [FadeIn(dl_lab), FadeIn(dl_val)])
        cites = VGroup(
            VGroup(self.cite("bahdanau", color=P.attention),
                   self.text("bottle.rnn_att", size=S, color=P.muted)),
            VGroup(self.cite("transformer", color=P.attention),
                   self.text("bottle.att_only", size=S, color=P.muted)))
        for c in cites:
            c.arrange(DOWN, aligned_edge=LEFT, buff=0.1)
        cites.arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        below = 1.0 if v.enc_sampled or v.enc_sampled_long else 0.5   # under the sample note
        cites.move_to([0.9, dl_lab.get_bottom()[1] - below, 0], aligned_edge=UP + LEFT)
        self.say("bottle.cite.say")
        box, point = self.pointer()
        # "Bahdanau, Cho and Bengio (2015)" / "let an RNN decoder attend to every encoder
        # state" / "the 2017 Transformer" / "kept the attention" (the links) / "and dropped
        # the RNN" (its hand-off: the bottleneck's arrow)
        self.pace(lambda: [FadeIn(cites[0]), point(cites[0], P.attention)],
                  lambda: point(VGroup(lk, dec), P.attention),
                  lambda: [FadeIn(cites[1]), point(cites[1], P.attention)],
                  lambda: point(lk, P.attention),
                  lambda: point(neck, P.hidden))
        self.play(FadeOut(box["b"]), run_time=0.5)
        self.hold()

    def cost_curves(self):
        v = self.v
        self.clear_stage()
        self.claim("cost")
        lo, hi = (int(e) for e in v.cost_axis_log)
        xmax = float(v.curve_log2_n[-1])
        ax = Axes([0, xmax, 4], [lo, hi, 1], x_length=6.6, y_length=4.1,
                  axis_config={"color": P.muted, "include_tip": False, "stroke_width": 2})
        ax.move_to([-2.85, 0.25, 0])
        xt = VGroup(*[self.value(f"tick_n[{i}]", "count", size=S, color=P.muted)
                      .next_to(ax.c2p(float(x), lo), DOWN, buff=0.15)
                      for i, x in enumerate(v.tick_log2_n)])
        yt = VGroup(*[self.mathv("tick.pow", scale=0.6, color=P.muted,
                                 e=Val(f"tick_exp[{i}]", "int"))
                      .next_to(ax.c2p(0, float(e)), LEFT, buff=0.15)
                      for i, e in enumerate(v.tick_exp)])
        n_lab = self.math("n", scale=0.7, color=P.muted).next_to(ax.c2p(xmax, lo), RIGHT,
                                                                 buff=0.2)
        last = len(v.frame_d) - 1
        s = ValueTracker(0)

        def k() -> int:
            return self.at(s)

        live = Live(self, k, over="frame_d")

        def curve(table, color, j):
            return VMobject(color=color, stroke_width=4).set_points_as_corners(
                [ax.c2p(a, b) for a, b in zip(v.curve_log2_n, table[j])])

        def curve_read(mob):      # every corner through the axes: log2 n's, then the logs
            pts = np.array([ax.p2c(q)[:2] for q in corners(mob)])
            return [*pts[:, 0], *pts[:, 1]]

        rec = live.redraw(lambda j: curve(v.frame_log_recurrent, P.hidden, j),
                          path=("curve_log2_n", "frame_log_recurrent[{i}]"), measure=curve_read)
        att = live.redraw(lambda j: curve(v.frame_log_attention, P.attention, j),
                          path=("curve_log2_n", "frame_log_attention[{i}]"), measure=curve_read)

        def cross_pt(j):
            return ax.c2p(v.frame_cross_log2_n[j], v.frame_cross_log[j])

        cross = ("frame_cross_log2_n[{i}]", "frame_cross_log[{i}]")
        dot = live.redraw(lambda j: Dot(cross_pt(j), radius=0.09, color=P.highlight),
                          path=cross, measure=lambda mob: ax.p2c(mob.get_center())[:2])
        # the drop's x and its top (where it leaves the crossing), through the axes
        drop = live.redraw(lambda j: DashedLine(cross_pt(j), ax.c2p(v.frame_cross_log2_n[j], lo),
                                                color=P.highlight, stroke_width=2),
                           path=cross, measure=lambda mob: [ax.p2c(mob.get_center())[0],
                                                            ax.p2c(mob.get_start())[1]])

        x_panel = 1.4
        head = self.text("cost.head", size=L).move_to([x_panel, 2.25, 0], aligned_edge=LEFT)

        def legend(tex, color):
            row = VGroup(Line(np.zeros(3), 0.5 * RIGHT, color=color, stroke_width=4),
                         self.math(tex, scale=0.7, color=color, reason="exponent of the cost"))
            row[1].next_to(row[0], RIGHT, buff=0.2)
            return row

        # the legend in the chart's top-left corner, which no curve reaches: both rise from
        # their least value at n = 1 to their greatest at the right (slope 1 or 2 in log-log)
        leg_r, leg_a = legend(r"n\,d^2", P.hidden), legend(r"n^2 d", P.attention)
        VGroup(leg_r, leg_a).arrange(DOWN, aligned_edge=LEFT, buff=0.2).move_to(
            ax.c2p(0, hi) + 0.35 * RIGHT + 0.1 * DOWN, aligned_edge=UP + LEFT)
        # the live d and the crossing's n in the lecture font (only the symbols typeset),
        # rebuilt only when the sweep's index moves; the sweep's widths are not whole, so
        # they show rounded ("dec:0": 1,200, with the counts' commas)
        d_lab = self.text("cost.d", size=L).move_to([x_panel, 1.7, 0], aligned_edge=LEFT)
        c_lab = self.text("cost.at", size=L).move_to([x_panel + 2.4, 1.7, 0],
                                                     aligned_edge=LEFT)
        d_live = self.live(live, "frame_d[{}]", "dec:0", P.text,
                           lambda mob: self.beside(mob, d_lab, buff=0.12))
        c_live = self.live(live, "frame_d[{}]", "dec:0", P.text,
                           lambda mob: self.beside(mob, c_lab, buff=0.12))
        # (the crossing of n d^2 and n^2 d is at n = d: its readout is d's)
        line = self.left()
        self.pace([Create(ax), FadeIn(xt), FadeIn(yt), FadeIn(n_lab), FadeIn(head)],
                  [Create(rec), FadeIn(leg_r)],
                  [Create(att), FadeIn(leg_a)],
                  [FadeIn(dot), FadeIn(drop), FadeIn(d_lab), FadeIn(d_live), FadeIn(c_lab),
                   FadeIn(c_live)], over=0.5 * line)
        # both straight, crossing where n = d; the wider the model, the further right
        live.play(s.animate.set_value(last), run_time=self.left(0.9), rate_func=smooth)
        self.remove(d_live, c_live)
        d_num = self.value("d", "count", size=L, name="d").next_to(d_lab, RIGHT, buff=0.2)
        c_num = self.value("cost_crossover_n", "count", size=L,
                           name="cost_crossover_n").next_to(c_lab, RIGHT, buff=0.2)
        self.add(d_num, c_num)

        # where the chosen n sits, and which layer is cheaper there (the mark stops at the
        # higher of its two points: the legend's corner stays clear)
        top_here = max(v.here_log_recurrent, v.here_log_attention)
        here = DashedLine(ax.c2p(v.here_log2_n, lo), ax.c2p(v.here_log2_n, top_here),
                          color=P.muted, stroke_width=2)
        here_dots = VGroup(Dot(ax.c2p(v.here_log2_n, v.here_log_recurrent), radius=0.08,
                               color=P.hidden),
                           Dot(ax.c2p(v.here_log2_n, v.here_log_attention), radius=0.08,
                               color=P.attention))
        verdict = self.text("cost.verdict", variant=v.cheaper, size=L, n=Val("n", "count"))
        verdict.move_to([x_panel, 1.1, 0], aligned_edge=LEFT)
        self.show("verdict", verdict)
        r_lab, r_val = self.value_row("rec", "cost.recurrent", "count", P.hidden, verdict,
                                      name="cost_recurrent")
        self.readout_row(r_lab, r_val, verdict, buff=0.24)
        a_lab, a_val = self.value_row("att", "cost.attention", "count", P.attention,
                                      VGroup(r_lab, r_val), name="cost_attention")
        self.readout_row(a_lab, a_val, VGroup(r_lab, r_val), buff=0.2)
        self.align_values((r_lab, r_val), (a_lab, a_val))
        # the whole layers' counts: the recurrent one beside the heading, attention's under it
        whole_head = self.text("cost.whole.head", size=S, color=P.muted)
        whole_head.next_to(a_lab, DOWN, buff=0.24, aligned_edge=LEFT)
        w_rec = self.value("cost_whole.recurrent", "count", size=S, color=P.hidden,
                           name="cost_whole_recurrent").next_to(whole_head, RIGHT, buff=0.25)
        w_att = self.value("cost_whole.attention", "count", size=S, color=P.attention,
                           name="cost_whole_attention")
        w_att.next_to(w_rec, DOWN, buff=0.12, aligned_edge=LEFT)
        whole = VGroup(whole_head, w_rec, w_att)
        self.say("cost.verdict.say", variant=v.cheaper, n=Val("n", "count"),
                 d=Val("d", "count"), rec=Val("cost.recurrent", "count"),
                 att=Val("cost.attention", "count"))
        box, point = self.pointer()
        rows = [[FadeIn(a_lab), FadeIn(a_val)], [FadeIn(r_lab), FadeIn(r_val)]]
        if v.cheaper == "recurrent":     # the line names the recurrent products first
            rows.reverse()
        # n against d; the two counts in the order the line says them
        self.pace([Create(here), FadeIn(here_dots), FadeIn(verdict)], *rows)
        self.say("cost.whole.say", rec=Val("cost_whole.recurrent", "count"),
                 att=Val("cost_whole.attention", "count"))
        # neither count is a whole layer; what each layer adds, as it is named; the whole
        # layers' counts as they are said (a long line: a voice takes over 20 s to say it)
        # (the weighted sum of the values costs n^2 d as the scores do: the legend's form)
        self.cued({"zh": ["", "循环层再加上", "注意力再加上", "加权和", "这里整层", "和"],
                   "en": ["", "Add the input product", "the Q, K, V", "the weighted sum",
                          "the whole layers take", " and "]},
                  lambda: point(VGroup(r_lab, r_val, a_lab, a_val), P.muted),
                  lambda: point(VGroup(r_lab, r_val), P.hidden),
                  lambda: point(VGroup(a_lab, a_val), P.attention),
                  lambda: point(leg_a, P.attention),
                  lambda: [FadeIn(whole_head), FadeIn(w_rec), point(VGroup(whole_head, w_rec),
                                                                     P.hidden)],
                  lambda: [FadeIn(w_att), point(w_att, P.attention)])
        sides_case = "never" if v.d == 1 else "crossing"
        sides = VGroup(self.text("cost.below", variant=sides_case, size=S, color=P.attention,
                                 d=Val("d", "count")),
                       self.text("cost.above", size=S, color=P.hidden, d=Val("d", "count")))
        sides.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        sides.next_to(whole, DOWN, buff=0.24, aligned_edge=LEFT)
        self.show("cost_below", sides[0])
        self.show("cost_above", sides[1])
        self.say("cost.sides.say", variant=sides_case, d=Val("d", "count"))
        # below d, then above it
        self.pace(lambda: [FadeOut(box["b"]), FadeIn(sides[0])], FadeIn(sides[1]))
        self.hold(2.0)
