"""P8 Bahdanau attention: additive attention on the encoder–decoder of P7, trained on the same
task, its learned alignment, accuracy against source length beside the model without
attention, and the cost of one score per source–output pair.

The model, the task and the training are :mod:`mathcore.prehistory.translate` (shared with P7):
``train_translator(lang, attention, hidden, epochs, seed)`` trains the same encoder–decoder
with and without attention; everything here is read off the two trained models.

Conventions.

- A decoder *step* writes one token; the last step writes the end marker. The example's
  alignment rows are the steps that write an output token (the end marker's step is not
  compared with a source position: it has none) and the scores count every step, the end
  marker's included.
- An output token *agrees* with the known alignment when its step's largest weight
  ``argmax_j α_{t,j}`` is the source position it is read from (``Pair.align``); positions past
  the reference's length (a wrong, longer output) have no known position and count as not
  agreeing.
- Accuracy is exact match: a greedy output counts only if every token and its length are right.
  The fresh strings are ``accuracy_by_length``'s for ``sample_seed``: with P7's defaults (the
  same fixed-vector model, 100 strings per length, ``sample_seed`` 1) the curve without
  attention is P7's curve, string for string.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import translate

#: The example's source lengths (the heat map draws up to 10 columns).
EXAMPLE_LENGTHS = (3, 10)


#: Fresh pairs (lengths drawn from the training range) for the alignment agreement.
SAMPLE_PAIRS = 60
SAMPLE_SEED = 4090473



@dataclass(frozen=True, eq=False)
class BahdanauValues:
    """Everything P8 shows. Positions shown to the viewer are 1-based (``*_pos`` fields).

    Attributes
    ----------
    hidden, plain_hidden, epochs, seed, source_length, example_seed, eval_n, sample_seed : int
        The parameters: the attention model's width H, the fixed-vector model's width, training
        epochs, training seed (both models), the example's source length T_x, the seed of its
        digits, fresh strings per length for the accuracy curves and their seed.
    train_min, train_max : int
        The source lengths the models were trained on (``Translator.min_len``, ``max_len``).
    src_zh, src_en : tuple of str, length T_x
        The example's source words in each language (the same digits; the model is the same).
    tgt : tuple of str, length T_x
        Its reference output (digits).
    tgt_text : str
        ``tgt`` joined.
    align : numpy.ndarray of int, shape (T_x,)
        The known alignment: output token i is read from source position ``align[i]``.
    out : tuple of str, length T_o
        The attention model's greedy output, the end marker not included.
    out_text : str
        ``out`` joined.
    out_len, src_len : int
        ``T_o`` and ``T_x``.
    out_ok : bool
        ``out == tgt``.
    ended : bool
        The greedy output reached the end marker within ``translate.greedy``'s length limit
        (``2 T_x + 2`` tokens).
    alpha : numpy.ndarray, shape (T_o + ended, T_x)
        ``α_{t,j}`` along the greedy output, one row per decoder step, the last the end
        marker's when ``ended``; every row non-negative, summing to 1.
    alpha_min : float
        The smallest weight in ``alpha``.
    row_sum_err : float
        ``max_t |Σ_j α_{t,j} - 1|``.
    argmax, argmax_pos : numpy.ndarray of int, shape (T_o,)
        ``argmax_j α_{t,j}`` of each output token's step, 0- and 1-based.
    known : numpy.ndarray of int, shape (T_o,)
        The known source position of each output token (``-1`` past the reference's length).
    agree : numpy.ndarray of bool, shape (T_o,)
        ``argmax == known``.
    agree_count : int
        Output tokens that agree.
    focus, focus_pos : int
        The decoder step drawn in the first beat, 0- and 1-based: the middle of the tokens
        both the output and the reference have (``min(T_o, T_x) // 2``; the end marker's step
        when the output is empty).
    focus_token : str
        The token that step writes (``translate.EOS`` for the end marker).
    states : numpy.ndarray, shape (T_o + 1, H)
        ``s_{t-1}``: the decoder's state before each step (``states[0] = H[-1]``).
    enc : numpy.ndarray, shape (T_x, H)
        The encoder's states ``h_j``.
    focus_scores : numpy.ndarray, shape (T_x,)
        ``e_{t,j} = v_a^T tanh(W_a s_{t-1} + U_a h_j)`` at the focus step.
    focus_alpha : numpy.ndarray, shape (T_x,)
        ``softmax(focus_scores)`` (equals ``alpha[focus]``).
    focus_sum : float
        ``Σ_j α_{t,j}`` at the focus step.
    focus_alpha_min : float
        Its smallest weight.
    focus_top_pos : int
        1-based ``argmax`` of ``focus_alpha``.
    focus_top_weight : float
        Its weight.
    focus_known_pos : int
        1-based known source position of the focus step's token (0: none, the end marker).
    steps : int
        Decoder steps on the example, the end marker's included (``T_o + ended``).
    scores : int
        ``T_x · steps``: one score per source position per decoder step.
    lengths : numpy.ndarray of int, shape (L,)
        Source lengths of the accuracy curves, every trained length (``train_min`` to
        ``train_max``); ``first_length``, ``last_length`` its ends.
    acc_plain, acc_attn : numpy.ndarray, shape (L,)
        Exact-match accuracy of the greedy output at each length, without and with attention
        (``eval_n`` fresh strings per length,
        ``accuracy_by_length(tr, lengths, eval_n, sample_seed)``).
    right_plain, right_attn : numpy.ndarray of int, shape (L,)
        The same as counts: strings of ``eval_n`` written exactly right.
    sample_pairs : int
        Fresh sources (lengths in the training range) of the alignment agreement.
    sample_agree, sample_total : int
        Their output tokens that agree, and their output tokens.
    cost_steps, cost_scores : numpy.ndarray of int, shape (L,)
        At each of ``lengths``: decoder steps of a right output (the length plus the end
        marker's step) and ``lengths · cost_steps`` scores.
    """

    hidden: int
    plain_hidden: int
    epochs: int
    seed: int
    source_length: int
    example_seed: int
    eval_n: int
    sample_seed: int
    train_min: int
    train_max: int
    src_zh: tuple
    src_en: tuple
    tgt: tuple
    tgt_text: str
    align: np.ndarray
    out: tuple
    out_text: str
    out_len: int
    src_len: int
    out_ok: bool
    ended: bool
    alpha: np.ndarray
    alpha_min: float
    row_sum_err: float
    argmax: np.ndarray
    argmax_pos: np.ndarray
    known: np.ndarray
    agree: np.ndarray
    agree_count: int
    focus: int
    focus_pos: int
    focus_token: str
    states: np.ndarray
    enc: np.ndarray
    focus_scores: np.ndarray
    focus_alpha: np.ndarray
    focus_sum: float
    focus_alpha_min: float
    focus_top_pos: int
    focus_top_weight: float
    focus_known_pos: int
    steps: int
    scores: int
    lengths: np.ndarray
    first_length: int
    last_length: int
    acc_plain: np.ndarray
    acc_attn: np.ndarray
    right_plain: np.ndarray
    right_attn: np.ndarray
    sample_pairs: int
    sample_agree: int
    sample_total: int
    cost_steps: np.ndarray
    cost_scores: np.ndarray


def additive_scores(params, state: np.ndarray, H: np.ndarray) -> np.ndarray:
    """``e_j = v_a^T tanh(W_a s + U_a h_j)``, shape (T_x,), for ``s`` (hidden,) and the rows
    ``h_j`` of ``H`` (T_x, hidden); ``params`` holds ``att_w`` (W_a), ``att_u`` (U_a) and
    ``att_v`` (v_a). Unshifted: ``softmax(e)`` is the model's α."""
    return np.tanh(params["att_w"] @ state + H @ params["att_u"].T) @ params["att_v"]


def decoder_states(tr, src, out) -> np.ndarray:
    """``s_{t-1}`` before each decoder step along ``out`` then the end marker: shape
    (len(out) + 1, hidden); ``[0]`` is the encoder's last state."""
    H = translate.encode(tr, src)
    s, prev, states = H[-1], translate.EOS, []
    for tok in tuple(out) + (translate.EOS,):
        states.append(s)
        _, s, _ = translate.decode_step(tr, s, prev, H)
        prev = tok
    return np.array(states)


def agreement(tr, pairs) -> tuple[int, int]:
    """Over ``pairs``: output tokens of the greedy output whose step's largest weight is the
    known source position, and output tokens in all (see the module's conventions)."""
    agree = total = 0
    for pr in pairs:
        out = translate.greedy(tr, pr.src)
        a = np.asarray(translate.alignment(tr, pr.src))
        for i in range(len(out)):
            total += 1
            if i < len(pr.align) and int(np.argmax(a[i])) == pr.align[i]:
                agree += 1
    return agree, total


_MEMO: dict = {}


def bahdanau(hidden: int, plain_hidden: int, epochs: int, seed: int, source_length: int,
             example_seed: int, eval_n: int, sample_seed: int) -> BahdanauValues:
    """P8's values: the two trained models (with attention of width ``hidden``, without of
    width ``plain_hidden``), the example, the accuracy curves (on ``sample_seed``'s strings),
    the agreement and the cost sweep."""
    key = (hidden, plain_hidden, epochs, seed, source_length, example_seed, eval_n, sample_seed)
    if key in _MEMO:
        return _MEMO[key]
    if not EXAMPLE_LENGTHS[0] <= source_length <= EXAMPLE_LENGTHS[1]:
        raise ValueError("source_length must be from {} to {}".format(*EXAMPLE_LENGTHS))
    if eval_n < 1:
        raise ValueError("eval_n must be at least 1")
    attn = translate.train_translator("en", True, hidden, epochs, seed)
    plain = translate.train_translator("en", False, plain_hidden, epochs, seed)
    pair = translate.make_pairs("en", 1, example_seed, source_length, source_length)[0]
    src = tuple(pair.src)
    src_zh = tuple(translate.DIGIT_WORDS["zh"][translate.DIGIT_WORDS["en"].index(w)]
                   for w in src)
    out = tuple(translate.greedy(attn, src))
    alpha = np.asarray(translate.alignment(attn, src), dtype=np.float64)
    T_o, T_x = len(out), len(src)
    ended = alpha.shape[0] == T_o + 1
    if T_o == 0:
        raise ValueError("at these settings the model writes nothing for the example (its "
                         "first token is the end marker): no output step to draw")
    argmax = alpha[:T_o].argmax(axis=1)
    known = np.array([pair.align[i] if i < len(pair.align) else -1 for i in range(T_o)],
                     dtype=np.int64)
    agree = argmax == known
    focus = min(T_o, T_x) // 2
    states = decoder_states(attn, src, out)
    H = translate.encode(attn, src)
    e = additive_scores(attn.params, states[focus], H)
    z = np.exp(e - e.max())
    fa = z / z.sum()
    lengths = np.arange(attn.min_len, attn.max_len + 1, dtype=np.int64)
    sample = translate.make_pairs("en", SAMPLE_PAIRS, SAMPLE_SEED, attn.min_len, attn.max_len)
    s_agree, s_total = agreement(attn, sample)
    steps = lengths + 1
    acc_plain = np.asarray(translate.accuracy_by_length(plain, lengths, eval_n, sample_seed))
    acc_attn = np.asarray(translate.accuracy_by_length(attn, lengths, eval_n, sample_seed))
    v = BahdanauValues(
        hidden=int(hidden), plain_hidden=int(plain_hidden), epochs=int(epochs), seed=int(seed),
        source_length=int(source_length), example_seed=int(example_seed), eval_n=int(eval_n),
        sample_seed=int(sample_seed),
        train_min=int(attn.min_len), train_max=int(attn.max_len),
        src_zh=src_zh, src_en=src, tgt=tuple(pair.tgt), tgt_text="".join(pair.tgt),
        align=np.asarray(pair.align, dtype=np.int64), out=out, out_text="".join(out),
        out_len=T_o, src_len=T_x, out_ok=out == tuple(pair.tgt), ended=bool(ended),
        alpha=alpha, alpha_min=float(alpha.min()),
        row_sum_err=float(np.abs(alpha.sum(axis=1) - 1).max()),
        argmax=argmax, argmax_pos=argmax + 1, known=known, agree=agree,
        agree_count=int(agree.sum()), focus=int(focus), focus_pos=int(focus) + 1,
        focus_token=out[focus] if focus < T_o else translate.EOS, states=states, enc=H,
        focus_scores=e, focus_alpha=fa, focus_sum=float(fa.sum()),
        focus_alpha_min=float(fa.min()), focus_top_pos=int(fa.argmax()) + 1,
        focus_top_weight=float(fa.max()),
        focus_known_pos=int(known[focus]) + 1 if focus < T_o else 0,
        steps=T_o + int(ended), scores=T_x * (T_o + int(ended)), lengths=lengths,
        first_length=int(lengths[0]), last_length=int(lengths[-1]),
        acc_plain=acc_plain, acc_attn=acc_attn,
        right_plain=np.rint(acc_plain * eval_n).astype(np.int64),
        right_attn=np.rint(acc_attn * eval_n).astype(np.int64),
        sample_pairs=SAMPLE_PAIRS, sample_agree=int(s_agree), sample_total=int(s_total),
        cost_steps=steps, cost_scores=lengths * steps)
    for a in (alpha, argmax, known, agree, states, H, e, fa, lengths, steps, v.argmax_pos,
              v.align, v.acc_plain, v.acc_attn, v.right_plain, v.right_attn, v.cost_scores):
        a.setflags(write=False)
    _MEMO[key] = v
    return v


def bahdanau_values(p: dict) -> BahdanauValues:
    """P8's values from its resolved parameters."""
    return bahdanau(int(p["hidden"]), int(p["plain_hidden"]), int(p["epochs"]), int(p["seed"]),
                    int(p["source_length"]), int(p["example_seed"]), int(p["eval_n"]),
                    int(p["sample_seed"]))
