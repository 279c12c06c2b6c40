"""What a Vadoran Gardens table may hold: the box's limits and the input's shape, declared once.

The parser (:mod:`scoring.vadoran.rules`) reads its bounds from here, and the same nodes refuse
unknown keys, are published as the game's JSON Schema and tell the web layer what each contract
path holds.  Every limit is written with its rulebook sentence in ``docs/rules/vadoran-gardens.md``.

>>> STANDARD.squares, STANDARD.rows, STANDARD.columns
(81, 21, 21)
>>> LESSONS.squares, bounds_for("solo") is LESSONS, bounds_for("standard") is STANDARD
(309, True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..schema import Arr, Bool, Choice, Int, JSONSchema, Node, Obj, OneOf, Text, table_schema
from .garden import (
    ITEM_TERRAIN,
    ITEMS,
    MAX_COLUMNS,
    MAX_ROW_TEXT,
    MAX_ROWS,
    MAX_SYMBOL,
    NO_CARD,
    SCORING_TERRAINS,
    TERRAINS,
    TOKEN_PATTERN,
)

CATALOG: dict[str, Any] = json.loads((Path(__file__).parent / "catalog.json").read_text(encoding="utf-8"))

GAME_NAME = "vadoran-gardens"
TITLE = "Vadoran Gardens"
MIN_PLAYERS = 1
MAX_PLAYERS = 4  # "4 sets of 4 Vadoran figures"
MODES = ("standard", "advanced", "solo")
DIFFICULTIES = tuple(CATALOG["difficulties"])
ACHIEVEMENT_TERRAINS = SCORING_TERRAINS  # one grass, soil and water achievement card in play
MAX_ACHIEVEMENT_POINTS = 30
MAX_QUICK_SQUARES = 400  # a number typed in quick entry; the game's bound is the garden's (below)
MAX_QUICK_AREAS = 200
MAX_LOST = dict(CATALOG["lost_items"])  # "3 sets of 5 lost items"
MAX_SISTER_FIGURES = max(d["figures"] for d in CATALOG["difficulties"].values())

# ------------------------------------------------------------------ the path's bounds

CARD_SIDE = 3  # a pathway card is 3 x 3 squares ("the 3 squares in the right-most column")
ROUNDS = CATALOG["cards_in_path"]["standard"]  # "played over 10 rounds": 10 cards in the path
FOCUS_SQUARES = CARD_SIDE * (2 * CARD_SIDE - 1)  # Focus: 2 cards joined into a 3 by 5 area
LESSONS_FACE_UP = 2  # advanced set-up: two lesson cards face up, one more drawn each round
#: with lessons a round can be added (Overtime) for every lesson card still to draw
MOST_ROUNDS = CATALOG["lesson_cards"] - LESSONS_FACE_UP + 1


@dataclass(frozen=True)
class Bounds:
    """The most a finished garden can show: visible squares and the rows and columns it spans."""

    squares: int
    rows: int
    columns: int
    why: str  # why no more squares can show, as the refusal says it
    drift: str  # why the path spans no more rows or columns


#: Standard: 10 cards, the first shows 9 squares and each later one covers at least 1 square of
#: the card before, so adds at most 8; each lies at most 2 rows up or down and 2 columns right of
#: the card before (it covers a square of that card's right-most column).
STANDARD = Bounds(
    squares=CARD_SIDE**2 + (ROUNDS - 1) * (CARD_SIDE**2 - 1),
    rows=CARD_SIDE + (ROUNDS - 1) * (CARD_SIDE - 1),
    columns=CARD_SIDE + (ROUNDS - 1) * (CARD_SIDE - 1),
    why=f"{ROUNDS} pathway cards of {CARD_SIDE} x {CARD_SIDE} squares, each laid over at least 1 square "
        "of the right-most column of the card before",
    drift=f"each card covers a square of the right-most column of the card before, so it lies at most "
          f"{CARD_SIDE - 1} rows up or down and {CARD_SIDE - 1} columns to the right of it",
)
#: Advanced and solo: a Focus lesson plays 2 cards as one 3 x 5 card (15 squares, 14 new) and an
#: Overtime lesson adds a round; the rulebook does not say how many of the 23 lesson cards are
#: which, so the bound is what no draw can pass: every one of at most 22 rounds a Focus round.
LESSONS = Bounds(
    squares=FOCUS_SQUARES + (MOST_ROUNDS - 1) * (FOCUS_SQUARES - 1),
    rows=(2 * CARD_SIDE - 1) + (MOST_ROUNDS - 1) * (2 * CARD_SIDE - 2),
    columns=(2 * CARD_SIDE - 1) + (MOST_ROUNDS - 1) * (2 * CARD_SIDE - 2),
    why=f"at most {MOST_ROUNDS} rounds, as Overtime lessons add rounds from the {CATALOG['lesson_cards']} "
        "lesson "
    f"cards, each at most a Focus pair of cards showing {FOCUS_SQUARES} squares",
    drift=f"each of at most {MOST_ROUNDS} rounds moves the path at most {2 * CARD_SIDE - 2} rows or columns",
)


def bounds_for(mode: str | None) -> Bounds:
    """The bounds of a garden in ``mode`` (the loosest when the mode is not known)."""
    return STANDARD if mode == "standard" else LESSONS


# ---------------------------------------------------------------------- the schema


class Kept(Node):
    """A value the entry screen keeps in the seat and the score never reads (not checked)."""

    def __init__(self, description: str) -> None:
        self.description = description

    def json_schema(self) -> JSONSchema:
        return self._doc({})


def _pick_square(value: Any) -> Node | None:
    return SQUARE if isinstance(value, dict) else None


SQUARE = Obj(
    {
        "terrain": Choice(TERRAINS, "grass, soil, water or sand", nullable=False),
        "task": OneOf(
            Bool(),
            Text(MAX_SYMBOL, "a task symbol: letters, digits, - or _"),
            description="a task: true, or its symbol; null or false for none (never on sand)",
        ),
        "tablet": Bool("a 7 tablet on the square"),
        "return": Choice(
            ITEMS, "a return location (5) for this lost item: animal on grass, tool on soil, pendant on water"
        ),
    },
    "one visible square",
    required=("terrain",),
)
#: the token grammar as JSON Schema patterns: a terrain letter (either case) and its markers, or
#: "-"; the engine also judges what the grammar lets through (a marker twice, a long symbol)
_TOKEN_BODY = "(?:" + NO_CARD + "|" + TOKEN_PATTERN.removeprefix("^").removesuffix("$") + ")"
TOKEN_TEXT = rf"^\s*{_TOKEN_BODY}\s*$"
ROWS_TEXT = rf"^\s*(?:{_TOKEN_BODY}(?:\s+{_TOKEN_BODY})*)?\s*$"
TOKEN = Text(MAX_ROW_TEXT, 'a compact token such as "g*7" or "w5" ("-" for no card)', pattern=TOKEN_TEXT)
ROW = OneOf(
    Text(MAX_ROW_TEXT, 'a compact row: one token per square, e.g. "g* g* g*7 . w5"', pattern=ROWS_TEXT),
    Arr(
        OneOf(SQUARE, TOKEN, pick=_pick_square, description="a square, a compact token, or null for no card"),
        MAX_COLUMNS,
    ),
    description="a row of the garden",
)
GARDEN = OneOf(
    Text(MAX_ROWS * (MAX_ROW_TEXT + 1), "the compact form as one text, a row per line", pattern=ROWS_TEXT),
    Arr(ROW, MAX_ROWS),
    description="the visible garden: rows of squares (the compact form or square objects)",
)
AREA = Obj(
    {
        "terrain": Choice(TERRAINS, nullable=False),
        "squares": Int(1, MAX_QUICK_SQUARES, "squares in the area", nullable=False),
        "tasks": Int(0, MAX_QUICK_SQUARES, "tasks on the area (not on sand)"),
        "tablets": Int(0, MAX_QUICK_SQUARES, "7 tablets on the area"),
    },
    "a connected area of one terrain, counted by hand",
    required=("terrain", "squares"),
)


def _per_item(maximum: dict[str, int] | int, description: str) -> Obj:
    return Obj(
        {
            item: Int(
                0,
                maximum if isinstance(maximum, int) else maximum[item],
                f"{description} ({item}: {ITEM_TERRAIN[item]})",
            )
            for item in ITEMS
        },
        description,
        nullable=True,
    )


PLAYER_SCHEMA = Obj(
    {
        "garden": GARDEN,
        "areas": Arr(AREA, MAX_QUICK_AREAS, "quick entry instead of the garden: its areas"),
        "return_locations": _per_item(MAX_QUICK_SQUARES, "quick entry: visible return locations (5)"),
        "unscored_squares": Int(
            0, MAX_QUICK_SQUARES, "quick entry: grass, soil or water squares in no listed area"
        ),
        "lost_items": _per_item(MAX_LOST, "lost items found during the game"),
        "achievements": Arr(
            Obj(
                {
                    "terrain": Choice(ACHIEVEMENT_TERRAINS, nullable=False),
                    "points": Int(0, MAX_ACHIEVEMENT_POINTS, "the number under the figure", nullable=False),
                },
                "a claimed achievement card",
                required=("terrain", "points"),
            ),
            len(ACHIEVEMENT_TERRAINS),
            "achievements claimed, one per card",
        ),
        "garden_aside": Kept(
            "kept by the entry screen: the painted garden while quick entry is used (not scored)"
        ),
        "quick_aside": Kept(
            "kept by the entry screen: the quick-entry areas while the garden is painted (not scored)"
        ),
    },
    "a player's garden, lost items and achievements",
)
OPTIONS_SCHEMA = Obj(
    {
        "mode": Choice(MODES, "standard; advanced (lessons); solo against your sister"),
        "difficulty": Choice(DIFFICULTIES, "solo only: the sister's difficulty"),
        "sister_achievements": Arr(
            Int(0, MAX_ACHIEVEMENT_POINTS, nullable=False),
            MAX_SISTER_FIGURES - 1,
            "solo only: the number under each of the sister's figures",
        ),
    },
    "the game's options",
    nullable=True,
)
TABLE_SCHEMA = table_schema(PLAYER_SCHEMA, OPTIONS_SCHEMA, max_players=MAX_PLAYERS, title=TITLE)
