"""Verdant Arizona: each player scores a 4 x 4 display of numbered, coloured cactus cards.

Categories: ``lines`` (1 per row/column in strictly ascending or descending order), ``geckos``
(1 per gecko in each scoring line), ``quadrants`` (2 per single-colour 2 x 2 corner) and, with
the advanced option, ``colors`` (1 per single-colour row/column).  Ties: most cactus wrens, then
a draw.  Solo: the player must beat Vera's score, entered as ``options.solo.vera_score``.

>>> cards = [[{"number": 4 * r + c + 1, "color": "pink", "gecko": False} for c in range(4)] for r in range(4)]
>>> result = GAME.score({"players": [{"name": "Ana", "wrens": 0, "grid": cards}],
...                      "options": {"solo": {"vera_score": 17}}})
>>> result.players[0].total, result.extra["solo"]
(16, {'opponent_total': 17, 'player_wins': False})
"""

from __future__ import annotations

from typing import Any

from .. import Game, Option
from ..core import Ranking, Result, Tiebreaker, build_result
from .model import MAX_PLAYERS, SIZE, parse_table
from .rules import score_display

NAME = "verdant-arizona"
ENGINE_VERSION = "arizona-1"
WRENS_TIEBREAK = "most cactus wrens"


def default_options() -> dict[str, Any]:
    """The options of a standard two-player game.

    >>> default_options()
    {'advanced': False, 'solo': None}
    """
    return {"advanced": False, "solo": None}


def blank_player() -> dict[str, Any]:
    """A seat nobody has filled in: no wrens and 4 rows of 4 empty cards.

    >>> seat = blank_player()
    >>> seat["wrens"], len(seat["grid"]), seat["grid"][0][0]
    (0, 4, {'number': None, 'color': '', 'gecko': False})
    """
    return {
        "wrens": 0,
        "grid": [[{"number": None, "color": "", "gecko": False} for _ in range(SIZE)] for _ in range(SIZE)],
    }


def score(table: dict) -> Result:
    """Score a finished table (see docs/api/verdant-arizona.md); ValidationError if impossible."""
    parsed = parse_table(table)
    names = [p.name for p in parsed.players]
    categories = [score_display(p.display, parsed.advanced) for p in parsed.players]
    wrens = [p.wrens for p in parsed.players]
    extra: dict[str, Any] = {}
    ranking = None
    if parsed.solo:
        vera = parsed.vera_score or 0
        total = sum(c.points for c in categories[0])
        wins = total > vera

        def ranking(totals: Any) -> Ranking:
            if wins:
                return Ranking((1,), (0,), None)
            why = f"Tie with Vera on {total} points: the player must beat Vera's score, so Vera wins" if total == vera else None
            return Ranking((1,), (), why)

        extra["solo"] = {"opponent_total": vera, "player_wins": wins}
    return build_result(
        NAME,
        ENGINE_VERSION,
        names,
        categories,
        tiebreakers=[Tiebreaker(WRENS_TIEBREAK, wrens)],
        extra=extra,
        ranking=ranking,
    )


OPTIONS = (
    Option(
        "advanced",
        "bool",
        False,
        "Advanced scoring: 1 extra point for each row and column whose four cards share one colour.",
    ),
    Option(
        "solo",
        "object",
        None,
        'Solo game against Vera: {"vera_score": N} with Vera\'s final score; the player wins by '
        "beating it. null for a two-player game.",
    ),
)

GAME = Game(
    name=NAME,
    title="Verdant Arizona",
    min_players=1,
    max_players=MAX_PLAYERS,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=OPTIONS,
    default_options=default_options,
)

__all__ = ["GAME", "blank_player", "default_options", "score"]
