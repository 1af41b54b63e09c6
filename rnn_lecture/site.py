"""Web outputs of a render, and the static course site built from them.

The web outputs of one staged section (captions, WebVTT, chapters, a WebM/VP9 copy of every
video, a poster per clip) are made inside ``render``, by
:func:`rnn_lecture.render.assemble.publish_section` (re-exported here), with the encoding
helpers of :mod:`rnn_lecture.encoding`; the site only reads what it wrote.

* :func:`build_site` turns ``media/<quality>/<lang>/`` into a self-contained folder: an index
  page, one page per section (video with both sources, captions and chapters tracks, a chapter
  list that seeks, every clip with an embed snippet, the parameters), and ``manifest.json``
  (schema in the README). No network, no CDN, no framework: a few lines of plain JavaScript
  only make the chapter list seek; without them the list still links to each clip.

A re-run copies only the sections whose render changed (their render key), and writes a file
only when its bytes change, so the other sections' files keep their mtimes.

Every text a page shows is plain text in the page's language: clip titles, the narration and
the parameter descriptions go through :func:`scenes.plain.plain_text` (``W_h`` is Wₕ, ``$\\tanh$``
tanh), each parameter's description is the one in ``lang`` (:meth:`scenes.params.Param.doc_in`),
and the page's own words (:data:`UI`, quality and language names) are in ``lang`` too.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import os
import re
import stat
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from scenes.params import shown
from scenes.plain import plain_text
from scenes.registry import PARTS as REGISTRY_PARTS

from . import safefs
from .encoding import to_webm  # noqa: F401  (API: __all__)
from .render.assemble import publish_section  # noqa: F401  (API: __all__)
from .safefs import DIR_MODE, FILE_MODE, make_public  # noqa: F401  (FILE_MODE, make_public: API)
#: Version of the site layout and of manifest.json's schema.
SCHEMA = "rnn-lecture-site/1"
SITE_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]

#: Part titles by part id, from the lecture's registry (parts not built yet fall back below).
PARTS = {pid: titles for pid, titles, _ in REGISTRY_PARTS}
#: the part of every section the registry knows (``pre-01-construction`` -> ``prehistory``)
_PART_OF = {s.id: pid for pid, _, sections in REGISTRY_PARTS for s in sections}

UI = {
    "zh": {"site": "循环神经网络：动画讲座", "sections": "节", "clips": "个片段",
           "duration": "时长", "chapters": "章节", "clips_h": "片段", "params": "渲染参数",
           "param": "参数", "value": "取值", "default": "默认", "embed": "嵌入代码",
           "copy": "复制", "copied": "已复制", "downloads": "下载", "captions": "字幕",
           "transcript": "旁白文字", "back": "← 目录",
           "lang_label": "中文", "prev": "上一节", "next": "下一节",
           "quality": "画质", "command": "重现命令", "changed": "（已改）",
           "doc": "说明", "language": "语言", "voice": "配音",
           "voice_names": {"synth": "语音合成（{engine}）", "recorded": "讲师录音",
                           "none": "无（只有字幕）"},
           "quality_names": {"low": "低", "medium": "中", "high": "高", "4k": "4K"},
           "lang_names": {"zh": "中文", "en": "英文"},
           "relative": "这些嵌入代码用的是相对本站根目录的路径，只在本站的页面里有效。"
                       "要贴到别的网站，请用 --base-url 重新生成本站。",
           "absolute": "这些嵌入代码用的是完整网址，可以贴到任何网页里；托管本站的服务器须对每个"
                       "媒体文件发送 CORS 头并支持 Range 请求（见 README 的“嵌入”一节）。",
           "oembed": "oEmbed"},
    "en": {"site": "Recurrent networks: an animated lecture", "sections": "sections",
           "clips": "clips", "duration": "Duration", "chapters": "Chapters",
           "clips_h": "Clips", "params": "Rendered with", "param": "Parameter",
           "value": "Value", "default": "Default", "embed": "Embed code", "copy": "Copy",
           "copied": "Copied", "downloads": "Downloads", "captions": "captions",
           "transcript": "Narration", "back": "← Contents",
           "lang_label": "English", "prev": "Previous", "next": "Next",
           "quality": "quality", "command": "To reproduce", "changed": " (changed)",
           "doc": "Meaning", "language": "language", "voice": "voice",
           "voice_names": {"synth": "speech synthesis ({engine})",
                           "recorded": "the instructor's recordings",
                           "none": "none (captions only)"},
           "quality_names": {"low": "low", "medium": "medium", "high": "high", "4k": "4K"},
           "lang_names": {"zh": "Chinese", "en": "English"},
           "relative": "These snippets use paths relative to this site's root: they work on "
                       "this site's own pages only. To paste them into another site, build "
                       "this one again with --base-url.",
           "absolute": "These snippets use full URLs and work pasted into any page; the server "
                       "that hosts this site must send CORS headers with every media file and "
                       "answer Range requests (see the README's section on embedding).",
           "oembed": "oEmbed"},
}


class SiteError(Exception):
    """A one-line user error of ``rnn-lecture site`` (exit code 2)."""


# ======================================================================================
# The site
# ======================================================================================

def part_of(section_id: str) -> str:
    """The part a section belongs to: the registry's part, or for a section the registry does
    not know (a site built by another version), its id's prefix (``primer-09-x`` -> ``primer``)."""
    return _PART_OF.get(section_id) or section_id.split("-", 1)[0]


def part_title(part: str, lang: str) -> str:
    return PARTS.get(part, {}).get(lang) or part.replace("_", " ").capitalize()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _write_if_changed(path: Path, data: bytes | str, site: Path) -> bool:
    """Write atomically if the bytes differ; 0644; never through a link (a link at ``path`` is
    replaced) nor in a folder that is a link below ``site``. True if written."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        if safefs.read_bytes(path) == data:
            return False
    except OSError:
        pass
    safefs.ensure_dir(path.parent, site)
    safefs.write_atomic(path, data)
    return True


def _link_or_copy(src: Path, dst: Path, site: Path) -> None:
    """A hard link (render never rewrites a file in place) or a copy, 0644 (see
    :func:`safefs.copy_in`)."""
    safefs.ensure_dir(dst.parent, site)
    safefs.copy_in(src, dst)


#: A published file's name: a plain relative path of safe characters, each part starting
#: with a letter, digit or ``_`` (no ``..``, no hidden files, no ``:`` that could make a link
#: a ``javascript:`` URL, nothing an HTML attribute or a shell would read specially).
_SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}(?:/[A-Za-z0-9_][A-Za-z0-9_.-]{0,199})"
                        r"{0,3}\Z")


def _path_fields(e: dict):
    """(field name, value) of every file name a render record gives, ``files`` included."""
    for k in ("video", "webm", "poster", "captions", "captions_vtt", "chapters"):
        if k in e:
            yield k, e[k]
    files = e.get("files")
    for i, f in enumerate(files if isinstance(files, list) else []):
        yield f"files[{i}]", f
    clips = e.get("clips")
    for i, c in enumerate(clips if isinstance(clips, list) else []):
        for k in ("file", "webm", "poster", "captions", "captions_vtt"):
            if isinstance(c, dict) and k in c:
                yield f"clips[{i}].{k}", c[k]


def check_render_paths(render_json: Path, e: dict, media: Path) -> None:
    """Raise :class:`SiteError` (one line naming ``render_json`` and the entry) unless every
    file name in the record ``e`` is a plain relative path of safe characters
    (:data:`_SAFE_NAME`) naming a regular file that lives under ``media``: no link at the file
    or at any folder between ``media`` and it."""
    d = render_json.parent
    for field, name in _path_fields(e):
        shown = repr(name)[:120]
        if not isinstance(name, str) or not _SAFE_NAME.match(name) or ".." in name.split("/"):
            raise SiteError(f"{render_json}: {field} {shown} is not a plain relative file "
                            "name (letters, digits, _ . - and / only; no '..', no leading "
                            "'.' or '/')")
        here = media
        for part in d.relative_to(media).parts + tuple(name.split("/")):
            here = here / part
            try:
                st = os.lstat(here)
            except FileNotFoundError:
                break       # missing: reported as an incomplete render below
            except OSError as err:
                raise SiteError(f"{render_json}: {field} {shown}: {err.strerror}") from None
            if stat.S_ISLNK(st.st_mode):
                raise SiteError(f"{render_json}: {field} {shown}: {here} is a symbolic link; "
                                f"only regular files under {media} are published")
        else:
            if not stat.S_ISREG(os.lstat(here).st_mode):
                raise SiteError(f"{render_json}: {field} {shown} is not a regular file")


def check_out_apart(out: Path, media: Path) -> None:
    """Raise :class:`SiteError` if the site folder ``out`` is, or is inside, or holds the
    render folder ``media`` (building it would replace or delete the renders)."""
    o, m = Path(os.path.realpath(out)), Path(os.path.realpath(media))
    if o == m or m in o.parents:
        raise SiteError(f"--out {out} is inside the render folder --media {media}; building "
                        "the site there would delete the renders: choose a folder outside it")
    if o in m.parents:
        raise SiteError(f"--out {out} holds the render folder --media {media}; building the "
                        "site there could delete the renders: choose a folder beside it")


def _fmt_duration(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 60}:{s % 60:02d}"


def _fmt_time(seconds: float) -> str:
    return _fmt_duration(seconds) if seconds >= 0 else "0:00"


def _e(x) -> str:
    """Escape for HTML text and double-quoted attributes."""
    return html.escape(str(x), quote=True)


def check_base_url(base_url: str) -> None:
    """``--base-url`` is empty or an ``http://`` / ``https://`` URL with a host and no spaces
    or control characters; a one-line SiteError otherwise (a ``javascript:`` or ``data:``
    prefix would turn every embed snippet into a script)."""
    if not base_url:
        return
    bad = f"--base-url '{shown(base_url)}': expected an http:// or https:// URL with a host"
    if len(base_url) > 2000 or not base_url.isprintable() or any(c.isspace() for c in base_url):
        raise SiteError(bad + " (at most 2000 characters, no spaces or control characters)")
    try:
        parts = urlsplit(base_url)
        host = parts.hostname
    except ValueError:
        raise SiteError(bad) from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise SiteError(bad + ", e.g. https://course.example/rnn/")


#: What a render.json must hold for the site, field by field (see ``render_one`` and
#: :func:`rnn_lecture.render.assemble.assemble_section`, which write it): a name string, a
#: number, ...
_NAME_FIELDS = ("video", "webm", "poster", "captions", "captions_vtt", "chapters")
_CLIP_NAME_FIELDS = ("file", "webm", "poster", "captions", "captions_vtt")


def validate_render(e, path: Path, section: str, lang: str, quality: str) -> dict:
    """Check a section's render record before the site uses any of it; return it.

    Every field the site reads is checked for its type (names of files are non-empty strings
    listed in ``files``, times are finite numbers >= 0, ``title`` has a string for ``lang``);
    ``section``, ``lang`` and ``quality`` must be those of the folder it was found in. The
    first problem is a one-line SiteError naming the file and the field.
    """
    def bad(field: str, expected: str, value=None):
        got = "" if value is None else f", got {shown(json.dumps(value, ensure_ascii=False))}"
        raise SiteError(f"{path}: field {field}: expected {expected}{got}; render the section "
                        f"again (rnn-lecture render {section} --quality {quality} --lang "
                        f"{lang} --force)")

    def text(obj, key, where, optional=False):
        if key not in obj:
            if optional:
                return
            bad(where, "a string (it is missing)")
        if not isinstance(obj[key], str) or (not obj[key] and not optional):
            bad(where, "a non-empty string", obj[key])

    def seconds(obj, key, where):
        v = obj.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
                or v < 0:
            bad(where, "a finite number of seconds >= 0" + ("" if key in obj
                                                            else " (it is missing)"),
                v if key in obj else None)

    if not isinstance(e, dict):
        bad("(the whole file)", "a JSON object", type(e).__name__)
    if "files" not in e:
        bad("files", "a list of file names (it is missing)")
    if not isinstance(e["files"], list) or not all(isinstance(f, str) and f
                                                   for f in e["files"]):
        bad("files", "a list of non-empty file names", e["files"])
    listed = set(e["files"])
    for key, want in (("section", section), ("lang", lang), ("quality", quality)):
        text(e, key, key)
        if e[key] != want:
            bad(key, f"'{want}' (the folder it is in)", e[key])
    text(e, "number", "number")
    if not isinstance(e.get("title"), dict) or not isinstance(e["title"].get(lang), str):
        bad("title", f'an object with a "{lang}" string', e.get("title"))
    seconds(e, "duration", "duration")
    if not isinstance(e.get("params", {}), dict):
        bad("params", "an object of parameter values", e["params"])
    for key in _NAME_FIELDS:
        text(e, key, key)
        if e[key] not in listed:
            bad(key, "a file listed in files", e[key])
    text(e, "video_codecs", "video_codecs", optional=True)
    if not isinstance(e.get("clips"), list):
        bad("clips", "a list of clips" + ("" if "clips" in e else " (it is missing)"),
            e.get("clips"))
    for k, c in enumerate(e["clips"]):
        where = f"clips[{k}]"
        if not isinstance(c, dict):
            bad(where, "an object", c)
        text(c, "beat", f"{where}.beat")
        text(c, "title", f"{where}.title")
        seconds(c, "start", f"{where}.start")
        seconds(c, "duration", f"{where}.duration")
        for key in _CLIP_NAME_FIELDS:
            text(c, key, f"{where}.{key}")
            if c[key] not in listed:
                bad(f"{where}.{key}", "a file listed in files", c[key])
    narration = e.get("narration", [])
    if not isinstance(narration, list):
        bad("narration", "a list of cues", narration)
    for k, n in enumerate(narration):
        if not isinstance(n, dict) or not isinstance(n.get("text"), str):
            bad(f"narration[{k}]", 'an object with a "text" string', n)
    return e


def _load_renders(media: Path, quality: str, lang: str) -> list[dict]:
    """Render records of every section rendered in this quality and language, lecture order.

    Each ``render.json`` is read as every input file is (:mod:`rnn_lecture.inputs`: a regular
    file of at most 16 MiB, strict JSON nested at most 32 deep) and checked by
    :func:`validate_render`, all of them before the site writes anything.
    """
    from scenes.registry import ids

    from .inputs import MAX_RENDER_JSON_BYTES, InputError, load

    root = media / quality / lang
    if not root.is_dir():
        raise SiteError(f"no renders in {root}; run: rnn-lecture render --quality {quality} "
                        f"--lang {lang} --out {media}")
    order = ids()
    entries = []
    for d in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        if d.name not in order or not os.path.lexists(d / "render.json"):
            continue
        path = d / "render.json"
        if d.is_symlink() or path.is_symlink():
            raise SiteError(f"{d if d.is_symlink() else path} is a symbolic link; only regular "
                            f"files under {media} are published")
        try:
            e = load(path, str(path), "json", MAX_RENDER_JSON_BYTES)
        except InputError as err:
            raise SiteError(str(err)) from None
        if isinstance(e, dict) and "section" in e and ("webm" not in e
                                                       or "captions_vtt" not in e):
            raise SiteError(f"{d.name}: rendered before web outputs existed (no WebM/WebVTT); "
                            f"run: rnn-lecture render {d.name} --quality {quality} --lang {lang} "
                            f"--out {media} --force")
        validate_render(e, path, d.name, lang, quality)   # fields and types
        check_render_paths(path, e, media)                 # every file a plain path in media
        missing = [f for f in e["files"] if not (d / f).is_file()]
        if missing:
            raise SiteError(f"{d.name}: render incomplete, missing {shown(missing[0])}; "
                            "render it again")
        entries.append(e)
    if not entries:
        raise SiteError(f"no rendered sections in {root}; run: rnn-lecture render --quality "
                        f"{quality} --lang {lang} --out {media}")
    entries.sort(key=lambda e: order.index(e["section"]))
    return entries


def _file_record(site: Path, rel: str, hashes: dict) -> dict:
    p = site / rel
    size = p.stat().st_size
    return {"path": rel, "size": size, "sha256": hashes[rel]}


def _section_files(e: dict) -> list[str]:
    """Files of a render that the site publishes (all but render.json)."""
    return [f for f in e["files"] if f != "render.json"]


def _sync_section(media_dir: Path, site: Path, e: dict, echo) -> dict:
    """Copy one section's files into the site if its render changed; return file hashes."""
    sid = e["section"]
    dest = site / sid
    stamp_path = dest / ".site-stamp.json"
    try:
        stamp = json.loads(safefs.read_bytes(stamp_path))
    except (OSError, ValueError, RecursionError):
        stamp = {}
    if not isinstance(stamp, dict) or not isinstance(stamp.get("sha256"), dict):
        stamp = {}  # damaged: copy the section again
    files = _section_files(e)
    if (stamp.get("key") == e.get("key") and stamp.get("files") == files
            and all((dest / f).is_file() for f in files)):
        return stamp["sha256"]
    echo(f"{sid}: copying {len(files)} files")
    hashes = {}
    for f in files:
        _link_or_copy(media_dir / f, dest / f, site)
        hashes[f] = _sha256(dest / f)
    keep = set(files) | {"index.html", ".site-stamp.json", OEMBED_SECTION,
                         *(oembed_name(c) for c in e.get("clips", ()))}
    for p in sorted(dest.rglob("*"), reverse=True):  # files of an older render of the section
        rel = p.relative_to(dest).as_posix()
        st = os.lstat(p)
        if rel in keep:
            continue
        if not stat.S_ISDIR(st.st_mode):
            p.unlink()               # a file or a link (the link itself, not its target)
        elif not any(p.iterdir()):
            p.rmdir()
    _write_if_changed(stamp_path, json.dumps({"key": e.get("key"), "files": files,
                                              "sha256": hashes}, indent=1), site)
    return hashes


def build_site(media: str | Path = "media", out: str | Path | None = None, lang: str = "zh",
               quality: str = "low", base_url: str = "", echo=print) -> dict:
    """Build the static site for one language and quality; return its manifest.

    Parameters
    ----------
    media : path
        The render output folder (``render --out``).
    out : path, optional
        The site folder (default ``site/<quality>/<lang>``).
    lang : {"zh", "en"}
    quality : str
    base_url : str
        Prefix of the URLs in embed snippets (e.g. ``https://course.example/rnn/``); empty:
        paths relative to the site root.
    """

    check_base_url(base_url)
    media = Path(media)
    site = Path(out) if out else Path("site") / quality / lang
    check_out_apart(site, media)
    entries = _load_renders(media, quality, lang)
    safefs.check_writable(site)
    fresh = not site.exists() and not site.is_symlink()
    try:
        with safefs.output_umask():   # folders made above --out too: 0755 whatever the umask
            return _build(media, site, entries, lang, quality, base_url, echo)
    except BaseException:
        if fresh:      # nothing half-built: a site this run began is removed whole
            shutil.rmtree(site, ignore_errors=True)
        raise


def _build(media: Path, site: Path, entries: list[dict], lang: str, quality: str,
           base_url: str, echo) -> dict:
    from scenes.registry import get

    if not site.is_dir():
        site.mkdir(parents=True, exist_ok=True)
        os.chmod(site, DIR_MODE)
    for sub in ("assets", *(e["section"] for e in entries)):
        safefs.check_not_link(site / sub, "a folder of the site")
    sections = []
    for e in entries:
        hashes = _sync_section(media / quality / lang / e["section"], site, e, echo)
        sections.append((e, hashes))
    if base_url and not base_url.endswith("/"):
        base_url += "/"

    manifest = _manifest(site, sections, lang, quality)
    for e, _ in sections:
        _write_oembeds(site, e, lang, base_url)
    for k, (e, _) in enumerate(sections):
        prev_e = sections[k - 1][0] if k > 0 else None
        next_e = sections[k + 1][0] if k + 1 < len(sections) else None
        schema = get(e["section"]).schema
        page = section_page(e, lang, schema_rows=[p.describe(lang) for p in schema.params],
                            base_url=base_url, prev_e=prev_e, next_e=next_e)
        _write_if_changed(site / e["section"] / "index.html", page, site)
    _write_if_changed(site / "index.html", index_page(manifest), site)
    _write_if_changed(site / "assets" / "site.css", CSS, site)
    _write_if_changed(site / "assets" / "site.js", JS, site)
    _write_if_changed(site / "manifest.json",
                      json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", site)
    # drop pages of sections no longer rendered (a link is not ours: left alone)
    wanted = {e["section"] for e, _ in sections} | {"assets"}
    for p in site.iterdir():
        if (not p.is_symlink() and p.is_dir() and p.name not in wanted
                and (p / ".site-stamp.json").is_file()):
            shutil.rmtree(p)
    make_public(site)
    return manifest


#: The frame of each quality (Manim's), for an oEmbed answer whose poster cannot be read.
FRAME_SIZES = {"low": (854, 480), "medium": (1280, 720), "high": (1920, 1080),
               "4k": (3840, 2160)}


def _write_oembeds(site: Path, e: dict, lang: str, base_url: str) -> None:
    """A section's oEmbed JSON and each of its clips' (:func:`oembed`), at the video's size
    (its poster's)."""
    from PIL import Image

    folder = site / e["section"]
    try:
        with Image.open(folder / e["poster"]) as im:
            size = im.size
    except (OSError, ValueError):    # not a picture we can read: the quality's frame size
        size = FRAME_SIZES.get(e.get("quality"), FRAME_SIZES["low"])
    for clip in (None, *e["clips"]):
        doc = oembed(e, clip, lang, base_url, size)
        _write_if_changed(folder / oembed_name(clip),
                          json.dumps(doc, indent=1, ensure_ascii=False) + "\n", site)


def _manifest(site: Path, sections, lang: str, quality: str) -> dict:
    from . import __version__

    parts: dict[str, dict] = {}
    for e, hashes in sections:
        sid = e["section"]
        rec = lambda rel: _file_record(site, f"{sid}/{rel}", {f"{sid}/{k}": v  # noqa: E731
                                                               for k, v in hashes.items()})
        clips = []
        for c in e["clips"]:
            clips.append({
                "beat": c["beat"], "title": plain_text(c["title"]), "start": c["start"],
                "duration": c["duration"],
                "video": {"mp4": rec(c["file"]), "webm": rec(c["webm"])},
                "poster": rec(c["poster"]),
                "captions": {"vtt": rec(c["captions_vtt"]), "srt": rec(c["captions"])},
            })
        part = part_of(sid)
        parts.setdefault(part, {"id": part, "title": part_title(part, lang), "sections": []})
        parts[part]["sections"].append({
            "id": sid, "number": e["number"], "title": e["title"][lang],
            "page": f"{sid}/index.html", "duration": e["duration"],
            "lang": lang, "quality": quality, "params": e["params"],
            "video": {"mp4": rec(e["video"]), "webm": rec(e["webm"]),
                      "mp4_codecs": e.get("video_codecs", "avc1.64001e"),
                      "webm_codecs": "vp9"},
            "poster": rec(e["poster"]),
            "captions": {"vtt": rec(e["captions_vtt"]), "srt": rec(e["captions"])},
            "chapters": rec(e["chapters"]),
            "voice": {"kind": voice_of(e)[0],
                      **({k: e["voice"][k] for k in ("engine", "loudness") if k in e["voice"]}
                         if e.get("voice") else {})},
            "clips": clips,
        })
    order = list(PARTS)
    part_list = sorted(parts.values(),
                       key=lambda p: order.index(p["id"]) if p["id"] in order else len(order))
    return {"schema": SCHEMA, "generator": f"rnn-lecture {__version__}", "lang": lang,
            "quality": quality, "parts": part_list}


# ----- pages ----------------------------------------------------------------------------

FONT_STACK = {
    "zh": ('"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", '
           '"Microsoft YaHei", "WenQuanYi Micro Hei", system-ui, sans-serif'),
    "en": ('system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", '
           'Arial, sans-serif'),
}
HTML_LANG = {"zh": "zh-Hans", "en": "en"}


def _head(title: str, lang: str, root: str, oembed: str = "") -> str:
    """A page's head; ``oembed``: the URL of its oEmbed JSON (a discovery link)."""
    found = (f'<link rel="alternate" type="application/json+oembed" href="{_e(oembed)}" '
             f'title="{_e(title)}">\n' if oembed else "")
    return (f'<!doctype html>\n<html lang="{HTML_LANG[lang]}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{_e(title)}</title>\n<link rel="icon" href="data:,">\n{found}'
            f'<link rel="stylesheet" href="{root}assets/site.css">\n'
            f'<style>body{{font-family:{FONT_STACK[lang]}}}</style>\n</head>\n')


def index_page(manifest: dict) -> str:
    """The contents page: parts and sections in lecture order, posters, titles, durations."""
    lang = manifest["lang"]
    t = UI[lang]
    out = [_head(t["site"], lang, ""), "<body>\n<main>\n", f"<h1>{_e(t['site'])}</h1>\n"]
    for part in manifest["parts"]:
        out.append(f'<section class="part" id="part-{_e(part["id"])}">\n'
                   f'<h2>{_e(part["title"])}</h2>\n<ol class="cards">\n')
        for s in part["sections"]:
            out.append(
                f'<li class="card"><a href="{_e(s["page"])}">'
                f'<img src="{_e(s["poster"]["path"])}" alt="" width="427" height="240" '
                f'loading="lazy">'
                f'<span class="head"><span class="num">{_e(s["number"])}</span> '
                f'<span class="title">{_e(s["title"])}</span></span></a>'
                f'<span class="meta">{_e(t["duration"])} '
                f'<time datetime="PT{int(round(s["duration"]))}S">'
                f'{_fmt_duration(s["duration"])}</time> · {len(s["clips"])} '
                f'{_e(t["clips"])}</span></li>\n')
        out.append("</ol>\n</section>\n")
    out.append(f'<footer>{_e(_quality_name(manifest["quality"], lang))} · '
               f'{_e(t["lang_label"])} · '
               f'<a href="manifest.json">manifest.json</a></footer>\n</main>\n</body>\n</html>\n')
    return "".join(out)


def video_tag(base: str, e_video: str, e_webm: str, poster: str, vtt: str, lang: str,
              codecs: str, chapters: str | None = None, attrs: str = "",
              crossorigin: bool = False) -> str:
    """A ``<video>`` with MP4 and WebM sources, poster, captions (and chapters) tracks; its
    width scales with the page (``width:100%; height:auto``)."""
    label = UI[lang]["lang_label"]
    co = ' crossorigin="anonymous"' if crossorigin else ""
    lines = [f'<video controls preload="metadata" playsinline{co}{attrs}',
             f'       poster="{_e(base + poster)}"',
             '       style="display:block;width:100%;height:auto;aspect-ratio:16/9">',
             f"  <source src=\"{_e(base + e_video)}\" type='video/mp4; codecs=\"{_e(codecs)}\"'>",
             f"  <source src=\"{_e(base + e_webm)}\" type='video/webm; codecs=\"vp9\"'>",
             f'  <track kind="captions" src="{_e(base + vtt)}" srclang="{lang}" '
             f'label="{_e(label)}" default>']
    if chapters:
        lines.append(f'  <track kind="chapters" src="{_e(base + chapters)}" srclang="{lang}" '
                     f'label="{_e(UI[lang]["chapters"])}">')
    lines.append("</video>")
    return "\n".join(lines)


def embed_snippet(e: dict, clip: dict | None, lang: str, base_url: str) -> str:
    """The copy-paste ``<video>`` for a section or one of its clips, URLs under ``base_url``
    (or relative to the site root)."""
    sid = e["section"]
    base = f"{base_url}{sid}/"
    codecs = e.get("video_codecs", "avc1.64001e")
    absolute = base_url.startswith(("http://", "https://", "//"))
    if clip is None:
        return video_tag(base, e["video"], e["webm"], e["poster"], e["captions_vtt"], lang,
                         codecs, chapters=e["chapters"], crossorigin=absolute)
    return video_tag(base, clip["file"], clip["webm"], clip["poster"], clip["captions_vtt"],
                     lang, codecs, crossorigin=absolute)


#: A section's oEmbed JSON, in its folder; a clip's is beside the clip (``clips/NN_beat.json``).
OEMBED_SECTION = "oembed.json"


def oembed_name(clip: dict | None) -> str:
    """Where a section's (``clip`` None) or a clip's oEmbed JSON is, in the section's folder."""
    return OEMBED_SECTION if clip is None else clip["file"].rsplit(".", 1)[0] + ".json"


def oembed(e: dict, clip: dict | None, lang: str, base_url: str, size: tuple[int, int]) -> dict:
    """The oEmbed answer (type ``video``, https://oembed.com) for a section or a clip, so a
    course platform that reads oEmbed embeds it without copying HTML: the same ``html`` as the
    page's snippet, the poster as the thumbnail (and as ``poster``), the video's pixel size
    and its duration in seconds (``poster`` and ``duration`` are not oEmbed's own fields:
    read by the platforms that know them)."""
    from . import __version__

    base = f"{base_url}{e['section']}/"
    title = f'{e["number"]} {e["title"][lang]}'
    if clip is not None:
        title += f" · {plain_text(clip['title'])}"
    width, height = size
    found = {"version": "1.0", "type": "video", "provider_name": UI[lang]["site"],
             "title": title,
             "html": embed_snippet(e, clip, lang, base_url), "width": width, "height": height,
             "thumbnail_url": base + (clip or e)["poster"], "thumbnail_width": width,
             "thumbnail_height": height, "poster": base + (clip or e)["poster"],
             "duration": (clip or e)["duration"], "generator": f"rnn-lecture {__version__}"}
    if base_url:
        found["provider_url"] = base_url
    return found


def _value_text(v) -> str:
    if isinstance(v, list):
        return ", ".join(_value_text(x) for x in v)
    return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else str(v)


def section_page(e: dict, lang: str, schema_rows: list[dict] | None = None,
                 base_url: str = "", prev_e: dict | None = None,
                 next_e: dict | None = None) -> str:
    """One section's page; every text from parameters or files is escaped."""
    t = UI[lang]
    sid = e["section"]
    title = f'{e["number"]}  {e["title"][lang]}'
    codecs = e.get("video_codecs", "avc1.64001e")
    oembed = f"{base_url}{sid}/{OEMBED_SECTION}" if base_url else OEMBED_SECTION
    out = [_head(f'{title} · {t["site"]}', lang, "../", oembed), "<body>\n<main>\n",
           f'<nav><a href="../index.html">{_e(t["back"])}</a> · '
           f'{_e(part_title(part_of(sid), lang))}</nav>\n',
           f'<h1><span class="num">{_e(e["number"])}</span> {_e(e["title"][lang])}</h1>\n',
           '<figure class="player">\n',
           video_tag("", e["video"], e["webm"], e["poster"], e["captions_vtt"], lang, codecs,
                     chapters=e["chapters"], attrs=' id="main-video"'),
           "\n</figure>\n",
           f'<h2>{_e(t["chapters"])}</h2>\n<ol class="chapters" data-video="main-video">\n']
    for k, c in enumerate(e["clips"]):
        out.append(f'<li><a href="#clip-{k:02d}" data-start="{c["start"]:.3f}">'
                   f'<time>{_fmt_time(c["start"])}</time> {_e(plain_text(c["title"]))}</a></li>\n')
    out.append("</ol>\n")
    if e.get("narration"):
        out.append(f'<details class="transcript"><summary>{_e(t["transcript"])}</summary>\n')
        out.extend(f"<p>{_e(plain_text(n['text']))}</p>\n" for n in e["narration"])
        out.append("</details>\n")
    out.append(f'<h2>{_e(t["embed"])}</h2>\n')
    out.append(f'<p class="embed-note">{_e(t["absolute" if base_url else "relative"])} '
               f'<a href="{_e(OEMBED_SECTION)}">{_e(t["oembed"])}</a></p>\n')
    out.append(_snippet_block(embed_snippet(e, None, lang, base_url), t, "embed-section"))
    out.append(f'<h2>{_e(t["clips_h"])}</h2>\n')
    for k, c in enumerate(e["clips"]):
        out.append(f'<section class="clip" id="clip-{k:02d}">\n'
                   f'<h3>{k + 1}. {_e(plain_text(c["title"]))} <span class="meta">'
                   f'{_fmt_duration(c["duration"])}</span></h3>\n')
        out.append(video_tag("", c["file"], c["webm"], c["poster"], c["captions_vtt"], lang,
                             codecs))
        out.append("\n")
        out.append(_snippet_block(embed_snippet(e, c, lang, base_url), t, f"embed-{k:02d}"))
        out.append("</section>\n")
    out.append(f'<h2>{_e(t["params"])}</h2>\n')
    out.append(_params_table(e, schema_rows or [], lang))
    out.append(f'<h2>{_e(t["downloads"])}</h2>\n<ul class="downloads">\n')
    for label, f in (("MP4 (H.264)", e["video"]), ("WebM (VP9)", e["webm"]),
                     (f'WebVTT {t["captions"]}', e["captions_vtt"]),
                     (f'SRT {t["captions"]}', e["captions"]),
                     (f'WebVTT {t["chapters"]}', e["chapters"])):
        out.append(f'<li><a href="{_e(f)}" download>{_e(label)}</a></li>\n')
    out.append("</ul>\n<nav class=\"prevnext\">")
    if prev_e:
        out.append(f'<a rel="prev" href="../{_e(prev_e["section"])}/index.html">'
                   f'← {_e(prev_e["number"])} {_e(prev_e["title"][lang])}</a>')
    if next_e:
        out.append(f'<a rel="next" href="../{_e(next_e["section"])}/index.html">'
                   f'{_e(next_e["number"])} {_e(next_e["title"][lang])} →</a>')
    out.append('</nav>\n</main>\n<script src="../assets/site.js"></script>\n</body>\n</html>\n')
    return "".join(out)


def _quality_name(quality: str, lang: str) -> str:
    """A quality as the page's language names it (``low`` is 低 on a Chinese page)."""
    return UI[lang]["quality_names"].get(quality, quality)


def _snippet_block(snippet: str, t: dict, ident: str) -> str:
    return (f'<div class="snippet"><div class="bar"><span>HTML</span>'
            f'<button type="button" data-copy="{ident}" data-done="{_e(t["copied"])}">'
            f'{_e(t["copy"])}</button></div>'
            f'<pre><code id="{ident}">{_e(snippet)}</code></pre></div>\n')


def voice_of(e: dict) -> tuple[str, str]:
    """A section's voice, from its render record: ``none``, ``recorded`` or ``synth``, and
    the ``--voice`` option that renders it again (a recordings folder is named ``DIR``: it is
    the instructor's, not the site's)."""
    source = (e.get("voice") or {}).get("source") or "none"
    kind = source.split(":", 1)[0]
    if kind == "synth":
        return kind, f"--voice {source}"
    if kind == "recorded":
        return kind, "--voice recorded:DIR"
    return "none", ""


def _params_table(e: dict, rows: list[dict], lang: str) -> str:
    t = UI[lang]
    defaults = {r["name"]: r for r in rows}
    kind, voice_flag = voice_of(e)
    engine = ((e.get("voice") or {}).get("engine") or "").split(" ")[0]
    voice_name = t["voice_names"][kind].replace("{engine}", engine or "?")
    out = [f'<p class="meta">{_e(t["quality"])} {_e(_quality_name(e["quality"], lang))} · '
           f'{_e(t["language"])} {_e(t["lang_names"].get(e["lang"], e["lang"]))} · '
           f'{_e(t["voice"])} {_e(voice_name)}</p>\n',
           f'<table class="params"><thead><tr><th>{_e(t["param"])}</th><th>{_e(t["value"])}'
           f'</th><th>{_e(t["default"])}</th><th>{_e(t["doc"])}</th></tr></thead><tbody>\n']
    sets = []
    for name, value in e["params"].items():
        r = defaults.get(name, {})
        default = r.get("default")
        changed = default is not None and json.dumps(default) != json.dumps(value)
        if changed:
            sets.append(f"--set {name}={_value_text(value).replace(', ', ',')}")
        out.append(f'<tr{" class=changed" if changed else ""}><td><code>{_e(name)}</code></td>'
                   f'<td>{_e(_value_text(value))}{_e(t["changed"]) if changed else ""}</td>'
                   f'<td>{_e(_value_text(default)) if default is not None else ""}</td>'
                   f'<td>{_e(plain_text(r.get("doc", "")))}</td></tr>\n')
    out.append("</tbody></table>\n")
    cmd = (f'rnn-lecture render {e["section"]} --quality {e["quality"]} --lang {e["lang"]} '
           + " ".join(sets + ([voice_flag] if voice_flag else []))).strip()
    colon = "：" if lang == "zh" else ": "
    out.append(f'<p>{_e(t["command"])}{colon}<code>{_e(cmd)}</code></p>\n')
    return "".join(out)


CSS = """\
:root { --fg: #1d2330; --muted: #5d6577; --bg: #fbfbfd; --line: #dfe2ea; --accent: #2a62c9; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); line-height: 1.6; }
main { max-width: 960px; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.8rem; line-height: 1.3; margin: .5rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 .6rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; }
a { color: var(--accent); }
.num { color: var(--muted); font-variant-numeric: tabular-nums; margin-right: .3em; }
.meta { color: var(--muted); font-size: .9rem; font-weight: normal; }
.cards { list-style: none; padding: 0; display: grid; gap: 1rem;
         grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; overflow: hidden;
        display: flex; flex-direction: column; }
.card a { text-decoration: none; color: inherit; display: block; padding-bottom: .3rem; }
.card img { width: 100%; height: auto; display: block; background: #111; }
.card .head { display: block; padding: .5rem .8rem 0; }
.card .title { font-weight: 600; }
.card .meta { padding: 0 .8rem .7rem; }
figure.player { margin: 0; background: #000; }
video { display: block; background: #000; }
ol.chapters { padding-left: 1.4rem; }
ol.chapters a { text-decoration: none; }
ol.chapters a:hover { text-decoration: underline; }
ol.chapters time { color: var(--muted); font-variant-numeric: tabular-nums; margin-right: .5em; }
.snippet { margin: .6rem 0 1rem; border: 1px solid var(--line); border-radius: 6px;
           background: #f1f3f8; }
.snippet .bar { display: flex; justify-content: space-between; align-items: center;
                padding: .25rem .5rem .25rem .7rem; border-bottom: 1px solid var(--line);
                color: var(--muted); font-size: .85rem; }
.snippet pre { margin: 0; padding: .6rem .7rem; overflow-x: auto; font-size: .8rem;
               line-height: 1.45; white-space: pre-wrap; overflow-wrap: anywhere; }
.snippet button { font: inherit; font-size: .8rem; padding: .05rem .7rem; cursor: pointer; }
table.params { border-collapse: collapse; width: 100%; font-size: .9rem; }
table.params th, table.params td { border-bottom: 1px solid var(--line); padding: .3rem .5rem;
                                   text-align: left; vertical-align: top; }
table.params tr.changed td { background: #fff6dc; }
details.transcript { margin: 1rem 0; }
nav.prevnext { display: flex; justify-content: space-between; gap: 1rem; margin-top: 2rem; }
footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
"""

JS = """\
// Chapter list seeks the player; copy buttons copy the embed code. No framework, no network.
document.querySelectorAll("ol.chapters").forEach(function (list) {
  var video = document.getElementById(list.dataset.video);
  if (!video) return;
  list.querySelectorAll("a[data-start]").forEach(function (a) {
    a.addEventListener("click", function (ev) {
      ev.preventDefault();
      video.currentTime = parseFloat(a.dataset.start) + 0.01;
      video.scrollIntoView({block: "nearest"});
    });
  });
  // load the chapters track's cues too, for players and scripts that read them
  for (var i = 0; i < video.textTracks.length; i++) {
    if (video.textTracks[i].kind === "chapters") video.textTracks[i].mode = "hidden";
  }
});
document.querySelectorAll("button[data-copy]").forEach(function (b) {
  b.addEventListener("click", function () {
    var text = document.getElementById(b.dataset.copy).textContent;
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(function () {
      b.textContent = b.dataset.done;
    }, function () {});
  });
});
"""


# ----- preview server -----------------------------------------------------------------

#: What every answer of the preview server carries, as ``deploy/nginx/embed-headers.conf``
#: has a host send: any page may load the media with ``crossorigin="anonymous"`` (CORS), read
#: the byte range it got, and load it without CORS under a cross-origin-isolated page (CORP).
EMBED_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges",
    "Cross-Origin-Resource-Policy": "cross-origin",
}


def make_server(folder: str | Path, host: str = "127.0.0.1", port: int = 0):
    """An HTTP server for ``folder`` as a host of embedded clips should be: it answers Range
    requests (browsers seek video with them), names the media's types (``.vtt`` as
    ``text/vtt``, ``.webm``, ``.mp4``), and sends :data:`EMBED_HEADERS` with every answer
    (and answers a CORS preflight), so a snippet pasted into a page of another origin plays,
    shows its captions and seeks. Returns the server; ``server.server_address`` has the port.
    ``rnn-lecture site --serve`` runs it; the test servers are the same."""
    import functools
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                          ".vtt": "text/vtt; charset=utf-8", ".webm": "video/webm",
                          ".mp4": "video/mp4", ".srt": "application/x-subrip; charset=utf-8",
                          ".json": "application/json", ".js": "text/javascript",
                          ".html": "text/html; charset=utf-8", ".css": "text/css"}

        def log_message(self, *args):  # quiet
            pass

        def send_head(self):
            rng = self.headers.get("Range")
            path = self.translate_path(self.path)
            if not rng or not os.path.isfile(path):
                return super().send_head()
            size = os.path.getsize(path)
            try:
                unit, spec = rng.split("=", 1)
                a, b = spec.split(",")[0].split("-")
                start = int(a) if a else max(size - int(b), 0)
                end = int(b) if a and b else size - 1
            except ValueError:
                return super().send_head()
            if unit.strip() != "bytes" or start >= size:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{size}")
                self.end_headers()
                return None
            end = min(end, size - 1)
            f = open(path, "rb")
            f.seek(start)
            self.send_response(206)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("Content-Length", str(end - start + 1))
            self.end_headers()
            return _Limited(f, end - start + 1)

        def end_headers(self):
            if not self.headers.get("Range"):
                self.send_header("Accept-Ranges", "bytes")
            for name, value in EMBED_HEADERS.items():
                self.send_header(name, value)
            super().end_headers()

        def do_OPTIONS(self):   # a CORS preflight (a fetch with a Range header, say)
            self.send_response(204)
            self.send_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
            self.send_header("Access-Control-Allow-Headers", "Range")
            self.send_header("Access-Control-Max-Age", "86400")
            self.send_header("Content-Length", "0")
            self.end_headers()

    return ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(folder)))


class _Limited:
    """A file object that reads at most ``n`` bytes (the body of a 206 answer)."""

    def __init__(self, f, n):
        self.f, self.n = f, n

    def read(self, size=-1):
        if self.n <= 0:
            return b""
        size = self.n if size < 0 else min(size, self.n)
        data = self.f.read(size)
        self.n -= len(data)
        return data

    def close(self):
        self.f.close()


__all__ = ["build_site", "check_base_url", "validate_render", "publish_section", "make_public",
           "to_webm", "make_server", "EMBED_HEADERS", "oembed", "oembed_name",
           "SiteError", "PARTS", "part_of", "part_title", "section_page", "index_page",
           "embed_snippet"]
