"""Per-game entry adapters: how a game's seat entry form and options form map to the scoring
contract's state and options.  A game without its own adapter gets the generic one (a JSON editor
for the seat state and controls generated from the game's declared options)."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring import paths
from scoring.core import Category, FieldError, Preview
from scoring.schema import Node


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


# ------------------------------------------------------------------ what adapters take and give
#
# An adapter is a translator and nothing else: it never sees Flask's request, ``g`` or session, nor
# the database.  The views hand it an :class:`Ask` (plain data read from the request) and it
# answers a :class:`SeatChange` (what to change, and the form's own errors) or a view model (a
# dict of everything the template shows).  The table service (``web.table.service``) does the rest.


@dataclass(frozen=True)
class Ask:
    """What one request about a seat brings to its adapter, as plain data.

    ``form``: the posted fields (empty on a GET); ``args``: the query; ``fragment``: htmx asked for
    a part of the page (not a whole page); ``memo``: what this phone's session keeps for the seat
    (Gretchen's Undo); ``data``: game data kept beside the plays (Arizona's learned deck), loaded by
    the web layer; ``ui``: what the interaction that just ran leaves for the page (the Verdant
    editor's cell); ``links``: the play's pages a message may link to (``seat``: the first seat's,
    ``edit``: the play's details)."""

    form: Mapping[str, Any] = field(default_factory=dict)
    args: Mapping[str, Any] = field(default_factory=dict)
    posted: bool = False
    fragment: bool = False
    memo: Mapping[str, Any] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)
    ui: Mapping[str, Any] = field(default_factory=dict)
    links: Mapping[str, str] = field(default_factory=dict)

    def getlist(self, name: str) -> list[Any]:
        """Every value posted for ``name`` (a multi-select), in order."""
        getter = getattr(self.form, "getlist", None)
        if getter is not None:
            return list(getter(name))
        return [self.form[name]] if name in self.form else []


@dataclass(frozen=True)
class SeatChange:
    """What a form or an interaction asks to change, in the contract's terms.

    Either a whole picture of the seat (``state``: what differs from the state at the form's base
    version is this phone's change), values at contract paths (``set``), or nothing (only ``done``
    moves).  ``play_options``: a change of the play's options made on a seat page (Vera's score, the
    sister's difficulty).  ``errors``: the form's own problems (text that is not a number); the
    change is still saved, and the page shows them.  ``effects``: named changes of game data in
    the same transaction (Arizona's deck corrected).  ``memo``: keys to keep in the phone's session
    for this seat; ``ui``: what the page shows after (the Verdant editor's next cell)."""

    state: dict[str, Any] | None = None
    set: dict[str, Any] | None = None
    done: bool | None = None
    play_options: dict[str, Any] | None = None
    errors: tuple[FieldError, ...] = ()
    status: int = 422  # of a refusal for ``errors`` (a change of options that is not saved)
    action: str = "seat saved"
    effects: tuple[tuple[str, dict[str, Any]], ...] = ()
    memo: dict[str, Any] | None = None
    ui: dict[str, Any] = field(default_factory=dict)


class UnknownAction(Exception):
    """An interaction this game's seat page does not have (a 404), or one it cannot read (``status``
    400: a value no page of it sends)."""

    def __init__(self, action: str, status: int = 404):
        super().__init__(action)
        self.status = status


# ------------------------------------------------------------------ the adapter toolkit
#
# Form fields are named by contract path (``name="plants[2].growth"``).  These read a typed value
# into a state at its path (typed as the game's schema says), and find the engine's messages and
# explanation lines about a path, so that no adapter parses paths or sentences of its own.


def field_id(path: str) -> str:
    """An HTML id for the field of a contract path: ``plants[2].growth`` -> ``f-plants-2-growth``.

    >>> field_id("home[1][2].pot")
    'f-home-1-2-pot'
    """
    return "f-" + re.sub(r"[^A-Za-z0-9_]+", "-", path).strip("-")


def set_at(state: Any, path: str, text: Any, schema: Node | None = None) -> dict:
    """``state`` with the value typed for ``path`` put there, read as the player's ``schema``
    (the game's ``player_schema``) says: digits in a number field become a number; text that does
    not read stays as typed, for the engine to name next to its field.  A path the schema does not
    have is left out.

    >>> from scoring.schema import Arr, Int, Obj, Text
    >>> board = Obj({"plants": Arr(Obj({"name": Text(), "growth": Int(0, 9)}), 6)})
    >>> set_at({"plants": [{"name": "Croton", "growth": 1}]}, "plants[0].growth", "3", board)
    {'plants': [{'name': 'Croton', 'growth': 3}]}
    >>> set_at({}, "plants[9].growth", "3", board)
    {}
    """
    parts = paths.try_parse(path)
    node = schema.at(parts) if schema is not None and parts is not None else None
    if parts is None or (schema is not None and node is None):
        return state if isinstance(state, dict) else {}
    value = node.from_form(text) if node is not None and isinstance(text, str) else text
    out = paths.set_(state if isinstance(state, dict) else {}, parts, value)
    return out if isinstance(out, dict) else {}


_previews: OrderedDict[bytes, Preview] = OrderedDict()
_previews_lock = threading.Lock()


def preview(game: str, state: Any, options: Any, player_count: int, position: int, others: Sequence[Any] = ()) -> Preview:
    """``scoring.get(game).preview(...)``, remembered by its arguments (the engines are pure): a
    seat page and the autosave answers after it, which show the same board, compute it once.
    The answer is shared: treat it as read-only."""
    key = hashlib.blake2b(
        json.dumps([game, scoring.get(game).engine_version, state, options, player_count, position, list(others)],
                   sort_keys=True, default=str,
                   ensure_ascii=False).encode(),
        digest_size=20,
    ).digest()
    with _previews_lock:
        found = _previews.get(key)
        if found is not None:
            _previews.move_to_end(key)
            return found
    shown = scoring.get(game).preview(state, options, player_count, position, others=others)
    with _previews_lock:
        _previews[key] = shown
        while len(_previews) > 256:
            _previews.popitem(last=False)
    return shown


def errors_at(errors: Iterable[FieldError], prefix: str, exact: bool = False) -> list[FieldError]:
    """The errors about ``prefix`` or a place inside it (``plants[2]`` also takes
    ``plants[2].growth``); ``exact``: about ``prefix`` itself only.

    >>> [e.path for e in errors_at([FieldError("plants[2].growth", "x"), FieldError("plants[20]", "y")], "plants[2]")]
    ['plants[2].growth']
    """
    return [e for e in errors if (e.path == prefix if exact else _inside(e.path, prefix))]


def state_from_paths(form: Mapping[str, str], old_state: Any, schema: Node | None) -> dict:
    """The seat's state with every form field named by a contract path read into it
    (:func:`set_at`), and one stepper tap posted without JavaScript (``step`` = ``path:+1``)
    applied.  Fields that are not paths of the board (the CSRF token, ``next``, ``version``...)
    are ignored; everything not in the form keeps its old value.

    >>> from scoring.schema import Int, Obj
    >>> board = Obj({"propagation": Int(0, 40), "wrens": Int(0, 15)})
    >>> state_from_paths({"propagation": "4", "csrf_token": "x", "step": "wrens:+1"}, {"wrens": 2}, board)
    {'wrens': 3, 'propagation': 4}
    """
    state: dict = dict(old_state) if isinstance(old_state, dict) else {}
    for name, text in form.items():
        if name not in ("csrf_token", "next", "version", "change_id", "step"):
            state = set_at(state, name, text, schema)  # a name that is no path of the board is left out
    return apply_step(state, form.get("step", ""), schema)


def apply_step(state: dict, step: str, schema: Node | None, most: Callable[[dict, paths.Path, int | None], int | None] | None = None) -> dict:
    """One tap of a stepper posted without JavaScript: ``"plants[2].growth:+1"``, or ``:full`` (the
    most).  Only a whole number steps, within 0 and the schema's maximum for that place; a game
    whose most depends on the board passes ``most(state, parts, maximum)``: it answers the most
    there, or None (no step), and its blank or unreadable value steps from 0."""
    where, _, delta_text = (step or "").rpartition(":")
    if delta_text not in ("+1", "-1", "full") or not where:
        return state
    parts = paths.try_parse(where)
    if parts is None:
        return state
    node = schema.at(parts) if schema is not None else None
    value = paths.get(state, parts)
    if not isinstance(value, int) or isinstance(value, bool):
        value = 0 if value in (None, "", paths.MISSING) or most is not None else None
    top: int | None = getattr(node, "maximum", None)
    top = most(state, parts, top) if most is not None else top
    if value is None or (most is not None and top is None):
        return state
    new = top if delta_text == "full" else value + int(delta_text)
    low = getattr(node, "minimum", 0)
    if new is None or new < (low if low is not None else 0) or (top is not None and new > top):
        return state
    out = paths.set_(state, parts, new)
    return out if isinstance(out, dict) else state


def lines_at(categories: Iterable[Category], prefix: str) -> list[str]:
    """The explanation lines (of any category) about ``prefix`` or a place inside it."""
    return [text for c in categories for text in c.lines_about(prefix)]


def _inside(path: str, prefix: str) -> bool:
    return path == prefix or (path.startswith(prefix) and path[len(prefix)] in ".[")


def humanize_path(path: str) -> str:
    """A readable name for a contract path when the game has no better one:
    ``decorations.plant_stand`` -> "Decorations: plant stand", ``plants[2].growth`` -> "Plants 3: growth".

    >>> humanize_path("decorations.plant_stand"), humanize_path("plants[2].growth"), humanize_path("")
    ('Decorations: plant stand', 'Plants 3: growth', 'This seat')
    """
    parts = paths.try_parse(path)
    if parts is None:
        return path
    words: list[str] = []
    for part in parts:
        if isinstance(part, int):
            if words:
                words[-1] += f" {part + 1}"
            else:
                words.append(f"Number {part + 1}")
        else:
            words.append(part.replace("_", " "))
    if not words:
        return "This seat"
    text = ": ".join(words)
    return text[0].upper() + text[1:]


def show_value(value: Any) -> str:
    """A value as a player reads it: nothing is "–", a card is its words, not JSON."""
    if value is None or value is paths.MISSING or value == "":
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(show_value(v) for v in value.values() if v not in (None, "", False, [], {})) or "–"
    if isinstance(value, list):
        return "; ".join(show_value(v) for v in value) or "–"
    return str(value)


class Adapter:
    """The generic adapter.  A game's own adapter subclasses it and overrides what it needs."""

    def field_label(self, path: str) -> str:
        """The name of a place in a seat as a player sees it ("Propagation jars", "row 2, card 3")."""
        return humanize_path(path)

    def field_label_in(self, path: str, state: Any) -> str:
        """:meth:`field_label` with the seat's state at hand, for a game that names a place by what
        is on it ("Growth on Croton"); by default the same as :meth:`field_label`."""
        return self.field_label(path)

    def value_label(self, path: str, value: Any) -> str:
        """A value at ``path`` in a player's words (conflict screen, edit log)."""
        return show_value(value)

    #: Options a player enters on the first seat's page (a solo game's opponent: Arizona's
    #: ``options.solo.vera_score``); a message about one links to its field there.
    seat_options: tuple[str, ...] = ()

    def table_message(self, play: Any, error: FieldError, links: Mapping[str, str]) -> dict[str, Any]:
        """A message about the whole table (an option, the player count) as a player reads it, and
        where that is entered: ``{"label", "message", "href", "link"}`` (href None: no link).
        Options are changed on the play's details page (``links["edit"]``), or on the first seat's
        page (``links["seat"]``, for ``seat_options``)."""
        label, href, link = self.field_label(error.path), None, "Change it in the play's options"
        on_seat = [p for p in self.seat_options if _inside(p, error.path) or _inside(error.path, p)]
        if on_seat and play.seats:
            href, link = links["seat"] + "#" + field_id(on_seat[0]), f"Enter {self.field_label(on_seat[0])}"
        elif error.path.startswith("options"):
            href = links["edit"]
        return {"label": label, "message": error.message, "href": href, "link": link}

    entry_template = "games/_generic/entry.html"
    options_template = "games/_generic/options.html"
    stylesheet: str | None = None  # e.g. "css/verdant.css": also loaded on the new-play and edit pages
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

    def options_view(self, game: scoring.Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """What ``options_template`` shows for ``game`` (as ``ov``): each option's value as its
        control shows it (``values``), plus a game's own lists (the Verdant goal cards)."""
        return {"values": {o.name: self.option_value(dict(options or {}), o) for o in game.options}}

    def option_value(self, options: dict, option: scoring.Option) -> str:
        value = options.get(option.name, option.default)
        if option.kind in ("list", "object"):
            return json.dumps(value)
        return "" if value is None else str(value)

    #: blocks of the entry template a GET may ask for alone (``?fragment=NAME``, htmx)
    fragments: tuple[str, ...] = ()
    #: the element an htmx answer about the whole seat replaces (its status region)
    status_target = "#status"
    #: the blocks of the entry template an htmx interaction is answered with, per interaction
    #: (the first is the main swap; the others go out of band)
    interaction_blocks: Mapping[str, tuple[str, ...]] = {}
    #: the blocks a refused interaction is answered with, in place (none listed: the status
    #: block, retargeted to ``status_target``)
    refusal_blocks: Mapping[str, tuple[str, ...]] = {}

    def change_from_form(self, ask: Ask, seat: Any) -> SeatChange:
        """The seat's entry form (autosave, Save, Done) as a change: a whole picture of the seat
        as the form shows it, and Done (``next=play``) or not done (``next=undone``)."""
        state, errors = self.state_from_form(ask.form, seat.state)
        nxt = ask.form.get("next")
        return SeatChange(state=state, errors=tuple(errors), done=True if nxt == "play" else False if nxt == "undone" else None)

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """A game's own interaction on a seat page (a Verdant cell, a Gretchen's Garden row
        operation): a change like :meth:`change_from_form`'s.  Unknown here: :class:`UnknownAction`."""
        raise UnknownAction(action)

    def ui_after(self, action: str, change: SeatChange, play: Any, seat: Any, evaluation: Any) -> dict[str, Any]:
        """What the page shows after ``action`` was saved (by default what the change said)."""
        return dict(change.ui)

    def after_redirect(self, ui: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        """Without htmx an interaction ends on the seat page: its query and anchor for ``ui``."""
        return {}, ""

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        """The game's own template variables for the entry page, every label computed."""
        return {}

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


def register(game: str, adapter: Adapter) -> None:
    _adapters[game] = adapter


def adapter(game: str) -> Adapter:
    return _adapters.get(game, _generic)


# Each game's adapter module registers itself: every module of this package is one (a sixth
# game's adapter is a new module here, nothing else; it defines no route).


def load_modules() -> None:
    """Import every game adapter's module (each registers its adapter when imported)."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
