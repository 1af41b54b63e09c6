"""The recording sheet: every narration line an instructor reads into a microphone, with the
file name its recording must have (``rnn-lecture script --recording-sheet DIR``).

The sheet is written for the parameters and language given, into the recordings folder
itself: ``DIR/recording-sheet.<lang>.md`` (to read from) and ``.json`` (for tools). Each
line's file name holds a digest of its words as the scene says them, numbers filled in
(:func:`rnn_lecture.voice.recording_name`): a parameter that changes a sentence changes that
line's name on the sheet, and ``render --voice recorded:DIR`` then asks for the new recording
instead of playing one that says another number.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import safefs
from .voice import EXTENSIONS, recording_name


class _Listener:
    """A scene's voice that only writes down what the scene says."""

    def __init__(self, lang: str, section: str):
        self.lang, self.section, self.lines = lang, section, []

    def line(self, beat: str, key: str, text: str):
        self.lines.append({"section": self.section, "beat": beat, "key": key, "text": text,
                           "file": recording_name(self.lang, self.section, beat, key, text)})
        return None


def sheet_lines(sections, lang: str, params: dict) -> list[dict]:
    """Every narration line of ``sections`` (registry entries), in order: ``section``,
    ``beat``, ``key``, ``text`` and ``file`` (without extension, under the folder); a line
    said twice with the same words is listed once (one recording serves both)."""
    from scenes.script import cache_dir, construct

    lines, seen = [], set()
    for s in sections:
        ear = _Listener(lang, s.id)
        construct(s.id, lang, params[s.id], cache=cache_dir(), voice=ear)
        for ln in ear.lines:
            if ln["file"] not in seen:
                seen.add(ln["file"])
                lines.append(ln)
    return lines


def write_sheet(folder, sections, lang: str, params: dict) -> list[Path]:
    """Write the sheet (Markdown and JSON) into ``folder``; return their paths."""
    from scenes.registry import to_json

    lines = sheet_lines(sections, lang, params)
    folder = Path(folder)
    safefs.ensure_dir(folder, folder)
    doc = {"lang": lang, "extensions": list(EXTENSIONS),
           "params": {s.id: to_json(params[s.id]) for s in sections},
           "lines": lines}
    md = [f"# Recording sheet ({lang})", "",
          f"{len(lines)} lines. Record each into the file named under it, in this folder "
          f"(any of {', '.join('.' + e for e in EXTENSIONS)}; 44.1 or 48 kHz), then render "
          f"with `--voice recorded:{folder}`. A line is one breath: read it whole; silence "
          "before and after is trimmed, and every line is brought to the same loudness.", ""]
    section = beat = None
    n = 0
    for ln in lines:
        if ln["section"] != section:
            section, beat = ln["section"], None
            md += [f"## {section}", ""]
        if ln["beat"] != beat:
            beat = ln["beat"]
            md += [f"### {beat}", ""]
        n += 1
        md += [f"{n}. {ln['text']}", f"   `{ln['file']}.wav`", ""]
    paths = [folder / f"recording-sheet.{lang}.md", folder / f"recording-sheet.{lang}.json"]
    safefs.write_atomic(paths[0], "\n".join(md))
    safefs.write_atomic(paths[1], json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return paths
