"""Reading the files a user hands the tool (``--config``, ``render.json``), bounded.

Every input file is read the same way before any of it is used: it must be a regular file
(not a folder, FIFO, device such as ``/dev/zero``, or socket), at most a given size, UTF-8
text (a leading byte-order mark is dropped), and its TOML or JSON nested at most
:data:`MAX_DEPTH` deep. JSON is read strictly: a key given twice in one object is refused (as
TOML refuses it), and so are ``NaN``, ``Infinity`` and ``-Infinity``, which are not JSON, and
numbers too large for a float (``1e999``), each named by its field. A failure is an
:class:`InputError`, one line naming the file (and the field) and what is wrong.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tomllib

from scenes.params import shown

#: A parameter file holds a few dozen numbers; 1 MiB is far more than any needs.
MAX_CONFIG_BYTES = 1 << 20
#: A section's render record (files, clips, narration cues): tens of KiB; 16 MiB at most.
MAX_RENDER_JSON_BYTES = 16 << 20
#: Tables in tables, lists in lists: a config is 2 deep (3 with a list), a render record 4.
MAX_DEPTH = 32


class InputError(ValueError):
    """An input file that cannot be used (one-line message naming the file)."""


_KINDS = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}


def read_text(path, what: str, limit: int) -> str:
    """The text of the regular file ``path`` (at most ``limit`` bytes, UTF-8).

    ``what`` names the file in errors (``"config my.toml"``). The file is opened without
    blocking (a FIFO does not wait for a writer) and checked on the open descriptor.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise InputError(f"{what}: cannot read it ({e.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = _KINDS.get(stat.S_IFMT(st.st_mode), "not a regular file")
            raise InputError(f"{what}: is {kind}; expected a regular file")
        if st.st_size > limit:
            raise InputError(f"{what}: {st.st_size} bytes; at most {limit} allowed")
        os.set_blocking(fd, True)
        chunks, n = [], 0
        while n <= limit:
            block = os.read(fd, min(1 << 20, limit + 1 - n))
            if not block:
                break
            chunks.append(block)
            n += len(block)
        if n > limit:  # grew since fstat
            raise InputError(f"{what}: more than {limit} bytes; at most {limit} allowed")
    except OSError as e:
        raise InputError(f"{what}: cannot read it ({e.strerror})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{what}: not UTF-8 text (byte {e.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def _no_duplicates(what: str):
    def hook(pairs):
        seen = {}
        for k, v in pairs:
            if k in seen:
                raise InputError(f"{what}: duplicate key '{shown(k)}'")
            seen[k] = v
        return seen
    return hook


def _non_finite(value) -> tuple[str, float] | None:
    """The first NaN or infinite number in ``value`` and its field (``a.b[2]``), if any."""
    stack = [("", value)]
    while stack:
        where, v = stack.pop()
        if isinstance(v, float) and not math.isfinite(v):
            return where or "(the whole file)", v
        if isinstance(v, dict):
            stack.extend((f"{where}.{k}" if where else str(k), x)
                         for k, x in reversed(list(v.items())))
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", x) for i, x in reversed(list(enumerate(v))))
    return None


def depth(value) -> int:
    """How deep lists and tables nest in ``value`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            deepest = max(deepest, d + 1)
            if d + 1 > MAX_DEPTH:
                return deepest
            stack.extend((x, d + 1) for x in v)
    return deepest


def parse(text: str, what: str, fmt: str):
    """Parse ``text`` as ``"json"`` or ``"toml"``; InputError naming ``what`` otherwise."""
    try:
        if fmt == "json":
            data = json.loads(text, object_pairs_hook=_no_duplicates(what))
        else:
            data = tomllib.loads(text)
    except InputError:
        raise
    except RecursionError:
        raise InputError(f"{what}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as e:  # JSONDecodeError, TOMLDecodeError, too many digits
        reason = shown(str(e).splitlines()[0] if str(e) else type(e).__name__, 120)
        raise InputError(f"{what}: cannot read it ({reason})") from None
    if depth(data) > MAX_DEPTH:
        raise InputError(f"{what}: nested too deeply (at most {MAX_DEPTH} levels)")
    if fmt == "json":
        bad = _non_finite(data)
        if bad:
            raise InputError(f"{what}: field {shown(bad[0])}: {bad[1]} is not a finite number "
                             "(NaN and Infinity are not JSON)")
    return data


def load(path, what: str, fmt: str, limit: int):
    """:func:`read_text` then :func:`parse`."""
    return parse(read_text(path, what, limit), what, fmt)
