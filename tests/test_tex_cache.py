"""Two processes sharing one LaTeX cache compile and parse the same formulas without a race."""

from __future__ import annotations

import subprocess
import sys

WORKER = r"""
import sys
from pathlib import Path
from manim import MathTex, tempconfig
from rnn_lecture.render import share_tex_cache
tex = Path(sys.argv[1])
with tempconfig({"tex_dir": str(tex), "verbosity": "ERROR"}):
    share_tex_cache(tex)
    for k in range(12):
        MathTex(rf"h_{{{k}}} = \tanh(W_h h_{{{k - 1}}} + W_x x_{{{k}}})")
print("ok")
"""


def test_parallel_jobs_share_the_tex_cache(tmp_path):
    tex = tmp_path / "tex"
    tex.mkdir()
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(tex)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, results):
        assert p.returncode == 0 and out.strip() == "ok", err[-2000:]
    assert len(list(tex.glob("*.svg"))) == 12
    assert not list(tex.glob("*_.svg")) and not list(tex.glob("*.dvi"))


ONE = r"""
import sys
from pathlib import Path
from manim import MathTex, tempconfig
from rnn_lecture.render import share_tex_cache
tex = Path(sys.argv[1])
with tempconfig({"tex_dir": str(tex), "verbosity": "ERROR"}):
    share_tex_cache(tex)
    MathTex(sys.argv[2])
print("ok")
"""


def test_formulas_typeset_in_parallel_one_lock_each(tmp_path):
    """A formula being typeset holds only its own lock: while a slow LaTeX (a stand-in that
    sleeps, then runs the real one) typesets one formula, another formula typesets at once,
    and a job that needs the slow one waits for it and then finds its SVG."""
    import os
    import shutil
    import time

    tex = tmp_path / "tex"
    tex.mkdir()
    slow = tmp_path / "bin"
    slow.mkdir()
    (slow / "latex").write_text(f"#!/bin/sh\nsleep 10\nexec {shutil.which('latex')} \"$@\"\n")
    (slow / "latex").chmod(0o755)
    busy, free = r"e^{i\pi} + 1 = 0", r"\sum_{k=1}^{n} k"

    def start(formula, env=None):
        return subprocess.Popen([sys.executable, "-c", ONE, str(tex), formula], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    t0 = time.monotonic()
    first = start(busy, {**os.environ, "PATH": f"{slow}{os.pathsep}{os.environ['PATH']}"})
    time.sleep(3)                      # python and manim started; its LaTeX is sleeping
    same = start(busy)
    other = start(free)
    out, err = other.communicate(timeout=300)
    assert other.returncode == 0 and out.strip() == "ok", err[-2000:]
    assert first.poll() is None and same.poll() is None, "the other formula waited"
    for p in (first, same):
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0 and out.strip() == "ok", err[-2000:]
    assert time.monotonic() - t0 > 10
    assert len(list(tex.glob("*.svg"))) == 2
    assert not list(tmp_path.glob(".typeset-*"))


def test_a_cold_section_is_typeset_up_front(tmp_path, monkeypatch):
    """On an empty cache, one pass finds every formula a section will ask for and typesets
    them together; the render after it typesets nothing more, and the next run skips the pass."""
    import os

    from rnn_lecture.render import needs_typesetting, plan_section, typeset_section
    from rnn_lecture.render import TEX_DIR_ENV, Job
    from scenes.registry import get

    tex = tmp_path / "tex"
    monkeypatch.setenv(TEX_DIR_ENV, str(tex))
    section = "lstm-06-gru"
    job = Job(section, get(section).resolve(), "low", "en", str(tmp_path / "media"))
    assert needs_typesetting(job)
    got = typeset_section(job, 2)
    assert got["complete"] and got["typeset"] == got["formulas"] >= 10, got
    before = sorted(os.listdir(tex))
    plan_section(job)                        # the section played, as a render plays it
    assert sorted(os.listdir(tex)) == before
    assert not needs_typesetting(job)
    assert not list(tmp_path.glob(".typeset-*"))
