"""Size limits on what Scorepad stores: every string of a seat state or of a play's options, the
whole state's size and depth, and the ids in addresses.

The seat-state check is a pure function (:func:`state_problems`) so every save path can call it
before it writes: a state with a problem is refused with the problem named, never stored (the edit
log is append-only, so a 500,000-character plant name saved 40 times would stay for good).

>>> state_problems({"plants": [{"name": "ZZ Plant", "growth": 2}]})
[]
>>> [problem] = state_problems({"plants": [{"name": "x" * 201}]})
>>> problem.path
'plants[0].name'
>>> problem.message
'is too long to save: at most 200 characters (it has 201). Nothing was saved.'

"""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, current_app, request
from werkzeug.routing import IntegerConverter, Map

from scoring.core import FieldError
from scoring.text import name_key, name_problem

NAME_MAX = 60  # a player's name (web/routes/forms.py says the same to the form)
NOTES_MAX = 2000  # a play's notes
TEXT_MAX = 200  # characters in one string of a seat state or options (a card typed by hand, a row)
KEY_MAX = 200  # characters in one key
STATE_MAX = 32 * 1024  # bytes of a seat state as stored (JSON, UTF-8); the largest real board is ~2 KB
DEPTH_MAX = 12  # levels of nesting (a Verdant home is 4: home, row, cell, card)
ID_MAX = 2**63 - 1  # SQLite's largest integer: a larger id in an address is a 404, not an overflow
PROBLEMS_MAX = 5  # problems named at once
IMPORT_PATH = "/settings/import"  # the requests that may carry more than MAX_CONTENT_LENGTH: this one,
IMPORT_PATHS = (IMPORT_PATH, "/settings/bgstats")  # and the BG Stats import's upload (web/data/bgstats.py)


def _path(parent: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{parent}[{part}]"
    if part.isidentifier():
        return f"{parent}.{part}" if parent else part
    return f"{parent}[{json.dumps(part, ensure_ascii=False)}]"


def _walk(value: Any, path: str, depth: int, out: list[FieldError]) -> None:
    if len(out) >= PROBLEMS_MAX:
        return
    if depth > DEPTH_MAX:
        out.append(
            FieldError(path, f"is nested too deeply to save: at most {DEPTH_MAX} levels. Nothing was saved.")
        )
        return
    if isinstance(value, str):
        if len(value) > TEXT_MAX:
            out.append(
                FieldError(
                    path,
                    f"is too long to save: at most {TEXT_MAX} characters "
                    f"(it has {len(value):,}). Nothing was saved.",
                )
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            key = str(key)
            if len(key) > KEY_MAX:
                out.append(
                    FieldError(
                        path, f"has a key of {len(key):,} characters: at most {KEY_MAX}. Nothing was saved."
                    )
                )
                continue
            _walk(item, _path(path, key), depth + 1, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, _path(path, index), depth + 1, out)


def state_problems(state: Any, what: str = "This seat's entry") -> list[FieldError]:
    """Why ``state`` (a seat state, or a play's options) cannot be stored: strings longer than
    ``TEXT_MAX``, nesting deeper than ``DEPTH_MAX``, more than ``STATE_MAX`` bytes in all.  Paths
    are contract paths relative to the state ("" for the whole of it); empty when it may be stored.

    >>> state_problems({"notes": [[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]})[0].message
    'is nested too deeply to save: at most 12 levels. Nothing was saved.'
    >>> state_problems({"rows": ["a" * 150] * 300})[0].message
    "This seat's entry is too large to save (44 KB; at most 32 KB). Nothing was saved."
    """
    out: list[FieldError] = []
    _walk(state, "", 0, out)
    if out:
        return out
    try:
        size = len(json.dumps(state, ensure_ascii=False, separators=(",", ":")).encode())
    except (TypeError, ValueError, RecursionError):
        return [FieldError("", f"{what} cannot be stored as JSON. Nothing was saved.")]
    if size > STATE_MAX:
        return [
            FieldError(
                "",
                f"{what} is too large to save ({size // 1024} KB; at most {STATE_MAX // 1024} KB). "
                "Nothing was saved.",
            )
        ]
    return []


def options_problems(options: Any) -> list[FieldError]:
    """:func:`state_problems` for a play's options."""
    return state_problems(options, "The play's options")


class TooLarge(Exception):
    """Raised by a store function asked to write a state with :func:`state_problems`: the app
    answers 422 with the problems (``web/server/errors.py``).  Views check first and answer in place."""

    def __init__(self, problems: list[FieldError]):
        self.problems = problems
        super().__init__("; ".join(f"{p.path or 'entry'} {p.message}" for p in problems))


def check_text(path: str, text: Any, maximum: int) -> None:
    """Raise :class:`TooLarge` when ``text`` has more than ``maximum`` characters."""
    if isinstance(text, str) and len(text.strip()) > maximum:
        raise TooLarge(
            [
                FieldError(
                    path,
                    f"is too long to save: at most {maximum:,} characters "
                    f"(it has {len(text.strip()):,}). Nothing was saved.",
                )
            ]
        )


def check_name(path: str, name: Any) -> None:
    """Raise :class:`TooLarge` when ``name`` may not be a player's name: too long, or holding a
    control, invisible or bidirectional character (scoring/text.py)."""
    check_text(path, name, NAME_MAX)
    problem = name_problem(name) if isinstance(name, str) else None
    if problem:
        raise TooLarge([FieldError(path, f"{problem}. Nothing was saved.")])


def same_name(name: str, rows: Any) -> Any:
    """The first of ``rows`` (with a ``name``) whose name is ``name`` after NFC, in any case, or None.

    >>> same_name("\u00c9mile", [{"name": "Ann"}, {"name": "e\u0301mile"}])
    {'name': 'e\u0301mile'}
    """
    key = name_key(name)
    return next((row for row in rows if name_key(row["name"]) == key), None)


def check(state: Any, what: str = "This seat's entry") -> None:
    """Raise :class:`TooLarge` when ``state`` may not be stored."""
    problems = state_problems(state, what)
    if problems:
        raise TooLarge(problems)


class IdConverter(IntegerConverter):
    """``<int:...>`` in every route: at most SQLite's largest integer, so ``/plays/9223372036854775808``
    is a 404 instead of an overflow."""

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:  # noqa: A002 (werkzeug's name)
        kwargs.setdefault("max", ID_MAX)
        super().__init__(map, *args, **kwargs)


def query_int(text: str | None, default: int | None = None) -> int | None:
    """A whole number from a query string (``?page=3``): None when it does not read as one or is
    out of SQLite's range (the caller answers 404 or ignores it).

    >>> query_int("3"), query_int(""), query_int("x"), query_int("99999999999999999999"), query_int("²")
    (3, None, None, None, None)
    """
    if text is None or not text.strip():
        return default
    text = text.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 19:
        return None
    value = int(text)
    return value if -ID_MAX <= value <= ID_MAX else None


def _import_body_limit() -> None:
    """The Settings page's import upload may be larger than other requests (an export of years of
    plays): set before anything reads the body (the CSRF check does)."""
    if request.method == "POST" and request.path in IMPORT_PATHS:
        request.max_content_length = int(
            current_app.config.get("IMPORT_MAX_BYTES") or current_app.config["MAX_CONTENT_LENGTH"]
        )


def overflows(text: str | None) -> bool:
    """Whether ``text`` is a whole number too large for SQLite (an address out of range: 404).

    >>> overflows("99999999999999999999"), overflows("12"), overflows("abc"), overflows(None)
    (True, False, False, False)
    """
    if not text:
        return False
    digits = text.strip().lstrip("+-")
    return digits.isascii() and digits.isdigit() and query_int(text) is None


def init_app(app: Flask) -> None:
    """Before any route is registered: ids in addresses stay within SQLite's range.  First
    before-request hook: the import upload's body limit."""
    app.url_map.converters["int"] = IdConverter
    app.before_request(_import_body_limit)
