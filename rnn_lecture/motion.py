"""How much of a section's running time is one frozen frame: measured on a scene's timeline and
on a rendered video.

Issue 22's targets, per section and language: the frozen share of the running time at most
:data:`MAX_FROZEN_SHARE`, and no frozen stretch longer than :data:`MAX_FROZEN_STRETCH` seconds
except the section's last frame (its closing hold, the poster).

Two measures of the same thing:

* :func:`timeline_figures` reads the intervals a scene records while it is constructed
  (:attr:`scenes.base.LectureScene.timeline`: every play and wait with its start, end and
  whether anything moves), so it costs a layout-only construction (about a second) and needs no
  video. A play moves; a wait is frozen unless an updater runs during it.
* :func:`video_figures` decodes a rendered MP4: a frame held for several periods (our encoder
  writes a held frame once, with its length, :func:`scenes.manim_patches.encode_held_frames_once`)
  and a run of identical frames are frozen. It is the measure of what a viewer sees; the
  timeline's is its estimate, and ``tests/test_motion.py`` checks that the two agree on a real
  render.

Pure Python; :func:`video_figures` imports PyAV and numpy when called.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Frozen share of a section's running time, at most.
MAX_FROZEN_SHARE = 0.40
#: Longest frozen stretch in seconds, except the section's last frame.
MAX_FROZEN_STRETCH = 6.0
#: A narration line must start an animation (or be inside one) within this many seconds.
LINE_ACTION_WITHIN = 1.0


@dataclass(frozen=True)
class MotionFigures:
    """Frozen share and stretches of one section (one language, one quality).

    Attributes
    ----------
    duration : float
        Running time in seconds.
    frozen : float
        Seconds of frozen frames, the closing hold included.
    stretches : tuple of (float, float)
        Every frozen stretch as ``(start, end)`` seconds, in order; the last one may be the
        closing hold.
    closing : float
        Length of the frozen stretch that ends the section (0 if the section ends moving).
    """

    duration: float
    frozen: float
    stretches: tuple[tuple[float, float], ...]
    closing: float

    @property
    def share(self) -> float:
        return self.frozen / self.duration if self.duration > 0 else 0.0

    @property
    def longest(self) -> float:
        """The longest frozen stretch, not counting the closing hold."""
        inner = self.stretches[:-1] if self.closing > 0 else self.stretches
        return max((b - a for a, b in inner), default=0.0)

    def longest_at(self) -> tuple[float, float] | None:
        inner = self.stretches[:-1] if self.closing > 0 else self.stretches
        return max(inner, key=lambda s: s[1] - s[0], default=None)

    def failures(self) -> list[str]:
        out = []
        if self.share > MAX_FROZEN_SHARE + 1e-9:
            out.append(f"frozen {self.share:.0%} of {self.duration:.1f} s "
                       f"(at most {MAX_FROZEN_SHARE:.0%})")
        if self.longest > MAX_FROZEN_STRETCH + 1e-6:
            a, b = self.longest_at()
            out.append(f"frozen {b - a:.1f} s from {a:.1f} s (at most {MAX_FROZEN_STRETCH:g} s)")
        return out


def _merge(intervals, eps: float = 1e-6) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for a, b in sorted(intervals):
        if b - a <= eps:
            continue
        if out and a <= out[-1][1] + eps:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def figures(frozen_intervals, duration: float) -> MotionFigures:
    """:class:`MotionFigures` of the frozen ``(start, end)`` intervals of a ``duration``."""
    st = _merge(frozen_intervals)
    closing = st[-1][1] - st[-1][0] if st and st[-1][1] >= duration - 1e-3 else 0.0
    return MotionFigures(duration=duration, frozen=sum(b - a for a, b in st),
                         stretches=tuple(st), closing=closing)


def timeline_figures(timeline, duration: float | None = None) -> MotionFigures:
    """Figures of a scene's timeline: ``(beat, start, end, moving)`` entries."""
    end = max((t1 for _, _, t1, _ in timeline), default=0.0) if duration is None else duration
    return figures([(t0, t1) for _, t0, t1, moving in timeline if not moving], end)


def late_lines(lines, timeline, within: float = LINE_ACTION_WITHIN) -> list[tuple]:
    """Narration lines (``(beat, start, duration, key)``) with no animation starting or running
    in their first ``within`` seconds."""
    moving = [(t0, t1) for _, t0, t1, m in timeline if m and t1 > t0]
    out = []
    for line in lines:
        s = line[1]
        if not any(t0 < s + within - 1e-9 and t1 > s + 1e-9 for t0, t1 in moving):
            out.append(line)
    return out


#: A run of identical frames shorter than this, with no held frame in it, is not frozen: a
#: picture that changes at least twice a second moves (a sweep stepping through its points,
#: the slow end of a smooth build), at any frame rate.
MIN_STILL_RUN = 0.5


def video_figures(path) -> MotionFigures:
    """Figures of a rendered video. A frame lasting more than one period is a held frame (our
    encoder writes a wait's frame once, with its length): frozen for its length. A run of
    frames showing one picture (pixels compared on a 4x subsampled grey picture, to within 1
    level) is frozen as a whole when a held frame is part of it or when it lasts at least
    :data:`MIN_STILL_RUN`; shorter runs are motion seen at a high frame rate, not a still."""
    import av
    import numpy as np

    frozen: list[tuple[float, float]] = []
    end = 0.0
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        rate = float(s.average_rate or s.guessed_rate)
        period = 1.0 / rate
        tb = float(s.time_base)
        frames = []
        for f in c.decode(s):
            frames.append((f.pts * tb, f.to_ndarray(format="gray")[::4, ::4].astype(np.int16)))
        if s.duration:
            end = s.duration * tb
    # a frame lasts until the next one starts (the last one: until the stream's end)
    times = [t for t, _ in frames]
    if not end or end < times[-1]:
        end = times[-1] + period

    def close(start: float, stop: float, held: bool, n: int) -> None:
        if held or (n > 1 and stop - start >= MIN_STILL_RUN - 1e-9):
            frozen.append((start, stop))

    run_start, held, n, prev = 0.0, False, 0, None
    for k, (t, pix) in enumerate(frames):
        t_next = times[k + 1] if k + 1 < len(times) else end
        long_frame = t_next - t > 1.5 * period
        if prev is not None and np.abs(pix - prev).max() <= 1:
            n += 1                                   # the same picture as the frame before
            held = held or long_frame
        else:
            if prev is not None:
                close(run_start, t, held, n)
            run_start, held, n = t, long_frame, 1
        prev = pix
    if prev is not None:
        close(run_start, end, held, n)
    return figures(frozen, end)


# ----- the report: `rnn-lecture motion` and `rnn-lecture bench` ------------------------------

def late_failures(late) -> list[str]:
    """The report's wording of :func:`late_lines`' result (empty when every line moves)."""
    return [f"{len(late)} line(s) start no animation in their first second"] if late else []


def section_video(media, quality: str, lang: str, section: str):
    """The MP4 a render made of ``section``: ``media/<quality>/<lang>/<section>/<section>.mp4``
    (:mod:`rnn_lecture.render`'s layout)."""
    from pathlib import Path

    return Path(media) / quality / lang / section / f"{section}.mp4"


def report(section_ids, langs, params: dict, media=None, quality: str = "low",
           voice=None) -> list[dict]:
    """Both figures of every section and language, as rows: ``section``, ``lang``,
    ``source`` ("timeline" or "video"), ``duration``, ``share``, ``longest``, ``longest_at``,
    ``failures`` (the targets missed) and ``late`` (narration lines with no animation in their
    first second: ``(beat, start, duration, key)``; the timeline only).

    Without ``media`` each section is constructed layout-only (about a second, no video);
    with it, the rendered MP4 in ``media`` (:func:`section_video`) is decoded. A missing
    render raises ``FileNotFoundError``. ``voice``: the scenes' voice (one section and
    language: :class:`rnn_lecture.voice.Voice`), whose lines time the timeline as a render
    with it would."""
    rows = []
    for sid in section_ids:
        for lang in langs:
            late: list = []
            if media is not None:
                video = section_video(media, quality, lang, sid)
                if not video.is_file():
                    raise FileNotFoundError(f"no render of {sid} ({lang}, {quality}) at {video}")
                f = video_figures(video)
            else:
                from scenes.script import cache_dir, construct

                sc = construct(sid, lang, params.get(sid, {}), layout_only=True,
                               cache=cache_dir(), voice=voice)
                f = timeline_figures(sc.timeline, sc.renderer.time)
                late = late_lines(sc.lines, sc.timeline)
            rows.append({"section": sid, "lang": lang,
                         "source": "timeline" if media is None else "video",
                         "duration": round(f.duration, 3), "share": f.share,
                         "longest": f.longest, "longest_at": f.longest_at(),
                         "failures": f.failures() + late_failures(late),
                         "late": [list(x) for x in late]})
    return rows


def report_line(row: dict) -> str:
    """One row of :func:`report` as ``rnn-lecture motion`` prints it."""
    at = row["longest_at"]
    where = f" at {at[0]:.1f} s" if at else ""
    return (f"{row['section']:<24} {row['lang']}  {row['duration']:6.1f} s  frozen "
            f"{row['share']:4.0%}  longest {row['longest']:4.1f} s{where}  "
            f"{'ok' if not row['failures'] else '; '.join(row['failures'])}")
