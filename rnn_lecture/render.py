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
    out/tex/                                          one LaTeX cache shared by every job
                                                      (compiles serialised by a file lock)

A section's folder is built beside the final one and swapped in with renames, so an interrupted
render never leaves a broken file where a good one was.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

QUALITIES = {"low": "low_quality", "medium": "medium_quality", "high": "high_quality",
             "4k": "fourk_quality"}
LANGS = ("zh", "en")
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


def manifest_path(out: str, quality: str, lang: str) -> Path:
    return Path(out) / quality / lang / "manifest.json"


def is_up_to_date(job: Job, key: str) -> bool:
    """True if the section's folder holds a complete render made with this key."""
    d = section_dir(job)
    try:
        meta = json.loads((d / "render.json").read_text())
    except (OSError, ValueError):
        return False
    return meta.get("key") == key and all((d / f).is_file() for f in meta.get("files", []))


def _video_duration(path: Path) -> float:
    import av

    with av.open(str(path)) as c:
        return float(c.duration / 1e6) if c.duration else 0.0


def share_tex_cache(tex_dir: Path) -> None:
    """Make manim's LaTeX cache safe to share between processes.

    Manim compiles a formula to ``<hash>.tex/.dvi/.svg`` in ``tex_dir`` and reuses the SVG when
    it exists. After each compile it deletes every file there that is not .svg or .tex
    (another job's .dvi in flight included), and every SVG it parses is first copied to a
    temporary ``<hash>_.svg`` beside it and deleted after (another job's copy of the same
    formula included). So both steps run under one ``flock`` for files in ``tex_dir``; a job
    that waited finds the SVG ready and goes on at once. Text (Pango) SVGs live in each job's
    own folder and are not locked.
    """
    import manim.mobject.svg.svg_mobject as svg_mobject
    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.utils.tex_file_writing as tfw

    # Outside tex_dir: manim's clean-up deletes every non-.svg/.tex file in it.
    lock_path = tex_dir.parent / f"{tex_dir.name}.lock"
    tex_dir = tex_dir.resolve()

    @contextlib.contextmanager
    def locked():
        with open(lock_path, "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    compile_svg = getattr(tfw.tex_to_svg_file, "__wrapped__", tfw.tex_to_svg_file)

    def tex_to_svg_file(*args, **kwargs):
        with locked():
            return compile_svg(*args, **kwargs)

    tex_to_svg_file.__wrapped__ = compile_svg
    tfw.tex_to_svg_file = tex_to_svg_file
    tex_mobject.tex_to_svg_file = tex_to_svg_file

    cls = svg_mobject.SVGMobject
    parse = getattr(cls.generate_mobject, "__wrapped__", cls.generate_mobject)

    def generate_mobject(self):
        if Path(self.get_file_path()).resolve().parent != tex_dir:
            return parse(self)
        with locked():
            return parse(self)

    generate_mobject.__wrapped__ = parse
    cls.generate_mobject = generate_mobject


def render_one(job: Job, key: str) -> dict:
    """Render one section in this process; return its manifest entry."""
    from manim import tempconfig
    from PIL import Image

    from scenes.registry import get, to_json

    from .captions import record_beat_titles
    from .site import publish_section

    section = get(job.section)
    final = section_dir(job)
    final.parent.mkdir(parents=True, exist_ok=True)
    tex_dir = Path(job.out) / "tex"
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    stage = Path(tempfile.mkdtemp(prefix=f".{job.section}.", dir=final.parent))
    work = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.", dir=final.parent))
    try:
        cfg = {"quality": QUALITIES[job.quality], "media_dir": str(work),
               "tex_dir": str(tex_dir), "text_dir": str(work / "texts"),
               "save_sections": True, "disable_caching": True, "verbosity": "ERROR",
               "progress_bar": "none", "output_file": job.section}
        t0 = time.perf_counter()
        with tempconfig(cfg):
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
            "video": files[0], "poster": "poster.png",
            "captions": f"{job.section}.srt" if f"{job.section}.srt" in files else None,
            "clips": clips, "files": files, "key": key,
        }
        entry = publish_section(stage, entry, beat_titles)  # captions, WebM, modes 0644/0755
        _write_json(stage / "render.json", entry)
        _swap_in(stage, final)
        return entry
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(stage, ignore_errors=True)


def _write_json(path: Path, data) -> None:
    """Write JSON atomically (temp file in the same folder, then rename)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w") as f:
        json.dump(data, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.chmod(tmp, 0o644)  # mkstemp makes 0600; a web server running as another user reads it
    os.replace(tmp, path)


def _swap_in(stage: Path, final: Path) -> None:
    """Replace ``final`` by ``stage`` with renames only."""
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}.old-{os.getpid()}")
        os.replace(final, old)
    os.replace(stage, final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _remove_leftovers(job: Job) -> None:
    """Delete staging folders a killed render of this section left beside its final folder."""
    parent = section_dir(job).parent
    if parent.is_dir():
        for p in parent.iterdir():
            if p.name.startswith((f".{job.section}.", f".work-{job.section}.")):
                shutil.rmtree(p, ignore_errors=True)


@contextlib.contextmanager
def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def update_manifest(out: str, quality: str, lang: str, entry: dict) -> Path:
    """Insert or replace a section's entry; sections kept in lecture order."""
    from scenes.registry import ids

    path = manifest_path(out, quality, lang)
    with _locked(path):
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            data = {"quality": quality, "lang": lang, "sections": []}
        by_id = {s["section"]: s for s in data.get("sections", [])}
        by_id[entry["section"]] = {k: v for k, v in entry.items() if k != "files"}
        order = ids()
        data["sections"] = sorted(by_id.values(),
                                  key=lambda s: order.index(s["section"])
                                  if s["section"] in order else len(order))
        _write_json(path, data)
    return path


def _worker(job: Job, key: str) -> dict:
    entry = render_one(job, key)
    update_manifest(job.out, job.quality, job.lang, entry)
    return entry


def render(jobs: list[Job], n_jobs: int = 1, force: bool = False, echo=print) -> list[dict]:
    """Render ``jobs``, skipping those already up to date; ``n_jobs`` processes in parallel."""
    code = code_hash()
    todo, results = [], []
    for job in jobs:
        key = job_key(job, code)
        if not force and is_up_to_date(job, key):
            echo(f"{job.section}: up to date ({section_dir(job)}), skipped")
            meta = json.loads((section_dir(job) / "render.json").read_text())
            update_manifest(job.out, job.quality, job.lang, meta)
            results.append(meta)
        else:
            todo.append((job, key))
    if not todo:
        return results
    for job, _ in todo:
        _remove_leftovers(job)
    if n_jobs <= 1 or len(todo) == 1:
        for job, key in todo:
            echo(f"{job.section}: rendering ({job.quality}, {job.lang})")
            e = _worker(job, key)
            echo(f"{job.section}: {e['duration']:.1f} s of video in {e['render_seconds']:.1f} s "
                 f"-> {section_dir(job)}")
            results.append(e)
        return results
    with ProcessPoolExecutor(max_workers=n_jobs, mp_context=get_context("spawn")) as pool:
        futures = []
        for job, key in todo:
            echo(f"{job.section}: rendering ({job.quality}, {job.lang})")
            futures.append((job, pool.submit(_worker, job, key)))
        for job, fut in futures:
            e = fut.result()
            echo(f"{job.section}: {e['duration']:.1f} s of video in {e['render_seconds']:.1f} s "
                 f"-> {section_dir(job)}")
            results.append(e)
    return results
