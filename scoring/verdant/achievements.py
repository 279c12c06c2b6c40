"""Standard-game achievements 1-25 (rulebook "Verdant Achievements", readings in READINGS.md).

One table, :data:`STANDARD`: each achievement is a number, a *measure* of the finished table and
the threshold that earns it.  The same rows decide what a game earned (:func:`earned`, called by
``score``) and how close a player came to the rest (:func:`near_misses`, for the result and
player pages); achievements sharing a measure form a ladder (70/80/90/100 points, ...).

Only a multiplayer game under the standard rules earns them: no solo, no family variant, no rules
modification (a modification game earns that modification's achievement instead), no scenario
(a game is played in one achievement mode; campaign.py evaluates the scenario).  "Win by 10+ /
15+" needs the whole table: a partial table (``player_count`` above the boards sent) names no
winner and earns neither.

>>> [(a.number, a.measure.key, a.threshold) for a in STANDARD[:5]]
[(1, 'total', 70), (2, 'total', 80), (3, 'total', 90), (4, 'total', 100), (5, 'plants_of_one_type', 5)]
>>> [a.number for a in ladder(STANDARD[9])]
[9, 10]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Errors
from . import catalog as cat
from .campaign import standard_achievement
from .model import GameState, PlayerState
from .parse import parse_options, parse_player
from .rules import placed_items, room_score


@dataclass(frozen=True)
class Facts:
    """What the measures read: the player's table (None when it does not parse: only the
    point-based measures answer), points per category, the total, the lead of a sole leader over
    the best other total (None otherwise), and whether goal cards were in play."""

    player: PlayerState | None
    points: Mapping[str, int]
    total: int | None
    lead: int | None
    goals_in_play: bool


@dataclass(frozen=True)
class Measure:
    """One thing an achievement counts; ``say(have, need, facts)`` words a near miss."""

    key: str
    read: Callable[[Facts], int | None]
    say: Callable[[int, int, Facts], str]
    need: Callable[[Facts], int] | None = None  # a need that depends on the table (achievement 13)


@dataclass(frozen=True)
class Standard:
    """Standard achievement ``number``: earned when ``measure`` reaches ``threshold``."""

    number: int
    measure: Measure
    threshold: int | None  # None: the measure says what is needed

    @property
    def text(self) -> str:
        return str(standard_achievement(self.number)["text"])

    def need(self, facts: Facts) -> int:
        """What earns it: the threshold, or what the measure says this table needs."""
        if self.threshold is not None:
            return self.threshold
        assert self.measure.need is not None
        return self.measure.need(facts)

    def progress(self, facts: Facts) -> tuple[int, int] | None:
        """(have, need), or None when this table cannot say."""
        have = self.measure.read(facts)
        return None if have is None else (have, self.need(facts))


# ------------------------------------------------------------------------ the measures


def _on_player(read: Callable[[PlayerState], int]) -> Callable[[Facts], int | None]:
    def on(facts: Facts) -> int | None:
        return read(facts.player) if facts.player is not None else None
    return on


def _category(key: str) -> Callable[[Facts], int | None]:
    def read(facts: Facts) -> int | None:
        if key == "goals" and not facts.goals_in_play:
            return None
        got = facts.points.get(key)
        return got if isinstance(got, int) and not isinstance(got, bool) else None
    return read


def _most_common(counts: dict[str, int]) -> tuple[str, int]:
    """``max(counts.items(), key=count, default=("", 0))``: the first of the most common."""
    best: tuple[str, int] | None = None
    for kv in counts.items():
        if best is None or kv[1] > best[1]:
            best = kv
    return best if best is not None else ("", 0)


def _counts(p: PlayerState) -> dict[str, Any]:
    """What the measures count on a player's cards, in one pass over them (once per player):
    the most common plant and room type (the first seen on a tie) with their counts, the
    completed plants, the verdancy on the others, the rooms holding an item of their colour,
    the types no card has ("vining plant", "unusual room" ...) and the kinds of the items placed
    in rooms."""
    found: dict[str, Any] | None = p.memo.get("achievement_counts")
    if found is not None:
        return found
    plant_types: dict[str, int] = {}  # Counter(...): the types in the order first seen
    completed = verdancy = 0
    for c in p.plant_cells:
        kind = c.card.type
        plant_types[kind] = plant_types.get(kind, 0) + 1
        plant = c.plant
        if plant.pot is not None:  # complete
            completed += 1
        else:
            verdancy += plant.verdancy
    room_types: dict[str, int] = {}
    matching = 0
    for c in p.room_cells:
        kind = c.card.type
        room_types[kind] = room_types.get(kind, 0) + 1
        item = c.room.item
        if item is not None and item.color == kind:
            matching += 1
    found = p.memo["achievement_counts"] = {
        "best_plant_type": _most_common(plant_types),
        "best_room_type": _most_common(room_types),
        "completed": completed,
        "verdancy": verdancy,
        "matching": matching,
        "missing_types": [f"{t} plant" for t in cat.TYPES if t not in plant_types]
        + [f"{t} room" for t in cat.TYPES if t not in room_types],
        "kinds": {i.kind for i in placed_items(p)},
    }
    return found


def _best_type(p: PlayerState, rooms: bool) -> tuple[str, int]:
    found: tuple[str, int] = _counts(p)["best_room_type" if rooms else "best_plant_type"]
    return found


def _kinds(p: PlayerState) -> set[str]:
    found: set[str] = _counts(p)["kinds"]
    return found


def _missing_types(p: PlayerState) -> list[str]:
    found: list[str] = _counts(p)["missing_types"]
    return found


def _best_room(p: PlayerState) -> int:
    """The best room score (the room bonuses noted it, when they were scored)."""
    known = p.memo.get("best_room")
    if known is not None:
        return int(known)
    return max((room_score(p, c)[0] for c in p.room_cells), default=0)


def _short(what: str) -> Callable[[int, int, Facts], str]:
    return lambda have, need, facts: f"{have} points from {what}: {need - have} short of {need}+"


def _of(what: str) -> Callable[[int, int, Facts], str]:
    return lambda have, need, facts: f"{have} of {need} {what}"


_PETS, _FURNITURE = frozenset(cat.PETS), frozenset(cat.FURNITURE)
TOTAL = Measure(
    "total", lambda f: f.total, lambda have, need, f: f"{have} points: {need - have} short of {need}+"
)
FROM_PLANTS = Measure("plants", _category("plants"), _short("completed plants"))
FROM_ROOMS = Measure("rooms", _category("rooms"), _short("rooms"))
FROM_POTS = Measure("pots", _category("pots"), _short("Bonus Pots"))
FROM_GOALS = Measure("goals", _category("goals"), _short("Goal Cards"))
LEAD = Measure(
    "lead",
    lambda f: f.lead,
    lambda have, need, f: f"won by {have}: {need - have} short of winning by {need}+",
)
PLANTS_OF_ONE_TYPE = Measure(
    "plants_of_one_type",
    _on_player(lambda p: _best_type(p, False)[1]),
    lambda have, need, f: f"{have} of {need} {_best_type(f.player, False)[0] if f.player else ''} plants",
)
ROOMS_OF_ONE_TYPE = Measure(
    "rooms_of_one_type",
    _on_player(lambda p: _best_type(p, True)[1]),
    lambda have, need, f: f"{have} of {need} {_best_type(f.player, True)[0] if f.player else ''} rooms",
)
COMPLETED = Measure(
    "completed",
    _on_player(lambda p: int(_counts(p)["completed"])),
    _of("plants completed"),
)
UNIQUE_ITEMS = Measure("unique_items", _on_player(lambda p: len(_kinds(p))), _of("unique items"))
MATCHING_ITEMS = Measure(
    "matching_items",
    _on_player(
        lambda p: int(_counts(p)["matching"])
    ),
    _of("placed items match their room"),
    need=lambda f: max(1, len(placed_items(f.player))) if f.player else 1,
)
VERDANCY = Measure(
    "verdancy",
    _on_player(lambda p: int(_counts(p)["verdancy"])),
    _of("extra Verdancy tokens"),
)
ALL_TYPES = Measure(
    "all_types",
    _on_player(lambda p: 10 - len(_missing_types(p))),
    lambda have, need, f: (
        f"{have} of {need} types for Collector and Decorator (missing "
        f"{', '.join(_missing_types(f.player)) if f.player else ''})"
    ),
)
PETS = Measure("pets", _on_player(lambda p: len(_kinds(p) & _PETS)), _of("pets"))
FURNITURE = Measure(
    "furniture", _on_player(lambda p: len(_kinds(p) & _FURNITURE)), _of("pieces of furniture")
)
BEST_ROOM = Measure(
    "best_room",
    _on_player(_best_room),
    lambda have, need, f: f"best room scores {have}: {need - have} short of {need}",
)
GREEN_THUMBS = Measure("green_thumbs", _on_player(lambda p: p.green_thumbs), _of("Green Thumb tokens"))

#: The rulebook's standard achievements: (number, measure, threshold).  19 "Score both Collector
#: and Decorator" = all 10 plant and room types; 13 "all items match" needs every placed item
#: (and at least one) to match its room.
STANDARD: tuple[Standard, ...] = (
    Standard(1, TOTAL, 70),
    Standard(2, TOTAL, 80),
    Standard(3, TOTAL, 90),
    Standard(4, TOTAL, 100),
    Standard(5, PLANTS_OF_ONE_TYPE, 5),
    Standard(6, ROOMS_OF_ONE_TYPE, 5),
    Standard(7, COMPLETED, 8),
    Standard(8, UNIQUE_ITEMS, 8),
    Standard(9, FROM_PLANTS, 30),
    Standard(10, FROM_PLANTS, 40),
    Standard(11, FROM_ROOMS, 20),
    Standard(12, FROM_ROOMS, 25),
    Standard(13, MATCHING_ITEMS, None),
    Standard(14, FROM_POTS, 9),
    Standard(15, FROM_POTS, 12),
    Standard(16, FROM_GOALS, 10),
    Standard(17, FROM_GOALS, 15),
    Standard(18, VERDANCY, 10),
    Standard(19, ALL_TYPES, 10),
    Standard(20, LEAD, 10),
    Standard(21, LEAD, 15),
    Standard(22, PETS, 4),
    Standard(23, FURNITURE, 5),
    Standard(24, BEST_ROOM, 8),
    Standard(25, GREEN_THUMBS, 5),
)
BY_NUMBER: dict[int, Standard] = {a.number: a for a in STANDARD}


def _runs() -> tuple[tuple[Callable[[Facts], int | None], tuple[tuple[int, int | None, Standard], ...]], ...]:
    """STANDARD as earned() reads it: each run of achievements on one measure (a ladder), in
    order, as (the measure's read, ((number, threshold, the achievement), ...))."""
    runs: list[tuple[Measure, list[Standard]]] = []
    for a in STANDARD:
        if runs and runs[-1][0].key == a.measure.key:
            runs[-1][1].append(a)
        else:
            runs.append((a.measure, [a]))
    return tuple((m.read, tuple((a.number, a.threshold, a) for a in run)) for m, run in runs)


_EARNING = _runs()
#: number -> the rulebook's text ("Score 70+ points.")
ACHIEVEMENTS: dict[int, str] = {a.number: a.text for a in STANDARD}


def ladder(achievement: Standard) -> list[Standard]:
    """The achievements on the same measure as ``achievement``, lowest threshold first."""
    return sorted((a for a in STANDARD if a.measure is achievement.measure), key=lambda a: a.threshold or 0)


# ---------------------------------------------------------------------------- earning


def eligible(game: GameState) -> bool:
    """A game that earns standard achievements: multiplayer, standard rules, no modification, no scenario."""
    return game.multiplayer and not game.family and game.modification is None and game.scenario is None


def earned(
    game: GameState, p: PlayerState, points: Mapping[str, int], total: int, margin: int | None
) -> list[int]:
    """The standard achievements this player's game earned.  ``margin`` = winner's lead over the
    best other total when this player is the sole winner, else None (and None on a partial table)."""
    if not eligible(game):
        return []
    facts = Facts(p, points, total, None if game.partial else margin, bool(p.goals))
    out = []
    for measure, ladder in _EARNING:  # each measure once (a ladder shares one)
        have = measure(facts)
        if have is None:
            continue
        for number, threshold, a in ladder:
            if have >= (threshold if threshold is not None else a.need(facts)):
                out.append(number)
    return out


# ------------------------------------------------------------------------- near misses


def _shape_id(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"standard-{value}"
    return value if isinstance(value, str) else None


def _result_dict(result_player: Any) -> dict[str, Any]:
    if hasattr(result_player, "to_dict"):
        result_player = result_player.to_dict()
    return result_player if isinstance(result_player, dict) else {}


def parsed_player(table_player: Any, options: Any) -> PlayerState | None:
    """One player's input read as a board of a multiplayer game, or None if it does not parse."""
    if not isinstance(table_player, dict):
        return None
    errors = Errors()
    opts = parse_options(errors, {"options": options if isinstance(options, dict) else {}}, 2)
    state = parse_player(errors, table_player, 0, opts, ())
    return None if errors else state


def near_misses(
    result_player: Any,
    table_player: Any,
    options: Any,
    filled: set[Any],
    *,
    limit: int = 3,
    best_other: int | None = None,
) -> list[dict[str, str]]:
    """The closest standard achievements this game did not earn and the player has not filled.

    ``result_player``: the player's result (``PlayerResult`` or its ``to_dict()``); ``table_player``:
    the player's input (for plant/room/item counts; skipped if it does not parse); ``options``: the
    table's options; ``filled``: the player's filled shapes (``"standard-3"``, or plain numbers
    1-25 for standard shapes); ``best_other``: the best other total, for "Win by" (omitted: not
    shown).  Only the next unfilled, unmet rung of each ladder (70/80/90/100, ...) is offered; the
    closest (have / need) come first, at most ``limit``, and only if at least half way.

    >>> near_misses({"total": 87, "categories": []}, None, {}, {"standard-1", "standard-2"})
    [{'shape': 'standard-3', 'text': '87 points: 3 short of 90+'}]
    """
    result = _result_dict(result_player)
    done = {_shape_id(s) for s in (filled or ())}
    points = {c.get("key"): c.get("points") for c in result.get("categories", []) if isinstance(c, dict)}
    total = result.get("total")
    total = total if isinstance(total, int) and not isinstance(total, bool) else None
    lead = total - best_other if total is not None and best_other is not None and total > best_other else None
    goals_in_play = bool(options.get("goals")) if isinstance(options, dict) else False
    facts = Facts(
        parsed_player(table_player, options),
        {str(k): v for k, v in points.items() if isinstance(v, int)},
        total,
        lead,
        goals_in_play,
    )
    found = []
    skip: set[int] = set()
    for a in STANDARD:
        if a.number in skip:
            continue
        progress = a.progress(facts)
        if progress is None:
            continue
        have, need = progress
        if have >= need or f"standard-{a.number}" in done:
            continue
        # higher rungs of an unmet ladder are further away
        skip.update(b.number for b in ladder(a) if b.number > a.number)
        if need > 0 and have * 2 >= need:
            found.append((have / need, -(need - have), a.number, a.measure.say(have, need, facts)))
    found.sort(key=lambda f: (-f[0], -f[1], f[2]))
    return [{"shape": f"standard-{n}", "text": text} for _, _, n, text in found[:limit]]
