"""L2 One LSTM cell: a 1-D LSTM with hand-set weights, one step from (x, h_prev, c_prev).

The seed's block diagram shows a 1-D cell's live numbers but not its weights; the weights here
are hand-set (not trained), chosen so that at the default step every gate sits well inside
(0, 1) and no two gates read alike. Every number is computed by
:func:`mathcore.cells.lstm.forward` (gate order i, f, g, o; ``b_hh`` = 0):

    i = σ(w_x,i x + w_h,i h_prev + b_i)      f = σ(w_x,f x + w_h,f h_prev + b_f)
    g = tanh(w_x,g x + w_h,g h_prev + b_g)   o = σ(w_x,o x + w_h,o h_prev + b_o)
    c = f c_prev + i g                       h = o tanh(c)

Two sweeps turn the seed's sliders into computed arrays: ``x`` goes from its value down to
:data:`SWEEP_LO`, up to :data:`SWEEP_HI` and back (every gate moves), and ``c_prev`` does the
same (no gate moves: the gates read only ``[h_prev, x]``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import lstm

#: Input weights w_x of the gates, order i, f, g, o (hand-set).
W_X = (1.6, -0.8, 1.3, 0.9)
#: Recurrent weights w_h of the gates, order i, f, g, o (hand-set).
W_H = (-0.9, 1.2, 0.7, 1.4)
#: Biases of the gates, order i, f, g, o (hand-set; the forget gate's +1 keeps f above one half
#: at small inputs).
BIAS = (0.1, 1.0, 0.0, -0.2)

#: Ends of both sweeps and the points on each leg (value -> lo, lo -> hi, hi -> value).
SWEEP_LO, SWEEP_HI = -2.0, 2.0
SWEEP_LEG_POINTS = 31

GATES = ("i", "f", "g", "o")


@dataclass(frozen=True, eq=False)
class CellValues:
    """What L2 shows.

    Attributes
    ----------
    w_ih, w_hh : numpy.ndarray, shape (4, 1)
        The cell's input and recurrent weights (rows i, f, g, o).
    b_ih, b_hh : numpy.ndarray, shape (4,)
        Its biases (``b_hh`` is zeros).
    w_x, w_h, bias : dict of str to float
        The same weights by gate name (``"i"``, ``"f"``, ``"g"``, ``"o"``).
    x, h_prev, c_prev : float
        The step's inputs (the parameters).
    pre : dict of str to float
        Pre-activations of the four gates.
    i, f, g, o : float
        Input gate, forget gate, candidate, output gate.
    kept : float
        ``f * c_prev``: what the conveyor keeps.
    written : float
        ``i * g``: what the step adds to the conveyor.
    c, tanh_c, h : float
        New cell state, ``tanh(c)``, new hidden state ``o * tanh(c)``.
    x_sweep : numpy.ndarray, shape (S,)
        The x values of the input sweep: ``x -> SWEEP_LO -> SWEEP_HI -> x``.
    x_sweep_cell : dict of str to numpy.ndarray, shape (S,)
        ``i, f, g, o, kept, written, c, tanh_c, h`` along the input sweep.
    x_sweep_gate_span : float
        Largest change (max - min) over the input sweep of any of the four blocks: the three
        gates f, i, o and the candidate g.
    x_sweep_sigmoid_span : float
        Largest change over the input sweep of the three gates alone, ``max over f, i, o of
        (max - min)``; each is a sigmoid in (0, 1), so this is below 1.
    x_sweep_candidate_span : float
        Change of the candidate g over the input sweep (max - min); g is a tanh in (-1, 1), so
        this is below 2.
    c_sweep : numpy.ndarray, shape (S,)
        The c_prev values of the memory sweep: ``c_prev -> SWEEP_LO -> SWEEP_HI -> c_prev``.
    c_sweep_cell : dict of str to numpy.ndarray, shape (S,)
        The same quantities along the memory sweep.
    c_sweep_gate_span : float
        Largest change of any of f, i, o and g over the memory sweep (0: none reads c_prev).
    sweep_lo, sweep_hi : float
        ``SWEEP_LO``, ``SWEEP_HI``.
    """

    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    w_x: dict
    w_h: dict
    bias: dict
    x: float
    h_prev: float
    c_prev: float
    pre: dict
    i: float
    f: float
    g: float
    o: float
    kept: float
    written: float
    c: float
    tanh_c: float
    h: float
    x_sweep: np.ndarray
    x_sweep_cell: dict
    x_sweep_gate_span: float
    x_sweep_sigmoid_span: float
    x_sweep_candidate_span: float
    c_sweep: np.ndarray
    c_sweep_cell: dict
    c_sweep_gate_span: float
    sweep_lo: float
    sweep_hi: float


def weights():
    """``(w_ih, w_hh, b_ih, b_hh)`` of the hand-set 1-D cell in ``torch.nn.LSTM`` layout."""
    return (np.array(W_X).reshape(4, 1), np.array(W_H).reshape(4, 1), np.array(BIAS),
            np.zeros(4))


def step(x: float, h_prev: float, c_prev: float) -> dict:
    """One step of the cell: ``pre`` (by gate) and ``i, f, g, o, kept, written, c, tanh_c, h``."""
    tr = lstm.forward(np.array([[x]]), *weights(), h0=np.array([h_prev]), c0=np.array([c_prev]))
    i, f, g, o = (float(a[0, 0]) for a in (tr.i, tr.f, tr.g, tr.o))
    c = float(tr.c[0, 0])
    return {"pre": dict(zip(GATES, (float(z) for z in tr.pre[0]))),
            "i": i, "f": f, "g": g, "o": o, "kept": f * c_prev, "written": i * g,
            "c": c, "tanh_c": float(np.tanh(c)), "h": float(tr.h[0, 0])}


def round_trip(start: float) -> np.ndarray:
    """``start -> SWEEP_LO -> SWEEP_HI -> start`` in three legs of ``SWEEP_LEG_POINTS``."""
    legs = (np.linspace(start, SWEEP_LO, SWEEP_LEG_POINTS),
            np.linspace(SWEEP_LO, SWEEP_HI, SWEEP_LEG_POINTS)[1:],
            np.linspace(SWEEP_HI, start, SWEEP_LEG_POINTS)[1:])
    return np.concatenate(legs)


def _sweep(points, make) -> tuple[dict, float]:
    """Every quantity of :func:`step` along ``points`` and the largest span of i, f, g, o."""
    rows = [make(float(p)) for p in points]
    keys = ("i", "f", "g", "o", "kept", "written", "c", "tanh_c", "h")
    out = {k: np.array([r[k] for r in rows]) for k in keys}
    return out, spans(out, GATES)


def spans(cell: dict, names) -> float:
    """Largest ``max - min`` along a sweep of the quantities ``names`` of ``cell``.

    Parameters
    ----------
    cell : dict of str to numpy.ndarray, shape (S,)
        A sweep's quantities (``x_sweep_cell``, ``c_sweep_cell``).
    names : iterable of str
        Which: ``("i", "f", "o")`` for the three gates, ``("g",)`` for the candidate.
    """
    return max(float(cell[k].max() - cell[k].min()) for k in names)


def cell_values(p: dict) -> CellValues:
    """Compute L2 from ``x``, ``h_prev`` and ``c_prev``."""
    x, h_prev, c_prev = float(p["x"]), float(p["h_prev"]), float(p["c_prev"])
    s = step(x, h_prev, c_prev)
    xs, cs = round_trip(x), round_trip(c_prev)
    x_cell, x_span = _sweep(xs, lambda u: step(u, h_prev, c_prev))
    c_cell, c_span = _sweep(cs, lambda u: step(x, h_prev, u))
    w_ih, w_hh, b_ih, b_hh = weights()
    return CellValues(
        w_ih=w_ih, w_hh=w_hh, b_ih=b_ih, b_hh=b_hh,
        w_x=dict(zip(GATES, W_X)), w_h=dict(zip(GATES, W_H)), bias=dict(zip(GATES, BIAS)),
        x=x, h_prev=h_prev, c_prev=c_prev, pre=s["pre"],
        i=s["i"], f=s["f"], g=s["g"], o=s["o"], kept=s["kept"], written=s["written"],
        c=s["c"], tanh_c=s["tanh_c"], h=s["h"],
        x_sweep=xs, x_sweep_cell=x_cell, x_sweep_gate_span=x_span,
        x_sweep_sigmoid_span=spans(x_cell, ("i", "f", "o")),
        x_sweep_candidate_span=spans(x_cell, ("g",)),
        c_sweep=cs, c_sweep_cell=c_cell, c_sweep_gate_span=c_span,
        sweep_lo=SWEEP_LO, sweep_hi=SWEEP_HI,
    )
