"""Verdant Arizona's learned deck (``arizona_cards``, the rules ``scoring.arizona.deck``'s): each
card remembers the play it came from; another play that disagrees gets a one-tap contradiction on
its seat page.  The adapter (``web.games.arizona``) is shown the deck (``Ask.data["known"]``) and
asks for a correction as an effect of a seat change; this module reads and writes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, render_template

from scoring.arizona import deck
from web.data import store
from web.data.db import get_db, now, write
from web.games.arizona import GAME, _cell, color_class, entered_card, grids
from web.table import gamedata

bp = Blueprint("arizona", __name__, url_prefix="/arizona")


def deck_rows() -> dict[int, dict[str, Any]]:
    """Every learned card: number -> {"color", "gecko", "play_id", "learned_at"}."""
    return {r["number"]: {**dict(r), "gecko": bool(r["gecko"])} for r in get_db().execute(
        "SELECT number, color, gecko, play_id, learned_at FROM arizona_cards ORDER BY number").fetchall()}


def known_cards(rows: Mapping[int, dict[str, Any]] | None = None) -> deck.Known:
    return {
        n: {"color": v["color"], "gecko": v["gecko"]}
        for n, v in (deck_rows() if rows is None else rows).items()
    }


def _write(number: int, card: dict[str, Any], play_id: int | None) -> None:
    get_db().table("arizona_cards").upsert(
        {
            "number": number,
            "color": card["color"],
            "gecko": int(bool(card["gecko"])),
            "learned_at": now(),
            "play_id": play_id,
        },
        pk="number",
    )


def sync_play(play_id: int, grids_: list[Any]) -> None:
    """Learn play ``play_id``'s cards no other play taught; forget those it taught and no longer shows."""
    db, rows = get_db(), deck_rows()
    others = known_cards({n: v for n, v in rows.items() if v["play_id"] != play_id})
    mine = {n: v for n, v in rows.items() if v["play_id"] == play_id}
    learned, _ = deck.learn_table(others, {"players": [{"grid": grid} for grid in grids_]})
    taught = {n: card for n, card in learned.items() if n not in others}
    with write(db):
        for number in set(mine) - set(taught):
            db.execute("DELETE FROM arizona_cards WHERE number = ?", [number])
        for number, card in taught.items():
            if number not in mine or (mine[number]["color"], mine[number]["gecko"]) != (
                card["color"],
                card["gecko"],
            ):
                _write(number, card, play_id)


def correct_card(number: int, card: dict[str, Any], play_id: int, who: str = "") -> None:
    """Card ``number`` is ``card``, says the player (now learned from this play; in its edit log)."""
    before, fixed = known_cards().get(number), deck.resolve(known_cards(), number, card)
    if number in fixed:
        with write(get_db()):
            _write(number, fixed[number], play_id)
            store.log(
                play_id,
                None,
                who or "unknown",
                "arizona deck corrected",
                {"number": number, **(before or {})},
                {"number": number, "color": fixed[number]["color"], "gecko": fixed[number]["gecko"]},
            )


def _correct(
    play: store.Play, position: int, *, who: str, at: tuple[int, int], number: int, card: dict[str, Any]
) -> None:
    """The effect ``correct`` of a contradiction's tap: the deck takes the card as entered, when
    the seat (merged, as stored) still shows it."""
    if entered_card(_cell(play.seats[position].state, *at)) == (number, card):
        correct_card(number, card, play.id, who)


def _sync(play: store.Play) -> None:  # a refused save teaches the deck nothing
    sync_play(play.id, grids(play))


@bp.get("/deck")
def deck_page() -> str:
    """The learned deck: every card Scorepad knows, where it was learned."""
    rows = deck_rows()
    shown = {n: {**card, "tint": color_class(card["color"])} for n, card in rows.items()}
    return render_template("games/verdant-arizona/deck.html", rows=shown,
                           warning=deck.capacity_warning(known_cards(rows)))


gamedata.register(GAME, gamedata.GameData(load=lambda: {"known": known_cards()}, after_change=_sync,
                                          effects={"correct": _correct}))
