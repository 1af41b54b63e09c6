"""The parsed-SVG cache: a text or formula rebuilt from it is the one a fresh parse makes, and a
cache file that is damaged, foreign or hostile is ignored (parsed afresh, no code run)."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import numpy as np
import pytest

from scenes import svg_cache
from scenes.tex_cache import parsed_dir, share_tex_cache

#: A text in the lecture's font with CJK, Latin and digits; a formula with a fraction (its bar
#: is a ``<rect>``: a Rectangle, not a path) and parts; a plain Text in another colour.
def _build():
    from manim import MathTex, Text

    from scenes import style

    return [Text("梯度 clipped at 5.00, h_t", font=style.FONT, font_size=32),
            MathTex(r"\frac{\partial h_t}{\partial h_{t-1}}", r"= W_h^\top", color="#ff8800"),
            Text("x", font=style.FONT, color="#3366ff")]


@pytest.fixture
def caches(tmp_path):
    """Manim's LaTeX and text folders in ``tmp_path`` (the formulas copied from the session's
    LaTeX cache when it has them), with every patch installed as a render installs them."""
    import os

    from manim import config, tempconfig

    from rnn_lecture.render import TEX_DIR_ENV

    tex = tmp_path / "tex"
    tex.mkdir()
    shared = os.environ.get(TEX_DIR_ENV) or str(config.get_dir("tex_dir"))
    for svg in Path(shared).glob("*.svg"):
        shutil.copy(svg, tex)
    with tempconfig({"tex_dir": str(tex), "text_dir": str(tmp_path / "texts"),
                     "verbosity": "ERROR"}):
        share_tex_cache(tex)
        yield tex
    share_tex_cache(config.get_dir("tex_dir"))


def _fresh_process_cache():
    """Forget what this process parsed (Manim keeps a copy of every formula it parsed)."""
    import manim.mobject.svg.svg_mobject as svg_mobject

    svg_mobject.SVG_HASH_TO_MOB_MAP.clear()


def _state(m) -> list:
    """Every family member's class and attributes, bit for bit (floats by their bytes, arrays by
    dtype, shape and bytes, mobjects by their place in the family), and the groups by id as
    places; the svgelements path a glyph was made from (``path_obj``) is left out."""
    family = m.get_family()
    place = {id(f): i for i, f in enumerate(family)}

    def value(v, depth=0):
        from manim import Mobject
        from manim.utils.color import ManimColor

        if isinstance(v, np.ndarray):
            return ("array", v.dtype.str, v.shape, v.tobytes())
        if isinstance(v, float):
            return ("float", struct.pack("<d", v))
        if isinstance(v, Mobject):
            if id(v) in place:
                return ("member", place[id(v)])
            return ("mobject", type(v).__name__, attrs(v, depth + 1))
        if isinstance(v, ManimColor):
            return ("color", v._internal_value.tobytes())
        if isinstance(v, (list, tuple)):
            return (type(v).__name__, [value(x, depth) for x in v])
        if isinstance(v, dict):
            return ("dict", [(k, value(x, depth)) for k, x in v.items()])
        return (type(v).__name__, repr(v))

    def attrs(f, depth=0):
        assert depth < 5
        return [(k, value(v, depth)) for k, v in vars(f).items() if k != "path_obj"]

    return [(type(f).__name__, attrs(f)) for f in family]


def test_a_cached_parse_is_the_fresh_parse(caches, monkeypatch):
    """The second construction reads every SVG from the cache (svgelements is not called) and
    makes the same mobjects: classes, points, colours, widths, every attribute, and the groups."""
    import svgelements

    _fresh_process_cache()
    fresh = _build()
    kept = sorted(parsed_dir(caches).glob("*.npz"))
    assert len(kept) == 3
    _fresh_process_cache()

    def no_parse(*args, **kwargs):
        raise AssertionError("parsed again")

    monkeypatch.setattr(svgelements.SVG, "parse", no_parse)
    cached = _build()
    assert any(type(f).__name__ == "Rectangle" for f in cached[1].get_family())
    for a, b in zip(fresh, cached):
        assert _state(a) == _state(b), type(a).__name__
        assert all(f.__dict__.get("path_obj") is None for f in b.get_family())
    assert sorted(parsed_dir(caches).glob("*.npz")) == kept


def test_the_key_is_the_bytes_the_version_and_the_options():
    key = svg_cache.svg_key
    base = key(b"<svg/>", {"fill": "#fff"}, {}, "cairo")
    assert base == key(b"<svg/>", {"fill": "#fff"}, {}, "cairo")
    assert len({base, key(b"<svg />", {"fill": "#fff"}, {}, "cairo"),
                key(b"<svg/>", {"fill": "#000"}, {}, "cairo"),
                key(b"<svg/>", {"fill": "#fff"}, {"long_lines": True}, "cairo"),
                key(b"<svg/>", {"fill": "#fff"}, {}, "opengl")}) == 5


class _Marker:
    """Unpickling this would run code: it touches ``path``."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (str(self.path), "w"))


def _damage(kind: str, file, other, tmp_path):
    """Replace the cache file ``file`` by a damaged, foreign or hostile one."""
    good = file.read_bytes()
    if kind == "truncated":
        file.write_bytes(good[: len(good) // 2])
    elif kind == "not a zip":
        file.write_bytes(b"#!/bin/sh\necho hi\n")
    elif kind == "pickled":
        with open(file, "wb") as f:
            np.savez(f, index=np.array([_Marker(tmp_path / "ran")], dtype=object))
    elif kind == "another key":
        file.write_bytes(other.read_bytes())
    elif kind in ("a class not allowed", "an attribute not allowed", "a member out of range"):
        with np.load(file, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
        meta = json.loads(arrays["index"].tobytes())
        if kind == "a class not allowed":
            meta["shapes"][0]["class"] = "Text"
        elif kind == "an attribute not allowed":
            meta["shapes"][0]["set"]["__class__"] = "VGroup"
        else:
            meta["groups"].append(["far", [10 ** 6]])
        arrays["index"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
        with open(file, "wb") as f:
            np.savez(f, **arrays)
    elif kind == "a link":
        file.unlink()
        file.symlink_to(other)
    else:
        raise ValueError(kind)


@pytest.mark.parametrize("kind", ["truncated", "not a zip", "pickled", "another key",
                                  "a class not allowed", "an attribute not allowed",
                                  "a member out of range", "a link"])
def test_a_damaged_or_foreign_cache_file_is_ignored(caches, tmp_path, kind):
    """Each cache file replaced by a bad one: the construction parses afresh, makes the fresh
    parse's mobjects, runs no code from the file, and writes a good file back in its place."""
    _fresh_process_cache()
    fresh = _build()
    files = sorted(parsed_dir(caches).glob("*.npz"), key=lambda p: p.stat().st_size)
    for i, f in enumerate(files):
        _damage(kind, f, files[i - 1], tmp_path)
    _fresh_process_cache()
    again = _build()
    assert not (tmp_path / "ran").exists()
    for a, b in zip(fresh, again):
        assert _state(a) == _state(b)
    for f in files:
        assert f.is_file() and not f.is_symlink()
    _fresh_process_cache()
    assert [_state(m) for m in _build()] == [_state(m) for m in fresh]


def test_a_parse_it_cannot_hold_is_not_kept():
    """A shape of a class the cache does not know (or an attribute holding an object) makes
    no file: that SVG is parsed each time, as without the cache."""
    from manim import Circle, VGroup

    with pytest.raises(svg_cache.Unrepresentable):
        svg_cache.record([Circle()], {"root": VGroup()}, {}, "k")


def test_only_svgs_parsed_with_manims_own_steps_are_cached():
    """Text, MarkupText, MathTex and Tex parse with SVGMobject's steps; a class with a step of
    its own (as Manim's Typst mobjects have) is parsed as before, never looked up."""
    from manim import MarkupText, MathTex, SVGMobject, Tex, Text

    from scenes.manim_patches import parses_as_svg

    assert all(parses_as_svg(c) for c in (SVGMobject, Text, MarkupText, MathTex, Tex))

    class OwnShapes(SVGMobject):
        def get_mob_from_shape_element(self, shape):
            return None

    assert not parses_as_svg(OwnShapes)


def test_texts_keep_no_groups_by_id_and_formulas_keep_theirs(caches):
    """A Text's groups by id are left out (copies of a text were 4x slower with them); a
    MathTex keeps its own, which its parts are made from, fresh or from the cache."""
    for _ in range(2):          # parsed, then rebuilt from the cache
        _fresh_process_cache()
        text, formula, _ = _build()
        assert text.id_to_vgroup_dict == {}
        assert "root" in formula.id_to_vgroup_dict and len(formula.id_to_vgroup_dict) > 3
        part = formula.get_part_by_tex(r"= W_h^\top")
        assert part.submobjects == formula[1].submobjects and len(part.submobjects) == 4


def test_only_formulas_and_typst_read_the_groups_by_id():
    """Why a text may drop its groups: in Manim's source, ``id_to_vgroup_dict`` is set by
    SVGMobject and read only by MathTex's methods and the Typst mobjects. A Manim upgrade that
    reads it anywhere else fails here (then see scenes.manim_patches.keeps_groups)."""
    import re

    import manim

    root = Path(manim.__file__).parent
    found = {str(p.relative_to(root)) for p in root.rglob("*.py")
             if "id_to_vgroup_dict" in p.read_text(encoding="utf-8")}
    assert found == {"mobject/svg/svg_mobject.py", "mobject/text/tex_mobject.py",
                     "mobject/text/typst_mobject.py"}
    owner = None
    for line in (root / "mobject/text/tex_mobject.py").read_text(encoding="utf-8").splitlines():
        m = re.match(r"class (\w+)", line)
        owner = m.group(1) if m else owner
        if "id_to_vgroup_dict" in line:
            assert owner == "MathTex", line


def test_a_text_drawn_later_in_a_process_is_found(caches, tmp_path, monkeypatch):
    """Cairo numbers the surfaces it draws texts on per process (``<g id="surface16">``), so
    the same text's SVG differs with what was drawn before it; renumbered, its key does not."""
    import svgelements
    from manim import Text, config, tempconfig

    from scenes import style

    Text("a text drawn first", font=style.FONT)
    Text("then another", font=style.FONT)
    kept = {p.name for p in parsed_dir(caches).iterdir()}
    monkeypatch.setattr(svgelements.SVG, "parse", lambda *a, **k: 1 / 0)
    with tempconfig({"text_dir": str(tmp_path / "other-texts")}):
        Text("a text drawn first", font=style.FONT)
        again = config.get_dir("text_dir")
    (name,) = [p.name for p in again.glob("*.svg")]
    assert (again / name).read_bytes() != (caches.parent / "texts" / name).read_bytes()
    assert {p.name for p in parsed_dir(caches).iterdir()} == kept
    assert svg_cache.renumbered(b'<g id="surface16"><use href="#surface16"/><g id="surface3">'
                                b'surface16x') == (b'<g id="surface0"><use href="#surface0"/>'
                                                   b'<g id="surface1">surface16x')
