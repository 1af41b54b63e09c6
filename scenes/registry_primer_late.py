"""Sections §03–§06 of the primer (filled in by the primer-late work)."""

SECTIONS: tuple = ()
