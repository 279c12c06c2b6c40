"""Verdant (Flatout Games / AEG, 2022): full end-game scoring.

A player's home is 15 cards in a 5x3 checkerboard of plants and rooms.  Categories: completed
plants, extra verdancy, bonus pots, room bonuses, furniture and pets, plant collector, decorator
and the goal cards (advanced game).  Also: the family variant, solo (rating chart), rules
modifications 4, 5 and 6, and the standard-game achievements.  See ``docs/rules/verdant.md`` and
``docs/api/verdant.md``.

>>> GAME.name, GAME.min_players, GAME.max_players
('verdant', 1, 5)
>>> [e["name"] for e in catalog_search("orchid")]
['Moth Orchid']
"""

from __future__ import annotations

from typing import Any

import scoring

from ..core import Category, Result, Seating, Tiebreaker, build_result
from . import catalog as _catalog
from . import schema as _schema
from .achievements import earned, near_misses
from .campaign import evaluate as evaluate_scenario
from .parse import parse_table
from .preview import preview
from .rules import CATEGORY_LABELS, score_player, solo_rating
from .schema import VARIANTS

__all__ = [
    "ENGINE_VERSION",
    "GAME",
    "OPTIONS",
    "blank_player",
    "catalog_search",
    "default_options",
    "goals",
    "items",
    "near_misses",
    "plants",
    "pots",
    "preview",
    "rooms",
    "score",
]

ENGINE_VERSION = "verdant-3"
_COMPARING = {g["name"] for g in _catalog.GOALS if g["most"]}  # the goals that compare players

# the catalog as module-level data (tuples of dicts; treat as read-only)
plants = _catalog.PLANTS
rooms = _catalog.ROOMS
goals = _catalog.GOALS
items = _catalog.ITEMS
pots = _catalog.POTS


def catalog_search(query: str, kind: str | None = None, limit: int = 10) -> list[dict[str, Any]]:
    """Plants and/or rooms whose name contains ``query`` (case, spaces and punctuation ignored),
    names starting with it first; for the entry screen's as-you-type search.

    >>> [(e["kind"], e["name"]) for e in catalog_search("jas", kind="plant")]
    [('plant', 'Jasmine')]
    >>> len(catalog_search("vining room", kind="room", limit=3))
    3
    """
    return _catalog.search(query, kind, limit)


def score(table: dict[str, Any]) -> Result:
    """Score a finished Verdant table (see docs/api/verdant.md); raises ValidationError."""
    game = parse_table(table)
    cats, points = [], []
    for p in game.players:
        scored = score_player(game, p)
        # every category has at least one line (the rules say "No rooms", "No goal cards in play" ...)
        cats.append(
            [Category(k, CATEGORY_LABELS[k], pts, *zip(*lines)) for k, (pts, lines) in scored.items()]
        )
        points.append({k: pts for k, (pts, _) in scored.items()})
    totals = [sum(p.values()) for p in points]
    if game.family:
        tiebreakers = [
            Tiebreaker(
                "most completed plants", [sum(1 for c in p.plants if c.plant.complete) for p in game.players]
            )
        ]
    else:
        tiebreakers = [Tiebreaker("most Green Thumb tokens", [p.green_thumbs for p in game.players])]
    # the rules-modification achievement: "a multiplayer game of Verdant following the standard
    # rules with one rules modification" (not solo, not the family variant)
    modification = game.modification if game.multiplayer and not game.family else None
    extras = []
    for i, p in enumerate(game.players):
        others = [t for j, t in enumerate(totals) if j != i]
        margin = totals[i] - max(others) if others and totals[i] > max(others) and not game.partial else None
        achievements: dict[str, Any] = {
            "standard": earned(game, p, points[i], totals[i], margin),
            "modification": modification,
        }
        if game.scenario is not None:
            achievements["scenario"] = evaluate_scenario(game, p, points[i], totals[i])
        extra: dict[str, Any] = {"achievements": achievements}
        if game.solo:
            extra["solo"] = solo_rating(totals[i])
        extras.append(extra)
    warnings = list(game.scenario.warnings if game.scenario else ())
    note = Seating([{} for _ in game.players], game.player_count).note("Verdant", 1)
    if note:
        warnings.append(note)
        comparing = sorted({g for p in game.players for deck in p.goals for g in deck} & _COMPARING)
        if comparing:
            warnings.append(
                f"{', '.join(comparing)} compare{'s' if len(comparing) == 1 else ''} players: scored among "
                "the "
                f"{len(game.players)} boards sent, it can change once every board is in"
            )
    return build_result(
        "verdant",
        ENGINE_VERSION,
        [p.name for p in game.players],
        cats,
        tiebreakers=tiebreakers,
        player_extra=extras,
        warnings=warnings,
        no_winner=game.partial,
    )


def blank_player() -> dict[str, Any]:
    """An empty seat: no Green Thumbs, empty storage, a 3x5 home of empty cells (None)."""
    return {"green_thumbs": 0, "storage": None, "home": [[None] * 5 for _ in range(3)]}


def default_options() -> dict[str, Any]:
    """The options of a new play: standard rules, no goals, no modification."""
    return {"variant": "standard", "goals": [], "modification": None, "goal_sets": {}}


OPTIONS = (
    scoring.Option(
        "variant",
        "choice",
        "standard",
        "Standard rules, or the family variant (plants 5 points each, "
        "no verdancy, no Green Thumbs, pots do not score)",
        VARIANTS,
    ),
    scoring.Option(
        "goals",
        "list",
        [],
        "Goal cards in play (advanced game), by name, one per deck: plant, item, room; empty for none",
    ),
    scoring.Option(
        "modification",
        "choice",
        None,
        "Rules modification played (1-10), or none. 4, 5 and 6 change "
        "scoring; any modification earns its own achievement instead of the standard ones",
        (None, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    ),
    scoring.Option(
        "goal_sets",
        "object",
        {},
        'Modification 4: {"second": [3 goal names]}, the second set; '
        'modification 5: {"players": [[3 goal names], ...]}, one set per player in player order',
    ),
    scoring.Option(
        "scenario",
        "object",
        None,
        "Achievement scenario played (standard rules, no modification): "
        '{"number": 1..15, "declared": ["no_hand_trowel", "no_watering_can"]} (or one such list per player); '
        "the scenario's three goal cards go in goals by name; null for none",
    ),
    scoring.Option(
        "one_card_rows",
        "bool",
        False,
        "Row goals (Coordinated Alignment, Mixing It Up, Coordinated Corridors, "
        "Diversified Designer) under modification 6: a row holding a single plant (or room) counts as all "
        "one type "
        "and all different. Default: it does not count (one card is not a row of them)",
    ),
)

GAME = scoring.Game(
    menu_order=10,
    name="verdant",
    title="Verdant",
    min_players=1,
    max_players=5,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=OPTIONS,
    default_options=default_options,
    player_schema=_schema.PLAYER,
    options_schema=_schema.OPTIONS_SCHEMA,
    table_rules=(_schema.HOME_SHAPE,),
    previewer=preview,
)
