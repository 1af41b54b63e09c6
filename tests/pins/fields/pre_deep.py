"""pre-05-deep-bidirectional: the path and format of every value field of its texts (issue 20,
class 4; see ``tests/pins/fields/__init__.py``)."""

SECTION = "pre-05-deep-bidirectional"

FIELDS = {
    "reach.uni.say": {"k": ("total_uni", "count"), "n": ("cells", "count")},
    "reach.bi.say": {"T": ("steps", "int")},
    "reach.count": [{"k": ("total_uni", "count"), "n": ("cells", "count")},
                    {"k": ("total_bi", "count"), "n": ("cells", "count")}],
    "causal.say": {"f": ("future_at_first", "int")},
    "causal.need": {"f": ("future_at_first", "int")},
    "stack.say": {"L": ("layers", "int")},
    "stack.reach.say": {"L": ("layers", "int"), "k": ("total_stack", "count")},
    "stack.path.say": {"p1": ("path_one", "int"), "pL": ("path_stack", "int"),
                       "L": ("layers", "int")},
    "stack.path": {"p": ("path_stack", "int")},
    "stack.count": {"L": ("layers", "int"), "k": ("total_stack", "count"),
                    "n": ("cells", "count")},
    "proj.say": {"V": ("vocab", "count"), "d": ("d", "count")},
    "proj.direct.say": {"V": ("vocab", "count"), "d": ("d", "count"),
                        "P": ("counts.direct_params", "count"),
                        "M": ("counts.direct_macs", "count")},
    "proj.sak.say": {"r": ("proj", "count"), "P2": ("counts.projected_params", "count"),
                     "M2": ("counts.projected_macs", "count")},
    "proj.cmp.say": {"g": ("counts.gap", "count")},
    "proj.cmp": {"g": ("counts.gap", "count")},
    "proj.sizes": {"V": ("vocab", "count"), "d": ("d", "count"), "r": ("proj", "count")},
    "proj.direct": {"P": ("counts.direct_params", "count"), "M": ("counts.direct_macs", "count")},
    "proj.projected": {"P": ("counts.projected_params", "count"),
                       "M": ("counts.projected_macs", "count")},
    "pool.say": {"w": ("pool_width", "int"), "n": ("pool_steps", "int")},
    "pool.sweep.say": {"rho": ("pool_rho", "num")},
    "pool.cmp.say": {"last": ("pool_last", "fmt"), "mean": ("pool_mean", "fmt")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "pool_last": {"v": ("pool_last", "fmt")},
    "pool_mean": {"v": ("pool_mean", "fmt")},
    "pool_norms[*]": "fmt",
    "pool_running[*]": "fmt",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "stack.path": ("one", "many"),
    "proj.cmp": ("fewer", "same", "more"),
    "pool.cmp": ("mean", "same", "last"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
