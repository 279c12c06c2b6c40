"""Import a BG Stats export (issue 26, docs/bgstats.md): the plays of the five games, as plays with
typed totals and no board.

The file is BG Stats' JSON backup/export: ``games`` (``id``, ``name``, ``bggId``), ``players``
(``id``, ``name``), ``locations`` (``id``, ``name``) and ``plays`` (``uuid``, ``gameRefId``,
``playDate`` "YYYY-MM-DD HH:MM:SS", ``durationMin``, ``locationRefId``, ``comments``,
``ignored``, ``playerScores``: ``playerRefId``, ``score``, ``winner``, ``startPlayer``,
``seatOrder``).  A game is one of ours by its BGG id (web/story/share.py BGG_IDS), else by its name.

- ``plan(data)`` checks the whole file and says what would be added, without writing: a file that
  is not such an export, or a play that refers to a game or player the file does not list, is
  refused with the reason (``BGStatsError``) and nothing is added;
- ``apply(plan, players, who)`` writes it in one transaction.  Each play keeps its BG Stats
  ``uuid`` (``plays.source = 'bgstats'``, ``plays.source_id``, unique): importing the same file
  again adds nothing.  Players are matched to existing ones by name (any case), or as the preview
  maps them, else created.

An imported play is finished, its seats hold the typed totals and ranks (winners first, then by
score), an empty board and no breakdown, and ``engine_version`` NULL: no engine ever rescores it.
So it counts in the history, wins, records and head to head, and is left out of every statistic
that needs categories.  Its page (``/plays/N``, ``/plays/N/result``) shows the typed score pad,
marked "typed in BG Stats"; it cannot be changed here (409), only deleted and restored.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
from flask import Blueprint, Flask, abort, current_app, make_response, render_template, request
from flask.typing import ResponseReturnValue

import scoring
from scoring import jsontext
from web.data import aggregates, records, store, times
from web.data.db import dumps, get_db, kept_read, now, write
from web.routes.forms import ActionForm
from web.server.limits import IMPORT_PATHS

bp = Blueprint("bgstats", __name__)

SOURCE = "bgstats"
UPLOAD_PATH = IMPORT_PATHS[
    1
]  # "/settings/bgstats": takes an export as large as the backup import (serve.py too)
MAX_NAME = 60
MAX_NOTES = 2000
MAX_LOCATION = 80
MAX_SCORE = 10**9
# Pages of an imported play that show its typed score pad instead of an entry screen or a result.
TYPED_PAGES = {"main.play", "main.result", "main.seat", "main.edit_play"}
STILL_ALLOWED = {"manage.delete", "manage.restore"}  # a typed play may be deleted and restored


class BGStatsError(Exception):
    """This file cannot be imported: the reason, in a user's words."""


@dataclass
class Seat:
    ref: int  # the BG Stats player id
    name: str
    score: int | None
    winner: bool


@dataclass
class Play:
    source_id: str
    game: str
    played_at: str  # UTC, as Scorepad stores a time (web/data/times.py)
    minutes: int | None
    location: str
    notes: str
    seats: list[Seat]


@dataclass
class Plan:
    plays: list[Play] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> plays
    players: dict[int, str] = field(default_factory=dict)  # BG Stats id -> name, of the plays to add
    matches: dict[int, int | None] = field(
        default_factory=dict
    )  # BG Stats id -> a Scorepad player, or None: new

    def per_game(self) -> list[tuple[str, int]]:
        counts = Counter(p.game for p in self.plays)
        return [(scoring.get(g).title, n) for g, n in sorted(counts.items())]


# ------------------------------------------------------------------ reading the file


def _key(name: str) -> str:
    """A name compared without case, accents, punctuation or spacing ("Gretchen’s garden")."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"[^a-z0-9]+", "", text)


def _our_games() -> tuple[dict[int, str], dict[str, str]]:
    from web.story.share import BGG_IDS

    by_bgg = {bgg: game for game, bgg in BGG_IDS.items()}
    by_name: dict[str, str] = {}
    for g in scoring.games():
        if g.ready and g.name != "stub":
            by_name[_key(g.title)] = g.name
    return by_bgg, by_name


def _game_of(entry: dict[str, Any], by_bgg: dict[int, str], by_name: dict[str, str]) -> str | None:
    bgg = entry.get("bggId")
    if isinstance(bgg, int) and not isinstance(bgg, bool) and bgg in by_bgg:
        return by_bgg[bgg]
    for name in (entry.get("name"), entry.get("bggName")):
        if isinstance(name, str):
            key = _key(name)
            if key in by_name:
                return by_name[key]
            head = _key(name.split(":", 1)[0])  # "Planted: A Game of Nature & Nurture"
            if head in by_name:
                return by_name[head]
    return None


def _listed(data: dict[str, Any], key: str) -> dict[int, dict[str, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise BGStatsError(f'"{key}" must be a list: this is not a BG Stats export')
    out: dict[int, dict[str, Any]] = {}
    for i, item in enumerate(items):
        if (
            not isinstance(item, dict)
            or isinstance(item.get("id"), bool)
            or not isinstance(item.get("id"), int)
        ):
            raise BGStatsError(f"{key}[{i}] has no whole-number id: the file is damaged")
        out[item["id"]] = item
    return out


def _text(value: Any, limit: int) -> str:
    return " ".join(value.split())[:limit] if isinstance(value, str) else ""


def _score(value: Any, where: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BGStatsError(f"{where}.score is {value!r}: a score must be a number")
    if isinstance(value, int | float) and float(value).is_integer():
        number = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*-?\d+(\.0+)?\s*", value):
        number = int(float(value))
    else:
        raise BGStatsError(f"{where}.score is {str(value)[:20]!r}: Scorepad takes whole-number scores")
    if abs(number) > MAX_SCORE:
        raise BGStatsError(f"{where}.score is {number}: at most {MAX_SCORE:,} either way")
    return number


def _when(value: Any, where: str) -> str:
    """BG Stats' ``playDate`` (UTC, as its own import link reads it: docs/bgstats.md) as Scorepad
    stores a time (UTC, web/data/times.py)."""
    if not isinstance(value, str):
        raise BGStatsError(f"{where}.playDate is missing: the file is damaged")
    try:
        moment = datetime.fromisoformat(value.strip().replace(" ", "T"))
    except ValueError:
        raise BGStatsError(
            f"{where}.playDate is {value[:30]!r}, not a date like 2026-11-28 20:30:00"
        ) from None
    return times.to_utc(moment, UTC)  # a playDate without a zone is UTC


def load(raw: bytes) -> dict[str, Any]:
    data, problems = jsontext.load(raw)
    if problems:
        raise BGStatsError("the file is not JSON a BG Stats export would be: " + problems[0].message)
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise BGStatsError(
            'the file has no "plays" list: choose the JSON export of BG Stats (Settings -> Export)'
        )
    return data


def _source_id(raw: dict[str, Any], where: str) -> str:
    """A play's BG Stats uuid (what makes importing the same file twice add nothing)."""
    uuid = raw.get("uuid")
    if not isinstance(uuid, str) or not uuid:
        raise BGStatsError(f"{where} has no uuid: the file is damaged (BG Stats gives every play one)")
    return uuid[:80]


def _seats_of(scores: list[Any], where: str, players: dict[int, dict[str, Any]]) -> list[Seat]:
    """A play's seats from its ``playerScores``, in Scorepad's seat order (refused when damaged)."""
    seats: list[tuple[int, int, bool, Seat]] = []
    refs: set[int] = set()
    for j, score in enumerate(scores):
        at = f"{where}.playerScores[{j}]"
        ref = score.get("playerRefId") if isinstance(score, dict) else None
        if ref not in players:
            raise BGStatsError(
                f"{at} names player {str(ref)[:20]}, whom the file does not list: the file is damaged"
            )
        if ref in refs:
            raise BGStatsError(f"{at} names a player twice in one play: the file is damaged")
        refs.add(ref)
        name = _text(players[ref].get("name"), MAX_NAME) or f"BG Stats player {ref}"
        order = score.get("seatOrder")
        order = (
            order if isinstance(order, int) and not isinstance(order, bool) and order > 0 else 1000 + j
        )
        seats.append(
            (
                order,
                j,
                score.get("startPlayer") is True,
                Seat(ref, name, _score(score.get("score"), at), score.get("winner") is True),
            )
        )
    # Seat order: BG Stats' seatOrder (else the file's order), turned so the start player sits
    # first, as in Scorepad (the first seat starts).
    seats.sort(key=lambda s: (s[0], s[1]))
    start = next((k for k, s in enumerate(seats) if s[2]), 0)
    ordered = [s[3] for s in seats[start:] + seats[:start]]
    return ordered


def plan(data: dict[str, Any]) -> Plan:
    """Everything this file would add, checked, nothing written."""
    games, players, locations = _listed(data, "games"), _listed(data, "players"), _listed(data, "locations")
    by_bgg, by_name = _our_games()
    ours = {gid: ours_ for gid, entry in games.items() if (ours_ := _game_of(entry, by_bgg, by_name))}
    known = {
        r["source_id"]
        for r in get_db().execute("SELECT source_id FROM plays WHERE source = ?", [SOURCE]).fetchall()
    }
    result = Plan()
    seen: set[str] = set()
    for i, raw in enumerate(data["plays"]):
        where = f"plays[{i}]"
        if not isinstance(raw, dict):
            raise BGStatsError(f"{where} is not a play: the file is damaged")
        game_ref = raw.get("gameRefId")
        if game_ref not in games:
            raise BGStatsError(
                f"{where} names game {str(game_ref)[:20]}, which the file does not list: the file is damaged"
            )
        if game_ref not in ours:
            result.skipped[
                f"plays of other games ({_text(games[game_ref].get('name'), 60) or 'unnamed'})"
            ] += 1
            continue
        source_id = _source_id(raw, where)
        if source_id in known:
            result.skipped["already imported"] += 1
            continue
        if source_id in seen:
            raise BGStatsError(f"{where} repeats the uuid of an earlier play: the file is damaged")
        seen.add(source_id)
        if raw.get("ignored") is True:
            result.skipped["marked ignored in BG Stats"] += 1
            continue
        scores = raw.get("playerScores")
        if not isinstance(scores, list) or not scores:
            result.skipped["without players"] += 1
            continue
        game = scoring.get(ours[game_ref])
        if len(scores) > max(game.max_players, 6):
            raise BGStatsError(
                f"{where} has {len(scores)} players: {game.title} takes at most {game.max_players}"
            )
        ordered = _seats_of(scores, where, players)
        place = raw.get("locationRefId")
        location = locations[place].get("name") if isinstance(place, int) and place in locations else ""
        minutes = raw.get("durationMin")
        result.plays.append(
            Play(
                source_id=source_id,
                game=game.name,
                played_at=_when(raw.get("playDate"), where),
                minutes=minutes
                if isinstance(minutes, int) and not isinstance(minutes, bool) and 0 < minutes <= 24 * 60
                else None,
                location=_text(location, MAX_LOCATION),
                notes=(raw.get("comments") or "").strip()[:MAX_NOTES]
                if isinstance(raw.get("comments"), str)
                else "",
                seats=ordered,
            )
        )
        for seat in ordered:
            result.players[seat.ref] = seat.name
    for ref, name in result.players.items():
        found = store.player_by_name(name)
        result.matches[ref] = found["id"] if found else None
    return result


def ranks(seats: list[Seat]) -> list[int]:
    """Ranks as at a table: the winners first, then by score (highest first); equal places share
    a rank, the next is skipped.

    >>> ranks([Seat(1, "A", 30, False), Seat(2, "B", 41, True), Seat(3, "C", 30, False)])
    [2, 1, 2]
    >>> ranks([Seat(1, "A", 50, True), Seat(2, "B", 50, False)])  # a tie BG Stats broke
    [1, 2]
    >>> ranks([Seat(1, "A", None, False), Seat(2, "B", 3, False)])
    [2, 1]
    """
    keys = [(not s.winner, -(s.score if s.score is not None else -(10**12))) for s in seats]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


# ------------------------------------------------------------------ writing it


def apply(found: Plan, who: str, players: dict[int, int | None] | None = None) -> dict[str, int]:
    """Write the plan in one transaction (each play once, by its BG Stats uuid); the counts."""
    chosen = dict(found.matches)
    chosen.update(players or {})
    db = get_db()
    added = created = 0
    touched: set[int] = set()  # the plays added
    with write(db):
        ids: dict[int, int] = {}
        for ref, name in found.players.items():
            target = chosen.get(ref)
            if (
                target is not None
                and db.execute(
                    "SELECT 1 FROM players WHERE id = ? AND merged_into IS NULL", [target]
                ).fetchone()
            ):
                ids[ref] = target
            else:
                existing = store.player_by_name(name)
                if existing:
                    ids[ref] = existing["id"]
                else:
                    ids[ref] = store.create_player(name, who)
                    created += 1
        for play in found.plays:
            if db.execute(
                "SELECT 1 FROM plays WHERE source = ? AND source_id = ?", [SOURCE, play.source_id]
            ).fetchone():
                continue  # imported meanwhile (another tab, the command line)
            stamp = now()
            winners = [s.name for s in play.seats if s.winner]
            end = (
                times.to_utc(datetime.fromisoformat(play.played_at) + timedelta(minutes=play.minutes), UTC)
                if play.minutes
                else None
            )
            play_id = int(
                db.table("plays")
                .insert(
                    {
                        "game": play.game,
                        "played_at": play.played_at,
                        "played_zone": "Z",  # BG Stats' playDate is UTC
                        "options": "{}",
                        "status": store.FINISHED,
                        "notes": play.notes,
                        "winners": dumps(winners),
                        "tiebreak": None,
                        "engine_version": None,
                        "created_at": stamp,
                        "updated_at": stamp,
                        "version": 1,
                        "started_at": play.played_at if end else None,
                        "finished_at": end,
                        "location": play.location or None,
                        "source": SOURCE,
                        "source_id": play.source_id,
                    }
                )
                .last_pk
                or 0
            )
            for position, (seat, rank) in enumerate(zip(play.seats, ranks(play.seats))):
                seat_id = (
                    db.table("seats")
                    .insert(
                        {
                            "play_id": play_id,
                            "position": position,
                            "player_id": ids[seat.ref],
                            "state": "{}",
                            "complete": 1,
                            "done": 1,
                            "total": seat.score,
                            "rank": rank,
                            "breakdown": None,
                            "engine_version": None,
                            "version": 1,
                            "updated_at": stamp,
                        }
                    )
                    .last_pk
                )
                db.table("seat_versions").insert(
                    {"seat_id": seat_id, "version": 1, "state": "{}", "paths": "[]", "who": who, "at": stamp}
                )
                touched.add(play_id)
            db.table("play_versions").insert(
                {
                    "play_id": play_id,
                    "version": 1,
                    "paths": "[]",
                    "who": who,
                    "at": stamp,
                    "details": dumps({"played_at": play.played_at, "options": {}, "notes": play.notes}),
                }
            )
            store.log(
                play_id,
                None,
                who,
                "play imported from BG Stats",
                None,
                {"uuid": play.source_id, "totals": {s.name: s.score for s in play.seats}, "winners": winners},
            )
            added += 1
        aggregates.plays_changed(touched)  # each play's difference to the statistics
        if added:  # imported plays are older than most: every play's records, in one pass
            records.rebuild(get_db())
    return {"plays": added, "players created": created}


def is_typed(play_id: int) -> bool:
    # (on the thread's kept connection: a page served from the page cache opens none)
    return bool(kept_read("SELECT source FROM plays WHERE id = ?", [play_id]) == SOURCE)


# ------------------------------------------------------------------ pages


def _typed_page(play_id: int, status: int = 200, message: str = "") -> ResponseReturnValue:
    found = store.get_play(play_id)
    row = (
        get_db()
        .execute("SELECT location, started_at, finished_at FROM plays WHERE id = ?", [play_id])
        .fetchone()
    )
    from web.story.share import length_words, minutes

    length = minutes(row["started_at"], row["finished_at"])
    response = make_response(
        render_template(
            "bgstats/play.html",
            play=found,
            location=row["location"] or "",
            length=length_words(length) if length else "",
            message=message,
            action=ActionForm(),
        ),
        status,
    )
    return response


def _typed_json(play_id: int) -> ResponseReturnValue:
    """``GET /api/plays/N`` of an imported play: its typed totals (docs/api.md), no board, no result."""
    found = store.get_play(play_id)
    return {
        "id": found.id,
        "game": found.game,
        "status": found.status,
        "options": found.options,
        "version": found.version,
        "played_at": found.played_at,
        "source": SOURCE,
        "winners": found.winners,
        "result": None,
        "seats": [
            {
                "position": s.position,
                "player": s.name,
                "state": {},
                "version": s.version,
                "done": True,
                "complete": True,
                "total": s.total,
                "rank": s.rank,
                "errors": [],
            }
            for s in found.seats
        ],
    }


def _typed_plays() -> ResponseReturnValue | None:
    """An imported play's pages show its typed score pad; nothing of it changes here but deleting."""
    play_id = (request.view_args or {}).get("play_id")
    if play_id is None or request.endpoint in STILL_ALLOWED or not is_typed(play_id):
        return None
    if request.method in ("GET", "HEAD"):
        if request.endpoint == "plays_api.get_play":
            return _typed_json(play_id)
        return _typed_page(play_id) if request.endpoint in TYPED_PAGES else None
    if request.path.startswith("/api/"):
        message = "this play was typed in BG Stats (totals only, no board): it cannot be changed here"
        return {"error": "typed", "errors": [{"path": "", "message": message}]}, 409
    return _typed_page(
        play_id,
        409,
        "This play was typed in BG Stats: Scorepad has its totals, not its boards, "
        "so it cannot be changed here. Correct it in BG Stats, delete it here and import again.",
    )


def _upload() -> bytes:
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise BGStatsError("choose the BG Stats export file (its JSON)")
    data: bytes = upload.read()
    return data


def _stash(raw: bytes) -> str:
    """Keep the uploaded file until the preview is confirmed (instance/bgstats/DIGEST.json): the
    confirmation names it by its digest instead of sending it back."""
    digest = hashlib.sha256(raw).hexdigest()
    folder = Path(current_app.instance_path) / "bgstats"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{digest}.json").write_bytes(raw)
    return digest


def _stashed(digest: str) -> Path | None:
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        return None
    path = Path(current_app.instance_path) / "bgstats" / f"{digest}.json"
    return path if path.is_file() else None


def _refused(message: str) -> ResponseReturnValue:
    return render_template("bgstats/preview.html", error=message, found=None, digest="", known=[]), 422


@bp.post(UPLOAD_PATH)
def preview() -> ResponseReturnValue:
    """The file's preview: what would be added, and who is who."""
    if not ActionForm().validate():
        abort(400)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _refused("Choose the BG Stats export file (its JSON).")
    raw = upload.read()
    try:
        found = plan(load(raw))
    except BGStatsError as exc:
        return _refused(f"This file cannot be imported: {exc}. Nothing was added.")
    digest = _stash(raw) if found.plays else ""
    return render_template(
        "bgstats/preview.html", error="", found=found, digest=digest, known=store.player_names()
    )


@bp.post(UPLOAD_PATH + "/import")
def confirm() -> ResponseReturnValue:
    if not ActionForm().validate():
        abort(400)
    path = _stashed(request.form.get("file", ""))
    if path is None:
        return _refused("That preview has expired (the file was imported or removed): choose the file again.")
    try:
        found = plan(load(path.read_bytes()))
    except BGStatsError as exc:
        return _refused(f"This file cannot be imported: {exc}. Nothing was added.")
    chosen: dict[int, int | None] = {}
    for ref in found.players:
        value = request.form.get(f"player-{ref}", "")
        chosen[ref] = int(value) if value.isdigit() and len(value) < 19 else None
    from web.routes.pages import who

    counts = apply(found, who(), chosen)
    path.unlink(missing_ok=True)
    return render_template("bgstats/done.html", counts=counts)


# ------------------------------------------------------------------ command line


def _cli(app: Flask) -> None:
    @app.cli.command("import-bgstats")
    @click.argument("source", type=click.Path(exists=True, dir_okay=False))
    @click.option("--dry-run", is_flag=True, help="Print what would be added; add nothing.")
    def import_bgstats(source: str, dry_run: bool) -> None:
        """Import the plays of the five games from a BG Stats export (JSON): totals, winners, seats."""
        with open(source, "rb") as handle:
            raw = handle.read()
        try:
            found = plan(load(raw))
        except BGStatsError as exc:
            raise click.ClickException(f"{source}: {exc}. Nothing was added.") from exc
        for title, n in found.per_game():
            click.echo(f"{title}: {n} play{'s' if n != 1 else ''}")
        for reason, n in sorted(found.skipped.items()):
            click.echo(f"skipped, {reason}: {n}")
        new = [name for ref, name in found.players.items() if found.matches[ref] is None]
        click.echo(
            f"players: {len(found.players) - len(new)} found, {len(new)} new"
            + (f" ({', '.join(new)})" if new else "")
        )
        if dry_run:
            click.echo(f"Dry run: {len(found.plays)} plays would be added; nothing was.")
            return
        counts = apply(found, "the command line")
        click.echo(f"Imported {counts['plays']} plays ({counts['players created']} new players).")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.before_request(_typed_plays)
    _cli(app)
