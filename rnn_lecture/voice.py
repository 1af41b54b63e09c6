"""The narration's voice: where each line's audio comes from, made ready to mix, and measured.

A render's voice (``--voice``) is one of

* ``none``: silent videos (the default, until a config file names a voice);
* ``recorded:DIR``: the instructor's recordings, one file a narration line, at
  ``DIR/<lang>/<section>/<beat>/<key>.<digest>.<ext>`` (:func:`recording_name`; ``ext`` one of
  :data:`EXTENSIONS`). The digest is of the line's words as the scene says them, numbers
  filled in: a parameter that changes a sentence changes its file name, so a recording
  never says a number the screen no longer shows (``rnn-lecture script --recording-sheet``
  lists every line and its name);
* ``synth`` or ``synth:ENGINE``: offline speech synthesis (:mod:`rnn_lecture.tts`) of each
  line's words made speakable (:func:`rnn_lecture.speech.speakable`), kept in the output
  folder's ``voice/`` cache by engine, language and words.

Every line's audio is *prepared* the same way (:func:`prepare`): decoded to 48 kHz mono,
its silent head and tail trimmed, brought to −16 LUFS integrated (ITU-R BS.1770 loudness,
measured with pyloudnorm) with true peaks under −1 dBTP (a look-ahead limiter on the 4×
oversampled signal, :func:`limit`). Lines are normalised one by one, so recordings made on
different days come out equally loud and a clip's audio depends only on its own lines; a
section of such lines measures within a fraction of a LU of the target, and the render log
states what it measured (:func:`measure`).

A scene asks :class:`Voice` for each line (its seconds, to wait for it; an id of its audio,
for the beat's fingerprint); the render pipeline mixes a clip's lines into its PCM
(:func:`clip_pcm`), which :func:`rnn_lecture.encoding.join_videos` encodes beside the video.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: Every voice track's sample rate (Opus's own; AAC takes it too).
SAMPLE_RATE = 48_000
#: Integrated loudness of every line and so of every section, as usual for web video.
TARGET_LUFS = -16.0
#: True peaks stay under this (dBTP) in the files delivered. A lossy encoder's output peaks
#: over its input: on the 24 sections synthesized in Chinese, limited to -2 dBTP, FFmpeg's
#: AAC at 128 kb/s reached +0.1 dBTP (two sections over 0), at 160 kb/s -1.26 at worst, Opus
#: at 64 kb/s -1.17; limited to -2.5, the whole lecture in both languages gave -0.95 once
#: (Opus) and -1.09 (AAC). So the limiter aims 2 dB under the ceiling, and a file whose
#: decoded audio still peaks over it is encoded again a little quieter (:func:`join_voiced`).
TRUE_PEAK_CEILING = -1.0
LIMIT_DBTP = -3.0
#: A recording's sample rate must be at least this (telephone audio is not a lecture's).
MIN_RATE = 16_000
#: The audio files a recording may be.
EXTENSIONS = ("wav", "flac", "mp3", "opus")
#: Largest recording read (an hour of 48 kHz 32-bit stereo WAV is 1.4 GB; a line is seconds).
MAX_RECORDING_BYTES = 256 << 20
#: A line's head and tail quieter than this (dBFS) are trimmed, keeping :data:`TRIM_MARGIN`.
TRIM_DBFS = -50.0
TRIM_MARGIN = 0.03
#: A line's loudness is raised by at most this much (dB): a near-silent file stays quiet.
MAX_GAIN_DB = 30.0
#: Bumped when :func:`prepare` would give other samples (its settings above are part of every
#: audio id too).
PREPARE_VERSION = "1"

_KINDS = ("none", "recorded", "synth")


class VoiceError(ValueError):
    """A voice that cannot be used: one line naming the thing and what is allowed."""


@dataclass(frozen=True)
class VoiceSpec:
    """What ``--voice`` says: ``kind`` none, recorded (``folder``, absolute) or synth
    (``engine``, or None for the best one here); ``allow_missing`` leaves lines with no
    recording silent."""

    kind: str = "none"
    folder: str | None = None
    engine: str | None = None
    allow_missing: bool = False

    def __str__(self) -> str:
        if self.kind == "recorded":
            return f"recorded:{self.folder}"
        if self.kind == "synth":
            return f"synth:{self.engine}" if self.engine else "synth"
        return "none"

    @property
    def silent(self) -> bool:
        return self.kind == "none"


def parse_voice(text: str | None, allow_missing: bool = False) -> VoiceSpec:
    """``none``, ``recorded:DIR`` or ``synth[:ENGINE]`` as a :class:`VoiceSpec`; a
    :class:`VoiceError` otherwise. DIR must be a folder (not a link to one we would follow
    blindly: its path is resolved and kept absolute)."""
    from scenes.params import shown

    text = (text or "none").strip()
    kind, _, rest = text.partition(":")
    if kind in ("synth",) or kind not in _KINDS:
        from . import tts
    if kind not in _KINDS:
        raise VoiceError(f"unknown voice '{shown(text)}'; allowed: none, recorded:DIR, "
                         f"synth, synth:ENGINE ({', '.join(tts.ENGINES)})")
    if kind == "none":
        if rest:
            raise VoiceError(f"voice 'none' takes nothing after it, got '{shown(text)}'")
        return VoiceSpec()
    if kind == "synth":
        if rest and rest not in tts.ENGINES:
            raise VoiceError(f"unknown speech engine '{shown(rest)}'; allowed: "
                             f"{', '.join(tts.ENGINES)}")
        return VoiceSpec("synth", engine=rest or None, allow_missing=allow_missing)
    if not rest:
        raise VoiceError("voice 'recorded' needs a folder: recorded:DIR")
    folder = Path(rest).expanduser()
    if not folder.is_dir():
        raise VoiceError(f"recordings folder '{shown(rest)}' is not a folder")
    return VoiceSpec("recorded", folder=str(folder.resolve()), allow_missing=allow_missing)


def check_engine(spec: VoiceSpec, lang: str):
    """The speech engine ``spec`` uses for ``lang`` (a synth voice), or a VoiceError."""
    from . import tts

    try:
        return tts.engine_for(lang, spec.engine)
    except ValueError as e:
        raise VoiceError(str(e).splitlines()[0]) from None


# ----- names ----------------------------------------------------------------------------------
def digest(text: str) -> str:
    """Eight hex digits of a line's words (what a recording's name says it holds)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def recording_name(lang: str, section: str, beat: str, key: str, text: str) -> str:
    """The path, under the recordings folder and without extension, of the recording of a
    narration line: ``<lang>/<section>/<beat>/<key>.<digest of its words>``."""
    safe = re.sub(r"[^0-9A-Za-z_.-]", "_", key)
    return f"{lang}/{section}/{beat}/{safe}.{digest(text)}"


# ----- decoding and preparing ------------------------------------------------------------------
def decode(path: Path) -> tuple[np.ndarray, int]:
    """A file's audio as float32 mono at 48 kHz, and its own sample rate; VoiceError (one
    line naming the file) if it is empty, unreadable, has no audio or a rate under
    :data:`MIN_RATE`."""
    import av

    import stat

    name = str(path)
    try:
        st = path.stat()
    except OSError as e:
        raise VoiceError(f"{name}: cannot read it ({e.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise VoiceError(f"{name}: is not a regular file (a recording is an audio file)")
    size = st.st_size
    if size == 0:
        raise VoiceError(f"{name}: the file is empty")
    if size > MAX_RECORDING_BYTES:
        raise VoiceError(f"{name}: {size} bytes; a line's recording is at most "
                         f"{MAX_RECORDING_BYTES} bytes")
    try:
        with av.open(name) as c:
            if not c.streams.audio:
                raise VoiceError(f"{name}: holds no audio")
            stream = c.streams.audio[0]
            rate = stream.codec_context.sample_rate or stream.rate
            if not rate or rate < MIN_RATE:
                raise VoiceError(f"{name}: sample rate {rate} Hz; at least {MIN_RATE} Hz "
                                 "allowed (44100 or 48000 recommended)")
            resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
            parts = []
            for frame in c.decode(stream):
                for f in resampler.resample(frame):
                    parts.append(f.to_ndarray().reshape(-1))
            for f in resampler.resample(None):
                parts.append(f.to_ndarray().reshape(-1))
    except VoiceError:
        raise
    except Exception as e:   # av.error.InvalidDataError and the like
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise VoiceError(f"{name}: cannot be read as audio ({reason[:200]})") from None
    pcm = np.concatenate(parts).astype(np.float32) if parts else np.zeros(0, np.float32)
    if pcm.size == 0 or not np.any(pcm):
        raise VoiceError(f"{name}: holds no sound (silent or no samples)")
    return pcm, int(rate)


def trim(pcm: np.ndarray) -> np.ndarray:
    """``pcm`` without its head and tail quieter than :data:`TRIM_DBFS` (a margin kept), so a
    line's sound starts where its caption does."""
    loud = np.flatnonzero(np.abs(pcm) >= 10 ** (TRIM_DBFS / 20))
    if loud.size == 0:
        return pcm
    m = int(TRIM_MARGIN * SAMPLE_RATE)
    return pcm[max(loud[0] - m, 0):loud[-1] + m + 1]


def loudness(pcm: np.ndarray) -> float:
    """Integrated loudness (LUFS, ITU-R BS.1770-4 with its gates) of 48 kHz mono ``pcm``;
    a line shorter than one 400 ms block is measured padded with silence."""
    import pyloudnorm

    x = pcm.astype(np.float64)
    block = int(0.4 * SAMPLE_RATE) + 1
    if x.size < block:
        x = np.concatenate([x, np.zeros(block - x.size)])
    with np.errstate(divide="ignore"):
        return float(pyloudnorm.Meter(SAMPLE_RATE).integrated_loudness(x))


def true_peak(pcm: np.ndarray) -> float:
    """True peak (dBTP) of ``pcm``: the largest magnitude of the signal oversampled four
    times, as BS.1770-4's annex 2 estimates it."""
    from scipy.signal import resample_poly

    if pcm.size == 0:
        return -np.inf
    up = resample_poly(pcm.astype(np.float64), 4, 1)
    peak = max(float(np.max(np.abs(up))), float(np.max(np.abs(pcm))))
    return 20 * np.log10(peak) if peak > 0 else -np.inf


def limit(pcm: np.ndarray, ceiling_dbtp: float = LIMIT_DBTP, window: float = 0.005,
          ) -> np.ndarray:
    """``pcm`` with its true peaks brought under ``ceiling_dbtp`` by a look-ahead limiter.

    The gain each sample needs (ceiling over the 4× oversampled magnitude around it) is
    taken as the minimum over a window of ``window`` seconds and then averaged over half of
    it, so the gain changes smoothly (no click) and is at every sample at most what that
    sample needs; where nothing peaks the signal is left as it is."""
    from scipy.ndimage import minimum_filter1d, uniform_filter1d
    from scipy.signal import resample_poly

    ceiling = 10 ** (ceiling_dbtp / 20)
    x = pcm.astype(np.float64)
    up = np.abs(resample_poly(x, 4, 1)).reshape(-1, 4).max(axis=1)
    mag = np.maximum(np.abs(x), up[:x.size])
    if mag.max() <= ceiling:
        return pcm
    need = np.minimum(1.0, ceiling / np.maximum(mag, 1e-12))
    w = max(int(window * SAMPLE_RATE) | 1, 3)
    gain = uniform_filter1d(minimum_filter1d(need, size=w, mode="nearest"), size=w // 2 | 1,
                            mode="nearest")
    return (x * gain).astype(np.float32)


def normalize(pcm: np.ndarray) -> np.ndarray:
    """``pcm`` at :data:`TARGET_LUFS` integrated with true peaks under the ceiling: a gain,
    the limiter, and the gain corrected for what the limiter took (twice: within 0.1 LU)."""
    out = pcm.astype(np.float32)
    gain_db = 0.0
    base = loudness(out)
    if not np.isfinite(base):
        return out
    for _ in range(3):
        gain_db = min(gain_db + TARGET_LUFS - (base if _ == 0 else loudness(out)),
                      MAX_GAIN_DB)
        out = limit((pcm * 10 ** (gain_db / 20)).astype(np.float32))
        if abs(loudness(out) - TARGET_LUFS) < 0.1:
            break
    # the limiter's smoothing can leave a last overshoot of a hundredth of a dB: scale it off
    peak = true_peak(out)
    if peak > LIMIT_DBTP:
        out = (out * 10 ** ((LIMIT_DBTP - peak) / 20)).astype(np.float32)
    return out


def prepare(path: Path) -> np.ndarray:
    """A line's audio ready to mix: decoded, trimmed and normalised (see the module)."""
    pcm, _ = decode(path)
    return normalize(trim(pcm))


def measure(pcm: np.ndarray) -> dict:
    """``{"lufs": integrated loudness, "true_peak": dBTP}`` of a voice track, rounded to a
    tenth (``None`` for a silent one)."""
    if pcm.size == 0 or not np.any(pcm):
        return {"lufs": None, "true_peak": None}
    return {"lufs": round(float(loudness(pcm)), 1), "true_peak": round(float(true_peak(pcm)), 1)}


def measure_file(path: Path) -> dict:
    """:func:`measure` of a video's voice track as delivered (decoded from the file: the
    encoder's own peaks counted)."""
    import av

    with av.open(str(path)) as c:
        parts = [f.to_ndarray().reshape(-1) for f in c.decode(c.streams.audio[0])]
    return measure(np.concatenate(parts).astype(np.float32) if parts else np.zeros(0))


# ----- the lines of a scene ----------------------------------------------------------------------
@dataclass(frozen=True)
class VoicedLine:
    """A narration line's audio: ``id`` (of its prepared samples: a hash of the source's bytes
    and of :data:`PREPARE_VERSION`), its ``seconds`` prepared, and its ``source`` file."""

    id: str
    seconds: float
    source: str
    text: str = ""


def _file_id(path: Path) -> str:
    h = hashlib.sha256(repr((PREPARE_VERSION, SAMPLE_RATE, TARGET_LUFS, LIMIT_DBTP, TRIM_DBFS,
                             TRIM_MARGIN, MAX_GAIN_DB)).encode())
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:20]


def _cache_dir(path: Path, cache: Path) -> None:
    """Make ``path`` (a folder in the voice cache) as every output folder is made: no link
    followed below the output folder (:func:`rnn_lecture.safefs.ensure_dir`)."""
    from .safefs import ensure_dir

    ensure_dir(path, cache.parent)


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Voice:
    """The voice of one section in one language: a scene's ``voice`` (it asks :meth:`line`
    for each narration line as it says it).

    ``cache``: the folder (``<out>/voice``) where a line's prepared length is kept by its
    audio id (a replay of earlier beats reads it instead of decoding), and synthesized lines
    by engine, language and words.
    """

    def __init__(self, spec: VoiceSpec, lang: str, section: str, cache: Path):
        self.spec, self.lang, self.section, self.cache = spec, lang, section, Path(cache)
        self.missing: list[str] = []
        self._engine = check_engine(spec, lang) if spec.kind == "synth" else None

    # what the scene asks
    def line(self, beat: str, key: str, text: str) -> VoicedLine | None:
        """The audio of the line ``text`` (text-table ``key``) of ``beat``, or None (no voice,
        or a recording missing and allowed to be)."""
        if self.spec.kind == "recorded":
            path = self.recording(beat, key, text)
            if path is None:
                self.missing.append(recording_name(self.lang, self.section, beat, key, text))
                return None
        elif self.spec.kind == "synth":
            path = self.synthesized(text)
        else:
            return None
        line = self.voiced(path)
        return VoicedLine(line.id, line.seconds, line.source, text)

    def source_of(self, line: dict) -> Path:
        """The audio file of a line record (``source``, ``id``, ``text``): where it was when
        the line was said, or, for a synthesized line whose file is not on this machine (a
        remote cluster worker made it), the line synthesized again (the engines are
        deterministic: the same id, checked)."""
        path = Path(line["source"])
        if path.is_file() or self.spec.kind != "synth":
            return path
        again = self.synthesized(line["text"])
        if _file_id(again) != line["id"]:
            raise VoiceError(f"{again}: synthesized again, the line's audio came out "
                             "different (is the same engine installed on every worker?)")
        return again

    def recording(self, beat: str, key: str, text: str) -> Path | None:
        """The recording of a line; VoiceError if there is none (unless missing ones are
        allowed) or two."""
        stem = recording_name(self.lang, self.section, beat, key, text)
        found = [p for ext in EXTENSIONS
                 for p in [Path(self.spec.folder) / f"{stem}.{ext}"] if p.exists()]
        if len(found) > 1:
            raise VoiceError(f"{found[0].parent}: two recordings of one line: "
                             f"{', '.join(p.name for p in found)}")
        if not found:
            if self.spec.allow_missing:
                return None
            raise VoiceError(f"{Path(self.spec.folder) / stem}.wav: missing (the recording of "
                             f"{self.section} {beat} {key}; allowed: "
                             f"{'/'.join(EXTENSIONS)}; see script --recording-sheet)")
        return found[0]

    def synthesized(self, text: str) -> Path:
        """The line spoken by the synth engine, from the cache or made now."""
        from .speech import speakable

        spoken = speakable(text, self.lang)
        who = self._engine.identity(self.lang)
        h = hashlib.sha256(json.dumps([who, self.lang, spoken]).encode()).hexdigest()[:24]
        path = self.cache / "synth" / f"{h}.wav"
        if not path.is_file():
            _cache_dir(path.parent, self.cache)
            fd, tmp = tempfile.mkstemp(prefix=f".{h}.", suffix=".wav", dir=path.parent)
            os.close(fd)
            try:
                self._engine.synthesize(spoken, self.lang, Path(tmp))
                os.chmod(tmp, 0o644)
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        return path

    def voiced(self, path: Path) -> VoicedLine:
        """A line's audio id and prepared length (kept by id in the cache)."""
        aid = _file_id(path)
        meta = self.cache / "lines" / f"{aid}.json"
        try:
            seconds = float(json.loads(meta.read_text())["seconds"])
        except (OSError, ValueError, KeyError, TypeError):
            seconds = prepare(path).size / SAMPLE_RATE
            _cache_dir(meta.parent, self.cache)
            _atomic_write(meta, json.dumps({"seconds": seconds}).encode())
        return VoicedLine(aid, seconds, str(path))


# ----- a clip's audio ---------------------------------------------------------------------------
def samples(seconds: float) -> int:
    """The number of samples of ``seconds`` of audio."""
    return int(round(seconds * SAMPLE_RATE))


def clip_pcm(lines: list[dict], seconds: float, voice: "Voice | None" = None) -> np.ndarray:
    """A clip's voice track: ``seconds`` long, each line's prepared audio (``lines``: records
    with ``at``, seconds from the clip's start, and ``source``) starting where its caption
    starts. ``voice`` (the job's) finds a line's audio made on another machine
    (:meth:`Voice.source_of`). A line never runs past the clip's end (the scene waits for
    it); should rounding make it, its tail is cut to the clip."""
    n = samples(seconds)
    out = np.zeros(n, np.float32)
    for ln in lines:
        pcm = prepare(voice.source_of(ln) if voice is not None else Path(ln["source"]))
        a = samples(ln["at"])
        if a >= n:
            continue
        b = min(n, a + pcm.size)
        out[a:b] += pcm[:b - a]
    return out


def join_voiced(parts: list, dst: Path, track=None) -> dict | None:
    """:func:`rnn_lecture.encoding.join_videos` with the voice ``track`` (None: silent, a
    plain join), and the file's loudness and true peak measured as delivered (decoded) and
    returned: over :data:`TRUE_PEAK_CEILING`, the join is made again with the track turned
    down by the excess and a tenth of a dB (deterministic: the same file always takes the
    same way)."""
    from .encoding import join_videos

    join_videos(parts, dst, voice=track)
    if track is None:
        return None
    heard = measure_file(dst)
    peak = heard["true_peak"]
    if peak is not None and peak > TRUE_PEAK_CEILING:
        gain = np.float32(10 ** ((TRUE_PEAK_CEILING - 0.1 - peak) / 20))
        join_videos(parts, dst, voice=lambda seconds: track(seconds) * gain)
        heard = measure_file(dst)
    return heard
