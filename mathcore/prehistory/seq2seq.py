"""P7 seq2seq: translation as a conditional language model, the encoder–decoder with one fixed
vector between its halves (trained here, :mod:`mathcore.prehistory.translate`), its accuracy
over source lengths, beam search with length normalisation on that model's real beams, the
search-versus-model rule on its real failures, and BLEU.

Conventions.

- The model is ``translate``'s fixed-vector model (``attention=False``), width ``hidden``,
  trained ``epochs`` epochs from ``seed`` on digit strings of lengths 3–24; the zh and en
  videos show the same weights (the source words differ, the target does not).
- Accuracy is exact match of the greedy output on ``N_PER_LENGTH`` fresh strings per length
  (``translate.accuracy_by_length``, seed ``sample_seed``).
- Beam search ranks finished hypotheses by ``log P / T_y^alpha``, ``T_y`` counting the end
  token ``</s>``; ``beam_width = 1`` is greedy.
- The short-output bias is looked for by a rule: the first string of the sample (``N_SAMPLE``
  strings, lengths 3–24, ``make_pairs(seed=sample_seed)``) whose beam output at ``alpha = 0``
  is shorter than at ``alpha``. None may exist: then the section says so.
- The attribution rule (the page's table): a failure is a sample string whose beam output
  ``ŷ`` is not the reference ``y*``; the search is at fault when ``log P(y*|x) >
  log P(ŷ|x)`` (as displayed), the model otherwise.
- BLEU (Papineni et al. 2002), corpus BLEU-4 of one candidate against one reference on
  whitespace tokens, no smoothing: ``p_n`` = clipped n-gram matches / candidate n-grams
  (0 when the candidate has no n-gram of that order),
  ``BP = 1 if c > r else exp(1 - r/c)``, ``BLEU = 100 · BP · exp(sum_n ¼ log p_n)``, 0 when
  some ``p_n`` is 0. The page writes ``exp(1/n sum p_n)``, without the logarithm; its value
  (``page_formula``) is at least 1 for any candidate.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from . import translate as tr_mod

#: Source lengths of the accuracy curve, and fresh strings per length.
LENGTHS = tuple(range(3, 25))
N_PER_LENGTH = 100
#: Strings in the sample the bias and the failures are looked for in, their lengths.
N_SAMPLE = 30
SAMPLE_MIN, SAMPLE_MAX = 3, 24
#: Failures shown in the attribution table.
N_FAILURES = 4
#: BLEU's orders.
MAX_N = 4


@dataclass(frozen=True, eq=False)
class Bleu:
    """Corpus BLEU-4 of one candidate against one reference.

    Attributes
    ----------
    candidate, reference : tuple of str
        Whitespace tokens.
    matches, totals : ndarray of int, shape (4,)
        Clipped n-gram matches and candidate n-grams, n = 1..4.
    precisions : ndarray, shape (4,)
        ``matches / totals`` (0 where ``totals`` is 0).
    c, r : int
        Candidate and reference lengths.
    brevity_penalty : float
        ``1 if c > r else exp(1 - r/c)``.
    bleu : float
        ``100 BP exp(¼ sum log p_n)``, 0 if some ``p_n`` is 0.
    zero : bool
        Some ``p_n`` is 0 (so BLEU is 0).
    geo_mean : float
        ``exp(¼ sum log p_n)`` (0 if ``zero``).
    page_formula : float
        The page's ``exp(¼ sum p_n)`` (no logarithm), ≥ 1.
    """

    candidate: tuple
    reference: tuple
    matches: np.ndarray
    totals: np.ndarray
    precisions: np.ndarray
    c: int
    r: int
    brevity_penalty: float
    bleu: float
    zero: bool
    geo_mean: float
    page_formula: float


def _ngrams(toks, n):
    return Counter(tuple(toks[i:i + n]) for i in range(len(toks) - n + 1))


def bleu(candidate: str, reference: str) -> Bleu:
    """BLEU-4 of ``candidate`` against ``reference`` (whitespace tokens, no smoothing)."""
    cand, ref = tuple(candidate.split()), tuple(reference.split())
    if not cand or not ref:
        raise ValueError("candidate and reference need at least one token each")
    matches = np.zeros(MAX_N, dtype=np.int64)
    totals = np.zeros(MAX_N, dtype=np.int64)
    for n in range(1, MAX_N + 1):
        cn, rn = _ngrams(cand, n), _ngrams(ref, n)
        matches[n - 1] = sum(min(k, rn[g]) for g, k in cn.items())
        totals[n - 1] = max(len(cand) - n + 1, 0)
    prec = np.where(totals > 0, matches / np.maximum(totals, 1), 0.0)
    c, r = len(cand), len(ref)
    bp = 1.0 if c > r else math.exp(1.0 - r / c)
    zero = bool((prec == 0).any())
    geo = 0.0 if zero else math.exp(float(np.log(prec).mean()))
    return Bleu(cand, ref, matches, totals, prec, c, r, bp, 100.0 * bp * geo, zero, geo,
                math.exp(float(prec.mean())))


@dataclass(frozen=True, eq=False)
class Failure:
    """A sample string the beam got wrong.

    Attributes
    ----------
    index : int
        Its position in the sample.
    length : int
        Source length T_x.
    src, ref, out : tuple of str
        Source words, the right digits ``y*``, the beam's digits ``ŷ``.
    ref_text, out_text : str
        ``y*`` and ``ŷ`` written as one digit string.
    log_p_ref, log_p_out : float
        ``log P(y*|x)``, ``log P(ŷ|x)`` (nats, ``</s>`` included).
    """

    index: int
    length: int
    src: tuple
    ref: tuple
    out: tuple
    ref_text: str
    out_text: str
    log_p_ref: float
    log_p_out: float


@dataclass(frozen=True, eq=False)
class Seq2SeqValues:
    """What P7 shows.

    Attributes
    ----------
    hidden, epochs, seed : int
        The model's width H (the fixed vector's size), epochs, training seed.
    clip : float
        The global-norm clipping threshold of training.
    train_min_len, train_max_len : int
        The training strings' lengths.
    beam_width : int
    alpha : float
    train_losses : ndarray, shape (epochs,)
        Mean per-token ``-log p`` (nats) of each epoch.
    epoch_index : ndarray of int, shape (epochs,)
        1..epochs.
    final_loss : float
    lengths : ndarray of int, shape (22,)
        Source lengths 3..24.
    accuracy : ndarray, shape (22,)
        Greedy exact-match accuracy per length, in percent.
    n_per_length : int
    acc_first, acc_last : float
        Accuracy at the shortest and the longest length (percent).
    best_acc, best_len : float, int
        Highest accuracy on the curve and the shortest length reaching it.
    half_len : int or None
        Shortest length whose accuracy is below half of ``acc_first`` (None if none is).
    example : translate.Pair
        The beam example: the first sample string of ``example_length``… drawn from
        ``make_pairs(lang, 1, sample_seed, example_length, example_length)``.
    example_text : dict
        ``{"zh": source, "en": source}`` written out, and the target digits as one string.
    example_log_probs : ndarray, shape (T_y + 1,)
        ``log p(y_t | y_<t, x)`` of the right digits then ``</s>``.
    example_log_p : float
        Their sum, ``log P(y*|x)``.
    example_greedy : str
        Greedy output as a digit string.
    beams : translate.BeamResult
        Beam search on the example at ``beam_width``, ``alpha``.
    beam_rows : tuple of tuple of str
        ``beam_rows[t][k]``: step t's k-th kept hypothesis as a digit string (``■`` for
        ``</s>``).
    beam_logp : ndarray, shape (steps, beam_width)
        Their summed log p (nan where fewer were kept).
    beam_output : str
        The beam's answer as a digit string.
    beam_score : float
        Its normalised score.
    bias : dict or None
        The first sample string where ``alpha = 0`` gives a shorter output than ``alpha``:
        ``{"index", "length", "ref", "ref_log_p", "short", "long", "short_len", "long_len", "short_log_p",
        "long_log_p", "short_score0", "long_score0", "short_score", "long_score"}`` (outputs
        as digit strings, ``*_len`` their digits (``</s>`` not counted), scores at 0 and at
        ``alpha``, normalised by the token count with ``</s>``);
        None if none is.
    bias_count : int
        How many sample strings show it.
    n_sample : int
    failures : tuple of Failure
        The first ``N_FAILURES`` failures of the sample.
    n_failures, n_search, n_model : int
        All failures of the sample, and how many the rule lays on the search and the model.
    bleu : Bleu
        The ``candidate`` against the ``reference`` parameter.
    bleu_orders : ndarray of int, shape (4,)
        1..4, the n of each precision.
    """

    hidden: int
    epochs: int
    seed: int
    clip: float
    train_min_len: int
    train_max_len: int
    beam_width: int
    alpha: float
    train_losses: np.ndarray
    epoch_index: np.ndarray
    final_loss: float
    lengths: np.ndarray
    accuracy: np.ndarray
    n_per_length: int
    acc_first: float
    acc_last: float
    best_acc: float
    best_len: int
    half_len: int | None
    example: object
    example_text: dict
    example_log_probs: np.ndarray
    example_log_p: float
    example_greedy: str
    beams: object
    beam_rows: tuple
    beam_logp: np.ndarray
    beam_output: str
    beam_score: float
    bias: dict | None
    bias_count: int
    n_sample: int
    failures: tuple
    n_failures: int
    n_search: int
    n_model: int
    bleu: Bleu
    bleu_orders: np.ndarray


def _digits(toks) -> str:
    """Tokens as one string: digits as they are, ``</s>`` as ``■``, no token at all as ``∅``
    (a search can end at once: the empty output)."""
    return "".join("■" if t == tr_mod.EOS else t for t in toks) or "∅"


def model(p: dict) -> tr_mod.Translator:
    """The section's trained fixed-vector model."""
    return tr_mod.train_translator("en", False, int(p["hidden"]), int(p["epochs"]),
                                   int(p["seed"]))


def seq2seq_values(p: dict) -> Seq2SeqValues:
    """Compute P7 from its parameters (``hidden``, ``epochs``, ``seed`` train;
    ``beam_width``, ``alpha``, ``example_length``, ``sample_seed``, ``candidate``,
    ``reference`` do not)."""
    tr = model(p)
    B, alpha = int(p["beam_width"]), float(p["alpha"])
    sseed = int(p["sample_seed"])
    hits = np.rint(tr_mod.accuracy_by_length(tr, LENGTHS, N_PER_LENGTH, sseed) * N_PER_LENGTH)
    acc = 100.0 * hits / N_PER_LENGTH      # whole percents when N_PER_LENGTH is 100
    lengths = np.array(LENGTHS, dtype=np.int64)
    best = float(acc.max())
    best_len = int(lengths[int(np.argmax(acc))])
    below = np.flatnonzero(acc < acc[0] / 2)
    half_len = int(lengths[below[0]]) if below.size else None

    L = int(p["example_length"])
    ex = tr_mod.make_pairs("en", 1, sseed, L, L)[0]
    ex_zh = tr_mod.make_pairs("zh", 1, sseed, L, L)[0]
    H = tr_mod.encode(tr, ex.src)
    s, prev, lps = H[-1], tr_mod.EOS, []
    for y in ex.tgt + (tr_mod.EOS,):
        lp, s, _ = tr_mod.decode_step(tr, s, prev, H)
        lps.append(float(lp[tr_mod.TGT_VOCAB.index(y)]))
        prev = y
    lps = np.array(lps)
    beams = tr_mod.beam_search(tr, ex.src, B, alpha)
    rows = tuple(tuple(_digits(b.tokens) for b in st.kept) for st in beams.steps)
    blp = np.full((len(beams.steps), B), np.nan)
    for t, st in enumerate(beams.steps):
        for k, b in enumerate(st.kept):
            blp[t, k] = b.log_p

    sample = tr_mod.make_pairs("en", N_SAMPLE, sseed, SAMPLE_MIN, SAMPLE_MAX)
    bias, bias_count = None, 0
    failures, n_search, n_model = [], 0, 0
    for i, pair in enumerate(sample):
        r0 = tr_mod.beam_search(tr, pair.src, B, 0.0)
        ra = r0 if alpha == 0.0 else tr_mod.beam_search(tr, pair.src, B, alpha)
        if alpha > 0 and len(r0.output) < len(ra.output):
            bias_count += 1
            if bias is None:
                sl, ll = len(r0.output), len(ra.output)
                bias = {"index": i, "length": len(pair.src), "ref": _digits(pair.tgt),
                        "ref_log_p": tr_mod.log_prob(tr, pair.src, pair.tgt),
                        "short": _digits(r0.output),
                        "long": _digits(ra.output), "short_len": sl, "long_len": ll,
                        "short_log_p": r0.best.log_p, "long_log_p": ra.best.log_p,
                        "short_score0": r0.best.log_p, "long_score0": ra.best.log_p,
                        "short_score": r0.best.log_p / len(r0.best.tokens) ** alpha,
                        "long_score": ra.best.log_p / len(ra.best.tokens) ** alpha}
        if ra.output != pair.tgt:
            lp_ref = tr_mod.log_prob(tr, pair.src, pair.tgt)
            lp_out = tr_mod.log_prob(tr, pair.src, ra.output)
            f = Failure(i, len(pair.src), pair.src, pair.tgt, ra.output, _digits(pair.tgt),
                        _digits(ra.output), lp_ref, lp_out)
            if _shown2(lp_ref) > _shown2(lp_out):
                n_search += 1
            else:
                n_model += 1
            if len(failures) < N_FAILURES:
                failures.append(f)

    return Seq2SeqValues(
        hidden=tr.hidden, epochs=tr.epochs, seed=tr.seed, clip=tr.clip,
        train_min_len=tr.min_len, train_max_len=tr.max_len, beam_width=B, alpha=alpha,
        train_losses=np.array(tr.train_losses), epoch_index=np.arange(1, tr.epochs + 1),
        final_loss=float(tr.train_losses[-1]),
        lengths=lengths, accuracy=acc, n_per_length=N_PER_LENGTH,
        acc_first=float(acc[0]), acc_last=float(acc[-1]), best_acc=best, best_len=best_len,
        half_len=half_len,
        example=ex, example_text={"en": " ".join(ex.src), "zh": " ".join(ex_zh.src),
                                  "tgt": "".join(ex.tgt)},
        example_log_probs=lps, example_log_p=float(lps.sum()),
        example_greedy=_digits(tr_mod.greedy(tr, ex.src)),
        beams=beams, beam_rows=rows, beam_logp=blp, beam_output=_digits(beams.output),
        beam_score=beams.best.score,
        bias=bias, bias_count=bias_count, n_sample=N_SAMPLE,
        failures=tuple(failures), n_failures=n_search + n_model, n_search=n_search,
        n_model=n_model,
        bleu=bleu(str(p["candidate"]), str(p["reference"])),
        bleu_orders=np.arange(1, MAX_N + 1),
    )


def _shown2(x: float) -> float:
    """A log-probability as the section displays it (two decimals)."""
    return round(float(x), 2)
