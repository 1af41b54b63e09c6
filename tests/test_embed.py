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
    (src / "index.rst").write_text("Lecture\n=======\n\n.. toctree::\n\n   part/recurrence\n\n"
                                   ".. rnn-video:: primer-01-recurrence\n")
    (src / "part" / "recurrence.rst").write_text("Recurrence\n==========\n\nThe unrolled loop.\n\n"
                                             ".. rnn-video:: primer-01-recurrence\n   :clip: show_unroll\n")
    out = tmp_path / "html"
    r = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    page = (out / "part" / "recurrence.html").read_text(encoding="utf-8")
    assert 'src="../primer-01-recurrence/clips/01_show_unroll.webm"' in page
    assert 'src="../primer-01-recurrence/clips/01_show_unroll.vtt"' in page
    assert (out / "part" / "../primer-01-recurrence/clips/01_show_unroll.webm").is_file()
    top = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="primer-01-recurrence/primer-01-recurrence.mp4"' in top and 'kind="chapters"' in top
    # an unknown clip is a build error naming the clips there are
    (src / "part" / "recurrence.rst").write_text(".. rnn-video:: primer-01-recurrence\n   :clip: nope\n")
    r = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(src),
                        str(out)], capture_output=True, text=True)
    assert "has no clip 'nope'" in r.stderr


def test_notebook_helper_plays_a_clip(built_site):
    from IPython.display import HTML

    from rnn_lecture.embed import video

    site = built_site["zh"]
    h = video("primer-01-recurrence", clip="show_unroll", site=site)
    assert isinstance(h, HTML)
    assert f'src="{site.as_posix()}/primer-01-recurrence/clips/01_show_unroll.mp4"' in h.data
    assert 'srclang="zh"' in h.data
    inline = video("primer-01-recurrence", clip=1, site=site, inline=True).data
    assert inline.count("data:video/") == 2 and "data:text/vtt;base64," in inline
    assert "data:image/png;base64," in inline
