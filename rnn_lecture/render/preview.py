"""Previews: ``render SECTION --beat NAME``, some beats drawn alone for an instructor.

Each beat is drawn as a beat job would draw it (:func:`.draw.render_beat`) and its clip, WebM,
poster and captions are put in ``<out>/<quality>/<lang>/previews/<section>/``; the section's
render and the manifest are left alone.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from .. import safefs
from .draw import render_beat
from .job import Job
from .publish import remove_dead_leftovers

def preview_beats(job: Job, beats: list[str], echo=print) -> list[Path]:
    """Render only ``beats`` of a section (``render SECTION --beat NAME``), for an instructor
    previewing a change: each beat's clip, WebM, poster and captions go to
    ``<out>/<quality>/<lang>/previews/<section>/NN_<beat>.*``; the section's render and the
    manifest are left alone. Returns the MP4 paths."""
    from scenes.registry import get

    remove_dead_leftovers(job.out, job.quality, job.lang, echo=echo)
    order = list(get(job.section).scene_class().BEATS)
    folder = Path(job.out) / job.quality / job.lang / "previews" / job.section
    with safefs.output_umask():
        return _preview_beats(job, beats, order, folder, echo)


def _preview_beats(job: Job, beats: list[str], order: list[str], folder: Path,
                   echo) -> list[Path]:
    import tempfile

    from ..captions import Cue, split_all, to_srt, to_vtt
    from ..safefs import ensure_dir, make_public

    ensure_dir(folder, job.out)   # 0755 each, no link on the way
    made = []
    for beat in beats:
        # named after this process: the next run removes it if this one is killed
        work = Path(tempfile.mkdtemp(prefix=f".{beat}.{os.getpid()}.", dir=folder))
        try:
            rec = render_beat(job, beat, work)
            stem = f"{order.index(beat):02d}_{beat}"
            cues = split_all([Cue(s, e, (t,)) for s, e, t in rec["subcaptions"]], job.lang)
            (work / f"{beat}.srt").write_text(to_srt(cues), encoding="utf-8")
            (work / f"{beat}.vtt").write_text(to_vtt(cues), encoding="utf-8")
            make_public(work)
            for ext in ("webm", "png", "srt", "vtt", "mp4"):
                os.replace(work / f"{beat}.{ext}", folder / f"{stem}.{ext}")
        finally:
            shutil.rmtree(work, ignore_errors=True)
        made.append(folder / f"{stem}.mp4")
        echo(f"{job.section} {beat}: {rec['duration']:.1f} s of video in "
             f"{rec['render_seconds']:.1f} s -> {folder / f'{stem}.mp4'}")
    return made
