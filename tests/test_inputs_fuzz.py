"""Fuzzing the inputs (Hypothesis): config files, ``--set`` values and render.json fields.

Each draw goes through the real entry point (:func:`rnn_lecture.cli.main`) and must end in
exit 0, or exit 2 with exactly one printable line on stderr, and never an exception. The
budget is fixed (``max_examples``, derandomized, no deadline) so the module runs in well
under a minute; ``RNN_LECTURE_FUZZ_EXAMPLES`` raises it for a deeper run.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenes.registry import get
from test_inputs import fake_entry, fake_media, run_main

N = int(os.environ.get("RNN_LECTURE_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=N, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

SECTIONS = ("primer-01-recurrence", "primer-02-vanishing", "primer-06-cheatsheet",
            "lstm-08-ledger")
NAMES = sorted({n for s in SECTIONS for n in get(s).schema.names()})

odd_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12) | \
    st.sampled_from(["", " ", "１２", "١٢", "1_2", "٣.٥", "nan", "-inf", "1e999", "0x10",
                     "\n", "\x1b[2J", "\u2028", "9" * 400, "tanh", "relu", "true", "1,2",
                     "0,0,0,0,0,0,0,0", "1.5,2,,", "\u202e12", "12\x00"])
numbers = st.integers(-10 ** 30, 10 ** 30) | st.floats() | st.sampled_from(
    [0, 1, 2, 8, 12, 64, 512, 0.5, 1.2, 3, -1, 10 ** 400])
scalars = st.none() | st.booleans() | numbers | odd_text
values = st.recursive(scalars, lambda c: st.lists(c, max_size=9) | st.dictionaries(
    odd_text, c, max_size=3), max_leaves=12)
param_names = st.sampled_from(NAMES) | odd_text
section_keys = st.sampled_from(SECTIONS) | odd_text
configs = st.dictionaries(section_keys, st.dictionaries(param_names, values, max_size=4)
                          | values, max_size=3)


def toml_value(v) -> str:
    """A TOML rendering of a JSON-like value (None becomes an empty inline table)."""
    if v is None or isinstance(v, dict):
        items = (v or {}).items()
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in items) + "}"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(v), repr(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


def toml_text(cfg: dict) -> str:
    out = []
    for sid, table in cfg.items():
        if isinstance(table, dict):
            out.append(f"[{json.dumps(sid)}]")
            out += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in table.items()]
        else:
            out.append(f"{json.dumps(sid)} = {toml_value(table)}")
    return "\n".join(out) + "\n"


def check(code: int, err: str) -> None:
    assert code in (0, 2), (code, err[-2000:])
    if code == 2:
        lines = err.rstrip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("rnn-lecture: error: "), err[:2000]
        assert lines[0].isprintable() and len(lines[0]) <= 2100, lines[0][:300]


@FUZZ
@given(section=st.sampled_from(SECTIONS), cfg=configs,
       fmt=st.sampled_from(["json", "toml", "garbled"]), cut=st.integers(0, 400))
def test_fuzzed_config_files_exit_0_or_one_line_2(section, cfg, fmt, cut):
    if fmt == "json":
        text, name = json.dumps(cfg, ensure_ascii=False), "c.json"
    else:
        text, name = toml_text(cfg), "c.toml"
    if fmt == "garbled":  # truncated somewhere: a broken file
        text = text[:cut]
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / name
        p.write_text(text, encoding="utf-8", errors="surrogatepass")
        code, _, err = run_main(["values", section, "--config", p, "--json"])
    check(code, err)


@FUZZ
@given(section=st.sampled_from(SECTIONS),
       sets=st.lists(st.tuples(param_names, odd_text | numbers.map(str)), max_size=3),
       raw=st.lists(odd_text, max_size=1))
def test_fuzzed_set_values_exit_0_or_one_line_2(section, sets, raw):
    argv = ["values", section]
    for name, value in sets:
        argv += ["--set", f"{name}={value}"]
    for r in raw:
        argv += ["--set", r]
    code, _, err = run_main(argv)
    check(code, err)


def _paths(v, where=()):
    """Every path into a JSON-like value, for picking a field to change."""
    yield where
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, (*where, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, (*where, i))


ENTRY_PATHS = [p for p in _paths(fake_entry()) if p]


@FUZZ
@given(changes=st.lists(st.tuples(st.sampled_from(ENTRY_PATHS), st.booleans(), values),
                        min_size=1, max_size=3))
def test_fuzzed_render_json_fields_exit_0_or_one_line_2(changes):
    e = fake_entry()
    for path, delete, value in changes:
        obj = e
        try:
            for k in path[:-1]:
                obj = obj[k]
            if delete:
                del obj[path[-1]]
            else:
                obj[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or retyped the parent
    with tempfile.TemporaryDirectory() as d:
        media = fake_media(Path(d), text=json.dumps(e, ensure_ascii=False))
        code, _, err = run_main(["site", "--lang", "en", "--media", media,
                                 "--out", Path(d) / "site"])
        check(code, err)
        if code == 2:
            assert not (Path(d) / "site").exists()   # nothing half-built
