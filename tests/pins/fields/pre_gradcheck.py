"""pre-10-lab: the path and format of every value field of its texts (issue 20, class 4; see
``tests/pins/fields/__init__.py``). Read off the scene at the defaults and the untidy settings,
then reviewed: a change here is a change of what a viewer reads."""

SECTION = "pre-10-lab"

FIELDS = {
    "lab": {"dh": ("d_h", "int"), "dx": ("d_x", "int"), "T": ("T", "int")},
    "lab.data": {"s": ("seed", "int")},
    "lab.run.say": {"T": ("T", "int")},
    "lab.last": {"T": ("T", "int")},
    "lab.total.say": {"T": ("T", "int"), "L": ("loss", "fmt")},
    "lab.hold": {"L": ("loss", "fmt"), "T": ("T", "int")},
    "sum": {"T": ("T", "int")},
    "sum.say": {"T": ("T", "int")},
    "sum.entry.say": {"i": ("sample_row[*]", "int"), "j": ("sample_col[*]", "int")},
    "sum.last": {"T": ("T", "int")},
    "sum.total.say": {"T": ("T", "int"), "g": ("bptt[*]", "fmt"),
                      "c": ("entry_contrib_first", "fmt")},
    "sum.hold": {"T": ("T", "int"), "i": ("sample_row[*]", "int"),
                 "j": ("sample_col[*]", "int"), "g": ("bptt[*]", "fmt")},
    "check": {"n": ("samples", "int")},
    "check.say": {"h": ("step", "fmt")},
    "check.cd": {"h": ("step", "fmt")},
    "check.entry": {"i": ("sample_row[*]", "int"), "j": ("sample_col[*]", "int")},
    "check.max.say": {"m": ("gradcheck_max_rel_error", "fmt"), "p": ("page_rel", "fmt")},
    "check.max": {"m": ("gradcheck_max_rel_error", "fmt")},
    "check.page": {"p": ("page_rel", "fmt")},
    "sweep": {"h": ("step", "fmt")},
    "sweep.say": {"a": ("largest_h", "fmt"), "b": ("smallest_h", "fmt")},
    "sweep.best.say": {"e": ("best_err", "fmt"), "b": ("best_h", "fmt"), "h": ("step", "fmt"),
                       "p": ("page_err", "fmt")},
    "sweep.best": {"e": ("best_err", "fmt")},
    "sweep.best_h": {"b": ("best_h", "fmt")},
    "sweep.page": {"h": ("step", "fmt")},
    "sweep.page_err": {"p": ("page_err", "fmt")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "bptt[*]": "fmt:8",
    "numeric[*]": "fmt:8",
    "rel_error[*]": "fmt",
    "running_loss[*]": "fmt",
    "entry_back_running[*]": "fmt",
    "sweep_h[*]": "fmt",
    "sweep_err[*]": "fmt",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "check.max": ("above", "below"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
