"""scripts/bench: its arithmetic (bound, efficiency, pairing), its measurements (a render's
process tree, the baseline's tree), its one-line failures, and one tiny real run.

No timing here has a target: the targets live in the bench."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def test_bench_reference_ships_with_the_package():
    """scripts/bench runs in any clone: the reference explainer lives in the package, and is
    the same file as the shared yardstick wherever that is present."""
    from rnn_lecture.bench import REFERENCE
    from rnn_lecture.render import ROOT

    assert REFERENCE.is_file() and "class ReferenceExplainer(Scene)" in REFERENCE.read_text()
    shared = ROOT.parent / "shared" / "bench" / "reference_explainer.py"
    if shared.is_file():
        assert shared.read_bytes() == REFERENCE.read_bytes()


def test_bench_without_its_reference_fails_with_one_line(tmp_path):
    code = ("import sys, rnn_lecture.bench as b, pathlib; "
            "b.REFERENCE = pathlib.Path('/nonexistent/reference_explainer.py'); "
            "from rnn_lecture.cli import main; main(['bench', '--out', sys.argv[1]])")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "b")], capture_output=True,
                         text=True)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "reference explainer missing" in lines[0], out.stderr


def test_each_figure_is_judged_against_its_target():
    """Efficiency, before/after and preview are the targets; the fixed --jobs speed-ups are
    figures only."""
    from rnn_lecture.bench import TARGETS, _judged, _verdict

    assert _verdict("low_ratio", 0.39) == {"value": 0.39, "target": "<= 0.4", "met": True}
    assert not _verdict("low_ratio", 0.41)["met"]
    assert _verdict("efficiency", 0.95)["met"] and not _verdict("efficiency", 0.9499)["met"]
    assert _verdict("lecture_jobs1_vs_baseline", 0.85)["met"]
    assert not _verdict("lecture_jobs1_vs_baseline", 0.86)["met"]
    assert _verdict("preview_seconds", 4.99)["met"] and not _verdict("preview_seconds", 5.0)["met"]
    assert not _verdict("up_to_date_seconds", 2.0)["met"]
    assert _verdict("cluster_vs_jobs2", 1.15)["met"]
    assert set(TARGETS) == {"low_ratio", "high_ratio", "efficiency", "lecture_jobs1_vs_baseline",
                            "preview_seconds", "up_to_date_seconds", "cluster_vs_jobs2"}
    # a section's ratio against the baseline's: no worse
    assert _judged(0.31, "<=", 0.312345) == {"value": 0.31, "target": "<= 0.3123", "met": True}
    assert not _judged(0.32, "<=", 0.31)["met"]


def test_the_bound_is_the_cpu_over_the_cores_or_the_longest_beat():
    """A run of C CPU seconds on N cores cannot end before C / N, nor before its longest
    beat; its efficiency is that bound over its wall time."""
    from rnn_lecture.bench import bound_seconds, efficiency

    assert bound_seconds(60.0, 2, 10.0) == 30.0          # the cores bind
    assert bound_seconds(30.0, 2, 20.0) == 20.0          # one beat binds
    assert bound_seconds(30.0, 4, 7.5) == 7.5
    assert efficiency(32.0, 60.0, 2, 10.0) == 30.0 / 32.0
    assert efficiency(25.0, 30.0, 2, 20.0) == 0.8


def test_the_efficiency_figure_takes_each_run_against_its_own_bound():
    """Each --jobs N run is judged against its own CPU seconds and longest beat; the figure
    is the median, the speed-up is the median of neighbouring pairs, and the speed-up the
    bound allows is speed-up / efficiency, so their ratio is the efficiency."""
    from rnn_lecture.bench import _say_efficiency, scheduler_efficiency

    def run(wall, cpu, longest, others=None):
        return (wall, cpu, [], {"longest": ("s1", "b1", longest), "others_cpu": others})

    runs1 = [(60.0, 70.0, []), (62.0, 70.0, []), (58.0, 70.0, [])]
    runs_n = [run(40.0, 76.0, 12.0, 4.0), run(38.0, 72.0, 12.0), run(30.0, 40.0, 25.0)]
    fig = scheduler_efficiency(runs1, runs_n, 2)
    assert [r["bound_seconds"] for r in fig["runs"]] == [38.0, 36.0, 25.0]
    assert [r["bound_by"] for r in fig["runs"]] == ["cpu", "cpu", "longest beat"]
    assert fig["efficiency"] == 36.0 / 38.0            # the median of 0.95, 0.947, 0.833
    # pairs 60/40 1.5, 62/40 1.55, 62/38 1.63, 58/38 1.53, 58/30 1.93 -> 62/40
    assert fig["speedup"] == 62.0 / 40.0
    assert fig["bound_speedup"] == fig["speedup"] / fig["efficiency"]
    assert fig["runs"][0]["others_cores"] == 0.1 and fig["runs"][1]["others_cores"] is None
    said: list[str] = []
    v = _say_efficiency(said.append, "[low] lecture", fig, runs1, runs_n)
    assert v["met"] is False and v["target"] == ">= 0.95" and v["value"] == 0.9474
    assert "speed-up 1.55x; 2 cores allow at most 1.64x" in said[0]
    assert "cannot end before 36.0 s: 72 CPU seconds / 2 cores = 36.0 s, longest beat " \
           "12.0 s (s1 b1)" in said[1]
    assert said[2].endswith("0.9474 (target >= 0.95) NOT MET")
    assert v["jobs2_seconds"] == [40.0, 38.0, 30.0]


def test_beat_seconds_are_read_from_the_timing_log(tmp_path):
    """The longest beat comes from what the render wrote in logs/<section>.timing.json; a
    missing or garbled file gives none."""
    from rnn_lecture.bench import beat_seconds_of, longest_beat

    logs = tmp_path / "low" / "zh" / "logs"
    logs.mkdir(parents=True)
    (logs / "a.timing.json").write_text(json.dumps(
        {"render_seconds": 9.0, "beats": {"x": 2.5, "y": 4.25, "z": None}}))
    (logs / "b.timing.json").write_text('{"beats": {"w": 4.0}}')
    (logs / "c.timing.json").write_text("[1, 2")
    got = {s: beat_seconds_of(str(tmp_path), "low", "zh", s) for s in "abcd"}
    assert got == {"a": {"x": 2.5, "y": 4.25}, "b": {"w": 4.0}, "c": {}, "d": {}}
    assert longest_beat(got) == ("a", "y", 4.25)
    assert longest_beat({"c": {}}) is None
    # a beat drawn in pieces: each piece is a worker's from start to end, the beat is not
    (logs / "e.timing.json").write_text(json.dumps(
        {"beats": {"x": 2.0, "long": 9.0}, "pieces": {"long": [4.75, 4.25]}}))
    got = beat_seconds_of(str(tmp_path), "low", "zh", "e")
    assert got == {"x": 2.0, "long#0": 4.75, "long#1": 4.25}
    assert longest_beat({"e": got}) == ("e", "long#0", 4.75)


def test_the_seconds_of_pieces_stay_out_of_the_render_record():
    """How long each piece of a beat took is timing, like the beat's seconds: it goes to the
    timing log, not to render.json (whose bytes are a function of the inputs)."""
    from rnn_lecture.render.publish import split_timing

    entry = {"section": "s", "render_seconds": 9.0,
             "beats": [{"beat": "a", "render_seconds": 2.0},
                       {"beat": "b", "render_seconds": 7.0, "piece_seconds": [3.5, 3.5]}]}
    clean, timing = split_timing(entry)
    assert clean == {"section": "s", "beats": [{"beat": "a"}, {"beat": "b"}]}
    assert timing == {"render_seconds": 9.0, "beats": {"a": 2.0, "b": 7.0},
                      "pieces": {"b": [3.5, 3.5]}}


def test_a_measured_run_counts_the_cpu_of_its_orphans():
    """The measuring process reaps the command's whole tree: a child that outlives its
    parent (as a fork server outlives the render) still counts, the wall time ends when the
    command exits, and nothing else on the machine is counted as the run's."""
    from rnn_lecture.bench import measured

    code = ("import os, sys, time\n"
            "if os.fork() == 0:\n"
            "    os.setsid()\n"
            "    t = time.process_time()\n"
            "    while time.process_time() - t < 1.0: pass\n"
            "    os._exit(0)\n"
            "print('parent'); sys.stderr.write('err'); sys.exit(3)\n")
    r = measured([sys.executable, "-c", code])
    assert r["rc"] == 3 and r["stdout"] == "parent\n" and r["stderr"] == "err"
    assert r["wall"] < 0.9 <= r["cpu"] < 3.0
    assert r["reaper"] and r["stragglers"] == 0
    assert r["others_cpu"] is None or r["others_cpu"] >= 0


def test_a_stopped_measurement_stops_its_command(tmp_path):
    """SIGTERM to the measuring process (the bench stopping it) is passed on to the command,
    which ends; the measurement still reports it."""
    from rnn_lecture.bench import _MEASURE

    pidfile = tmp_path / "pid"
    code = (f"import os, pathlib, time; pathlib.Path({str(pidfile)!r}).write_text("
            "str(os.getpid())); time.sleep(60)")
    result = tmp_path / "result.json"
    p = subprocess.Popen([sys.executable, "-c", _MEASURE, str(result), sys.executable, "-c",
                          code])
    t0 = time.monotonic()
    while not pidfile.exists() or not pidfile.read_text():
        assert time.monotonic() - t0 < 20, "the command never started"
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    assert p.wait(20) == 0
    assert json.loads(result.read_text())["rc"] == -signal.SIGTERM
    with pytest.raises(ProcessLookupError):
        os.kill(int(pidfile.read_text()), 0)


def test_the_baseline_tree_is_the_old_pipeline_on_the_current_scenes(tmp_path):
    """``git archive BASELINE rnn_lecture`` with copies of the current scenes/ and mathcore/;
    a process run with PYTHONPATH on it, from it, imports the old rnn_lecture."""
    from rnn_lecture.bench import BASELINE, ROOT, baseline_tree

    tree = baseline_tree(tmp_path / "tree")
    assert sorted(p.name for p in tree.iterdir()) == ["mathcore", "rnn_lecture", "scenes"]
    old = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", BASELINE,
                          "rnn_lecture"], capture_output=True, text=True, check=True)
    names = sorted(old.stdout.split())
    assert sorted(str(p.relative_to(tree)) for p in (tree / "rnn_lecture").rglob("*")
                  if p.is_file()) == names
    for name in names:
        blob = subprocess.run(["git", "-C", str(ROOT), "show", f"{BASELINE}:{name}"],
                              capture_output=True, check=True).stdout
        assert (tree / name).read_bytes() == blob, name
    for d in ("scenes", "mathcore"):
        ours = sorted(p.relative_to(ROOT / d) for p in (ROOT / d).rglob("*.py")
                      if "__pycache__" not in p.parts)
        theirs = sorted(p.relative_to(tree / d) for p in (tree / d).rglob("*.py"))
        assert ours == theirs and not list((tree / d).rglob("__pycache__"))
        assert all((tree / d / p).read_bytes() == (ROOT / d / p).read_bytes() for p in ours)
    where = subprocess.run([sys.executable, "-c", "import rnn_lecture.cli, scenes; "
                            "print(rnn_lecture.cli.__file__); print(scenes.__file__)"],
                           env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree,
                           capture_output=True, text=True, check=True).stdout.split()
    assert all(Path(w).is_relative_to(tree) for w in where), where


def test_a_baseline_that_cannot_run_says_so_in_one_line(tmp_path):
    """An unknown commit, and a baseline whose pipeline cannot run the current scenes, are
    one line each (no traceback)."""
    from rnn_lecture.bench import BaselineError, baseline_tree, warm_baseline
    from rnn_lecture.render import Job
    from scenes.registry import get

    with pytest.raises(BaselineError) as e:
        baseline_tree(tmp_path / "x", commit="0000000deadbeef")
    assert "\n" not in str(e.value) and "baseline 0000000deadbeef: git archive failed" in str(
        e.value)
    tree = baseline_tree(tmp_path / "tree")
    # an old pipeline that cannot import what the current scenes need
    (tree / "scenes" / "registry.py").write_text("raise ImportError('scenes need a newer "
                                                  "pipeline')\n")
    sid = "lstm-06-gru"
    job = Job(sid, get(sid).resolve(), "low", "zh", str(tmp_path / "media"))
    with pytest.raises(BaselineError) as e:
        warm_baseline(tree, [job], 1)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("bench: the pipeline before issue 26 (95dd2fe) "
                                              "cannot run the current scenes: ")
    assert "scenes need a newer pipeline" in msg
    assert not (tmp_path / "media" / "low" / "zh" / sid).exists()


def test_the_preview_figure_is_the_slowest_beat():
    from rnn_lecture.bench import preview_figure

    rows = [{"section": "a", "beat": "x", "seconds": 3.5},
            {"section": "a", "beat": "y", "seconds": 4.9},
            {"section": "b", "beat": "z", "seconds": 2.0}]
    assert preview_figure(rows) == {"value": 4.9, "target": "< 5.0", "met": True,
                                    "slowest": {"section": "a", "beat": "y"},
                                    "median_seconds": 3.5, "max_seconds": 4.9, "beats": 3}
    rows.append({"section": "b", "beat": "w", "seconds": 5.0})
    assert preview_figure(rows)["met"] is False
    assert preview_figure(rows)["median_seconds"] == 4.2


@pytest.mark.render
@pytest.mark.slow
def test_profile_writes_a_cprofile_per_beat(tmp_path):
    """``bench --profile``: one cProfile file and a readable summary per beat."""
    import pstats

    from rnn_lecture.bench import profile_beats
    from rnn_lecture.render import Job
    from scenes.registry import get

    sid = "lstm-06-gru"
    job = Job(sid, get(sid).resolve(), "low", "zh", str(tmp_path / "media"))
    lines = []
    rows = profile_beats([job], tmp_path / "profiles", echo=lines.append)
    beats = get(sid).scene_class().BEATS
    assert sorted(r["beat"] for r in rows) == sorted(beats)
    for i, b in enumerate(beats):
        prof = tmp_path / "profiles" / sid / f"{i:02d}_{b}.prof"
        assert pstats.Stats(str(prof)).total_tt > 0
        assert "function calls" in prof.with_suffix(".txt").read_text()
    assert any("s per video second; most time in" in ln for ln in lines)


@pytest.mark.render
def test_a_run_traces_its_jobs_for_the_bench(tmp_path):
    """The bench times ``rnn-lecture render`` processes, as the reference is a ``manim``
    process; ``render --trace`` records each job's start and end, which the bench turns into
    idle worker-seconds; the bench's CPU count includes the workers'."""
    from rnn_lecture.bench import _timed, idle_seconds
    from rnn_lecture.render import Job
    from scenes.registry import get

    sid = "lstm-06-gru"
    job = Job(sid, get(sid).resolve(), "low", "en", str(tmp_path / "media"))
    import resource

    def own():
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    trace: list[dict] = []
    mine = own()
    wall, (entry,) = _timed([job], 2, True, trace=trace)
    mine = own() - mine
    beats = [b for r in trace if r["kind"] == "beats" for b in r["beats"]]
    assert sorted(beats) == sorted(get(sid).scene_class().BEATS)
    assert len([r for r in trace if r["kind"] == "beats"]) == 2       # cut in --jobs runs
    assert all(0 <= r["start"] < r["end"] <= wall for r in trace)
    # the section is assembled once, in the render's process, after its last job is in
    (built,) = [r for r in trace if r["kind"] == "assemble"]
    assert built["start"] >= max(r["end"] for r in trace if r["kind"] != "assemble")
    assert _timed.cpu - mine > 5            # the workers' CPU is counted, not only this process
    idle = idle_seconds(trace, 2, wall)
    assert 0 <= idle < 2 * wall
    assert idle_seconds([{"start": 0, "end": 4}, {"start": 1, "end": 3}], 2, 5) == 4
    assert idle_seconds([{"start": 0, "end": 4}, {"start": 1, "end": 3},
                         {"kind": "assemble", "start": 4, "end": 5}], 2, 5) == 4


def test_the_cluster_line_compares_the_same_jobs():
    """The cluster line: the same jobs' seconds on local workers and on the cluster's, and
    the cluster's idle worker-seconds."""
    from rnn_lecture.bench import _compare_jobs

    said: list[str] = []
    trace = [{"start": 0.0, "end": 30.0}, {"start": 0.0, "end": 34.0}]
    j = _compare_jobs(said.append, trace, [{"start": 0.0, "end": 33.0},
                                           {"start": 1.0, "end": 40.0}], 41.0)
    assert j == {"local_job_seconds": 64.0, "cluster_job_seconds": 72.0,
                 "job_seconds_ratio": 1.125, "cluster_idle_worker_seconds": 10.0}
    assert "1.12x" in said[-1] or "1.13x" in said[-1]


def test_the_jobs_speed_ups_take_turns_and_compare_neighbours():
    """The machine's speed drifts (a quarter within minutes on this VM): --jobs 1 and --jobs 2
    are timed in turn, a timing already taken counts as --jobs 1's first, and the figure is
    the median ratio of neighbouring runs, so a machine that speeds up half-way does not
    make a speed-up out of it; every timing goes to bench.json."""
    from rnn_lecture.bench import _means, _median_ratio, _paired, _runs_json, _samples

    order: list[str] = []

    def run(name, t):
        return lambda: order.append(name) or (t.pop(0), t[0] if t else 1.0, [name])

    runs1, runs2 = _paired(run("1", [40.0, 36.0, 99.0]), run("2", [25.0, 23.0, 20.0]), 3,
                           first=(44.0, 1.0, []))
    assert order == ["2", "1", "2", "1", "2"]
    assert [r[0] for r in runs1] == [44.0, 40.0, 36.0] and len(runs2) == 3
    # a machine speeding up: neighbours 44/25 1.76, 40/25 1.6, 40/23 1.74, 36/23 1.57,
    # 36/20 1.8 -> 40/23; the best of each would give 36/20, the last and fastest pair
    assert _median_ratio(runs1, runs2) == 40.0 / 23.0
    assert _median_ratio(runs1, runs2, after=True) == 23.0 / 40.0
    assert _means(runs1, runs2)[0] == 40.0 and _means(runs1, runs2)[2] == 68.0 / 3
    assert _samples(runs2) == "25.0/23.0/20.0 s"
    assert _runs_json(runs1, runs2)["jobs2_seconds"] == [25.0, 23.0, 20.0]
    runs1, runs2 = _paired(run("1", [30.0]), run("2", [20.0]), 1)
    assert order[-2:] == ["1", "2"] and _median_ratio(runs1, runs2) == 1.5


def test_the_bench_times_only_what_the_command_renders():
    """Each timing is one ``rnn-lecture render`` of sections at their defaults: a job with
    other parameters, or jobs of two qualities in one run, could not be timed so."""
    from rnn_lecture.bench import BenchError, _timed
    from rnn_lecture.render import Job
    from scenes.registry import get

    sid = "lstm-06-gru"
    params = get(sid).resolve()
    with pytest.raises(BenchError, match="default parameters"):
        _timed([Job(sid, {**params, "x": params["x"] / 2}, "low", "zh", "m")], 1, True)
    with pytest.raises(BenchError, match="one quality"):
        _timed([Job(sid, params, "low", "zh", "m"), Job(sid, params, "high", "zh", "m")], 1,
               True)


@pytest.mark.render
@pytest.mark.slow
def test_a_tiny_bench_run_prints_and_writes_every_figure(tmp_path):
    """One real bench of one cheap section at low (no high, no cluster, one repeat), run at
    umask 077 as a command: every figure is printed beside its target and written to
    bench.json with it; the efficiency is each run's bound over its wall time; the baseline
    rendered the same section in a folder of its own; every beat was previewed; what it wrote
    is 0644 / 0755. Whether a target is met is the bench's business, not this test's."""
    import stat

    from scenes.registry import get

    sid = "lstm-06-gru"
    out = tmp_path / "bench"
    done = subprocess.run([sys.executable, "-m", "rnn_lecture.cli", "bench", "--out", str(out),
                           "--sections", sid, "--no-high", "--no-cluster", "--repeat", "1"],
                          capture_output=True, text=True, timeout=1800,
                          preexec_fn=lambda: os.umask(0o077))
    assert done.returncode == 0, done.stderr
    said = done.stdout
    for phrase in ("scheduler efficiency (bound / wall, median of 1):",
                   "(target >= 0.95)", "cannot end before",
                   "this pipeline against the baseline 95dd2fe", "(target <= 0.85x)",
                   "[preview] slowest of 3 beats at low", "(target < 5.0 s)",
                   "no section's ratio worse than the baseline's"):
        assert phrase in said, (phrase, said)
    data = json.loads((out / "bench.json").read_text())
    assert "baseline_error" not in data and data["baseline"] == "95dd2fe"
    figs = data["figures"]
    n = data["cores"]
    for name in ("section_efficiency", "lecture_efficiency"):
        f = figs[name]
        assert f["target"] == ">= 0.95" and isinstance(f["met"], bool) and f["cores"] == n
        (run,) = f["runs"]
        bound = max(run["cpu_seconds"] / n, run["longest_beat"][2])
        assert abs(run["bound_seconds"] - bound) < 0.06
        assert abs(f["value"] - run["bound_seconds"] / run["seconds"]) < 0.01
        assert run["longest_beat"][0] == sid and run["longest_beat"][1] in get(sid).scene_class(
            ).BEATS
        assert abs(f["bound_speedup"] * f["value"] - f["speedup"]) < 0.01
    f = figs["lecture_jobs1_vs_baseline"]
    assert f["target"] == "<= 0.85" and len(f["ours_seconds"]) == len(f["baseline_seconds"]) == 1
    assert abs(f["value"] - f["ours_seconds"][0] / f["baseline_seconds"][0]) < 0.01
    assert "vs_baseline" in data["sections"][sid]["low"]
    assert (out / "baseline" / "media" / "low" / "zh" / sid / "render.json").is_file()
    p = figs["preview"]
    beats = list(get(sid).scene_class().BEATS)
    assert sorted(r["beat"] for r in p["rows"]) == sorted(beats) and p["target"] == "< 5.0"
    assert p["value"] == max(r["seconds"] for r in p["rows"])
    for i, b in enumerate(beats):
        assert (out / "media" / "low" / "zh" / "previews" / sid / f"{i:02d}_{b}.mp4").is_file()
    assert "section_jobs2_speedup" not in figs and "lecture_jobs2_speedup" not in figs
    for path in [out, *out.rglob("*")]:
        if path.is_symlink() or "tex" in path.relative_to(out).parts[:3]:
            continue      # the LaTeX cache is Manim's and LaTeX's, not ours
        mode = stat.S_IMODE(path.lstat().st_mode)
        assert mode in ((0o755,) if path.is_dir() else (0o644, 0o755)), (path, oct(mode))
