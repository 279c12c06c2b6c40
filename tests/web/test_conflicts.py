"""Two phones editing the same seat: the save based on an old version is not silently lost."""

from __future__ import annotations

import json
import re

from tests.conftest import csrf_token, new_play


def post(client, token, play_id, state, version, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"csrf_token": token, "state_json": json.dumps(state), "version": str(version)}
    return client.post(f"/plays/{play_id}/seats/0", data=data, headers=headers)


def version_on_page(html: str) -> int:
    return int(re.search(r'name="version" id="seat-version" value="(\d+)"', html).group(1))


def test_each_save_hands_the_phone_the_new_version(client, token):
    play_id = new_play(client, token)
    v = version_on_page(client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    first = post(client, token, play_id, {"points": 1}, v, htmx=True)
    assert version_on_page(first.get_data(as_text=True)) == v + 1
    second = post(client, token, play_id, {"points": 2}, v + 1, htmx=True)
    assert second.status_code == 200 and version_on_page(second.get_data(as_text=True)) == v + 2


def test_a_stale_phone_changing_another_field_is_merged_and_both_changes_stay(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a, token_b = csrf_token(phone_a), csrf_token(phone_b)
    play_id = new_play(phone_a, token_a)
    version = version_on_page(phone_b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    # both phones show {"points": null, "tokens": 0}; A sets the points, B (stale) the tokens
    assert post(phone_a, token_a, play_id, {"points": 12, "tokens": 0}, version).status_code == 303
    response = post(phone_b, token_b, play_id, {"points": None, "tokens": 4}, version, htmx=True)
    assert response.status_code == 200
    with app.app_context():
        from web.data import store

        assert store.get_play(play_id).seats[0].state == {"points": 12, "tokens": 4}


def test_second_phone_on_an_old_version_sees_both_values_and_nothing_is_overwritten(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a, token_b = csrf_token(phone_a), csrf_token(phone_b)
    play_id = new_play(phone_a, token_a)
    version = version_on_page(phone_b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    assert post(phone_a, token_a, play_id, {"points": 12, "tokens": 1}, version).status_code == 303
    response = post(phone_b, token_b, play_id, {"points": 21, "tokens": 1}, version, htmx=True)
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "#main"
    html = response.get_data(as_text=True)
    assert "was changed on another phone" in html
    # the place by its name as a player reads it, both values, one tap each; no code paths
    assert "<h2>Points</h2>" in html and "<code>" not in html
    assert re.search(r'value="yours">Keep this phone\'s: <strong>21</strong>', html)
    # (phone A edited a seat without saying whose phone it is: "another phone", never a device id)
    assert re.search(r"value=\"theirs\">Keep another phone's: <strong>12</strong>", html)
    assert "Tokens" not in html  # the same value on both phones is no conflict
    # Phone A's save stands; phone B's is kept in the log.
    seat = phone_a.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "&#34;points&#34;: 12" in seat or '"points": 12' in seat
    log = phone_a.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "save conflict (not applied)" in log


def _conflict(app):
    """Phone A saved points 12 and tokens 2; phone B, from the blank seat, typed points 21 and
    tokens 2: the only clash is the points (A 12, B 21); the same tokens on both is none."""
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a, token_b = csrf_token(phone_a), csrf_token(phone_b)
    play_id = new_play(phone_a, token_a)
    post(phone_a, token_a, play_id, {"points": 12, "tokens": 2}, 1)
    html = post(phone_b, token_b, play_id, {"points": 21, "tokens": 2}, 1).get_data(as_text=True)
    changes = re.search(r'name="changes" value="([^"]+)"', html).group(1).replace("&#34;", '"')
    current = int(re.search(r'name="version" value="(\d+)"', html).group(1))
    return phone_b, token_b, play_id, changes, current


def test_keeping_this_phones_value_saves_it(app):
    phone_b, token_b, play_id, changes, current = _conflict(app)
    response = phone_b.post(f"/plays/{play_id}/seats/0/resolve",
                            data={"csrf_token": token_b, "changes": changes, "version": str(current), "keep": "yours"})
    assert response.status_code == 303
    with app.app_context():
        from web.data import store

        assert store.get_play(play_id).seats[0].state == {"points": 21, "tokens": 2}


def test_keeping_the_other_phones_value_keeps_it(app):
    phone_b, token_b, play_id, changes, current = _conflict(app)
    response = phone_b.post(f"/plays/{play_id}/seats/0/resolve",
                            data={"csrf_token": token_b, "changes": changes, "version": str(current), "keep": "theirs"})
    assert response.status_code == 303
    with app.app_context():
        from web.data import store

        assert store.get_play(play_id).seats[0].state == {"points": 12, "tokens": 2}


def test_resolving_against_a_newer_save_asks_again(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a, token_b = csrf_token(phone_a), csrf_token(phone_b)
    play_id = new_play(phone_a, token_a)
    post(phone_a, token_a, play_id, {"points": 12}, 1)
    post(phone_a, token_a, play_id, {"points": 13}, 2)
    response = phone_b.post(
        f"/plays/{play_id}/seats/0/resolve", data={"csrf_token": token_b, "changes": '{"points": 21}', "version": "2"}
    )
    assert response.status_code == 409


def test_a_save_without_a_version_is_not_checked(client, token):
    play_id = new_play(client, token)
    response = client.post(f"/plays/{play_id}/seats/0", data={"csrf_token": token, "state_json": '{"points": 4}'})
    assert response.status_code == 303


def test_resolve_refuses_garbage(client, token):
    play_id = new_play(client, token)
    for changes in ("not json", "[1]"):
        response = client.post(f"/plays/{play_id}/seats/0/resolve", data={"csrf_token": token, "changes": changes})
        assert response.status_code == 400


def _details(client, play_id):
    html = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    return token, version


def test_two_phones_editing_different_play_details_keep_both(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a = csrf_token(phone_a)
    play_id = new_play(phone_a, token_a)
    token_a, version = _details(phone_a, play_id)
    token_b, version_b = _details(phone_b, play_id)
    assert version == version_b
    base = {"played_at": "2026-11-28T20:30", "opt-stub-bonus": "0"}
    assert phone_a.post(f"/plays/{play_id}/edit", data={**base, "csrf_token": token_a, "version": version,
                                                        "notes": "at Rosa's"}).status_code == 303
    # phone B saw the old details and changes only the date: merged, the notes stay
    assert phone_b.post(f"/plays/{play_id}/edit", data={**base, "csrf_token": token_b, "version": version,
                                                        "played_at": "2026-11-27T19:00", "notes": ""}).status_code == 303
    with app.app_context():
        from web.data import store

        play = store.get_play(play_id)
    assert play.notes == "at Rosa's" and play.played_at == "2026-11-27T19:00:00Z"


def test_two_phones_changing_the_same_play_detail_differently_is_asked_not_overwritten(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token_a = csrf_token(phone_a)
    play_id = new_play(phone_a, token_a)
    token_a, version = _details(phone_a, play_id)
    token_b, _ = _details(phone_b, play_id)
    base = {"played_at": "2026-11-28T20:30", "opt-stub-bonus": "0"}
    phone_a.post(f"/plays/{play_id}/edit", data={**base, "csrf_token": token_a, "version": version, "notes": "Rosa's"})
    response = phone_b.post(f"/plays/{play_id}/edit", data={**base, "csrf_token": token_b, "version": version,
                                                            "notes": "Theo's"})
    assert response.status_code == 422
    assert "was changed on another phone" in response.get_data(as_text=True)
    with app.app_context():
        from web.data import store

        assert store.get_play(play_id).notes == "Rosa's"
