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


# What each package of web/ may import (its docstring says the same), and the few named exceptions.
ALLOWED = {
    "web.games": {"web.games"},
    "web.server": {"web.server", "web.data"},
    "web.data": {"web.data", "web.server"},
    "web.table": {"web.table", "web.data", "web.games", "web.server"},
    "web.story": {"web.story", "web.data", "web.games", "web.server", "web.table", "web.routes"},
    "web.routes": {"web.routes", "web.data", "web.games", "web.server", "web.story", "web.table"},
}
EXCEPTIONS = {
    ("web.data.store", "web.table.evaluate"): "a play read from the store evaluates itself (pure, cached)",
    ("web.data.backup", "web.routes.forms"): "the Settings page's import upload form",
    ("web.data.backup", "web.story.photos"): "a backup carries the photos' files",
    ("web.table.refusals", "web.routes.pages"): "a refusal is answered with the page or fragment",
    ("web.table.live", "web.routes.pages"): "the live update answers the seats' block",
    ("web.table.damage", "web.routes.pages"): "a damaged seat's page is drawn to find the damage",
    ("web.table.arizona_deck", "web.routes.pages"): "the learned deck's page",
    ("web.server.tokens", "web.routes.forms"): "the Settings page's token form",
    ("web.server.tokens", "web.routes.pages"): "who made a token, as the edit log names a phone",
    ("web.data.bgstats", "web.routes.forms"): "the Settings page's BG Stats upload form",
    ("web.data.bgstats", "web.routes.pages"): "the import's preview page and who imported",
    ("web.data.bgstats", "web.story.share"): "BG Stats' game ids and a play's length in words",
}


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def test_each_web_package_imports_only_what_its_docstring_allows():
    graph = _graph()
    offenders = sorted(
        (m, d) for m, deps in graph.items() if m.startswith("web.") and _package(m) in ALLOWED
        for d in deps if d.startswith("web.") and _package(d) not in ALLOWED[_package(m)] and (m, d) not in EXCEPTIONS
    )
    assert offenders == []


def test_web_is_split_into_the_packages_named_above():
    loose = sorted(p.name for p in (ROOT / "web").glob("*.py") if p.name != "__init__.py")
    assert loose == [], "a module of web/ belongs to one of its packages"
    assert {p.name for p in (ROOT / "web").iterdir() if p.is_dir() and (p / "__init__.py").exists()} == {
        name.split(".")[1] for name in ALLOWED}


def test_the_game_adapters_import_only_the_engines_and_their_toolkit():
    graph = _graph()
    offenders = {(m, d) for m, deps in graph.items() if m.startswith("web.games")
                 for d in deps if d.split(".")[0] != "scoring" and not d.startswith("web.games")}
    assert offenders == set()


def test_no_adapter_uses_flask_request_state_or_defines_a_route():
    for path in (ROOT / "web" / "games").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import flask" not in text and "from flask" not in text, path.name
        assert "Blueprint" not in text and ".route(" not in text, path.name


def test_the_engines_import_nothing_from_the_web_layer():
    graph = _graph()
    offenders = {
        (m, d) for m, deps in graph.items() if m.startswith("scoring") for d in deps if d.split(".")[0] in ("web", "app", "migrations")
    }
    assert offenders == set()
