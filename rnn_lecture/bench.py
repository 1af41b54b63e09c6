"""Render-speed benchmark: seconds of rendering per second of video, as ratios, against targets.

Every speed is relative to the reference explainer (``reference_explainer.py`` beside this
module, a byte-for-byte copy of ``shared/bench/reference_explainer.py`` kept in the package so
the bench runs in any clone) rendered in the same run at the same quality, so numbers from
different machines and days can be compared. Ours are timed as the reference is, as a command
an instructor runs: each is one ``rnn-lecture render`` process, starting Python and importing
Manim included (the reference is one ``manim`` process). All timings are taken with a warm
LaTeX cache (ours and the reference's alike). Each figure is printed beside its target and
written, with the target and whether it was met, to ``bench.json``.

The bench knows the renderer only from outside: it runs ``rnn-lecture render`` processes and
reads what they leave (``--trace``'s job records and manifest entries, and
``logs/<section>.timing.json``, each beat's seconds).

Paired timings
    The --jobs speed-ups, the cluster's ratio and the before/after figure are timed
    ``--repeat`` times each, the two runs compared taken in turn, and the figure is the median
    ratio of neighbouring runs (:func:`_median_ratio`): this VM's single-core speed wanders by a
    quarter within minutes, and one timing of each made a speed-up anything from 1.2x to 1.8x
    from run to run.

CPU seconds
    A run's CPU seconds ``C`` are those of the render's own processes: the command, its fork
    server and every worker, and no other process on the machine (the machine is shared). Each
    render is started by a small measuring process (:data:`_MEASURE`) that makes itself their
    reaper (``PR_SET_CHILD_SUBREAPER``), so a worker or fork server that outlives its parent is
    still waited for by it, and its ``RUSAGE_CHILDREN`` is then the whole tree's user and system
    time. What the rest of the machine used meanwhile is printed beside it (the other
    processes' cores, from ``/proc/stat``): a loaded machine lengthens a run without adding to
    its CPU seconds, and so lowers its efficiency.

Scheduler efficiency
    For a run of ``--jobs N`` on a machine with ``N`` cores (``os.sched_getaffinity``) that
    spends ``C`` CPU seconds, and whose longest beat took ``L`` seconds, the *bound* on its
    wall time is ``B = max(C / N, L)`` (:func:`bound_seconds`): ``N`` cores cannot do ``C``
    seconds of work in less than ``C / N``, and a beat, or a piece of a long beat (the smallest
    part a render cuts a section into), runs in one worker from its start to its end, so no
    schedule finishes before its longest one. ``L`` is the largest beat's or piece's seconds
    as the run wrote them in ``logs/<section>.timing.json`` (its drawing and WebM encode, and
    its share of its worker's set-up, without the replay of the beats before it: a lower bound
    on any worker run that holds it). ``C`` is the ``--jobs N`` run's own (it replays and starts more than
    ``--jobs 1`` does; that work is counted against the bound, not the scheduler). The
    *efficiency* of a run is ``B / T`` for its wall time ``T`` (:func:`efficiency`), at most 1
    unless the machine lent it more than ``N`` cores; the figure is the median over the
    ``--repeat`` runs of ``--jobs N``. The speed-up is the median ratio of neighbouring
    ``--jobs 1`` and ``--jobs N`` runs; the speed-up the bound allows is printed as speed-up /
    efficiency, so that their ratio is the efficiency.

Before/after
    The pipeline before issue 26 is ``rnn_lecture/`` at :data:`BASELINE`, run on the current
    ``scenes/`` and ``mathcore/``: :func:`baseline_tree` assembles a temporary tree from
    ``git archive BASELINE rnn_lecture`` and copies of the two folders, and its renders run
    with ``PYTHONPATH`` on that tree, from it, into a media folder (and LaTeX cache) of its
    own, warmed by one untimed render. The whole lecture at low with ``--jobs 1`` is timed for
    both, in turn; the figure is the median of this pipeline's seconds over the baseline's
    neighbouring ones. Each section's ratio to the reference is also timed for both, one
    after the other, and this pipeline's must be no worse than the baseline's. If the
    baseline cannot be built or cannot run the current scenes, the bench says so in one line
    and goes on without those figures.

Preview
    ``render SECTION --beat NAME`` at low for every beat of the chosen sections, each one
    process as an instructor runs it, after the sections were rendered (warm LaTeX cache):
    the slowest beat against its target, and the median and the largest seconds.

``--profile`` also runs every beat of the chosen sections as such a preview process under
cProfile and writes ``profiles/<section>/NN_<beat>.prof`` and a ``.txt`` summary.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from .render import Job, _video_duration

REFERENCE = Path(__file__).with_name("reference_explainer.py")
#: The checkout the bench runs in (the baseline is built from its git history).
ROOT = Path(__file__).resolve().parent.parent
#: The pipeline before issue 26: main when issue 26's work began.
BASELINE = "95dd2fe"
#: The environment variable that gives every render one LaTeX cache (README, "LaTeX cache").
TEX_DIR_ENV = "RNN_LECTURE_TEX_DIR"

#: Targets: (figure, comparison, value). Ratios to the reference are seconds of rendering per
#: second of video divided by the reference's.
TARGETS = {
    "low_ratio": ("<=", 0.4),          # every section at low quality
    "high_ratio": ("<=", 0.6),         # every section at high quality
    "efficiency": (">=", 0.95),        # --jobs N, the longest section and the lecture, low/high
    "lecture_jobs1_vs_baseline": ("<=", 0.85),  # --jobs 1 lecture at low, ours / baseline's
    "preview_seconds": ("<", 5.0),     # the slowest `render SECTION --beat NAME` at low
    "up_to_date_seconds": ("<", 2.0),       # a re-render with nothing changed
    "cluster_vs_jobs2": ("<=", 1.15),       # LocalCluster of 2 workers / --jobs 2, wall time
}


class BenchError(Exception):
    """A one-line reason the bench cannot run."""


class BaselineError(BenchError):
    """A one-line reason the pipeline before issue 26 cannot be timed."""


FLAGS = {"low": "-ql", "high": "-qh"}


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # pragma: no cover - not Linux
        return os.cpu_count() or 1


def bound_seconds(cpu: float, n_cores: int, longest: float) -> float:
    """The least wall time a run of ``cpu`` CPU seconds whose longest beat took ``longest``
    seconds can have on ``n_cores`` cores: ``max(cpu / n_cores, longest)``."""
    return max(cpu / n_cores, longest)


def efficiency(wall: float, cpu: float, n_cores: int, longest: float) -> float:
    """A run's bound over its wall time (:func:`bound_seconds`)."""
    return bound_seconds(cpu, n_cores, longest) / wall


def reference_seconds_per_second(quality: str, work: Path) -> float:
    """Render the reference explainer; return render seconds per video second.

    It is rendered twice into the same media folder and the second run is timed, so its LaTeX
    cache is warm, as ours is when sections are timed.
    """
    media = work / "ref"
    cmd = [sys.executable, "-m", "manim", FLAGS[quality], "--disable_caching",
           "--media_dir", str(media), "--progress_bar", "none", "-v", "ERROR",
           str(REFERENCE), "ReferenceExplainer"]
    subprocess.run(cmd, check=True, capture_output=True)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    seconds = time.perf_counter() - t0
    video = next(media.rglob("ReferenceExplainer.mp4"))
    return seconds / _video_duration(video)


def _machine_cpu() -> float | None:
    """CPU seconds used on this machine so far, by every process (``/proc/stat``: user, nice,
    system, irq and softirq time), or None where there is no ``/proc/stat``."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        user, nice, system, _idle, _iowait, irq, softirq = map(int, fields[1:8])
        return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        return None


#: The measuring process: ``python -c _MEASURE RESULT CMD...`` runs CMD (stdout and stderr to
#: RESULT.out and RESULT.err), reaps every process of its tree (it is their subreaper), and
#: writes ``{"rc", "wall", "cpu", "stragglers"}`` to RESULT: the command's exit code, seconds
#: from its start to its exit, and the tree's CPU seconds. SIGTERM and SIGINT are passed on to
#: the command, which stops its workers; the command gets SIGTERM if this process dies, and
#: this process if the bench dies.
_MEASURE = r"""
import ctypes, json, os, resource, signal, subprocess, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(1, signal.SIGTERM)                          # PR_SET_PDEATHSIG: the bench died
reaper = libc.prctl(36, 1, 0, 0, 0) == 0               # PR_SET_CHILD_SUBREAPER
result, cmd = sys.argv[1], sys.argv[2:]
with open(result + ".out", "w") as out, open(result + ".err", "w") as err:
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=out, stderr=err,
                         preexec_fn=lambda: libc.prctl(1, signal.SIGTERM))
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda s, f: p.send_signal(s))
    while True:   # reap the command and any orphan of its tree until the command exits
        pid, status = os.waitpid(-1, 0)
        if pid == p.pid:
            wall = time.perf_counter() - t0
            rc = os.waitstatus_to_exitcode(status)
            p.returncode = rc
            break
for sig in (signal.SIGTERM, signal.SIGINT):   # nothing left to pass on
    signal.signal(sig, signal.SIG_DFL)
stragglers = 0
deadline = time.monotonic() + 60
while True:   # the fork server outlives the command by a moment: wait for it
    try:
        pid, _ = os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        break
    if pid == 0:
        if time.monotonic() > deadline:
            stragglers = 1
            break
        time.sleep(0.02)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(result, "w") as f:
    json.dump({"rc": rc, "wall": wall, "cpu": r.ru_utime + r.ru_stime, "reaper": reaper,
               "stragglers": stragglers}, f)
"""


def measured(cmd: list[str], env: dict | None = None, cwd: str | None = None) -> dict:
    """Run ``cmd`` under :data:`_MEASURE`: ``{"rc", "wall", "cpu", "others_cpu", "stdout",
    "stderr"}``, ``others_cpu`` the CPU seconds the rest of the machine used meanwhile (None
    where it cannot be read). Output goes to files, not pipes: the run ends when the command
    exits, as at a prompt (a pipe stays open until the fork server, which inherited it, has
    exited as well)."""
    with tempfile.TemporaryDirectory() as tmp:
        result = Path(tmp) / "result.json"
        m0 = _machine_cpu()
        p = subprocess.Popen([sys.executable, "-c", _MEASURE, str(result), *cmd], env=env,
                             cwd=cwd)
        try:
            p.wait()
        except BaseException:   # the bench is stopped: its render goes with it
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
            raise
        m1 = _machine_cpu()
        try:
            data = json.loads(result.read_text())
        except (OSError, ValueError):
            raise BenchError(f"bench: the measuring process exited with {p.returncode} "
                             "and measured nothing") from None
        data["stdout"] = (Path(tmp) / "result.json.out").read_text(errors="replace")
        data["stderr"] = (Path(tmp) / "result.json.err").read_text(errors="replace")
    data["others_cpu"] = (max(m1 - m0 - data["cpu"], 0.0)
                          if m0 is not None and m1 is not None else None)
    if data["others_cpu"] is not None:
        LOAD["seconds"] += data["wall"]
        LOAD["others_cpu"] += data["others_cpu"]
    return data


#: Wall seconds of the measured runs so far, and the CPU seconds the rest of the machine
#: used during them (:func:`measured`).
LOAD = {"seconds": 0.0, "others_cpu": 0.0}


def machine_load(echo, before: dict) -> dict:
    """The rest of the machine's cores, on average, over the runs measured since ``before``
    (a copy of :data:`LOAD`), printed with what it means for the figures."""
    secs = LOAD["seconds"] - before["seconds"]
    busy = (LOAD["others_cpu"] - before["others_cpu"]) / secs if secs else 0.0
    echo(f"the rest of the machine used {busy:.2f} of {cores()} cores on average during the "
         f"{secs:.0f} s of timed renders" + (
             "" if busy < 0.1 else ": it lengthened them without adding to their CPU "
             "seconds, so these figures are not an idle machine's (run the bench alone)"))
    return {"others_cores": round(busy, 3), "timed_seconds": round(secs, 1)}


def _last_line(done: dict) -> str:
    return (done["stderr"].strip() or done["stdout"].strip() or "no output").splitlines()[-1]


def _timed(jobs, n_jobs, force, cluster: str | None = None, trace=None, tree: Path | None = None):
    """Render ``jobs`` as an instructor does, with one ``rnn-lecture render`` process, and
    return ``(wall seconds, manifest entries)``; the render's CPU seconds in ``_timed.cpu``,
    the rest of the machine's in ``_timed.others``, each section's beat seconds from its
    ``timing.json`` in ``_timed.beats`` (``{section: {beat: s}}``). ``trace``, a list,
    receives the run's job records (``render --trace``). ``tree``: run the pipeline in that
    tree (``PYTHONPATH`` on it, from it) instead of this one.

    The reference explainer is timed as a ``manim`` process, so each timing includes starting
    Python and importing Manim (about 2.5 s here, in the render's fork server), as for the
    reference. Every job must have its section's default parameters."""
    first = jobs[0]
    for j in jobs:
        if (j.quality, j.lang, j.out) != (first.quality, first.lang, first.out) \
                or j.params != _defaults(j.section):
            raise BenchError(f"bench: {j.section}: jobs of one run need one quality, language "
                             "and folder, and default parameters")
    out = str(Path(first.out).absolute())
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "trace.json"
        cmd = [sys.executable, "-c", "from rnn_lecture.cli import main; main()", "render",
               *[j.section for j in jobs], "--quality", first.quality, "--lang", first.lang,
               "--out", out, "--jobs", str(n_jobs), "--trace", str(record)]
        cmd += ["--force"] if force else []
        cmd += ["--cluster", cluster] if cluster else []
        done = measured(cmd, env=env, cwd=str(tree) if tree is not None else None)
        if done["rc"] != 0:
            raise BenchError(f"bench: rnn-lecture render exited with {done['rc']}: "
                             f"{_last_line(done)}")
        try:
            data = json.loads(record.read_text())
            data["trace"], data["entries"]
        except (OSError, ValueError, KeyError, TypeError):
            raise BenchError("bench: rnn-lecture render wrote no --trace record (its job "
                             "records and manifest entries)") from None
    _timed.cpu, _timed.others = done["cpu"], done["others_cpu"]
    _timed.beats = {j.section: beat_seconds_of(out, j.quality, j.lang, j.section)
                    for j in jobs}
    if trace is not None:
        trace.extend(data["trace"])
    return done["wall"], data["entries"]


def beat_seconds_of(out: str, quality: str, lang: str, section: str) -> dict[str, float]:
    """Each beat's seconds as the section's last render wrote them in
    ``OUT/QUALITY/LANG/logs/SECTION.timing.json`` (``{}`` if there are none); a beat drawn in
    pieces, each piece's (``beat#k``): a piece is what one worker draws from start to end."""
    path = Path(out) / quality / lang / "logs" / f"{section}.timing.json"
    try:
        data = json.loads(path.read_text())
        beats, pieces = data.get("beats"), data.get("pieces") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(beats, dict) or not isinstance(pieces, dict):
        return {}
    found = {}
    for b, s in beats.items():
        parts = pieces.get(b)
        if isinstance(parts, list) and all(isinstance(p, (int, float)) for p in parts):
            found.update({f"{b}#{k}": float(p) for k, p in enumerate(parts)})
        elif isinstance(s, (int, float)):
            found[b] = float(s)
    return found


def longest_beat(beats: dict[str, dict[str, float]]) -> tuple[str, str, float] | None:
    """The longest beat of ``{section: {beat: seconds}}``: ``(section, beat, seconds)``."""
    rows = [(s, b, t) for s, bs in beats.items() for b, t in bs.items()]
    return max(rows, key=lambda r: r[2]) if rows else None


def _run(jobs, n_jobs, cluster: str | None = None, tree: Path | None = None) -> tuple:
    """One forced render: ``(wall seconds, CPU seconds, trace, {"longest": (section, beat,
    s) | None, "others_cpu": s | None})``."""
    trace: list[dict] = []
    wall, _ = _timed(jobs, n_jobs, True, cluster=cluster, trace=trace, tree=tree)
    return wall, _timed.cpu, trace, {"longest": longest_beat(_timed.beats),
                                     "others_cpu": _timed.others}


def _paired(run1, run2, repeat: int, first=None) -> tuple[list, list]:
    """``repeat`` timings of each of two runs, taken in turn (1, 2, 1, 2, ...), so that a
    drift of the machine's speed (this VM's single-core speed wanders by a quarter within
    minutes) falls on both; ``first``, a timing of ``run1`` already taken, counts as its
    first. Compare them with :func:`_median_ratio`."""
    runs1 = [first] if first is not None else []
    runs2: list = []
    while len(runs2) < repeat:
        if len(runs1) <= len(runs2):
            runs1.append(run1())
        runs2.append(run2())
    return runs1, runs2


def _median_ratio(runs1: list, runs2: list, after: bool = False) -> float:
    """The median, over every two neighbouring runs of :func:`_paired`'s order (each run of
    2 with the run of 1 before it and the one after it), of 1's seconds over 2's (``after``:
    2's over 1's). Neighbours ran within minutes of each other, so a drift of the machine's
    speed cancels out of their ratio, and the median leaves out a pair that straddles a
    sudden change; comparing the best of each would set 1's slowest window against 2's
    fastest."""
    pairs = []
    for i, r2 in enumerate(runs2):
        pairs += [(runs1[k][0], r2[0]) for k in (i, i + 1) if k < len(runs1)]
    return statistics.median((b / a) if after else (a / b) for a, b in pairs)


def _means(runs1: list, runs2: list) -> tuple[float, float, float, float]:
    """Mean wall and CPU seconds of the runs of 1 and of 2: ``(t1, c1, t2, c2)``."""
    def mean(runs, k):
        return sum(r[k] for r in runs) / len(runs)

    return mean(runs1, 0), mean(runs1, 1), mean(runs2, 0), mean(runs2, 1)


def _samples(runs: list) -> str:
    return "/".join(f"{r[0]:.1f}" for r in runs) + " s"


def _runs_json(runs1: list, runs2: list, names=("jobs1", "jobs2"), cpu: bool = True) -> dict:
    """Every timing of both runs, for ``bench.json`` (``cpu``: their CPU seconds too)."""
    both = list(zip(names, (runs1, runs2)))
    out = {f"{n}_seconds": [round(r[0], 2) for r in runs] for n, runs in both}
    if cpu:
        out.update({f"{n}_cpu_seconds": [round(r[1], 1) for r in runs] for n, runs in both})
    return out


def idle_seconds(trace: list[dict], n_jobs: int, wall: float) -> float:
    """Worker-seconds in which a worker had no job: ``n_jobs`` x wall minus the jobs' time
    (a section's assembly runs in the render's own process, not on a worker)."""
    busy = sum(r["end"] - r["start"] for r in trace if "end" in r
               and r.get("kind") != "assemble")
    return max(n_jobs * wall - busy, 0.0)


def scheduler_efficiency(runs1: list, runs_n: list, n_cores: int) -> dict:
    """The efficiency figure of ``--jobs N`` runs (``runs_n``, each ``(wall, cpu, trace,
    {"longest": (section, beat, s)})``) against the ``--jobs 1`` runs taken in turn with
    them (see the module's docstring): ``{"speedup", "bound_speedup", "efficiency", "runs"}``,
    ``runs`` each ``--jobs N`` run's wall, CPU, longest beat, bound and efficiency."""
    rows = []
    for wall, cpu, _trace, info in (r[:4] for r in runs_n):
        longest = info.get("longest") or ("", "", 0.0)
        b = bound_seconds(cpu, n_cores, longest[2])
        rows.append({"seconds": round(wall, 2), "cpu_seconds": round(cpu, 1),
                     "longest_beat": [longest[0], longest[1], round(longest[2], 2)],
                     "bound_seconds": round(b, 2), "efficiency": round(b / wall, 4),
                     "bound_by": "cpu" if cpu / n_cores >= longest[2] else "longest beat",
                     "others_cores": (round(info["others_cpu"] / wall, 2)
                                      if info.get("others_cpu") is not None else None)})
    eff = statistics.median(r["bound_seconds"] / r["seconds"] for r in rows)
    speedup = _median_ratio(runs1, runs_n)
    return {"speedup": speedup, "bound_speedup": speedup / eff, "efficiency": eff,
            "cores": n_cores, "runs": rows}


def _say_efficiency(echo, label: str, fig: dict, runs1: list, runs_n: list) -> dict:
    """Print an efficiency figure's lines; return it for ``bench.json``, judged."""
    n = fig["cores"]
    v = _verdict("efficiency", fig["efficiency"])
    mid = sorted(fig["runs"], key=lambda r: r["efficiency"])[(len(fig["runs"]) - 1) // 2]
    sec, beat, longest = mid["longest_beat"]
    others = (f"; the rest of the machine used {mid['others_cores']:.2f} cores meanwhile"
              if mid["others_cores"] is not None else "")
    echo(f"{label} --jobs {n} vs --jobs 1 ({_samples(runs1)} -> {_samples(runs_n)}, the median "
         f"of neighbouring runs): speed-up {fig['speedup']:.2f}x; {n} cores allow at most "
         f"{fig['bound_speedup']:.2f}x")
    echo(f"  a --jobs {n} run of {mid['seconds']:.1f} s cannot end before "
         f"{mid['bound_seconds']:.1f} s: {mid['cpu_seconds']:.0f} CPU seconds / {n} cores = "
         f"{mid['cpu_seconds'] / n:.1f} s, longest beat {longest:.1f} s ({sec} {beat}){others}")
    _say(echo, f"{label} scheduler efficiency (bound / wall, median of {len(runs_n)})", v)
    return {**v, "speedup": round(fig["speedup"], 3),
            "bound_speedup": round(fig["bound_speedup"], 3), "cores": n,
            "runs": fig["runs"], **_runs_json(runs1, runs_n, ("jobs1", f"jobs{n}"))}


def _compare_jobs(echo, local: list[dict], cluster: list[dict], wall: float) -> dict:
    """The same jobs run by local workers and by the cluster's: their seconds side by side,
    and the cluster's idle worker-seconds (waiting on the scheduler or on files coming back)."""
    def seconds(trace):
        return sum(r["end"] - r["start"] for r in trace if "end" in r
                   and r.get("kind") != "assemble")

    lo, cl = seconds(local), seconds(cluster)
    idle = idle_seconds(cluster, 2, wall)
    echo(f"  the cluster's jobs took {cl:.0f} s against {lo:.0f} s for the same jobs run by "
         f"local workers ({cl / lo:.2f}x), and its workers were idle {idle:.0f} of "
         f"{2 * wall:.0f} worker-seconds" if lo else "")
    return {"local_job_seconds": round(lo, 1), "cluster_job_seconds": round(cl, 1),
            "job_seconds_ratio": round(cl / lo, 3) if lo else None,
            "cluster_idle_worker_seconds": round(idle, 1)}


def _verdict(name: str, value: float) -> dict:
    op, target = TARGETS[name]
    return _judged(value, op, target)


def _judged(value: float, op: str, target: float) -> dict:
    ok = {"<=": value <= target, ">=": value >= target, "<": value < target}[op]
    return {"value": round(value, 4), "target": f"{op} {round(target, 4)}", "met": bool(ok)}


def _say(echo, label: str, v: dict, unit: str = "") -> None:
    echo(f"{label}: {v['value']}{unit} (target {v['target']}{unit}) "
         f"{'met' if v['met'] else 'NOT MET'}")


# ----- the pipeline before issue 26 ----------------------------------------------------------
def baseline_tree(dest: Path, commit: str = BASELINE, root: Path = ROOT) -> Path:
    """Assemble in ``dest`` the pipeline at ``commit`` with the current scenes: ``rnn_lecture/``
    from ``git archive commit rnn_lecture`` in ``root``'s repository, ``scenes/`` and
    ``mathcore/`` copied from ``root``. Raises :class:`BaselineError` (one line) if git cannot
    give that tree."""
    try:
        done = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", commit,
                               "rnn_lecture"], capture_output=True)
    except OSError as e:
        raise BaselineError(f"bench: baseline {commit}: cannot run git: {e.strerror}") from None
    if done.returncode != 0:
        why = (done.stderr.decode(errors="replace").strip() or "no output").splitlines()[-1]
        raise BaselineError(f"bench: baseline {commit}: git archive failed: {why}")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(dest, filter="data")
    if not (dest / "rnn_lecture" / "cli.py").is_file():
        raise BaselineError(f"bench: baseline {commit}: its rnn_lecture/ has no cli.py")
    for d in ("scenes", "mathcore"):
        shutil.copytree(root / d, dest / d, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def warm_baseline(tree: Path, jobs: list[Job], n_jobs: int, commit: str = BASELINE) -> None:
    """One untimed render of ``jobs`` by the baseline in ``tree`` (its LaTeX cache and its
    render history warmed, as ours are); :class:`BaselineError`, one line, if it cannot run
    the current scenes."""
    try:
        _timed(jobs, n_jobs, True, tree=tree)
    except BenchError as e:
        why = str(e).removeprefix("bench: ")
        raise BaselineError(f"bench: the pipeline before issue 26 ({commit}) cannot run the "
                            f"current scenes: {why}") from None


def _baseline_jobs(jobs: list[Job], media: Path) -> list[Job]:
    return [Job(j.section, j.params, j.quality, j.lang, str(media)) for j in jobs]


# ----- preview -----------------------------------------------------------------------------
def preview_seconds(section: str, beat: str, out: str, quality: str = "low",
                    lang: str = "zh", profile: Path | None = None) -> dict:
    """``rnn-lecture render SECTION --beat BEAT`` as one process: ``{"section", "beat",
    "seconds", "cpu_seconds", "video_seconds"}``. ``profile``: run it under cProfile, written
    there."""
    out = str(Path(out).absolute())
    runner = ["-c", "from rnn_lecture.cli import main; main()"]
    if profile is not None:
        runner = ["-m", "cProfile", "-o", str(profile), "-m", "rnn_lecture.cli"]
    done = measured([sys.executable, *runner, "render", section, "--beat", beat,
                     "--quality", quality, "--lang", lang, "--out", out])
    if done["rc"] != 0:
        raise BenchError(f"bench: rnn-lecture render {section} --beat {beat} exited with "
                         f"{done['rc']}: {_last_line(done)}")
    from scenes.registry import get

    index = list(get(section).scene_class().BEATS).index(beat)
    mp4 = Path(out) / quality / lang / "previews" / section / f"{index:02d}_{beat}.mp4"
    return {"section": section, "beat": beat, "seconds": round(done["wall"], 2),
            "cpu_seconds": round(done["cpu"], 2),
            "video_seconds": round(_video_duration(mp4), 3) if mp4.is_file() else None}


def preview_figure(rows: list[dict]) -> dict:
    """The preview figure of :func:`preview_seconds` rows: the slowest beat against its
    target, and the median and largest seconds."""
    slow = max(rows, key=lambda r: r["seconds"])
    secs = [r["seconds"] for r in rows]
    return {**_verdict("preview_seconds", slow["seconds"]),
            "slowest": {"section": slow["section"], "beat": slow["beat"]},
            "median_seconds": round(statistics.median(secs), 2),
            "max_seconds": round(max(secs), 2), "beats": len(rows)}


def run_bench(out: str, section_ids: list[str], high: bool = True, echo=print,
              profile: bool = False, cluster: bool = True, repeat: int = 3,
              baseline: bool = True, preview: bool = True) -> dict:
    """Measure, print each figure beside its target, write ``out/bench.json``.

    Paired figures are timed ``repeat`` times each, the two runs compared in turn (see
    :func:`_paired` and :func:`_median_ratio`)."""
    if not REFERENCE.is_file():
        raise BenchError(f"reference explainer missing: {REFERENCE} (restore it from git)")
    from . import safefs

    outp = Path(out).absolute()
    with safefs.output_umask():   # what the bench and its renders make: 0644 / 0755
        safefs.ensure_dir(outp, outp)
        result = _bench(outp, section_ids, high, echo, profile, cluster, repeat, baseline,
                        preview)
        safefs.write_atomic(outp / "bench.json", json.dumps(result, indent=2) + "\n")
    echo(f"wrote {outp / 'bench.json'}")
    return result


def motion_figures(section_ids, echo=print, media=None, langs=("zh", "en")) -> dict:
    """Issue 22's motion figures, printed: every section's frozen share and longest frozen
    stretch in each language, from its timeline (a layout-only construction) and, where
    ``media`` holds a low-quality render of it, from the video. ``{"timeline": rows,
    "video": rows, "miss": n}`` (rows of :func:`rnn_lecture.motion.report`)."""
    from . import motion

    params = {s: _defaults(s) for s in section_ids}
    out = {"timeline": motion.report(section_ids, list(langs), params), "video": []}
    for row in out["timeline"]:
        echo(f"[motion] {motion.report_line(row)}")
    if media is not None:
        for sid in section_ids:
            for lang in langs:
                if motion.section_video(media, "low", lang, sid).is_file():
                    (row,) = motion.report([sid], [lang], params, media=media)
                    out["video"].append(row)
                    echo(f"[motion, video] {motion.report_line(row)}")
    out["miss"] = sum(bool(r["failures"]) for r in out["timeline"])
    echo(f"[motion] {out['miss']} of {len(out['timeline'])} sections and languages miss the "
         "targets (timeline)")
    return out


def _bench(outp, section_ids, high, echo, profile, cluster, repeat, baseline, preview) -> dict:
    # one LaTeX cache for every render of ours, the cluster's workers included (they
    # inherit it), warmed below: a worker's own cache would time LaTeX, not rendering
    os.environ.setdefault(TEX_DIR_ENV, str(outp / "media" / "tex"))
    n = cores()
    result: dict = {"cores": n, "baseline": BASELINE if baseline else None, "sections": {},
                    "qualities": {}, "figures": {}}
    media = str(outp / "media")
    low_jobs = [Job(s, _defaults(s), "low", "zh", media) for s in section_ids]
    qualities = ["low", "high"] if high else ["low"]
    echo("warming the LaTeX cache (untimed render of every section)")
    _timed(low_jobs, n, True)
    with tempfile.TemporaryDirectory(prefix="rnn-lecture-baseline-") as base_tmp:
        tree = base_media = None
        if baseline:
            base_media = outp / "baseline" / "media"
            try:
                tree = baseline_tree(Path(base_tmp) / "tree")
                echo(f"warming the baseline {BASELINE} (untimed render of every section: "
                     f"rnn_lecture/ from git archive {BASELINE} with the current scenes/ and "
                     "mathcore/)")
                _in_baseline(tree, base_media, lambda: warm_baseline(
                    tree, _baseline_jobs(low_jobs, base_media), n))
            except BaselineError as e:
                echo(str(e))
                result["baseline_error"] = str(e)
                tree = None
        load = dict(LOAD)
        _bench_body(result, echo, outp, media, section_ids, qualities, low_jobs, n, repeat,
                    tree, base_media, preview, cluster, profile)
        result["machine_load"] = machine_load(echo, load)
    # issue 22: both motion figures, on the timelines and on the renders just made (zh, low)
    result["motion"] = motion_figures(section_ids, echo, media=media)
    return result


def _in_baseline(tree, base_media, fn):
    """Call ``fn`` with the baseline's LaTeX cache in the environment."""
    saved = os.environ.get(TEX_DIR_ENV)
    os.environ[TEX_DIR_ENV] = str(base_media / "tex")
    try:
        return fn()
    finally:
        if saved is None:
            os.environ.pop(TEX_DIR_ENV, None)
        else:
            os.environ[TEX_DIR_ENV] = saved


def _bench_body(result, echo, outp, media, section_ids, qualities, low_jobs, n, repeat,
                tree, base_media, preview, cluster, profile) -> None:
    figures = result["figures"]

    def baseline_failed(e: BenchError) -> None:
        msg = (f"bench: the pipeline before issue 26 ({BASELINE}) stopped: "
               f"{str(e).removeprefix('bench: ')}")
        echo(msg)
        result["baseline_error"] = msg

    with tempfile.TemporaryDirectory() as tmp:
        for quality in qualities:
            # the VM's speed drifts within a run: the reference is timed before and after the
            # sections, and the sections are compared with the mean
            before = reference_seconds_per_second(quality, Path(tmp))
            echo(f"[{quality}] reference explainer (before): {before:.2f} s per video second")
            per_s, base_s = {}, {}
            for sid in section_ids:
                job = Job(sid, _defaults(sid), quality, "zh", media)
                secs, (entry,) = _timed([job], 1, True)
                per_s[sid] = secs / entry["duration"]
                line = f"[{quality}] {sid}: {per_s[sid]:.2f} s per video second"
                if tree is not None:
                    try:
                        bsecs, (bentry,) = _in_baseline(tree, base_media, lambda: _timed(
                            _baseline_jobs([job], base_media), 1, True, tree=tree))
                        base_s[sid] = bsecs / bentry["duration"]
                        line += f" (baseline {base_s[sid]:.2f})"
                    except BenchError as e:
                        baseline_failed(e)
                        tree, base_s = None, {}
                echo(line)
            after = reference_seconds_per_second(quality, Path(tmp))
            ref = (before + after) / 2
            result["qualities"][quality] = {"reference_s_per_s": round(ref, 3),
                                            "reference_before": round(before, 3),
                                            "reference_after": round(after, 3)}
            echo(f"[{quality}] reference explainer (after): {after:.2f}; mean {ref:.2f} s per "
                 "video second")
            worst, worse = 0.0, []
            for sid in section_ids:
                ratio = per_s[sid] / ref
                worst = max(worst, ratio)
                v = _verdict(f"{quality}_ratio", ratio)
                row = result["sections"].setdefault(sid, {})[quality] = {
                    "s_per_s": round(per_s[sid], 3), "ratio_to_reference": v}
                _say(echo, f"[{quality}] {sid} ({per_s[sid]:.2f} s per video second), ratio",
                     v, "x")
                if sid in base_s:
                    b = _judged(ratio, "<=", base_s[sid] / ref)
                    row["vs_baseline"] = {**b, "baseline_s_per_s": round(base_s[sid], 3)}
                    worse += [] if b["met"] else [sid]
                    _say(echo, f"[{quality}] {sid} ratio, this pipeline against the "
                         f"baseline's", b, "x")
            figures[f"{quality}_worst_ratio"] = _verdict(f"{quality}_ratio", worst)
            if base_s:
                figures[f"{quality}_no_section_worse_than_baseline"] = {
                    "met": not worse, "worse": worse}
                echo(f"[{quality}] no section's ratio worse than the baseline's: "
                     f"{'met' if not worse else 'NOT MET (' + ', '.join(worse) + ')'}")
    # one section, beats in parallel: the longest of the chosen sections, at each quality
    # measured (the start of a render, ~3 s at either, weighs most at low)
    durations = {e["section"]: e["duration"] for e in _timed(low_jobs, n, False)[1]}
    longest = max(section_ids, key=lambda s: durations.get(s, 0))
    result["longest_section"] = longest
    lecture_low = None
    for quality in qualities:
        at = "" if quality == "low" else f"_{quality}"
        one = [Job(longest, _defaults(longest), quality, "zh", media)]
        runs1, runs_n = _paired(lambda: _run(one, 1), lambda: _run(one, n), repeat)
        figures[f"section_efficiency{at}"] = _say_efficiency(
            echo, f"[{quality}] {longest}", scheduler_efficiency(runs1, runs_n, n), runs1,
            runs_n)
        result[f"section_schedule{at}"] = runs_n[-1][2]
        # the whole lecture: --jobs 1 draws one section after another, --jobs N shares them
        lecture = [Job(j.section, j.params, quality, j.lang, j.out) for j in low_jobs]
        runs1, runs_n = _paired(lambda: _run(lecture, 1), lambda: _run(lecture, n), repeat)
        figures[f"lecture_efficiency{at}"] = _say_efficiency(
            echo, f"[{quality}] the lecture ({_count(len(lecture))})",
            scheduler_efficiency(runs1, runs_n, n),
            runs1, runs_n)
        result[f"lecture_schedule{at}"] = runs_n[-1][2]
        if quality == "low":
            lecture_low = (runs1, runs_n)
    runs1, runs_n = lecture_low
    if tree is not None:
        # before/after: --jobs 1, the whole lecture at low, this pipeline and the baseline in
        # turn, this pipeline's last --jobs 1 run counting as its first
        base_jobs = _baseline_jobs(low_jobs, base_media)
        try:
            ours, theirs = _paired(lambda: _run(low_jobs, 1), lambda: _in_baseline(
                tree, base_media, lambda: _run(base_jobs, 1, tree=tree)), repeat, runs1[-1])
        except BenchError as e:
            baseline_failed(e)
        else:
            v = _verdict("lecture_jobs1_vs_baseline", _median_ratio(ours, theirs))
            figures["lecture_jobs1_vs_baseline"] = {
                **v, **_runs_json(ours, theirs, ("ours", "baseline"))}
            _say(echo, f"[low] the lecture ({_count(len(low_jobs))}) --jobs 1, this pipeline "
                 f"against the baseline {BASELINE} ({_samples(ours)} vs {_samples(theirs)}, the "
                 "median of neighbouring runs), time ratio", v, "x")
    t3, _ = _timed(low_jobs, 1, False)
    v = figures["up_to_date_seconds"] = _verdict("up_to_date_seconds", t3)
    _say(echo, f"up-to-date re-render of {_count(len(low_jobs))}", v, " s")
    figures["up_to_date_fraction"] = round(t3 / _means(runs1, runs_n)[0], 5)
    if preview:
        rows = []
        for sid in section_ids:
            for beat in _beats(sid):
                rows.append(preview_seconds(sid, beat, media))
                echo(f"[preview] {sid} {beat}: {rows[-1]['seconds']:.1f} s")
        v = figures["preview"] = {**preview_figure(rows), "rows": rows}
        _say(echo, f"[preview] slowest of {len(rows)} beats at low ({v['slowest']['section']} "
             f"{v['slowest']['beat']}; median {v['median_seconds']:.1f} s, max "
             f"{v['max_seconds']:.1f} s)", v, " s")
    if cluster:
        from .render.executors.cluster import connect

        # a running cluster, as on several machines: its workers start once, and each
        # render connects to its scheduler
        client, local = connect("local:2")
        address = local.scheduler_address
        try:   # the cluster in turn with --jobs 2 (the last --jobs N run above its first)
            runs_j, runs_c = _paired(lambda: _run(low_jobs, 2),
                                     lambda: _run(low_jobs, 2, address), repeat,
                                     runs_n[-1] if n == 2 else None)
        finally:
            client.close()
            local.close()
        ratio = _median_ratio(runs_c, runs_j, after=True)
        v = figures["cluster_vs_jobs2"] = _verdict("cluster_vs_jobs2", ratio)
        _say(echo, f"LocalCluster of 2 vs --jobs 2 ({_samples(runs_j)} -> {_samples(runs_c)}, "
             "the median of neighbouring runs), time ratio", v, "x")
        # (a cluster's workers are not ours: their CPU is not counted)
        figures["cluster_runs"] = _runs_json(runs_j, runs_c, ("jobs2", "cluster"), cpu=False)
        # where the difference goes: idle workers, or the same jobs taking longer
        figures["cluster_jobs"] = _compare_jobs(echo, runs_j[-1][2], runs_c[-1][2],
                                                runs_c[-1][0])
        result["cluster_schedule"] = runs_c[-1][2]
    if profile:
        result["profiles"] = profile_beats(low_jobs, outp / "profiles", echo)


def profile_beats(jobs: list[Job], folder: Path, echo=print, top: int = 25) -> list[dict]:
    """Run every beat of ``jobs`` as a preview process (``render SECTION --beat NAME``) under
    cProfile; write ``.prof`` and ``.txt`` per beat; print the slowest beats with the
    functions that took their time."""
    import pstats

    from . import safefs

    rows = []
    for job in jobs:
        d = safefs.ensure_dir(folder / job.section, folder.parent)   # no link on the way
        for i, beat in enumerate(_beats(job.section)):
            stem = d / f"{i:02d}_{beat}"
            rec = preview_seconds(job.section, beat, job.out, job.quality, job.lang,
                                  profile=Path(str(stem) + ".prof"))
            buf = io.StringIO()
            stats = pstats.Stats(str(stem) + ".prof", stream=buf).sort_stats("tottime")
            stats.print_stats(top)
            safefs.write_atomic(stem.with_suffix(".txt"), buf.getvalue())
            own = sorted(((v[2], f"{Path(k[0]).name}:{k[2]}") for k, v in stats.stats.items()),
                         reverse=True)[:3]
            video = rec["video_seconds"] or 0.0
            rows.append({"section": job.section, "beat": beat, "seconds": rec["seconds"],
                         "video_seconds": video,
                         "s_per_s": round(rec["seconds"] / max(video, 1e-9), 3),
                         "top": [f"{name} {t:.1f} s" for t, name in own]})
    rows.sort(key=lambda r: -r["s_per_s"])
    for r in rows[:8]:
        echo(f"[profile] {r['section']} {r['beat']}: {r['s_per_s']:.2f} s per video second; "
             f"most time in {', '.join(r['top'])}")
    echo(f"[profile] cProfile files in {folder}")
    return rows


def _count(n: int) -> str:
    return f"{n} section{'' if n == 1 else 's'}"


def _beats(section_id: str) -> list[str]:
    from scenes.registry import get

    return list(get(section_id).scene_class().BEATS)


def _defaults(section_id: str) -> dict:
    from scenes.registry import get

    return get(section_id).resolve()
