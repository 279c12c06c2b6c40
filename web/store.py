"""Reading and writing players, plays, seats and the edit log.  Every write that changes a play
appends to the edit log in the same transaction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import scoring
from migrations.migrations import PLAYER_STATS_SQL
from scoring import paths
from scoring.core import FieldError
from web import aggregates
from web.db import dumps, get_db, loads, now, write
from web.evaluate import Evaluation, evaluate_cached

IN_PROGRESS = "in_progress"
FINISHED = "finished"


class NotFound(Exception):
    pass


# ------------------------------------------------------------------------ players


def list_players() -> list[dict]:
    return [
        dict(row)
        for row in get_db().execute(
            "SELECT p.id, p.name, p.created_at, COUNT(s.id) AS plays, "
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
    db = get_db()
    with write(db):
        player_id = int(db.table("players").insert({"name": name.strip(), "created_at": now()}).last_pk or 0)
        _log(None, None, player_id, who, "player created", None, {"name": name.strip()})
    return player_id


def find_or_create_player(name: str, who: str) -> int:
    found = player_by_name(name)
    return found["id"] if found else create_player(name, who)


def rename_player(player_id: int, name: str, who: str) -> None:
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
    rows = get_db().execute(
        "SELECT pl.*, s.total, s.rank, s.position FROM plays pl CROSS JOIN seats s "
        "ON s.play_id = pl.id AND s.player_id = ? ORDER BY pl.played_at DESC, pl.id DESC LIMIT ?",
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

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def game_info(self) -> scoring.Game:
        return scoring.get(self.game)

    def evaluate(self) -> Evaluation:
        return evaluate_cached(self.game, self.options, [(s.name, s.state) for s in self.seats], [s.done for s in self.seats])


def create_play(game: str, played_at: str, options: dict, player_ids: list[int], who: str, notes: str = "") -> int:
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
            state=_as_dict(loads(r["state"], {})),
            complete=bool(r["complete"]),
            total=r["total"],
            rank=r["rank"],
            version=r["version"],
            updated_at=r["updated_at"],
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
        options=_as_dict(loads(row["options"], {})),
        status=row["status"],
        notes=row["notes"] or "",
        winners=loads(row["winners"], []),
        tiebreak=row["tiebreak"],
        seats=seats,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        version=row["version"],
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
    with write(db):
        play_row = db.execute("SELECT status, version FROM plays WHERE id = ?", [play_id]).fetchone()
        row = db.execute("SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]).fetchone()
        if play_row is None or row is None:
            raise NotFound((play_id, position))
        if play_row["status"] == FINISHED:
            raise Finished(play_id)
        current = _as_dict(loads(row["state"], {}))
        if change_id:
            seen = db.execute(
                "SELECT version FROM seat_versions WHERE seat_id = ? AND change_id = ?", [row["id"], change_id]
            ).fetchone()
            if seen is not None:  # a resend of a change already applied: answer as then
                play, evaluation = get_play(play_id), None
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
                play = get_play(play_id)
                result = Saved(play, play.evaluate(), version, False, False)
                return result
            play, evaluation = _recompute(play_id)
            seat_now = play.seats[position]
            if seat_now.done and not evaluation.valid(position):
                # a done seat that no longer validates is not done any more (and Done on a seat
                # with problems does not stick): the player sees what to fill or fix
                db.execute("UPDATE seats SET done = 0, complete = 0 WHERE id = ?", [row["id"]])
                play, evaluation = _recompute(play_id)
            merged = changed and base != row["version"]
            result = Saved(play, evaluation, version, merged, changed)
    if conflict is not None:
        raise conflict
    return result


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
        play = get_play(play_id)
        if change_id and db.execute(
            "SELECT 1 FROM play_versions WHERE play_id = ? AND change_id = ?", [play_id, change_id]
        ).fetchone():
            return play
        current = _details(play)
        picture = {**current, **{k: v for k, v in (fields or {}).items() if k in PLAY_FIELDS}}
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
    return [dict(r, old=loads(r["old"]), new=loads(r["new"])) for r in rows]


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
    data["winners"] = loads(data.get("winners"), [])
    return data


def history(game: str | None, player_id: int | None, page: int, size: int) -> tuple[list[dict], bool]:
    """One page of plays, newest first, and whether there are older ones.  (No total count: counting
    every play grows with the history; fetching one row more than the page does not.)"""
    where: list[str] = []
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
