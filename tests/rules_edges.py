"""Helpers for the rules of sentences chosen among variants (issue 20, classes 2, 4, 5, 6).

A sentence that states a comparison (above, below, the same, more than half) must agree with
the digits the viewer reads beside it, so the rules in ``tests/pins/`` decide on the numbers as
displayed: :func:`shown` formats a value with the declared format and reads the string back with
a parser of its own (not the scenes' ``scenes.bind.shown``).
"""

from __future__ import annotations

import re

from scenes.style import format_value

_NUM = re.compile(r"\(?([-−]?[\d,]*\.?\d+)(?:e(-?\d+)|\\times10\^\{(-?\d+)\}|×10([⁻⁰-⁹¹²³]+))?"
                  r"\)?\s*([KMGT]i)?(B|M)?")
_SUPER = dict(zip("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789"))
_SCALE = {None: 1.0, "Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40}


def read_number(s: str) -> float:
    """The number a viewer reads in ``s`` (the whole string is one number, maybe a unit)."""
    s = s.replace("{,}", ",").strip()
    if s in ("inf", "-inf", "nan", "∞", "−∞"):
        return float(s.replace("∞", "inf").replace("−", "-"))
    m = _NUM.fullmatch(s)
    assert m, f"{s!r} is not one displayed number"
    mant, e1, e2, e3, binary, unit = m.groups()
    e3 = e3 and "".join(_SUPER[c] for c in e3)
    x = (float(mant.replace(",", "").replace("−", "-")) * 10.0 ** int(e1 or e2 or e3 or 0)
         * _SCALE[binary])
    return x * 1e6 if unit == "M" and binary is None else x


def shown(x, spec: str) -> float:
    """``x`` as format ``spec`` displays it, read back."""
    return read_number(format_value(float(x), spec))
