"""P4 pinned readouts. P4 chooses no sentence among variants: every sentence states its
numbers, so no rule is needed (CHOICES is empty)."""

SECTION = "pre-04-gating"

PINS = {
    "longest_steps": {"a": ("largest_step_plain", "dec:2"), "b": ("largest_step_clipped", "dec:2")},
    "theta_plain_end": {"v": ("theta_plain[15]", "dec:2")},
    "theta_clipped_end": {"v": ("theta_clipped[15]", "dec:2")},
    "steps_shown": {"v": ("steps", "dec:0")},
    "final_product_0": {"v": ("products[60][0]", "sig")},
    "final_product_1": {"v": ("products[60][1]", "sig")},
    "final_product_2": {"v": ("products[60][2]", "sig")},
    "final_product_3": {"v": ("products[60][3]", "sig")},
    "extreme_keep": {"f": ("row_gates[0]", "num"), "p": ("products[60][0]", "sig")},
    "extreme_wipe": {"f": ("row_gates[2]", "num"), "p": ("products[60][2]", "sig")},
    "residual_jacobian": {"a": ("residual_jacobian[0][0]", "dec:2"),
                          "b": ("residual_jacobian[0][1]", "dec:2"),
                          "c": ("residual_jacobian[1][0]", "dec:2"),
                          "d": ("residual_jacobian[1][1]", "dec:2")},
    "residual_gap": {"g": ("residual_gap", "dec:2")},
    "gate_counts": {"g": ("gate_count.gru", "int"), "l": ("gate_count.lstm", "int")},
    "gru_counts": {"gs": ("state_count.gru", "int"), "gg": ("gate_count.gru", "int")},
    "lstm_counts": {"ls": ("state_count.lstm", "int"), "lg": ("gate_count.lstm", "int")},
    "reach_rnn": {"m": ("reach_rnn", "int")},
    "reach_remember": {"f": ("row_gates[0]", "num"), "n": ("reach_remember", "int")},
}

CHOICES = {}
