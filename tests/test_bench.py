"""scripts/bench in any clone: the reference explainer ships with the package."""

from __future__ import annotations

import subprocess
import sys

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
    from rnn_lecture.bench import TARGETS, _verdict

    assert _verdict("low_ratio", 0.39) == {"value": 0.39, "target": "<= 0.4", "met": True}
    assert not _verdict("low_ratio", 0.41)["met"]
    assert _verdict("section_jobs2_speedup", 1.7)["met"]
    assert not _verdict("lecture_jobs2_speedup", 1.79)["met"]
    assert not _verdict("up_to_date_seconds", 2.0)["met"]
    assert _verdict("cluster_vs_jobs2", 1.15)["met"]
    assert set(TARGETS) == {"low_ratio", "high_ratio", "section_jobs2_speedup",
                            "lecture_jobs2_speedup", "up_to_date_seconds", "cluster_vs_jobs2"}


@pytest.mark.render
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
    assert _timed.cpu - mine > 5            # the workers' CPU is counted, not only this process
    idle = idle_seconds(trace, 2, wall)
    assert 0 <= idle < 2 * wall
    assert idle_seconds([{"start": 0, "end": 4}, {"start": 1, "end": 3}], 2, 5) == 4


def test_the_bench_says_why_a_speed_up_is_what_it_is():
    """The cores-busy lines: CPU seconds of each run, and the best two cores could do with the
    work --jobs 2 did; the cluster line: the same jobs' seconds on local workers and on the
    cluster's, and the cluster's idle worker-seconds."""
    from rnn_lecture.bench import _compare_jobs, _cores

    said: list[str] = []
    trace = [{"start": 0.0, "end": 30.0}, {"start": 0.0, "end": 34.0}]
    c = _cores(said.append, 60.0, 66.0, 36.0, 70.0, trace)
    assert c == {"jobs1_cores_busy": 1.1, "jobs2_cores_busy": 1.944, "jobs1_cpu_seconds": 66.0,
                 "jobs2_cpu_seconds": 70.0, "jobs2_bound_speedup": 1.714,
                 "jobs2_idle_worker_seconds": 8.0}
    assert "at most 1.71x" in said[-1] and "1.10 cores" in said[-1]
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
