"""lstm-04-sandbox: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-04-sandbox"

FIELDS = {
    "apart": {"n": ("steps_apart", "int")},
    "decay": {"a": ("alive_fraction", "num"),
              "h": ("preset_forget[*]", "num"),
              "l": ("preset_forget[*]", "num")},
    "decay.say": {"a": ("alive_fraction", "num"),
                  "h": ("preset_forget[*]", "num"),
                  "l": ("preset_forget[*]", "num")},
    "gates": {"f": ("forget", "num"), "i": ("input", "num"), "o": ("output", "num")},
    "intro": {"f": ("forget", "num"),
              "i": ("input", "num"),
              "n": ("steps_apart", "int"),
              "o": ("output", "num")},
    "intro.say": {"f": ("forget", "num"),
                  "i": ("input", "num"),
                  "n": ("steps_apart", "int"),
                  "o": ("output", "num")},
    "learned.const": {"r": ("cat_retention", "fmt:2")},
    "learned.gate": {"r": ("learned_retention", "fmt:2")},
    "learned.story": {"s": ("learned_stop_forget", "fmt:2"),
                      "w0": ("learned_word_forget_min", "fmt:2"),
                      "w1": ("learned_word_forget_max", "fmt:2")},
    "p.long": {"a": ("alive_fraction", "num"),
               "f": ("preset_forget[*]", "num"),
               "i": ("preset_input[*]", "num"),
               "r": ("preset_retention[*]", "fmt:2")},
    "p.wipe": {"cc": ("preset_cell[*][*]", "fmt:2"),
               "ci": ("preset_cell[*][*]", "fmt:2"),
               "f": ("preset_forget[*]", "num")},
    "sweep": {"a": ("alive_fraction", "num"),
              "b0": ("band_forget[*]", "num"),
              "b1": ("band_forget[*]", "num")},
    "sweep.band": {"b0": ("band_forget[*]", "num"),
                   "b1": ("band_forget[*]", "num"),
                   "i": ("band_input", "num"),
                   "r0": ("band_retention[*]", "fmt:2"),
                   "r1": ("band_retention[*]", "fmt:2")},
    "sweep.line": {"a": ("alive_fraction", "num")},
    "sweep.say": {"a": ("alive_fraction", "num"),
                  "b0": ("band_forget[*]", "num"),
                  "b1": ("band_forget[*]", "num")},
    "sweep.state": {"a": ("alive_fraction", "num"),
                    "f": ("forget", "num"),
                    "i": ("input", "num"),
                    "r": ("cat_retention", "fmt:2")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "forget": "fmt:2",
    "forget_readout": {"v": ("forget", "dec:2")},
    "input": "dec:2",
    "learned_forget[*]": "fmt:2",
    "learned_stop": {"v": ("learned_forget[*]", "fmt:2")},
    "retention_readout": {"v": ("cat_retention", "dec:2")},
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "learned.const": ("alive", "faded", "unwritten",),
    "learned.gate": ("alive", "faded", "unwritten",),
    "learned.story": ("flat", "range",),
    "p.empty": ("flat", "moves",),
    "p.half": ("alive", "faded", "unwritten",),
    "p.long": ("alive", "faded", "unwritten",),
    "sweep.band": ("alive", "faded",),
    "sweep.state": ("alive", "faded", "unwritten",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "learned.gate.faded":
        "every write is >= 0, so h >= 0 and the learned gate is at least sigmoid(0) = 0.5 at the "
        "full stop and sigmoid(3) at 'it': 0.48 > 0.3 is left whenever the cat writes",
    "p.empty.moves":
        "the presets are fixed constants (f = 1, i = 0 writes nothing)",
    "p.half.alive":
        "the presets are fixed constants (f = i = 0.5 leaves 0.25 < 0.3)",
    "p.half.unwritten":
        "the presets are fixed constants (i = 0.5 writes)",
    "p.long.faded":
        "the presets are fixed constants (f = 0.95 leaves 0.90)",
    "p.long.unwritten":
        "the presets are fixed constants (i = 0.5 writes)",
    "sweep.band.faded":
        "the band's ends are fixed constants (f from 0.6 to 0.8 at i = 0.6)",
}
