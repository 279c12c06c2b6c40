"""Vadoran Gardens scoring: parse a finished table, score areas, lost items and achievements,
rank the players, and score the solo sister."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import (
    Category,
    Errors,
    Ranking,
    Result,
    Tiebreaker,
    build_result,
    get_choice,
    get_int,
    join,
    options_of,
    player_list,
    rank,
    to_int,
)
from .garden import (
    ITEM_TERRAIN,
    ITEMS,
    SCORING_TERRAINS,
    TERRAINS,
    Area,
    find_areas,
    read_garden,
    return_locations,
)

CATALOG: dict[str, Any] = json.loads((Path(__file__).parent / "catalog.json").read_text(encoding="utf-8"))

GAME_NAME = "vadoran-gardens"
ENGINE_VERSION = "vadoran-1"
MIN_PLAYERS = 1
MAX_PLAYERS = 4
MODES = ("standard", "advanced", "solo")
DIFFICULTIES = tuple(CATALOG["difficulties"])
LOST_ITEM_POINTS = 5
MAX_ACHIEVEMENT_POINTS = 30
MAX_QUICK_SQUARES = 400
MAX_QUICK_AREAS = 200
ACHIEVEMENT_TERRAINS = SCORING_TERRAINS


@dataclass(frozen=True)
class Achievement:
    terrain: str
    points: int


@dataclass(frozen=True)
class PlayerState:
    name: str
    areas: tuple[Area, ...]
    locations: dict[str, int]  # visible return locations per lost item
    found: dict[str, int]
    achievements: tuple[Achievement, ...]
    unscored_squares: int = 0  # quick entry: grass/soil/water squares in no listed area
    quick: bool = False


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
            errors.add(where, f"has {len(value)} achievements: on {difficulty} the sister claims at most {most} "
                       "(she keeps 1 of her figures for choosing cards)")
        else:
            for i, points in enumerate(value):
                n = to_int(errors, points, join(where, i), minimum=0, maximum=MAX_ACHIEVEMENT_POINTS)
                if n is not None:
                    sister.append(n)
    if mode == "solo" and player_count is not None and player_count != 1:
        errors.add("options.mode", f"solo is played by 1 player against the sister: this table has {player_count}")
    if len(errors) > before or mode is None or difficulty is None:
        return None
    return Options(mode, difficulty, tuple(sister))


def read_player(errors: Errors, data: dict, where: str) -> PlayerState | None:
    before = len(errors)
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    has_garden = data.get("garden") is not None
    has_areas = data.get("areas") is not None
    areas: tuple[Area, ...] = ()
    locations = dict.fromkeys(ITEMS, 0)
    unscored = 0
    if has_garden and has_areas:
        errors.add(join(where, "areas"), "give either the painted garden or the quick-entry areas, not both")
    elif has_garden:
        for key in ("return_locations", "unscored_squares"):
            if data.get(key) is not None:
                errors.add(join(where, key), "is for quick entry (areas): with a painted garden it comes from the squares")
        grid = read_garden(errors, data["garden"], join(where, "garden"))
        if grid is not None:
            areas = tuple(find_areas(grid))
            locations = return_locations(grid)
    elif has_areas:
        areas, locations, unscored = _read_quick(errors, data, where)
    else:
        errors.add(join(where, "garden"), "is missing: paint the garden (or enter its areas in quick mode)")
    found = _read_lost_items(errors, data.get("lost_items"), join(where, "lost_items"))
    achievements = _read_achievements(errors, data.get("achievements"), join(where, "achievements"))
    if len(errors) > before:
        return None
    return PlayerState(name.strip(), areas, locations, found, achievements, unscored, has_areas)


def _read_quick(errors: Errors, data: dict, where: str) -> tuple[tuple[Area, ...], dict[str, int], int]:
    value = data["areas"]
    path = join(where, "areas")
    before = len(errors)
    out: list[Area] = []
    if not isinstance(value, list):
        errors.add(path, 'must be a list of areas: {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1}')
        value = []
    elif len(value) > MAX_QUICK_AREAS:
        errors.add(path, f"has {len(value)} areas: at most {MAX_QUICK_AREAS}")
        value = []
    for i, item in enumerate(value):
        at = join(path, i)
        if not isinstance(item, dict):
            errors.add(at, 'must be an area: {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1}')
            continue
        terrain = item.get("terrain")
        folded = terrain.strip().lower() if isinstance(terrain, str) else None
        if terrain is None or terrain == "":
            errors.add(join(at, "terrain"), "is missing: choose grass, soil, water or sand")
        elif folded not in TERRAINS:
            errors.add(join(at, "terrain"), f'"{terrain}" is not a terrain: choose grass, soil, water or sand'
                       if isinstance(terrain, str) else "must be one of grass, soil, water or sand")
            folded = None
        squares = get_int(errors, item, "squares", at, minimum=1, maximum=MAX_QUICK_SQUARES)
        tasks = get_int(errors, item, "tasks", at, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
        tablets = get_int(errors, item, "tablets", at, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
        if folded is None or squares is None or tasks is None or tablets is None:
            continue
        bad = False
        if folded == "sand" and tasks:
            errors.add(join(at, "tasks"), "sand has no tasks: tasks lie on grass, soil or water")
            bad = True
        for key, n in (("tasks", tasks), ("tablets", tablets)):
            if n > squares and not (key == "tasks" and folded == "sand"):
                errors.add(join(at, key), f"{n} {key} cannot lie on {squares} squares: at most one per square")
                bad = True
        if not bad:
            out.append(Area(folded, squares, tasks, tablets, label=f"#{i + 1}, quick entry"))
    locations: dict[str, int] = {}
    raw = data.get("return_locations")
    rpath = join(where, "return_locations")
    if raw is not None and not isinstance(raw, dict):
        errors.add(rpath, 'must be an object such as {"animal": 1, "tool": 0, "pendant": 2}: '
                   "the visible return locations (5) of each kind")
        raw = {}
    raw = raw or {}
    for key in raw:
        if key not in ITEMS:
            errors.add(join(rpath, str(key)), "is not a lost item: use animal, tool or pendant")
    for item in ITEMS:
        n = get_int(errors, raw, item, rpath, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
        locations[item] = n or 0
    unscored = get_int(errors, data, "unscored_squares", where, default=0, minimum=0, maximum=MAX_QUICK_SQUARES)
    if not out and not unscored and isinstance(value, list) and len(errors) == before:
        errors.add(path, "has no squares: enter at least one area (terrain, squares, tasks, tablets)")
    return tuple(out), locations, unscored or 0


def _read_lost_items(errors: Errors, value: Any, where: str) -> dict[str, int]:
    found = dict.fromkeys(ITEMS, 0)
    if value is None:
        return found
    if not isinstance(value, dict):
        errors.add(where, 'must be an object such as {"animal": 0, "tool": 1, "pendant": 1}: the lost items found')
        return found
    for key in value:
        if key not in ITEMS:
            errors.add(join(where, str(key)), "is not a lost item: use animal, tool or pendant")
    for item in ITEMS:
        n = get_int(errors, value, item, where, default=0, minimum=0, maximum=CATALOG["lost_items"][item])
        found[item] = n or 0
    return found


def _read_achievements(errors: Errors, value: Any, where: str) -> tuple[Achievement, ...]:
    if value is None:
        return ()
    shape = '{"terrain": "water", "points": 7}'
    if not isinstance(value, list):
        errors.add(where, f"must be a list of claimed achievements such as [{shape}]")
        return ()
    if len(value) > len(ACHIEVEMENT_TERRAINS):
        errors.add(where, f"has {len(value)} achievements: a player claims at most {len(ACHIEVEMENT_TERRAINS)}, "
                   "one on each achievement card (grass, soil, water)")
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
            shown = f'"{terrain}"' if isinstance(terrain, str) else "this"
            errors.add(join(at, "terrain"), f"{shown} is not an achievement card: choose grass, soil or water")
            folded = None
        elif folded in claimed:
            errors.add(join(at, "terrain"), f"the {folded} achievement is already listed: "
                       "a player claims each achievement card once")
            folded = None
        points = get_int(errors, item, "points", at, minimum=0, maximum=MAX_ACHIEVEMENT_POINTS)
        if folded is not None:
            claimed.add(folded)
            if points is not None:
                out.append(Achievement(folded, points))
    return tuple(out)


# ------------------------------------------------------------------------- scoring


def returned(player: PlayerState) -> dict[str, int]:
    """Lost items returned per kind: min(found, visible return locations of its terrain)."""
    return {item: min(player.found[item], player.locations[item]) for item in ITEMS}


def score_tasks(player: PlayerState) -> Category:
    lines = [area.line() for area in player.areas]
    points = sum(area.points for area in player.areas)
    if player.unscored_squares:
        lines.append(f"{player.unscored_squares} other grass, soil or water squares (quick entry, in no "
                     "listed area): do not score")
    scoring = [a for a in player.areas if a.scores]
    if scoring:
        lines.append("Areas: " + " + ".join(str(a.points) for a in scoring) + f" = {points}")
    else:
        lines.append("No grass, soil or water area has 3 or more tasks: 0")
    return Category("tasks", "Tasks", points, tuple(lines))


def score_lost_items(player: PlayerState) -> Category:
    back = returned(player)
    lines: list[str] = []
    for item in ITEMS:
        found, spots, n = player.found[item], player.locations[item], back[item]
        if not found:
            continue
        terrain = ITEM_TERRAIN[item]
        head = (f"Lost {item}: {found} found, {spots} visible {terrain} return "
                f"location{'' if spots == 1 else 's'} (5)")
        tail = f": {n} returned x {LOST_ITEM_POINTS} = {n * LOST_ITEM_POINTS}"
        if found > n:
            tail += f"; {found - n} without a location go{'es' if found - n == 1 else ''} back to the box"
        lines.append(head + tail)
    total = sum(back.values()) * LOST_ITEM_POINTS
    if not lines:
        lines.append("No lost items found: 0")
    elif total == 0:
        lines.append("No lost item could be returned: 0")
    return Category("lost_items", "Lost items", total, tuple(lines))


def score_achievements(player: PlayerState) -> Category:
    if not player.achievements:
        return Category("achievements", "Achievements", 0, ("No achievements claimed: 0",))
    lines = [f"{a.terrain.capitalize()} achievement: {a.points} (the number under the figure)"
             for a in player.achievements]
    total = sum(a.points for a in player.achievements)
    if len(player.achievements) > 1:
        lines.append(" + ".join(str(a.points) for a in player.achievements) + f" = {total}")
    return Category("achievements", "Achievements", total, tuple(lines))


def score_sister(player: PlayerState, total: int, options: Options) -> tuple[dict[str, Any], str | None]:
    """The solo sister's score and whether the player beats her (READINGS.md, Vadoran Gardens),
    with the tie-break text when the totals are level."""
    x = CATALOG["difficulties"][options.difficulty]["x"]
    details = [f"Difficulty {options.difficulty}: X = {x}"]
    failed = [a for a in player.areas if a.terrain in SCORING_TERRAINS and not a.scores]
    squares = sum(a.size for a in failed) + player.unscored_squares
    for area in failed:
        details.append(f"  {area.terrain.capitalize()} area {area.label}: "
                       f"{area.size} x {x} = {area.size * x}")
    if player.unscored_squares:
        details.append(f"  {player.unscored_squares} other squares (quick entry): "
                       f"{player.unscored_squares} x {x} = {player.unscored_squares * x}")
    failed_points = squares * x
    details.insert(1, f"Failed tasks: {squares} grass, soil or water squares outside your scoring areas "
                      f"x {x} = {failed_points}")
    back = returned(player)
    missing = {item: player.found[item] - back[item] for item in ITEMS}
    lost = sum(missing.values())
    which = ", ".join(f"{n} {item}" for item, n in missing.items() if n)
    details.append(f"Lost items: {lost} found but not returned" + (f" ({which})" if which else "")
                   + f" x {x} = {lost * x}")
    sister = options.sister_achievements
    achievements = sum(sister)
    if sister:
        details.append("Achievements: " + " + ".join(map(str, sister)) + f" = {achievements}")
    else:
        details.append("Achievements: none claimed: 0")
    opponent = failed_points + lost * x + achievements
    details.append(f"Sister total: {failed_points} + {lost * x} + {achievements} = {opponent}")
    ranking = rank([total, opponent], solo_tiebreakers(player, len(sister)))
    wins = 0 in ranking.winners
    if total != opponent:
        details.append(f"{'You win' if wins else 'Your sister wins'}: {total} vs {opponent}")
    else:
        details.append(("You win: " if wins and len(ranking.winners) == 1 else
                        "Shared victory: " if wins else "Your sister wins: ") + str(ranking.tiebreak))
    return {"opponent_total": opponent, "player_wins": wins, "details": details}, ranking.tiebreak


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


def score(table: Any) -> Result:
    """Score a finished Vadoran Gardens table (see docs/api/vadoran-gardens.md)."""
    errors = Errors()
    raw_players = player_list(errors, table, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    count: int | None = len(raw_players)
    if isinstance(table, dict) and table.get("player_count") is not None:
        count = get_int(errors, table, "player_count", "", minimum=max(len(raw_players), MIN_PLAYERS),
                        maximum=MAX_PLAYERS)
    options = read_options(errors, table, count)
    players: list[PlayerState | None] = [read_player(errors, data, f"players[{i}]")
                                         for i, data in enumerate(raw_players)]
    _check_supply(errors, players)
    errors.raise_if_any()
    assert options is not None and count is not None
    states = [p for p in players if p is not None]
    categories = []
    for p in states:
        categories.append([score_tasks(p), score_lost_items(p), score_achievements(p)])
    warnings: list[str] = []
    extra: dict[str, Any] = {}
    ranking = None
    if options.mode == "solo":
        total = sum(c.points for c in categories[0])
        solo, tiebreak = score_sister(states[0], total, options)
        extra["solo"] = solo
        ranking = _solo_ranking(solo["player_wins"], tiebreak)
    elif count == 1:
        warnings.append("One player without solo mode: choose mode solo to score your sister")
    if options.mode != "solo" and options.sister_achievements:
        warnings.append("Sister achievements are only scored in solo mode")
    return build_result(
        GAME_NAME,
        ENGINE_VERSION,
        [p.name for p in states],
        categories,
        tiebreakers=tiebreakers(states),
        warnings=warnings,
        extra=extra,
        ranking=ranking,
    )


def _solo_ranking(wins: bool, tiebreak: str | None) -> Callable[[Sequence[int]], Ranking]:
    """In solo the sister is the other seat: the player ranks 1 and wins only by beating her
    (or sharing the victory after every tie-breaker); otherwise rank 2 and no winner is listed."""

    def ranking(totals: Sequence[int]) -> Ranking:
        return Ranking((1,) if wins else (2,), (0,) if wins else (), tiebreak)

    return ranking


def _check_supply(errors: Errors, players: Sequence[PlayerState | None]) -> None:
    """The game has 5 lost items of each kind in all."""
    for item in ITEMS:
        supply = CATALOG["lost_items"][item]
        running = 0
        for i, p in enumerate(players):
            if p is None:
                continue
            running += p.found[item]
            if running > supply and p.found[item]:
                errors.add(f"players[{i}].lost_items.{item}",
                           f"the players have found {running} lost {item}s in all: the game has only {supply}")
                break
