"""Verdant Arizona: each player scores a 4 x 4 display of numbered, coloured cactus cards.

Categories: ``lines`` (1 per row/column in strictly ascending or descending order), ``geckos``
(1 per gecko in each scoring line), ``quadrants`` (2 per single-colour 2 x 2 corner) and, with
the advanced option, ``colors`` (1 per single-colour row/column; ``options.color_lines`` says
whether every such line counts or only those in order).  Ties: most cactus wrens, then a draw.
Solo: the player must beat Vera's score, entered as ``options.solo.vera_score``.  A single board
sent without solo options is scored on its own, with no winner.

>>> cards = [[{"number": 4 * r + c + 1, "color": "pink", "gecko": False} for c in range(4)] for r in range(4)]
>>> result = GAME.score({"players": [{"name": "Ana", "wrens": 0, "grid": cards}],
...                      "options": {"solo": {"vera_score": 17}}})
>>> result.players[0].total, result.extra["solo"]
(16, {'opponent_total': 17, 'player_wins': False})
>>> alone = GAME.score({"players": [{"name": "Ana", "grid": cards}]})
>>> alone.players[0].total, alone.winners, alone.warnings
(16, (), ('One board scored on its own: no winner (for the solo game against Vera, enter her score)',))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import Game, Option
from ..core import Ranking, Result, Tiebreaker, build_result
from .model import (
    COLOR_LINE_READINGS,
    EVERY_LINE,
    MAX_PLAYERS,
    OPTIONS_SCHEMA,
    PLAYER_SCHEMA,
    SIZE,
    TITLE,
    parse_table,
)
from .preview import preview
from .rules import score_display

NAME = "verdant-arizona"
ENGINE_VERSION = "arizona-3"
WRENS_TIEBREAK = "most cactus wrens"
ONE_BOARD_NOTE = "One board scored on its own: no winner (for the solo game against Vera, enter her score)"


def default_options() -> dict[str, Any]:
    """The options of a standard two-player game.

    >>> default_options()
    {'advanced': False, 'solo': None, 'color_lines': 'every'}
    """
    return {"advanced": False, "solo": None, "color_lines": EVERY_LINE}


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


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _solo_ranking(total: int, vera: int) -> Ranking:
    """The solo game: the player wins only by beating Vera (a tie is hers; wrens do not count)."""
    if total > vera:
        return Ranking((1,), (0,), None, (None,))
    why = (
        f"Tie with Vera on {_points(total)}: the player must beat Vera's score, so Vera wins"
        if total == vera
        else None
    )
    return Ranking((1,), (), why, (why,))


def score(table: Any) -> Result:
    """Score a finished table (see docs/api/verdant-arizona.md); ValidationError if impossible."""
    parsed = parse_table(table)
    names = [p.name for p in parsed.players]
    categories = [score_display(p.display, parsed.rules) for p in parsed.players]
    wrens = [p.wrens for p in parsed.players]
    extra: dict[str, Any] = {}
    warnings: list[str] = []
    ranking = None
    if parsed.solo:
        vera = parsed.vera_score or 0
        total = sum(c.points for c in categories[0])

        def ranking(totals: Sequence[int]) -> Ranking:
            return _solo_ranking(total, vera)

        extra["solo"] = {"opponent_total": vera, "player_wins": total > vera}
    elif parsed.one_board:
        warnings.append(ONE_BOARD_NOTE)
    elif parsed.seating.partial:
        warnings.append(parsed.seating.note(TITLE, 2) or "")
    return build_result(
        NAME,
        ENGINE_VERSION,
        names,
        categories,
        tiebreakers=[Tiebreaker(WRENS_TIEBREAK, wrens)],
        warnings=warnings,
        extra=extra,
        ranking=ranking,
        no_winner=parsed.one_board or parsed.seating.partial,
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
        "beating it. null for a two-player game (or one board scored on its own).",
    ),
    Option(
        "color_lines",
        "choice",
        EVERY_LINE,
        'Advanced scoring\'s colour point, an open reading: "every" single-colour row and column '
        'scores it, in order or not (Scorepad\'s reading), or only those "in_order" (lines that '
        "also score for their order).",
        choices=COLOR_LINE_READINGS,
    ),
)

GAME = Game(
    menu_order=30,
    name=NAME,
    title=TITLE,
    min_players=1,
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

__all__ = ["GAME", "blank_player", "default_options", "score"]
