"""Scorepad's scoring engines: pure Python, no Flask, no database, no I/O.

>>> [g.name for g in games()][:5]
['verdant', 'planted', 'verdant-arizona', 'vadoran-gardens', 'gretchens-garden']

``score(game, table)`` returns a :class:`~scoring.core.Result` or raises
:class:`~scoring.core.ValidationError`; see ``docs/api.md`` for the contract.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core import Category, FieldError, PlayerResult, Preview, Result, ValidationError, board_preview
from .schema import Obj, document, table_schema

__all__ = ["Category", "FieldError", "Game", "Option", "PlayerResult", "Preview", "Result", "ValidationError",
           "games", "get", "register", "score", "unregister"]

Table = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One game option as ``GET /api/games`` describes it."""

    name: str
    kind: str  # "bool" | "choice" | "int" | "list" | "object"
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    labels: tuple[str, ...] = ()  # each choice in a player's words (parallel to ``choices``)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "description": self.description,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.labels:
            data["labels"] = list(self.labels)
        return data

    def label(self, choice: Any) -> str:
        """A choice as a player reads it (its label, else the choice itself)."""
        for value, label in zip(self.choices, self.labels, strict=False):
            if value == choice:
                return label
        return str(choice)


@dataclass(frozen=True)
class Game:
    """What a game engine tells the rest of Scorepad about itself."""

    name: str
    title: str
    min_players: int
    max_players: int
    engine_version: str
    score: Callable[[Table], Result]
    blank_player: Callable[[], Table]  # the state of a seat nobody has filled in yet (no "name")
    options: tuple[Option, ...] = ()
    default_options: Callable[[], Table] = dict
    ready: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    #: the player's board and the options, as :mod:`scoring.schema` nodes (None: not declared yet)
    player_schema: Obj | None = None
    options_schema: Obj | None = None
    #: (state, options, player_count, position, *, others) -> Preview;
    #: None: :func:`scoring.core.board_preview`
    previewer: Callable[..., Preview] | None = None
    #: where the game sits in menus (lower first); ties by title
    menu_order: int = 100
    #: JSON Schema conditions across the table, for the published schema (Verdant's home shape,
    #: which depends on the options)
    table_rules: tuple[dict[str, Any], ...] = ()

    def preview(
        self,
        state: Any,
        options: Any = None,
        player_count: int = 1,
        position: int = 0,
        *,
        others: Sequence[Any] = (),
    ) -> Preview:
        """What a seat page shows while its player types: per-card or per-area points, the
        running total and the messages, from the same rules as the score.  ``others``: the
        other seats' boards (each with its ``name``), for the rules that compare players."""
        if self.previewer is not None:
            return self.previewer(state, options, player_count, position, others=others)
        return board_preview(self.score, state, options, player_count, position)

    def table_schema(self) -> Obj | None:
        """The schema of a whole table of this game (None until the game declares its board)."""
        if self.player_schema is None:
            return None
        return table_schema(
            self.player_schema,
            self.options_schema or Obj({}),
            max_players=self.max_players,
            title=self.title,
            rules=self.table_rules,
        )

    def json_schema(self) -> dict[str, Any] | None:
        """The JSON Schema of this game's table (``GET /api/schema/GAME``)."""
        found = self.table_schema()
        return document(found, f"{self.title}: a table to score") if found is not None else None

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "status": "ready" if self.ready else "coming soon",
            "players": {"min": self.min_players, "max": self.max_players},
            "engine_version": self.engine_version if self.ready else None,
            "options": [o.to_dict() for o in self.options],
        }


_extra_games: dict[str, Game] = {}
_found: dict[str, Game] | None = None
_engines: dict[str, Game | None] = {}  # subpackage -> its GAME (None: not an engine), once imported


def _packages() -> list[str]:
    """The subpackages of ``scoring`` (each may be an engine), without importing them."""
    return [info.name for info in pkgutil.iter_modules(__path__) if info.ispkg]


def _engine(package: str) -> Game | None:
    """The ``GAME`` of subpackage ``package`` (importing it once), None if it defines none."""
    if package not in _engines:
        game = getattr(importlib.import_module(f"{__name__}.{package}"), "GAME", None)
        _engines[package] = game if isinstance(game, Game) else None
    return _engines[package]


def _mentions(package: str, name: str) -> bool:
    """Whether a source file of ``package`` spells ``name`` as a string literal (where its engine
    says ``NAME = "verdant-arizona"``): a cheap guess of which package to import first."""
    needle = f'"{name}"'
    for folder in __path__:
        for source in sorted((Path(folder) / package).glob("*.py")):
            try:
                if needle in source.read_text(encoding="utf-8", errors="replace"):
                    return True
            except OSError:
                continue
    return False


def _discover() -> dict[str, Game]:
    """Every game engine in this package: each subpackage of ``scoring`` that defines
    ``GAME = scoring.Game(...)`` (a sixth game is a new package here, nothing else), in menu
    order (``Game.menu_order``, then title)."""
    global _found
    if _found is None:
        engines = [game for game in map(_engine, _packages()) if game is not None]
        engines.sort(key=lambda g: (g.menu_order, g.title))
        _found = {g.name: g for g in engines}
    return _found


def _find(name: str) -> Game:
    """The engine called ``name``, importing as few engines as it can (``python -m scoring GAME``
    loads the one it scores): the packages whose source spells the name first, then the others;
    KeyError if none is.  Once every engine is loaded this is the registry's look-up."""
    if _found is not None:
        return _found[name]
    for package in sorted(_packages(), key=lambda p: not _mentions(p, name)):
        game = _engine(package)
        if game is not None and game.name == name:
            return game
    raise KeyError(name)


def games() -> list[Game]:
    """Every game Scorepad knows, in menu order (the engines found, then any registered at run time)."""
    found = _discover()
    return [_extra_games.get(name, game) for name, game in found.items()] + [
        g for name, g in _extra_games.items() if name not in found
    ]


def get(name: str) -> Game:
    """The game called ``name``; KeyError if there is none."""
    if name in _extra_games:
        return _extra_games[name]
    return _find(name)


def register(game: Game) -> None:
    """Add a game at run time (tests use it for a stub game)."""
    _extra_games[game.name] = game


def unregister(name: str) -> None:
    _extra_games.pop(name, None)


def score(game: str, table: Table) -> Result:
    """Score ``table`` under the rules of ``game``.

    Raises KeyError for an unknown game and ValidationError for an impossible table.
    """
    found = get(game)
    if not found.ready:
        raise ValidationError([FieldError("", f"{found.title}'s scoring is coming soon")])
    return found.score(table)
