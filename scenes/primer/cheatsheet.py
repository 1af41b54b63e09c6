"""§06 Cheat sheet: the LSTM equations, truncated BPTT, KV cache vs state, and the way back."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, DashedLine, DashedVMobject,
                   FadeIn, FadeOut, GrowFromEdge,
                   LaggedStart, Line, ManimColor,
                   Rectangle, SurroundingRectangle, Transform, ValueTracker, VGroup,
                   VMobject, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, growing_curve

P = style.PALETTE
S = style.SMALL_SIZE
L = style.LABEL_SIZE

TEXT = {
    "cell": {"zh": "LSTM 一页写完", "en": "The whole LSTM on one page"},
    "cell.say": {
        "zh": "三个门和候选各读上一步的 h 和当前的 x：遗忘门决定留多少，输入门决定写多少，候选给出写什么，输出门决定露出多少。从一步到下一步，细胞状态只经过一次逐元素乘法和一次加法：这就是回到过去的那条路。",
        "en": "The three gates and the candidate each read the previous h and the current x: the forget gate sets how much to keep, the input gate how much to write, the candidate what to write, the output gate how much to show. From one step to the next the cell state passes one elementwise product and one sum: the road back in time."},
    "role.f": {"zh": "保留多少", "en": "how much to keep"},
    "role.i": {"zh": "写入多少", "en": "how much to write"},
    "role.g": {"zh": "写入什么", "en": "what to write"},
    "role.o": {"zh": "露出多少", "en": "how much to show"},
    "role.c": {"zh": "细胞状态", "en": "cell state"},
    "role.h": {"zh": "隐藏状态", "en": "hidden state"},
    "tbptt": {"zh": "截断 BPTT：梯度只在窗口里走", "en": "Truncated BPTT: gradient stays in the window"},
    "tbptt.say.truncated": {
        "zh": "截断 BPTT 不一路反传到开头，好让每次更新的内存和时间有个上限。前向状态照常一路传下去，但梯度只在长度为 {w} 的窗口里回流，窗口之前的步从末端的误差里得不到梯度。",
        "en": "Truncated BPTT does not backpropagate to the start, so that the memory and time of each update stay bounded. The forward state still flows all the way, but gradient returns only inside a window of length {w}; steps before the window get no gradient from the error at the end."},
    "tbptt.say.full": {
        "zh": "截断 BPTT 让梯度停在窗口边上，好让每次更新的内存和时间有个上限。这里窗口长 {w}，盖住了整条序列（{n} 步），所以梯度能回到开头：这就是不截断的 BPTT。",
        "en": "Truncated BPTT stops the gradient at the edge of a window, so that the memory and time of each update stay bounded. Here the window, {w} long, covers the whole sequence of {n} step{n_s}, so gradient reaches the start: plain, untruncated BPTT."},
    "tbptt.fwd": {"zh": "前向：一路传下去", "en": "forward: flows all the way"},
    "tbptt.grad": {"zh": "梯度：只在窗口内", "en": "gradient: window only"},
    "tbptt.window": {"zh": "窗口", "en": "window"},
    "tbptt.length": {"zh": "序列", "en": "sequence"},
    "kv": {"zh": "服务时：KV cache 随上下文长，状态不变",
           "en": "Serving: the KV cache grows, the state does not"},
    "kv.say": {
        "zh": "解码时注意力要为每个见过的位置存下键和值，缓存随上下文成比例增长；同样大小的循环网络每层只存一个固定大小的状态。这里是 {layers} 层、宽 {width}、每个数 {b} 字节的模型。",
        "en": "While decoding, attention keeps a key and a value for every position seen, so its cache grows with the context; a recurrent net of the same size keeps one fixed-size state per layer. Here: {layers} layer{layers_s}, width {width}, {b} byte{b_s} a number."},
    "kv.ratio.say.larger": {
        "zh": "上下文到 {ctx} 时，缓存要 {kv}，状态始终是 {state}：缓存是状态的 {ratio} 倍。",
        "en": "At a context of {ctx} the cache takes {kv}; the state stays {state}: the cache is {ratio} times larger."},
    "kv.ratio.say.equal": {
        "zh": "上下文到 {ctx} 时，缓存 {kv}，正好和状态一样大。上下文再长，缓存就超过状态。",
        "en": "At a context of {ctx} the cache, {kv}, is exactly the size of the state; any longer and it is larger."},
    "kv.ratio.say.smaller": {
        "zh": "上下文只有 {ctx} 时，缓存 {kv} 还比状态 {state} 小，只有它的 {ratio}；上下文一长，缓存就会超过状态。",
        "en": "At a context of only {ctx} the cache, {kv}, is still smaller than the state, {state}: {ratio} of it. A longer context soon reverses that."},
    "kv.gqa.say.smaller": {
        "zh": "分组查询注意力（Ainslie 等，2023）让 {q} 个查询头共用 {g} 组键值头（模型原有 {h} 组），缓存降到原来的 {frac}，即 {gqa}。",
        "en": "Grouped-query attention (Ainslie et al., 2023) lets {q} query head{q_s} share {g} key-value head{g_s} instead of {h}: the cache drops to {frac} of its size, {gqa}.",
        "fixed": {"2023": "year of the grouped-query attention paper (a citation)"}},
    "kv.gqa.say.same": {
        "zh": "分组查询注意力（Ainslie 等，2023）用 {g} 组键值头，而这个模型本来就只有 {h} 组：缓存不变，还是 {gqa}。",
        "en": "Grouped-query attention (Ainslie et al., 2023) with {g} key-value head{g_s} changes nothing here: the model already keeps {h}, so the cache stays {gqa}.",
        "fixed": {"2023": "year of the grouped-query attention paper (a citation)"}},
    "kv.gqa.say.larger": {
        "zh": "分组查询注意力（Ainslie 等，2023）的 {g} 组键值头比模型原有的 {h} 组还多：缓存反而变成原来的 {frac} 倍，即 {gqa}。",
        "en": "Grouped-query attention (Ainslie et al., 2023) with {g} key-value head{g_s} is more than the model's {h}: the cache would grow {frac} times, to {gqa}.",
        "fixed": {"2023": "year of the grouped-query attention paper (a citation)"}},
    "kv.acc.say.most": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，占一块 {acc} GiB 加速器显存的 {frac}：权重还没放上去，大半张卡就没了。",
        "en": "For one sequence at this context, the model's own cache, {kv}, fills {frac} of one {acc} GiB accelerator: most of the card is gone before the weights are even loaded."},
    "kv.acc.say.fits": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，占一块 {acc} GiB 加速器显存的 {frac}。",
        "en": "For one sequence at this context, the model's own cache, {kv}, fills {frac} of one {acc} GiB accelerator."},
    "kv.acc.say.exceeds": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，是一块 {acc} GiB 加速器显存的 {frac} 倍，一块装不下。",
        "en": "For one sequence at this context, the model's own cache, {kv}, is {frac} times the memory of one {acc} GiB accelerator: it does not fit on one."},
    # the fraction shows "1" (64 GiB on a 63.99, 64 or 64.01 GiB card): no "1 times", no "fills 1"
    "kv.acc.say.over": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，刚好超过一块 {acc} GiB 加速器的显存，一块装不下。",
        "en": "For one sequence at this context, the model's own cache, {kv}, is just over the memory of one {acc} GiB accelerator: it does not fit on one."},
    "kv.acc.say.all": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，正好占满一块 {acc} GiB 加速器的显存：权重已经没有地方放了。",
        "en": "For one sequence at this context, the model's own cache, {kv}, fills all of one {acc} GiB accelerator: there is no room left for the weights."},
    "kv.acc.say.nearly": {
        "zh": "只算一条序列，在这个上下文下模型自己的缓存 {kv}，几乎占满一块 {acc} GiB 加速器的显存：权重已经放不下了。",
        "en": "For one sequence at this context, the model's own cache, {kv}, fills nearly all of one {acc} GiB accelerator: the weights no longer fit beside it."},
    "kv.model": {"zh": "{layers} 层 · 宽 {width} · 每个数 {b} 字节",
                 "en": "layers {layers} · width {width} · {b} B"},
    "kv.context": {"zh": "上下文", "en": "context"},
    "kv.cache": {"zh": "KV cache", "en": "KV cache"},
    "kv.state": {"zh": "循环状态", "en": "recurrent state"},
    "kv.ratio": {"zh": "缓存 ÷ 状态", "en": "cache ÷ state"},
    "kv.times": {"zh": "{r}×", "en": "{r}×"},
    "kv.gqa": {"zh": "GQA，{g} 组键值头", "en": "GQA · KV heads {g}"},
    "kv.acc.most": {"zh": "一块 {acc} GiB 加速器的 {frac}：大半张卡", "en": "{frac} of one {acc} GiB card: most of it"},
    "kv.acc.fits": {"zh": "占一块 {acc} GiB 加速器的 {frac}", "en": "{frac} of one {acc} GiB card"},
    "kv.acc.exceeds": {"zh": "一块 {acc} GiB 加速器的 {frac} 倍", "en": "{frac}× one {acc} GiB card"},
    "kv.acc.over": {"zh": "刚超过一块 {acc} GiB 加速器", "en": "just over one {acc} GiB card"},
    "kv.acc.all": {"zh": "正好占满一块 {acc} GiB 加速器", "en": "all of one {acc} GiB card"},
    "kv.acc.nearly": {"zh": "几乎占满一块 {acc} GiB 加速器", "en": "nearly all of one {acc} GiB card"},
    "tight": {"zh": "顺序深度与路径：$n$ 对 1", "en": "Depth and path: $n$ against 1",
              "fixed": {"1": "attention's constant depth and path length"}},
    "tight.say": {
        "zh": "把循环和注意力分开的是两个量：顺序深度和路径长度。循环层两者都随 n 增长，注意力两者都是常数 1。代价在最后一行，按 Vaswani 等（2017，Table 1）的数法：循环的矩阵乘 n·d²，注意力的打分 n²·d，两边都不算投影。",
        "en": "Two quantities set recurrence and attention apart: sequential depth and path length. A recurrent layer grows both with n; attention holds both at 1. The price is the last row, counted as Vaswani et al. (2017, Table 1) count it: n·d² for the recurrent products, n²·d for the attention scores, projections not counted on either side.",
        "fixed": {"1": "attention's constant depth and path length; Table 1 of the cited paper",
                  "2017": "year of the Transformer paper (a citation)"}},
    "tight.at.say.many": {
        "zh": "表里的数按上下文 {n}、宽 {d} 算：循环层要走 {n} 步，注意力一步；最远的两个位置之间，循环隔着 {p} 次乘法，注意力一次。",
        "en": "The table is computed at a context of {n} and width {d}: the recurrent layer takes {n} step{n_s}, attention one; between the two farthest positions recurrence puts {p} multiplication{p_s}, attention one."},
    "tight.at.say.two": {
        "zh": "表里的数按上下文 {n}、宽 {d} 算：循环层要走 {n} 步，注意力一步；只有 {n} 个位置时，两者之间都只隔 {p} 次乘法，路径长度还分不出高下。",
        "en": "The table is computed at a context of {n} and width {d}: the recurrent layer takes {n} step{n_s}, attention one; with only {n} position{n_s} both put {p} multiplication between them, so the paths do not differ yet."},
    "tight.at.say.one": {
        "zh": "表里的数按上下文 {n}、宽 {d} 算：只有一个位置，两种层都只走一步，也没有路径可走，两边都是 {p} 次乘法。",
        "en": "The table is computed at a context of {n} and width {d}: with a single position both layers take one step, and there is no path to cross, {p} multiplication{p_s} either way."},
    "tight.depth": {"zh": "顺序深度", "en": "sequential depth"},
    "tight.path": {"zh": "最长路径", "en": "longest path"},
    "tight.cost": {"zh": "乘加 $W_h h$、$q\\cdot k$", "en": "multiply-adds $W_h h$, $q\\cdot k$"},
    "tight.rec": {"zh": "循环", "en": "recurrent"},
    "tight.att": {"zh": "注意力", "en": "attention"},
    "tight.at": {"zh": "$n$ = {n}，$d$ = {d}", "en": "$n$ = {n}, $d$ = {d}"},
    "tight.cost_v": {"tex": "@v"},
    # attention's longest path, min(1, n - 1): 1 from two positions on, 0 with a single one
    "tight.sym.path.many": {"tex": "1"},
    "tight.sym.path.two": {"tex": "1"},
    "tight.sym.path.one": {"tex": r"\min(1,\, n-1)"},
    "back": {"zh": "循环回来了", "en": "Recurrence comes back"},
    "back.say": {
        "zh": "打分的代价越过循环矩阵乘的代价之后，也就是在长上下文里，固定大小的状态又划算了：Mamba（Gu、Dao 2023）与 RWKV（Peng 等，2023）都保留固定大小的状态，同时可以并行训练。",
        "en": "Past the point where the score cost overtakes the recurrent one, in long contexts, a fixed state pays again: Mamba (Gu & Dao, 2023) and RWKV (Peng et al., 2023) keep a constant-size state while training in parallel.",
        "fixed": {"2023": "year of the Mamba and RWKV papers (citations)"}},
    "back.serving": {"zh": "注意力的三个胜利：深度 1、路径 1、每个位置都读得到",
                     "en": "Attention's three wins: depth 1, path 1, every position in reach",
                     "fixed": {"1": "attention's constant depth and path length"}},
    "back.take": {"zh": "没有长连乘的路，梯度不会消失", "en": "A path with no long product does not vanish"},
    "back.take.say": {
        "zh": "注意力的三个胜利仍在：顺序深度一步，路径一次乘法，每个位置都读得到。最值得带走的一句和 LSTM 一样老（Hochreiter、Schmidhuber 1997）：没有长连乘的路，梯度就没有地方消失。",
        "en": "Attention keeps its three wins: one step of depth, a path of one multiplication, every position in reach. The lesson worth keeping is as old as the LSTM (Hochreiter & Schmidhuber, 1997): a path with no long product of factors has nothing to vanish in.",
        "fixed": {"1997": "year of the LSTM paper (a citation)"}},
    "back.where": {"zh": "打分的代价越过循环之处", "en": "where scores overtake recurrence"},
    "back.mamba": {"zh": "Mamba（Gu、Dao，2023）", "en": "Mamba (Gu & Dao, 2023)",
                   "fixed": {"2023": "year of the Mamba paper (a citation)"}},
    "back.rwkv": {"zh": "RWKV（Peng 等，2023）", "en": "RWKV (Peng et al., 2023)",
                  "fixed": {"2023": "year of the RWKV paper (a citation)"}},
    "back.both": {"zh": "固定大小的状态，并行训练", "en": "a constant-size state, trained in parallel"},
    "back.lstm": {"zh": "Hochreiter、Schmidhuber，1997", "en": "Hochreiter & Schmidhuber, 1997",
                  "fixed": {"1997": "year of the LSTM paper (a citation)"}},
}

#: (key, left side, right side in pieces, role): the gates' pieces split out what they read,
#: ``[h_{t-1}, x_t]``, and the cell's its one elementwise product and one sum.
LSTM_LINES = (
    ("f", r"f_t", (r"= \sigma(W_f\,", r"[h_{t-1}, x_t]", r"+ b_f)"), "forget"),
    ("i", r"i_t", (r"= \sigma(W_i\,", r"[h_{t-1}, x_t]", r"+ b_i)"), "input_gate"),
    ("g", r"g_t", (r"= \tanh(W_g\,", r"[h_{t-1}, x_t]", r"+ b_g)"), "candidate"),
    ("o", r"o_t", (r"= \sigma(W_o\,", r"[h_{t-1}, x_t]", r"+ b_o)"), "output_gate"),
    ("c", r"c_t", (r"=", r"f_t \odot c_{t-1}", r"+", r"i_t \odot g_t"), "cell"),
    ("h", r"h_t", (r"= o_t \odot \tanh(c_t)",), "hidden"),
)

#: the piece of each gate's right side (after its left side) that reads h and x
READS = 2


class CheatSheet(LectureScene):
    """§06: LSTM equations, the TBPTT window, KV cache vs state, the closing card."""

    SECTION_ID = "primer-06-cheatsheet"
    BEATS = ("equations", "tbptt_window", "tight_bound", "kv_cache", "closing")
    TEXT = TEXT

    # ----- beats --------------------------------------------------------------------------
    def equations(self):
        self.claim("cell")
        lines = VGroup()
        for _, lhs, rhs, _ in LSTM_LINES:
            lines.add(self.math(lhs, *rhs, scale=0.86, reason="time index t-1 of the recurrence"))
        lines.arrange(DOWN, aligned_edge=LEFT, buff=0.36).move_to([-1.5, 0.05, 0])
        roles = VGroup()
        for line, (key, _, _, role) in zip(lines, LSTM_LINES):
            r = self.text(f"role.{key}", size=L, color=getattr(P, role))
            r.move_to([2.9, line.get_center()[1], 0], aligned_edge=LEFT)
            roles.add(r)
        gates, (c_line, h_line) = lines[:4], lines[4:]
        reads = VGroup(*[SurroundingRectangle(g[READS], color=P.hidden, buff=0.06,
                                              stroke_width=2) for g in gates])
        box = {}

        def point_at(k):       # a gate's line in its colour, boxed, and its role beside it
            color = getattr(P, LSTM_LINES[k][3])
            new = SurroundingRectangle(lines[k], color=color, buff=0.1, stroke_width=2)
            anims = [lines[k][0].animate.set_color(color), FadeIn(roles[k], shift=0.2 * LEFT)]
            if "b" in box:
                anims.append(Transform(box["b"], new))
            else:
                box["b"] = new
                anims += [Create(new), FadeOut(reads)]
            return anims

        def cell_path():       # the cell's one product and one sum: the road back in time
            return [Transform(box["b"], SurroundingRectangle(VGroup(c_line[2], c_line[3]),
                                                             color=P.cell, buff=0.08,
                                                             stroke_width=2))]
        # the line reads: the gates and the candidate read h and x; what each one sets; the
        # cell state's one product and one sum
        self.pace(LaggedStart(*[FadeIn(g, shift=0.2 * UP) for g in gates], lag_ratio=0.3),
                  Create(reads),
                  *[lambda k=k: point_at(k) for k in range(4)],
                  lambda: [FadeIn(c_line, shift=0.2 * UP), FadeIn(h_line, shift=0.2 * UP),
                           c_line[0].animate.set_color(P.cell),
                           h_line[0].animate.set_color(P.hidden),
                           FadeIn(roles[4]), FadeIn(roles[5]),
                           Transform(box["b"], SurroundingRectangle(c_line, color=P.cell,
                                                                   buff=0.1, stroke_width=2))],
                  cell_path)
        self.play(FadeOut(box["b"]), run_time=0.5)
        self.hold()

    def tbptt_window(self):
        v = self.v
        n, w = v.sequence_length, v.tbptt_window
        self.clear_stage()
        self.claim("tbptt", say=False)
        self.say("tbptt.say", variant="full" if w >= n else "truncated",
                 w=Val("tbptt_window", "count"), n=Val("sequence_length", "count"))
        pitch = min(0.6, 12.6 / n)
        side = 0.8 * pitch
        tall = max(side, 0.9)            # narrow steps stay visible as bars
        x0 = -pitch * (n - 1) / 2
        y = 0.65
        outline = 1 if pitch >= 0.15 else 0   # a stroke would hide the fill of a narrow bar
        cells = VGroup(*[Rectangle(width=side, height=tall, color=P.muted,
                                   stroke_width=outline, fill_opacity=0)
                         .move_to([x0 + j * pitch, y, 0]) for j in range(n)])
        last = len(v.window_starts) - 1
        s = ValueTracker(0)

        def r() -> int:
            return self.at(s)

        live = Live(self, r, over="window_starts")

        def paint(group, row):
            for j, c in enumerate(group):
                if v.gradient_mask[row, j]:
                    c.set_fill(P.gradient, opacity=0.85)
                elif v.forward_mask[row, j]:
                    c.set_fill(P.hidden, opacity=0.45)
                else:
                    c.set_fill(P.muted, opacity=0.25)

        paint(cells, r())

        def start_x(row):
            return x0 + int(v.window_starts[row]) * pitch - pitch / 2

        win_h = tall + 0.15
        win = Rectangle(width=w * pitch, height=win_h, color=P.gradient, stroke_width=3)

        def place(m, row):     # the window moves in place (same points as before, shifted)
            m.move_to([start_x(row) + w * pitch / 2, y, 0])

        def under(m):          # which cells' centres lie within m's width (1) or not (0)
            lo_x, hi_x = m.get_left()[0], m.get_right()[0]
            return [int(lo_x < c.get_x() < hi_x) for c in cells]

        place(win, r())
        # the window spans the cells the gradient flows through
        live.follow(win, place, path="gradient_mask[{i}]", measure=under)
        ya, yb = y + win_h / 2 + 0.2, y - win_h / 2 - 0.2

        def fwd_arrow(row):
            return Arrow([x0 - pitch / 2, ya, 0], [start_x(row) + w * pitch, ya, 0], buff=0,
                         color=P.hidden, stroke_width=4, max_tip_length_to_length_ratio=0.5,
                         max_stroke_width_to_length_ratio=50)

        def grad_arrow(row):
            a = start_x(row)
            return Arrow([a + w * pitch, yb, 0], [a, yb, 0], buff=0, color=P.gradient,
                         stroke_width=4, max_tip_length_to_length_ratio=0.15)

        # the forward arrow spans every step run so far, the gradient's the window
        fwd = live.redraw(fwd_arrow, path="forward_mask[{i}]", measure=under)
        grad = live.redraw(grad_arrow, path="gradient_mask[{i}]", measure=under)
        left = min(x0, -4.0)
        f_lab = self.text("tbptt.fwd", size=L, color=P.hidden).move_to([left, ya + 0.45, 0],
                                                                       aligned_edge=LEFT)
        g_lab = self.text("tbptt.grad", size=L, color=P.gradient)

        def by_grad(m, row):    # under the gradient's arrow, its right end with the arrow's
            x = max(start_x(row) + w * pitch, left + m.width)
            return m.move_to([x, yb - 0.45, 0], aligned_edge=RIGHT)

        by_grad(g_lab, r())
        live.follow(g_lab, by_grad, decor="the gradient arrow's name, riding under it")
        anchor = Line([left, yb - 0.9, 0], [left + 0.1, yb - 0.9, 0], stroke_opacity=0)
        w_lab, w_val = self.value_row("tbptt.window", "tbptt_window", "count", P.gradient, anchor,
                                 name="tbptt_window")
        n_lab, n_val = self.value_row("tbptt.length", "sequence_length", "count", P.muted,
                                 VGroup(w_lab, w_val), name="sequence_length")
        self.align_values((w_lab, w_val), (n_lab, n_val))
        line = self.left()      # the line reads: the sequence, its forward state, the
        # gradient inside the window of length w, the window moving along as the sequence runs,
        # and then the steps before the window (or, full BPTT, the whole sequence it covers)
        self.play(FadeIn(cells), FadeIn(n_lab), FadeIn(n_val), run_time=0.12 * line)
        self.play(FadeIn(fwd), FadeIn(f_lab), run_time=0.12 * line)
        self.play(Create(win), FadeIn(grad), FadeIn(g_lab), FadeIn(w_lab), FadeIn(w_val),
                  run_time=0.14 * line)
        def painted(group):    # each cell's fill read back: gradient, then run forward
            def is_(c, color):
                return c.get_fill_color().to_hex().lower() == ManimColor(color).to_hex().lower()
            return ([int(is_(c, P.gradient)) for c in group]
                    + [int(is_(c, P.gradient) or is_(c, P.hidden)) for c in group])

        live.follow(cells, paint, path=("gradient_mask[{i}]", "forward_mask[{i}]"),
                    measure=painted)     # repainted in place when the row moves
        if last:
            live.play(s.animate.set_value(last), run_time=self.left(0.6), rate_func=linear)
        # the steps before the window, which get no gradient (or the whole sequence, reached)
        before = cells[:int(v.window_starts[-1])] if w < n else cells
        mark = SurroundingRectangle(before if len(before) else cells, buff=0.08,
                                    color=P.muted if w < n else P.gradient, stroke_width=2)
        self.play(Create(mark), run_time=self.left(0.6))
        self.hold()

    def kv_cache(self):
        v = self.v
        self.clear_stage()
        self.claim("kv", layers=Val("layers", "count"), width=Val("width", "count"),
                   b=Val("bytes_per_value", "count"))
        (xlo, xhi), (ylo, yhi) = v.axis_log2_context, v.axis_log2_bytes
        yt = VGroup(*[self.value(f"tick_bytes[{i}]", "bytes", size=S, color=P.muted)
                      for i in range(len(v.tick_log2_bytes))])
        # the plot's right edge stays at x = -0.2; its left edge leaves room for the widest
        # byte tick ("397.2 GiB" at a long context) inside the frame's margin
        right, margin = -0.2, 0.35
        left = max(-5.7, -style.FRAME_W / 2 + margin + max(t.width for t in yt) + 0.15)
        ax = Axes([xlo, xhi, 1], [ylo, yhi, 1], x_length=right - left, y_length=4.0,
                  axis_config={"color": P.muted, "include_tip": False, "stroke_width": 2,
                               "include_ticks": False})
        ax.move_to([(left + right) / 2, 0.2, 0])
        xt = VGroup(*[self.value(f"tick_context[{i}]", "count", size=S, color=P.muted)
                      .next_to(ax.c2p(float(x), ylo), DOWN, buff=0.15)
                      for i, x in enumerate(v.tick_log2_context)])
        for t, y in zip(yt, v.tick_log2_bytes):
            t.next_to(ax.c2p(xlo, float(y)), LEFT, buff=0.15)
        last = len(v.frame_context) - 1
        s = ValueTracker(0)

        def k() -> int:
            return self.at(s)

        live = Live(self, k, over="frame_context")

        kv_curve = growing_curve(live, ax, "frame_log2_context", v.frame_log2_context,
                                 "frame_log2_kv", v.frame_log2_kv, P.attention)
        st_curve = growing_curve(live, ax, "frame_log2_context", v.frame_log2_context,
                                 "frame_log2_state", v.frame_log2_state, P.hidden)
        x_panel = 0.95
        model = self.text("kv.model", size=S, color=P.muted, layers=Val("layers", "count"),
                          width=Val("width", "count"), b=Val("bytes_per_value", "count"))
        model.move_to([x_panel, 2.3, 0], aligned_edge=LEFT)
        c_lab = self.text("kv.context", size=L).move_to([x_panel, 1.7, 0], aligned_edge=LEFT)
        made: dict[int, object] = {}

        def context_now(j):    # the lecture font, made once per index, copied when it moves
            if j not in made:
                made[j] = self.value(f"frame_context[{j}]", "count", size=L)
            return made[j].copy().move_to([col(), c_lab.get_y(), 0], aligned_edge=LEFT)

        def col() -> float:    # the values' column (set by align_values below)
            return kv_val.get_left()[0]

        kv_lab, kv_val = self.value_row("kv.cache", "kv_cache_bytes", "bytes", P.attention, c_lab,
                                   name="kv_cache_bytes")
        st_lab, st_val = self.value_row("kv.state", "state_bytes", "bytes", P.hidden, kv_lab,
                                   name="state_bytes")
        r_lab = self.text("kv.ratio", size=L)
        r_val = self.text("kv.times", size=L, r=Val("ratio", "ratio"))
        self.readout_row(r_lab, r_val, st_lab)
        g_lab, g_val = self.value_row("kv.gqa", "kv_cache_bytes_gqa", "bytes", P.attention, r_lab,
                                 name="kv_cache_bytes_gqa", g=Val("gqa_kv_heads", "count"))
        rows = ((kv_lab, kv_val), (st_lab, st_val), (r_lab, r_val), (g_lab, g_val))
        self.align_values(*rows)
        # the comparisons on the numbers as shown: the cache against the card as the two sizes
        # read (64 GiB on a 63.99 GiB card exceeds it, though the fraction shows "1"), more
        # than half by the fraction as shown (0.5002 shows "0.5": not most of it)
        cache = self.shown_value("kv_cache_bytes", "bytes")
        card = self.shown_value("accelerator_gib", "num") * 2**30
        frac = self.shown_value("accelerator_fraction", "ratio")
        fits = "exceeds" if cache > card else ("most" if frac > 0.5 else "fits")
        if frac == 1.0:     # "1 times the card", "fills 1 of it": say how it stands instead
            fits = "over" if cache > card else ("all" if cache == card else "nearly")
        ratio = self.shown_value("ratio", "ratio")
        ratio_cmp = "larger" if ratio > 1.0 else ("equal" if ratio == 1.0 else "smaller")
        acc = self.text("kv.acc", variant=fits, size=S, color=P.muted,
                        frac=Val("accelerator_fraction", "ratio"),
                        acc=Val("accelerator_gib", "num"))
        acc.next_to(g_lab, DOWN, buff=0.45, aligned_edge=LEFT)
        edge = style.FRAME_W / 2 - 0.25      # an untidy card size ("63.99 GiB") would run
        if acc.get_right()[0] > edge:        # past the frame: moved in, never shrunk
            acc.shift((edge - acc.get_right()[0]) * RIGHT)

        def swatch(row, color, dashed=False):   # the panel is the chart's legend: each row
            make = DashedLine if dashed else Line   # that names a line wears its stroke
            return make([x_panel - 0.55, row.get_y(), 0], [x_panel - 0.12, row.get_y(), 0],
                        color=color, stroke_width=4)
        sw_kv, sw_st = swatch(kv_lab, P.attention), swatch(st_lab, P.hidden)
        sw_g = swatch(g_lab, P.attention, dashed=True)
        # become, as always_redraw did (not Live's adopt): it pads each glyph's curves to the
        # glyph it replaces, and the digits are drawn from those padded curves
        c_num = context_now(k())
        shown = {"s": c_num.shown_text}

        def context_to(m, j):
            new = context_now(j)
            shown["s"] = new.shown_text
            m.become(new)
        live.follow(c_num, context_to, path="frame_context[{i}]", fmt="count",
                    read=lambda m: shown["s"])
        box = {}

        def point(mob, color=P.highlight):   # a box on what the words name, moved along
            new = SurroundingRectangle(mob, color=color, buff=0.1, stroke_width=2)
            if "b" not in box:
                box["b"] = new
                return Create(new)
            return Transform(box["b"], new)
        # the claim's line: decoding; the cache growing with the context (the sweep); the
        # recurrent net's one fixed-size state; the model it is counted for
        line = self.left()
        self.play(Create(ax), FadeIn(xt), FadeIn(yt), FadeIn(c_lab), FadeIn(c_num),
                  run_time=0.12 * line)
        self.add(kv_curve, st_curve)
        self.play(FadeIn(kv_lab), FadeIn(sw_kv), run_time=0.08 * line)
        if last:
            live.play(s.animate.set_value(last), run_time=0.34 * line, rate_func=linear)
        self.remove(c_num)
        c_num = self.value("context", "count", size=L, name="context")
        c_num.move_to([col(), c_lab.get_y(), 0], aligned_edge=LEFT)
        self.add(c_num)
        self.pace([FadeIn(st_lab), FadeIn(sw_st), point(st_curve, P.hidden)],
                  lambda: [FadeIn(model), point(model, P.muted)])
        self.show("ratio", r_val)
        ctx = Val("context", "count")
        self.say("kv.ratio.say", variant=ratio_cmp, ctx=ctx,
                 kv=Val("kv_cache_bytes", "bytes"), state=Val("state_bytes", "bytes"),
                 ratio=Val("ratio", "ratio"))
        # each number of the line as it is said: the context, the cache, the state, the ratio
        self.pace(lambda: point(c_num),
                  lambda: [FadeIn(kv_val), point(VGroup(kv_lab, kv_val), P.attention)],
                  lambda: [FadeIn(st_val), point(VGroup(st_lab, st_val), P.hidden)],
                  lambda: [FadeIn(r_lab), FadeIn(r_val), point(VGroup(r_lab, r_val))])
        pts = [ax.c2p(a, b) for a, b in zip(v.frame_log2_context, v.frame_log2_kv_gqa)]
        gqa = VMobject(color=P.attention, stroke_width=4).set_points_as_corners(
            pts if len(pts) > 1 else pts * 2)
        if len(pts) > 1:       # dashed, as its swatch (one context has a point, no line)
            gqa = DashedVMobject(gqa, num_dashes=40)
        moving = kv_curve.copy()
        self.add(moving)
        self.say("kv.gqa.say", variant=v.gqa_compare, q=Val("query_heads", "count"),
                 g=Val("gqa_kv_heads", "count"), h=Val("kv_heads", "count"),
                 frac=Val("gqa_fraction", "ratio"), gqa=Val("kv_cache_bytes_gqa", "bytes"))
        # the heads it shares; "instead of h": the model's own cache; the cache's line moving
        # to its dashed one; the size it reaches
        self.pace(lambda: [FadeIn(g_lab), FadeIn(sw_g), point(g_lab, P.attention)],
                  lambda: point(VGroup(kv_lab, kv_val), P.attention),
                  Transform(moving, gqa),
                  lambda: [FadeIn(g_val), point(g_val, P.attention)])
        self.show("accelerator", acc)
        # the card as a gauge under its note: the outline is one card, the fill the cache's
        # share of it (a cache that does not fit fills it in the overflow colour)
        gauge = Rectangle(width=min(4.5, edge - acc.get_left()[0]), height=0.26, color=P.muted,
                          stroke_width=2)
        gauge.next_to(acc, DOWN, buff=0.16, aligned_edge=LEFT)
        fill = Rectangle(width=max(gauge.width * min(float(v.accelerator_fraction), 1.0), 1e-3),
                         height=gauge.height, fill_opacity=0.8, stroke_width=0,
                         fill_color=P.exploded if fits in ("exceeds", "over") else P.attention)
        fill.move_to(gauge, aligned_edge=LEFT)
        self.say("kv.acc.say", variant=fits, frac=Val("accelerator_fraction", "ratio"),
                 acc=Val("accelerator_gib", "num"), kv=Val("kv_cache_bytes", "bytes"))
        # "for one sequence at this context" / "the model's own cache" / "one card" (its note
        # and its outline) / the share of it the cache fills, growing as it is said
        self.pace(lambda: point(VGroup(c_lab, c_num)),
                  lambda: point(VGroup(kv_lab, kv_val), P.attention),
                  lambda: [FadeIn(acc, shift=0.2 * UP), Create(gauge),
                           point(VGroup(acc, gauge), P.muted)],
                  GrowFromEdge(fill, LEFT))
        self.play(FadeOut(box["b"]), run_time=0.5)
        self.hold(1.5)

    def tight_bound(self):
        v = self.v
        self.clear_stage()
        self.claim("tight")
        x_lab, x_rec, x_att = -6.3, -0.4, 3.6
        ys = {"depth": 0.95, "path": -0.35, "cost": -1.6}
        heads = VGroup(self.text("tight.rec", size=style.BODY_SIZE, color=P.hidden)
                       .move_to([x_rec, 2.05, 0]),
                       self.text("tight.att", size=style.BODY_SIZE, color=P.attention)
                       .move_to([x_att, 2.05, 0]))
        at = self.text("tight.at", size=S, color=P.muted, n=Val("tight_n", "count"),
                       d=Val("tight_d", "count"))
        at.move_to([x_lab, 2.05, 0], aligned_edge=LEFT)     # the table's corner: where it is
        self.show("tight_at", at)
        labs, syms, vals = {}, {}, {}
        sym = {"depth": ("n", "1"), "path": ("n-1", None), "cost": (r"n\,d^2", r"n^2 d")}
        for key, y in ys.items():
            labs[key] = self.text(f"tight.{key}", size=style.BODY_SIZE).move_to(
                [x_lab, y, 0], aligned_edge=LEFT)
            for side, x, color in (("recurrent", x_rec, P.hidden), ("attention", x_att, P.attention)):
                s_ = sym[key][0 if side == "recurrent" else 1]
                if s_ is None:      # attention's path: 1, or min(1, n-1) where that is 0
                    m = self.mathv("tight.sym.path", scale=0.95, color=color,
                                   variant=v.tight_case)
                else:
                    m = self.math(s_, scale=0.95, color=color,
                                  reason="the asymptotic form (an exponent or a constant)")
                m.move_to([x, y + 0.25, 0])
                if key == "cost":
                    val = self.mathv("tight.cost_v", scale=0.72, color=P.muted,
                                     name=f"tight_cost_{side}",
                                     v=Val(f"tight_cost.{side}", "texcount"))
                else:
                    val = self.value(f"tight_{key}.{side}", "count", size=L, color=P.muted,
                                     name=f"tight_{key}_{side}")
                val.next_to(m, DOWN, buff=0.18)
                syms[key, side], vals[key, side] = m, val

        def row(key):          # a row's label and both its cells
            return VGroup(labs[key], *(syms[key, s_] for s_ in ("recurrent", "attention")),
                          *(vals[key, s_] for s_ in ("recurrent", "attention")))
        box = {}

        def point(mob, color=P.highlight):   # a box on what the words name, moved along
            new = SurroundingRectangle(mob, color=color, buff=0.12, stroke_width=2)
            if "b" not in box:
                box["b"] = new
                return Create(new)
            return Transform(box["b"], new)
        # the claim's line: the two quantities, the recurrent column growing with n, the
        # attention column at 1, then the price in the last row, recurrent then attention
        self.pace([FadeIn(heads[0]), FadeIn(heads[1]), FadeIn(labs["depth"], shift=0.2 * UP),
                   FadeIn(labs["path"], shift=0.2 * UP)],
                  [FadeIn(syms["depth", "recurrent"]), FadeIn(syms["path", "recurrent"])],
                  [FadeIn(syms["depth", "attention"]), FadeIn(syms["path", "attention"])],
                  lambda: [FadeIn(labs["cost"], shift=0.2 * UP), point(labs["cost"])],
                  lambda: [FadeIn(syms["cost", "recurrent"]), point(syms["cost", "recurrent"],
                                                                   P.hidden)],
                  lambda: [FadeIn(syms["cost", "attention"]), point(syms["cost", "attention"],
                                                                   P.attention)])
        # the numbers at this n and d, row by row as the line reads them
        self.say("tight.at.say", variant=v.tight_case, n=Val("tight_n", "count"),
                 d=Val("tight_d", "count"), p=Val("tight_path.recurrent", "count"))
        # (the costs are n and d put into the last row's formulas: they come with n and d)
        self.pace(lambda: [FadeIn(at), FadeIn(vals["cost", "recurrent"]),
                           FadeIn(vals["cost", "attention"]), point(at, P.muted)],
                  lambda: [FadeIn(vals["depth", "recurrent"]), FadeIn(vals["depth", "attention"]),
                           point(row("depth"))],
                  lambda: [FadeIn(vals["path", "recurrent"]), FadeIn(vals["path", "attention"]),
                           point(row("path"))])
        self.play(FadeOut(box["b"]), run_time=0.5)
        self.hold(1.5)

    def closing(self):
        self.clear_stage()
        self.claim("back")
        where = self.text("back.where", size=style.LABEL_SIZE, color=P.muted)
        names = VGroup(*(self.label(TEXT[f"back.{k}"][self.lang], "citation year", size=34,
                                    color=P.hidden) for k in ("mamba", "rwkv")))
        names.arrange(RIGHT, buff=0.9)
        both = self.text("back.both", size=style.LABEL_SIZE, color=P.hidden)
        serving = self.text("back.serving", size=style.LABEL_SIZE, color=P.attention)
        lstm = self.label(TEXT["back.lstm"][self.lang], "citation year", size=S, color=P.muted)
        take = self.text("back.take", size=44, color=P.highlight)
        VGroup(where, names, both).arrange(DOWN, buff=0.3).move_to([0, 1.5, 0])
        serving.move_to([0, -0.05, 0])
        lstm.move_to([0, -0.85, 0])
        take.move_to([0, -1.6, 0])
        line = Line(take.get_corner(DOWN + LEFT), take.get_corner(DOWN + RIGHT),
                    color=P.highlight, stroke_width=3).shift(0.2 * DOWN)
        # the claim's line: where the scores overtake recurrence, the two models, what they keep
        self.pace(FadeIn(where, shift=0.2 * UP), FadeIn(names[0], shift=0.2 * UP),
                  FadeIn(names[1], shift=0.2 * UP), FadeIn(both, shift=0.2 * UP))
        self.say("back.take.say")
        # attention's three wins, the LSTM's paper, and the lesson taken from it
        self.pace(FadeIn(serving), FadeIn(lstm), [FadeIn(take, shift=0.2 * UP), Create(line)])
        self.hold(2.5)
