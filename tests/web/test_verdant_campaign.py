"""Verdant's achievement campaign in the web app: the mode per play, filling shapes from the
result page (standard, scenario, modification), undo, hand entry, the player's plant, near misses
and the JSON export / import."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from app import create_app
from tests.conftest import csrf_token, new_play
from tests.unit.test_verdant_support import ALICE_HOME, anon, checker, plant, resolved, room
from web.data.backup import dump, export_data, import_data

# Bea takes the concrete and wood pots Alice leaves in the 2-player supply (3 of each): Prayer
# Plant 3 + concrete 3, Spider Plant 5 + wood 2, six other foliage plants holding 1 verdancy each
# (6 -> 3): 16 points.
BEA_HOME = resolved(checker([plant("Prayer Plant", "concrete"), plant("Spider Plant", "wood")]
                            + [anon("foliage", verdancy=1) for _ in range(6)], [room("vining") for _ in range(7)]), ALICE_HOME)
GOALS_2 = {"goal-plant": "Going Big", "goal-item": "Thumbs Up", "goal-room": "Double Duty"}


def store_seats(app, pid, *homes):
    from web.data import store

    with app.test_request_context():
        for position, home in enumerate(homes):
            store.save_seat(pid, position, {"green_thumbs": 2 if position == 0 else 0, "storage": None, "home": home}, "test", done=True)


def get_play(app, pid):
    from web.data import store

    with app.app_context():
        return store.get_play(pid)


def events(app):
    db = sqlite3.connect(app.config["DATABASE"])
    db.row_factory = sqlite3.Row
    rows = [dict(r) for r in db.execute("SELECT * FROM achievement_events ORDER BY id")]
    db.close()
    return rows


def player_id(app, name):
    from web.data import store

    with app.app_context():
        return store.player_by_name(name)["id"]


def played(client, token, app, mode="standard", players=("Alice", "Bea"), finish=True, homes=(ALICE_HOME, BEA_HOME), **opts):
    pid = new_play(client, token, game="verdant", players=players, mode=mode, **opts)
    store_seats(app, pid, *homes)
    if finish:
        assert client.post(f"/plays/{pid}/finish", data={"csrf_token": token}).status_code == 303
    return pid


def fill(client, token, pid, position, shape):
    return client.post(f"/verdant/plays/{pid}/campaign/fill",
                       data={"csrf_token": token, "position": str(position), "shape": shape})


def filled(client, player):
    """The shapes shown as filled on the player's page."""
    html = client.get(f"/players/{player}").get_data(as_text=True)
    return re.findall(r'name="shape" value="([a-z]+-\d+)">\s*<button type="submit" class="button vd-small"', html)


def result_html(client, pid):
    response = client.get(f"/plays/{pid}/result")
    assert response.status_code == 200
    return response.get_data(as_text=True)


# ---------------------------------------------------------------------------- the mode


def test_the_options_form_offers_the_four_modes_and_the_scenarios_with_goal_letters(client):
    html = client.get("/plays/new").get_data(as_text=True)
    for mode in ("none", "standard", "scenario", "modification"):
        assert f'name="opt-verdant-mode" value="{mode}"' in html
    assert 'data-goals="Against All Odds|Backup Plan|Matchy Matchy"' in html  # scenario 4, letters J, I, B
    assert "4: goals J · I · B, 75+ points" in html
    assert "J · Against All Odds" in html  # the goal card selects show the (assumed) letters
    assert "js/verdant.js" in html


def test_the_options_form_takes_decks_scenarios_and_modifications_from_the_engine(client):
    # Each scenario option names its goals' decks (the script fills the select of each deck), the
    # goal selects are one per engine deck, the modifications are the engine's 1-10; verdant.js
    # declares no deck list of its own.
    from pathlib import Path

    from scoring.verdant import campaign as camp
    from scoring.verdant import catalog as cat

    html = client.get("/plays/new").get_data(as_text=True)
    decks = "|".join(cat.DECKS)
    assert html.count(f'data-decks="{decks}"') == len(camp.SCENARIOS) == 15
    for deck in cat.DECKS:
        assert f'name="opt-verdant-goal-{deck}"' in html and f'name="opt-verdant-second-{deck}"' in html
        assert f">{deck.capitalize()} goal</label>" in html and f">Second {deck} goal</label>" in html
    mods = re.search(r'<select name="opt-verdant-modification".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="(\d+)"', mods) == [str(n) for n in camp.MODIFICATIONS]
    assert "The 15 scenarios" in html
    js = (Path(__file__).parents[2] / "static" / "js" / "verdant.js").read_text(encoding="utf-8")
    assert '"plant"' not in js and '"room"' not in js and "=== 3" not in js


def test_standard_mode_is_stored_as_a_campaign_key_the_engine_ignores(app, client, token):
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"), mode="standard")
    assert get_play(app, pid).options == {"variant": "standard", "goals": [], "modification": None, "goal_sets": {},
                                          "campaign": "standard"}
    store_seats(app, pid, ALICE_HOME, BEA_HOME)
    assert "Achievements: Standard game" in result_html(client, pid)


def test_a_scenario_fills_its_goal_cards_left_empty_and_keeps_a_changed_one(app, client, token):
    pid = new_play(client, token, game="verdant", players=("Alice",), mode="scenario", scenario="4")
    options = get_play(app, pid).options
    assert options["scenario"] == {"number": 4, "declared": []}
    assert options["goals"] == ["Against All Odds", "Backup Plan", "Matchy Matchy"]
    pid = new_play(client, token, game="verdant", players=("Alice",), mode="scenario", scenario="2",
                   **{"goal-plant": "Apartment Living"})
    assert get_play(app, pid).options["goals"] == ["Apartment Living", "Thumbs Up", "Double Duty"]


@pytest.mark.parametrize("fields, where, words", [
    ({"mode": "scenario"}, "opt-verdant-scenario", "choose the scenario played"),
    ({"mode": "scenario", "scenario": "16"}, "opt-verdant-scenario", "from 1 to 15"),
    ({"mode": "scenario", "scenario": "2", "modification": "3"}, "opt-verdant-modification", "standard rules"),
    ({"mode": "modification"}, "opt-verdant-modification", "choose the rules modification played"),
    ({"mode": "standard", "variant": "family"}, "opt-verdant-variant", "family variant earns no achievements"),
    ({"mode": "standard", "modification": "2"}, "opt-verdant-modification", "plays no rules modification"),
    ({"mode": "bogus"}, "opt-verdant-mode", "choose none, standard game"),
])
def test_a_mode_that_cannot_be_played_is_refused_next_to_its_control(client, token, fields, where, words):
    data = {"csrf_token": token, "game": "verdant", "players-0": "Alice", "players-1": "Bea"}
    data.update({f"opt-verdant-{k}": v for k, v in fields.items()})
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert words in html
    assert f'name="{where}"' in html


def test_a_solo_standard_game_is_refused_because_solo_earns_no_standard_achievement(client, token):
    data = {"csrf_token": token, "game": "verdant", "players-0": "Alice", "opt-verdant-mode": "standard"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422 and "solo game earns no standard achievements" in response.get_data(as_text=True)


def test_the_modification_mode_is_refused_in_solo_and_in_the_family_variant(client, token):
    # rulebook: "a multiplayer game of Verdant following the standard rules with one rules modification"
    data = {"csrf_token": token, "game": "verdant", "players-0": "Alice", "opt-verdant-mode": "modification",
            "opt-verdant-modification": "2"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422 and "a solo game earns no rules-modification achievement" in response.get_data(as_text=True)
    data.update({"players-1": "Bea", "opt-verdant-variant": "family"})
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    assert "the family variant earns no rules-modification achievement" in response.get_data(as_text=True)


def test_a_family_game_with_a_modification_fills_no_modification_shape(app, client, token):
    # an older form without the mode field: the engine itself awards nothing in the family variant
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"), variant="family", modification="2")
    store_seats(app, pid, [[dict(c, verdancy=0) if c["kind"] == "plant" and "verdancy" in c else c for c in row] for row in ALICE_HOME],
                [[dict(c, verdancy=0) if c["kind"] == "plant" and "verdancy" in c else c for c in row] for row in BEA_HOME])
    client.post(f"/plays/{pid}/finish", data={"csrf_token": token})
    assert fill(client, token, pid, 0, "modification-2").status_code == 409
    assert events(app) == []


def test_mode_none_with_a_modification_played_is_kept_as_none(app, client, token):
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"), mode="none", modification="2")
    options = get_play(app, pid).options
    assert options["modification"] == 2 and options["campaign"] == "none"
    store_seats(app, pid, ALICE_HOME, BEA_HOME)
    assert "does not count for the achievement campaign" in result_html(client, pid)


def test_editing_a_scenario_play_keeps_its_declarations(app, client, token):
    pid = played(client, token, app, mode="scenario", scenario="14", finish=False)
    client.post(f"/verdant/plays/{pid}/campaign/declare", data={"csrf_token": token, "declared-0": "no_watering_can"})
    edit = client.get(f"/plays/{pid}/edit").get_data(as_text=True)
    hidden = re.search(r'name="opt-verdant-declared" value="([^"]*)"', edit).group(1).replace("&#34;", '"').replace("&quot;", '"')
    goals = get_play(app, pid).options["goals"]
    data = {"csrf_token": csrf_token(client, f"/plays/{pid}/edit"), "played_at": "2026-11-28T20:30", "notes": "",
            "opt-verdant-variant": "standard", "opt-verdant-mode": "scenario", "opt-verdant-scenario": "14",
            "opt-verdant-declared": hidden, "opt-verdant-goal-plant": goals[0], "opt-verdant-goal-item": goals[1],
            "opt-verdant-goal-room": goals[2]}
    assert client.post(f"/plays/{pid}/edit", data=data).status_code == 303
    assert get_play(app, pid).options["scenario"] == {"number": 14, "declared": [["no_watering_can"], []]}


# ------------------------------------------------------------------------ standard mode


def test_standard_mode_offers_the_earned_achievements_only_once_the_play_is_finished(app, client, token):
    pid = played(client, token, app, finish=False)
    html = result_html(client, pid)
    assert "Finish the play to fill shapes" in html
    assert "/campaign/fill" not in html
    assert "Score 70+ points." in html  # listed, not yet fillable
    assert fill(client, token, pid, 0, "standard-1").status_code == 409
    assert events(app) == []


def test_each_player_fills_at_most_one_standard_achievement_per_game(app, client, token):
    pid = played(client, token, app)
    html = result_html(client, pid)
    assert 'value="standard-1"' in html and 'value="standard-21"' in html  # Alice: 1, 9, 14, 19, 20, 21
    assert 'value="standard-5"' in html and 'value="standard-6"' in html  # Bea: 5, 6
    response = fill(client, token, pid, 0, "standard-21")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/plays/{pid}/result#vd-campaign")
    second = fill(client, token, pid, 0, "standard-1")
    assert second.status_code == 409 and "one standard achievement per game" in second.get_data(as_text=True)
    not_earned = fill(client, token, pid, 1, "standard-1")
    assert not_earned.status_code == 409 and "Bea did not earn Standard game 1" in not_earned.get_data(as_text=True)
    assert fill(client, token, pid, 1, "standard-6").status_code == 303
    assert [(e["shape"], e["action"], e["play_id"], e["source"]) for e in events(app)] == [
        ("standard-21", "fill", pid, "play"), ("standard-6", "fill", pid, "play")]
    html = result_html(client, pid)
    assert "Filled from this play" in html and "Win by 15+ points." in html
    log = client.get(f"/plays/{pid}/log").get_data(as_text=True)
    assert "achievement filled" in log


def test_fill_undo_refill_and_hand_entry_across_several_plays(app, client, token):
    first = played(client, token, app)
    alice = player_id(app, "Alice")
    assert fill(client, token, first, 0, "standard-1").status_code == 303
    # undo from the result page: the one-per-game choice is free again
    assert client.post(f"/verdant/players/{alice}/campaign/undo",
                       data={"csrf_token": token, "shape": "standard-1", "play": str(first)}).status_code == 303
    assert filled(client, alice) == []
    assert fill(client, token, first, 0, "standard-9").status_code == 303
    # a second game: standard-9 is filled, so it is not offered again; another one is
    second = played(client, token, app)
    html = result_html(client, second)
    alice_block = html.split('id="vd-camp-0"')[1].split('id="vd-camp-1"')[0]
    assert 'value="standard-9"' not in alice_block and "Also earned, filled before: Standard game 9" in alice_block
    assert fill(client, token, second, 0, "standard-9").status_code == 409
    assert fill(client, token, second, 0, "standard-1").status_code == 303
    # paper sheet: two scenario shapes entered by hand
    assert client.post(f"/verdant/players/{alice}/campaign/hand",
                       data={"csrf_token": token, "shape": ["scenario-3", "modification-7"]}).status_code == 303
    again = client.post(f"/verdant/players/{alice}/campaign/hand", data={"csrf_token": token, "shape": "scenario-3"})
    assert again.status_code == 409 and "Already filled: Scenario 3" in again.get_data(as_text=True)
    assert sorted(filled(client, alice)) == ["modification-7", "scenario-3", "standard-1", "standard-9"]
    page = client.get(f"/players/{alice}").get_data(as_text=True)
    assert "<strong>4</strong> of 50 leaves" in page
    assert page.count('class="vd-leaf vd-leaf-') == 4
    assert "entered by hand" in page
    assert f'href="/plays/{first}/result">play of' in page and f'href="/plays/{second}/result">play of' in page
    # undo from the player page, then re-fill from the play: the log keeps every step
    assert client.post(f"/verdant/players/{alice}/campaign/undo", data={"csrf_token": token, "shape": "standard-9"}).status_code == 303
    assert fill(client, token, first, 0, "standard-9").status_code == 303
    actions = [(e["shape"], e["action"], e["source"]) for e in events(app) if e["player_id"] == alice]
    assert actions == [("standard-1", "fill", "play"), ("standard-1", "undo", "play"), ("standard-9", "fill", "play"),
                       ("standard-1", "fill", "play"), ("scenario-3", "fill", "hand"), ("modification-7", "fill", "hand"),
                       ("standard-9", "undo", "play"), ("standard-9", "fill", "play")]
    nothing = client.post(f"/verdant/players/{alice}/campaign/undo", data={"csrf_token": token, "shape": "standard-2"})
    assert nothing.status_code == 409 and "nothing to undo" in nothing.get_data(as_text=True)


def test_the_event_log_is_append_only(app, client, token):
    pid = played(client, token, app)
    fill(client, token, pid, 0, "standard-1")
    db = sqlite3.connect(app.config["DATABASE"])
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE achievement_events SET shape = 'standard-2'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM achievement_events")
    db.close()


def test_writes_need_the_csrf_token(app, client, token):
    pid = played(client, token, app)
    response = client.post(f"/verdant/plays/{pid}/campaign/fill", data={"position": "0", "shape": "standard-1"})
    assert response.status_code == 400 and events(app) == []


def test_near_misses_on_the_result_page_and_the_player_page(app, client, token):
    pid = played(client, token, app)
    alice = player_id(app, "Alice")
    html = result_html(client, pid)
    assert "78 points: 2 short of 80+" in html
    page = client.get(f"/players/{alice}").get_data(as_text=True)
    assert "Closest next achievements" in page and "78 points: 2 short of 80+" in page
    assert f'href="/plays/{pid}/result">the standard game of' in page


def test_a_changed_play_warns_that_its_fill_is_no_longer_earned(app, client, token):
    pid = played(client, token, app)
    fill(client, token, pid, 1, "standard-6")  # Bea: 5 rooms of one type
    client.post(f"/plays/{pid}/reopen", data={"csrf_token": token})
    mixed = [room("vining") for _ in range(4)] + [room("succulent") for _ in range(3)]  # 4 of one type now
    home = resolved(checker([plant("Prayer Plant", "concrete"), plant("Spider Plant", "wood")]
                            + [anon("foliage", verdancy=1) for _ in range(6)], mixed), ALICE_HOME)
    store_seats(app, pid, ALICE_HOME, home)
    html = result_html(client, pid)
    assert "no longer earns Standard game 6" in html


# ------------------------------------------------------------------------ scenario mode


def test_a_scenario_shows_each_objective_and_the_passing_players_fill_its_shape(app, client, token):
    pid = played(client, token, app, mode="scenario", scenario="2")
    html = result_html(client, pid)
    assert "Achievements: Scenario 2" in html
    assert "87 points (minimum 70)" in html and "16 points: 54 short of 70" in html
    assert "Passed scenario 2." in html and "Scenario 2 not passed." in html
    assert fill(client, token, pid, 1, "scenario-2").status_code == 409  # Bea did not pass
    assert fill(client, token, pid, 0, "scenario-3").status_code == 409  # not this play's shape
    assert fill(client, token, pid, 0, "scenario-2").status_code == 303
    assert [(e["shape"], e["player_id"]) for e in events(app)] == [("scenario-2", player_id(app, "Alice"))]
    assert "Filled from this play" in result_html(client, pid)


def test_declared_objectives_are_ticked_per_player_on_the_result_page(app, client, token):
    pid = played(client, token, app, mode="scenario", scenario="14", finish=False)
    html = result_html(client, pid)
    assert "I did not use a Watering Can" in html and 'name="declared-1"' in html
    assert "not declared: tick it" in html
    response = client.post(f"/verdant/plays/{pid}/campaign/declare",
                           data={"csrf_token": token, "declared-0": "no_watering_can", "declared-1": "no_hand_trowel"})
    assert response.status_code == 303
    assert get_play(app, pid).options["scenario"]["declared"] == [["no_watering_can"], []]
    html = result_html(client, pid)
    alice = html.split('id="vd-camp-0"')[1].split('id="vd-camp-1"')[0]
    assert "declared by the player" in alice and "short of 95" in alice
    assert "play details changed" in client.get(f"/plays/{pid}/log").get_data(as_text=True)
    client.post(f"/plays/{pid}/finish", data={"csrf_token": token})
    refused = client.post(f"/verdant/plays/{pid}/campaign/declare", data={"csrf_token": token})
    assert refused.status_code == 409 and "reopen it" in refused.get_data(as_text=True)


# -------------------------------------------------------------------- modification mode


def test_every_player_of_a_modification_game_fills_its_shape_with_one_tap(app, client, token):
    pid = played(client, token, app, mode="modification", modification="2")
    html = result_html(client, pid)
    assert "Achievements: Rules modification 2" in html and "Fill Rules modification 2 for Alice, Bea" in html
    response = client.post(f"/verdant/plays/{pid}/campaign/fill", data={"csrf_token": token, "position": "all"})
    assert response.status_code == 303
    assert sorted(e["shape"] for e in events(app)) == ["modification-2", "modification-2"]
    again = client.post(f"/verdant/plays/{pid}/campaign/fill", data={"csrf_token": token, "position": "all"})
    assert again.status_code == 409
    assert fill(client, token, pid, 0, "standard-1").status_code == 409


# --------------------------------------------------------------------- the player page


def test_the_player_page_lists_all_50_shapes_by_mode_and_draws_the_plant(app, client, token):
    pid = played(client, token, app)
    fill(client, token, pid, 0, "standard-20")
    alice = player_id(app, "Alice")
    page = client.get(f"/players/{alice}").get_data(as_text=True)
    assert "Standard games · 1 of 25" in page and "Scenarios · 0 of 15" in page and "Rules modifications · 0 of 10" in page
    assert page.count('<li class="vd-shape-') == 50
    assert '<svg class="vd-plant"' in page and "Achievement plant with 1 leaf" in page
    assert " style=" not in page.split('<svg class="vd-plant"')[1].split("</svg>")[0]


def test_a_merged_duplicate_brings_its_campaign_along(app, client, token):
    pid = played(client, token, app)
    fill(client, token, pid, 0, "standard-1")
    alice = player_id(app, "Alice")
    other = new_play(client, token, game="verdant", players=("Ally", "Bea"), mode="standard")
    store_seats(app, other, ALICE_HOME, BEA_HOME)
    client.post(f"/plays/{other}/finish", data={"csrf_token": token})
    ally = player_id(app, "Ally")
    fill(client, token, other, 0, "standard-19")
    client.post(f"/players/{ally}/merge", data={"csrf_token": token, "keep": str(alice)})
    assert sorted(filled(client, alice)) == ["standard-1", "standard-19"]


def test_a_campaign_survives_export_and_import(app, client, token, tmp_path):
    pid = played(client, token, app)
    alice = player_id(app, "Alice")
    fill(client, token, pid, 0, "standard-14")
    client.post(f"/verdant/players/{alice}/campaign/hand", data={"csrf_token": token, "shape": "scenario-1"})
    client.post(f"/verdant/players/{alice}/campaign/undo", data={"csrf_token": token, "shape": "scenario-1"})
    client.post(f"/verdant/players/{alice}/campaign/hand", data={"csrf_token": token, "shape": "modification-3"})
    data = export_data(app.config["DATABASE"])
    assert len(data["tables"]["achievement_events"]["rows"]) == 4
    fresh = str(tmp_path / "fresh.db")
    import_data(fresh, json.loads(dump(data)))
    assert dump(export_data(fresh)) == dump(data)
    other = create_app({"DATABASE": fresh, "SECRET_KEY": "k", "TESTING": True}).test_client()
    assert sorted(filled(other, alice)) == ["modification-3", "standard-14"]


def test_shapes_marked_by_hand_are_filled_all_or_none(app, client, token, monkeypatch):
    from web.story import campaign

    played(client, token, app, finish=False)
    alice = player_id(app, "Alice")
    real_fill, calls = campaign.fill, []

    def fill_then_refuse(*args):  # another phone fills the second shape meanwhile
        calls.append(args)
        if len(calls) == 2:
            raise campaign.Refused("Scenario 4 is already filled (entered by hand)")
        real_fill(*args)

    monkeypatch.setattr(campaign, "fill", fill_then_refuse)
    response = client.post(f"/verdant/players/{alice}/campaign/hand",
                           data={"csrf_token": token, "shape": ["scenario-3", "scenario-4"]})
    assert response.status_code == 409
    assert [e for e in events(app) if e["player_id"] == alice] == []


# ------------------------------------------------------------- what the page showed (issue 14)


def shown_version(client, pid) -> str:
    """The play's version as the result page's campaign forms carry it."""
    html = result_html(client, pid).split('id="vd-campaign"')[1]
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def test_a_fill_from_a_page_of_an_older_version_of_the_play_is_refused_and_writes_nothing(app, client, token):
    pid = played(client, token, app)
    version = shown_version(client, pid)
    client.post(f"/plays/{pid}/reopen", data={"csrf_token": token})  # another phone reopens and finishes again
    assert client.post(f"/plays/{pid}/finish", data={"csrf_token": token}).status_code == 303
    stale = client.post(f"/verdant/plays/{pid}/campaign/fill",
                        data={"csrf_token": token, "position": "0", "shape": "standard-1", "version": version})
    assert stale.status_code == 409 and "changed on another phone since this page was shown" in stale.get_data(as_text=True)
    assert events(app) == []
    fresh = client.post(f"/verdant/plays/{pid}/campaign/fill",
                        data={"csrf_token": token, "position": "0", "shape": "standard-1", "version": shown_version(client, pid)})
    assert fresh.status_code == 303 and [e["shape"] for e in events(app)] == ["standard-1"]


def test_a_fill_after_the_play_was_reopened_is_refused_inside_the_write(app, client, token):
    pid = played(client, token, app)
    version = shown_version(client, pid)
    client.post(f"/plays/{pid}/reopen", data={"csrf_token": token})
    refused = client.post(f"/verdant/plays/{pid}/campaign/fill",
                          data={"csrf_token": token, "position": "0", "shape": "standard-1", "version": version})
    assert refused.status_code == 409 and "Finish the play first" in refused.get_data(as_text=True)
    assert events(app) == []


def test_an_undo_of_a_fill_another_phone_replaced_is_refused(app, client, token):
    pid = played(client, token, app)
    alice = player_id(app, "Alice")
    fill(client, token, pid, 0, "standard-1")
    page = result_html(client, pid)
    event = re.search(r'name="event" value="(\d+)"', page.split('id="vd-camp-0"')[1]).group(1)
    version = shown_version(client, pid)
    # another phone undoes it and fills it again: the page above shows a fill that is gone
    client.post(f"/verdant/players/{alice}/campaign/undo", data={"csrf_token": token, "shape": "standard-1"})
    fill(client, token, pid, 0, "standard-1")
    stale = client.post(f"/verdant/players/{alice}/campaign/undo", data={
        "csrf_token": token, "shape": "standard-1", "play": str(pid), "version": version, "event": event})
    assert stale.status_code == 409 and "changed on another phone" in stale.get_data(as_text=True)
    assert sorted(filled(client, alice)) == ["standard-1"]
    assert [e["action"] for e in events(app)] == ["fill", "undo", "fill"]


def test_an_undo_from_a_result_page_of_an_older_version_is_refused(app, client, token):
    pid = played(client, token, app)
    alice = player_id(app, "Alice")
    fill(client, token, pid, 0, "standard-1")
    version = shown_version(client, pid)
    client.post(f"/plays/{pid}/reopen", data={"csrf_token": token})
    stale = client.post(f"/verdant/players/{alice}/campaign/undo",
                        data={"csrf_token": token, "shape": "standard-1", "play": str(pid), "version": version})
    assert stale.status_code == 409 and filled(client, alice) == ["standard-1"]


def test_declarations_from_a_stale_page_over_another_phones_declarations_are_refused(app, client, token):
    pid = played(client, token, app, mode="scenario", scenario="14", finish=False)
    version = shown_version(client, pid)
    client.post(f"/verdant/plays/{pid}/campaign/declare",
                data={"csrf_token": token, "version": version, "declared-0": "no_watering_can"})
    stale = client.post(f"/verdant/plays/{pid}/campaign/declare", data={"csrf_token": token, "version": version})
    assert stale.status_code == 409
    assert get_play(app, pid).options["scenario"]["declared"] == [["no_watering_can"], []]


# ------------------------------------------------------------------ the panel's words (issue 17)


def test_a_play_outside_the_campaign_shows_no_achievements_panel(app, client, token):
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"))
    store_seats(app, pid, ALICE_HOME, BEA_HOME)
    html = result_html(client, pid)
    assert 'id="vd-campaign"' not in html and "No achievements" not in html
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"), mode="none", modification="2")
    store_seats(app, pid, ALICE_HOME, BEA_HOME)
    html = result_html(client, pid)
    assert "<h2>Achievement campaign</h2>" in html and "No achievements" not in html


def test_near_misses_are_named_by_their_achievement_not_close(app, client, token):
    pid = played(client, token, app)
    html = result_html(client, pid)
    near = html.split('class="vd-near"')[1].split("</ul>")[0]
    assert re.search(r'<span class="vd-near-tag">Standard game \d+</span> 78 points: 2 short of 80\+', near)
    panel = html.split('id="vd-campaign"')[1]
    assert ">close<" not in panel.lower() and "standard-" not in re.sub(r'value="[^"]*"', "", near)
