"""P6 values: the corpus as gensim ships it, one-hot's geometry, the SGNS gradient against torch
autograd, a hand-worked pair, the noise distribution, the training cache reproduced bit for bit,
the default run's figures pinned, and the peer: gensim's own Word2Vec trained on the same tokens
with the same settings (skip-gram, negative sampling, no subsampling, one worker, one seed)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathcore import train_cache
from mathcore.prehistory import word2vec as w2v
from scenes.registry import get

SECTION = "pre-06-word2vec"


def values(**over):
    s = get(SECTION)
    return s.values(s.resolve(over))


def test_corpus_is_gensims_lee_corpus_tokenised_like_gensim():
    from gensim.test.utils import datapath
    from gensim.utils import simple_preprocess

    docs = w2v.corpus_tokens()
    with open(datapath("lee_background.cor")) as f:
        lines = [ln for ln in f.read().splitlines() if ln.strip()]
    assert len(docs) == len(lines) == 300
    assert docs[0] == simple_preprocess(lines[0])
    assert sum(map(len, docs)) == 58152
    assert all(t == t.lower() for d in docs for t in d)
    assert len(w2v.analogy_questions()) == 19544
    assert len(w2v.wordsim_pairs()) == 353


def test_vocabulary_is_gensims():
    """The same words with the same counts, by count descending (ties: ours by first
    appearance, gensim's its own way; the order of equal counts changes nothing trained)."""
    from gensim.models import Word2Vec

    docs = w2v.corpus_tokens()
    vocab = w2v.build_vocab(docs, 3)
    m = Word2Vec(vector_size=4, min_count=3, sg=1, hs=0, negative=1, workers=1, seed=1)
    m.build_vocab(docs)
    assert set(vocab.words) == set(m.wv.index_to_key)
    assert all(vocab.counts[vocab.index[x]] == m.wv.get_vecattr(x, "count")
               for x in vocab.words)
    assert np.all(np.diff(vocab.counts) <= 0)


def test_onehot_every_pair_is_sqrt2_apart():
    for n in (2, 3, 50):
        lo, hi, cos = w2v.onehot_geometry(n)
        assert lo == hi == math.sqrt(2)
        assert cos == 0.0
    # by brute force on a small vocabulary
    E = np.eye(6)
    d = [np.linalg.norm(E[i] - E[j]) for i in range(6) for j in range(6) if i != j]
    assert np.allclose(d, math.sqrt(2))


def test_sgns_gradient_against_torch_autograd():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(0)
    V, U = rng.normal(size=(7, 4)), rng.normal(size=(7, 4))
    c, o = np.array([0, 3, 3]), np.array([1, 2, 5])
    neg = np.array([[4, 6], [0, 1], [2, 2]])
    loss, gv, gp, gn = w2v.sgns_loss_grad(V, U, c, o, neg)
    Vt = torch.tensor(V, requires_grad=True)
    Ut = torch.tensor(U, requires_grad=True)
    vc = Vt[torch.tensor(c)]
    lt = -torch.nn.functional.logsigmoid((Ut[torch.tensor(o)] * vc).sum(1)).sum() \
        - torch.nn.functional.logsigmoid(-(Ut[torch.tensor(neg)] * vc[:, None]).sum(2)).sum()
    lt.backward()
    assert loss == pytest.approx(lt.item(), rel=1e-12)
    gV, gU = np.zeros_like(V), np.zeros_like(U)
    w2v.scatter_add(gV, c, gv)
    w2v.scatter_add(gU, np.concatenate([o, neg.ravel()]), np.concatenate([gp, gn.reshape(-1, 4)]))
    np.testing.assert_allclose(gV, Vt.grad.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(gU, Ut.grad.numpy(), rtol=1e-10, atol=1e-12)


def test_one_pair_by_hand():
    """v_c = (1, 0), u_o = (2, 0), one noise word u_n = (0, 1): s_pos = 2, s_neg = 0;
    loss = -log σ(2) - log σ(0) = log(1 + e^-2) + log 2."""
    V = np.array([[1.0, 0.0], [0.0, 0.0], [0.0, 0.0]])
    U = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 1.0]])
    loss, gv, gp, gn = w2v.sgns_loss_grad(V, U, np.array([0]), np.array([1]), np.array([[2]]))
    assert loss == pytest.approx(math.log1p(math.exp(-2)) + math.log(2))
    sig2 = 1 / (1 + math.exp(-2))
    np.testing.assert_allclose(gv[0], (sig2 - 1) * U[1] + 0.5 * U[2])
    np.testing.assert_allclose(gp[0], (sig2 - 1) * V[0])
    np.testing.assert_allclose(gn[0, 0], 0.5 * V[0])


def test_scatter_add_is_add_at():
    rng = np.random.default_rng(3)
    M, M2 = rng.normal(size=(9, 3)), None
    M2 = M.copy()
    idx = rng.integers(0, 9, 40)
    G = rng.normal(size=(40, 3))
    w2v.scatter_add(M, idx, G)
    np.add.at(M2, idx, G)
    np.testing.assert_allclose(M, M2, atol=1e-12)


def test_noise_is_count_to_the_075():
    counts = np.array([16, 1])
    p = w2v.noise_distribution(counts)
    assert p == pytest.approx([8 / 9, 1 / 9])      # 16^0.75 = 8


def test_pairs_by_hand():
    """Window 1 (every width is 1): a three-word document gives 4 pairs."""
    pairs = w2v.skipgram_pairs([np.array([0, 1, 2])], 1, np.random.default_rng(0))
    assert sorted(map(tuple, pairs.tolist())) == [(0, 1), (1, 0), (1, 2), (2, 1)]


def test_spearman_against_scipy():
    from scipy.stats import spearmanr
    rng = np.random.default_rng(5)
    a, b = rng.normal(size=30), rng.integers(0, 5, 30).astype(float)     # ties in b
    assert w2v.spearman(a, b) == pytest.approx(spearmanr(a, b).statistic, rel=1e-12)


def test_cold_training_is_reproduced_bit_for_bit():
    cached = w2v.trained(50, 5, 5, 10, 3, 1)
    fresh = train_cache.train_fresh("word2vec", "mathcore.prehistory.word2vec:_train_from",
                                    dict(dim=50, window=5, negatives=5, epochs=10, min_count=3,
                                         seed=1))
    assert set(cached) == set(fresh)
    for k in cached:
        assert np.array_equal(cached[k], fresh[k]), k


def test_default_figures():
    v = values()
    assert (v.dim, v.window, v.negatives, v.epochs, v.min_count, v.seed) == (50, 5, 5, 10, 3, 1)
    assert (v.documents, v.tokens, v.vocab_size) == (300, 58152, 2747)
    assert v.onehot_min == v.onehot_max == math.sqrt(2) and v.onehot_cos_max == 0.0
    assert v.onehot_pairs == 2747 * 2746 // 2
    assert v.n_params == 2 * 2747 * 50 == v.V.size + v.V.size
    assert v.loss_start == pytest.approx(6 * math.log(2))
    assert v.loss_end == pytest.approx(2.400, abs=5e-4)
    assert v.loss_end < v.loss_start
    assert v.queries == ("people", "palestinian", "government")
    assert v.neigh_words[0][0] == "children" and v.neigh_cos[0][0] == pytest.approx(0.83, abs=5e-3)
    assert (v.ws_total, v.ws_covered) == (353, 109)
    assert v.ws_spearman == pytest.approx(0.077, abs=5e-3)
    assert (v.an_total, v.an_covered, v.an_correct) == (19544, 409, 3)
    assert [tuple(a[:5]) for a in v.shown_analogies[:2]] == [
        ("he", "she", "his", "her", "her"), ("his", "her", "he", "she", "she")]
    assert list(v.shown_ranks[:2]) == [1, 1] and v.shown_ranks[2] > 1
    assert v.noise_words == ("the", "to", "of", "in")
    # the page's king - man + woman: all four words kept, the answer is not queen
    assert v.page_in_vocab and (v.page_answer, v.page_rank) == ("village", 946)
    assert v.rare_boost == pytest.approx(2.05, abs=5e-3)


def test_query_rule_and_neighbours_exclude_the_query():
    v = values()
    ws = {x for a, b, _ in w2v.wordsim_pairs() for x in (a, b)}
    in_ws = [x for x in v.words if x in ws]
    assert v.queries == tuple(in_ws[:3])
    for q, ns in zip(v.queries, v.neigh_words):
        assert q not in ns
    W = w2v.unit_rows(v.V)
    i = v.words.index(v.queries[0])
    sims = W @ W[i]
    sims[i] = -np.inf
    assert v.words[int(np.argmax(sims))] == v.neigh_words[0][0]


def test_pca_is_of_the_trained_vectors():
    v = values()
    X = np.array([v.V[v.words.index(x)] for x in v.proj_words])
    Xc = X - X.mean(0)
    s = np.linalg.svd(Xc, compute_uv=False)
    np.testing.assert_allclose(v.proj_share, (s ** 2 / (s ** 2).sum())[:2], rtol=1e-10)
    np.testing.assert_allclose(np.abs(v.proj_xy).sum(0) > 0, True)
    # distances in the plane are those of the projection: the total variance of the two
    # coordinates is the two largest singular values squared
    np.testing.assert_allclose((v.proj_xy ** 2).sum(0), s[:2] ** 2, rtol=1e-10)


#: The peer's tolerance. The Lee corpus has 58k tokens: WordSim-353 covers 109 pairs at
#: min_count 3 and the analogy set 409 questions, so one trainer's seed moves Spearman by a
#: few hundredths and the analogy count by a few questions (seeds 0, 1, 2 give 3, 3 and 0
#: right of 409 for ours). Within 0.1 on Spearman, both above 0, and within 5 questions (1.2
#: points of accuracy) on analogies is what the corpus lets one claim.
PEER_RHO, PEER_ANALOGIES = 0.1, 5


def test_peer_gensim_word2vec_same_settings():
    from gensim.models import Word2Vec

    v = values()
    docs = w2v.corpus_tokens()
    m = Word2Vec(docs, vector_size=v.dim, window=v.window, negative=v.negatives,
                 epochs=v.epochs, min_count=v.min_count, sg=1, hs=0, sample=0, workers=1,
                 seed=v.seed)
    index = {x: i for i, x in enumerate(v.words)}
    W = np.array([m.wv[x] for x in v.words], dtype=np.float64)
    rho, covered = w2v.wordsim_eval(W, index, w2v.wordsim_pairs())
    rows = w2v.analogy_answers(W, index, w2v.analogy_questions())
    hits = sum(r[2] == 1 for r in rows)
    print(f"ours: Spearman {v.ws_spearman:.3f} over {v.ws_covered}, analogies "
          f"{v.an_correct}/{v.an_covered}; gensim: Spearman {rho:.3f}, analogies "
          f"{hits}/{len(rows)}")
    assert covered == v.ws_covered and len(rows) == v.an_covered
    assert v.ws_spearman > 0 and rho > 0
    assert abs(v.ws_spearman - rho) < PEER_RHO
    assert abs(v.an_correct - hits) <= PEER_ANALOGIES
