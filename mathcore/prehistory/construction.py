"""pre-01 Construction: from a fixed window to the shared-weight recurrence, counted.

The page builds the RNN in three steps, each fixing the last one's visible defect: pad every
sequence with zeros to ``T_max`` and feed an MLP; give each position its own layer; share one
set of weights across positions. This module counts what each step costs for ``t_max``, ``d``
(state width) and ``d_x`` (input width), with one convention throughout: a step's cell is its
recurrent matrix ``W_h (d, d)``, input matrix ``W_x (d, d_x)`` and bias ``b (d,)``, the
primer's count (:func:`mathcore.primer.recurrence.unrolled_param_count`); output layers are not
counted. It also runs the two small examples the section shows: a fixed window against a
far reference, and an untrained RNN language model turning one sentence into L predictions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..primer.recurrence import unrolled_param_count

#: The far-reference sentence, per language: the pronoun at the end refers to the name at the
#: start (index 0). Tokens as the section shows them.
FAR_SENTENCE = {
    "en": ("Maria", "put", "the", "old", "keys", "in", "the", "blue", "box", "so", "later",
           "she"),
    "zh": ("玛丽", "把", "那", "串", "旧", "钥匙", "放", "进", "蓝", "盒子", "后来", "她"),
}
FAR_REFERENT = 0

#: The language-model sentence, per language (without the end mark, which the model adds).
LM_SENTENCE = {
    "en": ("the", "cat", "sat", "on", "the", "mat"),
    "zh": ("小猫", "坐", "在", "垫子", "上"),
}
EOS = "<EOS>"
#: Width of the untrained language model's embeddings and state, and its weights' scale.
LM_WIDTH, LM_SCALE = 8, 0.5

#: Points of the T_max sweep: 1 to t_max, about 80 distinct lengths on a geometric grid.
SWEEP_POINTS = 80


def t_max_sweep(t_max: int) -> np.ndarray:
    """Distinct integer lengths from 1 to ``t_max`` on a geometric grid, both ends included."""
    grid = np.unique(np.round(np.geomspace(1, t_max, SWEEP_POINTS)).astype(np.int64))
    return grid


def padded_count(t_max: int, d: int, d_x: int) -> dict:
    """Step 1: an MLP's first layer on the zero-padded input, flattened to ``t_max * d_x``.

    ``W (d, t_max * d_x)`` and ``b (d,)``: ``{"input_size", "weights", "bias", "total"}``.
    """
    n_in = t_max * d_x
    return {"input_size": n_in, "weights": n_in * d, "bias": d, "total": n_in * d + d}


def per_position_count(t_max: int, d: int, d_x: int) -> dict:
    """Step 2: one cell of its own per position, ``t_max`` cells of the shared count each.

    ``{"per_layer", "layers", "total"}`` with ``total = t_max * (d*d + d*d_x + d)``.
    """
    one = unrolled_param_count(1, d, d_x)["total"]
    return {"per_layer": one, "layers": t_max, "total": t_max * one}


@dataclass(frozen=True, eq=False)
class LanguageModelRun:
    """An untrained RNN language model reading one sentence.

    Attributes
    ----------
    tokens : tuple of str
        The sentence ``u_1 .. u_L`` (L words), without the end mark.
    targets : tuple of str
        What each position predicts: ``u_2 .. u_L`` and the end mark (L targets: nothing
        predicts ``u_1``).
    losses : numpy.ndarray, shape (L,)
        Cross-entropy ``-log softmax(W_y h_l + b_y)[target]`` at each position (natural log).
    total : float
        Their sum, the sequence's loss.
    uniform : float
        ``log V``: the loss of a model that gives every word of the vocabulary the same chance.
    problems : int
        ``L``, the number of prediction problems one sentence makes.
    """

    tokens: tuple
    targets: tuple
    losses: np.ndarray
    total: float
    uniform: float
    problems: int


def language_model_run(words: tuple, seed: int, width: int = LM_WIDTH,
                       scale: float = LM_SCALE) -> LanguageModelRun:
    """Run a seeded, untrained Elman RNN LM over ``words``; loss at each of the L positions.

    ``h_l = tanh(W_h h_{l-1} + W_x e(u_l) + b)``, logits ``W_y h_l + b_y``; weights
    ``N(0, scale^2 / width)``, biases 0; vocabulary: the sentence's distinct words and the end
    mark, in order of first appearance. Shapes: ``e (V, width)``, ``W_h, W_x (width, width)``,
    ``W_y (V, width)``.
    """
    vocab = list(dict.fromkeys((*words, EOS)))
    V = len(vocab)
    rng = np.random.default_rng(seed)
    s = scale / np.sqrt(width)
    emb = rng.normal(0, 1, (V, width))
    W_h = rng.normal(0, s, (width, width))
    W_x = rng.normal(0, s, (width, width))
    W_y = rng.normal(0, s, (V, width))
    targets = (*words[1:], EOS)
    h = np.zeros(width)
    losses = []
    for u, y in zip(words, targets):
        h = np.tanh(W_h @ h + W_x @ emb[vocab.index(u)])
        z = W_y @ h
        z = z - z.max()
        logp = z - np.log(np.exp(z).sum())
        losses.append(-logp[vocab.index(y)])
    losses = np.array(losses)
    return LanguageModelRun(tokens=tuple(words), targets=targets, losses=losses,
                            total=float(losses.sum()), uniform=float(np.log(V)),
                            problems=len(targets))


@dataclass(frozen=True, eq=False)
class ConstructionValues:
    """What pre-01 shows.

    Attributes
    ----------
    far_sentence : dict
        ``FAR_SENTENCE``: per language, the sentence whose last word refers to its first.
    window : int
        The fixed context window of the MLP language model (parameter ``window``).
    far_distance : int
        Tokens between the far sentence's pronoun and its referent (11 in both languages).
    far_seen : bool
        Whether the window reaches the referent: ``window >= far_distance``.
    window_drawn : int
        Tokens the window box covers on screen: ``min(window, far_distance)`` (the sentence has
        ``far_distance`` tokens before the pronoun).
    t_max, length, d, d_x : int
        Parameters: padded length, a real sequence's length, state and input widths.
    zeros : int
        Padding zeros in that sequence's input vector: ``(t_max - length) * d_x``.
    zero_share : float
        ``(t_max - length) / t_max``: the share of the padded input that is padding.
    zero_percent : float
        The same in percent.
    padded : dict
        :func:`padded_count`.
    per_position : dict
        :func:`per_position_count`.
    shared : dict
        :func:`mathcore.primer.recurrence.unrolled_param_count` over ``t_max`` steps.
    ratio : int
        ``per_position.total / shared.total`` (= ``t_max``).
    sweep_t : numpy.ndarray of int, shape (K,)
        :func:`t_max_sweep`: the lengths the sweep visits.
    sweep_per_position, sweep_shared : numpy.ndarray of int, shape (K,)
        Both counts at each of those lengths.
    lm : dict
        ``{"zh": LanguageModelRun, "en": LanguageModelRun}`` at ``lm_seed``.
    """

    far_sentence: dict
    window: int
    far_distance: int
    far_seen: bool
    window_drawn: int
    t_max: int
    length: int
    d: int
    d_x: int
    zeros: int
    zero_share: float
    zero_percent: float
    padded: dict
    per_position: dict
    shared: dict
    ratio: int
    sweep_t: np.ndarray
    sweep_per_position: np.ndarray
    sweep_shared: np.ndarray
    lm: dict


def construction_values(p: dict) -> ConstructionValues:
    """Compute pre-01 from its parameters (``window``, ``t_max``, ``length``, ``d``, ``d_x``,
    ``lm_seed``); ``length`` must not exceed ``t_max``."""
    t_max, length, d, d_x = (int(p[k]) for k in ("t_max", "length", "d", "d_x"))
    if length > t_max:
        raise ValueError(f"length ({length}) must be at most t_max ({t_max}): a sequence "
                         "longer than T_max does not fit the padded input")
    window = int(p["window"])
    distance = len(FAR_SENTENCE["en"]) - 1 - FAR_REFERENT
    shared = unrolled_param_count(t_max, d, d_x)
    per = per_position_count(t_max, d, d_x)
    sweep = t_max_sweep(t_max)
    return ConstructionValues(
        far_sentence=dict(FAR_SENTENCE), window=window, far_distance=distance, far_seen=window >= distance,
        window_drawn=min(window, distance),
        t_max=t_max, length=length, d=d, d_x=d_x,
        zeros=(t_max - length) * d_x, zero_share=(t_max - length) / t_max,
        zero_percent=100.0 * (t_max - length) / t_max,
        padded=padded_count(t_max, d, d_x), per_position=per, shared=shared,
        ratio=per["total"] // shared["total"],
        sweep_t=sweep,
        sweep_per_position=np.array([per_position_count(int(t), d, d_x)["total"]
                                     for t in sweep], dtype=np.int64),
        sweep_shared=np.array([unrolled_param_count(int(t), d, d_x)["total"] for t in sweep],
                              dtype=np.int64),
        lm={lang: language_model_run(LM_SENTENCE[lang], int(p["lm_seed"]))
            for lang in ("zh", "en")},
    )
