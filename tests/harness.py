"""The readout harness: every text at every hold re-derived from the values, and the frame checks.

``check_scene(scene)`` returns a list of failures (empty when the scene is clean). It never trusts
the string a scene drew: for each text it takes the binding the scene declared (a values path
and a format, a text-table key, or a fixed label with a reason), re-reads the template from the
scene's text table in the scene's language, resolves every path with its own small resolver
against ``section.values(params)``, formats it with the declared format, and compares the
whole string with what is on screen. Each value field is re-derived a second time from the
tests' own pin of its path and format (``tests/pins/fields/``, issue 20 class 4), so a field
the scene declares with too few decimals or from a neighbouring path fails where the values are
untidy.
"""

from __future__ import annotations

import itertools
import math
import re
import string

import numpy as np

from scenes import style
from scenes.bind import BAD_WORDS, Binding, Fixed, Val

HALF_W, HALF_H = style.FRAME_W / 2, style.FRAME_H / 2
TOL = 0.02

_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(-?\d+)\]")


def lookup(path: str, values, params: dict):
    """An independent path resolver (attributes, dict keys, integer indices)."""
    parts = _STEP.findall(path)
    if "".join(f".{n}" if n else f"[{i}]" for n, i in parts).lstrip(".") != path.lstrip("."):
        raise AssertionError(f"unparsable path {path!r}")
    obj = values
    for k, (name, index) in enumerate(parts):
        if name:
            if k == 0 and name == "param":
                obj = params
            elif isinstance(obj, dict):
                obj = obj[name]
            else:
                obj = getattr(obj, name)
        else:
            obj = obj[int(index)]
    return obj


def expected_field(f, values, params) -> str:
    if isinstance(f, Val):
        x = lookup(f.path, values, params)
        if isinstance(x, np.generic):
            x = x.item()
        return style.format_value(x, f.fmt)
    if isinstance(f, Fixed):
        return f.text
    return str(f)


_TEX_PART = re.compile(r"\$[^$]*\$")


def tex_typeset_fields(b: Binding, tpl: str) -> set[str]:
    """The fields of ``b`` that LaTeX typesets: all of a formula's, and a sentence's fields
    inside a ``$...$`` part (found here on the template's own text, not by the scene's code)."""
    if b.math:
        return set(b.fields)
    marked = tpl
    for k in b.fields:
        marked = marked.replace("{" + k + "}", f"\x00{k}\x00")
    return {k for part in _TEX_PART.findall(marked) for k in re.findall(r"\x00(\w+)\x00", part)}


def expected_string(b: Binding, table: dict, lang: str, values, params) -> str:
    """What a binding must show, derived from the table and the values alone (a value LaTeX
    typesets written as TeX writes it, ``style.tex_number``)."""
    tpl = b.table_template(table, lang) if b.key else b.template
    shown = {k: expected_field(f, values, params) for k, f in b.fields.items()}
    for k in tex_typeset_fields(b, tpl):
        if isinstance(b.fields[k], Val):
            shown[k] = style.tex_number(shown[k])
    if b.math:
        for k in sorted(shown, key=len, reverse=True):
            tpl = tpl.replace("@" + k, shown[k])
        return tpl
    return tpl.format(**shown)


def literal_digits(template: str) -> set[str]:
    """Runs of digits in a template's literal text (outside ``{fields}``)."""
    out = set()
    for lit, _, _, _ in string.Formatter().parse(template):
        out.update(re.findall(r"\d+", lit or ""))
    return out


def non_finite_shown(b: Binding, values, params) -> bool:
    for f in b.fields.values():
        if isinstance(f, Val):
            x = lookup(f.path, values, params)
            if x is None:
                return True
            try:
                if not math.isfinite(float(x)):
                    return True
            except (TypeError, ValueError):
                pass
    return False


def check_text(where: str, shown: str, b: Binding | None, scene, choices: dict) -> list[str]:
    """Failures of one text on screen (or one narration line)."""
    table, lang, v, p = scene.TEXT, scene.lang, scene.v, scene.params
    bad = []
    if b is None:
        if any(c.isdigit() for c in shown):
            bad.append(f"{where}: unaccounted number in {shown!r} (bind it or give a reason)")
        if BAD_WORDS.search(shown):
            bad.append(f"{where}: {shown!r} says None/nan/inf")
        return bad
    if b.reason is not None and not b.reason.strip():
        bad.append(f"{where}: fixed label {shown!r} has no reason")
    if b.key is not None and b.key not in table:
        return [f"{where}: text key {b.key!r} not in the table"]
    try:
        want = expected_string(b, table, lang, v, p)
    except (AttributeError, KeyError, IndexError, TypeError, ValueError) as e:
        return [f"{where}: binding of {shown!r} does not resolve: {e!r}"]
    if shown != want:
        bad.append(f"{where}: shows {shown!r}, values say {want!r}")
    if (BAD_WORDS.search(shown) or style.INFINITY in shown) and not non_finite_shown(b, v, p):
        bad.append(f"{where}: {shown!r} says None/nan/inf/∞ for a finite value")
    if b.key is not None and not b.math:
        entry = table[b.key]
        declared = set(entry.get("fixed", {}))
        for digits in literal_digits(entry[lang]) - declared:
            bad.append(f"{where}: text {b.key!r} ({lang}) types the number {digits!r}; bind it "
                       "or declare it under 'fixed' with a reason")
    if b.variant is not None:
        base = b.key[: -len(b.variant) - 1]
        base = base[:-4] if base.endswith(".say") else base
        rule = choices.get(base)
        if rule is None:
            bad.append(f"{where}: sentence {b.key!r} is chosen among variants but the tests "
                       f"have no independent rule for {base!r}")
        else:
            want_variant = rule(v, p)
            if want_variant != b.variant:
                bad.append(f"{where}: chose {b.key!r}, the values call for variant "
                           f"{want_variant!r}")
    return bad


def check_frame(scene) -> list[str]:
    """Texts inside the frame, out of the caption band, not overlapping, at every hold; and
    nothing drawn (shapes included) inside the caption band players draw cues in."""
    bad = []
    for beat, (y, what) in getattr(scene, "lowest", {}).items():
        if y < style.STAGE_BOTTOM - TOL:
            bad.append(f"{beat}: drawn content ({what}) reaches y = {y:.2f}, in the caption "
                       f"band (below {style.STAGE_BOTTOM:.2f})")
    for beat, boxes in scene.layouts.items():
        for label, (x0, y0, x1, y1) in boxes:
            if not (-HALF_W - TOL <= x0 and x1 <= HALF_W + TOL):
                bad.append(f"{beat}: {label} off-frame in x")
            if not (-HALF_H - TOL <= y0 and y1 <= HALF_H + TOL):
                bad.append(f"{beat}: {label} off-frame in y")
            if y0 < style.STAGE_BOTTOM - TOL:
                bad.append(f"{beat}: {label} in the caption band")
        for (la, a), (lb, b) in itertools.combinations(boxes, 2):
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > TOL and h > TOL:
                bad.append(f"{beat}: {la} overlaps {lb}")
    return bad


#: the path of the sweep's index itself (a cursor standing on the i-th box)
INDEX = "{i}"


def _path_at(path: str, j: int) -> str:
    return path.replace("{i}", str(j))


def check_sweeps(scene) -> list[str]:
    """Frames between holds: every sweep's samples (:class:`scenes.live.Live`) against what it
    declares it follows, resolved here from the values.

    A sweep must declare ``over`` (the array whose indices its plays cover, first to last) and
    every live part its ``path``; at each sampled index ``j`` a readout must show the value at
    its path in its format (whole string), and a shape's measure must equal the value(s) at its
    path(s) within its tolerance (the path ``"{i}"`` is ``j`` itself). A shape with no
    measure must say why it encodes no value (``decor``).
    """
    v, p = scene.v, scene.params
    bad = []
    for n, sw in enumerate(getattr(scene, "sweeps", [])):
        where = f"{sw.beat} sweep {n}"
        if sw.over is None:
            bad.append(f"{where}: declares no values array it sweeps over (Live(..., over=))")
        else:
            try:
                size = len(lookup(sw.over, v, p))
            except (AttributeError, KeyError, IndexError, TypeError) as e:
                bad.append(f"{where}: over={sw.over!r} does not resolve: {e!r}")
                size = None
            if size is not None:
                end = size - 1 if sw.to is None else int(lookup(sw.to, v, p))
                moved = [j for span in sw.spans for j in span]
                got = (min(moved), max(moved)) if moved else None
                if got != (0, end):
                    bad.append(f"{where}: covers indices {got}, declared 0..{end} "
                               f"({sw.over}{'' if sw.to is None else ' to ' + sw.to})")
        for at in (() if sw.at is None else (sw.at,) if isinstance(sw.at, str) else sw.at):
            k = lookup(at, v, p)
            if k is None:           # a crossing that does not happen: the claim names none
                continue
            k = int(k)
            if all(j != k for j, _ in sw.samples):
                bad.append(f"{where}: never stands on the index its claim names ({at} = {k})")
        for k, it in enumerate(sw.items):
            decor = getattr(it, "decor", None)
            if it.kind != "shape":
                if it.path is None:
                    bad.append(f"{where}: live {it.kind} {k} follows no declared values path")
            elif decor is not None:
                if not str(decor).strip():
                    bad.append(f"{where}: live shape {k} says it encodes no value but gives "
                               "no reason (decor=)")
                elif it.path is not None or it.measure is not None:
                    bad.append(f"{where}: live shape {k} declares a measure and a reason it "
                               "encodes no value (decor=); one or the other")
            elif it.path is None or it.measure is None:
                # every live shape is checked or says why not: none is skipped silently
                bad.append(f"{where}: live shape {k} ({it.path}) declares no "
                           f"{'measure' if it.path is not None else 'path and measure'} "
                           "and no reason it encodes no value (decor=)")

        for j, readings in sw.samples:
            for it, got in zip(sw.items, readings):
                if it.path is None or (it.kind == "shape" and it.measure is None):
                    continue
                paths = it.path if isinstance(it.path, tuple) else (it.path,)
                try:
                    want = [j if q == INDEX else lookup(_path_at(q, j), v, p) for q in paths]
                except (AttributeError, KeyError, IndexError, TypeError) as e:
                    bad.append(f"{where} at index {j}: {it.path} does not resolve: {e!r}")
                    continue
                if it.kind in ("number", "text"):
                    x = want[0].item() if isinstance(want[0], np.generic) else want[0]
                    w = style.format_value(x, it.fmt)
                    if got != w:
                        bad.append(f"{where} at index {j}: readout shows {got!r}, "
                                   f"{_path_at(paths[0], j)} is {w!r}")
                else:
                    g = np.ravel(np.asarray(got, dtype=float))
                    w = np.concatenate([np.ravel(np.asarray(x, dtype=float)) for x in want])
                    if g.shape != w.shape or not np.allclose(g, w, rtol=0, atol=it.tol):
                        bad.append(f"{where} at index {j}: shape measures {g.tolist()}, "
                                   f"{[_path_at(q, j) for q in paths]} are {w.tolist()}")
    return bad


def value_fields(b: Binding) -> dict:
    """A binding's value fields as ``{field: (path, format)}`` (not the plural endings)."""
    return {k: (f.path, f.fmt) for k, f in b.fields.items()
            if isinstance(f, Val) and f.fmt != "s"}


def call_key(b: Binding) -> str:
    """The text-table key a scene asked for, without the variant it chose (``p.half`` for
    ``p.half.alive``, ``bias.fix.say`` for ``bias.fix.say.recommended``): every variant of one
    call is given the same fields."""
    return b.key[: -len(b.variant) - 1] if b.variant else b.key


_ANY_INDEX = re.compile(r"\[-?\d+\]")


def any_index(path: str) -> str:
    """``path`` with every index written ``[*]`` (``walk_factors[3]`` -> ``walk_factors[*]``)."""
    return _ANY_INDEX.sub("[*]", path)


def _pinned_path(pin_path: str, declared: str) -> str:
    """The path a pin gives a field: itself, or, written with ``[*]`` (one call in a loop over
    an index), the declared path if it has that shape (the index is the loop's)."""
    if "[*]" not in pin_path:
        return pin_path
    if any_index(declared) != pin_path:
        raise ValueError(f"{declared!r} is not of the pinned shape {pin_path!r}")
    return declared


def pinned_string(b: Binding, pin: dict, table: dict, lang: str, values, params) -> str:
    """What ``b`` must show when each value field is the pin's ``(path, format)``: the template
    re-read from the table, plural endings bound to the pinned count's path."""
    fields = {}
    for k, f in b.fields.items():
        if k in pin:
            fields[k] = Val(_pinned_path(pin[k][0], f.path), pin[k][1])
        elif isinstance(f, Val) and f.fmt == "s" and k[:-2] in pin:
            count = b.fields[k[:-2]]
            fields[k] = Val(_pinned_path(pin[k[:-2]][0], count.path), "s")
        else:
            fields[k] = f
    return expected_string(Binding(b.template, fields, key=b.key, math=b.math), table, lang,
                           values, params)


def check_pinned_fields(where: str, shown: str, b: Binding | None, scene, pins) -> list[str]:
    """Issue 20, class 4: a text's value fields re-derived from the tests' own pin of their
    path and format (``tests/pins/fields/``), not from what the scene declared: a field shown
    with too few decimals, from a neighbouring path or in a neighbouring format shows another
    string than the pin's at untidy parameters (the defaults are tidy numbers and hide it)."""
    if b is None or b.reason is not None:
        return []
    mine = value_fields(b)
    if not mine:
        return []
    texts, readouts = pins[:2]
    name = call_key(b) if b.key is not None else b.readout_name()
    table = texts if b.key is not None else readouts
    pin = table.get(name, table.get(any_index(name)))
    what = "text" if b.key is not None else "readout"
    if isinstance(pin, str):   # a readout named by its own path: the pin is its format
        pin = {k: (any_index(name), pin) for k in mine}
    if pin is None:
        return [f"{where}: {what} {name!r} shows values {sorted(mine)} that no pin in "
                "tests/pins/fields/ declares (path and format of each)"]
    tried = []
    for one in (pin if isinstance(pin, list) else [pin]):
        if set(one) != set(mine):
            tried.append(f"fields {sorted(one)}")
            continue
        try:
            want = pinned_string(b, one, scene.TEXT, scene.lang, scene.v, scene.params)
        except (AttributeError, KeyError, IndexError, TypeError, ValueError) as e:
            tried.append(f"a pin that does not resolve: {e!r}")
            continue
        if want == shown:
            return []
        tried.append(repr(want))
    return [f"{where}: {what} {name!r} shows {shown!r}, its pinned paths and formats say "
            + " or ".join(tried)]


def pinned_fields(scene):
    """The field pins of the scene's section, ``(texts, readouts, variants)``
    (``tests/pins/fields/``), or None (a stand-in scene)."""
    from pins import FIELDS, READOUTS, VARIANTS

    sid = getattr(scene, "SECTION_ID", None)
    if sid not in FIELDS:
        return None
    return FIELDS[sid], READOUTS.get(sid, {}), VARIANTS.get(sid, {})


def check_declared_variant(where: str, b: Binding | None, declared: dict) -> list[str]:
    """A sentence chosen among variants shows one its pin declares (``VARIANTS``), so the
    test that every declared variant is selected somewhere sees them all."""
    if b is None or b.variant is None or b.key is None:
        return []
    base = call_key(b)
    base = base[:-4] if base.endswith(".say") else base
    if b.variant not in declared.get(base, ()):
        return [f"{where}: variant {b.key!r} is not among {base!r}'s declared variants "
                "(tests/pins/fields/)"]
    return []


#: Mobjects whose glyphs LaTeX typesets (a DecimalNumber's digits are MathTex too).
TEX_KINDS = ("MathTex", "Tex", "SingleStringMathTex", "DecimalNumber", "Integer")
#: A live readout is Manim's DecimalNumber (its digits are TeX) beside a label typeset in TeX
#: too (STYLE.md "Typography": a readout's label and its number share one face); the role
#: "live readout" is TeX throughout the lecture, so (a) does not apply to it.
LIVE_KINDS = ("DecimalNumber", "Integer")
#: A hyphen-minus before a digit (not inside a word: "float32", "h-1" are not numbers).
_HYPHEN_MINUS = re.compile(r"(?<![A-Za-z0-9_])-(?=\.?\d)")
#: A whole number of 4+ digits written without grouping, and one grouped by commas.
_UNGROUPED = re.compile(r"(?<![\d.{}\w])(?<!\d,)(\d{4,})(?!\d|,\d{3}|\{,\})")
_GROUPED = re.compile(r"(?<![\d.])(\d{1,3}(?:(?:,|\{,\})\d{3})+)(?![\d.])")


def _face_parts(shown: str, kind: str, b: Binding | None) -> str:
    """What the lecture font draws of a text: all of a Text, the parts of a sentence outside
    ``$...$``, nothing of a formula."""
    if kind in TEX_KINDS or (b is not None and b.math):
        return ""
    return _TEX_PART.sub(" ", shown)


def check_number_style(where: str, shown: str, kind: str, b: Binding | None) -> list[str]:
    """Issue 22, one number style (STYLE.md "Numbers", "Typography"): (a) no bound value
    typeset by LaTeX beside the lecture font: no live readout as a ``DecimalNumber``
    (:data:`LIVE_KINDS`; a readout is a lecture-font Text, as the sentences around it), no
    field inside ``$...$`` in a sentence, even one written wholly as ``$...$`` (a formula of
    the text table, ``mathv``, is TeX as a whole: its role is TeX everywhere); (b) no
    hyphen-minus before a digit in what the lecture font draws; (c), counts in one style, is
    :func:`check_counts_grouped` (it compares the texts of one hold)."""
    bad = []
    vals = value_fields(b) if b is not None and b.reason is None else {}
    if vals and kind in LIVE_KINDS:
        bad.append(f"{where}: live readout {shown!r} typeset by LaTeX (a DecimalNumber); a "
                   "readout is in the lecture font (LectureScene.number)")
    elif vals:
        if kind in TEX_KINDS or b.math:
            pass   # a formula or an axis tick, all TeX: one face (its role is TeX everywhere)
        else:
            # an index in a subscript or superscript is part of the symbol ($h_{7}$)
            tpl = re.sub(r"[_^]\{\{\{\w+\}\}\}", "", b.template)
            inside = sorted(k for k in tex_typeset_fields(b, tpl) if k in vals)
            if inside:
                bad.append(f"{where}: value field(s) {inside} inside $...$ in {shown!r} "
                           "(typeset in TeX beside the lecture font)")
    face = _face_parts(shown, kind, b)
    if _HYPHEN_MINUS.search(face):
        bad.append(f"{where}: hyphen-minus before a digit in {shown!r} (the minus is "
                   f"{style.MINUS!r})")
    return bad


def check_counts_grouped(beat: str, texts: list[tuple[str, str, Binding | None]],
                         values, params) -> list[str]:
    """Issue 22 (c): counts in one style at a hold: a value field whose shown string has a
    whole part of 4+ digits ungrouped ("1024" from "int" or "num") fails, and so does an
    ungrouped number anywhere on screen that another text of the hold shows grouped
    ("1024" beside "1,024")."""
    bad = []
    grouped = set()
    for shown, kind, b in texts:
        grouped.update(m.replace("{,}", "").replace(",", "") for m in _GROUPED.findall(shown))
    for shown, kind, b in texts:
        if b is not None and b.reason is None:
            for k, f in b.fields.items():
                if isinstance(f, Val) and f.fmt not in ("s", "str"):
                    try:
                        text = expected_field(f, values, params)
                    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
                        continue
                    whole = re.split(r"[.×]", text.replace(style.MINUS, ""))[0]
                    if whole.isdigit() and len(whole) >= 4:
                        bad.append(f"{beat}: {f.path} shows {text!r} in {shown!r} ungrouped "
                                   f"(format {f.fmt!r}); a count is grouped (format 'count')")
        for m in _UNGROUPED.findall(shown):
            if m in grouped:
                bad.append(f"{beat}: {m!r} in {shown!r} beside {int(m):,} elsewhere on screen "
                           "(one count style)")
    return bad


def check_scene(scene, choices: dict | None = None) -> list[str]:
    """Every failure of a constructed scene: texts, narration, claims, choices, the value
    fields against their pins, the number style, sweeps, frame, and narration lines that
    start no animation in their first second (issue 22)."""
    from rnn_lecture.motion import LINE_ACTION_WITHIN, late_lines

    choices = choices or {}
    pins = pinned_fields(scene)
    bad = []
    if list(scene.records) != list(scene.BEATS):
        bad.append(f"beats held {list(scene.records)} != BEATS {list(scene.BEATS)}")
    # texts too small for a phone's player, measured at each hold (tests/textsize.py)
    bad += [f"too small to read: {x}" for x in getattr(scene, "small_texts", [])]
    for beat, rec in scene.records.items():
        items = [(f"{beat} claim", *rec["claim"])]
        items += [(f"{beat} narration {i}", line, nb) for i, (line, nb) in
                  enumerate(rec["narration"])]
        items += [(f"{beat} text", shown, b) for shown, b in rec["texts"]]
        kinds = ["Text", *["Text"] * len(rec["narration"]),
                 *[lab.split(":")[0] for lab, _ in scene.layouts.get(beat, [])]]
        if len(kinds) != len(items):    # a stand-in scene without layouts: kinds unknown
            kinds = ["Text"] * len(items)
        for (where, shown, b), kind in zip(items, kinds):
            bad += check_text(where, shown, b, scene, choices)
            bad += check_number_style(where, shown, kind, b)
            if pins is not None:
                bad += check_pinned_fields(where, shown, b, scene, pins)
                bad += check_declared_variant(where, b, pins[2])
        bad += check_counts_grouped(beat, [(shown, kind, b) for (_, shown, b), kind
                                           in zip(items, kinds)], scene.v, scene.params)
    bad += check_sweeps(scene)
    bad += check_frame(scene)
    for beat, start, duration, key in late_lines(getattr(scene, "lines", []),
                                                 getattr(scene, "timeline", [])):
        bad.append(f"{beat}: narration line {key!r} at {start:.1f} s ({duration:.1f} s) starts "
                   f"no animation in its first {LINE_ACTION_WITHIN:g} s")
    return bad
