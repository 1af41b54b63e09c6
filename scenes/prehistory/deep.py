"""P5 Bidirectional and stacked RNNs (which inputs each output sees, computed), the output
projection's bill, and the first token's pull on the last state against a mean of states."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Circumscribe, Create, Dot, FadeIn,
                   FadeOut, LaggedStart, Line, Rectangle, Square, ValueTracker, VGroup,
                   VMobject, linear)

from .. import style
from ..base import LectureScene, Plays, Val
from ..live import Live

P = style.PALETTE

#: The reach grids: side, centre height, centres of the two grids.
GRID, GRID_Y, GRID_X = 3.2, 0.25, 3.6
#: Heights of the headings over the grids and of the counts under them.
Y_HEAD, Y_COUNT = 2.2, -1.75
#: The output bars: left edge and longest length.
BAR_X0, BAR_W = -5.6, 8.2

TEXT = {
    # ----- reach -------------------------------------------------------------------------
    "reach": {"zh": "每个输出看得见哪些输入", "en": "Which inputs each output sees"},
    "reach.say": {
        "zh": "每一格问一件事：输入 x_s 变一点，输出 y_t 会不会跟着变？答案取自一个小 RNN 的导数是否为零。",
        "en": "Each square asks: if input x_s moves, does output y_t move? We read the answer off a small RNN's derivatives being nonzero."},
    "reach.uni.say": {
        "zh": "从左往右读时，第 t 个输出只看得见到 t 为止的输入：{n} 格里亮了 {k} 格。",
        "en": "Reading left to right, output t sees only the inputs up to t: {k} of the {n} squares light up."},
    "reach.bi.say": {
        "zh": "再加一个从右往左读的 RNN，把两个方向的状态拼在一起（Schuster 和 Paliwal，1997）：每个输出都看得见全部 {T} 个输入。",
        "en": "Add a second RNN reading right to left and join the two states (Schuster and Paliwal, 1997): every output sees all {T} inputs.",
        "fixed": {"1997": "year of the cited paper (Schuster & Paliwal, IEEE Trans. Signal Processing 45(11))"}},
    "reach.word.say": {
        "zh": "这对理解有用：「杜鹃开满了山坡」里，要读到后面的「开满」，才知道杜鹃是花而不是鸟。",
        "en": "That helps understanding: in \"the bass swam upstream\", only the later word \"swam\" tells us the bass is a fish, not a guitar."},
    "reach.uni": {"zh": "从左往右", "en": "left to right"},
    "reach.bi": {"zh": "双向", "en": "bidirectional"},
    "reach.rows": {"zh": "第 $t$ 行：输出 $y_t$", "en": "row $t$: output $y_t$"},
    "reach.cols": {"zh": "第 $s$ 列：输入 $x_s$", "en": "column $s$: input $x_s$"},
    "reach.count": {"zh": "{n} 格中亮 {k} 格", "en": "{k} of {n} squares"},
    "reach.example": {"zh": "杜鹃开满了山坡", "en": "the bass swam upstream"},
    # ----- causal ------------------------------------------------------------------------
    "causal": {"zh": "生成文本时，未来还不存在", "en": "When generating, the future does not exist yet"},
    "causal.say": {
        "zh": "可是写文本的模型要先给出第 t 个 token，后面的 token 还没写出来。双向模型的 y_0 却要用到 {f} 个未来的输入。",
        "en": "But a model that writes text must give token t before any later token exists, and the bidirectional y_0 needs {f} input{f_s} from the future.",
        "fixed": {"0": "index of the first output"}},
    "causal.mask.say": {
        "zh": "从左往右的图案正是因果掩码：生成时只开下三角，理解时全开。后来的注意力模型把它做成了同一个网络上的一个开关。",
        "en": "The left-to-right pattern is exactly a causal mask: the lower triangle to generate, every square to understand. Attention models later made this a switch on one network."},
    "causal.need": {"zh": "$y_0$ 要用 {f} 个未来的输入", "en": "$y_0$ needs {f} future input{f_s}",
                    "fixed": {"0": "index of the first output"}},
    "causal.gen": {"zh": "生成：下三角", "en": "generate: lower triangle"},
    "causal.read": {"zh": "理解：全开", "en": "understand: all squares"},
    # ----- stack -------------------------------------------------------------------------
    "stack": {"zh": "堆叠加深的是路径，不是视野", "en": "Stacking deepens the path, not the view"},
    "stack.say": {
        "zh": "堆叠的做法是：下层每一步的状态，成为上层同一步的输入；这里叠了 {L} 层，每层都从左往右读。",
        "en": "Stacking feeds one layer's states to the next layer as its inputs; here {L} layer{L_s}, each reading left to right."},
    "stack.reach.say": {
        "zh": "每个输出看得见的输入并没有变：{L} 层网络的导数照样只点亮 {k} 格，和一层时一样。",
        "en": "Which inputs each output sees does not change: the {L}-layer network's derivatives light the same {k} squares as one layer."},
    "stack.path.say.many": {
        "zh": "变的是深度：从 x_0 到最后一个输出，最短的路一层时穿过 {p1} 个权重矩阵，{L} 层时穿过 {pL} 个。",
        "en": "What changes is depth: from x_0 to the last output the shortest path crosses {p1} weight matrices with one layer, {pL} with {L}.",
        "fixed": {"0": "index of the first input"}},
    "stack.path.say.one": {
        "zh": "这里只有一层，所以从 x_0 到最后一个输出，最短的路穿过 {pL} 个权重矩阵；每多叠一层，就多一个。",
        "en": "With one layer here, the shortest path from x_0 to the last output crosses {pL} weight matrices; every layer stacked on top adds one.",
        "fixed": {"0": "index of the first input"}},
    "stack.path": {"zh": "最短路径：{p} 个权重矩阵", "en": "shortest path: {p} weight matrices"},
    "stack.count": {"zh": "{L} 层：{n} 格中亮 {k} 格", "en": "{L} layer{L_s}: {k} of {n} squares"},
    # ----- projection --------------------------------------------------------------------
    "proj": {"zh": "输出投影的账：词表乘宽度", "en": "The output projection's bill: vocabulary times width"},
    "proj.say": {
        "zh": "语言模型每一步都要给词表里的每个词打分：这里词表有 {V} 个词，隐藏状态宽 {d}。",
        "en": "A language model scores every word of its vocabulary at every step: {V} word{V_s} here, from a hidden state {d} wide."},
    "proj.direct.say": {
        "zh": "直接从 h 投影，是一个 {V} 乘 {d} 的矩阵加一个长 {V} 的偏置：{P} 个参数，每一步 {M} 次乘加。",
        "en": "Straight from h that is a {V} by {d} matrix plus a bias of length {V}: {P} parameters, and {M} multiply-add{M_s} at every step."},
    "proj.sak.say": {
        "zh": "Sak、Senior 和 Beaufays（2014）在 h 和输出层之间加了一层宽 {r} 的投影 p，输出层只读 p：{P2} 个参数，每一步 {M2} 次乘加。",
        "en": "Sak, Senior and Beaufays (2014) put a projection p, {r} wide, between h and the output layer, which reads only p: {P2} parameters, {M2} multiply-adds a step.",
        "fixed": {"2014": "year of the cited paper (arXiv:1402.1128)"}},
    "proj.cmp.say.fewer": {
        "zh": "在这组尺寸下，投影省下了 {g} 个参数。",
        "en": "At these sizes the projection saves {g} parameter{g_s}."},
    "proj.cmp.say.more": {
        "zh": "在这组尺寸下，投影反而多出 {g} 个参数：p 不够窄，不划算。",
        "en": "At these sizes the projection costs {g} more parameter{g_s}: p is not narrow enough to pay."},
    "proj.cmp.say.same": {
        "zh": "在这组尺寸下，两种做法的参数一样多。",
        "en": "At these sizes both ways hold the same number of parameters."},
    "proj.cmp.fewer": {"zh": "投影省下 {g} 个参数", "en": "the projection saves {g} parameter{g_s}"},
    "proj.cmp.more": {"zh": "投影多出 {g} 个参数", "en": "the projection costs {g} more parameter{g_s}"},
    "proj.cmp.same": {"zh": "两种做法参数一样多", "en": "both hold as many parameters"},
    "proj.sizes": {"zh": "$|V|$ = {V}，$d$ = {d}，$r$ = {r}", "en": "$|V|$ = {V}, $d$ = {d}, $r$ = {r}"},
    "proj.direct": {"zh": "$h \\to |V|$：{P} 个参数，每步 {M} 次乘加",
                    "en": "$h \\to |V|$: {P} parameters, {M} multiply-add{M_s} a step"},
    "proj.projected": {"zh": "$h \\to p \\to |V|$：{P} 个参数，每步 {M} 次乘加",
                       "en": "$h \\to p \\to |V|$: {P} parameters, {M} multiply-add{M_s} a step"},
    "proj.rule": {"zh": "参数含一个偏置向量；乘加不计偏置",
                  "en": "parameters include one bias vector; multiply-adds do not"},
    # ----- pooling -----------------------------------------------------------------------
    "pool": {"zh": "末态还是平均：一个小例子", "en": "Last state or a mean: a small illustration"},
    "pool.say": {
        "zh": "一个宽 {w} 的小 RNN 读 {n} 个 token。我们量一量：第一个 token 还能把每个状态推动多少。",
        "en": "A small RNN, {w} wide, reads {n} tokens. We measure how much the first token still moves each state."},
    "pool.sweep.say": {
        "zh": "一步一步往后，这股推力在缩小：W_h 的最大奇异值是 {rho}，每一步至多保留这么多倍。",
        "en": "Step by step the pull shrinks: W_h's largest singular value is {rho}, so each step keeps at most that share of it."},
    "pool.cmp.say.mean": {
        "zh": "最后一个状态只剩 {last}；所有状态的平均却留着 {mean}，因为早期的状态也被平均了进去。",
        "en": "The last state keeps only {last}; the mean of all states keeps {mean}, because the early states are averaged in."},
    "pool.cmp.say.last": {
        "zh": "这里最后一个状态留着 {last}，平均只有 {mean}：平均没有帮上忙。",
        "en": "Here the last state keeps {last} and the mean only {mean}: averaging does not help."},
    "pool.cmp.say.same": {
        "zh": "这里最后一个状态和平均留下的一样多：都是 {last}。",
        "en": "Here the last state and the mean keep the same: {last} each."},
    "pool.note.say": {
        "zh": "这只演示了机制；池化做句子分类是否更好，要看数据和任务。",
        "en": "This only shows the mechanism; whether pooling classifies sentences better depends on the data and the task."},
    "pool.axis": {"zh": "$|\\partial h_t / \\partial x_0|$", "en": "$|\\partial h_t / \\partial x_0|$",
                  "fixed": {"0": "index of the first token"}},
    "pool.t": {"zh": "时间步 $t$", "en": "step $t$"},
    "pool.last": {"zh": "末态：", "en": "last state:"},
    "pool.mean": {"zh": "状态平均：", "en": "mean of states:"},
    "pool.illus": {"zh": "演示机制，不是对分类效果的结论",
                   "en": "an illustration of the mechanism, not a result on classifiers"},
}


class DeepBidirectional(LectureScene):
    """P5: reach of uni-, bidirectional and stacked RNNs; output projection; pooling."""

    SECTION_ID = "pre-05-deep-bidirectional"
    BEATS = ("show_reach", "show_causal", "show_stack", "show_projection", "show_pooling")
    TEXT = TEXT

    # ----- the reach grids ----------------------------------------------------------------
    def _grid(self, mask, cx: float, cy: float = GRID_Y, side: float = GRID):
        """Frames and lit squares of a reach matrix: rows t (outputs), columns s (inputs)."""
        T = len(mask)
        c = side / T
        frames, rows = VGroup(), VGroup()
        for t in range(T):
            row = VGroup()
            for s in range(T):
                pos = [cx - side / 2 + (s + 0.5) * c, cy + side / 2 - (t + 0.5) * c, 0]
                frames.add(Square(c, color=P.muted, stroke_width=1.5).move_to(pos))
                if mask[t][s]:
                    row.add(Square(c * 0.84, color=P.hidden, stroke_width=0,
                                   fill_opacity=0.85).move_to(pos))
            rows.add(row)
        return frames, rows

    def _cell(self, cx: float, t: int, s: int, cy: float = GRID_Y, side: float = GRID):
        c = side / self.v.steps
        return [cx - side / 2 + (s + 0.5) * c, cy + side / 2 - (t + 0.5) * c, 0]

    def _lit(self, mask, t: int, sq) -> bool:
        """Whether the lit square ``sq`` of row ``t`` stands on a square ``mask`` lights."""
        c = GRID / self.v.steps
        s = int(round((sq.get_x() - (GRID_X - GRID / 2)) / c - 0.5))
        return bool(mask[t][s])

    def show_reach(self):
        v = self.v
        self.claim("reach")
        fu, ru = self._grid(v.reach_uni, -GRID_X)
        fb, rb = self._grid(v.reach_bi, GRID_X)
        hu = self.text("reach.uni", size=style.LABEL_SIZE, color=P.hidden).move_to([-GRID_X, Y_HEAD, 0])
        hb = self.text("reach.bi", size=style.LABEL_SIZE, color=P.hidden).move_to([GRID_X, Y_HEAD, 0])
        legend = VGroup(self.text("reach.rows", size=style.SMALL_SIZE, color=P.muted),
                        self.text("reach.cols", size=style.SMALL_SIZE, color=P.muted))
        legend.arrange(DOWN, buff=0.3, aligned_edge=LEFT).move_to([0, GRID_Y + 0.9, 0])
        cu = self.text("reach.count", size=style.LABEL_SIZE, k=Val("total_uni", "count"),
                       n=Val("cells", "count")).move_to([-GRID_X, Y_COUNT, 0])
        cb = self.text("reach.count", size=style.LABEL_SIZE, k=Val("total_bi", "count"),
                       n=Val("cells", "count")).move_to([GRID_X, Y_COUNT, 0])
        self.show("reach_uni_count", cu)
        self.show("reach_bi_count", cb)
        self.pace([Create(fu), Create(fb)], [FadeIn(hu), FadeIn(hb), FadeIn(legend)])
        # left to right: the rows light up one by one, each as far as its own step
        self.say("reach.uni.say", k=Val("total_uni", "count"), n=Val("cells", "count"))
        self.pace(LaggedStart(*[FadeIn(r) for r in ru if len(r)], lag_ratio=0.6), FadeIn(cu))
        self.say("reach.bi.say", T=Val("steps", "int"))
        cite = VGroup(*(self.label(r, "citation: year, journal volume and issue",
                                   size=style.SMALL_SIZE, color=P.muted)
                        for r in ("Schuster & Paliwal 1997", "IEEE TSP 45(11)")))
        cite.arrange(DOWN, buff=0.12).move_to([0, GRID_Y - 1.15, 0])
        # the bidirectional grid as the union of its two readers, each lighting what its own
        # derivatives reach: the left-to-right half's triangle, then the right-to-left half's
        fw = VGroup(*[sq for t, r in enumerate(rb) for sq in r if self._lit(v.reach_uni, t, sq)])
        bw = VGroup(*[sq for t, r in enumerate(rb) for sq in r
                      if self._lit(v.reach_back, t, sq) and not self._lit(v.reach_uni, t, sq)])
        self.pace(FadeIn(cite), LaggedStart(*[FadeIn(sq) for sq in fw], lag_ratio=0.15),
                  LaggedStart(*[FadeIn(sq) for sq in bw], lag_ratio=0.15), FadeIn(cb))
        # the later word settles the earlier one: the squares right of the diagonal
        future = VGroup(*[sq for t, r in enumerate(rb) for sq in r
                          if sq.get_x() > self._cell(GRID_X, t, t)[0] + 1e-6])
        example = self.text("reach.example", size=style.LABEL_SIZE, color=P.attention)
        example.move_to([0, GRID_Y - 0.2, 0])
        self.say("reach.word.say")
        self.pace(FadeIn(example), [future.animate.set_fill(P.attention, 0.85)])
        self.hold()
        self.grids = {"uni": (fu, ru), "bi": (fb, rb), "future": future, "example": example,
                      "counts": (cu, cb)}

    def show_causal(self):
        v = self.v
        self.claim("causal", say=False)
        g = self.grids
        first = VGroup(*[sq for sq in g["bi"][1][0]
                         if sq.get_x() > self._cell(GRID_X, 0, 0)[0] + 1e-6])
        need = self.text("causal.need", size=style.LABEL_SIZE, color=P.exploded,
                         f=Val("future_at_first", "int"))
        need.move_to(g["counts"][1])
        self.show("future_at_first", need)
        box = self.mark(first, P.exploded, buff=0.05)
        self.say("causal.say", f=Val("future_at_first", "int"))
        self.pace([FadeOut(g["example"]), g["future"].animate.set_fill(P.hidden, 0.85)],
                  [Create(box), first.animate.set_fill(P.exploded, 0.85)],
                  [FadeOut(g["counts"][1]), FadeIn(need)])
        gen = self.text("causal.gen", size=style.SMALL_SIZE, color=P.hidden)
        gen.move_to(g["counts"][0]).shift(0.45 * DOWN)
        read = self.text("causal.read", size=style.SMALL_SIZE, color=P.hidden)
        read.move_to(need).shift(0.45 * DOWN)
        self.say("causal.mask.say")
        self.pace([Circumscribe(g["uni"][1], color=P.highlight), FadeIn(gen)],
                  [Circumscribe(g["bi"][0], color=P.highlight), FadeIn(read)])
        self.hold()

    # ----- stacking ---------------------------------------------------------------------
    def _stack_graph(self):
        v = self.v
        T, L = v.steps, v.layers
        pitch = min(0.95, 6.6 / T)
        x0 = -3.2
        ys = [-1.65 + (l + 1) * 3.75 / (L + 1) for l in range(L)]
        y_x, y_y = -1.65, 2.15

        def px(t):
            return x0 + (t - (T - 1) / 2) * pitch

        xs = VGroup(*[Square(0.26, color=P.token, stroke_width=2).move_to([px(t), y_x, 0])
                      for t in range(T)])
        outs = VGroup(*[Square(0.26, color=P.output_gate, stroke_width=2).move_to([px(t), y_y, 0])
                        for t in range(T)])
        layers = VGroup()
        for l in range(L):
            dots = VGroup(*[Dot([px(t), ys[l], 0], radius=0.08, color=P.hidden) for t in range(T)])
            arrows = VGroup(*[Line([px(t) + 0.1, ys[l], 0], [px(t + 1) - 0.1, ys[l], 0],
                                   color=P.hidden, stroke_width=2) for t in range(T - 1)])
            below = ys[l - 1] if l else y_x + 0.13
            ups = VGroup(*[Line([px(t), below + 0.1, 0], [px(t), ys[l] - 0.1, 0],
                                color=P.muted, stroke_width=1.5) for t in range(T)])
            layers.add(VGroup(ups, arrows, dots))
        tops = VGroup(*[Line([px(t), ys[-1] + 0.1, 0], [px(t), y_y - 0.13, 0], color=P.muted,
                             stroke_width=1.5) for t in range(T)])
        path = VMobject(color=P.gradient, stroke_width=6)
        path.set_points_as_corners([[px(0), y_x, 0], [px(0), ys[-1], 0],
                                    [px(T - 1), ys[-1], 0], [px(T - 1), y_y, 0]])
        return xs, layers, tops, outs, path

    def show_stack(self):
        v = self.v
        self.claim("stack", say=False)
        self.clear_stage()
        xs, layers, tops, outs, path = self._stack_graph()
        gx = 4.3
        fs, rs = self._grid(v.reach_stack, gx, cy=0.35, side=2.8)
        count = self.text("stack.count", size=style.LABEL_SIZE, L=Val("layers", "int"),
                          k=Val("total_stack", "count"), n=Val("cells", "count"))
        count.move_to([gx, -1.55, 0])
        self.show("stack_count", count)
        self.say("stack.say", L=Val("layers", "int"))
        self.pace(FadeIn(xs), LaggedStart(*[FadeIn(l) for l in layers], lag_ratio=0.5),
                  [FadeIn(tops), FadeIn(outs)])
        self.say("stack.reach.say", L=Val("layers", "int"), k=Val("total_stack", "count"))
        self.pace(Create(fs), LaggedStart(*[FadeIn(r) for r in rs], lag_ratio=0.5),
                  FadeIn(count))
        label = self.text("stack.path", size=style.LABEL_SIZE, color=P.gradient,
                          p=Val("path_stack", "int"))
        label.next_to(count, DOWN, buff=0.3)
        self.show("path_stack", label)
        variant = "one" if v.layers == 1 else "many"
        self.say("stack.path.say", variant=variant, p1=Val("path_one", "int"),
                 pL=Val("path_stack", "int"), L=Val("layers", "int"))
        self.pace(Create(path), FadeIn(label))
        self.hold()

    # ----- the output projection ---------------------------------------------------------
    def show_projection(self):
        v = self.v
        c = v.counts
        self.claim("proj", say=False)
        self.clear_stage()
        sizes = self.text("proj.sizes", size=style.BODY_SIZE, V=Val("vocab", "count"),
                          d=Val("d", "count"), r=Val("proj", "count"))
        sizes.move_to([0, 2.15, 0])
        self.show("sizes", sizes)
        top = max(c["direct_params"], c["projected_params"])

        def bar(n, color):
            return Rectangle(width=max(BAR_W * n / top, 0.03), height=0.5, color=color,
                             fill_opacity=0.85, stroke_width=0)

        direct = bar(c["direct_params"], P.hidden).move_to([BAR_X0, 0.55, 0], aligned_edge=LEFT)
        parts = VGroup(bar(c["proj_weights"], P.candidate), bar(c["out_weights"], P.hidden),
                       bar(c["bias"], P.muted)).arrange(RIGHT, buff=0)
        parts.move_to([BAR_X0, -1.05, 0], aligned_edge=LEFT)
        dl = self.text("proj.direct", size=style.LABEL_SIZE, P=Val("counts.direct_params", "count"),
                       M=Val("counts.direct_macs", "count"))
        dl.next_to(direct, UP, buff=0.18).align_to(direct, LEFT)
        pl = self.text("proj.projected", size=style.LABEL_SIZE,
                       P=Val("counts.projected_params", "count"),
                       M=Val("counts.projected_macs", "count"))
        pl.next_to(parts, UP, buff=0.18).align_to(parts, LEFT)
        rule = self.text("proj.rule", size=style.SMALL_SIZE, color=P.muted)
        rule.move_to([0, -2.12, 0])
        self.show("direct", dl)
        self.show("projected", pl)
        self.say("proj.say", V=Val("vocab", "count"), d=Val("d", "count"))
        self.pace(FadeIn(sizes), Circumscribe(sizes, color=P.highlight), FadeIn(rule))
        self.say("proj.direct.say", V=Val("vocab", "count"), d=Val("d", "count"),
                 P=Val("counts.direct_params", "count"), M=Val("counts.direct_macs", "count"))
        # the matrix's two sides as they are named, the bar, then its two counts
        self.pace(FadeIn(dl), Create(direct), Circumscribe(dl, color=P.hidden))
        self.say("proj.sak.say", r=Val("proj", "count"),
                 P2=Val("counts.projected_params", "count"),
                 M2=Val("counts.projected_macs", "count"))
        cite = self.label("Sak, Senior & Beaufays 2014, arXiv:1402.1128", "citation year and "
                          "arXiv id", size=style.SMALL_SIZE, color=P.muted).move_to([0, 1.7, 0])
        self.pace(FadeIn(cite), FadeIn(pl), LaggedStart(*[Create(b) for b in parts],
                                                        lag_ratio=0.8),
                  Circumscribe(pl, color=P.hidden))
        cmp = self._proj_cmp()
        verdict = self.text("proj.cmp", variant=cmp, size=style.LABEL_SIZE, color=P.highlight,
                            g=Val("counts.gap", "count"))
        verdict.move_to([0, -1.68, 0])
        self.show("proj_cmp", verdict)
        self.say("proj.cmp.say", variant=cmp, g=Val("counts.gap", "count"))
        self.pace(FadeIn(verdict))
        self.hold()

    def _proj_cmp(self) -> str:
        a = self.shown_value("counts.projected_params", "count")
        b = self.shown_value("counts.direct_params", "count")
        return "fewer" if a < b else ("same" if a == b else "more")

    # ----- pooling ----------------------------------------------------------------------
    def show_pooling(self):
        v = self.v
        n = v.pool_steps
        self.claim("pool", say=False)
        self.clear_stage()
        ymax = float(max(v.pool_norms.max(), 1e-9)) * 1.1
        ax = Axes([0, n, max(1, n // 8)], [0, ymax, ymax], x_length=7.4, y_length=3.3,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-2.6, 0.15, 0])
        ylab = self.text("pool.axis", size=style.LABEL_SIZE, color=P.gradient)
        ylab.next_to(ax, UP, buff=0.15).align_to(ax, LEFT)
        xlab = self.text("pool.t", size=style.LABEL_SIZE, color=P.muted)
        xlab.next_to(ax.c2p(n, 0), RIGHT, buff=0.2)
        i = ValueTracker(0)
        live = Live(self, lambda: self.at(i), over="pool_norms")
        w = 7.4 / n * 0.6

        def bars(j):
            out = VGroup()
            for t in range(j + 1):
                h = max(ax.c2p(0, float(v.pool_norms[t]))[1] - ax.c2p(0, 0)[1], 1e-4)
                out.add(Rectangle(width=w, height=h, color=P.gradient, fill_opacity=0.85,
                                  stroke_width=0).move_to(ax.c2p(t + 0.5, 0), aligned_edge=DOWN))
            return out

        chart = live.redraw(bars, path="pool_norms[{i}]", tol=2e-3,
                            measure=lambda m: ax.p2c(m[-1].get_top())[1])
        x_r = 2.6
        ll = self.text("pool.last", size=style.BODY_SIZE, color=P.gradient)
        ml = self.text("pool.mean", size=style.BODY_SIZE, color=P.hidden)
        VGroup(ll, ml).arrange(DOWN, buff=0.55, aligned_edge=LEFT).move_to([x_r, 0.7, 0],
                                                                             aligned_edge=LEFT)
        made: dict = {}
        now: dict = {}

        def readout(path, key, lab, color):
            def build(j):
                p = path.format(i=j)
                if p not in made:
                    made[p] = self.value(p, "fmt", size=style.BODY_SIZE, color=color)
                now[key] = made[p].shown_text
                return self.beside(made[p].copy(), lab)
            return live.redraw(build, path=path, fmt="fmt", read=lambda m: now[key])

        lv = readout("pool_norms[{i}]", "last", ll, P.gradient)
        mv = readout("pool_running[{i}]", "mean", ml, P.hidden)
        illus = self.text("pool.illus", size=style.SMALL_SIZE, color=P.muted)
        illus.move_to([0, -2.05, 0])
        self.say("pool.say", w=Val("pool_width", "int"), n=Val("pool_steps", "int"))
        self.pace([Create(ax), FadeIn(xlab), FadeIn(ylab)],
                  [FadeIn(chart), FadeIn(ll), FadeIn(ml), FadeIn(lv), FadeIn(mv)])
        self.say("pool.sweep.say", rho=Val("pool_rho", "num"))
        self.pace(Plays(lambda rt: live.play(i.animate.set_value(n - 1), run_time=rt,
                                             rate_func=linear)), fill=0.9)
        last = n - 1
        self.remove(lv, mv)
        lv = self.beside(self.value("pool_last", "fmt", size=style.BODY_SIZE, color=P.gradient), ll)
        mv = self.beside(self.value("pool_mean", "fmt", size=style.BODY_SIZE, color=P.hidden), ml)
        self.add(lv, mv)
        cmp = self._pool_cmp()
        self.say("pool.cmp.say", variant=cmp, last=Val("pool_last"), mean=Val("pool_mean"))
        self.pace(Circumscribe(VGroup(ll, lv), color=P.gradient),
                  Circumscribe(VGroup(ml, mv), color=P.hidden))
        self.say("pool.note.say")
        self.pace(FadeIn(illus))
        assert last >= 0
        self.hold()

    def _pool_cmp(self) -> str:
        a = self.shown_value("pool_mean")
        b = self.shown_value("pool_last")
        return "mean" if a > b else ("same" if a == b else "last")
