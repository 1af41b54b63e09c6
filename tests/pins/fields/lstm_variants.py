"""lstm-07-variants: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-07-variants"

FIELDS = {
    "change.convlstm": {"k": ("conv_kernel", "int"), "t": ("conv_taps", "int")},
    "change.peephole": {"n": ("peephole_extra", "count")},
    "count": [{"n": ("variant_params.peephole", "count")},
              {"n": ("variant_params.coupled", "count")},
              {"n": ("variant_params.bilstm", "count")},
              {"n": ("variant_params.convlstm", "count")}],
    "cured": {"r": ("rnn_ratio", "ratio")},
    "cured.say": {"r": ("rnn_ratio", "ratio")},
    "four": {"d": ("d", "int"), "h": ("h", "int")},
    "four.say": {"d": ("d", "int"), "h": ("h", "int")},
    "note.speed": {"r": ("rnn_ratio", "ratio")},
    "ratio": [{"r": ("variant_ratio.peephole", "fmt:3")},
              {"r": ("variant_ratio.coupled", "fmt:3")},
              {"r": ("variant_ratio.bilstm", "fmt:3")},
              {"r": ("variant_ratio.convlstm", "fmt:3")}],
    "table": {"d": ("d", "int"),
              "h": ("h", "int"),
              "k": ("conv_kernel", "int"),
              "pe": ("peephole_extra", "count"),
              "t": ("conv_taps", "int")},
    "table.say": {"d": ("d", "int"),
                  "h": ("h", "int"),
                  "k": ("conv_kernel", "int"),
                  "pe": ("peephole_extra", "count"),
                  "t": ("conv_taps", "int")},
    "times_rnn": [{"r": ("gru_over_rnn", "ratio")},
                  {"r": ("lstm_over_rnn", "ratio")},
                  {"r": ("attention_over_rnn", "ratio")}],
    "wait": {"t": ("steps", "int")},
    "wait.att_n": {"n": ("attention_waits", "int")},
    "wait.drawn": {"k": ("drawn_steps", "int"), "n": ("steps", "int")},
    "wait.lstm_n": {"n": ("lstm_waits", "int")},
    "wait.say": {"t": ("steps", "int")},
    "attention_rnn": {"r": ("attention_over_rnn", "ratio")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "attention_count": {"v": ("structure_params.attention", "count")},
    "gru_count": {"v": ("structure_params.gru", "count")},
    "lstm_count": {"v": ("structure_params.lstm", "count")},
    "rnn_count": {"v": ("structure_params.rnn", "count")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "attention_rnn": ("same", "times",),
    "wait.drawn": ("all", "window",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
