"""The lecture as an ordered list of sections: id, titles, scene class, parameter schema, values.

One registry feeds the CLI, the tests and the course page. Importing it does not import manim:
scene classes are named as ``"module:Class"`` and loaded on demand.
"""

from __future__ import annotations

from mathcore import primer

from . import registry_primer_late
from .params import Param, ParamError, Schema
from .section import Section, to_json

_PRIMER_01 = Schema((
    Param("tokens", "floats", primer.PRIMER_TOKENS, "the eight input tokens x_0..x_7",
          min=-3.0, max=3.0, length=8),
    Param("w_h", "float", 1.40, "recurrent weight W_h (the sweep goes from here to 0)",
          min=-3.0, max=3.0),
    Param("w_x", "float", 0.8, "input weight W_x", min=-3.0, max=3.0),
    Param("b", "float", 0.0, "bias b", min=-3.0, max=3.0),
    Param("tangent_z", "floats", (0.0, 2.0), "the two points z where the tanh tangent stops",
          min=-4.0, max=4.0, length=2),
))

_PRIMER_02 = Schema((
    Param("w_h", "float", 0.9, "recurrent weight W_h", min=0.0, max=3.0),
    Param("activation", "choice", "tanh", "activation of the recurrence",
          choices=("tanh", "relu")),
    Param("chain_length", "int", 200, "hops in the long chain", min=10, max=1000),
    Param("factor_steps", "int", 40, "hops drawn as factor bars", min=5, max=80),
    Param("pushed_w_h", "float", primer.PUSHED_W_H, "W_h the factor beat pushes to under tanh",
          min=0.0, max=10.0),
    Param("relu_w_h", "float", 1.6, "W_h of the ReLU product beat", min=0.0, max=3.0),
    Param("clip_norm", "float", 84.0, "gradient norm before clipping", min=0.0, max=1e6),
    Param("clip_threshold", "float", 5.0, "clipping threshold", min=1e-6, max=1e6),
    Param("w_x", "float", 0.8, "input weight W_x", min=-3.0, max=3.0),
    Param("tokens", "floats", primer.PRIMER_TOKENS, "the 8 tokens of the backward walk (§01's)",
          min=-3.0, max=3.0, length=8),
    Param("chain_seed", "int", primer.CHAIN_SEED, "seed of the long chain's tokens",
          min=0, max=2**32 - 1),
    Param("chain_scale", "float", primer.CHAIN_SCALE, "amplitude of the long chain's tokens",
          min=0.0, max=5.0),
))

SECTIONS: tuple[Section, ...] = (
    Section("primer-01-recurrence", "01",
            {"zh": "循环：逐个读入 token", "en": "The loop: one token at a time"},
            "scenes.primer_01_recurrence:Recurrence", _PRIMER_01, primer.recurrence_values),
    Section("primer-02-vanishing", "02",
            {"zh": "梯度在循环里怎样消失", "en": "How the gradient dies in the loop"},
            "scenes.primer_02_vanishing:Vanishing", _PRIMER_02, primer.vanishing_values),
) + registry_primer_late.SECTIONS


def ids() -> list[str]:
    """Section ids in lecture order."""
    return [s.id for s in SECTIONS]


def get(section_id: str) -> Section:
    """The section with this id; a ParamError naming the allowed ids otherwise."""
    for s in SECTIONS:
        if s.id == section_id:
            return s
    raise ParamError(f"unknown section {section_id!r}; allowed: {', '.join(ids())}")


__all__ = ["SECTIONS", "Section", "get", "ids", "to_json", "ParamError"]
