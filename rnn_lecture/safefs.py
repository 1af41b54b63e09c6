"""The few ways ``render`` and ``site`` write files: never through a link they did not make,
never outside their output folder, and every file 0644 and every folder 0755 whatever the
umask.

- A file is written whole to a new temporary file beside it (``O_EXCL``, so a link planted at
  its name is never opened) and renamed over its name: a symbolic link there is replaced, its
  target untouched (:func:`write_atomic`, :func:`copy_in`).
- A file that is opened in place (a log appended to, a lock) is opened with ``O_NOFOLLOW``;
  a lock that is a link is refused (:class:`UnsafePath`): replacing it by a new file could let
  two runs each hold "the" lock, one on the old file and one on the new.
- A folder is made, or accepted, only if it and every folder between it and the output root
  are real folders, not links (:func:`ensure_dir`). The root itself is the user's to choose.
- Modes are set explicitly (``fchmod``/``chmod`` of what was just made), never from the umask;
  :func:`make_public` never chmods through a link.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from pathlib import Path

FILE_MODE, DIR_MODE = 0o644, 0o755
_RD = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC


class UnsafePath(OSError):
    """A path the tool will not write through (a link it did not make, or outside its output
    folder); one line, exit code 2 when found before anything is written."""

    def __init__(self, message: str):
        super().__init__(errno.ELOOP, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _link_refusal(path: Path, what: str) -> UnsafePath:
    return UnsafePath(f"{path} is a symbolic link; rnn-lecture does not write through a link "
                      f"it did not make ({what}): remove it")


def check_not_link(path: str | Path, what: str = "an output file") -> None:
    """Raise :class:`UnsafePath` if ``path`` is a symbolic link."""
    if os.path.islink(path):
        raise _link_refusal(Path(path), what)


def ensure_dir(path: str | Path, root: str | Path) -> Path:
    """Make ``path`` a real folder below ``root`` (0755, parents too), refusing a link or a
    non-folder at ``path`` or at any folder between ``root`` and it; ``root`` is made if
    missing (0755) and may itself be a link (the user named it)."""
    path, root = Path(path), Path(root)
    try:
        rel = path.relative_to(root)
    except ValueError:
        raise UnsafePath(f"{path} is outside the output folder {root}") from None
    if ".." in rel.parts:
        raise UnsafePath(f"{path} is outside the output folder {root}")
    if not root.is_dir():
        root.mkdir(parents=True, exist_ok=True)
        os.chmod(root, DIR_MODE)
    here = root
    for part in rel.parts:
        here = here / part
        try:
            st = os.lstat(here)
        except FileNotFoundError:
            with contextlib.suppress(FileExistsError):
                os.mkdir(here, DIR_MODE)
                os.chmod(here, DIR_MODE)
            st = os.lstat(here)
        if stat.S_ISLNK(st.st_mode):
            raise _link_refusal(here, "a folder it writes in")
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafePath(f"{here} is not a folder")
    return path


@contextlib.contextmanager
def output_umask():
    """Run with umask 022 (restored after), so what Manim, LaTeX and the encoders create
    inside the output folder comes out 0644 / 0755 at most whatever the caller's umask; what
    this package makes it sets to exactly 0644 / 0755 besides."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def check_writable(out: str | Path) -> None:
    """Raise ``OSError`` naming ``out`` and the real cause if no folder can be made in it (a
    read-only disk, ``/proc``, a file in the way), so that it is not taken for a lack of
    room. Leaves nothing behind."""
    import tempfile

    p = Path(out).absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    try:
        probe = tempfile.mkdtemp(prefix=".rnn-lecture-probe-", dir=p)
        os.rmdir(probe)
    except OSError as e:
        cause = e.strerror or str(e)
        if not p.is_dir():
            cause = f"{p} is not a folder"
        else:
            with contextlib.suppress(OSError):
                if os.statvfs(p).f_blocks == 0:
                    cause = f"{p} is on a file system that holds no files ({cause})"
        raise OSError(e.errno, f"cannot write the output folder {out}: {cause}") from None


def _tmp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _dest_error(e: OSError, path: Path) -> OSError:
    """The same error, naming the file being written (not a source or a temp file)."""
    if isinstance(e, UnsafePath):
        return e
    return OSError(e.errno, f"cannot write {path}: {e.strerror or e}")


def write_atomic(path: str | Path, data: bytes | str, mode: int = FILE_MODE) -> None:
    """Write ``data`` to ``path`` whole: a new temp file beside it (``O_EXCL``), ``mode``, then
    renamed over ``path`` (a link there is replaced, its target untouched). On failure (a full
    disk) nothing is left and the error names ``path``."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = _tmp_name(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600)
        try:
            os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _dest_error(e, path) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_bytes(path: str | Path, limit: int | None = None) -> bytes:
    """The bytes of a regular file, not through a link (``OSError`` ELOOP if it is one)."""
    fd = os.open(path, _RD)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        chunks, n = [], 0
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                return b"".join(chunks)
            chunks.append(b)
            n += len(b)
            if limit is not None and n > limit:
                raise OSError(errno.EFBIG, f"larger than {limit} bytes", str(path))
    finally:
        os.close(fd)


def open_lock(path: str | Path) -> int:
    """A lock file's descriptor (read-write, created 0644), never through a link: a link is
    refused with :class:`UnsafePath` (replacing it could split the lock between two runs)."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, FILE_MODE)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise _link_refusal(path, "a lock file") from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise UnsafePath(f"{path} is not a regular file; a lock file must be one: remove it")
    if stat.S_IMODE(st.st_mode) != FILE_MODE:
        with contextlib.suppress(OSError):
            os.fchmod(fd, FILE_MODE)
    return fd


@contextlib.contextmanager
def locked(path: str | Path):
    """Hold an exclusive ``flock`` on the lock file ``path`` (see :func:`open_lock`)."""
    import fcntl

    fd = open_lock(path)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)


def open_append(path: str | Path) -> int:
    """A descriptor appending to ``path`` (created 0644), never through a link (ELOOP)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC,
                 FILE_MODE)
    if stat.S_IMODE(os.fstat(fd).st_mode) != FILE_MODE:
        with contextlib.suppress(OSError):
            os.fchmod(fd, FILE_MODE)
    return fd


def append_text(path: str | Path, text: str) -> None:
    """Append ``text`` to ``path`` (see :func:`open_append`)."""
    fd = open_append(path)
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    finally:
        os.close(fd)


def set_mode(path: str | Path, directory: bool = False) -> None:
    """chmod a file 0644 or a folder 0755, unless it is a link (left alone)."""
    if not os.path.islink(path):
        os.chmod(path, DIR_MODE if directory else FILE_MODE)


def make_public(path: str | Path) -> None:
    """chmod 0755 folders and 0644 files under ``path`` (and ``path`` itself); links are
    neither followed nor changed."""
    path = str(path)
    if os.path.islink(path) or not os.path.exists(path):
        return
    if not os.path.isdir(path):
        os.chmod(path, FILE_MODE)
        return
    os.chmod(path, DIR_MODE)
    for root, dirs, files in os.walk(path):   # os.walk does not descend into links
        for name in dirs + files:
            p = os.path.join(root, name)
            st = os.lstat(p)
            if stat.S_ISDIR(st.st_mode):
                os.chmod(p, DIR_MODE)
            elif stat.S_ISREG(st.st_mode):
                os.chmod(p, FILE_MODE)


def copy_in(src: str | Path, dst: str | Path) -> None:
    """Put a regular file ``src`` at ``dst`` (0644) by a hard link when ``src`` is already
    0644, else by a copy (so no source's mode is ever changed); never through a link at either
    end. On failure nothing is left at ``dst``'s temp name and the error names ``dst``."""
    src, dst = Path(src), Path(dst)
    fd = os.open(src, _RD)
    tmp = _tmp_name(dst)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafePath(f"{src} is not a regular file")
        linked = False
        if stat.S_IMODE(st.st_mode) == FILE_MODE:
            with contextlib.suppress(OSError):
                os.link(src, tmp, follow_symlinks=False)
                lst = os.lstat(tmp)
                linked = (stat.S_ISREG(lst.st_mode) and lst.st_ino == st.st_ino
                          and lst.st_dev == st.st_dev)
                if not linked:   # src was swapped for something else meanwhile
                    os.unlink(tmp)
        if not linked:
            out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                          | os.O_CLOEXEC, 0o600)
            try:
                os.fchmod(out, FILE_MODE)
                while True:
                    n = os.sendfile(out, fd, None, 1 << 24) if hasattr(os, "sendfile") else 0
                    if n == 0:
                        break
            finally:
                os.close(out)
            if os.stat(tmp).st_size != st.st_size:
                raise OSError(errno.EIO, "short copy", str(dst))
        os.replace(tmp, dst)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _dest_error(e, dst) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        os.close(fd)
