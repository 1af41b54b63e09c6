"""P2 Backpropagation through time: the gradient as a sum over time, the ordered product of
Jacobians walked back, the page's first lab (500 factors, three ways), the fixes' asymmetry."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Axes, Create, DashedLine, FadeIn, FadeOut,
                   Indicate, LaggedStart, Line, Rectangle, Square, ValueTracker, VGroup,
                   VMobject, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners

P = style.PALETTE

#: why the digits of the page's lab code are not values: its three ranges, as written
_RANGES = "the page's three factor ranges (its lab code, as written)"
_ONE = "the lab's groups are named by where their factors lie against 1"
_LAB_COLORS = {"near_one": P.cell, "below_one": P.dead, "above_one": P.exploded}

TEXT = {
    # ----- sum over time -------------------------------------------------------------------
    "sum": {"zh": "展开后：{T} 步就是 {T} 层，共用一个 $W_h$",
            "en": "Unrolled, {T} steps are {T} layers sharing one $W_h$"},
    "sum.say": {
        "zh": "训练循环网络不需要新数学：把循环沿时间展开，{T} 步就是一张 {T} 层的前馈网络，只是每一层都用同一个 W_h。",
        "en": "Training a recurrent net needs no new mathematics: unroll the loop and {T} steps become a {T}-layer feed-forward net whose layers all use the same W_h."},
    "sum.paths.say": {
        "zh": "所以每一步都有一条通向 W_h 的梯度路径。反向从第 {T} 步走回第 1 步，每到一步，就把这一步的贡献加进总和。",
        "en": "So every step has its own gradient path to W_h. Walking back from step {T} to step 1, each step adds its contribution to the total.",
        "fixed": {"1": "the first step's index"}},
    "sum.total.say": {
        "zh": "这里看的是 W_h 第 {i} 行第 {j} 列的那一项：{T} 份贡献加起来是 {g}，正是损失对它的梯度。",
        "en": "Here we follow the entry in row {i}, column {j} of W_h: the {T} contributions add up to {g}, which is exactly the loss's gradient with respect to it."},
    "sum.hold": {"zh": "{T} 份之和：$\\partial L / \\partial W_h$ 的第 ({i}, {j}) 项 = {g}",
                 "en": "sum of {T}: $\\partial L / \\partial W_h$ at ({i}, {j}) = {g}"},
    "sum.running": {"zh": "累计", "en": "running sum"},
    "sum.tbptt.say": {
        "zh": "截断 BPTT 在固定步数处切断这条反向路：切口之前的贡献直接丢掉，用偏差换显存和稳定。2018 年前后常见的是 10 到 20 步，这是工程惯例，不是常数。",
        "en": "Truncated BPTT cuts this walk after a fixed number of steps: contributions before the cut are dropped, trading bias for memory and stability. Around 2018, 10 to 20 steps was a common choice: an engineering convention, not a constant.",
        "fixed": {"2018": "the page's dated snapshot of practice (Stanford CS230)",
                  "10": "the page's convention, 10 to 20 steps", "20": "the page's convention, 10 to 20 steps"}},
    "sum.cut": {"zh": "截断", "en": "cut"},
    # ----- the ordered product -------------------------------------------------------------
    "product": {"zh": "反向的每一步，都再乘一个雅可比矩阵",
                "en": "Each step back multiplies by one more Jacobian"},
    "product.say": {
        "zh": "末状态对第一个状态的导数，是 {k} 个局部雅可比按时间顺序相乘；每个因子是 tanh 导数的对角阵乘 W_h。",
        "en": "The last state's derivative with respect to the first is {k} local Jacobian{k_s} multiplied in time order; each is a diagonal of tanh slopes times W_h."},
    "product.order.say": {
        "zh": "矩阵不能交换次序：最新的一步在最左边。下面的柱子是每个状态收到的梯度大小，从第 {T} 步往回走。",
        "en": "Matrices do not commute, so the order matters: the latest step stands on the left. The bars are the size of the gradient each state receives, walking back from step {T}."},
    "product.ends.say": {
        "zh": "最后一个状态收到 {a}，第一个状态收到 {b}；这 {k} 个因子之积的范数是 {c}。",
        "en": "The last state receives {a}, the first {b}; the product of its {k} factor{k_s} has norm {c}."},
    "product.last": {"zh": "最后一个状态 {a}", "en": "last state {a}"},
    "product.first": {"zh": "第一个状态 {b}", "en": "first state {b}"},
    "product.norm": {"zh": "{k} 个因子之积的范数 {c}", "en": "norm of the {k}-factor product {c}"},
    "product.bars": {"zh": "$\\lVert \\partial L / \\partial h_t \\rVert$",
                     "en": "$\\lVert \\partial L / \\partial h_t \\rVert$"},
    "product.memory.say": {
        "zh": "把它翻译成记忆：损失对第 1 个 token 的梯度是 {x1}，对最后一个是 {xT}。前者很小时，改动第 1 个 token 几乎不动损失，模型已经忘了它；而教它记住的信号，也得走同一条连乘回来。",
        "en": "Read it as memory: the loss's gradient is {x1} at token 1 and {xT} at the last token. When the first is tiny, changing token 1 barely moves the loss: the model has forgotten it, and the signal that would teach it to remember must come back through the same product.",
        "fixed": {"1": "the first token's index"}},
    "product.both.say": {
        "zh": "token 的梯度就是它那个状态的梯度再乘一次 tanh 的斜率和 W_x：状态的梯度衰减，token 的梯度也随之衰减。",
        "en": "A token's gradient is its state's gradient times one more tanh slope and W_x: when the state's gradient fades, the token's fades with it."},
    "product.tokens": {"zh": "对 token 的梯度：第 1 个 {x1}，最后一个 {xT}",
                       "en": "gradient at token 1: {x1}; at the last: {xT}",
                       "fixed": {"1": "the first token's index"}},
    # ----- the page's lab ------------------------------------------------------------------
    "lab": {"zh": "实验：每组 {n} 个随机因子连乘",
            "en": "A lab: {n} random factor{n_s} multiplied, three ways"},
    "lab.say": {
        "zh": "标量的直觉先行：一个生成器、种子 {s}，三组各 {n} 个均匀因子，分别取在 0.8 到 1.2、0 到 0.8、1 到 1.2。曲线是乘积绝对值的自然对数。",
        "en": "The scalar picture first: one generator, seed {s}, three groups of {n} uniform factor{n_s}, drawn from 0.8 to 1.2, 0 to 0.8 and 1 to 1.2. Each curve is the natural log of the running product's magnitude.",
        "fixed": {"0": _RANGES, "8": _RANGES, "1": _RANGES, "2": _RANGES}},
    "lab.grow.say": {
        "zh": "每乘一个因子，曲线就加上这个因子的对数：接近 1 的因子让它移动 ln 0.8 到 ln 1.2 之间，小于 1 的每步都让它下降超过 ln 1.25，大于 1 的从不让它下降。",
        "en": "Each factor adds its own log to the curve: a near-one factor moves it by between ln 0.8 and ln 1.2, a below-one factor lowers it by more than ln 1.25 every step, and an above-one factor never lowers it.",
        "fixed": {"0": _RANGES, "8": _RANGES, "1": _RANGES, "2": _RANGES,
                  "25": "ln 1.25: 1 / 0.8, one over the below-one range's top"}},
    "lab.finals.say": {
        "zh": "{n} 个因子之后，对数分别停在 {near}、{below} 和 {above}。",
        "en": "After {n} factor{n_s} the logs end at {near}, {below} and {above}."},
    "lab.under.say.tiny": {
        "zh": "自然对数 {below} 相当于十的 {e} 次方：逐个相乘得到的双精度数是 {p}，很小，但不是零。",
        "en": "A natural log of {below} is ten to the power {e}: the product multiplied out in double precision is {p}, tiny but not zero."},
    "lab.under.say.zero": {
        "zh": "自然对数 {below} 相当于十的 {e} 次方，低于双精度能表示的最小正数：逐个相乘，乘积下溢成了 0。",
        "en": "A natural log of {below} is ten to the power {e}, below the smallest positive double: multiplied out, the product underflows to 0.",
        "fixed": {"0": "the value an underflowed double holds"}},
    "lab.near": {"zh": "接近 1", "en": "near one", "fixed": {"1": _ONE}},
    "lab.below": {"zh": "小于 1", "en": "below one", "fixed": {"1": _ONE}},
    "lab.above": {"zh": "大于 1", "en": "above one", "fixed": {"1": _ONE}},
    "lab.axis": {"zh": "因子个数", "en": "factors"},
    "lab.yaxis": {"zh": "乘积的 $\\ln|\\cdot|$", "en": "$\\ln|\\cdot|$ of the product"},
    "lab.product.tiny": {"zh": "逐个相乘：{p}", "en": "multiplied out: {p}"},
    "lab.product.zero": {"zh": "逐个相乘：0（下溢）", "en": "multiplied out: 0 (underflow)",
                         "fixed": {"0": "the value an underflowed double holds"}},
    # ----- the asymmetry -------------------------------------------------------------------
    "asym": {"zh": "裁剪能封顶尖峰，救不回已经没了的信号",
             "en": "Clipping caps a spike; it cannot restore a signal that is gone"},
    "asym.say": {
        "zh": "两种病的可修性正好相反。爆炸：梯度范数偶尔飙升、损失变成非数，但方向通常还有信息，裁剪就能修。",
        "en": "The two failures are opposite in how fixable they are. Exploding: the norm spikes now and then and the loss stops being a number, but the direction usually still carries information, so clipping fixes it."},
    "asym.vanish.say": {
        "zh": "消失：长程的贡献悄悄归零，模型只学到短依赖。裁剪帮不上：给一个不存在的量封顶没有意义，要靠门控或换架构。",
        "en": "Vanishing: long-range contributions quietly go to zero and the model learns only short dependencies. Clipping cannot help, since capping something that is not there means nothing; the fix is gates or another architecture."},
    "asym.h.failure": {"zh": "病", "en": "failure"},
    "asym.h.symptom": {"zh": "表现", "en": "symptom"},
    "asym.h.fix": {"zh": "一阶修法", "en": "first fix"},
    "asym.explode": {"zh": "爆炸", "en": "exploding"},
    "asym.explode.symptom": {"zh": "范数飙升，损失变非数", "en": "norm spikes, loss breaks"},
    "asym.explode.fix": {"zh": "梯度裁剪：能修", "en": "clipping: fixable"},
    "asym.vanish": {"zh": "消失", "en": "vanishing"},
    "asym.vanish.symptom": {"zh": "长程贡献静默归零", "en": "long range silently zero"},
    "asym.vanish.fix": {"zh": "门控或换架构", "en": "gates, or a new architecture"},
    "asym.big.clipped": {"zh": "大于 1 的乘积 {a} → 裁剪到 {c}", "en": "above-one product {a} → clipped to {c}",
                         "fixed": {"1": _ONE}},
    "asym.big.passes": {"zh": "大于 1 的乘积 {a} → 不超阈值，仍是 {c}",
                        "en": "above-one product {a} → under the threshold, still {c}",
                        "fixed": {"1": _ONE}},
    "asym.small": {"zh": "小于 1 的乘积 {b} → 仍是 {c}", "en": "below-one product {b} → still {c}",
                   "fixed": {"1": _ONE}},
    "asym.clip.say.clipped": {
        "zh": "用实验里的两个乘积试一下，阈值取 {t}：大于 1 的 {a} 被缩到 {c}，符号不变。",
        "en": "Try it on the lab's two products with a threshold of {t}: the above-one product, {a}, is scaled down to {c}, its sign kept.",
        "fixed": {"1": _ONE}},
    "asym.clip.say.passes": {
        "zh": "用实验里的两个乘积试一下，阈值取 {t}：大于 1 的 {a} 没有超过阈值，裁剪不动它。",
        "en": "Try it on the lab's two products with a threshold of {t}: the above-one product, {a}, is not above it, so clipping leaves it alone.",
        "fixed": {"1": _ONE}},
    "asym.small.say": {
        "zh": "小于 1 的 {b} 在阈值之下，裁剪原样放过；裁剪只会缩小，永远不会把它放大回来。",
        "en": "The below-one product, {b}, is under the threshold and passes unchanged: clipping only ever scales down, never back up.",
        "fixed": {"1": _ONE}},
}


class Bptt(LectureScene):
    """P2: the sum over time, the ordered product, the page's lab, the fixes' asymmetry."""

    SECTION_ID = "pre-02-bptt"
    BEATS = ("sum_over_time", "ordered_product", "product_lab", "asymmetry")
    TEXT = TEXT

    # ----- helpers ------------------------------------------------------------------------
    def _pitch(self) -> float:
        return min(1.35, 12.0 / self.v.steps)

    def _x(self, t: int) -> float:
        """x of step t (1-based)."""
        return self.slot_x(t - 1, self.v.steps, self._pitch())

    def _cells(self, y: float):
        T, pitch = self.v.steps, self._pitch()
        cells, arrows, whs, idx = VGroup(), VGroup(), VGroup(), VGroup()
        side = 0.5 * pitch
        for t in range(1, T + 1):
            sq = Square(side, color=P.hidden, stroke_width=3).move_to([self._x(t), y, 0])
            cells.add(sq)
            idx.add(self.label(str(t), "step index", size=style.SMALL_SIZE, color=P.muted)
                    .next_to(sq, DOWN, buff=0.12))
            if t > 1:
                a = Arrow(cells[t - 2].get_right(), sq.get_left(), buff=0.04, color=P.hidden,
                          stroke_width=2, max_tip_length_to_length_ratio=0.3)
                arrows.add(a)
                whs.add(self.math("W_h", scale=0.5, color=P.hidden)
                        .move_to([a.get_x(), y + side / 2 + 0.18, 0]))
        return cells, arrows, whs, idx

    def _bar(self, x: float, y0: float, h: float, color, width: float) -> Rectangle:
        """A bar from baseline ``y0`` of signed height ``h`` (at least a hairline)."""
        hh = max(abs(h), 0.02)
        r = Rectangle(width=width, height=hh, color=color, fill_opacity=0.85, stroke_width=1)
        r.move_to([x, y0 + (hh / 2 if h >= 0 else -hh / 2), 0])
        return r

    # ----- beats --------------------------------------------------------------------------
    def sum_over_time(self):
        v = self.v
        T = v.steps
        self.claim("sum", T=Val("steps", "int"), say=False)
        cells, arrows, whs, idx = self._cells(1.65)
        total = self.math(r"\frac{\partial L}{\partial W_h}", "=", r"\sum_{t=1}^{T}",
                          r"\frac{\partial L}{\partial W_h}\Big|_{(t)}", scale=0.7,
                          reason="the sum's first step")
        total[3].set_color(P.gradient)
        total.move_to([0, 0.45, 0])
        self.say("sum.say", T=Val("steps", "int"))
        self.pace([Create(cells), FadeIn(idx)], [Create(arrows), FadeIn(whs)],
                  Indicate(whs, color=P.highlight))
        # the bars of each step's contribution to one entry, arriving as the walk reaches them
        y0, H = -0.95, 0.8
        scale = H / max(float(abs(v.step_contributions).max()), 1e-300)
        width = 0.45 * self._pitch()
        base = Line([self._x(1) - 0.5 * self._pitch(), y0, 0],
                    [self._x(T) + 0.5 * self._pitch(), y0, 0], color=P.muted, stroke_width=2)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="running_sum")

        def bars(j):
            g = VGroup()
            for m in range(j + 1):
                t = int(v.backward_index[m])
                g.add(self._bar(self._x(t), y0, scale * float(v.backward_contributions[m]),
                                P.gradient, width))
            return g

        def newest(m):     # the newest bar's signed height, read back from the drawing
            b = m.submobjects[-1]
            sign = 1.0 if b.get_center()[1] >= y0 else -1.0
            return sign * b.height / scale

        bar_group = live.redraw(bars, path="backward_contributions[{i}]", measure=newest,
                                tol=0.021 / scale)     # a bar is at least a hairline high
        walker = live.redraw(
            lambda j: self.mark(cells[int(v.backward_index[j]) - 1], P.gradient),
            path="backward_index[{i}]",
            measure=lambda m: 1 + round((m.get_x() - self._x(1)) / self._pitch()))
        rl = self.text("sum.running", size=style.LABEL_SIZE, color=P.gradient)
        rl.move_to([3.2, -2.0, 0], aligned_edge=LEFT)
        rn = self.beside(self.number("running_sum[0]", "dec:3", size=0.6, color=P.gradient),
                         rl, buff=0.3)
        live.number(rn, lambda j: v.running_sum[j], path="running_sum[{i}]")
        self.say("sum.paths.say", T=Val("steps", "int"))
        self.play(Write(total), run_time=1.2)
        self.play(Create(base), FadeIn(bar_group), Create(walker), FadeIn(rl), FadeIn(rn),
                  run_time=1.0)
        live.play(k.animate.set_value(T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        self.settle(rn, f"running_sum[{T - 1}]")
        hold = self.text("sum.hold", size=style.BODY_SIZE, color=P.gradient,
                         T=Val("steps", "int"), i=Val("entry_row", "int"),
                         j=Val("entry_col", "int"), g=Val("grad_entry"))
        hold.move_to([0, -2.12, 0])
        self.show("grad_entry", hold)
        self.say("sum.total.say", i=Val("entry_row", "int"), j=Val("entry_col", "int"),
                 T=Val("steps", "int"), g=Val("grad_entry"))
        self.pace([FadeOut(walker), FadeOut(rl), FadeOut(rn)],
                  LaggedStart(*[Indicate(b, color=P.highlight) for b in bar_group],
                              lag_ratio=0.3),
                  FadeIn(hold))
        # truncated BPTT: a cut in the walk, the bars behind it dimmed
        cut_after = max(1, T // 2)          # illustrative: where the drawn cut stands
        xc = (self._x(cut_after) + self._x(cut_after + 1)) / 2
        cut = DashedLine([xc, cells.get_top()[1] - 0.05, 0], [xc, y0 - H - 0.05, 0],
                         color=P.highlight, dash_length=0.12)
        cl = self.text("sum.cut", size=style.SMALL_SIZE, color=P.highlight)
        cl.move_to([xc + 0.1, y0 + H + 0.05, 0], aligned_edge=LEFT + DOWN)
        behind = VGroup(*[b for m, b in enumerate(bar_group)
                          if int(v.backward_index[m]) <= cut_after])
        cite = self.cite_row("Stanford CS230, 2018")
        self.say("sum.tbptt.say")
        self.pace([total.animate.move_to([-6.5, 0.3, 0], aligned_edge=LEFT), Create(cut),
                   FadeIn(cl)],
                  [behind.animate.set_opacity(0.2)],
                  LaggedStart(*[Indicate(c, color=P.highlight) for c in cells[cut_after:]],
                              lag_ratio=0.3),
                  FadeIn(cite))
        self.hold()
        self.clear_stage()

    def ordered_product(self):
        v = self.v
        T = v.steps
        self.claim("product", say=False)
        f1 = self.math(r"\frac{\partial h_T}{\partial h_1}", "=", r"J_T", r"J_{T-1}", r"\cdots",
                       r"J_2", reason="the first state's index and the last factor's")
        f2 = self.math(r"J_t", "=", r"\mathrm{diag}\big(\tanh'(z_t)\big)", r"W_h")
        f1.move_to([-2.6, 1.8, 0])
        f2.next_to(f1, RIGHT, buff=0.8)
        for f in (f1[2], f1[3], f1[5], f2[0]):
            f.set_color(P.gradient)
        f2[3].set_color(P.hidden)
        self.say("product.say", k=Val("factors_in_product", "int"))
        self.pace([Write(f1[0]), Write(f1[1])],
                  LaggedStart(*[Write(f1[m]) for m in (2, 3, 4, 5)], lag_ratio=0.4),
                  Write(f2))
        # the backward walk: one bar per state, the gradient each receives
        y0, H = -1.9, 1.3
        scale = H / max(float(v.grad_h_norms.max()), 1e-300)
        width = 0.5 * self._pitch()
        base = Line([self._x(1) - 0.5 * self._pitch(), y0, 0],
                    [self._x(T) + 0.5 * self._pitch(), y0, 0], color=P.muted, stroke_width=2)
        idx = VGroup(*[self.label(str(t), "step index", size=style.SMALL_SIZE, color=P.muted)
                       .move_to([self._x(t), y0 - 0.25, 0]) for t in range(1, T + 1)])
        bl = self.text("product.bars", size=style.LABEL_SIZE, color=P.gradient)
        bl.move_to([self._x(1) - 0.4 * self._pitch(), y0 + H + 0.25, 0], aligned_edge=LEFT)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="backward_grad_norms")

        def bars(j):
            g = VGroup()
            for m in range(j + 1):
                t = int(v.backward_index[m])
                g.add(self._bar(self._x(t), y0, scale * float(v.backward_grad_norms[m]),
                                P.gradient, width))
            return g

        bar_group = live.redraw(bars, path="backward_grad_norms[{i}]",
                                measure=lambda m: m.submobjects[-1].height / scale,
                                tol=0.021 / scale)     # a bar is at least a hairline high
        pointer = live.redraw(
            lambda j: self.mark(f1[2] if j == 0 else (f1[3] if j == 1 else
                                                      (f1[5] if j == T - 1 else f1[4])),
                                P.highlight),
            decor="points at the factor the walk multiplies in (no value of its own)")
        self.say("product.order.say", T=Val("steps", "int"))
        self.play(Create(base), FadeIn(idx), FadeIn(bl), FadeIn(bar_group), Create(pointer),
                  run_time=1.0)
        live.play(k.animate.set_value(T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        self.play(FadeOut(pointer), run_time=0.4)
        last = self.text("product.last", size=style.LABEL_SIZE, color=P.gradient,
                         a=Val("grad_last"))
        first = self.text("product.first", size=style.LABEL_SIZE, color=P.gradient,
                          b=Val("grad_first"))
        norm = self.text("product.norm", size=style.LABEL_SIZE, color=P.gradient,
                         k=Val("factors_in_product", "int"), c=Val("product_norm"))
        last.move_to([-5.6, 1.0, 0], aligned_edge=LEFT)
        first.move_to([-1.2, 1.0, 0], aligned_edge=LEFT)
        norm.move_to([-5.6, 0.5, 0], aligned_edge=LEFT)
        self.show("grad_last", last)
        self.show("grad_first", first)
        self.show("product_norm", norm)
        self.say("product.ends.say", a=Val("grad_last"), b=Val("grad_first"),
                 k=Val("factors_in_product", "int"), c=Val("product_norm"))
        self.pace([FadeIn(last), Indicate(bar_group[0], color=P.highlight)],
                  [FadeIn(first), Indicate(bar_group[-1], color=P.highlight)],
                  [FadeIn(norm), Indicate(f1, color=P.highlight)])
        tok = self.text("product.tokens", size=style.LABEL_SIZE, color=P.token,
                        x1=Val("token_grad_first"), xT=Val("token_grad_last"))
        tok.move_to([-5.6, 0.0, 0], aligned_edge=LEFT)
        self.show("token_grads", tok)
        cite = self.cite_row("Ryu, RL of LLMs, 2025, ch. 2")
        self.say("product.memory.say", x1=Val("token_grad_first"), xT=Val("token_grad_last"))
        self.pace(FadeIn(tok), Indicate(bar_group[-1], color=P.token),
                  LaggedStart(*[Indicate(f1[m], color=P.highlight) for m in (2, 3, 4, 5)],
                              lag_ratio=0.5),
                  FadeIn(cite))
        self.say("product.both.say")
        self.pace(Indicate(first, color=P.highlight), Indicate(tok, color=P.token),
                  Indicate(f2[2], color=P.highlight))
        self.hold()
        self.clear_stage()

    def product_lab(self):
        v = self.v
        n = v.factors
        lo, hi, step = v.lab_axis_lo, v.lab_axis_hi, v.lab_axis_step
        self.claim("lab", n=Val("factors", "count"), say=False)
        ax = Axes([0, n, max(n, 1)], [lo, hi, step], x_length=7.6, y_length=3.8,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-2.1, 0.1, 0])
        ticks = VGroup()
        for m, y in enumerate(v.lab_ticks):
            ticks.add(self.value(f"lab_ticks[{m}]", "num", size=style.SMALL_SIZE, color=P.muted)
                      .next_to(ax.c2p(0, y), LEFT, buff=0.15))
        xn = self.value("factors", "count", size=style.SMALL_SIZE, color=P.muted,
                        name="axis_factors")
        xn.next_to(ax.c2p(n, lo), DOWN, buff=0.15)
        xl = self.text("lab.axis", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(xn, LEFT, buff=0.35)
        yl = self.text("lab.yaxis", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.c2p(0, hi), RIGHT, buff=0.25)
        zero = DashedLine(ax.c2p(0, 0), ax.c2p(n, 0), color=P.muted, stroke_width=1.5,
                          dash_length=0.1)
        cite = self.cite_row("Ryu, RL of LLMs, 2025, ch. 2")
        cite.move_to([2.6, 1.95, 0], aligned_edge=LEFT)     # over the legends, clear of the claim
        self.say("lab.say", s=Val("param.seed", "int"), n=Val("factors", "count"))
        self.pace([Create(ax), FadeIn(cite)], LaggedStart(*[FadeIn(t) for t in ticks], FadeIn(yl),
                                          lag_ratio=0.3),
                  [FadeIn(xn), FadeIn(xl)], Create(zero))
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="lab_steps")
        last = len(v.lab_steps) - 1
        curves, legends, nums = VGroup(), VGroup(), VGroup()
        names = {"near_one": "lab.near", "below_one": "lab.below", "above_one": "lab.above"}
        for r, key in enumerate(v.lab.keys):
            color = _LAB_COLORS[key]
            pts = [ax.c2p(float(s), float(y)) for s, y in zip(v.lab_steps, v.lab_curves[key])]
            start = ax.c2p(0, 0)

            def poly(j, pts=pts, color=color, start=start):
                c = VMobject(color=color, stroke_width=3)
                c.set_points_as_corners([start, *pts[:j + 1]])
                return c

            def tip(m):
                x, y = ax.p2c(corners(m)[-1])[:2]
                return [x, y]

            curves.add(live.redraw(poly, path=("lab_steps[{i}]", f"lab_curves.{key}[{{i}}]"),
                                   measure=tip, tol=1e-6 * max(n, abs(lo), abs(hi))))
            lab = self.text(names[key], size=style.LABEL_SIZE, color=color)
            lab.move_to([2.6, 1.2 - 0.85 * r, 0], aligned_edge=LEFT)
            num = self.number(f"lab_curves.{key}[0]", f"dec:{2}", size=0.6, color=color)
            num.move_to([5.2, lab.get_y(), 0], aligned_edge=LEFT)
            self.beside(num, lab, buff=0.3)
            num.align_to([5.0, 0, 0], LEFT)
            live.number(num, lambda j, key=key: v.lab_curves[key][j],
                        path=f"lab_curves.{key}[{{i}}]")
            legends.add(lab)
            nums.add(num)
        self.say("lab.grow.say")
        self.play(FadeIn(curves), FadeIn(legends), FadeIn(nums), run_time=0.8)
        live.play(k.animate.set_value(last), run_time=self.left(0.9, least=4.0),
                  rate_func=linear)
        for key, num in zip(v.lab.keys, nums):
            self.settle(num, f"lab.final_log_magnitudes.{key}", name=f"final_{key}")
        fin = {"near": Val("lab.final_log_magnitudes.near_one", "fmt:2"),
               "below": Val("lab.final_log_magnitudes.below_one", "fmt:2"),
               "above": Val("lab.final_log_magnitudes.above_one", "fmt:2")}
        self.say("lab.finals.say", n=Val("factors", "count"), **fin)
        self.pace(*[Indicate(VGroup(lg, nm), color=P.highlight)
                    for lg, nm in zip(legends, nums)])
        case = "zero" if self.v.below_underflows else "tiny"
        prod = self.text("lab.product", variant=case, size=style.LABEL_SIZE, color=P.dead,
                         **({} if case == "zero" else {"p": Val("below_product", "sig")}))
        prod.next_to(legends[1], DOWN, buff=0.2, aligned_edge=LEFT)
        self.show("below_product", prod)
        self.say("lab.under.say", variant=case, below=fin["below"], e=Val("below_log10", "fmt:1"),
                 **({} if case == "zero" else {"p": Val("below_product", "sig")}))
        self.pace(Indicate(VGroup(legends[1], nums[1]), color=P.highlight),
                  [legends[2].animate.shift(0.55 * DOWN), nums[2].animate.shift(0.55 * DOWN)],
                  FadeIn(prod), Indicate(curves[1], color=P.highlight))
        self.hold()
        self.clear_stage()

    def asymmetry(self):
        v = self.v
        self.claim("asym", say=False)
        cols = (-5.2, -2.6, 1.9)
        rows_y = (1.55, 0.75, -0.05)

        def row(keys, y, color):
            g = VGroup()
            for x, key in zip(cols, keys):
                g.add(self.text(key, size=style.LABEL_SIZE, color=color)
                      .move_to([x, y, 0], aligned_edge=LEFT))
            return g

        head = row(("asym.h.failure", "asym.h.symptom", "asym.h.fix"), rows_y[0], P.muted)
        rule = Line([cols[0], rows_y[0] - 0.38, 0], [6.6, rows_y[0] - 0.38, 0],
                    color=P.muted, stroke_width=1.5)
        ex = row(("asym.explode", "asym.explode.symptom", "asym.explode.fix"), rows_y[1],
                 P.exploded)
        va = row(("asym.vanish", "asym.vanish.symptom", "asym.vanish.fix"), rows_y[2], P.dead)
        cite = self.cite_row("Pascanu, Mikolov & Bengio 2013, arXiv:1211.5063")
        self.say("asym.say")
        self.pace([FadeIn(head), Create(rule)],
                  LaggedStart(*[FadeIn(c, shift=0.1 * RIGHT) for c in ex], lag_ratio=0.5),
                  FadeIn(cite))
        self.say("asym.vanish.say")
        self.pace(LaggedStart(*[FadeIn(c, shift=0.1 * RIGHT) for c in va[:2]], lag_ratio=0.5),
                  FadeIn(va[2], shift=0.1 * RIGHT), Indicate(va[2], color=P.highlight))
        # the lab's two products, clipped at the threshold
        clipped = self.shown_value("above_product") > self.shown_value("param.clip_threshold",
                                                                        "num")
        case = "clipped" if clipped else "passes"
        big = self.text("asym.big", variant=case, size=style.LABEL_SIZE, color=P.exploded,
                        a=Val("above_product"), c=Val("above_clipped"))
        small = self.text("asym.small", size=style.LABEL_SIZE, color=P.dead,
                          b=Val("below_product", "sig"), c=Val("below_clipped", "sig"))
        big.move_to([cols[0], -1.05, 0], aligned_edge=LEFT)
        small.move_to([cols[0], -1.8, 0], aligned_edge=LEFT)
        self.show("above_clipped", big)
        self.show("below_clipped", small)
        self.say("asym.clip.say", variant=case, t=Val("param.clip_threshold", "num"),
                 a=Val("above_product"), c=Val("above_clipped"))
        self.pace(Indicate(ex[2], color=P.highlight), FadeIn(big),
                  Indicate(big, color=P.highlight))
        self.say("asym.small.say", b=Val("below_product", "sig"))
        self.pace(FadeIn(small), Indicate(va[2], color=P.highlight))
        self.hold(2.0)
