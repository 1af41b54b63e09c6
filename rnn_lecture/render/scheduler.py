"""The scheduler: every section of a run, from waiting for its lock to its folder swapped in.

:func:`render` is the run: it removes what dead runs left, skips what is up to date, checks
the room, and hands the rest to a :class:`_Scheduler`, which opens sections as their locks
come free (waiting, and saying so, for another run that holds one), queues each section's jobs
(a whole section; or a plan, typesetting up front, and runs of beats and of pieces of long
beats, :mod:`.plan`), starts them on an executor's workers longest first (:mod:`.executors`,
of which it knows only the interface), takes their results back (joining a beat's pieces
when its last is in), and assembles and publishes each section when its last beat is in
(:mod:`.assemble`, :mod:`.publish`). A section that fails ends with one line naming it and
its cause (:mod:`.failures`); the other sections go on; the run ends with a summary and
:class:`RenderFailed`. Ctrl-C or a bug stops every job and keeps nothing half-made.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from scenes.pieces import parse_piece

from .. import safefs
from .assemble import assemble_section
from .draw import join_pieces
from .executors import Executor, make_executor
from .failures import RenderFailed, _cause, describe_failure
from .job import (Job, _read_render_json, code_hash, is_up_to_date, job_key, log_path,
                  make_voice, section_dir)
from .locks import SectionLock
from .plan import (beat_key, beat_rates, cut_beats, cut_runs, expected_seconds, render_rate,
                   run_cost)
from .publish import (_readable, _remove_leftovers, _swap_in, _write_json, check_output_paths,
                      check_writable, remove_dead_leftovers, split_timing, update_manifest)
from .room import _history, check_room
from .typesetting import needs_typesetting

#: A section's long beats are drawn in pieces when that makes its runs end before this share
#: of when they would end with every beat whole.
PIECES_GAIN = 0.97


def render(jobs: list[Job], n_jobs: int = 1, force: bool = False, echo=print, echo_err=None,
           space_check: bool = True, split: bool = True, client=None,
           trace: list | None = None, executor: Executor | None = None) -> list[dict]:
    """Render ``jobs``, skipping those already up to date; ``n_jobs`` worker processes at once.

    With ``split`` (the default) a section's beats are separate jobs, scheduled over the workers
    longest first and joined without re-encoding; a section rendered before is planned first and
    only the beats whose drawing changed are drawn again. Without it each section renders in one
    process, as Manim alone would. With a Dask ``client`` (:mod:`.executors.cluster`) the
    plans and beats go to the cluster's workers, as many at once as it has threads; with an
    ``executor`` (:class:`.executors.base.Executor`), the jobs run there.

    Returns the manifest entries of every section rendered or up to date. If any section
    failed, raises :class:`RenderFailed` after every other section finished and the summary
    was printed. Raises :class:`NoRoom` before anything renders if the disk is too full.

    ``trace``, if a list, receives a record per job run (section, kind, beats, and its start
    and end in seconds from the run's start), for ``scripts/bench`` to show idle workers.
    """
    echo_err = echo_err or echo
    check_output_paths(jobs)
    with safefs.output_umask():   # outputs 0644 / 0755 whatever the umask (README)
        return _render(jobs, n_jobs, force, echo, echo_err, space_check, split, client, trace,
                       executor)


def _render(jobs, n_jobs, force, echo, echo_err, space_check, split, client, trace,
            executor=None):
    for where in dict.fromkeys((job.out, job.quality, job.lang) for job in jobs):
        remove_dead_leftovers(*where, echo=echo)
    code = code_hash()
    todo, results = [], []
    up_to_date = 0
    for job in jobs:
        key = job_key(job, code)
        if not force and is_up_to_date(job, key):
            results.append(_skip(job, echo))
            up_to_date += 1
        else:
            todo.append((job, key))
    for out in dict.fromkeys(job.out for job, _ in todo):
        check_writable(out)
    if space_check and todo:
        check_room([job for job, _ in todo])
    for place in dict.fromkeys((job.out, job.quality, job.lang) for job, _ in todo):
        if Path(place[0], place[1], place[2]).is_dir():   # a damaged manifest: rebuilt now
            update_manifest(*place, None, echo=echo_err)
    rendered, failed, skipped = (_Scheduler(todo, n_jobs, force, split, code, echo,
                                            echo_err, client, trace, executor).run()
                                 if todo else ([], [], []))
    results += rendered + skipped
    parts = [f"{len(rendered)} rendered"]
    if up_to_date + len(skipped):
        parts.append(f"{up_to_date + len(skipped)} up to date")
    if failed:
        parts.append(f"{len(failed)} failed ({', '.join(s for s, _ in failed)})")
    summary = "done: " + ", ".join(parts)
    if failed:
        logs = sorted({str(log_path(job).parent) for job, _ in todo})
        summary += f"; logs in {', '.join(logs)}; run the same command again to retry"
        echo_err(summary)
        raise RenderFailed(failed, summary)
    echo(summary)
    return results


def voice_summary(entry: dict) -> str:
    """``voice synth: -16.1 LUFS integrated, true peak -1.6 dBTP (as delivered: ...)`` for a
    voiced section's record ("" for a silent one)."""
    v = entry.get("voice")
    if not v:
        return ""
    loud = v.get("loudness") or {}
    if loud.get("lufs") is None:
        said = "silent (no line has audio)"
    else:
        said = (f"{loud['lufs']:.1f} LUFS integrated, true peak {loud['true_peak']:.1f} dBTP "
                "(measured on the MP4's and WebM's decoded audio)")
    return f"voice {v.get('source')}: {said}"


def _skip(job: Job, echo) -> dict:
    echo(f"{job.section}: up to date ({section_dir(job)}), skipped")
    meta = _read_render_json(section_dir(job))
    update_manifest(job.out, job.quality, job.lang, meta, echo=echo)
    return meta


@dataclass
class _Section:
    """A section of the run, from waiting for its lock to its folder swapped in."""

    job: Job
    key: str
    lock: SectionLock
    expected: dict
    told_waiting: bool = False
    work: Path | None = None
    prev: dict | None = None
    beats: tuple = ()
    records: dict | None = None
    running: int = 0
    failed: bool = False
    cpu_seconds: float = 0.0
    opened_at: float = 0.0
    after_typeset: list = field(default_factory=list)
    #: Seconds of video of each beat (the last render's, or the plan's).
    lengths: dict = field(default_factory=dict)
    #: What its jobs draw, in order (beats, and pieces of the beats cut in pieces), and the
    #: expected seconds of each piece; the pieces of each beat cut, and those drawn so far.
    order: list = field(default_factory=list)
    units: dict = field(default_factory=dict)
    cut: dict = field(default_factory=dict)
    pieces: dict = field(default_factory=dict)


@dataclass
class _Worker:
    """A job in flight: its executor's handle (a worker process, a future on a cluster)."""

    sec: _Section
    kind: str
    beats: tuple | None
    handle: object = None
    msg: tuple | None = None
    record: dict | None = None
    started: float = 0.0      # time.perf_counter() when it started
    expected: float = 0.0     # its expected seconds of drawing (beats and replay)


class _Scheduler:
    """An executor's workers over the jobs of every section of a run (see :func:`render`).

    It knows executors only through :class:`.executors.base.Executor`: ``executor``, else the
    one :func:`.executors.make_executor` gives for ``client`` (local worker processes without
    one, the Dask cluster with one)."""

    def __init__(self, todo, n_jobs, force, split, code, echo, echo_err, client=None,
                 trace=None, executor: Executor | None = None):
        self.trace, self.t0 = trace, time.perf_counter()
        # made now: local workers' fork server imports Manim (~2.5 s) while this process
        # does the same to read the sections' beats below, instead of after it
        self.executor = executor or make_executor(client, n_jobs)
        n_jobs = self.executor.slots(n_jobs)
        if not self.executor.runs_sections:
            split = True
        self.n_jobs, self.force, self.split, self.code = n_jobs, force, split, code
        self.echo, self.echo_err = echo, echo_err
        history: dict[str, list] = {}
        self.pending = []
        rates, per_beat = [], []
        for job, key in todo:
            h = history.setdefault(job.out, _history(job.out))
            lengths = expected_seconds(job, h)
            # the beats' own lengths only when a render of the section gave them (pieces are
            # windows of a beat's seconds; a guess could leave a piece empty)
            known = any(e.get("section") == job.section and e.get("clips") for e in h)
            self.pending.append(_Section(job, key, SectionLock(job), lengths,
                                         lengths=dict(lengths) if known else {}))
            rates.append(render_rate(job, h))
            per_beat.append(beat_rates(job, h))
        # Work is expected seconds of drawing: each beat's length times its rate when last
        # drawn at this quality (a beat not drawn then: its section's rate; sections never
        # drawn: the median rate of the others), so a slow section goes first and runs are
        # cut by time, not by length of video.
        known = sorted(r for r in rates if r)
        usual = known[len(known) // 2] if known else 1.0
        for sec, rate, own in zip(self.pending, rates, per_beat):
            sec.expected = {b: d * own.get(b, rate or usual) for b, d in sec.expected.items()}
        # longest sections first, so the last one to finish is a short one
        self.pending.sort(key=lambda s: -sum(s.expected.values()))
        self.ready: list[tuple] = []         # (sec, kind, beats)
        self.running: list[_Worker] = []
        # sections whose every beat is in, assembled once the freed workers have new jobs
        self.complete: list[_Section] = []
        self.rendered, self.failed, self.skipped = [], [], []

    # ----- sections --------------------------------------------------------------------
    def fail(self, sec: _Section, cause: str) -> None:
        log = log_path(sec.job)
        with contextlib.suppress(OSError):
            log.parent.mkdir(parents=True, exist_ok=True)
            safefs.append_text(log, f"\n{sec.job.section}: failed: {cause}\n")
        where = f"; log: {log}" if log.is_file() else ""
        self.echo_err(f"{sec.job.section}: failed: {cause}{where}")
        self.failed.append((sec.job.section, cause))
        sec.failed = True
        self.ready = [r for r in self.ready if r[0] is not sec]
        for w in self.running:
            if w.sec is sec:
                self.executor.cancel(w.handle)
        self.close(sec)

    def close(self, sec: _Section) -> None:
        """Release a section once none of its workers runs (they hold its lock too)."""
        if sec.running:
            return
        with contextlib.suppress(OSError):
            _remove_leftovers(sec.job)   # we still hold the lock: whatever is there is dead
        sec.lock.release()

    def open(self, sec: _Section) -> None:
        """Under the section's lock: skip it if another run made it meanwhile, else queue its
        jobs (the whole section, a plan, or every beat)."""
        job = sec.job
        if not self.force and is_up_to_date(job, sec.key):
            self.skipped.append(_skip(job, self.echo))
            sec.lock.release()
            return
        _remove_leftovers(job)
        sec.opened_at = time.perf_counter()
        final = section_dir(job)
        safefs.ensure_dir(final.parent, job.out)
        log = log_path(job)
        safefs.ensure_dir(log.parent, job.out)
        safefs.write_atomic(log, b"")   # a new, empty log (a link there is replaced)
        if not self.split:
            self._queue(sec, [(sec, "section", None)])
            return
        from scenes.registry import get

        sec.beats = tuple(get(job.section).scene_class().BEATS)
        sec.records = {}
        sec.work = Path(tempfile.mkdtemp(prefix=f".work-{job.section}.{os.getpid()}.",
                                         dir=final.parent))
        with contextlib.suppress(OSError, ValueError):
            prev = json.loads((final / "render.json").read_text())
            if not self.force and prev.get("beats"):
                sec.prev = prev
        if sec.prev is not None:
            self._queue(sec, [(sec, "plan", None)])
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang}); rendered before, "
                      "planning which beats changed")
        else:
            self._queue(sec, self._runs(sec, list(sec.beats)))
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang}), "
                      f"{len(sec.beats)} beats")

    def _run_cost(self, sec: _Section, beats: tuple) -> float:
        """Expected seconds of a job drawing ``beats`` of ``sec`` (beats or pieces,
        :func:`.plan.run_cost`)."""
        return run_cost(sec.order or sec.beats, {**sec.expected, **sec.units}, beats)

    def _load(self) -> tuple[list[float], float]:
        """When each worker is next free (expected seconds from now: what its job has left),
        and the expected seconds of drawing queued besides: runs waiting, sections not opened
        yet, and the runs a plan or typesetting in flight or waiting will queue."""
        now = time.perf_counter()
        slots = [0.0] * max(self.n_jobs - len(self.running), 0)
        queued = sum(sum(s.expected.values()) for s in self.pending)

        def coming(sec, kind, beats):
            if kind == "typeset":
                return sum(self._run_cost(s, b) for s, k, b in sec.after_typeset
                           if k == "beats")
            return sum(sec.expected.values())       # a plan's section, or a whole section
        for sec, kind, beats in self.ready:
            queued += self._run_cost(sec, beats) if kind == "beats" else \
                coming(sec, kind, beats)
        for w in self.running:
            if w.kind in ("plan", "typeset"):
                slots.append(0.0)                   # short; their section's runs follow
                queued += coming(w.sec, w.kind, w.beats)
            else:
                slots.append(max(w.expected - (now - w.started), 0.0))
        return sorted(slots)[:max(self.n_jobs, 1)] or [0.0], queued

    def _runs(self, sec: _Section, todo: list[str]) -> list[tuple]:
        """The beats to draw as jobs, cut for the workers as they are loaded now
        (:func:`.plan.cut_runs`); if the section is cut at all, its long beats are cut into
        pieces first (:func:`.plan.cut_beats`), so that no one beat bounds its end."""
        slots, queued = self._load()
        runs = cut_runs(sec.beats, sec.expected, todo, slots, queued)
        if len(runs) > 1 and self.n_jobs > 1:
            units, costs = cut_beats(sec.beats, sec.expected, sec.lengths, todo, self.n_jobs)
            order = [u for b in sec.beats
                     for u in ([b] if b not in todo else
                               [x for x in units if parse_piece(x)[0] == b])]
            every = {**sec.expected, **costs}
            cut = cut_runs(order, every, units, slots, queued) if costs else runs

            def end(rs, order, costs):   # when the last of these runs is expected to end
                return max(t + run_cost(order, costs, r) for t, r in zip(slots, rs))
            # pieces only where they end the section clearly sooner (each is one more
            # process, and a replay of its beat)
            if costs and end(cut, order, every) < PIECES_GAIN * end(runs, sec.beats,
                                                                     sec.expected):
                sec.units, sec.order, sec.cut = costs, order, {}
                for u in costs:
                    sec.cut.setdefault(parse_piece(u)[0], []).append(u)
                runs = cut
        return [(sec, "beats", r) for r in runs]

    def _queue(self, sec: _Section, jobs: list) -> None:
        """Queue a section's jobs; on a cold LaTeX cache, after typesetting its formulas up
        front (on a cluster each worker keeps its own cache and typesets as it goes)."""
        if self.executor.typesets_up_front and needs_typesetting(sec.job):
            sec.after_typeset = jobs
            self.ready.append((sec, "typeset", None))
        else:
            self.ready += jobs

    def planned(self, sec: _Section, plan: dict) -> None:
        """Queue the beats whose key changed since the last render; reuse the others."""
        sec.lengths.update(plan.get("durations", {}))
        final = section_dir(sec.job)
        old = {b["beat"]: (i, b) for i, b in enumerate(sec.prev.get("beats", []))}
        todo = []
        for i, b in enumerate(sec.beats):
            key = beat_key(sec.job, self.code, b, plan["fingerprints"].get(b, ""))
            j, rec = old.get(b, (None, None))
            stem = f"clips/{i:02d}_{b}"
            if rec is not None and j == i and rec.get("key") == key and all(
                    (final / f"{stem}.{ext}").is_file() for ext in ("mp4", "webm", "png")) \
                    and (i + 1 < len(sec.beats) or (final / "poster.png").is_file()):
                sec.records[b] = {**rec, "start": plan["starts"][b], "drawn": False}
            else:
                todo.append(b)
        kept = len(sec.beats) - len(todo)
        self.echo(f"{sec.job.section}: {len(todo)} of {len(sec.beats)} beats to draw"
                  + (f", {kept} unchanged" if kept else ""))
        self.ready += self._runs(sec, todo)
        if not todo:
            self.complete.append(sec)

    def loudness(self, job: Job, entry: dict) -> None:
        """Say, and write in the section's log, the measured loudness of its voice track."""
        line = voice_summary(entry)
        if line:
            self.echo(f"{job.section}: {line}")
            with contextlib.suppress(OSError):
                safefs.append_text(log_path(job), f"{job.section}: {line}\n")

    def assemble(self, sec: _Section) -> None:
        record = None
        if self.trace is not None:   # done in this process, not by a worker
            record = {"section": sec.job.section, "kind": "assemble", "beats": [],
                      "start": round(time.perf_counter() - self.t0, 3)}
            self.trace.append(record)
        try:
            self._assemble(sec)
        finally:
            if record is not None:
                record["end"] = round(time.perf_counter() - self.t0, 3)

    def _assemble(self, sec: _Section) -> None:
        from scenes.registry import get, to_json

        job = sec.job
        final = section_dir(job)
        stage = Path(tempfile.mkdtemp(prefix=f".{job.section}.{os.getpid()}.", dir=final.parent))
        try:
            _readable(stage, directory=True)
            section = get(job.section)
            meta = {"section": job.section, "number": section.number, "title": section.title,
                    "lang": job.lang, "quality": job.quality, "params": to_json(job.params),
                    "render_seconds": round(sec.cpu_seconds, 2)}
            entry = assemble_section(job, sec.key, stage, sec.work, final,
                                     [sec.records[b] for b in sec.beats], meta)
            _write_json(stage / "render.json", split_timing(entry)[0])
            _swap_in(stage, final)
            update_manifest(job.out, job.quality, job.lang, entry)
        except Exception as e:
            with contextlib.suppress(Exception):
                safefs.append_text(log_path(job), traceback.format_exc())
            self.fail(sec, _cause(job, describe_failure(e)))
            return
        finally:
            shutil.rmtree(stage, ignore_errors=True)
        drawn = sum(1 for b in sec.beats if sec.records[b].get("drawn"))
        wall = time.perf_counter() - sec.opened_at
        self.echo(f"{job.section}: {entry['duration']:.1f} s of video in {wall:.1f} s ({drawn} "
                  f"of {len(sec.beats)} beats drawn) -> {final}")
        self.loudness(job, entry)
        self.rendered.append(entry)
        self.close(sec)

    # ----- workers ---------------------------------------------------------------------
    def _begin(self, w: _Worker) -> _Worker:
        """A job started: note when, and its expected seconds (and trace it if asked)."""
        w.started = time.perf_counter()
        w.expected = (self._run_cost(w.sec, w.beats) if w.kind == "beats" else
                      sum(w.sec.expected.values()) if w.kind == "section" else 0.0)
        if self.trace is not None:
            w.record = {"section": w.sec.job.section, "kind": w.kind,
                        "beats": list(w.beats or ()),
                        "start": round(time.perf_counter() - self.t0, 3)}
            self.trace.append(w.record)
        return w

    def start(self, sec: _Section, kind: str, beats: tuple | None) -> None:
        job = sec.job
        handle = self.executor.submit(kind, job, sec.key, beats, sec.work, sec.lock.fd)
        self.running.append(self._begin(_Worker(sec, kind, beats, handle)))
        sec.running += 1
        if kind == "section":
            self.echo(f"{job.section}: rendering ({job.quality}, {job.lang})")

    def finish(self, w: _Worker) -> None:
        w.msg = self.executor.outcome(w.handle)
        if w.record is not None:
            w.record["end"] = round(time.perf_counter() - self.t0, 3)
            if w.msg and len(w.msg) > 2:   # a local worker's CPU seconds, as it counted them
                w.record["cpu"] = round(w.msg[2], 3)
        sec = w.sec
        sec.running -= 1
        job = sec.job
        if sec.failed:
            self.close(sec)
            return
        if w.msg and w.msg[0] == "ok":
            out = w.msg[1]
            if w.kind == "section":
                self.echo(f"{job.section}: {out['duration']:.1f} s of video in "
                          f"{out['render_seconds']:.1f} s -> {section_dir(job)}")
                self.loudness(job, out)
                self.rendered.append(out)
                self.close(sec)
            elif w.kind == "plan":
                self.planned(sec, out)
            elif w.kind == "typeset":
                if out["typeset"]:
                    self.echo(f"{job.section}: {out['typeset']} of {out['formulas']} formulas "
                              f"typeset up front, {self.n_jobs} at a time")
                self.ready += sec.after_typeset
                sec.after_typeset = []
            else:
                for rec in out:
                    sec.cpu_seconds += rec["render_seconds"]
                    if "piece" in rec:    # the beat is in when its every piece is
                        got = sec.pieces.setdefault(rec["beat"], [])
                        got.append(rec)
                        if len(got) < len(sec.cut[rec["beat"]]):
                            continue
                        rec = join_pieces(sec.work, got, make_voice(job))
                    sec.records[rec["beat"]] = {**rec, "drawn": True, "key": beat_key(
                        job, self.code, rec["beat"], rec.get("fingerprint") or "")}
                if len(sec.records) == len(sec.beats):
                    self.complete.append(sec)
            return
        self.fail(sec, _cause(job, w.msg[1]))

    def _take_pending(self) -> None:
        """Open waiting sections while the workers would otherwise idle."""
        i = 0
        while i < len(self.pending) and len(self.ready) < self.n_jobs - len(self.running):
            sec = self.pending[i]
            try:
                got = sec.lock.try_acquire()
            except OSError as e:
                self.pending.pop(i)
                self.failed.append((sec.job.section, _cause(sec.job, describe_failure(e))))
                self.echo_err(f"{sec.job.section}: failed: {self.failed[-1][1]}")
                continue
            if not got:
                if not sec.told_waiting:
                    pid = sec.lock.holder()
                    who = f"pid {pid}" if pid else "another process"
                    self.echo(f"{sec.job.section}: waiting for {who}, which is rendering it")
                    sec.told_waiting = True
                i += 1
                continue
            self.pending.pop(i)
            if sec.lock.took_over is not None:
                self.echo(f"{sec.job.section}: pid {sec.lock.took_over}, which was rendering it, "
                          "is dead; taking it over")
            try:
                self.open(sec)
            except Exception as e:  # could not even start (no room for a folder, ...)
                self.fail(sec, _cause(sec.job, describe_failure(e)))

    def _next(self) -> tuple:
        """Typesetting and plans first (they decide what else to do), then the longest
        expected run of beats."""
        def rank(r):
            sec, kind, beats = r
            costs = {**sec.expected, **sec.units}
            return (kind not in ("plan", "typeset"),
                    -sum(costs.get(b, 0.0) for b in beats) if beats else -1e9)
        self.ready.sort(key=rank)
        return self.ready.pop(0)

    def run(self):
        warm = any(s.job.lang == "zh" for s in self.pending)
        try:
            while self.pending or self.ready or self.running or self.complete:
                self._take_pending()
                while self.ready and len(self.running) < self.n_jobs:
                    sec, kind, beats = self._next()
                    try:
                        self.start(sec, kind, beats)
                    except Exception as e:
                        self.fail(sec, _cause(sec.job, describe_failure(e)))
                # a section's end (joining its clips, captions, posters, its manifest entry)
                # runs here while the workers draw the next jobs, not in their way
                while self.complete:
                    self.assemble(self.complete.pop(0))
                if warm and self.running:   # Chinese captions come at the end: load now
                    from ..captions import warm_segmenter

                    warm_segmenter()
                    warm = False
                if not self.running:
                    if self.pending:
                        time.sleep(0.5)
                    continue
                done = {id(h) for h in self.executor.wait(
                    [w.handle for w in self.running], 0.5 if self.pending else None)}
                for w in [w for w in self.running if id(w.handle) in done]:
                    self.running.remove(w)
                    self.finish(w)
        except BaseException:  # Ctrl-C or a bug: stop the workers, keep nothing half-made
            for w in self.running:
                self.executor.cancel(w.handle)
            self.executor.reap([w.handle for w in self.running])
            for sec in {id(w.sec): w.sec for w in self.running}.values():
                with contextlib.suppress(OSError):
                    _remove_leftovers(sec.job)
                sec.lock.release()
            for sec in self.pending:
                sec.lock.release()
            for sec in self.complete:
                with contextlib.suppress(OSError):
                    _remove_leftovers(sec.job)
                sec.lock.release()
            for sec in {id(r[0]): r[0] for r in self.ready if r[0].running == 0}.values():
                with contextlib.suppress(OSError):
                    _remove_leftovers(sec.job)
                sec.lock.release()
            raise
        return self.rendered, self.failed, self.skipped
