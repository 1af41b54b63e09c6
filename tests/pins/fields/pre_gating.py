"""pre-04-gating: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scene at the defaults, then reviewed."""

SECTION = "pre-04-gating"

FIELDS = {
    "cliff.say": {"t0": ("param.start", "num"), "lr": ("lr", "num")},
    "cliff.rule.say": {"tau": ("tau", "num")},
    "cliff.tau": {"tau": ("tau", "num"), "lr": ("lr", "num")},
    "cliff.run.say": {"n": ("param.descent_steps", "int"),
                      "a": ("largest_step_plain", "dec:2"),
                      "cap": ("step_cap", "num"),
                      "b": ("largest_step_clipped", "dec:2")},
    "cliff.end.say": {"n": ("param.descent_steps", "int"),
                      "x": ("theta_plain[*]", "dec:2"), "lx": ("loss_plain[*]", "dec:2"),
                      "y": ("theta_clipped[*]", "dec:2"), "ly": ("loss_clipped[*]", "dec:2")},
    "cliff.hold": {"a": ("largest_step_plain", "dec:2"), "b": ("largest_step_clipped", "dec:2")},
    "circuit.row.gate": {"f": ("row_gates[*]", "num")},
    "circuit.row.rnn": {"s": ("rnn_scale", "num")},
    "circuit.sweep.say": {"k": ("steps", "int"), "d": ("circuit_width", "int"),
                          "fr": ("row_gates[*]", "num"), "fg": ("row_gates[*]", "num"),
                          "ff": ("row_gates[*]", "num"), "s": ("rnn_scale", "num")},
    "circuit.end.say": {"k": ("steps", "int"), "a": ("products[*][*]", "sig"),
                        "b": ("products[*][*]", "sig"), "c": ("products[*][*]", "sig"),
                        "r": ("products[*][*]", "sig")},
    "twin.head.here": {"k": ("steps", "int")},
    "twin.at": {"f": ("row_gates[*]", "num"), "p": ("products[*][*]", "sig")},
    "twin.rows.say": {"r": ("row_gates[*]", "num"), "k": ("steps", "int"),
                      "a": ("products[*][*]", "sig"), "z": ("row_gates[*]", "num"),
                      "b": ("products[*][*]", "sig")},
    "twin.mat": {"a": ("residual_jacobian[*][*]", "dec:2"),
                 "b": ("residual_jacobian[*][*]", "dec:2"),
                 "c": ("residual_jacobian[*][*]", "dec:2"),
                 "d": ("residual_jacobian[*][*]", "dec:2")},
    "twin.gap": {"g": ("residual_gap", "dec:2")},
    "twin.num.say": {"g": ("residual_gap", "dec:2")},
    "table.count.say": {"g": ("gate_count.gru", "int"), "l": ("gate_count.lstm", "int")},
    "table.hold": {"g": ("gate_count.gru", "int"), "l": ("gate_count.lstm", "int")},
    "cells.gru": {"gs": ("state_count.gru", "int"), "gg": ("gate_count.gru", "int")},
    "cells.lstm": {"ls": ("state_count.lstm", "int"), "lg": ("gate_count.lstm", "int")},
    "name.rnn": {"m": ("reach_rnn", "int")},
    "name.gate": {"f": ("row_gates[*]", "num"), "n": ("reach_remember", "int")},
    "name.reach.say": {"m": ("reach_rnn", "int"), "f": ("row_gates[*]", "num"),
                       "n": ("reach_remember", "int")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "theta_plain[*]": "dec:2",
    "theta_clipped[*]": "dec:2",
    "theta_plain_end": {"v": ("theta_plain[*]", "dec:2")},
    "theta_clipped_end": {"v": ("theta_clipped[*]", "dec:2")},
    "sweep_k[*]": "dec:0",
    "steps_shown": {"v": ("steps", "dec:0")},
    "products[*][*]": "sig",
    "final_product_0": {"v": ("products[*][*]", "sig")},
    "final_product_1": {"v": ("products[*][*]", "sig")},
    "final_product_2": {"v": ("products[*][*]", "sig")},
    "final_product_3": {"v": ("products[*][*]", "sig")},
}

VARIANTS = {
}

UNREACHABLE = {
}
