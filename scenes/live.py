"""Sweeps that cost what changes: live readouts and shapes updated only while a sweep plays.

A sweep drives a ``ValueTracker`` over indices into arrays of values, and every frame shows the
nearest computed point (:meth:`scenes.base.LectureScene.at`). Drawn the obvious way
(``always_redraw`` and ``add_updater(lambda m: m.set_value(...))``, left on for the whole beat),
every frame rebuilds every shape and re-typesets every readout, even when the index has not
moved, and a wait or hold with an updater anywhere on screen draws each of its frames instead
of freezing one. :class:`Live` keeps what is on screen the same and does less:

- updaters are attached for the plays that move the tracker only (``live.play``), so holds and
  waits between steps are frozen frames;
- a shape is rebuilt only when the index moves, and its new points are copied into the
  mobject already on screen (no ``become``, no deep copy);
- a live readout (a lecture-font number, :meth:`Live.number`) is rebuilt only when its string
  changes, from one Text per string, instead of a ``DecimalNumber``'s deep copy of a cached
  glyph per digit per frame, which was most of a sweep's time.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from manim import ORIGIN, UL, DecimalNumber, MathTex, Mobject, Tex, Text, VMobject

from . import style
from .baseline import beside
from .bind import Binding, Val


def displayed(m: Mobject) -> str:
    """The string a text mobject shows (after a Transform: the string of its target)."""
    if isinstance(m, DecimalNumber):   # LaTeX draws its hyphen as the true minus
        return m._get_num_string(m.get_value()).replace("-", "\u2212")
    override = getattr(m, "shown_text", None)
    if override is not None:
        return override
    if isinstance(m, Text):
        return m.original_text
    if isinstance(m, (MathTex, Tex)):
        return m.tex_string
    raise TypeError(f"not a text: {type(m).__name__}")


#: The style members :func:`adopt` copies.
_STYLE = ("fill_rgbas", "stroke_rgbas", "background_stroke_rgbas", "stroke_width",
          "background_stroke_width", "sheen_factor", "sheen_direction")


def adopt(mob: Mobject, new: Mobject) -> None:
    """Make ``mob`` look like ``new``: copy points and style member by member when the two
    families have the same shape, else ``become``."""
    fa, fb = mob.get_family(), new.get_family()
    if len(fa) != len(fb) or any(type(a) is not type(b) for a, b in zip(fa, fb)):
        mob.become(new)
        return
    for a, b in zip(fa, fb):
        a.points = b.points
        for attr in _STYLE:
            if hasattr(b, attr):
                setattr(a, attr, getattr(b, attr))


#: Inner points a sweep is sampled at besides each play's first and last (tests and
#: ``rnn-lecture script``): ``RNN_LECTURE_SWEEP_POINTS`` raises it, ``all`` takes every point.
SWEEP_POINTS_ENV = "RNN_LECTURE_SWEEP_POINTS"


def swap_glyphs(mob: Mobject, new: Mobject) -> Mobject:
    """Make the text ``mob`` show ``new``'s glyphs: its glyphs replaced by ``new``'s (not
    ``become``, whose ``align_data`` pads the shorter family with copies: a number that went
    from "2.00" to "−2.00" and back kept a duplicate glyph drawn twice over one, edges darker,
    and a beat replayed without drawing ended with another family than one drawn). The glyphs
    dropped have their points emptied, as Manim's ``set_value`` does, so one still listed
    among a play's moving mobjects draws nothing."""
    old = mob.get_family()[1:]
    mob.submobjects = list(new.submobjects)
    keep = set(mob.get_family())
    for g in old:
        if g not in keep:
            g.points = np.zeros((0, 3))
    return mob


def sweep_points(a: int, b: int) -> list[int]:
    """The tracker values a play from ``a`` to ``b`` is sampled at: both ends and a few inner
    points (:data:`SWEEP_POINTS_ENV`, default 3; ``all``: every point)."""
    import os

    lo, hi = min(a, b), max(a, b)
    depth = os.environ.get(SWEEP_POINTS_ENV, "3")
    if depth == "all":
        return list(range(lo, hi + 1))
    n = max(int(depth), 0)
    inner = {lo + round((hi - lo) * (k + 1) / (n + 1)) for k in range(n)}
    return sorted({lo, hi} | inner)


def corners(mob: Mobject) -> np.ndarray:
    """The corner points of a polyline made by ``set_points_as_corners`` (each segment's
    start, then the last end), read back from its points: what a measure of a curve reads."""
    pts = mob.points
    if len(pts) == 0:
        return pts
    return np.concatenate([pts[::4], pts[-1:]])


def on_which(slots, mob: Mobject) -> float:
    """The index of the slot among ``slots`` whose centre ``mob``'s centre stands on (a
    cursor's readback: the sweep index it shows), nan when it stands on none of them (off by
    more than a quarter of the nearest two slots' spacing)."""
    centres = np.array([s.get_center() for s in slots])
    d = np.linalg.norm(centres - mob.get_center(), axis=1)
    k = int(d.argmin())
    gaps = np.linalg.norm(np.diff(centres, axis=0), axis=1) if len(centres) > 1 else [1.0]
    return float(k) if d[k] <= 0.25 * float(np.min(gaps)) else float("nan")


class Follower:
    """One live part of a sweep and what it is declared to follow.

    ``path`` is a values path with ``{i}`` for the sweep's index (``"sweep_kept[{i}]"``), or
    a tuple of them; the path ``"{i}"`` alone is the index itself (a cursor on the i-th box).
    A readout shows ``path`` in ``fmt``, a shape's ``measure(mob)`` (read from its geometry: a
    bar's length, a dot's position on its axes) equals the value(s) at ``path`` within
    ``tol``. A shape that encodes no value of its own (it only moves with one that is
    measured) declares so with ``decor``, the reason. The tests resolve the paths themselves
    (``tests/harness.py``) and fail a shape with neither a measure nor a reason.
    """

    __slots__ = ("mob", "update", "path", "fmt", "measure", "tol", "kind", "read", "decor")

    def __init__(self, mob, update, path=None, fmt=None, measure=None, tol=1e-6, kind="shape",
                 read=None, decor=None):
        self.mob, self.update, self.path, self.fmt = mob, update, path, fmt
        self.measure, self.tol, self.kind, self.read = measure, tol, kind, read
        self.decor = decor

    def reading(self):
        """What this part shows now: a readout's string, a shape's measure (None if neither
        is declared)."""
        if self.kind == "number":
            return self.mob._get_num_string(self.mob.number).replace("-", "\u2212")
        if self.kind == "text":
            if self.read is not None:
                return self.read(self.mob)
            return displayed(self.mob)
        return None if self.measure is None else self.measure(self.mob)


class Live:
    """The live parts of one sweep, driven by ``index`` (the tracker's nearest point).

    ``number``, ``redraw`` and ``shape`` register what follows the index; ``play`` attaches
    their updaters for one play (each brought to the index on its first frame, as an
    ``always_redraw`` would be, then only when the index moves) and removes them after it (the
    play's last update has run by then, so they stand at the play's final index).

    What the sweep follows is declared, so the tests can check frames between holds: ``over``
    names the values array whose every index the sweep's plays cover (first to last, or to
    the index at the values path ``to``), ``at`` an index path the beat's claim names
    (or a tuple of them, for a sweep that runs through beats: sampled too, and the tests
    require the sweep to stand on it), and each part its ``path``. When
    the scene has ``probe_sweeps`` set (construction without video: tests, ``rnn-lecture
    script``), every play is sampled after it ends (:func:`sweep_points`): the tracker is
    set to each point, every part is updated and read, and then all is put back as the play
    left it. The samples are kept in ``scene.sweeps``.
    """

    def __init__(self, scene, index: Callable[[], int], over: str | None = None,
                 at: str | tuple[str, ...] | None = None, to: str | None = None):
        self.scene = scene
        self.index = index
        self.over, self.at, self.to = over, at, to
        self.items: list[Follower] = []
        self.spans: list[tuple[int, int]] = []
        self.samples: list[tuple[int, list]] = []
        self.beat = None

    def follow(self, mob: Mobject, update: Callable[[Mobject, int], None], path=None,
               fmt: str | None = None, measure=None, tol: float = 1e-6, read=None,
               decor: str | None = None) -> Mobject:
        """Run ``update(mob, i)`` when the sweep's index moves to ``i`` (a change in place:
        a move, a repaint, a ``become``). A text rebuilt so declares ``path`` and ``fmt``
        (and ``read(mob)``, the string it shows, where that is not ``displayed(mob)``); a
        shape ``path`` and ``measure``, or ``decor``: why it encodes no value."""
        kind = "text" if fmt is not None else "shape"
        self.items.append(Follower(mob, update, path, fmt, measure, tol, kind, read, decor))
        return mob

    def number(self, mob: Mobject, value: Callable[[int], float],
               path: str | None = None) -> Mobject:
        """Keep the live readout ``mob`` (:meth:`scenes.base.LectureScene.number`) showing
        ``value(i)`` at the sweep's index ``i`` (declared: the values at ``path``, in the
        readout's format): its glyphs rebuilt only when its string changes (one Text per
        string), its left edge and cap line fixed."""
        fmt = mob.live_style[0]
        glyphs: dict[str, Text] = {}

        def update(m, i):
            x = float(value(i))
            shown = style.fmt_decimal(x, int(fmt.partition(":")[2]))
            if shown != getattr(m, "shown_text", None):
                if shown not in glyphs:
                    glyphs[shown] = number_text(m, x)
                swap_glyphs(m, anchor_number(glyphs[shown].copy(), m))
                m.shown_text = shown
            if path is not None:
                at = path.format(i=i)
                m.binding = Binding("{v}", {"v": Val(at, fmt)}, name=at)
        return self.follow(mob, update, path=path, fmt=fmt)

    def redraw(self, build: Callable[[int], Mobject], path=None, measure=None,
               tol: float = 1e-6, fmt: str | None = None, read=None,
               decor: str | None = None) -> Mobject:
        """A shape built by ``build(i)`` for the current index, rebuilt when the index moves
        (``always_redraw`` without the per-frame rebuild). A readout so rebuilt declares
        ``path``, ``fmt`` and ``read``; a shape ``path`` and ``measure``, or ``decor``."""
        mob = build(self.index())
        if fmt is not None:
            return self.follow(mob, lambda m, i: adopt(m, build(i)), path, fmt, read=read)
        return self.shape(mob, build, path, measure, tol, decor)

    def shape(self, mob: Mobject, build: Callable[[int], Mobject], path=None, measure=None,
              tol: float = 1e-6, decor: str | None = None) -> Mobject:
        """Like :meth:`redraw` for a shape that already exists."""
        self.items.append(Follower(mob, lambda m, i: adopt(m, build(i)), path, None, measure,
                                   tol, decor=decor))
        return mob

    @staticmethod
    def _trackers(anims) -> list:
        from manim import ValueTracker
        from manim.mobject.mobject import _AnimationBuilder

        out = []
        for a in anims:
            m = a.mobject if isinstance(a, _AnimationBuilder) else getattr(a, "mobject", None)
            if isinstance(m, ValueTracker) and m not in out:
                out.append(m)
        return out

    def play(self, *anims, **kwargs):
        """``scene.play`` with every live part following the index, and still after it."""
        trackers = self._trackers(anims)
        j0 = self.index()
        starts = [t.get_value() for t in trackers]
        attached = []
        for item in self.items:
            state = {"i": None}      # the first frame brings every part to the index

            def follow(m, update=item.update, state=state):
                i = self.index()
                if i != state["i"]:
                    state["i"] = i
                    update(m, i)
            item.mob.add_updater(follow)
            attached.append((item.mob, follow))
        try:
            out = self.scene.play(*anims, **kwargs)
        finally:
            for mob, follow in attached:
                mob.remove_updater(follow)
        if getattr(self.scene, "probe_sweeps", False):
            self._probe(trackers, starts, j0)
        return out

    def _probe(self, trackers, starts, j0) -> None:
        if self.beat is None:
            self.beat = getattr(self.scene, "current_beat", None)
            self.scene.__dict__.setdefault("sweeps", []).append(self)
        j1 = self.index()
        self.spans.append((j0, j1))
        if len(trackers) != 1:          # the index did not move (or moved with two trackers)
            self.samples.append((j1, [it.reading() for it in self._updated(j1)]))
            return
        (tr,) = trackers
        end = tr.get_value()
        points = sweep_points(int(round(starts[0])), int(round(end)))
        points = sorted(set(points) | {k for k in self.at_indices
                                       if min(points) <= k <= max(points)})
        for p in points:
            tr.set_value(p)
            j = self.index()
            self.samples.append((j, [it.reading() for it in self._updated(j)]))
        tr.set_value(end)
        self._updated(self.index())

    @property
    def at_indices(self) -> list[int]:
        """The indices ``at`` names (one values path, or a tuple of them; a path whose value
        is None names none, e.g. a crossing that does not happen at these parameters)."""
        if self.at is None:
            return []
        from .bind import resolve
        paths = (self.at,) if isinstance(self.at, str) else self.at
        ks = [resolve(q, self.scene.v, self.scene.params) for q in paths]
        return [int(k) for k in ks if k is not None]     # None: a crossing that never comes

    def _updated(self, j: int) -> list[Follower]:
        for it in self.items:
            it.update(it.mob, j)
        return self.items


def lighten(mobjects) -> None:
    """Drop the parsed SVG path each glyph of a Text or MathTex keeps after its points are
    made (``path_obj``, read only while the glyph is built): it is most of what a copy of a
    text costs, and every FadeIn, FadeOut and Transform copies its mobjects."""
    for m in mobjects:
        for f in m.get_family():
            if f.__dict__.get("path_obj") is not None:
                f.path_obj = None


def _animated(anims) -> list[Mobject]:
    from manim import AnimationGroup
    from manim.mobject.mobject import _AnimationBuilder

    out = []
    for a in anims:
        if isinstance(a, _AnimationBuilder):
            out.append(a.mobject)
        elif isinstance(a, AnimationGroup):
            out.extend(_animated(a.animations))
        elif isinstance(a, Mobject):
            out.append(a)
        else:
            out.extend(m for m in (getattr(a, "mobject", None),
                                   getattr(a, "target_mobject", None)) if m is not None)
    return out


class LightCopies:
    """Mixin for a section scene: every play first drops what its mobjects' copies need not
    carry (:func:`lighten`), and so do the glyphs ``DecimalNumber`` copies its digits from.
    The frames are the same; the copies every animation makes, drawn or replayed in a later
    beat's job, cost a fifth."""

    def play(self, *args, **kwargs):
        from manim.mobject.text.numbers import string_to_mob_map

        lighten(_animated(args))
        lighten(string_to_mob_map.values())
        return super().play(*args, **kwargs)


def number_text(mob: Mobject, x: float) -> Text:
    """What the live readout ``mob`` would show for ``x`` (a Text in its font, size and
    color): to size a box or an edge for the widest value of a sweep."""
    fmt, size, color = mob.live_style
    return Text(style.fmt_decimal(x, int(fmt.partition(":")[2])), font=style.FONT,
                font_size=size, color=color)


def anchor_number(new: Mobject, old: Mobject) -> Mobject:
    """Put ``new`` (a number's next string) where ``old`` stands: the same left edge and the
    same cap line (every digit reaches it; a minus, a point or a comma's tail do not move it)."""
    return new.shift(old.get_corner(UL) - new.get_corner(UL))


def growing_curve(live: "Live", ax, x_path: str, xs, y_path: str, ys, color: str,
                  stroke_width: float = 4) -> Mobject:
    """A polyline on the axes ``ax`` through the points ``(xs[j], ys[j])`` for ``j`` up to the
    sweep's index, rebuilt as the index moves: a curve drawn out as the sweep goes. Declared
    to follow ``(x_path[i], y_path[i])`` (values paths without the index), measured at its tip
    read back through the axes. One point is drawn as a zero-length line."""

    def build(i):
        pts = [ax.c2p(xs[j], ys[j]) for j in range(i + 1)]
        return VMobject(color=color, stroke_width=stroke_width).set_points_as_corners(
            pts if len(pts) > 1 else pts * 2)

    return live.redraw(build, path=(f"{x_path}[{{i}}]", f"{y_path}[{{i}}]"),
                       measure=lambda m: ax.p2c(corners(m)[-1])[:2])


def _place_value(m, label, buff, at, edge):
    """A lecture-font readout right of ``label`` on its baseline, or at the point ``at`` by
    its ``edge`` (centred without one): one placement for the live readout and its settling."""
    if at is not None:
        return m.move_to(at, aligned_edge=ORIGIN if edge is None else edge)
    return beside(m, label, buff)


def live_value(scene, live, path, fmt, label, color, size=style.LABEL_SIZE + 4, buff=0.15,
               at=None, edge=None):
    """A live readout in the lecture font right of ``label``: a Text of the value at
    ``path`` (``{i}`` the sweep's index), its binding moved to each point, its glyphs rebuilt
    only when its string changes (one Text per string), its left edge fixed. With ``at`` (a
    point) and no label, the readout is placed there instead: centred (a number under a bar),
    or by its ``edge`` (``LEFT``: a column of numbers)."""
    glyphs: dict[str, Text] = {}

    def place(m):
        return _place_value(m, label, buff, at, edge)

    def update(m, i):
        b = Binding("{v}", {"v": Val(path.format(i=i), fmt)}, name=path.format(i=i))
        shown = scene.render_binding(b)
        if shown != getattr(m, "shown_text", None):
            if shown not in glyphs:
                glyphs[shown] = Text(shown, font=style.FONT, font_size=size, color=color)
            swap_glyphs(m, place(glyphs[shown].copy()))
        m.binding, m.shown_text = b, shown

    first = scene.value(path.format(i=live.index()), fmt, size=size, color=color)
    scene.shown.pop(first.binding.name, None)
    return live.follow(place(first), update, path=path, fmt=fmt)


def settle_value(scene, mob, path, fmt, label, color, name=None, size=style.LABEL_SIZE + 4,
                  buff=0.15, at=None, edge=None):
    """Put a live lecture-font readout back on a values path (``settle`` for a Text): the
    same mobject, so the groups it belongs to keep it. ``at`` as for :func:`live_value`."""
    new = _place_value(scene.value(path, fmt, size=size, color=color, name=name), label, buff,
                       at, edge)
    swap_glyphs(mob, new)
    mob.binding, mob.shown_text = new.binding, new.shown_text
    scene.shown[new.binding.name] = mob
    return mob
