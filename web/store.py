"""Reading and writing players, plays, seats and the edit log.  Every write that changes a play
appends to the edit log in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import scoring
from migrations.migrations import PLAYER_STATS_SQL
from web import limits
from web.db import dumps, get_db, loads, now, write
from web.evaluate import Evaluation, evaluate

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

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def game_info(self) -> scoring.Game:
        return scoring.get(self.game)

    def evaluate(self) -> Evaluation:
        return evaluate(self.game, self.options, [(s.name, s.state) for s in self.seats])


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
            db.table("seats").insert(
                {
                    "play_id": play_id,
                    "position": position,
                    "player_id": player_id,
                    "state": dumps(info.blank_player()),
                    "version": 1,
                    "updated_at": stamp,
                }
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
    )


class Conflict(Exception):
    """The seat was saved by someone else since this phone loaded it (optimistic concurrency).
    Nothing is overwritten; ``mine`` is kept in the edit log so it can never be lost."""

    def __init__(self, seat: Seat, mine: dict, base_version: int):
        self.seat, self.mine, self.base_version = seat, mine, base_version
        super().__init__(f"seat {seat.position} is at version {seat.version}, the save was based on {base_version}")


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


def repair_seat(play_id: int, position: int, state: dict, damaged: list[str], who: str) -> None:
    """Replace a seat's damaged stored state by ``state`` (the damage set aside): logged with the
    stored text as it was, so nothing is lost.  ``damaged`` names what was set aside."""
    db = get_db()
    with write(db):
        row = db.execute("SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]).fetchone()
        if row is None:
            raise NotFound((play_id, position))
        old: Any = _read_state(row["state"])[0] if _read_state(row["state"])[1] is None else row["state"]
        # (a state that is not a JSON object is kept in the log as the text it was)
        db.execute(
            "UPDATE seats SET state = ?, version = version + 1, updated_at = ? WHERE id = ?",
            [dumps(state), now(), row["id"]],
        )
        _log(play_id, row["id"], row["player_id"], who, "damaged entry set aside", old,
             {"state": state, "set_aside": damaged})
        _recompute(play_id)


def last_repair(play_id: int, seat_id: int) -> dict | None:
    """The newest "damaged entry set aside" entry of a seat, if nothing was saved after it."""
    row = get_db().execute(
        "SELECT action, new, at FROM edit_log WHERE play_id = ? AND seat_id = ? ORDER BY id DESC LIMIT 1",
        [play_id, seat_id],
    ).fetchone()
    if row is None or row["action"] != "damaged entry set aside":
        return None
    try:
        new = loads(row["new"], {})
    except ValueError:
        return None
    return {"at": row["at"], "set_aside": new.get("set_aside", []) if isinstance(new, dict) else []}


def save_seat(
    play_id: int, position: int, state: dict, who: str, base_version: int | None = None
) -> tuple[Play, Evaluation, bool]:
    """Store a seat's state (valid or not: nothing typed is lost), log the change and recompute
    the play.  Returns the play, its evaluation and whether anything changed.

    With ``base_version`` (the version the phone's form was built from), a save based on an old
    version raises :class:`Conflict` instead of silently overwriting the other phone's save.
    A state too large to store raises :class:`web.limits.TooLarge` (nothing is written)."""
    limits.check(state)
    db = get_db()
    conflict: Conflict | None = None
    with write(db):
        row = db.execute("SELECT * FROM seats WHERE play_id = ? AND position = ?", [play_id, position]).fetchone()
        if row is None:
            raise NotFound((play_id, position))
        old = _read_state(row["state"])[0]
        changed = old != state
        if changed and base_version is not None and base_version != row["version"]:
            # Keep this phone's version in the (append-only) log, change nothing else.
            _log(play_id, row["id"], row["player_id"], who, "save conflict (not applied)", old, state)
            seat = next(s for s in get_play(play_id).seats if s.position == position)
            conflict = Conflict(seat, state, base_version)
        else:
            if changed:
                db.execute(
                    "UPDATE seats SET state = ?, version = version + 1, updated_at = ? WHERE id = ?",
                    [dumps(state), now(), row["id"]],
                )
                _log(play_id, row["id"], row["player_id"], who, "seat saved", old, state)
            play, evaluation = _recompute(play_id)
    if conflict is not None:
        raise conflict
    return play, evaluation, changed


def _recompute(play_id: int) -> tuple[Play, Evaluation]:
    """Store each seat's completeness, total, rank and breakdown from a fresh evaluation."""
    db = get_db()
    play = get_play(play_id)
    evaluation = play.evaluate()
    version = play.game_info.engine_version
    for seat in play.seats:
        result = evaluation.result.players[seat.position] if evaluation.result else None
        db.table("seats").update(
            seat.id,
            {
                "complete": int(evaluation.complete(seat.position)),
                "total": result.total if result else None,
                "rank": result.rank if result else None,
                "breakdown": dumps([c.to_dict() for c in result.categories]) if result else None,
                "engine_version": version if result else None,
            },
        )
    if play.finished:  # a finished play's totals changed (its options were edited): keep stats true
        refresh_stats(s.player_id for s in play.seats)
    winners = list(evaluation.result.winners) if evaluation.result else []
    db.table("plays").update(
        play_id,
        {
            "winners": dumps(winners) if evaluation.result else None,
            "tiebreak": evaluation.result.tiebreak if evaluation.result else None,
            "engine_version": version if evaluation.result else None,
            "updated_at": now(),
        },
    )
    return get_play(play_id), evaluation


def update_play(play_id: int, fields: dict[str, Any], who: str) -> Play:
    """Change the date, options or notes of a play (logged) and recompute it."""
    if "options" in fields:
        limits.check(fields["options"], "The play's options")
    if "notes" in fields:
        limits.check_text("notes", fields["notes"], limits.NOTES_MAX)
    db = get_db()
    play = get_play(play_id)
    old = {"played_at": play.played_at, "options": play.options, "notes": play.notes}
    new = {**old, **fields}
    with write(db):
        db.table("plays").update(
            play_id, {"played_at": new["played_at"], "options": dumps(new["options"]), "notes": new["notes"]}
        )
        if new != old:
            _log(play_id, None, None, who, "play details changed", old, new)
        play, _ = _recompute(play_id)
    return play


def set_status(play_id: int, status: str, who: str) -> None:
    db = get_db()
    play = get_play(play_id)
    if play.status == status:
        return
    with write(db):
        db.table("plays").update(play_id, {"status": status, "updated_at": now()})
        refresh_stats(s.player_id for s in play.seats)
        action = "play finished" if status == FINISHED else "play reopened"
        _log(play_id, None, None, who, action, {"status": play.status}, {"status": status})


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
