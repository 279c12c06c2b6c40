"""Per-game entry adapters: how a game's seat entry form and options form map to the scoring
contract's state and options.  A game without its own adapter gets the generic one (a JSON editor
for the seat state and controls generated from the game's declared options)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import scoring
from scoring.core import FieldError


def whole_number(text: Any, signs: str = "", max_digits: int | None = None) -> int | None:
    """``text`` read as a whole number: ASCII digits after an optional sign from ``signs``, at
    most ``max_digits`` of them; else None.  Every adapter reads typed numbers through this
    (``str.isdigit`` alone also accepts "²", which ``int`` refuses).

    >>> whole_number(" 12 "), whole_number("-3", "-"), whole_number("-3"), whole_number("²")
    (12, -3, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    digits = text[1:] if text[:1] and text[:1] in signs else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    if max_digits is not None and len(digits) > max_digits:
        return None
    return int(text)


class Adapter:
    """The generic adapter.  A game's own adapter subclasses it and overrides what it needs."""

    entry_template = "games/_generic/entry.html"
    options_template = "games/_generic/options.html"
    stylesheet: str | None = None  # e.g. "css/verdant.css": also loaded on the new-play and edit pages
    result_template: str | None = None  # a panel shown under the result's score pad

    def result_context(self, play, result) -> dict:
        """Template variables for ``result_template``."""
        return {}

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        """Build the seat state from the posted entry form.  Errors here are about the form itself
        (text that is not a number, JSON that does not parse); the engine judges the rest."""
        text = form.get("state_json", "")
        try:
            state = json.loads(text) if text.strip() else {}
        except json.JSONDecodeError as exc:
            return old_state, [FieldError("state_json", f"is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")]
        if not isinstance(state, dict):
            return old_state, [FieldError("state_json", 'must be a JSON object, like {"points": 3}')]
        state.pop("name", None)
        return state, []

    def options_from_form(self, form: Mapping[str, str], game: scoring.Game) -> tuple[dict, list[FieldError]]:
        """Read the options of ``game`` from fields named ``opt-<game>-<option>``."""
        options: dict[str, Any] = {}
        errors: list[FieldError] = []
        for option in game.options:
            key = f"opt-{game.name}-{option.name}"
            raw = form.get(key)
            if option.kind == "bool":
                options[option.name] = raw in ("on", "true", "1", "y")
            elif raw is None or raw == "":
                options[option.name] = option.default
            elif option.kind == "int":
                try:
                    options[option.name] = int(raw)
                except ValueError:
                    errors.append(FieldError(key, f"{option.name}: enter a whole number"))
            elif option.kind == "choice":
                choices = {str(c): c for c in option.choices}
                if raw not in choices:
                    errors.append(FieldError(key, f"{option.name}: choose one of " + ", ".join(choices)))
                else:
                    options[option.name] = choices[raw]
            else:  # list / object: JSON typed by hand
                try:
                    options[option.name] = json.loads(raw)
                except json.JSONDecodeError:
                    errors.append(FieldError(key, f"{option.name}: enter JSON, for example {json.dumps(option.default)}"))
        return options, errors

    def option_value(self, options: dict, option: scoring.Option) -> str:
        value = options.get(option.name, option.default)
        if option.kind in ("list", "object"):
            return json.dumps(value)
        return "" if value is None else str(value)

    def context(self, play, seat, evaluation) -> dict:
        """Extra template variables for the entry page."""
        return {}

    def after_save(self, play, position: int) -> None:
        """Called after a seat of ``play`` (freshly read, the save included) was stored."""

    def result_rows(self, result) -> list[dict]:
        """The rows of the result's score pad: one per category, in the engine's order.  Each row
        is ``{"key", "label", "cells": [Category | None per player]}``; a cell's ``points`` is the
        number shown and its ``details`` the lines shown when it is tapped."""
        keys: list[tuple[str, str]] = []
        for player in result.players:
            for category in player.categories:
                if (category.key, category.label) not in keys:
                    keys.append((category.key, category.label))
        return [
            {
                "key": key,
                "label": label,
                "cells": [next((c for c in p.categories if c.key == key), None) for p in result.players],
            }
            for key, label in keys
        ]


_adapters: dict[str, Adapter] = {}
_generic = Adapter()
_player_panels: list[tuple[str, Callable[[dict], dict]]] = []


def register_player_panel(template: str, context: Callable[[dict], dict]) -> None:
    """Show ``template`` on every player's page, with ``context(player)`` as its variables."""
    if all(t != template for t, _ in _player_panels):
        _player_panels.append((template, context))


def player_panels() -> list[tuple[str, Callable[[dict], dict]]]:
    return list(_player_panels)


def register(game: str, adapter: Adapter) -> None:
    _adapters[game] = adapter


def adapter(game: str) -> Adapter:
    return _adapters.get(game, _generic)


# Each game's adapter module registers itself (and may define a Blueprint ``bp`` of extra routes,
# registered by web.views.init_app).  A module that does not exist yet is simply skipped.
GAME_MODULES = ("verdant", "planted", "arizona", "vadoran", "gretchen")


def load_modules() -> list:
    import importlib

    modules = []
    for name in GAME_MODULES:
        try:
            modules.append(importlib.import_module(f"web.games.{name}"))
        except ModuleNotFoundError as exc:
            if exc.name != f"web.games.{name}":
                raise
    return modules
