"""Embedding a section or clip in a Sphinx page (directive) and a notebook (IPython helper),
from a site built from real renders."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.render


def test_sphinx_directive_embeds_a_clip(built_site, tmp_path):
    pytest.importorskip("sphinx", reason="sphinx is in the test extra")
    site = built_site["en"]
    src = tmp_path / "docs"
    (src / "part").mkdir(parents=True)
    (src / "conf.py").write_text(
        "extensions = ['rnn_lecture.embed']\n"
        f"rnn_lecture_site = {str(site)!r}\n"
        f"html_extra_path = [{str(site)!r}]\n"
        "rnn_lecture_url = ''\n")
    (src / "index.rst").write_text("Lecture\n=======\n\n.. toctree::\n\n   part/limits\n\n"
                                   ".. rnn-video:: primer-04-limits\n")
    (src / "part" / "limits.rst").write_text("Limits\n======\n\nThe grid.\n\n"
                                             ".. rnn-video:: primer-04-limits\n   :clip: grid\n")
    out = tmp_path / "html"
    r = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    page = (out / "part" / "limits.html").read_text(encoding="utf-8")
    assert 'src="../primer-04-limits/clips/01_grid.webm"' in page
    assert 'src="../primer-04-limits/clips/01_grid.vtt"' in page
    assert (out / "part" / "../primer-04-limits/clips/01_grid.webm").is_file()
    top = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="primer-04-limits/primer-04-limits.mp4"' in top and 'kind="chapters"' in top
    # an unknown clip is a build error naming the clips there are
    (src / "part" / "limits.rst").write_text(".. rnn-video:: primer-04-limits\n   :clip: nope\n")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(src),
                        str(out)], capture_output=True, text=True)
    assert "has no clip 'nope'" in r.stderr


def test_notebook_helper_plays_a_clip(built_site):
    from IPython.display import HTML

    from rnn_lecture.embed import video

    site = built_site["zh"]
    h = video("primer-04-limits", clip="grid", site=site)
    assert isinstance(h, HTML)
    assert f'src="{site.as_posix()}/primer-04-limits/clips/01_grid.mp4"' in h.data
    assert 'srclang="zh"' in h.data
    inline = video("primer-04-limits", clip=1, site=site, inline=True).data
    assert inline.count("data:video/") == 2 and "data:text/vtt;base64," in inline
    assert "data:image/png;base64," in inline
