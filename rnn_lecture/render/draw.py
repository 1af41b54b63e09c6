"""Drawing: a run of beats (or a whole section) drawn in this process, a worker's job.

A *beat job* renders some beats of a section: the scene replays the earlier beats in Manim's
skip-animations mode (their frames are never drawn; the clock steps as drawing would, see
:meth:`scenes.base.LectureScene._drawn_time`), draws its own beats, and stops where the next
beat's clip would begin; each play is encoded by Manim as a segment (held frames once, and its
WebM beside its MP4 as the frames are drawn: :mod:`scenes.manim_patches`), and a clip's MP4
and WebM are its segments joined here (:func:`render_beats`). A job may draw a piece of a
beat (:mod:`scenes.pieces`: the beat's plays that start in a window); the pieces' clips are
joined into the beat's (:func:`join_pieces`), the bytes of the beat drawn whole. The clips
are joined into the section by :mod:`.assemble`, which gives the frames a one-process render
gives (``tests/test_beats.py`` decodes both and compares every frame). :func:`render_one` is
that one-process render (``--one-process``): the whole section, assembled and published
here.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from scenes.manim_patches import webm_beside
from scenes.pieces import parse_piece, piece_stem
from scenes.tex_cache import share_tex_cache

from .. import safefs
from ..captions import keep_segments_in
from ..encoding import video_duration as _video_duration
from ..voice import join_voiced
from .assemble import publish_section
from .job import (Job, make_voice, manim_config, section_dir, segments_dir_for, tex_dir_for,
                  voice_record)
from .publish import _readable, _swap_in, _write_json, split_timing
from .room import free_bytes

def render_one(job: Job, key: str) -> dict:
    """Render one section in this process; return its manifest entry.

    The caller holds the section's lock. Staging folders are named after this process
    (``.<section>.<pid>.*``, ``.work-<section>.<pid>.*``) and removed on the way out, whatever
    happens.
    """
    from manim import tempconfig
    from PIL import Image

    from scenes.registry import get, to_json

    from ..captions import record_beat_titles

    section = get(job.section)
    final = section_dir(job)
    safefs.ensure_dir(final.parent, job.out)
    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    keep_segments_in(segments_dir_for(job))
    pid = os.getpid()
    stage = Path(tempfile.mkdtemp(prefix=f".{job.section}.{pid}.", dir=final.parent))
    work = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.{pid}.", dir=final.parent))
    try:
        _readable(stage, directory=True)  # becomes the section's folder
        t0 = time.perf_counter()
        with tempconfig(manim_config(job, work, tex_dir)):
            scene = section.scene_class()(params=job.params, lang=job.lang,
                                          voice=make_voice(job))
            beat_titles = record_beat_titles(scene)
            scene.render()
            names = list(scene.BEATS)
            bounds = [scene.beat_start[b] for b in names] + [scene.renderer.time]
            lines = {b: voice_lines(scene, bounds[i], bounds[i + 1])
                     for i, b in enumerate(names)} if scene.voice is not None else None
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
            own = _segments(fw, sec["name"])
            clip = clip_track(lines[sec["name"]]) if lines is not None else None
            if clip is None:
                shutil.move(str(clip_src / sec["video"]), stage / name)
            else:   # Manim's clip is silent: its segments joined with the beat's voice
                join_voiced(own, stage / name, clip)
            files.append(name)
            clips.append({"beat": sec["name"], "file": name,
                          "duration": round(_video_duration(stage / name), 3)})
            # the WebM was encoded beside the drawing, segment by segment: joined here
            join_voiced([webm_beside(p) for p in own], stage / name.replace(".mp4", ".webm"),
                        clip)
            last_frame(own[-1], stage / name.replace(".mp4", ".png"))
        track = loudness = None
        if lines is not None:   # the section's voice: its clips' tracks one after another
            from .assemble import delivered_loudness, section_track

            track = section_track([lines[c["beat"]] for c in clips],
                                  [stage / c["file"] for c in clips], scene.voice)
            heard = join_voiced([stage / c["file"] for c in clips], stage / files[0], track)
        # the section's WebM from its clips', as assemble_section joins it
        heard_webm = join_voiced([stage / c["file"].replace(".mp4", ".webm") for c in clips],
                                 stage / f"{job.section}.webm", track)
        if track is not None:
            loudness = delivered_loudness(heard, heard_webm)
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
        if loudness is not None:
            entry["voice"] = voice_record(job, loudness)
        entry = publish_section(stage, entry, beat_titles, encoded=True)  # captions, modes
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


def render_beat(job: Job, beat: str, work: Path) -> dict:
    """Render one beat of a section in this process, into ``work``; return its record (see
    :func:`render_beats`)."""
    return render_beats(job, (beat,), work)[0]


def render_beats(job: Job, beats: tuple[str, ...], work: Path) -> list[dict]:
    """Render some beats of a section in this process, into ``work``; return their records.

    The other beats up to the last one named are played without drawing. For each beat
    drawn, writes ``work/<beat>.mp4`` (its segments as Manim encoded them, joined),
    ``<beat>.webm`` (VP9) and ``<beat>.png`` (the clip's last frame, decoded); for the last,
    ``<beat>.frame.png`` too (the renderer's last frame: the section's poster when it is the
    section's last beat). A record holds the clip's duration, its narration lines in seconds
    from the clip's start, the beat's title (its claim as drawn), its fingerprint and its
    seconds (see :func:`beat_seconds`). A piece of a beat (:func:`scenes.pieces.piece`) writes
    ``<beat>#<k>.*`` instead (nothing if no play of the beat starts in its window, and
    ``.frame.png`` only if it drew the scene's last play), and its record says ``piece`` and
    its number of ``segments``.
    """
    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    keep_segments_in(segments_dir_for(job))
    work.mkdir(parents=True, exist_ok=True)
    # Manim's own files, in a folder named after this process (a killed worker's folder is a
    # leftover that the next holder of the section's lock removes)
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

    from ..captions import record_beat_titles

    t0 = time.perf_counter()
    with tempconfig(manim_config(job, media, tex_dir)):
        scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                               only_beat=drawn, voice=make_voice(job))
        titles = record_beat_titles(scene)
        scene.render()
        fw = scene.renderer.file_writer
        beats = list(scene.BEATS)

        def order(spec):
            beat, window = parse_piece(spec)
            return beats.index(beat), window[0] if window else 0.0
        drawn = tuple(sorted(drawn, key=order))
        ends = {b: scene.beat_start.get(beats[i + 1], scene.renderer.time)
                if i + 1 < len(beats) else scene.renderer.time for i, b in enumerate(beats)}
        found = []
        for spec in drawn:
            beat, window = parse_piece(spec)
            start = scene.beat_start[beat]
            # seconds from the beat's start (the section's narration puts them back where
            # the beat starts in it, as the one-process render's clock has them)
            subs = [[c.start.total_seconds() - start, c.end.total_seconds() - start,
                     c.content] for c in fw.subcaptions
                    if start - 1e-6 <= c.start.total_seconds() < ends[beat] - 1e-6]
            found.append((spec, beat, start, subs,
                          _segments(fw, beat, window, scene.play_starts.get(beat)),
                          voice_lines(scene, start, ends[beat])))
        frame = scene.renderer.get_frame()
        last_drawn = scene.last_play_drawn
    clock = {"": time.perf_counter(), **scene.beat_clock}   # "": the last beat's end

    def span(b: str) -> float:     # from a beat's start to the next one's
        i = beats.index(b) + 1
        return clock.get(beats[i] if i < len(beats) else "", clock[""]) - clock[b]

    records, own = [], {}
    shares = {}
    for spec, beat, _, _, _, _ in found:
        shares[beat] = shares.get(beat, 0) + 1
    voiced = scene.voice is not None
    for spec, beat, start, subs, segments, lines in found:
        stem = piece_stem(spec)
        t = time.perf_counter()
        rec = {"beat": beat, "index": beats.index(beat), "start": start, "subcaptions": subs,
               "title": titles.get(beat), "fingerprint": scene.fingerprints.get(beat)}
        if voiced:
            rec["voice"] = lines
        if stem != beat:
            rec.update(piece=spec, segments=len(segments))
        if segments:
            # the clip and its WebM (encoded beside the drawing) joined from the segments, as
            # the pieces of a beat are joined (a beat's clip has the same bytes whether it
            # was drawn whole or in pieces); its voice when it is whole (the pieces' join
            # adds it to a beat drawn in pieces)
            track = clip_track(lines) if voiced and stem == beat else None
            join_voiced(segments, work / f"{stem}.mp4", track)
            join_voiced([webm_beside(p) for p in segments], work / f"{stem}.webm", track)
            last_frame(segments[-1], work / f"{stem}.png")
            rec["duration"] = round(_video_duration(work / f"{stem}.mp4"), 3)
        else:
            rec["duration"] = 0.0
        # a beat's span, shared among its pieces drawn here
        own[spec] = span(beat) / shares[beat] + time.perf_counter() - t
        records.append(rec)
    if last_drawn or parse_piece(drawn[-1])[1] is None:
        Image.fromarray(frame).convert("RGB").save(
            work / f"{piece_stem(drawn[-1])}.frame.png")
    replayed = sum(span(b) for b in beats if b in clock and b not in shares)
    seconds = beat_seconds(time.perf_counter() - t0 - replayed, own,
                           {r.get("piece", r["beat"]): r["duration"] for r in records})
    for r in records:
        r["render_seconds"] = seconds[r.get("piece", r["beat"])]
    return records


def join_pieces(work: Path, pieces: list[dict], voice=None) -> dict:
    """Join the clips of a beat's pieces (beat jobs' records of one beat, every piece of it)
    in ``work`` into the beat's: ``<beat>.mp4``, ``.webm``, ``.png`` and, if a piece drew the
    beat's last play as the section's last, ``.frame.png``; return the beat's record. The
    joined clip has the bytes of the beat's clip drawn whole (a join of joins is the join,
    ``tests/test_beats.py``), with the beat's voice track if it has one (``voice``: the
    job's, :func:`.job.make_voice`); its seconds are the pieces' together."""
    pieces = sorted(pieces, key=lambda r: parse_piece(r["piece"])[1][0])
    beat = pieces[0]["beat"]
    stems = [piece_stem(r["piece"]) for r in pieces if r.get("segments")]
    if not stems:
        raise RuntimeError(f"beat {beat!r}: no piece drew a frame")
    track = clip_track(pieces[0]["voice"], voice) if "voice" in pieces[0] else None
    join_voiced([work / f"{s}.mp4" for s in stems], work / f"{beat}.mp4", track)
    join_voiced([work / f"{s}.webm" for s in stems], work / f"{beat}.webm", track)
    os.replace(work / f"{stems[-1]}.png", work / f"{beat}.png")
    for r in reversed(pieces):
        frame = work / f"{piece_stem(r['piece'])}.frame.png"
        if frame.is_file():
            os.replace(frame, work / f"{beat}.frame.png")
            break
    for s in stems:
        for ext in ("mp4", "webm", "png"):
            (work / f"{s}.{ext}").unlink(missing_ok=True)
    whole = {k: v for k, v in pieces[-1].items() if k not in ("piece", "segments")}
    whole["duration"] = round(_video_duration(work / f"{beat}.mp4"), 3)
    whole["render_seconds"] = round(sum(r["render_seconds"] for r in pieces), 2)
    whole["piece_seconds"] = [r["render_seconds"] for r in pieces]
    return whole


def voice_lines(scene, start: float, end: float) -> list[dict]:
    """The voiced lines of a clip from scene time ``start`` to ``end``: ``at`` (seconds from
    the clip's start), the audio's ``id``, ``seconds`` and ``source``."""
    return [{"at": round(t - start, 6), "id": v.id, "seconds": round(v.seconds, 6),
             "source": v.source, "text": v.text}
            for t, v in scene.voiced if start - 1e-6 <= t < end - 1e-6]


def clip_track(lines: list[dict], voice=None):
    """A clip's voice track for :func:`~rnn_lecture.encoding.join_videos`: its lines mixed
    (:func:`rnn_lecture.voice.clip_pcm`, ``voice`` the job's) to the clip's length, made once
    for the MP4 and the WebM."""
    from ..voice import clip_pcm

    made = {}

    def track(seconds):
        if seconds not in made:
            made[seconds] = clip_pcm(lines, float(seconds), voice)
        return made[seconds]
    return track


def _segments(fw, beat: str, window: tuple | None = None,
              starts: list[float] | None = None) -> list[Path]:
    """The MP4 segments Manim drew of ``beat``, in order (each with its WebM beside it,
    :func:`scenes.manim_patches.encode_webm_beside`): all of them, or those of the plays that
    start in ``window`` (``starts``: each play's start in the beat; a piece may have none)."""
    found = [s for s in fw.sections if s.name == beat]
    if window is None:
        if len(found) != 1 or not found[0].get_clean_partial_movie_files():
            raise RuntimeError(f"beat {beat!r}: no video segments")
        return [Path(p) for p in found[0].get_clean_partial_movie_files()]
    files = found[0].partial_movie_files if len(found) == 1 else []
    if len(files) != len(starts or ()):
        raise RuntimeError(f"beat {beat!r}: {len(files)} segments for {len(starts or ())} plays")
    a, b = window
    return [Path(f) for f, t in zip(files, starts) if f is not None and a <= t < b]


def last_frame(video: Path, png: Path) -> None:
    """Save ``video``'s last frame, decoded, as PNG (a clip ends on its held frame: its
    poster)."""
    import av

    last = None
    with av.open(str(video)) as c:
        for last in c.decode(c.streams.video[0]):
            pass
    if last is None:
        raise RuntimeError(f"{video}: no frames")
    last.to_image().convert("RGB").save(png)


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
