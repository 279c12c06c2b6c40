"""Run a play's seats through its game's engine and sort the outcome per seat.

The web layer never computes a point: this module only builds the table the contract expects,
calls :func:`scoring.score` and files the errors under the seat they belong to.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring.core import FieldError, PlayerResult, Result, ValidationError

_SEAT_PATH = re.compile(r"^players\[(\d+)\](?:\.(.*)|(\[.*))?$")


@dataclass
class Evaluation:
    result: Result | None  # every seat is done and the whole table scores
    seat_errors: list[list[FieldError]]  # per seat, paths relative to the seat ("home[1][2].pot")
    table_errors: list[FieldError] = field(default_factory=list)  # options and the like
    provisional: dict[int, PlayerResult] = field(default_factory=dict)  # seat -> running total
    done: list[bool] = field(default_factory=list)  # per seat: its player tapped Done
    engine_version: str | None = None  # the engine's version that scored ``result``

    def valid(self, seat: int) -> bool:
        return not self.seat_errors[seat]

    def complete(self, seat: int) -> bool:
        """Done (its player said so) and valid: a fresh seat is never complete."""
        return not self.seat_errors[seat] and (self.done[seat] if seat < len(self.done) else False)

    @property
    def complete_seats(self) -> list[bool]:
        """:meth:`complete` of every seat, in order."""
        return [self.complete(i) for i in range(len(self.seat_errors))]

    @property
    def all_complete(self) -> bool:
        return self.result is not None

    def seat_result(self, seat: int) -> PlayerResult | None:
        if self.result is not None:
            return self.result.players[seat]
        return self.provisional.get(seat)


def table(
    options: dict[str, Any], seats: Sequence[tuple[str, dict[str, Any]]], player_count: int | None = None
) -> dict[str, Any]:
    players = []
    for name, state in seats:
        player = dict(state) if isinstance(state, dict) else {}
        player["name"] = name
        players.append(player)
    data: dict[str, Any] = {"options": options, "players": players}
    if player_count is not None:
        data["player_count"] = player_count
    return data


def split_errors(errors: Sequence[FieldError], seats: int) -> tuple[list[list[FieldError]], list[FieldError]]:
    per_seat: list[list[FieldError]] = [[] for _ in range(seats)]
    rest: list[FieldError] = []
    for error in errors:
        match = _SEAT_PATH.match(error.path)
        if match and int(match.group(1)) < seats:
            tail = match.group(2) or (match.group(3) or "")
            per_seat[int(match.group(1))].append(FieldError(tail, error.message))
        else:
            rest.append(error)
    return per_seat, rest


_cache: OrderedDict[bytes, Evaluation] = OrderedDict()
_cache_lock = threading.Lock()
CACHE_SIZE = 256


def evaluate_cached(
    game: str,
    options: dict[str, Any],
    seats: Sequence[tuple[str, dict[str, Any]]],
    done: Sequence[bool] | None = None,
) -> Evaluation:
    """:func:`evaluate`, remembered by what it was given (the game, its options, every seat's
    name, state and Done mark): the play, seat and result pages and a save that changed nothing
    score a table once, not once per view.  The key is the content itself, so a cached answer can
    never be stale; the engines are pure functions.  The answer is shared: treat it as read-only."""
    try:
        engine = scoring.get(game).engine_version  # a fixed rule is a new engine version: a new key
    except KeyError:
        engine = ""
    key = hashlib.blake2b(
        json.dumps(
            [game, engine, options, [list(s) for s in seats], list(done) if done is not None else None],
            sort_keys=True,
            default=str,
            ensure_ascii=False,
        ).encode(),
        digest_size=20,
    ).digest()
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    evaluation = evaluate(game, options, seats, done)
    with _cache_lock:
        _cache[key] = evaluation
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return evaluation


def evaluate(
    game: str,
    options: dict[str, Any],
    seats: Sequence[tuple[str, dict[str, Any]]],
    done: Sequence[bool] | None = None,
) -> Evaluation:
    """Score the whole table.  The result (winners and all) exists once every seat is done and the
    table scores; until then each valid seat has a provisional running total (the valid seats
    scored together, ``player_count`` keeping the real number of players).  ``done``: per seat,
    whether its player tapped Done (None: all done, e.g. a table scored by the API in one go).
    A play of a game this version does not know (an old row) is not scored: a table error says so."""
    flags = [True] * len(seats) if done is None else [bool(d) for d in done]
    try:
        engine = scoring.get(game)
    except KeyError:
        message = "is not a game this version of Scorepad knows: the play is kept as entered, but not scored"
        return Evaluation(None, [[] for _ in seats], [FieldError("game", f'"{game}" {message}')], done=flags)
    try:
        result = scoring.score(game, table(options, seats))
    except ValidationError as exc:
        per_seat, rest = split_errors(exc.errors, len(seats))
    else:
        if all(flags):
            return Evaluation(result, [[] for _ in seats], done=flags, engine_version=engine.engine_version)
        # every seat is valid, not every player is done: running totals, no winner yet
        return Evaluation(None, [[] for _ in seats], done=flags, provisional=dict(enumerate(result.players)))
    evaluation = Evaluation(None, per_seat, rest, done=flags)
    valid = [i for i in range(len(seats)) if not per_seat[i]]
    if valid and len(valid) < len(seats):
        try:
            partial = scoring.score(game, table(options, [seats[i] for i in valid], player_count=len(seats)))
        except ValidationError:
            return evaluation
        evaluation.provisional = {seat: partial.players[k] for k, seat in enumerate(valid)}
    return evaluation
