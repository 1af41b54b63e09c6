"""How small a text may be (issue 22, "text too small on a phone"): every text's glyphs tall
enough to read in a 390 px wide player, measured glyph by glyph at every hold.

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
are not judged; a Text whose glyphs cannot be matched is held to the font size SMALL_SIZE). A
formula (MathTex, Tex, a DecimalNumber) has no such map, and its glyphs mix sizes by design (a
subscript is 0.7 of the main line): it is judged by its font, whose x-height must reach the
x-height minimum when its main line (sub- and superscripts left out) has a letter, and whose
digits must reach the cap-height minimum when it is digits only (a number, an axis's
``10^{-10}``, a DecimalNumber: digits are as tall as capitals, and a text's digits are held to
that too); a formula of operators only (a lone ``=``) is not judged
(:func:`scenes.legibility.formula_size`, calibrated on Manim's Computer Modern).

Every text on screen at a hold counts (``scenes.base.text_leaves``, descending into bound
sentences to each Text and formula in them). The test fails by section and language, naming the
beat, the text, what was measured and the minimum.
"""

from __future__ import annotations

import numpy as np
from manim import DecimalNumber, SingleStringMathTex, Text

from scenes import style
from scenes.base import text_leaves
from scenes.legibility import MIN_PX, MIN_UNITS, PLAYER_W_PX, PX_PER_UNIT, formula_class
from scenes.legibility import formula_size
from scenes.legibility import visible as _visible
from scenes.live import displayed

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


def too_small(m) -> list[str]:
    """What in one Text or formula is below the minimum, as ``"what measured < minimum"``."""
    bad = []
    if getattr(m, "exponent", False):
        return bad      # an exponent (10⁻⁴⁸'s "−48") is a script: smaller by design, as TeX's
    if isinstance(m, Text):
        try:
            shown = displayed(m)
        except TypeError:
            shown = m.original_text
        chars = [c for c in shown if not c.isspace()]
        glyphs = list(m.submobjects)
        if len(chars) == len(glyphs):
            by_class: dict[str, list[tuple[float, str]]] = {}
            # a text turned a quarter (an axis's name along it) reads along y: its glyphs'
            # heights are their widths on screen
            xs = [g.get_x() for g in glyphs]
            ys = [g.get_y() for g in glyphs]
            turned = len(glyphs) > 1 and np.ptp(ys) > np.ptp(xs)
            for ch, g in zip(chars, glyphs):
                cls = char_class(ch)
                tall = g.width if turned else g.height
                if cls is not None and _visible(g) and tall > 0:
                    size = max(g.height, g.width) if cls == "cjk" else tall
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
        if m.font_size < style.SMALL_SIZE * TOL:
            bad.append(f"font size {m.font_size:.1f} < {style.SMALL_SIZE}")
        return bad
    cls = formula_class(m)
    if cls is None:
        return bad
    h = formula_size(m)
    if h is not None and h < MIN_UNITS[cls] * TOL:
        bad.append(f"formula {'digits' if cls == 'cap' else 'glyphs'} {h:.3f} "
                   f"({h * PX_PER_UNIT:.1f} px) < {MIN_UNITS[cls]:.3f} ({MIN_PX[cls]} px)")
    return bad


def _name(m) -> str:
    try:
        s = displayed(m)
    except TypeError:
        s = getattr(m, "original_text", type(m).__name__)
    s = " ".join(str(s).split())
    return f"{type(m).__name__} {s[:40]!r}"


def record_small_texts(scene, beat) -> None:
    """A hold hook (``scene.hold_hook``): every text on screen below the minimum, appended to
    ``scene.small_texts`` as ``"beat: text: why"`` (each once). The tests' constructed scenes
    carry it (``conftest._constructed``), so the harness reads it at every setting it checks."""
    found = scene.__dict__.setdefault("small_texts", [])
    seen = scene.__dict__.setdefault("_small_seen", set())
    for leaf in text_leaves(scene.mobjects):
        for m in atoms(leaf):
            for why in too_small(m):
                key = (beat, _name(m), why)
                if key not in seen:
                    seen.add(key)
                    found.append(f"{beat}: {_name(m)}: {why}")
