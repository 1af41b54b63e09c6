"""Hostile-but-fair input to every command: one line on stderr, exit 2, nothing half-built.

Every case runs through the real entry point (:func:`rnn_lecture.cli.main`, in this process
so the list stays fast) and must end in exit 0 or 2 with no exception escaping; a refused input
is exactly one stderr line, at most :data:`MAX_LINE` characters, naming what was wrong. The
``site`` cases use a media folder with a hand-written render.json and placeholder media files
(the site never decodes them), so no video is rendered here.
"""

from __future__ import annotations

import copy
import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from rnn_lecture.cli import main

S = "primer-02-vanishing"      # w_h float 0..3, chain_length int, activation choice
T = "primer-01-recurrence"     # tokens: 8 floats, tangent_z: 2 floats
MAX_LINE = 600


def run_main(argv, cwd=None) -> tuple[int, str, str]:
    """``main(argv)``: (exit code, stdout, stderr); an exception other than SystemExit
    escapes (that is a traceback)."""
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main([str(a) for a in argv])
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        os.chdir(old)
    return code, out.getvalue(), err.getvalue()


def assert_refused(argv, *needles, cwd=None):
    code, _, err = run_main(argv, cwd=cwd)
    assert code == 2, (argv, code, err[:500])
    lines = err.rstrip("\n").split("\n")
    assert len(lines) == 1 and len(lines[0]) <= MAX_LINE, err[:2000]
    assert lines[0].isprintable(), lines[0]
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


# ----- a fake render of one section, for site ------------------------------------------------

SID = "primer-01-recurrence"


def fake_entry(sid: str = SID, lang: str = "en", quality: str = "low") -> dict:
    """A render.json as render writes it (two clips), for placeholder files."""
    clips = []
    for k, beat in enumerate(("show_unroll", "sweep_w_h")):
        stem = f"clips/{k:02d}_{beat}"
        clips.append({"beat": beat, "file": f"{stem}.mp4", "duration": 4.0,
                      "start": 4.0 * k, "title": f"Claim {k}", "captions": f"{stem}.srt",
                      "captions_vtt": f"{stem}.vtt", "webm": f"{stem}.webm",
                      "poster": f"{stem}.png"})
    files = [f"{sid}.mp4", "poster.png", f"{sid}.webm"]
    for c in clips:
        files += [c["file"], c["webm"], c["poster"], c["captions"], c["captions_vtt"]]
    files += [f"{sid}.srt", f"{sid}.vtt", f"{sid}.chapters.vtt"]
    return {"section": sid, "number": "01", "title": {"zh": "循环", "en": "Recurrence"},
            "lang": lang, "quality": quality, "params": {"w_h": 1.4, "tokens": [1, 2]},
            "duration": 8.0, "video": f"{sid}.mp4", "poster": "poster.png",
            "captions": f"{sid}.srt", "captions_vtt": f"{sid}.vtt",
            "chapters": f"{sid}.chapters.vtt",
            "narration": [{"start": 0.0, "end": 2.0, "text": "Hello."}],
            "clips": clips, "webm": f"{sid}.webm", "video_codecs": "avc1.64001e",
            "files": files, "key": "k1"}


def fake_media(root: Path, entry: dict | None = None, text: str | None = None,
               lang: str = "en", quality: str = "low", sid: str = SID) -> Path:
    """``root/media/QUALITY/LANG/SID/`` with placeholder files and render.json."""
    good = fake_entry(sid, lang, quality)
    d = root / "media" / quality / lang / sid
    for f in good["files"]:
        (d / f).parent.mkdir(parents=True, exist_ok=True)
        (d / f).write_bytes(b"placeholder " + f.encode())
    if text is None:
        text = json.dumps(good if entry is None else entry, ensure_ascii=False)
    (d / "render.json").write_text(text, encoding="utf-8")
    return root / "media"


def run_site(tmp_path, media, *extra):
    return run_main(["site", "--lang", "en", "--media", media, "--out", tmp_path / "site",
                     *extra])


def test_a_good_fake_render_builds_a_site(tmp_path):
    media = fake_media(tmp_path)
    code, out, err = run_site(tmp_path, media)
    assert code == 0, err
    assert (tmp_path / "site" / SID / "index.html").is_file()


# ----- the hostile cases: (id, argv from tmp_path, what the error line must name) ------------

def _file(name: str, data: str | bytes):
    def make(tmp: Path) -> Path:
        p = tmp / name
        p.write_bytes(data.encode() if isinstance(data, str) else data)
        return p
    return make


def _fifo(tmp: Path) -> Path:
    p = tmp / "fifo.toml"
    os.mkfifo(p)
    return p


def _deep_toml(n: int) -> str:
    return f"[{S}]\nw_h = " + "[" * n + "]" * n + "\n"


def _deep_json(n: int) -> str:
    return '{"%s": {"w_h": %s}}' % (S, "[" * n + "]" * n)


def _cfg(make, *more):
    return lambda tmp: ["values", S, "--config", make(tmp), *more]


def _setv(*assignments, section=S):
    args = ["values", section]
    for a in assignments:
        args += ["--set", a]
    return lambda tmp: args


def _render(*args):
    return lambda tmp: ["render", *args, "--out", tmp / "m"]


def _with_entry(change):
    """``site`` on a render.json changed by ``change(entry)`` (returning a new one, or None
    to keep the changed entry)."""
    def make(tmp: Path):
        e = fake_entry()
        new = change(e)
        media = fake_media(tmp, e if new is None else new)
        return ["site", "--lang", "en", "--media", media, "--out", tmp / "site"]
    return make


def _with_text(text: str | bytes):
    def make(tmp: Path):
        media = fake_media(tmp)
        p = media / "low" / "en" / SID / "render.json"
        p.write_bytes(text.encode() if isinstance(text, str) else text)
        return ["site", "--lang", "en", "--media", media, "--out", tmp / "site"]
    return make


def _site(*args):
    def make(tmp: Path):
        return ["site", "--lang", "en", "--media", fake_media(tmp), "--out", tmp / "site", *args]
    return make


def _drop(key, sub=None):
    def change(e):
        (e if sub is None else sub(e)).pop(key)
    return change


def _put(key, value, sub=None):
    def change(e):
        (e if sub is None else sub(e))[key] = value
    return change


BIG = "x" * 5_000_000
FIRST_CLIP = lambda e: e["clips"][0]  # noqa: E731

CASES = [
    # --set values: numbers
    ("set-empty", _setv("w_h="), ("w_h",)),
    ("set-blank", _setv("w_h=  "), ("w_h",)),
    ("set-nan", _setv("w_h=nan"), ("w_h",)),
    ("set-inf", _setv("w_h=inf"), ("w_h",)),
    ("set-minus-inf", _setv("w_h=-inf"), ("w_h",)),
    ("set-1e999", _setv("w_h=1e999"), ("w_h",)),
    ("set-negative", _setv("w_h=-1"), ("w_h",)),
    ("set-fullwidth-float", _setv("w_h=１.２"), ("w_h",)),
    ("set-arabic-float", _setv("w_h=١.٢"), ("w_h",)),
    ("set-underscore-float", _setv("w_h=1_0"), ("w_h",)),
    ("set-hex-float", _setv("w_h=0x1"), ("w_h",)),
    ("set-two-floats", _setv("w_h=1,2"), ("w_h",)),
    ("set-true-float", _setv("w_h=true"), ("w_h",)),
    ("set-fullwidth-int", _setv("chain_length=１２"), ("chain_length",)),
    ("set-arabic-int", _setv("chain_length=١٢"), ("chain_length",)),
    ("set-underscore-int", _setv("chain_length=1_2"), ("chain_length",)),
    ("set-float-int", _setv("chain_length=12.0"), ("chain_length",)),
    ("set-exp-int", _setv("chain_length=1e2"), ("chain_length",)),
    ("set-negative-int", _setv("chain_length=-5"), ("chain_length",)),
    ("set-5000-digit-int", _setv("chain_length=" + "9" * 5000), ("chain_length",)),
    ("set-choice-case", _setv("activation=TANH"), ("activation",)),
    ("set-choice-newline", _setv("activation=tanh\nrelu"), ("activation",)),
    ("set-choice-fullwidth", _setv("activation=ｔａｎｈ"), ("activation",)),
    ("set-floats-short", _setv("tangent_z=1", section=T), ("tangent_z",)),
    ("set-floats-empty-items", _setv("tangent_z=,", section=T), ("tangent_z",)),
    ("set-floats-nan", _setv("tangent_z=0,nan", section=T), ("tangent_z",)),
    ("set-floats-fullwidth", _setv("tangent_z=0,２", section=T), ("tangent_z",)),
    ("set-floats-underscore", _setv("tangent_z=0,1_0", section=T), ("tangent_z",)),
    # --set: names and shapes
    ("set-no-equals", _setv("w_h"), ("NAME=VALUE",)),
    ("set-empty-name", _setv("=1"), ("NAME=VALUE",)),
    ("set-double-equals", _setv("w_h==1"), ("w_h",)),
    ("set-newline-value", _setv("w_h=1\n2"), ("w_h",)),
    ("set-escape-value", _setv("w_h=\x1b[31mred"), ("w_h",)),
    ("set-huge-value", _setv("w_h=" + BIG), ("w_h", "characters")),
    ("set-huge-name", _setv(BIG + "=1"), ("unknown parameter", "characters")),
    ("set-newline-name", _setv("w\nh=1"), ("unknown parameter",)),
    ("set-unknown-name", _setv("nope=1"), ("unknown parameter 'nope'",)),
    ("set-undecodable-byte", _setv("w_h=\udcff"), ("w_h=\\udcff",)),
    ("set-bidi-override", _setv("w_h=\u202e1"), ("w_h=\\u202e1",)),
    # sections and positional arguments
    ("section-empty", lambda tmp: ["values", ""], ("unknown section",)),
    ("section-huge", lambda tmp: ["values", BIG], ("unknown section", "characters")),
    ("section-newline", lambda tmp: ["params", "a\nb"], ("unknown section",)),
    ("script-huge-section", lambda tmp: ["script", BIG], ("unknown section",)),
    ("still-unknown-beat", lambda tmp: ["still", S, "--beat", "nope\n" + BIG,
                                        "--out", tmp / "s"], ("unknown beat",)),
    ("render-beat-two-sections", _render(S, T, "--beat", "x"), ("--beat",)),
    # choices and numbers of click options
    ("lang-huge", lambda tmp: ["script", S, "--lang", BIG], ("--lang",)),
    ("lang-newline", lambda tmp: ["script", S, "--lang", "en\nzh"], ("--lang",)),
    ("quality-empty", _render(S, "--quality", ""), ("--quality",)),
    ("jobs-zero", _render(S, "--jobs", "0"), ("--jobs",)),
    ("jobs-negative", _render(S, "--jobs", "-1"), ("--jobs",)),
    ("jobs-huge", _render(S, "--jobs", "9" * 5000), ("--jobs",)),
    ("jobs-text", _render(S, "--jobs", "two"), ("--jobs",)),
    ("jobs-fullwidth", _render(S, "--jobs", "２", "--beat", "nope"), ("--jobs",)),
    ("jobs-arabic", _render(S, "--jobs", "٢", "--beat", "nope"), ("--jobs",)),
    ("jobs-underscore", _render(S, "--jobs", "1_0", "--beat", "nope"), ("--jobs",)),
    ("repeat-fullwidth", lambda tmp: ["bench", "--out", tmp / "b", "--repeat", "３",
                                      "--sections", "nope"], ("--repeat",)),
    ("bench-unknown-section", lambda tmp: ["bench", "--out", tmp / "b", "--sections", "nope"],
     ("unknown section",)),
    ("unknown-option", lambda tmp: ["values", S, "--nope"], ("--nope",)),
    ("unknown-command", lambda tmp: ["nope"], ("nope",)),
    # --cluster
    ("cluster-superscript", _render(S, "--cluster", "local:²"), ("--cluster",)),
    ("cluster-fullwidth", _render(S, "--cluster", "local:２"), ("--cluster",)),
    ("cluster-zero", _render(S, "--cluster", "local:0"), ("--cluster",)),
    ("cluster-65", _render(S, "--cluster", "local:65"), ("--cluster",)),
    ("cluster-empty-n", _render(S, "--cluster", "local:"), ("--cluster",)),
    ("cluster-port-text", _render(S, "--cluster", "tcp://127.0.0.1:abc"), ("--cluster",)),
    ("cluster-port-big", _render(S, "--cluster", "tcp://127.0.0.1:99999"), ("--cluster",)),
    ("cluster-port-zero", _render(S, "--cluster", "tcp://127.0.0.1:0"), ("--cluster",)),
    ("cluster-no-port", _render(S, "--cluster", "tcp://127.0.0.1"), ("--cluster",)),
    ("cluster-no-host", _render(S, "--cluster", "tcp://:8786"), ("--cluster",)),
    ("cluster-port-fullwidth", _render(S, "--cluster", "tcp://127.0.0.1:８７"), ("--cluster",)),
    ("cluster-scheme", _render(S, "--cluster", "http://127.0.0.1:8786"), ("--cluster",)),
    ("cluster-newline", _render(S, "--cluster", "tcp://a\nb:1"), ("--cluster",)),
    ("cluster-huge", _render(S, "--cluster", "local:" + BIG), ("--cluster", "characters")),
    ("cluster-beat", _render(S, "--beat", "x", "--cluster", "local:²"), ("--cluster",)),
    # --config files
    ("config-dev-zero", lambda tmp: ["values", S, "--config", "/dev/zero"], ("/dev/zero",)),
    ("config-fifo", _cfg(_fifo), ("fifo.toml",)),
    ("config-directory", lambda tmp: ["values", S, "--config", tmp], ("config",)),
    ("config-missing", lambda tmp: ["values", S, "--config", tmp / "no.toml"], ("no.toml",)),
    ("config-binary", _cfg(_file("bin.toml", bytes(range(256)))), ("bin.toml",)),
    ("config-bad-utf8", _cfg(_file("u.toml", b"[a]\nx = '\xff'\n")), ("u.toml",)),
    ("config-too-big", _cfg(_file("big.toml", f'[{S}]\nactivation = "{BIG}"\n')),
     ("big.toml",)),
    ("config-deep-toml", _cfg(_file("deep.toml", _deep_toml(100_000))), ("deep.toml",)),
    ("config-deep-toml-500", _cfg(_file("deep5.toml", _deep_toml(500))), ("deep5.toml",)),
    ("config-deep-inline-toml", _cfg(_file("dit.toml", f"[{S}]\nw_h = " + "{a=" * 5000
                                           + "1" + "}" * 5000 + "\n")), ("dit.toml",)),
    ("config-deep-json", _cfg(_file("deep.json", _deep_json(100_000))), ("deep.json",)),
    ("config-deep-json-500", _cfg(_file("deep5.json", _deep_json(500))), ("deep5.json",)),
    ("config-json-dup-top", _cfg(_file("dup.json", '{"%s": {}, "%s": {"w_h": 1}}' % (S, S))),
     ("dup.json", "duplicate")),
    ("config-json-dup-inner", _cfg(_file("dup2.json", '{"%s": {"w_h": 1, "w_h": 2}}' % S)),
     ("dup2.json", "duplicate", "w_h")),
    ("config-json-nan", _cfg(_file("nan.json", '{"%s": {"w_h": NaN}}' % S)), ("nan.json",)),
    ("config-json-bools", lambda tmp: ["values", T, "--config", _file(
        "b.json", '{"%s": {"tangent_z": [true, false]}}' % T)(tmp)], ("tangent_z",)),
    ("config-toml-bools", lambda tmp: ["values", T, "--config", _file(
        "b.toml", f"[{T}]\ntangent_z = [true, false]\n")(tmp)], ("tangent_z",)),
    ("config-json-dict-floats", lambda tmp: ["values", T, "--config", _file(
        "d.json", '{"%s": {"tangent_z": {"0": 1, "1": 2}}}' % T)(tmp)], ("tangent_z",)),
    ("config-json-string-floats", lambda tmp: ["values", T, "--config", _file(
        "s.json", '{"%s": {"tangent_z": ["0", "1"]}}' % T)(tmp)], ("tangent_z",)),
    ("config-bool-float", _cfg(_file("bf.toml", f"[{S}]\nw_h = true\n")), ("w_h",)),
    ("config-string-float", _cfg(_file("sf.toml", f'[{S}]\nw_h = "1.2"\n')), ("w_h",)),
    ("config-huge-int-float", _cfg(_file("hi.toml", f"[{S}]\nw_h = {10 ** 400}\n")),
     ("w_h",)),
    ("config-huge-int-json", _cfg(_file("hi.json", '{"%s": {"w_h": %d}}' % (S, 10 ** 400))),
     ("w_h",)),
    ("config-inf-toml", _cfg(_file("inf.toml", f"[{S}]\nw_h = inf\n")), ("w_h",)),
    ("config-list-choice", _cfg(_file("lc.toml", f'[{S}]\nactivation = ["tanh"]\n')),
     ("activation",)),
    ("config-date", _cfg(_file("dt.toml", f"[{S}]\nw_h = 1979-05-27\n")), ("w_h",)),
    ("config-top-list", _cfg(_file("l.json", "[1, 2]")), ("l.json",)),
    ("config-null-table", _cfg(_file("n.json", '{"%s": null}' % S)), ("n.json",)),
    ("config-unknown-section-huge", _cfg(_file("us.json", json.dumps({BIG[:100_000]: {}}))),
     ("us.json", "characters")),
    ("config-huge-string-value", _cfg(_file("hv.toml", f'[{S}]\nactivation = "{"y" * 500_000}"'
                                            "\n")), ("hv.toml", "characters")),
    ("config-newline-value", _cfg(_file("nl.toml", f'[{S}]\nactivation = "a\\nb"\n')),
     ("nl.toml", "activation")),
    ("config-unknown-param", _cfg(_file("up.toml", f"[{S}]\nnope = 1\n")), ("nope",)),
    # site: options and folders
    ("site-base-url-javascript", _site("--base-url", "javascript:alert(1)//"), ("--base-url",)),
    ("site-base-url-ftp", _site("--base-url", "ftp://example.org/"), ("--base-url",)),
    ("site-base-url-data", _site("--base-url", "data:text/html,x"), ("--base-url",)),
    ("site-base-url-newline", _site("--base-url", "https://a.example/\nb"), ("--base-url",)),
    ("site-base-url-no-host", _site("--base-url", "https:///x/"), ("--base-url",)),
    ("site-base-url-huge", _site("--base-url", "https://a.example/" + BIG),
     ("--base-url", "characters")),
    ("site-media-missing", lambda tmp: ["site", "--media", tmp / "nope", "--out", tmp / "s"],
     ("nope",)),
    ("site-media-file", lambda tmp: ["site", "--media", _file("f", "x")(tmp),
                                     "--out", tmp / "s"], ("media",)),
    ("site-media-empty", lambda tmp: ["site", "--media", (tmp / "r").mkdir() or tmp / "r",
                                      "--out", tmp / "s"], ("no renders",)),
    ("site-quality-bad", lambda tmp: ["site", "--quality", "ultra"], ("--quality",)),
    # site: render.json
    ("render-json-list", _with_entry(lambda e: [e]), ("render.json",)),
    ("render-json-empty-object", _with_entry(lambda e: {}), ("render.json",)),
    ("render-json-no-title", _with_entry(_drop("title")), ("render.json", "title")),
    ("render-json-no-files", _with_entry(_drop("files")), ("render.json", "files")),
    ("render-json-no-number", _with_entry(_drop("number")), ("render.json", "number")),
    ("render-json-no-clips", _with_entry(_drop("clips")), ("render.json", "clips")),
    ("render-json-no-video", _with_entry(_drop("video")), ("render.json", "video")),
    ("render-json-no-poster", _with_entry(_drop("poster")), ("render.json", "poster")),
    ("render-json-no-chapters", _with_entry(_drop("chapters")), ("render.json", "chapters")),
    ("render-json-no-narration-text", _with_entry(lambda e: e["narration"][0].pop("text")
                                                  and None), ("render.json", "narration")),
    ("render-json-title-string", _with_entry(_put("title", "x")), ("render.json", "title")),
    ("render-json-title-no-lang", _with_entry(_put("title", {"zh": "x"})),
     ("render.json", "title")),
    ("render-json-title-int", _with_entry(_put("title", {"en": 1, "zh": 2})),
     ("render.json", "title")),
    ("render-json-number-int", _with_entry(_put("number", 1)), ("render.json", "number")),
    ("render-json-duration-nan", _with_text(json.dumps(fake_entry()).replace(
        '"duration": 8.0', '"duration": NaN')), ("render.json", "duration")),
    ("render-json-duration-inf", _with_text(json.dumps(fake_entry()).replace(
        '"duration": 8.0', '"duration": 1e999')), ("render.json", "duration")),
    ("render-json-duration-string", _with_entry(_put("duration", "8")),
     ("render.json", "duration")),
    ("render-json-duration-negative", _with_entry(_put("duration", -1)),
     ("render.json", "duration")),
    ("render-json-duration-bool", _with_entry(_put("duration", True)),
     ("render.json", "duration")),
    ("render-json-unknown-section", _with_entry(_put("section", "nope")),
     ("render.json", "section")),
    ("render-json-other-section", _with_entry(_put("section", "lstm-06-gru")),
     ("render.json", "section")),
    ("render-json-other-lang", _with_entry(_put("lang", "zh")), ("render.json", "lang")),
    ("render-json-files-not-list", _with_entry(_put("files", "a.mp4")),
     ("render.json", "files")),
    ("render-json-files-int", _with_entry(lambda e: e["files"].append(3)),
     ("render.json", "files")),
    ("render-json-file-unlisted", _with_entry(lambda e: e["files"].remove("poster.png")),
     ("render.json", "poster")),
    ("render-json-clips-dict", _with_entry(_put("clips", {})), ("render.json", "clips")),
    ("render-json-clip-string", _with_entry(_put("clips", ["x"])), ("render.json", "clips")),
    ("render-json-clip-no-webm", _with_entry(_drop("webm", FIRST_CLIP)),
     ("render.json", "clips[0].webm")),
    ("render-json-clip-start-nan", _with_text(json.dumps(fake_entry()).replace(
        '"start": 0.0', '"start": NaN', 1)), ("render.json", "start")),
    ("render-json-clip-title-list", _with_entry(_put("title", ["a"], FIRST_CLIP)),
     ("render.json", "clips[0].title")),
    ("render-json-params-list", _with_entry(_put("params", [1])), ("render.json", "params")),
    ("render-json-narration-strings", _with_entry(_put("narration", ["Hello."])),
     ("render.json", "narration")),
    ("render-json-codecs-int", _with_entry(_put("video_codecs", 7)),
     ("render.json", "video_codecs")),
    ("render-json-dup-keys", _with_text(json.dumps(fake_entry())[:-1] + ', "section": "x"}'),
     ("render.json", "duplicate")),
    ("render-json-deep", _with_text('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"),
     ("render.json",)),
    ("render-json-bad-utf8", _with_text(b'{"section": "\xff"}'), ("render.json",)),
    ("render-json-truncated", _with_text(json.dumps(fake_entry())[:50]), ("render.json",)),
    ("render-json-huge", _with_text(json.dumps({**fake_entry(), "pad": "z" * 70_000_000})),
     ("render.json",)),
]


def test_every_case_id_is_unique():
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("make, needles", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hostile_input_is_one_line_exit_2_and_builds_nothing(tmp_path, make, needles):
    argv = make(tmp_path)
    assert_refused(argv, *needles, cwd=tmp_path)
    assert not (tmp_path / "site").exists()      # nothing half-built
    assert not (tmp_path / "m").exists()


# ----- what is accepted, and as what ----------------------------------------------------------

def _values(tmp_path, *argv) -> dict:
    code, out, err = run_main(["values", *argv, "--json"], cwd=tmp_path)
    assert code == 0, err
    return json.loads(out)["params"]


@pytest.mark.parametrize("text, value", [("12", 12), (" 12 ", 12), ("+12", 12), ("012", 12)])
def test_set_int_takes_ascii_digits_with_a_sign(tmp_path, text, value):
    assert _values(tmp_path, S, "--set", f"chain_length={text}")["chain_length"] == value


@pytest.mark.parametrize("text, value", [("1.2", 1.2), (".5", 0.5), ("1.", 1.0), ("1e-1", 0.1),
                                         ("+2E0", 2.0), (" 0.9\t", 0.9)])
def test_set_float_takes_ascii_decimal_and_exponent_forms(tmp_path, text, value):
    assert _values(tmp_path, S, "--set", f"w_h={text}")["w_h"] == value


def test_set_floats_ignores_spaces_around_items(tmp_path):
    assert _values(tmp_path, T, "--set", "tangent_z= 0.5 , 2 ")["tangent_z"] == [0.5, 2.0]


def test_config_int_takes_a_float_without_fraction_and_a_bom_is_dropped(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("\ufeff" + f"[{S}]\nchain_length = 12.0\n", encoding="utf-8")
    params = _values(tmp_path, S, "--config", cfg)
    assert params["chain_length"] == 12 and isinstance(params["chain_length"], int)


def test_config_suffix_json_in_any_case_is_read_as_json(tmp_path):
    cfg = tmp_path / "C.JSON"
    cfg.write_text('{"%s": {"w_h": 1.2}}' % S)
    assert _values(tmp_path, S, "--config", cfg)["w_h"] == 1.2


def test_site_takes_an_https_base_url(tmp_path):
    media = fake_media(tmp_path)
    code, _, err = run_site(tmp_path, media, "--base-url", "https://course.example/rnn")
    assert code == 0, err
    page = (tmp_path / "site" / SID / "index.html").read_text(encoding="utf-8")
    assert "https://course.example/rnn/primer-01-recurrence/" in page


def test_shown_escapes_control_characters_and_caps_with_the_length():
    from scenes.params import shown

    assert shown("a\nb\x1b\u2028") == "a\\nb\\x1b\\u2028"
    long = shown("x" * 1000)
    assert long == "x" * 60 + "… (1000 characters)"
    assert shown(10 ** 5000).startswith("an integer of")


@pytest.mark.parametrize("spec, parsed", [("local:1", ("local", 1)), ("local:64", ("local", 64)),
                                          ("tcp://127.0.0.1:8786", ("remote", None)),
                                          ("tcp://sched.example:1", ("remote", None)),
                                          ("tls://[::1]:65535", ("remote", None))])
def test_cluster_spec_forms_that_parse(spec, parsed):
    from rnn_lecture.render.executors.cluster import parse_spec

    kind, value = parse_spec(spec)
    assert kind == parsed[0] and value == (parsed[1] if parsed[1] is not None else spec)


def test_help_of_every_command_exits_0(tmp_path):
    from rnn_lecture.cli import cli

    for argv in (["--help"], *([name, "--help"] for name in cli.commands)):
        code, out, err = run_main(argv, cwd=tmp_path)
        assert code == 0 and "Usage:" in out and not err, (argv, err)
    code, out, _ = run_main(["site", "--help"], cwd=tmp_path)
    assert "http:// or https://" in " ".join(out.split())


@pytest.mark.parametrize("stamp", ["[1]", '{"key": "k1", "files": [], "sha256": 3}', "{", ""])
def test_a_damaged_site_stamp_copies_the_section_again(tmp_path, stamp):
    media = fake_media(tmp_path)
    assert run_site(tmp_path, media)[0] == 0
    (tmp_path / "site" / SID / ".site-stamp.json").write_text(stamp)
    code, out, err = run_site(tmp_path, media)
    assert code == 0 and "copying" in out, err
