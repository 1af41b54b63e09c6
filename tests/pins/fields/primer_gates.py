"""primer-03-gates: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-03-gates"

FIELDS = {
    "bias": {"b": ("param.forget_bias", "num"),
             "g0": ("bias_gate", "fmt"),
             "n": ("bias_steps", "int"),
             "r0": ("bias_retention", "fmt")},
    "bias.at": [{"b": ("param.forget_bias", "num"),
                 "g": ("bias_gate", "fmt"),
                 "r": ("bias_retention", "fmt")},
                {"b": ("param.bias_fix", "num"),
                 "g": ("bias_gate_at_fix", "fmt"),
                 "r": ("bias_retention_at_fix", "fmt")}],
    "bias.cmp": {"b": ("param.forget_bias", "num"),
                 "b1": ("param.bias_fix", "num"),
                 "g1": ("bias_gate_at_fix", "fmt"),
                 "n": ("bias_steps", "int"),
                 "r1": ("bias_retention_at_fix", "fmt")},
    "bias.fix.say": {"b1": ("param.bias_fix", "num"), "rec": ("bias_recommended", "num")},
    "bias.say": {"b": ("param.forget_bias", "num"),
                 "g0": ("bias_gate", "fmt"),
                 "n": ("bias_steps", "int"),
                 "r0": ("bias_retention", "fmt")},
    "bias.tick": {"e": ("bias_y_ticks[*]", "int")},
    "bias.y": {"n": ("bias_steps", "int")},
    "curve": {"f": ("forget", "num")},
    "curve.f": [{"fp": ("forget_product", "fmt"),
                 "k": ("steps", "count"),
                 "thr": ("threshold", "num")},
                {"fp": ("forget_product", "fmt"),
                 "k": ("steps", "count"),
                 "sf": ("forget_below_0_01_step", "int"),
                 "thr": ("threshold", "num")}],
    "curve.fnote": [{"k": ("steps", "count"), "thr": ("threshold", "num")},
                    {"k": ("steps", "count"),
                     "s": ("forget_below_0_01_step", "int"),
                     "thr": ("threshold", "num")}],
    "curve.rnn": [{"k": ("steps", "count"),
                   "rp": ("rnn_product", "fmt"),
                   "s": ("rnn_below_0_01_step", "int"),
                   "thr": ("threshold", "num")},
                  {"k": ("steps", "count"),
                   "rp": ("rnn_product", "fmt"),
                   "thr": ("threshold", "num")}],
    "curve.rnote": [{"k": ("steps", "count"),
                     "s": ("rnn_below_0_01_step", "int"),
                     "thr": ("threshold", "num")},
                    {"k": ("steps", "count"), "thr": ("threshold", "num")}],
    "final.fk": {"v": ("forget_product", "sig")},
    "final.rnn": {"v": ("rnn_product", "sig")},
    "curve.say": {"f": ("forget", "num")},
    "curve.sweep.say": {"hi": ("forget_sweep[*]", "num"),
                        "k": ("steps", "count"),
                        "lo": ("forget_sweep[*]", "num"),
                        "phi": ("forget_sweep_product[*]", "fmt"),
                        "plo": ("forget_sweep_product[*]", "fmt")},
    "curve.tick": {"v": ("curve_x_ticks[*]", "int")},
    "gru.cmp": {"l": ("lstm_both_cell", "fmt:2"), "m": ("gru_cell_max", "fmt:2")},
    "path.back": {"p": ("path_cell_product[*]", "fmt")},
    "path.back.say": {"p": ("path_cell_product[*]", "fmt")},
    "path.f": {"f": ("path_forget[*]", "fmt:2")},
    "track.i.say": {"c0": ("track_empty_input_cell", "fmt:2"),
                    "c1": ("track_full_input_cell", "fmt:2"),
                    "i0": ("track_empty_input", "num"),
                    "i1": ("track_full_input", "num")},
    "track.iempty": {"i": ("track_empty_input", "num")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "bias_fix_readout": {"v": ("param.bias_fix", "dec:2")},
    "bias_gate_readout": {"v": ("bias_gate_at_fix", "dec:3")},
    "forget_readout": {"v": ("forget", "dec:2")},
    "gru_cell": "dec:2",
    "gru_forget": "dec:2",
    "gru_write": "dec:2",
    "lstm_both_cell": "fmt:2",
    "path_cell": {"v": ("path_cell[*]", "dec:3")},
    "path_cell[*]": "dec:3",
    "path_rnn_state": {"v": ("path_rnn_states[*]", "dec:3")},
    "path_rnn_states[*]": "dec:3",
    "steps": "dec:0",
    "tokens[*]": "dec:1",
    "track_cell_end": {"v": ("track_empty_input_cell", "dec:2")},
    "track_empty_input": "dec:2",
    "track_sweep_dropped[*]": "dec:2",
    "track_sweep_forget[*]": "dec:2",
    "track_sweep_kept[*]": "dec:2",
    "track_written_end": {"v": ("track_sweep_written[*]", "dec:2")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "bias.cmp": ("above", "below", "equal", "same",),
    "bias.fix": ("other", "recommended",),
    "curve.f": ("never", "returns", "stays",),
    "curve.fnote": ("never", "returns", "stays",),
    "curve.rnn": ("never", "returns", "stays",),
    "curve.rnote": ("never", "returns", "stays",),
    "gru.cmp": ("less", "same",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "curve.f.returns":
        "a power f^k of one f in [0, 1] never rises again once below 0.01",
    "curve.fnote.returns":
        "a power f^k of one f in [0, 1] never rises again once below 0.01",
}
