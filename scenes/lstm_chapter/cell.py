"""L2 One LSTM cell: the gate table, the block diagram stepped ①→⑥, two sweeps."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Arrow, Circle, Create, FadeIn, FadeOut,
                   Line, MathTex, Mobject, Rectangle, SurroundingRectangle, Transform, ValueTracker, VGroup,
                   linear)

from .. import style
from ..base import LectureScene, Val
from ..legibility import raise_to_floor
from ..bind import resolve
from ..live import LightCopies, Live, number_text

P = style.PALETTE

GATE_COLOR = {"f": P.forget, "i": P.input_gate, "g": P.candidate, "o": P.output_gate}

TEXT = {
    # ----- beat 1: the gate table -------------------------------------------------------
    "table": {"zh": "三个门和一个候选，各是一个读 $[h_{{t-1}}, x_t]$ 的小网络",
              "en": "Three gates and a candidate, each a small network reading $[h_{{t-1}}, x_t]$",
              "fixed": {"1": "index t-1: the previous step"}},
    "table.say": {
        "zh": "LSTM 里有两条线：细胞状态 c 是长期记忆，沿传送带走；隐藏状态 h 是短期输出，对外汇报。第三节和第五节的演示里它们都是 4 维，也就是 4 个记忆槽；这一节的单元是一维的。三个门 f、i、o 和候选 g 各自把上一步的 h 和这一步的 x 拼起来，乘自己的权重、加上自己的偏置，门再过 sigmoid，候选过 tanh；这些权重和网络其余部分一起训练。",
        "en": "An LSTM runs two lines: the cell state c is long-term memory and rides the conveyor; the hidden state h is the short-term output it reports. In the demos of sections three and five both have 4 entries, four memory slots; the cell of this section is one-dimensional. The three gates f, i, o and the candidate g each take the previous h and the current x side by side, multiply them by their own weights and add their own bias; the gates then apply a sigmoid, the candidate a tanh. Those weights are trained with the rest of the network.",
        "fixed": {"4": "the size of the states of sections three and five (a fixed choice)"}},
    "table.say2": {
        "zh": "遗忘门为 0 时旧记忆全部丢掉，为 1 时全部留下。f、i、o 这三个门，就是第四节门控沙盘里的三根旋钮。",
        "en": "A forget gate of 0 drops all of the old memory, and 1 keeps all of it. The gates f, i and o are the three knobs of the gate sandbox in section four.",
        "fixed": {"0": "the forget gate's lower end", "1": "the forget gate's upper end"}},
    "table.f": {"zh": "旧记忆留下多少", "en": "how much old memory stays"},
    "table.i": {"zh": "新内容写进去多少", "en": "how much new is written"},
    "table.g": {"zh": "写进去的内容本身", "en": "the content to write"},
    "table.o": {"zh": "记忆报出去多少", "en": "how much memory is reported"},
    "table.value": {"zh": "这一步", "en": "this step"},
    "table.inputs": {"zh": "$x_t$ = {x}，$h_{{t-1}}$ = {h}", "en": "$x_t$ = {x}, $h_{{t-1}}$ = {h}",
                     "fixed": {"1": "index t-1: the previous step"}},
    # ----- beat 2: the block diagram ----------------------------------------------------
    "block": {"zh": "一个时间步，逐个部件算一遍", "en": "One time step, part by part"},
    "block.say": {
        "zh": "黄色粗线是 c 的传送带。四个方块是三个门和候选 g，块中读数是这个一维单元这一步算出的值；各部件从 ① 到 ⑥ 逐个亮起。",
        "en": "The thick yellow line is the conveyor that carries c. The four blocks are the three gates and the candidate g; each shows its value at this step of this one-dimensional cell, and the parts light up in order from ① to ⑥."},
    "block.say2": {
        "zh": "圆圈里的乘号是逐元素相乘（这个一维单元里就是普通乘法）。传送带上只有一次乘法和一次加法：c 等于 f 乘旧的 c，再加 i 乘 g。",
        "en": "The circled times is an elementwise product (for this one-dimensional cell, a plain product). The conveyor holds one product and one sum: c is f times the old c, plus i times g."},
    "block.s1": {"zh": "① 遗忘门 $f$：旧的 $c$ 留下几成", "en": "① forget gate $f$: how much old $c$ stays"},
    "block.s2": {"zh": "② 输入门 $i$：写进去几成", "en": "② input gate $i$: how much is written"},
    "block.s3": {"zh": "③ 候选 $g$：写什么", "en": "③ candidate $g$: what is written"},
    "block.s4": {"zh": "④ 传送带：$c_t = f\\,c_{{t-1}} + i\\,g$",
                 "en": "④ the conveyor: $c_t = f\\,c_{{t-1}} + i\\,g$",
                 "fixed": {"1": "index t-1: the previous step"}},
    "block.s5": {"zh": "⑤ 输出门 $o$：报出去几成", "en": "⑤ output gate $o$: how much is reported"},
    "block.s6": {"zh": "⑥ 输出：$h_t = o \\tanh(c_t)$", "en": "⑥ the output: $h_t = o \\tanh(c_t)$"},
    # ----- beat 3: sweep x ------------------------------------------------------------------
    "sweep_x.away": {"zh": "$x_t$ 一变：三个门和候选 $g$ 全部重新算",
                     "en": "$x_t$ moves: the three gates and the candidate $g$ are recomputed"},
    "sweep_x.away.say": {
        "zh": "当前输入从 {x} 变到 {lo}，再到 {hi}，再回来。门和候选不是手动设定的，是算出来的：每一个都跟着变。sigmoid 门 f、i、o 最多变了 {sg}，tanh 的候选 g 变了 {sc}。",
        "en": "The input goes from {x} to {lo}, then to {hi}, and back. The gates and the candidate are not set by hand, they are computed: every one of them moves. The sigmoid gates f, i and o move by up to {sg}, the tanh candidate g by {sc}."},
    # x is the sweep's first end already (as shown): no leg from x to it
    "sweep_x.at_lo": {"zh": "$x_t$ 一变：三个门和候选 $g$ 全部重新算",
                      "en": "$x_t$ moves: the three gates and the candidate $g$ are recomputed"},
    "sweep_x.at_lo.say": {
        "zh": "当前输入本来就在 {lo}，它先到 {hi}，再回来。门和候选不是手动设定的，是算出来的：每一个都跟着变。sigmoid 门 f、i、o 最多变了 {sg}，tanh 的候选 g 变了 {sc}。",
        "en": "The input is at {lo} already: it goes to {hi} and back. The gates and the candidate are not set by hand, they are computed: every one of them moves. The sigmoid gates f, i and o move by up to {sg}, the tanh candidate g by {sc}."},
    # x is the sweep's second end already (as shown): no leg back from it to itself
    "sweep_x.at_hi": {"zh": "$x_t$ 一变：三个门和候选 $g$ 全部重新算",
                      "en": "$x_t$ moves: the three gates and the candidate $g$ are recomputed"},
    "sweep_x.at_hi.say": {
        "zh": "当前输入本来就在 {hi}，它先到 {lo}，再回来。门和候选不是手动设定的，是算出来的：每一个都跟着变。sigmoid 门 f、i、o 最多变了 {sg}，tanh 的候选 g 变了 {sc}。",
        "en": "The input is at {hi} already: it goes to {lo} and back. The gates and the candidate are not set by hand, they are computed: every one of them moves. The sigmoid gates f, i and o move by up to {sg}, the tanh candidate g by {sc}."},
    # "gates" here are f, i, o (the narration says so); g, the candidate, is named apart
    "sweep_x.note": {"zh": "$x_t$ 从 {lo} 到 {hi}：门至多变 {sg}，$g$ 变 {sc}",
                     "en": "$x_t$ from {lo} to {hi}: gates move ≤ {sg}, $g$ ≤ {sc}"},
    # ----- beat 4: sweep c_prev -------------------------------------------------------------
    "sweep_c.away": {"zh": "$c_{{t-1}}$ 一变：门根本不读它",
                     "en": "$c_{{t-1}}$ moves: the gates never read it",
                     "fixed": {"1": "index t-1: the previous step"}},
    "sweep_c.away.say": {
        "zh": "这回动的是旧记忆，从 {c} 到 {lo}，再到 {hi}，再回来。三个门和候选 g 一动不动，最多变了 {s}：在这个标准 LSTM 里它们只看 h 和 x（第七节的 peephole 变体才让门看到 c）。变的只有传送带上留下的那一份，以及后面的 c 和 h。",
        "en": "Now the old memory moves, from {c} to {lo}, then to {hi}, and back. The three gates and the candidate g stay put, changing by at most {s}: in this standard LSTM they read only h and x (the peephole variant of section seven lets the gates see c). Only the kept share on the conveyor changes, and with it c and h."},
    # c_prev is the sweep's first end already (as shown)
    "sweep_c.at_lo": {"zh": "$c_{{t-1}}$ 一变：门根本不读它",
                      "en": "$c_{{t-1}}$ moves: the gates never read it",
                      "fixed": {"1": "index t-1: the previous step"}},
    "sweep_c.at_lo.say": {
        "zh": "这回动的是旧记忆：它本来就在 {lo}，所以先到 {hi} 再回来。三个门和候选 g 一动不动，最多变了 {s}：在这个标准 LSTM 里它们只看 h 和 x（第七节的 peephole 变体才让门看到 c）。变的只有传送带上留下的那一份，以及后面的 c 和 h。",
        "en": "Now the old memory moves: it is at {lo} already, so it goes to {hi} and back. The three gates and the candidate g stay put, changing by at most {s}: in this standard LSTM they read only h and x (the peephole variant of section seven lets the gates see c). Only the kept share on the conveyor changes, and with it c and h."},
    # c_prev is the sweep's second end already (as shown)
    "sweep_c.at_hi": {"zh": "$c_{{t-1}}$ 一变：门根本不读它",
                      "en": "$c_{{t-1}}$ moves: the gates never read it",
                      "fixed": {"1": "index t-1: the previous step"}},
    "sweep_c.at_hi.say": {
        "zh": "这回动的是旧记忆：它本来就在 {hi}，所以先到 {lo} 再回来。三个门和候选 g 一动不动，最多变了 {s}：在这个标准 LSTM 里它们只看 h 和 x（第七节的 peephole 变体才让门看到 c）。变的只有传送带上留下的那一份，以及后面的 c 和 h。",
        "en": "Now the old memory moves: it is at {hi} already, so it goes to {lo} and back. The three gates and the candidate g stay put, changing by at most {s}: in this standard LSTM they read only h and x (the peephole variant of section seven lets the gates see c). Only the kept share on the conveyor changes, and with it c and h."},
    "sweep_c.note": {"zh": "$c_{{t-1}}$ 从 {lo} 到 {hi}：门和 $g$ 至多变 {s}",
                     "en": "$c_{{t-1}}$ from {lo} to {hi}: gates and $g$ move ≤ {s}",
                     "fixed": {"1": "index t-1: the previous step"}},
}

#: Readouts of the block diagram: name -> (values key, LaTeX label, color role).
READOUTS = (
    ("f", "f", r"f", "forget"),
    ("i", "i", r"i", "input_gate"),
    ("g", "g", r"g", "candidate"),
    ("o", "o", r"o", "output_gate"),
    ("kept", "kept", r"f\,c_{t-1}", "forget"),
    ("written", "written", r"i\,g", "input_gate"),
    ("c", "c", r"c_t", "cell"),
    ("tanh_c", "tanh_c", r"\tanh c_t", "cell"),
    ("h", "h", r"h_t", "hidden"),
)


class Cell(LightCopies, LectureScene):
    """L2: the gate table, the stepped block diagram, sweeping x_t and c_{t-1}."""

    SECTION_ID = "lstm-02-cell"
    #: Heights of the conveyor, the gate blocks and the input bus (all above the caption band).
    YC, YG, YB = 1.3, -0.5, -1.7
    BEATS = ("gate_table", "block_diagram", "sweep_input", "sweep_memory")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def gate_table(self):
        self.claim("table", say=False)
        rows = VGroup()
        formulas = {
            "f": r"f = \sigma(W_f\,[h_{t-1}, x_t] + b_f)",
            "i": r"i = \sigma(W_i\,[h_{t-1}, x_t] + b_i)",
            "g": r"g = \tanh(W_g\,[h_{t-1}, x_t] + b_g)",
            "o": r"o = \sigma(W_o\,[h_{t-1}, x_t] + b_o)",
        }
        for k, name in enumerate(("f", "i", "g", "o")):
            y = 1.3 - 0.9 * k
            color = GATE_COLOR[name]
            fm = self.math(formulas[name], scale=0.8, color=color,
                           reason="index t-1: the previous step").move_to([-6.4, y, 0],
                                                                          aligned_edge=LEFT)
            mean = self.text(f"table.{name}", color=P.text).move_to([-0.5, y, 0],
                                                                     aligned_edge=LEFT)
            val = self.value(name, "fmt", color=color, name=f"table_{name}")
            val.move_to([5.45, y, 0], aligned_edge=LEFT)
            rows.add(VGroup(fm, mean, val))
        head = self.text("table.value", size=style.LABEL_SIZE, color=P.muted)
        head.next_to(rows[0][2], UP, buff=0.3).align_to(rows[0][2], LEFT)
        inputs = self.text("table.inputs", size=style.LABEL_SIZE, color=P.token,
                           x=Val("param.x", "num"), h=Val("param.h_prev", "num"))
        inputs.next_to(head, LEFT, buff=0.6)
        self.show("table_inputs", inputs)
        eq = self.math(r"c_t = f \odot c_{t-1} + i \odot g", r"\qquad",
                       r"h_t = o \odot \tanh(c_t)", scale=0.85,
                       reason="the cell update (index t-1)")
        eq[0].set_color(P.cell)
        eq[2].set_color(P.hidden)
        eq.move_to([0, -2.1, 0])
        squash = self.mark(rows[2][0])
        # the two lines c and h, the one-dimensional cell's inputs, then the four small
        # networks row by row, the candidate's tanh last
        self.line("table.say", Create(eq[0]), Create(eq[2]), [FadeIn(head), FadeIn(inputs)],
                  *[FadeIn(r[0], shift=0.2 * RIGHT) for r in rows], Create(squash))
        self.add(eq)   # the whole formula (its parts drawn one by one) is what the frame holds
        fmark = self.mark(VGroup(rows[0][1], rows[0][2]), GATE_COLOR["f"]).stretch_to_fit_width(
            VGroup(rows[0][1], rows[0][2]).width + 2 * 0.22)
        # each knob's box sized to its row with a margin: clear of the italic f's overhang on
        # the left and of the value's last digit on the right, short of the rows around it
        knobs = [self.mark(rows[j], GATE_COLOR[n], buff=0.1).stretch_to_fit_width(
            rows[j].width + 2 * 0.22) for j, n in ((0, "f"), (1, "i"), (3, "o"))]
        # the forget gate's meaning and value, the others' row by row, then the three knobs
        self.line("table.say2", [FadeOut(squash), FadeIn(rows[0][1]), FadeIn(rows[0][2]),
                                 Create(fmark)],
                  *[[FadeIn(rows[j][1]), FadeIn(rows[j][2])] for j in (1, 2, 3)],
                  [FadeOut(fmark), *[Create(m) for m in knobs]])
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def _diagram(self):
        """The block diagram, unlit: conveyor, gate blocks, nodes, wires, readouts."""
        yc, yg, yb = self.YC, self.YG, self.YB
        gx = {"f": -4.1, "i": -2.05, "g": 0.0, "o": 2.05}
        d = {}
        d["conveyor_in"] = Line([-6.4, yc, 0], [-1.02, yc, 0], color=P.cell, stroke_width=14)
        d["conveyor_out"] = Line([-1.02, yc, 0], [6.4, yc, 0], color=P.cell, stroke_width=14)

        def node(sym, at, color):
            c = Circle(0.27, color=color, fill_color=P.background, fill_opacity=1,
                       stroke_width=3).move_to(at)
            return VGroup(c, MathTex(sym, color=color).scale(0.75).move_to(at))

        d["times_f"] = node(r"\times", [gx["f"], yc, 0], P.forget)
        d["plus"] = node("+", [-1.02, yc, 0], P.cell)
        d["times_ig"] = node(r"\times", [-1.02, 0.35, 0], P.input_gate)
        d["times_o"] = node(r"\times", [4.0, yg, 0], P.output_gate)
        blocks = {}
        for name, x in gx.items():
            r = Rectangle(width=1.8, height=0.95, color=GATE_COLOR[name], stroke_width=3)
            blocks[name] = r.move_to([x, yg, 0])
        d["blocks"] = blocks
        d["tanh"] = Rectangle(width=1.3, height=0.7, color=P.cell, stroke_width=3).move_to(
            [4.0, 0.3, 0])
        d["tanh_tex"] = raise_to_floor(MathTex(r"\tanh", color=P.cell).scale(0.7)).move_to(d["tanh"])
        w = dict(color=P.muted, stroke_width=3)
        d["bus"] = Line([-6.4, yb, 0], [gx["o"], yb, 0], **w)
        d["x_in"] = Line([-5.2, yb - 0.6, 0], [-5.2, yb, 0], color=P.token, stroke_width=3)
        d["taps"] = {n: Line([x, yb, 0], blocks[n].get_bottom(), **w) for n, x in gx.items()}
        d["w_f"] = Arrow(blocks["f"].get_top(), d["times_f"].get_bottom(), buff=0,
                         color=P.forget, stroke_width=4, max_tip_length_to_length_ratio=0.12)
        d["w_i"] = VGroup(Line(blocks["i"].get_top(), [gx["i"], 0.35, 0], color=P.input_gate,
                               stroke_width=4),
                          Line([gx["i"], 0.35, 0], d["times_ig"].get_left(), color=P.input_gate,
                               stroke_width=4))
        d["w_g"] = VGroup(Line(blocks["g"].get_top(), [gx["g"], 0.35, 0], color=P.candidate,
                               stroke_width=4),
                          Line([gx["g"], 0.35, 0], d["times_ig"].get_right(), color=P.candidate,
                               stroke_width=4))
        d["w_ig"] = Arrow(d["times_ig"].get_top(), d["plus"].get_bottom(), buff=0,
                          color=P.input_gate, stroke_width=4, max_tip_length_to_length_ratio=0.3)
        d["w_tanh"] = VGroup(Line([4.0, yc, 0], d["tanh"].get_top(), color=P.cell, stroke_width=4),
                             Line(d["tanh"].get_bottom(), d["times_o"].get_top(), color=P.cell,
                                  stroke_width=4))
        d["w_o"] = Line(blocks["o"].get_right(), d["times_o"].get_left(), color=P.output_gate,
                        stroke_width=4)
        d["h_out"] = Arrow(d["times_o"].get_right(), [6.4, yg, 0], buff=0, color=P.hidden,
                           stroke_width=6, max_tip_length_to_length_ratio=0.08)
        return d

    def _readout(self, key: str, label: str, role: str, path: str | None = None):
        color = getattr(P, role)
        lab = self.eq_label(label, scale=0.66, color=color, reason="index t-1: the previous step"
                            if "t-1" in label else None)
        num = self.number(path or key, "dec:3", size=0.62, color=color, name=f"cell_{key}")
        return self.pair(lab, num, buff=0.1)

    def _place_readouts(self, d):
        r = {}
        for key, _, label, role in READOUTS:
            r[key] = self._readout(key, label, role)
        for name in ("f", "i", "g", "o"):
            r[name].move_to(d["blocks"][name])
        r["kept"].next_to(d["times_f"], UP, buff=0.22)
        r["written"].move_to([d["times_ig"].get_x() + 0.45, 0.78, 0], aligned_edge=LEFT)
        r["c"].next_to([6.4, self.YC, 0], UP, buff=0.28).align_to([6.4, 0, 0], RIGHT)
        r["tanh_c"].next_to(d["tanh"], LEFT, buff=0.2)
        # under the output arrow, where nothing else is: above it, its frame met the tanh box
        r["h"].next_to([6.4, self.YG, 0], DOWN, buff=0.2).align_to([6.4, 0, 0], RIGHT)
        for key in ("c", "h"):   # right-aligned: room for the widest value of the sweeps
            r[key].shift((self._widest(key, r[key][1]).width - r[key][1].width) * LEFT)
        ins = {
            "c_prev": self._readout("c_prev", r"c_{t-1}", "cell", "param.c_prev"),
            "h_prev": self._readout("h_prev", r"h_{t-1}", "hidden", "param.h_prev"),
            "x": self._readout("x", r"x_t", "token", "param.x"),
        }
        ins["c_prev"].next_to([-6.4, self.YC, 0], DOWN, buff=0.28).align_to([-6.4, 0, 0], LEFT)
        ins["h_prev"].next_to([-6.4, self.YB, 0], UP, buff=0.18).align_to([-6.4, 0, 0], LEFT)
        ins["x"].move_to([-4.95, self.YB - 0.38, 0], aligned_edge=LEFT)
        return r, ins

    def _widest(self, key: str, num) -> Mobject:
        """A copy of readout ``num`` showing the widest value ``key`` takes in this beat and in
        both sweeps (a box or an edge sized for it holds every frame of the sweep)."""
        v = self.v
        if key in ("x", "c_prev"):
            vals = [*getattr(v, "x_sweep" if key == "x" else "c_sweep")]
        else:
            vals = [*v.x_sweep_cell[key], *v.c_sweep_cell[key]]
        vals.append(float(resolve(num.binding.fields["v"].path, v, self.params)))
        places = int(num.live_style[0].partition(":")[2])
        widest = max(vals, key=lambda x: (len(f"{x:.{places}f}"), f"{abs(x):.{places}f}"))
        return number_text(num, widest).move_to(num, aligned_edge=LEFT)

    def block_diagram(self):
        self.claim("block", say=False)
        d = self._diagram()
        r, ins = self._place_readouts(d)
        self.d, self.r, self.ins = d, r, ins
        outlines = VGroup(*[b.copy().set_stroke(P.muted, 2) for b in d["blocks"].values()])
        skeleton = VGroup(d["conveyor_in"], d["bus"], d["x_in"], *d["taps"].values(), outlines)
        self.skeleton = skeleton
        parts = (
            ("block.s1", VGroup(d["blocks"]["f"], r["f"], d["w_f"], d["times_f"], r["kept"])),
            ("block.s2", VGroup(d["blocks"]["i"], r["i"])),
            ("block.s3", VGroup(d["blocks"]["g"], r["g"])),
            ("block.s4", VGroup(d["conveyor_out"], d["w_i"], d["w_g"], d["times_ig"], d["w_ig"],
                                d["plus"], r["written"], r["c"])),
            ("block.s5", VGroup(d["blocks"]["o"], r["o"])),
            ("block.s6", VGroup(d["w_tanh"], d["tanh"], d["tanh_tex"], d["w_o"], d["times_o"],
                                d["h_out"], r["tanh_c"], r["h"])),
        )
        state = {"caption": None, "box": None}

        def light(key, part, extra=()):
            """Step ``key``: its part lit, its caption and box in place of the last ones."""
            def step():
                new_cap = self.text(key, size=style.BODY_SIZE, color=P.text)
                new_cap.move_to([2.9, 2.2, 0])
                new_box = SurroundingRectangle(part, color=P.highlight, buff=0.12, stroke_width=2)
                anims = [FadeIn(part), *extra]
                if state["caption"] is None:
                    anims += [FadeIn(new_cap), Create(new_box)]
                    state["caption"], state["box"] = new_cap, new_box
                else:
                    anims += [Transform(state["caption"], new_cap),
                              Transform(state["box"], new_box)]
                return anims
            return step

        lit = [light(key, part) for key, part in parts]
        belt = self.mark(d["conveyor_in"], P.cell)
        four = self.mark(outlines)
        # the conveyor (boxed), the four blocks (boxed), then the parts from 1 on
        self.line("block.say", [Create(skeleton), FadeIn(VGroup(*ins.values())), Create(belt)],
                  [FadeOut(belt), Create(four)], lambda: [FadeOut(four), *lit[0]()],
                  lit[1], lit[2])
        ring = self.mark(d["times_f"], P.forget)
        # the circled times, then the conveyor's product and sum, then the output
        self.line("block.say2", Create(ring), lambda: [FadeOut(ring), *lit[3]()], lit[4], lit[5])
        self.play(FadeOut(state["box"]), run_time=0.4)
        self.caption = state["caption"]
        self.show("step_caption", self.caption)
        self.hold(2.0)

    # ----- beats 3 and 4: sweeps ----------------------------------------------------------
    def _sweep(self, driver: str, points: str, cell: str, target: str):
        """Drive every readout along ``points`` (``x_sweep`` or ``c_sweep``) over what is left
        of the current line, and settle back."""
        v = self.v
        arr = getattr(v, cell)
        xs = getattr(v, points)
        last = len(xs) - 1
        k = ValueTracker(0)

        def i() -> int:
            return self.at(k)

        lab, drive = self.ins[driver]
        # the ring holds the widest value of the sweep (a minus sign included)
        ring = SurroundingRectangle(VGroup(lab, drive, self._widest(driver, drive)),
                                    color=P.highlight, buff=0.1, stroke_width=2)
        self.play(Create(ring), run_time=0.5)
        live = Live(self, i, over=points)
        live.number(drive, lambda j: xs[j], path=points + "[{i}]")
        for key, *_ in READOUTS:
            live.number(self.r[key][1], lambda j, key=key: arr[key][j],
                        path=f"{cell}.{key}[{{i}}]")
        live.play(k.animate.set_value(last), run_time=self.left(0.6, least=4.0), rate_func=linear)
        self.settle(drive, target, name=f"cell_{driver}")
        for key, *_ in READOUTS:
            self.settle(self.r[key][1], key, name=f"cell_{key}")
        return ring

    def _start(self, path: str) -> str:
        """Where a sweep starts against its ends, as the numbers read: "at_lo" if it is the
        first end (no first leg to narrate), "at_hi" if it is the second (no leg back), else
        "away"."""
        at = self.shown_value(path, "num") == self.shown_value("sweep_lo", "num")
        if self.shown_value(path, "num") == self.shown_value("sweep_hi", "num"):
            return "at_hi"
        return "at_lo" if at else "away"

    def sweep_input(self):
        lo, hi = Val("sweep_lo", "num"), Val("sweep_hi", "num")
        sg, sc = Val("x_sweep_sigmoid_span"), Val("x_sweep_candidate_span")
        self.claim("sweep_x", x=Val("param.x", "num"), lo=lo, hi=hi, sg=sg, sc=sc,
                   variant=self._start("param.x"))
        self.play(FadeOut(self.caption), run_time=0.3)
        # the input moves while the line says where it goes and that every gate follows
        ring = self._sweep("x", "x_sweep", "x_sweep_cell", "param.x")
        note = self.text("sweep_x.note", size=style.BODY_SIZE, lo=lo, hi=hi, sg=sg, sc=sc)
        note.move_to([2.9, 2.2, 0])
        self.show("x_gate_span", note)
        gates = [self.mark(self.d["blocks"][n], GATE_COLOR[n], buff=0.06) for n in "fio"]
        cand = self.mark(self.d["blocks"]["g"], GATE_COLOR["g"], buff=0.06)
        # "the sigmoid gates f, i and o move by up to ...", "the tanh candidate g by ..."
        self.pace([FadeIn(note), *[Create(m) for m in gates]],
                  [*[FadeOut(m) for m in gates], Create(cand)])
        self.hold(1.5)
        self.play(FadeOut(ring), FadeOut(note), FadeOut(cand), run_time=0.4)

    def sweep_memory(self):
        lo, hi = Val("sweep_lo", "num"), Val("sweep_hi", "num")
        s = Val("c_sweep_gate_span")
        self.claim("sweep_c", c=Val("param.c_prev", "num"), lo=lo, hi=hi, s=s,
                   variant=self._start("param.c_prev"))
        # the old memory moves while the line says where it goes
        self._sweep("c_prev", "c_sweep", "c_sweep_cell", "param.c_prev")
        note = self.text("sweep_c.note", size=style.BODY_SIZE, lo=lo, hi=hi, s=s)
        note.move_to([2.9, 2.2, 0])
        self.show("c_gate_span", note)
        blocks = [self.mark(self.d["blocks"][n], GATE_COLOR[n], buff=0.06) for n in "figo"]
        kept = self.mark(VGroup(self.d["times_f"], self.r["kept"]), P.forget)
        outs = [self.mark(self.r[n], P.cell if n == "c" else P.hidden, buff=0.06)
                for n in ("c", "h")]
        # the gates that stay put, then the kept share, then c and h
        self.pace([FadeIn(note), *[Create(m) for m in blocks]],
                  [*[FadeOut(m) for m in blocks], Create(kept)],
                  [FadeOut(kept), *[Create(m) for m in outs]])
        self.hold(2.0)
