"""P10 pinned readouts and the rule that chooses its one comparison, written from the raw
gradients: the relative errors are recomputed here from the BPTT and central-difference values
(not read from mathcore's summary) and compared, as displayed, with the page's 1e-6."""

import numpy as np
from rules_edges import shown

SECTION = "pre-10-lab"

#: The page's expected relative error, "of order 1e-6".
PAGE_REL = 1e-6

PINS = {
    "loss": {"L": ("loss", "fmt"), "T": ("T", "int")},
    "grad_entry": {"T": ("T", "int"), "i": ("sample_row[0]", "int"),
                   "j": ("sample_col[0]", "int"), "g": ("bptt[0]", "fmt")},
    "step": {"h": ("step", "fmt")},
    "max_rel": {"m": ("gradcheck_max_rel_error", "fmt")},
    "best": {"e": ("best_err", "fmt")},
    "best_h": {"b": ("best_h", "fmt")},
    "page_h": {"h": ("step", "fmt")},
    "page_err": {"p": ("page_err", "fmt")},
    "bptt[0]": {"v": ("bptt[0]", "fmt:8")},
    "numeric[0]": {"v": ("numeric[0]", "fmt:8")},
    "rel_error[0]": {"v": ("rel_error[0]", "fmt")},
}


def _largest_rel(v):
    a = np.asarray(v.bptt, dtype=np.float64)
    b = np.asarray(v.numeric, dtype=np.float64)
    den = np.maximum(np.abs(a), np.abs(b))
    return float(np.max(np.where(den > 0, np.abs(a - b) / np.where(den > 0, den, 1.0), 0.0)))


def _max(v, p):
    """The largest relative error, as shown, below the page's 1e-6 as shown, or not."""
    return "below" if shown(_largest_rel(v), "fmt") < shown(PAGE_REL, "fmt") else "above"


CHOICES = {
    "check.max": _max,
}
