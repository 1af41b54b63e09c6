"""pre-01 pinned readouts and the rule for its one sentence chosen among variants."""

from rules_edges import shown

SECTION = "pre-01-construction"

PINS = {
    "window": {"w": ("window", "int")},
    "far_distance": {"d": ("far_distance", "int")},
    "rule": {"d": ("d", "count"), "dx": ("d_x", "count")},
    "pad_count": {"v": ("padded.total", "count")},
    "layer_count": {"v": ("per_position.total", "count")},
    "shared_count": {"v": ("shared.total", "count")},
    "per_position_total": {"v": ("sweep_per_position[41]", "count")},
    "shared_total": {"v": ("sweep_shared[41]", "count")},
    "t_max": {"v": ("sweep_t[41]", "int")},
    "ratio": {"r": ("ratio", "count")},
    "lm_sum": {"n": ("lm.en.problems", "int"), "s": ("lm.en.total", "fmt:2")},
    "lm.en.losses[0]": {"v": ("lm.en.losses[0]", "fmt:2")},
    "lm.en.losses[5]": {"v": ("lm.en.losses[5]", "fmt:2")},
}


def _far(v, p):
    # the window reaches the referent when it holds at least as many tokens as lie between
    # the pronoun and the name (both shown as whole numbers)
    return "inside" if shown(p["window"], "int") >= shown(v.far_distance, "int") else "outside"


CHOICES = {"fixed.far": _far, "fixed.note": _far}
