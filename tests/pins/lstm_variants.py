"""L7 pinned readouts and the rule for its one sentence chosen among variants."""

from rules_edges import shown

SECTION = "lstm-07-variants"


def _drawn(v, p):
    return "all" if int(p["steps"]) <= 16 else "window"


PINS = {
    **{f"{n}_params": {"n": (f"variant_params.{n}", "count")}
       for n in ("peephole", "coupled", "bilstm", "convlstm")},
    **{f"{n}_ratio": {"r": (f"variant_ratio.{n}", "fmt:3")}
       for n in ("peephole", "coupled", "bilstm", "convlstm")},
    **{f"{n}_count": {"v": (f"structure_params.{n}", "count")}
       for n in ("rnn", "gru", "lstm", "attention")},
    **{f"{n}_over_rnn": {"r": (f"{n}_over_rnn", "ratio")} for n in ("gru", "lstm", "attention")},
    "lstm_waits": {"n": ("lstm_waits", "int")},
    "attention_waits": {"n": ("attention_waits", "int")},
    "speed_note": {"r": ("rnn_ratio", "ratio")},
}

def _attention_rnn(v, p):
    # attention's four d x d matrices over the RNN's h (h + d) + h, as the ratio is shown
    h, d = p["h"], p["d"]
    return "same" if shown(4 * d * d / (h * (h + d) + h), "ratio") == 1 else "times"


CHOICES = {
    "wait.drawn": _drawn,
    "attention_rnn": _attention_rnn,
}
