"""What a Gretchen's Garden seat page shows while its player types (:class:`scoring.core.Preview`).

Built from the same walk as the score (:func:`.state.read`) and the same rule functions
(:func:`.rules.score_board`): every place of the row that reads on its own scores, a place that
does not (an unknown plant, a missing size, too many leaves) scores nothing until it is fixed, and
its problem is in ``messages``.  A complete, legal board previews to exactly its score.

``points`` and ``why`` are keyed by place (``display[3]``): a place's points are its leaves, its
flower, its share of its plant's effect and its pot card's 2; its ``why`` is the lines that
explain them (its leaves, its flower, its plant's effect; the pot count is one line about the
whole row, under ``display``).  ``others`` (the other seats' boards, each with its ``name``, in
seat order) lets the
comparisons (Mexican Firecracker, Ribbon Plant, Mermaid Tail) and the table-wide checks see the
whole table; without them the board is compared with nobody.

>>> from scoring.gretchen.examples import rulebook_example
>>> steve, anna = rulebook_example()["players"]
>>> seen = preview(steve, {}, 2, 0, others=[anna])
>>> seen.total, seen.complete, seen.points["display[2]"]
(73, True, 25)
>>> seen.why["display[2]"][0]
'Jellybean Plant (left 2): 12 leaves = 12'
>>> half = dict(anna, display=[*anna["display"][:3], {"pot": {"color": "blue"}, "plant": None},
...     anna["display"][4]])
>>> typing = preview(half, {}, 2, 1, others=[steve])
>>> typing.total, typing.points["display[3]"], [m.path for m in typing.messages]
(38, None, ['display[3].pot.size'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Preview, seat_errors
from .rules import Scored, score_board
from .state import Table, read, starting_row

#: Paths of a board's top-level fields that lines may be about, besides the places.
TOP = ("display", "money_plant_leaves", "watering_can")


def preview(
    state: Any,
    options: Any = None,
    player_count: int = 1,
    position: int = 0,
    *,
    others: Sequence[Mapping[str, Any]] | None = None,
) -> Preview:
    """The seat's running score, per-place points and lines, and what is left to fill or fix."""
    rest = [dict(o) if isinstance(o, Mapping) else o for o in (others or ())]
    at = max(0, min(position, len(rest)))
    board = dict(state) if isinstance(state, Mapping) else state
    if isinstance(board, dict) and not (isinstance(board.get("name"), str) and board["name"].strip()):
        board["name"] = f"Seat {position + 1}"
    boards = [*rest[:at], board, *rest[at:]]
    count = player_count if isinstance(player_count, int) and not isinstance(player_count, bool) else 1
    table = {
        "options": {} if options is None else options,
        "players": boards,
        "player_count": max(count, len(boards)),
    }
    reading = read(table)
    messages = seat_errors(reading.errors, at) + tuple(
        e for e in reading.errors if not e.path.startswith("players[")
    )
    untouched = _untouched(state)
    mine = reading.boards[at] if at < len(reading.boards) else None
    if mine is None or mine.state is None:
        return Preview(None, messages=messages, extra={"untouched": untouched})
    compared = [
        (i, b.state) for i, b in enumerate(reading.boards) if b.state is not None and (i == at or b.ok)
    ]
    players = tuple(s for _, s in compared)
    index = next(k for k, (i, _) in enumerate(compared) if i == at)
    shape = reading.table
    seen = Table(players, shape.player_count, shape.options, shape.partial, shape.one_board)
    scored = score_board(seen, index, mine.state)
    categories = tuple(s.category() for s in scored)
    points: dict[str, int | None] = {}
    for slot in mine.state.display:
        points[slot.path] = None if slot.index in mine.broken else _share(scored, slot.index)
    return Preview(
        total=sum(c.points for c in categories),
        categories=categories,
        points=points,
        why=_why(scored, [s.path for s in mine.state.display]),
        messages=messages,
        complete=not messages,
        extra={"untouched": untouched, "compared_with": [s.name for i, s in compared if i != at]},
    )


def _share(scored: Sequence[Scored], index: int) -> int | None:
    total = 0
    for part in scored:
        if index in part.shares:
            got = part.shares[index]
            if got is None:
                return None
            total += got
    return total


def _why(scored: Sequence[Scored], places: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each place's lines: those that explain its own points (its leaves, its flower, its plant's
    effect; the Money Plant's leaves and pot).  ``display``: the lines about the whole row (the
    sums, the pot count); ``money_plant_leaves`` and ``watering_can``: the lines that read them."""
    out: dict[str, list[str]] = {p: [] for p in (*places, *TOP)}
    for part in scored:
        for (text, refs), subjects in zip(part.lines, part.subjects):
            keys = [f"display[{i}]" for i in subjects] if subjects else ["display"]
            keys += [r for r in refs if r in TOP and r not in keys]
            for key in keys:
                if key in out:
                    out[key].append(text)
    return {k: tuple(v) for k, v in out.items()}


def _untouched(state: Any) -> bool:
    """The seat is still the starting row nobody has typed into (it validates and scores 4)."""
    if not isinstance(state, Mapping):
        return False
    return {k: v for k, v in state.items() if k != "name"} == starting_row()
