"""Imported by the run's fork server only (the last of ``render.executors.local.PRELOAD``):
it makes the server's exit immediate.

The server exits when the run is gone (its "alive" pipe reaches EOF), by raising SystemExit;
the interpreter then tears down every module it preloaded (Manim, PyAV, the scenes), which
took 0.5-1 s of CPU on a loaded machine while the run was already dead. Nothing in the server
needs that teardown (it holds no files of ours and its workers stop by themselves), so the
exit skips it.
"""

import atexit
import os

atexit.register(os._exit, 0)
