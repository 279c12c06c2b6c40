"""Records and milestones of finished plays (issue 27, docs/stats.md "Records"): the derived tables
``stat_seat`` (a row per seat of a finished play, indexed for "the best before this play") and
``play_records`` (the records each finished play set), kept current by :func:`refresh_play` inside
the write transaction that finishes, reopens, corrects, deletes or restores a play, and rebuilt by
:func:`rebuild` in one chronological pass.

A play's records compare it with the finished plays of its game *before* it (by ``played_at``,
then id), never with later ones: a record is what fell that evening.  Equalling a best is not a
new record.  The rules are one pure function (:func:`decide`) fed by indexed seeks
(:func:`before_play`) or by the running state of :func:`rebuild`, so both agree.

May import: ``web.data`` (this module is data: no words, the story's ``web.story.records`` says them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

KINDS = ("group_high", "personal_best", "biggest_win", "first_win", "streak")
STREAK_MIN = 3  # wins in a row that make a streak worth telling
CASCADE = 50  # later plays of the same game whose records are recomputed after a change of one play

# One row per seat of a finished play: a win is rank 1 at a table of two or more seats that names
# winners (a shared win counts); the margin is the sole winner's lead over the next best total.
SEAT_SQL = """
INSERT INTO stat_seat (seat_id, play_id, player_id, game, played_at, total, rank, won, table_play, margin)
SELECT id, play_id, player_id, game, played_at, total, rank, nseats > 1 AND rank = 1 AND nwin > 0, nseats > 1,
    CASE WHEN nseats > 1 AND rank = 1 AND nwin = 1
        THEN total - (SELECT MAX(x.total) FROM seats x WHERE x.play_id = q.play_id AND x.id != q.id) END
FROM (
    SELECT s.id, s.play_id, s.player_id, pl.game, pl.played_at, s.total, s.rank,
        CASE WHEN json_valid(pl.winners) THEN json_array_length(pl.winners) ELSE 0 END AS nwin,
        (SELECT COUNT(*) FROM seats x WHERE x.play_id = s.play_id) AS nseats
    FROM seats s JOIN plays pl ON pl.id = s.play_id
    WHERE pl.status = 'finished' AND s.total IS NOT NULL {where}
) q
"""

_EARLIER = "(played_at < ? OR (played_at = ? AND play_id < ?))"


@dataclass(frozen=True)
class SeatFact:
    player_id: int
    total: int
    won: bool
    table_play: bool
    margin: int | None


@dataclass(frozen=True)
class PlayFacts:
    play_id: int
    game: str
    played_at: str
    seats: tuple[SeatFact, ...]


@dataclass
class Before:
    """What the finished plays of the game before this one hold: the group's high score and its
    holder, the biggest winning margin and its winner, and per player of this play their best
    total (absent: no earlier play), whether they won before, and their wins in a row just before."""

    group_high: tuple[int, int] | None = None
    biggest_win: tuple[int, int] | None = None
    best: dict[int, int] = field(default_factory=dict)
    won: set[int] = field(default_factory=set)
    streak: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Found:
    """One record a play set (stored as a ``play_records`` row)."""

    kind: str
    player_id: int
    value: int
    previous: int | None = None
    previous_player_id: int | None = None


def decide(play: PlayFacts, before: Before) -> list[Found]:
    """The records ``play`` sets against what was ``before`` it (docs/stats.md "Records").

    >>> seat = SeatFact(1, 90, True, True, 12)
    >>> play = PlayFacts(9, "verdant", "2026-12-01T20:00", (seat, SeatFact(2, 78, False, True, None)))
    >>> [f.kind for f in decide(play, Before(group_high=(88, 2), biggest_win=(10, 2), best={1: 80, 2: 88},
    ...                                      won={1}, streak={1: 2}))]
    ['group_high', 'biggest_win', 'streak']
    """
    out: list[Found] = []
    top = max((s.total for s in play.seats), default=None)
    high = before.group_high
    high_setters: set[int] = set()
    if high is not None and top is not None and top > high[0]:
        for s in play.seats:
            if s.total == top:
                out.append(Found("group_high", s.player_id, top, high[0], high[1]))
                high_setters.add(s.player_id)
    for s in play.seats:  # a group high is that player's best too: told once
        prev = before.best.get(s.player_id)
        if prev is not None and s.total > prev and s.player_id not in high_setters:
            out.append(Found("personal_best", s.player_id, s.total, prev, s.player_id))
    wide = before.biggest_win
    for s in play.seats:
        if s.margin is not None and wide is not None and s.margin > wide[0]:
            out.append(Found("biggest_win", s.player_id, s.margin, wide[0], wide[1]))
    for s in play.seats:
        if s.won and s.player_id not in before.won:
            out.append(Found("first_win", s.player_id, 1))
    for s in play.seats:
        run = before.streak.get(s.player_id, 0) + 1
        if s.won and run >= STREAK_MIN:
            out.append(Found("streak", s.player_id, run))
    return out


# ------------------------------------------------------------------------- reads


def facts(db: Any, play_id: int) -> PlayFacts | None:
    """The play as ``stat_seat`` holds it (None: not a finished play)."""
    rows = db.execute(
        "SELECT game, played_at, player_id, total, won, table_play, margin FROM stat_seat WHERE play_id = ? "
        "ORDER BY seat_id",
        [play_id],
    ).fetchall()
    if not rows:
        return None
    seats = tuple(SeatFact(r[2], r[3], bool(r[4]), bool(r[5]), r[6]) for r in rows)
    return PlayFacts(play_id, rows[0][0], rows[0][1], seats)


def before_play(db: Any, play: PlayFacts) -> Before:
    """:class:`Before` for ``play`` by indexed seeks on ``stat_seat`` (a handful per player)."""
    when = [play.played_at, play.played_at, play.play_id]
    out = Before()
    row = db.execute(
        f"SELECT total, player_id FROM stat_seat WHERE game = ? AND {_EARLIER} "
        "ORDER BY total DESC, played_at, play_id, seat_id LIMIT 1",
        [play.game, *when],
    ).fetchone()
    out.group_high = (row[0], row[1]) if row else None
    row = db.execute(
        f"SELECT margin, player_id FROM stat_seat WHERE game = ? AND margin IS NOT NULL AND {_EARLIER} "
        "ORDER BY margin DESC, played_at, play_id, seat_id LIMIT 1",
        [play.game, *when],
    ).fetchone()
    out.biggest_win = (row[0], row[1]) if row else None
    for pid in {s.player_id for s in play.seats}:
        row = db.execute(
            f"SELECT total FROM stat_seat WHERE game = ? AND player_id = ? AND {_EARLIER} "
            "ORDER BY total DESC LIMIT 1",
            [play.game, pid, *when],
        ).fetchone()
        if row:
            out.best[pid] = row[0]
        if db.execute(
            f"SELECT 1 FROM stat_seat WHERE game = ? AND player_id = ? AND won = 1 AND {_EARLIER} LIMIT 1",
            [play.game, pid, *when],
        ).fetchone():
            out.won.add(pid)
            out.streak[pid] = _streak(db, play, pid)
    return out


def _streak(db: Any, play: PlayFacts, player_id: int) -> int:
    """The player's wins in a row in the game's table plays just before ``play``: their last
    :data:`STREAK_MIN` table plays before it (one seek on ``stat_seat(game, player_id, played_at,
    play_id)``); when the newest was a win that already made a streak, its stored ``streak`` record
    says how long (so a long run is not walked again)."""
    rows = db.execute(
        "SELECT won, play_id FROM stat_seat WHERE game = ? AND player_id = ? "
        f"AND table_play = 1 AND {_EARLIER} ORDER BY played_at DESC, play_id DESC LIMIT ?",
        [play.game, player_id, play.played_at, play.played_at, play.play_id, STREAK_MIN],
    ).fetchall()
    if not rows or not rows[0][0]:
        return 0
    told = db.execute(
        "SELECT value FROM play_records WHERE play_id = ? AND player_id = ? AND kind = 'streak'",
        [rows[0][1], player_id],
    ).fetchone()
    if told is not None:
        return int(told[0])
    run = 0
    for row in rows:
        if not row[0]:
            break
        run += 1
    return min(run, STREAK_MIN - 1)  # three wins in a row would have been told


# ------------------------------------------------------------------------ writes


def _store(db: Any, play: PlayFacts, found: Sequence[Found]) -> None:
    db.execute("DELETE FROM play_records WHERE play_id = ?", [play.play_id])
    rows = [_row(play, n, f) for n, f in enumerate(found)]
    if rows:
        _executemany(
            db,
            "INSERT INTO play_records (play_id, n, kind, player_id, game, played_at, value, previous, "
            "previous_player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


def _row(play: PlayFacts, n: int, f: Found) -> list[Any]:
    return [play.play_id, n, f.kind, f.player_id, play.game, play.played_at, f.value, f.previous,
            f.previous_player_id]


def _executemany(db: Any, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    conn = getattr(db, "conn", db)  # a sqlite-utils Database or a sqlite3 connection
    conn.executemany(sql, rows)


def compute(db: Any, play_id: int) -> list[Found]:
    """Compute and store the records of one play from ``stat_seat`` (none unless it is finished)."""
    play = facts(db, play_id)
    if play is None:
        db.execute("DELETE FROM play_records WHERE play_id = ?", [play_id])
        return []
    found = decide(play, before_play(db, play))
    _store(db, play, found)
    return found


def refresh_play(db: Any, play_id: int) -> None:
    """After a change of one play (finish, reopen, correction, date, delete, restore, rescore), inside
    the caller's transaction: its ``stat_seat`` rows, its records, and the records of up to
    :data:`CASCADE` later finished plays of its game (their "before" may have changed)."""
    seats = ("SELECT game, played_at, seat_id, player_id, total, rank, won, table_play, margin "
             "FROM stat_seat WHERE play_id = ? ORDER BY seat_id")
    was = [tuple(r) for r in db.execute(seats, [play_id]).fetchall()]
    db.execute("DELETE FROM stat_seat WHERE play_id = ?", [play_id])
    db.execute(SEAT_SQL.format(where="AND s.play_id = ?"), [play_id])
    now = [tuple(r) for r in db.execute(seats, [play_id]).fetchall()]
    if now == was:
        # what the records are made of did not change (a rescore that moved no total, a note, the
        # place): this play's records and the later plays' stand as they are
        return
    old = was[0][:2] if was else None  # (game, played_at)
    new = now[0][:2] if now else None
    compute(db, play_id)
    points = [(r[0], r[1]) for r in (old, new) if r is not None]
    for game in {g for g, _ in points}:
        since = min(at for g, at in points if g == game)
        later = db.execute(
            "SELECT DISTINCT play_id FROM stat_seat WHERE game = ? AND played_at >= ? AND play_id != ? "
            "ORDER BY played_at, play_id LIMIT ?",
            [game, since, play_id, CASCADE],
        ).fetchall()
        for (other,) in later:
            compute(db, other)


def merge(db: Any, duplicate_id: int, keep_id: int) -> None:
    """Players merged: their rows follow the kept player (the records stay as they fell)."""
    for table in ("stat_seat", "play_records"):
        db.execute(f"UPDATE {table} SET player_id = ? WHERE player_id = ?", [keep_id, duplicate_id])
    db.execute(
        "UPDATE play_records SET previous_player_id = ? WHERE previous_player_id = ?", [keep_id, duplicate_id]
    )


def rebuild(db: Any) -> int:
    """Every ``stat_seat`` row and every play's records, in one chronological pass (inside the
    caller's transaction).  Returns the number of records."""
    db.execute("DELETE FROM stat_seat")
    db.execute("DELETE FROM play_records")
    db.execute(SEAT_SQL.format(where=""))
    rows = db.execute(
        "SELECT game, played_at, play_id, player_id, total, won, table_play, margin FROM stat_seat "
        "ORDER BY game, played_at, play_id, seat_id"
    )
    state: dict[str, _Running] = {}
    out: list[list[Any]] = []
    current: tuple[str, str, int] | None = None
    seats: list[SeatFact] = []

    def close() -> None:
        if current is None:
            return
        play = PlayFacts(current[2], current[0], current[1], tuple(seats))
        running = state.setdefault(play.game, _Running())
        for n, f in enumerate(decide(play, running.before(play))):
            out.append(_row(play, n, f))
        running.add(play)

    for game, played_at, play_id, player_id, total, won, table_play, margin in rows:
        if current is None or current[2] != play_id:
            close()
            current, seats = (game, played_at, play_id), []
        seats.append(SeatFact(player_id, total, bool(won), bool(table_play), margin))
    close()
    _executemany(
        db,
        "INSERT INTO play_records (play_id, n, kind, player_id, game, played_at, value, previous, "
        "previous_player_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        out,
    )
    return len(out)


@dataclass
class _Running:
    """One game's history so far, in :func:`rebuild`'s pass."""

    high: tuple[int, int] | None = None
    wide: tuple[int, int] | None = None
    best: dict[int, int] = field(default_factory=dict)
    won: set[int] = field(default_factory=set)
    streak: dict[int, int] = field(default_factory=dict)

    def before(self, play: PlayFacts) -> Before:
        ids = {s.player_id for s in play.seats}
        return Before(self.high, self.wide, {p: b for p, b in self.best.items() if p in ids},
                      self.won & ids, {p: n for p, n in self.streak.items() if p in ids})

    def add(self, play: PlayFacts) -> None:
        for s in play.seats:
            if self.high is None or s.total > self.high[0]:
                self.high = (s.total, s.player_id)
            if s.margin is not None and (self.wide is None or s.margin > self.wide[0]):
                self.wide = (s.margin, s.player_id)
            if s.player_id not in self.best or s.total > self.best[s.player_id]:
                self.best[s.player_id] = s.total
            if s.won:
                self.won.add(s.player_id)
            if s.table_play:
                self.streak[s.player_id] = self.streak.get(s.player_id, 0) + 1 if s.won else 0
