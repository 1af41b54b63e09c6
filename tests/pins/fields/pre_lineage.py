"""pre-09-lineage: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scene at the defaults and the untidy
settings, then reviewed: a change here is a change of what a viewer reads."""

SECTION = "pre-09-lineage"

_STEPS = ("steps", "count")
_Q = ("path_attention", "int")

FIELDS = {
    "tf.parallel": {"q": _Q},
    "tf.path": {"q": _Q},
    "path": {"p": ("path_recurrent", "count"), "q": ("path_attention", "count")},
    "path.say": {"T": _STEPS},
    "path.direct.say": {"q": ("path_attention", "count"), "p": ("path_recurrent", "count")},
    "path.chain.say": {"T": _STEPS},
    "grad.say": {"f": ("param.gate", "num"), "n": ("chain", "count")},
    "grad.sweep.say": {"n": ("chain", "count"), "p": ("gate_final", "fmt")},
    "grad.res.say": {"one": ("residual_identity[*]", "num")},
    "grad.f": {"f": ("param.gate", "num")},
    "grad.one": {"one": ("residual_identity[*]", "num")},
    "order.say": {"T": _STEPS, "g": ("order_rnn_gap", "fmt")},
    "order.att.say": {"a": ("order_attention_gap", "fmt")},
    "order.gap": {"g": ("order_rnn_gap", "fmt")},
    "order.agap": {"a": ("order_attention_gap", "fmt")},
    "cost": {"d": ("d", "count")},
    "cost.cross": {"d": ("d", "count")},
    "cost.cross.say": {"d": ("d", "count")},
    "cost.at.say": {"T": ("T", "count"), "a": ("cost_recurrent", "count"),
                    "b": ("cost_attention", "count")},
    "cost.end.T": {"v": ("T", "count")},
    "cost.end.rec": {"v": ("cost_recurrent", "count")},
    "cost.end.att": {"v": ("cost_attention", "count")},
    "memory.say.lstm": {"L": ("layers", "count"), "d": ("d", "count"),
                        "b": ("bytes_per_number", "count"), "state": ("state_bytes", "bytes")},
    "memory.say.gru": {"L": ("layers", "count"), "d": ("d", "count"),
                       "b": ("bytes_per_number", "count"), "state": ("state_bytes", "bytes")},
    "memory.ratio.say": {"ctx": ("context", "count"), "kv": ("kv_bytes", "bytes"),
                         "state": ("state_bytes", "bytes"), "r": ("memory_ratio", "ratio")},
    "memory.model": {"L": ("layers", "count"), "d": ("d", "count"),
                     "b": ("bytes_per_number", "count")},
    "memory.times": {"r": ("memory_ratio", "ratio")},
    "won.three.say": {"e": ("elmo_layers", "count"), "bl": ("bert_large_layers", "count"),
                      "bb": ("bert_base_layers", "count")},
    "won.layers": [{"n": ("elmo_layers", "count")}, {"n": ("bert_base_layers", "count")},
                   {"n": ("bert_large_layers", "count")}],
    "won.ratio.say": {"bl": ("bert_large_layers", "count"), "e": ("elmo_layers", "count"),
                      "r": ("depth_ratio", "ratio")},
    "pairs.kv.say": {"T": _STEPS, "n": ("triangle", "count"), "d": ("d", "count")},
    "pairs.total": {"n": ("triangle", "count")},
    "pairs.madds": {"m": ("triangle_madds", "count")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "chain_hops[*]": "count",
    "gate_steps[*]": "count",
    "gate_products[*]": "fmt",
    "gate_final": "fmt",
    "chain": "count",
    "path_recurrent": "count",
    "path_attention": "count",
    "sequential_recurrent": "count",
    "sequential_attention": "count",
    "cost_tick_T[*]": "count",
    "frame_T[*]": "count",
    "frame_cost_recurrent[*]": "count",
    "frame_cost_attention[*]": "count",
    "memory_tick_bytes[*]": "bytes",
    "memory_tick_context[*]": "count",
    "frame_context[*]": "count",
    "frame_kv_bytes[*]": "bytes",
    "state_bytes": "bytes",
    "instalments_paid[*]": "count",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "cost.at": ("attention", "equal", "recurrent"),
    "memory.ratio": ("equal", "larger"),
    "memory.times": ("equal", "larger"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
