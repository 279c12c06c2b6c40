"""The derived statistics of the group's story (docs/stats.md): per player and game, per player,
game and scoring category, and per pair of players, over finished plays.  Rebuilt from the seats
for the players a change touches (``refresh``, called by :func:`refresh_stats` inside the
write transaction) or for everyone (``rebuild``, after an import or a bench seeding)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from migrations.migrations import (
    PLAYER_STATS_SQL,
    STORY_CATEGORY_SQL,
    STORY_GAME_SQL,
    STORY_PAIRS_SQL,
    STORY_PLAYER_SQL,
)
from web.data import records
from web.data.db import get_db

TABLES = ("stat_player_game", "stat_player_category", "stat_pairs", "stat_game", "stat_seat", "play_records")


def refresh(db: Any, player_ids: Iterable[int]) -> None:
    """Recompute the rows of these players (``db``: a sqlite-utils Database or a sqlite3
    connection, inside the caller's transaction)."""
    ids = sorted({int(i) for i in player_ids})
    if not ids:
        return
    marks = ",".join("?" * len(ids))
    db.execute(f"DELETE FROM stat_player_game WHERE player_id IN ({marks})", ids)
    db.execute(f"DELETE FROM stat_player_category WHERE player_id IN ({marks})", ids)
    db.execute(f"DELETE FROM stat_pairs WHERE player_id IN ({marks}) OR rival_id IN ({marks})", ids + ids)
    db.execute(STORY_PLAYER_SQL.format(where=f"AND s.player_id IN ({marks})"), ids)
    db.execute(STORY_CATEGORY_SQL.format(where=f"AND s.player_id IN ({marks})"), ids)
    # Only the plays these players sat at, then the pairs that name one of them.
    db.execute(
        STORY_PAIRS_SQL.format(
            where=f"AND a.play_id IN (SELECT play_id FROM seats WHERE player_id IN ({marks})) "
            f"AND (a.player_id IN ({marks}) OR b.player_id IN ({marks}))"
        ),
        ids * 3,
    )
    db.execute("DELETE FROM stat_game")  # plays per game: one scan of an index, at a finish or reopen
    db.execute(STORY_GAME_SQL)


def rebuild(db: Any) -> None:
    """Recompute every row (inside the caller's transaction)."""
    for table in TABLES[:4]:
        db.execute(f"DELETE FROM {table}")
    db.execute(STORY_PLAYER_SQL.format(where=""))
    db.execute(STORY_CATEGORY_SQL.format(where=""))
    db.execute(STORY_PAIRS_SQL.format(where=""))
    db.execute(STORY_GAME_SQL)
    records.rebuild(db)  # stat_seat and play_records (deleted there)


def refresh_stats(player_ids: Iterable[int], plays: Iterable[int] = ()) -> None:
    """Recompute the statistics rows of these players from their seats (inside the caller's
    transaction).  Called when a play is finished or reopened, changed while finished, or when
    players are merged.  ``plays``: the plays this change is about, whose records (and those of
    the later plays of their game) follow (``web.data.records``)."""
    ids = sorted({int(i) for i in player_ids})
    if not ids:
        return
    db = get_db()
    marks = ",".join("?" * len(ids))
    db.execute(f"DELETE FROM player_stats WHERE player_id IN ({marks})", ids)
    db.execute(
        "INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=f"AND s.player_id IN ({marks})"), ids
    )
    refresh(db, ids)  # the game and player pages' statistics (docs/stats.md)
    for play_id in sorted(set(plays)):
        records.refresh_play(db, play_id)
