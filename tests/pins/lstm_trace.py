"""L5 pinned readouts and the rules for its sentences chosen among variants.

The rules read the numbers (the slot values at "他", the parameter ``forget``) and decide with
plain comparisons, not with the variant names mathcore hands the scene.
"""

import math

from rules_edges import shown

SECTION = "lstm-05-trace"


# Edges (issue 20): the slots at "他" come from the hand-set demo data, which no parameter moves,
# so "first" and "tie" are reached by no legal parameter; the rule decides on the shown digits
# all the same. The half-life rule's edge, f = 1/2 (one step), is tested both sides.
def _referent(v, p):
    # token 11 ("他"), slots 1 and 2 (indices 0 and 1), as shown (fmt:2): 0.264 and 0.256
    # are both 0.26, a tie
    a, b = shown(v.cell[10][0], "fmt:2"), shown(v.cell[10][1], "fmt:2")
    return "second" if b > a else ("first" if a > b else "tie")


def _half(v, p):
    half = math.log(0.5) / math.log(float(p["forget"]))
    return "within" if shown(half, "fmt:2") < 1.0 else "after"    # 0.996 shows "1.00"


PINS = {
    "stop_forget_place": {"v": ("forget[4][2]", "dec:2")},
    "stop_forget_other": {"v": ("forget[4][0]", "dec:2")},
    "stop_line": {"fp": ("stop_forget_place", "fmt:2"), "fo": ("stop_forget_other", "fmt:2")},
    "he_forget": {"v": ("forget[10][0]", "dec:2")},
    "output_he": {"v": ("output[10][0]", "dec:2")},
    "he_line": {"f": ("he_forget", "fmt:2"),
                "o0": ("output_before", "fmt:2"), "o1": ("output_he", "fmt:2")},
    "last_first": {"v": ("cell[15][0]", "dec:2")},
    "last_second": {"v": ("cell[15][1]", "dec:2")},
    "later": {"a": ("last_first", "fmt:2"), "b": ("last_second", "fmt:2"),
              "k0": ("slot_numbers[0]", "int"), "k1": ("slot_numbers[1]", "int")},
    "who_pick": {},
    "forget_readout": {"v": ("forget_param", "dec:2")},
    "half_life_readout": {"v": ("half_life", "dec:2")},
    "half_result": {"t": ("half_life", "fmt:2")},
}

CHOICES = {
    "who": _referent,
    "who.pick": _referent,
    "half.result": _half,
}
