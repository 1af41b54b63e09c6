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
