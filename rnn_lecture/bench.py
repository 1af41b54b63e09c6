"""Render-speed benchmark: seconds of rendering per second of video, as ratios, against targets.

Every speed is relative to the reference explainer (``reference_explainer.py`` beside this
module, a byte-for-byte copy of ``shared/bench/reference_explainer.py`` kept in the package so
the bench runs in any clone) rendered in the same run at the same quality, so numbers from
different machines and days can be compared. Ours are timed as the reference is, as a command
an instructor runs: each is one ``rnn-lecture render`` process, starting Python and importing
Manim included (the reference is one ``manim`` process). All timings are taken with a warm
LaTeX cache (ours and the reference's alike). Each figure is printed beside its target and
written, with the target and whether it was met, to ``bench.json``.

The --jobs speed-ups and the cluster's ratio are timed ``--repeat`` times each, the two runs
compared taken in turn, and the figure is the median ratio of neighbouring runs
(:func:`_median_ratio`): this VM's single-core speed wanders by a quarter within minutes, and
one timing of each made a speed-up anything from 1.2x to 1.8x from run to run.

``--profile`` also runs every beat of the chosen sections under cProfile (one beat job in this
process each) and writes ``profiles/<section>/NN_<beat>.prof`` and a ``.txt`` summary.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .render import Job, _video_duration

REFERENCE = Path(__file__).with_name("reference_explainer.py")

#: Targets: (figure, comparison, value). Ratios to the reference are seconds of rendering per
#: second of video divided by the reference's.
TARGETS = {
    "low_ratio": ("<=", 0.4),          # every section at low quality
    "high_ratio": ("<=", 0.6),         # every section at high quality
    "section_jobs2_speedup": (">=", 1.7),   # one section, --jobs 2 vs --jobs 1
    "lecture_jobs2_speedup": (">=", 1.8),   # every chosen section, --jobs 2 vs --jobs 1
    "up_to_date_seconds": ("<", 2.0),       # a re-render with nothing changed
    "cluster_vs_jobs2": ("<=", 1.15),       # LocalCluster of 2 workers / --jobs 2, wall time
}


class BenchError(Exception):
    """A one-line reason the bench cannot run."""


FLAGS = {"low": "-ql", "high": "-qh"}


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


def _machine_cpu() -> float:
    """CPU seconds used on this machine so far, by every process (``/proc/stat``: user, nice,
    system, irq and softirq time); where there is no ``/proc/stat``, this process's and its
    reaped children's. A render's fork server is not its child's child once the render
    exits, so the machine's count is the one that sees all of a run's work."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        user, nice, system, _idle, _iowait, irq, softirq = map(int, fields[1:8])
        return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        import resource

        me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                     resource.RUSAGE_CHILDREN))
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(jobs, n_jobs, force, cluster: str | None = None, trace=None):
    """Render ``jobs`` as an instructor does, with one ``rnn-lecture render`` process, and
    return ``(wall seconds, manifest entries)``; the machine's CPU seconds during the run in
    ``_timed.cpu``. ``trace``, a list, receives the run's job records (``render --trace``).

    The reference explainer is timed as a ``manim`` process, so each timing includes starting
    Python and importing Manim (about 2.5 s here, in the render's fork server), as for the
    reference. Every job must have its section's default parameters."""
    first = jobs[0]
    for j in jobs:
        if (j.quality, j.lang, j.out) != (first.quality, first.lang, first.out) \
                or j.params != _defaults(j.section):
            raise BenchError(f"bench: {j.section}: jobs of one run need one quality, language "
                             "and folder, and default parameters")
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "trace.json"
        cmd = [sys.executable, "-c", "from rnn_lecture.cli import main; main()", "render",
               *[j.section for j in jobs], "--quality", first.quality, "--lang", first.lang,
               "--out", first.out, "--jobs", str(n_jobs), "--trace", str(record)]
        cmd += ["--force"] if force else []
        cmd += ["--cluster", cluster] if cluster else []
        # output to files, not pipes: the run ends when the command exits, as at a prompt (a
        # pipe stays open until the fork server, which inherited it, has exited as well)
        with open(Path(tmp) / "out", "w+") as out, open(Path(tmp) / "err", "w+") as err:
            c0, t0 = _machine_cpu(), time.perf_counter()
            done = subprocess.run(cmd, stdout=out, stderr=err)
            wall = time.perf_counter() - t0
            _timed.cpu = _machine_cpu() - c0
            out.seek(0)
            err.seek(0)
            stdout, stderr = out.read(), err.read()
        if done.returncode != 0:
            why = (stderr.strip() or stdout.strip() or "no output").splitlines()[-1]
            raise BenchError(f"bench: rnn-lecture render exited with {done.returncode}: {why}")
        data = json.loads(record.read_text())
    if trace is not None:
        trace.extend(data["trace"])
    return wall, data["entries"]


def _run(jobs, n_jobs, cluster: str | None = None) -> tuple[float, float, list[dict]]:
    """One forced render: ``(wall seconds, CPU seconds, trace)``."""
    trace: list[dict] = []
    wall, _ = _timed(jobs, n_jobs, True, cluster=cluster, trace=trace)
    return wall, _timed.cpu, trace


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
    import statistics

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
    """Worker-seconds in which a worker had no job: ``n_jobs`` x wall minus the jobs' time."""
    busy = sum(r["end"] - r["start"] for r in trace if "end" in r)
    return max(n_jobs * wall - busy, 0.0)


def _cores(echo, t1: float, c1: float, t2: float, c2: float, schedule: list[dict]) -> dict:
    """Why a --jobs 2 speed-up is what it is; printed and returned for ``bench.json``.

    Manim encodes in a thread beside the drawing (and the WebM encoder has threads of its
    own), so --jobs 1 keeps more than one core busy; with the work --jobs 2 did (``c2`` CPU
    seconds, replays and process starts included), two cores could at best finish in c2 / 2.
    """
    idle = idle_seconds(schedule, 2, t2)
    if c2:
        echo(f"  --jobs 1 kept {c1 / t1:.2f} cores busy on average and --jobs 2 {c2 / t2:.2f} "
             f"of 2 ({idle:.0f} worker-seconds idle of {2 * t2:.0f}); --jobs 2 did {c2:.0f} CPU "
             f"seconds of work to --jobs 1's {c1:.0f}: 2 cores could give at most "
             f"{2 * t1 / c2:.2f}x")
    return {"jobs1_cores_busy": round(c1 / t1, 3), "jobs2_cores_busy": round(c2 / t2, 3),
            "jobs1_cpu_seconds": round(c1, 1), "jobs2_cpu_seconds": round(c2, 1),
            "jobs2_bound_speedup": round(2 * t1 / c2, 3) if c2 else None,
            "jobs2_idle_worker_seconds": round(idle, 1)}


def _compare_jobs(echo, local: list[dict], cluster: list[dict], wall: float) -> dict:
    """The same jobs run by local workers and by the cluster's: their seconds side by side,
    and the cluster's idle worker-seconds (waiting on the scheduler or on files coming back)."""
    def seconds(trace):
        return sum(r["end"] - r["start"] for r in trace if "end" in r)

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
    ok = {"<=": value <= target, ">=": value >= target, "<": value < target}[op]
    return {"value": round(value, 4), "target": f"{op} {target}", "met": bool(ok)}


def _say(echo, label: str, v: dict, unit: str = "") -> None:
    echo(f"{label}: {v['value']}{unit} (target {v['target']}{unit}) "
         f"{'met' if v['met'] else 'NOT MET'}")


def run_bench(out: str, section_ids: list[str], high: bool = True, echo=print,
              profile: bool = False, cluster: bool = True, repeat: int = 3) -> dict:
    """Measure, print each figure beside its target, write ``out/bench.json``.

    The --jobs speed-ups and the cluster's ratio are timed ``repeat`` times each, the two
    runs compared in turn (see :func:`_paired` and :func:`_median_ratio`)."""
    if not REFERENCE.is_file():
        raise BenchError(f"reference explainer missing: {REFERENCE} (restore it from git)")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    from .render import TEX_DIR_ENV
    # one LaTeX cache for every render of the bench, the cluster's workers included (they
    # inherit it), warmed below: a worker's own cache would time LaTeX, not rendering
    os.environ.setdefault(TEX_DIR_ENV, str((outp / "media" / "tex").absolute()))
    result: dict = {"sections": {}, "qualities": {}, "figures": {}}
    seconds_one: dict = {}      # quality -> section -> seconds with --jobs 1
    media = str(outp / "media")
    low_jobs = [Job(s, _defaults(s), "low", "zh", media) for s in section_ids]
    echo("warming the LaTeX cache (untimed render of every section)")
    _timed(low_jobs, 2, True)
    with tempfile.TemporaryDirectory() as tmp:
        for quality in (["low", "high"] if high else ["low"]):
            # the VM's speed drifts within a run: the reference is timed before and after the
            # sections, and the sections are compared with the mean
            before = reference_seconds_per_second(quality, Path(tmp))
            echo(f"[{quality}] reference explainer (before): {before:.2f} s per video second")
            per_s = {}
            for sid in section_ids:
                job = Job(sid, _defaults(sid), quality, "zh", media)
                secs, (entry,) = _timed([job], 1, True)
                seconds_one.setdefault(quality, {})[sid] = secs
                per_s[sid] = secs / entry["duration"]
                echo(f"[{quality}] {sid}: {per_s[sid]:.2f} s per video second")
            after = reference_seconds_per_second(quality, Path(tmp))
            ref = (before + after) / 2
            result["qualities"][quality] = {"reference_s_per_s": round(ref, 3),
                                            "reference_before": round(before, 3),
                                            "reference_after": round(after, 3)}
            echo(f"[{quality}] reference explainer (after): {after:.2f}; mean {ref:.2f} s per "
                 "video second")
            worst = 0.0
            for sid in section_ids:
                ratio = per_s[sid] / ref
                worst = max(worst, ratio)
                v = _verdict(f"{quality}_ratio", ratio)
                result["sections"].setdefault(sid, {})[quality] = {
                    "s_per_s": round(per_s[sid], 3), "ratio_to_reference": v}
                _say(echo, f"[{quality}] {sid} ({per_s[sid]:.2f} s per video second), ratio",
                     v, "x")
            result["figures"][f"{quality}_worst_ratio"] = _verdict(f"{quality}_ratio", worst)
    # one section, beats in parallel: the longest of the chosen sections, at each quality
    # measured (the start of a render, ~3 s at either, weighs most at low)
    durations = {e["section"]: e["duration"] for e in _timed(low_jobs, 2, False)[1]}
    longest = max(section_ids, key=lambda s: durations.get(s, 0))
    for quality in seconds_one:
        one = [Job(longest, _defaults(longest), quality, "zh", media)]
        runs1, runs2 = _paired(lambda: _run(one, 1), lambda: _run(one, 2), repeat)
        at = "" if quality == "low" else f"_{quality}"
        v = result["figures"][f"section_jobs2_speedup{at}"] = _verdict(
            "section_jobs2_speedup", _median_ratio(runs1, runs2))
        _say(echo, f"[{quality}] {longest} --jobs 2 vs --jobs 1 ({_samples(runs1)} -> "
             f"{_samples(runs2)}, the median of neighbouring runs), speed-up", v, "x")
        result["figures"][f"section_cores{at}"] = _cores(echo, *_means(runs1, runs2),
                                                         runs2[-1][2])
        result["figures"][f"section_runs{at}"] = _runs_json(runs1, runs2)
        result[f"section_schedule{at}"] = runs2[-1][2]
    # the whole lecture: --jobs 1 draws one section after another, --jobs 2 shares them
    runs1, runs2 = _paired(lambda: _run(low_jobs, 1), lambda: _run(low_jobs, 2), repeat)
    v = result["figures"]["lecture_jobs2_speedup"] = _verdict(
        "lecture_jobs2_speedup", _median_ratio(runs1, runs2))
    _say(echo, f"{len(low_jobs)} sections --jobs 2 vs --jobs 1 ({_samples(runs1)} -> "
         f"{_samples(runs2)}, the median of neighbouring runs), speed-up", v, "x")
    result["figures"]["lecture_cores"] = _cores(echo, *_means(runs1, runs2), runs2[-1][2])
    result["figures"]["lecture_runs"] = _runs_json(runs1, runs2)
    result["lecture_schedule"] = runs2[-1][2]
    t3, _ = _timed(low_jobs, 1, False)
    v = result["figures"]["up_to_date_seconds"] = _verdict("up_to_date_seconds", t3)
    _say(echo, f"up-to-date re-render of {len(low_jobs)} sections", v, " s")
    result["figures"]["up_to_date_fraction"] = round(t3 / _means(runs1, runs2)[0], 5)
    if cluster:
        from .render.executors.cluster import connect

        # a running cluster, as on several machines: its workers start once, and each
        # render connects to its scheduler
        client, local = connect("local:2")
        address = local.scheduler_address
        try:   # the cluster in turn with --jobs 2, the last --jobs 2 run above its first
            runs_j, runs_c = _paired(lambda: _run(low_jobs, 2),
                                     lambda: _run(low_jobs, 2, address), repeat, runs2[-1])
        finally:
            client.close()
            local.close()
        ratio = _median_ratio(runs_c, runs_j, after=True)
        v = result["figures"]["cluster_vs_jobs2"] = _verdict("cluster_vs_jobs2", ratio)
        _say(echo, f"LocalCluster of 2 vs --jobs 2 ({_samples(runs_j)} -> {_samples(runs_c)}, "
             "the median of neighbouring runs), time ratio", v, "x")
        # (a cluster's workers are not ours: their CPU is not counted)
        result["figures"]["cluster_runs"] = _runs_json(runs_j, runs_c, ("jobs2", "cluster"),
                                                       cpu=False)
        # where the difference goes: idle workers, or the same jobs taking longer
        result["figures"]["cluster_jobs"] = _compare_jobs(echo, runs_j[-1][2], runs_c[-1][2],
                                                          runs_c[-1][0])
        result["cluster_schedule"] = runs_c[-1][2]
    if profile:
        result["profiles"] = profile_beats(low_jobs, outp / "profiles", echo)
    (outp / "bench.json").write_text(json.dumps(result, indent=2) + "\n")
    echo(f"wrote {outp / 'bench.json'}")
    return result


def profile_beats(jobs: list[Job], folder: Path, echo=print, top: int = 25) -> list[dict]:
    """Run every beat of ``jobs`` under cProfile in this process; write ``.prof`` and ``.txt``
    per beat; print the slowest beats with the functions that took their time."""
    import cProfile
    import io
    import pstats

    from .render import render_beat
    from scenes.registry import get

    rows = []
    for job in jobs:
        beats = get(job.section).scene_class().BEATS
        d = folder / job.section
        d.mkdir(parents=True, exist_ok=True)
        for i, beat in enumerate(beats):
            with tempfile.TemporaryDirectory(dir=d) as work:
                prof = cProfile.Profile()
                t0 = time.perf_counter()
                prof.enable()
                rec = render_beat(job, beat, Path(work) / "clip")
                prof.disable()
                secs = time.perf_counter() - t0
            stem = d / f"{i:02d}_{beat}"
            prof.dump_stats(str(stem) + ".prof")
            buf = io.StringIO()
            stats = pstats.Stats(prof, stream=buf).sort_stats("tottime")
            stats.print_stats(top)
            stem.with_suffix(".txt").write_text(buf.getvalue())
            own = sorted(((v[2], f"{Path(k[0]).name}:{k[2]}") for k, v in stats.stats.items()),
                         reverse=True)[:3]
            rows.append({"section": job.section, "beat": beat, "seconds": round(secs, 2),
                         "video_seconds": rec["duration"],
                         "s_per_s": round(secs / max(rec["duration"], 1e-9), 3),
                         "top": [f"{name} {t:.1f} s" for t, name in own]})
    rows.sort(key=lambda r: -r["s_per_s"])
    for r in rows[:8]:
        echo(f"[profile] {r['section']} {r['beat']}: {r['s_per_s']:.2f} s per video second; "
             f"most time in {', '.join(r['top'])}")
    echo(f"[profile] cProfile files in {folder}")
    return rows


def _defaults(section_id: str) -> dict:
    from scenes.registry import get

    return get(section_id).resolve()
