"""rnn-lecture: animated lecture videos on sequence models, every number computed."""

__version__ = "0.1.0"


def _safe_tex_locks() -> None:
    """The LaTeX cache (:mod:`scenes.tex_cache`) takes its lock files as every lock of ours is
    taken: never through a link, one line if one is planted (:func:`safefs.locked`)."""
    from scenes import tex_cache

    from . import safefs

    tex_cache.use_lock_files(safefs.locked)


_safe_tex_locks()
