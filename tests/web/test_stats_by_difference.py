"""Issue 23.1: the statistics are kept by each play's difference (web/data/aggregates.py).  Whatever
sequence of plays finished, corrected, reopened, deleted, restored, rescored or of players merged,
the statistics tables (and the facts they are kept from) hold exactly what a full rebuild
(``flask --app app rebuild-stats``) computes from the stored plays."""

from __future__ import annotations

import contextlib
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import create_app
from web.data import aggregates, backup, store
from web.table import service

GROUP = ("Ann", "Bo", "Cleo", "Dev", "Eve")
DERIVED = ("player_stats", *aggregates.TABLES, *aggregates.FACTS, *aggregates.INDEXES)


def snapshot(database) -> dict[str, list[tuple]]:
    out = {}
    for table in DERIVED:
        columns = [c[1] for c in database.execute(f"PRAGMA table_info({table})") if c[1] != "id"]
        out[table] = sorted(
            (tuple(r) for r in database.execute(f"SELECT {', '.join(columns)} FROM {table}")), key=repr)
    return out


def rebuilt(database) -> dict[str, list[tuple]]:
    """What a full rebuild gives, read inside a transaction that is then rolled back."""
    database.execute("BEGIN IMMEDIATE")
    try:
        backup.rebuild_derived(database)
        return snapshot(database)
    finally:
        database.execute("ROLLBACK")


points = st.sampled_from([0, 5, 10, 10, 20, 35])  # few values: ties, shared wins, tokens breaking them
seats = st.lists(st.tuples(st.integers(0, len(GROUP) - 1), points, st.integers(0, 2)), min_size=1, max_size=4,
                 unique_by=lambda s: s[0])
which = st.integers(0, 30)  # a play, by its place among those made (modulo)
actions = st.lists(
    st.one_of(
        st.tuples(st.just("new"), seats, st.integers(1, 4), st.booleans()),  # played on day 1-4; finished?
        st.tuples(st.just("finish"), which),
        st.tuples(st.just("reopen"), which),
        st.tuples(st.just("correct"), which, st.integers(0, 3), points, st.integers(0, 2)),
        st.tuples(st.just("options"), which, st.integers(0, 3)),  # the bonus of a play, finished or not
        st.tuples(st.just("date"), which, st.integers(1, 4)),  # when it was played, finished or not
        st.tuples(st.just("delete"), which),
        st.tuples(st.just("restore"), which),
        st.tuples(st.just("rescore"), which),
        st.tuples(st.just("merge"), st.integers(0, len(GROUP) - 1), st.integers(0, len(GROUP) - 1)),
    ),
    min_size=1,
    max_size=14,
)

REFUSED = (service.Finished, service.NotReady, store.NotFound, service.Conflict, service.Refused, service.BadChange)


def play(state, plays, kind, *args):
    """One action; one the app refuses (a finished play changed, Finish before every seat is
    done, ...) changes nothing and is skipped, as a phone would be answered."""
    from web.table import rescore

    if kind == "new":
        chosen, day, finish = args
        ids = [state["players"][i] for i, _, _ in chosen]
        play_id = store.create_play("stub", f"2026-10-0{day}T20:00", {"bonus": 0}, ids, "test")
        for position, (_, value, tokens) in enumerate(chosen):
            service.save_seat(play_id, position, {"points": value, "tokens": tokens}, "test", done=True)
        plays.append(play_id)
        if finish:
            service.set_status(play_id, store.FINISHED, "test")
        return
    if kind == "merge":
        duplicate, keep = (state["players"][i] for i in args)
        if duplicate != keep and not store.get_player(duplicate)["merged_into"] and not store.get_player(keep)["merged_into"]:
            store.merge_players(duplicate, keep, "test")
        return
    if not plays:
        return
    play_id = plays[args[0] % len(plays)]
    if kind == "finish":
        service.set_status(play_id, store.FINISHED, "test")
    elif kind == "reopen":
        service.set_status(play_id, store.IN_PROGRESS, "test")
    elif kind == "correct":  # reopened, one seat changed, finished again
        _, position, value, tokens = args
        found = store.get_play(play_id)
        was_finished = found.status == store.FINISHED
        if was_finished:
            service.set_status(play_id, store.IN_PROGRESS, "test")
        service.save_seat(play_id, position % len(found.seats), {"points": value, "tokens": tokens}, "test",
                          done=True)
        if was_finished:
            service.set_status(play_id, store.FINISHED, "test")
    elif kind == "options":
        service.update_play(play_id, {"options": {"bonus": args[1]}}, "test")
    elif kind == "date":
        service.update_play(play_id, {"played_at": f"2026-10-0{args[1]}T21:00"}, "test")
    elif kind == "delete":
        service.delete_play(play_id, "test")
    elif kind == "restore":
        service.restore_play(play_id, "test")
    elif kind == "rescore":
        rescore.rescore(play_id, "test")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(steps=actions)
def test_any_sequence_of_changes_leaves_what_a_full_rebuild_gives(steps):
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/t.db", "SECRET_KEY": "k", "TESTING": True,
                          "RESCORE_ON_START": False})
        with app.app_context():
            state = {"players": [store.find_or_create_player(name, "test") for name in GROUP]}
            plays: list[int] = []
            database = store.get_db()
            for step in steps:
                with contextlib.suppress(*REFUSED):
                    play(state, plays, *step)
                assert snapshot(database) == rebuilt(database), step


def test_a_finish_adds_exactly_its_play(app):
    """By hand: two plays; the statistics after the second finish are the first's plus the second's."""
    with app.app_context():
        ann, bo = (store.find_or_create_player(n, "test") for n in ("Ann", "Bo"))
        first = store.create_play("stub", "2026-10-01T20:00", {"bonus": 0}, [ann, bo], "test")
        second = store.create_play("stub", "2026-10-02T20:00", {"bonus": 0}, [ann, bo], "test")
        for play_id, (a, b) in ((first, (30, 20)), (second, (10, 40))):
            service.save_seat(play_id, 0, {"points": a}, "test", done=True)
            service.save_seat(play_id, 1, {"points": b}, "test", done=True)
            service.set_status(play_id, store.FINISHED, "test")
        database = store.get_db()
        rows = database.execute(
            "SELECT player_id, plays, wins, total_sum, best, best_play_id, best_margin, best_margin_play_id, "
            "last_played_at FROM stat_player_game ORDER BY player_id").fetchall()
        # Ann: 30 (won by 10) + 10 (lost) -> 2 plays, 1 win, 40 points, best 30 in the first, margin 10 there
        # Bo: 20 (lost) + 40 (won by 30) -> 2 plays, 1 win, 60 points, best 40 in the second, margin 30 there
        assert [tuple(r) for r in rows] == [
            (ann, 2, 1, 40, 30, first, 10, first, "2026-10-02T20:00:00Z"),  # (stored in UTC: the tests' zone)
            (bo, 2, 1, 60, 40, second, 30, second, "2026-10-02T20:00:00Z"),
        ]
        service.delete_play(second, "test")  # Bo's best leaves with it: found again, 20 in the first
        rows = database.execute("SELECT player_id, plays, best, best_play_id, best_margin FROM stat_player_game "
                                "ORDER BY player_id").fetchall()
        assert [tuple(r) for r in rows] == [(ann, 1, 30, first, 10), (bo, 1, 20, first, None)]
        assert snapshot(database) == rebuilt(database)


def test_a_finished_play_moved_to_another_day_moves_its_firsts_and_lasts(app):
    with app.app_context():
        ann = store.find_or_create_player("Ann", "test")
        play_id = store.create_play("stub", "2026-10-01T20:00", {"bonus": 0}, [ann], "test")
        service.save_seat(play_id, 0, {"points": 3}, "test", done=True)
        service.set_status(play_id, store.FINISHED, "test")
        service.update_play(play_id, {"played_at": "2026-10-03T21:00"}, "test")
        database = store.get_db()
        assert tuple(database.execute("SELECT * FROM stat_game").fetchone()) == (
            "stub", 1, "2026-10-03T21:00:00Z", "2026-10-03T21:00:00Z")
        assert database.execute("SELECT last_played_at FROM stat_player_game").fetchone()[0] == "2026-10-03T21:00:00Z"
        assert snapshot(database) == rebuilt(database)


def test_a_finish_reads_no_history(app, monkeypatch):
    """The statements a Finish runs for the statistics name one play (its facts), never a player's
    seats: traced on the connection."""
    with app.app_context():
        ann, bo = (store.find_or_create_player(n, "test") for n in ("Ann", "Bo"))
        play_id = store.create_play("stub", "2026-10-01T20:00", {"bonus": 0}, [ann, bo], "test")
        service.save_seat(play_id, 0, {"points": 3}, "test", done=True)
        service.save_seat(play_id, 1, {"points": 4}, "test", done=True)
        statements: list[str] = []
        database = store.get_db()
        database.conn.set_trace_callback(statements.append)
        try:
            service.set_status(play_id, store.FINISHED, "test")
        finally:
            database.conn.set_trace_callback(None)
    reads = [s for s in statements if "player_id IN" in s or "GROUP BY" in s]
    assert reads == []  # no statement recomputes a player's rows from their seats
    assert any("INSERT INTO stat_seat_facts" in s for s in statements)
