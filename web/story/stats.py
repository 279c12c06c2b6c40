"""Statistics of the group's finished plays (docs/stats.md): a page per game (``/games/GAME``),
what a player's page shows about them, and the CSV export (``/export.csv``).

Everything is read from the derived tables of migration m006 (``stat_player_game``,
``stat_player_category``, ``stat_pairs``, kept current by ``web.data.aggregates``) and from the newest
plays on the ``plays(game, played_at)`` index, so a page reads a few rows however long the history
is.  The categories are the engine's, as stored per seat (``seats.breakdown``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import tzinfo
from typing import Any

from flask import Blueprint, Response, abort, request, stream_with_context
from flask.typing import ResponseReturnValue

import scoring
from web.data import times, zone
from web.data.db import get_db
from web.routes.pages import page
from web.story import charts, pagecache
from web.story.pagecache import cached

bp = Blueprint("stats", __name__)

RECENT = 20  # plays in a "totals over time" chart
CHART_PLAYERS = 6  # players in a chart of the whole group (the most frequent)


def _title(game: str) -> str:
    try:
        return scoring.get(game).title
    except KeyError:
        return game


def short_date(value: str | None, here: tzinfo) -> str:
    moment = times.local(value, here)
    return moment.strftime("%d %b").lstrip("0") if moment else (value or "")


def labels(dates: list[str | None], here: tzinfo | None = None) -> list[str]:
    """Short x labels for plays, oldest first, by their day in ``here`` (default: the group's
    zone); plays on the same day are numbered.

    >>> from zoneinfo import ZoneInfo
    >>> berlin = ZoneInfo("Europe/Berlin")
    >>> labels(["2026-11-20T19:00:00Z", "2026-11-20T22:30:00Z", "2026-11-21T19:00:00Z"], berlin)
    ['20 Nov (1)', '20 Nov (2)', '21 Nov']
    >>> labels(["2026-11-20T19:00:00Z", "2026-11-20T23:30:00Z"], berlin)  # 23:30Z: 00:30 the 21st
    ['20 Nov', '21 Nov']
    """
    here = here or zone.group_zone()
    short = [short_date(d, here) for d in dates]
    seen: dict[str, int] = {}
    out = []
    for label in short:
        if short.count(label) > 1:
            seen[label] = seen.get(label, 0) + 1
            out.append(f"{label} ({seen[label]})")
        else:
            out.append(label)
    return out


def average(total: float | int | None, count: int | None) -> float | None:
    return round(total / count, 1) if total is not None and count else None


def percent(part: int | None, whole: int | None) -> int | None:
    return round(100 * part / whole) if part is not None and whole else None


# ------------------------------------------------------------------------- reads


def games_played() -> list[dict[str, Any]]:
    """Each game with finished plays: how many, and the newest (``stat_game``: a row per game)."""
    rows = get_db().execute(
        "SELECT game, plays, last_played_at AS last FROM stat_game WHERE plays > 0 ORDER BY game"
    ).fetchall()
    return [dict(r) for r in rows]


def game_players(game: str) -> list[dict[str, Any]]:
    """Per player of ``game``: plays, wins (alone), shared wins, solo, average and best total."""
    rows = get_db().execute(
        "SELECT s.*, p.name FROM stat_player_game s JOIN players p ON p.id = s.player_id "
        "WHERE s.game = ? AND p.merged_into IS NULL ORDER BY s.plays DESC, p.name COLLATE NOCASE",
        [game],
    ).fetchall()
    out = []
    for r in rows:
        row = dict(r)
        row["average"] = average(r["total_sum"], r["plays"])
        row["win_rate"] = percent(r["wins"], r["table_plays"])
        row["shared_rate"] = percent(r["shared_wins"], r["table_plays"])
        out.append(row)
    return out


def game_categories(game: str) -> list[dict[str, Any]]:
    """The game's categories in the engine's order, each with every player's average and best."""
    rows = get_db().execute(
        "SELECT c.*, p.name FROM stat_player_category c JOIN players p ON p.id = c.player_id "
        "WHERE c.game = ? AND p.merged_into IS NULL ORDER BY c.position, c.category, c.plays DESC",
        [game],
    ).fetchall()
    categories: dict[str, dict[str, Any]] = {}
    for r in rows:
        cat = categories.setdefault(
            r["category"],
            {"key": r["category"], "label": r["label"], "position": r["position"], "players": {}},
        )
        cat["players"][r["player_id"]] = {
            "average": average(r["points_sum"], r["plays"]),
            "best": r["best"],
            "best_play_id": r["best_play_id"],
            "plays": r["plays"],
        }
        record = cat.get("record")
        if record is None or r["best"] > record["best"]:
            cat["record"] = {
                "best": r["best"],
                "play_id": r["best_play_id"],
                "player_id": r["player_id"],
                "name": r["name"],
            }
        cat["points_sum"] = cat.get("points_sum", 0) + (r["points_sum"] or 0)
        cat["plays"] = cat.get("plays", 0) + (r["plays"] or 0)
    for cat in categories.values():
        cat["average"] = average(cat["points_sum"], cat["plays"])
    return sorted(
        categories.values(), key=lambda c: (c["position"] if c["position"] is not None else 99, c["key"])
    )


def pairs(game: str, player_id: int | None = None) -> list[dict[str, Any]]:
    """Head to head in ``game``: every ordered pair (or those of ``player_id``), most plays first."""
    where = "s.game = ?"
    args: list[Any] = [game]
    if player_id is not None:
        where += " AND s.player_id = ?"
        args.append(player_id)
    rows = (
        get_db()
        .execute(
            "SELECT s.*, a.name AS name, b.name AS rival FROM stat_pairs s JOIN players a ON a.id = "
            "s.player_id "
            f"JOIN players b ON b.id = s.rival_id WHERE {where} AND a.merged_into IS NULL AND "
            "b.merged_into IS NULL "
            f"ORDER BY s.plays DESC, b.name COLLATE NOCASE",
            args,
        )
        .fetchall()
    )
    return [dict(r) for r in rows]


def recent_plays(game: str, limit: int = RECENT) -> list[dict[str, Any]]:
    """The newest finished plays of ``game``, oldest first, each with its seats."""
    db = get_db()
    plays = [
        dict(r)
        for r in db.execute(
            "SELECT id, played_at FROM plays WHERE game = ? AND status = 'finished' "
            "ORDER BY played_at DESC, id DESC LIMIT ?",
            [game, limit],
        ).fetchall()
    ][::-1]
    if plays:
        marks = ",".join("?" * len(plays))
        seats: dict[int, list[dict[str, Any]]] = {}
        for r in db.execute(
            "SELECT s.play_id, s.player_id, s.total, s.rank, p.name FROM seats s JOIN players p ON p.id "
            "= s.player_id "
            f"WHERE s.play_id IN ({marks}) ORDER BY s.position",
            [p["id"] for p in plays],
        ).fetchall():
            seats.setdefault(r["play_id"], []).append(dict(r))
        for p in plays:
            p["seats"] = seats.get(p["id"], [])
    return plays


def player_recent(player_id: int, game: str, limit: int = RECENT) -> list[dict[str, Any]]:
    """The player's newest finished plays of ``game``, oldest first, with the best of the others.
    (Walks the player's own plays of the game newest first on player_plays(player_id, game,
    played_at, play_id) (m015) and reads each play and seat by key: CROSS JOIN keeps that order, so
    the cost grows neither with the history nor with how long ago the player last played it.)"""
    rows = get_db().execute(
        "SELECT pl.id, pl.played_at, s.total, s.rank, "
        "(SELECT MAX(x.total) FROM seats x WHERE x.play_id = pl.id AND x.id != s.id) AS best_other "
        "FROM player_plays t CROSS JOIN plays pl ON pl.id = t.play_id "
        "CROSS JOIN seats s ON s.play_id = t.play_id AND s.player_id = t.player_id "
        "WHERE t.player_id = ? AND t.game = ? AND +pl.status = 'finished' AND s.total IS NOT NULL "
        "ORDER BY t.played_at DESC, t.play_id DESC LIMIT ?",
        [player_id, game, limit],
    ).fetchall()
    return [dict(r) for r in rows][::-1]


def player_games(player_id: int) -> list[dict[str, Any]]:
    rows = (
        get_db()
        .execute(
            "SELECT * FROM stat_player_game WHERE player_id = ? AND plays > 0 ORDER BY plays DESC, game",
            [player_id],
        )
        .fetchall()
    )
    out = []
    for r in rows:
        row = dict(r)
        row["average"] = average(r["total_sum"], r["plays"])
        row["win_rate"] = percent(r["wins"], r["table_plays"])
        out.append(row)
    return out


def player_categories(player_id: int, game: str) -> list[dict[str, Any]]:
    rows = get_db().execute(
        "SELECT * FROM stat_player_category WHERE player_id = ? AND game = ? ORDER BY position, category",
        [player_id, game],
    ).fetchall()
    return [dict(r, average=average(r["points_sum"], r["plays"])) for r in rows]


def play_details(ids: list[int]) -> dict[int, dict[str, Any]]:
    """Date and table of some plays (for the records' links and words)."""
    ids = sorted({i for i in ids if i})
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    db = get_db()
    plays = {r["id"]: dict(r, seats=[]) for r in db.execute(
        f"SELECT id, game, played_at FROM plays WHERE id IN ({marks})", ids).fetchall()}
    for r in db.execute(
        f"SELECT s.play_id, s.total, s.rank, p.name FROM seats s JOIN players p ON p.id = s.player_id "
        f"WHERE s.play_id IN ({marks}) ORDER BY s.rank, s.position", ids
    ).fetchall():
        plays[r["play_id"]]["seats"].append(dict(r))
    return plays


# ------------------------------------------------------------------------ assembly


@dataclass
class GameStory:
    game: str
    title: str
    plays: int = 0
    last: str | None = None
    players: list[dict[str, Any]] = field(default_factory=list)
    categories: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    charts: list[charts.Chart] = field(default_factory=list)
    pairs: list[dict[str, Any]] = field(default_factory=list)
    versus: dict[str, Any] | None = None


def _record(
    label: str, value: Any, who: str, play_id: int | None, detail: dict[str, Any] | None, words: str = ""
) -> dict[str, Any]:
    return {"label": label, "value": value, "who": who, "play_id": play_id,
            "played_at": detail["played_at"] if detail else None, "words": words}


def _margin_words(detail: dict[str, Any] | None) -> str:
    if not detail or len(detail["seats"]) < 2:
        return ""
    top, second = detail["seats"][0], detail["seats"][1]
    return f"{top['total']} to {second['name']}'s {second['total']}"


def game_story(game: str, a: int | None = None, b: int | None = None) -> GameStory:
    story = GameStory(game, _title(game))
    counted = next((g for g in games_played() if g["game"] == game), None)
    if counted:
        story.plays, story.last = counted["plays"], counted["last"]
    story.players = game_players(game)
    story.categories = game_categories(game)
    story.pairs = [p for p in pairs(game) if p["player_id"] < p["rival_id"]]
    by_id = {p["player_id"]: p for p in story.players}
    best = max(story.players, key=lambda p: (p["best"] if p["best"] is not None else -10**9), default=None)
    margin = max(
        (p for p in story.players if p["best_margin"] is not None),
        key=lambda p: p["best_margin"],
        default=None,
    )
    details = play_details(
        [best["best_play_id"] if best else 0, margin["best_margin_play_id"] if margin else 0]
        + [c["record"]["play_id"] for c in story.categories if c.get("record")]
    )
    if best and best["best"] is not None:
        story.records.append(_record("High score", best["best"], best["name"], best["best_play_id"],
                                     details.get(best["best_play_id"])))
    if margin:
        detail = details.get(margin["best_margin_play_id"])
        story.records.append(_record("Biggest win", f"+{margin['best_margin']}", margin["name"],
                                     margin["best_margin_play_id"], detail, _margin_words(detail)))
    most = max(story.players, key=lambda p: (p["wins"], p["plays"]), default=None)
    if most and most["wins"]:
        story.records.append(_record("Most wins", most["wins"], most["name"], None, None,
                                     f"of {most['table_plays']} table plays"))
    for cat in story.categories:
        rec = cat.get("record")
        if rec and rec["best"] is not None and rec["best"] > 0:  # "Best Bonus: 0" is no record
            story.records.append(_record(f"Best {cat['label']}", rec["best"], rec["name"], rec["play_id"],
                                         details.get(rec["play_id"])))
    story.charts = game_charts(game, story)
    if a and b and a != b and a in by_id and b in by_id:
        found = next((p for p in pairs(game, a) if p["rival_id"] == b), None)
        story.versus = {"a": by_id[a], "b": by_id[b], "pair": found}
    return story


def game_charts(game: str, story: GameStory) -> list[charts.Chart]:
    out = []
    recent = recent_plays(game)
    if recent:
        counts: dict[int, int] = {}
        names: dict[int, str] = {}
        for p in recent:
            for s in p["seats"]:
                counts[s["player_id"]] = counts.get(s["player_id"], 0) + 1
                names[s["player_id"]] = s["name"]
        shown = sorted(counts, key=lambda i: (-counts[i], names[i].casefold()))[:CHART_PLAYERS]
        series = []
        for pid in shown:
            values = []
            for p in recent:
                seat = next((s for s in p["seats"] if s["player_id"] == pid), None)
                values.append(seat["total"] if seat else None)
            series.append((names[pid], values))
        out.append(
            charts.line(
                f"Totals in the last {len(recent)} plays",
                labels([p["played_at"] for p in recent]),
                series,
                x_heading="Play",
            )
        )
    players = story.players[:CHART_PLAYERS]
    if players and story.categories:
        series = [
            (cat["label"], [cat["players"].get(p["player_id"], {}).get("average") for p in players])
            for cat in story.categories
        ]
        out.append(
            charts.bars(
                "What each player scores with (average points per play)",
                [p["name"] for p in players],
                series,
                stacked=True,
                corner="Player",
            )
        )
    return out


@dataclass
class PlayerGame:
    game: str
    title: str
    stats: dict[str, Any]
    records: list[dict[str, Any]]
    rivals: list[dict[str, Any]]
    charts: list[charts.Chart]


def player_story(player_id: int) -> list[PlayerGame]:
    """What a player's page shows per game they played: records, rivals and two charts."""
    out = []
    found = get_db().execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()
    name = found[0] if found else "This player"
    for row in player_games(player_id):
        game = row["game"]
        cats = player_categories(player_id, game)
        everyone = {c["key"]: c for c in game_categories(game)}
        details = play_details(
            [row["best_play_id"], row["best_margin_play_id"]] + [c["best_play_id"] for c in cats]
        )
        records = [
            _record("Best total", row["best"], "", row["best_play_id"], details.get(row["best_play_id"]))
        ]
        if row["best_margin"] is not None:
            detail = details.get(row["best_margin_play_id"])
            records.append(
                _record(
                    "Biggest win",
                    f"+{row['best_margin']}",
                    "",
                    row["best_margin_play_id"],
                    detail,
                    _margin_words(detail),
                )
            )
        for c in cats:
            if c["best"] is None or c["best"] <= 0:
                continue
            records.append(
                _record(
                    f"Best {c['label']}", c["best"], "", c["best_play_id"], details.get(c["best_play_id"])
                )
            )
        recent = player_recent(player_id, game)
        made = []
        if recent:
            made.append(
                charts.line(
                    f"Totals in the last {len(recent)} plays",
                    labels([p["played_at"] for p in recent]),
                    [
                        ("Total", [p["total"] for p in recent]),
                        ("Best of the others", [p["best_other"] for p in recent]),
                    ],
                )
            )
        if cats:
            made.append(
                charts.bars(
                    "Average points per category",
                    [c["label"] for c in cats],
                    [
                        (name, [c["average"] for c in cats]),
                        (
                            "Everyone",
                            [
                                everyone[c["category"]]["average"] if c["category"] in everyone else None
                                for c in cats
                            ],
                        ),
                    ],
                    stacked=False,
                    corner="Category",
                )
            )
        out.append(PlayerGame(game, _title(game), row, records, pairs(game, player_id)[:5], made))
    return out


# --------------------------------------------------------------------------- views


@bp.get("/games")
@cached
def games() -> ResponseReturnValue:
    counted = {g["game"]: g for g in games_played()}
    listed = [{"game": g_.name, "title": g_.title, "plays": counted.get(g_.name, {}).get("plays", 0),
               "last": counted.get(g_.name, {}).get("last")} for g_ in scoring.games()]
    listed += [{"game": name, "title": name, **row} for name, row in counted.items()
               if name not in {g_.name for g_ in scoring.games()}]
    return page("games/index.html", games=listed)


@bp.get("/games/<game>")
@cached(scopes=pagecache.game_scopes)
def game(game: str) -> ResponseReturnValue:
    known = {g_.name for g_ in scoring.games()}
    if game not in known and not any(g["game"] == game for g in games_played()):
        abort(404)
    a, b = _int_arg("a"), _int_arg("b")
    story = game_story(game, a, b)
    return page(
        "games/stats.html",
        "versus" if request.args.get("fragment") == "versus" else None,
        story=story,
        a=a,
        b=b,
    )


def _int_arg(name: str) -> int | None:
    value = request.args.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 12 else None


# ----------------------------------------------------------------------------- CSV

CSV_COLUMNS = (
    "play_id",
    "game",
    "played_at",
    "finished_at",
    "player",
    "position",
    "rank",
    "category",
    "points",
    "total",
)


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet would read as a formula is written with a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


EXPORT_CHUNK = 200  # plays read at a time by the CSV export


def csv_rows(game: str | None = None, player_id: int | None = None,
             chunk: int = EXPORT_CHUNK) -> Iterator[tuple[Any, ...]]:
    """One row per seat and scoring category of every finished play, oldest first.

    Read ``chunk`` plays at a time, walking plays(played_at, id) from the last key read (no sort of
    the whole history, so the first rows come at once), each chunk one short statement whose rows are
    all fetched before the next is asked for: memory stays at one chunk, and no read transaction is
    held open while the rows travel to the client (the writer's checkpoints are not held back).  A
    play finished while the export runs is in it if it sorts after the rows already sent."""
    where = ["pl.status = 'finished'"]
    args: list[Any] = []
    if game:
        where.append("pl.game = ?")
        args.append(game)
    if player_id:
        where.append("EXISTS (SELECT 1 FROM seats x WHERE x.play_id = pl.id AND x.player_id = ?)")
        args.append(player_id)
    db = get_db()
    key: tuple[str, int] | None = None
    while True:
        after = " AND (pl.played_at, pl.id) > (?, ?)" if key else ""
        plays = db.execute(
            f"SELECT pl.id, pl.played_at FROM plays pl WHERE {' AND '.join(where)}{after} "
            "ORDER BY pl.played_at, pl.id LIMIT ?",
            args + (list(key) if key else []) + [chunk],
        ).fetchall()
        if not plays:
            return
        key = (plays[-1][1], plays[-1][0])
        yield from _csv_chunk(db, [r[0] for r in plays], player_id)
        if len(plays) < chunk:
            return


def _csv_chunk(db: Any, play_ids: list[int], player_id: int | None) -> Iterator[tuple[Any, ...]]:
    marks = ",".join("?" * len(play_ids))
    only = " AND s.player_id = ?" if player_id else ""
    rows = db.execute(
        "SELECT pl.id, pl.game, pl.played_at, pl.finished_at, p.name, s.position, s.rank, "
        "json_extract(c.value, '$.label'), json_extract(c.value, '$.points'), s.total "
        "FROM plays pl JOIN seats s ON s.play_id = pl.id JOIN players p ON p.id = s.player_id, "
        "json_each(s.breakdown) c "
        f"WHERE pl.id IN ({marks}) AND s.total IS NOT NULL AND json_valid(s.breakdown){only} "
        "ORDER BY pl.played_at, pl.id, s.position, CAST(c.key AS INTEGER)",
        play_ids + ([player_id] if player_id else []),
    ).fetchall()
    for row in rows:
        yield (
            row[0],
            row[1],
            row[2],
            row[3] or "",
            _cell(row[4]),
            row[5] + 1,
            row[6],
            _cell(row[7]),
            row[8],
            row[9],
        )


@bp.get("/export.csv")
def export_csv() -> ResponseReturnValue:
    game = request.args.get("game") or None
    if game and game not in {g_.name for g_ in scoring.games()}:
        game = None
    player_id = _int_arg("player")

    def generate() -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(CSV_COLUMNS)
        for n, row in enumerate(csv_rows(game, player_id), 1):
            writer.writerow(row)
            if n % 500 == 0:
                yield buffer.getvalue()
                buffer.seek(0)
                buffer.truncate()
        yield buffer.getvalue()

    stamp = zone.shown(times.now(), "%Y%m%d-%H%M")
    name = f"scorepad-{game + '-' if game else ''}{stamp}.csv"
    return Response(
        stream_with_context(generate()),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
    )
