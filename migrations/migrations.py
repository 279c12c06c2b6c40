"""Scorepad's schema, as numbered sqlite-utils migrations applied at start-up.

Add a new function at the end (m002_..., m003_...); never edit one that has shipped.
"""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorepad")

# The zone m011 reads a time stored without one in (None: SCOREPAD_TIMEZONE, else the server's),
# set by whoever migrates: the app its configured zone (web/data/db.py), an import the group's.
_naive_zone: list[str | None] = [None]


@contextmanager
def naive_times_in(name: str | None) -> Iterator[None]:
    _naive_zone.append(name)
    try:
        yield
    finally:
        _naive_zone.pop()


@migrations()
def m001_initial(db: Database) -> None:
    db["players"].create(
        {"id": int, "name": str, "created_at": str, "merged_into": int},
        pk="id",
        not_null={"name", "created_at"},
        foreign_keys=[("merged_into", "players", "id")],
    )
    db["plays"].create(
        {
            "id": int,
            "game": str,
            "played_at": str,  # ISO date-time, local to the table
            "options": str,  # JSON
            "status": str,  # in_progress | finished
            "notes": str,
            "winners": str,  # JSON list of names, when the table scores
            "tiebreak": str,
            "engine_version": str,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        not_null={"game", "played_at", "options", "status", "created_at", "updated_at"},
        defaults={"options": "{}", "status": "in_progress", "notes": ""},
    )
    db["seats"].create(
        {
            "id": int,
            "play_id": int,
            "position": int,  # 0-based seat order
            "player_id": int,
            "state": str,  # JSON: the entered table state of this player
            "complete": int,  # 1 when the state validates on its own
            "total": int,
            "rank": int,
            "breakdown": str,  # JSON: the player's categories with their explanation lines
            "engine_version": str,
            "version": int,  # bumped on every save (optimistic concurrency)
            "updated_at": str,
        },
        pk="id",
        not_null={"play_id", "position", "player_id", "state", "version", "updated_at"},
        defaults={"state": "{}", "complete": 0, "version": 1},
        foreign_keys=[("play_id", "plays", "id"), ("player_id", "players", "id")],
    )
    db["edit_log"].create(
        {
            "id": int,
            "play_id": int,
            "seat_id": int,
            "player_id": int,
            "at": str,
            "who": str,
            "action": str,
            "old": str,  # JSON
            "new": str,  # JSON
        },
        pk="id",
        not_null={"at", "who", "action"},
        foreign_keys=[("play_id", "plays", "id"), ("seat_id", "seats", "id"), ("player_id", "players", "id")],
    )
    db["seats"].create_index(["play_id", "position"], unique=True)
    db["seats"].create_index(["player_id", "play_id"])
    db["plays"].create_index(["played_at", "id"])
    db["plays"].create_index(["game", "played_at"])
    db["edit_log"].create_index(["play_id", "id"])
    db["players"].create_index(["name"])
    # The edit log is evidence: it is append-only.
    db.execute(
        "CREATE TRIGGER edit_log_no_update BEFORE UPDATE ON edit_log "
        "BEGIN SELECT RAISE(ABORT, 'edit_log is append-only'); END"
    )
    db.execute(
        "CREATE TRIGGER edit_log_no_delete BEFORE DELETE ON edit_log "
        "BEGIN SELECT RAISE(ABORT, 'edit_log is append-only'); END"
    )


@migrations()
def m002_arizona_deck(db: Database) -> None:
    """Verdant Arizona's learned deck: what Scorepad has been told about each cactus card
    (the deck's card list is not published).  ``play_id`` is the play the card was learned from
    (or last corrected in): that play's later edits keep the entry up to date."""
    db["arizona_cards"].create(
        {"number": int, "color": str, "gecko": int, "learned_at": str, "play_id": int},
        pk="number",
        not_null={"color", "gecko", "learned_at"},
        defaults={"gecko": 0},
        foreign_keys=[("play_id", "plays", "id")],
    )


@migrations()
def m003_verdant_campaign(db: Database) -> None:
    """Verdant's achievement campaign (docs/campaign.md): an append-only log of fills and undos of
    the 50 shapes of each player's achievement plant; the current plant is derived from it (per
    player and shape, the newest event decides).  ``play_id`` is the play that earned the shape
    (null for a shape entered by hand from a paper sheet); ``source`` is ``play`` or ``hand``."""
    db["achievement_events"].create(
        {
            "id": int,
            "player_id": int,
            "shape": str,  # standard-N | scenario-N | modification-N
            "action": str,  # fill | undo
            "play_id": int,
            "source": str,  # play | hand
            "at": str,
            "who": str,
        },
        pk="id",
        not_null={"player_id", "shape", "action", "source", "at", "who"},
        foreign_keys=[("player_id", "players", "id"), ("play_id", "plays", "id")],
    )
    db["achievement_events"].create_index(["player_id", "shape", "id"])
    db["achievement_events"].create_index(["play_id"])
    db.execute(
        "CREATE TRIGGER achievement_events_no_update BEFORE UPDATE ON achievement_events "
        "BEGIN SELECT RAISE(ABORT, 'achievement_events is append-only'); END"
    )
    db.execute(
        "CREATE TRIGGER achievement_events_no_delete BEFORE DELETE ON achievement_events "
        "BEGIN SELECT RAISE(ABORT, 'achievement_events is append-only'); END"
    )


def apply(db: Database) -> None:
    """Bring ``db`` up to the newest schema."""
    migrations.apply(db)


# The statistics of a player per game over finished plays, kept up to date by web.data.store whenever a
# play is finished, reopened, changed while finished, or its players merged, so that a player's
# page reads a handful of rows however long the history is.
PLAYER_STATS_SQL = (
    "SELECT s.player_id, pl.game, COUNT(*) AS plays, SUM(CASE WHEN s.rank = 1 THEN 1 ELSE 0 END) AS wins, "
    "SUM(s.total) AS total_sum, MAX(s.total) AS best FROM seats s JOIN plays pl ON pl.id = s.play_id "
    "WHERE pl.status = 'finished' AND s.total IS NOT NULL {where} GROUP BY s.player_id, pl.game"
)


@migrations()
def m004_player_stats(db: Database) -> None:
    db["player_stats"].create(
        {"player_id": int, "game": str, "plays": int, "wins": int, "total_sum": int, "best": int},
        pk=("player_id", "game"),
        not_null={"plays", "wins", "total_sum", "best"},
        foreign_keys=[("player_id", "players", "id")],
    )
    db.execute("INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=""))


@migrations()
def m005_live_table(db: Database) -> None:
    """The live table (docs/architecture.md, "The save path"): one version counter per play that
    every change moves on (a seat's version is the play's version of its last change, so a version
    names one change of one seat), the state of a seat at each of its versions with the paths that
    change touched (what two phones' saves are merged by), the client change id (a change sent
    twice is applied once), and the Done mark of a seat.  Existing seats that were complete stay
    complete (marked done)."""
    db["plays"].add_column("version", int, not_null_default=1)
    db["seats"].add_column("done", int, not_null_default=0)
    db["seat_versions"].create(
        {
            "seat_id": int,
            "version": int,
            "state": str,  # JSON: the seat's state at this version
            "paths": str,  # JSON list of the contract paths this change touched (null: unknown)
            "change_id": str,  # the phone's id of the change (a resend is recognised by it)
            "who": str,
            "at": str,
        },
        pk=("seat_id", "version"),
        not_null={"state", "at"},
        foreign_keys=[("seat_id", "seats", "id")],
    )
    db["seat_versions"].create_index(["seat_id", "change_id"])
    db["play_versions"].create(
        {
            "play_id": int,
            "version": int,
            "paths": str,  # JSON list of the play's fields this change touched (played_at, options.x, ...)
            "details": str,  # JSON: the date, options and notes after this change
            "change_id": str,
            "who": str,
            "at": str,
        },
        pk=("play_id", "version"),
        not_null={"paths", "at"},
        foreign_keys=[("play_id", "plays", "id")],
    )
    db.execute("UPDATE seats SET done = 1 WHERE complete = 1")
    db.execute(
        "UPDATE plays SET version = COALESCE((SELECT MAX(version) FROM seats WHERE seats.play_id = plays.id), 1)"
    )
    db.execute(
        "INSERT INTO seat_versions (seat_id, version, state, paths, change_id, who, at) "
        "SELECT id, version, state, NULL, NULL, 'before the live table', updated_at FROM seats"
    )
    db.execute(
        "INSERT INTO play_versions (play_id, version, paths, details, change_id, who, at) "
        "SELECT id, version, '[]', json_object('played_at', played_at, 'options', CASE WHEN json_valid(options) THEN json(options) ELSE json_object() END, 'notes', notes), "
        "NULL, 'before the live table', updated_at FROM plays"
    )


# --------------------------------------------------------------------------- the group's story
# Derived statistics per player and game over finished plays (docs/stats.md), kept current by
# web.data.store.refresh_stats (finish, reopen, change while finished, merge) for the players of the
# play, so the game and player pages read a few rows however long the history is.  ``{where}``
# narrows the seats to some players (``AND s.player_id IN (...)``) or is empty for a full rebuild.
# A "table play" has two or more seats; a win is rank 1 in a play that names winners: alone
# (``wins``) or shared (``shared_wins``).  Solo plays are counted apart.  Damaged JSON is skipped.
STORY_PLAYER_SQL = """
INSERT INTO stat_player_game (player_id, game, plays, table_plays, wins, shared_wins, solo_plays, solo_wins,
    total_sum, best, best_play_id, best_margin, best_margin_play_id, last_played_at)
SELECT player_id, game, COUNT(*), SUM(nseats > 1), SUM(nseats > 1 AND rank = 1 AND nwin = 1),
    SUM(nseats > 1 AND rank = 1 AND nwin > 1), SUM(nseats = 1), SUM(nseats = 1 AND nwin > 0),
    SUM(total), MAX(total), MAX(CASE WHEN best_n = 1 THEN play_id END),
    MAX(margin), MAX(CASE WHEN margin_n = 1 AND margin IS NOT NULL THEN play_id END), MAX(played_at)
FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY player_id, game ORDER BY total DESC, played_at, play_id) AS best_n,
        ROW_NUMBER() OVER (PARTITION BY player_id, game ORDER BY margin IS NULL, margin DESC, played_at, play_id) AS margin_n
    FROM (
        SELECT s.player_id, pl.game, s.play_id, pl.played_at, s.total, s.rank,
            CASE WHEN json_valid(pl.winners) THEN json_array_length(pl.winners) ELSE 0 END AS nwin,
            (SELECT COUNT(*) FROM seats x WHERE x.play_id = s.play_id) AS nseats,
            CASE WHEN s.rank = 1 AND json_valid(pl.winners) AND json_array_length(pl.winners) = 1
                THEN s.total - (SELECT MAX(x.total) FROM seats x WHERE x.play_id = s.play_id AND x.id != s.id) END AS margin
        FROM seats s JOIN plays pl ON pl.id = s.play_id
        WHERE pl.status = 'finished' AND s.total IS NOT NULL {where}
    )
)
GROUP BY player_id, game
"""

STORY_CATEGORY_SQL = """
INSERT INTO stat_player_category (player_id, game, category, label, position, plays, points_sum, best, best_play_id)
SELECT player_id, game, category, label, position, n, points_sum, points, play_id FROM (
    SELECT player_id, game, category, label, play_id, points,
        MIN(idx) OVER w AS position, COUNT(*) OVER w AS n, SUM(points) OVER w AS points_sum,
        ROW_NUMBER() OVER (PARTITION BY player_id, game, category ORDER BY points DESC, played_at, play_id) AS r
    FROM (
        SELECT s.player_id, pl.game, s.play_id, pl.played_at, CAST(c.key AS INTEGER) AS idx,
            json_extract(c.value, '$.key') AS category, json_extract(c.value, '$.label') AS label,
            json_extract(c.value, '$.points') AS points
        FROM seats s JOIN plays pl ON pl.id = s.play_id, json_each(s.breakdown) c
        WHERE pl.status = 'finished' AND s.total IS NOT NULL AND json_valid(s.breakdown)
            AND json_type(s.breakdown) = 'array' AND json_type(c.value) = 'object'
            AND json_type(c.value, '$.key') = 'text' AND json_type(c.value, '$.points') = 'integer' {where}
    )
    WINDOW w AS (PARTITION BY player_id, game, category)
)
WHERE r = 1
"""

STORY_GAME_SQL = """
INSERT INTO stat_game (game, plays, first_played_at, last_played_at)
SELECT game, COUNT(*), MIN(played_at), MAX(played_at) FROM plays WHERE status = 'finished' GROUP BY game
"""

# Head to head: for every two players who sat at the same finished play, how often the first was
# ranked ahead of, behind or level with the second.  ``{where}`` keeps the pairs naming some
# players (``AND (a.player_id IN (...) OR b.player_id IN (...))``).
STORY_PAIRS_SQL = """
INSERT INTO stat_pairs (game, player_id, rival_id, plays, ahead, behind, level)
SELECT pl.game, a.player_id, b.player_id, COUNT(*), SUM(a.rank < b.rank), SUM(a.rank > b.rank), SUM(a.rank = b.rank)
FROM seats a JOIN seats b ON b.play_id = a.play_id AND b.player_id != a.player_id JOIN plays pl ON pl.id = a.play_id
WHERE pl.status = 'finished' AND a.total IS NOT NULL AND b.total IS NOT NULL {where}
GROUP BY pl.game, a.player_id, b.player_id
"""


@migrations()
def m006_story_sharing_photos_stats(db: Database) -> None:
    """The group's story (docs/stats.md): when a play started and finished and where; share
    links; photos of the table; the derived statistics per player, category and pair."""
    for column in ("started_at", "finished_at", "location"):
        db["plays"].add_column(column, str)
    # A play starts when it is created (editable); it finishes the first time it is finished
    # (reopening to correct a score keeps the time the game ended).
    db.execute("UPDATE plays SET started_at = created_at")
    db.execute(
        "UPDATE plays SET finished_at = COALESCE((SELECT MIN(e.at) FROM edit_log e WHERE e.play_id = plays.id "
        "AND e.action = 'play finished'), updated_at) WHERE status = 'finished'"
    )
    db.execute(
        "CREATE TRIGGER plays_started_at AFTER INSERT ON plays WHEN NEW.started_at IS NULL "
        "BEGIN UPDATE plays SET started_at = NEW.created_at WHERE id = NEW.id; END"
    )
    db.execute(
        "CREATE TRIGGER plays_finished_at AFTER UPDATE OF status ON plays "
        "WHEN NEW.status = 'finished' AND OLD.status != 'finished' AND NEW.finished_at IS NULL "
        "BEGIN UPDATE plays SET finished_at = NEW.updated_at WHERE id = NEW.id; END"
    )
    db["share_links"].create(
        {"token": str, "play_id": int, "created_at": str, "created_by": str, "revoked_at": str, "revoked_by": str},
        pk="token",
        not_null={"play_id", "created_at", "created_by"},
        foreign_keys=[("play_id", "plays", "id")],
    )
    db["share_links"].create_index(["play_id"])
    db["photos"].create(
        {
            "id": int,
            "play_id": int,
            "file": str,  # relative to the photos folder beside the database: PLAY/NAME.jpg
            "thumb": str,
            "width": int,
            "height": int,
            "bytes": int,
            "sha256": str,
            "created_at": str,
            "created_by": str,
            "removed_at": str,
            "removed_by": str,
        },
        pk="id",
        not_null={"play_id", "file", "thumb", "width", "height", "bytes", "sha256", "created_at", "created_by"},
        foreign_keys=[("play_id", "plays", "id")],
    )
    db["photos"].create_index(["play_id", "id"])
    db["stat_player_game"].create(
        {
            "player_id": int, "game": str, "plays": int, "table_plays": int, "wins": int, "shared_wins": int,
            "solo_plays": int, "solo_wins": int, "total_sum": int, "best": int, "best_play_id": int,
            "best_margin": int, "best_margin_play_id": int, "last_played_at": str,
        },
        pk=("player_id", "game"),
        foreign_keys=[("player_id", "players", "id")],
    )
    db["stat_player_game"].create_index(["game"])
    db["stat_player_category"].create(
        {
            "player_id": int, "game": str, "category": str, "label": str, "position": int, "plays": int,
            "points_sum": int, "best": int, "best_play_id": int,
        },
        pk=("player_id", "game", "category"),
        foreign_keys=[("player_id", "players", "id")],
    )
    db["stat_player_category"].create_index(["game", "category"])
    db["plays"].create_index(["status", "game", "played_at"])  # stat_game: an index scan, not the table
    db["stat_game"].create({"game": str, "plays": int, "first_played_at": str, "last_played_at": str}, pk="game")
    db["stat_pairs"].create(
        {"game": str, "player_id": int, "rival_id": int, "plays": int, "ahead": int, "behind": int, "level": int},
        pk=("game", "player_id", "rival_id"),
        foreign_keys=[("player_id", "players", "id"), ("rival_id", "players", "id")],
    )
    db["stat_pairs"].create_index(["player_id", "game"])
    db["stat_pairs"].create_index(["rival_id"])
    db.execute(STORY_PLAYER_SQL.format(where=""))
    db.execute(STORY_CATEGORY_SQL.format(where=""))
    db.execute(STORY_PAIRS_SQL.format(where=""))
    db.execute(STORY_GAME_SQL)
    # The database's revision: a counter every write to a table a page shows moves, whoever
    # writes (the app, an import, a hand edit).  web/story/pagecache.py serves repeat views of a page
    # until it moves.  No row until the first write, so an empty instance stays empty.
    db["db_revision"].create({"id": int, "n": int}, pk="id", not_null={"n"})
    for table in ("players", "plays", "seats", "edit_log", "achievement_events", "arizona_cards", "share_links", "photos"):
        for event in ("INSERT", "UPDATE", "DELETE"):
            db.execute(
                f"CREATE TRIGGER {table}_revision_{event.lower()} AFTER {event} ON {table} BEGIN "
                "INSERT INTO db_revision (id, n) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1; END"
            )


@migrations()
def m008_screens_deleted_plays_set_aside_seats(db: Database) -> None:
    """The shared screens (issue 17, docs/architecture.md "Deleting a play, changing its players"):
    a deleted play keeps every row and is marked ``status = 'deleted'`` (so every statistic, which
    counts finished plays only, leaves it out) with who deleted it, when, and the status it had
    (restored from the history).  A seat removed from a play after someone entered something in
    it is moved, with its versions, to a play of ``status = 'set_aside'`` that names the play it
    came from (``set_aside_from``): the edit log keeps pointing at it and nothing is lost."""
    db["plays"].add_column("deleted_at", str)
    db["plays"].add_column("deleted_by", str)
    db["plays"].add_column("status_before_delete", str)
    # (a plain ALTER TABLE: sqlite-utils would rebuild the table for the reference, dropping its triggers)
    db.execute("ALTER TABLE plays ADD COLUMN set_aside_from INTEGER REFERENCES plays(id)")
    db["plays"].create_index(["status", "updated_at"])  # abandoned plays: in progress, untouched since


@migrations()
def m009_api_tokens(db: Database) -> None:
    """API tokens (issue 26, web/server/tokens.py): a script sends ``Authorization: Bearer TOKEN`` instead
    of the access code.  Only the token's SHA-256 is kept (it is shown once, when made); a revoked
    token keeps its row (who made it, who revoked it, when).  A name is unique among live tokens.
    Not in the export (web/data/backup.py SKIP): a new instance makes its own tokens."""
    db["api_tokens"].create(
        {
            "id": int,
            "name": str,
            "digest": str,  # hex SHA-256 of the token
            "hint": str,  # the token's first characters, to tell tokens apart in a list
            "created_at": str,
            "created_by": str,
            "last_used_at": str,
            "revoked_at": str,
            "revoked_by": str,
        },
        pk="id",
        not_null={"name", "digest", "hint", "created_at", "created_by"},
    )
    db["api_tokens"].create_index(["digest"], unique=True)
    db.execute("CREATE UNIQUE INDEX api_tokens_live_name ON api_tokens (name COLLATE NOCASE) WHERE revoked_at IS NULL")


@migrations()
def m010_imported_plays(db: Database) -> None:
    """Plays imported from BG Stats (issue 26, docs/bgstats.md): ``source`` says where a play came
    from (NULL: entered in Scorepad; ``'bgstats'``: typed totals, no board) and ``source_id`` its id
    there (BG Stats' play uuid), unique per source, so an import never adds a play twice."""
    db.execute("ALTER TABLE plays ADD COLUMN source TEXT")
    db.execute("ALTER TABLE plays ADD COLUMN source_id TEXT")
    db.execute("CREATE UNIQUE INDEX plays_source ON plays (source, source_id) WHERE source IS NOT NULL")


def _time_columns(db: Database) -> list[tuple[str, str]]:
    """Every (table, column) holding a time: ``at`` or a name ending in ``_at``."""
    return [
        (t, c.name)
        for t in db.table_names()
        if not t.startswith(("_", "sqlite_"))
        for c in db[t].columns
        if c.name == "at" or c.name.endswith("_at")
    ]


def _same_or_utc(times: Any, value: Any, here: Any) -> Any:
    return times.stored_or_same(value, here)


def _typed_zone(times: Any, value: object, here: Any) -> str | None:
    try:
        return str(times.typed_in(str(value), here))
    except ValueError:
        return None


@migrations()
def m011_times_in_utc(db: Database) -> None:
    """Times in UTC (issue 26, web/data/times.py): every stored time (``at`` and every ``*_at``
    column, and ``played_at`` inside the play versions' details) becomes ``2026-11-28T19:30:00Z``.
    A time stored without a zone was typed in the group's zone, read now as ``SCOREPAD_TIMEZONE``
    names it, else the server's; one stored with an offset (the API kept it as sent) is converted.
    ``plays.played_zone`` keeps the zone the play's time was typed in (a zone name, or the offset
    sent).  ``settings`` holds what the Settings page sets for the whole group (the time zone).
    The append-only tables' guards are lifted for this one rewrite and put back as they were."""
    from web.data import times

    name = (_naive_zone[-1] or os.environ.get("SCOREPAD_TIMEZONE", "")).strip()
    here = times.zone(name if name and times.zone_problem(name) is None else times.server_zone_name())
    db["settings"].create({"key": str, "value": str}, pk="key", not_null={"value"})
    for event in ("INSERT", "UPDATE", "DELETE"):  # a page drawn in the old zone is not served again
        db.execute(
            f"CREATE TRIGGER settings_revision_{event.lower()} AFTER {event} ON settings BEGIN "
            "INSERT INTO db_revision (id, n) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1; END"
        )
    db.execute("ALTER TABLE plays ADD COLUMN played_zone TEXT")
    db.conn.create_function("scorepad_utc", 1, lambda v: _same_or_utc(times, v, here), deterministic=True)
    db.conn.create_function("scorepad_zone", 1, lambda v: _typed_zone(times, v, here), deterministic=True)
    db.execute("UPDATE plays SET played_zone = scorepad_zone(played_at)")
    guards = {
        r["name"]: r["sql"]
        for r in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_no_update'")
    }
    for guard in guards:
        db.execute(f"DROP TRIGGER {guard}")
    for table, column in _time_columns(db):
        db.execute(f"UPDATE [{table}] SET [{column}] = scorepad_utc([{column}]) WHERE [{column}] IS NOT NULL")
    db.execute(
        "UPDATE play_versions SET details = json_set(details, '$.played_at', "
        "scorepad_utc(json_extract(details, '$.played_at'))) "
        "WHERE json_valid(details) AND json_type(details, '$.played_at') = 'text'"
    )
    for sql in guards.values():
        db.execute(sql)


@migrations()
def m012_records(db: Database) -> None:
    """Records and milestones (issue 27, docs/stats.md "Records"): ``stat_seat``, one row per seat of a
    finished play with what the records are measured by (the game, the date, the total, a win at a
    table, the winning margin), indexed so that "the best before this play" is a seek, not a walk of
    the history; and ``play_records``, the records each finished play set, computed when it is
    finished and again when it (or an earlier play of its game) is corrected, reopened, deleted or
    restored.  Both are derived (web/data/records.py rebuilds them)."""
    db["stat_seat"].create(
        {
            "seat_id": int, "play_id": int, "player_id": int, "game": str, "played_at": str,
            "total": int, "rank": int, "won": int, "table_play": int, "margin": int,
        },
        pk="seat_id",
        not_null={"play_id", "player_id", "game", "played_at", "total", "won", "table_play"},
    )
    # "The best before this play": the first row of the index (in the order the record's holder is
    # chosen by) that is earlier than the play: a seek and a step or two, however long the history.
    db.execute("CREATE INDEX stat_seat_player_total ON stat_seat (game, player_id, total DESC, played_at, play_id)")
    db.execute("CREATE INDEX stat_seat_game_total ON stat_seat (game, total DESC, played_at, play_id, seat_id)")
    db.execute(
        "CREATE INDEX stat_seat_margin ON stat_seat (game, margin DESC, played_at, play_id, seat_id) "
        "WHERE margin IS NOT NULL"
    )
    db.execute("CREATE INDEX stat_seat_player_time ON stat_seat (game, player_id, played_at, play_id)")
    db.execute("CREATE INDEX stat_seat_player_wins ON stat_seat (game, player_id, won, played_at, play_id)")
    db.execute("CREATE INDEX stat_seat_game_time ON stat_seat (game, played_at, play_id)")
    # The year in review reads a year of seats from these alone (covering: no table lookups).
    db.execute("CREATE INDEX stat_seat_time ON stat_seat (played_at, game, player_id, total, won, rank, play_id)")
    db.execute("CREATE INDEX stat_seat_play ON stat_seat (play_id, player_id, rank)")
    db["play_records"].create(
        {
            "play_id": int, "n": int, "kind": str, "player_id": int, "game": str, "played_at": str,
            "value": int, "previous": int, "previous_player_id": int,
        },
        pk=("play_id", "n"),
        not_null={"kind", "game", "played_at", "value"},
    )
    db.execute("CREATE INDEX play_records_time ON play_records (played_at, play_id)")
    db.execute("CREATE INDEX play_records_kind_time ON play_records (kind, played_at)")
    from web.data import records  # the same code the app keeps them with (a full, chronological pass)

    records.rebuild(db)
# The facts each finished play contributes to the statistics (issue 23.1, web/data/aggregates.py): one
# row per finished play, per counted seat (a total) and per scoring category of such a seat, written
# when the play is counted and read back when it stops counting (reopened, corrected, deleted), so its
# difference is subtracted without reading the play's old rows or anyone's history.  ``{where}``
# narrows them to one play (``AND pl.id = ?``).
PLAY_FACTS_SQL = """
INSERT INTO stat_play_facts (play_id, game, played_at)
SELECT pl.id, pl.game, pl.played_at FROM plays pl WHERE pl.status = 'finished' {where}
"""

SEAT_FACTS_SQL = """
INSERT INTO stat_seat_facts (seat_id, play_id, player_id, game, played_at, total, rank, nseats, nwin, margin)
SELECT s.id, s.play_id, s.player_id, pl.game, pl.played_at, s.total, s.rank,
    (SELECT COUNT(*) FROM seats x WHERE x.play_id = s.play_id),
    CASE WHEN json_valid(pl.winners) THEN json_array_length(pl.winners) ELSE 0 END,
    CASE WHEN s.rank = 1 AND json_valid(pl.winners) AND json_array_length(pl.winners) = 1
        THEN s.total - (SELECT MAX(x.total) FROM seats x WHERE x.play_id = s.play_id AND x.id != s.id) END
FROM seats s JOIN plays pl ON pl.id = s.play_id
WHERE pl.status = 'finished' AND s.total IS NOT NULL {where}
"""

CATEGORY_FACTS_SQL = """
INSERT INTO stat_category_facts (seat_id, play_id, player_id, game, played_at, category, idx, label, points)
SELECT s.id, s.play_id, s.player_id, pl.game, pl.played_at, json_extract(c.value, '$.key'),
    CAST(c.key AS INTEGER), json_extract(c.value, '$.label'), json_extract(c.value, '$.points')
FROM seats s JOIN plays pl ON pl.id = s.play_id, json_each(s.breakdown) c
WHERE pl.status = 'finished' AND s.total IS NOT NULL AND json_valid(s.breakdown)
    AND json_type(s.breakdown) = 'array' AND json_type(c.value) = 'object'
    AND json_type(c.value, '$.key') = 'text' AND json_type(c.value, '$.points') = 'integer' {where}
"""


@migrations()
def m013_statistics_by_difference(db: Database) -> None:
    """Statistics kept by each play's difference (issue 23.1, web/data/aggregates.py): what each finished
    play counts for (its seats' totals, ranks and margins, its categories' points), so that finishing,
    correcting, reopening, deleting or restoring a play adds or subtracts exactly that, and a best,
    first or last is found again on an index when the play that held it leaves."""
    db["stat_play_facts"].create({"play_id": int, "game": str, "played_at": str}, pk="play_id")
    db["stat_play_facts"].create_index(["game", "played_at"])
    db["stat_seat_facts"].create(
        {"seat_id": int, "play_id": int, "player_id": int, "game": str, "played_at": str, "total": int,
         "rank": int, "nseats": int, "nwin": int, "margin": int},
        pk="seat_id",
    )
    db["stat_seat_facts"].create_index(["play_id"])
    db.execute("CREATE INDEX stat_seat_facts_best ON stat_seat_facts (player_id, game, total DESC, played_at, play_id)")
    db.execute("CREATE INDEX stat_seat_facts_margin ON stat_seat_facts (player_id, game, margin DESC, played_at, play_id) "
               "WHERE margin IS NOT NULL")
    db.execute("CREATE INDEX stat_seat_facts_last ON stat_seat_facts (player_id, game, played_at)")
    db["stat_category_facts"].create(
        {"id": int, "seat_id": int, "play_id": int, "player_id": int, "game": str, "played_at": str,
         "category": str, "idx": int, "label": str, "points": int},
        pk="id",
    )
    db["stat_category_facts"].create_index(["play_id"])
    db.execute("CREATE INDEX stat_category_facts_best ON stat_category_facts "
               "(player_id, game, category, points DESC, played_at, play_id)")
    db.execute("CREATE INDEX stat_category_facts_position ON stat_category_facts (player_id, game, category, idx)")
    db.execute(PLAY_FACTS_SQL.format(where=""))
    db.execute(SEAT_FACTS_SQL.format(where=""))
    db.execute(CATEGORY_FACTS_SQL.format(where=""))


# Which revisions a write moves (m014, web/story/pagecache.py "Scopes"): each a SELECT of scope names,
# by table, with OLD / NEW as SQLite's triggers name the row.  "Shown" is a change of what a list of
# plays shows of a play (plays/_row.html, the stories): its status, time, winners, game, origin, the
# rules that scored it, its deletion.
_SHOWN = (
    "(OLD.status IS NOT NEW.status OR OLD.played_at IS NOT NEW.played_at OR OLD.winners IS NOT NEW.winners "
    "OR OLD.game IS NOT NEW.game OR OLD.source IS NOT NEW.source OR OLD.played_zone IS NOT NEW.played_zone "
    "OR OLD.deleted_at IS NOT NEW.deleted_at OR OLD.engine_version IS NOT NEW.engine_version)"
)
_FINISHED = "EXISTS (SELECT 1 FROM plays WHERE id = {row}.play_id AND status = 'finished')"


def _seat_scopes(row: str) -> list[str]:
    """A seat's own play and player; of a finished play, its game and every player at that table (a
    total moves the others' ranks, margins and rivalries)."""
    finished = _FINISHED.format(row=row)
    return [
        f"SELECT 'play:' || {row}.play_id",
        f"SELECT 'player:' || {row}.player_id",
        f"SELECT 'game:' || game FROM plays WHERE id = {row}.play_id AND status = 'finished'",
        f"SELECT 'player:' || player_id FROM seats WHERE play_id = {row}.play_id AND {finished}",
    ]


def _play_scopes(row: str, listed: str, counted: str, dated: str) -> list[str]:
    """A play; when ``listed`` holds (a change a list of plays shows), its players; when ``counted``
    holds (it is or was finished), its game; when it is counted or ``dated`` (its date or status
    moved: the campaign panel orders the achievements by their plays' dates), Verdant's campaign."""
    return [
        f"SELECT 'play:' || {row}.id",
        f"SELECT 'player:' || player_id FROM seats WHERE play_id = {row}.id AND ({listed} OR {counted})",
        f"SELECT 'game:' || {row}.game WHERE {counted}",
        f"SELECT 'campaign' WHERE {row}.game = 'verdant' AND ({counted} OR {dated})",
    ]


_COUNTED = "(OLD.status = 'finished' OR NEW.status = 'finished')"
_DATED = "(OLD.played_at IS NOT NEW.played_at OR OLD.status IS NOT NEW.status OR OLD.deleted_at IS NOT NEW.deleted_at)"
_SCOPES: dict[tuple[str, str], list[str]] = {
    **{("players", e): ["SELECT 'shared'"] for e in ("INSERT", "UPDATE", "DELETE")},
    **{("settings", e): ["SELECT 'shared'"] for e in ("INSERT", "UPDATE", "DELETE")},
    ("plays", "INSERT"): _play_scopes("NEW", "0", "(NEW.status = 'finished')", "0"),
    ("plays", "UPDATE"): _play_scopes("OLD", _SHOWN, _COUNTED, _DATED) + _play_scopes("NEW", _SHOWN, _COUNTED, _DATED),
    ("plays", "DELETE"): _play_scopes("OLD", "1", "1", "1"),
    ("seats", "INSERT"): _seat_scopes("NEW"),
    ("seats", "UPDATE"): _seat_scopes("OLD") + _seat_scopes("NEW"),
    ("seats", "DELETE"): _seat_scopes("OLD"),
    ("edit_log", "INSERT"): ["SELECT 'play:' || NEW.play_id WHERE NEW.play_id IS NOT NULL"],
    **{("achievement_events", e): ["SELECT 'campaign'"] for e in ("INSERT", "UPDATE", "DELETE")},
    **{("arizona_cards", e): ["SELECT 'deck'"] for e in ("INSERT", "UPDATE", "DELETE")},
    **{
        (table, e): [f"SELECT 'play:' || {row}.play_id" for row in rows]
        for table in ("share_links", "photos")
        for e, rows in (("INSERT", ("NEW",)), ("UPDATE", ("OLD", "NEW")), ("DELETE", ("OLD",)))
    },
    **{
        ("play_records", e): [
            s
            for row in rows
            for s in (
                f"SELECT 'play:' || {row}.play_id",
                f"SELECT 'player:' || {row}.player_id WHERE {row}.player_id IS NOT NULL",
                f"SELECT 'player:' || {row}.previous_player_id WHERE {row}.previous_player_id IS NOT NULL",
            )
        ]
        for e, rows in (("INSERT", ("NEW",)), ("UPDATE", ("OLD", "NEW")), ("DELETE", ("OLD",)))
    },
}


@migrations()
def m014_cache_revisions(db: Database) -> None:
    """Page caches per play, player and game (issue 23.4, web/story/pagecache.py): ``cache_revisions``
    holds a counter per *scope* (``shared``: players and settings; ``play:N``; ``player:P``; ``game:G``:
    its finished plays; ``campaign``: Verdant's achievements and the plays they fell in; ``deck``: the
    learned Arizona cards; ``epoch``: moved by a rebuild of the derived tables or an import), moved by
    triggers on every write, whoever writes.  A page keys on the scopes it shows, so a save at one table
    leaves every other play's result page cached.  ``db_revision`` (m006) stays: the pages listing the
    whole history key on it.  A counter never goes back: rows are never deleted."""
    db["cache_revisions"].create({"scope": str, "n": int}, pk="scope", not_null={"n"})
    db.execute(
        "CREATE TRIGGER cache_revisions_no_delete BEFORE DELETE ON cache_revisions "
        "BEGIN SELECT RAISE(ABORT, 'cache_revisions only grow'); END"
    )
    for (table, event), selects in _SCOPES.items():
        union = " UNION ".join(["SELECT NULL AS scope WHERE 0", *selects])  # (the first names the column)
        db.execute(
            f"CREATE TRIGGER {table}_scopes_{event.lower()} AFTER {event} ON {table} BEGIN "
            f"INSERT INTO cache_revisions (scope, n) SELECT scope, 1 FROM ({union}) "
            "WHERE scope IS NOT NULL ON CONFLICT(scope) DO UPDATE SET n = n + 1; END"
        )


PLAYER_PLAYS_SQL = """
INSERT OR IGNORE INTO player_plays (player_id, play_id, game, played_at)
SELECT s.player_id, s.play_id, pl.game, pl.played_at FROM seats s JOIN plays pl ON pl.id = s.play_id {where}
"""


@migrations()
def m015_player_plays(db: Database) -> None:
    """Who sat at which play, in the order of the history (issue 23): one row per player and play
    (a player merged into another may hold two seats of one play: still one row), with the play's
    game and time, so that a player's plays newest first are a walk of their own rows on
    ``player_plays(player_id, played_at, play_id)`` (or ``(player_id, game, played_at, play_id)``),
    not of the whole history probing each play for their seat.  Kept by triggers on seats and plays,
    so every write follows it (the app, an import, the sqlite3 shell); rebuilt with the statistics
    (``web.data.aggregates.rebuild``)."""
    db.execute(
        "CREATE TABLE player_plays (player_id INTEGER NOT NULL, play_id INTEGER NOT NULL, game TEXT, "
        "played_at TEXT, PRIMARY KEY (player_id, play_id)) WITHOUT ROWID"
    )
    db.execute("CREATE INDEX player_plays_time ON player_plays (player_id, played_at, play_id)")
    db.execute("CREATE INDEX player_plays_game_time ON player_plays (player_id, game, played_at, play_id)")
    db.execute("CREATE INDEX player_plays_play ON player_plays (play_id)")
    # A seat added: its player and play (a seat written before its play, foreign keys off: the play's
    # own insert fills the game and time).  A seat removed or moved: its old pair goes when no seat of
    # that player is left at that play.
    add = ("INSERT OR IGNORE INTO player_plays (player_id, play_id, game, played_at) VALUES (NEW.player_id, "
           "NEW.play_id, (SELECT game FROM plays WHERE id = NEW.play_id), "
           "(SELECT played_at FROM plays WHERE id = NEW.play_id));")
    drop = ("DELETE FROM player_plays WHERE player_id = OLD.player_id AND play_id = OLD.play_id AND NOT EXISTS "
            "(SELECT 1 FROM seats WHERE player_id = OLD.player_id AND play_id = OLD.play_id);")
    db.execute(f"CREATE TRIGGER player_plays_seat_insert AFTER INSERT ON seats BEGIN {add} END")
    db.execute(f"CREATE TRIGGER player_plays_seat_delete AFTER DELETE ON seats BEGIN {drop} END")
    db.execute(
        "CREATE TRIGGER player_plays_seat_update AFTER UPDATE OF player_id, play_id ON seats "
        f"WHEN NEW.player_id IS NOT OLD.player_id OR NEW.play_id IS NOT OLD.play_id BEGIN {drop} {add} END"
    )
    db.execute(
        "CREATE TRIGGER player_plays_play_insert AFTER INSERT ON plays BEGIN "
        "UPDATE player_plays SET game = NEW.game, played_at = NEW.played_at WHERE play_id = NEW.id; END"
    )
    db.execute(
        "CREATE TRIGGER player_plays_play_update AFTER UPDATE OF game, played_at ON plays "
        "WHEN NEW.game IS NOT OLD.game OR NEW.played_at IS NOT OLD.played_at BEGIN "
        "UPDATE player_plays SET game = NEW.game, played_at = NEW.played_at WHERE play_id = NEW.id; END"
    )
    db.execute("CREATE TRIGGER player_plays_play_delete AFTER DELETE ON plays BEGIN "
               "DELETE FROM player_plays WHERE play_id = OLD.id; END")
    db.execute(PLAYER_PLAYS_SQL.format(where=""))
