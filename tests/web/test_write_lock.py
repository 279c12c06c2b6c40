"""Issue 23.3: the writer lock covers only the write.  A seat change is merged and scored outside
the lock; under it the play's version is checked again and the change written, rewriting only the
seats whose totals or breakdown changed.  When another change lands while one is being scored, it
is merged over (or is a conflict) exactly as if the two had queued: no edit is lost."""

from __future__ import annotations

import pytest

from tests.conftest import new_play
from web.data import db as dbmod
from web.data import store
from web.table import service


@pytest.fixture
def play(app, client, token):
    """A stub play of three, each seat entered and done: Ann 30, Bob 20, Cleo 10 points."""
    play_id = new_play(client, token, players=("Ann", "Bob", "Cleo"))
    with app.app_context():
        for position, points in enumerate((30, 20, 10)):
            service.save_seat(play_id, position, {"points": points, "tokens": 0}, "test", done=True)
    return play_id


def _rewritten(database) -> list[int]:
    return [r[0] for r in database.execute("SELECT seat_id FROM rewritten ORDER BY rowid")]


def _watch_seat_rewrites(database) -> None:
    database.execute("CREATE TEMP TABLE rewritten (seat_id INTEGER)")
    database.execute(
        "CREATE TEMP TRIGGER seat_rewritten AFTER UPDATE OF total, rank, breakdown, complete ON seats "
        "BEGIN INSERT INTO rewritten VALUES (NEW.id); END")


def test_a_save_is_scored_outside_the_writer_lock(app, play, monkeypatch):
    real, held = service.evaluate_cached, []

    def watching(*args, **kwargs):
        held.append(dbmod._writer_lock(store.get_db()).locked())
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "evaluate_cached", watching)
    with app.app_context():
        saved = service.apply_change(play, 1, who="Bob's phone", base_version=None, set={"points": 25})
    assert saved.changed and [s.total for s in saved.play.seats] == [30, 25, 10]
    assert held == [False]  # scored once, with the lock free


def test_only_the_seats_whose_totals_changed_are_rewritten(app, play):
    with app.app_context():
        database = store.get_db()
        _watch_seat_rewrites(database)
        seats = store.get_play(play).seats
        service.apply_change(play, 1, who="Bob's phone", base_version=None, set={"points": 25})
        assert _rewritten(database) == [seats[1].id]  # 20 -> 25: still second, Ann and Cleo unchanged
        database.execute("DELETE FROM rewritten")
        service.apply_change(play, 2, who="Cleo's phone", base_version=None, set={"points": 40})
        # Cleo 10 -> 40 goes first: her row, and Ann's and Bob's ranks (1 -> 2, 2 -> 3)
        assert sorted(_rewritten(database)) == sorted(s.id for s in seats)
        database.execute("DELETE FROM rewritten")
        service.apply_change(play, 0, who="Ann's phone", base_version=None, set={"tokens": 3})
        assert _rewritten(database) == []  # tokens break ties only: no total, rank or line changed
        stored = store.get_play(play)
        assert [(s.total, s.rank) for s in stored.seats] == [(30, 2), (25, 3), (40, 1)]
        fresh, _ = service.recompute(store.get_play(play))
        assert [(s.total, s.rank, s.complete) for s in fresh.seats] == [
            (s.total, s.rank, s.complete) for s in stored.seats]


def _land_meanwhile(monkeypatch, change):
    """While the first evaluation of a change runs, another phone's ``change`` lands (once)."""
    real, landed = service.evaluate_cached, []

    def meanwhile(*args, **kwargs):
        if not landed:
            landed.append(True)
            change()
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "evaluate_cached", meanwhile)
    return landed


def test_another_seat_changed_while_scoring_is_kept_and_the_change_written_after_it(app, play, monkeypatch):
    with app.app_context():
        bob = store.get_play(play).seats[1].version
        _land_meanwhile(monkeypatch, lambda: service.apply_change(
            play, 0, who="Ann's phone", base_version=None, set={"points": 50}))
        saved = service.apply_change(play, 1, who="Bob's phone", base_version=bob, set={"points": 60})
        stored = store.get_play(play)
    assert [s.state["points"] for s in stored.seats] == [50, 60, 10]
    assert [(s.total, s.rank) for s in stored.seats] == [(50, 2), (60, 1), (10, 3)]
    assert saved.changed and not saved.merged  # Bob's seat itself had not moved
    assert stored.seats[1].version == stored.version  # Bob's change is the play's newest


def test_the_same_seat_changed_elsewhere_while_scoring_is_merged(app, play, monkeypatch):
    with app.app_context():
        base = store.get_play(play).seats[0].version
        _land_meanwhile(monkeypatch, lambda: service.apply_change(
            play, 0, who="Bob's phone", base_version=base, set={"tokens": 4}))
        saved = service.apply_change(play, 0, who="Ann's phone", base_version=base, set={"points": 33})
        stored = store.get_play(play)
    assert stored.seats[0].state == {"points": 33, "tokens": 4}  # both phones' changes
    assert saved.merged and stored.seats[0].total == 33


def test_the_same_place_changed_elsewhere_while_scoring_is_a_conflict_and_nothing_is_lost(app, play, monkeypatch):
    with app.app_context():
        base = store.get_play(play).seats[0].version
        _land_meanwhile(monkeypatch, lambda: service.apply_change(
            play, 0, who="Bob's phone", base_version=base, set={"points": 44}))
        with pytest.raises(service.Conflict) as caught:
            service.apply_change(play, 0, who="Ann's phone", base_version=base, set={"points": 33})
        stored = store.get_play(play)
        log = [e["action"] for e in store.play_log(play)]
    assert stored.seats[0].state["points"] == 44 and stored.seats[0].total == 44  # Bob's, stored
    assert caught.value.conflicts == [("points", 33, 44)] and caught.value.by == {"points": "Bob's phone"}  # Ann's: shown to her, one tap to keep it
    assert log[0] == "save conflict (not applied)"  # and kept in the log


def test_a_play_finished_while_a_change_is_scored_refuses_the_change(app, play, monkeypatch):
    with app.app_context():
        for position in range(3):
            service.apply_change(play, position, who="test", base_version=None, done=True)
        _land_meanwhile(monkeypatch, lambda: service.set_status(play, store.FINISHED, "Ann's phone"))
        with pytest.raises(service.Finished):
            service.apply_change(play, 1, who="Bob's phone", base_version=None, set={"points": 21})
        assert store.get_play(play).seats[1].state["points"] == 20


def test_after_every_try_moved_the_change_is_made_under_the_lock(app, play, monkeypatch):
    real, calls = service.evaluate_cached, []

    def always_moved(*args, **kwargs):
        free = not dbmod._writer_lock(store.get_db()).locked()
        calls.append(free)
        if free and calls.count(True) <= service.OPTIMISTIC_TRIES:  # Bob's change scored: Cleo's phone saves
            with dbmod.write(store.get_db()):  # (inside a transaction: the change is made under the lock)
                service.apply_change(play, 2, who="Cleo's phone", base_version=None,
                                     set={"tokens": calls.count(True)})
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "evaluate_cached", always_moved)
    with app.app_context():
        saved = service.apply_change(play, 1, who="Bob's phone", base_version=None, set={"points": 26})
        stored = store.get_play(play)
    # each try of Bob's change scored with the lock free (True), and then found the play moved by Cleo's
    # change (scored under the lock: False); after the last try Bob's is made under the lock
    assert calls == [True, False] * service.OPTIMISTIC_TRIES + [False]
    assert stored.seats[1].state["points"] == 26 and stored.seats[2].state["tokens"] == service.OPTIMISTIC_TRIES
    assert saved.changed
