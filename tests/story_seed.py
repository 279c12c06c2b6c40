"""A group's history for the story's tests and screenshots: Planted plays of four friends whose
scores vary (a fixed random seed), made through ``web.data.store`` as the views make them."""

from __future__ import annotations

import random

import scoring
from scoring.core import ValidationError
from scoring.planted.catalog import find_plant

GROUP = ("Ann", "Bo", "Cleo", "Dev")
BEGINNERS = ("Golden Barrel Cactus", "Golden Pothos", "ZZ Plant", "Lucky Bamboo", "Spider Plant", "Snake Plant")
PLANTS = ("Nerve Plant", "Arrowhead Plant", "Swiss Cheese Plant", "Croton", "Heartleaf Philodendron", "Money Tree",
          "Prickly Pear", "Maidenhair Fern", "Sago Palm", "Aloe Vera", "Inch Plant", "Parlor Palm")


def planted_table(rng: random.Random, names) -> dict:
    beginners, plants = list(BEGINNERS), list(PLANTS)
    rng.shuffle(beginners)
    rng.shuffle(plants)
    players = []
    for i, name in enumerate(names):
        mine = [beginners[i]] + plants[3 * i: 3 * i + rng.randint(1, 3)]
        players.append({
            "name": name,
            "plants": [{"name": plant, "growth": rng.randint(1, find_plant(plant).spaces)} for plant in mine],
            "propagation": rng.randint(0, 4),
            "decorations": {"ceramic_planter": rng.randint(0, 1), "plant_stand": rng.randint(0, 1)},
            "tools": {},
        })
    return {"options": {}, "players": players}


def seed(app, plays: int = 12, seed_: int = 7, start_day: int = 1) -> list[int]:
    from web.data import store

    rng = random.Random(seed_)
    made = []
    with app.app_context():
        ids = {name: store.find_or_create_player(name, "seed") for name in GROUP}
        for n in range(plays):
            names = list(GROUP) if n % 3 else list(GROUP[:3])
            rng.shuffle(names)
            table = planted_table(rng, names)
            try:
                scoring.score("planted", table)
            except ValidationError:
                continue
            day = start_day + n
            play_id = store.create_play("planted", f"2026-10-{day:02d}T20:00", {}, [ids[x] for x in names], "seed")
            for position, player in enumerate(table["players"]):
                store.save_seat(play_id, position, {k: v for k, v in player.items() if k != "name"}, "seed", done=True)
            store.set_status(play_id, store.FINISHED, "seed")
            length = 25 + rng.randint(0, 40)
            store.get_db().execute(
                "UPDATE plays SET started_at = ?, finished_at = ?, location = ? WHERE id = ?",
                [f"2026-10-{day:02d}T20:00:00", f"2026-10-{day:02d}T20:{length:02d}:00", "Ann's kitchen" if n % 2 else None, play_id],
            )
            made.append(play_id)
    return made
