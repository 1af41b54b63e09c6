"""Offline speech synthesis behind a small interface: espeak-ng (zh, en) and festival (en).

An :class:`Engine` turns text that is already speakable (:func:`rnn_lecture.speech.speakable`)
into a mono WAV file. :data:`ENGINES` holds one instance of each; :func:`engine_for` picks the
best one for a language, or checks a named one. Engines hold no state: every call starts its own
program with its own private temporary directory (removed afterwards) and puts the result in
place with an atomic rename, so two processes may synthesize at once, even into one folder.

Engines
-------
``espeak-ng`` (Debian ``espeak-ng``): formant synthesis, 22,050 Hz, 16-bit mono.

* Mandarin voice ``cmn-latn-pinyin``, not ``cmn``: in espeak-ng 1.51 (Debian 12) the ``cmn``
  voice ("Latin as English") reads most Chinese characters through their pinyin with the
  English voice, tone digit included (一 as "yi one", 的 as "de five"); ``cmn-latn-pinyin``
  reads the characters right and still switches to English for Latin words that are not
  pinyin (``softmax``, ``Transformer``, ``tanh``); letters are spelled with Chinese letter
  names. Latin words that happen to spell pinyin are read as pinyin (``he``, ``she``, ``man``
  as 喝, 奢, 满; ``token`` as "tuo ken"; ``cache`` as "ca che"); acronyms are spelled by
  :func:`~rnn_lecture.speech.speakable` (``GRU`` would be "g-ru" otherwise). Each character
  has one reading (多音字 are not resolved: 行 is always xíng, 重 zhòng, 长 cháng, 调 diào,
  差 chà) and there is no tone sandhi (一百 is yī bǎi).
* English voice ``en-us``: intelligible, robotic; misreads some names (Gers as "Jers",
  Jacobians stressed on "co", GloVe as "glo V").
* espeak-ng takes an unknown voice name that starts like a language code for that language
  (``no-such-voice`` speaks Norwegian), so :meth:`EspeakNG.available` checks the voices in
  ``espeak-ng --voices``.
* Rates (``-s``, words per minute as espeak-ng counts them), measured on 60 random lecture
  lines after :func:`~rnn_lecture.speech.speakable`, pauses included: zh 210, 4.1 Chinese
  characters (4.4 characters and Latin words) a second, the calm end of a lecture's 4–5; en
  150, about 153 spoken words a minute (a spelled acronym counted as one word).

``festival`` (Debian ``festival`` and ``festvox-us-slt-hts``): the HTS voice
``cmu_us_slt_arctic_hts`` (US English, female), 32,000 Hz, 16-bit mono, through
``text2wave``; the HTS speed factor ``-r 0.92`` gives about 151 words a minute on the same
lines (1.0: about 165). Much more natural than espeak-ng and better with names; it misreads
a few words (``peephole`` "peefole", ``PyTorch`` "pitorch", ``tau`` "toe"). About 5% of real
time on one core (espeak-ng: under 1%).
Festival reads bytes, not UTF-8: text is given to it in ASCII (curly quotes and dashes as their
ASCII forms, accents dropped). ``text2wave`` exits 0 even when it fails, so a run counts as
failed when it printed ``SIOD ERROR`` or wrote no WAV.

Determinism: both engines are deterministic here: the same text gives the same bytes, run
after run and from two processes at once (checked for espeak-ng 1.51 and festival 2.5.0 with
the HTS voice; ``tests/test_tts.py`` checks it for each engine installed).

:meth:`Engine.identity` names what the output depends on: the engine's program and version,
the Debian package versions where ``dpkg-query`` answers (a security update keeps the
program's version and may change its code), the voice, the options (rate), a digest of the
voice's data files, and :attr:`Engine.revision` (raised when this module's way of calling the
engine changes), so it can go into a cache key.
"""

from __future__ import annotations

import abc
import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import unicodedata
from pathlib import Path

__all__ = ["Engine", "EspeakNG", "Festival", "ENGINES", "engine_for"]


def _one_line(text: str) -> str:
    """The last non-empty line of a program's error output (or a placeholder)."""
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    return lines[-1] if lines else "no error output"


@functools.lru_cache(maxsize=None)
def _file_digest(paths: tuple[str, ...], stamps: tuple) -> str:
    """SHA-256 (first 16 hex digits) of some files' bytes; ``stamps`` (size, mtime) is the
    cache key only."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.encode())
        try:
            with open(p, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
        except OSError:
            h.update(b"<missing>")
    return h.hexdigest()[:16]


def _digest(paths: list[Path]) -> str:
    stamps = []
    for p in paths:
        try:
            st = p.stat()
            stamps.append((st.st_size, st.st_mtime_ns))
        except OSError:
            stamps.append(None)
    return _file_digest(tuple(str(p) for p in paths), tuple(stamps))


def _program_stamp(program: str) -> tuple[str, int] | None:
    """The resolved path of a program and its mtime (a cache key), or None if absent."""
    path = shutil.which(program)
    if path is None:
        return None
    try:
        return path, os.stat(path).st_mtime_ns
    except OSError:
        return None


@functools.lru_cache(maxsize=None)
def _package_versions_cached(names: tuple[str, ...], stamp: int) -> str:
    """``name=version`` of installed Debian packages (``stamp``: dpkg's status file mtime,
    the cache key only)."""
    dpkg = shutil.which("dpkg-query")
    if dpkg is None:
        return ""
    try:
        out = subprocess.run([dpkg, "-W", "-f", "${Package}=${Version} ", *names],
                             capture_output=True, timeout=20, check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return " ".join(sorted(out.decode("utf-8", "replace").split()))


def _package_versions(names: tuple[str, ...]) -> str:
    try:
        stamp = os.stat("/var/lib/dpkg/status").st_mtime_ns
    except OSError:
        return ""
    return _package_versions_cached(names, stamp)


def _run(argv: list[str], *, input: bytes | None = None, timeout: float = 60.0,
         what: str) -> subprocess.CompletedProcess:
    """Run a program (no shell); a failure to start, a timeout or a non-zero exit is a
    RuntimeError of one line: ``what: <the last line of its error output>``."""
    try:
        proc = subprocess.run(argv, input=input, capture_output=True, timeout=timeout,
                              check=False)
    except FileNotFoundError:
        raise RuntimeError(f"{what}: program {argv[0]!r} not found") from None
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{what}: no answer within {timeout:.0f} s") from None
    if proc.returncode != 0:
        raise RuntimeError(f"{what}: {_one_line(proc.stderr.decode('utf-8', 'replace'))}")
    return proc


def _place(src: Path, dst: Path) -> None:
    """Put ``src`` at ``dst`` atomically (a temporary file beside ``dst``, then a rename)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    try:
        with os.fdopen(fd, "wb") as out, open(src, "rb") as f:
            shutil.copyfileobj(f, out)
        os.chmod(tmp, 0o644)          # mkstemp's 0600 would keep the file from a web server
        os.replace(tmp, dst)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _is_wav(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(12)
        return head[:4] == b"RIFF" and head[8:12] == b"WAVE" and path.stat().st_size > 44
    except OSError:
        return False


class Engine(abc.ABC):
    """A speech synthesizer run as a local program.

    Attributes
    ----------
    name : str
        The key in :data:`ENGINES` (``"espeak-ng"``, ``"festival"``).
    langs : tuple of str
        The languages it speaks (``"zh"``, ``"en"``).
    sample_rate : int
        The sample rate of the WAV files it writes, in Hz.
    revision : int
        Raised whenever this module changes how it calls the engine (part of
        :meth:`identity`).
    """

    name: str = ""
    langs: tuple[str, ...] = ()
    sample_rate: int = 0
    revision: int = 1

    def speaks(self, lang: str) -> bool:
        """Whether ``lang`` is one of :attr:`langs`."""
        return lang in self.langs

    def _program_path(self) -> str:
        """The engine's program on PATH; RuntimeError (one line) if it is not installed."""
        stamp = _program_stamp(self.program)
        if stamp is None:
            raise RuntimeError(f"speech engine {self.name!r} is not installed here "
                               f"(no {self.program} on PATH)")
        return stamp[0]

    @abc.abstractmethod
    def available(self) -> bool:
        """Whether the engine's program and voices are installed on this machine."""

    @abc.abstractmethod
    def identity(self, lang: str) -> str:
        """What the engine's output for ``lang`` depends on, in one line: name, program
        version, voice, options and a digest of the voice data; it changes when the output
        would.

        Raises
        ------
        ValueError
            If the engine does not speak ``lang``.
        RuntimeError
            If the engine is not installed.
        """

    @abc.abstractmethod
    def synthesize(self, text: str, lang: str, dst: Path) -> None:
        """Write ``text`` spoken in ``lang`` to ``dst`` as a mono WAV file.

        Parameters
        ----------
        text : str
            Already speakable text (:func:`rnn_lecture.speech.speakable`); line breaks are
            read as spaces.
        lang : str
            One of :attr:`langs`.
        dst : pathlib.Path
            The WAV file to write (replaced atomically; its folder is created if missing).

        Raises
        ------
        ValueError
            If the engine does not speak ``lang`` or ``text`` is blank.
        RuntimeError
            If the program is missing or fails (one line: the last line of its error
            output).
        """

    # ----- shared checks ---------------------------------------------------------------

    def _check(self, text: str | None, lang: str) -> str:
        if not self.speaks(lang):
            raise ValueError(f"speech engine {self.name!r} does not speak {lang!r}; "
                             f"it speaks: {', '.join(self.langs)}")
        if text is None:
            return ""
        flat = " ".join(text.split())
        if not flat:
            raise ValueError(f"speech engine {self.name!r}: nothing to say (blank text)")
        return flat

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} langs={self.langs}>"


# ----- espeak-ng --------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _espeak_facts(stamp: tuple[str, int]) -> dict:
    """Version, data folder and installed voices of one espeak-ng program (cached per
    program path and mtime)."""
    program = stamp[0]
    version = _run([program, "--version"], timeout=20, what="espeak-ng").stdout.decode(
        "utf-8", "replace")
    m = re.search(r"text-to-speech:\s*(\S+)", version)
    data = re.search(r"Data at:\s*(.+?)\s*$", version.strip())
    voices = {}
    listing = _run([program, "--voices"], timeout=20, what="espeak-ng").stdout.decode(
        "utf-8", "replace")
    for line in listing.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5:
            voices.setdefault(cols[1].lower(), cols[4])  # language -> voice file (the first
            # listed, as ``-v`` picks it)
    return {"version": m.group(1) if m else version.strip().splitlines()[0],
            "data": Path(data.group(1)) if data else None, "voices": voices}


class EspeakNG(Engine):
    """espeak-ng: Mandarin (voice ``cmn-latn-pinyin``) and US English (``en-us``); module
    docstring for the choices. Deterministic."""

    name = "espeak-ng"
    langs = ("zh", "en")
    sample_rate = 22050
    revision = 1
    program = "espeak-ng"
    #: voice per language
    VOICES = {"zh": "cmn-latn-pinyin", "en": "en-us"}
    #: speaking rate per language (``-s``, espeak-ng's words per minute)
    RATES = {"zh": 210, "en": 150}
    #: dictionary per language (``<name>_dict`` in the data folder)
    DICTS = {"zh": "cmn", "en": "en"}

    def _facts(self) -> dict | None:
        stamp = _program_stamp(self.program)
        if stamp is None:
            return None
        try:
            return _espeak_facts(stamp)
        except RuntimeError:
            return None

    def available(self) -> bool:
        facts = self._facts()
        return facts is not None and all(v in facts["voices"] for v in self.VOICES.values())

    def _options(self, lang: str) -> list[str]:
        return ["-v", self.VOICES[lang], "-s", str(self.RATES[lang]), "-b", "1"]

    def identity(self, lang: str) -> str:
        self._check(None, lang)
        facts = self._facts()
        if facts is None or self.VOICES[lang] not in facts["voices"]:
            raise RuntimeError(f"speech engine {self.name!r} is not installed here")
        data = facts["data"]
        files = []
        if data is not None:
            files = [data / f for f in ("phontab", "phonindex", "phondata", "intonations",
                                        f"{self.DICTS[lang]}_dict")]
            voice_file = facts["voices"][self.VOICES[lang]]
            files += [p for p in (data / "lang" / voice_file, data / "voices" / voice_file)
                      if p.is_file()]
        packages = _package_versions(("espeak-ng", "espeak-ng-data", "libespeak-ng1"))
        return (f"espeak-ng {facts['version']} voice={self.VOICES[lang]} "
                f"options={' '.join(self._options(lang))} data={_digest(files)} "
                f"revision={self.revision}" + (f" packages={packages}" if packages else ""))

    def synthesize(self, text: str, lang: str, dst: Path) -> None:
        flat = self._check(text, lang)
        program = self._program_path()
        tmp = Path(tempfile.mkdtemp(prefix="rnn-lecture-espeak-"))
        try:
            out = tmp / "speech.wav"
            proc = _run([program, *self._options(lang), "-w", str(out), "--stdin"],
                        input=flat.encode("utf-8"), timeout=60 + len(flat) / 5,
                        what=self.name)
            if not _is_wav(out):
                raise RuntimeError(f"{self.name}: wrote no WAV file "
                                   f"({_one_line(proc.stderr.decode('utf-8', 'replace'))})")
            _place(out, Path(dst))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


# ----- festival ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _festival_facts(festival: tuple[str, int], text2wave: tuple[str, int]) -> dict:
    """Festival's version and where its voices are (cached per program path and mtime)."""
    version = _run([festival[0], "--version"], timeout=30, what="festival").stdout.decode(
        "utf-8", "replace").strip()
    m = re.search(r"System:\s*([^:\s]+)", version)
    probe = _run([festival[0], "-b",
                  '(mapcar (lambda (v) (format t "%s %s\\n" (car v) (cdr v))) '
                  'voice-locations)'], timeout=30, what="festival").stdout.decode(
        "utf-8", "replace")
    voices = {}
    for line in probe.splitlines():
        name, _, where = line.strip().partition(" ")
        if name:
            voices[name] = Path(where.strip())
    return {"version": m.group(1) if m else version.splitlines()[0], "voices": voices}


def _ascii(text: str) -> str:
    """Text festival can read: ASCII only (quotes and dashes as their ASCII forms, accents
    dropped, anything else a space)."""
    table = {"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'",
             "‚": "'", "–": " - ", "—": " - ", "…": "...", "\u00a0": " ", "\u2009": " "}
    text = "".join(table.get(c, c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return "".join(c if c.isascii() else " " for c in text)


class Festival(Engine):
    """festival with the HTS voice ``cmu_us_slt_arctic_hts`` (US English); module docstring.
    Deterministic."""

    name = "festival"
    langs = ("en",)
    sample_rate = 32000
    revision = 1
    program = "text2wave"
    VOICE = "cmu_us_slt_arctic_hts"
    #: HTS speed factor (``-r``): 1.0 is the voice's own pace (about 165 words a minute)
    SPEED = 0.92

    def _facts(self) -> dict | None:
        festival, text2wave = _program_stamp("festival"), _program_stamp(self.program)
        if festival is None or text2wave is None:
            return None
        try:
            return _festival_facts(festival, text2wave)
        except RuntimeError:
            return None

    def available(self) -> bool:
        facts = self._facts()
        return facts is not None and self.VOICE in facts["voices"]

    def _evals(self) -> list[str]:
        return ["-eval", f"(voice_{self.VOICE})",
                "-eval", f'(set! hts_engine_params (append hts_engine_params '
                         f'(list (list "-r" {self.SPEED}))))']

    def identity(self, lang: str) -> str:
        self._check(None, lang)
        facts = self._facts()
        if facts is None or self.VOICE not in facts["voices"]:
            raise RuntimeError(f"speech engine {self.name!r} is not installed here")
        where = facts["voices"][self.VOICE]
        files = sorted(p for p in where.rglob("*") if p.is_file()) if where.is_dir() else []
        packages = _package_versions(("festival", "festvox-us-slt-hts", "festlex-cmu"))
        return (f"festival {facts['version']} voice={self.VOICE} speed={self.SPEED} "
                f"data={_digest(files)} revision={self.revision}"
                + (f" packages={packages}" if packages else ""))

    def synthesize(self, text: str, lang: str, dst: Path) -> None:
        flat = self._check(text, lang)
        program = self._program_path()
        tmp = Path(tempfile.mkdtemp(prefix="rnn-lecture-festival-"))
        try:
            src, out = tmp / "speech.txt", tmp / "speech.wav"
            src.write_text(_ascii(flat) + "\n", encoding="ascii")
            proc = _run([program, *self._evals(), "-o", str(out), str(src)],
                        timeout=120 + len(flat) / 2, what=self.name)
            err = proc.stderr.decode("utf-8", "replace")
            # text2wave exits 0 when festival reports an error
            if "SIOD ERROR" in err or not _is_wav(out):
                raise RuntimeError(f"{self.name}: {_one_line(err)}")
            _place(out, Path(dst))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


#: One instance of each engine, by name.
ENGINES: dict[str, Engine] = {"espeak-ng": EspeakNG(), "festival": Festival()}

#: Engines by preference per language (the first one installed is used).
PREFERENCE: dict[str, tuple[str, ...]] = {"en": ("festival", "espeak-ng"), "zh": ("espeak-ng",)}


def engine_for(lang: str, name: str | None = None) -> Engine:
    """The engine to speak ``lang`` with.

    Parameters
    ----------
    lang : str
        ``"zh"`` or ``"en"``.
    name : str, optional
        An engine's name (a key of :data:`ENGINES`). None: the best one installed here for
        ``lang`` (:data:`PREFERENCE`: festival's HTS voice for en, else espeak-ng; espeak-ng
        for zh).

    Returns
    -------
    Engine

    Raises
    ------
    ValueError
        One line naming the engine (or language) and what is allowed, if ``name`` is
        unknown, does not speak ``lang``, or is not installed here, or if no engine for
        ``lang`` is installed.
    """
    if lang not in PREFERENCE:
        raise ValueError(f"no speech engine speaks {lang!r}; languages: "
                         f"{', '.join(PREFERENCE)}")

    def installed() -> list[str]:
        return [n for n in PREFERENCE[lang] if ENGINES[n].available()]

    if name is None:
        here = installed()
        if not here:
            raise ValueError(f"no speech engine for {lang!r} is installed here; it would be "
                             f"one of: {', '.join(PREFERENCE[lang])}")
        return ENGINES[here[0]]
    if name not in ENGINES:
        raise ValueError(f"unknown speech engine {name!r}; allowed: {', '.join(ENGINES)}")
    engine = ENGINES[name]
    if not engine.speaks(lang):
        raise ValueError(f"speech engine {name!r} does not speak {lang!r}; allowed for "
                         f"{lang!r}: {', '.join(PREFERENCE[lang])}")
    if not engine.available():
        here = installed()
        raise ValueError(f"speech engine {name!r} is not installed here; allowed here for "
                         f"{lang!r}: {', '.join(here) if here else 'none'}")
    return engine
