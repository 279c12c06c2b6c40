"""Verdant Arizona's entry screen: a 4 x 4 display of cactus cards (fields named by contract path), the
wrens, Vera's score in solo, and the learned deck (``arizona_cards``, the rules ``scoring.arizona.deck``'s):
each card remembers the play it came from; another play that disagrees gets a one-tap *contradiction*."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, g, render_template, request
from markupsafe import Markup, escape

import scoring
from scoring import paths
from scoring.arizona import deck
from scoring.arizona import model as az
from scoring.arizona.model import SIZE, card_at, card_path, color_key, color_label
from scoring.core import FieldError
from web.data import store
from web.data.db import get_db, now, write
from web.games import Adapter, errors_at, field_id, preview, register, show_value, state_from_paths, whole_number
from web.routes.pages import apply_seat_change, get_seat_or_404, seat_page, see_other, who

GAME = "verdant-arizona"
VERA = "options.solo.vera_score"
# Chips until the deck knows colours: common names (colours are free names; another is typed once).
STARTER_COLOURS = ("yellow", "pink", "white", "green", "blue")

bp = Blueprint("arizona", __name__, url_prefix="/arizona")


def deck_rows() -> dict[int, dict[str, Any]]:
    """Every learned card: number -> {"color", "gecko", "play_id", "learned_at"}."""
    return {r["number"]: {**dict(r), "gecko": bool(r["gecko"])} for r in get_db().execute(
        "SELECT number, color, gecko, play_id, learned_at FROM arizona_cards ORDER BY number").fetchall()}


def known_cards(rows: Mapping[int, dict] | None = None) -> deck.Known:
    return {n: {"color": v["color"], "gecko": v["gecko"]} for n, v in (deck_rows() if rows is None else rows).items()}


def _write(number: int, card: dict[str, Any], play_id: int | None) -> None:
    get_db().table("arizona_cards").upsert({"number": number, "color": card["color"], "gecko": int(bool(card["gecko"])),
                                            "learned_at": now(), "play_id": play_id}, pk="number")


def sync_play(play_id: int, grids: list[Any]) -> None:
    """Learn play ``play_id``'s cards no other play taught; forget those it taught and no longer shows."""
    db, rows = get_db(), deck_rows()
    others = known_cards({n: v for n, v in rows.items() if v["play_id"] != play_id})
    mine = {n: v for n, v in rows.items() if v["play_id"] == play_id}
    learned, _ = deck.learn_table(others, {"players": [{"grid": grid} for grid in grids]})
    taught = {n: card for n, card in learned.items() if n not in others}
    with write(db):
        for number in set(mine) - set(taught):
            db.execute("DELETE FROM arizona_cards WHERE number = ?", [number])
        for number, card in taught.items():
            if number not in mine or (mine[number]["color"], mine[number]["gecko"]) != (card["color"], card["gecko"]):
                _write(number, card, play_id)


def correct_card(number: int, card: dict[str, Any], play_id: int, who: str = "") -> None:
    """Card ``number`` is ``card``, says the player (now learned from this play; in its edit log)."""
    before, fixed = known_cards().get(number), deck.resolve(known_cards(), number, card)
    if number in fixed:
        with write(get_db()):
            _write(number, fixed[number], play_id)
            store.log(play_id, None, who or "unknown", "arizona deck corrected", {"number": number, **(before or {})},
                      {"number": number, "color": fixed[number]["color"], "gecko": fixed[number]["gecko"]})


def color_class(color: Any) -> str:
    """A CSS class for a colour name ("Light Pink" -> "az-c-light-pink"); known colours are tinted."""
    slug = re.sub(r"[^a-z0-9]+", "-", color_key(color)).strip("-") if isinstance(color, str) and color.strip() else None
    return "az-c-none" if slug is None else f"az-c-{slug}" if slug else "az-c-other"


def _grid_of(state: Any) -> list:
    return [[c if isinstance(c, dict) else {} for c in row] for row in grid if isinstance(row, list)] if isinstance(grid := paths.get(state, ("grid",)), list) else []


def _cell(state: Any, r: int, c: int) -> dict:
    return cell if isinstance(cell := paths.get(state, ("grid", r, c)), dict) else {}


def _blank(value: Any) -> bool:
    return value is None or value is paths.MISSING or (isinstance(value, str) and not value.strip())


def _text(value: Any) -> str:  # a value as a field shows it
    return "" if _blank(value) else value if isinstance(value, str) else show_value(value)


def entered_card(cell: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of a card with a usable number and colour, else None."""
    return next(iter(deck.learn({}, [[cell]])[0].items()), None)


def card_view(state: dict, r: int, c: int, errors: list[FieldError], known: deck.Known) -> dict[str, Any]:
    """One card as shown: no message while untouched; a field left blank on a begun card is a dashed frame."""
    path, raw = card_path(r, c), _cell(state, r, c)
    color, started = raw.get("color"), not (_blank(raw.get("number")) and _blank(raw.get("color")))
    mine = errors_at(errors, path) if started else []
    shown = [e for e in mine if not _blank(paths.get(state, paths.parse(e.path)))]
    found = known.get(entered[0]) if (entered := entered_card(raw)) else None
    conflict = {"number": entered[0], "known": found, "entered": entered[1]} if entered and found and not deck.same_card(found, entered[1]) else None
    named = isinstance(color, str)  # a colour name (not a number or a list sent by a program)
    return {"r": r, "c": c, "path": path, "number": _text(raw.get("number")), "color": _text(color), "gecko": raw.get("gecko") is True,
            "tint": color_class(color), "key": color_key(color) if named else "", "label": color_label(color) if named else "",
            "errors": shown, "missing": bool(mine) and not shown, "conflict": conflict, "known": bool(found) and not conflict,
            "started": started}


class ArizonaAdapter(Adapter):
    entry_template = "games/verdant-arizona/entry.html"
    options_template = "games/verdant-arizona/options.html"
    seat_options = (VERA,)

    def field_label(self, path: str) -> str:
        at, part, row = card_at(path), path.rsplit(".", 1)[-1], re.fullmatch(r"grid\[(\d+)\]", path)
        if at:
            return f"Row {at[0] + 1}, card {at[1] + 1}" + (f": {part.replace('color', 'colour')}" if "." in path else "")
        words = {VERA: "Vera's score", "options.solo": "Solo against Vera", "wrens": "Wrens", "grid": "Display", "": "This seat"}
        return f"Row {int(row.group(1)) + 1}" if row else words.get(path) or super().field_label(path)

    def value_label(self, path: str, value: Any) -> str:  # "gecko" / "no gecko"; a whole card "17 pink, gecko"
        if isinstance(value, dict) and card_at(path):
            return f"{_text(value.get('number'))} {_text(value.get('color'))}".strip() + (", gecko" if value.get("gecko") is True else "")
        return ("gecko" if value is True else "no gecko") if path.endswith(".gecko") else super().value_label(path, value)

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        """Fields read by path; a card's unticked gecko box is no gecko; a known number takes the deck's card."""
        state, known = state_from_paths(form, old_state, az.PLAYER_SCHEMA), known_cards()
        for r, c in ((r, c) for r in range(SIZE) for c in range(SIZE) if f"{card_path(r, c)}.number" in form):
            cell = {**_cell(state, r, c), "gecko": f"{card_path(r, c)}.gecko" in form and _cell(state, r, c).get("gecko") is True}
            if _blank(cell.get("color")) and (found := deck.autofill(known, cell.get("number"))):
                cell.update(color=found["color"], gecko=cell["gecko"] or found["gecko"])
            state = paths.set_(state, ("grid", r, c), cell)
        return state, []

    def after_save(self, play, position: int) -> None:  # a refused save teaches the deck nothing
        sync_play(play.id, [_grid_of(s.state) for s in play.seats])

    def options_from_form(self, form: Mapping[str, str], game: scoring.Game) -> tuple[dict, list[FieldError]]:
        prefix, on, errors = f"opt-{game.name}-", ("on", "true", "1", "y"), []
        options: dict[str, Any] = {"advanced": form.get(prefix + "advanced") in on, "solo": None}
        reading = form.get(prefix + "color_lines", az.EVERY_LINE)
        if reading in az.COLOR_LINE_READINGS and reading != az.EVERY_LINE:
            options["color_lines"] = reading  # stored only when it is not the default reading
        if form.get(prefix + "solo") in on:
            vera, message = az.read_vera_score(form.get(prefix + "vera_score") or "")  # blank: asked on the seat page later
            if message:
                errors.append(FieldError(prefix + "vera_score", f"Vera's score: enter a whole number from 0 to {az.VERA_MAX}"))
            options["solo"] = {"vera_score": vera}
        names = [v for k, v in form.items() if re.fullmatch(r"players-\d+", k) and v.strip()]
        if names and form.get("game") == game.name and (options["solo"] is None) == (len(names) == 1):
            errors.append(FieldError(prefix + "solo", f"Solo against Vera is for one player: you listed {len(names)}." if len(names) > 1
                                     else "One player plays solo against Vera: tick it and enter Vera's score."))
        return options, errors

    def context(self, play, seat, evaluation) -> dict:
        known, state, options = known_cards(), seat.state if isinstance(seat.state, dict) else {}, play.options or {}
        errors, vera_errors = evaluation.seat_errors[seat.position], [e for e in evaluation.table_errors if e.path.startswith("options.solo")]
        cells = [[card_view(state, r, c, errors, known) for c in range(SIZE)] for r in range(SIZE)]
        started = [paths.parse(cell["path"]) for row in cells for cell in row if cell["started"]]
        # to fill or fix: begun cards, the rest of the seat, one line for the others, Vera's score
        todo = [e for e in errors if not card_at(e.path) or any(paths.under(paths.parse(e.path), p) for p in started)]
        if len(started) < SIZE * SIZE:
            todo.append(FieldError("grid", f"{SIZE * SIZE - len(started)} of {SIZE * SIZE} cards still to enter (number and colour)"))
        todo += [FieldError(VERA, Markup(f'{escape(e.message)}. <a href="#{field_id(VERA)}">Enter it</a>')) for e in vera_errors]
        shown = preview(GAME, state, options, len(play.seats), seat.position)
        return {
            "cells": cells, "lines": shown.extra["lines"], "quadrants": shown.extra["quadrants"], "status_errors": todo,
            "other_table_errors": [e for e in evaluation.table_errors if e not in vera_errors], "vera_errors": vera_errors,
            "advanced": bool(options.get("advanced")), "chips": color_chips(play, known), "deck_size": len(known),
            "deck_json": {str(n): v for n, v in known.items()},
            "colors_json": {v["color"]: {"key": color_key(v["color"]), "tint": color_class(v["color"])} for v in known.values()},
            "number_max": az.NUMBER_MAX, "wrens_max": az.WREN_TOKENS, "wrens": state.get("wrens", 0),
            "solo": options["solo"] if isinstance(options.get("solo"), dict) else None, "label": self.field_label,
            "fragment": bool(request.headers.get("HX-Request")) and not request.headers.get("HX-Boosted"), "color_class": color_class,
            "vera_answer": g.get("az_vera"), "refused_change": g.get("az_vera") in ("refused", "conflict"),
        }


def color_chips(play, known: deck.Known) -> list[dict[str, str]]:
    """The colours used (the deck's and this play's), most used first; then starter names."""
    counts: dict[str, list] = {}
    for color in [v["color"] for v in known.values()] + [cell.get("color") for s in play.seats for row in _grid_of(s.state) for cell in row]:
        if isinstance(color, str) and color.strip() and len(color_label(color)) <= az.COLOR_MAX_LENGTH:
            counts.setdefault(color_key(color), [color_label(color), 0])[1] += 1
    ordered = [label for label, _ in sorted(counts.values(), key=lambda e: (-e[1], e[0].casefold()))]
    ordered += [name for name in STARTER_COLOURS if color_key(name) not in counts][: max(0, len(STARTER_COLOURS) - len(ordered))]
    return [{"label": label, "key": color_key(label), "class": color_class(label)} for label in ordered]


_ADAPTER = ArizonaAdapter()
register(GAME, _ADAPTER)


@bp.post("/plays/<int:play_id>/seats/<int:position>/resolve")
def resolve(play_id: int, position: int):
    """A contradiction's tap (the entry form comes with it): ``deck:r-c`` takes the deck's card, ``entered:r-c``
    corrects the deck.  The seat change (merged by its version) and the correction are one transaction."""
    found = get_seat_or_404(play_id, GAME, position)
    keep, _, where = request.form.get("resolve", "").partition(":")
    at = card_at("grid[{}][{}]".format(*where.split("-"))) if re.fullmatch(r"\d-\d", where) else None
    if keep not in ("deck", "entered") or at is None:
        abort(400)
    state, _ = _ADAPTER.state_from_form(request.form, found.seats[position].state)
    entered = entered_card(_cell(state, *at))
    with write(get_db()):
        if entered and keep == "deck" and (card := deck.autofill(known_cards(), entered[0])):
            state = paths.set_(state, ("grid", *at), {**_cell(state, *at), **card})
        saved = apply_seat_change(found, position, state=state, action="seat saved (deck contradiction)")
        if not isinstance(saved, store.Saved):
            return saved  # the conflict page or the finished message: nothing corrected
        if entered and keep == "entered" and entered_card(_cell(saved.play.seats[position].state, *at)) == entered:
            correct_card(entered[0], entered[1], play_id, who())
    return see_other("main.seat", play_id=play_id, position=position)


@bp.post("/plays/<int:play_id>/vera")
def vera(play_id: int):
    """Vera's score on the solo seat's page: saved with the play's options through the one save path
    of a play's details, merged by the play version the page showed; answers the seat's status."""
    found, g.az_vera, (value, message) = get_seat_or_404(play_id, GAME, 0), "refused", az.read_vera_score(request.form.get(VERA, ""))
    solo = found.options.get("solo")
    if not isinstance(solo, dict) or found.finished or message:
        why = f"Vera's score {message}." if message else "Vera's score is entered in a solo play in progress only."
        return seat_page(found, 0, found.evaluate(), [FieldError("", why)], 422 if message else 409, "status")
    try:
        found = store.change_play(play_id, who=who(), base_version=whole_number(request.form.get("play_version", ""), max_digits=15),
                                  change_id=request.form.get("change_id"), fields={"options": {**found.options, "solo": {**solo, "vera_score": value}}})
    except store.Conflict as conflict:
        found, g.az_vera, theirs = store.get_play(play_id), "conflict", [_text(c[2]) for c in conflict.conflicts] or [""]
        why = f"Vera's score was changed on another phone meanwhile (now {theirs[0] or 'empty'}): check it and save again."
        return seat_page(found, 0, found.evaluate(), [FieldError("", why)], 409, "status")
    g.az_vera = "saved"
    return seat_page(found, 0, found.evaluate(), block="status")


@bp.get("/deck")
def deck_page():  # the learned deck: every card Scorepad knows, where it was learned
    rows = deck_rows()
    return render_template("games/verdant-arizona/deck.html", rows=rows, color_class=color_class, warning=deck.capacity_warning(known_cards(rows)))
