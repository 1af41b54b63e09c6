"""Beats as jobs: one beat of one section rendered alone, and sections joined from beats.

A section video is a sequence of beats, each a Manim section and so one clip. A *beat job*
renders one of them in its own process: the scene replays the earlier beats in Manim's
skip-animations mode (their frames are never drawn; the clock steps as drawing would, see
:meth:`scenes.base.LectureScene._drawn_time`), draws its own beat, and stops where the next
beat's clip would begin. The section is then joined from the beats' clips without re-encoding
(packets copied), which gives the frames a one-process render gives (``tests/test_beats.py``
decodes both and compares every frame).

Each beat has a *fingerprint*: a hash of what it draws (the state of every mobject on screen at
every play, each animation's kind, run time and rate, each narration line and its timing).
A beat's up-to-date key is the fingerprint with the code, section, language and quality: after
a parameter change, a *plan* (the whole scene played without drawing a frame) finds the beats
whose key changed, and only those are drawn again; the others' clips are reused.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from io import BytesIO
from pathlib import Path

from .render import Job, manim_config, _video_duration, share_tex_cache, tex_dir_for


def beat_key(job: Job, code: str, beat: str, fingerprint: str) -> str:
    """Up-to-date key of one beat: what it draws (its fingerprint), how (quality, language)
    and with which code. Parameters enter through the fingerprint only, so a change that leaves
    a beat's drawing alone leaves its key alone."""
    blob = json.dumps({"section": job.section, "beat": beat, "fingerprint": fingerprint,
                       "quality": job.quality, "lang": job.lang, "code": code}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def plan_section(job: Job) -> dict:
    """Play a section without drawing a frame: ``{"beats", "fingerprints", "starts",
    "durations"}``.

    ``starts`` and ``durations`` are each beat's start in the section and length, in seconds,
    as a render would draw them.
    """
    from manim import tempconfig

    from scenes.registry import get

    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    import tempfile
    media = Path(tempfile.mkdtemp(prefix="rnn-lecture-plan-"))
    try:
        with tempconfig(manim_config(job, media, tex_dir)):
            scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                                   only_beat="")
            scene.render()
            beats = list(scene.BEATS)
            starts = [scene.beat_start[b] for b in beats] + [scene.renderer.time]
    finally:
        shutil.rmtree(media, ignore_errors=True)
    return {"beats": beats, "fingerprints": dict(scene.fingerprints),
            "starts": {b: starts[i] for i, b in enumerate(beats)},
            "durations": {b: round(starts[i + 1] - starts[i], 3) for i, b in enumerate(beats)}}


_GROUP = re.compile(r"\\special\{dvisvgm:raw (?:<g id='([^']*)'>|</g>)\}")


def _glyphs(tex: str) -> int:
    """About how many glyphs LaTeX draws for ``tex`` (a command counts as one)."""
    tex = re.sub(r"\\(?:begin|end)\{[^}]*\}|\\[,;:! ]|\\(?:left|right)\b", "", tex)
    tex = re.sub(r"\\[a-zA-Z]+", "x", tex)
    return len(re.sub(r"[\s{}^_&$%]", "", tex))


def _placeholder_svg(code: str, svg: Path) -> Path:
    """A stand-in for a formula not typeset yet: a square per glyph it will have, about, in
    the groups (``<g id=...>``) MathTex marks its parts with, so a scene finds the parts it
    indexes or colours."""
    body = code.split("\\begin{document}", 1)[-1].split("\\end{document}", 1)[0]
    parts, x, pos = [], 0, 0
    for m in list(_GROUP.finditer(body)) + [None]:
        for _ in range(_glyphs(body[pos:m.start() if m else len(body)])):
            parts.append(f'<path d="M{x} 0h4v-7h-4z"/>')
            x += 6
        if m is not None:
            parts.append(f'<g id="{m[1]}">' if m[1] else "</g>")
            pos = m.end()
    if x == 0:
        parts.append('<path d="M0 0h4v-7h-4z"/>')
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" '
                   f'viewBox="0 -8 {max(x, 6)} 10">{"".join(parts)}</svg>')
    return svg


def tex_index(job: Job) -> Path:
    """Where the last typesetting pass listed a section's formulas (for this language): beside
    the LaTeX cache."""
    tex = tex_dir_for(job)
    return tex.parent / f"{tex.name}-index" / f"{job.section}.{job.lang}.json"


def needs_typesetting(job: Job) -> bool:
    """True when no pass has listed the section's formulas yet, or one it listed is missing
    from the cache (a fresh machine, a cleared cache)."""
    try:
        names = json.loads(tex_index(job).read_text())["svgs"]
    except (OSError, ValueError, KeyError, TypeError):
        return True
    tex_dir = tex_dir_for(job)
    return not all((tex_dir / n).is_file() for n in names)


def typeset_section(job: Job, threads: int) -> dict:
    """Typeset a section's formulas up front, ``threads`` at a time.

    The section is played without drawing and without LaTeX: every formula it asks for is
    noted, and one not in the cache stands in as a placeholder (:func:`_placeholder_svg`), so
    the pass costs about a plan. A scene that trips over a placeholder's shape ends the pass
    early; formulas after that point are typeset by the render as it meets them. The missing
    formulas are then compiled at once (LaTeX runs in its own processes, so threads suffice),
    and the list is written to :func:`tex_index`. Returns ``{"formulas", "typeset",
    "complete"}``.
    """
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.utils.tex_file_writing as tfw
    from manim import config, tempconfig

    from scenes.registry import get

    from .render import _write_json, tex_code, typeset

    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    media = Path(tempfile.mkdtemp(prefix="rnn-lecture-typeset-"))
    wanted: dict[str, tuple] = {}
    shared = tfw.tex_to_svg_file

    def note(expression, environment=None, tex_template=None):
        template = tex_template if tex_template is not None else config["tex_template"]
        code = tex_code(expression, environment, template)
        svg = tex_dir / f"{tfw.tex_hash(code)}.svg"
        wanted.setdefault(svg.name, (code, template, svg))
        return svg if svg.is_file() else _placeholder_svg(code, media / svg.name)

    complete = True
    tfw.tex_to_svg_file = tex_mobject.tex_to_svg_file = note
    try:   # at 2 frames a second: updaters run on fewer frames; the formulas are the same
        with tempconfig({**manim_config(job, media, tex_dir), "frame_rate": 2}):
            scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                                   only_beat="")
            try:
                scene.render()
            except Exception:        # a placeholder's shape; the render meets the rest
                complete = False
    finally:
        tfw.tex_to_svg_file = tex_mobject.tex_to_svg_file = shared
        shutil.rmtree(media, ignore_errors=True)
    missing = [w for w in wanted.values() if not w[2].is_file()]
    with ThreadPoolExecutor(max(1, threads)) as pool:
        list(pool.map(lambda w: typeset(*w), missing))
    index = tex_index(job)
    index.parent.mkdir(parents=True, exist_ok=True)
    _write_json(index, {"svgs": sorted(wanted), "complete": complete})
    return {"formulas": len(wanted), "typeset": len(missing), "complete": complete}


def render_beat(job: Job, beat: str, work: Path) -> dict:
    """Render one beat of a section in this process, into ``work``; return its record (see
    :func:`render_beats`)."""
    return render_beats(job, (beat,), work)[0]


def render_beats(job: Job, beats: tuple[str, ...], work: Path) -> list[dict]:
    """Render some beats of a section in this process, into ``work``; return their records.

    The other beats up to the last one named are played without drawing. For each beat
    drawn, writes ``work/<beat>.mp4`` (the clip as Manim encoded it), ``<beat>.webm`` (VP9)
    and ``<beat>.png`` (the clip's last frame, decoded); for the last, ``<beat>.frame.png``
    too (the renderer's last frame: the section's poster when it is the section's last beat).
    A record holds the clip's duration, its narration lines in seconds from the clip's start,
    the beat's title (its claim as drawn), its fingerprint and its seconds (see
    :func:`beat_seconds`).
    """
    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    work.mkdir(parents=True, exist_ok=True)
    # Manim's own files, in a folder named after this process (a killed worker's folder is a
    # leftover that the next holder of the section's lock removes)
    import tempfile
    media = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.{os.getpid()}.",
                                  dir=work.parent))
    try:
        return _render_beats(job, tuple(beats), work, media, tex_dir)
    finally:
        shutil.rmtree(media, ignore_errors=True)


def _render_beats(job: Job, drawn: tuple[str, ...], work: Path, media: Path,
                  tex_dir: Path) -> list[dict]:
    from manim import tempconfig
    from PIL import Image

    from scenes.registry import get

    from .captions import record_beat_titles
    from .site import to_webm

    t0 = time.perf_counter()
    with tempconfig(manim_config(job, media, tex_dir)):
        scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                               only_beat=drawn)
        titles = record_beat_titles(scene)
        scene.render()
        fw = scene.renderer.file_writer
        index = json.loads(Path(fw.output_plan.section_index).read_text())
        beats = list(scene.BEATS)
        drawn = tuple(sorted(drawn, key=beats.index))
        ends = {b: scene.beat_start.get(beats[i + 1], scene.renderer.time)
                if i + 1 < len(beats) else scene.renderer.time for i, b in enumerate(beats)}
        found = []
        for beat in drawn:
            clips = [sec for sec in index if sec["name"] == beat]
            if len(clips) != 1:
                raise RuntimeError(f"{job.section}: beat {beat!r} made no clip")
            start = scene.beat_start[beat]
            # seconds from the beat's start (the section's narration puts them back where
            # the beat starts in it, as the one-process render's clock has them)
            subs = [[c.start.total_seconds() - start, c.end.total_seconds() - start,
                     c.content] for c in fw.subcaptions
                    if start - 1e-6 <= c.start.total_seconds() < ends[beat] - 1e-6]
            found.append((beat, Path(fw.sections_output_dir) / clips[0]["video"], start, subs))
        frame = scene.renderer.get_frame()
    clock = {"": time.perf_counter(), **scene.beat_clock}   # "": the last beat's end

    def span(b: str) -> float:     # from a beat's start to the next one's
        i = beats.index(b) + 1
        return clock.get(beats[i] if i < len(beats) else "", clock[""]) - clock[b]

    records, own = [], {}
    for beat, clip_src, start, subs in found:
        mp4 = work / f"{beat}.mp4"
        shutil.move(str(clip_src), mp4)
        t = time.perf_counter()
        to_webm(mp4, work / f"{beat}.webm", poster=work / f"{beat}.png")
        own[beat] = span(beat) + time.perf_counter() - t
        records.append({"beat": beat, "index": beats.index(beat),
                        "duration": round(_video_duration(mp4), 3), "start": start,
                        "subcaptions": subs, "title": titles.get(beat),
                        "fingerprint": scene.fingerprints.get(beat)})
    Image.fromarray(frame).convert("RGB").save(work / f"{drawn[-1]}.frame.png")
    replayed = sum(span(b) for b in beats if b in clock and b not in own)
    seconds = beat_seconds(time.perf_counter() - t0 - replayed, own,
                           {r["beat"]: r["duration"] for r in records})
    for r in records:
        r["render_seconds"] = seconds[r["beat"]]
    return records


def beat_seconds(total: float, own: dict[str, float], durations: dict[str, float]) -> dict:
    """The seconds each beat of a job cost: its own (from its start to the next beat's, and
    its WebM) and a share, by length, of the rest of ``total`` (the job's seconds less the
    replay of beats it did not draw: the scene's set-up, Manim's finish, the last frame).

    A beat's seconds per second of video are its rate when the scheduler next cuts the
    section into runs (:func:`rnn_lecture.render.beat_rates`): a sweep redrawn every frame
    costs more than a hold, so cutting by length alone leaves one worker waiting for the
    other."""
    rest = max(total - sum(own.values()), 0.0)
    length = sum(durations.values()) or 1.0
    return {b: round(own[b] + rest * durations[b] / length, 2) for b in own}


def concat_videos(parts: list[Path], dst: Path) -> None:
    """Join videos of one encoding into ``dst`` without re-encoding (packets are copied)."""
    import av

    listing = "".join(f"file 'file:{Path(p).resolve().as_posix()}'\n" for p in parts)
    with av.open(BytesIO(listing.encode()), format="concat",
                 options={"safe": "0", "an": "1"}) as inp:
        from .site import WEBM_MUXER_OPTIONS

        webm = dst.suffix == ".webm"
        with av.open(str(dst), "w", format="webm" if webm else None,
                     options=dict(WEBM_MUXER_OPTIONS) if webm else {}) as out:
            vin = inp.streams.video[0]
            vout = out.add_stream_from_template(template=vin)
            for packet in inp.demux(vin):
                if packet.dts is None:
                    continue
                packet.dts = None  # consecutive files restart their clocks
                packet.stream = vout
                out.mux(packet)


def _place(src: Path, dst: Path, move: bool) -> None:
    if move:
        shutil.move(str(src), dst)
        return
    try:
        os.link(src, dst)          # a reused clip: the old folder is swapped out after
    except OSError:
        shutil.copy2(src, dst)


def assemble_section(job: Job, key: str, stage: Path, work: Path, final: Path,
                     beats: list[dict], section_meta: dict) -> dict:
    """Build a section's folder in ``stage`` from its beats; return its render record.

    ``beats`` lists every beat in order, each a record with ``beat``, ``key``,
    ``fingerprint``, ``duration``, ``subcaptions``, ``title`` and ``drawn`` (its clip files are
    in ``work``) or not (its clip files are reused from ``final``, the section's last render).
    The section video and its WebM are the clips joined without re-encoding; the narration is
    each beat's lines moved to where its clip starts; the poster is the last beat's last frame.
    """
    from datetime import timedelta

    import srt

    from .safefs import make_public
    from .site import h264_codecs

    from . import captions

    sid = job.section
    (stage / "clips").mkdir(parents=True, exist_ok=True)
    clips, files, narration = [], [], []
    for i, b in enumerate(beats):
        stem = f"clips/{i:02d}_{b['beat']}"
        for ext in ("mp4", "webm", "png"):
            src = (work / f"{b['beat']}.{ext}") if b["drawn"] else (final / f"{stem}.{ext}")
            _place(src, stage / f"{stem}.{ext}", move=b["drawn"])
        duration = round(_video_duration(stage / f"{stem}.mp4"), 3)
        clips.append({"beat": b["beat"], "file": f"{stem}.mp4", "duration": duration})
        files += [f"{stem}.mp4", f"{stem}.webm", f"{stem}.png"]
        narration += [srt.Subtitle(index=len(narration) + k, content=text,
                                   start=timedelta(seconds=float(b["start"] + s)),
                                   end=timedelta(seconds=float(b["start"] + e)))
                      for k, (s, e, text) in enumerate(b["subcaptions"])]
    last = beats[-1]
    _place(work / f"{last['beat']}.frame.png" if last["drawn"] else final / "poster.png",
           stage / "poster.png", move=last["drawn"])
    concat_videos([stage / c["file"] for c in clips], stage / f"{sid}.mp4")
    concat_videos([stage / c["file"].replace(".mp4", ".webm") for c in clips],
                  stage / f"{sid}.webm")
    # the narration as Manim writes it (one cue per line, its clock), split into cues below
    (stage / f"{sid}.srt").write_text(srt.compose(narration), encoding="utf-8")
    entry = {**section_meta, "duration": round(_video_duration(stage / f"{sid}.mp4"), 3),
             "video": f"{sid}.mp4", "poster": "poster.png", "captions": f"{sid}.srt",
             "clips": clips, "key": key}
    titles = {b["beat"]: b["title"] for b in beats if b.get("title")}
    extra = captions.write_section_captions(stage, entry, titles)
    entry.update({k: v for k, v in extra.items() if k not in ("files", "clips")})
    entry["clips"] = [{**c, "webm": c["file"].replace(".mp4", ".webm"),
                       "poster": c["file"].replace(".mp4", ".png")} for c in extra["clips"]]
    entry.update({"webm": f"{sid}.webm", "video_codecs": h264_codecs(stage / f"{sid}.mp4")})
    entry["beats"] = [{**{k: b[k] for k in ("beat", "key", "fingerprint", "start", "duration",
                                            "subcaptions", "title")},
                       **({"render_seconds": b["render_seconds"]}
                          if isinstance(b.get("render_seconds"), (int, float)) else {})}
                      for b in beats]
    files = [f"{sid}.mp4", "poster.png", f"{sid}.webm", *files, *extra["files"]]
    entry["files"] = list(dict.fromkeys(files))
    entry["bytes"] = sum((stage / f).stat().st_size for f in entry["files"])
    make_public(stage)
    return entry


def preview_beats(job: Job, beats: list[str], echo=print) -> list[Path]:
    """Render only ``beats`` of a section (``render SECTION --beat NAME``), for an instructor
    previewing a change: each beat's clip, WebM, poster and captions go to
    ``<out>/<quality>/<lang>/previews/<section>/NN_<beat>.*``; the section's render and the
    manifest are left alone. Returns the MP4 paths."""
    from scenes.registry import get

    from . import safefs
    from .render import remove_dead_leftovers

    remove_dead_leftovers(job.out, job.quality, job.lang, echo=echo)
    order = list(get(job.section).scene_class().BEATS)
    folder = Path(job.out) / job.quality / job.lang / "previews" / job.section
    with safefs.output_umask():
        return _preview_beats(job, beats, order, folder, echo)


def _preview_beats(job: Job, beats: list[str], order: list[str], folder: Path,
                   echo) -> list[Path]:
    import tempfile

    from .captions import Cue, split_all, to_srt, to_vtt
    from .safefs import ensure_dir, make_public

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
