"""The prehistory course page (part 3): one module of values per section, pre-01 … pre-10.

The page's two numpy labs are run here exactly as the page writes them (its generator, seed 42,
its order of draws, its shapes); where the page states a signal its own code does not give, the
values hold what the code gives and, beside it, the run that would give the page's signal.
"""
