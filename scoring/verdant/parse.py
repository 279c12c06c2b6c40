"""Turn a Verdant table (JSON-like dicts) into a :class:`~scoring.verdant.model.GameState`.

Every problem is collected with the path of the cell it concerns and raised together as one
:class:`~scoring.core.ValidationError`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypedDict

from ..core import Errors, get_bool, get_choice, join, normalize_name, options_of, seating, to_int
from . import catalog as cat
from . import schema
from .campaign import parse_scenario
from .model import Cell, GameState, Item, Plant, PlayerState, Room, plural
from .schema import MAX_PLAYERS, POSITION_LIMIT, VARIANTS

LIGHTING_GOALS = ("Perfect Conditions", "Against All Odds", "Perfect Ambiance")
GRID_ROWS, GRID_COLS, HOME_SIZE = schema.HOME_ROWS, schema.HOME_COLS, 15
Goal = dict[str, Any]


class Opts(TypedDict):
    """The options as the parser read them (what the rest of the table is checked against)."""

    variant: str
    modification: int | None
    player_count: int
    partial: bool
    one_card_rows: bool


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def _norm_word(value: Any, choices: tuple[str, ...]) -> str | None:
    """Match a word against choices ignoring case, spaces and punctuation ("Terra Cotta" = terracotta)."""
    if not isinstance(value, str):
        return None
    if len(value) <= 64:
        return _norm_word_short(value, choices)
    return _folded_choices(choices).get(normalize_name(value))


@lru_cache(maxsize=8192)
def _norm_word_short(value: str, choices: tuple[str, ...]) -> str | None:
    """_norm_word, remembered: the same few words ("wood", "vining", "plant") come in every cell."""
    return _folded_choices(choices).get(normalize_name(value))


@lru_cache(maxsize=256)
def _folded_choices(choices: tuple[str, ...]) -> dict[str, str]:
    """{normalized choice: choice}, the first choice winning as a scan in order would find it."""
    out: dict[str, str] = {}
    for choice in choices:
        out.setdefault(normalize_name(choice), choice)
    return out


def _choices(words: tuple[str, ...]) -> str:
    return ", ".join(words)


def _suggest(name: str, names: list[str]) -> str:
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


# ------------------------------------------------------------------------------ options


def parse_options(errors: Errors, table: Any, player_count: int, partial: bool = False) -> Opts:
    """The options of ``table``; ``player_count`` (and whether only some boards are sent) come
    from :func:`scoring.core.seating`."""
    options = options_of(table)
    variant = get_choice(errors, options, "variant", "options", VARIANTS, default="standard") or "standard"
    modification = None
    raw_mod = options.get("modification")
    if raw_mod is not None and raw_mod != "":
        modification = to_int(errors, raw_mod, "options.modification",
                              minimum=schema.MODIFICATION.minimum, maximum=schema.MODIFICATION.maximum)
    one_card_rows = get_bool(errors, options, "one_card_rows", "options", default=False)
    campaign = options.get("campaign")
    if campaign not in (None, "") and campaign not in schema.CAMPAIGN_MODES:
        errors.add(
            "options.campaign",
            f"{_show(campaign)} is not an achievement mode here: standard or none "
            "(a scenario goes in options.scenario, a modification in options.modification)",
        )
    return Opts(
        variant=variant,
        modification=modification,
        player_count=min(max(player_count, 1), MAX_PLAYERS),
        partial=partial,
        one_card_rows=one_card_rows,
    )


def _goal_list(errors: Errors, value: Any, where: str, solo: bool) -> list[tuple[str, Goal]]:
    """Read a list of goal names: each in the catalog, one per deck.  Returns (path, goal) pairs."""
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        errors.add(
            where,
            'must be a list of goal card names, one per deck, e.g. ["Apartment Living", "Pot Pairs", "Triple '
            'Treatment"]',
        )
        return []
    out: list[tuple[str, Goal]] = []
    per_deck: dict[str, str] = {}
    names = [g["name"] for g in cat.GOALS]
    for i, name in enumerate(value):
        path = join(where, i)
        if not isinstance(name, str) or not name.strip():
            errors.add(path, 'must be the name of a goal card, e.g. "Pot Pairs"')
            continue
        goal = cat.goal_by_name(name)
        if goal is None:
            errors.add(
                path,
                f'"{name[:60]}" is not a Verdant goal card{_suggest(name, names)}: the decks hold '
                + "; ".join(
                    f"{d} goals: " + ", ".join(g["name"] for g in cat.GOALS if g["deck"] == d)
                    for d in cat.DECKS
                ),
            )
            continue
        if goal["deck"] in per_deck:
            errors.add(
                path,
                f'"{goal["name"]}" is a second {goal["deck"]} goal (with "{per_deck[goal["deck"]]}"): '
                "a goal set holds one card from each deck (plant, item, room)",
            )
            continue
        if solo and goal["most"]:
            others = ", ".join(g["name"] for g in cat.GOALS if g["deck"] == goal["deck"] and not g["most"])
            errors.add(
                path,
                f'"{goal["name"]}" compares players, so it is removed in solo: choose another {goal["deck"]} '
                f'goal ({others})',
            )
            continue
        per_deck[goal["deck"]] = goal["name"]
        out.append((path, goal))
    return out


def parse_goals(
    errors: Errors, table: Any, n_players: int, modification: int | None, solo: bool
) -> tuple[list[tuple[tuple[str, ...], ...]], dict[int, list[str]]]:
    """Each player's goal candidates per deck (plant, item, room order); also the paths by goal per player.

    Returns (per player: tuple over decks of candidate names, per player: list of goal names used)."""
    options = options_of(table)
    goals = _goal_list(errors, options.get("goals"), "options.goals", solo)
    sets = _goal_sets(errors, options.get("goal_sets"), modification)
    if modification == 5:
        return _goals_per_player(errors, goals, sets, n_players, solo)
    if modification == 4:
        return _two_goal_sets(errors, goals, sets, n_players, solo)
    return [_by_deck([goals]) for _ in range(n_players)], {}


def _goal_sets(errors: Errors, raw_sets: Any, modification: int | None) -> dict[str, Any]:
    """``options.goal_sets`` when the modification uses it (else empty, recorded if sent)."""
    sets: dict[str, Any] = {}
    if raw_sets not in (None, "", {}):
        if not isinstance(raw_sets, dict):
            errors.add(
                "options.goal_sets",
                'must be an object: {"second": [...]} for modification 4, {"players": [[...], ...]} for '
                'modification 5',
            )
        elif modification not in (4, 5):
            errors.add(
                "options.goal_sets",
                "is only used with modification 4 (two goal sets) or 5 (a goal set per player): "
                "set options.modification or leave goal_sets out",
            )
        else:
            sets = raw_sets
    return sets


def _by_deck(chosen: list[list[tuple[str, Goal]]]) -> tuple[tuple[str, ...], ...]:
    """The names of the goal cards chosen, grouped by deck (plant, item, room order)."""
    decks = []
    for deck in cat.DECKS:
        names = tuple(g["name"] for group in chosen for _, g in group if g["deck"] == deck)
        if names:
            decks.append(names)
    return tuple(decks)


def _goals_per_player(
    errors: Errors, goals: list[tuple[str, Goal]], sets: dict[str, Any], n_players: int, solo: bool
) -> tuple[list[tuple[tuple[str, ...], ...]], dict[int, list[str]]]:
    """Modification 5: each player's own goal set, from ``options.goal_sets.players``."""
    if goals:
        errors.add(
            "options.goals",
            "under modification 5 each player has their own goal set: "
            "put them in options.goal_sets.players (one list per player) and leave options.goals empty",
        )
    raw = sets.get("players") if sets else None
    if sets and set(sets) - {"players"}:
        errors.add(
            "options.goal_sets",
            'under modification 5 holds only "players": a list of goal sets, one per player',
        )
    if raw is None:
        return [() for _ in range(n_players)], {}
    if not isinstance(raw, list) or len(raw) != n_players:
        errors.add(
            "options.goal_sets.players",
            f"must be a list of {plural(n_players, 'goal set')} (one per player, in player order), "
            'each like ["Going Big", "Thumbs Up", "Matchy Matchy"]',
        )
        return [() for _ in range(n_players)], {}
    out: list[tuple[tuple[str, ...], ...]] = []
    seen: dict[str, int] = {}
    for i, one in enumerate(raw):
        chosen = _goal_list(errors, one, f"options.goal_sets.players[{i}]", solo)
        for path, g in chosen:
            if g["name"] in seen:
                errors.add(
                    path,
                    f'"{g["name"]}" was already dealt to player {seen[g["name"]] + 1}: each goal card '
                    'exists once',
                )
            seen.setdefault(g["name"], i)
        out.append(_by_deck([chosen]))
    return out, {}


def _two_goal_sets(
    errors: Errors, goals: list[tuple[str, Goal]], sets: dict[str, Any], n_players: int, solo: bool
) -> tuple[list[tuple[tuple[str, ...], ...]], dict[int, list[str]]]:
    """Modification 4: ``options.goals`` and a second set, ``options.goal_sets.second``."""
    if sets and set(sets) - {"second"}:
        errors.add("options.goal_sets", 'under modification 4 holds only "second": the second goal set')
    second = _goal_list(errors, sets.get("second") if sets else None, "options.goal_sets.second", solo)
    first_names = {g["name"] for _, g in goals}
    for path, g in second:
        if g["name"] in first_names:
            errors.add(
                path, f'"{g["name"]}" is already in options.goals: the two sets hold different cards'
            )
    if {g["deck"] for _, g in goals} != {g["deck"] for _, g in second}:
        errors.add(
            "options.goal_sets.second",
            "must hold a second card for each deck that options.goals has ("
            + (", ".join(d for d in cat.DECKS if d in {g["deck"] for _, g in goals}) or "none")
            + ")",
        )
    return [_by_deck([goals, second]) for _ in range(n_players)], {}


# ------------------------------------------------------------------------------- cards


def lighting_in_play(options: Any, n_players: int = 1) -> bool:
    """A lighting goal is among the goal cards of any player: the lighting of plants and of room
    edges then scores (elsewhere it may be left out).

    >>> (lighting_in_play({"goals": ["perfect conditions"]}), lighting_in_play({"goals": ["Going Big"]}),
    ...     lighting_in_play(None))
    (True, False, False)
    """
    opts = options if isinstance(options, dict) else {}
    mod = opts.get("modification")
    modification = mod if isinstance(mod, int) and not isinstance(mod, bool) else None
    sets, _ = parse_goals(Errors(), {"options": opts}, max(n_players, 1), modification, False)
    return any(name in LIGHTING_GOALS for player in sets for deck in player for name in deck)


def _item(errors: Errors, value: Any, where: str) -> Item | None:
    if not isinstance(value, dict):
        errors.add(
            where, 'must be a furniture or pet token: {"kind": "lamp", "color": "vining"}, or null for none'
        )
        return None
    kind = _norm_word(value.get("kind"), cat.ITEM_KINDS)
    color = _norm_word(value.get("color"), cat.TYPES)
    if kind is None:
        errors.add(
            join(where, "kind"),
            f"{_show(value.get('kind'))} is not an item: choose one of {_choices(cat.ITEM_KINDS)}",
        )
    if color is None:
        errors.add(
            join(where, "color"),
            f"{_show(value.get('color'))} is not a colour: choose one of {_choices(cat.TYPES)}",
        )
    return Item(kind, color) if kind and color else None


def _light(errors: Errors, value: Any, where: str) -> tuple[str, ...] | None:
    words = [_norm_word(v, cat.LIGHTS) for v in value] if isinstance(value, list) else None
    if not words or len(words) > 3 or None in words or len(set(words)) != len(words):
        errors.add(
            where,
            f'must list 1 to 3 different lighting conditions from {_choices(cat.LIGHTS)}, e.g. ["sun", '
            '"semi"]',
        )
        return None
    return tuple(w for w in cat.LIGHTS if w in words)


_PLANT_ONLY = {
    "pot": "a room card holds no pot: pots go on completed plant cards (remove it, or make this cell a "
           "plant)",
    "verdancy": "a room card holds no verdancy: verdancy goes on incomplete plant cards (remove it, or make "
                "this cell a plant)",
    "points": "a room card has no points: points are printed on plant cards (remove them, or make this cell "
              "a plant)",
    "needs": "a room card needs no verdancy: needs are printed on plant cards (remove it, or make this cell "
             "a plant)",
    "light": "a room card shows its lighting on its edges: give edges instead (or make this cell a plant)",
}
_ROOM_ONLY = {
    "item": "a plant card holds no item token: furniture and pets go on room cards (remove it, or make this "
            "cell a room)",
    "edges": "a plant card has no edges: edge lighting is printed on room cards; give the plant's light "
             "instead",
}


def _foreign(errors: Errors, data: dict[str, Any], where: str, keys: dict[str, str]) -> None:
    """A token or value the other kind of card carries (an item on a plant, a pot on a room):
    refused at its own path, naming the cell (the box gives no way to put it there)."""
    for key, message in keys.items():
        if data.get(key) not in (None, "", [], {}):
            errors.add(join(where, key), message)


def _read_number(
    errors: Errors, data: dict[str, Any], key: str, where: str, bound: Any, missing: str
) -> int | None:
    if data.get(key) in (None, ""):
        errors.add(join(where, key), missing)
        return None
    return to_int(errors, data.get(key), join(where, key), minimum=bound.minimum, maximum=bound.maximum)


def parse_plant(errors: Errors, data: dict[str, Any], where: str, family: bool) -> Plant | None:
    plain = _plain_plant(data, family)
    if plain is not None:
        return plain
    before = len(errors.items)
    if not data.keys().isdisjoint(_ROOM_ONLY):
        _foreign(errors, data, where, _ROOM_ONLY)
    name = data.get("name")
    entry = _plant_card(errors, name, where)
    ptype: str | None
    points: int | None
    needs: int | None
    light: tuple[str, ...] | None
    if entry is not None:
        ptype, points, needs, light = _plant_of_card(errors, data, where, entry)
    elif name in (None, ""):
        ptype, points, needs, light = _plant_of_fields(errors, data, where, before)
    else:
        return None
    pot, verdancy = _pot_and_verdancy(errors, data, where, entry, family, needs)
    if len(errors.items) > before or ptype is None or points is None or needs is None:
        return None
    return Plant(entry["name"] if entry else None, ptype, needs, points, light, pot, verdancy)


#: what a plant card prints that a board may also give (each must then agree with the card)
_PRINTED = ("type", "points", "needs", "light")
#: id of a catalog plant card (the catalog lives as long as the module) -> (type, points, needs,
#: light): what _plant_of_card reads from the card
_CARD_FACTS = {id(p): (p["type"], p["points"], p["needs"], tuple(p["light"])) for p in cat.PLANTS}


_PLAIN_PLANT_KEYS = frozenset(("kind", "name", "pot", "verdancy"))
_MOST_VERDANCY = schema.VERDANCY.maximum if schema.VERDANCY.maximum is not None else 0
# the pots _norm_word gives back as they are (every kind, spelled as printed)
_POT_WORDS = frozenset(k for k in cat.POT_KINDS if _norm_word(k, cat.POT_KINDS) == k)


def _plain_plant(data: dict[str, Any], family: bool) -> Plant | None:
    """The usual plant cell: a plant card by its printed name, with a pot spelled as printed or a
    whole number of verdancy the plant can hold, and nothing else.  The Plant parse_plant's steps
    make of it (none of them finds a problem there); None for any other cell."""
    if not data.keys() <= _PLAIN_PLANT_KEYS:
        return None
    name = data.get("name")
    entry = cat.plant_by_printed_name(name) if type(name) is str else None
    if entry is None:
        return None
    ptype, points, needs, light = _CARD_FACTS[id(entry)]
    raw_pot, verdancy = data.get("pot"), data.get("verdancy")
    if verdancy is None or verdancy == "":
        verdancy = 0
    elif type(verdancy) is not int or not 0 <= verdancy <= _MOST_VERDANCY:  # what to_int reads as itself
        return None
    if raw_pot is None or raw_pot == "":  # incomplete: the verdancy it holds is below its needs
        if verdancy >= needs or (family and verdancy > 0):
            return None
        return Plant(entry["name"], ptype, needs, points, light, None, verdancy)
    if type(raw_pot) is not str or raw_pot not in _POT_WORDS or verdancy > 0:
        return None
    return Plant(entry["name"], ptype, needs, points, light, raw_pot, 0)


def _plant_card(errors: Errors, name: Any, where: str) -> dict[str, Any] | None:
    """The plant card named ``name`` (None when no name is given or it names none, recorded)."""
    entry = None
    if name not in (None, ""):
        if not isinstance(name, str):
            errors.add(join(where, "name"), 'must be a plant card\'s name, e.g. "Jasmine"')
        else:
            entry = cat.plant_by_name(name)
            if entry is None:
                errors.add(
                    join(where, "name"),
                    f'"{name[:60]}" is not a Verdant plant '
                    f'card{_suggest(name, [p["name"] for p in cat.PLANTS])}: '
                    "check the spelling, or enter the card's type, points and needs instead",
                )
    return entry


def _plant_of_card(
    errors: Errors, data: dict[str, Any], where: str, entry: dict[str, Any]
) -> tuple[str | None, int | None, int | None, tuple[str, ...] | None]:
    """The card's type, points, needs and light; what the board also gives must agree with it."""
    if data.keys().isdisjoint(_PRINTED):  # the usual board: the card's name only
        facts = _CARD_FACTS.get(id(entry))
        if facts is not None:
            return facts
    ptype, points, needs, light = entry["type"], entry["points"], entry["needs"], tuple(entry["light"])
    for key, expected in (("type", ptype), ("points", points), ("needs", needs)):
        given = data.get(key)
        if given is None or given == "":
            continue
        same = (
            _norm_word(given, (str(expected),))
            if key == "type"
            else (to_int(Errors(), given, "", minimum=None) == expected)
        )
        if not same:
            errors.add(
                join(where, key),
                f'{_show(given)} disagrees with the card: "{entry["name"]}" has {key} {expected} (leave '
                f'{key} out or enter {expected})',
            )
    if data.get("light") not in (None, "", []):
        given_light = _light(Errors(), data.get("light"), "")
        if given_light != light:
            errors.add(
                join(where, "light"),
                f'disagrees with the card: "{entry["name"]}" prefers {", ".join(light)}',
            )
    return ptype, points, needs, light


def _plant_of_fields(
    errors: Errors, data: dict[str, Any], where: str, before: int
) -> tuple[str | None, int | None, int | None, tuple[str, ...] | None]:
    """A plant given without its name: its type, points, needs and light (matching a card)."""
    ptype = _norm_word(data.get("type"), cat.TYPES)
    if ptype is None:
        errors.add(
            join(where, "type"),
            (
                "is missing"
                if data.get("type") in (None, "")
                else f"{_show(data.get('type'))} is not a plant type"
            )
            + f": give the plant's name, or its type ({_choices(cat.TYPES)}) with points and needs",
        )
    points = _read_number(
        errors,
        data,
        "points",
        where,
        schema.POINTS,
        "is missing: enter the points printed on the card (0 to 20)",
    )
    needs = _read_number(
        errors,
        data,
        "needs",
        where,
        schema.NEEDS,
        "is missing: enter the verdancy the card needs to complete (1 to 12)",
    )
    light = (
        None
        if data.get("light") in (None, "", [])
        else _light(errors, data.get("light"), join(where, "light"))
    )
    if (
        ptype is not None
        and points is not None
        and needs is not None
        and len(errors.items) == before
        and not cat.plants_like(ptype, points, needs, light)
    ):
        shown = f" and prefers {'/'.join(light)}" if light else ""
        close = [
            p for p in cat.PLANTS if p["type"] == ptype and (p["points"] == points or p["needs"] == needs)
        ]
        hint = (
            "; the closest are "
            + ", ".join(f"{p['name']} ({p['points']} points, needs {p['needs']})" for p in close[:4])
            if close
            else ""
        )
        errors.add(
            where,
            f"matches no Verdant plant card: no {ptype} plant scores {points}, needs "
            f"{needs}{shown}{hint}. "
            "Check the card, or give its name",
        )
    return ptype, points, needs, light


def _pot_and_verdancy(
    errors: Errors,
    data: dict[str, Any],
    where: str,
    entry: dict[str, Any] | None,
    family: bool,
    needs: int | None,
) -> tuple[str | None, int]:
    """The plant's pot (completed) or its verdancy (incomplete), never both."""
    pot = None
    raw_pot = data.get("pot")
    potted = raw_pot not in (None, "")
    if potted:
        pot = _norm_word(raw_pot, cat.POT_KINDS)
        if pot is None:
            errors.add(
                join(where, "pot"),
                f"{_show(raw_pot)} is not a pot: choose one of {_choices(cat.POT_KINDS)}, or none for an "
                "incomplete plant",
            )
    verdancy = 0
    raw_verdancy = data.get("verdancy")
    if raw_verdancy not in (None, ""):
        read = to_int(
            errors,
            raw_verdancy,
            join(where, "verdancy"),
            minimum=schema.VERDANCY.minimum,
            maximum=schema.VERDANCY.maximum,
        )
        verdancy = 0 if read is None else read
    if verdancy > 0 or not potted:
        label = f'"{entry["name"]}"' if entry else "This plant"
        if potted and verdancy > 0:
            errors.add(
                join(where, "verdancy"),
                f"{label} has both a pot and {verdancy} verdancy: a completed (potted) plant holds no "
                "verdancy; "
                "remove the pot or the verdancy",
            )
        elif family and verdancy > 0:
            errors.add(
                join(where, "verdancy"),
                "the family variant uses no verdancy: enter 0 (a plant is completed by potting it)",
            )
        elif pot is None and not potted and needs is not None and verdancy >= needs:
            errors.add(
                join(where, "verdancy"),
                f"{label} needs {needs} verdancy to complete: an incomplete plant holds 0 to {needs - 1} "
                "(a completed plant has a pot instead)",
            )
    return pot, verdancy


def parse_room(errors: Errors, data: dict[str, Any], where: str) -> Room | None:
    plain = _plain_room(data)
    if plain is not None:
        return plain
    before = len(errors.items)
    if not data.keys().isdisjoint(_PLANT_ONLY):
        _foreign(errors, data, where, _PLANT_ONLY)
    name = data.get("name")
    entry = _room_card(errors, name, where)
    rtype = _room_type(errors, data, where, entry, name)
    edges = _room_edges(errors, data.get("edges"), where)
    entry = _room_face(errors, where, entry, rtype, edges)
    item = None
    if data.get("item") not in (None, ""):
        item = _item(errors, data.get("item"), join(where, "item"))
    if len(errors.items) > before or rtype is None:
        return None
    if entry is not None:
        edges = dict(entry["edges"])
    return Room(entry["name"] if entry else None, rtype, edges, item, entry["id"] if entry else None)


_PLAIN_ROOM_KEYS = frozenset(("kind", "name", "item"))
_ITEM_KEYS = frozenset(("kind", "color"))
# the words _norm_word gives back as they are (every item kind and type, spelled as printed)
_ITEM_KIND_WORDS = frozenset(k for k in cat.ITEM_KINDS if _norm_word(k, cat.ITEM_KINDS) == k)
_TYPE_WORDS = frozenset(t for t in cat.TYPES if _norm_word(t, cat.TYPES) == t)


def _plain_room(data: dict[str, Any]) -> Room | None:
    """The usual room cell: a room card by its printed name, with no token or a token spelled as
    printed (``{"kind": "lamp", "color": "vining"}``) and nothing else.  The Room parse_room's
    steps make of it (none of them finds a problem there); None for any other cell."""
    if not data.keys() <= _PLAIN_ROOM_KEYS:
        return None
    name = data.get("name")
    entry = cat.room_by_printed_name(name) if type(name) is str else None
    if entry is None:
        return None
    raw = data.get("item")
    item = None
    if raw is not None and raw != "":
        if type(raw) is not dict or not raw.keys() <= _ITEM_KEYS:
            return None
        kind, color = raw.get("kind"), raw.get("color")
        if type(kind) is not str or type(color) is not str:
            return None
        if kind not in _ITEM_KIND_WORDS or color not in _TYPE_WORDS:
            return None
        item = Item(kind, color)
    return Room(entry["name"], entry["type"], dict(entry["edges"]), item, entry["id"])


def _room_card(errors: Errors, name: Any, where: str) -> dict[str, Any] | None:
    """The room card named ``name`` (None when no name is given or it names none, recorded)."""
    entry = None
    if name not in (None, ""):
        entry = cat.room_by_name(name) if isinstance(name, str) else None
        if entry is None:
            errors.add(
                join(where, "name"),
                f'{_show(name)} is not a Verdant room card: room names are like "Vining room 3" '
                "(or give the room's type and edges)",
            )
    return entry


def _room_type(
    errors: Errors, data: dict[str, Any], where: str, entry: dict[str, Any] | None, name: Any
) -> str | None:
    """The room's type: its card's (a type given too must agree), else the type given."""
    rtype = None
    if entry is not None:
        rtype = entry["type"]
        if data.get("type") not in (None, "") and _norm_word(data.get("type"), (rtype,)) is None:
            errors.add(
                join(where, "type"),
                f'{_show(data.get("type"))} disagrees with the card: "{entry["name"]}" is {rtype}',
            )
    elif name in (None, ""):
        rtype = _norm_word(data.get("type"), cat.TYPES)
        if rtype is None:
            errors.add(
                join(where, "type"),
                (
                    "is missing"
                    if data.get("type") in (None, "")
                    else f"{_show(data.get('type'))} is not a room type"
                )
                + f": choose one of {_choices(cat.TYPES)}",
            )
    return rtype


def _room_edges(errors: Errors, raw_edges: Any, where: str) -> dict[str, str] | None:
    """The lighting of each edge as given (None unless all four read)."""
    edges: dict[str, str] | None = None
    if raw_edges not in (None, "", {}):
        if not isinstance(raw_edges, dict):
            errors.add(
                join(where, "edges"),
                'must give the lighting of each edge: {"top": "sun", "right": "semi", "bottom": "shade", '
                '"left": "sun"}',
            )
        else:
            read: dict[str, str] = {}
            for side in cat.EDGES:
                word = _norm_word(raw_edges.get(side), cat.LIGHTS)
                if word is None:
                    errors.add(
                        join(join(where, "edges"), side),
                        f"{_show(raw_edges.get(side))} is not a lighting: choose one of "
                        f"{_choices(cat.LIGHTS)}",
                    )
                else:
                    read[side] = word
            edges = read if len(read) == len(cat.EDGES) else None
    return edges


def _room_face(
    errors: Errors, where: str, entry: dict[str, Any] | None, rtype: str | None, edges: dict[str, str] | None
) -> dict[str, Any] | None:
    """The room card: the one named (its edges must agree with those given), else the one of
    ``rtype`` with these edges."""
    if entry is not None and edges is not None and edges != entry["edges"]:
        errors.add(
            join(where, "edges"),
            f'disagrees with the card: "{entry["name"]}" has '
            + ", ".join(f"{s} {entry['edges'][s]}" for s in cat.EDGES),
        )
    elif entry is None and rtype is not None and edges is not None:
        entry = cat.room_by_face(rtype, edges)
        if entry is None:
            errors.add(
                join(where, "edges"),
                f"no {rtype} room card has these edges ("
                + ", ".join(f"{s} {edges[s]}" for s in cat.EDGES)
                + "): check the card, reading it upright",
            )
    return entry


_CELL_KINDS = ("plant", "room")


def parse_cell(errors: Errors, data: Any, where: str, family: bool) -> Plant | Room | None:
    if data is None or data == {}:
        errors.add(where, "is empty: every cell of the finished home holds a plant or a room card")
        return None
    kind = None
    if isinstance(data, dict):
        kind = data.get("kind")
        if kind != "plant" and kind != "room":  # the words themselves: _norm_word gives them back
            kind = _norm_word(kind, _CELL_KINDS)
    if kind is None:
        errors.add(
            where,
            'must be a plant or a room card: {"kind": "plant", "name": ..., "pot": ...} or {"kind": "room", '
            '"type": ..., "item": ...}',
        )
        return None
    return parse_plant(errors, data, where, family) if kind == "plant" else parse_room(errors, data, where)


# ------------------------------------------------------------------------------- homes


def _read_home(
    errors: Errors, player: dict[str, Any], where: str, modification: int | None
) -> list[tuple[int, int, Any, str]] | None:
    """The raw cards of a home as (row, col, cell data, path); None if the shape is unusable."""
    free_shape = modification == 6
    if "cards" in player and player.get("cards") is not None:
        path = join(where, "cards")
        if not free_shape:
            errors.add(
                path, "is only used under modification 6 (no 5x3 grid): enter the home as 3 rows of 5 cards"
            )
            return None
        cards = player["cards"]
        if not isinstance(cards, list):
            errors.add(
                path,
                'must be a list of cards, each with its position: {"row": 0, "col": 2, "kind": "plant", ...}',
            )
            return None
        out: list[tuple[int, int, Any, str]] = []
        for i, card in enumerate(cards):
            p = join(path, i)
            if not isinstance(card, dict):
                errors.add(p, 'must be a card with its position: {"row": 0, "col": 2, "kind": "plant", ...}')
                continue
            row = to_int(
                errors,
                card.get("row"),
                join(p, "row"),
                minimum=schema.ROW.minimum,
                maximum=schema.ROW.maximum,
            )
            col = to_int(
                errors,
                card.get("col"),
                join(p, "col"),
                minimum=schema.COL.minimum,
                maximum=schema.COL.maximum,
            )
            if row is not None and col is not None:
                out.append((row, col, card, p))
        return out
    path = join(where, "home")
    home = player.get("home")
    shape = (
        "3 rows of 5 cards, top row first"
        if not free_shape
        else 'rows of cards (null for a gap), or a "cards" list with positions'
    )
    if (
        not isinstance(home, list)
        or (not free_shape and len(home) != GRID_ROWS)
        or len(home) > POSITION_LIMIT
    ):
        what = (
            "is missing"
            if home is None
            else (f"has {plural(len(home), 'row')}" if isinstance(home, list) else "is not a list of rows")
        )
        errors.add(
            path,
            f"{what}: a finished home is {shape}"
            + (f" (at most {POSITION_LIMIT} rows)" if free_shape else ""),
        )
        return None
    out = []
    for r, row in enumerate(home):
        rp = join(path, r)
        if (
            not isinstance(row, list)
            or (not free_shape and len(row) != GRID_COLS)
            or len(row) > POSITION_LIMIT
        ):
            what = f"has {plural(len(row), 'card')}" if isinstance(row, list) else "is not a list of cards"
            errors.add(
                rp,
                f"{what}: each row of the home holds 5 cards (modification 6 lifts the 5x3 grid"
                + (f"; at most {POSITION_LIMIT} places a row)" if free_shape else ")"),
            )
            continue
        for c, cell in enumerate(row):
            if free_shape and cell is None:
                continue
            out.append((r, c, cell, f"{rp}[{c}]"))  # join(rp, c)
    return out


def _alternating(cells: list[Cell]) -> bool:
    """Plants and rooms follow the parity of row + column: no two neighbours are of one kind.  For
    the rows of a grid (no two cards share a place, no connection to check) _check_shape then has
    nothing to say."""
    if not cells:
        return False
    first = cells[0]
    parity = (first.row + first.col + first.is_plant) % 2
    return all((c.row + c.col + c.is_plant) % 2 == parity for c in cells)


def _check_shape(errors: Errors, cells: list[Cell], where: str, free_shape: bool, count_ok: bool) -> None:
    by_pos: dict[tuple[int, int], Cell] = {}
    for cell in cells:
        if (cell.row, cell.col) in by_pos:
            errors.add(
                cell.path,
                f"is at row {cell.row}, col {cell.col} like {by_pos[(cell.row, cell.col)].path}: one card "
                "per position",
            )
        else:
            by_pos[(cell.row, cell.col)] = cell
    for (r, c), cell in by_pos.items():
        for dr, dc in ((0, 1), (1, 0)):
            other = by_pos.get((r + dr, c + dc))
            if other is not None and other.is_plant == cell.is_plant:
                kind = "plant" if cell.is_plant else "room"
                short = cell.path.split(".", 1)[1]
                errors.add(
                    other.path,
                    f"is a {kind} next to the {kind} at {short}: plants and rooms alternate like a "
                    "checkerboard",
                )
    if free_shape and count_ok and by_pos:
        start = next(iter(by_pos))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nxt in by_pos and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if len(seen) < len(by_pos):
            groups = [p for p in by_pos if p not in seen] if len(seen) >= len(by_pos) / 2 else list(seen)
            for pos in sorted(groups):
                errors.add(
                    by_pos[pos].path,
                    "is not connected to the rest of the home: every card touches another card orthogonally",
                )


def parse_player(
    errors: Errors, player: dict[str, Any], i: int, opts: Opts, goals: tuple[tuple[str, ...], ...]
) -> PlayerState | None:
    where = f"players[{i}]"
    before = len(errors.items)
    family = opts["variant"] == "family"
    thumbs = _green_thumbs(errors, player, where, family)
    storage = _storage(errors, player, where, opts)
    raw_cells = _read_home(errors, player, where, opts["modification"])
    cells = _home_cells(errors, player, where, opts, raw_cells, family)
    if len(errors.items) > before:
        return None
    given = frozenset(k for k, v in player.items() if v is not None)
    return PlayerState(str(player.get("name")), thumbs, storage, tuple(cells), goals, i, given)


def _green_thumbs(errors: Errors, player: dict[str, Any], where: str, family: bool) -> int:
    """The player's Green Thumb tokens (0 when they do not read)."""
    thumbs = 0
    if player.get("green_thumbs") not in (None, ""):
        raw = to_int(
            errors,
            player.get("green_thumbs"),
            join(where, "green_thumbs"),
            minimum=schema.GREEN_THUMBS.minimum,
            maximum=None,
        )
        if raw is not None and raw > (schema.GREEN_THUMBS.maximum or 5):
            errors.add(
                join(where, "green_thumbs"), f"is {raw}: a player keeps at most 5 Green Thumb tokens (0 to 5)"
            )
        elif raw is not None and raw > 0 and family:
            errors.add(join(where, "green_thumbs"), "the family variant uses no Green Thumb tokens: enter 0")
        elif raw is not None:
            thumbs = raw
    return thumbs


def _storage(errors: Errors, player: dict[str, Any], where: str, opts: Opts) -> str | Item | None:
    """The token in the player's item storage, if any."""
    storage: str | Item | None = None
    raw_storage = player.get("storage")
    if raw_storage not in (None, ""):
        if isinstance(raw_storage, dict):
            storage = _item(errors, raw_storage, join(where, "storage"))
        else:
            storage = _norm_word(raw_storage, cat.NURTURE)
            if storage is None:
                errors.add(
                    join(where, "storage"),
                    f"{_show(raw_storage)} is not a token: choose one of {_choices(cat.NURTURE)}, "
                    'a furniture or pet {"kind": "cat", "color": "vining"}, or null for an empty storage',
                )
    if storage is not None and opts["modification"] == 7:
        errors.add(
            join(where, "storage"),
            "modification 7 plays without item storage (tokens are played on the turn they "
            "are drafted, or discarded): leave storage empty",
        )
    return storage


def _home_cells(
    errors: Errors,
    player: dict[str, Any],
    where: str,
    opts: Opts,
    raw_cells: list[tuple[int, int, Any, str]] | None,
    family: bool,
) -> list[Cell]:
    """The cards of the player's home that read, its shape checked once every card does."""
    cells: list[Cell] = []
    if raw_cells is not None:
        free_shape = opts["modification"] == 6
        count_ok = True
        if free_shape and len(raw_cells) != HOME_SIZE:
            errors.add(
                join(where, "cards" if "cards" in player and player.get("cards") is not None else "home"),
                f"has {plural(len(raw_cells), 'card')}: a finished home has 15",
            )
            count_ok = False
        for r, c, data, path in raw_cells:
            card = parse_cell(errors, data, path, family)
            if card is not None:
                cells.append(Cell(r, c, card, path))
        if len(cells) == len(raw_cells) and (free_shape or not _alternating(cells)):
            _check_shape(errors, cells, where, free_shape, count_ok)
    return cells


# -------------------------------------------------------------------------- table-wide


def _check_table(errors: Errors, players: list[PlayerState], opts: Opts, n_players: int) -> None:
    """Rules across the whole table: unique cards and tokens, the pot supply."""
    seen = _Seen()
    item_at = seen.item_at
    for p in players:
        for cell in p.cells:
            card = cell.card
            if isinstance(card, Plant):
                _unique_plant(errors, cell, card, seen)
            else:
                _unique_room(errors, cell, card, seen)
        if isinstance(p.storage, Item):
            path = f"players[{p.index}].storage"
            key = (p.storage.kind, p.storage.color)  # as the Item compares
            if key in item_at:
                errors.add(
                    path,
                    f"the {p.storage.label()} token is already at {item_at[key]}: each item token "
                    "exists once",
                )
            item_at.setdefault(key, path)
    pots = seen.pots
    count = opts["player_count"]
    supply = cat.BONUS_POT_SUPPLY[count]
    for kind in cat.BONUS_POTS:
        for nth, where in enumerate(pots[kind][supply:], start=supply + 1):
            path = join(where, "pot")
            errors.add(
                path,
                f"is the {_ordinal(nth)} {kind} pot on the table: a {count}-player game has {supply} {kind} "
                "pots "
                f"({supply} of each bonus pot)",
            )
    solo, family = count == 1, opts["variant"] == "family"
    if not solo and not family and count == n_players:
        _check_pot_order(errors, pots, supply)


@dataclass
class _Seen:
    """Where each card and token of the table was first seen, and the cells of each pot kind."""

    plant_at: dict[str, str] = field(default_factory=dict)
    room_at: dict[int, str] = field(default_factory=dict)
    item_at: dict[tuple[str, str], str] = field(default_factory=dict)  # by (kind, color): as Items compare
    pots: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in cat.POT_KINDS})


def _unique_plant(errors: Errors, cell: Cell, card: Plant, seen: _Seen) -> None:
    """A named plant card is on the table once; its pot is counted."""
    plant_at, pots = seen.plant_at, seen.pots
    if card.name is not None:
        if card.name in plant_at:
            errors.add(
                join(cell.path, "name"),
                f'"{card.name}" is already at {plant_at[card.name]}: each plant card exists once',
            )
        plant_at.setdefault(card.name, cell.path)
    if card.pot:
        pots[card.pot].append(cell.path)  # the pot's path is joined only for an error


def _unique_room(errors: Errors, cell: Cell, card: Room, seen: _Seen) -> None:
    """A room card and its item token are on the table once."""
    room_at, item_at = seen.room_at, seen.item_at
    if card.card_id is not None:
        if card.card_id in room_at:
            errors.add(
                cell.path,
                f"is the same room card ({card.name}) as {room_at[card.card_id]}: each room card "
                "exists once",
            )
        room_at.setdefault(card.card_id, cell.path)
    if card.item is not None:
        key = (card.item.kind, card.item.color)  # as the Item compares
        if key in item_at:
            errors.add(
                join(cell.path, "item"),
                f"the {card.item.label()} token is already at {item_at[key]}: "
                "each item token exists once (one of each kind per colour)",
            )
        item_at.setdefault(key, f"{cell.path}.item")  # join(cell.path, "item")


def _check_pot_order(errors: Errors, pots: dict[str, list[str]], supply: int) -> None:
    """Pots are taken from the supply highest first."""
    # "pot the plant by adding the highest value Bonus Pot Token remaining from the supply. If no
    # Bonus Pot Tokens remain in the supply, you will take a terra cotta Pot Token": a pot of one
    # kind is taken only once every pot of the higher kinds is gone (pots never leave a plant).
    for rank, kind in enumerate(cat.POT_KINDS[1:], start=1):
        left = [f"{supply - len(pots[k])} {k}" for k in cat.BONUS_POTS[:rank] if len(pots[k]) < supply]
        if not pots[kind] or not left:
            continue
        for where in pots[kind]:
            path = join(where, "pot")
            if kind == "terracotta":
                errors.add(
                    path,
                    f"is terra cotta while bonus pots are still in the supply ({', '.join(left)}): "
                    "completing a plant takes the highest bonus pot left; terra cotta comes only once "
                    "none is left",
                )
            else:
                errors.add(
                    path,
                    f"is {kind} while higher bonus pots are still in the supply ({', '.join(left)}): "
                    f"completing a plant takes the highest bonus pot left; {kind} comes only once those "
                    "are gone",
                )


def _check_box(errors: Errors, players: list[PlayerState]) -> None:
    """What the box makes impossible across the whole table (rulebook, "Components"): more plant
    or room cards of a type than the 12 printed, a plant entered by its attributes with no card
    left that it can be, more terra cotta pots than 18, more verdancy than 60 tokens can show."""
    plants = [c for p in players for c in p.plant_cells]
    rooms = [c for p in players for c in p.room_cells]
    crowded = _per_type(
        errors, "plant", plants, lambda c: c.plant.name is not None, cat.BOX["plants_per_type"]
    )
    _per_type(errors, "room", rooms, lambda c: c.room.card_id is not None, cat.BOX["rooms_per_type"])
    unnamed = [c for c in plants if c.plant.name is None and c.plant.type not in crowded]
    if unnamed:
        _match_plants(errors, unnamed, {c.plant.name for c in plants if c.plant.name is not None})
    most, size, limit = (
        cat.BOX["terracotta_pots"],
        cat.BOX["largest_verdancy_token"],
        cat.BOX["verdancy_tokens"],
    )
    terracotta = tokens = 0
    for cell in plants:
        card = cell.plant
        if card.pot == "terracotta":
            terracotta += 1
        elif card.verdancy:
            tokens += -(-card.verdancy // size)
    if terracotta > most:
        pots = [c for c in plants if c.plant.pot == "terracotta"]
        for nth, cell in enumerate(pots[most:], start=most + 1):
            errors.add(
                join(cell.path, "pot"),
                f"{terracotta} terra cotta pots at this table: the game has {most} "
                f"(this is the {_ordinal(nth)})",
            )
    if tokens > limit:
        tokens = 0
        for cell in plants:
            tokens += -(-cell.plant.verdancy // size)
            if cell.plant.verdancy and tokens > limit:
                errors.add(
                    join(cell.path, "verdancy"),
                    f"needs more verdancy tokens than the game has: the verdancy on this "
                    f"table's incomplete plants takes at least {tokens} tokens so far (a "
                    f"large token shows {size}), and the game has {limit}",
                )


def _per_type(
    errors: Errors, kind: str, cells: list[Cell], known: Callable[[Cell], bool], per_type: int
) -> set[str]:
    """Refuse the cards of a type beyond the ``per_type`` the box has ("14 succulent rooms at this
    table: the game has 12"), at each card beyond; the cards that name which card they are
    (``known``) count first, so the refused ones are those given by type.  Returns the types over
    the limit."""
    over: set[str] = set()
    counts: dict[str, int] = {}  # Counter(c.card.type for c in cells)
    for c in cells:
        of = c.card.type
        counts[of] = counts.get(of, 0) + 1
    for ptype in cat.TYPES:
        if counts.get(ptype, 0) <= per_type:
            continue
        over.add(ptype)
        of_type = [c for c in cells if c.card.type == ptype]
        ordered = [c for c in of_type if known(c)] + [c for c in of_type if not known(c)]
        for nth, cell in enumerate(ordered[per_type:], start=per_type + 1):
            errors.add(
                cell.path,
                f"{len(of_type)} {ptype} {kind}s at this table: the game has {per_type} (this is the "
                f"{_ordinal(nth)})",
            )
    return over


def _match_plants(errors: Errors, unnamed: list[Cell], named: set[str]) -> None:
    """Give each plant entered by its attributes a card of its own (each plant card exists once):
    a matching of those plants to the catalog cards like them that no named plant is.  A plant
    left without a card is refused, naming the cards it could have been."""
    options: list[list[str]] = []
    for cell in unnamed:
        card = cell.plant
        options.append(
            [
                e["name"]
                for e in cat.plants_like(card.type, card.points, card.needs, card.light)
                if e["name"] not in named
            ]
        )
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for name in options[i]:
            if name in seen:
                continue
            seen.add(name)
            if name not in owner or place(owner[name], seen):
                owner[name] = i
                return True
        return False

    for i, cell in enumerate(unnamed):
        if place(i, set()):
            continue
        card = cell.plant
        like = [e["name"] for e in cat.plants_like(card.type, card.points, card.needs, card.light)]
        if not like:
            continue  # matches no card at all: parse_plant said so
        errors.add(
            cell.path,
            f"is a {card.type} plant that scores {card.points} and needs {card.needs}: the game has "
            f"{plural(len(like), 'such card')} ({', '.join(like)}), and this table already holds "
            f"{'it' if len(like) == 1 else 'them all'}; check the card, or give its name",
        )


_OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _check_lighting(errors: Errors, players: list[PlayerState]) -> None:
    for _i, p in enumerate(players):
        used = [g for deck in p.goals for g in deck if g in LIGHTING_GOALS]
        if not used:
            continue
        for cell in p.cells:
            card = cell.card
            if isinstance(card, Plant) and card.light is None:
                errors.add(
                    join(cell.path, "light"),
                    f'is needed for the goal "{used[0]}": enter the plant\'s lighting '
                    f'({_choices(cat.LIGHTS)})',
                )
            if isinstance(card, Room) and card.edges is None:
                errors.add(
                    join(cell.path, "edges"),
                    f'is needed for the goal "{used[0]}": enter the lighting of each edge (top, right, '
                    'bottom, left)',
                )


def _check_modification_1(errors: Errors, players: list[PlayerState]) -> None:
    """Modification 1, "All lighting conditions must match when placing cards": every edge where a
    plant touches a room shows one of the plant's lightings (READINGS, as for scenarios 8 and 13).
    Edges whose lighting is unknown (cards given by type only) cannot be checked."""
    opposite = _OPPOSITE
    for p in players:
        for cell in sorted(p.plants, key=lambda c: (c.row, c.col)):
            light = cell.plant.light
            if light is None:
                continue
            bad = []
            for side, other in p.neighbours(cell):
                edges = None if other.is_plant else other.room.edges
                if edges is not None and edges[opposite[side]] not in light:
                    bad.append(f"{edges[opposite[side]]} on its {side} ({other.ref})")
            if bad:
                errors.add(
                    cell.path,
                    f"{cell.card.label()} ({'/'.join(light)}) meets {', '.join(bad)}: under "
                    "modification 1 all lighting conditions must match when placing cards",
                )


def parse_table(table: Any) -> GameState:
    """Validate ``table`` and return the game state, or raise ValidationError listing every problem."""
    errors = Errors()
    errors.items.extend(schema.unknown(table))
    seat = seating(errors, table, minimum=1, maximum=MAX_PLAYERS, title="Verdant")
    raw_players = seat.players
    opts = parse_options(errors, table, seat.count, seat.partial)
    solo = opts["player_count"] == 1
    goal_sets, _ = parse_goals(errors, table, len(raw_players), opts["modification"], solo)
    players: list[PlayerState] = []
    broken = False
    for i, raw in enumerate(raw_players):
        state = (
            parse_player(errors, raw, i, opts, goal_sets[i] if i < len(goal_sets) else ()) if raw else None
        )
        if state is None:
            broken = True
        else:
            players.append(state)
    _check_table(errors, players, opts, len(raw_players) if not broken else -1)
    _check_box(errors, players)
    _check_lighting(errors, players)
    if opts["modification"] == 1:
        _check_modification_1(errors, players)
    scenario = parse_scenario(errors, table, opts, players, len(raw_players))
    errors.raise_if_any()
    return GameState(
        opts["variant"],
        opts["modification"],
        opts["player_count"],
        tuple(players),
        scenario=scenario,
        partial=opts["partial"],
        one_card_rows=opts["one_card_rows"],
    )
