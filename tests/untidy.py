"""Untidy parameters (issue 20, class 4): every parameter at a value with several significant
digits, derived from its bounds, so a field shown with too few decimals, read from a
neighbouring path or formatted by a neighbouring format shows a different string than the
harness's re-derivation from its pin (the defaults are tidy numbers: 0.9 reads "0.9" with one
decimal or three).

Deterministic, not random: a parameter sits at the fraction ``frac`` of its range (on a log
scale for a range wider than 100, so a count stays near the sizes a lecture uses), floats
rounded to 4 decimals (4 significant digits near zero), ints moved off round values (a
multiple of 10, a power of two) and off each other.
"""

from __future__ import annotations

import math

#: One untidy setting per language: the fractions of two irrational numbers (γ and e - 2).
FRACTIONS = {"zh": 0.5772156649, "en": 0.7182818285}


def _position(lo: float, hi: float, frac: float) -> float:
    if hi - lo > 100:   # log scale over the offset from the lower bound
        return lo + math.expm1(frac * math.log1p(hi - lo))
    return lo + frac * (hi - lo)


def _round_int(x: float, lo: int, hi: int) -> int:
    n = min(max(int(round(x)), lo), hi)
    for step in (1, -1, 2, -2, 3, -3):
        if not (n % 10 == 0 or (n > 0 and n & (n - 1) == 0)):
            break
        if lo <= n + step <= hi:
            n += step
    return n


def _float(lo: float, hi: float, frac: float) -> float:
    x = _position(lo, hi, frac)
    # 4 decimals, and 4 significant digits near zero (0.009812, not 0.0098)
    x = round(x, max(4, 3 - math.floor(math.log10(abs(x)))) if x else 4)
    return min(max(x, lo), hi)


#: The golden ratio's fraction: parameter k (and list element k) sits at ``frac + k·PHI``
#: (mod 1), so no two parameters share a value (w_x read for w_h shows a different number).
PHI = 0.6180339887


def _spread(frac: float, k: int) -> float:
    """The k-th fraction after ``frac``, kept off the bounds (within 5%..95% of the range)."""
    return 0.05 + 0.9 * ((frac + k * PHI) % 1.0)


def untidy_value(p, frac: float):
    """The value of parameter ``p`` at fraction ``frac`` of its range."""
    if p.kind == "float":
        return _float(float(p.min), float(p.max), frac)
    if p.kind == "floats":   # each element at its own fraction (the golden-ratio sequence)
        return tuple(_float(float(p.min), float(p.max), _spread(frac, 3 * k + 1))
                     for k in range(p.length))
    if p.kind == "int":
        return _round_int(_position(float(p.min), float(p.max), frac), int(p.min), int(p.max))
    if p.kind == "text":     # the default's words in reverse order: other n-grams, same words
        return " ".join(reversed(p.default.split(" ")))
    if p.kind == "choice":   # a choice other than the default when there is one
        others = [c for c in p.choices if c != p.default]
        return (others or list(p.choices))[0]
    raise AssertionError(p.kind)


def _fit_cheatsheet(p: dict) -> dict:
    """Head counts that divide one another (mathcore refuses others), all different and none
    round: GQA heads g, KV heads 3g, query heads 6g, a width of query heads times an untidy
    count; a truncation window no longer than the sequence."""
    g = max(1, min(p["gqa_kv_heads"], 9))
    g += g % 2 == 0 and g < 9          # odd, so 3g and 6g stay off powers of two
    q = 6 * g
    m = max(7, p["width"] // q)
    while m % 2 == 0 or m % 5 == 0:   # q·m off multiples of 10 and powers of two
        m += 1
    lo, hi = sorted((p["sequence_length"], p["tbptt_window"]))
    return {**p, "gqa_kv_heads": g, "kv_heads": 3 * g, "query_heads": q,
            "width": min(q * m, 65535 // q * q), "sequence_length": hi, "tbptt_window": lo}


def _fit_attention(p: dict) -> dict:
    """The path's target inside the sequence (``path_target < n``)."""
    return {**p, "path_target": p["path_target"] % p["n"]}


#: Sections whose parameters constrain one another: a deterministic repair of the draw.
FIT = {"primer-06-cheatsheet": _fit_cheatsheet, "primer-05-attention": _fit_attention}


def _apart(section, params: dict) -> dict:
    """Move an int that equals an earlier parameter's value on (two counts that coincide hide
    a field read from the one for the other)."""
    seen = set()
    for p in section.schema.params:
        x = params[p.name]
        items = x if isinstance(x, tuple) else (x,)
        if p.kind == "int":
            while x in seen and x + 1 <= p.max:
                x = _round_int(x + 1, int(p.min), int(p.max))
            params[p.name] = x
            items = (x,)
        seen.update(y for y in items if not isinstance(y, str))
    return params


def untidy(section, lang: str, accept=lambda params: True) -> dict:
    """The untidy setting of ``section`` for ``lang``: every parameter at its fraction; a
    combination mathcore refuses, or one ``accept`` refuses (sizes that must differ), moves
    the fraction on by a small step until one is taken."""
    frac, last = FRACTIONS[lang], None
    for k in range(40):
        f = (frac + 0.0137 * k) % 1.0
        params = {p.name: untidy_value(p, _spread(f, n))
                  for n, p in enumerate(section.schema.params)}
        params = _apart(section, FIT.get(section.id, dict)(params))
        try:
            section.values(section.resolve(params))
        except ValueError as e:
            last = e
            continue
        if accept(params):
            return params
    raise AssertionError(f"{section.id}: no untidy setting mathcore accepts ({last})")
