"""The lecture as an ordered list of sections: id, titles, scene class, parameter schema, values.

One registry feeds the CLI, the tests and the course page. Importing it does not import manim:
scene classes are named as ``"module:Class"`` and loaded on demand.
"""

from __future__ import annotations

from .params import Param, ParamError, Schema, shown  # noqa: F401  (re-exported)
from .lstm_chapter import registry as lstm_chapter
from .prehistory import registry as prehistory
from .primer import registry as primer
from .section import Section, to_json

#: The lecture's parts in order: (id, titles, sections).
PARTS: tuple[tuple[str, dict, tuple[Section, ...]], ...] = (
    ("primer", {"zh": "入门：从循环到注意力", "en": "Primer: from the loop to attention"},
     primer.SECTIONS),
    ("lstm", {"zh": "LSTM 一章：会取舍的记忆", "en": "The LSTM chapter: a memory that chooses"},
     lstm_chapter.SECTIONS),
    ("prehistory", {"zh": "前史：从循环网络到注意力", "en": "Prehistory: from recurrent nets to attention"},
     prehistory.SECTIONS),
)

#: Every section in lecture order: the parts chained.
SECTIONS: tuple[Section, ...] = tuple(s for _, _, part in PARTS for s in part)


def ids() -> list[str]:
    """Section ids in lecture order."""
    return [s.id for s in SECTIONS]


def _unknown(section_id: str) -> ParamError:
    """One line for an unknown id: the closest ids, and where the whole list is (24 ids in a
    line would be longer than a terminal's screen is wide)."""
    import difflib

    near = difflib.get_close_matches(str(section_id), ids(), n=3, cutoff=0.5)
    hint = f"did you mean {', '.join(near)}? " if near else ""
    return ParamError(f"unknown section '{shown(section_id)}'; {hint}allowed: the "
                      f"{len(SECTIONS)} ids that `rnn-lecture list` prints ({ids()[0]} … "
                      f"{ids()[-1]})")


def part_of(section_id: str) -> str:
    """The id of the part a section belongs to."""
    for pid, _, part in PARTS:
        if any(s.id == section_id for s in part):
            return pid
    raise _unknown(section_id)


def get(section_id: str) -> Section:
    """The section with this id; a ParamError naming the allowed ids otherwise."""
    for s in SECTIONS:
        if s.id == section_id:
            return s
    raise _unknown(section_id)


__all__ = ["PARTS", "SECTIONS", "Section", "get", "ids", "part_of", "to_json", "ParamError"]
