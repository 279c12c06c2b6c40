"""Verdant Arizona's entry screen: a 4 x 4 display of cactus cards entered by number, colour and
gecko, with the learned deck (``arizona_cards``) filling in cards Scorepad has seen before.

The deck's rules live in ``scoring.arizona.deck`` (pure functions); this module only stores what
they return.  Ownership: each learned card remembers the play it was learned from (``play_id``).
While that play is edited the entry follows it (a typo corrected in the same play corrects the
deck); any other play that disagrees gets a *contradiction* to resolve with one tap.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

import scoring
from scoring.arizona import deck
from scoring.arizona.model import (
    COLOR_LINE_READINGS,
    COLOR_MAX_LENGTH,
    EVERY_LINE,
    NUMBER_MAX,
    SIZE,
    VERA_MAX,
    WREN_TOKENS,
    card_at,
    color_key,
    color_label,
    yes_no,
)
from scoring.core import Errors, FieldError
from web import store
from web.db import get_db, now, write
from web.games import Adapter, register, whole_number
from web.pages import get_play_or_404, see_other, who

GAME = "verdant-arizona"

bp = Blueprint("arizona", __name__, url_prefix="/arizona")


# ---------------------------------------------------------------------------- the deck store


def deck_rows() -> dict[int, dict[str, Any]]:
    """Every learned card: number -> {"color", "gecko", "play_id", "learned_at"}."""
    rows = get_db().execute("SELECT number, color, gecko, play_id, learned_at FROM arizona_cards ORDER BY number")
    return {
        r["number"]: {"color": r["color"], "gecko": bool(r["gecko"]), "play_id": r["play_id"], "learned_at": r["learned_at"]}
        for r in rows.fetchall()
    }


def known_cards(rows: Mapping[int, dict] | None = None) -> deck.Known:
    """The deck as ``scoring.arizona.deck`` wants it: number -> {"color", "gecko"}."""
    rows = deck_rows() if rows is None else rows
    return {n: {"color": v["color"], "gecko": v["gecko"]} for n, v in rows.items()}


def _write(number: int, card: dict[str, Any], play_id: int | None) -> None:
    get_db()["arizona_cards"].upsert(
        {"number": number, "color": card["color"], "gecko": int(bool(card["gecko"])), "learned_at": now(), "play_id": play_id},
        pk="number",
    )


def sync_play(play_id: int, grids: list[Any]) -> list[dict[str, Any]]:
    """Learn from the current grids of play ``play_id``: cards no other play taught are (re)learned
    from this play, cards this play taught but no longer shows are forgotten.  Returns the
    contradictions with what other plays taught (the deck keeps their value)."""
    db = get_db()
    rows = deck_rows()
    others = known_cards({n: v for n, v in rows.items() if v["play_id"] != play_id})
    mine = {n: v for n, v in rows.items() if v["play_id"] == play_id}
    learned, conflicts = deck.learn_table(others, {"players": [{"grid": g} for g in grids]})
    taught = {n: card for n, card in learned.items() if n not in others}
    with db.atomic():
        for number in set(mine) - set(taught):
            db.execute("DELETE FROM arizona_cards WHERE number = ?", [number])
        for number, card in taught.items():
            old = mine.get(number)
            if old is None or old["color"] != card["color"] or old["gecko"] != card["gecko"]:
                _write(number, card, play_id)
    return conflicts


def correct_card(number: int, card: dict[str, Any], play_id: int, who: str = "") -> None:
    """The player says the deck is wrong: card ``number`` is ``card`` (learned from this play).
    The correction is written in the play's edit log, with the deck's old value."""

    before = known_cards().get(number)
    fixed = deck.resolve(known_cards(), number, card)
    if number in fixed:
        with write(get_db()):
            _write(number, fixed[number], play_id)
            store.log(
                play_id,
                None,
                who or "unknown",
                "arizona deck corrected",
                {"number": number, **({"color": before["color"], "gecko": before["gecko"]} if before else {})},
                {"number": number, "color": fixed[number]["color"], "gecko": fixed[number]["gecko"]},
            )


# ---------------------------------------------------------------------------- form <-> state


def _typed_number(text: str) -> Any:
    text = text.strip()
    if text == "":
        return None
    number = whole_number(text, max_digits=9)
    return text if number is None else number


def cell_value(value: Any) -> str:
    """A cell's number as the input shows it."""
    return "" if value is None else str(value)


def color_class(color: Any) -> str:
    """A CSS class for a colour name ("Light Pink" -> "az-c-light-pink"); known colours are tinted."""
    if not isinstance(color, str) or not color.strip():
        return "az-c-none"
    slug = re.sub(r"[^a-z0-9]+", "-", color_key(color)).strip("-")
    return f"az-c-{slug}" if slug else "az-c-other"


def _grid_of(state: Any) -> list:
    grid = state.get("grid") if isinstance(state, dict) else None
    return grid if isinstance(grid, list) else []


def entered_card(cell: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of a cell with a usable number and colour, else None."""
    learned, _ = deck.learn({}, [[cell]])
    return next(iter(learned.items()), None)


def _is_empty(grid: list, path: str) -> bool:
    """Whether the card at ``path`` (grid[r][c]...) has neither a number nor a colour yet."""
    at = card_at(path)
    raw = _raw_cell(grid, *at) if at else {}
    number, color = raw.get("number"), raw.get("color")
    return (number is None or number == "") and not (isinstance(color, str) and color.strip())


def _raw_cell(grid: list, r: int, c: int) -> dict:
    try:
        cell = grid[r][c]
    except (IndexError, TypeError, KeyError):
        return {}
    return cell if isinstance(cell, dict) else {}


class ArizonaAdapter(Adapter):
    entry_template = "games/verdant-arizona/entry.html"
    options_template = "games/verdant-arizona/options.html"

    # -- seat entry ---------------------------------------------------------------------------

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        known = known_cards()
        grid = []
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                key = f"g-{r}-{c}"
                number = _typed_number(form.get(f"{key}-number", ""))
                color = form.get(f"{key}-color", "").strip()
                gecko = form.get(f"{key}-gecko") in ("on", "true", "1")
                if isinstance(number, int) and not color:
                    found = deck.autofill(known, number)  # a known card fills itself in
                    if found:
                        color, gecko = found["color"], gecko or found["gecko"]
                row.append({"number": number, "color": color, "gecko": gecko})
            grid.append(row)
        wrens_text = form.get("wrens", "").strip()
        wrens: Any = 0 if wrens_text == "" else whole_number(wrens_text)
        if wrens is None:
            wrens = wrens_text
        return {"wrens": wrens, "grid": grid}, []

    def after_save(self, play, position: int) -> None:
        """Learn the deck from the play's grids once the save is stored (a refused save teaches nothing)."""
        sync_play(play.id, [_grid_of(s.state) for s in play.seats])

    # -- options ------------------------------------------------------------------------------

    def options_from_form(self, form: Mapping[str, str], game: scoring.Game) -> tuple[dict, list[FieldError]]:
        prefix = f"opt-{game.name}-"
        on = ("on", "true", "1", "y")
        errors: list[FieldError] = []
        options: dict[str, Any] = {"advanced": form.get(prefix + "advanced") in on, "solo": None}
        reading = form.get(prefix + "color_lines", EVERY_LINE)
        if reading in COLOR_LINE_READINGS and reading != EVERY_LINE:
            options["color_lines"] = reading  # stored only when it is not the default reading
        if form.get(prefix + "solo") in on:
            typed = (form.get(prefix + "vera_score") or "").strip()
            # Vera's score is often known only at the end (blank): the play page asks for it.
            vera = whole_number(typed)
            if typed and (vera is None or vera > VERA_MAX):
                errors.append(FieldError(prefix + "vera_score", f"Vera's score: enter a whole number from 0 to {VERA_MAX}"))
                vera = None
            options["solo"] = {"vera_score": vera}
        names = [v for k, v in form.items() if re.fullmatch(r"players-\d+", k) and v.strip()]
        if names and form.get("game") == game.name:
            if options["solo"] is not None and len(names) > 1:
                errors.append(FieldError(prefix + "solo", f"Solo against Vera is for one player: you listed {len(names)}."))
            elif options["solo"] is None and len(names) == 1:
                errors.append(FieldError(prefix + "solo", "One player plays solo against Vera: tick it and enter Vera's score."))
        return options, errors

    # -- the entry page -------------------------------------------------------------------------

    def context(self, play, seat, evaluation) -> dict:
        rows = deck_rows()
        known = known_cards(rows)
        state = seat.state if isinstance(seat.state, dict) else {}
        grid = _grid_of(state)
        errors = evaluation.seat_errors[seat.position] if evaluation else []
        by_cell: dict[tuple[int, int], list[FieldError]] = {}
        other_errors: list[FieldError] = []
        for e in errors:
            at = card_at(e.path)
            if at:
                by_cell.setdefault(at, []).append(e)
            else:
                other_errors.append(e)
        cells = []
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                raw = _raw_cell(grid, r, c)
                number, color, gecko = raw.get("number"), raw.get("color"), raw.get("gecko")
                empty = (number is None or number == "") and not (isinstance(color, str) and color.strip())
                cell_errors = [] if empty else by_cell.get((r, c), [])
                conflict = None
                entered = entered_card(raw)
                if entered is not None:
                    found = known.get(entered[0])
                    if found and not deck.same_card(found, entered[1]):
                        conflict = {"number": entered[0], "known": found, "entered": entered[1]}
                shown = [e for e in cell_errors if "is missing" not in e.message]
                row.append(
                    {
                        "r": r,
                        "c": c,
                        "number": cell_value(number),
                        "color": color if isinstance(color, str) else cell_value(color),
                        "gecko": bool(yes_no(Errors(), gecko, "", "")),
                        "color_class": color_class(color),
                        "color_key": color_key(color) if isinstance(color, str) else "",
                        "color_label": color_label(color) if isinstance(color, str) else "",
                        "errors": shown,
                        "missing": bool(cell_errors) and not shown,
                        "conflict": conflict,
                        "from_deck": entered is not None and entered[0] in known and conflict is None,
                    }
                )
            cells.append(row)
        empty_cells = sum(1 for row in cells for cell in row if cell["number"] == "" and not (cell["color"] or "").strip())
        # The shared status list: the empty cards as one line instead of two messages each.
        status_errors = [e for e in errors if not (card_at(e.path) and _is_empty(grid, e.path))]
        if empty_cells and len(status_errors) < len(errors):
            status_errors.append(FieldError("grid", f"{empty_cells} of {SIZE * SIZE} cards still to enter (number and colour)"))
        advanced = bool(play.options.get("advanced")) if isinstance(play.options, dict) else False
        shown = scoring.get(GAME).preview(state, play.options, len(play.seats), seat.position)
        return {
            "cells": cells,
            "status_errors": status_errors,
            "shown": shown.extra,
            "advanced": advanced,
            "chips": color_chips(play, known),
            "deck_json": {str(n): v for n, v in known.items()},
            # each spelling of a colour in the deck -> its colour key and CSS class (for the JS)
            "colors_json": {v["color"]: {"key": color_key(v["color"]), "tint": color_class(v["color"])} for v in known.values()},
            "limits": {"number_max": NUMBER_MAX, "wrens_max": WREN_TOKENS},
            "deck_size": len(known),
            "wrens": cell_value(state.get("wrens", 0)),
            "wrens_errors": [e for e in other_errors if e.path == "wrens"],
            "grid_errors": [e for e in other_errors if e.path != "wrens"],
            "solo": play.options.get("solo") if isinstance(play.options, dict) else None,
            "fragment": bool(request.headers.get("HX-Request")) and not request.headers.get("HX-Boosted"),
            "color_class": color_class,
        }


def color_chips(play, known: deck.Known) -> list[dict[str, str]]:
    """The colours already used (learned deck and this play), most used first, one per name."""
    counts: dict[str, list] = {}
    colors = [v["color"] for v in known.values()]
    for s in play.seats:
        for row in _grid_of(s.state):
            for cell in row if isinstance(row, list) else []:
                if isinstance(cell, dict) and isinstance(cell.get("color"), str) and cell["color"].strip():
                    colors.append(cell["color"])
    for color in colors:
        if len(color_label(color)) > COLOR_MAX_LENGTH:
            continue
        entry = counts.setdefault(color_key(color), [color_label(color), 0])
        entry[1] += 1
    ordered = sorted(counts.values(), key=lambda e: (-e[1], e[0].casefold()))
    return [{"label": label, "key": color_key(label), "class": color_class(label)} for label, _ in ordered]


_ADAPTER = ArizonaAdapter()
register(GAME, _ADAPTER)


# ---------------------------------------------------------------------------- routes


@bp.post("/plays/<int:play_id>/seats/<int:position>/resolve")
def resolve(play_id: int, position: int):
    """One tap on a contradiction: ``keep=deck`` puts the deck's colour and gecko in the cell,
    ``keep=entered`` corrects the deck."""

    found = get_play_or_404(play_id)
    if found.game != GAME or not 0 <= position < len(found.seats):
        abort(404)
    if found.finished:
        return redirect(url_for("main.seat", play_id=play_id, position=position), code=303)
    keep, _, where = request.form.get("resolve", "").partition(":")
    try:
        r, c = (int(x) for x in where.split("-"))
    except ValueError:
        abort(400)
    if keep not in ("deck", "entered") or not (0 <= r < SIZE and 0 <= c < SIZE):
        abort(400)
    state = found.seats[position].state if isinstance(found.seats[position].state, dict) else {}
    cell = _raw_cell(_grid_of(state), r, c)
    entered = entered_card(cell)
    if entered is not None:
        number, card = entered
        if keep == "entered":
            correct_card(number, card, play_id, who())
        else:
            known = deck.autofill(known_cards(), number)
            if known:
                grid = [list(row) if isinstance(row, list) else row for row in _grid_of(state)]
                grid[r][c] = {**cell, "color": known["color"], "gecko": known["gecko"]}
                saved, _, _ = store.save_seat(play_id, position, {**state, "grid": grid}, who())
                _ADAPTER.after_save(saved, position)
    return see_other("main.seat", play_id=play_id, position=position)


@bp.get("/deck")
def deck_page():
    """The learned deck: every card Scorepad knows, where it was learned."""
    rows = deck_rows()
    warning = deck.capacity_warning(known_cards(rows))
    return render_template("games/verdant-arizona/deck.html", rows=rows, color_class=color_class, warning=warning)
