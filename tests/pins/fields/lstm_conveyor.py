"""lstm-03-conveyor: the path and format of every value field of its texts (issue 20, class 4;
see ``tests/pins/fields/__init__.py``). Read off the scenes at the defaults, the untidy
settings and the degenerate cases, then reviewed: a change here is a change of what a
viewer reads."""

SECTION = "lstm-03-conveyor"

FIELDS = {
    "bal.share": {"f": ("forget_param", "num")},
    "bal.write": {"new": ("new_param", "fmt:2"), "w": ("written_param", "fmt:2")},
    "balance": {"old": ("old_param", "fmt:2")},
    "balance.say": {"old": ("old_param", "fmt:2")},
    "example": {"f": ("focus_forget", "fmt:2"),
                "kept": ("focus_kept", "fmt:2"),
                "new": ("focus_new", "fmt:2"),
                "old": ("focus_old", "fmt:2"),
                "s": ("focus_slot_number", "int"),
                "w": ("focus_word_number", "int"),
                "wr": ("focus_written_abs", "fmt:2")},
    "nof": {"m": ("stream_words", "int"),
            "n": ("n_words", "int"),
            "r": ("stream_repeats", "int"),
            "s": ("focus_slot_number", "int")},
    "nof.end97": {"c": ("end_1997", "fmt:2"), "t": ("end_tanh_1997", "fmt:4")},
    "nof.endg": {"b": ("gated_bound", "fmt:2")},
    "nof.say": {"m": ("stream_words", "int"),
                "n": ("n_words", "int"),
                "r": ("stream_repeats", "int"),
                "s": ("focus_slot_number", "int")},
    "nof.story": {"b": ("gated_bound", "fmt:2"),
                  "c97": ("end_1997", "fmt:2"),
                  "m": ("stream_words", "int"),
                  "t": ("end_tanh_1997", "fmt:4")},
    "run": {"s0": ("slot_numbers[*]", "int"), "s1": ("slot_numbers[*]", "int"),
            "slots": ("n_slots", "int"),
            "w0": ("word_numbers[*]", "int"), "w1": ("word_numbers[*]", "int"),
            "words": ("n_words", "int")},
    "run.focus.say": {"f": ("focus_forget", "fmt:2"),
                      "kept": ("focus_kept", "fmt:2"),
                      "new": ("focus_new", "fmt:2"),
                      "old": ("focus_old", "fmt:2"),
                      "s": ("focus_slot_number", "int"),
                      "w": ("focus_word_number", "int"),
                      "wr": ("focus_written", "fmt:2")},
    "run.others": {"fmax": ("others_forget_max", "fmt:2"),
                   "fmin": ("others_forget_min", "fmt:2")},
    "run.say": {"s0": ("slot_numbers[*]", "int"), "s1": ("slot_numbers[*]", "int"),
                "slots": ("n_slots", "int"),
                "w0": ("word_numbers[*]", "int"), "w1": ("word_numbers[*]", "int"),
                "words": ("n_words", "int")},
    "slot": {"k": ("slot_numbers[*]", "int")},
    "st0.write": {"w": ("station_written[*]", "fmt:2")},
    "st1.write": {"w": ("station_written[*]", "fmt:2")},
    "st2.write": {"w": ("station_written[*]", "fmt:2")},
    "station.f": {"f": ("station_forget[*]", "fmt:2")},
    "station.word": {"w": ("station_words[*]", "int")},
    "stations": {"s": ("focus_slot_number", "int")},
    "stations.say": {"s": ("focus_slot_number", "int")},
}

#: a readout named by its own path is pinned by its format (``[*]``: any index)
READOUTS = {
    "cell[*][*]": "dec:2",
    "focus_cell": {"v": ("cell[*][*]", "dec:2")},
    "focus_forget": {"v": ("forget[*][*]", "dec:2")},
    "forget[*][*]": "dec:2",
    "forget_readout": {"v": ("forget_param", "dec:2")},
    "kept": {"v": ("kept_param", "dec:2")},
    "new": {"v": ("new_param", "dec:2")},
    "old_param": "dec:2",
    "station_last_new": {"v": ("station_new[*]", "dec:2")},
    "station_new[*]": "dec:2",
    "station_old[*]": "dec:2",
    "written_param": "dec:2",
}

#: every variant of each sentence chosen among variants (the rule's base in ``tests/pins/``)
VARIANTS = {
    "bal.share": ("all", "half", "less", "more", "none",),
    "bal.write": ("deposit", "none", "withdrawal",),
    "example": ("deposit", "none", "withdrawal",),
    "nof.story": ("grows", "not",),
    "nof.verdict": ("grows", "not",),
    "run.others": ("mixed", "more",),
    "st0.share": ("all", "half", "less", "more", "none",),
    "st0.write": ("deposit", "none", "withdrawal",),
    "st1.share": ("all", "half", "less", "more", "none",),
    "st1.write": ("deposit", "none", "withdrawal",),
    "st2.share": ("all", "half", "less", "more", "none",),
    "st2.write": ("deposit", "none", "withdrawal",),
}

#: variants no legal parameter selects, with why
UNREACHABLE = {
    "example.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "example.withdrawal":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "nof.story.not":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "nof.verdict.not":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "run.others.mixed":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.share.all":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.share.half":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.share.less":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.share.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.write.deposit":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st0.write.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.share.all":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.share.half":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.share.less":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.share.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.write.deposit":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st1.write.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.share.all":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.share.half":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.share.more":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.share.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.write.none":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
    "st2.write.withdrawal":
        "the worked example's word vectors are hand-set demo data "
        "(mathcore/lstm_chapter/conveyor.py) that no parameter moves",
}
