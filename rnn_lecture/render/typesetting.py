"""Typesetting up front: a section's formulas compiled before its beats are drawn.

On a cold LaTeX cache, drawing would stop at each formula to run LaTeX; a typesetting pass
(:func:`typeset_section`) plays the section without drawing and without LaTeX, notes every
formula it asks for, and compiles the missing ones at once, ``--jobs`` at a time, into the
shared cache (:mod:`scenes.tex_cache`). The scheduler queues it before a section's runs when
:func:`needs_typesetting` says so.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from scenes.tex_cache import share_tex_cache, tex_code, typeset

from .job import Job, manim_config, tex_dir_for
from .publish import _write_json

_GROUP = re.compile(r"\\special\{dvisvgm:raw (?:<g id='([^']*)'>|</g>)\}")


def _glyphs(tex: str) -> int:
    """About how many glyphs LaTeX draws for ``tex`` (a command counts as one)."""
    tex = re.sub(r"\\(?:begin|end)\{[^}]*\}|\\[,;:! ]|\\(?:left|right)\b", "", tex)
    tex = re.sub(r"\\[a-zA-Z]+", "x", tex)
    return len(re.sub(r"[\s{}^_&$%]", "", tex))


def _placeholder_svg(code: str, svg: Path) -> Path:
    """A stand-in for a formula not typeset yet: a square per glyph it will have, about, in
    the groups (``<g id=...>``) MathTex marks its parts with, so a scene finds the parts it
    indexes or colours."""
    body = code.split("\\begin{document}", 1)[-1].split("\\end{document}", 1)[0]
    parts, x, pos = [], 0, 0
    for m in list(_GROUP.finditer(body)) + [None]:
        for _ in range(_glyphs(body[pos:m.start() if m else len(body)])):
            parts.append(f'<path d="M{x} 0h4v-7h-4z"/>')
            x += 6
        if m is not None:
            parts.append(f'<g id="{m[1]}">' if m[1] else "</g>")
            pos = m.end()
    if x == 0:
        parts.append('<path d="M0 0h4v-7h-4z"/>')
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" '
                   f'viewBox="0 -8 {max(x, 6)} 10">{"".join(parts)}</svg>')
    return svg


def tex_index(job: Job) -> Path:
    """Where the last typesetting pass listed a section's formulas (for this language): beside
    the LaTeX cache."""
    tex = tex_dir_for(job)
    return tex.parent / f"{tex.name}-index" / f"{job.section}.{job.lang}.json"


def needs_typesetting(job: Job) -> bool:
    """True when no pass has listed the section's formulas yet, or one it listed is missing
    from the cache (a fresh machine, a cleared cache)."""
    try:
        names = json.loads(tex_index(job).read_text())["svgs"]
    except (OSError, ValueError, KeyError, TypeError):
        return True
    tex_dir = tex_dir_for(job)
    return not all((tex_dir / n).is_file() for n in names)


def typeset_section(job: Job, threads: int) -> dict:
    """Typeset a section's formulas up front, ``threads`` at a time.

    The section is played without drawing and without LaTeX: every formula it asks for is
    noted, and one not in the cache stands in as a placeholder (:func:`_placeholder_svg`), so
    the pass costs about a plan. A scene that trips over a placeholder's shape ends the pass
    early; formulas after that point are typeset by the render as it meets them. The missing
    formulas are then compiled at once (LaTeX runs in its own processes, so threads suffice),
    and the list is written to :func:`tex_index`. Returns ``{"formulas", "typeset",
    "complete"}``.
    """
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    import manim.utils.tex_file_writing as tfw
    from manim import config, tempconfig

    from scenes.manim_patches import tex_to_svg_file_as
    from scenes.registry import get

    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    media = Path(tempfile.mkdtemp(prefix="rnn-lecture-typeset-"))
    wanted: dict[str, tuple] = {}

    def note(expression, environment=None, tex_template=None):
        template = tex_template if tex_template is not None else config["tex_template"]
        code = tex_code(expression, environment, template)
        svg = tex_dir / f"{tfw.tex_hash(code)}.svg"
        wanted.setdefault(svg.name, (code, template, svg))
        return svg if svg.is_file() else _placeholder_svg(code, media / svg.name)

    complete = True
    try:   # at 2 frames a second: updaters run on fewer frames; the formulas are the same
        with tex_to_svg_file_as(note), \
                tempconfig({**manim_config(job, media, tex_dir), "frame_rate": 2}):
            scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                                   only_beat="")
            try:
                scene.render()
            except Exception:        # a placeholder's shape; the render meets the rest
                complete = False
    finally:
        shutil.rmtree(media, ignore_errors=True)
    missing = [w for w in wanted.values() if not w[2].is_file()]
    with ThreadPoolExecutor(max(1, threads)) as pool:
        list(pool.map(lambda w: typeset(*w), missing))
    index = tex_index(job)
    index.parent.mkdir(parents=True, exist_ok=True)
    _write_json(index, {"svgs": sorted(wanted), "complete": complete})
    return {"formulas": len(wanted), "typeset": len(missing), "complete": complete}
