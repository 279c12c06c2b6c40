"""Reading and writing players, plays, seats and the edit log.  Every write that changes a play
appends to the edit log in the same transaction."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring.text import clean_name
from web.data import records, zone
from web.data.aggregates import plays_changed
from web.data.db import dumps, get_db, loads, now, write
from web.server import limits
from web.table.evaluate import Evaluation, evaluate_cached

IN_PROGRESS = "in_progress"
FINISHED = "finished"
DELETED = "deleted"  # deleted from the history (soft: every row kept, restorable; see delete_play)
SET_ASIDE = "set_aside"  # holds the seats removed from a play after something was entered in them
SHOWN = (IN_PROGRESS, FINISHED)  # the plays the history, a player's page and the counts know


class NotFound(Exception):
    pass


# ------------------------------------------------------------------------ players


def list_players() -> list[dict[str, Any]]:
    """Every player (merged duplicates left out) with their finished plays and wins (rank 1, shared
    included), by name.  Read from ``player_stats`` (kept current with each play by
    ``aggregates.play_changed``): a few rows per player, whatever the length of the history.  (A finished
    play that no longer scores under a new engine has no totals and counts for no one until it is
    corrected, as on the player's own page.)"""
    return [
        dict(row)
        for row in get_db().execute(
            "SELECT p.id, p.name, p.created_at, COALESCE(SUM(ps.plays), 0) AS plays, "
            "COALESCE(SUM(ps.wins), 0) AS wins "
            "FROM players p LEFT JOIN player_stats ps ON ps.player_id = p.id "
            "WHERE p.merged_into IS NULL GROUP BY p.id ORDER BY p.name COLLATE NOCASE"
        ).fetchall()
    ]


def player_names() -> list[dict[str, Any]]:
    """Ids and names only (for drop-downs): cheap however long the history is."""
    rows = get_db().execute(
        "SELECT id, name FROM players WHERE merged_into IS NULL ORDER BY name COLLATE NOCASE"
    ).fetchall()
    return [dict(r) for r in rows]


def get_player(player_id: int) -> dict[str, Any]:
    row = get_db().execute("SELECT * FROM players WHERE id = ?", [player_id]).fetchone()
    if row is None:
        raise NotFound(player_id)
    return dict(row)


def player_by_name(name: str) -> dict[str, Any] | None:
    """The player of that name: the same after NFC, in any case (scoring/text.py)."""
    row = get_db().execute(
        "SELECT * FROM players WHERE name = ? COLLATE NOCASE AND merged_into IS NULL ORDER BY id LIMIT 1",
        [clean_name(name)],
    ).fetchone()
    if row is None:  # case beyond ASCII ("Émile" / "émile"), or a name stored before NFC
        row = limits.same_name(name, get_db().execute(
            "SELECT * FROM players WHERE merged_into IS NULL ORDER BY id").fetchall())
    return dict(row) if row else None


def create_player(name: str, who: str) -> int:
    limits.check_name("name", name)
    name = clean_name(name)
    db = get_db()
    with write(db):
        player_id = int(db.table("players").insert({"name": name.strip(), "created_at": now()}).last_pk or 0)
        _log(None, None, player_id, who, "player created", None, {"name": name.strip()})
    return player_id


def find_or_create_player(name: str, who: str) -> int:
    found = player_by_name(name)
    return found["id"] if found else create_player(name, who)


def rename_player(player_id: int, name: str, who: str) -> None:
    limits.check_name("name", name)
    name = clean_name(name)
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
        rows = db.execute("SELECT id FROM seats WHERE player_id = ?", [duplicate_id]).fetchall()
        seats = [r[0] for r in rows]
        db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", [keep_id, duplicate_id])
        db.execute("UPDATE players SET merged_into = ? WHERE id = ?", [keep_id, duplicate_id])
        records.merge(db, duplicate_id, keep_id)
        plays_changed(r[0] for r in db.execute(
            f"SELECT DISTINCT play_id FROM seats WHERE id IN ({','.join('?' * len(seats))})", seats))
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


def player_stats(player_id: int) -> list[dict[str, Any]]:
    """Per game, over finished plays: plays, wins (rank 1, shared included), average and best total.
    Read from ``player_stats`` (kept current by ``aggregates.play_changed``): a few rows, whatever the
    length of the history."""
    rows = get_db().execute(
        "SELECT game, plays, wins, ROUND(1.0 * total_sum / plays, 1) AS average, best FROM player_stats "
        "WHERE player_id = ? AND plays > 0 ORDER BY plays DESC, game",
        [player_id],
    ).fetchall()
    return [dict(r) for r in rows]


def player_plays(player_id: int, limit: int = 50) -> list[dict[str, Any]]:
    # Walk the player's own plays newest first on player_plays(player_id, played_at, play_id) (m015,
    # the play's time copied by triggers) and fetch each play and seat by key, stopping at the limit
    # (CROSS JOIN keeps that join order): the cost is the page's, whatever the length of the history
    # and however long ago the player last played.  (+pl.status: a filter, not an index to search.)
    rows = get_db().execute(
        "SELECT pl.*, s.total, s.rank, s.position FROM player_plays t "
        "CROSS JOIN plays pl ON pl.id = t.play_id "
        "CROSS JOIN seats s ON s.play_id = t.play_id AND s.player_id = t.player_id "
        "WHERE t.player_id = ? AND +pl.status IN ('in_progress', 'finished') "
        "ORDER BY t.played_at DESC, t.play_id DESC LIMIT ?",
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
    state: dict[str, Any]
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
    options: dict[str, Any]
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
    played_zone: str | None = None  # the zone played_at was typed in (a name, or the offset sent)
    #: the status in two words the pages ask for (set from ``status`` when the play is read)
    finished: bool = field(init=False)
    deleted: bool = field(init=False)

    def __post_init__(self) -> None:
        self.finished = self.status == FINISHED
        self.deleted = self.status in (DELETED, SET_ASIDE)

    @property
    def game_info(self) -> scoring.Game:
        return scoring.get(self.game)

    def evaluate(self) -> Evaluation:
        seats = [(s.name, s.state) for s in self.seats]
        return evaluate_cached(self.game, self.options, seats, [s.done for s in self.seats])


def create_play(game: str, played_at: str, options: dict[str, Any], player_ids: list[int], who: str,
                notes: str = "", played_zone: str | None = None) -> int:
    """A new play.  ``played_at`` is stored as web/data/times.py stores a time (UTC,
    ``Z``); a time without a zone (a seed, a script) is read in the group's zone, as typed there.
    ``played_zone``: the zone it was typed in."""
    played_zone = played_zone or zone.typed_in(played_at)
    played_at = zone.to_utc(played_at)
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
                "played_zone": played_zone,
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
                {"seat_id": seat_id, "version": 1, "state": dumps(info.blank_player()), "paths": "[]",
                 "who": who, "at": stamp}
            )
        details = {"played_at": played_at, "options": options, "notes": notes}
        db.table("play_versions").insert(
            {"play_id": play_id, "version": 1, "paths": "[]", "details": dumps(details), "who": who,
             "at": stamp}
        )
        created = {"game": game, "options": options, "players": player_ids}
        _log(play_id, None, None, who, "play created", None, created)
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
            "SELECT s.*, p.name FROM seats s JOIN players p ON p.id = s.player_id "
            "WHERE s.play_id = ? ORDER BY s.position",
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
        # (a read-only database not yet migrated has no such column; a Row's `in` looks at values)
        played_zone=row["played_zone"] if "played_zone" in row.keys() else None,  # noqa: SIM118
    )


def _as_dict(value: Any) -> dict[str, Any]:
    """Options and seat states are JSON objects; anything else (a damaged row) reads as empty."""
    return value if isinstance(value, dict) else {}


def _read_state(text: Any) -> tuple[dict[str, Any], str | None]:
    """A stored JSON object (a seat state, a play's options) and, when it could not be read,
    why (it then reads as ``{}``: the page names the damage and the rest stays usable)."""
    try:
        value = loads(text, {})
    except (ValueError, TypeError, RecursionError):
        return {}, "the stored entry is not valid JSON"
    if not isinstance(value, dict):
        return {}, f"the stored entry is {type(value).__name__}, not an object"
    return value, None


def _read_list(text: Any) -> list[Any]:
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


def last_repair(play_id: int, seat_id: int) -> dict[str, Any] | None:
    """The newest "damaged entry set aside" entry of a seat, if nothing was saved after it."""
    row = get_db().execute(
        "SELECT action, new, at FROM edit_log WHERE play_id = ? AND seat_id = ? ORDER BY id DESC LIMIT 1",
        [play_id, seat_id],
    ).fetchone()
    if row is None or row["action"] != REPAIRED:
        return None
    new = _read_any(row["new"])
    return {"at": row["at"], "set_aside": new.get("set_aside", []) if isinstance(new, dict) else []}


@contextmanager
def transaction() -> Iterator[None]:
    """One write transaction around several changes (they land together or not at all)."""
    with write(get_db()):
        yield


def play_log(play_id: int) -> list[dict[str, Any]]:
    rows = get_db().execute(
        "SELECT e.*, s.position, p.name AS player FROM edit_log e LEFT JOIN seats s ON s.id = e.seat_id "
        "LEFT JOIN players p ON p.id = e.player_id WHERE e.play_id = ? ORDER BY e.id DESC",
        [play_id],
    ).fetchall()
    return [dict(r, old=_read_any(r["old"]), new=_read_any(r["new"])) for r in rows]


def log(play_id: int | None, player_id: int | None, who: str, action: str, old: Any, new: Any) -> None:
    """Append an entry to the edit log (inside the caller's transaction, if any)."""
    _log(play_id, None, player_id, who, action, old, new)


def _log(play_id: int | None, seat_id: int | None, player_id: int | None, who: str, action: str, old: Any,
         new: Any) -> None:
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


def _play_row(row: Any) -> dict[str, Any]:
    data = dict(row)
    data["winners"] = _read_list(data.get("winners"))
    return data


PLAYER_SOURCE = "player_plays t CROSS JOIN plays pl ON pl.id = t.play_id"  # a player's plays, newest first
HistoryKey = tuple[str, int]  # (played_at, id): where a history page starts or ends


@dataclass(frozen=True)
class HistoryPage:
    """One page of the history, newest first: ``older`` / ``newer``: whether there are plays past
    its last / before its first row; ``first``: it is the newest page (page 1)."""

    plays: list[dict[str, Any]]
    older: bool
    newer: bool

    @property
    def first(self) -> bool:
        return not self.newer

    def key(self, at: int) -> HistoryKey | None:
        """The key of the row at ``at`` (0: the newest shown, -1: the oldest), for a pager link."""
        if not self.plays:
            return None
        return (str(self.plays[at]["played_at"]), int(self.plays[at]["id"]))


def history(game: str | None, player_id: int | None, page: int,
            size: int) -> tuple[list[dict[str, Any]], bool]:
    """One page of plays, newest first, and whether there are older ones, by page number (the
    address a person may have kept: ``?page=N`` without a key; see :func:`history_page`)."""
    found = history_page(game, player_id, size, page=page)
    return found.plays, found.older


def history_page(game: str | None, player_id: int | None, size: int, *, page: int = 1,
                 before: HistoryKey | None = None, after: HistoryKey | None = None) -> HistoryPage:
    """One page of plays, newest first: the ``size`` plays older than the key ``before``, or the
    ``size`` plays newer than the key ``after`` (keyset pagination on plays(played_at, id): any page
    costs what the first does), else page ``page`` by its number (OFFSET, for an address kept from
    before the keys; page 1 costs nothing more).  Fewer than a page newer than ``after`` (plays were
    deleted meanwhile): the first page.  (No total count: counting every play grows with the
    history; fetching one row more than the page does not.)"""
    # (+: the status is a filter, not an index to search: the plays are walked newest first on
    # plays(played_at, id) or plays(game, played_at) and the few deleted ones skipped, no sort; a
    # player's on their own rows of player_plays (m015), its time and game those of the play)
    where: list[str] = ["+pl.status IN ('in_progress', 'finished')"]
    args: list[Any] = []
    source, at, key = "plays pl", "pl.played_at", "pl.id"
    if player_id:
        source, at, key = PLAYER_SOURCE, "t.played_at", "t.play_id"
        where.append("t.player_id = ?")
        args.append(player_id)
    if game:
        where.append("t.game = ?" if player_id else "pl.game = ?")
        args.append(game)
    db = get_db()

    def rows(extra: str, extra_args: list[Any], order: str, offset: int = 0) -> list[Any]:
        clause = " AND ".join(where + ([extra.format(at=at, key=key)] if extra else []))
        return db.execute(
            f"SELECT pl.* FROM {source} WHERE {clause} ORDER BY {at} {order}, {key} {order} "
            "LIMIT ? OFFSET ?",
            args + extra_args + [size + 1, offset],
        ).fetchall()

    if after is not None:
        found = rows("({at}, {key}) > (?, ?)", list(after), "ASC")
        if len(found) > size:  # more newer plays than a page: this page is not the first
            shown = list(reversed(found[:size]))
            older = bool(rows("({at}, {key}) < (?, ?)", [shown[-1]["played_at"], shown[-1]["id"]],
                              "DESC")[:1])
            return HistoryPage(_with_seats([_play_row(r) for r in shown]), older, True)
        before, page = None, 1
    if before is not None:
        found = rows("({at}, {key}) < (?, ?)", list(before), "DESC")
        newer = True
    else:
        found = rows("", [], "DESC", (page - 1) * size)
        newer = page > 1
    return HistoryPage(_with_seats([_play_row(r) for r in found[:size]]), len(found) > size, newer)


# ------------------------------------------------------------------------ rescoring


# ------------------------------------------------- deleting a play, changing its players (issue 17)


def deleted_plays(limit: int = 20) -> list[dict[str, Any]]:
    """The newest deleted plays (to restore from the history), with their seats' names."""
    rows = get_db().execute(
        "SELECT * FROM plays WHERE status = 'deleted' ORDER BY deleted_at DESC, id DESC LIMIT ?", [limit]
    ).fetchall()
    return _with_seats([_play_row(r) for r in rows])


def abandoned_plays(untouched_since: str, limit: int = 20) -> list[dict[str, Any]]:
    """Plays in progress that nobody changed since ``untouched_since`` (an ISO time), oldest
    change first: what the home page offers to finish or discard."""
    rows = get_db().execute(
        "SELECT * FROM plays WHERE status = 'in_progress' AND updated_at < ? ORDER BY updated_at, id LIMIT ?",
        [untouched_since, limit],
    ).fetchall()
    return _with_seats([_play_row(r) for r in rows])


def _with_seats(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if plays:
        ids = [p["id"] for p in plays]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[dict[str, Any]]] = {}
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
        "SELECT id FROM plays WHERE status IN ('in_progress', 'finished') "
        "ORDER BY created_at DESC, id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return []
    return [r[0] for r in db.execute(
        "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id "
        "WHERE s.play_id = ? ORDER BY s.position",
        [row[0]],
    )]


def _known(game: str) -> bool:
    try:
        scoring.get(game)
    except KeyError:
        return False
    return True


