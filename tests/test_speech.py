"""rnn_lecture.speech: narration lines as a speech synthesizer should say them.

The examples are the issue's and the notation the lecture uses; the sweep reads every narration
line of the lecture from ``tests/data/narration_lines.json`` (a copy of the lines as the scenes
bind them: ``{"<section>:<lang>": [[beat, [line, ...]], ...]}``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from rnn_lecture.speech import en_cardinal, en_year, speakable, zh_cardinal

DATA = Path(__file__).parent / "data" / "narration_lines.json"


def _lines() -> list[tuple[str, str, str]]:
    """(key, lang, line) for every narration line of the fixture."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return [(key, key.rsplit(":", 1)[1], line)
            for key, beats in data.items() for _beat, lines in beats for line in lines]


ZH = [
    # numbers
    ("0.057", "零点零五七"),
    ("1,024", "一千零二十四"),
    ("2,101,248", "二百一十万一千二百四十八"),
    ("10", "十"),
    ("12", "十二"),
    ("110", "一百一十"),
    ("10,001", "一万零一"),
    ("100,000", "十万"),
    ("2,098,176 个", "二百零九万八千一百七十六个"),
    ("1,073,741,824", "十亿七千三百七十四万一千八百二十四"),
    ("12,730,368", "一千二百七十三万零三百六十八"),
    ("宽 2,048 的结果", "宽两千零四十八的结果"),
    ("排第 2,593", "排第二千五百九十三"),
    ("1.000", "一点零零零"),
    ("−0.29", "负零点二九"),
    ("从 0.6 到 −2", "从零点六到负二"),
    ("81.2% 是零", "百分之八十一点二是零"),
    ("长度 3 时是 100%", "长度三时是百分之百"),
    ("少 25%", "少百分之二十五"),
    ("终点 9.8×10⁻⁴⁸。", "终点九点八乘以十的负四十八次方。"),
    ("9.7×10⁻³¹", "九点七乘以十的负三十一次方"),
    ("1.0×10⁻⁶", "十的负六次方"),
    ("1.2×10¹⁸", "一点二乘以十的十八次方"),
    ("1e-30", "十的负三十次方"),
    ("十的 −273.3 次方", "十的负二百七十三点三次方"),
    ("3×3 的卷积核", "三乘三的卷积核"),
    ("虚线 ×1 是分界", "虚线一倍是分界"),
    ("写出 80121885", "写出八零一二一八八五"),
    # 两 and 二
    ("只剩 2 个", "只剩两个"),
    ("每个数 2 字节", "每个数两字节"),
    ("第 2 个槽", "第二个槽"),
    ("2 维", "二维"),
    ("24 对 2：", "二十四对二："),
    # years
    ("2017 年以前", "二零一七年以前"),
    ("（Vaswani 等，2017）", "（Vaswani 等，二零一七）"),
    ("（2017，Table 1）", "（二零一七，Table 一）"),
    ("（Hochreiter、Schmidhuber 1997）", "（Hochreiter、Schmidhuber 一九九七）"),
    ("Vaswani 等 2017 年的表 1", "Vaswani 等二零一七年的表一"),
    ("共 2017 个", "共两千零一十七个"),
    ("GPU 2048 块", "G P U 两千零四十八块"),
    ("Graves 2012）", "Graves 二零一二）"),
    ("d = 2048", "d 等于两千零四十八"),
    # names and symbols
    ("W_h 乘上一个状态", "W h 乘上一个状态"),
    ("h_{t-1}", "h t 减一"),
    ("x_0..x_7", "x 零到 x 七"),
    ("f^k 在第 90 步", "f 的 k 次方在第九十步"),
    ("共 n·d² 次", "共 n 乘 d的平方次"),
    ("q·k", "q 点乘 k"),
    ("按 1/h 放大", "按 h 分之一放大"),
    ("σ = 1.2 时", "西格玛等于一点二时"),
    ("ρ = 0.5", "肉等于零点五"),
    ("Γ_u", "大写嘎马 u"),
    ("§05 里的", "第五节里的"),
    ("从 ① 到 ⑥", "从一到六"),
    ("变成 ∞", "变成无穷大"),
    ("f = 1 − i", "f 等于一减 i"),
    ("log P(y|x) = −0.19", "log P y 给定 x 等于负零点一九"),
    ("槽1 记", "槽一记"),
    ("CS230 的速查表", "C S 二三零的速查表"),
    ("8 块 P100 上", "八块 P 一百上"),
    ("float32 的下限", "float 三十二的下限"),
    ("64 GiB", "六十四 G B"),
    ("tanh 的斜率", "tan h 的斜率"),
    ("1st", "第一"),
    ("½", "二分之一"),
]

EN = [
    ("0.057", "zero point zero five seven"),
    ("1,024", "one thousand twenty-four"),
    ("2,101,248", "two million one hundred one thousand two hundred forty-eight"),
    ("−0.29", "minus zero point two nine"),
    ("81.2% zeros", "eighty-one point two percent zeros"),
    ("1e-30", "ten to the minus thirty"),
    ("1.0×10⁻³⁰", "ten to the minus thirty"),
    ("9.7×10⁻³¹", "nine point seven times ten to the minus thirty-one"),
    ("3.7×10²⁰", "three point seven times ten to the twenty"),
    ("Before 2017, most", "Before twenty seventeen, most"),
    ("(Hochreiter & Schmidhuber, 1997)", "(Hochreiter and Schmidhuber, nineteen ninety-seven)"),
    ("in 2000 and 2005", "in two thousand and two thousand five"),
    ("greedy writes 457901", "greedy writes four five seven nine zero one"),
    ("W_h", "W h"),
    ("h_{t-1}", "h t minus one"),
    ("x_0..x_7", "x zero to x seven"),
    ("T_max = 64", "T max equals sixty-four"),
    ("b_ih and b_hh", "b i h and b h h"),
    ("a⟨t⟩ with W_aa, W_ax and W_ya", "a-t with W a-a, W a-x and W y-a"),
    ("W_h's eigenvalues", "W h's eigenvalues"),
    ("ŷ_t", "y hat t"),
    ("Γ_u and δ_t", "Gamma u and delta t"),
    ("σ = 1.2", "sigma equals one point two"),
    ("f^k falls", "f to the power k falls"),
    ("n·d² multiply-adds", "n times d squared multiply-adds"),
    ("n²·d and q·k", "n squared times d and q dot k"),
    ("W_h is 8×8.", "W h is eight by eight."),
    ("the dashed ×1 line", "the dashed times one line"),
    ("y = x + F(x)", "y equals x plus F of x"),
    ("log P(y|x) = −0.19", "log P of y given x equals minus zero point one nine"),
    ("P(o | c)", "P of o given c"),
    ("diag(f_t)", "diag of f t"),
    ("grows like 1/h", "grows like one over h"),
    ("divide by 2h.", "divide by two h."),
    ("(1 + k) ln 2", "(one plus k) log two"),
    ("king − man + woman", "king minus man plus woman"),
    ("into (−1, 1).", "into (minus one, one)."),
    ("the form §05 showed", "the form section five showed"),
    ("from ① to ⑥", "from one to six"),
    ("turns it into ∞", "turns it into infinity"),
    ("y* is", "y star is"),
    ("CS230, P7, K80, float32's, W0",
     "C S two thirty, P seven, K eighty, float thirty-two's, W zero"),
    ("WordSim-353's 353 pairs", "WordSim three fifty-three's three hundred fifty-three pairs"),
    ("8 P100s", "eight P one hundreds"),
    ("64 GiB", "sixty-four gibibytes"),
    ("2.10 M", "two point one zero million"),
    ("Our 1-D example", "Our one-D example"),
    ("nn.RNN", "nn dot R N N"),
    ("RNNs and GPUs", "R N N's and G P U's"),
    ("ConvLSTM and ReLU", "Conv L S T M and ReLU"),
    ("BERT-large", "BERT-large"),
    ("Wₕ, cₜ₋₁ and d²", "W h, c t minus one and d squared"),
    ("“the” is as far from “to”", "“the” is as far from “to”"),
    # beyond the lecture's own lines
    ("x̂_t and f̄", "x hat t and f bar"),
    ("the 1st and 23rd, ½ of .5", "the first and twenty-third, one half of zero point five"),
    ("a -> b, a <= b", "a to b, a is at most b"),
    ("encoder/decoder", "encoder, decoder"),
    ("version 1.2.3", "version one point two. three"),
    ("90° and 5 %", "ninety degrees and five percent"),
]


@pytest.mark.parametrize("text, spoken", ZH)
def test_zh_examples(text, spoken):
    assert speakable(text, "zh") == spoken


@pytest.mark.parametrize("text, spoken", EN)
def test_en_examples(text, spoken):
    assert speakable(text, "en") == spoken


@pytest.mark.parametrize("text, lang", [(t, "zh") for t, _ in ZH] + [(t, "en") for t, _ in EN])
def test_examples_are_fixed_points(text, lang):
    once = speakable(text, lang)
    assert speakable(once, lang) == once


def test_number_words():
    assert [zh_cardinal(n) for n in (0, 10, 12, 20, 101, 1010, 2000, 20000, 100001000)] == [
        "零", "十", "十二", "二十", "一百零一", "一千零一十", "两千", "两万", "一亿零一千"]
    assert zh_cardinal(2000, ordinal=True) == "二千"
    assert zh_cardinal(-15) == "负十五"
    assert en_cardinal(0) == "zero"
    assert en_cardinal(115) == "one hundred fifteen"
    assert en_cardinal(1_000_001) == "one million one"
    assert [en_year(y) for y in (1900, 1905, 1997, 2000, 2009, 2010, 2024)] == [
        "nineteen hundred", "nineteen oh five", "nineteen ninety-seven", "two thousand",
        "two thousand nine", "twenty ten", "twenty twenty-four"]


def test_plain_words_and_punctuation_stay():
    assert speakable("The gate keeps it; the sum, at last, is read.", "en") == \
        "The gate keeps it; the sum, at last, is read."
    assert speakable("遗忘门决定留多少，输入门决定写多少。", "zh") == "遗忘门决定留多少，输入门决定写多少。"


def test_unknown_language_is_one_line():
    with pytest.raises(ValueError) as err:
        speakable("1", "fr")
    assert "\n" not in str(err.value) and "'fr'" in str(err.value) and "zh, en" in str(err.value)


# ----- every line of the lecture ------------------------------------------------------------

#: What must not survive: ASCII digits, underscore, super/subscripts, math signs a synthesizer
#: names or skips.
_FORBIDDEN = re.compile(r"[0-9_×−%§^|*=+/<>·∞≈⟨⟩~#@\\&]"
                        r"|[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿ₀-ₜᵃ-ᶿ]|[α-ωΑ-Ω]")
_PAIRS = ["()", "（）", "「」", "“”", "[]", "【】"]


def _balanced(text: str) -> bool:
    for a, b in _PAIRS:
        depth = 0
        for ch in text:
            depth += (ch == a) - (ch == b)
            if depth < 0:
                return False
        if depth:
            return False
    return text.count('"') % 2 == 0


def test_fixture_holds_the_lecture():
    lines = _lines()
    langs = {lang for _k, lang, _l in lines}
    assert langs == {"zh", "en"} and len(lines) > 600
    text = "".join(line for _k, _lang, line in lines)
    # the notations the rules are for are all there, so the sweep below means something
    for notation in ("×10⁻", "§0", "%", "W_h", "−0.", "1,024", "（", "σ", "ρ", "2017", "CS230"):
        assert notation in text, notation


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_line_is_speakable(lang):
    problems = []
    for key, line_lang, line in _lines():
        if line_lang != lang:
            continue
        spoken = speakable(line, lang)
        bad = sorted(set(_FORBIDDEN.findall(spoken)))
        symbols = sorted({c for c in spoken if unicodedata.category(c)[0] == "S"})
        if bad or symbols or not spoken.strip() or not _balanced(spoken):
            problems.append(f"{key}: {line!r} -> {spoken!r} ({bad + symbols})")
        if lang == "zh" and re.search(r"[\u4e00-\u9fff] +[\u4e00-\u9fff]", spoken):
            problems.append(f"{key}: a space between Chinese characters: {spoken!r}")
        if speakable(spoken, lang) != spoken:
            problems.append(f"{key}: not a fixed point: {spoken!r}")
    assert not problems, "\n".join(problems[:20])


def test_every_line_keeps_its_sentences():
    """Sentence punctuation (the pauses) is kept: as many 。/. sentence ends as before."""
    for _key, lang, line in _lines():
        spoken = speakable(line, lang)
        if lang == "zh":
            assert spoken.count("。") == line.count("。"), line
            assert spoken.count("，") == line.count("，"), line
        else:
            ends = re.compile(r"[.?!](?=\s|$)")
            assert len(ends.findall(spoken)) == len(ends.findall(line)), line
