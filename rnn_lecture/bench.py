"""Render-speed benchmark: seconds of rendering per second of video, as ratios.

Every figure is relative to the reference explainer (``reference_explainer.py`` beside this
module, a byte-for-byte copy of ``shared/bench/reference_explainer.py`` kept in the package so
the bench runs in any clone) rendered in the same run at the same quality, so numbers from
different machines and days can be compared. All timings are
taken with a warm LaTeX cache (ours and the reference's alike).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .render import Job, _video_duration, render

REFERENCE = Path(__file__).with_name("reference_explainer.py")


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


def _timed(jobs, n_jobs, force):
    t0 = time.perf_counter()
    entries = render(jobs, n_jobs=n_jobs, force=force, echo=lambda *_: None)
    return time.perf_counter() - t0, entries


def run_bench(out: str, section_ids: list[str], high: bool = True, echo=print) -> dict:
    """Measure and print ratios; write ``out/bench.json``."""
    if not REFERENCE.is_file():
        raise BenchError(f"reference explainer missing: {REFERENCE} (restore it from git)")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    result: dict = {"sections": {}, "qualities": {}}
    low_jobs = [Job(s, _defaults(s), "low", "zh", str(outp / "media")) for s in section_ids]
    echo("warming the LaTeX cache (untimed render of every section)")
    _timed(low_jobs, 2, True)
    with tempfile.TemporaryDirectory() as tmp:
        for quality in (["low", "high"] if high else ["low"]):
            ref = reference_seconds_per_second(quality, Path(tmp))
            result["qualities"][quality] = {"reference_s_per_s": round(ref, 3)}
            echo(f"[{quality}] reference explainer: {ref:.2f} s per video second")
            for sid in section_ids:
                job = Job(sid, _defaults(sid), quality, "zh", str(outp / "media"))
                secs, (entry,) = _timed([job], 1, True)
                sps = secs / entry["duration"]
                ratio = sps / ref
                result["sections"].setdefault(sid, {})[quality] = {
                    "s_per_s": round(sps, 3), "ratio_to_reference": round(ratio, 3)}
                echo(f"[{quality}] {sid}: {sps:.2f} s per video second = "
                     f"{ratio:.2f}x the reference")
    t1, _ = _timed(low_jobs, 1, True)
    t2, _ = _timed(low_jobs, 2, True)
    t3, _ = _timed(low_jobs, 1, False)
    result["jobs2_speedup"] = round(t1 / t2, 3)
    result["up_to_date_rerender_ratio"] = round(t3 / t1, 4)
    echo(f"--jobs 2 vs --jobs 1: {t1 / t2:.2f}x faster ({t1:.1f} s -> {t2:.1f} s)")
    echo(f"up-to-date re-render: {t3 / t1:.4f} of a full render ({t3:.2f} s)")
    (outp / "bench.json").write_text(json.dumps(result, indent=2) + "\n")
    echo(f"wrote {outp / 'bench.json'}")
    return result


def _defaults(section_id: str) -> dict:
    from scenes.registry import get

    return get(section_id).resolve()
