"""Seats whose stored state is damaged (text that is not JSON, a list where the page expects a
number, ...: kept through "Keep this phone's", an old bug or a hand-edited database).

Such a seat must still open.  When its page cannot be drawn from the stored state, the smallest
parts that stop it are found (by drawing the page with a part reset to the blank seat's value,
narrowing down from the top-level keys), set aside and named on the page; everything else stays
as stored and editable.  The repaired state is saved with an edit-log entry that keeps the
damaged state as it was, so nothing is lost and every other page (the play, the result) works
again.  A database that cannot be written still shows the repaired page, saying it is not saved.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app
from werkzeug.exceptions import HTTPException

from scoring import paths
from scoring.core import FieldError
from web.data import store
from web.data.db import storage_failure
from web.routes.pages import seat_page
from web.table import service as table

T = TypeVar("T")

MAX_RENDERS = 200  # page drawings one repair may try
MAX_ROUNDS = 8  # damaged parts one repair may set aside before it resets the whole seat

Render = Callable[[store.Play], Any]


class _Budget:
    def __init__(self, renders: int = MAX_RENDERS):
        self.left = renders


def _blank(found: store.Play) -> dict[str, Any]:
    try:
        blank = found.game_info.blank_player()
    except Exception:  # an unknown game or a broken blank: an empty board
        return {}
    return blank if isinstance(blank, dict) else {}


def _with_state(found: store.Play, position: int, state: dict[str, Any]) -> store.Play:
    seats = list(found.seats)
    seats[position] = dataclasses.replace(seats[position], state=state)
    return dataclasses.replace(found, seats=seats)


def _draws(render: Render, found: store.Play, budget: _Budget) -> bool:
    if budget.left <= 0:
        return False
    budget.left -= 1
    try:
        render(found)
    except HTTPException:
        raise
    except Exception:
        return False
    return True


def _children(value: Any) -> list[paths.Part]:
    if isinstance(value, dict):
        return [k for k in value if isinstance(k, str)]
    if isinstance(value, list):
        return list(range(len(value)))
    return []


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    return type(value).__name__


def _suspects(state: dict[str, Any], path: paths.Path, blank: dict[str, Any]) -> list[paths.Part]:
    """The children of ``path``, the likeliest damage first: a value of another JSON type than
    the blank seat's at the same place, or than the same key elsewhere in the state (``pot`` is
    text in every other cell), then containers, then the rest (so that resetting an innocent
    neighbour, which may also let the page draw, is tried last)."""
    value = paths.get(state, path)
    usual: dict[str, set[str]] = {}

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            for key, item in node.items():
                usual.setdefault(str(key), set()).add(_kind(item))
                collect(item)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    collect(state)
    collect(blank)

    def rank(child: paths.Part) -> tuple[int, int]:
        item = paths.get(state, path + (child,))
        fresh = paths.get(blank, path + (child,))
        unlike_blank = (
            fresh is not paths.MISSING
            and fresh is not None
            and item is not None
            and _kind(fresh) != _kind(item)
        )
        mixed = isinstance(child, str) and len(usual.get(child, set()) - {"NoneType"}) > 1
        return (0 if unlike_blank or mixed else 1, 0 if isinstance(item, (list, dict)) else 1)

    return sorted(_children(value), key=rank)


def _reset(state: dict[str, Any], path: paths.Path, blank: dict[str, Any]) -> dict[str, Any]:
    """``state`` with the value at ``path`` replaced by the blank seat's (or removed / emptied
    where the blank seat has nothing there)."""
    fresh = paths.get(blank, path)
    if fresh is not paths.MISSING:
        reset: dict[str, Any] = paths.set_(state, path, copy.deepcopy(fresh))
        return reset
    out = copy.deepcopy(state)
    parent: Any = paths.get(out, path[:-1]) if len(path) > 1 else out
    last = path[-1]
    if isinstance(parent, dict) and last in parent:
        del parent[last]
    elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        parent[last] = None
    return out


def _narrow(
    ok: Callable[[dict[str, Any]], bool], state: dict[str, Any], path: paths.Path, blank: dict[str, Any]
) -> paths.Path:
    """The deepest path under ``path`` whose reset alone lets the page be drawn."""
    while True:
        for child in _suspects(state, path, blank):
            if ok(_reset(state, path + (child,), blank)):
                path = path + (child,)
                break
        else:
            return path


def repair_state(
    ok: Callable[[dict[str, Any]], bool], state: dict[str, Any], blank: dict[str, Any]
) -> tuple[dict[str, Any], list[paths.Path]]:
    """The state with its damaged parts reset, and their paths; ``[()]`` when the whole state had
    to be reset.

    >>> ok = lambda s: all(c is None or isinstance(c, int)
    ...                    for r in s["home"] if isinstance(r, list) for c in r)
    >>> repair_state(ok, {"home": [[1, [9]], [2, 3]], "name": "x"}, {"home": []})
    ({'home': [[1, None], [2, 3]], 'name': 'x'}, [('home', 0, 1)])
    """
    current = state
    set_aside: list[paths.Path] = []
    for _ in range(MAX_ROUNDS):
        if ok(current):
            return current, set_aside
        found: paths.Path | None = None
        tops = _suspects(current, (), blank)
        for key in tops:
            if ok(_reset(current, (key,), blank)):
                found = _narrow(ok, current, (key,), blank)
                break
        if found is None:  # more than one part is damaged: reset top-level parts one by one
            trial = current
            for key in tops:
                trial = _reset(trial, (key,), blank)
                if ok(trial):
                    found = (key,)
                    break
        if found is None:
            break
        current = _reset(current, found, blank)
        set_aside.append(found)
    if ok(current):
        return current, set_aside
    return copy.deepcopy(blank), [()]


def _describe(state: dict[str, Any], path: paths.Path) -> FieldError:
    if path == ():
        return FieldError("", "This seat's saved entry was damaged and could not be shown: it was set aside "
                              "(the edit log keeps it) and the seat starts empty.")
    value = paths.get(state, path)
    shown = json.dumps(value, ensure_ascii=False)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return FieldError(paths.format(path), f"held {shown}, which this page cannot show: it was set aside "
                                          "(the edit log keeps it). Everything else is as saved.")


def _unreadable(found: store.Play, who: str) -> tuple[store.Play, dict[int, list[FieldError]]]:
    """Seats whose stored text is not a JSON object at all: start them from the blank seat."""
    notes: dict[int, list[FieldError]] = {}
    for seat in found.seats:
        if seat.damaged:
            blank = _blank(found)
            found = _with_state(found, seat.position, blank)
            notes[seat.position] = [
                FieldError(
                    "",
                    f"This seat's saved entry could not be read ({seat.damaged}): it was "
                    "set aside (the edit log keeps it) and the seat starts empty.",
                )
            ]
            notes[seat.position] += _store(found, seat.position, blank, ["(the whole entry)"], who)
    return found, notes


def _store(
    found: store.Play, position: int, state: dict[str, Any], set_aside: list[str], who: str
) -> list[FieldError]:
    try:
        table.repair_seat(found.id, position, state, set_aside, who)
    except Exception as exc:
        if storage_failure(exc) is None:
            raise
        return [FieldError("", "The repair could not be saved (the server cannot save right now): "
                               "it is shown here only.")]
    return []


def guarded(found: store.Play, render: Callable[[store.Play, dict[int, list[FieldError]]], T], who: str,
            first: int | None = None) -> T:
    """``render(play, notes)``, or, when the stored states stop it, the same page from repaired
    states (saved, and named in ``notes``: seat position -> problems to show)."""
    found, notes = _unreadable(found, who)
    if notes:
        found = store.get_play(found.id) if not any(_not_saved(n) for n in notes.values()) else found
    try:
        return render(found, notes)
    except HTTPException:
        raise
    except Exception as exc:
        if storage_failure(exc) is not None:
            raise  # the storage failed, not the state: a 503, nothing to repair
        current_app.logger.exception(
            "Play %s: a page could not be drawn from the stored seats; repairing", found.id
        )
    budget = _Budget()
    order = ([first] if first is not None else []) + [s.position for s in found.seats if s.position != first]
    blank = _blank(found)
    for position in order:
        state = found.seats[position].state

        def ok(candidate: dict[str, Any], position: int = position, found: store.Play = found) -> bool:
            return _draws(lambda play: render(play, {}), _with_state(found, position, candidate), budget)

        if state == blank or not ok(blank):
            continue  # this seat is not what stops the page
        repaired, set_aside = repair_state(ok, state, blank)
        if not set_aside:
            continue  # it draws as stored now (the failure was not this seat's)
        problems = [_describe(state, p) for p in set_aside]
        names = [paths.format(p) or "(the whole entry)" for p in set_aside]
        problems += _store(found, position, repaired, names, who)
        notes.setdefault(position, []).extend(problems)
        found = _with_state(found, position, repaired)
        if _draws(lambda play: render(play, {}), found, _Budget(1)):
            break
    saved = not any(_not_saved(n) for n in notes.values())
    return render(store.get_play(found.id) if saved else found, notes)


def _not_saved(problems: list[FieldError]) -> bool:
    return any("could not be saved" in p.message for p in problems)


def repair_notes(play: store.Play, seat: store.Seat) -> list[FieldError]:
    """What the seat page says about a repair made earlier, until the seat is saved again."""
    entry = store.last_repair(play.id, seat.id)
    if not entry:
        return []
    parts = ", ".join(str(p) for p in entry["set_aside"]) or "part of the entry"
    return [
        FieldError(
            "",
            f"This seat's saved entry was damaged: {parts} was set aside (the edit log keeps it). "
            "Everything else is as saved; saving the seat clears this note.",
        )
    ]


def guarded_seat_page(found: store.Play, position: int, who: str) -> tuple[str, int]:
    """A seat's entry page that opens whatever its stored state holds."""

    def render(play: store.Play, notes: dict[int, list[FieldError]]) -> tuple[str, int]:
        errors = notes.get(position) or repair_notes(play, play.seats[position])
        return seat_page(play, position, play.evaluate(), errors or None)

    return guarded(found, render, who, first=position)
