"""Caption splitting: broadcast limits on synthetic text and on every narration line of every
section, in both languages (no rendering)."""

from __future__ import annotations

import importlib
import re
import string

import pytest

from rnn_lecture.captions import (LINE_COLUMNS, MAX_CUE, MAX_LINES, MIN_CUE, Cue, display_width,
                                  parse_srt, shift, split_cue, to_srt, to_vtt)
from scenes.registry import SECTIONS

READING = {"zh": 0.18, "en": 0.06}  # seconds per character, as the scenes time narration

#: Unbreakable pieces: numbers, formulas (X = number, h_7, n·d²), Latin words.
NUMBER = re.compile(r"[-−]?\d[\d,.]*(?:e-?\d+|×10[⁻⁰¹²³⁴-⁹]+)?\d*|[-−]?∞")
FORMULA = re.compile(r"[A-Za-z][\w^·²]*\s*=\s*-?[\w.,]+")


def check_cues(cues: list[Cue], lang: str, text: str | None = None) -> None:
    """Every limit of the issue, on one narration line's cues (or a whole file's)."""
    limit = LINE_COLUMNS[lang]
    for c in cues:
        assert 1 <= len(c.lines) <= MAX_LINES, c
        for line in c.lines:
            assert display_width(line) <= limit, (line, display_width(line))
            assert line == line.strip() and line, c
        assert MIN_CUE - 1e-3 <= c.duration <= MAX_CUE + 1e-3, (c.duration, c.text)
    for a, b in zip(cues, cues[1:]):
        assert a.end <= b.start + 1e-3, (a, b)
    if text is None:
        return
    joined = " ".join(" ".join(c.lines) for c in cues)
    squash = lambda s: re.sub(r"\s+", "", s)  # noqa: E731
    assert squash(joined) == squash(text), "text lost or reordered"
    # no cue or line boundary inside a number, formula or Latin word
    pieces = [ln for c in cues for ln in c.lines]
    for m in [*NUMBER.finditer(text), *FORMULA.finditer(text),
              *re.finditer(r"[A-Za-z_][A-Za-z_0-9^'’]*", text)]:
        token = m.group(0).rstrip(",.")
        assert any(token in p for p in pieces), f"{token!r} broken across lines: {pieces}"


def narration_cases():
    """Every text of every section's TEXT table in both languages, placeholders filled with
    short and long values and a power of ten (``{n}`` -> ``8``, ``131,072`` and
    ``−9.8×10⁻⁴⁸``, as the formatters write one: issue 22)."""
    cases = []
    for s in SECTIONS:
        module = importlib.import_module(s.scene.partition(":")[0])
        table = getattr(module, "TEXT", {})
        for key, entry in table.items():
            if "zh" not in entry:           # a formula (entry "tex"), never narrated
                continue
            for lang in ("zh", "en"):
                fields = [f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f]
                for filler in ("8", "131,072", "−9.8×10⁻⁴⁸"):
                    text = entry[lang].format(**{f: filler for f in fields})
                    cases.append(pytest.param(text, lang, id=f"{s.id}:{key}:{lang}:{filler}"))
    return cases


@pytest.mark.parametrize("text, lang", narration_cases())
def test_every_narration_line_splits_within_limits(text, lang):
    duration = max(2.0, READING[lang] * len(text))  # the scene's own timing (base.say)
    cues = split_cue(text, lang, 10.0, 10.0 + duration)
    assert cues[0].start == 10.0 and cues[-1].end == pytest.approx(10.0 + duration, abs=1e-3)
    check_cues(cues, lang, text)


def test_every_narration_line_as_said_at_defaults_splits_within_limits():
    """The narration lines exactly as each primer section says them at its defaults."""
    from conftest import constructed

    for s in SECTIONS:
        if not s.id.startswith("primer-"):
            continue
        for lang in ("zh", "en"):
            scene = constructed(s.id, lang)
            for rec in scene.records.values():
                for text, _ in rec["narration"]:
                    duration = max(2.0, READING[lang] * len(text))
                    check_cues(split_cue(text, lang, 0, duration), lang, text)


def test_display_width_counts_full_width_as_two():
    assert display_width("abc") == 3
    assert display_width("状态") == 4
    assert display_width("，") == 2 and display_width("h_7 = 0.90") == 10


def test_breaks_prefer_sentence_then_clause_punctuation():
    text = ("The state is always 512 numbers. The longer the sequence, the less each token "
            "gets on average: 128 numbers each for 4 tokens, only 2 each for 256 tokens.")
    cues = split_cue(text, "en", 0, 0.06 * len(text))
    ends = [c.lines[-1][-1] for c in cues]
    assert all(e in ".,:;" for e in ends), [c.text for c in cues]
    assert cues[0].text == "The state is always 512 numbers."


def test_chinese_breaks_at_punctuation_and_keeps_latin_and_formulas_whole():
    text = "还是第一节的八个状态，W_h = 0.90。梯度从 h_7 出发，大小为 1，一跳一跳退回 h_0；" \
           "弧下是每跳的因子，方格里是乘到这里的结果。"
    cues = split_cue(text, "zh", 0, 0.18 * len(text))
    check_cues(cues, "zh", text)
    lines = [ln for c in cues for ln in c.lines]
    assert any("W_h = 0.90" in ln for ln in lines)
    assert all(ln[-1] in "，。；：" for ln in lines), lines


def test_a_long_clause_without_punctuation_breaks_between_words_not_inside():
    text = "supercalifragilistic " * 6 + "W_h = 0.90 and h_7 = 0.123456"
    cues = split_cue(text.strip(), "en", 0, 0.06 * len(text))
    check_cues(cues, "en", text)
    chinese = "循环编码器只把最后一个状态交给解码器源句再长也只有五百一十二个数而直连让解码器读每一个位置"
    cues = split_cue(chinese, "zh", 0, 0.18 * len(chinese))
    check_cues(cues, "zh", chinese)
    # jieba's words stay whole: no line starts with the second character of 解码器 or 状态
    assert not any(ln.startswith(("码器", "态")) for c in cues for ln in c.lines)


def test_timing_is_proportional_to_characters_and_back_to_back():
    text = "This first sentence is short. " + "This second sentence is quite a lot longer than the first one."
    cues = split_cue(text, "en", 5.0, 5.0 + 0.06 * len(text))
    assert len(cues) == 2
    per_char = [c.duration / len(" ".join(c.lines)) for c in cues]
    assert per_char[0] == pytest.approx(per_char[1], rel=0.1)
    assert cues[0].end == cues[1].start


def test_a_long_span_is_cut_into_cues_of_at_most_seven_seconds():
    text = "Every step shares one recurrent weight, and the sweep moves it slowly."
    cues = split_cue(text, "en", 0, 13.0)
    check_cues(cues, "en", text)
    assert len(cues) >= 2


def test_srt_and_vtt_round_trip_and_escape():
    cues = [Cue(0.6, 2.5, ("a < b & c",)), Cue(2.5, 3661.25, ("line one", "line two"))]
    srt = to_srt(cues)
    assert "00:00:00,600 --> 00:00:02,500" in srt and "01:01:01,250" in srt
    assert parse_srt(srt) == cues
    vtt = to_vtt(cues)
    assert vtt.startswith("WEBVTT\n") and "a &lt; b &amp; c" in vtt
    assert "00:00:02.500 --> 01:01:01.250" in vtt


def test_shift_gives_each_cue_to_the_clip_holding_most_of_it():
    cues = [Cue(0.6, 15.18, ("a",)), Cue(16.3, 20.0, ("b",))]
    first, second = shift(cues, 0, 15.133), shift(cues, 15.133, 30)
    assert [c.text for c in first] == ["a"] and first[0].end == pytest.approx(15.133)
    assert [c.text for c in second] == ["b"] and second[0].start == pytest.approx(1.167)


def test_a_narration_line_stays_inside_its_beats_clip():
    from rnn_lecture.captions import clip_to_window

    windows = [(0.0, 15.133), (15.133, 28.333)]
    assert clip_to_window(Cue(0.6, 15.18, ("a",)), windows) == Cue(0.6, 15.133, ("a",))
    assert clip_to_window(Cue(16.3, 20.0, ("b",)), windows) == Cue(16.3, 20.0, ("b",))


def test_a_number_stays_with_the_word_it_counts():
    text = ("Either way the first token reaches the last answer through 7 multiplications "
            "by W_h and 7 squashes.")
    cues = split_cue(text, "en", 0, 0.06 * len(text))
    check_cues(cues, "en", text)
    assert not any(ln.endswith(" 7") for c in cues for ln in c.lines), [c.lines for c in cues]


@pytest.mark.parametrize("lang, text", [
    ("en", "With these settings the product falls through the float32 floor and ends at "
           "9.8×10⁻⁴⁸, then at −2.3×10⁻¹⁶ and at ∞ after a long run of hops."),
    ("zh", "按这组设置，乘积一路跌破 float32 的下限，最后停在 9.8×10⁻⁴⁸，"
           "偏置为 −1 时只剩 9.5×10⁻⁷，再往后就变成 ∞。"),
])
def test_a_power_of_ten_is_never_split(lang, text):
    """Issue 22: the formatters' powers of ten, true minus and infinity stay whole in a cue."""
    cues = split_cue(text, lang, 0, READING[lang] * len(text))
    check_cues(cues, lang, text)
    pieces = [ln for c in cues for ln in c.lines]
    for token in ("9.8×10⁻⁴⁸", "−2.3×10⁻¹⁶", "9.5×10⁻⁷", "−1"):
        if token in text:
            assert any(token in p for p in pieces), (token, pieces)


def test_word_starts_kept_on_disk_split_the_same_without_the_dictionary(tmp_path):
    """Chinese captions split with the word-start cache on: the first process segments and
    keeps each text's starts (files 0644), a second process splits the same cues to the same
    lines from the files alone, never loading jieba's dictionary."""
    import json
    import os
    import subprocess
    import sys

    code = """
import json, sys
from rnn_lecture import captions
captions.keep_segments_in(sys.argv[1])
cues = [captions.Cue(0.0, 6.0, ("循环神经网络在每一步用同一组权重读入一个词，并把记忆传给下一步。",)),
        (captions.Cue(6.0, 9.0, ("梯度沿时间反向传播时会连乘雅可比矩阵。",)))]
out = [c.lines for c in captions.split_all(cues, "zh")]
import jieba
print(json.dumps({"lines": out, "loaded": bool(jieba.dt.initialized)}, ensure_ascii=False))
"""
    folder = tmp_path / "segments"
    runs = []
    for _ in range(2):
        r = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True,
                           text=True, env={**os.environ, "PYTHONPATH": os.getcwd()})
        assert r.returncode == 0, r.stderr[-2000:]
        runs.append(json.loads(r.stdout))
    assert runs[0]["lines"] == runs[1]["lines"]
    assert runs[0]["loaded"] and not runs[1]["loaded"]
    files = list(folder.iterdir())
    assert len(files) == 2 and all(oct(f.stat().st_mode & 0o777) == "0o644" for f in files)
