"""The smallest glyphs a text may have: what reads in a 390 px wide player (issue 22).

A 390 px wide player (a phone held upright) is 219.4 px high, so a unit of the 8-unit frame is
27.4 px. Capitals and digits want 6 px there, lowercase Latin letters (x-height) 4.5 px and
Chinese characters 7.5 px: the lecture font's own glyphs at :data:`style.SMALL_SIZE` (22). The
reasoning is in ``tests/test_text_size.py``, which measures every text at every hold.

The scene base (:mod:`scenes.base`) sizes what it makes to these floors: a line in the lecture
font is never set below ``SMALL_SIZE``, and a formula, a live number or an axis tick is scaled up
until its main glyphs reach :data:`FLOOR` for its class (:func:`formula_class`). The floors are
the lecture font's glyphs at ``SMALL_SIZE``, a hair above the test's minimum.
"""

from __future__ import annotations

import re

from . import style

#: The player the minimum is set for: 390 px wide, 16:9, in px per frame unit.
PLAYER_W_PX = 390
PX_PER_UNIT = PLAYER_W_PX * 9 / 16 / style.FRAME_H

#: Minimum glyph heights in CSS px of that player, by class: capitals and digits, x-height,
#: CJK ideographs.
MIN_PX = {"cap": 6.0, "x": 4.5, "cjk": 7.5}
MIN_UNITS = {k: v / PX_PER_UNIT for k, v in MIN_PX.items()}   # cap 0.219, x 0.164, cjk 0.274

#: What the scene base scales a formula's main glyphs up to, by class (frame units): the
#: lecture font's capitals and x-height at SMALL_SIZE.
FLOOR = {"cap": 0.224, "x": 0.166}

_SCRIPTS = re.compile(r"[_^](\{[^{}]*\}|\\[A-Za-z]+|.)")
_SPACING = re.compile(r"\\(left|right|big+|Big+|quad|qquad|times|cdot|cdots|ldots|dots|"
                      r"mathrm|text|operatorname|[,;:!])(?![A-Za-z])")


def visible(m) -> bool:
    return m.has_points() and (m.get_fill_opacity() > 0.05 or m.get_stroke_opacity() > 0.05)


#: What one point of a formula's font size draws in frame units (Computer Modern, as Manim's
#: MathTex sets it at font_size 48: an "x" 0.2257 units high, a "0" 0.3427 with its overshoot;
#: DecimalNumber's digits are the same glyphs): the x-height and the digits' height.
PER_POINT = {"x": 0.2257 / 48, "cap": 0.3427 / 48}


def formula_size(m) -> float | None:
    """A formula's size as its font gives it, in frame units: the x-height of its font when
    its main line has a letter, the height of its digits when it is digits only (by
    :func:`formula_class`); None for operators only or nothing drawn. Its sub- and
    superscripts are smaller by TeX's design and are not what is held to the minimum."""
    cls = formula_class(m)
    if cls is None or m.height <= 0:
        return None
    return float(m.font_size) * PER_POINT[cls]


def formula_class(m) -> str | None:
    """Which minimum a formula's main line is held to: ``"x"`` when it has a letter (a symbol
    such as ``\\sigma`` or ``\\tanh`` counts), ``"cap"`` when it is digits only (a number,
    ``10^{-10}``, a DecimalNumber: digits are as tall as capitals), None when it is only
    operators (a lone ``=``: no letter to read)."""
    from manim import DecimalNumber, Text

    if isinstance(m, DecimalNumber):
        return "cap"
    if isinstance(m, Text):
        return "x"
    tex = getattr(m, "tex_string", "") or ""
    main = _SPACING.sub("", _SCRIPTS.sub("", tex))
    if re.search(r"[A-Za-z]", main):
        return "x"
    if re.search(r"[0-9]", main):
        return "cap"
    return None


def raise_to_floor(m, about_edge=None):
    """Scale a formula (MathTex, a DecimalNumber) up, never down, until its font's x-height
    (or its digits) reach the floor of its class (:func:`formula_size`); ``about_edge`` keeps
    that edge in place (an axis tick keeps the side facing its axis). Returns ``m``."""
    size = formula_size(m)
    floor = FLOOR[formula_class(m)] if size else None
    if size and size < floor:
        m.scale(floor / size, about_edge=about_edge)   # None: about the centre, as scale does
    return m
