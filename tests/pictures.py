"""Two renders of one drawing compared frame by frame, as decoded.

Renders of the same section with the same parameters draw the same RGBA frames (the drawing is
deterministic: per-frame digests of what Manim hands the encoder were equal in every run we
recorded). Their H.264 encodings are equal too, almost always: on a loaded machine a segment
now and then comes out of libx264 with a few pixels one or two levels apart (seen in CI, and
locally about one run in ten under load: a whole animation's segment, at most 2 levels, under
0.1 % of a frame's pixels). The cause is not found yet (the issue's note says where the search
stands); it is not in the drawing, and it is far below what any drawing difference makes (a
glyph moved by one pixel changes hundreds of pixels by tens of levels).

:func:`assert_same_pictures` therefore asks for every frame to be there, in order, equal to
its counterpart up to :data:`LEVELS` levels on at most :data:`SHARE` of its pixels, and says
how many frames were exactly equal and how far the others were off.
"""

from __future__ import annotations

import av
import numpy as np

#: The largest difference, in 8-bit levels, allowed between two decodings of one drawing.
LEVELS = 3
#: The largest share of a frame's pixels that may differ at all.
SHARE = 0.005


def frames(path) -> list[np.ndarray]:
    """Every decoded frame of the video (or the one picture) at ``path``, as RGB."""
    with av.open(str(path)) as c:
        return [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]


def assert_same_pictures(a, b) -> None:
    """The videos (or pictures) ``a`` and ``b`` show the same drawing, frame for frame: equal
    frame counts, and each frame equal to its counterpart up to the encoder's rounding (see
    the module)."""
    fa, fb = frames(a), frames(b)
    assert len(fa) == len(fb), (a, b, len(fa), len(fb))
    off = []
    for i, (x, y) in enumerate(zip(fa, fb)):
        if np.array_equal(x, y):
            continue
        d = np.abs(x.astype(np.int16) - y.astype(np.int16))
        off.append((i, int(d.max()), float((d.max(axis=2) > 0).mean())))
    worst = [o for o in off if o[1] > LEVELS or o[2] > SHARE]
    assert not worst, (f"{len(off)} of {len(fa)} frames differ; beyond the encoder's rounding: "
                       f"{len(worst)}, first at {worst[0][0]} (up to {worst[0][1]} levels on "
                       f"{100 * worst[0][2]:.2f} % of its pixels); {a} against {b}")
