"""Planted's end-of-game scoring: one small rule per score-pad row.

Each rule takes a :class:`~scoring.planted.parse.PlayerState` and returns a
:class:`~scoring.core.Category` whose detail lines explain every point.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Category
from .catalog import Item
from .parse import Holding, PlayerState

DISPLAY_SHELVES_SET = 3  # points per complete set of one hanging, one shelf and one floor plant


def _tokens(n: int) -> str:
    return "1 token" if n == 1 else f"{n} tokens"


def plant_line(holding: Holding) -> str:
    """How one plant scores, e.g. ``Bird of Paradise: 2 tokens cover 3 + 4 = 7``.

    >>> from scoring.planted.catalog import find_plant
    >>> plant_line(Holding(find_plant("Purple Shamrock"), 3))
    'Purple Shamrock: 3 tokens cover 3 + 4 + 7 = 14 (fully grown)'
    >>> plant_line(Holding(find_plant("Dragon Tree"), 1))
    'Dragon Tree: 1 token covers 5 = 5 (fully grown)'
    >>> plant_line(Holding(find_plant("ZZ Plant"), 0))
    'ZZ Plant: no Growth tokens = 0'
    """
    covered = holding.plant.covered(holding.growth)
    if not covered:
        return f"{holding.plant.name}: no Growth tokens = 0"
    verb = "covers" if holding.growth == 1 else "cover"
    line = f"{holding.plant.name}: {_tokens(holding.growth)} {verb} {' + '.join(map(str, covered))} = {sum(covered)}"
    return line + (" (fully grown)" if holding.fully_grown else "")


def score_plants(player: PlayerState) -> Category:
    """Each plant scores the growth spaces its tokens cover, from the lowest space up."""
    if not player.plants:
        return Category("plants", "Plants", 0, ("No plant cards",))
    lines = [plant_line(h) for h in player.plants]
    lines.append("Growth tokens fill each plant from its lowest space up (READINGS.md)")
    return Category("plants", "Plants", sum(h.points for h in player.plants), tuple(lines))


def score_propagation(player: PlayerState) -> Category:
    """1 point per Growth token on the propagation jars."""
    n = player.propagation
    if n == 0:
        return Category("propagation", "Propagation", 0, ("No Growth tokens on the propagation jars",))
    return Category("propagation", "Propagation", n, (f"{_tokens(n)} on the propagation jars x 1 = {n}",))


def _names(plants: list[Holding]) -> str:
    return ", ".join(h.plant.name for h in plants)


def _count_of_type(kind: str) -> Callable[[PlayerState], tuple[int, str]]:
    def rule(player: PlayerState) -> tuple[int, str]:
        found = [h for h in player.plants if h.plant.type == kind]
        if not found:
            return 0, f"no {kind} plants"
        noun = "plant" if len(found) == 1 else "plants"
        return len(found), f"{len(found)} {kind} {noun} ({_names(found)})"

    return rule


def _display_shelves(player: PlayerState) -> tuple[int, str]:
    counts = {kind: sum(1 for h in player.plants if h.plant.type == kind) for kind in ("hanging", "shelf", "floor")}
    sets = min(counts.values())
    have = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    noun = "set" if sets == 1 else "sets"
    return (
        sets * DISPLAY_SHELVES_SET,
        f"{sets} complete {noun} of 1 hanging + 1 shelf + 1 floor plant ({have}) x {DISPLAY_SHELVES_SET}",
    )


def _indoor_greenhouse(player: PlayerState) -> tuple[int, str]:
    grown = [h for h in player.plants if h.fully_grown]
    if not grown:
        return 0, "no fully grown plants"
    noun = "plant" if len(grown) == 1 else "plants"
    return len(grown), f"{len(grown)} fully grown {noun} ({_names(grown)})"


def _workbench(player: PlayerState) -> tuple[int, str]:
    n = player.tool_cards
    if n == 0:
        return 0, "no Tool cards"
    noun = "Tool card" if n == 1 else "Tool cards"
    return n, f"{n} {noun} (" + ", ".join(f"{item.name} x{k}" for item, k in player.tools if k) + ")"


# What one copy of each Decoration card is worth: (points, why).
DECORATION_RULES: dict[str, Callable[[PlayerState], tuple[int, str]]] = {
    "macrame_basket": _count_of_type("hanging"),
    "ceramic_planter": _count_of_type("shelf"),
    "plant_stand": _count_of_type("floor"),
    "display_shelves": _display_shelves,
    "indoor_greenhouse": _indoor_greenhouse,
    "workbench": _workbench,
}


def decoration_line(item: Item, copies: int, each: int, why: str) -> str:
    """``Ceramic Planter x2: 1 shelf plant (Croton) = 1 each, 2 in all``."""
    if copies == 1:
        return f"{item.name}: {why} = {each}"
    return f"{item.name} x{copies}: {why} = {each} each, {each * copies} in all"


def score_decorations(player: PlayerState) -> Category:
    """Every copy of every Decoration card scores on its own; one plant can feed several cards."""
    lines: list[str] = []
    total = 0
    for item, copies in player.decorations:
        if not copies:
            continue
        each, why = DECORATION_RULES[item.key](player)
        total += each * copies
        line = decoration_line(item, copies, each, why)
        if item.key == "display_shelves":
            line += " (READINGS.md: 3 points per complete set)"
        lines.append(line)
    if not lines:
        lines.append("No Decoration cards")
    return Category("decorations", "Decorations", total, tuple(lines))


def score_player(player: PlayerState) -> tuple[Category, Category, Category]:
    return score_plants(player), score_propagation(player), score_decorations(player)
