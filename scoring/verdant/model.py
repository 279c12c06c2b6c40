"""Immutable Verdant end-of-game state, produced by :mod:`scoring.verdant.parse`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import catalog as _catalog


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, in the plural unless ``n`` is 1.

    >>> plural(1, "plant"), plural(3, "plant"), plural(2, "pair", "pairs of pots")
    ('1 plant', '3 plants', '2 pairs of pots')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


#: the labels of every item token and room type (Item.label, Room.label), worked out once
_ITEM_LABELS = {
    (color, kind): f"{color.capitalize()} {kind}" for color in _catalog.TYPES for kind in _catalog.ITEM_KINDS
}
_ROOM_LABELS = {t: f"{t.capitalize()} room" for t in _catalog.TYPES}
#: Cell.where() of every place of a 5x3 home
_WHERE = {(r, c): f"row {r + 1}, card {c + 1}" for r in range(3) for c in range(5)}


@dataclass(frozen=True)
class Item:
    """A furniture or pet token: ``kind`` (table ... dog) and ``color`` (a plant/room type)."""

    kind: str
    color: str

    # the frozen dataclass's own, without its setattr calls
    def __init__(self, kind: str, color: str) -> None:
        d = self.__dict__
        d["kind"] = kind
        d["color"] = color

    def label(self) -> str:
        known = _ITEM_LABELS.get((self.color, self.kind))
        return known if known is not None else f"{self.color.capitalize()} {self.kind}"


@dataclass(frozen=True)
class Plant:
    name: str | None  # None when entered by its attributes
    type: str
    needs: int
    points: int
    light: tuple[str, ...] | None  # None when unknown (attributes without lighting)
    pot: str | None  # concrete | wood | ceramic | terracotta; None = incomplete
    verdancy: int  # on an incomplete plant

    # as the dataclass's, without its setattr calls
    def __init__(
        self,
        name: str | None,
        type: str,  # noqa: A002
        needs: int,
        points: int,
        light: tuple[str, ...] | None,
        pot: str | None,
        verdancy: int,
    ) -> None:
        d = self.__dict__
        d["name"] = name
        d["type"] = type
        d["needs"] = needs
        d["points"] = points
        d["light"] = light
        d["pot"] = pot
        d["verdancy"] = verdancy

    @property
    def complete(self) -> bool:
        return self.pot is not None

    def label(self) -> str:
        return self.name or f"{self.type.capitalize()} plant ({self.points} pts, needs {self.needs})"


@dataclass(frozen=True)
class Room:
    name: str | None  # catalog name ("Vining room 3") when known
    type: str
    edges: dict[str, str] | None  # top/right/bottom/left -> sun/semi/shade; None when unknown
    item: Item | None
    card_id: int | None = None

    # as the dataclass's, without its setattr calls
    def __init__(
        self,
        name: str | None,
        type: str,  # noqa: A002
        edges: dict[str, str] | None,
        item: Item | None,
        card_id: int | None = None,
    ) -> None:
        d = self.__dict__
        d["name"] = name
        d["type"] = type
        d["edges"] = edges
        d["item"] = item
        d["card_id"] = card_id

    def label(self) -> str:
        known = _ROOM_LABELS.get(self.type)
        return known if known is not None else f"{self.type.capitalize()} room"


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    card: Plant | Room
    path: str  # where the card is in the input: players[0].home[1][2] or players[0].cards[4]
    # isinstance(card, Plant), worked out once (read in every rule's inner loop)
    is_plant: bool = field(init=False, repr=False, compare=False)
    # the contract path relative to the player (home[1][2], cards[4]): what explanation lines name
    ref: str = field(init=False, repr=False, compare=False)
    # the card as a Plant (cells of ``PlayerState.plants``) or as a Room (of ``.rooms``): the
    # rules read them in every inner loop; the other one is None
    plant: Plant = field(init=False, repr=False, compare=False)
    room: Room = field(init=False, repr=False, compare=False)

    def __init__(self, row: int, col: int, card: Plant | Room, path: str) -> None:
        # as the dataclass's (then __post_init__, written out here), without its setattr calls
        d = self.__dict__
        d["row"] = row
        d["col"] = col
        d["card"] = card
        d["path"] = path
        is_plant = d["is_plant"] = type(card) is Plant or isinstance(card, Plant)
        head, dot, rest = path.partition(".")
        d["ref"] = rest if dot and head.startswith("players[") else path
        d["plant"] = card if is_plant else None
        d["room"] = None if is_plant else card

    def where(self) -> str:
        # the seat page's words ("Row 1, card 1"); the places of a 5x3 home written once
        known = _WHERE.get((self.row, self.col))
        return known if known is not None else f"row {self.row + 1}, card {self.col + 1}"


_AROUND: dict[tuple[int, int], tuple[tuple[str, tuple[int, int]], ...]] = {}


def _around(pos: tuple[int, int]) -> tuple[tuple[str, tuple[int, int]], ...]:
    """(side, the place next to ``pos`` on that side): top, right, bottom, left (kept for the
    places a home has: a 5x3 home's, or modification 6's, at most a few hundred)."""
    found = _AROUND.get(pos)
    if found is None:
        r, c = pos
        found = (("top", (r - 1, c)), ("right", (r, c + 1)), ("bottom", (r + 1, c)), ("left", (r, c - 1)))
        if len(_AROUND) < 4096:
            _AROUND[pos] = found
    return found


#: the places of a 5x3 home -> (side, the place on that side) for the sides inside the home
_GRID_AROUND = {
    (r, c): tuple(
        (side, place) for side, place in _around((r, c)) if 0 <= place[0] < 3 and 0 <= place[1] < 5
    )
    for r in range(3)
    for c in range(5)
}


@dataclass(frozen=True)
class PlayerState:
    name: str
    green_thumbs: int
    storage: str | Item | None  # a nurture token name, a furniture/pet Item, or nothing
    cells: tuple[Cell, ...]
    goals: tuple[tuple[str, ...], ...] = ()  # per deck, the candidate goal names (2 under modification 4)
    index: int = 0  # position in the input's players list
    given: frozenset[str] = frozenset()  # the board's keys given in the input (green_thumbs, storage ...)
    # Derived views, worked out once (the state is immutable); left out of equality, hash and repr.
    _plants: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    _rooms: tuple[Cell, ...] = field(init=False, repr=False, compare=False)
    _by_position: dict[tuple[int, int], Cell] = field(init=False, repr=False, compare=False)
    _neighbours: dict[tuple[int, int], tuple[tuple[str, Cell], ...]] = field(
        init=False, repr=False, compare=False
    )
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)
    plant_refs: tuple[str, ...] = field(init=False, repr=False, compare=False)  # every plant's path (refs)
    room_refs: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        name: str,
        green_thumbs: int,
        storage: str | Item | None,
        cells: tuple[Cell, ...],
        goals: tuple[tuple[str, ...], ...] = (),
        index: int = 0,
        given: frozenset[str] = frozenset(),
    ) -> None:
        # as the frozen dataclass's (then its __post_init__, written out here), without its
        # setattr calls
        d = self.__dict__
        d["name"] = name
        d["green_thumbs"] = green_thumbs
        d["storage"] = storage
        d["cells"] = cells
        d["goals"] = goals
        d["index"] = index
        d["given"] = given
        by_position: dict[tuple[int, int], Cell] = {}
        for cell in cells:
            # the first card at a position, as a scan finds it
            by_position.setdefault((cell.row, cell.col), cell)
        at = by_position.get
        neighbours: dict[tuple[int, int], tuple[tuple[str, Cell], ...]] = {}
        if by_position.keys() == _GRID_AROUND.keys():  # a full 5x3 home: the neighbours are known
            for pos in by_position:
                neighbours[pos] = tuple([(side, by_position[place]) for side, place in _GRID_AROUND[pos]])
        else:
            for pos in by_position:
                found: list[tuple[str, Cell]] = []
                for side, place in _around(pos):  # top, right, bottom, left
                    other = at(place)
                    if other is not None:
                        found.append((side, other))
                neighbours[pos] = tuple(found)
        plants = tuple([c for c in cells if c.is_plant])
        rooms = tuple([c for c in cells if not c.is_plant])
        d["_plants"] = plants
        d["_rooms"] = rooms
        d["_by_position"] = by_position
        d["_neighbours"] = neighbours  # (row, col) -> neighbours() of a card there
        d["memo"] = {}  # rules' per-player results worked out once (see rules.room_score)
        d["plant_refs"] = tuple([c.ref for c in plants])
        d["room_refs"] = tuple([c.ref for c in rooms])

    @property
    def plants(self) -> list[Cell]:
        return list(self._plants)

    @property
    def plant_cells(self) -> tuple[Cell, ...]:
        """The plants' cells (``plants`` without the copy: for reading)."""
        return self._plants

    @property
    def room_cells(self) -> tuple[Cell, ...]:
        """The rooms' cells (``rooms`` without the copy: for reading)."""
        return self._rooms

    @property
    def rooms(self) -> list[Cell]:
        return list(self._rooms)

    def at(self, row: int, col: int) -> Cell | None:
        return self._by_position.get((row, col))

    def neighbours(self, cell: Cell) -> tuple[tuple[str, Cell], ...]:
        """(side of ``cell`` that touches it, neighbour) for each orthogonal neighbour."""
        found = self._neighbours.get((cell.row, cell.col))
        if found is not None:
            return found
        out: list[tuple[str, Cell]] = []  # a position no card of this home is at
        for side, dr, dc in (("top", -1, 0), ("right", 0, 1), ("bottom", 1, 0), ("left", 0, -1)):
            other = self.at(cell.row + dr, cell.col + dc)
            if other is not None:
                out.append((side, other))
        return tuple(out)

    def rows(self) -> list[list[Cell]]:
        """The home's horizontal rows, top first, each left to right."""
        keys = sorted({c.row for c in self.cells})
        return [sorted((c for c in self.cells if c.row == r), key=lambda c: c.col) for r in keys]


@dataclass(frozen=True)
class ScenarioPlay:
    """A scenario game (``options.scenario``): its number, each player's declarations (in input
    order) and warnings about goal cards other than the scenario's assumed ones."""

    number: int
    declared: tuple[frozenset[str], ...]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameState:
    variant: str  # standard | family
    modification: int | None
    player_count: int
    players: tuple[PlayerState, ...]
    goal_decks: tuple[str, ...] = field(default_factory=tuple)
    scenario: ScenarioPlay | None = None  # see campaign.py
    partial: bool = False  # fewer boards than player_count: no winner, nothing that needs the others
    one_card_rows: bool = False  # option: a row holding one card of a kind counts for the row goals

    @property
    def multiplayer(self) -> bool:
        return self.player_count > 1

    @property
    def solo(self) -> bool:
        return self.player_count == 1

    @property
    def family(self) -> bool:
        return self.variant == "family"
