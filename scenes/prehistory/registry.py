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
