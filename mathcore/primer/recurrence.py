"""§01 The loop: the scalar recurrence over eight tokens, its tanh slope, the W_h sweep."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import scalar

#: The eight §01 tokens. The seed names only the last (0.4); these one-decimal values were
#: chosen (by exhaustive search over one-decimal tokens) so that the seed's figures come out of
#: the computation: h_7 = 0.841 at w_h = 1.40, and a 7-hop gradient product of 0.057 at w_h = 0.90.
PRIMER_TOKENS = (0.5, 0.6, 0.7, -0.4, -0.6, 0.6, -0.5, 0.4)


#: Points of the W_h sweep and of the tangent's sweep (each frame shows one computed point).
W_H_SWEEP_POINTS = 61
TANGENT_SWEEP_POINTS = 81

#: Sequence lengths the parameter-count beat unrolls the RNN to: 8 to 32,768 in steps of an
#: eighth of a doubling (rounded, repeats dropped: 96 lengths), so the strip and its length
#: change on every frame of the sweep instead of in five jumps with the picture held between.
COUNT_SWEEP_N = tuple(int(n) for n in np.unique(np.round(8 * 2 ** (np.arange(97) / 8))))
#: the most steps the parameter-count beat draws as ticks of its chain (a longer chain is drawn
#: as this many, its length read beside it)
CHAIN_TICKS = 256


def unrolled_param_count(n: int, d: int, d_in: int | None = None) -> dict:
    """Parameters held by an RNN of width d unrolled over n steps, each tensor counted once.

    Every step uses the same ``W_h (d, d)``, ``W_x (d, d_in)`` and ``b (d,)``; the count is
    taken over the distinct tensors the n steps touch, so n can only change it if a step
    brought a tensor of its own (none does).

    Returns
    -------
    dict
        ``{"recurrent": d*d, "input": d*d_in, "bias": d, "total": ...}`` as ints.
    """
    d_in = d if d_in is None else d_in
    used: dict[str, tuple[int, ...]] = {}
    for _t in range(n):
        used["recurrent"], used["input"], used["bias"] = (d, d), (d, d_in), (d,)
    out = {k: int(np.prod(shape)) for k, shape in used.items()}
    out["total"] = sum(out.values())
    return out


@dataclass(frozen=True, eq=False)
class RecurrenceValues:
    """What §01 shows.

    Attributes
    ----------
    tokens, pre_activations, states : numpy.ndarray, shape (T,)
        ``x_t``, ``z_t``, ``h_t`` at the chosen ``w_h``.
    final_state : float
        ``h_{T-1}``.
    final_state_at_zero : float
        ``h_{T-1}`` at ``w_h = 0``: only the last token's own ``tanh(w_x x + b)``.
    sweep_w_h : numpy.ndarray, shape (S,)
        The ``w_h`` values the sweep visits on its way (for live readouts).
    sweep_states : numpy.ndarray, shape (S, T)
        States at each sweep value.
    tangent_z, tangent_slope : numpy.ndarray, shape (P,)
        Points where the tanh tangent stops, and ``tanh'`` there.
    tangent_sweep_z, tangent_sweep_tanh, tangent_sweep_slope : numpy.ndarray, shape (Z,)
        The points the tangent visits between the two stops, ``tanh`` and ``tanh'`` there.
    length : int
        Number of tokens T.
    hops : int
        Hops from the first token's state to the last (``T - 1``).
    recurrent_params : int
        Parameter count of the 1-D cell (``w_h``, ``w_x``, ``b``), independent of T.
    count_width : int
        Width d the parameter-count beat counts at (parameter ``width``).
    count : dict
        :func:`unrolled_param_count` at that width over this section's T tokens.
    count_sweep_n : numpy.ndarray of int, shape (K,)
        ``COUNT_SWEEP_N``: the sequence lengths the beat unrolls to.
    count_sweep_total : numpy.ndarray of int, shape (K,)
        The total counted again at each of those lengths (the same number each time).
    count_sweep_ticks : numpy.ndarray of int, shape (K,)
        The steps drawn as ticks at each length: ``min(n, CHAIN_TICKS)``.
    """

    tokens: np.ndarray
    pre_activations: np.ndarray
    states: np.ndarray
    final_state: float
    final_state_at_zero: float
    sweep_w_h: np.ndarray
    sweep_states: np.ndarray
    tangent_z: np.ndarray
    tangent_slope: np.ndarray
    tangent_sweep_z: np.ndarray
    tangent_sweep_tanh: np.ndarray
    tangent_sweep_slope: np.ndarray
    length: int
    hops: int
    recurrent_params: int
    count_width: int
    count: dict
    count_sweep_n: np.ndarray
    count_sweep_total: np.ndarray
    count_sweep_ticks: np.ndarray


def recurrence_values(p: dict) -> RecurrenceValues:
    """Compute §01 from its parameters (``tokens``, ``w_h``, ``w_x``, ``b``, ``tangent_z``)."""
    tokens = np.asarray(p["tokens"], dtype=np.float64)
    tr = scalar.recur(tokens, p["w_h"], p["w_x"], p["b"])
    sweep = np.linspace(p["w_h"], 0.0, W_H_SWEEP_POINTS)
    sweep_states = np.stack([scalar.recur(tokens, w, p["w_x"], p["b"]).h for w in sweep])
    tz = np.asarray(p["tangent_z"], dtype=np.float64)
    zs = np.linspace(tz[0], tz[-1], TANGENT_SWEEP_POINTS)
    return RecurrenceValues(
        tokens=tokens,
        pre_activations=tr.pre[1:],
        states=tr.h,
        final_state=float(tr.h[-1]),
        final_state_at_zero=float(sweep_states[-1, -1]),
        sweep_w_h=sweep,
        sweep_states=sweep_states,
        tangent_z=tz,
        tangent_slope=scalar.slope(tz),
        tangent_sweep_z=zs,
        tangent_sweep_tanh=np.tanh(zs),
        tangent_sweep_slope=scalar.slope(zs),
        length=len(tokens),
        hops=len(tokens) - 1,
        recurrent_params=unrolled_param_count(len(tokens), 1)["total"],
        count_width=int(p["width"]),
        count=unrolled_param_count(len(tokens), int(p["width"])),
        count_sweep_n=np.asarray(COUNT_SWEEP_N, dtype=np.int64),
        count_sweep_total=np.asarray([unrolled_param_count(n, int(p["width"]))["total"]
                                      for n in COUNT_SWEEP_N], dtype=np.int64),
        count_sweep_ticks=np.minimum(np.asarray(COUNT_SWEEP_N, dtype=np.int64), CHAIN_TICKS),
    )
