"""The seat page's preview of a Verdant home that is still being filled in (``GAME.previewer``).

:func:`scoring.verdant.score` refuses a home with empty or broken cells.  :func:`preview` scores
what is there: every cell that parses on its own is placed, the others are skipped, and the
engine's own rule functions (``rules.score_player``, ``rules.room_score`` ...) do the arithmetic,
so a complete, legal home previews to exactly its score as a board of its table (tested against
``score``).  It returns a :class:`scoring.core.Preview`:

- ``total``: the running total (None while no card is placed); ``categories`` with their lines;
- ``points`` / ``why``: each card's own points and lines, keyed by its path ``home[r][c]`` (a
  plant's printed points plus its pot; a room's bonus; an incomplete plant's verdancy is pooled
  with the others, so its own points are None);
- ``messages``: what is still to fill or fix, from the engine's own checks of this board as one
  board of a ``player_count`` table (paths relative to the seat, ``home[1][2].pot``);
- ``complete``: the board passes those checks;
- ``extra``: ``cells`` (path -> ``{"kind", "label", "type", "needs"}``), ``expected`` (path of an
  empty cell -> "plant" or "room", following the checkerboard), ``filled`` and ``size``.

Goals that compare players ("the most ...") compare this board with ``others``, the other seats'
boards as they are typed so far (each card that parses counts); table-wide checks (the same card
twice at the table) see this board alone.

>>> from scoring.verdant import blank_player
>>> p = blank_player()
>>> p["home"][0][0] = {"kind": "plant", "name": "Jasmine", "pot": "concrete"}
>>> p["home"][0][1] = {"kind": "room", "type": "vining"}
>>> out = preview(p, {}, 2)
>>> out.total, out.points["home[0][0]"], out.points["home[0][1]"], out.extra["filled"], out.complete
(15, 14, 1, 2, False)
>>> out.extra["expected"]["home[2][4]"], out.extra["expected"]["home[1][0]"], out.messages[0].path
('plant', 'room', 'home[0][2]')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import (
    Category,
    Errors,
    FieldError,
    Preview,
    ValidationError,
    get_bool,
    options_of,
    seat_errors,
    to_int,
)
from . import catalog as cat
from . import schema
from .model import Cell, GameState, Item, Plant, PlayerState
from .parse import HOME_SIZE, _item, _norm_word, parse_cell, parse_goals, parse_table
from .rules import CATEGORY_LABELS, bonus_pots, completed_plants, room_score, score_player


def _rows(home: Any) -> list[list[Any]]:
    if not isinstance(home, list):
        return []
    return [row if isinstance(row, list) else [] for row in home]


def expected_kind(home: Any, row: int, col: int) -> str | None:
    """"plant" or "room" for the cell at (row, col), following the checkerboard from the first
    cell that says what it is; None while the home is empty."""
    for r, cells in enumerate(_rows(home)):
        for c, cell in enumerate(cells):
            kind = _norm_word(cell.get("kind"), ("plant", "room")) if isinstance(cell, dict) else None
            if kind:
                same = (r + c) % 2 == (row + col) % 2
                return kind if same else ("room" if kind == "plant" else "plant")
    return None


def _goals(
    options: dict[str, Any], player_count: int, position: int, solo: bool, modification: int | None
) -> tuple[tuple[str, ...], ...]:
    scratch = Errors()
    sets, _ = parse_goals(scratch, {"options": options}, player_count, modification, solo)
    return sets[position] if 0 <= position < len(sets) else ()


def _board_messages(
    state: dict[str, Any], options: dict[str, Any], player_count: int, position: int
) -> tuple[FieldError, ...]:
    """The engine's checks of this board as one board of a ``player_count`` table."""
    board = dict(state)
    board["name"] = (
        board.get("name")
        if isinstance(board.get("name"), str) and board.get("name", "").strip()
        else "Player"
    )
    mine = dict(options)
    sets = mine.get("goal_sets")
    # modification 5: this seat's goal set only
    if isinstance(sets, dict) and isinstance(sets.get("players"), list):
        own = sets["players"][position] if 0 <= position < len(sets["players"]) else []
        mine["goal_sets"] = {**sets, "players": [own]}
    table: dict[str, Any] = {"options": mine, "players": [board]}
    if player_count > 1:
        table["player_count"] = player_count
    try:
        parse_table(table)
    except ValidationError as exc:
        others = tuple(e for e in exc.errors if not e.path.startswith("players["))
        return seat_errors(exc.errors) + others
    return ()


def _cells(state: dict[str, Any], family: bool) -> tuple[list[Cell], dict[str, str | None], int]:
    """The cards of a home that parse on their own, the expected kind of each empty cell, the size."""
    cells: list[Cell] = []
    expected: dict[str, str | None] = {}
    home = state.get("home")
    size = 0
    for r, row in enumerate(_rows(home)):
        for c, data in enumerate(row):
            size += 1
            path = f"home[{r}][{c}]"
            if data in (None, {}):
                expected[path] = expected_kind(home, r, c)
                continue
            card = parse_cell(Errors(), data, path, family)
            if card is not None:
                cells.append(Cell(r, c, card, path))
    return cells, expected, size


def placed_cards(state: Any) -> list[tuple[int, int, Any, str]]:
    """The cards of a home of any shape (modification 6) as (row, col, card data, path): the
    ``cards`` list (each with its row and col; one without a whole-number position is left out),
    or else the rows of ``home`` with null for a gap.

    >>> placed_cards({"cards": [{"kind": "room", "type": "vining", "row": -1, "col": 2}]})
    [(-1, 2, {'kind': 'room', 'type': 'vining', 'row': -1, 'col': 2}, 'cards[0]')]
    >>> placed_cards({"home": [[None, {"kind": "room"}]]})
    [(0, 1, {'kind': 'room'}, 'home[0][1]')]
    """
    state = state if isinstance(state, dict) else {}
    cards = state.get("cards")
    if cards is not None:
        out = []
        for i, data in enumerate(cards if isinstance(cards, list) else ()):
            if not isinstance(data, dict):
                continue
            row = to_int(
                Errors(), data.get("row"), "", minimum=schema.ROW.minimum, maximum=schema.ROW.maximum
            )
            col = to_int(
                Errors(), data.get("col"), "", minimum=schema.COL.minimum, maximum=schema.COL.maximum
            )
            if row is not None and col is not None:
                out.append((row, col, data, f"cards[{i}]"))
        return out
    return [
        (r, c, data, f"home[{r}][{c}]")
        for r, row in enumerate(_rows(state.get("home")))
        for c, data in enumerate(row)
        if data not in (None, {})
    ]


def _free_cells(state: dict[str, Any], family: bool) -> tuple[list[Cell], dict[str, Any]]:
    """A home of any shape (modification 6): the cards that parse on their own, and what the
    seat page lays out: ``places`` (every card's path and position, parsed or not), ``open``
    (each free position orthogonally next to a card where a card may go, with the kind the
    checkerboard asks there; (0, 0) on an empty home; none once the home holds its 15 cards)
    and ``limit`` (15)."""
    placed = placed_cards(state)
    cells: list[Cell] = []
    taken: dict[tuple[int, int], str | None] = {}
    for r, c, data, path in placed:
        card = parse_cell(Errors(), data, path, family)
        if card is not None:
            cells.append(Cell(r, c, card, path))
        kind = _norm_word(data.get("kind"), ("plant", "room")) if isinstance(data, dict) else None
        taken.setdefault((r, c), kind)
    known = next(((r + c, kind) for (r, c), kind in taken.items() if kind), None)

    def expected(r: int, c: int) -> str | None:
        if known is None:
            return None
        return known[1] if (r + c - known[0]) % 2 == 0 else ("room" if known[1] == "plant" else "plant")

    spots: list[dict[str, Any]] = []
    if not taken:
        spots.append({"row": 0, "col": 0, "expected": None})
    elif len(placed) < HOME_SIZE:
        bound = schema.POSITION_LIMIT
        seen: set[tuple[int, int]] = set()
        for r, c in sorted(taken):
            for spot in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                if spot in taken or spot in seen or max(abs(spot[0]), abs(spot[1])) > bound:
                    continue
                seen.add(spot)
                spots.append({"row": spot[0], "col": spot[1], "expected": expected(*spot)})
    places = [{"path": path, "row": r, "col": c} for r, c, _, path in placed]
    return cells, {
        "places": places,
        "open": sorted(spots, key=lambda s: (s["row"], s["col"])),
        "limit": HOME_SIZE,
    }


def _other_players(
    others: Sequence[Any], family: bool, position: int, free_shape: bool = False
) -> tuple[PlayerState, ...]:
    """The other seats' boards as far as they parse, for the goals that compare players."""
    out = []
    for i, board in enumerate(others if isinstance(others, (list, tuple)) else ()):
        if not isinstance(board, dict):
            continue
        cells = _free_cells(board, family)[0] if free_shape else _cells(board, family)[0]
        out.append(
            PlayerState(
                str(board.get("name") or f"player {i + 1}"), 0, None, tuple(cells), (), position + 1 + i
            )
        )
    return tuple(out)


def preview(
    player_state: Any,
    options: Any = None,
    player_count: int = 1,
    position: int = 0,
    *,
    others: Sequence[Any] = (),
) -> Preview:
    """What the seat page shows while its player types (see the module's docstring).  Never
    raises on a half-typed or damaged state.  ``position`` is the seat (modification 5 deals a
    goal set per player); ``others`` the other seats' boards, for the goals that compare players."""
    state: dict[str, Any] = player_state if isinstance(player_state, dict) else {}
    options = options_of({"options": options}) if isinstance(options, dict) else {}
    player_count = (
        player_count if isinstance(player_count, int) and 1 <= player_count <= schema.MAX_PLAYERS else 1
    )
    position = position if isinstance(position, int) and position >= 0 else 0
    variant = _norm_word(options.get("variant"), schema.VARIANTS) or "standard"
    family = variant == "family"
    modification = None
    if options.get("modification") not in (None, ""):
        modification = to_int(Errors(), options.get("modification"), "", minimum=1, maximum=10)
    one_card_rows = get_bool(Errors(), options, "one_card_rows", "options", default=False)

    free: dict[str, Any] = {}
    if modification == 6:  # any shape: the cards list (or rows with gaps), 15 cards
        cells, free = _free_cells(state, family)
        expected: dict[str, str | None] = {}
        size = HOME_SIZE
    else:
        cells, expected, size = _cells(state, family)

    thumbs = to_int(Errors(), state.get("green_thumbs"), "", minimum=0, maximum=0 if family else 5) or 0
    raw_storage = state.get("storage")
    storage: str | Item | None = None
    if isinstance(raw_storage, dict):
        storage = _item(Errors(), raw_storage, "storage")
    elif raw_storage not in (None, ""):
        storage = _norm_word(raw_storage, cat.NURTURE)

    goals = _goals(options, player_count, position, player_count == 1, modification)
    given = frozenset(k for k, v in state.items() if v is not None)
    player = PlayerState(
        str(state.get("name") or "player"), thumbs, storage, tuple(cells), goals, position, given
    )
    game = GameState(
        variant,
        modification,
        player_count,
        (player, *_other_players(others, family, position, modification == 6)),
        partial=player_count > 1,
        one_card_rows=one_card_rows,
    )
    scored = score_player(game, player)
    categories = tuple(Category.of(k, CATEGORY_LABELS[k], pts, lines) for k, (pts, lines) in scored.items())

    points: dict[str, int | None] = {}
    why: dict[str, tuple[str, ...]] = {}
    about: dict[str, dict[str, Any]] = {}
    for cell in cells:
        alone = PlayerState(player.name, 0, None, (cell,), (), position)
        card = cell.card
        if isinstance(card, Plant):
            if card.complete:
                plant_pts, plant_lines = completed_plants(alone, family)
                pot_pts, pot_lines = bonus_pots(alone, family)
                points[cell.ref] = plant_pts + pot_pts
                why[cell.ref] = tuple(text for text, _ in plant_lines + pot_lines)
            else:
                points[cell.ref] = None
                pooled = [] if family else [text for text, _ in scored["verdancy"][1]]
                why[cell.ref] = (f"Incomplete: {card.verdancy} verdancy (needs {card.needs})", *pooled)
            about[cell.ref] = {"kind": "plant", "label": card.label(), "type": card.type, "needs": card.needs}
        else:
            pts, (text, _) = room_score(player, cell)
            points[cell.ref] = pts
            why[cell.ref] = (text,)
            about[cell.ref] = {"kind": "room", "label": card.label(), "type": card.type, "needs": None}
    messages = _board_messages(state, options, player_count, position)
    return Preview(
        total=sum(pts for pts, _ in scored.values()) if cells else None,
        categories=categories,
        points=points,
        why=why,
        messages=messages,
        complete=size > 0 and not messages,
        extra={"cells": about, "expected": expected, "filled": len(cells), "size": size, **free},
    )
