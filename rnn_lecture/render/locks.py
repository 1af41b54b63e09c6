"""Locks, a service of the run: a section's lock, the manifest's, and dead holders taken over.

Every section is built while the run holds its lock (``flock`` on ``locks/<section>.lock``,
outside the staging folders; the workers hold it too, through a descriptor the run hands
them). A holder writes its pid in the file, so a run that died holding a lock is seen and taken
over at once, its orphaned workers stopped (:func:`take_lock`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import time
from pathlib import Path

from .. import safefs
from .job import Job, lock_path

def _lock_holders(path: Path) -> list[int]:
    """Processes (of this user) holding an ``flock`` on the file at ``path``: those with a
    descriptor open on it whose ``/proc/PID/fdinfo`` lists a lock. A run's workers hold its
    section locks through descriptors the run handed them, so they show here too."""
    st = os.stat(path)
    holders = []
    for d in Path("/proc").glob("[0-9]*"):
        try:
            if d.stat().st_uid != os.getuid():
                continue
            for fd in (d / "fd").iterdir():
                with contextlib.suppress(OSError):
                    t = os.stat(fd)
                    if (t.st_dev, t.st_ino) == (st.st_dev, st.st_ino) and \
                            "FLOCK" in (d / "fdinfo" / fd.name).read_text():
                        holders.append(int(d.name))
                        break
        except OSError:
            continue
    return holders


def _lock_pid(fd: int) -> int | None:
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(os.pread(fd, 32, 0).split()[0])
    return None


def take_lock(fd: int, path: Path, wait: bool) -> int | None:
    """``flock`` ``fd`` (open on ``path``) and write our pid in it. Returns the pid of a dead
    holder taken over, else None; raises :class:`BlockingIOError` if a live process holds it
    and not ``wait``.

    A holder writes its pid in the file when it takes the lock and empties the file when it
    lets go, so a pid there that is dead is a run that died holding the lock. If the lock is
    still held then, the holders are that run's orphans (its workers hold its locks through
    descriptors it handed them): they are stopped (SIGTERM, SIGKILL after 2 s), since what
    they draw is for nobody, and the lock is taken at once instead of waiting for them.
    """
    dead = None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            pid = _lock_pid(fd)
            if pid is None or pid == os.getpid() or _alive(pid):
                if not wait:
                    raise
                time.sleep(0.2)
                continue
            time.sleep(0.2)   # a new holder writes its pid right after taking the lock
            if _lock_pid(fd) != pid:
                continue
            orphans = [p for p in _lock_holders(path) if p != os.getpid()]
            for sig in (signal.SIGTERM, signal.SIGKILL):
                for p in orphans:
                    with contextlib.suppress(OSError):
                        os.kill(p, sig)
                t0 = time.monotonic()
                while time.monotonic() - t0 < 2 and any(map(_alive_not_zombie, orphans)):
                    time.sleep(0.05)
            dead = pid
            if not orphans and not wait:
                raise
    if dead is None:
        pid = _lock_pid(fd)
        if pid is not None and pid != os.getpid() and not _alive(pid):
            dead = pid     # it died holding the lock; its orphans were gone already
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return dead


def _alive_not_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


class SectionLock:
    """``flock`` on ``locks/<section>.lock``, outside the staging folders; holds the run's pid
    while it is held (empty when free). ``took_over``: the pid of a dead holder taken over."""

    def __init__(self, job: Job):
        self.path = lock_path(job)
        self.root = Path(job.out)
        self.fd: int | None = None
        self.held = False
        self.took_over: int | None = None

    def try_acquire(self) -> bool:
        if self.fd is None:
            safefs.ensure_dir(self.path.parent, self.root)
            self.fd = safefs.open_lock(self.path)   # a link is refused, not followed
        try:
            self.took_over = take_lock(self.fd, self.path, wait=False)
        except BlockingIOError:
            return False
        self.held = True
        return True

    def holder(self) -> int | None:
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(safefs.read_bytes(self.path, 64).split()[0])
        return None

    def release(self) -> None:
        if self.fd is not None:
            if self.held:
                with contextlib.suppress(OSError):   # free: no pid in it
                    os.ftruncate(self.fd, 0)
            os.close(self.fd)
            self.fd = None
            self.held = False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True
