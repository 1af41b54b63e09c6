"""The primer (part 1): one module of values per section, §01–§06."""
