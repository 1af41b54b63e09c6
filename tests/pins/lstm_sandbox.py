"""L4 pinned readouts and the rules for its sentences chosen among variants.

The rules recompute the cat's share at "it" with plain Python: with held gates the cat's write
``i g_cat`` is multiplied by f at the full stop and at "it", so the share left is ``f ** 2``;
the cat is alive when that is at least 0.3 of its write, and unwritten when it wrote nothing.
The learned gate is recomputed by a small loop from its documented weights.
"""

import math

from rules_edges import shown

SECTION = "lstm-04-sandbox"

ALIVE = 0.3
WRITE = (0.5, 0.3, 0.1, 0.6, 0.4, 0.2, 0.9, 0.0, 0.3, 0.1, 0.5)
CAT, STOP, IT = 6, 7, 8
PRESETS = ((1.0, 0.0), (0.0, 0.6), (0.5, 0.5), (0.95, 0.5))


def _state(f_after, i):
    if i * WRITE[CAT] == 0:
        return "unwritten"
    share = 1.0
    for f in f_after:
        share *= f
    return "alive" if shown(share, "fmt:2") >= ALIVE else "faded"   # as shown: 0.2996 is 0.30


def _held(f, i):
    return _state([f, f], i)


def _learned_forget(i, o):
    """f_t = sigma(3 + 0.5 h_{t-1} - 3 [t is the full stop]), c_t = f c + i g_t, h_t = o tanh c."""
    c = h = 0.0
    out = []
    for t, g in enumerate(WRITE):
        f = 1.0 / (1.0 + math.exp(-(3.0 + 0.5 * h - (3.0 if t == STOP else 0.0))))
        c = f * c + i * g
        h = o * math.tanh(c)
        out.append(f)
    return out


def _learned(v, p):
    f = _learned_forget(float(p["input"]), float(p["output"]))
    return _state(f[CAT + 1:IT + 1], float(p["input"]))


def _spread(v, p):
    f = _learned_forget(float(p["input"]), float(p["output"]))
    words = [x for t, x in enumerate(f) if t != STOP]
    return "flat" if round(min(words), 2) == round(max(words), 2) else "range"


# Edges (issue 20): the presets (p.empty, p.half, p.long) and the band's ends (sweep.band) are
# fixed constants, so no parameter moves them across a threshold; f^2 against 0.3 (sweep.state,
# learned.const) is tested at f = 0.54, 0.5474 and 0.5477, and i = 0 for "unwritten".
PINS = {
    "gates": {"f": ("forget", "num"), "i": ("input", "num"), "o": ("output", "num")},
    "wipe": {"f": ("preset_forget[1]", "num"), "cc": ("preset_cell[1][6]", "fmt:2"),
             "ci": ("preset_cell[1][8]", "fmt:2")},
    "long": {"f": ("preset_forget[3]", "num"), "i": ("preset_input[3]", "num"),
             "r": ("preset_retention[3]", "fmt:2"), "a": ("alive_fraction", "num")},
    "forget_readout": {"v": ("forget", "dec:2")},
    "retention_readout": {"v": ("cat_retention", "dec:2")},
    "state": {"f": ("forget", "num"), "i": ("input", "num"), "r": ("cat_retention", "fmt:2"),
              "a": ("alive_fraction", "num")},
    "band": {"i": ("band_input", "num"), "b0": ("band_forget[0]", "num"),
             "b1": ("band_forget[1]", "num"), "r0": ("band_retention[0]", "fmt:2"),
             "r1": ("band_retention[1]", "fmt:2")},
    "learned_stop": {"v": ("learned_forget[7]", "fmt:2")},
    "learned_note": {"r": ("learned_retention", "fmt:2")},
}

CHOICES = {
    "p.empty": lambda v, p: "flat" if PRESETS[0][1] == 0 else "moves",
    "p.half": lambda v, p: _held(*PRESETS[2]),
    "p.long": lambda v, p: _held(*PRESETS[3]),
    "sweep.state": lambda v, p: _held(float(p["forget"]), float(p["input"])),
    "sweep.band": lambda v, p: ("alive" if all(_held(f, 0.6) == "alive" for f in (0.6, 0.8))
                                else "faded"),
    "learned.const": lambda v, p: _held(float(p["forget"]), float(p["input"])),
    "learned.gate": _learned,
    "learned.story": _spread,
}
