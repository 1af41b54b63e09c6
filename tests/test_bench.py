"""scripts/bench in any clone: the reference explainer ships with the package."""

from __future__ import annotations

import subprocess
import sys


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
