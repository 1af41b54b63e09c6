"""The shared translation model (mathcore.prehistory.translate): exact gradients, a forward
pass equal to torch's with the same weights, greedy = beam search with B = 1, the cache's
model reproduced bit for bit by a fresh training, the task's pairs and alignment."""

from __future__ import annotations

import numpy as np
import pytest

from mathcore.prehistory import translate as T


def _batch(seed=1, B=3, L=4):
    rng = np.random.default_rng(seed)
    src = rng.integers(0, 10, (B, L))
    return src, np.concatenate([src, np.full((B, 1), 10)], axis=1)


@pytest.mark.parametrize("attention", [False, True])
def test_gradient_matches_central_differences(attention):
    p = T.init_params(4, attention, 0)
    src, tgt = _batch()
    _, g = T.loss_and_grads(p, attention, src, tgt)
    eps = 1e-5
    for k in p:
        num = np.zeros_like(p[k])
        for idx in np.ndindex(p[k].shape):
            q = {a: b.copy() for a, b in p.items()}
            q[k][idx] += eps
            lp, _ = T.loss_and_grads(q, attention, src, tgt, grads=False)
            q[k][idx] -= 2 * eps
            lm, _ = T.loss_and_grads(q, attention, src, tgt, grads=False)
            num[idx] = (lp - lm) / (2 * eps)
        err = np.abs(num - g[k]).max() / max(np.abs(num).max(), 1e-8)
        assert err < 1e-4, (k, err)


def _tiny(attention, lang="en"):
    return T.train_translator(lang, attention, hidden=6, epochs=2, seed=3, max_len=6,
                              batches_per_epoch=3, batch=4)


@pytest.mark.parametrize("attention", [False, True])
def test_log_prob_matches_torch(attention):
    torch = pytest.importorskip("torch")
    tr = _tiny(attention)
    p = {k: torch.tensor(np.array(v)) for k, v in tr.params.items()}
    H = tr.hidden
    enc = torch.nn.GRUCell(10, H, dtype=torch.float64)
    dec = torch.nn.GRUCell(11 + (H if attention else 0), H, dtype=torch.float64)
    with torch.no_grad():
        enc.weight_ih.copy_(p["enc_wi"]); enc.weight_hh.copy_(p["enc_wh"])
        enc.bias_ih.copy_(p["enc_bi"]); enc.bias_hh.copy_(p["enc_bh"])
        wi = torch.cat([p["dec_wy"], p["dec_wc"]], 1) if attention else p["dec_wy"]
        dec.weight_ih.copy_(wi); dec.weight_hh.copy_(p["dec_wh"])
        dec.bias_ih.copy_(p["dec_bi"]); dec.bias_hh.copy_(p["dec_bh"])
    pair = T.make_pairs("en", 1, 11, 5, 5)[0]
    ids = [int(d) for d in pair.tgt]
    with torch.no_grad():
        h = torch.zeros(1, H, dtype=torch.float64)
        hs = []
        for d in ids:
            h = enc(torch.nn.functional.one_hot(torch.tensor([d]), 10).double(), h)
            hs.append(h[0])
        Hs = torch.stack(hs)
        s, prev, total = h, 10, 0.0
        for y in ids + [10]:
            x = torch.nn.functional.one_hot(torch.tensor([prev]), 11).double()
            if attention:
                e = torch.tanh(s @ p["att_w"].T + Hs @ p["att_u"].T) @ p["att_v"]
                c = (torch.softmax(e, 0)[:, None] * Hs).sum(0, keepdim=True)
                x = torch.cat([x, c], 1)
            s = dec(x, s)
            logits = s @ p["out_ws"].T + p["out_b"]
            if attention:
                logits = logits + c @ p["out_wc"].T
            total += float(torch.log_softmax(logits, 1)[0, y])
            prev = y
    assert T.log_prob(tr, pair.src, pair.tgt) == pytest.approx(total, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("attention", [False, True])
def test_greedy_is_beam_width_one(attention):
    tr = _tiny(attention)
    for pair in T.make_pairs("en", 5, 2, 3, 7):
        b = T.beam_search(tr, pair.src, 1, 0.7)
        assert b.output == T.greedy(tr, pair.src)
        assert b.best.log_p == pytest.approx(T.log_prob(tr, pair.src, b.output))


def test_beam_record_is_consistent():
    tr = _tiny(True, "zh")
    src = T.make_pairs("zh", 1, 4, 6, 6)[0].src
    b = T.beam_search(tr, src, 3, 1.0)
    done = 0
    for st in b.steps:
        assert len(st.kept) == 3 - done
        done += sum(x.done for x in st.kept)
        assert [x.log_p for x in st.kept] == sorted((x.log_p for x in st.kept), reverse=True)
        for x in st.kept:
            assert x.score == pytest.approx(x.log_p / len(x.tokens))
            if x.done:
                assert x.log_p == pytest.approx(T.log_prob(tr, src, x.tokens[:-1]))
    assert b.best.score == max(x.score for x in b.finished)
    assert len(b.finished) == 3 or len(b.steps) == 2 * 6 + 3


def test_fresh_training_equals_cached_bit_for_bit():
    for attention in (False, True):
        a = _tiny(attention)
        b = T.train_translator("en", attention, hidden=6, epochs=2, seed=3, max_len=6,
                               batches_per_epoch=3, batch=4, fresh=True)
        assert a.params.keys() == b.params.keys()
        for k in a.params:
            assert np.array_equal(a.params[k], b.params[k]), k
        assert np.array_equal(a.train_losses, b.train_losses)


def test_languages_share_the_weights_and_differ_in_words():
    zh, en = _tiny(False, "zh"), _tiny(False, "en")
    for k in zh.params:
        assert np.array_equal(zh.params[k], en.params[k])
    pz, pe = T.make_pairs("zh", 3, 5, 3, 9), T.make_pairs("en", 3, 5, 3, 9)
    for a, b in zip(pz, pe):
        assert a.tgt == b.tgt and a.align == b.align == tuple(range(len(a.src)))
        assert [T.DIGIT_WORDS["zh"].index(w) for w in a.src] == [int(d) for d in a.tgt]
        assert [T.DIGIT_WORDS["en"].index(w) for w in b.src] == [int(d) for d in b.tgt]
    assert T.log_prob(zh, pz[0].src, pz[0].tgt) == T.log_prob(en, pe[0].src, pe[0].tgt)


def test_alignment_and_accuracy_shapes():
    tr = _tiny(True)
    src = T.make_pairs("en", 1, 8, 5, 5)[0].src
    A = T.alignment(tr, src)
    assert A.shape[1] == 5 and np.allclose(A.sum(axis=1), 1.0)
    with pytest.raises(ValueError):
        T.alignment(_tiny(False), src)
    acc = T.accuracy_by_length(tr, [3, 5], 7, 0)
    assert acc.shape == (2,) and ((acc >= 0) & (acc <= 1)).all()


def test_accuracy_by_length_is_greedy_exact_match():
    tr = _tiny(False)
    L, n = 4, 6
    acc = T.accuracy_by_length(tr, [L], n, 9)[0]
    src = np.random.default_rng([9, 1, L]).integers(0, 10, size=(n, L))
    hits = sum(T.greedy(tr, [T.DIGIT_WORDS["en"][d] for d in row]) == tuple(str(d) for d in row)
               for row in src)
    assert acc == hits / n


def test_default_models_learn_the_short_strings():
    """The defaults part II shows: the fixed vector copies short strings and loses long ones;
    attention keeps them (the curves P7 and P8 draw)."""
    plain = T.train_translator("en", False, **T.DEFAULT_PLAIN)
    att = T.train_translator("en", True, **T.DEFAULT_ATTENTION)
    a0 = T.accuracy_by_length(plain, [3, 18], 100, 0)
    a1 = T.accuracy_by_length(att, [3, 18], 100, 0)
    assert a0[0] >= 0.9 and a0[1] <= 0.1
    assert a1[0] >= 0.9 and a1[1] >= 0.8
