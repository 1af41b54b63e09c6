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

# ----- P10 gradcheck: the page's third lab (BPTT against central differences) and the recap
_PRE_10 = Schema((
    Param("d_h", "int", 8, "width d_h of the hidden state (W_h is d_h × d_h)", min=5, max=32,
          doc_zh="隐藏状态的宽度 d_h（W_h 是 d_h × d_h）"),
    Param("d_x", "int", 4, "width d_x of each input x_t", min=1, max=16,
          doc_zh="每个输入 x_t 的宽度 d_x"),
    Param("T", "int", 12, "steps T of the sequence (one loss term per step)", min=2, max=50,
          doc_zh="序列的步数 T（每步一项损失）"),
    Param("seed", "int", 0, "seed of the inputs, targets, weights and the sampled entries",
          min=0, max=2**32 - 1,
          doc_zh="输入、目标、权重和抽样分量的随机种子"),
    Param("samples", "int", 6, "entries of W_h checked by central differences (a table row "
          "each)", min=1, max=8,
          doc_zh="用中心差分检查的 W_h 分量个数（表中每个一行）"),
))

SECTIONS += (
    Section("pre-10-lab", "P10",
            {"zh": "手写 BPTT 对拍中心差分；全篇回顾",
             "en": "BPTT checked by central differences; the recap"},
            f"{_S}.gradcheck:GradCheck", _PRE_10, _values(f"{_M}.gradcheck:gradcheck_values")),
)

# ----- P8 Bahdanau attention -------------------------------------------------------------------
# The two trained models are P7's (mathcore.prehistory.translate, DEFAULT_ATTENTION and
# DEFAULT_PLAIN): the defaults here train the same keys, so the two sections share them.
_PRE_08 = Schema((
    Param("hidden", "int", 32, "state width H of the model with attention",
          min=4, max=48, trains=True,
          doc_zh="有注意力的模型的状态宽度 H"),
    Param("plain_hidden", "int", 64, "state width of the model without attention (its one vector)",
          min=4, max=96, trains=True,
          doc_zh="无注意力的模型的状态宽度（它唯一的那个向量）"),
    Param("epochs", "int", 50, "training epochs of both models (40 batches of 32 strings each)",
          min=1, max=60, trains=True,
          doc_zh="两个模型的训练轮数（每轮 40 批，每批 32 个串）"),
    Param("seed", "int", 0, "seed of both models' weights and training strings",
          min=0, max=2**32 - 1, trains=True,
          doc_zh="两个模型的权重和训练串的随机种子"),
    Param("source_length", "int", 8, "source words T_x of the example drawn in the heat map",
          min=3, max=10,
          doc_zh="热图里例子的源词个数 T_x"),
    Param("example_seed", "int", 3, "seed of the example's digits", min=0, max=2**32 - 1,
          doc_zh="例子中数字的随机种子"),
    Param("eval_n", "int", 100, "fresh strings per source length for the accuracy curves "
          "(pre-07's curve uses 100)", min=1, max=200,
          doc_zh="正确率曲线上每个源句长度的新测试串个数（pre-07 的曲线用 100 个）"),
    Param("sample_seed", "int", 1, "seed of the accuracy curves' fresh strings (with pre-07's "
          "defaults, the same strings as its curve)", min=0, max=2**32 - 1,
          doc_zh="正确率曲线新测试串的随机种子（与 pre-07 默认值相同时，就是它曲线用的那些串）"),
))

SECTIONS += (
    Section("pre-08-bahdanau", "P8",
            {"zh": "Bahdanau 注意力：瓶颈的补丁", "en": "Bahdanau attention: a patch for the bottleneck"},
            f"{_S}.bahdanau:Bahdanau", _PRE_08, _values(f"{_M}.bahdanau:bahdanau_values")),
)

# ----- P6 word2vec ---------------------------------------------------------------------------
# Every parameter retrains skip-gram (mathcore.train_cache); the bounds keep a cold retrain
# under a minute on one core (the largest setting measured in the section's commit).
_PRE_06 = Schema((
    Param("dim", "int", 50, "width d of the word vectors", min=4, max=64, trains=True,
          doc_zh="词向量的维度 d"),
    Param("window", "int", 5, "largest window w (each position draws its own width 1..w)",
          min=1, max=8, trains=True,
          doc_zh="最大窗口 w（每个位置在 1..w 中抽取自己的宽度）"),
    Param("negatives", "int", 5, "noise words k per pair (drawn in proportion to count to the power 0.75)", min=1, max=10,
          trains=True,
          doc_zh="每个正样本对配的噪声词数 k（按词频的 0.75 次幂抽取）"),
    Param("epochs", "int", 10, "passes over the corpus", min=1, max=12, trains=True,
          doc_zh="遍历语料的轮数"),
    Param("min_count", "int", 3, "a word is kept if seen this many times or more", min=2,
          max=20, trains=True,
          doc_zh="出现次数不少于这个值的词才进词表"),
    Param("seed", "int", 1, "seed of the initial vectors, the windows, the order and the noise",
          min=0, max=2**32 - 1, trains=True,
          doc_zh="初始向量、窗口宽度、样本顺序和噪声词的随机种子"),
))

SECTIONS += (
    Section("pre-06-word2vec", "P6",
            {"zh": "词向量：word2vec 学出的静态词义",
             "en": "Word vectors: word2vec and static distributional meaning"},
            f"{_S}.word2vec:Word2Vec", _PRE_06, _values(f"{_M}.word2vec:word2vec_values")),
)

# ----- P9 lineage -----------------------------------------------------------------------------
_PRE_09 = Schema((
    Param("steps", "int", 8, "positions T of the path, chain and causal-mask pictures",
          min=2, max=16,
          doc_zh="路径、依赖链和因果掩码图中的位置数 T"),
    Param("d", "int", 512, "model width d (state width of the RNN, key width of attention)",
          min=2, max=8192,
          doc_zh="模型宽度 d（RNN 的状态宽度，注意力的键宽度）"),
    Param("T", "int", 4096, "sequence length T of the cost row (the sweep runs past it)",
          min=1, max=65536,
          doc_zh="成本一行的序列长度 T（扫描会越过它）"),
    Param("context", "int", 32768, "context length of the memory row (tokens held)",
          min=1, max=2**20,
          doc_zh="显存一行的上下文长度（保留的 token 数）"),
    Param("layers", "int", 24, "layers of both models in the memory row", min=1, max=256,
          doc_zh="显存一行中两种模型的层数"),
    Param("bytes_per_number", "int", 2, "bytes per stored number (2 = fp16 or bf16)",
          min=1, max=8,
          doc_zh="每个存储数的字节数（2 即 fp16 或 bf16）"),
    Param("cell", "choice", "lstm", "recurrent cell whose state is counted (LSTM: h and c)",
          choices=("lstm", "gru"),
          doc_zh="计入状态的循环单元（LSTM 存 h 和 c）"),
    Param("gate", "float", 0.95, "forget gate f held along the chain of the gradient row",
          min=0.5, max=0.999,
          doc_zh="梯度一行中沿链保持不变的遗忘门 f"),
    Param("chain", "int", 200, "steps k the gradient row walks back along the cell",
          min=2, max=500,
          doc_zh="梯度一行沿细胞状态反向走的步数 k"),
    Param("order_seed", "int", 9, "seed of the position row's tokens and weights",
          min=0, max=2**32 - 1,
          doc_zh="位置一行中 token 和权重的随机种子"),
))

SECTIONS += (
    Section("pre-09-lineage", "P9",
            {"zh": "与 Transformer 的血缘对照", "en": "The lineage: RNN against Transformer"},
            f"{_S}.lineage:Lineage", _PRE_09, _values(f"{_M}.lineage:lineage_values")),
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
