"""Every change this project makes to Manim's internals, in one place.

Each patch below was written against Manim **0.22.0** (:data:`MANIM_VERSION`) and says what it
changes and why. A patched function keeps Manim's original as ``__wrapped__`` (so installing a
patch twice wraps once, and the original stays reachable), and :data:`FINGERPRINTS` pins each
original's source (sha256 of ``inspect.getsource``) and signature:
``tests/test_manim_patches.py`` fails, naming the function, when a Manim upgrade changes one,
so an upgrade is a reviewed change and not a silent wrong frame. To review one: read the new
source of the function named, check that the patch still does what its docstring says (same
arguments, same attributes read and written, same files), then update its fingerprint here
(``tests/test_manim_patches.py`` prints the new value).

The patches do the surgery only (which attribute is replaced, how the original is kept); the
policies they install live with their owners: the LaTeX cache's locks in
:mod:`scenes.tex_cache`, the parsed-SVG cache's files in :mod:`scenes.svg_cache`, the replay's
frame skipping in :mod:`scenes.base`.

Importing this module does not import Manim (each patch imports what it patches).
"""

from __future__ import annotations

import contextlib
import os
from fractions import Fraction

#: The Manim version every patch here was written against and reviewed for.
MANIM_VERSION = "0.22.0"

#: Manim function patched -> (sha256 of ``inspect.getsource`` of the original, its signature).
FINGERPRINTS = {
    "manim.utils.tex_file_writing.tex_to_svg_file": (
        "b9bf5e69f268457b79c54d5d85556a11b3926844f2ac150ce2baa8162184190d",
        "(expression: 'str', environment: 'str | None' = None, tex_template: 'TexTemplate | None' = None) -> 'Path'"),
    "manim.mobject.svg.svg_mobject.SVGMobject.generate_mobject": (
        "9b758944c36bc4620fb619cf0c5f81cb9fe5fe770c6b878c78e07d6f5043a7fc",
        "(self) -> 'Self'"),
    "manim.mobject.text.text_mobject.Text._text2svg": (
        "309a6b76ea2e332d36cfce0b6b0346dde5609dd8655adb4bea75c80285a82b1a",
        "(self, color: 'ParsableManimColor') -> 'str'"),
    "manim.mobject.text.text_mobject.MarkupText._text2svg": (
        "6efb2b9ae051eec15aa6c10c0ca41f9e1ebbea725cffb8ffc9e232a820a9dca7",
        "(self, color: 'ParsableManimColor | None') -> 'str'"),
    "manim.camera.camera.Camera.set_cairo_context_path": (
        "0e53e5837e78857d20178931c265487d10db6d8eb57c6784b6dee9feb4375dbf",
        "(self, ctx: 'cairo.Context', vmobject: 'VMobject') -> 'Self'"),
    "manim.mobject.mobject.Mobject.__deepcopy__": (
        "8a1349b6fc8ab459e17e26106fb1c7595853e3369231f936624170f283ea8ab1",
        "(self, clone_from_id: 'dict[int, Mobject]') -> 'Self'"),
    "manim.scene.video_segment_encoder.VideoSegmentEncoder.write_frame": (
        "0e576cf7abbe27f80a399e1831d568e4135388ccba30c5e56e7d9092b0437271",
        "(self, pixels: 'RGBAPixelArray', *, repeat: 'int' = 1) -> 'None'"),
    "manim.scene.video_segment_encoder.VideoSegmentEncoder.finish": (
        "6a80e09722bf6567b034f43153ed7d479b5b91f927c88f53e2f65c63e1ccc886",
        "(self) -> 'None'"),
    "manim.scene.video_segment_encoder.VideoSegmentEncoder.abort": (
        "1cb3b0a3d951eb46629f7d65379ef65e42cba9f3d4a7c386f095fe7c691aa1e2",
        "(self) -> 'None'"),
    "manim.renderer.cairo_renderer.CairoRenderer.update_frame": (
        "8f79c10a482647be4d6e309d589e322b2d12fed06e1aee8350805fe30affebf9",
        "(self, scene: 'Scene', mobjects: 'Iterable[Mobject] | None' = None, include_submobjects: 'bool' = True, ignore_skipping: 'bool' = True, **kwargs: 'Any') -> 'None'"),
    "manim.renderer.cairo_renderer.CairoRenderer.update_skipping_status": (
        "540096e4aea630ca6c88a0c1ebe3c0741f675eb9cd594b5c1bc972a9a5f46bb2", "(self) -> 'None'"),
    "manim.renderer.cairo_renderer.CairoRenderer.save_static_frame_data": (
        "bd2d2188c2085080b02af4c26103364227b4ebfd9bdb439b9c7f64ec09e5cc30",
        "(self, scene: 'Scene', static_mobjects: 'Iterable[Mobject]') -> 'PixelArray | None'"),
}


def _original(fn):
    """Manim's own function behind ``fn`` (``fn`` itself when it is not patched)."""
    return getattr(fn, "__wrapped__", fn)


def fingerprint(fn) -> tuple[str, str]:
    """``(sha256 of inspect.getsource(fn), str(inspect.signature(fn)))``."""
    import hashlib
    import inspect

    return (hashlib.sha256(inspect.getsource(fn).encode()).hexdigest(),
            str(inspect.signature(fn)))


def originals() -> dict:
    """Each function named in :data:`FINGERPRINTS`, as Manim defines it (unpatched)."""
    import importlib

    found = {}
    for name in FINGERPRINTS:
        parts = name.split(".")
        for i in range(len(parts) - 1, 0, -1):   # the longest prefix that is a module
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            for attr in parts[i:]:
                obj = getattr(obj, attr)
            break
        found[name] = _original(obj)
    return found


# ----- the LaTeX cache (see scenes.tex_cache) ---------------------------------------------

def replace_tex_to_svg_file(replacement) -> None:
    """Replace ``manim.utils.tex_file_writing.tex_to_svg_file`` (and the name
    ``tex_mobject`` imported it as) by ``replacement(expression, environment=None,
    tex_template=None) -> Path``.

    Manim 0.22.0 compiles a formula in ``tex_dir`` itself and then deletes every file there that
    is not .svg or .tex, another process's .dvi in flight included; the replacement
    (:func:`scenes.tex_cache.share_tex_cache`) compiles in a private folder under the formula's
    lock and moves the SVG in by rename, so processes can share one cache and typeset at once.
    """
    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.utils.tex_file_writing as tfw

    replacement.__wrapped__ = _original(tfw.tex_to_svg_file)
    tfw.tex_to_svg_file = replacement
    tex_mobject.tex_to_svg_file = replacement


@contextlib.contextmanager
def tex_to_svg_file_as(stand_in):
    """While the block runs, ``tex_to_svg_file`` is ``stand_in`` (the typesetting pass notes
    every formula a scene asks for and hands back a placeholder); then what it was before.

    Same two names as :func:`replace_tex_to_svg_file` (Manim 0.22.0): ``MathTex`` calls the
    name ``tex_mobject`` imported."""
    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.utils.tex_file_writing as tfw

    before = tfw.tex_to_svg_file
    tfw.tex_to_svg_file = tex_mobject.tex_to_svg_file = stand_in
    try:
        yield
    finally:
        tfw.tex_to_svg_file = tex_mobject.tex_to_svg_file = before


#: The methods ``SVGMobject.generate_mobject`` parses with. A class that defines one of its own
#: (Manim's Typst mobjects do) parses its own way: its SVGs are never looked up in a cache.
SVG_PARSE_STEPS = (
    "get_file_path", "modify_xml_tree", "generate_config_style_dict", "get_mobjects_from",
    "get_mob_from_shape_element", "handle_transform", "apply_style_to_mobject",
    "path_to_mobject", "line_to_mobject", "rect_to_mobject", "ellipse_to_mobject",
    "polygon_to_mobject", "polyline_to_mobject", "text_to_mobject", "get_mobject_type_class")


def _defined_by(cls: type, name: str) -> type | None:
    return next((k for k in cls.__mro__ if name in vars(k)), None)


def parses_as_svg(cls: type) -> bool:
    """True if ``cls`` parses an SVG with ``SVGMobject``'s own steps (:data:`SVG_PARSE_STEPS`),
    as Text, MarkupText, MathTex and Tex do."""
    from manim.mobject.svg.svg_mobject import SVGMobject

    return all(_defined_by(cls, n) is _defined_by(SVGMobject, n) for n in SVG_PARSE_STEPS)


def keeps_groups(cls: type) -> bool:
    """False for Text and MarkupText: no code reads their groups by id (``id_to_vgroup_dict``).

    Manim 0.22.0 reads a parse's groups in ``MathTex`` (its parts, ``get_part_by_tex``,
    ``set_color_by_tex``...) and in its Typst mobjects, nowhere else (``tests/test_svg_cache.py``
    checks Manim's source), and this project not at all. A text's groups were three VGroups a
    glyph, deep-copied with it by every FadeIn, FadeOut and Transform: 4x the time of a
    copy of the text. Any other class keeps them (a user may read an SVG's parts by id)."""
    from manim import MarkupText, Text

    return cls not in (Text, MarkupText)


def lock_svg_parsing(lock_for, parsed=None) -> None:
    """Run ``SVGMobject.generate_mobject`` under ``lock_for(file_name)`` (a context manager;
    ``file_name`` is None for an SVG given as a string); with ``parsed``, look the parse up
    first; a Text or MarkupText keeps no groups by id.

    Manim 0.22.0 parses an SVG by first copying it to ``<name>_.svg`` beside it and deleting
    that copy after; two processes parsing the same cached formula lose each other's copy.

    ``parsed`` (a :class:`scenes.svg_cache.ParsedSvgs`): the patch runs Manim 0.22.0's own
    steps, but what ``get_mobjects_from`` makes of the file's bytes (the shapes and the
    groups by id) is ``parsed.get(self, data, groups)`` when that has it, and is given to
    ``parsed.put(self, data, groups, mobjects, mobject_dict)`` when it was parsed; either way
    the shapes are added and flipped as Manim does. Parsing was about a third of a beat job's
    replay of the earlier beats (svgelements). ``groups`` is :func:`keeps_groups`: without,
    ``id_to_vgroup_dict`` stays empty (and nothing of them is cached). An SVG given as a
    string, or a class with parse steps of its own (:func:`parses_as_svg`), is parsed as
    before.
    """
    import io
    from xml.etree import ElementTree as ET

    import manim.mobject.svg.svg_mobject as svg_mobject
    import svgelements as se
    from manim.constants import RIGHT

    cls = svg_mobject.SVGMobject
    parse = _original(cls.generate_mobject)

    def parse_bytes(self, file_path, data: bytes):
        """Manim's steps from reading the file to ``get_mobjects_from``, on ``data``."""
        element_tree = ET.parse(io.BytesIO(data))
        new_tree = self.modify_xml_tree(element_tree)
        modified_file_path = file_path.with_name(f"{file_path.stem}_{file_path.suffix}")
        new_tree.write(modified_file_path)
        svg = se.SVG.parse(modified_file_path)
        modified_file_path.unlink()
        return self.get_mobjects_from(svg)

    def generate_mobject(self):
        if self.file_name is None or not parses_as_svg(type(self)):
            with lock_for(self.file_name):
                return parse(self)
        file_path = self.get_file_path()
        data = file_path.read_bytes()
        groups = keeps_groups(type(self))
        found = None if parsed is None else parsed.get(self, data, groups)
        if found is None:
            with lock_for(self.file_name):
                mobjects, mobject_dict = parse_bytes(self, file_path, data)
            found = mobjects, (mobject_dict if groups else {})
            if parsed is not None:
                parsed.put(self, data, groups, *found)
        mobjects, mobject_dict = found
        self.add(*mobjects)
        self.id_to_vgroup_dict = mobject_dict
        self.flip(RIGHT)  # Flip y
        return self

    generate_mobject.__wrapped__ = parse
    cls.generate_mobject = generate_mobject


def lock_text_svgs(lock) -> None:
    """Make ``Text._text2svg`` and ``MarkupText._text2svg`` write a text's SVG whole or not at
    all: Pango writes it in a private folder under ``lock(text_folder)`` (a context manager)
    and it is moved into the text folder by rename.

    Manim 0.22.0 writes a Pango text's ``<hash>.svg`` into its text folder when it is missing,
    and Cairo creates that file empty before it writes it. Where processes share a text folder
    (``script``, the tests' workers, two terminals), another process saw the file exist and
    parsed it empty (an XML ParseError, as CI had on a ``script`` run beside renders). And
    Manim trusts any file of that name: one left empty or cut short by a process killed while
    writing it (before this patch) broke every later construction of the same text; such a
    file is written again. What Pango writes does not depend on the folder it writes in.
    The name is Manim's own (``_text2hash`` of the colour as each class hashes it, pinned by
    the fingerprints of both ``_text2svg``).
    """
    import shutil
    import tempfile
    from pathlib import Path

    import manim.mobject.text.text_mobject as text_mobject
    from manim import config
    from manim.utils.color import ManimColor

    for name in ("Text", "MarkupText"):
        klass = getattr(text_mobject, name)
        write = _original(klass._text2svg)

        def text2svg(self, color=None, _write=write, _as_colour=(name == "MarkupText")):
            folder = config.get_dir("text_dir")
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / (self._text2hash(ManimColor(color) if _as_colour else color)
                               + ".svg")
            if not _whole_svg(target):
                with lock(folder):
                    if not _whole_svg(target):
                        private = Path(tempfile.mkdtemp(prefix=".writing-", dir=folder))
                        kept = config.text_dir
                        try:
                            config.text_dir = str(private)
                            written = Path(_write(self, color))
                        finally:
                            config.text_dir = kept
                        try:
                            os.chmod(written, 0o644)
                            os.replace(written, target)
                        finally:
                            shutil.rmtree(private, ignore_errors=True)
            return str(target.resolve())

        text2svg.__wrapped__ = write
        klass._text2svg = text2svg


def _whole_svg(path) -> bool:
    """True if the SVG file at ``path`` ends its root element (it was written to the end)."""
    try:
        with open(path, "rb") as f:
            f.seek(max(0, os.path.getsize(path) - 64))
            return b"</svg>" in f.read()
    except OSError:
        return False


# ----- copies -------------------------------------------------------------------------------

#: Attributes a copy of a mobject shares with its original instead of deep-copying: the parsed
#: SVG path a glyph was made from (hundreds of small objects per glyph, read only when the
#: glyph is built) and a formula's TeX template.
SHARED_ON_COPY = ("path_obj", "tex_template")


def share_sources_on_copy() -> None:
    """Make ``Mobject.copy`` share :data:`SHARED_ON_COPY` (a copy's points, colours and
    everything drawn are copied as before).

    Manim 0.22.0 deep-copies every attribute (``Mobject.__deepcopy__``), and the parsed SVG
    paths were most of the time of every copy, so of every ``Transform`` and ``FadeOut`` (and
    of a beat job's replay of the earlier beats): a text's copy goes from ~15 to ~2 ms, the
    frames stay the same.
    """
    from manim.mobject.mobject import Mobject

    deep = _original(Mobject.__deepcopy__)

    def __deepcopy__(self, memo):
        d = self.__dict__
        for name in SHARED_ON_COPY:
            v = d.get(name)
            if v is not None:
                memo[id(v)] = v
        return deep(self, memo)

    __deepcopy__.__wrapped__ = deep
    Mobject.__deepcopy__ = __deepcopy__


# ----- drawing ------------------------------------------------------------------------------

#: Whether frames are drawn the faster ways of :func:`draw_faster` (set by the render
#: pipeline; off, Manim draws every frame its own way).
_FASTER = {"on": False}


def draw_faster(on: bool = True) -> None:
    """Draw frames faster, with the same pixels (``on=False``: as Manim draws them): each
    distinct Cairo path built once (:func:`cache_cairo_paths`), and in every scene made from
    now on, the still shapes of a play drawn once (:func:`draw_still_shapes_once`, which
    :class:`scenes.base.LectureScene` installs when :func:`drawing_faster`). The render
    pipeline turns it on for the scenes it renders (``rnn_lecture.render.job.manim_config``).
    """
    cache_cairo_paths()
    _FASTER["on"] = bool(on)


def drawing_faster() -> bool:
    """Whether :func:`draw_faster` is on."""
    return _FASTER["on"]


#: How many Cairo paths :func:`cache_cairo_paths` keeps (least recently used go first): a
#: frame of the lecture draws up to a few hundred shapes, so this holds every shape of many
#: frames and stays in the tens of megabytes.
CAIRO_PATHS_KEPT = 8192


def cache_cairo_paths(kept: int = CAIRO_PATHS_KEPT) -> None:
    """Make ``Camera.set_cairo_context_path`` build each distinct path once and append a copy
    of it after that.

    Manim 0.22.0 rebuilds every shape's Cairo path at every frame, in Python (a ``curve_to``
    per Bézier curve after splitting the points into subpaths with numpy): a glyph of Chinese
    text is dozens of curves, and a lecture frame shows hundreds of glyphs that do not move,
    so path building was the largest cost of drawing (pre-10's 83 s recap beat: ~8 of its
    ~20 s under a profile). A path is kept under what it is made from: the camera's class, the
    shape's class, its curve size and point tolerance, the context's matrix and the points'
    bytes (a blake2b digest); the next shape with the same key appends the kept path
    (``Context.append_path``, one C call) instead of rebuilding it.

    The frames do not depend on what is kept: the path Manim builds is always copied out
    (``copy_path``) and that copy appended, on a first use as on every later one, so a shape
    is filled and stroked from the same path whether this process drew it before or not (a
    beat drawn alone equals the beat in a whole-section render, bit for bit). Shapes with no
    points, and every shape while :func:`draw_faster` is off, go to Manim's function.
    """
    import hashlib
    from collections import OrderedDict

    import numpy as np
    from manim.camera.camera import Camera

    build = _original(Camera.set_cairo_context_path)
    paths: OrderedDict = OrderedDict()

    def set_cairo_context_path(self, ctx, vmobject):
        points = vmobject.points
        if len(points) == 0 or not _FASTER["on"]:
            return build(self, ctx, vmobject)
        key = (type(self), type(vmobject), vmobject.n_points_per_cubic_curve,
               vmobject.tolerance_for_point_equality, tuple(ctx.get_matrix()), points.shape,
               points.dtype.str,
               hashlib.blake2b(np.ascontiguousarray(points).data, digest_size=16).digest())
        path = paths.get(key)
        if path is None:
            build(self, ctx, vmobject)
            path = ctx.copy_path()
            paths[key] = path
            if len(paths) > kept:
                paths.popitem(last=False)
        else:
            paths.move_to_end(key)
        ctx.new_path()
        ctx.append_path(path)
        return self

    set_cairo_context_path.__wrapped__ = build
    set_cairo_context_path.paths = paths
    Camera.set_cairo_context_path = set_cairo_context_path


#: A play's still shapes are drawn once (:func:`draw_still_shapes_once`) only when there are
#: at least this many for each moving one: each moving one is rasterized twice a frame then.
STILL_AT_LEAST = 2


def draw_still_shapes_once(renderer) -> None:
    """On this ``renderer`` (a ``CairoRenderer``) alone, draw the shapes that do not move in a
    play once per play, also those drawn above a moving one, when no pixel is drawn by both.

    Manim 0.22.0 draws once per play only the shapes below the first one that moves (its
    static image) and redraws every shape above it at every frame, moving or not: in a beat
    that lights a chip at the top of a list of questions, every question was redrawn at every
    frame. Here, at each play, the shapes above the first moving one are split into those
    that move (members of an animated mobject) and those that do not, and the pixels the still
    ones can touch are marked once (their fill and strokes as Cairo rasterizes them, grown by
    a pixel). At each frame the pixels the moving ones can touch are marked the same way; if
    no pixel is marked by both, the frame is the still shapes' picture (drawn once, in their
    order, over Manim's static image) with the moving shapes drawn over it: the pixels
    Manim's order gives, since the two sets of shapes touch no pixel in common. Otherwise, and
    in any play with an updater, foreground mobjects, a shape that is not a plain VMobject, few
    still shapes, or mobjects added while it plays, the frame is drawn as Manim draws it.
    """
    import cairo
    import numpy as np
    from manim.animation.composition import AnimationGroup
    from manim.camera.camera import CAP_STYLE_MAP, LINE_JOIN_MAP
    from manim.mobject.types.vectorized_mobject import VMobject

    update, save = renderer.update_frame, renderer.save_static_frame_data
    play: dict = {}
    masks: dict = {}
    #: frames drawn from the still shapes' picture, and frames of a split play drawn as Manim
    #: draws them (a moving shape touched a still one's pixels)
    renderer.still_shape_frames = [0, 0]

    def family_of_animations(animations) -> set | None:
        """The ids of every mobject the animations move (their mobjects' families, through
        groups); None if one of them could move others: one not of Manim's own, or one that
        runs a function (``UpdateFromFunc``, ``UpdateFromAlphaFunc``)."""
        found = set()
        for a in animations:
            kind = type(a)
            if not kind.__module__.startswith("manim.") or kind.__name__.startswith("UpdateFrom"):
                return None
            found.update(id(m) for m in a.mobject.get_family())
            if isinstance(a, AnimationGroup):
                inner = family_of_animations(a.animations)
                if inner is None:
                    return None
                found |= inner
        return found

    def mask(name: str) -> dict:
        """An A8 surface of the frame's size (kept), its context in frame units, its pixels
        as an array, and the box of them last drawn (``[rows, columns]`` slices)."""
        cam = renderer.camera
        size = (cam.pixel_width, cam.pixel_height)
        if name not in masks or masks[name]["size"] != size:
            surface = cairo.ImageSurface(cairo.FORMAT_A8, *size)
            pixels = np.ndarray((size[1], surface.get_stride()), np.uint8,
                                surface.get_data())[:, :size[0]]
            masks[name] = {"size": size, "surface": surface, "ctx": cairo.Context(surface),
                           "pixels": pixels, "dirty": (slice(None), slice(None))}
        m = masks[name]
        m["ctx"].set_matrix(cam.get_cairo_context(cam.pixel_array).get_matrix())
        return m

    def box_of(shapes, ctx) -> tuple:
        """Slices of the frame's pixels holding every pixel ``shapes`` can touch: their
        points' box in pixels (a Bézier curve lies within its points' hull), widened by five
        line widths (the farthest a mitred corner reaches at Cairo's miter limit of 10 half
        widths) and three pixels (antialiasing), within the frame."""
        cam = renderer.camera
        lo = np.min([m.points[:, :2].min(0) for m in shapes], axis=0)
        hi = np.max([m.points[:, :2].max(0) for m in shapes], axis=0)
        line = max(max(m.get_stroke_width(), m.get_stroke_width(background=True))
                   for m in shapes) * cam.cairo_line_width_multiple
        xs, ys = zip(*(ctx.user_to_device(x, y) for x in (lo[0], hi[0])
                       for y in (lo[1], hi[1])))
        reach = 5 * line * cam.pixel_width / cam.frame_width + 3
        c0, c1 = max(int(min(xs) - reach), 0), min(int(max(xs) + reach) + 1, cam.pixel_width)
        r0, r1 = max(int(min(ys) - reach), 0), min(int(max(ys) + reach) + 1, cam.pixel_height)
        return slice(r0, max(r1, r0)), slice(c0, max(c1, c0))

    def marked(name: str, shapes, whole: bool = True):
        """The pixels ``shapes`` can touch when drawn (fill, background stroke and stroke
        wherever their colour is not fully transparent), as a boolean array: of the whole
        frame, or (``whole=False``) of the box that holds them, with the box."""
        cam = renderer.camera
        m = mask(name)
        surface, ctx, pixels = m["surface"], m["ctx"], m["pixels"]
        surface.flush()
        pixels[m["dirty"]] = 0
        surface.mark_dirty()
        box = (slice(None), slice(None)) if whole else box_of(shapes, ctx)
        ctx.set_source_rgba(0, 0, 0, 1)
        for shape in shapes:
            cam.set_cairo_context_path(ctx, shape)
            if (shape.get_fill_rgbas()[:, 3] > 0).any():
                ctx.fill_preserve()
            for background in (True, False):
                width = shape.get_stroke_width(background)
                if width and (shape.get_stroke_rgbas(background)[:, 3] > 0).any():
                    ctx.set_line_width(width * cam.cairo_line_width_multiple)
                    ctx.set_line_join(LINE_JOIN_MAP[shape.joint_type])
                    ctx.set_line_cap(CAP_STYLE_MAP[shape.cap_style])
                    ctx.stroke_preserve()
            ctx.new_path()
        surface.flush()
        m["dirty"] = box
        return pixels > 0 if whole else (pixels[box] > 0, box)

    def grown(on: np.ndarray) -> np.ndarray:
        """``on`` and every pixel next to one (antialiasing's reach)."""
        out = on.copy()
        out[1:] |= on[:-1]
        out[:-1] |= on[1:]
        wide = out.copy()
        wide[:, 1:] |= out[:, :-1]
        wide[:, :-1] |= out[:, 1:]
        return wide

    def split(scene):
        moving = scene.moving_mobjects
        if (not moving or scene.foreground_mobjects or scene.updaters
                or any(m.updaters for m in scene.get_mobject_family_members())):
            return None
        animated = family_of_animations(scene.animations or ())
        if animated is None:
            return None
        # what Manim draws of them, in its order (families, by z-index), one by one below
        drawn = renderer.camera.get_mobjects_to_display(moving)
        if not all(isinstance(m, VMobject) and m.get_background_image() is None
                   and np.isfinite(m.points).all() for m in drawn):
            return None
        still = [m for m in drawn if id(m) not in animated]
        move = [m for m in drawn if id(m) in animated]
        if len(still) < STILL_AT_LEAST * max(len(move), 1):
            return None       # marking the moving shapes would cost more than it saves
        return {"list": moving, "n": len(moving), "still": still, "move": move,
                "marked": grown(marked("still", still)), "image": None}

    def save_static_frame_data(scene, static_mobjects):
        play.clear()
        out = save(scene, static_mobjects)
        if not renderer.skip_animations:
            play.update(split(scene) or {})
        return out

    def update_frame(scene, mobjects=None, include_submobjects=True, ignore_skipping=True,
                     **kwargs):
        if (renderer.skip_animations or not play or kwargs or mobjects is not play["list"]
                or len(mobjects) != play["n"] or not include_submobjects):
            return update(scene, mobjects, include_submobjects, ignore_skipping, **kwargs)
        move = play["move"]
        if move:
            touched, box = marked("move", move, whole=False)
            meets = (touched & play["marked"][box]).any()
        if move and meets:
            renderer.still_shape_frames[1] += 1
            return update(scene, mobjects, include_submobjects, ignore_skipping)
        renderer.still_shape_frames[0] += 1
        cam = renderer.camera
        if play["image"] is None:
            if renderer.static_image is not None:
                cam.set_frame_to_background(renderer.static_image)
            else:
                cam.reset()
            cam.capture_mobjects(play["still"], include_submobjects=False)
            play["image"] = cam.pixel_array.copy()
        cam.set_frame_to_background(play["image"])
        if move:
            cam.capture_mobjects(move, include_submobjects=False)
        return None

    renderer.update_frame = update_frame
    renderer.save_static_frame_data = save_static_frame_data


# ----- the replay of a beat job (see scenes.base) -----------------------------------------

def skip_frames_while(renderer, skipping) -> None:
    """On this ``renderer`` (a ``CairoRenderer``) alone, draw nothing into the camera while
    ``renderer.skip_animations`` and ``skipping()``.

    Manim 0.22.0 skips writing a skipped play's frames but still draws the scene at each play
    (``update_frame``, and ``save_static_frame_data`` for the static picture of a wait): about
    a fifth of a beat job's replay CPU, for pixels no one reads. The instance's methods are
    replaced, not the class's.
    """
    update, save = renderer.update_frame, renderer.save_static_frame_data

    def update_frame(scene, *args, **kwargs):
        if renderer.skip_animations and skipping():
            return None
        return update(scene, *args, **kwargs)

    def save_static_frame_data(scene, static_mobjects):
        if renderer.skip_animations and skipping():
            renderer.static_image = None
            return None
        return save(scene, static_mobjects)

    renderer.update_frame = update_frame
    renderer.save_static_frame_data = save_static_frame_data


def skip_plays_while(renderer, skip) -> None:
    """On this ``renderer`` (a ``CairoRenderer``) alone, skip a play (as Manim skips the plays
    of a skipped section: no frames, the clock moved on) whenever ``skip()`` is true as it
    begins: a beat job drawing a piece of a beat skips the beat's plays outside its window.

    Manim 0.22.0 decides at each play, in ``update_skipping_status``, from the section's flag
    and ``-n``'s play numbers; this adds one more reason after those. The instance's method is
    replaced, not the class's.
    """
    status = renderer.update_skipping_status

    def update_skipping_status():
        status()
        if skip():
            renderer.skip_animations = True

    renderer.update_skipping_status = update_skipping_status


# ----- the encoder --------------------------------------------------------------------------

#: The WebM/VP9 stream of every WebM this project writes: beside the drawing
#: (:func:`encode_webm_beside`) and by transcoding (:func:`rnn_lecture.encoding.to_webm`). The
#: realtime deadline is ~5x faster than "good" and plenty for flat lecture graphics.
VP9_OPTIONS = {"deadline": "realtime", "cpu-used": "8", "row-mt": "1", "crf": "32", "b": "0"}
#: Options of every WebM container we write. Matroska's muxer draws each file's TrackUID and
#: TagTrackUID (16 bytes) at random, so two renders of the same input differed; ``bitexact``
#: makes it derive them and leave out its version string. Only the container changes: the VP9
#: packets, and so the picture, are the same.
WEBM_MUXER_OPTIONS = {"fflags": "+bitexact"}


def open_webm(path, rate, width: int, height: int):
    """A WebM container at ``path`` and its VP9 stream (:data:`VP9_OPTIONS`, a key frame at
    least every 4 s), ready for yuv420p frames with timestamps in periods of ``1 / rate``."""
    import av

    container = av.open(str(path), "w", format="webm", options=dict(WEBM_MUXER_OPTIONS))
    try:
        stream = container.add_stream("libvpx-vp9", rate=rate)
        stream.width, stream.height = width, height
        stream.pix_fmt = "yuv420p"
        stream.options = {**VP9_OPTIONS, "g": str(max(int(rate * 4), 1))}
    except BaseException:
        container.close()
        raise
    return container, stream


def mux_timed(container, packets, durations: dict[int, int]) -> None:
    """Mux ``packets``, each with the duration of its frame (``durations``: a frame's
    timestamp to its length in frame periods, taken out as used; 1 if not listed)."""
    for packet in packets:
        packet.duration = durations.pop(packet.pts, 1)
        container.mux(packet)


def webm_beside(target):
    """The WebM :func:`encode_webm_beside` writes beside a segment's MP4 ``target``."""
    from pathlib import Path

    return Path(target).with_suffix(".webm")


def encode_webm_beside(on: bool = True) -> None:
    """Make every video segment Manim encodes also write a WebM/VP9 of the same frames beside
    it (:func:`webm_beside`), from the frames as they are drawn (``on=False``: stop).

    The segment encoder runs on Manim's encoder thread, beside the drawing (PyAV releases the
    GIL while libvpx encodes), so the WebM costs no decode of the MP4 and no second colour
    conversion (one yuv420p frame feeds both encoders) and takes no time after the drawing;
    it shows the drawn frames, not the H.264's decoded ones. A segment's WebM is complete when
    its encoder's ``finish`` returned; ``abort`` removes it with the MP4. Installs
    :func:`encode_held_frames_once` (the WebM's frames are held as the MP4's are).
    """
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    encode_held_frames_once()
    VideoSegmentEncoder._webm_beside = bool(on)


def encode_held_frames_once() -> None:
    """Patch ``VideoSegmentEncoder.write_frame``, ``finish`` and ``abort`` (idempotent): a frame
    Manim writes ``repeat`` times is encoded once, as one video frame lasting ``repeat`` periods;
    and, once :func:`encode_webm_beside` is on, into a WebM beside the MP4 as well.

    Manim 0.22.0's segment encoder makes a new ``VideoFrame`` from the RGBA array, converts it
    to YUV and encodes it once per repeat; a lecture is mostly held frames (~85% of lstm-08's at
    low quality). The patched encoder gives the held frame its first repeat's timestamp and a
    duration of ``repeat`` periods (each packet carries it: libx264 does not pass durations
    through), so the video shows the same pictures at the same instants from a fraction of the
    frames (:mod:`rnn_lecture.encoding`, ``tests/test_encoding.py``). ``finish`` is Manim's,
    but flushes through the same duration-keeping mux (both files); ``abort`` is Manim's, and
    closes and removes the WebM too.
    """
    import av
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    if getattr(VideoSegmentEncoder.write_frame, "_held_once", False):
        return

    def mux(self, packets) -> None:
        mux_timed(self._container, packets, self.__dict__.setdefault("_durations", {}))

    def webm(self):
        """This segment's WebM (container, stream, durations), opened on the first frame."""
        if "_webm" not in self.__dict__:
            self._webm = None
            if getattr(self, "_webm_beside", False):
                rate = self.spec.frame_rate
                self._webm = (*open_webm(webm_beside(self.target), rate, self.spec.width,
                                         self.spec.height), {})
        return self._webm

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        self._validate_frame(pixels, repeat)
        time_base = Fraction(self.spec.frame_rate.denominator, self.spec.frame_rate.numerator)
        try:
            # a view of Manim's array, not a copy (converted to YUV at once, below)
            rgba = av.VideoFrame.from_numpy_buffer(pixels, format="rgba")
            # the MP4's frame: converted here, the same way whether or not a WebM is encoded
            # beside it, and handed to libx264 alone (an encoder may set fields of the frame
            # it is given: a frame shared by two encoders made the MP4 depend on the WebM)
            # one thread: libswscale's automatic slice threads split the picture differently
            # from run to run and round a chroma row at a slice's edge either way (a 2-pixel
            # strip, 2 levels), so the same drawing gave different MP4s under load
            frame = rgba.reformat(format=self.spec.pixel_format, threads=1)
            frame.pts, frame.time_base = self._next_pts, time_base
            self.__dict__.setdefault("_durations", {})[self._next_pts] = repeat
            mux(self, self._stream.encode(frame))
            also = webm(self)
            if also is not None:
                vp9 = rgba.reformat(format=self.spec.pixel_format, threads=1)
                vp9.pts, vp9.time_base = self._next_pts, time_base
                also[2][self._next_pts] = repeat
                mux_timed(also[0], also[1].encode(vp9), also[2])
            self._next_pts += repeat
        except BaseException as error:
            raise self._operation_error("encode", error) from error

    def finish(self) -> None:
        """Flush (each packet with its duration) and close, as Manim's ``finish`` does."""
        if self._closed:
            return
        self._closed = True
        first_error: Exception | None = None
        try:
            try:
                mux(self, self._stream.encode())
                also = webm(self)
                if also is not None:
                    mux_timed(also[0], also[1].encode(), also[2])
            except Exception as error:
                first_error = error
        finally:
            for container in (self._container, (self.__dict__.get("_webm") or (None,))[0]):
                if container is None:
                    continue
                try:
                    container.close()
                except Exception as error:
                    if first_error is None:
                        first_error = error
        if first_error is not None:
            raise self._operation_error("finish", first_error) from first_error

    manim_abort = VideoSegmentEncoder.abort

    def abort(self) -> None:
        """Manim's ``abort``, and the WebM closed and removed too."""
        also = self.__dict__.get("_webm")
        try:
            manim_abort(self)
        finally:
            if also is not None:
                with contextlib.suppress(Exception):
                    also[0].close()
                webm_beside(self.target).unlink(missing_ok=True)

    write_frame.__wrapped__ = VideoSegmentEncoder.write_frame
    finish.__wrapped__ = VideoSegmentEncoder.finish
    abort.__wrapped__ = VideoSegmentEncoder.abort
    write_frame._held_once = True
    VideoSegmentEncoder.write_frame = write_frame
    VideoSegmentEncoder.finish = finish
    VideoSegmentEncoder.abort = abort
