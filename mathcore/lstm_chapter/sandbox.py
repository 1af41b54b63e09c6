"""L4 The gate sandbox: one LSTM cell reads "我 昨天 在 公园 看见 一只 猫。它 很 可爱".

The gates are held at the section's parameters (``forget``, ``input``, ``output``) and the
write strength g of each token is hand-set (``WRITE``), so the cell is

    c_t = f c_{t-1} + i g_t,    h_t = o tanh(c_t),    c_{-1} = h_{-1} = 0.

It runs as a real 1-slot cell of ``mathcore.cells.lstm``: input ``x_t = artanh(g_t)``, the
candidate row reads it with weight 1 (so ``tanh(pre_g) = g_t``), the other rows read nothing and
carry the held gates in their biases (``logit(f)``, ``logit(i)``, ``logit(o)``; a gate at 0 or 1
is a bias of -inf or +inf, which the cell's sigmoid maps to exactly 0 or 1).

The cat (猫, token 7) and "it" (它, token 9) are two steps apart: the full stop is between.
What is left of the cat's write when "it" arrives is ``f_。 f_它`` of it (the product of the
forget gates after the cat; ``f^2`` with a held gate). The cat counts as *alive at "it"* when
that share is at least ``ALIVE_FRACTION`` of what the cat wrote, and as *unwritten* when the cat
wrote nothing (``i g = 0``).

The last beat's *learned* gate is computed by the cell from ``[h_{t-1}, x_t]``: the input gets a
second coordinate, 1 at the full stop and 0 elsewhere, and the forget row has hand-set weights
(``LEARNED_*``) so that f sits near 0.95 on words and drops near 0.5 at the full stop; i and o
stay at the parameters.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cells import lstm

#: The sentence, one token a step; the English video shows glosses of the same tokens.
TOKENS_ZH = ("我", "昨天", "在", "公园", "看见", "一只", "猫", "。", "它", "很", "可爱")
TOKENS_EN = ("I", "yesterday", "in", "park", "saw", "a", "cat", ".", "it", "very", "cute")

#: Hand-set write strength g_t of each token (what it would write with i = 1). Content words
#: write more, the cat most; the full stop writes nothing. Not trained.
WRITE = (0.5, 0.3, 0.1, 0.6, 0.4, 0.2, 0.9, 0.0, 0.3, 0.1, 0.5)

#: 0-based positions of the cat, the full stop and "it".
CAT, STOP, IT = 6, 7, 8

#: The cat is alive at "it" if at least this share of its write is still in c.
ALIVE_FRACTION = 0.3

#: The seed's presets, (name, forget, input): nothing written; wiped at every word; both near
#: one half; a forget gate of 0.9 or more. Their output gate is the parameter ``output``.
PRESETS = (("empty", 1.0, 0.0), ("wipe", 0.0, 0.6), ("half", 0.5, 0.5), ("long", 0.95, 0.5))

#: The band the seed names: i back at 0.6, f between 0.6 and 0.8.
BAND_INPUT = 0.6
BAND_FORGET = (0.6, 0.8)

#: The learned forget gate f_t = sigmoid(LEARNED_BIAS + LEARNED_H h_{t-1} - LEARNED_STOP s_t),
#: s_t = 1 at the full stop. Hand-set, not trained.
LEARNED_BIAS = 3.0
LEARNED_H = 0.5
LEARNED_STOP = 3.0

#: Points of the forget sweep: 0 -> 1, then back down to the parameter.
SWEEP_UP = 101


def _logit(p: float) -> float:
    with np.errstate(divide="ignore"):
        return float(np.log(p) - np.log1p(-p))


def held_cell(forget: float, input_: float, output: float, write=WRITE) -> lstm.LSTMTrace:
    """The sandbox cell with its three gates held, as a 1-slot ``mathcore.cells.lstm`` run."""
    g = np.asarray(write, dtype=np.float64)
    x = np.arctanh(g)[:, None]
    w_ih = np.array([[0.0], [0.0], [1.0], [0.0]])
    b = np.array([_logit(input_), _logit(forget), 0.0, _logit(output)])
    return lstm.forward(x, w_ih, np.zeros((4, 1)), b, np.zeros(4))


def learned_weights(input_: float, output: float):
    """The learned-gate cell's weights ``(x, w_ih, w_hh, b_ih, b_hh)`` (input included)."""
    g = np.asarray(WRITE, dtype=np.float64)
    stop = np.zeros(len(g))
    stop[STOP] = 1.0
    x = np.stack([np.arctanh(g), stop], axis=1)
    w_ih = np.array([[0.0, 0.0], [0.0, -LEARNED_STOP], [1.0, 0.0], [0.0, 0.0]])
    w_hh = np.array([[0.0], [LEARNED_H], [0.0], [0.0]])
    b = np.array([_logit(input_), LEARNED_BIAS, 0.0, _logit(output)])
    return x, w_ih, w_hh, b, np.zeros(4)


def cat_state(retention: float, cat_written: float) -> str:
    """``alive`` / ``faded`` / ``unwritten`` (see the module docstring)."""
    if cat_written == 0.0:
        return "unwritten"
    return "alive" if retention >= ALIVE_FRACTION else "faded"


def _cat(tr: lstm.LSTMTrace):
    """The cat's mark over time (0 before it), its write, its share left at "it"."""
    f, i = tr.f[:, 0], tr.i[:, 0]
    written = float(i[CAT] * tr.g[CAT, 0])
    mark = np.zeros(len(f))
    mark[CAT] = written
    for t in range(CAT + 1, len(f)):
        mark[t] = f[t] * mark[t - 1]
    retention = float(np.prod(f[CAT + 1:IT + 1]))
    return mark, written, retention


@dataclass(frozen=True, eq=False)
class SandboxValues:
    """What L4 shows.

    Attributes
    ----------
    tokens_zh, tokens_en : tuple of str, length T = 11
        The sentence and its English glosses.
    write : numpy.ndarray, shape (T,)
        Hand-set write strengths g_t.
    steps : numpy.ndarray, shape (T,)
        0..T-1 (the x coordinates of the charts).
    cat_index, stop_index, it_index : int
        0-based positions of 猫, 。 and 它; ``steps_apart`` = it - cat (2).
    alive_fraction : float
        ``ALIVE_FRACTION``.
    forget, input, output : float
        The parameters (the held gates).
    cell, hidden : numpy.ndarray, shape (T,)
        c_t and h_t of the held cell at the parameters.
    cat_mark : numpy.ndarray, shape (T,)
        What is left of the cat's write in c_t (0 before the cat).
    cat_written, cat_at_it, cat_retention : float
        i g_cat; the cat's mark at "it"; their ratio (f^2).
    cat_threshold : float
        ``ALIVE_FRACTION * cat_written``: the mark's level for "alive".
    state : str
        :func:`cat_state` at the parameters.
    preset_names : tuple of str, length 4
        ``empty``, ``wipe``, ``half``, ``long``.
    preset_forget, preset_input : numpy.ndarray, shape (4,)
        The presets' held f and i (o is the parameter).
    preset_cell, preset_hidden, preset_cat_mark : numpy.ndarray, shape (4, T)
        c_t, h_t and the cat's mark of each preset.
    preset_cat_written, preset_cat_at_it, preset_retention : numpy.ndarray, shape (4,)
        As the parameter versions, per preset.
    preset_state : tuple of str, length 4
        :func:`cat_state` per preset.
    preset_cell_peak : numpy.ndarray, shape (4,)
        Largest |c_t| of each preset.
    empty_kind : str
        ``flat`` if the first preset's c is 0 at every token, else ``moves``.
    band_input : float
        ``BAND_INPUT``.
    band_forget, band_retention : numpy.ndarray, shape (2,)
        The band's ends (0.6, 0.8) and the cat's share at "it" there (i = 0.6).
    band_state : str
        ``alive`` if the cat is alive at both ends (the share rises with f), else ``faded``.
    sweep_forget : numpy.ndarray, shape (S,)
        f along the sweep: 0 -> 1 -> ``forget``.
    sweep_cell, sweep_cat_mark : numpy.ndarray, shape (S, T)
        c_t and the cat's mark at each sweep point (i, o at the parameters).
    sweep_cat_at_it, sweep_retention : numpy.ndarray, shape (S,)
        The cat's mark at "it" and its share of the write, along the sweep.
    retention_curve_f, retention_curve : numpy.ndarray, shape (101,)
        f from 0 to 1 and the share f^2 left at "it" (the sweep's chart).
    learned_forget : numpy.ndarray, shape (T,)
        The learned gate f_t.
    learned_cell, learned_hidden, learned_cat_mark : numpy.ndarray, shape (T,)
        c_t, h_t and the cat's mark of the learned-gate cell.
    learned_retention : float
        The cat's share at "it" with the learned gate (f_。 f_它).
    learned_state : str
        :func:`cat_state` of the learned-gate cell.
    learned_stop_forget : float
        The learned gate at the full stop.
    learned_word_forget_min, learned_word_forget_max : float
        The learned gate's range over the other tokens.
    learned_word_spread : str
        ``flat`` if that range shows as one number at two decimals, else ``range``.
    learned_x, learned_w_ih, learned_w_hh, learned_b_ih, learned_b_hh : numpy.ndarray
        Its inputs (T, 2) and weights (4, 2), (4, 1), (4,), (4,).
    plot_top : float
        Top of the charts' y-axis: above every c the section draws, a multiple of 0.5.
    plot_ticks : numpy.ndarray, shape (K,)
        Labelled y ticks: the whole numbers up to ``plot_top`` (0.5 if it is 0.5).
    """

    tokens_zh: tuple
    tokens_en: tuple
    write: np.ndarray
    steps: np.ndarray
    cat_index: int
    stop_index: int
    it_index: int
    steps_apart: int
    alive_fraction: float
    forget: float
    input: float
    output: float
    cell: np.ndarray
    hidden: np.ndarray
    cat_mark: np.ndarray
    cat_written: float
    cat_at_it: float
    cat_retention: float
    cat_threshold: float
    state: str
    preset_names: tuple
    preset_forget: np.ndarray
    preset_input: np.ndarray
    preset_cell: np.ndarray
    preset_hidden: np.ndarray
    preset_cat_mark: np.ndarray
    preset_cat_written: np.ndarray
    preset_cat_at_it: np.ndarray
    preset_retention: np.ndarray
    preset_state: tuple
    preset_cell_peak: np.ndarray
    empty_kind: str
    band_input: float
    band_forget: np.ndarray
    band_retention: np.ndarray
    band_state: str
    sweep_forget: np.ndarray
    sweep_cell: np.ndarray
    sweep_cat_mark: np.ndarray
    sweep_cat_at_it: np.ndarray
    sweep_retention: np.ndarray
    retention_curve_f: np.ndarray
    retention_curve: np.ndarray
    learned_forget: np.ndarray
    learned_cell: np.ndarray
    learned_hidden: np.ndarray
    learned_cat_mark: np.ndarray
    learned_retention: float
    learned_state: str
    learned_stop_forget: float
    learned_word_forget_min: float
    learned_word_forget_max: float
    learned_word_spread: str
    learned_x: np.ndarray
    learned_w_ih: np.ndarray
    learned_w_hh: np.ndarray
    learned_b_ih: np.ndarray
    learned_b_hh: np.ndarray
    plot_top: float
    plot_ticks: np.ndarray


def sandbox_values(p: dict) -> SandboxValues:
    """Compute L4 from its parameters (``forget``, ``input``, ``output``)."""
    f, i, o = float(p["forget"]), float(p["input"]), float(p["output"])
    tr = held_cell(f, i, o)
    mark, written, retention = _cat(tr)

    pre = [held_cell(pf, pi, o) for _, pf, pi in PRESETS]
    pcat = [_cat(t) for t in pre]

    band = [_cat(held_cell(bf, BAND_INPUT, o)) for bf in BAND_FORGET]
    band_ret = np.array([b[2] for b in band])

    sweep = np.concatenate([np.linspace(0.0, 1.0, SWEEP_UP),
                            np.linspace(1.0, f, max(2, int(round(50 * (1.0 - f))) + 1))[1:]])
    runs = [held_cell(sf, i, o) for sf in sweep]
    scat = [_cat(t) for t in runs]
    curve_f = np.linspace(0.0, 1.0, 101)

    lw = learned_weights(i, o)
    lt = lstm.forward(*lw)
    lmark, lwritten, lret = _cat(lt)
    lf = lt.f[:, 0]
    words = np.delete(lf, STOP)

    top = max([float(np.max(np.abs(tr.c)))] + [float(np.max(np.abs(t.c))) for t in pre]
              + [float(np.max(np.abs(t.c))) for t in runs] + [float(np.max(np.abs(lt.c))), 0.5])
    plot_top = float(np.ceil(top / 0.5) * 0.5)
    return SandboxValues(
        tokens_zh=TOKENS_ZH, tokens_en=TOKENS_EN, write=np.array(WRITE),
        steps=np.arange(len(WRITE)), cat_index=CAT, stop_index=STOP, it_index=IT,
        steps_apart=IT - CAT, alive_fraction=ALIVE_FRACTION,
        forget=f, input=i, output=o, cell=tr.c[:, 0], hidden=tr.h[:, 0],
        cat_mark=mark, cat_written=written, cat_at_it=float(mark[IT]), cat_retention=retention,
        cat_threshold=ALIVE_FRACTION * written, state=cat_state(retention, written),
        preset_names=tuple(n for n, _, _ in PRESETS),
        preset_forget=np.array([pf for _, pf, _ in PRESETS]),
        preset_input=np.array([pi for _, _, pi in PRESETS]),
        preset_cell=np.stack([t.c[:, 0] for t in pre]),
        preset_hidden=np.stack([t.h[:, 0] for t in pre]),
        preset_cat_mark=np.stack([c[0] for c in pcat]),
        preset_cat_written=np.array([c[1] for c in pcat]),
        preset_cat_at_it=np.array([c[0][IT] for c in pcat]),
        preset_retention=np.array([c[2] for c in pcat]),
        preset_state=tuple(cat_state(c[2], c[1]) for c in pcat),
        preset_cell_peak=np.array([float(np.max(np.abs(t.c))) for t in pre]),
        empty_kind="flat" if not np.any(pre[0].c) else "moves",
        band_input=BAND_INPUT, band_forget=np.array(BAND_FORGET), band_retention=band_ret,
        band_state="alive" if all(cat_state(b[2], b[1]) == "alive" for b in band) else "faded",
        sweep_forget=sweep, sweep_cell=np.stack([t.c[:, 0] for t in runs]),
        sweep_cat_mark=np.stack([c[0] for c in scat]),
        sweep_cat_at_it=np.array([c[0][IT] for c in scat]),
        sweep_retention=np.array([c[2] for c in scat]),
        retention_curve_f=curve_f, retention_curve=curve_f ** (IT - CAT),
        learned_forget=lf, learned_cell=lt.c[:, 0], learned_hidden=lt.h[:, 0],
        learned_cat_mark=lmark, learned_retention=lret, learned_state=cat_state(lret, lwritten),
        learned_stop_forget=float(lf[STOP]), learned_word_forget_min=float(words.min()),
        learned_word_forget_max=float(words.max()),
        learned_word_spread="flat" if f"{words.min():.2f}" == f"{words.max():.2f}" else "range",
        learned_x=lw[0], learned_w_ih=lw[1], learned_w_hh=lw[2], learned_b_ih=lw[3],
        learned_b_hh=lw[4], plot_top=plot_top,
        plot_ticks=np.arange(1.0, plot_top + 1e-9, 1.0) if plot_top >= 1.0 else np.array([0.5]),
    )
