"""The score pad as a picture to send to the group chat (``/plays/N/share.png``): game, date,
winner, every category of every player, totals and ranks, 1080 px wide, drawn by Pillow with Noto
Sans (shipped inside the pinned ``fontpkg-noto-sans`` package, so a fresh machine has it).

A light and a dark variant; the layout is computed from the text's measured widths, so long names
and labels are shortened with an ellipsis instead of running into the next column."""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1080
PAD = 48
FONT_FILE = "NotoSans[wdth,wght].ttf"  # a variable font: weight and width axes


@dataclass(frozen=True)
class Palette:
    bg: str
    card: str
    fg: str
    muted: str
    line: str
    band: str
    band_fg: str
    win: str
    win_soft: str
    stripe: str


LIGHT = Palette(
    "#f7f8f3",
    "#ffffff",
    "#15201a",
    "#55625a",
    "#cfd8cf",
    "#1f6b3f",
    "#ffffff",
    "#8a5a00",
    "#fff1cc",
    "#f1f5ef",
)
DARK = Palette(
    "#0f1412",
    "#18201c",
    "#e8efe9",
    "#a3b2a8",
    "#2f3c35",
    "#1d3627",
    "#e8efe9",
    "#ffd166",
    "#3b2f10",
    "#1c2621",
)
THEMES = {"light": LIGHT, "dark": DARK}


@dataclass(frozen=True)
class Pad:
    """What the picture shows (built by web/story/share.py from the play and its result)."""

    game: str
    when: str
    headline: str  # "Ann wins" / "Shared victory: Ann, Bo" / ...
    subline: str  # the tie-break, or ""
    players: tuple[str, ...]
    winners: tuple[int, ...]  # indexes of the winning columns
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (category label, a cell per player)
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    footer: str
    records: tuple[str, ...] = ()  # "New record" lines (web/story/records.py share_lines)


_lock = threading.Lock()  # FreeType faces are not shared between threads: one picture at a time
lock = _lock  # for the other pictures drawn with these faces (web/story/review.py)


def font_path() -> str:
    return str(resources.files("fontpkg_noto_sans") / "files" / FONT_FILE)


@lru_cache(maxsize=32)
def font(size: int, weight: int = 400, width: int = 100) -> ImageFont.FreeTypeFont:
    """The face at that size, weight and width, loaded once (used under :data:`lock` only, as
    every drawing is: a face is not shared between threads at the same time)."""
    face = ImageFont.truetype(font_path(), size)
    face.set_variation_by_axes([weight, width])
    return face


def fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: Any,
    room: float = WIDTH - 2 * PAD,
    anchor: str | None = None,
) -> None:
    """``text`` drawn at ``xy`` in ``face``, shortened with an ellipsis to fit ``room`` pixels."""
    draw.text(xy, fit(draw, text, face, room), font=face, fill=fill, anchor=anchor)


def fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """``text``, shortened with an ellipsis to fit ``room`` pixels."""
    if draw.textlength(text, font=face) <= room:
        return text
    while text and draw.textlength(text + "…", font=face) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _layout(pad: Pad) -> tuple[int, int, int, int]:
    """Height of the picture, the label column's width, a player column's width, a row's height."""
    players = max(1, len(pad.players))
    label_w = 330 if players <= 4 else 290
    col_w = (WIDTH - 2 * PAD - label_w) // players
    row_h = 66
    height = 170 + 120 + (60 if pad.subline else 0) + 84 + row_h * len(pad.rows) + 96 + 64 + 96
    if pad.records:
        height += 40 + 56 + 50 * len(pad.records)
    return height, label_w, col_w, row_h


def render(pad: Pad, theme: str = "light") -> bytes:
    colours = THEMES.get(theme, LIGHT)
    with _lock:
        height, label_w, col_w, row_h = _layout(pad)
        image = Image.new("RGB", (WIDTH, height), colours.bg)
        draw = ImageDraw.Draw(image)
        # The band: game and date.
        draw.rectangle((0, 0, WIDTH, 170), fill=colours.band)
        fitted(draw, (PAD, 34), pad.game, font(60, 800), colours.band_fg)
        fitted(draw, (PAD, 112), pad.when, font(30, 500), colours.band_fg)
        y = 170 + 34
        fitted(draw, (PAD, y), pad.headline, font(50, 800), colours.win)
        y += 86
        if pad.subline:
            fitted(draw, (PAD, y - 14), pad.subline, font(27, 400), colours.muted)
            y += 60
        # The pad: a card with a header row of names, a row per category, totals and ranks.
        top = y
        bottom = top + 84 + row_h * len(pad.rows) + 96 + 64
        draw.rounded_rectangle(
            (PAD - 16, top, WIDTH - PAD + 16, bottom),
            radius=24,
            fill=colours.card,
            outline=colours.line,
            width=2,
        )
        x0 = PAD + label_w
        for n in range(1, len(pad.rows), 2):  # every other row shaded, under the winners' columns
            ry = top + 84 + n * row_h
            draw.rectangle((PAD, ry + 1, WIDTH - PAD, ry + row_h - 1), fill=colours.stripe)
        for i in pad.winners:  # the winners' columns, shaded from the names to the ranks
            draw.rounded_rectangle(
                (x0 + i * col_w + 4, top + 10, x0 + (i + 1) * col_w - 4, bottom - 10),
                radius=16,
                fill=colours.win_soft,
            )
        name_font = font(32, 700, 90)
        for i, name in enumerate(pad.players):
            cx = x0 + i * col_w + col_w / 2
            colour = colours.win if i in pad.winners else colours.fg
            draw.text(
                (cx, top + 44),
                fit(draw, name, name_font, col_w - 16),
                font=name_font,
                fill=colour,
                anchor="mm",
            )
        y = top + 84
        draw.line((PAD, y, WIDTH - PAD, y), fill=colours.line, width=2)
        label_font, cell_font = font(30, 500, 90), font(36, 600)
        for label, cells in pad.rows:
            draw.text(
                (PAD + 4, y + row_h / 2),
                fit(draw, label, label_font, label_w - 16),
                font=label_font,
                fill=colours.fg,
                anchor="lm",
            )
            for i, cell in enumerate(cells):
                draw.text(
                    (x0 + i * col_w + col_w / 2, y + row_h / 2),
                    cell,
                    font=cell_font,
                    fill=colours.fg,
                    anchor="mm",
                )
            y += row_h
            draw.line((PAD, y, WIDTH - PAD, y), fill=colours.line, width=1)
        draw.line((PAD, y, WIDTH - PAD, y), fill=colours.fg, width=3)
        draw.text((PAD + 4, y + 48), "Total", font=font(36, 800), fill=colours.fg, anchor="lm")
        for i, total in enumerate(pad.totals):
            colour = colours.win if i in pad.winners else colours.fg
            draw.text(
                (x0 + i * col_w + col_w / 2, y + 48), str(total), font=font(48, 800), fill=colour, anchor="mm"
            )
        y += 96
        draw.text((PAD + 4, y + 30), "Rank", font=label_font, fill=colours.muted, anchor="lm")
        for i, rank in enumerate(pad.ranks):
            draw.text(
                (x0 + i * col_w + col_w / 2, y + 30),
                str(rank),
                font=font(32, 600),
                fill=colours.muted,
                anchor="mm",
            )
        if pad.records:
            y = bottom + 40
            draw.text((PAD, y), "New record", font=font(36, 800), fill=colours.win)
            y += 56
            for line in pad.records:
                draw.text((PAD, y), "• " + fit(draw, line, font(30, 500), WIDTH - 2 * PAD - 40),
                          font=font(30, 500), fill=colours.fg)
                y += 50
        fitted(draw, (PAD, height - 54), pad.footer, font(26, 400), colours.muted, anchor="lm")
        return png_bytes(image)


def png_bytes(image: Image.Image) -> bytes:
    """A drawn picture as PNG: a few flat colours and their anti-aliased edges, so a 128-colour
    palette keeps the text smooth, and the file a third of the size (and quicker to write) of a
    full-colour PNG."""
    out = io.BytesIO()
    image.quantize(128, method=Image.Quantize.FASTOCTREE).save(out, "PNG", compress_level=6)
    return out.getvalue()


def image_alt(pad: Pad) -> str:
    """The preview's alt text: what the picture says, in words.

    >>> pad = Pad("Planted", "Sat 28 Nov 2026", "Ann wins with 52", "", ("Ann", "Bob"), (0,), (),
    ...           (52, 47), (1, 2), "")
    >>> image_alt(pad)
    'Planted, Sat 28 Nov 2026: Ann wins with 52. Ann 52 (1st), Bob 47 (2nd).'
    """
    scores = ", ".join(
        f"{name} {total} ({_ordinal(rank)})" for name, total, rank in zip(pad.players, pad.totals, pad.ranks)
    )
    told = "".join(f" {line}." for line in pad.records)
    return f"{pad.game}, {pad.when}: {pad.headline}. {scores}.{told}"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
