"""The shared screen of a play (issue 27.1): ``GET /plays/N/board``, for a TV or a laptop in the
middle of the table.

Before the end it shows the QR code and address to join and each seat's progress, kept live by
``static/js/board.js`` (it polls ``GET /plays/N/live`` and, when the play's version moves, asks
this route for the ``progress`` block).  Once every seat is done it is the reveal: the whole pad
rendered at once, each part marked with the step that shows it (``data-show``), so that without
JavaScript it is the plain pad and with it the script only steps through."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, url_for
from flask.typing import ResponseReturnValue

from scoring.core import Result
from web.data import store
from web.games import adapter
from web.routes.pages import get_play_or_404, page, see_other
from web.server.address import public_url, qr_svg
from web.story import campaign, records
from web.table import progress, rescore

bp = Blueprint("board", __name__)

AUTO_SECONDS = 4  # "on its own": one step every few seconds


@dataclass(frozen=True)
class Moment:
    """A line of the last step: a record or a campaign moment of this play (the shape of
    ``web.story.records.Record``: ``kind``, ``player``, ``text``)."""

    kind: str
    player: str
    text: str


def _records(play_id: int) -> list[Any]:
    """The records and campaign moments of this play, for the reveal's last step: objects with
    ``.text`` (and ``.kind``, ``.player``).

    ``web.story.records.records_for_play`` first (the records, then the Verdant achievements this
    play filled and each of those players' plant track), then what a Verdant player earned in this
    play and may still fill."""
    told: list[Any] = list(records.records_for_play(play_id))
    found = store.get_play(play_id)
    if found.game != campaign.VERDANT:
        return told
    result = found.evaluate().result
    if result is None:
        return told
    ctx = campaign.result_context(found, result)["campaign"]
    if not ctx["shown"]:
        return told
    out: list[Any] = []
    for p in ctx["players"]:
        if not p["from_this_play"] and ctx["finished"]:  # (one shape per game, from a finished play)
            out += _still_to_fill(p)
    return [*told, *out]


def _still_to_fill(p: dict[str, Any]) -> list[Moment]:
    """What a player earned in this play and may still fill on their plant (one of them)."""
    own = p.get("shape")
    earned = p.get("choosable") or ([own] if own and p.get("eligible") and own["event"] is None else [])
    if not earned:
        return []
    labels = ", ".join(e["label"] for e in earned)
    what = f"{labels}: fill it" if len(earned) == 1 else f"{len(earned)} achievements ({labels}): fill one"
    return [Moment("campaign", p["name"], f"{p['name']} earned {what} on the result page.")]


def reveal_steps(result: Result, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The reveal as steps: 0 the empty pad, then one step per category in the engine's order
    (the rulebook's scoring order), then the totals and ranks, the winner, this play's records.
    Each player's running total after each category step is the sum of the cells shown so far
    (the engine's own total from the ranks step on)."""
    count = len(rows)
    running: list[list[int]] = []
    for i, player in enumerate(result.players):
        sums = [0]
        for row in rows:
            cell = row["cells"][i]
            sums.append(sums[-1] + (cell.points if cell else 0))
        running.append([*sums, player.total, player.total, player.total])
    captions = ["Everyone is done · tap, or press space or →"]
    captions += [f"{row['label']} · {k} of {count}" for k, row in enumerate(rows, 1)]
    captions += ["The totals and the ranks", "The winner", "Records, moments and the picture to share"]
    return {
        "rank_step": count + 1,
        "winner_step": count + 2,
        "last_step": count + 3,
        "captions": captions,
        "running": running,
    }


@bp.get("/plays/<int:play_id>/board")
def board(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    if found.deleted:  # the play page says so, with the button that restores it
        return see_other("main.play", play_id=play_id)
    evaluation = rescore.shown(found)  # (a play being rechecked: its stored totals)
    url = public_url(url_for("main.play", play_id=play_id))
    context: dict[str, Any] = {
        "play": found,
        "live_url": url_for("live.live", play_id=play_id),
        "progress_url": url_for("board.board", play_id=play_id),
        "share_url": url,
        "seats": progress.seat_progress(found, evaluation),
        "result": evaluation.result,
        "auto_seconds": AUTO_SECONDS,
    }
    if evaluation.result is None:
        return page("plays/board.html", "progress", qr=qr_svg(url), **context)
    rows = adapter(found.game).result_rows(evaluation.result)
    return page(
        "plays/board.html",
        "progress",
        qr=None,
        rows=rows,
        steps=reveal_steps(evaluation.result, rows),
        records=_records(play_id),
        **context,
    )
