"""Held frames are encoded once: a frame Manim writes ``repeat`` times becomes one video frame
that lasts ``repeat`` frame periods.

Manim's segment encoder (``manim.scene.video_segment_encoder.VideoSegmentEncoder``) makes a
new ``VideoFrame`` from the RGBA array, converts it to YUV and encodes it once per repeat. A
lecture is mostly held frames (a wait is one frame written ``n`` times: ~85% of lstm-08's
frames at low quality), and each repeat cost a conversion and an encode (x264 spends 2 ms on
a repeated 480p frame, 10 ms on a 1080p one), and again when the clip was transcoded to WebM.
:func:`scenes.manim_patches.encode_held_frames_once` (the patch, with every other patch
of Manim) encodes a held frame once, with its timestamp where the first repeat's was and
a duration of ``repeat`` periods; the next frame's timestamp is where it was before. The video
shows the same picture at the same instants (variable frame rate, as MP4 and WebM allow), with
a fraction of the frames to encode, decode and transcode (``tests/test_encoding.py``).

Two things keep the timing exact. Each packet carries its frame's duration (libx264 does not
pass durations through, and the container needs the last frame's to know where the clip
ends). And the video has no B-frames (``bf=0`` in :data:`rnn_lecture.render.job.
VIDEO_ENCODER_OPTIONS`): with them x264 compresses the decoding timestamps of a variable-rate
stream, and MP4's track length, counted in decoding time, came out short.

This module holds what the renderer and the site both use to handle the videos so encoded:
the WebM/VP9 transcode (:func:`to_webm`), the H.264 codecs string, a video's duration. It
imports nothing of :mod:`rnn_lecture`, so ``render`` and ``site`` both sit above it.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

from scenes.manim_patches import WEBM_MUXER_OPTIONS, mux_timed, open_webm

__all__ = ["WEBM_MUXER_OPTIONS", "h264_codecs", "mux_timed", "to_webm", "video_duration"]


def video_duration(path: Path) -> float:
    """A video's length in seconds, as its container says (0.0 if it says none)."""
    import av

    with av.open(str(path)) as c:
        return float(c.duration / 1e6) if c.duration else 0.0


def to_webm(src: Path, dst: Path, poster: Path | None = None) -> None:
    """Transcode an H.264 MP4 to WebM/VP9 with PyAV (libvpx-vp9); same size, same frames at
    the same instants, each lasting as long (a held frame is one frame with a long duration,
    see :mod:`rnn_lecture.encoding`).

    ``poster``, if given, receives the last frame as PNG (a clip ends on its held frame).
    """
    import av

    tmp = dst.with_name(f".{dst.name}.part")
    last = None
    with av.open(str(src)) as inp:
        vin = inp.streams.video[0]
        # the frame period: the rate every timestamp is a multiple of (not the average rate,
        # which holds lower)
        rate = Fraction(vin.base_rate or vin.average_rate or 15).limit_denominator(1001)
        out, vout = open_webm(tmp, rate, vin.codec_context.width, vin.codec_context.height)
        with out:
            durations: dict[int, int] = {}
            for frame in inp.decode(vin):
                last = frame
                f = frame.reformat(format="yuv420p")
                f.pts, f.time_base = round(frame.time * rate), 1 / rate
                durations[f.pts] = max(round(frame.duration * vin.time_base * rate), 1)
                mux_timed(out, vout.encode(f), durations)
            mux_timed(out, vout.encode(), durations)
    os.replace(tmp, dst)
    if poster is not None and last is not None:
        last.to_image().convert("RGB").save(poster)


def h264_codecs(path: Path) -> str:
    """RFC 6381 codecs string of an MP4's H.264 stream, e.g. ``avc1.64001e``."""
    import av

    with av.open(str(path)) as c:
        extra = c.streams.video[0].codec_context.extradata or b""
    return f"avc1.{extra[1:4].hex()}" if len(extra) >= 4 else "avc1.42e01e"
