"""How far each seat of a play is, for the shared screen (``/plays/N/board``, issue 27): the places
its player has filled (the leaves of its state that differ from the game's blank seat), what is
still to fill or fix (the engine's messages about the seat), and whether its player tapped Done.

Nothing here computes a point or reads a total: the board shows progress, never the score, until
the reveal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import scoring
from scoring import paths

if TYPE_CHECKING:
    from web.data.store import Play
    from web.table.evaluate import Evaluation


@dataclass(frozen=True)
class SeatProgress:
    position: int
    name: str
    filled: int  # places filled in (leaves that differ from the blank seat, empty values not counted)
    to_fix: int  # the engine's messages about this seat: places still to fill or fix
    done: bool  # its player tapped Done and the seat validates
    started: bool  # anything was saved in the seat at all


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def filled_places(state: Any, blank: Any) -> int:
    """The leaves of ``state`` that hold a value the blank seat does not (an empty value is not a
    filled place).

    >>> filled_places({"a": 1, "b": [0, 2], "c": ""}, {"a": 0, "b": [0, 0]})
    2
    """
    before = dict(paths.leaves(blank))
    return sum(
        1 for at, value in paths.leaves(state) if not _empty(value) and before.get(at, paths.MISSING) != value
    )


def seat_progress(play: Play, evaluation: Evaluation) -> list[SeatProgress]:
    """Every seat's progress, in seat order."""
    try:
        blank: Any = scoring.get(play.game).blank_player()
    except KeyError:  # a game this version does not know: nothing reads as filled by default
        blank = {}
    known = len(evaluation.seat_errors)  # (every seat, unless the play changed under the evaluation)
    return [
        SeatProgress(
            position=seat.position,
            name=seat.name,
            filled=filled_places(seat.state, blank),
            to_fix=len(evaluation.seat_errors[seat.position]) if seat.position < known else 0,
            done=evaluation.complete(seat.position) if seat.position < known else False,
            started=seat.version > 1,
        )
        for seat in play.seats
    ]
