"""Disk room, a service of the run: will the outputs fit, and is a failure for want of space?

Before anything renders, the room a run needs is estimated from the sizes of earlier renders
(the manifests), else from a per-second rate per quality, and compared with the free space
(:func:`check_room`, :class:`NoRoom`). The same estimates tell a section's failure report how
much it needed (:mod:`.failures`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .job import DEFAULT_SECONDS, LANGS, QUALITIES, Job, manifest_path
from .publish import _with_timing

# Space estimate without history: bytes of final output (video, clips, poster, captions) per
# second of video. Low is measured (the primer's sections came to 19-37 kB/s at low quality);
# the others scale it by pixel rate with room to spare. Real sizes from the manifests win.
BYTES_PER_SECOND = {"low": 64_000, "medium": 300_000, "high": 1_200_000, "4k": 4_800_000}
BUILD_FACTOR = 2.0          # while built, a section's work folder holds about its size again
MARGIN = 2_000_000          # logs, manifests, LaTeX cache
LOW_WATER = 1_000_000       # a section that fails with less free than this failed for room


class NoRoom(Exception):
    """The output folder's file system has less free space than the run needs (one line)."""


def free_bytes(path: str | Path) -> int:
    """Free bytes for an unprivileged user on the file system that holds (or will hold) path."""
    p = Path(path).absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    st = os.statvfs(p)
    return st.f_bavail * st.f_frsize


def _history(out: str) -> list[dict]:
    entries = []
    for q in QUALITIES:
        for lang in LANGS:
            try:
                data = json.loads(manifest_path(out, q, lang).read_text())
                entries += [_with_timing(out, e) for e in data.get("sections", [])
                            if isinstance(e, dict)]
            except (OSError, ValueError, AttributeError):
                pass
    return entries


def estimate_bytes(job: Job, history: list[dict]) -> int:
    """Bytes a section's finished folder will take: its last size at this quality (this
    language first), else its length times this quality's bytes per second (measured from the
    manifests, else :data:`BYTES_PER_SECOND`)."""
    same = [e for e in history if e.get("section") == job.section
            and e.get("quality") == job.quality and isinstance(e.get("bytes"), int)]
    same.sort(key=lambda e: e.get("lang") != job.lang)
    if same:
        return same[0]["bytes"]
    sized = [e for e in history if e.get("quality") == job.quality
             and isinstance(e.get("bytes"), int) and e.get("duration")]
    rate = (sum(e["bytes"] for e in sized) / sum(e["duration"] for e in sized) if sized
            else BYTES_PER_SECOND[job.quality])
    durations = [e["duration"] for e in history
                 if e.get("section") == job.section and e.get("duration")]
    return int(rate * (max(durations) if durations else DEFAULT_SECONDS))


def room_needed(jobs: list[Job]) -> int:
    """Bytes the file system must have free to render ``jobs`` (with room to spare)."""
    histories: dict[str, list[dict]] = {}
    total = 0
    for job in jobs:
        h = histories.setdefault(job.out, _history(job.out))
        total += BUILD_FACTOR * estimate_bytes(job, h)
    return int(total * 1.1) + MARGIN


def human(n: float) -> str:
    return f"{n / 1e6:.1f} MB" if n < 1e9 else f"{n / 1e9:.2f} GB"


def check_room(jobs: list[Job]) -> None:
    """Raise :class:`NoRoom` (one line) if the output folder's file system is too full."""
    by_out: dict[str, list[Job]] = {}
    for job in jobs:
        by_out.setdefault(job.out, []).append(job)
    for out, js in by_out.items():
        need, free = room_needed(js), free_bytes(out)
        if free < need:
            qualities = "/".join(sorted({j.quality for j in js}))
            raise NoRoom(f"not enough room in {out}: {len(js)} section(s) at {qualities} quality "
                         f"need about {human(need)}, its file system has {human(free)} free; "
                         "free some space or choose another --out")
