"""pre-02-bptt: the path and format of every value field of its texts (issue 20, class 4; see
``tests/pins/fields/__init__.py``). Read off the scene at the defaults, the untidy settings
and the degenerate cases, then reviewed: a change here is a change of what a viewer reads."""

SECTION = "pre-02-bptt"

_T = ("steps", "int")
_K = ("factors_in_product", "int")
_N = ("factors", "count")
_FIN = "lab.final_log_magnitudes."
_ENTRY = {"T": _T, "i": ("entry_row", "int"), "j": ("entry_col", "int"),
          "g": ("grad_entry", "fmt")}
_TOK = {"x1": ("token_grad_first", "fmt"), "xT": ("token_grad_last", "fmt")}
_BIG = {"a": ("above_product", "fmt"), "c": ("above_clipped", "fmt")}

FIELDS = {
    "sum": {"T": _T},
    "sum.say": {"T": _T},
    "sum.paths.say": {"T": _T},
    "sum.total.say": _ENTRY,
    "sum.hold": _ENTRY,
    "product.say": {"k": _K},
    "product.order.say": {"T": _T},
    "product.ends.say": {"a": ("grad_last", "fmt"), "b": ("grad_first", "fmt"), "k": _K,
                         "c": ("product_norm", "fmt")},
    "product.last": {"a": ("grad_last", "fmt")},
    "product.first": {"b": ("grad_first", "fmt")},
    "product.norm": {"k": _K, "c": ("product_norm", "fmt")},
    "product.memory.say": _TOK,
    "product.tokens": _TOK,
    "lab": {"n": _N},
    "lab.say": {"s": ("param.seed", "int"), "n": _N},
    "lab.finals.say": {"n": _N, "near": (_FIN + "near_one", "fmt:2"),
                       "below": (_FIN + "below_one", "fmt:2"),
                       "above": (_FIN + "above_one", "fmt:2")},
    # "tiny" names the product multiplied out; "zero" says it is 0
    "lab.under.say": [{"below": (_FIN + "below_one", "fmt:2"), "e": ("below_log10", "fmt:1"),
                       "p": ("below_product", "sig")},
                      {"below": (_FIN + "below_one", "fmt:2"), "e": ("below_log10", "fmt:1")}],
    "lab.product": [{"p": ("below_product", "sig")}, {}],
    "asym.big": _BIG,
    "asym.small": {"b": ("below_product", "sig"), "c": ("below_clipped", "sig")},
    "asym.clip.say": {"t": ("param.clip_threshold", "num"), **_BIG},
    "asym.small.say": {"b": ("below_product", "sig")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "axis_factors": {"v": _N},
    "final_near_one": {"v": (_FIN + "near_one", "dec:2")},
    "final_below_one": {"v": (_FIN + "below_one", "dec:2")},
    "final_above_one": {"v": (_FIN + "above_one", "dec:2")},
    "lab_ticks[*]": "num",
    "running_sum[*]": "dec:3",
    "lab_curves.near_one[*]": "dec:2",
    "lab_curves.below_one[*]": "dec:2",
    "lab_curves.above_one[*]": "dec:2",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "asym.big": ("clipped", "passes"),
    "asym.clip": ("clipped", "passes"),
    "lab.under": ("tiny", "zero"),
    "lab.product": ("tiny", "zero"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
