"""L1 pinned readouts and the rules for its sentences chosen among variants.

The rules recompute each curve's decades from the gradient norms with plain Python (log10 of
the first and last entries), not from the case names mathcore hands the scene.
"""

import math

from rules_edges import shown

SECTION = "lstm-01-why"

FLAT = 1.0   # decades: the band a curve must stay within to read "nearly flat"

# Edges (issue 20): "falls" against "flat" is reached (forget_bias 2.8437 loses 0.970 decades,
# shown 1.0; tests/test_rules_edges.py). "rises" (a gain of a decade or more) is reached by no
# legal parameter we found: over forget biases -5 to 5 and 2 to 120 steps the LSTM loses at
# least 0.017 decades and the RNN (orthogonal x 0.5) at least 0.53; the rule keeps the case.


def _case(norms) -> str:
    d = math.log10(float(norms[-1])) - math.log10(float(norms[0]))
    d = math.copysign(shown(abs(d), "fmt:1"), d)    # as shown: 0.97 decades reads "1.0"
    if d >= FLAT:
        return "falls"
    return "rises" if d <= -FLAT else "flat"


def _rnn(v, p) -> str:
    return _case(v.rnn_grad_norms)


def _lstm(v, p) -> str:
    return _case(v.lstm_grad_norms)


def _turned(v, p) -> str:
    return _case(v.lstm_grad_norms_turned)


PINS = {
    "inbox_step": {"t": ("step_index[2]", "int")},
    "inbox_mean_forget": {"f": ("lstm_mean_forget", "fmt"), "n": ("steps", "int")},
    "rnn_decades": {"d": ("rnn_decades_abs", "fmt:1")},
    "rnn_step_factor": {"r": ("rnn_step_factor", "fmt:2")},
    "lstm_decades": {"d": ("lstm_decades_abs", "fmt:1")},
    "lstm_reach": {"g": ("lstm_reach", "sig")},
    "rnn_reach": {"g": ("rnn_reach", "sig")},
    "turned_bias": {"v": ("bias_sweep[24]", "dec:2")},
    "turned_mean_forget_live": {"v": ("lstm_mean_forget_turned", "dec:3")},
    "base_mean_forget": {"b": ("param.base_forget_bias", "num"),
                         "mf": ("lstm_mean_forget", "fmt")},
    "turned_note": {"d": ("lstm_decades_turned_abs", "fmt:1")},
    "turned_mean_forget": {"mf": ("lstm_mean_forget_turned", "fmt")},
    "turned_sigma": {"b": ("param.forget_bias", "num"), "s": ("turned_gate", "fmt")},
}

def _turn(v, p) -> str:
    """A sweep from the first run's bias to the second's, unless they read the same."""
    same = shown(p["base_forget_bias"], "num") == shown(p["forget_bias"], "num")
    return "same" if same else "sweep"


CHOICES = {
    "turn": _turn,
    "reach.rnn": _rnn,
    "reach.rnn_note": _rnn,
    "reach.lstm": _lstm,
    "reach.lstm_note": _lstm,
    "turn.note": _turned,
    "turn.end": _turned,
}
