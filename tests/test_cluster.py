"""Beat jobs on a real Dask cluster: a LocalCluster of two worker processes on 127.0.0.1, one
of them killed while it renders; the section comes out whole and equal to a local render."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pictures import assert_same_pictures

CLI = [sys.executable, "-m", "rnn_lecture.cli"]
SECTION = "lstm-06-gru"          # one of conftest.SITE_SECTIONS: rendered locally already


@pytest.fixture
def cluster():
    """A LocalCluster as a user would run one (Dask's defaults), not through ``connect``."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=50) as c, Client(c) as client:
        yield c, client


@pytest.mark.render
def test_cluster_render_survives_a_killed_worker(cluster, site_media, tmp_path):
    c, client = cluster
    out = tmp_path / "media"
    proc = subprocess.Popen([*CLI, "render", SECTION, "--cluster", c.scheduler_address,
                             "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        # wait until a worker is inside a job drawing beats, then kill that worker's process
        victim, t0 = None, time.monotonic()
        while victim is None and time.monotonic() - t0 < 240 and proc.poll() is None:
            busy = [w for w, keys in client.processing().items()
                    if any(str(k).startswith("beats-") for k in keys)]
            if busy:
                victim = client.run(os.getpid, workers=[busy[0]])[busy[0]]
            time.sleep(0.3)
        assert victim, "no worker ever ran a beat job"
        time.sleep(3)   # well inside the render
        os.kill(victim, signal.SIGKILL)
        stdout, stderr = proc.communicate(timeout=900)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, stdout + stderr
    assert "Traceback" not in stdout + stderr and "failed" not in stdout + stderr
    assert victim not in client.run(os.getpid).values()     # it really died (and was replaced)
    ours = out / "low" / "zh" / SECTION / f"{SECTION}.mp4"
    local = site_media / "low" / "zh" / SECTION / f"{SECTION}.mp4"
    assert_same_pictures(ours, local)
    for d in (out / "low" / "zh" / SECTION,):
        assert oct(d.stat().st_mode & 0o777) == "0o755"
    assert not [p for p in (out / "low" / "zh").iterdir() if p.name.startswith(".")]


def test_cluster_spec_errors_are_one_line():
    for spec, says in (("local:0", "local:N needs N from 1 to 64"),
                       ("http://x", "expected tcp://HOST:PORT"),
                       ("tcp://127.0.0.1:9", "no Dask scheduler answered")):
        r = subprocess.run([*CLI, "render", SECTION, "--cluster", spec], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
        assert says in r.stderr, r.stderr


def test_local_cluster_starts_workers_on_loopback(monkeypatch):
    from rnn_lecture.render.executors.cluster import connect

    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")   # as a default nanny leaves it

    client, local = connect("local:2")
    try:
        workers = client.scheduler_info()["workers"]
        assert len(workers) == 2 and all(w.startswith("tcp://127.0.0.1:") for w in workers)
        assert set(client.nthreads().values()) == {1}
        # started to render fast: no sampling profiler, glibc's adaptive malloc left alone
        # (even after a cluster with Dask's defaults ran in this process: its nanny leaves
        # MALLOC_TRIM_THRESHOLD_ in os.environ, and later workers would inherit it)
        assert set(client.run(_worker_settings).values()) == {(False, None)}
    finally:
        client.close()
        local.close()


def _worker_settings(dask_worker):
    return ("profile" in dask_worker.periodic_callbacks,
            os.environ.get("MALLOC_TRIM_THRESHOLD_"))


KILLED_JOB = """
import os, signal, socket, sys, time
from pathlib import Path

if __name__ == "__main__":
    from rnn_lecture.render.executors.cluster import connect, submit, worker_cache
    from rnn_lecture.render import Job

    taken = []
    for port in (8786, 8787):          # as when another cluster runs on this machine
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
            taken.append(s)
        except OSError:
            pass                        # it runs: the same case
    client, local = connect("local:2")
    job = Job("lstm-06-gru", {}, "low", "zh", "unused")
    f = submit(client, "beats", job, ("compare",))
    victim = None
    t0 = time.monotonic()
    while time.monotonic() - t0 < 120 and victim is None:
        busy = [w for w, keys in client.processing().items() if keys]
        if busy:
            victim = client.run(os.getpid, workers=[busy[0]])[busy[0]]
        time.sleep(0.2)
    t0 = time.monotonic()   # until it is inside the job, with its job folder made
    while time.monotonic() - t0 < 120 and not list(worker_cache().glob(f"job-{victim}-*")):
        time.sleep(0.1)
    time.sleep(2)
    os.kill(victim, signal.SIGKILL)
    f.result(timeout=600)               # the job, given to the other worker
    left = [p.name for p in worker_cache().glob("job-*")]
    client.close()
    local.close()
    print("victim", victim, "left", left, flush=True)
"""


@pytest.mark.render
def test_local_cluster_is_quiet_and_cleans_a_killed_workers_job(tmp_path):
    """``local:N`` with ports 8786/8787 taken and a worker killed mid-job: no port-in-use
    and no leaked-semaphore warning, and the killed worker's job folder is removed from the
    worker cache (by the next job on that machine, here the retry)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent),
                                         os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run([sys.executable, "-c", KILLED_JOB], capture_output=True, text=True,
                       env=env, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "victim" in r.stdout and "left []" in r.stdout, r.stdout
    assert "already in use" not in r.stderr and "leaked" not in r.stderr, r.stderr[-3000:]
