"""pre-06-word2vec: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scene at the defaults, then reviewed: a
change here is a change of what a viewer reads."""

SECTION = "pre-06-word2vec"

_Q = ("shown_analogies[*][*]", "str")

FIELDS = {
    "onehot.say": {"nv": ("vocab_size", "count")},
    "onehot.dist.say": {"pairs": ("onehot_pairs", "count"), "lo": ("onehot_min", "fmt"),
                        "hi": ("onehot_max", "fmt"), "cos": ("onehot_cos_max", "fmt")},
    "onehot.empty.say": {"a": ("onehot_words[*]", "str"), "b": ("onehot_words[*]", "str"),
                         "c": ("onehot_words[*]", "str")},
    "word": [{"w": ("onehot_words[*]", "str")}, {"w": ("example_tokens[*]", "str")},
             {"w": ("noise_words[*]", "str")}, {"w": ("queries[*]", "str")}],
    "onehot.size": {"nv": ("vocab_size", "count"), "cols": ("onehot_cols", "int")},
    "onehot.pairs": {"pairs": ("onehot_pairs", "count")},
    "onehot.lo": {"lo": ("onehot_min", "fmt")},
    "onehot.hi": {"hi": ("onehot_max", "fmt")},
    "onehot.cos": {"cos": ("onehot_cos_max", "fmt")},
    "window.pairs.say": {"doc": ("example_doc", "int"), "c": ("example_tokens[*]", "str"),
                         "w": ("window", "int"), "n": ("example_pairs", "int")},
    "window.formula.say": {"nv": ("vocab_size", "count"), "np": ("n_params", "count")},
    "window.conv.say": {"tokens": ("tokens", "count"), "d": ("dim", "int"),
                        "w": ("window", "int")},
    "window.doc": {"doc": ("example_doc", "int"), "w": ("window", "int")},
    "window.npairs": {"n": ("example_pairs", "int")},
    "window.conv": {"d": ("dim", "int"), "w": ("window", "int")},
    "neg": {"k": ("negatives", "int")},
    "neg.say": {"k": ("negatives", "int")},
    "neg.noise.say": {"w": ("noise_words[*]", "str"), "p": ("unigram_share[*]", "ratio"),
                      "q": ("noise_share[*]", "ratio")},
    "neg.rare.say": {"r": ("rare_boost", "factor")},
    "neg.rare": {"r": ("rare_boost", "factor")},
    "train.say": {"l0": ("loss_start", "fmt")},
    "train.run.say": {"e": ("epochs", "int"), "n": ("pairs_per_epoch[*]", "count"),
                      "l1": ("loss_end", "fmt")},
    "train.start": {"l0": ("loss_start", "fmt")},
    "train.end": {"e": ("epochs", "int"), "l1": ("loss_end", "fmt")},
    "near.say": {"q": ("n_queries", "int"), "k": ("n_neighbours", "int")},
    "near.first.say": {"q": ("queries[*]", "str"), "w": ("neigh_words[*][*]", "str"),
                       "c": ("neigh_cos[*][*]", "fmt:2")},
    "near.pca.say": {"a": ("proj_share[*]", "fmt:2"), "b": ("proj_share[*]", "fmt:2")},
    "near.cell": {"w": ("neigh_words[*][*]", "str"), "c": ("neigh_cos[*][*]", "fmt:2")},
    "near.pca": {"n": ("n_projected", "int")},
    "analogy.say": [{"total": ("an_total", "count"), "cov": ("an_covered", "count"),
                     "ok": ("an_correct", "count"), "acc": ("an_accuracy", "fmt")},
                    {"total": ("an_total", "count"), "cov": ("an_covered", "count")}],
    "analogy.small.say": {"tokens": ("tokens", "count"), "total": ("ws_total", "count"),
                          "cov": ("ws_covered", "count"), "rho": ("ws_spearman", "fmt:2")},
    "analogy.acc": {"ok": ("an_correct", "count"), "cov": ("an_covered", "count"),
                    "total": ("an_total", "count")},
    "analogy.ws": {"cov": ("ws_covered", "count"), "rho": ("ws_spearman", "fmt:2")},
    "analogy.q": {"a": _Q, "b": _Q, "c": _Q},
    "analogy.page.say": [{"x": ("page_answer", "str"), "r": ("page_rank", "int")},
                         {"m": ("page_missing", "str")}],
    "analogy.page": [{"x": ("page_answer", "str"), "r": ("page_rank", "int")},
                     {"m": ("page_missing", "str")}],
    "static.say": {"w": ("static_word", "str"), "n": ("static_docs", "count")},
    "static.row": {"w": ("static_word", "str"), "n": ("static_docs", "count")},
}
for _r in (0, 1, 2):
    FIELDS[f"row{_r}.say"] = [{"a": _Q, "b": _Q, "c": _Q, "x": _Q, "s": ("shown_cos[*]", "fmt:2")},
                              {"a": _Q, "b": _Q, "c": _Q, "x": _Q, "d": _Q,
                               "r": ("shown_ranks[*]", "int")}]
    FIELDS[f"ans{_r}"] = [{"x": _Q, "s": ("shown_cos[*]", "fmt:2")},
                          {"x": _Q, "d": _Q, "r": ("shown_ranks[*]", "int")}]

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "unigram_share[*]": "ratio",
    "noise_share[*]": "ratio",
    "loss[*]": "fmt",
    "loss_x[*]": "num",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "analogy": ("none", "some"),
    "analogy.page": ("in", "oov"),
    "analogy.small": ("nonpos", "pos"),
    "row0": ("hit", "miss"),
    "row1": ("hit", "miss"),
    "ans0": ("hit", "miss"),
    "ans1": ("hit", "miss"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
