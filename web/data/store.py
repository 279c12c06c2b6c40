"""Reading and writing players, plays, seats and the edit log.  Every write that changes a play
appends to the edit log in the same transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import scoring
from migrations.migrations import PLAYER_STATS_SQL
from scoring import paths
from scoring.core import FieldError
from web.data import aggregates
from web.server import limits
from web.data.db import dumps, get_db, loads, now, write
from web.table.evaluate import Evaluation, evaluate_cached

IN_PROGRESS = "in_progress"
FINISHED = "finished"
DELETED = "deleted"  # deleted from the history (soft: every row kept, restorable; see delete_play)
SET_ASIDE = "set_aside"  # holds the seats removed from a play after something was entered in them
SHOWN = (IN_PROGRESS, FINISHED)  # the plays the history, a player's page and the counts know


class NotFound(Exception):
    pass


# ------------------------------------------------------------------------ players


def list_players() -> list[dict]:
    return [
        dict(row)
        for row in get_db().execute(
            "SELECT p.id, p.name, p.created_at, SUM(CASE WHEN pl.status = 'finished' THEN 1 ELSE 0 END) AS plays, "
            "SUM(CASE WHEN s.rank = 1 AND pl.status = 'finished' THEN 1 ELSE 0 END) AS wins "
            "FROM players p LEFT JOIN seats s ON s.player_id = p.id LEFT JOIN plays pl ON pl.id = s.play_id "
            "WHERE p.merged_into IS NULL GROUP BY p.id ORDER BY p.name COLLATE NOCASE"
        ).fetchall()
    ]


def player_names() -> list[dict]:
    """Ids and names only (for drop-downs): cheap however long the history is."""
    rows = get_db().execute(
        "SELECT id, name FROM players WHERE merged_into IS NULL ORDER BY name COLLATE NOCASE"
    ).fetchall()
    return [dict(r) for r in rows]


def get_player(player_id: int) -> dict:
    row = get_db().execute("SELECT * FROM players WHERE id = ?", [player_id]).fetchone()
    if row is None:
        raise NotFound(player_id)
    return dict(row)


def player_by_name(name: str) -> dict | None:
    row = get_db().execute(
        "SELECT * FROM players WHERE name = ? COLLATE NOCASE AND merged_into IS NULL ORDER BY id LIMIT 1",
        [name.strip()],
    ).fetchone()
    return dict(row) if row else None


def create_player(name: str, who: str) -> int:
    limits.check_text("name", name, limits.NAME_MAX)
    db = get_db()
    with write(db):
        player_id = int(db.table("players").insert({"name": name.strip(), "created_at": now()}).last_pk or 0)
        _log(None, None, player_id, who, "player created", None, {"name": name.strip()})
    return player_id


def find_or_create_player(name: str, who: str) -> int:
    found = player_by_name(name)
    return found["id"] if found else create_player(name, who)


def rename_player(player_id: int, name: str, who: str) -> None:
    limits.check_text("name", name, limits.NAME_MAX)
    db = get_db()
    old = get_player(player_id)
    with write(db):
        db.table("players").update(player_id, {"name": name.strip()})
        _log(None, None, player_id, who, "player renamed", {"name": old["name"]}, {"name": name.strip()})


def merge_players(duplicate_id: int, keep_id: int, who: str) -> int:
    """Move every seat of ``duplicate_id`` to ``keep_id`` and retire the duplicate.
    Returns the number of seats moved."""
    db = get_db()
    duplicate, keep = get_player(duplicate_id), get_player(keep_id)
    with write(db):
        seats = [r[0] for r in db.execute("SELECT id FROM seats WHERE player_id = ?", [duplicate_id]).fetchall()]
        db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", [keep_id, duplicate_id])
        db.execute("UPDATE players SET merged_into = ? WHERE id = ?", [keep_id, duplicate_id])
        refresh_stats([keep_id, duplicate_id])
        _log(
            None,
            None,
            keep_id,
            who,
            "players merged",
            {"id": duplicate_id, "name": duplicate["name"], "seats": seats},
            {"id": keep_id, "name": keep["name"]},
        )
    return len(seats)


def player_stats(player_id: int) -> list[dict]:
    """Per game, over finished plays: plays, wins (rank 1, shared included), average and best total.
    Read from ``player_stats`` (kept current by :func:`refresh_stats`): a few rows, whatever the
    length of the history."""
    rows = get_db().execute(
        "SELECT game, plays, wins, ROUND(1.0 * total_sum / plays, 1) AS average, best FROM player_stats "
        "WHERE player_id = ? AND plays > 0 ORDER BY plays DESC, game",
        [player_id],
    ).fetchall()
    return [dict(r) for r in rows]


def refresh_stats(player_ids) -> None:
    """Recompute the statistics rows of these players from their seats (inside the caller's
    transaction).  Called when a play is finished or reopened, changed while finished, or when
    players are merged."""
    ids = sorted({int(i) for i in player_ids})
    if not ids:
        return
    db = get_db()
    marks = ",".join("?" * len(ids))
    db.execute(f"DELETE FROM player_stats WHERE player_id IN ({marks})", ids)
    db.execute(
        "INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=f"AND s.player_id IN ({marks})"), ids
    )
    aggregates.refresh(db, ids)  # the game and player pages' statistics (docs/stats.md)


def player_plays(player_id: int, limit: int = 50) -> list[dict]:
    # Walk the plays newest first on plays(played_at, id) and probe seats(player_id, play_id),
    # stopping at the limit (CROSS JOIN keeps that join order): no sort of the whole history.
    # (+pl.status: a filter, not an index to search.)
    rows = get_db().execute(
        "SELECT pl.*, s.total, s.rank, s.position FROM plays pl CROSS JOIN seats s "
        "ON s.play_id = pl.id AND s.player_id = ? WHERE +pl.status IN ('in_progress', 'finished') "
        "ORDER BY pl.played_at DESC, pl.id DESC LIMIT ?",
        [player_id, limit],
    ).fetchall()
    return [_play_row(r) for r in rows]


# -------------------------------------------------------------------------- plays


@dataclass
class Seat:
    id: int
    position: int
    player_id: int
    name: str
    state: dict
    complete: bool
    total: int | None
    rank: int | None
    version: int
    updated_at: str
    done: bool = False
    damaged: str | None = None  # why the stored state could not be read (it reads as {})


@dataclass
class Play:
    id: int
    game: str
    played_at: str
    options: dict
    status: str
    notes: str
    winners: list[str]
    tiebreak: str | None
    seats: list[Seat]
    created_at: str
    updated_at: str
    version: int = 1
    deleted_at: str | None = None  # deleted (soft) at, by whom (None: not deleted)
    deleted_by: str | None = None

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def deleted(self) -> bool:
        return self.status in (DELETED, SET_ASIDE)

    @property
    def game_info(self) -> scoring.Game:
        return scoring.get(self.game)

    def evaluate(self) -> Evaluation:
        return evaluate_cached(self.game, self.options, [(s.name, s.state) for s in self.seats], [s.done for s in self.seats])


def create_play(game: str, played_at: str, options: dict, player_ids: list[int], who: str, notes: str = "") -> int:
    limits.check(options, "The play's options")
    limits.check_text("notes", notes, limits.NOTES_MAX)
    db = get_db()
    info = scoring.get(game)
    stamp = now()
    with write(db):
        play_id: int = db.table("plays").insert(
            {
                "game": game,
                "played_at": played_at,
                "options": dumps(options),
                "status": IN_PROGRESS,
                "notes": notes,
                "created_at": stamp,
                "updated_at": stamp,
            }
        ).last_pk  # type: ignore[assignment]
        for position, player_id in enumerate(player_ids):
            seat_id = db.table("seats").insert(
                {
                    "play_id": play_id,
                    "position": position,
                    "player_id": player_id,
                    "state": dumps(info.blank_player()),
                    "version": 1,
                    "updated_at": stamp,
                }
            ).last_pk
            db.table("seat_versions").insert(
                {"seat_id": seat_id, "version": 1, "state": dumps(info.blank_player()), "paths": "[]", "who": who, "at": stamp}
            )
        details = {"played_at": played_at, "options": options, "notes": notes}
        db.table("play_versions").insert(
            {"play_id": play_id, "version": 1, "paths": "[]", "details": dumps(details), "who": who, "at": stamp}
        )
        _log(play_id, None, None, who, "play created", None, {"game": game, "options": options, "players": player_ids})
    return play_id


def get_play(play_id: int) -> Play:
    db = get_db()
    row = db.execute("SELECT * FROM plays WHERE id = ?", [play_id]).fetchone()
    if row is None:
        raise NotFound(play_id)
    seats = [
        Seat(
            id=r["id"],
            position=r["position"],
            player_id=r["player_id"],
            name=r["name"],
            state=_read_state(r["state"])[0],
            complete=bool(r["complete"]),
            total=r["total"],
            rank=r["rank"],
            version=r["version"],
            updated_at=r["updated_at"],
            damaged=_read_state(r["state"])[1],
            done=bool(r["done"]),
        )
        for r in db.execute(
            "SELECT s.*, p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.play_id = ? ORDER BY s.position",
            [play_id],
        ).fetchall()
    ]
    return Play(
        id=row["id"],
        game=row["game"],
        played_at=row["played_at"],
        options=_read_state(row["options"])[0],
        status=row["status"],
        notes=row["notes"] or "",
        winners=_read_list(row["winners"]),
        tiebreak=row["tiebreak"],
        seats=seats,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        version=row["version"],
        deleted_at=row["deleted_at"],
        deleted_by=row["deleted_by"],
    )


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
        super().__init__(reason or f"{where} is at version {version}: {len(conflicts)} place(s) changed meanwhile")

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


def _as_dict(value: Any) -> dict:
    """Options and seat states are JSON objects; anything else (a damaged row) reads as empty."""
    return value if isinstance(value, dict) else {}


def _read_state(text: Any) -> tuple[dict, str | None]:
    """A stored JSON object (a seat state, a play's options) and, when it could not be read,
    why (it then reads as ``{}``: the page names the damage and the rest stays usable)."""
    try:
        value = loads(text, {})
    except (ValueError, TypeError, RecursionError):
        return {}, "the stored entry is not valid JSON"
    if not isinstance(value, dict):
        return {}, f"the stored entry is {type(value).__name__}, not an object"
    return value, None


def _read_list(text: Any) -> list:
    try:
        value = loads(text, [])
    except (ValueError, TypeError, RecursionError):
        return []
    return value if isinstance(value, list) else []


def _read_any(text: Any) -> Any:
    """A logged JSON value, or the stored text itself when it does not parse."""
    try:
        return loads(text)
    except (ValueError, TypeError, RecursionError):
        return text


REPAIRED = "damaged entry set aside"


def repair_seat(play_id: int, position: int, state: dict, damaged: list[str], who: str) -> None:
    """Replace a seat's damaged stored state by ``state`` (the damage set aside), as a new version
    of the seat: logged with the stored state (or text) as it was, so nothing is lost.  ``damaged``
    names what was set aside.  A finished play is not changed (:class:`Finished`)."""
    db = get_db()
    with write(db):
        play_row = db.execute("SELECT status, version FROM plays WHERE id = ?", [play_id]).fetchone()
        row = db.execute("SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]).fetchone()
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
        db.execute("UPDATE seats SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                   [dumps(state), version, stamp, row["id"]])
        db.table("seat_versions").insert(
            {"seat_id": row["id"], "version": version, "state": dumps(state), "paths": dumps(touched),
             "change_id": None, "who": who, "at": stamp}
        )
        _log(play_id, row["id"], row["player_id"], who, REPAIRED, old, {"state": state, "set_aside": damaged})
        _recompute(play_id)


def last_repair(play_id: int, seat_id: int) -> dict | None:
    """The newest "damaged entry set aside" entry of a seat, if nothing was saved after it."""
    row = get_db().execute(
        "SELECT action, new, at FROM edit_log WHERE play_id = ? AND seat_id = ? ORDER BY id DESC LIMIT 1",
        [play_id, seat_id],
    ).fetchone()
    if row is None or row["action"] != REPAIRED:
        return None
    new = _read_any(row["new"])
    return {"at": row["at"], "set_aside": new.get("set_aside", []) if isinstance(new, dict) else []}


def _state_at(seat_id: int, version: int) -> Any:
    row = get_db().execute(
        "SELECT state FROM seat_versions WHERE seat_id = ? AND version = ?", [seat_id, version]
    ).fetchone()
    return paths.MISSING if row is None else loads(row["state"], {})


def _touched_since(seat_id: int, base: int) -> list[paths.Path] | None:
    """The paths changed in this seat by the versions after ``base`` (None: not known: a version
    from before the live table touched it)."""
    out: list[paths.Path] = []
    for row in get_db().execute(
        "SELECT paths FROM seat_versions WHERE seat_id = ? AND version > ? ORDER BY version", [seat_id, base]
    ).fetchall():
        listed = loads(row["paths"])
        if listed is None:
            return None
        out.extend(paths.parse(p) for p in listed)
    return out


def _changed_by(seat_id: int, base: int, where: list[str]) -> dict[str, str]:
    """For each path, who last changed it (or a place around or inside it) after ``base``."""
    out: dict[str, str] = {}
    rows = get_db().execute(
        "SELECT paths, who FROM seat_versions WHERE seat_id = ? AND version > ? ORDER BY version", [seat_id, base]
    ).fetchall()
    for path in where:
        target = paths.parse(path)
        for row in rows:
            if any(paths.overlaps(target, paths.parse(p)) for p in loads(row["paths"], []) or []):
                out[path] = row["who"] or "another phone"
    return out


@contextmanager
def transaction() -> Iterator[None]:
    """One write transaction around several changes (they land together or not at all)."""
    with write(get_db()):
        yield


def change_seat(
    play_id: int,
    position: int,
    *,
    who: str,
    base_version: int | None,
    state: dict | None = None,
    set: dict[str, Any] | None = None,  # noqa: A002 (the API's own word)
    done: bool | None = None,
    change_id: str | None = None,
    action: str = "seat saved",
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
    Raises NotFound, Finished, Conflict, BadChange."""
    db = get_db()
    conflict: Conflict | None = None
    unchanged: tuple[Play, int] | None = None
    with write(db):
        play_row = db.execute("SELECT status, version FROM plays WHERE id = ?", [play_id]).fetchone()
        row = db.execute("SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]).fetchone()
        if play_row is None or row is None:
            raise NotFound((play_id, position))
        if play_row["status"] in (DELETED, SET_ASIDE):
            raise Deleted(play_id)
        if play_row["status"] == FINISHED:
            raise Finished(play_id)
        current = _read_state(row["state"])[0]
        if change_id:
            seen = db.execute(
                "SELECT version FROM seat_versions WHERE seat_id = ? AND change_id = ?", [row["id"], change_id]
            ).fetchone()
            if seen is not None:  # a resend of a change already applied: answer as then
                play = get_play(play_id)
                return Saved(play, play.evaluate(), row["version"], False, False)
        base = row["version"] if base_version is None else base_version
        mine: dict[paths.Path, Any]
        if set is not None:
            mine = {paths.parse(p): v for p, v in set.items()}
        elif state is None:
            mine = {}  # only the Done mark changes
        else:
            picture = _as_dict(state)
            base_state = current if base == row["version"] else _state_at(row["id"], base)
            if base_state is paths.MISSING:
                base_state = {}  # an unknown base: every place the picture differs in is this phone's
            mine = {p: paths.get(picture, p) for p in paths.diff(base_state, picture)}
        theirs: list[paths.Path] | None = []
        reason = ""
        if base > play_row["version"]:
            theirs, reason = None, "the version this change is based on is newer than the play's"
        elif base != row["version"]:
            known = _state_at(row["id"], base) is not paths.MISSING
            theirs = _touched_since(row["id"], base) if known else None
            if not known:
                reason = "the version this change is based on is not a version of this seat"
        conflicts = [
            (paths.format(p), v, paths.get(current, p))
            for p, v in mine.items()
            if (theirs is None or any(paths.overlaps(p, t) for t in theirs)) and paths.get(current, p) != v
        ]
        if conflicts or reason:
            asked = {paths.format(p): _json_value(v) for p, v in mine.items()}
            _log(play_id, row["id"], row["player_id"], who, "save conflict (not applied)", current,
                 {"based_on": base, "changes": asked})
            seat = next(s for s in get_play(play_id).seats if s.position == position)
            conflicts = [(p, _json_value(y), _json_value(t)) for p, y, t in conflicts]
            conflict = Conflict(seat, _apply(current, mine), base, conflicts, row["version"], reason,
                                changes=asked,
                                by=_changed_by(row["id"], base, [c[0] for c in conflicts]))
        else:
            new_state = _apply(current, mine)
            touched = [paths.format(p) for p in paths.diff(current, new_state)]
            if touched:
                limits.check(new_state)  # too long to store: refused (web/server/limits.py), nothing written
            was_done = bool(row["done"])
            want_done = was_done if done is None else done
            changed = bool(touched) or want_done != was_done
            version = row["version"]
            if changed:
                version = play_row["version"] + 1
                db.execute("UPDATE plays SET version = ?, updated_at = ? WHERE id = ?", [version, now(), play_id])
                db.execute(
                    "UPDATE seats SET state = ?, version = ?, done = ?, updated_at = ? WHERE id = ?",
                    [dumps(new_state), version, int(want_done), now(), row["id"]],
                )
                db.table("seat_versions").insert(
                    {"seat_id": row["id"], "version": version, "state": dumps(new_state), "paths": dumps(touched),
                     "change_id": change_id, "who": who, "at": now()}
                )
                if touched:
                    _log(play_id, row["id"], row["player_id"], who, action, current, new_state)
                if want_done != was_done:
                    _log(play_id, row["id"], row["player_id"], who, "marked done" if want_done else "marked not done",
                         {"done": was_done}, {"done": want_done})
            if not changed:
                unchanged = (get_play(play_id), version)
            else:
                result = _recomputed(play_id, position, row, version, base)
    if conflict is not None:
        raise conflict
    if unchanged is not None:  # nothing written: evaluated after the write lock is let go
        return Saved(unchanged[0], unchanged[0].evaluate(), unchanged[1], False, False)
    return result


def _recomputed(play_id: int, position: int, row: Any, version: int, base: int) -> Saved:
    """After a change of a seat, inside its write transaction: the totals stored again; a done
    seat that no longer validates is not done any more (and Done on a seat with problems does not
    stick): the player sees what to fill or fix."""
    play, evaluation = _recompute(play_id)
    if play.seats[position].done and not evaluation.valid(position):
        get_db().execute("UPDATE seats SET done = 0, complete = 0 WHERE id = ?", [row["id"]])
        play, evaluation = _recompute(play_id)
    return Saved(play, evaluation, version, base != row["version"], True)


def _json_value(value: Any) -> Any:
    """A value for JSON: a place that is not there is null."""
    return None if value is paths.MISSING else value


def _apply(state: dict, changes: dict[paths.Path, Any]) -> dict:
    out: Any = state
    for path, value in changes.items():
        out = paths.set_(out, path, value)
    return _as_dict(out)


def save_seat(
    play_id: int, position: int, state: dict, who: str, base_version: int | None = None, done: bool | None = None
) -> tuple[Play, Evaluation, bool]:
    """A whole picture of a seat (see :func:`change_seat`): the play, its evaluation and whether
    anything changed."""
    saved = change_seat(play_id, position, who=who, base_version=base_version, state=state, done=done)
    return saved.play, saved.evaluation, saved.changed


def _recompute(play_id: int) -> tuple[Play, Evaluation]:
    """Store each seat's completeness, total, rank and breakdown from a fresh evaluation (inside
    the caller's write transaction); the play is returned as stored."""
    db = get_db()
    play = get_play(play_id)
    evaluation = play.evaluate()
    try:
        version = play.game_info.engine_version
    except KeyError:  # a game this version does not know: kept, not scored
        version = None
    rows = []
    for seat in play.seats:
        result = evaluation.result.players[seat.position] if evaluation.result else None
        seat.complete = evaluation.complete(seat.position)
        seat.total = result.total if result else None
        seat.rank = result.rank if result else None
        rows.append([int(seat.complete), seat.total, seat.rank,
                     dumps([c.to_dict() for c in result.categories]) if result else None,
                     version if result else None, seat.id])
    db.conn.executemany(
        "UPDATE seats SET complete = ?, total = ?, rank = ?, breakdown = ?, engine_version = ? WHERE id = ?", rows
    )
    if play.finished:  # a finished play's totals changed (its options were edited): keep stats true
        refresh_stats(s.player_id for s in play.seats)
    play.winners = list(evaluation.result.winners) if evaluation.result else []
    play.tiebreak = evaluation.result.tiebreak if evaluation.result else None
    db.execute(
        "UPDATE plays SET winners = ?, tiebreak = ?, engine_version = ? WHERE id = ?",
        [dumps(play.winners) if evaluation.result else None, play.tiebreak, version if evaluation.result else None, play_id],
    )
    return play, evaluation


PLAY_FIELDS = ("played_at", "options", "notes")


def _details(play: Play) -> dict[str, Any]:
    return {"played_at": play.played_at, "options": play.options, "notes": play.notes}


def _details_at(play_id: int, version: int) -> Any:
    """The play's details as they were at ``version`` (MISSING if not known)."""
    row = get_db().execute(
        "SELECT details FROM play_versions WHERE play_id = ? AND version <= ? AND details IS NOT NULL "
        "ORDER BY version DESC LIMIT 1", [play_id, version]
    ).fetchone()
    return paths.MISSING if row is None else loads(row["details"], {})


def _play_to_change(play_id: int, change_id: str | None) -> tuple[Play, bool]:
    """Inside a write transaction of a change of the play itself: the play, and whether this
    change (by its id) was applied already (a resend: answered as then).  A deleted or set-aside
    play refuses any other change (:class:`Deleted`)."""
    play = get_play(play_id)
    seen = bool(change_id) and get_db().execute(
        "SELECT 1 FROM play_versions WHERE play_id = ? AND change_id = ?", [play_id, change_id]
    ).fetchone() is not None
    if not seen and play.status in (DELETED, SET_ASIDE):
        raise Deleted(play_id)
    return play, seen


def change_play(
    play_id: int,
    *,
    who: str,
    base_version: int | None,
    fields: dict[str, Any] | None = None,
    status: str | None = None,
    change_id: str | None = None,
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
            conflict = Conflict(None, picture, base, [(paths.format(p), v, paths.get(current, p)) for p, v in mine.items()],
                                play.version, "the version this change is based on is newer than the play's")
        elif base != play.version and mine:
            theirs = [
                paths.parse(p)
                for r in db.execute("SELECT paths FROM play_versions WHERE play_id = ? AND version > ?", [play_id, base])
                for p in loads(r["paths"], [])
            ]
            clashes = [(paths.format(p), v, paths.get(current, p)) for p, v in mine.items()
                       if any(paths.overlaps(p, t) for t in theirs) and paths.get(current, p) != v]
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
                db.table("plays").update(play_id, {
                    "version": version, "updated_at": stamp, "status": new_status, "played_at": new["played_at"],
                    "options": dumps(new["options"]), "notes": new["notes"],
                })
                db.table("play_versions").insert({
                    "play_id": play_id, "version": version, "details": dumps(new), "change_id": change_id,
                    "paths": dumps(touched + (["status"] if new_status != play.status else [])), "who": who, "at": stamp,
                })
                if touched:
                    _log(play_id, None, None, who, "play details changed", current, new)
                    _recompute(play_id)
                if new_status != play.status:
                    action = "play finished" if new_status == FINISHED else "play reopened"
                    _log(play_id, None, None, who, action, {"status": play.status}, {"status": new_status})
                refresh_stats(s.player_id for s in play.seats)
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


def play_log(play_id: int) -> list[dict]:
    rows = get_db().execute(
        "SELECT e.*, s.position, p.name AS player FROM edit_log e LEFT JOIN seats s ON s.id = e.seat_id "
        "LEFT JOIN players p ON p.id = e.player_id WHERE e.play_id = ? ORDER BY e.id DESC",
        [play_id],
    ).fetchall()
    return [dict(r, old=_read_any(r["old"]), new=_read_any(r["new"])) for r in rows]


def log(play_id: int | None, player_id: int | None, who: str, action: str, old: Any, new: Any) -> None:
    """Append an entry to the edit log (inside the caller's transaction, if any)."""
    _log(play_id, None, player_id, who, action, old, new)


def _log(play_id, seat_id, player_id, who: str, action: str, old: Any, new: Any) -> None:
    get_db().table("edit_log").insert(
        {
            "play_id": play_id,
            "seat_id": seat_id,
            "player_id": player_id,
            "at": now(),
            "who": who,
            "action": action,
            "old": None if old is None else dumps(old),
            "new": None if new is None else dumps(new),
        }
    )


# ------------------------------------------------------------------------ history


def _play_row(row) -> dict:
    data = dict(row)
    data["winners"] = _read_list(data.get("winners"))
    return data


def history(game: str | None, player_id: int | None, page: int, size: int) -> tuple[list[dict], bool]:
    """One page of plays, newest first, and whether there are older ones.  (No total count: counting
    every play grows with the history; fetching one row more than the page does not.)"""
    # (+: the status is a filter, not an index to search: the plays are walked newest first on
    # plays(played_at, id) or plays(game, played_at) and the few deleted ones skipped, no sort)
    where: list[str] = ["+pl.status IN ('in_progress', 'finished')"]
    args: list[Any] = []
    if game:
        where.append("pl.game = ?")
        args.append(game)
    if player_id:
        where.append("EXISTS (SELECT 1 FROM seats s WHERE s.play_id = pl.id AND s.player_id = ?)")
        args.append(player_id)
    clause = ("WHERE " + " AND ".join(where)) if where else ""
    db = get_db()
    rows = db.execute(
        f"SELECT pl.* FROM plays pl {clause} ORDER BY pl.played_at DESC, pl.id DESC LIMIT ? OFFSET ?",
        args + [size + 1, (page - 1) * size],
    ).fetchall()
    more = len(rows) > size
    rows = rows[:size]
    plays = [_play_row(r) for r in rows]
    if plays:
        ids = [p["id"] for p in plays]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[dict]] = {}
        for r in db.execute(
            f"SELECT s.play_id, s.total, s.rank, p.name, p.id AS player_id FROM seats s "
            f"JOIN players p ON p.id = s.player_id WHERE s.play_id IN ({marks}) ORDER BY s.position",
            ids,
        ).fetchall():
            seats.setdefault(r["play_id"], []).append(dict(r))
        for p in plays:
            p["seats"] = seats.get(p["id"], [])
    return plays, more


# ------------------------------------------------------------------------ rescoring


def stale_plays(limit: int | None = None) -> list[int]:
    """The plays whose stored totals were computed by another version of their game's engine
    than the one running now (any change to a score or a validation bumps a game's version)."""
    current = {g.name: g.engine_version for g in scoring.games() if g.ready}
    out: list[int] = []
    for row in get_db().execute(
        "SELECT id, game, engine_version FROM plays WHERE engine_version IS NOT NULL ORDER BY id"
    ).fetchall():
        if row["game"] in current and row["engine_version"] != current[row["game"]]:
            out.append(row["id"])
            if limit is not None and len(out) >= limit:
                break
    return out


def rescore(play_id: int, who: str = "Scorepad") -> list[str]:
    """Rescore one play with the engine running now, in one transaction: its stored totals,
    ranks, winners and its players' statistics follow, and each changed total is written to the
    edit log ("rescored by engine verdant-2: 73 -> 71").  Returns those lines."""
    db = get_db()
    with write(db):
        before = get_play(play_id)
        row = db.execute("SELECT engine_version FROM plays WHERE id = ?", [play_id]).fetchone()
        old_version = row["engine_version"] if row else None
        play, evaluation = _recompute(play_id)
        version = play.game_info.engine_version
        lines: list[str] = []
        for old, new in zip(before.seats, play.seats):
            if old.total != new.total:
                lines.append(f"{new.name}: rescored by engine {version}: {old.total} -> {new.total}")
                _log(play_id, new.id, new.player_id, who, "rescored", {"total": old.total, "engine": old_version},
                     {"total": new.total, "engine": version})
        if not lines:
            _log(play_id, None, None, who, "rescored", {"engine": old_version}, {"engine": version})
        if evaluation.result is None and old_version is not None:
            lines.append(f"no longer scores under engine {version}: a seat needs a correction")
        refresh_stats(s.player_id for s in play.seats)
    return lines


def rescore_stale(who: str = "Scorepad", progress: Callable[[int, list[str]], None] | None = None) -> int:
    """Rescore every stale play (see :func:`stale_plays`), one transaction each; the count."""
    count = 0
    for play_id in stale_plays():
        lines = rescore(play_id, who)
        count += 1
        if progress is not None:
            progress(play_id, lines)
    return count


# ------------------------------------------------- deleting a play, changing its players (issue 17)


def delete_play(play_id: int, who: str, *, action: str = "play deleted", change_id: str | None = None) -> Play:
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
        if change_id and db.execute(
            "SELECT 1 FROM play_versions WHERE play_id = ? AND change_id = ?", [play_id, change_id]
        ).fetchone():
            return get_play(play_id)
        old_status = row["status"]
        new_status = DELETED if deleted else (row["status_before_delete"] or IN_PROGRESS)
        version, stamp = row["version"] + 1, now()
        db.table("plays").update(play_id, {
            "status": new_status, "version": version, "updated_at": stamp,
            "deleted_at": stamp if deleted else None, "deleted_by": who if deleted else None,
            "status_before_delete": old_status if deleted else None,
        })
        details = {"played_at": row["played_at"], "options": _as_dict(loads(row["options"], {})), "notes": row["notes"] or ""}
        db.table("play_versions").insert({
            "play_id": play_id, "version": version, "paths": dumps(["status"]), "details": dumps(details),
            "change_id": change_id, "who": who, "at": stamp,
        })
        _log(play_id, None, None, who, action, {"status": old_status}, {"status": new_status})
        players = [r[0] for r in db.execute("SELECT player_id FROM seats WHERE play_id = ?", [play_id])]
        refresh_stats(players)
        return get_play(play_id)


def deleted_plays(limit: int = 20) -> list[dict]:
    """The newest deleted plays (to restore from the history), with their seats' names."""
    rows = get_db().execute(
        "SELECT * FROM plays WHERE status = 'deleted' ORDER BY deleted_at DESC, id DESC LIMIT ?", [limit]
    ).fetchall()
    return _with_seats([_play_row(r) for r in rows])


def abandoned_plays(untouched_since: str, limit: int = 20) -> list[dict]:
    """Plays in progress that nobody changed since ``untouched_since`` (an ISO time), oldest
    change first: what the home page offers to finish or discard."""
    rows = get_db().execute(
        "SELECT * FROM plays WHERE status = 'in_progress' AND updated_at < ? ORDER BY updated_at, id LIMIT ?",
        [untouched_since, limit],
    ).fetchall()
    return _with_seats([_play_row(r) for r in rows])


def _with_seats(plays: list[dict]) -> list[dict]:
    if plays:
        ids = [p["id"] for p in plays]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[dict]] = {}
        for r in get_db().execute(
            f"SELECT s.play_id, s.total, s.rank, p.name, p.id AS player_id FROM seats s "
            f"JOIN players p ON p.id = s.player_id WHERE s.play_id IN ({marks}) ORDER BY s.position",
            ids,
        ).fetchall():
            seats.setdefault(r["play_id"], []).append(dict(r))
        for p in plays:
            p["seats"] = seats.get(p["id"], [])
    return plays


def last_players() -> list[str]:
    """The players of the newest play (not deleted), in seat order: "Same players as last time"."""
    db = get_db()
    row = db.execute(
        "SELECT id FROM plays WHERE status IN ('in_progress', 'finished') ORDER BY created_at DESC, id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return []
    return [r[0] for r in db.execute(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.play_id = ? ORDER BY s.position",
        [row[0]],
    )]


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
            conflict = Conflict(None, seats, base, [("seats", None, before)], play.version,
                                "the version this change is based on is newer than the play's")
        elif base < play.version and any(
            "seats" in (loads(r["paths"], []) or [])
            for r in db.execute("SELECT paths FROM play_versions WHERE play_id = ? AND version > ?", [play_id, base])
        ):
            conflict = Conflict(None, seats, base, [("seats", None, before)], play.version,
                                "the players were changed on another phone meanwhile")
        if conflict is None and [(s, p) for s, p in seats] != [(s.id, s.player_id) for s in play.seats]:
            _rearrange(play, seats, by_id, who)
            play = get_play(play_id)
    if conflict is not None:
        raise conflict
    return play


def _seat_plan_errors(play: Play, seats: list[tuple[int | None, int]], by_id: dict[int, Seat]) -> list[FieldError]:
    errors: list[FieldError] = []
    seen_seats: set[int] = set()
    seen_players: set[int] = set()
    known = {r[0] for r in get_db().execute(
        f"SELECT id FROM players WHERE merged_into IS NULL AND id IN ({','.join('?' * len(seats)) or 'NULL'})",
        [p for _, p in seats],
    )}
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
        errors.append(FieldError("seats", f"{game.title} takes {game.min_players} to {game.max_players} "
                                          f"players; this lists {len(seats)}"))
    return errors


def _rearrange(play: Play, seats: list[tuple[int | None, int]], by_id: dict[int, Seat], who: str) -> None:
    """Apply a checked seat plan (inside the caller's write transaction)."""
    db = get_db()
    version, stamp = play.version + 1, now()
    names = {r[0]: r[1] for r in db.execute(
        f"SELECT id, name FROM players WHERE id IN ({','.join('?' * len(seats))})", [p for _, p in seats])}
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
        _log(play.id, seat.id, seat.player_id, who, "seat removed", seat.state,
             {"set_aside_in": set_aside, "was_seat": seat.position + 1, "done": seat.done})
    for i, seat in enumerate(s for s in play.seats if s.id in kept):  # out of the way of the unique index
        db.execute("UPDATE seats SET position = ? WHERE id = ?", [-1 - i, seat.id])
    blank = play.game_info.blank_player() if _known(play.game) else {}
    for position, (seat_id, player_id) in enumerate(seats):
        if seat_id is None:
            new_id = db.table("seats").insert({
                "play_id": play.id, "position": position, "player_id": player_id, "state": dumps(blank),
                "version": version, "updated_at": stamp,
            }).last_pk
            db.table("seat_versions").insert({"seat_id": new_id, "version": version, "state": dumps(blank),
                                              "paths": "[]", "who": who, "at": stamp})
        else:
            db.execute("UPDATE seats SET position = ?, player_id = ? WHERE id = ?", [position, player_id, seat_id])
            if by_id[seat_id].position != position:
                # a seat that moved gets a version of unknown paths: a phone still showing the old
                # order (a base version from before) cannot merge into the seat now at its place
                db.execute("UPDATE seats SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, seat_id])
                db.table("seat_versions").insert({"seat_id": seat_id, "version": version,
                                                  "state": dumps(by_id[seat_id].state), "paths": None,
                                                  "who": who, "at": stamp})
    db.execute("UPDATE plays SET version = ?, updated_at = ? WHERE id = ?", [version, stamp, play.id])
    db.table("play_versions").insert({
        "play_id": play.id, "version": version, "paths": dumps(["seats"]), "details": dumps(_details(play)),
        "who": who, "at": stamp,
    })
    _log(play.id, None, None, who, "players changed",
         {"seats": [{"seat": s.id, "player": s.player_id, "name": s.name} for s in play.seats]},
         {"seats": [{"seat": s, "player": p, "name": names.get(p, "")} for s, p in seats]})
    _recompute(play.id)


def _known(game: str) -> bool:
    try:
        scoring.get(game)
    except KeyError:
        return False
    return True


def _set_aside_play(play: Play, stamp: str) -> int:
    """The play holding the seats removed from ``play`` (made the first time one is)."""
    db = get_db()
    row = db.execute("SELECT id FROM plays WHERE set_aside_from = ? AND status = 'set_aside'", [play.id]).fetchone()
    if row is not None:
        return int(row[0])
    return int(db.table("plays").insert({
        "game": play.game, "played_at": play.played_at, "options": dumps(play.options), "status": SET_ASIDE,
        "notes": f"Seats removed from play {play.id}", "created_at": stamp, "updated_at": stamp,
        "set_aside_from": play.id,
    }).last_pk or 0)
