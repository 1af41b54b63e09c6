"""The narration's voice: lines prepared (loudness, true peak, trimming), bad recordings named,
the recording sheet, and real renders with a recorded voice made of tones of known lengths
and pitches (each line its own), checked by decoding the files: every beat lasts at least its
audio, the audio lasts as long as the video, each clip carries its own slice, captions start
with their line's sound, and the loudness is the target's."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import wave
from pathlib import Path

import av
import numpy as np
import pytest

from rnn_lecture import voice as V

CLI = [sys.executable, "-m", "rnn_lecture.cli"]
SECTION = "primer-01-recurrence"      # one of conftest.SITE_SECTIONS: rendered silent already
FPS = 15                              # low quality
#: The line whose tone is longer than its reading time (its beat must grow to hold it).
LONG_LINE, LONG_SECONDS = 3, 9.0


# ----- helpers ------------------------------------------------------------------------------
def write_wav(path: Path, x: np.ndarray, rate: int = 44100) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes((np.clip(x, -1, 1) * 32767).astype("<i2").tobytes())


def tone(seconds: float, freq: float, rate: int = 44100, amp: float = 0.2,
         lead: float = 0.1, tail: float = 0.2) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return np.concatenate([np.zeros(int(lead * rate)), amp * np.sin(2 * np.pi * freq * t),
                           np.zeros(int(tail * rate))])


def line_tone(i: int) -> tuple[float, float]:
    """Seconds and pitch of line ``i``'s recording."""
    return (LONG_SECONDS if i == LONG_LINE else 1.0 + 0.4 * i), 300.0 + 60.0 * i


def decode_audio(path: Path) -> tuple[np.ndarray, int]:
    with av.open(str(path)) as c:
        a = c.streams.audio[0]
        x = np.concatenate([f.to_ndarray().reshape(-1) for f in c.decode(a)])
        return x.astype(np.float64), a.codec_context.sample_rate


def video_seconds(path: Path) -> float:
    from rnn_lecture.encoding import video_seconds as vs
    return float(vs(path))


def envelope(x: np.ndarray, rate: int, hop: float = 0.01) -> np.ndarray:
    n = int(rate * hop)
    m = len(x) // n
    return np.sqrt((x[:m * n].reshape(m, n) ** 2).mean(axis=1))


def onsets(x: np.ndarray, rate: int, hop: float = 0.01) -> list[float]:
    """Where sound starts after at least 0.2 s of silence."""
    env = envelope(x, rate, hop)
    loud = env > 0.01
    out, quiet = [], 1000
    for i, on in enumerate(loud):
        if on and quiet >= int(0.2 / hop):
            out.append(i * hop)
        quiet = 0 if on else quiet + 1
    return out


def run(*args, **kw):
    return subprocess.run([*CLI, *args], capture_output=True, text=True, **kw)


# ----- preparing a line ---------------------------------------------------------------------
@pytest.mark.parametrize("amp,freq", [(0.01, 440.0), (0.2, 1000.0), (0.9, 3000.0)])
def test_lines_come_out_at_the_target_loudness(amp, freq):
    x = tone(2.0, freq, rate=48000, amp=amp).astype(np.float32)
    y = V.normalize(V.trim(x))
    assert V.loudness(y) == pytest.approx(V.TARGET_LUFS, abs=0.1)
    assert V.true_peak(y) <= V.TRUE_PEAK_CEILING


def test_peaky_speech_like_audio_is_limited_not_turned_down():
    """Sparse clicks over a quiet bed: a gain alone to -16 LUFS would peak far over the
    ceiling; the limiter takes the peaks and the loudness stays at the target."""
    rng = np.random.default_rng(0)
    x = 0.02 * rng.standard_normal(48000 * 3)
    x[::4800] = 0.9
    y = V.normalize(x.astype(np.float32))
    assert V.true_peak(y) <= V.TRUE_PEAK_CEILING
    assert V.loudness(y) == pytest.approx(V.TARGET_LUFS, abs=0.2)


def test_limit_leaves_audio_under_the_ceiling_alone():
    x = tone(1.0, 500.0, rate=48000, amp=0.1).astype(np.float32)
    assert V.limit(x) is x


def test_trim_keeps_the_sound_and_a_margin():
    x = tone(1.0, 500.0, rate=48000, lead=0.5, tail=0.7).astype(np.float32)
    y = V.trim(x)
    assert len(y) / 48000 == pytest.approx(1.0 + 2 * V.TRIM_MARGIN, abs=0.002)


def test_clip_pcm_places_each_line_at_its_start(tmp_path):
    write_wav(tmp_path / "a.wav", tone(0.5, 400, rate=48000, lead=0, tail=0), 48000)
    pcm = V.clip_pcm([{"at": 1.0, "source": str(tmp_path / "a.wav")}], 3.0)
    assert len(pcm) == 3 * 48000
    on = np.flatnonzero(np.abs(pcm) > 1e-3)
    assert on[0] / 48000 == pytest.approx(1.0, abs=0.002)
    assert on[-1] / 48000 == pytest.approx(1.5, abs=0.002)


@pytest.mark.parametrize("ext,codec,rate,layout", [
    ("flac", "flac", 44100, "mono"), ("mp3", "libmp3lame", 44100, "stereo"),
    ("opus", "libopus", 48000, "stereo"), ("wav", "pcm_f32le", 96000, "mono")])
def test_every_allowed_format_is_read(tmp_path, ext, codec, rate, layout):
    """FLAC, MP3, Opus and WAV (16-bit, float, any rate from 16 kHz, mono or stereo) come out
    as the same line: 48 kHz mono, the tone's length and pitch, at the target loudness."""
    x = tone(1.5, 440.0, rate=rate).astype(np.float32)
    channels = 2 if layout == "stereo" else 1
    p = tmp_path / f"line.{ext}"
    with av.open(str(p), "w", format="ogg" if ext == "opus" else None) as out:
        s = out.add_stream(codec, rate=rate, layout=layout)
        fmt = s.codec_context.codec.audio_formats[0].name
        frame = av.AudioFrame.from_ndarray(
            np.tile(x, (channels, 1)) if fmt.endswith("p") else
            np.repeat(x, channels).reshape(1, -1), format="fltp" if fmt.endswith("p")
            else "flt", layout=layout)
        frame.sample_rate = rate
        for packet in s.encode(frame):
            out.mux(packet)
        for packet in s.encode(None):
            out.mux(packet)
    y = V.prepare(p)
    assert len(y) / V.SAMPLE_RATE == pytest.approx(1.5 + 2 * V.TRIM_MARGIN, abs=0.06)
    spectrum = np.abs(np.fft.rfft(y))
    assert np.fft.rfftfreq(len(y), 1 / V.SAMPLE_RATE)[spectrum.argmax()] == \
        pytest.approx(440, abs=2)
    assert V.loudness(y) == pytest.approx(V.TARGET_LUFS, abs=0.1)


@pytest.mark.parametrize("make,said", [
    (lambda p: p.write_bytes(b""), "the file is empty"),
    (lambda p: p.write_bytes(b"RIFF\x00\x00\x00\x00WAVEfmt garbage" * 20), "cannot be read"),
    (lambda p: write_wav(p, tone(1.0, 400, rate=8000), 8000), "sample rate 8000 Hz"),
    (lambda p: write_wav(p, np.zeros(44100)), "holds no sound"),
    (lambda p: __import__("os").mkfifo(p), "is not a regular file"),
])
def test_bad_recordings_are_one_line_naming_the_file(tmp_path, make, said):
    p = tmp_path / "line.wav"
    make(p)
    with pytest.raises(V.VoiceError) as e:
        V.prepare(p)
    msg = str(e.value)
    assert "\n" not in msg and str(p) in msg and said in msg


def test_voice_specs():
    assert str(V.parse_voice("none")) == "none" and V.parse_voice(None).silent
    for bad, said in [("loud", "unknown voice"), ("recorded", "needs a folder"),
                      ("recorded:/no/such/folder", "is not a folder"),
                      ("synth:sayitloud", "unknown speech engine")]:
        with pytest.raises(V.VoiceError, match=said):
            V.parse_voice(bad)


def test_recording_names_follow_the_words():
    a = V.recording_name("zh", "s", "b", "k.say", "第 7 步算完，是 0.841。")
    b = V.recording_name("zh", "s", "b", "k.say", "第 7 步算完，是 0.842。")
    assert a.startswith("zh/s/b/k.say.") and a != b


def test_join_videos_interleaves_a_voice_track(tmp_path, site_media):
    """AAC in the MP4, Opus in the WebM, as long as the video within a frame, its packets
    spread through the file (a player reads both tracks as it goes)."""
    from rnn_lecture.encoding import join_videos

    clips = sorted((site_media / "low" / "zh" / SECTION / "clips").glob("*.mp4"))[:2]
    for ext, codec in (("mp4", "aac"), ("webm", "opus")):
        dst = tmp_path / f"v.{ext}"
        join_videos([c.with_suffix(f".{ext}") for c in clips], dst,
                    voice=lambda s: np.full(V.samples(float(s)), 0.1, np.float32))
        x, rate = decode_audio(dst)
        assert abs(len(x) / rate - video_seconds(dst)) < 1 / FPS
        with av.open(str(dst)) as c:
            assert c.streams.audio[0].codec_context.name == codec
            kinds = "".join(p.stream.type[0] for p in c.demux() if p.dts is not None)
        half = len(kinds) // 2
        assert "a" in kinds[:half] and "v" in kinds[half:] and "a" in kinds[half:]


def test_a_file_peaking_over_the_ceiling_is_encoded_again_quieter(tmp_path, site_media):
    """A track whose encoded peaks would pass -1 dBTP (here: a clipped square wave at full
    scale) comes out under it, decoded, in both containers."""
    clips = sorted((site_media / "low" / "zh" / SECTION / "clips").glob("*.mp4"))[:1]

    def loud(seconds):
        t = np.arange(V.samples(float(seconds))) / V.SAMPLE_RATE
        return np.sign(np.sin(2 * np.pi * 220 * t)).astype(np.float32)
    for ext in ("mp4", "webm"):
        dst = tmp_path / f"v.{ext}"
        V.join_voiced([c.with_suffix(f".{ext}") for c in clips], dst, loud)
        assert V.measure_file(dst)["true_peak"] <= V.TRUE_PEAK_CEILING


# ----- a real render with recorded lines ----------------------------------------------------
@pytest.fixture(scope="module")
def recordings(tmp_path_factory):
    """The recording sheet of SECTION (zh) and a tone for each of its lines."""
    folder = tmp_path_factory.mktemp("recordings")
    r = run("script", SECTION, "--recording-sheet", str(folder))
    assert r.returncode == 0, r.stderr
    sheet = json.loads((folder / "recording-sheet.zh.json").read_text())
    for i, ln in enumerate(sheet["lines"]):
        seconds, freq = line_tone(i)
        write_wav(folder / f"{ln['file']}.wav", tone(seconds, freq))
    return folder, sheet


@pytest.fixture(scope="module")
def voiced(recordings, tmp_path_factory):
    folder, sheet = recordings
    out = tmp_path_factory.mktemp("voiced")
    r = run("render", SECTION, "--out", str(out), "--voice", f"recorded:{folder}")
    assert r.returncode == 0, r.stderr[-3000:]
    d = out / "low" / "zh" / SECTION
    return out, d, json.loads((d / "render.json").read_text()), r.stdout




@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_recording_sheet_lists_every_line(recordings):
    folder, sheet = recordings
    md = (folder / "recording-sheet.zh.md").read_text()
    assert len(sheet["lines"]) >= 10
    for ln in sheet["lines"]:
        assert ln["text"] in md and ln["file"] in md
        assert ln["file"].startswith(f"zh/{SECTION}/{ln['beat']}/")
    assert "0.841" in md     # numbers filled in, as the screen shows them


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_a_changed_parameter_changes_its_lines_on_the_sheet(recordings, tmp_path):
    folder, sheet = recordings
    r = run("script", SECTION, "--recording-sheet", str(tmp_path), "--set", "w_h=1.2")
    assert r.returncode == 0, r.stderr
    other = json.loads((tmp_path / "recording-sheet.zh.json").read_text())
    before = {ln["file"] for ln in sheet["lines"]}
    after = {ln["file"] for ln in other["lines"]}
    changed = after - before
    assert changed and len(changed) < len(after)   # the lines with numbers that moved
    assert all(re.search(r"\d", ln["text"]) for ln in other["lines"] if ln["file"] in changed)


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_every_beat_lasts_at_least_its_audio(voiced, site_media):
    out, d, rec, _ = voiced
    silent = json.loads((site_media / "low" / "zh" / SECTION / "render.json").read_text())
    silent_len = {b["beat"]: b["duration"] for b in silent["beats"]}
    grew = []
    for b in rec["beats"]:
        assert b["voice"], b["beat"]
        for ln in b["voice"]:
            assert ln["at"] + ln["seconds"] <= b["duration"] + 1e-6, (b["beat"], ln)
        assert b["duration"] >= silent_len[b["beat"]] - 1e-6
        if b["duration"] > silent_len[b["beat"]] + 1:
            grew.append(b["beat"])
    assert grew     # the beat of the long line waited for it


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_audio_lasts_as_long_as_the_video(voiced):
    out, d, rec, _ = voiced
    files = [d / f"{SECTION}.mp4", d / f"{SECTION}.webm"]
    for c in rec["clips"]:
        files += [d / c["file"], d / c["webm"]]
    for f in files:
        x, rate = decode_audio(f)
        assert rate == 48000
        assert abs(len(x) / rate - video_seconds(f)) <= 1 / FPS, f.name


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_each_clip_carries_its_own_slice(voiced, recordings):
    out, d, rec, _ = voiced
    whole, rate = decode_audio(d / f"{SECTION}.mp4")
    env = envelope(whole, rate)
    at = 0.0
    for c in rec["clips"]:
        part, _ = decode_audio(d / c["file"])
        mine = envelope(part, rate)
        k0 = int(round(at / 0.01))
        ref = env[k0:k0 + len(mine)]
        n = min(len(ref), len(mine)) - 2
        assert np.corrcoef(mine[:n], ref[:n])[0, 1] > 0.98, c["file"]
        at += video_seconds(d / c["file"])
    # and the pitch of each line is where its recording is
    _, sheet = recordings
    for b in rec["beats"]:
        part, _ = decode_audio(d / next(c["file"] for c in rec["clips"]
                                        if c["beat"] == b["beat"]))
        for ln in b["voice"]:
            i = next(k for k, s in enumerate(sheet["lines"]) if s["file"] in ln["source"])
            a = int((ln["at"] + 0.2) * rate)
            seg = part[a:a + rate // 2]
            spectrum = np.abs(np.fft.rfft(seg * np.hanning(len(seg))))
            assert np.fft.rfftfreq(len(seg), 1 / rate)[spectrum.argmax()] == \
                pytest.approx(line_tone(i)[1], abs=4)


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_captions_start_with_their_lines_sound(voiced):
    from rnn_lecture.captions import parse_srt

    out, d, rec, _ = voiced
    x, rate = decode_audio(d / f"{SECTION}.mp4")
    heard = onsets(x, rate)
    n_lines = sum(len(b["voice"]) for b in rec["beats"])
    assert len(heard) == n_lines
    cues = [c.start for c in parse_srt((d / f"{SECTION}.srt").read_text())]
    vtt = (d / f"{SECTION}.vtt").read_text()
    vtt_starts = []
    for m in re.finditer(r"(\d+):(\d\d):(\d\d)\.(\d\d\d) -->", vtt):
        h, mi, s, ms = map(int, m.groups())
        vtt_starts.append(h * 3600 + mi * 60 + s + ms / 1000)
    for t in heard:
        assert min(abs(t - c) for c in cues) <= 0.1, t
        assert min(abs(t - c) for c in vtt_starts) <= 0.1, t


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_loudness_is_the_target(voiced):
    out, d, rec, stdout = voiced
    for f in (d / f"{SECTION}.mp4", d / f"{SECTION}.webm"):
        x, rate = decode_audio(f)
        assert rate == V.SAMPLE_RATE
        assert V.loudness(x.astype(np.float32)) == pytest.approx(V.TARGET_LUFS, abs=1.0)
        assert V.true_peak(x) <= V.TRUE_PEAK_CEILING
    said = rec["voice"]["loudness"]
    assert said["lufs"] == pytest.approx(V.TARGET_LUFS, abs=1.0)
    assert f"{said['lufs']:.1f} LUFS" in stdout
    log = (out / "low" / "zh" / "logs" / f"{SECTION}.log").read_text()
    assert "LUFS integrated" in log


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_replacing_one_recording_redraws_only_its_beat(voiced, recordings, tmp_path):
    import shutil

    out, d, rec, _ = voiced
    folder, sheet = recordings
    mine = tmp_path / "media"
    shutil.copytree(out, mine, symlinks=True)
    rec_copy = tmp_path / "rec"
    shutil.copytree(folder, rec_copy)
    # the up-to-date key holds the recordings' names and bytes, not where the folder is
    r = run("render", SECTION, "--out", str(mine), "--voice", f"recorded:{rec_copy}")
    assert r.returncode == 0 and "up to date" in r.stdout, r.stdout + r.stderr
    ln = sheet["lines"][LONG_LINE]
    write_wav(rec_copy / f"{ln['file']}.wav", tone(LONG_SECONDS, 1234.0))
    before = {p.name: p.read_bytes() for p in (mine / "low/zh" / SECTION / "clips").glob("*.mp4")}
    r = run("render", SECTION, "--out", str(mine), "--voice", f"recorded:{rec_copy}")
    assert r.returncode == 0, r.stderr
    assert "1 of 6 beats to draw, 5 unchanged" in r.stdout, r.stdout
    after = {p.name: p.read_bytes() for p in (mine / "low/zh" / SECTION / "clips").glob("*.mp4")}
    changed = [n for n in before if before[n] != after[n]]
    assert changed == [next(c["file"] for c in rec["clips"]
                            if c["beat"] == ln["beat"]).split("/")[-1]]


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_missing_and_bad_recordings_stop_before_rendering(recordings, tmp_path):
    import shutil

    folder, sheet = recordings
    rec = tmp_path / "rec"
    shutil.copytree(folder, rec)
    first = rec / f"{sheet['lines'][1]['file']}.wav"
    first.unlink()
    out = tmp_path / "media"
    r = run("render", SECTION, "--out", str(out), "--voice", f"recorded:{rec}")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert str(first) in r.stderr and "missing" in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() or not any((out / "low").rglob("*.mp4"))
    first.write_bytes(b"not audio at all" * 100)
    r = run("render", SECTION, "--out", str(out), "--voice", f"recorded:{rec}")
    assert r.returncode == 2 and str(first) in r.stderr and "cannot be read" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    first.unlink()
    # --allow-missing: the line is silent, and the run says which (a preview of its beat)
    beat = sheet["lines"][1]["beat"]
    r = run("render", SECTION, "--beat", beat, "--out", str(out), "--voice",
            f"recorded:{rec}", "--allow-missing")
    assert r.returncode == 0, r.stderr
    assert "1 line(s) with no recording" in r.stderr and sheet["lines"][1]["file"] in r.stderr


@pytest.mark.parametrize("args,said", [
    (["--voice", "loud"], "unknown voice"),
    (["--voice", "synth:sayitloud"], "unknown speech engine"),
    (["--voice", "recorded:/no/such/folder"], "is not a folder"),
    (["--allow-missing"], "--allow-missing goes with"),
])
def test_bad_voices_are_one_line_and_exit_2(tmp_path, args, said):
    r = run("render", SECTION, "--out", str(tmp_path / "m"), *args)
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and said in r.stderr
    assert not (tmp_path / "m").exists()


def test_a_config_file_names_the_voice(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text('voice = "recorded:/no/such/folder"\n[primer-02-vanishing]\nw_h = 1.2\n')
    r = run("render", SECTION, "--out", str(tmp_path / "m"), "--config", str(cfg))
    assert r.returncode == 2 and "is not a folder" in r.stderr
    cfg.write_text('voice = 3\n')
    r = run("render", SECTION, "--out", str(tmp_path / "m"), "--config", str(cfg))
    assert r.returncode == 2 and "voice must be a string" in r.stderr


PLAY_VOICED = """
const done = arguments[arguments.length - 1];
const v = document.createElement('video');
v.muted = true;                 // decoded all the same (Chromium runs with --mute-audio)
v.src = arguments[0];
document.body.appendChild(v);
const until = (ok, ms) => new Promise(res => { const t0 = Date.now();
  (function poll() { if (ok()) res(true); else if (Date.now() - t0 > ms) res(false);
                     else setTimeout(poll, 100); })(); });
(async () => {
  v.play().catch(() => {});
  const advanced = await until(() => v.currentTime > 2.5, 20000);
  done({advanced, time: v.currentTime, error: v.error && v.error.code,
        audio: v.webkitAudioDecodedByteCount, video: v.webkitVideoDecodedByteCount});
  v.pause(); v.remove();
})();
"""


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_the_site_plays_the_voiced_clips(voiced, tmp_path):
    """The site built from the voiced render: in Chromium, the section and a clip, MP4 and
    WebM, play and decode their audio."""
    import threading

    from rnn_lecture.site import make_server

    out, d, rec, _ = voiced
    site = tmp_path / "site"
    r = run("site", "--media", str(out), "--out", str(site))
    assert r.returncode == 0, r.stderr
    manifest = json.loads(next(site.rglob("manifest.json")).read_text())
    entry = manifest["parts"][0]["sections"][0]
    assert entry["voice"]["kind"] == "recorded"
    assert entry["voice"]["loudness"]["lufs"] == pytest.approx(V.TARGET_LUFS, abs=1.0)
    html = next(site.rglob(f"{SECTION}/index.html")).read_text()
    assert "配音 讲师录音" in html and "--voice recorded:DIR" in html
    srv = make_server(site)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    page = next(site.rglob(f"{SECTION}*.mp4")).relative_to(site)
    clip = next(site.rglob("clips/01_*.mp4")).relative_to(site)
    driver = None
    try:
        driver = _start_browser()
        driver.get(base)
        for rel in (page, page.with_suffix(".webm"), clip, clip.with_suffix(".webm")):
            got = driver.execute_async_script(PLAY_VOICED, base + str(rel))
            assert got["advanced"] and not got["error"], (rel, got)
            assert got["audio"] > 1000, (rel, got)       # the voice track was decoded
    finally:
        if driver is not None:
            driver.quit()
        srv.shutdown()
        srv.server_close()


def _start_browser():
    import tempfile

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from test_site_browser import CHROMEDRIVER, CHROMIUM, FLAGS

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for f in (*FLAGS, f"--user-data-dir={tempfile.mkdtemp(prefix='rnn-chromium-')}",
              "--autoplay-policy=no-user-gesture-required"):
        opts.add_argument(f)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_script_timeout(60)
    return driver


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_a_cluster_renders_the_same_voiced_bytes(voiced, recordings, tmp_path):
    """Beat jobs on a real Dask LocalCluster (two worker processes on 127.0.0.1) give the
    voiced section and clips byte for byte as the local workers did."""
    from distributed import Client, LocalCluster

    out, d, rec, _ = voiced
    folder, _ = recordings
    mine = tmp_path / "media"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, silence_logs=50) as c, Client(c):
        r = run("render", SECTION, "--out", str(mine), "--voice", f"recorded:{folder}",
                "--cluster", c.scheduler_address)
    assert r.returncode == 0, r.stderr[-2000:]
    theirs = mine / "low" / "zh" / SECTION
    names = [f"{SECTION}.mp4", f"{SECTION}.webm", *(c["file"] for c in rec["clips"]),
             *(c["webm"] for c in rec["clips"])]
    for n in names:
        assert (theirs / n).read_bytes() == (d / n).read_bytes(), n


@pytest.mark.render
@pytest.mark.parametrize("lang,engine", [("zh", "espeak-ng"), ("en", "festival")])
def test_a_synthesized_render_speaks(tmp_path, lang, engine):
    """A short section rendered with --voice synth in each language: every clip and the
    section carry speech (sound over much of the time, not silence), at the loudness target,
    with the engine the README names for the language; in English, an independent speech
    recognizer hears most of the words each line says (:func:`recognized_share`)."""
    section = "lstm-07-variants"
    r = run("render", section, "--out", str(tmp_path), "--lang", lang, "--voice", "synth")
    assert r.returncode == 0, r.stderr[-2000:]
    d = tmp_path / "low" / lang / section
    rec = json.loads((d / "render.json").read_text())
    assert rec["voice"]["engine"].startswith(engine)
    for f in [d / f"{section}.mp4", d / f"{section}.webm",
              *(d / c["file"] for c in rec["clips"])]:
        x, rate = decode_audio(f)
        assert abs(len(x) / rate - video_seconds(f)) <= 1 / FPS
        assert np.sqrt(np.mean(x ** 2)) > 0.02, f.name         # -34 dBFS: not silence
        env = envelope(x, rate, 0.05)
        assert np.mean(env > 0.01) > 0.3, f.name                # sound over much of it
    x, rate = decode_audio(d / f"{section}.mp4")
    assert V.loudness(x.astype(np.float32)) == pytest.approx(V.TARGET_LUFS, abs=1.0)
    assert V.true_peak(x) <= V.TRUE_PEAK_CEILING
    # every line was spoken: as many bursts of speech as lines, give or take the pauses
    # inside a line (a comma), and each caption line starts with sound
    from rnn_lecture.captions import parse_srt

    starts = [b["start"] + s for b in rec["beats"] for s, _, _ in b["subcaptions"]]
    heard = onsets(x, rate)
    for t in starts:
        assert min(abs(t - h) for h in heard) <= 0.1, t
    assert len(parse_srt((d / f"{section}.srt").read_text())) >= len(starts)
    if lang == "en":
        share = recognized_share(d / f"{section}.mp4", rec)
        # the control: each line's sound scored against the next line's words
        lines = [ln for b in rec["beats"] for ln in b["voice"]]
        texts = [ln["text"] for ln in lines]
        for ln, text in zip(lines, texts[1:] + texts[:1]):
            ln["text"] = text
        assert share > 0.6 and share > recognized_share(d / f"{section}.mp4", rec) + 0.25


def recognized_share(video: Path, rec: dict) -> float:
    """Listen with an independent recognizer: CMU PocketSphinx (its own US English model, a
    general language model) transcribes each voiced line of the delivered MP4; the share of
    the line's spoken words it heard. On festival's voice it hears about three words in four
    (it knows no "tanh" or "W h")."""
    from pocketsphinx import Decoder

    from rnn_lecture.speech import speakable

    with av.open(str(video)) as c:
        res = av.AudioResampler(format="s16", layout="mono", rate=16000)
        parts = [g.to_ndarray().reshape(-1) for f in c.decode(c.streams.audio[0])
                 for g in res.resample(f)]
    pcm = np.concatenate(parts)
    dec = Decoder(loglevel="FATAL")
    said = heard = 0
    for b in rec["beats"]:
        for ln in b["voice"]:
            a = int((b["start"] + ln["at"]) * 16000)
            dec.start_utt()
            dec.process_raw(pcm[a:a + int(ln["seconds"] * 16000)].tobytes(), full_utt=True)
            dec.end_utt()
            words = set(dec.hyp().hypstr.split()) if dec.hyp() else set()
            ref = re.findall(r"[a-z']+", speakable(ln["text"], "en").lower())
            said += len(ref)
            heard += sum(w in words for w in ref)
    return heard / said


def test_a_synthesized_line_missing_here_is_made_again_the_same(tmp_path):
    """A line a cluster worker on another machine synthesized: its file is not here when the
    section is assembled, so it is synthesized again, with the same audio id (the engines are
    deterministic)."""
    from rnn_lecture import tts

    engine = tts.engine_for("en")
    if not engine.available():
        pytest.skip(f"{engine.name} is not installed")
    voice = V.Voice(V.parse_voice("synth"), "en", SECTION, tmp_path / "voice")
    line = voice.line("b", "k.say", "The last state is 0.841.")
    record = {"source": line.source, "id": line.id, "text": line.text}
    Path(line.source).unlink()
    again = voice.source_of(record)
    assert again.is_file() and V._file_id(again) == line.id
    assert oct(again.stat().st_mode & 0o777) == "0o644"


@pytest.mark.render
@pytest.mark.xdist_group("voice")
def test_motion_times_the_timeline_with_the_voice(voiced, recordings, tmp_path):
    """``motion --voice`` times a section's timeline as the voiced render runs: the same
    length as the rendered video, within a frame per beat."""
    out, d, rec, _ = voiced
    folder, _ = recordings
    r = run("motion", SECTION, "--lang", "zh", "--voice", f"recorded:{folder}", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    seconds = float(re.search(r"zh\s+([0-9.]+) s", r.stdout).group(1))
    assert seconds == pytest.approx(rec["duration"], abs=len(rec["beats"]) / FPS)
    r = run("motion", SECTION, "--voice", "synth", "--media", str(out), cwd=tmp_path)
    assert r.returncode == 2 and "give one of them" in r.stderr
