"""Stored totals follow the engine: plays scored by an older engine version are rescored at
start-up (in the background) and by ``flask --app app rescore`` (docs/architecture.md)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

import scoring
from scoring.core import Category
from web.data import times
from web.data.aggregates import play_changed
from web.data.db import get_db, write
from web.data.store import Play, _log, get_play
from web.table.evaluate import Evaluation
from web.table.service import recompute_play


@click.command("rescore")
@with_appcontext
def rescore_command() -> None:
    """Rescore every play whose totals were computed by an older engine version."""

    stale = stale_plays()
    changed: list[str] = []
    with click.progressbar(length=len(stale), label="Rechecking plays under the new rules",
                           show_pos=True, show_percent=True) as bar:

        def step(play_id: int, lines: list[str]) -> None:
            bar.update(1)
            if lines:
                changed.append(f"play {play_id}: " + "; ".join(lines))

        count = rescore_stale("flask rescore", step, stale)
    for line in changed:  # (after the bar: a line printed under it would break it on a terminal)
        click.echo(line)
    click.echo(f"Rescored {count} play{'s' if count != 1 else ''}.")


def rescore_in_background(app: Flask) -> threading.Thread | None:
    """At start-up: rescore the stale plays in a background thread (the pages answer meanwhile;
    each play is one transaction).  None when there is nothing to do."""

    progress: Progress = app.extensions["scorepad_rescore_progress"]
    pause = float(app.config.get("RESCORE_PAUSE", 0.002))

    def run() -> None:
        with app.app_context():
            try:
                count = rescore_stale("Scorepad (start-up)", progress=progress, pause=pause)
            except sqlite3.Error as exc:  # e.g. a read-only database: the plays keep their totals
                progress.stopped = str(exc)
                app.logger.warning("rescoring at start-up stopped: %s", exc)
                return
            finally:
                progress.running = False
                progress.current = None
            if count:
                app.logger.info("rescored %d plays with the current engines", count)

    with app.app_context():
        try:
            total = still_to_recheck()
        except sqlite3.Error:
            return None
    if not total:
        return None
    progress.total, progress.running, progress.started_at = total, True, times.now()
    thread = threading.Thread(target=run, name="scorepad-rescore", daemon=True)
    thread.start()
    return thread


@dataclass
class Progress:
    """This process's start-up rescore: ``total`` stale plays when it began, how many are ``done``,
    the ``failed`` ones (they keep their stored totals and are logged), the play at hand, and
    ``stopped``: why it stopped early (a storage error), if it did."""

    total: int = 0
    done: int = 0
    failed: set[int] = field(default_factory=set)
    started_at: str | None = None
    current: int | None = None
    running: bool = False
    stopped: str | None = None


def init_app(app: Flask) -> None:
    app.cli.add_command(rescore_command)
    app.extensions["scorepad_rescore_progress"] = Progress()

    @app.context_processor
    def rescore_globals() -> dict[str, Any]:
        return {"rechecking": being_rechecked, "recheck_progress": progress_now}

    if app.config.get("RESCORE_ON_START", True):
        app.extensions["scorepad_rescore"] = rescore_in_background(app)


def _current() -> dict[str, str]:
    return {game.name: game.engine_version for game in scoring.games() if game.ready}


def still_to_recheck() -> int:
    """How many plays are still stale, from the database (so true whichever process rescores):
    one count per game."""
    db = get_db()
    return sum(
        db.execute(
            "SELECT COUNT(*) FROM plays WHERE game = ? AND engine_version IS NOT NULL "
            "AND engine_version != ?",
            [name, version],
        ).fetchone()[0]
        for name, version in _current().items()
    )


def being_rechecked(play_id: int) -> bool:
    """Whether a page should say that this play's stored totals may still change: it is stale and a
    rescore is running or pending (not one that failed on it, nor a start-up rescore that stopped)."""
    progress: Progress | None = current_app.extensions.get("scorepad_rescore_progress")
    if progress is not None and (progress.stopped or play_id in progress.failed):
        return False
    cache: dict[int, bool] = g.setdefault("scorepad_rechecking", {})
    if play_id not in cache:
        row = get_db().execute("SELECT game, engine_version FROM plays WHERE id = ?", [play_id]).fetchone()
        current = _current()
        cache[play_id] = bool(
            row is not None and row["engine_version"] is not None and row["game"] in current
            and row["engine_version"] != current[row["game"]]
        )
    return cache[play_id]


def shown(play: Play) -> Evaluation:
    """The evaluation a page shows of ``play``: its running engine's, except for a finished play
    that is being rechecked (:func:`being_rechecked`), which shows the totals, ranks, lines and
    winners *stored* by the rules that scored it until its rescore stores the new ones (issue 23.2:
    the pad, the history and the pictures then agree, and the page says the totals may change).
    What is stored is the pad (``seats.breakdown``, ``plays.winners``); what only the engine tells
    (a game's panel, its warnings) is the running engine's."""
    evaluation = play.evaluate()
    fresh = evaluation.result
    if fresh is None or not play.finished or not being_rechecked(play.id):
        return evaluation
    rows = get_db().execute(
        "SELECT total, rank, breakdown FROM seats WHERE play_id = ? ORDER BY position", [play.id]
    ).fetchall()
    if len(rows) != len(fresh.players) or any(r["total"] is None or r["breakdown"] is None for r in rows):
        return evaluation  # nothing whole stored to show (an old row): the running engine's
    players = tuple(
        replace(
            now,
            total=r["total"],
            rank=r["rank"],
            categories=tuple(
                Category(c["key"], c["label"], c["points"], tuple(c["details"]),
                         tuple(tuple(x) for x in c.get("refs", [])))
                for c in json.loads(r["breakdown"])
            ),
            tiebreak=now.tiebreak if now.total == r["total"] else None,
        )
        for now, r in zip(fresh.players, rows)
    )
    stored = replace(fresh, players=players, winners=tuple(play.winners), tiebreak=play.tiebreak)
    return replace(evaluation, result=stored)


def progress_now() -> tuple[int, int] | None:
    """(done, total) for Settings while plays are still stale, else None.  The plays left are
    counted in the database; the total is this process's count at start-up when it has one (a
    rescore run elsewhere: the plays left are the total, none done yet as far as this one knows)."""
    try:
        left = still_to_recheck()
    except sqlite3.Error:
        return None
    if not left:
        return None
    progress: Progress | None = current_app.extensions.get("scorepad_rescore_progress")
    if progress is not None and progress.stopped:
        return None
    total = max(progress.total if progress else 0, left)
    return total - left, total


def stale_plays(limit: int | None = None) -> list[int]:
    """The plays whose stored totals were computed by another version of their game's engine
    than the one running now (any change to a score or a validation bumps a game's version)."""
    current = _current()
    out: list[int] = []
    for row in (
        get_db()
        .execute("SELECT id, game, engine_version FROM plays WHERE engine_version IS NOT NULL ORDER BY id")
        .fetchall()
    ):
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
        row = db.execute("SELECT game, engine_version FROM plays WHERE id = ?", [play_id]).fetchone()
        if row is None or row["engine_version"] == _current().get(row["game"]):
            return []  # (rescored meanwhile: by a save at the table, another process)
        before = get_play(play_id)
        old_version = row["engine_version"]
        play, evaluation = recompute_play(play_id)
        version = play.game_info.engine_version
        lines: list[str] = []
        for old, new in zip(before.seats, play.seats):
            if old.total != new.total:
                lines.append(f"{new.name}: rescored by engine {version}: {old.total} -> {new.total}")
                _log(
                    play_id,
                    new.id,
                    new.player_id,
                    who,
                    "rescored",
                    {"total": old.total, "engine": old_version},
                    {"total": new.total, "engine": version},
                )
        if not lines:
            _log(play_id, None, None, who, "rescored", {"engine": old_version}, {"engine": version})
        if evaluation.result is None and old_version is not None:
            lines.append(f"no longer scores under engine {version}: a seat needs a correction")
        if not play.finished:  # (a finished play's statistics followed in recompute_play)
            play_changed(play_id)
    return lines


def rescore_stale(
    who: str = "Scorepad",
    each: Callable[[int, list[str]], None] | None = None,
    plays: list[int] | None = None,
    *,
    progress: Progress | None = None,
    pause: float = 0.0,
) -> int:
    """Rescore every stale play (see :func:`stale_plays`), one short transaction each: the write
    lock is let go between plays, and ``pause`` seconds pass before the next one takes it, so a
    save at the table waits for one play at most.  A play whose rescore fails (not the storage:
    that stops it) keeps its stored totals, is logged and skipped.  The count rescored."""
    count = 0
    for play_id in stale_plays() if plays is None else plays:
        if progress is not None:
            progress.current = play_id
        try:
            lines = rescore(play_id, who)
        except sqlite3.Error:
            raise
        except Exception:  # a damaged play, an engine bug: the others are still rescored
            current_app.logger.exception("rescoring play %d failed", play_id)
            if progress is not None:
                progress.failed.add(play_id)
            continue
        count += 1
        if progress is not None:
            progress.done += 1
        if each is not None:
            each(play_id, lines)
        time.sleep(pause)  # (0: still lets the other threads run)
    return count
