"""lstm-02-cell: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-02-cell"

FIELDS = {
    "sweep_c": {"c": ("param.c_prev", "num"),
                "hi": ("sweep_hi", "num"),
                "lo": ("sweep_lo", "num"),
                "s": ("c_sweep_gate_span", "fmt")},
    "sweep_c.note": {"hi": ("sweep_hi", "num"),
                     "lo": ("sweep_lo", "num"),
                     "s": ("c_sweep_gate_span", "fmt")},
    "sweep_c.say": {"c": ("param.c_prev", "num"),
                    "hi": ("sweep_hi", "num"),
                    "lo": ("sweep_lo", "num"),
                    "s": ("c_sweep_gate_span", "fmt")},
    "sweep_x": {"hi": ("sweep_hi", "num"), "lo": ("sweep_lo", "num"),
                        "sc": ("x_sweep_candidate_span", "fmt"),
                        "sg": ("x_sweep_sigmoid_span", "fmt"), "x": ("param.x", "num")},
    "sweep_x.note": {"hi": ("sweep_hi", "num"),
                     "lo": ("sweep_lo", "num"),
                     "sc": ("x_sweep_candidate_span", "fmt"),
                     "sg": ("x_sweep_sigmoid_span", "fmt")},
    "sweep_x.say": {"hi": ("sweep_hi", "num"), "lo": ("sweep_lo", "num"),
                        "sc": ("x_sweep_candidate_span", "fmt"),
                        "sg": ("x_sweep_sigmoid_span", "fmt"), "x": ("param.x", "num")},
    "table.inputs": {"h": ("param.h_prev", "num"), "x": ("param.x", "num")},
    "sweep_c.at_lo.say": {"c": ("param.c_prev", "num"), "hi": ("sweep_hi", "num"),
                        "lo": ("sweep_lo", "num"), "s": ("c_sweep_gate_span", "fmt")},
    "sweep_x.at_lo.say": {"hi": ("sweep_hi", "num"), "lo": ("sweep_lo", "num"),
                        "sc": ("x_sweep_candidate_span", "fmt"),
                        "sg": ("x_sweep_sigmoid_span", "fmt"), "x": ("param.x", "num")},
    "sweep_x.at_hi.say": {"hi": ("sweep_hi", "num"), "lo": ("sweep_lo", "num"),
                        "sc": ("x_sweep_candidate_span", "fmt"),
                        "sg": ("x_sweep_sigmoid_span", "fmt"), "x": ("param.x", "num")},
    "sweep_c.at_hi.say": {"c": ("param.c_prev", "num"), "hi": ("sweep_hi", "num"),
                        "lo": ("sweep_lo", "num"), "s": ("c_sweep_gate_span", "fmt")},
    "sweep_c.away.say": {"c": ("param.c_prev", "num"), "hi": ("sweep_hi", "num"),
                        "lo": ("sweep_lo", "num"), "s": ("c_sweep_gate_span", "fmt")},
    "sweep_x.away.say": {"hi": ("sweep_hi", "num"), "lo": ("sweep_lo", "num"),
                        "sc": ("x_sweep_candidate_span", "fmt"),
                        "sg": ("x_sweep_sigmoid_span", "fmt"), "x": ("param.x", "num")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "cell_c": {"v": ("c", "dec:3")},
    "cell_c_prev": {"v": ("param.c_prev", "dec:3")},
    "cell_f": {"v": ("f", "dec:3")},
    "cell_g": {"v": ("g", "dec:3")},
    "cell_h": {"v": ("h", "dec:3")},
    "cell_h_prev": {"v": ("param.h_prev", "dec:3")},
    "cell_i": {"v": ("i", "dec:3")},
    "cell_kept": {"v": ("kept", "dec:3")},
    "cell_o": {"v": ("o", "dec:3")},
    "cell_tanh_c": {"v": ("tanh_c", "dec:3")},
    "cell_written": {"v": ("written", "dec:3")},
    "cell_x": {"v": ("param.x", "dec:3")},
    "table_f": {"v": ("f", "fmt")},
    "table_g": {"v": ("g", "fmt")},
    "table_i": {"v": ("i", "fmt")},
    "table_o": {"v": ("o", "fmt")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "sweep_c": ("at_hi", "at_lo", "away",),
    "sweep_x": ("at_hi", "at_lo", "away",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
