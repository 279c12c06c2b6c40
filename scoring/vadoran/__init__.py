"""Vadoran Gardens: connected areas with 3+ tasks, returned lost items and achievements.

Squares connect orthogonally; a grass, soil or water area with 3 or more tasks scores 1 per
square plus 7 per tablet on it.  Lost items score 5 each, returned = min(found, visible return
locations of the item's terrain).  Achievements score the number entered.  Solo mode also scores
the sister.  The garden can be given as rows of square objects or in the compact text form
(see :mod:`scoring.vadoran.garden`); see ``docs/rules/vadoran-gardens.md``.

>>> table = {"players": [{"name": "Ada", "garden": ["g* g* g*7", "w5 . s"],
...                        "lost_items": {"pendant": 1}}]}
>>> result = GAME.score({**table, "player_count": 2})
>>> result.players[0].total, [c.points for c in result.players[0].categories]
(15, [10, 5, 0])
>>> result.players[0].categories[0].refs[0]
('garden[0][0]', 'garden[0][1]', 'garden[0][2]')
>>> GAME.preview(table["players"][0]).points["garden[0][0]"]
10
"""

from __future__ import annotations

from .. import Game, Option
from .contract import (
    DIFFICULTIES,
    GAME_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    OPTIONS_SCHEMA,
    PLAYER_SCHEMA,
    TITLE,
)
from .garden import grammar, parse_compact, to_compact
from .preview import preview
from .rules import ENGINE_VERSION, blank_player, default_options, score

OPTIONS = (
    Option("mode", "choice", "standard",
           "standard; advanced (lesson cards change play, not scoring); solo against your sister", MODES),
    Option("difficulty", "choice", "medium",
           "solo only: the sister's difficulty, X = 1, 2, 3, 5 points per mistake", DIFFICULTIES),
    Option("sister_achievements", "list", [],
           "solo only: the number under each of the sister's figures on achievement cards"),
)

GAME = Game(
    menu_order=40,
    name=GAME_NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=OPTIONS,
    default_options=default_options,
    player_schema=PLAYER_SCHEMA,
    options_schema=OPTIONS_SCHEMA,
    previewer=preview,
)

__all__ = [
    "GAME",
    "OPTIONS",
    "blank_player",
    "default_options",
    "grammar",
    "parse_compact",
    "preview",
    "score",
    "to_compact",
]
