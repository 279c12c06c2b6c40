"""The derived statistics of the group's story (docs/stats.md): per player and game, per player,
game and scoring category, and per pair of players, over finished plays.

Kept by difference (issue 23.1): :func:`play_changed`, called in the write transaction of every
change that makes a play count, stop counting or count differently (finish, a correction, reopen,
delete, restore, a rescore, a merge of players), subtracts what the play counted for before (its
*facts*, stored when it was counted: ``stat_play_facts``, ``stat_seat_facts``,
``stat_category_facts``, migration m013) and adds what it counts for now: counts and sums move by
that difference, and a best, a first or a last is read again from the facts' indexes (one row each),
never by reading a history.  :func:`rebuild` recomputes every table from the stored plays
(``flask --app app rebuild-stats``, an import, a bench seeding); a property test checks that any
sequence of changes leaves what it gives (``tests/web/test_stats_by_difference.py``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from migrations.migrations import (
    CATEGORY_FACTS_SQL,
    PLAY_FACTS_SQL,
    PLAYER_PLAYS_SQL,
    PLAYER_STATS_SQL,
    SEAT_FACTS_SQL,
    STORY_CATEGORY_SQL,
    STORY_GAME_SQL,
    STORY_PAIRS_SQL,
    STORY_PLAYER_SQL,
)
from web.data import records
from web.data.db import get_db

TABLES = ("stat_player_game", "stat_player_category", "stat_pairs", "stat_game", "stat_seat", "play_records")
FACTS = ("stat_play_facts", "stat_seat_facts", "stat_category_facts")
#: who sat at which play in the history's order (m015): kept by triggers on seats and plays, so every
#: write follows it; rebuilt here with the rest (a database written with its triggers missing)
INDEXES = ("player_plays",)

_SEAT = ("SELECT player_id, game, total, rank, nseats, nwin, played_at, margin FROM stat_seat_facts "
         "WHERE play_id = ?")
_CATEGORY = ("SELECT player_id, game, category, points, idx, label, played_at FROM stat_category_facts "
             "WHERE play_id = ?")
_PLAY = "SELECT game, played_at FROM stat_play_facts WHERE play_id = ?"


def rebuild(db: Any) -> None:
    """Recompute every row of the story's statistics, the facts and the records (inside the caller's
    transaction; ``player_stats`` is rebuilt by web.data.backup.rebuild_derived)."""
    for table in TABLES[:4] + FACTS + INDEXES:
        db.execute(f"DELETE FROM {table}")
    db.execute(PLAYER_PLAYS_SQL.format(where=""))
    db.execute(STORY_PLAYER_SQL.format(where=""))
    db.execute(STORY_CATEGORY_SQL.format(where=""))
    db.execute(STORY_PAIRS_SQL.format(where=""))
    db.execute(STORY_GAME_SQL)
    db.execute(PLAY_FACTS_SQL.format(where=""))
    db.execute(SEAT_FACTS_SQL.format(where=""))
    db.execute(CATEGORY_FACTS_SQL.format(where=""))
    records.rebuild(db)  # stat_seat and play_records (deleted there)


def plays_changed(play_ids: Iterable[int], db: Any = None) -> None:
    """:func:`play_changed` for each of these plays."""
    for play_id in sorted({int(i) for i in play_ids}):
        play_changed(play_id, db)


def play_changed(play_id: int, db: Any = None) -> None:
    """Bring every statistic to what it is with this play as it is stored now (inside the caller's
    write transaction): what it counted for before is subtracted, what it counts for now added;
    then its records (and those of the later plays of its game, ``web.data.records``).  Calling it
    again changes nothing."""
    db = db if db is not None else get_db()
    before = _facts(db, play_id)
    for table in FACTS:
        db.execute(f"DELETE FROM {table} WHERE play_id = ?", [play_id])
    where = "AND pl.id = ?"
    db.execute(PLAY_FACTS_SQL.format(where=where), [play_id])
    db.execute(SEAT_FACTS_SQL.format(where=where), [play_id])
    db.execute(CATEGORY_FACTS_SQL.format(where=where), [play_id])
    after = _facts(db, play_id)
    if before != after:
        _apply(db, before, -1)
        _apply(db, after, 1)
        _extremes(db, before, after)
    records.refresh_play(db, play_id)


Facts = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]  # seats, categories, play


def _facts(db: Any, play_id: int) -> Facts:
    seats = sorted((tuple(r) for r in db.execute(_SEAT, [play_id])), key=repr)
    categories = sorted((tuple(r) for r in db.execute(_CATEGORY, [play_id])), key=repr)
    plays = [tuple(r) for r in db.execute(_PLAY, [play_id])]
    return seats, categories, plays


def _apply(db: Any, facts: Facts, sign: int) -> None:
    """Add (``sign`` 1) or subtract (-1) the counts and sums of one play's facts."""
    seats, categories, plays = facts
    stats, games = _seat_counts(seats, sign)
    for (player, game), (n, wins, total_sum, best) in stats.items():
        _add(db, "player_stats", ("player_id", "game"), (player, game),
             {"plays": n, "wins": wins, "total_sum": total_sum}, {"best": best})
    names = ("plays", "table_plays", "wins", "shared_wins", "solo_plays", "solo_wins", "total_sum")
    for key, values in games.items():
        _add(db, "stat_player_game", ("player_id", "game"), key, dict(zip(names, values, strict=True)), {})
    cats: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0])
    for player, game, category, points, *_ in categories:
        cats[(player, game, category)][0] += sign
        cats[(player, game, category)][1] += sign * points
    for key, (n, points_sum) in cats.items():
        _add(db, "stat_player_category", ("player_id", "game", "category"), key,
             {"plays": n, "points_sum": points_sum}, {})
    for key, values in _pair_counts(seats, sign).items():
        _add(db, "stat_pairs", ("game", "player_id", "rival_id"), key,
             dict(zip(("plays", "ahead", "behind", "level"), values, strict=True)), {})
    for game, _ in plays:
        _add(db, "stat_game", ("game",), (game,), {"plays": sign}, {})


Counts = dict[tuple[Any, ...], list[int]]


def _seat_counts(seats: list[tuple[Any, ...]], sign: int) -> tuple[Counts, Counts]:
    """Per (player, game): ``player_stats``' plays, wins, total sum (and a best to start a new row
    with), and ``stat_player_game``'s counts (the columns of migrations.STORY_PLAYER_SQL)."""
    stats: Counts = defaultdict(lambda: [0] * 4)
    games: Counts = defaultdict(lambda: [0] * 7)
    for player, game, total, rank, nseats, nwin, *_ in seats:
        table, solo, first = int(nseats > 1), int(nseats == 1), int(rank == 1)
        for row, values in (
            (stats[(player, game)], (1, first, total, total)),
            (games[(player, game)], (1, table, table * first * int(nwin == 1), table * first * int(nwin > 1),
                                     solo, solo * int(nwin > 0), total)),
        ):
            for i, value in enumerate(values):
                row[i] += sign * value
    return stats, games


def _pair_counts(seats: list[tuple[Any, ...]], sign: int) -> Counts:
    """Per (game, player, rival) who sat at this play: plays, ahead, behind, level (as
    migrations.STORY_PAIRS_SQL counts them: a rank that is not known compares as nothing)."""
    pairs: Counts = defaultdict(lambda: [0] * 4)
    for a in seats:
        for b in seats:
            if a[0] == b[0]:
                continue
            ranked = a[3] is not None and b[3] is not None
            ahead, behind = int(ranked and a[3] < b[3]), int(ranked and a[3] > b[3])
            values = (1, ahead, behind, int(ranked and a[3] == b[3]))
            row = pairs[(a[1], a[0], b[0])]
            for i, value in enumerate(values):
                row[i] += sign * value
    return pairs


def _add(db: Any, table: str, keys: tuple[str, ...], key: tuple[Any, ...], counts: dict[str, int],
         first: dict[str, Any]) -> None:
    """Move a row's counts by ``counts`` (a new row: with ``first`` for its other required columns,
    set right by :func:`_extremes`); a row whose plays fall to 0 is deleted, as a rebuild has none."""
    where = " AND ".join(f"{k} = ?" for k in keys)
    found = db.execute(f"SELECT plays FROM {table} WHERE {where}", list(key)).fetchone()
    if found is None:
        columns = [*keys, *counts, *first]
        db.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [*key, *counts.values(), *first.values()],
        )
    elif found[0] + counts["plays"] <= 0:
        db.execute(f"DELETE FROM {table} WHERE {where}", list(key))
        return
    else:
        sets = ", ".join(f"{c} = {c} + ?" for c in counts)
        db.execute(f"UPDATE {table} SET {sets} WHERE {where}", [*counts.values(), *key])


def _extremes(db: Any, *facts: Facts) -> None:
    """Each best, first and last of the rows the play's facts name, read again from the facts'
    indexes (one row each; the row may have lost the play that held it)."""
    for player, game in sorted({(s[0], s[1]) for f in facts for s in f[0]}):
        key = [player, game]
        best = db.execute(
            "SELECT total, play_id FROM stat_seat_facts WHERE player_id = ? AND game = ? "
            "ORDER BY total DESC, played_at, play_id LIMIT 1", key).fetchone()
        if best is None:
            continue  # (the rows were deleted with their last play)
        margin = db.execute(
            "SELECT margin, play_id FROM stat_seat_facts WHERE player_id = ? AND game = ? "
            "AND margin IS NOT NULL ORDER BY margin DESC, played_at, play_id LIMIT 1", key).fetchone()
        last = db.execute("SELECT MAX(played_at) FROM stat_seat_facts WHERE player_id = ? AND game = ?",
                          key).fetchone()[0]
        db.execute("UPDATE player_stats SET best = ? WHERE player_id = ? AND game = ?", [best[0], *key])
        db.execute(
            "UPDATE stat_player_game SET best = ?, best_play_id = ?, best_margin = ?, "
            "best_margin_play_id = ?, last_played_at = ? WHERE player_id = ? AND game = ?",
            [*best, *(margin or (None, None)), last, *key],
        )
    for player, game, category in sorted({c[:3] for f in facts for c in f[1]}):
        key = [player, game, category]
        top = db.execute(
            "SELECT points, play_id, label FROM stat_category_facts WHERE player_id = ? AND game = ? "
            "AND category = ? ORDER BY points DESC, played_at, play_id LIMIT 1", key).fetchone()
        if top is None:
            continue
        position = db.execute(
            "SELECT MIN(idx) FROM stat_category_facts WHERE player_id = ? AND game = ? AND category = ?",
            key).fetchone()[0]
        db.execute(
            "UPDATE stat_player_category SET best = ?, best_play_id = ?, label = ?, position = ? "
            "WHERE player_id = ? AND game = ? AND category = ?",
            [*top, position, *key],
        )
    for game in sorted({p[0] for f in facts for p in f[2]}):
        span = db.execute("SELECT MIN(played_at), MAX(played_at) FROM stat_play_facts WHERE game = ?",
                          [game]).fetchone()
        db.execute("UPDATE stat_game SET first_played_at = ?, last_played_at = ? WHERE game = ?",
                   [*span, game])


def refresh_stats(player_ids: Iterable[int], plays: Iterable[int] = ()) -> None:
    """Recompute the statistics rows of these players from their seats (inside the caller's
    transaction): a full recompute of their rows, linear in their histories.  The save paths call
    :func:`play_changed` instead; kept for a repair by hand.  ``plays``: the plays whose records
    follow (``web.data.records``)."""
    ids = sorted({int(i) for i in player_ids})
    if not ids:
        return
    db = get_db()
    marks = ",".join("?" * len(ids))
    db.execute(f"DELETE FROM player_stats WHERE player_id IN ({marks})", ids)
    db.execute(
        "INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=f"AND s.player_id IN ({marks})"), ids
    )
    db.execute(f"DELETE FROM stat_player_game WHERE player_id IN ({marks})", ids)
    db.execute(f"DELETE FROM stat_player_category WHERE player_id IN ({marks})", ids)
    db.execute(f"DELETE FROM stat_pairs WHERE player_id IN ({marks}) OR rival_id IN ({marks})", ids + ids)
    db.execute(STORY_PLAYER_SQL.format(where=f"AND s.player_id IN ({marks})"), ids)
    db.execute(STORY_CATEGORY_SQL.format(where=f"AND s.player_id IN ({marks})"), ids)
    db.execute(
        STORY_PAIRS_SQL.format(
            where=f"AND a.play_id IN (SELECT play_id FROM seats WHERE player_id IN ({marks})) "
            f"AND (a.player_id IN ({marks}) OR b.player_id IN ({marks}))"
        ),
        ids * 3,
    )
    db.execute("DELETE FROM stat_game")
    db.execute(STORY_GAME_SQL)
    for play_id in sorted(set(plays)):
        records.refresh_play(db, play_id)
