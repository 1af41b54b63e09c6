"""P4 Gating: clipping on a cliff, the forget circuit's Jacobian products, the residual twin,
the four gates, GRU beside the LSTM (with the page's notation note), "long short-term"."""

from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, Axes, Brace, Circumscribe, Create, DashedVMobject,
                   Dot, FadeIn, FadeOut, GrowFromEdge, Line, PI, Rectangle, Triangle, ValueTracker, VGroup, VMobject,
                   Write, linear)

from mathcore.prehistory.gating import LOG_FLOOR

from .. import style
from ..base import NUMBER_FONT, LectureScene, Plays, Val
from ..live import Live, corners

P = style.PALETTE
L = style.LABEL_SIZE
S = style.SMALL_SIZE

#: The circuit chart: bars start at x = BAR_X0 and run BAR_UNIT per decade above 10^LOG_FLOOR.
BAR_X0, BAR_UNIT = -2.2, 0.2
ROW_COLORS = (P.forget, P.forget, P.forget, P.gradient)

YEARS = {"2013": "year of Pascanu, Mikolov & Bengio's paper, cited",
         "1997": "year of Hochreiter & Schmidhuber's LSTM paper, cited",
         "2017": "year of the Transformer paper (Vaswani et al. 2017)"}

TEXT = {
    # ----- beat 1: the cliff ---------------------------------------------------------------
    "cliff": {"zh": "裁剪：限制步长，不改方向", "en": "Clipping caps the step, not its direction"},
    "cliff.say": {
        "zh": "这是我们自己搭的一维玩具损失：一个碗，碗边立着一道陡墙，仿照 Pascanu、Mikolov 和 Bengio 2013 年论文里的悬崖图。两次下降都从 θ = {t0} 出发，学习率 {lr}。",
        "en": "This is a toy loss we built ourselves: a bowl with a steep wall on its side, after the cliff picture in Pascanu, Mikolov and Bengio's 2013 paper. Both descents start at θ = {t0} with learning rate {lr}.",
        "fixed": {"2013": YEARS["2013"]}},
    "cliff.rule.say": {
        "zh": "裁剪的规则：梯度范数超过阈值 τ = {tau} 时，把整个梯度缩到长度 τ，方向不变。",
        "en": "The clipping rule: when the gradient's norm exceeds the threshold τ = {tau}, the whole gradient is scaled down to length τ, its direction kept."},
    "cliff.run.say": {
        "zh": "现在各走 {n} 步。不裁剪时最长的一步是 {a}；裁剪后每步不超过 η 乘 τ，即 {cap}，最长的一步是 {b}。",
        "en": "Now {n} step{n_s} of each. Without clipping the longest step is {a}; with clipping no step exceeds η times τ, {cap}, and the longest is {b}."},
    "cliff.end.say": {
        "zh": "{n} 步后，不裁剪停在 θ = {x}，损失 {lx}；裁剪停在 θ = {y}，损失 {ly}。",
        "en": "After {n} step{n_s}: θ = {x} with loss {lx} without clipping, θ = {y} with loss {ly} with it."},
    "cliff.arch.say": {
        "zh": "裁剪的前提是方向本身有用；方向若因架构而错，裁剪只是走得慢些。优化难不难取决于架构（Ernest Ryu 2025 年课程中的观点）：1997 年的 LSTM 和 2017 年的 Transformer 都是靠换架构解决的。",
        "en": "Clipping assumes the direction is still useful; if the architecture makes it wrong, clipping only walks the wrong way slower. How hard optimisation is depends on the architecture (a view from Ernest Ryu's 2025 course): the LSTM in 1997 and the Transformer in 2017 both answered by changing it.",
        "fixed": {"1997": YEARS["1997"], "2017": YEARS["2017"],
                  "2025": "year of Ernest Ryu's course the page cites for this view"}},
    "cliff.plain": {"zh": "不裁剪 $\\theta$ =", "en": "no clipping $\\theta$ ="},
    "cliff.clipped": {"zh": "裁剪 $\\theta$ =", "en": "clipped $\\theta$ ="},
    "cliff.tau": {"zh": "$\\tau$ = {tau}，$\\eta$ = {lr}", "en": "$\\tau$ = {tau}, $\\eta$ = {lr}"},
    "cliff.arch": {"zh": "换架构：LSTM 1997，Transformer 2017",
                   "en": "redesigns: LSTM 1997, Transformer 2017",
                   "fixed": {"1997": YEARS["1997"], "2017": YEARS["2017"]}},
    "cliff.toy": {"zh": "玩具曲面（我们构造的）", "en": "a toy surface (ours)"},
    "cliff.hold": {"zh": "最长一步：不裁剪 {a}，裁剪 {b}",
                   "en": "longest step: {a} unclipped, {b} clipped"},
    "cliff.rule": {"tex": r"g \leftarrow \min\!\left(1, \frac{\tau}{\lVert g \rVert_2}\right) g"},
    # ----- beat 2: the circuit -------------------------------------------------------------
    "circuit": {"zh": "最小遗忘电路：梯度路径上只剩门值",
                "en": "The minimal forget circuit: only gate values on the gradient's path"},
    "circuit.say": {
        "zh": "能主动记住或忘掉的最小电路：旧状态逐元素乘一个门 f_l，再加上新的候选 g_l。",
        "en": "The smallest circuit that can remember or forget on purpose: the old state times a gate f_l, elementwise, plus a new candidate g_l."},
    "circuit.jac.say": {
        "zh": "求一次导：每一步的雅可比是 diag(f_l)。权重矩阵 W 从梯度路径上消失了，剩下的只是门自己的值。",
        "en": "Differentiate once: each step's Jacobian is diag(f_l). The weight matrix W has left the gradient's path; only the gate's own values remain."},
    "circuit.sweep.say": {
        "zh": "把 {k} 步的雅可比连乘起来：三个宽度为 {d} 的常数门 {fr}、{fg}、{ff}，对照一个 W_h 奇异值都是 {s} 的普通 tanh RNN。",
        "en": "Multiply {k} of these Jacobians: three constant gates of width {d}, at {fr}, {fg} and {ff}, against a plain tanh RNN whose W_h has every singular value {s}."},
    "circuit.end.say": {
        "zh": "{k} 步后，三个门的乘积范数是 {a}、{b}、{c}，正是 f 的 {k} 次方；普通 RNN 是 {r}。",
        "en": "After {k} step{k_s}, the three gates' products have norms {a}, {b} and {c}, each f to the power {k}; the plain RNN's is {r}."},
    "circuit.eq": {"tex": r"c_l = f_l \odot c_{l-1} + g_l"},
    "circuit.jac": {"tex": r"\frac{\partial c_l}{\partial c_{l-1}} = \mathrm{diag}(f_l)"},
    "circuit.row.gate": {"zh": "$f$ = {f}", "en": "$f$ = {f}"},
    "circuit.row.rnn": {"zh": "RNN，$\\lVert W_h \\rVert$ = {s}", "en": "RNN, $\\lVert W_h \\rVert$ = {s}"},
    "circuit.norm": {"zh": "乘积的范数（对数刻度）", "en": "norm of the product (log scale)"},
    "circuit.k": {"zh": "步数 $k$ =", "en": "steps $k$ ="},
    # ----- beat 3: two extremes and the residual twin --------------------------------------
    "twin": {"zh": "两个极端，和它的孪生：残差连接", "en": "Two extremes, and a twin: the residual connection"},
    "twin.say": {
        "zh": "两个极端把它夹住：f 趋于 1，雅可比趋于单位阵，全部通过；f 趋于 0，雅可比趋于零，旧状态清空。",
        "en": "Two extremes bracket it: as f goes to 1 the Jacobian goes to the identity and everything passes; as f goes to 0 it goes to zero and the old state is wiped.",
        "fixed": {"1": "the gate's upper end", "0": "the gate's lower end"}},
    "twin.rows.say": {
        "zh": "在这里，f = {r} 时 {k} 步后还剩 {a}；f = {z} 时只剩 {b}。",
        "en": "Here f = {r} keeps {a} after {k} step{k_s}; f = {z} keeps {b}."},
    "twin.res.say": {
        "zh": "残差连接 y = x + F(x) 的导数是同一个形状：单位阵，加上这一块自己学到的部分（He 等，2015）。",
        "en": "A residual connection, y = x + F(x), has a derivative of the same shape: the identity plus what the block itself learns (He et al. 2015).",
        "fixed": {"2015": "year of He et al.'s residual-network paper, cited"}},
    "twin.num.say": {
        "zh": "这里 F 是一个小的 tanh 层，它的导数范数是 {g}，所以 y 对 x 的雅可比离单位阵只差 {g}。",
        "en": "Here F is a small tanh layer whose derivative has norm {g}, so the Jacobian of y with respect to x is within {g} of the identity."},
    "twin.head.case": {"zh": "极端", "en": "extreme"},
    "twin.head.jac": {"zh": "雅可比", "en": "Jacobian"},
    "twin.head.here": {"zh": "这里，{k} 步后", "en": "here, after {k} step{k_s}"},
    "twin.keep": {"zh": "全记住", "en": "remember all"},
    "twin.wipe": {"zh": "全遗忘", "en": "forget all"},
    "twin.keep.lim": {"zh": "$f \\to 1$：$\\to I$", "en": "$f \\to 1$: $\\to I$",
                      "fixed": {"1": "the gate's upper end"}},
    "twin.wipe.lim": {"zh": "$f \\to 0$：$\\to 0$", "en": "$f \\to 0$: $\\to 0$",
                      "fixed": {"0": "the gate's lower end; the zero matrix"}},
    "twin.at": {"zh": "$f$ = {f}：{p}", "en": "$f$ = {f}: {p}"},
    "twin.res": {"tex": r"y = x + F(x), \quad \frac{\partial y}{\partial x} = I + \frac{\partial F}{\partial x}"},
    "twin.mat": {"tex": r"\frac{\partial y}{\partial x} = \begin{pmatrix} @a & @b \\ @c & @d \end{pmatrix}"},
    "twin.gap": {"zh": "$\\lVert \\partial F / \\partial x \\rVert$ = {g}",
                 "en": "$\\lVert \\partial F / \\partial x \\rVert$ = {g}"},
    # ----- beat 4: the four gates ----------------------------------------------------------
    "table": {"zh": "四个门，一个形状", "en": "Four gates, one shape"},
    "table.say": {
        "zh": "每个门都是同一个形状：输入和上一步状态的线性组合过一个 sigmoid，得到一串 0 到 1 之间的开度。",
        "en": "Every gate has the same shape: a sigmoid of a linear mix of the input and the previous state, a vector of openings between 0 and 1.",
        "fixed": {"0": "sigmoid's lower limit", "1": "sigmoid's upper limit"}},
    "table.rows.say": {
        "zh": "课程页的表照 CS230 速查表列出四个：更新门、相关门、遗忘门、输出门。在本讲的记号里，它们是输入门 i、重置门 r、遗忘门 f 和输出门 o。",
        "en": "The page's table, after the CS230 cheat sheet, lists four: update, relevance, forget and output. In this lecture's letters they are the input gate i, the reset gate r, the forget gate f and the output gate o.",
        "fixed": {"230": "the Stanford course number CS230"}},
    "table.count.say": {
        "zh": "GRU 用其中 {g} 个，LSTM 用 {l} 个。遗忘门来自 Gers、Schmidhuber 和 Cummins 2000 年的论文。",
        "en": "The GRU uses {g} of them, the LSTM {l}. The forget gate came from Gers, Schmidhuber and Cummins in 2000.",
        "fixed": {"2000": "year of Gers, Schmidhuber & Cummins's paper, cited"}},
    "table.shape": {"tex": r"\sigma(W x_t + U h_{t-1} + b) \in (0, 1)^d"},
    "table.h.page": {"zh": "课程页", "en": "page"},
    "table.h.ours": {"zh": "本讲", "en": "here"},
    "table.h.job": {"zh": "职责", "en": "job"},
    "table.h.used": {"zh": "用于", "en": "used in"},
    "table.u": {"zh": "更新 $\\Gamma_u$", "en": "update $\\Gamma_u$"},
    "table.r": {"zh": "相关 $\\Gamma_r$", "en": "relevance $\\Gamma_r$"},
    "table.f": {"zh": "遗忘 $\\Gamma_f$", "en": "forget $\\Gamma_f$"},
    "table.o": {"zh": "输出 $\\Gamma_o$", "en": "output $\\Gamma_o$"},
    "table.u.ours": {"zh": "输入门 $i_t$", "en": "input $i_t$"},
    "table.r.ours": {"zh": "重置门 $r_t$", "en": "reset $r_t$"},
    "table.f.ours": {"zh": "遗忘门 $f_t$", "en": "forget $f_t$"},
    "table.o.ours": {"zh": "输出门 $o_t$", "en": "output $o_t$"},
    "table.u.job": {"zh": "新信息写入多少", "en": "how much new is written"},
    "table.r.job": {"zh": "旧状态进候选前筛掉多少", "en": "how much old feeds the candidate"},
    "table.f.job": {"zh": "旧细胞状态留多少", "en": "how much old cell is kept"},
    "table.o.job": {"zh": "细胞状态向外露多少", "en": "how much cell is shown"},
    "table.u.used": {"zh": "GRU、LSTM", "en": "GRU, LSTM"},
    "table.r.used": {"zh": "GRU", "en": "GRU"},
    "table.f.used": {"zh": "LSTM", "en": "LSTM"},
    "table.o.used": {"zh": "LSTM", "en": "LSTM"},
    "table.hold": {"zh": "GRU：{g} 个门，LSTM：{l} 个门", "en": "GRU: {g} gate{g_s}, LSTM: {l} gate{l_s}"},
    # ----- beat 5: GRU and LSTM side by side -----------------------------------------------
    "cells": {"zh": "GRU 与 LSTM 并排：都是门控加法", "en": "GRU and LSTM side by side: both add under a gate"},
    "cells.say": {
        "zh": "用本讲的字母并排写出：左边是 Cho 等人 2014 年的 GRU，右边是 Hochreiter 和 Schmidhuber 1997 年的 LSTM。",
        "en": "Written side by side in this lecture's letters: on the left the GRU of Cho and colleagues, 2014; on the right the LSTM of Hochreiter and Schmidhuber, 1997.",
        "fixed": {"2014": "year of Cho et al.'s GRU paper, cited", "1997": YEARS["1997"]}},
    "cells.update.say": {
        "zh": "GRU 留下 z_t 份旧状态、写入 1 减 z_t 份候选：一个门管两件事。LSTM 的 f_t 和 i_t 分开，可以同时保留和写入。",
        "en": "The GRU keeps z_t of the old state and writes 1 minus z_t of the candidate: one gate, two jobs. The LSTM's f_t and i_t are separate, so it can keep and write at once.",
        "fixed": {"1": "the whole: what is not kept is written"}},
    "cells.jac.say": {
        "zh": "两者都是门控加法：沿直通的那条路，雅可比分别是 diag(z_t) 和 diag(f_t)，里面没有权重矩阵。LSTM 只在输出时才用 tanh 压缩 c_t，细胞状态本身可以一直增长，用来计数或计时。",
        "en": "Both update by gated addition: along the direct path their Jacobians are diag(z_t) and diag(f_t), with no weight matrix in them. The LSTM squashes c_t by tanh only on the way out, so the cell itself can keep growing, to count or to time."},
    "cells.note.say": {
        "zh": "记法说明：课程页的更新门 Γ_u 乘的是候选，在 GRU 里对应 1 减 z_t，在 LSTM 里对应 i_t。CS230 速查表 2018 年版把 LSTM 的候选写成带重置门的形式，那是教学上的简写；标准 LSTM（Hochreiter 和 Schmidhuber 1997，Graves 2012）的候选里没有重置门。",
        "en": "A note on notation: the page's update gate Γ_u multiplies the candidate, so it is 1 minus z_t in the GRU and i_t in the LSTM. The 2018 CS230 cheat sheet writes the LSTM candidate with a reset gate inside, a teaching shorthand; the standard LSTM candidate (Hochreiter and Schmidhuber 1997, Graves 2012) has none.",
        "fixed": {"1": "the GRU's tie: 1 - z_t is written",
                  "2018": "edition year of the CS230 cheat sheet the page cites",
                  "230": "the Stanford course number CS230",
                  "1997": YEARS["1997"],
                  "2012": "year of Graves's book on RNN sequence labelling, cited by the page"}},
    "cells.gru": {"zh": "GRU：{gs} 个状态，{gg} 个门", "en": "GRU: {gs} state{gs_s}, {gg} gate{gg_s}"},
    "cells.lstm": {"zh": "LSTM：{ls} 个状态，{lg} 个门", "en": "LSTM: {ls} state{ls_s}, {lg} gate{lg_s}"},
    "cells.g.gates": {"tex": r"r_t,\ z_t = \sigma(\cdot)"},
    "cells.g.cand": {"tex": r"g_t = \tanh(W_g[r_t \odot h_{t-1}, x_t] + b_g)"},
    "cells.g.upd": {"tex": r"h_t = (1 - z_t) \odot g_t + z_t \odot h_{t-1}"},
    "cells.g.jac": {"tex": r"\mathrm{diag}(z_t)"},
    "cells.l.gates": {"tex": r"i_t,\ f_t,\ o_t = \sigma(\cdot)"},
    "cells.l.cand": {"tex": r"g_t = \tanh(W_g[h_{t-1}, x_t] + b_g)"},
    "cells.l.upd": {"tex": r"c_t = i_t \odot g_t + f_t \odot c_{t-1}"},
    "cells.l.out": {"tex": r"h_t = o_t \odot \tanh(c_t)"},
    "cells.l.jac": {"tex": r"\mathrm{diag}(f_t)"},
    "cells.jac": {"zh": "直通路径的雅可比", "en": "direct-path Jacobian"},
    "cells.map": {"zh": "课程页 $\\Gamma_u$：GRU 里是 $1 - z_t$，LSTM 里是 $i_t$",
                  "en": "page's $\\Gamma_u$: $1 - z_t$ in the GRU, $i_t$ in the LSTM",
                  "fixed": {"1": "the GRU's tie: 1 - z_t is written"}},
    "cells.erratum": {"zh": "CS230 的简写（非标准）：", "en": "CS230's shorthand (not standard):",
                      "fixed": {"230": "the Stanford course number CS230"}},
    "cells.bad": {"tex": r"g_t = \tanh(W_g[r_t \odot h_{t-1}, x_t] + b_g)"},
    # ----- beat 6: the name ----------------------------------------------------------------
    "name": {"zh": "LSTM 这个名字怎么读：拉长的短期记忆",
             "en": "The hyphen in the name: a longer short-term memory"},
    "name.say": {
        "zh": "连字符连的是 short 和 term：long short-term memory 是“拉长了的短期记忆”，不是长期记忆加短期记忆两套存储。",
        "en": "The hyphen joins short and term: a long short-term memory is a short-term memory made longer, not a long-term store beside a short-term one."},
    "name.reach.say": {
        "zh": "长了多少？本节的普通 RNN，乘积在第 {m} 步跌破百分之一；遗忘门一直是 {f} 时，在第 {n} 步跌破。",
        "en": "How much longer? In this section's plain RNN the product falls below one percent at step {m}; with the forget gate held at {f}, at step {n}."},
    "name.end.say": {
        "zh": "只要门小于 1，记忆终会褪去；真正的长期记忆在网络之外，比如检索和数据库。",
        "en": "Any gate below 1 still fades in the end; lasting memory lives outside the network, in retrieval and databases.",
        "fixed": {"1": "the gate's upper end"}},
    "name.words": {"zh": "long short-term memory", "en": "long short-term memory"},
    "name.long": {"zh": "更长的", "en": "longer"},
    "name.short": {"zh": "短期记忆", "en": "short-term memory"},
    "name.rnn": {"zh": "普通 RNN：{m} 步", "en": "plain RNN: {m} step{m_s}"},
    "name.gate": {"zh": "$f$ = {f}：{n} 步", "en": "$f$ = {f}: {n} step{n_s}"},
    "name.axis": {"zh": "乘积跌破百分之一的步数", "en": "steps until the product is below one percent"},
}


class Gating(LectureScene):
    """P4: clipping on a cliff, the gate circuit's products, extremes and the residual twin,
    the four gates, GRU beside the LSTM, and the name."""

    SECTION_ID = "pre-04-gating"
    BEATS = ("cliff", "circuit", "twin", "gate_table", "cells", "name")
    TEXT = TEXT

    # ----- beat 1 -------------------------------------------------------------------------
    def cliff(self):
        v = self.v
        n = len(v.descent_k) - 1
        self.claim("cliff", say=False)
        cite = self.cite_row("Pascanu, Mikolov & Bengio 2013, arXiv:1211.5063")
        ax = Axes([v.view_lo, v.view_hi, 1.0], [0, v.view_top * 1.05, v.view_top / 4],
                  x_length=6.8, y_length=3.4,
                  axis_config={"color": P.muted, "include_tip": False})
        ax.move_to([-3.35, 0.05, 0])
        curve = ax.plot_line_graph(v.surface_theta, v.surface_loss, add_vertex_dots=False,
                                   line_color=P.muted, stroke_width=3)
        th = self.math(r"\theta", scale=0.7, color=P.muted).next_to(ax.x_axis, RIGHT, buff=0.15)
        lab = self.math("L", scale=0.7, color=P.muted).next_to(ax.y_axis.get_top(), RIGHT,
                                                                buff=0.15)
        toy = self.text("cliff.toy", size=S, color=P.muted)
        toy.next_to(ax, DOWN, buff=0.12).align_to(ax, LEFT)
        wall = self.mark(VGroup(Dot(ax.c2p(v.wall_at, 0.5 * float(v.surface_loss.max()))),
                                Line(ax.c2p(v.wall_at - 0.2, 0), ax.c2p(v.wall_at + 0.2, 8.0))),
                         P.exploded)
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="descent_k")

        def dot(arr, loss, color):
            return live.redraw(lambda j: Dot(ax.c2p(float(arr[j]), float(loss[j])),
                                             color=color, radius=0.09),
                               path=(arr_path[id(arr)] + "[{i}]", loss_path[id(arr)] + "[{i}]"),
                               measure=lambda m: ax.p2c(m.get_center())[:2], tol=1e-6)

        arr_path = {id(v.theta_plain): "theta_plain", id(v.theta_clipped): "theta_clipped"}
        loss_path = {id(v.theta_plain): "loss_plain", id(v.theta_clipped): "loss_clipped"}
        def trail(arr, loss, color):     # the points visited so far, joined in order
            def build(j):
                pts = [ax.c2p(float(arr[m]), float(loss[m])) for m in range(j + 1)]
                return VMobject(stroke_color=color, stroke_width=2, stroke_opacity=0.7
                                ).set_points_as_corners(pts if j else pts * 2)
            return live.redraw(build, path=(arr_path[id(arr)] + "[{i}]",
                                            loss_path[id(arr)] + "[{i}]"),
                               measure=lambda m: ax.p2c(corners(m)[-1])[:2], tol=1e-6)

        tp = trail(v.theta_plain, v.loss_plain, P.exploded)
        tc = trail(v.theta_clipped, v.loss_clipped, P.hidden)
        dp = dot(v.theta_plain, v.loss_plain, P.exploded)
        dc = dot(v.theta_clipped, v.loss_clipped, P.hidden)
        rule = self.mathv("cliff.rule", scale=0.75).move_to([3.6, 1.75, 0])
        tau = self.text("cliff.tau", size=L, tau=Val("tau", "num"), lr=Val("lr", "num"))
        tau.next_to(rule, DOWN, buff=0.3)
        pl = self.text("cliff.plain", size=L, color=P.exploded)
        pn = self.number("theta_plain[0]", "dec:2", size=0.7, color=P.exploded)
        cl = self.text("cliff.clipped", size=L, color=P.hidden)
        cn = self.number("theta_clipped[0]", "dec:2", size=0.7, color=P.hidden)
        rows = VGroup(self.pair(pl, pn), self.pair(cl, cn)).arrange(DOWN, aligned_edge=LEFT,
                                                                    buff=0.35)
        rows.move_to([0.9, -0.3, 0], aligned_edge=LEFT)
        live.number(pn, lambda j: v.theta_plain[j], path="theta_plain[{i}]")
        live.number(cn, lambda j: v.theta_clipped[j], path="theta_clipped[{i}]")
        self.say("cliff.say", t0=Val("param.start", "num"), lr=Val("lr", "num"))
        self.pace([Create(ax), FadeIn(th), FadeIn(lab), FadeIn(cite)],
                  [Create(curve), FadeIn(toy)], Create(wall),
                  [FadeIn(tp), FadeIn(tc), FadeIn(dp), FadeIn(dc), FadeIn(rows)])
        self.say("cliff.rule.say", tau=Val("tau", "num"))
        self.pace([wall.animate.set_stroke(opacity=0), Write(rule)], FadeIn(tau),
                  Circumscribe(rule, color=P.highlight))
        self.remove(wall)
        self.say("cliff.run.say", n=Val("param.descent_steps", "int"),
                 a=Val("largest_step_plain", "dec:2"), cap=Val("step_cap", "num"),
                 b=Val("largest_step_clipped", "dec:2"))
        self.pace(Plays(lambda rt: live.play(k.animate.set_value(n), run_time=rt,
                                             rate_func=linear)), fill=0.9)
        self.settle(pn, f"theta_plain[{n}]", name="theta_plain_end")
        self.settle(cn, f"theta_clipped[{n}]", name="theta_clipped_end")
        self.say("cliff.end.say", n=Val("param.descent_steps", "int"),
                 x=Val(f"theta_plain[{n}]", "dec:2"), lx=Val(f"loss_plain[{n}]", "dec:2"),
                 y=Val(f"theta_clipped[{n}]", "dec:2"), ly=Val(f"loss_clipped[{n}]", "dec:2"))
        self.pace(Circumscribe(VGroup(rows[0], dp), color=P.exploded),
                  Circumscribe(VGroup(rows[1], dc), color=P.hidden))
        hold = self.text("cliff.hold", size=S, a=Val("largest_step_plain", "dec:2"),
                         b=Val("largest_step_clipped", "dec:2"))
        hold.next_to(rows, DOWN, buff=0.4, aligned_edge=LEFT)
        self.show("longest_steps", hold)
        arch = self.text("cliff.arch", size=S, color=P.cell)
        arch.next_to(hold, DOWN, buff=0.3, aligned_edge=LEFT)
        # "clipping assumes the direction is useful" (the rule keeps g's direction) / "how
        # hard optimisation is depends on the architecture": the two changes, named
        self.say("cliff.arch.say")
        self.pace(FadeIn(hold), Circumscribe(rule, color=P.muted), FadeIn(arch, shift=0.15 * UP),
                  Circumscribe(arch, color=P.cell))
        self.hold()
        self.clear_stage()

    # ----- beat 2 -------------------------------------------------------------------------
    def _bar(self, units: float, y: float, color: str) -> VGroup:
        """The bar, and below the axis's floor (no bar left to draw) a small arrowhead
        pointing off the scale, so an empty row reads as "smaller than 10^floor", not as
        missing."""
        w = max(units * BAR_UNIT, 1e-3)
        bar = VGroup(Rectangle(width=w, height=0.38, stroke_width=0, fill_color=color,
                               fill_opacity=0.85).move_to([BAR_X0 + w / 2, y, 0]))
        if units <= 0:
            bar.add(Triangle(stroke_width=0, fill_color=color, fill_opacity=0.9)
                    .scale(0.13).rotate(PI / 2).next_to([BAR_X0, y, 0], RIGHT, buff=0.04))
        return bar

    def circuit(self):
        v = self.v
        K = int(v.steps)
        self.claim("circuit", say=False)
        eq = self.mathv("circuit.eq", scale=0.85).move_to([-3.2, 1.9, 0])
        jac = self.mathv("circuit.jac", scale=0.85).move_to([2.9, 1.9, 0])
        ys = [0.75, 0.0, -0.75, -1.5]
        k = ValueTracker(0)
        live = Live(self, lambda: self.at(k), over="sweep_k")
        labels, bars, nums = VGroup(), VGroup(), VGroup()
        shown: dict[int, str] = {}
        made: dict[tuple, object] = {}

        def num_at(j, r):
            key = (r, j)
            if key not in made:
                made[key] = self.value(f"products[{j}][{r}]", "sig", size=L,
                                       color=ROW_COLORS[r])
            shown[r] = made[key].shown_text
            m = made[key].copy()
            return m.move_to([BAR_X0 + (-LOG_FLOOR) * BAR_UNIT + 0.3, ys[r], 0],
                             aligned_edge=LEFT)

        for r, y in enumerate(ys):
            if r < 3:
                lab = self.text("circuit.row.gate", size=L, color=ROW_COLORS[r],
                                f=Val(f"row_gates[{r}]", "num"))
            else:
                lab = self.text("circuit.row.rnn", size=L, color=ROW_COLORS[r],
                                s=Val("rnn_scale", "num"))
            lab.move_to([BAR_X0 - 0.25, y, 0], aligned_edge=RIGHT)
            labels.add(lab)
            bars.add(live.redraw(lambda j, r=r, y=y: self._bar(float(v.bar_units[j, r]), y,
                                                               ROW_COLORS[r]),
                                 path=f"bar_units[{{i}}][{r}]",
                                 measure=lambda m: m[0].width / BAR_UNIT, tol=6e-3))
            nums.add(live.redraw(lambda j, r=r: num_at(j, r), path=f"products[{{i}}][{r}]",
                                 fmt="sig", read=lambda m, r=r: shown[r]))
        x_end = BAR_X0 + (-LOG_FLOOR) * BAR_UNIT
        axis = Line([BAR_X0, -2.0, 0], [x_end, -2.0, 0], color=P.muted, stroke_width=2)
        ticks = VGroup()
        for e in range(int(LOG_FLOOR), 1, 10):
            x = BAR_X0 + (e - LOG_FLOOR) * BAR_UNIT
            t = self.label(f"$10^{{{e}}}$", "axis tick: a decade of the log scale",
                           size=S, color=P.muted)
            t.next_to([x, -2.0, 0], DOWN, buff=0.12)
            ticks.add(VGroup(Line([x, -2.07, 0], [x, -1.93, 0], color=P.muted), t))
        kl = self.text("circuit.k", size=L, color=P.muted)
        kn = self.number("sweep_k[0]", "dec:0", size=0.7, color=P.muted)
        kk = self.pair(kl, kn).move_to([4.6, -2.15, 0], aligned_edge=LEFT)
        live.number(kn, lambda j: v.sweep_k[j], path="sweep_k[{i}]")
        self.say("circuit.say")
        self.pace(Write(eq), Circumscribe(eq, color=P.forget))
        self.say("circuit.jac.say")
        self.pace(Write(jac), Circumscribe(jac, color=P.forget))
        self.say("circuit.sweep.say", k=Val("steps", "int"), d=Val("circuit_width", "int"),
                 fr=Val("row_gates[0]", "num"), fg=Val("row_gates[1]", "num"),
                 ff=Val("row_gates[2]", "num"), s=Val("rnn_scale", "num"))
        self.pace([FadeIn(axis), FadeIn(ticks), FadeIn(kk)],
                  [FadeIn(labels[:3]), FadeIn(bars[:3]), FadeIn(nums[:3])],
                  [FadeIn(labels[3]), FadeIn(bars[3]), FadeIn(nums[3])],
                  Plays(lambda rt: live.play(k.animate.set_value(K), run_time=rt,
                                             rate_func=linear)), fill=0.9)
        self.settle(kn, "steps", name="steps_shown")
        ends = VGroup()
        for r in range(4):         # the live copies give way to readouts bound at k = K
            end = self.value(f"products[{K}][{r}]", "sig", size=L, color=ROW_COLORS[r],
                             name=f"final_product_{r}")
            ends.add(end.move_to(nums[r], aligned_edge=LEFT))
        self.remove(*nums)
        self.add(ends)
        nums = ends
        self.say("circuit.end.say", k=Val("steps", "int"), a=Val(f"products[{K}][0]", "sig"),
                 b=Val(f"products[{K}][1]", "sig"), c=Val(f"products[{K}][2]", "sig"),
                 r=Val(f"products[{K}][3]", "sig"))
        self.pace(*[Circumscribe(VGroup(labels[r], nums[r]), color=ROW_COLORS[r])
                    for r in range(4)])
        self.hold()
        self.clear_stage()

    # ----- beat 3 -------------------------------------------------------------------------
    def twin(self):
        v = self.v
        K = int(v.steps)
        self.claim("twin", say=False)
        xs = (-6.4, -3.7, -1.0)       # left edges of the table's three columns
        heads = VGroup(self.text("twin.head.case", size=L, color=P.muted),
                       self.text("twin.head.jac", size=L, color=P.muted),
                       self.text("twin.head.here", size=L, color=P.muted,
                                 k=Val("steps", "int")))
        for h, x in zip(heads, xs):
            h.move_to([x, 2.0, 0], aligned_edge=LEFT)
        rule = Line([xs[0], 1.65, 0], [2.4, 1.65, 0], color=P.muted, stroke_width=2)
        rows = VGroup()
        for r, (case, lim, y) in enumerate((("twin.keep", "twin.keep.lim", 1.15),
                                            ("twin.wipe", "twin.wipe.lim", 0.45))):
            col = 0 if r == 0 else 2
            cells = VGroup(self.text(case, size=L, color=P.forget),
                           self.text(lim, size=L),
                           self.text("twin.at", size=L, color=P.forget,
                                     f=Val(f"row_gates[{col}]", "num"),
                                     p=Val(f"products[{K}][{col}]", "sig")))
            for c, x in zip(cells, xs):
                c.move_to([x, y, 0], aligned_edge=LEFT)
            self.show(f"extreme_{case.split('.')[1]}", cells[2])
            rows.add(cells)
        cite = self.label("He et al. 2015, arXiv:1512.03385", "citation year and arXiv id",
                          size=S, color=P.muted)
        res = self.mathv("twin.res", scale=0.8).move_to([-2.9, -0.8, 0])
        mat = self.mathv("twin.mat", scale=0.8, name="residual_jacobian",
                         a=Val("residual_jacobian[0][0]", "dec:2"),
                         b=Val("residual_jacobian[0][1]", "dec:2"),
                         c=Val("residual_jacobian[1][0]", "dec:2"),
                         d=Val("residual_jacobian[1][1]", "dec:2"))
        mat.move_to([3.6, -0.8, 0])
        gap = self.text("twin.gap", size=L, color=P.gradient, g=Val("residual_gap", "dec:2"))
        gap.next_to(mat, DOWN, buff=0.3)
        self.show("residual_gap", gap)
        cite.next_to(res, DOWN, buff=0.35)
        self.say("twin.say")
        self.pace([FadeIn(heads), Create(rule)], [FadeIn(rows[0][0]), FadeIn(rows[0][1])],
                  [FadeIn(rows[1][0]), FadeIn(rows[1][1])])
        self.say("twin.rows.say", r=Val("row_gates[0]", "num"), k=Val("steps", "int"),
                 a=Val(f"products[{K}][0]", "sig"), z=Val("row_gates[2]", "num"),
                 b=Val(f"products[{K}][2]", "sig"))
        self.pace(FadeIn(rows[0][2]), FadeIn(rows[1][2]))
        self.say("twin.res.say")
        self.pace(Write(res), FadeIn(cite), Circumscribe(VGroup(rows[0][1]), color=P.forget))
        self.say("twin.num.say", g=Val("residual_gap", "dec:2"))
        self.pace(Write(mat), FadeIn(gap), Circumscribe(gap, color=P.highlight))
        self.hold()
        self.clear_stage()

    # ----- beat 4 -------------------------------------------------------------------------
    def gate_table(self):
        v = self.v
        self.claim("table", say=False)
        cite = self.cite_row("CS230, Amidi & Amidi 2018", "Gers, Schmidhuber & Cummins 2000")
        shape = self.mathv("table.shape", scale=0.8).move_to([0, 1.75, 0])
        xs = (-6.5, -3.9, -1.5, 4.7)
        heads = VGroup(*(self.text(f"table.h.{h}", size=L, color=P.muted)
                         for h in ("page", "ours", "job", "used")))
        for h, x in zip(heads, xs):
            h.move_to([x, 0.95, 0], aligned_edge=LEFT)
        rule = Line([xs[0], 0.65, 0], [6.7, 0.65, 0], color=P.muted, stroke_width=2)
        colors = {"u": P.input_gate, "r": P.muted, "f": P.forget, "o": P.output_gate}
        rows = VGroup()
        for r, g in enumerate("urfo"):
            y = 0.2 - 0.6 * r
            cells = VGroup(self.text(f"table.{g}", size=L, color=colors[g]),
                           self.text(f"table.{g}.ours", size=L, color=colors[g]),
                           self.text(f"table.{g}.job", size=L),
                           self.text(f"table.{g}.used", size=L, color=P.muted))
            for c, x in zip(cells, xs):
                c.move_to([x, y, 0], aligned_edge=LEFT)
            rows.add(cells)
        hold = self.text("table.hold", size=L, g=Val("gate_count.gru", "int"),
                         l=Val("gate_count.lstm", "int"))
        hold.move_to([0, -2.15, 0])
        self.show("gate_counts", hold)
        self.say("table.say")
        self.pace(Write(shape), Circumscribe(shape, color=P.highlight), FadeIn(cite))
        self.say("table.rows.say")
        self.pace([FadeIn(heads), Create(rule)],
                  *[[FadeIn(rows[r][0]), FadeIn(rows[r][2]), FadeIn(rows[r][3])]
                    for r in range(4)],
                  *[FadeIn(rows[r][1], shift=0.15 * LEFT) for r in range(4)])
        self.say("table.count.say", g=Val("gate_count.gru", "int"),
                 l=Val("gate_count.lstm", "int"))
        self.pace(Circumscribe(VGroup(rows[0][3], rows[1][3]), color=P.highlight),
                  Circumscribe(VGroup(rows[2][0], rows[2][1]), color=P.forget), FadeIn(hold))
        self.hold()
        self.clear_stage()

    # ----- beat 5 -------------------------------------------------------------------------
    def cells(self):
        v = self.v
        self.claim("cells", say=False)
        cites = VGroup(self.label("Cho et al. 2014, arXiv:1406.1078", "citation year and arXiv id",
                                  size=S, color=P.muted),
                       self.label("Hochreiter & Schmidhuber 1997; Graves 2012", "citation years",
                                  size=S, color=P.muted))
        sc = 0.58
        gru = VGroup(self.text("cells.gru", size=L, color=P.hidden,
                               gs=Val("state_count.gru", "int"), gg=Val("gate_count.gru", "int")),
                     *(self.mathv(f"cells.g.{k}", scale=sc) for k in ("gates", "cand", "upd")))
        lstm = VGroup(self.text("cells.lstm", size=L, color=P.cell,
                                ls=Val("state_count.lstm", "int"), lg=Val("gate_count.lstm", "int")),
                      *(self.mathv(f"cells.l.{k}", scale=sc)
                        for k in ("gates", "cand", "upd", "out")))
        for col, x in ((gru, -6.5), (lstm, 0.4)):
            col.arrange(DOWN, aligned_edge=LEFT, buff=0.17).move_to([x, 0.95, 0],
                                                                   aligned_edge=LEFT)
            col.align_to([0, 2.35, 0], UP)
        cites[0].move_to([-6.5, -0.42, 0], aligned_edge=LEFT)
        cites[1].move_to([0.4, -0.42, 0], aligned_edge=LEFT)
        jl = self.text("cells.jac", size=L, color=P.muted)
        gj = self.mathv("cells.g.jac", scale=sc, color=P.forget)
        lj = self.mathv("cells.l.jac", scale=sc, color=P.forget)
        y_j = -1.02
        jl.move_to([-1.3, y_j, 0])
        gj.move_to([-4.6, y_j, 0])
        lj.move_to([2.4, y_j, 0])
        mp = self.text("cells.map", size=L, color=P.input_gate).move_to([0, -1.5, 0])
        er = self.text("cells.erratum", size=S, color=P.muted)
        bad = self.mathv("cells.bad", scale=0.55, color=P.muted)
        errow = VGroup(er, bad).arrange(RIGHT, buff=0.25).move_to([0, -2.05, 0])
        strike = Line(bad.get_left(), bad.get_right(), color=P.exploded, stroke_width=3)
        box = DashedVMobject(Rectangle(width=errow.width + 0.4, height=errow.height + 0.16,
                                       color=P.exploded, stroke_width=2).move_to(errow),
                             num_dashes=90)
        self.show("gru_counts", gru[0])
        self.show("lstm_counts", lstm[0])
        self.say("cells.say")
        self.pace([FadeIn(gru[0]), FadeIn(lstm[0]), FadeIn(cites)],
                  [FadeIn(gru[1]), FadeIn(lstm[1])], [FadeIn(gru[2]), FadeIn(lstm[2])],
                  [FadeIn(gru[3]), FadeIn(lstm[3])], FadeIn(lstm[4]))
        self.say("cells.update.say")
        self.pace(Circumscribe(gru[3], color=P.hidden), Circumscribe(lstm[3], color=P.cell))
        self.say("cells.jac.say")
        self.pace(FadeIn(jl), [FadeIn(gj), FadeIn(lj)],
                  Circumscribe(VGroup(gj, lj), color=P.forget),
                  Circumscribe(lstm[4], color=P.cell))
        self.say("cells.note.say")
        # "Γ_u multiplies the candidate": 1 − z_t in the GRU, i_t in the LSTM / "the CS230
        # sheet writes ... a reset gate inside" / "the standard candidate has none"
        self.pace(Circumscribe(gru[3], color=P.input_gate), Circumscribe(lstm[3], color=P.input_gate),
                  FadeIn(mp), [Create(box), FadeIn(errow)], Create(strike),
                  Circumscribe(lstm[2], color=P.cell), Circumscribe(cites[1], color=P.muted))
        self.pace(Circumscribe(gru[0], color=P.hidden), Circumscribe(lstm[0], color=P.cell),
                  over=2.0)
        self.hold()
        self.clear_stage()

    # ----- beat 6 -------------------------------------------------------------------------
    def name(self):
        v = self.v
        self.claim("name", say=False)
        words = self.text("name.words", size=44, color=P.cell).move_to([0, 1.15, 0])
        # "long" | "short-term memory": the braces group the words as the hyphen does
        rest = VGroup(*words[len("long"):])
        b_short = Brace(rest, DOWN, color=P.hidden)
        b_long = Brace(words, UP, color=P.forget)
        t_short = self.text("name.short", size=L, color=P.hidden).next_to(b_short, DOWN, 0.1)
        t_long = self.text("name.long", size=L, color=P.forget).next_to(b_long, UP, 0.1)
        x0, unit = -3.0, 8.5 / max(v.reach_remember, v.reach_rnn or 1)
        axis = self.text("name.axis", size=S, color=P.muted).move_to([0.6, -0.55, 0])
        rl = self.text("name.rnn", size=L, color=P.gradient, m=Val("reach_rnn", "int"))
        gl = self.text("name.gate", size=L, color=P.forget, f=Val("row_gates[0]", "num"),
                       n=Val("reach_remember", "int"))
        rbar = Rectangle(width=max(v.reach_rnn * unit, 0.02), height=0.35, stroke_width=0,
                         fill_color=P.gradient, fill_opacity=0.85)
        gbar = Rectangle(width=v.reach_remember * unit, height=0.35, stroke_width=0,
                         fill_color=P.forget, fill_opacity=0.85)
        for lab, bar, y in ((rl, rbar, -1.2), (gl, gbar, -1.9)):
            bar.move_to([x0, y, 0], aligned_edge=LEFT)
            lab.move_to([x0 - 0.25, y, 0], aligned_edge=RIGHT)
        self.show("reach_rnn", rl)
        self.show("reach_remember", gl)
        hyphen = self.mark(words[len("longshort")], P.highlight, buff=0.06)
        self.say("name.say")
        self.pace(Write(words), Create(hyphen), [FadeOut(hyphen), GrowFromEdge(b_short, UP),
                                                FadeIn(t_short)],
                  [GrowFromEdge(b_long, DOWN), FadeIn(t_long)])
        self.say("name.reach.say", m=Val("reach_rnn", "int"), f=Val("row_gates[0]", "num"),
                 n=Val("reach_remember", "int"))
        self.pace(FadeIn(axis), [FadeIn(rl), GrowFromEdge(rbar, LEFT)],
                  [FadeIn(gl), GrowFromEdge(gbar, LEFT)])
        self.say("name.end.say")
        self.pace(Circumscribe(gbar, color=P.forget), Circumscribe(t_short, color=P.hidden))
        self.hold(2.0)
