"""Assembling: a section's folder made from its clips, captions, chapters and posters.

A section rendered as beats is joined from its beats' clips without re-encoding (packets
copied, each with its duration: :func:`rnn_lecture.encoding.join_videos`), both the MP4 and
the WebM; its narration is each beat's lines moved to where the beat's clip starts; the
poster is the last beat's last frame (:func:`assemble_section`). A section rendered in one
process (``--one-process``) gets the same web outputs from Manim's video and clips
(:func:`publish_section`). Both write into a staging folder that :mod:`.publish` swaps in.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from .. import captions
from ..encoding import h264_codecs, to_webm
from ..encoding import video_duration as _video_duration
from ..safefs import make_public
from ..voice import join_voiced
from .job import Job, make_voice, segments_dir_for, voice_record


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
    track, loudness = None, None
    if job.voice != "none":
        track = section_track([b.get("voice", []) for b in beats],
                              [stage / c["file"] for c in clips], make_voice(job))
    heard = join_voiced([stage / c["file"] for c in clips], stage / f"{sid}.mp4", track)
    heard_webm = join_voiced([stage / c["file"].replace(".mp4", ".webm") for c in clips],
                             stage / f"{sid}.webm", track)
    if track is not None:
        loudness = delivered_loudness(heard, heard_webm)
    # the narration as Manim writes it (one cue per line, its clock), split into cues below
    (stage / f"{sid}.srt").write_text(srt.compose(narration), encoding="utf-8")
    entry = {**section_meta, "duration": round(_video_duration(stage / f"{sid}.mp4"), 3),
             "video": f"{sid}.mp4", "poster": "poster.png", "captions": f"{sid}.srt",
             "clips": clips, "key": key}
    if loudness is not None:
        entry["voice"] = voice_record(job, loudness)
    titles = {b["beat"]: b["title"] for b in beats if b.get("title")}
    captions.keep_segments_in(segments_dir_for(job))
    extra = captions.write_section_captions(stage, entry, titles)
    entry.update({k: v for k, v in extra.items() if k not in ("files", "clips")})
    entry["clips"] = [{**c, "webm": c["file"].replace(".mp4", ".webm"),
                       "poster": c["file"].replace(".mp4", ".png")} for c in extra["clips"]]
    entry.update({"webm": f"{sid}.webm", "video_codecs": h264_codecs(stage / f"{sid}.mp4")})
    entry["beats"] = [{**{k: b[k] for k in ("beat", "key", "fingerprint", "start", "duration",
                                            "subcaptions", "title")},
                       **({"render_seconds": b["render_seconds"]}
                          if isinstance(b.get("render_seconds"), (int, float)) else {}),
                       **({"piece_seconds": b["piece_seconds"]} if b.get("piece_seconds")
                          else {}),
                       **({"voice": b["voice"]} if "voice" in b else {})}
                      for b in beats]
    files = [f"{sid}.mp4", "poster.png", f"{sid}.webm", *files, *extra["files"]]
    entry["files"] = list(dict.fromkeys(files))
    entry["bytes"] = sum((stage / f).stat().st_size for f in entry["files"])
    make_public(stage)
    return entry


def section_track(lines: list[list[dict]], clips: list[Path], voice=None):
    """A section's voice track, the clips' tracks one after another (each its lines mixed to
    its clip's length, as the clip's own), for :func:`~rnn_lecture.encoding.join_videos`.
    ``voice`` (the job's :class:`rnn_lecture.voice.Voice`) finds each line's audio where a
    worker on another machine made it (:meth:`~rnn_lecture.voice.Voice.source_of`)."""
    import numpy as np

    from ..encoding import video_seconds
    from ..voice import clip_pcm, samples

    pcm = np.concatenate([clip_pcm(ln, float(video_seconds(c)), voice)
                          for ln, c in zip(lines, clips)])

    def track(seconds):
        n = samples(float(seconds))
        return pcm[:n] if pcm.size >= n else np.concatenate([pcm, np.zeros(n - pcm.size,
                                                                             np.float32)])
    return track


def delivered_loudness(mp4: dict, webm: dict) -> dict:
    """A section's loudness as its files deliver it, from the measures of its MP4's and
    WebM's decoded audio (:func:`rnn_lecture.voice.join_voiced`): the MP4's loudness and the
    louder true peak of the two."""
    if mp4["lufs"] is None:
        return mp4
    return {"lufs": mp4["lufs"], "true_peak": max(mp4["true_peak"], webm["true_peak"]),
            "lufs_webm": webm["lufs"]}


def publish_section(stage: Path, entry: dict, beat_titles: dict | None = None,
                    encoded: bool = False) -> dict:
    """Add the web outputs to a staged section folder; return the updated render record.

    Writes split captions (SRT, WebVTT), chapters, per-clip captions, ``<section>.webm``,
    ``clips/NN_<beat>.webm`` and ``.png``; records them in the entry (``files`` included) and
    makes every file 0644 and every folder 0755. With ``encoded`` the WebMs and posters are
    in ``stage`` already (encoded beside the drawing, :func:`.draw.render_one`); otherwise
    they are transcoded from the MP4s.
    """
    stage = Path(stage)
    entry = dict(entry)
    sid = entry["section"]
    extra = captions.write_section_captions(stage, entry, beat_titles)
    files = list(entry.get("files", []))
    webm = f"{sid}.webm"
    if not encoded:
        to_webm(stage / entry["video"], stage / webm)
    clips = []
    for c in extra["clips"]:
        stem = c["file"].rsplit(".", 1)[0]
        if not encoded:
            to_webm(stage / c["file"], stage / f"{stem}.webm", poster=stage / f"{stem}.png")
        clips.append({**c, "webm": f"{stem}.webm", "poster": f"{stem}.png"})
        files += [f"{stem}.webm", f"{stem}.png"]
    files += [webm, *extra["files"]]
    entry.update({k: v for k, v in extra.items() if k not in ("files", "clips")})
    entry.update({"webm": webm, "video_codecs": h264_codecs(stage / entry["video"]),
                  "clips": clips, "files": list(dict.fromkeys(files))})
    make_public(stage)
    return entry
