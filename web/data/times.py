"""Times: stored in UTC, typed and shown in the group's zone (issue 26, docs/architecture.md "Time
zones").  Pure: the standard library only (the migration that converted the stored times uses it
too), no Flask, no SQL.

Every time Scorepad stores is one shape, ``2026-11-28T19:30:00Z`` (UTC, seconds, ``Z``), so that
the text sorts as the time does, and the API and the exports write it as stored, every row alike.
A time typed without a zone (the New play form, ``"played_at": "2026-11-28T20:30"`` in the API)
is read in the group's zone; one with an offset (``+01:00``, ``Z``) is converted.

A typed local time the clocks skip (02:30 on the night they go forward) or pass twice (02:30 on
the night they go back) is read as Python's zoneinfo reads it with ``fold=0``: the skipped time
with the offset before the change (02:30 in Europe/Berlin on 29 March 2026 is 01:30Z, shown back
as 03:30), the twice-passed time as its first pass, still summer time (02:30 on 25 October 2026
is 00:30Z).

>>> berlin = zone("Europe/Berlin")
>>> to_utc("2026-11-28T20:30", berlin)
'2026-11-28T19:30:00Z'
>>> to_utc("2026-11-28T20:30:00+01:00", zone("America/New_York"))
'2026-11-28T19:30:00Z'
>>> typed_in("2026-11-28T20:30", berlin), typed_in("2026-11-28T20:30+05:30", berlin)
('Europe/Berlin', '+05:30')
>>> shown("2026-11-28T19:30:00Z", berlin)
'Sat 28 Nov 2026, 20:30'
"""

from __future__ import annotations

import os
from contextlib import suppress
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

STORED = "%Y-%m-%dT%H:%M:%SZ"
LONG = "%a %d %b %Y, %H:%M"


class UnknownZone(ValueError):
    """A name that is not an IANA time zone; the message says so and gives an example."""


def zone_problem(name: object) -> str | None:
    """Why ``name`` is not a time zone Scorepad can use, or None.

    >>> zone_problem("Europe/Berlin") is None, zone_problem("Europe/Berln")
    (True, '"Europe/Berln" is not a time zone: use an IANA name like Europe/Berlin or America/New_York')
    """
    if not isinstance(name, str) or not name.strip():
        return "must be an IANA time zone name like Europe/Berlin"
    name = name.strip()
    if len(name) > 64 or name.startswith(("/", ".")) or ".." in name or "\\" in name:
        return f'"{name[:64]}" is not a time zone: use an IANA name like Europe/Berlin or America/New_York'
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return f'"{name}" is not a time zone: use an IANA name like Europe/Berlin or America/New_York'
    return None


def zone(name: str) -> ZoneInfo:
    problem = zone_problem(name)
    if problem:
        raise UnknownZone(problem)
    return ZoneInfo(name.strip())


def server_zone_name() -> str:
    """The IANA name of this machine's zone (``TZ``, else /etc/localtime's link, else
    /etc/timezone), or ``UTC`` when it has none Scorepad can name."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    with suppress(OSError):
        target = str(Path("/etc/localtime").resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    with suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    for name in candidates:
        if name and zone_problem(name) is None:
            return name
    return "UTC"


def zone_names() -> list[str]:
    """Every zone the Settings page offers (its datalist), sorted."""
    return sorted(n for n in available_timezones() if "/" in n or n == "UTC")


def parse(value: str | datetime, here: tzinfo) -> datetime:
    """``value`` as an aware time: a naive one read in ``here`` (fold=0). ValueError if not a time."""
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value.strip())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=here, fold=0)
    return moment


def to_utc(value: str | datetime, here: tzinfo) -> str:
    """``value`` as Scorepad stores a time (UTC, ``Z``).  ValueError if it is not a time."""
    return parse(value, here).astimezone(UTC).strftime(STORED)


def typed_in(value: str | datetime, here: tzinfo) -> str:
    """The zone ``value`` was typed in: ``here``'s name when it carries none, else its offset
    (``+01:00``; ``Z`` for UTC)."""
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(value.strip())
    if moment.tzinfo is None:
        return str(getattr(here, "key", None) or here)
    offset = moment.utcoffset() or timedelta(0)
    if not offset:
        return "Z"
    sign = "-" if offset < timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def now() -> str:
    """Now, as Scorepad stores a time."""
    return datetime.now(UTC).strftime(STORED)


def stored_or_same(value: object, here: tzinfo) -> object:
    """``value`` converted to the stored shape if it is a time (a naive one read in ``here``),
    else unchanged: what the migration and the JSON import do to every time column."""
    if not isinstance(value, str) or not value.strip():
        return value
    try:
        return to_utc(value, here)
    except (ValueError, OverflowError):
        return value


def local(value: str | None, here: tzinfo) -> datetime | None:
    """A stored time in ``here``, or None if it is not one (a naive time, as an old edit log
    entry keeps it, is read in ``here``)."""
    if not value:
        return None
    try:
        return parse(value, here).astimezone(here)
    except (ValueError, OverflowError):
        return None


def local_input(value: str | None, here: tzinfo) -> datetime | None:
    """A stored time as a form's date-and-time field shows it: local, naive, to the minute."""
    moment = local(value, here)
    return moment.replace(tzinfo=None, second=0, microsecond=0) if moment else None


def shown_short(value: str | None, here: tzinfo) -> str:
    """A stored time of today (in ``here``) as 20:31, of another day as Sat 28 Nov, 20:31."""
    moment = local(value, here)
    if moment is None:
        return value or ""
    if moment.date() == datetime.now(UTC).astimezone(here).date():
        return moment.strftime("%H:%M")
    return moment.strftime("%a %d %b, %H:%M")


def shown(value: str | None, here: tzinfo, fmt: str = LONG) -> str:
    """A stored time as the pages show it, in ``here``; a text that is not a time as it is."""
    moment = local(value, here)
    return moment.strftime(fmt) if moment else (value or "")
