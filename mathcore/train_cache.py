"""Trained results on disk, keyed by what trained them.

A section that shows a model which really learned (word2vec, an encoder–decoder) trains it in
numpy here, once: the arrays training returns are kept in ``$RNN_LECTURE_TRAIN_DIR`` under a
key over the training's name, its inputs (every parameter and seed), the source of the modules
that train, and numpy's version, so a render, ``script`` or ``values`` call loads them instead of
training again, and a changed parameter or a changed line of training code trains anew.

- Without ``$RNN_LECTURE_TRAIN_DIR`` results are kept for the process only (library use).
  ``render`` points it at ``<out>/train``; ``script``/``values``/``still`` at
  ``$XDG_CACHE_HOME/rnn-lecture/train``; the tests at one folder per test session.
- A cold cache trains once per key even when several processes ask at once (a lock file per
  key; the others wait and load), and says so on stderr with a progress line per stage, the
  line a render log shows.
- Files are written whole to a new temporary name (``O_EXCL``, never through a planted link)
  and renamed into place, 0644 in a 0755 folder whatever the umask; the folder itself must not
  be a symbolic link.
- :func:`train_fresh` trains without reading or writing the cache: the test that a cold
  cache's result is reproduced bit for bit compares the two.
- A trainer named as ``"module:function"`` (what the lecture's models use) runs in a child
  process with a fixed numeric environment (:data:`NUMERIC_ENV`), so a model trained on one
  x86-64 machine is the one trained on any other. Training is chaotic: the last bit of one
  product, summed another way, moves the weights after a few hundred steps. Three layers pick
  their code by the CPU a process starts on, and each changed the trained weights here (one
  AMD EPYC, AVX2, no AVX-512): OpenBLAS's kernel (Haswell against Sandybridge), numpy's
  dispatched loops (X86_V3 against the X86_V2 baseline) and glibc's libm variants (FMA
  against SSE2). The previous machine's models (AVX-512 kernels) gave other figures than
  this one's, so the lecture's trained figures depended on the machine that rendered it.
  A trainer given as a callable runs in this process, as before (toys and tests).
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import platform
import secrets
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Callable, Iterable, Mapping

import numpy as np

ENV = "RNN_LECTURE_TRAIN_DIR"
_MEMO: dict[str, dict[str, np.ndarray]] = {}

Progress = Callable[[str], None]
Trainer = Callable[[Progress], Mapping[str, np.ndarray]]

#: The environment a named trainer's child process starts in, on x86-64: one OpenBLAS kernel
#: (Haswell: AVX2, which every x86-64 server of the last ten years has) on one thread, numpy's
#: loops at its build's baseline only (X86_V2), and glibc's SSE2 variants of exp, log, tanh...
#: (its FMA and AVX ones masked). On another architecture the child starts as its parent would.
NUMERIC_ENV = {
    "OPENBLAS_CORETYPE": "Haswell",
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "NPY_ENABLE_CPU_FEATURES": "X86_V2",
    "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX,-AVX2,-FMA,-FMA4,-AVX512F",
}


def numeric_env() -> dict[str, str]:
    """The environment of a named trainer's child: this process's, with :data:`NUMERIC_ENV`
    on x86-64."""
    env = dict(os.environ)
    if platform.machine().lower() in ("x86_64", "amd64"):
        own = env.get("GLIBC_TUNABLES")        # the caller's other tunables are kept
        env.update(NUMERIC_ENV)
        if own:
            env["GLIBC_TUNABLES"] = ":".join(
                [t for t in own.split(":") if not t.startswith("glibc.cpu.hwcaps=")]
                + [NUMERIC_ENV["GLIBC_TUNABLES"]])
    return env


def _resolve(target: str) -> Callable:
    import importlib

    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function)


def _in_child(name: str, target: str, inputs: Mapping) -> dict[str, np.ndarray]:
    """Run ``target(inputs, say)`` in a child process started in :func:`numeric_env` and
    return its arrays (sent back as an ``.npz`` on its stdout; its progress lines go to this
    process's stderr). The child ends when this process does (``PR_SET_PDEATHSIG``)."""
    job = json.dumps({"name": name, "target": target, "inputs": inputs, "parent": os.getpid()},
                     sort_keys=True, default=str)
    root = str(Path(__file__).resolve().parents[1])
    env = numeric_env()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    done = subprocess.run([sys.executable, "-m", "mathcore.train_cache"], input=job.encode(),
                          stdout=subprocess.PIPE, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"train {name}: the training process ended with code "
                           f"{done.returncode} (its messages are above)")
    with np.load(io.BytesIO(done.stdout), allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def _child_main() -> None:
    """``python -m mathcore.train_cache``: one job (JSON on stdin) to an ``.npz`` on stdout."""
    job = json.loads(sys.stdin.buffer.read())
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)      # PR_SET_PDEATHSIG
        if os.getppid() != job["parent"]:               # the parent died before that
            sys.exit(1)
    arrays = _resolve(job["target"])(job["inputs"], _progress(job["name"]))
    sys.stdout.buffer.write(_npz(arrays))
    sys.stdout.buffer.flush()


def _run(name: str, train, inputs: Mapping) -> Mapping[str, np.ndarray]:
    if isinstance(train, str):
        return _in_child(name, train, inputs)
    return train(_progress(name))


def _source(module: str) -> bytes:
    import importlib.util

    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:  # pragma: no cover - a typo in a caller
        raise ValueError(f"train_cache: no module {module!r}")
    return Path(spec.origin).read_bytes()


def key(name: str, inputs: Mapping, code: Iterable[str]) -> str:
    """The cache key: sha256 over ``name``, ``inputs`` (JSON, sorted), each module's source and
    numpy's version; 20 hex digits."""
    h = hashlib.sha256()
    h.update(json.dumps({"name": name, "inputs": inputs}, sort_keys=True, default=str).encode())
    for m in sorted(set(code) | {__name__}):
        h.update(m.encode() + b"\0" + _source(m))
    h.update(np.__version__.encode())
    return h.hexdigest()[:20]


def _progress(name: str) -> Progress:
    start = time.monotonic()

    def say(msg: str) -> None:
        print(f"train {name}: {msg} ({time.monotonic() - start:.1f} s)", file=sys.stderr,
              flush=True)
    return say


def _folder() -> Path | None:
    where = os.environ.get(ENV)
    if not where:
        return None
    d = Path(where)
    if d.is_symlink():
        raise OSError(f"{ENV}={where} is a symbolic link; the training cache will not write through it")
    if not d.is_dir():
        d.mkdir(parents=True, exist_ok=True)
        os.chmod(d, 0o755)
    return d


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o644)
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _npz(arrays: Mapping[str, np.ndarray]) -> bytes:
    """An ``.npz`` with fixed member dates, so identical arrays give identical bytes
    (``np.savez`` stamps the current time)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for k in sorted(arrays):
            member = io.BytesIO()
            np.lib.format.write_array(member, np.ascontiguousarray(arrays[k]), allow_pickle=False)
            z.writestr(zipfile.ZipInfo(f"{k}.npy", date_time=(1980, 1, 1, 0, 0, 0)), member.getvalue())
    return buf.getvalue()


def _load(path: Path) -> dict[str, np.ndarray] | None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    except (OSError, ValueError):  # a torn or foreign file: train again
        return None


def _freeze(arrays: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    out = {}
    for k, v in arrays.items():
        a = np.array(v)  # a copy the caller cannot change behind the cache's back
        a.setflags(write=False)
        out[k] = a
    return out


def train_fresh(name: str, train: Trainer | str, inputs: Mapping | None = None
                ) -> dict[str, np.ndarray]:
    """Train without the cache (the reproducibility test's side); ``train`` as in
    :func:`cached`."""
    return _freeze(_run(name, train, inputs or {}))


def cached(name: str, inputs: Mapping, code: Iterable[str], train: Trainer | str
           ) -> dict[str, np.ndarray]:
    """The arrays ``train(progress)`` returns for these inputs, trained at most once per key.

    Parameters
    ----------
    name : str
        What is trained (``"word2vec"``); the file's prefix and the progress lines' label.
    inputs : mapping
        Everything the result depends on besides code: parameters, seeds, data names (JSON).
    code : iterable of str
        Module names whose source trains (the key covers their bytes).
    train : str or callable
        ``"module:function"``: ``function(inputs, progress) -> {name: ndarray}``, run in a
        child process in :func:`numeric_env` (the same weights on every x86-64 machine); or
        ``train(progress) -> {name: ndarray}``, run in this process. ``progress(str)`` prints
        one line.

    Returns
    -------
    dict of str to read-only ndarray
    """
    code = list(code)
    k = f"{name}-{key(name, inputs, code)}"
    if k in _MEMO:
        return _MEMO[k]
    folder = _folder()
    if folder is None:
        _MEMO[k] = train_fresh(name, train, inputs)
        return _MEMO[k]
    path = folder / f"{k}.npz"
    got = _load(path)
    if got is None:
        lock = folder / f"{k}.lock"
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            os.fchmod(fd, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
            got = _load(path)  # another process may have trained it while we waited
            if got is None:
                say = _progress(name)
                say("cold cache, training once")
                got = dict(_run(name, train, inputs))
                _write(path, _npz(got))
                say(f"cached as {path.name}")
        finally:
            os.close(fd)
    _MEMO[k] = _freeze(got)
    return _MEMO[k]


if __name__ == "__main__":
    _child_main()
