"""Read a section before rendering it: construct its scene without drawing a frame and list,
beat by beat, the claim, the narration and every text on screen (``rnn-lecture script``)."""

from __future__ import annotations

import os
from pathlib import Path

from .registry import get, to_json


def cache_dir() -> Path:
    """The folder the ``script`` and ``stills`` commands keep Manim's caches in (its LaTeX
    SVGs and text glyphs), so that they write nothing in the folder they are run from:
    ``$XDG_CACHE_HOME/rnn-lecture/construct`` (``~/.cache`` without it). The LaTeX cache is
    ``$RNN_LECTURE_TEX_DIR`` when that is set, as for renders."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rnn-lecture" / "construct"


def construct(section_id: str, lang: str = "zh", params: dict | None = None,
              layout_only: bool = True, quality: str = "low_quality", hold_hook=None,
              cache: Path | None = None, voice=None):
    """Run a section's ``construct()`` with no video written and return the scene.

    ``layout_only`` jumps each animation to its end state (the held frames are the same);
    ``False`` plays them through Manim's own skip mode. ``cache``: the folder Manim keeps its
    caches in (see :func:`cache_dir`); without it, Manim's default (``./media``), which the
    tests share. ``voice``: the scene's voice (asked for every line's audio, see
    :meth:`scenes.base.LectureScene.say`).
    """
    from manim import config, tempconfig

    from .tex_cache import TEX_DIR_ENV, share_tex_cache

    section = get(section_id)
    where = {}
    if cache is not None:
        where = {"media_dir": str(cache), "text_dir": str(cache / "texts"),
                 "tex_dir": os.environ.get(TEX_DIR_ENV) or str(cache / "Tex")}
    with tempconfig({"dry_run": True, "disable_caching": True, "verbosity": "ERROR",
                     "progress_bar": "none", "quality": quality, **where}):
        # processes that read one section at once (tests' workers, two terminals) share the
        # default LaTeX and text caches
        tex = config.get_dir("tex_dir")
        tex.mkdir(parents=True, exist_ok=True)
        share_tex_cache(tex)
        scene = section.scene_class()(params=params, lang=lang, skip_animations=True,
                                      layout_only=layout_only, voice=voice)
        scene.hold_hook = hold_hook
        scene.render()
    return scene


def stills(section_id: str, out_dir, lang: str = "zh", params: dict | None = None,
           beats=None, quality: str = "high_quality", cache: Path | None = None) -> list:
    """Save the held frame of each beat (or of ``beats``) as ``NN_<beat>.png`` in ``out_dir``,
    without rendering video: the quick look an instructor takes after changing a parameter."""
    from pathlib import Path

    from PIL import Image

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    os_mode = 0o644
    written = []

    def save(scene, beat):
        if beats and beat not in beats:
            return
        scene.renderer.update_frame(scene)
        path = out / f"{scene.BEATS.index(beat):02d}_{beat}.png"
        tmp = path.with_name(f".{path.name}.tmp")
        Image.fromarray(scene.renderer.get_frame()).convert("RGB").save(tmp, format="PNG")
        tmp.chmod(os_mode)
        tmp.replace(path)
        written.append(path)

    construct(section_id, lang, params, quality=quality, hold_hook=save, cache=cache)
    return written


def script(scene) -> dict:
    """``{"section", "lang", "params", "beats": [{"beat", "claim", "narration", "readouts",
    "labels"}]}`` of a constructed scene: the readouts by name, every other text in order."""
    beats = []
    for beat in scene.BEATS:
        rec = scene.records.get(beat, {"claim": ("", None), "narration": [], "texts": []})
        readouts, labels = {}, []
        for shown, b in rec["texts"]:
            name = b.readout_name() if b is not None else None
            if name:
                readouts[name] = shown
            elif b is None or b is not rec["claim"][1]:
                labels.append(shown)
        claim = rec["claim"][0]
        labels = [s for s in labels if s != claim]
        beats.append({"beat": beat, "claim": claim,
                      "narration": " ".join(line for line, _ in rec["narration"]),
                      "readouts": readouts, "labels": labels})
    return {"section": scene.SECTION_ID, "lang": scene.lang, "params": to_json(scene.params),
            "beats": beats}
