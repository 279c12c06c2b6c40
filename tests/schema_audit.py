"""A pytest plugin (``-p tests.schema_audit``) that records every table an engine refuses while the
tests run, for tests/test_schema_audit.py: the table, its game and the engine's errors.

Loaded before the engines, it wraps ``scoring.core.seating`` (every engine reads its table's
players through it, so the game is the caller's package) and remembers the table; a
``ValidationError`` raised before that score ends is the table's refusal.  ``build_result`` (a
score that succeeded) forgets it.  The records go to the file named by ``SCHEMA_AUDIT_OUT``."""

from __future__ import annotations

import copy
import inspect
import json
import os
import threading
from typing import Any

import scoring.core as core

PACKAGES = {"verdant": "verdant", "planted": "planted", "arizona": "verdant-arizona", "vadoran": "vadoran-gardens",
            "gretchen": "gretchens-garden"}
MAX_BYTES = 100_000  # a table larger than this (a fuzz test's) is left out

_state = threading.local()
_records: list[dict[str, Any]] = []
_seating, _build_result, _error_init = core.seating, core.build_result, core.ValidationError.__init__


def _game_of_caller() -> str | None:
    frame = inspect.currentframe()
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        parts = name.split(".")
        if len(parts) >= 2 and parts[0] == "scoring" and parts[1] in PACKAGES:
            return PACKAGES[parts[1]]
        frame = frame.f_back
    return None


def seating(errors: Any, table: Any, **kw: Any) -> Any:
    game = _game_of_caller()
    try:
        text = json.dumps(table, ensure_ascii=False)
    except (TypeError, ValueError):
        text = None
    _state.current = (game, copy.deepcopy(table)) if game and text is not None and len(text) <= MAX_BYTES else None
    return _seating(errors, table, **kw)


def build_result(*args: Any, **kw: Any) -> Any:
    _state.current = None
    return _build_result(*args, **kw)


def error_init(self: Any, errors: Any) -> None:
    _error_init(self, errors)
    current = getattr(_state, "current", None)
    if current is not None:
        _state.current = None
        _records.append({"game": current[0], "table": current[1], "errors": [e.to_dict() for e in self.errors]})


core.seating, core.build_result = seating, build_result
core.ValidationError.__init__ = error_init  # type: ignore[method-assign]


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    out = os.environ.get("SCHEMA_AUDIT_OUT")
    if out:
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(_records, handle)  # ASCII: a lone surrogate in a table is written as its escape
