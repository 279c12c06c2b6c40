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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core import Errors, join, normalize_name, options_of, to_int
from . import catalog as cat
from .model import GameState, Plant, PlayerState, Room, ScenarioPlay

_DATA = json.loads(Path(__file__).with_name("campaign.json").read_text(encoding="utf-8"))

SCENARIOS = range(1, 16)
MODIFICATIONS = range(1, 11)
STANDARD = range(1, 26)
DECLARED: dict[str, str] = dict(_DATA["declared"])  # key -> what the player declares
CATEGORY_WORDS = {"plants": "completed plants", "verdancy": "extra verdancy", "pots": "pots", "rooms": "rooms",
                  "goals": "goal cards"}
LIGHTING = ("Perfect Conditions", "Against All Odds", "Perfect Ambiance")


def _goal_by_letter(deck: str, letter: str) -> dict[str, Any]:
    return next(g for g in cat.GOALS if g["deck"] == deck and g["letter"] == letter)


def _build_scenario(raw: dict[str, Any]) -> dict[str, Any]:
    goals = []
    for deck, letter in zip(cat.DECKS, raw["goals"]):
        goals.append({"deck": deck, "letter": letter, "name": _goal_by_letter(deck, letter)["name"], "assumed": True})
    objectives = [{"key": "min_score", "text": f"Minimum score {raw['min_score']}", "params": {"points": raw["min_score"]},
                   "check": "table"}]
    for o in raw["objectives"]:
        objectives.append({**o, "check": "declared" if o["key"] in DECLARED else "table"})
    return {"shape": f"scenario-{raw['number']}", "mode": "scenario", "number": raw["number"], "goals": goals,
            "min_score": raw["min_score"], "objectives": objectives}


_STANDARD = {a["number"]: {"shape": f"standard-{a['number']}", "mode": "standard", **a} for a in _DATA["standard"]}
_SCENARIOS = {s["number"]: _build_scenario(s) for s in _DATA["scenarios"]}
_MODIFICATIONS = {m["number"]: {"shape": f"modification-{m['number']}", "mode": "modification", "number": m["number"],
                                "text": m["text"], "options": {"modification": m["number"]},
                                "changes_scoring": m["changes_scoring"], "needs": m["needs"]}
                  for m in _DATA["modifications"]}


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
    return ([standard_achievement(n) for n in STANDARD] + [scenario(n) for n in SCENARIOS]
            + [modification(n) for n in MODIFICATIONS])


# -------------------------------------------------------------------------- the option


def _scenario_goals_text(s: dict[str, Any], decks: list[str] | None = None) -> str:
    return ", ".join(f'{g["deck"]} goal {g["letter"]} (assumed "{g["name"]}")' for g in s["goals"]
                     if decks is None or g["deck"] in decks)


def _declared_list(errors: Errors, value: Any, where: str, s: dict[str, Any] | None) -> frozenset[str]:
    """One player's declarations (a list of keys)."""
    allowed = [o["key"] for o in s["objectives"] if o["check"] == "declared"] if s else list(DECLARED)
    out = set()
    for i, raw in enumerate(value):
        path = join(where, i)
        key = next((k for k in DECLARED if isinstance(raw, str) and normalize_name(k) == normalize_name(raw)), None)
        if key is None:
            shown = f'"{raw[:40]}"' if isinstance(raw, str) else "this"
            errors.add(path, f"{shown} is not a declaration: a player can declare no_hand_trowel (scenario 5) "
                             "or no_watering_can (scenario 14)")
        elif s is not None and key not in allowed:
            asks = f"it asks only {', '.join(allowed)}" if allowed else "it has nothing to declare (leave declared empty)"
            errors.add(path, f'"{key}" is not an objective of scenario {s["number"]}: {asks}')
        else:
            out.add(key)
    return frozenset(out)


def parse_scenario(errors: Errors, table: Any, opts: dict[str, Any], players: list[PlayerState],
                   n_players: int) -> ScenarioPlay | None:
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
        errors.add(where, 'must be an object: {"number": 1 to 15, "declared": ["no_hand_trowel", "no_watering_can"]}, '
                          "or null for no scenario")
        return None
    number = None
    raw_n = raw.get("number")
    if raw_n is None or raw_n == "":
        errors.add(join(where, "number"), "is missing: choose a scenario from 1 to 15")
    else:
        number = to_int(Errors(), raw_n, "", minimum=None)
        if number is None or number not in SCENARIOS:
            shown = raw_n if isinstance(raw_n, (int, float)) and not isinstance(raw_n, bool) else repr(raw_n)[:40]
            errors.add(join(where, "number"), f"{shown} is not a scenario: the rulebook has scenarios 1 to 15")
            number = None
    s = _SCENARIOS.get(number) if number is not None else None
    if opts.get("modification") is not None:
        errors.add(where, "a game is played in one achievement mode: a scenario uses the standard rules, so leave "
                          "options.modification empty (or play the modification without a scenario)")
    if opts.get("variant") == "family":
        errors.add(where, "scenarios use the standard rules, not the family variant: set options.variant to standard")
    declared: list[frozenset[str]] = [frozenset()] * n_players
    raw_d = raw.get("declared")
    dwhere = join(where, "declared")
    if raw_d not in (None, ""):
        if not isinstance(raw_d, list):
            errors.add(dwhere, 'must be a list like ["no_hand_trowel"] (every player), or one such list per player')
        elif raw_d and all(isinstance(d, list) for d in raw_d):
            if len(raw_d) != n_players:
                errors.add(dwhere, f"has {len(raw_d)} lists: give one list per player ({n_players}), in player order, "
                                   "or a single list of keys that every player declares")
            else:
                declared = [_declared_list(errors, d, join(dwhere, i), s) for i, d in enumerate(raw_d)]
        else:
            one = _declared_list(errors, raw_d, dwhere, s)
            declared = [one] * n_players
    warnings: list[str] = []
    if s is not None:
        _check_goals(errors, warnings, options.get("goals"), s)
        if any(o["key"] == "lighting_all_match" for o in s["objectives"]):
            _check_lighting_known(errors, players, s["number"])
    if number is None:
        return None
    return ScenarioPlay(number, tuple(declared), tuple(warnings))


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
        errors.add("options.goals", f"scenario {s['number']} plays with three goal cards, one per deck; missing: "
                                    f"{_scenario_goals_text(s, missing)}. Enter them by name")
    for g in s["goals"]:
        if g["deck"] in by_deck and by_deck[g["deck"]][1]["name"] != g["name"]:
            i, used = by_deck[g["deck"]]
            warnings.append(f'options.goals[{i}]: scenario {s["number"]} lists {g["deck"]} goal {g["letter"]}, assumed to be '
                            f'"{g["name"]}"; this game used "{used["name"]}" (goal letters are unconfirmed: '
                            "check the letter on your card)")


def _check_lighting_known(errors: Errors, players: list[PlayerState], number: int) -> None:
    for p in players:
        if any(g in LIGHTING for deck in p.goals for g in deck):
            continue  # parse reports missing lighting for the lighting goals already
        for cell in p.cells:
            if isinstance(cell.card, Plant) and cell.card.light is None:
                errors.add(join(cell.path, "light"), f"is needed for scenario {number} (all lighting conditions must "
                                                     f"match): enter the plant's lighting ({', '.join(cat.LIGHTS)}) or its name")
            if isinstance(cell.card, Room) and cell.card.edges is None:
                errors.add(join(cell.path, "edges"), f"is needed for scenario {number} (all lighting conditions must "
                                                     "match): enter the lighting of each edge (top, right, bottom, left) or the room's name")


# ---------------------------------------------------------------------- the objectives

Check = Callable[[PlayerState, dict[str, int], int, dict[str, Any], frozenset[str]], tuple[bool, str]]


def _n(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _min_score(p, points, total, params, declared):
    need = params["points"]
    if total >= need:
        return True, f"{total} points (minimum {need})"
    return False, f"{total} points: {need - total} short of {need}"


def _complete_all_plants(p, points, total, params, declared):
    plants = p.plants
    open_ = [c for c in plants if not c.card.complete]
    done = len(plants) - len(open_)
    if not open_:
        return True, f"all {done} plants completed"
    return False, f"{done} of {len(plants)} plants completed; incomplete: " + ", ".join(
        f"{c.card.label()} ({c.where()})" for c in open_)


def _complete_each_plant_type(p, points, total, params, declared):
    done = {c.card.type for c in p.plants if c.card.complete}
    missing = [t for t in cat.TYPES if t not in done]
    if not missing:
        return True, "all 5 plant types completed"
    return False, f"{5 - len(missing)} of 5 plant types completed; no completed {', '.join(missing)} plant"


def _unique_items(p, points, total, params, declared):
    kinds = [k for k in cat.ITEM_KINDS if any(c.card.item is not None and c.card.item.kind == k for c in p.rooms)]
    need = params["count"]
    listed = f" ({', '.join(kinds)})" if kinds else ""
    if len(kinds) >= need:
        return True, f"{len(kinds)} unique items in rooms{listed}"
    return False, f"{len(kinds)} of {need} unique items in rooms{listed}: {need - len(kinds)} short"


def lighting_mismatches(p: PlayerState) -> list[str]:
    """Each edge where a plant touches a room whose edge shows none of the plant's lightings."""
    opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
    out = []
    for cell in sorted(p.plants, key=lambda c: (c.row, c.col)):
        for side, other in p.neighbours(cell):
            if other.is_plant or other.card.edges is None or cell.card.light is None:
                continue
            edge = other.card.edges[opposite[side]]
            if edge not in cell.card.light:
                out.append(f"{cell.card.label()} ({cell.where()}, {'/'.join(cell.card.light)}) meets {edge} "
                           f"on the {other.card.label()} ({other.where()})")
    return out


def _lighting_all_match(p, points, total, params, declared):
    bad = lighting_mismatches(p)
    if not bad:
        return True, "every edge where a plant touches a room matches the plant's lighting"
    return False, f"{_n(len(bad), 'edge')} {'does' if len(bad) == 1 else 'do'} not match: " + "; ".join(bad)


def _items_match_rooms(p, points, total, params, declared):
    placed = [c for c in sorted(p.rooms, key=lambda c: (c.row, c.col)) if c.card.item is not None]
    wrong = [c for c in placed if c.card.item.color != c.card.type]
    if not placed:
        return True, "no items placed, so none mismatches"
    if not wrong:
        return True, f"all {_n(len(placed), 'placed item')} match their room"
    return False, f"{len(placed) - len(wrong)} of {_n(len(placed), 'placed item')} match their room; " + ", ".join(
        f"the {c.card.item.label().lower()} in the {c.card.label()} ({c.where()}) does not" for c in wrong)


def _same_type_per_column(p, points, total, params, declared):
    cols = sorted({c.col for c in p.cells})
    mixed = []
    for col in cols:
        types = [c.card.type for c in sorted(p.cells, key=lambda c: c.row) if c.col == col]
        if len(set(types)) > 1:
            mixed.append(f"column {col + 1} has {', '.join(types)}")
    if not mixed:
        return True, f"each of the {len(cols)} columns is one type"
    return False, f"{len(cols) - len(mixed)} of {len(cols)} columns are one type; " + "; ".join(mixed)


def _points_from(p, points, total, params, declared):
    got, need, what = points[params["category"]], params["points"], CATEGORY_WORDS[params["category"]]
    if got >= need:
        return True, f"{got} points from {what} ({need}+ needed)"
    return False, f"{got} points from {what}: {need - got} short of {need}"


def _only_three_plant_types(p, points, total, params, declared):
    types = [t for t in cat.TYPES if any(c.card.type == t for c in p.plants)]
    most = params["max"]
    if len(types) <= most:
        return True, f"{_n(len(types), 'plant type')} ({', '.join(types)})"
    return False, f"{len(types)} plant types ({', '.join(types)}): {len(types) - most} more than {most}"


def _plants_of_one_type(p, points, total, params, declared):
    counts = Counter(c.card.type for c in p.plants)
    need = params["count"]
    best, n = max(counts.items(), key=lambda kv: kv[1], default=("", 0))
    if n >= need:
        return True, f"{n} {best} plants"
    return False, f"{n} of {need} plants of one type (most: {best or 'none'})"


def _no_pets(p, points, total, params, declared):
    pets = [f"the {c.card.item.label().lower()} in the {c.card.label()} ({c.where()})" for c in sorted(p.rooms, key=lambda c: (c.row, c.col))
            if c.card.item is not None and c.card.item.kind in cat.PETS]
    if not isinstance(p.storage, str) and p.storage is not None and p.storage.kind in cat.PETS:
        pets.append(f"the stored {p.storage.label().lower()}")
    if not pets:
        return True, "no pets in rooms or storage"
    return False, f"{_n(len(pets), 'pet')}: " + ", ".join(pets)


def _green_thumbs_at_end(p, points, total, params, declared):
    need = params["count"]
    if p.green_thumbs >= need:
        return True, f"{_n(p.green_thumbs, 'Green Thumb token')} ({need}+ needed)"
    return False, f"{p.green_thumbs} of {need} Green Thumb tokens: {need - p.green_thumbs} short"


def _collector_and_decorator(p, points, total, params, declared):
    if points["collector"] > 0 and points["decorator"] > 0:
        return True, "Collector and Decorator both scored"
    parts = []
    for what, cells in (("plant", p.plants), ("room", p.rooms)):
        missing = [t for t in cat.TYPES if t not in {c.card.type for c in cells}]
        bonus = "Collector" if what == "plant" else "Decorator"
        parts.append(f"{bonus} scored" if not missing else f"{bonus} missing {', '.join(missing)} {what}s")
    return False, "; ".join(parts)


def _all_rooms_have_item(p, points, total, params, declared):
    rooms = sorted(p.rooms, key=lambda c: (c.row, c.col))
    empty = [c for c in rooms if c.card.item is None]
    if not empty:
        return True, f"all {len(rooms)} rooms hold an item"
    return False, f"{len(rooms) - len(empty)} of {len(rooms)} rooms hold an item; empty: " + ", ".join(
        f"{c.card.label()} ({c.where()})" for c in empty)


def _declared(key: str) -> Check:
    def check(p, points, total, params, declared):
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


# ------------------------------------------------------------------------- near misses


def _shape_id(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"standard-{value}"
    return value if isinstance(value, str) else None


def _result_dict(result_player: Any) -> dict[str, Any]:
    if hasattr(result_player, "to_dict"):
        result_player = result_player.to_dict()
    return result_player if isinstance(result_player, dict) else {}


def _parsed_player(table_player: Any, options: Any) -> PlayerState | None:
    from .parse import parse_options, parse_player  # parse imports this module

    if not isinstance(table_player, dict):
        return None
    errors = Errors()
    opts = parse_options(errors, {"options": options if isinstance(options, dict) else {}}, 2)
    state = parse_player(errors, table_player, 0, opts, ())
    return None if errors else state


# ladders: a shape is offered only when every lower rung is met or filled
_LADDERS = ((1, 2, 3, 4), (9, 10), (11, 12), (14, 15), (16, 17), (20, 21))
_THRESHOLDS = {1: 70, 2: 80, 3: 90, 4: 100, 9: 30, 10: 40, 11: 20, 12: 25, 14: 9, 15: 12, 16: 10, 17: 15, 20: 10, 21: 15}
_CATEGORY_OF = {9: "plants", 10: "plants", 11: "rooms", 12: "rooms", 14: "pots", 15: "pots", 16: "goals", 17: "goals"}


def _progress(n: int, result: dict[str, Any], p: PlayerState | None, goals_in_play: bool,
              best_other: int | None) -> tuple[int, int, str] | None:
    """(have, need, text) for standard achievement ``n``; None when it cannot be measured here."""
    cats = {c.get("key"): c.get("points") for c in result.get("categories", []) if isinstance(c, dict)}
    total = result.get("total")
    need = _THRESHOLDS.get(n)
    if n <= 4 and isinstance(total, int):
        return total, need, f"{total} points: {need - total} short of {need}+"
    if n in _CATEGORY_OF:
        key = _CATEGORY_OF[n]
        got = cats.get(key)
        if not isinstance(got, int) or (key == "goals" and not goals_in_play):
            return None
        what = {"plants": "completed plants", "rooms": "rooms", "pots": "Bonus Pots", "goals": "Goal Cards"}[key]
        return got, need, f"{got} points from {what}: {need - got} short of {need}+"
    if n in (20, 21):
        if not isinstance(total, int) or best_other is None or total <= best_other:
            return None
        lead = total - best_other
        return lead, need, f"won by {lead}: {need - lead} short of winning by {need}+"
    if p is None:
        return None
    items = [c.card.item for c in p.rooms if c.card.item is not None]
    kinds = {i.kind for i in items}
    if n in (5, 6):
        counts = Counter(c.card.type for c in (p.plants if n == 5 else p.rooms))
        best, have = max(counts.items(), key=lambda kv: kv[1], default=("", 0))
        return have, 5, f"{have} of 5 {best} {'plants' if n == 5 else 'rooms'}"
    if n == 7:
        have = sum(1 for c in p.plants if c.card.complete)
        return have, 8, f"{have} of 8 plants completed"
    if n == 8:
        return len(kinds), 8, f"{len(kinds)} of 8 unique items"
    if n == 13:
        if not items:
            return None
        have = sum(1 for c in p.rooms if c.card.item is not None and c.card.item.color == c.card.type)
        return have, len(items), f"{have} of {len(items)} placed items match their room"
    if n == 18:
        have = sum(c.card.verdancy for c in p.plants if not c.card.complete)
        return have, 10, f"{have} of 10 extra Verdancy tokens"
    if n == 19:
        missing = [f"{t} plant" for t in cat.TYPES if t not in {c.card.type for c in p.plants}] + \
                  [f"{t} room" for t in cat.TYPES if t not in {c.card.type for c in p.rooms}]
        return 10 - len(missing), 10, f"{10 - len(missing)} of 10 types for Collector and Decorator (missing {', '.join(missing)})"
    if n == 22:
        have = len(kinds & set(cat.PETS))
        return have, 4, f"{have} of 4 pets"
    if n == 23:
        have = len(kinds & set(cat.FURNITURE))
        return have, 5, f"{have} of 5 pieces of furniture"
    if n == 24:
        from .rules import room_score
        best = max((room_score(p, c)[0] for c in p.rooms), default=0)
        return best, 8, f"best room scores {best}: {8 - best} short of 8"
    if n == 25:
        return p.green_thumbs, 5, f"{p.green_thumbs} of 5 Green Thumb tokens"
    return None


def near_misses(result_player: Any, table_player: Any, options: Any, filled: set, *, limit: int = 3,
                best_other: int | None = None) -> list[dict[str, str]]:
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
    p = _parsed_player(table_player, options)
    goals_in_play = bool(options.get("goals")) if isinstance(options, dict) else False
    found = []
    skip: set[int] = set()
    for n in STANDARD:
        if n in skip:
            continue
        prog = _progress(n, result, p, goals_in_play, best_other)
        if prog is None:
            continue
        have, need, text = prog
        met = have >= need
        if met or f"standard-{n}" in done:
            continue
        ladder = next((lad for lad in _LADDERS if n in lad), ())
        skip.update(m for m in ladder if m > n)  # higher rungs of an unmet ladder are further away
        if need > 0 and have * 2 >= need:
            found.append((have / need, -(need - have), n, text))
    found.sort(key=lambda f: (-f[0], -f[1], f[2]))
    return [{"shape": f"standard-{n}", "text": text} for _, _, n, text in found[:limit]]
