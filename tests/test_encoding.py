"""Held frames are encoded once, as one frame that lasts (scenes.manim_patches), and the x264
settings are ours: the video shows what Manim's own writer shows, at the same instants, from a
fraction of the frames."""

from __future__ import annotations

from fractions import Fraction

import av
import numpy as np
import pytest
from manim._config.video_encoder import VideoEncoderSpec
from manim.scene.video_segment_encoder import VideoSegmentEncoder

from scenes import manim_patches
from rnn_lecture.render import VIDEO_ENCODER_OPTIONS


def _frames(n: int = 6, w: int = 160, h: int = 96) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    out = []
    for k in range(n):
        a = np.zeros((h, w, 4), np.uint8)
        a[..., 3] = 255
        a[10 + 5 * k:40 + 5 * k, 20:120, :3] = rng.integers(0, 255, 3)   # a moving block
        a[60:90, 10 + 12 * k:50 + 12 * k, 0] = 200
        out.append(np.ascontiguousarray(a))
    return out


def _encode(path, writes, options):
    spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", 160, 96, Fraction(15),
                            tuple(sorted(options.items())))
    enc = VideoSegmentEncoder(target=path, spec=spec)
    for repeat, pixels in writes:
        enc.write_frame(pixels, repeat=repeat)
    enc.finish()
    return path


def _shown(path, fps: int = 15) -> tuple[list[int], list[np.ndarray], float]:
    """Each decoded frame's start (in frame periods), the picture of every frame period, and
    the video's length in seconds."""
    starts, periods = [], []
    with av.open(str(path)) as c:
        s = c.streams.video[0]
        for f in c.decode(s):
            starts.append(round(f.time * fps))
            periods += [f.to_ndarray(format="rgb24")] * round(f.duration * s.time_base * fps)
        return starts, periods, c.duration / 1e6


def test_a_held_frame_is_one_frame_that_lasts(tmp_path):
    """A frame written ``repeat`` times is encoded once and lasts ``repeat`` periods: every
    period shows the picture Manim's writer shows in it (within x264's rounding: the two
    encoders are given different frame sequences), every frame starts where its first repeat
    did, and the video is exactly as long."""
    manim_patches.encode_held_frames_once()
    manim_patches.encode_held_frames_once()                        # idempotent: one wrapper
    patched = VideoSegmentEncoder.write_frame
    original = patched.__wrapped__
    assert not hasattr(original, "__wrapped__")
    repeats = [1, 12, 1, 30, 2, 7]
    writes = list(zip(repeats, _frames()))
    ours = _encode(tmp_path / "ours.mp4", writes, VIDEO_ENCODER_OPTIONS)
    finish = VideoSegmentEncoder.finish
    try:
        VideoSegmentEncoder.write_frame, VideoSegmentEncoder.finish = original, \
            finish.__wrapped__
        theirs = _encode(tmp_path / "theirs.mp4", writes,
                         {k: v for k, v in VIDEO_ENCODER_OPTIONS.items() if k != "bf"})
    finally:
        VideoSegmentEncoder.write_frame, VideoSegmentEncoder.finish = patched, finish
    starts, shown, seconds = _shown(ours)
    assert starts == [sum(repeats[:i]) for i in range(len(repeats))]
    assert abs(seconds - sum(repeats) / 15) < 2e-6      # the container counts microseconds
    their_starts, their_shown, their_seconds = _shown(theirs)
    assert len(their_starts) == sum(repeats) and their_seconds == seconds   # 1 frame each
    assert len(shown) == len(their_shown)
    for a, b in zip(shown, their_shown):
        assert np.abs(a.astype(int) - b.astype(int)).mean() < 2.0


@pytest.mark.parametrize("repeats", [[3, 1, 20, 1, 9], [3, 25]])
def test_a_held_frame_transcodes_to_one_webm_frame(tmp_path, repeats):
    """The WebM keeps the frames and their durations: the same starts, the same length. Its
    frame period is the MP4's (not FFmpeg's guess, a fifth of a second for frames 3 periods
    apart: the hold of 25 periods became 8 fifths)."""
    from rnn_lecture.encoding import to_webm

    manim_patches.encode_held_frames_once()
    mp4 = _encode(tmp_path / "a.mp4", list(zip(repeats, _frames(len(repeats)))),
                  VIDEO_ENCODER_OPTIONS)
    to_webm(mp4, tmp_path / "a.webm", poster=tmp_path / "a.png")
    starts, shown, seconds = _shown(tmp_path / "a.webm")
    assert starts == [sum(repeats[:i]) for i in range(len(repeats))]
    assert len(shown) == sum(repeats)
    assert abs(seconds - sum(repeats) / 15) < 1e-3
    assert (tmp_path / "a.png").stat().st_size > 100


def test_bad_frames_are_still_refused(tmp_path):
    manim_patches.encode_held_frames_once()
    spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", 160, 96, Fraction(15), ())
    enc = VideoSegmentEncoder(target=tmp_path / "x.mp4", spec=spec)
    try:
        for bad, repeat in ((np.zeros((96, 160, 3), np.uint8), 3), (_frames(1)[0], 0)):
            try:
                enc.write_frame(bad, repeat=repeat)
            except ValueError:
                continue
            raise AssertionError("accepted a bad frame")
    finally:
        enc.abort()


def test_rendered_videos_carry_our_x264_settings(site_media):
    """x264 writes its settings into the stream (an SEI message): the lecture's clips were
    encoded with VIDEO_ENCODER_OPTIONS (CRF, one thread, subpixel search at level 1, no
    B-frames)."""
    clip = next((site_media / "low" / "zh").glob("*/clips/00_*.mp4"))
    with av.open(str(clip)) as c:
        first = next(c.demux(video=0))
        sei = bytes(first)
    text = sei[sei.find(b"x264 - core"):][:2000].decode("latin-1")
    assert f"crf={float(VIDEO_ENCODER_OPTIONS['crf']):.1f}" in text, text[:400]
    assert " threads=1 " in text and " subme=1 " in text and " bframes=0 " in text, text[:400]
    assert " mbtree=0 " in text, text[:400]


_ENCODE_ONCE = """
import sys, hashlib
from fractions import Fraction
import numpy as np
from manim._config.video_encoder import VideoEncoderSpec
from manim.scene.video_segment_encoder import VideoSegmentEncoder
from scenes import manim_patches
from rnn_lecture.render import VIDEO_ENCODER_OPTIONS
w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
manim_patches.encode_webm_beside(True)
spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", w, h, Fraction(30),
                        tuple(sorted(VIDEO_ENCODER_OPTIONS.items())))
enc = VideoSegmentEncoder(target=__import__("pathlib").Path(path), spec=spec)
for k in range(40):                      # a block sliding, a band fading in, a hold
    a = np.zeros((h, w, 4), np.uint8)
    a[..., 3] = 255
    a[h // 5:h // 5 + 100, 100 + 5 * k:300 + 5 * k, :3] = (200, 120, 40)
    a[h // 2:h // 2 + 10, :, :3] = 6 * k
    enc.write_frame(a, repeat=1 if k < 39 else 30)
enc.finish()
print(hashlib.sha256(open(path, "rb").read()).hexdigest())
"""


@pytest.mark.parametrize("size", [(854, 480), (1280, 720)])
def test_the_encoding_does_not_depend_on_memory_it_never_wrote(tmp_path, size):
    """The same frames through the project's segment encoder (x264 with
    VIDEO_ENCODER_OPTIONS, the WebM beside it) in fresh processes whose fresh allocations glibc
    fills with different bytes (``MALLOC_PERTURB_``): the same MP4, byte for byte. With x264's
    macroblock tree on, three fills gave three MP4s at 854x480 (its lookahead reads past a row
    of 27 half-size blocks), which is how the same drawing came out of two renders a level or
    two apart; the same holds for the WebM."""
    import os
    import subprocess
    import sys

    out = set()
    for fill in ("", "1", "3", "77"):
        env = {**os.environ, "MALLOC_PERTURB_": fill}
        r = subprocess.run([sys.executable, "-c", _ENCODE_ONCE, *map(str, size),
                            str(tmp_path / f"x{fill}.mp4")], capture_output=True, text=True,
                           env=env)
        assert r.returncode == 0, r.stderr[-2000:]
        webm = (tmp_path / f"x{fill}.webm").read_bytes()
        out.add((r.stdout.strip(), __import__("hashlib").sha256(webm).hexdigest()))
    assert len(out) == 1, out


def _with_webm_beside(on: bool):
    was = getattr(VideoSegmentEncoder, "_webm_beside", False)
    manim_patches.encode_webm_beside(on)
    return was


def test_the_webm_is_encoded_beside_the_drawing(tmp_path):
    """With the WebM beside the drawing on, every segment writes ``<segment>.webm`` from the
    frames as drawn: the same starts and durations as its MP4, the pictures Manim drew
    (within VP9's rounding), and the MP4 byte for byte what it is without the WebM (one colour
    conversion feeds both encoders: the one libx264's stream makes)."""
    repeats = [2, 1, 25, 1, 6]
    writes = list(zip(repeats, _frames(5)))
    was = _with_webm_beside(False)
    try:
        alone = _encode(tmp_path / "alone.mp4", writes, VIDEO_ENCODER_OPTIONS)
        assert not manim_patches.webm_beside(alone).exists()
        manim_patches.encode_webm_beside(True)
        both = _encode(tmp_path / "both.mp4", writes, VIDEO_ENCODER_OPTIONS)
    finally:
        manim_patches.encode_webm_beside(was)
    assert both.read_bytes() == alone.read_bytes()
    webm = manim_patches.webm_beside(both)
    starts, shown, seconds = _shown(webm)
    assert starts == [sum(repeats[:i]) for i in range(len(repeats))]
    assert len(shown) == sum(repeats) and abs(seconds - sum(repeats) / 15) < 1e-3
    drawn = [p[..., :3] for r, p in writes for _ in range(r)]
    for a, b in zip(shown, drawn):
        assert np.abs(a.astype(int) - b.astype(int)).mean() < 6.0
    assert webm.read_bytes()[:4] == b"\x1a\x45\xdf\xa3"    # EBML: a Matroska/WebM file


def test_an_aborted_segment_leaves_no_webm(tmp_path):
    was = _with_webm_beside(True)
    try:
        spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", 160, 96, Fraction(15),
                                tuple(sorted(VIDEO_ENCODER_OPTIONS.items())))
        enc = VideoSegmentEncoder(target=tmp_path / "x.mp4", spec=spec)
        for pixels in _frames(12):
            enc.write_frame(pixels, repeat=2)
        assert enc._webm is not None              # the WebM was being written
        enc.abort()
    finally:
        manim_patches.encode_webm_beside(was)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


#: Clips of segments, each segment its frames' repeats: most end on a long hold (a wait: one
#: frame lasting its repeats); clip "c" is many short segments, each ending on a single frame,
#: whose lengths a WebM's milliseconds round (2 frames at 15 fps are 133.3 ms).
HELD_PLAN = {"a": [[1, 1, 30], [2, 1, 45], [1, 20]], "b": [[3, 25], [1, 1, 1, 40]],
             "c": [[2, 1]] * 30 + [[1, 15]]}


def _segments_with_webm(folder, plan) -> dict[str, list]:
    """Encode ``plan``'s segments as the renderer does (held frames once, the WebM beside
    each MP4); ``{clip: [segment MP4s]}``."""
    was = _with_webm_beside(True)
    try:
        return {clip: [_encode(folder / f"{clip}{k:02d}.mp4",
                               list(zip(repeats, _frames(len(repeats)))), VIDEO_ENCODER_OPTIONS)
                       for k, repeats in enumerate(segments)]
                for clip, segments in plan.items()}
    finally:
        manim_patches.encode_webm_beside(was)


def test_webms_joined_twice_keep_every_held_frame(tmp_path):
    """Segments' WebMs joined into clips, and the clips into a section, as the renderer joins
    them: every joined WebM shows each frame where the MP4 joined alike does, for as long
    (every packet keeps its duration, the last frame's included), and lasts as long.

    Joined by FFmpeg's concat demuxer, a clip's WebM kept its length in its header only, not
    on its packets: the section joined from such clips lost its last clip's final hold
    (primer-01: 101.3 s against 109.6 s)."""
    from rnn_lecture.encoding import join_videos

    segments = _segments_with_webm(tmp_path, HELD_PLAN)
    clips = []
    for clip, parts in segments.items():
        join_videos(parts, tmp_path / f"{clip}.mp4")
        join_videos([manim_patches.webm_beside(p) for p in parts], tmp_path / f"{clip}.webm")
        clips.append(tmp_path / f"{clip}.mp4")
    join_videos(clips, tmp_path / "section.mp4")
    join_videos([manim_patches.webm_beside(c) for c in clips], tmp_path / "section.webm")

    def repeats(clip):
        return [r for segment in HELD_PLAN[clip] for r in segment]

    for name, reps in [*((c, repeats(c)) for c in HELD_PLAN),
                       ("section", [r for c in HELD_PLAN for r in repeats(c)])]:
        want = [sum(reps[:i]) for i in range(len(reps))]
        mp4_starts, mp4_shown, mp4_seconds = _shown(tmp_path / f"{name}.mp4")
        starts, shown, seconds = _shown(tmp_path / f"{name}.webm")
        assert mp4_starts == starts == want, name
        assert len(mp4_shown) == len(shown) == sum(reps), name   # each frame lasts as long
        assert abs(mp4_seconds - sum(reps) / 15) < 2e-6, name
        assert abs(seconds - sum(reps) / 15) < 1e-3, name          # milliseconds


def test_every_pixel_conversion_runs_on_one_thread():
    """libswscale's automatic slice threads (PyAV's default, ``threads=0``) split a picture
    differently from run to run and round a chroma row at a slice's edge either way: the same
    drawing gave MP4s 2 levels apart in a 2-pixel strip. Every conversion we call names one
    thread."""
    import re
    from pathlib import Path

    root = Path(__file__).parents[1]
    calls = [(p, m.group(0)) for d in ("scenes", "rnn_lecture") for p in (root / d).rglob("*.py")
             for m in re.finditer(r"\.reformat\([^)]*\)", p.read_text())]
    assert calls, "no conversions found: the check looks in the wrong place"
    assert all("threads=1" in c for _, c in calls), [c for c in calls if "threads=1" not in c[1]]
