"""Pieces of a beat: a long beat drawn by several beat jobs at once, each drawing the plays
that start in its window of the beat's seconds and skipping the others (as a beat job skips
the beats before its own). Names only: no Manim here (the renderer's scheduler names pieces,
:class:`scenes.base.LectureScene` draws them)."""

from __future__ import annotations


def piece(beat: str, k: int, start: float, end: float | None) -> str:
    """The name of piece ``k`` of ``beat`` for a beat job: the plays of the beat that start
    from ``start`` up to ``end`` seconds after the beat's (``None``: to its end) are drawn, the
    others skipped. A long beat cut into pieces is drawn by several workers at once; its clip
    is their clips joined (:func:`rnn_lecture.render.draw.join_pieces`), the frames a whole beat's
    clip has, since each play's frames depend only on the scene as the play begins."""
    return f"{beat}#{k}@{start!r}-{'' if end is None else repr(end)}"


def parse_piece(spec: str) -> tuple[str, tuple[float, float] | None]:
    """``(beat, (start, end))`` of a piece's name (:func:`piece`), ``(beat, None)`` of a beat's;
    ``ValueError`` for a malformed one."""
    beat, sep, rest = spec.partition("#")
    if not sep:
        return spec, None
    k, _, window = rest.partition("@")
    a, dash, b = window.partition("-")
    try:
        int(k)
        start, end = float(a), (float(b) if b else float("inf"))
    except ValueError:
        raise ValueError(f"not a piece of a beat: {spec!r}") from None
    if not dash or not 0 <= start < end:
        raise ValueError(f"not a piece of a beat: {spec!r}")
    return beat, (start, end)


def piece_stem(spec: str) -> str:
    """The file stem of a beat job's clip of ``spec`` (a beat, or a piece: ``beat#k``)."""
    return spec.partition("@")[0]
