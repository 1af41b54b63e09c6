"""P8 pinned readouts and the rules that choose its sentences, written from the raw arrays.

The rules read the model's own outputs (the greedy tokens, the α matrix, the accuracy arrays),
not the summaries mathcore hands the scene (``focus_top_pos``, ``ended``), and decide on the
numbers as displayed (``fmt:2`` for accuracies).
"""

import numpy as np

SECTION = "pre-08-bahdanau"

PINS = {
    "focus_step": {"t": ("focus_pos", "int"), "tok": ("focus_token", "str")},
    "alpha_sum": {"s": ("focus_sum", "fmt")},
    "focus_scores[4]": {"v": ("focus_scores[4]", "fmt:2")},
    "focus_alpha[4]": {"v": ("focus_alpha[4]", "fmt:2")},
    "agree": {"m": ("agree_count", "int"), "n": ("out_len", "int")},
    "sample": {"p": ("sample_pairs", "int"), "m": ("sample_agree", "int"),
               "n": ("sample_total", "int")},
    "acc_at_last": {"l": ("last_length", "int"), "c": ("right_attn[-1]", "int"),
                    "b": ("right_plain[-1]", "int"), "n": ("eval_n", "int")},
    "scores": {"tx": ("src_len", "int"), "st": ("steps", "int"), "s": ("scores", "count")},
    "out[0]": {"v": ("out[0]", "str")},
}


def _focus(v):
    """The first beat's step: the middle of the tokens both the output and the reference have."""
    return min(len(v.out), len(v.tgt)) // 2


def _context(v, p):
    """The focus step's largest weight on the source position its token is read from."""
    f = _focus(v)
    return "on" if int(np.argmax(v.alpha[f])) == v.align[f] else "off"


def _ended(v, p):
    """The greedy output reached the end marker: one α row more than output tokens."""
    return "ended" if np.asarray(v.alpha).shape[0] == len(v.out) + 1 else "cut"


def _plain(v, p):
    """Strings right at the last length fewer than at the first (counts of eval_n)."""
    a = np.asarray(v.acc_plain) * p["eval_n"]
    return "falls" if round(a[-1]) < round(a[0]) else "holds"


def _attn(v, p):
    """With attention, more strings right at the last length than without."""
    a, b = np.asarray(v.acc_attn) * p["eval_n"], np.asarray(v.acc_plain) * p["eval_n"]
    return "above" if round(a[-1]) > round(b[-1]) else "not_above"


CHOICES = {
    "context": _context,
    "map": lambda v, p: "right" if tuple(v.out) == tuple(v.tgt) else "wrong",
    "map.end": _ended,
    # most fresh outputs put their largest weight on the word they come from
    "map.sample": lambda v, p: "grown" if v.sample_agree / v.sample_total > 0.5 else "none",
    "cost": _ended,
    "acc.plain": _plain,
    "acc.attn": _attn,
}
