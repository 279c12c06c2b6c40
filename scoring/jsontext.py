"""Reading a table sent as JSON text, with an answer for every malformed body instead of a crash.

The command line and the HTTP API both read tables with :func:`load`: bytes that are not UTF-8,
JSON nested thousands of levels deep, integers of thousands of digits, ``NaN`` and ``Infinity``,
strings with a lone surrogate, an object with the same key twice (JSON parsers differ on which
one wins, so neither is guessed) are refused with a :class:`~scoring.core.FieldError` naming what
is wrong (and where, when it is inside the table); a UTF-8 byte order mark, which Windows editors
write, is accepted.

>>> load(b'\\xef\\xbb\\xbf{"players": []}')
({'players': []}, [])
>>> load(b'{"a": NaN}')[1][0].message
'is not valid JSON: NaN is not a number JSON allows'
>>> load(b'[' * 5000 + b']' * 5000)[1][0].message
'is nested too deeply: at most 64 levels'
>>> load(b'{"name": "\\\\ud800"}')[1][0].path
'name'
>>> load(b'{"players": [{"name": "A", "wrens": 1, "wrens": 2}]}')[1][0].to_dict()
{'path': 'players[0].wrens', 'message': 'appears twice in this object: keep one'}
"""

from __future__ import annotations

import json
import math
from typing import Any

from .core import FieldError, join

MAX_DEPTH = 64
MAX_DIGITS = 100  # a whole number of more digits is no count any game has


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits)} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _depth(value: Any) -> int:
    """How deeply ``value`` nests (iteratively: no recursion limit to meet)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


class _Twice(dict):  # type: ignore[type-arg]
    """An object read with a key given more than once (``twice`` names those keys)."""

    twice: list[str]
    dropped: list[tuple[str, Any]]  # the values a later one would have replaced (checked too)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: the object, marked when a key came twice (the last would win)."""
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Twice(out)
    marked.twice, marked.dropped = [], []
    last = {key: i for i, (key, _) in enumerate(pairs)}
    for i, (key, value) in enumerate(pairs):
        if last[key] != i:
            marked.dropped.append((key, value))
            if key not in marked.twice:
                marked.twice.append(key)
    return marked


def duplicate_keys(value: Any, path: str = "") -> list[FieldError]:
    """A :class:`FieldError` for each key given twice in an object of ``value`` (read by
    :func:`loads_keeping_duplicates`), at the key's path, in document order."""
    found: list[FieldError] = []
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for key in getattr(item, "twice", ()):
                found.append(FieldError(join(where, key), "appears twice in this object: keep one"))
            children = [*getattr(item, "dropped", ()), *item.items()]
            stack.extend(reversed([(child, join(where, key)) for key, child in children]))
        elif isinstance(item, list):
            stack.extend(reversed([(child, f"{where}[{i}]") for i, child in enumerate(item)]))
    return found


def loads_keeping_duplicates(text: str, **kwargs: Any) -> Any:
    """``json.loads`` whose objects remember a key given twice, for :func:`duplicate_keys`."""
    return json.loads(text, object_pairs_hook=_pairs, **kwargs)


def _not_text(value: Any, path: str = "") -> str | None:
    """The path of the first string (key or value) that is not text (a lone surrogate), or None."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return where or ""
        elif isinstance(item, dict):
            for key, child in item.items():
                try:
                    key.encode("utf-8")
                except UnicodeEncodeError:
                    return where or ""
                stack.append((child, join(where, key)))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
    return None


def load(data: bytes | str) -> tuple[Any, list[FieldError]]:
    """The JSON value of ``data`` and no errors, or None and the errors that say why not."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, [FieldError("", f"is not UTF-8 text (byte {exc.start + 1} cannot be read)")]
    else:
        text = data.removeprefix("\ufeff")
    # a cheap bound before the parser's own recursion: more brackets than levels allowed in a row
    try:
        value = loads_keeping_duplicates(
            text, parse_constant=_no_constant, parse_float=_float, parse_int=_int
        )
    except RecursionError:
        return None, [FieldError("", f"is nested too deeply: at most {MAX_DEPTH} levels")]
    except json.JSONDecodeError as exc:
        return None, [FieldError("", f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")]
    except ValueError as exc:
        return None, [FieldError("", f"is not valid JSON: {exc}")]
    if _depth(value) > MAX_DEPTH:
        return None, [FieldError("", f"is nested too deeply: at most {MAX_DEPTH} levels")]
    bad = _not_text(value)
    if bad is not None:
        return None, [
            FieldError(bad, "is not text: it holds a lone surrogate (an escape like \\ud800 on its own)")
        ]
    twice = duplicate_keys(value)
    if twice:
        return None, twice
    return value, []
