"""P7 pinned readouts and the rules that choose its sentences, decided from the raw arrays and
by searching again (the model loaded from the training cache, the sample drawn anew), not from
the summaries mathcore hands the scene, on the numbers as displayed."""

from functools import lru_cache

import numpy as np
import sacrebleu
from rules_edges import shown

from mathcore.prehistory import translate as T

SECTION = "pre-07-seq2seq"

PINS = {
    "source": {"v": ("example_text.en", "str")},
    "log_p": {"lp": ("example_log_p", "fmt:2")},
    "example_log_probs[0]": {"v": ("example_log_probs[0]", "dec:2")},
    "final_loss": {"v": ("final_loss", "fmt:3")},
    "epochs": {"v": ("epochs", "int")},
    "acc_last": {"v": ("acc_last", "fmt:0")},
    "fall": {"lh": ("half_len", "int")},
    "beam_output": {"o": ("beam_output", "str"), "s": ("beam_score", "fmt:2")},
    "bias_ref": {"lp": ("bias.ref_log_p", "fmt:2")},
    "bias_short": {"lp": ("bias.short_log_p", "fmt:2")},
    "bias_long": {"a": ("alpha", "num"), "lp": ("bias.long_log_p", "fmt:2")},
    "bias.short": {"v": ("bias.short", "str")},
    "failures[0].log_p_ref": {"v": ("failures[0].log_p_ref", "fmt:2")},
    "failures[0].log_p_out": {"v": ("failures[0].log_p_out", "fmt:2")},
    "count": {"m": ("n_model", "int"), "s": ("n_search", "int")},
    "bp": {"bp": ("bleu.brevity_penalty", "fmt:3")},
    "bleu": {"b": ("bleu.bleu", "fmt:1")},
    "page_formula": {"g": ("bleu.page_formula", "fmt:3")},
}


def _model(p):
    return T.train_translator("en", False, int(p["hidden"]), int(p["epochs"]), int(p["seed"]))


@lru_cache(maxsize=16)
def _sample(hidden, epochs, seed, beam_width, alpha, sample_seed):
    """Per sample string: (output length at alpha 0, at alpha, log P(y*), log P(ŷ), wrong)."""
    tr = T.train_translator("en", False, hidden, epochs, seed)
    rows = []
    for pair in T.make_pairs("en", 30, sample_seed, 3, 24):
        a = T.beam_search(tr, pair.src, beam_width, alpha)
        z = T.beam_search(tr, pair.src, beam_width, 0.0)
        wrong = a.output != pair.tgt
        rows.append((len(z.output), len(a.output),
                     T.log_prob(tr, pair.src, pair.tgt) if wrong else 0.0,
                     T.log_prob(tr, pair.src, a.output) if wrong else 0.0, wrong))
    return rows


def _rows(p):
    return _sample(int(p["hidden"]), int(p["epochs"]), int(p["seed"]), int(p["beam_width"]),
                   float(p["alpha"]), int(p["sample_seed"]))


def _alpha_off(p):
    return shown(p["alpha"], "num") == 0.0


def _fall(v, p):
    """Some length's accuracy (whole percents) below half of the shortest length's."""
    acc = np.asarray(v.accuracy)
    return "falls" if (acc < acc[0] / 2).any() else "holds"


def _greedy(v, p):
    if int(p["beam_width"]) == 1:
        return "itself"
    tr = _model(p)
    g = T.beam_search(tr, v.example.src, 1, float(p["alpha"])).output
    return "same" if g == v.beams.output else "differs"


def _bias(v, p):
    if _alpha_off(p):
        return "off"
    return "found" if any(z < a for z, a, *_ in _rows(p)) else "none"


def _blame(ref, out):
    return "search" if shown(ref, "fmt:2") > shown(out, "fmt:2") else "model"


def _verdict(v, p):
    wrong = [r for r in _rows(p) if r[4]]
    if not wrong:
        return "none"
    who = {_blame(r[2], r[3]) for r in wrong}
    return who.pop() if len(who) == 1 else "both"


def _who(i):
    def rule(v, p):
        wrong = [r for r in _rows(p) if r[4]]
        return _blame(wrong[i][2], wrong[i][3])
    return rule


def _geo(v, p):
    score = sacrebleu.corpus_bleu([p["candidate"]], [[p["reference"]]], tokenize="none",
                                  smooth_method="none", force=True).score
    return "zero" if score == 0 else "nonzero"


CHOICES = {
    "neck.fall": _fall,
    "neck.end": _fall,
    "beam.greedy": _greedy,
    "beam.norm": lambda v, p: "off" if _alpha_off(p) else "on",
    "beam.bias": _bias,
    "attr.fail": lambda v, p: "some" if any(r[4] for r in _rows(p)) else "none",
    "attr.verdict": _verdict,
    **{f"attr.who{i}": _who(i) for i in range(4)},
    "bleu.bp": lambda v, p: ("short" if len(p["candidate"].split()) < len(p["reference"].split())
                             else "long"),
    "bleu.geo": _geo,
}
