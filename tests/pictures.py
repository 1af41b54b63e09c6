"""Two renders of one drawing compared frame by frame, as decoded: every frame equal.

Renders of the same section with the same parameters draw the same RGBA frames and encode
them to the same bytes. (For a while they did not quite: under load one render in ten had a
segment a level or two off in a few pixels. x264's macroblock tree read memory it never
wrote; the encoder runs without it now, and ``tests/test_encoding.py`` and
``tests/test_render.py`` fill fresh memory with other bytes to keep it so.)
:func:`assert_same_pictures` says how many frames differed and by how much when they do.
"""

from __future__ import annotations

import av
import numpy as np


def frames(path) -> list[np.ndarray]:
    """Every decoded frame of the video (or the one picture) at ``path``, as RGB."""
    with av.open(str(path)) as c:
        return [f.to_ndarray(format="rgb24") for f in c.decode(video=0)]


def assert_same_pictures(a, b) -> None:
    """The videos (or pictures) ``a`` and ``b`` decode to the same frames, in the same
    number."""
    fa, fb = frames(a), frames(b)
    assert len(fa) == len(fb), (a, b, len(fa), len(fb))
    off = []
    for i, (x, y) in enumerate(zip(fa, fb)):
        if not np.array_equal(x, y):
            d = np.abs(x.astype(np.int16) - y.astype(np.int16))
            off.append((i, int(d.max()), float((d.max(axis=2) > 0).mean())))
    assert not off, (f"{len(off)} of {len(fa)} frames differ, the first at {off[0][0]} (up to "
                     f"{off[0][1]} levels on {100 * off[0][2]:.2f} % of its pixels); "
                     f"{a} against {b}")
