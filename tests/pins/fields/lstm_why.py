"""lstm-01-why: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-01-why"

FIELDS = {
    "curve.lstm": [{"b": ("param.base_forget_bias", "num")},
                   {"b": ("param.forget_bias", "num")}],
    "inbox.lstm_note": {"f": ("lstm_mean_forget", "fmt"), "n": ("steps", "int")},
    "inbox.step": {"t": ("step_index[*]", "int")},
    "reach": {"n": ("steps", "int"), "step": ("axis_step", "int")},
    "reach.at1": [{"g": ("rnn_reach", "sig")},
                  {"g": ("lstm_reach", "sig")}],
    "reach.factor": {"r": ("rnn_step_factor", "fmt:2")},
    "reach.lstm": {"d": ("lstm_decades_abs", "fmt:1"),
                   "f": ("lstm_mean_forget", "fmt"),
                   "n": ("steps", "int")},
    "reach.lstm_note": {"d": ("lstm_decades_abs", "fmt:1")},
    "reach.rnn": {"d": ("rnn_decades_abs", "fmt:1"),
                  "n": ("steps", "int"),
                  "one": ("flat_decades", "num"),
                  "r": ("rnn_step_factor", "fmt:2")},
    "reach.rnn_note": {"d": ("rnn_decades_abs", "fmt:1")},
    "reach.say": {"n": ("steps", "int"), "step": ("axis_step", "int")},
    "turn": {"b0": ("param.base_forget_bias", "num"),
             "b1": ("param.forget_bias", "num"),
             "mf": ("lstm_mean_forget_turned", "fmt"),
             "s": ("turned_gate", "fmt")},
    "turn.base": {"b": ("param.base_forget_bias", "num"), "mf": ("lstm_mean_forget", "fmt")},
    "turn.end": {"b1": ("param.forget_bias", "num"),
                 "d": ("lstm_decades_turned_abs", "fmt:1"),
                 "n": ("steps", "int")},
    "turn.mf": {"mf": ("lstm_mean_forget_turned", "fmt")},
    "turn.note": {"d": ("lstm_decades_turned_abs", "fmt:1")},
    "turn.say": {"b0": ("param.base_forget_bias", "num"),
                 "b1": ("param.forget_bias", "num"),
                 "mf": ("lstm_mean_forget_turned", "fmt"),
                 "s": ("turned_gate", "fmt")},
    "turn.sigma": {"b": ("param.forget_bias", "num"), "s": ("turned_gate", "fmt")},
    "why.tick": {"e": ("axis_ticks[*]", "int")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "lstm_c[*][*]": "dec:3",
    "rnn_h[*][*]": "dec:3",
    "turned_bias": {"v": ("bias_sweep[*]", "dec:2")},
    "turned_mean_forget_live": {"v": ("lstm_mean_forget_turned", "dec:3")},
    "x_tick_0": {"v": ("x_ticks[*]", "int")},
    "x_tick_1": {"v": ("x_ticks[*]", "int")},
    "x_tick_2": {"v": ("x_ticks[*]", "int")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "reach.lstm": ("falls", "flat", "rises",),
    "reach.lstm_note": ("falls", "flat", "rises",),
    "reach.rnn": ("falls", "flat", "rises",),
    "reach.rnn_note": ("falls", "flat", "rises",),
    "turn": ("same", "sweep",),
    "turn.end": ("falls", "flat", "rises",),
    "turn.note": ("falls", "flat", "rises",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "reach.lstm.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
    "reach.lstm_note.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
    "reach.rnn.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
    "reach.rnn_note.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
    "turn.end.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
    "turn.note.rises":
        "a gain of a decade or more: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses "
        "at least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53 "
        "(tests/pins/lstm_why.py)",
}
