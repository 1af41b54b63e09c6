"""The built site in headless Chromium (Debian's chromium + chromedriver, driven by selenium),
served on 127.0.0.1: links, video metadata, caption and chapter tracks, chapter seeking, no
console errors, no request leaving localhost. Saves screenshots to media/site-screenshots/."""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import SITE_SECTIONS

from rnn_lecture.captions import parse_srt
from rnn_lecture.render import ROOT
from rnn_lecture.site import make_server

pytestmark = pytest.mark.render

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
SCREENSHOTS = ROOT / "media" / "site-screenshots"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio",
         "--window-size=1280,1000")


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is in the test extra")
    from selenium.webdriver.chrome.service import Service

    for exe in (CHROMIUM, CHROMEDRIVER):
        if not Path(exe).exists():
            pytest.fail(f"{exe} is missing: scripts/setup installs chromium and chromium-driver")
    profile = tempfile.mkdtemp(prefix="rnn-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for f in (*FLAGS, f"--user-data-dir={profile}"):
        opts.add_argument(f)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def served(built_site):
    """``{lang: base URL}``: each site served on 127.0.0.1 (Range requests answered)."""
    servers, urls = [], {}
    for lang, site in built_site.items():
        srv = make_server(site)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
        urls[lang] = f"http://127.0.0.1:{srv.server_address[1]}/"
    yield urls
    for srv in servers:
        srv.shutdown()
        srv.server_close()


def screenshot(driver, name: str) -> Path:
    """A full-page PNG under media/site-screenshots/: the window is made as tall as the page
    (a capture beyond the viewport lays the video's captions out wrongly)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.get_window_size()["width"]
    driver.set_window_size(width, min(height + 100, 8000))
    time.sleep(1)
    path = SCREENSHOTS / name
    driver.save_screenshot(str(path))
    driver.set_window_size(width, 1000)
    return path


def requested_urls(driver) -> list[str]:
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


def console_errors(driver) -> list[dict]:
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


WAIT_METADATA = """
const done = arguments[arguments.length - 1];
const vids = Array.from(document.querySelectorAll('video'));
const t0 = Date.now();
(function poll() {
  if (vids.every(v => v.readyState >= 1 || v.error) || Date.now() - t0 > 45000) {
    done(vids.map(v => ({id: v.id, src: v.currentSrc, duration: v.duration,
                         error: v.error && v.error.code,
                         tracks: Array.from(v.querySelectorAll('track')).map(t => t.getAttribute('src'))})));
  } else setTimeout(poll, 100);
})();
"""

WAIT_IMAGES = """
const done = arguments[arguments.length - 1];
const imgs = Array.from(document.images);
imgs.forEach(i => { i.loading = 'eager'; });
const t0 = Date.now();
(function poll() {
  if (imgs.every(i => i.complete && i.naturalWidth > 0)) done(true);
  else if (Date.now() - t0 > 20000) done(false);
  else setTimeout(poll, 100);
})();
"""

WAIT_TRACKS = """
const done = arguments[arguments.length - 1];
const v = document.getElementById('main-video');
for (const t of v.textTracks) if (t.mode === 'disabled') t.mode = 'hidden';
const els = Array.from(v.querySelectorAll('track'));
const t0 = Date.now();
(function poll() {
  if (els.every(t => t.readyState >= 2) || Date.now() - t0 > 30000) {
    done(els.map(t => ({kind: t.kind, state: t.readyState,
                        cues: t.track.cues ? t.track.cues.length : -1,
                        first: t.track.cues && t.track.cues.length ? t.track.cues[0].text : ''})));
  } else setTimeout(poll, 100);
})();
"""

WEBM_DURATION = """
const done = arguments[arguments.length - 1];
const v = document.createElement('video');
v.preload = 'metadata';
v.onloadedmetadata = () => done({duration: v.duration});
v.onerror = () => done({error: v.error && v.error.code});
v.src = arguments[0];
"""

SEEK = """
const done = arguments[arguments.length - 1];
const v = document.getElementById('main-video');
const a = document.querySelectorAll('ol.chapters a')[arguments[0]];
v.addEventListener('seeked', () => done({time: v.currentTime}), {once: true});
a.click();
setTimeout(() => done({time: v.currentTime, timeout: true}), 20000);
"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_site_in_chromium(browser, served, built_site, lang):
    base = served[lang]
    manifest = json.loads((built_site[lang] / "manifest.json").read_text(encoding="utf-8"))
    sections = [s for p in manifest["parts"] for s in p["sections"]]
    browser.get("about:blank")
    browser.get_log("performance"), browser.get_log("browser")  # start clean

    browser.get(base + "index.html")
    links = {a.get_attribute("href") for a in browser.find_elements("css selector", "a")}
    for s in sections:
        assert base + s["page"] in links, s["id"]
    assert browser.execute_script("return document.documentElement.lang") == \
        ("zh-Hans" if lang == "zh" else "en")
    assert browser.execute_async_script(WAIT_IMAGES), "a poster on the index did not load"
    screenshot(browser, f"{lang}-index.png")

    for s in sections:
        browser.get(base + s["page"])
        videos = browser.execute_async_script(WAIT_METADATA)
        expected = [s["duration"]] + [c["duration"] for c in s["clips"]]
        assert len(videos) == len(expected)
        for v, want in zip(videos, expected):
            assert v["error"] is None and v["src"], v
            assert v["src"].endswith((".mp4", ".webm")), v
            assert v["duration"] == pytest.approx(want, abs=0.15), v
        # the WebM sources play too (the fallback where H.264 does not)
        for rec in [s["video"]["webm"]] + [c["video"]["webm"] for c in s["clips"]]:
            got = browser.execute_async_script(WEBM_DURATION, base + rec["path"])
            want = s["duration"] if rec is s["video"]["webm"] else \
                next(c["duration"] for c in s["clips"] if c["video"]["webm"] is rec)
            assert got.get("duration") == pytest.approx(want, abs=0.15), (rec["path"], got)
        tracks = {t["kind"]: t for t in browser.execute_async_script(WAIT_TRACKS)}
        site = built_site[lang]
        n_cues = len(parse_srt((site / s["captions"]["vtt"]["path"]).read_text("utf-8")))
        assert tracks["captions"]["state"] == 2 and tracks["captions"]["cues"] == n_cues
        assert tracks["chapters"]["state"] == 2
        assert tracks["chapters"]["cues"] == len(s["clips"])
        assert tracks["chapters"]["first"] == s["clips"][0]["title"]
        # the chapter list under the player seeks
        for k in (2, 1):
            seek = browser.execute_async_script(SEEK, k)
            assert not seek.get("timeout"), seek
            assert seek["time"] == pytest.approx(s["clips"][k]["start"], abs=0.3), seek
        if s["id"] == "primer-01-recurrence":
            browser.execute_script("window.scrollTo(0, 0)")
            time.sleep(4)  # let the player's controls fade out over the caption
            screenshot(browser, f"{lang}-section-{s['id']}.png")

    errors = console_errors(browser)
    assert not errors, errors
    urls = requested_urls(browser)
    assert urls, "the performance log recorded no requests"
    # every request that goes over a network goes to our server on 127.0.0.1
    # (chrome://, data: and blob: are served inside the browser)
    network = [u for u in urls if urlparse(u).scheme not in ("chrome", "data", "blob", "about")]
    assert all(urlparse(u).scheme in ("http", "https", "ws", "wss") for u in network), network
    outside = [u for u in network if urlparse(u).hostname != "127.0.0.1"]
    assert not outside, outside
    assert any(u.endswith((".mp4", ".webm")) for u in network)
    assert any(u.endswith(".vtt") for u in network)


def test_section_ids_match_the_rendered_ones(built_site):
    m = json.loads((built_site["en"] / "manifest.json").read_text())
    assert [s["id"] for p in m["parts"] for s in p["sections"]] == list(SITE_SECTIONS)
