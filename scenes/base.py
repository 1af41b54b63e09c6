"""Base class of every section scene: title line, claims, narration, beats, bound texts.

A section scene lists its beats in ``BEATS``; each beat is a method of a few dozen lines that
opens with a one-line claim (``self.claim``) and ends with ``self.hold`` (a 1–2 s pause that
also records every text on screen, so tests can check the frame and the numbers). Each beat is
a Manim section, so one clip; a clip ends on its beat's held frame.

Every text a scene draws is *bound* (:mod:`scenes.bind`): a sentence from the text table whose
fields are values paths with formats, a readout of one values path, or a fixed label with a
reason. Scenes never format numbers themselves, so what is on screen is what the binding says,
and the harness in ``tests/test_harness.py`` re-derives every string from the values.
"""

from __future__ import annotations

import re
import time

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UL, UP, Animation, AnimationGroup, Create, DecimalNumber, FadeIn, FadeOut,
                   Group, MathTex, Mobject, Scene, SingleStringMathTex, Tex,
                   SurroundingRectangle, Text, Transform, ValueTracker, VGroup, VMobject)
from manim import config
from manim.animation.animation import Wait
from manim.mobject.mobject import _AnimationBuilder

from . import style
from .legibility import raise_to_floor
from .bind import (Binding, Fixed, Val, check_fields, has_digit, plural_fields, resolve,
                   shown)
from .registry import get as get_section
from .baseline import _baseline, beside, lecture_text, on_baseline
from .live import displayed
from .manim_patches import (draw_still_shapes_once, drawing_faster, share_sources_on_copy,
                            skip_frames_while, skip_plays_while)
from .pieces import parse_piece

share_sources_on_copy()   # copies of texts and formulas: ~10x faster, the same frames

#: Reading time of narration: about 5.5 Chinese characters or 16 Latin characters a second.
READING_SECONDS_PER_CHAR = {"zh": 0.18, "en": 0.06}
#: With a voice, a line's audio is followed by this pause before the next line may start.
VOICE_GAP = 0.3

TEXT_TYPES = (Text, MathTex, Tex, SingleStringMathTex, DecimalNumber)

_MATH = re.compile(r"\$([^$]+)\$")


#: MathTex font size per Text font size inside one line (matches the capitals' height).
MATH_IN_TEXT = 1.45
#: The lecture-font size of a live readout of scale 1 (a DecimalNumber of font size 48 at scale
#: 1, whose Computer Modern digits are MATH_IN_TEXT smaller than the lecture font's).
NUMBER_FONT = 48 / MATH_IN_TEXT


def tex_on_baseline(tex: str, **kw) -> MathTex:
    """``MathTex(tex, **kw)`` that knows where its baseline is: set after an "x" (which sits on
    it), the "x" then dropped, its height kept in ``baseline_frac`` (the baseline's height
    above the bottom, as a share of the formula's height: moves and scales keep it). A lone
    italic f or g reaches below the baseline, and the median of a formula's bottoms put it
    there, so a sentence's $f$ stood raised and the "=" after "$f$" hung low."""
    m = MathTex("x", tex, **kw)
    ref, h0 = m[0], m.height
    base = ref.get_bottom()[1]
    m.remove(ref)
    if m.height > 0:
        m.initial_height *= m.height / h0      # font_size reads height / initial_height
        m.baseline_frac = (base - m.get_bottom()[1]) / m.height
    m.tex_string, m.tex_strings = tex, [tex]
    return m


def text_leaves(mobjects) -> list[Mobject]:
    """Visible texts: bound groups (a rich sentence) and text-like mobjects, not descending
    into either."""
    out: list[Mobject] = []

    def walk(m):
        if isinstance(m, TEXT_TYPES) or getattr(m, "binding", None) is not None:
            if any(sm.get_fill_opacity() > 0.05 or sm.get_stroke_opacity() > 0.05
                   for sm in m.get_family() if sm.has_points()):
                out.append(m)
            return
        for sub in m.submobjects:
            walk(sub)

    for m in mobjects:
        walk(m)
    return out


class Plays:
    """A :meth:`LectureScene.pace` step that plays itself: ``fn(run_time)``, e.g.
    ``Plays(lambda rt: live.play(k.animate.set_value(last), run_time=rt))`` (a sweep's step
    goes through :meth:`scenes.live.Live.play`, so its parts follow the index and the harness
    samples it)."""

    def __init__(self, fn):
        self.fn = fn


class LectureScene(Scene):
    """A section video: ``BEATS`` in order, each a Manim section (one clip per beat).

    ``layout_only=True`` (tests, ``rnn-lecture script``) plays every animation by jumping to its
    end state instead of interpolating it: the same held frames, a fraction of the time.
    """

    SECTION_ID = ""
    BEATS: tuple[str, ...] = ()
    TEXT: dict[str, dict[str, str]] = {}

    def __init__(self, params: dict | None = None, lang: str = "zh", layout_only: bool = False,
                 only_beat: str | tuple[str, ...] | None = None, voice=None, **kwargs):
        self.section = get_section(self.SECTION_ID)
        self.params = self.section.resolve(params)
        self.v = self.section.values(self.params)
        if lang not in ("zh", "en"):
            raise ValueError(f"lang must be zh or en, got {lang!r}")
        self.lang = lang
        self.layout_only = layout_only
        #: Sample every sweep's frames between holds (:class:`scenes.live.Live`): on when
        #: nothing is drawn (tests, ``rnn-lecture script``), off in renders.
        self.probe_sweeps = layout_only
        #: The sweeps played, with their samples (each a :class:`scenes.live.Live`).
        self.sweeps: list = []
        self.shown: dict[str, Mobject] = {}
        self.layouts: dict[str, list[tuple[str, np.ndarray]]] = {}
        self.readouts: dict[str, dict[str, str]] = {}
        self.records: dict[str, dict] = {}
        #: Per beat: ``(y, label)`` of the lowest point anything visible reaches at its hold.
        self.lowest: dict[str, tuple[float, str]] = {}
        self._narration: list[tuple[str, Binding]] = []
        self._claim: Mobject | None = None
        self._say_until = 0.0
        #: The narration's voice (:class:`rnn_lecture.voice.Voice`, or None: silent): asked
        #: for each line's audio, whose length the line then lasts at least.
        self.voice = voice
        #: Every voiced line: ``(start, line)``, ``line`` the voice's answer (id, seconds,
        #: source), in scene seconds.
        self.voiced: list[tuple[float, object]] = []
        #: Every play and wait: ``(beat, start, end, moving)`` in scene seconds (a wait is not
        #: moving unless an updater runs during it); :mod:`rnn_lecture.motion` measures it.
        self.timeline: list[tuple[str, float, float, bool]] = []
        #: Every narration line: ``(beat, start, duration, key)`` (with a voice, the duration
        #: is at least the audio's and :data:`VOICE_GAP`).
        self.lines: list[tuple[str, float, float, str]] = []
        #: Called as ``hook(scene, beat)`` at every hold (``rnn-lecture still`` saves frames).
        self.hold_hook = None
        drawn = (only_beat,) if isinstance(only_beat, str) else only_beat
        #: Per beat drawn in pieces: the windows (seconds from the beat's start) whose plays
        #: this job draws (see :func:`scenes.pieces.piece`).
        self._windows: dict[str, list[tuple[float, float]]] = {}
        names = []
        for spec in drawn or ():
            b, window = parse_piece(spec) if spec else (spec, None)
            if b and b not in self.BEATS:
                raise ValueError(f"{self.SECTION_ID}: no beat {b!r}; "
                                 f"beats: {', '.join(self.BEATS)}")
            if window is not None:
                self._windows.setdefault(b, []).append(window)
            names.append(b)
        #: A beat job (:func:`rnn_lecture.render.draw.render_beats`): the beats named are
        #: drawn, the others played in Manim's skip-animations mode (no frames drawn), and the scene ends
        #: where the clip after the last one named would begin. ``""`` draws no beat (a plan:
        #: the fingerprints and lengths of every beat, in a fraction of a render's time). A
        #: piece of a beat (:func:`scenes.pieces.piece`) draws the plays of the beat that start in its window
        #: and skips the others, as a replay skips a beat.
        self.only_beat = only_beat
        self._drawn = None if drawn is None else frozenset(b for b in names if b)
        #: Whether the play under way is skipped because it starts outside the windows of its
        #: beat's pieces, and whether the last play of the scene was drawn.
        self._out_of_window = False
        self.last_play_drawn = False
        #: Per beat drawn in pieces: each play's start, in seconds from the beat's start (one
        #: per play, as Manim keeps one segment, or none, per play).
        self.play_starts: dict[str, list[float]] = {}
        #: Per beat: the scene time its clip starts at, and a fingerprint of what it draws
        #: (see :meth:`_fingerprint`); a beat whose fingerprint is unchanged need not be drawn
        #: again.
        self.beat_start: dict[str, float] = {}
        #: Per beat: when it began, on this process's clock (``time.perf_counter``), and at
        #: ``""`` when the last one played ended; a beat job times each beat it draws from
        #: these (the scheduler cuts runs by them).
        self.beat_clock: dict[str, float] = {}
        self.fingerprints: dict[str, str] = {}
        self._fp = None
        super().__init__(**kwargs)
        if drawing_faster():      # the render pipeline's choice (scenes.manim_patches)
            draw_still_shapes_once(self.renderer)
        if self._drawn is not None:
            self._no_frames_while_skipping()

    def _no_frames_while_skipping(self) -> None:
        """In a beat job, draw nothing for a skipped beat's plays.

        Manim skips writing a skipped play's frames but still draws the scene into the camera
        at each play (the static picture, then the moving mobjects of a wait): about a fifth
        of a replay's CPU, for pixels no one reads. The first play of a drawn beat draws its
        picture from the mobjects alone, so skipping these leaves every written frame as it
        was (``tests/test_beats.py`` compares them with a one-process render's).
        """
        skip_frames_while(self.renderer, self._skipping)
        skip_plays_while(self.renderer, lambda: self._out_of_window)

    # ----- bound texts --------------------------------------------------------------------
    def entry(self, key: str, variant: str | None = None) -> str:
        """The text-table template of ``key`` (or ``key.variant``) in the scene's language."""
        return self.TEXT[f"{key}.{variant}" if variant else key][self.lang]

    def sentence(self, key: str, variant: str | None = None, **fields) -> Binding:
        """A binding for a text-table sentence; fields are Val, Fixed or digit-free strings."""
        full = f"{key}.{variant}" if variant else key
        check_fields(fields, f"{self.SECTION_ID} text {full!r}")
        template = self.entry(key, variant)
        return Binding(template, plural_fields(template, fields), key=full, variant=variant)

    def shown_value(self, path: str, fmt: str = "fmt") -> float:
        """The value at ``path`` as format ``fmt`` displays it, read back as a number: a
        variant that states a comparison is chosen on this (:func:`scenes.bind.shown`)."""
        return shown(resolve(path, self.v, self.params), fmt)

    def render_binding(self, b: Binding) -> str:
        return b.render(self.v, self.params)

    def t(self, key: str, variant: str | None = None, **fields) -> str:
        """The string of a text-table sentence with its fields bound and formatted."""
        return self.render_binding(self.sentence(key, variant, **fields))

    def _bound(self, mob: Mobject, b: Binding, shown: str | None = None) -> Mobject:
        mob.binding = b
        if shown is not None:
            mob.shown_text = shown
        return mob

    def rich(self, s: str, size: float = style.BODY_SIZE, color: str | None = None) -> Mobject:
        """A line in the lecture font with ``$...$`` parts typeset as LaTeX, on one baseline.

        Returns a Text when there is no math, else a VGroup of Text and MathTex pieces.
        """
        color = color or style.PALETTE.text
        size = max(size, style.SMALL_SIZE)      # what reads in a phone's player (legibility)
        pieces = [p for p in _MATH.split(s)]
        if len(pieces) == 1:
            return lecture_text(s, size, color)
        row = VGroup()
        for i, piece in enumerate(pieces):
            if not piece.strip():
                continue
            if i % 2:   # Computer Modern's capitals are ~0.7 of Noto's at one font size
                m = raise_to_floor(tex_on_baseline(piece, color=color,
                                                   font_size=size * MATH_IN_TEXT))
            else:
                m = lecture_text(piece.strip(), size, color)
            row.add(m)
        buff = 0.16 * size / 28
        row.arrange(RIGHT, buff=buff)
        for k, m in enumerate(row):   # punctuation hugs the formula before it
            if k and isinstance(m, Text) and m.original_text[:1] in ",.:;!?，。：；！？)）":
                row[k:].shift(0.8 * buff * LEFT)
            elif k and isinstance(row[k - 1], Text) and row[k - 1].original_text[-1:] in "(（[":
                row[k:].shift(0.8 * buff * LEFT)   # and an opening bracket hugs the one after it
        on_baseline(row[0], *row[1:])   # every piece on the first piece's baseline
        base = _baseline(row[0])
        if row.height > 0:          # a number set beside the line sits on it (beside())
            row.baseline_frac = (base - row.get_bottom()[1]) / row.height
        return row

    def text(self, key: str, size: float = style.BODY_SIZE, color: str | None = None,
             variant: str | None = None, **fields) -> Mobject:
        """A text-table sentence, its fields bound (``$...$`` typeset as math)."""
        b = self.sentence(key, variant, **fields)
        s = self.render_binding(b)
        return self._bound(self.rich(s, size=size, color=color), b, s)

    def plain(self, s: str, size: float = style.BODY_SIZE, color: str | None = None) -> Text:
        """A literal without digits (a number must be a ``value`` or a ``label``)."""
        if has_digit(s):
            raise TypeError(f"{self.SECTION_ID}: literal {s!r} shows a number; use value() "
                            "for a values path or label(text, reason) for a fixed number")
        return Text(s, font=style.FONT, font_size=max(size, style.SMALL_SIZE),
                   color=color or style.PALETTE.text)

    def label(self, s: str, reason: str, size: float = style.LABEL_SIZE,
              color: str | None = None) -> Mobject:
        """A fixed label whose digits are not values (an index, a year, a tick), with why."""
        b = Binding("{x}", {"x": Fixed(s, reason)}, reason=reason)
        return self._bound(self.rich(s, size=size, color=color), b, s)

    def value(self, path: str, fmt: str = "fmt", size: float = style.BODY_SIZE,
              color: str | None = None, name: str | None = None) -> Text:
        """A readout in the lecture font: the value at ``path`` in the declared format, alone
        (a readout with words or signs around it is a text-table sentence)."""
        b = Binding("{v}", {"v": Val(path, fmt)}, name=name or path)
        s = self.render_binding(b)
        mob = lecture_text(s, max(size, style.SMALL_SIZE), color or style.PALETTE.text)
        self._bound(mob, b, s)
        self.shown[b.name] = mob
        return mob

    def math(self, *tex: str, scale: float = style.MATH_SCALE, color: str | None = None,
             reason: str | None = None, **kw) -> MathTex:
        """MathTex at the lecture's scale (several strings make separately colorable parts).

        Digits in the formula (indices, exponents) need a ``reason``.
        """
        m = raise_to_floor(MathTex(*tex, **kw).scale(scale))
        joined = "".join(tex)
        if has_digit(joined):
            if not reason:
                raise TypeError(f"{self.SECTION_ID}: formula {joined!r} has digits; give a "
                                "reason or bind it with mathv()")
            self._bound(m, Binding("{x}", {"x": Fixed(m.tex_string, reason)}, reason=reason))
        if color:
            m.set_color(color)
        return m

    def eq_label(self, tex: str, scale: float = style.MATH_SCALE, color: str | None = None,
                 reason: str | None = None) -> Mobject:
        """A readout's label, ``tex =``: the symbol typeset as a formula at ``scale`` (as
        :meth:`math` would), the ``=`` in the lecture font, as in every sentence that names a
        value; the lecture-font number (:meth:`number`, :meth:`value`) goes right of it.
        Digits in the symbol (an index) need a ``reason``."""
        m = self.rich(f"${tex}$ =", size=NUMBER_FONT * scale, color=color)
        if has_digit(tex) and not reason:
            raise TypeError(f"{self.SECTION_ID}: label {tex!r} has digits; give a reason")
        reason = reason or "a readout's label"
        return self._bound(m, Binding("{x}", {"x": Fixed(f"${tex}$ =", reason)}, reason=reason),
                           f"${tex}$ =")

    def mathv(self, key: str, scale: float = style.MATH_SCALE, color: str | None = None,
              name: str | None = None, variant: str | None = None, **fields) -> MathTex:
        """A formula from the text table (entry ``"tex"``) with ``@field`` markers bound to
        values, e.g. ``{"tex": r"\\tau = @t"}`` with ``t=Val("param.clip_threshold", "fmt:1")``.

        ``variant`` picks ``key.variant`` (a formula chosen among variants from the values, as
        sentences are; the tests check the choice)."""
        full = f"{key}.{variant}" if variant else key
        check_fields(fields, f"{self.SECTION_ID} formula {full!r}")
        b = Binding(self.TEXT[full]["tex"], fields, key=full, name=name, math=True,
                    variant=variant)
        m = raise_to_floor(MathTex(self.render_binding(b)).scale(scale))
        if color:
            m.set_color(color)
        self._bound(m, b)
        if name:
            self.shown[name] = m
        return m

    def number(self, path: str, fmt: str = "dec:3", size: float = 0.6,
               color: str | None = None, name: str | None = None) -> Text:
        """A live readout bound to ``path``: the value in ``fmt`` ("dec:N") in the lecture
        font, as every other number on screen outside a formula (issue 22: one number style;
        a LaTeX readout beside the same number in a sentence read as two styles). ``size`` is
        the scale a ``DecimalNumber`` would have had: the digits come out as tall.

        While a sweep drives it (:meth:`scenes.live.Live.number`), its string follows the
        index; :meth:`settle` puts it back on a values path.
        """
        kind, _, places = fmt.partition(":")
        if kind != "dec" or not places.isdigit():
            raise ValueError("a live readout takes a 'dec:N' format")
        m = self.value(path, fmt, size=NUMBER_FONT * size, color=color, name=name or path)
        m.live_style = (fmt, NUMBER_FONT * size, color or style.PALETTE.text)
        return m

    def settle(self, mob: Text, path: str, fmt: str | None = None,
               name: str | None = None) -> Text:
        """Show the value at ``path`` (bound to it) in a live readout, the same mobject (the
        groups it belongs to keep it), its left edge and cap line where they were."""
        from .live import anchor_number, swap_glyphs
        f, size, color = mob.live_style
        new = self.value(path, fmt or f, size=size, color=color, name=name or path)
        swap_glyphs(mob, anchor_number(new, mob))
        mob.binding, mob.shown_text = new.binding, new.shown_text
        self.shown[new.binding.name] = mob
        return mob

    def ticks(self, mob: Mobject, reason: str = "axis tick") -> Mobject:
        """Mark every unbound text inside ``mob`` (axis numbers) as a fixed label."""
        # too small to read on a phone: each tick grows, keeping the side facing its axis
        y_nums = getattr(getattr(mob, "y_axis", None), "numbers", None)
        y_leaves = set(y_nums.get_family()) if y_nums is not None else set()
        for leaf in text_leaves([mob]):
            if getattr(leaf, "binding", None) is None:
                raise_to_floor(leaf, about_edge=RIGHT if leaf in y_leaves else UP)
                shown = displayed(leaf)
                leaf.binding = Binding("{x}", {"x": Fixed(shown, reason)}, reason=reason)
        return mob

    @staticmethod
    def slot_x(t: int, n: int, pitch: float) -> float:
        """x of slot ``t`` of ``n`` equally spaced slots centred on the frame."""
        return (t - (n - 1) / 2) * pitch

    @staticmethod
    def beside(m: Mobject, lab: Mobject, buff: float = 0.15) -> Mobject:
        """:func:`scenes.baseline.beside`: ``m`` right of ``lab``, on its baseline."""
        return beside(m, lab, buff)

    @classmethod
    def pair(cls, lab: Mobject, m: Mobject, buff: float = 0.15) -> VGroup:
        """``VGroup(lab, m)``, ``m`` :meth:`beside` ``lab``."""
        cls.beside(m, lab, buff)
        return VGroup(lab, m)

    @staticmethod
    def readout_row(lab: Mobject, val: Mobject, anchor: Mobject,
                    buff: float = 0.32) -> tuple[Mobject, Mobject]:
        """Place a label/value pair under ``anchor``: label left-aligned, value to its right."""
        lab.next_to(anchor, DOWN, buff=buff, aligned_edge=LEFT)
        beside(val, lab, buff=0.3)
        return lab, val

    def value_row(self, key: str, path: str, fmt: str, color: str, anchor: Mobject,
                  name: str | None = None, size: float = style.LABEL_SIZE,
                  **fields) -> tuple[Mobject, Mobject]:
        """A readout row under ``anchor``: a text-table label and the bound value at ``path``,
        both in the lecture font and the same color."""
        lab = self.text(key, size=size, color=color, **fields)
        val = self.value(path, fmt, size=size, color=color, name=name)
        return self.readout_row(lab, val, anchor)

    @staticmethod
    def at(tracker) -> int:
        """The computed point a sweep's tracker stands on: sweeps run over indices into
        arrays of values, and every frame shows the nearest computed one."""
        return int(round(tracker.get_value()))

    @staticmethod
    def align_values(*rows) -> None:
        """Put every row's value in one column, right of the widest label."""
        x = max(lab.get_right()[0] for lab, _ in rows) + 0.3
        for lab, val in rows:       # on its label's baseline
            on_baseline(lab, val.move_to([x, lab.get_center()[1], 0], aligned_edge=LEFT))

    def show(self, name: str, mob: Mobject) -> Mobject:
        """Give a bound readout a name in ``rnn-lecture script``."""
        b = getattr(mob, "binding", None)
        if b is None:
            raise TypeError(f"{self.SECTION_ID}: readout {name!r} is not bound to a value")
        from dataclasses import replace
        mob.binding = replace(b, name=name)
        self.shown[name] = mob
        return mob

    # ----- structure ----------------------------------------------------------------------
    def construct(self):
        self.camera.background_color = style.PALETTE.background
        title = self.section.title[self.lang]
        self.title = self.label(f"{self.section.number}  {title}", "section number and title",
                                size=style.TITLE_SIZE, color=style.PALETTE.muted)
        self.title.to_corner(UL, buff=0.35)
        self.add(self.title)
        self._sections_started: set[str] = set()
        for beat in self.BEATS:
            self._start_section(beat)
            self.current_beat = beat
            self._narration = []
            getattr(self, beat)()
        self.beat_clock[""] = time.perf_counter()
        self._close_fingerprint()
        self._no_empty_clips()

    def _no_empty_clips(self) -> None:
        """A piece of a beat whose window held no play drew nothing: its clip is left out
        (Manim would join no segments into one and fail)."""
        fw = getattr(self.renderer, "file_writer", None)
        for section in getattr(fw, "sections", ()):
            if section.name in self._windows and not section.get_clean_partial_movie_files():
                section.video = None

    def _start_section(self, beat: str) -> None:
        """Open the Manim section (one clip) of ``beat`` unless ``hold`` already did.

        In a beat job, the sections before the job's beat skip their animations, and the
        scene ends where a later beat's clip would begin.
        """
        if beat in self._sections_started:
            return
        self._sections_started.add(beat)
        self._close_fingerprint()
        if self._drawn and self.BEATS.index(beat) > max(map(self.BEATS.index, self._drawn)):
            from manim.utils.exceptions import EndSceneEarlyException
            self.beat_clock[""] = time.perf_counter()
            self._no_empty_clips()
            raise EndSceneEarlyException()
        skip = self._drawn is not None and beat not in self._drawn
        self.next_section(beat, skip_animations=skip)
        self.beat_start[beat] = self.renderer.time
        self.beat_clock[beat] = time.perf_counter()
        # Tests and scripts need no fingerprints, and neither does a beat a job only replays
        # to reach its own (hashing every mobject at every play was 7% of a replay); a plan
        # (no beat drawn) fingerprints them all.
        if not self.layout_only and not (skip and self._drawn):
            import hashlib
            self._fp = (beat, hashlib.sha256(beat.encode()))

    def _skipping(self) -> bool:
        """True while the current Manim section's animations are skipped (no frames drawn),
        or the play under way starts outside the windows of its beat's pieces."""
        if self._out_of_window:
            return True
        fw = getattr(self.renderer, "file_writer", None)
        return bool(fw is not None and fw.sections and fw.sections[-1].skip_animations)

    def _outside_windows(self) -> bool:
        """Whether the play about to start lies outside the windows of its beat's pieces (a
        beat drawn whole, or not drawn, has none)."""
        if not self._windows:
            return False
        # the beat whose clip the play goes to (a beat's hold opens the next one's clip)
        fw = getattr(self.renderer, "file_writer", None)
        beat = fw.sections[-1].name if fw is not None and fw.sections else None
        windows = self._windows.get(beat)
        if not windows:
            return False
        at = self.renderer.time - self.beat_start[beat]
        self.play_starts.setdefault(beat, []).append(at)
        return not any(a <= at < b for a, b in windows)

    def _fingerprint(self, *parts) -> None:
        """Fold what the current beat draws into its fingerprint: at every play, the kind,
        run time and rate of each animation and the state of every mobject on screen (type,
        points, colours, opacities, z-order); and every narration line with its timing.

        Positions count to 1e-5 of a frame unit (a 4k pixel is 0.0037) and colours to 1e-4: a
        replay that reaches a state by one step instead of sixty leaves rounding noise far below
        a pixel, which must not make a beat look changed. (Noise that straddles a rounding step
        only costs a beat drawn again.)"""
        if self._fp is None:
            return
        h = self._fp[1]
        for part in parts:
            h.update(repr(part).encode())
        for m in self.mobjects:
            for f in m.get_family():
                h.update(type(f).__name__.encode())
                h.update(_quantized(f.points, 1e5))
                for attr in ("fill_rgbas", "stroke_rgbas", "background_stroke_rgbas"):
                    a = getattr(f, attr, None)
                    if a is not None:
                        h.update(_quantized(a, 1e4))
                h.update(repr((getattr(f, "stroke_width", None), f.z_index)).encode())

    def _close_fingerprint(self) -> None:
        if self._fp is not None:
            self._fingerprint("end")
            self.fingerprints[self._fp[0]] = self._fp[1].hexdigest()
            self._fp = None

    def cite_row(self, *refs: str):
        """Citations (author and year, fixed labels) in one row: right of the claim line if it
        fits, else right of the title; else stacked at the frame's right edge beside the title
        when that clears the claim; else under the claim."""
        labs = VGroup(*(self.label(r, "citation year", size=style.SMALL_SIZE, color=style.PALETTE.muted)
                        for r in refs)).arrange(RIGHT, buff=0.45)
        labs.next_to(self._claim, RIGHT, buff=0.5).align_to(self._claim, DOWN)
        if labs.get_right()[0] > 6.9:
            labs.next_to(self.title, RIGHT, buff=0.5).align_to(self.title, DOWN)
        if labs.get_right()[0] > 6.9:
            labs.arrange(DOWN, buff=0.1, aligned_edge=RIGHT)
            labs.move_to([6.9, self.title.get_top()[1], 0], aligned_edge=UP + RIGHT)
            clear = (labs.get_left()[0] > self.title.get_right()[0] + 0.25
                     and (labs.get_bottom()[1] > self._claim.get_top()[1] + 0.05
                          or labs.get_left()[0] > self._claim.get_right()[0] + 0.4))
            if not clear:
                labs.arrange(RIGHT, buff=0.45)
                labs.next_to(self._claim, DOWN, buff=0.15, aligned_edge=LEFT)
        return labs

    def claim(self, key: str, variant: str | None = None, say: bool = True, **fields) -> None:
        """Open a beat: replace the claim line under the title and start its narration
        (``key.say``, with the same fields, unless ``say`` is False)."""
        new = self.text(key, size=style.BODY_SIZE, variant=variant, **fields)
        new.next_to(self.title, DOWN, buff=0.25, aligned_edge=LEFT)
        if self._claim is None:
            self.play(FadeIn(new, shift=0.2 * UP), run_time=0.6)
        else:
            self.play(FadeOut(self._claim), FadeIn(new, shift=0.2 * UP), run_time=0.6)
        self._claim = new
        full = f"{key}.{variant}" if variant else key
        if say and f"{full}.say" in self.TEXT:
            self.say(f"{full}.say", **fields)

    def say(self, key: str, variant: str | None = None, **fields) -> None:
        """Narration from the text table, as a subcaption (written to the .srt beside the video).

        The line starts now, after the previous line has run out (the scene waits for it), so
        what the beat plays next plays while this line is on screen: the picture follows the
        words. Its duration is a reading time; ``hold`` extends the beat until it has run out.
        To pace the line's visual actions over it, use :meth:`line` (or ``run_time=self.left()``).

        With a voice (``self.voice``), the line's audio starts with its caption, the caption
        lasts as long as the audio, and the line lasts at least the audio and
        :data:`VOICE_GAP`: the next line and the beat's hold wait for the voice, and the
        line's visual actions (:meth:`line`, :meth:`pace`, :meth:`cued`) are spread over it
        as spoken, each within the motion grammar (:func:`graded`: a transform still takes
        at most 1.5 s, a build 4 s; a sweep runs its slot). Spread over the reading time
        instead, a voice 30% slower than it left 19 of 24 English sections over the motion
        targets (frozen stretches up to 12 s), spread over the voice 1.
        """
        if self._say_until > self.time + 1e-9:
            self.wait(self._say_until - self.time)
        b = self.sentence(key, variant, **fields)
        content = self.render_binding(b)
        self._narration.append((content, b))
        # a drawn wait lasts whole frames, so it can end a fraction of a frame before the
        # previous line: this line starts where that one ends (cues never overlap)
        start = max(self.time, self._say_until)
        duration = max(2.0, READING_SECONDS_PER_CHAR[self.lang] * len(content))
        beat = getattr(self, "current_beat", "")
        voiced = self.voice.line(beat, key, content) if self.voice is not None else None
        cue, slot = duration, duration
        if voiced is not None:
            cue, slot = voiced.seconds, max(duration, voiced.seconds + VOICE_GAP)
            self.voiced.append((start, voiced))
        if not self._skipping():   # a skipped beat's narration belongs to another beat job
            self.add_subcaption(content, duration=cue, offset=start - self.time)
        if self._fp is not None:
            self._fingerprint("say", content, round(start - self.beat_start[self._fp[0]], 6),
                              duration, *((voiced.id, round(voiced.seconds, 6))
                                          if voiced is not None else ()))
        self.lines.append((beat, start, slot, key))
        self._say_until = start + slot

    def line(self, key: str, *steps, variant: str | None = None, fill: float = 0.8,
             **fields) -> None:
        """A narration line (:meth:`say`) with its visual actions paced over it.

        ``steps`` are played one after another, the first as the line's caption starts; each
        gets an equal share of the line and runs for ``fill`` of it (the rest is a short
        pause). A step is an animation, a list or tuple of animations played together, a
        callable returning either (built when its turn comes, for ``.animate`` of a mobject an
        earlier step moved), or a number: a pause of that many seconds.
        """
        self.say(key, variant, **fields)
        self.pace(*steps, fill=fill)

    def left(self, share: float = 1.0, least: float = 0.5) -> float:
        """``share`` of the seconds left in the current narration line (at least ``least``)."""
        return max(least, share * (self._say_until - self.time))

    def pace(self, *steps, over: float | None = None, fill: float = 0.8) -> None:
        """Play ``steps`` (see :meth:`line`) over ``over`` seconds (default: what is left of
        the current line), each in an equal share, running ``fill`` of it (the rest a short
        pause). A step is an animation, a list played together, a zero-argument callable
        returning either (built when its turn comes), a :class:`Plays` (a sweep's own play,
        given its run time) or a number (a pause of that many seconds)."""
        if not steps:
            return
        over = self._say_until - self.time if over is None else over
        pauses = sum(s for s in steps if isinstance(s, (int, float)))
        n = sum(1 for s in steps if not isinstance(s, (int, float)))
        slot = max(0.6, (over - pauses) / max(n, 1))
        for step in steps:
            if isinstance(step, (int, float)):
                self.wait(step)
                continue
            run = max(0.5, slot * fill)
            t0 = self.time
            if isinstance(step, Plays):
                step.fn(run)
            else:
                if callable(step) and not isinstance(step, Animation):
                    step = step()
                anims = list(step) if isinstance(step, (list, tuple)) else [step]
                self.play(*graded(anims, run))
            self._drop_empty_groups()
            n -= 1
            if n > 0 and slot - (self.time - t0) > 1e-3:
                self.wait(slot - (self.time - t0))

    def cued(self, cues: dict, *steps) -> None:
        """Play ``steps`` over the narration line just started, each from where the line says
        its cue to the next one's, paced as :meth:`pace` paces one step.

        ``cues[lang]`` holds one phrase per step, in order (``""`` for the line's start); the
        reading time runs evenly over the line's characters, as :meth:`say` times it. A cue the
        line no longer says (the narration was reworded) raises ``ValueError`` naming it.
        """
        text = self._narration[-1][0]
        _, start, length, _ = self.lines[-1]
        phrases = cues[self.lang]
        if len(phrases) != len(steps):
            raise ValueError(f"{self.SECTION_ID}: {len(steps)} steps, {len(phrases)} cues")
        at, i = [], 0
        for ph in phrases:
            i = text.find(ph, i) if ph else 0
            if i < 0:
                raise ValueError(f"{self.SECTION_ID}: cue {ph!r} not in the line {text!r}")
            at.append(start + length * i / len(text))
        at.append(start + length)
        for k, step in enumerate(steps):
            if at[k] > self.time + 1e-9:
                self.wait(at[k] - self.time)
            self.pace(step, over=at[k + 1] - self.time)

    def _drop_empty_groups(self) -> None:
        """Remove the empty groups a finished ``Circumscribe`` (a ``Succession``) leaves at the
        top of the scene: nothing is drawn, but ``clear_stage`` would fade them for nothing."""
        for m in [m for m in self.mobjects if type(m) is Group and not m.submobjects]:
            self.remove(m)

    @staticmethod
    def mark(mob: Mobject, color: str | None = None, buff: float = 0.1) -> Mobject:
        """A box round what the words point at (the lecture's one highlight: faded or moved
        when the next line moves on)."""
        return SurroundingRectangle(mob, color=color or style.PALETTE.highlight, buff=buff,
                                    stroke_width=style.MARK_STROKE)

    @classmethod
    def pointer(cls):
        """A box that follows the words: ``point(mob, color, buff)`` returns the animation
        that draws it the first time and moves it later; ``box["b"]`` is the box."""
        box: dict = {}

        def point(mob, color=None, buff=0.1):
            new = cls.mark(mob, color, buff)
            if "b" not in box:
                box["b"] = new
                return Create(new)
            return Transform(box["b"], new)
        return box, point

    def clear_stage(self, run_time: float = 0.6) -> None:
        """Fade out everything but the title and the claim."""
        keep = {self.title, self._claim}
        rest = [m for m in self.mobjects if m not in keep and not isinstance(m, ValueTracker)
                and m.family_members_with_points()]    # a Group too, not a tracker
        if rest:
            self.play(*[FadeOut(m) for m in rest], run_time=run_time)

    def hold(self, seconds: float = 1.5) -> None:
        """End a beat: pause on a readable frame and record every text on it.

        The pause lasts at least ``seconds`` and at least until the beat's narration ends.
        """
        self.wait(max(seconds, self._say_until - self.time))
        leaves = text_leaves(self.mobjects)
        self.layouts[self.current_beat] = [
            (type(m).__name__ + ":" + _label(m), _box(m)) for m in leaves]
        self.lowest[self.current_beat] = _lowest_drawn(self.mobjects)
        self.readouts[self.current_beat] = {
            m.binding.readout_name(): displayed(m) for m in leaves
            if getattr(m, "binding", None) is not None and m.binding.readout_name()}
        self.records[self.current_beat] = {
            "claim": (displayed(self._claim), self._claim.binding),
            "narration": list(self._narration),
            "texts": [(displayed(m), getattr(m, "binding", None)) for m in leaves],
        }
        if self.hold_hook is not None:
            self.hold_hook(self, self.current_beat)
        # The clip of this beat ends here, on the held frame: whatever the beat does after its
        # hold (clearing the stage) opens the next beat's clip, so every clip's last frame,
        # and the poster, is the readable one.
        i = self.BEATS.index(self.current_beat)
        if i + 1 < len(self.BEATS):
            self._start_section(self.BEATS[i + 1])

    # ----- playing ------------------------------------------------------------------------
    def play(self, *args, **kwargs):
        if self._fp is not None:
            self._fingerprint("play", [_anim_key(a) for a in args],
                              [(k, _stable(v)) for k, v in sorted(kwargs.items())])
        t0 = self.renderer.time
        moving = not (all(isinstance(a, Wait) for a in args) and not self._updating())
        if self.layout_only and self._jump(args, kwargs):
            self._log(t0, moving)
            return None
        self._out_of_window = self._outside_windows()
        try:
            out = super().play(*args, **kwargs)
            skipped = self.renderer.skip_animations and self._skipping()
        finally:
            self._out_of_window = False
        self.last_play_drawn = not skipped
        if skipped:
            self.renderer.time = self._drawn_time(t0)
            # A drawn play ends by running the updaters once more (Manim skips that when it
            # skips): do it here, so a replay leaves every mobject as a render leaves it.
            self.update_mobjects(0)
        self._after_transforms(args)
        self._log(t0, moving)
        return out

    def _updating(self) -> bool:
        """True if a wait now would draw moving frames (Manim's test for a static wait)."""
        return bool(self.always_update_mobjects or self.updaters or any(
            m.has_time_based_updater() for m in self.get_mobject_family_members()))

    def _log(self, t0: float, moving: bool) -> None:
        t1 = self.renderer.time
        if t1 > t0:
            self.timeline.append((getattr(self, "current_beat", ""), t0, t1, moving))

    def _drawn_time(self, t0: float) -> float:
        """The scene time after the last play had it drawn its frames.

        A skipped play advances Manim's clock by its run time; a drawn one by whole frames
        (``1/fps`` per frame, or ``int(duration·fps)`` frames for a still wait). A beat job
        replays the earlier beats skipped, so it steps the clock as drawing would: every later
        wait, narration cue and frame count then comes out as in a one-process render.
        """
        dt = 1 / self.camera.frame_rate
        if self.is_current_animation_frozen_frame():
            return t0 + int(self.duration / dt) * dt
        t = t0
        for _ in range(len(np.arange(0, self.duration, 1 / config["frame_rate"]))):
            t += dt
        return t

    def wait(self, duration: float = 1.0, *args, **kwargs):
        if self.layout_only:
            t0 = self.renderer.time
            moving = self._updating()
            self.renderer.time += duration
            self.update_mobjects(0)
            self._log(t0, moving)
            return None
        return super().wait(duration, *args, **kwargs)

    def _after_transforms(self, anims) -> None:
        """A Transform between texts leaves the source mobject showing the target's string:
        carry the target's binding and string over so the records say what is on screen."""
        for a in _flatten(anims):
            if _is_morph(a):
                src, dst = a.mobject, a.target_mobject
                if getattr(dst, "binding", None) is not None or isinstance(dst, TEXT_TYPES):
                    if isinstance(src, DecimalNumber) and isinstance(dst, DecimalNumber):
                        src.set_value(dst.get_value())
                    else:
                        src.shown_text = displayed(dst) if isinstance(dst, TEXT_TYPES) or \
                            getattr(dst, "shown_text", None) is not None else None
                    src.binding = getattr(dst, "binding", None)

    def _jump(self, args, kwargs) -> bool:
        """Apply each animation's end state at once; False if one is of an unknown kind."""
        anims = [a.build() if isinstance(a, _AnimationBuilder) else a for a in args]
        if not all(_jumpable(a) for a in _flatten(anims)):
            return False
        run_time = kwargs.get("run_time")
        if run_time is None:
            run_time = max([a.get_run_time() for a in anims] or [0.0])
        self.add_mobjects_from_animations(anims)     # as Manim's play does first
        for a in _flatten(anims):
            _jump_one(self, a)
        self._after_transforms(anims)
        self.renderer.time += run_time
        self.update_mobjects(0)
        return True


#: STYLE.md's motion grammar: one transform takes 0.5–1.5 s.
TRANSFORM_SECONDS = 1.5
#: A build (a drawing, a growing bar, a line of text coming in part by part) runs at most this
#: long, STYLE.md's pace for a sweep one reads along with; a longer one reads as dragging.
BUILD_SECONDS = 4.0
#: A build of many parts (a line of text, a table, a formula): each part enters in this long,
#: the parts one after another.
PART_SECONDS = 0.8


def graded(anims, run: float) -> list[Animation]:
    """A paced step's animations timed for a slot of ``run`` seconds within the grammar.

    A sweep (a tracker's ``.animate``) and a staged group (``LaggedStart``) run the whole slot:
    their own parts keep the pace. A build runs for at most :data:`BUILD_SECONDS`: a drawing
    (``Create``, ``Write``), a growing shape (``GrowFromEdge``...) and the entrance or exit of a
    mobject of several parts (``FadeIn`` of a line, a table, a formula), whose parts then come
    in one after another, each in :data:`PART_SECONDS`. Anything else (a morph, an emphasis, a
    single shape's fade, a box or an arrow drawn round what the words name) takes at most
    :data:`TRANSFORM_SECONDS`. The rest of the slot is a pause: an action stretched over a
    whole line reads as the picture dragging, and a pause is measured as one
    (``rnn-lecture motion``).

    Parameters
    ----------
    anims : list of Animation or _AnimationBuilder
    run : float
        The step's seconds.

    Returns
    -------
    list of Animation
        The same animations, each with its ``run_time`` (and, for a build, ``lag_ratio``) set;
        the shorter ones' rate functions hold their end past their own time, so they can share
        one ``play`` with the longer ones.
    """
    from manim import Succession, Write
    from manim.animation.growing import GrowFromPoint

    out = []
    for a in anims:
        a = a.build() if isinstance(a, _AnimationBuilder) else a
        m = getattr(a, "mobject", None)
        if isinstance(m, ValueTracker) or (isinstance(a, AnimationGroup)
                                           and not isinstance(a, Succession)):
            a.run_time = run                                  # a sweep, a LaggedStart
        elif isinstance(a, Create) and m is not None and _short_stroke(m):
            a.run_time = min(run, TRANSFORM_SECONDS)          # a box, an arrow: a mark
        elif isinstance(a, (Create, Write, GrowFromPoint)):
            a.run_time = min(run, BUILD_SECONDS)              # drawn, grown
        elif (a.is_introducer() or a.is_remover()) and m is not None \
                and len(m.family_members_with_points()) >= 3:
            a.run_time = min(run, BUILD_SECONDS)              # built part by part
            if a.run_time > TRANSFORM_SECONDS:
                piece = min(PART_SECONDS, a.run_time)
                a.lag_ratio = (a.run_time / piece - 1) / max(len(m.get_family()) - 1, 1)
        else:
            a.run_time = min(run, TRANSFORM_SECONDS)
        out.append(a)
    longest = max((a.run_time for a in out), default=0.0)
    for a in out:
        if a.run_time < longest - 1e-9:
            a.rate_func = _held(a.rate_func)
    return out


def _short_stroke(m: Mobject) -> bool:
    """A shape drawn in a transform's time: a box, a frame, an arrow (a few straight pieces),
    not a curve or a group of parts that is built as it is drawn."""
    return len(m.family_members_with_points()) <= 2 and len(m.get_all_points()) <= 64


def _held(rate):
    """``rate`` with time clamped to [0, 1]: the animation rests at its end state after its
    own run time while a longer one in the same play goes on."""
    def held(t, *args, **kwargs):
        return rate(min(max(t, 0.0), 1.0), *args, **kwargs)
    held.__name__ = f"held_{getattr(rate, '__name__', 'rate')}"
    return held


def _quantized(a, scale: float) -> bytes:
    return np.round(np.asarray(a, dtype=np.float64) * scale).astype(np.int64).tobytes()


def _stable(v) -> str:
    """``repr`` without what differs between processes (a function's address)."""
    if callable(v) and hasattr(v, "__qualname__"):
        return f"{getattr(v, '__module__', '')}.{v.__qualname__}"
    return repr(v)


def _anim_key(a) -> tuple:
    """What a play's argument looks like for a fingerprint (no object ids)."""
    if isinstance(a, _AnimationBuilder):
        return ("builder", tuple(getattr(getattr(m, "method", None), "__name__", "?")
                                 for m in getattr(a, "methods", [])),
                [(k, _stable(v)) for k, v in sorted(getattr(a, "anim_args", {}).items())])
    rate = getattr(a, "rate_func", None)
    return (type(a).__name__, getattr(a, "run_time", None), getattr(rate, "__name__", None),
            getattr(a, "lag_ratio", None))


def _flatten(anims):
    out = []
    for a in anims:
        if isinstance(a, AnimationGroup):
            out.extend(_flatten(a.animations))
        else:
            out.append(a)
    return out


def _is_morph(a) -> bool:
    """A Transform that leaves its source on screen looking like another mobject."""
    return (isinstance(a, Transform) and not a.is_introducer() and not a.is_remover()
            and not a.replace_mobject_with_target_in_scene)


def _jumpable(a) -> bool:
    from manim.animation.transform import _MethodAnimation

    if isinstance(a, (_MethodAnimation, Transform, Wait)):
        return True
    return bool(a.is_introducer() or a.is_remover())


def _ends_as_it_began(a) -> bool:
    """A Transform whose mobject is back in its first state when it ends: a there-and-back
    rate function (Indicate) or a TransformFromCopy (it plays the source's copy into the
    target, which is itself at the end)."""
    from manim.animation.transform import TransformFromCopy

    if isinstance(a, TransformFromCopy):
        return True
    rate = getattr(a, "rate_func", None)
    try:
        return rate is not None and abs(float(rate(1.0))) < 1e-6
    except (TypeError, ValueError):
        return False


def _jump_one(scene: Scene, a) -> None:
    from manim.animation.transform import _MethodAnimation

    if isinstance(a, _MethodAnimation):
        for item in a.methods:
            item.method.__func__(a.mobject, *item.args, **item.kwargs)
    elif isinstance(a, Wait):
        pass
    elif a.is_remover():
        scene.remove(a.mobject)
    elif isinstance(a, Transform) and a.replace_mobject_with_target_in_scene:
        scene.replace(a.mobject, a.target_mobject)     # keeps the draw order, as Manim does
    elif isinstance(a, Transform) and _ends_as_it_began(a):
        if a.mobject not in scene.get_mobject_family_members():
            scene.add(a.mobject)
    elif isinstance(a, Transform) and not a.is_introducer():
        a.mobject.become(a.target_mobject)
        if a.mobject not in scene.get_mobject_family_members():   # not already inside a group
            scene.add(a.mobject)
    else:   # an introducer (FadeIn, Create, Write, GrowFromEdge...) ends on the mobject itself
        scene.add(a.mobject)


def _lowest_drawn(mobjects) -> tuple[float, str]:
    """The lowest y any visible stroke or fill reaches, and what reaches it."""
    best = (np.inf, "")
    for m in mobjects:
        for f in m.get_family():
            if not isinstance(f, VMobject) or len(f.points) == 0:
                continue
            if not (np.any(f.get_fill_opacities() > 0.01) or
                    (f.get_stroke_width() > 0 and np.any(f.get_stroke_opacities() > 0.01))):
                continue
            y = f.points[:, 1].min()
            if y < best[0]:
                best = (float(y), type(m).__name__ + (":" + _label(m) if isinstance(m, TEXT_TYPES) else ""))
    return best


def _box(m: Mobject) -> np.ndarray:
    """``[xmin, ymin, xmax, ymax]`` of a mobject."""
    lo, hi = m.get_corner(DOWN + LEFT), m.get_corner(UP - LEFT)
    return np.array([lo[0], lo[1], hi[0], hi[1]])


def _label(m: Mobject) -> str:
    try:
        return displayed(m)[:30]
    except TypeError:
        return ""


__all__ = ["LectureScene", "Fixed", "Val", "VGroup", "displayed", "text_leaves"]
