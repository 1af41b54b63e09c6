"""P9 pinned readouts and the rules that choose its sentences, written from the parameters and
the counts themselves (not the cases mathcore or the scene computes)."""

from rules_edges import shown

SECTION = "pre-09-lineage"

PINS = {
    "path_recurrent": {"v": ("path_recurrent", "count")},
    "path_attention": {"v": ("path_attention", "count")},
    "sequential_recurrent": {"v": ("sequential_recurrent", "count")},
    "sequential_attention": {"v": ("sequential_attention", "count")},
    "gate_final": {"v": ("gate_final", "fmt")},
    "chain": {"v": ("chain", "count")},
    "residual_identity": {"one": ("residual_identity[-1]", "num")},
    "order_rnn_gap": {"g": ("order_rnn_gap", "fmt")},
    "order_attention_gap": {"a": ("order_attention_gap", "fmt")},
    "T": {"v": ("T", "count")},
    "cost_recurrent": {"v": ("cost_recurrent", "count")},
    "cost_attention": {"v": ("cost_attention", "count")},
    "state_bytes": {"v": ("state_bytes", "bytes")},
    "memory_ratio": {"r": ("memory_ratio", "ratio")},
    "elmo_layers": {"n": ("elmo_layers", "count")},
    "bert_base_layers": {"n": ("bert_base_layers", "count")},
    "bert_large_layers": {"n": ("bert_large_layers", "count")},
    "triangle": {"n": ("triangle", "count")},
    "triangle_madds": {"m": ("triangle_madds", "count")},
}


def _cost(v, p):
    """T against d, both whole and shown whole: fewer multiply-adds on the side the counts
    T d² and T² d say (T d² < T² d exactly when d < T)."""
    rec, att = p["T"] * p["d"] ** 2, p["T"] ** 2 * p["d"]
    return "recurrent" if rec < att else ("attention" if att < rec else "equal")


def _memory(v, p):
    """The cache's bytes against the state's, as shown (binary units)."""
    vectors = {"lstm": 2, "gru": 1}[p["cell"]]
    kv = 2 * p["layers"] * p["context"] * p["d"] * p["bytes_per_number"]
    state = vectors * p["layers"] * p["d"] * p["bytes_per_number"]
    return "larger" if shown(kv, "bytes") > shown(state, "bytes") else "equal"


CHOICES = {
    "cost.at": _cost,
    "memory.ratio": _memory,
    "memory.times": _memory,
}
