"""The lecture's one look: palette by role, fonts, sizes, and the single number formatter.

Pure Python (no manim import) so tests and the CLI share ``fmt`` with the scenes: the string
on screen and the string a test asserts are made by the same function.
"""

from __future__ import annotations

import math
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

#: Scale of MathTex relative to Manim's default.
MATH_SCALE = 0.8

#: The frame is 14.22 x 8 units; the bottom 12% is kept clear for player captions.
FRAME_W = 14.222
FRAME_H = 8.0
CAPTION_BAND = 0.12 * FRAME_H
STAGE_BOTTOM = -FRAME_H / 2 + CAPTION_BAND


def fmt(x, digits: int = 3, *, sig: int | None = None) -> str:
    """Format a number the way every scene shows it.

    Fixed point with ``digits`` decimals; scientific (``9.8e-48``) below 1e-3 in magnitude or
    at/above 1e6, with ``sig`` significant digits (default 2); non-finite values as ``inf``,
    ``-inf``, ``nan``.

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
        return "inf" if x > 0 else "-inf"
    if x != 0 and (abs(x) < 1e-3 or abs(x) >= 1e6):
        s = f"{x:.{(sig or 2) - 1}e}"
        mant, exp = s.split("e")
        return f"{mant}e{int(exp):+03d}".replace("e+", "e").replace("e-0", "e-0")
    return f"{x:.{digits}f}"


def fmt_count(n: int) -> str:
    """A large count with thin-space-free commas: 6,144 or 262,144."""
    return f"{int(n):,}"


def fmt_bytes(n: float) -> str:
    """Bytes in binary units, spelled out: 64 GiB, 256 KiB, 1.5 MiB."""
    n = float(n)
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            v = n / size
            return f"{v:.0f} {unit}" if v.is_integer() else f"{v:.1f} {unit}"
    return f"{n:.0f} B"


def fmt_millions(n: float) -> str:
    """A parameter count in millions: 2.10 M."""
    return f"{n / 1e6:.2f} M"


def sci_tex(x: float, sig: int = 2) -> str:
    r"""LaTeX for a number in scientific notation: ``9.8\times10^{-48}``."""
    s = fmt(x, sig=sig)
    if "e" not in s:
        return s
    mant, exp = s.split("e")
    return rf"{mant}\times10^{{{int(exp)}}}"
