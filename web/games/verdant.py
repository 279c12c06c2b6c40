"""Verdant's entry screen: the 5x3 home as a grid of cards, a cell editor under it, Green Thumbs
and the stored token below.  See docs/entry/verdant.md.

Two kinds of post change a seat:

- the page's own form (``#entry``, the standard seat URL): ``green_thumbs``, ``storage_kind``,
  ``storage_color``; the home is kept as stored;
- a cell editor form (``POST /verdant/plays/<id>/seats/<pos>/cells/<r>/<c>``): one cell, merged
  into the seat's current state, so it never needs the concurrency version (it cannot overwrite
  anything but that cell).  Fields: ``pick`` ("<plant name>|<pot or none>", one tap on a search
  result), or ``kind`` = plant with ``name`` / ``type`` ``points`` ``needs`` ``light`` and ``pot``
  / ``verdancy``; or ``kind`` = room with ``rtype``, ``room`` (a catalog card, for its edges),
  ``item_kind``, ``item_color``; or ``clear``.

Typed values are kept as typed ("abc" points stay "abc"); the engine names the problem and the
editor shows it next to the field.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, g, redirect, request, url_for

import scoring
from scoring.core import Errors, FieldError, normalize_name
from scoring.verdant import catalog as cat
from scoring.verdant import catalog_search
from scoring.verdant.parse import LIGHTING_GOALS, parse_goals
from web import store
from web.games import Adapter, register, register_player_panel, whole_number
from web.games import verdant_campaign as campaign
from web.pages import get_play_or_404, seat_page, who

ROWS, COLS = 3, 5
SEARCH_LIMIT = 6
POT_LABELS = {"concrete": "Concrete", "wood": "Wood", "ceramic": "Ceramic", "terracotta": "Terra cotta"}
NURTURE_LABELS = {"fertilizer": "Fertilizer", "hand_trowel": "Hand trowel", "watering_can": "Watering can"}
DECK_LABELS = {"plant": "Plant goal", "item": "Item goal", "room": "Room goal"}


# ---------------------------------------------------------------------------- helpers


def _number(raw: Any) -> Any:
    """Digits become an int, empty becomes None, anything else stays as typed."""
    if raw is None:
        return None
    text = str(raw).strip()
    if text == "":
        return None
    number = whole_number(text, "-")
    return str(raw) if number is None else number


def _home(state: Any) -> list[list[Any]]:
    """The seat's home as 3 rows of 5 (missing rows/cells padded with None, extra kept)."""
    home = state.get("home") if isinstance(state, dict) else None
    rows = [list(r) if isinstance(r, list) else [] for r in home] if isinstance(home, list) else []
    rows += [[] for _ in range(ROWS - len(rows))]
    return [r + [None] * (COLS - len(r)) for r in rows]


def _cell_at(state: Any, r: int, c: int) -> dict | None:
    home = _home(state)
    cell = home[r][c] if r < len(home) and c < len(home[r]) else None
    return cell if isinstance(cell, dict) else None


def _goal_names(options: dict) -> list[str]:
    names = list(options.get("goals") or []) if isinstance(options.get("goals"), list) else []
    sets = options.get("goal_sets") if isinstance(options.get("goal_sets"), dict) else {}
    for value in sets.values():
        if isinstance(value, list):
            for v in value:
                names.extend(v if isinstance(v, list) else [v])
    return [n for n in names if isinstance(n, str)]


def lighting_in_play(options: dict) -> bool:
    wanted = {normalize_name(g) for g in LIGHTING_GOALS}
    return any(normalize_name(n) in wanted for n in _goal_names(options))


def cell_from_form(form: Mapping[str, Any], old: dict | None) -> tuple[dict | None, bool]:
    """One cell of the home from a cell editor post, and whether the editor should move on to the
    next empty cell (the card is finished: a pot, a verdancy, an item colour or "no item").

    The post changes the stored cell: ``clear``; ``pick`` ("<name>|<pot or none>": a search
    result's chip); ``set`` ("field:value", one chip: ``pot``, ``verdancy``, ``rtype``,
    ``item_kind``, ``item_color``); ``room`` (a catalog room card, for its edges); or the
    by-hand plant form (``manual`` with ``type``, ``points``, ``needs``, ``light``, ``pot``,
    ``verdancy``)."""
    if form.get("clear"):
        return None, False
    cell: dict[str, Any] = copy.deepcopy(old) if isinstance(old, dict) else {}
    pick = form.get("pick")
    if pick:
        name, _, pot = str(pick).partition("|")
        cell = {"kind": "plant", "name": name.strip()}
        if pot and pot != "none":
            cell["pot"] = pot
            return cell, True
        cell["verdancy"] = 0
        return cell, False
    if form.get("manual"):
        cell = {"kind": "plant"}
        for key in ("type", "points", "needs"):
            raw = form.get(key)
            value = (raw or "").strip() if key == "type" else _number(raw)
            if value not in (None, ""):
                cell[key] = value
        light = form.getlist("light") if hasattr(form, "getlist") else form.get("light")
        if light:
            cell["light"] = list(light)
        pot = form.get("pot") or ""
        if pot and pot != "none":
            cell["pot"] = pot
        else:
            verdancy = _number(form.get("verdancy"))
            cell["verdancy"] = 0 if verdancy is None else verdancy
        return cell, True
    advance = False
    if "room" in form:
        name = (form.get("room") or "").strip()
        card = cat.room_by_name(name) if name else None
        cell["kind"] = "room"
        if card is not None:
            cell.pop("type", None)
            cell["name"] = card["name"]
        elif not name:
            cell.pop("name", None)
        else:
            cell["name"] = name  # kept as typed: the engine says it is not a card
    sets = form.getlist("set") if hasattr(form, "getlist") else [form.get("set")]
    for one in sets:
        key, _, value = str(one or "").partition(":")
        if key == "pot":
            cell["kind"] = "plant"
            if value and value != "none":
                cell["pot"] = value
                cell.pop("verdancy", None)
                advance = True
            else:
                cell.pop("pot", None)
                cell["verdancy"] = 0
        elif key == "verdancy":
            cell["kind"] = "plant"
            cell.pop("pot", None)
            cell["verdancy"] = _number(value)
            advance = True
        elif key == "rtype":
            if cell.get("kind") != "room":
                cell = {"kind": "room", "item": None}
            name = cell.get("name")
            card = cat.room_by_name(name) if isinstance(name, str) else None
            if card is None or card["type"] != value:
                cell.pop("name", None)
                cell["type"] = value
            item = cell.get("item")
            if isinstance(item, dict) and old and item.get("color") == _room_type(old):
                item["color"] = value  # the colour followed the old type: it follows the new one
        elif key == "item_kind":
            cell.setdefault("kind", "room")
            if value:
                item = cell.get("item") if isinstance(cell.get("item"), dict) else {}
                cell["item"] = {"kind": value, "color": item.get("color") or _room_type(cell) or ""}
            else:
                cell["item"] = None
                advance = True
        elif key == "item_color":
            item = cell.get("item") if isinstance(cell.get("item"), dict) else None
            if item is not None:
                item["color"] = value
                advance = True
    if not cell.get("kind"):
        return None, False
    return cell, advance


def _room_type(cell: Any) -> str:
    if not isinstance(cell, dict):
        return ""
    name = cell.get("name")
    card = cat.room_by_name(name) if isinstance(name, str) else None
    return card["type"] if card else str(cell.get("type") or "")


def next_empty(home: list[list[Any]], r: int, c: int) -> tuple[int, int] | None:
    """The next empty cell after (r, c) in reading order, wrapping round; None when full."""
    order = [(i, j) for i in range(ROWS) for j in range(COLS)]
    start = order.index((r, c))
    for i, j in order[start + 1:] + order[:start]:
        if not isinstance(home[i][j], dict):
            return i, j
    return None


def _storage_from_form(form: Mapping[str, Any], old: Any) -> Any:
    kind = form.get("storage_kind")
    if kind is None:
        return old
    if kind == "":
        return None
    if kind in cat.NURTURE:
        return kind
    return {"kind": kind, "color": form.get("storage_color") or ""}


def _storage_parts(storage: Any) -> tuple[str, str]:
    if isinstance(storage, dict):
        return str(storage.get("kind") or ""), str(storage.get("color") or "")
    return (str(storage) if storage else ""), ""


# ---------------------------------------------------------------------------- adapter


class VerdantAdapter(Adapter):
    entry_template = "games/verdant/entry.html"
    options_template = "games/verdant/options.html"
    stylesheet = "css/verdant.css"
    result_template = "games/verdant/result_panel.html"

    def result_context(self, play, result) -> dict:
        return campaign.result_context(play, result)

    # ------------------------------------------------------------------ entry form

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        old_state = old_state if isinstance(old_state, dict) else {}
        state = copy.deepcopy(old_state)
        state.pop("name", None)
        state["home"] = _home(old_state)
        if "green_thumbs" in form:
            thumbs = _number(form.get("green_thumbs"))
            state["green_thumbs"] = 0 if thumbs is None else thumbs
        state.setdefault("green_thumbs", 0)
        state["storage"] = _storage_from_form(form, old_state.get("storage"))
        return state, []

    # ------------------------------------------------------------------ options

    def options_from_form(self, form: Mapping[str, str], game: scoring.Game) -> tuple[dict, list[FieldError]]:
        p = f"opt-{game.name}-"
        variant = form.get(p + "variant") or "standard"
        goals = [form.get(f"{p}goal-{d}") for d in cat.DECKS]
        goals = [g for g in goals if g]
        raw_mod = form.get(p + "modification") or ""
        errors: list[FieldError] = []
        modification: Any = None
        if raw_mod:
            modification = _number(raw_mod)
            if not isinstance(modification, int) or not 1 <= modification <= 10:
                errors.append(FieldError(p + "modification", "choose none or a rules modification from 1 to 10"))
        goal_sets: dict[str, Any] = {}
        if modification == 4:
            goal_sets = {"second": [v for v in (form.get(f"{p}second-{d}") for d in cat.DECKS) if v]}
        elif modification == 5:
            lines = [line for line in (form.get(p + "player-goals") or "").splitlines() if line.strip()]
            goal_sets = {"players": [[g.strip() for g in line.replace(";", ",").split(",") if g.strip()] for line in lines]}
            goals = []
        options = {"variant": variant, "goals": goals, "modification": modification, "goal_sets": goal_sets}
        if form.get(p + "one_card_rows"):
            options["one_card_rows"] = True  # the other reading of the row goals (docs/rules/verdant.md)
        errors += self._campaign_options(options, form, p)
        if not errors:
            errors = self._check_options(options, form, p)
        return options, errors

    @staticmethod
    def _campaign_options(options: dict, form: Mapping[str, str], p: str) -> list[FieldError]:
        """The achievement mode (docs/campaign.md): ``scenario`` sets ``options.scenario`` and
        fills the goal cards left empty with the scenario's (assumed) cards; ``standard`` sets
        ``options.campaign = "standard"`` (a key the engine ignores); ``modification`` is the
        modification chosen above; ``none`` with a modification played sets ``campaign = "none"``.
        Without a mode field (an older form) the mode follows the modification."""
        mode = form.get(p + "mode")
        chosen = mode is not None  # an older form has no mode field: the mode follows the modification
        modification = options["modification"]
        if mode is None:
            mode = "modification" if modification else "none"
        players = sum(1 for k, v in form.items() if k.startswith("players-") and (v or "").strip())
        family = options["variant"] == "family"
        errors: list[FieldError] = []
        if mode == "scenario":
            number = _number(form.get(p + "scenario"))
            if not isinstance(number, int) or number not in campaign.camp.SCENARIOS:
                return [FieldError(p + "scenario", "choose the scenario played, from 1 to 15")]
            s = campaign.camp.scenario(number)
            by_deck = {d: form.get(f"{p}goal-{d}") for d in cat.DECKS}
            options["goals"] = [by_deck.get(g["deck"]) or g["name"] for g in s["goals"]]
            old = _json_object(form.get(p + "declared"))
            declared = old.get("declared") if old.get("number") == number else []
            options["scenario"] = {"number": number, "declared": declared if isinstance(declared, list) else []}
            if modification:
                errors.append(FieldError(p + "modification", "a scenario is played with the standard rules: "
                                                              "choose no rules modification"))
            if family:
                errors.append(FieldError(p + "variant", "a scenario is played with the standard rules, not the family variant"))
        elif mode == "modification":
            if not modification:
                errors.append(FieldError(p + "modification", "choose the rules modification played: "
                                                              "its shape is filled for every player"))
            if family and chosen:
                errors.append(FieldError(p + "variant", "the family variant earns no rules-modification achievement (rulebook: "
                                                        "a game under the standard rules): choose standard rules, or the "
                                                        "achievement mode \"none\""))
            if players == 1 and chosen:
                errors.append(FieldError(p + "mode", "a solo game earns no rules-modification achievement (rulebook: a "
                                                     "multiplayer game): choose none, or play a scenario"))
        elif mode == "standard":
            options["campaign"] = "standard"
            if modification:
                errors.append(FieldError(p + "modification", "a standard game plays no rules modification: choose none, "
                                                              "or the achievement mode \"rules modification\""))
            if family:
                errors.append(FieldError(p + "variant", "the family variant earns no achievements: choose standard rules, "
                                                        "or the achievement mode \"none\""))
            if players == 1:
                errors.append(FieldError(p + "mode", "a solo game earns no standard achievements (rulebook): "
                                                     "play a scenario, or choose none"))
        elif mode == "none":
            if modification:
                options["campaign"] = "none"
        else:
            errors.append(FieldError(p + "mode", "choose none, standard game, scenario or rules modification"))
        return errors

    @staticmethod
    def _check_options(options: dict, form: Mapping[str, str], p: str) -> list[FieldError]:
        """The engine's own option checks, filed under the control they concern."""
        players = sum(1 for k, v in form.items() if k.startswith("players-") and (v or "").strip())
        mod5 = options["modification"] == 5
        count = players or (len(options["goal_sets"].get("players", [])) if mod5 else 2)
        scratch = Errors()
        if options["variant"] not in ("standard", "family"):
            scratch.add("options.variant", "choose standard or family")
        parse_goals(scratch, {"options": options}, max(count, 1), options["modification"], players == 1)
        out = []
        for e in scratch.items:
            if e.path.startswith("options.goal_sets.players"):
                key = p + "player-goals"
            elif e.path.startswith("options.goal_sets"):
                key = p + "second"
            elif e.path.startswith("options.goals"):
                key = p + "goals"
            else:
                key = p + "variant"
            out.append(FieldError(key, e.message))
        return out

    def option_value(self, options: dict, option: scoring.Option) -> str:
        return super().option_value(options, option)

    # ------------------------------------------------------------------ template context

    def context(self, play, seat, evaluation) -> dict:
        state = seat.state if isinstance(seat.state, dict) else {}
        options = play.options if isinstance(play.options, dict) else {}
        home = _home(state)
        others = [{**(s.state if isinstance(s.state, dict) else {}), "name": s.name}
                  for s in play.seats if s.position != seat.position]  # for the goals that compare players
        out = scoring.get("verdant").preview(state, options, len(play.seats), seat.position, others=others)
        cell_errors: dict[tuple[int, int], list[tuple[str, str]]] = {}
        other_errors: dict[str, list[str]] = {}
        for e in evaluation.seat_errors[seat.position]:
            where = _cell_of(e.path)
            if where is not None and not isinstance(home[where[0]][where[1]], dict):
                continue  # an empty cell: not a problem while the home is being filled
            if where is not None:
                field = e.path.split("]", 2)[-1].lstrip(".") if e.path.count("]") >= 2 else ""
                cell_errors.setdefault(where, []).append((field, e.message))
            else:
                other_errors.setdefault(e.path, []).append(e.message)
        grid = []
        for r in range(ROWS):
            row = []
            for c in range(COLS):
                data = home[r][c] if isinstance(home[r][c], dict) else None
                row.append({
                    "r": r, "c": c,
                    "data": data,
                    "kind": (data or {}).get("kind") if data else None,
                    "expected": out.extra["expected"].get(f"home[{r}][{c}]"),
                    "score": _cell_score(out, r, c),
                    "errors": cell_errors.get((r, c), []),
                    "label": _cell_label(data),
                })
            grid.append(row)

        editing = _editing_cell()
        editor = None
        if editing is not None:
            r, c = editing
            data = home[r][c] if isinstance(home[r][c], dict) else None
            kind = (data or {}).get("kind") if data else None
            if kind not in ("plant", "room"):
                kind = None
            expected = kind or out.extra["expected"].get(f"home[{r}][{c}]")
            query = request.args.get("q", "") if request.method == "GET" else ""
            catalog_plant = cat.plant_by_name(data.get("name") or "") if data and kind == "plant" and isinstance(data.get("name"), str) else None
            rtype = ""
            room_card = None
            if data and kind == "room":
                room_card = cat.room_by_name(data["name"]) if isinstance(data.get("name"), str) else None
                rtype = room_card["type"] if room_card else str(data.get("type") or "")
            item = data.get("item") if data and isinstance(data.get("item"), dict) else {}
            editor = {
                "r": r, "c": c,
                "data": data,
                "kind": kind,
                "expected": expected,
                "query": query,
                "results": catalog_search(query, kind="plant", limit=SEARCH_LIMIT) if query.strip() else [],
                "plant": catalog_plant,
                "manual": kind == "plant" and not catalog_plant,
                "rtype": rtype,
                "room_card": room_card,
                "room_cards": [x for x in cat.ROOMS if x["type"] == rtype] if rtype else [],
                "item_kind": str(item.get("kind") or ""),
                "item_color": str(item.get("color") or ""),
                "score": _cell_score(out, r, c),
                "errors": cell_errors.get((r, c), []),
                "after_save": request.method == "POST",
            }
        storage_kind, storage_color = _storage_parts(state.get("storage"))
        lighting = lighting_in_play(options)
        family = options.get("variant") == "family"
        ctx = {"pots": POT_LABELS, "family": family, "types": cat.TYPES, "lights": cat.LIGHTS, "lighting": lighting,
               "furniture": cat.FURNITURE, "pets": cat.PETS, "edges": cat.EDGES}
        return {
            "ctx": ctx,
            "grid": grid,
            "preview": out,
            "editor": editor,
            "other_errors": other_errors,
            "lighting": lighting,
            "family": family,
            "green_thumbs": state.get("green_thumbs", 0),
            "storage_kind": storage_kind,
            "storage_color": storage_color,
            "types": cat.TYPES,
            "lights": cat.LIGHTS,
            "pots": POT_LABELS,
            "furniture": cat.FURNITURE,
            "pets": cat.PETS,
            "nurture": NURTURE_LABELS,
            "edges": cat.EDGES,
        }


def _cell_score(out: scoring.Preview, r: int, c: int) -> dict | None:
    """One card's points and lines from the engine's preview (None for an empty or broken cell)."""
    path = f"home[{r}][{c}]"
    about = out.extra["cells"].get(path)
    if about is None:
        return None
    return {**about, "points": out.points.get(path), "why": list(out.why.get(path, ()))}


def _json_object(raw: Any) -> dict:
    import json

    try:
        value = json.loads(raw) if raw else {}
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _cell_of(path: str) -> tuple[int, int] | None:
    """(row, col) of an error path like ``home[1][2].pot``."""
    if not path.startswith("home["):
        return None
    try:
        r = int(path[5:path.index("]")])
        rest = path[path.index("]") + 1:]
        if not rest.startswith("["):
            return None
        c = int(rest[1:rest.index("]")])
    except ValueError:
        return None
    return (r, c) if 0 <= r < ROWS and 0 <= c < COLS else None


def _cell_label(data: dict | None) -> str:
    if not data:
        return ""
    if data.get("kind") == "room":
        name = data.get("name")
        card = cat.room_by_name(name) if isinstance(name, str) else None
        rtype = card["type"] if card else data.get("type")
        return str(rtype).capitalize() if rtype else "Room"
    name = data.get("name")
    if isinstance(name, str) and name.strip():
        return name
    if data.get("type"):
        return f"{str(data.get('type')).capitalize()} plant"
    return "Plant"


def _editing_cell() -> tuple[int, int] | None:
    """The cell whose editor is open: a cell route's (row, col), or ``?cell=r-c`` on the page."""
    if "verdant_editor" in g:
        return g.verdant_editor
    args = request.view_args or {}
    if request.blueprint == "verdant" and "r" in args:
        return args["r"], args["c"]
    raw = request.args.get("cell", "")
    r, _, c = (whole_number(part) for part in raw.partition("-"))
    if r is not None and c is not None and r < ROWS and c < COLS:
        return r, c
    return None


register("verdant", VerdantAdapter())
register_player_panel("games/verdant/campaign_panel.html", campaign.player_context)


# ---------------------------------------------------------------------------- routes

bp = Blueprint("verdant", __name__, url_prefix="/verdant")
bp.register_blueprint(campaign.bp)  # the campaign's routes: endpoints "verdant.campaign.*"


def _play_seat(play_id: int, position: int, r: int, c: int):

    found = get_play_or_404(play_id)
    if found.game != "verdant" or not 0 <= position < len(found.seats) or not (0 <= r < ROWS and 0 <= c < COLS):
        abort(404)
    return found


@bp.get("/plays/<int:play_id>/seats/<int:position>/cells/<int:r>/<int:c>")
def cell_editor(play_id: int, position: int, r: int, c: int):
    """The editor of one cell (htmx); without htmx, the seat page with that editor open."""
    found = _play_seat(play_id, position, r, c)
    if not request.headers.get("HX-Request"):
        return redirect(url_for("main.seat", play_id=play_id, position=position, cell=f"{r}-{c}", q=request.args.get("q") or None) + "#editor")

    block = "results" if request.args.get("fragment") == "results" else "editor"
    if request.args.get("close"):
        g.verdant_editor = None
    return seat_page(found, position, found.evaluate(), block=block)


@bp.post("/plays/<int:play_id>/seats/<int:position>/cells/<int:r>/<int:c>")
def save_cell(play_id: int, position: int, r: int, c: int):
    """Save one cell (merged into the seat's current state) and answer with the status block,
    which carries the new grid and editor out of band; without htmx, a redirect."""

    found = _play_seat(play_id, position, r, c)
    if found.finished:
        return seat_page(found, position, found.evaluate(),
                          [scoring.FieldError("", "This play is finished: reopen it to change a score.")], 409, "status")
    old_state = found.seats[position].state if isinstance(found.seats[position].state, dict) else {}
    state = copy.deepcopy(old_state)
    state.pop("name", None)
    home = _home(old_state)
    home[r][c], advance = cell_from_form(request.form, _cell_at(old_state, r, c))
    state["home"] = home
    if request.form.get("close"):
        g.verdant_editor = None
    elif advance:
        g.verdant_editor = next_empty(home, r, c)
    else:
        g.verdant_editor = (r, c)
    state.setdefault("green_thumbs", 0)
    state.setdefault("storage", None)
    found, evaluation, _ = store.save_seat(play_id, position, state, who())
    if request.headers.get("HX-Request"):
        return seat_page(found, position, evaluation, block="status")
    if g.verdant_editor is not None:
        cell = "{}-{}".format(*g.verdant_editor)
        return redirect(url_for("main.seat", play_id=play_id, position=position, cell=cell) + "#editor", code=303)
    return redirect(url_for("main.seat", play_id=play_id, position=position) + "#home", code=303)


@bp.app_context_processor
def _verdant_goals():
    """The goal cards, for the options form (shown on the new-play and edit pages)."""
    return {"verdant_goals": cat.GOALS, "verdant_scenarios": campaign.scenario_choices(),
            "verdant_mode_of": campaign.mode_of, "verdant_declared_json": campaign.declared_json}
