"""L5 Gates, token by token: a 4-slot LSTM reads a two-person sentence; then half-life.

    i, f, o = sigma(W x_t + W_hh h_{t-1} + b),   g = tanh(...),
    c_t = f * c_{t-1} + i * g,   h_t = o * tanh(c_t)          (``mathcore.cells.lstm``)
    half-life of a gate held at f:  t_half = ln 0.5 / ln f     (f^t_half = 1/2)

The sentence is "张三 出生 在 北京 。 李四 出生 在 上海 。 他 说 的 是 上海 话" (16 tokens).
Everything the cell reads is hand-set demo data, not trained, held here as constants:

* ``EMBEDDINGS``: each token is a 6-dim vector with a single 1.0 on one feature
  (``FEATURES``: first name, second name, place, full stop, pronoun, other word).
* ``W_IH`` (16, 6), gate order i, f, g, o (PyTorch layout), one decimal; ``W_HH`` is zero, so
  every gate reads only the current token (the slot roles are hand-arranged: slot 1 (index 0) holds
  the first name, slot 2 the second name, slot 3 the place, slot 4 the other words; slots are
  counted from 1 on screen).
* ``B_IH``: input gate -2.0, forget gate 1.1, candidate 0, output gate -1.2; ``b_hh`` is zero.

How the weights were chosen (by construction, then checked to two decimals). The forget bias 1.1
gives f = sigma(1.1) = 0.7503, the seed's 0.75 a step on ordinary tokens; the full stop's weight
-5.0 on the place slot gives sigma(-3.9) = 0.0198 (0.02); the pronoun's 2.8 on every slot gives
sigma(3.9) = 0.9802 (0.98). The output bias -1.2 gives sigma(-1.2) = 0.2315 (0.23) and the
pronoun's 4.0 gives sigma(2.8) = 0.9427 (0.94). The names write through i = sigma(3.0) and
g = tanh(w): from the slot values the seed shows at "他" (token 11: 0.07 for 张三, written 10 steps
earlier; 0.26 for 李四, written 5 steps earlier) the writes must lie in [0.883, 1.019) and
[0.822, 0.853) (f = 0.7503 for nine and four steps, then 0.9802); a scan of the
one-decimal weights w in [0.1, 3.0] finds 1.8 or more for 张三 (we take 2.5: g = 0.987) and 1.3
or 1.4 for 李四 (we take 1.4; 1.3 lands on the rounding edge, 0.2550). Five steps later (token 16, "话") the same slots read
0.02 and 0.06. ``tests/test_values_trace.py`` pins every one of these figures.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import lstm

#: The sentence, one token each (16 tokens).
TOKENS = ("张三", "出生", "在", "北京", "。", "李四", "出生", "在", "上海", "。",
          "他", "说", "的", "是", "上海", "话")

#: A word-by-word English gloss of ``TOKENS``, one a token (the English video shows these; the
#: cell reads ``TOKENS``). 他 说 的 是 上海 话 is "what he speaks is Shanghai dialect".
TOKENS_EN = ("Zhang San", "born", "in", "Beijing", ".", "Li Si", "born", "in", "Shanghai", ".",
             "he", "speaks", "what", "is", "Shanghai", "dialect")

#: The embedding's six features, in order.
FEATURES = ("first name", "second name", "place", "full stop", "pronoun", "other word")

#: Which feature each token carries (index into ``FEATURES``).
_FEATURE_OF = {"张三": 0, "李四": 1, "北京": 2, "上海": 2, "。": 3, "他": 4}

#: Token embeddings, shape (16, 6): a 1.0 on the token's feature, 0 elsewhere.
EMBEDDINGS = tuple(tuple(1.0 if k == _FEATURE_OF.get(tok, 5) else 0.0 for k in range(6))
                   for tok in TOKENS)

SLOTS = 4
#: What each slot holds (hand-arranged).
SLOT_ROLES = ("first name", "second name", "place", "other")

# rows: i (slots 0-3) | f (0-3) | g (0-3) | o (0-3); columns: FEATURES
_Z = (0.0,) * 6
W_IH = (
    (5.0, 0, 0, 0, 0, 0), (0, 5.0, 0, 0, 0, 0), (0, 0, 5.0, 0, 0, 0), (0, 0, 0, 0, 0, 3.0),
    (0, 0, 0, 0, 2.8, 0), (0, 0, 0, 0, 2.8, 0), (0, 0, 0, -5.0, 2.8, 0), (0, 0, 0, 0, 2.8, 0),
    (2.5, 0, 0, 0, 0, 0), (0, 1.4, 0, 0, 0, 0), (0, 0, 2.0, 0, 0, 0), (0, 0, 0, 0, 0, 0.5),
    (0, 0, 0, 0, 4.0, 0), (0, 0, 0, 0, 4.0, 0), (0, 0, 0, 0, 4.0, 0), (0, 0, 0, 0, 4.0, 0),
)
#: Recurrent weights, shape (16, 4): zero (each gate reads only the current token).
W_HH = tuple((0.0,) * SLOTS for _ in range(4 * SLOTS))
#: Biases b_ih, blocks i | f | g | o (b_hh is zero).
B_IH = (-2.0,) * 4 + (1.1,) * 4 + (0.0,) * 4 + (-1.2,) * 4

#: 0-based indices: the first full stop, "他", the last token ("话").
STOP = 4
HE = 10
LAST = 15
#: The two name slots and the place slot.
FIRST, SECOND, PLACE = 0, 1, 2

#: Half-life sweep: 0.5 -> 0.99 in ``SWEEP_UP`` points, then to the parameter.
SWEEP_UP = 121
SWEEP_LOW, SWEEP_HIGH = 0.5, 0.99


#: The half-life chart's log axis starts at 0.1 step and spans four decades (to 1000).
CHART_FLOOR = 0.1


def _decades(t):
    """Height on the half-life chart's log axis: log10(t / ``CHART_FLOOR``)."""
    return np.log10(np.asarray(t, dtype=np.float64) / CHART_FLOOR)


def half_life(f) -> np.ndarray | float:
    """Steps until a value multiplied by ``f`` each step is halved: ln 0.5 / ln f (0 < f < 1)."""
    return np.log(0.5) / np.log(f)


@dataclass(frozen=True, eq=False)
class TraceValues:
    """What L5 shows.

    Attributes
    ----------
    tokens : tuple of str, length 16
        The sentence's tokens.
    token_numbers : numpy.ndarray, shape (16,)
        1..16, the tokens' positions as shown.
    tokens_en : tuple of str, length 16
        Their English glosses (``TOKENS_EN``), shown in the English video.
    slot_numbers : numpy.ndarray, shape (4,)
        1..4, the slots' numbers as shown (counted from 1, as the tokens are and as L3 counts
        its slots and words).
    n_features, n_slots : int
        Embedding size (6) and memory slots (4).
    embeddings : numpy.ndarray, shape (16, 6)
        The token vectors x_t (``EMBEDDINGS``).
    w_ih, w_hh, b_ih, b_hh : numpy.ndarray, shapes (16, 6), (16, 4), (16,), (16,)
        The hand-set weights, gate order i, f, g, o.
    input, forget, candidate, output : numpy.ndarray, shape (16, 4)
        Gates i, f, g, o, token by slot.
    cell, hidden : numpy.ndarray, shape (16, 4)
        c_t and h_t.
    cell_top : float
        Largest c_t of the trace (the chart's scale, at least 1).
    stop, he, last : int
        0-based indices of the first full stop, "他" and "话"; ``stop_number``, ``he_number``,
        ``last_number`` are the same counted from 1 (5, 11, 16).
    steps_after : int
        Tokens from "他" to "话" (5).
    stop_forget_place : float
        f on the place slot at the full stop (0.02).
    stop_forget_others : numpy.ndarray, shape (3,)
        f on the other three slots at the full stop (0.75 each).
    stop_forget_other : float
        The first of those (slot 0), as the sentence shows it.
    he_forget : float
        f at "他" on slot 0 (every slot: ``forget[he]``; 0.98).
    output_before, output_he : float
        o on slot 0 the token before "他" and at "他" (0.23 and 0.94).
    he_first, he_second : float
        c at "他" on the first-name and second-name slots (0.07, 0.26).
    last_first, last_second : float
        The same at "话" (0.02, 0.06).
    referent : str
        ``second`` if the second-name slot holds more at "他" (he is 李四), ``first`` if the first
        does, ``tie`` if equal.
    forget_param : float
        The parameter ``forget`` at the three decimals its readout shows.
    half_life : float
        ln 0.5 / ln forget_param (the half-life of the gate as shown, not of digits beyond it).
    half_kind : str
        ``within`` if half is gone within one step (half-life < 1), else ``after``.
    trace_forget : float
        The trace's ordinary forget gate (f on slot 0 at token 2, 0.75); ``trace_half_life`` its
        half-life.
    he_half_life : float
        Half-life at ``he_forget``.
    trace_held_half_life, he_held_half_life : float
        Half-lives of ``trace_forget`` and ``he_forget`` at the two decimals the screen shows
        them (0.98 -> 34.31, where the unrounded 0.9802 gives 34.59): what a sentence that names
        the gate as shown can state.
    sweep_forget, sweep_half_life : numpy.ndarray, shape (S,)
        The f sweep 0.5 -> 0.99 -> ``forget``, each point at the three decimals its readout
        shows, and the half-life along it.
    sweep_decades : numpy.ndarray, shape (S,)
        log10(half-life / ``CHART_FLOOR``): the chart's log-axis height above its floor of 0.1
        step.
    sweep_turn : int
        Index in ``sweep_forget`` where the sweep turns at ``SWEEP_HIGH`` (0.99).
    curve_forget, curve_decades : numpy.ndarray, shape (C,)
        The half-life curve drawn once, f in [0.02, 0.999], and its heights.
    forget_decades, trace_decades, he_decades : float
        Heights at ``forget`` and at ``trace_forget`` and ``he_forget`` as shown.
    """

    tokens: tuple
    tokens_en: tuple
    token_numbers: np.ndarray
    slot_numbers: np.ndarray
    n_features: int
    n_slots: int
    embeddings: np.ndarray
    w_ih: np.ndarray
    w_hh: np.ndarray
    b_ih: np.ndarray
    b_hh: np.ndarray
    input: np.ndarray
    forget: np.ndarray
    candidate: np.ndarray
    output: np.ndarray
    cell: np.ndarray
    hidden: np.ndarray
    cell_top: float
    stop: int
    he: int
    last: int
    stop_number: int
    he_number: int
    last_number: int
    steps_after: int
    stop_forget_place: float
    stop_forget_others: np.ndarray
    stop_forget_other: float
    he_forget: float
    output_before: float
    output_he: float
    he_first: float
    he_second: float
    last_first: float
    last_second: float
    referent: str
    forget_param: float
    half_life: float
    half_kind: str
    trace_forget: float
    trace_half_life: float
    he_half_life: float
    trace_held_half_life: float
    he_held_half_life: float
    sweep_forget: np.ndarray
    sweep_half_life: np.ndarray
    sweep_decades: np.ndarray
    sweep_turn: int
    curve_forget: np.ndarray
    curve_decades: np.ndarray
    forget_decades: float
    trace_decades: float
    he_decades: float


def demo_weights():
    """The demo cell's weights as arrays: ``(w_ih, w_hh, b_ih, b_hh)``."""
    return (np.array(W_IH, dtype=np.float64), np.array(W_HH, dtype=np.float64),
            np.array(B_IH, dtype=np.float64), np.zeros(4 * SLOTS))


def trace_values(p: dict) -> TraceValues:
    """Compute L5 from its parameter (``forget``, the half-life beat's gate)."""
    weights = demo_weights()
    x = np.array(EMBEDDINGS, dtype=np.float64)
    tr = lstm.forward(x, *weights)
    # the gate as its readout shows it (three decimals): the half-life beside it follows from it
    f_ = round(float(p["forget"]), 3)
    hl = float(half_life(f_))
    sweep = np.round(np.concatenate([np.linspace(SWEEP_LOW, SWEEP_HIGH, SWEEP_UP),
                                     np.linspace(SWEEP_HIGH, f_, 61)[1:]]), 3)
    sweep_hl = half_life(sweep)
    curve = np.concatenate([np.linspace(0.02, 0.95, 94), np.linspace(0.951, 0.999, 49)])
    a, b = float(tr.c[HE, FIRST]), float(tr.c[HE, SECOND])
    others = tr.f[STOP, [j for j in range(SLOTS) if j != PLACE]]
    tf, hf = float(tr.f[1, FIRST]), float(tr.f[HE, FIRST])
    # the two gates' half-lives as the marks and the narration state them, from f as shown
    th, hh = float(half_life(round(tf, 2))), float(half_life(round(hf, 2)))
    return TraceValues(
        tokens=TOKENS, tokens_en=TOKENS_EN, token_numbers=np.arange(1, len(TOKENS) + 1),
        slot_numbers=np.arange(1, SLOTS + 1), n_features=x.shape[1], n_slots=SLOTS, embeddings=x,
        w_ih=weights[0], w_hh=weights[1], b_ih=weights[2], b_hh=weights[3],
        input=tr.i, forget=tr.f, candidate=tr.g, output=tr.o, cell=tr.c, hidden=tr.h,
        cell_top=float(max(1.0, tr.c.max())),
        stop=STOP, he=HE, last=LAST, stop_number=STOP + 1, he_number=HE + 1,
        last_number=LAST + 1, steps_after=LAST - HE,
        stop_forget_place=float(tr.f[STOP, PLACE]), stop_forget_others=others,
        stop_forget_other=float(others[0]), he_forget=hf,
        output_before=float(tr.o[HE - 1, FIRST]), output_he=float(tr.o[HE, FIRST]),
        he_first=a, he_second=b,
        last_first=float(tr.c[LAST, FIRST]), last_second=float(tr.c[LAST, SECOND]),
        referent="second" if b > a else ("first" if a > b else "tie"),
        forget_param=f_, half_life=hl, half_kind="within" if hl < 1.0 else "after",
        trace_forget=tf, trace_half_life=float(half_life(tf)), he_half_life=float(half_life(hf)),
        trace_held_half_life=th, he_held_half_life=hh,
        sweep_forget=sweep, sweep_half_life=sweep_hl, sweep_decades=_decades(sweep_hl),
        sweep_turn=SWEEP_UP - 1,
        curve_forget=curve, curve_decades=_decades(half_life(curve)),
        forget_decades=float(_decades(hl)), trace_decades=float(_decades(th)),
        he_decades=float(_decades(hh)),
    )
