"""§03 pinned readouts and the rules for its sentences chosen among variants.

The rules are written from the parameters with plain Python (powers, the §02 chain as the
tests read it from §02's own values), not from the scene or from the variant names mathcore
hands the scene.
"""

import math

from rules_edges import shown

SECTION = "primer-03-gates"

THRESHOLD = 0.01


def _crossing(curve) -> str:
    below = [k for k, x in enumerate(curve) if x < THRESHOLD]
    if not below:
        return "never"
    return "stays" if all(x < THRESHOLD for x in curve[below[0]:]) else "returns"


def _forget_crossing(v, p) -> str:
    return _crossing([float(p["forget"]) ** k for k in range(p["steps"] + 1)])


def _rnn_crossing(v, p) -> str:
    # the running product of §02's hop factors tanh'(z_t) w_h, a leading 1, at rnn_w_h
    from scenes.registry import get
    s02 = get("primer-02-vanishing")
    chain = s02.values(s02.resolve({"w_h": p["rnn_w_h"], "chain_length": max(10, p["steps"]),
                                    "chain_seed": p["chain_seed"],
                                    "chain_scale": p["chain_scale"], "activation": "tanh"}))
    prod, curve = 1.0, [1.0]
    for f in chain.hop_factors[: p["steps"]]:
        prod *= float(f)
        curve.append(prod)
    return _crossing(curve)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _bias_side(v, p) -> str:
    """The sentence says the fix keeps more ("below") or less ("above") of the cell after
    ``bias_steps`` steps than ``forget_bias`` does: compare the two retentions themselves."""
    b, fix, n = float(p["forget_bias"]), float(p["bias_fix"]), int(p["bias_steps"])
    if shown(b, "num") == shown(fix, "num"):          # the same bias as shown: the fix itself
        return "equal"
    kept_b, kept_fix = shown(_sigmoid(b) ** n, "fmt"), shown(_sigmoid(fix) ** n, "fmt")
    if kept_b == kept_fix:                              # different biases, the same digits kept
        return "same"
    return "below" if kept_fix > kept_b else "above"


def _bias_fix(v, p) -> str:
    """Jozefowicz et al. 2015 recommend 1: the "usual fix" sentence only when it is that."""
    return "recommended" if math.isclose(float(p["bias_fix"]), 1.0, abs_tol=5e-4) else "other"


PINS = {
    "path_cell": {"v": ("path_cell[7]", "dec:3")},
    "path_rnn_state": {"v": ("path_rnn_states[7]", "dec:3")},
    "path_cell_product": {"p": ("path_cell_product[6]", "fmt")},
    "track_cell_end": {"v": ("track_empty_input_cell", "dec:2")},
    "track_written_end": {"v": ("track_sweep_written[160]", "dec:2")},
    "gru_cell": {"v": ("gru_cell", "dec:2")},
    "lstm_both_cell": {"v": ("lstm_both_cell", "fmt:2")},
    "forget_readout": {"v": ("forget", "dec:2")},
    "steps": {"v": ("steps", "dec:0")},
    "forget_product": {"v": ("forget_product", "sig")},
    "rnn_product": {"v": ("rnn_product", "sig")},
    "forget_note": {"thr": ("threshold", "num"), "k": ("steps", "count"),
                    "s": ("forget_below_0_01_step", "int")},
    "rnn_note": {"thr": ("threshold", "num"), "k": ("steps", "count"),
                 "s": ("rnn_below_0_01_step", "int")},
    "bias_at": {"b": ("param.forget_bias", "num"), "g": ("bias_gate", "fmt"),
                "r": ("bias_retention", "fmt")},
    "bias_at_fix": {"b": ("param.bias_fix", "num"), "g": ("bias_gate_at_fix", "fmt"),
                    "r": ("bias_retention_at_fix", "fmt")},
    "bias_gate_readout": {"v": ("bias_gate_at_fix", "dec:3")},
    "bias_fix_readout": {"v": ("param.bias_fix", "dec:2")},
}

def _gru_side(v, p) -> str:
    """An LSTM step with f = i = 1 holds c + g; a GRU step, a weighted average of c and g,
    holds at most the larger: the LSTM holds more unless one of them is 0, or so near 0 that
    the two show the same two decimals (decided on the numbers as displayed)."""
    c, g = float(p["track_c_prev"]), float(p["track_candidate"])
    return "less" if shown(c + g, "fmt:2") > shown(max(c, g), "fmt:2") else "same"


CHOICES = {
    "gru.cmp": _gru_side,
    "curve.f": _forget_crossing,
    "curve.fnote": _forget_crossing,
    "curve.rnn": _rnn_crossing,
    "curve.rnote": _rnn_crossing,
    "bias.cmp": _bias_side,
    "bias.fix": _bias_fix,
}
