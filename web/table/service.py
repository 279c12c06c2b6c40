"""The table service: the one function that changes a seat, for every caller (the seat form's
autosave, Save and Done, a game's interactions, conflict resolution, the plays API, the campaign).

``change_seat`` loads, merges, evaluates and writes once (``web.data.store`` is the repository it
writes through) and answers an :class:`Outcome`.  What it refuses it raises as a domain
exception (``store.NotFound``, ``store.Finished`` / ``store.Deleted``, ``store.Conflict`` with its
paths, :class:`Refused` with field errors, a storage failure); ``web.server.errors`` turns each into the
JSON answer (``/api/``) or the page or fragment, in one place.  No function here returns a
response."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.core import FieldError
from web.table import gamedata
from web.server import limits
from web.data import store
from web.table.evaluate import Evaluation
from web.games import SeatChange

NOT_DONE = "Not done yet: fill or fix what is listed here first."


class Refused(Exception):
    """A change refused with field errors (nothing, or only what the message says, was stored).
    ``saved``: the change itself was stored (Done refused on a seat with problems)."""

    def __init__(self, errors: list[FieldError], status: int = 422, saved: bool = False):
        self.errors, self.status, self.saved = errors, status, saved
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


@dataclass
class Outcome:
    """What a change did: the play after it and its evaluation, the seat's new version, whether
    it was merged over another phone's change, whether anything changed, the version the phone's
    form keeps (``shown_version``: a merged whole picture does not show the other's change), the
    form's own problems, and what the page shows next (``ui``)."""

    play: store.Play
    evaluation: Evaluation
    version: int
    merged: bool
    changed: bool
    shown_version: int | None = None
    errors: list[FieldError] = field(default_factory=list)
    ui: dict[str, Any] = field(default_factory=dict)


def change_seat(play_id: int, position: int, change: SeatChange, *, base_version: int | None, who: str,
                change_id: str | None = None, play_version: int | None = None, strict_done: bool = True) -> Outcome:
    """Apply ``change`` to seat ``position`` of play ``play_id`` (see ``store.change_seat`` for the
    merge).  A change of the play's options made on a seat page goes through the play's own save
    path with ``play_version``.  Done asked on a seat that does not validate is stored as not done
    and, with ``strict_done`` (a phone's Done), refused with the message.  Raises NotFound,
    Finished, Deleted, Conflict, Refused."""
    if change.play_options is not None:
        return _change_options(play_id, position, change, play_version, who, change_id)
    if change.state is not None:
        too_large = limits.state_problems(change.state)
        if too_large:  # refused, never stored: the page keeps what was typed
            raise Refused(too_large)
    saved = _store_change(play_id, position, change, base_version, who, change_id)
    after = gamedata.of(saved.play.game).after_change
    if after is not None and saved.changed:
        after(saved.play)
    shown = None
    seat = saved.play.seats[position]
    if change.state is not None and base_version is not None and (saved.merged or not saved.changed) \
            and base_version < seat.version:
        shown = base_version  # the form does not show the others' changes: it keeps its base (_status.html)
    if strict_done and change.done and not seat.done:
        raise Refused([FieldError("", NOT_DONE)], saved=True)
    return Outcome(saved.play, saved.evaluation, saved.version, saved.merged, saved.changed, shown,
                   list(change.errors), dict(change.ui))


def _store_change(play_id: int, position: int, change: SeatChange, base_version: int | None, who: str,
                  change_id: str | None) -> store.Saved:
    """The change and its effects on the game's data, in one transaction.  A conflict is raised
    after it commits: the attempt it logged is kept (nothing else was written)."""
    if not change.effects:
        return store.change_seat(play_id, position, who=who, base_version=base_version, state=change.state,
                                 set=change.set, done=change.done, change_id=change_id, action=change.action)
    conflict: store.Conflict | None = None
    with store.transaction():
        try:
            saved = store.change_seat(play_id, position, who=who, base_version=base_version, state=change.state,
                                      set=change.set, done=change.done, change_id=change_id, action=change.action)
        except store.Conflict as exc:
            conflict = exc
        else:
            for name, arguments in change.effects:
                gamedata.of(saved.play.game).effects[name](saved.play, position, who=who, **arguments)
    if conflict is not None:
        raise conflict
    return saved


def _change_options(play_id: int, position: int, change: SeatChange, play_version: int | None, who: str,
                    change_id: str | None) -> Outcome:
    """Options typed on a seat page (Vera's score, the sister's options), merged into the play's."""
    if change.errors:
        raise Refused(list(change.errors), change.status)
    found = store.get_play(play_id)
    if found.finished:
        raise store.Finished(play_id)
    options = {**(found.options or {}), **(change.play_options or {})}
    play = store.change_play(play_id, who=who, base_version=play_version, fields={"options": options},
                             change_id=change_id)
    evaluation = play.evaluate()
    return Outcome(play, evaluation, play.seats[position].version, False, True, None, [], dict(change.ui))
