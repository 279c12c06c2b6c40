"""The table service: the one function that changes a seat, for every caller (the seat form's
autosave, Save and Done, a game's interactions, conflict resolution, the plays API), and the other
changes of a play (its details, Finish and Reopen, delete and restore, its players and seat order,
a damaged seat's repair).  Here live the merge by contract path, the versions and the new totals
(``recompute``); ``web.data.store`` is the repository it reads and writes rows through.

``change_seat`` loads, merges, evaluates and writes once and answers an :class:`Outcome`.  What
it refuses it raises as a domain exception (``store.NotFound``, ``Finished`` /
``Deleted``, ``Conflict`` with its paths, :class:`Refused` with field errors, a
storage failure); ``web.table.refusals`` turns each into the JSON answer (``/api/``) or the page or
fragment, in one place.  No function here returns a
response."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scoring import paths
from scoring.core import FieldError
from web.data import store, zone
from web.data.aggregates import play_changed
from web.data.db import dumps, get_db, loads, now, write
from web.data.store import (
    DELETED,
    FINISHED,
    IN_PROGRESS,
    REPAIRED,
    SET_ASIDE,
    NotFound,
    Play,
    Seat,
    _as_dict,
    _known,
    _log,
    _read_state,
    get_play,
)
from web.games import SeatChange
from web.server import limits
from web.table import gamedata
from web.table.evaluate import Evaluation, evaluate_cached


class Conflict(Exception):
    """A change based on an older version touches a place that someone else changed since, to a
    different value (optimistic concurrency with a merge).  Nothing is written but the attempt,
    kept in the edit log so it can never be lost.  ``conflicts``: (path, yours, theirs) for each
    such place; ``version``: the current version (a new base for a retry)."""

    def __init__(self, seat: Seat | None, mine: Any, base_version: int | None,
                 conflicts: list[tuple[str, Any, Any]], version: int, reason: str = "",
                 changes: dict[str, Any] | None = None, by: dict[str, str] | None = None):
        self.seat, self.mine, self.base_version = seat, mine, base_version
        self.conflicts, self.version, self.reason = conflicts, version, reason
        self.changes = changes or {}  # every change this phone asked for: path -> value
        self.by = by or {}  # path -> who changed it meanwhile
        where = f"seat {seat.position}" if seat is not None else "the play"
        changed = f"{len(conflicts)} place(s) changed meanwhile"
        super().__init__(reason or f"{where} is at version {version}: {changed}")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "conflicts": [{"path": p, "yours": y, "theirs": t} for p, y, t in self.conflicts],
            "version": self.version,
        }
        if self.reason:
            data["error"] = self.reason
        return data


class Finished(Exception):
    """The play is finished: it refuses every change until it is reopened."""


class Deleted(Finished):
    """The play is deleted: it refuses every change until it is restored from the history (a
    kind of :class:`Finished`, so that every save path that refuses a finished play refuses it)."""


class NotReady(Exception):
    """Finish was asked while a seat is not complete (not done, or not valid)."""

    def __init__(self, evaluation: Evaluation):
        self.evaluation = evaluation
        super().__init__("a seat is not complete")


class BadChange(Exception):
    """A change that can never be right (an unknown path, a value of the wrong type)."""

    def __init__(self, errors: list[FieldError]):
        self.errors = errors
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


@dataclass
class Saved:
    """What a change of a seat did: the play after it, its evaluation, the seat's new version,
    whether the change was merged over someone else's newer change, and whether anything
    changed at all."""

    play: Play
    evaluation: Evaluation
    version: int
    merged: bool
    changed: bool

    @property
    def seat(self) -> Callable[[int], Seat]:
        return lambda position: self.play.seats[position]


NOT_DONE = "Not done yet: fill or fix what is listed here first."


class Refused(Exception):
    """A change refused with field errors (nothing, or only what the message says, was stored).
    ``saved``: the change itself was stored (Done refused on a seat with problems)."""

    def __init__(self, errors: list[FieldError], status: int = 422, saved: bool = False):
        self.errors, self.status, self.saved = errors, status, saved
        super().__init__(errors)

    def __str__(self) -> str:
        return "; ".join(f"{e.path}: {e.message}" for e in self.errors)


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


def change_seat(
    play_id: int,
    position: int,
    change: SeatChange,
    *,
    base_version: int | None,
    who: str,
    change_id: str | None = None,
    strict_done: bool = True,
    known: Play | None = None,
) -> Outcome:
    """Apply ``change`` to seat ``position`` of play ``play_id`` (see :func:`apply_change` for the
    merge).  Done asked on a seat that does not validate is stored as not done and, with
    ``strict_done`` (a phone's Done), refused with the message.  (A change of the play's options
    made on a seat page goes through :func:`change_options`.)  Raises NotFound, Finished,
    Deleted, Conflict, Refused (also a change that asks for nothing and carries only errors: an
    interaction the rules refuse, nothing stored)."""
    if change.play_options is not None:
        raise ValueError("a change of the play's options: table.change_options")
    if change.errors and change.state is None and change.set is None and change.done is None:
        raise Refused(list(change.errors), change.status)  # only what the rules refuse (a 16th card)
    try:
        saved = _store_change(play_id, position, change, base_version, who, change_id, known)
    except limits.TooLarge as exc:  # refused, never stored: the page keeps what was typed
        raise Refused(exc.problems) from exc
    after = gamedata.of(saved.play.game).after_change
    if after is not None and saved.changed:
        after(saved.play)
    shown = None
    seat = saved.play.seats[position]
    if (
        change.state is not None
        and base_version is not None
        and (saved.merged or not saved.changed)
        and base_version < seat.version
    ):
        shown = base_version  # the form does not show the others' changes: it keeps its base (_status.html)
    if strict_done and change.done and not seat.done:
        raise Refused([FieldError("", NOT_DONE)], saved=True)
    return Outcome(
        saved.play,
        saved.evaluation,
        saved.version,
        saved.merged,
        saved.changed,
        shown,
        list(change.errors),
        dict(change.ui),
    )


def _store_change(
    play_id: int,
    position: int,
    change: SeatChange,
    base_version: int | None,
    who: str,
    change_id: str | None,
    known: Play | None,
) -> Saved:
    """The change and its effects on the game's data, in one transaction.  A conflict is raised
    after it commits: the attempt it logged is kept (nothing else was written)."""
    def apply() -> Saved:
        return apply_change(play_id, position, who=who, base_version=base_version, state=change.state,
                            set=change.set, done=change.done, change_id=change_id, action=change.action,
                            known=known)

    if not change.effects:  # (an unchanged save is then evaluated after the write lock is let go)
        return apply()
    conflict: Conflict | None = None
    with store.transaction():
        try:
            saved = apply()
        except Conflict as exc:
            conflict = exc
        else:
            for name, arguments in change.effects:
                gamedata.of(saved.play.game).effects[name](saved.play, position, who=who, **arguments)
    if conflict is not None:
        raise conflict
    return saved


def change_options(
    play_id: int,
    position: int,
    change: SeatChange,
    *,
    play_version: int | None,
    who: str,
    change_id: str | None,
) -> Outcome:
    """Options typed on a seat page (Vera's score, the sister's options: ``change.play_options``),
    merged into the play's through the play's own save path, based on ``play_version``."""
    if change.errors:
        raise Refused(list(change.errors), change.status)
    found = store.get_play(play_id)
    if found.finished:
        raise Finished(play_id)
    options = {**(found.options or {}), **(change.play_options or {})}
    play = change_play(
        play_id, who=who, base_version=play_version, fields={"options": options}, change_id=change_id
    )
    evaluation = play.evaluate()
    return Outcome(play, evaluation, play.seats[position].version, False, True, None, [], dict(change.ui))


def repair_seat(play_id: int, position: int, state: dict[str, Any], damaged: list[str], who: str) -> None:
    """Replace a seat's damaged stored state by ``state`` (the damage set aside), as a new version
    of the seat: logged with the stored state (or text) as it was, so nothing is lost.  ``damaged``
    names what was set aside.  A finished play is not changed (:class:`Finished`)."""
    db = get_db()
    with write(db):
        play_row = db.execute("SELECT status, version FROM plays WHERE id = ?", [play_id]).fetchone()
        row = db.execute(
            "SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]
        ).fetchone()
        if play_row is None or row is None:
            raise NotFound((play_id, position))
        if play_row["status"] == FINISHED:
            raise Finished(play_id)
        readable, why = _read_state(row["state"])
        old: Any = readable if why is None else row["state"]  # not an object: kept as the text it was
        touched = [paths.format(p) for p in paths.diff(readable, state)] or [""]
        version = play_row["version"] + 1
        stamp = now()
        db.execute("UPDATE plays SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, play_id])
        db.execute(
            "UPDATE seats SET state = ?, version = ?, updated_at = ? WHERE id = ?",
            [dumps(state), version, stamp, row["id"]],
        )
        db.table("seat_versions").insert(
            {
                "seat_id": row["id"],
                "version": version,
                "state": dumps(state),
                "paths": dumps(touched),
                "change_id": None,
                "who": who,
                "at": stamp,
            }
        )
        _log(play_id, row["id"], row["player_id"], who, REPAIRED, old, {"state": state, "set_aside": damaged})
        recompute_play(play_id)


def _state_at(seat_id: int, version: int) -> Any:
    row = (
        get_db()
        .execute("SELECT state FROM seat_versions WHERE seat_id = ? AND version = ?", [seat_id, version])
        .fetchone()
    )
    return paths.MISSING if row is None else loads(row["state"], {})


def _touched_since(seat_id: int, base: int) -> list[paths.Path] | None:
    """The paths changed in this seat by the versions after ``base`` (None: not known: a version
    from before the live table touched it)."""
    out: list[paths.Path] = []
    for row in (
        get_db()
        .execute(
            "SELECT paths FROM seat_versions WHERE seat_id = ? AND version > ? ORDER BY version",
            [seat_id, base],
        )
        .fetchall()
    ):
        listed = loads(row["paths"])
        if listed is None:
            return None
        out.extend(paths.parse(p) for p in listed)
    return out


def _changed_by(seat_id: int, base: int, where: list[str]) -> dict[str, str]:
    """For each path, who last changed it (or a place around or inside it) after ``base``."""
    out: dict[str, str] = {}
    rows = (
        get_db()
        .execute(
            "SELECT paths, who FROM seat_versions WHERE seat_id = ? AND version > ? ORDER BY version",
            [seat_id, base],
        )
        .fetchall()
    )
    for path in where:
        target = paths.parse(path)
        for row in rows:
            if any(paths.overlaps(target, paths.parse(p)) for p in loads(row["paths"], []) or []):
                out[path] = row["who"] or "another phone"
    return out


def apply_change(
    play_id: int,
    position: int,
    *,
    who: str,
    base_version: int | None,
    state: dict[str, Any] | None = None,
    set: dict[str, Any] | None = None,  # noqa: A002 (the API's own word)
    done: bool | None = None,
    change_id: str | None = None,
    action: str = "seat saved",
    known: Play | None = None,
) -> Saved:
    """The one way a seat changes (seat forms, the cell editors, row operations, strokes, the
    API, campaign fills): inside one write transaction it checks that the play is not finished,
    reads the seat's current version, and applies the change merged over whatever others changed
    since ``base_version``.

    The change is either a whole picture of the seat (``state``, as a form shows it: what differs
    from the state at ``base_version`` is what this phone changed) or values at contract paths
    (``set``).  A path someone else changed since, that now holds a different value, is a
    :class:`Conflict`; every other change of both phones is kept.  ``done``: the player tapped
    Done (True) or took it back (False); a done seat stays done while it validates.
    ``change_id``: the phone's id of this change: a change sent twice is applied once.
    ``base_version`` None: based on the current version (server-side changes only).
    ``known``: the play as the caller read it (not read again when nobody changed it since).
    Raises NotFound, Finished, Conflict, BadChange.

    The writer lock covers only the write (issue 23.3): the change is merged and the table scored
    outside it (:func:`_prepare`), then, under the lock, the play's version and status are read
    again; when they did not move the seat, its version, the log and the seats whose totals or
    breakdown changed are written (:func:`_commit`), else it is all done again (another phone's
    change landed meanwhile: merged over, or a conflict).  After ``OPTIMISTIC_TRIES`` the whole
    of it is done under the lock, as is a conflict (its attempt is logged) and a change inside a
    caller's transaction (game-data effects)."""
    db = get_db()
    for _ in range(0 if db.conn.in_transaction else OPTIMISTIC_TRIES):
        prepared = _prepare(play_id, position, base_version, state, set, done, change_id, known)
        if isinstance(prepared, Saved):
            return prepared  # nothing to write (unchanged, or a resend): no lock taken
        if prepared.clash is not None:
            break  # a conflict: decided (and its attempt logged) under the lock
        with write(db):
            if _unmoved(prepared.play):
                return _commit(prepared, change_id, who, action)
        known = None  # another change landed while this one was scored: read it again
    with write(db):  # the whole of it under the lock
        prepared = _prepare(play_id, position, base_version, state, set, done, change_id, known)
        if isinstance(prepared, Saved):
            return prepared
        if prepared.clash is None:
            return _commit(prepared, change_id, who, action)
        conflict = _conflict(play_id, prepared.seat, *prepared.clash, who, prepared.new_state)
    raise conflict  # (after the commit: the attempt it logged is kept)


OPTIMISTIC_TRIES = 3  # scored outside the writer lock this many times before holding it throughout


@dataclass
class _Prepared:
    """A seat change merged and scored outside the writer lock, to be written by :func:`_commit`
    if the play did not move since it was read."""

    play: Play
    seat: Seat
    new_state: dict[str, Any] = field(default_factory=dict)
    touched: list[str] = field(default_factory=list)
    want_done: bool = False
    merged: bool = False
    evaluation: Evaluation | None = None
    clash: tuple[int, dict[paths.Path, Any], list[Any], str] | None = None  # base, mine, clashes, reason


def _prepare(
    play_id: int,
    position: int,
    base_version: int | None,
    state: dict[str, Any] | None,
    set_: dict[str, Any] | None,
    done: bool | None,
    change_id: str | None,
    known: Play | None,
) -> _Prepared | Saved:
    """The play as stored now, the change merged over it and the table scored as it will be
    (outside the writer lock, or inside it on the last try); a :class:`Saved` when nothing is to
    be written; for a conflict, its ``clash``."""
    play, seat = _seat_to_change(play_id, position, known)
    if change_id and _resent(seat, change_id):  # a resend of a change already applied: answer as then
        return Saved(play, play.evaluate(), seat.version, False, False)
    base = seat.version if base_version is None else base_version
    mine = _mine(seat, base, state, set_)
    clashes, reason = _clashes(seat, base, play.version, mine)
    new_state = _apply(seat.state, mine)
    if clashes or reason:
        return _Prepared(play, seat, new_state, clash=(base, mine, clashes, reason))
    touched = [paths.format(p) for p in paths.diff(seat.state, new_state)]
    if touched:
        limits.check(new_state)  # too long to store: refused (web/server/limits.py), nothing written
    want_done = seat.done if done is None else done
    if not touched and want_done == seat.done:
        return Saved(play, play.evaluate(), seat.version, False, False)
    states = [(s.name, new_state if s.position == position else s.state) for s in play.seats]
    dones = [want_done if s.position == position else s.done for s in play.seats]
    evaluation = evaluate_cached(play.game, play.options, states, dones)
    if want_done and not evaluation.valid(position):  # Done does not stick on a seat with problems
        dones[position] = False
        evaluation = evaluate_cached(play.game, play.options, states, dones)
    return _Prepared(play, seat, new_state, touched, want_done, base != seat.version, evaluation)


def _unmoved(play: Play) -> bool:
    """Under the writer lock: the play is still at the version and status it was read at."""
    row = get_db().execute("SELECT status, version FROM plays WHERE id = ?", [play.id]).fetchone()
    return row is not None and row["version"] == play.version and row["status"] == play.status


def _commit(prepared: _Prepared, change_id: str | None, who: str, action: str) -> Saved:
    """Under the writer lock, the play unmoved: the prepared change written, with the totals it
    was scored to (only the seats whose totals or breakdown changed are rewritten)."""
    play, seat, evaluation = prepared.play, prepared.seat, prepared.evaluation
    assert evaluation is not None  # (a prepared change without a clash is scored)
    _write_seat(play, seat, prepared.new_state, prepared.touched, prepared.want_done, change_id, who, action)
    if seat.done and not evaluation.valid(seat.position):
        get_db().execute("UPDATE seats SET done = 0 WHERE id = ?", [seat.id])
        seat.done = False
    _store_totals(play, evaluation)
    return Saved(play, evaluation, seat.version, prepared.merged, True)


def _seat_to_change(play_id: int, position: int, known: Play | None) -> tuple[Play, Seat]:
    """Inside the write transaction: the play (not finished, not deleted) and the seat to change."""
    play_row = get_db().execute("SELECT status, version FROM plays WHERE id = ?", [play_id]).fetchone()
    if play_row is None:
        raise NotFound((play_id, position))
    if play_row["status"] in (DELETED, SET_ASIDE):
        raise Deleted(play_id)
    if play_row["status"] == FINISHED:
        raise Finished(play_id)
    play = _current(play_id, known, play_row["version"], play_row["status"])
    if not 0 <= position < len(play.seats):
        raise NotFound((play_id, position))
    return play, play.seats[position]


def _resent(seat: Seat, change_id: str) -> bool:
    """This change (by the phone's id of it) was applied already."""
    return (
        get_db()
        .execute(
            "SELECT version FROM seat_versions WHERE seat_id = ? AND change_id = ?", [seat.id, change_id]
        )
        .fetchone()
        is not None
    )


def _mine(
    seat: Seat, base: int, state: dict[str, Any] | None, set_: dict[str, Any] | None
) -> dict[paths.Path, Any]:
    """What this phone changed: values at paths, or where its whole picture differs from the seat
    as it was at ``base`` (an unknown base: every place the picture differs in)."""
    if set_ is not None:
        return {paths.parse(p): v for p, v in set_.items()}
    if state is None:
        return {}  # only the Done mark changes
    picture = state if isinstance(state, dict) else {}
    base_state = seat.state if base == seat.version else _state_at(seat.id, base)
    if base_state is paths.MISSING:
        base_state = {}
    return {p: paths.get(picture, p) for p in paths.diff(base_state, picture)}


def _clashes(seat: Seat, base: int, play_version: int, mine: dict[paths.Path, Any]) -> tuple[list[Any], str]:
    """The places this phone changed that someone else changed since ``base`` to another value
    (path, yours, theirs), and a reason when the base itself cannot be merged over."""
    theirs: list[paths.Path] | None = []
    reason = ""
    if base > play_version:
        theirs, reason = None, "the version this change is based on is newer than the play's"
    elif base != seat.version:
        base_known = _state_at(seat.id, base) is not paths.MISSING
        theirs = _touched_since(seat.id, base) if base_known else None
        if not base_known:
            reason = "the version this change is based on is not a version of this seat"
    current = seat.state
    clashes = [
        (paths.format(p), v, paths.get(current, p))
        for p, v in mine.items()
        if (theirs is None or any(paths.overlaps(p, t) for t in theirs)) and paths.get(current, p) != v
    ]
    return clashes, reason


def _conflict(
    play_id: int,
    seat: Seat,
    base: int,
    mine: dict[paths.Path, Any],
    clashes: list[Any],
    reason: str,
    who: str,
    picture: dict[str, Any],
) -> Conflict:
    """The conflict to raise (``picture``: the seat as this phone would have it); the attempt is
    kept in the edit log (nothing else is written)."""
    asked = {paths.format(p): _json_value(v) for p, v in mine.items()}
    _log(
        play_id,
        seat.id,
        seat.player_id,
        who,
        "save conflict (not applied)",
        seat.state,
        {"based_on": base, "changes": asked},
    )
    clashes = [(p, _json_value(y), _json_value(t)) for p, y, t in clashes]
    return Conflict(
        seat,
        picture,
        base,
        clashes,
        seat.version,
        reason,
        changes=asked,
        by=_changed_by(seat.id, base, [c[0] for c in clashes]),
    )


def _write_seat(
    play: Play,
    seat: Seat,
    new_state: dict[str, Any],
    touched: list[str],
    want_done: bool,
    change_id: str | None,
    who: str,
    action: str,
) -> None:
    """Store the seat's new state and Done mark as the play's next version (logged); ``play`` and
    ``seat`` become the play as stored now, without reading it again."""
    db = get_db()
    old_state, was_done = seat.state, seat.done
    version, stamp = play.version + 1, now()
    db.execute("UPDATE plays SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, play.id])
    db.execute(
        "UPDATE seats SET state = ?, version = ?, done = ?, updated_at = ? WHERE id = ?",
        [dumps(new_state), version, int(want_done), stamp, seat.id],
    )
    db.table("seat_versions").insert(
        {
            "seat_id": seat.id,
            "version": version,
            "state": dumps(new_state),
            "paths": dumps(touched),
            "change_id": change_id,
            "who": who,
            "at": stamp,
        }
    )
    play.version, play.updated_at = version, stamp
    seat.state, seat.version, seat.done, seat.updated_at = new_state, version, want_done, stamp
    if touched:
        _log(play.id, seat.id, seat.player_id, who, action, old_state, new_state)
    if want_done != was_done:
        _log(
            play.id,
            seat.id,
            seat.player_id,
            who,
            "marked done" if want_done else "marked not done",
            {"done": was_done},
            {"done": want_done},
        )


def _current(play_id: int, known: Play | None, version: int, status: str) -> Play:
    """The play as stored, inside the write transaction: the one the caller read (``known``) when
    nobody changed it since (its version says so), else read again."""
    if known is not None and known.id == play_id and known.version == version and known.status == status:
        # A copy of the play and its seats, sharing their states: nothing here changes a state in
        # place (a change is scoring.paths.set_, which copies the containers on its path), and a
        # deep copy of five Verdant homes cost a seventh of a save.
        play = copy.copy(known)
        play.seats, play.winners = [copy.copy(s) for s in known.seats], list(known.winners)
        return play
    return get_play(play_id)


def _json_value(value: Any) -> Any:
    """A value for JSON: a place that is not there is null."""
    return None if value is paths.MISSING else value


def _apply(state: dict[str, Any], changes: dict[paths.Path, Any]) -> dict[str, Any]:
    out: Any = state
    for path, value in changes.items():
        out = paths.set_(out, path, value)
    return out if isinstance(out, dict) else {}


def save_seat(
    play_id: int,
    position: int,
    state: dict[str, Any],
    who: str,
    base_version: int | None = None,
    done: bool | None = None,
) -> tuple[Play, Evaluation, bool]:
    """A whole picture of a seat, stored by the server itself (seeding, tests; see
    :func:`apply_change`): the play, its evaluation and whether anything changed."""
    saved = apply_change(play_id, position, who=who, base_version=base_version, state=state, done=done)
    return saved.play, saved.evaluation, saved.changed


def recompute_play(play_id: int) -> tuple[Play, Evaluation]:
    """:func:`recompute` of the play as stored now (read inside the caller's write transaction);
    a finished play's statistics follow its new totals (its options or players were edited)."""
    play, evaluation = recompute(get_play(play_id))
    if play.status == FINISHED:
        play_changed(play.id)  # its statistics by the play's difference (web/data/aggregates.py)
    return play, evaluation


def recompute(play: Play) -> tuple[Play, Evaluation]:
    """Store each seat's completeness, total, rank and breakdown from a fresh evaluation (inside
    the caller's write transaction): ``play`` as the caller just wrote it (:func:`recompute_play`
    reads it first); the play is returned with its totals."""
    evaluation = evaluate_cached(
        play.game, play.options, [(s.name, s.state) for s in play.seats], [s.done for s in play.seats]
    )
    _store_totals(play, evaluation)
    return play, evaluation


def _store_totals(play: Play, evaluation: Evaluation) -> None:
    """Inside the caller's write transaction: each seat's completeness, total, rank, breakdown and
    engine version as ``evaluation`` says, rewriting only the seats where one of them changed, and
    the play's winners; ``play``'s seats take the new values."""
    db = get_db()
    version = evaluation.engine_version  # (None: a game this version does not know, kept, not scored)
    stored = {
        r[0]: tuple(r[1:])
        for r in db.execute(
            "SELECT id, complete, total, rank, breakdown, engine_version FROM seats WHERE play_id = ?",
            [play.id],
        )
    }
    rows = []
    complete = evaluation.complete_seats
    for seat in play.seats:
        result = evaluation.result.players[seat.position] if evaluation.result else None
        seat.complete = complete[seat.position]
        seat.total = result.total if result else None
        seat.rank = result.rank if result else None
        row = (
            int(seat.complete),
            seat.total,
            seat.rank,
            dumps([c.to_dict() for c in result.categories]) if result else None,
            version if result else None,
        )
        if seat.id not in stored or stored[seat.id] != row:
            rows.append([*row, seat.id])
    if rows:
        db.conn.executemany(
            "UPDATE seats SET complete = ?, total = ?, rank = ?, breakdown = ?, engine_version = ? "
            "WHERE id = ?",
            rows,
        )
    play.winners = list(evaluation.result.winners) if evaluation.result else []
    play.tiebreak = evaluation.result.tiebreak if evaluation.result else None
    db.execute(
        "UPDATE plays SET winners = ?, tiebreak = ?, engine_version = ? WHERE id = ?",
        [
            dumps(play.winners) if evaluation.result else None,
            play.tiebreak,
            version if evaluation.result else None,
            play.id,
        ],
    )


PLAY_FIELDS = ("played_at", "options", "notes")


def _details(play: Play) -> dict[str, Any]:
    return {"played_at": play.played_at, "options": play.options, "notes": play.notes}


def _details_at(play_id: int, version: int) -> Any:
    """The play's details as they were at ``version`` (MISSING if not known)."""
    row = (
        get_db()
        .execute(
            "SELECT details FROM play_versions WHERE play_id = ? AND version <= ? AND details IS NOT NULL "
            "ORDER BY version DESC LIMIT 1",
            [play_id, version],
        )
        .fetchone()
    )
    return paths.MISSING if row is None else loads(row["details"], {})


def _play_to_change(play_id: int, change_id: str | None) -> tuple[Play, bool]:
    """Inside a write transaction of a change of the play itself: the play, and whether this
    change (by its id) was applied already (a resend: answered as then).  A deleted or set-aside
    play refuses any other change (:class:`Deleted`)."""
    play = get_play(play_id)
    seen = (
        bool(change_id)
        and get_db()
        .execute("SELECT 1 FROM play_versions WHERE play_id = ? AND change_id = ?", [play_id, change_id])
        .fetchone()
        is not None
    )
    if not seen and play.status in (DELETED, SET_ASIDE):
        raise Deleted(play_id)
    return play, seen


def _stored_time(
    fields: dict[str, Any] | None, played_zone: str | None
) -> tuple[dict[str, Any] | None, str | None]:
    """A typed ``played_at`` (naive: the group's zone) as stored, in UTC, and the zone it was typed
    in (web/data/times.py); one stored already stays as it is."""
    typed = (fields or {}).get("played_at")
    if not isinstance(typed, str) or fields is None:
        return fields, played_zone
    try:
        return {**fields, "played_at": zone.to_utc(typed)}, played_zone or zone.typed_in(typed)
    except (ValueError, OverflowError):
        return fields, played_zone


def change_play(
    play_id: int,
    *,
    who: str,
    base_version: int | None,
    fields: dict[str, Any] | None = None,
    status: str | None = None,
    change_id: str | None = None,
    played_zone: str | None = None,
) -> Play:
    """The one way a play's own details change (date, options, notes: ``fields``, a whole
    picture as the details form shows it) and the way it is finished or reopened (``status``):
    inside one write transaction, merged over what others changed since ``base_version`` like
    :func:`change_seat` (a detail someone else changed to a different value meanwhile is a
    :class:`Conflict`).  Finishing checks inside the same transaction that every seat is complete
    (:class:`NotReady` if not).  A finished play's details can be corrected (its totals and the
    statistics follow); its seats cannot until it is reopened.
    ``base_version`` None: based on the current version."""
    db = get_db()
    conflict: Conflict | None = None
    with write(db):
        play, seen = _play_to_change(play_id, change_id)
        if seen:
            return play
        current = _details(play)
        fields, played_zone = _stored_time(fields, played_zone)
        picture = {**current, **{k: v for k, v in (fields or {}).items() if k in PLAY_FIELDS}}
        limits.check(picture["options"], "The play's options")
        limits.check_text("notes", picture["notes"], limits.NOTES_MAX)
        base = play.version if base_version is None else base_version
        base_details = current if base >= play.version else _details_at(play_id, base)
        if base_details is paths.MISSING:
            base_details = current
        mine = {p: paths.get(picture, p) for p in paths.diff(base_details, picture)}
        new_status = status if status in (FINISHED, IN_PROGRESS) else play.status
        if base > play.version:
            conflict = Conflict(
                None,
                picture,
                base,
                [(paths.format(p), v, paths.get(current, p)) for p, v in mine.items()],
                play.version,
                "the version this change is based on is newer than the play's",
            )
        elif base != play.version and mine:
            theirs = [
                paths.parse(p)
                for r in db.execute(
                    "SELECT paths FROM play_versions WHERE play_id = ? AND version > ?", [play_id, base]
                )
                for p in loads(r["paths"], [])
            ]
            clashes = [
                (paths.format(p), v, paths.get(current, p))
                for p, v in mine.items()
                if any(paths.overlaps(p, t) for t in theirs) and paths.get(current, p) != v
            ]
            if clashes:
                conflict = Conflict(None, picture, base, clashes, play.version)
        if conflict is None:
            new = _as_dict(_apply(current, mine))
            touched = [paths.format(p) for p in paths.diff(current, new)]
            if new_status == FINISHED and not play.finished and play.evaluate().result is None:
                raise NotReady(play.evaluate())
            if touched or new_status != play.status:
                version = play.version + 1
                stamp = now()
                db.table("plays").update(
                    play_id,
                    {
                        "version": version,
                        "updated_at": stamp,
                        "status": new_status,
                        "played_at": new["played_at"],
                        "options": dumps(new["options"]),
                        "notes": new["notes"],
                        **({"played_zone": played_zone} if played_zone and "played_at" in touched else {}),
                    },
                )
                db.table("play_versions").insert(
                    {
                        "play_id": play_id,
                        "version": version,
                        "details": dumps(new),
                        "change_id": change_id,
                        "paths": dumps(touched + (["status"] if new_status != play.status else [])),
                        "who": who,
                        "at": stamp,
                    }
                )
                if touched:
                    _log(play_id, None, None, who, "play details changed", current, new)
                    recompute_play(play_id)
                if new_status != play.status:
                    action = "play finished" if new_status == FINISHED else "play reopened"
                    _log(play_id, None, None, who, action, {"status": play.status}, {"status": new_status})
                play_changed(play_id)  # its statistics by the play's difference (web/data/aggregates.py)
                play = get_play(play_id)
    if conflict is not None:
        raise conflict
    return play


def update_play(play_id: int, fields: dict[str, Any], who: str, base_version: int | None = None) -> Play:
    """Change the date, options or notes of a play (logged) and recompute it."""
    return change_play(play_id, who=who, base_version=base_version, fields=fields)


def set_status(play_id: int, status: str, who: str, base_version: int | None = None) -> None:
    """Finish or reopen a play (see :func:`change_play`)."""
    change_play(play_id, who=who, base_version=base_version, status=status)


def delete_play(
    play_id: int, who: str, *, action: str = "play deleted", change_id: str | None = None
) -> Play:
    """Delete a play from the history, softly: every row stays, the play is marked deleted (with
    who, when and the status it had), logged, and refuses every change until
    :func:`restore_play`.  Its players' statistics follow (a finished play stops counting), in
    the same write transaction.  ``action``: the log's words ("play discarded" for an abandoned
    play).  Deleting a deleted play changes nothing."""
    return _set_deleted(play_id, who, True, action, change_id)


def restore_play(play_id: int, who: str, *, change_id: str | None = None) -> Play:
    """Undo :func:`delete_play`: the play is back in the history with the status it had."""
    return _set_deleted(play_id, who, False, "play restored", change_id)


def _set_deleted(play_id: int, who: str, deleted: bool, action: str, change_id: str | None) -> Play:
    db = get_db()
    with write(db):
        row = db.execute("SELECT * FROM plays WHERE id = ?", [play_id]).fetchone()
        if row is None or row["status"] == SET_ASIDE:
            raise NotFound(play_id)
        if (row["status"] == DELETED) == deleted:
            return get_play(play_id)
        if (
            change_id
            and db.execute(
                "SELECT 1 FROM play_versions WHERE play_id = ? AND change_id = ?", [play_id, change_id]
            ).fetchone()
        ):
            return get_play(play_id)
        old_status = row["status"]
        new_status = DELETED if deleted else (row["status_before_delete"] or IN_PROGRESS)
        version, stamp = row["version"] + 1, now()
        db.table("plays").update(
            play_id,
            {
                "status": new_status,
                "version": version,
                "updated_at": stamp,
                "deleted_at": stamp if deleted else None,
                "deleted_by": who if deleted else None,
                "status_before_delete": old_status if deleted else None,
            },
        )
        details = {
            "played_at": row["played_at"],
            "options": _as_dict(loads(row["options"], {})),
            "notes": row["notes"] or "",
        }
        db.table("play_versions").insert(
            {
                "play_id": play_id,
                "version": version,
                "paths": dumps(["status"]),
                "details": dumps(details),
                "change_id": change_id,
                "who": who,
                "at": stamp,
            }
        )
        _log(play_id, None, None, who, action, {"status": old_status}, {"status": new_status})
        play_changed(play_id)  # a finished play stops (or starts again) counting: by its difference
        return get_play(play_id)


def change_players(
    play_id: int,
    *,
    who: str,
    base_version: int | None,
    seats: list[tuple[int | None, int]],
    change_id: str | None = None,
) -> Play:
    """Change who sits at a play in progress and in which order, like :func:`change_play`: inside
    one write transaction, with the play's version.  ``seats``: the new seat order, each the id
    of one of the play's seats (its entries go with it: a new player for that seat keeps them)
    or None for a new, blank seat, and the player sitting there.  A seat left out is removed: one
    nobody entered anything in is deleted; one with entries is set aside (moved, with all its
    versions, to a play of status ``set_aside``), so the edit log keeps all of it.  Another
    change of the players since ``base_version`` is a :class:`Conflict` (a seat's own saves are
    not: they go with the seat).  Raises NotFound, Finished (reopen it first), Deleted, Conflict,
    BadChange (a player listed twice, a seat of another play, a count the game does not take)."""
    db = get_db()
    conflict: Conflict | None = None
    with write(db):
        play, seen = _play_to_change(play_id, change_id)
        if seen:
            return play
        if play.finished:
            raise Finished(play_id)
        by_id = {s.id: s for s in play.seats}
        errors = _seat_plan_errors(play, seats, by_id)
        if errors:
            raise BadChange(errors)
        base = play.version if base_version is None else base_version
        before = [{"seat": s.id, "player": s.player_id, "name": s.name} for s in play.seats]
        if base > play.version:
            conflict = Conflict(
                None,
                seats,
                base,
                [("seats", None, before)],
                play.version,
                "the version this change is based on is newer than the play's",
            )
        elif base < play.version and any(
            "seats" in (loads(r["paths"], []) or [])
            for r in db.execute(
                "SELECT paths FROM play_versions WHERE play_id = ? AND version > ?", [play_id, base]
            )
        ):
            conflict = Conflict(
                None,
                seats,
                base,
                [("seats", None, before)],
                play.version,
                "the players were changed on another phone meanwhile",
            )
        if conflict is None and [(s, p) for s, p in seats] != [(s.id, s.player_id) for s in play.seats]:
            _rearrange(play, seats, by_id, who)
            play = get_play(play_id)
    if conflict is not None:
        raise conflict
    return play


def _seat_plan_errors(
    play: Play, seats: list[tuple[int | None, int]], by_id: dict[int, Seat]
) -> list[FieldError]:
    errors: list[FieldError] = []
    seen_seats: set[int] = set()
    seen_players: set[int] = set()
    known = {
        r[0]
        for r in get_db().execute(
            "SELECT id FROM players WHERE merged_into IS NULL AND id IN "
            f"({','.join('?' * len(seats)) or 'NULL'})",
            [p for _, p in seats],
        )
    }
    for i, (seat_id, player_id) in enumerate(seats):
        where = f"seats[{i}]"
        if seat_id is not None and (seat_id not in by_id or seat_id in seen_seats):
            errors.append(FieldError(where, "is not a seat of this play"))
        if player_id not in known:
            errors.append(FieldError(where, "is not a player"))
        elif player_id in seen_players:
            errors.append(FieldError(where, "sits at another seat already: each player sits once"))
        if seat_id is not None:
            seen_seats.add(seat_id)
        seen_players.add(player_id)
    try:
        game = play.game_info
    except KeyError:
        game = None
    if game is not None and not game.min_players <= len(seats) <= game.max_players:
        errors.append(
            FieldError(
                "seats",
                f"{game.title} takes {game.min_players} to {game.max_players} "
                f"players; this lists {len(seats)}",
            )
        )
    return errors


def _rearrange(play: Play, seats: list[tuple[int | None, int]], by_id: dict[int, Seat], who: str) -> None:
    """Apply a checked seat plan (inside the caller's write transaction)."""
    db = get_db()
    version, stamp = play.version + 1, now()
    names = {
        r[0]: r[1]
        for r in db.execute(
            f"SELECT id, name FROM players WHERE id IN ({','.join('?' * len(seats))})", [p for _, p in seats]
        )
    }
    kept = {s for s, _ in seats if s is not None}
    removed = [s for s in play.seats if s.id not in kept]
    set_aside: int | None = None
    for seat in removed:
        entered = db.execute("SELECT 1 FROM edit_log WHERE seat_id = ? LIMIT 1", [seat.id]).fetchone()
        if entered is None:  # nothing was ever entered (or logged) in it: nothing to keep
            db.execute("DELETE FROM seat_versions WHERE seat_id = ?", [seat.id])
            db.execute("DELETE FROM seats WHERE id = ?", [seat.id])
            continue
        if set_aside is None:
            set_aside = _set_aside_play(play, stamp)
        spot = db.execute("SELECT COUNT(*) FROM seats WHERE play_id = ?", [set_aside]).fetchone()[0]
        db.execute("UPDATE seats SET play_id = ?, position = ? WHERE id = ?", [set_aside, spot, seat.id])
        _log(
            play.id,
            seat.id,
            seat.player_id,
            who,
            "seat removed",
            seat.state,
            {"set_aside_in": set_aside, "was_seat": seat.position + 1, "done": seat.done},
        )
    for i, seat in enumerate(s for s in play.seats if s.id in kept):  # out of the way of the unique index
        db.execute("UPDATE seats SET position = ? WHERE id = ?", [-1 - i, seat.id])
    blank = play.game_info.blank_player() if _known(play.game) else {}
    for position, (seat_id, player_id) in enumerate(seats):
        if seat_id is None:
            new_id = (
                db.table("seats")
                .insert(
                    {
                        "play_id": play.id,
                        "position": position,
                        "player_id": player_id,
                        "state": dumps(blank),
                        "version": version,
                        "updated_at": stamp,
                    }
                )
                .last_pk
            )
            db.table("seat_versions").insert(
                {
                    "seat_id": new_id,
                    "version": version,
                    "state": dumps(blank),
                    "paths": "[]",
                    "who": who,
                    "at": stamp,
                }
            )
        else:
            db.execute(
                "UPDATE seats SET position = ?, player_id = ? WHERE id = ?", [position, player_id, seat_id]
            )
            if by_id[seat_id].position != position:
                # a seat that moved gets a version of unknown paths: a phone still showing the old
                # order (a base version from before) cannot merge into the seat now at its place
                db.execute(
                    "UPDATE seats SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, seat_id]
                )
                db.table("seat_versions").insert(
                    {
                        "seat_id": seat_id,
                        "version": version,
                        "state": dumps(by_id[seat_id].state),
                        "paths": None,
                        "who": who,
                        "at": stamp,
                    }
                )
    db.execute("UPDATE plays SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, play.id])
    db.table("play_versions").insert(
        {
            "play_id": play.id,
            "version": version,
            "paths": dumps(["seats"]),
            "details": dumps(_details(play)),
            "who": who,
            "at": stamp,
        }
    )
    _log(
        play.id,
        None,
        None,
        who,
        "players changed",
        {"seats": [{"seat": s.id, "player": s.player_id, "name": s.name} for s in play.seats]},
        {"seats": [{"seat": s, "player": p, "name": names.get(p, "")} for s, p in seats]},
    )
    recompute_play(play.id)


def _set_aside_play(play: Play, stamp: str) -> int:
    """The play holding the seats removed from ``play`` (made the first time one is)."""
    db = get_db()
    row = db.execute(
        "SELECT id FROM plays WHERE set_aside_from = ? AND status = 'set_aside'", [play.id]
    ).fetchone()
    if row is not None:
        return int(row[0])
    return int(
        db.table("plays")
        .insert(
            {
                "game": play.game,
                "played_at": play.played_at,
                "played_zone": play.played_zone,
                "options": dumps(play.options),
                "status": SET_ASIDE,
                "notes": f"Seats removed from play {play.id}",
                "created_at": stamp,
                "updated_at": stamp,
                "set_aside_from": play.id,
            }
        )
        .last_pk
        or 0
    )
