"""The prehistory course page's sections in lecture order: ids, titles, scenes, typed
parameters, values.

Pure Python (no manim): :mod:`scenes.registry` chains this part after the LSTM chapter. Each
section's values function is named as ``"module:function"`` and imported when first called.
One block per section below, in lecture order.
"""

from __future__ import annotations

import importlib

from ..params import Param, Schema  # noqa: F401  (used by the sections' blocks)
from ..section import Section


def _values(ref: str):
    """The values function ``"mathcore.prehistory.module:function"``, imported on first use."""
    module, _, name = ref.partition(":")

    def compute(params: dict):
        return getattr(importlib.import_module(module), name)(params)

    compute.__qualname__ = compute.__name__ = name
    return compute


_M, _S = "mathcore.prehistory", "scenes.prehistory"

SECTIONS: tuple[Section, ...] = ()

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
