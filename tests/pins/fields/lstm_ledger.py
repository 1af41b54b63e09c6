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
             "w": ("gnmt_hidden", "int")},
    "gnmt.all": {"k": ("gnmt_layers", "int"),
                 "m": ("gnmt_params", "millions"),
                 "n": ("gnmt_params", "count")},
    "gnmt.dec": {"n": ("gnmt_decoder", "int")},
    "gnmt.enc": {"n": ("gnmt_encoder", "int")},
    "gnmt.mine": {"d": ("d", "int"),
                  "h": ("h", "int"),
                  "k": ("layers", "int"),
                  "n": ("stack_params", "count")},
    "gnmt.one": {"n": ("gnmt_layer", "count")},
    "gnmt.say": {"dd": ("gnmt_decoder", "int"),
                 "e": ("gnmt_encoder", "int"),
                 "m": ("gnmt_params", "millions"),
                 "n": ("gnmt_layers", "int"),
                 "one": ("gnmt_layer", "count"),
                 "w": ("gnmt_hidden", "int")},
    "gnmt.width": {"w": ("gnmt_hidden", "int")},
    "ledger": {"d": ("d", "int"),
               "h": ("h", "int"),
               "hd": ("concat", "int"),
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
    "ledger.say": {"d": ("d", "int"),
                   "h": ("h", "int"),
                   "hd": ("concat", "int"),
                   "m": ("params.lstm", "millions"),
                   "n": ("params.lstm", "count")},
    "paid.params": {"r": ("rnn_ratio", "ratio")},
    "shape.cat": {"n": ("concat", "int")},
    "shape.gate": {"n": ("h", "int")},
    "shape.h": {"n": ("h", "int")},
    "shape.w": {"a": ("concat", "int"), "b": ("gates_width", "int")},
    "shape.x": {"n": ("d", "int")},
    "shape.z": {"n": ("gates_width", "int")},
    "shapes": {"d": ("d", "int"),
               "g": ("gates_width", "int"),
               "h": ("h", "int"),
               "hd": ("concat", "int")},
    "shapes.say": {"d": ("d", "int"),
                   "g": ("gates_width", "int"),
                   "h": ("h", "int"),
                   "hd": ("concat", "int")},
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
