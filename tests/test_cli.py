"""The rnn-lecture command: listing, parameters, values, and one-line errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scenes.registry import ids

CLI = [sys.executable, "-m", "rnn_lecture.cli"]


def run(*args, cwd=None):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=cwd)


def test_list_json_is_the_registry_in_order():
    out = run("list", "--json")
    assert out.returncode == 0
    assert [r["id"] for r in json.loads(out.stdout)] == ids()


def test_params_json_has_defaults_and_bounds():
    out = run("params", "primer-02-vanishing", "--json")
    rows = {r["name"]: r for r in json.loads(out.stdout)["params"]}
    assert rows["w_h"]["default"] == 0.9 and rows["chain_length"]["default"] == 200
    assert rows["activation"]["choices"] == ["tanh", "relu"]


def test_values_json_shape_and_overrides():
    out = run("values", "primer-01-recurrence", "--set", "w_h=0", "--json")
    data = json.loads(out.stdout)
    assert set(data) == {"section", "params", "values"}
    assert data["params"]["w_h"] == 0.0
    assert len(data["values"]["states"]) == 8
    assert f"{data['values']['final_state']:.3f}" == "0.310"


def test_values_json_writes_non_finite_as_strings():
    out = run("values", "primer-02-vanishing", "--set", "activation=relu", "--set", "w_h=3",
              "--set", "chain_length=1000",
              "--json")
    assert out.returncode == 0
    product = json.loads(out.stdout)["values"]["product"]
    assert "inf" in product


@pytest.mark.parametrize("args, needle", [
    (["values", "primer-02-vanishing", "--set", "w_h=abc"], "w_h=abc"),
    (["values", "primer-02-vanishing", "--set", "nope=1"], "unknown parameter 'nope'"),
    (["values", "nope"], "unknown section 'nope'"),
    (["values", "primer-02-vanishing", "--set", "w_h=99"], "from 0 to 3"),
    (["values", "primer-02-vanishing", "--set", "activation=sigmoid"], "one of tanh, relu"),
    (["values", "primer-02-vanishing", "--set", "chain_length=2.5"], "chain_length"),
    (["values", "primer-02-vanishing", "--set", "w_h"], "NAME=VALUE"),
    (["params", "nope"], "unknown section"),
    (["render", "--quality", "ultra"], "ultra"),
    (["render", "nope"], "unknown section"),
    (["values", "primer-06-cheatsheet", "--set", "kv_heads=5"], "must divide query_heads"),
    (["render", "primer-06-cheatsheet", "--set", "kv_heads=5"], "must divide query_heads"),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    out = run(*args)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert needle in lines[0] and "Traceback" not in out.stderr


def test_bad_render_parameter_renders_nothing(tmp_path):
    out = run("render", "primer-01-recurrence", "--set", "w_h=abc", "--out", str(tmp_path / "m"))
    assert out.returncode == 2
    assert not (tmp_path / "m").exists()


def test_every_default_passes_its_own_schema():
    from scenes.registry import SECTIONS

    for s in SECTIONS:
        for p in s.schema.params:
            assert p.check(p.default) == (tuple(p.default) if p.kind == "floats" else p.default), \
                (s.id, p.name)
        assert s.resolve(s.resolve()) == s.resolve()


def test_config_file_sets_parameters_and_set_wins(tmp_path):
    cfg = tmp_path / "lecture.toml"
    cfg.write_text('[primer-02-vanishing]\nw_h = 1.2\nactivation = "relu"\n')
    out = run("values", "primer-02-vanishing", "--config", str(cfg), "--set", "w_h=1.3", "--json")
    params = json.loads(out.stdout)["params"]
    assert params["activation"] == "relu" and params["w_h"] == 1.3


@pytest.mark.parametrize("name, text, needle", [
    ("broken.toml", "[primer-02-vanishing\nw_h=", "cannot read"),
    ("typed.toml", '[primer-02-vanishing]\nw_h = "x"\n', "w_h=x"),
    ("unknown.json", '{"nope": {}}', "unknown section 'nope'"),
    ("flat.json", '{"w_h": 1}', "tables keyed by section id"),
    ("missing.toml", None, "cannot read"),
])
def test_bad_config_is_one_line_exit_2(tmp_path, name, text, needle):
    cfg = tmp_path / name
    if text is not None:
        cfg.write_text(text)
    out = run("render", "primer-02-vanishing", "--config", str(cfg), "--out", str(tmp_path / "m"))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and name in lines[0], out.stderr
    assert not (tmp_path / "m").exists()


def test_script_prints_every_beat_as_json():
    r = run("script", "primer-01-recurrence", "--lang", "en", "--set", "tangent_z=0.5,2",
            "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert set(doc) == {"section", "lang", "params", "beats"}
    assert doc["section"] == "primer-01-recurrence" and doc["lang"] == "en"
    from scenes.registry import get
    assert [b["beat"] for b in doc["beats"]] == list(get("primer-01-recurrence")
                                                      .scene_class().BEATS)
    for b in doc["beats"]:
        assert set(b) == {"beat", "claim", "narration", "readouts", "labels"}
        assert b["claim"] and b["narration"]
    tangent = next(b for b in doc["beats"] if b["beat"] == "show_tangent")["readouts"]
    assert tangent["slope_at_start"] == "slope 0.786 at $z$ = 0.5"


@pytest.mark.parametrize("args, needle", [
    (["script", "nope"], "unknown section 'nope'"),
    (["script", "primer-01-recurrence", "--set", "w_h=9"], "w_h=9"),
    (["script"], "Missing argument"),
])
def test_script_bad_input_is_one_line(args, needle):
    r = run(*args)
    assert r.returncode == 2
    assert needle in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) <= 3


@pytest.mark.parametrize("args, needle", [
    (["motion", "nope"], "unknown section 'nope'"),
    (["motion", "lstm-06-gru", "--lang", "fr"], "'fr'"),
    (["motion", "lstm-06-gru", "--set", "x=abc"], "x=abc"),
])
def test_motion_bad_input_is_one_line(args, needle):
    r = run(*args)
    assert r.returncode == 2, r.stderr
    assert needle in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) <= 3


def test_motion_of_a_missing_render_is_one_line(tmp_path):
    r = run("motion", "lstm-06-gru", "--lang", "en", "--media", str(tmp_path))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "no render of lstm-06-gru" in lines[0], r.stderr


def test_motion_reports_each_section_and_language(tmp_path):
    import os
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    here = tmp_path / "cwd"
    here.mkdir()
    r = subprocess.run([*CLI, "motion", "lstm-06-gru"], capture_output=True, text=True,
                       cwd=here, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    rows = [ln for ln in r.stdout.splitlines() if ln.startswith("lstm-06-gru")]
    assert [ln.split()[1] for ln in rows] == ["zh", "en"]
    assert all("frozen" in ln and "longest" in ln for ln in rows)
    assert list(here.iterdir()) == []


def test_script_and_stills_write_nothing_in_the_folder_they_run_from(tmp_path):
    """``script`` (and ``still``, outside its --out) used to leave Manim's caches in
    ``./media`` of whatever folder it was run from; they now live in the user's cache
    folder (``$XDG_CACHE_HOME/rnn-lecture/construct``)."""
    import os
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    here, cache = tmp_path / "cwd", tmp_path / "cache"
    here.mkdir()
    env = {**os.environ, "XDG_CACHE_HOME": str(cache),
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    for args in (["script", "lstm-06-gru", "--json"],
                 ["still", "lstm-06-gru", "--beat", "compare", "--out", str(tmp_path / "st")]):
        r = subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=here, env=env)
        assert r.returncode == 0, r.stderr[-2000:]
        assert list(here.iterdir()) == [], list(here.rglob("*"))
    assert (cache / "rnn-lecture" / "construct" / "texts").is_dir()
    assert list((tmp_path / "st").rglob("*.png"))
