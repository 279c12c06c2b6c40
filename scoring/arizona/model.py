"""Verdant Arizona's state model and the parser that turns a JSON table into it.

A player's display is a 4 x 4 grid of cactus cards; each card is entered by its printed number,
its colour (a free name such as "yellow", compared case-insensitively and trimmed) and whether it
shows a gecko.  :func:`parse_table` checks everything at once and raises
:class:`~scoring.core.ValidationError` listing every problem with its path.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import Errors, join, options_of, player_list

CATALOG: dict[str, Any] = json.loads((Path(__file__).parent / "catalog.json").read_text(encoding="utf-8"))

SIZE: int = CATALOG["display"]["rows"]
NUMBER_MIN: int = CATALOG["card_number"]["min"]
NUMBER_MAX: int = CATALOG["card_number"]["max"]
WREN_TOKENS: int = CATALOG["components"]["cactus_wren_tokens"]
COLOR_MAX_LENGTH: int = CATALOG["color_name_max_length"]
VERA_MAX: int = CATALOG["vera_score_max"]
MAX_PLAYERS = 2

CARD_SHAPE = '{"number": 17, "color": "yellow", "gecko": true}'


def color_key(color: str) -> str:
    """Colours are free names: compare them case-insensitively, trimmed, spaces collapsed.

    >>> color_key("  Light  Pink ") == color_key("light pink")
    True
    """
    return re.sub(r"\s+", " ", color.strip()).casefold()


def color_label(color: str) -> str:
    """The colour as the player typed it, trimmed and with single spaces.

    >>> color_label("  Light  Pink ")
    'Light Pink'
    """
    return re.sub(r"\s+", " ", color.strip())


@dataclass(frozen=True)
class Card:
    number: int
    color: str  # as entered, trimmed
    gecko: bool = False

    @property
    def color_key(self) -> str:
        return color_key(self.color)


@dataclass(frozen=True)
class Line:
    """A row (read left to right) or a column (read top to bottom) of a display."""

    label: str  # "Row 2", "Column 3"
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Display:
    grid: tuple[tuple[Card, ...], ...]

    def rows(self) -> list[Line]:
        return [Line(f"Row {r + 1}", self.grid[r]) for r in range(SIZE)]

    def columns(self) -> list[Line]:
        return [Line(f"Column {c + 1}", tuple(self.grid[r][c] for r in range(SIZE))) for c in range(SIZE)]

    def lines(self) -> list[Line]:
        """The 8 scoring lines: rows 1-4, then columns 1-4."""
        return self.rows() + self.columns()


@dataclass(frozen=True)
class Player:
    name: str
    wrens: int
    display: Display


@dataclass(frozen=True)
class Table:
    players: tuple[Player, ...]
    advanced: bool
    vera_score: int | None  # set only in the solo game
    player_count: int

    @property
    def solo(self) -> bool:
        return self.vera_score is not None


# ------------------------------------------------------------------------------ parsing


def whole(errors: Errors, value: Any, where: str, lo: int, hi: int, rule: str) -> int | None:
    """A whole number from lo to hi (a string of digits from a form is accepted), or an error
    ``rule`` at ``where``.

    >>> e = Errors(); whole(e, "7", "n", 0, 9, "must be 0 to 9"), whole(e, 1.5, "m", 0, 9, "must be 0 to 9")
    (7, None)
    >>> [i.path for i in e.items]
    ['m']
    """
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer() or isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,9}\s*", value):
        number = int(value)
    if number is None or not lo <= number <= hi:
        errors.add(where, rule)
        return None
    return number


def _bool(errors: Errors, value: Any, where: str) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        text = str(value).strip().lower()
        if text in {"1", "true", "on", "yes"}:
            return True
        if text in {"0", "false", "off", "no", ""}:
            return False
    errors.add(where, "must be true (the card shows a gecko) or false")
    return False


def parse_card(errors: Errors, raw: Any, where: str) -> Card | None:
    """One card of a display, or None after recording its problems."""
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
    elif len(color_label(color)) > COLOR_MAX_LENGTH:
        errors.add(join(where, "color"), f"is too long: a colour name has at most {COLOR_MAX_LENGTH} characters")
        color = None
    gecko = _bool(errors, raw.get("gecko"), join(where, "gecko"))
    if number is None or color is None:
        return None
    return Card(number, color_label(color), gecko)


def parse_grid(errors: Errors, raw: Any, where: str) -> Display | None:
    """A complete 4 x 4 display, or None after recording its problems."""
    shape = f"{SIZE} rows of {SIZE} cards"
    if raw is None:
        errors.add(where, f"is missing: enter the display, {shape}")
        return None
    if not isinstance(raw, list):
        errors.add(where, f"must be the display: a list of {shape}")
        return None
    if len(raw) != SIZE:
        errors.add(where, f"has {len(raw)} rows: a finished display has {shape}")
    rows: list[tuple[Card, ...]] = []
    complete = len(raw) == SIZE
    for r, row in enumerate(raw[:SIZE]):
        row_where = join(where, r)
        if not isinstance(row, list):
            errors.add(row_where, f"must be a row: a list of {SIZE} cards")
            complete = False
            continue
        if len(row) != SIZE:
            errors.add(row_where, f"has {len(row)} cards: a finished row has {SIZE} cards")
            complete = False
        cards = [parse_card(errors, card, join(row_where, c)) for c, card in enumerate(row[:SIZE])]
        if any(card is None for card in cards) or len(cards) != SIZE:
            complete = False
            continue
        rows.append(tuple(c for c in cards if c is not None))
    if not complete or len(rows) != SIZE:
        return None
    return Display(tuple(rows))


def parse_options(errors: Errors, table: Any, player_count: int) -> tuple[bool, int | None]:
    options = options_of(table)
    advanced = _advanced(errors, options.get("advanced"))
    solo = options.get("solo")
    vera: int | None = None
    if solo is None or solo is False:
        if player_count == 1:
            errors.add(
                "options.solo",
                'is missing: a one-player game is the solo game against Vera, enter {"vera_score": N} '
                "with Vera's final score",
            )
    elif not isinstance(solo, dict):
        errors.add("options.solo", 'must be null (a two-player game) or {"vera_score": N} for the solo game')
    else:
        rule = f"a whole number from 0 to {VERA_MAX} (Vera's final score from her reference card)"
        value = solo.get("vera_score")
        if value is None or value == "":
            errors.add("options.solo.vera_score", "is missing: enter " + rule)
        else:
            vera = whole(errors, value, "options.solo.vera_score", 0, VERA_MAX, "must be " + rule)
        if player_count > 1:
            errors.add("options.solo", f"is for the one-player game against Vera: this game has {player_count} players")
            vera = None
    return advanced, vera


def _advanced(errors: Errors, value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, str)):
        text = str(value).strip().lower()
        if text in {"1", "true", "on", "yes"}:
            return True
        if text in {"0", "false", "off", "no", ""}:
            return False
    errors.add("options.advanced", "must be true (advanced scoring: single-colour lines) or false")
    return False


def parse_table(table: Any) -> Table:
    """Check a whole table and build the immutable :class:`Table`; raise ValidationError listing
    every problem found."""
    errors = Errors()
    raw_players = player_list(errors, table, minimum=1, maximum=MAX_PLAYERS)
    player_count = len(raw_players)
    if isinstance(table, dict) and table.get("player_count") is not None:
        lo = max(len(raw_players), 1)
        counted = whole(
            errors,
            table["player_count"],
            "player_count",
            lo,
            MAX_PLAYERS,
            (f"must be {lo}" if lo == MAX_PLAYERS else f"must be a whole number from {lo} to {MAX_PLAYERS}")
            + f": the number of players in the game, at least the {len(raw_players)} scored here"
            + f" and at most {MAX_PLAYERS}",
        )
        if counted is not None:
            player_count = counted
    advanced, vera = parse_options(errors, table, player_count)

    players: list[Player] = []
    seen: dict[int, str] = {}  # card number -> path of the card that has it
    wrens_total = 0
    for i, raw in enumerate(raw_players):
        where = f"players[{i}]"
        if not isinstance(table["players"][i], dict):
            continue  # player_list has said it must be an object
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
            for r, row in enumerate(display.grid):
                for c, card in enumerate(row):
                    card_where = f"{where}.grid[{r}][{c}]"
                    if card.number in seen:
                        errors.add(
                            join(card_where, "number"),
                            f"card {card.number} is already on the table at {seen[card.number]}: "
                            "every card is in the deck once",
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
    return Table(tuple(players), advanced, vera, player_count)
