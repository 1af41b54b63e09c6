"""L4 The gate sandbox: one cell reads a sentence; presets as transforms; the f sweep; a
learned gate against a constant one."""

from __future__ import annotations

from manim import (DOWN, LEFT, ORIGIN, RIGHT, UP, ArcBetweenPoints, Axes, Create, DashedLine,
                   DashedVMobject, Dot, FadeIn, FadeOut, Indicate, Line, Rectangle,
                   SurroundingRectangle, Transform, ValueTracker, VGroup, linear)

from mathcore.lstm_chapter.sandbox import cat_state

from .. import style
from ..base import LectureScene, Val, _baseline
from ..live import Live

P = style.PALETTE

#: x range of the sentence chart (the left margin holds the legend / row labels).
CHART_LEFT, CHART_RIGHT = -4.9, 6.4

TEXT = {
    # ----- beat 1 ---------------------------------------------------------------------------
    "intro": {"zh": "门控沙盘：一句话、一个单元、三个固定的门",
              "en": "The gate sandbox: one sentence, one cell, three gates held fixed"},
    "intro.say": {
        "zh": "LSTM 的记忆更新逐词走过这句话：旧记忆留下 f 倍，再加上 i 乘 g。每个词的写入强度 g 是手工给定的，不是训练出来的；遗忘门、输入门、输出门先固定成 {f}、{i}、{o}。「它」指的是「猫」，中间隔着句号，也就是 {n} 步。",
        "en": "The LSTM's memory update runs over this sentence word by word: keep f of the old memory, add i times g. Each token's write strength g is hand-set, not trained; the forget, input and output gates are held at {f}, {i} and {o}. \"It\" refers to the cat, {n} step{n_s} later, with the full stop in between."},
    "apart": {"zh": "隔 {n} 步", "en": "{n} step{n_s} apart"},
    "gates": {"zh": "三个门：$f$ = {f}，$i$ = {i}，$o$ = {o}",
              "en": "the three gates: $f$ = {f}, $i$ = {i}, $o$ = {o}"},
    "legend.g": {"zh": "写入强度 $g$", "en": "write $g$"},
    "legend.cat": {"zh": "猫的那一笔", "en": "the cat's write"},
    # ----- beat 2 ---------------------------------------------------------------------------
    "extremes": {"zh": "两个极端：一个字都不写，和每个词都清空",
                 "en": "Two extremes: write nothing, or wipe at every word"},
    "extremes.say": {
        "zh": "遗忘门全开、输入门关死时，什么也写不进去，记忆从空开始，就一直是空的。遗忘门关到底时，每读一个词就清空，只剩当前这个词写入的那一笔。",
        "en": "With the forget gate fully open and the input gate shut, nothing gets in: the memory starts empty and stays empty. With the forget gate shut, every word wipes the memory and only the current word's write is left."},
    "p.empty.flat": {"zh": "$f$ = {f}，$i$ = {i}：什么都没写进去，$c$ 始终是 {peak}",
                     "en": "$f$ = {f}, $i$ = {i}: nothing is written; $c$ stays at {peak}"},
    "p.empty.moves": {"zh": "$f$ = {f}，$i$ = {i}：$c$ 最大到 {peak}",
                      "en": "$f$ = {f}, $i$ = {i}: $c$ reaches {peak}"},
    "p.wipe": {"zh": "$f$ = {f}：每个词都清空，$c_t = i\\,g_t$（在「猫」是 {cc}，在「它」是 {ci}）",
               "en": "$f$ = {f}: each word wipes it, $c_t = i\\,g_t$ ({cc} at cat, {ci} at it)"},
    # ----- beat 3 ---------------------------------------------------------------------------
    "decay": {"zh": "$f$ 决定那一笔能撑多久", "en": "$f$ decides how long a write lasts"},
    "decay.say": {
        "zh": "两个门都放在 {h} 附近，每一步都丢掉一半，记忆掉得很快。遗忘门在 {l} 时，同样的一笔能撑得久得多。「活着」的标准：到「它」时还剩猫写入量的 {a} 以上。",
        "en": "With both gates near {h}, half is lost at every step and the memory drains fast. With the forget gate at {l}, the same write lasts much longer. Alive means: when \"it\" arrives, at least {a} of the cat's write is still there."},
    "p.half.alive": {"zh": "$f$ = {f}，$i$ = {i}：到「它」还剩 {r}，猫还活着",
                     "en": "$f$ = {f}, $i$ = {i}: {r} left at it; the cat is alive"},
    "p.half.faded": {"zh": "$f$ = {f}，$i$ = {i}：到「它」只剩 {r}，不到 {a}，猫淡掉了",
                     "en": "$f$ = {f}, $i$ = {i}: {r} left at it, below {a}; the cat has faded"},
    "p.half.unwritten": {"zh": "$f$ = {f}，$i$ = {i}：猫什么也没写进去",
                         "en": "$f$ = {f}, $i$ = {i}: the cat wrote nothing"},
    "p.long.alive": {"zh": "$f$ = {f}，$i$ = {i}：到「它」还剩 {r}，猫还活着",
                     "en": "$f$ = {f}, $i$ = {i}: {r} left at it; the cat is alive"},
    "p.long.faded": {"zh": "$f$ = {f}，$i$ = {i}：到「它」只剩 {r}，不到 {a}，猫淡掉了",
                     "en": "$f$ = {f}, $i$ = {i}: {r} left at it, below {a}; the cat has faded"},
    "p.long.unwritten": {"zh": "$f$ = {f}，$i$ = {i}：猫什么也没写进去",
                         "en": "$f$ = {f}, $i$ = {i}: the cat wrote nothing"},
    # ----- beat 4 ---------------------------------------------------------------------------
    "sweep": {"zh": "扫过遗忘门：猫到「它」时还剩几成", "en": "Sweeping the forget gate: how much of the cat reaches \"it\""},
    "sweep.say": {
        "zh": "从猫到它要过两个遗忘门，所以剩下的是 f 的平方。虚线是 {a}，浅绿的一段是 f 从 {b0} 到 {b1}。",
        "en": "Between the cat and \"it\" stand two forget gates, so what is left is f squared. The dashed line is {a}; the green band is f from {b0} to {b1}."},
    "sweep.x": {"zh": "遗忘门 $f$", "en": "forget gate $f$"},
    "sweep.y": {"zh": "到「它」还剩", "en": "left at \"it\""},
    "sweep.line": {"zh": "{a}：活着的线", "en": "{a}: alive line"},
    "sweep.share": {"tex": r"f^{2} = @v"},
    "sweep.f": {"tex": r"f = @v"},
    "sweep.i": {"tex": r"i = @v"},
    "sweep.state.alive": {"zh": "$f$ = {f}：猫到「它」还剩 {r}，还活着",
                          "en": "$f$ = {f}: {r} of the cat is left at it: alive"},
    "sweep.state.faded": {"zh": "$f$ = {f}：猫到「它」只剩 {r}，不到 {a}",
                          "en": "$f$ = {f}: only {r} of the cat is left at it, below {a}"},
    "sweep.state.unwritten": {"zh": "$i$ = {i}：猫什么也没写进去，到「它」无从记起",
                              "en": "$i$ = {i}: the cat wrote nothing, so \"it\" has nothing to find"},
    "sweep.band.alive": {"zh": "$i$ = {i}，$f$ 在 {b0} 到 {b1}：还剩 {r0} 到 {r1}，猫活到了「它」",
                         "en": "$i$ = {i}, $f$ from {b0} to {b1}: {r0} to {r1} left; the cat reaches it"},
    "sweep.band.faded": {"zh": "$i$ = {i}，$f$ 在 {b0} 到 {b1}：还剩 {r0} 到 {r1}，有的到不了「它」",
                         "en": "$i$ = {i}, $f$ from {b0} to {b1}: {r0} to {r1} left; not all reach it"},
    # ----- beat 5 ---------------------------------------------------------------------------
    "learned": {"zh": "可学出来的归纳偏置：门是 $[h, x]$ 的函数",
                "en": "A learnable inductive bias: the gate is a function of $[h, x]$"},
    "learned.story.range": {
        "zh": "如果该忘多少是一个常数，信息只能每一步均匀地流失。而遗忘门是由上一步的 h 和当前的 x 算出来的，它就能学会读到句号时关小一些：这里权重是手工设定的，它在词上是 {w0} 到 {w1}，在句号处是 {s}。",
        "en": "If how much to forget were a constant, information could only drain evenly, step after step. Because the forget gate is computed from the previous h and the current x, it can learn to close partly at the full stop: here, with hand-set weights, it is {w0} to {w1} on words and {s} at the full stop."},
    "learned.story.flat": {
        "zh": "如果该忘多少是一个常数，信息只能每一步均匀地流失。而遗忘门是由上一步的 h 和当前的 x 算出来的，它就能学会读到句号时关小一些：这里权重是手工设定的，它在词上是 {w0}，在句号处是 {s}。",
        "en": "If how much to forget were a constant, information could only drain evenly, step after step. Because the forget gate is computed from the previous h and the current x, it can learn to close partly at the full stop: here, with hand-set weights, it is {w0} on words and {s} at the full stop."},
    "row.const": {"zh": "常数 $f$", "en": "constant $f$"},
    "legend.const": {"zh": "常数 $f$ 下的 $c_t$", "en": "$c_t$, constant $f$"},
    "legend.learned": {"zh": "算出的 $f$ 下的 $c_t$", "en": "$c_t$, computed $f$"},
    "row.learned": {"zh": "算出的 $f$", "en": "computed $f$"},
    "learned.const.alive": {"zh": "常数 $f$：剩 {r}，还活着", "en": "constant $f$: {r} left, alive"},
    "learned.const.faded": {"zh": "常数 $f$：只剩 {r}", "en": "constant $f$: only {r} left"},
    "learned.const.unwritten": {"zh": "常数 $f$：猫没写进去", "en": "constant $f$: the cat wrote nothing"},
    "learned.gate.alive": {"zh": "算出的 $f$：剩 {r}，还活着", "en": "computed $f$: {r} left, alive"},
    "learned.gate.faded": {"zh": "算出的 $f$：只剩 {r}", "en": "computed $f$: only {r} left"},
    "learned.gate.unwritten": {"zh": "算出的 $f$：猫没写进去", "en": "computed $f$: the cat wrote nothing"},
}


class Sandbox(LectureScene):
    """L4: the sentence, the presets as transforms both ways, the f sweep, the learned gate."""

    SECTION_ID = "lstm-04-sandbox"
    BEATS = ("show_sentence", "presets_extremes", "presets_decay", "sweep_forget",
             "learned_gate")
    TEXT = TEXT

    # ----- the sentence chart -------------------------------------------------------------
    def _chart(self, height: float = 3.2, y: float = 0.5, tokens_y: float = -1.4):
        """The sentence chart, ``height`` tall centred at ``y``, its words at ``tokens_y``."""
        v = self.v
        n = len(v.write)
        top = float(v.plot_top)
        ax = Axes([-0.5, n - 0.5, 1], [0, top, 0.5], x_length=CHART_RIGHT - CHART_LEFT,
                  y_length=height, axis_config={"color": P.muted, "include_tip": False,
                                             "font_size": 22},
                  x_axis_config={"include_ticks": False},
                  y_axis_config={"numbers_to_include": list(v.plot_ticks),
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([(CHART_LEFT + CHART_RIGHT) / 2, y, 0])
        self.ticks(ax, reason="axis tick: cell value")
        toks = v.tokens_zh if self.lang == "zh" else v.tokens_en
        labels = VGroup()
        for t, tok in enumerate(toks):
            color = P.highlight if t in (v.cat_index, v.it_index) else P.token
            lab = self.plain(tok, size=style.LABEL_SIZE, color=color)
            lab.move_to([ax.c2p(t, 0)[0], tokens_y, 0])
            if self.lang != "zh":   # the glosses on one baseline ("yesterday" not lifted by its y)
                lab.shift((tokens_y - 0.1 - _baseline(lab)) * UP)
            labels.add(lab)
        self.ax, self.tokens = ax, labels
        return VGroup(ax, labels)

    def _curve(self, ys, color, dashed=False):
        ax = self.ax
        line = ax.plot_line_graph(self.v.steps, ys, add_vertex_dots=False, line_color=color,
                                  stroke_width=4)["line_graph"]
        if dashed:
            line = DashedVMobject(line, num_dashes=40)
        dots = VGroup(*[Dot(ax.c2p(t, float(y)), radius=0.05, color=color)
                        for t, y in enumerate(ys)])
        return VGroup(line, dots)

    def _curves(self, cell, hidden, mark):
        return VGroup(self._curve(cell, P.cell), self._curve(hidden, P.hidden),
                      self._curve(mark, P.highlight, dashed=True))

    @staticmethod
    def _swatch(color, dashed=False):
        line = Line(ORIGIN, 0.45 * RIGHT, color=color, stroke_width=4)
        return DashedLine(ORIGIN, 0.45 * RIGHT, color=color, stroke_width=4,
                          dash_length=0.08) if dashed else line

    def _legend(self, extra=None):
        items = [(self.math("c_t", color=P.cell), self._swatch(P.cell)),
                 (self.math("h_t", color=P.hidden), self._swatch(P.hidden)),
                 (self.text("legend.cat", size=style.SMALL_SIZE, color=P.highlight),
                  self._swatch(P.highlight, dashed=True))]
        if extra is not None:
            items.append(extra)
        rows = VGroup(*[VGroup(sw, lab).arrange(RIGHT, buff=0.15) for lab, sw in items])
        rows.arrange(RIGHT, buff=0.55).move_to([CHART_LEFT + 0.6, 2.22, 0], aligned_edge=LEFT)
        return rows

    # ----- beat 1 -------------------------------------------------------------------------
    def show_sentence(self):
        v = self.v
        gf = dict(f=Val("forget", "num"), i=Val("input", "num"), o=Val("output", "num"),
                  n=Val("steps_apart", "int"))
        self.claim("intro", say=False, **gf)
        chart = self._chart()
        ax = self.ax
        bars = VGroup()
        for t, g in enumerate(v.write):
            p0, p1 = ax.c2p(t, 0), ax.c2p(t, float(g))
            bars.add(Rectangle(width=0.32, height=max(p1[1] - p0[1], 1e-3), fill_color=P.candidate,
                               fill_opacity=0.3, stroke_width=0).move_to((p0 + p1) / 2))
        self.curves = self._curves(v.cell, v.hidden, v.cat_mark)
        g_swatch = Rectangle(width=0.45, height=0.22, fill_color=P.candidate, fill_opacity=0.3,
                             stroke_width=0)
        legend = self._legend((self.text("legend.g", size=style.SMALL_SIZE, color=P.candidate),
                               g_swatch))
        self.legend = legend
        a, b = self.tokens[v.cat_index], self.tokens[v.it_index]
        arc = ArcBetweenPoints(b.get_bottom() + 0.1 * DOWN, a.get_bottom() + 0.1 * DOWN,
                               angle=-0.7, color=P.highlight, stroke_width=3)
        apart = self.text("apart", size=style.SMALL_SIZE, color=P.highlight,
                          n=Val("steps_apart", "int")).next_to(arc, DOWN, buff=0.06)
        gates = self.text("gates", size=style.BODY_SIZE, f=Val("forget", "num"),
                          i=Val("input", "num"), o=Val("output", "num"))
        # beside the arc, left of it: the words above, the caption band below
        gates.next_to(arc, LEFT, buff=0.5).set_y(apart.get_y())
        self.show("gates", gates)
        # the sentence word by word with its writes g, the update run over it (c, h, the
        # cat's share), the three gates as the line gives them, then "it" tied to the cat
        self.line("intro.say", [FadeIn(chart), FadeIn(bars), FadeIn(legend[-1])],
                  [Create(self.curves), FadeIn(legend[:-1])], FadeIn(gates),
                  [Create(arc), FadeIn(apart)], **gf)
        self.hold(2.0)
        self.play(FadeOut(arc), FadeOut(apart), FadeOut(gates), FadeOut(bars),
                  FadeOut(legend[-1]), run_time=0.5)
        legend.remove(legend[-1])

    # ----- beat 2 -------------------------------------------------------------------------
    def _to(self, cell, hidden, mark, note=None, old_note=None, play: bool = True):
        target = self._curves(cell, hidden, mark)
        anims = [Transform(self.curves, target)]
        if old_note is not None:
            anims.append(FadeOut(old_note))
        if note is not None:
            anims.append(FadeIn(note))
        if not play:
            return anims
        self.play(*anims, run_time=1.2)

    def _state(self, retention: str) -> str:
        """The cat's state from its share left at "it" as shown (``fmt:2``): 0.2996 shows
        "0.30", at the alive line, so alive."""
        return cat_state(self.shown_value(retention, "fmt:2"), self.v.cat_written)

    def _note(self, key, variant=None, **fields):
        return self.text(key, variant=variant, size=style.BODY_SIZE, **fields).move_to([0.6, -2.1, 0])

    def presets_extremes(self):
        v = self.v
        self.claim("extremes", say=False)
        n0 = self._note("p.empty", v.empty_kind,
                        f=Val("preset_forget[0]", "num"), i=Val("preset_input[0]", "num"),
                        peak=Val("preset_cell_peak[0]", "fmt"))
        n1 = self._note("p.wipe", f=Val("preset_forget[1]", "num"),
                        cc=Val(f"preset_cell[1][{v.cat_index}]", "fmt:2"),
                        ci=Val(f"preset_cell[1][{v.it_index}]", "fmt:2"))
        # the empty preset as its sentence is said, back, then the wipe as the second one is
        self.line("extremes.say",
                  lambda: self._to(v.preset_cell[0], v.preset_hidden[0], v.preset_cat_mark[0],
                                   note=n0, play=False),
                  lambda: self._to(v.cell, v.hidden, v.cat_mark, old_note=n0, play=False),
                  lambda: self._to(v.preset_cell[1], v.preset_hidden[1], v.preset_cat_mark[1],
                                   note=n1, play=False))
        self.show("wipe", n1)
        self.hold(1.5)
        self._to(v.cell, v.hidden, v.cat_mark, old_note=n1)

    # ----- beat 3 -------------------------------------------------------------------------
    def presets_decay(self):
        v = self.v
        df = dict(h=Val("preset_forget[2]", "num"), l=Val("preset_forget[3]", "num"),
                  a=Val("alive_fraction", "num"))
        self.claim("decay", say=False, **df)
        notes = []
        for k, key in ((2, "p.half"), (3, "p.long")):
            notes.append(self._note(key, v.preset_state[k], f=Val(f"preset_forget[{k}]", "num"),
                                    i=Val(f"preset_input[{k}]", "num"),
                                    r=Val(f"preset_retention[{k}]", "fmt:2"),
                                    a=Val("alive_fraction", "num")))
        it = self.mark(self.tokens[v.it_index])
        # both gates near h, the forget gate at l, then "when it arrives" (boxed), and what
        # is left of the cat's write there (the note that says it)
        self.say("decay.say", **df)
        self.cued({"zh": ("", "遗忘门在", "「活着」", "还剩"),
                   "en": ("", "With the forget gate at", "Alive means", "at least")},
                  lambda: self._to(v.preset_cell[2], v.preset_hidden[2], v.preset_cat_mark[2],
                                   note=notes[0], play=False),
                  lambda: self._to(v.preset_cell[3], v.preset_hidden[3], v.preset_cat_mark[3],
                                   note=notes[1], old_note=notes[0], play=False),
                  Create(it), Indicate(notes[1], scale_factor=1.05))
        self.show("long", notes[1])
        self.hold(1.5)
        self.play(FadeOut(it), *self._to(v.cell, v.hidden, v.cat_mark, old_note=notes[1],
                                         play=False), run_time=1.2)

    # ----- beat 4 -------------------------------------------------------------------------
    def sweep_forget(self):
        v = self.v
        self.clear_stage()
        a = Val("alive_fraction", "num")
        sf = dict(a=a, b0=Val("band_forget[0]", "num"), b1=Val("band_forget[1]", "num"))
        self.claim("sweep", say=False, **sf)
        ax = Axes([0, 1, 0.2], [0, 1, 0.25], x_length=6.4, y_length=3.2,
                  axis_config={"color": P.muted, "include_tip": False, "font_size": 22},
                  x_axis_config={"numbers_to_include": [0, 0.5, 1],
                                 "decimal_number_config": {"num_decimal_places": 1}},
                  y_axis_config={"numbers_to_include": [0.5, 1],
                                 "decimal_number_config": {"num_decimal_places": 1}})
        ax.move_to([-2.9, 0.55, 0])
        self.ticks(ax, reason="axis tick: share / gate")
        b0, b1 = float(v.band_forget[0]), float(v.band_forget[1])
        band = Rectangle(width=ax.c2p(b1, 0)[0] - ax.c2p(b0, 0)[0],
                         height=ax.c2p(0, 1)[1] - ax.c2p(0, 0)[1], fill_color=P.forget,
                         fill_opacity=0.15, stroke_width=0)
        band.move_to((ax.c2p(b0, 0) + ax.c2p(b1, 1)) / 2)
        thr = float(v.alive_fraction)
        line = DashedLine(ax.c2p(0, thr), ax.c2p(1, thr), color=P.muted, stroke_width=2)
        line_lab = self.text("sweep.line", size=style.SMALL_SIZE, color=P.muted, a=a)
        line_lab.next_to(ax.c2p(0, thr), UP + RIGHT, buff=0.08)
        curve = ax.plot_line_graph(v.retention_curve_f, v.retention_curve, add_vertex_dots=False,
                                   line_color=P.forget, stroke_width=4)
        xl = self.text("sweep.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis, RIGHT, buff=0.25)
        yl = self.text("sweep.y", size=style.SMALL_SIZE, color=P.muted)
        yl.next_to(ax.c2p(0, 1), RIGHT, buff=0.25)
        k = ValueTracker(0)

        def idx() -> int:
            return self.at(k)

        live = Live(self, idx, over="sweep_forget")
        dot = live.redraw(lambda j: Dot(ax.c2p(float(v.sweep_forget[j]),
                                               float(v.sweep_retention[j])),
                                        color=P.highlight, radius=0.08),
                         path=("sweep_forget[{i}]", "sweep_retention[{i}]"),
                         measure=lambda m: ax.p2c(m.get_center())[:2])
        fl = self.eq_label("f", color=P.forget)
        fn = self.number("sweep_forget[0]", "dec:2", size=0.8, color=P.forget)
        sl = self.eq_label("f^{2}", color=P.cell, reason="two forget gates: the full stop and it")
        sn = self.number("sweep_retention[0]", "dec:2", size=0.8, color=P.cell)
        il = self.eq_label("i", color=P.input_gate)
        inn = self.number("input", "dec:2", size=0.8, color=P.input_gate)
        rows = VGroup(*[self.pair(a_, b_)
                        for a_, b_ in ((fl, fn), (sl, sn), (il, inn))])
        rows.arrange(DOWN, aligned_edge=LEFT, buff=0.45).move_to([2.6, 0.6, 0], aligned_edge=LEFT)
        # the axes and f squared's curve; the gate sweeps it while the line says why f
        # squared; then the dashed line and the band, as the line names them
        self.say("sweep.say", **sf)
        self.play(Create(ax), Create(curve), FadeIn(xl), FadeIn(yl), FadeIn(rows), FadeIn(dot),
                  run_time=1.0)
        live.number(fn, lambda j: v.sweep_forget[j], path="sweep_forget[{i}]")
        live.number(sn, lambda j: v.sweep_retention[j], path="sweep_retention[{i}]")
        last = len(v.sweep_forget) - 1
        live.play(k.animate.set_value(last), run_time=self.left(0.55, least=3.0), rate_func=linear)
        self.settle(fn, "forget", name="forget_readout")
        self.settle(sn, "cat_retention", name="retention_readout")
        self.pace([Create(line), FadeIn(line_lab)], FadeIn(band))
        st = self.text("sweep.state", variant=self._state("cat_retention"), size=style.LABEL_SIZE,
                       color=P.cell,
                       f=Val("forget", "num"), i=Val("input", "num"),
                       r=Val("cat_retention", "fmt:2"), a=a)
        bd = self.text("sweep.band", variant=v.band_state, size=style.LABEL_SIZE, color=P.forget,
                       i=Val("band_input", "num"), b0=Val("band_forget[0]", "num"),
                       b1=Val("band_forget[1]", "num"), r0=Val("band_retention[0]", "fmt:2"),
                       r1=Val("band_retention[1]", "fmt:2"))
        VGroup(st, bd).arrange(DOWN, buff=0.18, aligned_edge=LEFT).move_to([0, -1.88, 0])
        self.show("state", st)
        self.show("band", bd)
        self.play(FadeIn(st), FadeIn(bd), run_time=0.6)
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 5 -------------------------------------------------------------------------
    def learned_gate(self):
        v = self.v
        self.claim("learned")
        chart = self._chart(2.8, 0.65, -1.05)   # room below for the two rows of gates
        const = VGroup(self._curve(v.cell, P.cell), self._curve(v.cat_mark, P.cell, dashed=True))
        learned = VGroup(self._curve(v.learned_cell, P.forget),
                         self._curve(v.learned_cat_mark, P.forget, dashed=True))
        rows = VGroup()
        for y, key, path, color in ((-1.39, "row.const", "forget", P.cell),
                                    (-1.77, "row.learned", "learned_forget", P.forget)):
            lab = self.text(key, size=style.SMALL_SIZE, color=color)
            lab.move_to([-6.85, y, 0], aligned_edge=LEFT)
            nums = VGroup()
            for t in range(len(v.write)):
                p = path if path == "forget" else f"{path}[{t}]"
                nums.add(self.value(p, "fmt:2", size=style.SMALL_SIZE, color=color)
                         .move_to([self.ax.c2p(t, 0)[0], y, 0]))
            rows.add(VGroup(lab, nums))
        stop = SurroundingRectangle(VGroup(self.tokens[v.stop_index], rows[1][1][v.stop_index]),
                                    color=P.highlight, buff=0.08, stroke_width=2)
        # which line is which: c under a constant f (cell colour), c under the computed f
        # (forget colour), dashed for the cat's share of each
        legend = VGroup(*[VGroup(self._swatch(c), self.text(key, size=style.SMALL_SIZE, color=c))
                          .arrange(RIGHT, buff=0.15)
                          for key, c in (("legend.const", P.cell),
                                         ("legend.learned", P.forget))],
                        VGroup(self._swatch(P.muted, dashed=True),
                               self.text("legend.cat", size=style.SMALL_SIZE, color=P.muted))
                        .arrange(RIGHT, buff=0.15))
        legend.arrange(RIGHT, buff=0.55).move_to([CHART_LEFT + 0.6, 2.22, 0], aligned_edge=LEFT)
        notes = VGroup(
            self.text("learned.const", variant=self._state("cat_retention"),
                      size=style.LABEL_SIZE, color=P.cell,
                      r=Val("cat_retention", "fmt:2")),
            self.text("learned.gate", variant=self._state("learned_retention"),
                      size=style.LABEL_SIZE,
                      color=P.forget, r=Val("learned_retention", "fmt:2")))
        notes.arrange(RIGHT, buff=0.8).move_to([0.3, -2.17, 0])
        self.show("learned_stop", rows[1][1][v.stop_index])
        self.show("learned_note", notes[1])
        # a constant f drains evenly; the computed one (from h and x) closes at the full stop
        # (boxed); what is left of the cat under each
        self.say("learned.story", variant=v.learned_word_spread,
                 w0=Val("learned_word_forget_min", "fmt:2"),
                 w1=Val("learned_word_forget_max", "fmt:2"), s=Val("learned_stop_forget", "fmt:2"))
        # each step where the line says it: the words' f, then the stop's, then what is left
        self.cued({"zh": ("", "而遗忘门", "句号时关小", "在词上是", "在句号处是"),
                   "en": ("", "Because the forget gate", "close partly", "on words",
                          "at the full stop.")},
                  [FadeIn(chart), FadeIn(legend[0]), FadeIn(legend[2]), FadeIn(rows[0]),
                   Create(const)],
                  [FadeIn(legend[1]), FadeIn(rows[1]), Create(learned)], Create(stop),
                  Indicate(rows[1][1], scale_factor=1.0, color=P.highlight),
                  [Indicate(rows[1][1][v.stop_index]), FadeIn(notes)])
        self.hold(2.0)
