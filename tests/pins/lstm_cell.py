"""L2 pinned readouts and the rules for its sweeps' sentences."""

from rules_edges import shown

SECTION = "lstm-02-cell"

PINS = {
    "table_f": {"v": ("f", "fmt")},
    "table_i": {"v": ("i", "fmt")},
    "table_g": {"v": ("g", "fmt")},
    "table_o": {"v": ("o", "fmt")},
    "table_inputs": {"x": ("param.x", "num"), "h": ("param.h_prev", "num")},
    "cell_f": {"v": ("f", "dec:3")},
    "cell_i": {"v": ("i", "dec:3")},
    "cell_g": {"v": ("g", "dec:3")},
    "cell_o": {"v": ("o", "dec:3")},
    "cell_kept": {"v": ("kept", "dec:3")},
    "cell_written": {"v": ("written", "dec:3")},
    "cell_c": {"v": ("c", "dec:3")},
    "cell_tanh_c": {"v": ("tanh_c", "dec:3")},
    "cell_h": {"v": ("h", "dec:3")},
    "cell_x": {"v": ("param.x", "dec:3")},
    "cell_h_prev": {"v": ("param.h_prev", "dec:3")},
    "cell_c_prev": {"v": ("param.c_prev", "dec:3")},
    "x_gate_span": {"lo": ("sweep_lo", "num"), "hi": ("sweep_hi", "num"),
                    "sg": ("x_sweep_sigmoid_span", "fmt"),
                    "sc": ("x_sweep_candidate_span", "fmt")},
    "c_gate_span": {"lo": ("sweep_lo", "num"), "hi": ("sweep_hi", "num"),
                    "s": ("c_sweep_gate_span", "fmt")},
}



def _start(name):
    # a sweep goes start -> low end -> high end -> start: no first leg when start reads the low
    # end, no leg back when it reads the high end
    def rule(v, p):
        if shown(p[name], "num") == shown(v.sweep_lo, "num"):
            return "at_lo"
        return "at_hi" if shown(p[name], "num") == shown(v.sweep_hi, "num") else "away"
    return rule


CHOICES = {"sweep_x": _start("x"), "sweep_c": _start("c_prev")}
