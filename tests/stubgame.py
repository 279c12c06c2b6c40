"""A stub game used only by the tests of the plumbing (the contract, the web layer, the browser
path): each player enters their points and their tokens; most tokens breaks a tie."""

from __future__ import annotations

import scoring
from scoring.core import Category, Errors, Tiebreaker, build_result, get_int, line, options_of, player_list


def score(table: dict) -> scoring.Result:
    errors = Errors()
    players = player_list(errors, table, minimum=1, maximum=4)
    bonus = get_int(errors, options_of(table), "bonus", "options", default=0, maximum=10)
    points = [get_int(errors, p, "points", f"players[{i}]", maximum=500) for i, p in enumerate(players)]
    tokens = [get_int(errors, p, "tokens", f"players[{i}]", default=0, maximum=99) for i, p in enumerate(players)]
    errors.raise_if_any()
    categories = [
        [
            Category.of("points", "Points", points[i], [line(f"{points[i]} points as entered", "points")]),
            Category("bonus", "Bonus", bonus or 0, (f"Table bonus: {bonus}",)),
        ]
        for i in range(len(players))
    ]
    return build_result(
        "stub",
        "stub-1",
        [p["name"] for p in players],
        categories,
        tiebreakers=[Tiebreaker("most tokens", tokens)],
    )


GAME = scoring.Game(
    name="stub",
    title="Stub Game",
    min_players=1,
    max_players=4,
    engine_version="stub-1",
    score=score,
    blank_player=lambda: {"points": None, "tokens": 0},
    options=(scoring.Option("bonus", "int", 0, "Bonus points for everyone"),),
    default_options=lambda: {"bonus": 0},
)
