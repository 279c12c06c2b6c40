"""The scoring contract shared by every game.

Pure Python: no Flask, no database, no I/O.  A game module turns a JSON-like ``table``
(``{"options": {...}, "players": [{"name": ..., ...game state...}, ...]}``) into a
:class:`Result`, or raises :class:`ValidationError` listing every problem with the path of
the field it concerns (``players[0].home[1][2].pot``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence


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
    data: dict,
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


def to_int(errors: Errors, value: Any, where: str, *, minimum: int | None = 0, maximum: int | None = None) -> int | None:
    """Convert one value to an int within bounds, recording an error at ``where`` if it is not."""
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,9}\s*", value):
        number = int(value)
    if number is None or (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
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


def get_bool(errors: Errors, data: dict, key: str, path: str, *, default: bool = False) -> bool:
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
    errors: Errors, data: dict, key: str, path: str, choices: Sequence[str], *, default: str | None = None
) -> str | None:
    """Read one of a fixed set of words (compared case-insensitively)."""
    value = data.get(key) if isinstance(data, dict) else None
    if value is None or value == "":
        if default is not None:
            return default
        errors.add(join(path, key), "is missing: choose one of " + ", ".join(choices))
        return None
    if isinstance(value, str):
        folded = value.strip().lower()
        for choice in choices:
            if choice.lower() == folded:
                return choice
    errors.add(join(path, key), f"{_show(value)} is not allowed: choose one of " + ", ".join(choices))
    return None


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def normalize_name(name: str) -> str:
    """Card names match case-insensitively, ignoring punctuation and spacing (READINGS.md).

    >>> normalize_name("Devil's  Ivy") == normalize_name("devils ivy")
    True
    """
    return _NOT_NAME_CHAR.sub("", name.casefold())


_NOT_NAME_CHAR = re.compile(r"[^0-9a-z]")


def player_list(errors: Errors, table: Any, *, minimum: int = 1, maximum: int | None = None) -> list[dict]:
    """Check the outer shape of a table and return its players (dicts) and names.

    Each player must be an object with a non-empty ``name`` (at most 60 characters); names must
    differ.  Problems are recorded; players that are not objects are replaced by ``{}`` so that the
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
    out: list[dict] = []
    seen: dict[str, int] = {}
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            errors.add(where, "must be an object with the player's name and table")
            out.append({})
            continue
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            errors.add(join(where, "name"), "is missing: enter the player's name")
        elif len(name) > 60:
            errors.add(join(where, "name"), "is too long: at most 60 characters")
        else:
            key = name.strip().casefold()
            if key in seen:
                errors.add(join(where, "name"), f'"{name}" is already the name of player {seen[key] + 1}')
            seen[key] = i
        out.append(player)
    return out


def options_of(table: Any) -> dict:
    options = table.get("options") if isinstance(table, dict) else None
    return options if isinstance(options, dict) else {}


# -------------------------------------------------------------------------- result


@dataclass(frozen=True)
class Category:
    """One row of the score pad for one player: its points and the lines that explain them."""

    key: str
    label: str
    points: int
    details: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "points": self.points, "details": list(self.details)}


@dataclass(frozen=True)
class PlayerResult:
    name: str
    total: int
    rank: int
    categories: tuple[Category, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific keys (achievements, solo, ...)

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
    tiebreak: str | None


def rank(totals: Sequence[int], tiebreakers: Sequence[Tiebreaker] = ()) -> Ranking:
    """Rank players by total (higher is better), breaking ties with the rulebook's tie-breakers
    in order.  Players still level after every tie-breaker share a rank (1, 1, 3) and, at the top,
    the victory.  ``tiebreak`` says what decided first place, if anything did.

    >>> rank([10, 12, 12], [Tiebreaker("most wrens", [0, 1, 3])])
    Ranking(ranks=(3, 2, 1), winners=(2,), tiebreak='Tie on 12 points broken by most wrens (3 vs 1)')
    >>> rank([5, 5], [Tiebreaker("most wrens", [2, 2])])
    Ranking(ranks=(1, 1), winners=(0, 1), tiebreak='Tie on 5 points not broken by most wrens (2 each): shared victory')
    >>> rank([7, 3])
    Ranking(ranks=(1, 2), winners=(0,), tiebreak=None)
    """
    n = len(totals)
    if n == 0:
        return Ranking((), (), None)
    keys = [tuple([totals[i]] + [tb.values[i] for tb in tiebreakers]) for i in range(n)]
    ranks = tuple(1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n))
    winners = tuple(i for i in range(n) if ranks[i] == 1)
    best = max(totals)
    level = [i for i in range(n) if totals[i] == best]
    tiebreak: str | None = None
    if len(level) > 1:
        group = level
        used: list[str] = []
        for tb in tiebreakers:
            top = max(tb.values[i] for i in group)
            survivors = [i for i in group if tb.values[i] == top]
            values = sorted({tb.values[i] for i in group}, reverse=True)
            if len(survivors) < len(group):
                others = max(v for v in values if v != top)
                used.append(f"{tb.label} ({_num(top)} vs {_num(others)})")
            else:
                used.append(f"{tb.label} ({_num(top)} each)")
            group = survivors
            if len(group) == 1:
                break
        if len(group) == 1:
            tiebreak = f"Tie on {best} points broken by " + ", then ".join(used)
        elif used:
            tiebreak = f"Tie on {best} points not broken by " + ", then ".join(used) + ": shared victory"
        else:
            tiebreak = f"Tie on {best} points: shared victory"
    return Ranking(ranks, winners, tiebreak)


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
) -> Result:
    """Assemble a :class:`Result`: totals are the sums of the categories, ranks and winners come
    from :func:`rank` with the given tie-breakers (or a custom ``ranking``)."""
    totals = [sum(c.points for c in cats) for cats in categories]
    ranking_ = ranking(totals) if ranking else rank(totals, tiebreakers)
    players = tuple(
        PlayerResult(
            name=names[i],
            total=totals[i],
            rank=ranking_.ranks[i],
            categories=tuple(categories[i]),
            extra=dict(player_extra[i]) if player_extra else {},
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
