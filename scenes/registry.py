"""The lecture as an ordered list of sections: id, titles, scene class, parameter schema, values.

One registry feeds the CLI, the tests and the course page. Importing it does not import manim:
scene classes are named as ``"module:Class"`` and loaded on demand.
"""

from __future__ import annotations

from .params import Param, ParamError, Schema  # noqa: F401  (re-exported)
from .primer import registry as primer
from .section import Section, to_json

#: Every section in lecture order: the parts chained.
SECTIONS: tuple[Section, ...] = primer.SECTIONS


def ids() -> list[str]:
    """Section ids in lecture order."""
    return [s.id for s in SECTIONS]


def get(section_id: str) -> Section:
    """The section with this id; a ParamError naming the allowed ids otherwise."""
    for s in SECTIONS:
        if s.id == section_id:
            return s
    raise ParamError(f"unknown section {section_id!r}; allowed: {', '.join(ids())}")


__all__ = ["SECTIONS", "Section", "get", "ids", "to_json", "ParamError"]
