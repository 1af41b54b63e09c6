"""primer-02-vanishing: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "primer-02-vanishing"

FIELDS = {
    "bars": {"k": ("factor_steps", "int")},
    "bars.main": {"m": ("max_factor", "fmt")},
    "bars.main.say": {"lo": ("min_factor", "fmt"),
                      "m": ("max_factor", "fmt"),
                      "w": ("param.w_h", "num")},
    "bars.pushed": {"m": ("pushed_max_factor", "fmt")},
    "bars.pushed.say": {"lo": ("pushed_min_factor", "fmt"),
                        "m": ("pushed_max_factor", "fmt"),
                        "w": ("param.pushed_w_h", "num")},
    "bars.relu": {"m": ("relu_max_factor", "fmt")},
    "bars.relu.say": {"lo": ("relu_min_factor", "fmt"),
                      "m": ("relu_max_factor", "fmt"),
                      "w": ("param.relu_w_h", "num")},
    "bars.say": {"k": ("factor_steps", "int")},
    "bars.state": [{"w": ("param.w_h", "num")},
                   {"w": ("param.pushed_w_h", "num")},
                   {"w": ("param.relu_w_h", "num")}],
    "bars.sweep.say": {"w0": ("param.w_h", "num"), "w1": ("param.pushed_w_h", "num")},
    "clip.after": {"n": ("clipped_norm", "fmt:2")},
    "clip.case": {"n": ("param.clip_norm", "num")},
    "clip.case.say": {"n": ("param.clip_norm", "num"),
                      "s": ("clip_scale", "fmt"),
                      "th": ("param.clip_threshold", "num")},
    "clip.scale": {"s": ("clip_scale", "fmt")},
    "clip.small": {"c": ("small_clipped_norm", "fmt"),
                   "g": ("small_gradient", "fmt"),
                   "s": ("small_clip_scale", "fmt")},
    "clip.small_case.say": {"g": ("small_gradient", "fmt"), "s": ("small_clip_scale", "fmt")},
    "clip.tau": {"t": ("param.clip_threshold", "num")},
    "dims.after": {"k": ("dims_hops", "int"), "n": ("dims_product_norm", "factor")},
    "dims.norm": {"k": ("dims_hops", "int")},
    "dims.say": {"d": ("dims_width", "int")},
    "dims.strip": {"d": ("dims_width", "int")},
    "dims.sweep.say": {"hi": ("dims_sweep_high", "num"), "lo": ("dims_sweep_low", "num")},
    "dims.tick": {"e": ("dims_y_ticks[*]", "int")},
    "dims.verdict.say": {"k": ("dims_hops", "int"),
                         "n": ("dims_product_norm", "factor"),
                         "s": ("dims_sigma_max", "num:6")},
    "hop.note": {"w": ("param.w_h", "num")},
    "hop.note.say": {"w": ("param.w_h", "num")},
    "hop.sat.say": [{"s": ("hop_off_slope", "num")},
                    {"s": ("hop_edge_slope", "fmt"), "z": ("hop_edge_z", "num")}],
    "hop.w": {"w": ("param.w_h", "num")},
    "product": {"n": ("param.chain_length", "int")},
    "product.curve": [{"w": ("param.w_h", "num")},
                      {"w": ("param.relu_w_h", "num")}],
    "product.end": {"p": ("final_product", "fmt")},
    "product.f32": {"x": ("relu_product_f32", "fmt")},
    "product.intro": {"n": ("param.chain_length", "int"), "step": ("product_axis_step", "int")},
    "product.main": [{"h": ("float32_underflow_hop", "int")},
                     {"h": ("float32_overflow_hop", "int")}],
    "product.main.say": [{"h": ("float32_underflow_hop", "int"), "p": ("final_product", "fmt")},
                         {"h": ("float32_overflow_hop", "int"), "p": ("final_product", "fmt")},
                         {"p": ("final_product", "fmt")}],            # within: no hop
    "product.relu": [{"h": ("relu_underflow_hop", "int")},
                     {"h": ("relu_overflow_hop", "int")}],
    "product.relu.say": [{"h": ("relu_underflow_hop", "int"),
                          "p": ("relu_final_product", "fmt"),
                          "w": ("param.relu_w_h", "num"),
                          "x": ("relu_product_f32", "fmt")},
                         {"h": ("relu_overflow_hop", "int"),
                          "p": ("relu_final_product", "fmt"),
                          "w": ("param.relu_w_h", "num"),
                          "x": ("relu_product_f32", "fmt")},
                         {"p": ("relu_final_product", "fmt"),           # within: no hop
                          "w": ("param.relu_w_h", "num"),
                          "x": ("relu_product_f32", "fmt")}],
    "walk": {"g": ("walk_seed", "num"), "w": ("param.w_h", "num")},
    "walk.factor": {"f": ("walk_factors[*]", "fmt")},
    "walk.say": {"g": ("walk_seed", "num"), "w": ("param.w_h", "num")},
    "walk.summary": {"g": ("walk_seed", "num"),
                     "n": ("walk_hops", "int"),
                     "p": ("walk_product[*]", "fmt")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "clipped_norm_readout": {"v": ("clipped_norm", "dec:2")},
    "dims_log_product_readout": {"v": ("dims_log_product", "dec:3")},
    "dims_sigma_readout": {"v": ("dims_sigma_max", "dec:2")},
    "hop_factor_peak": {"v": ("hop_peak_factor", "dec:3")},
    "hop_peak_z": "dec:2",
    "walk_product": {"v": ("walk_product[*]", "fmt")},
    "walk_product[*]": "fmt",
    "walk_seed": "num",
    "walk_states[*]": "dec:3",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "bars.sweep": ("down", "same", "up",),
    "bars.main": ("above", "below", "reaches",),
    "bars.pushed": ("above", "below", "reaches",),
    "bars.relu": ("above", "below", "reaches",),
    "clip.case": ("clipped", "passes",),
    "clip.late": ("reaches", "vanishes",),
    "clip.small_case": ("clipped", "passes",),
    "dims.note": ("grows", "holds", "shrinks",),
    "dims.verdict": ("grows", "holds", "shrinks",),
    "hop.note": ("relu", "tanh", "zero",),
    "hop.sat": ("relu", "tanh",),
    "product": ("over", "under", "within",),
    "product.main": ("over", "under", "within",),
    "product.relu": ("over", "under", "within",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
}
