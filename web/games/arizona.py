"""Verdant Arizona's entry screen: a 4 x 4 display of cactus cards (fields named by contract path), the
wrens, Vera's score in solo, and the learned deck (``arizona_cards``, the rules ``scoring.arizona.deck``'s):
each card remembers the play it came from; another play that disagrees gets a one-tap *contradiction*."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from markupsafe import Markup, escape

import scoring
from scoring import paths
from scoring.arizona import GAME as ARIZONA
from scoring.arizona import deck
from scoring.arizona import model as az
from scoring.arizona.model import SIZE, card_at, card_path, color_key, color_label
from scoring.core import FieldError
from web.games import (
    Adapter,
    Ask,
    SeatChange,
    UnknownAction,
    errors_at,
    field_id,
    preview,
    register,
    show_value,
    state_from_paths,
)

GAME = ARIZONA.name  # "verdant-arizona": the engine names the game, the web layer reads it
VERA = "options.solo.vera_score"
# Chips until the deck knows colours: common names (colours are free names; another is typed once).
STARTER_COLOURS = ("yellow", "pink", "white", "green", "blue")


def color_class(color: Any) -> str:
    """A CSS class for a colour name ("Light Pink" -> "az-c-light-pink"); known colours are tinted."""
    slug = (
        re.sub(r"[^a-z0-9]+", "-", color_key(color)).strip("-")
        if isinstance(color, str) and color.strip()
        else None
    )
    return "az-c-none" if slug is None else f"az-c-{slug}" if slug else "az-c-other"


def _grid_of(state: Any) -> list[Any]:
    return (
        [[c if isinstance(c, dict) else {} for c in row] for row in grid if isinstance(row, list)]
        if isinstance(grid := paths.get(state, ("grid",)), list)
        else []
    )


def _cell(state: Any, r: int, c: int) -> dict[str, Any]:
    return cell if isinstance(cell := paths.get(state, ("grid", r, c)), dict) else {}


def _blank(value: Any) -> bool:
    return value is None or value is paths.MISSING or (isinstance(value, str) and not value.strip())


def _text(value: Any) -> str:  # a value as a field shows it
    return "" if _blank(value) else value if isinstance(value, str) else show_value(value)


def entered_card(cell: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of a card with a usable number and colour, else None."""
    return next(iter(deck.learn({}, [[cell]])[0].items()), None)


def card_view(
    state: dict[str, Any], r: int, c: int, errors: list[FieldError], known: deck.Known
) -> dict[str, Any]:
    """One card as shown: no message while untouched; a field left blank on a begun card is a dashed frame."""
    path, raw = card_path(r, c), _cell(state, r, c)
    color, started = raw.get("color"), not (_blank(raw.get("number")) and _blank(raw.get("color")))
    mine = errors_at(errors, path) if started else []
    shown = [e for e in mine if not _blank(paths.get(state, paths.parse(e.path)))]
    found = known.get(entered[0]) if (entered := entered_card(raw)) else None
    conflict = (
        {
            "number": entered[0],
            "known": found,
            "entered": entered[1],
            "known_tint": color_class(found["color"]),
            "entered_tint": color_class(entered[1]["color"]),
        }
        if entered and found and not deck.same_card(found, entered[1])
        else None
    )
    named = isinstance(color, str)  # a colour name (not a number or a list sent by a program)
    return {
        "r": r,
        "c": c,
        "path": path,
        "number": _text(raw.get("number")),
        "color": _text(color),
        "gecko": raw.get("gecko") is True,
        "tint": color_class(color),
        "key": color_key(color) if named else "",
        "label": color_label(color) if named else "",
        "errors": shown,
        "missing": bool(mine) and not shown,
        "conflict": conflict,
        "known": bool(found) and not conflict,
        "started": started,
    }


class ArizonaAdapter(Adapter):
    entry_template = "games/verdant-arizona/entry.html"
    options_template = "games/verdant-arizona/options.html"
    seat_options = (VERA,)

    def options_summary(self, game: scoring.Game, options: Mapping[str, Any]) -> str:
        """ "Standard scoring"; "Advanced scoring (single-colour lines in order only) · solo against
        Vera (Vera: 58)"."""
        advanced = options.get("advanced") in (True, "on", "true", "1")
        parts = ["Advanced scoring" if advanced else "Standard scoring"]
        if advanced and options.get("color_lines") == "in_order":
            parts[0] += " (single-colour lines in order only)"
        solo = options.get("solo")
        if isinstance(solo, dict):
            vera = solo.get("vera_score")
            parts.append("solo against Vera" + (f" (Vera: {vera})" if vera not in (None, "") else ""))
        return " · ".join(parts)

    def field_label(self, path: str) -> str:
        at, part, row = card_at(path), path.rsplit(".", 1)[-1], re.fullmatch(r"grid\[(\d+)\]", path)
        if at:
            return f"Row {at[0] + 1}, card {at[1] + 1}" + (
                f": {part.replace('color', 'colour')}" if "." in path else ""
            )
        words = {
            VERA: "Vera's score",
            "options.solo": "Solo against Vera",
            "wrens": "Wrens",
            "grid": "Display",
            "": "This seat",
        }
        return f"Row {int(row.group(1)) + 1}" if row else words.get(path) or super().field_label(path)

    def value_label(
        self, path: str, value: Any
    ) -> str:  # "gecko" / "no gecko"; a whole card "17 pink, gecko"
        if isinstance(value, dict) and card_at(path):
            return f"{_text(value.get('number'))} {_text(value.get('color'))}".strip() + (
                ", gecko" if value.get("gecko") is True else ""
            )
        return (
            ("gecko" if value is True else "no gecko")
            if path.endswith(".gecko")
            else super().value_label(path, value)
        )

    interaction_blocks = {"resolve": (), "vera": ("status",)}  # resolve: the page again (see_other)

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        return self.read_form(form, old_state, _known(data or {})), []

    def read_form(self, form: Mapping[str, str], old_state: Any, known: deck.Known) -> dict[str, Any]:
        """Fields read by path; a card's unticked gecko box is no gecko; a known number takes the
        deck's card."""
        state = state_from_paths(form, old_state, az.PLAYER_SCHEMA)
        for r, c in ((r, c) for r in range(SIZE) for c in range(SIZE) if f"{card_path(r, c)}.number" in form):
            cell = {
                **_cell(state, r, c),
                "gecko": f"{card_path(r, c)}.gecko" in form and _cell(state, r, c).get("gecko") is True,
            }
            if _blank(cell.get("color")) and (found := deck.autofill(known, cell.get("number"))):
                cell.update(color=found["color"], gecko=cell["gecko"] or found["gecko"])
            state = paths.set_(state, ("grid", r, c), cell)
        return state

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """``resolve``: a deck contradiction's tap (the entry form comes with it): ``deck:r-c`` takes
        the deck's card, ``entered:r-c`` corrects the deck (the effect ``correct``, in the same
        transaction as the seat change).  ``vera``: Vera's score on the solo seat's page, saved
        with the play's options (merged by the play version the page showed)."""
        if action == "vera":
            return self._vera(ask, play)
        if action != "resolve":
            raise UnknownAction(action)
        keep, _, where = str(ask.form.get("resolve", "")).partition(":")
        at = card_at("grid[{}][{}]".format(*where.split("-"))) if re.fullmatch(r"\d-\d", where) else None
        if keep not in ("deck", "entered") or at is None:
            raise UnknownAction(action, 400)
        known = _known(ask.data)
        state = self.read_form(ask.form, seat.state, known)
        entered = entered_card(_cell(state, *at))
        effects: tuple[tuple[str, dict[str, Any]], ...] = ()
        if entered and keep == "deck" and (card := deck.autofill(known, entered[0])):
            state = paths.set_(state, ("grid", *at), {**_cell(state, *at), **card})
        elif entered and keep == "entered":
            effects = (("correct", {"at": at, "number": entered[0], "card": entered[1]}),)
        return SeatChange(state=state, action="seat saved (deck contradiction)", effects=effects)

    def _vera(self, ask: Ask, play: Any) -> SeatChange:
        value, message = az.read_vera_score(str(ask.form.get(VERA, "")))
        solo = (play.options or {}).get("solo")
        if not isinstance(solo, dict) or message:
            why = (
                f"Vera's score {message}."
                if message
                else "Vera's score is entered in a solo play in progress only."
            )
            return SeatChange(play_options={}, errors=(FieldError("", why),), status=422 if message else 409)
        return SeatChange(play_options={"solo": {**solo, "vera_score": value}}, ui={"vera": "saved"})

    def after_redirect(self, ui: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        return {}, ""

    def options_from_form(
        self, form: Mapping[str, str], game: scoring.Game
    ) -> tuple[dict[str, Any], list[FieldError]]:
        prefix, on, errors = f"opt-{game.name}-", ("on", "true", "1", "y"), []
        options: dict[str, Any] = {"advanced": form.get(prefix + "advanced") in on, "solo": None}
        reading = form.get(prefix + "color_lines", az.EVERY_LINE)
        if reading in az.COLOR_LINE_READINGS and reading != az.EVERY_LINE:
            options["color_lines"] = reading  # stored only when it is not the default reading
        if form.get(prefix + "solo") in on:
            vera, message = az.read_vera_score(
                form.get(prefix + "vera_score") or ""
            )  # blank: asked on the seat page later
            if message:
                errors.append(
                    FieldError(
                        prefix + "vera_score", f"Vera's score: enter a whole number from 0 to {az.VERA_MAX}"
                    )
                )
            options["solo"] = {"vera_score": vera}
        names = [v for k, v in form.items() if re.fullmatch(r"players-\d+", k) and v.strip()]
        if names and form.get("game") == game.name and (options["solo"] is None) == (len(names) == 1):
            errors.append(
                FieldError(
                    prefix + "solo",
                    f"Solo against Vera is for one player: you listed {len(names)}."
                    if len(names) > 1
                    else "One player plays solo against Vera: tick it and enter Vera's score.",
                )
            )
        return options, errors

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        known, state, options = (
            _known(ask.data),
            seat.state if isinstance(seat.state, dict) else {},
            play.options or {},
        )
        errors, vera_errors = (
            evaluation.seat_errors[seat.position],
            [e for e in evaluation.table_errors if e.path.startswith("options.solo")],
        )
        cells = [[card_view(state, r, c, errors, known) for c in range(SIZE)] for r in range(SIZE)]
        started = [paths.parse(cell["path"]) for row in cells for cell in row if cell["started"]]
        # to fill or fix: begun cards, the rest of the seat, one line for the others, Vera's score
        todo = [
            e
            for e in errors
            if not card_at(e.path) or any(paths.under(paths.parse(e.path), p) for p in started)
        ]
        if len(started) < SIZE * SIZE:
            todo.append(
                FieldError(
                    "grid",
                    f"{SIZE * SIZE - len(started)} of {SIZE * SIZE} cards still to enter (number and colour)",
                )
            )
        todo += [
            FieldError(VERA, Markup(f'{escape(e.message)}. <a href="#{field_id(VERA)}">Enter it</a>'))
            for e in vera_errors
        ]
        shown = preview(GAME, state, options, len(play.seats), seat.position)
        return {
            "cells": cells,
            "lines": shown.extra["lines"],
            "quadrants": shown.extra["quadrants"],
            "status_errors": todo,
            "other_table_messages": [
                self.table_message(play, e, ask.links)
                for e in evaluation.table_errors
                if e not in vera_errors
            ],
            "vera_errors": vera_errors,
            "advanced": bool(options.get("advanced")),
            "chips": color_chips(play, known),
            "deck_size": len(known),
            "deck_json": {str(n): v for n, v in known.items()},
            "colors_json": {
                v["color"]: {"key": color_key(v["color"]), "tint": color_class(v["color"])}
                for v in known.values()
            },
            "number_max": az.NUMBER_MAX,
            "wrens_max": az.WREN_TOKENS,
            "wrens": state.get("wrens", 0),
            "solo": options["solo"] if isinstance(options.get("solo"), dict) else None,
            # every place the page names (the template looks them up: it calls no adapter)
            "label": {
                path: self.field_label(path)
                for path in [
                    *(
                        f"{card_path(r, c)}{part}"
                        for r in range(SIZE)
                        for c in range(SIZE)
                        for part in ("", ".number", ".color", ".gecko")
                    ),
                    "wrens",
                    *(e.path for e in errors),
                ]
            }.get,
            "fragment": ask.fragment,
            "vera_answer": ask.ui.get("vera")
            or ("conflict" if ask.ui.get("conflict") else "refused" if ask.ui.get("refused") else None),
        }


def _known(data: Mapping[str, Any]) -> deck.Known:
    """The learned deck, as the web layer loaded it for this request (``Ask.data``, from
    ``web.table.arizona_deck``)."""
    known = data.get("known")
    return known if isinstance(known, dict) else {}


def grids(play: Any) -> list[Any]:
    """Every seat's display, as the deck learns from them."""
    return [_grid_of(s.state) for s in play.seats]


def color_chips(play: Any, known: deck.Known) -> list[dict[str, str]]:
    """The colours used (the deck's and this play's), most used first; then starter names."""
    counts: dict[str, list[Any]] = {}
    for color in [v["color"] for v in known.values()] + [
        cell.get("color") for s in play.seats for row in _grid_of(s.state) for cell in row
    ]:
        if isinstance(color, str) and color.strip() and len(color_label(color)) <= az.COLOR_MAX_LENGTH:
            counts.setdefault(color_key(color), [color_label(color), 0])[1] += 1
    ordered = [label for label, _ in sorted(counts.values(), key=lambda e: (-e[1], e[0].casefold()))]
    ordered += [name for name in STARTER_COLOURS if color_key(name) not in counts][
        : max(0, len(STARTER_COLOURS) - len(ordered))
    ]
    return [{"label": label, "key": color_key(label), "class": color_class(label)} for label in ordered]


_ADAPTER = ArizonaAdapter()
register(GAME, _ADAPTER)
