"""The shape of each game's input, declared once and used everywhere.

A game declares its player's table and its options with these nodes.  The same declaration
(1) refuses keys the game does not know, at every level, naming the nearest known key;
(2) is published as a JSON Schema (``GET /api/schema/GAME``, ``docs/api/``);
(3) tells the web layer which contract paths exist, what type each holds and its limits (a form
field named ``plants[2].growth`` is read as a whole number because the schema says so; a PATCH of
a path the schema does not have is refused).

>>> player = Obj({"propagation": Int(0, 40, "growth tokens on the propagation jars"),
...               "plants": Arr(Obj({"name": Text(60), "growth": Int(0, 9)}), max_items=6)})
>>> unknown_keys(player, {"propogation": 5, "plants": [{"name": "ZZ Plant", "grwoth": 3}]},
...     "players[0]")  # doctest: +NORMALIZE_WHITESPACE
[FieldError(path='players[0].propogation', message='is not a field here: did you mean "propagation"?'),
FieldError(path='players[0].plants[0].grwoth', message='is not a field here: did you mean "growth"?')]
>>> player.at(("plants", 5, "growth")).maximum, player.at(("plants", 6, "growth"))
(9, None)
>>> player.at(("plants", 0, "growth")).from_form(" 3 "), player.at(("plants", 0, "growth")).from_form("3x")
(3, '3x')
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .core import FieldError, join

JSONSchema = dict[str, Any]

_DIGITS = re.compile(r"\s*[-+]?[0-9]{1,9}\s*", re.ASCII)


class Node:
    """One place in a table: what it holds and what is allowed there."""

    description = ""

    def at(self, parts: Sequence[str | int]) -> Node | None:
        """The node at a path below this one, or None if the game has no such place."""
        node: Node | None = self
        for part in parts:
            node = node.child(part) if node is not None else None
        return node

    def child(self, part: str | int) -> Node | None:
        return None

    def json_schema(self) -> JSONSchema:
        raise NotImplementedError

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        """Record the keys of ``value`` that this node does not know (types are the parser's)."""

    def type_error(self, value: Any) -> str | None:
        """Why ``value`` can never be right here (the wrong JSON type), or None.  Values of the
        right type but out of range are the engine's to judge, next to the field."""
        return None

    def from_form(self, text: str) -> Any:
        """A value typed in a form field, as the state keeps it (as typed when it does not read)."""
        return text

    def _doc(self, schema: JSONSchema) -> JSONSchema:
        if self.description:
            schema["description"] = self.description
        return schema


class Int(Node):
    """A whole number from ``minimum`` to ``maximum`` (digits typed in a form are read as one)."""

    def __init__(
        self,
        minimum: int | None = 0,
        maximum: int | None = None,
        description: str = "",
        *,
        nullable: bool = True,
        blank: int | None = None,
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.description = description
        self.nullable = nullable
        self.blank = blank

    def json_schema(self) -> JSONSchema:
        schema: JSONSchema = {"type": ["integer", "null"] if self.nullable else "integer"}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        return self._doc(schema)

    def type_error(self, value: Any) -> str | None:
        if value is None and self.nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return (
                "must be a whole number"
                + (f" from {self.minimum}" if self.minimum is not None else "")
                + (f" to {self.maximum}" if self.maximum is not None else "")
            )
        return None

    def from_form(self, text: str) -> Any:
        text = text if isinstance(text, str) else str(text)
        if text.strip() == "":
            return self.blank
        if _DIGITS.fullmatch(text):
            return int(text)
        return text


class Text(Node):
    """A piece of text of at most ``max_length`` characters (a name, a card typed by hand)."""

    def __init__(
        self,
        max_length: int = 60,
        description: str = "",
        *,
        nullable: bool = True,
        min_length: int = 0,
        pattern: str | None = None,
        enum: Sequence[str] = (),
    ) -> None:
        self.max_length = max_length
        self.description = description
        self.nullable = nullable
        self.min_length = min_length
        self.pattern = pattern  # a JSON Schema pattern (documentation: the engine says why)
        # the names as printed (a catalog's): the JSON Schema's closed set; the parser also reads
        # them in any case and spacing, which the game's docs list as accepted beyond the schema
        self.enum = tuple(enum)

    def json_schema(self) -> JSONSchema:
        if self.enum:
            return self._doc({"enum": list(self.enum) + ([None] if self.nullable else [])})
        schema: JSONSchema = {
            "type": ["string", "null"] if self.nullable else "string",
            "maxLength": self.max_length,
        }
        if self.min_length:
            schema["minLength"] = self.min_length
        if self.pattern:
            schema["pattern"] = self.pattern
        return self._doc(schema)

    def type_error(self, value: Any) -> str | None:
        if value is None and self.nullable:
            return None
        if not isinstance(value, str):
            return "must be text"
        if len(value) > self.max_length:
            return f"is too long: at most {self.max_length} characters"
        return None

    def from_form(self, text: str) -> Any:
        return text.strip() if isinstance(text, str) else text


class Bool(Node):
    """Yes or no."""

    def __init__(self, description: str = "") -> None:
        self.description = description

    def json_schema(self) -> JSONSchema:
        return self._doc({"type": "boolean"})

    def type_error(self, value: Any) -> str | None:
        return None if isinstance(value, bool) or value is None else "must be true or false"

    def from_form(self, text: str) -> Any:
        return str(text).strip().lower() in ("on", "true", "1", "yes", "y")


class Choice(Node):
    """One of a fixed set of words (compared case-insensitively by the parsers)."""

    def __init__(self, choices: Sequence[str], description: str = "", *, nullable: bool = True) -> None:
        self.choices = tuple(choices)
        self.description = description
        self.nullable = nullable

    def json_schema(self) -> JSONSchema:
        options: list[Any] = list(self.choices) + ([None] if self.nullable else [])
        return self._doc({"enum": options})

    def type_error(self, value: Any) -> str | None:
        if value is None and self.nullable:
            return None
        return None if isinstance(value, str) else "must be one of " + ", ".join(self.choices)

    def from_form(self, text: str) -> Any:
        text = text.strip() if isinstance(text, str) else text
        return text or None


class Obj(Node):
    """An object with known fields.  ``other``: the node of keys not listed (a mapping such as
    card name -> count), whose names ``other_names`` may list for suggestions."""

    def __init__(
        self,
        fields: Mapping[str, Node],
        description: str = "",
        *,
        required: Sequence[str] = (),
        other: Node | None = None,
        other_names: Sequence[str] = (),
        nullable: bool = False,
        closed: bool = False,
        rules: Sequence[JSONSchema] = (),
    ) -> None:
        self.fields = dict(fields)
        self.required = tuple(required)
        self.other = other
        self.description = description
        self.other_names = tuple(other_names)
        self.nullable = nullable
        # ``closed``: the JSON Schema takes only the listed keys, though the parser also reads
        # ``other`` keys (a card written by its printed name: accepted beyond the schema)
        self.closed = closed
        # ``rules``: JSON Schema conditions across fields (``allOf``), for the published schema
        # only (Verdant's home of 3 rows of 5 unless modification 6)
        self.rules = tuple(rules)

    def child(self, part: str | int) -> Node | None:
        if not isinstance(part, str):
            return None
        if part in self.fields:
            return self.fields[part]
        return self.other

    def json_schema(self) -> JSONSchema:
        schema: JSONSchema = {
            "type": ["object", "null"] if self.nullable else "object",
            "properties": {k: v.json_schema() for k, v in self.fields.items()},
            "additionalProperties": self.other.json_schema()
            if self.other is not None and not self.closed
            else False,
        }
        if self.required:
            schema["required"] = list(self.required)
        if self.rules:
            schema["allOf"] = list(self.rules)
        return self._doc(schema)

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        if not isinstance(value, dict):
            return
        for key, item in value.items():
            where = join(path, str(key))
            node = self.child(str(key)) if isinstance(key, str) else None
            if node is None:
                out.append(FieldError(where, _unknown(str(key), list(self.fields) + list(self.other_names))))
            else:
                node.walk(item, where, out)

    def type_error(self, value: Any) -> str | None:
        if value is None and self.nullable:
            return None
        return None if isinstance(value, dict) else "must be an object"

    def with_fields(self, *, also_required: Sequence[str] = (), **more: Node) -> Obj:
        """This object with more fields (e.g. the player's ``name`` on the table level)."""
        return Obj(
            {**self.fields, **more},
            self.description,
            required=self.required + tuple(k for k in also_required if k not in self.required),
            other=self.other,
            other_names=self.other_names,
            nullable=self.nullable,
            closed=self.closed,
            rules=self.rules,
        )


class Arr(Node):
    """A list of ``items``, at most ``max_items`` long."""

    def __init__(
        self, items: Node, max_items: int | None = None, description: str = "", *, min_items: int = 0
    ) -> None:
        self.items = items
        self.max_items = max_items
        self.description = description
        self.min_items = min_items

    def child(self, part: str | int) -> Node | None:
        if not isinstance(part, int) or part < 0 or (self.max_items is not None and part >= self.max_items):
            return None
        return self.items

    def json_schema(self) -> JSONSchema:
        schema: JSONSchema = {"type": "array", "items": self.items.json_schema()}
        if self.max_items is not None:
            schema["maxItems"] = self.max_items
        if self.min_items:
            schema["minItems"] = self.min_items
        return self._doc(schema)

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        if isinstance(value, list):
            for index, item in enumerate(value):
                self.items.walk(item, f"{path}[{index}]", out)

    def type_error(self, value: Any) -> str | None:
        if not isinstance(value, list):
            return "must be a list"
        if self.max_items is not None and len(value) > self.max_items:
            return f"has {len(value)} entries: at most {self.max_items}"
        return None


class OneOf(Node):
    """One of several shapes.  ``pick(value)`` says which one a value means (e.g. by its
    ``kind``); unknown keys are judged against that shape, or against all the shapes' keys
    together when the value does not say yet."""

    def __init__(
        self, *options: Node, pick: Callable[[Any], Node | None] | None = None, description: str = ""
    ) -> None:
        self.options = tuple(options)
        self.pick = pick
        self.description = description

    def _merged(self) -> Obj | None:
        objects = [o for o in self.options if isinstance(o, Obj)]
        if not objects:
            return None
        fields: dict[str, Node] = {}
        for o in objects:
            for key, node in o.fields.items():
                fields.setdefault(key, node)
        return Obj(fields)

    def child(self, part: str | int) -> Node | None:
        if isinstance(part, int):
            for option in self.options:
                found = option.child(part)
                if found is not None:
                    return found
            return None
        merged = self._merged()
        return merged.child(part) if merged is not None else None

    def json_schema(self) -> JSONSchema:
        return self._doc({"anyOf": [o.json_schema() for o in self.options]})

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        chosen = self.pick(value) if self.pick is not None else None
        node = chosen if chosen is not None else self._merged()
        if node is not None:
            node.walk(value, path, out)
        elif isinstance(value, list):
            for option in self.options:
                if option.type_error(value) is None:
                    option.walk(value, path, out)
                    return

    def type_error(self, value: Any) -> str | None:
        reasons = [o.type_error(value) for o in self.options]
        return (
            None
            if any(r is None for r in reasons)
            else next((r for r in reasons if r), "is not allowed here")
        )


def _unknown(key: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6) or difflib.get_close_matches(
        key.lower(), [k.lower() for k in known], n=1, cutoff=0.6
    )
    if close:
        match = next((k for k in known if k.lower() == close[0].lower()), close[0])
        return f'is not a field here: did you mean "{match}"?'
    shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
    return f"is not a field here: the fields here are {shown}" if known else "is not a field here"


def unknown_keys(node: Node, value: Any, path: str = "") -> list[FieldError]:
    """Every key in ``value`` (at any depth) that ``node`` does not know, with the nearest known
    key when one is close."""
    out: list[FieldError] = []
    node.walk(value, path, out)
    return out


#: a player's name: 1 to 60 characters, not only spaces (the engine also refuses control, invisible
#: and bidirectional characters and names equal after NFC: scoring/text.py)
PLAYER_NAME = Text(60, "the player's name", nullable=False, min_length=1, pattern=r"\S")


def table_schema(
    player: Obj, options: Obj, *, max_players: int, title: str = "", rules: Sequence[JSONSchema] = ()
) -> Obj:
    """The whole table of a game: its options, its players (each one's board and name) and the
    number of players at the table when fewer boards are sent (``player_count``); ``rules``: JSON
    Schema conditions across the table (see :class:`Obj`)."""
    return Obj(
        {
            "options": options,
            "players": Arr(
                player.with_fields(name=PLAYER_NAME, also_required=("name",)),
                max_players,
                "the players in seat order",
                min_items=1,
            ),
            "player_count": Int(
                1, max_players, "players at the table when only some boards are sent (one board: 1)"
            ),
        },
        title,
        required=("players",),
        rules=rules,
    )


def document(node: Node, title: str) -> JSONSchema:
    """A JSON Schema document (draft 2020-12) for ``node``."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **node.json_schema()}
