"""Narration as it should be spoken: numbers, symbols and code-style names written in words.

The narration lines are written to be read (``W_h = 0.9``, ``9.7×10⁻³¹``, ``81.2%``, ``§05``,
``（Vaswani 等，2017）``). A speech synthesizer given them as they are says some of it wrong
(``W_h`` as "W underscore h" or "W h" depending on the engine, ``10⁻³¹`` not at all, ``1,024`` as
"one, twenty-four", ``2017`` in a Chinese sentence as 两千零一十七) and skips or names the rest.
:func:`speakable` rewrites a line into the words a lecturer would say, for ``"zh"`` and ``"en"``.

Pure Python, standard library only. Number words are a few dozen lines for two languages;
``num2words`` (English) and ``cn2an`` (Chinese) would cover the plain numbers but none of the
rules below (years by context, digit strings, exponents, code-style names), so they would add a
dependency without removing much code.

The result is deterministic, contains no ASCII digit, underscore, super/subscript character or
math symbol, and is a fixed point: ``speakable(speakable(s, lang), lang) == speakable(s, lang)``.
Ordinary words and punctuation (commas, full stops, brackets, quotes) are left alone: they are
the pauses. Latin words inside Chinese text (``token``, ``LSTM``) are left for the engine.

Rules
-----
Numbers (both languages):

* integers in words: en ``1,024`` "one thousand twenty-four", zh ``1,024`` 一千零二十四,
  ``2,101,248`` 二百一十万一千二百四十八 (groups of 万/亿, 零 for skipped places, 十二 not
  一十二 at the start, 两 for a leading 2 before 千/万/亿: ``2,048`` 两千零四十八, except after
  第); zh ``2`` alone before a measure word is 两 (``2 个`` 两个, ``2 层`` 两层, but ``第 2 个``
  第二个, ``2 维`` 二维);
* decimals: the integer part in words, then "point"/点 and every written digit
  (``0.057`` "zero point zero five seven", 零点零五七; ``1.000`` keeps its three zeros);
* negatives: ``−`` (U+2212, or ASCII ``-`` after a space or an opening bracket) right before a
  digit is "minus"/负; between terms (``f = 1 − i``, ``king − man``) it is "minus"/减;
* percent: ``81.2%`` "eighty-one point two percent", 百分之八十一点二 (``100%`` 百分之百);
* powers of ten: ``9.7×10⁻³¹``, ``9.7e-31``, ``9.7×10^-31`` are "nine point seven times ten to
  the minus thirty-one", 九点七乘以十的负三十一次方; a mantissa of 1 (``1.0×10⁻⁶``, ``1e-6``)
  is dropped: "ten to the minus six", 十的负六次方; a bare ``10⁻⁶`` likewise;
* digit strings: an integer of five or more digits written without thousands commas, or with
  a leading zero, is read digit by digit (the lecture writes every quantity of 1,000 or more
  with commas, so ``457901`` and ``80121885`` are strings a model wrote): "four five seven
  nine zero one", 四五七九零一;
* ordinals ``1st``, ``23rd``: "first", "twenty-third", 第一; ``.5`` is ``0.5``; vulgar
  fractions ``½`` "one half", 二分之一;
* code numbers glued to letters (``CS230``, ``P7``, ``K80``, ``float32``, ``W0``, ``P100``,
  ``WordSim-353``): the letters, then one or two digits as a number ("P seven", P七, "float
  thirty-two"), three or more digits in the way model and course numbers are said: en in pairs
  ("CS two thirty", "WordSim three fifty-three", "two oh five"), zh digit by digit (CS二三零);
  a round hundred as a number ("P one hundred", P一百).

Years. A four-digit integer from 1900 to 2099 without a thousands comma, not right after an
operator (``=``, ``×``, ``+``, ``/``, ``<``, ``>``), is a year:

* en: always (the lecture writes quantities of four digits with a comma, ``4,096``), read in
  pairs: "twenty seventeen", "nineteen ninety-seven", "two thousand", "two thousand five",
  "twenty ten";
* zh: only where the sentence says it is one: followed by 年 (``2017 年``), inside a bracket
  (``（Vaswani 等，2017）``, ``（Hochreiter、Schmidhuber 1997）``, ``（2017，Table 1）``) or right
  after a name (a capitalised Latin word, or ``al.``), with 等/等人/、/和/与 and a comma allowed
  between (``Vaswani 等 2017``, ``Graves 2012``); read digit by digit: 二零一七. Elsewhere it
  is a number (``共 2017 个`` 两千零一十七个, ``GPU 2048``).

Code-style names (``W_h``, ``h_{t-1}``, ``T_max``, ``b_ih``, ``f^k``, ``d²``, ``Wₕ``, ``ŷ_t``,
``a⟨t⟩``, ``Γ_u``): the base letter, then its script, separated by a space: "W h", "h t minus
one" (zh: h t 减一), "T max", "b i h" (a script of several letters is spelled unless it is a
word such as ``max``), "y hat t" (a hat or bar over a letter, ``x̂``, ``f̄``, is "x hat", "f
bar"). A superscript is a power: "f to the power k", f 的 k 次方;
``²``/``^2`` "squared"/的平方, ``³`` "cubed"/的立方, ``^{-1}`` "inverse"/的逆, ``^⊤``
"transpose"/的转置. ``x_0..x_7`` is "x zero to x seven" (zh: x 零到 x 七). In English the letters of
a spelled script are joined by hyphens when one of them is ``a`` (``W_aa`` "W a-a", ``a⟨t⟩``
"a-t"): a lone "a" is read as the article by espeak-ng; joined, every engine says the letter.

Greek letters by name. en: the English names (sigma, rho, tau, alpha, Gamma for Γ); zh: the names
Chinese lecturers use, in characters (西格玛, 肉, 陶, 阿尔法, 德尔塔, 伊塔, 西塔, 大写嘎马 for
Γ). Latin names would not do in Chinese: espeak-ng's Mandarin voice that reads Chinese
characters right (``cmn-latn-pinyin``, see :mod:`rnn_lecture.tts`) reads Latin words as pinyin
where it can ("rho" as "er huo"). 伽马/欧米伽 are written 嘎马/欧米嘎: same sound, but espeak-ng
1.51 reads 伽 as jiā and repeats 马 after its dictionary entry 伽马.

Symbols: ``×`` between numbers or letters "by"/乘 (``3×3`` "three by three", 三乘三), before a
number "times"/倍 (``×1`` "times one", 一倍); ``·`` "times"/乘, but "dot"/点乘 between two bare
letters (``q·k``); ``=`` "equals"/等于; ``+`` "plus"/加; ``≈`` "approximately equals"/约等于;
``≤ ≥ < > ≠`` (and their ASCII forms ``<= >= != ->``); ``∞`` "infinity"/无穷大; ``→``
"to"/到; ``±``; ``°``; ``/`` between two numbers or single letters "over" (zh 分之, in Chinese
order: ``1/h`` h 分之一), any other slash a list separator (``2.10 M / 6.30 M``,
``encoder/decoder``: a comma, 、); ``|`` inside a call
"given"/给定 (``P(y|x)`` "P of y given x", P y 给定 x); a one-letter or known function applied
to an argument "of" (en: ``F(x)`` "F of x", ``diag(f_t)`` "diag of f t"; zh: F x); ``y*`` "y
star"/y 星; ``&`` "and"/和; ``§05`` "section five"/第五节; circled numbers ``①`` as numbers;
``tanh`` "tan h"; en ``ln`` "log"; units ``GiB``/``KiB``/``MiB`` en "gibibytes"…, zh "G B"…;
en ``M`` after a number "million"; a dot inside a name (``nn.RNN``) "dot"/点; an acronym of
three or more capitals glued to a prefix is set apart (``ConvLSTM`` "Conv LSTM", ``xLSTM``
"x LSTM"; festival spells it out only then; ``ReLU`` stays); an acronym of two to five
capitals is spelled, letters apart (``GRU`` "G R U", ``RNNs`` en "R N N's"), unless it is said
as a word (``BERT``, ``BLEU``). Safety nets: digits no rule read (``1.2.3``) are read one by
one; a ``%``, ``#`` or ``@`` that follows no number is a word; anything else in Unicode's symbol
categories is dropped; a leftover underscore is a space. In Chinese, spaces left between two
Chinese characters (around a number that became Chinese numerals) are removed.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

LANGS = ("zh", "en")

# ----- number words ---------------------------------------------------------------------

_EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_EN_SCALES = ((10 ** 12, "trillion"), (10 ** 9, "billion"), (10 ** 6, "million"),
              (1000, "thousand"))
_ZH_DIGITS = "零一二三四五六七八九"
_ZH_GROUPS = ("", "万", "亿", "万亿")


def en_cardinal(n: int) -> str:
    """An integer in English words, without "and".

    Parameters
    ----------
    n : int
        Any integer; a negative one starts with "minus".

    Returns
    -------
    str
        For example ``1024`` "one thousand twenty-four", ``2101248`` "two million one hundred
        one thousand two hundred forty-eight".
    """
    if n < 0:
        return "minus " + en_cardinal(-n)
    if n < 20:
        return _EN_ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_EN_ONES[hundreds]} hundred" + (f" {en_cardinal(rest)}" if rest else "")
    for scale, name in _EN_SCALES:
        if n >= scale:
            high, rest = divmod(n, scale)
            return f"{en_cardinal(high)} {name}" + (f" {en_cardinal(rest)}" if rest else "")
    raise AssertionError(n)  # pragma: no cover


def en_ordinal(n: int) -> str:
    """An ordinal in English words: "first", "twenty-second", "one hundredth"."""
    words = en_cardinal(n)
    head, sep, last = words.rpartition(" " if "-" not in words.rsplit(" ", 1)[-1] else "-")
    irregular = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                 "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}
    if last in irregular:
        last = irregular[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return head + sep + last


def en_digits(digits: str) -> str:
    """Each digit of a digit string as an English word ("four five seven")."""
    return " ".join(_EN_ONES[int(d)] for d in digits)


def en_year(n: int) -> str:
    """A year as English speakers say it: "nineteen ninety-seven", "two thousand five",
    "twenty seventeen", "nineteen hundred"."""
    if 2000 <= n <= 2009:
        return "two thousand" + (f" {_EN_ONES[n - 2000]}" if n > 2000 else "")
    high, low = divmod(n, 100)
    if low == 0:
        return f"{en_cardinal(high)} hundred"
    if low < 10:
        return f"{en_cardinal(high)} oh {_EN_ONES[low]}"
    return f"{en_cardinal(high)} {en_cardinal(low)}"


def _zh_group(g: int, leading: bool) -> str:
    """A group of four places (0 < g < 10000) in Chinese numerals, 零 inside for skipped
    places; ``leading``: the number's first group, where 10–19 start with 十 (not 一十)."""
    out, zero = "", False
    for unit, div in (("千", 1000), ("百", 100), ("十", 10), ("", 1)):
        d = g // div % 10
        if d == 0:
            zero = zero or bool(out)
            continue
        if zero:
            out, zero = out + "零", False
        if unit == "十" and d == 1 and not out and leading:
            out += "十"
        else:
            out += _ZH_DIGITS[d] + unit
    return out


def zh_cardinal(n: int, ordinal: bool = False) -> str:
    """An integer in Chinese numerals, grouped by 万 and 亿.

    Parameters
    ----------
    n : int
        Any integer; a negative one starts with 负.
    ordinal : bool
        After 第: a leading 2 stays 二 (第二千), otherwise it is 两 before 千/万/亿 (两千零四十八).

    Returns
    -------
    str
        For example ``1024`` 一千零二十四, ``2101248`` 二百一十万一千二百四十八, ``12`` 十二,
        ``100000`` 十万, ``10001`` 一万零一.
    """
    if n < 0:
        return "负" + zh_cardinal(-n, ordinal)
    if n == 0:
        return "零"
    groups = []
    while n:
        n, g = divmod(n, 10000)
        groups.append(g)
    out, skipped = "", False
    for i in range(len(groups) - 1, -1, -1):
        g = groups[i]
        if g == 0:
            skipped = skipped or bool(out)
            continue
        if out and (g < 1000 or skipped):
            out += "零"
        out += _zh_group(g, leading=not out) + _ZH_GROUPS[i]
        skipped = False
    if not ordinal and out[:2] in ("二千", "二万", "二亿"):
        out = "两" + out[1:]
    return out


def zh_digits(digits: str) -> str:
    """Each digit of a digit string as a Chinese numeral (二零一七)."""
    return "".join(_ZH_DIGITS[int(d)] for d in digits)


def _decimal(int_part: str, frac: str | None, lang: str, ordinal: bool = False) -> str:
    n = int(int_part.replace(",", ""))
    if lang == "en":
        words = en_cardinal(n)
        return words + (f" point {en_digits(frac)}" if frac else "")
    words = zh_cardinal(n, ordinal=ordinal or bool(frac))
    return words + (f"点{zh_digits(frac)}" if frac else "")


def _code_number(digits: str, lang: str) -> str:
    """The digits of a code such as CS230, P7, float32 (module docstring)."""
    if len(digits) <= 2 and not (len(digits) == 2 and digits[0] == "0"):
        return en_cardinal(int(digits)) if lang == "en" else zh_cardinal(int(digits))
    if digits.endswith("00") and digits[0] != "0" and len(digits) <= 4:
        return en_cardinal(int(digits)) if lang == "en" else zh_cardinal(int(digits))
    if lang == "zh":
        return zh_digits(digits)
    if len(digits) == 3 and digits[0] != "0":
        head, tail = digits[0], digits[1:]
        tail_words = f"oh {_EN_ONES[int(tail)]}" if tail[0] == "0" else en_cardinal(int(tail))
        return f"{_EN_ONES[int(head)]} {tail_words}"
    if len(digits) == 4 and digits[0] != "0":
        return en_year(int(digits))
    return en_digits(digits)


# ----- tables ---------------------------------------------------------------------------

_GREEK_EN = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ϵ": "epsilon",
    "ζ": "zeta", "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda",
    "μ": "mu", "ν": "nu", "ξ": "xi", "ο": "omicron", "π": "pi", "ρ": "rho", "σ": "sigma",
    "ς": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi", "ϕ": "phi", "χ": "chi", "ψ": "psi",
    "ω": "omega",
}
_GREEK_ZH = {
    "α": "阿尔法", "β": "贝塔", "γ": "嘎马", "δ": "德尔塔", "ε": "艾普西龙", "ϵ": "艾普西龙",
    "ζ": "泽塔", "η": "伊塔", "θ": "西塔", "ι": "约塔", "κ": "卡帕", "λ": "兰姆达", "μ": "缪",
    "ν": "纽", "ξ": "克西", "ο": "欧米克戎", "π": "派", "ρ": "肉", "σ": "西格玛", "ς": "西格玛",
    "τ": "陶", "υ": "宇普西龙", "φ": "斐", "ϕ": "斐", "χ": "凯", "ψ": "普西", "ω": "欧米嘎",
}


def _greek(ch: str, lang: str) -> str:
    """A Greek letter's spoken name (a capital: en the capitalised name, zh 大写…)."""
    low = ch.lower()
    table = _GREEK_EN if lang == "en" else _GREEK_ZH
    if low not in table:
        return ch
    if ch == low:
        return table[low]
    return table[low].capitalize() if lang == "en" else "大写" + table[low]


_GREEK_CHARS = "".join(sorted(set(_GREEK_EN) | {c.upper() for c in _GREEK_EN if c.upper() != c}))

#: Unicode subscript and superscript characters and what they stand for.
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ",
                       "0123456789+-=()aehijklmnoprstuvxβγρφχ"))
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᶿᵠᵡ⊤",
                         "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδθφχ⊤"))
_SUB_RUN = re.compile("[" + "".join(_SUBSCRIPTS) + "]+")
_SUP_RUN = re.compile("[" + "".join(_SUPERSCRIPTS) + "]+")
_SUP_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"

#: Scripts that are words, said as they are (others are spelled letter by letter).
_SCRIPT_WORDS = {"max", "min", "out", "in", "avg", "mean", "sum", "old", "new", "prev", "next",
                 "init", "train", "test", "total", "model", "hat", "left", "right", "enc", "dec"}

#: Acronyms said as words (others are spelled: GRU "G R U", as lecturers say them; espeak-ng
#: reads GRU as "groo", and its Mandarin voice reads GRU, GPU, NCE as pinyin syllables).
_ACRONYM_WORDS = {"BERT", "BLEU", "NASA", "CUDA", "BLAS", "LAPACK", "ROUGE", "METEOR", "FLOPS",
                  "FLOP", "ELMO", "GLUE", "SQUAD"}

#: Chinese measure words after which a lone 2 is 两.
_ZH_MEASURE = set("个层步字块遍倍组次份条种对位行列轮天节部张句段项类只名页章轴格跳篇道")

#: Operators after which a four-digit number is not a year.
_OPERATOR_BEFORE = re.compile(r"[=×+*/<>≤≥≈·]\s*$")

_LETTER = rf"[A-Za-z{_GREEK_CHARS}][\u0302\u0304]?"
_SCRIPT = r"(?:\{[^{}]*\}|[A-Za-z0-9]+)"
#: A code-style name: one letter (Latin, Greek, ŷ), a subscript and/or a superscript.
_NAME = (rf"(?<![A-Za-z0-9_{_GREEK_CHARS}])(?P<base>{_LETTER})"
         rf"(?:_(?P<sub>{_SCRIPT}))?(?:\^(?P<sup>{_SCRIPT}))?")
_NAME_RE = re.compile(_NAME + r"(?=[^A-Za-z0-9_]|$)")
_NAME_PLAIN = (rf"{_LETTER}(?:_{_SCRIPT})?(?:\^{_SCRIPT})?")
_RANGE_RE = re.compile(rf"(?<![A-Za-z0-9_])({_NAME_PLAIN})\s*(?:\.\.|…)\s*({_NAME_PLAIN})"
                       r"(?![A-Za-z0-9_])")

_SCI_RES = (
    # 9.7×10⁻³¹, 10⁻⁶
    re.compile(r"(?<![A-Za-z0-9_.,])(?P<neg>[−-])?(?:(?P<mant>\d+(?:\.\d+)?)\s*[×x*·]\s*)?"
               rf"10(?P<exp>[⁻⁺]?[{_SUP_DIGITS}]+)"),
    # 9.7×10^-31, 10^{-31}
    re.compile(r"(?<![A-Za-z0-9_.,])(?P<neg>[−-])?(?:(?P<mant>\d+(?:\.\d+)?)\s*[×x*·]\s*)?"
               r"10\^\{?(?P<exp>[-−+]?\d+)\}?"),
    # 9.7e-31
    re.compile(r"(?<![A-Za-z0-9_.,])(?P<neg>[−-])?(?P<mant>\d+(?:\.\d+)?)[eE]"
               r"(?P<exp>[-−+]?\d+)(?![A-Za-z0-9_])"),
)

_NUMBER_RE = re.compile(r"(?<![A-Za-z0-9_.,])(?P<neg>(?:^|(?<=[\s(\[（「“=:：]))-|−)?"
                        r"(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?"
                        r"(?P<pct>\s?%)?")
_CODE_RE = re.compile(r"(?<![A-Za-z0-9_.])(?P<letters>[A-Za-z]+|[A-Za-z]{2,}-)(?P<digits>\d+)"
                      r"(?![0-9]|\.\d|,\d{3})")
_HAN = r"\u3400-\u9fff\uf900-\ufaff"


# ----- the passes -----------------------------------------------------------------------

_FRACTION_WORDS = {(1, 2): ("one half", "二分之一"), (1, 4): ("one quarter", "四分之一"),
                   (3, 4): ("three quarters", "四分之三")}


def _prepare(text: str, lang: str) -> str:
    """Forms the other passes expect: ASCII operators as signs (``->`` →, ``<=`` ≤), a hat or
    bar over a letter as the letter's ``hat``/``bar`` (``x̂`` "x hat", ``ŷ_t`` "y hat t"),
    ``.5`` as ``0.5``, vulgar fractions (½) and ordinals (1st, 2nd) in words."""
    en = lang == "en"
    for ascii_op, sign in (("->", "→"), ("<-", "←"), ("<=", "≤"), (">=", "≥"), ("!=", "≠"),
                           ("==", "=")):
        text = text.replace(ascii_op, sign)
    text = text.replace("ŷ", "y\u0302")
    text = re.sub(r"([A-Za-z])\u0302(?![_^])", r"\1 hat", text)
    text = re.sub(r"([A-Za-z])\u0304(?![_^])", r"\1 bar", text)
    text = re.sub(r"(?<![\w.])\.(?=\d)", "0.", text)

    def fraction(m: re.Match) -> str:
        value = Fraction(unicodedata.numeric(m.group())).limit_denominator(1000)
        key = (value.numerator, value.denominator)
        if key in _FRACTION_WORDS:
            return " " + _FRACTION_WORDS[key][0 if en else 1] + " "
        if en:
            return f" {value.numerator} over {value.denominator} "
        return f" {value.denominator} 分之 {value.numerator} "

    text = re.sub(r"[\u00bc-\u00be\u2150-\u215e]", fraction, text)

    def ordinal(m: re.Match) -> str:
        n = int(m.group(1))
        if not en:
            return f"第{zh_cardinal(n, ordinal=True)}"
        return " " + en_ordinal(n) + " "

    return re.sub(r"(?<![A-Za-z0-9_.,])(\d+)(?:st|nd|rd|th)\b", ordinal, text)


def _sci(text: str, lang: str) -> str:
    """Powers of ten: 9.7×10⁻³¹, 10⁻⁶, 9.7×10^-31, 9.7e-31."""

    def words(m: re.Match) -> str:
        exp = m.group("exp")
        exp = "".join(str(_SUP_DIGITS.index(c)) if c in _SUP_DIGITS else c for c in exp)
        negative_exp = exp[:1] in "⁻-−"
        e = int(exp.lstrip("⁻⁺-−+"))
        mant = m.group("mant")
        sign = m.group("neg")
        if lang == "en":
            power = "ten to the " + ("minus " if negative_exp else "") + en_cardinal(e)
            if mant is not None and float(mant) != 1:
                int_part, _, frac = mant.partition(".")
                power = f"{_decimal(int_part, frac, 'en')} times {power}"
            return (" minus " if sign else " ") + power + " "
        power = "十的" + ("负" if negative_exp else "") + zh_cardinal(e) + "次方"
        if mant is not None and float(mant) != 1:
            int_part, _, frac = mant.partition(".")
            power = f"{_decimal(int_part, frac, 'zh')}乘以{power}"
        return ("负" if sign else "") + power

    for rx in _SCI_RES:
        text = rx.sub(words, text)
    return text


def _scripts_to_ascii(text: str) -> str:
    """Unicode sub/superscripts (Wₕ, d², fᵏ) and ⟨t⟩ as ``_{…}``/``^{…}``."""
    text = _SUB_RUN.sub(lambda m: "_{" + "".join(_SUBSCRIPTS[c] for c in m.group()) + "}",
                        text)
    text = _SUP_RUN.sub(lambda m: "^{" + "".join(_SUPERSCRIPTS[c] for c in m.group()) + "}",
                        text)
    text = re.sub(r"(?<=[A-Za-z])⟨([^⟨⟩\s]{1,6})⟩", r"_{\1}", text)
    return text


def _spell(letters: str, lang: str) -> str:
    """The letters of a script, one by one (en joined by hyphens when one is "a")."""
    parts = [_greek(c, lang) if c in _GREEK_CHARS else c for c in letters]
    if lang == "en" and "a" in letters and len(parts) > 1:
        return "-".join(parts)
    return " ".join(parts)


def _script_words(script: str, lang: str) -> str:
    """A subscript as words: digits stay digits (the number pass reads them), ``t-1`` is
    "t minus 1", a word is a word, other letters are spelled."""
    if script.startswith("{") and script.endswith("}"):
        script = script[1:-1]
    script = script.replace(" ", "")
    out = []
    for tok in re.findall(r"[A-Za-z]+|\d+(?:\.\d+)?|[" + _GREEK_CHARS + r"]|[-−+=,]|.", script):
        if tok in ("-", "−"):
            out.append("minus" if lang == "en" else "减")
        elif tok == "+":
            out.append("plus" if lang == "en" else "加")
        elif tok == "=":
            out.append("equals" if lang == "en" else "等于")
        elif tok == ",":
            continue
        elif tok[0].isdigit():
            out.append(tok)
        elif tok.lower() in _SCRIPT_WORDS:
            out.append(tok)
        elif re.fullmatch(r"[A-Za-z" + _GREEK_CHARS + "]+", tok):
            out.append(_spell(tok, lang))
        elif tok.strip():
            out.append(tok)
    return " ".join(out)


def _power_words(sup: str, lang: str) -> str:
    """A superscript after a base: squared, cubed, inverse, transpose, or a power."""
    inner = sup[1:-1] if sup.startswith("{") and sup.endswith("}") else sup
    inner = inner.replace(" ", "").replace("−", "-")
    if inner == "2":
        return " squared" if lang == "en" else "的平方"
    if inner == "3":
        return " cubed" if lang == "en" else "的立方"
    if inner == "-1":
        return " inverse" if lang == "en" else "的逆"
    if inner == "⊤":
        return " transpose" if lang == "en" else "的转置"
    words = _script_words("{" + inner + "}", lang)
    return f" to the power {words}" if lang == "en" else f" 的 {words} 次方"


def _base_words(base: str, lang: str) -> str:
    accent = {"\u0302": " hat", "\u0304": " bar"}.get(base[1:], "")
    base = base[:1]
    return (_greek(base, lang) if base in _GREEK_CHARS else base) + accent


def _names(text: str, lang: str) -> str:
    """Code-style names: W_h, h_{t-1}, T_max, f^k, d^{2}, x_0..x_7, ŷ_t."""
    text = _RANGE_RE.sub(lambda m: f"{m.group(1)} {'to' if lang == 'en' else '到'} {m.group(2)}",
                         text)

    def name(m: re.Match) -> str:
        base, sub, sup = m.group("base"), m.group("sub"), m.group("sup")
        if sub is None and sup is None:
            return m.group()
        out = _base_words(base, lang)
        if sub is not None:
            script = _script_words(sub, lang)
            joiner = "-" if (lang == "en" and base == "a" and re.fullmatch(r"[A-Za-z]", script)) \
                else " "
            out += joiner + script
        if sup is not None:
            out += _power_words(sup, lang)
        return out

    text = _NAME_RE.sub(name, text)
    # a superscript after anything else: ")²", "x_t^2" already done
    text = re.sub(rf"(?<=\S)\^({_SCRIPT})", lambda m: _power_words(m.group(1), lang), text)
    return text


_FUNCTION_RE = re.compile(
    r"(?<![A-Za-z0-9_.])(diag|exp|log|softmax|sigmoid|tanh|max|min|det|tr|[A-Za-z])"
    r"\(([^()\s,;，；。|]+(?:\s*\|\s*[^()\s,;|]+)?(?: [A-Za-z0-9]+)*)\)")


def _functions(text: str, lang: str) -> str:
    """``F(x)``, ``P(y|x)``, ``diag(f t)``: "F of x", "P of y given x"; zh "F x"."""

    def call(m: re.Match) -> str:
        fn, args = m.group(1), m.group(2)
        args = re.sub(r"\s*\|\s*", " given " if lang == "en" else " 给定 ", args)
        return f"{fn} of {args}" if lang == "en" else f"{fn} {args}"

    return _FUNCTION_RE.sub(call, text)


def _products(text: str, lang: str) -> str:
    """``·`` before the names are read: "dot"/点乘 between two bare letters (``q·k``), else
    "times"/乘 (``n·d²``, ``n²·d``)."""
    text = re.sub(r"(?<![A-Za-z0-9_^{}])([A-Za-z])\s*·\s*([A-Za-z])(?![A-Za-z0-9_^])",
                  r"\1 dot \2" if lang == "en" else r"\1 点乘 \2", text)
    return re.sub(r"\s*·\s*", " times " if lang == "en" else " 乘 ", text)


def _symbols(text: str, lang: str) -> str:
    """Operators and signs between terms, §, circled numbers, units, tanh/ln."""
    en = lang == "en"
    # §05 -> section five / 第五节
    text = re.sub(r"§\s*(\d+)", lambda m: (f"section {en_cardinal(int(m.group(1)))}" if en
                                           else f"第{zh_cardinal(int(m.group(1)), True)}节"),
                  text)
    text = text.replace("§", " section " if en else "节")
    # circled and other numeric symbols
    text = re.sub(r"[\u2460-\u2473\u24ea-\u24ff\u2776-\u2793\u3251-\u325f\u32b1-\u32bf]",
                  lambda m: f" {int(unicodedata.numeric(m.group()))} ", text)
    # e.g., i.e.
    text = re.sub(r"\be\.g\.", "for example" if en else "例如", text)
    text = re.sub(r"\bi\.e\.", "that is" if en else "即", text)
    # a dot inside a name: nn.RNN
    text = re.sub(r"(?<=[A-Za-z])\.(?=[A-Za-z])", " dot " if en else " 点 ", text)
    # multiplication
    by = " by " if en else "乘"
    text = re.sub(r"(?<=[\d])\s*×\s*(?=\d)", by, text)
    text = re.sub(r"(?<=[A-Za-z])\s*×\s*(?=[A-Za-z])", " by " if en else " 乘 ", text)
    if en:
        text = re.sub(r"(?<![\w)])×\s*(?=[\d−-])", " times ", text)
    else:
        text = re.sub(r"(?<![\w)])×\s*(?P<n>\d[\d,]*(?:\.\d+)?)", r"\g<n>倍", text)
    text = text.replace("×", " times " if en else " 乘 ")
    # minus between terms: "x−1", "1 − i"; a sign before a number is read by the number
    # pass, before a letter it is "minus"/负
    text = re.sub(r"(?<=[\w)\]}])−(?=[\w(])|\s+−\s+", " minus " if en else " 减 ", text)
    text = re.sub(r"−(?=\s*[A-Za-z(" + _GREEK_CHARS + "])", " minus " if en else "负 ", text)
    text = re.sub(r"−(?!\s*\d)", " minus " if en else " 减 ", text)
    text = re.sub(r"[⟨⟩]", " ", text)
    # fractions and list slashes
    # a fraction between numbers or single letters (1/h: "one over h", h 分之一); any other
    # slash separates a list (2.10 M / 6.30 M, encoder/decoder)
    operand = r"(\d[\d,]*(?:\.\d+)?|[A-Za-z](?![A-Za-z])|\([^()/]{1,12}\))"
    text = re.sub(rf"(?<![\w.]){operand}/{operand}",
                  r"\1 over \2" if en else r"\2 分之 \1", text)
    text = re.sub(r"\s*/\s*", ", " if en else "、", text)
    # relations and other operators
    words = {
        "=": ("equals", "等于"), "≈": ("approximately equals", "约等于"),
        "≠": ("does not equal", "不等于"), "≤": ("is at most", "小于等于"),
        "≥": ("is at least", "大于等于"), "<": ("is less than", "小于"),
        ">": ("is greater than", "大于"), "→": ("to", "到"), "←": ("from", "来自"),
        "°": ("degrees", "度"),
        "±": ("plus or minus", "正负"), "+": ("plus", "加"), "∞": ("infinity", "无穷大"),
        "&": ("and", "和"), "∝": ("proportional to", "正比于"), "√": ("square root of", "根号"),
        "∑": ("sum of", "求和"), "∏": ("product of", "连乘"), "∂": ("partial", "偏"),
        "∇": ("gradient of", "梯度"), "⊙": ("times", "逐元素乘"), "∈": ("in", "属于"),
        "~": ("about", "约"), "∼": ("about", "约"),
    }
    for sym, (w_en, w_zh) in words.items():
        text = text.replace(sym, f" {w_en if en else w_zh} ")
    # y* -> y star
    text = re.sub(r"(?<=[\w])\*", " star" if en else " 星", text)
    text = text.replace("*", " times " if en else " 乘 ")
    text = text.replace("|", " ")
    # words the engines say wrong
    text = re.sub(r"\btanh\b", "tan h", text)
    if en:
        text = re.sub(r"\bln\b", "log", text)
    units = {"GiB": ("gibibytes", "G B"), "KiB": ("kibibytes", "K B"),
             "MiB": ("mebibytes", "M B"), "TiB": ("tebibytes", "T B")}
    for unit, (w_en, w_zh) in units.items():
        text = re.sub(rf"\b{unit}\b", w_en if en else w_zh, text)
    if en:
        text = re.sub(r"(?<=\d) M\b", " million", text)
    return text


def _codes(text: str, lang: str) -> str:
    """Numbers glued to letters: CS230, P7, float32, WordSim-353, P100s."""

    def code(m: re.Match) -> str:
        words = _code_number(m.group("digits"), lang)
        tail = m.string[m.end():m.end() + 3]
        # seq2seq: a word follows; P100s: a plural s does not
        space = " " if re.match(r"[A-Za-z]", tail) and not re.match(r"s\b|'", tail) else ""
        return f"{m.group('letters').rstrip('-')} {words}{space}"

    text = _CODE_RE.sub(code, text)
    # an acronym glued to a prefix: ConvLSTM, BiLSTM, xLSTM (not ReLU)
    text = re.sub(r"(?<=[a-z])(?=[A-Z]{3,}s?\b)", " ", text)

    def spell(m: re.Match) -> str:
        letters, plural = m.group(1), m.group(2)
        if letters in _ACRONYM_WORDS:
            return m.group()
        spelled = " ".join(letters)
        if plural:
            spelled += "'s" if lang == "en" else ""
        return spelled

    return re.sub(r"(?<![A-Za-z0-9_'’-])([A-Z]{2,5})(s?)(?![A-Za-z0-9_])", spell, text)


def _inside_brackets(before: str) -> bool:
    depth = 0
    for ch in before:
        if ch in "(（[【":
            depth += 1
        elif ch in ")）]】" and depth:
            depth -= 1
    return depth > 0


def _is_year(digits: str, before: str, after: str, lang: str) -> bool:
    if len(digits) != 4 or not 1900 <= int(digits) <= 2099:
        return False
    if _OPERATOR_BEFORE.search(before) or re.match(r"\s*[%×⁰¹²³⁴⁵⁶⁷⁸⁹^]", after):
        return False
    if lang == "en":
        return True
    return bool(re.match(r"\s*年", after) or _inside_brackets(before)
                or re.search(r"(?:[A-Z][a-z][\w.\-']*|al\.)\s*(?:等人?|、|和|与|及)?\s*[，,]?\s*$",
                             before))


def _numbers(text: str, lang: str) -> str:
    """Every number left: years, digit strings, integers, decimals, negatives, percent."""

    def number(m: re.Match) -> str:
        int_part, frac, pct = m.group("int"), m.group("frac"), m.group("pct")
        negative = bool(m.group("neg"))
        before, after = text[:m.start()], text[m.end():]
        digits = int_part.replace(",", "")
        ordinal = lang == "zh" and bool(re.search(r"第\s*$", before))
        if (not frac and not pct and not negative and "," not in int_part
                and _is_year(digits, before, after, lang)):
            words = en_year(int(digits)) if lang == "en" else zh_digits(digits)
        elif not frac and "," not in int_part and (len(digits) >= 5 or
                                                   (len(digits) > 1 and digits[0] == "0")):
            words = en_digits(digits) if lang == "en" else zh_digits(digits)
        elif (lang == "zh" and int_part == "2" and not frac and not pct and not negative
              and not ordinal and after.lstrip()[:1] in _ZH_MEASURE):
            words = "两"
        else:
            words = _decimal(int_part, frac, lang, ordinal=ordinal)
        if lang == "en":
            if pct:
                words += " percent"
            if negative:
                words = "minus " + words
            # keep a following letter a separate word: "2h" -> "two h"
            if re.match(r"[A-Za-z]", after) and not re.match(r"'s\b", after):
                words += " "
            if re.search(r"[A-Za-z]$", before):
                words = " " + words
            return words
        if pct:
            words = "百分之" + ("百" if words == "一百" else words)
        if negative:
            words = "负" + words
        if re.match(r"[A-Za-z]", after):
            words += " "
        if re.search(r"[A-Za-z]$", before):
            words = " " + words
        return words

    return _NUMBER_RE.sub(number, text)


def _greek_letters(text: str, lang: str) -> str:
    return re.sub(f"[{_GREEK_CHARS}]", lambda m: f" {_greek(m.group(), lang)} ", text)


def _leftovers(text: str, lang: str) -> str:
    """A safety net: digits no rule read (``1.2.3``) one by one; ``%``, ``#``, ``@`` that
    follow no number as words."""
    en = lang == "en"
    text = re.sub(r"\d+", lambda m: " " + (en_digits(m.group()) if en
                                           else zh_digits(m.group())) + " ", text)
    text = text.replace("%", " percent " if en else " 百分比 ")
    text = text.replace("#", " number " if en else " 号 ")
    return text.replace("@", " at ")


def _tidy(text: str, lang: str) -> str:
    text = text.replace("_", " ")
    # anything still a symbol (Unicode categories Sm, Sc, Sk, So) is dropped
    text = "".join(" " if unicodedata.category(c) in ("Sm", "Sc", "Sk", "So") else c
                   for c in text)
    text = re.sub(r"[ \t\u00a0\u2009]+", " ", text)
    if lang == "zh":
        text = re.sub(rf"(?<=[{_HAN}])\s+(?=[{_HAN}])", "", text)
        # no space before or after full-width punctuation
        text = re.sub(r"\s*([，。；：、！？）」』”,.;:!?])", r"\1", text)
        text = re.sub(r"([（「『“，。；：、！？])\s+", r"\1", text)
    else:
        text = re.sub(r"\s+([,.;:!?)])", r"\1", text)
        text = re.sub(r"([(])\s+", r"\1", text)
    return text.strip()


def speakable(text: str, lang: str) -> str:
    """A narration line rewritten so that a speech synthesizer says it right.

    Parameters
    ----------
    text : str
        One narration line as written for the screen.
    lang : str
        ``"zh"`` or ``"en"``: the language of the line.

    Returns
    -------
    str
        The same line with numbers, symbols, Greek letters and code-style names in words of
        ``lang`` (module docstring: the rules). Deterministic; applying it again changes
        nothing.

    Raises
    ------
    ValueError
        If ``lang`` is not one of :data:`LANGS`.

    Examples
    --------
    >>> speakable("W_h = 0.9", "en")
    'W h equals zero point nine'
    >>> speakable("终点 9.8×10⁻⁴⁸。", "zh")
    '终点九点八乘以十的负四十八次方。'
    """
    if lang not in LANGS:
        raise ValueError(f"speakable: unknown language {lang!r}; allowed: {', '.join(LANGS)}")
    s = unicodedata.normalize("NFC", text)
    s = _prepare(s, lang)
    s = _sci(s, lang)
    s = _scripts_to_ascii(s)
    s = _products(s, lang)
    s = _names(s, lang)
    s = _functions(s, lang)
    s = _codes(s, lang)
    s = _symbols(s, lang)
    s = _numbers(s, lang)
    s = _greek_letters(s, lang)
    s = _leftovers(s, lang)
    return _tidy(s, lang)
