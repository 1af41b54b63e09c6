"""rnn-lecture: animated lecture videos on sequence models, every number computed."""

__version__ = "0.1.0"
