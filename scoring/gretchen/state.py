"""Reading and checking a Gretchen's Garden table: JSON -> immutable state, or every problem.

A player's ``display`` is the row of cards left to right: exactly one ``{"money_plant": true}``
and pots (``{"pot": {"color", "size"}, "plant": null | {"name", "leaves", "flower"}}``).

:func:`parse` is strict: a table it returns is one a box of the game can produce, or it raises
:class:`~scoring.core.ValidationError` listing every problem.  :func:`read` is the same walk, but
also hands back what *does* read (every place that parses on its own), for the seat preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import (
    Errors,
    FieldError,
    ValidationError,
    get_bool,
    get_choice,
    get_int,
    join,
    options_of,
    seating,
)
from .catalog import (
    COLORS,
    FOUR_LEAF_MARKERS,
    MARKERS,
    MAX_WATER,
    MONEY_PLANT_CAPACITY,
    PLANTS,
    POT_COLORS,
    POT_SIZES,
    SEASONS,
    SPECIAL_PLANTS_IN_DECK,
    STARTING_POTS_PER_PLAYER,
    SUCCULENTS,
    SUCCULENTS_IN_DECK,
    Plant,
    PotKind,
    find_plant,
    leaf_capacity,
    pot_kind,
)
from .schema import CALICO_READINGS, MAX_DISPLAY, MAX_PLAYERS, MIN_PLAYERS, TABLE, unknown_keys

TITLE = "Gretchen's Garden"


def starting_row() -> dict[str, Any]:
    """A seat at the start of the game: the two gray starting pots either side of the Money Plant
    (3 leaves, as most seats start with; the start player and the next have 2)."""
    return {
        "money_plant_leaves": 3,
        "watering_can": 0,
        "display": [
            {"pot": {"color": "gray", "size": 2}, "plant": None},
            {"money_plant": True},
            {"pot": {"color": "gray", "size": 2}, "plant": None},
        ],
    }


def place_name(index: int, money_at: int | None) -> str:
    """How a player finds place ``index`` of the row: ``left 2`` / ``right 1`` from the Money
    Plant at ``money_at``; ``place 3`` (counted from the left, from 1) while the row has none.

    >>> place_name(0, 2), place_name(3, 2), place_name(4, None)
    ('left 2', 'right 1', 'place 5')
    """
    if money_at is None:
        return f"place {index + 1}"
    return f"{'left' if index < money_at else 'right'} {abs(index - money_at)}"


@dataclass(frozen=True)
class PlantInPot:
    plant: Plant
    leaves: int
    flower: bool


@dataclass(frozen=True)
class Slot:
    """One place in the row: the Money Plant, a pot card with or without a plant, or (in a
    preview) a place that does not read yet, which holds nothing."""

    index: int  # the place in the row: display[index]
    # signed places from the Money Plant: -2 second to the left; None: no Money Plant yet
    position: int | None
    pot: PotKind | None  # None for the Money Plant and for a place that does not read
    plant: PlantInPot | None = None
    money: bool = False

    @property
    def money_plant(self) -> bool:
        return self.money

    @property
    def path(self) -> str:
        """The place's contract path, relative to the player: ``display[3]``."""
        return f"display[{self.index}]"

    @property
    def where(self) -> str:
        """``left 2`` / ``right 1``: the place as a player finds it from the Money Plant."""
        return place_name(self.index, None if self.position is None else self.index - self.position)


@dataclass(frozen=True)
class PlayerState:
    name: str
    money_plant_leaves: int
    watering_can: int
    display: tuple[Slot, ...]  # left to right, Money Plant included

    @property
    def pots(self) -> tuple[Slot, ...]:
        """Places holding a pot card (not the Money Plant)."""
        return tuple(s for s in self.display if s.pot is not None)

    @property
    def plants(self) -> tuple[Slot, ...]:
        """Pots holding a plant (the Money Plant is not among them)."""
        return tuple(s for s in self.display if s.plant is not None)

    @property
    def money_slot(self) -> Slot | None:
        return next((s for s in self.display if s.money), None)

    def actions(self) -> tuple[int, int, int]:
        """(bought pots, plants, flowers): each took one action of this player."""
        bought = sum(1 for s in self.pots if s.pot is not None and s.pot.kind != "starting")
        flowers = sum(1 for s in self.plants if s.plant is not None and s.plant.flower)
        return bought, len(self.plants), flowers


@dataclass(frozen=True)
class Options:
    money_plant_pot_scores: bool = False
    calico_hearts_distance: str = "places"  # a key of CALICO_READINGS
    aloe_vera_max_4: bool = False


@dataclass(frozen=True)
class Table:
    players: tuple[PlayerState, ...]
    player_count: int
    options: Options = Options()
    partial: bool = False  # fewer boards than players at the table
    one_board: bool = False  # a single board scored on its own
    note: str | None = None  # the seating's warning (partial table, one board)

    @property
    def money_plant_pot_scores(self) -> bool:
        return self.options.money_plant_pot_scores

    @property
    def everyone(self) -> bool:
        """Every player of the game is here (comparisons with the others are final)."""
        return not self.partial and not self.one_board


@dataclass(frozen=True)
class Board:
    """One player's board as far as it reads: ``state`` holds every place that parses on its own
    (a place that does not is in ``broken`` and holds nothing; an unreadable count is 0); None when
    there is no row to read.  ``ok``: the board has no problem of its own."""

    state: PlayerState | None
    broken: frozenset[int] = frozenset()
    ok: bool = False


@dataclass(frozen=True)
class Reading:
    """What :func:`read` found: the table (its legal boards, the seating and the options), every
    board as far as it reads, and the problems."""

    table: Table
    boards: tuple[Board, ...]
    errors: tuple[FieldError, ...]


# ----------------------------------------------------------------------------- the whole table


def parse(table: Any) -> Table:
    """Check a whole table and return its state; raise ValidationError listing every problem."""
    found = read(table)
    if found.errors:
        raise ValidationError(found.errors)
    return found.table


def read(table: Any) -> Reading:
    """Walk a whole table: every problem (in the order of the input), every board as far as it
    reads, and the table of the legal boards."""
    errors = Errors()
    errors.items.extend(unknown_keys(TABLE, table))
    seat = seating(errors, table, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, title=TITLE)
    _say_how_many(errors, len(seat.players))
    options = read_options(errors, table)
    boards = tuple(read_player(errors, raw, f"players[{i}]") for i, raw in enumerate(seat.players))
    players = [b.state if b.ok else None for b in boards]
    shape = Table((), seat.count, options, seat.partial, seat.one_board, seat.note(TITLE, MIN_PLAYERS))
    _check_table(errors, players, shape)
    legal = tuple(p for p in players if p is not None)
    return Reading(replace(shape, players=legal), boards, tuple(errors.items))


def _say_how_many(errors: Errors, sent: int) -> None:
    """The game's own words for too many boards (the shared check says "this game takes ...")."""
    for k, item in enumerate(errors.items):
        if item.path == "players" and item.message.startswith(f"has {sent} players: this game takes"):
            errors.items[k] = FieldError(
                "players",
                f"has {sent} players: {TITLE} is for {MIN_PLAYERS} to "
                f"{MAX_PLAYERS} players; to score one board on its own, send just that board",
            )


def read_options(errors: Errors, table: Any) -> Options:
    """The options (unknown keys are the schema's to refuse)."""
    options = options_of(table)
    calico = get_choice(
        errors, options, "calico_hearts_distance", "options", tuple(CALICO_READINGS), default="places"
    )
    return Options(
        get_bool(errors, options, "money_plant_pot_scores", "options"),
        calico or "places",
        get_bool(errors, options, "aloe_vera_max_4", "options"),
    )


# ------------------------------------------------------------------------------------ one player


def read_player(errors: Errors, raw: Any, path: str) -> Board:
    """One player's board: its problems into ``errors``, and what reads."""
    if not isinstance(raw, dict) or not raw:  # not an object: the seating check already said so
        return Board(None)
    before = len(errors)
    probe = Errors()
    leaves = get_int(probe, raw, "money_plant_leaves", path, minimum=0, maximum=MONEY_PLANT_CAPACITY)
    if leaves is None:
        errors.add(
            join(path, "money_plant_leaves"),
            f"{probe.items[0].message} (the Money Plant's pot holds at most {MONEY_PLANT_CAPACITY} leaves)",
        )
    can = get_int(errors, raw, "watering_can", path, minimum=0, maximum=MAX_WATER)
    row = _display(errors, raw.get("display"), join(path, "display"))
    name = raw.get("name")
    if row is None:
        return Board(None)
    slots, broken = row
    state = PlayerState(name if isinstance(name, str) else "", leaves or 0, can or 0, slots)
    ok = len(errors) == before and isinstance(name, str)
    if ok:
        ok = _check_actions(errors, state, join(path, "display"))
    return Board(state, broken, ok)


def _check_actions(errors: Errors, player: PlayerState, path: str) -> bool:
    """Each bought pot, each plant (bought or cut) and each flower took one of the player's 12
    actions; nothing else brings a card or a flower into a collection, and nothing takes one out."""
    bought, plants, flowers = player.actions()
    needed = bought + plants + flowers
    if needed <= SEASONS:
        return True
    errors.add(
        path,
        f"needs {needed} actions ({_n(bought, 'bought pot')}, {_n(plants, 'plant')}, "
        f"{_n(flowers, 'flower')}: each is one action, a buy, a cutting or a flowering): a game has "
        f"{SEASONS} seasons of one action each",
    )
    return False


def _n(count: int, one: str) -> str:
    return f"{count} {one}{'' if count == 1 else 's'}"


Cell = tuple[PotKind | None, PlantInPot | None, bool]  # (pot, plant, is the Money Plant)


def _display(errors: Errors, raw: Any, path: str) -> tuple[tuple[Slot, ...], frozenset[int]] | None:
    """The row's places (None when there is no row to read) and the places that do not read."""
    if not isinstance(raw, list):
        errors.add(path, 'must be the row of cards, left to right: pots and one {"money_plant": true}')
        return None
    if len(raw) > MAX_DISPLAY:
        errors.add(
            path,
            f"has {len(raw)} places: at most {MAX_DISPLAY} (24 pots from the deck, "
            f"{STARTING_POTS_PER_PLAYER} starting pots and the Money Plant)",
        )
        return None
    before = len(errors)
    cells, money_at, broken = _read_places(errors, raw, path)
    if not money_at:
        errors.add(path, 'has no Money Plant: put {"money_plant": true} where it stands in the row')
    centre = money_at[0] if money_at else None
    _third_starting_pots(errors, cells, broken, path, clean=len(errors) == before)
    slots = tuple(
        Slot(i, None if centre is None else i - centre, None, None, money)
        if i in broken or money
        else Slot(i, None if centre is None else i - centre, pot, plant)
        for i, (pot, plant, money) in enumerate(cells)
    )
    return slots, frozenset(broken)


def _read_places(errors: Errors, raw: list[Any], path: str) -> tuple[list[Cell], list[int], set[int]]:
    """Each place of the row read: its cell, the places of the Money Plants and those that do not read."""
    money_at: list[int] = []
    broken: set[int] = set()
    cells: list[Cell] = []
    for i, cell in enumerate(raw):
        where = join(path, i)
        mark = len(errors)
        if not isinstance(cell, dict):
            errors.add(
                where, 'must be a pot {"pot": {...}, "plant": ...} or the Money Plant {"money_plant": true}'
            )
            cells.append((None, None, False))
        elif get_bool(errors, cell, "money_plant", where):
            if money_at:
                errors.add(
                    join(where, "money_plant"),
                    f"is a second Money Plant (the first is at place {money_at[0]}): "
                    "each player has exactly one Money Plant",
                )
            _money_place_holds_nothing(errors, cell, where)
            cells.append((None, None, not money_at))
            money_at.append(i)
        else:
            pot, plant = _pot_cell(errors, cell, where)
            cells.append((pot, plant, False))
        if len(errors) > mark:
            broken.add(i)
    return cells, money_at, broken


def _third_starting_pots(
    errors: Errors, cells: list[Cell], broken: set[int], path: str, *, clean: bool
) -> None:
    """Mark the gray starting pots past the player's own as broken (an error only if the row read clean)."""
    starting = 0
    for i, (pot, _, _) in enumerate(cells):
        if pot is not None and pot.kind == "starting" and i not in broken:
            starting += 1
            if starting > STARTING_POTS_PER_PLAYER:
                broken.add(i)
                if clean:
                    errors.add(
                        join(join(path, i), "pot"),
                        f"is a third gray pot: each player has only "
                        f"{STARTING_POTS_PER_PLAYER} gray starting pots",
                    )


def _money_place_holds_nothing(errors: Errors, cell: dict[str, Any], where: str) -> None:
    """The Money Plant's place is the player board: no pot card, no other plant on it."""
    if cell.get("pot") is not None:
        errors.add(
            join(where, "pot"),
            "is on the Money Plant's place: the Money Plant stands in its own pot on the "
            "player board; a pot card takes a place of its own in the row",
        )
    if cell.get("plant") is not None:
        errors.add(
            join(where, "plant"),
            "is on the Money Plant's place: a place is either the Money Plant or a pot "
            "with a plant, never both; put this plant in a pot of its own place",
        )


def _pot_cell(errors: Errors, cell: dict[str, Any], where: str) -> tuple[PotKind | None, PlantInPot | None]:
    pot = _pot(errors, cell.get("pot"), join(where, "pot"))
    raw_plant = cell.get("plant")
    if raw_plant is None:
        return pot, None
    return pot, _plant(errors, raw_plant, join(where, "plant"), pot, cell.get("pot"))


def _pot(errors: Errors, raw: Any, path: str) -> PotKind | None:
    if raw is None:
        errors.add(path, 'is missing: every place but the Money Plant is a pot {"color": ..., "size": ...}')
        return None
    if not isinstance(raw, dict):
        errors.add(path, 'must be a pot {"color": ..., "size": ...}')
        return None
    color = raw.get("color")
    folded = color.strip().lower() if isinstance(color, str) else None
    if folded == "grey":
        folded = "gray"
    if folded not in POT_COLORS:
        shown = f'"{color}"' if isinstance(color, str) and len(color) <= 30 else "this"
        verb = "is missing: choose" if color in (None, "") else f"{shown} is not a pot colour: choose"
        errors.add(join(path, "color"), f"{verb} one of " + ", ".join(POT_COLORS))
        return None
    sizes = POT_SIZES[folded]
    allowed = (
        " or ".join(str(s) for s in sizes) if len(sizes) < 3 else f"{sizes[0]}, {sizes[1]} or {sizes[2]}"
    )
    size = get_int(Errors(), raw, "size", path, minimum=0)
    kind = pot_kind(folded, size) if size is not None else None
    if kind is None:
        value = raw.get("size")
        if value is None or value == "":
            errors.add(join(path, "size"), f"is missing: a {folded} pot has size {allowed}")
        else:
            shown = repr(value) if len(repr(value)) <= 20 else "this"
            errors.add(join(path, "size"), f"cannot be {shown}: a {folded} pot has size {allowed}")
    return kind


def _plant(errors: Errors, raw: Any, path: str, pot: PotKind | None, raw_pot: Any) -> PlantInPot | None:
    if not isinstance(raw, dict):
        errors.add(path, 'must be null (an empty pot) or a plant {"name": ..., "leaves": ..., "flower": ...}')
        return None
    name = raw.get("name")
    plant = find_plant(name)
    if plant is None:
        if isinstance(name, str) and name.strip().casefold().replace(" ", "") == "moneyplant":
            errors.add(
                join(path, "name"),
                'the Money Plant is not potted here: mark its place with {"money_plant": true} '
                "and give its leaves as money_plant_leaves",
            )
        elif name is None or (isinstance(name, str) and not name.strip()):
            errors.add(
                join(path, "name"), "is missing: enter the plant's name, or make the pot empty (plant null)"
            )
        else:
            shown = f'"{name}"' if isinstance(name, str) and len(name) <= 40 else "this"
            errors.add(
                join(path, "name"),
                f"{shown} is not a plant of Gretchen's Garden: choose one of "
                + ", ".join(p.name for p in PLANTS),
            )
    flower = get_bool(errors, raw, "flower", path)
    if plant is None or pot is None:
        get_int(errors, raw, "leaves", path, minimum=0)
        return None
    capacity = leaf_capacity(pot.size, plant.name)
    if plant.name == "Pet Rock":
        rule = "Pet Rock never holds leaves: enter 0"
    elif plant.name == "String of Pearls":
        rule = f'"String of Pearls" in a size-{pot.size} pot holds 0 to {capacity} leaves (pot size + 6)'
    else:
        rule = f'"{plant.name}" in a size-{pot.size} pot holds 0 to {capacity} leaves'
    probe = Errors()
    leaves = get_int(probe, raw, "leaves", path, minimum=0)
    if leaves is None:
        missing = raw.get("leaves") in (None, "")
        errors.add(join(path, "leaves"), ("is missing: " if missing else "must be a whole number: ") + rule)
        return None
    if leaves > capacity:
        errors.add(join(path, "leaves"), f"has {leaves} {'leaf' if leaves == 1 else 'leaves'}: {rule}")
        return None
    if flower:
        problem = _flower_problem(plant, pot)
        if problem:
            errors.add(join(path, "flower"), problem)
            return None
    return PlantInPot(plant, leaves, flower)


def _flower_problem(plant: Plant, pot: PotKind) -> str | None:
    if plant.color == "gray":
        return f'"{plant.name}" is gray and cannot flower: only coloured succulents and Rainbow West flower'
    if pot.color == "gray":
        return (
            f'"{plant.name}" cannot flower in a gray pot: a plant flowers in a pot of its own colour '
            "or a rainbow pot (gray is not a colour)"
        )
    if plant.name == "Rainbow West" or pot.color == "rainbow" or pot.color == plant.color:
        return None
    return (
        f'"{plant.name}" is {plant.color} and cannot flower in a {pot.color} pot: it needs a '
        f"{plant.color} or rainbow pot"
    )


def flower_color(slot: Slot) -> str | None:
    """The colour of the flower on this plant; ``"any"`` for Rainbow West in a rainbow pot (it took
    some free colour); None without a flower."""
    if slot.plant is None or not slot.plant.flower or slot.pot is None:
        return None
    if slot.plant.plant.name == "Rainbow West":
        return "any" if slot.pot.color == "rainbow" else slot.pot.color
    return slot.plant.plant.color


# ---------------------------------------------------------------------------- across the table


@dataclass
class _Census:
    """The cards the rows seen so far hold, to find those one game cannot hold."""

    player_count: int
    specials_allowed: int
    first_of_colour: dict[str, tuple[str, str]] = field(default_factory=dict)  # colour -> (succulent, where)
    plant_copies: dict[str, int] = field(default_factory=dict)
    pot_copies: dict[tuple[str, int], int] = field(default_factory=dict)
    flowers: dict[str, str] = field(default_factory=dict)
    wild_flowers: list[str] = field(default_factory=list)
    specials: list[str] = field(default_factory=list)


def _check_table(errors: Errors, players: Sequence[PlayerState | None], table: Table) -> None:
    """Copies, one succulent per colour, one flower per colour, specials dealt for the player
    count, cuttings that had someone to cut from, and the markers in the box."""
    player_count = table.player_count
    specials_allowed = SPECIAL_PLANTS_IN_DECK.get(player_count, max(SPECIAL_PLANTS_IN_DECK.values()))
    census = _Census(player_count, specials_allowed)
    flowers = census.flowers
    for p_index, player in enumerate(players):
        if player is None:
            continue
        for slot in player.display:
            path = f"players[{p_index}].{slot.path}"
            owner = f"{player.name}'s row, {slot.where}"
            _count_pot(errors, census, slot.pot, path)
            if slot.plant is None:
                continue
            _count_plant(errors, census, slot.plant.plant, path, owner)
            _count_flower(errors, census, slot, slot.plant.plant, path, owner)
    for path in census.wild_flowers:  # Rainbow West in a rainbow pot takes any colour still free
        if len(flowers) >= len(COLORS):
            errors.add(
                join(path, "plant.flower"),
                "Rainbow West has no free flower colour left: all 6 colours "
                "already flower elsewhere and each colour flowers only once per game",
            )
        flowers[f"any{path}"] = "Rainbow West"
    if table.everyone and all(p is not None for p in players):
        _check_cuttings(errors, [p for p in players if p is not None], player_count)
    _check_markers(errors, [p for p in players if p is not None])


def _count_pot(errors: Errors, census: _Census, pot: PotKind | None, path: str) -> None:
    """One more pot card of the deck (the gray starting pots are not in it): no more than the game has."""
    pot_copies = census.pot_copies
    if pot is not None and pot.kind != "starting":
        key = (pot.color, pot.size)
        pot_copies[key] = pot_copies.get(key, 0) + 1
        if pot_copies[key] > pot.copies:
            errors.add(join(path, "pot"), f"is one {pot.label} too many: the game has only {pot.copies}")


def _count_plant(errors: Errors, census: _Census, plant: Plant, path: str, owner: str) -> None:
    """One more plant card: its copies, the special plants dealt, one succulent of each colour."""
    plant_copies, specials = census.plant_copies, census.specials
    player_count, specials_allowed = census.player_count, census.specials_allowed
    plant_copies[plant.name] = plant_copies.get(plant.name, 0) + 1
    if plant_copies[plant.name] > plant.copies:
        copies = "1 copy" if plant.copies == 1 else f"{plant.copies} copies"
        errors.add(join(path, "plant.name"), f'is one "{plant.name}" too many: the game has only {copies}')
    if plant.special and plant_copies[plant.name] == 1:
        specials.append(plant.name)
        if len(specials) > specials_allowed:
            errors.add(
                join(path, "plant.name"),
                f"is one special plant too many: a {player_count}-player "
                f"game deals only {specials_allowed} special plants into the deck",
            )
    if plant.color in COLORS:
        seen = census.first_of_colour.setdefault(plant.color, (plant.name, owner))
        if seen[0] != plant.name:
            errors.add(
                join(path, "plant.name"),
                f'"{plant.name}" and "{seen[0]}" ({seen[1]}) are both '
                f"{plant.color}: a game uses only one succulent of each colour",
            )


def _count_flower(errors: Errors, census: _Census, slot: Slot, plant: Plant, path: str, owner: str) -> None:
    """The place's flower: each colour flowers once per game (Rainbow West's is settled last)."""
    flowers = census.flowers
    colour = flower_color(slot)
    if colour == "any":
        census.wild_flowers.append(path)
    elif colour is not None:
        if colour in flowers:
            errors.add(
                join(path, "plant.flower"),
                f"the {colour} flower is already on {flowers[colour]}: "
                "each colour flowers only once per game",
            )
        else:
            flowers[colour] = f'"{plant.name}" ({owner})'


def _check_cuttings(errors: Errors, players: Sequence[PlayerState], player_count: int) -> None:
    """Rulebook, Setup 5: the plant deck gets 1, 2 or 3 succulents of each type (2, 3, 4 players);
    the other copies stay in the supply pile and come out only by "B) Cut another player's plant",
    whose plant stays where it is (no action takes a plant out of a collection).  So copies beyond
    the deck's need another player holding that succulent at the end."""
    in_deck = SUCCULENTS_IN_DECK.get(player_count)
    if in_deck is None:
        return
    for plant in SUCCULENTS:
        owned = [
            [s for s in p.plants if s.plant is not None and s.plant.plant.name == plant.name] for p in players
        ]
        total = sum(len(cards) for cards in owned)
        owners = [i for i, cards in enumerate(owned) if cards]
        if total <= in_deck or len(owners) != 1:
            continue
        i = owners[0]
        cut = owned[i][in_deck]
        errors.add(
            f"players[{i}].{cut.path}.plant.name",
            f'is a cutting with nobody to cut from: all {total} "{plant.name}" on the table are in '
            f"{players[i].name}'s row, a {player_count}-player game deals only {in_deck} into the plant "
            "deck, "
            f'and every other copy is a cutting, taken only from another player\'s "{plant.name}" (which '
            "stays in their row)",
        )


def marker_need(players: Sequence[PlayerState]) -> tuple[int, int, int]:
    """(leaves, water, single markers needed): the leaves on every plant and Money Plant and the
    water in every watering can, made of the box's markers: a "4 leaves" marker stands for 4
    leaves on one plant, every other leaf and every water is one double-sided marker."""
    stacks = [s.plant.leaves for p in players for s in p.plants if s.plant is not None]
    stacks += [p.money_plant_leaves for p in players]
    water = sum(p.watering_can for p in players)
    fours = sum(n // 4 for n in stacks)
    singles = sum(n % 4 for n in stacks) + water + 4 * max(0, fours - FOUR_LEAF_MARKERS)
    return sum(stacks), water, singles


def _check_markers(errors: Errors, players: Sequence[PlayerState]) -> None:
    """Rulebook, Components: "116 double-sided markers: water, leaf" and "26 '4 leaves' markers"."""
    leaves, water, singles = marker_need(players)
    if singles > MARKERS:
        errors.add(
            "players",
            f"hold {leaves} leaves and {water} water in watering cans: that takes {singles} of the "
            f'game\'s {MARKERS} water/leaf markers (its {FOUR_LEAF_MARKERS} "4 leaves" markers count 4 '
            "leaves each, on one plant)",
        )


def starting_pot_problems(player: PlayerState) -> list[str]:
    """Where this row breaks the starting-pot rule, as sentences (empty when it keeps it).

    Rulebook, Setup 9: each player places "the starting pots to the left and right" of the player
    board (the Money Plant is printed on it).  "Pots": a bought pot goes "in-between the two pots on
    the far left or far right of your collection, by sliding the starting pot to the side ... You only
    ever move the starting pot".  No action removes a pot.  So at the end of the game the row begins
    and ends with a gray starting pot, and a row without them has lost 2 points per missing pot card.
    """
    problems = []
    slots = player.display
    if not slots:
        return ["the row is empty"]
    for side, end in (("left", slots[0]), ("right", slots[-1])):
        if end.pot is None or end.pot.kind != "starting":
            problems.append(f"the {side} end of the row is not a gray starting pot")
    return problems
