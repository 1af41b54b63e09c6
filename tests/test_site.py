"""Captions, WebM, modes and the static site, on real low-quality renders (both languages)."""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import av
import pytest
from conftest import SITE_SECTIONS
from test_captions import check_cues
from test_plain_text import assert_plain

from rnn_lecture.captions import LINE_COLUMNS, beat_title, display_width, parse_srt
from scenes.plain import plain_text
from scenes.registry import get

pytestmark = pytest.mark.render

CLI = [sys.executable, "-m", "rnn_lecture.cli"]
LANGS = ("zh", "en")


def section_dirs(media: Path):
    for lang in LANGS:
        for sid in SITE_SECTIONS:
            yield lang, sid, media / "low" / lang / sid


def record(d: Path) -> dict:
    return json.loads((d / "render.json").read_text(encoding="utf-8"))


def duration(path: Path) -> tuple[float, str]:
    with av.open(str(path)) as c:
        return c.duration / 1e6, c.streams.video[0].codec_context.name


def test_every_cue_of_every_section_and_clip_is_within_limits(site_media):
    for lang, sid, d in section_dirs(site_media):
        e = record(d)
        for name in (e["captions"], e["captions_vtt"]):
            cues = parse_srt((d / name).read_text(encoding="utf-8"))
            check_cues(cues, lang)
            assert cues[-1].end <= e["duration"] + 0.05
            for q in cues:                     # Wₕ, not W_h (issue 21)
                assert_plain(q.text, f"{d.name}/{name}")
        # nothing of the narration is lost in the split
        said = "".join(n["text"] for n in e["narration"]).replace(" ", "")
        shown = "".join("".join(c.lines) for c in parse_srt((d / e["captions"]).read_text()))
        assert shown.replace(" ", "") == said
        total = 0
        for c in e["clips"]:
            for name in (c["captions"], c["captions_vtt"]):
                cues = parse_srt((d / name).read_text(encoding="utf-8"))
                assert all(0 <= q.start < q.end <= c["duration"] + 1e-3 for q in cues), name
                for q in cues:
                    assert_plain(q.text, f"{d.name}/{name}")
                    assert len(q.lines) <= 2
                    assert all(display_width(ln) <= LINE_COLUMNS[lang] for ln in q.lines)
            total += len(parse_srt((d / c["captions"]).read_text(encoding="utf-8")))
        assert total == len(parse_srt((d / e["captions"]).read_text(encoding="utf-8")))


def test_chapters_list_the_beats_with_their_claims(site_media):
    for lang, sid, d in section_dirs(site_media):
        e = record(d)
        text = (d / e["chapters"]).read_text(encoding="utf-8")
        assert text.startswith("WEBVTT")
        chapters = parse_srt(text)
        beats = get(sid).scene_class().BEATS
        assert [c["beat"] for c in e["clips"]] == list(beats)
        assert len(chapters) == len(beats)
        for ch, clip in zip(chapters, e["clips"]):
            assert ch.text == clip["title"] != beat_title(clip["beat"])  # the claim, not a name
            assert_plain(ch.text, f"{d.name}/{e['chapters']}")      # text, not TeX (issue 21)
            assert ch.start == pytest.approx(clip["start"], abs=1e-3)
        assert chapters[-1].end == pytest.approx(e["duration"], abs=0.1)
        if lang == "zh":
            assert all(re.search(r"[\u4e00-\u9fff]", c.text) for c in chapters)


def test_webm_beside_every_mp4_has_the_same_duration(site_media):
    for lang, sid, d in section_dirs(site_media):
        e = record(d)
        pairs = [(e["video"], e["webm"])] + [(c["file"], c["webm"]) for c in e["clips"]]
        for mp4, webm in pairs:
            (t_mp4, c_mp4), (t_webm, c_webm) = duration(d / mp4), duration(d / webm)
            assert (c_mp4, c_webm) == ("h264", "vp9")
            assert t_webm == pytest.approx(t_mp4, abs=0.1), webm
        for c in e["clips"]:
            assert (d / c["poster"]).stat().st_size > 1000
        assert re.fullmatch(r"avc1\.[0-9a-f]{6}", e["video_codecs"])


def _modes(root: Path):
    for p in [root, *root.rglob("*")]:
        if p.name.endswith(".lock"):
            continue
        yield p, stat.S_IMODE(p.stat().st_mode), p.is_dir()


def test_everything_render_and_site_write_is_readable_by_others(site_media, built_site):
    roots = [site_media / "low" / lang for lang in LANGS] + list(built_site.values())
    for root in roots:
        for p, mode, is_dir in _modes(root):
            assert mode == (0o755 if is_dir else 0o644), (p, oct(mode))


def test_site_manifest_lists_parts_sections_and_clips_with_sizes_and_hashes(site_media,
                                                                            built_site):
    for lang, site in built_site.items():
        m = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
        assert m["schema"] == "rnn-lecture-site/1" and m["lang"] == lang
        assert m["quality"] == "low"
        assert [p["id"] for p in m["parts"]] == ["primer", "lstm"]
        sections = [s for p in m["parts"] for s in p["sections"]]
        assert [s["id"] for s in sections] == list(SITE_SECTIONS)
        for s in sections:
            e = record(site_media / "low" / lang / s["id"])
            assert s["title"] == e["title"][lang] and s["duration"] == e["duration"]
            assert s["params"] == e["params"] and s["lang"] == lang
            assert (site / s["page"]).is_file()
            files = [s["video"]["mp4"], s["video"]["webm"], s["poster"], s["chapters"],
                     *s["captions"].values()]
            for c in s["clips"]:
                files += [c["video"]["mp4"], c["video"]["webm"], c["poster"],
                          *c["captions"].values()]
            assert len(s["clips"]) == len(e["clips"])
            for f in files:
                p = site / f["path"]
                assert p.stat().st_size == f["size"]
                assert hashlib.sha256(p.read_bytes()).hexdigest() == f["sha256"]


def test_pages_are_in_the_language_self_contained_and_link_everything(built_site):
    for lang, site in built_site.items():
        index = (site / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{"zh-Hans" if lang == "zh" else "en"}">' in index
        if lang == "zh":
            assert "Noto Sans CJK SC" in index and "循环神经网络" in index
        for sid in SITE_SECTIONS:
            assert f'href="{sid}/index.html"' in index
            page = (site / sid / "index.html").read_text(encoding="utf-8")
            assert get(sid).title[lang] in page
            for p in get(sid).schema.params:    # the viewer's language (issue 21)
                assert html.escape(plain_text(p.doc_in(lang)), quote=True) in page, p.name
            if lang == "zh":
                assert 'lang="en"' not in page
            assert page.count("<video") == 1 + len(get(sid).scene_class().BEATS)
            assert 'kind="chapters"' in page and 'kind="captions"' in page
        for page in site.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            # nothing is fetched from elsewhere: no absolute URLs in src/href
            assert not re.search(r'(?:src|href)="(?:https?:)?//', text), page
            for ref in re.findall(r'(?:src|href)="([^"#]+)"', text):
                if not ref.startswith("data:"):
                    assert (page.parent / ref).exists(), (page, ref)


def _link(src, dst):
    try:
        os.link(src, dst)
    except OSError:  # another file system
        shutil.copy2(src, dst)


def test_rerun_rebuilds_only_the_section_whose_parameters_changed(site_media, tmp_path):
    media = tmp_path / "media"
    shutil.copytree(site_media / "low" / "en", media / "low" / "en",
                    copy_function=_link, ignore=shutil.ignore_patterns("*.lock"))
    site = tmp_path / "site"
    cmd = [*CLI, "site", "--lang", "en", "--media", str(media), "--out", str(site)]
    assert subprocess.run(cmd, capture_output=True).returncode == 0

    def snapshot(sid):
        return {p.relative_to(site): (p.stat().st_ino, p.stat().st_mtime_ns)
                for p in (site / sid).rglob("*") if p.is_file()}

    before = {sid: snapshot(sid) for sid in SITE_SECTIONS}
    # as if lstm-06-gru was rendered again with x=0.7: a new key and new parameters
    d = media / "low" / "en" / "lstm-06-gru"
    e = record(d)
    e["params"]["x"], e["key"] = 0.7, "0" * 64
    (d / "render.json").unlink()  # hard-linked to the session's media: replace, not rewrite
    (d / "render.json").write_text(json.dumps(e))
    video = d / "lstm-06-gru.mp4"  # a new render writes new files
    shutil.copyfile(video, d / "new.mp4")
    os.replace(d / "new.mp4", video)
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "lstm-06-gru: copying" in r.stdout and "primer-01" not in r.stdout
    assert snapshot("primer-01-recurrence") == before["primer-01-recurrence"]
    after = snapshot("lstm-06-gru")
    changed = {p for p in after if after[p] != before["lstm-06-gru"].get(p)}
    assert Path("lstm-06-gru/lstm-06-gru.mp4") in changed
    assert (site / "lstm-06-gru/lstm-06-gru.mp4").stat().st_ino == video.stat().st_ino
    assert Path("lstm-06-gru/index.html") in changed
    page = (site / "lstm-06-gru" / "index.html").read_text(encoding="utf-8")
    assert "--set x=0.7" in page
    m = json.loads((site / "manifest.json").read_text())
    assert m["parts"][1]["sections"][0]["params"]["x"] == 0.7

