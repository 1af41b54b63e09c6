"""Minimum text size (issue 22, "text too small on a phone"): at every hold of every section,
in both languages, every text's glyphs are tall enough to read in a 390 px wide player.

Why these figures. A 390 px wide player (a phone held upright, the player the page's full
width) is 390 x 9 / 16 = 219.4 px high, so one unit of the 8-unit-high frame is 27.4 px. A
phone shows about 6 CSS px a millimetre (390 px over a 64 mm wide screen), held at about 33 cm:
one CSS px is about 1.7 arc minutes there. A letter that reads at all (the 20/20 letter) has a
cap height of 5 arc minutes; a label read at a glance wants about twice that. So, in that
player:

- capitals and digits at least 6 px high (about 10 arc minutes),
- lowercase Latin letters (x-height) at least 4.5 px (the x-height of the same font's
  6 px capitals: Noto Sans's x-height is 0.74 of its cap height),
- Chinese characters at least 7.5 px (their strokes are denser than a Latin letter's: about
  the ideograph height of the same font's 6 px capitals, 1.25 of it),

which is the lecture font's glyphs at ``style.SMALL_SIZE`` (22): Manim's font_size 22 draws
capitals 0.224 units high (6.1 px there), x-height 0.166 (4.5 px), Chinese 0.281 (7.7 px).
Chromium draws its own captions in that player at 11 px (5% of the video's height).

How a glyph is measured: a Text's glyphs are its outlines, one per character that is not a
space (when the count does not match, as after a Transform into another string, the text is
measured as a formula is); each character's glyph is held to its class's minimum (Latin
lowercase with no ascender or descender to the x-height, capitals and digits to the cap height,
CJK ideographs to theirs, each class by the median of its glyphs in the text, an ideograph's
size the larger of its height and width; punctuation and letters with ascenders or descenders
are not judged). A formula (MathTex, Tex, a DecimalNumber's digits) has no such map: its main
glyphs (those at least 60% of its tallest, so not a minus, an equals sign, a dot or a comma)
must have a median height of at least the x-height minimum when its main line (sub- and
superscripts left out) has a letter, and of at least the cap-height minimum when it is digits
only (a number, an axis's ``10^{-10}``, a DecimalNumber: digits are as tall as capitals, and a
text's digits are held to that too); a formula of operators only (a lone ``=``) is not judged.

Every text on screen at a hold counts (``scenes.base.text_leaves``, descending into bound
sentences to each Text and formula in them). The test fails by section and language, naming the
beat, the text, what was measured and the minimum.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from manim import DecimalNumber, SingleStringMathTex, Text

from scenes import style
from scenes.base import text_leaves
from scenes.live import displayed
from scenes.registry import SECTIONS

LANGS = ("zh", "en")

#: The player the minimum is set for: 390 px wide, 16:9.
PLAYER_W_PX = 390
PLAYER_H_PX = PLAYER_W_PX * 9 / 16                   # 219.4 px
PX_PER_UNIT = PLAYER_H_PX / style.FRAME_H            # 27.4 px a frame unit

#: Minimum glyph heights in CSS px of that player, and in frame units.
MIN_PX = {"cap": 6.0, "x": 4.5, "cjk": 7.5}
MIN_UNITS = {k: v / PX_PER_UNIT for k, v in MIN_PX.items()}   # cap 0.219, x 0.164, cjk 0.274

#: Characters whose glyph height is the x-height, the cap height, an ideograph's height.
X_CHARS = set("acemnorsuvwxz")
CAP_CHARS = set("ABCDEFGHIKLMNOPRSTUVWXYZ0123456789")   # not J/Q (descend in some faces)

#: Measuring rounding: the outlines' bounding boxes are Bezier anchors.
TOL = 0.985


def char_class(ch: str) -> str | None:
    if ch in X_CHARS:
        return "x"
    if ch in CAP_CHARS:
        return "cap"
    if "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf":
        return "cjk"
    return None


def atoms(leaf):
    """The Texts and formulas a text leaf is made of (a bound sentence holds several)."""
    out = []

    def walk(m):
        if isinstance(m, (Text, SingleStringMathTex, DecimalNumber)):
            out.append(m)
            return
        for sub in m.submobjects:
            walk(sub)

    walk(leaf)
    return out


def _visible(m) -> bool:
    return m.has_points() and (m.get_fill_opacity() > 0.05 or m.get_stroke_opacity() > 0.05)


def _formula_height(m) -> float | None:
    hs = np.array([g.height for g in m.family_members_with_points() if _visible(g)])
    hs = hs[hs > 0]
    if not len(hs):
        return None
    return float(np.median(hs[hs >= 0.6 * hs.max()]))


def too_small(m) -> list[str]:
    """What in one Text or formula is below the minimum, as ``"what measured < minimum"``."""
    bad = []
    if isinstance(m, Text):
        try:
            shown = displayed(m)
        except TypeError:
            shown = m.original_text
        chars = [c for c in shown if not c.isspace()]
        glyphs = list(m.submobjects)
        if len(chars) == len(glyphs):
            by_class: dict[str, list[tuple[float, str]]] = {}
            for ch, g in zip(chars, glyphs):
                cls = char_class(ch)
                if cls is not None and _visible(g) and g.height > 0:
                    size = max(g.height, g.width) if cls == "cjk" else g.height
                    by_class.setdefault(cls, []).append((size, ch))
            for cls, hs in by_class.items():
                # the median glyph of the class (what most of its glyphs reach; an
                # ideograph's size is the larger of its height and width: 一 is flat)
                h = float(np.median([x for x, _ in hs]))
                if h < MIN_UNITS[cls] * TOL:
                    chs = "".join(dict.fromkeys(c for _, c in hs))[:6]
                    bad.append(f"{cls} height {h:.3f} ({h * PX_PER_UNIT:.1f} px, {chs!r}) < "
                               f"{MIN_UNITS[cls]:.3f} ({MIN_PX[cls]} px)")
            return bad
    cls = formula_class(m)
    if cls is None:
        return bad
    h = _formula_height(m)
    if h is not None and h < MIN_UNITS[cls] * TOL:
        bad.append(f"formula {'digits' if cls == 'cap' else 'glyphs'} {h:.3f} "
                   f"({h * PX_PER_UNIT:.1f} px) < {MIN_UNITS[cls]:.3f} ({MIN_PX[cls]} px)")
    return bad


_SCRIPTS = re.compile(r"[_^](\{[^{}]*\}|\\[A-Za-z]+|.)")
_SPACING = re.compile(r"\\(left|right|big+|Big+|quad|qquad|times|cdot|cdots|ldots|dots|"
                      r"mathrm|text|operatorname|[,;:!])(?![A-Za-z])")


def formula_class(m) -> str | None:
    """Which minimum a formula's main line is held to: ``"x"`` when it has a letter (a
    symbol such as ``\\sigma`` or ``\\tanh`` counts), ``"cap"`` when its main line is digits
    only (a number, ``10^{-10}``: digits are as tall as capitals), None when it is only
    operators (a lone ``=``: no letter to read)."""
    if isinstance(m, DecimalNumber):
        return "cap"
    if isinstance(m, Text):
        return "x"
    tex = getattr(m, "tex_string", "") or ""
    main = _SCRIPTS.sub("", tex)
    main = _SPACING.sub("", main)
    if re.search(r"[A-Za-z]", main):
        return "x"
    if re.search(r"[0-9]", main):
        return "cap"
    return None


def _name(m) -> str:
    try:
        s = displayed(m)
    except TypeError:
        s = getattr(m, "original_text", type(m).__name__)
    s = " ".join(str(s).split())
    return f"{type(m).__name__} {s[:40]!r}"


def small_texts(section_id: str, lang: str) -> list[str]:
    """Every text below the minimum at any hold of the section: ``"beat: text: why"``."""
    from scenes.script import construct

    found: list[str] = []
    seen: set[tuple] = set()

    def at_hold(scene, beat):
        for leaf in text_leaves(scene.mobjects):
            for m in atoms(leaf):
                for why in too_small(m):
                    key = (beat, _name(m), why)
                    if key not in seen:
                        seen.add(key)
                        found.append(f"{beat}: {_name(m)}: {why}")

    construct(section_id, lang, hold_hook=at_hold)
    return found


def test_minimum_holds_at_small_size():
    """The figures above: the lecture font at SMALL_SIZE passes, a size below it fails."""
    from manim import MathTex

    assert not too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.SMALL_SIZE))
    assert not too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.LABEL_SIZE))
    small = too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.SMALL_SIZE * 0.9))
    assert {s.split()[0] for s in small} == {"x", "cap", "cjk"}, small
    assert too_small(MathTex("h_t", font_size=20))
    assert not too_small(MathTex("h_t", font_size=style.LABEL_SIZE * base_math_in_text()))


def base_math_in_text() -> float:
    from scenes.base import MATH_IN_TEXT
    return MATH_IN_TEXT


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_every_text_reads_in_a_390px_player(section_id, lang):
    bad = small_texts(section_id, lang)
    assert not bad, (f"{section_id} [{lang}]: {len(bad)} text(s) below the minimum glyph "
                     f"height for a {PLAYER_W_PX} px wide player:\n  " + "\n  ".join(bad[:60]))
