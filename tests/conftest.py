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
    return construct(section_id, lang, params, layout_only=layout_only)


def constructed(section_id: str, lang: str = "zh", params: dict | None = None,
                layout_only: bool = True):
    """A section's scene after construct() (values, records, layouts), no video written."""
    return _constructed(section_id, lang, json.dumps(params or {}, sort_keys=True), layout_only)


@pytest.fixture(params=[s.id for s in SECTIONS])
def section_id(request):
    return request.param
