"""Baselines: where a line of text sits, so a number beside its label, a formula inside a
sentence and the cells of a table's row stand on one line.

Manim centres what it places; a label with a subscript or a descender (``c_t``, an italic
``f``), a line of Chinese (its glyphs sit across the baseline) or a lone sign ("=") is not
centred on its baseline, so centring lifted or dropped what stood beside it. It also sets a line in the lecture font
(:func:`lecture_text`, exponents raised). Imports nothing of :mod:`scenes` but its style:
:mod:`scenes.base` and :mod:`scenes.live` both use it.
"""

from __future__ import annotations

import re

import numpy as np
from manim import RIGHT, UP, Mobject, Text, VGroup

from . import style

#: Chinese characters (and full-width punctuation) sit across the baseline, their bottoms a
#: little below it: a line with them is measured against an "x" too.
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
_BASELINE_SHARES: dict[tuple[str, str, float], float] = {}


#: An exponent written in superscript characters (what style.fmt writes: 9.8×10⁻⁴⁸): the
#: lecture font has no such glyphs (fontconfig filled them in from two other fonts, of two
#: sizes), so it is set as the font's own digits, smaller and raised, as TeX sets a script.
_SUP_RUN = re.compile("([\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u207b]+)")
_SUP_PLAIN = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207b",
                           "0123456789\u2212")
#: A script's size against its line's (TeX's scriptstyle) and the rise of its bottom above the
#: baseline, as a share of the line's digit height.
SCRIPT_SCALE, SCRIPT_RISE = 0.7, 0.42


def lecture_text(s: str, size: float, color: str) -> Mobject:
    """``Text(s)`` in the lecture font; an exponent in superscript characters becomes the
    font's digits at :data:`SCRIPT_SCALE`, raised (a VGroup that knows its baseline)."""
    parts = _SUP_RUN.split(s)
    if len(parts) == 1:
        return Text(s, font=style.FONT, font_size=size, color=color)
    row, gaps = VGroup(), []
    space = 0.25 * size / 48 * 0.9          # a word space of the font at this size
    for k, part in enumerate(parts):
        if not part:
            continue
        if k % 2:
            t = Text(part.translate(_SUP_PLAIN), font=style.FONT,
                     font_size=size * SCRIPT_SCALE, color=color)
            t.exponent = True
        elif not part.strip():
            gaps.append(len(row))
            continue
        else:
            if part[:1].isspace() and len(row):
                gaps.append(len(row))
            t = Text(part.strip(), font=style.FONT, font_size=size, color=color)
            if part[-1:].isspace():
                gaps.append(len(row) + 1)
        row.add(t)
    digit = 0.505 * size / 48                # the font's digit height at this size
    base = None
    for j, t in enumerate(row):
        if j:
            t.next_to(row[j - 1], RIGHT, buff=space if j in gaps else 0.02 * size / 28)
        if not getattr(t, "exponent", False):
            b = _baseline(t)
            if base is None:
                base = b
            t.shift((base - b) * UP)
    for t in row:
        if getattr(t, "exponent", False):
            t.shift((base + SCRIPT_RISE * digit - t.get_bottom()[1]) * UP)
    row.baseline_frac = (base - row.get_bottom()[1]) / row.height
    return row


def _text_baseline_share(m: Text) -> float:
    """Where a Text's baseline is, as a share of its height above its bottom: set after an
    "x" (which sits on the baseline), measured once per string, font and size."""
    key = (m.original_text, m.font, round(float(m.font_size), 3))
    if key not in _BASELINE_SHARES:
        ref = Text("x" + m.original_text, font=m.font, font_size=m.font_size)
        rest = VGroup(*ref.submobjects[1:])
        _BASELINE_SHARES[key] = float((ref.submobjects[0].get_bottom()[1]
                                       - rest.get_bottom()[1]) / max(rest.height, 1e-9))
    return _BASELINE_SHARES[key]


def _baseline(m: Mobject) -> float:
    """The baseline of a line of glyphs: the median of the glyphs' bottoms (most glyphs sit on
    it; descenders and subscripts are the minority). A lecture-font piece of signs only ("=",
    "<", "×") has no glyph on its baseline: it is measured against an "x" set before it."""
    if isinstance(m, Text) and m.original_text.strip() and m.height > 0 and \
            (not re.search(r"\w", m.original_text) or _CJK.search(m.original_text)):
        return float(m.get_bottom()[1] + _text_baseline_share(m) * m.height)
    frac = getattr(m, "baseline_frac", None)
    if frac is not None:
        return float(m.get_bottom()[1] + frac * m.height)
    bottoms = [sm.get_bottom()[1] for sm in m.get_family() if not sm.submobjects and
               sm.has_points()]
    return float(np.median(bottoms)) if bottoms else float(m.get_bottom()[1])


def on_baseline(ref: Mobject, *mobs: Mobject) -> None:
    """Shift each of ``mobs`` up or down onto ``ref``'s baseline (a table's row, a value on
    its label's line, the pieces of a sentence)."""
    base = _baseline(ref)
    for m in mobs:
        m.shift((base - _baseline(m)) * UP)


def beside(m: Mobject, lab: Mobject, buff: float = 0.15) -> Mobject:
    """Put ``m`` (a number) right of ``lab`` (its label) on the label's baseline (centred,
    a label with a subscript or a descender would lift or drop the number)."""
    m.next_to(lab, RIGHT, buff=buff)
    on_baseline(lab, m)
    return m
