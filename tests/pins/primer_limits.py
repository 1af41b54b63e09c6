"""§04 pinned readouts and the rules for its sentences chosen among variants.

The rules are written from the parameters (and plain arithmetic), not from the scene or from
the variant names mathcore hands the scene.
"""

from rules_edges import shown

SECTION = "primer-04-limits"


def _fmt_params(v):
    return "millions" if min(v.param_counts.values()) >= 1_000_000 else "count"


PINS = {
    "tokens": {"v": ("tokens", "count")},
    "share_per_token": {"v": ("share_per_token", "ratio")},
    "busy_cells": {"b": ("busy_after_step[7]", "count"), "total": ("total_cells", "count")},
    "gru_keep": {"v": ("gru_keep", "num")},
    "gru_write": {"v": ("gru_write", "num")},
    "gru_total": {"t": ("gru_total", "num")},
    "lstm_keep": {"v": ("lstm_keep", "num")},
    "lstm_write": {"v": ("lstm_write", "num")},
    "lstm_total": {"t": ("lstm_total", "num")},
    "d": {"d": ("d", "count")},
    # the lecture's convention (one bias vector a gate or candidate) on the bars, PyTorch's
    # two (b_ih, b_hh) beside them
    "params_rnn": {"v": ("param_counts_one_bias.rnn", "millions")},
    "params_gru": {"v": ("param_counts_one_bias.gru", "millions")},
    "params_lstm": {"v": ("param_counts_one_bias.lstm", "millions")},
    "param_counts_torch_rnn": {"v": ("param_counts.rnn", "millions")},
    "param_counts_torch_gru": {"v": ("param_counts.gru", "millions")},
    "param_counts_torch_lstm": {"v": ("param_counts.lstm", "millions")},
}


def _side(total: float) -> str:
    """A total against the track of 1 as it is shown ("num"): 1.0004 shows "1", exactly."""
    total = shown(total, "num")
    if total == 1.0:
        return "equal"
    return "above" if total > 1.0 else "below"


CHOICES = {
    # one sentence for a single-point sweep (tokens <= 4), else "n0 tokens ... n tokens"
    "capacity.share": lambda v, p: "sweep" if p["tokens"] > 4 else "single",
    # GRU: z + (1 - z) against the whole track of length 1
    "gru.fill": lambda v, p: _side(p["gru_keep"] + (1.0 - p["gru_keep"])),
    # LSTM: f + i, two free gates, against the same track
    "lstm.sum": lambda v, p: _side(p["lstm_forget"] + p["lstm_input"]),
}
