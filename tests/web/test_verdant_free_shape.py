"""Verdant modification 6 (no 5x3 grid) on the seat page: the home in any shape, stored as the
contract's ``cards`` list; a card placed on any side, changed, removed; 15 at most; a home sent
through the API as ``cards`` shows its cards and their points, and the page's total is the score."""

from __future__ import annotations

import random
import re

import pytest

import scoring
from tests.conftest import new_play
from tests.unit.test_verdant_free_shape import _board
from tests.web.test_verdant_entry import HX, seat_url, state


def at_url(pid, r, c, pos=0):
    return f"/plays/{pid}/seats/{pos}/do/cell?at={r},{c}"


@pytest.fixture
def pid(client, token):
    return new_play(client, token, game="verdant", players=("Alice", "Bob"), modification="6")


def place(client, token, pid, r, c, **data):
    return client.post(at_url(pid, r, c), data={"csrf_token": token, **data})


def test_an_empty_free_home_offers_one_first_place(client, pid):
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert html.count('vd-open') == 1 and 'id="at-0_0"' in html and "?at=0,0" in html.replace("%2C", ",")
    assert "0 of 15 cards" in html and "any shape" in html
    assert 'class="vd-cell vd-empty"' not in html  # no 5x3 grid
    assert "style=" not in html


def test_cards_are_placed_on_every_side_and_the_home_is_a_cards_list(client, token, pid):
    assert place(client, token, pid, 0, 0, pick="Jasmine|concrete").status_code == 303
    assert state(client.application, pid)["cards"] == [{"kind": "plant", "name": "Jasmine", "pot": "concrete", "row": 0, "col": 0}]
    assert state(client.application, pid)["home"] == []
    for r, c, t in ((0, -1, "vining"), (0, 1, "foliage"), (-1, 0, "succulent"), (1, 0, "unusual")):
        assert place(client, token, pid, r, c, set=f"rtype:{t}").status_code == 303
    cards = state(client.application, pid)["cards"]
    assert [(x["row"], x["col"], x["kind"]) for x in cards] == [(0, 0, "plant"), (0, -1, "room"), (0, 1, "room"),
                                                                  (-1, 0, "room"), (1, 0, "room")]
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert "5 of 15 cards" in html
    # the rooms touch Jasmine (vining): the vining room left of it scores 1 (1 adjacent vining plant x 1)
    assert re.search(r'id="at-0_m1".*?class="vd-pts">1<', html, re.S)
    assert re.search(r'id="at-0_0".*?class="vd-pts">14<', html, re.S)  # Jasmine 11 + concrete 3
    assert "New card, left of Vining room" in html and "New card, above Succulent room" in html


def test_a_card_is_changed_at_its_path_and_removed_from_the_list(client, token, pid):
    place(client, token, pid, 0, 0, pick="Jasmine|none")
    place(client, token, pid, 0, 1, set="rtype:vining")
    place(client, token, pid, 1, 1, pick="Aloe Vera|wood")
    assert place(client, token, pid, 0, 0, set="verdancy:4").status_code == 303
    assert state(client.application, pid)["cards"][0] == {"kind": "plant", "name": "Jasmine", "verdancy": 4, "row": 0, "col": 0}
    assert place(client, token, pid, 0, 1, clear="1").status_code == 303
    cards = state(client.application, pid)["cards"]
    assert [(x["row"], x["col"]) for x in cards] == [(0, 0), (1, 1)]


def test_the_sixteenth_card_is_refused_with_the_rule_and_nothing_is_saved(client, token, pid):
    for c in range(15):
        response = place(client, token, pid, 0, c, **({"set": "rtype:vining"} if c % 2 else {"pick": ["Jasmine", "Common Ivy", "Arrowhead Vine", "Heartleaf Philodendron", "Pothos", "String of Pearls", "Swiss Cheese Vine", "Wax Plant"][c // 2] + "|none"}))
        assert response.status_code == 303, response.get_data(as_text=True)[:500]
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert "vd-open" not in html and "15 cards: your home is complete" in html
    before = state(client.application, pid)
    response = client.post(at_url(pid, 1, 0), data={"csrf_token": token, "set": "rtype:vining"}, headers=HX)
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "holds 15 cards, all a home has: remove a card to place one elsewhere" in text
    assert state(client.application, pid) == before


def test_a_place_next_to_no_card_is_refused(client, token, pid):
    place(client, token, pid, 0, 0, set="rtype:vining")
    response = client.post(at_url(pid, 3, 3), data={"csrf_token": token, "set": "rtype:vining"}, headers=HX)
    assert response.status_code == 422 and "only next to a card already placed" in response.get_data(as_text=True)
    assert client.post(f"/plays/{pid}/seats/0/do/cell?at=x", data={"csrf_token": token, "set": "rtype:vining"}).status_code == 400


def test_a_cards_board_sent_through_the_api_shows_its_cards_and_its_score(client, token, pid, app):
    board = _board(random.Random(3), 15, 2)
    board.pop("name")
    version = client.get(f"/api/plays/{pid}").get_json()["seats"][0]["version"]
    api = client.patch(f"/api/plays/{pid}/seats/0", json={"base_version": version, "set": {"home": [], **board}})
    assert api.status_code == 200, api.get_json()
    with app.app_context():
        from web.data import store

        found = store.get_play(pid)
    html = client.get(seat_url(pid)).get_data(as_text=True)
    expected = scoring.get("verdant").preview(found.seats[0].state, found.options, 2, 0)
    assert expected.extra["filled"] == 15 and html.count('class="vd-pts"') >= 1
    assert f'<span class="vd-total" id="vd-total">{expected.total}</span>' in html
    for x in board["cards"]:  # each card at its place (a minus sign is written "m" in an id)
        assert 'id="at-{}_{}"'.format(*(str(x[k]).replace("-", "m") for k in ("row", "col"))) in html


def test_a_5x3_home_under_modification_6_is_shown_by_position_and_turned_into_cards_when_one_is_added(client, token, pid):
    from tests.unit.test_verdant_support import ALICE_HOME
    from web.games import SeatChange
    from web.table import service as table

    home = [list(row) for row in ALICE_HOME]
    home[2][4] = None  # 14 cards
    with client.application.app_context():
        table.change_seat(pid, 0, SeatChange(set={"home": home}), base_version=None, who="test")
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert "14 of 15 cards" in html and 'id="at-2_4"' in html  # the free place where the 15th went
    kind = "plant" if ALICE_HOME[2][4]["kind"] == "plant" else "room"
    data = {"pick": ALICE_HOME[2][4]["name"] + "|" + ALICE_HOME[2][4].get("pot", "none")} if kind == "plant" else {"set": "rtype:vining"}
    assert place(client, token, pid, 2, 4, **data).status_code == 303
    saved = state(client.application, pid)
    assert saved["home"] == [] and len(saved["cards"]) == 15 and saved["cards"][-1]["row"] == 2


def test_labels_of_a_cards_home(app):
    from web.games import adapter

    a = adapter("verdant")
    assert a.field_label("cards[3]") == "Card 4" and a.field_label("cards[3].pot") == "Card 4: pot"
    assert a.field_label("cards") == "Your home"
    assert a.value_label("cards[0]", {"kind": "room", "type": "vining"}) == "Vining room, no item"
    assert a.value_label("cards", [{}, {}]) == "2 cards"
