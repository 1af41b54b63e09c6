"""Site pages and CLI errors without rendering: escaping, parts, embed snippets, bench."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rnn_lecture.embed import EmbedError, find
from rnn_lecture.site import embed_snippet, index_page, part_of, part_title, section_page

CLI = [sys.executable, "-m", "rnn_lecture.cli"]
EVIL = '<script>alert("x")</script> & \'q\''


def fake_entry(title=EVIL, param=EVIL) -> dict:
    return {
        "section": "primer-09-evil", "number": "09", "lang": "en", "quality": "low",
        "title": {"en": title, "zh": title}, "params": {"label": param, "w_h": 0.9},
        "duration": 12.0, "video": "v.mp4", "webm": "v.webm", "poster": "poster.png",
        "captions": "v.srt", "captions_vtt": "v.vtt", "chapters": "v.chapters.vtt",
        "video_codecs": "avc1.64001e",
        "narration": [{"start": 0, "end": 3, "text": EVIL}],
        "clips": [{"beat": "b", "title": EVIL, "start": 0.0, "duration": 12.0,
                   "file": "clips/00_b.mp4", "webm": "clips/00_b.webm",
                   "poster": "clips/00_b.png", "captions": "clips/00_b.srt",
                   "captions_vtt": "clips/00_b.vtt"}],
    }


def test_text_from_parameters_and_files_is_escaped():
    schema = [{"name": "label", "default": "x", "doc": EVIL}]
    page = section_page(fake_entry(), "en", schema_rows=schema)
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27;" in page
    manifest = {"lang": "zh", "quality": "low", "parts": [{"id": "primer", "title": EVIL,
                "sections": [{"id": "s", "number": "01", "title": EVIL, "page": "s/index.html",
                              "duration": 61.0, "poster": {"path": 'p".png'}, "clips": []}]}]}
    index = index_page(manifest)
    assert "<script>alert" not in index and 'src="p&quot;.png"' in index
    assert "1:01" in index and "Noto Sans CJK SC" in index


def test_embed_snippet_is_a_scaling_video_with_both_sources_poster_and_captions():
    e = fake_entry(title="t")
    clip = embed_snippet(e, e["clips"][0], "en", "https://course.example/rnn/")
    assert 'src="https://course.example/rnn/primer-09-evil/clips/00_b.mp4"' in clip
    assert "type='video/webm; codecs=\"vp9\"'" in clip
    assert 'poster="https://course.example/rnn/primer-09-evil/clips/00_b.png"' in clip
    assert 'kind="captions"' in clip and 'crossorigin="anonymous"' in clip
    assert "width:100%" in clip and "height:auto" in clip
    assert clip.index("video/mp4") < clip.index("video/webm")  # H.264 first, VP9 beside it
    whole = embed_snippet(e, None, "en", "")
    assert 'src="primer-09-evil/v.mp4"' in whole and 'kind="chapters"' in whole
    assert "crossorigin" not in whole


def test_parts_come_from_the_section_id_prefix():
    assert part_of("primer-04-limits") == "primer" and part_of("lstm-02-cell") == "lstm"
    assert part_title("primer", "zh").startswith("入门")
    assert part_title("prehistory", "en").startswith("Prehistory")
    assert part_title("newpart", "en") == "Newpart"


def test_embed_lookup_names_what_exists():
    m = {"parts": [{"sections": [{"id": "a", "clips": [{"beat": "x"}, {"beat": "y"}]}]}]}
    assert find(m, "a", "y")[1] == {"beat": "y"} and find(m, "a", 0)[1] == {"beat": "x"}
    with pytest.raises(EmbedError, match="clips: x, y"):
        find(m, "a", "z")
    with pytest.raises(EmbedError, match="it has: a"):
        find(m, "b")


@pytest.mark.parametrize("args, needle", [
    (["site", "--media", "nowhere"], "no renders in nowhere/low/zh"),
    (["site", "--lang", "fr"], "fr"),
])
def test_site_bad_input_is_one_line_exit_2(tmp_path, args, needle):
    out = subprocess.run([*CLI, *args, "--out", str(tmp_path / "s")], capture_output=True,
                         text=True, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in out.stderr


def test_site_names_a_render_made_before_web_outputs(tmp_path):
    d = tmp_path / "media" / "low" / "zh" / "primer-04-limits"
    d.mkdir(parents=True)
    (d / "render.json").write_text('{"section": "primer-04-limits", "files": []}')
    out = subprocess.run([*CLI, "site", "--media", str(tmp_path / "media"), "--out",
                          str(tmp_path / "s")], capture_output=True, text=True)
    assert out.returncode == 2
    assert "primer-04-limits" in out.stderr and "--force" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1

