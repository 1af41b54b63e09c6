"""The training cache (mathcore.train_cache): one training per key even under concurrency,
a key that follows inputs and code, deterministic bytes, modes, and no writing through links."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from mathcore import train_cache as tc

TRAIN = textwrap.dedent("""
    import os, sys, time, numpy as np
    from mathcore import train_cache as tc
    def train(say):
        with open(os.environ["LOG"], "a") as f:
            f.write("trained\\n")
        time.sleep(0.5)
        say("epoch 1/1")
        return {"w": np.random.default_rng(int(sys.argv[1])).normal(size=(3, 4))}
    got = tc.cached("toy", {"seed": int(sys.argv[1])}, ["mathcore.train_cache"], train)
    print(float(got["w"].sum()))
""")


def _run(tmp_path, seed, n=1):
    env = {**os.environ, tc.ENV: str(tmp_path / "train"), "LOG": str(tmp_path / "log")}
    procs = [subprocess.Popen([sys.executable, "-c", TRAIN, str(seed)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=Path(__file__).parents[1]) for _ in range(n)]
    return [p.communicate() for p in procs]


def test_concurrent_processes_train_once_and_agree(tmp_path):
    outs = _run(tmp_path, 7, n=3)
    assert len({o for o, _ in outs}) == 1
    assert (tmp_path / "log").read_text().count("trained") == 1
    errs = "".join(e for _, e in outs)
    assert "train toy: cold cache, training once" in errs and "epoch 1/1" in errs
    _run(tmp_path, 7)                       # warm: loads, does not train
    assert (tmp_path / "log").read_text().count("trained") == 1
    _run(tmp_path, 8)                       # another input: trains
    assert (tmp_path / "log").read_text().count("trained") == 2


def test_files_are_public_and_identical_inputs_give_identical_bytes(tmp_path, monkeypatch):
    old = os.umask(0o077)
    try:
        for d in ("a", "b"):
            monkeypatch.setenv(tc.ENV, str(tmp_path / d))
            tc._MEMO.clear()
            tc.cached("toy", {"n": 1}, [], lambda say: {"x": np.arange(5.0), "k": np.int64(2)})
    finally:
        os.umask(old)
    (a,), (b,) = (list((tmp_path / d).glob("*.npz")) for d in ("a", "b"))
    assert a.read_bytes() == b.read_bytes()
    assert a.stat().st_mode & 0o777 == 0o644 and (tmp_path / "a").stat().st_mode & 0o777 == 0o755


def test_key_follows_inputs_and_code():
    k = tc.key("toy", {"seed": 1}, ["mathcore.scalar"])
    assert k == tc.key("toy", {"seed": 1}, ["mathcore.scalar"])
    assert k != tc.key("toy", {"seed": 2}, ["mathcore.scalar"])
    assert k != tc.key("toy", {"seed": 1}, ["mathcore.cells.rnn"])


def test_results_are_read_only_and_a_torn_file_retrains(tmp_path, monkeypatch):
    monkeypatch.setenv(tc.ENV, str(tmp_path))
    tc._MEMO.clear()
    got = tc.cached("toy", {}, [], lambda say: {"x": np.ones(3)})
    with pytest.raises(ValueError):
        got["x"][0] = 2
    (f,) = tmp_path.glob("*.npz")
    f.write_bytes(b"torn")
    tc._MEMO.clear()
    assert tc.cached("toy", {}, [], lambda say: {"x": np.ones(3)})["x"].sum() == 3


def test_a_linked_cache_folder_is_refused(tmp_path, monkeypatch):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    monkeypatch.setenv(tc.ENV, str(tmp_path / "link"))
    tc._MEMO.clear()
    with pytest.raises(OSError, match="symbolic link"):
        tc.cached("toy", {"z": 1}, [], lambda say: {"x": np.ones(1)})
    assert not list((tmp_path / "real").iterdir())


def test_the_cli_keeps_models_in_its_cache_folder_and_trains_once(tmp_path):
    """``values`` (like ``script``, ``still``, ``motion``) keeps a trained model under
    ``$XDG_CACHE_HOME/rnn-lecture/train``, set before the parameters are checked (checking
    computes the values): a second call loads it and prints no training line."""
    env = {k: v for k, v in os.environ.items() if k != tc.ENV}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    cli = [sys.executable, "-m", "rnn_lecture.cli", "values", "pre-06-word2vec",
           "--set", "epochs=1", "--set", "dim=4"]
    first = subprocess.run(cli, env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "train word2vec: cold cache, training once" in first.stderr
    assert first.stderr.count("cold cache") == 1        # checked and printed: one training
    assert list((tmp_path / "rnn-lecture" / "train").glob("word2vec-*.npz"))
    second = subprocess.run(cli, env=env, capture_output=True, text=True)
    assert second.returncode == 0 and "train word2vec" not in second.stderr
    assert second.stdout == first.stdout
