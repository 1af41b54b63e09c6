"""Beats as jobs: a section joined from beats rendered in separate processes is the video a
one-process render makes (every decoded frame identical:
``tests/pictures.py``), a parameter change draws only the beats whose drawing changed, and
one beat renders alone as a preview."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

from pictures import assert_same_pictures as assert_same_frames
from pictures import frames
from rnn_lecture.encoding import video_duration
from rnn_lecture.render import Job, beat_key, expected_seconds
from rnn_lecture.render.scheduler import _Scheduler

CLI = [sys.executable, "-m", "rnn_lecture.cli"]
SECTION = "primer-01-recurrence"        # one of conftest.SITE_SECTIONS: rendered already
CHANGE = ("width", "256")               # moves the parameter-count beat only


def run(*args):
    return subprocess.run([*CLI, *args], capture_output=True, text=True)


@pytest.mark.render
def test_changed_parameter_draws_only_its_beats_and_equals_a_one_process_render(site_media,
                                                                               tmp_path):
    """Start from the session's beat render of SECTION, change a parameter that moves one beat:
    the plan draws a few beats and reuses the rest; the joined section equals, frame for frame,
    a one-process render (Manim alone, no beats as jobs) with that parameter."""
    out = tmp_path / "beats"
    shutil.copytree(site_media / "low" / "zh" / SECTION, out / "low" / "zh" / SECTION)
    before = json.loads((out / "low" / "zh" / SECTION / "render.json").read_text())
    r = run("render", SECTION, "--set", "=".join(CHANGE), "--out", str(out), "--jobs", "2")
    assert r.returncode == 0, r.stderr[-3000:]
    n = len(before["beats"])
    drawn = [int(ln.split()[1]) for ln in r.stdout.splitlines()
             if ln.startswith(f"{SECTION}: ") and f" of {n} beats to draw" in ln]
    assert drawn and 0 < drawn[0] < n, r.stdout
    after = json.loads((out / "low" / "zh" / SECTION / "render.json").read_text())
    kept = [b["beat"] for b, a in zip(before["beats"], after["beats"]) if a["key"] == b["key"]]
    assert len(kept) == n - drawn[0] and "count_params" not in kept
    for i, b in enumerate(after["beats"]):     # reused clips are the old files, byte for byte
        if b["beat"] in kept:
            clip = f"clips/{i:02d}_{b['beat']}.mp4"
            assert (out / "low" / "zh" / SECTION / clip).read_bytes() == \
                (site_media / "low" / "zh" / SECTION / clip).read_bytes()

    one = tmp_path / "one"
    r = run("render", SECTION, "--set", "=".join(CHANGE), "--out", str(one), "--jobs", "1",
            "--one-process")
    assert r.returncode == 0, r.stderr[-3000:]
    a, b = out / "low" / "zh" / SECTION, one / "low" / "zh" / SECTION
    assert_same_frames(a / f"{SECTION}.mp4", b / f"{SECTION}.mp4")
    for i, c in enumerate(after["clips"]):
        assert_same_frames(a / c["file"], b / c["file"])
    assert_same_frames(a / "poster.png", b / "poster.png")
    for f in (f"{SECTION}.srt", f"{SECTION}.vtt", f"{SECTION}.chapters.vtt"):
        assert (a / f).read_text() == (b / f).read_text(), f
    # The WebM is a lossy VP9 encoding of the drawn frames, segment by segment, and the
    # section's WebM joins them, so its frames cannot be bit-equal to the MP4's. It has every
    # frame, each close to the H.264 frame drawn from the same picture, and (both ways of
    # rendering) every WebM lasts as long as its MP4.
    wa, ma = frames(a / f"{SECTION}.webm"), frames(a / f"{SECTION}.mp4")
    assert len(wa) == len(ma)
    worst = max(np.abs(x.astype(int) - y.astype(int)).mean() for x, y in zip(wa[::10], ma[::10]))
    assert worst < 4.0, worst
    for d in (a, b):
        for mp4 in [d / f"{SECTION}.mp4", *(d / c["file"] for c in after["clips"])]:
            assert video_duration(mp4.with_suffix(".webm")) == \
                pytest.approx(video_duration(mp4), abs=1e-3), mp4


@pytest.mark.render
def test_one_beat_renders_alone_as_a_preview(site_media, tmp_path):
    """``render SECTION --beat NAME`` writes that beat's clip, poster and captions under
    previews/, frame for frame the clip of a whole render, and leaves the section alone."""
    beat, index = "show_tangent", 2
    out = tmp_path / "media"
    r = run("render", SECTION, "--beat", beat, "--out", str(out))
    assert r.returncode == 0, r.stderr[-3000:]
    prev = out / "low" / "zh" / "previews" / SECTION
    stem = f"{index:02d}_{beat}"
    assert sorted(p.name for p in prev.iterdir()) == sorted(
        f"{stem}.{e}" for e in ("mp4", "webm", "png", "srt", "vtt"))
    assert_same_frames(prev / f"{stem}.mp4",
                       site_media / "low" / "zh" / SECTION / "clips" / f"{stem}.mp4")
    # the same cues; times within 2 ms (the section's cues are placed on the section's clock
    # and moved back by the clip's start, rounded to ms; a preview's start at its beat's start)
    from rnn_lecture.captions import parse_srt

    mine = parse_srt((prev / f"{stem}.srt").read_text())
    theirs = parse_srt((site_media / "low" / "zh" / SECTION / "clips" / f"{stem}.srt").read_text())
    assert [c.lines for c in mine] == [c.lines for c in theirs]
    assert all(abs(a.start - b.start) <= 0.002 and abs(a.end - b.end) <= 0.002
               for a, b in zip(mine, theirs))
    assert not (out / "low" / "zh" / SECTION).exists()
    assert not (out / "low" / "zh" / "manifest.json").exists()


def test_beat_errors_are_one_line():
    r = run("render", SECTION, "--beat", "nope")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "unknown beat 'nope' of primer-01-recurrence; allowed: overview" in r.stderr
    r = run("render", SECTION, "primer-04-limits", "--beat", "grid")
    assert r.returncode == 2 and "--beat needs exactly one section, got 2" in r.stderr
    r = run("render", "--beat", "grid")
    assert r.returncode == 2 and "--beat needs exactly one section, got 0" in r.stderr


def test_beat_keys_leave_parameters_to_the_fingerprint():
    a = Job(SECTION, {"width": 1}, "low", "zh", "m")
    b = Job(SECTION, {"width": 2}, "low", "zh", "m")
    assert beat_key(a, "c", "overview", "fp") == beat_key(b, "c", "overview", "fp")
    for other in (beat_key(a, "c2", "overview", "fp"), beat_key(a, "c", "overview", "fp2"),
                  beat_key(Job(SECTION, {}, "high", "zh", "m"), "c", "overview", "fp"),
                  beat_key(Job(SECTION, {}, "low", "en", "m"), "c", "overview", "fp")):
        assert other != beat_key(a, "c", "overview", "fp")


def test_longest_expected_beats_go_first(tmp_path):
    """Lengths come from the last render's clips (any quality or language), else the section's
    length spread over its beats, else a default; plans go before beats, then longest first."""
    from scenes.registry import get

    beats = get(SECTION).scene_class().BEATS
    job = Job(SECTION, {}, "low", "zh", str(tmp_path))
    even = expected_seconds(job, [])
    assert len(set(even.values())) == 1
    history = [{"section": SECTION, "quality": "high", "lang": "en", "duration": 60.0,
                "clips": [{"beat": b, "duration": float(i + 1)} for i, b in enumerate(beats)]}]
    seen = expected_seconds(job, history)
    assert seen == {b: float(i + 1) for i, b in enumerate(beats)}
    s = _Scheduler([], 2, False, True, "c", lambda *_: None, lambda *_: None)
    from rnn_lecture.render import SectionLock
    from rnn_lecture.render.scheduler import _Section
    sec = _Section(job, "k", SectionLock(job), seen)
    other = _Section(Job("primer-04-limits", {}, "low", "zh", str(tmp_path)), "k",
                     SectionLock(job), {"grid": 2.5})
    s.ready = [(sec, "beats", (b,)) for b in beats] + [(other, "plan", None),
                                                        (other, "beats", ("grid",))]
    order = [s._next() for _ in range(len(s.ready))]
    assert order[0][1] == "plan"
    lengths = [r[0].expected[r[2][0]] for r in order[1:]]
    assert lengths == sorted(lengths, reverse=True)


def test_a_section_is_cut_in_runs_that_keep_the_workers_busy(tmp_path):
    """Each job draws a run of beats (it replays the beats before its first): one section
    alone is cut in --jobs runs, evened out with the replay counted; a section that is a small
    part of the work left stays whole; a plan's few beats to draw are cut the same way."""
    from rnn_lecture.render import REPLAY_COST, SectionLock
    from rnn_lecture.render.scheduler import _Section

    beats = ("a", "b", "c", "d", "e", "f")
    lengths = dict(zip(beats, (10.0, 20.0, 10.0, 30.0, 10.0, 20.0)))
    job = Job(SECTION, {}, "low", "zh", str(tmp_path))

    def runs(n_jobs, total, todo=beats):
        """Runs of `todo` when `total` seconds of drawing are left in all (the rest in other
        sections not opened yet) and every worker is free."""
        s = _Scheduler([], n_jobs, False, True, "c", lambda *_: None, lambda *_: None)
        rest = total - sum(lengths[b] for b in todo)
        if rest > 0:
            s.pending = [_Section(job, "k", SectionLock(job), {"x": rest})]
        sec = _Section(job, "k", SectionLock(job), lengths, beats=beats)
        got = s._runs(sec, list(todo))
        assert all(r[1] == "beats" for r in got)
        return [r[2] for r in got]

    assert runs(1, 100.0) == [beats]                      # one worker: one process, no replay
    two = runs(2, 100.0)
    assert len(two) == 2 and sum(two, ()) == beats         # in order, every beat once

    def cost(run):
        replay = REPLAY_COST * sum(lengths[b] for b in beats[:beats.index(run[0])])
        return replay + sum(lengths[b] for b in run)

    best = min(max(cost(beats[:k]), cost(beats[k:])) for k in range(1, len(beats)))
    assert max(map(cost, two)) == pytest.approx(best)
    assert runs(4, 100.0) and len(runs(4, 100.0)) == 4
    assert runs(2, 1000.0) == [beats]                      # one section of a long lecture
    assert runs(2, 100.0, ("b", "e")) == [("b", "e")]      # 30 s of 100: one worker's share
    assert runs(2, 60.0, ("b", "d", "e")) == [("b",), ("d", "e")]


def test_the_last_section_is_cut_for_the_worker_about_to_finish(tmp_path):
    """At the end of a lecture, one worker is free and the other has R seconds left: the last
    section stays whole if it is no longer than R, else it is cut so that both end together,
    a long run for the free worker and a short one for the other."""
    import time as _time

    from rnn_lecture.render import REPLAY_COST, SectionLock
    from rnn_lecture.render.scheduler import _Section, _Worker

    beats = ("a", "b", "c", "d", "e", "f")
    lengths = dict(zip(beats, (10.0, 20.0, 10.0, 30.0, 10.0, 20.0)))     # 100 s
    job = Job(SECTION, {}, "low", "zh", str(tmp_path))

    def runs(left, queued=0.0):
        s = _Scheduler([], 2, False, True, "c", lambda *_: None, lambda *_: None)
        if queued:
            s.pending = [_Section(job, "k", SectionLock(job), {"y": queued})]
        other = _Section(job, "k", SectionLock(job), {"x": 500.0}, beats=("x",))
        busy = _Worker(other, "beats", ("x",), started=_time.perf_counter() + left - 500.0,
                       expected=500.0)
        s.running = [busy]
        sec = _Section(job, "k", SectionLock(job), lengths, beats=beats)
        return [r[2] for r in s._runs(sec, list(beats))]

    def cost(run):
        return REPLAY_COST * sum(lengths[b] for b in beats[:beats.index(run[0])]) + \
            sum(lengths[b] for b in run)

    assert runs(120.0) == [beats]          # the busy worker ends after it anyway
    # not the last: 60 s of other sections still to open fill the other worker (cutting
    # would only add a replay)
    assert runs(40.0, queued=60.0) == [beats]
    # a long section and a short one (30 s) to follow: both workers free, the longer run
    # starts first and the short section follows the shorter run
    got = runs(0.0, queued=30.0)
    assert sum(got, ()) == beats and len(got) == 2
    long, short = sorted(map(cost, got), reverse=True)
    assert max(long, short + 30.0) == pytest.approx(min(
        max(max(cost(beats[:k]), cost(beats[k:])), min(cost(beats[:k]), cost(beats[k:])) + 30)
        for k in range(1, len(beats))), abs=0.5)
    first, second = runs(40.0)
    assert first + second == beats
    end = max(cost(first), 40.0 + cost(second))
    assert end == pytest.approx(min(max(cost(beats[:k]), 40.0 + cost(beats[k:]))
                                    for k in range(1, len(beats))), abs=0.5)
    assert end < 100.0 and cost(first) > cost(second)


@pytest.mark.render
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_plan_sees_the_beats_as_they_were_drawn(site_media, lang):
    """A plan (the scene played without drawing) gives every beat the fingerprint and the start
    its render recorded, so an unchanged beat is never drawn twice."""
    from conftest import SITE_SECTIONS
    from rnn_lecture.render import plan_section
    from scenes.registry import get

    for sid in SITE_SECTIONS:
        rec = json.loads((site_media / "low" / lang / sid / "render.json").read_text())
        plan = plan_section(Job(sid, get(sid).resolve({}), "low", lang, str(site_media)))
        assert [b["beat"] for b in rec["beats"]] == plan["beats"]
        for b in rec["beats"]:
            assert plan["fingerprints"][b["beat"]] == b["fingerprint"], (sid, b["beat"])
            assert plan["starts"][b["beat"]] == b["start"], (sid, b["beat"])


def test_work_is_expected_seconds_of_drawing(tmp_path):
    """Sections are ordered and cut by expected seconds of drawing: each beat's length times
    the section's rate when last drawn at this quality; a section never drawn at it gets the
    median rate of the others."""
    from rnn_lecture.render import render_rate, update_manifest
    from scenes.registry import get

    out = str(tmp_path)
    slow, fast, new = SECTION, "primer-04-limits", "lstm-06-gru"
    for sid, rate in ((slow, 2.0), (fast, 0.5)):
        beats = get(sid).scene_class().BEATS
        update_manifest(out, "low", "zh", {
            "section": sid, "quality": "low", "lang": "zh", "duration": 10.0 * len(beats),
            "clips": [{"beat": b, "duration": 10.0} for b in beats],
            "beats": [{"beat": b, "duration": 10.0, "render_seconds": 10.0 * rate}
                      for b in beats]})
    jobs = [Job(s, {}, "low", "zh", out) for s in (fast, new, slow)]
    from rnn_lecture.render.room import _history
    assert render_rate(jobs[2], _history(out)) == 2.0
    assert render_rate(Job(slow, {}, "high", "zh", out), _history(out)) is None
    s = _Scheduler([(j, "k") for j in jobs], 2, False, True, "c", lambda *_: None,
                   lambda *_: None)
    by = {sec.job.section: sec for sec in s.pending}
    assert set(by[slow].expected.values()) == {20.0}
    assert set(by[fast].expected.values()) == {5.0}
    from rnn_lecture.render import DEFAULT_SECONDS
    assert sum(by[new].expected.values()) == pytest.approx(DEFAULT_SECONDS * 2.0)  # median
    order = [sec.job.section for sec in s.pending]
    assert order.index(slow) < order.index(fast)           # 120 s of drawing before 30 s


def test_each_beat_is_timed_by_itself(tmp_path):
    """A beat's recorded seconds are its own drawing and WebM plus a share, by length, of the
    job's set-up and end (the replay of earlier beats is not a beat's cost); the next run cuts
    the section by each beat's own rate, so a slow sweep is not weighed as a cheap hold."""
    from rnn_lecture.render import beat_rates, beat_seconds, update_manifest
    from rnn_lecture.render.room import _history
    from scenes.registry import get

    got = beat_seconds(10.0, {"a": 6.0, "b": 1.0}, {"a": 10.0, "b": 30.0})
    assert got == {"a": 6.75, "b": 3.25}                   # 3 s of set-up and end, by length
    assert beat_seconds(5.0, {"a": 6.0}, {"a": 10.0}) == {"a": 6.0}   # never below its own

    out = str(tmp_path)
    beats = get(SECTION).scene_class().BEATS
    update_manifest(out, "low", "zh", {
        "section": SECTION, "quality": "low", "lang": "zh", "duration": 10.0 * len(beats),
        "clips": [{"beat": b, "duration": 10.0} for b in beats],
        "beats": [{"beat": b, "duration": 10.0, "render_seconds": 10.0 * (i + 1)}
                  for i, b in enumerate(beats)]})
    job = Job(SECTION, {}, "low", "zh", out)
    assert beat_rates(job, _history(out)) == {b: float(i + 1) for i, b in enumerate(beats)}
    assert beat_rates(Job(SECTION, {}, "high", "zh", out), _history(out)) == {}
    s = _Scheduler([(job, "k")], 2, False, True, "c", lambda *_: None, lambda *_: None)
    assert s.pending[0].expected == {b: 10.0 * (i + 1) for i, b in enumerate(beats)}


def test_a_replay_draws_nothing(tmp_path, monkeypatch):
    """The beats a job replays are played without drawing into the camera (Manim draws each
    skipped play's picture and throws it away); a drawn beat still draws. Frames written
    after a replay are compared with a one-process render's above."""
    from manim.camera.camera import Camera

    from rnn_lecture.render import plan_section, render_beat
    from scenes.base import LectureScene
    from scenes.registry import get

    sid = "lstm-07-variants"           # its last beat is short
    drawn = []
    capture = Camera.capture_mobjects
    monkeypatch.setattr(Camera, "capture_mobjects",
                        lambda self, *a, **k: drawn.append(1) or capture(self, *a, **k))
    hashed = set()                     # the beats whose plays were fingerprinted
    fingerprint = LectureScene._fingerprint
    monkeypatch.setattr(LectureScene, "_fingerprint", lambda self, *a: (
        hashed.add(self._fp[0]) if self._fp else None) or fingerprint(self, *a))
    job = Job(sid, get(sid).resolve({}), "low", "en", str(tmp_path / "media"))
    beats = get(sid).scene_class().BEATS
    plan = plan_section(job)
    assert drawn == []
    assert hashed == set(beats)        # a plan fingerprints every beat
    hashed.clear()
    rec = render_beat(job, beats[-1], tmp_path / "clip")
    assert drawn                       # the beat drawn after the replay does draw
    assert rec["render_seconds"] > 0
    # ...and only it is fingerprinted, as the plan has it (a replayed beat's hash is unused)
    assert hashed == {beats[-1]}
    assert rec["fingerprint"] == plan["fingerprints"][beats[-1]]


def test_a_piece_of_a_beat_is_named_and_read_back():
    from scenes.pieces import parse_piece, piece, piece_stem

    p = piece("recap_oral", 1, 41.666, None)
    assert parse_piece(p) == ("recap_oral", (41.666, float("inf")))
    assert parse_piece(piece("b", 0, 0.0, 12.5)) == ("b", (0.0, 12.5))
    assert parse_piece("show_tangent") == ("show_tangent", None)
    assert piece_stem(p) == "recap_oral#1" and piece_stem("b") == "b"
    for bad in ("b#x@0-1", "b#0@1-1", "b#0@2-1", "b#0@-1-", "b#0@1", "b#0@a-"):
        with pytest.raises(ValueError, match="not a piece"):
            parse_piece(bad)


def test_a_long_beat_is_cut_in_pieces_when_it_would_bound_the_section(tmp_path):
    """A section whose one long beat is most of its drawing is cut in pieces of that beat
    (each its share of the beat's seconds of video, the last to its end), so both workers end
    together; a section of even beats, or one drawn by one worker, keeps its beats whole."""
    from rnn_lecture.render import REPLAY_COST, SectionLock
    from rnn_lecture.render.plan import run_cost
    from rnn_lecture.render.scheduler import _Section
    from scenes.pieces import parse_piece

    beats = ("a", "b", "c", "long")
    cost = dict(zip(beats, (5.0, 5.0, 5.0, 45.0)))            # seconds of drawing
    seconds = dict(zip(beats, (10.0, 10.0, 10.0, 90.0)))       # seconds of video
    job = Job(SECTION, {}, "low", "zh", str(tmp_path))

    def cut(n_jobs, costs=cost):
        s = _Scheduler([], n_jobs, False, True, "c", lambda *_: None, lambda *_: None)
        sec = _Section(job, "k", SectionLock(job), dict(costs), beats=beats,
                       lengths=dict(seconds))
        return s, sec, [r[2] for r in s._runs(sec, list(beats))]

    s, sec, runs = cut(2)
    units = sum(runs, ())
    pieces = [u for u in units if parse_piece(u)[1]]
    assert [parse_piece(u)[0] for u in pieces] == ["long"] * len(pieces) and len(pieces) >= 2
    windows = [parse_piece(u)[1] for u in pieces]
    assert windows[0][0] == 0.0 and windows[-1][1] == float("inf")
    assert all(a[1] == b[0] for a, b in zip(windows, windows[1:]))      # no gap, no overlap
    assert [u for u in units if not parse_piece(u)[1]] == ["a", "b", "c"]
    assert sec.cut == {"long": pieces}
    ends = [s._run_cost(sec, r) for r in runs]
    whole = [run_cost(beats, cost, r) for r in ((beats[:3]), ("long",))]
    assert max(ends) < 0.8 * max(whole)        # whole beats: one worker draws 45 s alone
    # a piece's job plays the rest of its beat, skipping it, and replays what is before it
    first = pieces[0]
    assert run_cost(sec.order, {**cost, **sec.units}, (first,)) == pytest.approx(
        REPLAY_COST * 15.0 + sec.units[first] + REPLAY_COST * (45.0 - sec.units[first]))
    assert cut(1)[2] == [beats]
    even = dict(zip(beats, (15.0, 15.0, 15.0, 15.0)))
    assert all(not parse_piece(u)[1] for r in cut(2, even)[2] for u in r)


@pytest.mark.render
@pytest.mark.parametrize("voice", ["none", "synth"])
def test_a_beat_drawn_in_pieces_is_the_beat_drawn_whole(tmp_path, voice):
    """Two beat jobs each draw a piece of a beat (the plays that start in their window); the
    scheduler joins their clips when both are in: the clip, its WebM and posters are the
    bytes of the beat drawn whole by one job, and its record is that job's; with a voice, the
    beat's voice track is in the joined clip as in the whole one."""
    from types import SimpleNamespace

    from rnn_lecture.render import SectionLock, render_beats
    from rnn_lecture.render.scheduler import _Section, _Worker
    from scenes.pieces import piece
    from scenes.registry import get

    beat = "show_tangent"
    job = Job(SECTION, get(SECTION).resolve({}), "low", "zh", str(tmp_path / "media"), voice)
    whole = render_beats(job, (beat,), tmp_path / "whole")[0]
    if voice != "none":
        import av
        with av.open(str(tmp_path / "whole" / f"{beat}.mp4")) as c:
            assert c.streams.audio and whole["voice"]
    # the last piece's window holds no play (a guessed length can do that): it draws nothing
    specs = (piece(beat, 0, 0.0, 4.0), piece(beat, 1, 4.0, 500.0), piece(beat, 2, 500.0, None))
    recs = [render_beats(job, (spec,), tmp_path / "parts")[0] for spec in specs]
    assert [r["segments"] > 0 for r in recs] == [True, True, False]
    assert sum(r["duration"] for r in recs) == pytest.approx(whole["duration"], abs=1e-3)

    s = _Scheduler([], 2, False, True, "c", lambda *_: None, lambda *_: None)
    sec = _Section(job, "k", SectionLock(job), {beat: 1.0}, beats=(beat,), records={},
                   work=tmp_path / "parts", cut={beat: list(specs)})
    s.executor = SimpleNamespace(outcome=lambda handle: ("ok", handle))
    for r in recs:
        sec.running += 1
        s.finish(_Worker(sec, "beats", (r["piece"],), handle=[r]))
        assert (r is recs[-1]) == (beat in sec.records)
    got = sec.records[beat]
    for ext in ("mp4", "webm", "png", "frame.png"):
        assert (tmp_path / "parts" / f"{beat}.{ext}").read_bytes() == \
            (tmp_path / "whole" / f"{beat}.{ext}").read_bytes(), ext
    assert sorted(p.name for p in (tmp_path / "parts").iterdir()) == sorted(
        f"{beat}.{e}" for e in ("mp4", "webm", "png", "frame.png"))
    drop = {"render_seconds", "piece_seconds", "drawn", "key"}
    assert {k: v for k, v in got.items() if k not in drop} == \
        {k: v for k, v in whole.items() if k not in drop}
    assert got["piece_seconds"] == [r["render_seconds"] for r in recs]
    assert got["render_seconds"] == pytest.approx(sum(r["render_seconds"] for r in recs),
                                                  abs=0.02)
    assert s.complete == [sec]             # the section is ready to assemble
