"""The LaTeX cache: formulas typeset once, shared by every process that renders or constructs.

Manim keeps a formula's SVG in its ``tex_dir`` as ``<hash>.svg``. :func:`share_tex_cache` makes
that folder safe to share between processes (a render's workers, ``rnn-lecture script``, the
tests' workers) and to typeset into in parallel; :func:`typeset` compiles one formula, as
Manim would, under that formula's lock. The patches of Manim it installs are in
:mod:`scenes.manim_patches`; the locks they take are decided here.

Beside the LaTeX cache, ``<tex_dir>-parsed/`` keeps what Manim makes of each SVG it parses, a
formula's or a text's (:mod:`scenes.svg_cache`, :func:`parsed_dir`).

Below the renderer and the scenes' ``script`` alike: it imports Manim,
:mod:`scenes.manim_patches` and :mod:`scenes.svg_cache` only.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from . import manim_patches
from .svg_cache import ParsedSvgs

#: Environment variable naming a LaTeX cache folder shared by every output folder (and every
#: run and process at once: formulas are typeset under locks); unset, each output folder
#: keeps its own, ``<out>/tex``.
TEX_DIR_ENV = "RNN_LECTURE_TEX_DIR"


def tex_code(expression: str, environment: str | None, template) -> str:
    """The LaTeX source Manim compiles for a formula (its hash names the SVG)."""
    if environment is not None:
        return template.get_texcode_for_expression_in_env(expression, environment)
    return template.get_texcode_for_expression(expression)


def typeset(code: str, template, svg: Path) -> Path:
    """Compile LaTeX ``code`` to ``svg`` with Manim's own commands (so the same SVG as Manim's),
    unless it exists: in a private folder, under the formula's lock (``tex-locks/<hash>.lock``
    beside the cache), moved in by rename. Reads no global config, so threads may call it for
    different formulas at once."""
    import subprocess

    import manim.utils.tex_file_writing as tfw

    if svg.exists():
        return svg
    here = svg.parent
    here.mkdir(parents=True, exist_ok=True)
    locks = here.parent / f"{here.name}-locks"
    locks.mkdir(parents=True, exist_ok=True)
    with _locked(locks / f"{svg.stem}.lock"):
        if svg.exists():          # typeset by the job we waited for
            return svg
        private = Path(tempfile.mkdtemp(prefix=".typeset-", dir=here.parent))
        try:
            tex = private / f"{svg.stem}.tex"
            tex.write_text(code, encoding="utf-8")
            fmt = template.output_format
            compilers = template.tex_compiler
            for compiler in [compilers] if isinstance(compilers, str) else compilers:
                cmd = tfw.make_tex_compilation_command(compiler, fmt, tex, private)
                if subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode != 0:
                    log = tex.with_suffix(".log")
                    tfw.print_all_tex_errors(log, compiler, tex)
                    raise ValueError(f"{compiler} error converting to {fmt[1:]}: "
                                     f"{_first_tex_error(log)}")
            os.replace(tfw.convert_to_svg(tex.with_suffix(fmt), fmt), svg)
        finally:
            shutil.rmtree(private, ignore_errors=True)
    return svg


def _first_tex_error(log: Path) -> str:
    """The first ``! ...`` line of a LaTeX log (the log itself is removed with its folder)."""
    with contextlib.suppress(OSError):
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("! "):
                return line[2:].strip()
    return "see the output above"


@contextlib.contextmanager
def _plain_lock(path: Path):
    """An exclusive ``flock`` on the lock file ``path``, never through a link (``O_NOFOLLOW``:
    a link is an ``OSError``), created 0644."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    with contextlib.suppress(OSError):
        os.fchmod(fd, 0o644)          # whatever the umask
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


_LOCK_FILE = {"open": _plain_lock}


def use_lock_files(locked) -> None:
    """Take every lock of the cache with ``locked(path)`` (a context manager holding an
    exclusive lock on the file ``path``). :mod:`rnn_lecture` passes
    :func:`rnn_lecture.safefs.locked`, which also refuses a lock file that is a link or not a
    regular file with a one-line :class:`rnn_lecture.safefs.UnsafePath`; without it, a plain
    ``flock`` (:func:`_plain_lock`)."""
    _LOCK_FILE["open"] = locked


def _locked(path: Path):
    return _LOCK_FILE["open"](path)


def parsed_dir(tex_dir: Path) -> Path:
    """The parsed-SVG cache that goes with the LaTeX cache ``tex_dir``: ``<tex_dir>-parsed``
    beside it (:mod:`scenes.svg_cache`; outside ``tex_dir``, which Manim cleans)."""
    tex_dir = Path(tex_dir)
    return tex_dir.parent / f"{tex_dir.name}-parsed"


def share_tex_cache(tex_dir: Path) -> None:
    """Make manim's LaTeX cache safe to share between processes, and typeset in parallel.

    Manim compiles a formula to ``<hash>.tex/.dvi/.svg`` in ``tex_dir`` and reuses the SVG when
    it exists. After each compile it deletes every file there that is not .svg or .tex
    (another job's .dvi in flight included), and every SVG it parses is first copied to a
    temporary ``<hash>_.svg`` beside it and deleted after (another job's copy of the same
    formula included). So a missing formula is compiled in a private folder, under a lock of
    its own (``tex-locks/<hash>.lock`` beside ``tex_dir``), and its SVG moved into ``tex_dir``
    by rename: jobs typeset different formulas at the same time, and a job that needs a formula
    another job is typesetting waits for that one only. Parsing an SVG runs under a lock of
    that file's; writing a Text (Pango) SVG under one ``flock`` for the folder. What a parse
    makes is kept in :func:`parsed_dir` and read from there by the next process to parse the
    same bytes (:mod:`scenes.svg_cache`). (The patches themselves: :mod:`scenes.manim_patches`.)
    """
    import manim.utils.tex_file_writing as tfw
    from manim import config

    Path(tex_dir).mkdir(parents=True, exist_ok=True)
    # The folders are read from Manim's config at each call (a process may render with one
    # tex_dir and construct with another). Locks live outside tex_dir: manim's clean-up
    # deletes every non-.svg/.tex file in it.

    def current() -> Path:
        return config.get_dir("tex_dir").resolve()

    @contextlib.contextmanager
    def locked(path: Path | None = None):
        if path is None:
            here = current()
            path = here.parent / f"{here.name}.lock"
        with _locked(path):
            yield

    def tex_to_svg_file(expression, environment=None, tex_template=None):
        template = tex_template if tex_template is not None else config["tex_template"]
        code = tex_code(expression, environment, template)
        return typeset(code, template, current() / f"{tfw.tex_hash(code)}.svg")

    manim_patches.replace_tex_to_svg_file(tex_to_svg_file)

    def parse_lock(file_name):
        # Parsing writes and deletes <name>_.svg beside the file: only jobs parsing the same
        # file need to wait for each other (one lock for all parses serialized the workers).
        if file_name is None:
            return locked()
        here = current()
        locks = here.parent / f"{here.name}-locks"
        locks.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha1(str(Path(file_name).absolute()).encode()).hexdigest()[:20]
        return locked(locks / f"parse-{name}.lock")

    manim_patches.lock_svg_parsing(parse_lock, ParsedSvgs(lambda: parsed_dir(current())))
    # Text (Pango) SVGs: a job writes <hash>.svg into its text folder when it is missing (in a
    # private folder, then renamed), and parsing copies it to <hash>_.svg as above; where jobs
    # share a text folder (``script``, the tests' workers) the lock is the text folder's own:
    # jobs with different LaTeX folders share one text folder.
    manim_patches.lock_text_svgs(lambda folder: locked(folder.parent / f"{folder.name}.lock"))
