"""L3 The conveyor: one real step, three stations, the balance, the 1997 cell without f."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Axes, Create, DashedLine, Dot, FadeIn, FadeOut,
                   Indicate, LaggedStart, Line, Rectangle, RoundedRectangle, Square, SurroundingRectangle, ValueTracker,
                   VGroup, linear)

from mathcore.lstm_chapter.conveyor import keep_share, write_kind

from .. import style
from ..base import LectureScene, Val
from ..live import LightCopies, Live, live_value, on_which, settle_value

P = style.PALETTE

PREV = {"1": "index t-1: the previous step"}

TEXT = {
    # ----- beat 1: one step for real ---------------------------------------------------------
    "run": {"zh": "真的算一遍：每读一个词，记忆只被乘一下、加一下",
            "en": "One step for real: each word only scales the memory and adds to it"},
    "run.say": {
        "zh": "下面的数据是为演示而手工设定的：一个有 {slots} 个记忆槽（编号 {s0} 到 {s1}）的 LSTM 读 {words} 个词（编号 {w0} 到 {w1}），权重和输入都不是训练出来的。时间往前走，左边是每个槽的遗忘门 f，右边是记忆 c。",
        "en": "Hand-set demo data: an LSTM with {slots} memory slot{slots_s}, numbered {s0} to {s1}, reads {words} word{words_s}, numbered {w0} to {w1}; its weights and inputs were set by hand, not trained. As time moves on, the left shows each slot's forget gate f, the right the memory c."},
    "run.others.more": {
        "zh": "其余各步的 f 都在 {fmin} 到 {fmax} 之间，旧值每次都留下一半以上。",
        "en": "Elsewhere f lies between {fmin} and {fmax}: more than half of the old value stays each time."},
    "run.others.mixed": {
        "zh": "其余各步的 f 在 {fmin} 到 {fmax} 之间，有的步留下不到一半。",
        "en": "Elsewhere f lies between {fmin} and {fmax}; on some steps less than half stays."},
    "run.focus.say": {
        "zh": "第 {w} 个词、第 {s} 个槽：f 掉到 {f}。旧值 {old} 先打折成 {kept}，再加上新写入的 {wr}，得到 {new}。",
        "en": "Word {w}, slot {s}: f drops to {f}. The old {old} is discounted to {kept}, then the new write {wr} is added: {new}."},
    "slot": {"zh": "槽 {k}", "en": "slot {k}"},
    "example.deposit": {
        "zh": "第 {w} 词、槽 {s}：$f$ = {f}，{old} → {kept}，加 {wr}，得 $c$ = {new}",
        "en": "word {w}, slot {s}: $f$ = {f}, {old} → {kept}, plus {wr}: $c$ = {new}"},
    "example.withdrawal": {
        "zh": "第 {w} 词、槽 {s}：$f$ = {f}，{old} → {kept}，减 {wr}，得 $c$ = {new}",
        "en": "word {w}, slot {s}: $f$ = {f}, {old} → {kept}, minus {wr}: $c$ = {new}"},
    "example.none": {
        "zh": "第 {w} 词、槽 {s}：$f$ = {f}，{old} → {kept}，不写入，$c$ = {new}",
        "en": "word {w}, slot {s}: $f$ = {f}, {old} → {kept}, no write: $c$ = {new}"},
    # ----- beat 2: three stations ------------------------------------------------------------
    "stations": {"zh": "三个站台就是三个时间步：每站只打折、再记一笔",
                 "en": "Three stations, three time steps: each one discounts, then books one entry"},
    "stations.say": {
        "zh": "跟着第 {s} 个槽走过三个站台。每一站，记忆先乘上遗忘门 f，再加上这一步写入的 i 乘 g；没有哪一站把它重新算一遍。",
        "en": "Follow slot {s} through three stations. At each one the memory is first multiplied by the forget gate f, then this step's write, i times g, is added; no station recomputes it from scratch."},
    "station.word": {"zh": "第 {w} 个词", "en": "word {w}"},
    "station.f": {"zh": "$f$ = {f}", "en": "$f$ = {f}"},
    "station.share.all": {"zh": "全部留下", "en": "all of it stays"},
    "station.share.more": {"zh": "留下一半以上", "en": "more than half stays"},
    "station.share.half": {"zh": "正好留下一半", "en": "exactly half stays"},
    "station.share.less": {"zh": "留下不到一半", "en": "less than half stays"},
    "station.share.none": {"zh": "全部清掉", "en": "nothing stays"},
    "station.write.deposit": {"zh": "$i g$ = {w}：存入", "en": "$i g$ = {w}: a deposit"},
    "station.write.withdrawal": {"zh": "$i g$ = {w}：取出", "en": "$i g$ = {w}: a withdrawal"},
    "station.write.none": {"zh": "$i g$ = {w}：不记账", "en": "$i g$ = {w}: no entry"},
    # ----- beat 3: the balance ---------------------------------------------------------------
    "balance": {"zh": "把 $c$ 当成余额：$f$ 是打几折，$i g$ 是这一笔",
                "en": "Read $c$ as a balance: $f$ is the discount, $i g$ this entry"},
    "balance.say": {
        "zh": "遗忘门是打折：旧余额 {old} 乘上 f，就是留下来的部分；只有 f 为 0 时才清零。i 乘 g 可正可负，所以这一笔既能存也能取。f 从 0 升到 1，留下的部分和新余额跟着变。",
        "en": "The forget gate is a discount: the old balance {old} times f is what stays, and only f = 0 clears it. i times g can be positive or negative, so an entry can deposit or withdraw. As f rises from 0 to 1, what stays and the new balance follow it.",
        "fixed": {"0": "the forget gate's lower end", "1": "the forget gate's upper end"}},
    "bal.old": {"zh": "旧余额 $c_{{t-1}}$", "en": "old balance $c_{{t-1}}$", "fixed": PREV},
    "bal.kept": {"zh": "打折后 $f\\,c_{{t-1}}$", "en": "discounted $f\\,c_{{t-1}}$",
                 "fixed": PREV},
    "bal.written": {"zh": "这一笔 $i\\,g$", "en": "this entry $i\\,g$"},
    "bal.new": {"zh": "新余额 $c_t$", "en": "new balance $c_t$"},
    "bal.share.all": {"zh": "$f$ = {f}：旧余额全部留下", "en": "$f$ = {f}: the whole old balance stays"},
    "bal.share.more": {"zh": "$f$ = {f}：旧余额留下一半以上", "en": "$f$ = {f}: more than half the old balance stays"},
    "bal.share.half": {"zh": "$f$ = {f}：旧余额正好留下一半", "en": "$f$ = {f}: exactly half the old balance stays"},
    "bal.share.less": {"zh": "$f$ = {f}：旧余额留下不到一半", "en": "$f$ = {f}: less than half the old balance stays"},
    "bal.share.none": {"zh": "$f$ = {f}：旧余额一步清空", "en": "$f$ = {f}: the old balance is cleared"},
    "bal.write.deposit": {"zh": "$i g$ = {w}：存入一笔，新余额 {new}",
                          "en": "$i g$ = {w}: a deposit; new balance {new}"},
    "bal.write.withdrawal": {"zh": "$i g$ = {w}：取出一笔，新余额 {new}",
                             "en": "$i g$ = {w}: a withdrawal; new balance {new}"},
    "bal.write.none": {"zh": "$i g$ = {w}：这一步不记账，新余额 {new}",
                       "en": "$i g$ = {w}: no entry this step; new balance {new}"},
    # ----- beat 4: 1997 ----------------------------------------------------------------------
    "nof": {"zh": "最早的 LSTM 没有遗忘门：记忆从不打折",
            "en": "The first LSTM had no forget gate: its memory is never discounted"},
    "nof.say": {
        "zh": "把同一个单元的遗忘门钉死在 1，它的更新就和 1997 年那个没有遗忘门的 LSTM 一样：每一步只加不打折。把那 {n} 个词连读 {r} 遍，一共 {m} 个词，看第 {s} 个槽。",
        "en": "Pin the same cell's forget gate at 1 and its update is that of the 1997 LSTM, which had no forget gate: every step adds and nothing is discounted. Read the {n} word{n_s} {r} times in a row, {m} word{m_s} in all, and watch slot {s}.",
        "fixed": {"1": "the pinned-open forget gate", "1997": "year of the first LSTM paper"}},
    "nof.story.grows": {
        "zh": "没有遗忘门，c 的绝对值每读一遍都更大，{m} 个词后到了 {c97}，tanh 已经是 {t}，再写进去的东西几乎读不出差别；有遗忘门的那条一直在 {b} 以内。2000 年 Gers 等人补上了 f。",
        "en": "Without a forget gate the size of c grows with every pass; c reaches {c97} after {m} word{m_s}; tanh of it is already {t}, so new writes barely change what is read out. The gated cell stays within {b}. Gers and colleagues added f in 2000.",
        "fixed": {"2000": "year of Gers, Schmidhuber & Cummins"}},
    "nof.story.not": {
        "zh": "这一次没有遗忘门的 c 的绝对值并没有每遍都变大：{m} 个词后是 {c97}；有遗忘门的一直在 {b} 以内。2000 年 Gers 等人补上了 f。",
        "en": "This time the size of c without a forget gate does not grow on every pass: {c97} after {m} word{m_s}; the gated cell stays within {b}. Gers and colleagues added f in 2000.",
        "fixed": {"2000": "year of Gers, Schmidhuber & Cummins"}},
    "nof.x": {"zh": "读过的词", "en": "words read"},
    "nof.c97": {"zh": "没有 $f$（1997）", "en": "no $f$ (1997)",
                "fixed": {"1997": "year of the first LSTM paper"}},
    "nof.cg": {"zh": "有 $f$（2000）", "en": "with $f$ (2000)",
               "fixed": {"2000": "year the forget gate was added"}},
    "nof.end97": {"zh": "$c$ = {c}，$\\tanh c$ = {t}", "en": "$c$ = {c}, $\\tanh c$ = {t}"},
    "nof.endg": {"zh": "$|c| \\le$ {b}", "en": "$|c| \\le$ {b}"},
    "nof.verdict.grows": {"zh": "每读一遍都更满", "en": "fuller after every pass"},
    "nof.verdict.not": {"zh": "并非每遍都更满", "en": "not fuller on every pass"},
}

# Each station's two comparison sentences get their own keys (st1.share, st2.share, ...), so the
# tests hold one rule per station; the wording is the same at every station.
for _n in range(3):
    for _kind in ("share", "write"):
        for _key in [k for k in TEXT if k.startswith(f"station.{_kind}.")]:
            TEXT[f"st{_n}.{_kind}.{_key.rsplit('.', 1)[1]}"] = TEXT[_key]


class Conveyor(LightCopies, LectureScene):
    """L3: a real step of a 4-slot cell, three stations, the balance sweep, the 1997 cell."""

    SECTION_ID = "lstm-03-conveyor"
    BEATS = ("run_step", "three_stations", "balance_sweep", "no_forget_gate")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def run_step(self):
        v = self.v
        W, S = int(v.n_words), int(v.n_slots)
        # slots and words are counted from 1 (as L5 does): the narration says so
        self.claim("run", say=False, slots=Val("n_slots", "int"), words=Val("n_words", "int"),
                   s0=Val("slot_numbers[0]", "int"), s1=Val(f"slot_numbers[{S - 1}]", "int"),
                   w0=Val("word_numbers[0]", "int"), w1=Val(f"word_numbers[{W - 1}]", "int"))
        run = dict(slots=Val("n_slots", "int"), words=Val("n_words", "int"),
                   s0=Val("slot_numbers[0]", "int"), s1=Val(f"slot_numbers[{S - 1}]", "int"),
                   w0=Val("word_numbers[0]", "int"), w1=Val(f"word_numbers[{W - 1}]", "int"))
        boxes = VGroup()
        for t in range(W):
            sq = Square(0.8, color=P.token, stroke_width=2).move_to([self.slot_x(t, W, 1.3), 1.95, 0])
            lab = self.math(f"x_{{{t + 1}}}", scale=0.7, color=P.token,
                            reason="word position").move_to(sq)
            boxes.add(VGroup(sq, lab))
        k = ValueTracker(0)

        def t_now() -> int:
            return self.at(k)

        # the narration reads the focus word's slot: the sweep must stand on it
        live = Live(self, t_now, over="forget", to="focus_word", at="focus_word")
        cursor = live.redraw(lambda t: SurroundingRectangle(boxes[t], color=P.highlight,
                                                            buff=0.08, stroke_width=3),
                             path="{i}", measure=lambda m: on_which(boxes, m))
        # f bars (left), c bars (right)
        fx = [-5.6 + 1.15 * j for j in range(S)]
        cx = [1.6 + 1.15 * j for j in range(S)]
        f0, fh = -0.8, 1.85          # baseline and height of f = 1
        c0, ch = 0.15, 1.0 / max(float(v.trace_extent), 1e-9)

        def fbar(t, j):
            f = float(v.forget[t, j])
            return Rectangle(width=0.6, height=max(fh * f, 1e-3), fill_color=P.forget,
                             fill_opacity=0.85, stroke_width=0).move_to(
                [fx[j], f0 + fh * f / 2, 0])

        def cbar(t, j):
            c = float(v.cell[t, j])
            h = max(abs(ch * c), 1e-3)
            return Rectangle(width=0.6, height=h, fill_color=P.cell, fill_opacity=0.85,
                             stroke_width=0).move_to([cx[j], c0 + (h / 2 if c >= 0 else -h / 2), 0])

        def f_read(m):      # a bar's height above the baseline, in units of f = 1
            return (m.get_top()[1] - f0) / fh

        def c_read(m):      # a bar's signed height from the zero line, in values
            return (m.height if m.get_center()[1] >= c0 else -m.height) / ch

        fbars = VGroup(*[live.redraw(lambda t, j=j: fbar(t, j), path=f"forget[{{i}}][{j}]",
                                     measure=f_read, tol=1.5e-3 / fh) for j in range(S)])
        cbars = VGroup(*[live.redraw(lambda t, j=j: cbar(t, j), path=f"cell[{{i}}][{j}]",
                                     measure=c_read, tol=1.5e-3 / ch) for j in range(S)])
        fbase = Line([fx[0] - 0.5, f0, 0], [fx[-1] + 0.5, f0, 0], color=P.muted, stroke_width=2)
        fone = DashedLine([fx[0] - 0.5, f0 + fh, 0], [fx[-1] + 0.5, f0 + fh, 0], color=P.muted,
                          stroke_width=1.5)
        czero = Line([cx[0] - 0.5, c0, 0], [cx[-1] + 0.5, c0, 0], color=P.muted, stroke_width=2)
        fnums, cnums, slots = VGroup(), VGroup(), VGroup()
        for j in range(S):
            # in the lecture font, as the slot names under them and the sentence below
            fn = live_value(self, live, f"forget[{{i}}][{j}]", "dec:2", None, P.forget,
                            at=[fx[j], -1.2, 0])
            cn = live_value(self, live, f"cell[{{i}}][{j}]", "dec:2", None, P.cell,
                            at=[cx[j], -1.2, 0])
            fnums.add(fn)
            cnums.add(cn)
            for x in (fx[j], cx[j]):
                slots.add(self.text("slot", size=style.LABEL_SIZE, color=P.muted,
                                    k=Val(f"slot_numbers[{j}]", "int")).move_to([x, -1.62, 0]))
        fl = self.math("f_t", color=P.forget).next_to(fbase, LEFT, buff=0.3).shift(1.0 * UP)
        cl = self.math("c_t", color=P.cell).next_to(czero, LEFT, buff=0.3)
        fslots, cslots = VGroup(*slots[0::2]), VGroup(*slots[1::2])
        # the words and their slots, the forget gates on the left, the memory on the right,
        # then time moves on while the line is still on screen
        self.say("run.say", **run)
        self.play(FadeIn(boxes), FadeIn(cursor), run_time=0.8)
        self.pace([FadeIn(fbase), FadeIn(fone), FadeIn(fbars), FadeIn(fnums), FadeIn(fslots),
                   FadeIn(fl)],
                  [FadeIn(czero), FadeIn(cbars), FadeIn(cnums), FadeIn(cslots), FadeIn(cl)],
                  over=0.45 * self.left())
        w, s = int(v.focus_word), int(v.focus_slot)
        live.play(k.animate.set_value(w), run_time=self.left(0.95, least=3.0), rate_func=linear)
        for j in range(S):
            settle_value(self, fnums[j], f"forget[{w}][{j}]", "dec:2", None, P.forget,
                         at=[fx[j], -1.2, 0])
            settle_value(self, cnums[j], f"cell[{w}][{j}]", "dec:2", None, P.cell,
                         at=[cx[j], -1.2, 0])
        self.show("focus_forget", fnums[s])
        self.show("focus_cell", cnums[s])
        # tighter than the f panel's frame drawn round the gates next (buff 0.1): inside it
        ring = VGroup(SurroundingRectangle(VGroup(fbars[s], fnums[s]), color=P.highlight, buff=0.05),
                      SurroundingRectangle(VGroup(cbars[s], cnums[s]), color=P.highlight, buff=0.05))
        # the kind of entry as the write is shown: |i g| = 0.004 shows "0.00", no entry
        focus = "none" if self.shown_value("focus_written_abs", "fmt:2") == 0 else v.focus_write
        ex = self.text("example", variant=focus, size=style.BODY_SIZE,
                       w=Val("focus_word_number", "int"), s=Val("focus_slot_number", "int"),
                       f=Val("focus_forget", "fmt:2"), old=Val("focus_old", "fmt:2"),
                       kept=Val("focus_kept", "fmt:2"), wr=Val("focus_written_abs", "fmt:2"),
                       new=Val("focus_new", "fmt:2"))
        ex.move_to([0, -2.1, 0])
        self.show("example", ex)
        fpanel = SurroundingRectangle(VGroup(fbars, fnums, fone), color=P.forget, buff=0.1,
                                      stroke_width=3)
        # the slot's f, then its memory, then the sentence that adds it up
        self.line("run.focus.say", Create(ring[0]), Create(ring[1]), FadeIn(ex),
                  w=Val("focus_word_number", "int"),
                  s=Val("focus_slot_number", "int"), f=Val("focus_forget", "fmt:2"),
                  old=Val("focus_old", "fmt:2"), kept=Val("focus_kept", "fmt:2"),
                  wr=Val("focus_written", "fmt:2"), new=Val("focus_new", "fmt:2"))
        # "elsewhere f lies between ...": the forget gates' panel the sweep ran through; "half
        # of the old value": the line f = 1/2 across it, the gates read against it
        half = DashedLine([fx[0] - 0.5, f0 + fh / 2, 0], [fx[-1] + 0.5, f0 + fh / 2, 0],
                          color=P.highlight, stroke_width=2)
        half_lab = self.math(r"\tfrac{1}{2}", scale=0.7, color=P.highlight,
                             reason="half of the old value stays")
        half_lab.next_to(fpanel, RIGHT, buff=0.12).set_y(half.get_y())
        self.line("run.others", Create(fpanel), [Create(half), FadeIn(half_lab)],
                  LaggedStart(*[Indicate(n, color=P.highlight) for n in fnums], lag_ratio=0.3),
                  variant=v.others_share,
                  fmin=Val("others_forget_min", "fmt:2"), fmax=Val("others_forget_max", "fmt:2"))
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def three_stations(self):
        v = self.v
        self.claim("stations", say=False, s=Val("focus_slot_number", "int"))
        xs = (-4.5, 0.0, 4.5)
        yb = 1.15
        belt = Line([-6.75, yb, 0], [6.75, yb, 0], color=P.cell, stroke_width=14)
        belt.set_opacity(0.45)
        stations, tags, notes = VGroup(), VGroup(), []
        first = self.value("station_old[0]", "dec:2", size=style.LABEL_SIZE + 2, color=P.cell)
        first.move_to([-6.65, yb + 0.55, 0], aligned_edge=LEFT)   # inside the frame's margin
        w0 = int(v.station_words[0])
        idx = VGroup(self.math(f"c_{{{w0 - 1}}}", scale=0.7, color=P.cell, reason="time index")
                     .move_to([first.get_x(), yb - 0.5, 0]))
        for n, x in enumerate(xs):
            box = RoundedRectangle(corner_radius=0.15, width=2.3, height=1.5, color=P.muted,
                                   stroke_width=2, fill_color=P.background, fill_opacity=1.0)
            box.move_to([x, yb, 0])
            times = self.math(r"\times f", scale=0.8, color=P.forget).move_to([x, yb + 0.33, 0])
            plus = self.math(r"+\,i\,g", scale=0.8, color=P.input_gate).move_to([x, yb - 0.33, 0])
            stations.add(VGroup(box, times, plus))
            tag = self.value(f"station_new[{n}]", "dec:2", size=style.LABEL_SIZE + 2, color=P.cell)
            if n < 2:
                tag.move_to([x + 2.25, yb + 0.55, 0])
            else:
                tag.move_to([6.65, yb + 0.55, 0], aligned_edge=RIGHT)
            tags.add(VGroup(tag, self.math(f"c_{{{w0 + n}}}", scale=0.7, color=P.cell,
                                           reason="time index").move_to([tag.get_x(), yb - 0.5, 0])))
            word = self.text("station.word", size=style.LABEL_SIZE, color=P.token,
                             w=Val(f"station_words[{n}]", "int"))
            f = self.text("station.f", size=style.LABEL_SIZE, color=P.forget,
                          f=Val(f"station_forget[{n}]", "fmt:2"))
            share = self.text(f"st{n}.share", size=style.LABEL_SIZE,
                              variant=keep_share(self.shown_value(f"station_forget[{n}]", "fmt:2")),
                              color=P.forget)
            wr = self.text(f"st{n}.write", size=style.LABEL_SIZE,
                           variant=write_kind(self.shown_value(f"station_written[{n}]", "fmt:2")),
                           color=P.input_gate, w=Val(f"station_written[{n}]", "fmt:2"))
            col = VGroup(word, f, share, wr).arrange(DOWN, buff=0.22).move_to([x, -1.0, 0])
            notes.append(col)
        # the last value stands right of the last station's highlight ring, inside the frame
        ring_right = max(stations[2].get_right()[0], notes[2].get_right()[0]) + 0.15
        half = tags[2].width / 2
        tags[2].set_x(min(max(6.45, ring_right + 0.25 + half), 7.0 - half))
        state = {"hi": None}

        def visit(n):
            def step():
                ring = SurroundingRectangle(VGroup(stations[n], notes[n]), color=P.highlight,
                                            buff=0.15, stroke_width=3)
                anims = [FadeIn(notes[n]), FadeIn(tags[n])]
                if state["hi"] is None:
                    state["hi"] = ring
                    return [*anims, Create(ring)]
                return [*anims, state["hi"].animate.become(ring)]
            return step

        # the belt and its stations, then slot s followed through them one by one
        self.line("stations.say", [Create(belt), FadeIn(stations), FadeIn(first), FadeIn(idx)],
                  *[visit(n) for n in range(3)], s=Val("focus_slot_number", "int"))
        self.show("station_last_new", tags[-1][0])
        self.show("station_last_write", notes[-1][3])
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def balance_sweep(self):
        v = self.v
        self.claim("balance", say=False, old=Val("old_param", "fmt:2"))
        eq = self.math(r"c_t", "=", r"f", r"\,c_{t-1}", "+", r"i\,g",
                       reason="the cell update (index t-1)")
        eq[0].set_color(P.cell)
        eq[2].set_color(P.forget)
        eq[5].set_color(P.input_gate)
        eq.move_to([0, 2.05, 0])
        rows_y = (1.2, 0.5, -0.2, -0.9)
        x0 = 0.6
        unit = 3.0 / float(v.balance_extent)
        keys = ("bal.old", "bal.kept", "bal.written", "bal.new")
        colors = (P.muted, P.forget, P.input_gate, P.cell)
        labels = VGroup(*[self.text(key, size=style.LABEL_SIZE, color=c)
                          for key, c in zip(keys, colors)])
        for lab, y in zip(labels, rows_y):
            lab.move_to([-6.8, y, 0], aligned_edge=LEFT)
        k = ValueTracker(0)

        def idx() -> int:
            return self.at(k)

        def bar(val, y, color):
            w = max(abs(unit * val), 1e-3)
            return Rectangle(width=w, height=0.5, fill_color=color, fill_opacity=0.85,
                             stroke_width=0).move_to([x0 + (w / 2 if val >= 0 else -w / 2), y, 0])

        old_bar = bar(float(v.old_param), rows_y[0], P.muted)
        live = Live(self, idx, over="sweep_forget")
        def length(m):      # a bar's signed length in values (bars under 1e-3 read as 0)
            w = m.width if m.width > 1.5e-3 else 0.0
            return (w if m.get_center()[0] >= x0 else -w) / unit

        kept_bar = live.redraw(lambda i: bar(float(v.sweep_kept[i]), rows_y[1], P.forget),
                               path="sweep_kept[{i}]", measure=length, tol=1e-3 / unit)
        wr_bar = bar(float(v.written_param), rows_y[2], P.input_gate)
        new_bar = live.redraw(lambda i: bar(float(v.sweep_new[i]), rows_y[3], P.cell),
                              path="sweep_new[{i}]", measure=length, tol=1e-3 / unit)
        axis = Line([x0, 1.55, 0], [x0, -1.25, 0], color=P.muted, stroke_width=2)
        vx = 4.7
        # the column of amounts in the lecture font, as the two sentences under it
        old_n = self.value("old_param", "dec:2", size=style.BODY_SIZE, color=P.muted)
        kept_n = live_value(self, live, "sweep_kept[{i}]", "dec:2", None, P.forget,
                            size=style.BODY_SIZE, at=[vx, rows_y[1], 0], edge=LEFT)
        wr_n = self.value("written_param", "dec:2", size=style.BODY_SIZE, color=P.input_gate)
        new_n = live_value(self, live, "sweep_new[{i}]", "dec:2", None, P.cell,
                           size=style.BODY_SIZE, at=[vx, rows_y[3], 0], edge=LEFT)
        for m, y in ((old_n, rows_y[0]), (wr_n, rows_y[2])):
            m.move_to([vx, y, 0], aligned_edge=LEFT)
        fl = self.eq_label("f", color=P.forget)
        fn = self.number("sweep_forget[0]", "dec:2", size=0.75, color=P.forget)
        fro = self.pair(fl, fn).move_to([4.9, 2.05, 0], aligned_edge=LEFT)
        fmark, gmark = (SurroundingRectangle(eq[j], color=c, buff=0.08, stroke_width=3)
                        for j, c in ((2, P.forget), (5, P.input_gate)))
        # the old balance, f times it (f boxed), the entry i g (boxed), the new balance; then f
        # rises from 0 to 1 as the line's last sentence says
        self.say("balance.say", old=Val("old_param", "fmt:2"))
        self.pace([FadeIn(eq), Create(axis), FadeIn(labels[0]), FadeIn(old_bar), FadeIn(old_n)],
                  [Create(fmark), FadeIn(labels[1]), FadeIn(kept_bar), FadeIn(kept_n),
                   FadeIn(fro)],
                  [FadeOut(fmark), Create(gmark), FadeIn(labels[2]), FadeIn(wr_bar),
                   FadeIn(wr_n)],
                  [FadeOut(gmark), FadeIn(labels[3]), FadeIn(new_bar), FadeIn(new_n)],
                  over=0.6 * self.left())
        live.number(fn, lambda i: v.sweep_forget[i], path="sweep_forget[{i}]")
        last = len(v.sweep_forget) - 1
        live.play(k.animate.set_value(last), run_time=self.left(0.95, least=4.0), rate_func=linear)
        self.settle(fn, "forget_param", name="forget_readout")
        settle_value(self, kept_n, "kept_param", "dec:2", None, P.forget, name="kept",
                     size=style.BODY_SIZE, at=[vx, rows_y[1], 0], edge=LEFT)
        settle_value(self, new_n, "new_param", "dec:2", None, P.cell, name="new",
                     size=style.BODY_SIZE, at=[vx, rows_y[3], 0], edge=LEFT)
        # decided on f and i g as shown: f = 0.9996 shows "1", all of it stays
        share = self.text("bal.share", variant=keep_share(self.shown_value("forget_param", "num")),
                          size=style.BODY_SIZE,
                          color=P.forget, f=Val("forget_param", "num"))
        write = self.text("bal.write", variant=write_kind(self.shown_value("written_param", "fmt:2")),
                          size=style.BODY_SIZE,
                          color=P.input_gate, w=Val("written_param", "fmt:2"),
                          new=Val("new_param", "fmt:2"))
        VGroup(share, write).arrange(DOWN, buff=0.22, aligned_edge=LEFT).move_to([0, -1.85, 0])
        self.show("share", share)
        self.show("write", write)
        self.play(FadeIn(share), FadeIn(write), run_time=0.6)
        self.hold(2.0)
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def no_forget_gate(self):
        v = self.v
        n = int(v.stream_words)
        self.claim("nof", say=False, n=Val("n_words", "int"), r=Val("stream_repeats", "int"),
                   m=Val("stream_words", "int"), s=Val("focus_slot_number", "int"))
        hi = float(v.stream_high)
        ax = Axes([0, n, 8], [0, hi, 1], x_length=7.2,
                  y_length=3.6, axis_config={"color": P.muted, "include_tip": False,
                                             "font_size": 24},
                  x_axis_config={"numbers_to_include": list(range(8, n + 1, 8))},
                  y_axis_config={"numbers_to_include": list(v.stream_ticks)})
        ax.move_to([-2.85, 0.25, 0])
        self.ticks(ax, reason="axis tick: words read")
        xl = self.text("nof.x", size=style.SMALL_SIZE, color=P.muted)
        xl.next_to(ax.x_axis, DOWN, buff=0.15).align_to(ax.x_axis, RIGHT)
        yl = self.math("|c|", color=P.cell).next_to(ax.c2p(0, hi), RIGHT, buff=0.2)
        c97 = ax.plot_line_graph(v.stream_steps, v.focus_1997_abs, add_vertex_dots=False,
                                 line_color=P.exploded, stroke_width=4)
        cg = ax.plot_line_graph(v.stream_steps, v.focus_gated_abs, add_vertex_dots=False,
                                line_color=P.cell, stroke_width=4)
        end97 = Dot(ax.c2p(n, float(v.focus_1997_abs[-1])), color=P.exploded, radius=0.07)
        endg = Dot(ax.c2p(n, float(v.focus_gated_abs[-1])), color=P.cell, radius=0.07)
        x = 1.5
        lab97 = self.text("nof.c97", size=style.BODY_SIZE, color=P.exploded)
        cite97 = self.label("Hochreiter & Schmidhuber, 1997", "citation year",
                            size=style.SMALL_SIZE, color=P.muted)
        r97 = self.text("nof.end97", size=style.LABEL_SIZE, color=P.exploded,
                        c=Val("end_1997", "fmt:2"), t=Val("end_tanh_1997", "fmt:4"))
        verdict = self.text("nof.verdict", variant=v.growth_1997, size=style.LABEL_SIZE,
                            color=P.exploded)
        labg = self.text("nof.cg", size=style.BODY_SIZE, color=P.cell)
        citeg = self.label("Gers, Schmidhuber & Cummins, 2000", "citation year",
                           size=style.SMALL_SIZE, color=P.muted)
        rg = self.text("nof.endg", size=style.LABEL_SIZE, color=P.cell,
                       b=Val("gated_bound", "fmt:2"))
        top = VGroup(lab97, cite97, r97, verdict).arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        bot = VGroup(labg, citeg, rg).arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        VGroup(top, bot).arrange(DOWN, buff=0.6, aligned_edge=LEFT).move_to([x, 0.2, 0],
                                                                            aligned_edge=LEFT)
        self.show("end_1997", r97)
        self.show("gated_bound", rg)
        # the axes, the two cells named as the line names the 1997 one, then both curves drawn
        # while the words are read
        self.say("nof.say", n=Val("n_words", "int"), r=Val("stream_repeats", "int"),
                 m=Val("stream_words", "int"), s=Val("focus_slot_number", "int"))
        self.play(Create(ax), FadeIn(xl), FadeIn(yl), run_time=0.8)
        self.play(FadeIn(lab97), FadeIn(cite97), run_time=0.8)
        self.play(Create(c97), Create(cg), run_time=self.left(0.9, least=3.0), rate_func=linear)
        # its end value and its tanh, the verdict, the gated bound, then Gers et al. 2000
        self.line("nof.story", [FadeIn(end97), FadeIn(r97)], FadeIn(verdict),
                  [FadeIn(endg), FadeIn(rg)], [FadeIn(labg), FadeIn(citeg)],
                  variant=v.growth_1997, m=Val("stream_words", "int"),
                  c97=Val("end_1997", "fmt:2"), t=Val("end_tanh_1997", "fmt:4"),
                  b=Val("gated_bound", "fmt:2"))
        self.hold(2.0)

