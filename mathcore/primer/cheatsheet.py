"""§06 Cheat sheet: truncated BPTT windows, KV cache against a recurrent state."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The context sweep spans three orders of magnitude: ``context / 2^10 .. context`` by doubling
#: (fewer octaves when the context is shorter than 2^10: it never goes below one token).
CONTEXT_SWEEP_OCTAVES = 10
#: Frames of the context sweep per octave (each frame shows one computed point).
FRAMES_PER_OCTAVE = 8
#: Axis ticks closer than this share of the axis span are dropped (their labels would touch).
TICK_MIN_SEPARATION = 0.12

GIB = 2**30
KIB = 2**10


@dataclass(frozen=True, eq=False)
class CheatSheetValues:
    """What §06 shows.

    Attributes
    ----------
    sequence_length, tbptt_window : int
    window_starts : numpy.ndarray of int, shape (P,)
        First step of each window position, ``0 .. sequence_length - tbptt_window``.
    gradient_mask : numpy.ndarray of int, shape (P, sequence_length)
        ``1`` where a step receives gradient from the loss at the window's end (the steps inside
        the window); the cut sits just before ``window_starts``.
    forward_mask : numpy.ndarray of int, shape (P, sequence_length)
        ``1`` where the forward state has already flowed (every step up to the window's end).
    context, layers, width, bytes_per_value, query_heads, kv_heads : int
    head_dim : int
        ``width / query_heads``.
    kv_cache_bytes : int
        ``2 (K and V) * layers * width * bytes_per_value * context * kv_heads / query_heads``.
    state_bytes : int
        A recurrent state of ``width`` numbers per layer: ``layers * width * bytes_per_value``.
    ratio : float
        ``kv_cache_bytes / state_bytes``.
    ratio_compare : str
        ``"larger"``, ``"equal"`` or ``"smaller"``: the cache against the state.
    kv_cache_gib, state_kib : float
        The two in GiB (2^30 bytes) and KiB (2^10 bytes).
    gqa_kv_heads : int
    kv_cache_bytes_gqa : int
        The cache with ``gqa_kv_heads`` KV heads (grouped-query attention).
    gqa_fraction : float
        ``kv_cache_bytes_gqa / kv_cache_bytes`` (``gqa_kv_heads / kv_heads``).
    gqa_compare : str
        ``"smaller"``, ``"same"`` or ``"larger"``: the grouped cache against the model's.
    accelerator_gib : float
    accelerator_fraction : float
        ``kv_cache_bytes`` as a fraction of an accelerator's ``accelerator_gib``.
    accelerator_fits : bool
        ``accelerator_fraction <= 1``.
    sweep_context : numpy.ndarray of int, shape (K + 1,)
        Whole contexts from ``context / 2^K`` to ``context``, doubling (rounded to whole
        tokens), ``K = min(CONTEXT_SWEEP_OCTAVES, floor(log2(context)))``.
    sweep_fold : float
        ``context / sweep_context[0]``: how many times the context grows along the sweep.
    sweep_kv_cache_bytes, sweep_kv_cache_bytes_gqa, sweep_state_bytes : numpy.ndarray
        Bytes along the sweep, shape (K + 1,) (the state's does not change).
    frame_context : numpy.ndarray of int, shape (F,)
        The context each frame of the sweep shows: ``FRAMES_PER_OCTAVE`` per octave, even
        steps on the log axis rounded to whole tokens; first ``sweep_context[0]``, last
        ``context``.
    frame_log2_context, frame_log2_kv, frame_log2_kv_gqa, frame_log2_state : numpy.ndarray
        ``log2`` of the context and of the three byte counts at each frame, shape (F,)
        (the plot's x and y).
    axis_log2_context, axis_log2_bytes : numpy.ndarray, shape (2,)
        ``[lo, hi]`` of the plot's axes in ``log2`` units (every frame fits, never empty).
    tick_context : numpy.ndarray of int, shape (A,)
        x ticks: first, middle and last context of the sweep, duplicates and near neighbours
        dropped.
    tick_log2_context : numpy.ndarray, shape (A,)
    tick_bytes : numpy.ndarray of int, shape (B,)
        y ticks: the largest cache, the state and the smallest cache, a tick dropped when it
        sits closer than ``TICK_MIN_SEPARATION`` of the axis to one kept before it.
    tick_log2_bytes : numpy.ndarray, shape (B,)
    accelerator_share : str
        ``"most"`` when the cache fills more than half of one accelerator but fits,
        ``"fits"`` at half or less, ``"exceeds"`` when it does not fit.
    tight_n, tight_d : int
        The sequence length and width the tight-bound table is computed at (``context`` and
        ``width``).
    tight_depth, tight_path, tight_cost : dict
        ``{"recurrent": ..., "attention": ...}``: sequential depth (``n`` against 1), longest
        path between two positions (``n - 1`` against ``min(1, n - 1)``) and multiply-adds per
        layer (``n d^2`` against ``n^2 d``).
    tight_case : str
        What the table can say at ``n``: ``"one"`` (a single position: both take one step and
        there is no path, 0 against 0), ``"two"`` (two positions: depth 2 against 1, but both
        paths are one multiplication) or ``"many"`` (n >= 3: recurrence is deeper and longer).
    """

    sequence_length: int
    tbptt_window: int
    window_starts: np.ndarray
    gradient_mask: np.ndarray
    forward_mask: np.ndarray
    context: int
    layers: int
    width: int
    bytes_per_value: int
    query_heads: int
    kv_heads: int
    head_dim: int
    kv_cache_bytes: int
    state_bytes: int
    ratio: float
    ratio_compare: str
    kv_cache_gib: float
    state_kib: float
    gqa_kv_heads: int
    kv_cache_bytes_gqa: int
    gqa_fraction: float
    gqa_compare: str
    accelerator_gib: float
    accelerator_fraction: float
    accelerator_fits: bool
    sweep_context: np.ndarray
    sweep_fold: float
    sweep_kv_cache_bytes: np.ndarray
    sweep_kv_cache_bytes_gqa: np.ndarray
    sweep_state_bytes: np.ndarray
    frame_context: np.ndarray
    frame_log2_context: np.ndarray
    frame_log2_kv: np.ndarray
    frame_log2_kv_gqa: np.ndarray
    frame_log2_state: np.ndarray
    axis_log2_context: np.ndarray
    axis_log2_bytes: np.ndarray
    tick_context: np.ndarray
    tick_log2_context: np.ndarray
    tick_bytes: np.ndarray
    tick_log2_bytes: np.ndarray
    accelerator_share: str
    tight_n: int
    tight_d: int
    tight_depth: dict
    tight_path: dict
    tight_cost: dict
    tight_case: str


def tight_case(n: int) -> str:
    """``"one"``, ``"two"`` or ``"many"``: which comparison the tight-bound table makes at a
    sequence of ``n`` positions (see :class:`CheatSheetValues`)."""
    return "one" if n <= 1 else "two" if n == 2 else "many"


def kv_cache_bytes(context, layers: int, width: int, bytes_per_value: int,
                   query_heads: int, kv_heads: int):
    """Bytes of a decoder's KV cache.

    ``2 * layers * (width / query_heads) * kv_heads * bytes_per_value * context``: a key and a
    value of ``head_dim`` numbers per KV head, per layer, per position.

    Parameters
    ----------
    context : int or numpy.ndarray
        Positions held.
    layers, width, bytes_per_value, query_heads, kv_heads : int

    Returns
    -------
    int or numpy.ndarray
        Exact when ``context`` is an int.

    Raises
    ------
    ValueError
        If ``kv_heads`` does not divide ``query_heads`` or ``query_heads`` does not divide
        ``width``.
    """
    check_heads(width, query_heads, kv_heads)
    return 2 * layers * (width // query_heads) * kv_heads * bytes_per_value * context


def check_heads(width: int, query_heads: int, kv_heads: int, name: str = "kv_heads") -> None:
    """Raise ``ValueError`` unless the head counts fit together (one-line message)."""
    if query_heads % kv_heads:
        raise ValueError(f"{name} ({kv_heads}) must divide query_heads ({query_heads})")
    if width % query_heads:
        raise ValueError(f"query_heads ({query_heads}) must divide width ({width})")


def context_sweep(context: int) -> np.ndarray:
    """Whole contexts from ``context / 2^K`` to ``context`` by doubling (see CheatSheetValues)."""
    octaves = min(CONTEXT_SWEEP_OCTAVES, int(np.floor(np.log2(context))))
    return np.rint(context / 2.0 ** np.arange(octaves, -1, -1)).astype(np.int64)


def sweep_frames(first: int, last: int) -> np.ndarray:
    """Whole contexts from ``first`` to ``last``, ``FRAMES_PER_OCTAVE`` per octave on a log axis."""
    octaves = np.log2(last / first)
    count = int(np.ceil(octaves * FRAMES_PER_OCTAVE)) + 1
    frames = np.rint(np.exp2(np.linspace(np.log2(first), np.log2(last), count))).astype(np.int64)
    frames[0], frames[-1] = first, last
    return frames


def spaced_ticks(candidates, lo: float, hi: float) -> np.ndarray:
    """Candidates (in order of priority, ``log2`` units) kept when at least
    ``TICK_MIN_SEPARATION`` of the span ``hi - lo`` from every one kept before; returns the
    indices kept, in increasing order of value."""
    kept: list[int] = []
    gap = TICK_MIN_SEPARATION * (hi - lo)
    for i, x in enumerate(candidates):
        if all(abs(x - candidates[j]) >= gap for j in kept):
            kept.append(i)
    return np.asarray(sorted(kept, key=lambda i: candidates[i]), dtype=np.int64)


def _axis(values: np.ndarray, pad: float) -> np.ndarray:
    """``[floor(min) - pad, ceil(max) + pad]`` (log2 units), at least one unit wide."""
    lo, hi = float(np.floor(values.min())) - pad, float(np.ceil(values.max())) + pad
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1
    return np.array([lo, hi])


def cheatsheet_values(p: dict) -> CheatSheetValues:
    """Compute §06 from its parameters.

    Raises
    ------
    ValueError
        If ``kv_heads`` or ``gqa_kv_heads`` does not divide ``query_heads``, ``query_heads`` does
        not divide ``width``, or ``tbptt_window`` exceeds ``sequence_length``.
    """
    L, W = p["sequence_length"], p["tbptt_window"]
    if W > L:
        raise ValueError(f"tbptt_window ({W}) must not exceed sequence_length ({L})")
    qh, width = p["query_heads"], p["width"]
    check_heads(width, qh, p["kv_heads"])
    check_heads(width, qh, p["gqa_kv_heads"], name="gqa_kv_heads")

    starts = np.arange(L - W + 1)
    steps = np.arange(L)
    grad = (steps[None, :] >= starts[:, None]) & (steps[None, :] < starts[:, None] + W)
    fwd = steps[None, :] < starts[:, None] + W

    shape = (p["layers"], width, p["bytes_per_value"], qh)
    ctx = p["context"]
    kv = kv_cache_bytes(ctx, *shape, p["kv_heads"])
    kv_gqa = kv_cache_bytes(ctx, *shape, p["gqa_kv_heads"])
    state = p["layers"] * width * p["bytes_per_value"]
    sweep = context_sweep(ctx)
    frames = sweep_frames(int(sweep[0]), ctx)
    f_kv = kv_cache_bytes(frames, *shape, p["kv_heads"])
    f_gqa = kv_cache_bytes(frames, *shape, p["gqa_kv_heads"])
    lx, ly_kv, ly_gqa = np.log2(frames), np.log2(f_kv), np.log2(f_gqa)
    ly_state = np.full(frames.shape, np.log2(state))
    ax_x = _axis(lx, 0.0)
    ax_y = _axis(np.concatenate([ly_kv, ly_gqa, ly_state]), 1.0)
    ctx_cand = np.asarray([sweep[-1], sweep[len(sweep) // 2], sweep[0]], dtype=np.int64)
    keep_x = spaced_ticks(np.log2(ctx_cand), *ax_x)
    bytes_cand = np.asarray([f_kv[-1], state, f_kv[0]], dtype=np.int64)
    keep_y = spaced_ticks(np.log2(bytes_cand), *ax_y)
    ratio = kv / state
    gqa_fraction = kv_gqa / kv
    acc_fraction = kv / (p["accelerator_gib"] * GIB)
    fits = bool(kv <= p["accelerator_gib"] * GIB)
    share = "exceeds" if not fits else ("most" if acc_fraction > 0.5 else "fits")
    n, d = ctx, width
    return CheatSheetValues(
        sequence_length=L,
        tbptt_window=W,
        window_starts=starts,
        gradient_mask=grad.astype(np.int64),
        forward_mask=fwd.astype(np.int64),
        context=ctx,
        layers=p["layers"],
        width=width,
        bytes_per_value=p["bytes_per_value"],
        query_heads=qh,
        kv_heads=p["kv_heads"],
        head_dim=width // qh,
        kv_cache_bytes=kv,
        state_bytes=state,
        ratio=ratio,
        ratio_compare="larger" if kv > state else ("equal" if kv == state else "smaller"),
        kv_cache_gib=kv / GIB,
        state_kib=state / KIB,
        gqa_kv_heads=p["gqa_kv_heads"],
        kv_cache_bytes_gqa=kv_gqa,
        gqa_fraction=gqa_fraction,
        gqa_compare="smaller" if kv_gqa < kv else ("same" if kv_gqa == kv else "larger"),
        accelerator_gib=p["accelerator_gib"],
        accelerator_fraction=acc_fraction,
        accelerator_fits=fits,
        sweep_context=sweep,
        sweep_fold=ctx / float(sweep[0]),
        sweep_kv_cache_bytes=kv_cache_bytes(sweep, *shape, p["kv_heads"]),
        sweep_kv_cache_bytes_gqa=kv_cache_bytes(sweep, *shape, p["gqa_kv_heads"]),
        sweep_state_bytes=np.full(sweep.shape, state, dtype=np.int64),
        frame_context=frames,
        frame_log2_context=lx,
        frame_log2_kv=ly_kv,
        frame_log2_kv_gqa=ly_gqa,
        frame_log2_state=ly_state,
        axis_log2_context=ax_x,
        axis_log2_bytes=ax_y,
        tick_context=ctx_cand[keep_x],
        tick_log2_context=np.log2(ctx_cand[keep_x].astype(np.float64)),
        tick_bytes=bytes_cand[keep_y],
        tick_log2_bytes=np.log2(bytes_cand[keep_y].astype(np.float64)),
        accelerator_share=share,
        tight_n=n,
        tight_d=d,
        tight_depth={"recurrent": n, "attention": 1},
        tight_path={"recurrent": n - 1, "attention": min(1, n - 1)},
        tight_cost={"recurrent": n * d * d, "attention": n * n * d},
        tight_case=tight_case(n),
    )
