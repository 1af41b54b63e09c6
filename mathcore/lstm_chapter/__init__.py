"""The LSTM chapter (part 2): one module of values per section, L1–L8.

Where the chapter hand-sets demo data (weights, embeddings, write strengths), the module holds it
as named, documented constants and computes every number from it; the values include the data
used, so anyone can recompute what is shown.
"""
