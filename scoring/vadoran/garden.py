"""The visible Vadoran garden: squares, the compact text form, connected areas and the path's bounds.

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
one text with a row per line.  The grammar is declared here once; :func:`grammar` hands it to the
entry screen (the page writes it into a data attribute for its script).

A contract path ``garden[r][c]`` names the square in row ``r``, column ``c`` (from 0), in either
form (in the compact form: the ``c``-th token of row ``r``).

>>> garden = parse_compact(["g* g* g*7 .", "- w5 w  ."])
>>> garden[0][2]
{'terrain': 'grass', 'task': True, 'tablet': True, 'return': None}
>>> to_compact(garden)
['g* g* g*7 .', '- w5 w .']
>>> [(a.terrain, a.size, a.points, a.path) for a in find_areas(read_compact(garden))]
[('grass', 3, 10, 'garden[0][0]'), ('sand', 2, 0, 'garden[0][3]'), ('water', 2, 0, 'garden[1][1]')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
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

#: the entry grid: at most this many rows, and squares in a row (blank padding included)
MAX_ROWS = 40
MAX_COLUMNS = 40
MAX_ROW_TEXT = 2000  # characters in one compact row (aligned columns included)
MAX_SYMBOL = 20  # characters in a task symbol

# ----------------------------------------------------------------- the token grammar

#: terrain letter -> terrain (either case is read)
TERRAIN_LETTERS = {"g": "grass", "s": "soil", "w": "water", ".": "sand"}
LETTER_OF = {terrain: letter for letter, terrain in TERRAIN_LETTERS.items()}
NO_CARD = "-"
TASK_MARK = "*"
TABLET_MARK = "7"
RETURN_MARK = "5"
#: the letter after a "5" that names its lost item (either case)
ITEM_LETTERS = {"a": "animal", "t": "tool", "p": "pendant"}

_SYMBOL = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_SYMBOL - 1}}}")


def _chars(letters: Iterable[str]) -> str:
    """A regular-expression character class of ``letters`` in both cases (Python and JavaScript)."""
    found = sorted({c for letter in letters for c in (letter.lower(), letter.upper())})
    return "[" + "".join(re.escape(c) for c in found) + "]"


#: regular expressions, valid in Python and JavaScript, for the screens that draw tokens
TASK_PATTERN = re.escape(TASK_MARK) + r"(?:\([^()]*\)|[A-Za-z])?"
RETURN_PATTERN = re.escape(RETURN_MARK) + _chars(ITEM_LETTERS) + "?"
TABLET_PATTERN = re.escape(TABLET_MARK)
#: the shape of a token a screen can draw (a terrain letter and markers); the parser judges the rest
TOKEN_PATTERN = f"^({_chars(TERRAIN_LETTERS)})((?:{TASK_PATTERN}|{TABLET_PATTERN}|{RETURN_PATTERN})*)$"

_TOKEN = re.compile(f"(?P<terrain>{_chars([*TERRAIN_LETTERS, NO_CARD])})(?P<markers>.*)", re.S)
_MARKER = re.compile(
    re.escape(TASK_MARK) + r"(?:\((?P<long>[^()]*)\)|(?P<letter>[A-Za-z]))?"
    + "|" + TABLET_PATTERN
    + "|" + re.escape(RETURN_MARK) + f"(?P<item>{_chars(ITEM_LETTERS)})?"
)
TOKEN_HELP = (
    "write g (grass), s (soil), w (water), . (sand) or - (no card), then optional markers: "
    "* task, 7 tablet, 5 return location"
)


def grammar() -> dict[str, Any]:
    """The compact token grammar and the entry grid's limits, for the entry screen (JSON).

    >>> g = grammar()
    >>> g["terrains"]["w"], g["markers"], g["no_card"], g["sand"]
    ('water', {'task': '*', 'tablet': '7', 'return': '5'}, '-', '.')
    >>> bool(re.fullmatch(g["token"], "g*A75")), bool(re.fullmatch(g["token"], "x"))
    (True, False)
    """
    return {
        "terrains": dict(TERRAIN_LETTERS),
        "sand": next(
            letter for letter, terrain in TERRAIN_LETTERS.items() if terrain == "sand"
        ),  # no task, no return location
        "no_card": NO_CARD,
        "markers": {"task": TASK_MARK, "tablet": TABLET_MARK, "return": RETURN_MARK},
        "items": dict(ITEM_LETTERS),
        "item_terrain": dict(ITEM_TERRAIN),
        "token": TOKEN_PATTERN,
        "task": TASK_PATTERN,
        "return": RETURN_PATTERN,
        "max_rows": MAX_ROWS,
        "max_columns": MAX_COLUMNS,
    }


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
        text = LETTER_OF[self.terrain]
        if self.has_task:
            if self.task is True:
                text += TASK_MARK
            elif len(str(self.task)) == 1 and str(self.task).isalpha():
                text += TASK_MARK + str(self.task).upper()
            else:
                text += f"{TASK_MARK}({self.task})"
        if self.tablet:
            text += TABLET_MARK
        if self.ret:
            text += RETURN_MARK
        return text


Grid = tuple[tuple[Square | None, ...], ...]


def cell(r: int, c: int) -> str:
    """The contract path of the square in row ``r``, column ``c`` (from 0).

    >>> cell(4, 7)
    'garden[4][7]'
    """
    return f"garden[{r}][{c}]"


#: (row, column) -> the square's contract path, for every square a garden can have (an area's
#: paths are read for every line about it)
_SQUARE_PATHS = {(r, c): cell(r, c) for r in range(MAX_ROWS) for c in range(MAX_COLUMNS)}


@dataclass(frozen=True)
class Area:
    """A connected group of squares of one terrain (orthogonal neighbours only), or an area
    entered in quick mode (``index`` in the player's ``areas``, no squares)."""

    terrain: str
    size: int
    tasks: int
    tablets: int
    squares: tuple[tuple[int, int], ...] = ()  # (row, column) from 0; empty for a quick-entry area
    returns: int = 0  # return locations on the area
    label: str = ""
    index: int | None = None  # quick entry: its place in ``areas``

    def __init__(
        self,
        terrain: str,
        size: int,
        tasks: int,
        tablets: int,
        squares: tuple[tuple[int, int], ...] = (),
        returns: int = 0,
        label: str = "",
        index: int | None = None,
    ) -> None:
        # as the frozen dataclass's, without its setattr calls (a garden has dozens of areas)
        d = self.__dict__
        d["terrain"] = terrain
        d["size"] = size
        d["tasks"] = tasks
        d["tablets"] = tablets
        d["squares"] = squares
        d["returns"] = returns
        d["label"] = label
        d["index"] = index

    @property
    def scores(self) -> bool:
        return self.terrain in SCORING_TERRAINS and self.tasks >= TASKS_NEEDED

    @property
    def points(self) -> int:
        return self.size + TABLET_POINTS * self.tablets if self.scores else 0

    @property
    def paths(self) -> tuple[str, ...]:
        """The contract paths of the area: every one of its squares, or its quick-entry row
        (worked out once: kept in the instance, without ``cached_property``'s lock)."""
        found: tuple[str, ...] | None = self.__dict__.get("_paths")
        if found is None:
            if self.squares:
                known = _SQUARE_PATHS.get
                found = tuple([known(sq) or f"garden[{sq[0]}][{sq[1]}]" for sq in self.squares])
            else:
                found = (f"areas[{self.index}]",) if self.index is not None else ()
            self.__dict__["_paths"] = found
        return found

    @property
    def path(self) -> str | None:
        """The path the area is known by: its first square in reading order (or its quick row)."""
        return self.paths[0] if self.paths else None

    @property
    def reason(self) -> str:
        terrain, tasks = self.terrain, self.tasks
        if terrain == "sand":
            return "sand never scores"
        if terrain not in SCORING_TERRAINS or tasks < TASKS_NEEDED:  # not self.scores
            have = "no tasks" if tasks == 0 else plural(tasks, "task")
            return f"does not score: {have}, an area needs {TASKS_NEEDED} or more"
        size, tablets = self.size, self.tablets
        working = plural(size, "square")
        if tablets:
            working += f" + {plural(tablets, 'tablet')} x {TABLET_POINTS}"
        return f"scores {working} = {size + TABLET_POINTS * tablets}"  # self.points

    def line(self) -> str:
        """The explanation line a player reads at the table.

        >>> Area("grass", 10, 4, 1, label="at row 1, column 1").line()
        'Grass area at row 1, column 1 (10 squares, 4 tasks, 1 tablet): scores 10 squares + 1 tablet x 7 = 17'
        >>> Area("soil", 2, 1, 0, label="at row 2, column 5").line()
        'Soil area at row 2, column 5 (2 squares, 1 task): does not score: 1 task, an area needs 3 or more'
        """
        terrain, tasks, tablets = self.terrain, self.tasks, self.tablets
        parts = plural(self.size, "square")
        if terrain != "sand" or tasks:
            parts += ", " + plural(tasks, "task")
        if tablets:
            parts += ", " + plural(tablets, "tablet")
        head = f"{terrain.capitalize()} area {self.label}".rstrip()
        return f"{head} ({parts}): {self.reason}"

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
            "path": self.path,
            "line": self.line(),
        }


def plural(n: int, word: str) -> str:
    """``1 square``, ``2 squares``.

    >>> plural(1, "square"), plural(0, "task")
    ('1 square', '0 tasks')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ------------------------------------------------------------------------- parsing


def read_garden(errors: Errors, value: Any, where: str, *, lenient: bool = False) -> Grid | None:
    """Parse a garden (rows of square objects / nulls, or compact strings, or a mix of both).

    Records every problem in ``errors``.  Strict (the score): returns None if there was any.
    ``lenient`` (the preview of a half-typed board): an unreadable square is left out (a hole)
    and the rest of the garden is returned; None only when the garden has no shape at all.
    """
    before = len(errors)
    if isinstance(value, str):  # the compact form pasted as one text, a row per line
        if len(value) > MAX_ROWS * (MAX_ROW_TEXT + 1):
            errors.add(where, f"is too long: at most {MAX_ROWS} rows of {MAX_ROW_TEXT} characters")
            return None
        value = value.splitlines()
    if not isinstance(value, list):
        errors.add(
            where,
            'must be a list of rows: each row a list of squares or a compact string such as "g g* w5 ."',
        )
        return None
    if len(value) > MAX_ROWS:
        errors.add(where, f"has {len(value)} rows: a garden has at most {MAX_ROWS}")
        return None
    rows: list[tuple[Square | None, ...]] = []
    for r, row in enumerate(value):
        row_where = join(where, r)
        rows.append(_read_row(errors, _row_cells(errors, row, row_where), row_where))
    if len(errors) > before and not lenient:
        return None
    if not any(square is not None for row in rows for square in row) and len(errors) == before:
        errors.add(where, "has no squares: paint at least one square of grass, soil, water or sand")
        if not lenient:
            return None
    return tuple(rows)


def _read_row(errors: Errors, cells: list[Any], row_where: str) -> tuple[Square | None, ...]:
    """The squares of one row (as sent: tokens and square objects)."""
    try:  # a row of tokens each read before without a message: their squares, nothing to say
        clean = _CLEAN_TOKENS
        return tuple([clean[square] for square in cells])
    except (KeyError, TypeError):  # another token, or a square given as an object
        pass
    tokens = _TOKENS
    read: list[Square | None] = []
    for c, square in enumerate(cells):
        if isinstance(square, str):
            hit = tokens.get(square)  # a token read before without a message: _read_cached's answer
            if hit is None or hit[1]:
                read.append(_read_cached(errors, square, row_where, c))
            else:
                read.append(hit[0])
        else:
            read.append(_read_square(errors, square, join(row_where, c)))
    return tuple(read)


def _row_cells(errors: Errors, row: Any, row_where: str) -> list[Any]:
    """The squares of one row as sent (a compact string split at its spaces); none when the row
    cannot be read."""
    cells: list[Any]
    if isinstance(row, str):
        if len(row) > MAX_ROW_TEXT:
            errors.add(row_where, f"is too long: a row is at most {MAX_ROW_TEXT} characters")
            cells = []
        else:
            cells = row.split()
    elif isinstance(row, list):
        cells = row
    else:
        errors.add(row_where, 'must be a list of squares or a compact string such as "g g* w5 ."')
        cells = []
    if len(cells) > MAX_COLUMNS:
        errors.add(row_where, f"has {len(cells)} squares: a row has at most {MAX_COLUMNS}")
        cells = []
    return cells


#: compact token as sent -> its square (or None) and the messages reading it records (a garden
#: repeats a handful of tokens: each is read once); bounded, emptied when full
_TOKENS: dict[str, tuple[Square | None, tuple[str, ...]]] = {}
_TOKENS_MAX = 4096
#: the tokens of _TOKENS read without a message -> their square (a row of them is read at once)
_CLEAN_TOKENS: dict[str, Square | None] = {}
_TOKEN_CACHED_LENGTH = 40  # longer tokens (always a mistake) are read each time, not kept


def _read_cached(errors: Errors, value: str, row_where: str, c: int) -> Square | None:
    """:func:`_read_square` of a compact token, each distinct token read once: the same square
    and the same messages (at this square's path) as reading it again."""
    hit = _TOKENS.get(value)
    if hit is None:
        found = Errors()
        square = _read_token(found, value.strip(), "")
        hit = (square, tuple(e.message for e in found.items))
        if len(value) <= _TOKEN_CACHED_LENGTH:
            if len(_TOKENS) >= _TOKENS_MAX:
                _TOKENS.clear()
                _CLEAN_TOKENS.clear()
            _TOKENS[value] = hit
            if not hit[1]:
                _CLEAN_TOKENS[value] = square
    if hit[1]:
        where = join(row_where, c)
        for message in hit[1]:
            errors.add(where, message)
    return hit[0]


def _read_square(errors: Errors, value: Any, where: str) -> Square | None:
    if value is None:
        return None
    if isinstance(value, str):
        return _read_token(errors, value.strip(), where)
    if not isinstance(value, dict):
        errors.add(
            where,
            'must be a square object {"terrain": ..., "task": ..., "tablet": ..., '
            '"return": ...}, null for no card, or a compact token such as "g*"',
        )
        return None
    terrain = value.get("terrain")
    if terrain is None or terrain == "":
        errors.add(join(where, "terrain"), "is missing: choose grass, soil, water or sand")
        return None
    folded = terrain.strip().lower() if isinstance(terrain, str) else None
    if folded is None or folded not in TERRAINS:
        errors.add(
            join(where, "terrain"), f"{show(terrain)} is not a terrain: choose grass, soil, water or sand"
        )
        return None
    task, ok = _read_task(errors, value.get("task"), where)
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
    return Square(folded, task, bool(tablet), ret if isinstance(ret, str) else None) if ok else None


def _read_task(errors: Errors, raw_task: Any, where: str) -> tuple[Task, bool]:
    """A square object's task (true, a symbol or none) and whether it reads."""
    if raw_task is True:
        return True, True
    if raw_task is None or raw_task is False or raw_task == "":
        return None, True
    if isinstance(raw_task, str) and _SYMBOL.fullmatch(raw_task.strip()):
        return raw_task.strip(), True
    errors.add(
        join(where, "task"),
        f"{show(raw_task)} is not a task: use true, false or a task symbol "
        f"(letters, digits, - or _, at most {MAX_SYMBOL} characters, no spaces)",
    )
    return None, False


def _read_return(errors: Errors, value: Any, terrain: str, where: str) -> str | None | bool:
    """The lost item a square takes back, None for none, False after recording an error."""
    if value is None or value == "" or value is False:
        return None
    folded = value.strip().lower() if isinstance(value, str) else None
    if folded is None or folded not in ITEMS:
        errors.add(where, f"{show(value)} is not a lost item: choose animal, tool or pendant (or null)")
        return False
    if ITEM_TERRAIN[folded] != terrain:
        if terrain == "sand":
            errors.add(
                where,
                f"a lost {folded} is returned to a grass, soil or water square marked 5, "
                "never to sand: this square is sand",
            )
        else:
            errors.add(
                where,
                f"a lost {folded} is returned to {ITEM_TERRAIN[folded]}, but this square is "
                f"{terrain}: a {terrain} return location takes a lost {TERRAIN_ITEM[terrain]}",
            )
        return False
    return folded


def _read_token(errors: Errors, token: str, where: str) -> Square | None:
    """Parse one compact token (``g*7``, ``w5``, ``.``, ``-``); record problems."""
    shown = show(token) if len(token) > 3 else f'"{token}"'
    match = _TOKEN.fullmatch(token)
    if not match:
        errors.add(where, f"{shown} is not a square: {TOKEN_HELP}")
        return None
    letter, markers = match["terrain"].lower(), match["markers"]
    if letter == NO_CARD:
        if markers:
            errors.add(where, f"{shown}: {NO_CARD} means no card, so it takes no markers")
        return None
    terrain = TERRAIN_LETTERS[letter]
    task: Task = None
    tablet = False
    ret: str | None = None
    seen: set[str] = set()
    pos = 0
    ok = True
    while pos < len(markers):
        m = _MARKER.match(markers, pos)
        if not m:
            errors.add(where, f"{shown} is not a square: {TOKEN_HELP}")
            return None
        kind = m.group(0)[0]
        if kind in seen:
            errors.add(where, f"{shown} repeats the marker {kind}: a square takes each marker once")
            return None
        seen.add(kind)
        if kind == TASK_MARK:
            task = _task_marker(errors, m, shown, where)
            if task is False:
                return None
        elif kind == TABLET_MARK:
            tablet = True
        else:
            item = _return_marker(errors, m, terrain, shown, where)
            if item is None:
                ok = False
            else:
                ret = item
        pos = m.end()
    if task is not None and terrain == "sand":
        errors.add(where, f"{shown}: sand has no tasks: tasks lie on grass, soil or water")
        ok = False
    return Square(terrain, task, tablet, ret) if ok else None


def _task_marker(errors: Errors, m: re.Match[str], shown: str, where: str) -> Task:
    """The task of a token's ``*`` marker (True, its letter or its symbol in brackets); False
    after recording a symbol that does not read."""
    if m["long"] is not None:
        if not _SYMBOL.fullmatch(m["long"].strip()):
            errors.add(
                where,
                f"{shown}: a task symbol in brackets is letters, digits, - or _, "
                f"at most {MAX_SYMBOL} characters",
            )
            return False
        return m["long"].strip()
    if m["letter"]:
        return m["letter"].upper()
    return True


def _return_marker(errors: Errors, m: re.Match[str], terrain: str, shown: str, where: str) -> str | None:
    """The lost item of a token's ``5`` marker; None after recording why the square takes none."""
    item = ITEM_LETTERS[m["item"].lower()] if m["item"] else TERRAIN_ITEM.get(terrain)
    if item is None:
        errors.add(where, f'{shown}: sand has no return locations: a "5" lies on grass, soil or water')
        return None
    if _read_return(errors, item, terrain, where) is False:
        return None
    return item


def show(value: Any) -> str:
    """A value as an error message quotes it: at most 40 characters (a long token is cut).

    >>> show("g" * 60)
    '"gggggggggggggggggggggggggggggggggggg..."'
    >>> show(10 ** 40), show(10 ** 5000)
    ('a number of 41 digits', 'a number of more than 4000 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**36:
        if abs(value).bit_length() > 14000:  # str() refuses numbers of more than 4,300 digits
            return "a number of more than 4000 digits"
        return f"a number of {len(str(abs(value)))} digits"
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    if len(text) <= 40:
        return text
    return text[:37] + ('..."' if isinstance(value, str) else "...")


# --------------------------------------------------------------------------- areas


def find_areas(grid: Grid) -> list[Area]:
    """Connected areas of one terrain (orthogonal neighbours only), in reading order of their
    first square.  Sand areas are listed too; they never score.

    Each row is cut into runs of one terrain; a run joins every run of the row above that it
    touches and shares the terrain with (union-find, the earliest run the root: an area's first
    square in reading order is its root's first square)."""
    parent: list[int] = []
    runs: list[tuple[int, int, int]] = []  # (row, first column, column after the last)
    above: list[tuple[int, int, int, str]] = []  # the previous row's runs: (first, after, run, terrain)
    for r, row in enumerate(grid):
        here: list[tuple[int, int, int, str]] = []
        for start, c, terrain in _row_runs(row):
            run = len(runs)
            runs.append((r, start, c))
            parent.append(run)
            for first, after, other, kind in above:
                if first < c and start < after and kind == terrain:
                    _join(parent, other, run)
            here.append((start, c, run, terrain))
        above = here
    members: dict[int, list[tuple[int, int, int]]] = {}  # root -> its runs, in reading order
    for run in range(len(runs)):
        root = run
        while parent[root] != root:
            root = parent[root]
        members.setdefault(root, []).append(runs[run])
    return [_area(grid, parts) for parts in members.values()]


def _row_runs(row: tuple[Square | None, ...]) -> list[tuple[int, int, str]]:
    """A row cut into runs of one terrain: (first column, column after the last, terrain)."""
    found: list[tuple[int, int, str]] = []
    c = 0
    n = len(row)
    while c < n:
        square = row[c]
        if square is None:
            c += 1
            continue
        terrain = square.terrain
        start = c
        c += 1
        while c < n:
            following = row[c]
            if following is None or following.terrain != terrain:
                break
            c += 1
        found.append((start, c, terrain))
    return found


def _area(grid: Grid, parts: list[tuple[int, int, int]]) -> Area:
    """The area made of the runs ``parts`` (in reading order): its squares and what they hold."""
    tasks = tablets = returns = 0
    cells: list[tuple[int, int]] = []
    for r, first, after in parts:
        row = grid[r]
        for c in range(first, after):
            member = row[c]
            assert member is not None
            task = member.task
            if task is not None and task is not False:  # member.has_task
                tasks += 1
            if member.tablet:
                tablets += 1
            if member.ret:
                returns += 1
            cells.append((r, c))
    r, c = cells[0]
    head = grid[r][c]
    assert head is not None
    return Area(
        head.terrain,
        len(cells),
        tasks,
        tablets,
        tuple(cells),
        returns,
        f"at row {r + 1}, column {c + 1}",
    )

def outline(areas: Iterable[Area]) -> dict[tuple[int, int], str]:
    """The sides of each square where its area's outline runs (``t``, ``r``, ``b``, ``l``).

    >>> outline(find_areas(read_compact(["g g", ". g"])))[(0, 1)]
    'tr'
    """
    owner = {sq: i for i, area in enumerate(areas) for sq in area.squares}
    sides = {}
    for (r, c), i in owner.items():
        sides[(r, c)] = "".join(
            side
            for side, near in (("t", (r - 1, c)), ("r", (r, c + 1)), ("b", (r + 1, c)), ("l", (r, c - 1)))
            if owner.get(near) != i
        )
    return sides


def return_locations(grid: Grid) -> dict[str, tuple[tuple[int, int], ...]]:
    """The visible return locations of each kind of lost item: their squares."""
    found: dict[str, list[tuple[int, int]]] = {item: [] for item in ITEMS}
    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            if square is not None and square.ret:
                found[square.ret].append((r, c))
    return {item: tuple(squares) for item, squares in found.items()}


@dataclass(frozen=True)
class Spread:
    """How much of the table a garden covers: its squares and the rows and columns they span."""

    squares: int
    rows: int
    columns: int


def spread(grid: Grid) -> Spread:
    """The painted squares of ``grid`` and the rows and columns from the first to the last of them.

    >>> spread(read_compact(["- - -", "- g g", "- - s"]))
    Spread(squares=3, rows=2, columns=2)
    """
    squares = 0
    rows: list[int] = []
    low = high = 0
    for r, row in enumerate(grid):
        columns = [c for c, square in enumerate(row) if square is not None]
        if columns:
            if not rows:
                low, high = columns[0], columns[-1]
            else:
                low, high = min(low, columns[0]), max(high, columns[-1])
            squares += len(columns)
            rows.append(r)
    if not rows:
        return Spread(0, 0, 0)
    return Spread(squares, rows[-1] - rows[0] + 1, high - low + 1)


CARD_SQUARES = 9  # a pathway card is 3 x 3 squares


def _painted_runs(row: tuple[Square | None, ...]) -> list[tuple[int, int]]:
    """A row cut into runs of painted squares (any terrain): (first column, column after the last)."""
    found: list[tuple[int, int]] = []
    c, n = 0, len(row)
    while c < n:
        if row[c] is None:
            c += 1
            continue
        start = c
        c += 1
        while c < n and row[c] is not None:
            c += 1
        found.append((start, c))
    return found


def _join(parent: list[int], a: int, b: int) -> None:
    """Union-find: the sets of runs ``a`` and ``b`` become one, the earlier root its root."""
    while parent[a] != a:
        a = parent[a]
    while parent[b] != b:
        b = parent[b]
    if a < b:
        parent[b] = a
    elif b < a:
        parent[a] = b


def islands(grid: Grid) -> list[list[tuple[int, int]]]:
    """The painted squares of ``grid`` in pieces joined side by side (any terrain), in reading
    order of their first square.  A garden is a path of 3 x 3 cards, each overlapping the one
    before, so a complete painting is one piece of at least 9 squares (READINGS.md).

    >>> [len(piece) for piece in islands(read_compact(["g g - s", "g - - s"]))]
    [3, 2]
    """
    # As find_areas, on painted squares of any terrain: each row cut into runs of painted squares,
    # a run joined to every run of the row above that it touches (union-find, the earliest run the
    # root), so that a piece's runs, taken in order, list its squares in reading order, and the
    # pieces come in the reading order of their first squares.
    parent: list[int] = []
    runs: list[tuple[int, int, int]] = []  # (row, first column, column after the last)
    above: list[tuple[int, int, int]] = []  # the previous row's runs: (first, after, run)
    for r, row in enumerate(grid):
        here: list[tuple[int, int, int]] = []
        for start, c in _painted_runs(row):
            run = len(runs)
            runs.append((r, start, c))
            parent.append(run)
            for first, after, other in above:
                if first < c and start < after:
                    _join(parent, other, run)
            here.append((start, c, run))
        above = here
    pieces: dict[int, list[tuple[int, int]]] = {}  # root -> its squares, in reading order
    for run, (r, first, after) in enumerate(runs):
        root = run
        while parent[root] != root:
            root = parent[root]
        pieces.setdefault(root, []).extend([(r, c) for c in range(first, after)])
    return list(pieces.values())


def shape_warning(name: str, grid: Grid) -> str | None:
    """The warning for a painted garden no path of cards can make: in pieces, or fewer than 9
    squares (READINGS.md: scored, never refused, since squares that score nothing may be left
    unpainted).  None for a garden that could be one path, and for no painting at all.

    >>> shape_warning("Ann", read_compact(["g g g - w"]))  # doctest: +NORMALIZE_WHITESPACE
    "Ann's garden shows 4 squares in 2 separate pieces (3 squares from row 1, column 1; 1 square from row 1,
    column 5), but pathway cards make one piece of at least 9 squares (each card is 3 x 3 and overlaps the one
    before): check the painting. It is scored as painted, since squares that score nothing may be left
    unpainted"
    >>> shape_warning("Ann", read_compact(["g g g", "g g g", "g g g"])) is None
    True
    """
    pieces = islands(grid)
    if not pieces:
        return None
    total = sum(len(piece) for piece in pieces)
    if len(pieces) == 1 and total >= CARD_SQUARES:
        return None

    def count(n: int) -> str:
        return f"{n} square" if n == 1 else f"{n} squares"

    if len(pieces) > 1:
        shown = "; ".join(f"{count(len(p))} from row {p[0][0] + 1}, column {p[0][1] + 1}" for p in pieces[:4])
        more = f"; {len(pieces) - 4} more" if len(pieces) > 4 else ""
        what = f"{count(total)} in {len(pieces)} separate pieces ({shown}{more})"
    else:
        what = f"only {count(total)}"
    whose = f"{name}'s garden" if name else "This garden"
    return (
        f"{whose} shows {what}, but pathway cards make one piece of at least {CARD_SQUARES} squares (each "
        "card "
        "is 3 x 3 and overlaps the one before): check the painting. It is scored as painted, since squares "
        "that "
        "score nothing may be left unpainted"
    )


# ---------------------------------------------------------------------- public API


def read_compact(garden: Any) -> Grid:
    """A garden (compact strings, rows of squares, or a mix) as a grid of squares; raises
    :class:`~scoring.core.ValidationError` with paths such as ``garden[1][2]``."""
    errors = Errors()
    grid = read_garden(errors, garden, "garden")
    errors.raise_if_any()
    assert grid is not None
    return grid


def parse_compact(rows: Any) -> list[list[dict[str, Any] | None]]:
    """Turn a garden (compact strings, or rows of squares) into rows of square objects.

    Raises :class:`~scoring.core.ValidationError` with paths such as ``garden[1][2]``.

    >>> parse_compact(["s*A -", ". w5"])  # doctest: +NORMALIZE_WHITESPACE
    [[{'terrain': 'soil', 'task': 'A', 'tablet': False, 'return': None}, None], [{'terrain': 'sand', 'task':
    None, 'tablet': False, 'return': None}, {'terrain': 'water', 'task': None, 'tablet': False, 'return':
    'pendant'}]]
    >>> parse_compact([". *"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    scoring.core.ValidationError: garden[0][1]: "*" is not a square: write g (grass), s (soil), w (water), .
    (sand) or - (no card), then optional markers: * task, 7 tablet, 5 return location
    """
    return [[None if s is None else s.to_dict() for s in row] for row in read_compact(rows)]


def to_compact(garden: Any) -> list[str]:
    """Write a garden in the compact text form: one string per row, one token per square.

    >>> to_compact([[{"terrain": "water", "task": "b", "tablet": True}, None, {"terrain": "sand"}]])
    ['w*B7 - .']
    """
    return [" ".join(NO_CARD if s is None else s.token() for s in row) for row in read_compact(garden)]


def compact_rows(garden: Any) -> list[str]:
    r"""A garden as typed or sent, in whatever form the contract takes it (compact text with a row per
    line, compact rows, rows of squares), as compact rows: tokens separated by one space, a token that
    does not read kept as typed (for the checks to name), trailing blank rows dropped.  A garden of
    squares the engine refuses, or anything else, is no rows.

    >>> (compact_rows("g  s\n\n w x \n\n"), compact_rows(["g s", ""]), compact_rows([[{"terrain": "sand"},
    ...     None]]))
    (['g s', '', 'w x'], ['g s'], ['. -'])
    >>> compact_rows([[{"terrain": "lava"}]]), compact_rows(None)
    ([], [])
    """
    if isinstance(garden, list) and all(isinstance(r, str) for r in garden):
        garden = "\n".join(garden)
    if isinstance(garden, str):
        lines = [" ".join(line.split()) for line in garden.splitlines()]
        return lines[: max((i + 1 for i, line in enumerate(lines) if line), default=0)]
    try:  # rows of square objects (from the API)
        return to_compact(garden) if isinstance(garden, list) else []
    except ValidationError:
        return []


__all__ = [
    "Area",
    "Grid",
    "Spread",
    "Square",
    "ValidationError",
    "cell",
    "compact_rows",
    "find_areas",
    "grammar",
    "outline",
    "parse_compact",
    "plural",
    "read_compact",
    "read_garden",
    "return_locations",
    "show",
    "spread",
    "to_compact",
]
