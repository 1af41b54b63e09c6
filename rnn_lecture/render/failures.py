"""Failure reports, a service of the run: what went wrong with a section, in one line.

An exception from a section's render (in a worker or on a cluster) is classified
(:func:`describe_failure`: no space, a file-size limit, LaTeX, the encoder, else the error
itself) and said as one line naming the cause (:func:`_cause`); a run with failed sections
ends with :class:`RenderFailed` after the others finished.
"""

from __future__ import annotations

import errno
import os
import signal
import traceback

from .job import Job
from .room import BUILD_FACTOR, LOW_WATER, _history, estimate_bytes, free_bytes, human

class RenderFailed(Exception):
    """Some sections failed; each was reported and the summary printed."""

    def __init__(self, failed: list[tuple[str, str]], summary: str):
        super().__init__(summary)
        self.failed = failed
        self.summary = summary

def _chain(e: BaseException):
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ or e.__context__


def describe_failure(e: BaseException) -> dict:
    """Classify an exception from a section's render: ``{"kind", "detail"}``."""
    for x in _chain(e):
        code = getattr(x, "errno", None)
        if code in (errno.ENOSPC, errno.EDQUOT) or "No space left on device" in str(x):
            return {"kind": "nospace", "detail": str(x)}
        if code == errno.EFBIG:
            return {"kind": "fsize", "detail": str(x)}
    first = (str(e).strip().splitlines() or [""])[0][:200]
    if getattr(e, "free_at_failure", LOW_WATER) < LOW_WATER:
        return {"kind": "nospace", "detail": f"{type(e).__name__}: {first}"}
    frames = traceback.extract_tb(e.__traceback__)
    if any(f.filename.endswith(os.path.join("utils", "tex_file_writing.py")) for f in frames) \
            or "latex" in first.lower():
        return {"kind": "latex", "detail": first}
    module = type(e).__module__
    name = type(e).__name__ if module == "builtins" else f"{module}.{type(e).__name__}"
    kind = "encoder" if module.startswith("av") else "error"
    return {"kind": kind, "detail": f"{name}: {first}" if first else name}


def _cause(job: Job, failure: dict) -> str:
    kind, detail = failure["kind"], failure.get("detail", "")
    if kind == "nospace":
        need = int(BUILD_FACTOR * estimate_bytes(job, _history(job.out)))
        return (f"no space left on device in {job.out} (about {human(need)} needed for this "
                f"section, {human(free_bytes(job.out))} free now)")
    if kind == "fsize":
        return "a file grew past this process's file-size limit (ulimit -f)"
    if kind == "latex":
        return f"LaTeX error: {detail}"
    if kind == "encoder":
        return f"video encoder error: {detail}"
    return detail

def _signal_name(n: int) -> str:
    try:
        return f"signal {n}, {signal.Signals(n).name}"
    except ValueError:
        return f"signal {n}"
