"""Held frames are converted once (rnn_lecture.encoding) and the x264 settings are ours: the
encoder gets the same pictures, so a video's bytes are what Manim's own writer makes of them."""

from __future__ import annotations

from fractions import Fraction

import av
import numpy as np
from manim._config.video_encoder import VideoEncoderSpec
from manim.scene.video_segment_encoder import VideoSegmentEncoder

from rnn_lecture import encoding
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


def _encode(path, writes, options) -> bytes:
    spec = VideoEncoderSpec("mp4", "libx264", "yuv420p", 160, 96, Fraction(15),
                            tuple(sorted(options.items())))
    enc = VideoSegmentEncoder(target=path, spec=spec)
    for repeat, pixels in writes:
        enc.write_frame(pixels, repeat=repeat)
    enc.finish()
    return path.read_bytes()


def test_held_frames_make_the_same_bytes(tmp_path):
    encoding.install()
    encoding.install()                        # idempotent: one wrapper
    patched = VideoSegmentEncoder.write_frame
    original = patched.__wrapped__
    assert not hasattr(original, "__wrapped__")
    writes = [(r, a) for r, a in zip([1, 12, 1, 30, 2, 7], _frames())]
    for options in ({"crf": "23"}, VIDEO_ENCODER_OPTIONS):
        ours = _encode(tmp_path / "ours.mp4", writes, options)
        try:
            VideoSegmentEncoder.write_frame = original
            theirs = _encode(tmp_path / "theirs.mp4", writes, options)
        finally:
            VideoSegmentEncoder.write_frame = patched
        assert ours == theirs, options
    with av.open(str(tmp_path / "ours.mp4")) as c:
        got = [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]
    assert len(got) == sum(r for r, _ in writes)


def test_bad_frames_are_still_refused(tmp_path):
    encoding.install()
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
    encoded with VIDEO_ENCODER_OPTIONS (CRF, one thread, the "veryfast" preset's subme=2)."""
    clip = next((site_media / "low" / "zh").glob("*/clips/00_*.mp4"))
    with av.open(str(clip)) as c:
        first = next(c.demux(video=0))
        sei = bytes(first)
    text = sei[sei.find(b"x264 - core"):][:2000].decode("latin-1")
    assert f"crf={float(VIDEO_ENCODER_OPTIONS['crf']):.1f}" in text, text[:400]
    assert " threads=1 " in text and " subme=2 " in text, text[:400]
