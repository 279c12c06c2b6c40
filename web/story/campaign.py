"""Verdant's achievement campaign in the web app (docs/campaign.md): the append-only
``achievement_events`` (per shape, the newest event decides), the result and player panels, and
the routes (fill, declare, undo, mark by hand), each checking what its page showed (the play's
version, the fill's event) inside one write transaction.  (The mode chosen on the options form
is the Verdant adapter's: ``web.games.verdant.options_mode``.)
"""

from __future__ import annotations

import math
from typing import Any

from flask import Blueprint, abort, g, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scoring.core import Result
from scoring.verdant import GAME as VERDANT_GAME
from scoring.verdant import campaign as camp
from scoring.verdant.achievements import near_misses
from web.data import store
from web.data.db import get_db, loads, now, write
from web.data.store import log
from web.games import whole_number
from web.routes.pages import base_version, get_play_or_404, see_other, who
from web.server.limits import ID_MAX
from web.table import gamedata
from web.table import service as table

VERDANT = VERDANT_GAME.name  # the engine names the game
mode_of, shape_info, valid_shape = camp.mode_of, camp.describe, camp.SHAPE_IDS.__contains__


def player_group(player_id: int) -> list[int]:
    """The player and every duplicate merged into them (at any depth): the campaign follows a merge."""
    rows = (
        get_db()
        .execute(
            "WITH RECURSIVE grp(id) AS (SELECT ? UNION SELECT p.id FROM players p JOIN grp ON "
            "p.merged_into = grp.id) "
            "SELECT id FROM grp",
            [player_id],
        )
        .fetchall()
    )
    return [r[0] for r in rows]


def current(player_id: int) -> dict[str, dict[str, Any]]:
    """The player's filled shapes: shape -> its fill event (with the play's date), in fill order."""
    ids = player_group(player_id)
    marks = ",".join("?" * len(ids))
    rows = get_db().execute(
        f"SELECT e.*, pl.played_at FROM achievement_events e LEFT JOIN plays pl ON pl.id = e.play_id "
        f"WHERE e.id IN (SELECT MAX(id) FROM achievement_events WHERE player_id IN ({marks}) GROUP BY shape) "
        f"AND e.action = 'fill' ORDER BY e.id", ids).fetchall()
    return {r["shape"]: dict(r) for r in rows}


class Refused(Exception):
    """A fill or undo that the campaign's rules do not allow (409), or bad input (422)."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


def _event(player_id: int, shape: str, action: str, play_id: int | None, source: str, who: str) -> None:
    get_db().table("achievement_events").insert(
        {
            "player_id": player_id,
            "shape": shape,
            "action": action,
            "play_id": play_id,
            "source": source,
            "at": now(),
            "who": who,
        }
    )
    what = (
        "achievement filled" + (" (entered by hand)" if source == "hand" else "")
        if action == "fill"
        else "achievement undone"
    )
    log(play_id, player_id, who, what, None, {"shape": shape, "source": source})


def fill(player_id: int, shape: str, play_id: int | None, who: str) -> None:
    """Fill ``shape`` for the player: from ``play_id``, or by hand (``play_id`` None)."""
    with write(get_db()):
        found = current(player_id).get(shape)
        if found is not None:
            raise Refused(f"{shape_info(shape)['label']} is already filled" + (
                f" (from play {found['play_id']})" if found["play_id"] else " (entered by hand)"))
        _event(player_id, shape, "fill", play_id, "play" if play_id else "hand", who)


def undo(player_id: int, shape: str, who: str, event: int | None = None) -> dict[str, Any]:
    """Undo the player's fill of ``shape`` (appends an undo event); returns the undone fill.
    ``event``: the fill the page showed (refused if another phone changed the shape since)."""
    with write(get_db()):
        found = current(player_id).get(shape)
        if found is None:
            raise Refused(f"{shape_info(shape)['label']} is not filled: nothing to undo")
        if event is not None and found["id"] != event:
            raise Refused(
                f"{shape_info(shape)['label']} was changed on another phone since this page was shown: "
                "look again."
            )
        _event(player_id, shape, "undo", found["play_id"], found["source"], who)
    return found


def plant_drawing(leaves: list[str], size: int = 170) -> dict[str, Any]:
    """The achievement plant's geometry (drawn by ``templates/games/verdant/_plant.html`` as inline
    SVG): a stem that grows 7 units per leaf, one leaf per filled shape (``leaves``, in fill order)."""
    def stem_x(y: float) -> float:
        return 100 + 9 * math.sin((208 - y) / 30)

    top = 196 - max(len(leaves), 1) * 7.0  # the stem's tip
    ys = [210.0 - 5 * i for i in range(int((210 - top) // 5) + 1) if 210.0 - 5 * i > top] + [top]
    vy = min(120.0, top - 28)  # the drawing is cropped to the plant's height (taller as it grows)
    drawn = []
    for i, shape in enumerate(leaves):
        y, tilt = 200 - i * 7.0, (i // 2) % 3 * 9  # a little variety in the leaves' angles
        drawn.append(
            {
                **shape_info(shape),
                "transform": f"translate({stem_x(y):.1f} {y:.1f}) "
                f"rotate({-14 - tilt if i % 2 == 0 else -166 + tilt}) "
                f"scale({1.15 - i * 0.008:.3f})",
            }
        )
    return {"leaves": drawn, "stem": "M" + " L".join(f"{stem_x(y):.1f} {y:.1f}" for y in ys),
            "view": f"0 {vy:.0f} 200 {262 - vy:.0f}", "width": size, "height": round(size * (262 - vy) / 200)}


def result_context(play: store.Play, result: Result) -> dict[str, Any]:
    """The campaign panel under a Verdant result: per player, what this play can fill.  A play
    outside the campaign (mode none, no modification played) shows no panel (``shown``)."""
    mode, number = mode_of(play.options)
    own = f"{mode}-{number}" if number else None  # the scenario's or the modification's shape
    totals = [p.total for p in result.players]
    players = []
    for seat, rp in zip(play.seats, result.players):
        filled = current(seat.player_id)
        ach = rp.extra.get("achievements") if isinstance(rp.extra, dict) else None
        ach = ach if isinstance(ach, dict) else {}
        this_play = [s for s, e in filled.items() if e["play_id"] == play.id]
        entry: dict[str, Any] = {
            "position": seat.position,
            "name": seat.name,
            "player_id": seat.player_id,
            "total": rp.total,
            "from_this_play": [dict(shape_info(s), event=filled[s]) for s in this_play],
        }
        if mode == "standard":
            earned = [n for n in ach.get("standard") or [] if isinstance(n, int)]
            used = [s for s in this_play if s.startswith("standard-")]
            others = [t for j, t in enumerate(totals) if j != seat.position]
            near = near_misses(
                rp, seat.state, play.options, set(filled), best_other=max(others) if others else None
            )
            entry.update(
                earned=[dict(shape_info(f"standard-{n}"), event=filled.get(f"standard-{n}")) for n in earned],
                used=used,
                no_longer=[shape_info(s)["label"] for s in used if int(s.split("-")[1]) not in earned],
                near=[dict(n, label=shape_info(n["shape"])["label"]) for n in near],
            )
            entry["choosable"] = [e for e in entry["earned"] if e["event"] is None]
        elif own:
            scenario = ach.get("scenario") or {}
            entry.update(
                shape=dict(shape_info(own), event=filled.get(own)),
                scenario=scenario,
                eligible=bool(scenario.get("passed"))
                if mode == "scenario"
                else ach.get("modification") == number,
            )
        players.append(entry)
    scen = camp.scenario(number) if mode == "scenario" and number else None
    declarable = (
        [
            {"key": o["key"], "text": f"I {camp.DECLARED[o['key']]}"}
            for o in scen["objectives"]
            if o["check"] == "declared"
        ]
        if scen
        else []
    )
    return {
        "campaign": {
            "mode": mode,
            "number": number,
            "players": players,
            "finished": play.finished,
            "shown": mode != "none" or play.options.get("modification") is not None,
            "title": camp.MODE_WORDS[mode] + (f" {number}" if number else "") if mode != "none" else "",
            "declarable": declarable,
            "declared": camp.declared_by_player(play.options, len(play.seats)),
            "scenario": scen,
            "modification": camp.modification(number) if mode == "modification" and number else None,
            "fillable": [p for p in players if own and p["eligible"] and p["shape"]["event"] is None],
        }
    }


def _latest_standard_play(ids: list[int]) -> dict[str, Any] | None:
    """The newest finished standard-mode Verdant play of the player (among their last 30)."""
    # Walk each player's own Verdant plays newest first on player_plays(player_id, game, played_at,
    # play_id) (m015) and read each play and seat by key (CROSS JOIN keeps that order), 30 at most
    # each, then the newest 30 of them all: the cost grows neither with the history nor with how
    # long ago they last played it.
    rows = sorted(
        (
            row
            for player_id in ids
            for row in get_db().execute(
                "SELECT pl.id, pl.played_at, pl.options, s.total, s.breakdown, s.state, s.position FROM "
                "player_plays t CROSS JOIN plays pl ON pl.id = t.play_id "
                "CROSS JOIN seats s ON s.play_id = t.play_id AND s.player_id = t.player_id "
                "WHERE t.player_id = ? AND t.game = ? AND +pl.status = 'finished' AND s.total IS NOT NULL "
                "ORDER BY t.played_at DESC, t.play_id DESC LIMIT 30",
                [player_id, VERDANT],
            ).fetchall()
        ),
        key=lambda r: (r["played_at"], r["id"]),
        reverse=True,
    )[:30]
    for r in rows:
        options = loads(r["options"], {})
        if mode_of(options)[0] == "standard":
            other = get_db().execute("SELECT MAX(total) FROM seats WHERE play_id = ? AND position != ?",
                                     [r["id"], r["position"]]).fetchone()[0]
            return dict(r, options=options, best_other=other)
    return None


def player_context(player: dict[str, Any]) -> dict[str, Any]:
    """The achievement plant on a player's page: 50 shapes by mode, leaves, drawing, near misses."""
    filled = current(player["id"])
    shapes = [dict(shape_info(s["shape"]), event=filled.get(s["shape"])) for s in camp.all_shapes()]
    groups = [
        {
            "mode": mode,
            "title": f"{title}s",
            "shapes": [s for s in shapes if s["mode"] == mode],
            "filled": sum(1 for s in shapes if s["mode"] == mode and s["event"]),
        }
        for mode, title in camp.MODE_WORDS.items()
    ]  # "Standard games", "Scenarios", "Rules modifications"
    ids = player_group(player["id"])
    latest = _latest_standard_play(ids)
    near = []
    if latest is not None:
        result = {"total": latest["total"], "categories": loads(latest["breakdown"], [])}
        near = [
            dict(n, label=shape_info(n["shape"])["label"])
            for n in near_misses(
                result,
                loads(latest["state"], {}),
                latest["options"],
                set(filled),
                best_other=latest["best_other"],
            )
        ]
    plays = get_db().execute(  # finished Verdant plays of the player (and merged duplicates): player_stats
        f"SELECT COALESCE(SUM(plays), 0) FROM player_stats WHERE game = ? "
        f"AND player_id IN ({','.join('?' * len(ids))})", [VERDANT, *ids]).fetchone()[0]
    return {"player": player, "groups": groups, "leaves": len(filled), "plant": plant_drawing(list(filled)),
            "near": near, "near_play": latest, "verdant_plays": plays}


# ------------------------------------------------------------------------- routes

verdant = Blueprint(
    "verdant", __name__, url_prefix="/verdant"
)  # the campaign's endpoints: "verdant.campaign.*"
bp = Blueprint("campaign", __name__)


@bp.errorhandler(Refused)
def _refuse(exc: Refused) -> ResponseReturnValue:
    """A refused campaign change, with a link back to the page it came from (``g.campaign_back``,
    set by each route)."""
    return render_template("games/verdant/refused.html", message=str(exc), back=g.campaign_back), exc.status


def _back_to(play_id: int | None, player_id: int | None = None) -> None:
    """Where a refusal links back to: the play's result, else the player's page (their campaign panel)."""
    g.campaign_back = (url_for("main.result", play_id=play_id) if play_id is not None
                       else url_for("main.player", player_id=player_id)) + "#vd-campaign"


def _as_shown(play_id: int, version: int | None, finished: bool = True) -> store.Play:
    """The play, read inside the caller's write transaction: still a Verdant play, finished (for a
    fill), and at the version the page showed (else the page is stale: the players look again)."""
    try:
        found = store.get_play(play_id)
    except store.NotFound:
        raise Refused("This play is not in the history any more.", 404) from None
    if found.game != VERDANT:
        raise Refused("This is not a Verdant play.", 404)
    if finished and not found.finished:
        raise Refused("Finish the play first: a shape is filled from a play in the history.")
    if version is not None and version != found.version:
        raise Refused(
            "This play was changed on another phone since this page was shown: look at its result again."
        )
    return found


@bp.post("/plays/<int:play_id>/campaign/fill")
def fill_from_play(play_id: int) -> ResponseReturnValue:
    """Fill one shape for one seat (``position``, ``shape``), or the play's scenario/modification
    shape for every seat that may fill it (``position=all``); ``version``: the play's, as shown."""
    _back_to(play_id)
    with write(get_db()):  # the checks and every seat's fill, or none
        found = _as_shown(play_id, base_version())
        result = found.evaluate().result
        if result is None:
            raise Refused("This play has no result yet.")
        for p, shape in _targets(result_context(found, result)["campaign"], len(found.seats)):
            fill(p["player_id"], shape, play_id, who())
    return see_other("main.result", play_id=play_id, _anchor="vd-campaign")


def _targets(ctx: dict[str, Any], seats: int) -> list[tuple[dict[str, Any], str]]:
    """Who fills which shape, from the posted form; Refused when the campaign's rules say no."""
    raw, shape = request.form.get("position", ""), request.form.get("shape", "")
    if raw == "all" and ctx["mode"] in ("scenario", "modification"):
        if not ctx["fillable"]:
            raise Refused("Nobody at this table can fill this shape now.")
        return [(p, p["shape"]["shape"]) for p in ctx["fillable"]]
    seat = whole_number(raw)
    if seat is None or seat >= seats:
        raise Refused("Choose a player of this play.", 422)
    if not valid_shape(shape):
        raise Refused("Choose an achievement to fill.", 422)
    p, label = ctx["players"][seat], shape_info(shape)["label"]
    if ctx["mode"] == "standard":
        if shape not in [e["shape"] for e in p["earned"]]:
            raise Refused(f"{p['name']} did not earn {label} in this play.")
        if len(p["used"]) >= camp.STANDARD_PER_GAME:
            raise Refused(
                f"{p['name']} already filled {shape_info(p['used'][0])['label']} from this play: one "
                "standard "
                "achievement per game (undo it to choose another)."
            )
    elif ctx["mode"] in ("scenario", "modification"):
        if shape != p["shape"]["shape"]:
            raise Refused(f"This play fills {p['shape']['label']}, not {label}.")
        if not p["eligible"]:
            raise Refused(f"{p['name']} did not pass {label}.")
    else:
        raise Refused(
            "This play was not played for achievements. Change its options to choose an achievement mode."
        )
    return [(p, shape)]


@bp.post("/plays/<int:play_id>/campaign/declare")
def declare(play_id: int) -> ResponseReturnValue:
    """Record each player's declared scenario objectives (``declared-<position>``, checkboxes):
    a change of the play's options based on the version shown, logged and rescored."""
    found = get_play_or_404(play_id)
    _back_to(play_id)
    mode, number = mode_of(found.options)
    if found.game != VERDANT or mode != "scenario" or number is None:
        raise Refused("This play is not a scenario: there is nothing to declare.")
    if found.finished:
        raise Refused("This play is finished: reopen it to change what a player declares.")
    allowed = [o["key"] for o in camp.scenario(number)["objectives"] if o["check"] == "declared"]
    declared = [
        [k for k in allowed if k in request.form.getlist(f"declared-{s.position}")] for s in found.seats
    ]
    options = {**found.options, "scenario": {**found.options["scenario"], "declared": declared}}
    try:
        table.update_play(play_id, {"options": options}, who(), base_version=base_version())
    except table.Conflict:
        raise Refused(
            "The declarations were changed on another phone since this page was shown: look again."
        ) from None
    return see_other("main.result", play_id=play_id, _anchor="vd-campaign")


@bp.post("/players/<int:player_id>/campaign/undo")
def undo_fill(player_id: int) -> ResponseReturnValue:
    """Undo one filled shape (``shape``; ``event``: the fill the page showed); back to the play's
    result when ``play`` is given (with its ``version`` as shown)."""
    _player_or_404(player_id)
    shape = request.form.get("shape", "")
    _back_to(None, player_id)
    if not valid_shape(shape):
        raise Refused("Choose an achievement to undo.", 422)
    play, event = _form_id("play"), _form_id("event")
    _back_to(play, player_id)
    with write(get_db()):
        if play is not None:
            _as_shown(play, base_version(), finished=False)
        undo(player_id, shape, who(), event)
    return see_other("main.result", play_id=play, _anchor="vd-campaign") if play is not None else \
        see_other("main.player", player_id=player_id, _anchor="vd-campaign")


@bp.post("/players/<int:player_id>/campaign/hand")
def fill_by_hand(player_id: int) -> ResponseReturnValue:
    """Mark shapes (``shape``, several) as filled by hand, from a paper sheet: all or none."""
    _player_or_404(player_id)
    shapes = list(dict.fromkeys(request.form.getlist("shape")))
    _back_to(None, player_id)
    if not shapes or not all(valid_shape(s) for s in shapes):
        raise Refused("Tick at least one shape to mark as filled.", 422)
    with write(get_db()):  # checked and written in one transaction: a shape filled meanwhile refuses all
        filled = current(player_id)
        already = [shape_info(s)["label"] for s in shapes if s in filled]
        if already:
            raise Refused("Already filled: " + ", ".join(already) + ".")
        for s in shapes:
            fill(player_id, s, None, who())
    return see_other("main.player", player_id=player_id, _anchor="vd-campaign")


def _form_id(name: str) -> int | None:
    """An id posted in the form (``play``, ``event``): None when not sent; 400 when it is not one
    (a number past SQLite's range, 5,000 digits, text)."""
    raw = request.form.get(name, "")
    if not raw.strip():
        return None
    value = whole_number(raw)
    if value is None or value > ID_MAX:
        abort(400)
    return value


def _player_or_404(player_id: int) -> dict[str, Any]:
    try:
        return store.get_player(player_id)
    except store.NotFound:
        abort(404)


verdant.register_blueprint(bp)
gamedata.register(
    VERDANT,
    gamedata.GameData(
        result_template="games/verdant/result_panel.html",
        result_view=result_context,
        player_panel=("games/verdant/campaign_panel.html", player_context),
    ),
)
