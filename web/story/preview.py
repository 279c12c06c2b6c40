"""Link previews of a shared result (issue 26, docs/stats.md "Link previews"): the picture a chat
app shows under a share link, 1200 x 630 (the 1.91:1 of Open Graph and ``summary_large_image``),
at ``/s/TOKEN/preview.png``, and the words of its meta tags.

The score pad itself (``/plays/N/share.png``, web/story/shareimage.py) is tall (1080 px wide, a row per
category) and is cropped to its top in a wide preview; this picture shows what fits and matters in
a preview instead: the game, the date, who won, and each player's total and rank with a bar,
drawn with the score pad's fonts and colours.  Its alt text is ``shareimage.image_alt``."""

from __future__ import annotations

import hashlib

from flask import Blueprint, abort, current_app, request
from flask.typing import ResponseReturnValue
from PIL import Image, ImageDraw

from web.data import store
from web.story import pagecache, shareimage
from web.story.share import _Pictures, pad_for, play_row, shared_finished_play
from web.story.shareimage import LIGHT, THEMES, Pad, fitted, font
from web.table import rescore

bp = Blueprint("preview", __name__)

WIDTH, HEIGHT = 1200, 630
PAD = 56
BAND = 150
ROOM = WIDTH - 2 * PAD  # a line of text across the picture


def render(pad: Pad, theme: str = "light") -> bytes:
    """The 1200 x 630 preview of a score pad: game and date, the headline, a row per player."""
    colours = THEMES.get(theme, LIGHT)
    with shareimage._lock:
        image = Image.new("RGB", (WIDTH, HEIGHT), colours.bg)
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, WIDTH, BAND), fill=colours.band)
        fitted(draw, (PAD, 28), pad.game, font(62, 800), colours.band_fg, room=ROOM)
        fitted(draw, (PAD, 104), pad.when, font(30, 500), colours.band_fg, room=ROOM)
        fitted(draw, (PAD, BAND + 26), pad.headline, font(52, 800), colours.win, room=ROOM)
        top, bottom = BAND + 112, HEIGHT - 70
        players = max(1, len(pad.players))
        row_h = min(64, (bottom - top) // players)
        best = max([t for t in pad.totals if t > 0], default=1)
        name_w, total_w, rank_w = 330, 120, 70
        bar_x0 = PAD + rank_w + name_w
        bar_room = WIDTH - PAD - total_w - bar_x0 - 16
        size = max(24, min(36, row_h - 18))
        bar = (
            colours.band if colours is LIGHT else colours.muted
        )  # (the dark band colour is too dark for a bar)
        for i, name in enumerate(pad.players):
            y = top + i * row_h
            won = i in pad.winners
            if won:
                draw.rounded_rectangle(
                    (PAD - 12, y + 3, WIDTH - PAD + 12, y + row_h - 3), radius=14, fill=colours.win_soft
                )
            mid = y + row_h / 2
            rank = str(pad.ranks[i]) if i < len(pad.ranks) else ""
            draw.text((PAD + rank_w / 2, mid), rank, font=font(size, 600), fill=colours.muted, anchor="mm")
            fitted(draw, (PAD + rank_w, mid), name, font(size, 700, 90), colours.win if won else colours.fg,
                   room=name_w - 16, anchor="lm")
            total = pad.totals[i] if i < len(pad.totals) else 0
            length = int(bar_room * max(0, total) / best)
            if length:
                draw.rounded_rectangle(
                    (bar_x0, mid - row_h * 0.18, bar_x0 + length, mid + row_h * 0.18),
                    radius=6,
                    fill=colours.win if won else bar,
                )
            draw.text(
                (WIDTH - PAD, mid),
                str(total),
                font=font(size + 4, 800),
                fill=colours.win if won else colours.fg,
                anchor="rm",
            )
        fitted(draw, (PAD, HEIGHT - 36), pad.footer, font(26, 400), colours.muted, room=ROOM, anchor="lm")
        return shareimage.png_bytes(image)


def pad_of(play: store.Play) -> Pad | None:
    evaluation = rescore.shown(play)  # (a play being rechecked: its stored totals)
    if evaluation.result is None:
        return None
    return pad_for(play, evaluation.result, play_row(play.id))


@bp.get("/s/<token>/preview.png")
def shared_preview(token: str) -> ResponseReturnValue:
    found = shared_finished_play(token)
    theme = request.args.get("theme", "light")
    theme = theme if theme in THEMES else "light"
    revision = pagecache.revision(pagecache.play_scopes(found.id))
    etag = hashlib.blake2b(f"preview:{found.id}:{revision}:{theme}".encode(), digest_size=12).hexdigest()
    if request.if_none_match.contains(etag):
        response = current_app.response_class(status=304)
    else:
        pictures: _Pictures = current_app.extensions.setdefault("scorepad_preview_pictures", _Pictures())
        key = (found.id, revision, theme)
        data = pictures.get(key)
        if data is None:
            pad = pad_of(found)
            if pad is None:
                abort(404)
            data = render(pad, theme)
            pictures.put(key, data)
        response = current_app.response_class(data, mimetype="image/png")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response
