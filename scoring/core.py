"""The scoring contract shared by every game.

Pure Python: no Flask, no database, no I/O.  A game module turns a JSON-like ``table``
(``{"options": {...}, "players": [{"name": ..., ...game state...}, ...]}``) into a
:class:`Result`, or raises :class:`ValidationError` listing every problem with the path of
the field it concerns (``players[0].home[1][2].pot``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .text import clean_name, fold_word, name_key, name_problem

# --------------------------------------------------------------------------- errors


@dataclass(frozen=True)
class FieldError:
    """One problem with the input: where it is (a path) and what is allowed."""

    path: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"path": self.path, "message": self.message}


class ValidationError(Exception):
    """The table is not a legal end-of-game state.  ``errors`` lists every problem found."""

    def __init__(self, errors: Iterable[FieldError]):
        self.errors: list[FieldError] = list(errors)
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in self.errors))

    def to_dict(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.to_dict() for e in self.errors]}


class Errors:
    """Collects :class:`FieldError`s while a parser walks the input.

    >>> errs = Errors()
    >>> errs.add("players[0].wrens", "must be a whole number from 0 up")
    >>> bool(errs)
    True
    >>> errs.raise_if_any()
    Traceback (most recent call last):
    ...
    scoring.core.ValidationError: players[0].wrens: must be a whole number from 0 up
    """

    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, path: str, message: str) -> None:
        self.items.append(FieldError(path, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise ValidationError(self.items)


# ------------------------------------------------------------------ input helpers


def join(path: str, key: str | int) -> str:
    """Build a field path: ``join("players[0]", "home")`` -> ``players[0].home``.

    >>> join("players[0].home", 1)
    'players[0].home[1]'
    >>> join("", "options")
    'options'
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def get_int(
    errors: Errors,
    data: Any,
    key: str,
    path: str,
    *,
    default: int | None = None,
    minimum: int | None = 0,
    maximum: int | None = None,
) -> int | None:
    """Read a whole number from ``data[key]``; on a problem record it and return None.

    Booleans and floats with a fraction are refused; ``"3"`` (a string of digits) is accepted
    because HTML forms send strings.

    >>> e = Errors(); get_int(e, {"n": "4"}, "n", "p"), len(e)
    (4, 0)
    >>> e = Errors(); get_int(e, {"n": -1}, "n", "p"), e.items[0].message
    (None, 'must be a whole number, at least 0')
    """
    where = join(path, key)
    if not isinstance(data, dict) or key not in data or data[key] is None or data[key] == "":
        if default is not None:
            return default
        errors.add(where, _int_rule(minimum, maximum, missing=True))
        return None
    return to_int(errors, data[key], where, minimum=minimum, maximum=maximum)


def to_int(
    errors: Errors, value: Any, where: str, *, minimum: int | None = 0, maximum: int | None = None
) -> int | None:
    """Convert one value to an int within bounds, recording an error at ``where`` if it is not."""
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]{1,9}\s*", value, re.ASCII):
        number = int(value)  # ASCII digits only: "٣" or "²" are not read as numbers
    if (
        number is None
        or (minimum is not None and number < minimum)
        or (maximum is not None and number > maximum)
    ):
        errors.add(where, _int_rule(minimum, maximum))
        return None
    return number


def _int_rule(minimum: int | None, maximum: int | None, missing: bool = False) -> str:
    if minimum is not None and maximum is not None:
        rule = f"a whole number from {minimum} to {maximum}"
    elif minimum is not None:
        rule = f"a whole number, at least {minimum}"
    elif maximum is not None:
        rule = f"a whole number, at most {maximum}"
    else:
        rule = "a whole number"
    return ("is missing: enter " if missing else "must be ") + rule


def get_bool(errors: Errors, data: Any, key: str, path: str, *, default: bool = False) -> bool:
    """Read a yes/no value (JSON true/false; also "on"/"true"/"1" and "false"/"0"/"" from forms)."""
    value = data.get(key, default) if isinstance(data, dict) else default
    if isinstance(value, bool):
        return value
    if value is None:
        return default
    if isinstance(value, (int, str)) and str(value).strip().lower() in {"1", "true", "on", "yes"}:
        return True
    if isinstance(value, (int, str)) and str(value).strip().lower() in {"0", "false", "off", "no", ""}:
        return False
    errors.add(join(path, key), "must be true or false")
    return default


def get_choice(
    errors: Errors, data: Any, key: str, path: str, choices: Sequence[str], *, default: str | None = None
) -> str | None:
    """Read one of a fixed set of words (compared case-insensitively)."""
    value = data.get(key) if isinstance(data, dict) else None
    if value is None or value == "":
        if default is not None:
            return default
        errors.add(join(path, key), "is missing: choose one of " + ", ".join(choices))
        return None
    if isinstance(value, str):
        folded = fold_word(value).strip().lower()
        for choice in choices:
            if choice.lower() == folded:
                return choice
    errors.add(join(path, key), f"{_show(value)} is not allowed: choose one of " + ", ".join(choices))
    return None


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def normalize_name(name: str) -> str:
    """Card names match case-insensitively, ignoring punctuation and spacing (READINGS.md), after
    NFKC with invisible characters removed (:func:`scoring.text.fold_word`: full-width letters
    are letters).

    >>> (normalize_name("Devil's  Ivy") == normalize_name("devils ivy")
    ...  == normalize_name("\uff44evils\u200b ivy"))
    True
    """
    return _NOT_NAME_CHAR.sub("", fold_word(name).casefold())


_NOT_NAME_CHAR = re.compile(r"[^0-9a-z]")


def player_list(
    errors: Errors, table: Any, *, minimum: int = 1, maximum: int | None = None
) -> list[dict[str, Any]]:
    """Check the outer shape of a table and return its players (dicts) and names.

    Each player must be an object with a non-empty ``name`` (at most 60 characters, no control,
    invisible or bidirectional characters: :mod:`scoring.text`); names must differ after NFC, in
    any case.  Problems are recorded; players that are not objects are replaced by ``{}`` so that the
    caller's indexes still line up with the input.
    """
    if not isinstance(table, dict):
        errors.add("", 'the table must be a JSON object: {"options": {...}, "players": [...]}')
        return []
    options = table.get("options", {})
    if options is not None and not isinstance(options, dict):
        errors.add("options", "must be an object")
    players = table.get("players")
    if not isinstance(players, list):
        errors.add("players", "must be a list of players")
        return []
    if len(players) < minimum or (maximum is not None and len(players) > maximum):
        allowed = f"{minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
        errors.add("players", f"has {len(players)} players: this game takes {allowed}")
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            errors.add(where, "must be an object with the player's name and table")
            out.append({})
            continue
        name = player.get("name")
        problem = name_problem(name) if isinstance(name, str) else None
        if not isinstance(name, str) or not name.strip():
            errors.add(join(where, "name"), "is missing: enter the player's name")
        elif len(clean_name(name)) > 60:
            errors.add(join(where, "name"), "is too long: at most 60 characters")
        elif problem:
            errors.add(join(where, "name"), problem)
        else:
            key = name_key(name)  # NFC, any case: "Anne" + a combining accent is "Anné"
            if key in seen:
                errors.add(join(where, "name"), f'"{name}" is already the name of player {seen[key] + 1}')
            seen[key] = i
        out.append(player)
    return out


@dataclass(frozen=True)
class Seating:
    """Who is at the table: the boards sent and how many players the game really has.

    ``count`` is ``player_count`` when the table gives it (the web layer scores the seats that
    are filled in while others are still typing), else the number of boards.  A table with fewer
    boards than players is *partial*: every board is scored, no winner is named.  A single board
    sent alone (no ``player_count``, or ``player_count`` 1) is *one board*: scored on its own, for
    a dispute about one player or a rulebook example, with no winner (a game with a solo mode
    plays it when its solo options say so)."""

    players: list[dict[str, Any]]
    count: int

    @property
    def partial(self) -> bool:
        return len(self.players) < self.count

    @property
    def one_board(self) -> bool:
        return self.count == 1

    def note(self, title: str, minimum: int) -> str | None:
        """The result's warning for a partial table or a lone board, else None."""
        if self.partial:
            return (
                f"{len(self.players)} of {self.count} boards: "
                "every board is scored, no winner is named until all are in"
            )
        if self.one_board and minimum > 1:
            return f"One board scored on its own ({title} is played by {minimum} or more): no winner"
        return None


def seating(errors: Errors, table: Any, *, minimum: int, maximum: int, title: str = "this game") -> Seating:
    """The players of ``table`` (see :func:`player_list`) and the number at the real table.

    >>> e = Errors(); s = seating(e, {"players": [{"name": "A"}]}, minimum=2, maximum=5)
    >>> (s.count, s.one_board, s.partial, len(e))
    (1, True, False, 0)
    >>> e = Errors(); s = seating(e, {"players": [{"name": "A"}], "player_count": 3}, minimum=2, maximum=5)
    >>> (s.count, s.partial, len(e))
    (3, True, 0)
    >>> e = Errors(); _ = seating(e, {"players": [{"name": "A"}, {"name": "B"}], "player_count": 1},
    ...     minimum=2, maximum=5)
    >>> e.items[0].message  # doctest: +NORMALIZE_WHITESPACE
    'must be a whole number from 2 to 5 (at least the 2 boards sent); to score one board on its own, send just
    that board'
    """
    players = player_list(errors, table, minimum=1, maximum=maximum)
    raw = table.get("player_count") if isinstance(table, dict) else None
    sent = len(players)
    if raw is None:
        if 1 < sent < minimum:
            errors.add(
                "players",
                f"has {sent} players: {title} takes {minimum} to {maximum}; to score one board on its own, "
                "send just that board",
            )
        return Seating(players, max(sent, 1))
    low = max(minimum, sent) if sent > 1 or minimum == 1 else 1
    scratch = Errors()
    count = to_int(scratch, raw, "player_count", minimum=1, maximum=maximum)
    if count is None or (count < low and not (count == 1 and sent <= 1)):
        low_shown = max(minimum, sent)
        hint = "; to score one board on its own, send just that board" if minimum > 1 or sent > 1 else ""
        errors.add(
            "player_count",
            f"must be a whole number from {low_shown} to {maximum} (at least the {sent} boards sent){hint}"
            if sent > 1
            else f"must be a whole number from 1 to {maximum}",
        )
        return Seating(players, max(sent, 1))
    return Seating(players, count)


def options_of(table: Any) -> dict[str, Any]:
    options = table.get("options") if isinstance(table, dict) else None
    return options if isinstance(options, dict) else {}


# -------------------------------------------------------------------------- result


#: One explanation line and the contract paths (relative to the player) of the parts of the
#: table it is about: ``("Room (Flowering): 2 adjacent plants x 2 = 4", ("home[0][1]", ...))``.
Line = tuple[str, tuple[str, ...]]


def line(text: str, *paths: str) -> Line:
    """An explanation line about the parts of the table at ``paths``.

    >>> line("Propagation: 3 tokens = 3", "propagation")
    ('Propagation: 3 tokens = 3', ('propagation',))
    """
    return (text, tuple(paths))


@dataclass(frozen=True)
class Category:
    """One row of the score pad for one player: its points and the lines that explain them.

    ``refs`` runs parallel to ``details``: for each line, the contract paths of the parts of the
    player's table it is about (empty only for a line about the whole table).

    >>> c = Category.of("propagation", "Propagation", 3, [line("3 tokens x 1 = 3", "propagation")])
    >>> c.to_dict()["refs"], Category("x", "X", 0, ("a line",)).refs
    ([['propagation']], ((),))
    """

    key: str
    label: str
    points: int
    details: tuple[str, ...] = ()
    refs: tuple[tuple[str, ...], ...] = ()

    def __init__(
        self,
        key: str,
        label: str,
        points: int,
        details: tuple[str, ...] = (),
        refs: tuple[tuple[str, ...], ...] = (),
    ) -> None:
        # as the frozen dataclass's (then its refs check), without its setattr calls: every
        # player's every row of every result is one
        d = self.__dict__
        d["key"] = key
        d["label"] = label
        d["points"] = points
        d["details"] = details
        if len(refs) != len(details):
            if refs:
                raise ValueError(f"{key}: {len(refs)} refs for {len(details)} lines")
            refs = tuple(() for _ in details)
        d["refs"] = refs

    @classmethod
    def of(cls, key: str, label: str, points: int, lines: Iterable[Line | str]) -> Category:
        """A category from its lines, each a :func:`line` (or plain text about the whole table)."""
        pairs = [(item, ()) if isinstance(item, str) else item for item in lines]
        return cls(key, label, points, tuple([t for t, _ in pairs]), tuple([tuple(r) for _, r in pairs]))

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(zip(self.details, self.refs))

    def lines_about(self, prefix: str) -> tuple[str, ...]:
        """The lines naming ``prefix`` or a path inside it (``"home[1][2]"`` also matches
        ``"home[1][2].pot"``)."""
        return tuple(text for text, refs in self.lines if any(_inside(r, prefix) for r in refs))

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "points": self.points,
            "details": list(self.details),
            "refs": [list(r) for r in self.refs],
        }


def _inside(path: str, prefix: str) -> bool:
    return path == prefix or (path.startswith(prefix) and path[len(prefix)] in ".[")


def errors_at(errors: Iterable[FieldError], prefix: str, exact: bool = False) -> list[FieldError]:
    """The errors about ``prefix`` or a place inside it (``plants[2]`` also takes
    ``plants[2].growth``); ``exact``: about ``prefix`` itself only.  (A filter of the templates
    too: the page files each message next to its field.)

    >>> [e.path for e in errors_at([FieldError("plants[2].growth", "x"), FieldError("plants[20]", "y")],
    ...     "plants[2]")]
    ['plants[2].growth']
    """
    return [e for e in errors if (e.path == prefix if exact else _inside(e.path, prefix))]


def lines_at(categories: Iterable[Category], prefix: str) -> list[str]:
    """The explanation lines (of any category) about ``prefix`` or a place inside it."""
    return [text for c in categories for text in c.lines_about(prefix)]


_NEW_DICT: dict[str, Any] = {}  # the default meaning "a new empty dict" (only compared by identity)


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    rank: int
    categories: tuple[Category, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific keys (achievements, solo, ...)
    tiebreak: str | None = None  # how a tie on this player's total was settled (or that it is shared)

    def __init__(
        self,
        name: str,
        total: int,
        rank: int,
        categories: tuple[Category, ...],
        extra: dict[str, Any] = _NEW_DICT,
        tiebreak: str | None = None,
    ) -> None:
        # as the frozen dataclass's, without its setattr calls (``extra`` a new dict when not given)
        d = self.__dict__
        d["name"] = name
        d["total"] = total
        d["rank"] = rank
        d["categories"] = categories
        d["extra"] = {} if extra is _NEW_DICT else extra
        d["tiebreak"] = tiebreak

    def category(self, key: str) -> Category:
        for category in self.categories:
            if category.key == key:
                return category
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "categories": [c.to_dict() for c in self.categories],
            "tiebreak": self.tiebreak,
        }
        data.update(self.extra)
        return data


@dataclass(frozen=True)
class Result:
    game: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    tiebreak: str | None = None
    warnings: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific top-level keys
    engine_version: str = ""

    def player(self, name: str) -> PlayerResult:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "engine_version": self.engine_version,
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "warnings": list(self.warnings),
        }
        data.update(self.extra)
        return data


@dataclass(frozen=True)
class Tiebreaker:
    """One rulebook tie-breaker: a label ("most Green Thumb tokens") and a value per player,
    higher is better."""

    label: str
    values: Sequence[int | float]


@dataclass(frozen=True)
class Ranking:
    ranks: tuple[int, ...]
    winners: tuple[int, ...]  # indexes of the winning players
    tiebreak: str | None  # what settled first place, if it was tied
    notes: tuple[str | None, ...] = ()  # per player: how the tie on their total was settled


def rank(totals: Sequence[int], tiebreakers: Sequence[Tiebreaker] = ()) -> Ranking:
    """Rank players by total (higher is better), breaking ties with the rulebook's tie-breakers
    in order.  Players still level after every tie-breaker share a rank (1, 1, 3) and, at the top,
    the victory.  ``notes`` says, for every player tied on their total, how *that player's* tie
    was settled (a tie-breaker may separate only part of a tie of three or more: the values
    compared are those of the players still level with them); ``tiebreak`` says how the tie for
    first place was settled and, for a tie of three or more, each rank it gave.

    >>> rank([10, 12, 12], [Tiebreaker("most wrens", [0, 1, 3])])  # doctest: +NORMALIZE_WHITESPACE
    Ranking(ranks=(3, 2, 1), winners=(2,), tiebreak='Tie on 12 points broken by most wrens (3 vs 1)',
    notes=(None, 'Tie on 12 points broken by most wrens (3 vs 1)', 'Tie on 12 points broken by most wrens (3
    vs 1)'))
    >>> rank([5, 5], [Tiebreaker("most wrens", [2, 2])]).tiebreak
    'Tie on 5 points not broken by most wrens (2 each): shared victory'
    >>> rank([20, 15, 15], [Tiebreaker("most growth tokens", [1, 4, 2])]).notes[1]
    'Tie on 15 points broken by most growth tokens (4 vs 2)'
    >>> rank([20, 15, 15]).notes[1:]
    ('Tie on 15 points: shared rank 2', 'Tie on 15 points: shared rank 2')
    >>> r = rank([15, 15, 15], [Tiebreaker("most tokens", [4, 4, 2])])
    >>> r.notes[0], r.notes[2]  # doctest: +NORMALIZE_WHITESPACE
    ('Tie on 15 points partly broken by most tokens (4, 4 vs 2): shared victory', 'Tie on 15 points broken by
    most tokens (4, 4 vs 2): rank 3')
    >>> r.tiebreak
    'Tie on 15 points partly broken by most tokens (4, 4 vs 2): shared victory, rank 3'
    >>> rank([7, 3])
    Ranking(ranks=(1, 2), winners=(0,), tiebreak=None, notes=(None, None))
    """
    n = len(totals)
    if n == 0:
        return Ranking((), (), None, ())
    keys = [tuple([totals[i]] + [tb.values[i] for tb in tiebreakers]) for i in range(n)]
    ranks = tuple(1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n))
    winners = tuple(i for i in range(n) if ranks[i] == 1)
    notes: list[str | None] = [None] * n
    tiebreak: str | None = None
    for total in sorted(set(totals), reverse=True):
        level = [i for i in range(n) if totals[i] == total]
        if len(level) > 1:
            for i in level:
                notes[i] = _player_tie_note(total, level, i, tiebreakers, ranks)
            if total == max(totals):
                tiebreak = _group_tie_note(total, level, tiebreakers, ranks)
    return Ranking(ranks, winners, tiebreak, tuple(notes))


def _by_value(group: Sequence[int], tb: Tiebreaker) -> list[list[int]]:
    """``group`` split by ``tb``'s value, the best first."""
    values = sorted({tb.values[i] for i in group}, reverse=True)
    return [[i for i in group if tb.values[i] == v] for v in values]


def _compared(parts: Sequence[Sequence[int]], tb: Tiebreaker) -> str:
    """The values a tie-breaker compared: ``2 each``, ``3 vs 1``, ``4, 4 vs 2``."""
    if len(parts) == 1:
        return f"{_num(tb.values[parts[0][0]])} each"
    return " vs ".join(", ".join(_num(tb.values[i]) for i in part) for part in parts)


def _verb(parts: Sequence[Sequence[int]], alone: bool) -> str:
    if len(parts) == 1:
        return "not broken by"
    return "broken by" if alone else "partly broken by"


def _clauses(steps: Sequence[tuple[str, str, str]]) -> str:
    """``[(verb, label, compared), ...]`` in the pad's words; a verb is said once for a run of steps."""
    out: list[str] = []
    previous = ""
    for verb, label, compared in steps:
        out.append((f"{verb} " if verb != previous else "") + f"{label} ({compared})")
        previous = verb
    return ", then ".join(out)


def _shared(rank: int) -> str:
    return "shared victory" if rank == 1 else f"shared rank {rank}"


def _player_tie_note(
    total: int, level: list[int], player: int, tiebreakers: Sequence[Tiebreaker], ranks: Sequence[int]
) -> str:
    """How the tie of ``level`` on ``total`` was settled for ``player``: each tie-breaker compares
    the players still level with them."""
    group = level
    steps: list[tuple[str, str, str]] = []
    for tb in tiebreakers:
        parts = _by_value(group, tb)
        mine = next(part for part in parts if player in part)
        steps.append((_verb(parts, len(mine) == 1), tb.label, _compared(parts, tb)))
        group = mine
        if len(group) == 1:
            break
    head = f"Tie on {total} points"
    if not steps:
        return f"{head}: {_shared(ranks[player])}"
    text = f"{head} {_clauses(steps)}"
    if len(group) > 1:
        return f"{text}: {_shared(ranks[player])}"
    return f"{text}: rank {ranks[player]}" if len(level) > 2 else text


def _group_tie_note(
    total: int, level: list[int], tiebreakers: Sequence[Tiebreaker], ranks: Sequence[int]
) -> str:
    """How the whole tie of ``level`` on ``total`` was settled, and (three or more) each rank it gave."""
    groups: list[list[int]] = [level]
    steps: list[tuple[str, str, str]] = []
    for tb in tiebreakers:
        open_ = [g for g in groups if len(g) > 1]
        if not open_:
            break
        split = [_by_value(g, tb) for g in open_]
        after = [part for g in groups for part in (_by_value(g, tb) if len(g) > 1 else [g])]
        if all(len(parts) == 1 for parts in split):
            verb = "not broken by"
        else:
            verb = "broken by" if all(len(g) == 1 for g in after) else "partly broken by"
        steps.append((verb, tb.label, "; ".join(_compared(parts, tb) for parts in split)))
        groups = after
    head = f"Tie on {total} points"
    if not steps:
        return f"{head}: {_shared(ranks[level[0]])}"
    text = f"{head} {_clauses(steps)}"
    if len(groups) == 1:
        return f"{text}: {_shared(ranks[level[0]])}"
    if len(level) == 2:
        return text
    if all(len(g) == 1 for g in groups):
        numbers = [str(ranks[g[0]]) for g in groups]
        return f"{text}: ranks " + ", ".join(numbers[:-1]) + f" and {numbers[-1]}"
    return f"{text}: " + ", ".join(
        f"rank {ranks[g[0]]}" if len(g) == 1 else _shared(ranks[g[0]]) for g in groups
    )


def _num(value: int | float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def build_result(
    game: str,
    engine_version: str,
    names: Sequence[str],
    categories: Sequence[Sequence[Category]],
    *,
    tiebreakers: Sequence[Tiebreaker] = (),
    player_extra: Sequence[dict[str, Any]] | None = None,
    warnings: Sequence[str] = (),
    extra: dict[str, Any] | None = None,
    ranking: Callable[[Sequence[int]], Ranking] | None = None,
    no_winner: bool = False,
) -> Result:
    """Assemble a :class:`Result`: totals are the sums of the categories, ranks and winners come
    from :func:`rank` with the given tie-breakers (or a custom ``ranking``).  ``no_winner``: a
    partial table or a lone board (see :class:`Seating`): ranks among the boards sent, no winner."""
    totals = [sum(c.points for c in cats) for cats in categories]
    ranking_ = ranking(totals) if ranking else rank(totals, tiebreakers)
    if no_winner:
        ranking_ = Ranking(ranking_.ranks, (), None, ranking_.notes)
    players = tuple(
        PlayerResult(
            name=names[i],
            total=totals[i],
            rank=ranking_.ranks[i],
            categories=tuple(categories[i]),
            extra=dict(player_extra[i]) if player_extra else {},
            tiebreak=ranking_.notes[i] if i < len(ranking_.notes) else None,
        )
        for i in range(len(names))
    )
    return Result(
        game=game,
        players=players,
        winners=tuple(names[i] for i in ranking_.winners),
        tiebreak=ranking_.tiebreak,
        warnings=tuple(warnings),
        extra=dict(extra or {}),
        engine_version=engine_version,
    )


# ------------------------------------------------------------------------- preview


@dataclass(frozen=True)
class Preview:
    """What a seat's page shows while its player is typing: the running total, the categories,
    each card's or area's own points and lines (by contract path), and what is still to fill or
    fix (paths relative to the player).  Built by the game's own rules: a complete, legal board
    previews to exactly its score.  ``complete``: the board is legal on its own."""

    total: int | None
    categories: tuple[Category, ...] = ()
    points: dict[str, int | None] = field(default_factory=dict)
    why: dict[str, tuple[str, ...]] = field(default_factory=dict)
    messages: tuple[FieldError, ...] = ()
    complete: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def category(self, key: str) -> Category | None:
        return next((c for c in self.categories if c.key == key), None)

    def errors_at(self, prefix: str) -> tuple[FieldError, ...]:
        """The messages about ``prefix`` or a path inside it."""
        return tuple(e for e in self.messages if _inside(e.path, prefix))

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "complete": self.complete,
            "categories": [c.to_dict() for c in self.categories],
            "points": dict(self.points),
            "why": {k: list(v) for k, v in self.why.items()},
            "messages": [m.to_dict() for m in self.messages],
            **self.extra,
        }


def why_by_path(categories: Iterable[Category]) -> dict[str, tuple[str, ...]]:
    """Every line of ``categories`` filed under each path it names (for a card's own "why")."""
    out: dict[str, list[str]] = {}
    for category in categories:
        for text, refs in category.lines:
            for ref in refs:
                out.setdefault(ref, []).append(text)
    return {k: tuple(v) for k, v in out.items()}


def seat_errors(errors: Iterable[FieldError], index: int = 0) -> tuple[FieldError, ...]:
    """The errors about player ``index`` of a table, with paths relative to that player
    (``players[0].home[1][2].pot`` -> ``home[1][2].pot``)."""
    prefix = f"players[{index}]"
    out = []
    for error in errors:
        if error.path == prefix:
            out.append(FieldError("", error.message))
        elif error.path.startswith(prefix + "."):
            out.append(FieldError(error.path[len(prefix) + 1 :], error.message))
        elif error.path.startswith(prefix + "["):
            out.append(FieldError(error.path[len(prefix) :], error.message))
    return tuple(out)


def board_preview(
    score: Callable[[dict[str, Any]], Result], state: Any, options: Any, player_count: int, position: int
) -> Preview:
    """The preview of a game that scores a single board (``player_count`` set): the board's
    score if it is legal, else its problems.  Games with partial boards to show override it."""
    board = dict(state) if isinstance(state, dict) else {}
    board["name"] = board.get("name") or "Player"
    table = {
        "options": options if isinstance(options, dict) else {},
        "players": [board],
        "player_count": player_count,
    }
    try:
        result = score(table)
    except ValidationError as exc:
        mine = seat_errors(exc.errors)
        others = tuple(e for e in exc.errors if not e.path.startswith("players["))
        return Preview(None, messages=mine + others)
    player = result.players[0]
    return Preview(player.total, player.categories, why=why_by_path(player.categories), complete=True)
