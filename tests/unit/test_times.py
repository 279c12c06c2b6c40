"""web/data/times.py: a typed time (naive: the group's zone) stored in UTC and shown back as typed,
an offset converted, the clocks' skipped and doubled hours read with zoneinfo's fold=0."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from web.data import times

BERLIN = times.zone("Europe/Berlin")


def test_a_time_typed_in_berlin_is_stored_in_utc_and_shown_back_as_typed():
    stored = times.to_utc("2026-11-28T20:30", BERLIN)
    assert stored == "2026-11-28T19:30:00Z"  # November: CET, UTC+1
    assert times.typed_in("2026-11-28T20:30", BERLIN) == "Europe/Berlin"
    assert times.shown(stored, BERLIN) == "Sat 28 Nov 2026, 20:30"
    assert times.local_input(stored, BERLIN) == datetime(2026, 11, 28, 20, 30)  # the form's value
    assert times.to_utc("2026-07-01T20:30", BERLIN) == "2026-07-01T18:30:00Z"  # July: CEST, UTC+2


def test_a_time_with_an_offset_is_converted_whatever_the_group_zone():
    for here in (BERLIN, times.zone("America/New_York"), times.zone("UTC")):
        assert times.to_utc("2026-11-30T21:00:00+01:00", here) == "2026-11-30T20:00:00Z"
        assert times.to_utc("2026-11-30T20:00:00Z", here) == "2026-11-30T20:00:00Z"
    assert times.typed_in("2026-11-30T21:00:00+01:00", BERLIN) == "+01:00"
    assert times.typed_in("2026-11-30T15:00-05:00", BERLIN) == "-05:00"
    assert times.typed_in("2026-11-30T20:00:00Z", BERLIN) == "Z"
    # shown in the group's zone, not the one it was sent in: 20:00Z is 15:00 in New York
    assert times.shown("2026-11-30T20:00:00Z", times.zone("America/New_York")) == "Mon 30 Nov 2026, 15:00"


def test_a_time_the_clocks_skip_is_read_with_the_offset_before_the_change():
    # 29 March 2026, Berlin: 02:00 CET becomes 03:00 CEST, so 02:30 never happens on the wall.
    # fold=0 reads it at +01:00 (the offset before): 01:30Z, which is 03:30 CEST when shown back.
    stored = times.to_utc("2026-03-29T02:30", BERLIN)
    assert stored == "2026-03-29T01:30:00Z"
    assert times.shown(stored, BERLIN, "%H:%M %Z") == "03:30 CEST"


def test_a_time_the_clocks_pass_twice_is_read_as_its_first_pass():
    # 25 October 2026, Berlin: 03:00 CEST becomes 02:00 CET, so 02:30 happens twice.
    # fold=0 is the first pass, still CEST (+02:00): 00:30Z.  The second pass (01:30Z) is shown
    # as 02:30 CET, and only a time with an offset names it.
    assert times.to_utc("2026-10-25T02:30", BERLIN) == "2026-10-25T00:30:00Z"
    assert times.to_utc("2026-10-25T02:30+01:00", BERLIN) == "2026-10-25T01:30:00Z"
    assert times.shown("2026-10-25T00:30:00Z", BERLIN, "%H:%M %Z") == "02:30 CEST"
    assert times.shown("2026-10-25T01:30:00Z", BERLIN, "%H:%M %Z") == "02:30 CET"


def test_stored_times_sort_as_the_times_do():
    typed = ["2026-10-25T02:30+01:00", "2026-10-25T02:30", "2026-10-24T23:00-05:00", "2026-10-25T01:00"]
    stored = [times.to_utc(t, BERLIN) for t in typed]
    moments = [datetime.fromisoformat(s) for s in stored]
    assert sorted(stored) == [s for _, s in sorted(zip(moments, stored, strict=True))]
    assert all(m.utcoffset() == timedelta(0) for m in moments)


@pytest.mark.parametrize("name", ["Europe/Berln", "", "../etc/passwd", "/etc/localtime", "Mars/Olympus", None, 3])
def test_an_unknown_zone_is_refused_with_the_reason(name):
    problem = times.zone_problem(name)
    assert problem and ("IANA" in problem)
    with pytest.raises(times.UnknownZone, match="IANA"):
        times.zone(name)  # type: ignore[arg-type]


def test_what_is_not_a_time_is_kept_as_it_is_by_the_conversion_of_old_rows():
    assert times.stored_or_same("not a time", BERLIN) == "not a time"
    assert times.stored_or_same(None, BERLIN) is None
    assert times.stored_or_same("2025-01-01", BERLIN) == "2024-12-31T23:00:00Z"  # midnight in Berlin
    assert times.shown("not a time", BERLIN) == "not a time"


def test_the_server_zone_is_named_and_the_settings_list_holds_the_usual_zones():
    assert times.zone_problem(times.server_zone_name()) is None
    names = times.zone_names()
    assert {"Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC"} <= set(names) and names == sorted(names)
