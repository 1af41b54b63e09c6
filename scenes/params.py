"""Typed scene parameters: parsing ``NAME=VALUE`` strings and checking bounds.

Pure Python (no manim): the CLI validates every parameter before any rendering starts.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any


class ParamError(ValueError):
    """A parameter name, type or value that the section does not accept (one-line message)."""


#: How many characters of a value an error line echoes (the rest is counted, not shown).
SHOWN_CHARS = 60

#: The text forms ``--set`` accepts: ASCII digits only (no ``１２``, ``١٢``), no ``_``
#: separators, no ``nan``/``inf`` spellings, no hex (Python's ``int``/``float`` take all of
#: them).
_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_FLOAT_TEXT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
#: A ``text`` parameter: words of letters (any script) or digits and the punctuation . , ' - ? !
#: separated by single spaces; no control characters, no markup, nothing LaTeX reads.
_TEXT_WORD = re.compile(r"(?:[^\W_]|[.,'?!-])+")


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``value`` as an error line echoes it: control and other unprintable characters escaped
    (``\\n``, ``\\x1b``, ``\\u2028``), so the line stays one line, and at most ``limit``
    characters of it, then ``…`` and the whole length."""
    if isinstance(value, int) and value.bit_length() > 10_000:  # str() refuses > 4300 digits
        text = f"an integer of {value.bit_length()} bits"
    else:
        text = value if isinstance(value, str) else str(value)
    n = len(text)
    head = text[:limit]
    if not head.isprintable():
        head = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                       for c in head)
    return head if n <= limit else f"{head}… ({n} characters)"


@dataclass(frozen=True)
class Param:
    """One typed, bounded parameter of a section.

    Attributes
    ----------
    name : str
    kind : {"float", "int", "choice", "floats", "text"}
        ``floats`` is a comma-separated list of numbers of length ``length``; ``text`` a line
        of words (letters of any script, digits, ``. , ' - ? !``) separated by single spaces,
        ``min`` to ``max`` characters long.
    default : Any
    doc : str
        One line, English (code-style names such as ``W_h``; pages show them as Wₕ).
    doc_zh : str
        The same line in Chinese, for the viewer of the Chinese lecture.
    min, max : float, optional
        Inclusive bounds (for ``floats``: on every element).
    choices : tuple of str
        Allowed values for ``choice``.
    length : int, optional
        Required list length for ``floats``.
    trains : bool
        Changing it retrains a model (:mod:`mathcore.train_cache`): seconds to a minute on a
        cold cache, nothing on a warm one. The harness draws such a parameter from its default
        and its minimum only, so a test run trains a bounded number of models.
    """

    name: str
    kind: str
    default: Any
    doc: str
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    length: int | None = None
    doc_zh: str = ""
    trains: bool = False

    def doc_in(self, lang: str) -> str:
        """The description in ``lang`` ("zh" or "en"; English where no Chinese one is
        given)."""
        return self.doc_zh if lang == "zh" and self.doc_zh else self.doc

    def allowed(self) -> str:
        """Human description of what is allowed."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "text":
            return (f"words of letters, digits or . , ' - ? ! separated by single spaces, "
                    f"{_num(self.min)} to {_num(self.max)} characters")
        what = {"float": "a number", "int": "a whole number",
                "floats": f"{self.length} comma-separated numbers"}[self.kind]
        if self.min is not None and self.max is not None:
            what += f" from {_num(self.min)} to {_num(self.max)}"
        elif self.min is not None:
            what += f" >= {_num(self.min)}"
        elif self.max is not None:
            what += f" <= {_num(self.max)}"
        return what

    def _bad(self, raw: Any) -> ParamError:
        return ParamError(f"parameter {self.name}={shown(raw)}: expected {self.allowed()}")

    def parse(self, raw: str) -> Any:
        """Turn the text of ``--set NAME=VALUE`` into a checked value.

        Numbers are ASCII: ``12``, ``-0.5``, ``1e-3``; full-width or other scripts' digits,
        ``_`` separators and ``nan``/``inf`` are refused, not read as numbers. Spaces around
        the value (and around each item of a list) are ignored; a choice is matched exactly.
        """
        raw = raw.strip()
        if self.kind == "float":
            if not _FLOAT_TEXT.fullmatch(raw):
                raise self._bad(raw)
            value: Any = float(raw)
        elif self.kind == "int":
            if not _INT_TEXT.fullmatch(raw):
                raise self._bad(raw)
            try:
                value = int(raw)
            except ValueError:  # more digits than Python converts
                raise self._bad(raw) from None
        elif self.kind == "floats":
            items = [p.strip() for p in raw.split(",")]
            if not all(_FLOAT_TEXT.fullmatch(p) for p in items):
                raise self._bad(raw)
            value = tuple(float(p) for p in items)
        else:
            value = raw
        return self.check(value, raw)

    def check(self, value: Any, raw: Any = None) -> Any:
        """Validate an already-typed value (from a config file, say); return it normalised.

        A config value has its file's type: a number for ``int`` and ``float`` (an ``int``
        also takes a float with no fraction, ``12.0``), a string for ``choice``, a list of
        numbers for ``floats``. Booleans are not numbers, strings are not parsed.
        """
        raw = value if raw is None else raw
        if self.kind == "text":
            if not isinstance(value, str):
                raise self._bad(raw)
            words = value.split(" ")
            if (not self.min <= len(value) <= self.max
                    or not all(_TEXT_WORD.fullmatch(w) for w in words)):
                raise self._bad(raw)
            return value
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise self._bad(raw)
            return value
        if self.kind == "floats":
            if not isinstance(value, (list, tuple)) or not all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
                raise self._bad(raw)
            try:
                items = tuple(float(v) for v in value)
            except OverflowError:  # an int too large for a float
                raise self._bad(raw) from None
            if len(items) != self.length or not all(self._in_range(v) for v in items):
                raise self._bad(raw)
            return items
        if isinstance(value, bool):
            raise self._bad(raw)
        if self.kind == "int":
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if not isinstance(value, int):
                raise self._bad(raw)
        else:
            if not isinstance(value, (int, float)):
                raise self._bad(raw)
            try:
                value = float(value)
            except OverflowError:  # an int too large for a float
                raise self._bad(raw) from None
        if not self._in_range(value):
            raise self._bad(raw)
        return value

    def _in_range(self, v: float) -> bool:
        if not math.isfinite(v):
            return False
        if self.min is not None and v < self.min:
            return False
        return not (self.max is not None and v > self.max)

    def describe(self, lang: str = "en") -> dict:
        """JSON-ready description of the parameter, its ``doc`` in ``lang``."""
        d = {"name": self.name, "type": self.kind, "default": _jsonable(self.default),
             "doc": self.doc_in(lang), "allowed": self.allowed()}
        if self.min is not None:
            d["min"] = self.min
        if self.max is not None:
            d["max"] = self.max
        if self.choices:
            d["choices"] = list(self.choices)
        if self.length is not None:
            d["length"] = self.length
        return d


@dataclass(frozen=True)
class Schema:
    """The ordered parameters of one section."""

    params: tuple[Param, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        return [p.name for p in self.params]

    def get(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise ParamError(f"unknown parameter '{shown(name)}'; allowed: "
                         f"{', '.join(self.names())}")

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def resolve(self, overrides: dict[str, Any] | None = None, *, from_text: bool = False) -> dict:
        """Defaults updated by ``overrides`` (strings parsed if ``from_text``), every value checked."""
        values = self.defaults()
        for name, raw in (overrides or {}).items():
            p = self.get(name)
            values[name] = p.parse(raw) if from_text else p.check(raw)
        return values


def parse_assignments(items) -> dict[str, str]:
    """``["w_h=0.9", ...]`` to ``{"w_h": "0.9"}``; a missing ``=`` is a ParamError."""
    out: dict[str, str] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ParamError(f"--set '{shown(item)}': expected NAME=VALUE")
        out[name.strip()] = value
    return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v
