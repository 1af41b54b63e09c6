"""The formatters every scene and test share: edge cases pinned string for string."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from scenes.bind import Binding, Fixed, Val, check_fields, resolve
from scenes.style import (fmt, fmt_bytes, fmt_count, fmt_decimal, fmt_factor, fmt_millions,
                          fmt_num, fmt_ratio, format_value, sci_tex, tex_count)


@pytest.mark.parametrize("x, digits, want", [
    (0.841, 3, "0.841"), (0.8414, 3, "0.841"), (2.0, 2, "2.00"), (0.0, 3, "0.000"),
    (-0.0, 3, "0.000"), (-0.0004, 3, "−4.0×10⁻⁴"), (0.0004, 3, "4.0×10⁻⁴"),
    (9.8e-48, 3, "9.8×10⁻⁴⁸"), (1e-4, 3, "1.0×10⁻⁴"), (1.5e-300, 3, "1.5×10⁻³⁰⁰"),
    (0.001, 3, "0.001"), (0.000999, 3, "1.0×10⁻³"), (999999.0, 1, "999,999.0"),
    (1e6, 3, "1.0×10⁶"), (3.4e38, 3, "3.4×10³⁸"), (-2.5e7, 3, "−2.5×10⁷"),
    (math.inf, 3, "∞"), (-math.inf, 3, "−∞"), (math.nan, 3, "nan"),
    (-0.0001, 0, "−1.0×10⁻⁴"), (-0.4, 0, "0"), (0.5, 0, "0"), (1.5, 0, "2"),
])
def test_fmt(x, digits, want):
    assert fmt(x, digits) == want


def test_fmt_sig_and_no_padded_exponents():
    assert fmt(9.8123e-48, sig=3) == "9.81×10⁻⁴⁸"
    assert fmt(1.23e-5, sig=1) == "1×10⁻⁵"
    assert fmt(1e-4) == "1.0×10⁻⁴" and fmt(1e7) == "1.0×10⁷"    # no padded exponents


@pytest.mark.parametrize("x, want", [
    (0.5, "0.5"), (2.0, "2"), (0.125, "0.125"), (1.40, "1.4"), (-0.0, "0"), (0.0, "0"),
    (6.38, "6.38"), (1e-5, "1.0×10⁻⁵"), (0.0004, "4.0×10⁻⁴"), (-3.0, "−3"), (1e6, "1,000,000"),
    (0.3333333, "0.333"),
])
def test_fmt_num_shows_parameters_as_typed(x, want):
    assert fmt_num(x) == want


def test_counts_commas_and_refuse_fractions():
    assert fmt_count(6144) == "6,144" and fmt_count(262144.0) == "262,144"
    assert fmt_count(0) == "0" and fmt_count(np.int64(7)) == "7"
    with pytest.raises(ValueError):
        fmt_count(0.25)


@pytest.mark.parametrize("x, want", [
    (0.25, "0.25"), (0.0625, "0.0625"), (1.5, "1.5"), (4.0, "4"), (4096.0, "4,096"),
    (85.333, "85.3"), (1234.5, "1,234"), (0.0001, "0.0001"), (1e-7, "1.0×10⁻⁷"),
    (math.inf, "∞"),
])
def test_ratios_never_truncate(x, want):
    assert fmt_ratio(x) == want
    assert fmt_ratio(x) != "0" or x == 0


def test_bytes_and_millions():
    assert fmt_bytes(64 * 2**30) == "64 GiB" and fmt_bytes(256 * 2**10) == "256 KiB"
    assert fmt_bytes(1.5 * 2**20) == "1.5 MiB" and fmt_bytes(512) == "512 B"
    assert fmt_bytes(2**40) == "1 TiB" and fmt_bytes(0) == "0 B"
    assert fmt_bytes(2**20 - 1) == "1.0 MiB" and fmt_bytes(1023.9) == "1.0 KiB"
    assert fmt_millions(2_101_248) == "2.10 M" and fmt_millions(524_800) == "0.52 M"


def test_operand_in_brackets_only_when_negative():
    assert format_value(-0.4, "paren:2") == "(−0.40)"
    assert format_value(0.4, "paren:2") == "0.40"
    assert format_value(-0.0001, "paren:2") == "(−1.0×10⁻⁴)"
    assert format_value(-0.004, "paren:2") == "0.00"      # rounds to 0: no sign, no brackets
    assert format_value(-3, "paren") == "(−3.000)"


def test_decimal_matches_manim_decimalnumber():
    from manim import DecimalNumber

    for x in (0.841, -0.357, -0.0001, 0.0, 1234.5678, -1e-9, 12345678.9):
        for places in (0, 1, 2, 3):
            d = DecimalNumber(x, num_decimal_places=places)
            assert fmt_decimal(x, places) == d._get_num_string(x).replace("-", "\u2212"), (x, places)


def test_sci_tex():
    assert sci_tex(9.8e-48) == r"9.8\times10^{-48}"
    assert sci_tex(0.5) == "0.500" and sci_tex(math.inf) == r"\infty"
    assert sci_tex(-2.5e7) == r"-2.5\times10^{7}" and sci_tex(-0.5) == "-0.500"


@pytest.mark.parametrize("x", [9.8e-48, -2.3e-16, 9.5e-7, 1.6e60, -0.357, 0.0, 1234.5, -1024,
                               math.inf, -math.inf, -1e-300])
@pytest.mark.parametrize("spec", ["fmt", "fmt:2", "sig:3", "num", "ratio", "factor", "paren:2"])
def test_one_number_style(x, spec):
    """Issue 22: a power of ten in Unicode (the axes' 10^k in the lecture font), the true
    minus, infinity as a sign; no "e-48", no hyphen-minus, no "inf"; read back as the same
    number, and in TeX as TeX writes it."""
    from scenes.bind import shown_number
    from scenes.style import MINUS, tex_number

    s = format_value(x, spec)
    assert not re.search(r"\de[-+]?\d", s) and "-" not in s and "inf" not in s, s
    assert (MINUS in s) == (x < 0 and shown_number(s) != 0), s
    t = tex_number(s)
    assert "×" not in t and MINUS not in t and "∞" not in t and "⁻" not in t, t
    assert shown_number(t) == shown_number(s)
    if math.isfinite(x) and x != 0 and spec.startswith(("fmt", "sig")):
        assert shown_number(s) == pytest.approx(x, rel=0.06, abs=6e-4), s


def test_int_and_count_use_the_true_minus():
    assert format_value(-1, "int") == "−1" and format_value(-1024, "count") == "−1,024"
    assert format_value(-3.0, "num") == "−3" and format_value(-0.25, "ratio") == "−0.25"


def test_format_value_specs():
    assert format_value(0.8415, "fmt:2") == "0.84"
    assert format_value(3, "int") == "3" and format_value(None, "int") == "None"
    assert format_value(4096, "count") == "4,096" and format_value(0.25, "ratio") == "0.25"
    with pytest.raises(ValueError):
        format_value(1.0, "percent")


class _V:
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    d = {"recurrent": 5, "attention": 6}


def test_paths_and_bindings():
    assert resolve("a[1][0]", _V(), {}) == 3.0 and resolve("a[-1][-1]", _V(), {}) == 4.0
    assert resolve("d.attention", _V(), {}) == 6 and resolve("param.w", _V(), {"w": 2}) == 2
    with pytest.raises(ValueError):
        resolve("a[x]", _V(), {})
    b = Binding("hop {k}: {v}", {"k": Fixed("3", "index"), "v": Val("a[0][1]", "fmt:1")})
    assert b.render(_V(), {}) == "hop 3: 2.0"
    with pytest.raises(TypeError):
        check_fields({"n": "7 hops"}, "t")
    with pytest.raises(TypeError):
        check_fields({"n": 7}, "t")
    with pytest.raises(ValueError):
        Fixed("7", " ")


@pytest.mark.parametrize("x, want", [
    (1469.77, "1,470"), (0.59049, "0.590"), (1.0000000001, "1.00"), (12.34, "12.3"),
    (0.00123, "0.00123"), (0.000999, "1.0×10⁻³"), (1.6e60, "1.6×10⁶⁰"), (1e-200, "1.0×10⁻²⁰⁰"),
    (999999.0, "999,999"), (1e6, "1.0×10⁶"), (math.inf, "∞"),
])
def test_factors_keep_three_significant_digits(x, want):
    assert fmt_factor(x) == want == format_value(x, "factor")


def test_tex_counts():
    assert tex_count(4096) == "4{,}096" == format_value(4096, "texcount")
    assert tex_count(1) == "1" and tex_count(0) == "0"
    assert tex_count(2199023255552) == r"2.2\times10^{12}"
    with pytest.raises(ValueError):
        tex_count(0.5)
