"""pre-03-spectral: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scene at the defaults and the untidy
settings, then reviewed: a change here is a change of what a viewer reads."""

SECTION = "pre-03-spectral"

FIELDS = {
    "product": {"T": ("T", "int")},
    "product.say": {"T": ("T", "int")},
    "product.note": {"T": ("T", "int"), "r": ("rhos[*]", "num"), "p": ("scalar_powers[*]", "fmt")},
    "sweep.say": {"d": ("d", "int"), "T": ("T", "int")},
    "sweep.run": {"r": ("rhos[*]", "num")},
    "sweep.floor": {"f": ("page_floor", "fmt")},
    "sweep.ceiling": {"c": ("page_ceiling", "fmt")},
    "sweep.peak": {"r": ("rhos[*]", "num"), "m": ("max_norms[*]", "fmt")},
    "small.say": {"r": ("rhos[*]", "num"), "f": ("first_norms[*]", "fmt"),
                  "floor": ("page_floor", "fmt")},
    "mid.say": {"r": ("rhos[*]", "num"), "l": ("last_norms[*]", "fmt"),
                "f": ("first_norms[*]", "fmt")},
    "big.say": {"r": ("rhos[*]", "num"), "c": ("page_ceiling", "fmt"),
                "m": ("max_norms[*]", "fmt")},
    "other.peak": {"r": ("rhos[*]", "num"), "m": ("other_max[*]", "fmt")},
    "otherpeak.say": {"r": ("rhos[*]", "num"), "m": ("other_max[*]", "fmt"),
                      "c": ("page_ceiling", "fmt")},
    "clip": {"t": ("param.tau", "num")},
    "clip.say": {"r": ("rhos[*]", "num")},
    "clip.tau": {"t": ("param.tau", "num")},
    "clip.after": {"r": ("rhos[*]", "num"), "c": ("clipped_max[*]", "fmt")},
    "clip.first": {"r": ("rhos[*]", "num"), "f": ("clipped_first[*]", "fmt")},
    "clip.big.say": {"r": ("rhos[*]", "num"), "m": ("max_norms[*]", "fmt"),
                     "c": ("clipped_max[*]", "fmt"), "t": ("param.tau", "num")},
    "clip.small.say": {"r": ("rhos[*]", "num"), "m": ("max_norms[*]", "fmt"),
                       "f": ("first_norms[*]", "fmt"), "c": ("clipped_first[*]", "fmt")},
    "clip.ratio.say": {"r": ("rhos[*]", "num"), "q": ("small_ratio", "fmt")},
    "matrix.case1": {"r": ("rhos[*]", "num")},
    "matrix.case2": {"r": ("rhos[*]", "num"), "t": ("param.tau", "num")},
    "matrix.case3": {"r": ("rhos[*]", "num"), "t": ("param.tau", "num")},
    "matrix.case4": {"r": ("rhos[*]", "num")},
    "matrix.got_peak": [{"m": ("max_norms[*]", "fmt")}, {"m": ("clipped_max[*]", "fmt")}],
    "matrix.got_first": {"f": ("clipped_first[*]", "fmt")},
    "matrix.got_path": {"l": ("last_norms[*]", "fmt"), "f": ("first_norms[*]", "fmt")},
    "row1.say": {"r": ("rhos[*]", "num"), "m": ("max_norms[*]", "fmt"),
                 "c": ("page_ceiling", "fmt")},
    "row2.say": {"c": ("clipped_max[*]", "fmt")},
    "row3.say": {"r": ("rhos[*]", "num"), "f": ("clipped_first[*]", "fmt")},
    "row4.say": {"r": ("rhos[*]", "num"), "l": ("last_norms[*]", "fmt"),
                 "f": ("first_norms[*]", "fmt")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "rhos[*]": "num",
    "scalar_powers[*]": "fmt",
    "spectral_radius[*]": "fmt",
    "sigma_max[*]": "fmt",
    "first_norms[*]": "fmt",
    "other_first[*]": "fmt",
    "runs[*].grad_norms[*]": "fmt",
    "runs[*].grad_norms_clipped[*]": "fmt",
    "other_runs[*].grad_norms[*]": "fmt",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "small": ("above", "below"),
    "mid": ("falls", "holds"),
    "big": ("bounded", "explodes"),
    "otherpeak": ("bounded", "explodes"),
    "clip.big": ("capped", "untouched"),
    "clip.small": ("capped", "untouched"),
    "clip.ratio": ("reaches", "vanished"),
    "row1": ("bounded", "explodes"),
    "row2": ("capped", "untouched"),
    "row4": ("linear", "tanh"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
