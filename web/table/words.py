"""A player's words on the shared screens (issue 17): a place in a seat or in a play by its name
(never a contract path), a value as the player reads it, what each seat still lacks with a link
to where it is entered, the messages about the whole table with a link to where they are fixed,
and the edit log told as a story (grouped per person and minute, each change as "Growth on
Croton 2 → 3", nothing left out).

The names come from each game's adapter (``Adapter.field_label`` / ``field_label_in`` /
``value_label`` / ``table_message``, web/games); this module only asks and falls back to the
generic words.  It never computes a point and never reads the engine's sentences back."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flask import url_for

import scoring
from scoring import paths
from scoring.core import FieldError
from web.data import zone
from web.games import Adapter, adapter, field_id, humanize_path, show_value

if TYPE_CHECKING:
    from web.data.store import Play
    from web.table.evaluate import Evaluation

# ------------------------------------------------------------------ places and values


def place(game: str, path: str, state: Any = None) -> str:
    """The name of a place in a seat (a contract path relative to the player) as its player sees
    it: "Propagation jars", "Growth on Croton", "row 2, card 3".  "" for the seat as a whole."""
    if not path:
        return ""
    found = adapter(game)
    labeller = getattr(found, "field_label_in", None)
    try:
        if labeller is not None and isinstance(state, dict):
            return str(labeller(path, state))
        return str(found.field_label(path))
    except (LookupError, TypeError, ValueError, AttributeError, paths.PathError):
        return humanize_path(path)  # a place the adapter cannot name (an old row): the generic words


PLAY_PLACES = {"played_at": "Date and time", "notes": "Notes", "status": "Status", "location": "Where",
               "started_at": "Started", "finished_at": "Finished", "options": "Options"}


def play_place(game: str, path: str) -> str:
    """The name of one of a play's own fields (``played_at``, ``notes``, ``options.solo.vera_score``):
    the adapter's name for an option when it has one, else the option's description."""
    if path in PLAY_PLACES:
        return PLAY_PLACES[path]
    if not path.startswith("options"):
        return humanize_path(path)
    found = adapter(game)
    try:
        named = str(found.field_label(path))
    except (LookupError, TypeError, ValueError, AttributeError, paths.PathError):
        named = humanize_path(path)
    if named != humanize_path(path):
        return named  # the game's own name for it ("Vera's score")
    try:
        parts = paths.parse(path)
    except paths.PathError:
        return named
    option = _option(game, parts[1]) if len(parts) == 2 and isinstance(parts[1], str) else None
    if option is not None and len(option.description) <= 50 and "{" not in option.description:
        return option.description.rstrip(".")  # "Bonus points for everyone"
    return humanize_path(paths.format(parts[1:])) if len(parts) > 1 else named


def _option(game: str, name: str) -> scoring.Option | None:
    try:
        return next((o for o in scoring.get(game).options if o.name == name), None)
    except KeyError:
        return None


def value(game: str, path: str, found: Any) -> str:
    """A value at ``path`` (of a seat) as its player reads it; nothing is "–"."""
    try:
        return str(adapter(game).value_label(path, None if found is paths.MISSING else found))
    except (LookupError, TypeError, ValueError, AttributeError, paths.PathError):
        return show_value(found)


def _minute(at: str | None) -> str:
    """The minute of a stored time (``2026-11-28T19:30:17Z`` -> ``2026-11-28T19:30:00Z``), still a
    time the pages can show in the group's zone."""
    at = at or ""
    return at[:16] + ":00Z" if at.endswith("Z") and len(at) >= 16 else at[:16]


def play_value(path: str, found: Any) -> str:
    if found is paths.MISSING or found is None or found == "":
        return "–"
    if path in ("played_at", "started_at", "finished_at") and isinstance(found, str):
        return zone.shown(found, "%Y-%m-%d %H:%M")  # in the group's zone
    return show_value(found)


# ------------------------------------------------------------------ what each seat lacks


def seat_url(play_id: int, position: int, path: str = "") -> str:
    url = url_for("main.seat", play_id=play_id, position=position)
    return f"{url}#{field_id(path)}" if path else url


SHOWN_PROBLEMS = 6  # a seat with more shows the first five and "and N more" (its page lists them all)


def seats_lacking(play: Play, evaluation: Evaluation) -> list[dict[str, Any]]:
    """Per seat: its name, the link to its page, where it stands in words and each problem (the
    place by name, the message, a link to that place on the seat page)."""
    out = []
    for seat in play.seats:
        errors = evaluation.seat_errors[seat.position] if seat.position < len(evaluation.seat_errors) else []
        problems = [{"label": place(play.game, e.path, seat.state), "message": e.message,
                     "href": seat_url(play.id, seat.position, e.path)} for e in errors]
        more = 0
        if evaluation.complete(seat.position):
            state, words = "complete", "Done and complete"
        elif errors and seat.version == 1:  # (every place is missing: the seat page shows them)
            state, words, problems = "empty", "Nothing entered yet", []
        elif errors:
            state, words = "problems", f"{len(errors)} to fill or fix"
            if len(problems) > SHOWN_PROBLEMS:
                problems, more = problems[:SHOWN_PROBLEMS - 1], len(problems) - SHOWN_PROBLEMS + 1
        else:
            state, words = "not-done", "Everything scores, but its player has not tapped Done"
        out.append({"seat": seat, "href": seat_url(play.id, seat.position), "state": state, "words": words,
                    "problems": problems, "more": more})
    return out


def table_messages(play: Play, errors: Iterable[FieldError]) -> list[dict[str, Any]]:
    """Messages about the whole table (its options, the number of players), each with the link to
    where it is fixed: ``{"text", "href", "link"}``.  A game's adapter may word them itself
    (``table_message``) and names the options entered on the seat page (``seat_options``: a link
    to that field); otherwise an option is changed on the play's details page and the players on
    its players page."""
    found = adapter(play.game)
    own = getattr(type(found), "table_message", None) is not getattr(Adapter, "table_message", None)
    links = play_links(play)
    out = []
    for error in errors:
        try:
            message = found.table_message(play, error, links)
            if own or "/seats/" in (message.get("href") or ""):
                out.append(_normalise(message))
                continue
        except (LookupError, TypeError, ValueError, AttributeError):
            pass
        out.append(_table_message(play, error))
    return out


def play_links(play: Any) -> dict[str, str]:
    """The pages of a play an adapter's message may link to (``Ask.links``)."""
    return {
        "seat": url_for("main.seat", play_id=play.id, position=0),
        "edit": url_for("main.edit_play", play_id=play.id),
    }


def _normalise(message: Mapping[str, Any]) -> dict[str, Any]:
    """An adapter's table message, in either of the shapes the game adapters use."""
    if "text" in message:
        return {"text": message["text"], "href": message.get("url") or message.get("href"),
                "link": message.get("where") or message.get("link") or "Fix it"}
    label, text = message.get("label") or "", message.get("message") or ""
    return {"text": f"{label} {text}" if label else text, "href": message.get("href") or message.get("url"),
            "link": message.get("link") or message.get("where") or "Fix it"}


def _table_message(play: Play, error: FieldError) -> dict[str, Any]:
    path = error.path or ""
    if path.startswith(("players", "player_count")):
        return {"text": f"Players: {error.message}", "href": url_for("manage.players", play_id=play.id),
                "link": "Change the players"}
    if path.startswith("options"):
        return {"text": f"{play_place(play.game, path)}: {error.message}",
                "href": url_for("main.edit_play", play_id=play.id), "link": "Change it in the play's options"}
    if path == "game":
        return {"text": error.message, "href": None, "link": ""}
    label = humanize_path(path) if path else ""
    return {
        "text": f"{label}: {error.message}" if label else error.message,
        "href": url_for("main.edit_play", play_id=play.id),
        "link": "Change the play's date, options, notes",
    }


# ------------------------------------------------------------------ the edit log as a story


@dataclass
class Change:
    """One place that changed, with every value it went through in this group: "2 → 3 → 4"."""

    label: str
    values: list[str]
    path: str = ""
    applied: bool = True  # False: a change a phone asked for that was not applied (a conflict)


@dataclass
class Group:
    """The entries of one person (phone), one minute and one seat (or the play itself), in order."""

    who: str
    minute: str  # ISO, to the minute
    seat_id: int | None
    seat: str  # "Bob's seat", or "" for the play itself
    lines: list[Change | str] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)  # the raw entries (the JSON behind "details")


ACTIONS = {
    "play created": "Started the play",
    "play finished": "Finished the play",
    "play reopened": "Reopened the play",
    "play deleted": "Deleted the play",
    "play discarded": "Discarded the play (nobody had changed it for a long time)",
    "play restored": "Restored the play",
    "marked done": "Tapped Done",
    "marked not done": "Took back Done",
    "seat saved": "",
    "seat saved (API)": "",
    "seat saved (conflict resolved)": "Chose what stays after two phones changed the same place",
    "save conflict (not applied)": "Not saved: another phone had changed the same place",
    "rescored": "Scored again by a newer version of the rules",
    "damaged entry set aside": "A damaged entry was set aside",
    "players changed": "",
    "seat removed": "Removed this seat (what was entered in it is kept)",
}

_SEAT_STATE_ACTIONS = ("seat saved", "seat saved (API)", "seat saved (conflict resolved)")


def changes(old: Any, new: Any) -> Iterator[tuple[str, Any, Any]]:
    """``(path, before, after)`` for each place where ``new`` differs from ``old``
    (:func:`scoring.paths.diff`; a list that grew or shrank is compared item by item, an item
    added or removed being one change).

    >>> list(changes({"a": 1, "l": [1]}, {"a": 2, "l": [1, 5]}))
    [('a', 1, 2), ('l[1]', MISSING, 5)]
    """
    for parts in paths.diff(old, new):
        before, after = paths.get(old, parts), paths.get(new, parts)
        if isinstance(before, list) and isinstance(after, list):
            for i in range(max(len(before), len(after))):
                item_old = before[i] if i < len(before) else paths.MISSING
                item_new = after[i] if i < len(after) else paths.MISSING
                if i < len(before) and i < len(after):
                    for sub in paths.diff(item_old, item_new, (*parts, i)):
                        yield paths.format(sub), paths.get(old, sub), paths.get(new, sub)
                else:
                    yield paths.format((*parts, i)), item_old, item_new
        else:
            yield paths.format(parts), before, after


_UNNAMED_PHONE = re.compile(r"device [0-9a-f]{1,12}")


def phone_names(entries: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """A phone nobody named signs its changes with its short id ("device 39086b"); a player reads
    it as the phone of the one player whose seat it changed in this play ("Bea's phone"), or
    "another phone" (it changed no seat, or several, or another such phone changed that seat too).
    ``entries``: the play's edit log (:func:`web.data.store.play_log`); the answer maps each such
    signature to its words.

    >>> phone_names([{"who": "device 39086b", "seat_id": 4, "player": "Bea"}, {"who": "Ann's phone"}])
    {'device 39086b': "Bea's phone"}
    >>> phone_names([{"who": "device 2440e7", "seat_id": None, "player": None}])
    {'device 2440e7': 'another phone'}
    """
    seats: dict[str, set[str]] = {}
    for entry in entries:
        who = str(entry.get("who") or "")
        if _UNNAMED_PHONE.fullmatch(who):
            players = seats.setdefault(who, set())
            if entry.get("seat_id") is not None and entry.get("player"):
                players.add(str(entry["player"]))
    only = {w: next(iter(p)) for w, p in seats.items() if len(p) == 1}
    names = [only[w] for w in only]
    return {
        w: f"{only[w]}'s phone" if w in only and names.count(only[w]) == 1 else "another phone" for w in seats
    }


def story(
    play: Play, entries: Sequence[dict[str, Any]], names: Mapping[int, str], seat_id: int | None | str = None
) -> list[Group]:
    """The edit log of ``play`` (``entries`` as :func:`web.data.store.play_log` gives them, newest
    first) told as a story: groups of one person, one minute and one seat, newest first, each
    with its changes oldest first.  Every entry is in exactly one group and every change of every
    entry is a line.  ``names``: player id -> name (for the players of a "play created").
    ``seat_id``: only the entries of that seat ("play": only the play's own)."""
    chosen = [e for e in entries if _matches(e, seat_id)]
    phones = phone_names(entries)
    groups: list[Group] = []
    signed: list[str] = []  # each group's signature as stored (two phones may read alike)
    for entry in reversed(chosen):  # oldest first, so a chain of values reads in order
        seat_words = _seat_words(entry)
        minute = _minute(entry.get("at"))
        last = groups[-1] if groups else None
        raw = entry.get("who") or "someone"
        if last is None or (signed[-1], last.minute, last.seat_id) != (raw, minute, entry.get("seat_id")):
            last = Group(phones.get(raw, raw), minute, entry.get("seat_id"), seat_words)
            groups.append(last)
            signed.append(raw)
        last.entries.append(entry)
        _tell(play, entry, last, names)
    return groups[::-1]


def _matches(entry: dict[str, Any], seat_id: int | None | str) -> bool:
    if seat_id is None:
        return True
    if seat_id == "play":
        return entry.get("seat_id") is None
    return entry.get("seat_id") == seat_id


def _seat_words(entry: dict[str, Any]) -> str:
    if entry.get("seat_id") is None:
        return ""
    name = entry.get("player") or "A player"
    return f"{name}'s seat"


def _tell(play: Play, entry: dict[str, Any], group: Group, names: Mapping[int, str]) -> None:
    action = entry.get("action") or ""
    old, new = entry.get("old"), entry.get("new")
    before = len(group.lines)
    _tell_action(play, action, old, new, group, names)
    if action in _SEAT_STATE_ACTIONS and not any(True for _ in changes(old if isinstance(old, dict) else {},
                                                                   new if isinstance(new, dict) else {})):
        group.lines.append("Saved (nothing changed)")
    elif (
        len(group.lines) == before
        and action not in _SEAT_STATE_ACTIONS
        and action != "damaged entry set aside"
    ):
        group.lines.append(action or "A change")


def _tell_action(play: Play, action: str, old: Any, new: Any, group: Group, names: Mapping[int, str]) -> None:
    """The lines of one edit-log entry, by its action."""
    if action in _SEAT_STATE_ACTIONS or action == "damaged entry set aside":
        _tell_seat_state(play, action, old, new, group)
    elif action == "save conflict (not applied)":
        _tell_conflict(play, action, old, new, group)
    elif action == "play created" and isinstance(new, dict):
        _tell_play_created(play, action, new, group, names)
    elif action == "play details changed":
        for path, was, now_ in changes(old, new):
            group.lines.append(
                Change(play_place(play.game, path), [play_value(path, was), play_value(path, now_)], path)
            )
    elif action == "players changed":
        was = ", ".join(s.get("name", "?") for s in (old or {}).get("seats", []))
        now_ = ", ".join(s.get("name", "?") for s in (new or {}).get("seats", []))
        group.lines.append(Change("Players, in seat order", [was or "–", now_ or "–"], "seats"))
    elif action == "seat removed":
        where = f" (seat {new['was_seat']})" if isinstance(new, dict) and new.get("was_seat") else ""
        group.lines.append(ACTIONS[action].replace("this seat", "this seat" + where))
    elif action == "rescored":
        group.lines.append(ACTIONS[action])
        if isinstance(old, dict) and isinstance(new, dict) and ("total" in old or "total" in new):
            group.lines.append(
                Change("Total", [play_value("", old.get("total")), play_value("", new.get("total"))], "total")
            )
    elif action in ACTIONS:
        group.lines.append(ACTIONS[action])
    else:  # any other entry (photos, share links, rematch, a game's own): its words, and what changed
        _tell_other(play, action, old, new, group)


def _tell_play_created(play: Play, action: str, new: dict[str, Any], group: Group,
                       names: Mapping[int, str]) -> None:
    """A new play: its players and each option set."""
    players = [names.get(p, "?") if isinstance(p, int) else str(p) for p in new.get("players") or []]
    group.lines.append(ACTIONS[action] + (": " + ", ".join(players) if players else ""))
    for path, found in paths.leaves(new.get("options") or {}, ("options",)):
        if found not in (None, False, "", [], {}):
            group.lines.append(Change(play_place(play.game, paths.format(path)), [play_value("", found)]))


def _tell_seat_state(play: Play, action: str, old: Any, new: Any, group: Group) -> None:
    """A seat's state saved (or a damaged entry set aside): what changed, place by place."""
    if ACTIONS.get(action):
        group.lines.append(ACTIONS[action])
    after_state = (
        new.get("state") if action == "damaged entry set aside" and isinstance(new, dict) else new
    )
    _state_lines(play.game, old, after_state, group)
    if action == "damaged entry set aside" and isinstance(new, dict) and new.get("set_aside"):
        group.lines.append("Set aside: " + ", ".join(place(play.game, str(p), after_state) or str(p)
                                                     for p in new["set_aside"]))


def _tell_conflict(play: Play, action: str, old: Any, new: Any, group: Group) -> None:
    """A save refused as a conflict: each place it asked for, as stored and as wanted."""
    group.lines.append(ACTIONS[action])
    asked = new.get("changes") if isinstance(new, dict) else None
    for path, wanted in (asked or {}).items():
        try:
            current = paths.get(old, paths.parse(path)) if isinstance(old, dict) else paths.MISSING
        except paths.PathError:
            current = paths.MISSING
        group.lines.append(
            Change(
                place(play.game, path, old),
                [value(play.game, path, current), value(play.game, path, wanted)],
                path,
                False,
            )
        )


def _tell_other(play: Play, action: str, old: Any, new: Any, group: Group) -> None:
    """Any other entry: its words, and what changed."""
    group.lines.append(action[:1].upper() + action[1:] if action else "A change")
    if isinstance(old, dict) or isinstance(new, dict):
        for path, was, now_ in changes(
            old if isinstance(old, dict) else {}, new if isinstance(new, dict) else {}
        ):
            if path:
                group.lines.append(
                    Change(
                        play_place(play.game, path), [play_value(path, was), play_value(path, now_)], path
                    )
                )


def _state_lines(game: str, old: Any, new: Any, group: Group) -> None:
    """One line per place that changed; a place that changes again in the same group extends its
    line (2 → 3 → 4) when it goes on from the value it reached."""
    if not isinstance(old, dict):
        old = {}
    if not isinstance(new, dict):
        new = {}
    for path, was, now_ in changes(old, new):
        shown_old, shown_new = value(game, path, was), value(game, path, now_)
        if shown_old == shown_new:  # a change the words cannot show (an empty entry removed): say so
            shown_old, shown_new = (
                (shown_old, "removed")
                if now_ is paths.MISSING
                else (
                    ("not there", shown_new)
                    if was is paths.MISSING
                    else (shown_old, shown_new + " (see the details)")
                )
            )
        previous = next(
            (
                line
                for line in reversed(group.lines)
                if isinstance(line, Change) and line.path == path and line.applied
            ),
            None,
        )
        if previous is not None and previous.values[-1] == shown_old and _only_changes_since(group, previous):
            previous.values.append(shown_new)
            continue
        group.lines.append(Change(place(game, path, new), [shown_old, shown_new], path))


def _only_changes_since(group: Group, line: Change) -> bool:
    """Nothing but other places' changes came after ``line`` in this group (so extending it keeps
    the story in order)."""
    index = group.lines.index(line)
    return all(isinstance(x, Change) for x in group.lines[index + 1:])
