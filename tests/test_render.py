"""A few real renders at low quality, checked by decoding the files."""

from __future__ import annotations

import json
import subprocess
import sys

import av
import pytest

from scenes.registry import get, ids

pytestmark = pytest.mark.render

CLI = [sys.executable, "-m", "rnn_lecture.cli"]


def decode(path):
    with av.open(str(path)) as c:
        stream = c.streams.video[0]
        frames = sum(1 for _ in c.decode(stream))
        return c.duration / 1e6, frames, stream.width, stream.height


#: One section of each part, rendered for real here; every section's animations are played by
#: Manim itself (without writing frames) in test_harness's like-manim test, and the whole
#: lecture is rendered by ``scripts/render``.
RENDERED = ["primer-04-limits", "lstm-06-gru"]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("media")
    sections = [s for s in ids() if s in RENDERED]
    assert len(sections) == len(RENDERED)
    r = subprocess.run([*CLI, "render", *sections, "--out", str(out), "--jobs", "2"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return out, sections


def test_videos_clips_posters_captions(rendered):
    out, sections = rendered
    manifest = json.loads((out / "low" / "zh" / "manifest.json").read_text())
    assert [s["section"] for s in manifest["sections"]] == sections
    for entry in manifest["sections"]:
        d = out / "low" / "zh" / entry["section"]
        duration, frames, w, h = decode(d / entry["video"])
        assert (w, h) == (854, 480)
        assert duration > 10 and frames >= duration * 15 - 2
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


def test_up_to_date_render_is_skipped(rendered):
    out, sections = rendered
    r = subprocess.run([*CLI, "render", sections[0], "--out", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0
    assert "up to date" in r.stdout


def test_changed_parameter_renders_again_without_leftovers(rendered):
    out, sections = rendered
    d = out / "low" / "zh" / sections[0]
    r = subprocess.run([*CLI, "render", sections[0], "--out", str(out), "--set", "w_h=0.5"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "up to date" not in r.stdout
    meta = json.loads((d / "render.json").read_text())
    assert meta["params"]["w_h"] == 0.5
    assert not [p for p in d.parent.iterdir() if p.name.startswith(".")]


def test_interrupted_render_keeps_the_good_files(tmp_path):
    """Kill a render mid-way: the previous video, clips and record stay whole and consistent."""
    import signal
    import time

    out = tmp_path / "media"
    section = "primer-04-limits"
    ok = subprocess.run([*CLI, "render", section, "--out", str(out)], capture_output=True,
                        text=True)
    assert ok.returncode == 0, ok.stderr[-2000:]
    d = out / "low" / "zh" / section
    before = {p.relative_to(d): p.read_bytes() for p in d.rglob("*") if p.is_file()}
    proc = subprocess.Popen([*CLI, "render", section, "--out", str(out), "--set", "d=512"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    after = {p.relative_to(d): p.read_bytes() for p in d.rglob("*") if p.is_file()}
    assert after == before
    assert decode(d / f"{section}.mp4")[1] > 0
    # the next render cleans up what the killed one left and succeeds
    again = subprocess.run([*CLI, "render", section, "--out", str(out), "--set", "d=512"],
                           capture_output=True, text=True)
    assert again.returncode == 0, again.stderr[-2000:]
    assert json.loads((d / "render.json").read_text())["params"]["d"] == 512
    assert not [p for p in d.parent.iterdir() if p.name.startswith(".")]


def test_english_render_has_english_captions(tmp_path):
    out = tmp_path / "media"
    r = subprocess.run([*CLI, "render", "primer-04-limits", "--lang", "en", "--out", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    d = out / "low" / "en" / "primer-04-limits"
    srt = (d / "primer-04-limits.srt").read_text(encoding="utf-8")
    assert "state" in srt and not any("\u4e00" <= ch <= "\u9fff" for ch in srt)
    manifest = json.loads((out / "low" / "en" / "manifest.json").read_text())
    assert manifest["lang"] == "en" and decode(d / "primer-04-limits.mp4")[1] > 0
