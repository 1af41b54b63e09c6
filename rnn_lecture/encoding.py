"""Held frames are encoded once: a frame Manim writes ``repeat`` times becomes one video frame
that lasts ``repeat`` frame periods.

Manim's segment encoder (``manim.scene.video_segment_encoder.VideoSegmentEncoder``) makes a
new ``VideoFrame`` from the RGBA array, converts it to YUV and encodes it once per repeat. A
lecture is mostly held frames (a wait is one frame written ``n`` times: ~85% of lstm-08's
frames at low quality), and each repeat cost a conversion and an encode (x264 spends 2 ms on
a repeated 480p frame, 10 ms on a 1080p one), and again when the clip was transcoded to WebM.
:func:`install` encodes a held frame once, with its timestamp where the first repeat's was and
a duration of ``repeat`` periods; the next frame's timestamp is where it was before. The video
shows the same picture at the same instants (variable frame rate, as MP4 and WebM allow), with
a fraction of the frames to encode, decode and transcode (``tests/test_encoding.py``).

Two things keep the timing exact. Each packet carries its frame's duration (libx264 does not
pass durations through, and the container needs the last frame's to know where the clip
ends). And the video has no B-frames (``bf=0`` in :data:`rnn_lecture.render.
VIDEO_ENCODER_OPTIONS`): with them x264 compresses the decoding timestamps of a variable-rate
stream, and MP4's track length, counted in decoding time, came out short.
"""

from __future__ import annotations

from fractions import Fraction


def mux_timed(container, packets, durations: dict[int, int]) -> None:
    """Mux ``packets``, each with the duration of its frame (``durations``: a frame's
    timestamp to its length in frame periods, taken out as used; 1 if not listed)."""
    for packet in packets:
        packet.duration = durations.pop(packet.pts, 1)
        container.mux(packet)


def install() -> None:
    """Patch ``VideoSegmentEncoder.write_frame`` and ``finish`` (idempotent)."""
    import av
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    if getattr(VideoSegmentEncoder.write_frame, "_held_once", False):
        return

    def mux(self, packets) -> None:
        mux_timed(self._container, packets, self.__dict__.setdefault("_durations", {}))

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        self._validate_frame(pixels, repeat)
        time_base = Fraction(self.spec.frame_rate.denominator, self.spec.frame_rate.numerator)
        try:
            # a view of Manim's array, not a copy (the encoder converts it to YUV at once)
            frame = av.VideoFrame.from_numpy_buffer(pixels, format="rgba")
            frame.pts = self._next_pts
            frame.time_base = time_base
            self.__dict__.setdefault("_durations", {})[self._next_pts] = repeat
            self._next_pts += repeat
            mux(self, self._stream.encode(frame))
        except BaseException as error:
            raise self._operation_error("encode", error) from error

    def finish(self) -> None:
        """Flush (each packet with its duration) and close, as Manim's ``finish`` does."""
        if self._closed:
            return
        self._closed = True
        first_error: Exception | None = None
        try:
            try:
                mux(self, self._stream.encode())
            except Exception as error:
                first_error = error
        finally:
            try:
                self._container.close()
            except Exception as error:
                if first_error is None:
                    first_error = error
        if first_error is not None:
            raise self._operation_error("finish", first_error) from first_error

    write_frame.__wrapped__ = VideoSegmentEncoder.write_frame
    finish.__wrapped__ = VideoSegmentEncoder.finish
    write_frame._held_once = True
    VideoSegmentEncoder.write_frame = write_frame
    VideoSegmentEncoder.finish = finish
