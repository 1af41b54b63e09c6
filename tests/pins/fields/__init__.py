"""The path and format of every value field of every text, per section (issue 20, class 4).

The harness re-derives a text from the binding the scene declared, so a scene that declares a
field with too few decimals (``num:1`` for ``num``), from a neighbouring path, or in a
neighbouring format is consistent with itself, and at the tidy defaults (0.9, 512) shows the
same string as the right one. These pins are the tests' own declaration: ``check_scene``
(``tests/harness.py``) re-derives each text from them as well and compares whole strings, at
the defaults, the seeded draws, the untidy settings (``tests/untidy.py``) and every rule-edge
case, narration included.

Each module (named as the section's module in ``tests/pins/``) defines:

- ``SECTION``: the section id;
- ``FIELDS``: text-table key as the scene asks for it, without the variant it chooses
  (``"p.half"`` for ``"p.half.alive"``; a narration's own key, ``"intro.say"``) ->
  ``{field: (values path, format)}``, or a list of such for a key shown with other fields
  at other places or settings (two readouts of one label, a count or millions); every index
  is written ``[*]``: the scene's index is taken, the path's shape and the format are pinned
  (the index itself is checked by the readout pins and the goldens);
- ``READOUTS``: readout name (indices ``[*]``) -> ``{field: (values path, format)}`` for a
  readout that is not a text-table sentence (a bare value, a live number), or just the format
  for a readout named by its own path;
- ``VARIANTS``: the base of each sentence rule in ``tests/pins/`` -> its variants (the
  harness fails a variant shown that is not declared; ``tests/test_untidy.py`` that a declared
  one no constructed setting selects);
- ``UNREACHABLE``: ``"base.variant"`` no legal parameter selects -> why.

Plural endings (``{n_s}``) are not pinned: they follow their count's pinned path.
"""

from __future__ import annotations

import importlib
import pkgutil

FIELDS: dict[str, dict] = {}
READOUTS: dict[str, dict] = {}
VARIANTS: dict[str, dict] = {}
UNREACHABLE: dict[str, dict] = {}

for _m in pkgutil.iter_modules(__path__):
    _mod = importlib.import_module(f"{__name__}.{_m.name}")
    FIELDS[_mod.SECTION] = _mod.FIELDS
    READOUTS[_mod.SECTION] = getattr(_mod, "READOUTS", {})
    VARIANTS[_mod.SECTION] = getattr(_mod, "VARIANTS", {})
    UNREACHABLE[_mod.SECTION] = getattr(_mod, "UNREACHABLE", {})
