"""primer-06-cheatsheet: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-06-cheatsheet"

FIELDS = {
    "kv": {"b": ("bytes_per_value", "count"),
           "layers": ("layers", "count"),
           "width": ("width", "count")},
    "kv.model": {"b": ("bytes_per_value", "count"),
                 "layers": ("layers", "count"),
                 "width": ("width", "count")},
    "kv.acc": {"acc": ("accelerator_gib", "num"), "frac": ("accelerator_fraction", "ratio")},
    "kv.acc.say": {"acc": ("accelerator_gib", "num"),
                   "frac": ("accelerator_fraction", "ratio"),
                   "kv": ("kv_cache_bytes", "bytes")},
    "kv.gqa": {"g": ("gqa_kv_heads", "count")},
    "kv.gqa.say": {"frac": ("gqa_fraction", "ratio"),
                   "g": ("gqa_kv_heads", "count"),
                   "gqa": ("kv_cache_bytes_gqa", "bytes"),
                   "h": ("kv_heads", "count"),
                   "q": ("query_heads", "count")},
    "kv.ratio.say": {"ctx": ("context", "count"),
                     "kv": ("kv_cache_bytes", "bytes"),
                     "ratio": ("ratio", "ratio"),
                     "state": ("state_bytes", "bytes")},
    "kv.say": {"b": ("bytes_per_value", "count"),
               "layers": ("layers", "count"),
               "width": ("width", "count")},
    "kv.times": {"r": ("ratio", "ratio")},
    "tbptt.say": {"n": ("sequence_length", "count"), "w": ("tbptt_window", "count")},
    "tight.at": {"d": ("tight_d", "count"), "n": ("tight_n", "count")},
    "tight.at.say": {"d": ("tight_d", "count"),
                     "n": ("tight_n", "count"),
                     "p": ("tight_path.recurrent", "count")},
    "tight.cost_v": [{"v": ("tight_cost.recurrent", "texcount")},
                     {"v": ("tight_cost.attention", "texcount")}],
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "context": "count",
    "kv_cache_bytes": "bytes",
    "kv_cache_bytes_gqa": "bytes",
    "sequence_length": "count",
    "state_bytes": "bytes",
    "tbptt_window": "count",
    "tick_bytes[*]": "bytes",
    "tick_context[*]": "count",
    "tight_depth_attention": {"v": ("tight_depth.attention", "count")},
    "tight_depth_recurrent": {"v": ("tight_depth.recurrent", "count")},
    "tight_path_attention": {"v": ("tight_path.attention", "count")},
    "tight_path_recurrent": {"v": ("tight_path.recurrent", "count")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "kv.acc": ("all", "exceeds", "fits", "most", "nearly", "over",),
    "kv.gqa": ("larger", "same", "smaller",),
    "kv.ratio": ("equal", "larger", "smaller",),
    "tbptt": ("full", "truncated",),
    "tight.at": ("many", "one", "two",),
    "tight.sym.path": ("many", "one", "two",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
