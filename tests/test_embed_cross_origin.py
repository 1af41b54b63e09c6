"""Clips pasted into another site: a site built with ``--base-url`` and served by Debian's
nginx with the shipped ``deploy/nginx/embed-headers.conf`` (and by ``rnn-lecture site
--serve``'s server), a page of another origin with a section's snippet (copied from its page)
and a clip's (from its oEmbed JSON), in headless Chromium: each plays (its time advances),
its captions track has cues, and the section's seeks to a chapter within 0.1 s. The same
page against a host without the CORS headers does not play: the test sees the failure it
guards against."""

from __future__ import annotations

import html
import json
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from test_site_browser import browser, console_errors  # noqa: F401  (a fixture)

from rnn_lecture.render import ROOT
from rnn_lecture.site import build_site, make_server

pytestmark = pytest.mark.render

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HEADERS_CONF = ROOT / "deploy" / "nginx" / "embed-headers.conf"
SECTION = "lstm-06-gru"            # one of conftest.SITE_SECTIONS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on 127.0.0.1:{port}")


def nginx_conf(prefix: Path, servers: list[str]) -> Path:
    """A whole nginx.conf for a test: in the foreground, one process (it reads the test's
    folders as root), every file under ``prefix``, the ``servers`` given."""
    for d in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / d).mkdir(parents=True, exist_ok=True)
    conf = prefix / "nginx.conf"
    conf.write_text(f"""daemon off;
master_process off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
{"".join(servers)}
}}
""")
    return conf


def pasted_page(site: Path) -> str:
    """A page of another site with two pasted snippets: the section's, as an author copies it
    from the section's page, and a clip's, from the clip's oEmbed JSON."""
    page = (site / SECTION / "index.html").read_text(encoding="utf-8")
    section = html.unescape(re.search(r'<code id="embed-section">(.*?)</code>', page,
                                      re.S).group(1))
    second = sorted((site / SECTION / "clips").glob("01_*.json"))[0]   # its second clip's
    clip = json.loads(second.read_text(encoding="utf-8"))["html"]
    return ("<!doctype html>\n<html><head><meta charset='utf-8'><title>course</title>"
            "<link rel='icon' href='data:,'></head>"
            f"<body><h1>A course page</h1>\n<div id='section'>{section}</div>\n"
            f"<div id='clip'>{clip}</div>\n</body></html>\n")


PLAY = """
const done = arguments[arguments.length - 1];
const which = arguments[0];
const v = document.querySelector('#' + which + ' video');
const out = {};
const until = (test, ms) => new Promise(ok => {
  const t0 = performance.now();
  (function poll() {
    if (test()) return ok(true);
    if (performance.now() - t0 > ms) return ok(false);
    setTimeout(poll, 50);
  })();
});
(async () => {
  v.muted = true;
  v.play().catch(e => { out.play_error = String(e); });   // may never settle: not awaited
  out.advanced = await until(() => v.currentTime > 0.5, 15000);
  out.time = v.currentTime;
  out.error = v.error ? v.error.code : null;
  out.src = v.currentSrc;
  const caps = [...v.textTracks].find(t => t.kind === 'captions');
  caps.mode = 'hidden';
  out.cues = (await until(() => caps.cues && caps.cues.length > 0, 10000))
    ? caps.cues.length : 0;
  const chapters = [...v.textTracks].find(t => t.kind === 'chapters');
  if (chapters) {
    chapters.mode = 'hidden';
    await until(() => chapters.cues && chapters.cues.length > 2, 10000);
    if (chapters.cues && chapters.cues.length > 2) {
      v.pause();
      out.target = chapters.cues[2].startTime;
      const seeked = new Promise(ok => v.addEventListener('seeked', ok, {once: true}));
      v.currentTime = out.target;
      out.seeked = await Promise.race([seeked.then(() => true),
                                       new Promise(ok => setTimeout(() => ok(false), 10000))]);
      out.landed = v.currentTime;
    }
  }
  done(out);
})();
"""


@pytest.fixture(scope="module")
def hosts(site_media, tmp_path_factory):
    """``{"nginx", "serve", "bare"}``: the page's URL on another origin for a site served by
    nginx with the shipped headers, by ``site --serve``'s server, and by nginx without them.
    Each site is built with its host's URL as ``--base-url``."""
    root = tmp_path_factory.mktemp("cross-origin")
    ports = {k: free_port() for k in ("nginx", "serve", "bare", "page")}
    sites = {}
    for host in ("nginx", "serve", "bare"):
        sites[host] = root / f"site-{host}"
        build_site(site_media, sites[host], lang="zh", base_url=f"http://127.0.0.1:{ports[host]}/",
                   echo=lambda *_: None)
        (root / f"page-{host}").mkdir()
        (root / f"page-{host}" / "index.html").write_text(pasted_page(sites[host]),
                                                         encoding="utf-8")
    servers = [
        f"    server {{ listen 127.0.0.1:{ports['nginx']}; root {sites['nginx']};\n"
        f"             include {HEADERS_CONF}; }}\n",
        f"    server {{ listen 127.0.0.1:{ports['bare']}; root {sites['bare']}; }}\n",
        f"    server {{ listen 127.0.0.1:{ports['page']}; root {root};\n"
        "             types { text/html html; } }\n"]
    conf = nginx_conf(root / "nginx", servers)
    check = subprocess.run([NGINX, "-t", "-c", str(conf)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proc = subprocess.Popen([NGINX, "-c", str(conf)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    serve = make_server(sites["serve"], port=ports["serve"])
    threading.Thread(target=serve.serve_forever, daemon=True).start()
    try:
        for p in (ports["nginx"], ports["bare"], ports["page"]):
            wait_port(p)
        yield {"ports": ports, "sites": sites,
               **{h: f"http://127.0.0.1:{ports['page']}/page-{h}/index.html"
                  for h in ("nginx", "serve", "bare")}}
    finally:
        serve.shutdown()
        serve.server_close()
        proc.terminate()
        proc.wait(10)


def answer(url: str, **headers):
    req = urllib.request.Request(url, headers={"Origin": "http://elsewhere.example",
                                               **headers})
    with urllib.request.urlopen(req) as r:
        return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()


@pytest.mark.parametrize("host", ["nginx", "serve"])
def test_the_host_sends_what_embedding_needs(hosts, host):
    """Every media file answers with CORS, a byte range with 206 and its Content-Range, and
    the captions as text/vtt."""
    base = f"http://127.0.0.1:{hosts['ports'][host]}/{SECTION}/"
    site = hosts["sites"][host]
    e = json.loads((site / SECTION / "oembed.json").read_text())
    assert e["type"] == "video" and e["html"].count(base) >= 4
    for rel in (f"{SECTION}.mp4", f"{SECTION}.webm", "poster.png", f"{SECTION}.vtt",
                f"{SECTION}.chapters.vtt", "oembed.json"):
        status, h, body = answer(base + rel, Range="bytes=10-109")
        assert h.get("access-control-allow-origin") == "*", (rel, h)
        assert status == 206 and len(body) == 100, (rel, status)
        size = (site / SECTION / rel).stat().st_size
        assert h["content-range"] == f"bytes 10-109/{size}", (rel, h)
    types = {rel: answer(base + rel)[1]["content-type"].split(";")[0]
             for rel in (f"{SECTION}.vtt", f"{SECTION}.mp4", f"{SECTION}.webm", "oembed.json")}
    assert types == {f"{SECTION}.vtt": "text/vtt", f"{SECTION}.mp4": "video/mp4",
                     f"{SECTION}.webm": "video/webm", "oembed.json": "application/json"}


@pytest.mark.parametrize("host", ["nginx", "serve"])
def test_pasted_snippets_play_show_captions_and_seek_from_another_origin(browser, hosts,
                                                                         host):
    browser.get("about:blank")
    browser.get_log("browser")     # start clean
    browser.get(hosts[host])
    section = browser.execute_async_script(PLAY, "section")
    clip = browser.execute_async_script(PLAY, "clip")
    port = hosts["ports"][host]
    for got in (section, clip):
        assert got["advanced"] and got["error"] is None, got
        assert got["src"].startswith(f"http://127.0.0.1:{port}/"), got
        assert got["cues"] > 0, got
    assert section["seeked"], section
    assert abs(section["landed"] - section["target"]) <= 0.1, section
    assert section["target"] > 0
    errors = console_errors(browser)
    assert not errors, errors


def test_without_the_headers_the_pasted_snippet_does_not_play(browser, hosts):
    """The control: nginx without embed-headers.conf. The snippets' crossorigin loads are
    refused, so the check above is one a missing header fails."""
    browser.get("about:blank")
    browser.get_log("browser")
    browser.get(hosts["bare"])
    got = browser.execute_async_script(PLAY.replace("15000", "3000").replace("10000", "2000"),
                                       "clip")
    assert not got["advanced"] and got["cues"] == 0, got
    assert any("CORS" in m["message"] or "Access-Control-Allow-Origin" in m["message"]
               for m in console_errors(browser)), "no CORS error was reported"


def test_site_serve_serves_the_built_site_until_ctrl_c(site_media, tmp_path):
    """``rnn-lecture site --serve --port 0`` builds, says where it serves, answers as a host
    of embeds should, and ends cleanly on Ctrl-C; a port it cannot have is one line, exit 2,
    and no site written."""
    import signal
    import sys

    out = tmp_path / "site"
    cli = [sys.executable, "-m", "rnn_lecture.cli", "site", "--lang", "zh", "--media",
           str(site_media), "--out", str(out), "--serve"]
    proc = subprocess.Popen([*cli, "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("serving "):
                break
        assert any("paths relative to the site root" in ln for ln in lines), lines
        url = re.search(r"at (http://127\.0\.0\.1:\d+/)", lines[-1]).group(1)
        status, h, body = answer(f"{url}{SECTION}/{SECTION}.vtt", Range="bytes=0-5")
        assert status == 206 and body == b"WEBVTT"
        assert h["access-control-allow-origin"] == "*" and h["content-type"].startswith(
            "text/vtt")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(10) == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        again = tmp_path / "again"
        r = subprocess.run([*cli[:-2], str(again), "--serve", "--port", str(port)],
                           capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert f"--port {port}: cannot serve on 127.0.0.1:{port}" in r.stderr
    assert not again.exists()


def test_pages_say_where_their_snippets_work_and_link_their_oembed(hosts, built_site):
    """With --base-url a section page says its snippets work anywhere (given the headers) and
    links its oEmbed JSON by full URL; without, that they work on the site's own pages only.
    Every clip's oEmbed JSON has its title, duration, poster and the page's snippet."""
    from PIL import Image

    from rnn_lecture.site import UI

    site, port = hosts["sites"]["nginx"], hosts["ports"]["nginx"]
    page = (site / SECTION / "index.html").read_text(encoding="utf-8")
    assert html.escape(UI["zh"]["absolute"], quote=False) in page
    assert (f'<link rel="alternate" type="application/json+oembed" '
            f'href="http://127.0.0.1:{port}/{SECTION}/oembed.json"') in page
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    entry = next(s for p in manifest["parts"] for s in p["sections"] if s["id"] == SECTION)
    snippets = [html.unescape(m) for m in re.findall(r'<code id="embed-\d\d">(.*?)</code>',
                                                     page, re.S)]
    size = Image.open(site / SECTION / "poster.png").size
    for clip, snippet in zip(entry["clips"], snippets, strict=True):
        doc = json.loads((site / clip["video"]["mp4"]["path"].replace(".mp4", ".json"))
                         .read_text(encoding="utf-8"))
        assert doc["version"] == "1.0" and doc["type"] == "video"
        assert doc["html"] == snippet and doc["duration"] == clip["duration"]
        assert doc["title"].endswith(clip["title"]) and (doc["width"], doc["height"]) == size
        assert doc["thumbnail_url"] == doc["poster"] == \
            f"http://127.0.0.1:{port}/" + clip["poster"]["path"]
    bare = (built_site["zh"] / SECTION / "index.html").read_text(encoding="utf-8")
    assert html.escape(UI["zh"]["relative"], quote=False) in bare
    assert 'type="application/json+oembed" href="oembed.json"' in bare
