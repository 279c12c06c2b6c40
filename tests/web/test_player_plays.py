"""``player_plays`` (m015): who sat at which play, with the play's game and time, kept by triggers on
seats and plays, so that a player's plays newest first are a walk of their own rows, not of the
whole history (issue 23).  Every write keeps it what the seats and plays say (the app's, an import's,
a hand-written one); the pages that list a player's plays walk it."""

from __future__ import annotations

import json
import sqlite3

from web.data import backup, store
from web.routes.plays_list import list_plays
from web.story import stats
from web.table import service

EXPECTED = ("SELECT DISTINCT s.player_id, s.play_id, pl.game, pl.played_at FROM seats s "
            "JOIN plays pl ON pl.id = s.play_id ORDER BY 1, 2")


def kept(db) -> list[tuple]:
    return [tuple(r) for r in db.execute(
        "SELECT player_id, play_id, game, played_at FROM player_plays ORDER BY 1, 2")]


def expected(db) -> list[tuple]:
    return [tuple(r) for r in db.execute(EXPECTED)]


def finish(play_id: int, points: list[int]) -> None:
    for position, value in enumerate(points):
        service.save_seat(play_id, position, {"points": value}, "test", done=True)
    service.set_status(play_id, store.FINISHED, "test")


def test_every_write_path_keeps_it_what_the_seats_say(app, tmp_path):
    with app.app_context():
        db = store.get_db()
        ann, bo, cleo, dev = (store.find_or_create_player(n, "test") for n in ("Ann", "Bo", "Cleo", "Dev"))
        first = store.create_play("stub", "2026-10-01T20:00", {"bonus": 0}, [ann, bo], "test")
        second = store.create_play("stub", "2026-10-02T20:00", {"bonus": 0}, [ann, cleo, bo], "test")
        assert kept(db) == expected(db) and len(kept(db)) == 5
        finish(first, [10, 20])
        service.update_play(first, {"played_at": "2026-09-30T18:00"}, "test")  # the date, finished or not
        service.update_play(second, {"played_at": "2026-10-03T18:00"}, "test")
        assert kept(db) == expected(db)
        assert ("2026-09-30T18:00:00Z" in {r[3] for r in kept(db)})
        # who sits where: Bo's seat taken by Dev, Cleo's (entered) set aside
        service.save_seat(second, 1, {"points": 5}, "test")
        found = store.get_play(second)
        seats = [(found.seats[0].id, ann), (found.seats[2].id, dev)]
        service.change_players(second, who="test", base_version=None, seats=seats)
        assert kept(db) == expected(db)
        assert (cleo, second) not in {r[:2] for r in kept(db)} and (dev, second) in {r[:2] for r in kept(db)}
        # a merge: Bo into Ann, who sat at the same play: one row for Ann there, none for Bo
        store.merge_players(bo, ann, "test")
        assert kept(db) == expected(db)
        assert not [r for r in kept(db) if r[0] == bo]
        service.delete_play(first, "test")
        service.restore_play(first, "test")
        assert kept(db) == expected(db)
        # by hand (the sqlite3 shell): a seat written, a time changed, a seat and a play removed
        db.execute("INSERT INTO seats (play_id, position, player_id, state, version, updated_at) "
                   "VALUES (?, 5, ?, '{}', 1, 'x')", [first, cleo])
        db.execute("UPDATE plays SET played_at = '2025-01-01T10:00:00Z' WHERE id = ?", [first])
        assert kept(db) == expected(db)
        db.execute("DELETE FROM seats WHERE play_id = ? AND player_id = ?", [first, cleo])
        assert kept(db) == expected(db)
        # rebuild-stats gives the same rows
        before = kept(db)
        db.execute("DELETE FROM player_plays")
        with store.transaction():
            backup.rebuild_derived(db)
        assert kept(db) == before


def test_an_imported_export_has_them(app, tmp_path):
    with app.app_context():
        db = store.get_db()
        ann, bo, cleo = (store.find_or_create_player(n, "test") for n in ("Ann", "Bo", "Cleo"))
        first = store.create_play("stub", "2026-10-01T20:00", {"bonus": 0}, [ann, bo], "test")
        store.create_play("stub", "2026-10-02T20:00", {"bonus": 0}, [cleo, bo], "test")
        finish(first, [10, 20])
        store.merge_players(cleo, ann, "test")
        before = kept(db)
        assert before == expected(db) and len(before) == 4
        data = backup.export_data(app.config["DATABASE"])
    target = str(tmp_path / "imported.db")
    backup.import_data(target, json.loads(backup.dump(data)))
    copy = sqlite3.connect(target)
    assert kept(copy) == expected(copy) == before


def test_a_player_whose_plays_are_old_is_found_by_a_walk_of_their_own_rows(app):
    """Ann played once, long ago; a hundred plays of others came after: her page, the history and
    the API filtered by her, and her recent totals find her play, each on her rows of player_plays
    (no walk of the plays newest first probing each for her seat)."""
    with app.app_context():
        db = store.get_db()
        ann, bo, cleo = (store.find_or_create_player(n, "test") for n in ("Ann", "Bo", "Cleo"))
        old = store.create_play("stub", "2020-01-01T20:00", {"bonus": 0}, [ann, bo], "test")
        finish(old, [30, 20])
        db.execute("BEGIN")
        for day in range(100):
            play_id = store.create_play("stub", f"2026-0{1 + day // 30}-{1 + day % 28:02d}T20:00", {"bonus": 0},
                                        [bo, cleo], "test")
            db.execute("UPDATE seats SET total = 1, rank = 1 WHERE play_id = ?", [play_id])
            db.execute("UPDATE plays SET status = 'finished' WHERE id = ?", [play_id])
        db.execute("COMMIT")
        assert [p["id"] for p in store.player_plays(ann)] == [old]
        assert [p["id"] for p in store.history_page(None, ann, 25).plays] == [old]
        assert [p["id"] for p in store.history_page("stub", ann, 25).plays] == [old]
        assert [p["id"] for p in list_plays(player_id=ann)[0]] == [old]
        assert [p["id"] for p in stats.player_recent(ann, "stub")] == [old]
        assert len(store.player_plays(bo)) == 50 and store.player_plays(bo)[-1]["id"] != old
        captured: list[str] = []
        db.conn.set_trace_callback(captured.append)
        store.player_plays(ann)
        store.history_page(None, ann, 25)
        store.history_page("stub", ann, 25, before=("2030-01-01T00:00:00Z", 10**6))
        stats.player_recent(ann, "stub")
        list_plays(player_id=ann, since="2019-01-01")
        db.conn.set_trace_callback(None)
        walks = [q for q in captured if "player_plays t" in q]
        assert len(walks) == 5
        for sql in walks:
            plan = " / ".join(r[3] for r in db.execute("EXPLAIN QUERY PLAN " + sql))
            assert plan.startswith("SEARCH t USING COVERING INDEX player_plays_"), plan
            assert "SCAN" not in plan and "TEMP B-TREE" not in plan, plan
