"""pre-07-seq2seq: the path and format of every value field of its texts (see
``tests/pins/fields/__init__.py``)."""

SECTION = "pre-07-seq2seq"

FIELDS = {
    "cond.task.say": {"n": ("param.example_length", "int")},
    "cond.chain.say": {"lp": ("example_log_p", "fmt:2")},
    "cond.total": {"lp": ("example_log_p", "fmt:2")},
    "enc": {"H": ("hidden", "int")},
    "enc.c": {"H": ("hidden", "int")},
    "enc.train.say": {"H": ("hidden", "int"), "c": ("clip", "num"), "E": ("epochs", "int"),
                      "a": ("train_min_len", "int"), "b": ("train_max_len", "int")},
    "enc.loss.say": {"l": ("final_loss", "fmt:2")},
    "neck.say": {"n": ("n_per_length", "int")},
    "neck.fall.say": [{"l0": ("lengths[*]", "int"), "a0": ("acc_first", "fmt:0"),
                       "l1": ("lengths[*]", "int"), "a1": ("acc_last", "fmt:0"),
                       "lh": ("half_len", "int")},
                      {"l0": ("lengths[*]", "int"), "a0": ("acc_first", "fmt:0"),
                       "l1": ("lengths[*]", "int"), "a1": ("acc_last", "fmt:0")}],
    "neck.end": [{"lh": ("half_len", "int")}, {}],
    "neck.look.say": {"H": ("hidden", "int")},
    "beam.say": {"B": ("beam_width", "int")},
    "beam.head": {"t": ("beams.steps[*].t", "int")},
    "beam.out": {"o": ("beam_output", "str"), "s": ("beam_score", "fmt:2")},
    "beam.greedy.say": {"g": ("example_greedy", "str"), "b": ("beam_output", "str")},
    "beam.norm.say": {"a": ("alpha", "num")},
    "beam.bias.say": [{"n": ("n_sample", "int"), "k": ("bias_count", "int"),
                       "L": ("bias.length", "int"), "s": ("bias.short_len", "int"),
                       "a": ("alpha", "num"), "l": ("bias.long_len", "int")},
                      {"n": ("n_sample", "int"), "a": ("alpha", "num")},
                      {"a": ("alpha", "num")}],
    "beam.right": {"lp": ("bias.ref_log_p", "fmt:2")},
    "beam.alpha0": {"lp": ("bias.short_log_p", "fmt:2")},
    "beam.alpha": {"a": ("alpha", "num"), "lp": ("bias.long_log_p", "fmt:2")},
    "attr.fail.say": [{"n": ("n_sample", "int"), "f": ("n_failures", "int")},
                      {"n": ("n_sample", "int")}],
    "attr.verdict.say": [{"f": ("n_failures", "int")}, {"m": ("n_model", "int"),
                                                        "s": ("n_search", "int")}, {}],
    "attr.count": {"m": ("n_model", "int"), "s": ("n_search", "int")},
    "bleu.cand": {"s": ("param.candidate", "str")},
    "bleu.ref": {"s": ("param.reference", "str")},
    "bleu.pn": {"n": ("bleu_orders[*]", "int"), "m": ("bleu.matches[*]", "int"),
                "t": ("bleu.totals[*]", "int"), "p": ("bleu.precisions[*]", "fmt:3")},
    "bleu.bp.say": {"c": ("bleu.c", "int"), "r": ("bleu.r", "int"),
                    "bp": ("bleu.brevity_penalty", "fmt:3")},
    "bleu.bp": {"bp": ("bleu.brevity_penalty", "fmt:3")},
    "bleu.geo.say": {"b": ("bleu.bleu", "fmt:1")},
    "bleu.value": {"b": ("bleu.bleu", "fmt:1")},
    "bleu.page.say": {"g": ("bleu.page_formula", "fmt:3")},
    "bleu.page": {"g": ("bleu.page_formula", "fmt:3")},
}

READOUTS = {
    "source": [{"v": ("example_text.en", "str")}, {"v": ("example_text.zh", "str")}],
    "example.tgt[*]": "str",
    "example_log_probs[*]": "dec:2",
    "epoch_index[*]": "int",
    "train_losses[*]": "fmt:3",
    "final_loss": "fmt:3",
    "epochs": "int",
    "lengths[*]": "int",
    "accuracy[*]": "fmt:0",
    "acc_last": "fmt:0",
    "beam_rows[*][*]": "str",
    "bias.ref": "str",
    "bias.short": "str",
    "bias.long": "str",
    "beam_logp[*][*]": "fmt:2",
    "failures[*].length": "int",
    "failures[*].log_p_ref": "fmt:2",
    "failures[*].log_p_out": "fmt:2",
}

VARIANTS = {
    "neck.fall": ("falls", "holds"),
    "neck.end": ("falls", "holds"),
    "beam.greedy": ("differs", "itself", "same"),
    "beam.norm": ("off", "on"),
    "beam.bias": ("found", "none", "off"),
    "attr.fail": ("none", "some"),
    "attr.verdict": ("both", "model", "none", "search"),
    **{f"attr.who{i}": ("model", "search") for i in range(4)},
    "bleu.bp": ("long", "short"),
    "bleu.geo": ("nonzero", "zero"),
}

UNREACHABLE = {
    "attr.fail.none": "every legal model (width 16 to 64, at most 60 epochs) gets long strings "
                      "wrong: greedy accuracy is 0% from about 15 digits on (measured at the "
                      "defaults and the cheapest setting), and the sample of 30 has lengths up "
                      "to 24, so a sample without a failure is not reached",
    "attr.verdict.none": "follows attr.fail.none: no sample without a failure",
    "attr.verdict.search": "the fixed vector's long-string failures are the model's (it ranks "
                           "its wrong output above the right one): every seed searched (40 "
                           "sample seeds at B = 1) has model failures; search failures come one "
                           "or two among them",
}
