"""lstm-08-ledger: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-08-ledger"

FIELDS = {
    "bought.state": {"s": ("state_numbers", "count")},
    "gnmt": {"dd": ("gnmt_decoder", "int"),
             "e": ("gnmt_encoder", "int"),
             "m": ("gnmt_params", "millions"),
             "n": ("gnmt_layers", "int"),
             "one": ("gnmt_layer", "count"),
             "w": ("gnmt_hidden", "count")},
    "gnmt.all": {"k": ("gnmt_layers", "int"),
                 "m": ("gnmt_params", "millions"),
                 "n": ("gnmt_params", "count")},
    "gnmt.dec": {"n": ("gnmt_decoder", "int")},
    "gnmt.enc": {"n": ("gnmt_encoder", "int")},
    "gnmt.mine": {"d": ("d", "count"),
                  "h": ("h", "count"),
                  "k": ("layers", "int"),
                  "n": ("stack_params", "count")},
    "gnmt.one": {"n": ("gnmt_layer", "count")},
    "gnmt.say": {"dd": ("gnmt_decoder", "int"),
                 "e": ("gnmt_encoder", "int"),
                 "m": ("gnmt_params", "millions"),
                 "n": ("gnmt_layers", "int"),
                 "one": ("gnmt_layer", "count"),
                 "w": ("gnmt_hidden", "count")},
    "gnmt.width": {"w": ("gnmt_hidden", "count")},
    "ledger": {"d": ("d", "count"),
               "h": ("h", "count"),
               "hd": ("concat", "count"),
               "m": ("params.lstm", "millions"),
               "n": ("params.lstm", "count")},
    "ledger.layer": {"r": ("layer_ratio", "ratio")},
    "ledger.bias": {"b": ("second_bias", "count"), "t": ("torch_lstm", "count")},
    "ledger.bias.say": {"b": ("second_bias", "count"), "t": ("torch_lstm", "count")},
    "ledger.rnn": {"r": ("rnn_ratio", "ratio")},
    "ledger.rnn.say": {"att": ("params.attention", "count"),
                       "f": ("ffn_mult", "int"),
                       "r": ("rnn_ratio", "ratio"),
                       "rnn": ("params.rnn", "count"),
                       "tf": ("params.transformer", "count")},
    "ledger.say": {"d": ("d", "count"),
                   "h": ("h", "count"),
                   "hd": ("concat", "count"),
                   "m": ("params.lstm", "millions"),
                   "n": ("params.lstm", "count")},
    "paid.params": {"r": ("rnn_ratio", "ratio")},
    "shape.cat": {"n": ("concat", "count")},
    "shape.gate": {"n": ("h", "count")},
    "shape.h": {"n": ("h", "count")},
    "shape.w": {"a": ("concat", "count"), "b": ("gates_width", "count")},
    "shape.x": {"n": ("d", "count")},
    "shape.z": {"n": ("gates_width", "count")},
    "shapes": {"d": ("d", "count"),
               "g": ("gates_width", "count"),
               "h": ("h", "count"),
               "hd": ("concat", "count")},
    "shapes.say": {"d": ("d", "count"),
                   "g": ("gates_width", "count"),
                   "h": ("h", "count"),
                   "hd": ("concat", "count")},
    "take.gru": {"r": ("gru_ratio", "ratio")},
    "trade": {"r": ("rnn_ratio", "ratio")},
    "trade.say": {"r": ("rnn_ratio", "ratio")},
    "trade.state.say": {"s": ("state_numbers", "count")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "lstm_count": {"v": ("params.lstm", "count")},
    "rnn_count": {"v": ("params.rnn", "count")},
    "transformer_count": {"v": ("params.transformer", "count")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "ledger.layer": ("close", "less", "more",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
