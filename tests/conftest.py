"""Shared fixtures: scenes constructed without writing video (dry run), cached per section."""

from __future__ import annotations

import functools

import pytest

from scenes.registry import SECTIONS, get


@functools.lru_cache(maxsize=None)
def constructed(section_id: str, lang: str = "zh"):
    """Run a section's construct() under dry_run and return the scene (values, readouts, layouts)."""
    from manim import tempconfig

    with tempconfig({"dry_run": True, "disable_caching": True, "verbosity": "ERROR",
                     "progress_bar": "none", "quality": "low_quality"}):
        scene = get(section_id).scene_class()(lang=lang, skip_animations=True)
        scene.render()
    return scene


@pytest.fixture(params=[s.id for s in SECTIONS])
def section_id(request):
    return request.param


# ----- real renders shared by the site, caption and browser tests --------------------------

#: Two short sections, rendered once per test session in both languages.
SITE_SECTIONS = ("primer-01-recurrence", "primer-04-limits")


@pytest.fixture(scope="session")
def site_media(tmp_path_factory):
    """``media`` folder with SITE_SECTIONS rendered at low quality in zh and en.

    ``RNN_LECTURE_TEST_MEDIA=DIR`` renders into DIR instead (up-to-date sections are skipped,
    so a second session reuses them); with ``RNN_LECTURE_TEST_RENDERED=1`` too, the renders
    in DIR are used as they are (while iterating on the site alone).
    """
    import os
    import subprocess
    import sys
    from pathlib import Path

    out = Path(os.environ.get("RNN_LECTURE_TEST_MEDIA") or tmp_path_factory.mktemp("media"))
    if os.environ.get("RNN_LECTURE_TEST_MEDIA") and os.environ.get("RNN_LECTURE_TEST_RENDERED"):
        return out
    for lang in ("zh", "en"):
        r = subprocess.run([sys.executable, "-m", "rnn_lecture.cli", "render", *SITE_SECTIONS,
                            "--lang", lang, "--out", str(out), "--jobs", "2"],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-3000:]
    return out


@pytest.fixture(scope="session")
def built_site(site_media, tmp_path_factory):
    """``{lang: site folder}`` built by ``rnn-lecture site`` from ``site_media``."""
    import subprocess
    import sys

    sites = {}
    for lang in ("zh", "en"):
        out = tmp_path_factory.mktemp(f"site-{lang}")
        r = subprocess.run([sys.executable, "-m", "rnn_lecture.cli", "site", "--lang", lang,
                            "--media", str(site_media), "--out", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-3000:]
        sites[lang] = out
    return sites
