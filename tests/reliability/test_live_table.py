"""Phones at once against the real server (serve.py in its own process): changes of different
places of one seat, sent at the same moment from the same base version, are all acknowledged and
all kept; two phones editing two cells of one Verdant home never lose one."""

from __future__ import annotations

import threading

import pytest

from tests.reliability.client import Phone, Server

PLANTED_PATHS = ["propagation"] + [f"decorations.{k}" for k in (
    "macrame_basket", "ceramic_planter", "plant_stand", "display_shelves", "indoor_greenhouse", "workbench")] + [
    f"tools.{k}" for k in ("grow_light", "window_planter", "watering_can", "spray_bottle", "potting_mix", "fertilizer")]


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path).start()
    yield srv
    srv.stop()


def _at_once(jobs):
    """Run the jobs in threads released at the same moment; their results in order."""
    results: list = [None] * len(jobs)
    gate = threading.Barrier(len(jobs))

    def run(i, job):
        gate.wait()
        results[i] = job()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_13_changes_of_13_paths_of_one_seat_at_once_are_all_acknowledged_and_all_kept(server):
    assert len(PLANTED_PATHS) == 13
    host = Phone(server.base)
    status, play = host.json("POST", "/api/plays", {"game": "planted", "players": ["Ann", "Bob"]})
    assert status == 201
    base = play["seats"][0]["version"]
    phones = [Phone(server.base) for _ in PLANTED_PATHS]

    def change(phone, path):
        return lambda: phone.json("PATCH", f"/api/plays/{play['id']}/seats/0", {"base_version": base, "set": {path: 1}})

    answers = _at_once([change(p, path) for p, path in zip(phones, PLANTED_PATHS)])
    assert [a[0] for a in answers] == [200] * 13, answers
    assert sum(1 for a in answers if a[1]["merged"]) >= 12  # all but the first landed over newer changes
    state = host.json("GET", f"/api/plays/{play['id']}")[1]["seats"][0]["state"]
    assert state["propagation"] == 1
    assert all(v == 1 for v in state["decorations"].values()) and all(v == 1 for v in state["tools"].values())


def test_two_phones_filling_two_cells_of_one_verdant_home_at_once_keep_both_every_round(server):
    host = Phone(server.base)
    status, play = host.json("POST", "/api/plays", {"game": "verdant", "players": ["Alice", "Bea"]})
    assert status == 201
    url = f"/api/plays/{play['id']}/seats/0"
    a, b = Phone(server.base), Phone(server.base)
    for round_ in range(25):
        version = host.json("GET", f"/api/plays/{play['id']}")[1]["seats"][0]["version"]
        first = {"kind": "plant", "name": "Jasmine" if round_ % 2 else "Moth Orchid", "pot": None}
        second = {"kind": "room", "type": "vining" if round_ % 2 else "succulent"}
        answers = _at_once([
            lambda v=version, cell=first: a.json("PATCH", url, {"base_version": v, "set": {"home[0][0]": cell}}),
            lambda v=version, cell=second: b.json("PATCH", url, {"base_version": v, "set": {"home[0][1]": cell}}),
        ])
        assert [x[0] for x in answers] == [200, 200], answers
        home = host.json("GET", f"/api/plays/{play['id']}")[1]["seats"][0]["state"]["home"]
        assert home[0][0] == first and home[0][1] == second, f"round {round_}: a cell was lost"


def test_a_save_and_finish_at_the_same_moment_never_lands_after_the_finish(server):
    host = Phone(server.base)
    status, play = host.json("POST", "/api/plays", {"game": "planted", "players": ["Ann", "Bob"]})
    pid = play["id"]
    for position, plant in ((0, "ZZ Plant"), (1, "Snake Plant")):
        version = host.json("GET", f"/api/plays/{pid}")[1]["seats"][position]["version"]
        host.json("PATCH", f"/api/plays/{pid}/seats/{position}",
                  {"base_version": version, "set": {"plants[0].name": plant, "plants[0].growth": 1}, "done": True})
    saver, finisher = Phone(server.base), Phone(server.base)
    for round_ in range(10):
        version = host.json("GET", f"/api/plays/{pid}")[1]["seats"][0]["version"]
        save, finish = _at_once([
            lambda v=version, n=round_ + 1: saver.json("PATCH", f"/api/plays/{pid}/seats/0",
                                                       {"base_version": v, "set": {"propagation": n}}),
            lambda: finisher.json("POST", f"/api/plays/{pid}/finish", {}),
        ])
        after = host.json("GET", f"/api/plays/{pid}")[1]
        assert after["status"] == "finished"
        if save[0] == 200:  # the save came first: it is in the finished play's result
            assert after["seats"][0]["state"]["propagation"] == round_ + 1
            assert after["result"]["players"][0]["categories"][[c["key"] for c in after["result"]["players"][0]["categories"]].index("propagation")]["points"] == round_ + 1
        else:  # the finish came first: the save was refused, not stored
            assert save == (409, {"error": "finished"})
            assert after["seats"][0]["state"]["propagation"] != round_ + 1
        host.login()
        status, _, _ = host.request("POST", f"/plays/{pid}/reopen", {"csrf_token": host.token})
        assert status == 303
