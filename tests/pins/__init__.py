"""Independent expectations per section, one module each (``<part>_<section>.py``).

Each module defines:

- ``SECTION``: the section id;
- ``PINS``: readout name -> ``{field: (values path, format)}``; a scene that shows a neighbouring
  value under a pinned name, or changes its format, fails;
- ``CHOICES``: text key -> ``rule(values, params)`` giving the variant of a sentence chosen
  among variants (e.g. ``"under"`` / ``"never_under"``), written from the values, not the scene.

``fields/`` holds, per section (a module of the same name), the path and format of every value
field of every text (issue 20, class 4; see ``fields/__init__.py``): ``FIELDS``, ``READOUTS``,
``VARIANTS`` and ``UNREACHABLE`` here, by section id.
"""

from __future__ import annotations

import importlib
import pkgutil

PINS: dict[str, dict] = {}
CHOICES: dict[str, dict] = {}

for _m in pkgutil.iter_modules(__path__):
    if _m.ispkg:
        continue
    _mod = importlib.import_module(f"{__name__}.{_m.name}")
    PINS[_mod.SECTION] = getattr(_mod, "PINS", {})
    CHOICES[_mod.SECTION] = getattr(_mod, "CHOICES", {})

from .fields import FIELDS, READOUTS, UNREACHABLE, VARIANTS  # noqa: E402,F401
