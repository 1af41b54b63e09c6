"""Embed a section or a clip of the built site in a Sphinx page or a Jupyter notebook.

Both read the site's ``manifest.json`` (``rnn-lecture site``) and write the same ``<video>``
as the site's embed snippets: MP4 and WebM sources, poster, captions track, a width that
scales with the page.

Sphinx (``conf.py``)::

    extensions = ["rnn_lecture.embed"]
    rnn_lecture_site = "../site/low/en"   # the built site, relative to conf.py
    html_extra_path = ["../site/low/en"]  # copied to the root of the HTML output
    rnn_lecture_url = ""                  # where that is served, relative to the output root
                                          # (or an absolute URL)

and in a page::

    .. rnn-video:: primer-04-limits
       :clip: grid

Jupyter::

    from rnn_lecture.embed import video
    video("primer-04-limits", clip="grid", site="site/low/en")             # files beside it
    video("primer-04-limits", clip=1, site="site/low/en", inline=True)     # self-contained
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from .site import embed_snippet, video_tag


class EmbedError(Exception):
    """A section or clip that the site's manifest does not have."""


def load_manifest(site: str | Path) -> dict:
    """The manifest of a built site."""
    path = Path(site) / "manifest.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise EmbedError(f"no site at {site} (missing manifest.json); "
                         "build it with: rnn-lecture site") from None


def find(manifest: dict, section: str, clip: str | int | None = None) -> tuple[dict, dict | None]:
    """The manifest records of ``section`` and of its ``clip`` (beat name, or 0-based index)."""
    for part in manifest["parts"]:
        for s in part["sections"]:
            if s["id"] == section:
                if clip is None:
                    return s, None
                for k, c in enumerate(s["clips"]):
                    if c["beat"] == clip or str(k) == str(clip):
                        return s, c
                beats = ", ".join(c["beat"] for c in s["clips"])
                raise EmbedError(f"{section} has no clip {clip!r}; clips: {beats}")
    have = ", ".join(s["id"] for p in manifest["parts"] for s in p["sections"])
    raise EmbedError(f"section {section!r} is not in the site; it has: {have}")


def _entry(section: dict, manifest: dict) -> dict:
    """A manifest section as the render-record shape :func:`embed_snippet` takes."""
    sid = section["id"]

    def rel(rec):
        return rec["path"][len(sid) + 1:]

    return {
        "section": sid, "video": rel(section["video"]["mp4"]),
        "webm": rel(section["video"]["webm"]), "poster": rel(section["poster"]),
        "captions_vtt": rel(section["captions"]["vtt"]), "chapters": rel(section["chapters"]),
        "video_codecs": section["video"].get("mp4_codecs", "avc1.64001e"),
        "clips": [{"beat": c["beat"], "file": rel(c["video"]["mp4"]),
                   "webm": rel(c["video"]["webm"]), "poster": rel(c["poster"]),
                   "captions_vtt": rel(c["captions"]["vtt"])} for c in section["clips"]],
    }


def snippet(site: str | Path, section: str, clip: str | int | None = None,
            base_url: str = "") -> str:
    """The embed ``<video>`` HTML of a section or clip, its URLs under ``base_url``."""
    manifest = load_manifest(site)
    s, c = find(manifest, section, clip)
    e = _entry(s, manifest)
    ec = None if c is None else e["clips"][s["clips"].index(c)]
    if base_url and not base_url.endswith("/"):
        base_url += "/"
    return embed_snippet(e, ec, manifest["lang"], base_url)


def _data_uri(path: Path, mime: str) -> str:
    return f"data:{mime};base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class _HTML:
    """Stand-in for ``IPython.display.HTML`` where IPython is missing."""

    def __init__(self, data: str):
        self.data = data

    def _repr_html_(self) -> str:
        return self.data


def video(section: str, clip: str | int | None = None, site: str | Path = "site/low/zh",
          url: str | None = None, inline: bool = False):
    """An ``IPython.display.HTML`` that plays a section or clip in a notebook cell.

    Parameters
    ----------
    section : str
        Section id, e.g. ``"primer-04-limits"``.
    clip : str or int, optional
        Beat name or 0-based index; the whole section if omitted.
    site : path
        The built site folder.
    url : str, optional
        Where the notebook's browser finds ``site`` (default: ``site`` as given, relative
        to the notebook).
    inline : bool
        Put the files into the output as data URIs (a self-contained notebook; best for
        clips, which are small).
    """
    site = Path(site)
    if not inline:
        html = snippet(site, section, clip, base_url=url if url is not None else site.as_posix())
    else:
        manifest = load_manifest(site)
        s, c = find(manifest, section, clip)
        rec = c or s
        html = video_tag(
            "", _data_uri(site / rec["video"]["mp4"]["path"], "video/mp4"),
            _data_uri(site / rec["video"]["webm"]["path"], "video/webm"),
            _data_uri(site / rec["poster"]["path"], "image/png"),
            _data_uri(site / rec["captions"]["vtt"]["path"], "text/vtt"), manifest["lang"],
            s["video"].get("mp4_codecs", "avc1.64001e"))
    try:
        from IPython.display import HTML
    except ImportError:  # pragma: no cover - IPython is there in any notebook
        return _HTML(html)
    return HTML(html)


# ----- Sphinx ---------------------------------------------------------------------------

def setup(app):
    """Sphinx extension entry point: the ``rnn-video`` directive."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives

    class RnnVideo(Directive):
        """``.. rnn-video:: SECTION`` with optional ``:clip: BEAT-or-INDEX``."""

        required_arguments = 1
        option_spec = {"clip": directives.unchanged, "class": directives.class_option}
        has_content = False

        def run(self):
            env = self.state.document.settings.env
            cfg = env.config
            site = Path(env.app.confdir) / cfg.rnn_lecture_site
            url = cfg.rnn_lecture_url
            if not url.startswith(("http://", "https://", "//", "/")):
                depth = env.docname.count("/")
                url = "../" * depth + url
            try:
                html = snippet(site, self.arguments[0], self.options.get("clip"), base_url=url)
            except EmbedError as e:
                raise self.error(str(e)) from None
            env.note_dependency(str(site / "manifest.json"))
            classes = " ".join(["rnn-video", *self.options.get("class", [])])
            return [nodes.raw("", f'<div class="{classes}">\n{html}\n</div>', format="html")]

    app.add_config_value("rnn_lecture_site", "site/low/zh", "env")
    app.add_config_value("rnn_lecture_url", "", "env")
    app.add_directive("rnn-video", RnnVideo)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
