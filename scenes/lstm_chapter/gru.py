"""L6 GRU: one step of a 1-D GRU, the update gate as one keep/write bar, LSTM against GRU."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, AnimationGroup, Circumscribe, Create, FadeIn, FadeOut,
                   LaggedStart, Line, Rectangle, RoundedRectangle, SurroundingRectangle,
                   ValueTracker, VGroup, linear)

from .. import style
from ..base import LectureScene, Val, displayed
from ..baseline import on_baseline
from ..live import Live, live_value, settle_value

P = style.PALETTE

PREV = {"1": "index t-1: the previous step"}
ONE = {"1": "the 1 of 1 - z: the two shares sum to one", **PREV}

TEXT = {
    # ----- beat 1: one step -------------------------------------------------------------------
    "step": {"zh": "GRU：$c$ 和 $h$ 合成一条状态，三个门减成两个",
             "en": "GRU: $c$ and $h$ merge into one state, three gates become two"},
    "step.say": {
        "zh": "GRU 在 2014 年由 Cho 等人提出，是 LSTM 的精简版：没有单独的细胞状态，只留一条 h；门只有两个，重置门 r 和更新门 z。下面是一个一维 GRU 的一步，权重是手工设定的，输入 x 是 {x}，上一步的 h 是 {h}。",
        "en": "Cho and colleagues proposed the GRU in 2014 as a leaner LSTM: no separate cell state, only h, and two gates, reset r and update z. Below is one step of a 1-D GRU with hand-set weights; the input x is {x} and the previous h is {h}.",
        "fixed": {"2014": "year of Cho et al.", "1": "one dimension"}},
    "step.inputs": {"zh": "输入 $x_t$ = {x}，上一步 $h_{{t-1}}$ = {h}",
                    "en": "input $x_t$ = {x}, previous $h_{{t-1}}$ = {h}",
                    "fixed": PREV},
    "box.r": {"zh": "重置门", "en": "reset gate"},
    "box.z": {"zh": "更新门", "en": "update gate"},
    "box.n": {"zh": "候选", "en": "candidate"},
    "box.h": {"zh": "新状态", "en": "new state"},
    "step.more": {
        "zh": "先算 r 和 z，再用 r 调过的旧状态算候选 n，最后按 z 把旧状态和候选混起来：留下 {z} 份旧的，写入 {w} 份新的。",
        "en": "First r and z; then the candidate n from the input and the reset-scaled old state; last, z mixes old and new: {z} of the old state kept, {w} of the candidate written."},
    "mix": {"zh": "$h_t$ = {w} × {n} + {z} × {hp} = {h}",
            "en": "$h_t$ = {w} × {n} + {z} × {hp} = {h}"},
    # ----- beat 2: the update gate sweep ------------------------------------------------------
    "bar": {"zh": "一个 $z$ 管两件事：留下 $z$，写入 $1-z$，合起来总是 {s}",
            "en": "One $z$ does two jobs: keep $z$, write $1-z$, always {s} together",
            "fixed": ONE},
    "bar.say": {
        "zh": "LSTM 用遗忘门和输入门分别决定留多少、写多少；GRU 只用一个更新门 z，留下 z，写入 1 减 z。输入 x 从 {lo} 扫到 {hi} 时，z 在 {zl} 到 {zh} 之间移动，这一根条的两段始终加起来是 {s}。",
        "en": "The LSTM decides how much to keep and how much to write with two gates, forget and input; the GRU uses one update gate z: keep z, write 1 minus z. As the input x sweeps from {lo} to {hi}, z moves between {zl} and {zh}, and the two parts of this one bar always add up to {s}.",
        "fixed": {"1": "the 1 of 1 - z"}},
    "bar.keep": {"zh": "留下旧状态 $z$", "en": "keep old state $z$"},
    "bar.write": {"zh": "写入候选 $1-z$", "en": "write candidate $1-z$", "fixed": ONE},
    "bar.result": {"zh": "$x$ = {x}：留下 {k}，写入 {w}，$h_t$ = {h}",
                   "en": "$x$ = {x}: keep {k}, write {w}, $h_t$ = {h}"},
    # ----- beat 3: the comparison -------------------------------------------------------------
    "cmp": {"zh": "LSTM 对 GRU：{lg} 组权重对 {gg} 组，少 {p}%",
            "en": "LSTM against GRU: {lg} weight group{lg_s} to {gg}, {p}% fewer"},
    # the comparison's narration, one line per sentence group as the table fills: the weight
    # groups; the parameter counts and PyTorch's; quality, and the step-by-step recurrence
    "cmp.say": {
        "zh": "这些数直接从两个单元的参数形状数出来：LSTM 有 {lg} 组权重，GRU 有 {gg} 组，少 {p}%。",
        "en": "These counts come straight from the two cells' parameter shapes: the LSTM has {lg} weight group{lg_s}, the GRU {gg}, {p}% fewer."},
    "cmp.bias.say": {
        "zh": "参数按每个门和候选各一个偏置向量来数；PyTorch 的 nn.LSTM 和 nn.GRU 多存一个偏置，所以分别有 {lt} 和 {gt} 个。",
        "en": "The parameters count one bias vector per gate and per candidate; PyTorch's nn.LSTM and nn.GRU keep a second one and so hold {lt} and {gt}."},
    "cmp.quality.say": {
        "zh": "效果上两者没有明显的高下：Jozefowicz、Zaremba 和 Sutskever 2015 年的大规模比较发现，把 LSTM 遗忘门的偏置设为 1，它和 GRU 的差距就消失了。两者都还是一步一步按时间算。",
        "en": "On quality neither is clearly ahead: in a large comparison by Jozefowicz, Zaremba and Sutskever in 2015, an LSTM with its forget bias set to 1 closed the gap to the GRU. Both still run step by step in time.",
        "fixed": {"1": "the forget-gate bias of Jozefowicz et al. 2015",
                  "2015": "year of Jozefowicz, Zaremba & Sutskever"}},
    "cmp.head": {"zh": "对比项", "en": "aspect"},
    "cmp.states": {"zh": "状态", "en": "states"},
    "cmp.gates": {"zh": "门", "en": "gates"},
    "cmp.groups": {"zh": "权重组", "en": "weight groups"},
    "cmp.params": {"zh": "参数（$h$ = $d$ = {n}）", "en": "parameters ($h$ = $d$ = {n})"},
    "cmp.path": {"zh": "记忆通道", "en": "memory path"},
    "cmp.quality": {"zh": "效果", "en": "quality"},
    "lstm.states": {"zh": "{n}：$c$、$h$", "en": "{n}: $c$, $h$"},
    "gru.states": {"zh": "{n}：$h$", "en": "{n}: $h$"},
    "lstm.gates": {"zh": "{n}：$f$、$i$、$o$", "en": "{n}: $f$, $i$, $o$"},
    "gru.gates": {"zh": "{n}：$r$、$z$", "en": "{n}: $r$, $z$"},
    "lstm.groups": {"zh": "{n}", "en": "{n}"},
    "gru.groups": {"zh": "{n}（少 {p}%）", "en": "{n} ({p}% fewer)"},
    "lstm.params": {"zh": "{n}", "en": "{n}"},
    "gru.params": {"zh": "{n}", "en": "{n}"},
    "lstm.path": {"zh": "独立传送带 $c$", "en": "a separate conveyor $c$"},
    "gru.path": {"zh": "耦合的 $1-z$", "en": "coupled $1-z$", "fixed": ONE},
    "lstm.quality": {"zh": "遗忘门偏置为 1 时持平", "en": "on par with forget bias 1",
                     "fixed": {"1": "the forget-gate bias of Jozefowicz et al. 2015"}},
    "gru.quality": {"zh": "持平（Jozefowicz et al., 2015）", "en": "on par (Jozefowicz et al., 2015)",
                    "fixed": {"2015": "citation year"}},
    # PyTorch's counts, beside the table's while the line says them (on the memory path's row,
    # which comes in later)
    "cmp.torch": {"zh": "PyTorch：多一个偏置", "en": "PyTorch: a second bias"},
}


class GRU(LectureScene):
    """L6: one GRU step, the update gate's keep/write bar, the LSTM/GRU table."""

    SECTION_ID = "lstm-06-gru"
    BEATS = ("one_step", "update_sweep", "compare")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def one_step(self):
        self.claim("step", x=Val("x", "num"), h=Val("h_prev", "num"))
        cite = self.label("Cho et al., 2014", "citation year", size=style.SMALL_SIZE,
                          color=P.muted)
        cite.next_to(self._claim, RIGHT, buff=0.4).align_to(self._claim, DOWN)
        inputs = self.text("step.inputs", size=style.BODY_SIZE, color=P.token,
                           x=Val("x", "num"), h=Val("h_prev", "num"))
        inputs.move_to([0, 2.0, 0])
        boxes = VGroup()
        # z in the forget gate's color (its share z keeps, as f does), 1 - z in the input gate's;
        # r scales the old state into the candidate, as o scales what leaves an LSTM cell
        spec = (("r", "reset", P.output_gate, "box.r"), ("z", "update", P.forget, "box.z"),
                ("n", "candidate", P.candidate, "box.n"), ("h_t", "hidden", P.hidden, "box.h"))
        for j, (sym, attr, color, key) in enumerate(spec):
            x = self.slot_x(j, 4, 3.3)
            frame = RoundedRectangle(corner_radius=0.18, width=2.6, height=1.9, color=color,
                                     stroke_width=3).move_to([x, 0.55, 0])
            s = self.math(sym, scale=1.2, color=color).move_to([x, 1.0, 0])
            # the box's number in the lecture font, as every bound label's
            num = self.value(attr, "dec:2", size=style.TITLE_SIZE + 6, color=color, name=attr)
            num.move_to([x, 0.25, 0])
            name = self.text(key, size=style.LABEL_SIZE, color=P.muted)
            name.next_to(frame, DOWN, buff=0.15)
            boxes.add(VGroup(frame, s, num, name))
        eq = self.math(r"h_t", "=", r"(1-z)", r"\,n", "+", "z", r"\,h_{t-1}",
                       reason="1 - z: the two shares sum to one; t-1 the previous step")
        eq[0].set_color(P.hidden)
        eq[2].set_color(P.input_gate)
        eq[3].set_color(P.candidate)
        eq[5].set_color(P.forget)
        eq.scale(1.2).move_to([0, -1.3, 0])
        mix = self.text("mix", size=style.BODY_SIZE, w=Val("write_share", "fmt:2"),
                        n=Val("candidate", "paren:2"), z=Val("keep_share", "fmt:2"),
                        hp=Val("h_prev", "paren:2"), h=Val("hidden", "fmt:2"))
        mix.move_to([0, -2.05, 0])
        self.show("mix", mix)
        r, z, n, h = boxes

        def shell(b):       # a box's frame, symbol and name: its number comes when computed
            return VGroup(b[0], b[1], b[3])

        # the claim's line (step.say): Cho 2014; only h; two gates r and z; one step of a
        # 1-D GRU, its x and h
        self.pace(FadeIn(cite),
                  FadeIn(shell(h)),
                  LaggedStart(FadeIn(shell(r)), FadeIn(shell(z)), lag_ratio=0.4),
                  [FadeIn(shell(n)), FadeIn(inputs, shift=0.1 * DOWN)])
        ring_rz = SurroundingRectangle(VGroup(r[0], z[0]), color=P.highlight, buff=0.1,
                                       stroke_width=3)
        ring_n = SurroundingRectangle(n[0], color=P.highlight, buff=0.1, stroke_width=3)
        ring_h = SurroundingRectangle(h[0], color=P.highlight, buff=0.1, stroke_width=3)
        # the step button as the line goes: r and z, then n, then z mixes into h
        self.line("step.more",
                  [FadeIn(r[2], shift=0.1 * UP), FadeIn(z[2], shift=0.1 * UP), Create(ring_rz)],
                  lambda: [FadeOut(ring_rz), Create(ring_n), FadeIn(n[2], shift=0.1 * UP)],
                  lambda: [FadeOut(ring_n), Create(ring_h), FadeIn(eq)],
                  [FadeIn(h[2], shift=0.1 * UP), FadeIn(mix)],
                  z=Val("keep_share", "fmt:2"), w=Val("write_share", "fmt:2"))
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def update_sweep(self):
        v = self.v
        last = len(v.sweep_x) - 1
        fields = dict(s=Val("share_sum", "fmt:2"), lo=Val("sweep_x[0]", "num"),
                      hi=Val("sweep_x[120]", "num"), zl=Val("update_low", "fmt:3"),
                      zh=Val("update_high", "fmt:3"))
        self.claim("bar", say=False, **fields)
        k = ValueTracker(0)

        def i() -> int:
            return self.at(k)

        x0, width, y = -5.5, 11.0, 0.55

        def part(start, share, color):
            w = max(1e-3, width * share)
            return Rectangle(width=w, height=1.2, stroke_width=0, fill_color=color,
                             fill_opacity=0.85).move_to([x0 + width * start + w / 2, y, 0])

        live = Live(self, i, over="sweep_keep")
        def share(m):       # a part's width as a share of the frame (its 1e-3 floor within tol)
            return m.width / width

        def start_share(m):  # where a part starts, as a share of the frame, and its width
            return [(m.get_left()[0] - x0) / width, share(m)]

        keep = live.redraw(lambda j: part(0.0, float(v.sweep_keep[j]), P.forget),
                           path="sweep_keep[{i}]", measure=share, tol=1e-4)
        write = live.redraw(lambda j: part(float(v.sweep_keep[j]), float(v.sweep_write[j]),
                                           P.input_gate),
                            path=("sweep_keep[{i}]", "sweep_write[{i}]"), measure=start_share,
                            tol=1e-4)
        frame = Rectangle(width=width, height=1.2, stroke_color=P.text, stroke_width=2)
        frame.move_to([x0 + width / 2, y, 0])
        # the two shares (never negative) in the lecture font beside their lecture-font labels
        kl = self.text("bar.keep", size=style.BODY_SIZE, color=P.forget)
        kl.next_to(frame, UP, buff=0.3).align_to(frame, LEFT)
        kn = live_value(self, live, "sweep_keep[{i}]", "dec:2", kl, P.forget,
                         size=style.BODY_SIZE)
        wl = self.text("bar.write", size=style.BODY_SIZE, color=P.input_gate)
        wl.next_to(frame, DOWN, buff=0.3).align_to(frame, RIGHT).shift(1.0 * LEFT)
        wn = live_value(self, live, "sweep_write[{i}]", "dec:2", wl, P.input_gate,
                         size=style.BODY_SIZE)
        # the row of formulas: symbols and (signed) numbers both typeset
        sl = self.eq_label(r"z + (1-z)", reason="the 1 of 1 - z")
        sn = self.number("sweep_sum[0]", "dec:2", size=0.8)
        xl = self.eq_label(r"x_t", color=P.token)
        xn = self.number("sweep_x[0]", "dec:2", size=0.8, color=P.token)
        hl = self.eq_label(r"h_t", color=P.hidden)
        hn = self.number("sweep_hidden[0]", "dec:2", size=0.8, color=P.hidden)
        row = VGroup(self.pair(xl, xn),
                     self.pair(sl, sn),
                     self.pair(hl, hn)).arrange(RIGHT, buff=1.2)
        row.move_to([0, -1.25, 0])
        for m, name in ((sn, "sweep_sum"), (xn, "sweep_x"), (hn, "sweep_hidden")):
            live.number(m, lambda j, arr=getattr(v, name): arr[j], path=name + "[{i}]")
        self.say("bar.say", **fields)
        # two gates in the LSTM, one z here: the bar; keep z; write 1 - z
        self.pace([Create(frame), FadeIn(keep)],
                  [FadeIn(kl), FadeIn(kn)],
                  [FadeIn(write), FadeIn(wl), FadeIn(wn)],
                  over=max(3.0, self.left(0.45)))
        # "as the input x sweeps from lo to hi ...": the sweep, while the words say it
        self.play(FadeIn(row), run_time=0.6)
        live.play(k.animate.set_value(last), run_time=max(4.0, self.left(0.95)),
                  rate_func=linear)
        kn = settle_value(self, kn, "keep_share", "dec:2", kl, P.forget, "keep_readout",
                           size=style.BODY_SIZE)
        wn = settle_value(self, wn, "write_share", "dec:2", wl, P.input_gate, "write_readout",
                           size=style.BODY_SIZE)
        self.settle(sn, "share_sum", name="sum_readout")
        self.settle(xn, "x", name="x_readout")
        self.settle(hn, "hidden", name="hidden_readout")
        res = self.text("bar.result", size=style.BODY_SIZE, x=Val("x", "num"),
                        k=Val("keep_share", "fmt:2"), w=Val("write_share", "fmt:2"),
                        h=Val("hidden", "fmt:2"))
        res.move_to([0, -2.0, 0])
        self.show("bar_result", res)
        self.play(FadeIn(res, shift=0.1 * UP), run_time=0.6)
        self.hold(1.5)
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def compare(self):
        p = dict(p=Val("fewer_percent", "int"))
        groups = dict(lg=Val("lstm_groups", "int"), gg=Val("gru_groups", "int"), **p)
        self.claim("cmp", say=False, **groups)
        xs = (-6.6, -2.45, 1.75)   # the citation cell keeps clear of the right edge
        head = VGroup(self.text("cmp.head", size=style.BODY_SIZE, color=P.muted),
                      self.plain("LSTM", size=style.BODY_SIZE, color=P.cell),
                      self.label("GRU (Cho et al., 2014)", "citation year",
                                 size=style.BODY_SIZE, color=P.hidden))
        rows = [head]
        fields = {
            "states": ({"n": Val("lstm_states", "int")}, {"n": Val("gru_states", "int")}),
            "gates": ({"n": Val("lstm_gates", "int")}, {"n": Val("gru_gates", "int")}),
            "groups": ({"n": Val("lstm_groups", "int")}, {"n": Val("gru_groups", "int"), **p}),
            "params": ({"n": Val("lstm_params", "count")}, {"n": Val("gru_params", "count")}),
            "path": ({}, {}),
            "quality": ({}, {}),
        }
        for key, (lf, gf) in fields.items():
            extra = {"n": Val("count_h", "int")} if key == "params" else {}
            rows.append(VGroup(
                self.text(f"cmp.{key}", size=style.LABEL_SIZE, color=P.muted, **extra),
                self.text(f"lstm.{key}", size=style.LABEL_SIZE, color=P.text, **lf),
                self.text(f"gru.{key}", size=style.LABEL_SIZE, color=P.text, **gf)))
        # PyTorch's two-bias counts (the narration's; the table keeps the lecture's one bias),
        # for a while on the row the memory path takes later
        torch = VGroup(self.text("cmp.torch", size=style.LABEL_SIZE, color=P.muted),
                       self.value("lstm_params_torch", "count", size=style.LABEL_SIZE,
                                  color=P.muted),
                       self.value("gru_params_torch", "count", size=style.LABEL_SIZE,
                                  color=P.muted))
        for r, row in enumerate(rows):
            yy = 1.95 - 0.66 * r
            for c, cell in enumerate(row):
                cell.move_to([xs[c], yy, 0], aligned_edge=LEFT)
            on_baseline(row[0], *row[1:])      # one baseline a row, as a table is read
        for c, cell in enumerate(torch):
            cell.move_to([xs[c], rows[5][c].get_y(), 0], aligned_edge=LEFT)
            on_baseline(rows[5][c], cell)
        rule = Line([xs[0], 1.6, 0], [6.9, 1.6, 0], color=P.muted, stroke_width=1.5)
        self.show("groups_gru", rows[3][2])
        self.show("params_lstm", rows[4][1])
        self.show("params_gru", rows[4][2])
        hi = SurroundingRectangle(rows[3], color=P.highlight, buff=0.12, stroke_width=3)
        hp = SurroundingRectangle(rows[4], color=P.highlight, buff=0.12, stroke_width=3)
        box, point = self.pointer()
        # the cell's shapes (states, gates); the LSTM's weight groups; the GRU's, 25% fewer
        self.say("cmp.say", **groups)
        self.cued({"zh": ("", "LSTM 有", "GRU 有"), "en": ("", "the LSTM has", "the GRU")},
              LaggedStart(AnimationGroup(FadeIn(head), Create(rule)), FadeIn(rows[1]),
                          FadeIn(rows[2]), lag_ratio=0.6),
              [FadeIn(rows[3][0]), FadeIn(rows[3][1])],
              [FadeIn(rows[3][2]), Create(hi)])
        # the parameters' row; one bias per gate and candidate: the counts; nn.LSTM, nn.GRU
        # (the heads); a second bias; their counts, each as it is said
        self.say("cmp.bias.say", lt=Val("lstm_params_torch", "count"),
                 gt=Val("gru_params_torch", "count"))
        self.cued({"zh": ("", "每个门", "nn.LSTM", "nn.GRU", "多存", "所以",
                            displayed(torch[2])),
                     "en": ("", "one bias vector", "nn.LSTM", "nn.GRU", "keep a second",
                            "and so", displayed(torch[2]))},
              [FadeOut(hi), FadeIn(rows[4][0])],
              [FadeIn(rows[4][1]), FadeIn(rows[4][2]), Create(hp)],
              _point(head[1]),
              _point(head[2]),
              FadeIn(torch[0]),
              FadeIn(torch[1]),
              FadeIn(torch[2]))
        # quality: the row; the GRU's cell, the study (its citation), the LSTM's with forget
        # bias 1, the gap closed (both cells); both still step by step: the memory path
        q = rows[6]
        self.say("cmp.quality.say")
        self.cued({"zh": ("", "Jozefowicz", "2015 年", "把 LSTM", "它和 GRU", "两者都"),
                     "en": ("", "in a large", "Zaremba", "an LSTM", "closed the gap", "Both")},
              [FadeOut(torch), FadeOut(hp), FadeIn(q[0])],
              FadeIn(q[2]),
              lambda: point(_glyphs(q[2], "Jozefowicz et al., 2015"), buff=0.05),
              lambda: [FadeIn(q[1]), point(q[1])],
              lambda: point(VGroup(q[1], q[2])),
              lambda: [FadeOut(box["b"]), FadeIn(rows[5]), _point(rows[5])])
        self.play(Create(hi), run_time=0.6)
        self.hold(1.5)


def _point(mob):
    """Point at ``mob`` as the words name it: a frame drawn round it and faded."""
    return Circumscribe(mob, color=P.highlight, fade_out=True, buff=0.1, stroke_width=3)


def _glyphs(text, part: str):
    """The glyphs of ``part`` inside a one-piece lecture-font ``text``, with the brackets round
    it if it has some (the whole text if the glyphs do not map one to one onto its
    characters)."""
    chars = text.text   # Manim's string of the drawn characters: no spaces
    want = part.replace(" ", "")
    i = chars.find(want)
    if i < 0 or len(text.submobjects) != len(chars):
        return text
    j = i + len(want)
    if i > 0 and j < len(chars) and chars[i - 1] in "(（" and chars[j] in ")）":
        i, j = i - 1, j + 1
    return text[i:j]

