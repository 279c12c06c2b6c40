"""The shape of the code: no import cycles (function-level imports included), the game adapters
never import the views, and the engines never import the web layer."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scoring", "web", "migrations")
TOP = ("app", "serve")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    found.update({name: ROOT / f"{name}.py" for name in TOP})
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every project module ``name`` imports, at any depth of the file (functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import sub` imports the submodule; `from pkg import name` the package
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of module imports (a package counts as importing its parent package's __init__
    only when it says so), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_module_imports_itself_back_through_others():
    graph = _graph()
    # a package's __init__ importing its own submodule is how registries work; a submodule
    # importing the package back for a name it defines is a cycle.
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_game_adapters_do_not_import_the_views():
    graph = _graph()
    offenders = {m for m, deps in graph.items() if m.startswith("web.games") and "web.routes.main" in deps}
    assert offenders == set()


def test_the_engines_import_nothing_from_the_web_layer():
    graph = _graph()
    offenders = {
        (m, d) for m, deps in graph.items() if m.startswith("scoring") for d in deps if d.split(".")[0] in ("web", "app", "migrations")
    }
    assert offenders == set()
