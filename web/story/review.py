"""The year in review (issue 27, ``/review/YEAR``, docs/stats.md "The year in review"): plays per
game, time played (from the plays' lengths: started to finished), the most played game, each
player's best score per game, the records of the year, head to head of the year, plays per month
as a chart, and a share image of the year (``/review/YEAR/share.png``).  Linked from the home page
in December (this year) and January (last year).

Read from ``plays`` (on ``plays(played_at, id)``), ``stat_seat`` and ``play_records`` (the records'
tables, ``web.data.records``) for the year's range of ``played_at``; repeat views come from the page
cache until something is written.
"""

from __future__ import annotations

import calendar
import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask.typing import ResponseReturnValue
from PIL import Image, ImageDraw

from web.data import zone
from web.data.db import get_db
from web.routes.pages import page
from web.story import charts, pagecache, records, shareimage
from web.story.share import length_words

bp = Blueprint("review", __name__)

FIRST_YEAR, LAST_YEAR = 1900, 9999
MONTHS = [calendar.month_abbr[m] for m in range(1, 13)]
PAIRS_SHOWN = 12


def home_year(today: date) -> int | None:
    """The year the home page links to: this year in December, last year in January, else none.

    >>> home_year(date(2026, 12, 1)), home_year(date(2027, 1, 31)), home_year(date(2026, 6, 1))
    (2026, 2026, None)
    """
    if today.month == 12:
        return today.year
    if today.month == 1:
        return today.year - 1
    return None


@dataclass
class Review:
    year: int
    plays: int = 0
    minutes: int = 0
    timed: int = 0  # plays with a plausible length
    games: list[dict[str, Any]] = field(default_factory=list)
    months: list[int] = field(default_factory=lambda: [0] * 12)
    bests: list[dict[str, Any]] = field(default_factory=list)
    records: list[records.Record] = field(default_factory=list)
    record_counts: dict[str, int] = field(default_factory=dict)
    pairs: list[dict[str, Any]] = field(default_factory=list)
    chart: charts.Chart | None = None
    years: list[int] = field(default_factory=list)

    @property
    def most_played(self) -> dict[str, Any] | None:
        return self.games[0] if self.games else None

    @property
    def time_played(self) -> str:
        return length_words(self.minutes) if self.minutes else ""


def today() -> date:
    """Today in the group's time zone (Settings)."""
    return datetime.now(zone.group_zone()).date()


def _range(year: int) -> tuple[str, str]:
    """The year in the group's time zone, as stored times (UTC) compare: [start, end)."""
    return zone.to_utc(f"{year:04d}-01-01T00:00"), zone.to_utc(f"{year + 1:04d}-01-01T00:00")


def _month_shift(year: int) -> str:
    """The group's offset from UTC at the start of the year, for SQLite's ``datetime()`` (a play's
    month is read in that offset: one played in the hour a summer-time change moves lands in its
    month all the same, except within an hour of midnight on the last day of a month)."""
    offset = datetime(year, 1, 1, tzinfo=zone.group_zone()).utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset else 0
    return f"{minutes:+d} minutes"


# A play's length in minutes, as web.story.share.minutes reads it (none unless 0 < length <= 24 h).
_LENGTH = (
    "CAST(ROUND((julianday(finished_at) - julianday(started_at)) * 1440) AS INTEGER)"
)


def review(year: int) -> Review:
    db = get_db()
    start, end = _range(year)
    out = Review(year)
    rows = db.execute(
        "SELECT game, substr(datetime(played_at, ?), 6, 2) AS month, COUNT(*) AS n, "
        "SUM(CASE WHEN len > 0 AND len <= 1440 THEN len END) AS minutes, "
        "SUM(len > 0 AND len <= 1440) AS timed FROM (SELECT game, played_at, "
        f"{_LENGTH} AS len FROM plays WHERE played_at >= ? AND played_at < ? AND +status = 'finished') "
        "GROUP BY game, month",
        [_month_shift(year), start, end],
    ).fetchall()
    games: dict[str, dict[str, Any]] = {}
    for r in rows:
        g = games.setdefault(r["game"], {"game": r["game"], "title": records.title(r["game"]), "plays": 0,
                                         "minutes": 0})
        g["plays"] += r["n"]
        g["minutes"] += r["minutes"] or 0
        month = int(r["month"]) if str(r["month"]).isdigit() else 0
        if 1 <= month <= 12:
            out.months[month - 1] += r["n"]
        out.plays += r["n"]
        out.minutes += r["minutes"] or 0
        out.timed += r["timed"] or 0
    for g in games.values():
        g["time"] = length_words(g["minutes"]) if g["minutes"] else ""
    out.games = sorted(games.values(), key=lambda g: (-g["plays"], g["title"].casefold()))
    out.bests = _bests(start, end)
    out.records, out.record_counts = records.records_between(start, end)
    out.pairs = _pairs(start, end)
    if out.plays:
        out.chart = charts.bars(f"Plays per month in {year}", MONTHS, [("Plays", list(out.months))],
                                stacked=False, corner="Month", counts=True)
    out.years = years()
    return out


def _bests(start: str, end: str) -> list[dict[str, Any]]:
    """Per game of the year, each player's best total (and the play), best first."""
    rows = get_db().execute(
        "SELECT s.game, s.player_id, MAX(s.total) AS best, s.play_id, COUNT(*) AS plays, SUM(s.won) AS wins, "
        "p.name FROM stat_seat s INDEXED BY stat_seat_time JOIN players p ON p.id = s.player_id "
        "WHERE s.played_at >= ? AND s.played_at < ? "
        "GROUP BY s.game, s.player_id",
        [start, end],
    ).fetchall()
    by_game: dict[str, dict[str, Any]] = {}
    for r in rows:
        g = by_game.setdefault(r["game"], {"game": r["game"], "title": records.title(r["game"]),
                                           "players": []})
        g["players"].append(dict(r))
    for g in by_game.values():
        g["players"].sort(key=lambda p: (-p["best"], p["name"].casefold()))
    return sorted(by_game.values(), key=lambda g: g["title"].casefold())


def _pairs(start: str, end: str) -> list[dict[str, Any]]:
    """Head to head of the year: the pairs who met most, per game, with who finished ahead."""
    rows = get_db().execute(
        "SELECT a.game, a.player_id AS a_id, b.player_id AS b_id, pa.name AS a, pb.name AS b, "
        "COUNT(*) AS plays, "
        "SUM(a.rank < b.rank) AS ahead, SUM(a.rank > b.rank) AS behind, SUM(a.rank = b.rank) AS level "
        "FROM stat_seat a INDEXED BY stat_seat_time JOIN stat_seat b INDEXED BY stat_seat_play "
        "ON b.play_id = a.play_id AND b.player_id > a.player_id "
        "JOIN players pa ON pa.id = a.player_id JOIN players pb ON pb.id = b.player_id "
        "WHERE a.played_at >= ? AND a.played_at < ? GROUP BY a.game, a.player_id, b.player_id "
        "ORDER BY plays DESC, pa.name COLLATE NOCASE, pb.name COLLATE NOCASE LIMIT ?",
        [start, end, PAIRS_SHOWN],
    ).fetchall()
    return [dict(r, title=records.title(r["game"])) for r in rows]


def years() -> list[int]:
    """Every year from the first finished play to the newest (``stat_game``: a row per game)."""
    row = get_db().execute("SELECT MIN(first_played_at), MAX(last_played_at) FROM stat_game").fetchone()
    try:
        first, last = int(str(row[0])[:4]), int(str(row[1])[:4])
    except (TypeError, ValueError):
        return []
    return list(range(first, last + 1))


def _year_or_404(year: int) -> int:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        abort(404)
    return year


@bp.get("/review")
def review_now() -> ResponseReturnValue:
    now = today()
    return redirect(url_for("review.year_page", year=home_year(now) or now.year), 303)


@bp.get("/review/<int:year>")
@pagecache.cached
def year_page(year: int) -> ResponseReturnValue:
    return page("story/review.html", review=review(_year_or_404(year)))


# ---------------------------------------------------------------------- the share image


def picture(r: Review, theme: str) -> bytes:
    """The year as a picture for the group chat: the counts, the games, the top records."""
    colours = shareimage.THEMES.get(theme, shareimage.LIGHT)
    width, pad, font = shareimage.WIDTH, shareimage.PAD, shareimage.font
    shown_games = r.games[:6]
    told = records.share_lines(r.records, 4)
    height = 170 + 220 + 70 * max(1, len(shown_games)) + (90 + 50 * len(told) if told else 0) + 110
    with shareimage.lock:
        image = Image.new("RGB", (width, height), colours.bg)
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, width, 170), fill=colours.band)
        draw.text((pad, 34), f"{r.year} in review", font=font(60, 800), fill=colours.band_fg)
        draw.text((pad, 112), "The year at our table", font=font(30, 500), fill=colours.band_fg)
        y = 170 + 40
        plays = f"{r.plays} play" + ("" if r.plays == 1 else "s")
        draw.text((pad, y), plays, font=font(56, 800), fill=colours.win)
        if r.time_played:
            draw.text((width - pad, y + 8), r.time_played + " played", font=font(36, 600), fill=colours.fg,
                      anchor="ra")
        y += 90
        most = r.most_played
        line = f"Most played: {most['title']} ({most['plays']})" if most else "No plays finished this year"
        draw.text((pad, y), shareimage.fit(draw, line, font(34, 600), width - 2 * pad), font=font(34, 600),
                  fill=colours.fg)
        y += 90
        top = max((g["plays"] for g in shown_games), default=1)
        for g in shown_games:
            draw.text((pad, y + 24), shareimage.fit(draw, g["title"], font(30, 500), 330), font=font(30, 500),
                      fill=colours.fg, anchor="lm")
            bar = (width - 2 * pad - 360 - 90) * g["plays"] / top
            draw.rounded_rectangle((pad + 350, y + 6, pad + 350 + max(8, bar), y + 42), radius=10,
                                   fill=colours.win)
            draw.text((pad + 362 + max(8, bar), y + 24), str(g["plays"]), font=font(30, 700), fill=colours.fg,
                      anchor="lm")
            y += 70
        if told:
            y += 30
            draw.text((pad, y), "Records of the year", font=font(36, 800), fill=colours.win)
            y += 60
            for text in told:
                draw.text((pad, y), "• " + shareimage.fit(draw, text, font(30, 500), width - 2 * pad - 40),
                          font=font(30, 500), fill=colours.fg)
                y += 50
        draw.text((pad, height - 54), "Scored with Scorepad", font=font(26, 400), fill=colours.muted,
                  anchor="lm")
        return shareimage.png_bytes(image)


def alt_text(r: Review) -> str:
    """The picture's words.

    >>> alt_text(Review(2026, plays=1, games=[{"title": "Verdant", "plays": 1}]))
    '2026 in review: 1 play; most played: Verdant (1).'
    """
    if not r.plays:
        return f"{r.year} in review: no plays finished."
    most = r.most_played
    parts = [f"{r.plays} play" + ("" if r.plays == 1 else "s")]
    if r.time_played:
        parts.append(f"{r.time_played} played")
    if most:
        parts.append(f"most played: {most['title']} ({most['plays']})")
    return f"{r.year} in review: " + "; ".join(parts) + "."


@bp.get("/review/<int:year>/share.png")
def year_png(year: int) -> ResponseReturnValue:
    _year_or_404(year)
    theme = request.args.get("theme", "light")
    theme = theme if theme in shareimage.THEMES else "light"
    key = f"review:{year}:{pagecache.revision()}:{theme}"
    etag = hashlib.blake2b(key.encode(), digest_size=12).hexdigest()
    if request.if_none_match.contains(etag):
        response = current_app.response_class(status=304)
    else:
        response = current_app.response_class(picture(review(year), theme), mimetype="image/png")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    if request.args.get("download") == "1":
        response.headers["Content-Disposition"] = f'attachment; filename="scorepad-{year}-in-review.png"'
    return response
