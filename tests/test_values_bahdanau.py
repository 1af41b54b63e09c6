"""P8 values: the shared models at P7's defaults, the additive scores against torch, the weights
as a distribution, the learned alignment against the task's known one, the accuracy curves and
the score counts by hand, and a model trained afresh equal to the cached one bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from mathcore import train_cache
from mathcore.prehistory import bahdanau, translate
from scenes.registry import get

SECTION = "pre-08-bahdanau"


def values(**over):
    s = get(SECTION)
    return s.values(s.resolve(over))


def test_defaults_are_p7s_shared_models():
    v = values()
    assert (v.hidden, v.epochs, v.seed) == tuple(translate.DEFAULT_ATTENTION[k] for k in
                                                 ("hidden", "epochs", "seed"))
    assert (v.plain_hidden, v.epochs, v.seed) == tuple(translate.DEFAULT_PLAIN[k] for k in
                                                       ("hidden", "epochs", "seed"))
    assert (v.train_min, v.train_max) == (3, 24)
    np.testing.assert_array_equal(v.lengths, np.arange(3, 25))


def test_example_at_defaults():
    """The example (seed 3, 8 words) is written right; 7 of its 8 digits put their largest
    weight on their own word (the third digit's step leans on the second word, 0.46 against
    0.43); the focus step is the fifth."""
    v = values()
    assert v.src_en == ("eight", "zero", "one", "two", "one", "eight", "eight", "five")
    assert v.src_zh == ("八", "零", "一", "二", "一", "八", "八", "五")
    assert v.out_text == v.tgt_text == "80121885" and v.out_ok and v.ended
    np.testing.assert_array_equal(v.argmax, [0, 1, 1, 3, 4, 5, 6, 7])
    assert v.agree_count == 7 and v.out_len == 8 and v.steps == 9 and v.scores == 72
    assert (v.focus, v.focus_pos, v.focus_token) == (4, 5, "1")
    assert (v.focus_top_pos, v.focus_known_pos) == (5, 5)
    assert v.focus_top_weight == pytest.approx(0.5636, abs=5e-4)


def test_weights_are_a_distribution():
    v = values()
    assert v.alpha_min >= 0 and v.focus_alpha_min >= 0
    np.testing.assert_allclose(v.alpha.sum(axis=1), 1.0, atol=1e-12)
    assert v.row_sum_err < 1e-12
    assert v.focus_sum == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(v.focus_alpha, v.alpha[v.focus], rtol=0, atol=1e-12)


def test_additive_scores_match_torch_and_the_models_weights():
    """e_j = v^T tanh(W s + U h_j) recomputed in torch from the weights; its softmax is the
    α that translate.decode_step returns at the focus step (the decoder walked by hand)."""
    torch = pytest.importorskip("torch")
    v = values()
    tr = translate.train_translator("en", True, v.hidden, v.epochs, v.seed)
    p = {k: torch.tensor(np.asarray(a)) for k, a in tr.params.items()}
    s = torch.tensor(v.states[v.focus])
    H = torch.tensor(v.enc)
    e = torch.tanh(p["att_w"] @ s + H @ p["att_u"].T) @ p["att_v"]
    np.testing.assert_allclose(v.focus_scores, e.numpy(), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(v.focus_alpha, torch.softmax(e, 0).numpy(), atol=1e-12)
    # the state before the focus step, walked with decode_step along the output
    H2 = translate.encode(tr, v.src_en)
    st, prev = H2[-1], translate.EOS
    for tok in v.out[:v.focus]:
        _, st, _ = translate.decode_step(tr, st, prev, H2)
        prev = tok
    np.testing.assert_allclose(st, v.states[v.focus], atol=1e-12)
    _, _, a = translate.decode_step(tr, st, prev, H2)
    np.testing.assert_allclose(a, v.focus_alpha, atol=1e-12)


def test_learned_alignment_matches_the_known_one():
    """The task's alignment is the diagonal (output token i reads source word i). On 60 fresh
    strings of trained lengths, the largest weight of at least 85% of the output tokens sits on
    the word they are read from; the agreement is counted by hand here."""
    v = values()
    tr = translate.train_translator("en", True, v.hidden, v.epochs, v.seed)
    pairs = translate.make_pairs("en", bahdanau.SAMPLE_PAIRS, bahdanau.SAMPLE_SEED, 3, 24)
    agree = total = 0
    for pr in pairs:
        a = translate.alignment(tr, pr.src)
        out = translate.greedy(tr, pr.src)
        for i in range(len(out)):
            total += 1
            agree += i < len(pr.tgt) and int(np.argmax(a[i])) == i
    assert (agree, total) == (v.sample_agree, v.sample_total) == (732, 812)
    assert agree / total > 0.85


def test_accuracy_curves():
    """Exact match of the greedy outputs: the fixed vector (64 numbers) falls from 100 of 100 at
    3 words to none from 17 on (1 at 14, none at 15, 1 at 16); with attention (32 numbers) it
    stays at or above 76 of 100, its lowest at 24 words."""
    v = values()
    plain = translate.train_translator("en", False, v.plain_hidden, v.epochs, v.seed)
    np.testing.assert_array_equal(
        v.acc_plain, translate.accuracy_by_length(plain, v.lengths, v.eval_n, v.sample_seed))
    assert v.acc_plain[0] == 1.0 and np.all(v.acc_plain[14:] == 0.0)
    assert tuple(v.right_plain[11:14]) == (1, 0, 1)
    assert v.acc_attn.min() >= 0.76 and v.acc_attn[-1] == pytest.approx(0.76)
    # each entry is a count of eval_n strings
    np.testing.assert_allclose(v.acc_attn * v.eval_n, np.round(v.acc_attn * v.eval_n))


def test_the_curve_without_attention_is_pre07s_curve():
    """One model, one evaluation: with both sections' defaults, P8's fixed-vector model is P7's
    (same width, epochs, seed) and its curve is P7's, string for string (100 per length, the
    same seed), so the two sections never show two different counts for the same model."""
    from mathcore.prehistory import seq2seq
    from scenes.registry import get

    v7 = seq2seq.seq2seq_values(get("pre-07-seq2seq").schema.defaults())
    v = values()
    assert (v.plain_hidden, v.epochs, v.seed) == (v7.hidden, v7.epochs, v7.seed)
    np.testing.assert_array_equal(v.lengths, v7.lengths)
    np.testing.assert_array_equal(100.0 * v.right_plain / v.eval_n, v7.accuracy)


def test_score_counts_by_hand():
    v = values()
    assert v.scores == v.src_len * v.steps == 8 * 9
    np.testing.assert_array_equal(v.cost_scores, [n * (n + 1) for n in range(3, 25)])
    assert np.all(np.diff(v.cost_scores) > 0)
    assert (v.cost_scores[0], v.cost_scores[-1]) == (12, 600)


def test_an_untrained_model_is_cut_at_the_length_limit():
    """One epoch: the greedy output never writes the end marker; the steps count to the limit
    (2 T_x + 2 tokens, then one step more), with no end-marker row."""
    v = values(epochs=1)
    assert not v.ended and v.alpha.shape == (v.out_len, v.src_len)
    assert v.out_len == 2 * v.src_len + 3 and v.steps == v.out_len


def test_fresh_training_equals_cached_bit_for_bit():
    """The section's cheapest retraining (4 wide, 1 epoch) trained without the cache equals the
    cached arrays bit for bit, with and without attention."""
    for attention in (True, False):
        kw = dict(hidden=4, epochs=1, seed=0)
        cached = translate.train_translator("en", attention, **kw)
        fresh = translate.train_translator("en", attention, fresh=True, **kw)
        assert set(cached.params) == set(fresh.params)
        for k in cached.params:
            assert np.array_equal(cached.params[k], fresh.params[k]), k
        assert np.array_equal(cached.train_losses, fresh.train_losses)
    assert train_cache.ENV


def test_bounds_reject():
    with pytest.raises(ValueError):
        bahdanau.bahdanau(32, 64, 50, 0, 2, 3, 100, 1)
