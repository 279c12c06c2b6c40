"""Verdant Arizona's entry screen: a 4 x 4 display of cactus cards entered by number, colour and
gecko (fields named by contract path: ``grid[1][2].number``), the wrens, Vera's score in solo, and
the learned deck (``arizona_cards``) filling in cards Scorepad has seen before.

The deck's rules live in ``scoring.arizona.deck`` (pure functions); this module only stores what
they return.  Each learned card remembers the play it was learned from (``play_id``): while that
play is edited the entry follows it (a typo corrected in the same play corrects the deck); any
other play that disagrees gets a *contradiction* to resolve with one tap.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, g, render_template, request, url_for
from markupsafe import Markup, escape

import scoring
from scoring import paths
from scoring.arizona import deck
from scoring.arizona.model import (
    COLOR_LINE_READINGS, COLOR_MAX_LENGTH, EVERY_LINE, NUMBER_MAX, PLAYER_SCHEMA, SIZE, VERA_MAX, WREN_TOKENS,
    card_at, card_path, color_key, color_label,
)
from scoring.core import FieldError
from web import store
from web.db import get_db, now, write
from web.games import Adapter, errors_at, preview, register, show_value, state_from_paths, whole_number
from web.pages import apply_seat_change, get_play_or_404, known_game_or_409, seat_page, see_other, who

GAME = "verdant-arizona"
VERA = "options.solo.vera_score"
PARTS = {"number": "number", "color": "colour", "gecko": "gecko"}
# Offered as chips until the deck knows colours of its own: names players commonly use (a
# convenience of the screen: colours are free names, any other is typed once with "+ colour").
STARTER_COLOURS = ("yellow", "pink", "white", "green", "blue")
CHIPS_AT_LEAST = 5

bp = Blueprint("arizona", __name__, url_prefix="/arizona")


# ---------------------------------------------------------------------------- the deck store


def deck_rows() -> dict[int, dict[str, Any]]:
    """Every learned card: number -> {"color", "gecko", "play_id", "learned_at"}."""
    rows = get_db().execute("SELECT number, color, gecko, play_id, learned_at FROM arizona_cards ORDER BY number")
    return {r["number"]: {"color": r["color"], "gecko": bool(r["gecko"]), "play_id": r["play_id"],
                          "learned_at": r["learned_at"]} for r in rows.fetchall()}


def known_cards(rows: Mapping[int, dict] | None = None) -> deck.Known:
    """The deck as ``scoring.arizona.deck`` wants it: number -> {"color", "gecko"}."""
    rows = deck_rows() if rows is None else rows
    return {n: {"color": v["color"], "gecko": v["gecko"]} for n, v in rows.items()}


def _write(number: int, card: dict[str, Any], play_id: int | None) -> None:
    get_db()["arizona_cards"].upsert({"number": number, "color": card["color"], "gecko": int(bool(card["gecko"])),
                                      "learned_at": now(), "play_id": play_id}, pk="number")


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
    with write(db):
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
            store.log(play_id, None, who or "unknown", "arizona deck corrected",
                      {"number": number, **({"color": before["color"], "gecko": before["gecko"]} if before else {})},
                      {"number": number, "color": fixed[number]["color"], "gecko": fixed[number]["gecko"]})


# ---------------------------------------------------------------------------- the screen


def color_class(color: Any) -> str:
    """A CSS class for a colour name ("Light Pink" -> "az-c-light-pink"); known colours are tinted."""
    if not isinstance(color, str) or not color.strip():
        return "az-c-none"
    slug = re.sub(r"[^a-z0-9]+", "-", color_key(color)).strip("-")
    return f"az-c-{slug}" if slug else "az-c-other"


def _grid_of(state: Any) -> list:
    grid = state.get("grid") if isinstance(state, dict) else None
    return grid if isinstance(grid, list) else []


def _cell(state: Any, r: int, c: int) -> dict:
    cell = paths.get(state, ("grid", r, c))
    return cell if isinstance(cell, dict) else {}


def _blank(value: Any) -> bool:
    return value is None or value is paths.MISSING or (isinstance(value, str) and not value.strip())


def entered_card(cell: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of a cell with a usable number and colour, else None."""
    learned, _ = deck.learn({}, [[cell]])
    return next(iter(learned.items()), None)


def _label(text: Any) -> str:
    return text if isinstance(text, str) else show_value(text)


class ArizonaAdapter(Adapter):
    entry_template = "games/verdant-arizona/entry.html"
    options_template = "games/verdant-arizona/options.html"

    def field_label(self, path: str) -> str:
        at = card_at(path)
        if at:
            part = path.rsplit(".", 1)[-1] if path.endswith(tuple(PARTS)) else ""
            return f"Row {at[0] + 1}, card {at[1] + 1}" + (f": {PARTS[part]}" if part else "")
        words = {VERA: "Vera's score", "wrens": "Wrens", "grid": "Display", "": "This seat"}
        if path in words:
            return words[path]
        row = re.fullmatch(r"grid\[(\d+)\]", path)
        return f"Row {int(row.group(1)) + 1}" if row else super().field_label(path)

    def value_label(self, path: str, value: Any) -> str:
        if path.endswith(".gecko"):
            return "gecko" if value is True else "no gecko"
        if card_at(path) and isinstance(value, dict):
            return f"{_label(value.get('number'))} {_label(value.get('color'))}".strip() + (", gecko" if value.get("gecko") is True else "")
        return super().value_label(path, value)

    def table_message(self, play, error: FieldError) -> dict:
        if error.path.startswith("options.solo") and play.seats:
            href = url_for("main.seat", play_id=play.id, position=0) + "#f-options-solo-vera_score"
            return {"label": "Vera's score", "message": error.message, "href": href, "link": "Enter Vera's score"}
        return super().table_message(play, error)

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        """The posted fields read into the state by path; a posted card whose gecko box is not
        ticked has no gecko; a known number without a colour takes the deck's colour and gecko."""
        state = state_from_paths(form, old_state, PLAYER_SCHEMA)
        known = known_cards()
        for r in range(SIZE):
            for c in range(SIZE):
                path = card_path(r, c)
                if f"{path}.number" not in form:
                    continue
                cell = {**_cell(state, r, c), "gecko": f"{path}.gecko" in form and _cell(state, r, c).get("gecko") is True}
                found = deck.autofill(known, cell.get("number")) if _blank(cell.get("color")) else None
                if found:
                    cell.update(color=found["color"], gecko=cell["gecko"] or found["gecko"])
                state = paths.set_(state, ("grid", r, c), cell)
        return state, []

    def after_save(self, play, position: int) -> None:
        """Learn the deck from the play's grids once the save is stored (a refused save teaches nothing)."""
        sync_play(play.id, [_grid_of(s.state) for s in play.seats])

    def options_from_form(self, form: Mapping[str, str], game: scoring.Game) -> tuple[dict, list[FieldError]]:
        prefix = f"opt-{game.name}-"
        on = ("on", "true", "1", "y")
        errors: list[FieldError] = []
        options: dict[str, Any] = {"advanced": form.get(prefix + "advanced") in on, "solo": None}
        reading = form.get(prefix + "color_lines", EVERY_LINE)
        if reading in COLOR_LINE_READINGS and reading != EVERY_LINE:
            options["color_lines"] = reading  # stored only when it is not the default reading
        if form.get(prefix + "solo") in on:
            vera, message = read_vera(form.get(prefix + "vera_score") or "")  # blank: asked on the seat page later
            if message:
                errors.append(FieldError(prefix + "vera_score", f"Vera's score: enter a whole number from 0 to {VERA_MAX}"))
            options["solo"] = {"vera_score": vera}
        names = [v for k, v in form.items() if re.fullmatch(r"players-\d+", k) and v.strip()]
        if names and form.get("game") == game.name:
            if options["solo"] is not None and len(names) > 1:
                errors.append(FieldError(prefix + "solo", f"Solo against Vera is for one player: you listed {len(names)}."))
            elif options["solo"] is None and len(names) == 1:
                errors.append(FieldError(prefix + "solo", "One player plays solo against Vera: tick it and enter Vera's score."))
        return options, errors

    def context(self, play, seat, evaluation) -> dict:
        rows = deck_rows()
        known = known_cards(rows)
        state = seat.state if isinstance(seat.state, dict) else {}
        errors = evaluation.seat_errors[seat.position] if evaluation else []
        cells, started = [], []
        for r in range(SIZE):
            row = []
            for c in range(SIZE):
                path, raw = card_path(r, c), _cell(state, r, c)
                color = raw.get("color")
                empty = _blank(raw.get("number")) and _blank(color)
                mine = [] if empty else errors_at(errors, path)
                shown = [e for e in mine if not _blank(paths.get(state, paths.parse(e.path)))]
                entered = entered_card(raw)
                found = known.get(entered[0]) if entered else None
                conflict = None
                if entered and found and not deck.same_card(found, entered[1]):
                    conflict = {"number": entered[0], "known": found, "entered": entered[1]}
                row.append({"r": r, "c": c, "path": path, "number": _label(raw.get("number")) if not _blank(raw.get("number")) else "",
                            "color": _label(color) if not _blank(color) else "", "gecko": raw.get("gecko") is True,
                            "tint": color_class(color), "key": color_key(color) if isinstance(color, str) else "",
                            "label": color_label(color) if isinstance(color, str) else "", "errors": shown,
                            "missing": bool(mine) and not shown, "conflict": conflict, "known": bool(found) and not conflict})
                if not empty:
                    started.append(path)
            cells.append(row)
        status_errors = [e for e in errors if not card_at(e.path) or any(paths.under(paths.parse(e.path), paths.parse(p)) for p in started)]
        if len(started) < SIZE * SIZE:
            status_errors.append(FieldError("grid", f"{SIZE * SIZE - len(started)} of {SIZE * SIZE} cards still to enter (number and colour)"))
        solo = play.options.get("solo") if isinstance(play.options, dict) else None
        vera_errors = [FieldError(VERA, e.message) for e in evaluation.table_errors if e.path.startswith("options.solo")] if evaluation else []
        shown = preview(GAME, state, play.options, len(play.seats), seat.position)
        return {
            "cells": cells, "lines": shown.extra["lines"], "quadrants": shown.extra["quadrants"],
            "status_errors": status_errors + [FieldError(VERA, Markup(f'{escape(e.message)}. <a href="#f-options-solo-vera_score">Enter it</a>'))
                                              for e in vera_errors],
            "advanced": bool(play.options.get("advanced")) if isinstance(play.options, dict) else False,
            "chips": color_chips(play, known), "deck_size": len(known),
            "deck_json": {str(n): v for n, v in known.items()},
            "colors_json": {v["color"]: {"key": color_key(v["color"]), "tint": color_class(v["color"])} for v in known.values()},
            "number_max": NUMBER_MAX, "wrens_max": WREN_TOKENS, "vera_max": VERA_MAX,
            "wrens": state.get("wrens", 0), "solo": solo if isinstance(solo, dict) else None, "vera_errors": vera_errors,
            "fragment": bool(request.headers.get("HX-Request")) and not request.headers.get("HX-Boosted"),
            "vera_answer": g.get("az_vera"), "refused_change": g.get("az_vera") in ("refused", "conflict"),
            "label": self.field_label, "color_class": color_class,
        }


def read_vera(text: str) -> tuple[int | None, str]:
    """Vera's score as typed: (the number or None when blank, a message when it does not read)."""
    vera = whole_number(text)
    if text.strip() and (vera is None or vera > VERA_MAX):
        return None, f"must be a whole number from 0 to {VERA_MAX} (Vera's final score from her reference card)"
    return vera, ""


def color_chips(play, known: deck.Known) -> list[dict[str, str]]:
    """The colours already used (learned deck and this play), most used first, one per name;
    then starter names up to :data:`CHIPS_AT_LEAST` chips."""
    counts: dict[str, list] = {}
    colors = [v["color"] for v in known.values()]
    colors += [cell["color"] for s in play.seats for row in _grid_of(s.state) if isinstance(row, list)
               for cell in row if isinstance(cell, dict) and isinstance(cell.get("color"), str) and cell["color"].strip()]
    for color in colors:
        if len(color_label(color)) <= COLOR_MAX_LENGTH:
            counts.setdefault(color_key(color), [color_label(color), 0])[1] += 1
    ordered = [label for label, _ in sorted(counts.values(), key=lambda e: (-e[1], e[0].casefold()))]
    ordered += [name for name in STARTER_COLOURS if color_key(name) not in counts][: max(0, CHIPS_AT_LEAST - len(ordered))]
    return [{"label": label, "key": color_key(label), "class": color_class(label)} for label in ordered]


_ADAPTER = ArizonaAdapter()
register(GAME, _ADAPTER)


# ---------------------------------------------------------------------------- routes


def _seat_or_404(play_id: int, position: int) -> store.Play:
    found = get_play_or_404(play_id)
    if found.game != GAME or not 0 <= position < len(found.seats):
        abort(404)
    known_game_or_409(found)
    return found


@bp.post("/plays/<int:play_id>/seats/<int:position>/resolve")
def resolve(play_id: int, position: int):
    """One tap on a contradiction (a submit button of the entry form, so the whole form comes
    with it, version included): ``resolve=deck:r-c`` puts the deck's colour and gecko in the card,
    ``entered:r-c`` keeps the card and corrects the deck.  The seat change (through the one save
    path, merged by the version) and the deck's correction are one transaction."""
    found = _seat_or_404(play_id, position)
    keep, _, where = request.form.get("resolve", "").partition(":")
    at = card_at(f"grid[{where.replace('-', '][')}]") if re.fullmatch(r"\d-\d", where) else None
    if keep not in ("deck", "entered") or at is None:
        abort(400)
    state, _ = _ADAPTER.state_from_form(request.form, found.seats[position].state)
    entered = entered_card(_cell(state, *at))
    with write(get_db()):
        if entered and keep == "deck" and (card := deck.autofill(known_cards(), entered[0])):
            state = paths.set_(state, ("grid", *at), {**_cell(state, *at), **card})
        saved = apply_seat_change(found, position, state=state, action="seat saved (deck contradiction)")
        if not isinstance(saved, store.Saved):
            return saved
        stored = entered_card(_cell(saved.play.seats[position].state, *at))
        if entered and keep == "entered" and stored == entered:
            correct_card(entered[0], entered[1], play_id, who())
    return see_other("main.seat", play_id=play_id, position=position)


@bp.post("/plays/<int:play_id>/vera")
def vera(play_id: int):
    """Vera's score typed on the solo seat's page: saved with the play's options (the one save path
    of a play's details, merged by the play version this page showed: ``play_version``)."""
    found = _seat_or_404(play_id, 0)
    solo = found.options.get("solo")
    g.az_vera = "refused"
    if not isinstance(solo, dict) or found.finished:
        return seat_page(found, 0, found.evaluate(), [FieldError("", "Vera's score can be changed only in a solo play in progress.")], 409, "status")
    value, message = read_vera(request.form.get(VERA, ""))
    if message:
        return seat_page(found, 0, found.evaluate(), [FieldError("", f"Vera's score {message}.")], 422, "status")
    version = whole_number(request.form.get("play_version", ""), max_digits=15)
    try:
        found = store.change_play(play_id, who=who(), base_version=version, change_id=request.form.get("change_id"),
                                  fields={"options": {**found.options, "solo": {**solo, "vera_score": value}}})
    except store.Conflict as conflict:
        found, g.az_vera = store.get_play(play_id), "conflict"
        theirs = _label(conflict.conflicts[0][2]) if conflict.conflicts else "?"
        text = f"Vera's score was changed on another phone meanwhile (now {theirs}): check it and enter it again."
        return seat_page(found, 0, found.evaluate(), [FieldError("", text)], 409, "status")
    g.az_vera = "saved"
    return seat_page(found, 0, found.evaluate(), block="status")


@bp.get("/deck")
def deck_page():
    """The learned deck: every card Scorepad knows, where it was learned."""
    rows = deck_rows()
    warning = deck.capacity_warning(known_cards(rows))
    return render_template("games/verdant-arizona/deck.html", rows=rows, color_class=color_class, warning=warning)
