"""§01 pinned readouts and the rule for its one sentence chosen among variants."""

from rules_edges import shown

SECTION = "primer-01-recurrence"

PINS = {
    "final_state": {"t": ("hops", "int"), "h": ("final_state", "fmt")},
    "slope_at_start": {"z": ("param.tangent_z[0]", "num"), "s": ("tangent_slope[0]", "fmt")},
    "slope_at_end": {"z": ("param.tangent_z[1]", "num"), "s": ("tangent_slope[1]", "fmt")},
    "slope_readout": {"v": ("tangent_slope[1]", "dec:3")},
    "final_state_at_zero": {"v": ("sweep_states[60][7]", "dec:3")},
    "hops": {"hops": ("hops", "int")},
    "count_recurrent": {"v": ("count.recurrent", "count")},
    "count_input": {"v": ("count.input", "count")},
    "count_bias": {"v": ("count.bias", "count")},
    "count_total": {"v": ("count.total", "count")},
    "count_width": {"d": ("count_width", "count")},
    "count_length": {"v": ("count_sweep_n[95]", "count")},
}



def _sweep(v, p):
    # the W_h drag goes from W_h to 0: none when W_h already reads 0
    return "same" if shown(p["w_h"], "num") == 0 else "sweep"


CHOICES = {"sweep": _sweep}
