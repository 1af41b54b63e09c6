"""The prehistory course page's sections in lecture order: ids, titles, scenes, typed
parameters, values.

Pure Python (no manim): :mod:`scenes.registry` chains this part after the LSTM chapter. Each
section's values function is named as ``"module:function"`` and imported when first called.
One block per section below, in lecture order.
"""

from __future__ import annotations

from ..params import Param, Schema  # noqa: F401  (used by the sections' blocks)
from ..section import Section, lazy_values


_values = lazy_values


# ----- P1 construction ------------------------------------------------------------------
_PRE_01 = Schema((
    Param("window", "int", 3, "tokens the fixed-window language model reads", min=1, max=64,
          doc_zh="定长窗口语言模型读入的 token 数"),
    Param("t_max", "int", 64, "length T_max every sequence is padded to (and layers of step 2)",
          min=2, max=4096,
          doc_zh="所有序列补零到的长度 T_max（也是第二步的层数）"),
    Param("length", "int", 12, "length of a real sequence in the padded input (at most t_max)",
          min=1, max=4096,
          doc_zh="补零输入里一条真实序列的长度（不超过 t_max）"),
    Param("d", "int", 128, "state width d", min=1, max=65536,
          doc_zh="状态宽度 d"),
    Param("d_x", "int", 64, "input width d_x", min=1, max=65536,
          doc_zh="输入宽度 d_x"),
    Param("lm_seed", "int", 7, "seed of the untrained language model's weights",
          min=0, max=2**32 - 1,
          doc_zh="未训练语言模型权重的随机种子"),
))

_M, _S = "mathcore.prehistory", "scenes.prehistory"

SECTIONS: tuple[Section, ...] = (
    Section("pre-01-construction", "P1",
            {"zh": "从定长窗口到循环网络", "en": "From a fixed window to the RNN"},
            f"{_S}.construction:Construction", _PRE_01,
            _values(f"{_M}.construction:construction_values")),
)

# ----- P5 deep and bidirectional -------------------------------------------------------------
_P05 = Schema((
    Param("steps", "int", 6, "tokens T of the reach matrices (outputs by inputs)", min=2, max=10,
          doc_zh="可达矩阵的 token 数 T（输出 × 输入）"),
    Param("layers", "int", 2, "stacked layers L of the deep RNN", min=1, max=6,
          doc_zh="深层 RNN 堆叠的层数 L"),
    Param("reach_seed", "int", 5, "seed of the tiny RNN whose derivatives give the reach",
          min=0, max=2**32 - 1,
          doc_zh="给出可达矩阵的小 RNN 的随机种子（看它的导数是否为零）"),
    Param("vocab", "int", 50000, "vocabulary size |V| of the output projection",
          min=1, max=1_000_000,
          doc_zh="输出投影的词表大小 |V|"),
    Param("d", "int", 1024, "hidden width d projected to the vocabulary", min=1, max=16384,
          doc_zh="投影到词表的隐藏宽度 d"),
    Param("proj", "int", 256, "width r of the projection p (Sak et al. 2014)", min=1, max=16384,
          doc_zh="投影层 p 的宽度 r（Sak 等，2014）"),
    Param("pool_steps", "int", 16, "tokens n of the pooling example", min=2, max=40,
          doc_zh="池化例子的 token 数 n"),
    Param("pool_rho", "float", 0.6, "largest singular value of the pooling example's W_h",
          min=0.04, max=1.0,
          doc_zh="池化例子中 W_h 的最大奇异值"),
    Param("pool_seed", "int", 3, "seed of the pooling example's weights and tokens",
          min=0, max=2**32 - 1,
          doc_zh="池化例子的权重和 token 的随机种子"),
))

SECTIONS += (
    Section("pre-05-deep-bidirectional", "P5",
            {"zh": "双向与堆叠，投影与池化", "en": "Bidirectional and stacked, projection and pooling"},
            f"{_S}.deep:DeepBidirectional", _P05, _values(f"{_M}.deep:deep_values")),
)

# ----- P3 spectral ---------------------------------------------------------------------------
_PRE_03 = Schema((
    Param("d", "int", 16, "width d of the state and of the d × d matrix W_h", min=2, max=64,
          doc_zh="状态的宽度 d，也是 d × d 矩阵 W_h 的大小"),
    Param("T", "int", 100, "steps T of the unroll (and of the backward pass)", min=2, max=400,
          doc_zh="展开的步数 T（反向也走这么多步）"),
    Param("rhos", "floats", (0.5, 1.0, 1.5),
          "the three target spectral radii of W_h (sorted ascending before the runs)",
          min=0.5, max=2.0, length=3,
          doc_zh="W_h 的三个目标谱半径（运行前按从小到大排序）"),
    Param("tau", "float", 5.0, "global-norm clipping threshold τ", min=0.1, max=1000.0,
          doc_zh="全局范数裁剪阈值 τ"),
    Param("seed", "int", 42, "seed of the page's generator (lab 1 draws from it first)",
          min=0, max=2**32 - 1,
          doc_zh="页面随机数生成器的种子（第 1 级实验先从中取数）"),
    Param("activation", "choice", "tanh",
          "activation of the runs (the other one is run on the same draws to compare)",
          choices=("tanh", "linear"),
          doc_zh="运行所用的激活函数（另一种在同样的抽样上跑一遍作对照）"),
))

SECTIONS += (
    Section("pre-03-spectral", "P3", {"zh": "谱半径：病根做成曲线",
                                      "en": "The spectral radius, as curves"},
            f"{_S}.spectral:Spectral", _PRE_03, _values(f"{_M}.spectral:spectral_values")),
)

# ----- P2 BPTT: the sum over time, the ordered product, the page's first lab, the asymmetry
_PRE_02 = Schema((
    Param("steps", "int", 8, "steps T of the small RNN (width 3) unrolled and walked back",
          min=2, max=12,
          doc_zh="小 RNN（宽度 3）展开并反向走过的步数 T"),
    Param("rnn_seed", "int", 7, "seed of the small RNN's weights, tokens and first state",
          min=0, max=2**32 - 1,
          doc_zh="小 RNN 的权重、token 和初始状态的随机种子"),
    Param("radius", "float", 0.8, "spectral radius W_h is scaled to", min=0.0, max=1.5,
          doc_zh="W_h 被缩放到的谱半径"),
    Param("factors", "int", 500, "factors per group in the page's first lab", min=1, max=5000,
          doc_zh="页面第 1 级实验中每组因子的个数"),
    Param("seed", "int", 42, "seed of the lab's one generator (the page's 42)",
          min=0, max=2**32 - 1,
          doc_zh="实验唯一随机数生成器的种子（页面用 42）"),
    Param("clip_threshold", "float", 5.0, "clipping threshold the two products are clipped at",
          min=1.0, max=1e6,
          doc_zh="两个乘积被裁剪时所用的阈值"),
))
_BLOCKS_P2 = (
    Section("pre-02-bptt", "P2",
            {"zh": "沿时间反向传播：求和与连乘", "en": "Backpropagation through time: a sum and a product"},
            f"{_S}.bptt:Bptt", _PRE_02, _values(f"{_M}.bptt:bptt_values")),
)
SECTIONS = SECTIONS + _BLOCKS_P2

# ----- P4 gating ---------------------------------------------------------------------------
_PRE_04 = Schema((
    Param("clip_threshold", "float", 5.0, "clipping threshold τ (the page's usual default, 5.0)",
          min=0.05, max=1000.0,
          doc_zh="裁剪阈值 τ（课程页说的常用缺省值 5.0）"),
    Param("start", "float", 3.5, "θ_0 where both descents on the toy cliff start",
          min=2.0, max=4.0,
          doc_zh="两次下降在玩具悬崖上的起点 θ_0"),
    Param("descent_steps", "int", 15, "gradient-descent steps of each run", min=1, max=40,
          doc_zh="每次下降的梯度步数"),
    Param("steps", "int", 60, "steps k of the Jacobian products", min=1, max=100,
          doc_zh="雅可比连乘的步数 k"),
    Param("remember", "float", 0.99, "the 'remember all' gate f (near 1)", min=0.8, max=0.999,
          doc_zh="“全记住”的门 f（接近 1）"),
    Param("gate", "float", 0.9, "the circuit's middle gate f", min=0.01, max=0.999,
          doc_zh="电路中间那一行的门 f"),
    Param("forget", "float", 0.01, "the 'forget all' gate f (near 0)", min=0.001, max=0.2,
          doc_zh="“全遗忘”的门 f（接近 0）"),
    Param("rnn_scale", "float", 0.9, "every singular value of the plain RNN's W_h",
          min=0.5, max=1.0,
          doc_zh="普通 RNN 的 W_h 的每个奇异值"),
    Param("residual_scale", "float", 0.3, "norm of the residual block's weight A in F = tanh(A x)",
          min=0.0, max=1.0,
          doc_zh="残差块 F = tanh(A x) 中权重 A 的范数"),
))

SECTIONS += (
    Section("pre-04-gating", "P4",
            {"zh": "裁剪与门控：从修补到换架构", "en": "Clipping and gates: from a patch to a new cell"},
            f"{_S}.gating:Gating", _PRE_04, _values(f"{_M}.gating:gating_values")),
)

# ----- P7 seq2seq ----------------------------------------------------------------------------
_PRE_07 = Schema((
    Param("hidden", "int", 64, "width H of the encoder–decoder: the fixed vector's size",
          min=16, max=64, trains=True,
          doc_zh="编码器-解码器的宽度 H：固定向量的大小"),
    Param("epochs", "int", 50, "training epochs (40 batches of 32 digit strings each)",
          min=10, max=60, trains=True,
          doc_zh="训练轮数（每轮 40 批，每批 32 个数字串）"),
    Param("seed", "int", 0, "seed of the weights and of the training strings",
          min=0, max=2**32 - 1, trains=True,
          doc_zh="权重和训练数字串的随机种子"),
    Param("beam_width", "int", 3, "beam width B (1 is greedy)", min=1, max=10,
          doc_zh="束宽 B（1 即贪心）"),
    Param("alpha", "float", 0.7, "length-normalisation exponent α (score = log P / T_y^α)",
          min=0.0, max=1.5,
          doc_zh="长度归一化指数 α（得分 = log P / T_y^α）"),
    Param("example_length", "int", 6, "source length of the example searched step by step",
          min=3, max=12,
          doc_zh="逐步演示束搜索的例子的源长度"),
    Param("sample_seed", "int", 1, "seed of the evaluation strings, the example and the sample "
          "searched for failures", min=0, max=2**32 - 1,
          doc_zh="评估数字串、例子和找错样本的随机种子"),
    Param("candidate", "text", "7 7 7 2 9 4 1", "BLEU's candidate (whitespace tokens)",
          min=1, max=60, doc_zh="BLEU 的候选译文（按空格切分）"),
    Param("reference", "text", "7 2 9 4 1 8", "BLEU's reference (whitespace tokens)",
          min=1, max=60, doc_zh="BLEU 的参考译文（按空格切分）"),
))

SECTIONS += (
    Section("pre-07-seq2seq", "P7",
            {"zh": "seq2seq：解码与固定向量瓶颈",
             "en": "seq2seq: decoding and the fixed-vector bottleneck"},
            f"{_S}.seq2seq:Seq2Seq", _PRE_07, _values(f"{_M}.seq2seq:seq2seq_values")),
)

#: in lecture order (P1, P2, …), whatever order the blocks above are written in
SECTIONS = tuple(sorted(SECTIONS, key=lambda s: int(s.number[1:])))
