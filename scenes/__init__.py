"""Manim scenes of the lecture, one module per section, plus the registry and style.

This package's ``__init__``, ``registry``, ``section`` and ``params`` never import manim.
"""
