"""The lecture's one look: palette by role, fonts, sizes, and the single number formatter.

Pure Python (no manim import) so tests and the CLI share ``fmt`` with the scenes: the string
on screen and the string a test asserts are made by the same function.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Palette:
    """One color per role, named by role (hex strings)."""

    background: str = "#14161B"
    text: str = "#ECEFF4"
    muted: str = "#8A93A6"        # grey: what is given, axes, captions of secondary things
    token: str = "#A3B1C6"        # tokens / inputs
    hidden: str = "#5AB0F0"       # hidden state h
    cell: str = "#F2C14E"         # cell state c
    gradient: str = "#F25C8A"     # gradients, backward flow, the plain RNN product
    forget: str = "#7BD389"       # forget gate f
    input_gate: str = "#B48CF2"   # input gate i
    output_gate: str = "#F29A5C"  # output gate o
    candidate: str = "#4FD1C5"    # candidate g
    attention: str = "#FF7F6E"    # attention
    dead: str = "#5B6B8C"         # underflow / vanished
    exploded: str = "#FF4D4D"     # overflow / exploded
    highlight: str = "#FFFFFF"


PALETTE = Palette()

#: CJK-capable font used for every Text, Chinese or English.
FONT = "Noto Sans CJK SC"

#: Font sizes in Manim's font_size units (48 is Manim's default; 24 px at 480p is about 22).
TITLE_SIZE = 34
BODY_SIZE = 28
LABEL_SIZE = 24
SMALL_SIZE = 22

#: The stroke of the box round what a narration line names (LectureScene.mark).
MARK_STROKE = 3

#: Scale of MathTex relative to Manim's default.
MATH_SCALE = 0.8

#: The frame is 14.22 x 8 units; the bottom 20% is kept clear for player captions, for texts
#: and shapes alike. Measured in Chromium 156 (``tests/test_caption_band.py``, a two-line cue
#: of a real render in 390 px and 1280 px wide players): with the site's cue setting
#: ``line:82%`` (``rnn_lecture.captions.CUE_SETTINGS``) the cue box's top is 17.8-18.2% of
#: the video's height above its bottom, controls shown or hidden; with Chromium's own
#: placement (no setting) it would be 45.5-47.9% at 390 px and 21.4-24.4% at 1280 px (it
#: keeps ~73 px for its controls). Shown controls draw over the cue, they do not move it.
FRAME_W = 14.222
FRAME_H = 8.0
CAPTION_BAND = 0.20 * FRAME_H
STAGE_BOTTOM = -FRAME_H / 2 + CAPTION_BAND


#: The true minus sign: every negative number on screen and in captions shows it, never the
#: hyphen-minus "-" (LaTeX typesets "-" in math as this sign; :func:`tex_number` converts back).
MINUS = "\u2212"
#: Times sign and infinity as the lecture font shows them.
TIMES = "\u00d7"
INFINITY = "\u221e"
_SUPERSCRIPT = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075"
                             "\u2076\u2077\u2078\u2079")
_FROM_SUPERSCRIPT = {v: k for k, v in zip("-0123456789", "-0123456789".translate(_SUPERSCRIPT))}


def _neg_zero(s: str) -> str:
    """Drop the sign of a string that shows a zero ("-0.000" -> "0.000")."""
    return s[1:] if s.startswith("-") and not any(c in "123456789" for c in s) else s


def _minus(s: str) -> str:
    """``s`` with every hyphen-minus written as the true minus "−"."""
    return s.replace("-", MINUS)


def power_of_ten(mantissa: str, exponent: int) -> str:
    """``9.8`` and ``-48`` as the lecture font shows them: ``9.8×10⁻⁴⁸``."""
    return f"{_minus(mantissa)}{TIMES}10{str(int(exponent)).translate(_SUPERSCRIPT)}"


def fmt(x, digits: int = 3, *, sig: int | None = None) -> str:
    """Format a number the way every scene shows it.

    Fixed point with ``digits`` decimals, the whole part grouped with commas from four digits
    on (``1,470.500``, one count style with :func:`fmt_count`); below 1e-3 in magnitude or at/above 1e6 a power of
    ten as the axes typeset it, in Unicode (``9.8×10⁻⁴⁸``, ``1.0×10⁻⁴``:
    mantissa with ``sig`` significant digits, exponent without padding); a negative number
    with the true minus (``−0.357``); non-finite values as ``∞``, ``−∞``, ``nan``. A
    value that rounds to zero shows without a sign. Inside LaTeX (a formula, a ``$...$`` part)
    the same string is written by :func:`tex_number`.

    Parameters
    ----------
    x : float
    digits : int
        Decimals in fixed notation.
    sig : int, optional
        Significant digits in scientific notation (default 2).

    Returns
    -------
    str
    """
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return INFINITY if x > 0 else MINUS + INFINITY
    if x != 0 and (abs(x) < 1e-3 or abs(x) >= 1e6):
        mant, exp = f"{x:.{max(1, sig or 2) - 1}e}".split("e")
        return power_of_ten(mant, int(exp))
    return _minus(_neg_zero(f"{x:,.{digits}f}"))


_UNICODE_POWER = re.compile("\u00d710([\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)")


def tex_number(s: str) -> str:
    r"""A formatted string (:func:`fmt` and friends) as LaTeX math writes it, where it is
    typeset inside a formula: ``−9.8×10⁻⁴⁸`` -> ``-9.8\times10^{-48}``, ``∞`` ->
    ``\infty``, ``1,024`` -> ``1{,}024``."""
    s = _UNICODE_POWER.sub(
        lambda m: r"\times10^{" + "".join(_FROM_SUPERSCRIPT[c] for c in m.group(1)) + "}", s)
    s = re.sub(r"(?<=\d),(?=\d{3})", "{,}", s)
    return s.replace(MINUS, "-").replace(INFINITY, r"\infty")


def fmt_num(x, max_digits: int = 3) -> str:
    """A parameter as an instructor typed it: at most ``max_digits`` decimals, no trailing zeros.

    ``0.5`` -> ``0.5``, ``2.0`` -> ``2``, ``0.125`` -> ``0.125``, ``1e-05`` -> ``1.0×10⁻⁵``,
    ``-0.5`` -> ``−0.5``.
    """
    x = float(x)
    if not math.isfinite(x) or (x != 0 and abs(x) < 10.0 ** -max_digits):
        return fmt(x, max_digits)
    s = f"{x:,.{max_digits}f}".rstrip("0").rstrip(".")
    return _minus(_neg_zero(s)) if s not in ("", "-") else "0"


def fmt_count(n) -> str:
    """A whole count with commas: 6,144 or 262,144 (``n`` must be a whole number)."""
    f = float(n)
    if not f.is_integer():
        raise ValueError(f"fmt_count needs a whole number, got {n!r}; use fmt_ratio")
    return _minus(f"{int(f):,}")


def fmt_int(n) -> str:
    """An index or a whole number as ``str(int(n))`` with the true minus (``7``, ``−1``),
    grouped from four digits on like every number in the lecture (``2,262``, never ``2262``
    beside a count's ``6,786``)."""
    return _minus(f"{int(n):,}")


def fmt_ratio(x) -> str:
    """A ratio: whole ratios with commas (``4,096``), others with 3 significant digits
    (``0.25``, ``1.5``, ``85.3``), never truncated to ``0``."""
    x = float(x)
    if not math.isfinite(x):
        return fmt(x)
    if x.is_integer():
        return _minus(f"{int(x):,}")
    if abs(x) >= 1000:
        return _minus(f"{x:,.0f}")
    s = f"{x:.3g}"
    return fmt(x, sig=2) if "e" in s else _minus(s)


def fmt_bytes(n: float) -> str:
    """Bytes in binary units, spelled out: 64 GiB, 256 KiB, 1.5 MiB."""
    n = float(n)
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size or round(n / size, 1) >= 1.0:   # 1,048,575 B is "1.0 MiB", not "1024.0 KiB"
            v = n / size
            return f"{v:.0f} {unit}" if v.is_integer() else f"{v:.1f} {unit}"
    return f"{n:.0f} B"


def fmt_millions(n: float) -> str:
    """A parameter count in millions: 2.10 M."""
    return f"{n / 1e6:.2f} M"


def fmt_decimal(x, places: int) -> str:
    """What a manim ``DecimalNumber`` with ``places`` decimals shows: ``1,234.500``, ``-0.357``
    (grouped with commas; a value that rounds to zero without a sign). Its hyphen is TeX's:
    a DecimalNumber is typeset by LaTeX, which draws it as the true minus, so the string is
    written with the true minus "−" (as :func:`scenes.live.displayed` reads a DecimalNumber)."""
    return _neg_zero(f"{float(x):,.{places}f}").replace("-", MINUS)


def sci_tex(x: float, sig: int = 2) -> str:
    r"""LaTeX for a number: ``9.8\times10^{-48}`` in scientific notation, else as :func:`fmt`."""
    return tex_number(fmt(x, sig=sig))


def fmt_factor(x) -> str:
    """A multiplicative factor with 3 significant digits: ``1,470``, ``12.3``, ``1.00``,
    ``0.590``; a power of ten (as :func:`fmt`) below 1e-3 or at/above 1e6 (``1.6×10⁶⁰``)."""
    x = float(x)
    if not math.isfinite(x) or x == 0 or abs(x) < 1e-3 or abs(x) >= 1e6:
        return fmt(x)
    places = max(0, 2 - math.floor(math.log10(abs(x))))
    return _minus(_neg_zero(f"{x:,.{places}f}"))


def tex_count(x) -> str:
    r"""LaTeX for a whole count: ``4{,}096`` below 1e6, else as :func:`sci_tex`
    (``2.2\times10^{12}``)."""
    f = float(x)
    if not f.is_integer():
        raise ValueError(f"tex_count needs a whole number, got {x!r}")
    if abs(f) < 1e6:
        return f"{int(f):,}".replace(",", "{,}")
    return sci_tex(f)


#: The formats a bound readout may declare, by name: ``spec`` is ``"name"`` or ``"name:arg"``.
def fmt_operand(x, digits: int = 3) -> str:
    """``fmt(x, digits)``, in brackets when it shows a minus sign: a number after ``×`` or ``+``
    in a written-out sum (``0.50 × (−0.40)``, never ``0.50 × −0.40``)."""
    s = fmt(x, digits)
    return f"({s})" if s.startswith(MINUS) else s


FORMATS = {
    "fmt": lambda x, a: fmt(x, 3 if a is None else int(a)),
    "sig": lambda x, a: fmt(x, sig=2 if a is None else int(a)),
    "num": lambda x, a: fmt_num(x, 3 if a is None else int(a)),
    "int": lambda x, a: fmt_int(x),
    "count": lambda x, a: fmt_count(x),
    "ratio": lambda x, a: fmt_ratio(x),
    "bytes": lambda x, a: fmt_bytes(x),
    "millions": lambda x, a: fmt_millions(x),
    "dec": lambda x, a: fmt_decimal(x, 3 if a is None else int(a)),
    # as "fmt", a negative number in brackets: it follows an operator ("0.50 × (−0.40)")
    "paren": lambda x, a: fmt_operand(x, 3 if a is None else int(a)),
    "tex": lambda x, a: sci_tex(x, 2 if a is None else int(a)),
    # a whole count in LaTeX: commas below 1e6, scientific above ("4{,}096", "2.2\times10^{12}")
    "texcount": lambda x, a: tex_count(x),
    # a growth or shrink factor: 3 significant digits ("1,470", "0.590", "1.6×10⁶⁰")
    "factor": lambda x, a: fmt_factor(x),
    "str": lambda x, a: str(x),
    # the plural ending of the noun after a count: "" for exactly 1, else "s" (or the arg):
    # an English template writes "{n} step{n_s}" (the scene binds n_s to n's path itself)
    "s": lambda x, a: plural_s(x, a or "s"),
}


def plural_s(x, ending: str = "s") -> str:
    """``""`` when ``x`` is exactly 1 (one step, one layer), else ``ending``."""
    return "" if float(x) == 1.0 else ending


def format_value(x, spec: str) -> str:
    """Format ``x`` by a declared spec such as ``"fmt:2"``, ``"count"`` or ``"dec:3"``."""
    name, _, arg = spec.partition(":")
    if name not in FORMATS:
        raise ValueError(f"unknown format {spec!r}; known: {', '.join(FORMATS)}")
    if x is None:
        return "None"
    return FORMATS[name](x, arg or None)
