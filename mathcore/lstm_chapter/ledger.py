"""L8 The chapter's ledger: data shapes, parameter counts, GNMT's stack, what was paid and bought.

One LSTM step, batched, as one fused matrix product::

    [batch, h] (h_{t-1})  ++  [batch, d] (x_t)  ->  [batch, h+d]
    [batch, h+d] @ W [h+d, 4h] + b [4h]          ->  z [batch, 4h]
    z = [z_i | z_f | z_g | z_o]  -> i = s(z_i), f = s(z_f), g = tanh(z_g), o = s(z_o)
    c_t = f * c_{t-1} + i * g,   h_t = o * tanh(c_t)      (c never goes through a tanh)

Parameter counts of one layer, hidden size ``h``, input size ``d``.

- The ledger counts **one bias vector per gate group** (the chapter's convention)::

      rnn(h, d)       = h (h + d) + h
      lstm(h, d)      = 4 h (h + d) + 4 h          = 4 rnn(h, d)
      gru(h, d)       = 3 h (h + d) + 3 h
      attention(d)    = 4 d^2     (W_Q, W_K, W_V, W_O, each d x d, no biases)
      transformer(d)  = (4 d^2 + 4 d)              attention: W_Q, W_K, W_V, W_O and biases
                      + (d 4d + 4d) + (4d d + d)   feed-forward block, hidden width 4 d
                      + 2 (2 d)                    two layer norms (gain and shift)
                      = 12 d^2 + 13 d

  The feed-forward width ``FFN_MULT`` d = 4 d is the original Transformer's (Vaswani et al.
  2017: 2048 at d = 512); ``transformer(d)`` is what ``torch.nn.TransformerEncoderLayer(d,
  nhead, dim_feedforward=4 d)`` holds (``tests/test_sizes.py``). The LSTM is compared with this
  whole layer, not with its attention's four matrices alone.

  At h = d = 512: rnn 524,800, lstm 2,099,200 (about 2.1 M), attention 1,048,576,
  transformer 3,152,384.
- ``mathcore.cells`` follow PyTorch, which keeps two bias vectors (``b_ih`` and ``b_hh``), so a
  cell built by ``mathcore.cells.lstm.init_params(d, h, seed)`` holds ``lstm(h, d) + 4h``
  numbers; ``torch_lstm`` counts that (``tests/test_values_ledger.py`` counts the arrays).

GNMT (Wu et al. 2016, "Google's Neural Machine Translation System"): 8 encoder and 8 decoder
LSTM layers of 1024 units. Counted here as 16 layers of ``lstm(1024, 1024)`` =
134,283,264 weights (the chapter's "about 134 M in those 16 layers", vocabulary excluded; the
paper's first encoder layer is bidirectional and its attention network is not counted). Its
training on 96 K80 GPUs for about 6 days is a cited fact, not computed (the scene shows it as
fixed labels).
"""

from __future__ import annotations

from dataclasses import dataclass

#: GNMT's LSTM stack (Wu et al. 2016): layer width and encoder / decoder depth.
GNMT_HIDDEN = 1024
GNMT_ENCODER_LAYERS = 8
GNMT_DECODER_LAYERS = 8

#: The feed-forward block's hidden width over d (Vaswani et al. 2017: 2048 = 4 x 512).
FFN_MULT = 4

#: Two counts within this factor of each other are "about the same" (a comparison sentence).
CLOSE_FACTOR = 1.05


def rnn_params(h: int, d: int) -> int:
    """Weights of one simple RNN layer, one bias vector: ``h (h + d) + h``."""
    return h * (h + d) + h


def gru_params(h: int, d: int) -> int:
    """Weights of one GRU layer (3 groups), one bias vector a group: ``3 h (h + d) + 3 h``."""
    return 3 * rnn_params(h, d)


def lstm_params(h: int, d: int) -> int:
    """Weights of one LSTM layer (4 groups), one bias vector a group: ``4 h (h + d) + 4 h``."""
    return 4 * h * (h + d) + 4 * h


def attention_params(d: int) -> int:
    """Weights of one attention layer of width ``d``: ``W_Q, W_K, W_V, W_O``, ``4 d^2``."""
    return 4 * d * d


def transformer_params(d: int) -> int:
    """Parameters of one Transformer encoder layer of width ``d`` with biases and a feed-forward
    block ``FFN_MULT d`` wide: attention ``4 d^2 + 4 d``, feed-forward ``2 FFN_MULT d^2 +
    FFN_MULT d + d``, two layer norms ``4 d`` (``12 d^2 + 13 d`` at ``FFN_MULT`` = 4)."""
    ff = FFN_MULT * d
    return (4 * d * d + 4 * d) + (d * ff + ff) + (ff * d + d) + 2 * (2 * d)


def compare(a: float, b: float) -> tuple[str, float]:
    """How ``a`` compares with ``b``: ``("more", a/b)``, ``("less", b/a)`` or ``("close", a/b)``
    (within :data:`CLOSE_FACTOR`); the ratio is always the larger over the smaller, or a/b."""
    r = a / b
    if r >= CLOSE_FACTOR:
        return "more", r
    if r <= 1.0 / CLOSE_FACTOR:
        return "less", b / a
    return "close", r


@dataclass(frozen=True, eq=False)
class LedgerValues:
    """What L8 shows.

    Attributes
    ----------
    h, d, layers : int
        The parameters: hidden size, input size, layers of the section's stack.
    concat : int
        ``h + d``, the width of ``[h_{t-1}, x_t]``.
    gates_width : int
        ``4 h``, the width of the fused matrix's output (four gate groups of ``h``).
    params : dict
        ``{"lstm", "rnn", "attention", "transformer"}``: one layer's counts (one bias vector
        per group; attention ``4 d^2``; a whole Transformer layer ``12 d^2 + 13 d``). A path ``params.*`` reads the section's parameters, so scenes bind
        the same numbers through ``counts``.
    counts : dict
        The same dict as ``params`` plus ``"gru"``.
    lstm_weights, lstm_bias : int
        ``4 h (h + d)`` and ``4 h``, the two parts of ``counts["lstm"]``.
    torch_lstm : int
        ``counts["lstm"] + 4 h``: PyTorch's (and ``mathcore.cells``') count, with ``b_hh``.
    second_bias : int
        ``4 h``, PyTorch's second bias vector.
    rnn_ratio : float
        ``lstm / rnn`` (4).
    layer_cmp : str
        :func:`compare` of the LSTM layer with a whole Transformer layer of width ``d``
        (attention and feed-forward block): ``more``, ``less``, ``close``.
    layer_ratio : float
        The larger of the two over the smaller (or lstm / transformer when ``close``).
    ffn_mult : int
        :data:`FFN_MULT`, the feed-forward width over d (4).
    bar_names : tuple of str, length 3
        ``("rnn", "lstm", "transformer")``, the bars' order.
    bar_counts : tuple of int, length 3
        Their counts.
    bar_share : tuple of float, length 3
        Each count over the largest (bar lengths, in (0, 1]).
    stack_params : int
        ``layers * counts["lstm"]``.
    concat_share : float
        ``h / (h + d)``: the hidden part's share of the concatenated row (drawing widths).
    gnmt_hidden, gnmt_encoder, gnmt_decoder, gnmt_layers : int
        1024, 8, 8 and 16 (Wu et al. 2016).
    gnmt_layer : int
        ``lstm_params(1024, 1024)``.
    gnmt_params : int
        ``16 * gnmt_layer``: 134,283,264.
    state_numbers : int
        ``2 h``: the numbers an LSTM layer carries from step to step (c and h), whatever the
        sequence length.
    gru_ratio : float
        ``gru / lstm`` (0.75).
    gru_saved : float
        ``1 - gru_ratio`` (0.25).
    """

    h: int
    d: int
    layers: int
    concat: int
    gates_width: int
    params: dict
    counts: dict
    lstm_weights: int
    lstm_bias: int
    torch_lstm: int
    second_bias: int
    rnn_ratio: float
    layer_cmp: str
    layer_ratio: float
    ffn_mult: int
    bar_names: tuple
    bar_counts: tuple
    bar_share: tuple
    stack_params: int
    concat_share: float
    gnmt_hidden: int
    gnmt_encoder: int
    gnmt_decoder: int
    gnmt_layers: int
    gnmt_layer: int
    gnmt_params: int
    state_numbers: int
    gru_ratio: float
    gru_saved: float


def ledger_values(p: dict) -> LedgerValues:
    """Compute L8 from its parameters (``h``, ``d``, ``layers``)."""
    h, d, layers = int(p["h"]), int(p["d"]), int(p["layers"])
    lstm, rnn, att, gru = lstm_params(h, d), rnn_params(h, d), attention_params(d), gru_params(h, d)
    tf = transformer_params(d)
    main = {"lstm": lstm, "rnn": rnn, "attention": att, "transformer": tf}
    counts = {**main, "gru": gru}
    cmp, ratio = compare(lstm, tf)
    bars = (rnn, lstm, tf)
    top = max(bars)
    gnmt_layers = GNMT_ENCODER_LAYERS + GNMT_DECODER_LAYERS
    gnmt_layer = lstm_params(GNMT_HIDDEN, GNMT_HIDDEN)
    return LedgerValues(
        h=h, d=d, layers=layers, concat=h + d, gates_width=4 * h, params=main, counts=counts,
        lstm_weights=4 * h * (h + d), lstm_bias=4 * h, torch_lstm=lstm + 4 * h,
        second_bias=4 * h, rnn_ratio=lstm / rnn, layer_cmp=cmp, layer_ratio=ratio,
        ffn_mult=FFN_MULT, bar_names=("rnn", "lstm", "transformer"), bar_counts=bars,
        bar_share=tuple(b / top for b in bars), stack_params=layers * lstm,
        concat_share=h / (h + d), gnmt_hidden=GNMT_HIDDEN,
        gnmt_encoder=GNMT_ENCODER_LAYERS, gnmt_decoder=GNMT_DECODER_LAYERS,
        gnmt_layers=gnmt_layers, gnmt_layer=gnmt_layer, gnmt_params=gnmt_layers * gnmt_layer,
        state_numbers=2 * h, gru_ratio=gru / lstm, gru_saved=1.0 - gru / lstm,
    )
