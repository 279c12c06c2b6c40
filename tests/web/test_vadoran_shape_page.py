"""A Vadoran garden no path of cards can make is scored, and its warning shows on the seat page
and on the result page (issue 24.6)."""

from __future__ import annotations

from tests.conftest import mark_done, new_play

ISLANDS = "g* g* g* - w*\ng g g - -\ng g g - -"  # one card and a lone water square two columns away
NINE = "g* g* g*\ng g g\ng g g"


def save(client, token, play_id, position, garden):
    data = {"csrf_token": token, "entry_mode": "paint", "garden": garden, "lost_items.animal": "0",
            "lost_items.tool": "0", "lost_items.pendant": "0", "achievement.grass": "", "achievement.soil": "",
            "achievement.water": ""}
    return client.post(f"/plays/{play_id}/seats/{position}", data=data)


def test_the_warning_shows_on_the_seat_page_and_the_result(client, token):
    play_id = new_play(client, token, game="vadoran-gardens", players=("Purple", "Green"))
    assert save(client, token, play_id, 0, ISLANDS).status_code in (200, 303)
    assert save(client, token, play_id, 1, NINE).status_code in (200, 303)
    words = "Purple&#39;s garden shows 10 squares in 2 separate pieces"
    seat = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert words in seat and "check the painting" in seat
    assert "garden shows" not in client.get(f"/plays/{play_id}/seats/1").get_data(as_text=True)  # Green's is one card
    mark_done(client, token, play_id, 0, 1)
    result = client.get(f"/plays/{play_id}/result")
    assert result.status_code == 200
    html = result.get_data(as_text=True)
    assert words in html and "Purple wins" not in html  # 9 each: a shared victory, scored as painted
    assert "Shared victory: Purple, Green" in html
