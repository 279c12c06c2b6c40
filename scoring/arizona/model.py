"""Verdant Arizona's state model, its contract (schema) and the parser that turns a JSON table
into the model.

A player's display is a 4 x 4 grid of cactus cards; each card is entered by its printed number,
its colour (a free name such as "yellow", compared by :func:`color_key`) and whether it shows a
gecko.  :func:`parse_table` checks everything at once and raises
:class:`~scoring.core.ValidationError` listing every problem with its path.

The schema nodes below (:data:`PLAYER_SCHEMA`, :data:`OPTIONS_SCHEMA`) are declared from the same
constants the parser checks, so the published JSON Schema and the parser agree on every bound.
The schema describes the JSON a program sends (numbers, booleans); the parser also reads what an
HTML form sends for the same fields (``"7"``, ``"on"``), the same way in every field.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .. import paths
from ..core import Errors, Seating, get_choice, join, options_of, seating
from ..schema import Arr, Bool, Choice, Int, JSONSchema, Node, Obj, OneOf, Text, table_schema, unknown_keys
from ..text import fold_word

CATALOG: dict[str, Any] = json.loads((Path(__file__).parent / "catalog.json").read_text(encoding="utf-8"))

TITLE = "Verdant Arizona"
SIZE: int = CATALOG["display"]["rows"]
NUMBER_MIN: int = CATALOG["card_number"]["min"]
NUMBER_MAX: int = CATALOG["card_number"]["max"]
DECK_CARDS: int = CATALOG["components"]["cactus_cards"]
WREN_TOKENS: int = CATALOG["components"]["cactus_wren_tokens"]
COLOR_MAX_LENGTH: int = CATALOG["color_name_max_length"]
VERA_MAX: int = CATALOG["vera_score_max"]
MAX_PLAYERS = 2

#: ``options.color_lines``: which single-colour lines earn the advanced colour point.
EVERY_LINE = "every"  # the project's reading (READINGS.md): in order or not
IN_ORDER_ONLY = "in_order"  # the other reading: only lines that also score for their order
COLOR_LINE_READINGS = (EVERY_LINE, IN_ORDER_ONLY)

CARD_SHAPE = '{"number": 17, "color": "yellow", "gecko": true}'

# ------------------------------------------------------------------------------ colours


@lru_cache(maxsize=4096)
def color_label(color: str) -> str:
    """The colour as the player typed it: Unicode NFC, trimmed, with single spaces.  NFC makes a
    name typed on a keyboard that composes accents ("rosé" as one character) and one that does
    not ("rose" + a combining accent) the same text.

    >>> color_label("  Light  Pink ")
    'Light Pink'
    >>> color_label("rose\\u0301") == "ros\\u00e9"
    True
    """
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", color).strip())


@lru_cache(maxsize=4096)
def color_key(color: str) -> str:
    """The colour key: two cards have the same colour when their keys are equal.  Colours are
    free names compared case-insensitively, trimmed, spaces collapsed, Unicode-normalised.  The
    one definition: the parser, the learned deck and the entry screen all use it.

    >>> color_key("  Light  Pink ") == color_key("light pink")
    True
    >>> color_key("Ros\\u00e9") == color_key("rose\\u0301")
    True

    Compared after NFKC with invisible characters removed (:func:`scoring.text.fold_word`): a
    full-width "ｐｉｎｋ" and "Pink" followed by a zero-width space are pink.

    >>> color_key("\\uff30\\uff49\\uff4e\\uff4b") == color_key("Pink\\u200b") == color_key("pink")
    True
    """
    folded = re.sub(r"\s+", " ", fold_word(color_label(color))).strip()
    return unicodedata.normalize("NFC", folded.casefold())


# ------------------------------------------------------------------------------ the model


@dataclass(frozen=True)
class Card:
    number: int
    color: str  # as entered: NFC, trimmed, single spaces
    gecko: bool = False

    @property
    def color_key(self) -> str:
        return color_key(self.color)


def card_path(r: int, c: int) -> str:
    """The contract path of a card, relative to the player: ``grid[1][2]``."""
    return f"grid[{r}][{c}]"


def card_at(path: str) -> tuple[int, int] | None:
    """The (row, column) of the card a path relative to the player is about (``grid[1][2]`` or a
    field of it such as ``grid[1][2].color``), or None.

    >>> card_at("grid[1][2].color"), card_at("grid[3][3]"), card_at("grid[4][0]"), card_at("wrens")
    ((1, 2), (3, 3), None, None)
    """
    try:
        parts = paths.parse(path)
    except paths.PathError:
        return None
    if len(parts) < 3 or parts[0] != "grid" or PLAYER_SCHEMA.at(parts) is None:
        return None
    r, c = parts[1], parts[2]
    return (r, c) if isinstance(r, int) and isinstance(c, int) else None


@dataclass(frozen=True)
class Line:
    """A row (read left to right), a column (read top to bottom) or a quadrant of a display.
    ``cards`` holds None where no card has been entered yet (only while a board is typed)."""

    label: str  # "Row 2", "Column 3", "Top-left quadrant"
    cells: tuple[tuple[int, int], ...]
    cards: tuple[Card | None, ...]

    @cached_property
    def complete(self) -> bool:
        return all(card is not None for card in self.cards)

    @cached_property
    def entered(self) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card is not None)

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        return tuple(card.number for card in self.entered)

    @cached_property
    def order(self) -> str | None:
        """"ascending" or "descending" for a complete line whose numbers strictly rise or
        fall, else None."""
        return order(self.numbers) if self.complete else None

    @cached_property
    def paths(self) -> tuple[str, ...]:
        return tuple(card_path(r, c) for r, c in self.cells)


def order(numbers: tuple[int, ...] | list[int]) -> str | None:
    """"ascending" or "descending" when the numbers strictly rise or fall, else None.

    >>> order([2, 7, 33, 34]), order([34, 33, 7, 2]), order([7, 2, 33, 34])
    ('ascending', 'descending', None)
    """
    pairs = list(zip(numbers, numbers[1:]))
    if all(a < b for a, b in pairs):
        return "ascending"
    if all(a > b for a, b in pairs):
        return "descending"
    return None


#: The four 2 x 2 corner blocks (READINGS.md): label, top row, left column.
QUADRANTS: tuple[tuple[str, int, int], ...] = (
    ("Top-left quadrant", 0, 0),
    ("Top-right quadrant", 0, SIZE // 2),
    ("Bottom-left quadrant", SIZE // 2, 0),
    ("Bottom-right quadrant", SIZE // 2, SIZE // 2),
)


@dataclass(frozen=True)
class Display:
    """A player's 4 x 4 display.  A scored display is complete; the entry screen's preview also
    builds displays with empty cells (None)."""

    grid: tuple[tuple[Card | None, ...], ...]

    def _line(self, label: str, cells: list[tuple[int, int]]) -> Line:
        return Line(label, tuple(cells), tuple(self.grid[r][c] for r, c in cells))

    def rows(self) -> list[Line]:
        return [self._line(f"Row {r + 1}", [(r, c) for c in range(SIZE)]) for r in range(SIZE)]

    def columns(self) -> list[Line]:
        return [self._line(f"Column {c + 1}", [(r, c) for r in range(SIZE)]) for c in range(SIZE)]

    def lines(self) -> list[Line]:
        """The 8 scoring lines: rows 1-4, then columns 1-4."""
        return list(self._lines)

    def quadrants(self) -> list[Line]:
        return list(self._quadrants)

    @cached_property
    def _lines(self) -> tuple[Line, ...]:
        return tuple(self.rows() + self.columns())

    @cached_property
    def _quadrants(self) -> tuple[Line, ...]:
        half = SIZE // 2
        return tuple(
            self._line(label, [(top + r, left + c) for r in range(half) for c in range(half)])
            for label, top, left in QUADRANTS
        )

    def cards(self) -> list[tuple[int, int, Card]]:
        """Every entered card with its row and column, in reading order."""
        return [
            (r, c, card) for r, row in enumerate(self.grid) for c, card in enumerate(row) if card is not None
        ]

    @property
    def complete(self) -> bool:
        return all(card is not None for row in self.grid for card in row)


@dataclass(frozen=True)
class Player:
    name: str
    wrens: int
    display: Display


@dataclass(frozen=True)
class Rules:
    """The options that change a score."""

    advanced: bool = False
    color_lines: str = EVERY_LINE


@dataclass(frozen=True)
class Table:
    players: tuple[Player, ...]
    rules: Rules
    vera_score: int | None  # set only in the solo game
    seating: Seating

    @property
    def advanced(self) -> bool:
        return self.rules.advanced

    @property
    def player_count(self) -> int:
        return self.seating.count

    @property
    def solo(self) -> bool:
        return self.vera_score is not None

    @property
    def one_board(self) -> bool:
        """A single board scored on its own (not the solo game): no winner."""
        return self.seating.one_board and not self.solo


# ------------------------------------------------------------------------------ the contract


class YesNo(Bool):
    """A yes/no field as the parser reads it: JSON true/false (null or missing: no), and, as
    numbers are read by value everywhere, 1 and 0 (also 1.0 and 0.0).  A form's text ("on",
    "yes", "1", ...) is read as well, like the digits of a number field."""

    def json_schema(self) -> JSONSchema:
        return self._doc({"anyOf": [{"type": ["boolean", "null"]}, {"enum": [0, 1]}]})

    def type_error(self, value: Any) -> str | None:
        return None if yes_no(Errors(), value, "", "") is not None else "must be true or false"

    def from_form(self, text: str) -> Any:
        """A form's text as the state keeps it: a yes/no word becomes true or false; anything
        else stays as typed, for the parser to name (``"on"`` -> True, ``""`` -> False)."""
        value = yes_no(Errors(), text, "", "")
        return text if value is None else value


CARD_SCHEMA = Obj(
    {
        "number": Int(
            NUMBER_MIN, NUMBER_MAX, "the number printed on the card; each number once on the table"
        ),
        "color": Text(
            COLOR_MAX_LENGTH, 'the card\'s colour, a name such as "yellow" (compared by its colour key)'
        ),
        "gecko": YesNo("whether the card shows a gecko (missing: no)"),
    },
    "one cactus card",
)
PLAYER_SCHEMA = Obj(
    {
        "wrens": Int(0, WREN_TOKENS, f"cactus wren tokens held (the game has {WREN_TOKENS}; missing: 0)"),
        "grid": Arr(
            Arr(CARD_SCHEMA, SIZE, f"a row of {SIZE} cards, left to right", min_items=SIZE),
            SIZE,
            f"the display: {SIZE} rows of {SIZE} cards, top to bottom",
            min_items=SIZE,
        ),
    },
    "a player's display and wrens",
    required=("grid",),  # the engine: "grid is missing"
)


class NoSolo(Node):
    """``false``: the same as null for ``options.solo`` (no solo game)."""

    description = "false: no solo game (the same as null)"

    def json_schema(self) -> JSONSchema:
        return self._doc({"const": False})

    def type_error(self, value: Any) -> str | None:
        return None if value is False else "must be false"


SOLO_SCHEMA = Obj(
    {"vera_score": Int(0, VERA_MAX, "Vera's final score from her reference card")},
    'the solo game against Vera: {"vera_score": N}; null (or false) for a two-player game or one board on '
    'its own',
    nullable=True,
)
OPTIONS_SCHEMA = Obj(
    {
        "advanced": YesNo("advanced scoring: 1 point per single-colour row and column"),
        "solo": OneOf(SOLO_SCHEMA, NoSolo(), pick=lambda v: SOLO_SCHEMA, description=SOLO_SCHEMA.description),
        "color_lines": Choice(
            COLOR_LINE_READINGS,
            'advanced scoring\'s colour point: "every" single-colour line (in order or not, the default) '
            'or only lines "in_order"',
        ),
    },
    "the game's options",
)
TABLE_SCHEMA = table_schema(PLAYER_SCHEMA, OPTIONS_SCHEMA, max_players=MAX_PLAYERS, title=TITLE)


# ------------------------------------------------------------------------------ parsing

_DIGITS = re.compile(r"\s*-?[0-9]{1,9}\s*", re.ASCII)
_YES = frozenset({"1", "true", "on", "yes"})
_NO = frozenset({"0", "false", "off", "no", ""})


def whole(errors: Errors, value: Any, where: str, lo: int, hi: int, rule: str) -> int | None:
    """A whole number from lo to hi, or an error ``rule`` at ``where``.  A number is read by its
    value (7 and 7.0 are 7); a form's text of ASCII digits is read too ("٣" and "²" are not
    digits here, in any field).

    >>> e = Errors(); whole(e, "7", "n", 0, 9, "must be 0 to 9"), whole(e, 1.5, "m", 0, 9, "must be 0 to 9")
    (7, None)
    >>> whole(e, "\\u0663", "k", 0, 9, "must be 0 to 9"), [i.path for i in e.items]
    (None, ['m', 'k'])
    """
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif (
        isinstance(value, float) and value.is_integer() or isinstance(value, str) and _DIGITS.fullmatch(value)
    ):
        number = int(value)
    if number is None or not lo <= number <= hi:
        errors.add(where, rule)
        return None
    return number


def yes_no(errors: Errors, value: Any, where: str, rule: str) -> bool | None:
    """A yes/no value read the same way in every field: true/false, null (no), the numbers 1 and
    0 by value (1.0 too), or a form's word (on/off, yes/no, true/false, 1/0, blank).  None after
    recording ``rule`` at ``where``.

    >>> e = Errors(); [yes_no(e, v, "g", "yes or no") for v in (True, 1, 1.0, " Yes ", None, "0", 2, "maybe")]
    [True, True, True, True, False, False, None, None]
    """
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _YES:
            return True
        if text in _NO:
            return False
    errors.add(where, rule)
    return None


def _encodable(text: str) -> bool:
    """Whether ``text`` is real Unicode text (no lone surrogate, which JSON can carry but UTF-8
    cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def parse_card(errors: Errors, raw: Any, where: str) -> Card | None:
    """One card of a display, or None after recording its problems (a bad gecko is recorded,
    and the card is kept without a gecko)."""
    if not isinstance(raw, dict):
        errors.add(where, f"must be a card: {CARD_SHAPE}")
        return None
    rule = f"a whole number from {NUMBER_MIN} to {NUMBER_MAX} (the number printed on the card)"
    value = raw.get("number")
    if value is None or value == "":
        errors.add(join(where, "number"), "is missing: enter " + rule)
        number = None
    else:
        number = whole(errors, value, join(where, "number"), NUMBER_MIN, NUMBER_MAX, "must be " + rule)
    color = raw.get("color")
    if color is None or (isinstance(color, str) and not color.strip()):
        errors.add(join(where, "color"), 'is missing: enter the card\'s colour, e.g. "yellow"')
        color = None
    elif not isinstance(color, str):
        errors.add(join(where, "color"), 'must be the name of a colour, e.g. "yellow"')
        color = None
    elif not _encodable(color):
        errors.add(
            join(where, "color"),
            "is not valid text: it holds a character no font can show (a lone surrogate)",
        )
        color = None
    elif len(color_label(color)) > COLOR_MAX_LENGTH:
        errors.add(
            join(where, "color"), f"is too long: a colour name has at most {COLOR_MAX_LENGTH} characters"
        )
        color = None
    gecko = yes_no(
        errors, raw.get("gecko"), join(where, "gecko"), "must be true (the card shows a gecko) or false"
    )
    if number is None or color is None:
        return None
    return Card(number, color_label(color), bool(gecko))


def parse_grid(errors: Errors, raw: Any, where: str) -> Display | None:
    """A complete 4 x 4 display, or None after recording its problems."""
    shape = f"{SIZE} rows of {SIZE} cards"
    if raw is None:
        errors.add(where, f"is missing: enter the display, {shape}")
        return None
    if not isinstance(raw, list):
        errors.add(where, f"must be the display: a list of {shape}")
        return None
    if len(raw) < SIZE:
        errors.add(where, f"has {_plural(len(raw), 'row')}: a finished display has {shape}")
    elif len(raw) > SIZE:
        errors.add(where, f"has {_plural(len(raw), 'row')}: a display is at most {SIZE} cards high ({shape})")
    rows: list[tuple[Card | None, ...]] = []
    complete = len(raw) == SIZE
    for r, row in enumerate(raw[:SIZE]):
        row_where = join(where, r)
        if not isinstance(row, list):
            errors.add(row_where, f"must be a row: a list of {SIZE} cards")
            complete = False
            continue
        if len(row) != SIZE:
            if len(row) > SIZE:
                errors.add(
                    row_where, f"has {_plural(len(row), 'card')}: a display is at most {SIZE} cards wide"
                )
            else:
                errors.add(row_where, f"has {_plural(len(row), 'card')}: a finished row has {SIZE} cards")
            complete = False
        cards = tuple(parse_card(errors, card, join(row_where, c)) for c, card in enumerate(row[:SIZE]))
        if any(card is None for card in cards) or len(cards) != SIZE:
            complete = False
            continue
        rows.append(cards)
    if not complete or len(rows) != SIZE:
        return None
    return Display(tuple(rows))


def lenient_rules(options: Any) -> Rules:
    """The scoring options as far as they read (a bad value counts as the default): for the
    preview of a board whose options are still being fixed."""
    return parse_rules(Errors(), options if isinstance(options, dict) else {})


def parse_rules(errors: Errors, options: dict[str, Any]) -> Rules:
    advanced = yes_no(
        errors,
        options.get("advanced"),
        "options.advanced",
        "must be true (advanced scoring: single-colour lines) or false",
    )
    reading = get_choice(errors, options, "color_lines", "options", COLOR_LINE_READINGS, default=EVERY_LINE)
    return Rules(bool(advanced), reading or EVERY_LINE)


VERA_RULE = f"a whole number from 0 to {VERA_MAX} (Vera's final score from her reference card)"


def read_vera_score(text: str) -> tuple[int | None, str]:
    """Vera's score as typed on a form: (the number, or None when blank or not one; why not, or "").

    >>> (read_vera_score(" 48 "), read_vera_score(" "),
    ...     read_vera_score("²")[1].startswith("must be a whole number"))
    ((48, ''), (None, ''), True)
    """
    typed = text.strip()
    if typed and (not typed.isascii() or not typed.isdigit() or int(typed) > VERA_MAX):
        return None, "must be " + VERA_RULE
    return (int(typed) if typed else None), ""


def parse_solo(errors: Errors, options: dict[str, Any], seat: Seating) -> int | None:
    """Vera's score in the solo game, or None when this is not the solo game."""
    solo = options.get("solo")
    if solo is None or solo is False:
        return None
    if not isinstance(solo, dict):
        errors.add(
            "options.solo",
            'must be null (a two-player game) or {"vera_score": N} for the solo game against Vera',
        )
        return None
    rule = VERA_RULE
    value = solo.get("vera_score")
    vera: int | None = None
    if value is None or value == "":
        errors.add("options.solo.vera_score", "is missing: enter " + rule)
    else:
        vera = whole(errors, value, "options.solo.vera_score", 0, VERA_MAX, "must be " + rule)
    if seat.count > 1:
        errors.add(
            "options.solo",
            f"is for the one-player game against Vera: this game has {seat.count} players "
            "(send one board without player_count for the solo game)",
        )
        return None
    return vera


def parse_seating(errors: Errors, table: Any) -> Seating:
    """Who is at the table (:func:`scoring.core.seating`), with Verdant Arizona's words for a
    player count that cannot be."""
    found = Errors()
    seat = seating(found, table, minimum=1, maximum=MAX_PLAYERS, title=TITLE)
    sent = len(seat.players)
    one_board = "to score one board on its own, send just that board"
    for error in found.items:
        if error.path == "player_count":
            if sent > 1:
                message = (
                    f"must be {MAX_PLAYERS}: the number of players in the game, at least the {sent} boards "
                    "sent "
                    f"and at most {MAX_PLAYERS}; {one_board}"
                )
            else:
                message = (
                    f"must be a whole number from 1 to {MAX_PLAYERS}: the number of players in the game "
                    f"(1: one board on its own or the solo game, {MAX_PLAYERS}: one seat of a two-player "
                    "game)"
                )
            errors.add("player_count", message)
        elif error.path == "players" and sent > MAX_PLAYERS:
            errors.add(
                "players",
                f"{error.message} ({MAX_PLAYERS} players, or 1 for the solo game against Vera); {one_board}",
            )
        else:
            errors.add(error.path, error.message)
    return seat


def parse_table(table: Any) -> Table:
    """Check a whole table and build the immutable :class:`Table`; raise ValidationError listing
    every problem found (unknown keys first, with the nearest known key)."""
    errors = Errors()
    errors.items.extend(unknown_keys(TABLE_SCHEMA, table))
    seat = parse_seating(errors, table)
    raw_players = seat.players
    options = options_of(table)
    rules = parse_rules(errors, options)
    vera = parse_solo(errors, options, seat)

    players: list[Player] = []
    seen: dict[int, str] = {}  # card number -> path of the card that has it
    wrens_total = 0
    for i, raw in enumerate(raw_players):
        where = f"players[{i}]"
        if not isinstance(table["players"][i], dict):
            continue  # not an object: player_list has said so
        if isinstance(raw.get("name"), str) and not _encodable(raw["name"]):
            errors.add(
                join(where, "name"),
                "is not valid text: it holds a character no font can show (a lone surrogate)",
            )
        wrens_raw = raw.get("wrens")
        wrens: int | None = 0
        if wrens_raw is not None and wrens_raw != "":
            wrens = whole(
                errors,
                wrens_raw,
                join(where, "wrens"),
                0,
                WREN_TOKENS,
                f"must be a whole number from 0 to {WREN_TOKENS}: the cactus wren tokens the player holds "
                f"(the game has {WREN_TOKENS})",
            )
        if wrens is not None:
            wrens_total += wrens
        display = parse_grid(errors, raw.get("grid"), join(where, "grid"))
        if display is not None:
            for r, c, card in display.cards():
                card_where = join(where, card_path(r, c))
                if card.number in seen:
                    errors.add(
                        join(card_where, "number"),
                        f"card {card.number} is already on the table at {seen[card.number]}: every card is "
                        "in the deck once",
                    )
                else:
                    seen[card.number] = card_where
        if display is not None and wrens is not None and isinstance(raw.get("name"), str):
            players.append(Player(raw["name"], wrens, display))
    if wrens_total > WREN_TOKENS:
        errors.add(
            "players",
            f"hold {wrens_total} cactus wrens together: the game has only {WREN_TOKENS} wren tokens",
        )
    errors.raise_if_any()
    return Table(tuple(players), rules, vera, seat)
