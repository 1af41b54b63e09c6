"""The recurrent cells (RNN, LSTM, GRU): forward passes and BPTT in PyTorch's layout."""

from . import gru, lstm, rnn

__all__ = ["gru", "lstm", "rnn"]
