"""The primer's six sections in lecture order: ids, titles, scenes, typed parameters, values.

Pure Python (no manim): :mod:`scenes.registry` chains this part with the others.
"""

from __future__ import annotations

from mathcore.primer import attention, cheatsheet, gates, limits, recurrence, vanishing

from ..params import Param, Schema
from ..section import Section

_PRIMER_01 = Schema((
    Param("tokens", "floats", recurrence.PRIMER_TOKENS, "the eight input tokens x_0..x_7",
          min=-3.0, max=3.0, length=8),
    Param("w_h", "float", 1.40, "recurrent weight W_h (the sweep goes from here to 0)",
          min=-3.0, max=3.0),
    Param("w_x", "float", 0.8, "input weight W_x", min=-3.0, max=3.0),
    Param("b", "float", 0.0, "bias b", min=-3.0, max=3.0),
    Param("tangent_z", "floats", (0.0, 2.0), "the two points z where the tanh tangent stops",
          min=-4.0, max=4.0, length=2),
    Param("width", "int", 1024, "hidden width d the parameter-count beat counts at",
          min=1, max=65536),
))

_PRIMER_02 = Schema((
    Param("w_h", "float", 0.9, "recurrent weight W_h", min=0.0, max=3.0),
    Param("activation", "choice", "tanh", "activation of the recurrence",
          choices=("tanh", "relu")),
    Param("chain_length", "int", 200, "hops in the long chain", min=10, max=1000),
    Param("factor_steps", "int", 40, "hops drawn as factor bars (at most chain_length)",
          min=5, max=80),
    Param("pushed_w_h", "float", vanishing.PUSHED_W_H, "W_h the factor beat pushes to under tanh",
          min=0.0, max=10.0),
    Param("relu_w_h", "float", 1.6, "W_h of the ReLU product beat", min=0.0, max=3.0),
    Param("clip_norm", "float", 84.0, "gradient norm before clipping", min=0.0, max=1e6),
    Param("clip_threshold", "float", 5.0, "clipping threshold", min=1e-3, max=1e6),
    Param("w_x", "float", 0.8, "input weight W_x", min=-3.0, max=3.0),
    Param("tokens", "floats", recurrence.PRIMER_TOKENS, "the 8 tokens of the backward walk (§01's)",
          min=-3.0, max=3.0, length=8),
    Param("chain_seed", "int", vanishing.CHAIN_SEED, "seed of the long chain's tokens",
          min=0, max=2**32 - 1),
    Param("chain_scale", "float", vanishing.CHAIN_SCALE, "amplitude of the long chain's tokens",
          min=0.0, max=5.0),
    Param("dims_sigma", "float", 1.2,
          "largest singular value of W_h where the singular-value beat's sweep stops",
          min=0.1, max=2.0),
    Param("dims_width", "int", vanishing.DIMS_WIDTH,
          "size d of the singular-value beat's d x d W_h", min=2, max=64),
    Param("dims_seed", "int", vanishing.DIMS_SEED,
          "seed of that W_h (its eigenvectors and the spread of its singular values)",
          min=0, max=2**32 - 1),
    Param("dims_hops", "int", vanishing.DIMS_HOPS,
          "hops k the singular-value chart runs to (the powers W_h^k)", min=5, max=200),
))

_PRIMER_03 = Schema((
    Param("forget", "float", 0.95, "forget gate f held fixed for the f^k beat", min=0.0, max=1.0),
    Param("steps", "int", 100, "steps k of the f^k beat (and of the RNN product beside it)",
          min=1, max=1000),
    Param("rnn_w_h", "float", 0.9, "W_h of the plain RNN product (§02's long chain, tanh)",
          min=0.0, max=3.0),
    Param("forget_bias", "float", 0.0, "forget bias b_f at initialisation (the pitfall beat)",
          min=gates.BIAS_MIN, max=gates.BIAS_SWEEP_RANGE[1]),
    Param("bias_fix", "float", gates.BIAS_RECOMMENDED,
          "forget bias b_f the pitfall beat fixes it to (1: Jozefowicz et al. 2015)",
          min=gates.BIAS_MIN, max=gates.BIAS_SWEEP_RANGE[1]),
    Param("bias_steps", "int", 20, "steps over which the pitfall beat measures retention",
          min=1, max=500),
    Param("track_forget", "float", 0.7, "forget gate f of the one-step track", min=0.0, max=1.0),
    Param("track_input", "float", 0.5, "input gate i of the one-step track", min=0.0, max=1.0),
    Param("track_c_prev", "float", 1.0, "previous cell state c_{t-1} of the one-step track",
          min=0.0, max=3.0),
    Param("track_candidate", "float", 0.8, "candidate g of the one-step track", min=0.0, max=1.0),
    Param("tokens", "floats", recurrence.PRIMER_TOKENS, "the 8 tokens of the cell-state path (§01's)",
          min=-3.0, max=3.0, length=8),
    Param("path_w_h", "float", 1.40, "W_h of §01's recurrence drawn beside the cell",
          min=-3.0, max=3.0),
    Param("chain_seed", "int", vanishing.CHAIN_SEED,
          "seed of the long chain's tokens behind the RNN product (§02's chain)",
          min=0, max=2**32 - 1),
    Param("chain_scale", "float", vanishing.CHAIN_SCALE,
          "amplitude of that chain's tokens (uniform in +-scale)", min=0.0, max=5.0),
    Param("gru_forget", "float", 0.7,
          "GRU gate: share of c_{t-1} kept (1 - it is written) where its sweep stops",
          min=0.0, max=1.0),
))

_PRIMER_04 = Schema((
    Param("state_width", "int", 512, "numbers in the fixed-width state", min=1, max=65536),
    Param("tokens", "int", 256, "sequence length n the capacity sweep ends at (it starts at 4)",
          min=1, max=65536),
    Param("grid_positions", "int", 8, "positions in the position x wall-clock grid",
          min=2, max=64),
    Param("gru_keep", "float", 0.7, "GRU update gate z: share of the track kept (1 - z written)",
          min=0.0, max=1.0),
    Param("lstm_forget", "float", 0.9, "LSTM forget gate f: share of the old state kept",
          min=0.0, max=1.0),
    Param("lstm_input", "float", 0.8, "LSTM input gate i: share of the candidate written",
          min=0.0, max=1.0),
    Param("d", "int", 1024, "hidden width d (input width d too) for the parameter bars",
          min=1, max=65536),
    Param("recall_tokens", "int", 300, "how many tokens back the capacity beat's question reaches",
          min=1, max=65536),
))

_PRIMER_05 = Schema((
    Param("n", "int", 12, "sequence length n (source tokens)", min=1, max=4096),
    Param("d", "int", 512, "model width d", min=1, max=65536),
    Param("n_long", "int", 24, "longer source length for the bottleneck beat", min=1, max=65536),
    Param("path_target", "int", 11, "token k the path staircase climbs to from token 0 (< n)",
          min=0, max=4095),
    Param("query", "floats", (1.0, 0.5), "query vector of the worked attention row (width 2)",
          min=-3.0, max=3.0, length=2),
))

_PRIMER_06 = Schema((
    Param("sequence_length", "int", 64, "steps of the long sequence under the TBPTT window",
          min=1, max=256),
    Param("tbptt_window", "int", 16, "steps inside the truncated-BPTT window",
          min=1, max=256),
    Param("context", "int", 131072, "context length in tokens", min=1, max=2**24),
    Param("layers", "int", 32, "decoder layers", min=1, max=1024),
    Param("width", "int", 4096, "model width (numbers per position per layer)",
          min=1, max=65536),
    Param("bytes_per_value", "int", 2, "bytes per stored number (2 = fp16)", min=1, max=8),
    Param("query_heads", "int", 32, "attention query heads (must divide width)",
          min=1, max=1024),
    Param("kv_heads", "int", 32, "key/value heads (must divide query_heads)", min=1, max=1024),
    Param("gqa_kv_heads", "int", 8, "key/value heads under grouped-query attention",
          min=1, max=1024),
    Param("accelerator_gib", "float", 80.0, "accelerator memory in GiB the cache is set against",
          min=1.0, max=1e6),
))

SECTIONS: tuple[Section, ...] = (
    Section("primer-01-recurrence", "01",
            {"zh": "循环：逐个读入 token", "en": "The loop: one token at a time"},
            "scenes.primer.recurrence:Recurrence", _PRIMER_01, recurrence.recurrence_values),
    Section("primer-02-vanishing", "02",
            {"zh": "梯度在循环里怎样消失", "en": "How the gradient dies in the loop"},
            "scenes.primer.vanishing:Vanishing", _PRIMER_02, vanishing.vanishing_values),
    Section("primer-03-gates", "03",
            {"zh": "门：给梯度修一条直路", "en": "Gates: a straight road for the gradient"},
            "scenes.primer.gates:Gates", _PRIMER_03, gates.gates_values),
    Section("primer-04-limits", "04",
            {"zh": "门改变不了的：定宽与串行", "en": "What gates leave alone: fixed width, one lane"},
            "scenes.primer.limits:Limits", _PRIMER_04, limits.limits_values),
    Section("primer-05-attention", "05",
            {"zh": "去掉循环之后", "en": "After the loop is gone"},
            "scenes.primer.attention:Attention", _PRIMER_05, attention.attention_values),
    Section("primer-06-cheatsheet", "06",
            {"zh": "速查表与循环的回归", "en": "Cheat sheet, and the loop's return"},
            "scenes.primer.cheatsheet:CheatSheet", _PRIMER_06, cheatsheet.cheatsheet_values),
)
