"""pre-01 Construction: a fixed window, three steps to the RNN, the Elman cell, its pros and
costs, five shapes of input and output, and one sentence as L prediction problems."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, ArcBetweenPoints, Arrow, Create, CurvedArrow, DashedVMobject, FadeIn,
                   FadeOut, GrowFromEdge, Indicate, LaggedStart, Line, Rectangle, Square,
                   Transform, ValueTracker, VGroup, Write, linear)

from .. import style
from ..base import LectureScene, Val
from ..live import Live

P = style.PALETTE

#: x of the three panels of the construction, their width
PANEL_X, PANEL_W = (-4.6, 0.0, 4.6), 4.1

TEXT = {
    # ----- the fixed window --------------------------------------------------------------
    "fixed": {"zh": "定长窗口：窗口外的 token 不存在",
              "en": "A fixed window: tokens outside it do not exist"},
    "fixed.say": {
        "zh": "一个定长窗口的语言模型只读最近 {w} 个 token，窗口以外的一切对它都不存在。",
        "en": "A language model with a fixed window reads only the last {w} token{w_s}; everything before them does not exist for it."},
    "fixed.window": {"zh": "窗口：{w} 个 token", "en": "window: {w} token{w_s}"},
    "fixed.far.say.outside": {
        "zh": "要接着“她”往下写，得知道她是谁：玛丽在 {d} 个 token 之前，落在窗口外面。",
        "en": "To go on after “she”, the model must know who she is: Maria, {d} tokens back, outside the window."},
    "fixed.far.say.inside": {
        "zh": "要接着“她”往下写，得知道她是谁：玛丽在 {d} 个 token 之前，这个窗口刚好够得着。",
        "en": "To go on after “she”, the model must know who she is: Maria, {d} tokens back, and this window reaches her."},
    "fixed.note.outside": {"zh": "玛丽在 {d} 个 token 之前：窗口外",
                           "en": "Maria is {d} tokens back: outside the window"},
    "fixed.note.inside": {"zh": "玛丽在 {d} 个 token 之前：窗口内",
                          "en": "Maria is {d} tokens back: inside the window"},
    "fixed.goal.say": {
        "zh": "语言里的指代可以跨得任意远。不再事先定死“往回看多远”，是序列建模要解决的第一个问题。",
        "en": "In language a reference can reach back arbitrarily far. Not having to fix “how far back to look” in advance is the first problem of sequence modelling."},
    # ----- three steps -----------------------------------------------------------------------
    "steps": {"zh": "三步搭出循环网络，每步修上一步的缺陷",
              "en": "Three steps to the RNN, each fixing the last one's defect"},
    "steps.say": {
        "zh": "循环网络可以分三步搭出来，每一步只修上一步留下的明显缺陷。",
        "en": "The recurrent network can be built in three steps, each fixing the visible defect the step before it left."},
    "pad.title": {"zh": "补零到 $T_{{max}}$", "en": "Pad with zeros to $T_{{max}}$"},
    "pad.say": {
        "zh": "先把每个序列补零到 T_max = {t}，拉平后喂给 MLP：输入有 {n} 维，第一层就有 {p} 个参数。能跑了，可长度被封顶；一条长 {l} 的序列里 {z}% 是零。",
        "en": "First pad every sequence with zeros to T_max = {t} and feed it flat to an MLP: an input of {n} numbers, {p} parameters in the first layer. It runs, but length is capped, and a sequence of {l} is {z}% zeros."},
    "pad.count": {"zh": "第一层的参数", "en": "first-layer parameters"},
    "pad.fix": {"zh": "能跑了", "en": "it runs"},
    "pad.defect": {"zh": "长度封顶；{z}% 是零", "en": "length capped; {z}% zeros"},
    "pad.real": {"zh": "长 {l} 的序列", "en": "a sequence of {l}"},
    "layer.title": {"zh": "每个位置一层", "en": "One layer per position"},
    "layer.say": {
        "zh": "再让第 t 层只读第 t 个输入，并把状态交给下一层：信息有了沿时间流动的通道。可每个位置一套权重，{k} 层一共 {p} 个参数。",
        "en": "Next let layer t read only input t and pass its state to the next layer: information now flows along time. But every position has weights of its own: {k} layers, {p} parameters."},
    "layer.count": {"zh": "{k} 层的参数", "en": "parameters of {k} layers"},
    "layer.fix": {"zh": "信息沿时间流动", "en": "information flows along time"},
    "layer.defect": {"zh": "随长度增长，不共享", "en": "grows with length"},
    "shared.title": {"zh": "共享一套权重", "en": "Share one set of weights"},
    "shared.say": {
        "zh": "最后让每一步都用同一套权重：参数只剩 {p} 个，与长度无关，这就是循环网络。代价是只能一步一步串行算，梯度也要沿时间连乘。",
        "en": "Last, let every step use the same weights: {p} parameters, whatever the length. That is the recurrent network. The price: the steps run one after another, and the gradient multiplies through time."},
    "shared.count": {"zh": "参数", "en": "parameters"},
    "shared.fix": {"zh": "任意长度", "en": "any length"},
    "shared.defect": {"zh": "只能逐步串行", "en": "runs step by step"},
    "steps.rule": {
        "zh": "（只数单元：$W_h$、$W_x$、$b$；宽 $d$ = {d}，输入宽 $d_x$ = {dx}）",
        "en": "(cell only: $W_h$, $W_x$, $b$; width $d$ = {d}, input width $d_x$ = {dx})"},
    "steps.rule.say": {
        "zh": "这里只数单元的参数：循环矩阵、输入矩阵和偏置，状态宽 {d}，输入宽 {dx}，输出层不算。",
        "en": "Only the cell is counted here: the recurrent matrix, the input matrix and the bias, at state width {d} and input width {dx}; no output layer."},
    # ----- the sweep over T_max ---------------------------------------------------------------
    "sweep": {"zh": "一层一位置的参数随 $T_{{max}}$ 线性增长，共享的不动",
              "en": "Per-position weights grow with $T_{{max}}$; shared ones stay put"},
    "sweep.say": {
        "zh": "把 T_max 从 {t0} 拉到 {t1}：一层一位置的参数量跟着线性增长，共享权重的始终是 {s}。",
        "en": "Stretch T_max from {t0} to {t1}: the per-position count grows in step with it, while the shared count stays at {s}."},
    "sweep.ratio.say": {
        "zh": "到 T_max = {t} 时，前者是后者的 {r} 倍：每多一个位置，就多一份同样形状的权重。",
        "en": "At T_max = {t} the first is {r} times the second: every extra position adds one more copy of the same shapes."},
    "sweep.per": {"zh": "每个位置一层", "en": "a layer per position"},
    "sweep.shared": {"zh": "共享权重", "en": "shared weights"},
    "sweep.ratio": {"zh": "是共享的 {r} 倍", "en": "{r} × the shared count"},
    # ----- the Elman cell -------------------------------------------------------------------
    "elman": {"zh": "Elman 单元：上一个状态和这一步的输入", "en": "The Elman cell: last state and this input"},
    "elman.say": {
        "zh": "第三步得到的单元就是 Elman 的循环网络：新状态由上一个状态和这一步的输入算出。",
        "en": "The cell of the third step is Elman's recurrent network: the new state is computed from the last state and this step's input."},
    "elman.terms.say": {
        "zh": "W_h 乘上一个状态，W_x 乘这一步的输入，加上偏置，再用 tanh 压回 −1 到 1 之间。",
        "en": "W_h times the last state, W_x times this step's input, plus a bias, squashed by tanh into (−1, 1).",
        "fixed": {"1": "the range of tanh, (−1, 1)"}},
    "elman.out.say": {
        "zh": "要输出时，再用 W_y 从状态读出 ŷ_t：预测 token 时接 softmax，回归时用恒等。",
        "en": "Where an output is needed, W_y reads ŷ_t from the state: through a softmax to predict a token, the identity for regression."},
    "elman.names.say": {
        "zh": "斯坦福 CS230 的速查表把同一个单元写作 a⟨t⟩ 和 W_aa、W_ax、W_ya；这门课沿用入门篇的 h_t 和 W_h。",
        "en": "Stanford's CS230 cheat sheet writes the same cell as a⟨t⟩ with W_aa, W_ax and W_ya; this lecture keeps the primer's h_t and W_h.",
        "fixed": {"230": "the course's name, Stanford CS230"}},
    "elman.names": {"zh": "速查表记法", "en": "cheat-sheet notation"},
    # ----- pros and costs ----------------------------------------------------------------------
    "pros": {"zh": "好处和代价", "en": "What it buys, what it costs"},
    "pros.say": {
        "zh": "好处：多长的输入都能读；模型不因输入变长而变大；每一步都带着此前读过的一切；各个时间步共用同一套权重。",
        "en": "It buys: inputs of any length; a model whose size does not grow with them; every step counting all of the history; weights shared across time."},
    "costs.say": {
        "zh": "代价：必须一步接一步地算；久远的信息很难取回；当前状态看不到未来的输入。",
        "en": "It costs: the steps must run one after another; distant information is hard to reach; the current state cannot see future inputs."},
    "pros.head": {"zh": "好处", "en": "buys"},
    "costs.head": {"zh": "代价", "en": "costs"},
    "pros.any": {"zh": "任意长度", "en": "any length"},
    "pros.size": {"zh": "大小不随长度变", "en": "size independent of length"},
    "pros.history": {"zh": "带着此前的一切", "en": "all history counts"},
    "pros.shared": {"zh": "各步共用权重", "en": "weights shared in time"},
    "costs.serial": {"zh": "串行，不能并行", "en": "serial, not parallel"},
    "costs.far": {"zh": "久远信息难取回", "en": "distant information fades"},
    "costs.future": {"zh": "看不到未来输入", "en": "no view of future inputs"},
    # ----- five shapes -------------------------------------------------------------------------
    "shapes": {"zh": "五种输入输出形态", "en": "Five shapes of input and output"},
    "shapes.say": {
        "zh": "循环权重不变，只改输入和输出怎么接，就能应付许多种任务。",
        "en": "The same recurrent weights, wired differently, cover a whole family of tasks."},
    "shapes.a.say": {
        "zh": "一对一是没有循环的普通网络；一对多从一个输入展开出一串输出，比如生成音乐或给图像写描述。",
        "en": "One-to-one is a plain network with no loop; one-to-many unrolls one input into a sequence, as in music generation or image captioning."},
    "shapes.b.say": {
        "zh": "多对一读完整个序列只出一个答案，比如情感分类；输入输出等长的多对多每步出一个，比如命名实体识别。",
        "en": "Many-to-one reads a whole sequence for one answer, as in sentiment classification; many-to-many of equal length answers at every step, as in named-entity recognition."},
    "shapes.c.say": {
        "zh": "长度不等的多对多要拆成两段：编码器先读完，解码器再另起生成，比如机器翻译。",
        "en": "Many-to-many of different lengths splits in two: an encoder reads it all, then a decoder writes, as in machine translation."},
    "shape.oo": {"zh": "一对一", "en": "one-to-one"},
    "shape.om": {"zh": "一对多", "en": "one-to-many"},
    "shape.mo": {"zh": "多对一", "en": "many-to-one"},
    "shape.mm": {"zh": "多对多", "en": "many-to-many"},
    "shape.mm.cond": {"zh": "$T_x = T_y$", "en": "$T_x = T_y$"},
    "shape.mn": {"zh": "多对多", "en": "many-to-many"},
    "shape.mn.cond": {"zh": "$T_x \\ne T_y$", "en": "$T_x \\ne T_y$"},
    "task.oo": {"zh": "传统分类", "en": "classification"},
    "task.om": {"zh": "音乐生成", "en": "music"},
    "task.mo": {"zh": "情感分类", "en": "sentiment"},
    "task.mm": {"zh": "命名实体识别", "en": "entity tagging"},
    "task.mn": {"zh": "机器翻译", "en": "translation"},
    # ----- a language model ------------------------------------------------------------------
    "lm": {"zh": "一条序列，L 个预测问题", "en": "One sequence, L prediction problems"},
    "lm.say": {
        "zh": "接上语言模型的目标：每一步的状态概括读过的前缀，用它预测下一个 token。",
        "en": "Put the language-model objective on top: each step's state sums up the prefix read so far and predicts the next token."},
    "lm.first.say": {
        "zh": "第一个 token 之前什么也没有，没有谁去预测它；从第二个 token 一直预测到结尾标记，这句 {n} 个 token 的话就给出 {n} 个预测问题。",
        "en": "Nothing comes before the first token, so nothing predicts it; from the second token to the end mark, this sentence of {n} tokens makes {n} prediction problems."},
    "lm.loss.say": {
        "zh": "这是一个没训练过的小网络给出的 {n} 个交叉熵，加起来是 {s}：训练要压低的就是这个和。",
        "en": "These are the {n} cross-entropies of a small untrained network; they add up to {s}, the sum that training pushes down."},
    "lm.target": {"zh": "目标", "en": "target"},
    "lm.loss": {"zh": "损失", "en": "loss"},
    "lm.sum": {"zh": "{n} 个问题，损失和 {s}", "en": "{n} problems, loss sum {s}"},
    "lm.none": {"zh": "无人预测", "en": "not predicted"},
}


class Construction(LectureScene):
    """pre-01: the fixed window, three steps, the T_max sweep, the Elman cell, pros and costs,
    five shapes, and one sentence as L prediction problems."""

    SECTION_ID = "pre-01-construction"
    BEATS = ("fixed_window", "three_steps", "sweep_t_max", "elman_cell", "pros_costs",
             "five_shapes", "lm_problems")
    TEXT = TEXT

    # ----- small pieces -----------------------------------------------------------------------
    def _word(self, w: str, color=None, width: float = 0.94, height: float = 0.62):
        box = Rectangle(width=width, height=height, color=color or P.token, stroke_width=2)
        t = self.plain(w, size=style.LABEL_SIZE, color=color or P.token)
        if t.width > width - 0.12:
            t.scale_to_fit_width(width - 0.12)
        return VGroup(box, t.move_to(box))

    def _cell(self, color=None, side: float = 0.5, label: str | None = None):
        sq = Square(side, color=color or P.hidden, stroke_width=2)
        if label is None:
            return VGroup(sq)
        tex = self.math(label, scale=0.5, color=color or P.hidden,
                        reason="position index of a layer")
        if tex.width > side - 0.08:
            tex.scale_to_fit_width(side - 0.08)
        return VGroup(sq, tex.move_to(sq))

    @staticmethod
    def _arrow(a, b, color=None, width=2):
        return Arrow(a, b, buff=0.05, color=color or P.muted, stroke_width=width,
                     max_tip_length_to_length_ratio=0.25, max_stroke_width_to_length_ratio=8)

    # ----- beats ------------------------------------------------------------------------------
    def fixed_window(self):
        v = self.v
        words = v.far_sentence[self.lang]
        n = len(words)
        row = VGroup(*[self._word(w) for w in words], self._word("?", color=P.highlight))
        for k, m in enumerate(row):
            m.move_to([self.slot_x(k, n + 1, 1.04), 0.3, 0])
        self.claim("fixed", say=False)
        self.say("fixed.say", w=Val("window", "int"))
        lo = n - v.window_drawn
        win = Rectangle(width=row[n - 1].get_right()[0] - row[lo].get_left()[0] + 0.16,
                        height=0.9, color=P.attention, stroke_width=3)
        win.move_to([(row[n - 1].get_right()[0] + row[lo].get_left()[0]) / 2, 0.3, 0])
        wl = self.text("fixed.window", size=style.LABEL_SIZE, color=P.attention,
                       w=Val("window", "int"))
        wl.next_to(win, UP, buff=0.15)
        if wl.get_right()[0] > 6.9:
            wl.shift((wl.get_right()[0] - 6.9) * LEFT)
        self.show("window", wl)
        self.pace(LaggedStart(*[FadeIn(m, shift=0.15 * UP) for m in row[:n]], lag_ratio=0.15),
                  [FadeIn(row[n]), Create(win), FadeIn(wl)])
        variant = "inside" if v.far_seen else "outside"
        arc = CurvedArrow(row[n - 1].get_bottom() + 0.05 * DOWN,
                          row[0].get_bottom() + 0.05 * DOWN, angle=-0.9, color=P.gradient,
                          stroke_width=3)
        note = self.text("fixed.note", variant=variant, size=style.BODY_SIZE,
                         d=Val("far_distance", "int"))
        note.move_to([0, -1.85, 0])
        self.show("far_distance", note)
        ref = self.mark(row[0], P.gradient if v.far_seen else P.dead)
        self.say("fixed.far.say", variant=variant, d=Val("far_distance", "int"))
        self.pace(Indicate(row[n - 1], color=P.highlight), Create(arc),
                  [Create(ref), FadeIn(note)])
        self.say("fixed.goal.say")
        edge = Line(win.get_corner(UP + LEFT) + 0.2 * UP, win.get_corner(DOWN + LEFT) + 0.2 * DOWN,
                    color=P.highlight, stroke_width=5)
        self.pace(Create(edge), FadeOut(edge), Indicate(row[0], color=P.gradient))
        self.hold()

    def _panel_pad(self, x):
        v = self.v
        real = v.length / v.t_max
        w = PANEL_W - 0.3
        bar_real = Rectangle(width=max(w * real, 0.02), height=0.45, stroke_width=0,
                             fill_color=P.token, fill_opacity=0.85)
        bar_zero = Rectangle(width=max(w * (1 - real), 0.02), height=0.45, stroke_width=0,
                             fill_color=P.muted, fill_opacity=0.3)
        bar_real.move_to([x - w / 2, 1.15, 0], aligned_edge=LEFT)
        bar_zero.next_to(bar_real, RIGHT, buff=0)
        frame = Rectangle(width=w, height=0.45, color=P.token, stroke_width=2).move_to(
            [x, 1.15, 0])
        cap = self.text("pad.real", size=style.SMALL_SIZE, color=P.token, l=Val("length", "int"))
        cap.next_to(frame, DOWN, buff=0.12).align_to(frame, LEFT)
        mlp = Rectangle(width=1.5, height=0.5, color=P.muted, stroke_width=2)
        mlp.move_to([x, -0.2, 0])
        mlp_t = self.plain("MLP", size=style.LABEL_SIZE, color=P.muted).move_to(mlp)
        return VGroup(frame, bar_real, bar_zero, cap), VGroup(mlp, mlp_t)

    def _chain(self, x, labels, colors):
        k = len(labels)
        pitch = (PANEL_W - 0.4) / k
        cells = VGroup()
        for j, (lab, col) in enumerate(zip(labels, colors)):
            if lab is None:
                cells.add(self.plain("…", size=style.LABEL_SIZE, color=P.muted))
            else:
                tex = self.math(lab, scale=0.6, color=col, reason="position index of a layer")
                box = Rectangle(width=max(0.62, tex.width + 0.16), height=0.62, color=col,
                                stroke_width=2)
                cells.add(VGroup(box, tex.move_to(box)))
            cells[-1].move_to([x + (j - (k - 1) / 2) * pitch, 0.75, 0])
        arrows = VGroup(*[self._arrow(cells[j].get_right(), cells[j + 1].get_left(), P.hidden)
                          for j in range(k - 1)])
        return cells, arrows

    def three_steps(self):
        self.clear_stage()
        v = self.v
        self.claim("steps", say=False)
        titles, pictures, counts, fixes, defects = [], [], [], [], []
        t_cap = Val("t_max", "int")
        # panel 1: the padded input
        bar, mlp = self._panel_pad(PANEL_X[0])
        pictures.append(VGroup(bar, mlp, self._arrow([PANEL_X[0], bar.get_bottom()[1] - 0.02, 0],
                                                     mlp.get_top(), P.token)))
        # panel 2: a layer per position, each its own weights
        shades = (P.hidden, P.candidate, None, P.output_gate)
        labs = ("W_1", "W_2", None, "W_{T_{max}}")
        cells2, arrows2 = self._chain(PANEL_X[1], labs, shades)
        pictures.append(VGroup(cells2, arrows2))
        # panel 3: one W everywhere
        cells3, arrows3 = self._chain(PANEL_X[2], ("W",) * 4, (P.hidden,) * 4)
        pictures.append(VGroup(cells3, arrows3))
        for j, (key, count_fields, path) in enumerate((
                ("pad", {}, "padded.total"),
                ("layer", dict(k=Val("per_position.layers", "count")), "per_position.total"),
                ("shared", {}, "shared.total"))):
            x = PANEL_X[j]
            t = self.text(f"{key}.title", size=style.BODY_SIZE, color=P.text)
            t.move_to([x, 1.95, 0])
            c_lab = self.text(f"{key}.count", size=style.LABEL_SIZE, color=P.muted,
                              **count_fields)
            c_val = self.value(path, "count", size=style.BODY_SIZE, color=P.highlight,
                               name=f"{key}_count")
            c = VGroup(c_lab, c_val).arrange(DOWN, buff=0.1).move_to([x, -0.95, 0])
            f = self.text(f"{key}.fix", size=style.LABEL_SIZE, color=P.text)
            f.move_to([x, -1.65, 0])
            dfields = {"z": Val("zero_percent", "fmt:1")} if key == "pad" else {}
            dd = self.text(f"{key}.defect", size=style.LABEL_SIZE, color=P.exploded, **dfields)
            dd.move_to([x, -2.08, 0])
            for m in (t, c, f, dd):
                if m.width > PANEL_W:
                    m.scale_to_fit_width(PANEL_W)
            titles.append(t), counts.append(c), fixes.append(f), defects.append(dd)
        rule = self.text("steps.rule", size=style.SMALL_SIZE, color=P.muted,
                         d=Val("d", "count"), dx=Val("d_x", "count"))
        rule.move_to([0, 2.25, 0]).align_to(self._claim, LEFT)
        rule.next_to(self._claim, DOWN, buff=0.12, aligned_edge=LEFT)
        for t in titles:
            t.set_y(rule.get_bottom()[1] - 0.35)
        self.show("rule", rule)

        def build(j):
            return [Indicate(titles[j], color=P.highlight), FadeIn(pictures[j])], \
                FadeIn(counts[j]), FadeIn(fixes[j]), FadeIn(defects[j])

        cite = self.cite_row("Ryu 2025")
        self.say("steps.say")
        self.pace(*[FadeIn(t, shift=0.1 * DOWN) for t in titles[:2]],
                  [FadeIn(titles[2], shift=0.1 * DOWN), FadeIn(cite)])
        self.say("steps.rule.say", d=Val("d", "count"), dx=Val("d_x", "count"))
        self.pace(FadeIn(rule), Indicate(rule, color=P.highlight, scale_factor=1.05))
        self.say("pad.say", t=t_cap, n=Val("padded.input_size", "count"),
                 p=Val("padded.total", "count"), l=Val("length", "int"),
                 z=Val("zero_percent", "fmt:1"))
        self.pace(*build(0))
        self.say("layer.say", k=Val("per_position.layers", "count"),
                 p=Val("per_position.total", "count"))
        self.pace(*build(1))
        self.say("shared.say", p=Val("shared.total", "count"))
        self.pace(*build(2))
        self.hold()

    def sweep_t_max(self):
        v = self.v
        self.clear_stage()
        self.claim("sweep", say=False)
        last = len(v.sweep_t) - 1
        x0, full, y_per, y_sh = -3.2, 9.6, 0.75, -0.85
        top = float(v.sweep_per_position[last])
        t = ValueTracker(0)
        live = Live(self, lambda: self.at(t), over="sweep_t")

        def bar(j, arr, y, color):
            w = max(full * float(arr[j]) / top, 1e-3)
            return Rectangle(width=w, height=0.5, stroke_width=0, fill_color=color,
                             fill_opacity=0.9).move_to([x0, y, 0], aligned_edge=LEFT)

        def length(m):
            return m.width / full * top

        per = live.redraw(lambda j: bar(j, v.sweep_per_position, y_per, P.muted),
                          path="sweep_per_position[{i}]", measure=length, tol=top * 1e-6)
        sh = live.redraw(lambda j: bar(j, v.sweep_shared, y_sh, P.hidden),
                         path="sweep_shared[{i}]", measure=length, tol=top * 1e-6)
        lab_per = self.text("sweep.per", size=style.LABEL_SIZE, color=P.muted)
        lab_per.next_to([x0, y_per, 0], LEFT, buff=0.25)
        lab_sh = self.text("sweep.shared", size=style.LABEL_SIZE, color=P.hidden)
        lab_sh.next_to([x0, y_sh, 0], LEFT, buff=0.25)
        cache: dict = {}
        now: dict = {}

        def readout(path_fmt, j, y, color, key):
            path = path_fmt.format(i=j)
            if path not in cache:
                cache[path] = self.value(path, "count", size=style.LABEL_SIZE, color=color)
            now[key] = cache[path].shown_text
            return cache[path].copy().move_to([x0, y - 0.5, 0], aligned_edge=LEFT)

        n_per = live.redraw(lambda j: readout("sweep_per_position[{i}]", j, y_per, P.muted, "p"),
                            path="sweep_per_position[{i}]", fmt="count",
                            read=lambda m: now["p"])
        n_sh = live.redraw(lambda j: readout("sweep_shared[{i}]", j, y_sh, P.hidden, "s"),
                           path="sweep_shared[{i}]", fmt="count", read=lambda m: now["s"])
        tl = self.eq_label("T_{max}", scale=1.0, color=P.token)
        tl.move_to([x0, 1.85, 0], aligned_edge=LEFT)

        def t_now(j):
            path = f"sweep_t[{j}]"
            if path not in cache:
                cache[path] = self.value(path, "int", size=style.BODY_SIZE, color=P.token)
            now["t"] = cache[path].shown_text
            return self.beside(cache[path].copy(), tl)

        tn = live.redraw(t_now, path="sweep_t[{i}]", fmt="int", read=lambda m: now["t"])
        self.say("sweep.say", t0=Val("sweep_t[0]", "int"), t1=Val(f"sweep_t[{last}]", "int"),
                 s=Val("shared.total", "count"))
        self.pace([FadeIn(tl), FadeIn(tn), FadeIn(lab_per), FadeIn(lab_sh), FadeIn(per),
                   FadeIn(sh), FadeIn(n_per), FadeIn(n_sh)])
        live.play(t.animate.set_value(last), run_time=self.left(0.85, least=3.0),
                  rate_func=linear)
        for m in (n_per, n_sh, tn):
            self.remove(m)
        ends = VGroup(
            self.value(f"sweep_per_position[{last}]", "count", size=style.LABEL_SIZE,
                       color=P.muted, name="per_position_total").move_to(
                [x0, y_per - 0.5, 0], aligned_edge=LEFT),
            self.value(f"sweep_shared[{last}]", "count", size=style.LABEL_SIZE,
                       color=P.hidden, name="shared_total").move_to(
                [x0, y_sh - 0.5, 0], aligned_edge=LEFT),
            self.beside(self.value(f"sweep_t[{last}]", "int", size=style.BODY_SIZE,
                                   color=P.token, name="t_max"), tl))
        self.add(ends)
        ratio = self.text("sweep.ratio", size=style.BODY_SIZE, color=P.highlight,
                          r=Val("ratio", "count"))
        ratio.move_to([x0 + full, y_per - 0.5, 0], aligned_edge=RIGHT)
        self.show("ratio", ratio)
        self.say("sweep.ratio.say", t=Val("t_max", "int"), r=Val("ratio", "count"))
        self.pace(Indicate(per, color=P.highlight, scale_factor=1.02), FadeIn(ratio))
        self.hold()

    def elman_cell(self):
        self.clear_stage()
        self.claim("elman", say=False)
        k = 4
        xs = [-5.6 + 1.45 * j for j in range(k)]
        cells = VGroup(*[self._cell(P.hidden, 0.7, "h_t" if j == k - 1 else None)
                         for j in range(k)])
        toks = VGroup(*[self._cell(P.token, 0.5, "x_t" if j == k - 1 else None)
                        for j in range(k)])
        outs = VGroup(*[self._cell(P.output_gate, 0.5, r"\hat y_t" if j == k - 1 else None)
                        for j in range(k)])
        for j in range(k):
            cells[j].move_to([xs[j], 0.1, 0])
            toks[j].move_to([xs[j], -1.35, 0])
            outs[j].move_to([xs[j], 1.45, 0])
        rec = VGroup(*[self._arrow(cells[j].get_right(), cells[j + 1].get_left(), P.hidden)
                       for j in range(k - 1)])
        inp = VGroup(*[self._arrow(toks[j].get_top(), cells[j].get_bottom(), P.token)
                       for j in range(k)])
        up = VGroup(*[self._arrow(cells[j].get_top(), outs[j].get_bottom(), P.output_gate)
                      for j in range(k)])
        eq = self.math(r"h_t", r"=", r"\tanh(", r"W_h h_{t-1}", r"+", r"W_x x_t", r"+ b", r")",
                       reason="the recurrence's equation (index t-1)")
        eq[3].set_color(P.hidden)
        eq[5].set_color(P.token)
        eq.move_to([2.7, 1.0, 0])
        eq2 = self.math(r"\hat y_t", r"=", r"g(", r"W_y h_t", r"+ b_y", r")")
        eq2[3].set_color(P.output_gate)
        eq2.next_to(eq, DOWN, buff=0.45).align_to(eq, LEFT)
        cite = self.label("Elman 1990", "citation year", size=style.SMALL_SIZE, color=P.muted)
        cite.next_to(self._claim, RIGHT, buff=0.5).align_to(self._claim, DOWN)
        self.say("elman.say")
        self.pace([FadeIn(toks), FadeIn(cells), FadeIn(inp)], [FadeIn(eq[0:2]), FadeIn(cite)])
        self.say("elman.terms.say")
        self.cued({"zh": ("", "W_x", "偏置", "tanh"), "en": ("", "W_x", "a bias", "tanh")},
                  [FadeIn(eq[3]), Create(rec), FadeIn(eq[2])],
                  [FadeIn(eq[4:6]), Indicate(inp, color=P.highlight)],
                  FadeIn(eq[6]),
                  [FadeIn(eq[7]), Indicate(cells, color=P.highlight)])
        self.say("elman.out.say")
        self.pace(Create(up), [FadeIn(outs), FadeIn(eq2)])
        names = VGroup(*[self.math(tex, scale=0.65, color=P.muted) for tex in (
            r"a^{\langle t\rangle} \equiv h_t", r"W_{aa} \equiv W_h",
            r"W_{ax} \equiv W_x", r"W_{ya} \equiv W_y")])
        names.arrange_in_grid(rows=2, cols=2, buff=(0.6, 0.25), col_alignments="ll")
        names.next_to(eq2, DOWN, buff=0.8).align_to(eq, LEFT)
        head = self.text("elman.names", size=style.SMALL_SIZE, color=P.muted)
        head.next_to(names, UP, buff=0.15).align_to(names, LEFT)
        self.say("elman.names.say")
        self.pace(FadeIn(head), LaggedStart(*[FadeIn(p) for p in names], lag_ratio=0.4))
        self.hold()

    def pros_costs(self):
        self.clear_stage()
        self.claim("pros", say=False)
        k = 6
        xs = [-5.6 + 1.25 * j for j in range(k)]
        cells = VGroup(*[self._cell(P.hidden, 0.55) for _ in range(k)])
        for j in range(k):
            cells[j].move_to([xs[j], 1.55, 0])
        arrows = VGroup(*[self._arrow(cells[j].get_right(), cells[j + 1].get_left(), P.hidden)
                          for j in range(k - 1)])
        ws = VGroup(*[self.math("W_h", scale=0.45, color=P.hidden).next_to(a, UP, buff=0.05)
                      for a in arrows])
        extra = VGroup(*[self._cell(P.hidden, 0.55).move_to([xs[-1] + 1.25 * (j + 1), 1.55, 0])
                         for j in range(2)])
        extra_a = VGroup(self._arrow(cells[-1].get_right(), extra[0].get_left(), P.hidden),
                         self._arrow(extra[0].get_right(), extra[1].get_left(), P.hidden))
        extra_w = VGroup(*[self.math("W_h", scale=0.45, color=P.hidden).next_to(a, UP, buff=0.05)
                           for a in extra_a])
        arcs = VGroup(*[ArcBetweenPoints(cells[j].get_bottom(), extra[1].get_bottom(),
                                         angle=0.45, color=P.hidden, stroke_width=1.5)
                        for j in range(k)])
        heads = VGroup(self.text("pros.head", size=style.BODY_SIZE, color=P.text),
                       self.text("costs.head", size=style.BODY_SIZE, color=P.exploded))
        heads[0].move_to([-3.6, 0.05, 0])
        heads[1].move_to([2.2, 0.05, 0])
        pro_keys = ("pros.any", "pros.size", "pros.history", "pros.shared")
        cost_keys = ("costs.serial", "costs.far", "costs.future")
        pros = VGroup(*[self.text(key, size=style.LABEL_SIZE) for key in pro_keys])
        pros.arrange(DOWN, buff=0.16, aligned_edge=LEFT).next_to(heads[0], DOWN, buff=0.22)
        pros.align_to(heads[0], LEFT)
        costs = VGroup(*[self.text(key, size=style.LABEL_SIZE) for key in cost_keys])
        costs.arrange(DOWN, buff=0.16, aligned_edge=LEFT).next_to(heads[1], DOWN, buff=0.22)
        costs.align_to(heads[1], LEFT)
        cite = self.label("Amidi & Amidi 2018", "citation year", size=style.SMALL_SIZE,
                          color=P.muted)
        cite.next_to(self._claim, RIGHT, buff=0.5).align_to(self._claim, DOWN)
        self.play(FadeIn(cells), FadeIn(arrows), FadeIn(ws), FadeIn(cite), run_time=0.8)
        box, point = self.pointer()
        all_cells = VGroup(cells, extra)
        self.say("pros.say")
        self.cued({"zh": ("", "模型不因", "每一步都带着", "各个时间步"),
                   "en": ("", "a model whose", "every step", "weights shared")},
                  [FadeIn(heads[0]), FadeIn(pros[0]), Create(extra_a), FadeIn(extra),
                   FadeIn(extra_w)],
                  [FadeIn(pros[1]), point(VGroup(ws, extra_w), P.highlight)],
                  [FadeIn(pros[2]), Create(arcs)],
                  [FadeIn(pros[3]), Indicate(VGroup(ws, extra_w), color=P.highlight)])
        far = arcs[0]
        cross = VGroup(Line([0, 0, 0], [0.5, 0.5, 0]), Line([0, 0.5, 0], [0.5, 0, 0]))
        cross.set_color(P.exploded).move_to(extra[1].get_center() + 1.25 * RIGHT)
        ghost = DashedVMobject(Square(0.55, color=P.muted, stroke_width=2), num_dashes=12)
        ghost.move_to(extra[1].get_center() + 1.25 * RIGHT)
        self.say("costs.say")
        self.cued({"zh": ("", "久远", "未来"), "en": ("", "distant", "future")},
                  [FadeIn(heads[1]), FadeIn(costs[0]), FadeOut(box["b"]),
                   LaggedStart(*[Indicate(c, color=P.highlight) for c in all_cells],
                               lag_ratio=0.5)],
                  [FadeIn(costs[1]), far.animate.set_color(P.dead).set_stroke(opacity=0.4)],
                  [FadeIn(costs[2]), FadeIn(ghost), Create(cross)])
        self.hold()

    def _shape(self, x, n_in, n_cells, outs, enc=None):
        """A small unrolled diagram centred at x: ``n_cells`` cells, inputs on the first
        ``n_in``, outputs at the indices in ``outs``; ``enc``: cells of the encoder (a gap
        and a colour change after them)."""
        pitch = 0.66
        xs = [x + (j - (n_cells - 1) / 2) * pitch for j in range(n_cells)]
        cells = VGroup(*[Square(0.36, color=P.hidden, stroke_width=2).move_to([xs[j], 0.55, 0])
                         for j in range(n_cells)])
        ins = VGroup(*[Square(0.26, color=P.token, stroke_width=2).move_to([xs[j], -0.3, 0])
                       for j in range(n_in)])
        ous = VGroup(*[Square(0.26, color=P.output_gate, stroke_width=2).move_to(
            [xs[j], 1.4, 0]) for j in outs])
        a_in = VGroup(*[self._arrow(ins[j].get_top(), cells[j].get_bottom(), P.token, 1.5)
                        for j in range(n_in)])
        a_rec = VGroup(*[self._arrow(cells[j].get_right(), cells[j + 1].get_left(), P.hidden, 1.5)
                         for j in range(n_cells - 1)])
        a_out = VGroup(*[self._arrow(cells[j].get_top(), ous[k].get_bottom(), P.output_gate, 1.5)
                         for k, j in enumerate(outs)])
        return VGroup(ins, a_in, cells, a_rec, a_out, ous)

    def five_shapes(self):
        self.clear_stage()
        self.claim("shapes", say=False)
        xs = (-5.95, -3.45, -0.8, 2.0, 5.1)
        specs = (("oo", 1, 1, (0,), None), ("om", 1, 3, (0, 1, 2), None),
                 ("mo", 3, 3, (2,), None), ("mm", 3, 3, (0, 1, 2), None),
                 ("mn", 3, 5, (3, 4), 3))
        shapes, names = [], []
        for x, (key, n_in, n_cells, outs, enc) in zip(xs, specs):
            d = self._shape(x, n_in, n_cells, outs, enc)
            rows = [self.text(f"shape.{key}", size=style.LABEL_SIZE, color=P.text)]
            if key in ("mm", "mn"):
                rows.append(self.text(f"shape.{key}.cond", size=style.LABEL_SIZE, color=P.text))
            rows.append(self.text(f"task.{key}", size=style.SMALL_SIZE, color=P.muted))
            rows = VGroup(*rows).arrange(DOWN, buff=0.14).move_to([x, 0, 0])
            rows.shift((-0.75 - rows.get_top()[1]) * UP)
            if rows.get_right()[0] > 6.85:
                rows.shift((rows.get_right()[0] - 6.85) * LEFT)
            if rows.get_left()[0] < -6.85:
                rows.shift((-6.85 - rows.get_left()[0]) * RIGHT)
            shapes.append(d)
            names.append(rows)
        cite = self.label("Amidi & Amidi 2018", "citation year", size=style.SMALL_SIZE,
                          color=P.muted)
        cite.next_to(self._claim, RIGHT, buff=0.5).align_to(self._claim, DOWN)

        def build(j):
            d = shapes[j]
            return [LaggedStart(FadeIn(d[0]), Create(d[1]), FadeIn(d[2]), Create(d[3]),
                                Create(d[4]), FadeIn(d[5]), lag_ratio=0.4),
                    FadeIn(names[j])]

        self.say("shapes.say")
        self.pace(FadeIn(cite), Indicate(cite, color=P.highlight))
        self.say("shapes.a.say")
        self.pace(build(0), build(1))
        self.say("shapes.b.say")
        self.pace(build(2), build(3))
        self.say("shapes.c.say")
        enc_box = self.mark(VGroup(shapes[4][2][:3], shapes[4][0]), P.token, buff=0.08)
        dec_box = self.mark(VGroup(shapes[4][2][3:], shapes[4][5]), P.output_gate, buff=0.08)
        self.pace(build(4), Create(enc_box), Create(dec_box))
        self.hold()

    def lm_problems(self):
        self.clear_stage()
        self.claim("lm", say=False)
        run = self.v.lm[self.lang]
        n = run.problems
        pitch = min(1.75, 11.0 / n)
        xs = [self.slot_x(j, n, pitch) + 0.7 for j in range(n)]
        words = VGroup(*[self._word(w, width=min(1.5, pitch - 0.15)) for w in run.tokens])
        cells = VGroup(*[self._cell(P.hidden, 0.55) for _ in range(n)])
        targets = VGroup(*[self._word(w, color=P.output_gate, width=min(1.5, pitch - 0.15))
                           for w in run.targets])
        for j in range(n):
            words[j].move_to([xs[j], -1.1, 0])
            cells[j].move_to([xs[j], -0.1, 0])
            targets[j].move_to([xs[j], 0.85, 0])
        rec = VGroup(*[self._arrow(cells[j].get_right(), cells[j + 1].get_left(), P.hidden)
                       for j in range(n - 1)])
        inp = VGroup(*[self._arrow(words[j].get_top(), cells[j].get_bottom(), P.token)
                       for j in range(n)])
        outp = VGroup(*[self._arrow(cells[j].get_top(), targets[j].get_bottom(), P.output_gate)
                        for j in range(n)])
        losses = VGroup(*[self.value(f"lm.{self.lang}.losses[{j}]", "fmt:2",
                                     size=style.LABEL_SIZE, color=P.gradient).move_to(
            [xs[j], 1.6, 0]) for j in range(n)])
        lab_t = self.text("lm.target", size=style.LABEL_SIZE, color=P.output_gate)
        lab_l = self.text("lm.loss", size=style.LABEL_SIZE, color=P.gradient)
        left = xs[0] - pitch / 2 - 0.2
        lab_t.move_to([left, 0.85, 0], aligned_edge=RIGHT)
        lab_l.move_to([left, 1.6, 0], aligned_edge=RIGHT)
        cite = self.cite_row("Ryu 2025")
        self.say("lm.say")
        self.pace([FadeIn(words), FadeIn(inp), FadeIn(cite)], [FadeIn(cells), Create(rec)],
                  [Create(outp[0]), FadeIn(targets[0]), FadeIn(lab_t)])
        first = self.mark(words[0], P.muted)
        self.say("lm.first.say", n=Val(f"lm.{self.lang}.problems", "int"))
        self.pace(Create(first),
                  LaggedStart(*[FadeIn(VGroup(outp[j], targets[j]), shift=0.1 * UP)
                                for j in range(1, n)], lag_ratio=0.5),
                  Indicate(targets[-1], color=P.highlight))
        total = self.text("lm.sum", size=style.BODY_SIZE, color=P.highlight,
                          n=Val(f"lm.{self.lang}.problems", "int"),
                          s=Val(f"lm.{self.lang}.total", "fmt:2"))
        total.next_to(VGroup(words), DOWN, buff=0.3)
        self.show("lm_sum", total)
        self.say("lm.loss.say", n=Val(f"lm.{self.lang}.problems", "int"),
                 s=Val(f"lm.{self.lang}.total", "fmt:2"))
        self.pace([FadeOut(first), FadeIn(lab_l)],
                  LaggedStart(*[FadeIn(m, shift=0.1 * DOWN) for m in losses], lag_ratio=0.5),
                  FadeIn(total))
        self.hold(2.0)
