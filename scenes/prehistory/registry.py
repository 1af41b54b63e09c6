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
