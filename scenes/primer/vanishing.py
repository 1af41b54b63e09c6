"""§02 How the gradient dies in the loop (one hop, the backward walk, factor bars, the long
product on a log axis, global-norm clipping)."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, ArcBetweenPoints, Axes, Create, DashedLine,
                   DashedVMobject, Dot, FadeIn, FadeOut, GrowFromEdge, Line, NumberLine, Polygon,
                   Rectangle, ReplacementTransform, Square, Text, ValueTracker, VGroup, VMobject,
                   LaggedStart, ManimColor, linear, smooth)

from mathcore.primer.vanishing import bars_case, power_case

from .. import style
from ..base import NUMBER_FONT, Fixed, LectureScene, Plays, Val
from ..baseline import SCRIPT_RISE, SCRIPT_SCALE, _baseline
from ..live import Live, corners

P = style.PALETTE


#: Why the digits in the section's sentences are not values.
_ONE = "the ×1 line: a factor that neither shrinks nor grows the gradient"
_F32 = "the name of the float32 type"

#: The factor-bar beat's verdict on one row of bars (``bars_case`` in the values): the note on
#: screen and the narration line, for each of the three rows.
_VERDICT = {
    "below": ({"zh": "最大 {m}：每根柱子都低于 ×1", "en": "largest {m}: every bar below ×1"},
              {"zh": "{act}、W_h = {w}：每根柱子都低于 ×1，最大的是 {m}。",
               "en": "{act} at W_h = {w}: every bar is below ×1, the largest {m}."}),
    "above": ({"zh": "最大 {m}：每根柱子都高于 ×1", "en": "largest {m}: every bar above ×1"},
              {"zh": "{act}、W_h = {w}：每根柱子都高于 ×1，最小的也有 {lo}。",
               "en": "{act} at W_h = {w}: every bar is above ×1, even the smallest, {lo}."}),
    "reaches": ({"zh": "最大 {m}：达到 ×1", "en": "largest {m}: it reaches ×1"},
                {"zh": "{act}、W_h = {w}：最大的柱子 {m} 达到了 ×1。",
                 "en": "{act} at W_h = {w}: the largest bar, {m}, reaches ×1."}),
}

#: The rows of the factor-bar beat: text key, values prefix, activation, W_h parameter.
_ROWS = (("main", "", None, "w_h"), ("pushed", "pushed_", "tanh", "pushed_w_h"),
         ("relu", "relu_", "relu", "relu_w_h"))

#: Below this share of the last token's gradient, the first token's has vanished (the strip's
#: fill is then under a tenth of the last's): clip.late.say's case.
LATE_SHARE = 0.1
#: The side of the backward walk's boxes (1.5 apart): a value such as "−0.121" fits with room.
BOX = 1.2
#: The size of the "10" of the product's norm: its live exponent, at SCRIPT_SCALE of it, is
#: the legible minimum (SMALL_SIZE).
TEN_SIZE = style.SMALL_SIZE / SCRIPT_SCALE

TEXT = {
    # ----- 1. one hop --------------------------------------------------------------------------
    "hop": {"zh": "往回一跳乘以斜率 × $W_h$：最多等于 $W_h$",
            "en": "One hop back multiplies by slope × $W_h$: at most $W_h$"},
    "hop.say": {
        "zh": "要让第一个 token 也得到学习信号，误差得从最后的状态倒着走回去。每退一步都乘一次这一步的导数：斜率乘共享的 W_h。",
        "en": "To learn from the first token, the error has to walk back from the last state. Each step back multiplies it by that step's derivative: the slope times the shared W_h."},
    "hop.w": {"zh": "$W_h$ = {w}", "en": "$W_h$ = {w}"},
    "hop.note.tanh": {"zh": "只有 $z = 0$ 时柱子才碰到 $W_h$",
                      "en": "the bar reaches $W_h$ only at $z = 0$",
                      "fixed": {"0": "the only point where tanh's slope is 1"}},
    "hop.note.relu": {"zh": "$z > 0$ 时柱子正好等于 $W_h$", "en": "for $z > 0$ the bar equals $W_h$",
                      "fixed": {"0": "where ReLU switches on"}},
    "hop.note.zero": {"zh": "$W_h$ = {w}：每根柱子都是 {w}", "en": "$W_h$ = {w}: every bar is {w}"},
    "hop.note.say.tanh": {
        "zh": "tanh 的斜率最高是 1，只在 z = 0 取到，所以柱子只在那一点碰到 W_h = {w} 的虚线。",
        "en": "The slope of tanh peaks at 1, only at z = 0, so only there does the bar reach the dashed line at W_h = {w}.",
        "fixed": {"1": "tanh's largest slope", "0": "the only point where tanh's slope is 1"}},
    "hop.note.say.relu": {
        "zh": "ReLU 的斜率在 z > 0 处处是 1，其余地方是 0：柱子在整个正半轴上正好等于 W_h = {w}，在负半轴上直接归零。",
        "en": "ReLU's slope is 1 wherever z > 0 and 0 elsewhere, so the bar equals W_h = {w} on the whole positive side and vanishes on the negative side.",
        "fixed": {"1": "ReLU's slope where it is on",
                  "0": "where ReLU switches on; its slope where it is off"}},
    "hop.note.say.zero": {
        "zh": "W_h = {w} 时每根柱子都是 {w}：梯度连一跳都退不回去。",
        "en": "With W_h = {w} every bar is {w}: the gradient does not get back even one hop."},
    "hop.sat.say.tanh": {
        "zh": "走到 z = {z}，斜率只剩 {s}：饱和的单元对输入几乎不再有反应，经过它的梯度也几乎被乘没了。",
        "en": "Out at z = {z} the slope is down to {s}: a saturated unit barely responds to its input any more, and the gradient through it is multiplied by almost nothing."},
    "hop.sat.say.relu": {
        "zh": "在 z < 0 一侧斜率是 {s}：关掉的单元对输入没有反应，经过它的梯度也被乘成 0。",
        "en": "For z < 0 the slope is {s}: a unit that is off does not respond to its input, and the gradient through it is multiplied by zero.",
        "fixed": {"0": "where ReLU switches on"}},
    # ----- 2. backward walk --------------------------------------------------------------------
    "walk": {"zh": "倒着走：每一跳都要乘一次", "en": "Walking back: one multiplication per hop"},
    "walk.say": {
        "zh": "回到八个 token 的序列，W_h = {w}。梯度从 h_7 出发，大小为 {g}，一跳一跳退回 h_0。",
        "en": "Back to an eight-token sequence, at W_h = {w}. The gradient leaves h_7 with size {g} and steps back to h_0.",
        "fixed": {"7": "index of the last state", "0": "index of the first state"}},
    "walk.hops.say": {
        "zh": "弧下是每跳的因子，方格里是乘到这里的结果。",
        "en": "Under each arc is that hop's factor, in each box the product so far."},
    "walk.trouble.say": {
        "zh": "每个因子都只是一个普通的数，麻烦在于它们要连乘。",
        "en": "Each factor is an ordinary number; the trouble is that they multiply."},
    "walk.grad": {"zh": "梯度", "en": "gradient"},
    "walk.at": {"zh": "到达 $h_{{{t}}}$ 的梯度", "en": "gradient at $h_{{{t}}}$"},
    "walk.factor": {"zh": "×{f}", "en": "×{f}"},
    "walk.summary": {"zh": "{n} 跳：{g} → {p}", "en": "{n} hop{n_s}: {g} → {p}"},
    # ----- 3. factor bars ----------------------------------------------------------------------
    "bars": {"zh": "{k} 个因子对照 ×1：$\\tanh$ 会饱和，ReLU 不会",
             "en": "{k} factor{k_s} against ×1: $\\tanh$ saturates, ReLU does not",
             "fixed": {"1": _ONE}},
    "bars.say": {
        "zh": "把前 {k} 跳的因子排成柱子，虚线 ×1 是缩小与放大的分界。tanh 的斜率最多是 1，z 离 0 越远越小，所以 tanh 的柱子从不超过它的 W_h；ReLU 导通处斜率恰好是 1。",
        "en": "The factors of the first {k} hop{k_s} as bars; the dashed ×1 line divides shrinking from growing. tanh's slope is at most 1 and falls as z moves away from 0, so a tanh bar never tops its W_h; ReLU's slope is exactly 1 wherever it is on.",
        "fixed": {"1": _ONE + "; tanh's and ReLU's largest slope",
                  "0": "the point where tanh is steepest"}},
    "bars.state": {"zh": "{act}，$W_h$ = {w}", "en": "{act}, $W_h$ = {w}"},
    # pushed_w_h above w_h (as shown): each bar's W_h grows, its slope can collapse
    "bars.sweep.say.up": {
        "zh": "现在在 tanh 下让 W_h 从 {w0} 升到 {w1}，柱子跟着动。每根柱子是 W_h 乘它所在状态的斜率：W_h 变大，状态也往往被推向两端，那里斜率塌下去，可能把柱子拉回来。",
        "en": "Now W_h slides from {w0} up to {w1} under tanh and the bars follow. Each bar is W_h times the slope at its state: a larger W_h also tends to push the states towards the ends, where the slope collapses and can pull the bars back down."},
    # pushed_w_h below w_h (as shown): each bar's W_h shrinks, its slope can recover
    "bars.sweep.say.down": {
        "zh": "现在在 tanh 下让 W_h 从 {w0} 降到 {w1}，柱子跟着动。每根柱子是 W_h 乘它所在状态的斜率：W_h 变小，每根柱子里的 W_h 都变小，但状态也可能离开两端，那里的斜率会回升。",
        "en": "Now W_h slides from {w0} down to {w1} under tanh and the bars follow. Each bar is W_h times the slope at its state: a smaller W_h scales down the W_h in every bar, but it can also draw the states in from the ends, where the slope recovers."},
    # pushed_w_h = w_h (as shown): the sweep has nowhere to go
    "bars.sweep.say.same": {
        "zh": "这里 W_h 要去的值就是 {w0}，柱子不动。W_h 再大，状态会被推向两端，那里斜率塌下去，可能把柱子拉回来。",
        "en": "Here the W_h it would slide to is {w0} itself, so the bars stay put. A larger W_h would push the states towards the ends, where the slope collapses and can pull the bars back down."},
    "bars.toggle.say": {
        "zh": "激活函数来回切换：tanh 的刹车在，柱子就矮；换成 ReLU，导通处斜率是 1，刹车就没了。",
        "en": "The activation switches back and forth: with tanh the brake holds the bars down; with ReLU the slope is 1 wherever it is on, and the brake is gone.",
        "fixed": {"1": "ReLU's slope where it is on"}},
    "bars.hop": {"zh": "跳", "en": "hop"},
    # ----- 4. the long product -----------------------------------------------------------------
    "product.under": {"zh": "{n} 个因子连乘：跌破 float32 的最小正规数",
                      "en": "{n} factor{n_s} multiplied: below float32's smallest normal",
                      "fixed": {"32": _F32}},
    "product.over": {"zh": "{n} 个因子连乘：超过 float32 的最大有限值",
                     "en": "{n} factor{n_s} multiplied: above float32's largest finite",
                     "fixed": {"32": _F32}},
    "product.within": {"zh": "{n} 个因子连乘：始终在 float32 的范围内",
                       "en": "{n} factor{n_s} multiplied: it stays within float32",
                       "fixed": {"32": _F32}},
    "product.intro": {
        "zh": "纵轴取对数，每格 {step} 个数量级；两条虚线是 float32 的下限和上限。把 {n} 个因子乘起来，就是真正到达 h_0 的数。",
        "en": "The axis is logarithmic, {step} decades per grid line; the dashed lines are float32's floor and ceiling. Multiply the {n} factor{n_s}: that is what actually reaches h_0.",
        "fixed": {"0": "index of the first state", "32": _F32}},
    "product.main.say.under": {
        "zh": "这组参数下乘积在第 {h} 跳跌破下限，终点 {p}。",
        "en": "With these settings the product falls through the floor at hop {h} and ends at {p}."},
    "product.main.say.over": {
        "zh": "这组参数下乘积在第 {h} 跳越过上限，终点 {p}。",
        "en": "With these settings the product passes the ceiling at hop {h} and ends at {p}."},
    "product.main.say.within": {
        "zh": "这组参数下乘积始终在两条虚线之间，终点 {p}。",
        "en": "With these settings the product stays between the two lines and ends at {p}."},
    "product.relu.say.under": {
        "zh": "换成 ReLU、W_h = {w}，乘积在第 {h} 跳跌破下限。",
        "en": "With ReLU at W_h = {w} the product falls through the floor at hop {h}."},
    "product.relu.say.over": {
        "zh": "换成 ReLU、W_h = {w}，乘积往上爬，第 {h} 跳越过上限：float32 把它变成 {x}，用它更新一次，权重就成了 inf，损失随之变成 NaN。",
        "en": "With ReLU at W_h = {w} the product climbs and passes the ceiling at hop {h}: float32 turns it into {x}, and one update with it makes the weights inf and then the loss NaN.",
        "fixed": {"32": _F32}},
    "product.relu.say.within": {
        "zh": "换成 ReLU、W_h = {w}，乘积始终在两条虚线之间，终点 {p}。",
        "en": "With ReLU at W_h = {w} the product stays between the two lines and ends at {p}."},
    "product.tiny": {"zh": "float32 最小正规数", "en": "float32 smallest normal",
                     "fixed": {"32": _F32}},
    "product.max": {"zh": "float32 最大有限值", "en": "float32 largest finite",
                    "fixed": {"32": _F32}},
    "product.curve": {"zh": "{act}，$W_h$ = {w}", "en": "{act}, $W_h$ = {w}"},
    "product.main.under": {"zh": "第 {h} 跳跌破下线", "en": "below at hop {h}"},
    "product.main.over": {"zh": "第 {h} 跳越过上线", "en": "above at hop {h}"},
    "product.main.within": {"zh": "始终在两线之间", "en": "stays between the lines"},
    "product.relu.under": {"zh": "第 {h} 跳跌破下线", "en": "below at hop {h}"},
    "product.relu.over": {"zh": "第 {h} 跳越过上线", "en": "above at hop {h}"},
    "product.relu.within": {"zh": "始终在两线之间", "en": "stays between the lines"},
    "product.end": {"zh": "终点 {p}", "en": "end value {p}"},
    "product.f32": {"zh": "按 float32 相乘：{x}", "en": "multiplied in float32: {x}",
                    "fixed": {"32": _F32}},
    "product.axis": {"zh": "跳数 $k$", "en": "hop $k$"},
    # ----- 5. the largest singular value ------------------------------------------------------
    "dims": {"zh": "多维时，由 $W_h$ 的最大奇异值说了算",
             "en": "In many dimensions the largest singular value of $W_h$ decides"},
    "dims.say": {
        "zh": "状态有 {d} 个数时，W_h 是 {d}×{d} 的矩阵。把每个斜率都当作 1，也就是单元都在 z = 0 附近：每往回一跳，梯度就乘一次 W_h 本身，k 跳就乘上 W_h 的 k 次方。图里是这个乘积的大小，纵轴取对数。",
        "en": "With a state of {d} number{d_s}, W_h is {d}×{d}. Take every slope as 1, every unit near z = 0: then each hop back multiplies the gradient by W_h itself, and k hops by W_h to the power k. The chart shows how large that product is, on a log axis.",
        "fixed": {"1": "tanh's largest slope, taken for every unit",
                  "0": "where tanh's slope is 1"}},
    "dims.sweep.say": {
        "zh": "现在最大奇异值 σ 先降到 {lo}，再升到 {hi}。整个矩阵跟着缩放，直线绕着起点转：σ 小于 1 时往下走，大于 1 时往上爬。这个 W_h 是对称的，所以其余较小的奇异值不改变它的斜率。",
        "en": "Now the largest singular value σ goes down to {lo}, then up to {hi}. The whole matrix scales with it and the line turns about its start: below 1 it falls, above 1 it climbs. This W_h is symmetric, so the smaller singular values never change its slope.",
        "fixed": {"1": "the ×1 line: the product neither shrinks nor grows"}},
    "dims.verdict.say.grows": {
        "zh": "σ = {s} 时，{k} 跳最多能把梯度的大小乘上 {n}。对这个对称的 W_h，σ 大于 1 时乘积每一跳都在变大，跳数一多就爆炸：接下来的裁剪防的正是这个。",
        "en": "At σ = {s}, {k} hop{k_s} can multiply the gradient's size by up to {n}. For this symmetric W_h, above 1 the product grows with every hop and, given enough hops, explodes: that is what clipping, next, is for.",
        "fixed": {"1": "the ×1 line"}},
    "dims.verdict.say.shrinks": {
        "zh": "σ = {s} 时，{k} 跳之后梯度的大小最多剩 {n}。小于 1，哪怕没有一个单元饱和，乘积也一定变小。",
        "en": "At σ = {s}, {k} hop{k_s} leave at most {n} of the gradient's size. Below 1 the product must shrink, even with no unit saturated.",
        "fixed": {"1": "the ×1 line"}},
    "dims.verdict.say.holds": {
        "zh": "σ = {s} 时乘积大小不变：{k} 跳之后仍是 {n}。",
        "en": "At σ = {s} the product keeps its size: after {k} hop{k_s} it is still {n}."},
    "dims.note.grows": {"zh": "$\\sigma_{{\\max}} > 1$：乘积变大",
                        "en": "$\\sigma_{{\\max}} > 1$: the product grows",
                        "fixed": {"1": "the ×1 line"}},
    "dims.note.shrinks": {"zh": "$\\sigma_{{\\max}} < 1$：乘积变小",
                          "en": "$\\sigma_{{\\max}} < 1$: the product shrinks",
                          "fixed": {"1": "the ×1 line"}},
    "dims.note.holds": {"zh": "$\\sigma_{{\\max}} = 1$：乘积不变",
                        "en": "$\\sigma_{{\\max}} = 1$: the product holds",
                        "fixed": {"1": "the ×1 line"}},
    "dims.after": {"zh": "{k} 跳之后：×{n}", "en": "after {k} hop{k_s}: ×{n}"},
    "dims.norm": {"tex": r"\lVert W_h^{@k} \rVert"},
    "dims.tick": {"tex": r"10^{@e}"},
    "dims.strip": {"zh": "$W_h$ 的 {d} 个奇异值", "en": "the {d} singular values of $W_h$"},
    "dims.hop": {"zh": "跳数 $k$", "en": "hop $k$"},
    # ----- 6. clipping -------------------------------------------------------------------------
    "clip": {"zh": "裁剪只压过大的梯度，救不了消失的",
             "en": "Clipping caps large gradients; it cannot lift small ones"},
    "clip.say": {
        "zh": "在多维里乘积是真的会爆的。最常用的防护是全局范数裁剪（Pascanu、Mikolov 和 Bengio，2013）：梯度的范数超过阈值，就把整个梯度缩到阈值上。",
        "en": "In many dimensions the product really can blow up. The usual guard is global-norm clipping (Pascanu, Mikolov and Bengio, 2013): when the gradient's norm is above a threshold, the whole gradient is scaled down to it.",
        "fixed": {"2013": "year of the paper that introduced it"}},
    "clip.case.say.clipped": {
        "zh": "这里范数 {n} 超过阈值 {th}，整个梯度乘以 {s}。",
        "en": "Here a norm of {n} is above the threshold {th}, so the whole gradient is scaled by {s}."},
    "clip.case.say.passes": {
        "zh": "这里范数 {n} 没有超过阈值 {th}，缩放为 {s}，梯度原样通过。",
        "en": "Here the norm, {n}, is not above the threshold {th}, so the scale is {s} and the gradient passes through as it is."},
    # the norm before clipping against the threshold (the live readout ends after clipping)
    "clip.case.clipped": {"zh": "裁剪前 {n}，超过 $\\tau$：整体缩小",
                          "en": "before clipping {n}, above $\\tau$: scaled down"},
    "clip.case.passes": {"zh": "裁剪前 {n}，不超过 $\\tau$：原样通过",
                         "en": "before clipping {n}, not above $\\tau$: it passes"},
    "clip.small.say": {
        "zh": "它只管过大的一边：低于阈值的梯度原样通过，不报错，也没有任何提示。",
        "en": "It only acts on the large side: a gradient below the threshold passes through untouched, with no error and no warning."},
    "clip.small_case.say.passes": {
        "zh": "倒着走得到的梯度 {g} 没有超过阈值，缩放为 {s}，就这样通过。",
        "en": "The gradient the walk brought back, {g}, is not above the threshold: its scale is {s}, and it goes through."},
    "clip.small_case.say.clipped": {
        "zh": "这组参数下倒着走得到的梯度 {g} 超过了阈值，乘以 {s}。",
        "en": "With these settings the walk's gradient, {g}, is above the threshold and is scaled by {s}."},
    "clip.silent.say": {
        "zh": "消失是安静的失败：不报错，没有警告，数值也都正常，损失也可能照样下降。",
        "en": "Vanishing fails silently: no error, no warning, every number finite, and the loss can still fall."},
    "clip.late.say.vanishes": {
        "zh": "模型可能悄悄学会只看最后几个 token，因为只有离得近的 token 梯度还没有衰减殆尽（Bengio、Simard 和 Frasconi，1994）。",
        "en": "The model can quietly learn to predict from the last few tokens only, the ones close enough for their gradient not to have vanished (Bengio, Simard and Frasconi, 1994).",
        "fixed": {"1994": "year of the paper that showed it"}},
    "clip.late.say.reaches": {
        "zh": "这组权重下，梯度往回走并没有消失：第一个 token 收到的仍不少于最后一个的十分之一。梯度真消失时，模型就可能悄悄学会只看最后几个 token（Bengio、Simard 和 Frasconi，1994）。",
        "en": "With these weights the gradient does not vanish on the way back: the first token still gets at least a tenth of what the last one gets. Where it does vanish, the model can quietly learn from the last few tokens only (Bengio, Simard and Frasconi, 1994).",
        "fixed": {"1994": "year of the paper that showed it"}},
    "clip.reach": {"zh": "每个 token 收到的梯度", "en": "each token's gradient"},
    "clip.tau": {"tex": r"\tau = @t"},
    "clip.scale": {"zh": "缩放 ×{s}", "en": "scale ×{s}"},
    "clip.after": {"zh": "裁剪后 {n}", "en": "after clipping {n}"},
    "clip.small": {"zh": "$h_0$ 处的梯度 {g}：×{s} → {c}", "en": "gradient at $h_0$ {g}: ×{s} → {c}",
                   "fixed": {"0": "index of the first state"}},
    "clip.small_case.passes": {"zh": "$h_0$ 处的梯度不超过 $\\tau$：原样通过",
                               "en": "at $h_0$: not above $\\tau$, so it passes",
                               "fixed": {"0": "index of the first state"}},
    "clip.small_case.clipped": {"zh": "$h_0$ 处的梯度超过 $\\tau$：被缩小",
                                "en": "at $h_0$: above $\\tau$, so it is scaled down",
                                "fixed": {"0": "index of the first state"}},
}
for _row, *_ in _ROWS:
    for _case, (_note, _say) in _VERDICT.items():
        TEXT[f"bars.{_row}.{_case}"] = dict(_note, fixed={"1": _ONE})
        TEXT[f"bars.{_row}.say.{_case}"] = dict(_say, fixed={"1": _ONE})


class Vanishing(LectureScene):
    """§02: the hop factor, the backward walk, factor bars, the long product, clipping."""

    SECTION_ID = "primer-02-vanishing"
    BEATS = ("hop_bar", "backward_walk", "factor_bars", "product_log", "singular_value",
             "clipping")
    TEXT = TEXT

    # ----- helpers ------------------------------------------------------------------------
    @staticmethod
    def _act_name(act: str, math: bool = True) -> str:
        """The activation's name in a sentence (typeset on screen, plain in narration)."""
        if act == "tanh":
            return r"$\tanh$" if math else "tanh"
        return "ReLU"

    @staticmethod
    def _fit(mob, width: float):
        """Shrink a readout that is wider than the box it sits in, but never below the
        legible SMALL_SIZE (a long value then reaches past its box, into the gap beside it)."""
        if mob.width > width:
            sizes = [m.font_size for m in mob.get_family() if isinstance(m, Text)]
            least = style.SMALL_SIZE / min(sizes) if sizes else 0.0
            mob.scale(max(width / mob.width, min(1.0, least)))
        return mob

    @staticmethod
    def _hop_field(path: str | None) -> dict:
        """The ``h`` field of a crossing sentence (none when the chain crosses nothing)."""
        return {} if path is None else {"h": Val(path, "int")}

    def _tracker(self):
        """A sweep index and the rounded position it stands at."""
        i = ValueTracker(0)
        return i, (lambda: self.at(i))

    # ----- 1. one hop ---------------------------------------------------------------------
    def hop_bar(self):
        v, p = self.v, self.params
        act = p["activation"]
        self.claim("hop")
        ax = Axes([-3, 3, 1], [0, v.hop_axis_top, 0.5], x_length=7.0, y_length=4.0,
                  axis_config={"color": P.muted, "include_tip": False},
                  x_axis_config={"numbers_to_include": [-2, 0, 2], "font_size": 24})
        ax.move_to([-3.1, 0.05, 0])
        self.ticks(ax)
        curve = VMobject(color=P.muted, stroke_width=3)
        curve.set_points_as_corners([ax.c2p(z, s) for z, s in zip(v.hop_curve_z,
                                                                  v.hop_curve_slope)])
        cname = r"\tanh'(z)" if act == "tanh" else r"\mathrm{ReLU}'(z)"
        clabel = self.math(cname, scale=0.7, color=P.muted).move_to(ax.c2p(-2.0, 0.55))
        zlab = self.math("z", scale=0.7, color=P.muted).next_to(ax.x_axis.get_end(), RIGHT, 0.15)
        wline = DashedLine(ax.c2p(-3, p["w_h"]), ax.c2p(3, p["w_h"]), color=P.muted,
                           dash_length=0.12)
        wlab = self.text("hop.w", size=style.LABEL_SIZE, color=P.muted,
                         w=Val("param.w_h", "num"))
        # above the line, except under ReLU whose slope curve runs just above it at 1
        wlab.next_to(wline.get_end(), DOWN if v.hop_case == "relu" else UP, buff=0.1,
                     aligned_edge=RIGHT)
        i, k = self._tracker()

        def bar(j):
            zz, f, s = v.hop_sweep_z[j], v.hop_sweep_factor[j], v.hop_sweep_slope[j]
            x0, x1 = zz - 0.09, zz + 0.09
            rect = Polygon(ax.c2p(x0, 0), ax.c2p(x1, 0), ax.c2p(x1, f), ax.c2p(x0, f),
                           color=P.gradient, fill_opacity=0.85, stroke_width=1)
            return VGroup(rect, Dot(ax.c2p(zz, s), radius=0.06, color=P.muted))

        def hop_read(m):    # the bar's centre z and top f, and the slope dot's height, on ax
            rect, dot = m
            return [ax.p2c(rect.get_center())[0], ax.p2c(rect.get_vertices()[2])[1],
                    ax.p2c(dot.get_center())[1]]

        # the narration names the sweep's turn (the saturated z): it must stand there
        sweep = Live(self, k, over="hop_sweep_z", at="hop_sweep_turn")
        live = sweep.redraw(bar, path=("hop_sweep_z[{i}]", "hop_sweep_factor[{i}]",
                                       "hop_sweep_slope[{i}]"), measure=hop_read)
        zl = self.eq_label("z", scale=0.8).move_to([1.6, 1.3, 0], aligned_edge=LEFT)
        zn = self.beside(self.number("hop_sweep_z[0]", "dec:2", size=0.7), zl)
        sweep.number(zn, lambda j: v.hop_sweep_z[j], path="hop_sweep_z[{i}]")
        fl = self.eq_label(cname + r"\cdot W_h", scale=0.8, color=P.gradient)
        fl.next_to(zl, DOWN, buff=0.5, aligned_edge=LEFT)
        fn = self.number("hop_sweep_factor[0]", size=0.7, color=P.gradient)
        self.beside(fn, fl)
        sweep.number(fn, lambda j: v.hop_sweep_factor[j], path="hop_sweep_factor[{i}]")
        # "each step back multiplies by its derivative: the slope times the shared W_h": the
        # slope curve, the W_h line, then the bar that is their product
        self.pace([Create(ax), Create(curve), FadeIn(clabel), FadeIn(zlab)],
                  [Create(wline), FadeIn(wlab)],
                  [FadeIn(live), FadeIn(VGroup(zl, zn, fl, fn))])
        # out to the saturated z while the line names it
        if v.saturation_case == "tanh":
            self.say("hop.sat.say", variant="tanh", z=Val("hop_edge_z", "num"),
                     s=Val("hop_edge_slope"))
        else:
            self.say("hop.sat.say", variant="relu", s=Val("hop_off_slope", "num"))
        sweep.play(i.animate.set_value(v.hop_sweep_turn), run_time=self.left(0.6, least=2.5),
                   rate_func=linear)
        sat = self.mark(VGroup(fl, fn), P.gradient)
        self.play(Create(sat), run_time=self.left(0.5, least=0.6))
        # back to where the bar is largest, while the note line says where that is
        note = self.text("hop.note", variant=v.hop_case, size=style.LABEL_SIZE,
                         w=Val("param.w_h", "num"))
        note.next_to(fl, DOWN, buff=0.6, aligned_edge=LEFT)
        self.say("hop.note.say", variant=v.hop_case, w=Val("param.w_h", "num"))
        self.play(FadeOut(sat), run_time=0.4)
        sweep.play(i.animate.set_value(len(v.hop_sweep_z) - 1),
                   run_time=self.left(0.55, least=1.5), rate_func=smooth)
        self.settle(zn, "hop_peak_z")
        self.settle(fn, "hop_peak_factor", name="hop_factor_peak")
        wmark = self.mark(wlab, P.muted)
        self.play(FadeIn(note), Create(wmark), run_time=self.left(0.6, least=0.6))
        self.play(FadeOut(wmark), run_time=0.4)
        self.hold()
        self.clear_stage()

    # ----- 2. backward walk ---------------------------------------------------------------
    def _cell_x(self, t: int) -> float:
        return self.slot_x(t, len(self.v.walk_states), 1.5)

    def backward_walk(self):
        v = self.v
        n = len(v.walk_states)
        self.claim("walk", w=Val("param.w_h", "num"), g=Val("walk_seed", "num"))
        act = self.params["activation"]
        formula = self.math(r"\partial h_t / \partial h_{t-1}", r"=",
                            r"\tanh'(z_t)" if act == "tanh" else r"\mathrm{ReLU}'(z_t)",
                            r"\cdot W_h", scale=0.75, reason="the hop's derivative (index t-1)")
        formula[0].set_color(P.gradient)
        formula.move_to([-3.2, 2.2, 0])
        states, values, hl, rec = VGroup(), VGroup(), VGroup(), VGroup()
        gdash, gsolid = VGroup(), []
        y_h, y_g = 0.85, -0.45
        for t in range(n):
            cx = self._cell_x(t)
            sq = Square(BOX, color=P.hidden, stroke_width=3).move_to([cx, y_h, 0])
            states.add(sq)
            # in the lecture font, as the gradient boxes under them are: one number style;
            # "−0.121" clear of the box's sides
            values.add(self._fit(self.value(f"walk_states[{t}]", "dec:3", size=style.LABEL_SIZE,
                                            color=P.hidden), BOX - 0.3).move_to(sq))
            hl.add(self.math(f"h_{{{t}}}", scale=0.6, color=P.hidden,
                             reason="index of the state").next_to(sq, UP, 0.12))
            if t:
                rec.add(Line(states[t - 1].get_right(), sq.get_left(), color=P.hidden,
                             stroke_width=2))
            g = Square(BOX, stroke_width=2).move_to([cx, y_g, 0])
            gdash.add(DashedVMobject(g.copy().set_stroke(P.muted, 2), num_dashes=18))
            gsolid.append(g)
        glab = self.math(r"\frac{\partial h_7}{\partial h_t}", scale=0.6, color=P.gradient,
                         reason="index of the last state")
        glab.next_to(gdash, LEFT, buff=0.2)

        def gbox(t: int, path: str, fmt: str, size: float):
            """Gradient box at h_t: outline, fill as strong as what is left, the value."""
            sq = gsolid[t].copy().set_stroke(P.gradient, 3)
            sq.set_fill(P.gradient, opacity=0.55 * min(1.0, abs(float(size))))
            num = self._fit(self.value(path, fmt, size=style.LABEL_SIZE), BOX - 0.3).move_to(sq)
            return VGroup(sq, num)

        def at_row(t: int, path: str, fmt: str):
            lab = self.text("walk.at", size=style.LABEL_SIZE, color=P.gradient,
                            t=Fixed(str(t), "index of the state"))
            lab.move_to([1.9, 2.2, 0], aligned_edge=LEFT)
            val = self.value(path, fmt, size=style.BODY_SIZE, color=P.gradient)
            val.next_to(lab, RIGHT, buff=0.25)
            return lab, val

        boxes = [None] * n
        boxes[n - 1] = gbox(n - 1, "walk_seed", "num", v.walk_seed)
        at, cur = at_row(n - 1, "walk_seed", "num")
        # the sequence at W_h, the gradient leaving h_7, the boxes it has yet to reach
        self.pace([FadeIn(formula), FadeIn(states), FadeIn(values), FadeIn(hl), FadeIn(rec)],
                  [FadeIn(boxes[n - 1]), FadeIn(at), FadeIn(cur)],
                  [Create(VGroup(*gdash[:n - 1])), FadeIn(glab)])
        # hop by hop: the arc and its factor, then the product so far in the box it reaches
        self.say("walk.hops.say")
        steps = []
        for i in range(len(v.walk_factors)):
            t = n - 1 - i                      # the hop h_t -> h_{t-1}
            a = boxes[t][0].get_bottom() + 0.05 * DOWN
            b = gsolid[t - 1].get_bottom() + 0.05 * DOWN
            arc = ArcBetweenPoints(a, b, angle=-1.6, color=P.gradient, stroke_width=3)
            arc.add_tip(tip_length=0.15)
            lab = self.text("walk.factor", size=style.SMALL_SIZE, color=P.gradient,
                            f=Val(f"walk_factors[{i}]"))
            lab.next_to(arc, DOWN, buff=0.08)
            steps.append([Create(arc), FadeIn(lab)])
            boxes[t - 1] = gbox(t - 1, f"walk_product[{i}]", "fmt", v.walk_product[i])
            new_at, new_cur = at_row(t - 1, f"walk_product[{i}]", "fmt")
            # fades, not ReplacementTransform: the fast layout path appends a replacement
            # where Manim keeps the draw order, and the held frames must agree
            steps.append([FadeOut(gdash[t - 1]), FadeIn(boxes[t - 1]), FadeOut(at),
                          FadeIn(new_at), FadeOut(cur), FadeIn(new_cur)])
            at, cur = new_at, new_cur
        self.pace(*steps, fill=0.9)
        last = len(v.walk_factors) - 1
        self.show("walk_product", cur)
        summary = self.text("walk.summary", size=style.BODY_SIZE, n=Val("walk_hops", "int"),
                            g=Val("walk_seed", "num"), p=Val(f"walk_product[{last}]"))
        summary.move_to([0, -2.1, 0])
        self.show("walk_summary", summary)
        # "they multiply": the first and the last box of the chain of products
        self.say("walk.trouble.say")
        mk = VGroup(self.mark(boxes[0]), self.mark(boxes[n - 1]))
        self.pace(Create(mk), FadeIn(summary))
        self.play(FadeOut(mk), run_time=0.4)
        self.hold(2.0)
        self.clear_stage()

    # ----- 3. factor bars -----------------------------------------------------------------
    def factor_bars(self):
        v, p = self.v, self.params
        k = int(v.factor_steps)
        self.claim("bars", k=Val("factor_steps", "int"))
        top, ystep = v.factor_axis_top, v.factor_axis_step
        yticks = [ystep * j for j in range(1, int(round(top / ystep)) + 1)]
        ax = Axes([0, k + 1, v.factor_hop_step], [0, top, ystep], x_length=6.6, y_length=4.1,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(v.factor_hop_step, k + 1,
                                                                   v.factor_hop_step))},
                  y_axis_config={"numbers_to_include": yticks,
                                 "decimal_number_config": {
                                     "num_decimal_places": v.factor_axis_places}})
        ax.move_to([-3.1, 0.15, 0])
        ax.shift((-6.6 - ax.get_left()[0]) * RIGHT)   # the y-tick numbers inside the frame
        self.ticks(ax)
        xl = self.text("bars.hop", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.get_end(), RIGHT, buff=0.15)
        one = DashedLine(ax.c2p(0, 1), ax.c2p(k + 1, 1), color=P.muted, dash_length=0.12)
        one_l = self.math(r"\times 1", scale=0.7, color=P.muted, reason=_ONE)
        one_l.next_to(one, RIGHT, 0.15)
        one.set_z_index(2)       # the ×1 line stays visible over bars that reach past it

        def bars_of(factors, imax):
            g = VGroup()
            for j, f in enumerate(factors):
                x0, x1 = j + 1 - 0.35, j + 1 + 0.35
                b = Polygon(ax.c2p(x0, 0), ax.c2p(x1, 0), ax.c2p(x1, f), ax.c2p(x0, f),
                            color=P.gradient, fill_opacity=0.8, stroke_width=1)
                if j == imax:
                    b.set_stroke(P.highlight, 2.5)
                g.add(b)
            return g

        def bars(pre):
            return bars_of(getattr(v, f"{pre}factors"), getattr(v, f"{pre}max_factor_index"))

        def row(key, pre, act, w_param, y):
            act = act or p["activation"]
            st = self.text("bars.state", size=style.LABEL_SIZE, color=P.muted,
                           act=self._act_name(act), w=Val(f"param.{w_param}", "num"))
            st.move_to([1.95, y, 0], aligned_edge=LEFT)
            # decided on the factors as shown: a largest bar of 0.9996 reads "1.000", which
            # reaches ×1
            case = bars_case([self.shown_value(f"{pre}min_factor"), self.shown_value(f"{pre}max_factor")])
            note = self.text(f"bars.{key}", variant=case, size=style.LABEL_SIZE,
                             color=P.exploded if case != "below" else P.gradient,
                             m=Val(f"{pre}max_factor"))
            note.next_to(st, DOWN, buff=0.18, aligned_edge=LEFT)
            self._fit(st, 6.8 - st.get_left()[0]).align_to(note, LEFT)
            self._fit(note, 6.8 - note.get_left()[0]).align_to(st, LEFT)
            self.show(f"{pre}max_factor", note)

            def say():
                self.say(f"bars.{key}.say", variant=case, act=self._act_name(act, math=False),
                         w=Val(f"param.{w_param}", "num"), m=Val(f"{pre}max_factor"),
                         lo=Val(f"{pre}min_factor"))
            return VGroup(st, note), say

        first_bars = bars(_ROWS[0][1])
        # "the factors as bars; the dashed ×1 line divides shrinking from growing; a bar never
        # tops its W_h": the axes, the bars growing, the ×1 line, the largest bar marked
        big = self.mark(first_bars[int(getattr(v, "max_factor_index"))], P.highlight)
        self.pace([Create(ax), FadeIn(xl)], GrowFromEdge(first_bars, DOWN),
                  [Create(one), FadeIn(one_l)], Create(big))
        cur_bars, prev = first_bars, None
        made = {}
        for j, (key, pre, act, w_param) in enumerate(_ROWS):
            if pre == "pushed_":
                cur_bars = self._sweep_bars(cur_bars, bars_of, ax, 1.55 - 1.45 * j)
            new_bars = bars(pre) if j else first_bars
            r, say = row(key, pre, act, w_param, 1.55 - 1.45 * j)
            say()
            # the row's verdict as it is said, its largest bar marked
            mk = self.mark(new_bars[int(getattr(v, f"{pre}max_factor_index"))], P.highlight)
            if j == 0:
                anims = [FadeOut(big), FadeIn(r[0])]
            else:
                anims = [ReplacementTransform(cur_bars, new_bars), FadeIn(r[0]),
                         prev.animate.set_opacity(0.45)]
            self.pace(anims, [FadeIn(r[1]), Create(mk)])
            self.play(FadeOut(mk), run_time=0.4)
            cur_bars, prev = new_bars, r
            made[pre] = r
        # the activation switch, both ways: back to tanh at the pushed W_h ("the brake holds
        # the bars down": its row's verdict), then ReLU again ("the brake is gone": its row's)
        self.say("bars.toggle.say")
        box, point = self.pointer()
        steps = []
        for src, dst in (("relu_", "pushed_"), ("pushed_", "relu_")):
            def switch(src=src, dst=dst):
                nonlocal cur_bars
                new_bars = bars(dst)
                anims = [ReplacementTransform(cur_bars, new_bars),
                         made[src].animate.set_opacity(0.45), made[dst].animate.set_opacity(1.0)]
                cur_bars = new_bars
                return anims
            steps += [switch, lambda dst=dst: point(made[dst], buff=0.06)]   # clear of the edge
        self.pace(*steps)
        self.play(FadeOut(box["b"]), run_time=0.4)
        self.hold()
        self.clear_stage()

    def _sweep_bars(self, cur_bars, bars_of, bars_ax, y):
        """The W_h slider under tanh: the bars follow it, W_h and the largest bar read live."""
        v = self.v
        i, k = self._tracker()
        sweep = Live(self, k, over="bars_sweep_w_h")
        # each bar's top read back through the axes, in hop order
        live = sweep.redraw(lambda j: bars_of(v.bars_sweep_factors[j],
                                              int(v.bars_sweep_factors[j].argmax())),
                            path="bars_sweep_factors[{i}]",
                            measure=lambda m: [bars_ax.p2c(b.get_vertices()[2])[1] for b in m])
        wl = self.eq_label(r"\tanh,\ W_h", scale=0.7, color=P.muted)
        wn = self.number("bars_sweep_w_h[0]", "dec:3", size=0.6, color=P.muted)
        ml = self.eq_label(r"\max", scale=0.7, color=P.gradient)
        mn = self.number("bars_sweep_max[0]", "dec:3", size=0.6, color=P.gradient)
        ro = VGroup(self.pair(wl, wn),
                    self.pair(ml, mn)).arrange(DOWN, buff=0.2,
                                                                      aligned_edge=LEFT)
        ro.move_to([1.95, y - 0.2, 0], aligned_edge=LEFT)
        # the drag's direction as both ends are shown: up, down, or nowhere
        w0s = self.shown_value("param.w_h", "num")
        w1s = self.shown_value("param.pushed_w_h", "num")
        drag = "same" if w1s == w0s else ("up" if w1s > w0s else "down")
        self.say("bars.sweep.say", variant=drag,
                 w0=Val("param.w_h", "num"), w1=Val("param.pushed_w_h", "num"))
        first = bars_of(v.bars_sweep_factors[0], int(v.bars_sweep_factors[0].argmax()))
        self.play(ReplacementTransform(cur_bars, first), FadeIn(ro), run_time=0.8)
        self.remove(first)
        self.add(live)
        sweep.number(wn, lambda j: v.bars_sweep_w_h[j], path="bars_sweep_w_h[{i}]")
        sweep.number(mn, lambda j: v.bars_sweep_max[j], path="bars_sweep_max[{i}]")
        # the slide runs while the line describes it
        sweep.play(i.animate.set_value(len(v.bars_sweep_w_h) - 1),
                   run_time=self.left(0.85, least=3.0), rate_func=linear)
        self.settle(wn, f"bars_sweep_w_h[{len(v.bars_sweep_w_h) - 1}]")
        self.settle(mn, f"bars_sweep_max[{len(v.bars_sweep_w_h) - 1}]")
        self.play(FadeOut(ro), run_time=0.4)
        return live

    # ----- 4. the long product on a log axis ----------------------------------------------
    def product_log(self):
        v, p = self.v, self.params
        n = len(v.product)
        lo, hi, step = v.product_axis_lo, v.product_axis_hi, v.product_axis_step
        self.claim("product", variant=v.product_case, n=Val("param.chain_length", "int"))
        hs = v.product_hop_step
        ax = Axes([0, n, hs], [0, hi - lo, step], x_length=7.4, y_length=4.0,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(hs, n + 1, hs)),
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([-2.15, -0.02, 0])     # its tick labels inside the left margin
        self.ticks(ax)

        def pt(hop, lg):
            return ax.c2p(hop, lg - lo)

        grid, ticks = VGroup(), VGroup()
        for e in range(lo, hi + 1, step):
            grid.add(Line(pt(0, e), pt(n, e), color=P.muted, stroke_width=1,
                          stroke_opacity=0.3))
            ticks.add(self.math(f"10^{{{e}}}", scale=0.6, color=P.muted, reason="axis tick")
                      .next_to(pt(0, e), LEFT, buff=0.15))
        xl = self.text("product.axis", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.numbers[-1], RIGHT, buff=0.2)
        tiny = DashedLine(pt(0, v.f32_tiny_log), pt(n, v.f32_tiny_log), color=P.dead,
                          dash_length=0.12)
        big = DashedLine(pt(0, v.f32_max_log), pt(n, v.f32_max_log), color=P.exploded,
                         dash_length=0.12)
        tiny_l = self.text("product.tiny", size=style.SMALL_SIZE, color=P.dead)
        tiny_l.next_to(pt(n * 0.03, v.f32_tiny_log), UP, buff=0.1, aligned_edge=LEFT)
        big_l = self.text("product.max", size=style.SMALL_SIZE, color=P.exploded)
        big_l.next_to(pt(n * 0.03, v.f32_max_log), DOWN, buff=0.1, aligned_edge=LEFT)
        if big_l.get_bottom()[1] < tiny_l.get_top()[1] + 0.1:   # lines close: label outside
            big_l.next_to(pt(n * 0.03, v.f32_max_log), UP, buff=0.1, aligned_edge=LEFT)
        # "the axis is logarithmic, so many decades a grid line; float32's floor and
        # ceiling": the axes and their powers of ten, then the two dashed lines
        self.say("product.intro", n=Val("param.chain_length", "int"),
                 step=Val("product_axis_step", "int"))
        self.play(Create(ax), FadeIn(xl), run_time=1.0)
        self.play(FadeIn(grid), FadeIn(ticks), run_time=self.left(0.2, least=1.0))
        self.play(Create(tiny), FadeIn(tiny_l), Create(big), FadeIn(big_l),
                  run_time=self.left(0.25, least=1.0))

        px = 2.35

        def draw(name, act, w_param, y_label, share, color):
            """Grow one product curve (values ``name``: its points, hop 0 to n) with a live hop
            counter, curve and legend in ``color``; return (curve, legend)."""
            lg = getattr(v, name)
            pts = [pt(j, lg[j]) for j in range(n + 1)]
            hop = ValueTracker(0)
            sweep = Live(self, lambda: int(hop.get_value()), over="product_hops")

            def poly(j):
                c = VMobject(color=color, stroke_width=3)
                c.set_points_as_corners(pts[:j + 1] if j else pts[:1] * 2)
                return c

            def tip(m):     # the curve's end, read back through the axes: (hop, log10)
                x, y = ax.p2c(corners(m)[-1])[:2]
                return [x, y + lo]

            curve = sweep.redraw(poly, path=("product_hops[{i}]", name + "[{i}]"), measure=tip)
            lab = self.text("product.curve", size=style.LABEL_SIZE, color=color,
                            act=self._act_name(act), w=Val(f"param.{w_param}", "num"))
            lab.move_to([px, y_label, 0], aligned_edge=LEFT)
            kl = self.eq_label("k", scale=0.7, color=P.muted)
            kn = self.number("product_hops[0]", "dec:0", size=0.55, color=P.muted)
            kl.next_to(lab, DOWN, buff=0.25, aligned_edge=LEFT)
            self.beside(kn, kl)
            sweep.number(kn, lambda j: v.product_hops[j], path="product_hops[{i}]")
            self.add(curve)
            self.play(FadeIn(lab), FadeIn(kl), FadeIn(kn), run_time=0.5)
            # the product grows hop by hop while the line says what it is
            sweep.play(hop.animate.set_value(n), run_time=self.left(share, least=3.0),
                       rate_func=linear)
            self.settle(kn, f"product_hops[{n}]")
            self.play(FadeOut(kl), FadeOut(kn), run_time=0.4)
            return curve, lab

        def marker(key, case, hop_idx, lg, anchor):
            """The panel line of a chain's first float32 crossing (or of none), with a dot
            and a dashed drop at the crossing hop."""
            color = {"under": P.dead, "over": P.exploded}.get(case, P.gradient)
            line = self.text(key, variant=case, size=style.LABEL_SIZE, color=color,
                             **self._hop_field(hop_idx))
            line.next_to(anchor, DOWN, buff=0.2, aligned_edge=LEFT)
            if case == "within":
                self.play(FadeIn(line), run_time=0.5)
                return line
            h = int(getattr(v, hop_idx))
            d = Dot(pt(h, lg[h - 1]), radius=0.08, color=color)
            drop = DashedLine(pt(h, lo), pt(h, hi), color=color, stroke_width=2,
                              dash_length=0.1)
            self.play(Create(drop), FadeIn(d), FadeIn(line), run_time=0.8)
            return line

        main_hop = {"under": "float32_underflow_hop",
                    "over": "float32_overflow_hop"}.get(v.product_case)
        relu_hop = {"under": "relu_underflow_hop",
                    "over": "relu_overflow_hop"}.get(v.relu_product_case)
        # each chain's curve and readouts in one colour, both gradients: the first in the
        # gradient's colour, the second a pale tint of it (both bright on the dark stage)
        relu_color = ManimColor(P.gradient).interpolate(ManimColor(P.text), 0.6)
        curve, lab = draw("product_curve", p["activation"], "w_h", 1.8, 0.9, P.gradient)
        self.say("product.main.say", variant=v.product_case, p=Val("final_product"),
                 **self._hop_field(main_hop))
        mk = marker("product.main", v.product_case, main_hop, v.product_log, lab)
        if v.product_case != "within":
            self.show("product_crossing_hop", mk)
        end = self.text("product.end", size=style.LABEL_SIZE, color=P.gradient,
                        p=Val("final_product"))
        end.next_to(mk, DOWN, buff=0.2, aligned_edge=LEFT)
        self.show("final_product", end)
        end_dot = Dot(pt(n, v.product_log[-1]), radius=0.07, color=P.gradient)
        self.play(FadeIn(end), FadeIn(end_dot), run_time=self.left(0.6, least=0.6))

        # the ReLU chain, drawn while its line is said
        self.say("product.relu.say", variant=v.relu_product_case, w=Val("param.relu_w_h", "num"),
                 p=Val("relu_final_product"), x=Val("relu_product_f32"),
                 **self._hop_field(relu_hop))
        _, rlab = draw("relu_product_curve", "relu", "relu_w_h", -0.7, 0.5, relu_color)
        rmk = marker("product.relu", v.relu_product_case, relu_hop, v.relu_product_log, rlab)
        if v.relu_product_case != "within":
            self.show("relu_crossing_hop", rmk)
        f32 = self.text("product.f32", size=style.LABEL_SIZE, color=relu_color,
                        x=Val("relu_product_f32"))
        f32.next_to(rmk, DOWN, buff=0.2, aligned_edge=LEFT)
        self.show("relu_product_f32", f32)
        fmark = self.mark(f32, relu_color)
        self.play(FadeIn(f32), run_time=self.left(0.4, least=0.6))
        self.play(Create(fmark), run_time=self.left(0.6, least=0.6))
        self.play(FadeOut(fmark), run_time=0.4)
        self.hold(2.0)
        self.clear_stage()

    # ----- 5. the largest singular value -------------------------------------------------
    def singular_value(self):
        """A d x d W_h: ||W_h^k|| against k on a log axis while its largest singular value
        sweeps through 1; the chart is the focal object, the readouts and the spectrum beside."""
        v = self.v
        K, lo, hi, step = int(v.dims_hops), v.dims_axis_lo, v.dims_axis_hi, v.dims_axis_step
        self.claim("dims", say=False)
        self.say("dims.say", d=Val("dims_width", "int"))
        hs = v.dims_hop_step
        ax = Axes([0, K, hs], [0, hi - lo, step], x_length=7.2, y_length=3.9,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(hs, K + 1, hs)),
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([-2.4, 0.0, 0])     # its top tick (10^k, raised to the legible size) clear of the claim
        self.ticks(ax)

        def pt(k, lg):
            return ax.c2p(k, lg - lo)

        grid, ticks = VGroup(), VGroup()
        for j, e in enumerate(v.dims_y_ticks):
            grid.add(Line(pt(0, e), pt(K, e), color=P.muted, stroke_width=1, stroke_opacity=0.3))
            ticks.add(self.mathv("dims.tick", scale=0.6, color=P.muted, name=f"dims_y_tick_{j}",
                                 e=Val(f"dims_y_ticks[{j}]", "int"))
                      .next_to(pt(0, e), LEFT, buff=0.15))
        xl = self.text("dims.hop", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis.numbers[-1], RIGHT, buff=0.2)
        yl = self.math(r"\lVert W_h^{k} \rVert", scale=0.7, color=P.gradient)
        yl.move_to(pt(0, hi) + 0.25 * RIGHT + 0.12 * DOWN, aligned_edge=UP + LEFT)
        one = DashedLine(pt(0, 0), pt(K, 0), color=P.muted, dash_length=0.12)
        one_l = self.math(r"\times 1", scale=0.65, color=P.muted, reason=_ONE)
        one_l.next_to(one, RIGHT, buff=0.12)

        i, at = self._tracker()

        def curve_of(lg):
            c = VMobject(color=P.gradient, stroke_width=4)
            c.set_points_as_corners([pt(k, lg[k]) for k in range(K + 1)])
            return VGroup(c, Dot(pt(K, lg[K]), radius=0.08, color=P.gradient))

        # the readouts: sigma, the size of K hops' product (10 to a live power), the spectrum
        x_p = 2.05
        sl = self.eq_label(r"\sigma_{\max}", scale=0.8, color=P.gradient)
        sn = self.number("dims_sweep_sigma[0]", "dec:2", size=0.75, color=P.gradient)
        self.pair(sl, sn).move_to([x_p, 1.75, 0], aligned_edge=LEFT)
        # the norm, "=", and 10 to a live power, all but the symbol in the lecture font (the
        # power's digits as an exponent is set: smaller, raised; at the legible minimum)
        norm = self.mathv("dims.norm", scale=0.8, color=P.gradient, k=Val("dims_hops", "int"))
        eq = self.plain("=", size=TEN_SIZE, color=P.gradient)
        ten = self.label("10", "the base of a power of ten", size=TEN_SIZE, color=P.gradient)
        self.beside(eq, norm, buff=0.15)
        self.beside(ten, eq, buff=0.12)
        nl = VGroup(norm, eq, ten)
        nl.move_to([x_p, 0.95, 0], aligned_edge=LEFT)
        # three decimals: 10 to the power shown rounds to the factor shown under it
        # (10^3.17 is 1,479, not the ×1,470 of the product; 10^3.167 is 1,469)
        en = self.number("dims_sweep_log_product[0]", "dec:3", size=SCRIPT_SCALE * TEN_SIZE
                         / NUMBER_FONT, color=P.gradient)
        en.next_to(ten, RIGHT, buff=0.04)
        en.shift((_baseline(ten) + SCRIPT_RISE * ten.height - en.get_bottom()[1]) * UP)
        line = NumberLine([0, v.dims_strip_top, v.dims_strip_step], length=3.9,
                          color=P.muted, include_tip=False, include_numbers=True, font_size=24,
                          decimal_number_config={"num_decimal_places": 1})
        line.move_to([x_p + 0.1, -0.52, 0], aligned_edge=LEFT)
        self.ticks(line, reason="axis tick: the spectrum strip's scale")
        unit = DashedLine(line.n2p(1.0), line.n2p(1.0) + 0.3 * UP, color=P.muted,
                          dash_length=0.08)
        strip_l = self.text("dims.strip", size=style.SMALL_SIZE, color=P.muted,
                            d=Val("dims_width", "int"))
        strip_l.move_to([x_p, 0.17, 0], aligned_edge=LEFT)

        def spectrum(j):
            sv = v.dims_sweep_singular[j]
            g = VGroup(*(Dot(line.n2p(float(x)), radius=0.07, color=P.muted,
                             fill_opacity=0.8) for x in sv[1:]))
            return g.add(Dot(line.n2p(float(sv[0])), radius=0.1, color=P.gradient))

        def norm_read(m):   # the line's corners and its end dot, read back through the axes
            c, d = m
            return [ax.p2c(q)[1] + lo for q in [*corners(c), d.get_center()]]

        def spectrum_read(m):     # the dots on the strip, the largest (drawn last) first
            xs = [line.p2n(d.get_center()) for d in m]
            return [xs[-1], *xs[:-1]]

        sweep = Live(self, at, over="dims_sweep_sigma")
        live = sweep.redraw(lambda j: curve_of(v.dims_sweep_log_norm[j]),
                            path=("dims_sweep_log_norm[{i}]", "dims_sweep_log_product[{i}]"),
                            measure=norm_read)
        dots = sweep.redraw(spectrum, path="dims_sweep_singular[{i}]", measure=spectrum_read)
        # "a state of d numbers, W_h d×d": its d singular values; "k hops multiply by W_h to
        # the power k": the norm of that power; "how large, on a log axis": the chart
        smk = self.mark(VGroup(sl, sn), P.gradient)
        self.pace([Create(line), Create(unit), FadeIn(strip_l), FadeIn(dots)],
                  [FadeIn(VGroup(sl, sn)), Create(smk)],
                  [FadeOut(smk), FadeIn(VGroup(nl, en))],
                  [Create(ax), FadeIn(grid), FadeIn(ticks), FadeIn(xl), FadeIn(yl)],
                  [Create(one), FadeIn(one_l), Create(live)])
        self.say("dims.sweep.say", lo=Val("dims_sweep_low", "num"),
                 hi=Val("dims_sweep_high", "num"))
        sweep.number(sn, lambda j: v.dims_sweep_sigma[j], path="dims_sweep_sigma[{i}]")
        sweep.number(en, lambda j: v.dims_sweep_log_product[j], path="dims_sweep_log_product[{i}]")
        # down, then up: the turns share the line, the sweep runs while it is said
        turns = list(v.dims_sweep_turns)
        for q, turn in enumerate(turns):
            sweep.play(i.animate.set_value(int(turn)),
                       run_time=self.left(0.85 / (len(turns) - q), least=1.5), rate_func=linear)
        final = curve_of(v.dims_log_norm)
        self.remove(live)
        self.add(final)
        self.settle(sn, "dims_sigma_max", name="dims_sigma_readout")
        self.settle(en, "dims_log_product", name="dims_log_product_readout")
        # decided on the product as shown ("1.00" holds); sigma with up to six decimals, so
        # a sigma of 1.0004 that grows the product over many hops is not shown as 1
        case = power_case(self.shown_value("dims_product_norm", "factor"))
        note_color = P.exploded if case == "grows" else P.gradient
        note = self.text("dims.note", variant=case, size=style.LABEL_SIZE, color=note_color)
        after = self.text("dims.after", size=style.LABEL_SIZE, color=P.gradient,
                          k=Val("dims_hops", "int"), n=Val("dims_product_norm", "factor"))
        VGroup(note, after).arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        VGroup(note, after).move_to([x_p, -1.45, 0], aligned_edge=LEFT)
        self.show("dims_product_norm", after)
        self.say("dims.verdict.say", variant=case, s=Val("dims_sigma_max", "num:6"),
                 k=Val("dims_hops", "int"), n=Val("dims_product_norm", "factor"))
        # "at sigma = s" (its readout) / the size after k hops as it is said, where the line
        # ends / the verdict on sigma against 1 / "with every hop": a dot walks the line from
        # its start, hop by hop, to where it ends ("keeps its size": the verdict and the size
        # in the order the line says them)
        box, point = self.pointer()
        w = ValueTracker(0)
        walk = Live(self, lambda: self.at(w), over="dims_log_norm")
        walker = walk.redraw(
            lambda j: Dot(pt(j, v.dims_log_norm[j]), radius=0.11, color=P.highlight),
            path=("{i}", "dims_log_norm[{i}]"),
            measure=lambda m: [ax.p2c(m.get_center())[0], ax.p2c(m.get_center())[1] + lo])

        def walk_line(rt):
            self.add(walker)
            walk.play(w.animate.set_value(len(v.dims_log_norm) - 1), run_time=rt,
                      rate_func=linear)
        def size():
            return [FadeIn(after), point(final[1])]

        def verdict():
            return [FadeIn(note), point(note, note_color)]
        self.pace(lambda: point(VGroup(sl, sn), P.gradient),
                  *((verdict, size) if case == "holds" else (size, verdict, Plays(walk_line))))
        self.play(*(FadeOut(m) for m in (box["b"], walker) if m in self.mobjects), run_time=0.5)
        self.hold(2.0)
        self.clear_stage()

    # ----- 6. clipping --------------------------------------------------------------------
    def _clip_case(self, path: str = "param.clip_norm", fmt: str = "num") -> str:
        """``clipped`` if the norm as shown is above the threshold as shown, else ``passes``
        (a norm of 5.0004, shown as 5, is not above the threshold 5)."""
        above = self.shown_value(path, fmt) > self.shown_value("param.clip_threshold", "num")
        return "clipped" if above else "passes"

    def clipping(self):
        v = self.v
        self.claim("clip")
        formula = self.math(r"g \leftarrow g \cdot \min\!\left(1,\ \frac{\tau}{\lVert g\rVert}"
                            r"\right)", scale=0.75, reason="the clipping rule (min with 1)")
        formula[0][0].set_color(P.gradient)
        formula[0][2].set_color(P.gradient)
        formula.move_to([3.2, 2.05, 0])

        def axis(top, step, places):
            nl = NumberLine([0, top, step], length=11.0, color=P.muted, include_tip=False,
                            include_numbers=True, font_size=24,
                            decimal_number_config={"num_decimal_places": places})
            nl.move_to([-0.3, -0.35, 0])
            return self.ticks(nl)

        nl = axis(v.clip_axis_top, v.clip_axis_step, v.clip_axis_places)
        y_big = 0.9
        i, k = self._tracker()

        def big_bar(line):
            def f(j):
                x0, x1 = line.n2p(0), line.n2p(v.clip_sweep_norm[j])
                return Rectangle(width=max(x1[0] - x0[0], 1e-4), height=0.45, color=P.gradient,
                                 fill_opacity=0.8, stroke_width=1).move_to(
                    [(x0[0] + x1[0]) / 2, y_big, 0])
            return f

        def thr(line):
            x = line.n2p(self.params["clip_threshold"])[0]
            dl = DashedLine([x, -0.35, 0], [x, 1.3, 0], color=P.muted, dash_length=0.1)
            lab = self.mathv("clip.tau", scale=0.65, color=P.muted,
                             t=Val("param.clip_threshold", "num"))
            lab.next_to(dl.get_end(), RIGHT, buff=0.12)
            return VGroup(dl, lab)

        sweep = Live(self, k, over="clip_sweep_norm")
        bar = sweep.redraw(big_bar(nl), path="clip_sweep_norm[{i}]",
                           measure=lambda m: nl.p2n(m.get_right()), tol=1e-3)
        threshold = thr(nl)
        gl = self.math("g", scale=0.75, color=P.gradient).next_to(nl.n2p(0), LEFT, 0.35)
        gl.set_y(y_big)
        nlab = self.eq_label(r"\lVert g\rVert", scale=0.75, color=P.gradient)
        nlab.move_to([-5.3, -1.55, 0])   # clear of a readout under the axis numbers
        nnum = self.number("clip_sweep_norm[0]", "dec:2", size=0.75, color=P.gradient)
        self.beside(nnum, nlab)
        sweep.number(nnum, lambda j: v.clip_sweep_norm[j], path="clip_sweep_norm[{i}]")
        cite = self.cite_row("Pascanu, Mikolov & Bengio 2013")
        # "the product can blow up": a large gradient; "global-norm clipping (Pascanu ...)":
        # the rule; "above a threshold": the threshold; "scaled down to it": the rule's min
        rule = self.mark(formula, P.gradient)
        self.pace([Create(nl), FadeIn(bar), FadeIn(gl), FadeIn(VGroup(nlab, nnum))],
                  [FadeIn(formula), FadeIn(cite)],
                  Create(threshold),
                  Create(rule))
        # this norm against this threshold: the bar scaled while the line says by how much
        self.say("clip.case.say", variant=self._clip_case(), n=Val("param.clip_norm", "num"),
                 th=Val("param.clip_threshold", "num"), s=Val("clip_scale"))
        self.play(FadeOut(rule), run_time=0.4)
        sweep.play(i.animate.set_value(len(v.clip_sweep_norm) - 1),
                   run_time=self.left(0.6, least=2.0), rate_func=smooth)
        self.settle(nnum, "clipped_norm", name="clipped_norm_readout")
        sc = self.text("clip.scale", size=style.LABEL_SIZE, color=P.gradient,
                       s=Val("clip_scale"))
        sc.move_to([-3.0, -1.55, 0], aligned_edge=LEFT)
        af = self.text("clip.after", size=style.LABEL_SIZE, color=P.gradient,
                       n=Val("clipped_norm", "fmt:2"))   # as the live norm beside it
        af.next_to(sc, RIGHT, buff=0.45)
        # the verdict on the norm before clipping, on a row of its own under the readouts
        # (the live norm beside it ends after clipping, at or under the threshold)
        case = self.text("clip.case", variant=self._clip_case(), size=style.LABEL_SIZE,
                         color=P.gradient, n=Val("param.clip_norm", "num"))
        case.next_to(nlab, DOWN, buff=0.22, aligned_edge=LEFT)
        self.show("clip_scale", sc)
        self.show("clipped_norm", af)
        self.play(FadeIn(sc), FadeIn(af), FadeIn(case), run_time=self.left(0.8, least=0.6))

        # zoom in around the threshold; the gradient from the walk goes through it
        self.say("clip.small.say")
        nl2 = axis(v.clip_zoom_top, v.clip_zoom_step, v.clip_zoom_places)
        x0 = nl2.n2p(0)[0]
        bar2 = Rectangle(width=max(nl2.n2p(v.clipped_norm)[0] - x0, 1e-4), height=0.45,
                         color=P.gradient, fill_opacity=0.8, stroke_width=1)
        bar2.move_to([x0 + bar2.width / 2, y_big, 0])
        self.play(FadeOut(nl), FadeIn(nl2), ReplacementTransform(bar, bar2),
                  FadeOut(threshold), FadeIn(thr(nl2)), run_time=1.4)
        y_small = 0.05
        sw = max(nl2.n2p(v.small_clipped_norm)[0] - x0, 1e-3)
        sbar = Rectangle(width=sw, height=0.3, color=P.gradient, fill_opacity=0.9,
                         stroke_width=1).move_to([x0 + sw / 2, y_small, 0])
        sl = self.text("clip.small", size=style.SMALL_SIZE, color=P.gradient,
                       g=Val("small_gradient"), s=Val("small_clip_scale"),
                       c=Val("small_clipped_norm"))
        sl.next_to(sbar, RIGHT, buff=0.3)
        x_thr = nl2.n2p(self.params["clip_threshold"])[0]
        if sl.get_left()[0] - 0.15 < x_thr < sl.get_right()[0] + 0.15:   # keep off the τ line
            sl.move_to([x_thr + 0.3, y_small, 0], aligned_edge=LEFT)
        if sl.get_right()[0] > 6.8:     # also when the bar itself ends near τ at the right
            sl.move_to([x0, -1.12, 0], aligned_edge=LEFT)   # under the axis numbers
        self.show("small_gradient", sl)
        small_case = self._clip_case("small_gradient", "fmt")
        # top left, clear of the readout rows under the axis (and of the caption band)
        note = self.text("clip.small_case", variant=small_case, size=style.LABEL_SIZE)
        note.move_to([-6.6, 1.8, 0], aligned_edge=LEFT)
        # "a gradient below the threshold passes through untouched": the small one, as is
        self.play(FadeIn(sbar), FadeIn(sl), run_time=self.left(0.7, least=0.8))
        self.say("clip.small_case.say", variant=small_case, g=Val("small_gradient"),
                 s=Val("small_clip_scale"))
        smark = self.mark(VGroup(sbar, sl), P.gradient)
        self.pace(Create(smark), FadeIn(note))
        # "no error, no warning, every number finite": the gradient that got through
        self.say("clip.silent.say")
        nmark = self.mark(note, P.dead)
        self.pace(FadeOut(smark), Create(nmark))
        # "the model can learn from the last few tokens only, the ones close enough for
        # their gradient not to have vanished": the walk's tokens, each filled as strongly as
        # the gradient that reaches it, from the last one back; then the paper that showed it
        title, tokens, fills = self._reach_strip(max(af.get_right()[0], case.get_right()[0]))
        bengio = self.cite_row("Bengio, Simard & Frasconi 1994")   # where Pascanu's stood
        # the claim as the strip shows it: the first token's fill under a tenth of the last's
        # (vanished) or not (these weights carry the gradient back)
        # (small_gradient: mathcore's |gradient at the first token|, against the seed's)
        late = "vanishes" if v.small_gradient < LATE_SHARE * abs(v.walk_seed) else "reaches"
        self.say("clip.late.say", variant=late)
        self.pace([FadeOut(nmark), FadeIn(title), Create(tokens)],
                  LaggedStart(*(FadeIn(f) for f in reversed(fills)), lag_ratio=0.6),
                  [FadeOut(cite), FadeIn(bengio)])
        self.hold(2.0)

    def _reach_strip(self, x_left: float):
        """The walk's tokens in a row at the bottom right, right of ``x_left`` (the readouts'
        right end), clear of the axis: outlines with x_0 and x_n at the ends, and a fill per
        token as strong as the gradient that reached its state (walk_seed at the last,
        walk_product back to the first, relative to the seed)."""
        v = self.v
        n = len(v.walk_states)
        grads = [*(abs(float(g)) for g in v.walk_product[::-1]), abs(float(v.walk_seed))]
        seed = max(abs(float(v.walk_seed)), 1e-12)
        right, y = 6.85, -1.95   # under the axis numbers, above the caption band
        ends = (self.math("x_{0}", scale=0.6, color=P.token, reason="index of the first token"),
                self.math(f"x_{{{n - 1}}}", scale=0.6, color=P.token,
                          reason="index of the last token"))
        room = right - (x_left + 0.5) - sum(e.width + 0.15 for e in ends)
        pitch = min(0.6, room / n)
        side = min(0.42, 0.8 * pitch)
        tokens, fills = VGroup(), VGroup()
        x0 = right - ends[1].width - 0.15 - n * pitch
        for t in range(n):
            sq = Square(side, color=P.token, stroke_width=2).move_to(
                [x0 + (t + 0.5) * pitch, y, 0])
            tokens.add(sq)
            fills.add(Square(side, stroke_width=0, fill_color=P.gradient,
                             fill_opacity=0.85 * min(1.0, grads[t] / seed)).move_to(sq))
        ends[0].next_to(tokens, LEFT, buff=0.15)
        ends[1].next_to(tokens, RIGHT, buff=0.15)
        title = self.text("clip.reach", size=style.SMALL_SIZE, color=P.muted)
        title.next_to(tokens, UP, buff=0.12)           # its caption, centred over it
        title.shift(min(0.0, right - title.get_right()[0]) * RIGHT)
        title.shift(max(0.0, x_left + 0.3 - title.get_left()[0]) * RIGHT)   # off the readouts
        return title, VGroup(tokens, *ends), fills
