"""The job and its keys: what is rendered, where it goes, and when it is up to date.

A :class:`Job` is one section at one quality, language and parameter set, rendered under
``out``. Its key (:func:`job_key`) covers the section, parameters, language, quality and the
code (:func:`code_hash`); a section folder whose ``render.json`` holds that key and whose
files are all there is up to date (:func:`is_up_to_date`). The paths of a job's outputs, log,
lock and timing, and the Manim settings it draws with (:func:`manim_config`), live here too.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from scenes.tex_cache import TEX_DIR_ENV

from .. import safefs

QUALITIES = {"low": "low_quality", "medium": "medium_quality", "high": "high_quality",
             "4k": "fourk_quality"}
LANGS = ("zh", "en")
#: x264 settings of every video. Manim's default is the "medium" preset at CRF 23 with a thread
#: per core; "veryfast" at CRF 20 gives the same picture quality on lecture graphics (within
#: 0.5 dB PSNR) in smaller files for about a third less encoding time, and one thread wastes
#: less when every core already draws (``--jobs``). Subpixel motion search at level 1 instead
#: of the preset's 2 (``subme=1``): on primer-02's frames about a fifth less x264 time for
#: files 3% larger at 0.2 dB less PSNR (still above 51 dB); the encoder runs beside the drawing,
#: so at ``--jobs 2`` its time is time the other worker's beats wait for a core. No B-frames
#: (``bf=0``): a held frame is one frame that lasts (:mod:`rnn_lecture.encoding`), and x264's
#: B-frames would put a variable frame rate's decoding timestamps out of step with the clip's
#: length. No macroblock tree (``mbtree=0``): x264's lookahead propagates each block's
#: cost over a row of half-size blocks read a few at a time, and where that row is not a
#: multiple of 4 blocks long (854 px at low: 27) it reads past the row into memory it never
#: wrote, so the same frames encoded in one process and another came out a level or two
#: apart now and then (CI's render comparisons; one run in ten under load). With ``mbtree=0``
#: the bytes are the same whatever that memory holds (``tests/test_encoding.py`` fills it
#: with ``MALLOC_PERTURB_``); CRF 23 without it gives files and PSNR close to CRF 20 with it
#: (primer-01 low: 1.24 MB at 50.3 dB against 1.14 MB at 50.2; pre-07 high: within 5%).
VIDEO_ENCODER_OPTIONS = {"crf": "23", "preset": "veryfast", "threads": "1", "bf": "0",
                         "x264-params": "subme=1:mbtree=0"}
ROOT = Path(__file__).resolve().parent.parent.parent
CODE_DIRS = ("mathcore", "scenes", "rnn_lecture")


@dataclass(frozen=True)
class Job:
    """One section to render; ``voice`` as :func:`rnn_lecture.voice.parse_voice` reads it
    (``none``, ``recorded:DIR`` with DIR absolute, ``synth[:ENGINE]``), ``allow_missing``:
    lines with no recording are left silent."""

    section: str
    params: dict
    quality: str
    lang: str
    out: str
    voice: str = "none"
    allow_missing: bool = False


def code_hash() -> str:
    """Hash of every source file that can change a video."""
    h = hashlib.sha256()
    for d in CODE_DIRS:
        for p in sorted((ROOT / d).rglob("*.py")):
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
    try:
        import importlib.metadata as md
        h.update(md.version("manim").encode())
    except Exception:  # pragma: no cover - manim is a dependency
        pass
    return h.hexdigest()


def job_key(job: Job, code: str) -> str:
    """Key over section, parameters, language, quality, code and voice (its source: the
    engine, or every recording's name and bytes; see :func:`voice_key`)."""
    from scenes.registry import to_json

    fields = {"section": job.section, "params": to_json(job.params),
              "quality": job.quality, "lang": job.lang, "code": code}
    if job.voice != "none":
        fields["voice"] = voice_key(job)
    blob = json.dumps(fields, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def voice_spec(job: Job):
    """The job's :class:`rnn_lecture.voice.VoiceSpec`."""
    from ..voice import parse_voice

    return parse_voice(job.voice, job.allow_missing)


def voice_key(job: Job) -> str:
    """What a section's voice depends on besides its words: the engine's identity (name,
    version, voice) for a synth voice; for recordings, the name and bytes of every file in
    the section's folder of them (replacing one recording changes the section's key, and
    the beat it belongs to is the one drawn again: its fingerprint holds the audio's id)."""
    spec = voice_spec(job)
    h = hashlib.sha256(f"{spec.kind}:{spec.allow_missing}".encode())
    if spec.kind == "synth":
        from ..voice import check_engine

        h.update(check_engine(spec, job.lang).identity(job.lang).encode())
    elif spec.kind == "recorded":
        folder = Path(spec.folder) / job.lang / job.section
        for p in sorted(folder.rglob("*")) if folder.is_dir() else ():
            if p.is_file():
                h.update(str(p.relative_to(folder)).encode() + b"\0")
                with open(p, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
    return h.hexdigest()


def voice_record(job: Job, loudness: dict) -> dict:
    """What a section's render record says of its voice: the source, the engine (a synth
    voice: its identity, :meth:`rnn_lecture.tts.Engine.identity`) and the measured loudness."""
    rec = {"source": job.voice, "loudness": loudness}
    spec = voice_spec(job)
    if spec.kind == "synth":
        from ..voice import check_engine

        engine = check_engine(spec, job.lang)
        rec["engine"] = engine.identity(job.lang)
    return rec


def voice_dir_for(job: Job) -> Path:
    """Where a job's voice keeps its cache (lines' lengths, synthesized lines): ``<out>/voice``."""
    return Path(job.out) / "voice"


def make_voice(job: Job):
    """The :class:`rnn_lecture.voice.Voice` a job's scene speaks with, or None (silent)."""
    from ..voice import Voice

    spec = voice_spec(job)
    if spec.silent:
        return None
    return Voice(spec, job.lang, job.section, voice_dir_for(job))


def section_dir(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / job.section


#: A section's length when no manifest has seen it (the primer's: ~60).
DEFAULT_SECONDS = 120


def tex_dir_for(job: Job) -> Path:
    """The LaTeX cache a job renders with (see :data:`TEX_DIR_ENV`)."""
    shared = os.environ.get(TEX_DIR_ENV)
    return Path(shared).absolute() if shared else Path(job.out) / "tex"


def segments_dir_for(job: Job) -> Path:
    """Where the Chinese captions' word starts are kept (:func:`rnn_lecture.captions.
    keep_segments_in`): ``<tex_dir>-segments`` beside the job's LaTeX cache."""
    tex = tex_dir_for(job)
    return tex.parent / f"{tex.name}-segments"


def manifest_path(out: str, quality: str, lang: str) -> Path:
    return Path(out) / quality / lang / "manifest.json"


def is_up_to_date(job: Job, key: str) -> bool:
    """True if the section's folder holds a complete render made with this key."""
    d = section_dir(job)
    meta = _read_render_json(d)
    if meta is None:
        return False
    return meta.get("key") == key and all(isinstance(f, str) and (d / f).is_file()
                                          for f in meta.get("files", []))


def log_path(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / "logs" / f"{job.section}.log"


def lock_path(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / "locks" / f"{job.section}.lock"


def manim_config(job: Job, media: Path, tex_dir: Path) -> dict:
    """Manim's settings for drawing ``job`` with its files in ``media``; a held frame is
    encoded once, as one frame that lasts, and every segment's WebM is encoded beside its MP4
    as it is drawn (:func:`scenes.manim_patches.encode_webm_beside`, installed here); frames
    are drawn faster, with the same pixels (:func:`scenes.manim_patches.draw_faster`)."""
    from scenes.manim_patches import draw_faster, encode_webm_beside

    encode_webm_beside()
    draw_faster()
    # no segment is pruned before the clips' WebMs are joined from them (the folder is the
    # job's own and removed after it)
    return {"quality": QUALITIES[job.quality], "media_dir": str(media),
            "tex_dir": str(tex_dir), "text_dir": str(media / "texts"),
            "save_sections": True, "disable_caching": True, "max_files_cached": -1,
            "verbosity": "ERROR",
            "progress_bar": "none", "output_file": job.section,
            "video_encoder_options": dict(VIDEO_ENCODER_OPTIONS),
            # a segment is still being encoded while the next play is drawn (Manim waits
            # for each before drawing on by default)
            "max_inflight_encoders": 2}

def timing_path(out: str, quality: str, lang: str, section: str) -> Path:
    return Path(out) / quality / lang / "logs" / f"{section}.timing.json"


def _read_render_json(d: Path) -> dict | None:
    """A section folder's render record, or None (missing, a link, unreadable, not its own)."""
    if d.is_symlink() or not d.is_dir():
        return None
    try:
        meta = json.loads(safefs.read_bytes(d / "render.json", MANIFEST_LIMIT))
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and meta.get("section") == d.name else None


#: Largest manifest.json or render.json read (a 14-section manifest is about 200 kB).
MANIFEST_LIMIT = 64 << 20
