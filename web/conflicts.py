"""Two phones saved the same seat: list what differs, field by field, so the player can choose."""

from __future__ import annotations

from typing import Any


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """``{"a": [1, {"b": 2}]}`` -> ``{"a[0]": 1, "a[1].b": 2}``; empty containers stay as values.

    >>> flatten({"home": [[None, {"pot": "wood"}]], "green_thumbs": 2})
    {'home[0][0]': None, 'home[0][1].pot': 'wood', 'green_thumbs': 2}
    """
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{path}.{key}" if path else str(key)))
        return out
    if isinstance(value, list) and value:
        out = {}
        for index, item in enumerate(value):
            out.update(flatten(item, f"{path}[{index}]"))
        return out
    return {path: value}


def differences(theirs: dict, mine: dict) -> list[tuple[str, Any, Any]]:
    """The fields whose values differ, in a stable order: (path, theirs, mine); a field missing on
    one side is ``None`` there.

    >>> differences({"a": 1, "b": 2}, {"a": 1, "b": 3, "c": 4})
    [('b', 2, 3), ('c', None, 4)]
    """
    left, right = flatten(theirs), flatten(mine)
    keys = list(left) + [k for k in right if k not in left]
    return [(k, left.get(k), right.get(k)) for k in keys if left.get(k) != right.get(k)]
