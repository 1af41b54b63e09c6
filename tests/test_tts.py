"""rnn_lecture.tts: each engine installed here speaks, deterministically, into a mono WAV.

A test of an engine is skipped only when the engine's program is not on PATH (the reason says
which); an installed program whose voice is missing fails. Lines are made speakable first
(:func:`rnn_lecture.speech.speakable`), as the render pipeline does.
"""

from __future__ import annotations

import array
import json
import math
import re
import shutil
import tempfile
import wave
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rnn_lecture import tts
from rnn_lecture.speech import speakable

DATA = Path(__file__).parent / "data" / "narration_lines.json"

#: The programs each engine runs: a test is skipped only when one of them is absent.
PROGRAMS = {"espeak-ng": ("espeak-ng",), "festival": ("festival", "text2wave")}

SENTENCES = {
    "en": "Out at z = 2.6 the slope is down to 0.022: a saturated unit barely responds to "
          "its input any more.",
    "zh": "走到 z = 2.6，斜率只剩 0.022：饱和的单元对输入几乎不再有反应。",
}

CASES = [(name, lang) for name, engine in tts.ENGINES.items() for lang in engine.langs]


def _engine(name: str) -> tts.Engine:
    missing = [p for p in PROGRAMS[name] if shutil.which(p) is None]
    if missing:
        pytest.skip(f"speech engine {name}: program {', '.join(missing)} is not installed here")
    engine = tts.ENGINES[name]
    assert engine.available(), f"{name}: the program is installed but not its voice"
    return engine


def _decode(path: Path) -> tuple[int, int, int, float, float]:
    """(sample rate, channels, sample width, seconds, RMS as a fraction of full scale)."""
    with wave.open(str(path)) as w:
        rate, channels, width, n = (w.getframerate(), w.getnchannels(), w.getsampwidth(),
                                    w.getnframes())
        frames = w.readframes(n)
    assert width == 2, f"{path}: {8 * width}-bit samples, expected 16"
    samples = array.array("h", frames)
    rms = math.sqrt(sum(s * s for s in samples) / max(len(samples), 1)) / 32768
    return rate, channels, width, n / rate, rms


def _expected_seconds(text: str, lang: str) -> float:
    """Seconds at a lecture's pace: 150 words a minute, 4.5 Chinese characters a second."""
    if lang == "en":
        return len(text.split()) / 150 * 60
    return len(re.findall(r"[\u4e00-\u9fff]", text)) / 4.5 + \
        len(re.findall(r"[A-Za-z]+", text)) * 0.3


@pytest.mark.parametrize("name, lang", CASES)
def test_speaks_a_sentence(name, lang, tmp_path):
    engine = _engine(name)
    text = speakable(SENTENCES[lang], lang)
    dst = tmp_path / "out" / "line.wav"
    engine.synthesize(text, lang, dst)
    rate, channels, _width, seconds, rms = _decode(dst)
    assert rate == engine.sample_rate
    assert channels == 1
    expected = _expected_seconds(text, lang)
    assert 0.6 * expected < seconds < 1.6 * expected, (seconds, expected)
    assert rms > 0.02, f"{name} {lang}: RMS {rms:.4f}: silence?"
    assert dst.stat().st_mode & 0o044 == 0o044, "the WAV is readable by others"


@pytest.mark.parametrize("name, lang", CASES)
def test_same_text_same_bytes(name, lang, tmp_path):
    """Deterministic, also when two calls run at once (two processes of the engine)."""
    engine = _engine(name)
    text = speakable(SENTENCES[lang], lang)
    first = tmp_path / "first.wav"
    engine.synthesize(text, lang, first)
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda i: engine.synthesize(text, lang, tmp_path / f"at-once-{i}.wav"),
                      range(2)))
    data = first.read_bytes()
    assert (tmp_path / "at-once-0.wav").read_bytes() == data
    assert (tmp_path / "at-once-1.wav").read_bytes() == data


@pytest.mark.parametrize("name, lang", CASES)
def test_real_lecture_lines(name, lang, tmp_path):
    """Two lines of the lecture (numbers, names, a year, symbols) at a plausible pace."""
    engine = _engine(name)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    picks = {"zh": ["primer-03-gates:zh", "pre-03-spectral:zh"],
             "en": ["primer-03-gates:en", "pre-03-spectral:en"]}[lang]
    lines = [data[key][-1][1][0] for key in picks]
    for i, line in enumerate(lines):
        text = speakable(line, lang)
        dst = tmp_path / f"{i}.wav"
        engine.synthesize(text, lang, dst)
        _rate, _channels, _width, seconds, rms = _decode(dst)
        expected = _expected_seconds(text, lang)
        assert 0.6 * expected < seconds < 1.6 * expected, (line, seconds, expected)
        assert rms > 0.02


@pytest.mark.parametrize("name, lang", CASES)
def test_temporary_files_are_removed(name, lang, tmp_path, monkeypatch):
    engine = _engine(name)
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    engine.synthesize(speakable("1, 2, 3.", lang), lang, tmp_path / "out.wav")
    assert list(private.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.wav", "tmp"]


@pytest.mark.parametrize("name", list(tts.ENGINES))
def test_identity(name, monkeypatch):
    engine = _engine(name)
    for lang in engine.langs:
        who = engine.identity(lang)
        assert who == engine.identity(lang) and "\n" not in who
        assert who.startswith(name) and re.search(r"\d\.\d", who), who
    if name == "espeak-ng":
        assert engine.identity("zh") != engine.identity("en")
        before = engine.identity("en")
        monkeypatch.setitem(type(engine).RATES, "en", 175)
        assert engine.identity("en") != before, "the rate is part of the identity"
    else:
        before = engine.identity("en")
        monkeypatch.setattr(type(engine), "SPEED", 1.0)
        assert engine.identity("en") != before, "the speed is part of the identity"


# ----- errors ---------------------------------------------------------------------------------

def _one_line(err: pytest.ExceptionInfo) -> str:
    text = str(err.value)
    assert text and "\n" not in text, repr(text)
    return text


def test_unknown_engine():
    with pytest.raises(ValueError) as err:
        tts.engine_for("en", "say")
    text = _one_line(err)
    assert "'say'" in text and "espeak-ng" in text and "festival" in text


def test_engine_that_does_not_speak_the_language():
    with pytest.raises(ValueError) as err:
        tts.engine_for("zh", "festival")
    text = _one_line(err)
    assert "'festival'" in text and "'zh'" in text and "espeak-ng" in text


def test_unknown_language():
    with pytest.raises(ValueError) as err:
        tts.engine_for("fr")
    assert "'fr'" in _one_line(err)
    with pytest.raises(ValueError) as err:
        tts.ENGINES["espeak-ng"].synthesize("bonjour", "fr", Path("never.wav"))
    assert "'espeak-ng'" in _one_line(err) and "zh, en" in str(err.value)
    with pytest.raises(ValueError) as err:
        tts.ENGINES["festival"].identity("zh")
    assert "'festival'" in _one_line(err)


@pytest.mark.parametrize("name", list(tts.ENGINES))
def test_blank_text(name, tmp_path):
    with pytest.raises(ValueError) as err:
        tts.ENGINES[name].synthesize(" \n ", "en", tmp_path / "x.wav")
    assert name in _one_line(err)
    assert not (tmp_path / "x.wav").exists()


def test_engine_for_picks_the_best_installed(monkeypatch):
    espeak, festival = tts.ENGINES["espeak-ng"], tts.ENGINES["festival"]
    monkeypatch.setattr(type(espeak), "available", lambda self: True)
    monkeypatch.setattr(type(festival), "available", lambda self: True)
    assert tts.engine_for("en") is festival
    assert tts.engine_for("zh") is espeak
    assert tts.engine_for("en", "espeak-ng") is espeak
    assert tts.engine_for("en", "festival") is festival

    monkeypatch.setattr(type(festival), "available", lambda self: False)
    assert tts.engine_for("en") is espeak
    with pytest.raises(ValueError) as err:
        tts.engine_for("en", "festival")
    text = _one_line(err)
    assert "'festival'" in text and "not installed" in text and "espeak-ng" in text

    monkeypatch.setattr(type(espeak), "available", lambda self: False)
    for lang in ("en", "zh"):
        with pytest.raises(ValueError) as err:
            tts.engine_for(lang)
        assert "espeak-ng" in _one_line(err)
    with pytest.raises(ValueError) as err:
        tts.engine_for("zh", "espeak-ng")
    assert "'espeak-ng'" in _one_line(err) and "none" in str(err.value)


def test_engine_for_on_this_machine():
    """What the pipeline gets here: the preferred engine wherever it is installed."""
    for lang, order in tts.PREFERENCE.items():
        here = [n for n in order if tts.ENGINES[n].available()]
        if not here:
            with pytest.raises(ValueError):
                tts.engine_for(lang)
        else:
            assert tts.engine_for(lang) is tts.ENGINES[here[0]]


def test_espeak_failure_is_one_line(tmp_path):
    _engine("espeak-ng")

    class Broken(tts.EspeakNG):
        VOICES = {"zh": "nonexistentvoice", "en": "nonexistentvoice"}

    with pytest.raises(RuntimeError) as err:
        Broken().synthesize("hello", "en", tmp_path / "x.wav")
    text = _one_line(err)
    assert text.startswith("espeak-ng:") and "voice" in text
    assert not (tmp_path / "x.wav").exists()
    assert not Broken().available()


def test_festival_failure_is_one_line(tmp_path):
    _engine("festival")

    class Broken(tts.Festival):
        VOICE = "no_such_voice_xx"

    with pytest.raises(RuntimeError) as err:
        Broken().synthesize("hello", "en", tmp_path / "x.wav")
    text = _one_line(err)
    assert text.startswith("festival:") and "no_such_voice_xx" in text
    assert not (tmp_path / "x.wav").exists()
    assert not Broken().available()


def test_festival_reads_ascii():
    assert tts._ascii("“the” — ‘it’ café…") == "\"the\"  -  'it' cafe..."
