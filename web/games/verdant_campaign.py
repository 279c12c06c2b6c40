"""Verdant's achievement campaign in the web app (docs/campaign.md).

- **Mode per play** (read from the play's options by :func:`mode_of`): ``none``, ``standard``
  (``options.campaign = "standard"``: a key the engine ignores), ``scenario`` (``options.scenario``,
  part of the scoring contract) or ``modification`` (``options.modification``).
- **Storage**: the append-only table ``achievement_events`` (migration m003): one row per fill or
  undo of a shape by a player; a player's plant is derived from it (per shape, the newest event
  decides).  Every write is also put in the edit log (``achievement filled`` / ``undone``).
- **Routes** (blueprint ``campaign``, nested under ``/verdant``): fill from a finished play, record a
  scenario's declared objectives, undo a fill, mark shapes by hand.  Plain form posts answered with
  a 303 redirect (htmx gets ``HX-Redirect``); refusals answer 409/422 with the reason.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from flask import Blueprint, abort, render_template, request
from markupsafe import Markup, escape

from scoring.verdant import campaign as camp
from scoring.verdant.achievements import near_misses
from web import store
from web.db import dumps, get_db, loads, now, write
from web.games import whole_number
from web.pages import get_play_or_404, see_other, who
from web.store import log

MODES = {"none": "No achievements", "standard": "Standard game", "scenario": "Scenario",
         "modification": "Rules modification"}
MODE_OF_SHAPE = {"standard": "Standard game", "scenario": "Scenario", "modification": "Rules modification"}
DECLARE_TEXT = {"no_hand_trowel": "I did not use a Hand Trowel", "no_watering_can": "I did not use a Watering Can"}
STANDARD_PER_GAME = 1  # rulebook: at most one standard achievement per game


# --------------------------------------------------------------------------- the mode


def mode_of(options: Any) -> tuple[str, int | None]:
    """(mode, number) of a play from its options: a scenario wins, then an explicit
    ``campaign`` key ("standard" or "none"), then a rules modification; else none."""
    options = options if isinstance(options, dict) else {}
    scen = options.get("scenario")
    if isinstance(scen, dict) and isinstance(scen.get("number"), int) and scen["number"] in camp.SCENARIOS:
        return "scenario", scen["number"]
    chosen = options.get("campaign")
    if chosen == "standard":
        return "standard", None
    if chosen == "none":
        return "none", None
    mod = options.get("modification")
    if isinstance(mod, int) and not isinstance(mod, bool) and mod in camp.MODIFICATIONS:
        return "modification", mod
    return "none", None


def mode_title(mode: str, number: int | None) -> str:
    return f"{MODES[mode]} {number}" if number else MODES[mode]


def shape_info(shape: str) -> dict[str, Any]:
    """A shape id ("standard-3") as ``{"shape", "mode", "number", "label", "text"}``."""
    mode, _, n = shape.partition("-")
    number = int(n)
    if mode == "standard":
        text = camp.standard_achievement(number)["text"]
    elif mode == "scenario":
        s = camp.scenario(number)
        text = f"Goals {', '.join(g['letter'] for g in s['goals'])}; " + "; ".join(o["text"] for o in s["objectives"])
    else:
        text = camp.modification(number)["text"]
    return {"shape": shape, "mode": mode, "number": number, "label": f"{MODE_OF_SHAPE[mode]} {number}", "text": text}


ALL_SHAPES = [s["shape"] for s in camp.all_shapes()]


def valid_shape(shape: Any) -> bool:
    return isinstance(shape, str) and shape in ALL_SHAPES


@cache
def scenario_choices() -> list[dict[str, Any]]:
    """The 15 scenarios for the options form: goal letters with their assumed names."""
    out = []
    for n in camp.SCENARIOS:
        s = camp.scenario(n)
        out.append({"number": n, "goals": s["goals"], "min_score": s["min_score"],
                    "objectives": [o["text"] for o in s["objectives"][1:]],
                    "letters": " · ".join(g["letter"] for g in s["goals"])})
    return out


def declared_lists(options: Any, n_players: int) -> list[list[str]]:
    """Each player's declared objectives (``options.scenario.declared``: one list for everybody
    or one list per player)."""
    scen = options.get("scenario") if isinstance(options, dict) else None
    raw = scen.get("declared") if isinstance(scen, dict) else None
    if not isinstance(raw, list) or not raw:
        return [[] for _ in range(n_players)]
    if all(isinstance(d, list) for d in raw):
        lists = [[k for k in d if isinstance(k, str)] for d in raw]
        return (lists + [[] for _ in range(n_players)])[:n_players]
    one = [k for k in raw if isinstance(k, str)]
    return [list(one) for _ in range(n_players)]


# ------------------------------------------------------------------------- storage


def player_group(player_id: int) -> list[int]:
    """The player and every duplicate merged into them (directly or through another merge): a
    merge moves seats, and the campaign follows without rewriting the append-only log."""
    rows = get_db().execute(
        "WITH RECURSIVE grp(id) AS (SELECT ? UNION SELECT p.id FROM players p JOIN grp ON p.merged_into = grp.id) "
        "SELECT id FROM grp", [player_id]).fetchall()
    return [r[0] for r in rows]


def current(player_id: int) -> dict[str, dict]:
    """The player's filled shapes: shape -> the fill event (with the earning play's date), in
    fill order."""
    ids = player_group(player_id)
    marks = ",".join("?" * len(ids))
    rows = get_db().execute(
        f"SELECT e.*, pl.played_at FROM achievement_events e LEFT JOIN plays pl ON pl.id = e.play_id "
        f"WHERE e.id IN (SELECT MAX(id) FROM achievement_events WHERE player_id IN ({marks}) GROUP BY shape) "
        f"AND e.action = 'fill' ORDER BY e.id", ids).fetchall()
    return {r["shape"]: dict(r) for r in rows}


def history(player_id: int) -> list[dict]:
    ids = player_group(player_id)
    marks = ",".join("?" * len(ids))
    rows = get_db().execute(f"SELECT * FROM achievement_events WHERE player_id IN ({marks}) ORDER BY id DESC", ids)
    return [dict(r) for r in rows.fetchall()]


class Refused(Exception):
    """A fill or undo that the campaign's rules do not allow (status 409)."""


def _event(player_id: int, shape: str, action: str, play_id: int | None, source: str, who: str) -> None:

    db = get_db()
    db["achievement_events"].insert({"player_id": player_id, "shape": shape, "action": action, "play_id": play_id,
                                     "source": source, "at": now(), "who": who})
    what = "achievement filled" if action == "fill" else "achievement undone"
    if source == "hand" and action == "fill":
        what += " (entered by hand)"
    log(play_id, player_id, who, what, None, {"shape": shape, "source": source})


def fill(player_id: int, shape: str, play_id: int | None, who: str) -> None:
    """Fill ``shape`` for the player: from ``play_id``, or by hand (``play_id`` None)."""
    with write(get_db()):
        found = current(player_id).get(shape)
        if found is not None:
            raise Refused(f"{shape_info(shape)['label']} is already filled" + (
                f" (from play {found['play_id']})" if found["play_id"] else " (entered by hand)"))
        _event(player_id, shape, "fill", play_id, "play" if play_id else "hand", who)


def undo(player_id: int, shape: str, who: str) -> dict:
    """Undo the player's fill of ``shape`` (appends an undo event); returns the undone fill."""
    with write(get_db()):
        found = current(player_id).get(shape)
        if found is None:
            raise Refused(f"{shape_info(shape)['label']} is not filled: nothing to undo")
        _event(player_id, shape, "undo", found["play_id"], found["source"], who)
    return found


# --------------------------------------------------------------------- the drawing


def plant_svg(leaves: list[str], size: int = 170) -> Markup:
    """The achievement plant as inline SVG: a pot, a stem that grows with the leaves and one leaf
    per filled shape (``leaves``: shape ids in fill order), coloured by mode with CSS classes.
    Only numbers and the rulebook's texts go in (escaped): no user data, no style attributes."""
    n = len(leaves)
    step = 7.0  # stem length per leaf

    def stem_x(y: float) -> float:
        return 100 + 9 * math.sin((208 - y) / 30)

    top = 196 - max(n, 1) * step  # the stem's tip
    pts, y = [], 210.0
    while y > top:
        pts.append((stem_x(y), y))
        y -= 5
    pts.append((stem_x(top), top))
    path = "M" + " L".join(f"{x:.1f} {yy:.1f}" for x, yy in pts)
    vy = min(120.0, top - 28)  # the drawing is cropped to the plant's height (taller as it grows)
    height = 262 - vy
    parts = [
        f'<svg class="vd-plant" viewBox="0 {vy:.0f} 200 {height:.0f}" width="{size}" height="{round(size * height / 200)}" '
        f'role="img" aria-labelledby="vd-plant-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="vd-plant-title">Achievement plant with {n} leaf{"" if n == 1 else "s"}</title>',
        f'<path class="vd-stem" d="{path}" fill="none" stroke-width="4" stroke-linecap="round"/>',
    ]
    for i, shape in enumerate(leaves):
        yy = 200 - i * step
        x = stem_x(yy)
        tilt = (i // 2) % 3 * 9  # a little variety in the leaves' angles
        angle = -14 - tilt if i % 2 == 0 else -166 + tilt
        scale = 1.15 - i * 0.008
        info = shape_info(shape)
        parts.append(
            f'<path class="vd-leaf vd-leaf-{info["mode"]}" transform="translate({x:.1f} {yy:.1f}) rotate({angle}) '
            f'scale({scale:.3f})" d="M0 0 C10 -12 30 -12 42 0 C30 12 10 12 0 0 Z"><title>{escape(info["label"])}: '
            f'{escape(info["text"])}</title></path>')
    if n == 0:
        parts.append('<path class="vd-leaf vd-leaf-bud" d="M100 207 C94 199 94 193 100 188 C106 193 106 199 100 207 Z"/>')
    parts.append('<path class="vd-pot" d="M62 214 H138 L130 254 H70 Z"/>')
    parts.append('<rect class="vd-pot-rim" x="56" y="208" width="88" height="12" rx="3"/>')
    parts.append('</svg>')
    return Markup("".join(parts))


# ------------------------------------------------------------------- result panel


def _earned(result_player) -> dict:
    ach = result_player.extra.get("achievements") if isinstance(result_player.extra, dict) else None
    return ach if isinstance(ach, dict) else {}


def result_context(play, result) -> dict:
    """The campaign panel under a Verdant result: per player, what this play can fill."""
    mode, number = mode_of(play.options)
    totals = [p.total for p in result.players]
    players = []
    for seat, rp in zip(play.seats, result.players):
        filled = current(seat.player_id)
        ach = _earned(rp)
        entry: dict[str, Any] = {"position": seat.position, "name": seat.name, "player_id": seat.player_id,
                                 "total": rp.total}
        this_play = {s: e for s, e in filled.items() if e["play_id"] == play.id}
        entry["from_this_play"] = [dict(shape_info(s), event=e) for s, e in this_play.items()]
        if mode == "standard":
            earned = [n for n in ach.get("standard") or [] if isinstance(n, int)]
            entry["earned"] = [dict(shape_info(f"standard-{n}"), event=filled.get(f"standard-{n}")) for n in earned]
            entry["choosable"] = [e for e in entry["earned"] if e["event"] is None]
            entry["used"] = [s for s in this_play if s.startswith("standard-")]
            entry["no_longer"] = [shape_info(s)["label"] for s in entry["used"] if int(s.split("-")[1]) not in earned]
            others = [t for j, t in enumerate(totals) if j != seat.position]
            entry["near"] = near_misses(rp, seat.state, play.options, set(filled), best_other=max(others) if others else None)
        elif mode == "scenario":
            entry["scenario"] = ach.get("scenario") or {}
            shape = f"scenario-{number}"
            entry["shape"] = dict(shape_info(shape), event=filled.get(shape))
            entry["eligible"] = bool(entry["scenario"].get("passed"))
        elif mode == "modification":
            shape = f"modification-{number}"
            entry["shape"] = dict(shape_info(shape), event=filled.get(shape))
            entry["eligible"] = ach.get("modification") == number
        players.append(entry)
    declarable = []
    declared = declared_lists(play.options, len(play.seats))
    if mode == "scenario":
        declarable = [{"key": o["key"], "text": DECLARE_TEXT.get(o["key"], o["text"])}
                      for o in camp.scenario(number)["objectives"] if o["check"] == "declared"]
    return {"campaign": {"mode": mode, "number": number, "title": mode_title(mode, number), "players": players,
                         "finished": play.finished, "declarable": declarable, "declared": declared,
                         "scenario": camp.scenario(number) if mode == "scenario" else None,
                         "modification": camp.modification(number) if mode == "modification" else None,
                         "fillable": [p for p in players if mode in ("scenario", "modification") and p["eligible"]
                                      and p["shape"]["event"] is None]}}


# ------------------------------------------------------------------- player panel


def _latest_standard_play(ids: list[int]) -> dict | None:
    """The newest finished standard-mode Verdant play of the player (among their last 30)."""
    marks = ",".join("?" * len(ids))
    # Walk Verdant plays newest first on plays(game, played_at) and probe the player's seat
    # (CROSS JOIN keeps that order): the cost does not grow with the player's whole history.
    rows = get_db().execute(
        f"SELECT pl.id, pl.played_at, pl.options, s.total, s.breakdown, s.state, s.position FROM plays pl "
        f"CROSS JOIN seats s ON s.play_id = pl.id AND s.player_id IN ({marks}) WHERE pl.game = 'verdant' "
        f"AND pl.status = 'finished' AND s.total IS NOT NULL ORDER BY pl.played_at DESC, pl.id DESC LIMIT 30", ids).fetchall()
    for r in rows:
        options = loads(r["options"], {})
        if mode_of(options)[0] == "standard":
            other = get_db().execute("SELECT MAX(total) FROM seats WHERE play_id = ? AND position != ?",
                                     [r["id"], r["position"]]).fetchone()[0]
            return dict(r, options=options, best_other=other)
    return None


def player_context(player: dict) -> dict:
    """The achievement plant on a player's page: 50 shapes by mode, leaves, drawing, near misses."""
    filled = current(player["id"])
    groups = []
    for mode, title, numbers in (("standard", "Standard games", camp.STANDARD), ("scenario", "Scenarios", camp.SCENARIOS),
                                 ("modification", "Rules modifications", camp.MODIFICATIONS)):
        shapes = [dict(shape_info(f"{mode}-{n}"), event=filled.get(f"{mode}-{n}")) for n in numbers]
        groups.append({"mode": mode, "title": title, "shapes": shapes, "filled": sum(1 for s in shapes if s["event"])})
    ids = player_group(player["id"])
    latest = _latest_standard_play(ids)
    near = []
    if latest is not None:
        result = {"total": latest["total"], "categories": loads(latest["breakdown"], [])}
        near = near_misses(result, loads(latest["state"], {}), latest["options"], set(filled),
                                best_other=latest["best_other"])
    plays = get_db().execute(  # finished Verdant plays of the player (and merged duplicates): player_stats
        f"SELECT COALESCE(SUM(plays), 0) FROM player_stats WHERE game = 'verdant' "
        f"AND player_id IN ({','.join('?' * len(ids))})", ids).fetchone()[0]
    return {"player": player, "groups": groups, "leaves": len(filled), "svg": plant_svg(list(filled)),
            "near": near, "near_play": latest, "verdant_plays": plays,
            "unfilled": [s for g in groups for s in g["shapes"] if s["event"] is None]}


# ------------------------------------------------------------------------- routes

bp = Blueprint("campaign", __name__)


def _refuse(message: str, status: int, back: str):
    return render_template("games/verdant/refused.html", message=message, back=back), status


def _verdant_play(play_id: int):

    found = get_play_or_404(play_id)
    if found.game != "verdant":
        abort(404)
    return found


def _player_or_404(player_id: int) -> dict:

    try:
        return store.get_player(player_id)
    except store.NotFound:
        abort(404)


@bp.post("/plays/<int:play_id>/campaign/fill")
def fill_from_play(play_id: int):
    """Fill one shape for one seat (``position``, ``shape``), or the play's scenario/modification
    shape for every seat that may fill it (``position=all``)."""
    from flask import url_for

    found = _verdant_play(play_id)
    back = url_for("main.result", play_id=play_id) + "#vd-campaign"
    if not found.finished:
        return _refuse("Finish the play first: a shape is filled from a play in the history.", 409, back)
    result = found.evaluate().result
    if result is None:
        return _refuse("This play has no result yet.", 409, back)
    ctx = result_context(found, result)["campaign"]
    raw, shape = request.form.get("position", ""), request.form.get("shape", "")
    if raw == "all" and ctx["mode"] in ("scenario", "modification"):
        targets = [(p, p["shape"]["shape"]) for p in ctx["fillable"]]
        if not targets:
            return _refuse("Nobody at this table can fill this shape now.", 409, back)
    else:
        seat = whole_number(raw)
        if seat is None or seat >= len(found.seats):
            return _refuse("Choose a player of this play.", 422, back)
        if not valid_shape(shape):
            return _refuse("Choose an achievement to fill.", 422, back)
        p = ctx["players"][seat]
        message = _why_not(ctx["mode"], p, shape)
        if message:
            return _refuse(message, 409, back)
        targets = [(p, shape)]
    try:
        with write(get_db()):  # every seat's fill, or none
            for p, s in targets:
                fill(p["player_id"], s, play_id, who())
    except Refused as exc:
        return _refuse(str(exc), 409, back)
    return see_other("main.result", play_id=play_id, _anchor="vd-campaign")


def _why_not(mode: str, p: dict, shape: str) -> str | None:
    """Why ``p`` cannot fill ``shape`` from this play (None: they can)."""
    label = shape_info(shape)["label"]
    if mode == "standard":
        if shape not in [e["shape"] for e in p["earned"]]:
            return f"{p['name']} did not earn {label} in this play."
        if len(p["used"]) >= STANDARD_PER_GAME:
            used = shape_info(p["used"][0])["label"]
            return (f"{p['name']} already filled {used} from this play: one standard achievement per game "
                    "(undo it to choose another).")
        return None
    if mode in ("scenario", "modification"):
        if shape != p["shape"]["shape"]:
            return f"This play fills {p['shape']['label']}, not {label}."
        if not p["eligible"]:
            return f"{p['name']} did not pass {label}."
        return None
    return "This play was not played for achievements (mode: none). Change its options to choose a mode."


@bp.post("/plays/<int:play_id>/campaign/declare")
def declare(play_id: int):
    """Record each player's declared scenario objectives (``declared-<position>``, checkboxes):
    a change of the play's options, logged and rescored."""
    from flask import url_for

    found = _verdant_play(play_id)
    back = url_for("main.result", play_id=play_id) + "#vd-campaign"
    mode, number = mode_of(found.options)
    if mode != "scenario":
        return _refuse("This play is not a scenario: there is nothing to declare.", 409, back)
    if found.finished:
        return _refuse("This play is finished: reopen it to change what a player declares.", 409, back)
    allowed = [o["key"] for o in camp.scenario(number)["objectives"] if o["check"] == "declared"]
    declared = [[k for k in allowed if k in request.form.getlist(f"declared-{s.position}")] for s in found.seats]
    options = dict(found.options)
    options["scenario"] = {**options["scenario"], "declared": declared}
    store.update_play(play_id, {"options": options}, who())
    return see_other("main.result", play_id=play_id, _anchor="vd-campaign")


@bp.post("/players/<int:player_id>/campaign/undo")
def undo_fill(player_id: int):
    """Undo one filled shape (``shape``); back to the play's result when ``play`` is given."""
    from flask import url_for

    _player_or_404(player_id)
    shape, play = request.form.get("shape", ""), whole_number(request.form.get("play", ""))
    back = (url_for("main.result", play_id=play) if play is not None else url_for("main.player", player_id=player_id)) + "#vd-campaign"
    if not valid_shape(shape):
        return _refuse("Choose an achievement to undo.", 422, back)
    try:
        undo(player_id, shape, who())
    except Refused as exc:
        return _refuse(str(exc), 409, back)
    if play is not None:
        return see_other("main.result", play_id=play, _anchor="vd-campaign")
    return see_other("main.player", player_id=player_id, _anchor="vd-campaign")


@bp.post("/players/<int:player_id>/campaign/hand")
def fill_by_hand(player_id: int):
    """Mark shapes (``shape``, several) as filled by hand, from a paper sheet."""
    from flask import url_for

    _player_or_404(player_id)
    back = url_for("main.player", player_id=player_id) + "#vd-campaign"
    shapes = request.form.getlist("shape")
    if not shapes or not all(valid_shape(s) for s in shapes):
        return _refuse("Tick at least one shape to mark as filled.", 422, back)
    filled = current(player_id)
    already = [shape_info(s)["label"] for s in shapes if s in filled]
    if already:
        return _refuse("Already filled: " + ", ".join(already) + ".", 409, back)
    try:
        with write(get_db()):  # every ticked shape, or none
            for s in dict.fromkeys(shapes):
                fill(player_id, s, None, who())
    except Refused as exc:  # filled meanwhile from another phone
        return _refuse(str(exc), 409, back)
    return see_other("main.player", player_id=player_id, _anchor="vd-campaign")


def declared_json(options: Any) -> str:
    scen = options.get("scenario") if isinstance(options, dict) else None
    return dumps(scen) if isinstance(scen, dict) else ""
