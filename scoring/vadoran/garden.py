"""The visible Vadoran garden: squares, the compact text form, and connected areas.

A garden is a list of rows; each row is a list of squares (``None`` where no card lies) or, in the
**compact text form**, one string per row with one whitespace-separated token per square:

========  ==============================================================
token     meaning
========  ==============================================================
``g``     grass          (``s`` soil, ``w`` water, ``.`` sand, ``-`` no card)
``*``     a task on the square; ``*A`` a task with the symbol ``A``;
          ``*(bird)`` a task with a longer symbol
``7``     a 7 tablet on the square
``5``     a return location ("5") for the lost item of the square's
          terrain; ``5a`` / ``5t`` / ``5p`` name the item (animal, tool,
          pendant) and must match the terrain
========  ==============================================================

Markers follow the terrain letter in any order: ``g*7`` is grass with a task and a tablet,
``w5`` a water square where a lost pendant can be returned.  The whole compact garden may also be
one text with a row per line.

>>> garden = parse_compact(["g* g* g*7 .", "- w5 w  ."])
>>> garden[0][2]
{'terrain': 'grass', 'task': True, 'tablet': True, 'return': None}
>>> to_compact(garden)
['g* g* g*7 .', '- w5 w .']
>>> [(a["terrain"], len(a["squares"]), a["points"]) for a in areas(garden)]
[('grass', 3, 10), ('sand', 2, 0), ('water', 2, 0)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core import Errors, ValidationError, join

TERRAINS = ("grass", "soil", "water", "sand")
SCORING_TERRAINS = ("grass", "soil", "water")
ITEMS = ("animal", "tool", "pendant")
#: lost item -> the terrain of its return locations (READINGS.md, Vadoran Gardens)
ITEM_TERRAIN = {"animal": "grass", "tool": "soil", "pendant": "water"}
TERRAIN_ITEM = {terrain: item for item, terrain in ITEM_TERRAIN.items()}
TASKS_NEEDED = 3
TABLET_POINTS = 7
MAX_ROWS = 40
MAX_COLUMNS = 40

_LETTER = {"g": "grass", "s": "soil", "w": "water", ".": "sand"}
_TERRAIN_LETTER = {terrain: letter for letter, terrain in _LETTER.items()}
_ITEM_LETTER = {"a": "animal", "t": "tool", "p": "pendant"}
_SYMBOL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,19}")
TOKEN_HELP = (
    "write g (grass), s (soil), w (water), . (sand) or - (no card), then optional markers: "
    "* task, 7 tablet, 5 return location"
)

Task = None | bool | str  # None = no task, True = a task, "A" = a task with that symbol


@dataclass(frozen=True)
class Square:
    """One visible square of the garden."""

    terrain: str
    task: Task = None
    tablet: bool = False
    ret: str | None = None  # the lost item this square is a return location for

    @property
    def has_task(self) -> bool:
        return self.task is not None and self.task is not False

    def to_dict(self) -> dict[str, Any]:
        return {"terrain": self.terrain, "task": self.task, "tablet": self.tablet, "return": self.ret}

    def token(self) -> str:
        text = _TERRAIN_LETTER[self.terrain]
        if self.has_task:
            if self.task is True:
                text += "*"
            elif len(str(self.task)) == 1 and str(self.task).isalpha():
                text += "*" + str(self.task).upper()
            else:
                text += f"*({self.task})"
        if self.tablet:
            text += "7"
        if self.ret:
            text += "5"
        return text


Grid = tuple[tuple[Square | None, ...], ...]


@dataclass(frozen=True)
class Area:
    """A connected group of squares of one terrain (orthogonal neighbours only)."""

    terrain: str
    size: int
    tasks: int
    tablets: int
    squares: tuple[tuple[int, int], ...] = ()  # (row, column) from 0; empty for a quick-entry area
    returns: int = 0  # return locations on the area
    label: str = ""

    @property
    def scores(self) -> bool:
        return self.terrain in SCORING_TERRAINS and self.tasks >= TASKS_NEEDED

    @property
    def points(self) -> int:
        return self.size + TABLET_POINTS * self.tablets if self.scores else 0

    @property
    def reason(self) -> str:
        if self.terrain == "sand":
            return "sand never scores"
        if not self.scores:
            have = "no tasks" if self.tasks == 0 else _plural(self.tasks, "task")
            return f"does not score: {have}, an area needs {TASKS_NEEDED} or more"
        working = _plural(self.size, "square")
        if self.tablets:
            working += f" + {_plural(self.tablets, 'tablet')} x {TABLET_POINTS}"
        return f"scores {working} = {self.points}"

    def line(self) -> str:
        """The explanation line a player reads at the table.

        >>> Area("grass", 10, 4, 1, label="at row 1, column 1").line()
        'Grass area at row 1, column 1 (10 squares, 4 tasks, 1 tablet): scores 10 squares + 1 tablet x 7 = 17'
        >>> Area("soil", 2, 1, 0, label="at row 2, column 5").line()
        'Soil area at row 2, column 5 (2 squares, 1 task): does not score: 1 task, an area needs 3 or more'
        """
        parts = [_plural(self.size, "square")]
        if self.terrain != "sand" or self.tasks:
            parts.append(_plural(self.tasks, "task"))
        if self.tablets:
            parts.append(_plural(self.tablets, "tablet"))
        head = f"{self.terrain.capitalize()} area {self.label}".rstrip()
        return f"{head} ({', '.join(parts)}): {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": self.terrain,
            "squares": [[r, c] for r, c in self.squares] if self.squares else self.size,
            "size": self.size,
            "tasks": self.tasks,
            "tablets": self.tablets,
            "return_locations": self.returns,
            "scores": self.scores,
            "points": self.points,
            "reason": self.reason,
        }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------- parsing


def read_garden(errors: Errors, value: Any, where: str) -> Grid | None:
    """Parse a garden (rows of square objects / nulls, or compact strings, or a mix of both).

    Records every problem in ``errors`` and returns None if there was any.
    """
    before = len(errors)
    if isinstance(value, str):  # the compact form pasted as one text, a row per line
        value = value.splitlines()
    if not isinstance(value, list):
        errors.add(where, "must be a list of rows: each row a list of squares or a compact string such as \"g g* w5 .\"")
        return None
    if len(value) > MAX_ROWS:
        errors.add(where, f"has {len(value)} rows: a garden has at most {MAX_ROWS}")
        return None
    rows: list[tuple[Square | None, ...]] = []
    for r, row in enumerate(value):
        row_where = join(where, r)
        if isinstance(row, str):
            cells: list[Any] = row.split()
        elif isinstance(row, list):
            cells = row
        else:
            errors.add(row_where, "must be a list of squares or a compact string such as \"g g* w5 .\"")
            continue
        if len(cells) > MAX_COLUMNS:
            errors.add(row_where, f"has {len(cells)} squares: a row has at most {MAX_COLUMNS}")
            continue
        rows.append(tuple(_read_square(errors, cell, join(row_where, c)) for c, cell in enumerate(cells)))
    if len(errors) > before:
        return None
    if not any(square is not None for row in rows for square in row):
        errors.add(where, "has no squares: paint at least one square of grass, soil, water or sand")
        return None
    return tuple(rows)


def _read_square(errors: Errors, value: Any, where: str) -> Square | None:
    if value is None:
        return None
    if isinstance(value, str):
        return _read_token(errors, value.strip(), where)
    if not isinstance(value, dict):
        errors.add(where, "must be a square object {\"terrain\": ..., \"task\": ..., \"tablet\": ..., "
                   "\"return\": ...}, null for no card, or a compact token such as \"g*\"")
        return None
    ok = True
    terrain = value.get("terrain")
    if terrain is None or terrain == "":
        errors.add(join(where, "terrain"), "is missing: choose grass, soil, water or sand")
        return None
    folded = terrain.strip().lower() if isinstance(terrain, str) else None
    if folded not in TERRAINS:
        errors.add(join(where, "terrain"), f"{_show(terrain)} is not a terrain: choose grass, soil, water or sand")
        return None
    task: Task = None
    raw_task = value.get("task")
    if raw_task is True:
        task = True
    elif raw_task is None or raw_task is False or raw_task == "":
        task = None
    elif isinstance(raw_task, str) and _SYMBOL.fullmatch(raw_task.strip()):
        task = raw_task.strip()
    else:
        errors.add(join(where, "task"), f"{_show(raw_task)} is not a task: use true, false or a task symbol "
                   "(letters, digits, - or _, at most 20 characters, no spaces)")
        ok = False
    if task is not None and folded == "sand":
        errors.add(join(where, "task"), "sand has no tasks: tasks lie on grass, soil or water")
        ok = False
    tablet = value.get("tablet", False)
    if tablet is None:
        tablet = False
    if not isinstance(tablet, bool):
        errors.add(join(where, "tablet"), "must be true or false")
        ok = False
    ret = _read_return(errors, value.get("return"), folded, join(where, "return"))
    if ret is False:
        ok = False
    return Square(folded, task, bool(tablet), ret or None) if ok else None


def _read_return(errors: Errors, value: Any, terrain: str, where: str) -> str | None | bool:
    """The lost item a square takes back, None for none, False after recording an error."""
    if value is None or value == "" or value is False:
        return None
    folded = value.strip().lower() if isinstance(value, str) else None
    if folded not in ITEMS:
        errors.add(where, f"{_show(value)} is not a lost item: choose animal, tool or pendant (or null)")
        return False
    if ITEM_TERRAIN[folded] != terrain:
        if terrain == "sand":
            errors.add(where, f"a lost {folded} is returned to a grass, soil or water square marked 5, "
                       "never to sand: this square is sand")
        else:
            errors.add(where, f"a lost {folded} is returned to {ITEM_TERRAIN[folded]}, but this square is "
                       f"{terrain}: a {terrain} return location takes a lost {TERRAIN_ITEM[terrain]}")
        return False
    return folded


_TOKEN = re.compile(r"(?P<terrain>[gswGSW.\-])(?P<markers>.*)")
_MARKER = re.compile(r"\*(?:\((?P<long>[^()]*)\)|(?P<letter>[A-Za-z]))?|7|5(?P<item>[atpATP])?")


def _read_token(errors: Errors, token: str, where: str) -> Square | None:
    """Parse one compact token (``g*7``, ``w5``, ``.``, ``-``); record problems."""
    bad = f'"{token}" is not a square: {TOKEN_HELP}'
    match = _TOKEN.fullmatch(token)
    if not match:
        errors.add(where, bad)
        return None
    letter, markers = match["terrain"].lower(), match["markers"]
    if letter == "-":
        if markers:
            errors.add(where, f'"{token}": - means no card, so it takes no markers')
        return None
    terrain = _LETTER[letter]
    task: Task = None
    tablet = False
    ret: str | None = None
    seen: set[str] = set()
    pos = 0
    ok = True
    while pos < len(markers):
        m = _MARKER.match(markers, pos)
        if not m:
            errors.add(where, bad)
            return None
        kind = m.group(0)[0]
        if kind in seen:
            errors.add(where, f'"{token}" repeats the marker {kind}: a square takes each marker once')
            return None
        seen.add(kind)
        if kind == "*":
            if m["long"] is not None:
                if not _SYMBOL.fullmatch(m["long"].strip()):
                    errors.add(where, f'"{token}": a task symbol in brackets is letters, digits, - or _, at most 20 characters')
                    return None
                task = m["long"].strip()
            elif m["letter"]:
                task = m["letter"].upper()
            else:
                task = True
        elif kind == "7":
            tablet = True
        else:
            item = _ITEM_LETTER[m["item"].lower()] if m["item"] else TERRAIN_ITEM.get(terrain)
            if item is None:
                errors.add(where, f'"{token}": sand has no return locations: a "5" lies on grass, soil or water')
                ok = False
            else:
                checked = _read_return(errors, item, terrain, where)
                if checked is False:
                    ok = False
                else:
                    ret = item
        pos = m.end()
    if task is not None and terrain == "sand":
        errors.add(where, f'"{token}": sand has no tasks: tasks lie on grass, soil or water')
        ok = False
    return Square(terrain, task, tablet, ret) if ok else None


def _show(value: Any) -> str:
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------------------- areas


def find_areas(grid: Grid) -> list[Area]:
    """Connected areas of one terrain (orthogonal neighbours only), in reading order of their
    first square.  Sand areas are listed too; they never score."""
    seen: set[tuple[int, int]] = set()
    found: list[Area] = []

    def at(r: int, c: int) -> Square | None:
        if 0 <= r < len(grid) and 0 <= c < len(grid[r]):
            return grid[r][c]
        return None

    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            if square is None or (r, c) in seen:
                continue
            group: list[tuple[int, int]] = []
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                cr, cc = stack.pop()
                group.append((cr, cc))
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    other = at(nr, nc)
                    if other is not None and (nr, nc) not in seen and other.terrain == square.terrain:
                        seen.add((nr, nc))
                        stack.append((nr, nc))
            group.sort()
            squares = [grid[a][b] for a, b in group]
            found.append(
                Area(
                    terrain=square.terrain,
                    size=len(group),
                    tasks=sum(1 for s in squares if s is not None and s.has_task),
                    tablets=sum(1 for s in squares if s is not None and s.tablet),
                    squares=tuple(group),
                    returns=sum(1 for s in squares if s is not None and s.ret),
                    label=f"at row {r + 1}, column {c + 1}",
                )
            )
    return found


def return_locations(grid: Grid) -> dict[str, int]:
    """How many visible return locations there are for each kind of lost item."""
    counts = dict.fromkeys(ITEMS, 0)
    for row in grid:
        for square in row:
            if square is not None and square.ret:
                counts[square.ret] += 1
    return counts


# ---------------------------------------------------------------------- public API


def _parse(garden: Any) -> Grid:
    errors = Errors()
    grid = read_garden(errors, garden, "garden")
    errors.raise_if_any()
    assert grid is not None
    return grid


def parse_compact(rows: Any) -> list[list[dict[str, Any] | None]]:
    """Turn a garden (compact strings, or rows of squares) into rows of square objects.

    Raises :class:`~scoring.core.ValidationError` with paths such as ``garden[1][2]``.

    >>> parse_compact(["s*A -", ". w5"])
    [[{'terrain': 'soil', 'task': 'A', 'tablet': False, 'return': None}, None], [{'terrain': 'sand', 'task': None, 'tablet': False, 'return': None}, {'terrain': 'water', 'task': None, 'tablet': False, 'return': 'pendant'}]]
    >>> parse_compact([". *"])
    Traceback (most recent call last):
    ...
    scoring.core.ValidationError: garden[0][1]: "*" is not a square: write g (grass), s (soil), w (water), . (sand) or - (no card), then optional markers: * task, 7 tablet, 5 return location
    """
    return [[None if s is None else s.to_dict() for s in row] for row in _parse(rows)]


def to_compact(garden: Any) -> list[str]:
    """Write a garden in the compact text form: one string per row, one token per square.

    >>> to_compact([[{"terrain": "water", "task": "b", "tablet": True}, None, {"terrain": "sand"}]])
    ['w*B7 - .']
    """
    return [" ".join("-" if s is None else s.token() for s in row) for row in _parse(garden)]


def areas(garden: Any) -> list[dict[str, Any]]:
    """Every connected area of the garden, for outlining it on screen.

    Each area: ``terrain``, ``squares`` ([row, column] pairs from 0), ``size``, ``tasks``,
    ``tablets``, ``return_locations``, ``scores`` (bool), ``points`` and ``reason``.

    >>> [a["squares"] for a in areas(["g g", ". g"])]
    [[[0, 0], [0, 1], [1, 1]], [[1, 0]]]
    >>> areas("g* g*\\ng* .")[0]["points"]
    3
    """
    return [area.to_dict() for area in find_areas(_parse(garden))]


__all__ = [
    "Area",
    "Square",
    "areas",
    "find_areas",
    "parse_compact",
    "read_garden",
    "return_locations",
    "to_compact",
    "ValidationError",
]
