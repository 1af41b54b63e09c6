"""What every section says and shows at default parameters, as reviewed: the output of
``rnn-lecture script --json`` per section and language, kept in ``tests/golden/``.

A change to any sentence, label or readout shows up here as a diff to read. After an intended
change, regenerate with ``RNN_LECTURE_UPDATE_GOLDEN=1 scripts/test tests/test_golden.py`` and
review ``git diff tests/golden``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import constructed
from scenes.script import script

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_script_at_defaults_is_the_reviewed_one(section_id, lang):
    doc = json.loads(json.dumps(script(constructed(section_id, lang)), ensure_ascii=False))
    path = GOLDEN / f"{section_id}.{lang}.json"
    if os.environ.get("RNN_LECTURE_UPDATE_GOLDEN") == "1":
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.is_file(), f"no reviewed script for {section_id} [{lang}]; regenerate it"
    want = json.loads(path.read_text(encoding="utf-8"))
    assert doc["params"] == want["params"]
    for got_beat, want_beat in zip(doc["beats"], want["beats"], strict=True):
        assert got_beat == want_beat, got_beat["beat"]
