"""pre-01-construction: the path and format of every value field of its texts (issue 20,
class 4; see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, then
reviewed: a change here is a change of what a viewer reads."""

SECTION = "pre-01-construction"


def _lm(**fields):
    """The language-model example's fields, one pin per language (each runs its own sentence)."""
    return [{k: (p.format(lang=lang), f) for k, (p, f) in fields.items()} for lang in ("zh", "en")]


FIELDS = {
    "fixed.far.say": {"d": ("far_distance", "int")},
    "fixed.note": {"d": ("far_distance", "int")},
    "fixed.say": {"w": ("window", "int")},
    "fixed.window": {"w": ("window", "int")},
    "layer.count": {"k": ("per_position.layers", "count")},
    "layer.say": {"k": ("per_position.layers", "count"), "p": ("per_position.total", "count")},
    "lm.first.say": _lm(n=("lm.{lang}.problems", "int")),
    "lm.loss.say": _lm(n=("lm.{lang}.problems", "int"), s=("lm.{lang}.total", "fmt:2")),
    "lm.sum": _lm(n=("lm.{lang}.problems", "int"), s=("lm.{lang}.total", "fmt:2")),
    "pad.defect": {"z": ("zero_percent", "fmt:1")},
    "pad.real": {"l": ("length", "int")},
    "pad.say": {"l": ("length", "int"),
                "n": ("padded.input_size", "count"),
                "p": ("padded.total", "count"),
                "t": ("t_max", "int"),
                "z": ("zero_percent", "fmt:1")},
    "shared.say": {"p": ("shared.total", "count")},
    "steps.rule": {"d": ("d", "count"), "dx": ("d_x", "count")},
    "steps.rule.say": {"d": ("d", "count"), "dx": ("d_x", "count")},
    "sweep.ratio": {"r": ("ratio", "count")},
    "sweep.ratio.say": {"r": ("ratio", "count"), "t": ("t_max", "int")},
    "sweep.say": {"s": ("shared.total", "count"),
                  "t0": ("sweep_t[*]", "int"),
                  "t1": ("sweep_t[*]", "int")},
}

#: readouts that are not text-table sentences
READOUTS = {
    "layer_count": {"v": ("per_position.total", "count")},
    "lm.en.losses[*]": "fmt:2",
    "lm.zh.losses[*]": "fmt:2",
    "pad_count": {"v": ("padded.total", "count")},
    "per_position_total": {"v": ("sweep_per_position[*]", "count")},
    "shared_count": {"v": ("shared.total", "count")},
    "shared_total": {"v": ("sweep_shared[*]", "count")},
    "t_max": {"v": ("sweep_t[*]", "int")},
    "sweep_per_position[*]": "count",
    "sweep_shared[*]": "count",
    "sweep_t[*]": "int",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "fixed.far": ("inside", "outside"),
    "fixed.note": ("inside", "outside"),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
