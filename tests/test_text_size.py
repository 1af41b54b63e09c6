"""Minimum text size (issue 22, "text too small on a phone"): at every hold of every section,
in both languages, every text's glyphs are tall enough to read in a 390 px wide player. The
figures and how a glyph is measured are in ``tests/textsize.py``; the measures are recorded at
every hold of the scenes the tests construct (``conftest._constructed``), so this costs no
construction of its own, and the harness (``check_scene``) fails a small text at every other
setting it checks too."""

from __future__ import annotations

import pytest
from manim import MathTex, Text

from conftest import constructed
from scenes import style
from scenes.base import MATH_IN_TEXT
from scenes.legibility import FLOOR, MIN_UNITS, formula_size, raise_to_floor
from scenes.registry import SECTIONS
from textsize import PLAYER_W_PX, too_small

LANGS = ("zh", "en")


def test_minimum_holds_at_small_size():
    """The figures: the lecture font at SMALL_SIZE passes, a size below it fails; a formula
    below the floor is raised to it and then passes."""
    assert not too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.SMALL_SIZE))
    assert not too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.LABEL_SIZE))
    small = too_small(Text("Hax 01 状态", font=style.FONT, font_size=style.SMALL_SIZE * 0.9))
    assert {s.split()[0] for s in small} == {"x", "cap", "cjk"}, small
    assert too_small(MathTex("h_t", font_size=20))
    assert not too_small(MathTex("h_t", font_size=style.LABEL_SIZE * MATH_IN_TEXT))
    assert FLOOR["cap"] >= MIN_UNITS["cap"] and FLOOR["x"] >= MIN_UNITS["x"]
    m = MathTex(r"x_t =", font_size=18)
    assert too_small(m) and not too_small(raise_to_floor(m))
    assert formula_size(m) == pytest.approx(FLOOR["x"])
    big = MathTex("h", font_size=60)
    h = big.height
    assert raise_to_floor(big).height == h                       # never scaled down


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("section_id", [s.id for s in SECTIONS])
def test_every_text_reads_in_a_390px_player(section_id, lang):
    bad = constructed(section_id, lang).small_texts
    assert not bad, (f"{section_id} [{lang}]: {len(bad)} text(s) below the minimum glyph "
                     f"height for a {PLAYER_W_PX} px wide player:\n  " + "\n  ".join(bad[:60]))


def test_exponents_are_the_lecture_fonts_digits_raised():
    """The lecture font has no superscript glyphs (fontconfig filled ⁻⁴⁸ in from two other
    fonts of two sizes): an exponent is the font's own digits, smaller and raised above the
    baseline, and the text that follows sits back on the baseline."""
    from manim import Text

    from scenes import style
    from scenes.baseline import SCRIPT_SCALE, _baseline, lecture_text

    row = lecture_text("end 9.8×10⁻⁴⁸ now", 28, style.PALETTE.text)
    texts = [t for t in row if isinstance(t, Text)]
    assert [t.original_text for t in texts] == ["end 9.8×10", "\u221248", "now"]
    base, exp, after = texts
    assert getattr(exp, "exponent", False) and not getattr(base, "exponent", False)
    assert exp.font_size == pytest.approx(28 * SCRIPT_SCALE, rel=1e-3)
    assert exp.get_bottom()[1] > _baseline(base) + 0.05        # raised
    assert exp.get_left()[0] > base.get_right()[0]              # after the 10, not over it
    assert _baseline(after) == pytest.approx(_baseline(base), abs=1e-3)
    assert _baseline(row) == pytest.approx(_baseline(base), abs=1e-3)
    # no exponent: a plain Text, as before
    assert isinstance(lecture_text("0.25", 28, style.PALETTE.text), Text)
