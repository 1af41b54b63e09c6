"""The prehistory course page (part 3): one section scene per module, and their registry."""
