"""The local executor: each job in a worker process of this machine, forked from a fork server.

Faults are part of the design:

- Every job runs in its own worker process while the run holds the section's lock (``flock``,
  handed to the worker too, :func:`_child`); a worker dies with its run, whatever kills the
  run, and takes its own children (LaTeX, encoders) along (:func:`_die_with_parent`).
- A worker's output goes to the section's log; it reports one message on its pipe (the result,
  or the failure described, and its CPU seconds). A worker that died without one is said as
  ``worker process died (signal N, NAME)``.
- Workers are forked from a fork server that imported Manim and the scenes once
  (:func:`worker_context`), and take the run's working folder, environment and umask as they
  are when the job starts (:func:`_setting`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import traceback
from dataclasses import dataclass
from multiprocessing import connection as mp_connection
from multiprocessing import get_context, reduction
from pathlib import Path

from ... import safefs
from ..draw import render_beats, render_one
from ..failures import _signal_name, describe_failure
from ..job import Job, log_path
from ..locks import _alive
from ..plan import plan_section
from ..publish import _remove_leftovers, update_manifest
from ..room import free_bytes
from ..typesetting import typeset_section
from .base import Executor


def _umask() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: What a worker imports before its first job: ~1.5 s of CPU (Manim alone takes one), once per
#: run in the fork server instead of once per job (see :func:`worker_context`).
PRELOAD = ("manim", "av", "PIL.Image", "srt", "scenes.registry",
           "rnn_lecture.render.executors.local", "rnn_lecture.captions",
           "rnn_lecture.encoding", "rnn_lecture.forkserver_guard")   # the last: see that module


def worker_context():
    """The multiprocessing context of local workers: a fork server that imports
    :data:`PRELOAD` once and forks each worker from there, ready to draw (``spawn`` where
    there is no fork server).

    A worker forked so inherits the server's working folder, environment and umask, which
    are the run's as they were when its first worker started; :func:`_child` takes the run's
    current ones (:func:`_setting`), so a run behaves as with a fresh process per job.
    """
    import multiprocessing as mp

    if "forkserver" not in mp.get_all_start_methods():
        return get_context("spawn")
    ctx = get_context("forkserver")
    ctx.set_forkserver_preload(list(PRELOAD))  # no effect once the server runs
    return ctx


def _setting() -> dict:
    """What a worker takes from the run: working folder, environment, umask."""
    return {"cwd": os.getcwd(), "env": dict(os.environ), "umask": _umask()}


def _take_setting(setting: dict) -> None:
    os.chdir(setting["cwd"])
    if dict(os.environ) != setting["env"]:
        os.environ.clear()
        os.environ.update(setting["env"])
    os.umask(setting["umask"])


def _stop_group(code: int) -> None:
    """Exit now, and take this worker's children (LaTeX, encoders) along: the worker leads a
    process group of its own (:func:`_die_with_parent`), so one ``killpg`` reaches them all."""
    with contextlib.suppress(OSError):
        if os.getpgid(0) == os.getpid():
            os.killpg(0, signal.SIGKILL)
    os._exit(code)


def _die_with_parent(parent_pid: int) -> None:
    """Make sure this worker, and every process it starts, dies with the run ``parent_pid``,
    whatever kills the run (SIGKILL included); stop now if the run is already gone.

    Three things did not hold before, and each is fixed here:

    - A worker is forked by the run's fork server, not by the run, and Python hands every
      such child the write end of the server's "alive" pipe (so that it could ask the server
      for processes of its own). The server exits when that pipe's last write end closes, so
      it lived on for as long as any worker did, and ``PR_SET_PDEATHSIG`` (which fires when
      the *fork server* dies) never fired. The worker closes its copy: the server now sees
      EOF, and exits, the moment the run is gone.
    - The death signal is SIGTERM, handled in Python (:func:`_on_sigterm`), which runs only
      between bytecodes of the main thread. So a thread also watches the run itself through a
      pidfd (``poll`` wakes when the run exits, however it exits) and stops the worker from
      there, without waiting for the main thread.
    - Processes a worker starts (LaTeX, dvisvgm) are not signalled by Linux when the worker
      dies. The worker leads a new process group, and stops by killing that group
      (:func:`_stop_group`).
    """
    with contextlib.suppress(Exception):
        from multiprocessing import forkserver

        fs = forkserver._forkserver
        if fs._forkserver_alive_fd is not None:
            os.close(fs._forkserver_alive_fd)
            fs._forkserver_alive_fd = None
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    try:
        pidfd = os.pidfd_open(parent_pid)
    except ProcessLookupError:
        _stop_group(1)
    except (OSError, AttributeError):
        pidfd = None
    if os.getppid() == 1 or not _alive(parent_pid):
        _stop_group(1)
    if pidfd is not None:
        import select
        import threading

        def watch():
            poller = select.poll()
            poller.register(pidfd, select.POLLIN)
            while not poller.poll():
                pass
            _on_sigterm(signal.SIGKILL, None)   # the run is gone: clean up and stop

        threading.Thread(target=watch, name="rnn-lecture: watch the run", daemon=True).start()


_HOLDING: dict = {}  # in a worker: the job whose section lock it holds


def _on_sigterm(signum, frame):
    """Stop now, and take this section's staging folders along (we hold its lock).

    No exception is raised into the render: manim and PyAV swallow some (an exception in a
    callback is only printed), and a worker that lives on after its run was stopped is worse
    than one that stops hard.
    """
    job = _HOLDING.get("job")
    if job is not None:
        with contextlib.suppress(Exception):
            _remove_leftovers(job)
    _stop_group(128 + signum)


def _child(kind: str, job: Job, key: str, beats: tuple | None, work: str | None, conn,
           parent_pid: int, threads: int = 1, setting: dict | None = None) -> None:
    """Worker process: one job, reported on ``conn``; all output goes to the section's log.

    ``kind`` is ``"section"`` (the whole section in this process, as Manim alone renders it),
    ``"plan"`` (the section played without drawing: its beats' fingerprints and lengths),
    ``"typeset"`` (its formulas typeset up front, ``threads`` at a time) or ``"beats"`` (the
    clips of some beats into ``work``). SIGINT is ignored (the run answers Ctrl-C by
    stopping its workers); SIGTERM, from the run or from Linux when the run
    dies, stops it at once. ``setting``: the run's working folder, environment and umask.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_sigterm)
    if setting is not None:
        _take_setting(setting)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a file-size limit is an error, not a kill
    _die_with_parent(parent_pid)
    lock_fd = reduction.recv_handle(conn)  # the section's lock: held as long as we live
    _HOLDING["job"] = job
    with contextlib.suppress(Exception):
        # tqdm (manim's progress bars) makes a multiprocessing lock, i.e. a named semaphore;
        # one bar per process needs none, and a killed worker would leave a warning about it.
        from tqdm.std import TqdmDefaultWriteLock

        TqdmDefaultWriteLock.mp_lock = None
    msg: tuple = ("failed", {"kind": "error", "detail": "worker stopped before rendering"})
    try:
        log = log_path(job)
        log.parent.mkdir(parents=True, exist_ok=True)
        fd = safefs.open_append(log)   # the run cleared it when it began; never via a link
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
        what = {"section": "rendering", "plan": "planning",
                "beats": f"rendering beats {', '.join(beats or ())}",
                "typeset": "typesetting its formulas"}
        print(f"{job.section}: {what[kind]} ({job.quality}, {job.lang}) in pid {os.getpid()}",
              flush=True)
        if kind == "section":
            entry = render_one(job, key)
            update_manifest(job.out, job.quality, job.lang, entry)
            msg = ("ok", entry)
        elif kind == "plan":
            msg = ("ok", plan_section(job))
        elif kind == "typeset":
            msg = ("ok", typeset_section(job, threads))
        else:
            msg = ("ok", render_beats(job, beats, Path(work)))
    except Exception as e:
        with contextlib.suppress(Exception):
            traceback.print_exc()
            sys.stderr.flush()
        with contextlib.suppress(Exception):  # a full disk can surface as a parse error
            if not hasattr(e, "free_at_failure"):  # (Pango/cairo write short files silently)
                e.free_at_failure = free_bytes(Path(work) if work else job.out)
        msg = ("failed", describe_failure(e))
    finally:
        with contextlib.suppress(Exception):
            conn.send((*msg, _cpu_seconds()))
        _HOLDING.clear()
        os.close(lock_fd)


def _cpu_seconds() -> float:
    """CPU seconds of this process (all its threads) and of its finished children (LaTeX)."""
    import resource

    me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


@contextlib.contextmanager
def _sigint_ignored():
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)



@dataclass
class _Process:
    """A job in a local worker process: the process, its end of the pipe, its message."""

    proc: object
    conn: object
    conn_open: bool = True
    msg: tuple | None = None


class LocalExecutor(Executor):
    """Jobs in worker processes of this machine (see the module's docstring)."""

    def __init__(self, n_jobs: int = 1):
        self.threads = n_jobs     # a typesetting job's LaTeX processes at once
        self.ctx = worker_context()
        if self.ctx.get_start_method() == "forkserver":
            # Start the fork server now: it imports Manim (~2.5 s) while this process does
            # the same to read the sections' beats, instead of after it.
            from multiprocessing import forkserver

            with _sigint_ignored():   # as when the first worker starts it
                forkserver.ensure_running()

    def submit(self, kind, job, key, beats, work, lock_fd):
        parent_conn, child_conn = self.ctx.Pipe()
        proc = self.ctx.Process(
            target=_child, name=f"rnn-lecture {job.section}" + (f" {beats[0]}" if beats else ""),
            args=(kind, job, key, beats, str(work) if work else None, child_conn,
                  os.getpid(), self.threads, _setting()))
        with _sigint_ignored():  # a fork server started here ignores Ctrl-C too
            proc.start()
        child_conn.close()
        with contextlib.suppress(OSError):  # a worker that died at once shows in its exit code
            reduction.send_handle(parent_conn, lock_fd, proc.pid)
        return _Process(proc, parent_conn)

    def wait(self, handles, timeout):
        waits = [h.proc.sentinel for h in handles] + [h.conn for h in handles if h.conn_open]
        ready = mp_connection.wait(waits, timeout=timeout)
        done = []
        for h in handles:
            if h.conn_open and h.conn in ready:
                try:
                    h.msg = h.conn.recv()
                except (EOFError, OSError):
                    h.conn_open = False
            if h.proc.sentinel in ready:
                if h.conn_open and h.msg is None and h.conn.poll():
                    with contextlib.suppress(EOFError, OSError):
                        h.msg = h.conn.recv()
                done.append(h)
        return done

    def outcome(self, handle):
        handle.proc.join()
        handle.conn.close()
        if handle.msg:
            return handle.msg
        code = handle.proc.exitcode
        if code is not None and code < 0:
            detail = f"worker process died ({_signal_name(-code)})"
        else:
            detail = f"worker process exited with code {code} without a result"
        return ("failed", {"kind": "error", "detail": detail})

    def cancel(self, handle):
        if handle.proc.is_alive():
            handle.proc.terminate()  # the worker removes its staging folders and exits

    def reap(self, handles):
        for h in handles:
            h.proc.join(timeout=15)
            if h.proc.is_alive():
                h.proc.kill()
                h.proc.join()
