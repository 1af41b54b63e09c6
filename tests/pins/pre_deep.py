"""P5 pinned readouts and the rules for its sentences chosen among variants."""

from rules_edges import shown

SECTION = "pre-05-deep-bidirectional"

PINS = {
    "reach_uni_count": {"k": ("total_uni", "count"), "n": ("cells", "count")},
    "reach_bi_count": {"k": ("total_bi", "count"), "n": ("cells", "count")},
    "future_at_first": {"f": ("future_at_first", "int")},
    "stack_count": {"L": ("layers", "int"), "k": ("total_stack", "count"),
                    "n": ("cells", "count")},
    "path_stack": {"p": ("path_stack", "int")},
    "sizes": {"V": ("vocab", "count"), "d": ("d", "count"), "r": ("proj", "count")},
    "direct": {"P": ("counts.direct_params", "count"), "M": ("counts.direct_macs", "count")},
    "projected": {"P": ("counts.projected_params", "count"),
                  "M": ("counts.projected_macs", "count")},
    "proj_cmp": {"g": ("counts.gap", "count")},
    "pool_last": {"v": ("pool_last", "fmt")},
    "pool_mean": {"v": ("pool_mean", "fmt")},
}


def _path(v, p):
    # one layer: there is no second depth to compare the shortest path with
    return "one" if int(p["layers"]) == 1 else "many"


def _proj(v, p):
    """The projected output side against the direct one, in parameters, from the sizes
    (written here: r d + |V| r + |V| against |V| d + |V|)."""
    V, d, r = int(p["vocab"]), int(p["d"]), int(p["proj"])
    a, b = r * d + V * r + V, V * d + V
    return "fewer" if a < b else ("same" if a == b else "more")


def _pool(v, p):
    """Which readout keeps more of the first token, as both are shown (``fmt``)."""
    a, b = shown(v.pool_mean, "fmt"), shown(v.pool_last, "fmt")
    return "mean" if a > b else ("same" if a == b else "last")


CHOICES = {"stack.path": _path, "proj.cmp": _proj, "pool.cmp": _pool}
