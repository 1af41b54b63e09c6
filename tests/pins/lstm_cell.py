"""L2 pinned readouts (no sentence here is chosen among variants)."""

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
                    "s": ("x_sweep_gate_span", "fmt")},
    "c_gate_span": {"lo": ("sweep_lo", "num"), "hi": ("sweep_hi", "num"),
                    "s": ("c_sweep_gate_span", "fmt")},
}

CHOICES: dict = {}
