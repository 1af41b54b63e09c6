"""The shared translation model of part II (P7 seq2seq, P8 attention): a task, an encoder–decoder
with and without attention, its training, greedy and beam search, log-probabilities and
accuracy by source length. Pure numpy, float64.

The task: a digit string read aloud -> the digits. The English source is the digit words
(``"four seven two nine"``), the Chinese source the digit characters (``"四 七 二 九"``); the
target is the same in both, the digits as tokens (``4 7 2 9``) followed by ``</s>``. Why this
task and not dates: it has one right answer and a known alignment (output token i comes from
source position i, ``Pair.align``), it exists in both languages with the same target, and its
source can grow from 3 to two dozen tokens, far enough that one fixed vector of ``hidden``
numbers stops holding it (the accuracy curve over lengths falls) while a decoder that looks
back at every source position does not need to hold it at all. Dates have a nicer reordering
but a range of lengths too narrow to show the fall; the digit string trains in seconds.

The source vocabulary is the ten digit words of the language, indexed by their digit, so the
trained weights do not depend on the language: the cache key leaves ``lang`` out and the zh and
en videos show the same trained model (``Translator.lang`` only names the source words).

The model (``H`` = ``hidden``, ``V`` = 11 target tokens: the digits 0–9 and ``</s>``, which is
also the decoder's start token; source tokens enter as one-hot rows of the 10 digit ids):

Encoder, a GRU (``mathcore.cells.gru``'s equations, torch's gate order r, z, n)::

    h_j = GRU_enc(h_{j-1}, x_j),  h_{-1} = 0,          H = [h_0 … h_{T_x-1}]   (T_x, H)

Decoder, a GRU started from the encoder's last state ``s_{-1} = h_{T_x-1}``:

- ``attention=False``: that state is the decoder's only view of the source (the fixed vector)::

      s_t = GRU_dec(s_{t-1}, y_{t-1}),   p(y_t | y_<t, x) = softmax(W_o s_t + b_o)

- ``attention=True`` (Bahdanau, Cho & Bengio 2015, additive scores)::

      e_tj = v^T tanh(W_a s_{t-1} + U_a h_j),  alpha_t = softmax_j(e_t),  c_t = sum_j alpha_tj h_j
      s_t = GRU_dec(s_{t-1}, [y_{t-1}; c_t]),  p(y_t | y_<t, x) = softmax(W_o [s_t; c_t] + b_o)

Training: teacher forcing, loss = mean over the batch's target tokens (``</s>`` included) of
``-log p``; exact backpropagation through the decoder and the encoder (BPTT, written out below and
checked against central differences in ``tests/test_translate.py``); Adam; the gradient is
clipped to global norm ``clip`` before every update (``g <- min(1, clip/‖g‖) g``). A batch holds
strings of one length, so nothing is padded. Every epoch draws fresh strings from
``default_rng([seed, 0, epoch])``; evaluation draws from ``default_rng([seed, 1, length])``, a
different stream (short lengths have only 10^L strings, so some evaluation strings were also
trained on; from length 8 on a repeat is very unlikely).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from mathcore import train_cache

__all__ = [
    "DIGIT_WORDS", "EOS", "DEFAULT_PLAIN", "DEFAULT_ATTENTION", "TGT_VOCAB", "Pair", "Translator", "Beam", "BeamStep", "BeamResult",
    "make_pairs", "train_translator", "encode", "decode_step", "log_prob", "greedy",
    "beam_search", "alignment", "accuracy_by_length", "loss_and_grads", "init_params",
]

#: The source words, indexed by digit.
DIGIT_WORDS: Mapping[str, tuple[str, ...]] = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "zh": ("零", "一", "二", "三", "四", "五", "六", "七", "八", "九"),
}
EOS = "</s>"
#: Target tokens: the digits, then ``</s>`` (id 10; also the decoder's start token).
TGT_VOCAB: tuple[str, ...] = tuple(str(d) for d in range(10)) + (EOS,)
_EOS = 10
_V = 11
_NSRC = 10
_CODE = ("mathcore.prehistory.translate",)

#: The trained models part II shows (measured on one core of the build machine: about 10 s and
#: 13 s of CPU). The fixed-vector model is given twice the attention model's width, and still
#: loses the long strings.
DEFAULT_PLAIN = {"hidden": 64, "epochs": 50, "seed": 0}
DEFAULT_ATTENTION = {"hidden": 32, "epochs": 50, "seed": 0}


@dataclass(frozen=True)
class Pair:
    """One example: ``src`` the digit words, ``tgt`` the digits (no ``</s>``), ``align[i]`` the
    source position output token i comes from (here ``i``: the task's alignment is the
    diagonal)."""

    src: tuple[str, ...]
    tgt: tuple[str, ...]
    align: tuple[int, ...]


def _check_lang(lang: str) -> None:
    if lang not in DIGIT_WORDS:
        raise ValueError(f"lang must be one of {sorted(DIGIT_WORDS)}, got {lang!r}")


def _draw(rng: np.random.Generator, n: int, min_len: int, max_len: int) -> list[np.ndarray]:
    lens = rng.integers(min_len, max_len + 1, size=n)
    return [rng.integers(0, 10, size=int(L)) for L in lens]


def make_pairs(lang: str, n: int, seed: int, min_len: int, max_len: int) -> tuple[Pair, ...]:
    """``n`` digit strings read aloud, lengths uniform in ``[min_len, max_len]``.

    Draws from ``default_rng(seed)``: all ``n`` lengths first, then each string's digits.

    Returns
    -------
    tuple of Pair
        ``src`` of length L (words of ``lang``), ``tgt`` of length L (``"0"``…``"9"``),
        ``align == (0, 1, …, L-1)``.
    """
    _check_lang(lang)
    if not 1 <= min_len <= max_len:
        raise ValueError(f"need 1 <= min_len <= max_len, got {min_len}, {max_len}")
    words = DIGIT_WORDS[lang]
    out = []
    for d in _draw(np.random.default_rng(seed), n, min_len, max_len):
        out.append(Pair(src=tuple(words[int(i)] for i in d), tgt=tuple(str(int(i)) for i in d),
                        align=tuple(range(len(d)))))
    return tuple(out)


# ----------------------------------------------------------------------------- the model

def _sig(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # = 1/(1+e^-x), never overflows


def _names(attention: bool) -> tuple[str, ...]:
    base = ("enc_wi", "enc_wh", "enc_bi", "enc_bh", "dec_wy", "dec_wh", "dec_bi", "dec_bh",
            "out_ws", "out_b")
    return base + (("dec_wc", "out_wc", "att_w", "att_u", "att_v") if attention else ())


def init_params(hidden: int, attention: bool, seed: int) -> dict[str, np.ndarray]:
    """Weights ~ U(-k, k), k = 1/sqrt(hidden) (torch's GRU default), drawn from
    ``default_rng([seed, 2])`` in the order of the shapes below.

    Shapes: ``enc_wi`` (3H, 10), ``enc_wh`` (3H, H), ``enc_bi``/``enc_bh`` (3H,), ``dec_wy``
    (3H, 11), ``dec_wh`` (3H, H), ``dec_bi``/``dec_bh`` (3H,), ``out_ws`` (11, H), ``out_b``
    (11,); with attention also ``dec_wc`` (3H, H), ``out_wc`` (11, H), ``att_w``/``att_u``
    (H, H), ``att_v`` (H,).
    """
    H = hidden
    shapes = {"enc_wi": (3 * H, _NSRC), "enc_wh": (3 * H, H), "enc_bi": (3 * H,),
              "enc_bh": (3 * H,), "dec_wy": (3 * H, _V), "dec_wh": (3 * H, H),
              "dec_bi": (3 * H,), "dec_bh": (3 * H,), "out_ws": (_V, H), "out_b": (_V,),
              "dec_wc": (3 * H, H), "out_wc": (_V, H), "att_w": (H, H), "att_u": (H, H),
              "att_v": (H,)}
    rng = np.random.default_rng([seed, 2])
    k = 1.0 / math.sqrt(H)
    return {n: rng.uniform(-k, k, size=shapes[n]) for n in _names(attention)}


def _gru_fwd(pre_i, h, wh, bh):
    H = h.shape[1]
    pre_h = h @ wh.T + bh
    r = _sig(pre_i[:, :H] + pre_h[:, :H])
    z = _sig(pre_i[:, H:2 * H] + pre_h[:, H:2 * H])
    n = np.tanh(pre_i[:, 2 * H:] + r * pre_h[:, 2 * H:])
    return (1.0 - z) * n + z * h, (h, pre_h, r, z, n)


def _gru_bwd(dh, cache, wh):
    h, pre_h, r, z, n = cache
    H = h.shape[1]
    d_npre = dh * (1.0 - z) * (1.0 - n * n)
    d_rpre = d_npre * pre_h[:, 2 * H:] * r * (1.0 - r)
    d_zpre = dh * (h - n) * z * (1.0 - z)
    dpre_i = np.concatenate([d_rpre, d_zpre, d_npre], axis=1)
    dpre_h = np.concatenate([d_rpre, d_zpre, d_npre * r], axis=1)
    return dpre_i, dpre_h, dh * z + dpre_h @ wh


def _encode(p, src):
    """src (B, T) ints -> H (B, T, hidden), caches."""
    B, T = src.shape
    h = np.zeros((B, p["enc_wh"].shape[1]))
    hs, caches = [], []
    wiT = p["enc_wi"].T  # (10, 3H): a one-hot row times W_i^T is a row of it
    for t in range(T):
        h, c = _gru_fwd(wiT[src[:, t]] + p["enc_bi"], h, p["enc_wh"], p["enc_bh"])
        hs.append(h)
        caches.append(c)
    return np.stack(hs, axis=1), caches


def _attend(p, s, Hs, keys):
    """alpha (B, T), context (B, H), tanh activations (B, T, H)."""
    a = np.tanh((s @ p["att_w"].T)[:, None, :] + keys)
    e = a @ p["att_v"]
    e = e - e.max(axis=1, keepdims=True)
    w = np.exp(e)
    alpha = w / w.sum(axis=1, keepdims=True)
    return alpha, np.einsum("bt,bth->bh", alpha, Hs), a


def _step(p, attention, s, prev, Hs, keys):
    """One decoder step for a batch: prev (B,) ints. Returns log p (B, V), new s, alpha, cache."""
    pre_i = p["dec_wy"].T[prev] + p["dec_bi"]
    alpha = ctx = a = None
    if attention:
        alpha, ctx, a = _attend(p, s, Hs, keys)
        pre_i = pre_i + ctx @ p["dec_wc"].T
    s_new, gc = _gru_fwd(pre_i, s, p["dec_wh"], p["dec_bh"])
    logits = s_new @ p["out_ws"].T + p["out_b"]
    if attention:
        logits = logits + ctx @ p["out_wc"].T
    logits = logits - logits.max(axis=1, keepdims=True)
    logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return logp, s_new, alpha, (s, prev, gc, alpha, ctx, a)


def loss_and_grads(p: Mapping[str, np.ndarray], attention: bool, src: np.ndarray,
                   tgt: np.ndarray, grads: bool = True):
    """Teacher-forced loss and its exact gradient for one batch.

    Parameters
    ----------
    p : mapping of str to ndarray
        Weights (:func:`init_params`).
    attention : bool
    src : ndarray of int, shape (B, T_x)
        Source digit ids.
    tgt : ndarray of int, shape (B, T_y)
        Target ids, ``</s>`` (10) last; the decoder reads ``</s>`` then ``tgt[:, :-1]``.
    grads : bool
        False: the loss only.

    Returns
    -------
    loss : float
        ``-(1/(B T_y)) sum_b sum_t log p(tgt[b, t] | tgt[b, <t], src[b])``.
    g : dict of str to ndarray or None
        dloss/dp, same shapes as ``p``.
    """
    B, Ty = tgt.shape
    Hs, enc_caches = _encode(p, src)
    keys = Hs @ p["att_u"].T if attention else None
    s = Hs[:, -1]
    prev = np.full(B, _EOS)
    loss = 0.0
    caches, logps = [], []
    for t in range(Ty):
        logp, s, _, c = _step(p, attention, s, prev, Hs, keys)
        loss -= logp[np.arange(B), tgt[:, t]].sum()
        caches.append((c, s))
        logps.append(logp)
        prev = tgt[:, t]
    scale = 1.0 / (B * Ty)
    loss *= scale
    if not grads:
        return loss, None

    g = {k: np.zeros_like(v) for k, v in p.items()}
    dHs = np.zeros_like(Hs)
    dkeys = np.zeros_like(Hs) if attention else None
    ds = np.zeros_like(s)
    eye_v = np.eye(_V)
    for t in range(Ty - 1, -1, -1):
        (s_prev, prev_t, gc, alpha, ctx, a), s_t = caches[t]
        dlogits = np.exp(logps[t])
        dlogits[np.arange(B), tgt[:, t]] -= 1.0
        dlogits *= scale
        g["out_ws"] += dlogits.T @ s_t
        g["out_b"] += dlogits.sum(axis=0)
        ds = ds + dlogits @ p["out_ws"]
        dpre_i, dpre_h, ds = _gru_bwd(ds, gc, p["dec_wh"])
        g["dec_wh"] += dpre_h.T @ gc[0]
        g["dec_bh"] += dpre_h.sum(axis=0)
        g["dec_bi"] += dpre_i.sum(axis=0)
        g["dec_wy"] += dpre_i.T @ eye_v[prev_t]
        if attention:
            g["out_wc"] += dlogits.T @ ctx
            g["dec_wc"] += dpre_i.T @ ctx
            dctx = dlogits @ p["out_wc"] + dpre_i @ p["dec_wc"]
            dalpha = np.einsum("bh,bth->bt", dctx, Hs)
            dHs += alpha[:, :, None] * dctx[:, None, :]
            de = alpha * (dalpha - (alpha * dalpha).sum(axis=1, keepdims=True))
            g["att_v"] += np.einsum("bt,bth->h", de, a)
            dpre = de[:, :, None] * p["att_v"] * (1.0 - a * a)  # (B, T, H)
            dq = dpre.sum(axis=1)
            dkeys += dpre
            g["att_w"] += dq.T @ s_prev
            ds = ds + dq @ p["att_w"]
    if attention:
        g["att_u"] += np.einsum("bta,bth->ah", dkeys, Hs)
        dHs += dkeys @ p["att_u"]
    dHs[:, -1] += ds
    carry = np.zeros_like(ds)
    eye_s = np.eye(_NSRC)
    for t in range(src.shape[1] - 1, -1, -1):
        dpre_i, dpre_h, carry = _gru_bwd(dHs[:, t] + carry, enc_caches[t], p["enc_wh"])
        g["enc_wh"] += dpre_h.T @ enc_caches[t][0]
        g["enc_bh"] += dpre_h.sum(axis=0)
        g["enc_bi"] += dpre_i.sum(axis=0)
        g["enc_wi"] += dpre_i.T @ eye_s[src[:, t]]
    return loss, g


# ----------------------------------------------------------------------------- training

@dataclass(frozen=True, eq=False)
class Translator:
    """A trained encoder–decoder.

    Attributes
    ----------
    lang : str
        Names the source words (``DIGIT_WORDS[lang]``); the weights do not depend on it.
    attention : bool
    hidden : int
        H, the width of every state (and of the fixed vector without attention).
    epochs, seed, min_len, max_len, batch, batches_per_epoch : int
    lr, clip : float
        Adam's step size and the global-norm clipping threshold.
    params : dict of str to read-only ndarray
        The weights (:func:`init_params` names and shapes).
    train_losses : ndarray, shape (epochs,)
        Mean per-token ``-log p`` (nats) over each epoch's batches, before each batch's update.
    src_vocab : tuple of str
        ``DIGIT_WORDS[lang]``: source id -> word.
    tgt_vocab : tuple of str
        ``TGT_VOCAB``.
    """

    lang: str
    attention: bool
    hidden: int
    epochs: int
    seed: int
    min_len: int
    max_len: int
    batch: int
    batches_per_epoch: int
    lr: float
    clip: float
    params: Mapping[str, np.ndarray]
    train_losses: np.ndarray
    src_vocab: tuple[str, ...] = field(default=())
    tgt_vocab: tuple[str, ...] = TGT_VOCAB


def _train_arrays(attention, hidden, epochs, seed, min_len, max_len, batch, batches_per_epoch,
                  lr, clip, say):
    p = init_params(hidden, attention, seed)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(w) for k, w in p.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    step = 0
    losses = np.zeros(epochs)
    for ep in range(epochs):
        rng = np.random.default_rng([seed, 0, ep])
        total = 0.0
        for _ in range(batches_per_epoch):
            L = int(rng.integers(min_len, max_len + 1))
            src = rng.integers(0, 10, size=(batch, L))
            tgt = np.concatenate([src, np.full((batch, 1), _EOS)], axis=1)
            loss, g = loss_and_grads(p, attention, src, tgt)
            total += loss
            norm = math.sqrt(sum(float((x * x).sum()) for x in g.values()))
            f = min(1.0, clip / norm) if norm > 0 else 1.0
            step += 1
            for k in p:
                gk = g[k] * f
                m[k] = b1 * m[k] + (1 - b1) * gk
                v[k] = b2 * v[k] + (1 - b2) * gk * gk
                mh = m[k] / (1 - b1 ** step)
                vh = v[k] / (1 - b2 ** step)
                p[k] = p[k] - lr * mh / (np.sqrt(vh) + eps)
        losses[ep] = total / batches_per_epoch
        say(f"epoch {ep + 1}/{epochs} loss {losses[ep]:.3f}")
    out = {f"p_{k}": w for k, w in p.items()}
    out["train_losses"] = losses
    return out


def _train_from(inputs: Mapping, say) -> dict[str, np.ndarray]:
    """:func:`_train_arrays` of ``train_translator``'s inputs (what the training process runs)."""
    return _train_arrays(say=say, **inputs)


def train_translator(lang: str, attention: bool, hidden: int, epochs: int, seed: int,
                     min_len: int = 3, max_len: int = 24, batch: int = 32,
                     batches_per_epoch: int = 40, lr: float = 0.01,
                     clip: float = 5.0, fresh: bool = False) -> Translator:
    """Train (or load from :mod:`mathcore.train_cache`) the encoder–decoder.

    Parameters
    ----------
    lang : {"zh", "en"}
        Source words shown; not part of the cache key (the weights do not depend on it).
    attention : bool
        False: the encoder's last state is all the decoder sees of the source.
    hidden : int
        H.
    epochs : int
        Epochs of ``batches_per_epoch`` batches of ``batch`` strings (one length per batch,
        uniform in ``[min_len, max_len]``).
    seed : int
        Weights from ``default_rng([seed, 2])``, epoch e's strings from
        ``default_rng([seed, 0, e])``.
    fresh : bool
        Train without reading or writing the cache (``train_cache.train_fresh``).

    Returns
    -------
    Translator
    """
    _check_lang(lang)
    if hidden < 1 or epochs < 1 or batch < 1 or batches_per_epoch < 1:
        raise ValueError("hidden, epochs, batch and batches_per_epoch must be at least 1")
    if not 1 <= min_len <= max_len:
        raise ValueError(f"need 1 <= min_len <= max_len, got {min_len}, {max_len}")
    inputs = dict(attention=bool(attention), hidden=int(hidden), epochs=int(epochs),
                  seed=int(seed), min_len=int(min_len), max_len=int(max_len), batch=int(batch),
                  batches_per_epoch=int(batches_per_epoch), lr=float(lr), clip=float(clip))
    name = "seq2seq-attention" if attention else "seq2seq"
    train = f"{__name__}:_train_from"   # in a child with fixed numerics (mathcore.train_cache)
    arrays = (train_cache.train_fresh(name, train, inputs) if fresh
              else train_cache.cached(name, inputs, _CODE, train))
    params = {k[2:]: a for k, a in arrays.items() if k.startswith("p_")}
    return Translator(lang=lang, params=params, train_losses=arrays["train_losses"],
                      src_vocab=DIGIT_WORDS[lang], **inputs)


# ----------------------------------------------------------------------------- inference

def _src_ids(tr: Translator, src: Sequence[str]) -> np.ndarray:
    index = {w: i for i, w in enumerate(tr.src_vocab)}
    try:
        return np.array([index[w] for w in src], dtype=np.int64)
    except KeyError as exc:
        raise ValueError(f"not a source word of {tr.lang!r}: {exc.args[0]!r}") from None


def _tgt_id(tok) -> int:
    if isinstance(tok, (int, np.integer)):
        return int(tok)
    return TGT_VOCAB.index(tok)


def encode(tr: Translator, src: Sequence[str]) -> np.ndarray:
    """The encoder's states ``H``, shape (T_x, hidden); ``H[-1]`` is the fixed vector."""
    Hs, _ = _encode(tr.params, _src_ids(tr, src)[None, :])
    return Hs[0]


def decode_step(tr: Translator, state: np.ndarray, prev_token, H: np.ndarray):
    """One decoder step.

    Parameters
    ----------
    state : ndarray, shape (hidden,)
        ``s_{t-1}`` (``H[-1]`` before the first step).
    prev_token : str or int
        ``y_{t-1}`` (``"</s>"`` before the first step).
    H : ndarray, shape (T_x, hidden)
        :func:`encode`'s states.

    Returns
    -------
    log_probs : ndarray, shape (11,)
        ``log p(y_t = k | …)`` over ``TGT_VOCAB``.
    new_state : ndarray, shape (hidden,)
    alpha : ndarray, shape (T_x,), or None without attention
    """
    Hb = np.asarray(H, dtype=np.float64)[None]
    keys = Hb @ tr.params["att_u"].T if tr.attention else None
    logp, s, alpha, _ = _step(tr.params, tr.attention, np.asarray(state, dtype=np.float64)[None],
                              np.array([_tgt_id(prev_token)]), Hb, keys)
    return logp[0], s[0], (None if alpha is None else alpha[0])


def log_prob(tr: Translator, src: Sequence[str], tgt: Sequence[str]) -> float:
    """``log P(tgt | src) = sum_t log p(y_t | y_<t, src)`` over ``tgt`` then ``</s>`` (nats)."""
    ids = [_tgt_id(t) for t in tgt] + [_EOS]
    H = encode(tr, src)
    s, prev, total = H[-1], _EOS, 0.0
    for y in ids:
        lp, s, _ = decode_step(tr, s, prev, H)
        total += float(lp[y])
        prev = y
    return total


def _default_max(src) -> int:
    return 2 * len(src) + 2


def _greedy_ids(tr, src, max_len):
    H = encode(tr, src)
    s, prev, out, alphas = H[-1], _EOS, [], []
    for _ in range(max_len + 1):
        lp, s, a = decode_step(tr, s, prev, H)
        prev = int(np.argmax(lp))
        alphas.append(a)
        if prev == _EOS:
            break
        out.append(prev)
    return out, alphas


def greedy(tr: Translator, src: Sequence[str], max_len: int | None = None) -> tuple[str, ...]:
    """The most likely token at every step until ``</s>`` (not included) or ``max_len`` tokens
    (default ``2 T_x + 2``)."""
    out, _ = _greedy_ids(tr, src, _default_max(src) if max_len is None else max_len)
    return tuple(TGT_VOCAB[i] for i in out)


def alignment(tr: Translator, src: Sequence[str]) -> np.ndarray:
    """The attention weights along the greedy output, shape (T_y, T_x): row t is ``alpha_t``
    of output step t, the last row the step that produced ``</s>`` (if it came within
    ``2 T_x + 2`` tokens). Attention models only."""
    if not tr.attention:
        raise ValueError("alignment needs a model with attention")
    _, alphas = _greedy_ids(tr, src, _default_max(src))
    return np.array(alphas)


@dataclass(frozen=True)
class Beam:
    """A hypothesis: ``tokens`` (with ``"</s>"`` last when ``done``), ``log_p`` the sum of its
    tokens' log-probabilities, ``score = log_p / len(tokens)**alpha``."""

    tokens: tuple[str, ...]
    log_p: float
    score: float
    done: bool


@dataclass(frozen=True)
class BeamStep:
    """Step t (1-based) of the search: ``kept`` the ``B - F`` best extensions by ``log_p``
    (``F`` finished before this step; ties by token order), best first; the done ones leave
    the beam."""

    t: int
    kept: tuple[Beam, ...]


@dataclass(frozen=True)
class BeamResult:
    """Beam search's record.

    Attributes
    ----------
    src : tuple of str
    beam_width : int
    alpha : float
        Length normalisation: finished hypotheses are ranked by ``log_p / T_y**alpha``,
        ``T_y`` counting ``</s>``.
    steps : tuple of BeamStep
    finished : tuple of Beam
        Every hypothesis that ended, best score first (plus the live ones if ``max_len`` ran
        out before any ended).
    best : Beam
        ``finished[0]``.
    output : tuple of str
        ``best.tokens`` without ``</s>``.
    """

    src: tuple[str, ...]
    beam_width: int
    alpha: float
    steps: tuple[BeamStep, ...]
    finished: tuple[Beam, ...]
    best: Beam
    output: tuple[str, ...]


def beam_search(tr: Translator, src: Sequence[str], beam_width: int, alpha: float,
                max_len: int | None = None) -> BeamResult:
    """Beam search with length normalisation ``score = (1/T_y^alpha) sum_t log p``.

    Each step extends every live hypothesis by every token and keeps the best ``B - F``
    extensions by summed ``log p``, ``F`` the hypotheses finished so far; a kept extension
    ending in ``</s>`` is finished and leaves the beam, so the beam shrinks by one per finished
    hypothesis. The search stops when ``B`` hypotheses have finished or after ``max_len + 1``
    steps (default ``max_len = 2 T_x + 2``). With ``beam_width = 1`` this is :func:`greedy`
    exactly.
    """
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    max_len = _default_max(src) if max_len is None else max_len
    H = encode(tr, src)

    def score(lp, n):
        return lp / (n ** alpha)

    live = [((), 0.0, H[-1])]  # (token ids, log p, state)
    finished: list[Beam] = []
    steps = []
    for t in range(1, max_len + 2):
        cands = []
        for toks, lp0, s in live:
            lp, s_new, _ = decode_step(tr, s, toks[-1] if toks else _EOS, H)
            for k in range(_V):
                cands.append((lp0 + float(lp[k]), toks + (k,), s_new))
        width = beam_width - len(finished)
        order = sorted(range(len(cands)), key=lambda i: -cands[i][0])[:width]
        kept, live = [], []
        for i in order:
            lp, toks, s_new = cands[i]
            done = toks[-1] == _EOS
            b = Beam(tuple(TGT_VOCAB[k] for k in toks), lp, score(lp, len(toks)), done)
            kept.append(b)
            if done:
                finished.append(b)
            else:
                live.append((toks, lp, s_new))
        steps.append(BeamStep(t, tuple(kept)))
        if not live or len(finished) >= beam_width:
            break
    if not finished:
        finished = [Beam(tuple(TGT_VOCAB[k] for k in toks), lp, score(lp, len(toks)), False)
                    for toks, lp, _ in live]
    finished.sort(key=lambda b: -b.score)
    best = finished[0]
    out = best.tokens[:-1] if best.done else best.tokens
    return BeamResult(tuple(src), beam_width, float(alpha), tuple(steps), tuple(finished),
                      best, tuple(out))


def _greedy_batch(p, attention, src, steps):
    B = src.shape[0]
    Hs, _ = _encode(p, src)
    keys = Hs @ p["att_u"].T if attention else None
    s, prev = Hs[:, -1], np.full(B, _EOS)
    out = np.empty((B, steps), dtype=np.int64)
    for t in range(steps):
        logp, s, _, _ = _step(p, attention, s, prev, Hs, keys)
        prev = np.argmax(logp, axis=1)
        out[:, t] = prev
    return out


def accuracy_by_length(tr: Translator, lengths: Sequence[int], n_per_length: int,
                       seed: int) -> np.ndarray:
    """Exact-match accuracy of the greedy output, per source length.

    For each L in ``lengths``: ``n_per_length`` strings from ``default_rng([seed, 1, L])``
    (not the training stream ``[seed, 0, epoch]``); a string counts when the greedy output is
    its L digits followed by ``</s>``.

    Returns
    -------
    ndarray, shape (len(lengths),)
        Fractions in [0, 1].
    """
    acc = np.zeros(len(lengths))
    for i, L in enumerate(lengths):
        src = np.random.default_rng([seed, 1, int(L)]).integers(0, 10, size=(n_per_length, int(L)))
        out = _greedy_batch(tr.params, tr.attention, src, int(L) + 1)
        ok = (out[:, :L] == src).all(axis=1) & (out[:, L] == _EOS)
        acc[i] = ok.mean()
    return acc
