"""The LSTM chapter's eight sections in lecture order: ids, titles, scenes, typed parameters,
values.

Pure Python (no manim): :mod:`scenes.registry` chains this part after the primer. Each section's
values function is named as ``"module:function"`` and imported when first called.
"""

from __future__ import annotations

from ..params import Param, Schema
from ..section import Section, lazy_values


_values = lazy_values


# ----- L1 why ----------------------------------------------------------------------------
_LSTM_01 = Schema((
    Param("steps", "int", 40, "time steps the RNN and the LSTM read (input only at step 1)",
          min=2, max=120,
          doc_zh="RNN 和 LSTM 读入的时间步数（只有第 1 步有输入）"),
    Param("forget_bias", "float", -1.0, "forget bias of the second (turned) LSTM run",
          min=-5.0, max=5.0,
          doc_zh="第二次（调过的）LSTM 运行的遗忘门偏置"),
    Param("base_forget_bias", "float", 3.0, "forget bias of the first LSTM run (f near 1)",
          min=-5.0, max=5.0,
          doc_zh="第一次 LSTM 运行的遗忘门偏置（f 接近 1）"),
    Param("seed", "int", 0, "seed of both cells' weights", min=0, max=2**32 - 1,
          doc_zh="两个单元权重的随机种子"),
))

# ----- L2 cell ---------------------------------------------------------------------------
_LSTM_02 = Schema((
    Param("x", "float", 0.5, "the current input x_t", min=-3.0, max=3.0,
          doc_zh="当前输入 x_t"),
    Param("h_prev", "float", 0.2, "the previous hidden state h_{t-1}", min=-1.0, max=1.0,
          doc_zh="上一步隐藏状态 h_{t-1}"),
    Param("c_prev", "float", 0.6, "the previous cell state c_{t-1}", min=-5.0, max=5.0,
          doc_zh="上一步细胞状态 c_{t-1}"),
))

# ----- L3 conveyor -----------------------------------------------------------------------
_LSTM_03 = Schema((
    Param("old", "float", -0.29, "cell value before the step (c_{t-1})", min=-5.0, max=5.0,
          doc_zh="这一步之前的细胞值（c_{t-1}）"),
    Param("forget", "float", 0.36, "forget gate f of the step", min=0.0, max=1.0,
          doc_zh="这一步的遗忘门 f"),
    Param("written", "float", 0.19, "what the step writes, i·g", min=-1.0, max=1.0,
          doc_zh="这一步写入的量 i·g"),
))

# ----- L4 sandbox ------------------------------------------------------------------------
_LSTM_04 = Schema((
    Param("forget", "float", 0.9, "forget gate f held over the sentence", min=0.0, max=1.0,
          doc_zh="整句保持不变的遗忘门 f"),
    Param("input", "float", 0.6, "input gate i held over the sentence", min=0.0, max=1.0,
          doc_zh="整句保持不变的输入门 i"),
    Param("output", "float", 0.8, "output gate o held over the sentence", min=0.0, max=1.0,
          doc_zh="整句保持不变的输出门 o"),
))

# ----- L5 trace --------------------------------------------------------------------------
_LSTM_05 = Schema((
    Param("forget", "float", 0.75, "forget gate of the half-life beat", min=0.01, max=0.999,
          doc_zh="半衰期那一拍的遗忘门"),
))

# ----- L6 gru ----------------------------------------------------------------------------
_LSTM_06 = Schema((
    Param("x", "float", 0.5, "the current input x_t", min=-3.0, max=3.0,
          doc_zh="当前输入 x_t"),
    Param("h_prev", "float", 0.4, "the previous hidden state h_{t-1}", min=-1.0, max=1.0,
          doc_zh="上一步隐藏状态 h_{t-1}"),
))

# ----- L7 variants -----------------------------------------------------------------------
_LSTM_07 = Schema((
    Param("h", "int", 512, "hidden size h", min=1, max=65536,
          doc_zh="隐藏层大小 h"),
    Param("d", "int", 512, "input size d", min=1, max=65536,
          doc_zh="输入大小 d"),
    Param("steps", "int", 8, "time steps T of the waiting timeline", min=2, max=64,
          doc_zh="等待时间线的时间步数 T"),
))

# ----- L8 ledger -------------------------------------------------------------------------
_LSTM_08 = Schema((
    Param("h", "int", 512, "hidden size h", min=1, max=65536,
          doc_zh="隐藏层大小 h"),
    Param("d", "int", 512, "input size d", min=1, max=65536,
          doc_zh="输入大小 d"),
    Param("layers", "int", 16, "stacked LSTM layers (GNMT: 8 encoder + 8 decoder)",
          min=1, max=1024,
          doc_zh="堆叠的 LSTM 层数（GNMT：编码器 8 层 + 解码器 8 层）"),
))

_M, _S = "mathcore.lstm_chapter", "scenes.lstm_chapter"

SECTIONS: tuple[Section, ...] = (
    Section("lstm-01-why", "L1", {"zh": "为什么需要 LSTM", "en": "Why the LSTM"},
            f"{_S}.why:Why", _LSTM_01, _values(f"{_M}.why:why_values")),
    Section("lstm-02-cell", "L2", {"zh": "一个 LSTM 单元", "en": "One LSTM cell"},
            f"{_S}.cell:Cell", _LSTM_02, _values(f"{_M}.cell:cell_values")),
    Section("lstm-03-conveyor", "L3", {"zh": "传送带：打折再入账", "en": "The conveyor: discount, then deposit"},
            f"{_S}.conveyor:Conveyor", _LSTM_03, _values(f"{_M}.conveyor:conveyor_values")),
    Section("lstm-04-sandbox", "L4", {"zh": "门控沙盘", "en": "The gate sandbox"},
            f"{_S}.sandbox:Sandbox", _LSTM_04, _values(f"{_M}.sandbox:sandbox_values")),
    Section("lstm-05-trace", "L5", {"zh": "门沿 token 逐个展开", "en": "Gates, token by token"},
            f"{_S}.trace:Trace", _LSTM_05, _values(f"{_M}.trace:trace_values")),
    Section("lstm-06-gru", "L6", {"zh": "GRU：两个门，一条状态", "en": "GRU: two gates, one state"},
            f"{_S}.gru:GRU", _LSTM_06, _values(f"{_M}.gru:gru_values")),
    Section("lstm-07-variants", "L7", {"zh": "变体与代价", "en": "Variants and their price"},
            f"{_S}.variants:Variants", _LSTM_07, _values(f"{_M}.variants:variants_values")),
    Section("lstm-08-ledger", "L8", {"zh": "这一章的账本", "en": "The chapter's ledger"},
            f"{_S}.ledger:Ledger", _LSTM_08, _values(f"{_M}.ledger:ledger_values")),
)
