"""Gretchen's Garden end-of-game scoring: leaves, flowers, plant effects and pots.

One small pure function per plant effect, each returning its points and one explanation line.
Effects are scored in the rulebook's order: purple, yellow, orange, red, special plants.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core import Category
from .catalog import COLORS, MONEY_PLANT_CAPACITY, PLANTS, SCORING_ORDER, Plant
from .state import PlayerState, Slot, Table, flower_color

FLOWER_POINTS = 7
POT_POINTS = 2


def _n(count: int, one: str, many: str | None = None) -> str:
    """``_n(1, "leaf", "leaves")`` -> ``1 leaf``; ``_n(3, "pot")`` -> ``3 pots``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _others(scores: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {value}" for name, value in scores) or "nobody else entered"


# ----------------------------------------------------------------------------------- leaves


def leaves(player: PlayerState) -> Category:
    """1 point per leaf on every plant except the Money Plant (and Pet Rock, which holds none)."""
    lines = []
    for slot in player.plants:
        assert slot.plant is not None
        if slot.plant.leaves:
            lines.append(f"{slot.plant.plant.name} ({slot.where}): {_n(slot.plant.leaves, 'leaf', 'leaves')} "
                         f"= {slot.plant.leaves}")
    points = sum(s.plant.leaves for s in player.plants if s.plant)
    if not lines:
        lines.append("No leaves on your plants")
    elif len(lines) > 1:
        lines.append(f"Leaves in all: {points}")
    lines.append(f"Money Plant: {_n(player.money_plant_leaves, 'leaf', 'leaves')}, money only: 0")
    return Category("leaves", "Leaves", points, tuple(lines))


# ---------------------------------------------------------------------------------- flowers


def flowers(player: PlayerState) -> Category:
    """7 points per flower."""
    lines = []
    for slot in player.plants:
        colour = flower_color(slot)
        if colour == "any":
            lines.append(f"Rainbow West ({slot.where}): flower (a free colour, rainbow pot) = {FLOWER_POINTS}")
        elif colour is not None:
            assert slot.plant is not None
            lines.append(f"{slot.plant.plant.name} ({slot.where}): {colour} flower = {FLOWER_POINTS}")
    count = len(lines)
    if count > 1:
        lines.append(f"{count} flowers x {FLOWER_POINTS} = {count * FLOWER_POINTS}")
    return Category("flowers", "Flowers", count * FLOWER_POINTS, tuple(lines) or ("No flowers",))


# -------------------------------------------------------------------------------------- pots


def pots(player: PlayerState, money_plant_pot_scores: bool) -> Category:
    """2 points per pot card: the two gray starting pots and every bought pot.  The Money Plant's
    pot scores only with the option ``money_plant_pot_scores`` (READINGS.md)."""
    cards = player.pots
    starting = sum(1 for s in cards if s.pot is not None and s.pot.kind == "starting")
    bought = len(cards) - starting
    points = len(cards) * POT_POINTS
    if cards:
        lines = [f"{_n(len(cards), 'pot card')} ({starting} gray starting, {bought} bought) x {POT_POINTS} = {points}"]
    else:
        lines = ["No pot cards"]
    if money_plant_pot_scores:
        points += POT_POINTS
        lines.append(f"Money Plant's pot, counted by the option money_plant_pot_scores = {POT_POINTS}")
    else:
        lines.append("Money Plant's pot: printed on the player board, not a pot card = 0 "
                     "(READINGS.md; the option money_plant_pot_scores counts it)")
    return Category("pots", "Pots", points, tuple(lines))


# ----------------------------------------------------------------------------- plant effects


@dataclass(frozen=True)
class Context:
    """What a plant effect may look at: its owner, its own cards, and the whole table."""

    player: PlayerState
    index: int  # the owner's seat
    cards: tuple[Slot, ...]  # the owner's cards of this plant, left to right
    table: Table

    def count_everyone(self, name: str) -> list[int]:
        return [sum(1 for s in p.plants if s.plant and s.plant.plant.name == name) for p in self.table.players]

    def others(self, values: list[int]) -> list[tuple[str, int]]:
        return [(p.name, values[i]) for i, p in enumerate(self.table.players) if i != self.index]


Effect = Callable[[Context], tuple[int, str]]


def baby_toes(ctx: Context) -> tuple[int, str]:
    """+5 per Baby Toes if as many plants stand left of the Money Plant as right of it
    (empty pots and the Money Plant do not count)."""
    left = sum(1 for s in ctx.player.plants if s.position < 0)
    right = len(ctx.player.plants) - left
    k = len(ctx.cards)
    if left == right:
        return 5 * k, f"{left} plants left of the Money Plant, {right} right: balanced, {k} x 5 = {5 * k}"
    return 0, f"{left} plants left of the Money Plant, {right} right: not balanced = 0"


def calico_hearts(ctx: Context) -> tuple[int, str]:
    """+X per Calico Hearts, X = places from the Money Plant, next to it = 1 (READINGS.md)."""
    parts = [f"{s.where} = {abs(s.position)}" for s in ctx.cards]
    points = sum(abs(s.position) for s in ctx.cards)
    return points, f"{'; '.join(parts)} (places from the Money Plant, next to it = 1): {points}"


def mexican_firecracker(ctx: Context) -> tuple[int, str]:
    """5 each if you own the most Mexican Firecrackers (ties count as most), otherwise 2 each."""
    counts = ctx.count_everyone("Mexican Firecracker")
    k = counts[ctx.index]
    best = max(counts)
    others = _others(ctx.others(counts))
    if k == best:
        most = "tied for the most" if counts.count(best) > 1 else "the most"
        return 5 * k, f"you own {k}, {most} (others: {others}): {k} x 5 = {5 * k}"
    return 2 * k, f"you own {k}, the most is {best} (others: {others}): {k} x 2 = {2 * k}"


def ribbon_plant(ctx: Context) -> tuple[int, str]:
    """Each Ribbon Plant scores the number of Ribbon Plants on the whole table."""
    counts = ctx.count_everyone("Ribbon Plant")
    k, total = counts[ctx.index], sum(counts)
    return k * total, (f"{total} on the table (you {k}, others: {_others(ctx.others(counts))}): "
                       f"{k} x {total} = {k * total}")


def snake_plant(ctx: Context) -> tuple[int, str]:
    """+5 if it holds as many leaves as its pot's size."""
    parts, points = [], 0
    for s in ctx.cards:
        assert s.plant is not None and s.pot is not None
        full = s.plant.leaves == s.pot.size
        points += 5 if full else 0
        parts.append(f"{s.where} {'full' if full else 'not full'}, {s.plant.leaves} of {s.pot.size} leaves "
                     f"= {5 if full else 0}")
    return points, "; ".join(parts) + (f": {points}" if len(parts) > 1 else "")


def bunny_ears(ctx: Context) -> tuple[int, str]:
    """+4 with an even number of leaves (0 is even), -1 with an odd number."""
    parts, points = [], 0
    for s in ctx.cards:
        assert s.plant is not None
        even = s.plant.leaves % 2 == 0
        points += 4 if even else -1
        parts.append(f"{s.where} {_n(s.plant.leaves, 'leaf', 'leaves')}, {'even' if even else 'odd'} "
                     f"= {4 if even else -1}")
    return points, "; ".join(parts) + (f": {points}" if len(parts) > 1 else "")


def jellybean_plant(ctx: Context) -> tuple[int, str]:
    """+X per Jellybean Plant, X = distinct colours among your plant and pot cards (the six
    colours only: gray and rainbow do not count, nor do flowers)."""
    seen = {s.pot.color for s in ctx.player.pots if s.pot is not None}
    seen |= {s.plant.plant.color for s in ctx.player.plants if s.plant is not None}
    colours = [c for c in COLORS if c in seen]
    k, x = len(ctx.cards), len(colours)
    return k * x, (f"{_n(x, 'colour')} among your plants and pots ({', '.join(colours)}; gray and rainbow "
                   f"do not count): {k} x {x} = {k * x}")


def living_stone(ctx: Context) -> tuple[int, str]:
    """+3 per Living Stone (READINGS.md)."""
    k = len(ctx.cards)
    return 3 * k, f"{k} x 3 = {3 * k}"


def aloe_vera(ctx: Context) -> tuple[int, str]:
    """+1 per water in the watering can, no cap (READINGS.md)."""
    w = ctx.player.watering_can
    return w, f"{w} water in your watering can x 1 = {w} (no cap, READINGS.md)"


def moon_cactus(ctx: Context) -> tuple[int, str]:
    """+7 if no plant in your collection has a flower."""
    n = sum(1 for s in ctx.player.plants if s.plant and s.plant.flower)
    if n == 0:
        return 7, "no flower in your collection = 7"
    return 0, f"{_n(n, 'flower')} in your collection = 0"


def leaf_window(ctx: Context) -> tuple[int, str]:
    """+7 if the Money Plant is full (4 leaves)."""
    m = ctx.player.money_plant_leaves
    if m == MONEY_PLANT_CAPACITY:
        return 7, f"Money Plant full ({m} of {MONEY_PLANT_CAPACITY} leaves) = 7"
    return 0, f"Money Plant not full ({m} of {MONEY_PLANT_CAPACITY} leaves) = 0"


def mermaid_tail(ctx: Context) -> tuple[int, str]:
    """+7 if you have the most plants, ties count (the Money Plant, which everyone has, is left out)."""
    counts = [len(p.plants) for p in ctx.table.players]
    mine, best = counts[ctx.index], max(counts)
    others = _others(ctx.others(counts))
    if mine == best:
        most = "tied for the most" if counts.count(best) > 1 else "the most"
        return 7, f"you have {_n(mine, 'plant')}, {most} (others: {others}) = 7"
    return 0, f"you have {_n(mine, 'plant')}, the most is {best} (others: {others}) = 0"


def pet_rock(ctx: Context) -> tuple[int, str]:
    """+5 (it never holds leaves)."""
    k = len(ctx.cards)
    return 5 * k, f"= {5 * k}"


EFFECTS: dict[str, Effect] = {
    "Baby Toes": baby_toes,
    "Calico Hearts": calico_hearts,
    "Mexican Firecracker": mexican_firecracker,
    "Ribbon Plant": ribbon_plant,
    "Snake Plant": snake_plant,
    "Bunny Ears": bunny_ears,
    "Jellybean Plant": jellybean_plant,
    "Living Stone": living_stone,
    "Aloe Vera": aloe_vera,
    "Moon Cactus": moon_cactus,
    "Leaf Window": leaf_window,
    "Mermaid Tail": mermaid_tail,
    "Pet Rock": pet_rock,
}

#: Plants with an end-of-game effect, in the rulebook's scoring order (purple, yellow, orange,
#: red, special), catalog order within a group.
ORDER: tuple[Plant, ...] = tuple(
    p for group in SCORING_ORDER for p in PLANTS if p.scoring_group == group and p.name in EFFECTS
)


def plants(player: PlayerState, index: int, table: Table) -> Category:
    """Every plant effect of this player, one line per plant type, in the rulebook's order."""
    lines, points = [], 0
    for plant in ORDER:
        cards = tuple(s for s in player.plants if s.plant and s.plant.plant.name == plant.name)
        if not cards:
            continue
        got, line = EFFECTS[plant.name](Context(player, index, cards, table))
        points += got
        group = "special" if plant.special else plant.color
        lines.append(f"{plant.name} ({group}): {line}")
    quiet = []
    for slot in player.plants:
        assert slot.plant is not None
        name = slot.plant.plant.name
        if name not in EFFECTS and name not in quiet:
            quiet.append(name)
    if quiet:
        lines.append("No end-of-game effect: " + ", ".join(quiet))
    if not player.plants:
        lines.append("No plants in your collection")
    return Category("plants", "Plants", points, tuple(lines))


def score_player(table: Table, index: int) -> list[Category]:
    player = table.players[index]
    return [leaves(player), flowers(player), plants(player, index, table), pots(player, table.money_plant_pot_scores)]
