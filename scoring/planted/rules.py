"""Planted's end-of-game scoring: one small rule per score-pad row.

Each rule takes a :class:`~scoring.planted.parse.PlayerState` and returns a
:class:`~scoring.core.Category` whose detail lines explain every point; each line names the parts
of the player's table it is about by contract path (``plants[2]``, ``plants[2].growth``,
``propagation``, ``decorations.plant_stand``, ``tools.grow_light``).

>>> from scoring.planted.catalog import find_plant
>>> from scoring.planted.parse import blank_state
>>> state = blank_state("Ann")
>>> state = PlayerState("Ann", (Holding(find_plant("ZZ Plant"), 3, 0), Holding(find_plant("Croton"), 1, 2)),
...     0,
...                     state.decorations, state.tools)
>>> score_plants(state).lines[1]
('Croton: 1 token covers 2 = 2', ('plants[2]', 'plants[2].growth'))
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Category, Line, line
from .catalog import Item
from .parse import Holding, PlayerState

DISPLAY_SHELVES_SET = 3  # points per complete set of one hanging, one shelf and one floor plant
READING_LINE = "Growth tokens fill each plant from its lowest space up (Scorepad's reading of the rulebook)"

#: What one copy of a Decoration card is worth: (points, why, the paths it counted).
Worth = tuple[int, str, tuple[str, ...]]


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
    text = (
        f"{holding.plant.name}: {_tokens(holding.growth)} {verb} "
        f"{' + '.join(map(str, covered))} = {sum(covered)}"
    )
    return text + (" (fully grown)" if holding.fully_grown else "")


def plant_lines(holding: Holding) -> Line:
    """:func:`plant_line` about the plant card and the Growth tokens on it."""
    return line(plant_line(holding), holding.path, f"{holding.path}.growth")


def score_plants(player: PlayerState) -> Category:
    """Each plant scores the growth spaces its tokens cover, from the lowest space up."""
    if not player.plants:
        return Category.of("plants", "Plants", 0, [line("No plant cards", "plants")])
    lines = [plant_lines(h) for h in player.plants]
    lines.append(line(READING_LINE, *(f"{h.path}.growth" for h in player.plants)))
    return Category.of("plants", "Plants", sum(h.points for h in player.plants), lines)


def score_propagation(player: PlayerState) -> Category:
    """1 point per Growth token on the propagation jars."""
    n = player.propagation
    if n == 0:
        return Category.of(
            "propagation", "Propagation", 0, [line("No Growth tokens on the propagation jars", "propagation")]
        )
    return Category.of(
        "propagation",
        "Propagation",
        n,
        [line(f"{_tokens(n)} on the propagation jars x 1 = {n}", "propagation")],
    )


def _names(plants: list[Holding]) -> str:
    return ", ".join(h.plant.name for h in plants)


def _count_of_type(kind: str) -> Callable[[PlayerState], Worth]:
    def rule(player: PlayerState) -> Worth:
        found = [h for h in player.plants if h.plant.type == kind]
        if not found:
            return 0, f"no {kind} plants", ()
        noun = "plant" if len(found) == 1 else "plants"
        return len(found), f"{len(found)} {kind} {noun} ({_names(found)})", tuple(h.path for h in found)

    return rule


def _display_shelves(player: PlayerState) -> Worth:
    counts = {
        kind: sum(1 for h in player.plants if h.plant.type == kind) for kind in ("hanging", "shelf", "floor")
    }
    sets = min(counts.values())
    have = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    noun = "set" if sets == 1 else "sets"
    return (
        sets * DISPLAY_SHELVES_SET,
        f"{sets} complete {noun} of 1 hanging + 1 shelf + 1 floor plant ({have}) x {DISPLAY_SHELVES_SET}",
        tuple(h.path for h in player.plants),
    )


def _indoor_greenhouse(player: PlayerState) -> Worth:
    grown = [h for h in player.plants if h.fully_grown]
    if not grown:
        return 0, "no fully grown plants", ()
    noun = "plant" if len(grown) == 1 else "plants"
    return (
        len(grown),
        f"{len(grown)} fully grown {noun} ({_names(grown)})",
        tuple(f"{h.path}.growth" for h in grown),
    )


def _workbench(player: PlayerState) -> Worth:
    n = player.tool_cards
    if n == 0:
        return 0, "no Tool cards", ()
    noun = "Tool card" if n == 1 else "Tool cards"
    held = [(item, k) for item, k in player.tools if k]
    why = f"{n} {noun} (" + ", ".join(f"{item.name} x{k}" for item, k in held) + ")"
    return n, why, tuple(f"tools.{item.key}" for item, _ in held)


# What one copy of each Decoration card is worth: (points, why, what it counted).
DECORATION_RULES: dict[str, Callable[[PlayerState], Worth]] = {
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


def decoration_points(player: PlayerState) -> dict[str, tuple[int, Line]]:
    """Each Decoration card the player holds: its points (all copies) and its line."""
    out: dict[str, tuple[int, Line]] = {}
    for item, copies in player.decorations:
        if not copies:
            continue
        each, why, counted = DECORATION_RULES[item.key](player)
        text = decoration_line(item, copies, each, why)
        if item.key == "display_shelves":
            text += " (Scorepad's reading: 3 points per complete set)"
        out[item.key] = (each * copies, line(text, f"decorations.{item.key}", *counted))
    return out


def score_decorations(player: PlayerState) -> Category:
    """Every copy of every Decoration card scores on its own; one plant can feed several cards."""
    held = decoration_points(player)
    lines = [held_line for _, held_line in held.values()] or [line("No Decoration cards", "decorations")]
    return Category.of("decorations", "Decorations", sum(points for points, _ in held.values()), lines)


def score_player(player: PlayerState) -> tuple[Category, Category, Category]:
    return score_plants(player), score_propagation(player), score_decorations(player)
