"""P3 The spectral radius: the product of Jacobians, the page's radius sweep on a log axis, the
same draws under the other activation, the two clipping injections and the fault matrix."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Axes, Create, DashedLine, DashedVMobject, Dot,
                   FadeIn, FadeOut, Indicate, LaggedStart, Line, ManimColor, ValueTracker, VGroup,
                   VMobject, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live, corners, live_value
from ..bind import shown

P = style.PALETTE

#: The chart: its centre and size (its tick numbers stay above the caption band).
CHART_X, CHART_Y, CHART_W, CHART_H = -2.55, -0.05, 7.2, 3.7
#: The readout column right of the chart.
PANEL_X = 1.75
#: The clipping beat's two charts (size, centre height) and the readout row under them.
CLIP_W, CLIP_H, CLIP_Y, CLIP_ROW_Y = 5.4, 2.8, -0.1, -2.17
#: A fault-matrix row's curve.
SPARK_W, SPARK_H = 1.3, 0.7


def run_colors():
    """The three runs' colours, all the gradient's role colour: darker for the smallest
    radius, plain for the middle one, paler for the largest."""
    g = ManimColor(P.gradient)
    return [g.interpolate(ManimColor(P.background), 0.5), g,
            g.interpolate(ManimColor(P.text), 0.8)]


TEXT = {
    # ----- 1. the product ------------------------------------------------------------------
    "product": {"zh": "退回首个状态：{T} 个雅可比相乘",
                "en": "Back to the first state: a product of {T} Jacobians"},
    "product.say": {
        "zh": "这个实验没有输入，也没有损失：反向从最后一个状态 h_T 出发，每退一步乘一个因子，"
              "激活斜率的对角阵乘 W_h；退 {T} 步到 h_0。",
        "en": "This lab has no inputs and no loss: the backward pass starts at the last state "
              "h_T, and each step back multiplies one factor, a diagonal of activation slopes "
              "times W_h; {T} steps reach h_0.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "product.scalar.say": {
        "zh": "先把每个因子当成一个数 ρ：乘积就是 ρ 的 T 次方，ρ 大于 1 就随步数指数增长，"
              "小于 1 就指数衰减。",
        "en": "First read each factor as a number ρ: the product is ρ to the power T, growing "
              "exponentially with the steps when ρ is above 1 and decaying when it is below.",
        "fixed": {"1": "the threshold one a factor is compared with"}},
    "product.matrix.say": {
        "zh": "矩阵情形把这个数换成谱半径，也就是 W_h 特征值的最大模。§02 看的最大奇异值"
              "从不小于它。",
        "en": "For a matrix the number becomes the spectral radius, the largest modulus of "
              "W_h's eigenvalues. The largest singular value §02 followed is never below it.",
        "fixed": {"02": "the primer's section number (§02)"}},
    "product.rule": {"zh": "每步一个因子：$g$ 为 {act}", "en": "one factor a step; $g$ is {act}"},
    "product.head_rho": {"zh": "目标 $\\rho$", "en": "target $\\rho$"},
    "product.head_radius": {"zh": "$\\rho(W_h)$", "en": "$\\rho(W_h)$"},
    "product.head_sigma": {"zh": "$\\sigma_{{\\max}}(W_h)$", "en": "$\\sigma_{{\\max}}(W_h)$"},
    "product.head_power": {"zh": "$\\rho^T$", "en": "$\\rho^T$"},
    "product.note": {"zh": "$T$ = {T}：$\\rho$ = {r} 时 $\\rho^T$ = {p}",
                     "en": "$T$ = {T}: at $\\rho$ = {r}, $\\rho^T$ = {p}"},
    "act.tanh": {"zh": "tanh", "en": "tanh"},
    "act.linear": {"zh": "恒等（线性）", "en": "the identity (linear)"},
    # ----- 2. the sweep --------------------------------------------------------------------
    "sweep": {"zh": "三个谱半径：逐步的梯度范数，对数轴",
              "en": "Three radii: the gradient norm step by step, log axis"},
    "sweep.say": {
        "zh": "同一个 W0 缩放到三个谱半径，d = {d}，T = {T}，激活是 {act}。每条曲线是退 k 步后"
              "梯度矩阵的范数。",
        "en": "One W0 scaled to three radii, d = {d}, T = {T}, activation {act}. Each curve is "
              "the norm of the gradient matrix after k steps back.",
        "fixed": {"0": "the name W0 of the page's unscaled matrix"}},
    "sweep.x": {"zh": "反向步数 $k$", "en": "steps back $k$"},
    "sweep.y": {"zh": "$\\lVert \\partial h_T / \\partial h_{{T-k}} \\rVert$",
                "en": "$\\lVert \\partial h_T / \\partial h_{{T-k}} \\rVert$"},
    "sweep.run": {"zh": "$\\rho$ = {r}：", "en": "$\\rho$ = {r}:"},
    "sweep.head": {"zh": "退 $k$ 步后的范数", "en": "norm $k$ steps back"},
    "other.head": {"zh": "{act}：", "en": "{act}:"},
    "sweep.floor": {"zh": "页面的消失线 {f}", "en": "page's floor {f}"},
    "sweep.ceiling": {"zh": "页面的爆炸线 {c}", "en": "page's ceiling {c}"},
    "small.say.below": {
        "zh": "ρ = {r}：到达 h_0 的范数只剩 {f}，低于页面说的 {floor}，消失了。",
        "en": "ρ = {r}: the norm that reaches h_0 is {f}, below the page's {floor}: it has "
              "vanished.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "small.say.above": {
        "zh": "ρ = {r}：到达 h_0 的范数是 {f}，并没有低于页面说的 {floor}。",
        "en": "ρ = {r}: the norm that reaches h_0 is {f}, not below the page's {floor}.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "mid.say.falls": {
        "zh": "ρ = {r}：范数从退一步的 {l} 降到 h_0 处的 {f}。",
        "en": "ρ = {r}: the norm falls from {l} one step back to {f} at h_0.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "mid.say.holds": {
        "zh": "ρ = {r}：范数没有下降，退一步时 {l}，到 h_0 时 {f}。",
        "en": "ρ = {r}: the norm does not fall, {l} one step back and {f} at h_0.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "big.say.bounded": {
        "zh": "页面预计最大的谱半径会爆炸到 {c} 以上；这段代码里 ρ = {r} 的最大范数只有 {m}。",
        "en": "The page expects its largest radius to explode past {c}; in the code as run, "
              "ρ = {r} peaks at {m}."},
    "big.say.explodes": {
        "zh": "ρ = {r}：最大范数到了 {m}，达到页面说的 {c} 以上，爆炸了。",
        "en": "ρ = {r}: the norm peaks at {m}, past the page's {c}: it explodes."},
    "sweep.peak": {"zh": "$\\rho$ = {r} 的最大范数 {m}", "en": "largest norm at $\\rho$ = {r}: {m}"},
    # ----- 3. the other activation ---------------------------------------------------------
    "other": {"zh": "同样的抽样，激活换成 {act}", "en": "The same draws under {act}"},
    "other.say": {
        "zh": "W0 和每个初始状态都不变，只把激活换成 {act}：虚线是它的三条曲线。",
        "en": "W0 and every initial state stay as they were; only the activation becomes "
              "{act}. The dashed curves are its three runs.",
        "fixed": {"0": "the name W0 of the page's unscaled matrix"}},
    "otherpeak.say.explodes": {
        "zh": "这时 ρ = {r} 的最大范数是 {m}，达到页面的 {c} 以上：页面预计的爆炸在这里出现。",
        "en": "Now ρ = {r} peaks at {m}, past the page's {c}: the explosion the page expects "
              "appears here."},
    "otherpeak.say.bounded": {
        "zh": "这时 ρ = {r} 的最大范数是 {m}，仍没有达到页面的 {c}。",
        "en": "Now ρ = {r} peaks at {m}, still short of the page's {c}."},
    "other.peak": {"zh": "$\\rho$ = {r} 的最大范数 {m}",
                   "en": "largest norm at $\\rho$ = {r}: {m}"},
    # ----- 4. clipping ---------------------------------------------------------------------
    "clip": {"zh": "故障注入：每步按全局范数裁剪，$\\tau$ = {t}",
             "en": "Fault injection: global-norm clipping each step, $\\tau$ = {t}"},
    "clip.say": {
        "zh": "每退一步，范数超过 τ 的梯度整体缩放回 τ，方向不变。先加在 ρ = {r} 上。",
        "en": "After each step back, a gradient whose norm exceeds τ is scaled down to τ, its "
              "direction kept. First on ρ = {r}."},
    "clip.big.say.capped": {
        "zh": "ρ = {r}：最大范数 {m} 高于 τ，裁剪后封顶在 {c}。",
        "en": "ρ = {r}: its largest norm, {m}, is above τ; clipped, it is capped at {c}."},
    "clip.big.say.untouched": {
        "zh": "ρ = {r}：最大范数 {m} 不高于 τ = {t}，裁剪什么也没改。",
        "en": "ρ = {r}: its largest norm, {m}, is not above τ = {t}; clipping changes "
              "nothing."},
    "clip.small.say.untouched": {
        "zh": "同样加在 ρ = {r} 上：范数从不高于 τ，到达 h_0 的仍是 {f}。",
        "en": "The same on ρ = {r}: its norm is never above τ, and what reaches h_0 is still "
              "{f}.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "clip.small.say.capped": {
        "zh": "同样加在 ρ = {r} 上：最大范数 {m} 高于 τ，被封顶；到达 h_0 的是 {c}。",
        "en": "The same on ρ = {r}: its largest norm, {m}, is above τ and capped; what "
              "reaches h_0 is {c}.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "clip.ratio.say.vanished": {
        "zh": "ρ = {r} 时，到达首个状态的范数是退一步处的 {q} 倍：第一个状态几乎收不到信号，封顶也抬不高它。",
        "en": "At ρ = {r} the norm reaching the first state is {q} times the one a step back: "
              "the first state hardly receives a signal, and no cap can raise it."},
    "clip.ratio.say.reaches": {
        "zh": "ρ = {r} 时，到达首个状态的范数是退一步处的 {q} 倍。",
        "en": "At ρ = {r} the norm reaching the first state is {q} times the one a step back."},
    "clip.tau": {"zh": "$\\tau$ = {t}", "en": "$\\tau$ = {t}"},
    "clip.after": {"zh": "$\\rho$ = {r} 裁剪后最大 {c}", "en": "$\\rho$ = {r} clipped: largest {c}"},
    "clip.first": {"zh": "$\\rho$ = {r} 裁剪后到达 $h_0$：{f}",
                   "en": "$\\rho$ = {r} clipped, at $h_0$: {f}",
        "fixed": {"0": "the index of the first state, h_0"}},
    # ----- 5. the fault matrix -------------------------------------------------------------
    "matrix": {"zh": "故障矩阵：每一行填上测得的信号",
               "en": "The fault matrix, each row filled with the signal measured"},
    "matrix.head_case": {"zh": "注入 · 机制", "en": "injection · mechanism"},
    "matrix.mech1": {"zh": "连乘放大", "en": "growing product"},
    "matrix.mech2": {"zh": "幅度失控", "en": "runaway size"},
    "matrix.mech3": {"zh": "连乘衰减", "en": "decaying product"},
    "matrix.mech4": {"zh": "饱和叠加", "en": "saturation adds in"},
    "matrix.head_page": {"zh": "页面预计", "en": "page expects"},
    "matrix.head_got": {"zh": "测得", "en": "measured"},
    "matrix.head_curve": {"zh": "曲线", "en": "curve"},
    "matrix.head_fix": {"zh": "对应修法", "en": "the fix"},
    "matrix.case1": {"zh": "$\\rho$ = {r}，不裁剪", "en": "$\\rho$ = {r}, no clipping"},
    "matrix.case2": {"zh": "$\\rho$ = {r}，$\\tau$ = {t}", "en": "$\\rho$ = {r}, $\\tau$ = {t}"},
    "matrix.case3": {"zh": "$\\rho$ = {r}，$\\tau$ = {t}", "en": "$\\rho$ = {r}, $\\tau$ = {t}"},
    "matrix.case4": {"zh": "$\\rho$ = {r}", "en": "$\\rho$ = {r}"},
    "matrix.page1": {"zh": "指数飙升", "en": "soars"},
    "matrix.page2": {"zh": "封顶在 $\\tau$", "en": "capped at $\\tau$"},
    "matrix.page3": {"zh": "首步近乎为零", "en": "first step ≈ zero"},
    "matrix.page4": {"zh": "缓慢下降", "en": "falls slowly"},
    "matrix.got_peak": {"zh": "最大 {m}", "en": "largest {m}"},
    "matrix.got_first": {"zh": "$h_0$ 处 {f}", "en": "{f} at $h_0$",
        "fixed": {"0": "the index of the first state, h_0"}},
    "matrix.got_path": {"zh": "{l} → {f}", "en": "{l} → {f}"},
    "matrix.fix1": {"zh": "梯度裁剪", "en": "clipping"},
    "matrix.fix2": {"zh": "裁剪的适用区", "en": "clipping works"},
    "matrix.fix3": {"zh": "门控、换架构", "en": "gates, new designs"},
    "matrix.fix4": {"zh": "也查饱和", "en": "check saturation too"},
    "row1.say.bounded": {
        "zh": "第一行，ρ = {r} 不裁剪：页面预计范数飙升、损失变成非数字；测得最大 {m}。"
              "这个实验没有损失，谈不上变成非数字。",
        "en": "Row one, ρ = {r} unclipped: the page expects a soaring norm and a loss "
              "that is not a number; the measured peak is {m}. The lab has no loss to break."},
    "row1.say.explodes": {
        "zh": "第一行，ρ = {r} 不裁剪：测得最大 {m}，飙升到页面的 {c} 以上。"
              "这个实验没有损失，谈不上变成非数字。",
        "en": "Row one, ρ = {r} unclipped: the measured peak is {m}, past the page's {c}. "
              "The lab has no loss to break."},
    "row2.say.capped": {
        "zh": "第二行，加上裁剪：最大范数封顶在 {c}，方向保留。",
        "en": "Row two, clipped: the largest norm is capped at {c}, the direction kept."},
    "row2.say.untouched": {
        "zh": "第二行，加上裁剪：范数从不高于 τ，最大仍是 {c}。",
        "en": "Row two, clipped: the norm is never above τ, and the largest stays {c}."},
    "row3.say": {
        "zh": "第三行，ρ = {r} 加裁剪：到达 h_0 的是 {f}。修法在门控和新架构，不在裁剪。",
        "en": "Row three, ρ = {r} clipped: {f} reaches h_0. The fix is gates or a new "
              "design, not clipping.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "row4.say.tanh": {
        "zh": "第四行，ρ = {r}：退一步时 {l}，到 h_0 时 {f}。诊断时别只看权重的大小，激活的斜率也在乘。",
        "en": "Row four, ρ = {r}: {l} one step back, {f} at h_0. When diagnosing, look past "
              "the weights: "
              "the activation's slopes multiply in too.",
        "fixed": {"0": "the index of the first state, h_0"}},
    "row4.say.linear": {
        "zh": "第四行，ρ = {r}：退一步时 {l}，到 h_0 时 {f}。恒等激活的斜率处处是 1，这里只剩权重在乘。",
        "en": "Row four, ρ = {r}: {l} one step back, {f} at h_0. The identity's slope is 1 "
              "everywhere, so "
              "here only the weights multiply.",
        "fixed": {"1": "the identity's slope", "0": "the index of the first state, h_0"}},
}


class Spectral(LectureScene):
    """P3: the Jacobian product, the radius sweep, the other activation, clipping, the
    fault matrix."""

    SECTION_ID = "pre-03-spectral"
    BEATS = ("show_product", "sweep_radius", "compare_other", "clip_faults", "fault_matrix")
    TEXT = TEXT

    # ----- cases, decided on the numbers as displayed ---------------------------------------
    def _cmp(self, a: str, b: str, fa: str = "fmt", fb: str = "fmt") -> int:
        x, y = self.shown_value(a, fa), self.shown_value(b, fb)
        return (x > y) - (x < y)

    def _small_case(self) -> str:
        return "below" if self._cmp("first_norms[0]", "page_floor") < 0 else "above"

    def _mid_case(self) -> str:
        return "falls" if self._cmp("first_norms[1]", "last_norms[1]") < 0 else "holds"

    def _peak_case(self, path: str) -> str:
        return "explodes" if self._cmp(path, "page_ceiling") >= 0 else "bounded"

    def _clip_case(self, k: int) -> str:
        above = self._cmp(f"max_norms[{k}]", "param.tau", "fmt", "num") > 0
        return "capped" if above else "untouched"

    def _act(self, name: str) -> str:
        return self.entry(f"act.{name}")

    # ----- the chart ------------------------------------------------------------------------
    def _chart(self, axis=None, center=(CHART_X, CHART_Y), size=(CHART_W, CHART_H)):
        """Log axes over the steps 1..T: powers of ten ``axis = (lo, hi, step)`` (default the
        section's), grid lines and their labels; sets ``self.ax`` and ``self.lo`` for
        :meth:`pt`."""
        v = self.v
        lo, hi, step = axis or (v.axis_lo, v.axis_hi, v.axis_step)
        T = v.T
        xs = max(1, T // 2)
        ax = Axes([0, T, xs], [0, hi - lo, step], x_length=size[0], y_length=size[1],
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(xs, T + 1, xs)),
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([center[0], center[1], 0])
        ax.x_axis.numbers.set_color(P.muted)   # the step numbers as grey as the powers of ten
        self.ticks(ax)
        self.ax, self.lo = ax, lo
        grid, ticks = VGroup(), VGroup()
        for e in range(lo, hi + 1, step):
            grid.add(Line(self.pt(0, e), self.pt(T, e), color=P.muted, stroke_width=1,
                          stroke_opacity=0.3))
            ticks.add(self.math(f"10^{{{e}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(self.pt(0, e), LEFT, buff=0.12))
        xl = self.text("sweep.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_left(), DOWN, buff=0.12, aligned_edge=LEFT)
        yl = self.text("sweep.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.y_axis.get_top(), UP, buff=0.1, aligned_edge=LEFT)
        return VGroup(ax, grid, ticks, xl, yl)

    def pt(self, k, lg, axes=None):
        ax, lo = axes or (self.ax, self.lo)
        return ax.c2p(k, lg - lo)

    def _curve(self, logs, j, color, axes=None):
        """The curve of ``logs`` (log10 norms) over steps 1..j + 1 on ``axes`` (ax, lo)."""
        pts = [self.pt(k + 1, logs[k], axes) for k in range(j + 1)]
        c = VMobject(color=color, stroke_width=3)
        c.set_points_as_corners(pts if len(pts) > 1 else pts * 2)
        return c

    @staticmethod
    def _tip(axes):
        """A curve's end read back through ``axes``: (step, log10 norm)."""
        ax, lo = axes

        def tip(m):
            x, y = ax.p2c(corners(m)[-1])[:2]
            return [x, y + lo]
        return tip

    def _grow(self, arrays, colors, places):
        """One curve per values array (``("log_norms[0]", norms path, rho path)``), grown over
        the steps with a live readout of that run's norm at ``places`` (x, y); returns the
        tracker, the sweep, the curves and the readout rows."""
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="steps")
        curves, rows = VGroup(), VGroup()
        axes = (self.ax, self.lo)
        for (arr, norm_path, rho_path), color, (x, y) in zip(arrays, colors, places):
            logs = self._resolve(arr)
            curve = live.redraw(lambda j, logs=logs, color=color: self._curve(logs, j, color,
                                                                               axes),
                                path=("steps[{i}]", arr + "[{i}]"), measure=self._tip(axes))
            lab = self.text("sweep.run", size=style.LABEL_SIZE, color=color,
                            r=Val(rho_path, "num"))
            lab.move_to([x, y, 0], aligned_edge=LEFT)
            val = live_value(self, live, norm_path + "[{i}]", "fmt", lab, color,
                             size=style.LABEL_SIZE)
            curves.add(curve)
            rows.add(VGroup(lab, val))
        return k, live, curves, rows

    def _settle_rows(self, rows, path, colors, name):
        """Each live readout replaced by the bound value at ``path[r]`` (its end)."""
        ends = VGroup()
        for r, (lab, val) in enumerate(rows):
            end = self.value(f"{path}[{r}]", "fmt", size=style.LABEL_SIZE, color=colors[r],
                             name=None)
            self.remove(val)
            rows[r].remove(val)
            self.beside(end, lab)
            rows[r].add(end)
            self.add(end)
            ends.add(end)
        return ends

    def _resolve(self, path):
        from ..bind import resolve
        return resolve(path, self.v, self.params)

    # ----- beats ----------------------------------------------------------------------------
    def show_product(self):
        v = self.v
        self.claim("product", T=Val("T", "int"))
        lhs = self.math(r"\frac{\partial h_T}{\partial h_0}", "=",
                        r"\prod_{t=1}^{T}", r"\mathrm{diag}\big(g'(z_t)\big)", r"W_h",
                        reason="the product's first index (t = 1, the first step)")
        lhs[0].set_color(P.gradient)
        lhs[4].set_color(P.hidden)
        lhs.move_to([0, 1.85, 0])
        rule = self.text("product.rule", size=style.LABEL_SIZE, color=P.muted,
                         act=self._act(v.activation))
        rec = self.math(r"h_t = g(z_t),\quad z_t = W_h\, h_{t-1}", color=P.muted,
                        reason="the index t-1 of the previous state", scale=0.65)
        under = VGroup(rec, rule).arrange(RIGHT, buff=0.6).next_to(lhs, DOWN, buff=0.3)
        # the product term by term as the line names it: the gradient, one factor, W_h
        self.pace([Write(lhs[0]), Write(lhs[1])], [Write(lhs[2]), Write(lhs[3])],
                  [Write(lhs[4]), FadeIn(under)])
        # the table: one row per radius, a column as each line names it
        heads = [self.text(f"product.head_{h}", size=style.LABEL_SIZE, color=P.muted)
                 for h in ("rho", "power", "radius", "sigma")]
        cols_x = [-4.2, -1.4, 1.4, 4.2]
        y0, dy = 0.0, 0.5
        for h, x in zip(heads, cols_x):
            h.move_to([x, y0, 0])
        colors = run_colors()
        cells = [[], [], [], []]
        for r in range(3):
            y = y0 - (r + 1) * dy
            for c, (path, fmt) in enumerate((("rhos", "num"), ("scalar_powers", "fmt"),
                                             ("spectral_radius", "fmt"), ("sigma_max", "fmt"))):
                m = self.value(f"{path}[{r}]", fmt, size=style.LABEL_SIZE, color=colors[r])
                cells[c].append(m.move_to([cols_x[c], y, 0]))
        self.say("product.scalar.say")
        self.pace([FadeIn(heads[0]), FadeIn(VGroup(*cells[0]))],
                  [FadeIn(heads[1]), LaggedStart(*[FadeIn(m) for m in cells[1]],
                                                 lag_ratio=0.5)])
        self.say("product.matrix.say")
        self.pace([FadeIn(heads[2]), LaggedStart(*[FadeIn(m) for m in cells[2]], lag_ratio=0.5)],
                  [FadeIn(heads[3]), LaggedStart(*[FadeIn(m) for m in cells[3]], lag_ratio=0.5)])
        cite = self.cite_row("Ryu, RL of LLMs (Spring 2025), ch. 2")
        note = self.text("product.note", size=style.LABEL_SIZE, color=P.text,
                         T=Val("T", "int"), r=Val("rhos[0]", "num"), p=Val("scalar_powers[0]"))
        note.move_to([0, y0 - 4 * dy - 0.1, 0])
        self.show("scalar_power", note)
        self.play(FadeIn(cite), FadeIn(note), run_time=0.6)
        self.hold()
        self.clear_stage()

    def sweep_radius(self):
        v = self.v
        self.claim("sweep", say=False)
        chart = self._chart()
        lf, lc = v.log_page_floor, v.log_page_ceiling
        lines, line_labels = VGroup(), VGroup()
        for e, color, key, field in ((lc, P.exploded, "sweep.ceiling", dict(c=Val("page_ceiling"))),
                                     (lf, P.dead, "sweep.floor", dict(f=Val("page_floor")))):
            if not v.axis_lo <= e <= v.axis_hi:
                continue
            line = DashedLine(self.pt(0, e), self.pt(v.T, e), color=color, dash_length=0.12)
            lab = self.text(key, size=style.SMALL_SIZE, color=color, **field)
            if e > 0:   # the ceiling's label at the left, above (below near the top); the
                # floor's at the right, below
                lab.next_to(line.get_start(), UP, buff=0.08, aligned_edge=LEFT).shift(0.15 * RIGHT)
                if lab.get_top()[1] > self.ax.get_top()[1] - 0.05:
                    lab.next_to(line.get_start(), DOWN, buff=0.08, aligned_edge=LEFT)
                    lab.shift(0.15 * RIGHT)
            else:
                lab.next_to(line.get_end(), DOWN, buff=0.08, aligned_edge=RIGHT)
            lines.add(line)
            line_labels.add(lab)
        colors = run_colors()
        head = self.text("sweep.head", size=style.LABEL_SIZE, color=P.muted)
        head.move_to([PANEL_X, 1.9, 0], aligned_edge=LEFT)
        k, live, curves, rows = self._grow(
            [(f"log_norms[{r}]", f"runs[{r}].grad_norms", f"rhos[{r}]") for r in range(3)],
            colors, [(PANEL_X, y) for y in (1.4, 0.95, 0.5)])
        self.say("sweep.say", d=Val("d", "int"), T=Val("T", "int"),
                 act=self._act(v.activation))
        # the axes and the page's two lines; then the three runs stepped back together
        self.play(Create(chart[0]), FadeIn(chart[1:]), run_time=1.0)
        self.play(FadeIn(lines), FadeIn(line_labels), FadeIn(head), FadeIn(rows), run_time=0.8)
        self.add(curves)
        live.play(k.animate.set_value(v.T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        self._settle_rows(rows, "first_norms", colors, "first_norm")
        box, point = self.pointer()

        def traced(r):      # a run's curve drawn over again, thick, as its line names it
            return self._curve(v.log_norms[r], v.T - 1, colors[r]).set_stroke(width=7)

        thick = [traced(r) for r in range(3)]
        self.say("small.say", variant=self._small_case(), r=Val("rhos[0]", "num"),
                 f=Val("first_norms[0]"), floor=Val("page_floor"))
        dot0 = Dot(self.pt(v.T, v.log_norms[0][-1]), color=colors[0], radius=0.07)
        self.pace(point(rows[0], colors[0]), Create(thick[0]), [FadeIn(dot0), FadeOut(thick[0])])
        self.say("mid.say", variant=self._mid_case(), r=Val("rhos[1]", "num"),
                 l=Val("last_norms[1]"), f=Val("first_norms[1]"))
        dot1 = Dot(self.pt(v.T, v.log_norms[1][-1]), color=colors[1], radius=0.07)
        self.pace(point(rows[1], colors[1]), Create(thick[1]), [FadeIn(dot1), FadeOut(thick[1])])
        peak = self.text("sweep.peak", size=style.LABEL_SIZE, color=colors[2],
                         r=Val("rhos[2]", "num"), m=Val("max_norms[2]"))
        peak.move_to([PANEL_X, -0.1, 0], aligned_edge=LEFT)
        self.show("peak", peak)
        self.peak = peak
        self.say("big.say", variant=self._peak_case("max_norms[2]"), r=Val("rhos[2]", "num"),
                 c=Val("page_ceiling"), m=Val("max_norms[2]"))
        self.pace(point(rows[2], colors[2]), Create(thick[2]),
                  [FadeIn(peak), point(peak, colors[2]), FadeOut(thick[2])])
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()

    def compare_other(self):
        v = self.v
        act = self._act(v.other_activation)
        self.claim("other", act=act, say=False)
        colors = run_colors()
        k, live, curves, rows = self._grow(
            [(f"other_log_norms[{r}]", f"other_runs[{r}].grad_norms", f"rhos[{r}]")
             for r in range(3)], colors, [(PANEL_X, y) for y in (-0.55, -1.0, -1.45)])
        head = self.text("other.head", size=style.LABEL_SIZE, color=P.muted, act=act)
        head.move_to([PANEL_X, -0.05, 0], aligned_edge=LEFT)
        self.say("other.say", act=act)
        self.play(FadeOut(self.peak), run_time=0.4)
        self.play(FadeIn(head), FadeIn(rows), run_time=0.6)
        for c in curves:
            c.set_stroke(width=2.5)
        self.add(curves)
        live.play(k.animate.set_value(v.T - 1), run_time=self.left(0.85, least=3.0),
                  rate_func=linear)
        self.remove(curves)
        dashed = VGroup(*(DashedVMobject(c, num_dashes=60) for c in curves))
        self.add(dashed)
        self._settle_rows(rows, "other_first", colors, "other_first")
        peak = self.text("other.peak", size=style.LABEL_SIZE, color=colors[2],
                         r=Val("rhos[2]", "num"), m=Val("other_max[2]"))
        peak.move_to([PANEL_X, -1.95, 0], aligned_edge=LEFT)
        if peak.get_right()[0] > 6.9:
            peak.scale_to_fit_width(6.9 - PANEL_X)
            peak.move_to([PANEL_X, -1.95, 0], aligned_edge=LEFT)
        self.show("other_peak", peak)
        self.say("otherpeak.say", variant=self._peak_case("other_max[2]"),
                 r=Val("rhos[2]", "num"), m=Val("other_max[2]"), c=Val("page_ceiling"))
        box, point = self.pointer()
        self.pace(point(rows[2], colors[2]), FadeIn(peak), point(peak, colors[2]))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    def _clip_chart(self, r, place):
        """The clipping chart of run ``r`` (0 the smallest radius, 2 the largest) at
        ``place``: its own log axis, tau's line, the unclipped curve faint."""
        v = self.v
        axis = v.clip_axes[0 if r == 0 else 1]
        chart = self._chart(axis, center=place, size=(CLIP_W, CLIP_H))
        ax, lo = self.ax, self.lo
        tau = DashedLine(self.pt(0, v.log_tau), self.pt(v.T, v.log_tau), color=P.highlight,
                         dash_length=0.1)
        tl = self.text("clip.tau", size=style.SMALL_SIZE, color=P.highlight,
                       t=Val("param.tau", "num"))
        tl.next_to(tau.get_end(), UP, buff=0.08, aligned_edge=RIGHT)
        faint = self._curve(v.log_norms[r], v.T - 1, run_colors()[r]).set_stroke(
            opacity=0.35, width=5)
        return chart, VGroup(tau, tl), faint, (ax, lo)

    def clip_faults(self):
        v = self.v
        self.claim("clip", t=Val("param.tau", "num"), say=False)
        colors = run_colors()
        cite = self.cite_row("Pascanu, Mikolov & Bengio, ICML 2013", "arXiv:1211.5063")
        out = {}
        for r, place in ((2, (-3.2, CLIP_Y)), (0, (3.65, CLIP_Y))):
            chart, tau, faint, axes = self._clip_chart(r, place)
            k, live, curves, rows = self._grow(
                [(f"log_norms_clipped[{r}]", f"runs[{r}].grad_norms_clipped", f"rhos[{r}]")],
                [colors[r]], [(place[0] - CLIP_W / 2, CLIP_ROW_Y)])
            out[r] = (chart, tau, faint, axes, k, live, curves, rows)
        # the first injection: the largest radius, clipped as it steps back
        self.say("clip.say", r=Val("rhos[2]", "num"))
        chart, tau, faint, axes, k, live, curves, rows = out[2]
        self.ax, self.lo = axes
        self.play(FadeIn(cite), Create(chart[0]), FadeIn(chart[1:]), FadeIn(faint), run_time=1.0)
        self.play(Create(tau[0]), FadeIn(tau[1]), FadeIn(rows), run_time=0.6)
        self.add(curves)
        live.play(k.animate.set_value(v.T - 1), run_time=self.left(0.9, least=3.0),
                  rate_func=linear)
        self.remove(rows)
        after = self.text("clip.after", size=style.LABEL_SIZE, color=colors[2],
                          r=Val("rhos[2]", "num"), c=Val("clipped_max[2]"))
        after.move_to([-3.2 - CLIP_W / 2, CLIP_ROW_Y, 0], aligned_edge=LEFT)
        self.show("clipped_peak", after)
        self.say("clip.big.say", variant=self._clip_case(2), r=Val("rhos[2]", "num"),
                 m=Val("max_norms[2]"), c=Val("clipped_max[2]"), t=Val("param.tau", "num"))
        mk = self.mark(after, colors[2])
        self.pace(FadeIn(after), Create(mk), Indicate(tau[1], color=colors[2]))
        # the second: the smallest radius, the same clipping
        chart0, tau0, faint0, axes0, k0, live0, curves0, rows0 = out[0]
        self.ax, self.lo = axes0
        self.say("clip.small.say", variant=self._clip_case(0), r=Val("rhos[0]", "num"),
                 m=Val("max_norms[0]"), f=Val("first_norms[0]"), c=Val("clipped_first[0]"))
        self.play(FadeOut(mk), Create(chart0[0]), FadeIn(chart0[1:]), FadeIn(faint0),
                  Create(tau0[0]), FadeIn(tau0[1]), FadeIn(rows0), run_time=1.0)
        self.add(curves0)
        live0.play(k0.animate.set_value(v.T - 1), run_time=self.left(0.8, least=3.0),
                   rate_func=linear)
        self.remove(rows0)
        first = self.text("clip.first", size=style.LABEL_SIZE, color=colors[0],
                          r=Val("rhos[0]", "num"), f=Val("clipped_first[0]"))
        first.move_to([3.65 - CLIP_W / 2, CLIP_ROW_Y, 0], aligned_edge=LEFT)
        self.show("clipped_first", first)
        self.play(FadeIn(first), run_time=0.5)
        self.say("clip.ratio.say", variant="vanished" if self._small_case() == "below"
                 else "reaches", r=Val("rhos[0]", "num"), q=Val("small_ratio"))
        d0 = Dot(self.pt(1, v.log_norms[0][0]), color=colors[0], radius=0.07)
        d1 = Dot(self.pt(v.T, v.log_norms[0][-1]), color=colors[0], radius=0.07)
        drop = DashedLine(d0.get_center(), d1.get_center(), color=colors[0], dash_length=0.1)
        self.pace(FadeIn(d0), FadeIn(d1), Create(drop))
        self.hold()
        self.clear_stage()

    def fault_matrix(self):
        v = self.v
        self.claim("matrix", say=False)
        colors = run_colors()
        heads = VGroup(*(self.text(f"matrix.head_{h}", size=style.LABEL_SIZE, color=P.muted)
                         for h in ("case", "page", "curve", "got", "fix")))
        y0, dy = 2.0, 0.95
        specs = [
            (2, ("matrix.case1", dict(r=Val("rhos[2]", "num"))), "matrix.page1",
             ("matrix.got_peak", dict(m=Val("max_norms[2]"))), "matrix.fix1", "log_norms[2]"),
            (2, ("matrix.case2", dict(r=Val("rhos[2]", "num"), t=Val("param.tau", "num"))),
             "matrix.page2", ("matrix.got_peak", dict(m=Val("clipped_max[2]"))), "matrix.fix2",
             "log_norms_clipped[2]"),
            (0, ("matrix.case3", dict(r=Val("rhos[0]", "num"), t=Val("param.tau", "num"))),
             "matrix.page3", ("matrix.got_first", dict(f=Val("clipped_first[0]"))),
             "matrix.fix3", "log_norms_clipped[0]"),
            (1, ("matrix.case4", dict(r=Val("rhos[1]", "num"))), "matrix.page4",
             ("matrix.got_path", dict(l=Val("last_norms[1]"), f=Val("first_norms[1]"))),
             "matrix.fix4", "log_norms[1]"),
        ]
        rows = []
        for n, (r, (ck, cf), pk, (gk, gf), fk, arr) in enumerate(specs):
            y = y0 - (n + 1) * dy
            # the injection, and under it the mechanism it attacks (the page's words)
            case = VGroup(self.text(ck, size=style.LABEL_SIZE, color=colors[r], **cf),
                          self.text(f"matrix.mech{n + 1}", size=style.SMALL_SIZE,
                                    color=P.muted)).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
            page = self.text(pk, size=style.LABEL_SIZE, color=P.muted)
            got = self.text(gk, size=style.LABEL_SIZE, color=colors[r], **gf)
            self.show(f"row{n + 1}", got)
            fix = self.text(fk, size=style.LABEL_SIZE, color=P.text)
            rows.append((case, page, got, fix, (arr, colors[r], y)))
        # the columns as wide as their widest cell, a gap between them
        widths = [max(heads[c].width, *(row[c].width for row in rows)) for c in (0, 1)]
        widths += [max(heads[2].width, SPARK_W)]
        widths += [max(heads[c].width, *(row[c - 1].width for row in rows)) for c in (3, 4)]
        gap = min(0.6, (13.7 - sum(widths)) / 4)
        cols_x = [-6.85 + sum(widths[:c]) + gap * c for c in range(5)]
        for h, x in zip(heads, cols_x):
            h.move_to([x, y0, 0], aligned_edge=LEFT)
        for n, (case, page, got, fix, (arr, color, y)) in enumerate(rows):
            for m, x in zip((case, page, got, fix), cols_x[:2] + cols_x[3:]):
                m.move_to([x, y, 0], aligned_edge=LEFT)
            rows[n] = (case, page, got, fix, self._spark(self._resolve(arr), color, cols_x[2], y))
        rule = Line([cols_x[0], y0 - dy / 2, 0], [6.85, y0 - dy / 2, 0], color=P.muted,
                    stroke_width=1.5)
        self.play(FadeIn(heads), Create(rule), run_time=0.8)
        lines = [
            ("row1.say", dict(variant=self._peak_case("max_norms[2]"), r=Val("rhos[2]", "num"),
                              m=Val("max_norms[2]"), c=Val("page_ceiling"))),
            ("row2.say", dict(variant=self._clip_case(2), c=Val("clipped_max[2]"))),
            ("row3.say", dict(r=Val("rhos[0]", "num"), f=Val("clipped_first[0]"))),
            ("row4.say", dict(variant=v.activation, r=Val("rhos[1]", "num"), l=Val("last_norms[1]"),
                              f=Val("first_norms[1]"))),
        ]
        box, point = self.pointer()
        for (key, fields), (case, page, got, fix, spark) in zip(lines, rows):
            self.say(key, **fields)
            # the row's injection and the page's signal; its curve drawn and marked; what was
            # measured; the fix
            self.pace([FadeIn(case), FadeIn(page)], [Create(spark), point(spark, P.highlight)],
                      FadeIn(got), FadeIn(fix))
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold(2.0)

    def _spark(self, logs, color, x0, y):
        """A row's curve, small: its log norm against the step, on the lab's one log axis
        (the same scale in every row)."""
        v = self.v
        w, h = SPARK_W, SPARK_H
        span = max(v.axis_hi - v.axis_lo, 1)
        n = len(logs)
        pts = [[x0 + w * k / max(n - 1, 1), y - h / 2 + h * (logs[k] - v.axis_lo) / span, 0]
               for k in range(n)]
        c = VMobject(color=color, stroke_width=3)
        c.set_points_as_corners(pts if n > 1 else pts * 2)
        return c
