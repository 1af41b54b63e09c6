"""primer-05-attention: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-05-attention"

FIELDS = {
    "bottle": {"d": ("bottleneck_numbers", "count"),
               "direct": ("direct_numbers", "count"),
               "direct_long": ("direct_numbers_long", "count"),
               "n": ("n", "count"),
               "n_long": ("n_long", "count")},
    "bottle.sample": {"e": ("enc_drawn_count_long", "count"), "n": ("n_long", "count")},
    "bottle.say": {"d": ("bottleneck_numbers", "count"),
                   "direct": ("direct_numbers", "count"),
                   "direct_long": ("direct_numbers_long", "count"),
                   "n": ("n", "count"),
                   "n_long": ("n_long", "count")},
    "cost.above": {"d": ("d", "count")},
    "cost.below": {"d": ("d", "count")},
    "cost.sides.say": {"d": ("d", "count")},
    "cost.verdict": {"n": ("n", "count")},
    "cost.whole.say": {"att": ("cost_whole.attention", "count"),
                       "rec": ("cost_whole.recurrent", "count")},
    "cost.verdict.say": {"att": ("cost.attention", "count"),
                         "d": ("d", "count"),
                         "n": ("n", "count"),
                         "rec": ("cost.recurrent", "count")},
    "direct": [{"n": ("n", "count")},
               {"n": ("n_long", "count")}],
    "grid.say": {"a": ("sequential_depth.attention", "count"), "n": ("n", "count")},
    "grid.sweep.say": {"n": ("n", "count")},
    "grid.window": {"g": ("grid_shown", "count"), "n": ("n", "count")},
    "pairs.key": {"a": ("example_keys[*][*]", "num"), "b": ("example_keys[*][*]", "num")},
    "pairs.out": {"o": ("example_output", "dec:2")},
    "pairs.query": {"a": ("param.query[*]", "num"), "b": ("param.query[*]", "num")},
    "pairs.result.say": {"out": ("example_output", "dec:2"),
                         "top": ("example_top", "int"),
                         "wt": ("example_weights[*]", "dec:2")},
    "pairs.sum": {"s": ("example_weight_sum", "dec:2")},
    "path": {"k": ("path_target", "count")},
    "path.sample": {"m": ("stair_drawn", "count"), "total": ("path_tokens", "count")},
    "path.say": {"a": ("path_length.attention", "count"),
                 "k": ("path_target", "count"),
                 "r": ("path_length.recurrent", "count")},
    "path.tok": {"k": ("path_target", "count")},
    "tick.pow": {"e": ("tick_exp[*]", "int")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "bottleneck_numbers": "count",
    "cost_attention": {"v": ("cost.attention", "count")},
    "cost_crossover_n": "count",
    "cost_recurrent": {"v": ("cost.recurrent", "count")},
    "cost_whole_attention": {"v": ("cost_whole.attention", "count")},
    "cost_whole_recurrent": {"v": ("cost_whole.recurrent", "count")},
    "d": "count",
    "direct_numbers": "count",
    "direct_numbers_long": "count",
    "example_scores[*]": "dec:2",
    "example_values[*]": "num",
    "example_weights[*]": "dec:2",
    "n": "count",
    "path_length_attention": {"v": ("path_length.attention", "count")},
    "path_length_recurrent": {"v": ("path_length.recurrent", "count")},
    "sequential_depth_attention": {"v": ("sequential_depth.attention", "count")},
    "sequential_depth_recurrent": {"v": ("sequential_depth.recurrent", "count")},
    "tick_n[*]": "count",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "cost.below": ("crossing", "never",),
    "grid.sweep": ("one", "sweep",),
    "cost.sides": ("crossing", "never",),
    "cost.verdict": ("attention", "equal", "recurrent",),
    "grid": ("many", "one",),
    "path": ("many", "one", "zero",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
