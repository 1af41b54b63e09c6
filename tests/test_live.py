"""Live sweeps (scenes/live.py): the fast paths draw what Manim's slow ones draw."""

from __future__ import annotations

import numpy as np
import pytest
from manim import LEFT, DecimalNumber, Dot, Rectangle, Scene, ValueTracker, VMobject, linear

from scenes.live import Live, adopt, lighten, set_number


def _number(places: int, sign: bool = False) -> DecimalNumber:
    d = DecimalNumber(0.0, num_decimal_places=places, include_sign=sign, color="#7BD389")
    return d.scale(0.62).move_to([1.3, -0.7, 0], aligned_edge=LEFT)


def _drawn(m: DecimalNumber):
    return [(f.points, f.fill_rgbas, f.stroke_width) for f in m.get_family() if f.has_points()]


@pytest.mark.parametrize("places,sign", [(3, False), (2, False), (0, False), (2, True)])
def test_set_number_lays_out_what_set_value_does(places, sign):
    slow, fast = _number(places, sign), _number(places, sign)
    values = [*np.linspace(-1.2, 1.3, 37), *np.linspace(1.3, -0.5, 11), 4e-4, -4e-4, 12.5,
              -3.25, 40.0, 7.0]
    for x in values:
        slow.set_value(x)
        set_number(fast, x)
        assert slow._get_num_string(slow.number) == fast._get_num_string(fast.number)
        a, b = _drawn(slow), _drawn(fast)
        assert len(a) == len(b), x
        for (pa, ca, wa), (pb, cb, wb) in zip(a, b):
            np.testing.assert_allclose(pa, pb, atol=1e-9)
            np.testing.assert_allclose(ca, cb)
            assert wa == wb


def test_replaced_glyphs_draw_nothing():
    """Glyphs a number drops have their points zeroed, as Manim's set_value does, so a glyph
    still listed among a play's moving mobjects leaves no trace."""
    d = _number(3)
    before = [f for f in d.get_family() if f.has_points()]
    set_number(d, 0.5)
    set_number(d, 0.25)
    now = set(d.get_family())
    for f in before:
        assert f not in now and not np.any(f.points)
    for pool in d._glyph_pools:
        for glyphs in pool.values():
            for g in glyphs:
                if g not in now:
                    assert all(not np.any(f.points) for f in g.get_family())


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
    class S(Scene):
        def construct(self):
            k = ValueTracker(0)
            values = np.linspace(0, 1, 11)
            live = Live(self, lambda: int(round(k.get_value())))
            self.n = live.number(_number(2), lambda i: values[i])
            self.dot = live.redraw(lambda i: Dot([i, 0, 0]))
            self.add(self.n, self.dot)
            live.play(k.animate.set_value(10), run_time=0.2, rate_func=linear)

    from manim import tempconfig

    with tempconfig({"dry_run": True, "disable_caching": True}):
        s = S()
        s.render()
    assert s.n._get_num_string(s.n.number) == "1.00"
    assert s.dot.get_center()[0] == pytest.approx(10)
    assert not s.n.updaters and not s.dot.updaters
