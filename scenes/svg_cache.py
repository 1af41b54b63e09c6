"""The parsed-SVG cache: what Manim makes of an SVG file, kept on disk as plain arrays.

Every Text and formula is built from an SVG file: Manim parses it with svgelements and turns
each shape into a VMobject (``SVGMobject.get_mobjects_from``), most of the time of a text and
about a third of a beat job's replay of the beats before its own. What it makes is a function
of the file's bytes, Manim's version and the parsing options alone (:func:`svg_key`), so
:class:`ParsedSvgs` keeps it in a folder beside the LaTeX cache (``<tex_dir>-parsed/<key>.npz``,
see :mod:`scenes.tex_cache`) and the next process rebuilds the same mobjects from it: each
shape a copy of a prototype of its class (the class made with no shape) given the attributes
the parse set (points, fill, stroke...), each group given its members. The surgery that puts
this in Manim's ``SVGMobject.generate_mobject`` is :func:`scenes.manim_patches.lock_svg_parsing`.

A cache file is data only, never code: ``np.load(allow_pickle=False)``, an index in JSON, and
flat numeric arrays. A shape's class and every attribute it sets come from allow-lists (the
prototype's own attributes, plain values or numeric arrays); a file that is unreadable, of
another format, made for another key, or that names anything else is ignored and the SVG is
parsed afresh (then the file is written again). A parse this module cannot represent (a shape
class it does not know, an attribute holding an object) is not kept: such SVGs are parsed each
time, as without the cache. A rebuilt glyph has no ``path_obj`` (the svgelements path its
points were made from, read only while a glyph is built; see :func:`scenes.live.lighten`).

Imports Manim, numpy and the standard library only.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import os
import re
import stat
import struct
import tempfile
from pathlib import Path

import numpy as np

#: The layout of a cache file; a file of another format is ignored.
FORMAT = 1

#: Array dtypes a cache file may hold (bools, integers, floats: never objects).
_ARRAY_KINDS = "biuf"
_BUFFER_NAME = re.compile(r"b[0-9]{1,3}")


def svg_key(data: bytes, style: dict, path_config: dict, renderer, groups: bool = True) -> str:
    """The name of a parse in the cache: sha256 of the cache format, Manim's version, the
    style defaults the parse writes into the SVG (``SVGMobject.generate_config_style_dict``),
    the options of every path (``path_string_config``), the renderer, whether the groups by id
    are kept (:func:`scenes.manim_patches.keeps_groups`), and the file's bytes (without
    groups, with its surface ids renumbered: :func:`renumbered`)."""
    import manim

    if not groups:
        data = renumbered(data)
    h = hashlib.sha256()
    for part in (f"parsed-svg {FORMAT}", manim.__version__,
                 json.dumps(style, sort_keys=True, default=repr),
                 repr(sorted(path_config.items())), str(renderer), f"groups {groups}"):
        h.update(part.encode())
        h.update(b"\0")
    h.update(data)
    return h.hexdigest()


_SURFACE = re.compile(rb"\bsurface[0-9]+\b")


def renumbered(data: bytes) -> bytes:
    """``data`` with every ``surface<N>`` renumbered ``surface0``, ``surface1``... in order of
    first appearance.

    Cairo numbers the surfaces it draws a text's SVG on per process (``<g id="surface16">``),
    so the same text's SVG differs with what the process drew before it. An id only names an
    element (its references renamed alike), and a text keeps no groups by id, so the parse of
    a text is the same for every numbering: its key should be too."""
    names: dict[bytes, bytes] = {}
    return _SURFACE.sub(lambda m: names.setdefault(m.group(), b"surface%d" % len(names)), data)


# ----- one state the same as another --------------------------------------------------------

def same(a, b, seen: set | None = None) -> bool:
    """True if ``a`` and ``b`` are the same value, bit for bit: arrays of one dtype, shape and
    bytes, floats of one bit pattern (``-0.0`` is not ``0.0``), mobjects and colours of one
    class whose attributes are the same; objects of any other kind only when ``==`` says so."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, float):
        return struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y, seen) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k], seen) for k in a)
    if isinstance(a, _kinds()):
        seen = set() if seen is None else seen
        if (id(a), id(b)) in seen:
            return True
        seen.add((id(a), id(b)))
        return same(vars(a), vars(b), seen)
    try:
        return bool(a == b)
    except Exception:       # an object whose == is not a truth value
        return False


_KINDS: list = []


def _kinds() -> tuple[type, type]:
    """``(Mobject, ManimColor)``: objects compared through their attributes."""
    if not _KINDS:
        from manim import Mobject
        from manim.utils.color import ManimColor

        _KINDS.extend((Mobject, ManimColor))
    return tuple(_KINDS)


# ----- shapes and their prototypes ------------------------------------------------------------

def _shape_classes() -> dict:
    """The shape classes a parse may make that a record may name, each with how to make its
    prototype from the parse's ``path_string_config``. (A ``<rect>`` is a TeX rule: a fraction's
    bar.)"""
    import svgelements as se
    from manim import Rectangle
    from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath

    return {"VMobjectFromSVGPath": lambda cfg: VMobjectFromSVGPath(se.Path(), **cfg),
            "Rectangle": lambda cfg: Rectangle()}


_PROTOTYPES: dict = {}


def _prototype(name: str, path_config: dict):
    """The shape class ``name`` made with no shape (once per process, parsing options and
    renderer); its ``path_obj`` (an empty path) is dropped."""
    from manim import VGroup, config

    key = (name, repr(sorted(path_config.items())), str(config.renderer))
    if key not in _PROTOTYPES:
        proto = VGroup() if name == "VGroup" else _shape_classes()[name](path_config)
        if "path_obj" in vars(proto):
            proto.path_obj = None
        _PROTOTYPES[key] = proto
    return _PROTOTYPES[key]


def _clone(v, memo: dict):
    """A deep copy of ``v`` as a fresh construction has it: mobjects (in lists, tuples and
    dicts too) copied attribute by attribute, not by ``copy.deepcopy``, as Manim's marks a
    copied mobject with ``original_id``; the rest by ``copy.deepcopy``."""
    if id(v) in memo:
        return memo[id(v)]
    if isinstance(v, _kinds()[0]):
        new = type(v).__new__(type(v))
        memo[id(v)] = new
        for k, x in vars(v).items():
            vars(new)[k] = _clone(x, memo)
    elif type(v) in (list, dict):
        new = memo[id(v)] = type(v)()
        if type(v) is list:
            new.extend(_clone(x, memo) for x in v)
        else:
            new.update((k, _clone(x, memo)) for k, x in v.items())
    elif type(v) is tuple:
        new = memo[id(v)] = tuple(_clone(x, memo) for x in v)
    else:
        return copy.deepcopy(v, memo)
    return new


# ----- a parse to a record, and back ------------------------------------------------------

class Unrepresentable(ValueError):
    """A parse holds something a cache file does not (it is parsed each time instead)."""


class _Arrays:
    """Numeric arrays laid end to end, one flat buffer a dtype (``b0``, ``b1``...)."""

    def __init__(self):
        self.parts: dict[str, list[np.ndarray]] = {}
        self.sizes: dict[str, int] = {}

    def ref(self, a: np.ndarray) -> dict:
        if a.dtype.kind not in _ARRAY_KINDS or a.dtype.hasobject:
            raise Unrepresentable(f"an array of {a.dtype}")
        dt = a.dtype.str
        self.parts.setdefault(dt, [])
        offset = self.sizes.get(dt, 0)
        self.parts[dt].append(np.ascontiguousarray(a).reshape(-1))
        self.sizes[dt] = offset + a.size
        return {"array": [dt, offset, list(a.shape)]}

    def buffers(self) -> tuple[dict[str, str], dict[str, np.ndarray]]:
        names, arrays = {}, {}
        for i, (dt, parts) in enumerate(self.parts.items()):
            names[f"b{i}"] = dt
            arrays[f"b{i}"] = np.concatenate(parts) if parts else np.zeros(0, dt)
        return names, arrays


def _encode(v, arrays: _Arrays):
    if v is None or type(v) in (bool, int, str, float):
        return v
    if type(v) is np.ndarray:
        return arrays.ref(v)
    raise Unrepresentable(f"a {type(v).__name__}")


def _changes(made, proto) -> tuple[dict, list]:
    """The attributes in which ``made`` differs from ``proto`` (but its ``path_obj``)."""
    got, base = vars(made), vars(proto)
    if set(got) - set(base) - {"path_obj"}:
        raise Unrepresentable(f"attributes {sorted(set(got) - set(base))}")
    changed = {k: v for k, v in got.items() if k != "path_obj" and not same(v, base[k])}
    return changed, [k for k in base if k not in got and k != "path_obj"]


def record(mobjects: list, groups: dict, path_config: dict, key: str) -> dict[str, np.ndarray]:
    """A cache file's arrays for what a parse made (``get_mobjects_from``'s mobjects and
    groups); raises :class:`Unrepresentable` for a parse a file cannot hold."""
    arrays, shapes = _Arrays(), []
    index = {id(m): i for i, m in enumerate(mobjects)}
    if len(index) != len(mobjects):
        raise Unrepresentable("a shape made twice")
    for m in mobjects:
        name = type(m).__name__
        if name not in _shape_classes() or type(m) is not _shape_class(name, path_config):
            raise Unrepresentable(f"a {name}")
        changed, gone = _changes(m, _prototype(name, path_config))
        shapes.append({"class": name, "set": {k: _encode(v, arrays) for k, v in
                                             changed.items()}, "del": gone})
    out_groups = []
    for name, g in groups.items():
        if type(name) is not str or any(id(s) not in index for s in g.submobjects):
            raise Unrepresentable(f"group {name!r}")
        changed, gone = _changes(g, _prototype("VGroup", path_config))
        if set(changed) - {"submobjects"} or gone:
            raise Unrepresentable(f"group {name!r} with {sorted(changed)}")
        out_groups.append([name, [index[id(s)] for s in g.submobjects]])
    names, buffers = arrays.buffers()
    meta = {"format": FORMAT, "key": key, "buffers": names, "shapes": shapes,
            "groups": out_groups}
    blob = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    return {"index": blob, **buffers}


def _shape_class(name: str, path_config: dict) -> type:
    return type(_prototype(name, path_config))


class Invalid(ValueError):
    """A cache file that is not a record of this key (ignored)."""


def rebuild(files, path_config: dict, key: str) -> tuple[list, dict]:
    """The mobjects and groups recorded in a cache file (``files``: its arrays by name, as
    ``np.load`` gives them), made as the parse made them; :class:`Invalid` if the file is
    not a record of ``key`` in this format, or names anything outside the allow-lists."""
    meta = _index(files, key)
    buffers = _buffers(files, meta)
    mobjects = [_shape(s, buffers, path_config) for s in _list(meta.get("shapes"))]
    groups = {}
    proto = _prototype("VGroup", path_config)
    for item in _list(meta.get("groups")):
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is str
                and isinstance(item[1], list) and item[0] not in groups):
            raise Invalid("a group")
        members = []
        for i in item[1]:
            if type(i) is not int or not 0 <= i < len(mobjects):
                raise Invalid("a group member")
            members.append(mobjects[i])
        groups[item[0]] = _clone(proto, {}).add(*members)
    return mobjects, groups


def _list(v) -> list:
    if not isinstance(v, list):
        raise Invalid("not a list")
    return v


def _index(files, key: str) -> dict:
    if "index" not in files:
        raise Invalid("no index")
    blob = files["index"]
    if blob.dtype != np.uint8 or blob.ndim != 1:
        raise Invalid("an index that is not text")
    try:
        meta = json.loads(blob.tobytes().decode())
    except (UnicodeDecodeError, ValueError) as e:
        raise Invalid("an index that is not JSON") from e
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("key") != key:
        raise Invalid("another format or key")
    return meta


def _buffers(files, meta: dict) -> dict[str, np.ndarray]:
    names = meta.get("buffers")
    if not isinstance(names, dict):
        raise Invalid("no buffers")
    out = {}
    for name, dt in names.items():
        if not (isinstance(name, str) and _BUFFER_NAME.fullmatch(name) and name in files
                and isinstance(dt, str)):
            raise Invalid("a buffer")
        a = files[name]
        try:
            want = np.dtype(dt)
        except TypeError as e:
            raise Invalid("a dtype") from e
        if want.kind not in _ARRAY_KINDS or a.dtype != want or a.ndim != 1:
            raise Invalid("a buffer's dtype")
        out[dt] = a
    return out


def _shape(item, buffers: dict, path_config: dict):
    if not isinstance(item, dict) or item.get("class") not in _shape_classes():
        raise Invalid("a shape class")
    proto = _prototype(item["class"], path_config)
    made = _clone(proto, {})
    attrs = vars(made)
    sets, gone = item.get("set"), item.get("del")
    if not isinstance(sets, dict) or not isinstance(gone, list):
        raise Invalid("a shape")
    for name, v in sets.items():
        if name not in attrs or name == "path_obj":
            raise Invalid(f"attribute {name!r}")
        attrs[name] = _decode(v, buffers)
    for name in gone:
        if name not in attrs or name == "path_obj":
            raise Invalid(f"attribute {name!r}")
        del attrs[name]
    return made


def _decode(v, buffers: dict):
    if v is None or type(v) in (bool, int, str, float):
        return v
    if not (isinstance(v, dict) and list(v) == ["array"] and isinstance(v["array"], list)
            and len(v["array"]) == 3):
        raise Invalid("a value")
    dt, offset, shape = v["array"]
    if dt not in buffers or type(offset) is not int or not isinstance(shape, list) or not all(
            type(n) is int and n >= 0 for n in shape):
        raise Invalid("an array")
    size = int(np.prod(shape, dtype=np.int64))
    buf = buffers[dt]
    if offset < 0 or offset + size > buf.size:
        raise Invalid("an array out of its buffer")
    return buf[offset:offset + size].reshape(shape).copy()


# ----- the folder -------------------------------------------------------------------------

class ParsedSvgs:
    """The parsed-SVG cache in the folder ``folder()`` names at each call (it follows the
    LaTeX cache, which a process may change between renders): :meth:`get` before a parse,
    :meth:`put` after one (what :func:`scenes.manim_patches.lock_svg_parsing` calls)."""

    def __init__(self, folder):
        self.folder = folder

    @staticmethod
    def key(svg, data: bytes, groups: bool) -> str:
        """:func:`svg_key` of ``svg`` (an SVGMobject about to parse ``data``)."""
        from manim import config

        return svg_key(data, svg.generate_config_style_dict(), svg.path_string_config,
                       config.renderer, groups)

    def get(self, svg, data: bytes, groups: bool = True) -> tuple[list, dict] | None:
        """What parsing ``data`` would make (mobjects, and the groups by id unless not
        ``groups``), or None if not cached."""
        key = self.key(svg, data, groups)
        path = Path(self.folder()) / f"{key}.npz"
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            with os.fdopen(fd, "rb") as f:
                if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                    return None
                with np.load(f, allow_pickle=False) as files:
                    return rebuild(files, svg.path_string_config, key)
        except Exception:     # unreadable, truncated, foreign: parse afresh
            return None

    def put(self, svg, data: bytes, groups: bool, mobjects: list, by_id: dict) -> None:
        """Keep what parsing ``data`` made (``by_id`` empty when not ``groups``), unless a
        cache file cannot hold it or the folder cannot take it (the render goes on either
        way). Written whole: a temporary file renamed in."""
        key = self.key(svg, data, groups)
        try:
            arrays = record(mobjects, by_id, svg.path_string_config, key)
        except Unrepresentable:
            return
        here = Path(self.folder())
        with contextlib.suppress(OSError):
            here.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{key[:16]}.", suffix=".tmp", dir=here)
            try:
                os.fchmod(fd, 0o644)
                with os.fdopen(fd, "wb") as f:
                    np.savez(f, **arrays)
                os.replace(tmp, here / f"{key}.npz")
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
