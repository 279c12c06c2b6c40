"""Read a Planted table (JSON-like dicts) into an immutable :class:`Table`, or raise
:class:`~scoring.core.ValidationError` listing every problem with the path of its field.

>>> t = parse({"players": [
...     {"name": "Ann", "plants": [{"name": "zz plant", "growth": 2}], "propagation": 1},
...     {"name": "Bo", "plants": [{"name": "Snake Plant"}]}]})
>>> t.players[0].plants[0].plant.name, t.players[0].plants[0].growth, t.players[1].propagation
('ZZ Plant', 2, 0)
>>> parse({"players": [{"name": "Ann", "plants": [{"name": "ZZ Plant", "growth": 3}]}]}).seating.one_board
True
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from ..core import Errors, Seating, get_int, join, player_list, seating, to_int
from ..schema import unknown_keys
from .catalog import BEGINNERS, DECORATIONS, PLANTS, TOOLS, Item, Plant, find_item, find_plant, fold
from .schema import MAX_GROWTH, MAX_PLANTS, MAX_PLAYERS, MAX_PROPAGATION, MIN_PLAYERS, TABLE

__all__ = ["MAX_GROWTH", "MAX_PLANTS", "MAX_PLAYERS", "MAX_PROPAGATION", "MIN_PLAYERS", "Checked", "Holding",
           "PlayerState", "Table", "blank_state", "check", "parse"]

ROUNDS = 4
ITEM_CARDS_PER_PLAYER = 2 * ROUNDS  # 2 Item cards drawn per player each round, never reshuffled
CARDS_PLAYED_PER_PLAYER = 8 * ROUNDS  # 8 turns a round, one card played per turn
TAKES = f"Planted takes {MIN_PLAYERS} to {MAX_PLAYERS} players"
ONE_BOARD = "to score one board on its own, send just that board"


@dataclass(frozen=True)
class Holding:
    """A plant card on a player's table and the Growth tokens on it.  ``slot``: its index in the
    player's ``plants`` list (the contract path is ``plants[slot]``)."""

    plant: Plant
    growth: int
    slot: int = 0

    @property
    def points(self) -> int:
        return self.plant.points(self.growth)

    @property
    def fully_grown(self) -> bool:
        return self.growth == self.plant.spaces

    @property
    def path(self) -> str:
        return f"plants[{self.slot}]"


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
    def item_cards(self) -> int:
        """Decoration and Tool cards together: the Item cards the player kept."""
        return sum(n for _, n in self.decorations) + self.tool_cards

    @property
    def plant_growth_tokens(self) -> int:
        return sum(h.growth for h in self.plants)


def blank_state(name: str = "") -> PlayerState:
    """A table with nothing on it (what a seat that does not read at all scores)."""
    return PlayerState(name, (), 0, tuple((d, 0) for d in DECORATIONS), tuple((t, 0) for t in TOOLS))


@dataclass(frozen=True)
class Table:
    players: tuple[PlayerState, ...]
    player_count: int
    seating: Seating | None = None


@dataclass(frozen=True)
class Checked:
    """What :func:`check` read: every board as far as it reads (``players[i]`` is the ``i``-th
    board sent; a board that is not an object reads as an empty table), and every problem."""

    players: tuple[PlayerState, ...]
    seating: Seating
    errors: Errors


@dataclass(frozen=True)
class _Card:
    """A plant card named on a player's table, whether or not its growth reads."""

    plant: Plant
    path: str


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


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _read_plants(
    errors: Errors, player: dict[str, Any], where: str
) -> tuple[list[Holding], list[_Card], bool]:
    """The player's plants whose growth reads, every plant card named (growth read or not, for
    the Beginner and duplicate checks), and whether every entry's name was read."""
    path = join(where, "plants")
    raw = player.get("plants")
    if raw is None:
        errors.add(path, "is missing: list the player's plants (their Beginner plant and up to 5 more)")
        return [], [], False
    if not isinstance(raw, list):
        errors.add(
            path, f'must be a list of up to {MAX_PLANTS} plants like {{"name": "ZZ Plant", "growth": 2}}'
        )
        return [], [], False
    holdings: list[Holding] = []
    cards: list[_Card] = []
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
            errors.add(join(here, "name"), 'must be a plant\'s name (text), e.g. "ZZ Plant"')
            complete = False
            continue
        plant = find_plant(name)
        if plant is None:
            shown = name if len(name) <= 40 else name[:37] + "..."
            errors.add(join(here, "name"), f'"{shown}" is not a Planted plant: {_plant_hint(name)}')
            complete = False
            get_int(errors, entry, "growth", here, default=0, minimum=0, maximum=MAX_GROWTH)
            continue
        cards.append(_Card(plant, here))
        growth = _read_growth(errors, entry, here, plant)
        if growth is not None:
            holdings.append(Holding(plant, growth, i))
    if filled > MAX_PLANTS:
        errors.add(path, f"has {filled} plants: a player holds at most {MAX_PLANTS}")
    elif len(raw) > MAX_PLANTS:
        errors.add(
            path,
            f"has {len(raw)} entries ({_plural(filled, 'plant')} and "
            f"{_plural(len(raw) - filled, 'empty slot')}): "
            f"a player holds at most {MAX_PLANTS} plants, so the list has at most {MAX_PLANTS} entries",
        )
    return holdings, cards, complete


def _read_growth(errors: Errors, entry: dict[str, Any], here: str, plant: Plant) -> int | None:
    scratch = Errors()
    growth = get_int(scratch, entry, "growth", here, default=0, minimum=0, maximum=plant.spaces)
    if scratch:
        raw = entry.get("growth")
        spaces = _plural(plant.spaces, "growth space")
        number = to_int(Errors(), raw, "", minimum=None)
        if number is not None:
            # (a number of more than 4,300 digits has no str(): Python refuses to write it out)
            many = str(number) if number < 10**100 else "Over 10^100"
            problem = f"{many} Growth tokens are too many" if number > plant.spaces else "cannot be negative"
        else:
            problem = "must be a whole number"
        errors.add(
            join(here, "growth"),
            f'{problem}: "{plant.name}" has {spaces}, so it holds 0 to {plant.spaces} Growth tokens',
        )
    return growth


def _item_hint(name: str, deck: tuple[Item, ...]) -> str:
    keys = {fold(item.key): item.key for item in deck} | {fold(item.name): item.key for item in deck}
    close = difflib.get_close_matches(fold(name), list(keys), n=1, cutoff=0.75) if len(name) <= 60 else []
    if close:
        return f'did you mean "{keys[close[0]]}"?'
    return "choose from " + ", ".join(i.key for i in deck)


def _read_items(
    errors: Errors, player: dict[str, Any], where: str, key: str, deck: tuple[Item, ...], kind: str
) -> dict[str, int]:
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
                f'"{shown}" is not a Planted {kind} card: {_item_hint(str(name), deck)}',
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


def _check_copies(
    errors: Errors, players: list[tuple[str, str, dict[str, int]]], deck: tuple[Item, ...], key: str
) -> None:
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
                    f"{running} {item.name} cards on the table ({', '.join(owners)}) but the deck has only "
                    f"{item.count}",
                )
                break


def _check_item_draws(errors: Errors, states: list[tuple[int, PlayerState]], seats: Seating) -> None:
    """Rulebook, "Playing a round": each round every player draws 6 Resource cards and 2 Item cards,
    and a round is 8 turns of one card each; only Resource cards are ever reshuffled ("When Players
    Are Finished Feeding").  Over the 4 rounds the table therefore draws 2 x 4 = 8 Item cards per
    player, and a player plays 32 cards, one per bought plant (at most 5: every player but their
    Beginner plant).  Decoration and Tool cards kept are Item cards played, so:
    the table keeps at most 8 per player; a player keeps at most 32 minus the plants they bought.
    One board scored on its own comes from a table of 2 to 5 whose size is not known: only the
    player's own limit applies."""
    kept = [(i, p, p.item_cards) for i, p in states]
    if not seats.one_board:
        limit = ITEM_CARDS_PER_PLAYER * seats.count
        together = sum(k for _, _, k in kept)
        if together > limit:
            owners = ", ".join(f"{p.name} {k}" for _, p, k in kept if k)
            errors.add(
                "players",
                f"hold {together} Decoration and Tool cards together ({owners}), but a {seats.count}-player "
                "game "
                f"deals only {limit} Item cards (2 per player in each of the 4 rounds)",
            )
    for i, p, k in kept:
        bought = max(0, len(p.plants) - 1)
        most = CARDS_PLAYED_PER_PLAYER - bought
        if k > most:
            errors.add(
                f"players[{i}]",
                f"holds {k} Decoration and Tool cards, but a player plays only {CARDS_PLAYED_PER_PLAYER} "
                "cards "
                f"in the game and {p.name} used {bought} of them to buy plants: at most {most}",
            )


def _seating(errors: Errors, table: Any) -> Seating:
    """The boards sent and the players at the real table (:func:`scoring.core.seating`); a list of
    boards no Planted table has (none, or more than the 5 player boards) is refused here, in
    Planted's words."""
    raw = table.get("players") if isinstance(table, dict) else None
    if isinstance(raw, list) and not 0 < len(raw) <= MAX_PLAYERS:
        n = len(raw)
        boards = "" if n == 0 else f" (the box has {MAX_PLAYERS} player boards)"
        errors.add("players", f"has {_plural(n, 'player')}: {TAKES}{boards}; {ONE_BOARD}")
        players = player_list(errors, table, minimum=0)
        return Seating(players, max(1, n))
    return seating(errors, table, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, title="Planted")


def check(table: Any) -> Checked:
    """Read a whole table as far as it reads and list every problem (never raises)."""
    errors = Errors()
    for problem in unknown_keys(TABLE, table):
        errors.add(problem.path, problem.message)
    seats = _seating(errors, table)

    boards: list[PlayerState] = []
    read: list[tuple[int, PlayerState]] = []  # the boards that are objects, with their index
    owners: dict[str, tuple[str, int, str]] = {}  # plant name -> (player name, plant number, path)
    decoration_counts: list[tuple[str, str, dict[str, int]]] = []
    tool_counts: list[tuple[str, str, dict[str, int]]] = []
    for i, player in enumerate(seats.players):
        where = f"players[{i}]"
        if not player:
            boards.append(blank_state(f"player {i + 1}"))
            continue
        raw_name = player.get("name")
        name = raw_name if isinstance(raw_name, str) else f"player {i + 1}"
        holdings, cards, complete = _read_plants(errors, player, where)
        for number, card in enumerate(cards, start=1):
            seen = owners.get(card.plant.name)
            if seen is not None:
                other, other_number, other_path = seen
                whose = "this player" if other_path.startswith(where + ".") else other
                errors.add(
                    join(card.path, "name"),
                    f'"{card.plant.name}" is already plant {other_number} of {whose}: every plant card '
                    'exists once',
                )
            else:
                owners[card.plant.name] = (name, number, card.path)
        if complete:
            beginners = [c.plant.name for c in cards if c.plant.beginner]
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
                    f"has {len(beginners)} Beginner plants ({', '.join(beginners)}): each player holds "
                    "exactly one",
                )
        propagation = get_int(
            errors, player, "propagation", where, default=0, minimum=0, maximum=MAX_PROPAGATION
        )
        decorations = _read_items(errors, player, where, "decorations", DECORATIONS, "Decoration")
        tools = _read_items(errors, player, where, "tools", TOOLS, "Tool")
        decoration_counts.append((name, where, decorations))
        tool_counts.append((name, where, tools))
        state = PlayerState(
            name=name,
            plants=tuple(holdings),
            propagation=propagation or 0,
            decorations=tuple((d, decorations[d.key]) for d in DECORATIONS),
            tools=tuple((t, tools[t.key]) for t in TOOLS),
        )
        boards.append(state)
        read.append((i, state))
    _check_copies(errors, decoration_counts, DECORATIONS, "decorations")
    _check_copies(errors, tool_counts, TOOLS, "tools")
    _check_growth_tokens(errors, read)
    if not errors:
        _check_item_draws(errors, read, seats)
    return Checked(tuple(boards), seats, errors)


GROWTH_TOKENS_IN_BOX = 65  # "E. 65 Growth tokens" (the rulebook's contents; READINGS.md)


def _check_growth_tokens(errors: Errors, read: list[tuple[int, PlayerState]]) -> None:
    """The box has 65 Growth tokens: a table showing more, on plant cards and in the propagation
    jars together, is refused (READINGS.md, Planted), at the player whose tokens pass 65."""
    running = 0
    for i, state in read:
        mine = state.plant_growth_tokens + state.propagation
        running += mine
        if running > GROWTH_TOKENS_IN_BOX and mine:
            where = f"players[{i}].propagation" if state.propagation else f"players[{i}].plants"
            errors.add(
                where,
                f"the players show {running} Growth tokens in all (on plant cards and in the propagation "
                f"jars; {mine} here): the box holds {GROWTH_TOKENS_IN_BOX}",
            )
            return


def parse(table: Any) -> Table:
    """Check a whole table and return its immutable state."""
    checked = check(table)
    checked.errors.raise_if_any()
    return Table(players=checked.players, player_count=checked.seating.count, seating=checked.seating)
