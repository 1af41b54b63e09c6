"""Plain words where TeX cannot be drawn (issue 21): the converter case by case, and every
chapter title, clip heading, caption cue and page text of every section, in both languages,
free of TeX and code-style names; every parameter described in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rnn_lecture.captions import (Cue, parse_srt, record_beat_titles, split_all, title_text,
                                  write_section_captions)
from scenes.plain import plain_text, script, tex_math
from scenes.registry import SECTIONS

GOLDEN = Path(__file__).parent / "golden"

#: What no title, heading, cue or page text may hold: TeX (a backslash, ``$``, a braced script)
#: or a code-style script (``W_h``, ``f^k``, ``10^3``).
CODE = re.compile(r"\\|\$|_\{|\^\{|[A-Za-z0-9]_[A-Za-z0-9]|\^[A-Za-z0-9]")


def assert_plain(text: str, where: str = "") -> None:
    m = CODE.search(text)
    assert m is None, f"{where}: {m.group(0)!r} in {text!r}"


# ----- the converter, rule by rule ---------------------------------------------------------

@pytest.mark.parametrize("tex, plain", [
    (r"\tanh", "tanh"), (r"\sigma", "σ"), (r"\partial L", "∂L"), (r"f \odot c", "f ⊙ c"),
    (r"d \times d", "d × d"), (r"q\cdot k", "q·k"), (r"x \approx y", "x ≈ y"),
    (r"|c| \le 0.30", "|c| ≤ 0.30"), (r"a \ge b", "a ≥ b"), (r"n \ll d", "n ≪ d"),
    (r"c_7 \to c_0", "c₇ → c₀"), (r"x \in X", "x ∈ X"), (r"\prod_t f_t", "∏ₜ fₜ"),
    (r"\textstyle\sum_j w_j", "∑ⱼ wⱼ"), (r"g \leftarrow g", "g ← g"),
    (r"1 - f", "1 − f"), (r"-0.29 \to -0.10", "−0.29 → −0.10"),
    (r"n\,d^2", "n\u2009d²"), (r"n^2 d", "n² d"), (r"(b_{ih},\ b_{hh})", "(bᵢₕ, bₕₕ)"),
    (r"\frac{a}{b}", "a/b"), (r"\frac{\partial h_7}{\partial h_t}", "∂h₇/∂hₜ"),
    (r"\frac{\ln (1/2)}{\ln f}", "(ln (1/2))/(ln f)"), (r"q\cdot k_j/\sqrt{2}", "q·kⱼ/√2"),
    (r"\mathbf{h}", "h"), (r"\mathrm{RNN}", "RNN"), (r"\text{tokens}", "tokens"),
    (r"\min\!\left(1,\ \frac{\tau}{\lVert g\rVert}\right)", "min(1, τ/‖g‖)"),
    (r"\lVert W_h^{k} \rVert", "‖Wₕᵏ‖"), (r"\sigma_{\max}", "σₘₐₓ"), (r"\bar f", "f̄"),
    (r"W_h", "Wₕ"), (r"c_{t-1}", "cₜ₋₁"), (r"f^k", "fᵏ"), (r"10^{-24}", "10⁻²⁴"),
    (r"2.2\times10^{12}", "2.2×10¹²"), (r"4{,}096", "4,096"), (r"t_{1/2}", "t₁⁄₂"),
    (r"\tanh'(z)", "tanh′(z)"), (r"[h_{t-1}, x_t]", "[hₜ₋₁, xₜ]"),
    (r"4h(h+d) + 4h", "4h(h+d) + 4h"),
])
def test_tex_math_rules(tex, plain):
    assert tex_math(tex) == plain


@pytest.mark.parametrize("base, text, sub, out", [
    ("W", "h", True, "Wₕ"), ("c", "t-1", True, "cₜ₋₁"), ("f", "k", False, "fᵏ"),
    ("n", "2", False, "n²"),
    # fallback: no subscript f or g in Unicode, so the whole script is written full size
    ("W", "f", True, "Wf"), ("b", "g", True, "bg"), ("W", "hf", True, "W(hf)"),
    ("x", "q+1", True, "x(q+1)"), ("x", "q", False, "x^(q)"),
])
def test_scripts_and_their_fallback(base, text, sub, out):
    assert script(base, text, sub) == out


@pytest.mark.parametrize("text, plain", [
    # claims: $...$ parts as math
    ("$\\tanh$ 的斜率：只在 $z = 0$ 附近接近 1", "tanh 的斜率：只在 z = 0 附近接近 1"),
    ("The price: $n\\,d^2$ against $n^2 d$", "The price: n\u2009d² against n² d"),
    ("Each gate is a small network reading $[h_{t-1}, x_t]$",
     "Each gate is a small network reading [hₜ₋₁, xₜ]"),
    ("The init pitfall: forget bias $b_f$", "The init pitfall: forget bias bf"),
    ("slope $ 1.000$ at $z = 0$", "slope 1.000 at z = 0"),
    # narration: code-style names, nothing else
    ("the eight input tokens x_0..x_7", "the eight input tokens x₀…x₇"),
    ("Out at z = 2.6 the slope is down to 0.022.", "Out at z = 2.6 the slope is down to 0.022."),
    ("the shared W_h. Each hop", "the shared Wₕ. Each hop"),
    ("multiplies only f_t, from c_7 to c_0, f^k", "multiplies only fₜ, from c₇ to c₀, fᵏ"),
    ("还是第一节的八个状态，W_h = 0.90。梯度从 h_7 出发", "还是第一节的八个状态，Wₕ = 0.90。梯度从 h₇ 出发"),
    ("W_h、W_x 和 b", "Wₕ、Wₓ 和 b"), ("the powers W_h^k", "the powers Wₕᵏ"),
    ("previous cell state c_{t-1}", "previous cell state cₜ₋₁"),
    ("bias vectors b_ih and b_hh: 2", "bias vectors bᵢₕ and bₕₕ: 2"),
    ("from -2 to 2, (-1, 1), x = -0.5", "from −2 to 2, (−1, 1), x = −0.5"),
    # left alone: words with underscores, hyphens, exponents, numbers, ellipses
    ("chain_length and multiply-adds", "chain_length and multiply-adds"),
    ("left 9.5e-7, 1,024 numbers, 1997-2000", "left 9.5e-7, 1,024 numbers, 1997-2000"),
    ("wait... then", "wait... then"), ("GiB, fp16, GNMT", "GiB, fp16, GNMT"),
    # a stray command or dollar in plain text
    ("a \\tanh b", "a tanh b"), ("costs $5", "costs 5"),
])
def test_plain_text_rules(text, plain):
    assert plain_text(text) == plain


def test_plain_text_is_idempotent_and_clean_on_every_golden_text():
    """Every claim, label, readout and narration of every golden, both languages: converted
    once it holds no TeX or code, and converting it again changes nothing."""
    n = 0
    for path in sorted(GOLDEN.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for b in doc["beats"]:
            for text in [b["claim"], b["narration"], *b["labels"], *b["readouts"].values()]:
                out = plain_text(text)
                assert_plain(out, f"{path.name} {b['beat']}")
                assert plain_text(out) == out, text
                n += 1
    assert n > 1000


# ----- titles and cues, as the renderer makes them -------------------------------------------

def golden_beats():
    for s in SECTIONS:
        for lang in ("zh", "en"):
            path = GOLDEN / f"{s.id}.{lang}.json"
            yield s.id, lang, json.loads(path.read_text(encoding="utf-8"))["beats"]


def test_every_chapter_title_and_cue_of_every_section_is_plain_text():
    """Every section in both languages at the defaults (its golden ``script --json``, which
    ``tests/test_golden.py`` holds to the scenes): the chapter title and clip heading made from
    each beat's claim, and every caption cue split from its narration."""
    for sid, lang, beats in golden_beats():
        assert beats, sid
        for b in beats:
            title = title_text(b["claim"])
            assert title and "\n" not in title
            assert_plain(title, f"{sid} {lang} {b['beat']} title")
            cues = split_all([Cue(0.0, 0.18 * len(b["narration"]), (b["narration"],))], lang)
            for c in cues:
                assert_plain(c.text, f"{sid} {lang} {b['beat']} cue")


def test_the_numbers_of_a_title_and_a_cue_are_kept():
    """The conversion changes how symbols are written, never a number: the digits of every
    title and cue are those of the claim and narration, in order (subscript digits aside)."""
    digits = lambda s: re.findall(r"[0-9]+", s)  # noqa: E731
    for sid, lang, beats in golden_beats():
        for b in beats:
            bare = re.sub(r"[_^](?:\{[^{}]*\}|[0-9]+)", "", b["claim"])
            assert digits(title_text(b["claim"])) == digits(bare), (sid, b["claim"])
            said = re.sub(r"[_^](?:\{[^{}]*\}|[0-9]+)", "", b["narration"])
            assert digits(plain_text(b["narration"])) == digits(said), (sid, b["beat"])


def test_titles_and_narration_as_a_constructed_scene_says_them():
    """One section built as the renderer builds it (no video): the claim shown at each beat and
    each narration line as said, converted as the renderer converts them."""
    from conftest import constructed

    for lang in ("zh", "en"):
        scene = constructed("primer-03-gates", lang)
        for beat, rec in scene.records.items():
            assert_plain(title_text(rec["claim"][0]), f"{lang} {beat} title")
            for text, _ in rec["narration"]:
                for c in split_all([Cue(0.0, 0.18 * len(text), (text,))], lang):
                    assert_plain(c.text, f"{lang} {beat} cue")


def test_record_beat_titles_keeps_the_first_claim_of_each_beat_as_plain_text():
    class Claim:
        shown_text = ""

    class Scene:
        current_beat = None
        _claim = Claim()

        def claim(self, key, *args, **kw):
            self._claim = Claim()
            self._claim.shown_text = key

    scene = Scene()
    titles = record_beat_titles(scene)
    for beat, claim in (("a", "One $W_h$ acts at   every step"), ("a", "later $x$"),
                        ("b", "代价：$n\\,d^2$ 对 $n^2 d$")):
        scene.current_beat = beat
        scene.claim(claim)
    assert titles == {"a": "One Wₕ acts at every step", "b": "代价：n\u2009d² 对 n² d"}


def test_written_captions_chapters_and_clip_captions_are_plain_text(tmp_path):
    """write_section_captions on a section folder as a render leaves it: Manim's narration
    ``.srt`` (code-style names) and the beats' claims (TeX) come out as plain text in the
    section's SRT and WebVTT, the chapters, every clip's captions and the render record."""
    narration = [Cue(0.5, 9.0, ("Each step back multiplies by the slope times W_h, "
                                "from h_7 to h_0: f^k.",)),
                 Cue(10.0, 16.0, ("读 [h_{t-1}, x_t]，b_f = 1。",))]
    from rnn_lecture.captions import to_srt

    (tmp_path / "s.srt").write_text(to_srt(narration), encoding="utf-8")
    (tmp_path / "clips").mkdir()
    entry = {"section": "s", "lang": "en",
             "clips": [{"beat": "one", "file": "clips/00_one.mp4", "duration": 9.5},
                       {"beat": "two", "file": "clips/01_two.mp4", "duration": 7.0}]}
    extra = write_section_captions(tmp_path, entry, {"one": "Slope × $W_h$: at most $W_h$",
                                                     "two": "$\\tanh$ and $f^k$"})
    files = extra["files"]
    assert {"s.srt", "s.vtt", "s.chapters.vtt", "clips/00_one.vtt",
            "clips/01_two.srt"} <= set(files)
    for f in files:
        text = (tmp_path / f).read_text(encoding="utf-8")
        for c in parse_srt(text):
            assert_plain(c.text, f)
    chapters = parse_srt((tmp_path / "s.chapters.vtt").read_text(encoding="utf-8"))
    assert [c.text for c in chapters] == ["Slope × Wₕ: at most Wₕ", "tanh and fᵏ"]
    assert [c["title"] for c in extra["clips"]] == [c.text for c in chapters]
    assert "h₇ to h₀: fᵏ" in " ".join(n["text"] for n in extra["narration"])
    for n in extra["narration"]:
        assert_plain(n["text"], "narration")


# ----- parameters in both languages, pages in the viewer's language --------------------------

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_parameter_has_a_description_in_both_languages():
    for s in SECTIONS:
        for p in s.schema.params:
            where = f"{s.id} {p.name}"
            assert p.doc and not CJK.search(p.doc), where
            assert p.doc_zh and CJK.search(p.doc_zh), where
            assert p.doc_in("zh") == p.doc_zh and p.doc_in("en") == p.doc
            assert p.describe("zh")["doc"] == p.doc_zh and p.describe()["doc"] == p.doc
            for lang in ("zh", "en"):
                assert_plain(plain_text(p.doc_in(lang)), where)


def _entry(sid: str, lang: str, claims: list[str]) -> dict:
    from scenes.registry import get

    s = get(sid)
    return {"section": sid, "number": s.number, "lang": lang, "quality": "low",
            "title": s.title, "params": {k: (list(v) if isinstance(v, tuple) else v)
                                         for k, v in s.schema.defaults().items()},
            "duration": 10.0, "video": "v.mp4", "webm": "v.webm", "poster": "p.png",
            "captions": "v.srt", "captions_vtt": "v.vtt", "chapters": "v.chapters.vtt",
            "narration": [{"start": 0, "end": 3, "text": "the shared W_h, from h_7 to h_0"}],
            "clips": [{"beat": f"b{k}", "title": c, "start": float(k), "duration": 1.0,
                       "file": f"clips/{k:02d}.mp4", "webm": f"clips/{k:02d}.webm",
                       "poster": f"clips/{k:02d}.png", "captions": f"clips/{k:02d}.srt",
                       "captions_vtt": f"clips/{k:02d}.vtt"} for k, c in enumerate(claims)]}


def _visible(page: str) -> str:
    """The text a viewer reads on a page: tags, scripts and the embed snippets' code out."""
    import html

    page = re.sub(r"<pre>.*?</pre>|<script.*?</script>|<style>.*?</style>|<code>.*?</code>",
                  " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("sid", [s.id for s in SECTIONS])
def test_a_section_page_is_plain_text_in_its_language(sid):
    from rnn_lecture.site import section_page
    from scenes.registry import get

    rows = {lang: [p.describe(lang) for p in get(sid).schema.params] for lang in ("zh", "en")}
    claims = ["One $W_h$ acts at every step", "The price: $n\\,d^2$ against $n^2 d$"]
    for lang in ("zh", "en"):
        page = section_page(_entry(sid, lang, claims), lang, schema_rows=rows[lang])
        text = _visible(page)
        assert_plain(text, f"{sid} {lang} page")
        assert "One Wₕ acts at every step" in text and "h₇ to h₀" in text
        for p in get(sid).schema.params:
            assert plain_text(p.doc_in(lang)) in text, (lang, p.name)
        latin = re.findall(r"[A-Za-z]{4,}", text)
        if lang == "zh":
            assert 'lang="en"' not in page and "低" in text and "中文" in text
            # English a zh viewer sees: only names (formats, tanh, ReLU, token, GRU, ...)
            assert not set(latin) & {"Chapters", "Clips", "Parameter", "Value", "Default",
                                     "Meaning", "Downloads", "Narration", "quality", "low",
                                     "language", "Copy", "Contents", "English"}, latin
        else:
            assert not CJK.search(text), sid


def test_params_speaks_the_language_asked_and_english_by_default():
    import subprocess
    import sys

    from scenes.registry import get

    def docs(*extra):
        out = subprocess.run([sys.executable, "-m", "rnn_lecture.cli", "params",
                              "lstm-03-conveyor", "--json", *extra], capture_output=True,
                             text=True)
        assert out.returncode == 0, out.stderr
        return [r["doc"] for r in json.loads(out.stdout)["params"]]

    params = get("lstm-03-conveyor").schema.params
    assert docs("--lang", "zh") == [p.doc_zh for p in params]
    assert docs() == docs("--lang", "en") == [p.doc for p in params]
