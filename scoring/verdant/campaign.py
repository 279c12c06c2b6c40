"""The Verdant achievement campaign: the 50 achievement shapes, scenario evaluation, near misses.

Data (``campaign.json``, rulebook section "Verdant Achievements"): 25 standard-game achievements,
15 scenarios (three goal letters, a minimum score, objectives), 10 rules modifications.  A
scenario's goal letters are listed plant, item, room; the name of each letter comes from the
catalog and is ASSUMED (READINGS.md: letters unconfirmed, the players may change the names).

Scenario play is part of the scoring contract: ``options.scenario = {"number": N, "declared":
[...]}`` is read by :func:`parse_scenario` (called from ``parse.parse_table``) and every player's
``achievements.scenario`` is built by :func:`evaluate` (called from ``score``).

>>> len(all_shapes()), scenario(4)["min_score"], [g["letter"] for g in scenario(4)["goals"]]
(50, 75, ['J', 'I', 'B'])
>>> [o["key"] for o in scenario(8)["objectives"]]
['min_score', 'lighting_all_match', 'items_match_rooms']
>>> modification(4)["options"]
{'modification': 4}
>>> standard_achievement(18)["text"]
'Have 10+ extra Verdancy Tokens.'
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..core import Errors, join, normalize_name, options_of, to_int
from . import catalog as cat
from .model import GameState, Plant, PlayerState, Room, ScenarioPlay, plural

_DATA = json.loads(Path(__file__).with_name("campaign.json").read_text(encoding="utf-8"))

SCENARIOS = range(1, 16)
MODIFICATIONS = range(1, 11)
STANDARD = range(1, 26)
STANDARD_PER_GAME = 1  # rulebook: at most one standard achievement filled per game
DECLARED: dict[str, str] = dict(_DATA["declared"])  # key -> what the player declares
CATEGORY_WORDS = {
    "plants": "completed plants",
    "verdancy": "extra verdancy",
    "pots": "pots",
    "rooms": "rooms",
    "goals": "goal cards",
}
LIGHTING = ("Perfect Conditions", "Against All Odds", "Perfect Ambiance")


def _goal_by_letter(deck: str, letter: str) -> dict[str, Any]:
    return next(g for g in cat.GOALS if g["deck"] == deck and g["letter"] == letter)


def _build_scenario(raw: dict[str, Any]) -> dict[str, Any]:
    goals = []
    for deck, letter in zip(cat.DECKS, raw["goals"]):
        goals.append(
            {"deck": deck, "letter": letter, "name": _goal_by_letter(deck, letter)["name"], "assumed": True}
        )
    objectives = [
        {
            "key": "min_score",
            "text": f"Minimum score {raw['min_score']}",
            "params": {"points": raw["min_score"]},
            "check": "table",
        }
    ]
    for o in raw["objectives"]:
        objectives.append({**o, "check": "declared" if o["key"] in DECLARED else "table"})
    return {
        "shape": f"scenario-{raw['number']}",
        "mode": "scenario",
        "number": raw["number"],
        "goals": goals,
        "min_score": raw["min_score"],
        "objectives": objectives,
    }


_STANDARD = {
    a["number"]: {"shape": f"standard-{a['number']}", "mode": "standard", **a} for a in _DATA["standard"]
}
_SCENARIOS = {s["number"]: _build_scenario(s) for s in _DATA["scenarios"]}
_MODIFICATIONS = {
    m["number"]: {
        "shape": f"modification-{m['number']}",
        "mode": "modification",
        "number": m["number"],
        "text": m["text"],
        "options": {"modification": m["number"]},
        "changes_scoring": m["changes_scoring"],
        "needs": m["needs"],
    }
    for m in _DATA["modifications"]
}


# ----------------------------------------------------------------------------- the data


def standard_achievement(n: int) -> dict[str, Any]:
    """Standard achievement ``n`` (1-25): ``{"shape", "mode", "number", "text", "condition"}``;
    KeyError for another number."""
    return copy.deepcopy(_STANDARD[n])


def scenario(n: int) -> dict[str, Any]:
    """Scenario ``n`` (1-15): ``{"shape", "mode", "number", "goals": [{"deck", "letter", "name",
    "assumed"}] x 3 (plant, item, room), "min_score", "objectives": [{"key", "text", "params",
    "check": "table" | "declared"}]}``, the minimum score first.  KeyError for another number.

    >>> [g["name"] for g in scenario(1)["goals"]]
    ['Apartment Living', 'Pot Pairs', 'Matchy Matchy']
    >>> scenario(14)["objectives"][1]["check"]
    'declared'
    """
    return copy.deepcopy(_SCENARIOS[n])


def modification(n: int) -> dict[str, Any]:
    """Rules modification ``n`` (1-10): ``{"shape", "mode", "number", "text", "options":
    {"modification": n}, "changes_scoring", "needs": [{"option", "text"}]}``; KeyError otherwise."""
    return copy.deepcopy(_MODIFICATIONS[n])


def all_shapes() -> list[dict[str, Any]]:
    """The 50 shapes of the achievement plant track: standard 1-25, scenarios 1-15, modifications 1-10."""
    return (
        [standard_achievement(n) for n in STANDARD]
        + [scenario(n) for n in SCENARIOS]
        + [modification(n) for n in MODIFICATIONS]
    )


MODE_WORDS = {"standard": "Standard game", "scenario": "Scenario", "modification": "Rules modification"}
SHAPE_IDS = frozenset(s["shape"] for s in all_shapes())


def describe(shape: str) -> dict[str, Any]:
    """A shape id as a player reads it: ``{"shape", "mode", "number", "label", "text"}``; KeyError
    for a shape the plant does not have.

    >>> describe("standard-18")["label"], describe("scenario-4")["text"][:24]
    ('Standard game 18', 'Goals J, I, B; Minimum s')
    """
    if shape not in SHAPE_IDS:
        raise KeyError(shape)
    mode, _, n = shape.partition("-")
    number = int(n)
    if mode == "standard":
        text = str(_STANDARD[number]["text"])
    elif mode == "scenario":
        s = _SCENARIOS[number]
        text = f"Goals {', '.join(g['letter'] for g in s['goals'])}; " + "; ".join(
            o["text"] for o in s["objectives"]
        )
    else:
        text = str(_MODIFICATIONS[number]["text"])
    return {
        "shape": shape,
        "mode": mode,
        "number": number,
        "label": f"{MODE_WORDS[mode]} {number}",
        "text": text,
    }


def mode_of(options: Any) -> tuple[str, int | None]:
    """The achievement mode of a play, ``(mode, number)``, from its options: a scenario wins, then
    ``campaign`` ("standard" or "none"), then a rules modification; else ``("none", None)``.

    >>> (mode_of({"scenario": {"number": 4}}), mode_of({"campaign": "none", "modification": 2}),
    ...     mode_of({"modification": 2}))
    (('scenario', 4), ('none', None), ('modification', 2))
    """
    options = options if isinstance(options, dict) else {}
    scen = options.get("scenario")
    if isinstance(scen, dict) and isinstance(scen.get("number"), int) and scen["number"] in SCENARIOS:
        return "scenario", int(scen["number"])
    if options.get("campaign") in ("standard", "none"):
        return str(options["campaign"]), None
    mod = options.get("modification")
    if isinstance(mod, int) and not isinstance(mod, bool) and mod in MODIFICATIONS:
        return "modification", mod
    return "none", None


MODES = ("none", "standard", "scenario", "modification")
_ELSE_NONE = 'choose standard rules, or the achievement mode "none"'


def mode_problems(
    mode: str, options: Mapping[str, Any], players: int, chosen: bool = True
) -> list[tuple[str, str]]:
    """Why a play with these ``options`` and ``players`` cannot earn achievements in ``mode`` (the
    rulebook's conditions), as ``(the option concerned, why)``: "modification", "variant" or
    "mode".  ``chosen``: the mode was chosen (not only implied by a modification).

    >>> mode_problems("standard", {"variant": "standard", "modification": None}, 1)
    [('mode', 'a solo game earns no standard achievements (rulebook): play a scenario, or choose none')]
    >>> mode_problems("scenario", {"variant": "family", "modification": 3}, 2)[0][0]
    'modification'
    """
    modification, family, solo = options.get("modification"), options.get("variant") == "family", players == 1
    refusals = {  # mode -> (what is wrong, the option concerned, why)
        "scenario": [
            (
                modification,
                "modification",
                "a scenario is played with the standard rules: choose no rules modification",
            ),
            (family, "variant", "a scenario is played with the standard rules, not the family variant"),
        ],
        "modification": [
            (
                not modification,
                "modification",
                "choose the rules modification played: its shape is filled for every player",
            ),
            (
                family and chosen,
                "variant",
                "the family variant earns no rules-modification achievement (rulebook: a game "
                f"under the standard rules): {_ELSE_NONE}",
            ),
            (
                solo and chosen,
                "mode",
                "a solo game earns no rules-modification achievement (rulebook: a multiplayer "
                "game): choose none, or play a scenario",
            ),
        ],
        "standard": [
            (
                modification,
                "modification",
                "a standard game plays no rules modification: choose none, or the "
                'achievement mode "rules modification"',
            ),
            (family, "variant", f"the family variant earns no achievements: {_ELSE_NONE}"),
            (
                solo,
                "mode",
                "a solo game earns no standard achievements (rulebook): play a scenario, or choose none",
            ),
        ],
        "none": [],
    }
    if mode not in refusals:
        return [("mode", "choose none, standard game, scenario or rules modification")]
    return [(key, why) for wrong, key, why in refusals[mode] if wrong]


def declared_by_player(options: Any, n_players: int) -> list[list[str]]:
    """Each player's declared objectives (``options.scenario.declared``: one list for everybody,
    or one list per player).

    >>> declared_by_player({"scenario": {"declared": ["no_hand_trowel"]}}, 2), declared_by_player({}, 1)
    ([['no_hand_trowel'], ['no_hand_trowel']], [[]])
    """
    scen = options.get("scenario") if isinstance(options, dict) else None
    raw = scen.get("declared") if isinstance(scen, dict) else None
    if not isinstance(raw, list) or not raw:
        return [[] for _ in range(n_players)]
    if all(isinstance(d, list) for d in raw):
        lists = [[k for k in d if isinstance(k, str)] for d in raw]
        return (lists + [[] for _ in range(n_players)])[:n_players]
    return [[k for k in raw if isinstance(k, str)] for _ in range(n_players)]


# -------------------------------------------------------------------------- the option


def _scenario_goals_text(s: dict[str, Any], decks: list[str] | None = None) -> str:
    return ", ".join(
        f'{g["deck"]} goal {g["letter"]} (assumed "{g["name"]}")'
        for g in s["goals"]
        if decks is None or g["deck"] in decks
    )


def _declared_list(errors: Errors, value: Any, where: str, s: dict[str, Any] | None) -> frozenset[str]:
    """One player's declarations (a list of keys)."""
    allowed = [o["key"] for o in s["objectives"] if o["check"] == "declared"] if s else list(DECLARED)
    out = set()
    for i, raw in enumerate(value):
        path = join(where, i)
        key = next(
            (k for k in DECLARED if isinstance(raw, str) and normalize_name(k) == normalize_name(raw)), None
        )
        if key is None:
            shown = f'"{raw[:40]}"' if isinstance(raw, str) else "this"
            errors.add(
                path,
                f"{shown} is not a declaration: a player can declare no_hand_trowel (scenario 5) "
                "or no_watering_can (scenario 14)",
            )
        elif s is not None and key not in allowed:
            asks = (
                f"it asks only {', '.join(allowed)}"
                if allowed
                else "it has nothing to declare (leave declared empty)"
            )
            errors.add(path, f'"{key}" is not an objective of scenario {s["number"]}: {asks}')
        else:
            out.add(key)
    return frozenset(out)


def parse_scenario(
    errors: Errors, table: Any, opts: Mapping[str, Any], players: list[PlayerState], n_players: int
) -> ScenarioPlay | None:
    """Read ``options.scenario``; record every problem in ``errors``.

    ``declared`` is either a list of keys (every player declares them) or a list of one list per
    player, in player order.  Goal cards other than the scenario's assumed names are a warning,
    not an error (READINGS.md: the letters are unconfirmed and the players may change them).
    """
    options = options_of(table)
    raw = options.get("scenario")
    if raw is None or raw == "" or raw == {}:
        return None
    where = "options.scenario"
    if not isinstance(raw, dict):
        errors.add(
            where,
            'must be an object: {"number": 1 to 15, "declared": ["no_hand_trowel", "no_watering_can"]}, '
            "or null for no scenario",
        )
        return None
    number = _scenario_number(errors, raw.get("number"), where)
    s = _SCENARIOS.get(number) if number is not None else None
    if opts.get("modification") is not None:
        errors.add(
            where,
            "a game is played in one achievement mode: a scenario uses the standard rules, so leave "
            "options.modification empty (or play the modification without a scenario)",
        )
    if opts.get("variant") == "family":
        errors.add(
            where, "scenarios use the standard rules, not the family variant: set options.variant to standard"
        )
    declared = _declared_by_player(errors, raw.get("declared"), join(where, "declared"), s, n_players)
    warnings: list[str] = []
    if s is not None:
        _check_goals(errors, warnings, options.get("goals"), s)
        if any(o["key"] == "lighting_all_match" for o in s["objectives"]):
            _check_lighting_known(errors, players, s["number"])
    if number is None:
        return None
    return ScenarioPlay(number, tuple(declared), tuple(warnings))


def _scenario_number(errors: Errors, raw_n: Any, where: str) -> int | None:
    """``options.scenario.number``: a scenario of the rulebook, else None (recorded)."""
    number = None
    if raw_n is None or raw_n == "":
        errors.add(join(where, "number"), "is missing: choose a scenario from 1 to 15")
    else:
        number = to_int(Errors(), raw_n, "", minimum=None)
        if number is None or number not in SCENARIOS:
            shown = (
                raw_n if isinstance(raw_n, (int, float)) and not isinstance(raw_n, bool) else repr(raw_n)[:40]
            )
            errors.add(
                join(where, "number"), f"{shown} is not a scenario: the rulebook has scenarios 1 to 15"
            )
            number = None
    return number


def _declared_by_player(
    errors: Errors, raw_d: Any, dwhere: str, s: dict[str, Any] | None, n_players: int
) -> list[frozenset[str]]:
    """``options.scenario.declared``: the keys each player declares, in player order."""
    declared: list[frozenset[str]] = [frozenset()] * n_players
    if raw_d not in (None, ""):
        if not isinstance(raw_d, list):
            errors.add(
                dwhere, 'must be a list like ["no_hand_trowel"] (every player), or one such list per player'
            )
        elif raw_d and all(isinstance(d, list) for d in raw_d):
            if len(raw_d) != n_players:
                errors.add(
                    dwhere,
                    f"has {_n(len(raw_d), 'list')}: give one list per player ({n_players}), in player order, "
                    "or a single list of keys that every player declares",
                )
            else:
                declared = [_declared_list(errors, d, join(dwhere, i), s) for i, d in enumerate(raw_d)]
        else:
            one = _declared_list(errors, raw_d, dwhere, s)
            declared = [one] * n_players
    return declared


def _check_goals(errors: Errors, warnings: list[str], raw: Any, s: dict[str, Any]) -> None:
    if raw is None or raw == "":
        raw = []
    if not isinstance(raw, list):
        return  # parse_goals reports it
    found = [(i, cat.goal_by_name(name) if isinstance(name, str) else None) for i, name in enumerate(raw)]
    if any(g is None for _, g in found):
        return  # an unknown name is reported by parse_goals; the decks are checked once it is fixed
    by_deck = {g["deck"]: (i, g) for i, g in reversed(found)}
    missing = [d for d in cat.DECKS if d not in by_deck]
    if missing:
        errors.add(
            "options.goals",
            f"scenario {s['number']} plays with three goal cards, one per deck; missing: "
            f"{_scenario_goals_text(s, missing)}. Enter them by name",
        )
    for g in s["goals"]:
        if g["deck"] in by_deck and by_deck[g["deck"]][1]["name"] != g["name"]:
            i, used = by_deck[g["deck"]]
            warnings.append(
                f"options.goals[{i}]: scenario {s['number']} lists {g['deck']} goal {g['letter']}, assumed "
                "to be "
                f'"{g["name"]}"; this game used "{used["name"]}" (goal letters are unconfirmed: '
                "check the letter on your card)"
            )


def _check_lighting_known(errors: Errors, players: list[PlayerState], number: int) -> None:
    for p in players:
        if any(g in LIGHTING for deck in p.goals for g in deck):
            continue  # parse reports missing lighting for the lighting goals already
        for cell in p.cells:
            if isinstance(cell.card, Plant) and cell.card.light is None:
                errors.add(
                    join(cell.path, "light"),
                    f"is needed for scenario {number} (all lighting conditions must "
                    f"match): enter the plant's lighting ({', '.join(cat.LIGHTS)}) or its name",
                )
            if isinstance(cell.card, Room) and cell.card.edges is None:
                errors.add(
                    join(cell.path, "edges"),
                    f"is needed for scenario {number} (all lighting conditions must "
                    "match): enter the lighting of each edge (top, right, bottom, left) or the room's name",
                )


# ---------------------------------------------------------------------- the objectives

Check = Callable[[PlayerState, dict[str, int], int, dict[str, Any], frozenset[str]], tuple[bool, str]]


_n = plural


def _min_score(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    need = params["points"]
    if total >= need:
        return True, f"{total} points (minimum {need})"
    return False, f"{total} points: {need - total} short of {need}"


def _complete_all_plants(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    plants = p.plants
    open_ = [c for c in plants if not c.plant.complete]
    done = len(plants) - len(open_)
    if not open_:
        return True, f"all {done} plants completed"
    return False, f"{done} of {len(plants)} plants completed; incomplete: " + ", ".join(
        f"{c.card.label()} ({c.where()})" for c in open_
    )


def _complete_each_plant_type(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    done = {c.card.type for c in p.plants if c.plant.complete}
    missing = [t for t in cat.TYPES if t not in done]
    if not missing:
        return True, "all 5 plant types completed"
    return False, f"{5 - len(missing)} of 5 plant types completed; no completed {', '.join(missing)} plant"


def _unique_items(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    kinds = [
        k for k in cat.ITEM_KINDS if any(c.room.item is not None and c.room.item.kind == k for c in p.rooms)
    ]
    need = params["count"]
    listed = f" ({', '.join(kinds)})" if kinds else ""
    if len(kinds) >= need:
        return True, f"{_n(len(kinds), 'unique item')} in rooms{listed}"
    return False, f"{len(kinds)} of {need} unique items in rooms{listed}: {need - len(kinds)} short"


def lighting_mismatches(p: PlayerState) -> list[str]:
    """Each edge where a plant touches a room whose edge shows none of the plant's lightings."""
    opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
    out = []
    for cell in sorted(p.plants, key=lambda c: (c.row, c.col)):
        for side, other in p.neighbours(cell):
            light, edges = cell.plant.light, None if other.is_plant else other.room.edges
            if edges is None or light is None:
                continue
            edge = edges[opposite[side]]
            if edge not in light:
                out.append(
                    f"{cell.card.label()} ({cell.where()}, {'/'.join(light)}) meets {edge} "
                    f"on the {other.card.label()} ({other.where()})"
                )
    return out


def _lighting_all_match(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    bad = lighting_mismatches(p)
    if not bad:
        return True, "every edge where a plant touches a room matches the plant's lighting"
    return False, f"{_n(len(bad), 'edge')} {'does' if len(bad) == 1 else 'do'} not match: " + "; ".join(bad)


def _items_match_rooms(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    placed = [
        (c, c.room.item) for c in sorted(p.rooms, key=lambda c: (c.row, c.col)) if c.room.item is not None
    ]
    wrong = [(c, item) for c, item in placed if item.color != c.card.type]
    if not placed:
        return True, "no items placed, so none mismatches"
    if not wrong:
        return True, f"all {_n(len(placed), 'placed item')} match their room"
    return (
        False,
        f"{len(placed) - len(wrong)} of {_n(len(placed), 'placed item')} match their room; "
        + ", ".join(
            f"the {item.label().lower()} in the {c.card.label()} ({c.where()}) does not" for c, item in wrong
        ),
    )


def _same_type_per_column(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    cols = sorted({c.col for c in p.cells})
    mixed = []
    for col in cols:
        types = [c.card.type for c in sorted(p.cells, key=lambda c: c.row) if c.col == col]
        if len(set(types)) > 1:
            mixed.append(f"column {col + 1} has {', '.join(types)}")
    if not mixed:
        return True, f"each of the {len(cols)} columns is one type"
    return False, f"{len(cols) - len(mixed)} of {len(cols)} columns are one type; " + "; ".join(mixed)


def _points_from(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    got, need, what = points[params["category"]], params["points"], CATEGORY_WORDS[params["category"]]
    if got >= need:
        return True, f"{got} points from {what} ({need}+ needed)"
    return False, f"{got} points from {what}: {need - got} short of {need}"


def _only_three_plant_types(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    types = [t for t in cat.TYPES if any(c.card.type == t for c in p.plants)]
    most = params["max"]
    reading = f"Scorepad's reading: at most {most} types among the home's plant cards, fewer passes"
    if len(types) <= most:
        return True, f"{_n(len(types), 'plant type')} ({', '.join(types)}; {reading})"
    return (
        False,
        f"{len(types)} plant types ({', '.join(types)}): {len(types) - most} more than {most} ({reading})",
    )


def _plants_of_one_type(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    counts = Counter(c.card.type for c in p.plants)
    need = params["count"]
    best, n = max(counts.items(), key=lambda kv: kv[1], default=("", 0))
    if n >= need:
        return True, f"{n} {best} plants"
    return False, f"{n} of {need} plants of one type (most: {best or 'none'})"


def _no_pets(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    items = [(c, c.room.item) for c in sorted(p.rooms, key=lambda c: (c.row, c.col))]
    pets = [
        f"the {item.label().lower()} in the {c.card.label()} ({c.where()})"
        for c, item in items
        if item is not None and item.kind in cat.PETS
    ]
    reading = "Scorepad's reading: a pet token placed in a room counts, one in storage is not in the home"
    stored = (
        p.storage
        if not isinstance(p.storage, str) and p.storage is not None and p.storage.kind in cat.PETS
        else None
    )
    if not pets:
        kept = f"; the stored {stored.label().lower()} does not count" if stored is not None else ""
        return True, f"no pets in rooms{kept} ({reading})"
    return False, f"{_n(len(pets), 'pet')} in rooms: " + ", ".join(pets) + f" ({reading})"


def _green_thumbs_at_end(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    need = params["count"]
    if p.green_thumbs >= need:
        return True, f"{_n(p.green_thumbs, 'Green Thumb token')} ({need}+ needed)"
    return False, f"{p.green_thumbs} of {need} Green Thumb tokens: {need - p.green_thumbs} short"


def _collector_and_decorator(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    if points["collector"] > 0 and points["decorator"] > 0:
        return True, "Collector and Decorator both scored"
    parts = []
    for what, cells in (("plant", p.plants), ("room", p.rooms)):
        missing = [t for t in cat.TYPES if t not in {c.card.type for c in cells}]
        bonus = "Collector" if what == "plant" else "Decorator"
        parts.append(f"{bonus} scored" if not missing else f"{bonus} missing {', '.join(missing)} {what}s")
    return False, "; ".join(parts)


def _all_rooms_have_item(
    p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
) -> tuple[bool, str]:
    rooms = sorted(p.rooms, key=lambda c: (c.row, c.col))
    empty = [c for c in rooms if c.room.item is None]
    if not empty:
        return True, f"all {len(rooms)} rooms hold an item"
    return False, f"{len(rooms) - len(empty)} of {len(rooms)} rooms hold an item; empty: " + ", ".join(
        f"{c.card.label()} ({c.where()})" for c in empty
    )


def _declared(key: str) -> Check:
    def check(
        p: PlayerState, points: dict[str, int], total: int, params: dict[str, Any], declared: frozenset[str]
    ) -> tuple[bool, str]:
        if key in declared:
            return True, "declared by the player"
        return False, f"not declared: tick it if the player {DECLARED[key]}"

    return check


CHECKS: dict[str, Check] = {
    "min_score": _min_score,
    "complete_all_plants": _complete_all_plants,
    "no_hand_trowel": _declared("no_hand_trowel"),
    "complete_each_plant_type": _complete_each_plant_type,
    "unique_items": _unique_items,
    "lighting_all_match": _lighting_all_match,
    "items_match_rooms": _items_match_rooms,
    "same_type_per_column": _same_type_per_column,
    "points_from_verdancy": _points_from,
    "only_three_plant_types": _only_three_plant_types,
    "points_from_pots": _points_from,
    "no_pets": _no_pets,
    "green_thumbs_at_end": _green_thumbs_at_end,
    "plants_of_one_type": _plants_of_one_type,
    "points_from_plants": _points_from,
    "all_rooms_have_item": _all_rooms_have_item,
    "no_watering_can": _declared("no_watering_can"),
    "collector_and_decorator": _collector_and_decorator,
    "points_from_rooms": _points_from,
}


def evaluate(game: GameState, p: PlayerState, points: dict[str, int], total: int) -> dict[str, Any] | None:
    """``achievements.scenario`` for one player: ``{"number", "passed", "objectives": [{"key",
    "text", "met", "detail"}]}``; None when no scenario is played."""
    play = game.scenario
    if play is None:
        return None
    s = _SCENARIOS[play.number]
    declared = play.declared[p.index] if p.index < len(play.declared) else frozenset()
    out = []
    for o in s["objectives"]:
        met, detail = CHECKS[o["key"]](p, points, total, o["params"], declared)
        out.append({"key": o["key"], "text": o["text"], "met": met, "detail": detail})
    return {"number": play.number, "passed": all(o["met"] for o in out), "objectives": out}
