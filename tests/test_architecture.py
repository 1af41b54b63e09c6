"""The import graph of our code: no circles, and nothing imports upward.

Every ``import`` and ``from ... import`` in ``rnn_lecture``, ``scenes`` and ``mathcore`` is read
with :mod:`ast`, at module level and inside functions alike (a function-level import is a
dependency too, only a later one). ``from P import name`` is an edge to the module ``P.name``
when that is one of ours, else to ``P``. Importing ``a.b.c`` also runs ``a/__init__`` and
``a/b/__init__``; those implicit imports of parent packages are not edges (a package's
``__init__`` may re-export its modules' names without making a circle with each of them).

Layers, bottom up (``docs/architecture.md``): ``mathcore`` (imports nothing of ours) <-
``scenes`` (no ``rnn_lecture``) <- the services under the renderer (``safefs``, ``encoding``,
``captions``, ``inputs``) <- ``rnn_lecture.render`` <- ``site``, ``embed``, ``bench`` <- ``cli``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("mathcore", "scenes", "rnn_lecture")

#: Modules of rnn_lecture the renderer builds on: they import nothing of the renderer or above.
SERVICES = ("rnn_lecture.safefs", "rnn_lecture.encoding", "rnn_lecture.captions",
            "rnn_lecture.inputs", "rnn_lecture.forkserver_guard")
#: Modules above the renderer: it never imports them.
ABOVE_RENDER = ("rnn_lecture.cli", "rnn_lecture.site", "rnn_lecture.bench", "rnn_lecture.embed")


def _modules() -> dict[str, Path]:
    found = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            parts = p.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = p
    return found


def _ours(name: str, modules) -> str | None:
    """The module of ours that ``name`` (a dotted module path) is, or lies in."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        if ".".join(parts[:i]) in modules:
            return ".".join(parts[:i])
    return None


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (anywhere in its file)."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for mod, path in modules.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    base = ".".join(base + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            for t in targets:
                ours = _ours(t, modules)
                if ours is not None and ours != mod:
                    graph[mod].add(ours)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _in(mod: str, prefixes) -> bool:
    return any(mod == p or mod.startswith(p + ".") for p in prefixes)


def test_the_parser_sees_every_kind_of_import():
    """Module-level, function-level, relative, ``from P import module``: if the parser missed
    these, every other test here would pass on an empty graph."""
    g = import_graph()
    assert "scenes.live" in g["scenes.base"]                      # from .live import ...
    assert "scenes.manim_patches" in g["scenes.tex_cache"]          # from . import manim_patches
    assert "rnn_lecture.render.executors.local" in g["rnn_lecture.render.executors"]  # in a def
    assert "rnn_lecture.safefs" in g["rnn_lecture.render.job"]      # from .. import safefs
    assert "rnn_lecture.render.executors.cluster" in g["rnn_lecture.cli"]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    """No module of ours imports, directly or through others, a module that imports it."""
    g = import_graph()
    circles = _circles(g)
    lines = []
    for comp in circles:
        edges = [f"{a} -> {b}" for a in comp for b in sorted(g[a]) if b in comp]
        lines.append(f"circle among {', '.join(comp)}: {'; '.join(edges)}")
    assert not circles, "\n".join(lines)


def _upward(rule, importer_in, forbidden) -> list[str]:
    g = import_graph()
    return [f"{rule}: {a} imports {b}" for a in sorted(g) if importer_in(a)
            for b in sorted(g[a]) if forbidden(b)]


def test_mathcore_imports_nothing_of_ours():
    bad = _upward("mathcore is pure numpy", lambda a: _in(a, ("mathcore",)),
                  lambda b: not _in(b, ("mathcore",)))
    assert not bad, "\n".join(bad)


def test_scenes_import_no_rnn_lecture():
    bad = _upward("scenes sit below rnn_lecture", lambda a: _in(a, ("scenes",)),
                  lambda b: _in(b, ("rnn_lecture",)))
    assert not bad, "\n".join(bad)


def test_the_renderer_imports_nothing_above_it():
    """The render package, and the services it builds on, never import the CLI, the site, the
    bench or the embed helpers; the services never import the renderer either."""
    bad = _upward("render sits below cli/site/bench/embed",
                  lambda a: _in(a, ("rnn_lecture.render",)), lambda b: _in(b, ABOVE_RENDER))
    bad += _upward("services sit below render", lambda a: _in(a, SERVICES),
                   lambda b: _in(b, ABOVE_RENDER + ("rnn_lecture.render",)))
    assert not bad, "\n".join(bad)


def test_the_scheduler_knows_executors_only_through_their_interface():
    """The scheduler imports the executors' package (the interface and ``make_executor``),
    never an executor's module, so a third executor is one new module."""
    g = import_graph()
    executors = "rnn_lecture.render.executors"
    assert executors in g["rnn_lecture.render.scheduler"]
    assert not [m for m in g["rnn_lecture.render.scheduler"] if m.startswith(executors + ".")
                and m != executors + ".base"]
    for name in ("local", "cluster"):
        assert f"{executors}.base" in g[f"{executors}.{name}"]
