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
