"""§02 How the gradient dies in the loop (one hop, the backward walk, factor bars, the long
product on a log axis, global-norm clipping)."""

from __future__ import annotations

import math
import string

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, ArcBetweenPoints, Axes, Create, DashedLine,
                   DashedVMobject, Dot, FadeIn, FadeOut, GrowFromEdge, Line, NumberLine, Polygon,
                   Rectangle, ReplacementTransform, Square, ValueTracker, VGroup, VMobject,
                   always_redraw, linear, smooth)

from mathcore import scalar

from .. import style
from ..base import LectureScene

P = style.PALETTE
fmt = style.fmt

TEXT = {
    # ----- 1. one hop --------------------------------------------------------------------------
    "hop": {"zh": "往回一跳 = 斜率 × W_h，最多等于 W_h",
            "en": "One hop back multiplies by slope × W_h, at most W_h"},
    "hop.say": {
        "zh": "要从第一个 token 学到东西，误差得从最后的状态倒着走回去。每退一步都乘一次这一步的导数：斜率乘共享的 W_h。斜率最高是 1，只在 z = 0 取到，所以柱子只在那一点碰到虚线。",
        "en": "To learn from the first token, the error has to walk back from the last state. Each step back multiplies it by that step's derivative: the slope times the shared W_h. The slope peaks at 1, only at z = 0, so only there does the bar reach the dashed line."},
    "hop.w": {"zh": "W_h = {w}", "en": "W_h = {w}"},
    "hop.note.tanh": {"zh": "只有 z = 0 时\n柱子才碰到 W_h", "en": "the bar reaches W_h\nonly at z = 0"},
    "hop.note.relu": {"zh": "z > 0 时柱子\n正好等于 W_h", "en": "for z > 0 the bar\nequals W_h exactly"},
    # ----- 2. backward walk --------------------------------------------------------------------
    "walk": {"zh": "倒着走：每一跳都要乘一次", "en": "Walking back: one multiplication per hop"},
    "walk.say": {
        "zh": "还是 §01 的八个状态，W_h = {w}。梯度从 h_7 出发，大小为 1，一跳一跳退回 h_0；弧下是每跳的因子，方格里是乘到这里的结果。每个因子都很正常，麻烦只在于它们要连乘。",
        "en": "§01's eight states again, at W_h = {w}. The gradient leaves h_7 with size 1 and steps back to h_0; under each arc is that hop's factor, in each box the product so far. Each factor is ordinary; the trouble is that they multiply."},
    "walk.grad": {"zh": "梯度", "en": "grad"},
    "walk.at": {"zh": "到达 h_{t} 的梯度", "en": "gradient at h_{t}"},
    "walk.summary": {"zh": "{n} 跳：1 → {p}", "en": "{n} hops: 1 → {p}"},
    # ----- 3. factor bars ----------------------------------------------------------------------
    "bars": {"zh": "{k} 个因子对照 ×1：tanh 会刹车，ReLU 不会",
             "en": "{k} factors against ×1: tanh brakes, ReLU does not"},
    "bars.say": {
        "zh": "把 {k} 步的因子排成柱子，虚线 ×1 是放大与缩小的分界。tanh 的斜率不超过 1，所以柱子都低于 W_h；把 W_h 推到 {pw}，饱和把最高的柱子压到 {pm}。ReLU 导通处斜率恰好是 1，柱子全等于 {rw}，越过了虚线。",
        "en": "The factors of {k} steps as bars; the dashed ×1 line divides shrinking from growing. tanh's slope never exceeds 1, so every bar is below W_h; push W_h to {pw} and saturation holds the tallest to {pm}. ReLU's slope is exactly 1 where it is on: every bar is {rw}, above the line."},
    "bars.state": {"zh": "{act}，W_h = {w}", "en": "{act}, W_h = {w}"},
    "bars.max": {"zh": "最大因子 {m}", "en": "largest factor {m}"},
    "bars.brake": {"zh": "饱和 = 刹车", "en": "saturation brakes"},
    "bars.nobrake": {"zh": "没有刹车", "en": "no brake"},
    "bars.hop": {"zh": "跳", "en": "hop"},
    # ----- 4. the long product -----------------------------------------------------------------
    "product": {"zh": "{n} 个因子连乘：掉出 float32", "en": "Multiply {n} factors: out of float32"},
    "product.intro": {
        "zh": "把 {n} 个因子乘起来，就是真正到达 h_0 的数。纵轴取对数，每格 {step} 个数量级；两条虚线是 float32 的下限和上限。",
        "en": "Multiply the {n} factors: that is what actually reaches h_0. The axis is logarithmic, {step} decades per grid line; the dashed lines are float32's floor and ceiling."},
    "product.say.under": {
        "zh": "默认设置下它在第 {h} 跳跌破下限，终点 {p}。",
        "en": "With these settings it falls through the floor at hop {h} and ends at {p}."},
    "product.say.never_under": {
        "zh": "这组参数下它没有跌破下限，终点 {p}。",
        "en": "With these settings it never falls through the floor; it ends at {p}."},
    "product.say.over": {
        "zh": "换成 ReLU、W_h = {w}，它反而往上爬，第 {h} 跳越过上限：float32 变成无穷，损失变成 NaN。",
        "en": "With ReLU at W_h = {w} it climbs instead and passes the ceiling at hop {h}: float32 turns it into infinity, and the loss into NaN."},
    "product.say.never_over": {
        "zh": "换成 ReLU、W_h = {w}，这组参数下它没有越过上限。",
        "en": "With ReLU at W_h = {w} and these settings it never passes the ceiling."},
    "product.tiny": {"zh": "float32 最小正规数", "en": "float32 smallest normal"},
    "product.max": {"zh": "float32 最大有限值", "en": "float32 largest finite"},
    "product.curve": {"zh": "{act}，W_h = {w}", "en": "{act}, W_h = {w}"},
    "product.hop": {"zh": "跳数 {h}", "en": "hop {h}"},
    "product.under": {"zh": "第 {h} 跳跌破下线", "en": "below at hop {h}"},
    "product.never_under": {"zh": "始终没有跌破下线", "en": "never drops below"},
    "product.over": {"zh": "第 {h} 跳越过上线", "en": "above at hop {h}"},
    "product.never_over": {"zh": "始终没有越过上线", "en": "never passes the top"},
    "product.end": {"zh": "终点 {p}", "en": "end value {p}"},
    "product.nan": {"zh": "inf → 损失 NaN", "en": "inf → loss is NaN"},
    "product.axis": {"zh": "跳", "en": "hop"},
    # ----- 5. clipping -------------------------------------------------------------------------
    "clip": {"zh": "裁剪只压过大的梯度，救不了消失的", "en": "Clipping caps large gradients; it cannot lift small ones"},
    "clip.say": {
        "zh": "在多维里乘积是真的会爆的。最常用的防护是全局范数裁剪（Pascanu 等，2013）：范数 {n} 超过阈值 {th}，整个梯度就乘以 {s}。但它只管过大的一边：消失的梯度原样通过，不报错，也不出 NaN。",
        "en": "In many dimensions the product really can blow up. The usual guard is global-norm clipping (Pascanu, Mikolov and Bengio, 2013): a norm of {n} above the threshold {th} scales the whole gradient by {s}. It only acts on the large side: a vanished gradient passes through untouched, with no error and no NaN."},
    "clip.scale": {"zh": "缩放 ×{s}", "en": "scale ×{s}"},
    "clip.after": {"zh": "裁剪后 {n}", "en": "after clipping {n}"},
    "clip.small": {"zh": "h_0 处的梯度 {g}：×{s} → {c}", "en": "gradient at h_0 {g}: ×{s} → {c}"},
    "clip.untouched": {"zh": "低于阈值的梯度原样通过", "en": "below the threshold it passes untouched"},
}


#: Largest number of decades the log axis of the product beat shows on either side of 10^0.
LOG_CAP = 120


def _nice_step(span: float, max_ticks: int = 6) -> float:
    """A 1/2/2.5/5 × 10^k tick step giving at most ``max_ticks`` intervals over ``span``."""
    span = max(span, 1e-9)
    base = 10 ** math.floor(math.log10(span / max_ticks))
    for m in (1, 2, 2.5, 5, 10):
        if span / (m * base) <= max_ticks:
            return m * base
    return 10 * base


class Vanishing(LectureScene):
    """§02: the hop factor, the backward walk, factor bars, the long product, clipping."""

    SECTION_ID = "primer-02-vanishing"
    BEATS = ("hop_bar", "backward_walk", "factor_bars", "product_log", "clipping")
    TEXT = TEXT

    # ----- helpers ------------------------------------------------------------------------
    def phrase(self, key: str, size: float = style.LABEL_SIZE, color: str | None = None,
               num_color: str | None = None, **fields):
        """A line from the text table with each ``{field}`` as its own Text (for ``show``).

        The whole line is set once and every piece is placed on its own glyphs, so the pieces
        share one baseline and the template's spacing. Returns ``(VGroup, {field: Text})``.
        """
        segments = []
        for lit, name, _, _ in string.Formatter().parse(self.TEXT[key][self.lang]):
            if lit:
                segments.append((None, lit))
            if name is not None:
                segments.append((name, str(fields[name])))
        whole = self.plain("".join(seg for _, seg in segments), size=size, color=color)
        parts, nums, i = VGroup(), {}, 0
        for name, seg in segments:
            n = len("".join(seg.split()))
            if not n:
                continue
            m = self.plain(seg.strip(), size=size,
                           color=(num_color or color) if name else color)
            m.move_to(VGroup(*whole.submobjects[i:i + n]).get_center())
            i += n
            parts.add(m)
            if name:
                nums[name] = m
        return parts, nums

    def _act_name(self, act: str) -> str:
        return "tanh" if act == "tanh" else "ReLU"

    # ----- 1. one hop ---------------------------------------------------------------------
    def hop_bar(self):
        self.claim("hop")
        act, w = self.params["activation"], float(self.params["w_h"])
        ymax = max(1.2, 1.25 * w)
        ax = Axes([-3, 3, 1], [0, ymax, 0.5], x_length=7.0, y_length=4.0,
                  axis_config={"color": P.muted, "include_tip": False},
                  x_axis_config={"numbers_to_include": [-2, 0, 2], "font_size": 24})
        ax.move_to([-2.6, -0.35, 0])
        disc = [0.0] if act == "relu" else None
        curve = ax.plot(lambda z: float(scalar.slope(z, act)), x_range=[-3, 3, 0.02],
                        color=P.muted, discontinuities=disc, use_smoothing=False)
        cname = r"\tanh'(z)" if act == "tanh" else r"\mathrm{ReLU}'(z)"
        clabel = self.math(cname, scale=0.7, color=P.muted).move_to(ax.c2p(-2.0, 0.55))
        zlab = self.math("z", scale=0.7, color=P.muted).next_to(ax.x_axis.get_end(), RIGHT, 0.15)
        wline = DashedLine(ax.c2p(-3, w), ax.c2p(3, w), color=P.muted, dash_length=0.12)
        wlab = self.text("hop.w", size=style.LABEL_SIZE, color=P.muted, w=fmt(w, 2))
        wlab.next_to(wline, RIGHT, buff=0.2)
        self.play(Create(ax), Create(curve), FadeIn(clabel), FadeIn(zlab), run_time=1.0)
        self.play(Create(wline), FadeIn(wlab), run_time=0.7)

        z = ValueTracker(-2.6)

        def factor_at(zz: float) -> float:
            return float(scalar.hop_products([zz], w, act).factors[0])

        def bar():
            zz = z.get_value()
            f = factor_at(zz)
            x0, x1 = zz - 0.09, zz + 0.09
            rect = Polygon(ax.c2p(x0, 0), ax.c2p(x1, 0), ax.c2p(x1, f), ax.c2p(x0, f),
                           color=P.gradient, fill_opacity=0.85, stroke_width=1)
            dot = Dot(ax.c2p(zz, float(scalar.slope(zz, act))), radius=0.06, color=P.muted)
            return VGroup(rect, dot)

        live = always_redraw(bar)
        zl = self.math("z =", scale=0.8).move_to([3.3, 1.0, 0])
        zn = self.number(z.get_value(), places=2, size=0.7).next_to(zl, RIGHT, buff=0.15)
        zn.add_updater(lambda m: m.set_value(z.get_value()))
        fl = self.math(cname.replace("(z)", r"(z)\cdot W_h ="), scale=0.8, color=P.gradient)
        fl.next_to(zl, DOWN, buff=0.5, aligned_edge=LEFT)
        fn = self.number(factor_at(z.get_value()), size=0.7, color=P.gradient)
        fn.next_to(fl, RIGHT, buff=0.15)
        fn.add_updater(lambda m: m.set_value(factor_at(z.get_value())))
        self.play(FadeIn(live), FadeIn(VGroup(zl, zn, fl, fn)), run_time=0.8)
        self.play(z.animate.set_value(2.6), run_time=4.0, rate_func=linear)
        z_end = 0.0 if act == "tanh" else 1.0    # where the bar meets the W_h line
        self.play(z.animate.set_value(z_end), run_time=1.5, rate_func=smooth)
        zn.clear_updaters().set_value(z_end)
        fn.clear_updaters().set_value(factor_at(z_end))
        self.show("hop_factor_peak", fn)
        note = self.text(f"hop.note.{act}", size=style.LABEL_SIZE)
        note.next_to(fl, DOWN, buff=0.6, aligned_edge=LEFT)
        self.play(FadeIn(note), run_time=0.5)
        self.hold()
        self.clear_stage()

    # ----- 2. backward walk ---------------------------------------------------------------
    def _cell_x(self, t: int) -> float:
        return self.slot_x(t, len(self.v.walk_states), 1.55)

    def backward_walk(self):
        w = float(self.params["w_h"])
        self.claim("walk", w=fmt(w, 2))
        n = len(self.v.walk_states)
        act = self.params["activation"]
        formula = self.math(r"\partial h_t / \partial h_{t-1}", r"=",
                            r"\tanh'(z_t)" if act == "tanh" else r"\mathrm{ReLU}'(z_t)",
                            r"\cdot W_h", scale=0.75)
        formula[0].set_color(P.gradient)
        formula.move_to([-3.2, 1.95, 0])
        states, values, hl, rec = VGroup(), VGroup(), VGroup(), VGroup()
        gdash, gsolid = VGroup(), []
        y_h, y_g = 0.45, -1.15
        for t in range(n):
            cx = self._cell_x(t)
            sq = Square(1.1, color=P.hidden, stroke_width=3).move_to([cx, y_h, 0])
            states.add(sq)
            values.add(self.number(self.v.walk_states[t], size=0.6, color=P.hidden).move_to(sq))
            hl.add(self.math(f"h_{{{t}}}", scale=0.6, color=P.hidden).next_to(sq, UP, 0.12))
            if t:
                rec.add(Line(states[t - 1].get_right(), sq.get_left(), color=P.hidden,
                             stroke_width=2))
            g = Square(1.1, stroke_width=2).move_to([cx, y_g, 0])
            gdash.add(DashedVMobject(g.copy().set_stroke(P.muted, 2), num_dashes=18))
            gsolid.append(g)
        glab = self.text("walk.grad", size=style.SMALL_SIZE, color=P.gradient)
        glab.next_to(gdash, LEFT, buff=0.2)
        self.play(FadeIn(formula), FadeIn(states), FadeIn(values), FadeIn(hl), FadeIn(rec),
                  run_time=0.9)
        self.play(Create(gdash), FadeIn(glab), run_time=0.7)

        def gbox(t: int, value: float, label: str):
            """Gradient box at h_t: outline, fill as strong as what is left, value."""
            sq = gsolid[t].copy().set_stroke(P.gradient, 3)
            sq.set_fill(P.gradient, opacity=0.55 * min(1.0, abs(value)))
            num = self.plain(label, size=style.LABEL_SIZE).move_to(sq)
            return VGroup(sq, num)

        boxes = [None] * n
        boxes[n - 1] = gbox(n - 1, 1.0, "1")
        at = self.text("walk.at", size=style.LABEL_SIZE, color=P.gradient, t=n - 1)
        at.move_to([2.2, 1.95, 0], aligned_edge=LEFT)
        cur = self.plain("1", size=style.BODY_SIZE, color=P.gradient)
        cur.next_to(at, RIGHT, buff=0.25)
        self.play(ReplacementTransform(gdash[n - 1], boxes[n - 1]), FadeIn(at), FadeIn(cur),
                  run_time=0.7)
        for i, (f, p) in enumerate(zip(self.v.walk_factors, self.v.walk_product)):
            t = n - 1 - i                      # the hop h_t -> h_{t-1}
            a = boxes[t][0].get_bottom() + 0.05 * DOWN
            b = gsolid[t - 1].get_bottom() + 0.05 * DOWN
            arc = ArcBetweenPoints(a, b, angle=-1.6, color=P.gradient, stroke_width=3)
            arc.add_tip(tip_length=0.15)
            lab = self.plain("×" + fmt(f), size=style.SMALL_SIZE, color=P.gradient)
            lab.next_to(arc, DOWN, buff=0.08)
            self.play(Create(arc), FadeIn(lab), run_time=0.6)
            boxes[t - 1] = gbox(t - 1, float(p), fmt(p))
            new_at = self.text("walk.at", size=style.LABEL_SIZE, color=P.gradient, t=t - 1)
            new_at.move_to(at, aligned_edge=LEFT)
            new_cur = self.plain(fmt(p), size=style.BODY_SIZE, color=P.gradient)
            new_cur.next_to(new_at, RIGHT, buff=0.25)
            self.play(ReplacementTransform(gdash[t - 1], boxes[t - 1]),
                      ReplacementTransform(at, new_at), ReplacementTransform(cur, new_cur),
                      run_time=0.6)
            at, cur = new_at, new_cur
        self.show("walk_product", cur)
        summary, nums = self.phrase("walk.summary", size=style.BODY_SIZE,
                                    n=len(self.v.walk_factors), p=fmt(self.v.walk_product[-1]))
        nums["p"].set_color(P.gradient)
        summary.move_to([0, -2.75, 0])
        self.show("walk_hops", nums["n"])
        self.show("walk_summary_product", nums["p"])
        self.play(FadeIn(summary), run_time=0.6)
        self.hold(2.0)
        self.clear_stage()

    # ----- 3. factor bars -----------------------------------------------------------------
    def factor_bars(self):
        v, p = self.v, self.params
        k = int(v.factor_steps)
        self.claim("bars", k=k, pw=fmt(p["pushed_w_h"], 2), pm=fmt(v.pushed_max_factor),
                   rw=fmt(p["relu_w_h"], 2))
        top = max(1.0, v.max_factor, v.pushed_max_factor, v.relu_max_factor) * 1.1
        ystep = 0.5
        ymax = ystep * math.ceil(top / ystep)
        xstep = int(_nice_step(k, 5))
        ax = Axes([0, k + 1, xstep], [0, ymax, ystep], x_length=8.6, y_length=4.3,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(xstep, k + 1, xstep))},
                  y_axis_config={"numbers_to_include": list(np.arange(ystep, ymax + 1e-9,
                                                                      ystep)),
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([-2.0, -0.4, 0])
        xl = self.text("bars.hop", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_end(), RIGHT, buff=0.15)
        one = DashedLine(ax.c2p(0, 1), ax.c2p(k + 1, 1), color=P.muted, dash_length=0.12)
        one_l = self.math(r"\times 1", scale=0.7, color=P.muted).next_to(one, RIGHT, 0.15)
        one.set_z_index(2)       # the ×1 line stays visible over bars that reach past it

        def bars(factors):
            g = VGroup()
            imax = int(np.argmax(factors))
            for i, f in enumerate(factors):
                x0, x1 = i + 1 - 0.35, i + 1 + 0.35
                b = Polygon(ax.c2p(x0, 0), ax.c2p(x1, 0), ax.c2p(x1, f), ax.c2p(x0, f),
                            color=P.gradient, fill_opacity=0.8, stroke_width=1)
                if i == imax:
                    b.set_stroke(P.highlight, 2.5)
                g.add(b)
            return g

        def panel(act, w, m, name):
            st = self.text("bars.state", size=style.LABEL_SIZE, color=P.muted,
                           act=self._act_name(act), w=fmt(w, 2))
            st.move_to([3.4, 1.2, 0], aligned_edge=LEFT)
            mx, nums = self.phrase("bars.max", num_color=P.gradient, m=fmt(m))
            mx.next_to(st, DOWN, buff=0.3, aligned_edge=LEFT)
            self.show(name, nums["m"])
            return VGroup(st, mx)

        states = [
            (v.factors, panel(p["activation"], p["w_h"], v.max_factor, "max_factor"), None),
            (v.pushed_factors, panel("tanh", p["pushed_w_h"], v.pushed_max_factor,
                                     "pushed_max_factor"), "bars.brake"),
            (v.relu_factors, panel("relu", p["relu_w_h"], v.relu_max_factor,
                                   "relu_max_factor"), "bars.nobrake"),
        ]
        cur_bars, cur_panel = bars(v.factors), states[0][1]
        self.play(Create(ax), FadeIn(xl), run_time=0.8)
        self.play(Create(one), FadeIn(one_l), run_time=0.6)
        self.play(GrowFromEdge(cur_bars, DOWN), FadeIn(cur_panel), run_time=1.2)
        self.wait(1.2)
        note = None
        for factors, pan, note_key in states[1:] + [states[0]]:
            new_bars = bars(factors)
            if pan is states[0][1]:   # back to the start: a fresh copy of the first panel
                pan = panel(p["activation"], p["w_h"], v.max_factor, "max_factor")
            anims = [ReplacementTransform(cur_bars, new_bars), ReplacementTransform(cur_panel, pan)]
            new_note = None
            if note_key:
                new_note = self.text(note_key, size=style.LABEL_SIZE,
                                     color=P.dead if note_key == "bars.brake" else P.exploded)
                new_note.next_to(pan, DOWN, buff=0.45, aligned_edge=LEFT)
            if note is not None:
                anims.append(FadeOut(note))
            if new_note is not None:
                anims.append(FadeIn(new_note))
            self.play(*anims, run_time=1.2)
            self.wait(1.3)
            cur_bars, cur_panel, note = new_bars, pan, new_note
        self.hold()
        self.clear_stage()

    # ----- 4. the long product on a log axis ----------------------------------------------
    def product_log(self):
        v, p = self.v, self.params
        n = int(p["chain_length"])
        finite = np.finfo(np.float64)
        logs = {key: np.log10(np.clip(np.asarray(arr, dtype=np.float64), finite.tiny,
                                      finite.max))
                for key, arr in (("main", v.product), ("relu", v.relu_product))}
        l_tiny, l_max = math.log10(v.f32_tiny), math.log10(v.f32_max)
        # an exact 0 (a dead ReLU) or a float64 overflow would stretch the axis without end:
        # the axis stops at LOG_CAP decades and values beyond it are drawn on its edge
        lo_raw = max(min(logs["main"].min(), logs["relu"].min(), l_tiny, 0.0), -LOG_CAP)
        hi_raw = min(max(logs["main"].max(), logs["relu"].max(), l_max, 0.0), LOG_CAP)
        step = 24
        while (hi_raw - lo_raw) / step > 6:
            step *= 2
        lo, hi = step * math.floor(lo_raw / step), step * math.ceil(hi_raw / step)
        logs = {key: np.clip(lg, lo, hi) for key, lg in logs.items()}
        self.claim("product", n=n)
        under, r_over = v.float32_underflow_hop, v.relu_overflow_hop
        end_s, rw = fmt(v.final_product), float(p["relu_w_h"])
        self.say(" ".join((
            self.t("product.intro", n=n, step=step),
            self.t("product.say.under", h=under, p=end_s) if under is not None
            else self.t("product.say.never_under", p=end_s),
            self.t("product.say.over", w=fmt(rw, 2), h=r_over) if r_over is not None
            else self.t("product.say.never_over", w=fmt(rw, 2)))))
        xstep = int(_nice_step(n, 4))
        ax = Axes([0, n, xstep], [0, hi - lo, step], x_length=7.4, y_length=4.4,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(xstep, n + 1, xstep)),
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([-2.3, -0.3, 0])

        def pt(hop, lg):
            return ax.c2p(hop, lg - lo)

        grid, ticks = VGroup(), VGroup()
        for e in range(lo, hi + 1, step):
            grid.add(Line(pt(0, e), pt(n, e), color=P.muted, stroke_width=1,
                          stroke_opacity=0.3))
            ticks.add(self.math(f"10^{{{e}}}", scale=0.6, color=P.muted)
                      .next_to(pt(0, e), LEFT, buff=0.15))
        xl = self.text("product.axis", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.numbers[-1], RIGHT, buff=0.2)
        tiny = DashedLine(pt(0, l_tiny), pt(n, l_tiny), color=P.dead, dash_length=0.12)
        big = DashedLine(pt(0, l_max), pt(n, l_max), color=P.exploded, dash_length=0.12)
        tiny_l = self.text("product.tiny", size=style.SMALL_SIZE, color=P.dead)
        tiny_l.next_to(pt(n * 0.03, l_tiny), UP, buff=0.1, aligned_edge=LEFT)
        big_l = self.text("product.max", size=style.SMALL_SIZE, color=P.exploded)
        big_l.next_to(pt(n * 0.03, l_max), DOWN, buff=0.1, aligned_edge=LEFT)
        self.play(Create(ax), FadeIn(grid), FadeIn(ticks), FadeIn(xl), run_time=1.0)
        self.play(Create(tiny), FadeIn(tiny_l), Create(big), FadeIn(big_l), run_time=0.8)

        # right-hand panel
        px = 2.35

        def draw(lg, act, w, y_label):
            """Grow one product curve with a live hop counter; return (curve, label)."""
            pts = [pt(0, 0.0)] + [pt(i + 1, lg[i]) for i in range(n)]
            hop = ValueTracker(0)

            def poly():
                m = max(1, int(hop.get_value()))
                c = VMobject(color=P.gradient, stroke_width=3)
                c.set_points_as_corners(pts[:m + 1])
                return c

            curve = always_redraw(poly)
            lab = self.text("product.curve", size=style.LABEL_SIZE, color=P.gradient,
                            act=self._act_name(act), w=fmt(w, 2))
            lab.move_to([px, y_label, 0], aligned_edge=LEFT)
            counter, nums = self.phrase("product.hop", color=P.muted, h=0)
            hn = self.number(0, places=0, size=0.55, color=P.muted).move_to(nums["h"],
                                                                           aligned_edge=LEFT)
            counter.remove(nums["h"]).add(hn)
            counter.next_to(lab, DOWN, buff=0.2, aligned_edge=LEFT)
            hn.add_updater(lambda m: m.set_value(int(hop.get_value())))
            self.add(curve)
            self.play(FadeIn(lab), FadeIn(counter), run_time=0.5)
            self.play(hop.animate.set_value(n), run_time=4.5, rate_func=linear)
            curve.clear_updaters()
            hn.clear_updaters().set_value(n)
            self.play(FadeOut(counter), run_time=0.4)
            return curve, lab

        def marker(hop_idx, lg, key, color, anchor):
            """Dot and dashed drop at a crossing hop, and the panel line naming it."""
            if hop_idx is None:
                line = self.text(key.replace(".", ".never_"), size=style.LABEL_SIZE, color=color)
                line.next_to(anchor, DOWN, buff=0.2, aligned_edge=LEFT)
                self.play(FadeIn(line), run_time=0.5)
                return line, None
            d = Dot(pt(hop_idx, lg[hop_idx - 1]), radius=0.08, color=color)
            drop = DashedLine(pt(hop_idx, lo), pt(hop_idx, hi), color=color, stroke_width=2,
                              dash_length=0.1)
            line, nums = self.phrase(key, color=color, h=hop_idx)
            line.next_to(anchor, DOWN, buff=0.2, aligned_edge=LEFT)
            self.play(Create(drop), FadeIn(d), FadeIn(line), run_time=0.8)
            return VGroup(line, d, drop), nums["h"]

        main_act, main_w = p["activation"], float(p["w_h"])
        over = v.float32_overflow_hop
        curve, lab = draw(logs["main"], main_act, main_w, 1.8)
        mk, h_mob = marker(under, logs["main"], "product.under", P.dead, lab)
        if h_mob is not None:
            self.show("underflow_hop", h_mob)
        last = mk[0] if isinstance(mk, VGroup) else mk
        if over is not None:
            mk2, h2 = marker(over, logs["main"], "product.over", P.exploded, last)
            self.show("overflow_hop", h2)
            last = mk2[0]
        end, nums = self.phrase("product.end", color=P.gradient, p=end_s)
        end.next_to(last, DOWN, buff=0.2, aligned_edge=LEFT)
        self.show("final_product", nums["p"])
        end_dot = Dot(pt(n, logs["main"][-1]), radius=0.07, color=P.gradient)
        self.play(FadeIn(end), FadeIn(end_dot), run_time=0.6)
        self.wait(1.0)

        # the ReLU chain climbs
        self.play(curve.animate.set_stroke(opacity=0.35), end_dot.animate.set_opacity(0.35),
                  run_time=0.5)
        _, rlab = draw(logs["relu"], "relu", rw, -0.75)
        rmk, rh = marker(r_over, logs["relu"], "product.over", P.exploded, rlab)
        if rh is not None:
            self.show("relu_overflow_hop", rh)
            nan = self.text("product.nan", size=style.LABEL_SIZE, color=P.exploded)
            nan.next_to(rmk[0], DOWN, buff=0.2, aligned_edge=LEFT)
            self.play(FadeIn(nan), run_time=0.6)
        self.hold(2.0)
        self.clear_stage()

    # ----- 5. clipping --------------------------------------------------------------------
    def clipping(self):
        v, p = self.v, self.params
        g0, th = float(p["clip_norm"]), float(p["clip_threshold"])
        self.claim("clip", n=fmt(g0, 1), th=fmt(th, 1), s=fmt(v.clip_scale))
        formula = self.math(r"g \leftarrow g \cdot \min\!\left(1,\ \frac{\tau}{\lVert g\rVert}"
                            r"\right)", scale=0.75)
        formula[0][0].set_color(P.gradient)
        formula[0][2].set_color(P.gradient)
        formula.move_to([3.2, 2.05, 0])

        def axis(top):
            st = _nice_step(top, 9)
            top = st * math.ceil(top / st)
            nl = NumberLine([0, top, st], length=11.0, color=P.muted, include_tip=False,
                            include_numbers=True, font_size=24,
                            decimal_number_config={"num_decimal_places": 0 if st >= 1 else 1})
            nl.move_to([-0.3, -0.55, 0])
            return nl

        nl = axis(max(g0, th) * 1.02)
        y_big = 0.75
        norm = ValueTracker(g0)

        def big_bar(line):
            def f():
                x0, x1 = line.n2p(0), line.n2p(norm.get_value())
                return Rectangle(width=max(x1[0] - x0[0], 1e-4), height=0.45, color=P.gradient,
                                 fill_opacity=0.8, stroke_width=1).move_to(
                    [(x0[0] + x1[0]) / 2, y_big, 0])
            return f

        def thr(line):
            x = line.n2p(th)[0]
            dl = DashedLine([x, -0.55, 0], [x, 1.2, 0], color=P.muted, dash_length=0.1)
            lab = self.math(rf"\tau = {fmt(th, 1)}", scale=0.65, color=P.muted)
            lab.next_to(dl.get_end(), RIGHT, buff=0.12)
            return VGroup(dl, lab)

        bar = always_redraw(big_bar(nl))
        threshold = thr(nl)
        gl = self.math("g", scale=0.75, color=P.gradient).next_to(nl.n2p(0), LEFT, 0.35)
        gl.set_y(y_big)
        nlab = self.math(r"\lVert g\rVert =", scale=0.75, color=P.gradient).move_to([-5.3, -1.6, 0])
        nnum = self.number(g0, places=1, size=0.65, color=P.gradient).next_to(nlab, RIGHT, 0.15)
        nnum.add_updater(lambda m: m.set_value(norm.get_value()))
        self.play(FadeIn(formula), Create(nl), run_time=0.9)
        self.play(FadeIn(bar), FadeIn(gl), FadeIn(VGroup(nlab, nnum)), Create(threshold),
                  run_time=0.9)
        self.wait(0.6)
        self.play(norm.animate.set_value(v.clipped_norm), run_time=3.0, rate_func=smooth)
        nnum.clear_updaters().set_value(v.clipped_norm)
        sc, sn = self.phrase("clip.scale", color=P.gradient, s=fmt(v.clip_scale))
        sc.move_to([-2.4, -1.6, 0], aligned_edge=LEFT)
        af, an = self.phrase("clip.after", color=P.gradient, n=fmt(v.clipped_norm))
        af.next_to(sc, RIGHT, buff=0.6)
        self.show("clip_scale", sn["s"])
        self.show("clipped_norm", an["n"])
        self.play(FadeIn(sc), FadeIn(af), run_time=0.6)
        self.wait(1.0)

        # zoom in around the threshold; the vanished gradient from the walk goes through
        small = float(v.walk_product[-1])
        res = scalar.clip_global_norm(abs(small), th)
        nl2 = axis(max(1.3 * th, abs(small) * 1.1))
        bar.clear_updaters()
        x0 = nl2.n2p(0)[0]
        bar2 = Rectangle(width=max(nl2.n2p(v.clipped_norm)[0] - x0, 1e-4), height=0.45,
                         color=P.gradient, fill_opacity=0.8, stroke_width=1)
        bar2.move_to([x0 + bar2.width / 2, y_big, 0])
        self.play(ReplacementTransform(nl, nl2), ReplacementTransform(bar, bar2),
                  ReplacementTransform(threshold, thr(nl2)), run_time=1.2)
        y_small = 0.05
        sw = max(nl2.n2p(res.clipped_norm)[0] - x0, 1e-3)
        sbar = Rectangle(width=sw, height=0.3, color=P.gradient, fill_opacity=0.9,
                         stroke_width=1).move_to([x0 + sw / 2, y_small, 0])
        sl, snums = self.phrase("clip.small", size=style.SMALL_SIZE, color=P.gradient,
                                g=fmt(small), s=fmt(res.scale), c=fmt(res.clipped_norm))
        sl.next_to(sbar, RIGHT, buff=0.3)
        x_thr = nl2.n2p(th)[0]
        if sl.get_left()[0] - 0.15 < x_thr < sl.get_right()[0] + 0.15:   # keep off the τ line
            sl.move_to([x0, -1.15, 0], aligned_edge=LEFT)     # under the axis numbers
        self.show("small_gradient", snums["g"])
        self.show("small_scale", snums["s"])
        self.play(FadeIn(sbar), FadeIn(sl), run_time=0.8)
        if res.scale == 1.0:
            note = self.text("clip.untouched", size=style.BODY_SIZE)
            note.move_to([0, -2.5, 0])
            self.play(FadeIn(note), run_time=0.6)
        self.hold(2.0)
