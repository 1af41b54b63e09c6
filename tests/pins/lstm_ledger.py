"""L8 pinned readouts and the rule for its one comparison chosen among variants.

The rule recounts both layers from the parameters with the formulas written out here
(4 h (h + d) + 4 h against a whole Transformer layer of width d, 12 d^2 + 13 d: attention
4 d^2 + 4 d, a feed-forward block 4 d wide 8 d^2 + 5 d, two layer norms 4 d), not from
mathcore's counts or its variant name.
"""

from rules_edges import shown

SECTION = "lstm-08-ledger"


def _layer(v, p):
    h, d = int(p["h"]), int(p["d"])
    lstm, att = 4 * h * (h + d) + 4 * h, 12 * d * d + 13 * d
    if lstm >= 1.05 * att or shown(lstm / att, "ratio") >= 1.05:   # 1.0497 shows "1.05"
        return "more"
    if att >= 1.05 * lstm:
        return "less"
    return "close"


PINS = {
    "concat": {"n": ("concat", "count")},
    "matrix": {"a": ("concat", "count"), "b": ("gates_width", "count")},
    "rnn_count": {"v": ("params.rnn", "count")},
    "lstm_count": {"v": ("params.lstm", "count")},
    "transformer_count": {"v": ("params.transformer", "count")},
    "rnn_ratio": {"r": ("rnn_ratio", "ratio")},
    "layer_ratio": {"r": ("layer_ratio", "ratio")},
    "bias_convention": {"b": ("second_bias", "count"), "t": ("torch_lstm", "count")},
    "gnmt_layer": {"n": ("gnmt_layer", "count")},
    "gnmt_total": {"k": ("gnmt_layers", "int"), "n": ("gnmt_params", "count"),
                   "m": ("gnmt_params", "millions")},
    "stack": {"k": ("layers", "int"), "h": ("h", "count"), "d": ("d", "count"),
              "n": ("stack_params", "count")},
    "paid_params": {"r": ("rnn_ratio", "ratio")},
    "state": {"s": ("state_numbers", "count")},
    "gru_ratio": {"r": ("gru_ratio", "ratio")},
}

CHOICES = {
    "ledger.layer": _layer,
}
