"""The Dask executor: beat jobs on a Dask distributed cluster
(``render --cluster tcp://HOST:PORT | local:N``).

The run keeps what it keeps locally (section locks, staging folders, the manifest); a worker
gets one job at a time (a plan or a run of beats, see :mod:`..draw`), renders it in a folder
of its own and sends back the record and the bytes of the clip's files. No file system is
shared: the run writes what comes back into its staging folder and swaps the section in as a
local render does. A worker that dies mid-job costs that job only: the scheduler gives it to
another worker (Dask retries a task whose worker was lost, up to ``distributed.scheduler.
allowed-failures`` times, 3 by default), and a job that fails anyway fails its section alone.

Workers need the package installed (``pip install rnn-lecture``, with Manim's system packages)
and one thread each (``--nthreads 1``): Manim's configuration is per process.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import threading
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

from scenes.params import shown

from ... import safefs
from ..draw import render_beats
from ..failures import describe_failure
from ..job import Job, log_path
from ..locks import _alive
from ..plan import plan_section
from .base import Executor

_ONE_AT_A_TIME = threading.Lock()   # Manim's config is global: one job per worker process


#: Dask settings for the workers this package starts (``local:N``); the README gives them as
#: environment variables for workers started by hand.
#:
#: - Dask's statistical profiler samples the stack of the running task every 10 ms on the
#:   worker's event loop, and a render's stack is deep: it competed with the drawing for the
#:   worker's interpreter lock.
#: - A nanny starts its worker with ``MALLOC_TRIM_THRESHOLD_=65536`` (to hand freed memory
#:   back to the system). Setting it turns off glibc's adaptive mmap threshold, so every frame
#:   buffer was mapped, zero-filled and unmapped again: a render's system time went from 1.4
#:   to 4.8 s in 29 s of CPU, and cluster jobs ran 10-50% longer than the same jobs in local
#:   workers. ``None`` leaves it unset.
WORKER_CONFIG = {"distributed.worker.profile.enabled": False,
                 "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}


class ClusterError(Exception):
    """A one-line user error: bad ``--cluster`` value, or no scheduler there."""


def worker_cache() -> Path:
    """Where a worker keeps its LaTeX cache (one per machine, shared by its workers)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "rnn-lecture" / "worker"


def _no_mp_lock() -> None:
    """No named semaphore for tqdm in this worker: Manim makes a progress bar (disabled) per
    animation, and tqdm's first bar creates a multiprocessing lock, a named semaphore that
    the run's resource tracker counts; a worker killed mid-job (the scheduler retries its job)
    never unregisters it, and the run ended with "There appear to be N leaked semaphore
    objects". One job at a time per process needs no cross-process lock."""
    try:
        from tqdm.std import TqdmDefaultWriteLock
    except ImportError:   # pragma: no cover - Manim depends on tqdm
        return
    if getattr(TqdmDefaultWriteLock, "mp_lock", None) is None:
        TqdmDefaultWriteLock.mp_lock = None


def remove_dead_jobs(cache: Path) -> None:
    """Remove the job folders (``job-<pid>-...``) of workers on this machine that died
    mid-job (the scheduler gave their job to another worker; nobody else would remove them)."""
    for p in cache.glob("job-*-*"):
        pid = p.name.split("-")[1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)) \
                and p.is_dir() and not p.is_symlink():
            shutil.rmtree(p, ignore_errors=True)


def remote_job(kind: str, job: dict, beats: tuple | None) -> dict:
    """Run one job on a worker: ``{"plan": ...}`` or ``{"records": [...], "files": {name:
    bytes}}`` (a run of beats, :func:`rnn_lecture.render.draw.render_beats`).

    The job's output folder is replaced by the worker's own cache folder, so the LaTeX cache is
    shared by the jobs this machine runs and nothing is written where the client writes.
    """
    local = Job(**{**job, "out": str(worker_cache())})
    _no_mp_lock()
    with _ONE_AT_A_TIME:
        if kind == "plan":
            return {"plan": plan_section(local)}
        Path(local.out).mkdir(parents=True, exist_ok=True)
        remove_dead_jobs(Path(local.out))
        work = Path(tempfile.mkdtemp(prefix=f"job-{os.getpid()}-{local.section}-{beats[0]}-",
                                     dir=local.out))
        try:
            recs = render_beats(local, tuple(beats), work / "clip")
            files = {p.name: p.read_bytes() for p in (work / "clip").iterdir() if p.is_file()}
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return {"records": recs, "files": files, "worker_pid": os.getpid()}


_LOCAL = re.compile(r"local:([0-9]{1,2})")
_REMOTE = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}))"
                     r":([0-9]{1,5})")


def parse_spec(spec: str) -> tuple[str, int | str]:
    """Check a ``--cluster`` value: ``("local", N)`` for ``local:N`` (N from 1 to 64, ASCII
    digits) or ``("remote", "tcp://HOST:PORT")`` (a host name, IPv4 address or bracketed
    IPv6 address, and a port from 1 to 65535); a one-line ClusterError otherwise."""
    m = _LOCAL.fullmatch(spec)
    if spec.startswith("local:"):
        if not m or not 1 <= int(m.group(1)) <= 64:
            raise ClusterError(f"--cluster '{shown(spec)}': local:N needs N from 1 to 64 "
                               "(ASCII digits)")
        return "local", int(m.group(1))
    m = _REMOTE.fullmatch(spec)
    if not m or not 1 <= int(m.group(3)) <= 65535:
        raise ClusterError(f"--cluster '{shown(spec)}': expected tcp://HOST:PORT (a Dask "
                           "scheduler; PORT from 1 to 65535) or local:N")
    return "remote", spec


def connect(spec: str, n_fallback: int = 2):
    """A ``distributed.Client`` for ``tcp://HOST:PORT`` or a new ``LocalCluster`` for
    ``local:N`` (N worker processes on 127.0.0.1, one thread each)."""
    kind, n = parse_spec(spec)
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - a dependency
        raise ClusterError("--cluster needs dask[distributed]: pip install 'dask[distributed]'")
    if kind == "local":
        import dask

        # A nanny started with Dask's defaults earlier in this process set it here too (Dask
        # sets its workers' variables in the nanny's own environment), and workers inherit it.
        os.environ.pop("MALLOC_TRIM_THRESHOLD_", None)
        with dask.config.set(WORKER_CONFIG):   # handed to the worker processes it starts
            # The scheduler's HTTP server (health checks, even with no dashboard) took port
            # 8787 when ``dashboard_address`` was None, and said "Port 8787 is already in use"
            # when another cluster had it: a free port on loopback, and no dashboard.
            cluster = LocalCluster(n_workers=int(n), threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                   scheduler_kwargs={"dashboard": False},
                                   silence_logs=50)
        return Client(cluster), cluster
    try:
        return Client(spec, timeout="10s"), None
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"--cluster {spec}: no Dask scheduler answered ({e})") from None


def submit(client, kind: str, job: Job, beats: tuple | None):
    """Submit one job; Dask retries it if its worker is lost."""
    import uuid

    first = beats[0] if beats else ""
    return client.submit(remote_job, kind, asdict(job), beats, pure=False, retries=1,
                         key=f"{kind}-{job.section}-{first}-{uuid.uuid4().hex[:8]}")


def unpack(result: dict, work: Path) -> list[dict]:
    """Write a beat job's files into ``work`` (each atomically) and return its records."""
    work.mkdir(parents=True, exist_ok=True)
    for name, data in result["files"].items():
        tmp = work / f".{name}.part"
        tmp.write_bytes(data)
        os.replace(tmp, work / name)
    return result["records"]


@dataclass
class _Future:
    """A job on the cluster: its future, and what the run needs to take its result in."""

    future: object
    kind: str
    job: Job
    beats: tuple | None
    work: Path | None


class DaskExecutor(Executor):
    """Plans and runs of beats on a Dask cluster's workers (see the module's docstring); each
    worker keeps its own LaTeX cache, so formulas are not typeset up front."""

    typesets_up_front = False
    runs_sections = False

    def __init__(self, client):
        self.client = client

    def slots(self, n_jobs):
        return max(1, sum(self.client.nthreads().values()))   # as many as it has threads

    def submit(self, kind, job, key, beats, work, lock_fd):
        return _Future(submit(self.client, kind, job, beats), kind, job, beats, work)

    def wait(self, handles, timeout):
        from distributed import wait as dask_wait

        with contextlib.suppress(TimeoutError):
            dask_wait([h.future for h in handles], timeout=0.5, return_when="FIRST_COMPLETED")
        return [h for h in handles if h.future.done()]

    def outcome(self, handle):
        """Its message, and its files in the section's work folder."""
        f = handle.future
        try:
            if f.status == "finished":
                res = f.result()
                return ("ok", res["plan"] if handle.kind == "plan" else unpack(res, handle.work))
            if f.status == "cancelled":
                return ("failed", {"kind": "error", "detail": "job cancelled on the cluster"})
            exc = f.exception()
            with contextlib.suppress(Exception):
                safefs.append_text(log_path(handle.job), (
                    f"{handle.job.section} {' '.join(handle.beats or ()) or handle.kind} "
                    "on the cluster:\n") + "".join(traceback.format_exception(
                        type(exc), exc, f.traceback())))
            return ("failed", describe_failure(exc))
        except Exception as e:   # the result could not be written here (no space, ...)
            return ("failed", describe_failure(e))

    def cancel(self, handle):
        handle.future.cancel()
