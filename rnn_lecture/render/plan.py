"""Planning: a section's beats, what each is expected to cost, and how they are cut into runs.

- Each beat has a key (:func:`beat_key`): its fingerprint (what it draws) with the code,
  section, language and quality. A *plan* (:func:`plan_section`: the scene played without
  drawing a frame) gives every beat's fingerprint, start and length, so a section rendered
  before draws again only the beats whose key changed.
- Expected seconds: each beat's length (from the last render's clips, :func:`expected_seconds`)
  times its seconds of drawing per second of video when last drawn (:func:`beat_rates`,
  :func:`render_rate`).
- The cut (:func:`run_cost`, :func:`cut_runs`): which beats one worker draws in one job (it
  replays the beats before its first, at :data:`REPLAY_COST` of drawing them), so that the run
  ends soonest given when each worker is next free.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from scenes.pieces import parse_piece, piece
from scenes.tex_cache import share_tex_cache

from .job import DEFAULT_SECONDS, Job, make_voice, manim_config, tex_dir_for

REPLAY_COST = 0.2     # replaying a beat without drawing, as a share of drawing it (measured
#                       at low quality: 0.1-0.25; less at higher qualities)



def beat_key(job: Job, code: str, beat: str, fingerprint: str) -> str:
    """Up-to-date key of one beat: what it draws (its fingerprint), how (quality, language)
    and with which code. Parameters enter through the fingerprint only, so a change that leaves
    a beat's drawing alone leaves its key alone."""
    fields = {"section": job.section, "beat": beat, "fingerprint": fingerprint,
              "quality": job.quality, "lang": job.lang, "code": code}
    if job.voice != "none":     # a voiced clip has an audio track (its lines' ids: the fingerprint)
        fields["voiced"] = True
    blob = json.dumps(fields, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()


def plan_section(job: Job) -> dict:
    """Play a section without drawing a frame: ``{"beats", "fingerprints", "starts",
    "durations"}``.

    ``starts`` and ``durations`` are each beat's start in the section and length, in seconds,
    as a render would draw them.
    """
    from manim import tempconfig

    from scenes.registry import get

    tex_dir = tex_dir_for(job)
    tex_dir.mkdir(parents=True, exist_ok=True)
    share_tex_cache(tex_dir)
    import tempfile
    media = Path(tempfile.mkdtemp(prefix="rnn-lecture-plan-"))
    try:
        with tempconfig(manim_config(job, media, tex_dir)):
            scene = get(job.section).scene_class()(params=job.params, lang=job.lang,
                                                   only_beat="", voice=make_voice(job))
            scene.render()
            beats = list(scene.BEATS)
            starts = [scene.beat_start[b] for b in beats] + [scene.renderer.time]
    finally:
        shutil.rmtree(media, ignore_errors=True)
    return {"beats": beats, "fingerprints": dict(scene.fingerprints),
            "starts": {b: starts[i] for i, b in enumerate(beats)},
            "durations": {b: round(starts[i + 1] - starts[i], 3) for i, b in enumerate(beats)}}

def expected_seconds(job: Job, history: list[dict]) -> dict[str, float]:
    """Expected length of each beat of a section (seconds of video): from the last render of the
    section at any quality and language (its clips), else the section's length spread evenly,
    else :data:`DEFAULT_SECONDS`."""
    from scenes.registry import get

    beats = list(get(job.section).scene_class().BEATS)
    same = [e for e in history if e.get("section") == job.section]
    same.sort(key=lambda e: (e.get("lang") != job.lang, e.get("quality") != job.quality))
    for e in same:
        clips = {c.get("beat"): c.get("duration") for c in e.get("clips", [])
                 if isinstance(c, dict)}
        if all(isinstance(clips.get(b), (int, float)) for b in beats):
            return {b: float(clips[b]) for b in beats}
    total = next((float(e["duration"]) for e in same if e.get("duration")), DEFAULT_SECONDS)
    return {b: total / len(beats) for b in beats}


def _timed_beats(job: Job, history: list[dict]) -> list[dict]:
    """The beats, with their drawing seconds, of the section's last render whose beats were
    drawn at this quality (this language first); [] if it never was."""
    same = [e for e in history if e.get("section") == job.section
            and e.get("quality") == job.quality]
    same.sort(key=lambda e: e.get("lang") != job.lang)
    for e in same:
        timed = [b for b in e.get("beats", []) if isinstance(b, dict)
                 and isinstance(b.get("render_seconds"), (int, float))
                 and isinstance(b.get("duration"), (int, float)) and b["duration"] > 0]
        if timed:
            return timed
    return []


def render_rate(job: Job, history: list[dict]) -> float | None:
    """Seconds of drawing per second of video the section took when its beats were last drawn
    at this quality (this language first), or None if it never was."""
    timed = _timed_beats(job, history)
    if not timed:
        return None
    return sum(b["render_seconds"] for b in timed) / sum(b["duration"] for b in timed)


def beat_rates(job: Job, history: list[dict]) -> dict[str, float]:
    """Each beat's seconds of drawing per second of its video in that render (each beat is
    timed by itself: a sweep costs more per second than a hold); {} if it never was."""
    return {b["beat"]: b["render_seconds"] / b["duration"] for b in _timed_beats(job, history)
            if isinstance(b.get("beat"), str)}


def run_cost(order, expected: dict, beats: tuple) -> float:
    """Expected seconds of a job drawing ``beats`` (in ``order``, a section's beats and pieces
    of beats; empty: ``beats`` themselves): each one's drawing (``expected``), and
    :data:`REPLAY_COST` of drawing for each before or between them that it replays, and for
    the rest of a beat after the last one when that is a piece (the job plays the beat to its
    end)."""
    order = list(order) or list(beats)
    last = max(order.index(b) for b in beats)
    beat = parse_piece(order[last])[0]
    rest = [u for u in order[last + 1:] if parse_piece(u)[0] == beat]
    return sum(max(expected.get(b, 0.0), 1e-3) * (1.0 if b in beats else REPLAY_COST)
               for b in [*order[:last + 1], *rest])


#: A beat is cut into pieces (:func:`cut_beats`) only when its pieces would each cost at least
#: this many seconds of drawing: a piece replays the rest of its beat and starts a process.
PIECE_SECONDS = 4.0


def cut_beats(order, expected: dict, lengths: dict, todo: list[str],
              n_jobs: int) -> tuple[list[str], dict]:
    """``todo``'s beats with the long ones cut into pieces (:func:`scenes.pieces.piece`), and
    each piece's expected seconds (a beat's shared evenly among its pieces).

    The grain is a quarter of what a worker would draw of ``todo`` shared evenly among
    ``n_jobs``, and at least :data:`PIECE_SECONDS`; a beat of two grains or more is cut into as
    many pieces as whole grains it holds, each an even share of the beat's ``lengths`` (seconds
    of video; the last to the beat's end). Then no one beat keeps a worker drawing long after
    the others are done, which is what bounded a section with one or two long beats (pre-10's
    recap). The scheduler uses the pieces only where they end the section sooner."""
    todo = sorted(todo, key=list(order).index)
    grain = max(PIECE_SECONDS, sum(expected.get(b, 0.0) for b in todo) / max(n_jobs, 1) / 4)
    units, costs = [], {}
    for b in todo:
        n = int(expected.get(b, 0.0) // grain)
        length = lengths.get(b) or 0.0
        if n < 2 or length <= 0:
            units.append(b)
            continue
        for k in range(n):
            u = piece(b, k, round(length * k / n, 3), None if k == n - 1 else
                      round(length * (k + 1) / n, 3))
            units.append(u)
            costs[u] = expected[b] / n
    return units, costs


def cut_runs(order, expected: dict, todo: list[str], slots: list[float],
             queued: float) -> list[tuple]:
    """The beats ``todo`` of a section (its beats in ``order``, ``expected`` seconds each) as
    jobs: runs of beats drawn in one process each. ``slots``: when each worker is next free
    (seconds from now, soonest first); ``queued``: the seconds of drawing queued besides.

    A job replays the beats before its first one without drawing, which costs about
    :data:`REPLAY_COST` of drawing them, and starts a process: so a section is cut only
    where that makes the run end sooner. Its beats stay one run if they fit on the worker
    free first before all the work left could end on evenly loaded workers (a lecture's
    sections mostly stay whole). Else they are cut for the earliest end at which the runs
    fit on the workers, the first on the worker free first, the next on the next one, and
    the work queued besides fits in the room they leave: one section alone is cut in
    ``--jobs`` even runs, and the last section of a lecture in a long run for the idle
    worker and a short one for the worker about to finish."""
    order = list(order)
    todo = sorted(todo, key=order.index)

    def cost(beats) -> float:
        return run_cost(order, expected, tuple(beats))

    whole = cost(todo)
    if len(todo) == 1 or slots[0] + whole <= (sum(slots) + queued + whole) / len(slots):
        return [tuple(todo)]

    def cut(end):   # runs in order, each within the room its worker has before `end`
        room = [end - s for s in slots]
        runs, cur = [], []
        for b in todo:
            if cur and cost((*cur, b)) > room[min(len(runs), len(room) - 1)]:
                runs.append(cur)
                cur = []
            cur.append(b)
        return runs + [cur] if cur else runs

    def fits(end):
        runs = cut(end)
        spare = sum(end - s for s in slots) - sum(cost(r) for r in runs)
        return len(runs) <= len(slots) and spare >= queued

    lo, hi = 0.0, slots[-1] + whole + queued     # at `hi`, one run and room for the rest
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    return [tuple(r) for r in cut(hi)]
