"""§06 pinned readouts and the rules choosing its sentences among variants."""

from rules_edges import shown

SECTION = "primer-06-cheatsheet"

PINS = {
    "tbptt_window": {"v": ("tbptt_window", "count")},
    "sequence_length": {"v": ("sequence_length", "count")},
    "context": {"v": ("context", "count")},
    "kv_cache_bytes": {"v": ("kv_cache_bytes", "bytes")},
    "state_bytes": {"v": ("state_bytes", "bytes")},
    "ratio": {"r": ("ratio", "ratio")},
    "kv_cache_bytes_gqa": {"v": ("kv_cache_bytes_gqa", "bytes")},
    "accelerator": {"frac": ("accelerator_fraction", "ratio"), "acc": ("accelerator_gib", "num")},
    "tight_at": {"n": ("tight_n", "count"), "d": ("tight_d", "count")},
    "tight_depth_recurrent": {"v": ("tight_depth.recurrent", "count")},
    "tight_depth_attention": {"v": ("tight_depth.attention", "count")},
    "tight_path_recurrent": {"v": ("tight_path.recurrent", "count")},
    "tight_path_attention": {"v": ("tight_path.attention", "count")},
    "tight_cost_recurrent": {"v": ("tight_cost.recurrent", "texcount")},
    "tight_cost_attention": {"v": ("tight_cost.attention", "texcount")},
}

GIB = 2**30


def _cache(p, kv_heads):
    # a key and a value of width/query_heads numbers per KV head, layer and position
    return (2 * p["layers"] * (p["width"] // p["query_heads"]) * kv_heads
            * p["bytes_per_value"] * p["context"])


def _tbptt(v, p):
    return "full" if p["tbptt_window"] >= p["sequence_length"] else "truncated"


def _ratio(v, p):
    cache, state = _cache(p, p["kv_heads"]), p["layers"] * p["width"] * p["bytes_per_value"]
    r = shown(cache / state, "ratio")           # the ratio as shown: 1.0004 shows "1"
    return "larger" if r > 1 else ("equal" if r == 1 else "smaller")


def _gqa(v, p):
    g, h = p["gqa_kv_heads"], p["kv_heads"]
    return "smaller" if g < h else ("same" if g == h else "larger")


def _acc(v, p):
    # over one card: exceeds; more than half of it: most; else fits
    cache, card = _cache(p, p["kv_heads"]), p["accelerator_gib"] * GIB
    frac = shown(cache / card, "ratio")         # the fraction as shown
    c, a = shown(cache, "bytes"), shown(p["accelerator_gib"], "num") * GIB   # the sizes as shown
    if frac == 1:           # shown "1": just over, all of, or nearly all of the card
        return "over" if c > a else ("all" if c == a else "nearly")
    if c > a:
        return "exceeds"
    return "most" if frac > 0.5 else "fits"


def _tight(v, p):
    """One position: no pair, no path (0 and 0); two: one multiplication either way; three or
    more: recurrence's path, n - 1, is longer than attention's single edge."""
    n = p["context"]
    return "one" if n == 1 else "two" if n == 2 else "many"


CHOICES = {"tbptt": _tbptt, "kv.ratio": _ratio, "kv.gqa": _gqa, "kv.acc": _acc,
           "tight.at": _tight, "tight.sym.path": _tight}
