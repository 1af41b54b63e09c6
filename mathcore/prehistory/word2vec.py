"""P6 Word vectors: one-hot's empty geometry, skip-gram with negative sampling trained in numpy
on a real corpus, and what the trained vectors give (neighbours, analogies, a 2-D projection).

Data (the package is the source): gensim's test data, read with ``gensim.test.utils.datapath``:
``lee_background.cor`` (the Lee corpus, 300 news documents, one a line), ``questions-words.txt``
(Mikolov et al.'s analogy questions) and ``wordsim353.tsv`` (WordSim-353, Finkelstein et al.
2002). Only the file reading touches gensim; training and evaluation are numpy.

Conventions.

- Tokens: ``gensim.utils.simple_preprocess`` of each line (lowercase, 2–15 letters, accents
  dropped); one document is one sentence. The vocabulary is every token seen ``min_count``
  times or more, ordered by count (descending), ties by first appearance (gensim keeps the
  same words and counts; its order among equal counts differs and changes nothing);
  tokens outside it are dropped before the windows are taken (as word2vec does).
- Pairs: for every position a reduced window ``b = window - r``, ``r`` uniform in
  ``0..window-1`` (word2vec's), and every other token at most ``b`` away in the same document is
  a context. No subsampling of frequent words (word2vec's ``sample = 0``), here and in the peer.
- Skip-gram with negative sampling (Mikolov et al. 2013, arXiv:1310.4546): for a centre ``c``
  and a context ``o``, ``k`` noise words ``n_i`` drawn from ``P_n(w) ∝ count(w)^0.75``; the pair's
  loss is ``-log σ(u_o·v_c) - Σ_i log σ(-u_{n_i}·v_c)``. ``V`` (centre vectors, shape
  ``(|V|, d)``) starts uniform in ``±0.5/d``, ``U`` (context vectors) at zero, as in word2vec;
  the step is SGD on minibatches of pairs (shuffled each epoch), the gradient summed over the
  batch, the rate falling linearly from ``alpha`` to ``alpha · 1e-4 / 0.025`` over all pairs.
- The word vectors are the rows of ``V``. Similarity is the cosine. Neighbours and analogy
  answers exclude the query words (the usual convention: gensim's ``most_similar``); an analogy
  ``a : b :: c : ?`` is answered by the word maximising ``cos(w, b̂ - â + ĉ)`` (3CosAdd on unit
  vectors).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

import numpy as np

from .. import train_cache

#: word2vec's starting learning rate and its floor (``alpha``, ``min_alpha``).
ALPHA, MIN_ALPHA = 0.025, 0.0001
#: The noise distribution's exponent (Mikolov et al. NeurIPS 2013).
NOISE_POWER = 0.75
#: Pairs per minibatch.
BATCH = 256
#: Neighbours listed per query word; query words shown; words in the 2-D projection.
NEIGHBOURS, QUERIES, PROJECTED = 5, 3, 24
#: The page's analogy, a : b :: c : d (king − man + woman ≈ queen).
PAGE_ANALOGY = ("man", "king", "woman", "queen")
#: One-hot rows drawn (the first words of the vocabulary).
ONEHOT_ROWS = 5
#: Training-loss readings per epoch (the curve's points).
READINGS = 4


def _corpus_path(name: str) -> str:
    """``gensim.test.utils.datapath(name)``; the import builds gensim's toy dictionary and
    logs it at INFO, kept out of a render's log."""
    import logging
    log = logging.getLogger("gensim")
    level = log.level
    log.setLevel(logging.WARNING)
    try:
        from gensim.test.utils import datapath
    finally:
        log.setLevel(level)
    return datapath(name)


def corpus_tokens() -> list[list[str]]:
    """The Lee corpus, one token list per document (``simple_preprocess``)."""
    from gensim.utils import simple_preprocess
    with open(_corpus_path("lee_background.cor"), encoding="utf8") as f:
        return [simple_preprocess(line) for line in f.read().splitlines() if line.strip()]


def analogy_questions() -> list[tuple[str, str, str, str, str]]:
    """``(category, a, b, c, d)`` for every line of ``questions-words.txt``, lowercased."""
    out, cat = [], ""
    with open(_corpus_path("questions-words.txt"), encoding="utf8") as f:
        for line in f:
            line = line.strip()
            if line.startswith(":"):
                cat = line[1:].strip()
            elif line:
                a, b, c, d = line.lower().split()
                out.append((cat, a, b, c, d))
    return out


def wordsim_pairs() -> list[tuple[str, str, float]]:
    """``(w1, w2, human score)`` of WordSim-353, lowercased."""
    out = []
    with open(_corpus_path("wordsim353.tsv"), encoding="utf8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            a, b, s = line.strip().split("\t")
            out.append((a.lower(), b.lower(), float(s)))
    return out


@dataclass(frozen=True, eq=False)
class Vocab:
    """The vocabulary: ``words`` by count, descending (ties by first appearance)."""

    words: tuple
    counts: np.ndarray
    index: dict


def build_vocab(docs: list[list[str]], min_count: int) -> Vocab:
    """Words seen ``min_count`` times or more, by count descending, ties by first
    appearance."""
    counts: dict[str, int] = {}
    for doc in docs:
        for w in doc:
            counts[w] = counts.get(w, 0) + 1
    kept = [w for w in counts if counts[w] >= min_count]      # first-appearance order
    kept.sort(key=lambda w: -counts[w])                          # stable: ties keep it
    return Vocab(tuple(kept), np.array([counts[w] for w in kept], dtype=np.int64),
                 {w: i for i, w in enumerate(kept)})


def encode(docs: list[list[str]], vocab: Vocab) -> list[np.ndarray]:
    """Each document as vocabulary indices, out-of-vocabulary tokens dropped."""
    return [np.array([vocab.index[w] for w in d if w in vocab.index], dtype=np.int64)
            for d in docs]


def noise_distribution(counts: np.ndarray, power: float = NOISE_POWER) -> np.ndarray:
    """``P_n(w) = count(w)^power / Σ count^power``, shape ``(|V|,)``."""
    p = np.asarray(counts, dtype=np.float64) ** power
    return p / p.sum()


def skipgram_pairs(docs: list[np.ndarray], window: int,
                   rng: np.random.Generator) -> np.ndarray:
    """Every (centre, context) pair with word2vec's reduced windows, shape ``(n, 2)``.

    Per position ``t`` of a document a width ``b_t = window - r_t``, ``r_t`` uniform in
    ``0..window-1``; the contexts are positions ``t ± 1..b_t`` inside the document."""
    out = []
    for doc in docs:
        n = len(doc)
        if n < 2:
            continue
        b = window - rng.integers(0, window, size=n)
        for off in range(1, window + 1):
            t = np.arange(n)
            for s in (-off, off):
                j = t + s
                ok = (j >= 0) & (j < n) & (b >= off)
                out.append(np.stack([doc[t[ok]], doc[j[ok]]], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 2), dtype=np.int64)


def _log_sigmoid(x: np.ndarray) -> np.ndarray:
    return -np.logaddexp(0.0, -x)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def sgns_loss_grad(V: np.ndarray, U: np.ndarray, c: np.ndarray, o: np.ndarray,
                   neg: np.ndarray):
    """The summed SGNS loss of a batch and its gradients in the rows used.

    ``L = Σ_b [-log σ(u_{o_b}·v_{c_b}) - Σ_i log σ(-u_{n_bi}·v_{c_b})]``.

    Parameters
    ----------
    V, U : numpy.ndarray, shape (|V|, d)
    c, o : numpy.ndarray of int, shape (B,)
    neg : numpy.ndarray of int, shape (B, k)

    Returns
    -------
    loss : float
    gv : numpy.ndarray, shape (B, d)
        ``∂L/∂v_{c_b}`` per pair.
    gu_pos : numpy.ndarray, shape (B, d)
        ``∂L/∂u_{o_b}``.
    gu_neg : numpy.ndarray, shape (B, k, d)
        ``∂L/∂u_{n_bi}``.
    """
    vc = V[c]                                   # (B, d)
    uo = U[o]                                   # (B, d)
    un = U[neg]                                 # (B, k, d)
    sp = np.einsum("bd,bd->b", uo, vc)
    sn = np.einsum("bkd,bd->bk", un, vc)
    loss = float(-_log_sigmoid(sp).sum() - _log_sigmoid(-sn).sum())
    ep = _sigmoid(sp) - 1.0                     # ∂L/∂s_pos
    en = _sigmoid(sn)                           # ∂L/∂s_neg
    gv = ep[:, None] * uo + np.einsum("bk,bkd->bd", en, un)
    gu_pos = ep[:, None] * vc
    gu_neg = en[:, :, None] * vc[:, None, :]
    return loss, gv, gu_pos, gu_neg


def scatter_add(M: np.ndarray, idx: np.ndarray, G: np.ndarray) -> None:
    """``M[idx[j]] += G[j]`` for every j, repeated rows summed (``np.add.at``, by
    ``np.bincount`` over the flattened cells: a few times faster).

    Parameters
    ----------
    M : numpy.ndarray, shape (n, d), changed in place
    idx : numpy.ndarray of int, shape (m,)
    G : numpy.ndarray, shape (m, d)
    """
    n, d = M.shape
    flat = (idx[:, None] * d + np.arange(d)).ravel()
    M += np.bincount(flat, weights=G.ravel(), minlength=n * d).reshape(n, d)


def train_sgns(docs: list[np.ndarray], counts: np.ndarray, dim: int, window: int,
               negatives: int, epochs: int, seed: int, alpha: float = ALPHA,
               batch: int = BATCH, say=lambda s: None) -> dict[str, np.ndarray]:
    """Skip-gram with negative sampling, minibatch SGD in numpy.

    Parameters
    ----------
    docs : list of numpy.ndarray of int
        Documents as vocabulary indices.
    counts : numpy.ndarray, shape (|V|,)
        Word counts (the noise distribution is ``counts^0.75``, normalised).
    dim, window, negatives, epochs, seed : int
    alpha : float
        Starting rate; it falls linearly to ``alpha · MIN_ALPHA / ALPHA`` over all pairs.
    batch : int
        Pairs per step.
    say : callable
        Progress, one line per epoch.

    Returns
    -------
    dict
        ``V``, ``U`` (shape ``(|V|, dim)``, float64), ``loss`` (shape ``(epochs·READINGS + 1,)``:
        the mean pair loss at the start, then over each quarter of each epoch), ``pairs``
        (pairs per epoch, shape ``(epochs,)``).
    """
    rng = np.random.default_rng(seed)
    nv = len(counts)
    V = (rng.random((nv, dim)) - 0.5) / dim
    U = np.zeros((nv, dim))
    cum = np.cumsum(noise_distribution(counts))
    cum /= cum[-1]
    per_epoch = [skipgram_pairs(docs, window, rng) for _ in range(epochs)]
    total = sum(len(p) for p in per_epoch)
    floor = alpha * MIN_ALPHA / ALPHA
    seen = 0
    losses = [float((1 + negatives) * math.log(2.0))]     # U = 0: every score is 0
    for e, pairs in enumerate(per_epoch):
        pairs = pairs[rng.permutation(len(pairs))]
        n = len(pairs)
        marks = [round(n * (q + 1) / READINGS) for q in range(READINGS)]
        acc, cnt, q = 0.0, 0, 0
        for s in range(0, n, batch):
            c, o = pairs[s:s + batch, 0], pairs[s:s + batch, 1]
            neg = np.searchsorted(cum, rng.random((len(c), negatives)), side="right")
            neg = np.minimum(neg, nv - 1)
            lr = max(floor, alpha * (1.0 - seen / total))
            loss, gv, gp, gn = sgns_loss_grad(V, U, c, o, neg)
            scatter_add(V, c, -lr * gv)
            scatter_add(U, np.concatenate([o, neg.ravel()]),
                        -lr * np.concatenate([gp, gn.reshape(-1, dim)]))
            acc += loss
            cnt += len(c)
            seen += len(c)
            while q < READINGS and s + batch >= marks[q]:
                losses.append(acc / max(cnt, 1))
                acc, cnt, q = 0.0, 0, q + 1
        say(f"epoch {e + 1}/{epochs} loss {losses[-1]:.3f}")
    return {"V": V, "U": U, "loss": np.array(losses),
            "pairs": np.array([len(p) for p in per_epoch], dtype=np.int64)}


# ----- evaluation -------------------------------------------------------------------------------
def unit_rows(X: np.ndarray) -> np.ndarray:
    n = np.linalg.norm(X, axis=1, keepdims=True)
    return X / np.where(n > 0, n, 1.0)


def average_ranks(x: np.ndarray) -> np.ndarray:
    """Ranks 1..n, ties given their average rank."""
    x = np.asarray(x, dtype=np.float64)
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    xs = x[order]
    i = 0
    while i < len(x):
        j = i
        while j + 1 < len(x) and xs[j + 1] == xs[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation: Pearson's on average ranks."""
    ra, rb = average_ranks(a), average_ranks(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    den = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / den) if den > 0 else 0.0


def wordsim_eval(W: np.ndarray, index: dict, pairs) -> tuple[float, int]:
    """Spearman of cosine against the human score over the pairs with both words in the
    vocabulary, and how many such pairs there are."""
    Wn = unit_rows(W)
    got, human = [], []
    for a, b, s in pairs:
        if a in index and b in index:
            got.append(float(Wn[index[a]] @ Wn[index[b]]))
            human.append(s)
    return (spearman(np.array(got), np.array(human)) if len(got) > 1 else 0.0), len(got)


def analogy_answers(W: np.ndarray, index: dict, questions):
    """Per question with all four words in the vocabulary: its index in ``questions``, the
    answer's vocabulary index, the expected word's rank (1 = answered) and the answer's
    cosine. Query words are excluded from the candidates."""
    Wn = unit_rows(W)
    rows = []
    for qi, (_, a, b, c, d) in enumerate(questions):
        if not all(w in index for w in (a, b, c, d)):
            continue
        ia, ib, ic, id_ = index[a], index[b], index[c], index[d]
        target = Wn[ib] - Wn[ia] + Wn[ic]
        target = target / max(np.linalg.norm(target), 1e-300)
        sims = Wn @ target
        sims[[ia, ib, ic]] = -np.inf
        best = int(np.argmax(sims))
        rank = int((sims > sims[id_]).sum()) + 1
        rows.append((qi, best, rank, float(sims[best]), float(sims[id_])))
    return rows


def neighbours(W: np.ndarray, i: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` words nearest ``i`` by cosine, ``i`` itself excluded: indices and cosines."""
    Wn = unit_rows(W)
    sims = Wn @ Wn[i]
    sims[i] = -np.inf
    order = np.argsort(-sims, kind="stable")[:k]
    return order, sims[order]


def pca_2d(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of ``X`` (shape (n, d)) on their first two principal axes (centred, SVD), and
    the share of variance each axis carries. The axes' signs are fixed so that each axis's
    largest-magnitude loading is positive."""
    Xc = X - X.mean(axis=0)
    u, s, vt = np.linalg.svd(Xc, full_matrices=False)
    for r in range(2):
        j = int(np.argmax(np.abs(vt[r])))
        if vt[r, j] < 0:
            vt[r] = -vt[r]
    share = s ** 2 / max(float((s ** 2).sum()), 1e-300)
    return Xc @ vt[:2].T, share[:2]


# ----- the section ------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Word2VecValues:
    """Everything P6 shows.

    Attributes
    ----------
    dim, window, negatives, epochs, min_count, seed : int
        The settings.
    documents, tokens : int
        Documents and tokens of the corpus (``simple_preprocess``).
    vocab_size : int
        Words kept (seen ``min_count`` times or more).
    kept_tokens : int
        Tokens left after dropping the others.
    words : tuple of str
        The vocabulary, by count.
    counts : numpy.ndarray, shape (|V|,)
    onehot_min, onehot_max : float
        Smallest and largest Euclidean distance over every pair of distinct one-hot vectors of
        the vocabulary (both √2).
    onehot_cos_max : float
        Largest cosine between distinct one-hot vectors (0).
    onehot_pairs : int
        Distinct pairs checked, ``|V|(|V|-1)/2``.
    sqrt2 : float
    onehot_words : tuple of str
        The first ``ONEHOT_ROWS`` vocabulary words (the rows drawn).
    example_doc : int
        The document the window example is read from, counted from 1: the first with the
        first query word at position ``window`` or later and ``window`` words after it
        (positions among the kept tokens).
    example_tokens : tuple of str
        ``2·window + 1`` tokens centred on the example's centre word.
    example_pairs : int
        Context words of the centre at the full window (``2·window``).
    pairs_per_epoch : numpy.ndarray, shape (epochs,)
    noise_words : tuple of str
        The four most frequent words.
    unigram_share, noise_share : numpy.ndarray, shape (4,)
        Their share of the unigram distribution and of the noise distribution (count^0.75).
    rare_boost : float
        The rarest word's noise probability over its unigram probability.
    loss : numpy.ndarray, shape (epochs·READINGS + 1,)
        Mean pair loss: at the start (``(1+k)·ln 2``), then over each quarter epoch.
    loss_x : numpy.ndarray
        Each reading's position in epochs (0, 0.25, ...).
    loss_start, loss_end : float
    loss_hi : float
        Top of the loss axis (the start rounded up to a whole number).
    queries : tuple of str
        Query words: the ``QUERIES`` most frequent vocabulary words that appear in WordSim-353.
    query_counts : numpy.ndarray, shape (QUERIES,)
    neigh_words : tuple of tuple of str
        Per query, its ``NEIGHBOURS`` nearest words (query excluded).
    neigh_cos : numpy.ndarray, shape (QUERIES, NEIGHBOURS)
    proj_words : tuple of str
        The words drawn in 2-D: each query and its neighbours (first appearance order).
    proj_xy : numpy.ndarray, shape (n, 2)
        PCA of the trained vectors of ``proj_words`` (fitted on these words).
    proj_share : numpy.ndarray, shape (2,)
        Variance share of the two axes.
    proj_group : numpy.ndarray of int, shape (n,)
        The query each word belongs to (its first).
    ws_total, ws_covered : int
        WordSim-353 pairs, and those with both words in the vocabulary.
    ws_spearman : float
    an_total, an_covered, an_correct : int
        Analogy questions, those with all four words in the vocabulary, those answered.
    an_accuracy : float
        ``an_correct / an_covered`` (0 if none covered).
    shown_analogies : tuple of tuple
        The questions shown: the first two answered (file order), then misses (file order)
        up to three rows, so the last row is always a miss (and there are two rows only when
        nothing is missed). Each ``(a, b, c, d, answer, rank of d, cos of answer)``; rank 1
        means answered.
    shown_ranks, shown_cos : numpy.ndarray
        The ranks and answer cosines of ``shown_analogies``.
    shown_hit : numpy.ndarray of bool
    n_shown : int
    static_word : str
        The first query: one row of ``V`` whatever its sentence.
    static_docs : int
        Documents the static word appears in.
    static_vector : numpy.ndarray, shape (dim,)
        Its row of ``V``.
    onehot_cols : int
        One-hot entries drawn per row (``ONEHOT_ROWS + 3``).
    page_in_vocab : bool
        All four words of the page's king − man + woman ≈ queen are in the vocabulary.
    page_missing : str
        The first of them that is not ("" if none).
    page_answer : str
        The word nearest king − man + woman (query words left out; "" if not asked).
    page_rank : int
        Where "queen" ranks among the candidates (1 = answered; 0 if not asked).
    n_params : int
        Numbers the model holds: two tables (``V`` and ``U``) of ``|V| × dim``.
    n_queries, n_neighbours, n_projected : int
        ``len(queries)``, neighbours per query, ``len(proj_words)``.
    V : numpy.ndarray, shape (|V|, dim)
        The trained centre vectors (the word vectors).
    """

    dim: int
    window: int
    negatives: int
    epochs: int
    min_count: int
    seed: int
    documents: int
    tokens: int
    vocab_size: int
    kept_tokens: int
    words: tuple
    counts: np.ndarray
    onehot_min: float
    onehot_max: float
    onehot_cos_max: float
    onehot_pairs: int
    sqrt2: float
    onehot_words: tuple
    example_doc: int
    example_tokens: tuple
    example_pairs: int
    pairs_per_epoch: np.ndarray
    noise_words: tuple
    unigram_share: np.ndarray
    noise_share: np.ndarray
    rare_boost: float
    loss: np.ndarray
    loss_x: np.ndarray
    loss_start: float
    loss_end: float
    loss_hi: float
    queries: tuple
    query_counts: np.ndarray
    neigh_words: tuple
    neigh_cos: np.ndarray
    proj_words: tuple
    proj_xy: np.ndarray
    proj_share: np.ndarray
    proj_group: np.ndarray
    ws_total: int
    ws_covered: int
    ws_spearman: float
    an_total: int
    an_covered: int
    an_correct: int
    an_accuracy: float
    shown_analogies: tuple
    shown_ranks: np.ndarray
    shown_cos: np.ndarray
    shown_hit: np.ndarray
    n_shown: int
    static_word: str
    static_docs: int
    static_vector: np.ndarray
    onehot_cols: int
    page_in_vocab: bool
    page_missing: str
    page_answer: str
    page_rank: int
    n_params: int
    n_queries: int
    n_neighbours: int
    n_projected: int
    V: np.ndarray


def onehot_geometry(n: int) -> tuple[float, float, float]:
    """Smallest and largest distance and largest cosine over the distinct pairs of the ``n``
    one-hot vectors of length ``n``: ``‖e_i - e_j‖² = ‖e_i‖² + ‖e_j‖² - 2 e_i·e_j``, the dot
    products read off the rows (two one-hot rows meet only where both hold their 1; integer
    arithmetic, exact)."""
    E = np.eye(n, dtype=np.int8)
    sq = E.sum(axis=1, dtype=np.int16)              # ‖e_i‖², shape (n,)
    hot = E.argmax(axis=1)                          # where each row's 1 stands
    dot = (hot[:, None] == hot[None, :]).astype(np.int16)
    d2 = sq[:, None] + sq[None, :] - 2 * dot
    diag = np.eye(n, dtype=bool)
    lo = int(np.where(diag, np.iinfo(np.int16).max, d2).min())
    hi = int(np.where(diag, -1, d2).max())
    cos = dot / np.sqrt(np.outer(sq, sq).astype(np.float64))
    return math.sqrt(lo), math.sqrt(hi), float(np.where(diag, -1.0, cos).max())


def trained(dim, window, negatives, epochs, min_count, seed):
    """The trained arrays for these settings, through the training cache (the key holds the
    corpus file's hash besides the settings: another copy of the data trains anew; the
    training process reads the corpus itself, :func:`_train_from`)."""
    import hashlib
    with open(_corpus_path("lee_background.cor"), "rb") as f:
        data = hashlib.sha256(f.read()).hexdigest()[:16]
    inputs = {"data": f"gensim lee_background.cor sha256:{data}", "dim": dim, "window": window,
              "negatives": negatives, "epochs": epochs, "min_count": min_count, "seed": seed,
              "alpha": ALPHA, "batch": BATCH}
    return train_cache.cached("word2vec", inputs, [__name__], f"{__name__}:_train_from")


def _train_from(inputs: Mapping, say) -> dict[str, np.ndarray]:
    """:func:`train_sgns` for ``trained``'s inputs, on the corpus read again (what the training
    process runs: in a child with fixed numerics, :mod:`mathcore.train_cache`)."""
    docs = corpus_tokens()
    vocab = build_vocab(docs, inputs["min_count"])
    return train_sgns(encode(docs, vocab), vocab.counts, inputs["dim"], inputs["window"],
                      inputs["negatives"], inputs["epochs"], inputs["seed"], say=say)


def word2vec(dim: int = 50, window: int = 5, negatives: int = 5, epochs: int = 10,
             min_count: int = 3, seed: int = 1) -> Word2VecValues:
    """P6's values: the corpus, the one-hot check, the training and its evaluation."""
    if min(dim, window, negatives, epochs, min_count) < 1:
        raise ValueError("dim, window, negatives, epochs and min_count must be at least 1")
    docs = corpus_tokens()
    vocab = build_vocab(docs, min_count)
    nv = len(vocab.words)
    if nv < 2 * (NEIGHBOURS + 1):
        raise ValueError("too few words in the vocabulary")
    res = trained(dim, window, negatives, epochs, min_count, seed)
    V = res["V"]
    ids = encode(docs, vocab)
    lo, hi, cmax = onehot_geometry(nv)
    # the queries: the most frequent vocabulary words WordSim-353 names
    ws = wordsim_pairs()
    ws_words = {w for a, b, _ in ws for w in (a, b)}
    queries = tuple(w for w in vocab.words if w in ws_words)[:QUERIES]
    if len(queries) < QUERIES:
        raise ValueError("too few WordSim-353 words in the vocabulary")
    nw, nc = [], []
    for q in queries:
        idx, cos = neighbours(V, vocab.index[q], NEIGHBOURS)
        nw.append(tuple(vocab.words[i] for i in idx))
        nc.append(cos)
    proj, group = [], []
    for g, (q, ns) in enumerate(zip(queries, nw)):
        for w in (q, *ns):
            if w not in proj:
                proj.append(w)
                group.append(g)
    xy, share = pca_2d(V[[vocab.index[w] for w in proj]])
    # the example window: the first query word with a full window both sides
    ex_doc, ex_tokens = -1, ()
    for di, doc in enumerate(docs):
        kept = [w for w in doc if w in vocab.index]
        for t, w in enumerate(kept):
            if w == queries[0] and window <= t < len(kept) - window:
                ex_doc, ex_tokens = di + 1, tuple(kept[t - window:t + window + 1])
                break
        if ex_doc >= 0:
            break
    if ex_doc < 0:
        raise ValueError("no full window around the first query word")
    rho, covered = wordsim_eval(V, vocab.index, ws)
    qs = analogy_questions()
    rows = analogy_answers(V, vocab.index, qs)
    if len(rows) < 3:
        raise ValueError("fewer than three analogy questions in the vocabulary")
    hits = [r for r in rows if r[2] == 1]
    misses = [r for r in rows if r[2] != 1]
    pick = hits[:2] + misses[:1]
    pick += misses[1:1 + max(0, 3 - len(pick))]
    pick.sort(key=lambda r: (r[2] != 1, r[0]))
    shown = tuple((*qs[r[0]][1:], vocab.words[r[1]], r[2], r[3]) for r in pick)
    missing = [x for x in PAGE_ANALOGY if x not in vocab.index]
    page = analogy_answers(V, vocab.index, [("page", *PAGE_ANALOGY)])
    p_uni = vocab.counts / vocab.counts.sum()
    p_noise = noise_distribution(vocab.counts)
    loss = res["loss"]
    static_docs = sum(1 for d in docs if queries[0] in d)
    return Word2VecValues(
        dim=dim, window=window, negatives=negatives, epochs=epochs, min_count=min_count,
        seed=seed, documents=len(docs), tokens=sum(len(d) for d in docs), vocab_size=nv,
        kept_tokens=int(sum(len(d) for d in ids)), words=vocab.words, counts=vocab.counts,
        onehot_min=lo, onehot_max=hi, onehot_cos_max=cmax, onehot_pairs=nv * (nv - 1) // 2, sqrt2=math.sqrt(2.0),
        onehot_words=vocab.words[:ONEHOT_ROWS], example_doc=ex_doc, example_tokens=ex_tokens,
        example_pairs=2 * window, pairs_per_epoch=res["pairs"],
        noise_words=vocab.words[:4], unigram_share=p_uni[:4], noise_share=p_noise[:4],
        rare_boost=float(p_noise[-1] / p_uni[-1]),
        loss=loss, loss_x=np.arange(len(loss)) / READINGS, loss_start=float(loss[0]),
        loss_end=float(loss[-1]), loss_hi=float(math.ceil(loss.max())),
        queries=queries, query_counts=np.array([vocab.counts[vocab.index[q]] for q in queries]),
        neigh_words=tuple(nw), neigh_cos=np.array(nc), proj_words=tuple(proj), proj_xy=xy,
        proj_share=share, proj_group=np.array(group),
        ws_total=len(ws), ws_covered=covered, ws_spearman=rho,
        an_total=len(qs), an_covered=len(rows), an_correct=len(hits),
        an_accuracy=len(hits) / len(rows) if rows else 0.0,
        shown_analogies=shown, shown_ranks=np.array([s[5] for s in shown], dtype=np.int64),
        shown_cos=np.array([s[6] for s in shown]),
        shown_hit=np.array([s[5] == 1 for s in shown]), n_shown=len(shown),
        static_word=queries[0], static_docs=static_docs,
        static_vector=V[vocab.index[queries[0]]].copy(), onehot_cols=ONEHOT_ROWS + 3,
        page_in_vocab=not missing, page_missing=missing[0] if missing else "",
        page_answer=vocab.words[page[0][1]] if page else "",
        page_rank=page[0][2] if page else 0,
        n_params=2 * nv * dim, n_queries=len(queries), n_neighbours=NEIGHBOURS,
        n_projected=len(proj), V=V)


def word2vec_values(p: dict) -> Word2VecValues:
    """P6's values from its resolved parameters."""
    return word2vec(int(p["dim"]), int(p["window"]), int(p["negatives"]), int(p["epochs"]),
                    int(p["min_count"]), int(p["seed"]))
