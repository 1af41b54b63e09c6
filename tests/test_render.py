"""Real renders at low quality (the session's shared renders of a few sections of each part),
checked by decoding the files; a render killed mid-way; an up-to-date re-render."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import av
import pytest

from conftest import SITE_SECTIONS
from scenes.registry import get

pytestmark = pytest.mark.render

CLI = [sys.executable, "-m", "rnn_lecture.cli"]


def decode(path):
    """Length in seconds, frame periods shown (a held frame is one frame lasting several,
    rnn_lecture.encoding), width, height."""
    with av.open(str(path)) as c:
        stream = c.streams.video[0]
        periods = sum(round(f.duration * stream.time_base * 15) for f in c.decode(stream))
        return c.duration / 1e6, periods, stream.width, stream.height


@pytest.fixture(scope="module")
def rendered(site_media):
    """The session's real renders (conftest.SITE_SECTIONS, both parts, zh and en, low)."""
    return site_media, list(SITE_SECTIONS)


def copy_lang(media, dest, lang="zh"):
    """A private copy of one language's renders, for a test that renders into it."""
    shutil.copytree(media / "low" / lang, dest / "low" / lang)
    return dest


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_videos_clips_posters_captions(rendered, lang):
    out, sections = rendered
    manifest = json.loads((out / "low" / lang / "manifest.json").read_text())
    assert [s["section"] for s in manifest["sections"]] == sections
    assert manifest["lang"] == lang
    for entry in manifest["sections"]:
        d = out / "low" / lang / entry["section"]
        duration, frames, w, h = decode(d / entry["video"])
        assert (w, h) == (854, 480)
        assert duration > 10 and abs(frames - duration * 15) <= 1
        assert abs(duration - entry["duration"]) < 0.2
        beats = get(entry["section"]).scene_class().BEATS
        assert [c["beat"] for c in entry["clips"]] == list(beats)
        assert sum(c["duration"] for c in entry["clips"]) == pytest.approx(duration, abs=0.5)
        for c in entry["clips"]:
            assert decode(d / c["file"])[1] > 0
        assert (d / "poster.png").stat().st_size > 1000
        srt = (d / entry["captions"]).read_text(encoding="utf-8")
        assert "-->" in srt
        assert entry["params"] == json.loads(json.dumps(entry["params"]))


def test_up_to_date_render_is_skipped(rendered, tmp_path):
    """Sections found up to date are skipped, and leave the manifest as it was (not written
    again: same inode, same bytes)."""
    out = copy_lang(rendered[0], tmp_path / "media")
    manifest = next(out.glob("*/*/manifest.json"))
    before = (manifest.stat().st_ino, manifest.read_bytes())
    r = subprocess.run([*CLI, "render", *rendered[1], "--out", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    for sid in rendered[1]:
        assert f"{sid}: up to date" in r.stdout, r.stdout
    assert f"done: 0 rendered, {len(rendered[1])} up to date" in r.stdout, r.stdout
    assert (manifest.stat().st_ino, manifest.read_bytes()) == before


def test_interrupted_render_keeps_the_good_files_and_a_changed_parameter_renders_again(
        rendered, tmp_path):
    """Kill a render with a changed parameter mid-way: the previous video, clips and record
    stay whole and consistent; the next render cleans up what the killed one left, renders
    again (the key changed) and records the new parameter."""
    import signal
    import time

    out = copy_lang(rendered[0], tmp_path / "media")
    section = "lstm-06-gru"
    d = out / "low" / "zh" / section
    before = {p.relative_to(d): p.read_bytes() for p in d.rglob("*") if p.is_file()}
    proc = subprocess.Popen([*CLI, "render", section, "--out", str(out), "--set", "x=0.7"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    after = {p.relative_to(d): p.read_bytes() for p in d.rglob("*") if p.is_file()}
    assert after == before
    assert decode(d / f"{section}.mp4")[1] > 0
    again = subprocess.run([*CLI, "render", section, "--out", str(out), "--set", "x=0.7"],
                           capture_output=True, text=True)
    assert again.returncode == 0, again.stderr[-2000:]
    assert "up to date" not in again.stdout
    assert json.loads((d / "render.json").read_text())["params"]["x"] == 0.7
    assert not [p for p in d.parent.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("section", SITE_SECTIONS)
def test_english_render_has_english_captions(rendered, section):
    d = rendered[0] / "low" / "en" / section
    srt = (d / f"{section}.srt").read_text(encoding="utf-8")
    assert "-->" in srt and not any("\u4e00" <= ch <= "\u9fff" for ch in srt)
    zh = (rendered[0] / "low" / "zh" / section / f"{section}.srt").read_text(encoding="utf-8")
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)


def _report_setting(setting, conn):
    import os

    from rnn_lecture.render.executors.local import _take_setting, _umask

    _take_setting(setting)
    conn.send((os.getcwd(), os.environ.get("RNN_LECTURE_PROBE"), _umask()))


def test_workers_take_the_runs_folder_environment_and_umask(tmp_path, monkeypatch):
    """Workers are forked by a fork server that started with the process's first run; each
    still works in the run's current folder, with its environment and umask, as a fresh
    process per job did: a relative --out lands where the run is now, and the LaTeX cache is
    the one the environment names now."""
    import os

    from rnn_lecture.render import TEX_DIR_ENV, Job, render
    from rnn_lecture.render.executors.local import _setting, worker_context

    ctx = worker_context()
    p = ctx.Process(target=os.getpid)       # the fork server is up before what follows
    p.start()
    p.join()
    here, tex = tmp_path / "here", tmp_path / "tex"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv(TEX_DIR_ENV, str(tex))
    monkeypatch.setenv("RNN_LECTURE_PROBE", "now")
    old = os.umask(0o027)
    try:
        ours, theirs = ctx.Pipe()
        p = ctx.Process(target=_report_setting, args=(_setting(), theirs))
        p.start()
        assert ours.recv() == (str(here), "now", 0o027)
        p.join()
    finally:
        os.umask(old)
    sid = "lstm-06-gru"
    (entry,) = render([Job(sid, get(sid).resolve(), "low", "en", "media")], n_jobs=2,
                      echo=lambda *_: None)
    assert (here / "media" / "low" / "en" / sid / entry["clips"][0]["file"]).is_file()
    assert any(tex.rglob("*.svg"))          # typeset into the cache the run's environment names


def _hashes(out):
    """sha256 of every output file under ``out`` (logs, locks and timings are not outputs:
    they name pids and seconds, see rnn_lecture.render.split_timing)."""
    import hashlib

    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()
            and not {"logs", "locks"} & set(p.relative_to(out).parts)
            and p.name != "manifest.lock"}


def test_identical_inputs_give_identical_bytes(tmp_path):
    """One section rendered twice into two folders: every output file (MP4, WebM, posters,
    captions, chapters, clips, render.json, manifest.json) has the same sha256. The WebM's
    Matroska track UIDs used to be drawn at random, and render.json and the manifest held
    the seconds each render took. The second render's processes get fresh memory filled
    with other bytes (glibc's ``MALLOC_PERTURB_``), so a read of memory no one wrote (x264's
    macroblock tree made one: ``tests/test_encoding.py``) fails here every time, not in one
    run of ten."""
    import os

    section = "lstm-06-gru"     # three beats
    outs = [tmp_path / "a", tmp_path / "b"]
    for out, fill in zip(outs, ("", "1")):
        r = subprocess.run([*CLI, "render", section, "--jobs", "2", "--out", str(out)],
                           capture_output=True, text=True,
                           env={**os.environ, "MALLOC_PERTURB_": fill})
        assert r.returncode == 0, r.stdout + r.stderr
    a, b = (_hashes(o) for o in outs)
    kinds = {p.rsplit(".", 1)[-1] for p in a}
    assert {"mp4", "webm", "png", "srt", "vtt", "json"} <= kinds, kinds
    assert any("clips/" in p for p in a) and "low/zh/manifest.json" in a
    assert f"low/zh/{section}/render.json" in a
    assert a.keys() == b.keys()
    assert {p for p in a if a[p] != b[p]} == set()
    meta = json.loads((outs[0] / "low" / "zh" / section / "render.json").read_text())
    assert "render_seconds" not in meta and all("render_seconds" not in x for x in meta["beats"])
    timing = json.loads((outs[0] / "low" / "zh" / "logs" / f"{section}.timing.json")
                        .read_text())
    assert timing["render_seconds"] > 0 and set(timing["beats"]) == set(meta["clips"][i]["beat"]
                                                                         for i in range(3))


def test_preview_is_the_same_with_a_cold_and_a_warm_parsed_svg_cache(tmp_path, monkeypatch):
    """``render SECTION --beat NAME`` with an empty parsed-SVG cache (every text and formula
    parsed, then kept) and again with the cache it filled (every one rebuilt from it): the
    clip, WebM, poster and captions have the same bytes, and the warm run wrote no cache file.
    The formulas are the session's LaTeX cache's, copied (LaTeX is not what is tested)."""
    import hashlib
    import os

    from manim import config

    from rnn_lecture.render import TEX_DIR_ENV
    from scenes.tex_cache import parsed_dir

    section, beat, index = "primer-01-recurrence", "show_tangent", 2   # two beats replayed
    tex = tmp_path / "tex"
    tex.mkdir()
    for svg in Path(os.environ.get(TEX_DIR_ENV) or config.get_dir("tex_dir")).glob("*.svg"):
        shutil.copy(svg, tex)
    monkeypatch.setenv(TEX_DIR_ENV, str(tex))

    def preview(name):
        out = tmp_path / name
        r = subprocess.run([*CLI, "render", section, "--beat", beat, "--out", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr[-3000:]
        folder = out / "low" / "zh" / "previews" / section
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(folder.iterdir())}

    cold = preview("cold")
    kept = {p.name: p.stat().st_mtime_ns for p in parsed_dir(tex).iterdir()}
    assert len(kept) > 10 and all(n.endswith(".npz") for n in kept)
    warm = preview("warm")
    assert {p.name: p.stat().st_mtime_ns for p in parsed_dir(tex).iterdir()} == kept
    assert sorted(cold) == sorted(f"{index:02d}_{beat}.{e}"
                                  for e in ("mp4", "webm", "png", "srt", "vtt"))
    assert cold == warm
