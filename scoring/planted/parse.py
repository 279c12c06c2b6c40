"""Read a Planted table (JSON-like dicts) into an immutable :class:`Table`, or raise
:class:`~scoring.core.ValidationError` listing every problem with the path of its field.

>>> t = parse({"players": [
...     {"name": "Ann", "plants": [{"name": "zz plant", "growth": 2}], "propagation": 1},
...     {"name": "Bo", "plants": [{"name": "Snake Plant"}]}]})
>>> t.players[0].plants[0].plant.name, t.players[0].plants[0].growth, t.players[1].propagation
('ZZ Plant', 2, 0)
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..core import Errors, get_int, join, player_list, to_int
from .catalog import BEGINNERS, DECORATIONS, PLANTS, TOOLS, Item, Plant, find_item, find_plant, fold

MIN_PLAYERS = 2
MAX_PLAYERS = 5  # 5 player boards in the box
MAX_PLANTS = 6
MAX_PROPAGATION = 99  # no limit in the rulebook; a bound that no real game reaches
ROUNDS = 4
ITEM_CARDS_PER_PLAYER = 2 * ROUNDS  # 2 Item cards drawn per player each round, never reshuffled
CARDS_PLAYED_PER_PLAYER = 8 * ROUNDS  # 8 turns a round, one card played per turn


@dataclass(frozen=True)
class Holding:
    """A plant card on a player's table and the Growth tokens on it."""

    plant: Plant
    growth: int

    @property
    def points(self) -> int:
        return self.plant.points(self.growth)

    @property
    def fully_grown(self) -> bool:
        return self.growth == self.plant.spaces


@dataclass(frozen=True)
class PlayerState:
    name: str
    plants: tuple[Holding, ...]
    propagation: int
    decorations: tuple[tuple[Item, int], ...]  # every Decoration card of the deck, in catalog order
    tools: tuple[tuple[Item, int], ...]  # every Tool card of the deck, in catalog order

    def decoration_count(self, key: str) -> int:
        return next(n for item, n in self.decorations if item.key == key)

    @property
    def tool_cards(self) -> int:
        return sum(n for _, n in self.tools)

    @property
    def plant_growth_tokens(self) -> int:
        return sum(h.growth for h in self.plants)


@dataclass(frozen=True)
class Table:
    players: tuple[PlayerState, ...]
    player_count: int


def _is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _plant_hint(text: str) -> str:
    if len(text) > 60:
        return "choose a plant from the card list (type part of its name)"
    names = {fold(p.name): p.name for p in PLANTS}
    close = difflib.get_close_matches(fold(text), list(names), n=1, cutoff=0.6)
    if close:
        return f'did you mean "{names[close[0]]}"?'
    return "choose a plant from the card list (type part of its name)"


def _read_plants(errors: Errors, player: dict, where: str) -> tuple[list[tuple[Holding, str]], bool]:
    """The player's plants with the path of each; the flag says whether every entry was read."""
    path = join(where, "plants")
    raw = player.get("plants")
    if raw is None:
        errors.add(path, "is missing: list the player's plants (their Beginner plant and up to 5 more)")
        return [], False
    if not isinstance(raw, list):
        errors.add(path, f'must be a list of up to {MAX_PLANTS} plants like {{"name": "ZZ Plant", "growth": 2}}')
        return [], False
    out: list[tuple[Holding, str]] = []
    complete = True
    filled = 0
    for i, entry in enumerate(raw):
        here = join(path, i)
        if not isinstance(entry, dict):
            errors.add(here, 'must be a plant like {"name": "ZZ Plant", "growth": 2}')
            complete = False
            filled += 1
            continue
        name = entry.get("name")
        growth_raw = entry.get("growth")
        if _is_blank(name):
            # An empty slot of the entry screen: fine unless it carries growth tokens.
            if not _is_blank(growth_raw) and growth_raw != 0 and growth_raw != "0":
                errors.add(join(here, "name"), "is empty: choose the plant these growth tokens are on")
                complete = False
            continue
        filled += 1
        if not isinstance(name, str):
            errors.add(join(here, "name"), "must be a plant's name (text), e.g. \"ZZ Plant\"")
            complete = False
            continue
        plant = find_plant(name)
        if plant is None:
            shown = name if len(name) <= 40 else name[:37] + "..."
            errors.add(join(here, "name"), f'"{shown}" is not a Planted plant: {_plant_hint(name)}')
            complete = False
            get_int(errors, entry, "growth", here, default=0, minimum=0, maximum=3)
            continue
        growth = _read_growth(errors, entry, here, plant)
        if growth is None:
            continue
        out.append((Holding(plant, growth), here))
    if filled > MAX_PLANTS:
        errors.add(path, f"has {filled} plants: a player holds at most {MAX_PLANTS}")
    return out, complete


def _read_growth(errors: Errors, entry: dict, here: str, plant: Plant) -> int | None:
    scratch = Errors()
    growth = get_int(scratch, entry, "growth", here, default=0, minimum=0, maximum=plant.spaces)
    if scratch:
        raw = entry.get("growth")
        spaces = "1 growth space" if plant.spaces == 1 else f"{plant.spaces} growth spaces"
        if to_int(Errors(), raw, "", minimum=None) is not None:
            problem = f"{int(raw)} Growth tokens are too many" if int(raw) > plant.spaces else "cannot be negative"
        else:
            problem = "must be a whole number"
        errors.add(
            join(here, "growth"),
            f'{problem}: "{plant.name}" has {spaces}, so it holds 0 to {plant.spaces} Growth tokens',
        )
    return growth


def _read_items(errors: Errors, player: dict, where: str, key: str, deck: tuple[Item, ...], kind: str) -> dict[str, int]:
    """Counts of Decoration or Tool cards (missing keys count as 0)."""
    path = join(where, key)
    counts = {item.key: 0 for item in deck}
    raw = player.get(key)
    if raw is None:
        return counts
    if not isinstance(raw, dict):
        example = ", ".join(f'"{item.key}": 0' for item in deck[:2])
        errors.add(path, f"must be an object of {kind} card counts like {{{example}, ...}}")
        return counts
    for name, value in raw.items():
        item = find_item(deck, name)
        shown = name if len(str(name)) <= 40 else str(name)[:37] + "..."
        if item is None:
            errors.add(
                join(path, str(name)),
                f'"{shown}" is not a Planted {kind} card: choose from ' + ", ".join(i.key for i in deck),
            )
            continue
        if _is_blank(value):
            continue
        number = to_int(Errors(), value, "", minimum=0, maximum=item.count)
        if number is None:
            errors.add(
                join(path, item.key),
                f"must be a whole number from 0 to {item.count}: the deck has {item.count} {item.name} cards",
            )
            continue
        counts[item.key] += number
    return counts


def _check_copies(errors: Errors, players: list[tuple[str, str, dict[str, int]]], deck: tuple[Item, ...], key: str) -> None:
    """No more copies of a card across the table than the deck has; the error sits on the
    player whose count takes the table over the limit."""
    for item in deck:
        running = 0
        owners: list[str] = []
        for name, where, counts in players:
            n = counts.get(item.key, 0)
            if not n:
                continue
            running += n
            owners.append(f"{name} {n}")
            if running > item.count:
                errors.add(
                    join(join(where, key), item.key),
                    f"{running} {item.name} cards on the table ({', '.join(owners)}) but the deck has only {item.count}",
                )
                break


def _check_item_draws(errors: Errors, states: list[PlayerState], player_count: int) -> None:
    """Rulebook, "Playing a round": each round every player draws 6 Resource cards and 2 Item cards,
    and a round is 8 turns of one card each; only Resource cards are ever reshuffled ("When Players
    Are Finished Feeding").  Over the 4 rounds the table therefore draws 2 x 4 = 8 Item cards per
    player, and a player plays 32 cards, one per bought plant (at most 5: every player but their
    Beginner plant).  Decoration and Tool cards kept are Item cards played, so:
    the table keeps at most 8 per player; a player keeps at most 32 minus the plants they bought."""
    limit = ITEM_CARDS_PER_PLAYER * player_count
    kept = [sum(n for _, n in p.decorations) + p.tool_cards for p in states]
    if sum(kept) > limit:
        owners = ", ".join(f"{p.name} {k}" for p, k in zip(states, kept) if k)
        errors.add(
            "players",
            f"hold {sum(kept)} Decoration and Tool cards together ({owners}), but a {player_count}-player game "
            f"deals only {limit} Item cards (2 per player in each of the 4 rounds)",
        )
    for i, (p, k) in enumerate(zip(states, kept)):
        bought = max(0, len(p.plants) - 1)
        most = CARDS_PLAYED_PER_PLAYER - bought
        if k > most:
            errors.add(
                f"players[{i}]",
                f"holds {k} Decoration and Tool cards, but a player plays only {CARDS_PLAYED_PER_PLAYER} cards "
                f"in the game and {p.name} used {bought} of them to buy plants: at most {most}",
            )


def parse(table: Any) -> Table:
    """Check a whole table and return its immutable state."""
    errors = Errors()
    raw_players = player_list(errors, table, minimum=0)
    player_count = len(raw_players)
    takes = f"Planted takes {MIN_PLAYERS} to {MAX_PLAYERS} players"
    counted_raw = table.get("player_count") if isinstance(table, dict) else None
    if isinstance(table, dict) and isinstance(table.get("players"), list):
        n = len(raw_players)
        if n == 0 or n > MAX_PLAYERS or (n < MIN_PLAYERS and counted_raw is None):
            errors.add("players", f"has {n} player{'' if n == 1 else 's'}: {takes}")
        elif counted_raw is not None:
            lo = max(MIN_PLAYERS, n)
            counted = to_int(Errors(), counted_raw, "player_count", minimum=lo, maximum=MAX_PLAYERS)
            if counted is None:
                errors.add(
                    "player_count",
                    f"must be a whole number from {lo} to {MAX_PLAYERS}: how many play ({takes}; {n} entered here)",
                )
            else:
                player_count = counted

    states: list[PlayerState] = []
    owners: dict[str, tuple[str, int, str]] = {}  # plant name -> (player name, plant number, path)
    decoration_counts: list[tuple[str, str, dict[str, int]]] = []
    tool_counts: list[tuple[str, str, dict[str, int]]] = []
    for i, player in enumerate(raw_players):
        where = f"players[{i}]"
        if not player:
            continue
        name = player.get("name") if isinstance(player.get("name"), str) else f"player {i + 1}"
        holdings, complete = _read_plants(errors, player, where)
        for number, (holding, here) in enumerate(holdings, start=1):
            seen = owners.get(holding.plant.name)
            if seen is not None:
                other, other_number, other_path = seen
                whose = "this player" if other_path.startswith(where + ".") else other
                errors.add(
                    join(here, "name"),
                    f'"{holding.plant.name}" is already plant {other_number} of {whose}: every plant card exists once',
                )
            else:
                owners[holding.plant.name] = (name, number, here)
        if complete:
            beginners = [h.plant.name for h, _ in holdings if h.plant.beginner]
            if not beginners:
                errors.add(
                    join(where, "plants"),
                    "has no Beginner plant: each player holds exactly one ("
                    + ", ".join(p.name for p in BEGINNERS[:-1])
                    + f" or {BEGINNERS[-1].name})",
                )
            elif len(beginners) > 1:
                errors.add(
                    join(where, "plants"),
                    f"has {len(beginners)} Beginner plants ({', '.join(beginners)}): each player holds exactly one",
                )
        propagation = get_int(errors, player, "propagation", where, default=0, minimum=0, maximum=MAX_PROPAGATION)
        decorations = _read_items(errors, player, where, "decorations", DECORATIONS, "Decoration")
        tools = _read_items(errors, player, where, "tools", TOOLS, "Tool")
        decoration_counts.append((name, where, decorations))
        tool_counts.append((name, where, tools))
        states.append(
            PlayerState(
                name=name,
                plants=tuple(h for h, _ in holdings),
                propagation=propagation or 0,
                decorations=tuple((d, decorations[d.key]) for d in DECORATIONS),
                tools=tuple((t, tools[t.key]) for t in TOOLS),
            )
        )
    _check_copies(errors, decoration_counts, DECORATIONS, "decorations")
    _check_copies(errors, tool_counts, TOOLS, "tools")
    if not errors:
        _check_item_draws(errors, states, player_count)
    errors.raise_if_any()
    return Table(players=tuple(states), player_count=player_count)
