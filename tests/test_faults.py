"""Faults, for real: two runs at once into one folder, a full disk, a killed worker, a broken
LaTeX; each ends in one line per failed section, a log, a summary and exit code 1, and no good
file is lost. The render tests reuse one quick section at low quality; a finished render of it
is made once and copied where a test needs good files to protect.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rnn_lecture.render import (BUILD_FACTOR, BYTES_PER_SECOND, DEFAULT_SECONDS, Job,
                                describe_failure, estimate_bytes)

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "rnn_lecture.cli"]
# the workers must import this tree's code, whatever is installed in the environment
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
SECTION = "lstm-06-gru"        # a quick section (three beats)
OTHER = "lstm-07-variants"

render = pytest.mark.render
_started: list[Run] = []


class Run:
    """A running ``rnn-lecture`` command whose output is collected line by line as it comes."""

    def __init__(self, args, env=None, preexec_fn=None):
        self.proc = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env or ENV,
                                     preexec_fn=preexec_fn or umask_022)
        self.pid = self.proc.pid
        self.out: list[str] = []
        self.err: list[str] = []
        self.eof = False
        self.cond = threading.Condition()
        self.pumps = [threading.Thread(target=self._pump, args=a, daemon=True)
                      for a in ((self.proc.stdout, self.out, True),
                                (self.proc.stderr, self.err, False))]
        for t in self.pumps:
            t.start()
        _started.append(self)

    def _pump(self, stream, sink, is_stdout):
        for line in stream:
            with self.cond:
                sink.append(line)
                self.cond.notify_all()
        with self.cond:
            self.eof = self.eof or is_stdout
            self.cond.notify_all()

    def wait_for(self, needle: str, timeout: float = 600) -> None:
        """Wait until a line of stdout contains ``needle``; fail at end of output or timeout."""
        def seen():
            return any(needle in line for line in self.out)

        with self.cond:
            self.cond.wait_for(lambda: seen() or self.eof, timeout)
            assert seen(), f"{needle!r} never came; stdout {self.out}, stderr {self.err[-20:]}"

    def finish(self, timeout: float = 1200) -> tuple[int, str, str]:
        self.proc.wait(timeout)
        for t in self.pumps:
            t.join(timeout)
        return self.proc.returncode, "".join(self.out), "".join(self.err)


@pytest.fixture(autouse=True)
def _no_stray_renders():
    """A test that fails half-way leaves no render running (its workers follow the run)."""
    yield
    while _started:
        r = _started.pop()
        if r.proc.poll() is None:
            r.proc.kill()
            r.finish()


def umask_022():
    os.umask(0o022)


def run(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=env or ENV,
                          preexec_fn=umask_022)


def start(*args, **kw) -> Run:
    return Run(args, **kw)


def lang_dir(out: Path) -> Path:
    return out / "low" / "zh"


def staging(out: Path) -> list[str]:
    d = lang_dir(out)
    return [p.name for p in d.iterdir() if p.name.startswith(".")] if d.is_dir() else []


def snapshot(d: Path) -> dict:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def manifest_ids(out: Path) -> list[str]:
    return [s["section"] for s in json.loads((lang_dir(out) / "manifest.json").read_text())
            ["sections"]]


def assert_no_traceback(*texts):
    for t in texts:
        assert "Traceback" not in t, t[-3000:]


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    """One finished render of SECTION (made once, under umask 022)."""
    out = tmp_path_factory.mktemp("good") / "media"
    r = run("render", SECTION, "--out", str(out))
    assert r.returncode == 0, r.stderr[-3000:]
    return out


def copy_of(good: Path, dest: Path) -> Path:
    shutil.copytree(good, dest)
    return dest


# ------------------------------------------------------------------- no render needed

def test_space_estimate_from_history_or_rate():
    job = Job(SECTION, {}, "low", "zh", "unused")
    history = [{"section": SECTION, "quality": "low", "lang": "en", "duration": 60.0,
                "bytes": 1_500_000},
               {"section": SECTION, "quality": "low", "lang": "zh", "duration": 60.0,
                "bytes": 1_000_000}]
    assert estimate_bytes(job, history) == 1_000_000          # this language's last size
    assert estimate_bytes(job, history[:1]) == 1_500_000      # else the other language's
    # a section seen only at another quality: its length times this quality's measured rate
    history = [{"section": SECTION, "quality": "high", "lang": "zh", "duration": 50.0,
                "bytes": 9},
               {"section": OTHER, "quality": "low", "lang": "zh", "duration": 40.0,
                "bytes": 800_000}]
    assert estimate_bytes(job, history) == 50 * 20_000
    # nothing known: the default length at the documented rate
    assert estimate_bytes(job, []) == DEFAULT_SECONDS * BYTES_PER_SECOND["low"]
    assert BUILD_FACTOR >= 2  # a section's build holds about its size again (measured 2x)


def test_failures_are_classified():
    def raised(e, cause=None):
        try:
            try:
                raise cause
            except BaseException:
                raise e
        except BaseException as x:
            return describe_failure(x)

    assert describe_failure(OSError(errno.ENOSPC, "No space left on device"))["kind"] \
        == "nospace"
    assert raised(ValueError("write failed"), OSError(errno.ENOSPC, "x"))["kind"] == "nospace"
    assert describe_failure(OSError(errno.EFBIG, "File too large"))["kind"] == "fsize"
    assert describe_failure(ValueError("latex error converting to dvi"))["kind"] == "latex"
    e = RuntimeError("boom")
    e.free_at_failure = 10_000
    assert describe_failure(e)["kind"] == "nospace"
    assert describe_failure(KeyError("x")) == {"kind": "error", "detail": "KeyError: 'x'"}


# ------------------------------------------------------------------- real renders

@render
def test_outputs_are_readable_by_others(good):
    """tempfile makes 0700 folders and 0600 files; what the tool leaves is 0755 / 0644."""
    d = lang_dir(good)
    paths = [d, d / SECTION, d / SECTION / "clips", d / SECTION / "render.json",
             d / "manifest.json", d / "logs", d / "logs" / f"{SECTION}.log",
             d / SECTION / f"{SECTION}.mp4", d / SECTION / "poster.png"]
    for p in paths:
        mode = stat.S_IMODE(p.stat().st_mode)
        assert mode == (0o755 if p.is_dir() else 0o644), (p, oct(mode))


@render
def test_two_runs_share_a_section_and_render_it_once(tmp_path):
    """Terminal A renders SECTION; terminal B wants SECTION and OTHER into the same folder.
    B waits for A's lock (naming A's pid), renders OTHER meanwhile, then finds SECTION up to
    date. Before the fix B deleted A's live staging folder and A died."""
    out = tmp_path / "media"
    a = start("render", SECTION, "--out", str(out), "--jobs", "1")
    a.wait_for(f"{SECTION}: rendering")
    b = start("render", SECTION, OTHER, "--out", str(out), "--jobs", "1")
    a_rc, a_out, a_err = a.finish()
    b_rc, b_out, b_err = b.finish()
    assert (a_rc, b_rc) == (0, 0), (a_err[-3000:], b_err[-3000:])
    assert f"{SECTION}: waiting for pid {a.pid}, which is rendering it" in b_out
    assert f"{SECTION}: up to date" in b_out
    both = a_out + b_out
    assert both.count(f"{SECTION}: rendering") == 1
    assert both.count(f"{OTHER}: rendering") == 1
    assert "done: 1 rendered, 1 up to date" in b_out
    assert manifest_ids(out) == [SECTION, OTHER]   # lecture order
    assert not staging(out)
    for sid in (SECTION, OTHER):
        meta = json.loads((lang_dir(out) / sid / "render.json").read_text())
        assert all((lang_dir(out) / sid / f).is_file() for f in meta["files"])
    assert_no_traceback(a_err, b_err)


@render
def test_forced_run_waits_and_spares_a_live_staging_folder(good, tmp_path):
    """The issue's case: a second --force run of a section another run is building. Here the
    other run is this test: it holds the section's lock, as a render does, and has a staging
    folder beside the section (the one the old code deleted as a "leftover"). The forced run
    waits, naming this pid, and leaves the folder alone; once the lock is free the folder is a
    leftover of a process that is gone: removed, and the section rendered after."""
    from rnn_lecture.render import SectionLock

    out = copy_of(good, tmp_path / "media")
    lock = SectionLock(Job(SECTION, {}, "low", "zh", str(out)))
    assert lock.try_acquire()
    live = lang_dir(out) / f".{SECTION}.{os.getpid()}.live"
    (live / "clips").mkdir(parents=True)
    b = start("render", SECTION, "--force", "--out", str(out))
    try:
        b.wait_for(f"{SECTION}: waiting for pid {os.getpid()}, which is rendering it")
        time.sleep(3)  # the run polls the lock meanwhile
        assert live.is_dir() and b.proc.poll() is None
    finally:
        lock.release()
    rc, stdout, stderr = b.finish()
    assert rc == 0, stderr[-3000:]
    assert f"{SECTION}: rendering" in stdout and "done: 1 rendered\n" in stdout
    assert not live.exists() and not staging(out)
    meta = json.loads((lang_dir(out) / SECTION / "render.json").read_text())
    assert all((lang_dir(out) / SECTION / f).is_file() for f in meta["files"])
    assert manifest_ids(out) == [SECTION]
    assert_no_traceback(stderr)


@pytest.fixture
def small_disk(tmp_path):
    """A real 32 MB file system (tmpfs), room for a copy of the good render and a build of it
    (about 5 MB each at low quality today); the tests fill it with ballast. Needs root."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32M", "tmpfs", str(disk)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill(disk: Path, leave: int) -> Path:
    """Write a ballast file so that about ``leave`` bytes stay free."""
    st = os.statvfs(disk)
    ballast = disk / "ballast"
    with open(ballast, "ab") as f:
        f.write(b"\0" * max(st.f_bavail * st.f_frsize - leave, 0))
    return ballast


@render
def test_too_little_room_is_refused_before_rendering(good, small_disk):
    out = copy_of(good, small_disk / "media")
    before = snapshot(lang_dir(out) / SECTION)
    fill(small_disk, leave=1_500_000)  # the section's build needs about 4.7 MB
    r = run("render", SECTION, "--force", "--out", str(out))
    assert r.returncode == 1, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert re.search(r"not enough room in .*need about [\d.]+ MB, .* has 1\.\d MB free",
                     lines[0]), lines[0]
    assert "rendering" not in r.stdout
    assert snapshot(lang_dir(out) / SECTION) == before
    assert not staging(out)


def _disk_full_mid_render(out: Path, make_full, preexec=umask_022):
    """Render SECTION with a changed parameter; once it started, ``make_full()``."""
    d = lang_dir(out) / SECTION
    before = snapshot(d)
    manifest_before = (lang_dir(out) / "manifest.json").read_bytes()
    proc = start("render", SECTION, "--set", "x=0.7", "--out", str(out), preexec_fn=preexec)
    proc.wait_for(f"{SECTION}: rendering")
    make_full()
    rc, stdout, stderr = proc.finish()
    assert rc == 1, stdout + stderr
    failed = [ln for ln in stderr.splitlines() if ln.startswith(f"{SECTION}: failed:")]
    assert len(failed) == 1, stderr
    log = lang_dir(out) / "logs" / f"{SECTION}.log"
    assert f"log: {log}" in failed[0]
    assert "Traceback" in log.read_text() and "Traceback" not in stdout + stderr
    assert f"done: 0 rendered, 1 failed ({SECTION})" in stderr
    # no good file lost, nothing half-made left
    assert snapshot(d) == before
    assert (lang_dir(out) / "manifest.json").read_bytes() == manifest_before
    assert not staging(out)
    return failed[0]


@render
def test_disk_full_mid_render_is_a_report(good, small_disk):
    """The pre-check passes; then another program fills the disk: one line with the section,
    the cause and the room it needs, the log's path, exit 1, the good files intact."""
    out = copy_of(good, small_disk / "media")
    line = _disk_full_mid_render(out, lambda: fill(small_disk, leave=200_000))
    assert re.search(r"no space left on device in .*about [\d.]+ MB needed for this section, "
                     r"0\.\d MB free now", line), line


@render
def test_file_size_limit_mid_render_is_a_report(good, tmp_path):
    """Where a tmpfs cannot be mounted, RLIMIT_FSIZE gives the same fault (runs everywhere)."""
    import resource

    out = copy_of(good, tmp_path / "media")

    def limited():
        os.umask(0o022)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, resource.RLIM_INFINITY))

    line = _disk_full_mid_render(out, lambda: None, preexec=limited)
    assert "file-size limit" in line, line


def _children(pid: int) -> list[int]:
    """Process ids descended from ``pid``: a run's workers are forked by its fork server
    (psutil is not a dependency)."""
    parent = {}
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parent[int(stat_file.parent.name)] = int(fields[1])

    def descends(p):
        while p in parent and p > 1:
            p = parent[p]
            if p == pid:
                return True
        return False
    return [p for p in parent if descends(p)]


@render
def test_killed_worker_fails_its_section_only(tmp_path):
    """Two sections in two workers; SIGKILL the worker of the slow one: the quick one still
    renders, the run names the dead one in one line and the summary, exits 1, and leaves no
    staging folder and no folder or manifest entry for the dead section."""
    out = tmp_path / "media"
    proc = start("render", SECTION, OTHER, "--jobs", "2", "--out", str(out))
    t0, worker = time.monotonic(), None
    while worker is None and time.monotonic() - t0 < 300:
        for p in lang_dir(out).glob(f".work-{OTHER}.*") if lang_dir(out).is_dir() else ():
            pid = int(p.name.split(".")[2])  # .work-<section>.<pid>.<random>
            if pid in _children(proc.pid):
                worker = pid
        time.sleep(0.2)
    assert worker, "no worker for the section showed up"
    # a worker: forked by the run's fork server, whose command line it shows
    assert b"multiprocessing" in Path(f"/proc/{worker}/cmdline").read_bytes()
    time.sleep(2)  # let it get into the render
    os.kill(worker, signal.SIGKILL)
    rc, stdout, stderr = proc.finish()
    assert rc == 1, stdout + stderr
    log = lang_dir(out) / "logs" / f"{OTHER}.log"
    assert (f"{OTHER}: failed: worker process died (signal 9, SIGKILL); log: {log}"
            in stderr.splitlines()), stderr
    assert "worker process died" in log.read_text()
    assert re.search(rf"^{SECTION}: [\d.]+ s of video in", stdout, re.M), stdout
    assert f"{SECTION}: failed" not in stderr
    assert f"done: 1 rendered, 1 failed ({OTHER})" in stderr
    assert "Traceback" not in stdout + stderr and "leaked" not in stderr
    assert manifest_ids(out) == [SECTION]
    assert not (lang_dir(out) / OTHER).exists()
    assert not staging(out)


def _running(pid: int) -> bool:
    """Not gone, and not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _kill_and_watch(proc: Run, signum: int, limit: float = 2.0) -> list[int]:
    """Send ``signum`` to the run alone (not its group), and return its descendants (found
    via /proc just before) still running ``limit`` seconds later."""
    everyone = _children(proc.pid)
    assert len(everyone) >= 2, everyone      # at least the fork server and a worker
    os.kill(proc.pid, signum)
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit and any(map(_running, everyone)):
        time.sleep(0.05)
    alive = [p for p in everyone if _running(p)]
    for p in alive:                          # don't leave them to the next test
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGKILL)
    proc.finish()
    return alive


SIGNALS = [signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP]


@render
@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_run_that_dies_by_any_signal_takes_its_workers_along(tmp_path, signum):
    """Send the run SIGKILL, SIGTERM, SIGINT or SIGHUP while its workers draw: its fork
    server, its workers and their children are gone within 2 s, instead of drawing on for
    nobody; after SIGKILL the next run renders the section from scratch, leaving no staging
    folder behind."""
    out = tmp_path / "media"
    proc = start("render", SECTION, "--jobs", "2", "--out", str(out))
    t0, drawing = time.monotonic(), []
    while not drawing and time.monotonic() - t0 < 300:   # a worker's own Manim folder
        for p in lang_dir(out).glob(f".work-{SECTION}.*.*") if lang_dir(out).is_dir() else ():
            pid = int(p.name.split(".")[2])  # .work-<section>.<pid>.<random>
            if pid != proc.pid and pid in _children(proc.pid):
                drawing.append(pid)
        time.sleep(0.1)
    assert drawing, "no worker started drawing"
    time.sleep(0.5)
    assert not _kill_and_watch(proc, signum), "still running 2 s after the run died"
    if signum == signal.SIGKILL:
        r = run("render", SECTION, "--out", str(out))
        assert r.returncode == 0, r.stdout + r.stderr
        assert "waiting for" not in r.stdout
        assert (lang_dir(out) / SECTION / "render.json").is_file()
        assert not staging(out)


@render
@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_dead_runs_workers_take_their_children_along(tmp_path, signum):
    """A worker's own children go too: here the worker typesetting the section's formulas
    runs a ``latex`` that would sleep for a minute (a stand-in on PATH)."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "latex").write_text("#!/bin/sh\nexec sleep 60\n")
    (fake / "latex").chmod(0o755)
    out = tmp_path / "media"
    proc = start("render", SECTION, "--jobs", "2", "--out", str(out),
                 env={**ENV, "PATH": f"{fake}{os.pathsep}{os.environ['PATH']}",
                      "RNN_LECTURE_TEX_DIR": str(tmp_path / "tex")})
    t0, sleeping = time.monotonic(), []
    while not sleeping and time.monotonic() - t0 < 120:
        sleeping = [p for p in _children(proc.pid)
                    if Path(f"/proc/{p}/cmdline").read_bytes().startswith(b"sleep\0")]
        time.sleep(0.1)
    assert sleeping, "the stand-in latex never ran"
    assert not _kill_and_watch(proc, signum), "still running 2 s after the run died"


@render
def test_broken_latex_is_a_report(tmp_path):
    """A LaTeX that fails (here a stand-in ``latex`` on PATH): one line naming the section and
    a LaTeX error, the full log on disk, exit 1, nothing half-made."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "latex").write_text("#!/bin/sh\necho '! LaTeX Error: this TeX is broken.'\nexit 1\n")
    (fake / "latex").chmod(0o755)
    out = tmp_path / "media"
    r = run("render", SECTION, "--out", str(out),    # its own LaTeX cache: an empty one
            env={**ENV, "PATH": f"{fake}{os.pathsep}{os.environ['PATH']}",
                 "RNN_LECTURE_TEX_DIR": str(tmp_path / "tex")})
    assert r.returncode == 1, r.stdout + r.stderr
    failed = [ln for ln in r.stderr.splitlines() if ln.startswith(f"{SECTION}: failed:")]
    assert len(failed) == 1 and "LaTeX error" in failed[0], r.stderr
    log = lang_dir(out) / "logs" / f"{SECTION}.log"
    assert f"log: {log}" in failed[0] and "Traceback" in log.read_text()
    assert "Traceback" not in r.stdout + r.stderr
    assert f"1 failed ({SECTION})" in r.stderr
    assert not (lang_dir(out) / SECTION).exists() and not staging(out)


# ------------------------------------------------------------------- dead holders, leftovers

ORPHAN = """
import fcntl, os, sys, time
for path in sys.argv[1:]:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, f"{os.getpid()}\\n".encode())
child = os.fork()
if child == 0:        # the orphan: holds the locks through the descriptors it inherited
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for n in (0, 1, 2):   # the test reads our parent's output to its end
        os.dup2(null, n)
    time.sleep(120)
    os._exit(0)
print(os.getpid(), child, flush=True)
"""


@render
def test_a_lock_whose_holder_is_dead_is_taken_over_at_once(tmp_path):
    """A run died holding the section's lock and the manifest's, and a process it started
    (an orphan) holds them on: the next run says so in one line for each and takes them at
    once (the orphan is stopped) instead of waiting for a dead pid."""
    out = tmp_path / "media"
    locks = [lang_dir(out) / "locks" / f"{SECTION}.lock", lang_dir(out) / "manifest.lock"]
    dead, orphan = map(int, subprocess.run([sys.executable, "-c", ORPHAN, *map(str, locks)],
                                           capture_output=True, text=True,
                                           check=True).stdout.split())
    try:
        assert _running(orphan) and not _running(dead)
        t0 = time.monotonic()
        r = run("render", SECTION, "--jobs", "2", "--out", str(out))
        assert r.returncode == 0, r.stdout + r.stderr
        lines = r.stdout.splitlines()
        assert f"{SECTION}: pid {dead}, which was rendering it, is dead; taking it over" in lines
        assert (f"{locks[1]}: pid {dead}, which held this lock, is dead; taking it over"
                in lines), r.stdout
        assert "waiting for" not in r.stdout
        assert not _running(orphan)
        assert time.monotonic() - t0 < 120
        assert manifest_ids(out) == [SECTION]
        assert all(p.read_text() == "" for p in locks)     # free locks name no holder
    finally:
        with contextlib.suppress(OSError):
            os.kill(orphan, signal.SIGKILL)


def _kill_all(pid: int) -> None:
    """SIGKILL a process and every descendant at once (as the OOM killer or a node's
    shutdown would), so nobody cleans up."""
    for p in [pid, *_children(pid)]:
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGKILL)


def _wait_for_folder(pattern_dir: Path, glob: str, not_pid: int | None = None,
                     timeout: float = 300) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if pattern_dir.is_dir() and [p for p in pattern_dir.glob(glob)
                                     if not_pid is None or f".{not_pid}." not in p.name]:
            return
        time.sleep(0.1)
    raise AssertionError(f"no {glob} in {pattern_dir}")


@render
def test_dead_runs_leftovers_go_with_the_next_run_of_any_kind(good, tmp_path):
    """A forced render and a beat preview are killed with every process they started, so
    nobody cleans up; the next run, one that finds everything up to date, removes their
    work folders (finished clips and all) and leaves the good render alone."""
    out = copy_of(good, tmp_path / "media")
    before = snapshot(lang_dir(out) / SECTION)
    proc = start("render", SECTION, "--force", "--jobs", "2", "--out", str(out))
    _wait_for_folder(lang_dir(out), f".work-{SECTION}.*.*", not_pid=proc.pid)  # drawing
    time.sleep(1)
    _kill_all(proc.pid)
    proc.finish()
    assert staging(out)
    previews = lang_dir(out) / "previews" / SECTION
    proc = start("render", SECTION, "--beat", "compare", "--out", str(out))
    _wait_for_folder(previews, ".work-*")
    time.sleep(1)
    _kill_all(proc.pid)
    proc.finish()
    assert [p.name for p in previews.iterdir() if p.name.startswith(".")]
    r = run("render", SECTION, "--out", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{SECTION}: up to date" in r.stdout
    assert not staging(out)
    assert not [p.name for p in previews.iterdir() if p.name.startswith(".")]
    assert snapshot(lang_dir(out) / SECTION) == before
