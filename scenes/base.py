"""Base class of every section scene: title line, claims, narration, beats, layout records.

A section scene lists its beats in ``BEATS``; each beat is a method of a few dozen lines that
opens with a one-line claim (``self.claim``) and ends with ``self.hold`` (a 1–2 s pause that
also records where every text box sits, so tests can check the frame). Each beat is a Manim
section, so one clip; a clip ends on its beat's held frame. Numbers come from
``self.v``, the section's mathcore values; ``self.shown`` keeps the on-screen readouts by name.
"""

from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UL, UP, DecimalNumber, FadeIn, FadeOut, MathTex, Mobject,
                   Scene, SingleStringMathTex, Tex, Text, VGroup, VMobject)

from . import style
from .registry import get as get_section

#: Reading time of narration: about 5.5 Chinese characters or 16 Latin characters a second.
READING_SECONDS_PER_CHAR = {"zh": 0.18, "en": 0.06}

TEXT_TYPES = (Text, MathTex, Tex, SingleStringMathTex, DecimalNumber)


def text_leaves(mobjects) -> list[Mobject]:
    """Visible text-like mobjects (Text, MathTex, DecimalNumber…), not descending into them."""
    out: list[Mobject] = []

    def walk(m):
        if isinstance(m, TEXT_TYPES):
            if m.get_fill_opacity() > 0.05 or m.get_stroke_opacity() > 0.05:
                out.append(m)
            return
        for sub in m.submobjects:
            walk(sub)

    for m in mobjects:
        walk(m)
    return out


def displayed(m: Mobject) -> str:
    """The string a readout mobject shows."""
    if isinstance(m, DecimalNumber):
        return m._get_num_string(m.get_value())
    if isinstance(m, Text):
        return m.original_text
    if isinstance(m, (MathTex, Tex)):
        return m.tex_string
    raise TypeError(f"not a readout: {type(m).__name__}")


class LectureScene(Scene):
    """A section video: ``BEATS`` in order, each a Manim section (one clip per beat)."""

    SECTION_ID = ""
    BEATS: tuple[str, ...] = ()
    TEXT: dict[str, dict[str, str]] = {}

    def __init__(self, params: dict | None = None, lang: str = "zh", **kwargs):
        self.section = get_section(self.SECTION_ID)
        self.params = self.section.resolve(params)
        self.v = self.section.values(self.params)
        if lang not in ("zh", "en"):
            raise ValueError(f"lang must be zh or en, got {lang!r}")
        self.lang = lang
        self.shown: dict[str, Mobject] = {}
        self.layouts: dict[str, list[tuple[str, np.ndarray]]] = {}
        self.readouts: dict[str, dict[str, str]] = {}
        self._claim: Mobject | None = None
        self._say_until = 0.0
        super().__init__(**kwargs)

    # ----- text ---------------------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        """The text of ``key`` in the scene's language, formatted with ``kw``."""
        entry = self.TEXT[key]
        return entry[self.lang].format(**kw)

    def text(self, key: str, size: float = style.BODY_SIZE, color: str | None = None,
             **kw) -> Text:
        """A Text in the lecture font from the text table."""
        return self.plain(self.t(key, **kw), size=size, color=color)

    def plain(self, s: str, size: float = style.BODY_SIZE, color: str | None = None) -> Text:
        """A Text in the lecture font from a literal (already formatted) string."""
        return Text(s, font=style.FONT, font_size=size, color=color or style.PALETTE.text)

    def math(self, *tex: str, scale: float = style.MATH_SCALE, color: str | None = None,
             **kw) -> MathTex:
        """MathTex at the lecture's scale (several strings make separately colorable parts)."""
        m = MathTex(*tex, **kw).scale(scale)
        if color:
            m.set_color(color)
        return m

    def number(self, value: float, places: int = 3, size: float = 0.6,
               color: str | None = None) -> DecimalNumber:
        """A live readout (DecimalNumber; never MathTex rebuilt per frame)."""
        d = DecimalNumber(value, num_decimal_places=places, include_sign=False,
                          color=color or style.PALETTE.text)
        return d.scale(size)

    @staticmethod
    def slot_x(t: int, n: int, pitch: float) -> float:
        """x of slot ``t`` of ``n`` equally spaced slots centred on the frame."""
        return (t - (n - 1) / 2) * pitch

    def readout_row(self, label: str, value: str, color: str, anchor: Mobject,
                    size: float = style.LABEL_SIZE, buff: float = 0.32) -> tuple[Text, Text]:
        """A readout row under ``anchor``: colored label, then the value (what tests read)."""
        lab = self.plain(label, size=size, color=color)
        val = self.plain(value, size=style.BODY_SIZE, color=color)
        lab.next_to(anchor, DOWN, buff=buff, aligned_edge=LEFT)
        val.next_to(lab, RIGHT, buff=0.3)
        return lab, val

    @staticmethod
    def align_values(*rows) -> None:
        """Put every row's value in one column, right of the widest label."""
        x = max(lab.get_right()[0] for lab, _ in rows) + 0.3
        for lab, val in rows:
            val.move_to([x, lab.get_center()[1], 0], aligned_edge=LEFT)

    def show(self, name: str, mob: Mobject) -> Mobject:
        """Register an on-screen readout under ``name`` (tests compare it with the values)."""
        self.shown[name] = mob
        return mob

    # ----- structure ----------------------------------------------------------------------
    def construct(self):
        self.camera.background_color = style.PALETTE.background
        title = self.section.title[self.lang]
        self.title = self.plain(f"{self.section.number}  {title}", size=style.TITLE_SIZE,
                                color=style.PALETTE.muted)
        self.title.to_corner(UL, buff=0.35)
        self.add(self.title)
        self._sections_started: set[str] = set()
        for beat in self.BEATS:
            self._start_section(beat)
            self.current_beat = beat
            getattr(self, beat)()

    def _start_section(self, beat: str) -> None:
        """Open the Manim section (one clip) of ``beat`` unless ``hold`` already did."""
        if beat not in self._sections_started:
            self._sections_started.add(beat)
            self.next_section(beat)

    def claim(self, key: str, **kw) -> None:
        """Open a beat: replace the claim line under the title and start its narration."""
        new = self.text(key, size=style.BODY_SIZE, **kw)
        new.next_to(self.title, DOWN, buff=0.25, aligned_edge=LEFT)
        if self._claim is None:
            self.play(FadeIn(new, shift=0.2 * UP), run_time=0.6)
        else:
            self.play(FadeOut(self._claim), FadeIn(new, shift=0.2 * UP), run_time=0.6)
        self._claim = new
        narration = f"{key}.say"
        if narration in self.TEXT:
            self.say(self.t(narration, **kw))

    def say(self, content: str) -> None:
        """Narration as a subcaption (written to the .srt beside the video).

        Its duration is a reading time; ``hold`` extends the beat until it has run out, so
        captions never overlap and every beat stays on screen long enough to read.
        """
        duration = max(2.0, READING_SECONDS_PER_CHAR[self.lang] * len(content))
        self.add_subcaption(content, duration=duration)
        self._say_until = self.time + duration

    def clear_stage(self, run_time: float = 0.6) -> None:
        """Fade out everything but the title and the claim."""
        keep = {self.title, self._claim}
        rest = [m for m in self.mobjects if m not in keep and isinstance(m, VMobject)]
        if rest:
            self.play(*[FadeOut(m) for m in rest], run_time=run_time)

    def hold(self, seconds: float = 1.5) -> None:
        """End a beat: pause on a readable frame and record the layout and readouts.

        The pause lasts at least ``seconds`` and at least until the beat's narration ends.
        """
        self.wait(max(seconds, self._say_until - self.time))
        self.layouts[self.current_beat] = [
            (type(m).__name__ + ":" + _label(m), _box(m)) for m in text_leaves(self.mobjects)]
        on_screen = set(text_leaves(self.mobjects))
        self.readouts[self.current_beat] = {
            name: displayed(m) for name, m in self.shown.items() if m in on_screen}
        # The clip of this beat ends here, on the held frame: whatever the beat does after its
        # hold (clearing the stage) opens the next beat's clip, so every clip's last frame,
        # and the poster, is the readable one.
        i = self.BEATS.index(self.current_beat)
        if i + 1 < len(self.BEATS):
            self._start_section(self.BEATS[i + 1])


def _box(m: Mobject) -> np.ndarray:
    """``[xmin, ymin, xmax, ymax]`` of a mobject."""
    lo, hi = m.get_corner(DOWN + LEFT), m.get_corner(UP - LEFT)
    return np.array([lo[0], lo[1], hi[0], hi[1]])


def _label(m: Mobject) -> str:
    try:
        return displayed(m)[:30]
    except TypeError:
        return ""


__all__ = ["LectureScene", "VGroup", "displayed", "text_leaves"]
