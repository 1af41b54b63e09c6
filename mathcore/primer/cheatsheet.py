"""§06 Cheat sheet: truncated BPTT windows, KV cache against a recurrent state."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The context sweep spans three orders of magnitude: ``context / 2^10 .. context`` by doubling.
CONTEXT_SWEEP_OCTAVES = 10

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
    kv_cache_gib, state_kib : float
        The two in GiB (2^30 bytes) and KiB (2^10 bytes).
    gqa_kv_heads : int
    kv_cache_bytes_gqa : int
        The cache with ``gqa_kv_heads`` KV heads (grouped-query attention).
    gqa_fraction : float
        ``kv_cache_bytes_gqa / kv_cache_bytes``.
    accelerator_gib : float
    accelerator_fraction : float
        ``kv_cache_bytes`` as a fraction of an accelerator's ``accelerator_gib``.
    sweep_context : numpy.ndarray, shape (CONTEXT_SWEEP_OCTAVES + 1,)
        ``context / 2^10 .. context``, doubling.
    sweep_kv_cache_bytes, sweep_kv_cache_bytes_gqa, sweep_state_bytes : numpy.ndarray
        Bytes along the sweep (the state's does not change).
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
    kv_cache_gib: float
    state_kib: float
    gqa_kv_heads: int
    kv_cache_bytes_gqa: int
    gqa_fraction: float
    accelerator_gib: float
    accelerator_fraction: float
    sweep_context: np.ndarray
    sweep_kv_cache_bytes: np.ndarray
    sweep_kv_cache_bytes_gqa: np.ndarray
    sweep_state_bytes: np.ndarray


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
    sweep = ctx / 2.0 ** np.arange(CONTEXT_SWEEP_OCTAVES, -1, -1)
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
        ratio=kv / state,
        kv_cache_gib=kv / GIB,
        state_kib=state / KIB,
        gqa_kv_heads=p["gqa_kv_heads"],
        kv_cache_bytes_gqa=kv_gqa,
        gqa_fraction=kv_gqa / kv,
        accelerator_gib=p["accelerator_gib"],
        accelerator_fraction=kv / (p["accelerator_gib"] * GIB),
        sweep_context=sweep,
        sweep_kv_cache_bytes=kv_cache_bytes(sweep, *shape, p["kv_heads"]),
        sweep_kv_cache_bytes_gqa=kv_cache_bytes(sweep, *shape, p["gqa_kv_heads"]),
        sweep_state_bytes=np.full(sweep.shape, float(state)),
    )
