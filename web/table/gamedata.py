"""Game data kept beside the plays (Arizona's learned deck): what a game's adapter may be shown
(``load``), what follows a stored change of a play of that game (``after_change``), and named
effects a seat change may carry into its own transaction (``effects``).  The adapters never read
or write it themselves: the table service (``web.table.service``) and the seat views call these."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameData:
    """``load()``: data for the adapter (``Ask.data``); ``after_change(play)``: after a stored change
    of a seat; ``effects``: name -> ``fn(play, position, who=..., **arguments)`` inside the change's
    transaction; ``result_template`` / ``result_view(play, result)``: a panel under the result's
    score pad (the Verdant campaign); ``player_panel``: (template, ``fn(player)``) on every
    player's page."""

    load: Callable[[], dict[str, Any]] = dict
    after_change: Callable[[Any], None] | None = None
    effects: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    result_template: str | None = None
    result_view: Callable[[Any, Any], dict[str, Any]] | None = None
    player_panel: tuple[str, Callable[[dict[str, Any]], dict[str, Any]]] | None = None


_games: dict[str, GameData] = {}


def register(game: str, data: GameData) -> None:
    _games[game] = data


def of(game: str) -> GameData:
    return _games.get(game, GameData())


def load(game: str) -> dict[str, Any]:
    """The game's data for a seat page or a form read (``{}`` for a game that keeps none)."""
    return of(game).load()


def player_panels() -> list[tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]]:
    """Every game's panel on a player's page (template, view)."""
    return [data.player_panel for _, data in sorted(_games.items()) if data.player_panel is not None]


def result_panel(play: Any, result: Any) -> dict[str, Any]:
    """The game's panel under a result: ``result_panel`` (its template, or None) and its variables."""
    data = of(play.game)
    if data.result_template is None or data.result_view is None:
        return {"result_panel": None}
    return {"result_panel": data.result_template, **data.result_view(play, result)}
