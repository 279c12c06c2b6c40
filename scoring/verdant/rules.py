"""Verdant scoring rules: one small pure function per category and per goal card.

Each category returns ``(points, lines)`` and each goal ``(points, line)``; every point is
explained, and every line names the parts of the player's table it is about (contract paths
relative to the player, see :func:`scoring.core.line`): a plant line its cell, a pot line the
``.pot`` of each pot it counts, a room line the room and the plants (and item) it counts, a goal
line the cells it counts (or, when it counts nothing, the cells it looked at).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from ..core import Line, line
from . import catalog as cat
from .model import Cell, GameState, Item, PlayerState, plural

ITEM_POINTS = {
    0: 0,
    1: 1,
    2: 3,
    3: 6,
    4: 9,
    5: 12,
    6: 16,
    7: 20,
    8: 25,
    9: 25,
}  # 9 kinds only under modification 6; the printed scale ends at 8
FAMILY_PLANT_POINTS = 5
SOLO_RATINGS = (
    (100, "Elite!"),
    (90, "Excellent!"),
    (80, "Very Good!"),
    (70, "You're getting it!"),
    (60, "A good start!"),
)

Lines = list[Line]
_plural = plural


def _names(cells: list[Cell]) -> str:
    return ", ".join(c.card.label() for c in cells)


def _refs(cells: Iterable[Cell], leaf: str = "") -> tuple[str, ...]:
    if leaf:
        return tuple([f"{c.ref}.{leaf}" for c in cells])
    return tuple([c.ref for c in cells])


def _given(p: PlayerState, key: str) -> tuple[str, ...]:
    """``key`` as a ref when the player's input gives it (``green_thumbs``, ``storage``)."""
    return (key,) if key in p.given else ()


# ------------------------------------------------------------------------- categories


def completed_plants(p: PlayerState, family: bool = False) -> tuple[int, Lines]:
    """1. Printed points of each completed (potted) plant; 5 each in the family variant."""
    done = [c for c in p.plant_cells if c.plant.pot is not None]  # complete
    if not done:
        return 0, [line("No completed plants", *p.plant_refs)]
    if family:
        return FAMILY_PLANT_POINTS * len(done), [
            line(
                f"{_plural(len(done), 'completed plant')} x {FAMILY_PLANT_POINTS} (family variant: printed "
                "points ignored) = "
                f"{FAMILY_PLANT_POINTS * len(done)}: {_names(done)}",
                *_refs(done),
            )
        ]
    return sum(c.plant.points for c in done), [
        (f"{c.card.label()} ({c.where()}): {c.plant.points}", (c.ref,)) for c in done  # line(text, c.ref)
    ]


def extra_verdancy(p: PlayerState, family: bool = False) -> tuple[int, Lines]:
    """2. Verdancy on all incomplete plants, added up, then halved and rounded down (READINGS.md)."""
    if family:
        return 0, [line("Family variant: no verdancy is used")]
    holding = [c for c in p.plant_cells if c.plant.pot is None and c.plant.verdancy > 0]
    if not holding:
        return 0, [
            line("No verdancy on incomplete plants", *_refs(c for c in p.plant_cells if c.plant.pot is None))
        ]
    total = sum(c.plant.verdancy for c in holding)
    parts = " + ".join(f"{c.card.label()} {c.plant.verdancy}" for c in holding)
    return total // 2, [
        line(
            f"Verdancy on incomplete plants: {parts} = {total}, halved and rounded down = {total // 2}",
            *_refs(holding),
        )
    ]


def bonus_pots(p: PlayerState, family: bool = False) -> tuple[int, Lines]:
    """3. Concrete 3, wood 2, ceramic 1, terra cotta 0."""
    potted = [c for c in p.plant_cells if c.plant.pot is not None]
    if family:
        return 0, [line("Family variant: pots do not score", *_refs(potted, "pot"))]
    by_kind: dict[str, list[Cell]] = {k: [] for k in cat.POT_KINDS}
    for c in potted:  # {k: [c for c in potted if c.plant.pot == k] for k in cat.POT_KINDS}
        same = by_kind.get(c.plant.pot)  # type: ignore[arg-type]
        if same is not None:
            same.append(c)
    lines = [
        line(
            f"{_plural(len(by_kind[k]), k + ' pot')} x {cat.POT_POINTS[k]} = "
            f"{len(by_kind[k]) * cat.POT_POINTS[k]}",
            *_refs(by_kind[k], "pot"),
        )
        for k in cat.BONUS_POTS
        if by_kind[k]
    ]
    if by_kind["terracotta"]:
        lines.append(
            line(
                f"{_plural(len(by_kind['terracotta']), 'terra cotta pot')} x 0 = 0",
                *_refs(by_kind["terracotta"], "pot"),
            )
        )
    if not lines:
        lines = [line("No pots", *p.plant_refs)]
    elif not any(by_kind[k] for k in cat.BONUS_POTS):
        lines.insert(0, line("No bonus pots", *_refs(by_kind["terracotta"], "pot")))
    return sum(len(by_kind[k]) * cat.POT_POINTS[k] for k in cat.BONUS_POTS), lines


def room_score(p: PlayerState, cell: Cell) -> tuple[int, Line]:
    """1 point per adjacent plant of the room's type, 2 if the room holds an item of its colour.

    Returns the points and the explanation line (worked out once per room of a player: the room
    bonuses, achievement 24 and the campaign all ask)."""
    key = ("room_score", cell.row, cell.col)
    known = p.memo.get(key)
    if known is not None and known[0] is cell:
        scored: tuple[int, Line] = known[1]
        return scored
    scored = _room_score(p, cell)
    p.memo[key] = (cell, scored)
    return scored


def _room_score(p: PlayerState, cell: Cell) -> tuple[int, Line]:
    room = cell.room
    rtype, item, ref = room.type, room.item, cell.ref
    refs = [ref]
    for _, o in p.neighbours(cell):
        if o.is_plant and o.card.type == rtype:
            refs.append(o.ref)  # a matching plant
    n = len(refs) - 1
    double = item is not None and item.color == rtype
    if double:
        assert item is not None
        label = f"{room.label()} ({cell.where()}, {item.label().lower()} matches x2)"
        refs.append(f"{ref}.item")
    else:
        label = f"{room.label()} ({cell.where()})"
    adjacent = _ADJACENT.get(rtype)
    if adjacent is None:
        adjacent = "adjacent " + rtype.capitalize() + " plant"
    if not n:
        return 0, (f"{label}: no {adjacent} = 0", tuple(refs))
    each = 2 if double else 1
    counted = f"{n} {adjacent if n == 1 else adjacent + 's'}"  # _plural(n, adjacent)
    return n * each, (f"{label}: {counted} x {each} = {n * each}", tuple(refs))


#: a room type's words in its line: "adjacent Succulent plant"
_ADJACENT = {t: "adjacent " + t.capitalize() + " plant" for t in cat.TYPES}


def _rooms_in_order(p: PlayerState) -> list[Cell]:
    """The rooms top-left first, row by row (worked out once per player; read only)."""
    known: list[Cell] | None = p.memo.get("rooms_in_order")
    if known is None:
        known = p.memo["rooms_in_order"] = sorted(p.room_cells, key=lambda c: (c.row, c.col))
    return known


def room_bonuses(p: PlayerState) -> tuple[int, Lines]:
    """4. Every room, top-left first, row by row."""
    rooms = _rooms_in_order(p)
    if not rooms:
        return 0, [line("No rooms")]
    scored = [room_score(p, c) for c in rooms]
    p.memo["best_room"] = max(s for s, _ in scored)  # the best room score (achievement 24 asks)
    return sum(s for s, _ in scored), [one for _, one in scored]


def placed(p: PlayerState) -> list[tuple[Cell, Item]]:
    """The furniture and pet tokens placed in rooms, with their rooms, top-left first (worked out
    once per player: the items category, four goals and the achievements ask)."""
    known = p.memo.get("placed")
    if known is None:
        known = []
        for c in _rooms_in_order(p):
            item = c.room.item
            if item is not None:
                known.append((c, item))
        p.memo["placed"] = known
    return list(known)


def placed_items(p: PlayerState) -> list[Item]:
    return [item for _, item in placed(p)]


def furniture_and_pets(p: PlayerState) -> tuple[int, Lines]:
    """5. Distinct kinds among items placed in rooms: 1, 3, 6, 9, 12, 16, 20, 25 (READINGS.md)."""
    tokens = placed(p)
    if not tokens:
        return 0, [line("No furniture or pets placed in rooms", *p.room_refs)]
    first: dict[str, Cell] = {}
    for c, item in tokens:
        first.setdefault(item.kind, c)
    kinds = [k for k in cat.ITEM_KINDS if k in first]
    points = ITEM_POINTS[len(kinds)]
    cap = " (the scale ends at 8 kinds)" if len(kinds) > 8 else ""
    lines = [
        line(
            f"{_plural(len(kinds), 'different item kind')} in rooms ({', '.join(kinds)}){cap} = {points}",
            *_refs((first[k] for k in kinds), "item"),
        )
    ]
    extra = len(tokens) - len(kinds)
    if extra:
        dups = Counter(item.kind for _, item in tokens)
        again = [c for c, item in tokens if first[item.kind] is not c]
        lines.append(
            line(
                f"{_plural(extra, 'duplicate token')} "
                f"({', '.join(f'{k} x{n}' for k, n in dups.items() if n > 1)}) "
                f"{'does' if extra == 1 else 'do'} not score",
                *_refs(again, "item"),
            )
        )
    if isinstance(p.storage, Item):
        lines.append(
            line(
                f"The stored {p.storage.label().lower()} is not in the home and does not count",
                *_given(p, "storage"),
            )
        )
    return points, lines


def _set_bonus(present: set[str], what: str, refs: tuple[str, ...]) -> tuple[int, Lines]:
    missing = [t for t in cat.TYPES if t not in present]
    if not missing:
        return 3, [line(f"All 5 {what} types = 3", *refs)]
    return 0, [line(f"Missing {what} types: {', '.join(missing)} = 0", *refs)]


def plant_collector(p: PlayerState) -> tuple[int, Lines]:
    """6. 3 points for at least one plant of each of the 5 types."""
    return _set_bonus({c.card.type for c in p.plant_cells}, "plant", p.plant_refs)


def decorator(p: PlayerState) -> tuple[int, Lines]:
    """7. 3 points for at least one room of each of the 5 types."""
    return _set_bonus({c.card.type for c in p.room_cells}, "room", p.room_refs)


# ------------------------------------------------------------------------------ goals

Goal = tuple[int, Line]


def _adjacent_edges(p: PlayerState, plant: Cell) -> list[str]:
    """The lighting on each room edge that faces ``plant``."""
    opposite = _OPPOSITE
    edges = []
    for side, other in p.neighbours(plant):
        faces = None if other.is_plant else other.room.edges
        if faces is not None:
            edges.append(faces[opposite[side]])
    return edges


_OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def _rows_where(
    game: GameState, p: PlayerState, plants: bool, test: Callable[[list[str]], bool]
) -> tuple[list[int], list[Cell], str]:
    """The rows (numbers from 1) whose plants (or rooms) pass ``test``, the cards of those rows,
    and the reading used when a row holds a single card of that kind: by default such a row does
    not count (one card is not "all one type" or "all different"); with ``options.one_card_rows``
    it does (only modification 6 makes such rows)."""
    least = 1 if game.one_card_rows else 2
    rows: list[int] = []
    cells: list[Cell] = []
    single = False
    for row in p.rows():
        mine = [c for c in row if c.is_plant == plants]
        single = single or len(mine) == 1
        if len(mine) >= least and test([c.card.type for c in mine]):
            rows.append(row[0].row + 1)
            cells.extend(mine)
    what = "plant" if plants else "room"
    reading = ""
    if single:
        reading = (
            f"; a row with a single {what} counts (option one_card_rows)"
            if game.one_card_rows
            else f"; a row with a single {what} does not count"
        )
    return rows, cells, reading


def _each(
    n: int,
    what: tuple[str, str],
    points: int,
    refs: tuple[str, ...],
    rows: list[int] | None = None,
    names: str = "",
    note: str = "",
) -> Goal:
    where = f" (rows {', '.join(map(str, rows))})" if rows else (f" ({names})" if names else "")
    return n * points, line(f"{_plural(n, what[0], what[1])}{where} x {points} = {n * points}{note}", *refs)


def _most(
    game: GameState,
    p: PlayerState,
    count: Callable[[PlayerState], list[tuple[Cell, Item]]],
    what: tuple[str, str],
    points: int,
) -> Goal:
    mine = count(p)
    refs = _refs((c for c, _ in mine), "item")
    best = max(len(count(o)) for o in game.players)
    one, many = what
    if not mine:
        return 0, line(f"no {many} = 0", *p.room_refs)
    if len(mine) == best:
        tied = sum(1 for o in game.players if len(count(o)) == best)
        tie = f", tied with {_plural(tied - 1, 'other player')} (friendly tie)" if tied > 1 else ""
        return points, line(f"most {many} ({len(mine)}{tie}) = {points}", *refs)
    return 0, line(f"{_plural(len(mine), one, many)}, fewer than the most ({best}) = 0", *refs)


def _most_per_type(game: GameState, p: PlayerState, rooms: bool, points: int) -> Goal:
    def count(o: PlayerState, t: str) -> int:
        return sum(1 for c in (o.room_cells if rooms else o.plant_cells) if c.card.type == t)

    won: list[str] = []
    cells: list[Cell] = []
    for t in cat.TYPES:
        mine = count(p, t)
        if mine > 0 and mine == max(count(o, t) for o in game.players):
            won.append(f"{t} {mine}")
            cells.extend(c for c in (p.room_cells if rooms else p.plant_cells) if c.card.type == t)
    what = "room" if rooms else "plant"
    if not won:
        return 0, line(f"the most {what}s of no type = 0", *p.room_refs if rooms else p.plant_refs)
    return len(won) * points, line(
        f"the most {what}s (friendly ties count) of {_plural(len(won), 'type')}: {', '.join(won)} "
        f"x {points} = {len(won) * points}",
        *_refs(cells),
    )


def _potted(p: PlayerState) -> dict[str, list[Cell]]:
    """The completed plants by the kind of their pot (every kind present, maybe empty)."""
    out: dict[str, list[Cell]] = {k: [] for k in cat.POT_KINDS}
    for c in p.plant_cells:
        if c.plant.pot is not None:
            out[c.plant.pot].append(c)
    return out


def _or_all(found: list[Cell], examined: tuple[str, ...]) -> tuple[str, ...]:
    """The paths of the cells a goal counted, or, when it counted none, of the cells it looked at."""
    return _refs(found) if found else examined


def goal_apartment_living(game: GameState, p: PlayerState) -> Goal:
    found = [c for c in p.plant_cells if c.plant.pot is not None and c.plant.needs <= 4]
    return _each(
        len(found),
        ("completed plant needing 4 or less", "completed plants needing 4 or less"),
        2,
        _or_all(found, p.plant_refs),
        names=_names(found),
    )


def goal_going_big(game: GameState, p: PlayerState) -> Goal:
    found = [c for c in p.plant_cells if c.plant.pot is not None and c.plant.needs >= 7]
    return _each(
        len(found),
        ("completed plant needing 7 or more", "completed plants needing 7 or more"),
        2,
        _or_all(found, p.plant_refs),
        names=_names(found),
    )


def goal_on_vacation(game: GameState, p: PlayerState) -> Goal:
    found = [c for c in p.plant_cells if c.plant.pot is None and c.plant.verdancy <= 2]
    return _each(
        len(found),
        ("incomplete plant with 2 or less verdancy", "incomplete plants with 2 or less verdancy"),
        2,
        _or_all(found, p.plant_refs),
        names=_names(found),
    )


def goal_coordinated_alignment(game: GameState, p: PlayerState) -> Goal:
    rows, cells, note = _rows_where(game, p, True, lambda ts: len(set(ts)) == 1)
    return _each(
        len(rows),
        ("row of plants all one type", "rows of plants all one type"),
        3,
        _or_all(cells, p.plant_refs),
        rows,
        note=note,
    )


def goal_picking_favorites(game: GameState, p: PlayerState) -> Goal:
    missing = [t for t in cat.TYPES if t not in {c.card.type for c in p.plant_cells}]
    return _each(
        len(missing), ("missing plant type", "missing plant types"), 2, p.plant_refs, names=", ".join(missing)
    )


def goal_mixing_it_up(game: GameState, p: PlayerState) -> Goal:
    rows, cells, note = _rows_where(game, p, True, lambda ts: len(set(ts)) == len(ts))
    return _each(
        len(rows),
        ("row of plants all different types", "rows of plants all different types"),
        2,
        _or_all(cells, p.plant_refs),
        rows,
        note=note,
    )


def _lit_plants(p: PlayerState, every: bool) -> list[Cell]:
    """The plants whose lighting matches every room edge facing them (``every``), or none of them:
    ``all(e in light for e in _adjacent_edges(p, c))`` / ``not any(...)``, one plant at a time."""
    opposite = _OPPOSITE
    found = []
    for c in p.plant_cells:
        light = c.plant.light or ()
        for side, other in p.neighbours(c):
            if not other.is_plant:
                faces = other.room.edges
                if faces is not None and (faces[opposite[side]] in light) is not every:
                    break
        else:
            found.append(c)
    return found


def goal_perfect_conditions(game: GameState, p: PlayerState) -> Goal:
    found = _lit_plants(p, True)  # every adjacent edge matches
    return _each(
        len(found),
        ("plant with every adjacent edge matching", "plants with every adjacent edge matching"),
        1,
        _or_all(found, p.plant_refs),
        names=_names(found),
    )


def goal_competitive_collections(game: GameState, p: PlayerState) -> Goal:
    return _most_per_type(game, p, False, 2)


def goal_every_shade_of_green(game: GameState, p: PlayerState) -> Goal:
    values = sorted({c.plant.needs for c in p.plant_cells})
    return _each(
        len(values),
        ("different verdancy requirement", "different verdancy requirements"),
        1,
        p.plant_refs,
        names=", ".join(map(str, values)),
    )


def goal_against_all_odds(game: GameState, p: PlayerState) -> Goal:
    found = _lit_plants(p, False)  # no adjacent edge matches
    return _each(
        len(found),
        ("plant with no matching edge", "plants with no matching edge"),
        2,
        _or_all(found, p.plant_refs),
        names=_names(found),
    )


def goal_pot_pairs(game: GameState, p: PlayerState) -> Goal:
    pots = _potted(p)
    pairs = {k: len(pots[k]) // 2 for k in cat.POT_KINDS if len(pots[k]) >= 2}
    counted = [c for k, n in pairs.items() for c in pots[k][: 2 * n]]
    return _each(
        sum(pairs.values()),
        ("pair of same pots", "pairs of same pots"),
        2,
        _refs(counted, "pot") if counted else p.plant_refs,
        names=", ".join(f"{k} {n}" for k, n in pairs.items()),
    )


def goal_thumbs_up(game: GameState, p: PlayerState) -> Goal:
    return _each(p.green_thumbs, ("Green Thumb token", "Green Thumb tokens"), 1, _given(p, "green_thumbs"))


def goal_picky_potter(game: GameState, p: PlayerState) -> Goal:
    pots = _potted(p)
    missing = [k for k in cat.POT_KINDS if not pots[k]]
    have = [c for k in cat.POT_KINDS for c in pots[k]]
    return _each(
        len(missing),
        ("pot type you lack", "pot types you lack"),
        2,
        _refs(have, "pot"),
        names=", ".join(missing),
    )


def goal_delayed_gratification(game: GameState, p: PlayerState) -> Goal:
    found = _potted(p)["terracotta"]
    return _each(
        len(found), ("terra cotta pot", "terra cotta pots"), 2, _refs(found, "pot") if found else p.plant_refs
    )


def goal_color_pairs(game: GameState, p: PlayerState) -> Goal:
    by_colour: dict[str, list[Cell]] = {}
    for c, item in placed(p):
        by_colour.setdefault(item.color, []).append(c)
    pairs = {k: len(cs) // 2 for k, cs in by_colour.items() if len(cs) >= 2}
    counted = [c for k, n in pairs.items() for c in by_colour[k][: 2 * n]]
    return _each(
        sum(pairs.values()),
        ("pair of same-colour items", "pairs of same-colour items"),
        2,
        _refs(counted, "item") if counted else p.room_refs,
        names=", ".join(f"{k} {n}" for k, n in pairs.items()),
    )


def goal_spice_of_life(game: GameState, p: PlayerState) -> Goal:
    pots = _potted(p)
    sets = min(len(pots[k]) for k in cat.POT_KINDS)
    counted = [c for k in cat.POT_KINDS for c in pots[k][:sets]]
    have = [c for k in cat.POT_KINDS for c in pots[k]]
    return _each(
        sets,
        ("set of all 4 pot types", "sets of all 4 pot types"),
        4,
        _refs(counted or have, "pot") if have else p.plant_refs,
    )


def _of_kinds(kinds: tuple[str, ...]) -> Callable[[PlayerState], list[tuple[Cell, Item]]]:
    def count(o: PlayerState) -> list[tuple[Cell, Item]]:
        return [(c, item) for c, item in placed(o) if item.kind in kinds]

    return count


def goal_creature_comforts(game: GameState, p: PlayerState) -> Goal:
    return _most(game, p, _of_kinds(cat.PETS), ("pet", "pets"), 4)


def goal_furniture_aficionado(game: GameState, p: PlayerState) -> Goal:
    return _most(game, p, _of_kinds(cat.FURNITURE), ("furniture", "furniture"), 4)


def goal_backup_plan(game: GameState, p: PlayerState) -> Goal:
    if isinstance(p.storage, str):
        return 4, line(f"{p.storage.replace('_', ' ')} in storage = 4", *_given(p, "storage"))
    return 0, line("no nurture token in storage = 0", *_given(p, "storage"))


def goal_clear_the_way(game: GameState, p: PlayerState) -> Goal:
    rows: list[int] = []
    cells: list[Cell] = []
    for row in p.rows():
        rooms = [c for c in row if not c.is_plant]
        if rooms and all(c.room.item is None for c in rooms):
            rows.append(row[0].row + 1)
            cells.extend(rooms)
    return _each(
        len(rows),
        ("row with every room empty", "rows with every room empty"),
        4,
        _or_all(cells, p.room_refs),
        rows,
    )


def goal_triple_treatment(game: GameState, p: PlayerState) -> Goal:
    counts = Counter(c.card.type for c in p.room_cells)
    found = [t for t in cat.TYPES if counts[t] >= 3]
    cells = [c for c in p.room_cells if c.card.type in found]
    return _each(
        len(found),
        ("room type with 3+ rooms", "room types with 3+ rooms"),
        3,
        _or_all(cells, p.room_refs),
        names=", ".join(f"{t} {counts[t]}" for t in found),
    )


def goal_matchy_matchy(game: GameState, p: PlayerState) -> Goal:
    found = [c for c, item in placed(p) if item.color == c.card.type]
    return _each(
        len(found),
        ("room with an item of its colour", "rooms with an item of their colour"),
        1,
        _or_all(found, p.room_refs),
    )


def _matches(p: PlayerState, room: Cell) -> int:
    return sum(1 for _, o in p.neighbours(room) if o.is_plant and o.card.type == room.card.type)


def goal_double_duty(game: GameState, p: PlayerState) -> Goal:
    found = [c for c in p.room_cells if _matches(p, c) >= 2]
    return _each(
        len(found),
        ("room with 2+ matching plants", "rooms with 2+ matching plants"),
        1,
        _or_all(found, p.room_refs),
    )


def goal_color_minimalist(game: GameState, p: PlayerState) -> Goal:
    missing = [t for t in cat.TYPES if t not in {c.card.type for c in p.room_cells}]
    return _each(
        len(missing), ("missing room type", "missing room types"), 2, p.room_refs, names=", ".join(missing)
    )


def goal_coordinated_corridors(game: GameState, p: PlayerState) -> Goal:
    rows, cells, note = _rows_where(game, p, False, lambda ts: len(set(ts)) == 1)
    return _each(
        len(rows),
        ("row of rooms all one type", "rows of rooms all one type"),
        3,
        _or_all(cells, p.room_refs),
        rows,
        note=note,
    )


def goal_diversified_designer(game: GameState, p: PlayerState) -> Goal:
    rows, cells, note = _rows_where(game, p, False, lambda ts: len(set(ts)) == len(ts))
    return _each(
        len(rows),
        ("row of rooms all different types", "rows of rooms all different types"),
        2,
        _or_all(cells, p.room_refs),
        rows,
        note=note,
    )


def goal_perfect_ambiance(game: GameState, p: PlayerState) -> Goal:
    def perfect(room: Cell) -> bool:
        # some plant touches it, and every plant touching it likes the lighting of its edge there
        edges = room.room.edges or {}
        touching = False
        for side, o in p.neighbours(room):
            if o.is_plant:
                if edges.get(side) not in (o.plant.light or ()):
                    return False
                touching = True
        return touching

    found = [c for c in p.room_cells if perfect(c)]
    return _each(
        len(found),
        ("room matching every adjacent plant", "rooms matching every adjacent plant"),
        1,
        _or_all(found, p.room_refs),
    )


def goal_colorful_competition(game: GameState, p: PlayerState) -> Goal:
    return _most_per_type(game, p, True, 2)


def goal_chaotic_coordinator(game: GameState, p: PlayerState) -> Goal:
    found = [c for c in p.room_cells if _matches(p, c) == 0]
    return _each(
        len(found),
        ("room with no matching plant", "rooms with no matching plant"),
        2,
        _or_all(found, p.room_refs),
    )


def goal_four_corners(game: GameState, p: PlayerState) -> Goal:
    if not p.cells:  # a home still empty (the preview)
        return 0, line("the four corners are not all rooms = 0")
    rows = [c.row for c in p.cells]
    cols = [c.col for c in p.cells]
    corners = [p.at(r, c) for r in (min(rows), max(rows)) for c in (min(cols), max(cols))]
    refs = _refs(c for c in corners if c is not None)
    rooms = [c for c in corners if c is not None and not c.is_plant]
    if len(rooms) < 4:
        return 0, line("the four corners are not all rooms = 0", *refs)
    types = [c.card.type for c in rooms]
    if len(set(types)) == 1:
        return 4, line(f"the four corner rooms are all {types[0]} = 4", *refs)
    if len(set(types)) == 4:
        return 4, line(f"the four corner rooms are all different ({', '.join(types)}) = 4", *refs)
    return 0, line(
        f"the four corner rooms ({', '.join(types)}) are neither all one type nor all different = 0", *refs
    )


GOAL_RULES: dict[str, Callable[[GameState, PlayerState], Goal]] = {
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


def goal_cards(game: GameState, p: PlayerState) -> tuple[int, Lines]:
    """8. Each deck's goal card; under modification 4 the better of the deck's two cards."""
    if not p.goals:
        return 0, [line("No goal cards in play")]
    total, lines = 0, []
    for candidates in p.goals:
        if len(candidates) == 1:  # one card in the deck: nothing to choose it over
            name = candidates[0]
            best, (said, refs) = GOAL_RULES[name](game, p)
            total += best
            lines.append((f"{name}: {said}", tuple(refs)))  # line(text, *refs)
            continue
        scored = [(GOAL_RULES[name](game, p), name) for name in candidates]
        (best, (said, refs)), name = max(scored, key=lambda s: s[0][0])  # max keeps the first on a tie
        text = f"{name}: {said}"
        others = [f"{n}, which scores {pts}" for (pts, _), n in scored if n != name]
        if others:
            text += f" (chosen over {'; '.join(others)})"
        total += best
        lines.append(line(text, *refs))
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


def score_player(game: GameState, p: PlayerState) -> dict[str, tuple[int, Lines]]:
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
