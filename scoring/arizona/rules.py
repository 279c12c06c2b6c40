"""Verdant Arizona's scoring rules: one small pure function per scoring condition.

Every function takes a :class:`~scoring.arizona.model.Display` (or its lines) and returns a
:class:`~scoring.core.Category` whose explanation lines add up to its points.
"""

from __future__ import annotations

from collections import Counter

from ..core import Category
from .model import SIZE, Card, Display, Line

QUADRANTS: tuple[tuple[str, int, int], ...] = (
    ("Top-left quadrant", 0, 0),
    ("Top-right quadrant", 0, 2),
    ("Bottom-left quadrant", 2, 0),
    ("Bottom-right quadrant", 2, 2),
)
QUADRANT_POINTS = 2


def order(numbers: tuple[int, ...] | list[int]) -> str | None:
    """"ascending" or "descending" when the numbers strictly rise or fall, else None.

    >>> order([2, 7, 33, 34]), order([34, 33, 7, 2]), order([7, 2, 33, 34])
    ('ascending', 'descending', None)
    """
    pairs = list(zip(numbers, numbers[1:]))
    if all(a < b for a, b in pairs):
        return "ascending"
    if all(a > b for a, b in pairs):
        return "descending"
    return None


def chain(numbers: tuple[int, ...] | list[int]) -> str:
    """The numbers with the comparison between each neighbouring pair.

    >>> chain([3, 9, 21, 30]), chain([5, 12, 7, 20])
    ('3 < 9 < 21 < 30', '5 < 12 > 7 < 20')
    """
    text = str(numbers[0])
    for a, b in zip(numbers, numbers[1:]):
        text += f" {'<' if a < b else '>' if a > b else '='} {b}"
    return text


def numbers_of(line: Line) -> list[int]:
    return [card.number for card in line.cards]


def in_order(line: Line) -> bool:
    return order(numbers_of(line)) is not None


def _line_text(line: Line) -> str:
    numbers = numbers_of(line)
    found = order(numbers)
    return f"{line.label}: {chain(numbers)} " + (found if found else "not in order")


def score_lines(display: Display) -> Category:
    """1 point per row (left to right) and column (top to bottom) in strictly ascending or
    descending order."""
    details = []
    points = 0
    for line in display.lines():
        scored = 1 if in_order(line) else 0
        points += scored
        details.append(f"{_line_text(line)} = {scored}")
    return Category("lines", "Rows and columns", points, tuple(details))


def _geckos_text(cards: list[Card]) -> str:
    numbers = [str(card.number) for card in cards]
    if len(numbers) == 1:
        return f"gecko on {numbers[0]}"
    return "geckos on " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def score_geckos(display: Display) -> Category:
    """1 point per gecko in each row or column that scores, so a gecko in a scoring row and a
    scoring column scores 2."""
    details = []
    points = 0
    scored_numbers: set[int] = set()
    for line in display.lines():
        geckos = [card for card in line.cards if card.gecko]
        if geckos and in_order(line):
            points += len(geckos)
            scored_numbers.update(card.number for card in geckos)
            details.append(f"{_line_text(line)}, {_geckos_text(geckos)} = {len(geckos)}")
    all_geckos = [(r, c, card) for r, row in enumerate(display.grid) for c, card in enumerate(row) if card.gecko]
    for r, c, card in all_geckos:
        if card.number not in scored_numbers:
            details.append(f"Gecko on {card.number} (row {r + 1}, column {c + 1}): neither line is in order = 0")
    if not all_geckos:
        details.append("No geckos in the display = 0")
    return Category("geckos", "Geckos", points, tuple(details))


def _colors_text(cards: list[Card] | tuple[Card, ...]) -> tuple[bool, str]:
    """Whether the cards share one colour, and a text such as "all 4 yellow" or
    "2 yellow, 1 pink, 1 white" (most common first, then in reading order)."""
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


def quadrant_cards(display: Display, top: int, left: int) -> list[Card]:
    return [display.grid[top + r][left + c] for r in range(SIZE // 2) for c in range(SIZE // 2)]


def score_quadrants(display: Display) -> Category:
    """2 points per 2 x 2 corner block whose four cards share one colour."""
    details = []
    points = 0
    for label, top, left in QUADRANTS:
        cards = quadrant_cards(display, top, left)
        same, text = _colors_text(cards)
        scored = QUADRANT_POINTS if same else 0
        points += scored
        numbers = ", ".join(str(card.number) for card in cards)
        details.append(f"{label} ({numbers}): {text} = {scored}")
    return Category("quadrants", "Quadrants", points, tuple(details))


def score_colors(display: Display) -> Category:
    """Advanced scoring: 1 point per row and column whose four cards share one colour, whether
    or not the line is in order (READINGS.md)."""
    details = []
    points = 0
    for line in display.lines():
        same, text = _colors_text(line.cards)
        scored = 1 if same else 0
        points += scored
        suffix = " (in order or not)" if same else ""
        details.append(f"{line.label}: {text}{suffix} = {scored}")
    return Category("colors", "Single-colour lines (advanced)", points, tuple(details))


def score_display(display: Display, advanced: bool) -> list[Category]:
    categories = [score_lines(display), score_geckos(display), score_quadrants(display)]
    if advanced:
        categories.append(score_colors(display))
    return categories
