"""Shared fixtures: scenes constructed without writing video, cached per section/lang/params."""

from __future__ import annotations

import functools
import json

import pytest

from scenes.registry import SECTIONS

@functools.lru_cache(maxsize=None)
def _constructed(section_id: str, lang: str, params_json: str, layout_only: bool):
    from scenes.script import construct

    params = json.loads(params_json) or None
    if params:
        from scenes.registry import get
        params = get(section_id).resolve(params)
    from textsize import record_small_texts

    # every text's size is measured at each hold (tests/test_text_size.py, check_scene)
    scene = construct(section_id, lang, params, layout_only=layout_only,
                      hold_hook=record_small_texts)
    scene.__dict__.setdefault("small_texts", [])
    return scene


def constructed(section_id: str, lang: str = "zh", params: dict | None = None,
                layout_only: bool = True):
    """A section's scene after construct() (values, records, layouts), no video written."""
    return _constructed(section_id, lang, json.dumps(params or {}, sort_keys=True), layout_only)


@pytest.fixture(params=[s.id for s in SECTIONS])
def section_id(request):
    return request.param


# ----- real renders shared by the site, caption and browser tests --------------------------

#: A section of each part, rendered once per test session in both languages (the site,
#: caption, browser and render tests all read these renders).
SITE_SECTIONS = ("primer-01-recurrence", "lstm-06-gru")


def pytest_configure(config):
    """Every scene, text and formula a test process builds goes through the shared caches'
    locks (the workers of one run share ``media/Tex``, and so do the renders they start)."""
    import os

    from manim import config as manim_config

    from rnn_lecture.render import TEX_DIR_ENV, share_tex_cache

    share_tex_cache(manim_config.get_dir("tex_dir"))
    # renders (and the CLIs the tests start) typeset into the same cache, once per session
    os.environ.setdefault(TEX_DIR_ENV, str(manim_config.get_dir("tex_dir").resolve()))
    # trained models (mathcore.train_cache): one folder per machine user, so a model trains
    # once per code change however many tests, workers and CLIs ask for it
    import tempfile

    from mathcore.train_cache import ENV as TRAIN_ENV

    os.environ.setdefault(TRAIN_ENV, os.path.join(tempfile.gettempdir(),
                                                  f"rnn-lecture-train-{os.getuid()}"))
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:   # text SVGs per worker (formulas stay shared: they are costly to typeset)
        manim_config.text_dir = str(manim_config.get_dir("media_dir") / f"texts-{worker}")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``scripts/test`` runs ``-n auto --dist loadgroup``), keep the tests
    of one section on one worker, so its scenes are constructed once (``constructed`` caches
    per process), and the fault tests on one worker, so their good render is made once.
    Tests marked ``slow`` (real bench runs, each many minutes on 2 cores) are skipped unless
    ``RNN_LECTURE_SLOW=1`` or ``-m`` names them: ``scripts/deep-check`` runs them."""
    from scenes.registry import ids

    known = sorted(ids(), key=len, reverse=True)
    import os

    slow_ok = os.environ.get("RNN_LECTURE_SLOW") == "1" or "slow" in (config.option.markexpr
                                                                       or "")
    skip_slow = pytest.mark.skip(reason="slow (a real bench run): scripts/deep-check runs it, "
                                        "or RNN_LECTURE_SLOW=1")
    for item in items:
        if item.get_closest_marker("slow") and not slow_ok:
            item.add_marker(skip_slow)
        if item.path.name == "test_faults.py":   # one worker: its module fixture renders once
            item.add_marker(pytest.mark.xdist_group("faults"))
            continue
        sid = next((s for s in known if s in item.nodeid), None)
        if sid is not None and not item.get_closest_marker("render"):
            item.add_marker(pytest.mark.xdist_group(sid))


@pytest.fixture(scope="session")
def site_media(tmp_path_factory, request):
    """``media`` folder with SITE_SECTIONS rendered at low quality in zh and en.

    Under pytest-xdist every worker asks for the same folder (beside the workers' own temp
    folders): two renders into one folder are safe, the second waits for each section the
    first is rendering and then skips it as up to date, so each section renders once.

    ``RNN_LECTURE_TEST_MEDIA=DIR`` renders into DIR instead (up-to-date sections are skipped,
    so a second session reuses them); with ``RNN_LECTURE_TEST_RENDERED=1`` too, the renders
    in DIR are used as they are (while iterating on the site alone).
    """
    import os
    import subprocess
    import sys
    from pathlib import Path

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if hasattr(request.config, "workerinput") else base
    out = Path(os.environ.get("RNN_LECTURE_TEST_MEDIA") or shared / "site-media")
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
