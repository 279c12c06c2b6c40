"""Verdant Arizona's scoring rules: one small pure function per scoring condition.

Every function takes a :class:`~scoring.arizona.model.Display` and returns a
:class:`~scoring.core.Category` whose explanation lines add up to its points, each line naming
the cards it is about (``grid[r][c]``).  A scored display is complete; the same functions also
score a display that is still being typed (the entry screen's preview), where a line or quadrant
with a card missing scores nothing yet and says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..core import Category, line
from ..core import Line as Explained
from .model import EVERY_LINE, SIZE, Card, Display, Line, Rules, card_path, order

QUADRANT_POINTS = 2
LINE_POINTS = 1
COLOR_LINE_POINTS = 1


def chain(numbers: Sequence[int]) -> str:
    """The numbers with the comparison between each neighbouring pair.

    >>> chain([3, 9, 21, 30]), chain([5, 12, 7, 20])
    ('3 < 9 < 21 < 30', '5 < 12 > 7 < 20')
    """
    text = str(numbers[0])
    for a, b in zip(numbers, numbers[1:]):
        text += f" {'<' if a < b else '>' if a > b else '='} {b}"
    return text


def numbers_of(area: Line) -> list[int]:
    return list(area.numbers)


def in_order(area: Line) -> bool:
    """A complete row or column whose numbers strictly rise or fall."""
    return area.order is not None


def _waiting(area: Line) -> str:
    return f"{area.label}: {len(area.entered)} of {len(area.cards)} cards entered so far = 0"


def _line_text(area: Line) -> str:
    found = area.order
    return f"{area.label}: {chain(area.numbers)} " + (found if found else "not in order")


def score_lines(display: Display) -> Category:
    """1 point per row (left to right) and column (top to bottom) in strictly ascending or
    descending order.  Each line names its four cards."""
    lines: list[Explained] = []
    points = 0
    for area in display.lines():
        if not area.complete:
            lines.append(line(_waiting(area), *area.paths))
            continue
        scored = LINE_POINTS if in_order(area) else 0
        points += scored
        lines.append(line(f"{_line_text(area)} = {scored}", *area.paths))
    return Category.of("lines", "Rows and columns", points, lines)


def _geckos_text(cards: Sequence[Card]) -> str:
    numbers = [str(card.number) for card in cards]
    if len(numbers) == 1:
        return f"gecko on {numbers[0]}"
    return "geckos on " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def gecko_points(display: Display) -> dict[tuple[int, int], int]:
    """Each gecko card's points: 1 for each scoring line it is in (so 0, 1 or 2)."""
    scoring_lines = [area for area in display.lines() if in_order(area)]
    return {
        (r, c): sum(1 for area in scoring_lines if (r, c) in area.cells)
        for r, c, card in display.cards()
        if card.gecko
    }


def gecko_line(area: Line) -> tuple[Explained, int] | None:
    """The geckos' line of one row or column that scores and holds geckos (and their points), else None."""
    geckos = [(cell, card) for cell, card in zip(area.cells, area.cards) if card is not None and card.gecko]
    if not geckos or not in_order(area):
        return None
    text = _geckos_text([card for _, card in geckos])
    return line(
        f"{_line_text(area)}, {text} = {len(geckos)}", *(card_path(r, c) for (r, c), _ in geckos)
    ), len(geckos)


def score_geckos(display: Display) -> Category:
    """1 point per gecko in each row or column that scores, so a gecko in a scoring row and a
    scoring column scores 2.  Each line names the gecko cards it counts."""
    lines: list[Explained] = []
    points = 0
    for area in display.lines():
        found = gecko_line(area)
        if found:
            lines.append(found[0])
            points += found[1]
    earned = gecko_points(display)
    for (r, c), scored in earned.items():
        if scored:
            continue
        card = display.grid[r][c]
        assert card is not None
        both = [area for area in display.lines() if (r, c) in area.cells]
        why = "neither line is in order" if all(area.complete for area in both) else "no line in order yet"
        lines.append(
            line(f"Gecko on {card.number} (row {r + 1}, column {c + 1}): {why} = 0", card_path(r, c))
        )
    if not earned:
        lines.append(
            line("No geckos in the display = 0" if display.complete else "No geckos entered yet = 0", "grid")
        )
    return Category.of("geckos", "Geckos", points, lines)


def colors_text(cards: Sequence[Card]) -> tuple[bool, str]:
    """Whether the cards share one colour (by :func:`~scoring.arizona.model.color_key`), and a
    text such as "all 4 yellow" or "2 yellow, 1 pink, 1 white" (most common first, then in
    reading order; each colour in the spelling first seen)."""
    counts = Counter(card.color_key for card in cards)
    first_spelling: dict[str, str] = {}
    for card in cards:
        first_spelling.setdefault(card.color_key, card.color)
    if len(counts) == 1:
        return True, f"all {len(cards)} {first_spelling[next(iter(counts))]}"
    appearance = list(first_spelling)
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], appearance.index(kv[0])))
    parts = [f"{n} {first_spelling[key]}" for key, n in ordered]
    return False, ", ".join(parts) + ", not one colour"


def one_color(area: Line) -> bool:
    """A complete line or quadrant whose cards share one colour."""
    return area.complete and colors_text(area.entered)[0]


def score_quadrants(display: Display) -> Category:
    """2 points per 2 x 2 corner block whose four cards share one colour.  Each line names the
    quadrant's four cards."""
    lines: list[Explained] = []
    points = 0
    for area in display.quadrants():
        if not area.complete:
            lines.append(line(_waiting(area), *area.paths))
            continue
        same, text = colors_text(area.entered)
        scored = QUADRANT_POINTS if same else 0
        points += scored
        numbers = ", ".join(str(number) for number in numbers_of(area))
        lines.append(line(f"{area.label} ({numbers}): {text} = {scored}", *area.paths))
    return Category.of("quadrants", "Quadrants", points, lines)


def earns_color_point(area: Line, reading: str) -> bool:
    """Advanced scoring: a single-colour row or column earns its point under ``reading``
    (:data:`~scoring.arizona.model.EVERY_LINE`: in order or not; ``in_order``: only a line that
    also scores for its order)."""
    return one_color(area) and (reading == EVERY_LINE or in_order(area))


def score_colors(display: Display, reading: str = EVERY_LINE) -> Category:
    """Advanced scoring: 1 point per row and column whose four cards share one colour.  Which
    ones count is an open reading (READINGS.md): every such line, in order or not (the default),
    or only lines that also score for their order (``options.color_lines = "in_order"``).  A
    single-colour line's explanation names the reading used."""
    lines: list[Explained] = []
    points = 0
    for area in display.lines():
        if not area.complete:
            lines.append(line(_waiting(area), *area.paths))
            continue
        same, text = colors_text(area.entered)
        scored = COLOR_LINE_POINTS if earns_color_point(area, reading) else 0
        points += scored
        if not same:
            suffix = ""
        elif reading == EVERY_LINE:
            suffix = " (in order or not)"
        elif scored:
            suffix = " and in order (only lines in order count)"
        else:
            suffix = ", not in order (only lines in order count)"
        lines.append(line(f"{area.label}: {text}{suffix} = {scored}", *area.paths))
    return Category.of("colors", "Single-colour lines (advanced)", points, lines)


def score_display(display: Display, rules: Rules | bool = False) -> list[Category]:
    """Every category of one display under ``rules`` (True/False: advanced, default reading)."""
    rules = rules if isinstance(rules, Rules) else Rules(advanced=bool(rules))
    categories = [score_lines(display), score_geckos(display), score_quadrants(display)]
    if rules.advanced:
        categories.append(score_colors(display, rules.color_lines))
    return categories


__all__ = [
    "SIZE",
    "chain",
    "colors_text",
    "earns_color_point",
    "gecko_line",
    "gecko_points",
    "in_order",
    "one_color",
    "order",
    "score_colors",
    "score_display",
    "score_geckos",
    "score_lines",
    "score_quadrants",
]
