"""pre-08-bahdanau: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``)."""

SECTION = "pre-08-bahdanau"

FIELDS = {
    "step.head": {"t": ("focus_pos", "int"), "tok": ("focus_token", "str")},
    "step.sum": {"s": ("focus_sum", "fmt")},
    "softmax.say": {"m": ("focus_alpha_min", "fmt"), "s": ("focus_sum", "fmt")},
    "context.say": {"t": ("focus_pos", "int"), "tok": ("focus_token", "str"),
                    "w": ("focus_top_weight", "fmt:2"), "j": ("focus_top_pos", "int"),
                    "k": ("focus_known_pos", "int")},
    "map.say": {"n": ("src_len", "int"), "out": ("out_text", "str"), "ref": ("tgt_text", "str")},
    "map.end.say": [{}, {"n": ("out_len", "int")}],
    "map.agree.say": {"m": ("agree_count", "int"), "n": ("out_len", "int")},
    "map.agree": {"m": ("agree_count", "int"), "n": ("out_len", "int")},
    "map.sample.say": {"p": ("sample_pairs", "int"), "m": ("sample_agree", "int"),
                       "n": ("sample_total", "int")},
    "map.sample": {"p": ("sample_pairs", "int"), "m": ("sample_agree", "int"),
                   "n": ("sample_total", "int")},
    "acc.say": {"n": ("eval_n", "int"), "e": ("epochs", "int"), "a": ("train_min", "int"),
                "b": ("train_max", "int"), "hp": ("plain_hidden", "int"), "h": ("hidden", "int")},
    "acc.plain.say": {"l0": ("first_length", "int"), "l1": ("last_length", "int"),
                      "a": ("right_plain[*]", "int"), "b": ("right_plain[*]", "int"),
                      "n": ("eval_n", "int")},
    "acc.attn.say": {"l1": ("last_length", "int"), "b": ("right_plain[*]", "int"),
                     "c": ("right_attn[*]", "int"), "n": ("eval_n", "int")},
    "acc.at": {"l": ("last_length", "int"), "c": ("right_attn[*]", "int"),
               "b": ("right_plain[*]", "int"), "n": ("eval_n", "int")},
    "cost.say": {"tx": ("src_len", "int"), "st": ("steps", "int"), "s": ("scores", "count")},
    "cost.grid": {"tx": ("src_len", "int"), "st": ("steps", "int"), "s": ("scores", "count")},
    "cost.sweep.say": {"l0": ("first_length", "int"), "l1": ("last_length", "int"),
                       "s0": ("cost_scores[*]", "count"), "s1": ("cost_scores[*]", "count")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "src_en[*]": "str",
    "src_zh[*]": "str",
    "focus_scores[*]": "fmt:2",
    "focus_alpha[*]": "fmt:2",
    "out[*]": "str",
    "argmax_pos[*]": "int",
    "lengths[*]": "int",
    "acc_plain[*]": "fmt:2",
    "acc_attn[*]": "fmt:2",
    "cost_scores[*]": "count",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "context": ("off", "on"),
    "map": ("right", "wrong"),
    "map.end": ("cut", "ended"),
    "map.sample": ("grown", "none"),
    "cost": ("cut", "ended"),
    "acc.plain": ("falls", "holds"),
    "acc.attn": ("above", "not_above"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
