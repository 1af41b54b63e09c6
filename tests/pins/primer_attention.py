"""§05 pinned readouts and the rules choosing its sentences among variants."""

SECTION = "primer-05-attention"

PINS = {
    "sequential_depth_recurrent": {"v": ("sequential_depth.recurrent", "count")},
    "sequential_depth_attention": {"v": ("sequential_depth.attention", "count")},
    "path_length_recurrent": {"v": ("path_length.recurrent", "count")},
    "path_length_attention": {"v": ("path_length.attention", "count")},
    "bottleneck_numbers": {"v": ("bottleneck_numbers", "count")},
    "direct_numbers": {"v": ("direct_numbers", "count")},
    "direct_numbers_long": {"v": ("direct_numbers_long", "count")},
    "d": {"v": ("d", "count")},
    "cost_crossover_n": {"v": ("cost_crossover_n", "count")},
    "cost_whole_recurrent": {"v": ("cost_whole.recurrent", "count")},
    "cost_whole_attention": {"v": ("cost_whole.attention", "count")},
    "verdict": {"n": ("n", "count")},
    "cost_recurrent": {"v": ("cost.recurrent", "count")},
    "cost_attention": {"v": ("cost.attention", "count")},
    "cost_below": {"d": ("d", "count")},
    "cost_above": {"d": ("d", "count")},
    "n": {"v": ("n", "count")},
    "query": {"a": ("param.query[0]", "num"), "b": ("param.query[1]", "num")},
    "example_weight_sum": {"s": ("example_weight_sum", "dec:2")},
    "example_output": {"o": ("example_output", "dec:2")},
}


def _grid(v, p):
    # one position: both layers take a single column; more: recurrence takes n columns
    return "one" if p["n"] == 1 else "many"


def _path(v, p):
    # multiplications on the recurrent path to token k are k: none, one, or several
    k = p["path_target"]
    return {0: "zero", 1: "one"}.get(k, "many")


def _verdict(v, p):
    # n d^2 (recurrent) against n^2 d (attention), from the parameters
    n, d = p["n"], p["d"]
    rec, att = n * d * d, n * n * d
    return "attention" if att < rec else ("recurrent" if rec < att else "equal")


def _sides(v, p):
    # n < d has a legal n (n >= 1) only when d > 1
    return "crossing" if p["d"] > 1 else "never"


def _grid_sweep(v, p):
    # the sweep runs over lengths 1 .. n: at n = 1 there is none
    return "one" if p["n"] == 1 else "sweep"


CHOICES = {"grid": _grid, "grid.sweep": _grid_sweep, "path": _path, "cost.verdict": _verdict,
           "cost.sides": _sides, "cost.below": _sides}
