"""Links, paths, modes, the manifest and publishing, for real: symbolic links planted where
``render`` and ``site`` write (their targets must keep their bytes and mode), render.json
entries that point outside the media folder, a site built into the renders, a truncated
manifest, renders at umask 077 and 000, and a site on a full tmpfs.

One real render of a quick section (three beats, low quality) is made once at umask 077 and
copied where a test needs renders to publish or protect; one more at umask 000 has links
planted before it starts.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from rnn_lecture import safefs

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "rnn_lecture.cli"]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
SECTION = "lstm-06-gru"        # a quick section (three beats)
LANG = "en"

render = pytest.mark.render


def run(*args, umask=0o022) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=ENV,
                          preexec_fn=lambda: os.umask(umask), timeout=900)


def one_error_line(r: subprocess.CompletedProcess, code: int = 2) -> str:
    """The run failed with ``code`` and one line on stderr, no traceback; that line."""
    assert r.returncode == code, (r.returncode, r.stdout[-2000:], r.stderr[-3000:])
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr[-3000:]
    return lines[0]


def victim(tmp_path: Path, name: str = "victim.txt", mode: int = 0o600) -> Path:
    """A file outside every output folder that a planted link points at."""
    p = tmp_path / "elsewhere" / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(b"precious bytes\n")
    os.chmod(p, mode)
    return p


def untouched(p: Path, mode: int = 0o600) -> None:
    assert p.read_bytes() == b"precious bytes\n", p
    assert stat.S_IMODE(p.stat().st_mode) == mode, (p, oct(p.stat().st_mode))


def modes(root: Path) -> dict[str, str]:
    """Every path under ``root`` (``root`` too) whose mode is not 0755 (folder) / 0644 (file)."""
    bad = {}
    for p in [root, *root.rglob("*")]:
        st = p.lstat()
        if stat.S_ISLNK(st.st_mode):
            continue
        want = 0o755 if stat.S_ISDIR(st.st_mode) else 0o644
        if stat.S_IMODE(st.st_mode) != want:
            bad[str(p.relative_to(root))] = oct(stat.S_IMODE(st.st_mode))
    return bad


# ------------------------------------------------------------------- the helpers alone

def test_write_atomic_replaces_a_planted_link_and_sets_0644(tmp_path):
    v = victim(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "render.json").symlink_to(v)
    old = os.umask(0o077)
    try:
        safefs.write_atomic(out / "render.json", b"{}\n")
    finally:
        os.umask(old)
    untouched(v)
    p = out / "render.json"
    assert not p.is_symlink() and p.read_bytes() == b"{}\n"
    assert stat.S_IMODE(p.stat().st_mode) == 0o644
    assert [q.name for q in out.iterdir()] == ["render.json"]    # no temp file left


def test_a_lock_that_is_a_link_is_refused_and_a_log_is_not_followed(tmp_path):
    v = victim(tmp_path)
    (tmp_path / "x.lock").symlink_to(v)
    with pytest.raises(safefs.UnsafePath, match="x.lock is a symbolic link"):
        safefs.open_lock(tmp_path / "x.lock")
    (tmp_path / "x.log").symlink_to(v)
    with pytest.raises(OSError) as e:
        safefs.open_append(tmp_path / "x.log")
    assert e.value.errno == errno.ELOOP
    with pytest.raises(OSError):
        safefs.read_bytes(tmp_path / "x.log")
    untouched(v)


def test_folders_below_the_root_must_be_real_and_are_0755(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    os.chmod(elsewhere, 0o700)
    root = tmp_path / "media"
    root.mkdir()
    (root / "low").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(safefs.UnsafePath, match="low is a symbolic link"):
        safefs.ensure_dir(root / "low" / "en", root)
    assert list(elsewhere.iterdir()) == []
    assert stat.S_IMODE(elsewhere.stat().st_mode) == 0o700
    with pytest.raises(safefs.UnsafePath, match="outside the output folder"):
        safefs.ensure_dir(tmp_path / "other", root)
    with pytest.raises(safefs.UnsafePath, match="outside the output folder"):
        safefs.ensure_dir(root / ".." / "other", root)
    old = os.umask(0o000)
    try:
        safefs.ensure_dir(root / "high" / "zh" / "logs", root)
    finally:
        os.umask(old)
    for d in (root / "high", root / "high" / "zh", root / "high" / "zh" / "logs"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o755, d


def test_make_public_and_copy_in_never_touch_a_links_target(tmp_path):
    v = victim(tmp_path)
    d = tmp_path / "stage"
    d.mkdir()
    (d / "clip.png").symlink_to(v)
    (d / "real.txt").write_text("x")
    os.chmod(d / "real.txt", 0o600)
    safefs.make_public(d)
    untouched(v)
    assert stat.S_IMODE((d / "real.txt").stat().st_mode) == 0o644
    with pytest.raises(OSError):
        safefs.copy_in(d / "clip.png", tmp_path / "site-clip.png")
    assert not (tmp_path / "site-clip.png").exists()
    # a source that is not 0644 is copied, so its own mode is never changed
    safefs.copy_in(d / "real.txt", tmp_path / "copy.txt")
    os.chmod(d / "real.txt", 0o600)
    safefs.copy_in(d / "real.txt", tmp_path / "copy2.txt")
    assert stat.S_IMODE((d / "real.txt").stat().st_mode) == 0o600
    assert (tmp_path / "copy2.txt").stat().st_ino != (d / "real.txt").stat().st_ino
    assert stat.S_IMODE((tmp_path / "copy2.txt").stat().st_mode) == 0o644


# ------------------------------------------------------------------- render, no drawing

@pytest.mark.parametrize("where", ["locks/{s}.lock", "manifest.lock"])
def test_render_refuses_a_lock_that_is_a_link(tmp_path, where):
    """A lock file that is a link is refused before anything is written, in one line naming
    it (exit 2); its target keeps its bytes and mode."""
    v = victim(tmp_path)
    out = tmp_path / "media"
    lock = out / "low" / LANG / where.format(s=SECTION)
    lock.parent.mkdir(parents=True)
    lock.symlink_to(v)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    line = one_error_line(run("render", SECTION, "--lang", LANG, "--out", str(out)))
    assert str(lock) in line and "symbolic link" in line, line
    untouched(v)
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before


def test_render_refuses_a_folder_that_is_a_link(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "media"
    (out / "low").mkdir(parents=True)
    (out / "low" / LANG).symlink_to(elsewhere, target_is_directory=True)
    line = one_error_line(run("render", SECTION, "--lang", LANG, "--out", str(out)))
    assert str(out / "low" / LANG) in line and "symbolic link" in line, line
    assert list(elsewhere.iterdir()) == []


def test_render_into_an_unwritable_folder_says_what_fails(tmp_path):
    """``--out /proc/x`` is not "not enough room": no folder can be made there."""
    r = run("render", SECTION, "--lang", LANG, "--out", "/proc/rnn-lecture-x")
    line = one_error_line(r, code=1)
    assert "cannot write the output folder /proc/rnn-lecture-x" in line, line
    assert "holds no files" in line and "room" not in line, line


def _fake_section(lang_dir: Path, sid: str) -> dict:
    d = lang_dir / sid
    d.mkdir(parents=True)
    (d / f"{sid}.mp4").write_bytes(b"video")
    meta = {"section": sid, "lang": LANG, "quality": "low", "duration": 10.0,
            "bytes": 5, "files": [f"{sid}.mp4"], "key": "k" + sid}
    (d / "render.json").write_text(json.dumps(meta))
    return meta


@pytest.mark.parametrize("damage", ["truncated", "link", "not a manifest"])
def test_a_damaged_manifest_is_rebuilt_from_the_render_records(tmp_path, damage):
    """A truncated manifest (or a link, or JSON of another shape) does not make the sections
    rendered and on disk vanish: it is rebuilt from their render.json, with one line."""
    from rnn_lecture.render import update_manifest

    out = tmp_path / "media"
    lang_dir = out / "low" / LANG
    for sid in ("primer-01-recurrence", "primer-02-vanishing", "lstm-06-gru"):
        _fake_section(lang_dir, sid)
    m = lang_dir / "manifest.json"
    v = victim(tmp_path, "victim.json")
    if damage == "truncated":
        m.write_text('{"quality": "low", "lang": "en", "sections": [{"sect')
    elif damage == "link":
        m.symlink_to(v)
    else:
        m.write_text("[1, 2]")
    said = []
    new = {"section": "lstm-07-variants", "lang": LANG, "quality": "low", "duration": 3.0,
           "files": ["x.mp4"]}
    update_manifest(str(out), "low", LANG, new, echo=said.append)
    data = json.loads(m.read_text())
    assert [s["section"] for s in data["sections"]] == [
        "primer-01-recurrence", "primer-02-vanishing", "lstm-06-gru", "lstm-07-variants"]
    assert all("files" not in s for s in data["sections"])
    assert len(said) == 1 and "rebuilt from the render.json of 3 section folder(s)" in said[0]
    assert not m.is_symlink()
    untouched(v)
    said.clear()
    update_manifest(str(out), "low", LANG, new, echo=said.append)   # whole now: no line
    assert said == []


# ------------------------------------------------------------------- real renders

@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    """One finished render of SECTION, made at umask 077."""
    out = tmp_path_factory.mktemp("good") / "media"
    r = run("render", SECTION, "--lang", LANG, "--out", str(out), "--jobs", "2", umask=0o077)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


def copy_of(good: Path, dest: Path) -> Path:
    shutil.copytree(good, dest, symlinks=True, ignore=shutil.ignore_patterns("*.lock"))
    return dest


@render
def test_render_at_umask_077_writes_0644_files_and_0755_folders(good):
    """README: every file render writes is 0644 and every folder 0755, whatever the umask
    (lock files included)."""
    assert (good / "low" / LANG / "locks" / f"{SECTION}.lock").is_file()
    assert modes(good) == {}


@render
def test_render_at_umask_000_with_planted_links(tmp_path):
    """At umask 000 nothing is world-writable; a link planted at the section's log, at
    manifest.json and at a stale staging folder's name is replaced or left, never followed."""
    v_log, v_man = victim(tmp_path, "log.txt"), victim(tmp_path, "manifest.txt", 0o640)
    elsewhere = tmp_path / "elsewhere" / "dir"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("keep")
    out = tmp_path / "media"
    lang_dir = out / "low" / LANG
    (lang_dir / "logs").mkdir(parents=True)
    (lang_dir / "logs" / f"{SECTION}.log").symlink_to(v_log)
    (lang_dir / "manifest.json").symlink_to(v_man)
    (lang_dir / f".{SECTION}.old-1").symlink_to(elsewhere, target_is_directory=True)
    r = run("render", SECTION, "--lang", LANG, "--out", str(out), "--jobs", "2", umask=0o000)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "manifest.json: a symbolic link; rebuilt" in r.stderr, r.stderr
    untouched(v_log)
    untouched(v_man, 0o640)
    assert (elsewhere / "keep.txt").read_text() == "keep"
    log = lang_dir / "logs" / f"{SECTION}.log"
    assert not log.is_symlink() and f"{SECTION}: rendering beats" in log.read_text()
    data = json.loads((lang_dir / "manifest.json").read_text())
    assert [s["section"] for s in data["sections"]] == [SECTION]
    (lang_dir / f".{SECTION}.old-1").unlink()
    assert modes(out) == {}


@render
def test_preview_at_umask_000_is_0644_and_0755(tmp_path):
    out = tmp_path / "media"
    r = run("render", SECTION, "--lang", LANG, "--out", str(out), "--beat", "one_step",
            umask=0o000)
    assert r.returncode == 0, r.stderr[-3000:]
    assert any((out / "low" / LANG / "previews" / SECTION).glob("*.mp4"))
    assert modes(out / "low") == {}


# ------------------------------------------------------------------- site

def site(media: Path, out: Path, umask=0o022) -> subprocess.CompletedProcess:
    return run("site", "--lang", LANG, "--media", str(media), "--out", str(out), umask=umask)


def _edit_record(media: Path, edit) -> Path:
    rj = media / "low" / LANG / SECTION / "render.json"
    e = json.loads(rj.read_text())
    edit(e)
    rj.unlink()
    rj.write_text(json.dumps(e))
    return rj


@render
@pytest.mark.parametrize("umask", [0o077, 0o000])
def test_site_at_umask_077_and_000_is_0644_and_0755(good, tmp_path, umask):
    r = site(good, tmp_path / "site" / "low" / LANG, umask=umask)
    assert r.returncode == 0, r.stderr[-3000:]
    assert modes(tmp_path / "site") == {}


@render
@pytest.mark.parametrize("bad", ["../../../../escaped.txt", "/ABS", "javascript:alert(1)",
                                 "clips/../../x.mp4", ".hidden", "a b.mp4", 'x".mp4',
                                 7])
def test_site_refuses_a_file_name_that_is_not_a_plain_relative_path(good, tmp_path, bad):
    """A render.json entry outside the section folder, absolute, a URL scheme, hidden or with
    characters an attribute would read: one line naming the render.json and the entry, exit 2,
    no site folder, and no file outside touched."""
    media = copy_of(good, tmp_path / "media")
    v = victim(tmp_path)
    bad = str(v) if bad == "/ABS" else bad

    def edit(e):
        e["files"].append(bad)
        e["clips"][0]["poster"] = bad
    rj = _edit_record(media, edit)
    out = tmp_path / "site"
    line = one_error_line(site(media, out))
    assert str(rj) in line and "files" in line, line   # 7: a type error, "files" named
    assert not out.exists()
    untouched(v)
    assert not (tmp_path / "escaped.txt").exists()


@render
@pytest.mark.parametrize("where", ["file", "folder"])
def test_site_refuses_a_media_file_that_is_a_link(good, tmp_path, where):
    media = copy_of(good, tmp_path / "media")
    v = victim(tmp_path, "poster.png")
    d = media / "low" / LANG / SECTION
    if where == "file":
        (d / "poster.png").unlink()
        (d / "poster.png").symlink_to(v)
    else:
        shutil.move(d / "clips", tmp_path / "elsewhere" / "clips")
        (d / "clips").symlink_to(tmp_path / "elsewhere" / "clips", target_is_directory=True)
    out = tmp_path / "site"
    line = one_error_line(site(media, out))
    assert str(d / "render.json") in line and "symbolic link" in line, line
    assert not out.exists()
    untouched(v)


@render
@pytest.mark.parametrize("where", ["equal", "inside", "holds"])
def test_site_out_in_or_around_the_render_folder_is_refused(good, tmp_path, where):
    """Building a site into the renders used to delete every render.json and the manifest."""
    media = copy_of(good, tmp_path / "top" / "media")
    out = {"equal": media, "inside": media / "low" / LANG,
           "holds": tmp_path / "top"}[where]
    before = {p: p.read_bytes() for p in media.rglob("*") if p.is_file()}
    line = one_error_line(site(media, out))
    assert "--out" in line and "render folder" in line, line
    assert {p: p.read_bytes() for p in media.rglob("*") if p.is_file()} == before


@render
def test_site_never_writes_through_links_planted_in_the_site(good, tmp_path):
    v = victim(tmp_path)
    out = tmp_path / "site"
    assert site(good, out).returncode == 0
    for rel in ("index.html", "manifest.json", f"{SECTION}/poster.png",
                f"{SECTION}/.site-stamp.json"):
        (out / rel).unlink()
        (out / rel).symlink_to(v)
    r = site(good, out)
    assert r.returncode == 0, r.stderr
    untouched(v)
    assert not (out / "index.html").is_symlink() and not (out / "manifest.json").is_symlink()
    assert not (out / SECTION / "poster.png").is_symlink()
    elsewhere = tmp_path / "elsewhere" / "assets"
    elsewhere.mkdir()
    shutil.rmtree(out / "assets")
    (out / "assets").symlink_to(elsewhere, target_is_directory=True)
    line = one_error_line(site(good, out))
    assert str(out / "assets") in line and "symbolic link" in line, line
    assert list(elsewhere.iterdir()) == []


@pytest.fixture
def small_disk(tmp_path):
    """A real 1 MiB tmpfs (skipped, saying why, where mounting is not permitted)."""
    mnt = tmp_path / f"small-{uuid.uuid4().hex[:6]}"
    mnt.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({r.stderr.strip()}); needs root")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


@render
def test_site_on_a_full_disk_names_the_destination_and_leaves_nothing(good, small_disk):
    """The renders are about 2 MB: a 1 MiB disk fills while copying. The error names the file
    being written and the real cause; no temp file, no half-built site."""
    out = small_disk / "site"
    r = site(good, out)
    line = one_error_line(r, code=1)
    assert "No space left on device" in line and f"cannot write {out}/" in line, line
    assert str(good) not in line, line
    assert list(small_disk.iterdir()) == []


@render
def test_site_into_an_unwritable_folder_says_what_fails(good):
    line = one_error_line(site(good, Path("/proc/rnn-lecture-x")), code=1)
    assert "cannot write the output folder /proc/rnn-lecture-x" in line, line
    assert "holds no files" in line and "room" not in line, line
