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


SMALL = dict(attention=True, hidden=16, epochs=2, seed=1, min_len=3, max_len=12, batch=8,
             batches_per_epoch=10, lr=0.01, clip=5.0)

HASH = textwrap.dedent("""
    import hashlib, sys, json, numpy as np
    from mathcore import train_cache as tc
    from mathcore.prehistory import translate as T
    inputs = json.loads(sys.argv[2])
    if sys.argv[1] == "child":
        a = tc.train_fresh("small", "mathcore.prehistory.translate:_train_from", inputs)
    else:
        a = T._train_from(inputs, lambda s: None)
    h = hashlib.sha256()
    for k in sorted(a):
        h.update(np.ascontiguousarray(a[k]).tobytes())
    print(h.hexdigest())
""")


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the numeric environment is x86-64's")
def test_a_named_trainer_gives_the_same_weights_whatever_the_cpu_code_its_caller_started_with():
    """Trained in the caller's process, a small encoder-decoder's weights change with the
    OpenBLAS kernel the process started with (the control); trained through the cache's child
    (``NUMERIC_ENV``), they are the same bytes from a caller started with either kernel or
    with numpy's baseline loops only, as they would be on another x86-64 CPU."""
    import json

    def weights(where, **env):
        r = subprocess.run([sys.executable, "-c", HASH, where, json.dumps(SMALL)],
                           env={**os.environ, **env}, capture_output=True, text=True,
                           cwd=Path(__file__).parents[1])
        assert r.returncode == 0, r.stderr[-2000:]
        return r.stdout.strip()

    here = {weights("here", OPENBLAS_CORETYPE=c) for c in ("Haswell", "Sandybridge")}
    assert len(here) == 2          # the control: the kernel alone moves the weights
    child = {weights("child", OPENBLAS_CORETYPE="Sandybridge"),
             weights("child", OPENBLAS_CORETYPE="Haswell", NPY_ENABLE_CPU_FEATURES="X86_V2"),
             weights("child", GLIBC_TUNABLES="glibc.cpu.hwcaps=-AVX2")}
    assert len(child) == 1 and not child & here


def test_a_named_trainer_runs_in_a_child_in_the_numeric_environment(tmp_path, monkeypatch):
    (tmp_path / "toy_trainer.py").write_text(textwrap.dedent("""
        import os, numpy as np
        def train(inputs, say):
            say("epoch 1/1")
            return {"env": np.array([os.environ.get(k, "") for k in sorted(inputs["keys"])]),
                    "pid": np.array(os.getpid()), "x": np.arange(inputs["n"], dtype=float)}
    """))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setenv(tc.ENV, str(tmp_path / "train"))
    tc._MEMO.clear()
    keys = sorted(tc.NUMERIC_ENV)
    got = tc.cached("toy-child", {"keys": keys, "n": 3}, [], "toy_trainer:train")
    assert list(got["env"]) == [tc.NUMERIC_ENV[k] for k in keys]
    assert got["pid"].item() != os.getpid() and list(got["x"]) == [0.0, 1.0, 2.0]
    assert not got["x"].flags.writeable
    (f,) = (tmp_path / "train").glob("toy-child-*.npz")
    assert f.stat().st_mode & 0o777 == 0o644


def test_a_failing_trainer_is_one_error_naming_it(tmp_path, monkeypatch):
    (tmp_path / "bad_trainer.py").write_text("def train(inputs, say):\n    raise SystemExit(3)\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.delenv(tc.ENV, raising=False)
    tc._MEMO.clear()
    with pytest.raises(RuntimeError, match="train bad: the training process ended with code 3"):
        tc.cached("bad", {}, [], "bad_trainer:train")


def test_the_callers_other_glibc_tunables_are_kept(monkeypatch):
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.check=0:glibc.cpu.hwcaps=-SSE2")
    env = tc.numeric_env()
    if os.uname().machine == "x86_64":
        assert env["GLIBC_TUNABLES"] == "glibc.malloc.check=0:" + tc.NUMERIC_ENV["GLIBC_TUNABLES"]
        assert all(env[k] == v for k, v in tc.NUMERIC_ENV.items() if k != "GLIBC_TUNABLES")
