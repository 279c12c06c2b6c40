"""Vadoran Gardens scoring: parse a finished table, score areas, lost items and achievements,
rank the players, and score the solo sister.

Every explanation line names the parts of the player's table it is about (contract paths relative
to the player: an area by all its squares ``garden[r][c]``, a quick-entry area ``areas[i]``,
``lost_items.tool`` with the squares its return locations lie on, ``achievements[i]``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import (
    Category,
    Errors,
    FieldError,
    Line,
    Ranking,
    Result,
    Seating,
    Tiebreaker,
    build_result,
    get_choice,
    get_int,
    join,
    line,
    options_of,
    rank,
    seating,
    to_int,
)
from ..schema import unknown_keys
from .contract import (
    ACHIEVEMENT_TERRAINS,
    CATALOG,
    DIFFICULTIES,
    GAME_NAME,
    LESSONS,
    MAX_ACHIEVEMENT_POINTS,
    MAX_LOST,
    MAX_PLAYERS,
    MAX_QUICK_AREAS,
    MAX_QUICK_SQUARES,
    MIN_PLAYERS,
    MODES,
    ROUNDS,
    STANDARD,
    TABLE_SCHEMA,
    TITLE,
    Bounds,
    bounds_for,
)
from .garden import (
    ITEM_TERRAIN,
    ITEMS,
    SCORING_TERRAINS,
    TERRAINS,
    Area,
    Grid,
    Spread,
    cell,
    find_areas,
    plural,
    read_garden,
    return_locations,
    shape_warning,
    show,
    spread,
)

__all__ = [
    "ACHIEVEMENT_TERRAINS", "CATALOG", "DIFFICULTIES", "ENGINE_VERSION", "GAME_NAME", "LOST_ITEM_POINTS",
    "MAX_ACHIEVEMENT_POINTS", "MAX_PLAYERS", "MAX_QUICK_AREAS", "MAX_QUICK_SQUARES", "MIN_PLAYERS", "MODES",
    "Achievement", "Options", "PlayerState", "blank_player", "default_options", "read_options", "read_player",
    "score", "score_achievements", "score_lost_items", "score_sister", "score_tasks",
]

#: vadoran-2: strict keys, the path's bounds, refs on every line, one-board tables, plurals
ENGINE_VERSION = "vadoran-3"
LOST_ITEM_POINTS = 5


@dataclass(frozen=True)
class Achievement:
    terrain: str
    points: int
    index: int = 0  # its place in the player's ``achievements``


@dataclass(frozen=True)
class PlayerState:
    name: str
    areas: tuple[Area, ...]
    locations: dict[str, int]  # visible return locations per lost item
    found: dict[str, int]
    achievements: tuple[Achievement, ...]
    unscored_squares: int = 0  # quick entry: grass/soil/water squares in no listed area
    quick: bool = False
    #: per lost item, the paths of its return locations (the squares marked 5, or the quick count)
    location_paths: dict[str, tuple[str, ...]] = field(default_factory=dict)
    given: frozenset[str] = frozenset()  # the keys of the player's input (for refs that exist)
    squares: int = 0  # visible squares (quick entry: the squares entered)
    rows: int = 0  # rows and columns the painted squares span
    columns: int = 0
    grid: Grid = ()


@dataclass(frozen=True)
class Options:
    mode: str
    difficulty: str
    sister_achievements: tuple[int, ...]


# ------------------------------------------------------------------------- parsing


def default_options() -> dict[str, Any]:
    return {"mode": "standard", "difficulty": "medium", "sister_achievements": []}


def blank_player() -> dict[str, Any]:
    return {"garden": [], "lost_items": dict.fromkeys(ITEMS, 0), "achievements": []}


def read_options(errors: Errors, table: Any, player_count: int | None) -> Options | None:
    raw = options_of(table)
    before = len(errors)
    mode = get_choice(errors, raw, "mode", "options", MODES, default="standard")
    difficulty = get_choice(errors, raw, "difficulty", "options", DIFFICULTIES, default="medium")
    sister: list[int] = []
    value = raw.get("sister_achievements", [])
    where = "options.sister_achievements"
    if value is None:
        value = []
    if not isinstance(value, list):
        errors.add(where, "must be a list of the points under the sister's figures, e.g. [12, 9, 8]")
    else:
        figures = CATALOG["difficulties"].get(difficulty or "", {}).get("figures")
        most = figures - 1 if figures else max(d["figures"] for d in CATALOG["difficulties"].values()) - 1
        if len(value) > most:
            errors.add(
                where,
                f"has {len(value)} achievements: on {difficulty} the sister claims at most {most} "
                "(she keeps 1 of her figures for choosing cards)",
            )
        else:
            for i, points in enumerate(value):
                n = to_int(errors, points, join(where, i), minimum=0, maximum=MAX_ACHIEVEMENT_POINTS)
                if n is not None:
                    sister.append(n)
    if mode == "solo" and player_count is not None and player_count != 1:
        errors.add(
            "options.mode",
            f"solo is played by 1 player against the sister: this table has {player_count}; "
            "choose standard or advanced for more players",
        )
    if len(errors) > before or mode is None or difficulty is None:
        return None
    return Options(mode, difficulty, tuple(sister))


def read_player(
    errors: Errors, data: dict[str, Any], where: str, bounds: Bounds = LESSONS, *, lenient: bool = False
) -> PlayerState | None:
    """One player's board.  Strict (the score): None after any problem.  ``lenient`` (the
    preview): every part that reads is kept, the problems are still recorded."""
    before = len(errors)
    raw_name = data.get("name")
    name = raw_name if isinstance(raw_name, str) else ""
    has_garden = data.get("garden") is not None
    has_areas = data.get("areas") is not None
    areas: tuple[Area, ...] = ()
    locations = dict.fromkeys(ITEMS, 0)
    location_paths: dict[str, tuple[str, ...]] = {item: () for item in ITEMS}
    unscored = 0
    grid: Grid = ()
    extent = Spread(0, 0, 0)
    if has_garden and has_areas:
        errors.add(join(where, "areas"), "give either the painted garden or the quick-entry areas, not both")
    elif has_garden:
        for key in ("return_locations", "unscored_squares"):
            if data.get(key) is not None:
                errors.add(
                    join(where, key),
                    "is for quick entry (areas): with a painted garden it comes from the squares",
                )
        grid = read_garden(errors, data["garden"], join(where, "garden"), lenient=lenient) or ()
        extent = spread(grid)
        if grid:
            _check_bounds(errors, extent, join(where, "garden"), bounds)
            areas = tuple(find_areas(grid))
            spots = return_locations(grid)
            locations = {item: len(squares) for item, squares in spots.items()}
            location_paths = {item: tuple(cell(r, c) for r, c in squares) for item, squares in spots.items()}
    elif has_areas:
        areas, locations, unscored = _read_quick(errors, data, where, bounds)
        extent = Spread(sum(a.size for a in areas) + unscored, 0, 0)
        rets = data.get("return_locations")
        location_paths = {
            item: (f"return_locations.{item}",) if isinstance(rets, dict) and item in rets else ()
            for item in ITEMS
        }
    else:
        errors.add(join(where, "garden"), "is missing: paint the garden (or enter its areas in quick mode)")
    found = _read_lost_items(errors, data.get("lost_items"), join(where, "lost_items"))
    achievements = _read_achievements(errors, data.get("achievements"), join(where, "achievements"))
    if len(errors) > before and not lenient:
        return None
    return PlayerState(
        name.strip(),
        areas,
        locations,
        found,
        achievements,
        unscored,
        has_areas and not has_garden,
        location_paths,
        frozenset(k for k in data if isinstance(k, str)),
        extent.squares,
        extent.rows,
        extent.columns,
        grid,
    )


def _check_bounds(errors: Errors, seen: Spread, where: str, bounds: Bounds) -> None:
    """What no path of pathway cards can show (docs/rules/vadoran-gardens.md, "Limits")."""
    game = "a standard game" if bounds is STANDARD else "a game with lessons"
    if seen.squares > bounds.squares:
        errors.add(
            where, f"has {seen.squares} visible squares: {game} shows at most {bounds.squares} ({bounds.why})"
        )
    for count, limit, what in ((seen.rows, bounds.rows, "rows"), (seen.columns, bounds.columns, "columns")):
        if count > limit:
            errors.add(
                where, f"spans {count} {what}: the path of {game} spans at most {limit} ({bounds.drift})"
            )


def _read_quick(
    errors: Errors, data: dict[str, Any], where: str, bounds: Bounds
) -> tuple[tuple[Area, ...], dict[str, int], int]:
    value = data["areas"]
    path = join(where, "areas")
    before = len(errors)
    out: list[Area] = []
    if not isinstance(value, list):
        errors.add(
            path, 'must be a list of areas: {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1}'
        )
        value = []
    elif len(value) > MAX_QUICK_AREAS:
        errors.add(path, f"has {len(value)} areas: at most {MAX_QUICK_AREAS}")
        value = []
    for i, item in enumerate(value):
        area = _quick_area(errors, item, join(path, i), i)
        if area is not None:
            out.append(area)
    locations = _quick_locations(errors, data, where)
    unscored = (
        get_int(errors, data, "unscored_squares", where, default=0, minimum=0, maximum=MAX_QUICK_SQUARES) or 0
    )
    if not out and not unscored and isinstance(value, list) and len(errors) == before:
        errors.add(path, "has no squares: enter at least one area (terrain, squares, tasks, tablets)")
    if len(errors) == before:
        _check_quick_bounds(errors, out, locations, unscored, where, bounds)
    return tuple(out), locations, unscored


def _quick_area(errors: Errors, item: Any, at: str, i: int) -> Area | None:
    """One area of the quick entry (None when it does not read)."""
    if not isinstance(item, dict):
        errors.add(at, 'must be an area: {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1}')
        return None
    terrain = item.get("terrain")
    folded = terrain.strip().lower() if isinstance(terrain, str) else None
    if terrain is None or terrain == "":
        errors.add(join(at, "terrain"), "is missing: choose grass, soil, water or sand")
    elif folded not in TERRAINS:
        errors.add(
            join(at, "terrain"),
            f"{show(terrain)} is not a terrain: choose grass, soil, water or sand"
            if isinstance(terrain, str)
            else "must be one of grass, soil, water or sand",
        )
        folded = None
    squares = get_int(errors, item, "squares", at, minimum=1, maximum=MAX_QUICK_SQUARES)
    tasks = get_int(errors, item, "tasks", at, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
    tablets = get_int(errors, item, "tablets", at, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
    if folded is None or squares is None or tasks is None or tablets is None:
        return None
    bad = False
    if folded == "sand" and tasks:
        errors.add(join(at, "tasks"), "sand has no tasks: tasks lie on grass, soil or water")
        bad = True
    for key, n in (("tasks", tasks), ("tablets", tablets)):
        if n > squares and not (key == "tasks" and folded == "sand"):
            errors.add(
                join(at, key),
                f"{n} {key} cannot lie on {plural(squares, 'square')}: at most one per square",
            )
            bad = True
    if bad:
        return None
    return Area(folded, squares, tasks, tablets, label=f"#{i + 1}, quick entry", index=i)


def _quick_locations(errors: Errors, data: dict[str, Any], where: str) -> dict[str, int]:
    """The quick entry's visible return locations of each kind."""
    locations: dict[str, int] = {}
    raw = data.get("return_locations")
    rpath = join(where, "return_locations")
    if raw is not None and not isinstance(raw, dict):
        errors.add(
            rpath,
            'must be an object such as {"animal": 1, "tool": 0, "pendant": 2}: '
            "the visible return locations (5) of each kind",
        )
        raw = {}
    raw = raw or {}
    for key in raw:
        if key not in ITEMS:
            errors.add(join(rpath, str(key)), _not_an_item(key))
    for item in ITEMS:
        spots = get_int(errors, raw, item, rpath, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
        locations[item] = spots or 0
    return locations


def _check_quick_bounds(
    errors: Errors,
    areas: Sequence[Area],
    locations: dict[str, int],
    unscored: int,
    where: str,
    bounds: Bounds,
) -> None:
    """Quick entry: the squares entered fit in the garden a path can show, and every return
    location lies on a square of its terrain."""
    total = sum(a.size for a in areas) + unscored
    game = "a standard game" if bounds is STANDARD else "a game with lessons"
    if total > bounds.squares:
        errors.add(
            join(where, "areas"),
            f"{total} squares in all (the areas and the other squares): {game} "
            f"shows at most {bounds.squares} ({bounds.why})",
        )
    for item in ITEMS:
        terrain = ITEM_TERRAIN[item]
        room = sum(a.size for a in areas if a.terrain == terrain) + unscored
        if locations[item] > room:
            has = (
                f"the garden has no {terrain} square (no {terrain} area, no other squares)"
                if room == 0
                else f"the {terrain} areas and other squares hold only {plural(room, 'square')}"
            )
            errors.add(
                join(where, f"return_locations.{item}"),
                f"{plural(locations[item], f'{terrain} return location')} (5), but {has}: "
                f"a lost {item} is returned to a {terrain} square marked 5",
            )


def _read_lost_items(errors: Errors, value: Any, where: str) -> dict[str, int]:
    found = dict.fromkeys(ITEMS, 0)
    if value is None:
        return found
    if not isinstance(value, dict):
        errors.add(
            where, 'must be an object such as {"animal": 0, "tool": 1, "pendant": 1}: the lost items found'
        )
        return found
    for key in value:
        if key not in ITEMS:
            errors.add(join(where, str(key)), _not_an_item(key))
    for item in ITEMS:
        n = get_int(errors, value, item, where, default=0, minimum=0, maximum=MAX_LOST[item])
        found[item] = n or 0
    return found


def _not_an_item(key: Any) -> str:
    close = difflib.get_close_matches(str(key).strip().lower(), ITEMS, n=1, cutoff=0.6)
    return "is not a lost item: use animal, tool or pendant" + (
        f' (did you mean "{close[0]}"?)' if close else ""
    )


def with_unknown_keys(errors: Errors, unknown: Sequence[FieldError]) -> None:
    """Put the keys the schema does not know first, except where the parser already named the
    key in its own words (a lost item that is not one)."""
    named = {e.path for e in errors.items}
    errors.items[:0] = [e for e in unknown if e.path not in named]


def _read_achievements(errors: Errors, value: Any, where: str) -> tuple[Achievement, ...]:
    if value is None:
        return ()
    shape = '{"terrain": "water", "points": 7}'
    if not isinstance(value, list):
        errors.add(where, f"must be a list of claimed achievements such as [{shape}]")
        return ()
    if len(value) > len(ACHIEVEMENT_TERRAINS):
        errors.add(
            where,
            f"has {len(value)} achievements: a player claims at most {len(ACHIEVEMENT_TERRAINS)}, "
            "one on each achievement card (grass, soil, water)",
        )
        return ()
    out: list[Achievement] = []
    claimed: set[str] = set()
    for i, item in enumerate(value):
        at = join(where, i)
        if not isinstance(item, dict):
            errors.add(at, f"must be an achievement such as {shape}")
            continue
        terrain = item.get("terrain")
        folded = terrain.strip().lower() if isinstance(terrain, str) else None
        if terrain is None or terrain == "":
            errors.add(join(at, "terrain"), "is missing: choose the grass, soil or water achievement")
            folded = None
        elif folded not in ACHIEVEMENT_TERRAINS:
            shown = show(terrain) if isinstance(terrain, str) else "this"
            errors.add(
                join(at, "terrain"), f"{shown} is not an achievement card: choose grass, soil or water"
            )
            folded = None
        elif folded in claimed:
            errors.add(
                join(at, "terrain"),
                f"the {folded} achievement is already listed: a player claims each achievement card once",
            )
            folded = None
        points = get_int(errors, item, "points", at, minimum=0, maximum=MAX_ACHIEVEMENT_POINTS)
        if folded is not None:
            claimed.add(folded)
            if points is not None:
                out.append(Achievement(folded, points, i))
    return tuple(out)


# ------------------------------------------------------------------------- scoring


def returned(player: PlayerState) -> dict[str, int]:
    """Lost items returned per kind: min(found, visible return locations of its terrain)."""
    return {item: min(player.found[item], player.locations[item]) for item in ITEMS}


def _whole(player: PlayerState, key: str) -> tuple[str, ...]:
    """The path of a whole part of the board, when the player's input has it."""
    return (key,) if key in player.given else ()


def score_tasks(player: PlayerState) -> Category:
    lines: list[Line] = [(area.line(), area.paths) for area in player.areas]  # line(area.line(), *area.paths)
    points = sum(area.points for area in player.areas)
    if player.unscored_squares:
        n = player.unscored_squares
        lines.append(
            line(
                f"{n} other grass, soil or water square{'' if n == 1 else 's'} (quick entry, in no "
                f"listed area): {'does' if n == 1 else 'do'} not score",
                "unscored_squares",
            )
        )
    scoring = [a for a in player.areas if a.scores]
    if scoring:
        lines.append(
            line(
                "Areas: " + " + ".join(str(a.points) for a in scoring) + f" = {points}",
                *(p for a in scoring for p in a.paths),
            )
        )
    else:
        lines.append(
            line(
                "No grass, soil or water area has 3 or more tasks: 0",
                *_whole(player, "areas" if player.quick else "garden"),
            )
        )
    return Category.of("tasks", "Tasks", points, lines)


def score_lost_items(player: PlayerState) -> Category:
    back = returned(player)
    lines: list[Line] = []
    about: list[str] = []
    for item in ITEMS:
        found, spots, n = player.found[item], player.locations[item], back[item]
        if not found:
            continue
        terrain = ITEM_TERRAIN[item]
        head = (
            f"Lost {item}: {found} found, {spots} visible {terrain} return "
            f"location{'' if spots == 1 else 's'} (5)"
        )
        tail = f": {n} returned x {LOST_ITEM_POINTS} = {n * LOST_ITEM_POINTS}"
        if found > n:
            tail += f"; {found - n} without a location go{'es' if found - n == 1 else ''} back to the box"
        paths = (f"lost_items.{item}", *player.location_paths.get(item, ()))
        about += paths
        lines.append(line(head + tail, *paths))
    total = sum(back.values()) * LOST_ITEM_POINTS
    if not lines:
        lines.append(line("No lost items found: 0", *_whole(player, "lost_items")))
    elif total == 0:
        lines.append(line("No lost item could be returned: 0", *about))
    return Category.of("lost_items", "Lost items", total, lines)


def score_achievements(player: PlayerState) -> Category:
    if not player.achievements:
        return Category.of(
            "achievements",
            "Achievements",
            0,
            [line("No achievements claimed: 0", *_whole(player, "achievements"))],
        )
    lines = [
        line(
            f"{a.terrain.capitalize()} achievement: {a.points} (the number under the figure)",
            f"achievements[{a.index}]",
        )
        for a in player.achievements
    ]
    total = sum(a.points for a in player.achievements)
    if len(player.achievements) > 1:
        lines.append(
            line(
                " + ".join(str(a.points) for a in player.achievements) + f" = {total}",
                *(f"achievements[{a.index}]" for a in player.achievements),
            )
        )
    return Category.of("achievements", "Achievements", total, lines)


def categories(player: PlayerState) -> list[Category]:
    """The player's three rows of the score pad."""
    return [score_tasks(player), score_lost_items(player), score_achievements(player)]


def score_sister(player: PlayerState, total: int, options: Options) -> tuple[dict[str, Any], str | None]:
    """The solo sister's score and whether the player beats her (READINGS.md, Vadoran Gardens),
    with the tie-break text when the totals are level.  ``refs`` runs parallel to ``details``."""
    x = CATALOG["difficulties"][options.difficulty]["x"]
    details: list[Line] = [line(f"Difficulty {options.difficulty}: X = {x}")]
    failed = [a for a in player.areas if a.terrain in SCORING_TERRAINS and not a.scores]
    squares = sum(a.size for a in failed) + player.unscored_squares
    for area in failed:
        details.append(
            line(
                f"  {area.terrain.capitalize()} area {area.label}: {area.size} x {x} = {area.size * x}",
                *area.paths,
            )
        )
    if player.unscored_squares:
        n = player.unscored_squares
        details.append(
            line(
                f"  {n} other square{'' if n == 1 else 's'} (quick entry): {n} x {x} = {n * x}",
                "unscored_squares",
            )
        )
    failed_points = squares * x
    details.insert(
        1,
        line(
            f"Failed tasks: {plural(squares, 'grass, soil or water square')} outside your scoring "
            f"areas x {x} = {failed_points}",
            *(p for a in failed for p in a.paths),
            *(("unscored_squares",) if player.unscored_squares else ()),
        ),
    )
    back = returned(player)
    missing = {item: player.found[item] - back[item] for item in ITEMS}
    lost = sum(missing.values())
    which = ", ".join(plural(n, item) for item, n in missing.items() if n)
    details.append(
        line(
            f"Lost items: {lost} found but not returned"
            + (f" ({which})" if which else "")
            + f" x {x} = {lost * x}",
            *(f"lost_items.{item}" for item, n in missing.items() if n),
        )
    )
    sister = options.sister_achievements
    achievements = sum(sister)
    if sister:
        details.append(line("Achievements: " + " + ".join(map(str, sister)) + f" = {achievements}"))
    else:
        details.append(line("Achievements: none claimed: 0"))
    opponent = failed_points + lost * x + achievements
    details.append(line(f"Sister total: {failed_points} + {lost * x} + {achievements} = {opponent}"))
    ranking = rank([total, opponent], solo_tiebreakers(player, len(sister)))
    wins = 0 in ranking.winners
    if total != opponent:
        details.append(line(f"{'You win' if wins else 'Your sister wins'}: {total} vs {opponent}"))
    else:
        details.append(
            line(
                (
                    "You win: "
                    if wins and len(ranking.winners) == 1
                    else "Shared victory: "
                    if wins
                    else "Your sister wins: "
                )
                + str(ranking.tiebreak)
            )
        )
    solo = {
        "opponent_total": opponent,
        "player_wins": wins,
        "details": [text for text, _ in details],
        "refs": [list(refs) for _, refs in details],
    }
    return solo, ranking.tiebreak


def tiebreakers(players: Sequence[PlayerState]) -> list[Tiebreaker]:
    return [
        Tiebreaker("most achievements", [len(p.achievements) for p in players]),
        Tiebreaker("most returned lost items", [sum(returned(p).values()) for p in players]),
    ]


def solo_tiebreakers(player: PlayerState, sister_achievements: int) -> list[Tiebreaker]:
    """Player first, sister second.  The sister returns no lost items."""
    return [
        Tiebreaker("most achievements", [len(player.achievements), sister_achievements]),
        Tiebreaker("most returned lost items", [sum(returned(player).values()), 0]),
    ]


def bounds_warning(player: PlayerState, mode: str) -> str | None:
    """With lessons a garden may show more than 10 cards can: only the lessons drawn tell."""
    if mode == "standard":
        return None
    over = [
        f"{n} {what}"
        for n, limit, what in (
            (player.squares, STANDARD.squares, "visible squares"),
            (player.rows, STANDARD.rows, "rows"),
            (player.columns, STANDARD.columns, "columns"),
        )
        if n > limit
    ]
    if not over:
        return None
    return (
        f"{player.name}'s garden has {' and '.join(over)}: {ROUNDS} cards show at most {STANDARD.squares} "
        f"squares over {STANDARD.rows} rows and {STANDARD.columns} columns, so it needs Focus or Overtime "
        "lessons: check the garden if none came up"
    )


def score(table: Any) -> Result:
    """Score a finished Vadoran Gardens table (see docs/api/vadoran-gardens.md)."""
    errors = Errors()
    seats = seating(errors, table, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, title=TITLE)
    options = read_options(errors, table, seats.count)
    bounds = bounds_for(options.mode if options else None)
    players: list[PlayerState | None] = [
        read_player(errors, data, f"players[{i}]", bounds) for i, data in enumerate(seats.players)
    ]
    _check_supply(errors, players)
    with_unknown_keys(errors, unknown_keys(TABLE_SCHEMA, table))
    errors.raise_if_any()
    assert options is not None
    states = [p for p in players if p is not None]
    pads = [categories(p) for p in states]
    warnings: list[str] = []
    extra: dict[str, Any] = {}
    ranking = None
    solo = options.mode == "solo"
    if solo:
        total = sum(c.points for c in pads[0])
        sister, tiebreak = score_sister(states[0], total, options)
        extra["solo"] = sister
        ranking = _solo_ranking(sister["player_wins"], tiebreak)
    elif seats.one_board:
        warnings.append("One player without solo mode: choose mode solo to score your sister")
    note = seats.note(TITLE, MIN_PLAYERS)
    if note:
        warnings.append(note)
    if not solo and options.sister_achievements:
        warnings.append("Sister achievements are only scored in solo mode")
    # what concerns one garden is said on the result and on that player's line (their seat page)
    own = [[w for w in (bounds_warning(p, options.mode), shape_warning(p.name, p.grid)) if w] for p in states]
    warnings += [w for mine in own for w in mine]
    return build_result(
        GAME_NAME,
        ENGINE_VERSION,
        [p.name for p in states],
        pads,
        tiebreakers=tiebreakers(states),
        warnings=warnings,
        extra=extra,
        ranking=ranking,
        no_winner=_no_winner(seats, solo),
        player_extra=[{"warnings": mine} if mine else {} for mine in own],
    )


def _no_winner(seats: Seating, solo: bool) -> bool:
    """A partial table, or a lone board outside solo mode, names no winner."""
    return seats.partial or (seats.one_board and not solo)


def _solo_ranking(wins: bool, tiebreak: str | None) -> Callable[[Sequence[int]], Ranking]:
    """In solo the sister is the other seat: the player ranks 1 and wins only by beating her
    (or sharing the victory after every tie-breaker); otherwise rank 2 and no winner is listed.
    A tie with her carries its tie-break on the player's line too."""

    def ranking(totals: Sequence[int]) -> Ranking:
        return Ranking((1,) if wins else (2,), (0,) if wins else (), tiebreak, (tiebreak,))

    return ranking


def _check_supply(errors: Errors, players: Sequence[PlayerState | None]) -> None:
    """The game has 5 lost items of each kind in all."""
    for item in ITEMS:
        supply = MAX_LOST[item]
        running = 0
        for i, p in enumerate(players):
            if p is None:
                continue
            running += p.found[item]
            if running > supply and p.found[item]:
                errors.add(
                    f"players[{i}].lost_items.{item}",
                    f"the players have found {running} lost {item}s in all: the game has only {supply}",
                )
                break
