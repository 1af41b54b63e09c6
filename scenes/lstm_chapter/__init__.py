"""The LSTM chapter (part 2): eight section scenes and their registry."""
