"""Where Chromium draws the captions over the lecture's video (issue 22): measured, not assumed.

A section page of the built site (real low-quality renders, ``conftest.built_site``) is opened
in headless Chromium (Debian's chromium + chromedriver) with the player 390 px and 1280 px
wide. A two-line cue of the section's own WebVTT track is shown (``mode = "showing"``) while
the video plays (at 1/16 speed, so the cue stays up), with the controls hidden (playing, the
mouse away), shown (the mouse over the player) and shown (paused). The cue box is found in a
screenshot: ``video::cue`` is given a magenta background (and text), and the box is the
magenta pixels inside the video's rectangle (magenta does not occur in the palette; darkened
by the controls' shade it is still magenta). Its top is expressed as a fraction of the video's
height above the video's bottom edge: the caption band it needs.

Measured (Chromium 156; ``media/site-screenshots/caption-band.json`` has each run's figures,
and the screenshots beside it show them):

- Chromium's own placement (no cue settings, ``line:auto``) keeps a strip of about 73 px at the
  bottom of a player with ``controls`` for the control bar, whether the controls are shown or
  not, and stacks the cue above it: the two-line cue's top is 45.5% (en) and 47.9% (zh) of
  the video's height above its bottom in a 390 px player (219 px high: the 73 px strip and a
  26-32 px cue box), 21.4% (en) and 24.4% (zh) in a 1280 px one (73 px and 82-103 px of 720).
  Neither fits a 20% band; on a phone the cue covers the middle of the frame.
- The site's cues are placed by a WebVTT cue setting (``captions.CUE_SETTINGS``, ``line:82%``:
  the cue box's top edge at 82% of the video's height, not snapped to lines, which Chromium
  then does not move for its controls). The two-line cue's top is then 17.8-18.2% of the
  height above the bottom, in both languages and both widths, controls hidden, shown (pointer
  over the player) or shown (paused); its bottom 5-7% above the video's bottom edge. Inside
  the 20% band (``style.CAPTION_BAND``). (``line:N%,end``, the bottom edge at N%, is drawn at
  the video's bottom edge whatever N by Chromium 156: not used.)
- The price: shown controls (paused, or the pointer over the player) are drawn over the
  bottom of the video and over the cue with it: at 390 px the control bar (buttons and
  timeline, the bottom third of the player) covers the whole cue; at 1280 px its shade
  darkens the cue's lower line. No placement keeps a two-line cue both inside a 20% band and
  clear of Chromium's controls: at 1280 px the bar takes the bottom 10% and a two-line cue
  box 11.4%, at 390 px the bar alone takes 33%.
"""

from __future__ import annotations

import io
import json
import time

import numpy as np
import pytest
from conftest import SITE_SECTIONS
from test_site_browser import SCREENSHOTS, browser, served  # noqa: F401  (fixtures)

from rnn_lecture.captions import CUE_SETTINGS, parse_srt
from scenes import style

pytestmark = pytest.mark.render

#: The band players need for a two-line cue, as a fraction of the video's height, measured
#: in Chromium 156 with the site's cue settings (``line:82%``): the same in both languages
#: and both widths, controls hidden. The test keeps what it measures within CAPTION_BAND and
#: within a pixel or two of this figure.
MEASURED_BAND = 0.18

WIDTHS = (390, 1280)
SECTION = SITE_SECTIONS[0]

MAGENTA_CUE = ("video::cue { background-color: rgb(255, 0, 255) !important;"
               " color: rgb(255, 0, 255) !important; }")

SHOW_CUE = """
const done = arguments[arguments.length - 1];
const [start, css, chromiumDefault] = [arguments[0], arguments[1], arguments[2]];
const v = document.getElementById('main-video');
const st = document.createElement('style');
st.textContent = css;
document.head.appendChild(st);
const t = Array.from(v.textTracks).find(t => t.kind === 'captions');
t.mode = 'showing';
const t0 = Date.now();
(function poll() {
  if (!(t.cues && t.cues.length)) {
    if (Date.now() - t0 > 20000) return done({error: 'no cues'});
    return setTimeout(poll, 50);
  }
  const settings = Array.from(t.cues).map(c => ({line: c.line, snap: c.snapToLines,
                                                 align: c.lineAlign}));
  if (chromiumDefault) for (const c of t.cues) { c.snapToLines = true; c.line = 'auto'; }
  v.muted = true;
  v.addEventListener('seeked', () => {
    v.playbackRate = 0.0625;
    v.play().then(() => done({settings: settings}), e => done({error: String(e)}));
  }, {once: true});
  v.currentTime = start;
})();
"""

BARE_PAGE = """
const [video, vtt, lang] = [arguments[0], arguments[1], arguments[2]];
const font = getComputedStyle(document.body).fontFamily.replace(/"/g, "'");
document.open();
document.write('<!doctype html><html lang="' + lang + '"><head><meta charset="utf-8"></head>' +
  '<body style="margin:0;padding:0;font-family:' + font + '"><video id="main-video" controls preload="auto" ' +
  'style="display:block;width:100%;height:auto;aspect-ratio:16/9">' +
  '<source src="' + video + '" type="video/mp4"><track kind="captions" src="' + vtt +
  '" srclang="' + lang + '" default></video></body></html>');
document.close();
"""


def two_line_cue(vtt_text: str):
    """The longest two-line cue (the tallest box a cue makes: cues have at most two lines)."""
    cues = [c for c in parse_srt(vtt_text) if len(c.lines) == 2 and c.end - c.start >= 1.5]
    assert cues, "no two-line cue to measure"
    return max(cues, key=lambda c: (max(len(ln) for ln in c.lines), -c.start))


def magenta_box(png: bytes, rect: dict) -> dict | None:
    """The box of the magenta (cue) pixels inside ``rect``, in px from the video's top-left."""
    from PIL import Image

    a = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    x0, y0 = int(round(rect["left"])), int(round(rect["top"]))
    x1, y1 = int(round(rect["right"])), int(round(rect["bottom"]))
    sub = a[y0:y1, x0:x1]
    r, g, b = sub[..., 0], sub[..., 1], sub[..., 2]
    m = (r > 2 * g + 50) & (b > 2 * g + 50) & (np.abs(r - b) < 50)
    rows = np.nonzero(m.sum(axis=1) >= 3)[0]
    cols = np.nonzero(m.sum(axis=0) >= 2)[0]
    if not len(rows):
        return None
    return {"top": int(rows.min()), "bottom": int(rows.max()) + 1,
            "left": int(cols.min()), "right": int(cols.max()) + 1,
            "width": x1 - x0, "height": y1 - y0}


def _video_rect(driver) -> dict:
    return driver.execute_script(
        "const r = document.getElementById('main-video').getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width};")


def open_player(driver, url: str, width: int, bare: tuple | None = None) -> None:
    """Load ``url`` with its player ``width`` CSS px wide (the window sized to make it so;
    past the page's own column width, the column is widened). ``bare``: replace the page by
    a page with only a ``<video controls>`` of (video, vtt, lang), no site CSS or script but
    the page's font (a cue is drawn in the font of the page around it)."""
    for _ in range(3):
        driver.get(url)
        if bare:
            driver.execute_script(BARE_PAGE, *bare)
        else:
            driver.execute_script("document.querySelector('main').style.maxWidth = 'none'")
        got = _video_rect(driver)["width"]
        if abs(got - width) < 0.5:
            return
        size = driver.get_window_size()
        driver.set_window_size(int(size["width"] + width - got), 1000)
    pytest.fail(f"could not make the player {width} px wide (it is {got})")


def measure(driver, url: str, width: int, cue, controls: str, chromium_default=False,
            bare: tuple | None = None, shot: str | None = None) -> dict:
    """The cue box of ``cue`` and the video's rectangle, the video playing (``controls``:
    "hidden" with the pointer away, "hover" with it over the player) or "paused"."""
    from selenium.webdriver import ActionChains

    open_player(driver, url, width, bare)
    r = driver.execute_async_script(SHOW_CUE, cue.start + 0.3, MAGENTA_CUE, chromium_default)
    assert "error" not in r, r
    driver.execute_script("document.getElementById('main-video').scrollIntoView(true)")
    video = driver.find_element("id", "main-video")
    chain = ActionChains(driver)
    if controls == "hover":
        chain.move_to_element(video)
    else:   # the pointer below the player, off it
        chain.move_to_element_with_offset(video, 0, int(video.size["height"] / 2) + 40)
    chain.perform()
    time.sleep(4.0)        # Chromium hides the controls of a playing video ~3 s after the pointer
    if controls == "hover":
        ActionChains(driver).move_to_element_with_offset(video, 5, 5).perform()
        time.sleep(0.5)
    if controls == "paused":
        driver.execute_script("document.getElementById('main-video').pause()")
        time.sleep(1.0)
    active = driver.execute_script(
        "const v = document.getElementById('main-video');"
        "const t = Array.from(v.textTracks).find(t => t.kind === 'captions');"
        "return {t: v.currentTime, paused: v.paused,"
        "        cues: Array.from(t.activeCues).map(c => c.text)};")
    assert active["cues"] == ["\n".join(cue.lines)], active
    rect = _video_rect(driver)
    png = driver.get_screenshot_as_png()
    if shot:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / shot).write_bytes(png)
    box = magenta_box(png, rect)
    out = {"box": box, "settings": r["settings"][0] if r.get("settings") else None,
           "controls": controls, "width": width}
    if box is None:    # drawn over by the controls (or not drawn): no band to read
        assert controls != "hidden", f"no cue pixels found in the {width} px player"
        return {**out, "band": None, "bottom_gap": None}
    return {**out, "band": (box["height"] - box["top"]) / box["height"],
            "bottom_gap": (box["height"] - box["bottom"]) / box["height"]}


def _record(key: str, value) -> None:
    path = SCREENSHOTS / "caption-band.json"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    data = json.loads(path.read_text()) if path.exists() else {}
    data[key] = value
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_line_cue_lies_inside_the_caption_band(browser, served, built_site, lang):
    """The site's cues, in both player widths, controls hidden: the cue box of the tallest
    (two-line) cue lies inside the bottom CAPTION_BAND of the video, and stays there with the
    controls shown (Chromium draws them over it; it does not move it)."""
    page = served[lang] + f"{SECTION}/index.html"
    cue = two_line_cue((built_site[lang] / SECTION / f"{SECTION}.vtt").read_text("utf-8"))
    band = style.CAPTION_BAND / style.FRAME_H
    for width in WIDTHS:
        got = {c: measure(browser, page, width, cue, c, shot=f"{lang}-cue-{width}-{c}.png")
               for c in ("hidden", "hover", "paused")}
        _record(f"{lang}/{width}/site", {c: g["band"] for c, g in got.items()})
        hidden = got["hidden"]
        box = hidden["box"]
        # the cue as written: not snapped to lines, bottom edge at the line setting
        assert hidden["settings"]["snap"] is False, hidden["settings"]
        # two lines of Chromium's captions (5% of the video's height each, with their box)
        assert 0.08 < (box["bottom"] - box["top"]) / box["height"] < 0.17, box
        assert hidden["band"] <= band, (
            f"{lang} {width} px: the cue's top is {hidden['band']:.3f} of the video's height "
            f"above its bottom, outside the caption band ({band:.2f})")
        assert hidden["band"] == pytest.approx(MEASURED_BAND, abs=2 / box["height"]), hidden
        assert hidden["bottom_gap"] > 0.02, "the cue box reaches the video's bottom edge"
        for c in ("hover", "paused"):
            # shown controls do not move the cue: where it is still seen (not all of it drawn
            # over by the controls), its top is where it was
            if got[c]["box"] is not None:
                assert got[c]["box"]["top"] == pytest.approx(box["top"], abs=1), (c, got[c])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_course_page_does_not_move_cues(browser, served, built_site, lang):
    """The section page's player draws the cue where a bare ``<video controls>`` with the same
    track, in a page of the same font, draws it (no site CSS or script moves cues), in both
    widths."""
    base = served[lang]
    page = base + f"{SECTION}/index.html"
    cue = two_line_cue((built_site[lang] / SECTION / f"{SECTION}.vtt").read_text("utf-8"))
    bare = (base + f"{SECTION}/{SECTION}.mp4", base + f"{SECTION}/{SECTION}.vtt", lang)
    for width in WIDTHS:
        on_page = measure(browser, page, width, cue, "hidden")["box"]
        alone = measure(browser, page, width, cue, "hidden", bare=bare)["box"]
        for k in ("top", "bottom", "height"):
            assert on_page[k] == pytest.approx(alone[k], abs=1), (width, k, on_page, alone)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_chromium_default_placement_is_recorded(browser, served, built_site, lang):
    """Why the cues carry a line setting: Chromium's own placement (``line:auto``) of the same
    two-line cue, controls hidden and shown, measured and recorded; it stacks the cue above
    a strip it keeps for its controls (above the 20% band at both widths, far above it in
    the 390 px player)."""
    page = served[lang] + f"{SECTION}/index.html"
    cue = two_line_cue((built_site[lang] / SECTION / f"{SECTION}.vtt").read_text("utf-8"))
    bands = {}
    for width in WIDTHS:
        got = {c: measure(browser, page, width, cue, c, chromium_default=True,
                          shot=f"{lang}-cue-{width}-{c}-chromium-default.png")
               for c in ("hidden", "paused")}
        bands[width] = {c: g["band"] for c, g in got.items()}
        # the strip is the same with the controls shown or hidden
        assert got["hidden"]["box"]["top"] == pytest.approx(got["paused"]["box"]["top"], abs=1)
    _record(f"{lang}/chromium-default", bands)
    # the smaller the player, the larger the share the fixed strip takes
    assert bands[390]["hidden"] > bands[1280]["hidden"]


def test_cue_settings_are_written():
    """The line setting the band was measured with is the one every captions file carries."""
    assert CUE_SETTINGS == "line:82%"
    from rnn_lecture.captions import Cue, to_vtt

    vtt = to_vtt([Cue(0.5, 2.0, ("one", "two"))])
    assert "00:00:00.500 --> 00:00:02.000 line:82%\n" in vtt
