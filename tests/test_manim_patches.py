"""Every Manim function we patch is the one the patch was written against.

:mod:`scenes.manim_patches` pins, for each patched function, the sha256 of its source and its
signature as Manim 0.22.0 has them. A Manim upgrade that changes one fails here, naming the
function and what to review, instead of leaving a patch to replace code it no longer matches
(a wrong frame, a lost lock, a clip of the wrong length, found much later or never).
"""

from __future__ import annotations

import importlib.metadata
import inspect
from pathlib import Path

import numpy as np
import pytest

from scenes import manim_patches


def _patched_everything():
    """Install every patch, as a render's worker does (idempotent)."""
    from manim import config

    from rnn_lecture.render import share_tex_cache

    share_tex_cache(config.get_dir("tex_dir"))
    manim_patches.share_sources_on_copy()
    manim_patches.encode_held_frames_once()
    manim_patches.cache_cairo_paths()


@pytest.mark.parametrize("name", sorted(manim_patches.FINGERPRINTS))
def test_a_patched_manim_function_is_unchanged(name):
    _patched_everything()
    original = manim_patches.originals()[name]
    assert not hasattr(original, "__wrapped__"), f"{name}: the original is itself a wrapper"
    want_sha, want_sig = manim_patches.FINGERPRINTS[name]
    got_sha, got_sig = manim_patches.fingerprint(original)
    version = importlib.metadata.version("manim")
    assert (got_sha, got_sig) == (want_sha, want_sig), (
        f"Manim {version} changed {name} (the patch in scenes/manim_patches.py was written "
        f"against Manim {manim_patches.MANIM_VERSION}). Review it: read the new source "
        f"({inspect.getsourcefile(original)}), check that the patch still does what its "
        "docstring says (same arguments, attributes, files and timing), adapt it if not, "
        f"then pin the new fingerprint in FINGERPRINTS: ({got_sha!r}, {got_sig!r}). "
        f"Source sha256 was {want_sha[:16]}..., is {got_sha[:16]}...; signature was "
        f"{want_sig}, is {got_sig}")


def test_every_patch_is_installed_once_and_keeps_its_original():
    """Installing twice wraps once; each function that a patch replaces on its class or
    module keeps Manim's as ``__wrapped__`` (the renderer's methods are replaced on each
    instance, see :func:`scenes.manim_patches.skip_frames_while`)."""
    _patched_everything()
    _patched_everything()
    import manim.mobject.svg.svg_mobject as svg_mobject
    import manim.mobject.text.tex_mobject as tex_mobject
    import manim.mobject.text.text_mobject as text_mobject
    import manim.utils.tex_file_writing as tfw
    from manim.camera.camera import Camera
    from manim.mobject.mobject import Mobject
    from manim.scene.video_segment_encoder import VideoSegmentEncoder

    installed = {
        "manim.utils.tex_file_writing.tex_to_svg_file": tfw.tex_to_svg_file,
        "manim.mobject.svg.svg_mobject.SVGMobject.generate_mobject":
            svg_mobject.SVGMobject.generate_mobject,
        "manim.mobject.text.text_mobject.Text._text2svg": text_mobject.Text._text2svg,
        "manim.mobject.text.text_mobject.MarkupText._text2svg":
            text_mobject.MarkupText._text2svg,
        "manim.mobject.mobject.Mobject.__deepcopy__": Mobject.__deepcopy__,
        "manim.camera.camera.Camera.set_cairo_context_path": Camera.set_cairo_context_path,
        "manim.scene.video_segment_encoder.VideoSegmentEncoder.write_frame":
            VideoSegmentEncoder.write_frame,
        "manim.scene.video_segment_encoder.VideoSegmentEncoder.finish":
            VideoSegmentEncoder.finish,
        "manim.scene.video_segment_encoder.VideoSegmentEncoder.abort":
            VideoSegmentEncoder.abort,
    }
    assert tex_mobject.tex_to_svg_file is tfw.tex_to_svg_file
    originals = manim_patches.originals()
    for name, fn in installed.items():
        assert fn.__wrapped__ is originals[name], name
        assert not hasattr(fn.__wrapped__, "__wrapped__"), f"{name} wrapped twice"
    assert set(installed) | {n for n in manim_patches.FINGERPRINTS if "CairoRenderer" in n} \
        == set(manim_patches.FINGERPRINTS)


def test_the_pinned_version_is_the_installed_one():
    """The fingerprints were taken from the Manim the project depends on (pyproject:
    ``manim>=0.22,<0.23``); another version is a review even when the sources match."""
    assert importlib.metadata.version("manim") == manim_patches.MANIM_VERSION, (
        f"Manim {importlib.metadata.version('manim')} is installed; scenes/manim_patches.py "
        f"was reviewed against {manim_patches.MANIM_VERSION}: run tests/test_manim_patches.py, "
        "review each patch it names, then update MANIM_VERSION")


def test_a_text_svg_cut_short_in_the_shared_folder_is_written_again(tmp_path):
    """A process killed while Pango wrote a text's SVG left a file that every later
    construction of the same text parsed and failed on; the patch writes it again."""
    import contextlib

    from manim import Text, tempconfig

    from scenes import manim_patches

    manim_patches.lock_text_svgs(contextlib.nullcontext)
    with tempconfig({"text_dir": str(tmp_path)}):
        first = Text("cut short", font="Noto Sans CJK SC")
        (svg,) = tmp_path.glob("*.svg")
        whole = svg.read_bytes()   # as Pango wrote it
        for broken in (b"", whole[: len(whole) // 2]):
            svg.write_bytes(broken)
            again = Text("cut short", font="Noto Sans CJK SC")
            assert svg.read_bytes().rstrip().endswith(b"</svg>")
            assert len(again.submobjects) == len(first.submobjects)
            assert np.allclose(again.get_all_points(), first.get_all_points())


def test_a_text_svg_appears_whole_in_the_shared_folder(tmp_path, monkeypatch):
    """Cairo creates a text's SVG empty before Pango draws into it: another process sharing
    the text folder parsed it empty (CI: an XML ParseError in ``script``). Pango now writes in
    a private folder and the file arrives by rename, with the same bytes as Manim's own."""
    import contextlib

    import manimpango
    from manim import MarkupText, Text, tempconfig

    from scenes import manim_patches

    seen = []
    pango = manimpango.text2svg

    def spy(*args):
        target = Path(args[4])
        seen.append((target, sorted(p.name for p in tmp_path.glob("*.svg"))))
        return pango(*args)

    manim_patches.lock_text_svgs(contextlib.nullcontext)
    with tempconfig({"text_dir": str(tmp_path)}):
        monkeypatch.setattr(manimpango, "text2svg", spy)
        mine = Text("arrives whole", font="Noto Sans CJK SC")
        MarkupText("arrives <b>whole</b>", font="Noto Sans CJK SC")
        monkeypatch.undo()
        files = sorted(tmp_path.iterdir())
        assert [f.suffix for f in files] == [".svg", ".svg"], files   # nothing left behind
        (written, before), = seen
        assert written.parent != tmp_path and before == []
        assert all(oct(f.stat().st_mode & 0o777) == "0o644" for f in files)
    from manim.mobject.text import text_mobject
    monkeypatch.setattr(text_mobject.Text, "_text2svg", text_mobject.Text._text2svg.__wrapped__)
    with tempconfig({"text_dir": str(tmp_path / "manim")}):
        theirs = Text("arrives whole", font="Noto Sans CJK SC")
    (made,) = (tmp_path / "manim").glob("*.svg")
    assert made.name in {f.name for f in files}   # Manim's own name
    assert np.allclose(mine.get_all_points(), theirs.get_all_points())


def _frames_drawn(mobjects, steps: int) -> list:
    """The frames a camera draws of ``mobjects``, shifting the last one a little after each."""
    from manim import RIGHT
    from manim.camera.camera import Camera

    cam = Camera(pixel_width=854, pixel_height=480)
    frames = []
    for _ in range(steps):
        cam.reset()
        cam.capture_mobjects(mobjects)
        frames.append(cam.pixel_array.copy())
        mobjects[-1].shift(0.013 * RIGHT)
    return frames


def _picture():
    from manim import (BLUE, DOWN, LEFT, RED, RIGHT, UP, Circle, DashedLine, MathTex, Square, Text,
                       VGroup)

    return [Text("梯度消失 W_h 0.057", font="Noto Sans CJK SC").shift(UP),
            MathTex(r"\prod_{k} \partial h_k / \partial h_{k-1}").shift(DOWN),
            Square(1.2).set_fill([RED, BLUE], 0.6).shift(2 * LEFT),      # a gradient fill
            DashedLine(LEFT * 3, RIGHT * 3 + UP),
            VGroup(Circle(0.4), Text("h", font="Noto Sans CJK SC")).shift(3 * RIGHT)]


def test_kept_cairo_paths_draw_the_frames_manim_draws():
    """:func:`scenes.manim_patches.cache_cairo_paths` appends a kept copy of each path instead
    of rebuilding it: frames drawn with nothing kept, with everything kept from an earlier
    frame, and with a shape moved between frames are, pixel for pixel, the frames Manim's own
    ``set_cairo_context_path`` draws."""
    from manim.camera.camera import Camera

    was = manim_patches.drawing_faster()
    manim_patches.draw_faster(True)
    patched = Camera.set_cairo_context_path
    patched.paths.clear()
    try:
        ours = _frames_drawn(_picture(), 4)
        assert len(patched.paths) > 10        # kept, and found again at the next frames
        again = _frames_drawn(_picture(), 4)  # every path already kept
        Camera.set_cairo_context_path = patched.__wrapped__
        manims = _frames_drawn(_picture(), 4)
    finally:
        Camera.set_cairo_context_path = patched
        manim_patches.draw_faster(was)
    for i, (a, b, m) in enumerate(zip(ours, again, manims)):
        assert np.array_equal(a, m), f"frame {i}, nothing kept before: not Manim's"
        assert np.array_equal(b, m), f"frame {i}, drawn from kept paths: not Manim's"
    assert not np.array_equal(manims[0], manims[-1])   # the moved shape was drawn moved



def _still_shapes_scene(patched: bool):
    """A strip of outlined chips over lines of text: chips lit one by one (their outlines
    around still labels), a line faded in among still ones, and a dot that crosses a still
    line and a thick bar whose stroke overlaps one (there the frame must be drawn in
    Manim's order)."""
    from manim import (BLUE, DOWN, LEFT, RED, RIGHT, UP, Dot, FadeIn, Indicate, Line,
                       RoundedRectangle, Scene, Text, VGroup)

    class Still(Scene):
        def construct(self):
            if patched:
                manim_patches.draw_still_shapes_once(self.renderer)
            chips = VGroup(*(VGroup(RoundedRectangle(corner_radius=0.08, width=1.05,
                                                     height=0.46, stroke_width=2),
                                    Text(f"P{n}", font="Noto Sans CJK SC", font_size=20))
                             for n in range(1, 7))).arrange(RIGHT, buff=0.2).to_edge(UP)
            for c in chips:
                c[1].move_to(c[0])
            rows = VGroup(*(Text(f"问题 {k}: 梯度为何消失", font="Noto Sans CJK SC",
                                 font_size=24) for k in range(4))).arrange(DOWN, buff=0.5)
            dot = Dot(rows[1].get_left() + LEFT, radius=0.15, color=RED)
            # a thick bar whose points stay clear of the line under it, but not its stroke
            bar = Line(LEFT, RIGHT, stroke_width=40, color=BLUE).next_to(rows[2], UP, buff=0.05)
            self.add(chips, dot, bar, *rows[:3])     # the dot and bar drawn under the lines
            self.play(chips[0][0].animate.set_stroke(width=5), Indicate(chips[0][1]),
                      run_time=0.5)
            self.play(FadeIn(rows[3]), chips[0][0].animate.set_stroke(width=2),
                      chips[2][0].animate.set_stroke(width=5), run_time=0.5)
            self.play(dot.animate.shift(RIGHT * 8), run_time=2)   # under a still line
            self.play(bar.animate.shift(RIGHT), run_time=0.5)

    return Still


def test_still_shapes_drawn_once_give_the_frames_manim_draws(tmp_path):
    """:func:`scenes.manim_patches.draw_still_shapes_once`: a scene whose plays move a few
    shapes above still ones is drawn from the still shapes' picture wherever the moving ones
    touch none of their pixels (outlines lit around still labels, a line faded in among
    still ones) and as Manim draws it where one does (a dot crossing a still line); every
    frame of its video is the one Manim's own frame drawing gives, and both ways were
    taken."""
    from manim import tempconfig

    videos, counts = [], []
    was = manim_patches.drawing_faster()
    for patched in (True, False):
        media = tmp_path / str(patched)
        media.mkdir()
        manim_patches.draw_faster(patched)
        with tempconfig({"media_dir": str(media), "quality": "low_quality",
                         "disable_caching": True, "verbosity": "ERROR",
                         "progress_bar": "none", "output_file": "still"}):
            scene = _still_shapes_scene(patched)()
            scene.render()
            videos.append(next(media.rglob("still.mp4")))
            counts.append(getattr(scene.renderer, "still_shape_frames", None))
    manim_patches.draw_faster(was)
    fast, manims = counts[0]
    assert fast >= 10 and manims >= 3, counts[0]
    assert counts[1] is None
    from pictures import assert_same_pictures   # every decoded frame, exactly

    assert_same_pictures(videos[0], videos[1])
