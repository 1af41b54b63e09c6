"""L7 Variants and their price: five variants' parameter counts, four structures side by side,
T sequential steps against one parallel step, and what the LSTM did and did not cure.

Counts of one layer, hidden size ``h``, input size ``d``, one bias vector per gate group (the
chapter's ledger convention, :mod:`mathcore.lstm_chapter.ledger`)::

    lstm          = 4 h (h + d) + 4 h
    peephole      = lstm + 3 h            gates i, f, o also read c through a diagonal
                                          (one weight per slot and gate: Gers & Schmidhuber 2000)
    coupled       = 3 h (h + d) + 3 h     f = 1 - i: the forget group is dropped
    bilstm        = 2 lstm                a forward and a backward LSTM, outputs joined
    convlstm(3x3) = 9 * 4 h (h + d) + 4 h every weight becomes a 3x3 kernel over channels
                                          (Shi et al. 2015; h, d read as channel counts)
    mLSTM / xLSTM : not counted           (Beck et al. 2024) a matrix memory per head inside a
                                          residual block with up-projections; its count depends on
                                          the block's design (projection factor, heads), not on
                                          h and d alone, so it is shown as "not comparable".

Four structures at one size: rnn ``h (h + d) + h``, gru ``3 h (h + d) + 3 h``, lstm, and an
attention layer ``4 d^2`` (W_Q, W_K, W_V, W_O).

Waiting: an LSTM reading ``steps`` tokens must run ``steps`` dependent steps (h_t needs h_{t-1});
an attention layer computes every position in one parallel step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .ledger import attention_params, gru_params, lstm_params, rnn_params

#: The variants in table order; ``xlstm`` has no count (see the module docstring).
VARIANTS = ("peephole", "coupled", "bilstm", "convlstm", "xlstm")

#: ConvLSTM kernel size (3 x 3: each weight becomes 9).
CONV_KERNEL = 3

#: Peephole connections: gates reading c (i, f, o).
PEEPHOLE_GATES = 3

#: At most this many time steps are drawn in the waiting timeline.
MAX_DRAWN_STEPS = 16

#: The "did the LSTM cure it?" rows and verdicts, in order.
CURES = (("vanishing", "largely"), ("exploding", "no"), ("parallel", "no"), ("memory", "no"),
         ("speed", "slower"))


@dataclass(frozen=True, eq=False)
class VariantsValues:
    """What L7 shows.

    Attributes
    ----------
    h, d, steps : int
        The parameters.
    lstm : int
        One LSTM layer, ``4 h (h + d) + 4 h``.
    variants : tuple of str, length 5
        :data:`VARIANTS`.
    variant_params : dict
        name -> count for the four counted variants (``peephole``, ``coupled``, ``bilstm``,
        ``convlstm``).
    variant_ratio : dict
        name -> count / lstm for the same four.
    peephole_extra : int
        ``3 h``, the peephole's diagonal weights.
    coupled_saved : int
        ``h (h + d) + h``, the dropped forget group.
    conv_kernel, conv_taps : int
        3 and 9.
    structures : tuple of str, length 4
        ``("rnn", "gru", "lstm", "attention")``, the bars' order.
    structure_params : dict
        name -> count for the four structures.
    structure_share : tuple of float, length 4
        Each count over the largest (bar lengths).
    lstm_over_rnn, gru_over_rnn, attention_over_rnn : float
        Ratios to the RNN.
    lstm_waits, attention_waits : int
        Dependent steps: ``steps`` and 1.
    drawn_steps : int
        Steps drawn: ``min(steps, MAX_DRAWN_STEPS)``.
    step_numbers : numpy.ndarray, shape (drawn_steps,)
        1..drawn_steps.
    all_drawn : str
        ``all`` when every step is drawn, else ``window``.
    cure_rows : tuple of str, length 5
        The cure table's rows; ``cure_verdicts`` their verdicts.
    rnn_ratio : float
        lstm / rnn (4), quoted in the table's last row.
    """

    h: int
    d: int
    steps: int
    lstm: int
    variants: tuple
    variant_params: dict
    variant_ratio: dict
    peephole_extra: int
    coupled_saved: int
    conv_kernel: int
    conv_taps: int
    structures: tuple
    structure_params: dict
    structure_share: tuple
    lstm_over_rnn: float
    gru_over_rnn: float
    attention_over_rnn: float
    lstm_waits: int
    attention_waits: int
    drawn_steps: int
    step_numbers: np.ndarray
    all_drawn: str
    cure_rows: tuple
    cure_verdicts: tuple
    rnn_ratio: float


def variants_values(p: dict) -> VariantsValues:
    """Compute L7 from its parameters (``h``, ``d``, ``steps``)."""
    h, d, steps = int(p["h"]), int(p["d"]), int(p["steps"])
    lstm = lstm_params(h, d)
    taps = CONV_KERNEL * CONV_KERNEL
    counted = {
        "peephole": lstm + PEEPHOLE_GATES * h,
        "coupled": gru_params(h, d),
        "bilstm": 2 * lstm,
        "convlstm": taps * 4 * h * (h + d) + 4 * h,
    }
    rnn = rnn_params(h, d)
    structures = {"rnn": rnn, "gru": gru_params(h, d), "lstm": lstm,
                  "attention": attention_params(d)}
    top = max(structures.values())
    drawn = min(steps, MAX_DRAWN_STEPS)
    return VariantsValues(
        h=h, d=d, steps=steps, lstm=lstm, variants=VARIANTS, variant_params=counted,
        variant_ratio={k: n / lstm for k, n in counted.items()},
        peephole_extra=PEEPHOLE_GATES * h, coupled_saved=rnn, conv_kernel=CONV_KERNEL,
        conv_taps=taps, structures=tuple(structures), structure_params=structures,
        structure_share=tuple(n / top for n in structures.values()),
        lstm_over_rnn=lstm / rnn, gru_over_rnn=structures["gru"] / rnn,
        attention_over_rnn=structures["attention"] / rnn,
        lstm_waits=steps, attention_waits=1, drawn_steps=drawn,
        step_numbers=np.arange(1, drawn + 1), all_drawn="all" if drawn == steps else "window",
        cure_rows=tuple(r for r, _ in CURES), cure_verdicts=tuple(v for _, v in CURES),
        rnn_ratio=lstm / rnn,
    )
