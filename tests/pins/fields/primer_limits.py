"""primer-04-limits: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-04-limits"

FIELDS = {
    "capacity": {"w": ("state_width", "count")},
    "capacity.recall.say": {"r": ("recall_tokens", "count"), "s": ("recall_share", "ratio")},
    "capacity.recall": {"r": ("recall_tokens", "count")},
    "capacity.recall_share": {"s": ("recall_share", "ratio")},
    "capacity.say": {"w": ("state_width", "count")},
    "capacity.share": {"n": ("tokens", "count"),
                       "n0": ("sweep_tokens[*]", "count"),
                       "s0": ("sweep_share[*]", "ratio"),
                       "s1": ("share_per_token", "ratio")},
    "capacity.state": {"w": ("state_width", "count")},
    "capacity.stride": {"s": ("sweep_tick_stride[*]", "count")},
    "grid": {"busy": ("busy_cells", "count"),
             "p": ("grid_positions", "int"),
             "s": ("sequential_steps", "int"),
             "total": ("total_cells", "count")},
    "grid.busy": {"b": ("busy_after_step[*]", "count"), "total": ("total_cells", "count")},
    "grid.lanes.say": {"s": ("sequential_steps", "int")},
    "grid.say": {"busy": ("busy_cells", "count"),
                 "p": ("grid_positions", "int"),
                 "s": ("sequential_steps", "int"),
                 "total": ("total_cells", "count")},
    "gru": {"gk": ("gru_keep", "num"), "gw": ("gru_write", "num")},
    "gru.fill": {"gt": ("gru_total", "num")},
    "gru.keep": [{"v": ("gru_keep", "num")},
                 {"v": ("lstm_keep", "num")}],
    "gru.say": {"gk": ("gru_keep", "num"), "gw": ("gru_write", "num")},
    "gru.total": [{"t": ("gru_total", "num")},
                  {"t": ("lstm_total", "num")}],
    "gru.track": {"v": ("track_length", "num")},
    "gru.write": [{"v": ("gru_write", "num")},
                  {"v": ("lstm_write", "num")}],
    "lstm.sum": {"lk": ("lstm_keep", "num"),
                 "lt": ("lstm_total", "num"),
                 "lw": ("lstm_write", "num")},
    "params": [{"bg": ("param_blocks.gru", "int"),
                "bl": ("param_blocks.lstm", "int"),
                "br": ("param_blocks.rnn", "int"),
                "d": ("d", "count"),
                "gru": ("param_counts_one_bias.gru", "count"),
                "lstm": ("param_counts_one_bias.lstm", "count"),
                "rnn": ("param_counts_one_bias.rnn", "count")},
               {"bg": ("param_blocks.gru", "int"),
                "bl": ("param_blocks.lstm", "int"),
                "br": ("param_blocks.rnn", "int"),
                "d": ("d", "count"),
                "gru": ("param_counts_one_bias.gru", "millions"),
                "lstm": ("param_counts_one_bias.lstm", "millions"),
                "rnn": ("param_counts_one_bias.rnn", "millions")}],
    "params.d": {"d": ("d", "count")},
    "params.layout": {"nb": ("bias_vectors", "int")},
    "params.torch": [{"v": ("param_counts.rnn", "count")},
                     {"v": ("param_counts.gru", "count")},
                     {"v": ("param_counts.lstm", "count")},
                     {"v": ("param_counts.rnn", "millions")},
                     {"v": ("param_counts.gru", "millions")},
                     {"v": ("param_counts.lstm", "millions")}],
    "params.say": [{"bg": ("param_blocks.gru", "int"),
                    "bl": ("param_blocks.lstm", "int"),
                    "br": ("param_blocks.rnn", "int"),
                    "d": ("d", "count"),
                    "gru": ("param_counts_one_bias.gru", "count"),
                    "lstm": ("param_counts_one_bias.lstm", "count"),
                    "rnn": ("param_counts_one_bias.rnn", "count")},
                   {"bg": ("param_blocks.gru", "int"),
                    "bl": ("param_blocks.lstm", "int"),
                    "br": ("param_blocks.rnn", "int"),
                    "d": ("d", "count"),
                    "gru": ("param_counts_one_bias.gru", "millions"),
                    "lstm": ("param_counts_one_bias.lstm", "millions"),
                    "rnn": ("param_counts_one_bias.rnn", "millions")}],
    "params.say_torch": [{"gru": ("param_counts.gru", "count"),
                          "lstm": ("param_counts.lstm", "count"),
                          "nb": ("bias_vectors", "int"),
                          "rnn": ("param_counts.rnn", "count")},
                         {"gru": ("param_counts.gru", "millions"),
                          "lstm": ("param_counts.lstm", "millions"),
                          "nb": ("bias_vectors", "int"),
                          "rnn": ("param_counts.rnn", "millions")}],
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "params_gru": [{"v": ("param_counts_one_bias.gru", "count")},
                   {"v": ("param_counts_one_bias.gru", "millions")}],
    "params_lstm": [{"v": ("param_counts_one_bias.lstm", "count")},
                    {"v": ("param_counts_one_bias.lstm", "millions")}],
    "params_rnn": [{"v": ("param_counts_one_bias.rnn", "count")},
                   {"v": ("param_counts_one_bias.rnn", "millions")}],
    "share_per_token": "ratio",
    "tokens": "count",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "capacity.share": ("single", "sweep",),
    "gru.fill": ("above", "below", "equal",),
    "lstm.sum": ("above", "below", "equal",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "gru.fill.above":
        "the GRU's keep z and write 1 - z always sum to exactly 1",
    "gru.fill.below":
        "the GRU's keep z and write 1 - z always sum to exactly 1",
}
