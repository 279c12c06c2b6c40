"""Scorepad's schema, as numbered sqlite-utils migrations applied at start-up.

Add a new function at the end (m002_..., m003_...); never edit one that has shipped.
"""

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorepad")


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


# The statistics of a player per game over finished plays, kept up to date by web.store whenever a
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
