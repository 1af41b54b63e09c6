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
        recurrent_params=3,
    )
