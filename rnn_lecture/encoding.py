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

A video joined from parts (Manim's segments into a beat's clip, the clips into a section) must
keep every frame's duration too. Matroska writes a block's duration only where it differs
from its track's default duration, and a track has one only if its stream states a frame
rate. The join by FFmpeg's concat demuxer copied its stream from the first part, and PyAV
takes an output stream's rate from its codec parameters, where H.264 states one and VP9 none:
the joined WebM held no frame's duration (each read back as one period, or none), its length
was in its header alone, and joined again (the clips into a section) it ended one period
into its last frame, the last clip's final hold lost (primer-01 zh: the section's WebM 125.486 s
against its MP4's 127.400 s; 101.3 s against 109.6 s when first seen). :func:`join_videos`
states the rate, places each part where the previous one's last frame ends, and writes every
packet with its duration, counted in frame periods.

This module holds what the renderer and the site both use to handle the videos so encoded:
the join (:func:`join_videos`), the WebM/VP9 transcode (:func:`to_webm`), the H.264 codecs
string, a video's duration. It imports nothing of :mod:`rnn_lecture`, so ``render`` and
``site`` both sit above it.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

from scenes.manim_patches import WEBM_MUXER_OPTIONS, mux_timed, open_webm

__all__ = ["AUDIO_RATE", "WEBM_MUXER_OPTIONS", "encode_audio", "frame_rate", "h264_codecs",
           "join_videos", "mux_timed", "to_webm", "video_duration", "video_seconds"]


def video_duration(path: Path) -> float:
    """A video's length in seconds, as its container says (0.0 if it says none); with a
    voice track, the video stream's own length (its last frame's end), which the audio's
    last packet (an AAC or Opus frame rounded up) must not lengthen."""
    import av

    with av.open(str(path)) as c:
        if c.streams.audio and c.streams.video:
            return float(video_seconds(path))
        return float(c.duration / 1e6) if c.duration else 0.0


def video_seconds(path: Path) -> Fraction:
    """Where a video we wrote ends, exactly: its last frame's end, in frame periods over the
    frame rate (every timestamp is a whole number of periods, see :func:`join_videos`)."""
    import av

    with av.open(str(path)) as c:
        vin = c.streams.video[0]
        rate = frame_rate(vin)
        period = vin.time_base * rate
        end = 0
        for packet in c.demux(vin):
            if packet.dts is None:
                continue
            end = max(end, round(packet.pts * period) + max(round((packet.duration or 0)
                                                                   * period), 1))
    return Fraction(end) / rate


def frame_rate(stream) -> Fraction:
    """The frame rate of a video ``stream`` we wrote: every timestamp is a multiple of its
    period (a held frame lasts a whole number of periods).

    H.264 states it in the stream (its timing information), a WebM track as its default
    duration (:func:`scenes.manim_patches.open_webm`, :func:`join_videos`). Not the average
    rate, which held frames lower, nor FFmpeg's guess from the first timestamps, which two
    frames three periods apart make a third of the rate.
    """
    rate = stream.codec_context.framerate or stream.average_rate
    if not rate:
        raise ValueError(f"{stream.container.name}: the video states no frame rate")
    return Fraction(rate).limit_denominator(1001)


def join_videos(parts: list[Path], dst: Path, voice=None) -> None:
    """Join videos of one encoding and frame rate into ``dst`` (a WebM if its name says so,
    else an MP4) without re-encoding: packets copied, each part starting where the one before
    ended, every packet with its frame's duration.

    A part ends at its last frame's end (timestamp plus duration), not where its container
    says: a held last frame lasts its whole hold in the join, and a joined video can be
    joined again. Times are counted in frame periods (:func:`frame_rate`), so the
    milliseconds a WebM rounds its times to do not add up along many parts.

    ``voice``, if given, is called with the join's length in seconds (a Fraction) and returns
    its voice track, float32 mono samples at :data:`AUDIO_RATE`; it is encoded (AAC in an MP4,
    Opus in a WebM: :func:`encode_audio`) and interleaved with the video by time. The parts'
    own audio, if any, is not copied.
    """
    import av

    if not parts:
        raise ValueError(f"{dst}: nothing to join")
    webm = Path(dst).suffix == ".webm"
    pcm = None
    if voice is not None:
        total = sum((video_seconds(p) for p in parts), Fraction(0))
        pcm = voice(total)
    with av.open(str(dst), "w", format="webm" if webm else None,
                 options=dict(WEBM_MUXER_OPTIONS) if webm else {}) as out:
        vout, rate, start, audio = None, None, 0, None
        for part in parts:
            with av.open(str(part)) as inp:
                vin = inp.streams.video[0]
                if vout is None:
                    rate = frame_rate(vin)
                    vout = out.add_stream_from_template(template=vin)
                    # a frame rate: the WebM's default duration, so each packet's differing
                    # duration is written (the concat demuxer's join had none)
                    vout.codec_context.framerate = rate
                    # the first part's bit rate is not the join's: the muxer measures it
                    # from the packets (so a join of joins is byte for byte the join)
                    vout.codec_context.bit_rate = 0
                    aout = _audio_stream(out, webm) if pcm is not None else None
                    out.start_encoding()              # the muxer picks the time base
                    if aout is not None:
                        audio = _Interleaved(out, aout, encode_audio(aout, pcm))
                start = _copy_part(out, vout, inp, vin, rate, start, audio)
        if audio is not None:
            audio.mux_until(None)


#: The voice track's sample rate, and the encoders' settings: mono speech at 160 kb/s AAC-LC
#: (MP4: FFmpeg's own encoder, whose peaks overshot its input on synthesized speech by up to
#: 1.4 dB at 96 kb/s, 2.1 dB at 128 and 0.8 dB at 160; see rnn_lecture.voice.LIMIT_DBTP) and
#: 64 kb/s Opus (WebM), both transparent for a voice.
AUDIO_RATE = 48_000
AAC_BIT_RATE = 160_000
OPUS_BIT_RATE = 64_000


def _audio_stream(out, webm: bool):
    stream = out.add_stream("libopus" if webm else "aac", rate=AUDIO_RATE, layout="mono")
    stream.bit_rate = OPUS_BIT_RATE if webm else AAC_BIT_RATE
    stream.codec_context.options = {"threads": "1"}
    return stream


def encode_audio(stream, pcm) -> list:
    """Encode ``pcm`` (float32 mono at :data:`AUDIO_RATE`) with ``stream``'s encoder; return
    its packets (the encoder cuts the samples into its own frame size)."""
    import av
    import numpy as np

    frames = []
    step = 1 << 14
    for i in range(0, len(pcm), step):
        chunk = np.ascontiguousarray(pcm[i:i + step], dtype=np.float32).reshape(1, -1)
        f = av.AudioFrame.from_ndarray(chunk, format="flt", layout="mono")
        f.sample_rate, f.pts, f.time_base = AUDIO_RATE, i, Fraction(1, AUDIO_RATE)
        frames.append(f)
    packets = []
    for f in frames:
        packets += stream.encode(f)
    packets += stream.encode(None)
    return packets


class _Interleaved:
    """Audio packets muxed as the video reaches their time (players read a file front to
    back, so both tracks' data for a moment must be near each other)."""

    def __init__(self, out, stream, packets):
        self.out, self.stream, self.packets, self.i = out, stream, packets, 0

    def mux_until(self, t) -> None:
        while self.i < len(self.packets):
            p = self.packets[self.i]
            if t is not None and p.pts is not None and p.pts * p.time_base > t:
                return
            self.out.mux(p)
            self.i += 1


def _copy_part(out, vout, inp, vin, rate: Fraction, start: int, audio=None) -> int:
    """Mux the packets of one part (``inp``'s stream ``vin``) from frame period ``start`` of
    the join on; return the period where the part ends (its last frame's end). ``audio``: an
    :class:`_Interleaved` voice track, muxed up to each video packet's time."""
    period = vin.time_base * rate                   # the input's time unit, in periods
    unit = 1 / (rate * vout.time_base)              # a period, in the output's time unit
    end = start
    for packet in inp.demux(vin):
        if packet.dts is None:                       # demux's flushing packets
            continue
        if not packet.duration:
            raise ValueError(f"{inp.name}: a frame at {packet.pts} has no duration")
        first = start + round(packet.pts * period)
        end = first + max(round(packet.duration * period), 1)
        packet.pts = packet.dts = round(first * unit)   # no B-frames: decoded as shown
        packet.duration = round(end * unit) - packet.pts
        packet.time_base, packet.stream = vout.time_base, vout
        if audio is not None:
            audio.mux_until(Fraction(first) / rate)
        out.mux(packet)
    return end


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
        rate = frame_rate(vin)
        out, vout = open_webm(tmp, rate, vin.codec_context.width, vin.codec_context.height)
        with out:
            durations: dict[int, int] = {}
            for frame in inp.decode(vin):
                last = frame
                f = frame.reformat(format="yuv420p", threads=1)   # one thread: the same bytes each run
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
