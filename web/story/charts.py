"""Charts drawn by pygal as SVG on the server (docs/stats.md).

The page's Content-Security-Policy allows no inline script or style, so every chart is cleaned
before it is sent: pygal's ``<script>``, ``<style>``, ``style=`` attributes, tooltips, comments
and ids go; what is left is shapes and text with pygal's classes (``color-0``, ``guide line``,
``legend``...), coloured by ``static/css/story.css`` in a light and a dark variant.  Each chart
comes with its numbers as a table (``Chart.table``), which the page shows under it for screen
readers and for anyone who wants the figures.  Charts are memoised: the same numbers draw once.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

import pygal
from markupsafe import Markup
from pygal.style import Style

# pygal puts an old-style import hook on sys.meta_path (for its world-map plugins, which Scorepad
# does not use); Python warns each time any missing optional module is looked up through it.
sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "PluginImportFixer"]

SVG_NS = "{http://www.w3.org/2000/svg}"
WIDTH = 420  # the chart's own units: about 1:1 on a phone, so 12-unit text reads as 12 px
MAX_SERIES = 8  # colours in static/css/story.css

# Font sizes pygal lays the chart out with; story.css draws the text at the same sizes.
STYLE = Style(
    background="transparent",
    plot_background="transparent",
    font_family="system-ui, sans-serif",
    label_font_size=12,
    major_label_font_size=12,
    legend_font_size=13,
    title_font_size=14,
    value_font_size=11,
    tooltip_font_size=12,
    no_data_font_size=16,
)
_lock = threading.Lock()  # pygal does not say it is thread-safe: one chart is built at a time


@dataclass(frozen=True)
class Table:
    """The chart's numbers: ``columns`` (the header of each value column), and per row its label
    and one value per column (None: no value)."""

    caption: str
    corner: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Any, ...]], ...]


@dataclass(frozen=True)
class Chart:
    svg: Markup
    title: str
    table: Table
    kind: str = "line"
    legend: tuple[str, ...] = field(default_factory=tuple)

    def labelled(self, id_: str) -> Markup:
        """The SVG named by the page's caption ``ID-cap`` and described by its numbers ``ID-numbers``."""
        safe = "".join(ch for ch in id_ if ch.isalnum() or ch in "-_")
        return Markup(str(self.svg).replace(
            'role="img"', f'role="img" aria-labelledby="{safe}-cap" aria-describedby="{safe}-numbers"', 1))


def _clean(root: ET.Element, title: str) -> ET.Element:
    """Keep shapes and text only: see the module's docstring."""
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else ""
            classes = (child.get("class") or "").split()
            if (
                not tag
                or tag in (f"{SVG_NS}script", f"{SVG_NS}style", f"{SVG_NS}desc", "script", "style", "desc")
                or (tag in (f"{SVG_NS}title", "title") and parent is not root)
                or "tooltip-overlay" in classes
                or "tooltip" in classes
            ):
                parent.remove(child)
    for element in root.iter():
        for attribute in ("style", "id"):
            element.attrib.pop(attribute, None)
        if element.tag in (f"{SVG_NS}title", "title"):
            element.text = title
    root.set("role", "img")
    root.set("focusable", "false")
    return root


def _config(height: int, **extra: Any) -> dict[str, Any]:
    return dict(
        css=[],
        js=[],
        style=STYLE,
        width=WIDTH,
        height=height,
        explicit_size=False,
        disable_xml_declaration=True,
        no_prefix=True,
        show_legend=False,  # the legend is HTML under the chart (wraps, and reads at the page's size)
        truncate_label=14,
        margin=10,
        margin_right=26,
        spacing=8,
        print_values=False,
        **extra,
    )


def _render(chart: Any, title: str) -> Markup:
    chart.add_xml_filter(lambda root: _clean(root, title))
    svg = chart.render(is_unicode=True)
    return Markup(svg)


def ticks(values: list[Any], most: int = 6) -> list[int]:
    """Round numbers for an axis from the smallest to the largest value, at most ``most``.

    >>> ticks([8, 36]), ticks([0, 4]), ticks([]), ticks([5, 5])
    ([5, 10, 15, 20, 25, 30, 35, 40], [0, 1, 2, 3, 4], [0, 1], [4, 5, 6])
    """
    numbers = [v for v in values if isinstance(v, (int, float))]
    if not numbers:
        return [0, 1]
    low, high = min(numbers), max(numbers)
    if low == high:
        low, high = low - 1, high + 1
    span = high - low
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if span / step <= most:
            break
    start = int(low // step * step)
    out = list(range(start, int(high) + step, step))
    return out if out[-1] >= high else out + [out[-1] + step]


@functools.lru_cache(maxsize=512)
def _line(payload: str) -> Markup:
    data = json.loads(payload)
    with _lock:
        chart = pygal.Line(
            **_config(
                data["height"],
                x_label_rotation=0,
                show_minor_x_labels=False,
                x_labels_major_count=min(5, max(1, len(data["x"]))),
                dots_size=3.5,
                stroke_style={"width": 2.5},
                allow_interruptions=False,
                include_x_axis=False,
                y_title=data.get("y_title"),
            )
        )
        chart.x_labels = data["x"]
        chart.y_labels = ticks([v for _, values in data["series"] for v in values])
        for name, values in data["series"]:
            chart.add(name, values)
        return _render(chart, data["title"])


@functools.lru_cache(maxsize=512)
def _bars(payload: str) -> Markup:
    data = json.loads(payload)
    kind = pygal.HorizontalStackedBar if data["stacked"] else pygal.HorizontalBar
    with _lock:
        chart = kind(**_config(data["height"]))
        chart.x_labels = data["x"][
            ::-1
        ]  # pygal draws the first label at the bottom: the first reads at the top
        for name, values in data["series"]:
            chart.add(name, values[::-1])
        if data.get("counts"):  # whole numbers on the axis (plays), from 0
            chart.y_labels = ticks([0] + [v for _, values in data["series"] for v in values])
        return _render(chart, data["title"])


def line(title: str, x: list[str], series: list[tuple[str, list[int | float | None]]], *,
         x_heading: str = "Play", y_title: str | None = None) -> Chart:
    """Values over time: one line per series, ``x`` the labels of the points (oldest first)."""
    series = series[:MAX_SERIES]
    height = 280
    payload = json.dumps({"title": title, "x": x, "series": series, "height": height, "y_title": y_title})
    table = Table(title, x_heading, tuple(name for name, _ in series),
                  tuple((label, tuple(values[i] for _, values in series)) for i, label in enumerate(x)))
    return Chart(_line(payload), title, table, "line", tuple(name for name, _ in series))


def bars(title: str, labels: list[str], series: list[tuple[str, list[int | float | None]]], *,
         stacked: bool, corner: str = "", counts: bool = False) -> Chart:
    """Horizontal bars, one per label; several series side by side, or ``stacked`` end to end
    (a category mix: each player's average total made of its categories).  ``counts``: the values
    are counts (the axis shows whole numbers from 0)."""
    series = series[:MAX_SERIES]
    rows = max(1, len(labels))
    height = 50 + rows * (38 if stacked else 16 + 16 * len(series))
    payload = json.dumps(
        {"title": title, "x": labels, "series": series, "height": height, "stacked": stacked,
         "counts": counts}
    )
    table = Table(title, corner, tuple(name for name, _ in series),
                  tuple((label, tuple(values[i] for _, values in series)) for i, label in enumerate(labels)))
    return Chart(_bars(payload), title, table, "bars", tuple(name for name, _ in series))
