"""§03 Gates: the cell path beside §01, the f/i track, f^k against the RNN product, the bias pitfall."""

from __future__ import annotations

import math

from manim import (DL, DOWN, LEFT, RIGHT, UP, UR, Arrow, Axes, Circumscribe, Create, DashedLine, DashedVMobject, Dot,
                   FadeIn, FadeOut, Line, Rectangle, ReplacementTransform, Square,
                   SurroundingRectangle, ValueTracker, VGroup, linear)

from mathcore.primer.gates import gru_case

from .. import style
from ..base import NUMBER_FONT, LectureScene, Plays, Val
from ..live import Live, corners

P = style.PALETTE
#: The forget-curve column's live numbers' size (scale 0.75), for the products replacing them.
NUM = 0.75 * NUMBER_FONT

TEXT = {
    "path": {"zh": "同样八个 token，只换了状态之间的连接",
             "en": "Same eight tokens; only the link between states changes"},
    "path.say": {
        "zh": "上面一排是 LSTM 的细胞态，下面是第一节的普通 RNN。RNN 每一跳都要乘 W_h 再过 tanh；细胞态这条线上只有两件事：乘上遗忘门 f，再加上 i 乘 g。",
        "en": "The top row is the LSTM cell state, the bottom one the plain RNN of section one. Each RNN hop multiplies by W_h and passes through tanh; along the cell line only two things happen: a multiplication by the forget gate f and an addition of i times g."},
    "path.f": {"zh": "×{f}", "en": "×{f}"},
    "path.f.say": {
        "zh": "每一跳的 f_t 都不一样：它由这一步的 token 和上一步的状态算出来。网络学的是算门的权重，门的值每一步重新算，在更宽的细胞里每个维度各一个。",
        "en": "Every link has its own f_t, computed from that step's token and the previous state: the network learns the weights that compute the gate, and the gate's value is computed anew at every step, in a wider cell one per dimension."},
    "path.back": {"zh": "沿细胞态 $c_7 \\to c_0$：只乘遗忘门，{p}",
                  "en": "along the cell, $c_7 \\to c_0$: forget gates only, {p}",
                  "fixed": {"7": "index of the last cell state", "0": "index of the first"}},
    "path.back.say": {
        "zh": "沿细胞态这条线从 c_7 退回 c_0，梯度只乘这七个遗忘门，结果是 {p}。",
        "en": "Walking back along the cell line from c_7 to c_0, the gradient meets only these seven forget gates: {p}.",
        "fixed": {"7": "index of the last cell state", "0": "index of the first"}},
    "track": {"zh": "两个门是比例：一条轨道上的三段长度",
              "en": "Both gates are fractions: three lengths on one track"},
    "track.say": {
        "zh": "旧状态乘 f 留下来一段，候选乘 i 写进去一段，剩下的 1 减 f 被丢掉。现在 f 走到 1：什么都不丢，细胞只会累加；再走到 0：旧内容一步清空。",
        "en": "f times the old state survives, i times the candidate is written in, and the remaining 1 minus f is thrown away. Now f goes to 1: nothing is lost, the cell just accumulates. Then to 0: the old content is gone in one step.",
        "fixed": {"1": "the gate's upper end (and 1 - f, the share it drops)",
                  "0": "the gate's lower end"}},
    "track.kept": {"zh": "保留", "en": "kept"},
    "track.written": {"zh": "写入", "en": "written"},
    "track.dropped": {"zh": "丢弃", "en": "dropped"},
    "track.acc": {"zh": "$f$ = {f}：累加器", "en": "$f$ = {f}: accumulator"},
    "track.wiped": {"zh": "$f$ = {f}：清空", "en": "$f$ = {f}: wiped"},
    "track.ifull": {"zh": "$i$ = {i}：整段写入", "en": "$i$ = {i}: written in full"},
    "track.iempty": {"zh": "$i$ = {i}：什么都不写", "en": "$i$ = {i}: nothing written"},
    "track.i.say": {
        "zh": "再动输入门：i 决定候选写进去多少。i 等于 {i1} 时 c_t 是 {c1}，等于 {i0} 时只剩保留的那段，{c0}。",
        "en": "Now the input gate: i sets how much of the candidate goes in. At i = {i1}, c_t is {c1}; at i = {i0} only the kept part is left, {c0}."},
    # ----- GRU -------------------------------------------------------------------------------
    "gru": {"zh": "GRU 把写入绑成 $1 - f$：留和写由同一个门定",
            "en": "GRU ties the write to $1 - f$: one gate sets keep and write",
            "fixed": {"1": "the whole track: what is not kept is written"}},
    "gru.say": {
        "zh": "GRU 有两个门，更新门和重置门，比 LSTM 的三个门少一个。它没有单独的输入门：这里把更新门画成 f，即保留的份额，写入的份额直接取 1 减 f，所以留多少、写多少是同一个旋钮。GRU 也没有单独的细胞态，下面的 h_t 就是它的状态。",
        "en": "A GRU has two gates, update and reset, against the LSTM's three, and no input gate of its own: its update gate, drawn here as f, the share kept, also sets the share written in i's place, 1 minus f. What to keep and what to write become one decision. A GRU has no separate cell state either: its h_t below is its state.",
        "fixed": {"1": "the whole track: what is not kept is written"}},
    "gru.cmp.less": {
        "zh": "LSTM 可以 f 和 i 都取 1，c_t 到 {l}；GRU 的 h_t 只是旧状态和候选的加权平均，最多 {m}：它没法在同一步既保住旧状态又使劲写。",
        "en": "An LSTM can set f and i both to 1 and reach {l}; a GRU's h_t is a weighted average of the old state and the candidate, at most {m}: it cannot keep hard and write hard in one step.",
        "fixed": {"1": "both gates fully open"}},
    "gru.cmp.same": {
        "zh": "这里旧状态或候选是 0 或接近 0，LSTM 全开也只到 {l}，按显示的位数和 GRU 的上限 {m} 一样。",
        "en": "Here the old state or the candidate is 0 or nearly so: even a fully open LSTM reaches only {l}, to the digits shown the GRU's limit {m}.",
        "fixed": {"0": "an empty old state or candidate"}},
    "gru.lstm": {"zh": "LSTM，$f = i = 1$", "en": "LSTM, $f = i = 1$",
                 "fixed": {"1": "both gates fully open"}},
    "gru.name": {"zh": "GRU，$i = 1 - f$", "en": "GRU, $i = 1 - f$",
                 "fixed": {"1": "the GRU's tie: what is not kept is written"}},
    "gru.max": {"zh": "GRU 的上限", "en": "GRU's limit"},
    "curve.sweep.say": {
        "zh": "现在 f 动起来：f 等于 {lo} 时，{k} 步后只剩 {plo}；等于 {hi} 时还剩 {phi}。f 不是架构定死的常数：它由学到的权重在每一步、每个维度上算出来。",
        "en": "Now f moves: at {lo}, {plo} is left after {k} step{k_s}; at {hi}, {phi}. f is not a constant of the architecture: learned weights compute it at every step and in every dimension."},

    "curve": {"zh": "沿细胞态回到 $c_0$ 只乘遗忘门：$f^k$",
              "en": "Back to $c_0$ along the cell: only forget gates, $f^k$",
              "fixed": {"0": "index of the first cell state"}},
    "curve.say": {
        "zh": "同一根线性轴上，绿线是 f 固定为 {f} 时的 k 次方，玫红线是上一节普通 RNN 的连乘。",
        "en": "On one linear axis: green is f held at {f}, to the power k, pink is the plain RNN product from section two."},
    "curve.f.never": {
        "zh": "{k} 步后 f^k 还有 {fp}，始终没有跌破 {thr}。",
        "en": "After {k} step{k_s} f^k still holds {fp}: it never falls below {thr}."},
    "curve.f.stays": {
        "zh": "f^k 在第 {sf} 步跌破 {thr}，{k} 步后是 {fp}。",
        "en": "f^k falls below {thr} at step {sf} and ends at {fp} after {k} step{k_s}."},
    "curve.f.returns": {
        "zh": "f^k 在第 {sf} 步跌破 {thr}，之后又回升，{k} 步后是 {fp}。",
        "en": "f^k falls below {thr} at step {sf}, rises again, and ends at {fp} after {k} step{k_s}."},
    "curve.rnn.never": {
        "zh": "RNN 的积在 {k} 步内都没有跌破 {thr}，最后是 {rp}。",
        "en": "The RNN product stays at or above {thr} for all {k} step{k_s} and ends at {rp}."},
    "curve.rnn.stays": {
        "zh": "RNN 的积在第 {s} 步就跌破 {thr}，之后贴着横轴。",
        "en": "The RNN product drops below {thr} at step {s} and hugs the axis after that."},
    "curve.rnn.returns": {
        "zh": "RNN 的积在第 {s} 步跌破 {thr}，之后又回到它之上。",
        "en": "The RNN product drops below {thr} at step {s}, then climbs back above it."},
    "curve.fnote.never": {"zh": "$f^k \\geq$ {thr} 直到第 {k} 步",
                          "en": "$f^k \\geq$ {thr} up to step {k}"},
    "curve.fnote.stays": {"zh": "第 {s} 步 $f^k <$ {thr}", "en": "$f^k <$ {thr} at step {s}"},
    "curve.fnote.returns": {"zh": "第 {s} 步 $f^k <$ {thr}", "en": "$f^k <$ {thr} at step {s}"},
    "curve.rnote.never": {"zh": "RNN $\\geq$ {thr} 直到第 {k} 步",
                          "en": "RNN $\\geq$ {thr} up to step {k}"},
    "curve.rnote.stays": {"zh": "第 {s} 步 RNN $<$ {thr}", "en": "RNN $<$ {thr} at step {s}"},
    "curve.rnote.returns": {"zh": "第 {s} 步 RNN $<$ {thr}", "en": "RNN $<$ {thr} at step {s}"},
    "final.fk": {"zh": "$f^k$ = {v}", "en": "$f^k$ = {v}"},
    "curve.tick": {"tex": r"@v"},
    "final.rnn": {"zh": "RNN = {v}", "en": "RNN = {v}"},
    "bias": {"zh": "初始化的坑：遗忘门偏置 $b_f$", "en": "The init pitfall: forget bias $b_f$"},
    "bias.say": {
        "zh": "如果初始化时权重接近 0，遗忘门就只由偏置决定。偏置为 {b} 时 f 等于 {g0}，{n} 步后细胞态只剩 {r0}。",
        "en": "If the weights start near 0, the forget gate is set by its bias alone. With bias {b}, f is {g0}, and after {n} step{n_s} {r0} of the cell state is left.",
        "fixed": {"0": "weights near zero at initialisation"}},
    "bias.fix.say.recommended": {
        "zh": "常用的修正是把遗忘门偏置初始化成 {b1}（Jozefowicz、Zaremba 和 Sutskever，2015）。",
        "en": "The usual fix is to initialise the forget bias to {b1} (Jozefowicz, Zaremba and Sutskever, 2015).",
        "fixed": {"2015": "year of the paper that recommends it"}},
    "bias.fix.say.other": {
        "zh": "Jozefowicz、Zaremba 和 Sutskever（2015）建议把遗忘门偏置初始化成 {rec}；这里把修正设成 {b1}。",
        "en": "Jozefowicz, Zaremba and Sutskever (2015) recommend initialising the forget bias to {rec}; here the fix is set to {b1}.",
        "fixed": {"2015": "year of the paper that recommends it"}},
    "bias.cmp.below": {
        "zh": "把偏置设成 {b1}，f 是 {g1}，{n} 步后还剩 {r1}，比偏置 {b} 时多。",
        "en": "With bias {b1}, f is {g1} and {r1} is left after {n} step{n_s}: more than at bias {b}."},
    "bias.cmp.equal": {
        "zh": "这正是修正本身：偏置 {b1}。",
        "en": "That is the fix itself: bias {b1}."},
    "bias.cmp.same": {
        "zh": "把偏置设成 {b1}，f 是 {g1}，{n} 步后剩下 {r1}：在显示的位数上和偏置 {b} 时一样多。",
        "en": "With bias {b1}, f is {g1} and {r1} is left after {n} step{n_s}: to the digits shown, as much as at bias {b}."},
    "bias.cmp.above": {
        "zh": "修正的偏置 {b1} 给出 f 等于 {g1}，{n} 步后只剩 {r1}，比偏置 {b} 时少。",
        "en": "The fix, bias {b1}, gives f = {g1} and leaves only {r1} after {n} step{n_s}: less than at bias {b}."},
    "bias.y": {"zh": "{n} 步后剩余", "en": "left after {n} step{n_s}"},
    "bias.at": {"zh": "$b_f$ = {b}：$f$ = {g}，剩 {r}", "en": "$b_f$ = {b}: $f$ = {g}, left {r}"},
    "bias.tick": {"tex": r"10^{@e}"},
}


class Gates(LectureScene):
    """§03: the cell path, the gate track, f^k vs the RNN product, the forget-bias pitfall."""

    SECTION_ID = "primer-03-gates"
    BEATS = ("path_cell", "track", "gru_gate", "forget_curve", "bias_pitfall")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def _x(self, t: int) -> float:
        return self.slot_x(t, len(self.v.tokens), 1.62)

    def path_cell(self):
        self.claim("path")
        v = self.v
        n = len(v.tokens)
        # rows raised and the tokens smaller, so the column highlight round a cell and its
        # token ends above the caption band (y < -2.4); the state boxes wider than tall, so
        # their three-decimal values keep a margin to the borders
        yc, yh, yx = 0.8, -0.58, -1.76
        side, wide, tside = 0.8, 0.96, 0.7
        cite = self.cite_row("Hochreiter & Schmidhuber 1997", "Gers et al. 2000")
        eq = self.math(r"c_t", r"=", r"f_t", r"\odot", r"c_{t-1}", r"+", r"i_t", r"\odot", r"g_t",
                       scale=0.75, reason="the cell update (index t-1: the previous step)")
        for j, col in ((0, P.cell), (2, P.forget), (4, P.cell), (6, P.input_gate),
                       (8, P.input_gate)):
            eq[j].set_color(col)
        eq.move_to([-6.2, 1.9, 0], aligned_edge=LEFT)
        tokens, cdash, hdash, cbox, hbox, cval, hval = (VGroup() for _ in range(7))
        clinks, hlinks, ins = VGroup(), VGroup(), VGroup()
        for t in range(n):
            x = self._x(t)
            tb = Square(tside, color=P.token, stroke_width=2).move_to([x, yx, 0])
            tn = self.number(f"tokens[{t}]", "dec:1", size=0.65, color=P.token).move_to(tb)
            tokens.add(VGroup(tb, tn))
            cs = Rectangle(width=wide, height=side, color=P.cell, stroke_width=3).move_to(
                [x, yc, 0])
            hs = Rectangle(width=wide, height=side, color=P.hidden, stroke_width=3).move_to(
                [x, yh, 0])
            cbox.add(cs)
            hbox.add(hs)
            cdash.add(DashedVMobject(cs.copy().set_stroke(P.muted, 2), num_dashes=14))
            hdash.add(DashedVMobject(hs.copy().set_stroke(P.muted, 2), num_dashes=14))
            cval.add(self.number(f"path_cell[{t}]", "dec:3", size=0.55, color=P.cell).move_to(cs))
            hval.add(self.number(f"path_rnn_states[{t}]", "dec:3", size=0.55,
                                 color=P.hidden).move_to(hs))
            ins.add(Arrow(tb.get_top(), hs.get_bottom(), buff=0.06, color=P.muted,
                          stroke_width=2, max_tip_length_to_length_ratio=0.15))
            if t:
                xm = (self._x(t - 1) + x) / 2
                line = Line(cbox[t - 1].get_right(), cs.get_left(), color=P.cell, stroke_width=3)
                # this step's own forget gate f_t, above the link it multiplies
                times_f = self.text("path.f", size=style.SMALL_SIZE, color=P.forget,
                                    f=Val(f"path_forget[{t}]", "fmt:2"))
                times_f.move_to([xm, yc + side / 2 + 0.25, 0])
                add_arrow = Arrow([xm, yc - 0.62, 0], [xm, yc - 0.02, 0], buff=0,
                                  color=P.input_gate, stroke_width=2,
                                  max_tip_length_to_length_ratio=0.25)
                plus_ig = self.math(r"+ig", scale=0.6, color=P.input_gate)
                plus_ig.next_to(add_arrow, DOWN, buff=0.05)
                clinks.add(VGroup(line, times_f, add_arrow, plus_ig))
                arr = Arrow(hbox[t - 1].get_right(), hs.get_left(), buff=0.02, color=P.hidden,
                            stroke_width=2, max_tip_length_to_length_ratio=0.3)
                lab = self.math(r"W_h", scale=0.6, color=P.hidden).next_to(arr, DOWN, buff=0.08)
                hlinks.add(VGroup(arr, lab))
        labels = VGroup(self.math("c_t", color=P.cell).next_to(cbox[0], LEFT, buff=0.15),
                        self.math("h_t", color=P.hidden).next_to(hbox[0], LEFT, buff=0.15),
                        self.math("x_t", color=P.token).next_to(tokens[0], LEFT, buff=0.15))
        hi = SurroundingRectangle(VGroup(cbox[0], tokens[0]), color=P.highlight, buff=0.1,
                                  stroke_width=2)

        def build(t):         # one step: both states, the token in, the links to it
            anims = [FadeOut(cdash[t]), Create(cbox[t]), FadeOut(hdash[t]), Create(hbox[t]),
                     FadeIn(cval[t]), FadeIn(hval[t]), FadeIn(ins[t])]
            if t:
                anims += [FadeIn(clinks[t - 1]), FadeIn(hlinks[t - 1])]
                anims.append(hi.animate.move_to(VGroup(cbox[t], tokens[t])))
            else:
                anims.append(Create(hi))
            return anims

        # "the top row is the cell state" / "the bottom one the plain RNN" / each hop, step
        # by step / "only two things happen": the update, then its x f and + ig
        gf = SurroundingRectangle(clinks[0][1], color=P.highlight, buff=0.06, stroke_width=2)
        gi = SurroundingRectangle(clinks[0][3], color=P.highlight, buff=0.06, stroke_width=2)
        self.pace([FadeIn(cite), Create(cdash), FadeIn(labels[0])],
             [Create(hdash), FadeIn(labels[1:]), FadeIn(tokens)],
             *(build(t) for t in range(n)), [FadeIn(eq), Create(gf)],
             [ReplacementTransform(gf, gi)], FadeOut(gi), fill=0.9)
        self.say("path.f.say")
        # "every link has its own f_t" / "computed from that step's token and the previous
        # state" / "anew at every step": the three rings walk the links one by one
        row_f = SurroundingRectangle(VGroup(*(c[1] for c in clinks)), color=P.forget, buff=0.06,
                                     stroke_width=2)

        def rings(t):
            return VGroup(SurroundingRectangle(clinks[t - 1][1], color=P.highlight, buff=0.05,
                                               stroke_width=2),
                          SurroundingRectangle(tokens[t], color=P.highlight, buff=0.05,
                                               stroke_width=2),
                          SurroundingRectangle(cbox[t - 1], color=P.highlight, buff=0.05,
                                               stroke_width=2))

        ring = rings(1)
        walk = [lambda t=t: ring.animate.become(rings(t)) for t in range(2, n)]
        self.pace(Create(row_f), [FadeOut(row_f), Create(ring)], *walk, FadeOut(ring), fill=0.9)
        last = len(v.path_cell_product) - 1
        back = self.text("path.back", size=style.LABEL_SIZE, color=P.forget,
                         p=Val(f"path_cell_product[{last}]"))
        back.move_to([6.6, 1.9, 0], aligned_edge=RIGHT)
        self.say("path.back.say", p=Val(f"path_cell_product[{last}]"))
        # "walking back from c_7 to c_0" the gradient meets each forget gate in turn, "these
        # seven", and their product
        grad = SurroundingRectangle(clinks[n - 2][1], color=P.gradient, buff=0.05, stroke_width=3)
        steps_back = [lambda t=t: grad.animate.move_to(clinks[t][1]) for t in range(n - 3, -1, -1)]
        self.pace(Create(grad), *steps_back, [FadeOut(grad), FadeIn(back)], fill=0.9)
        self.show("path_cell", cval[-1])
        self.show("path_rnn_state", hval[-1])
        self.show("path_cell_product", back)
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def track(self):
        self.claim("track")
        v = self.v
        x0, y = -5.6, 1.4
        # screen units per 1.0 of cell state: the longest the track gets anywhere in the sweep
        # (kept + written + dropped, at every point) spans 11 units, so no frame runs off
        longest = float(max(v.track_sweep_kept + v.track_sweep_written + v.track_sweep_dropped))
        unit = 11.0 / max(longest, 1e-9)
        i = ValueTracker(0)

        def k() -> int:
            return self.at(i)

        def seg(a, b, color):
            a, b = x0 + unit * a, x0 + unit * b
            return Rectangle(width=max(b - a, 1e-3), height=0.6, fill_color=color,
                             fill_opacity=0.85, stroke_width=0).move_to([(a + b) / 2, y, 0])

        def bars(j):
            kept, dropped = float(v.track_sweep_kept[j]), float(v.track_sweep_dropped[j])
            w = float(v.track_sweep_written[j])
            return VGroup(seg(0, kept, P.forget), seg(kept, kept + w, P.input_gate),
                          seg(kept + w, kept + w + dropped, P.dead))

        def widths(m):      # each segment's width in values (a 1e-3 floor, within tol)
            return [seg_.width / unit for seg_ in m]

        # the beat stops at f = 1, f = 0 and i = 1 and says what the track shows there
        live = Live(self, k, over="track_sweep_forget",
                    at=("track_sweep_full", "track_sweep_empty", "track_sweep_input_full"))
        track = live.redraw(bars, path=("track_sweep_kept[{i}]", "track_sweep_written[{i}]",
                                        "track_sweep_dropped[{i}]"), measure=widths,
                            tol=1.5e-3 / unit)
        intro = bars(0)        # the same three segments, built one by one before the sweep
        base = Line([x0, y - 0.45, 0], [x0 + unit * longest + 0.2, y - 0.45, 0],
                    color=P.muted, stroke_width=2)
        rows, nums = VGroup(), []
        for key, tex, color, path, reason in (
                ("track.kept", r"f\,c_{t-1}", P.forget, "track_sweep_kept[0]",
                 "index t-1: the previous step"),
                ("track.written", r"i\,g", P.input_gate, "track_sweep_written[0]", None),
                ("track.dropped", r"(1-f)\,c_{t-1}", P.dead, "track_sweep_dropped[0]",
                 "1 - f: the share the gate drops; index t-1")):
            sw = Square(0.32, fill_color=color, fill_opacity=0.85, stroke_width=0)
            name = self.text(key, size=style.BODY_SIZE, color=color)
            m = self.eq_label(tex, scale=0.8, color=color, reason=reason)
            num = self.number(path, "dec:2", size=0.75, color=color)
            rows.add(VGroup(sw, name, m, num))
            nums.append(num)
        for j, r in enumerate(rows):
            r[0].move_to([-5.4, 0.0 - 0.62 * j, 0])
            r[1].next_to(r[0], RIGHT, buff=0.25)
        x_tex = max(r[1].get_right()[0] for r in rows) + 0.4
        for r in rows:
            r[2].move_to([x_tex, r[1].get_y(), 0], aligned_edge=LEFT)
            self.beside(r[3], r[2])
        fl = self.eq_label("f", color=P.forget)
        fn = self.number("track_sweep_forget[0]", "dec:2", size=0.8, color=P.forget)
        il = self.eq_label("i", color=P.input_gate)
        inn = self.number("track_sweep_input[0]", "dec:2", size=0.8, color=P.input_gate)
        cl = self.eq_label("c_t", color=P.cell)
        cn = self.number("track_sweep_cell[0]", "dec:2", size=0.8, color=P.cell)
        ro = VGroup(self.pair(fl, fn),
                    self.pair(il, inn),
                    self.pair(cl, cn)).arrange(DOWN, aligned_edge=LEFT,
                                                                      buff=0.3)
        ro.move_to([2.6, -0.35, 0], aligned_edge=LEFT)
        cite = self.cite_row("Gers, Schmidhuber & Cummins 2000")
        live.number(fn, lambda j: v.track_sweep_forget[j], path="track_sweep_forget[{i}]")
        live.number(inn, lambda j: v.track_sweep_input[j], path="track_sweep_input[{i}]")
        live.number(cn, lambda j: v.track_sweep_cell[j], path="track_sweep_cell[{i}]")
        for j, path in enumerate(("track_sweep_kept", "track_sweep_written",
                                  "track_sweep_dropped")):
            live.number(nums[j], lambda jj, path=path: getattr(v, path)[jj],
                        path=path + "[{i}]")
        shown = {"note": None}

        def note_at(key, **fields):
            note = self.text(key, size=style.BODY_SIZE, **fields)
            note.next_to(ro, DOWN, buff=0.4, aligned_edge=LEFT)
            return note

        def sweep(at, note=None):
            """Sweep to index ``at`` (the last note fading as it starts), then show ``note``."""
            def go(rt):
                old = [FadeOut(shown["note"])] if shown["note"] is not None else []
                shown["note"] = None
                live.play(i.animate.set_value(at), *old, run_time=rt, rate_func=linear)
            return Plays(go)

        def show_note(note):
            def anim():
                shown["note"] = note
                return FadeIn(note, shift=0.2 * UP)
            return anim

        # "f times the old state survives" / "i times the candidate is written in" / "the
        # remaining 1 - f is thrown away": the track and its legend segment by segment
        self.pace([FadeIn(cite), Create(base), FadeIn(intro[0]), FadeIn(rows[0]), FadeIn(ro[0]),
                    FadeIn(ro[2])],
             [FadeIn(intro[1]), FadeIn(rows[1]), FadeIn(ro[1])],
             [FadeIn(intro[2]), FadeIn(rows[2])], over=self.left(0.42), fill=0.9)
        self.remove(*intro)
        self.add(track)        # the live track, drawn exactly where the built one stood
        acc = note_at("track.acc", f=Val("track_full_forget", "num"))
        wiped = note_at("track.wiped", f=Val("track_empty_forget", "num"))
        # "now f goes to 1: nothing is lost" / "then to 0: gone in one step"
        self.pace(sweep(int(v.track_sweep_full)), show_note(acc),
             sweep(int(v.track_sweep_empty)), show_note(wiped), fill=0.9)
        self.say("track.i.say", i1=Val("track_full_input", "num"),
                 c1=Val("track_full_input_cell", "fmt:2"),
                 i0=Val("track_empty_input", "num"),
                 c0=Val("track_empty_input_cell", "fmt:2"))
        last = len(v.track_sweep_forget) - 1
        ifull = note_at("track.ifull", i=Val("track_full_input", "num"))
        iempty = note_at("track.iempty", i=Val("track_empty_input", "num"))
        # f back to where it was, "now the input gate" / "at i = 1, c_t is ..." / "at i = 0
        # only the kept part is left"
        self.pace(sweep(int(v.track_sweep_back)),
             Circumscribe(ro[1], color=P.highlight, buff=0.08),
             sweep(int(v.track_sweep_input_full)), show_note(ifull), sweep(last),
             show_note(iempty), fill=0.9)
        self.settle(fn, f"track_sweep_forget[{last}]")
        self.settle(inn, "track_empty_input")
        self.settle(cn, "track_empty_input_cell")
        for j, path in enumerate(("track_sweep_kept", "track_sweep_written",
                                  "track_sweep_dropped")):
            self.settle(nums[j], f"{path}[{last}]")
        self.show("track_cell_end", cn)
        self.show("track_written_end", nums[1])
        self.hold()
        self.clear_stage()

    # ----- GRU ----------------------------------------------------------------------------
    def gru_gate(self):
        self.claim("gru")
        v = self.v
        # decided on the two values as displayed: 0.804 against 0.8 both show 0.80
        side = gru_case(self.shown_value("lstm_both_cell", "fmt:2"),
                        self.shown_value("gru_cell_max", "fmt:2"))
        cite = self.cite_row("Cho et al. 2014")
        x0, y_l, y_g = -3.2, 1.4, -0.1
        unit = 8.4 / max(float(v.lstm_both_cell), 1e-9)
        tc, tg = float(v.track_c_prev), float(v.track_candidate)

        def seg(a, b, yy, color):
            a, b = x0 + unit * a, x0 + unit * b
            return Rectangle(width=max(b - a, 1e-3), height=0.6, fill_color=color,
                             fill_opacity=0.85, stroke_width=0).move_to([(a + b) / 2, yy, 0])

        lstm = VGroup(seg(0, tc, y_l, P.forget), seg(tc, tc + tg, y_l, P.input_gate))
        lname = self.text("gru.lstm", size=style.LABEL_SIZE, color=P.muted)
        lname.next_to(seg(0, 0, y_l, P.muted), LEFT, buff=0.3)
        gname = self.text("gru.name", size=style.LABEL_SIZE, color=P.muted)
        gname.next_to(seg(0, 0, y_g, P.muted), LEFT, buff=0.3)
        lnum = self.value("lstm_both_cell", "fmt:2", size=style.LABEL_SIZE, color=P.cell)
        lnum.next_to(lstm, RIGHT, buff=0.2)
        i = ValueTracker(0)

        def k() -> int:
            return self.at(i)

        def gru(j):
            kept, written = float(v.gru_sweep_kept[j]), float(v.gru_sweep_written[j])
            return VGroup(seg(0, kept, y_g, P.forget), seg(kept, kept + written, y_g,
                                                           P.input_gate))

        def widths(m):      # each segment's width in values (a 1e-3 floor, within tol)
            return [seg_.width / unit for seg_ in m]

        live = Live(self, k, over="gru_sweep_forget")
        gtrack = live.redraw(gru, path=("gru_sweep_kept[{i}]", "gru_sweep_written[{i}]"),
                             measure=widths, tol=1.5e-3 / unit)
        xm = x0 + unit * float(v.gru_cell_max)
        cap = DashedLine([xm, y_g - 0.55, 0], [xm, y_g + 0.55, 0], color=P.muted,
                         dash_length=0.1)
        cap_l = self.text("gru.max", size=style.SMALL_SIZE, color=P.muted)
        cap_l.next_to(cap, DOWN, buff=0.1)
        fl = self.eq_label("f", color=P.forget)
        fn = self.number("gru_sweep_forget[0]", "dec:2", size=0.8, color=P.forget)
        wl = self.eq_label("1 - f", color=P.input_gate, reason="the GRU's write: 1 minus keep")
        wn = self.number("gru_sweep_write[0]", "dec:2", size=0.8, color=P.input_gate)
        cl = self.eq_label("h_t", color=P.hidden)     # a GRU has no cell state: h_t is its state
        cn = self.number("gru_sweep_cell[0]", "dec:2", size=0.8, color=P.hidden)
        ro = VGroup(*(self.pair(a, b)
                      for a, b in ((fl, fn), (wl, wn), (cl, cn))))
        ro.arrange(RIGHT, buff=0.8).move_to([0, -1.75, 0])
        live.number(fn, lambda j: v.gru_sweep_forget[j], path="gru_sweep_forget[{i}]")
        live.number(wn, lambda j: v.gru_sweep_write[j], path="gru_sweep_write[{i}]")
        live.number(cn, lambda j: v.gru_sweep_cell[j], path="gru_sweep_cell[{i}]")
        last = len(v.gru_sweep_forget) - 1
        mid = last // 2

        def sweep(a, b):
            return Plays(lambda rt: live.play(i.animate.set_value(b), run_time=rt,
                                              rate_func=linear) if a != b else self.wait(rt))

        # "a GRU has two gates ... against the LSTM's three" / "its update gate, drawn as f,
        # the share kept" / "sets the share written, 1 - f" / "one decision" (f moves, both
        # follow) / "its h_t below is its state"
        self.pace([FadeIn(cite), FadeIn(gname)], [FadeIn(lname), FadeIn(lstm), FadeIn(lnum)],
             [FadeIn(gtrack[0]), FadeIn(ro[0])], [FadeIn(gtrack[1]), FadeIn(ro[1])],
             sweep(0, mid), [FadeIn(ro[2]), Circumscribe(ro[2], color=P.highlight, buff=0.1)],
             fill=0.9)
        self.say("gru.cmp", side, l=Val("lstm_both_cell", "fmt:2"),
                 m=Val("gru_cell_max", "fmt:2"))
        # "an LSTM can set f and i both to 1" (its label) / "and reach l" (its track and
        # total) / "a GRU's h_t ... at most m" / f swept on: the GRU's track never passes its
        # limit
        self.pace(Circumscribe(lname, color=P.highlight, buff=0.08),
             Circumscribe(VGroup(lstm, lnum), color=P.highlight, buff=0.08),
             [Create(cap), FadeIn(cap_l)], sweep(mid, last), fill=0.9)
        self.settle(fn, "gru_forget")
        self.settle(wn, "gru_write")
        self.settle(cn, "gru_cell")
        self.show("lstm_both_cell", lnum)
        self.hold()
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def forget_curve(self):
        v = self.v
        K = int(v.steps)
        thr = Val("threshold", "num")
        self.claim("curve", f=Val("forget", "num"))
        ax = Axes([0, K, max(K / 4, 1)], [0, 1, 0.25], x_length=8.4, y_length=3.9,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  y_axis_config={"numbers_to_include": [0.5, 1],
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([-2.2, 0.0, 0])
        self.ticks(ax)
        xt = VGroup()
        for j in range(len(v.curve_x_ticks)):
            lab = self.mathv("curve.tick", scale=0.6, color=P.muted, name=f"curve_x_tick_{j}",
                             v=Val(f"curve_x_ticks[{j}]", "int"))
            lab.next_to(ax.c2p(float(v.curve_x_ticks[j]), 0), DOWN, buff=0.18)
            xt.add(lab)
        xlab = self.math("k", scale=0.8, color=P.muted).next_to(ax.x_axis, RIGHT, buff=0.2)
        fcurve = ax.plot_line_graph(v.curve_k, v.forget_curve, add_vertex_dots=False,
                                    line_color=P.forget, stroke_width=4)
        rcurve = ax.plot_line_graph(v.curve_k, v.rnn_curve, add_vertex_dots=False,
                                    line_color=P.gradient, stroke_width=4)
        kt = ValueTracker(0)

        def k() -> int:
            return self.at(kt)

        # the narration names the steps where f^k and the RNN product fall below 0.01
        live = Live(self, k, over="curve_k",
                    at=("forget_below_0_01_step", "rnn_below_0_01_step"))
        fdot = live.redraw(lambda j: Dot(ax.c2p(j, float(v.forget_curve[j])),
                                         color=P.forget, radius=0.07),
                           path=("curve_k[{i}]", "forget_curve[{i}]"),
                           measure=lambda m: ax.p2c(m.get_center())[:2])
        rdot = live.redraw(lambda j: Dot(ax.c2p(j, float(v.rnn_curve[j])),
                                         color=P.gradient, radius=0.07),
                           path=("curve_k[{i}]", "rnn_curve[{i}]"),
                           measure=lambda m: ax.p2c(m.get_center())[:2])
        kl = self.eq_label("k", color=P.muted)
        kn = self.number("curve_k[0]", "dec:0", size=0.75, color=P.muted)
        sl = self.eq_label("f", color=P.forget)
        sn = self.number("forget_sweep[0]", "dec:2", size=0.75, color=P.forget)
        fl = self.eq_label("f^k", color=P.forget)
        fn = self.number("forget_curve[0]", "dec:3", size=0.75, color=P.forget)
        rl = self.plain("RNN =", size=NUMBER_FONT * style.MATH_SCALE, color=P.gradient)
        rn = self.number("rnn_curve[0]", "dec:3", size=0.75, color=P.gradient)
        rows = [self.pair(a, b)
                for a, b in ((kl, kn), (sl, sn), (fl, fn), (rl, rn))]
        VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.3).move_to([3.0, 1.35, 0],
                                                                         aligned_edge=LEFT)
        live.number(kn, lambda j: v.curve_k[j], path="curve_k[{i}]")
        live.number(fn, lambda j: v.forget_curve[j], path="forget_curve[{i}]")
        live.number(rn, lambda j: v.rnn_curve[j], path="rnn_curve[{i}]")
        marks, notes = [], []
        for key, crossing, step, curve, color in (
                ("curve.fnote", v.forget_crossing, "forget_below_0_01_step", v.forget_curve,
                 P.forget),
                ("curve.rnote", v.rnn_crossing, "rnn_below_0_01_step", v.rnn_curve,
                 P.gradient)):
            s = getattr(v, step)
            note = self.text(key, variant=crossing, size=style.LABEL_SIZE, color=color, thr=thr,
                             k=Val("steps", "count"),
                             s=Val(step, "int") if s is not None else "")
            notes.append(note)
            mark = VGroup()
            if s is not None:
                mark.add(DashedLine(ax.c2p(s, 0), ax.c2p(s, 0.3), color=color, stroke_width=2),
                         Dot(ax.c2p(s, float(curve[s])), color=P.highlight, radius=0.06))
            marks.append(mark)
        VGroup(*notes).arrange(DOWN, aligned_edge=LEFT, buff=0.3).next_to(
            rows[3], DOWN, buff=0.45, aligned_edge=LEFT)
        # "on one linear axis" / "green is f held at f, to the power k" / "pink is the RNN
        # product"
        self.pace([Create(ax), FadeIn(xt), FadeIn(xlab), FadeIn(kl), FadeIn(kn)],
             [FadeIn(sl), FadeIn(sn), FadeIn(fl), FadeIn(fn), FadeIn(fdot)],
             [FadeIn(rl), FadeIn(rn), FadeIn(rdot)], fill=0.9)
        self.say("curve.f", v.forget_crossing, k=Val("steps", "count"), thr=thr,
                 fp=Val("forget_product"), sf=Val("forget_below_0_01_step", "int")
                 if v.forget_below_0_01_step is not None else "")
        # k runs to K under the line that reads f^k's crossing and its end, then its note
        self.pace(Plays(lambda rt: live.play(kt.animate.set_value(K), Create(fcurve),
                                              Create(rcurve), run_time=rt, rate_func=linear)),
             [FadeIn(marks[0]), FadeIn(notes[0])], fill=0.9)
        self.settle(kn, "steps")
        self.say("curve.rnn", v.rnn_crossing, k=Val("steps", "count"), thr=thr,
                 rp=Val("rnn_product"), s=Val("rnn_below_0_01_step", "int")
                 if v.rnn_below_0_01_step is not None else "")
        # "the RNN product drops below the threshold at step s" / its readout
        self.pace([FadeIn(marks[1]), FadeIn(notes[1])],
             Circumscribe(VGroup(rows[3], rdot), color=P.highlight, buff=0.08), fill=0.9)
        # the slider: f moves and the whole f^k curve follows, f^K read live at k = K
        si = ValueTracker(0)
        # the narration reads f^k at the sweep's low and high f: it must stand on both
        slide = Live(self, lambda: self.at(si), over="forget_sweep",
                     at=("forget_sweep_low", "forget_sweep_high"))

        def fline(j):
            return ax.plot_line_graph(v.curve_k, v.forget_sweep_curves[j],
                                      add_vertex_dots=False, line_color=P.forget,
                                      stroke_width=4)

        def line_read(m):     # the f^k line's corners read back through the axes: k's, f^k's
            pts = [ax.p2c(q) for q in corners(m["line_graph"])]
            return [q[0] for q in pts] + [q[1] for q in pts]

        fk_line = slide.redraw(fline, path=("curve_k", "forget_sweep_curves[{i}]"),
                               measure=line_read)
        sdot = slide.redraw(lambda j: Dot(ax.c2p(K, float(v.forget_sweep_product[j])),
                                          color=P.forget, radius=0.07),
                            path=("steps", "forget_sweep_product[{i}]"),
                            measure=lambda m: ax.p2c(m.get_center())[:2])
        self.remove(fcurve, fdot)
        self.add(fk_line, sdot)
        slide.number(sn, lambda j: v.forget_sweep[j], path="forget_sweep[{i}]")
        slide.number(fn, lambda j: v.forget_sweep_product[j], path="forget_sweep_product[{i}]")
        self.say("curve.sweep.say", k=Val("steps", "count"),
                 lo=Val(f"forget_sweep[{v.forget_sweep_low}]", "num"),
                 plo=Val(f"forget_sweep_product[{v.forget_sweep_low}]"),
                 hi=Val(f"forget_sweep[{v.forget_sweep_high}]", "num"),
                 phi=Val(f"forget_sweep_product[{v.forget_sweep_high}]"))
        n_s = len(v.forget_sweep) - 1

        def slide_to(at):
            return Plays(lambda rt: slide.play(si.animate.set_value(at), run_time=rt,
                                               rate_func=linear))

        # the products in the lecture font, as the live numbers they replace
        ffinal = self.show("forget_product", self.text("final.fk", size=NUM, color=P.forget,
                                                       v=Val("forget_product", "sig")))
        ffinal.move_to(rows[2], aligned_edge=LEFT)
        rfinal = self.show("rnn_product", self.text("final.rnn", size=NUM, color=P.gradient,
                                                    v=Val("rnn_product", "sig")))
        rfinal.move_to(rows[3], aligned_edge=LEFT)
        # "now f moves: at lo ..." / "at hi ..." / "f is not a constant": back to f, and the
        # products at f as the beat's result
        self.pace(slide_to(int(v.forget_sweep_low)), 1.0, slide_to(int(v.forget_sweep_high)),
             1.0, slide_to(n_s),
             [FadeOut(fl), FadeOut(fn), FadeOut(rl), FadeOut(rn), FadeIn(ffinal),
              FadeIn(rfinal)], fill=0.9)
        self.settle(sn, "forget")
        self.show("forget_note", notes[0])
        self.show("rnn_note", notes[1])
        self.show("forget_readout", sn)
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def _bias_side(self) -> str:
        """The fix against the chosen bias, as both are shown: the same bias shown
        (``equal``), else more (``below``), less (``above``) or the same (``same``) retention
        shown after the steps."""
        if self.shown_value("param.forget_bias", "num") == self.shown_value("param.bias_fix", "num"):
            return "equal"
        r0, r1 = self.shown_value("bias_retention", "fmt"), self.shown_value("bias_retention_at_fix", "fmt")
        return "below" if r1 > r0 else ("above" if r1 < r0 else "same")

    def bias_pitfall(self):
        v = self.v
        n = Val("bias_steps", "int")
        b, b1 = Val("param.forget_bias", "num"), Val("param.bias_fix", "num")
        self.claim("bias", b=b, g0=Val("bias_gate"), r0=Val("bias_retention"), n=n)
        cite = self.cite_row("Jozefowicz, Zaremba & Sutskever 2015")
        lo, hi = float(v.bias_sweep[0]), float(v.bias_sweep[-1])
        top = float(v.bias_y_tick_heights[0])
        ax = Axes([lo, hi, 0.5], [0, top, float(v.bias_y_step)], x_length=8.4, y_length=3.3,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(math.ceil(lo), 5)),
                                 "numbers_to_exclude": [],
                                 "decimal_number_config": {"num_decimal_places": 0}})
        ax.move_to([-1.4, -0.25, 0])
        self.ticks(ax, reason="axis tick: the sweep's fixed bias range")
        ylabels = VGroup()
        for j in range(len(v.bias_y_ticks)):
            lab = self.mathv("bias.tick", scale=0.6, color=P.muted, name=f"bias_y_tick_{j}",
                             e=Val(f"bias_y_ticks[{j}]", "int"))
            lab.next_to(ax.c2p(lo, float(v.bias_y_tick_heights[j])), LEFT, buff=0.15)
            ylabels.add(lab)
        xlab = self.math("b_f", scale=0.8, color=P.forget).next_to(ax.x_axis, RIGHT, buff=0.2)
        ytitle = self.text("bias.y", size=style.LABEL_SIZE, color=P.muted, n=n)
        ytitle.next_to(ax.c2p(lo, top), UP, buff=0.25).align_to(ylabels, LEFT)
        curve = ax.plot_line_graph(v.bias_sweep, v.bias_sweep_height, add_vertex_dots=False,
                                   line_color=P.cell, stroke_width=4)
        side = v.bias_vs_fix
        p0 = ax.c2p(float(v.forget_bias), float(v.bias_height))
        p1 = ax.c2p(float(v.bias_fix), float(v.bias_height_at_fix))
        c0 = P.dead if side == "below" else P.forget
        at0 = self.text("bias.at", size=style.SMALL_SIZE, color=c0,
                        b=b, g=Val("bias_gate"), r=Val("bias_retention"))
        at1 = self.text("bias.at", size=style.SMALL_SIZE, color=P.forget, b=b1,
                        g=Val("bias_gate_at_fix"), r=Val("bias_retention_at_fix"))
        # the two labels stacked under the curve's right half (the curve rises to the right, so
        # that corner stays empty at any bias_steps), each with a leader to its point
        upper, lower = (at1, at0) if side != "above" else (at0, at1)
        lower.move_to(ax.c2p(1.25, 0.1 * top), aligned_edge=DL)
        upper.next_to(lower, UP, buff=0.25, aligned_edge=LEFT)
        leaders = VGroup(Line(at0.get_left() + 0.08 * LEFT, p0, color=c0, stroke_width=1.5,
                              buff=0.1))
        self.show("bias_at", at0)
        rings = VGroup(Dot(p0, color=c0, radius=0.09))
        if side != "equal":
            rings.add(Dot(p1, color=P.forget, radius=0.09))
            leaders.add(Line(at1.get_left() + 0.08 * LEFT, p1, color=P.forget, stroke_width=1.5,
                             buff=0.1))
            self.show("bias_at_fix", at1)
        last = len(v.bias_path) - 1
        i = ValueTracker(0)

        def k() -> int:
            return self.at(i)

        live = Live(self, k, over="bias_path")
        dot = live.redraw(lambda j: Dot(ax.c2p(float(v.bias_path[j]),
                                               float(v.bias_path_height[j])),
                                        color=P.highlight, radius=0.08),
                         path=("bias_path[{i}]", "bias_path_height[{i}]"),
                         measure=lambda m: ax.p2c(m.get_center())[:2])
        bl = self.eq_label("b_f", color=P.forget)
        bn = self.number("bias_path[0]", "dec:2", size=0.75, color=P.forget)
        fl = self.eq_label("f", color=P.forget)
        fn = self.number("bias_path_gate[0]", "dec:3", size=0.75, color=P.forget)
        ro = VGroup(self.pair(bl, bn),
                    self.pair(fl, fn)).arrange(DOWN, aligned_edge=LEFT,
                                                                      buff=0.4)
        ro.move_to([4.2, 1.4, 0], aligned_edge=LEFT)
        live.number(bn, lambda j: v.bias_path[j], path="bias_path[{i}]")
        live.number(fn, lambda j: v.bias_path_gate[j], path="bias_path_gate[{i}]")

        def sweep(at):
            return Plays(lambda rt: live.play(i.animate.set_value(at), run_time=rt,
                                              rate_func=linear))

        # "if the weights start near 0, the gate is set by its bias alone": what is left
        # against the bias / "with bias b, f is g0" / "after n steps r0 is left"
        self.pace([Create(ax), FadeIn(ylabels), FadeIn(xlab), FadeIn(ytitle)], Create(curve),
             [FadeIn(dot), FadeIn(ro)], [FadeIn(rings[0]), FadeIn(at0), FadeIn(leaders[0])],
             fill=0.9)
        self.say("bias.cmp", self._bias_side(), b=b, b1=b1, n=n, g1=Val("bias_gate_at_fix"),
                 r1=Val("bias_retention_at_fix"))
        # "with bias b1": the bias slides there, the gate read live / "r1 is left": its point
        fix = [FadeIn(rings[1]), FadeIn(at1), FadeIn(leaders[1])] if side != "equal" else \
            Circumscribe(at0, color=P.highlight, buff=0.08)
        self.pace(sweep(last), fix, fill=0.9)
        self.say("bias.fix.say", v.bias_fix_case, b1=b1, rec=Val("bias_recommended", "num"))
        # "the usual fix" (the paper) / the toggle both ways: from the pitfall to the fix
        self.pace([FadeIn(cite), Circumscribe(upper if side != "equal" else at0,
                                               color=P.highlight, buff=0.08)],
             sweep(0), sweep(last), fill=0.9)
        self.settle(bn, "param.bias_fix", name="bias_fix_readout")
        self.settle(fn, "bias_gate_at_fix", name="bias_gate_readout")
        self.hold(2.0)
