"""Contract paths: the one way every part of Scorepad names a place in a player's table.

A path is written as the contract writes it, relative to the player: ``home[1][2].pot``,
``plants[2].growth``, ``decorations.plant_stand``, ``display[3].plant.leaves``, ``garden[4][7]``.
Form fields are named by it, saves set values at it, errors and explanation lines point at it,
and two phones' saves are merged by it.

>>> parse("home[1][2].pot")
('home', 1, 2, 'pot')
>>> format(("plants", 2, "growth"))
'plants[2].growth'
>>> state = {"plants": [{"name": "ZZ Plant", "growth": 1}]}
>>> get(state, parse("plants[0].growth"))
1
>>> set_(state, parse("plants[0].growth"), 3)
{'plants': [{'name': 'ZZ Plant', 'growth': 3}]}
>>> state["plants"][0]["growth"]  # set_ copies: the original is untouched
1
>>> sorted(format(p) for p in diff({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1, 3], "c": 0}))
['a', 'b[1]', 'c']
>>> overlaps(parse("home[1]"), parse("home[1][2].pot")), overlaps(parse("home[1]"), parse("home[2]"))
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

Part = str | int
Path = tuple[Part, ...]

#: The value of a path that is not there (a key missing from an object, an index past a list).
MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING", "__bool__": lambda self: False})()

_TOKEN = re.compile(r"\[(\d{1,6})\]|\.?([A-Za-z_][A-Za-z0-9_]{0,63})")


class PathError(ValueError):
    """A path that is not written in the contract's notation."""


def parse(text: str) -> Path:
    """``"home[1][2].pot"`` -> ``("home", 1, 2, "pot")``; PathError if it is not a path.

    >>> parse("propagation"), parse("")
    (('propagation',), ())
    >>> parse("home[x]")
    Traceback (most recent call last):
    ...
    scoring.paths.PathError: "home[x]" is not a path like plants[2].growth
    """
    if not isinstance(text, str) or len(text) > 200:
        raise PathError(f"{_show(text)} is not a path like plants[2].growth")
    parts: list[Part] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or (match.group(2) is not None and text[pos] == "." and pos == 0):
            raise PathError(f"{_show(text)} is not a path like plants[2].growth")
        if match.group(1) is not None:
            parts.append(int(match.group(1)))
        else:
            if parts and text[pos] != ".":
                raise PathError(f"{_show(text)} is not a path like plants[2].growth")
            parts.append(match.group(2))
        pos = match.end()
    return tuple(parts)


def try_parse(text: Any) -> Path | None:
    """:func:`parse`, or None for what is not a path (a form field of another name, a path typed by hand).

    >>> try_parse("plants[2].growth"), try_parse("home[x]"), try_parse("")
    (('plants', 2, 'growth'), None, ())
    """
    try:
        return parse(text)
    except PathError:
        return None


def format(parts: Iterable[Part], prefix: str = "") -> str:  # noqa: A001 (the module's own name for it)
    """``("home", 1, 2, "pot")`` -> ``"home[1][2].pot"`` (after ``prefix``, itself a path).

    >>> format(("pot",), "home[0][1]"), format(())
    ('home[0][1].pot', '')
    """
    out = prefix
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out = f"{out}.{part}" if out else str(part)
    return out


def field_id(path: str) -> str:
    """An HTML id for the field of a contract path: ``plants[2].growth`` -> ``f-plants-2-growth``
    (a filter of the templates: forms name their fields by contract path).

    >>> field_id("home[1][2].pot")
    'f-home-1-2-pot'
    """
    return "f-" + re.sub(r"[^A-Za-z0-9_]+", "-", path).strip("-")


def join(prefix: str, *parts: Part) -> str:
    """A path below ``prefix``: ``join("plants[2]", "growth")`` -> ``"plants[2].growth"``."""
    return format(parts, prefix)


def get(value: Any, parts: Iterable[Part]) -> Any:
    """The value at ``parts`` inside ``value``, or :data:`MISSING`."""
    for part in parts:
        if isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
            continue
        if not (isinstance(value, dict) and isinstance(part, str) and part in value):
            return MISSING
        value = value[part]
    return value


def set_(value: Any, parts: Path, new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``parts`` (``MISSING`` removes a key).  Objects on the
    way are created; a list grows by ``None`` up to the index.  Only the containers on the path
    are copied."""
    if not parts:
        return new
    head, rest = parts[0], parts[1:]
    if isinstance(head, int):
        items = list(value) if isinstance(value, list) else []
        while len(items) <= head:
            items.append(None)
        items[head] = set_(items[head], rest, new)
        return items
    data = dict(value) if isinstance(value, dict) else {}
    inner = set_(data.get(head), rest, new)
    if inner is MISSING:
        data.pop(head, None)
    else:
        data[head] = inner
    return data


def overlaps(a: Path, b: Path) -> bool:
    """One path is the other or lies inside it: a change at one can change the other."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def under(path: Path, prefix: Path) -> bool:
    """``path`` is ``prefix`` or lies inside it."""
    return path[: len(prefix)] == prefix


def diff(old: Any, new: Any, at: Path = ()) -> Iterator[Path]:
    """The paths where ``new`` differs from ``old``, as deep as both sides are objects or lists
    of the same length (a list that grew or shrank differs as a whole)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            yield from diff(old.get(key, MISSING), new.get(key, MISSING), (*at, key))
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new)):
            yield from diff(a, b, (*at, index))
    elif old != new or type(old) is not type(new):
        yield at


def leaves(value: Any, at: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) at the bottom of ``value``; empty containers count as values."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from leaves(item, (*at, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from leaves(item, (*at, index))
    else:
        yield at, value


def _show(value: Any) -> str:
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + '..."'
