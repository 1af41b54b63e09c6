"""L3 pinned readouts and the rules for its sentences chosen among variants.

The rules read the numbers (the parameters, or the demo trace's gates and writes) and decide
with plain comparisons, not with the variant names mathcore hands the scene.
"""

from rules_edges import shown

SECTION = "lstm-03-conveyor"


def _share(f: float, spec: str = "num") -> str:
    """The share kept by f as f is shown: 0.9996 shows "1", all of it stays."""
    f = shown(f, spec)
    if f >= 1.0:
        return "all"
    if f > 0.5:
        return "more"
    if f == 0.5:
        return "half"
    return "less" if f > 0.0 else "none"


def _write(w: float) -> str:
    """Deposit, withdrawal or no entry, as i g is shown (``fmt:2``: 0.004 is "0.00")."""
    w = shown(w, "fmt:2")
    return "deposit" if w > 0 else ("withdrawal" if w < 0 else "none")


def _focus_write(v, p):
    w, s = v.focus_word, v.focus_slot
    return _write(float(v.input[w, s] * v.candidate[w, s]))


def _others(v, p):
    f = [float(v.forget[t, j]) for t in range(v.forget.shape[0]) for j in range(v.forget.shape[1])
         if (t, j) != (v.focus_word, v.focus_slot)]
    return "more" if min(f) > 0.5 else "mixed"


def _growth(v, p):
    ends = [abs(float(x)) for x in v.focus_1997[7::8]]
    return "grows" if all(b > a for a, b in zip(ends, ends[1:])) else "not"


def _station(n, kind):
    def rule(v, p):
        t, s = int(v.station_words[n]) - 1, v.focus_slot     # the word counted from 1
        if kind == "share":
            return _share(float(v.forget[t, s]), "fmt:2")
        return _write(float(v.input[t, s] * v.candidate[t, s]))
    return rule


PINS = {
    "focus_forget": {"v": ("forget[6][1]", "dec:2")},
    "focus_cell": {"v": ("cell[6][1]", "dec:2")},
    "example": {"w": ("focus_word_number", "int"), "s": ("focus_slot_number", "int"),
                "f": ("focus_forget", "fmt:2"), "old": ("focus_old", "fmt:2"),
                "kept": ("focus_kept", "fmt:2"), "wr": ("focus_written_abs", "fmt:2"),
                "new": ("focus_new", "fmt:2")},
    "station_last_new": {"v": ("station_new[2]", "dec:2")},
    "station_last_write": {"w": ("station_written[2]", "fmt:2")},
    "forget_readout": {"v": ("forget_param", "dec:2")},
    "kept": {"v": ("kept_param", "dec:2")},
    "new": {"v": ("new_param", "dec:2")},
    "share": {"f": ("forget_param", "num")},
    "write": {"w": ("written_param", "fmt:2"), "new": ("new_param", "fmt:2")},
    "end_1997": {"c": ("end_1997", "fmt:2"), "t": ("end_tanh_1997", "fmt:4")},
    "gated_bound": {"b": ("gated_bound", "fmt:2")},
}

CHOICES = {
    "example": _focus_write,
    "run.others": _others,
    "nof.story": _growth,
    "nof.verdict": _growth,
    "bal.share": lambda v, p: _share(float(p["forget"])),
    "bal.write": lambda v, p: _write(float(p["written"])),
    **{f"st{n}.{kind}": _station(n, kind) for n in range(3) for kind in ("share", "write")},
}
