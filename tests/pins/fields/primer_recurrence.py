"""primer-01-recurrence: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-01-recurrence"

FIELDS = {
    "count.d": {"d": ("count_width", "count")},
    "count.total.say": {"d": ("count_width", "count"),
                        "n0": ("count_sweep_n[*]", "count"),
                        "n1": ("count_sweep_n[*]", "count"),
                        "total": ("count.total", "count")},
    "count.tiny.say": {"p": ("recurrent_params", "int")},
    "heads.hops": {"hops": ("hops", "int")},
    "heads.path.say": {"hops": ("hops", "int")},
    "slope_at": {"s": ("tangent_slope[*]", "fmt"), "z": ("param.tangent_z[*]", "num")},
    "sweep": {"n": ("length", "int"), "w": ("param.w_h", "num"), "w0": ("sweep_w_h[*]", "num")},
    "sweep.only_own": {"w0": ("sweep_w_h[*]", "num")},
    "sweep.say": {"n": ("length", "int"),
                  "w": ("param.w_h", "num"),
                  "w0": ("sweep_w_h[*]", "num")},
    "unroll.hold": {"h": ("final_state", "fmt"), "t": ("hops", "int")},
    "unroll.last.say": {"h": ("final_state", "fmt"), "t": ("hops", "int")},
    "sweep.same.say": {"n": ("length", "int"), "w": ("param.w_h", "num"),
                       "w0": ("sweep_w_h[*]", "num")},
    "sweep.sweep.say": {"n": ("length", "int"), "w": ("param.w_h", "num"),
                        "w0": ("sweep_w_h[*]", "num")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "count_bias": {"v": ("count.bias", "count")},
    "count_input": {"v": ("count.input", "count")},
    "count_length": {"v": ("count_sweep_n[*]", "count")},
    "count_recurrent": {"v": ("count.recurrent", "count")},
    "count_total": {"v": ("count.total", "count")},
    "final_state_at_zero": {"v": ("sweep_states[*][*]", "dec:3")},
    "slope_readout": {"v": ("tangent_slope[*]", "dec:3")},
    "states[*]": "dec:3",
    "sweep_states[*][*]": "dec:3",
    "sweep_w_h[*]": "dec:2",
    "tangent_sweep_z[*]": "dec:2",
    "tokens[*]": "num",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "sweep": ("same", "sweep",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
