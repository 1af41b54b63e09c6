"""P9 The lineage table: the RNN era against the Transformer era, row by row, each row's reason
computed.

Counting conventions (the primer's, so the two never disagree):

- A *path* between two positions counts the multiplications a signal passes through: the
  recurrent chain from position 0 to position j passes j of them, attention one (none between
  a position and itself), as §05 counts it (``mathcore.primer.attention``).
- *Sequential steps per layer*: steps that must wait for the one before: T for the chain, 1 for
  a layer of attention (every position at once).
- *Cost in T*: the multiply-adds Vaswani et al. 2017, Table 1, count and §05 shows: the state
  product ``W_h h_{t-1}`` (d² a step, T d² in all) against the scores ``q·k`` (d a pair of
  positions, T² d); projections, gates and the feed-forward part are not counted. They meet
  at T = d.
- *Memory per token at inference*: what a decoder keeps and reads for the next token. A
  recurrent layer keeps its state: an LSTM h and c (2 d numbers a layer), a GRU h alone (d).
  A Transformer keeps a key and a value of d numbers per position per layer:
  ``2 × layers × context × d`` numbers. Both times ``bytes_per_number``.
- *The gradient's fix*: an LSTM's cell passes the gradient back through one forget gate a
  step (``∂c_t/∂c_{t-1} = f`` when the gate is held at f), so k steps multiply ``f^k``; a
  residual stream ``x + F(x)`` passes it through ``I + ∂F/∂x``, whose identity term is 1 at
  every depth.
- *Position*: the same tokens read forwards and backwards. A recurrence's last state changes
  (its step order is built in); attention's scores without a positional encoding are the same
  numbers with rows and columns reversed (each score a dot product of the same two vectors).
- *Instalments*: with a KV cache, the token at position t scores its query against t keys (its
  own and every earlier one: the causal mask's row t); the rows 1..T add up to the whole
  lower triangle, ``T (T + 1) / 2`` scores, d multiply-adds each.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..primer.cheatsheet import context_sweep, spaced_ticks, sweep_frames
from .spectral import log_axis

#: Published depths the "why it won" beat shows (numbers of layers, as the papers state them):
#: ELMo's biLM has 2 biLSTM layers (Peters et al., NAACL 2018, arXiv:1802.05365, §3.4 and §4);
#: BERT-base 12 and BERT-large 24 Transformer layers (Devlin et al. 2018, arXiv:1810.04805, §3).
ELMO_LAYERS = 2
BERT_BASE_LAYERS = 12
BERT_LARGE_LAYERS = 24
#: State vectors per layer a cell keeps at inference: an LSTM h and c, a GRU h.
STATE_VECTORS = {"lstm": 2, "gru": 1}
#: Numbers per token of the position row's example (tokens, recurrence and attention).
ORDER_WIDTH = 4
#: Frames of the T sweep per octave of T.
COST_FRAMES_PER_OCTAVE = 4
#: The T sweep runs from 1 to this many times max(T, d) (so the crossover is inside it).
COST_SPAN = 4


@dataclass(frozen=True, eq=False)
class LineageValues:
    """Everything P9 shows.

    Attributes
    ----------
    steps, d, T, context, layers, bytes_per_number : int
        The parameters: positions of the path picture, model width, sequence length of the
        cost row, context of the memory row, layers, bytes per stored number.
    cell : str
        ``"lstm"`` or ``"gru"``: the recurrent cell whose state is counted.
    positions : numpy.ndarray of int, shape (steps,)
        ``0 .. steps - 1``.
    chain_hops : numpy.ndarray of int, shape (steps,)
        Multiplications on the recurrent path from position 0 to position j: ``j``.
    direct_hops : numpy.ndarray of int, shape (steps,)
        The same through attention: ``min(j, 1)``.
    path_recurrent, path_attention : int
        From the first position to the last: ``steps - 1`` and ``min(1, steps - 1)``.
    sequential_recurrent, sequential_attention : int
        Steps of one layer that must wait for the one before: ``steps`` and 1.
    cost_recurrent, cost_attention : int
        ``T d²`` and ``T² d`` (exact integers).
    cost_crossover : int
        The T where they meet: ``d``.
    cost_ratio : float
        ``cost_attention / cost_recurrent = T / d``.
    frame_T : numpy.ndarray of int, shape (F,)
        The T the sweep shows at each frame: 1 to ``COST_SPAN · max(T, d)``,
        ``COST_FRAMES_PER_OCTAVE`` a doubling, rounded to whole positions, with T and d among
        them; increasing.
    frame_log2_T : numpy.ndarray, shape (F,)
    frame_cost_recurrent, frame_cost_attention : numpy.ndarray of int, shape (F,)
        ``frame_T d²`` and ``frame_T² d`` (exact).
    frame_log_recurrent, frame_log_attention : numpy.ndarray, shape (F,)
        Their ``log10``.
    at_T, at_d : int
        Indices of T and of d in ``frame_T``.
    cost_axis : tuple of (int, int, int)
        ``(lo, hi, step)`` in decades: every frame's two counts fit.
    cost_tick_T : numpy.ndarray of int
        x ticks: 1, d and T, one too close to another kept before it dropped.
    cost_tick_log2_T : numpy.ndarray
    state_vectors : int
        Vectors of d numbers per layer in the recurrent state (``STATE_VECTORS[cell]``).
    state_numbers, state_bytes : int
        ``layers · state_vectors · d`` numbers and their bytes.
    kv_numbers_per_token : int
        ``2 · layers · d``: one key and one value per layer for each position held.
    kv_numbers, kv_bytes : int
        ``2 · layers · context · d`` numbers and their bytes.
    memory_ratio : float
        ``kv_bytes / state_bytes`` (``2 · context / state_vectors``).
    memory_case : str
        ``"larger"`` (the cache is larger) or ``"equal"`` (an LSTM at context 1).
    frame_context : numpy.ndarray of int, shape (G,)
        The contexts of the memory sweep (``mathcore.primer.cheatsheet.sweep_frames`` over
        ``context_sweep(context)``): last ``context``.
    frame_log2_context, frame_log2_kv, frame_log2_state : numpy.ndarray, shape (G,)
    frame_kv_bytes : numpy.ndarray of int, shape (G,)
    memory_axis_x, memory_axis_y : numpy.ndarray, shape (2,)
        ``[lo, hi]`` of the memory chart in ``log2`` units.
    memory_tick_context, memory_tick_bytes : numpy.ndarray of int
    memory_tick_log2_context, memory_tick_log2_bytes : numpy.ndarray
    gate, chain : float, int
        The forget gate f held along a chain of ``chain`` steps.
    gate_steps : numpy.ndarray of int, shape (chain + 1,)
        ``0 .. chain``.
    gate_products : numpy.ndarray, shape (chain + 1,)
        ``f^k``: the gradient's factor k steps back along the cell.
    gate_log_products : numpy.ndarray, shape (chain + 1,)
        ``k log10 f`` (no underflow).
    gate_final : float
        ``f^chain``.
    residual_identity : numpy.ndarray, shape (chain + 1,)
        The identity term of the residual stream's gradient at each depth: 1.
    gate_axis : tuple of (int, int, int)
        ``(lo, hi, step)`` in decades covering both.
    order_seed : int
        Seed of the position row's tokens and weights.
    order_scores, order_scores_reversed : numpy.ndarray, shape (steps, steps)
        ``q_i · k_j / sqrt(ORDER_WIDTH)`` for the tokens in order and reversed, no positional
        encoding (each score one 1-D dot product).
    order_attention_gap : float
        ``max |order_scores_reversed − order_scores[::-1, ::-1]|`` (0: the same numbers).
    order_state, order_state_reversed : numpy.ndarray, shape (ORDER_WIDTH,)
        The recurrence's last state ``h_T`` (``h_t = tanh(W_h h_{t-1} + W_x x_t)``, h_0 = 0)
        for the tokens in order and reversed.
    order_rnn_gap : float
        ``‖order_state − order_state_reversed‖``.
    elmo_layers, bert_base_layers, bert_large_layers : int
        The published depths (2, 12, 24).
    depth_ratio : float
        ``bert_large_layers / elmo_layers``.
    instalments : numpy.ndarray of int, shape (steps,)
        Scores the token at position t (1-based) computes with a cache: ``t``.
    instalments_paid : numpy.ndarray of int, shape (steps,)
        Their running sum: ``t (t + 1) / 2``.
    triangle : int
        Entries of the causal mask that are allowed, ``steps (steps + 1) / 2``: the last
        running sum.
    triangle_madds : int
        ``triangle · d``: the whole bill in multiply-adds.
    """

    steps: int
    d: int
    T: int
    context: int
    layers: int
    bytes_per_number: int
    cell: str
    positions: np.ndarray
    chain_hops: np.ndarray
    direct_hops: np.ndarray
    path_recurrent: int
    path_attention: int
    sequential_recurrent: int
    sequential_attention: int
    cost_recurrent: int
    cost_attention: int
    cost_crossover: int
    cost_ratio: float
    frame_T: np.ndarray
    frame_log2_T: np.ndarray
    frame_cost_recurrent: np.ndarray
    frame_cost_attention: np.ndarray
    frame_log_recurrent: np.ndarray
    frame_log_attention: np.ndarray
    at_T: int
    at_d: int
    cost_axis: tuple
    cost_tick_T: np.ndarray
    cost_tick_log2_T: np.ndarray
    state_vectors: int
    state_numbers: int
    state_bytes: int
    kv_numbers_per_token: int
    kv_numbers: int
    kv_bytes: int
    memory_ratio: float
    memory_case: str
    frame_context: np.ndarray
    frame_log2_context: np.ndarray
    frame_log2_kv: np.ndarray
    frame_log2_state: np.ndarray
    frame_kv_bytes: np.ndarray
    memory_axis_x: np.ndarray
    memory_axis_y: np.ndarray
    memory_tick_context: np.ndarray
    memory_tick_log2_context: np.ndarray
    memory_tick_bytes: np.ndarray
    memory_tick_log2_bytes: np.ndarray
    gate: float
    chain: int
    gate_steps: np.ndarray
    gate_products: np.ndarray
    gate_log_products: np.ndarray
    gate_final: float
    residual_identity: np.ndarray
    gate_axis: tuple
    order_seed: int
    order_scores: np.ndarray
    order_scores_reversed: np.ndarray
    order_attention_gap: float
    order_state: np.ndarray
    order_state_reversed: np.ndarray
    order_rnn_gap: float
    elmo_layers: int
    bert_base_layers: int
    bert_large_layers: int
    depth_ratio: float
    instalments: np.ndarray
    instalments_paid: np.ndarray
    triangle: int
    triangle_madds: int


def layer_costs(T, d) -> tuple:
    """``(T d², T² d)``: the state product's and the scores' multiply-adds over T positions at
    width d (Vaswani et al. 2017, Table 1; broadcast over arrays)."""
    return T * d * d, T * T * d


def cost_frames(T: int, d: int) -> np.ndarray:
    """Whole T from 1 to ``COST_SPAN · max(T, d)``, ``COST_FRAMES_PER_OCTAVE`` a doubling (even
    steps of log2 T), with T and d among them; increasing, no repeats."""
    end = COST_SPAN * max(T, d)
    count = int(math.ceil(math.log2(end) * COST_FRAMES_PER_OCTAVE)) + 1
    grid = np.rint(np.exp2(np.linspace(0.0, math.log2(end), count))).astype(np.int64)
    return np.unique(np.concatenate([grid, [1, T, d, end]]).astype(np.int64))


def order_example(steps: int, seed: int) -> dict:
    """The position row's example: ``steps`` tokens of ``ORDER_WIDTH`` numbers read in order and
    reversed by a recurrence and by attention without positions (see :class:`LineageValues`).

    Draws, in order, from ``default_rng(seed)``: tokens (steps, w), W_h (w, w) scaled to
    spectral norm 0.9, W_x (w, w), W_q (w, w), W_k (w, w), the last three ``normal / 2``.
    """
    w = ORDER_WIDTH
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(steps, w))
    W_h = rng.normal(size=(w, w))
    W_h *= 0.9 / np.linalg.norm(W_h, 2)
    W_x, W_q, W_k = (rng.normal(size=(w, w)) / 2 for _ in range(3))

    def last_state(tokens):
        h = np.zeros(w)
        for x in tokens:
            h = np.tanh(W_h @ h + W_x @ x)
        return h

    def scores(tokens):
        q = [np.dot(W_q, x) for x in tokens]
        k = [np.dot(W_k, x) for x in tokens]
        return np.array([[float(np.dot(a, b)) / math.sqrt(w) for b in k] for a in q])
    S, R = scores(X), scores(X[::-1])
    h, hr = last_state(X), last_state(X[::-1])
    return dict(order_scores=S, order_scores_reversed=R,
                order_attention_gap=float(np.abs(R - S[::-1, ::-1]).max()),
                order_state=h, order_state_reversed=hr,
                order_rnn_gap=float(np.linalg.norm(h - hr)))


def _axis(values: np.ndarray, pad: float) -> np.ndarray:
    lo, hi = float(np.floor(values.min())) - pad, float(np.ceil(values.max())) + pad
    if hi - lo < 1:
        lo, hi = lo - 1, hi + 1
    return np.array([lo, hi])


def lineage(steps: int = 8, d: int = 512, T: int = 4096, context: int = 32768,
            layers: int = 24, bytes_per_number: int = 2, cell: str = "lstm",
            gate: float = 0.95, chain: int = 200, order_seed: int = 9) -> LineageValues:
    """The table's computed rows at these sizes (see the module's conventions).

    Raises
    ------
    ValueError
        If a size is below its least (steps 2, the rest 1) or the cell is unknown.
    """
    if cell not in STATE_VECTORS:
        raise ValueError(f"cell must be one of {', '.join(STATE_VECTORS)}")
    if steps < 2 or chain < 1 or min(d, T, context, layers, bytes_per_number) < 1:
        raise ValueError("steps must be at least 2 and every other size at least 1")
    if not 0.0 < gate < 1.0:
        raise ValueError("the gate must lie strictly between 0 and 1")
    steps, d, T, context, layers, b = (int(x) for x in (steps, d, T, context, layers,
                                                        bytes_per_number))
    pos = np.arange(steps, dtype=np.int64)
    rec, att = layer_costs(T, d)
    fT = cost_frames(T, d)
    fr, fa = layer_costs(fT, np.int64(d))
    lr, la = np.log10(fr.astype(np.float64)), np.log10(fa.astype(np.float64))
    cost_axis = log_axis(float(min(lr.min(), la.min())), float(max(lr.max(), la.max())))
    ax_T = np.log2(fT.astype(np.float64))
    cand = np.asarray([1, d, T], dtype=np.int64)
    keep = spaced_ticks(np.log2(cand.astype(np.float64)), float(ax_T[0]), float(ax_T[-1]))
    cand = cand[keep]

    vectors = STATE_VECTORS[cell]
    state_numbers = layers * vectors * d
    kv_per_token = 2 * layers * d
    kv_numbers = kv_per_token * context
    sweep = context_sweep(context)
    frames = sweep_frames(int(sweep[0]), context) if context > 1 else np.array([1], np.int64)
    f_kv = kv_per_token * b * frames
    lx, lkv = np.log2(frames.astype(np.float64)), np.log2(f_kv.astype(np.float64))
    lst = np.full(frames.shape, math.log2(state_numbers * b))
    mx = _axis(lx, 0.0)
    my = _axis(np.concatenate([lkv, lst]), 1.0)
    c_cand = np.asarray([frames[-1], frames[0]], dtype=np.int64)
    keep_x = spaced_ticks(np.log2(c_cand.astype(np.float64)), *mx)
    b_cand = np.asarray([f_kv[-1], state_numbers * b, f_kv[0]], dtype=np.int64)
    keep_y = spaced_ticks(np.log2(b_cand.astype(np.float64)), *my)

    ks = np.arange(int(chain) + 1, dtype=np.int64)
    glog = ks * math.log10(gate)
    gprod = float(gate) ** ks.astype(np.float64)
    gate_axis = log_axis(float(glog[-1]), 0.0, 6)

    order = order_example(steps, int(order_seed))

    inst = np.arange(1, steps + 1, dtype=np.int64)
    paid = np.cumsum(inst)
    triangle = steps * (steps + 1) // 2
    kv_bytes, state_bytes = kv_numbers * b, state_numbers * b
    return LineageValues(
        steps=steps, d=d, T=T, context=context, layers=layers, bytes_per_number=b, cell=cell,
        positions=pos, chain_hops=pos.copy(), direct_hops=np.minimum(pos, 1),
        path_recurrent=steps - 1, path_attention=min(1, steps - 1),
        sequential_recurrent=steps, sequential_attention=1,
        cost_recurrent=rec, cost_attention=att, cost_crossover=d, cost_ratio=T / d,
        frame_T=fT, frame_log2_T=ax_T, frame_cost_recurrent=fr, frame_cost_attention=fa,
        frame_log_recurrent=lr, frame_log_attention=la,
        at_T=int(np.searchsorted(fT, T)), at_d=int(np.searchsorted(fT, d)),
        cost_axis=cost_axis, cost_tick_T=cand,
        cost_tick_log2_T=np.log2(cand.astype(np.float64)),
        state_vectors=vectors, state_numbers=state_numbers, state_bytes=state_bytes,
        kv_numbers_per_token=kv_per_token, kv_numbers=kv_numbers, kv_bytes=kv_bytes,
        memory_ratio=kv_bytes / state_bytes,
        memory_case="larger" if kv_bytes > state_bytes else "equal",
        frame_context=frames, frame_log2_context=lx, frame_log2_kv=lkv, frame_log2_state=lst,
        frame_kv_bytes=f_kv, memory_axis_x=mx, memory_axis_y=my,
        memory_tick_context=c_cand[keep_x],
        memory_tick_log2_context=np.log2(c_cand[keep_x].astype(np.float64)),
        memory_tick_bytes=b_cand[keep_y],
        memory_tick_log2_bytes=np.log2(b_cand[keep_y].astype(np.float64)),
        gate=float(gate), chain=int(chain), gate_steps=ks, gate_products=gprod,
        gate_log_products=glog, gate_final=float(gprod[-1]),
        residual_identity=np.ones(ks.shape), gate_axis=gate_axis,
        order_seed=int(order_seed), **order,
        elmo_layers=ELMO_LAYERS, bert_base_layers=BERT_BASE_LAYERS,
        bert_large_layers=BERT_LARGE_LAYERS, depth_ratio=BERT_LARGE_LAYERS / ELMO_LAYERS,
        instalments=inst, instalments_paid=paid, triangle=triangle,
        triangle_madds=triangle * d)


def lineage_values(p: dict) -> LineageValues:
    """P9's values from its resolved parameters."""
    return lineage(int(p["steps"]), int(p["d"]), int(p["T"]), int(p["context"]),
                   int(p["layers"]), int(p["bytes_per_number"]), p["cell"],
                   float(p["gate"]), int(p["chain"]), int(p["order_seed"]))
