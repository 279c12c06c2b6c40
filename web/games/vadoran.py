"""Vadoran Gardens entry: a painted garden, lost items, achievements, quick mode (the areas typed) and in
solo the sister's options.  Fields are named by contract path (``garden``, ``lost_items.tool``,
``areas[1].squares``); the garden is the engine's compact text, painted through a grid (static/js/vadoran.js)
or typed.  Areas, outlines, points and messages come from the engine, the grammar and limits from its
package.  Achievements are a list in the contract: their fields are named by terrain
(``achievement.water``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import scoring
from scoring.core import Errors, FieldError
from scoring.vadoran import GAME as ENGINE
from scoring.vadoran import garden as board
from scoring.vadoran import grammar
from scoring.vadoran.contract import ACHIEVEMENT_TERRAINS, CATALOG, DIFFICULTIES, MAX_LOST, MAX_QUICK_SQUARES
from scoring.vadoran.contract import PLAYER_SCHEMA as SCHEMA
from scoring.vadoran.garden import ITEM_TERRAIN, ITEMS, MAX_COLUMNS, MAX_ROWS, NO_CARD, TERRAINS, read_garden
from web.games import (
    Adapter,
    Ask,
    SeatChange,
    UnknownAction,
    humanize_path,
    register,
    show_value,
    state_from_paths,
    whole_number,
)

START_ROWS, START_COLUMNS = 3, 6  # the blank grid a new seat starts with (a screen choice)
QUICK_SPARE_ROWS = 3
# What the other entry mode holds while this one is in use (keys the engine's schema knows and
# never scores), so that the quick-mode switch never throws a garden or a list of areas away.
GARDEN_ASIDE, QUICK_ASIDE = "garden_aside", "quick_aside"
AREA_KEYS = ("terrain", "squares", "tasks", "tablets")
_ROW = re.compile(r"areas\[(\d+)\]\.terrain")
_CELL = re.compile(r"garden\[(\d+)\]\[(\d+)\]")
# Fields read together, for a form that names what this phone changed (``touched``, by the script).
GROUPS = (
    ("garden",),
    ("entry_mode",),
    ("areas[", "return_locations.", "unscored_squares"),
    ("achievement.",),
)
WORDS = {"lost_items": "{}s found", "return_locations": "{} return locations (" + board.RETURN_MARK + ")"}
NAMES = {
    "garden": "The garden",
    "achievements": "Achievements claimed",
    "unscored_squares": "Other squares (quick entry)",
    "options.sister_achievements": "The sister's achievements",
    "options.difficulty": "The sister's difficulty",
}


def rows_of(state: dict[str, Any]) -> list[str]:
    """The seat's garden as compact rows (the one set aside in quick mode), whatever its form; a garden
    the engine refuses (it names the problem) is drawn as a blank grid."""
    return board.compact_rows(
        state.get("garden") if state.get("garden") is not None else state.get(GARDEN_ASIDE)
    )


def grow(rows: list[str], where: str) -> list[str]:
    """A blank row above or below, or a blank column left or right (the buttons without JavaScript)."""
    width = max([len(r.split()) for r in rows] or [START_COLUMNS])
    grid = [r.split() + [NO_CARD] * (width - len(r.split())) for r in rows] or [
        [NO_CARD] * width
    ] * START_ROWS
    grown = (
        {"above": [[NO_CARD] * width, *grid], "below": [*grid, [NO_CARD] * width]}
        if len(grid) < MAX_ROWS
        else {}
    )
    grown.update(
        {"left": [[NO_CARD, *r] for r in grid], "right": [[*r, NO_CARD] for r in grid]}
        if width < MAX_COLUMNS
        else {}
    )
    return [" ".join(r) for r in grown[where]] if where in grown else rows


def posted_rows(form: Mapping[str, str]) -> list[tuple[int, int | None]]:
    """The quick-entry rows of a posted form: (its row on the page, its index in ``areas``; None:
    blank, left out)."""
    out: list[tuple[int, int | None]] = []
    for k in sorted({int(m[1]) for key in form if (m := _ROW.fullmatch(key))}):
        blank = not any((form.get(f"areas[{k}].{f}") or "").strip() for f in AREA_KEYS)
        out.append((k, None if blank else sum(i is not None for _, i in out)))
    return out


def _typed(parts: list[str | int], text: str) -> Any:
    """``text`` read as the player's schema says the place at ``parts`` holds."""
    return node.from_form(text) if (node := SCHEMA.at(parts)) is not None else text


def _quick_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    areas = []
    for k, _ in (r for r in posted_rows(form) if r[1] is not None):
        area = {f: _typed(["areas", 0, f], form.get(f"areas[{k}].{f}", "")) for f in AREA_KEYS}
        areas.append({f: v for f, v in area.items() if v is not None or f == "terrain"})
    fields = {k: v for k, v in form.items() if k.startswith("return_locations.") or k == "unscored_squares"}
    quick: dict[str, Any] = state_from_paths(fields, {"areas": areas, "return_locations": {}}, SCHEMA)
    quick["return_locations"] = {k: v for k, v in quick["return_locations"].items() if v is not None}
    return {k: v for k, v in quick.items() if v is not None}


def _numbers(text: str) -> list[Any]:
    """Numbers typed with spaces or commas ("12 9 8"); what is not one is kept as typed."""
    return [
        n if (n := whole_number(p, "-", max_digits=9)) is not None else p
        for p in re.split(r"[\s,;\[\]]+", text or "")
        if p
    ]


class VadoranAdapter(Adapter):
    entry_template = "games/vadoran-gardens/entry.html"
    options_template = "games/vadoran-gardens/options.html"
    seat_options = ("options.difficulty", "options.sister_achievements")  # solo: the sister, on the seat page
    difficulty_x = {name: d["x"] for name, d in CATALOG["difficulties"].items()}  # the sister's X per mistake

    def options_summary(self, game: scoring.Game, options: Mapping[str, Any]) -> str:
        """ "Standard game", "Advanced game", "Solo against the sister, medium (X = 2)"."""
        mode = options.get("mode") or "standard"
        if mode != "solo":
            return f"{str(mode).capitalize()} game"
        level = options.get("difficulty") or "medium"
        return f"Solo against the sister, {level} (X = {self.difficulty_x.get(str(level), '?')})"

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        """The seat as the form shows it; with ``touched`` (what this phone changed since the page
        loaded) only those fields, the rest as the seat is now: another phone's change, shown stale
        here, is not sent back."""
        old = old_state if isinstance(old_state, dict) else {}
        if (touched := form.get("touched")) is not None:
            names = touched.split()
            form = {
                k: v
                for k, v in form.items()
                if k in names
                or k in ("next", "step")
                or any(k.startswith(g) and any(n.startswith(g) for n in names) for g in GROUPS)
            }
        rows = grow(
            board.compact_rows(form["garden"]) if "garden" in form else rows_of(old), form.get("grow", "")
        )
        aside = old.get(QUICK_ASIDE)
        quick: dict[str, Any] = (
            _quick_from_form(form)
            if any(_ROW.fullmatch(k) for k in form) or "unscored_squares" in form
            else (
                {k: old[k] for k in ("areas", "return_locations", "unscored_squares") if k in old}
                or (dict(aside) if isinstance(aside, dict) else {})
            )
        )
        state: dict[str, Any] = {
            "lost_items": dict.fromkeys(ITEMS, 0),
            **{k: v for k, v in old.items() if k in ("lost_items", "achievements")},
        }
        if form.get("entry_mode") == "quick" or (form.get("entry_mode") is None and "areas" in old):
            state.update({"areas": [], **quick})
            state.update({GARDEN_ASIDE: rows} if any(t != NO_CARD for r in rows for t in r.split()) else {})
        else:
            state["garden"] = rows
            rets = quick.get("return_locations")
            if (
                quick.get("areas")
                or quick.get("unscored_squares")
                or (any(rets.values()) if isinstance(rets, dict) else rets)
            ):
                state[QUICK_ASIDE] = quick
        state = state_from_paths(
            {k: v for k, v in form.items() if k.startswith("lost_items.") or k == "step"}, state, SCHEMA
        )
        if isinstance(lost := state.get("lost_items"), dict):  # a cleared count is none found
            state["lost_items"] = {k: 0 if v is None else v for k, v in lost.items()}
        if any(f"achievement.{t}" in form for t in ACHIEVEMENT_TERRAINS):
            claims = [
                (t, _typed(["achievements", 0, "points"], form.get(f"achievement.{t}", "")))
                for t in ACHIEVEMENT_TERRAINS
            ]
            state["achievements"] = [{"terrain": t, "points": p} for t, p in claims if p is not None]
        return state, []

    def options_from_form(
        self, form: Mapping[str, str], game: Any
    ) -> tuple[dict[str, Any], list[FieldError]]:
        """As the generic form, but the sister's achievements are typed as numbers ("12 9 8")."""
        key = f"opt-{game.name}-sister_achievements"
        options, errors = super().options_from_form({**form, key: ""}, game)
        options["sister_achievements"] = numbers = _numbers(form.get(key) or "")
        if not all(isinstance(n, int) for n in numbers):
            errors.append(
                FieldError(
                    key, "the sister's achievements: type whole numbers separated by spaces, e.g. 12 9 8"
                )
            )
        return options, errors

    def option_value(self, options: dict[str, Any], option: Any) -> str:
        if option.name != "sister_achievements":
            return super().option_value(options, option)
        return (
            " ".join(map(str, value))
            if isinstance(value := options.get(option.name) or [], list)
            else str(value)
        )

    def field_label(self, path: str, state: Any = None) -> str:
        """ "Garden row 3, square 5", "Pendants found", "Quick entry, area 2: squares",
        "Water achievement"."""
        n = [int(x) + 1 for x in re.findall(r"\[(\d+)\]", path)]
        head, _, tail = re.sub(r"\[\d+\]", "", path).partition(".")
        if head == "garden" and n:
            return f"Garden row {n[0]}" + (f", square {n[1]}" if len(n) > 1 else "")
        if head in WORDS and tail:
            return WORDS[head].format(tail).capitalize()
        if head == "areas" and n:
            return f"Quick entry, area {n[0]}" + (f": {tail}" if tail else "")
        if head == "achievements" and n:
            claims = state.get("achievements") if isinstance(state, dict) else None
            claim = claims[n[0] - 1] if isinstance(claims, list) and n[0] <= len(claims) else None
            terrain = claim.get("terrain") if isinstance(claim, dict) else None
            return (
                f"{terrain.capitalize()} achievement" if isinstance(terrain, str) else f"Achievement {n[0]}"
            )
        return NAMES.get(re.sub(r"\[\d+\]$", "", path)) or humanize_path(path)

    field_label_in = field_label

    def value_label(self, path: str, value: Any) -> str:
        if path == "achievements" and isinstance(value, list):
            return (
                "; ".join(
                    f"{str(a.get('terrain', '?')).capitalize()} {a.get('points', '?')}"
                    for a in value
                    if isinstance(a, dict)
                )
                or "none"
            )
        if isinstance(value, list) and path in ("garden", GARDEN_ASIDE):
            return (
                f"{sum(t != NO_CARD for r in value if isinstance(r, str) for t in r.split())} squares painted"
            )
        return show_value(value)

    def table_message(self, play: Any, error: FieldError, links: Mapping[str, str]) -> dict[str, Any]:
        """In solo the sister's options are entered on the seat page; else on the play's details."""
        message, solo = super().table_message(play, error, links), (play.options or {}).get("mode") == "solo"
        on_seat = "/seats/" in (message["href"] or "")
        message.update(
            {"link": f"Enter it on {play.seats[0].name}'s seat"}
            if solo and on_seat
            else {}
            if solo or not on_seat
            else {"href": links["edit"], "link": "Change it in the play's options"}
        )
        return message

    status_target = "#vad-live"

    def options_view(self, game: Any, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return {**super().options_view(game, options), "difficulty_x": self.difficulty_x}

    interaction_blocks = {"sister": ("sister", "status")}
    refusal_blocks = {"sister": ("sister", "status")}

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """``sister`` (solo): the sister's difficulty and achievements, typed on the seat page, saved
        as the play's options (merged by the play version the page had)."""
        if action != "sister" or (play.options or {}).get("mode") != "solo":
            raise UnknownAction(action)
        options: dict[str, Any] = {}
        if (d := ask.form.get("options.difficulty")) in DIFFICULTIES:
            options["difficulty"] = d
        if (t := ask.form.get("options.sister_achievements")) is not None:
            options["sister_achievements"] = _numbers(str(t))
        return SeatChange(play_options=options)

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        state = seat.state if isinstance(seat.state, dict) else {}
        quick = "areas" in state and "garden" not in state
        rows = rows_of(state)
        shown = ENGINE.preview(state, play.options, len(play.seats), seat.position)
        garden = (
            ENGINE.preview({"garden": rows}, play.options, len(play.seats), seat.position) if quick else shown
        )
        aside = state.get(QUICK_ASIDE)
        source = state if quick else aside if isinstance(aside, dict) else {}
        areas = source.get("areas")
        listed = [a if isinstance(a, dict) else {} for a in areas] if isinstance(areas, list) else []
        posted = posted_rows(ask.form) if ask.posted else []
        rows_shown = posted or [
            (k, k if k < len(listed) else None) for k in range(len(listed) + QUICK_SPARE_ROWS)
        ]
        claims = state["achievements"] if isinstance(state.get("achievements"), list) else []
        shows = {k: v for k, v in ask.form.items() if k != "touched"} if ask.posted else None
        solo = (play.options or {}).get("mode") == "solo"
        return {
            "quick": quick,
            "grid": build_grid(rows, garden),
            "grammar": grammar(),
            "solo": solo,
            "stale": shows is not None
            and self.state_from_form(shows, state)[0] != state,  # the page shows old values
            "start": {"rows": START_ROWS, "columns": START_COLUMNS},
            "quick_extra": source,
            "quick_rows": [
                (k, i, listed[i] if i is not None and i < len(listed) else {}) for k, i in rows_shown
            ],
            "lost": state.get("lost_items") if isinstance(state.get("lost_items"), dict) else {},
            "claims": {
                t: (i, c.get("points"))
                for i, c in enumerate(claims)
                if isinstance(c, dict)
                for t in [str(c.get("terrain", "")).strip().lower()]
                if t
            },
            "items": [(item, ITEM_TERRAIN[item]) for item in ITEMS],
            "max_lost": MAX_LOST,
            "max_count": MAX_QUICK_SQUARES,
            "achievement_terrains": ACHIEVEMENT_TERRAINS,
            "terrains": TERRAINS,
            "tasks_needed": board.TASKS_NEEDED,
            "difficulties": [(d, self.difficulty_x[d]) for d in DIFFICULTIES],
            "play_options": play.options or {},
            "sister": shown.extra.get("solo") if solo else None,
            "option_errors": [e for e in evaluation.table_errors if e.path.startswith("options.")],
            "area_lines": list(t.details)
            if quick and (t := shown.category("tasks")) is not None and shown.total is not None
            else [],
        }


def build_grid(rows: list[str], preview: Any) -> dict[str, Any]:
    """The grid as drawn: rows padded to one width (at least 3 x 6), the engine's reading of each square,
    the areas (a letter for each that can score), their outlines (``drawn``: square -> its area and the
    sides where its outline runs) and the squares the engine cannot read, all from its preview."""
    tokens = (
        [r.split() for r in rows]
        if any(r.split() for r in rows)
        else [[NO_CARD] * START_COLUMNS] * START_ROWS
    )
    width = max(len(r) for r in tokens)
    tokens = [r + [NO_CARD] * (width - len(r)) for r in tokens]
    found = [
        dict(a) for a in preview.extra.get("areas", []) if (a.get("cells") or [""])[0].startswith("garden[")
    ]
    letters = map(_letter, range(len(found)))
    for area in found:
        area["letter"] = "" if area["terrain"] == "sand" else next(letters)
    owners = preview.extra.get("owners") or []
    return {
        "rows": [" ".join(r) for r in tokens],
        "tokens": tokens,
        "width": width,
        "areas": found,
        "text": "\n".join(rows),
        "squares": read_garden(Errors(), [" ".join(r) for r in tokens], "garden", lenient=True) or (),
        "drawn": {
            (r, c): (i, edges)
            for i, a in enumerate(found)
            if a["letter"]
            for (r, c), edges in zip(a["squares"], a["edges"])
        },
        "bad": {(int(m[1]), int(m[2])) for e in preview.messages if (m := _CELL.match(e.path))},
        "owners": [
            [*(owners[r] if r < len(owners) else [])[:width], *[-1] * width][:width]
            for r in range(len(tokens))
        ],
        "marks": [{"letter": a["letter"], "scores": a["scores"]} for a in found],
    }


def _letter(i: int) -> str:
    """A, B, ... Z, AA, AB ..."""
    return _letter(i // 26 - 1) + chr(65 + i % 26) if i >= 26 else chr(65 + i)


ADAPTER = VadoranAdapter()
register(ENGINE.name, ADAPTER)
