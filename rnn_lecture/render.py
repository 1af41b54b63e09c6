"""Render sections to video: one process per section, atomic outputs, an up-to-date key.

Layout under ``out`` (default ``media/``)::

    out/<quality>/<lang>/manifest.json
    out/<quality>/<lang>/<section>/<section>.mp4      the whole section
    out/<quality>/<lang>/<section>/<section>.webm     the same in WebM/VP9
    out/<quality>/<lang>/<section>/<section>.srt/.vtt  captions (cues of at most two lines)
    out/<quality>/<lang>/<section>/<section>.chapters.vtt  one chapter per beat
    out/<quality>/<lang>/<section>/poster.png         last frame
    out/<quality>/<lang>/<section>/clips/NN_<beat>.mp4  one clip per beat (.webm, .png poster,
                                                      .srt/.vtt captions beside it)
    out/<quality>/<lang>/logs/<section>.log           output of the section's last render
                                                      (the traceback when it failed)
    out/<quality>/<lang>/logs/<section>.timing.json   seconds its last render took (kept out
                                                      of render.json: same inputs, same bytes)
    out/<quality>/<lang>/locks/<section>.lock         held while a run builds the section
    out/tex/                                          one LaTeX cache shared by every job
                                                      (compiles serialised by a file lock)

A section's folder is built beside the final one and swapped in with renames, so an interrupted
render never leaves a broken file where a good one was.

Faults are part of the design:

- Every section is built in its own worker process while the run holds the section's lock
  (``flock``, handed to the worker too). Another run that wants the same section waits for the
  lock, says so, and then skips the section if it is up to date or renders it after. Staging
  folders beside the final one are removed as leftovers only by a process holding that lock, so
  a live render's folders are never touched.
- A section that fails (no space, LaTeX, encoder, a worker that died) ends with one line naming
  it and the cause and the path of its log; the other sections go on; the run ends with a
  summary and :class:`RenderFailed`.
- Before anything renders, the room a run needs is estimated from the sizes of earlier renders
  (else from a per-second rate per quality) and compared with the free space (:class:`NoRoom`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing import connection as mp_connection
from multiprocessing import get_context, reduction
from pathlib import Path

from . import safefs

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
#: length.
VIDEO_ENCODER_OPTIONS = {"crf": "20", "preset": "veryfast", "threads": "1", "bf": "0",
                         "x264-params": "subme=1"}
ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("mathcore", "scenes", "rnn_lecture")


@dataclass(frozen=True)
class Job:
    """One section to render."""

    section: str
    params: dict
    quality: str
    lang: str
    out: str


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
    """Key over section, parameters, language, quality and code."""
    from scenes.registry import to_json

    blob = json.dumps({"section": job.section, "params": to_json(job.params),
                       "quality": job.quality, "lang": job.lang, "code": code}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def section_dir(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / job.section


#: Environment variable naming a LaTeX cache folder shared by every output folder (and every
#: run and process at once: formulas are typeset under locks); unset, each output folder
#: keeps its own, ``<out>/tex``.
TEX_DIR_ENV = "RNN_LECTURE_TEX_DIR"


def tex_dir_for(job: Job) -> Path:
    """The LaTeX cache a job renders with (see :data:`TEX_DIR_ENV`)."""
    shared = os.environ.get(TEX_DIR_ENV)
    return Path(shared).absolute() if shared else Path(job.out) / "tex"


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


def _video_duration(path: Path) -> float:
    import av

    with av.open(str(path)) as c:
        return float(c.duration / 1e6) if c.duration else 0.0


def tex_code(expression: str, environment: str | None, template) -> str:
    """The LaTeX source Manim compiles for a formula (its hash names the SVG)."""
    if environment is not None:
        return template.get_texcode_for_expression_in_env(expression, environment)
    return template.get_texcode_for_expression(expression)


def _flocked(path: Path):
    """An exclusive lock on ``path``, never through a link (:func:`safefs.locked`)."""
    return safefs.locked(path)


def typeset(code: str, template, svg: Path) -> Path:
    """Compile LaTeX ``code`` to ``svg`` with Manim's own commands (so the same SVG as Manim's),
    unless it exists: in a private folder, under the formula's lock (``tex-locks/<hash>.lock``
    beside the cache), moved in by rename. Reads no global config, so threads may call it for
    different formulas at once."""
    import subprocess

    import manim.utils.tex_file_writing as tfw

    if svg.exists():
        return svg
    here = svg.parent
    here.mkdir(parents=True, exist_ok=True)
    locks = here.parent / f"{here.name}-locks"
    locks.mkdir(parents=True, exist_ok=True)
    with _flocked(locks / f"{svg.stem}.lock"):
        if svg.exists():          # typeset by the job we waited for
            return svg
        private = Path(tempfile.mkdtemp(prefix=".typeset-", dir=here.parent))
        try:
            tex = private / f"{svg.stem}.tex"
            tex.write_text(code, encoding="utf-8")
            fmt = template.output_format
            compilers = template.tex_compiler
            for compiler in [compilers] if isinstance(compilers, str) else compilers:
                cmd = tfw.make_tex_compilation_command(compiler, fmt, tex, private)
                if subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode != 0:
                    log = tex.with_suffix(".log")
                    tfw.print_all_tex_errors(log, compiler, tex)
                    raise ValueError(f"{compiler} error converting to {fmt[1:]}: "
                                     f"{_first_tex_error(log)}")
            os.replace(tfw.convert_to_svg(tex.with_suffix(fmt), fmt), svg)
        finally:
            shutil.rmtree(private, ignore_errors=True)
    return svg


def _first_tex_error(log: Path) -> str:
    """The first ``! ...`` line of a LaTeX log (the log itself is removed with its folder)."""
    with contextlib.suppress(OSError):
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("! "):
                return line[2:].strip()
    return "see the output above"


def share_tex_cache(tex_dir: Path) -> None:
    """Make manim's LaTeX cache safe to share between processes, and typeset in parallel.

    Manim compiles a formula to ``<hash>.tex/.dvi/.svg`` in ``tex_dir`` and reuses the SVG when
    it exists. After each compile it deletes every file there that is not .svg or .tex
    (another job's .dvi in flight included), and every SVG it parses is first copied to a
    temporary ``<hash>_.svg`` beside it and deleted after (another job's copy of the same
    formula included). So a missing formula is compiled in a private folder, under a lock of
    its own (``tex-locks/<hash>.lock`` beside ``tex_dir``), and its SVG moved into ``tex_dir``
    by rename: jobs typeset different formulas at the same time, and a job that needs a formula
    another job is typesetting waits for that one only. Parsing an SVG runs under a lock of
    that file's; writing a Text (Pango) SVG under one ``flock`` for the folder.
    """
    import manim.mobject.svg.svg_mobject as svg_mobject
    import manim.mobject.text.text_mobject as text_mobject
    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.utils.tex_file_writing as tfw
    from manim import config

    Path(tex_dir).mkdir(parents=True, exist_ok=True)
    # The folders are read from Manim's config at each call (a process may render with one
    # tex_dir and construct with another). Locks live outside tex_dir: manim's clean-up
    # deletes every non-.svg/.tex file in it.

    def current() -> Path:
        return config.get_dir("tex_dir").resolve()

    @contextlib.contextmanager
    def locked(path: Path | None = None):
        if path is None:
            here = current()
            path = here.parent / f"{here.name}.lock"
        with safefs.locked(path):
            yield

    compile_svg = getattr(tfw.tex_to_svg_file, "__wrapped__", tfw.tex_to_svg_file)

    def tex_to_svg_file(expression, environment=None, tex_template=None):
        template = tex_template if tex_template is not None else config["tex_template"]
        code = tex_code(expression, environment, template)
        return typeset(code, template, current() / f"{tfw.tex_hash(code)}.svg")

    tex_to_svg_file.__wrapped__ = compile_svg
    tfw.tex_to_svg_file = tex_to_svg_file
    tex_mobject.tex_to_svg_file = tex_to_svg_file

    cls = svg_mobject.SVGMobject
    parse = getattr(cls.generate_mobject, "__wrapped__", cls.generate_mobject)

    def generate_mobject(self):
        # Parsing writes and deletes <name>_.svg beside the file: only jobs parsing the same
        # file need to wait for each other (one lock for all parses serialized the workers).
        if self.file_name is None:
            with locked():
                return parse(self)
        here = current()
        locks = here.parent / f"{here.name}-locks"
        locks.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha1(str(Path(self.file_name).absolute()).encode()).hexdigest()[:20]
        with locked(locks / f"parse-{name}.lock"):
            return parse(self)

    generate_mobject.__wrapped__ = parse
    cls.generate_mobject = generate_mobject

    # Text (Pango) SVGs: a job writes <hash>.svg into its text folder when it is missing, and
    # parsing copies it to <hash>_.svg as above; where jobs share a text folder (``script``,
    # the tests' workers), one could read another's half-written file or lose its copy.
    for name in ("Text", "MarkupText"):
        klass = getattr(text_mobject, name)
        write = getattr(klass._text2svg, "__wrapped__", klass._text2svg)

        def text2svg(self, *args, _write=write, **kwargs):
            with locked():
                return _write(self, *args, **kwargs)

        text2svg.__wrapped__ = write
        klass._text2svg = text2svg


# Space estimate without history: bytes of final output (video, clips, poster, captions) per
# second of video. Low is measured (the primer's sections came to 19-37 kB/s at low quality);
# the others scale it by pixel rate with room to spare. Real sizes from the manifests win.
BYTES_PER_SECOND = {"low": 64_000, "medium": 300_000, "high": 1_200_000, "4k": 4_800_000}
REPLAY_COST = 0.2     # replaying a beat without drawing, as a share of drawing it (measured
#                       at low quality: 0.1-0.25; less at higher qualities)
DEFAULT_SECONDS = 120       # a section's length when no manifest has seen it (the primer's: ~60)
BUILD_FACTOR = 2.0          # while built, a section's work folder holds about its size again
MARGIN = 2_000_000          # logs, manifests, LaTeX cache
LOW_WATER = 1_000_000       # a section that fails with less free than this failed for room


class NoRoom(Exception):
    """The output folder's file system has less free space than the run needs (one line)."""


class RenderFailed(Exception):
    """Some sections failed; each was reported and the summary printed."""

    def __init__(self, failed: list[tuple[str, str]], summary: str):
        super().__init__(summary)
        self.failed = failed
        self.summary = summary


def _umask() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _readable(path: Path, directory: bool = False) -> None:
    """Give what ``tempfile`` made (0700 folders, 0600 files) 0755 / 0644, whatever the umask
    (a link is left alone)."""
    safefs.set_mode(path, directory)


def log_path(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / "logs" / f"{job.section}.log"


def lock_path(job: Job) -> Path:
    return Path(job.out) / job.quality / job.lang / "locks" / f"{job.section}.lock"


def manim_config(job: Job, media: Path, tex_dir: Path) -> dict:
    """Manim's settings for drawing ``job`` with its files in ``media``; a held frame is
    encoded once, as one frame that lasts (:mod:`rnn_lecture.encoding`, installed here)."""
    from .encoding import install

    install()
    return {"quality": QUALITIES[job.quality], "media_dir": str(media),
            "tex_dir": str(tex_dir), "text_dir": str(media / "texts"),
            "save_sections": True, "disable_caching": True, "verbosity": "ERROR",
            "progress_bar": "none", "output_file": job.section,
            "video_encoder_options": dict(VIDEO_ENCODER_OPTIONS)}


def render_one(job: Job, key: str) -> dict:
    """Render one section in this process; return its manifest entry.

    The caller holds the section's lock. Staging folders are named after this process
    (``.<section>.<pid>.*``, ``.work-<section>.<pid>.*``) and removed on the way out, whatever
    happens.
    """
    from manim import tempconfig
    from PIL import Image

    from scenes.registry import get, to_json

    from .captions import record_beat_titles
    from .site import publish_section

    section = get(job.section)
    final = section_dir(job)
    safefs.ensure_dir(final.parent, job.out)
    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    pid = os.getpid()
    stage = Path(tempfile.mkdtemp(prefix=f".{job.section}.{pid}.", dir=final.parent))
    work = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.{pid}.", dir=final.parent))
    try:
        _readable(stage, directory=True)  # becomes the section's folder
        t0 = time.perf_counter()
        with tempconfig(manim_config(job, work, tex_dir)):
            scene = section.scene_class()(params=job.params, lang=job.lang)
            beat_titles = record_beat_titles(scene)
            scene.render()
            fw = scene.renderer.file_writer
            movie = Path(fw.movie_file_path)
            srt = movie.with_suffix(".srt")
            index = json.loads(Path(fw.output_plan.section_index).read_text())
            clip_src = Path(fw.sections_output_dir)
            frame = scene.renderer.get_frame()
        seconds = time.perf_counter() - t0
        files = [f"{job.section}.mp4", "poster.png"]
        shutil.move(str(movie), stage / files[0])
        if srt.is_file():
            shutil.move(str(srt), stage / f"{job.section}.srt")
            files.append(f"{job.section}.srt")
        Image.fromarray(frame).convert("RGB").save(stage / "poster.png")
        (stage / "clips").mkdir()
        clips = []
        for i, sec in enumerate(index):
            name = f"clips/{i:02d}_{sec['name']}.mp4"
            shutil.move(str(clip_src / sec["video"]), stage / name)
            files.append(name)
            clips.append({"beat": sec["name"], "file": name,
                          "duration": round(_video_duration(stage / name), 3)})
        entry = {
            "section": job.section, "number": section.number, "title": section.title,
            "lang": job.lang, "quality": job.quality, "params": to_json(job.params),
            "duration": round(_video_duration(stage / files[0]), 3),
            "render_seconds": round(seconds, 2),
            "bytes": sum((stage / f).stat().st_size for f in files),
            "video": files[0], "poster": "poster.png",
            "captions": f"{job.section}.srt" if f"{job.section}.srt" in files else None,
            "clips": clips, "files": files, "key": key,
        }
        entry = publish_section(stage, entry, beat_titles)  # captions, WebM, modes 0644/0755
        _write_json(stage / "render.json", split_timing(entry)[0])
        _swap_in(stage, final)
        return entry
    except BaseException as e:  # a full disk can surface as a LaTeX or encoder error
        with contextlib.suppress(Exception):
            e.free_at_failure = free_bytes(final.parent)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(stage, ignore_errors=True)


def _write_json(path: Path, data) -> None:
    """Write JSON atomically, 0644 (:func:`safefs.write_atomic`: a new temp file in the same
    folder, then rename, so a link at ``path`` is replaced, not written through); no temp file
    is left behind when writing fails (a full disk)."""
    safefs.write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _swap_in(stage: Path, final: Path) -> None:
    """Replace ``final`` by ``stage`` with renames only (a link at ``final`` is refused: what
    it points at is not ours to move or remove)."""
    safefs.check_not_link(final, "a section folder")
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}.old-{os.getpid()}")
        os.replace(final, old)
    try:
        os.replace(stage, final)
    except BaseException:
        if old is not None and not final.exists():
            os.replace(old, final)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _remove_leftovers(job: Job) -> None:
    """Delete the staging folders of renders of this section that are gone.

    Only call this while holding the section's lock: every live render of the section holds it,
    so whatever staging folder is there belongs to a process that died. A render that died
    between the two renames of :func:`_swap_in` left the good folder as ``.old-<pid>``: it is
    put back.
    """
    final = section_dir(job)
    parent = final.parent
    if not parent.is_dir():
        return
    for p in sorted(parent.iterdir()):
        if p.is_symlink():   # not ours (a staging folder is a real one): left alone
            continue
        if p.name.startswith(f".{job.section}.old-") and not final.exists() \
                and not final.is_symlink():
            os.replace(p, final)
        elif p.name.startswith((f".{job.section}.", f".work-{job.section}.")):
            shutil.rmtree(p, ignore_errors=True)


def _pid_in(name: str, prefix: str) -> int | None:
    """The pid in a folder name ``<prefix><pid>.<random>`` (None if there is none)."""
    head = name[len(prefix):].split(".", 1)[0] if name.startswith(prefix) else ""
    return int(head) if head.isdigit() else None


def remove_dead_leftovers(out: str, quality: str, lang: str, echo=None) -> None:
    """Remove what runs that died left in ``out/quality/lang``: every section's staging and
    work folders (taking the section's lock for a moment, so a live run's folders, which it
    holds the lock of, are never touched; a run that holds it is live) and the work folders
    of beat previews whose process is gone. Every run calls this first, whatever it then
    does (renders, finds everything up to date, previews a beat)."""
    from scenes.registry import ids

    top = Path(out) / quality / lang
    try:
        names = [p.name for p in top.iterdir() if p.name.startswith(".")]
    except OSError:
        names = []
    for sid in ids():
        if not any(n.startswith((f".{sid}.", f".work-{sid}.")) for n in names):
            continue
        job = Job(sid, {}, quality, lang, out)
        lock = SectionLock(job)
        try:
            if lock.try_acquire():
                if lock.took_over is not None and echo is not None:
                    echo(f"{sid}: pid {lock.took_over}, which was rendering it, is dead; "
                         "taking it over")
                _remove_leftovers(job)
        except OSError:
            pass
        finally:
            lock.release()
    previews = top / "previews"
    for folder in (previews.iterdir() if previews.is_dir() else ()):
        for p in (folder.iterdir() if folder.is_dir() and not folder.is_symlink() else ()):
            if not p.name.startswith(".") or p.is_symlink() or not p.is_dir():
                continue
            pid = _pid_in(p.name, f".work-{folder.name}.")
            if pid is None:                       # a preview's own folder: .<beat>.<pid>.*
                pid = _pid_in(p.name, f".{p.name[1:].split('.', 1)[0]}.")
            if pid is not None and pid != os.getpid() and not _alive(pid):
                shutil.rmtree(p, ignore_errors=True)


@contextlib.contextmanager
def _locked(path: Path, echo=None):
    """Hold ``<path>.lock`` (the manifest's lock; a link there is refused, not followed); a
    holder that is dead is taken over at once, with one line saying so (see
    :func:`take_lock`)."""
    lock = path.with_suffix(".lock")
    fd = safefs.open_lock(lock)
    try:
        dead = take_lock(fd, lock, wait=True)
        if dead is not None:
            (echo or _say)(f"{lock}: pid {dead}, which held this lock, is dead; taking it over")
        yield
    finally:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        os.close(fd)


def _say(line: str) -> None:
    print(line, flush=True)


def timing_path(out: str, quality: str, lang: str, section: str) -> Path:
    return Path(out) / quality / lang / "logs" / f"{section}.timing.json"


def split_timing(entry: dict) -> tuple[dict, dict]:
    """A manifest entry without what the clock measured, and that apart: ``({...},
    {"render_seconds": s, "beats": {beat: s}})``.

    How long a render took is not a function of its inputs, so it stays out of
    ``render.json`` and ``manifest.json`` (same inputs, same bytes: every output file is
    byte-identical across renders) and goes to ``logs/<section>.timing.json``, where the
    scheduler reads it back (:func:`_history`)."""
    timing = {"render_seconds": entry.get("render_seconds"),
              "beats": {b["beat"]: b["render_seconds"] for b in entry.get("beats") or ()
                        if isinstance(b, dict) and "render_seconds" in b}}
    clean = {k: v for k, v in entry.items() if k != "render_seconds"}
    if "beats" in entry:
        clean["beats"] = [{k: v for k, v in b.items() if k != "render_seconds"}
                          if isinstance(b, dict) else b for b in entry["beats"]]
    return clean, timing


def _timing(out: str, quality: str, lang: str, section: str) -> dict:
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(timing_path(out, quality, lang, section).read_text())
        if isinstance(data, dict) and isinstance(data.get("beats"), dict):
            return data
    return {"render_seconds": None, "beats": {}}


def _with_timing(out: str, entry: dict) -> dict:
    """``entry`` with the seconds its render took put back (see :func:`split_timing`)."""
    if not isinstance(entry.get("section"), str) or "render_seconds" in entry:
        return entry
    t = _timing(out, str(entry.get("quality")), str(entry.get("lang")), entry["section"])
    entry = {**entry, "render_seconds": t.get("render_seconds")}
    if isinstance(entry.get("beats"), list):
        entry["beats"] = [{**b, "render_seconds": t["beats"][b["beat"]]}
                          if isinstance(b, dict) and b.get("beat") in t["beats"] else b
                          for b in entry["beats"]]
    return entry


def _read_render_json(d: Path) -> dict | None:
    """A section folder's render record, or None (missing, a link, unreadable, not its own)."""
    if d.is_symlink() or not d.is_dir():
        return None
    try:
        meta = json.loads(safefs.read_bytes(d / "render.json", MANIFEST_LIMIT))
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and meta.get("section") == d.name else None


def _rendered_sections(out: str, quality: str, lang: str) -> dict[str, dict]:
    """Manifest entries of every section folder under ``out/<quality>/<lang>`` whose
    render.json is whole and whose files are all there, by id."""
    from scenes.registry import ids

    root = Path(out) / quality / lang
    found = {}
    for sid in ids():
        meta = _read_render_json(root / sid)
        if meta is not None and all(isinstance(f, str) and (root / sid / f).is_file()
                                    for f in meta.get("files", [])):
            found[sid] = {k: v for k, v in meta.items() if k != "files"}
    return found


def _read_manifest(path: Path) -> tuple[dict | None, str]:
    """The manifest and ``""``, or None and why it cannot be used ("missing" when absent)."""
    if path.is_symlink():
        return None, "a symbolic link"
    try:
        data = json.loads(safefs.read_bytes(path, MANIFEST_LIMIT))
    except FileNotFoundError:
        return None, "missing"
    except (OSError, ValueError, UnicodeDecodeError) as e:
        return None, f"unreadable: {getattr(e, 'strerror', None) or e}"
    if not (isinstance(data, dict) and isinstance(data.get("sections"), list)
            and all(isinstance(s, dict) and isinstance(s.get("section"), str)
                    for s in data["sections"])):
        return None, "not a manifest (no list of sections)"
    return data, ""


#: Largest manifest.json or render.json read (a 14-section manifest is about 200 kB).
MANIFEST_LIMIT = 64 << 20


def update_manifest(out: str, quality: str, lang: str, entry: dict | None,
                    echo=None) -> Path:
    """Insert or replace a section's entry (``entry`` None: none); sections kept in lecture
    order.

    A manifest that is damaged (truncated, not JSON, replaced by a link) or missing is rebuilt
    from the section folders' ``render.json`` files, so no rendered section is forgotten;
    a damaged one is reported on ``echo`` in one line. The seconds the render took go to its
    timing file (:func:`split_timing`); a beat reused without drawing keeps the seconds it
    took when it was drawn.
    """
    from scenes.registry import ids

    path = manifest_path(out, quality, lang)
    safefs.ensure_dir(path.parent, out)
    if entry is not None:
        entry, timing = split_timing(entry)
        if timing["render_seconds"] is not None or timing["beats"]:
            tp = timing_path(out, quality, lang, entry["section"])
            old = _timing(out, quality, lang, entry["section"])
            names = {b.get("beat") for b in entry.get("beats") or () if isinstance(b, dict)}
            timing["beats"] = {**{b: v for b, v in old["beats"].items() if b in names},
                               **timing["beats"]}
            with contextlib.suppress(OSError):
                safefs.ensure_dir(tp.parent, out)
                _write_json(tp, timing)
    with _locked(path):   # a takeover is said on stdout, as a section lock's is
        for tmp in path.parent.glob(f".{path.name}.*"):  # a writer killed mid-write
            with contextlib.suppress(OSError):
                if not tmp.is_symlink():
                    tmp.unlink()
        data, why = _read_manifest(path)
        if data is None:
            found = _rendered_sections(out, quality, lang)
            if why != "missing":
                (echo or print)(f"{path}: {why}; rebuilt from the render.json of "
                                f"{len(found)} section folder(s)")
            data = {"quality": quality, "lang": lang, "sections": list(found.values())}
        elif entry is None:
            return path
        by_id = {s["section"]: s for s in data.get("sections", [])}
        if entry is not None:
            by_id[entry["section"]] = {k: v for k, v in entry.items() if k != "files"}
        order = ids()
        data["sections"] = sorted(by_id.values(),
                                  key=lambda s: order.index(s["section"])
                                  if s["section"] in order else len(order))
        _write_json(path, data)
    return path


# ----------------------------------------------------------------------------- paths

def check_output_paths(jobs: list[Job]) -> None:
    """Before anything is written: raise :class:`safefs.UnsafePath` (one line, exit 2) for a
    symbolic link where a run writes in place: the quality, language, logs and locks folders,
    a section's folder, a section's lock or the manifest's lock. (A link at a file that is
    written whole, render.json, manifest.json or a log, is replaced by the new file instead.)
    """
    for job in jobs:
        lang_dir = Path(job.out) / job.quality / job.lang
        tex = tex_dir_for(job)
        for d in (lang_dir.parent, lang_dir, lang_dir / "logs", lang_dir / "locks",
                  section_dir(job), tex, tex.parent / f"{tex.name}-locks"):
            safefs.check_not_link(d, "a folder it writes in")
        for f in (lock_path(job), lang_dir / "manifest.lock", tex.parent / f"{tex.name}.lock"):
            safefs.check_not_link(f, "a lock file")


def check_writable(out: str | Path) -> None:
    """See :func:`safefs.check_writable`."""
    safefs.check_writable(out)


# ----------------------------------------------------------------------------- room

def free_bytes(path: str | Path) -> int:
    """Free bytes for an unprivileged user on the file system that holds (or will hold) path."""
    p = Path(path).absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    st = os.statvfs(p)
    return st.f_bavail * st.f_frsize


def _history(out: str) -> list[dict]:
    entries = []
    for q in QUALITIES:
        for lang in LANGS:
            try:
                data = json.loads(manifest_path(out, q, lang).read_text())
                entries += [_with_timing(out, e) for e in data.get("sections", [])
                            if isinstance(e, dict)]
            except (OSError, ValueError, AttributeError):
                pass
    return entries


def estimate_bytes(job: Job, history: list[dict]) -> int:
    """Bytes a section's finished folder will take: its last size at this quality (this
    language first), else its length times this quality's bytes per second (measured from the
    manifests, else :data:`BYTES_PER_SECOND`)."""
    same = [e for e in history if e.get("section") == job.section
            and e.get("quality") == job.quality and isinstance(e.get("bytes"), int)]
    same.sort(key=lambda e: e.get("lang") != job.lang)
    if same:
        return same[0]["bytes"]
    sized = [e for e in history if e.get("quality") == job.quality
             and isinstance(e.get("bytes"), int) and e.get("duration")]
    rate = (sum(e["bytes"] for e in sized) / sum(e["duration"] for e in sized) if sized
            else BYTES_PER_SECOND[job.quality])
    durations = [e["duration"] for e in history
                 if e.get("section") == job.section and e.get("duration")]
    return int(rate * (max(durations) if durations else DEFAULT_SECONDS))


def room_needed(jobs: list[Job]) -> int:
    """Bytes the file system must have free to render ``jobs`` (with room to spare)."""
    histories: dict[str, list[dict]] = {}
    total = 0
    for job in jobs:
        h = histories.setdefault(job.out, _history(job.out))
        total += BUILD_FACTOR * estimate_bytes(job, h)
    return int(total * 1.1) + MARGIN


def human(n: float) -> str:
    return f"{n / 1e6:.1f} MB" if n < 1e9 else f"{n / 1e9:.2f} GB"


def check_room(jobs: list[Job]) -> None:
    """Raise :class:`NoRoom` (one line) if the output folder's file system is too full."""
    by_out: dict[str, list[Job]] = {}
    for job in jobs:
        by_out.setdefault(job.out, []).append(job)
    for out, js in by_out.items():
        need, free = room_needed(js), free_bytes(out)
        if free < need:
            qualities = "/".join(sorted({j.quality for j in js}))
            raise NoRoom(f"not enough room in {out}: {len(js)} section(s) at {qualities} quality "
                         f"need about {human(need)}, its file system has {human(free)} free; "
                         "free some space or choose another --out")


# ----------------------------------------------------------------------------- locks

def _lock_holders(path: Path) -> list[int]:
    """Processes (of this user) holding an ``flock`` on the file at ``path``: those with a
    descriptor open on it whose ``/proc/PID/fdinfo`` lists a lock. A run's workers hold its
    section locks through descriptors the run handed them, so they show here too."""
    st = os.stat(path)
    holders = []
    for d in Path("/proc").glob("[0-9]*"):
        try:
            if d.stat().st_uid != os.getuid():
                continue
            for fd in (d / "fd").iterdir():
                with contextlib.suppress(OSError):
                    t = os.stat(fd)
                    if (t.st_dev, t.st_ino) == (st.st_dev, st.st_ino) and \
                            "FLOCK" in (d / "fdinfo" / fd.name).read_text():
                        holders.append(int(d.name))
                        break
        except OSError:
            continue
    return holders


def _lock_pid(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(os.pread(fd, 32, 0).split()[0])
    return None


def take_lock(fd: int, path: Path, wait: bool) -> int | None:
    """``flock`` ``fd`` (open on ``path``) and write our pid in it. Returns the pid of a dead
    holder taken over, else None; raises :class:`BlockingIOError` if a live process holds it
    and not ``wait``.

    A holder writes its pid in the file when it takes the lock and empties the file when it
    lets go, so a pid there that is dead is a run that died holding the lock. If the lock is
    still held then, the holders are that run's orphans (its workers hold its locks through
    descriptors it handed them): they are stopped (SIGTERM, SIGKILL after 2 s), since what
    they draw is for nobody, and the lock is taken at once instead of waiting for them.
    """
    dead = None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            pid = _lock_pid(fd)
            if pid is None or pid == os.getpid() or _alive(pid):
                if not wait:
                    raise
                time.sleep(0.2)
                continue
            time.sleep(0.2)   # a new holder writes its pid right after taking the lock
            if _lock_pid(fd) != pid:
                continue
            orphans = [p for p in _lock_holders(path) if p != os.getpid()]
            for sig in (signal.SIGTERM, signal.SIGKILL):
                for p in orphans:
                    with contextlib.suppress(OSError):
                        os.kill(p, sig)
                t0 = time.monotonic()
                while time.monotonic() - t0 < 2 and any(map(_alive_not_zombie, orphans)):
                    time.sleep(0.05)
            dead = pid
            if not orphans and not wait:
                raise
    if dead is None:
        pid = _lock_pid(fd)
        if pid is not None and pid != os.getpid() and not _alive(pid):
            dead = pid     # it died holding the lock; its orphans were gone already
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return dead


def _alive_not_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class SectionLock:
    """``flock`` on ``locks/<section>.lock``, outside the staging folders; holds the run's pid
    while it is held (empty when free). ``took_over``: the pid of a dead holder taken over."""

    def __init__(self, job: Job):
        self.path = lock_path(job)
        self.root = Path(job.out)
        self.fd: int | None = None
        self.held = False
        self.took_over: int | None = None

    def try_acquire(self) -> bool:
        if self.fd is None:
            safefs.ensure_dir(self.path.parent, self.root)
            self.fd = safefs.open_lock(self.path)   # a link is refused, not followed
        try:
            self.took_over = take_lock(self.fd, self.path, wait=False)
        except BlockingIOError:
            return False
        self.held = True
        return True

    def holder(self) -> int | None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(safefs.read_bytes(self.path, 64).split()[0])
        return None

    def release(self) -> None:
        if self.fd is not None:
            if self.held:
                with contextlib.suppress(OSError):   # free: no pid in it
                    os.ftruncate(self.fd, 0)
            os.close(self.fd)
            self.fd = None
            self.held = False


# ----------------------------------------------------------------------------- failures

def _chain(e: BaseException):
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ or e.__context__


def describe_failure(e: BaseException) -> dict:
    """Classify an exception from a section's render: ``{"kind", "detail"}``."""
    for x in _chain(e):
        code = getattr(x, "errno", None)
        if code in (errno.ENOSPC, errno.EDQUOT) or "No space left on device" in str(x):
            return {"kind": "nospace", "detail": str(x)}
        if code == errno.EFBIG:
            return {"kind": "fsize", "detail": str(x)}
    first = (str(e).strip().splitlines() or [""])[0][:200]
    if getattr(e, "free_at_failure", LOW_WATER) < LOW_WATER:
        return {"kind": "nospace", "detail": f"{type(e).__name__}: {first}"}
    frames = traceback.extract_tb(e.__traceback__)
    if any(f.filename.endswith(os.path.join("utils", "tex_file_writing.py")) for f in frames) \
            or "latex" in first.lower():
        return {"kind": "latex", "detail": first}
    module = type(e).__module__
    name = type(e).__name__ if module == "builtins" else f"{module}.{type(e).__name__}"
    kind = "encoder" if module.startswith("av") else "error"
    return {"kind": kind, "detail": f"{name}: {first}" if first else name}


def _cause(job: Job, failure: dict) -> str:
    kind, detail = failure["kind"], failure.get("detail", "")
    if kind == "nospace":
        need = int(BUILD_FACTOR * estimate_bytes(job, _history(job.out)))
        return (f"no space left on device in {job.out} (about {human(need)} needed for this "
                f"section, {human(free_bytes(job.out))} free now)")
    if kind == "fsize":
        return "a file grew past this process's file-size limit (ulimit -f)"
    if kind == "latex":
        return f"LaTeX error: {detail}"
    if kind == "encoder":
        return f"video encoder error: {detail}"
    return detail


# ----------------------------------------------------------------------------- worker

#: What a worker imports before its first job: ~1.5 s of CPU (Manim alone takes one), once per
#: run in the fork server instead of once per job (see :func:`worker_context`).
PRELOAD = ("manim", "av", "PIL.Image", "srt", "scenes.registry", "rnn_lecture.beats",
           "rnn_lecture.captions", "rnn_lecture.encoding", "rnn_lecture.site",
           "rnn_lecture.forkserver_guard")   # the server only: see that module


def worker_context():
    """The multiprocessing context of local workers: a fork server that imports
    :data:`PRELOAD` once and forks each worker from there, ready to draw (``spawn`` where
    there is no fork server).

    A worker forked so inherits the server's working folder, environment and umask, which
    are the run's as they were when its first worker started; :func:`_child` takes the run's
    current ones (:func:`_setting`), so a run behaves as with a fresh process per job.
    """
    import multiprocessing as mp

    if "forkserver" not in mp.get_all_start_methods():
        return get_context("spawn")
    ctx = get_context("forkserver")
    ctx.set_forkserver_preload(list(PRELOAD))  # no effect once the server runs
    return ctx


def _setting() -> dict:
    """What a worker takes from the run: working folder, environment, umask."""
    return {"cwd": os.getcwd(), "env": dict(os.environ), "umask": _umask()}


def _take_setting(setting: dict) -> None:
    os.chdir(setting["cwd"])
    if dict(os.environ) != setting["env"]:
        os.environ.clear()
        os.environ.update(setting["env"])
    os.umask(setting["umask"])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _stop_group(code: int) -> None:
    """Exit now, and take this worker's children (LaTeX, encoders) along: the worker leads a
    process group of its own (:func:`_die_with_parent`), so one ``killpg`` reaches them all."""
    with contextlib.suppress(OSError):
        if os.getpgid(0) == os.getpid():
            os.killpg(0, signal.SIGKILL)
    os._exit(code)


def _die_with_parent(parent_pid: int) -> None:
    """Make sure this worker, and every process it starts, dies with the run ``parent_pid``,
    whatever kills the run (SIGKILL included); stop now if the run is already gone.

    Three things did not hold before, and each is fixed here:

    - A worker is forked by the run's fork server, not by the run, and Python hands every
      such child the write end of the server's "alive" pipe (so that it could ask the server
      for processes of its own). The server exits when that pipe's last write end closes, so
      it lived on for as long as any worker did, and ``PR_SET_PDEATHSIG`` (which fires when
      the *fork server* dies) never fired. The worker closes its copy: the server now sees
      EOF, and exits, the moment the run is gone.
    - The death signal is SIGTERM, handled in Python (:func:`_on_sigterm`), which runs only
      between bytecodes of the main thread. So a thread also watches the run itself through a
      pidfd (``poll`` wakes when the run exits, however it exits) and stops the worker from
      there, without waiting for the main thread.
    - Processes a worker starts (LaTeX, dvisvgm) are not signalled by Linux when the worker
      dies. The worker leads a new process group, and stops by killing that group
      (:func:`_stop_group`).
    """
    with contextlib.suppress(Exception):
        from multiprocessing import forkserver

        fs = forkserver._forkserver
        if fs._forkserver_alive_fd is not None:
            os.close(fs._forkserver_alive_fd)
            fs._forkserver_alive_fd = None
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    try:
        pidfd = os.pidfd_open(parent_pid)
    except ProcessLookupError:
        _stop_group(1)
    except (OSError, AttributeError):
        pidfd = None
    if os.getppid() == 1 or not _alive(parent_pid):
        _stop_group(1)
    if pidfd is not None:
        import select
        import threading

        def watch():
            poller = select.poll()
            poller.register(pidfd, select.POLLIN)
            while not poller.poll():
                pass
            _on_sigterm(signal.SIGKILL, None)   # the run is gone: clean up and stop

        threading.Thread(target=watch, name="rnn-lecture: watch the run", daemon=True).start()


_HOLDING: dict = {}  # in a worker: the job whose section lock it holds


def _on_sigterm(signum, frame):
    """Stop now, and take this section's staging folders along (we hold its lock).

    No exception is raised into the render: manim and PyAV swallow some (an exception in a
    callback is only printed), and a worker that lives on after its run was stopped is worse
    than one that stops hard.
    """
    job = _HOLDING.get("job")
    if job is not None:
        with contextlib.suppress(Exception):
            _remove_leftovers(job)
    _stop_group(128 + signum)


def _child(kind: str, job: Job, key: str, beats: tuple | None, work: str | None, conn,
           parent_pid: int, threads: int = 1, setting: dict | None = None) -> None:
    """Worker process: one job, reported on ``conn``; all output goes to the section's log.

    ``kind`` is ``"section"`` (the whole section in this process, as Manim alone renders it),
    ``"plan"`` (the section played without drawing: its beats' fingerprints and lengths),
    ``"typeset"`` (its formulas typeset up front, ``threads`` at a time) or ``"beats"`` (the
    clips of some beats into ``work``). SIGINT is ignored (the run answers Ctrl-C by
    stopping its workers); SIGTERM, from the run or from Linux when the run
    dies, stops it at once. ``setting``: the run's working folder, environment and umask.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_sigterm)
    if setting is not None:
        _take_setting(setting)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file-size limit is an error, not a kill
    _die_with_parent(parent_pid)
    lock_fd = reduction.recv_handle(conn)  # the section's lock: held as long as we live
    _HOLDING["job"] = job
    with contextlib.suppress(Exception):
        # tqdm (manim's progress bars) makes a multiprocessing lock, i.e. a named semaphore;
        # one bar per process needs none, and a killed worker would leave a warning about it.
        from tqdm.std import TqdmDefaultWriteLock

        TqdmDefaultWriteLock.mp_lock = None
    msg: tuple = ("failed", {"kind": "error", "detail": "worker stopped before rendering"})
    try:
        log = log_path(job)
        log.parent.mkdir(parents=True, exist_ok=True)
        fd = safefs.open_append(log)   # the run cleared it when it began; never via a link
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
        what = {"section": "rendering", "plan": "planning",
                "beats": f"rendering beats {', '.join(beats or ())}",
                "typeset": "typesetting its formulas"}
        print(f"{job.section}: {what[kind]} ({job.quality}, {job.lang}) in pid {os.getpid()}",
              flush=True)
        if kind == "section":
            entry = render_one(job, key)
            update_manifest(job.out, job.quality, job.lang, entry)
            msg = ("ok", entry)
        elif kind == "plan":
            from .beats import plan_section
            msg = ("ok", plan_section(job))
        elif kind == "typeset":
            from .beats import typeset_section
            msg = ("ok", typeset_section(job, threads))
        else:
            from .beats import render_beats
            msg = ("ok", render_beats(job, beats, Path(work)))
    except Exception as e:
        with contextlib.suppress(Exception):
            traceback.print_exc()
            sys.stderr.flush()
        with contextlib.suppress(Exception):  # a full disk can surface as a parse error
            if not hasattr(e, "free_at_failure"):  # (Pango/cairo write short files silently)
                e.free_at_failure = free_bytes(Path(work) if work else job.out)
        msg = ("failed", describe_failure(e))
    finally:
        with contextlib.suppress(Exception):
            conn.send((*msg, _cpu_seconds()))
        _HOLDING.clear()
        os.close(lock_fd)


def _cpu_seconds() -> float:
    """CPU seconds of this process (all its threads) and of its finished children (LaTeX)."""
    import resource

    me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@contextlib.contextmanager
def _sigint_ignored():
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _signal_name(n: int) -> str:
    try:
        return f"signal {n}, {signal.Signals(n).name}"
    except ValueError:
        return f"signal {n}"


def render(jobs: list[Job], n_jobs: int = 1, force: bool = False, echo=print, echo_err=None,
           space_check: bool = True, split: bool = True, client=None,
           trace: list | None = None) -> list[dict]:
    """Render ``jobs``, skipping those already up to date; ``n_jobs`` worker processes at once.

    With ``split`` (the default) a section's beats are separate jobs, scheduled over the workers
    longest first and joined without re-encoding; a section rendered before is planned first and
    only the beats whose drawing changed are drawn again. Without it each section renders in one
    process, as Manim alone would. With a Dask ``client`` (:mod:`rnn_lecture.cluster`) the
    plans and beats go to the cluster's workers, as many at once as it has threads.

    Returns the manifest entries of every section rendered or up to date. If any section
    failed, raises :class:`RenderFailed` after every other section finished and the summary
    was printed. Raises :class:`NoRoom` before anything renders if the disk is too full.

    ``trace``, if a list, receives a record per job run (section, kind, beats, and its start
    and end in seconds from the run's start), for ``scripts/bench`` to show idle workers.
    """
    echo_err = echo_err or echo
    check_output_paths(jobs)
    with safefs.output_umask():   # outputs 0644 / 0755 whatever the umask (README)
        return _render(jobs, n_jobs, force, echo, echo_err, space_check, split, client, trace)


def _render(jobs, n_jobs, force, echo, echo_err, space_check, split, client, trace):
    for where in dict.fromkeys((job.out, job.quality, job.lang) for job in jobs):
        remove_dead_leftovers(*where, echo=echo)
    code = code_hash()
    todo, results = [], []
    up_to_date = 0
    for job in jobs:
        key = job_key(job, code)
        if not force and is_up_to_date(job, key):
            results.append(_skip(job, echo))
            up_to_date += 1
        else:
            todo.append((job, key))
    for out in dict.fromkeys(job.out for job, _ in todo):
        check_writable(out)
    if space_check and todo:
        check_room([job for job, _ in todo])
    for place in dict.fromkeys((job.out, job.quality, job.lang) for job, _ in todo):
        if Path(place[0], place[1], place[2]).is_dir():   # a damaged manifest: rebuilt now
            update_manifest(*place, None, echo=echo_err)
    rendered, failed, skipped = (_Scheduler(todo, n_jobs, force, split, code, echo,
                                            echo_err, client, trace).run()
                                 if todo else ([], [], []))
    results += rendered + skipped
    parts = [f"{len(rendered)} rendered"]
    if up_to_date + len(skipped):
        parts.append(f"{up_to_date + len(skipped)} up to date")
    if failed:
        parts.append(f"{len(failed)} failed ({', '.join(s for s, _ in failed)})")
    summary = "done: " + ", ".join(parts)
    if failed:
        logs = sorted({str(log_path(job).parent) for job, _ in todo})
        summary += f"; logs in {', '.join(logs)}; run the same command again to retry"
        echo_err(summary)
        raise RenderFailed(failed, summary)
    echo(summary)
    return results


def _skip(job: Job, echo) -> dict:
    echo(f"{job.section}: up to date ({section_dir(job)}), skipped")
    meta = _read_render_json(section_dir(job))
    update_manifest(job.out, job.quality, job.lang, meta, echo=echo)
    return meta


def expected_seconds(job: Job, history: list[dict]) -> dict[str, float]:
    """Expected length of each beat of a section (seconds of video): from the last render of the
    section at any quality and language (its clips), else the section's length spread evenly,
    else :data:`DEFAULT_SECONDS`."""
    from scenes.registry import get

    beats = list(get(job.section).scene_class().BEATS)
    same = [e for e in history if e.get("section") == job.section]
    same.sort(key=lambda e: (e.get("lang") != job.lang, e.get("quality") != job.quality))
    for e in same:
        clips = {c.get("beat"): c.get("duration") for c in e.get("clips", [])
                 if isinstance(c, dict)}
        if all(isinstance(clips.get(b), (int, float)) for b in beats):
            return {b: float(clips[b]) for b in beats}
    total = next((float(e["duration"]) for e in same if e.get("duration")), DEFAULT_SECONDS)
    return {b: total / len(beats) for b in beats}


def _timed_beats(job: Job, history: list[dict]) -> list[dict]:
    """The beats, with their drawing seconds, of the section's last render whose beats were
    drawn at this quality (this language first); [] if it never was."""
    same = [e for e in history if e.get("section") == job.section
            and e.get("quality") == job.quality]
    same.sort(key=lambda e: e.get("lang") != job.lang)
    for e in same:
        timed = [b for b in e.get("beats", []) if isinstance(b, dict)
                 and isinstance(b.get("render_seconds"), (int, float))
                 and isinstance(b.get("duration"), (int, float)) and b["duration"] > 0]
        if timed:
            return timed
    return []


def render_rate(job: Job, history: list[dict]) -> float | None:
    """Seconds of drawing per second of video the section took when its beats were last drawn
    at this quality (this language first), or None if it never was."""
    timed = _timed_beats(job, history)
    if not timed:
        return None
    return sum(b["render_seconds"] for b in timed) / sum(b["duration"] for b in timed)


def beat_rates(job: Job, history: list[dict]) -> dict[str, float]:
    """Each beat's seconds of drawing per second of its video in that render (each beat is
    timed by itself: a sweep costs more per second than a hold); {} if it never was."""
    return {b["beat"]: b["render_seconds"] / b["duration"] for b in _timed_beats(job, history)
            if isinstance(b.get("beat"), str)}


@dataclass
class _Section:
    """A section of the run, from waiting for its lock to its folder swapped in."""

    job: Job
    key: str
    lock: SectionLock
    expected: dict
    told_waiting: bool = False
    work: Path | None = None
    prev: dict | None = None
    beats: tuple = ()
    records: dict | None = None
    running: int = 0
    failed: bool = False
    cpu_seconds: float = 0.0
    opened_at: float = 0.0
    after_typeset: list = field(default_factory=list)


@dataclass
class _Worker:
    """A job in flight: a local worker process, or a future on a Dask cluster."""

    sec: _Section
    kind: str
    beats: tuple | None
    proc: object = None
    conn: object = None
    conn_open: bool = True
    msg: tuple | None = None
    future: object = None
    record: dict | None = None
    started: float = 0.0      # time.perf_counter() when it started
    expected: float = 0.0     # its expected seconds of drawing (beats and replay)

    def stop(self) -> None:
        if self.future is not None:
            self.future.cancel()
        elif self.proc.is_alive():
            self.proc.terminate()  # the worker removes its staging folders and exits


class _Scheduler:
    """Worker processes over the jobs of every section of a run (see :func:`render`)."""

    def __init__(self, todo, n_jobs, force, split, code, echo, echo_err, client=None,
                 trace=None):
        self.ctx = worker_context()
        self.trace, self.t0 = trace, time.perf_counter()
        self.client = client
        if client is None and self.ctx.get_start_method() == "forkserver":
            # Start the fork server now: it imports Manim (~2.5 s) while this process does
            # the same to read the sections' beats below, instead of after it.
            from multiprocessing import forkserver

            with _sigint_ignored():   # as when the first worker starts it
                forkserver.ensure_running()
        if client is not None:   # as many jobs in flight as the cluster has threads
            n_jobs = max(1, sum(client.nthreads().values()))
            split = True
        self.n_jobs, self.force, self.split, self.code = n_jobs, force, split, code
        self.echo, self.echo_err = echo, echo_err
        history: dict[str, list] = {}
        self.pending = []
        rates, per_beat = [], []
        for job, key in todo:
            h = history.setdefault(job.out, _history(job.out))
            self.pending.append(_Section(job, key, SectionLock(job), expected_seconds(job, h)))
            rates.append(render_rate(job, h))
            per_beat.append(beat_rates(job, h))
        # Work is expected seconds of drawing: each beat's length times its rate when last
        # drawn at this quality (a beat not drawn then: its section's rate; sections never
        # drawn: the median rate of the others), so a slow section goes first and runs are
        # cut by time, not by length of video.
        known = sorted(r for r in rates if r)
        usual = known[len(known) // 2] if known else 1.0
        for sec, rate, own in zip(self.pending, rates, per_beat):
            sec.expected = {b: d * own.get(b, rate or usual) for b, d in sec.expected.items()}
        # longest sections first, so the last one to finish is a short one
        self.pending.sort(key=lambda s: -sum(s.expected.values()))
        self.ready: list[tuple] = []         # (sec, kind, beats)
        self.running: list[_Worker] = []
        self.rendered, self.failed, self.skipped = [], [], []

    # ----- sections --------------------------------------------------------------------
    def fail(self, sec: _Section, cause: str) -> None:
        log = log_path(sec.job)
        with contextlib.suppress(OSError):
            log.parent.mkdir(parents=True, exist_ok=True)
            safefs.append_text(log, f"\n{sec.job.section}: failed: {cause}\n")
        where = f"; log: {log}" if log.is_file() else ""
        self.echo_err(f"{sec.job.section}: failed: {cause}{where}")
        self.failed.append((sec.job.section, cause))
        sec.failed = True
        self.ready = [r for r in self.ready if r[0] is not sec]
        for w in self.running:
            if w.sec is sec:
                w.stop()
        self.close(sec)

    def close(self, sec: _Section) -> None:
        """Release a section once none of its workers runs (they hold its lock too)."""
        if sec.running:
            return
        with contextlib.suppress(OSError):
            _remove_leftovers(sec.job)   # we still hold the lock: whatever is there is dead
        sec.lock.release()

    def open(self, sec: _Section) -> None:
        """Under the section's lock: skip it if another run made it meanwhile, else queue its
        jobs (the whole section, a plan, or every beat)."""
        job = sec.job
        if not self.force and is_up_to_date(job, sec.key):
            self.skipped.append(_skip(job, self.echo))
            sec.lock.release()
            return
        _remove_leftovers(job)
        sec.opened_at = time.perf_counter()
        final = section_dir(job)
        safefs.ensure_dir(final.parent, job.out)
        log = log_path(job)
        safefs.ensure_dir(log.parent, job.out)
        safefs.write_atomic(log, b"")   # a new, empty log (a link there is replaced)
        if not self.split:
            self._queue(sec, [(sec, "section", None)])
            return
        from scenes.registry import get

        sec.beats = tuple(get(job.section).scene_class().BEATS)
        sec.records = {}
        sec.work = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.{os.getpid()}.",
                                         dir=final.parent))
        with contextlib.suppress(OSError, ValueError):
            prev = json.loads((final / "render.json").read_text())
            if not self.force and prev.get("beats"):
                sec.prev = prev
        if sec.prev is not None:
            self._queue(sec, [(sec, "plan", None)])
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang}); rendered before, "
                      "planning which beats changed")
        else:
            self._queue(sec, self._runs(sec, list(sec.beats)))
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang}), "
                      f"{len(sec.beats)} beats")

    def _run_cost(self, sec: _Section, beats: tuple) -> float:
        """Expected seconds of a job drawing ``beats`` (in order): each beat's drawing, and
        :data:`REPLAY_COST` of drawing for each beat before or between them that it replays."""
        order = list(sec.beats) or list(beats)
        last = max(order.index(b) for b in beats)
        return sum(max(sec.expected.get(b, 0.0), 1e-3) * (1.0 if b in beats else REPLAY_COST)
                   for b in order[:last + 1])

    def _load(self) -> tuple[list[float], float]:
        """When each worker is next free (expected seconds from now: what its job has left),
        and the expected seconds of drawing queued besides: runs waiting, sections not opened
        yet, and the runs a plan or typesetting in flight or waiting will queue."""
        now = time.perf_counter()
        slots = [0.0] * max(self.n_jobs - len(self.running), 0)
        queued = sum(sum(s.expected.values()) for s in self.pending)

        def coming(sec, kind, beats):
            if kind == "typeset":
                return sum(self._run_cost(s, b) for s, k, b in sec.after_typeset
                           if k == "beats")
            return sum(sec.expected.values())       # a plan's section, or a whole section
        for sec, kind, beats in self.ready:
            queued += self._run_cost(sec, beats) if kind == "beats" else \
                coming(sec, kind, beats)
        for w in self.running:
            if w.kind in ("plan", "typeset"):
                slots.append(0.0)                   # short; their section's runs follow
                queued += coming(w.sec, w.kind, w.beats)
            else:
                slots.append(max(w.expected - (now - w.started), 0.0))
        return sorted(slots)[:max(self.n_jobs, 1)] or [0.0], queued

    def _runs(self, sec: _Section, todo: list[str]) -> list[tuple]:
        """The beats to draw as jobs: runs of beats drawn in one process each.

        A job replays the beats before its first one without drawing, which costs about
        :data:`REPLAY_COST` of drawing them, and starts a process: so a section is cut only
        where that makes the run end sooner. Its beats stay one run if they fit on the worker
        free first before all the work left could end on evenly loaded workers (a lecture's
        sections mostly stay whole). Else they are cut for the earliest end at which the runs
        fit on the workers, the first on the worker free first, the next on the next one, and
        the work queued besides fits in the room they leave: one section alone is cut in
        ``--jobs`` even runs, and the last section of a lecture in a long run for the idle
        worker and a short one for the worker about to finish."""
        order = list(sec.beats)
        todo = sorted(todo, key=order.index)
        slots, queued = self._load()
        whole = self._run_cost(sec, tuple(todo))
        if len(todo) == 1 or slots[0] + whole <= (sum(slots) + queued + whole) / len(slots):
            return [(sec, "beats", tuple(todo))]

        def cut(end):   # runs in order, each within the room its worker has before `end`
            room = [end - s for s in slots]
            runs, cur = [], []
            for b in todo:
                if cur and self._run_cost(sec, (*cur, b)) > room[min(len(runs), len(room) - 1)]:
                    runs.append(cur)
                    cur = []
                cur.append(b)
            return runs + [cur] if cur else runs

        def fits(end):
            runs = cut(end)
            spare = sum(end - s for s in slots) - sum(self._run_cost(sec, tuple(r))
                                                      for r in runs)
            return len(runs) <= len(slots) and spare >= queued

        lo, hi = 0.0, slots[-1] + whole + queued     # at `hi`, one run and room for the rest
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if fits(mid) else (mid, hi)
        return [(sec, "beats", tuple(r)) for r in cut(hi)]

    def _queue(self, sec: _Section, jobs: list) -> None:
        """Queue a section's jobs; on a cold LaTeX cache, after typesetting its formulas up
        front (on a cluster each worker keeps its own cache and typesets as it goes)."""
        from .beats import needs_typesetting

        if self.client is None and needs_typesetting(sec.job):
            sec.after_typeset = jobs
            self.ready.append((sec, "typeset", None))
        else:
            self.ready += jobs

    def planned(self, sec: _Section, plan: dict) -> None:
        """Queue the beats whose key changed since the last render; reuse the others."""
        final = section_dir(sec.job)
        old = {b["beat"]: (i, b) for i, b in enumerate(sec.prev.get("beats", []))}
        from .beats import beat_key

        todo = []
        for i, b in enumerate(sec.beats):
            key = beat_key(sec.job, self.code, b, plan["fingerprints"].get(b, ""))
            j, rec = old.get(b, (None, None))
            stem = f"clips/{i:02d}_{b}"
            if rec is not None and j == i and rec.get("key") == key and all(
                    (final / f"{stem}.{ext}").is_file() for ext in ("mp4", "webm", "png")) \
                    and (i + 1 < len(sec.beats) or (final / "poster.png").is_file()):
                sec.records[b] = {**rec, "start": plan["starts"][b], "drawn": False}
            else:
                todo.append(b)
        kept = len(sec.beats) - len(todo)
        self.echo(f"{sec.job.section}: {len(todo)} of {len(sec.beats)} beats to draw"
                  + (f", {kept} unchanged" if kept else ""))
        self.ready += self._runs(sec, todo)
        if not todo:
            self.assemble(sec)

    def assemble(self, sec: _Section) -> None:
        from .beats import assemble_section
        from scenes.registry import get, to_json

        job = sec.job
        final = section_dir(job)
        stage = Path(tempfile.mkdtemp(prefix=f".{job.section}.{os.getpid()}.", dir=final.parent))
        try:
            _readable(stage, directory=True)
            section = get(job.section)
            meta = {"section": job.section, "number": section.number, "title": section.title,
                    "lang": job.lang, "quality": job.quality, "params": to_json(job.params),
                    "render_seconds": round(sec.cpu_seconds, 2)}
            entry = assemble_section(job, sec.key, stage, sec.work, final,
                                     [sec.records[b] for b in sec.beats], meta)
            _write_json(stage / "render.json", split_timing(entry)[0])
            _swap_in(stage, final)
            update_manifest(job.out, job.quality, job.lang, entry)
        except Exception as e:
            with contextlib.suppress(Exception):
                safefs.append_text(log_path(job), traceback.format_exc())
            self.fail(sec, _cause(job, describe_failure(e)))
            return
        finally:
            shutil.rmtree(stage, ignore_errors=True)
        drawn = sum(1 for b in sec.beats if sec.records[b].get("drawn"))
        wall = time.perf_counter() - sec.opened_at
        self.echo(f"{job.section}: {entry['duration']:.1f} s of video in {wall:.1f} s ({drawn} "
                  f"of {len(sec.beats)} beats drawn) -> {final}")
        self.rendered.append(entry)
        self.close(sec)

    # ----- workers ---------------------------------------------------------------------
    def _begin(self, w: _Worker) -> _Worker:
        """A job started: note when, and its expected seconds (and trace it if asked)."""
        w.started = time.perf_counter()
        w.expected = (self._run_cost(w.sec, w.beats) if w.kind == "beats" else
                      sum(w.sec.expected.values()) if w.kind == "section" else 0.0)
        if self.trace is not None:
            w.record = {"section": w.sec.job.section, "kind": w.kind,
                        "beats": list(w.beats or ()),
                        "start": round(time.perf_counter() - self.t0, 3)}
            self.trace.append(w.record)
        return w

    def start(self, sec: _Section, kind: str, beats: tuple | None) -> None:
        job = sec.job
        if self.client is not None:
            from .cluster import submit
            self.running.append(self._begin(_Worker(sec, kind, beats, future=submit(
                self.client, kind, job, beats))))
            sec.running += 1
            return
        parent_conn, child_conn = self.ctx.Pipe()
        proc = self.ctx.Process(
            target=_child, name=f"rnn-lecture {job.section}" + (f" {beats[0]}" if beats else ""),
            args=(kind, job, sec.key, beats, str(sec.work) if sec.work else None, child_conn,
                  os.getpid(), self.n_jobs, _setting()))
        with _sigint_ignored():  # a fork server started here ignores Ctrl-C too
            proc.start()
        w = self._begin(_Worker(sec, kind, beats, proc, parent_conn))
        self.running.append(w)
        sec.running += 1
        child_conn.close()
        with contextlib.suppress(OSError):  # a worker that died at once shows in its exit code
            reduction.send_handle(parent_conn, sec.lock.fd, proc.pid)
        if kind == "section":
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang})")

    def _collect(self, w: _Worker) -> None:
        """A cluster job is done: its message, and its files in the section's work folder."""
        from .cluster import unpack

        f = w.future
        try:
            if f.status == "finished":
                res = f.result()
                w.msg = ("ok", res["plan"] if w.kind == "plan" else unpack(res, w.sec.work))
            elif f.status == "cancelled":
                w.msg = ("failed", {"kind": "error", "detail": "job cancelled on the cluster"})
            else:
                exc = f.exception()
                with contextlib.suppress(Exception):
                    safefs.append_text(log_path(w.sec.job), (
                        f"{w.sec.job.section} {' '.join(w.beats or ()) or w.kind} "
                        "on the cluster:\n") + "".join(traceback.format_exception(
                            type(exc), exc, f.traceback())))
                w.msg = ("failed", describe_failure(exc))
        except Exception as e:   # the result could not be written here (no space, ...)
            w.msg = ("failed", describe_failure(e))

    def finish(self, w: _Worker) -> None:
        if w.future is not None:
            self._collect(w)
        else:
            w.proc.join()
            w.conn.close()
        if w.record is not None:
            w.record["end"] = round(time.perf_counter() - self.t0, 3)
            if w.msg and len(w.msg) > 2:   # a local worker's CPU seconds, as it counted them
                w.record["cpu"] = round(w.msg[2], 3)
        sec = w.sec
        sec.running -= 1
        job = sec.job
        if sec.failed:
            self.close(sec)
            return
        if w.msg and w.msg[0] == "ok":
            out = w.msg[1]
            if w.kind == "section":
                self.echo(f"{job.section}: {out['duration']:.1f} s of video in "
                          f"{out['render_seconds']:.1f} s -> {section_dir(job)}")
                self.rendered.append(out)
                self.close(sec)
            elif w.kind == "plan":
                self.planned(sec, out)
            elif w.kind == "typeset":
                if out["typeset"]:
                    self.echo(f"{job.section}: {out['typeset']} of {out['formulas']} formulas "
                              f"typeset up front, {self.n_jobs} at a time")
                self.ready += sec.after_typeset
                sec.after_typeset = []
            else:
                from .beats import beat_key
                for rec in out:
                    sec.cpu_seconds += rec["render_seconds"]
                    sec.records[rec["beat"]] = {**rec, "drawn": True, "key": beat_key(
                        job, self.code, rec["beat"], rec.get("fingerprint") or "")}
                if len(sec.records) == len(sec.beats):
                    self.assemble(sec)
            return
        if w.msg:
            cause = _cause(job, w.msg[1])
        elif w.proc.exitcode is not None and w.proc.exitcode < 0:
            cause = f"worker process died ({_signal_name(-w.proc.exitcode)})"
        else:
            cause = f"worker process exited with code {w.proc.exitcode} without a result"
        self.fail(sec, cause)

    def _take_pending(self) -> None:
        """Open waiting sections while the workers would otherwise idle."""
        i = 0
        while i < len(self.pending) and len(self.ready) < self.n_jobs - len(self.running):
            sec = self.pending[i]
            try:
                got = sec.lock.try_acquire()
            except OSError as e:
                self.pending.pop(i)
                self.failed.append((sec.job.section, _cause(sec.job, describe_failure(e))))
                self.echo_err(f"{sec.job.section}: failed: {self.failed[-1][1]}")
                continue
            if not got:
                if not sec.told_waiting:
                    pid = sec.lock.holder()
                    who = f"pid {pid}" if pid else "another process"
                    self.echo(f"{sec.job.section}: waiting for {who}, which is rendering it")
                    sec.told_waiting = True
                i += 1
                continue
            self.pending.pop(i)
            if sec.lock.took_over is not None:
                self.echo(f"{sec.job.section}: pid {sec.lock.took_over}, which was rendering it, "
                          "is dead; taking it over")
            try:
                self.open(sec)
            except Exception as e:  # could not even start (no room for a folder, ...)
                self.fail(sec, _cause(sec.job, describe_failure(e)))

    def _next(self) -> tuple:
        """Typesetting and plans first (they decide what else to do), then the longest
        expected run of beats."""
        def rank(r):
            sec, kind, beats = r
            return (kind not in ("plan", "typeset"),
                    -sum(sec.expected.get(b, 0.0) for b in beats) if beats else -1e9)
        self.ready.sort(key=rank)
        return self.ready.pop(0)

    def run(self):
        warm = any(s.job.lang == "zh" for s in self.pending)
        try:
            while self.pending or self.ready or self.running:
                self._take_pending()
                while self.ready and len(self.running) < self.n_jobs:
                    sec, kind, beats = self._next()
                    try:
                        self.start(sec, kind, beats)
                    except Exception as e:
                        self.fail(sec, _cause(sec.job, describe_failure(e)))
                if warm and self.running:   # Chinese captions come at the end: load now
                    from .captions import warm_segmenter

                    warm_segmenter()
                    warm = False
                if not self.running:
                    if self.pending:
                        time.sleep(0.5)
                    continue
                if self.client is not None:
                    from distributed import wait as dask_wait
                    with contextlib.suppress(TimeoutError):
                        dask_wait([w.future for w in self.running], timeout=0.5,
                                  return_when="FIRST_COMPLETED")
                    for w in [w for w in self.running if w.future.done()]:
                        self.running.remove(w)
                        self.finish(w)
                    continue
                waits = [w.proc.sentinel for w in self.running] + \
                    [w.conn for w in self.running if w.conn_open]
                ready = mp_connection.wait(waits, timeout=0.5 if self.pending else None)
                for w in list(self.running):
                    if w.conn_open and w.conn in ready:
                        try:
                            w.msg = w.conn.recv()
                        except (EOFError, OSError):
                            w.conn_open = False
                    if w.proc.sentinel in ready:
                        if w.conn_open and w.msg is None and w.conn.poll():
                            with contextlib.suppress(EOFError, OSError):
                                w.msg = w.conn.recv()
                        self.running.remove(w)
                        self.finish(w)
        except BaseException:  # Ctrl-C or a bug: stop the workers, keep nothing half-made
            for w in self.running:
                w.stop()
            for w in self.running:
                if w.future is not None:
                    continue
                w.proc.join(timeout=15)
                if w.proc.is_alive():
                    w.proc.kill()
                    w.proc.join()
            for sec in {id(w.sec): w.sec for w in self.running}.values():
                with contextlib.suppress(OSError):
                    _remove_leftovers(sec.job)
                sec.lock.release()
            for sec in self.pending:
                sec.lock.release()
            for sec in {id(r[0]): r[0] for r in self.ready if r[0].running == 0}.values():
                with contextlib.suppress(OSError):
                    _remove_leftovers(sec.job)
                sec.lock.release()
            raise
        return self.rendered, self.failed, self.skipped
