"""Records and milestones the moment they fall (issue 27, docs/stats.md "Records"): what a finished
play set, in the sentences players read, for the result page, the shared screen's last step
(``/plays/N/board``) and the share image ("New record").

The records are computed when a play is finished (and again when it, or an earlier play of its
game, is corrected, reopened, deleted or restored) by ``web.data.records`` from the stored
statistics and kept per play in ``play_records``; this module reads them (one indexed read) and
adds the Verdant campaign's moments: the achievements filled from this play and each of those
players' plant track (filled after the finish, from the result page's campaign panel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import scoring
from scoring.verdant import GAME as VERDANT_GAME
from scoring.verdant import campaign as camp
from web.data.db import get_db
from web.story import campaign

KIND_WORDS = {
    "group_high": "Group high",
    "personal_best": "Personal best",
    "biggest_win": "Biggest win",
    "first_win": "First win",
    "streak": "Streak",
    "achievement": "Achievement",
    "plant_track": "Plant track",
}
PLANT_SHAPES = len(camp.all_shapes())  # 50 leaves on the achievement plant


@dataclass(frozen=True)
class Record:
    """One record or milestone of a play.  ``kind``: ``personal_best``, ``group_high``,
    ``biggest_win``, ``first_win``, ``streak``, ``achievement`` or ``plant_track``; ``player``: the
    player's name (None: the group's); ``text``: the sentence a player reads; ``value``: the
    number it is about (a total, a margin, wins in a row, leaves filled; an achievement's shape id);
    ``previous``: what it beat (None: nothing before, or not a comparison)."""

    kind: str
    player: str | None
    text: str
    value: int | str
    previous: int | None = None
    player_id: int | None = None
    play_id: int | None = None
    game: str = ""
    played_at: str = ""

    @property
    def headline(self) -> bool:
        """One of the records that make a "New record" line on the share image."""
        return self.kind in ("group_high", "personal_best", "biggest_win")


def title(game: str) -> str:
    try:
        return scoring.get(game).title
    except KeyError:
        return game


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def sentence(
    kind: str, name: str, value: int, previous: int | None, previous_name: str | None, game: str
) -> str:
    """The words of a stored record.

    >>> sentence("personal_best", "Bea", 87, 80, "Bea", "Verdant")
    'New personal best: Bea, 87 in Verdant (was 80)'
    >>> sentence("group_high", "Bea", 92, 88, "Ann", "Verdant")
    "New group high score: Bea, 92 in Verdant (was Ann's 88)"
    >>> sentence("biggest_win", "Bea", 23, 19, "Ann", "Verdant")
    "Biggest win in Verdant: Bea by 23 points (was Ann's 19)"
    >>> sentence("first_win", "Bea", 1, None, None, "Planted")
    'First win in Planted: Bea'
    >>> sentence("streak", "Bea", 3, None, None, "Planted")
    'Bea has won 3 Planted plays in a row'
    """
    was = ""
    if previous is not None:
        other = previous_name and previous_name != name
        was = f" (was {previous_name}'s {previous})" if other else f" (was {previous})"
    if kind == "personal_best":
        return f"New personal best: {name}, {value} in {game}{was}"
    if kind == "group_high":
        return f"New group high score: {name}, {value} in {game}{was}"
    if kind == "biggest_win":
        return f"Biggest win in {game}: {name} by {_points(value)}{was}"
    if kind == "first_win":
        return f"First win in {game}: {name}"
    if kind == "streak":
        return f"{name} has won {value} {game} plays in a row"
    return f"{name}: {kind} {value}"


_STORED = (
    "SELECT r.play_id, r.kind, r.player_id, r.game, r.played_at, r.value, r.previous, p.name, q.name "
    "FROM play_records r LEFT JOIN players p ON p.id = r.player_id "
    "LEFT JOIN players q ON q.id = r.previous_player_id "
)


def _stored(rows: list[Any]) -> list[Record]:
    out = []
    for play_id, kind, player_id, game, played_at, value, previous, name, previous_name in rows:
        name = name or "Someone"
        text = sentence(kind, name, value, previous, previous_name, title(game))
        out.append(Record(kind, name, text, value, previous, player_id, play_id, game, played_at))
    return out


def records_for_play(play_id: int) -> list[Record]:
    """The records and milestones of a finished play, in the order they are told: the group's high
    score, personal bests, the biggest win, first wins, streaks, then the Verdant campaign's
    achievements and plant track.  [] for a play that is not finished (or not found)."""
    db = get_db()
    play = db.execute("SELECT status, game FROM plays WHERE id = ?", [play_id]).fetchone()
    if play is None or play["status"] != "finished":
        return []
    out = _stored(db.execute(_STORED + "WHERE r.play_id = ? ORDER BY r.n", [play_id]).fetchall())
    if play["game"] == VERDANT_GAME.name:
        out += _campaign(play_id)
    return out


def _campaign(play_id: int) -> list[Record]:
    """The achievements filled from this play (still filled) and the plant track of each of their players."""
    rows = get_db().execute(
        "SELECT DISTINCT e.player_id, p.name FROM achievement_events e JOIN players p ON p.id = e.player_id "
        "WHERE e.play_id = ? AND e.action = 'fill' ORDER BY e.id",
        [play_id],
    ).fetchall()
    out: list[Record] = []
    for player_id, name in rows:
        filled = campaign.current(player_id)
        mine = [shape for shape, event in filled.items() if event["play_id"] == play_id]
        for shape in mine:
            label = campaign.shape_info(shape)["label"]
            out.append(Record("achievement", name, f"Achievement filled: {name}, {label}", shape,
                              None, player_id, play_id, VERDANT_GAME.name))
        if mine:
            leaves = len(filled)
            text = f"{name}'s achievement plant: {leaves} of {PLANT_SHAPES} leaves"
            out.append(Record("plant_track", name, text, leaves, leaves - len(mine), player_id, play_id,
                              VERDANT_GAME.name))
    return out


YEAR_SHOWN = 12  # records of each kind a year's review lists (the newest; the longest streaks)


def records_between(start: str, end: str, most: int = YEAR_SHOWN) -> tuple[list[Record], dict[str, int]]:
    """The records of the finished plays played from ``start`` to before ``end`` (ISO times), as a
    year's review tells them: of each kind the newest ``most`` (group highs, biggest wins, personal
    bests, first wins), and each player's longest streak per game (the ``most`` longest, not every
    win that made it longer); and how many records of each kind fell.  On
    ``play_records(kind, played_at)``."""
    db = get_db()
    out: list[Record] = []
    for kind in ("group_high", "biggest_win", "personal_best", "first_win"):
        out += _stored(db.execute(
            _STORED + "WHERE r.kind = ? AND r.played_at >= ? AND r.played_at < ? "
            "ORDER BY r.played_at DESC, r.play_id DESC LIMIT ?", [kind, start, end, most]).fetchall())
    out += _stored(db.execute(
        "SELECT r.play_id, r.kind, r.player_id, r.game, r.played_at, MAX(r.value), r.previous, p.name, NULL "
        "FROM play_records r LEFT JOIN players p ON p.id = r.player_id "
        "WHERE r.kind = 'streak' AND r.played_at >= ? AND r.played_at < ? GROUP BY r.player_id, r.game "
        "ORDER BY MAX(r.value) DESC, r.played_at LIMIT ?", [start, end, most]).fetchall())
    counts = {row[0]: row[1] for row in db.execute(
        "SELECT kind, COUNT(*) FROM play_records WHERE played_at >= ? AND played_at < ? GROUP BY kind",
        [start, end]).fetchall()}
    return out, counts


def share_lines(records: list[Record], most: int = 3) -> tuple[str, ...]:
    """The "New record" lines of a share image: the records first, then the other milestones."""
    ranked = sorted(records, key=lambda r: (not r.headline, r.kind == "plant_track"))
    return tuple(r.text for r in ranked[:most])
