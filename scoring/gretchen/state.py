"""Reading and checking a Gretchen's Garden table: JSON -> immutable state, or every problem.

A player's ``display`` is the row of cards left to right: exactly one ``{"money_plant": true}``
and pots (``{"pot": {"color", "size"}, "plant": null | {"name", "leaves", "flower"}}``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Errors, get_bool, get_int, join, options_of, player_list, to_int
from .catalog import (
    COLORS,
    MONEY_PLANT_CAPACITY,
    PLANTS,
    POT_COLORS,
    POT_KINDS,
    POT_SIZES,
    SPECIAL_PLANTS_IN_DECK,
    STARTING_POTS_PER_PLAYER,
    Plant,
    PotKind,
    find_plant,
    leaf_capacity,
    pot_kind,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: 24 pots in the pot deck + 2 starting pots + the Money Plant.
MAX_DISPLAY = sum(k.copies for k in POT_KINDS if k.kind != "starting") + STARTING_POTS_PER_PLAYER + 1
#: 116 double-sided water/leaf markers (rulebook, Components): no can holds more.
MAX_WATER = 116
OPTION_NAMES = ("money_plant_pot_scores",)


@dataclass(frozen=True)
class PlantInPot:
    plant: Plant
    leaves: int
    flower: bool


@dataclass(frozen=True)
class Slot:
    """One place in the row: the Money Plant, or a pot card with or without a plant."""

    position: int  # signed distance from the Money Plant: -2 = second to the left, +1 = right next to it
    pot: PotKind | None  # None for the Money Plant
    plant: PlantInPot | None = None

    @property
    def money_plant(self) -> bool:
        return self.pot is None

    @property
    def where(self) -> str:
        """``left 2`` / ``right 1``: the place as a player finds it from the Money Plant."""
        return f"{'left' if self.position < 0 else 'right'} {abs(self.position)}"


@dataclass(frozen=True)
class PlayerState:
    name: str
    money_plant_leaves: int
    watering_can: int
    display: tuple[Slot, ...]  # left to right, Money Plant included

    @property
    def pots(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.display if not s.money_plant)

    @property
    def plants(self) -> tuple[Slot, ...]:
        """Pots holding a plant (the Money Plant is not among them)."""
        return tuple(s for s in self.display if s.plant is not None)


@dataclass(frozen=True)
class Table:
    players: tuple[PlayerState, ...]
    player_count: int
    money_plant_pot_scores: bool


def parse(table: Any) -> Table:
    """Check a whole table and return its state; raise ValidationError listing every problem."""
    errors = Errors()
    raw_players = player_list(errors, table, minimum=1)
    if len(raw_players) > MAX_PLAYERS:
        errors.add("players", f"has {len(raw_players)} players: Gretchen's Garden is for {MIN_PLAYERS} to "
                   f"{MAX_PLAYERS} players")
    options = _options(errors, table)
    player_count = _player_count(errors, table, len(raw_players))
    players = [_player(errors, raw, f"players[{i}]") for i, raw in enumerate(raw_players)]
    _check_table(errors, players, player_count)
    errors.raise_if_any()
    return Table(tuple(p for p in players if p is not None), player_count, options["money_plant_pot_scores"])


def _options(errors: Errors, table: Any) -> dict[str, bool]:
    options = options_of(table)
    for key in options:
        if key not in OPTION_NAMES:
            errors.add(join("options", str(key)), "is not an option of Gretchen's Garden: the option is "
                       + ", ".join(OPTION_NAMES))
    return {"money_plant_pot_scores": get_bool(errors, options, "money_plant_pot_scores", "options")}


def _player_count(errors: Errors, table: Any, seats: int) -> int:
    """The number of players in the game: ``player_count`` if given (the web layer may score only
    some seats), else the number of players entered."""
    raw = table.get("player_count") if isinstance(table, dict) else None
    if raw is None:
        if 1 <= seats < MIN_PLAYERS:
            errors.add("players", f"has {seats} player: Gretchen's Garden is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                       "players (give player_count to score fewer seats)")
        return max(seats, MIN_PLAYERS)
    low = max(MIN_PLAYERS, seats)
    count = to_int(Errors(), raw, "player_count", minimum=low, maximum=MAX_PLAYERS)
    if count is None:
        errors.add("player_count", f"must be a whole number from {low} to {MAX_PLAYERS}: the game is for "
                   f"{MIN_PLAYERS} to {MAX_PLAYERS} players and has at least the {seats} entered")
        return low if low <= MAX_PLAYERS else MAX_PLAYERS
    return count


# ------------------------------------------------------------------------------------ one player


def _player(errors: Errors, raw: dict, path: str) -> PlayerState | None:
    if not raw:  # not an object: player_list already said so
        return None
    before = len(errors)
    probe = Errors()
    leaves = get_int(probe, raw, "money_plant_leaves", path, minimum=0, maximum=MONEY_PLANT_CAPACITY)
    if leaves is None:
        errors.add(join(path, "money_plant_leaves"),
                   f"{probe.items[0].message} (the Money Plant's pot holds at most {MONEY_PLANT_CAPACITY} leaves)")
    can = get_int(errors, raw, "watering_can", path, minimum=0, maximum=MAX_WATER)
    display = _display(errors, raw.get("display"), join(path, "display"))
    name = raw.get("name")
    if len(errors) > before or not isinstance(name, str) or display is None:
        return None
    return PlayerState(name, leaves or 0, can or 0, display)


def _display(errors: Errors, raw: Any, path: str) -> tuple[Slot, ...] | None:
    if not isinstance(raw, list):
        errors.add(path, 'must be the row of cards, left to right: pots and one {"money_plant": true}')
        return None
    if len(raw) > MAX_DISPLAY:
        errors.add(path, f"has {len(raw)} places: at most {MAX_DISPLAY} (24 pots from the deck, "
                   f"{STARTING_POTS_PER_PLAYER} starting pots and the Money Plant)")
        return None
    before = len(errors)
    money_at: list[int] = []
    cells: list[tuple[PotKind | None, PlantInPot | None]] = []
    for i, cell in enumerate(raw):
        where = join(path, i)
        if not isinstance(cell, dict):
            errors.add(where, 'must be a pot {"pot": {...}, "plant": ...} or the Money Plant {"money_plant": true}')
            cells.append((None, None))
            continue
        if get_bool(errors, cell, "money_plant", where):
            if money_at:
                errors.add(join(where, "money_plant"), f"is a second Money Plant (the first is at place {money_at[0]}): "
                           "each player has exactly one Money Plant")
            money_at.append(i)
            cells.append((None, None))
            continue
        cells.append(_pot_cell(errors, cell, where))
    if not money_at:
        errors.add(path, 'has no Money Plant: put {"money_plant": true} where it stands in the row')
    if len(errors) > before:
        return None
    centre = money_at[0]
    starting = 0
    for i, (pot, _) in enumerate(cells):
        if pot is not None and pot.kind == "starting":
            starting += 1
            if starting > STARTING_POTS_PER_PLAYER:
                errors.add(join(join(path, i), "pot"), f"is a third gray pot: each player has only "
                           f"{STARTING_POTS_PER_PLAYER} gray starting pots")
    if len(errors) > before:
        return None
    return tuple(Slot(i - centre, pot, plant) for i, (pot, plant) in enumerate(cells))


def _pot_cell(errors: Errors, cell: dict, where: str) -> tuple[PotKind | None, PlantInPot | None]:
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
    allowed = " or ".join(str(s) for s in sizes) if len(sizes) < 3 else f"{sizes[0]}, {sizes[1]} or {sizes[2]}"
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
            errors.add(join(path, "name"), 'the Money Plant is not potted here: mark its place with {"money_plant": true} '
                       "and give its leaves as money_plant_leaves")
        elif name is None or (isinstance(name, str) and not name.strip()):
            errors.add(join(path, "name"), "is missing: enter the plant's name, or make the pot empty (plant null)")
        else:
            shown = f'"{name}"' if isinstance(name, str) and len(name) <= 40 else "this"
            errors.add(join(path, "name"), f"{shown} is not a plant of Gretchen's Garden: choose one of "
                       + ", ".join(p.name for p in PLANTS))
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
        return (f'"{plant.name}" cannot flower in a gray pot: a plant flowers in a pot of its own colour '
                "or a rainbow pot (gray is not a colour)")
    if plant.name == "Rainbow West" or pot.color == "rainbow" or pot.color == plant.color:
        return None
    return (f'"{plant.name}" is {plant.color} and cannot flower in a {pot.color} pot: it needs a '
            f"{plant.color} or rainbow pot")


def flower_color(slot: Slot) -> str | None:
    """The colour of the flower on this plant; ``"any"`` for Rainbow West in a rainbow pot (it took
    some free colour); None without a flower."""
    if slot.plant is None or not slot.plant.flower or slot.pot is None:
        return None
    if slot.plant.plant.name == "Rainbow West":
        return "any" if slot.pot.color == "rainbow" else slot.pot.color
    return slot.plant.plant.color


# ---------------------------------------------------------------------------- across the table


def _check_table(errors: Errors, players: list[PlayerState | None], player_count: int) -> None:
    """Copies, one succulent per colour, one flower per colour, specials dealt for the player count."""
    first_of_colour: dict[str, tuple[str, str]] = {}  # colour -> (succulent, where)
    plant_copies: dict[str, int] = {}
    pot_copies: dict[tuple[str, int], int] = {}
    flowers: dict[str, str] = {}
    wild_flowers: list[str] = []
    specials: list[str] = []
    specials_allowed = SPECIAL_PLANTS_IN_DECK.get(player_count, max(SPECIAL_PLANTS_IN_DECK.values()))
    for p_index, player in enumerate(players):
        if player is None:
            continue
        centre = next(i for i, s in enumerate(player.display) if s.money_plant)
        for slot in player.display:
            path = f"players[{p_index}].display[{slot.position + centre}]"
            owner = f"{player.name}'s row, {slot.where}"
            pot = slot.pot
            if pot is not None and pot.kind != "starting":
                key = (pot.color, pot.size)
                pot_copies[key] = pot_copies.get(key, 0) + 1
                if pot_copies[key] > pot.copies:
                    errors.add(join(path, "pot"), f"is one {pot.label} too many: the game has only {pot.copies}")
            if slot.plant is None:
                continue
            plant = slot.plant.plant
            plant_copies[plant.name] = plant_copies.get(plant.name, 0) + 1
            if plant_copies[plant.name] > plant.copies:
                copies = "1 copy" if plant.copies == 1 else f"{plant.copies} copies"
                errors.add(join(path, "plant.name"), f'is one "{plant.name}" too many: the game has only {copies}')
            if plant.special and plant_copies[plant.name] == 1:
                specials.append(plant.name)
                if len(specials) > specials_allowed:
                    errors.add(join(path, "plant.name"), f"is one special plant too many: a {player_count}-player "
                               f"game deals only {specials_allowed} special plants into the deck")
            if plant.color in COLORS:
                seen = first_of_colour.setdefault(plant.color, (plant.name, owner))
                if seen[0] != plant.name:
                    errors.add(join(path, "plant.name"), f'"{plant.name}" and "{seen[0]}" ({seen[1]}) are both '
                               f"{plant.color}: a game uses only one succulent of each colour")
            colour = flower_color(slot)
            if colour == "any":
                wild_flowers.append(path)
            elif colour is not None:
                if colour in flowers:
                    errors.add(join(path, "plant.flower"), f"the {colour} flower is already on {flowers[colour]}: "
                               "each colour flowers only once per game")
                else:
                    flowers[colour] = f'"{plant.name}" ({owner})'
    for path in wild_flowers:  # Rainbow West in a rainbow pot takes any colour still free
        if len(flowers) >= len(COLORS):
            errors.add(join(path, "plant.flower"), "Rainbow West has no free flower colour left: all 6 colours "
                       "already flower elsewhere and each colour flowers only once per game")
        flowers[f"any{path}"] = "Rainbow West"


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
    for side, end in (("left", slots[0]), ("right", slots[-1])):
        if end.pot is None or end.pot.kind != "starting":
            problems.append(f"the {side} end of the row is not a gray starting pot")
    return problems

