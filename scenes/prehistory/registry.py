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
