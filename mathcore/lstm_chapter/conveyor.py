"""L3 The conveyor: the cell update as a balance, discount then deposit.

    c_t = f_t * c_{t-1} + i_t * g_t      (kept = f * old, new = kept + written)

Two kinds of numbers. The *demo trace* is a 4-slot LSTM (``mathcore.cells.lstm``, gate order
i, f, g, o) reading eight words; its weights and word vectors are hand-set (not trained), held
here as constants. The *balance* is the same update for one slot with the section's parameters
``old``, ``forget`` and ``written``, and a sweep of ``forget``.

How the demo data was chosen. The weights below were written by hand (one decimal, a forget
bias of 0.7 so that ``f`` sits between 0.5 and 0.8 for ordinary words). The word vectors are
one-decimal points of ``[-1, 1]^3``, chosen word by word by a small search over that grid
(9,261 candidates a word): words 1–5 at random (``numpy.random.default_rng(5)``) among those
keeping every forget gate of every slot in ``[0.5, 0.8]`` (word 5 also leaving slot 2 at
``|c| >= 0.15``, so the first station has something to discount); word 6 among those that also leave
slot 2 at ``c = -0.29`` (two decimals); word 7 among those with, on slot 2, ``f = 0.36``,
``f c_{t-1} = -0.10``, ``i g = 0.19`` and ``c = 0.09`` (two decimals) and every other slot's
``f`` in ``[0.5, 0.8]``; word 8 like words 1–5. Those are the seed's figures (word 7, slot 2);
``tests/test_values_conveyor.py`` pins them. Words and slots are counted from 1 on screen.

The 1997 cell (Hochreiter & Schmidhuber 1997) had no forget gate: ``c_t = c_{t-1} + i g``.
It is the demo cell with its forget gate pinned open (forget rows of the weights zero, forget
bias ``+inf``, so ``f = sigmoid(+inf) = 1`` exactly), run with the gated cell over the eight
words read ``STREAM_REPEATS`` times in a row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import lstm

#: Slots (hidden size H) and word-vector size D of the demo cell.
SLOTS = 4
WORD_DIM = 3

#: Input weights W_ih, shape (4H, D), rows i (slots 1-4) | f | g | o. Hand-set.
DEMO_W_IH = (
    (0.5, -0.3, 0.2), (-0.4, 0.3, 0.5), (0.2, 0.4, -0.3), (0.3, 0.2, 0.4),
    (0.2, -0.2, 0.1), (-0.9, 0.6, -0.5), (-0.1, 0.3, 0.2), (0.1, 0.1, -0.3),
    (0.8, -0.5, 0.3), (0.5, -0.4, 0.3), (-0.6, 0.7, 0.2), (0.5, 0.3, 0.7),
    (0.3, 0.3, -0.2), (0.4, -0.3, 0.2), (-0.2, 0.4, 0.3), (0.2, 0.5, 0.1),
)

#: Recurrent weights W_hh, shape (4H, H), rows as in ``DEMO_W_IH``. Hand-set, small.
DEMO_W_HH = (
    (0.2, -0.1, 0.0, 0.1), (0.1, 0.2, -0.1, 0.0), (0.0, 0.1, 0.2, -0.1), (-0.1, 0.0, 0.1, 0.2),
    (0.1, 0.0, 0.0, -0.1), (0.0, 0.1, 0.1, 0.0), (0.0, -0.1, 0.1, 0.0), (-0.1, 0.0, 0.0, 0.1),
    (0.3, 0.1, -0.2, 0.0), (0.2, 0.3, 0.0, -0.1), (-0.1, 0.0, 0.3, 0.2), (0.0, -0.2, 0.1, 0.3),
    (0.1, 0.0, 0.1, 0.0), (0.0, 0.1, 0.0, 0.1), (0.0, 0.1, 0.1, 0.0), (0.1, 0.0, 0.0, 0.1),
)

#: Bias (b_ih; b_hh is zero), blocks i | f | g | o: only the forget gate has one (0.7).
DEMO_BIAS = (0.0,) * 4 + (0.7,) * 4 + (0.0,) * 8

#: The eight word vectors x_1..x_8, shape (8, D), found by the search in the module docstring.
DEMO_WORDS = (
    (0.3, -0.1, -0.8), (0.5, 0.6, 0.4), (-1.0, 0.0, 0.9), (0.5, 0.8, 0.3),
    (-0.4, 0.6, 0.8), (-0.2, 0.3, 0.2), (0.9, -0.9, -0.1), (0.2, 0.5, -0.1),
)

#: The worked example, 0-based: word 7, slot 2 on screen.
FOCUS_WORD = 6
FOCUS_SLOT = 1

#: The conveyor's three stations: words 5, 6, 7 (0-based 4, 5, 6) on the focus slot.
STATIONS = (4, 5, 6)

#: How many times the 1997 comparison reads the eight words in a row (40 words).
STREAM_REPEATS = 5

#: Points of the forget sweep: 0 -> 1 in ``SWEEP_UP`` points, then back to the parameter.
SWEEP_UP = 101


def keep_share(forget: float) -> str:
    """Which share of the old value a forget gate keeps: ``all`` (f = 1), ``more`` (> 1/2),
    ``half``, ``less`` (0 < f < 1/2) or ``none`` (f = 0)."""
    if forget >= 1.0:
        return "all"
    if forget > 0.5:
        return "more"
    if forget == 0.5:
        return "half"
    return "less" if forget > 0.0 else "none"


def write_kind(written: float) -> str:
    """``deposit`` (i g > 0), ``withdrawal`` (i g < 0) or ``none`` (nothing written)."""
    if written > 0.0:
        return "deposit"
    return "withdrawal" if written < 0.0 else "none"


@dataclass(frozen=True, eq=False)
class ConveyorValues:
    """What L3 shows.

    Attributes
    ----------
    w_ih, w_hh, b_ih, b_hh : numpy.ndarray, shapes (16, 3), (16, 4), (16,), (16,)
        The demo cell's hand-set weights (``DEMO_*``), gate order i, f, g, o.
    words : numpy.ndarray, shape (8, 3)
        The word vectors x_1..x_8.
    n_words, n_slots : int
        Words read (8) and memory slots (4).
    word_numbers : numpy.ndarray, shape (8,)
        1..8, the words' positions as shown.
    slot_numbers : numpy.ndarray, shape (4,)
        1..4, the slots' numbers as shown.
    input, forget, candidate, output : numpy.ndarray, shape (8, 4)
        Gates i, f, g, o of the demo trace, word by slot.
    old, kept, written, cell, hidden : numpy.ndarray, shape (8, 4)
        c_{t-1}, f c_{t-1}, i g, c_t = kept + written, h_t.
    trace_extent : float
        Largest |c_t| of the demo trace (the bars' scale).
    focus_word, focus_slot : int
        0-based indices of the worked example; ``focus_word_number``, ``focus_slot_number``
        are the same counted from 1 (7 and 2).
    focus_forget, focus_old, focus_kept, focus_written, focus_new : float
        f, c_{t-1}, f c_{t-1}, i g, c_t at the worked example.
    focus_written_abs : float
        |i g| at the worked example (the line says "plus" or "minus" it).
    focus_share, focus_write : str
        :func:`keep_share` of ``focus_forget``, :func:`write_kind` of ``focus_written``.
    others_forget_min, others_forget_max : float
        Smallest and largest forget gate over every other (word, slot) of the trace.
    others_share : str
        ``more`` if every other forget gate keeps more than half, else ``mixed``.
    station_words : numpy.ndarray, shape (3,)
        The stations' word numbers (5, 6, 7).
    station_forget, station_old, station_kept, station_written, station_new : numpy.ndarray, shape (3,)
        f, c_{t-1}, f c_{t-1}, i g, c_t on the focus slot at each station.
    station_share : tuple of str, length 3
        :func:`keep_share` of each station's forget gate.
    station_write : tuple of str, length 3
        :func:`write_kind` of each station's write.
    old_param, forget_param, written_param : float
        The parameters ``old``, ``forget``, ``written``.
    kept_param, new_param : float
        ``forget * old`` and ``kept + written``.
    dropped_param : float
        ``(1 - forget) * old``, the discount taken off.
    param_share : str
        :func:`keep_share` of ``forget``.
    param_write : str
        :func:`write_kind` of ``written``.
    sweep_forget, sweep_kept, sweep_new : numpy.ndarray, shape (S,)
        The forget sweep 0 -> 1 -> ``forget`` and ``kept``, ``new`` along it.
    balance_extent : float
        Largest magnitude the balance beat draws (old, kept, written, new along the sweep).
    stream_words : int
        Words read in the 1997 comparison (8 * ``STREAM_REPEATS``).
    stream_repeats : int
        ``STREAM_REPEATS``.
    stream_steps : numpy.ndarray, shape (N,)
        1..N.
    stream_cell_1997, stream_cell_gated : numpy.ndarray, shape (N, 4)
        c_t of the cell without a forget gate (f = 1) and of the gated demo cell.
    stream_forget_1997 : numpy.ndarray, shape (N, 4)
        The pinned-open gate (all exactly 1).
    focus_1997, focus_gated : numpy.ndarray, shape (N,)
        Those cell states on the focus slot.
    pass_ends_1997, pass_ends_gated : numpy.ndarray, shape (STREAM_REPEATS,)
        The focus slot's c at the end of each pass over the eight words.
    end_1997, end_gated : float
        The focus slot's c after the last word; ``end_tanh_1997`` is tanh of the first.
    gated_bound : float
        Largest |c| of the gated cell on the focus slot over the stream.
    growth_1997 : str
        ``grows`` if |c| of the 1997 cell rises at the end of every pass, else ``not``.
    focus_1997_abs, focus_gated_abs : numpy.ndarray, shape (N,)
        |c| of both on the focus slot (how full the slot is: the chart's curves).
    stream_high : float
        Top of the comparison chart: the largest |c| rounded up to a whole number.
    stream_ticks : numpy.ndarray, shape (K,)
        Labelled y ticks of that chart: 1, 2, ... up to ``stream_high``.
    """

    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    words: np.ndarray
    n_words: int
    n_slots: int
    word_numbers: np.ndarray
    slot_numbers: np.ndarray
    input: np.ndarray
    forget: np.ndarray
    candidate: np.ndarray
    output: np.ndarray
    old: np.ndarray
    kept: np.ndarray
    written: np.ndarray
    cell: np.ndarray
    hidden: np.ndarray
    trace_extent: float
    focus_word: int
    focus_slot: int
    focus_word_number: int
    focus_slot_number: int
    focus_forget: float
    focus_old: float
    focus_kept: float
    focus_written: float
    focus_new: float
    focus_written_abs: float
    focus_share: str
    focus_write: str
    others_forget_min: float
    others_forget_max: float
    others_share: str
    station_words: np.ndarray
    station_forget: np.ndarray
    station_old: np.ndarray
    station_kept: np.ndarray
    station_written: np.ndarray
    station_new: np.ndarray
    station_share: tuple
    station_write: tuple
    old_param: float
    forget_param: float
    written_param: float
    kept_param: float
    new_param: float
    dropped_param: float
    param_share: str
    param_write: str
    sweep_forget: np.ndarray
    sweep_kept: np.ndarray
    sweep_new: np.ndarray
    balance_extent: float
    stream_words: int
    stream_repeats: int
    stream_steps: np.ndarray
    stream_cell_1997: np.ndarray
    stream_cell_gated: np.ndarray
    stream_forget_1997: np.ndarray
    focus_1997: np.ndarray
    focus_gated: np.ndarray
    pass_ends_1997: np.ndarray
    pass_ends_gated: np.ndarray
    end_1997: float
    end_gated: float
    end_tanh_1997: float
    gated_bound: float
    growth_1997: str
    focus_1997_abs: np.ndarray
    focus_gated_abs: np.ndarray
    stream_high: float
    stream_ticks: np.ndarray


def demo_weights():
    """The demo cell's weights as arrays: ``(w_ih, w_hh, b_ih, b_hh)``."""
    return (np.array(DEMO_W_IH, dtype=np.float64), np.array(DEMO_W_HH, dtype=np.float64),
            np.array(DEMO_BIAS, dtype=np.float64), np.zeros(4 * SLOTS))


def without_forget_gate(w_ih, w_hh, b_ih, b_hh):
    """The same weights with the forget gate pinned open: f = sigmoid(+inf) = 1 exactly."""
    w_ih, w_hh, b_ih = w_ih.copy(), w_hh.copy(), b_ih.copy()
    f = slice(SLOTS, 2 * SLOTS)
    w_ih[f], w_hh[f], b_ih[f] = 0.0, 0.0, np.inf
    return w_ih, w_hh, b_ih, b_hh


def conveyor_values(p: dict) -> ConveyorValues:
    """Compute L3 from its parameters (``old``, ``forget``, ``written``)."""
    weights = demo_weights()
    words = np.array(DEMO_WORDS, dtype=np.float64)
    tr = lstm.forward(words, *weights)
    old = tr.c_prev
    kept = tr.f * old
    written = tr.i * tr.g
    w, s = FOCUS_WORD, FOCUS_SLOT
    others = np.ones_like(tr.f, dtype=bool)
    others[w, s] = False
    fo = tr.f[others]
    st = np.array(STATIONS)

    o_, f_, wr = float(p["old"]), float(p["forget"]), float(p["written"])
    sweep = np.concatenate([np.linspace(0.0, 1.0, SWEEP_UP),
                            np.linspace(1.0, f_, max(2, int(round(50 * (1.0 - f_))) + 1))[1:]])
    sweep_kept = sweep * o_
    sweep_new = sweep_kept + wr
    extent = float(max(abs(o_), abs(wr), np.max(np.abs(sweep_new)), 1e-3))

    stream = np.tile(words, (STREAM_REPEATS, 1))
    t97 = lstm.forward(stream, *without_forget_gate(*weights))
    tg = lstm.forward(stream, *weights)
    n = len(stream)
    f97, fg = t97.c[:, s], tg.c[:, s]
    ends97 = f97[len(words) - 1::len(words)]
    endsg = fg[len(words) - 1::len(words)]
    grows = bool(np.all(np.diff(np.abs(ends97)) > 0))
    hi = float(max(1.0, np.ceil(max(np.abs(f97).max(), np.abs(fg).max()))))

    return ConveyorValues(
        w_ih=weights[0], w_hh=weights[1], b_ih=weights[2], b_hh=weights[3], words=words,
        n_words=len(words), n_slots=SLOTS, word_numbers=np.arange(1, len(words) + 1), slot_numbers=np.arange(1, SLOTS + 1),
        input=tr.i, forget=tr.f, candidate=tr.g, output=tr.o,
        old=old, kept=kept, written=written, cell=tr.c, hidden=tr.h,
        trace_extent=float(np.max(np.abs(tr.c))),
        focus_word=w, focus_slot=s, focus_word_number=w + 1, focus_slot_number=s + 1,
        focus_forget=float(tr.f[w, s]), focus_old=float(old[w, s]),
        focus_kept=float(kept[w, s]), focus_written=float(written[w, s]),
        focus_new=float(tr.c[w, s]), focus_written_abs=float(abs(written[w, s])),
        focus_share=keep_share(float(tr.f[w, s])), focus_write=write_kind(float(written[w, s])),
        others_forget_min=float(fo.min()), others_forget_max=float(fo.max()),
        others_share="more" if bool(np.all(fo > 0.5)) else "mixed",
        station_words=st + 1, station_forget=tr.f[st, s], station_old=old[st, s],
        station_kept=kept[st, s], station_written=written[st, s], station_new=tr.c[st, s],
        station_share=tuple(keep_share(float(x)) for x in tr.f[st, s]),
        station_write=tuple(write_kind(float(x)) for x in written[st, s]),
        old_param=o_, forget_param=f_, written_param=wr, kept_param=f_ * o_,
        new_param=f_ * o_ + wr, dropped_param=(1.0 - f_) * o_,
        param_share=keep_share(f_), param_write=write_kind(wr),
        sweep_forget=sweep, sweep_kept=sweep_kept, sweep_new=sweep_new, balance_extent=extent,
        stream_words=n, stream_repeats=STREAM_REPEATS, stream_steps=np.arange(1, n + 1),
        stream_cell_1997=t97.c, stream_cell_gated=tg.c, stream_forget_1997=t97.f,
        focus_1997=f97, focus_gated=fg, pass_ends_1997=ends97, pass_ends_gated=endsg,
        end_1997=float(f97[-1]), end_gated=float(fg[-1]), end_tanh_1997=float(np.tanh(f97[-1])),
        gated_bound=float(np.max(np.abs(fg))), growth_1997="grows" if grows else "not",
        focus_1997_abs=np.abs(f97), focus_gated_abs=np.abs(fg), stream_high=hi,
        stream_ticks=np.arange(1.0, hi + 0.5),
    )
