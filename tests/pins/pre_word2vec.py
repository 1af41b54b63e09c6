"""P6 pinned readouts and the rules that choose its sentences, written from the trained vectors.

The rules do not read mathcore's evaluation: an analogy is answered again here from the word
vectors (``values.V``, rows in ``values.words`` order) by 3CosAdd on unit vectors, the query
words excluded; WordSim-353's Spearman correlation is recomputed with scipy from the same
vectors and the data file; each is decided on the number as displayed.
"""

import numpy as np
from rules_edges import shown

SECTION = "pre-06-word2vec"

PINS = {
    "onehot_min": {"lo": ("onehot_min", "fmt")},
    "onehot_max": {"hi": ("onehot_max", "fmt")},
    "onehot_cos": {"cos": ("onehot_cos_max", "fmt")},
    "example_pairs": {"n": ("example_pairs", "int")},
    "rare_boost": {"r": ("rare_boost", "factor")},
    "loss_start": {"l0": ("loss_start", "fmt")},
    "loss_end": {"e": ("epochs", "int"), "l1": ("loss_end", "fmt")},
    "nearest": {"w": ("neigh_words[0][0]", "str"), "c": ("neigh_cos[0][0]", "fmt:2")},
    "analogy_accuracy": {"ok": ("an_correct", "count"), "cov": ("an_covered", "count"),
                         "total": ("an_total", "count")},
    "wordsim": {"cov": ("ws_covered", "count"), "rho": ("ws_spearman", "fmt:2")},
    "static_docs": {"w": ("static_word", "str"), "n": ("static_docs", "count")},
}


def _unit(V):
    V = np.asarray(V, dtype=np.float64)
    return V / np.linalg.norm(V, axis=1, keepdims=True)


def _answer(v, a, b, c):
    """The word nearest b - a + c (unit vectors), a, b and c excluded."""
    index = {w: i for i, w in enumerate(v.words)}
    W = _unit(v.V)
    t = W[index[b]] - W[index[a]] + W[index[c]]
    sims = W @ (t / np.linalg.norm(t))
    for w in (a, b, c):
        sims[index[w]] = -np.inf
    return v.words[int(np.argmax(sims))]


def _row(r):
    def rule(v, p):
        a, b, c, d = v.shown_analogies[r][:4]
        return "hit" if _answer(v, a, b, c) == d else "miss"
    return rule


def _hits(v):
    """How many in-vocabulary questions the vectors answer (read from the data file)."""
    from gensim.test.utils import datapath
    index = {w: i for i, w in enumerate(v.words)}
    n = 0
    with open(datapath("questions-words.txt")) as f:
        for line in f:
            if line.startswith(":"):
                continue
            q = line.lower().split()
            if len(q) == 4 and all(w in index for w in q):
                n += _answer(v, *q[:3]) == q[3]
    return n


def _spearman(v):
    from gensim.test.utils import datapath
    from scipy.stats import spearmanr
    index = {w: i for i, w in enumerate(v.words)}
    W = _unit(v.V)
    got, human = [], []
    with open(datapath("wordsim353.tsv")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            a, b, s = line.strip().split("\t")
            a, b = a.lower(), b.lower()
            if a in index and b in index:
                got.append(W[index[a]] @ W[index[b]])
                human.append(float(s))
    return float(spearmanr(got, human).statistic)


def _page(v, p):
    """The page's king − man + woman ≈ queen is asked when all four words are in the
    vocabulary."""
    return "in" if all(x in v.words for x in ("man", "king", "woman", "queen")) else "oov"


CHOICES = {
    "analogy.page": _page,
    "analogy": lambda v, p: "some" if _hits(v) > 0 else "none",
    "analogy.small": lambda v, p: "pos" if shown(_spearman(v), "fmt:2") > 0 else "nonpos",
    "row0": _row(0),
    "row1": _row(1),
    "ans0": _row(0),
    "ans1": _row(1),
}
