"""Publishing: staging folders, the swap-in, permissions, and the manifest.

A section's folder is built beside the final one (``.<section>.<pid>.*``, Manim's own files in
``.work-<section>.<pid>.*``) and swapped in with renames (:func:`_swap_in`), so an interrupted
render never leaves a broken file where a good one was; staging folders of runs that died are
removed only under the section's lock (:func:`remove_dead_leftovers`). Every file is 0644 and
every folder 0755 whatever the umask, written never through a link (:mod:`rnn_lecture.safefs`).
The manifest (``<quality>/<lang>/manifest.json``) is updated under its own lock, rebuilt from
the section folders when damaged, and holds nothing the clock measured (:func:`split_timing`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path

from scenes.tex_cache import parsed_dir

from .. import safefs
from .job import (MANIFEST_LIMIT, Job, _read_render_json, lock_path, manifest_path, section_dir,
                  tex_dir_for, timing_path)
from .locks import SectionLock, _alive, take_lock

def _readable(path: Path, directory: bool = False) -> None:
    """Give what ``tempfile`` made (0700 folders, 0600 files) 0755 / 0644, whatever the umask
    (a link is left alone)."""
    safefs.set_mode(path, directory)


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

def split_timing(entry: dict) -> tuple[dict, dict]:
    """A manifest entry without what the clock measured, and that apart: ``({...},
    {"render_seconds": s, "beats": {beat: s}, "pieces": {beat: [s, ...]}})`` (``pieces``: the
    seconds of each piece of a beat drawn in pieces, whose seconds are their sum).

    How long a render took is not a function of its inputs, so it stays out of
    ``render.json`` and ``manifest.json`` (same inputs, same bytes: every output file is
    byte-identical across renders) and goes to ``logs/<section>.timing.json``, where the
    scheduler reads it back (:func:`_history`)."""
    timing = {"render_seconds": entry.get("render_seconds"),
              "beats": {b["beat"]: b["render_seconds"] for b in entry.get("beats") or ()
                        if isinstance(b, dict) and "render_seconds" in b}}
    pieces = {b["beat"]: b["piece_seconds"] for b in entry.get("beats") or ()
              if isinstance(b, dict) and b.get("piece_seconds")}
    if pieces:
        timing["pieces"] = pieces
    clean = {k: v for k, v in entry.items() if k != "render_seconds"}
    if "beats" in entry:
        clean["beats"] = [{k: v for k, v in b.items()
                           if k not in ("render_seconds", "piece_seconds")}
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
        before = list(data.get("sections", [])) if why == "" else None
        by_id = {s["section"]: s for s in data.get("sections", [])}
        if entry is not None:
            by_id[entry["section"]] = {k: v for k, v in entry.items() if k != "files"}
        order = ids()
        data["sections"] = sorted(by_id.values(),
                                  key=lambda s: order.index(s["section"])
                                  if s["section"] in order else len(order))
        if data["sections"] != before:    # an up-to-date section leaves the manifest as it is
            _write_json(path, data)
    return path


def check_output_paths(jobs: list[Job]) -> None:
    """Before anything is written: raise :class:`safefs.UnsafePath` (one line, exit 2) for a
    symbolic link where a run writes in place: the quality, language, logs and locks folders,
    a section's folder, the LaTeX and parsed-SVG caches' folders, a section's lock or the
    manifest's lock. (A link at a file that is written whole, render.json, manifest.json or a
    log, is replaced by the new file instead.)
    """
    for job in jobs:
        lang_dir = Path(job.out) / job.quality / job.lang
        tex = tex_dir_for(job)
        for d in (lang_dir.parent, lang_dir, lang_dir / "logs", lang_dir / "locks",
                  section_dir(job), tex, tex.parent / f"{tex.name}-locks", parsed_dir(tex)):
            safefs.check_not_link(d, "a folder it writes in")
        for f in (lock_path(job), lang_dir / "manifest.lock", tex.parent / f"{tex.name}.lock"):
            safefs.check_not_link(f, "a lock file")


def check_writable(out: str | Path) -> None:
    """See :func:`safefs.check_writable`."""
    safefs.check_writable(out)
