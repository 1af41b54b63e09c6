"""Pure-numpy math behind every number the lecture shows.

Nothing in this package imports manim: scenes read the frozen dataclasses returned here and only
lay them out.
"""
