"""Gretchen's Garden end-of-game scoring: leaves, flowers, plant effects and pots.

One small pure function per plant effect, each returning every card's points and one explanation
line.  Effects are scored in the rulebook's order: purple, yellow, orange, red, special plants.
Every line names the parts of the player's table it is about, by contract path relative to the
player (``display[3].plant.leaves``, ``display[4]`` for the Money Plant's place, ``watering_can``;
``display`` for a line about the whole row), and each place's own share of the points is kept
(``Scored.shares``) for the seat preview.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..core import Category, Line, line
from .catalog import COLORS, MONEY_PLANT_CAPACITY, PLANTS, SCORING_ORDER, Plant
from .schema import CALICO_READINGS
from .state import Options, PlayerState, Slot, Table, flower_color

FLOWER_POINTS = 7
POT_POINTS = 2
#: Aloe Vera's cap under the option ``aloe_vera_max_4`` (the BGA tooltip's "max 4").
ALOE_VERA_CAP = 4
ROW = "display"  # the path of the whole row: lines about every place at once


def _n(count: int, one: str, many: str | None = None) -> str:
    """``_n(1, "leaf", "leaves")`` -> ``1 leaf``; ``_n(3, "pot")`` -> ``3 pots``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _others(scores: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {value}" for name, value in scores) or "nobody else entered"


@dataclass
class Scored:
    """A category being built: its lines, each place's share of its points (place index ->
    points; None: the place's share cannot be told yet, in a preview), and for each line the
    places whose points it explains (``subjects``; empty for a line about the whole row)."""

    key: str
    label: str
    lines: list[Line] = field(default_factory=list)
    shares: dict[int, int | None] = field(default_factory=dict)
    points: int = 0
    subjects: list[tuple[int, ...]] = field(default_factory=list)

    def add(self, index: int, points: int | None) -> None:
        if points is None:
            self.shares.setdefault(index, None)
            return
        self.shares[index] = (self.shares.get(index) or 0) + points
        self.points += points

    def say(self, text: str, *paths: str, subjects: Iterable[int] = ()) -> None:
        self.lines.append(line(text, *paths))
        self.subjects.append(tuple(subjects))

    def category(self) -> Category:
        return Category.of(self.key, self.label, self.points, self.lines)


# ----------------------------------------------------------------------------------- leaves


def leaves(player: PlayerState) -> Scored:
    """1 point per leaf on every plant except the Money Plant (and Pet Rock, which holds none)."""
    out = Scored("leaves", "Leaves")
    counted = 0
    for slot in player.plants:
        assert slot.plant is not None
        out.add(slot.index, slot.plant.leaves)
        if slot.plant.leaves:
            counted += 1
            out.say(f"{slot.plant.plant.name} ({slot.where}): {_n(slot.plant.leaves, 'leaf', 'leaves')} "
                    f"= {slot.plant.leaves}", f"{slot.path}.plant.leaves", subjects=(slot.index,))
    if not counted:
        out.say("No leaves on your plants", ROW)
    elif counted > 1:
        out.say(f"Leaves in all: {out.points}", ROW)
    money = player.money_slot
    out.say(f"Money Plant: {_n(player.money_plant_leaves, 'leaf', 'leaves')}, money only: 0",
            *((money.path,) if money else ()), "money_plant_leaves", subjects=(money.index,) if money else ())
    return out


# ---------------------------------------------------------------------------------- flowers


def flowers(player: PlayerState) -> Scored:
    """7 points per flower."""
    out = Scored("flowers", "Flowers")
    for slot in player.plants:
        colour = flower_color(slot)
        if colour is None:
            continue
        assert slot.plant is not None
        out.add(slot.index, FLOWER_POINTS)
        what = "flower (a free colour, rainbow pot)" if colour == "any" else f"{colour} flower"
        out.say(
            f"{slot.plant.plant.name} ({slot.where}): {what} = {FLOWER_POINTS}",
            f"{slot.path}.plant.flower",
            subjects=(slot.index,),
        )
    count = len(out.lines)
    if count > 1:
        out.say(f"{count} flowers x {FLOWER_POINTS} = {count * FLOWER_POINTS}", ROW)
    if not count:
        out.say("No flowers", ROW)
    return out


# -------------------------------------------------------------------------------------- pots


def pots(player: PlayerState, money_plant_pot_scores: bool) -> Scored:
    """2 points per pot card: the two gray starting pots and every bought pot.  The Money Plant's
    pot scores only with the option ``money_plant_pot_scores`` (READINGS.md)."""
    out = Scored("pots", "Pots")
    cards = player.pots
    starting = sum(1 for s in cards if s.pot is not None and s.pot.kind == "starting")
    for slot in cards:
        out.add(slot.index, POT_POINTS)
    if cards:
        out.say(
            f"{_n(len(cards), 'pot card')} ({starting} gray starting, {len(cards) - starting} bought) x "
            f"{POT_POINTS} = {out.points}",
            *(f"{s.path}.pot" for s in cards),
        )
    else:
        out.say("No pot cards", ROW)
    money = player.money_slot
    where = (money.path,) if money else ()
    if money_plant_pot_scores:
        if money:
            out.add(money.index, POT_POINTS)
        else:  # a preview without the Money Plant yet: its pot still scores
            out.points += POT_POINTS
        out.say(
            f"Money Plant's pot, counted as a pot card (this play's option) = {POT_POINTS}",
            *where,
            subjects=(money.index,) if money else (),
        )
    else:
        out.say(
            "Money Plant's pot: printed on the player board, not a pot card = 0 (an option counts it)",
            *where,
            subjects=(money.index,) if money else (),
        )
    return out


# ----------------------------------------------------------------------------- plant effects


@dataclass(frozen=True)
class Context:
    """What a plant effect may look at: its owner, its own cards, the whole table, the options."""

    player: PlayerState
    index: int  # the owner's seat
    cards: tuple[Slot, ...]  # the owner's cards of this plant, left to right
    table: Table

    @property
    def options(self) -> Options:
        return self.table.options

    def count_everyone(self, name: str) -> list[int]:
        return [
            sum(1 for s in p.plants if s.plant and s.plant.plant.name == name) for p in self.table.players
        ]

    def others(self, values: list[int]) -> list[tuple[str, int]]:
        return [(p.name, values[i]) for i, p in enumerate(self.table.players) if i != self.index]


@dataclass(frozen=True)
class Outcome:
    """What one plant effect gives: each card's points (in the order of ``Context.cards``; None
    while it cannot be told), the explanation line, and the other parts of the row it counts."""

    each: tuple[int | None, ...]
    text: str
    counts: tuple[str, ...] = ()


Effect = Callable[[Context], Outcome]


def _same(ctx: Context, points: int, text: str, counts: Iterable[str] = ()) -> Outcome:
    return Outcome(tuple(points for _ in ctx.cards), text, tuple(counts))


def _plant_paths(slots: Iterable[Slot]) -> tuple[str, ...]:
    return tuple(f"{s.path}.plant" for s in slots)


def _waits_for_money_plant(ctx: Context) -> Outcome:
    return Outcome(tuple(None for _ in ctx.cards), "waits for the Money Plant's place in the row", ())


def baby_toes(ctx: Context) -> Outcome:
    """+5 per Baby Toes if as many plants stand left of the Money Plant as right of it
    (empty pots and the Money Plant do not count)."""
    money = ctx.player.money_slot
    if money is None:
        return _waits_for_money_plant(ctx)
    counted = (money.path, *_plant_paths(ctx.player.plants))
    left = sum(1 for s in ctx.player.plants if s.position is not None and s.position < 0)
    right = len(ctx.player.plants) - left
    k = len(ctx.cards)
    if left == right:
        return _same(
            ctx,
            5,
            f"{left} plants left of the Money Plant, {right} right: balanced, {k} x 5 = {5 * k}",
            counted,
        )
    return _same(ctx, 0, f"{left} plants left of the Money Plant, {right} right: not balanced = 0", counted)


def _calico_distance(ctx: Context, card: Slot) -> tuple[int, list[Slot]]:
    """Calico Hearts' X under the table's reading, and the places it counted."""
    assert card.position is not None
    side = [
        s
        for s in ctx.player.display
        if s.position is not None and s.position * card.position > 0 and abs(s.position) < abs(card.position)
    ]
    reading = ctx.options.calico_hearts_distance
    if reading == "places":
        return abs(card.position), side
    closer = [s for s in side if s.plant is not None]
    return len(closer) + (1 if reading == "plants_closer_plus_1" else 0), closer


def calico_hearts(ctx: Context) -> Outcome:
    """+X per Calico Hearts.  X under the option ``calico_hearts_distance`` (READINGS.md):
    ``places`` (default): places from the Money Plant, next to it = 1, empty pots between count;
    ``plants_closer_plus_1`` (BGA's count): the plants closer to the Money Plant on its side, plus 1;
    ``plants_between`` (the tooltip's count): the plants between it and the Money Plant."""
    money = ctx.player.money_slot
    if money is None:
        return _waits_for_money_plant(ctx)
    each: list[int] = []
    parts: list[str] = []
    counted: list[str] = [money.path]
    for card in ctx.cards:
        x, between = _calico_distance(ctx, card)
        each.append(x)
        parts.append(f"{card.where} = {x}")
        counted += [s.path for s in between if s.path not in counted]
    reading = CALICO_READINGS[ctx.options.calico_hearts_distance]
    return Outcome(tuple(each), f"{'; '.join(parts)} ({reading}): {sum(each)}", tuple(counted))


def mexican_firecracker(ctx: Context) -> Outcome:
    """5 each if you own the most Mexican Firecrackers (ties count as most), otherwise 2 each."""
    counts = ctx.count_everyone("Mexican Firecracker")
    k = counts[ctx.index]
    best = max(counts)
    others = _others(ctx.others(counts))
    if k == best:
        most = "tied for the most" if counts.count(best) > 1 else "the most"
        return _same(ctx, 5, f"you own {k}, {most} (others: {others}): {k} x 5 = {5 * k}")
    return _same(ctx, 2, f"you own {k}, the most is {best} (others: {others}): {k} x 2 = {2 * k}")


def ribbon_plant(ctx: Context) -> Outcome:
    """Each Ribbon Plant scores the number of Ribbon Plants on the whole table."""
    counts = ctx.count_everyone("Ribbon Plant")
    k, total = counts[ctx.index], sum(counts)
    return _same(
        ctx,
        total,
        f"{total} on the table (you {k}, others: {_others(ctx.others(counts))}): {k} x {total} = {k * total}",
    )


def snake_plant(ctx: Context) -> Outcome:
    """+5 if it holds as many leaves as its pot's size."""
    parts, each, counted = [], [], []
    for s in ctx.cards:
        assert s.plant is not None and s.pot is not None
        full = s.plant.leaves == s.pot.size
        each.append(5 if full else 0)
        counted += [f"{s.path}.plant.leaves", f"{s.path}.pot"]
        parts.append(
            f"{s.where} {'full' if full else 'not full'}, {s.plant.leaves} of {s.pot.size} leaves "
            f"= {5 if full else 0}"
        )
    text = "; ".join(parts) + (f": {sum(each)}" if len(parts) > 1 else "")
    return Outcome(tuple(each), text, tuple(counted))


def bunny_ears(ctx: Context) -> Outcome:
    """+4 with an even number of leaves (0 is even), -1 with an odd number."""
    parts, each = [], []
    for s in ctx.cards:
        assert s.plant is not None
        even = s.plant.leaves % 2 == 0
        each.append(4 if even else -1)
        parts.append(
            f"{s.where} {_n(s.plant.leaves, 'leaf', 'leaves')}, {'even' if even else 'odd'} "
            f"= {4 if even else -1}"
        )
    text = "; ".join(parts) + (f": {sum(each)}" if len(parts) > 1 else "")
    return Outcome(tuple(each), text, tuple(f"{s.path}.plant.leaves" for s in ctx.cards))


def jellybean_plant(ctx: Context) -> Outcome:
    """+X per Jellybean Plant, X = distinct colours among your plant and pot cards (the six
    colours only: gray and rainbow do not count, nor do flowers)."""
    counted = [f"{s.path}.pot" for s in ctx.player.pots if s.pot is not None and s.pot.color in COLORS]
    counted += [
        f"{s.path}.plant" for s in ctx.player.plants if s.plant is not None and s.plant.plant.color in COLORS
    ]
    seen = {s.pot.color for s in ctx.player.pots if s.pot is not None}
    seen |= {s.plant.plant.color for s in ctx.player.plants if s.plant is not None}
    colours = [c for c in COLORS if c in seen]
    k, x = len(ctx.cards), len(colours)
    return _same(
        ctx,
        x,
        f"{_n(x, 'colour')} among your plants and pots ({', '.join(colours)}; gray and rainbow "
        f"do not count): {k} x {x} = {k * x}",
        counted,
    )


def living_stone(ctx: Context) -> Outcome:
    """+3 per Living Stone (READINGS.md)."""
    k = len(ctx.cards)
    return _same(ctx, 3, f"{k} x 3 = {3 * k}")


def aloe_vera(ctx: Context) -> Outcome:
    """+1 per water in the watering can; no cap (READINGS.md), or at most 4 with the option
    ``aloe_vera_max_4`` (the BGA tooltip's reading)."""
    w = ctx.player.watering_can
    if not ctx.options.aloe_vera_max_4:
        return _same(ctx, w, f"{w} water in your watering can x 1 = {w} (no cap)", ("watering_can",))
    got = min(w, ALOE_VERA_CAP)
    return _same(
        ctx,
        got,
        f"{w} water in your watering can x 1, at most {ALOE_VERA_CAP} (this play's option, "
        f"the online game's tooltip) = {got}",
        ("watering_can",),
    )


def moon_cactus(ctx: Context) -> Outcome:
    """+7 if no plant in your collection has a flower."""
    flowered = [s for s in ctx.player.plants if s.plant and s.plant.flower]
    counted = tuple(f"{s.path}.plant.flower" for s in flowered)
    if not flowered:
        return _same(ctx, 7, "no flower in your collection = 7")
    return _same(ctx, 0, f"{_n(len(flowered), 'flower')} in your collection = 0", counted)


def leaf_window(ctx: Context) -> Outcome:
    """+7 if the Money Plant is full (4 leaves)."""
    m = ctx.player.money_plant_leaves
    money = ctx.player.money_slot
    counted = ((money.path,) if money else ()) + ("money_plant_leaves",)
    if m == MONEY_PLANT_CAPACITY:
        return _same(ctx, 7, f"Money Plant full ({m} of {MONEY_PLANT_CAPACITY} leaves) = 7", counted)
    return _same(ctx, 0, f"Money Plant not full ({m} of {MONEY_PLANT_CAPACITY} leaves) = 0", counted)


def mermaid_tail(ctx: Context) -> Outcome:
    """+7 if you have the most plants, ties count (the Money Plant, which everyone has, is left out)."""
    counts = [len(p.plants) for p in ctx.table.players]
    mine, best = counts[ctx.index], max(counts)
    others = _others(ctx.others(counts))
    counted = _plant_paths(ctx.player.plants)
    if mine == best:
        most = "tied for the most" if counts.count(best) > 1 else "the most"
        return _same(ctx, 7, f"you have {_n(mine, 'plant')}, {most} (others: {others}) = 7", counted)
    return _same(ctx, 0, f"you have {_n(mine, 'plant')}, the most is {best} (others: {others}) = 0", counted)


def pet_rock(ctx: Context) -> Outcome:
    """+5 (it never holds leaves)."""
    return _same(ctx, 5, f"= {5 * len(ctx.cards)}")


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


def plants(player: PlayerState, index: int, table: Table) -> Scored:
    """Every plant effect of this player, one line per plant type, in the rulebook's order."""
    out = Scored("plants", "Plants")
    for plant in ORDER:
        cards = tuple(s for s in player.plants if s.plant and s.plant.plant.name == plant.name)
        if not cards:
            continue
        got = EFFECTS[plant.name](Context(player, index, cards, table))
        for card, points in zip(cards, got.each):
            out.add(card.index, points)
        refs = _plant_paths(cards) + tuple(r for r in got.counts if r not in _plant_paths(cards))
        group = "special" if plant.special else plant.color
        out.say(f"{plant.name} ({group}): {got.text}", *refs, subjects=(c.index for c in cards))
    quiet: list[str] = []
    quiet_places: list[Slot] = []
    for slot in player.plants:
        assert slot.plant is not None
        name = slot.plant.plant.name
        if name not in EFFECTS:
            out.add(slot.index, 0)
            quiet_places.append(slot)
            if name not in quiet:
                quiet.append(name)
    if quiet:
        out.say(
            "No end-of-game effect: " + ", ".join(quiet),
            *_plant_paths(quiet_places),
            subjects=(s.index for s in quiet_places),
        )
    if not player.plants:
        out.say("No plants in your collection", ROW)
    return out


def score_board(table: Table, index: int, player: PlayerState | None = None) -> list[Scored]:
    """The four rows of the score pad for player ``index`` (or for ``player``, a board being typed
    that sits at seat ``index`` of ``table``), with each place's share."""
    player = player if player is not None else table.players[index]
    return [
        leaves(player),
        flowers(player),
        plants(player, index, table),
        pots(player, table.options.money_plant_pot_scores),
    ]


def score_player(table: Table, index: int) -> list[Category]:
    return [s.category() for s in score_board(table, index)]
