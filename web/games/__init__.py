"""Per-game entry adapters: how a game's seat entry form and options form map to the scoring
contract's state and options.  A game without its own adapter gets the generic one (a JSON editor
for the seat state and controls generated from the game's declared options).

An adapter translates and nothing else: form (or a game's own interaction) -> :class:`SeatChange`,
seat -> view model, options form <-> options.  It has no routes and never sees Flask's request,
``g`` or session, the database, ``web.data`` or ``web.table``.

May import: ``scoring`` and ``web.games`` only (tests/test_layout.py).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import scoring
from scoring.core import FieldError, Preview
from scoring.core import errors_at as errors_at  # (the toolkit's too: adapters file messages by path)
from scoring.core import lines_at as lines_at
from scoring.forms import apply_step as apply_step
from scoring.forms import humanize_path as humanize_path
from scoring.forms import set_at as set_at
from scoring.forms import show_value as show_value
from scoring.forms import state_from_paths as state_from_paths
from scoring.forms import whole_number as whole_number
from scoring.paths import field_id as field_id

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


_previews: OrderedDict[bytes, Preview] = OrderedDict()
_previews_lock = threading.Lock()


def preview(
    game: str, state: Any, options: Any, player_count: int, position: int, others: Sequence[Any] = ()
) -> Preview:
    """``scoring.get(game).preview(...)``, remembered by its arguments (the engines are pure): a
    seat page and the autosave answers after it, which show the same board, compute it once.
    The answer is shared: treat it as read-only."""
    key = hashlib.blake2b(
        json.dumps(
            [game, scoring.get(game).engine_version, state, options, player_count, position, list(others)],
            sort_keys=True,
            default=str,
            ensure_ascii=False,
        ).encode(),
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


def _inside(path: str, prefix: str) -> bool:
    return path == prefix or (path.startswith(prefix) and path[len(prefix)] in ".[")


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

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        """Build the seat state from the posted entry form.  Errors here are about the form itself
        (text that is not a number, JSON that does not parse); the engine judges the rest.
        ``data``: the game's data kept beside the plays (``Ask.data``: Arizona's learned deck)."""
        text = form.get("state_json", "")
        try:
            state = json.loads(text) if text.strip() else {}
        except json.JSONDecodeError as exc:
            return old_state, [
                FieldError(
                    "state_json", f"is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
                )
            ]
        if not isinstance(state, dict):
            return old_state, [FieldError("state_json", 'must be a JSON object, like {"points": 3}')]
        state.pop("name", None)
        return state, []

    def options_from_form(
        self, form: Mapping[str, str], game: scoring.Game
    ) -> tuple[dict[str, Any], list[FieldError]]:
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
                    errors.append(
                        FieldError(
                            key, f"{option.name}: enter JSON, for example {json.dumps(option.default)}"
                        )
                    )
        return options, errors

    def options_view(self, game: scoring.Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """What ``options_template`` shows for ``game`` (as ``ov``): each option's value as its
        control shows it (``values``), plus a game's own lists (the Verdant goal cards)."""
        return {"values": {o.name: self.option_value(dict(options or {}), o) for o in game.options}}

    def options_summary(self, game: scoring.Game, options: Mapping[str, Any]) -> str:
        """The one line the New play form shows over the folded options: the current choice in a
        player's words ("Scorepad's readings" while every option is at its default)."""
        parts = []
        for option in game.options:
            value = options.get(option.name, option.default)
            if value == option.default or (option.kind == "bool" and not value):
                continue
            words = option.description.split(" (")[0].split(". ")[0].split(":")[0].rstrip(".")
            parts.append(words if option.kind == "bool" else f"{words}: {option.label(value)}")
        return " · ".join(parts) or "Scorepad's readings (the defaults)"

    def option_value(self, options: dict[str, Any], option: scoring.Option) -> str:
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
        state, errors = self.state_from_form(ask.form, seat.state, ask.data)
        nxt = ask.form.get("next")
        return SeatChange(
            state=state,
            errors=tuple(errors),
            done=True if nxt == "play" else False if nxt == "undone" else None,
        )

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """A game's own interaction on a seat page (a Verdant cell, a Gretchen's Garden row
        operation): a change like :meth:`change_from_form`'s.  Unknown here: :class:`UnknownAction`."""
        raise UnknownAction(action)

    def ui_after(
        self, action: str, change: SeatChange, play: Any, seat: Any, evaluation: Any
    ) -> dict[str, Any]:
        """What the page shows after ``action`` was saved (by default what the change said)."""
        return dict(change.ui)

    def after_redirect(self, ui: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        """Without htmx an interaction ends on the seat page: its query and anchor for ``ui``."""
        return {}, ""

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        """The game's own template variables for the entry page, every label computed."""
        return {}

    def result_rows(self, result: Any) -> list[dict[str, Any]]:
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


_generic = Adapter()
_adapters: defaultdict[str, Adapter] = defaultdict(lambda: _generic)


def register(game: str, adapter: Adapter) -> None:
    _adapters[game] = adapter


#: the adapter of a game (the generic one for a game without its own): a look-up in the registry
adapter: Callable[[str], Adapter] = _adapters.__getitem__


# Each game's adapter module registers itself: every module of this package is one (a sixth
# game's adapter is a new module here, nothing else; it defines no route).


def load_modules() -> None:
    """Import every game adapter's module (each registers its adapter when imported)."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
