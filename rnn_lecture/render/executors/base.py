"""The one door between the scheduler and whatever runs its jobs.

The scheduler (:mod:`..scheduler`) decides what to run and when; an :class:`Executor` runs one
job at a time per slot somewhere (worker processes here, a Dask cluster, ...) and tells it how
each ended. The scheduler knows only this interface, so a new way of running jobs (another
distributed engine, a queue) is one new module beside :mod:`.local` and :mod:`.cluster`, and
one line in :func:`rnn_lecture.render.executors.make_executor`.

What a new executor must do
---------------------------

- **Run a job**: ``submit(kind, job, key, beats, work, lock_fd)`` starts one job and returns a
  handle at once (any object; the scheduler only hands it back). ``kind`` is ``"plan"``
  (:func:`..plan.plan_section` of ``job``), ``"beats"`` (:func:`..draw.render_beats` of
  ``beats`` into the section's work folder ``work``), ``"typeset"``
  (:func:`..typesetting.typeset_section`) or ``"section"`` (the whole section,
  :func:`..draw.render_one` and the manifest updated); an executor that cannot run some kinds
  says so with :attr:`Executor.runs_sections` and :attr:`Executor.typesets_up_front`. The job
  runs with the run's working folder, environment and umask; its output (and a traceback)
  goes to the section's log (:func:`..job.log_path`).
- **Give its files back**: a ``"beats"`` job's files (``<beat>.mp4``, ``.webm``, ``.png``,
  the last one's ``.frame.png``) must be in ``work`` when :meth:`Executor.outcome` returns,
  whether the job drew them there (a shared file system) or sent their bytes back.
- **Tell how it ended**: :meth:`Executor.wait` returns the handles whose job ended;
  :meth:`Executor.outcome` then gives ``("ok", value)`` (the records, the plan, ...) or
  ``("failed", {"kind", "detail"})`` (:func:`..failures.describe_failure`; a worker lost is
  ``{"kind": "error", "detail": "worker process died (...)"}``), optionally with the CPU
  seconds the job took as a third item (``scripts/bench`` shows them).
- **Cancel**: :meth:`Executor.cancel` stops a job (its section failed, or the run is
  stopping); :meth:`Executor.reap` waits, bounded, for cancelled jobs to be gone, so that a
  dead run takes its workers with it. A job must never outlive the run that started it.
- **Keep the section's lock**: a local job holds the section's lock through ``lock_fd`` for
  as long as it runs; a remote one writes nothing where the run writes (the run keeps the
  lock, staging folders and manifest itself).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path

from ..job import Job


class Executor(ABC):
    """Runs the scheduler's jobs (see the module's docstring for what an executor must do)."""

    #: Whether the scheduler may queue ``"typeset"`` jobs (formulas typeset up front into the
    #: run's LaTeX cache); False where workers keep caches of their own.
    typesets_up_front: bool = True
    #: Whether it runs ``"section"`` jobs (a whole section in one process); if not, a run
    #: always splits sections into beats.
    runs_sections: bool = True

    def slots(self, n_jobs: int) -> int:
        """How many jobs the scheduler keeps in flight (``--jobs`` unless the executor knows
        better, e.g. a cluster's threads)."""
        return n_jobs

    @abstractmethod
    def submit(self, kind: str, job: Job, key: str, beats: tuple | None, work: Path | None,
               lock_fd: int | None):
        """Start one job; return its handle."""

    @abstractmethod
    def wait(self, handles: list, timeout: float | None) -> list:
        """Wait until at least one of ``handles`` ended (at most ``timeout`` seconds, None:
        until one did; an executor may return sooner) and return those that ended."""

    @abstractmethod
    def outcome(self, handle) -> tuple:
        """How an ended job went: ``("ok", value[, cpu])`` or ``("failed", failure[, cpu])``;
        its files are in its work folder by then. Called once per handle."""

    @abstractmethod
    def cancel(self, handle) -> None:
        """Stop a job (it may have ended already)."""

    def reap(self, handles: list) -> None:
        """After :meth:`cancel` of every job of a run that stops: wait, bounded, until they
        are gone (by force if need be)."""
