"""Pacing a narration line's actions when one of them is a sweep's own play (§03, §04).

:meth:`scenes.base.LectureScene.pace` plays each step with ``scene.play``; a sweep's step must
go through :meth:`scenes.live.Live.play` (so its parts follow the index and the harness samples
it). :func:`pace` takes both kinds: a :class:`Plays` step is called with its run time and plays
itself. Private to the primer's gate sections until ``scenes/base.py`` grows the same.
"""

from __future__ import annotations

from manim import Animation, Group


class Plays:
    """A step that plays itself: ``fn(run_time)`` (e.g. ``lambda rt: live.play(..., run_time=rt)``)."""

    def __init__(self, fn):
        self.fn = fn


def pace(scene, *steps, fill: float = 0.85, over: float | None = None) -> None:
    """Play ``steps`` over what is left of the current line (or ``over`` seconds), one after
    another in equal shares, each running ``fill`` of its share (the rest a short pause).

    A step is an animation, a list of animations played together, a zero-argument callable
    returning either (built when its turn comes), a :class:`Plays`, or a number (a pause).
    """
    if not steps:
        return
    over = scene.left(1.0, least=0.0) if over is None else over
    pauses = sum(s for s in steps if isinstance(s, (int, float)))
    n = sum(1 for s in steps if not isinstance(s, (int, float)))
    slot = max(0.6, (over - pauses) / max(n, 1))
    for step in steps:
        if isinstance(step, (int, float)):
            scene.wait(step)
            continue
        run = max(0.5, slot * fill)
        if isinstance(step, Plays):
            step.fn(run)
        else:
            if callable(step) and not isinstance(step, Animation):
                step = step()
            anims = list(step) if isinstance(step, (list, tuple)) else [step]
            scene.play(*anims, run_time=run)
        _drop_empty_groups(scene)
        n -= 1
        if n > 0 and slot - run > 1e-3:
            scene.wait(slot - run)


def _drop_empty_groups(scene) -> None:
    """Remove the empty groups a finished ``Circumscribe`` (a ``Succession``) leaves at the top
    of the scene: nothing is drawn, but ``clear_stage`` would never fade them."""
    for m in [m for m in scene.mobjects if type(m) is Group and not m.submobjects]:
        scene.remove(m)
