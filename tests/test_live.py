"""Live sweeps (scenes/live.py): the fast paths draw what Manim's slow ones draw."""

from __future__ import annotations

import numpy as np
import pytest
from manim import Dot, Rectangle, Scene, Text, ValueTracker, VMobject, linear

from scenes.live import Live, adopt, lighten


def test_live_number_follows_the_index_in_the_lecture_font():
    """A live readout shows each point's value in its format, in the lecture font, its left
    edge and cap line fixed (a minus or a longer number grows it to the right), bound to the
    point it shows."""
    from scenes import style

    m = Text("0.50", font=style.FONT, font_size=24).move_to([1.3, -0.7, 0])
    m.live_style, m.shown_text = ("dec:2", 24, "#7BD389"), "0.50"
    left, top = m.get_left()[0], m.get_top()[1]
    xs = [0.5, -0.25, 12.5, 0.004, 0.5]
    i = ValueTracker(0)
    live = Live(None, lambda: int(i.get_value()))
    live.number(m, lambda j: xs[j], path="p[{i}]")
    item = live.items[-1]
    assert item.fmt == "dec:2" and item.path == "p[{i}]"
    for j, want in enumerate(["0.50", "\u22120.25", "12.50", "0.00", "0.50"]):
        item.update(m, j)
        assert m.shown_text == want and isinstance(m, Text)
        assert abs(m.get_left()[0] - left) < 1e-6 and abs(m.get_top()[1] - top) < 1e-6
        assert m.binding.fields["v"].path == f"p[{j}]"
        shown = Text(want, font=style.FONT, font_size=24)
        assert abs(m.width - shown.width) < 1e-6, want


def test_adopt_copies_points_and_style():
    a = Rectangle(width=1, height=0.3, fill_color="#ff0000", fill_opacity=0.5)
    b = Rectangle(width=2.5, height=0.3, fill_color="#ff0000", fill_opacity=0.5).shift(1)
    adopt(a, b)
    np.testing.assert_allclose(a.points, b.points)
    c = VMobject().set_points_as_corners([[0, 0, 0], [1, 1, 0], [2, 0, 0]])
    adopt(a, c)                           # a different shape of family: become
    np.testing.assert_allclose(a.points, c.points)


def test_lighten_keeps_the_glyphs():
    from manim import MathTex

    m = MathTex(r"h_t = \tanh(c_t)")
    pts = [f.points.copy() for f in m.get_family()]
    lighten([m])
    assert all(f.__dict__.get("path_obj") is None for f in m.get_family())
    for f, p in zip(m.copy().get_family(), pts):
        np.testing.assert_array_equal(f.points, p)


def test_live_play_follows_the_index_then_lets_go():
    from scenes import style

    class S(Scene):
        def construct(self):
            k = ValueTracker(0)
            values = np.linspace(0, 1, 11)
            live = Live(self, lambda: int(round(k.get_value())))
            n = Text("0.00", font=style.FONT, font_size=24)
            n.live_style, n.shown_text = ("dec:2", 24, "#7BD389"), "0.00"
            self.n = live.number(n, lambda i: values[i])
            self.dot = live.redraw(lambda i: Dot([i, 0, 0]))
            self.add(self.n, self.dot)
            live.play(k.animate.set_value(10), run_time=0.2, rate_func=linear)

    from manim import tempconfig

    with tempconfig({"dry_run": True, "disable_caching": True}):
        s = S()
        s.render()
    assert s.n.shown_text == "1.00"
    assert s.dot.get_center()[0] == pytest.approx(10)
    assert not s.n.updaters and not s.dot.updaters
