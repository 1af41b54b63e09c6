"""P7 values: BLEU against sacrebleu and a hand-worked case, the accuracy curve's summaries,
the beam record, the bias and the failures re-found from the model, pinned figures."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sacrebleu

from mathcore.prehistory import seq2seq as S
from mathcore.prehistory import translate as T
from scenes.prehistory.registry import SECTIONS

DEFAULTS = next(s for s in SECTIONS if s.id == "pre-07-seq2seq").schema.defaults()


@pytest.fixture(scope="module")
def v():
    return S.seq2seq_values(DEFAULTS)


PAIRS = [
    ("7 7 7 2 9 4 1", "7 2 9 4 1 8"),
    ("the the the the", "the cat is on the mat"),
    ("the cat sat on the mat", "the cat sat on the mat"),
    ("a b c d e f g h", "a b c d x f g h i j"),
    ("4 7 2 9 1 3 5", "4 7 2 9 9 1 3 5"),
    ("7", "7"),
    ("one two", "one two three four five"),
    ("x y z w v", "a b c"),
]


@pytest.mark.parametrize("cand, ref", PAIRS)
def test_bleu_matches_sacrebleu(cand, ref):
    b = S.bleu(cand, ref)
    s = sacrebleu.corpus_bleu([cand], [[ref]], tokenize="none", smooth_method="none", force=True)
    assert b.bleu == pytest.approx(s.score, abs=1e-9)
    assert b.brevity_penalty == pytest.approx(s.bp, abs=1e-12)
    assert list(b.matches) == list(s.counts) and list(b.totals) == list(s.totals)
    assert np.allclose(100 * b.precisions, s.precisions)


def test_bleu_by_hand():
    """7 7 7 2 9 4 1 against 7 2 9 4 1 8: the three 7s count once (clipped)."""
    b = S.bleu("7 7 7 2 9 4 1", "7 2 9 4 1 8")
    assert list(b.matches) == [5, 4, 3, 2] and list(b.totals) == [7, 6, 5, 4]
    assert b.brevity_penalty == 1.0                       # 7 tokens against 6: not short
    want = 100 * math.exp((math.log(5 / 7) + math.log(4 / 6) + math.log(3 / 5) + math.log(2 / 4)) / 4)
    assert b.bleu == pytest.approx(want)
    assert b.page_formula == pytest.approx(math.exp((5 / 7 + 4 / 6 + 3 / 5 + 2 / 4) / 4))
    short = S.bleu("7 2 9", "7 2 9 4 1 8")
    assert short.brevity_penalty == pytest.approx(math.exp(1 - 6 / 3)) and short.zero
    assert short.bleu == 0.0 and short.totals[3] == 0 and short.precisions[3] == 0.0


def test_page_formula_is_never_below_one():
    for cand, ref in PAIRS:
        assert S.bleu(cand, ref).page_formula >= 1.0


def test_accuracy_summaries(v):
    acc = v.accuracy
    assert acc.shape == (len(S.LENGTHS),) and np.all(acc == np.round(acc))   # whole percents
    assert v.acc_first == acc[0] and v.acc_last == acc[-1]
    below = [L for L, a in zip(v.lengths, acc) if a < acc[0] / 2]
    assert v.half_len == (below[0] if below else None)
    # the pinned curve of the default model: all right at 3 digits, below half from 9, 1% at
    # 14 and 16, none at 15 and from 17 on
    assert acc[0] == 100.0 and v.half_len == 9 and np.all(acc[14:] == 0.0)
    assert list(acc[11:14]) == [1.0, 0.0, 1.0]
    direct = T.accuracy_by_length(S.model(DEFAULTS), [3, 10], S.N_PER_LENGTH,
                                  DEFAULTS["sample_seed"])
    assert list(100 * direct) == [acc[0], acc[7]]


def test_example_and_beams(v):
    tr = S.model(DEFAULTS)
    assert v.example_log_p == pytest.approx(T.log_prob(tr, v.example.src, v.example.tgt))
    assert v.example_log_probs.shape == (len(v.example.tgt) + 1,)
    assert v.example_text["zh"].split() == [T.DIGIT_WORDS["zh"][int(d)] for d in v.example.tgt]
    assert v.example_greedy == "".join(T.greedy(tr, v.example.src))
    assert v.beam_output == "".join(v.beams.output)
    for t, step in enumerate(v.beams.steps):
        assert len(v.beam_rows[t]) == len(step.kept)
        assert np.allclose(v.beam_logp[t, :len(step.kept)], [b.log_p for b in step.kept])
    # pinned: the default example and its beams
    assert v.example_text["en"] == "four five seven nine zero one"
    assert v.beam_output == "457901" and v.beam_rows[0] == ("4", "9", "7")
    assert round(v.example_log_p, 2) == -0.19


def test_bias_and_failures_refound(v):
    tr = S.model(DEFAULTS)
    sample = T.make_pairs("en", S.N_SAMPLE, DEFAULTS["sample_seed"], S.SAMPLE_MIN, S.SAMPLE_MAX)
    B, a = DEFAULTS["beam_width"], DEFAULTS["alpha"]
    n_bias, fails = 0, []
    for pair in sample:
        r0, ra = T.beam_search(tr, pair.src, B, 0.0), T.beam_search(tr, pair.src, B, a)
        n_bias += len(r0.output) < len(ra.output)
        if ra.output != pair.tgt:
            fails.append((T.log_prob(tr, pair.src, pair.tgt), T.log_prob(tr, pair.src, ra.output)))
    assert v.bias_count == n_bias and v.n_failures == len(fails)
    assert v.n_search == sum(round(r, 2) > round(o, 2) for r, o in fails)
    assert v.n_search + v.n_model == v.n_failures
    b = v.bias
    assert b["short_len"] < b["long_len"] and b["short_log_p"] > b["long_log_p"]
    assert b["short_score"] < b["long_score"]                 # α > 0 reverses the ranking
    # pinned: 3 of 30 strings show the bias; 24 failures, all the model's
    assert (n_bias, len(fails), v.n_search) == (3, 24, 0)
    f = v.failures[0]
    assert f.log_p_ref == pytest.approx(T.log_prob(tr, f.src, f.ref))
    assert f.log_p_ref < f.log_p_out


def test_shown_lengths_and_training(v):
    assert (v.hidden, v.epochs, v.clip, v.train_min_len, v.train_max_len) == (64, 50, 5.0, 3, 24)
    assert v.train_losses.shape == (50,) and v.final_loss == v.train_losses[-1]
    assert v.train_losses[-1] < v.train_losses[0]


def test_default_model_trained_fresh_equals_the_cached_one():
    cached = S.model(DEFAULTS)
    fresh = T.train_translator("en", False, DEFAULTS["hidden"], DEFAULTS["epochs"],
                               DEFAULTS["seed"], fresh=True)
    assert cached.params.keys() == fresh.params.keys()
    for k in cached.params:
        assert np.array_equal(cached.params[k], fresh.params[k]), k
    assert np.array_equal(cached.train_losses, fresh.train_losses)
