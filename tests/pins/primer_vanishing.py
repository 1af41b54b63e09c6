"""§02 pinned readouts and the rules that choose its sentences, written from the values.

Each rule recomputes its case from the raw arrays and parameters (not from the ``*_case``
fields mathcore hands the scene), so a wrong case in mathcore or a wrong choice in the scene
both fail.
"""

import numpy as np
from rules_edges import shown

SECTION = "primer-02-vanishing"

F32 = np.finfo(np.float32)

PINS = {
    "hop_factor_peak": {"v": ("hop_peak_factor", "dec:3")},
    "walk_product": {"v": ("walk_product[6]", "fmt")},
    "walk_summary": {"n": ("walk_hops", "int"), "g": ("walk_seed", "num"),
                     "p": ("walk_product[6]", "fmt")},
    "max_factor": {"m": ("max_factor", "fmt")},
    "pushed_max_factor": {"m": ("pushed_max_factor", "fmt")},
    "relu_max_factor": {"m": ("relu_max_factor", "fmt")},
    "product_crossing_hop": {"h": ("float32_underflow_hop", "int")},
    "final_product": {"p": ("final_product", "fmt")},
    "relu_crossing_hop": {"h": ("relu_overflow_hop", "int")},
    "relu_product_f32": {"x": ("relu_product_f32", "fmt")},
    "dims_sigma_readout": {"v": ("dims_sigma_max", "dec:2")},
    "dims_log_product_readout": {"v": ("dims_log_product", "dec:3")},
    "dims_product_norm": {"k": ("dims_hops", "int"), "n": ("dims_product_norm", "factor")},
    "clip_scale": {"s": ("clip_scale", "fmt")},
    "clipped_norm": {"n": ("clipped_norm", "fmt:2")},
    "clipped_norm_readout": {"v": ("clipped_norm", "dec:2")},
    "small_gradient": {"g": ("small_gradient", "fmt"), "s": ("small_clip_scale", "fmt"),
                       "c": ("small_clipped_norm", "fmt")},
}


def _hop(v, p):
    """tanh' is 1 only at z = 0; ReLU' is 1 for every z > 0; at W_h = 0 every bar is 0."""
    if float(p["w_h"]) == 0.0:
        return "zero"
    return p["activation"]


def _bars(factors):
    """Every bar below x1, every bar above it, or one reaching it, as the largest and smallest
    bars are shown (``fmt``): a largest bar of 0.9996 shows "1.000" and reaches x1."""
    f = np.asarray(factors, dtype=np.float64)
    hi, lo = shown(f.max(), "fmt"), shown(f.min(), "fmt")
    if hi < 1.0:
        return "below"
    if lo > 1.0:
        return "above"
    return "reaches"


def _crossing(product):
    """First float32 limit the running product crosses, from the products themselves."""
    prod = np.asarray(product, dtype=np.float64)
    below = np.flatnonzero(prod < F32.tiny)
    above = np.flatnonzero(prod > F32.max)
    first_below = below[0] if below.size else np.inf
    first_above = above[0] if above.size else np.inf
    if first_below == first_above == np.inf:
        return "within"
    return "under" if first_below < first_above else "over"


def _clip(norm, threshold, spec="num"):
    """Above the threshold as both are shown: 5.0004 shows "5", not above the threshold 5."""
    return "clipped" if shown(norm, spec) > shown(threshold, "num") else "passes"


def _dims(v, p):
    """The example's W_h is symmetric: ||W^K|| = sigma^K, so the case follows sigma^K
    against 1 as the product is shown ("factor", 3 significant digits: "1.00" holds)."""
    norm = shown(float(p["dims_sigma"]) ** int(p["dims_hops"]), "factor")
    if norm == 1.0:
        return "holds"
    return "grows" if norm > 1.0 else "shrinks"


def _drag(w0, w1):
    """The factor beat drags W_h from w_h to pushed_w_h: up, down, or nowhere as shown."""
    if w1 == w0:
        return "same"
    return "up" if w1 > w0 else "down"


CHOICES = {
    "dims.note": _dims,
    "dims.verdict": _dims,
    "hop.note": _hop,
    # tanh saturates at both ends; ReLU has no saturation, only an off side
    "hop.sat": lambda v, p: p["activation"],
    "bars.main": lambda v, p: _bars(v.factors),
    "bars.pushed": lambda v, p: _bars(v.pushed_factors),
    "bars.relu": lambda v, p: _bars(v.relu_factors),
    "product": lambda v, p: _crossing(v.product),
    "product.main": lambda v, p: _crossing(v.product),
    "product.relu": lambda v, p: _crossing(v.relu_product),
    "clip.case": lambda v, p: _clip(p["clip_norm"], p["clip_threshold"]),
    "clip.small_case": lambda v, p: _clip(abs(v.walk_product[-1]), p["clip_threshold"], "fmt"),
    # the first token's gradient against the last's: under a tenth, it has vanished
    "clip.late": lambda v, p: ("vanishes" if abs(v.walk_product[-1])
                               / max(abs(v.walk_seed), 1e-12) < 0.1 else "reaches"),
    # the W_h drag: up or down as its two ends read, none when they read the same
    "bars.sweep": lambda v, p: _drag(shown(p["w_h"], "num"), shown(p["pushed_w_h"], "num")),
}
