"""lstm-05-trace: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-05-trace"

FIELDS = {
    "col": {"k": ("slot_numbers[*]", "int")},
    "half": {"hf": ("he_forget", "fmt:2"),
             "hh": ("he_held_half_life", "fmt:2"),
             "hi": ("sweep_forget[*]", "fmt:2"),
             "lo": ("sweep_forget[*]", "fmt:2"),
             "tf": ("trace_forget", "fmt:2"),
             "th": ("trace_held_half_life", "fmt:2")},
    "half.mark": [{"f": ("trace_forget", "fmt:2"), "t": ("trace_held_half_life", "fmt:2")},
                  {"f": ("he_forget", "fmt:2"), "t": ("he_held_half_life", "fmt:2")}],
    "half.result": {"t": ("half_life", "fmt:2")},
    "half.say": {"hf": ("he_forget", "fmt:2"),
                 "hh": ("he_held_half_life", "fmt:2"),
                 "hi": ("sweep_forget[*]", "fmt:2"),
                 "lo": ("sweep_forget[*]", "fmt:2"),
                 "tf": ("trace_forget", "fmt:2"),
                 "th": ("trace_held_half_life", "fmt:2")},
    "he": {"f": ("he_forget", "fmt:2"),
           "o0": ("output_before", "fmt:2"),
           "o1": ("output_he", "fmt:2"),
           "t": ("he_number", "int")},
    "he.head": {"t": ("he_number", "int")},
    "he.line": {"f": ("he_forget", "fmt:2"),
                "o0": ("output_before", "fmt:2"),
                "o1": ("output_he", "fmt:2")},
    "he.say": {"f": ("he_forget", "fmt:2"),
               "o0": ("output_before", "fmt:2"),
               "o1": ("output_he", "fmt:2"),
               "t": ("he_number", "int")},
    "later": {"a": ("last_first", "fmt:2"), "b": ("last_second", "fmt:2"),
              "k0": ("slot_numbers[*]", "int"), "k1": ("slot_numbers[*]", "int")},
    "later.head": {"n": ("steps_after", "int"), "t": ("last_number", "int")},
    "later.say": {"a": ("last_first", "fmt:2"),
                  "b": ("last_second", "fmt:2"),
                  "n": ("steps_after", "int"),
                  "t": ("last_number", "int")},
    "legend": {"k": ("slot_numbers[*]", "int")},
    "stop": {"d": ("n_features", "int"),
             "fp": ("stop_forget_place", "fmt:2"),
             "k0": ("slot_numbers[*]", "int"), "k1": ("slot_numbers[*]", "int"),
             "k2": ("slot_numbers[*]", "int"), "k3": ("slot_numbers[*]", "int"),
             "s": ("n_slots", "int")},
    "stop.head": {"t": ("stop_number", "int")},
    "stop.line": {"fo": ("stop_forget_other", "fmt:2"), "fp": ("stop_forget_place", "fmt:2")},
    "stop.more": {"fo": ("stop_forget_other", "fmt:2"),
                  "fp": ("stop_forget_place", "fmt:2"),
                  "s": ("n_slots", "int")},
    "stop.say": {"d": ("n_features", "int"),
                 "fp": ("stop_forget_place", "fmt:2"),
                 "k0": ("slot_numbers[*]", "int"), "k1": ("slot_numbers[*]", "int"),
                 "k2": ("slot_numbers[*]", "int"), "k3": ("slot_numbers[*]", "int"),
                 "s": ("n_slots", "int")},
    "who": {"a": ("he_first", "fmt:2"),
            "b": ("he_second", "fmt:2"),
            "f": ("trace_forget", "fmt:2"),
            "k0": ("slot_numbers[*]", "int"), "k1": ("slot_numbers[*]", "int"),
            "w0": ("token_numbers[*]", "int"),
            "w1": ("token_numbers[*]", "int")},
    "who.second.say": {"a": ("he_first", "fmt:2"),
                       "b": ("he_second", "fmt:2"),
                       "f": ("trace_forget", "fmt:2"),
                       "k0": ("slot_numbers[*]", "int"), "k1": ("slot_numbers[*]", "int"),
                       "w0": ("token_numbers[*]", "int"),
                       "w1": ("token_numbers[*]", "int")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "cell[*][*]": "dec:2",
    "forget[*][*]": "dec:2",
    "forget_readout": {"v": ("forget_param", "dec:2")},
    "half_life_readout": {"v": ("half_life", "dec:2")},
    "he_forget": {"v": ("forget[*][*]", "dec:2")},
    "input[*][*]": "dec:2",
    "last_first": {"v": ("cell[*][*]", "dec:2")},
    "last_second": {"v": ("cell[*][*]", "dec:2")},
    "output[*][*]": "dec:2",
    "output_he": {"v": ("output[*][*]", "dec:2")},
    "stop_forget_other": {"v": ("forget[*][*]", "dec:2")},
    "stop_forget_place": {"v": ("forget[*][*]", "dec:2")},
    "token_numbers[*]": "int",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "half.result": ("after", "within",),
    "who": ("first", "second", "tie",),
    "who.pick": ("first", "second", "tie",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "who.first":
        "the slots at token 11 come from the hand-set demo data, which no parameter moves",
    "who.pick.first":
        "the slots at token 11 come from the hand-set demo data, which no parameter moves",
    "who.pick.tie":
        "the slots at token 11 come from the hand-set demo data, which no parameter moves",
    "who.tie":
        "the slots at token 11 come from the hand-set demo data, which no parameter moves",
}
