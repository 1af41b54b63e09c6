"""pre-01: the three steps' parameter counts, the fixed window and the untrained language
model, against independent counts and torch."""

from __future__ import annotations

import numpy as np
import pytest

from mathcore.prehistory import construction as C
from scenes.registry import get

DEFAULTS = get("pre-01-construction").resolve({})


def _v(**kw):
    return C.construction_values({**DEFAULTS, **kw})


def _count_tensors(shapes):
    return sum(int(np.prod(s)) for s in shapes)


@pytest.mark.parametrize("t_max, d, d_x", [(64, 128, 64), (2, 1, 1), (300, 7, 13)])
def test_counts_against_tensors_built(t_max, d, d_x):
    v = _v(t_max=t_max, d=d, d_x=d_x, length=1)
    # step 1: a (d, t_max * d_x) matrix and a bias on the flattened padded input
    assert v.padded["total"] == _count_tensors([(d, t_max * d_x), (d,)])
    # step 2: each position its own W_h, W_x, b
    assert v.per_position["total"] == _count_tensors([(d, d), (d, d_x), (d,)] * t_max)
    # step 3: one W_h, W_x, b whatever the length
    assert v.shared["total"] == _count_tensors([(d, d), (d, d_x), (d,)])
    assert v.ratio == t_max
    assert v.sweep_t[0] == 1 and v.sweep_t[-1] == t_max
    assert np.all(np.diff(v.sweep_t) > 0)
    assert np.all(v.sweep_shared == v.shared["total"])
    assert np.all(v.sweep_per_position == v.sweep_t * v.shared["total"])


def test_defaults_figures():
    v = _v()
    assert (v.padded["total"], v.per_position["total"], v.shared["total"]) == \
        (524_416, 1_581_056, 24_704)
    assert v.zero_percent == pytest.approx(81.25)
    assert v.zeros == (64 - 12) * 64


def test_window_against_the_distance():
    assert C.FAR_SENTENCE["en"][0] == "Maria" and C.FAR_SENTENCE["en"][-1] == "she"
    assert len(C.FAR_SENTENCE["zh"]) == len(C.FAR_SENTENCE["en"])
    for w in (1, 10, 11, 64):
        v = _v(window=w)
        assert v.far_distance == 11
        assert v.far_seen == (w >= 11)
        assert v.window_drawn == min(w, 11)


def test_length_over_t_max_is_refused():
    with pytest.raises(ValueError, match="at most t_max"):
        _v(length=65)


def test_language_model_losses_against_torch():
    torch = pytest.importorskip("torch")
    words = C.LM_SENTENCE["en"]
    run = C.language_model_run(words, seed=7)
    vocab = list(dict.fromkeys((*words, C.EOS)))
    rng = np.random.default_rng(7)
    w, s = C.LM_WIDTH, C.LM_SCALE / np.sqrt(C.LM_WIDTH)
    emb = torch.tensor(rng.normal(0, 1, (len(vocab), w)))
    W_h = torch.tensor(rng.normal(0, s, (w, w)))
    W_x = torch.tensor(rng.normal(0, s, (w, w)))
    W_y = torch.tensor(rng.normal(0, s, (len(vocab), w)))
    h = torch.zeros(w, dtype=torch.float64)
    ids = [vocab.index(u) for u in words]
    targets = ids[1:] + [vocab.index(C.EOS)]
    logits = []
    for i in ids:
        h = torch.tanh(W_h @ h + W_x @ emb[i])
        logits.append(W_y @ h)
    ce = torch.nn.functional.cross_entropy(torch.stack(logits), torch.tensor(targets),
                                           reduction="none").numpy()
    np.testing.assert_allclose(run.losses, ce, rtol=1e-12)
    assert run.problems == len(words) == len(run.targets)
    assert run.targets[-1] == C.EOS and run.targets[:-1] == tuple(words[1:])
    assert run.total == pytest.approx(ce.sum())
    assert run.uniform == pytest.approx(np.log(len(vocab)))
