"""Scorepad's scoring engines: pure Python, no Flask, no database, no I/O.

>>> [g.name for g in games()][:5]
['verdant', 'planted', 'verdant-arizona', 'vadoran-gardens', 'gretchens-garden']

``score(game, table)`` returns a :class:`~scoring.core.Result` or raises
:class:`~scoring.core.ValidationError`; see ``docs/api.md`` for the contract.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from .core import Category, FieldError, PlayerResult, Result, ValidationError  # noqa: F401


@dataclass(frozen=True)
class Option:
    """One game option as ``GET /api/games`` describes it."""

    name: str
    kind: str  # "bool" | "choice" | "int" | "list" | "object"
    default: Any
    description: str
    choices: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = {"name": self.name, "kind": self.kind, "default": self.default, "description": self.description}
        if self.choices:
            data["choices"] = list(self.choices)
        return data


@dataclass(frozen=True)
class Game:
    """What a game engine tells the rest of Scorepad about itself."""

    name: str
    title: str
    min_players: int
    max_players: int
    engine_version: str
    score: Callable[[dict], Result]
    blank_player: Callable[[], dict]  # the state of a seat nobody has filled in yet (no "name")
    options: tuple[Option, ...] = ()
    default_options: Callable[[], dict] = dict
    ready: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "status": "ready" if self.ready else "coming soon",
            "players": {"min": self.min_players, "max": self.max_players},
            "engine_version": self.engine_version if self.ready else None,
            "options": [o.to_dict() for o in self.options],
        }


# name -> (title, module that defines GAME, players min, max)
_CATALOG: dict[str, tuple[str, str, int, int]] = {
    "verdant": ("Verdant", "scoring.verdant", 1, 5),
    "planted": ("Planted", "scoring.planted", 2, 5),
    "verdant-arizona": ("Verdant Arizona", "scoring.arizona", 1, 2),
    "vadoran-gardens": ("Vadoran Gardens", "scoring.vadoran", 1, 4),
    "gretchens-garden": ("Gretchen's Garden", "scoring.gretchen", 2, 4),
}

_extra_games: dict[str, Game] = {}


def _not_ready(table: dict) -> Result:
    raise ValidationError([FieldError("", "this game's scoring is coming soon")])


def _load(name: str) -> Game:
    if name in _extra_games:
        return _extra_games[name]
    title, module_name, lo, hi = _CATALOG[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return Game(name, title, lo, hi, "", _not_ready, dict, ready=False)
    game = getattr(module, "GAME", None)
    if game is None:  # the engine's package exists but does not declare its game yet
        return Game(name, title, lo, hi, "", _not_ready, dict, ready=False)
    return game


def games() -> list[Game]:
    """Every game Scorepad knows, in menu order (ready or coming soon)."""
    return [_load(name) for name in _CATALOG] + list(_extra_games.values())


def get(name: str) -> Game:
    """The game called ``name``; KeyError if there is none."""
    if name not in _CATALOG and name not in _extra_games:
        raise KeyError(name)
    return _load(name)


def register(game: Game) -> None:
    """Add a game at run time (tests use it for a stub game)."""
    _extra_games[game.name] = game


def unregister(name: str) -> None:
    _extra_games.pop(name, None)


def score(game: str, table: dict) -> Result:
    """Score ``table`` under the rules of ``game``.

    Raises KeyError for an unknown game and ValidationError for an impossible table.
    """
    found = get(game)
    if not found.ready:
        return _not_ready(table)
    return found.score(table)
