"""Executors: where the scheduler's jobs run, behind one interface (:class:`.base.Executor`).

- :mod:`.local`: worker processes of this machine (``--jobs N``), forked from a fork server.
- :mod:`.cluster`: a Dask cluster's workers (``--cluster tcp://HOST:PORT | local:N``).

A third executor is one new module here, subclassing :class:`.base.Executor` (its docstring
says what it must do), and one line in :func:`make_executor`.
"""

from __future__ import annotations

from .base import Executor

__all__ = ["Executor", "make_executor"]


def make_executor(client=None, n_jobs: int = 1) -> Executor:
    """The executor of a run: a Dask ``client``'s cluster, else local worker processes."""
    if client is not None:
        from .cluster import DaskExecutor

        return DaskExecutor(client)
    from .local import LocalExecutor

    return LocalExecutor(n_jobs)
