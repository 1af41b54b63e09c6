"""P2 pinned readouts and the rules that choose its sentences, written from the values.

The rules recompute their case from the raw factors and parameters (not from a case field of
mathcore's), on the numbers as they are shown.
"""

import numpy as np
from rules_edges import shown

SECTION = "pre-02-bptt"

_FIN = "lab.final_log_magnitudes."

PINS = {
    "grad_entry": {"T": ("steps", "int"), "i": ("entry_row", "int"), "j": ("entry_col", "int"),
                   "g": ("grad_entry", "fmt")},
    "grad_last": {"a": ("grad_last", "fmt")},
    "grad_first": {"b": ("grad_first", "fmt")},
    "product_norm": {"k": ("factors_in_product", "int"), "c": ("product_norm", "fmt")},
    "token_grads": {"x1": ("token_grad_first", "fmt"), "xT": ("token_grad_last", "fmt")},
    "axis_factors": {"v": ("factors", "count")},
    "final_near_one": {"v": (_FIN + "near_one", "dec:2")},
    "final_below_one": {"v": (_FIN + "below_one", "dec:2")},
    "final_above_one": {"v": (_FIN + "above_one", "dec:2")},
    "below_product": {"p": ("below_product", "sig")},
    "above_clipped": {"a": ("above_product", "fmt"), "c": ("above_clipped", "fmt")},
    "below_clipped": {"b": ("below_product", "sig"), "c": ("below_clipped", "sig")},
}


def _clip(v, p):
    """The above-one product (multiplied out from its factors here) against the threshold,
    both as shown: a product shown "5.000" is not above a threshold shown "5"."""
    prod = float(np.prod(np.asarray(v.lab.factors["above_one"], dtype=np.float64)))
    return "clipped" if shown(prod, "fmt") > shown(p["clip_threshold"], "num") else "passes"


def _under(v, p):
    """The below-one product multiplied out factor by factor in float64: exactly 0 once it
    underflows (a subnormal still shows as a power of ten, never as 0)."""
    prod = 1.0
    for f in np.asarray(v.lab.factors["below_one"], dtype=np.float64):
        prod *= f
    return "zero" if prod == 0.0 else "tiny"


CHOICES = {"asym.big": _clip, "asym.clip": _clip, "lab.under": _under, "lab.product": _under}
