"""The edit log told as a story (web/table/words.py): grouped per phone, minute and seat; each change a
line by its place's name with every value it went through; nothing left out."""

from __future__ import annotations

import random
from types import SimpleNamespace

from scoring import paths
from web.table import words

PLAY = SimpleNamespace(game="stub", id=1)


def entry(n, at, who, action="seat saved", old=None, new=None, seat=10, player="Ann"):
    return {"id": n, "at": f"2026-11-28T{at}", "who": who, "action": action, "old": old, "new": new,
            "seat_id": seat, "player": player if seat is not None else None}


def newest_first(*entries):
    return list(reversed(entries))


def texts(group):
    return [line if isinstance(line, str) else f"{line.label}: {' → '.join(line.values)}" for line in group.lines]


def test_autosaves_of_one_phone_in_one_minute_are_one_group_with_one_line_per_place():
    log = newest_first(
        entry(1, "20:31:05", "Ann's phone", old={"points": None}, new={"points": 1}),
        entry(2, "20:31:20", "Ann's phone", old={"points": 1}, new={"points": 2}),
        entry(3, "20:31:40", "Ann's phone", old={"points": 2}, new={"points": 2, "tokens": 1}),
        entry(4, "20:31:59", "Ann's phone", old={"points": 2, "tokens": 1}, new={"points": 3, "tokens": 1}),
    )
    groups = words.story(PLAY, log, {})
    assert len(groups) == 1
    assert (groups[0].who, groups[0].minute, groups[0].seat) == ("Ann's phone", "2026-11-28T20:31", "Ann's seat")
    assert texts(groups[0]) == ["Points: – → 1 → 2 → 3", "Tokens: – → 1"]
    assert [e["id"] for e in groups[0].entries] == [1, 2, 3, 4]


def test_another_phone_another_minute_or_another_seat_starts_a_new_group_newest_first():
    log = newest_first(
        entry(1, "20:31:05", "Ann's phone", old={"points": None}, new={"points": 1}),
        entry(2, "20:31:30", "Bob's phone", old={"points": 1}, new={"points": 4}),
        entry(3, "20:31:50", "Ann's phone", old={"points": 4}, new={"points": 5}),
        entry(4, "20:32:01", "Ann's phone", old={"points": 5}, new={"points": 6}),
        entry(5, "20:32:02", "Ann's phone", old={"points": None}, new={"points": 9}, seat=11, player="Bob"),
    )
    groups = words.story(PLAY, log, {})
    assert [(g.who, g.minute[-5:], g.seat) for g in groups] == [
        ("Ann's phone", "20:32", "Bob's seat"), ("Ann's phone", "20:32", "Ann's seat"),
        ("Ann's phone", "20:31", "Ann's seat"), ("Bob's phone", "20:31", "Ann's seat"),
        ("Ann's phone", "20:31", "Ann's seat")]
    assert [texts(g) for g in groups] == [["Points: – → 9"], ["Points: 5 → 6"], ["Points: 4 → 5"],
                                         ["Points: 1 → 4"], ["Points: – → 1"]]


def test_done_conflicts_and_play_details_are_told_in_words():
    log = newest_first(
        entry(1, "20:30:00", "Ann's phone", action="play created", seat=None,
              new={"game": "stub", "options": {"bonus": 3}, "players": [7, 8]}),
        entry(2, "20:31:00", "Ann's phone", action="marked done", old={"done": False}, new={"done": True}),
        entry(3, "20:32:00", "Bob's phone", action="save conflict (not applied)", old={"points": 5},
              new={"based_on": 2, "changes": {"points": 6}}),
        entry(4, "20:33:00", "Bob's phone", action="play details changed", seat=None,
              old={"played_at": "2026-11-28T20:30", "options": {"bonus": 3}, "notes": ""},
              new={"played_at": "2026-11-28T21:00", "options": {"bonus": 4}, "notes": "rainy"}),
        entry(5, "20:34:00", "Bob's phone", action="photo added", seat=None, new={"photo": 3}),
        entry(6, "20:35:00", "Bob's phone", action="something new", seat=None, old={"x": 1}, new={"x": 2}),
    )
    told = [texts(g) for g in words.story(PLAY, log, {7: "Ann", 8: "Bob"})][::-1]
    assert told[0] == ["Started the play: Ann, Bob", "Bonus points for everyone: 3"]
    assert told[1] == ["Tapped Done"]
    assert told[2] == ["Not saved: another phone had changed the same place", "Points: 5 → 6"]
    assert told[3] == ["Date and time: 2026-11-28 20:30 → 2026-11-28 21:00", "Bonus points for everyone: 3 → 4",
                       "Notes: – → rainy"]
    assert told[4] == ["Photo added", "Photo: – → 3"]
    assert told[5] == ["Something new", "X: 1 → 2"]
    conflict = words.story(PLAY, log, {})[3].lines[1]
    assert conflict.applied is False


def test_a_list_that_grows_is_told_item_by_item():
    old = {"plants": [{"name": "Croton", "growth": 1}]}
    new = {"plants": [{"name": "Croton", "growth": 2}, {"name": "Aloe", "growth": 1}]}
    assert [(p, b, a) for p, b, a in words.changes(old, new)] == [
        ("plants[0].growth", 1, 2), ("plants[1]", paths.MISSING, {"name": "Aloe", "growth": 1})]


def test_filtering_by_seat_keeps_only_that_seats_entries():
    log = newest_first(
        entry(1, "20:30:00", "x", action="play created", seat=None, new={"players": []}),
        entry(2, "20:31:00", "x", old={"points": None}, new={"points": 1}, seat=10),
        entry(3, "20:31:00", "x", old={"points": None}, new={"points": 2}, seat=11, player="Bob"),
    )
    assert [e["id"] for g in words.story(PLAY, log, {}, 11) for e in g.entries] == [3]
    assert [e["id"] for g in words.story(PLAY, log, {}, "play") for e in g.entries] == [1]
    assert sorted(e["id"] for g in words.story(PLAY, log, {}) for e in g.entries) == [1, 2, 3]


def test_nothing_is_left_out_of_a_long_random_log():
    """Every entry is in exactly one group, and every value each place took is on a line."""
    rng = random.Random(17)
    state: dict = {"points": None, "tokens": 0}
    log, taken = [], {"points": [], "tokens": []}
    for n in range(300):
        new = dict(state)
        key = rng.choice(["points", "tokens"])
        new[key] = rng.randint(0, 9) if new[key] != 9 else 0
        if new == state:
            continue
        taken[key].append(str(new[key]))
        minute, second = divmod(n * 7, 60)
        who = rng.choice(["Ann's phone", "Bob's phone"])
        log.append(entry(n, f"20:{minute % 60:02d}:{second:02d}", who, old=state, new=new))
        state = new
    groups = words.story(PLAY, newest_first(*log), {})
    ids = [e["id"] for g in groups for e in g.entries]
    assert sorted(ids) == sorted(e["id"] for e in log) and len(ids) == len(set(ids))
    for key, label in (("points", "Points"), ("tokens", "Tokens")):
        shown = [v for g in reversed(groups) for line in g.lines
                 if not isinstance(line, str) and line.label == label for v in line.values[1:]]
        assert shown == taken[key]  # every value, in order
