"""lstm-06-gru: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-06-gru"

FIELDS = {
    "bar": {"hi": ("sweep_x[*]", "num"),
            "lo": ("sweep_x[*]", "num"),
            "s": ("share_sum", "fmt:2"),
            "zh": ("update_high", "fmt:3"),
            "zl": ("update_low", "fmt:3")},
    "bar.result": {"h": ("hidden", "fmt:2"),
                   "k": ("keep_share", "fmt:2"),
                   "w": ("write_share", "fmt:2"),
                   "x": ("x", "num")},
    "bar.say": {"hi": ("sweep_x[*]", "num"),
                "lo": ("sweep_x[*]", "num"),
                "s": ("share_sum", "fmt:2"),
                "zh": ("update_high", "fmt:3"),
                "zl": ("update_low", "fmt:3")},
    "cmp": {"gg": ("gru_groups", "int"),
            "lg": ("lstm_groups", "int"),
            "p": ("fewer_percent", "int")},
    "cmp.params": {"n": ("count_h", "int")},
    "cmp.bias.say": {"gt": ("gru_params_torch", "count"),
                     "lt": ("lstm_params_torch", "count")},
    "cmp.say": {"gg": ("gru_groups", "int"),
                "lg": ("lstm_groups", "int"),
                "p": ("fewer_percent", "int")},
    "gru.gates": {"n": ("gru_gates", "int")},
    "gru.groups": {"n": ("gru_groups", "int"), "p": ("fewer_percent", "int")},
    "gru.params": {"n": ("gru_params", "count")},
    "gru.states": {"n": ("gru_states", "int")},
    "lstm.gates": {"n": ("lstm_gates", "int")},
    "lstm.groups": {"n": ("lstm_groups", "int")},
    "lstm.params": {"n": ("lstm_params", "count")},
    "lstm.states": {"n": ("lstm_states", "int")},
    "mix": {"h": ("hidden", "fmt:2"),
            "hp": ("h_prev", "paren:2"),
            "n": ("candidate", "paren:2"),
            "w": ("write_share", "fmt:2"),
            "z": ("keep_share", "fmt:2")},
    "step": {"h": ("h_prev", "num"), "x": ("x", "num")},
    "step.inputs": {"h": ("h_prev", "num"), "x": ("x", "num")},
    "step.more": {"w": ("write_share", "fmt:2"), "z": ("keep_share", "fmt:2")},
    "step.say": {"h": ("h_prev", "num"), "x": ("x", "num")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "candidate": "dec:2",
    "hidden": "dec:2",
    "hidden_readout": {"v": ("hidden", "dec:2")},
    "keep_readout": {"v": ("keep_share", "dec:2")},
    "reset": "dec:2",
    "sum_readout": {"v": ("share_sum", "dec:2")},
    "update": "dec:2",
    "write_readout": {"v": ("write_share", "dec:2")},
    "x_readout": {"v": ("x", "dec:2")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
