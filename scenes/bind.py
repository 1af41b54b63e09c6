"""What every text on screen is bound to: a values path with a format, or a fixed label with a reason.

Pure Python (no manim). A scene never formats a number itself: it asks the scene base for a
text *bound* to a path in its section's values (``"walk_product[-1]"``, ``"cost.recurrent"``,
``"param.w_h"``) with a declared format (``"fmt:2"``, ``"count"``, see
:data:`scenes.style.FORMATS`), or for a text-table sentence whose fields are such bindings. The
string on screen is made from the binding, and the binding is recorded with it, so a test can
derive the expected string from the values on its own and compare whole strings.

A number that is not a value (an axis tick, an index in ``h_7``, a year in a citation) is a
:class:`Fixed` with a stated reason.
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass, field
from typing import Any

from . import style

#: A path: a dotted name with optional ``[i]`` indices, e.g. ``sweep_states[-1][7]``.
_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(-?\d+)\]")

#: Words that must never reach the screen unless the value shown is exactly that.
BAD_WORDS = re.compile(r"\b(None|nan|NaN|inf)\b")


def resolve(path: str, values: Any, params: dict) -> Any:
    """The value at ``path``: attributes or dict keys of ``values`` (``param.*`` reads the
    section's parameters), ``[i]`` indices into sequences and arrays."""
    pos, obj = 0, values
    first = True
    while pos < len(path):
        m = _STEP.match(path, pos)
        if not m or m.end() == pos:
            raise ValueError(f"bad values path {path!r} at {path[pos:]!r}")
        name, index = m.groups()
        if name is not None:
            if first and name == "param":
                obj = params
            elif isinstance(obj, dict):
                obj = obj[name]
            else:
                obj = getattr(obj, name)
        else:
            obj = obj[int(index)]
        first = False
        pos = m.end()
    return obj


@dataclass(frozen=True)
class Val:
    """A number bound to a values path, shown with a declared format."""

    path: str
    fmt: str = "fmt"

    def render(self, values: Any, params: dict) -> str:
        v = resolve(self.path, values, params)
        if hasattr(v, "item"):
            v = v.item()
        return style.format_value(v, self.fmt)

    def describe(self) -> dict:
        return {"path": self.path, "fmt": self.fmt}


@dataclass(frozen=True)
class Fixed:
    """A literal that is not a value (an index, a year, an axis tick), with the reason."""

    text: str
    reason: str

    def __post_init__(self):
        if not self.reason.strip():
            raise ValueError(f"fixed label {self.text!r} needs a reason")

    def render(self, values: Any, params: dict) -> str:
        return str(self.text)

    def describe(self) -> dict:
        return {"fixed": self.text, "reason": self.reason}


Field = Val | Fixed | str


@dataclass(frozen=True)
class Binding:
    """What one text mobject shows, and why.

    Attributes
    ----------
    template : str
        ``str.format`` template (a text-table sentence or ``"{}"``-like readout template).
    fields : dict
        ``name -> Val | Fixed | str`` (a ``str`` field must not contain a digit).
    key : str, optional
        Text-table key the template came from (tests re-read the table in the language).
    variant : str, optional
        For a sentence chosen among variants: which one (tests check the choice).
    name : str, optional
        The readout's name in ``rnn-lecture script`` (default: the single field's path).
    reason : str, optional
        For a fixed label: why its digits are not values.
    math : bool
        The template is LaTeX with ``@field`` markers instead of ``{field}``.
    """

    template: str
    fields: dict = field(default_factory=dict)
    key: str | None = None
    variant: str | None = None
    name: str | None = None
    reason: str | None = None
    math: bool = False

    def render(self, values: Any, params: dict, template: str | None = None) -> str:
        """The string this binding shows (``template`` replaces the stored one, e.g. re-read
        from the text table by a test). A value typeset by LaTeX (in a formula, or a field
        inside a sentence's ``$...$``) is written as TeX writes it (:func:`style.tex_number`:
        ``-9.8\\times10^{-48}`` where the lecture font shows ``−9.8×10⁻⁴⁸``)."""
        tpl = self.template if template is None else template
        in_tex = set(self.fields) if self.math else math_fields(tpl)
        shown = {k: (f.render(values, params) if isinstance(f, (Val, Fixed)) else str(f))
                 for k, f in self.fields.items()}
        for k, f in self.fields.items():
            if k in in_tex and isinstance(f, Val):
                shown[k] = style.tex_number(shown[k])
        if self.math:
            for k in sorted(shown, key=len, reverse=True):
                tpl = tpl.replace("@" + k, shown[k])
            return tpl
        return tpl.format(**shown)

    @property
    def kind(self) -> str:
        if self.reason is not None:
            return "label"
        if self.key is not None:
            return "sentence"
        return "readout"

    def readout_name(self) -> str | None:
        """The name under which ``rnn-lecture script`` lists this text as a readout."""
        if self.name:
            return self.name
        vals = [f for f in self.fields.values() if isinstance(f, Val)]
        return vals[0].path if len(vals) == 1 and self.key is None else None

    def table_template(self, table: dict, lang: str) -> str:
        """The template as the text table has it in ``lang`` (what a test re-reads)."""
        if self.key is None:
            return self.template
        entry = table[self.key]
        return entry["tex"] if self.math else entry[lang]

    def describe(self) -> dict:
        d = {"kind": self.kind, "template": self.template,
             "fields": {k: (f.describe() if isinstance(f, (Val, Fixed)) else {"text": f})
                        for k, f in self.fields.items()}}
        for k in ("key", "variant", "name", "reason"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        return d


def check_fields(fields: dict, where: str) -> None:
    """A plain-string field may not carry digits: a number must be a Val or a Fixed."""
    for k, f in fields.items():
        if isinstance(f, (Val, Fixed)):
            continue
        if isinstance(f, (int, float)) or any(c.isdigit() for c in str(f)):
            raise TypeError(f"{where}: field {k}={f!r} shows a number; bind it with Val(path, "
                            "fmt) or Fixed(text, reason)")


def math_fields(template: str) -> set[str]:
    """Fields of a ``str.format`` template that stand inside a ``$...$`` part (typeset as
    LaTeX by the scene's ``rich``)."""
    out, inside = set(), False
    for lit, name, _, _ in string.Formatter().parse(template):
        inside ^= (lit or "").count("$") % 2 == 1
        if name and inside:
            out.add(name)
    return out


def template_fields(template: str) -> list[str]:
    """Field names of a ``str.format`` template."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def has_digit(s: str) -> bool:
    return any(c.isdigit() for c in s)


def bad_words(s: str, allowed: bool) -> list[str]:
    """``None``/``nan``/``inf`` in ``s`` (empty if ``allowed``: the value shown is that)."""
    return [] if allowed else BAD_WORDS.findall(s)


def non_finite(values: Any, params: dict, binding: Binding) -> bool:
    """True if one of the binding's values is None or not finite (then saying so is right)."""
    for f in binding.fields.values():
        if isinstance(f, Val):
            v = resolve(f.path, values, params)
            if v is None:
                return True
            try:
                if not math.isfinite(float(v)):
                    return True
            except (TypeError, ValueError):
                pass
    return False


# ----- comparisons on the value as displayed ------------------------------------------------
#: A number as the formatters write it: ``-1,470``, ``0.057``, ``9.8e-48``, ``2.2\times10^{12}``,
#: ``4{,}096``, followed by an optional unit (``GiB``, ``M``); the lecture font's ``−1,470``
#: and ``9.8×10⁻⁴⁸`` are read after :func:`_ascii_number`.
_SHOWN = re.compile(r"(-?\d[\d,]*(?:\.\d+)?|-?\.\d+)(?:e(-?\d+)|\\times10\^\{(-?\d+)\})?"
                    r"\s*(TiB|GiB|MiB|KiB|B|M)?")
_UNIT = {"TiB": 2.0**40, "GiB": 2.0**30, "MiB": 2.0**20, "KiB": 2.0**10, "B": 1.0, "M": 1e6,
         None: 1.0}


def _ascii_number(s: str) -> str:
    """``−9.8×10⁻⁴⁸`` -> ``-9.8e-48``, ``∞`` -> ``inf``, ``\\infty`` -> ``inf``."""
    s = style._UNICODE_POWER.sub(
        lambda m: "e" + "".join(style._FROM_SUPERSCRIPT[c] for c in m.group(1)), s)
    return (s.replace(style.MINUS, "-").replace(style.INFINITY, "inf")
            .replace("\\infty", "inf"))


def shown_number(s: str) -> float:
    """The number a formatted string shows (``"1,470"`` -> 1470, ``"2.10 M"`` -> 2.1e6,
    ``"64 GiB"`` -> 2**36, ``"∞"`` -> inf, ``"−9.8×10⁻⁴⁸"`` -> -9.8e-48): what a viewer
    reads, not the exact value."""
    s = _ascii_number(s.replace("{,}", ",").strip())
    if s.startswith("(") and s.endswith(")"):      # "paren": a negative operand in brackets
        s = s[1:-1]
    if s in ("inf", "-inf", "nan"):
        return float(s)
    m = _SHOWN.fullmatch(s)
    if not m:
        raise ValueError(f"{s!r} is not one shown number")
    mant, e1, e2, unit = m.groups()
    exp = int(e1 or e2 or 0)
    return float(mant.replace(",", "")) * 10.0**exp * _UNIT[unit]


def shown(x: Any, spec: str) -> float:
    """``x`` as it is displayed in format ``spec`` (see :data:`scenes.style.FORMATS`), read
    back as a number. A sentence that states a comparison (above, below, the same, more than
    half) decides it on this, so the words never contradict the digits beside them: a norm
    of 5.0004 shown as ``5`` is "not above the threshold 5"."""
    if hasattr(x, "item"):
        x = x.item()
    return shown_number(style.format_value(x, spec))



def plural_fields(template: str, fields: dict) -> dict:
    """``fields`` with the plural endings a template asks for: ``{n_s}`` beside ``{n}`` is
    bound to ``n``'s own path in format ``"s"`` ("" for exactly 1, else "s"), so "1 step" and
    "2 steps" both come from the values (a Chinese template, which has no plural, asks for
    none)."""
    out = dict(fields)
    for name in template_fields(template):
        if not name.endswith("_s") or name in out or name[:-2] not in out:
            continue
        f = out[name[:-2]]
        if isinstance(f, Val):
            out[name] = Val(f.path, "s")
        elif isinstance(f, Fixed):
            out[name] = Fixed(style.plural_s(f.text), f"plural ending of {f.text!r}")
        else:
            raise TypeError(f"{name}: {name[:-2]} is not a number, it has no plural")
    return out
