"""Cheaper held frames: a frame Manim writes ``repeat`` times is converted to YUV once.

Manim's segment encoder (``manim.scene.video_segment_encoder.VideoSegmentEncoder``) makes a
new ``VideoFrame`` from the RGBA array and has the codec convert it to the stream's pixel
format (swscale) once per repeat. A lecture is mostly held frames (a wait is one frame written
``n`` times: ~85% of lstm-08's frames at low quality), and the conversion costs about as much
as encoding. :func:`install` converts a held frame once and hands the same converted frame to
the encoder for every repeat, each with its own timestamp: the encoder receives the same
pictures as before, so the video's bytes are unchanged (``tests/test_encoding.py``).
"""

from __future__ import annotations

from fractions import Fraction


def install() -> None:
    """Patch ``VideoSegmentEncoder.write_frame`` (idempotent)."""
    import av
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    if getattr(VideoSegmentEncoder.write_frame, "_held_once", False):
        return

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        if repeat == 1:
            return write_frame.__wrapped__(self, pixels, repeat=1)
        self._validate_frame(pixels, repeat)
        time_base = Fraction(self.spec.frame_rate.denominator, self.spec.frame_rate.numerator)
        stream = self._stream
        try:
            # what the codec would do to each repeat (PyAV's VideoCodecContext), done once
            frame = av.VideoFrame.from_ndarray(pixels, format="rgba").reformat(
                stream.width, stream.height, stream.pix_fmt,
                threads=stream.codec_context.thread_count)
            for _ in range(repeat):
                frame.pts = self._next_pts
                frame.time_base = time_base
                self._next_pts += 1
                for packet in stream.encode(frame):
                    self._container.mux(packet)
        except BaseException as error:
            raise self._operation_error("encode", error) from error

    write_frame.__wrapped__ = VideoSegmentEncoder.write_frame
    write_frame._held_once = True
    VideoSegmentEncoder.write_frame = write_frame
