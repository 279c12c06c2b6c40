"""Modification 6 (no 5x3 grid: "players may create any shape with their 15 cards"): the seat
page's preview of a home sent as ``cards`` (each card with its row and col) equals the engine's
score of that board, for many random shapes; the preview says where a card may go next."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.verdant import catalog as cat
from scoring.verdant.preview import preview


def _shape(rng: random.Random, size: int = 15) -> list[tuple[int, int]]:
    """A connected shape of ``size`` squares grown from (0, 0) in random directions."""
    cells = [(0, 0)]
    while len(cells) < size:
        r, c = rng.choice(cells)
        dr, dc = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    return cells


def _board(rng: random.Random, size: int, players: int) -> dict:
    """A home of ``size`` cards in a random shape: plants and rooms on a checkerboard, catalog
    plants (each once, pots within the supply, or verdancy below the needs), catalog rooms with
    random items (each token once), Green Thumbs and storage."""
    shape = _shape(rng, size)
    plants_on = rng.randrange(2)
    plants = rng.sample(cat.PLANTS, size)
    rooms = rng.sample(cat.ROOMS, size)
    tokens = rng.sample([(k, t) for k in cat.ITEM_KINDS for t in cat.TYPES], size + 1)
    supply = dict.fromkeys(cat.BONUS_POTS, cat.BONUS_POT_SUPPLY[players])
    cards = []
    for i, (r, c) in enumerate(shape):
        if (r + c) % 2 == plants_on:
            card = {"kind": "plant", "name": plants[i]["name"]}
            pot = rng.choice((*cat.POT_KINDS, None))
            if pot is not None and supply.get(pot, 1) > 0:
                supply[pot] = supply.get(pot, 1) - 1
                card["pot"] = pot
            else:
                card["verdancy"] = rng.randrange(plants[i]["needs"])
        else:
            card = {"kind": "room", "name": rooms[i]["name"]}
            if rng.random() < 0.6:
                card["item"] = {"kind": tokens[i][0], "color": tokens[i][1]}
        cards.append({**card, "row": r, "col": c})
    rng.shuffle(cards)
    storage = rng.choice((None, *cat.NURTURE, {"kind": tokens[size][0], "color": tokens[size][1]}))
    return {"name": "Free", "green_thumbs": rng.randrange(6), "storage": storage, "cards": cards}


def _options(rng: random.Random, solo: bool) -> dict:
    goals = [rng.choice([g["name"] for g in cat.GOALS if g["deck"] == deck and not (solo and g["most"])])
             for deck in cat.DECKS if rng.random() < 0.8]
    return {"modification": 6, "goals": goals, "one_card_rows": rng.random() < 0.3}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 5))
def test_the_preview_of_a_cards_board_equals_its_score(seed, players):
    rng = random.Random(seed)
    board, options = _board(rng, 15, players), _options(rng, players == 1)
    table = {"options": options, "players": [board], "player_count": players}
    try:
        result = scoring.score("verdant", table)
    except scoring.ValidationError as exc:  # (a lighting rule of the table, say): not complete
        out = preview(board, options, players)
        assert not out.complete and out.messages, exc.errors
        return
    out = preview(board, options, players)
    assert out.complete and out.messages == ()
    assert out.total == result.players[0].total
    assert out.categories == result.players[0].categories
    assert out.extra["filled"] == out.extra["size"] == 15 and out.extra["open"] == []
    assert sorted(out.points) == sorted(f"cards[{i}]" for i in range(15))


def test_most_random_cards_boards_are_legal():
    # the generator above makes legal boards (so the property compares totals, not refusals)
    rng = random.Random(7)
    legal = 0
    for n in range(60):
        players = 1 + n % 5
        try:
            scoring.score("verdant", {"options": _options(rng, players == 1), "players": [_board(rng, 15, players)],
                                      "player_count": players})
            legal += 1
        except scoring.ValidationError:
            pass
    assert legal >= 50


def test_a_half_built_cards_home_scores_its_cards_and_offers_every_free_side():
    # an L of three: a plant at (0, 0), a room right of it at (0, 1), a room below it at (1, 0)
    board = {"cards": [{"kind": "plant", "name": "Jasmine", "pot": "concrete", "row": 0, "col": 0},
                       {"kind": "room", "type": "vining", "row": 0, "col": 1},
                       {"kind": "room", "type": "foliage", "row": 1, "col": 0}]}
    out = preview(board, {"modification": 6}, 2)
    # Jasmine prints 11 points, its concrete pot adds 3: 14
    assert out.points["cards[0]"] == 14 and out.extra["filled"] == 3 and out.extra["size"] == 15
    assert out.extra["places"] == [{"path": "cards[0]", "row": 0, "col": 0}, {"path": "cards[1]", "row": 0, "col": 1},
                                   {"path": "cards[2]", "row": 1, "col": 0}]
    spots = {(s["row"], s["col"]): s["expected"] for s in out.extra["open"]}
    # around (0,0): (-1,0) (0,-1); around (0,1): (-1,1) (1,1) (0,2); around (1,0): (1,-1) (2,0) (1,1)
    assert spots == {(-1, 0): "room", (0, -1): "room", (-1, 1): "plant", (0, 2): "plant", (1, 1): "plant",
                     (1, -1): "plant", (2, 0): "plant"}
    assert out.messages[0].path == "cards" and "has 3 cards" in out.messages[0].message


def test_an_empty_free_home_offers_one_first_place_and_a_full_one_none():
    out = preview({"cards": []}, {"modification": 6}, 1)
    assert out.extra["open"] == [{"row": 0, "col": 0, "expected": None}] and out.total is None
    blank = preview({"home": [[None] * 5 for _ in range(3)]}, {"modification": 6}, 1)
    assert blank.extra["open"] == [{"row": 0, "col": 0, "expected": None}] and blank.extra["places"] == []
    full = preview({"cards": [{"kind": "room", "type": "vining", "row": 0, "col": c} for c in range(15)]},
                   {"modification": 6}, 1)
    assert full.extra["open"] == [] and len(full.extra["places"]) == 15


def test_a_home_of_rows_under_modification_6_is_read_with_its_gaps():
    home = [[{"kind": "plant", "name": "Jasmine", "pot": "wood"}, None], [None, {"kind": "plant", "name": "Aloe", "pot": "wood"}]]
    out = preview({"home": home}, {"modification": 6}, 2)
    assert [p["path"] for p in out.extra["places"]] == ["home[0][0]", "home[1][1]"]
    assert out.extra["size"] == 15 and out.extra["filled"] == 2
