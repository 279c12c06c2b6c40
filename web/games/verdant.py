"""Verdant's entry screen: the 5x3 home as a grid of cards, a cell editor under it, Green Thumbs
and storage below (docs/entry/verdant.md).  Both of its posts go through the table service with
the version the page was built from:

- the page's own form (``#entry``, the standard seat URL): ``green_thumbs``, ``storage`` and
  ``storage.color``, a whole picture of what the form shows (the store applies what this phone
  changed and keeps what other phones changed meanwhile);
- a cell editor form (the interaction ``cell``: ``POST /plays/<id>/seats/<pos>/do/cell?cell=r-c``):
  one cell, sent as ``set={"home[r][c]": cell}``: two phones filling two cells of one home both
  land; a phone that changes a cell another phone changed since gets the conflict screen ("Row 2,
  card 3").  What it posts: :func:`cell_from_form`.  The editor itself is the seat page's block
  ``editor`` (``GET /plays/<id>/seats/<pos>?cell=r-c&fragment=editor``).

Typed values are kept as typed ("abc" points stay "abc"); the engine names the problem next to the
field, and the editor stays on that card until it is fixed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import scoring
from scoring import paths
from scoring.core import Errors, FieldError
from scoring.verdant import GAME as VERDANT
from scoring.verdant import campaign as camp
from scoring.verdant import catalog as cat
from scoring.verdant import catalog_search
from scoring.verdant.parse import HOME_SIZE, lighting_in_play, parse_goals
from scoring.verdant.preview import placed_cards
from scoring.verdant.schema import COL, HOME_COLS, HOME_ROWS, ROW, VARIANTS
from scoring.verdant.schema import PLAYER as SCHEMA
from web.games import (
    Adapter,
    Ask,
    SeatChange,
    UnknownAction,
    errors_at,
    preview,
    register,
    show_value,
    state_from_paths,
    whole_number,
)

SEARCH_LIMIT = 6
#: the words of a place inside a card, as the editor labels its fields
PART_WORDS = {
    "name": "card",
    "type": "type",
    "points": "points",
    "needs": "needs",
    "light": "light",
    "pot": "pot",
    "verdancy": "verdancy",
    "item": "item",
    "item.kind": "item",
    "item.color": "item colour",
    "edges": "edge lighting",
    **{f"edges.{e}": f"{e} edge" for e in cat.EDGES},
}


def word(key: Any) -> str:
    """A catalog key as a player reads it: ``hand_trowel`` -> "Hand trowel", ``terracotta`` ->
    "Terra cotta"."""
    text = str(key or "").replace("_", " ")
    return "Terra cotta" if text == "terracotta" else text[:1].upper() + text[1:]


def _home(state: Any) -> list[list[Any]]:
    """The seat's home as 3 rows of 5 (missing rows/cells padded with None, extra kept)."""
    home = state.get("home") if isinstance(state, dict) else None
    rows = [list(r) if isinstance(r, list) else [] for r in home] if isinstance(home, list) else []
    rows += [[] for _ in range(HOME_ROWS - len(rows))]
    return [r + [None] * (HOME_COLS - len(r)) for r in rows]


def _typed(form: Mapping[str, Any], where: str, key: str) -> Any:
    """A field of the by-hand card (named by its contract path), read as the schema says."""
    node = SCHEMA.at(paths.parse(f"{where}.{key}"))
    return node.from_form(str(form.get(f"{where}.{key}") or "")) if node is not None else None


def cell_from_form(
    form: Mapping[str, Any], old: dict[str, Any] | None, where: str = "home[0][0]"
) -> tuple[dict[str, Any] | None, bool]:
    """One cell of the home from a cell editor post, and whether the card is finished (a pot, a
    verdancy, an item colour or "no item"): then the editor moves on to the next empty cell.

    The post changes the stored cell ``old``: ``clear``; ``pick`` ("<name>|<pot or none>", a search
    result's chip); ``set`` ("field:value", a chip: ``pot``, ``verdancy``, ``rtype``, ``item_kind``,
    ``item_color``); ``room`` (a catalog room card, for its edges); or the by-hand plant form
    (``manual``, its fields named by contract path: ``home[1][2].points`` ...)."""
    if form.get("clear"):
        return None, False
    if form.get("pick"):
        name, _, pot = str(form.get("pick")).partition("|")
        done = bool(pot) and pot != "none"
        return {"kind": "plant", "name": name.strip(), **({"pot": pot} if done else {"verdancy": 0})}, done
    if form.get("manual"):
        return _manual_cell(form, where), True
    cell = copy.deepcopy(old) if isinstance(old, dict) else {}
    advance = False
    if "room" in form:
        _with_room(cell, (form.get("room") or "").strip())
    for one in form.getlist("set") if hasattr(form, "getlist") else [form.get("set")]:
        key, _, value = str(one or "").partition(":")
        cell, moved = _chip(cell, key, value, old)
        advance = advance if moved is None else moved
    return (cell, advance) if cell.get("kind") else (None, False)


def _manual_cell(form: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The by-hand plant form's card (its fields named by contract path)."""
    cell: dict[str, Any] = {"kind": "plant"}
    for key in ("type", "points", "needs"):
        if _typed(form, where, key) not in (None, ""):
            cell[key] = _typed(form, where, key)
    light = form.getlist(f"{where}.light") if hasattr(form, "getlist") else []
    if light:
        cell["light"] = list(light)
    pot = _typed(form, where, "pot")
    cell.update({"pot": pot} if pot and pot != "none" else {"verdancy": _typed(form, where, "verdancy")})
    return cell


def _with_room(cell: dict[str, Any], name: str) -> None:
    """A catalog room card chosen by name (for its edges); a name that is no card is kept: the
    engine says so."""
    card = cat.room_by_name(name) if name else None
    cell["kind"] = "room"
    if card is not None:
        cell.pop("type", None)
    if name:
        cell["name"] = card["name"] if card else name
    else:
        cell.pop("name", None)


def _chip(
    cell: dict[str, Any], key: str, value: str, old: dict[str, Any] | None
) -> tuple[dict[str, Any], bool | None]:
    """One chip's change of the cell (``pot``, ``verdancy``, ``rtype``, ``item_kind``, ``item_color``)
    and whether the card is now finished (None: the chip does not say)."""
    item = cell.get("item") if isinstance(cell.get("item"), dict) else None
    if key == "pot":
        done = bool(value) and value != "none"
        cell["kind"] = "plant"
        cell.pop("verdancy" if done else "pot", None)
        cell.update({"pot": value} if done else {"verdancy": 0})
        return cell, done
    if key == "verdancy":
        cell.update(kind="plant", verdancy=SCHEMA.at(("home", 0, 0, "verdancy")).from_form(value))  # type: ignore[union-attr]
        cell.pop("pot", None)
        return cell, True
    if key == "rtype":
        return _room_type(cell, value, old), None
    if key == "item_kind":
        cell.setdefault("kind", "room")
        cell["item"] = (
            {"kind": value, "color": (item or {}).get("color") or cat.room_type(cell)} if value else None
        )
        return cell, not value
    if key == "item_color" and item is not None:
        item["color"] = value
        return cell, True
    return cell, None


def _room_type(cell: dict[str, Any], value: str, old: dict[str, Any] | None) -> dict[str, Any]:
    """A room's type chip: a card of another type is no longer that card; an item whose colour
    followed the old type follows the new one."""
    if cell.get("kind") != "room":
        cell = {"kind": "room", "item": None}
    card = cat.room_of(cell)
    if card is None or card["type"] != value:
        cell.pop("name", None)
        cell["type"] = value
    item = cell.get("item") if isinstance(cell.get("item"), dict) else None
    if item is not None and old and item.get("color") == cat.room_type(old):
        item["color"] = value
    return cell


def next_empty(home: list[list[Any]], r: int, c: int) -> tuple[int, int] | None:
    """The next empty cell after (r, c) in reading order, wrapping round; None when full."""
    order = [(i, j) for i in range(HOME_ROWS) for j in range(HOME_COLS)]
    start = order.index((r, c))
    return next(
        ((i, j) for i, j in order[start + 1 :] + order[:start] if not isinstance(home[i][j], dict)), None
    )


def card_label(data: Any) -> str:
    """What a cell holds, in a few words: "Jasmine", "Vining room", "Foliage plant"."""
    if not isinstance(data, dict):
        return ""
    if data.get("kind") == "room":
        rtype = cat.room_type(data)
        return f"{word(rtype)} room" if rtype else "Room"
    name = data.get("name")
    if isinstance(name, str) and name.strip():
        return name
    return f"{word(data.get('type'))} plant" if data.get("type") else "Plant"


def cell_words(data: Any) -> str:
    """A whole card in a player's words: "Jasmine, concrete pot", "Vining room, lamp (foliage)"."""
    if not isinstance(data, dict):
        return "empty"
    if data.get("kind") == "room":
        item = data.get("item")
        what = f"{item.get('kind')} ({item.get('color')})" if isinstance(item, dict) else "no item"
        return f"{card_label(data)}, {what}"
    pot = data.get("pot")
    return f"{card_label(data)}, " + (
        f"{word(pot).lower()} pot" if pot else f"not done, {data.get('verdancy') or 0} verdancy"
    )


# ---------------------------------------------------------------------------- adapter


class VerdantAdapter(Adapter):
    entry_template = "games/verdant/entry.html"
    options_template = "games/verdant/options.html"
    stylesheet = "css/verdant.css"

    def field_label(self, path: str) -> str:
        """ "Row 2, card 3", "Row 2, card 3: pot", "Green Thumb tokens", "Storage"."""
        parts = paths.try_parse(path)
        if parts is None:
            return "This seat"
        head = parts[0] if parts else ""
        if head == "home" and len(parts) >= 3 and all(isinstance(p, int) for p in parts[1:3]):
            rest = paths.format(parts[3:])
            place = f"Row {int(parts[1]) + 1}, card {int(parts[2]) + 1}"
            return f"{place}: {PART_WORDS.get(rest, rest.replace('_', ' '))}" if rest else place
        if head == "cards" and len(parts) >= 2 and isinstance(parts[1], int):
            rest = paths.format(parts[2:])
            place = f"Card {int(parts[1]) + 1}"
            return f"{place}: {PART_WORDS.get(rest, rest.replace('_', ' '))}" if rest else place
        names = {
            "cards": "Your home",
            "green_thumbs": "Green Thumb tokens",
            "storage": "Storage",
            "home": "Your home",
            "": "This seat",
        }
        return names.get(str(head), super().field_label(path)) + (
            ": colour" if path == "storage.color" else ""
        )

    def value_label(self, path: str, value: Any) -> str:
        parts = paths.parse(path) if path else ()
        if (parts[:1] == ("home",) and len(parts) == 3) or (parts[:1] == ("cards",) and len(parts) == 2):
            return cell_words(value)
        if path == "cards" and isinstance(value, list):
            return f"{len(value)} card{'' if len(value) == 1 else 's'}"
        if path == "storage":
            if isinstance(value, dict):
                return f"{word(value.get('kind'))} ({value.get('color') or 'no colour'})"
            return word(value) if value else "nothing"
        return show_value(value)

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        old_state = old_state if isinstance(old_state, dict) else {}
        state = state_from_paths(
            {k: v for k, v in form.items() if not k.startswith("storage")}, old_state, SCHEMA
        )
        state.pop("name", None)
        if old_state.get("cards") is None:  # (a home of any shape, modification 6, is kept as it is)
            state["home"] = _home(old_state)
        state.setdefault("green_thumbs", 0)
        kind = form.get("storage")
        if kind is not None:
            state["storage"] = (
                kind
                if kind in cat.NURTURE or not kind
                else {"kind": kind, "color": form.get("storage.color") or ""}
            )
        state["storage"] = state.get("storage") or None
        return state, []

    # ------------------------------------------------------------------ options

    def options_from_form(
        self, form: Mapping[str, str], game: scoring.Game
    ) -> tuple[dict[str, Any], list[FieldError]]:
        p = f"opt-{game.name}-"
        goals = [v for v in (form.get(f"{p}goal-{d}") for d in cat.DECKS) if v]
        raw_mod = form.get(p + "modification") or ""
        modification = whole_number(raw_mod) if raw_mod else None
        errors: list[FieldError] = []
        if raw_mod and modification not in camp.MODIFICATIONS:
            errors.append(
                FieldError(
                    p + "modification",
                    f"choose none or a rules modification from 1 to {camp.MODIFICATIONS[-1]}",
                )
            )
            modification = None
        goal_sets: dict[str, Any] = {}
        if modification == 4:
            goal_sets = {"second": [v for v in (form.get(f"{p}second-{d}") for d in cat.DECKS) if v]}
        elif modification == 5:
            lines = [line for line in (form.get(p + "player-goals") or "").splitlines() if line.strip()]
            goal_sets = {
                "players": [
                    [g.strip() for g in line.replace(";", ",").split(",") if g.strip()] for line in lines
                ]
            }
            goals = []
        options = {
            "variant": form.get(p + "variant") or "standard",
            "goals": goals,
            "modification": modification,
            "goal_sets": goal_sets,
        }
        if form.get(p + "one_card_rows"):
            options["one_card_rows"] = True  # the other reading of the row goals (docs/rules/verdant.md)
        players = sum(1 for k, v in form.items() if k.startswith("players-") and (v or "").strip())
        errors += options_mode(options, form, p, players)
        return options, errors or self._check_options(options, p, players)

    def options_view(self, game: scoring.Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The goal cards, decks, scenarios and rules modifications, and the stored mode."""
        return {
            **super().options_view(game, options),
            "goals": cat.GOALS,
            "decks": cat.DECKS,
            "scenarios": SCENARIOS,
            "modifications": camp.MODIFICATIONS,
            "stored_mode": camp.mode_of(dict(options or {})),
        }

    def options_summary(self, game: scoring.Game, options: Mapping[str, Any]) -> str:
        """ "Standard · no goal cards · no modification · no campaign"; "Family variant · 3 goal
        cards: Alpha, Beta, Gamma · modification 4 · campaign: scenario 3"."""
        names = [g for g in options.get("goals") or [] if isinstance(g, str)]
        goals = f"{len(names)} goal card{'s' if len(names) != 1 else ''}: " + ", ".join(names)
        mod = options.get("modification")
        mode, number = camp.mode_of(dict(options))
        campaign = {
            "none": "no campaign",
            "standard": "campaign: standard game",
            "scenario": f"campaign: scenario {number}",
            "modification": "campaign: the modification's",
        }[mode]
        return " · ".join([
            "Family variant" if options.get("variant") == "family" else "Standard",
            goals if names else "no goal cards",
            f"modification {mod}" if mod else "no modification",
            campaign,
        ])

    @staticmethod
    def _check_options(options: dict[str, Any], p: str, players: int) -> list[FieldError]:
        """The engine's own option checks, filed under the control they concern."""
        count = players or (
            len(options["goal_sets"].get("players", [])) if options["modification"] == 5 else 2
        )
        scratch = Errors()
        if options["variant"] not in VARIANTS:
            scratch.add("options.variant", "choose " + " or ".join(VARIANTS))
        parse_goals(scratch, {"options": options}, max(count, 1), options["modification"], players == 1)
        where = (
            ("options.goal_sets.players", "player-goals"),
            ("options.goal_sets", "second"),
            ("options.goals", "goals"),
        )
        return [
            FieldError(p + next((k for start, k in where if e.path.startswith(start)), "variant"), e.message)
            for e in scratch.items
        ]

    # ------------------------------------------------------------------ template context

    fragments = ("editor", "results")
    interaction_blocks = {"cell": ("status",)}  # (the status carries the grid and the editor out of band)

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """``cell``: one cell of the home saved from its editor (``?cell=r-c``), at its path; under
        modification 6 a card at a position of the home of any shape (``?at=r,c``)."""
        if action == "cell" and free_shape(play.options):
            spot = editing_spot(ask.args)
            if spot is None:
                raise UnknownAction(action, 400)
            return free_change(ask.form, seat.state, spot)
        at = editing_cell(ask.args)
        if action != "cell" or at is None:
            raise UnknownAction(action)
        where = f"home[{at[0]}][{at[1]}]"
        old = _home(seat.state)[at[0]][at[1]]
        cell, advance = cell_from_form(ask.form, old if isinstance(old, dict) else None, where)
        return SeatChange(
            set={where: cell},
            action="card saved",
            ui={"editing": None if ask.form.get("close") else at, "advance": advance},
        )

    def ui_after(
        self, action: str, change: SeatChange, play: Any, seat: Any, evaluation: Any
    ) -> dict[str, Any]:
        """The editor moves on only when the card is finished and the engine finds nothing wrong with it
        (to the next empty place; on a home of any shape it closes, back to the home)."""
        at = change.ui.get("editing")
        if change.ui.get("free"):
            where = change.ui.get("path")
            fine = not (where and errors_at(evaluation.seat_errors[seat.position], where))
            return {"editing": None if change.ui.get("advance") and fine else at, "free": True}
        if (
            at is not None
            and change.ui.get("advance")
            and not errors_at(evaluation.seat_errors[seat.position], f"home[{at[0]}][{at[1]}]")
        ):
            at = next_empty(_home(seat.state), *at)
        return {"editing": at}

    def after_redirect(self, ui: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        at = ui.get("editing")
        if ui.get("free"):
            return ({"at": "{},{}".format(*at)}, "#editor") if at is not None else ({}, "#home")
        return ({"cell": "{}-{}".format(*at)}, "#editor") if at is not None else ({}, "#home")

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        state = seat.state if isinstance(seat.state, dict) else {}
        options = play.options if isinstance(play.options, dict) else {}
        home = _home(state)
        others = [
            {**(s.state if isinstance(s.state, dict) else {}), "name": s.name}
            for s in play.seats
            if s.position != seat.position
        ]  # for the goals that compare players
        out = preview("verdant", state, options, len(play.seats), seat.position, others)
        problems = evaluation.seat_errors[seat.position]

        def cell(r: int, c: int) -> dict[str, Any]:
            where, data = f"home[{r}][{c}]", home[r][c] if isinstance(home[r][c], dict) else None
            about = out.extra["cells"].get(where)
            return {
                "r": r,
                "c": c,
                "path": where,
                "data": data,
                "kind": data.get("kind") if data else None,
                "expected": out.extra["expected"].get(where),
                "label": card_label(data),
                "place": self.field_label(where),
                "score": {**about, "points": out.points.get(where), "why": list(out.why.get(where, ()))}
                if about
                else None,
                "errors": errors_at(problems, where) if data else [],
            }

        free = free_shape(options)
        board = free_board(self, out, state, problems) if free else None
        grid = [] if free else [[cell(r, c) for c in range(HOME_COLS)] for r in range(HOME_ROWS)]
        editor, at = None, ask.ui["editing"] if "editing" in ask.ui else (
            editing_spot(ask.args) if free else editing_cell(ask.args)
        )
        if at is not None and board is not None:
            editor = board["spots"].get(tuple(at))
        elif at is not None:
            editor = {**grid[at[0]][at[1]], "where": {"cell": "{}-{}".format(*at)}}
        if editor is not None:
            data, kind = editor["data"], editor["kind"] if editor["kind"] in ("plant", "room") else None
            query = str(ask.args.get("q", "")) if not ask.posted else ""
            name = data.get("name") if data else None
            plant = cat.plant_by_name(name) if kind == "plant" and isinstance(name, str) else None
            room = cat.room_of(data) if kind == "room" else None
            rtype = cat.room_type(data) if kind == "room" else ""
            item = data.get("item") if data and isinstance(data.get("item"), dict) else {}
            editor = {
                **editor,
                "kind": kind,
                "expected": kind or editor["expected"],
                "query": query,
                "plant": plant,
                "results": catalog_search(query, kind="plant", limit=SEARCH_LIMIT) if query.strip() else [],
                "manual": kind == "plant" and not plant,
                "rtype": rtype,
                "room_card": room,
                "room_cards": [x for x in cat.ROOMS if x["type"] == rtype] if rtype else [],
                "item_kind": str(item.get("kind") or ""),
                "item_color": str(item.get("color") or ""),
                "words": PART_WORDS,
            }
        storage = state.get("storage")
        family = options.get("variant") == "family"
        ctx = {
            "pots": {k: word(k) for k in cat.POT_KINDS},
            "family": family,
            "types": cat.TYPES,
            "lights": cat.LIGHTS,
            "lighting": lighting_in_play(options, len(play.seats)),
            "furniture": cat.FURNITURE,
            "pets": cat.PETS,
            "edges": cat.EDGES,
            "nurture": {k: word(k) for k in cat.NURTURE},
            "words": {k: word(k) for k in (*cat.TYPES, *cat.FURNITURE, *cat.PETS)},
            "max_thumbs": 0 if family else getattr(SCHEMA.at(("green_thumbs",)), "maximum", None),
        }
        complete = out.extra["filled"] == out.extra["size"]
        labels = {e.path: self.field_label(e.path) for e in problems}
        return {
            "labels": labels,
            "ctx": ctx,
            "grid": grid,
            "board": board,
            "preview": out,
            "editor": editor,
            # (a place that is no longer free, say the 16th refused, closes its editor)
            "editor_oob": "editing" in ask.ui or (at is not None and editor is None),
            "home_complete": complete,
            "board_complete": complete and not problems,
            "green_thumbs": state.get("green_thumbs", 0),
            "storage_kind": str((storage.get("kind") if isinstance(storage, dict) else storage) or ""),
            "storage_color": str(storage.get("color") or "") if isinstance(storage, dict) else "",
        }


def options_mode(options: dict[str, Any], form: Any, p: str, players: int) -> list[FieldError]:
    """The achievement mode of the options form (``<p>mode``): ``scenario`` sets ``options.scenario``
    and fills the goal cards left empty with the scenario's (assumed) cards; ``standard`` sets
    ``options.campaign = "standard"`` (a key the engine ignores); ``modification`` is the one
    chosen; ``none`` with a modification played sets ``campaign = "none"``.  Without a mode field
    (an older form) the mode follows the modification.  Refusals name the control concerned."""
    mode, modification = form.get(p + "mode"), options["modification"]
    chosen = mode is not None
    mode = mode if chosen else ("modification" if modification else "none")
    if mode == "scenario":
        number = whole_number(form.get(p + "scenario") or "")
        if number is None or number not in camp.SCENARIOS:
            return [FieldError(p + "scenario", f"choose the scenario played, from 1 to {camp.SCENARIOS[-1]}")]
        options["goals"] = [
            form.get(f"{p}goal-{g['deck']}") or g["name"] for g in camp.scenario(number)["goals"]
        ]
        try:  # the edit form carries the declarations already made (kept while the number stays)
            old = json.loads(form.get(p + "declared") or "{}")
        except ValueError:
            old = {}
        declared = old.get("declared") if isinstance(old, dict) and old.get("number") == number else []
        options["scenario"] = {"number": number, "declared": declared if isinstance(declared, list) else []}
    elif mode == "standard" or (mode == "none" and modification):
        options["campaign"] = mode
    return [FieldError(p + key, why) for key, why in camp.mode_problems(mode, options, players, chosen)]


def editing_cell(args: Mapping[str, Any]) -> tuple[int, int] | None:
    """The cell whose editor is open: ``?cell=r-c`` (none with ``close``)."""
    if args.get("close"):
        return None
    r, _, c = (whole_number(part) for part in str(args.get("cell", "")).partition("-"))
    return (r, c) if r is not None and c is not None and r < HOME_ROWS and c < HOME_COLS else None


# ---------------------------------------------------------------- modification 6: any shape
#
# "Play with no 5 X 3 grid restriction - players may create any shape with their 15 cards."  The
# home is the contract's ``cards`` list, each card with its ``row`` and ``col`` (negative rows and
# columns are places above and left of the first card).  A card is placed on any free side of a
# card already placed (the engine's preview lists those places, ``extra["open"]``, with the kind
# the checkerboard asks there), changed at its path (``cards[3]``) and removed (the list without
# it).  A home typed as rows (``home``, null for a gap: the API's other form, or a 5x3 home typed
# before modification 6 was chosen) is shown by its positions and becomes a ``cards`` list when a
# card is added.

SIDES = ((0, 1, "Left of"), (0, -1, "Right of"), (1, 0, "Above"), (-1, 0, "Below"))


def free_shape(options: Any) -> bool:
    """The play is played with modification 6 (no 5x3 grid)."""
    mod = options.get("modification") if isinstance(options, dict) else None
    return (whole_number(mod) if isinstance(mod, str) else mod) == 6 and not isinstance(mod, bool)


def editing_spot(args: Mapping[str, Any]) -> tuple[int, int] | None:
    """The position whose editor is open on a home of any shape: ``?at=r,c`` (none with ``close``)."""
    if args.get("close"):
        return None
    text = str(args.get("at", ""))
    r, _, c = text.partition(",")
    row, col = (whole_number(x.removeprefix("-")) for x in (r, c))
    if row is None or col is None:
        return None
    row, col = -row if r.startswith("-") else row, -col if c.startswith("-") else col
    inside = ROW.minimum <= row <= ROW.maximum and COL.minimum <= col <= COL.maximum  # type: ignore[operator]
    return (row, col) if inside else None


def free_change(form: Mapping[str, Any], state: Any, spot: tuple[int, int]) -> SeatChange:
    """A card of a home of any shape from its editor's post (see :func:`cell_from_form`): changed
    at its path, removed (``clear``), or placed at a free side of the home (``cards[n]``, the rows
    of a ``home`` turned into the list first).  A 16th card, or a place next to no card, is refused
    with the rule, and nothing is saved."""
    places = placed_cards(state)
    found = next((p for p in places if (p[0], p[1]) == spot), None)
    ui: dict[str, Any] = {"free": True, "editing": None if form.get("close") else spot}
    if found is not None:
        r, c, old, where = found
        in_list = where.startswith("cards")
        if form.get("clear"):
            if not in_list:
                return SeatChange(set={where: None}, action="card removed", ui={**ui, "editing": None})
            cards = list(state.get("cards") or [])
            index = int(where[len("cards["):-1])
            rest = cards[:index] + cards[index + 1 :]
            return SeatChange(set={"cards": rest}, action="card removed", ui={**ui, "editing": None})
        mine = {k: v for k, v in old.items() if k not in ("row", "col")} if isinstance(old, dict) else None
        cell, advance = cell_from_form(form, mine, where)
        if cell is not None and in_list:
            cell = {**cell, "row": r, "col": c}
        ui.update(advance=advance, path=where)
        return SeatChange(set={where: cell}, action="card saved", ui=ui)
    if len(places) >= HOME_SIZE:
        why = f"holds {HOME_SIZE} cards, all a home has: remove a card to place one elsewhere"
        return SeatChange(errors=(FieldError("cards", why),))
    near = {(p[0], p[1]) for p in places}
    if near and not any((spot[0] + dr, spot[1] + dc) in near for dr, dc, _ in SIDES):
        why = "takes a card only next to a card already placed (above, below, left or right of it)"
        return SeatChange(errors=(FieldError("cards", why),))
    where = f"cards[{len(places)}]"
    cell, advance = cell_from_form(form, None, where)
    if cell is None:
        raise UnknownAction("cell", 400)
    card = {**cell, "row": spot[0], "col": spot[1]}
    ui = {**ui, "advance": advance, "path": where}
    if isinstance(state, dict) and state.get("cards") is not None:
        return SeatChange(set={where: card}, action="card placed", ui=ui)
    cards = [{**data, "row": r, "col": c} for r, c, data, _ in places]
    return SeatChange(set={"home": [], "cards": [*cards, card]}, action="card placed", ui=ui)


def free_board(adapter: VerdantAdapter, out: Any, state: Any, problems: Any) -> dict[str, Any]:
    """What the seat page draws of a home of any shape: ``rows`` of places from the top-left corner
    of the cards and the free places around them (a card, a free place ``open``, or None), and
    ``spots`` (position -> the card or free place, for its editor)."""
    data_at = {(r, c): (data, path) for r, c, data, path in placed_cards(state)}
    spots: dict[tuple[int, int], dict[str, Any]] = {}
    for place in out.extra["places"]:
        r, c, where = place["row"], place["col"], place["path"]
        data = data_at.get((r, c), (None, where))[0]
        about = out.extra["cells"].get(where)
        spots[(r, c)] = {
            "r": r,
            "c": c,
            "id": f"{r}_{c}".replace("-", "m"),
            "where": {"at": f"{r},{c}"},
            "path": where,
            "data": data if isinstance(data, dict) else None,
            "kind": data.get("kind") if isinstance(data, dict) else None,
            "open": False,
            "expected": None,
            "label": card_label(data),
            "place": adapter.field_label(where),
            "score": {**about, "points": out.points.get(where), "why": list(out.why.get(where, ()))}
            if about
            else None,
            "errors": errors_at(problems, where),
        }
    new_path, cards = f"cards[{len(out.extra['places'])}]", dict(spots)
    for spot in out.extra["open"]:
        r, c = spot["row"], spot["col"]
        side = next(((w, cards[(r + dr, c + dc)]) for dr, dc, w in SIDES if (r + dr, c + dc) in cards), None)
        spots[(r, c)] = {
            "r": r,
            "c": c,
            "id": f"{r}_{c}".replace("-", "m"),
            "where": {"at": f"{r},{c}"},
            "path": new_path,
            "data": None,
            "kind": None,
            "open": True,
            "expected": spot["expected"],
            "label": "",
            "place": f"New card, {side[0].lower()} {side[1]['label']}" if side else "First card",
            "score": None,
            "errors": [],
        }
    rows = [r for r, _ in spots] or [0]
    cols = [c for _, c in spots] or [0]
    grid = [
        [spots.get((r, c)) for c in range(min(cols), max(cols) + 1)] for r in range(min(rows), max(rows) + 1)
    ]
    count = len(out.extra["places"])
    limit = out.extra["limit"]
    return {"rows": grid, "spots": spots, "count": count, "limit": limit, "full": count >= limit}


SCENARIOS = [camp.scenario(n) for n in camp.SCENARIOS]
register(VERDANT.name, VerdantAdapter())
