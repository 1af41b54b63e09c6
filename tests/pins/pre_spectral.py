"""P3 pinned readouts and the rules that choose its sentences, written from the runs' raw norms.

Each rule reads the runs' own ``grad_norms`` (not the summaries mathcore hands the scene) and
decides on the numbers as displayed (``fmt``; tau as typed, ``num``), so a wrong summary in
mathcore or a wrong choice in the scene both fail.
"""

import numpy as np
from rules_edges import shown

SECTION = "pre-03-spectral"

#: The page's thresholds: an exploded norm is 1e10 or more, a vanished one below 1e-10.
CEILING, FLOOR = 1e10, 1e-10

PINS = {
    "scalar_power": {"T": ("T", "int"), "r": ("rhos[0]", "num"), "p": ("scalar_powers[0]", "fmt")},
    "first_norms[0]": {"v": ("first_norms[0]", "fmt")},
    "first_norms[1]": {"v": ("first_norms[1]", "fmt")},
    "first_norms[2]": {"v": ("first_norms[2]", "fmt")},
    "other_first[2]": {"v": ("other_first[2]", "fmt")},
    "peak": {"r": ("rhos[2]", "num"), "m": ("max_norms[2]", "fmt")},
    "other_peak": {"r": ("rhos[2]", "num"), "m": ("other_max[2]", "fmt")},
    "clipped_peak": {"r": ("rhos[2]", "num"), "c": ("clipped_max[2]", "fmt")},
    "clipped_first": {"r": ("rhos[0]", "num"), "f": ("clipped_first[0]", "fmt")},
    "row1": {"m": ("max_norms[2]", "fmt")},
    "row2": {"m": ("clipped_max[2]", "fmt")},
    "row3": {"f": ("clipped_first[0]", "fmt")},
    "row4": {"l": ("last_norms[1]", "fmt"), "f": ("first_norms[1]", "fmt")},
    "spectral_radius[1]": {"v": ("spectral_radius[1]", "fmt")},
    "sigma_max[1]": {"v": ("sigma_max[1]", "fmt")},
}


def _norms(run):
    return np.asarray(run.grad_norms, dtype=np.float64)


def _small(v, p):
    """The smallest radius's norm at h_0 (the last backward step) against the page's 1e-10."""
    return "below" if shown(_norms(v.runs[0])[-1], "fmt") < FLOOR else "above"


def _mid(v, p):
    """The middle radius: its norm at h_0 below its norm one step back, as shown, or not."""
    g = _norms(v.runs[1])
    return "falls" if shown(g[-1], "fmt") < shown(g[0], "fmt") else "holds"


def _peak(run):
    """A run's largest norm, as shown, against the page's 1e10."""
    return "explodes" if shown(_norms(run).max(), "fmt") >= CEILING else "bounded"


def _clip(run, p):
    """Clipping caps a run whose largest norm, as shown, is above tau as typed."""
    return "capped" if shown(_norms(run).max(), "fmt") > shown(p["tau"], "num") else "untouched"


CHOICES = {
    "small": _small,
    "mid": _mid,
    "big": lambda v, p: _peak(v.runs[2]),
    "otherpeak": lambda v, p: _peak(v.other_runs[2]),
    "clip.big": lambda v, p: _clip(v.runs[2], p),
    "clip.small": lambda v, p: _clip(v.runs[0], p),
    "clip.ratio": lambda v, p: "vanished" if _small(v, p) == "below" else "reaches",
    "row1": lambda v, p: _peak(v.runs[2]),
    "row2": lambda v, p: _clip(v.runs[2], p),
    # the identity's slope is 1 everywhere: only under tanh do slopes multiply in
    "row4": lambda v, p: p["activation"],
}
