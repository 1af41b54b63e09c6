"""The primer (part 1): six section scenes and their registry."""
