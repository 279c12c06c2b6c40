"""Bad input never reaches a page (issue 24.9): every route of the app and the plays API, sent
hostile values in every field it reads, answers anything but 500; a 5,000-digit ``play`` on the
campaign's undo is 400; an export no page could show is refused at the import preview."""

from __future__ import annotations

import copy

import pytest

from app import create_app
from tests.conftest import csrf_token
from tests.web.test_imports import _set, empty, export  # noqa: F401  (the export fixture)
from web.data.backup import ImportRefused, import_data

HUGE = "9" * 5000
HOSTILE = [HUGE, "", "-1", "x" * 10_000, "0", "1e9", "\x00", "{\"a\": [", "[]", "null", "A\u202eB", "²", "99999999999999999999"]
FIELDS = ["play", "event", "shape", "position", "version", "base_version", "state_json", "changes", "keep", "name",
          "garden", "players-0", "players-1", "game", "op", "next", "played_at", "notes", "entry_mode", "mode",
          "value", "path", "row", "step", "vera_score", "number", "color", "token", "keep_id", "count", "page", "q",
          "opt-verdant-goals", "opt-verdant-modification", "opt-vadoran-gardens-sister_achievements", "verdant-mode",
          "verdant-scenario", "touched", "cell", "kind", "type", "pot", "verdancy", "lost_items.tool", "board", "options"]


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("fuzz") / "fuzz.db"), "SECRET_KEY": "fuzz", "TESTING": True})
    client = app.test_client()
    plays = {}
    for game, players in (("verdant", ["Ann", "Bob"]), ("planted", ["Ann", "Bob"]), ("verdant-arizona", ["Ann", "Bob"]),
                          ("vadoran-gardens", ["Ann", "Bob"]), ("gretchens-garden", ["Ann", "Bob"]), ("stub", ["Ann"])):
        response = client.post("/api/plays", json={"game": game, "players": players})
        assert response.status_code == 201, response.get_json()
        plays[game] = response.get_json()["id"]
    return app, client, plays


def _urls(app, plays) -> list[tuple[str, str]]:
    out = []
    values = {"play_id": plays["verdant"], "position": 0, "player_id": 1, "entry_id": 1, "photo_id": 1, "r": 0, "c": 0,
              "game": "verdant", "token": "nope", "filename": "css/app.css", "action": "nope", "token_id": 1, "year": 2026}
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            url = rule.rule
            for name in rule.arguments:
                url = url.replace(f"<int:{name}>", str(values[name])).replace(f"<path:{name}>", str(values[name]))
                url = url.replace(f"<{name}>", str(values[name]))
            if "/arizona/" in url or "/verdant/" in url or "/gretchen/" in url or "sister" in url:
                game = "verdant-arizona" if "arizona" in url else "gretchens-garden" if "gretchen" in url else \
                    "vadoran-gardens" if "sister" in url else "verdant"
                url = url.replace(f"/plays/{values['play_id']}/", f"/plays/{plays[game]}/")
            out.append((method, url))
    # every game's own interactions on its seat page (the generic route /plays/N/seats/P/do/ACTION)
    for game, action in (("verdant", "cell?cell=0-0"), ("gretchens-garden", "row"), ("verdant-arizona", "resolve"),
                         ("verdant-arizona", "vera"), ("vadoran-gardens", "sister")):
        out.append(("POST", f"/plays/{plays[game]}/seats/0/do/{action}"))
    return sorted(set(out))


def test_every_route_answers_hostile_fields_without_a_500(fuzzed):
    app, client, plays = fuzzed
    token = csrf_token(client)
    failures = []
    urls = _urls(app, plays)
    assert len(urls) >= 60  # every route of the app
    for method, url in urls:
        if url.startswith("/settings/import"):  # uploads: tests/web/test_imports.py
            continue
        for value in HOSTILE:
            form = {name: value for name in FIELDS}
            form["csrf_token"] = token
            if method == "GET":
                response = client.get(url, query_string={"play": value, "seat": value, "page": value, "game": value})
            elif url.startswith("/api/"):
                response = client.open(url, method=method, data=value.encode("utf-8", "surrogatepass"),
                                       content_type="application/json")
            else:
                response = client.open(url, method=method, data=form)
            if response.status_code >= 500:
                failures.append((method, url, value[:20], response.status_code))
            response.close()  # a file sent (a backup, a static file) is closed
    assert failures == []


def test_the_plays_api_answers_hostile_bodies_without_a_500(fuzzed):
    _, client, plays = fuzzed
    bodies = [{"game": "verdant", "players": ["A", "B"], "options": {"goals": HUGE}},
              {"game": "planted", "players": ["A" * 10_000, "B"]},
              {"game": "verdant", "players": ["A", "B"], "options": {"modification": int(HUGE[:90])}},
              {"game": "vadoran-gardens", "players": ["A"], "options": {"sister_achievements": [[[]]]}},
              {"game": "verdant-arizona", "players": ["A"], "options": {"solo": {"vera_score": "9" * 90}}}]
    for body in bodies:
        assert client.post("/api/plays", json=body).status_code == 422, body
    for game, play_id in plays.items():
        for body in ({"base_version": 1, "set": {"": 1}}, {"base_version": int("9" * 90), "set": {}},
                     {"base_version": 1, "set": {"a" * 5000: 1}}, {"base_version": 1, "set": {"name": "x"}},
                     {"base_version": 1, "set": {"home[0][0]": {"kind": "plant", "name": "x" * 10_000}}}):
            assert client.patch(f"/api/plays/{play_id}/seats/0", json=body).status_code < 500, (game, body)


def test_the_campaign_undo_refuses_a_5000_digit_play_with_400(fuzzed):
    _, client, _ = fuzzed
    token = csrf_token(client)
    for field in ("play", "event"):
        response = client.post("/verdant/players/1/campaign/undo", data={"csrf_token": token, "shape": "modification-1",
                                                                           field: HUGE})
        assert response.status_code == 400, (field, response.status_code)
    response = client.post("/verdant/players/1/campaign/undo", data={"csrf_token": token, "shape": "modification-1",
                                                                       "play": "9223372036854775808"})
    assert response.status_code == 400  # one past SQLite's range


@pytest.mark.parametrize("column, value, words", [
    ("game", "chess", "plays, row 1 (id 1): game 'chess' is not a game this Scorepad knows"),
    ("options", '{"bonus": "lots"}', "plays, row 1 (id 1): options.bonus: "),
    ("options", '{"bonus": 99}', "plays, row 1 (id 1): options.bonus: must be a whole number from 0 to 10"),
])
def test_an_export_no_page_could_show_is_refused_at_the_preview_with_its_row(export, tmp_path, column, value, words):  # noqa: F811
    target = str(tmp_path / "target.db")
    with pytest.raises(ImportRefused) as refused:
        import_data(target, copy.deepcopy(_set(export, "plays", 0, column, value)))
    assert str(refused.value).startswith(words), str(refused.value)
    assert empty(target)
