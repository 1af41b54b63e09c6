"""The ``rnn-lecture`` command: list sections, show parameters, values and script, motion,
stills, render, site, bench.

Bad input (unknown section or parameter, a value of the wrong type or out of range) gets one
line on stderr naming the thing and what is allowed, and exit code 2, before anything renders.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import click

from scenes.params import ParamError, parse_assignments, shown
from scenes.registry import SECTIONS, get, ids


class UsageFailure(Exception):
    """A one-line user error (exit code 2)."""


#: An error line is at most this long (a list of allowed names can be long; a value the user
#: gave is cut to :data:`scenes.params.SHOWN_CHARS` where it is echoed).
MAX_ERROR_CHARS = 2000


class AsciiIntRange(click.IntRange):
    """``click.IntRange`` that reads only ASCII digits: click's own takes ``２``, ``٢`` and
    ``1_0`` (Python's ``int``), which a CLI should not."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not re.fullmatch(r"\s*[+-]?[0-9]{1,6}\s*", value):
            self.fail(f"'{shown(value)}' is not a whole number written in ASCII digits "
                      f"({self._describe_range()})", param, ctx)
        return super().convert(value, param, ctx)


def one_line(message: str, argv=()) -> str:
    """An error message as one bounded line: every argument of more than 256 characters or
    with control characters that it echoes (click's own messages echo values whole) is cut
    and escaped (:func:`~scenes.params.shown`), the rest escaped, the whole capped.

    Values the tool itself echoes are cut to :data:`~scenes.params.SHOWN_CHARS` where the
    message is made; this is the net under click's messages and file paths."""
    parts = set()
    for a in argv:
        parts.add(a)
        if a.startswith("--") and "=" in a:
            parts.add(a.split("=", 1)[1])
    for a in sorted(parts, key=len, reverse=True):
        if a and (len(a) > 256 or not a.isprintable()) and a in message:
            message = message.replace(a, shown(a))
    return shown(message, MAX_ERROR_CHARS)


def _sections(names: tuple[str, ...]) -> list:
    if not names or list(names) == ["all"]:
        return list(SECTIONS)
    return [get(n) for n in names]


def load_config(path: str | None) -> dict[str, dict]:
    """Read a parameter file: TOML, or JSON if its name ends in ``.json`` (any case),
    ``{section id: {name: value}}``.

    The file is read as every input file is (:mod:`rnn_lecture.inputs`: a regular file of at
    most 1 MiB, UTF-8, nested at most 32 deep; JSON without duplicate keys or NaN). A
    malformed, unreadable or mistyped file is a one-line ParamError naming the file and the
    table and parameter.
    """
    from .inputs import MAX_CONFIG_BYTES, InputError, load

    if not path:
        return {}
    what = f"config {shown(path, 200)}"
    fmt = "json" if Path(path).suffix.lower() == ".json" else "toml"
    try:
        data = load(path, what, fmt, MAX_CONFIG_BYTES)
    except InputError as e:
        msg = str(e)
        if "cannot read it" in msg:
            msg += "; expected TOML or JSON of [section-id] tables with name = value"
        raise ParamError(msg) from None
    if isinstance(data, dict) and "voice" in data:    # the one setting that is not a table
        voice = data.pop("voice")
        if not isinstance(voice, str):
            raise ParamError(f"{what}: voice must be a string: none, recorded:DIR, synth or "
                             "synth:ENGINE")
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ParamError(f"{what}: expected tables keyed by section id, "
                         "e.g. [primer-02-vanishing] w_h = 1.2")
    for sid, values in data.items():
        try:
            get(sid).resolve(values)
        except ParamError as e:
            raise ParamError(f"{what}: [{shown(sid)}] {e}") from None
    return data


def config_voice(path: str | None) -> str | None:
    """The ``voice = "..."`` a parameter file names at its top (None if it names none)."""
    from .inputs import MAX_CONFIG_BYTES, InputError, load

    if not path:
        return None
    fmt = "json" if Path(path).suffix.lower() == ".json" else "toml"
    try:
        data = load(path, f"config {shown(path, 200)}", fmt, MAX_CONFIG_BYTES)
    except InputError as e:
        raise ParamError(str(e)) from None
    voice = data.get("voice") if isinstance(data, dict) else None
    return voice if isinstance(voice, str) else None


def _voice_for(voice: str | None, config_path: str | None, allow_missing: bool, lang: str):
    """The render's voice: ``--voice``, else the config file's, else none; checked (an
    unknown voice or engine, a recordings folder that is not one: UsageFailure)."""
    from .voice import VoiceError, check_engine, parse_voice

    text = voice if voice is not None else (config_voice(config_path) or "none")
    try:
        spec = parse_voice(text, allow_missing)
        if spec.kind == "synth":
            check_engine(spec, lang)
    except VoiceError as e:
        raise UsageFailure(f"--voice: {e}") from None
    return spec


def _check_recordings(jobs, spec, every: bool = False) -> None:
    """Every narration line of every job that will render has its recording, readable
    (prepared now, and kept for the render), before anything renders: UsageFailure naming
    the first file that is not; with ``--allow-missing``, a line naming how many lines will
    be silent and which. Sections up to date are not read again unless ``every``."""
    from scenes.script import cache_dir, construct

    from .render.job import code_hash, is_up_to_date, job_key, voice_dir_for
    from .voice import Voice, VoiceError

    code = code_hash()
    for job in jobs:
        if not every and is_up_to_date(job, job_key(job, code)):
            continue
        voice = Voice(spec, job.lang, job.section, voice_dir_for(job))
        try:
            construct(job.section, job.lang, job.params, cache=cache_dir(), voice=voice)
        except VoiceError as e:
            raise UsageFailure(str(e)) from None
        if voice.missing:
            shown_names = ", ".join(voice.missing[:3]) + (" ..." if len(voice.missing) > 3
                                                          else "")
            click.echo(f"{job.section}: {len(voice.missing)} line(s) with no recording, left "
                       f"silent (--allow-missing): {shown_names}", err=True)


def _overrides_for(sections, assignments: tuple[str, ...],
                   config: dict | None = None, check_defaults: bool = True) -> dict[str, dict]:
    """Resolve every selected section's parameters: defaults, then the config file, then
    ``--set`` (each name must belong to one of the selected sections), and compute each
    section's values to check the combination (``check_defaults=False``: not for a section
    at its defaults, which ``render`` computes in its workers when it draws; an up-to-date
    lecture then takes no values at all)."""
    raw = parse_assignments(assignments)
    per = {s.id: {} for s in sections}
    for name, value in raw.items():
        owners = [s for s in sections if name in s.schema.names()]
        if not owners:
            allowed = sorted({n for s in sections for n in s.schema.names()})
            raise ParamError(f"unknown parameter '{shown(name)}'; allowed: "
                             f"{', '.join(allowed)}")
        for s in owners:
            per[s.id][name] = value
    resolved = {}
    for s in sections:   # every value checked before anything is computed (or trained)
        params = s.resolve((config or {}).get(s.id, {}))  # checked by load_config
        from_set = s.resolve(per[s.id], from_text=True)
        params.update({k: from_set[k] for k in per[s.id]})
        resolved[s.id] = params
    for s in sections:
        if not check_defaults and resolved[s.id] == s.schema.defaults():
            continue    # the defaults are valid (tests/test_harness.py); a render computes them
        try:  # combinations mathcore rejects (kv_heads not dividing query_heads, ...)
            s.values(resolved[s.id])
        except ValueError as e:
            raise ParamError(f"{s.id}: {e}") from None
        except OSError as e:   # the training cache's folder (mathcore.train_cache)
            raise ParamError(f"{s.id}: training cache: {e}") from None
    return resolved


def _train_dir(out: str | None = None) -> None:
    """Where trained models are kept (:mod:`mathcore.train_cache`), unless
    ``$RNN_LECTURE_TRAIN_DIR`` names a folder: ``OUT/train`` for a command with an output
    folder, else ``$XDG_CACHE_HOME/rnn-lecture/train`` beside ``script``'s other caches."""
    from mathcore.train_cache import ENV
    from scenes.script import cache_dir

    if not os.environ.get(ENV):
        os.environ[ENV] = str(Path(out).absolute() / "train" if out else cache_dir().parent / "train")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli():
    """Animated lecture videos on sequence models; every number computed."""


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def list_cmd(as_json):
    """List the sections in lecture order."""
    rows = [{"id": s.id, "number": s.number, "title": s.title,
             "params": s.schema.names()} for s in SECTIONS]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    width = max(len(r["id"]) for r in rows)     # one column of ids, however long
    for r in rows:
        click.echo(f"{r['number']:<3} {r['id']:<{width}}  {r['title']['en']} / "
                   f"{r['title']['zh']}")


@cli.command("params")
@click.argument("section")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="en", show_default=True,
              help="Language of the descriptions.")
def params_cmd(section, as_json, lang):
    """Show a section's parameters: type, default, allowed values."""
    s = get(section)
    rows = [p.describe(lang) for p in s.schema.params]
    if as_json:
        click.echo(json.dumps({"section": s.id, "params": rows}, ensure_ascii=False, indent=2))
        return
    for r in rows:
        default = r["default"]
        if isinstance(default, list):
            default = ",".join(str(x) for x in default)
        click.echo(f"{r['name']:<16} {r['type']:<7} default {default!s:<14} {r['allowed']}"
                   f"\n{'':<16} {r['doc']}")


def _summary(v) -> str:
    if isinstance(v, list):
        flat = v
        if v and isinstance(v[0], list):
            return f"[{len(v)} rows x {len(v[0])}]"
        if len(flat) > 8:
            return "[" + ", ".join(_summary(x) for x in flat[:4]) + f", … ({len(flat)} values)]"
        return "[" + ", ".join(_summary(x) for x in flat) + "]"
    if isinstance(v, float):
        from scenes.style import fmt
        return fmt(v, 4, sig=3)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_summary(x)}" for k, x in v.items()) + "}"
    return str(v)


@cli.command("values")
@click.argument("section")
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override a parameter (repeatable).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="TOML/JSON file of [section-id] name = value tables.")
@click.option("--json", "as_json", is_flag=True, help="Full values as JSON.")
def values_cmd(section, assignments, config_path, as_json):
    """Print the values a section's scene will display."""
    s = get(section)
    _train_dir()
    params = _overrides_for([s], assignments, load_config(config_path))[s.id]
    data = s.values_json(params)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))
        return
    click.echo(f"section {s.id}")
    click.echo("params  " + ", ".join(f"{k}={_summary(v)}" for k, v in data["params"].items()))
    for k, v in data["values"].items():
        click.echo(f"  {k:<24} {_summary(v)}")


@cli.command("script")
@click.argument("sections", nargs=-1, required=True)
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True)
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override a parameter of every selected section that has it.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="TOML/JSON file of [section-id] name = value tables (--set wins).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--recording-sheet", "sheet_dir", type=click.Path(file_okay=False),
              metavar="DIR",
              help="Write DIR/recording-sheet.LANG.md and .json: every narration line to "
                   "record, numbers filled in, with the file name it must have under DIR "
                   "(for render --voice recorded:DIR).")
def script_cmd(sections, lang, assignments, config_path, as_json, sheet_dir):
    """Print what sections will say and show, beat by beat, without rendering."""
    from scenes.script import cache_dir, construct, script

    chosen = _sections(sections)
    _train_dir()
    params = _overrides_for(chosen, assignments, load_config(config_path))
    if sheet_dir:
        from .sheet import write_sheet

        paths = write_sheet(sheet_dir, chosen, lang, params)
        for p in paths:
            click.echo(f"wrote {p}")
        return
    out = [script(construct(s.id, lang, params[s.id], cache=cache_dir())) for s in chosen]
    if as_json:
        data = out[0] if len(out) == 1 else out
        click.echo(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))
        return
    for doc in out:
        click.echo(f"== {doc['section']} ({doc['lang']})")
        for b in doc["beats"]:
            click.echo(f"[{b['beat']}]")
            click.echo(f"  claim     {b['claim']}")
            click.echo(f"  narration {b['narration']}")
            for name, text in b["readouts"].items():
                click.echo(f"  readout   {name} = {text}")
            for text in b["labels"]:
                click.echo(f"  label     {text}")
        click.echo("")


@cli.command("motion")
@click.argument("sections", nargs=-1)
@click.option("--lang", "langs", type=click.Choice(["zh", "en"]), multiple=True,
              help="Language (repeatable; default both).")
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override a parameter of every selected section that has it.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="TOML/JSON file of [section-id] name = value tables (--set wins).")
@click.option("--media", type=click.Path(file_okay=False),
              help="Measure the rendered videos in this render folder (--out of render) "
                   "instead of the scenes' timelines.")
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="low",
              show_default=True, help="With --media: which renders.")
@click.option("--lines", "show_lines", is_flag=True,
              help="Also list the narration lines that start no animation in their first second.")
@click.option("--voice", metavar="none|recorded:DIR|synth[:ENGINE]",
              help="Time the timelines with this voice, as render --voice would (synthesized "
                   "lines are kept in media/voice, as render keeps them by default).")
def motion_cmd(sections, langs, assignments, config_path, media, quality, show_lines, voice):
    """Print each section's frozen share and longest frozen stretch (issue 22's targets:
    at most 40 % frozen, no frozen stretch over 6 s but the last frame)."""
    from . import motion
    from .voice import Voice, VoiceError

    chosen = _sections(sections) if sections else list(SECTIONS)
    _train_dir(media)
    params = _overrides_for(chosen, assignments, load_config(config_path))
    if voice is not None and media is not None:
        raise UsageFailure("--voice times the timelines; --media measures videos rendered "
                           "with their own voice: give one of them")
    bad = 0
    for s in chosen:
        for lang in langs or ("zh", "en"):
            voice_of = None
            if voice is not None:
                spec = _voice_for(voice, None, False, lang)
                voice_of = None if spec.silent else Voice(spec, lang, s.id,
                                                          Path("media") / "voice")
            try:
                (row,) = motion.report([s.id], [lang], params, media=media, quality=quality,
                                       voice=voice_of)
            except VoiceError as e:
                raise UsageFailure(str(e)) from None
            except FileNotFoundError as e:
                raise UsageFailure(str(e)) from None
            bad += bool(row["failures"])
            click.echo(motion.report_line(row))
            if show_lines:
                for beat, start, dur, key in row["late"]:
                    click.echo(f"    late line {beat}: {key} at {start:.1f} s ({dur:.1f} s)")
    click.echo(f"{bad} of {len(chosen) * len(langs or ('zh', 'en'))} miss the targets")


@cli.command("still")
@click.argument("section")
@click.option("--beat", "beats", multiple=True, help="Only this beat (repeatable).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True)
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="high",
              show_default=True)
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override a parameter.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="TOML/JSON file of [section-id] name = value tables (--set wins).")
@click.option("--out", default="media/stills", show_default=True,
              type=click.Path(file_okay=False), help="Folder for the PNGs.")
def still_cmd(section, beats, lang, quality, assignments, config_path, out):
    """Save each beat's held frame as a PNG, in seconds and without rendering video."""
    from scenes.script import cache_dir, stills

    from .render import QUALITIES

    s = get(section)
    known = s.scene_class().BEATS
    for b in beats:
        if b not in known:
            raise ParamError(f"unknown beat '{shown(b)}' of {s.id}; allowed: "
                             f"{', '.join(known)}")
    _train_dir()
    params = _overrides_for([s], assignments, load_config(config_path))[s.id]
    folder = Path(out) / lang / s.id
    for path in stills(s.id, folder, lang, params, beats, QUALITIES[quality],
                       cache=cache_dir()):
        click.echo(str(path))


@cli.command("render")
@click.argument("sections", nargs=-1)
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="low",
              show_default=True)
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True)
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE",
              help="Override a parameter of every selected section that has it.")
@click.option("--out", default="media", show_default=True, type=click.Path(file_okay=False),
              help="Output folder.")
@click.option("--jobs", "-j", default=min(os.cpu_count() or 1, 4), show_default=True,
              type=AsciiIntRange(1, 16), help="Worker processes (each renders one beat at a time).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="TOML/JSON file of [section-id] name = value tables (--set wins).")
@click.option("--force", is_flag=True, help="Render even if the outputs are up to date.")
@click.option("--no-space-check", is_flag=True,
              help="Render even if the output folder's disk looks too full.")
@click.option("--beat", "beats", multiple=True, metavar="NAME",
              help="Render only this beat of the one section given (repeatable), as a preview "
                   "in OUT/QUALITY/LANG/previews/SECTION/; the section's render is left alone.")
@click.option("--one-process", is_flag=True,
              help="Render each section in one process, as Manim alone would, instead of its "
                   "beats as separate jobs.")
@click.option("--cluster", metavar="tcp://HOST:PORT|local:N",
              help="Send the beat jobs to a Dask scheduler (workers with this package "
                   "installed, --nthreads 1), or start N local worker processes; files come "
                   "back to this machine.")
@click.option("--voice", metavar="none|recorded:DIR|synth[:ENGINE]",
              help="The narration's voice: none (silent, the default unless the config file "
                   "names one), the instructor's recordings in DIR (one file a line: see "
                   "script --recording-sheet), or offline speech synthesis (espeak-ng, "
                   "festival).")
@click.option("--allow-missing", is_flag=True,
              help="With recorded:DIR, leave lines with no recording silent (and say which) "
                   "instead of stopping.")
@click.option("--trace", "trace_path", hidden=True, type=click.Path(dir_okay=False),
              help="Write the run's job records and manifest entries here as JSON (for "
                   "scripts/bench, which times renders as this command).")
def render_cmd(sections, quality, lang, assignments, out, jobs, config_path, force,
               no_space_check, beats, one_process, cluster, voice, allow_missing, trace_path):
    """Render sections (default: all) to video, clips, posters and captions.

    Each beat of a section is a job: --jobs workers render beats of every section, longest
    first, and each section is joined from its beats' clips without re-encoding. A section
    rendered before draws again only the beats whose drawing changed.

    Exit code 0: every section rendered or up to date; 1: a section failed (one line each,
    logs in OUT/QUALITY/LANG/logs/, summary at the end) or the disk is too full; 2: bad input,
    nothing rendered. Running the same command again renders only what is missing.
    """
    from .render import Job, RenderFailed, render

    if cluster:
        from .render.executors.cluster import ClusterError, parse_spec

        try:
            parse_spec(cluster)
        except ClusterError as e:
            raise UsageFailure(str(e)) from None
    chosen = _sections(sections)
    _train_dir(out)
    params = _overrides_for(chosen, assignments, load_config(config_path), check_defaults=False)
    spec = _voice_for(voice, config_path, allow_missing, lang)
    if allow_missing and spec.kind != "recorded":
        raise UsageFailure("--allow-missing goes with --voice recorded:DIR only")
    job_list = [Job(s.id, params[s.id], quality, lang, out, str(spec), spec.allow_missing)
                for s in chosen]
    if spec.kind == "recorded":
        _check_recordings(job_list, spec, every=bool(beats) or force)
    if beats:
        _preview(chosen, sections, beats, job_list)
        return
    client = local = None
    if cluster:
        from .render.executors.cluster import ClusterError, connect

        if one_process:
            raise UsageFailure("--one-process and --cluster do not go together: a cluster "
                               "renders beats")
        try:
            client, local = connect(cluster)
        except ClusterError as e:
            raise UsageFailure(str(e)) from None
    trace: list | None = [] if trace_path else None
    try:
        entries = render(job_list, n_jobs=jobs, force=force, echo=click.echo,
                         echo_err=lambda line: click.echo(line, err=True),
                         space_check=not no_space_check, split=not one_process,
                         client=client, trace=trace)
        if trace_path:
            Path(trace_path).write_text(json.dumps({"trace": trace, "entries": entries}))
    except RenderFailed:  # each failure and the summary are printed already
        sys.exit(1)
    finally:
        if client is not None:
            client.close()
        if local is not None:
            local.close()


def _preview(chosen, sections, beats, job_list) -> None:
    """``render SECTION --beat NAME``: one-line errors for bad input (2) and failures (1)."""
    from .render import _cause, describe_failure, preview_beats

    if len(sections) != 1:
        raise ParamError(f"--beat needs exactly one section, got {len(sections)}")
    known = chosen[0].scene_class().BEATS
    for b in beats:
        if b not in known:
            raise ParamError(f"unknown beat '{shown(b)}' of {chosen[0].id}; allowed: "
                             f"{', '.join(known)}")
    job = job_list[0]
    try:
        preview_beats(job, list(dict.fromkeys(beats)), echo=click.echo)
    except Exception as e:
        click.echo(f"{job.section}: failed: {_cause(job, describe_failure(e))}", err=True)
        sys.exit(1)


@cli.command("site")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True)
@click.option("--quality", type=click.Choice(["low", "medium", "high", "4k"]), default="low",
              show_default=True)
@click.option("--media", default="media", show_default=True, type=click.Path(file_okay=False),
              help="Where render wrote its outputs (render --out).")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Site folder.  [default: site/<quality>/<lang>]")
@click.option("--base-url", default="", metavar="URL",
              help="Prefix of the URLs in embed snippets: an http:// or https:// URL with a "
                   "host, e.g. https://course.example/rnn/ (default: paths relative to the "
                   "site root).")
@click.option("--serve", is_flag=True,
              help="Then serve the site on 127.0.0.1 as a host of embeds should (CORS headers, "
                   "Range requests, media types) until Ctrl-C, to try snippets before "
                   "publishing.")
@click.option("--port", default=8000, show_default=True, type=AsciiIntRange(0, 65535),
              help="Port of --serve (0: any free one).")
def site_cmd(lang, quality, media, out, base_url, serve, port):
    """Build a static course site (pages, clips, captions, manifest.json) from the renders."""
    from .site import SiteError, build_site, check_base_url

    out = out or str(Path("site") / quality / lang)
    try:
        check_base_url(base_url)
        server = _site_server(out, port) if serve else None   # a taken port: before building
        manifest = build_site(media, out, lang=lang, quality=quality, base_url=base_url,
                              echo=click.echo)
    except SiteError as e:
        raise UsageFailure(str(e)) from None
    n = sum(len(p["sections"]) for p in manifest["parts"])
    click.echo(f"site: {n} sections ({lang}, {quality}) -> {Path(out) / 'index.html'}")
    if base_url:
        click.echo(f"embed snippets and oEmbed JSON use full URLs under {base_url}: the host "
                   "must send CORS headers with every media file and answer Range requests "
                   "(deploy/nginx/ has a tested nginx configuration)")
    else:
        click.echo("embed snippets use paths relative to the site root: they work on its own "
                   "pages only; build with --base-url URL to paste them into other sites")
    if server is not None:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        click.echo(f"serving {out} at {url} (CORS, Range requests); Ctrl-C stops")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()


def _site_server(folder: str, port: int):
    """``make_server`` on 127.0.0.1:``port`` for ``folder``, or a one-line error if the port
    cannot be had."""
    from .site import make_server

    try:
        return make_server(folder, "127.0.0.1", port)
    except OSError as e:
        raise UsageFailure(f"--port {port}: cannot serve on 127.0.0.1:{port} "
                           f"({e.strerror or e}); allowed: a free port, or 0 for any") from None


@cli.command("bench")
@click.option("--out", default="media/bench", show_default=True, type=click.Path(file_okay=False))
@click.option("--sections", "section_ids", multiple=True, help="Limit to these sections.")
@click.option("--high/--no-high", default=True, show_default=True,
              help="Also measure high quality.")
@click.option("--cluster/--no-cluster", default=True, show_default=True,
              help="Also time a LocalCluster of 2 workers against --jobs 2.")
@click.option("--profile", is_flag=True,
              help="Also run every beat under cProfile: OUT/profiles/SECTION/NN_BEAT.prof/.txt.")
@click.option("--repeat", default=3, show_default=True, type=AsciiIntRange(1, 20),
              help="Time each --jobs and cluster run this many times, in turn; the figure is "
                   "the median ratio of neighbouring runs.")
@click.option("--baseline/--no-baseline", default=True, show_default=True,
              help="Also time the pipeline before issue 26 on the same scenes.")
@click.option("--preview/--no-preview", default=True, show_default=True,
              help="Also time `render SECTION --beat NAME` for every beat.")
@click.option("--motion-only", is_flag=True,
              help="Only print every section's motion figures (frozen share, longest frozen "
                   "stretch; issue 22) in both languages, from the timelines: no rendering.")
def bench_cmd(out, section_ids, high, cluster, profile, repeat, baseline, preview, motion_only):
    """Measure render speed against the reference explainer and the targets; print each
    figure beside its target, and every section's motion figures; write JSON."""
    from .bench import BenchError, motion_figures, run_bench

    for sid in section_ids:
        get(sid)
    _train_dir(out)
    if motion_only:
        motion_figures(list(section_ids) or ids(), click.echo)
        return
    try:
        run_bench(out, list(section_ids) or ids(), high=high, echo=click.echo,
                  profile=profile, cluster=cluster, repeat=repeat, baseline=baseline,
                  preview=preview)
    except BenchError as e:
        raise UsageFailure(str(e)) from None


def main(argv=None) -> None:
    """Entry point: one-line errors, never a traceback for bad input or a failed render.

    Exit codes: 0 done; 1 the work failed (a section, no room on disk, an unwritable output
    folder); 2 bad input, before anything renders.
    """
    from .render import NoRoom, RenderFailed
    from .safefs import UnsafePath

    args = list(sys.argv[1:] if argv is None else argv)

    def fail(message: str, code: int):
        click.echo(f"rnn-lecture: error: {one_line(str(message), args)}", err=True)
        sys.exit(code)

    try:
        cli.main(args=args, prog_name="rnn-lecture", standalone_mode=False)
    except (ParamError, UsageFailure) as e:
        fail(e, 2)
    except NoRoom as e:
        fail(e, 1)
    except RenderFailed as e:  # from bench, whose progress lines are quiet
        fail(e, 1)
    except UnsafePath as e:  # a link planted where it writes, a path outside its folder
        fail(e, 2)
    except OSError as e:  # the output folder cannot be made or written, ...
        where = f" ({e.filename})" if e.filename else ""
        fail(f"{e.strerror or e}{where}", 1)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.Abort:
        click.echo("rnn-lecture: aborted", err=True)
        sys.exit(1)
    except click.ClickException as e:
        fail(e.format_message(), 2)


if __name__ == "__main__":  # pragma: no cover
    main()
