"""A section of the lecture: id, titles, scene class, parameter schema and values.

Pure Python: importing this does not import manim.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from .params import Schema


@dataclass(frozen=True)
class Section:
    """One section video of the lecture."""

    id: str
    number: str
    title: dict
    scene: str
    schema: Schema
    compute: Callable[[dict], Any]

    def resolve(self, overrides: dict | None = None, *, from_text: bool = False) -> dict:
        """Checked parameters: defaults updated by ``overrides``."""
        return self.schema.resolve(overrides, from_text=from_text)

    def values(self, params: dict | None = None):
        """The section's computed values (a frozen dataclass) for resolved ``params``."""
        return self.compute(self.resolve(params) if params is None else params)

    def values_json(self, params: dict) -> dict:
        """``{"section", "params", "values"}`` with JSON-safe numbers."""
        return {"section": self.id, "params": to_json(params),
                "values": to_json(dataclasses.asdict(self.values(params)))}

    def scene_class(self):
        """Import and return the Manim scene class (imports manim)."""
        module, _, name = self.scene.partition(":")
        return getattr(importlib.import_module(module), name)


def lazy_values(ref: str) -> Callable[[dict], Any]:
    """The values function ``"mathcore.<part>.module:function"``, imported on first use (a
    part's registry names its sections' values without importing every mathcore module)."""
    module, _, name = ref.partition(":")

    def compute(params: dict):
        return getattr(importlib.import_module(module), name)(params)

    compute.__qualname__ = compute.__name__ = name
    return compute


def to_json(v: Any) -> Any:
    """Numbers, arrays, tuples and dicts to JSON-ready values; non-finite floats as strings."""
    if isinstance(v, dict):
        return {k: to_json(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    if isinstance(v, np.ndarray):
        return to_json(v.tolist())
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if math.isnan(f):
            return "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        return f
    return v
