"""Scenes constructed without rendering: text tables, parameters reaching the screen."""

from __future__ import annotations

from conftest import constructed
from scenes.registry import get


def test_scene_reads_changed_parameters():
    s = get("primer-01-recurrence")
    scene = constructed(s.id, "en", {"w_h": 0.5})
    want = s.values(s.resolve({"w_h": 0.5})).final_state
    assert scene.v.final_state == want
    assert f"{want:.3f}" in scene.readouts["show_unroll"]["final_state"]


def test_every_text_entry_has_both_languages(section_id):
    cls = get(section_id).scene_class()
    for key, entry in cls.TEXT.items():
        if "tex" in entry:                       # a formula: one template for both languages
            assert entry["tex"].strip(), (section_id, key)
            continue
        assert set(entry) >= {"zh", "en"}, (section_id, key)
        assert entry["zh"].strip() and entry["en"].strip(), (section_id, key)
        assert set(entry) <= {"zh", "en", "fixed"}, (section_id, key, set(entry))
        for digits, reason in entry.get("fixed", {}).items():
            assert digits.isdigit() and reason.strip(), (section_id, key, digits)
    assert get(section_id).title.keys() >= {"zh", "en"}
