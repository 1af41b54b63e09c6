"""Render sections to video: a package with one module per stage of the pipeline.

Stages, in the order data flows (``docs/architecture.md`` draws them):

- :mod:`.job`: the job and its keys (what is rendered, where, when it is up to date);
- :mod:`.plan`: planning (beats, their keys and expected seconds, the cut into runs), and
  :mod:`.typesetting`: a cold section's formulas typeset up front;
- :mod:`.draw`: drawing (a run of beats, or a whole section, in a worker: replay, draw,
  encode), and :mod:`.preview` (``render SECTION --beat NAME``);
- :mod:`.assemble`: assembling (clips joined into the section, captions, chapters, posters);
- :mod:`.publish`: publishing (staging, swap-in, permissions, the manifest);
- services: :mod:`.room` (disk room), :mod:`.locks`, :mod:`.failures` (failure reports), and
  the LaTeX cache below the scenes (:mod:`scenes.tex_cache`);
- :mod:`.scheduler`: the run, its sections and their jobs over an executor;
- :mod:`.executors`: where jobs run, behind one interface (:mod:`.executors.local`: worker
  processes; :mod:`.executors.cluster`: a Dask cluster).

Layout under ``out`` (default ``media/``)::

    out/<quality>/<lang>/manifest.json
    out/<quality>/<lang>/<section>/<section>.mp4      the whole section
    out/<quality>/<lang>/<section>/<section>.webm     the same in WebM/VP9
    out/<quality>/<lang>/<section>/<section>.srt/.vtt  captions (cues of at most two lines)
    out/<quality>/<lang>/<section>/<section>.chapters.vtt  one chapter per beat
    out/<quality>/<lang>/<section>/poster.png         last frame
    out/<quality>/<lang>/<section>/clips/NN_<beat>.mp4  one clip per beat (.webm, .png poster,
                                                      .srt/.vtt captions beside it)
    out/<quality>/<lang>/logs/<section>.log           output of the section's last render
                                                      (the traceback when it failed)
    out/<quality>/<lang>/logs/<section>.timing.json   seconds its last render took (kept out
                                                      of render.json: same inputs, same bytes)
    out/<quality>/<lang>/locks/<section>.lock         held while a run builds the section
    out/tex/                                          one LaTeX cache shared by every job
                                                      (compiles serialised by a file lock)

A section's folder is built beside the final one and swapped in with renames, so an interrupted
render never leaves a broken file where a good one was.

Faults are part of the design:

- Every section is built in its own worker process while the run holds the section's lock
  (``flock``, handed to the worker too). Another run that wants the same section waits for the
  lock, says so, and then skips the section if it is up to date or renders it after. Staging
  folders beside the final one are removed as leftovers only by a process holding that lock, so
  a live render's folders are never touched.
- A section that fails (no space, LaTeX, encoder, a worker that died) ends with one line naming
  it and the cause and the path of its log; the other sections go on; the run ends with a
  summary and :class:`RenderFailed`.
- Before anything renders, the room a run needs is estimated from the sizes of earlier renders
  (else from a per-second rate per quality) and compared with the free space (:class:`NoRoom`).

This package imports nothing above it (the CLI, ``site``, ``bench``): ``tests/
test_architecture.py``. The names below are what the CLI, ``bench``, ``site`` and the tests
use; the others live in their modules.
"""

from __future__ import annotations

from scenes.tex_cache import TEX_DIR_ENV, share_tex_cache, tex_code, typeset

from ..encoding import join_videos
from ..encoding import video_duration as _video_duration
from .assemble import assemble_section, publish_section
from .draw import beat_seconds, render_beat, render_beats, render_one
from .executors import Executor, make_executor
from .failures import RenderFailed, _cause, describe_failure
from .job import (CODE_DIRS, DEFAULT_SECONDS, LANGS, QUALITIES, ROOT, VIDEO_ENCODER_OPTIONS, Job,
                  code_hash, is_up_to_date, job_key, lock_path, log_path, manifest_path,
                  manim_config, section_dir, tex_dir_for, timing_path)
from .locks import SectionLock, take_lock
from .plan import (REPLAY_COST, beat_key, beat_rates, cut_runs, expected_seconds, plan_section,
                   render_rate, run_cost)
from .preview import preview_beats
from .publish import (check_output_paths, check_writable, remove_dead_leftovers, split_timing,
                      update_manifest)
from .room import (BUILD_FACTOR, BYTES_PER_SECOND, LOW_WATER, MARGIN, NoRoom, check_room,
                   estimate_bytes, free_bytes, human, room_needed)
from .scheduler import render
from .typesetting import needs_typesetting, tex_index, typeset_section

__all__ = [
    "BUILD_FACTOR", "BYTES_PER_SECOND", "CODE_DIRS", "DEFAULT_SECONDS", "Executor", "Job",
    "LANGS", "LOW_WATER", "MARGIN", "NoRoom", "QUALITIES", "REPLAY_COST", "ROOT", "RenderFailed",
    "SectionLock", "TEX_DIR_ENV", "VIDEO_ENCODER_OPTIONS", "_cause", "_video_duration",
    "assemble_section", "beat_key", "beat_rates", "beat_seconds", "check_output_paths",
    "check_room", "check_writable", "code_hash", "cut_runs", "describe_failure",
    "estimate_bytes", "expected_seconds", "free_bytes", "human", "is_up_to_date", "job_key",
    "join_videos", "lock_path", "log_path", "make_executor", "manifest_path", "manim_config",
    "needs_typesetting", "plan_section", "preview_beats", "publish_section",
    "remove_dead_leftovers", "render", "render_beat", "render_beats", "render_one",
    "render_rate", "room_needed", "run_cost", "section_dir", "share_tex_cache", "split_timing",
    "take_lock", "tex_code", "tex_dir_for", "tex_index", "timing_path", "typeset",
    "typeset_section", "update_manifest",
]
