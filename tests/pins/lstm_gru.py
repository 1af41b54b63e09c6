"""L6 pinned readouts (no sentence here is chosen among variants: the comparison's counts are
bound values and no sentence states a crossing)."""

SECTION = "lstm-06-gru"

PINS = {
    "reset": {"v": ("reset", "dec:2")},
    "update": {"v": ("update", "dec:2")},
    "candidate": {"v": ("candidate", "dec:2")},
    "hidden": {"v": ("hidden", "dec:2")},
    "mix": {"w": ("write_share", "fmt:2"), "n": ("candidate", "paren:2"),
            "z": ("keep_share", "fmt:2"), "hp": ("h_prev", "paren:2"), "h": ("hidden", "fmt:2")},
    "keep_readout": {"v": ("keep_share", "dec:2")},
    "write_readout": {"v": ("write_share", "dec:2")},
    "sum_readout": {"v": ("share_sum", "dec:2")},
    "x_readout": {"v": ("x", "dec:2")},
    "hidden_readout": {"v": ("hidden", "dec:2")},
    "bar_result": {"x": ("x", "num"), "k": ("keep_share", "fmt:2"), "w": ("write_share", "fmt:2"),
                   "h": ("hidden", "fmt:2")},
    "groups_gru": {"n": ("gru_groups", "int"), "p": ("fewer_percent", "int")},
    "params_lstm": {"n": ("lstm_params", "count")},
    "params_gru": {"n": ("gru_params", "count")},
}

CHOICES: dict = {}
