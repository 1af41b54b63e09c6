"""The mutant list stays runnable and covers every section in every class (issue 20).

Running the mutants takes an hour; these checks take a second: each mutant's text to change
still occurs exactly once in its file (a refactor that moves it makes the mutant stale, which a
run would only report as "stale"), each id names a section and a class, and every pair of a
section and a class 1-6 holds a mutant or a stated reason why none can exist.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mutants():
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "scripts" / "mutants.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


M = _mutants()


@pytest.mark.parametrize("mutant", M.MUTANTS, ids=[m[0] for m in M.MUTANTS])
def test_each_mutants_text_occurs_once_in_its_file(mutant):
    mid, path, find, replace, tests = mutant
    text = (ROOT / path).read_text(encoding="utf-8")
    assert text.count(find) == 1, f"{mid}: {path} holds the text to change {text.count(find)} times"
    assert find != replace, f"{mid} changes nothing"
    assert tests, f"{mid} names no tests"


def test_ids_are_unique_and_name_a_section_and_class():
    ids = [m[0] for m in M.MUTANTS]
    assert len(ids) == len(set(ids))
    for mid in ids:
        sec, cls = M.where(mid)
        assert sec in M.SECTIONS or sec == "shared", mid
        assert cls in M.CLASSES, mid


def test_the_sections_are_the_registrys():
    from scenes.registry import ids
    assert sorted(M.SECTIONS.values()) == sorted(ids())


def test_every_section_holds_a_mutant_of_every_class_or_a_reason():
    text, missing = M.table()
    assert not missing, "pairs of (section, class) with neither a mutant nor a reason in " \
        f"NOT_APPLICABLE: {missing}\n{text}"


def test_a_reason_is_given_only_where_no_mutant_is():
    have = {M.where(m[0]) for m in M.MUTANTS}
    both = sorted(set(M.NOT_APPLICABLE) & have)
    assert not both, f"said to be impossible, yet planted: {both}"
    for key, why in M.NOT_APPLICABLE.items():
        assert len(why) > 20, f"{key}: say why no mutant of the class can exist there"
