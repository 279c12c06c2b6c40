"""Verdant scoring rules: one small pure function per category and per goal card.

Each returns ``(points, lines)`` or ``(points, line)``; every point is explained.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from . import catalog as cat
from .model import Cell, GameState, Item, PlayerState, Room

ITEM_POINTS = {0: 0, 1: 1, 2: 3, 3: 6, 4: 9, 5: 12, 6: 16, 7: 20, 8: 25, 9: 25}  # 9 kinds only under modification 6; the printed scale ends at 8
FAMILY_PLANT_POINTS = 5
SOLO_RATINGS = ((100, "Elite!"), (90, "Excellent!"), (80, "Very Good!"), (70, "You're getting it!"), (60, "A good start!"))


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _names(cells: list[Cell]) -> str:
    return ", ".join(c.card.label() for c in cells)


# ------------------------------------------------------------------------- categories


def completed_plants(p: PlayerState, family: bool = False) -> tuple[int, list[str]]:
    """1. Printed points of each completed (potted) plant; 5 each in the family variant."""
    done = [c for c in p.plants if c.card.complete]
    if not done:
        return 0, ["No completed plants"]
    if family:
        return FAMILY_PLANT_POINTS * len(done), [
            f"{_plural(len(done), 'completed plant')} x {FAMILY_PLANT_POINTS} (family variant: printed points ignored) = "
            f"{FAMILY_PLANT_POINTS * len(done)}: {_names(done)}"]
    return sum(c.card.points for c in done), [f"{c.card.label()} ({c.where()}): {c.card.points}" for c in done]


def extra_verdancy(p: PlayerState, family: bool = False) -> tuple[int, list[str]]:
    """2. Verdancy on all incomplete plants, added up, then halved and rounded down (READINGS.md)."""
    if family:
        return 0, ["Family variant: no verdancy is used"]
    holding = [c for c in p.plants if not c.card.complete and c.card.verdancy > 0]
    if not holding:
        return 0, ["No verdancy on incomplete plants"]
    total = sum(c.card.verdancy for c in holding)
    parts = " + ".join(f"{c.card.label()} {c.card.verdancy}" for c in holding)
    return total // 2, [f"Verdancy on incomplete plants: {parts} = {total}, halved and rounded down = {total // 2}"]


def bonus_pots(p: PlayerState, family: bool = False) -> tuple[int, list[str]]:
    """3. Concrete 3, wood 2, ceramic 1, terra cotta 0."""
    counts = Counter(c.card.pot for c in p.plants if c.card.complete)
    if family:
        return 0, ["Family variant: pots do not score"]
    lines = [f"{_plural(counts[k], k + ' pot')} x {cat.POT_POINTS[k]} = {counts[k] * cat.POT_POINTS[k]}"
             for k in cat.BONUS_POTS if counts[k]]
    if counts["terracotta"]:
        lines.append(f"{_plural(counts['terracotta'], 'terra cotta pot')} x 0 = 0")
    if not lines:
        lines = ["No pots"]
    elif not any(counts[k] for k in cat.BONUS_POTS):
        lines.insert(0, "No bonus pots")
    return sum(counts[k] * cat.POT_POINTS[k] for k in cat.BONUS_POTS), lines


def room_score(p: PlayerState, cell: Cell) -> tuple[int, str]:
    """1 point per adjacent plant of the room's type, 2 if the room holds an item of its colour.

    Returns the points and the explanation line (worked out once per room of a player: the room
    bonuses, achievement 24 and the campaign all ask)."""
    key = ("room_score", cell.row, cell.col)
    known = p.memo.get(key)
    if known is not None and known[0] is cell:
        return known[1]
    scored = _room_score(p, cell)
    p.memo[key] = (cell, scored)
    return scored


def _room_score(p: PlayerState, cell: Cell) -> tuple[int, str]:
    room = cell.card
    assert isinstance(room, Room)
    matching = [o for _, o in p.neighbours(cell) if o.is_plant and o.card.type == room.type]
    double = room.item is not None and room.item.color == room.type
    each = 2 if double else 1
    how = f", {room.item.label().lower()} matches x2" if double else ""
    label = f"{room.label()} ({cell.where()}{how})"
    if not matching:
        return 0, f"{label}: no adjacent {room.type.capitalize()} plant = 0"
    n = len(matching)
    return n * each, f"{label}: {_plural(n, 'adjacent ' + room.type.capitalize() + ' plant')} x {each} = {n * each}"


def room_bonuses(p: PlayerState) -> tuple[int, list[str]]:
    """4. Every room, top-left first, row by row."""
    rooms = sorted(p.rooms, key=lambda c: (c.row, c.col))
    if not rooms:
        return 0, ["No rooms"]
    scored = [room_score(p, c) for c in rooms]
    return sum(s for s, _ in scored), [line for _, line in scored]


def placed_items(p: PlayerState) -> list[Item]:
    return [c.card.item for c in sorted(p.rooms, key=lambda c: (c.row, c.col)) if c.card.item is not None]


def furniture_and_pets(p: PlayerState) -> tuple[int, list[str]]:
    """5. Distinct kinds among items placed in rooms: 1, 3, 6, 9, 12, 16, 20, 25 (READINGS.md)."""
    items = placed_items(p)
    if not items:
        return 0, ["No furniture or pets placed in rooms"]
    present = {i.kind for i in items}
    kinds = [k for k in cat.ITEM_KINDS if k in present]
    points = ITEM_POINTS[len(kinds)]
    cap = " (the scale ends at 8 kinds)" if len(kinds) > 8 else ""
    lines = [f"{_plural(len(kinds), 'different item kind')} in rooms ({', '.join(kinds)}){cap} = {points}"]
    extra = len(items) - len(kinds)
    if extra:
        dups = Counter(i.kind for i in items)
        lines.append(f"{_plural(extra, 'duplicate token')} ({', '.join(f'{k} x{n}' for k, n in dups.items() if n > 1)}) "
                     f"{'does' if extra == 1 else 'do'} not score")
    if isinstance(p.storage, Item):
        lines.append(f"The stored {p.storage.label().lower()} is not in the home and does not count")
    return points, lines


def _set_bonus(present: set[str], what: str) -> tuple[int, list[str]]:
    missing = [t for t in cat.TYPES if t not in present]
    if not missing:
        return 3, [f"All 5 {what} types = 3"]
    return 0, [f"Missing {what} types: {', '.join(missing)} = 0"]


def plant_collector(p: PlayerState) -> tuple[int, list[str]]:
    """6. 3 points for at least one plant of each of the 5 types."""
    return _set_bonus({c.card.type for c in p.plants}, "plant")


def decorator(p: PlayerState) -> tuple[int, list[str]]:
    """7. 3 points for at least one room of each of the 5 types."""
    return _set_bonus({c.card.type for c in p.rooms}, "room")


# ------------------------------------------------------------------------------ goals


def _adjacent_edges(p: PlayerState, plant: Cell) -> list[str]:
    """The lighting on each room edge that faces ``plant``."""
    opposite = _OPPOSITE
    edges = []
    for side, other in p.neighbours(plant):
        if not other.is_plant and other.card.edges is not None:
            edges.append(other.card.edges[opposite[side]])
    return edges


_OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def _rows_where(p: PlayerState, plants: bool, test: Callable[[list[str]], bool]) -> list[int]:
    out = []
    for row in p.rows():
        types = [c.card.type for c in row if c.is_plant == plants]
        if len(types) >= 2 and test(types):
            out.append(row[0].row + 1)
    return out


def _each(n: int, what: str, points: int, rows: list[int] | None = None, names: str = "") -> tuple[int, str]:
    where = f" (rows {', '.join(map(str, rows))})" if rows else (f" ({names})" if names else "")
    return n * points, f"{_plural(n, what[0], what[1])}{where} x {points} = {n * points}"


def _most(game: GameState, p: PlayerState, count: Callable[[PlayerState], int], what: str, points: int) -> tuple[int, str]:
    mine = count(p)
    best = max(count(o) for o in game.players)
    if mine == 0:
        return 0, f"no {what} = 0"
    if mine == best:
        tied = sum(1 for o in game.players if count(o) == best)
        tie = f", tied with {_plural(tied - 1, 'other player')} (friendly tie)" if tied > 1 else ""
        return points, f"most {what} ({mine}{tie}) = {points}"
    return 0, f"{mine} {what}, fewer than the most ({best}) = 0"


def _most_per_type(game: GameState, p: PlayerState, rooms: bool, points: int) -> tuple[int, str]:
    def count(o: PlayerState, t: str) -> int:
        return sum(1 for c in (o.rooms if rooms else o.plants) if c.card.type == t)
    won = []
    for t in cat.TYPES:
        mine = count(p, t)
        if mine > 0 and mine == max(count(o, t) for o in game.players):
            won.append(f"{t} {mine}")
    what = "room" if rooms else "plant"
    if not won:
        return 0, f"the most {what}s of no type = 0"
    return len(won) * points, f"the most {what}s (friendly ties count) of {_plural(len(won), 'type')}: {', '.join(won)} x {points} = {len(won) * points}"


def _pots(p: PlayerState) -> Counter:
    return Counter(c.card.pot for c in p.plants if c.card.complete)


def goal_apartment_living(game, p):
    found = [c for c in p.plants if c.card.complete and c.card.needs <= 4]
    return _each(len(found), ("completed plant needing 4 or less", "completed plants needing 4 or less"), 2, names=_names(found))


def goal_going_big(game, p):
    found = [c for c in p.plants if c.card.complete and c.card.needs >= 7]
    return _each(len(found), ("completed plant needing 7 or more", "completed plants needing 7 or more"), 2, names=_names(found))


def goal_on_vacation(game, p):
    found = [c for c in p.plants if not c.card.complete and c.card.verdancy <= 2]
    return _each(len(found), ("incomplete plant with 2 or less verdancy", "incomplete plants with 2 or less verdancy"), 2, names=_names(found))


def goal_coordinated_alignment(game, p):
    rows = _rows_where(p, True, lambda ts: len(set(ts)) == 1)
    return _each(len(rows), ("row of plants all one type", "rows of plants all one type"), 3, rows)


def goal_picking_favorites(game, p):
    missing = [t for t in cat.TYPES if t not in {c.card.type for c in p.plants}]
    return _each(len(missing), ("missing plant type", "missing plant types"), 2, names=", ".join(missing))


def goal_mixing_it_up(game, p):
    rows = _rows_where(p, True, lambda ts: len(set(ts)) == len(ts))
    return _each(len(rows), ("row of plants all different types", "rows of plants all different types"), 2, rows)


def goal_perfect_conditions(game, p):
    found = [c for c in p.plants if all(e in c.card.light for e in _adjacent_edges(p, c))]
    return _each(len(found), ("plant with every adjacent edge matching", "plants with every adjacent edge matching"), 1, names=_names(found))


def goal_competitive_collections(game, p):
    return _most_per_type(game, p, False, 2)


def goal_every_shade_of_green(game, p):
    values = sorted({c.card.needs for c in p.plants})
    return _each(len(values), ("different verdancy requirement", "different verdancy requirements"), 1, names=", ".join(map(str, values)))


def goal_against_all_odds(game, p):
    found = [c for c in p.plants if not any(e in c.card.light for e in _adjacent_edges(p, c))]
    return _each(len(found), ("plant with no matching edge", "plants with no matching edge"), 2, names=_names(found))


def goal_pot_pairs(game, p):
    pots = _pots(p)
    pairs = {k: pots[k] // 2 for k in cat.POT_KINDS if pots[k] >= 2}
    return _each(sum(pairs.values()), ("pair of same pots", "pairs of same pots"), 2, names=", ".join(f"{k} {n}" for k, n in pairs.items()))


def goal_thumbs_up(game, p):
    return _each(p.green_thumbs, ("Green Thumb token", "Green Thumb tokens"), 1)


def goal_picky_potter(game, p):
    pots = _pots(p)
    missing = [k for k in cat.POT_KINDS if not pots[k]]
    return _each(len(missing), ("pot type you lack", "pot types you lack"), 2, names=", ".join(missing))


def goal_delayed_gratification(game, p):
    return _each(_pots(p)["terracotta"], ("terra cotta pot", "terra cotta pots"), 2)


def goal_color_pairs(game, p):
    colors = Counter(i.color for i in placed_items(p))
    pairs = {k: n // 2 for k, n in colors.items() if n >= 2}
    return _each(sum(pairs.values()), ("pair of same-colour items", "pairs of same-colour items"), 2,
                 names=", ".join(f"{k} {n}" for k, n in pairs.items()))


def goal_spice_of_life(game, p):
    pots = _pots(p)
    sets = min(pots[k] for k in cat.POT_KINDS)
    return _each(sets, ("set of all 4 pot types", "sets of all 4 pot types"), 4)


def goal_creature_comforts(game, p):
    return _most(game, p, lambda o: sum(1 for i in placed_items(o) if i.kind in cat.PETS), "pets", 4)


def goal_furniture_aficionado(game, p):
    return _most(game, p, lambda o: sum(1 for i in placed_items(o) if i.kind in cat.FURNITURE), "furniture", 4)


def goal_backup_plan(game, p):
    if isinstance(p.storage, str):
        return 4, f"{p.storage.replace('_', ' ')} in storage = 4"
    return 0, "no nurture token in storage = 0"


def goal_clear_the_way(game, p):
    rows = [row[0].row + 1 for row in p.rows() if any(not c.is_plant for c in row)
            and all(c.card.item is None for c in row if not c.is_plant)]
    return _each(len(rows), ("row with every room empty", "rows with every room empty"), 4, rows)


def goal_triple_treatment(game, p):
    counts = Counter(c.card.type for c in p.rooms)
    found = [t for t in cat.TYPES if counts[t] >= 3]
    return _each(len(found), ("room type with 3+ rooms", "room types with 3+ rooms"), 3, names=", ".join(f"{t} {counts[t]}" for t in found))


def goal_matchy_matchy(game, p):
    n = sum(1 for c in p.rooms if c.card.item is not None and c.card.item.color == c.card.type)
    return _each(n, ("room with an item of its colour", "rooms with an item of their colour"), 1)


def _matches(p: PlayerState, room: Cell) -> int:
    return sum(1 for _, o in p.neighbours(room) if o.is_plant and o.card.type == room.card.type)


def goal_double_duty(game, p):
    n = sum(1 for c in p.rooms if _matches(p, c) >= 2)
    return _each(n, ("room with 2+ matching plants", "rooms with 2+ matching plants"), 1)


def goal_color_minimalist(game, p):
    missing = [t for t in cat.TYPES if t not in {c.card.type for c in p.rooms}]
    return _each(len(missing), ("missing room type", "missing room types"), 2, names=", ".join(missing))


def goal_coordinated_corridors(game, p):
    rows = _rows_where(p, False, lambda ts: len(set(ts)) == 1)
    return _each(len(rows), ("row of rooms all one type", "rows of rooms all one type"), 3, rows)


def goal_diversified_designer(game, p):
    rows = _rows_where(p, False, lambda ts: len(set(ts)) == len(ts))
    return _each(len(rows), ("row of rooms all different types", "rows of rooms all different types"), 2, rows)


def goal_perfect_ambiance(game, p):
    def perfect(room: Cell) -> bool:
        touching = [(side, o) for side, o in p.neighbours(room) if o.is_plant]
        return bool(touching) and all(room.card.edges[side] in o.card.light for side, o in touching)
    n = sum(1 for c in p.rooms if perfect(c))
    return _each(n, ("room matching every adjacent plant", "rooms matching every adjacent plant"), 1)


def goal_colorful_competition(game, p):
    return _most_per_type(game, p, True, 2)


def goal_chaotic_coordinator(game, p):
    n = sum(1 for c in p.rooms if _matches(p, c) == 0)
    return _each(n, ("room with no matching plant", "rooms with no matching plant"), 2)


def goal_four_corners(game, p):
    rows = [c.row for c in p.cells]
    cols = [c.col for c in p.cells]
    corners = [p.at(r, c) for r in (min(rows), max(rows)) for c in (min(cols), max(cols))]
    if any(c is None or c.is_plant for c in corners):
        return 0, "the four corners are not all rooms = 0"
    types = [c.card.type for c in corners]
    if len(set(types)) == 1:
        return 4, f"the four corner rooms are all {types[0]} = 4"
    if len(set(types)) == 4:
        return 4, f"the four corner rooms are all different ({', '.join(types)}) = 4"
    return 0, f"the four corner rooms ({', '.join(types)}) are neither all one type nor all different = 0"


GOAL_RULES: dict[str, Callable[[GameState, PlayerState], tuple[int, str]]] = {
    "Apartment Living": goal_apartment_living,
    "Going Big": goal_going_big,
    "On Vacation": goal_on_vacation,
    "Coordinated Alignment": goal_coordinated_alignment,
    "Picking Favorites": goal_picking_favorites,
    "Mixing It Up": goal_mixing_it_up,
    "Perfect Conditions": goal_perfect_conditions,
    "Competitive Collections": goal_competitive_collections,
    "Every Shade of Green": goal_every_shade_of_green,
    "Against All Odds": goal_against_all_odds,
    "Pot Pairs": goal_pot_pairs,
    "Thumbs Up": goal_thumbs_up,
    "Picky Potter": goal_picky_potter,
    "Delayed Gratification": goal_delayed_gratification,
    "Color Pairs": goal_color_pairs,
    "The Spice of Life": goal_spice_of_life,
    "Creature Comforts": goal_creature_comforts,
    "Furniture Aficionado": goal_furniture_aficionado,
    "Backup Plan": goal_backup_plan,
    "Clear the Way": goal_clear_the_way,
    "Triple Treatment": goal_triple_treatment,
    "Matchy Matchy": goal_matchy_matchy,
    "Double Duty": goal_double_duty,
    "Color Minimalist": goal_color_minimalist,
    "Coordinated Corridors": goal_coordinated_corridors,
    "Diversified Designer": goal_diversified_designer,
    "Perfect Ambiance": goal_perfect_ambiance,
    "Colorful Competition": goal_colorful_competition,
    "Chaotic Coordinator": goal_chaotic_coordinator,
    "Four Corners": goal_four_corners,
}


def goal_cards(game: GameState, p: PlayerState) -> tuple[int, list[str]]:
    """8. Each deck's goal card; under modification 4 the better of the deck's two cards."""
    if not p.goals:
        return 0, ["No goal cards in play"]
    total, lines = 0, []
    for candidates in p.goals:
        scored = [(GOAL_RULES[name](game, p), name) for name in candidates]
        (best, line), name = max(scored, key=lambda s: s[0][0])  # max keeps the first on a tie
        text = f"{name}: {line}"
        others = [f"{n}, which scores {pts}" for (pts, _), n in scored if n != name]
        if others:
            text += f" (chosen over {'; '.join(others)})"
        total += best
        lines.append(text)
    return total, lines


# ------------------------------------------------------------------------ whole player


CATEGORY_LABELS = {
    "plants": "Completed plants",
    "verdancy": "Extra verdancy",
    "pots": "Bonus pots",
    "rooms": "Room bonuses",
    "items": "Furniture and pets",
    "collector": "Plant collector",
    "decorator": "Decorator",
    "goals": "Goal cards",
}


def score_player(game: GameState, p: PlayerState) -> dict[str, tuple[int, list[str]]]:
    """Every category for one player, keyed as in ``CATEGORY_LABELS``."""
    return {
        "plants": completed_plants(p, game.family),
        "verdancy": extra_verdancy(p, game.family),
        "pots": bonus_pots(p, game.family),
        "rooms": room_bonuses(p),
        "items": furniture_and_pets(p),
        "collector": plant_collector(p),
        "decorator": decorator(p),
        "goals": goal_cards(game, p),
    }


def solo_rating(total: int) -> dict[str, object]:
    """The solo chart: 60+ A good start! ... 100+ Elite!

    >>> solo_rating(85)
    {'rating': 'Very Good!', 'threshold': 80}
    >>> solo_rating(59)
    {'rating': None, 'threshold': None}
    """
    for threshold, rating in SOLO_RATINGS:
        if total >= threshold:
            return {"rating": rating, "threshold": threshold}
    return {"rating": None, "threshold": None}
