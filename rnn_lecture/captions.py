"""Captions that read like captions: narration split into short cues, SRT, WebVTT, chapters.

Manim writes one subcaption per narration line (one cue of up to ~28 s and 100 characters).
:func:`split_cue` turns one such line into broadcast-style cues, as caption guides for streaming
services state them:

* at most two lines a cue; a line at most :data:`LINE_COLUMNS` columns (42 in English, 16
  full-width characters = 32 columns in Chinese), measured by display width
  (:func:`display_width`: East Asian Wide and Fullwidth characters count 2);
* cues of :data:`MIN_CUE`–:data:`MAX_CUE` seconds, timed in proportion to their reading time
  (characters) inside the line's span, so the reading rate of the narration is kept;
* breaks at sentence punctuation first, then clause punctuation (，。；：！？ and , . ; :), and
  never inside a number, a formula such as ``W_h = 0.90`` or ``h_7``, a Latin word, or a short
  bracketed group such as ``(-1, 1)``.

:func:`write_section_captions` applies it to a rendered section folder: ``<section>.srt`` and
``<section>.vtt`` for the whole video, ``<section>.chapters.vtt`` (one chapter per beat, titled
by the beat's claim) and ``clips/NN_<beat>.srt/.vtt`` with times shifted to each clip's start.

Titles and cues are text, not TeX: a claim's ``$...$`` parts and the narration's code-style
names (``W_h``, ``c_t``, ``f^k``) are written in Unicode (Wₕ, cₜ, fᵏ) by
:func:`scenes.plain.plain_text` (:func:`title_text`, :func:`cue_text`).

Pure Python (no manim, no numpy).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from scenes.plain import plain_text

#: Line width limit in display columns.
LINE_COLUMNS = {"en": 42, "zh": 32}
#: At most this many lines on screen in one cue.
MAX_LINES = 2
#: Cue duration bounds in seconds.
MIN_CUE, MAX_CUE = 1.5, 7.0

# Break strengths after an atom: 3 sentence end, 2 clause, 1 plain (space / between CJK
# characters), 0 forbidden.
_SENTENCE_END = set("。！？.!?")
_CLAUSE_END = set("，；：,;:")
_ENUM_COMMA = set("、")
#: Closing punctuation sticks to what precedes it; opening punctuation to what follows.
_CLOSING = set("，。；：！？、）」』”’》〉】,.;:!?)]}%")
_OPENING = set("（「『“‘《〈【([{")
#: Cost of ending a cue / breaking a line after an atom of each break strength.
_CUE_COST = {3: 0.0, 2: 3.0, 1.5: 6.0, 1.2: 10.0, 1: 14.0, 0.8: 22.0}
_LINE_COST = {3: 2.0, 2: 0.5, 1.5: 1.0, 1.2: 2.0, 1: 6.0, 0.8: 12.0}
#: English words a line should not end on (articles, prepositions, conjunctions).
_EN_WEAK_END = {"a", "an", "the", "of", "to", "by", "at", "in", "on", "for", "with", "from",
                "into", "and", "or", "its", "their", "is", "are", "as", "than"}
#: Chinese: a break after a particle or before a function character falls between words.
_ZH_AFTER = set("的了着地得")
_ZH_BEFORE = set("和与或而但就才都也还只是在把被从向对给让为所再又")
_FORBIDDEN = 1e9
#: A number as the formatters write it (``1,024``, ``−0.36``, ``9.8×10⁻⁴⁸``, ``∞``): one atom.
_NUMBER = re.compile(r"[-−]?(?:\d[\d,.]*(?:×10[⁻⁰¹²³⁴-⁹]+)?|∞)")


@dataclass(frozen=True)
class Cue:
    """One caption cue: seconds from the start of the video, and its lines."""

    start: float
    end: float
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def duration(self) -> float:
        return self.end - self.start


def is_wide(ch: str) -> bool:
    """True for East Asian Wide or Fullwidth characters (two display columns)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def display_width(s: str) -> int:
    """Display columns of ``s``: Wide/Fullwidth characters count 2, others 1."""
    return sum(2 if is_wide(ch) else 1 for ch in s if unicodedata.category(ch) != "Mn")


@dataclass
class _Atom:
    """An unbreakable piece of text, the space before it, and the break strength after it."""

    text: str
    space_before: bool = False
    strength: float = 1.0


def _strength(text: str) -> float:
    t = text.rstrip("）」』”’》〉】)]}\"'")
    if not t:
        return 1.0
    last = t[-1]
    if last in _SENTENCE_END:
        return 3.0
    if last in _CLAUSE_END:
        return 2.0
    if last in _ENUM_COMMA:
        return 1.5
    return 1.0


def _glue_groups(words: list[str], limit: int) -> list[list[int]]:
    """Indices of words that must stay together: ``X = Y`` groups and short brackets."""
    n = len(words)
    joined = [False] * max(n - 1, 0)  # joined[i]: no break between word i and i+1
    for i in range(n - 1):
        a, b = words[i], words[i + 1]
        if b in ("=", "≈", "<", ">", "≤", "≥", "→", "×", "+", "-", "−", "·", "/") or \
                a in ("=", "≈", "<", ">", "≤", "≥", "→", "×", "+", "-", "−", "·", "/"):
            joined[i] = True
    # short bracketed groups: "(-1, 1)", "(Gu & Dao, 2023)"
    depth_start = None
    for i, w in enumerate(words):
        if depth_start is None and w.startswith(("(", "（", "[")) and not _closes(w):
            depth_start = i
        elif depth_start is not None and _closes(w):
            group = " ".join(words[depth_start:i + 1])
            if display_width(group) <= min(16, limit):
                for k in range(depth_start, i):
                    joined[k] = True
            depth_start = None
    groups, cur = [], [0] if n else []
    for i in range(n - 1):
        if joined[i]:
            cur.append(i + 1)
        else:
            groups.append(cur)
            cur = [i + 1]
    if cur:
        groups.append(cur)
    # a glued group wider than a line is split at its spaces again (it could not be shown)
    out = []
    for g in groups:
        if display_width(" ".join(words[k] for k in g)) <= limit:
            out.append(g)
        else:
            out.extend([k] for k in g)
    return out


def _closes(w: str) -> bool:
    opens = sum(w.count(c) for c in "(（[")
    closes = sum(w.count(c) for c in ")）]")
    return closes > opens or (closes and w.rstrip(",.;:，。；：").endswith((")", "）", "]")))


def _atoms_en(text: str, limit: int) -> list[_Atom]:
    words = [w for w in text.split(" ") if w]
    atoms = []
    for g in _glue_groups(words, limit):
        s = " ".join(words[k] for k in g)
        atoms.append(_Atom(s, space_before=bool(atoms), strength=_strength(s)))
    for k, a in enumerate(atoms):
        nxt = atoms[k + 1].text if k + 1 < len(atoms) else ""
        if a.strength == 1.0 and (a.text.lower() in _EN_WEAK_END or len(nxt.rstrip(",.;:")) == 1
                                  or _NUMBER.fullmatch(a.text) and nxt[:1].isalpha()):
            # no line ends on "the"; "gate | f" and "7 | multiplications" stay together
            a.strength = 0.8
    return atoms


def _jieba():
    """jieba, without its log lines about loading the dictionary."""
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def warm_segmenter():
    """Load jieba's dictionary in a background thread and return the thread. The first Chinese
    captions of a process wait for it otherwise (its import and a 1.4 s ``marshal.load``),
    and a render writes captions at the end, after the workers' last beats, when nothing else
    runs; a render starts this while its workers draw."""
    import threading

    t = threading.Thread(target=lambda: _jieba().initialize(), name="jieba warm-up",
                         daemon=True)
    t.start()
    return t


#: The folder where the word starts jieba found are kept, one small JSON file a text
#: (:func:`keep_segments_in`), or None.
_SEGMENTS: dict = {"dir": None}


@functools.lru_cache(maxsize=1)
def _jieba_version() -> str:
    from importlib import metadata

    return metadata.version("jieba")


def keep_segments_in(folder) -> None:
    """Keep every text's word starts in ``folder`` (None: keep none) and read them back from
    there: a process whose Chinese captions were all split before (a beat previewed again
    after a change of parameters that leaves its sentences alone) loads no dictionary, which
    took it about a second (a ``marshal.load`` that holds the interpreter). The renderer
    keeps them beside its LaTeX cache (:func:`rnn_lecture.render.job.segments_dir_for`)."""
    _SEGMENTS["dir"] = None if folder is None else Path(folder)


def _word_starts(text: str) -> set[int]:
    """Indices where a Chinese word starts (jieba's dictionary segmentation, no HMM, so the
    same text always splits the same way), from :func:`keep_segments_in`'s folder if it has
    them (the file is named after jieba's version and the text)."""
    import hashlib
    import json

    from . import safefs

    folder, path = _SEGMENTS["dir"], None
    if folder is not None:
        key = f"{_jieba_version()}\n{text}".encode("utf-8")
        path = folder / f"{hashlib.sha256(key).hexdigest()[:32]}.json"
        try:
            return {int(i) for i in json.loads(safefs.read_bytes(path, 1 << 20))}
        except (OSError, ValueError, TypeError):
            pass
    starts, i = set(), 0
    for w in _jieba().cut(text, HMM=False):
        starts.add(i)
        i += len(w)
    if path is not None:
        try:
            safefs.check_not_link(folder, "the word-start cache")
            folder.mkdir(parents=True, exist_ok=True)
            safefs.write_atomic(path, json.dumps(sorted(starts)))
        except OSError:
            pass            # a cache: a folder we may not write is one we do without
    return starts


def _atoms_zh(text: str, limit: int) -> list[_Atom]:
    """Chinese words (jieba) one by one; runs of other characters (Latin words, numbers,
    formulas, with the single spaces between them) as one atom; punctuation glued to its
    neighbour; a short bracketed group is only broken as a last resort."""
    atoms: list[_Atom] = []
    starts = _word_starts(text)
    in_word = False  # the last atom is a Chinese word that text[i] may continue
    i, n = 0, len(text)
    pending_open = ""
    space = False
    while i < n:
        ch = text[i]
        if ch == " ":
            space, in_word = True, False
            i += 1
            continue
        if ch in _OPENING:
            pending_open += ch
            i += 1
            continue
        if ch in _CLOSING and atoms and not pending_open:
            atoms[-1].text += ch
            in_word = False
            i += 1
            continue
        if is_wide(ch):
            if in_word and i not in starts and not pending_open and not space:
                atoms[-1].text += ch
            else:
                atoms.append(_Atom(pending_open + ch, space_before=space and bool(atoms)))
            pending_open, space, in_word = "", False, True
            i += 1
            continue
        in_word = False
        # a run of non-wide characters, spaces inside included, up to the next wide char
        j = i
        while j < n and not is_wide(text[j]):
            j += 1
        run = text[i:j]
        trailing_space = run.endswith(" ")
        run = run.rstrip(" ")
        words = [w for w in run.split(" ") if w]
        for k, g in enumerate(_glue_groups(words, limit) if display_width(run) > limit
                              else [list(range(len(words)))]):
            s = " ".join(words[m] for m in g)
            atoms.append(_Atom((pending_open if k == 0 else "") + s,
                               space_before=(space if k == 0 else True) and bool(atoms)))
        pending_open, space = "", trailing_space
        i = j
    if pending_open:
        atoms.append(_Atom(pending_open, space_before=space and bool(atoms)))
    inside = _inside_short_brackets(atoms, limit)
    for k, a in enumerate(atoms):
        a.strength = _strength(a.text)
        if k in inside:
            a.strength = 0.8  # inside "（Pascanu 等，2013）": keep the group whole
            continue
        if a.strength == 1.0 and k + 1 < len(atoms):
            nxt = atoms[k + 1]
            if a.text[-1].isdigit() and is_wide(nxt.text[0]):
                a.strength = 0.8  # a number and its measure word: "1024 | 个" reads badly
            elif (a.text[-1] in _ZH_AFTER or nxt.text[0] in _ZH_BEFORE or nxt.space_before
                    or not is_wide(a.text[-1])):
                a.strength = 1.2  # between words: after 的, before 都, around a Latin run
    return atoms


def _inside_short_brackets(atoms_: list[_Atom], limit: int) -> set[int]:
    """Indices of atoms followed by a break inside a bracketed group that fits on a line."""
    out, depth, opened = set(), 0, 0
    for k, a in enumerate(atoms_):
        opens = sum(a.text.count(c) for c in "（(「『“")
        closes = sum(a.text.count(c) for c in "）)」』”")
        if opens > closes and depth == 0:
            opened = k
        depth = max(depth + opens - closes, 0)
        if depth == 0 and k > opened and (opens or closes):
            if display_width(_join(atoms_[opened:k + 1])) <= limit * 3 // 4:
                out.update(range(opened, k))
            opened = k + 1
    return out


def atoms(text: str, lang: str) -> list[_Atom]:
    """The unbreakable pieces of ``text`` with the break strength after each."""
    text = " ".join(text.split())  # one line, single spaces
    limit = LINE_COLUMNS[lang]
    return _atoms_zh(text, limit) if lang == "zh" else _atoms_en(text, limit)


def _join(atoms_: list[_Atom]) -> str:
    out = ""
    for k, a in enumerate(atoms_):
        out += (" " if k and a.space_before else "") + a.text
    return out


def _weight(s: str) -> float:
    """Reading weight of a piece of text: its characters, spaces at breaks excluded."""
    return float(len(s))


def split_cue(text: str, lang: str, start: float, end: float) -> list[Cue]:
    """Split one narration line shown from ``start`` to ``end`` into caption cues.

    Parameters
    ----------
    text : str
        The narration line (plain text, no markup).
    lang : {"zh", "en"}
        Its language: sets the line width (:data:`LINE_COLUMNS`) and how text breaks.
    start, end : float
        The line's span in seconds.

    Returns
    -------
    list of Cue
        Cues covering ``[start, end]`` back to back, each at most two lines of at most
        ``LINE_COLUMNS[lang]`` columns and, whenever the span allows, 1.5–7 s long; each cue's
        share of the span is proportional to its characters.
    """
    if lang not in LINE_COLUMNS:
        raise ValueError(f"lang must be one of {', '.join(LINE_COLUMNS)}, got {lang!r}")
    ats = atoms(text, lang)
    if not ats:
        return []
    limit = LINE_COLUMNS[lang]
    n = len(ats)
    span = max(end - start, 0.0)
    total = sum(_weight(a.text) for a in ats) or 1.0
    prefix = [0.0]
    for a in ats:
        prefix.append(prefix[-1] + _weight(a.text))
    # display width of atoms[i:j] = sum of their widths + the spaces between them
    wsum, ssum = [0], [0]
    for a in ats:
        wsum.append(wsum[-1] + display_width(a.text))
        ssum.append(ssum[-1] + (1 if a.space_before else 0))

    def width(i, j):
        return wsum[j] - wsum[i] + ssum[j] - ssum[i + 1] if j > i else 0

    # best layout of atoms[i:j] as one cue: (cost, line break index or None)
    def cue_layout(i, j):
        w = width(i, j)
        best = (_FORBIDDEN, None)
        if w <= limit:
            best = (0.0, None)
        for k in range(i + 1, j):
            w1, w2 = width(i, k), width(k, j)
            if w1 > limit or w2 > limit:
                continue
            cost = _LINE_COST[ats[k - 1].strength] + 1.0 * abs(w1 - w2) / limit
            if cost < best[0]:
                best = (cost, k)
        if best[0] >= _FORBIDDEN and j == i + 1:
            best = (_FORBIDDEN / 2, None)  # one atom wider than a line: it has to go alone
        return best

    def duration_cost(i, j):
        d = span * (prefix[j] - prefix[i]) / total
        cost = 0.0
        if d < MIN_CUE:
            cost += 1e4 * (MIN_CUE - d)
        if d > MAX_CUE:
            cost += 1e4 * (d - MAX_CUE)
        return cost

    best = [(_FORBIDDEN * 10, -1, None)] * (n + 1)
    best[0] = (0.0, -1, None)
    for j in range(1, n + 1):
        for i in range(j - 1, -1, -1):
            if width(i, j) > MAX_LINES * limit + limit // 2 and j - i > 1:
                break
            if best[i][0] >= _FORBIDDEN * 10:
                continue
            lay_cost, brk = cue_layout(i, j)
            if lay_cost >= _FORBIDDEN:
                continue
            cut = 0.0 if j == n else _CUE_COST[ats[j - 1].strength]
            cost = best[i][0] + lay_cost + cut + duration_cost(i, j) + 1.0
            if cost < best[j][0]:
                best[j] = (cost, i, brk)
    pieces = []
    j = n
    while j > 0:
        _, i, brk = best[j]
        if i < 0:  # unreachable: fall back to one atom per cue
            i, brk = j - 1, None
        pieces.append((i, j, brk))
        j = i
    pieces.reverse()
    cues = []
    for i, j, brk in pieces:
        t0 = start + span * prefix[i] / total
        t1 = start + span * prefix[j] / total
        lines = (_join(ats[i:j]),) if brk is None else (_join(ats[i:brk]), _join(ats[brk:j]))
        cues.append(Cue(round(t0, 3), round(t1, 3), lines))
    # exact ends: no gaps from rounding
    if cues:
        cues[-1] = Cue(cues[-1].start, round(end, 3), cues[-1].lines)
    return cues


# ----- files ------------------------------------------------------------------------------

_TIME = re.compile(r"(\d+):(\d{2}):(\d{2})[,.](\d{3})")


def _parse_time(s: str) -> float:
    m = _TIME.search(s)
    if not m:
        raise ValueError(f"not a timestamp: {s!r}")
    h, mi, se, ms = (int(g) for g in m.groups())
    return h * 3600 + mi * 60 + se + ms / 1000


def parse_srt(text: str) -> list[Cue]:
    """Cues of an SRT (or WebVTT) file."""
    cues = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()):
        lines = [ln for ln in block.split("\n")]
        for k, ln in enumerate(lines):
            if "-->" in ln:
                a, b = ln.split("-->")
                body = tuple(x for x in lines[k + 1:] if x.strip())
                cues.append(Cue(_parse_time(a), _parse_time(b.strip().split(" ")[0]), body))
                break
    return cues


def _stamp(t: float, sep: str) -> str:
    ms = int(round(max(t, 0.0) * 1000))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def to_srt(cues: list[Cue]) -> str:
    """SRT text of ``cues``."""
    return "".join(f"{k}\n{_stamp(c.start, ',')} --> {_stamp(c.end, ',')}\n{c.text}\n\n"
                   for k, c in enumerate(cues, 1))


def _vtt_escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: WebVTT cue settings of every caption cue: the cue box's top edge at 82% of the video's
#: height (not snapped to lines; the box grows down from there, so a cue of one or two lines
#: never reaches above it). Chromium's own placement (``line:auto``) stacks the cues above a
#: ~73 px strip it keeps for its controls, shown or not: a two-line cue then reaches 45% of a
#: 390 px player's height above its bottom (21% of a 1280 px one); placed by this setting it
#: stays in the bottom 18% of both, inside ``style.CAPTION_BAND`` (measured in
#: ``tests/test_caption_band.py``), and shown controls draw over it instead of moving it.
#: (Chromium 156 places ``line:N%,end`` cues at the bottom edge whatever N: not used.)
CUE_SETTINGS = "line:82%"


def to_vtt(cues: list[Cue], ids: list[str] | None = None, settings: str = CUE_SETTINGS) -> str:
    """WebVTT text of ``cues`` (text escaped; ``ids`` as cue identifiers if given; each cue's
    timing line followed by ``settings``, the caption placement; ``""`` for none)."""
    out = ["WEBVTT", ""]
    tail = f" {settings}" if settings else ""
    for k, c in enumerate(cues):
        if ids:
            out.append(ids[k])
        out.append(f"{_stamp(c.start, '.')} --> {_stamp(c.end, '.')}{tail}")
        out.extend(_vtt_escape(ln) for ln in c.lines)
        out.append("")
    return "\n".join(out) + "\n"


def cue_text(line: str) -> str:
    """A narration line as its caption shows it: one line of plain Unicode text (``W_h = 0.9``
    becomes ``Wₕ = 0.9``; words and numbers as they are)."""
    return plain_text(" ".join(line.split()))


def title_text(claim: str) -> str:
    """A beat's claim as its chapter title and clip heading show it: one line, its ``$...$``
    parts written in Unicode (``$\\tanh$ 的斜率`` becomes ``tanh 的斜率``)."""
    return plain_text(" ".join(claim.split()))


def split_all(narration: list[Cue], lang: str) -> list[Cue]:
    """Split every narration cue (one line each) into caption cues of plain text
    (:func:`cue_text`)."""
    out: list[Cue] = []
    for c in narration:
        out.extend(split_cue(cue_text(" ".join(c.lines)), lang, c.start, c.end))
    return out


def shift(cues: list[Cue], t0: float, t1: float) -> list[Cue]:
    """The cues that belong to the window ``[t0, t1)``, moved so ``t0`` is 0.

    A cue belongs to the window holding most of it (clip lengths are whole frames, so a
    narration line can run a few milliseconds past its beat's clip); it is clipped to the
    window.
    """
    out = []
    for c in cues:
        overlap = min(c.end, t1) - max(c.start, t0)
        if overlap <= 0 or overlap < (c.end - c.start) / 2:
            continue
        out.append(Cue(round(max(c.start, t0) - t0, 3), round(min(c.end, t1) - t0, 3), c.lines))
    return out


def clip_to_window(cue: Cue, windows: list[tuple[float, float]]) -> Cue:
    """``cue`` clipped to the window that overlaps it most (unchanged if none does)."""
    best = max(windows, key=lambda w: min(cue.end, w[1]) - max(cue.start, w[0]),
               default=None)
    if best is None or min(cue.end, best[1]) <= max(cue.start, best[0]):
        return cue
    return Cue(max(cue.start, best[0]), min(cue.end, best[1]), cue.lines)


def beat_title(beat: str) -> str:
    """Fallback chapter title from a beat's method name: ``show_unroll`` -> ``Show unroll``."""
    return beat.replace("_", " ").strip().capitalize()


def record_beat_titles(scene) -> dict[str, str]:
    """Record each beat's claim line (its chapter title) while ``scene`` renders.

    Wraps the scene instance's ``claim`` so the first claim text of each beat is stored in the
    returned dict, as plain text (:func:`title_text`).
    """
    titles: dict[str, str] = {}
    original = getattr(scene, "claim", None)
    if original is None:
        return titles

    def claim(key, *args, **kw):
        out = original(key, *args, **kw)
        beat = getattr(scene, "current_beat", None)
        shown = getattr(getattr(scene, "_claim", None), "shown_text", None)
        if beat and beat not in titles and shown:   # the claim as drawn, bound to the values
            titles[beat] = title_text(shown)
        return out

    scene.claim = claim
    return titles


def write_section_captions(folder: Path, entry: dict, beat_titles: dict | None = None) -> dict:
    """Write split captions, chapters and per-clip captions for one rendered section folder.

    Reads the narration from ``<section>.srt`` as Manim wrote it (one cue per narration
    line) and overwrites it with the split cues. ``entry`` is the section's render record
    (``section``, ``lang``, ``clips`` with ``beat``, ``file`` and ``duration``). Returns the
    keys to add to it: ``captions``, ``captions_vtt``, ``chapters``, ``narration`` and, per
    clip, ``start``, ``title``, ``captions``, ``captions_vtt``; plus ``files`` written.
    """
    folder = Path(folder)
    sid, lang = entry["section"], entry["lang"]
    srt = folder / f"{sid}.srt"
    narration = parse_srt(srt.read_text(encoding="utf-8")) if srt.is_file() else []
    windows, t = [], 0.0  # each clip's span in the section: cumulative clip durations
    for c in entry.get("clips", []):
        windows.append((round(t, 3), round(t + float(c["duration"]), 3)))
        t += float(c["duration"])
    # A narration line can run a few ms past its beat's clip (clips are whole frames): keep
    # it inside the clip that holds most of it, so seeking to a chapter shows no leftover.
    narration = [clip_to_window(Cue(c.start, c.end, (cue_text(" ".join(c.lines)),)), windows)
                 for c in narration]
    cues = split_all(narration, lang)
    files = []
    srt.write_text(to_srt(cues), encoding="utf-8")
    (folder / f"{sid}.vtt").write_text(to_vtt(cues), encoding="utf-8")
    files += [f"{sid}.srt", f"{sid}.vtt"]
    titles = beat_titles or {}
    clips, chapters, t = [], [], 0.0
    for c in entry.get("clips", []):
        t1 = t + float(c["duration"])
        title = title_text(titles.get(c["beat"]) or beat_title(c["beat"]))
        chapters.append(Cue(round(t, 3), round(t1, 3), (title,)))
        stem = c["file"].rsplit(".", 1)[0]
        own = shift(cues, t, t1)
        (folder / f"{stem}.srt").write_text(to_srt(own), encoding="utf-8")
        (folder / f"{stem}.vtt").write_text(to_vtt(own), encoding="utf-8")
        files += [f"{stem}.srt", f"{stem}.vtt"]
        clips.append({**c, "start": round(t, 3), "title": title, "captions": f"{stem}.srt",
                      "captions_vtt": f"{stem}.vtt"})
        t = t1
    (folder / f"{sid}.chapters.vtt").write_text(
        to_vtt(chapters, ids=[c["beat"] for c in entry.get("clips", [])], settings=""),
        encoding="utf-8")
    files.append(f"{sid}.chapters.vtt")
    return {"captions": f"{sid}.srt", "captions_vtt": f"{sid}.vtt",
            "chapters": f"{sid}.chapters.vtt",
            "narration": [{"start": c.start, "end": c.end, "text": " ".join(c.lines)}
                          for c in narration],
            "clips": clips, "files": files}
