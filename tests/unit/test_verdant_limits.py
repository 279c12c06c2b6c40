"""What the box makes impossible across a whole table is refused, naming the field and the limit
(rulebook, "Components"; docs/rules/verdant.md "Limits"): for each limit, the largest table it
accepts and the smallest one it refuses."""

from __future__ import annotations

import pytest

from scoring.core import ValidationError
from scoring.verdant import catalog
from tests.unit.test_verdant_support import (
    anon,
    card_like,
    checker,
    errors_of,
    plant,
    player,
    room,
    score,
    table,
)

TYPES = catalog.TYPES


def errors(t):
    with pytest.raises(ValidationError) as exc:
        score(t)
    return errors_of(exc)


def rooms_home(room_types, plant_type):
    """8 rooms (rooms in the corners) of the given types around 7 plants of ``plant_type``."""
    return checker([anon(plant_type) for _ in range(7)], [room(t) for t in room_types], rooms_first=True)


# ------------------------------------------------------------------------- 12 rooms a type


def _succulent_rooms(n):
    """``n`` succulent rooms (by type) over two boards, the other rooms unusual."""
    a = min(n, 8)
    return table(player("A", rooms_home(["succulent"] * a + ["unusual"] * (8 - a), "foliage")),
                 player("B", rooms_home(["succulent"] * (n - a) + ["flowering"] * (8 - n + a), "vining")), player_count=3)


def test_twelve_rooms_of_a_type_at_a_table_are_accepted():
    assert score(_succulent_rooms(12)).player("A").total >= 0


def test_a_thirteenth_room_of_a_type_is_refused_at_that_room():
    errs = errors(_succulent_rooms(13))  # A's 8 and B's 5th (rooms in the corners: home[1][3])
    assert errs == {"players[1].home[1][3]": "13 succulent rooms at this table: the game has 12 (this is the 13th)"}


def test_the_issues_example_fifteen_succulent_rooms():
    errs = errors(_succulent_rooms(15))
    assert len(errs) == 3 and all(m.startswith("15 succulent rooms at this table: the game has 12") for m in errs.values())


def test_rooms_named_by_card_count_first_so_the_rooms_given_by_type_are_the_ones_refused():
    named = [{"kind": "room", "name": f"Succulent room {k}"} for k in range(1, 9)]
    a = checker([anon("foliage") for _ in range(7)], named, rooms_first=True)
    b = rooms_home(["succulent"] * 5 + ["unusual"] * 3, "vining")
    # B (by type) sits first, but A's 8 named cards count first: B's 5th succulent room is the 13th
    errs = errors(table(player("B", b), player("A", a), player_count=2))
    assert list(errs) == ["players[0].home[1][3]"]


# ------------------------------------------------------------------------ 12 plants a type


def _succulent_plants(n):
    a = min(n, 8)
    return table(player("A", checker([anon("succulent") for _ in range(a)] + [anon("foliage") for _ in range(8 - a)],
                                     [room("vining")] * 7)),
                 player("B", checker([anon("succulent") for _ in range(n - a)]
                                     + [anon("unusual") for _ in range(8 - n + a)], [room("flowering")] * 7)), player_count=2)


def test_twelve_plants_of_a_type_at_a_table_are_accepted():
    assert score(_succulent_plants(12)).player("A").total >= 0


def test_a_thirteenth_plant_of_a_type_is_refused():
    # the fixture cannot name a 13th succulent card: B's 5th succulent is entered by attributes
    t = _succulent_plants(12)
    t["players"][1]["home"][2][2] = card_like("succulent", 3, 3)  # Pincushion Cactus or Hens and Chicks: both taken
    errs = errors(t)
    assert errs == {"players[1].home[2][2]": "13 succulent plants at this table: the game has 12 (this is the 13th)"}


# ----------------------------------------------------------- a plant by attributes is a card


def test_a_plant_by_attributes_that_matches_no_card_is_refused_naming_the_cell():
    t = table(player("A", checker([card_like("vining", 11, 9, pot="concrete")] + [anon("foliage") for _ in range(7)],
                                  [room("vining")] * 7)), player_count=2)
    assert score(t).player("A").category("plants").points == 11
    t["players"][0]["home"][0][0]["points"] = 12
    assert errors(t) == {"players[0].home[0][0]": "matches no Verdant plant card: no vining plant scores 12, needs 9; the "
                                                  "closest are Jasmine (11 points, needs 9), Common Ivy (11 points, needs 9), "
                                                  "Devil's Ivy (11 points, needs 9), Chestnut Vine (11 points, needs 9). "
                                                  "Check the card, or give its name"}


def test_the_light_given_must_be_a_cards_too():
    t = table(player("A", checker([anon("vining", 11, 9, pot="concrete", light=["sun", "semi"])] + [anon("foliage") for _ in range(7)],
                                  [room("vining")] * 7)), player_count=2)
    assert score(t).player("A").total >= 11  # Jasmine or Common Ivy
    t["players"][0]["home"][0][0]["light"] = ["shade"]
    assert "no vining plant scores 11, needs 9 and prefers shade" in errors(t)["players[0].home[0][0]"]


def test_four_plants_like_the_four_cards_are_accepted_and_a_fifth_is_refused():
    # 4 vining cards score 11 and need 9: Jasmine, Common Ivy, Devil's Ivy, Chestnut Vine
    elevens = [card_like("vining", 11, 9) for _ in range(4)]
    home = checker(elevens + [anon("foliage") for _ in range(4)], [room("unusual")] * 7)
    assert score(table(player("A", home), player_count=2)).player("A").total == 0
    home[2][2] = card_like("vining", 11, 9)  # a 5th (the 6th plant)
    errs = errors(table(player("A", home), player_count=2))
    assert errs == {"players[0].home[2][2]": "is a vining plant that scores 11 and needs 9: the game has 4 such cards "
                                             "(Jasmine, Common Ivy, Devil's Ivy, Chestnut Vine), and this table already "
                                             "holds them all; check the card, or give its name"}


def test_a_named_card_is_not_left_for_a_plant_by_its_attributes():
    home = checker([plant("Jasmine")] + [card_like("vining", 11, 9) for _ in range(3)] + [anon("foliage") for _ in range(4)],
                   [room("unusual")] * 7)
    assert score(table(player("A", home), player_count=2)).player("A").total == 0
    home[2][2] = card_like("vining", 11, 9)
    assert "already holds them all" in errors(table(player("A", home), player_count=2))["players[0].home[2][2]"]


def test_two_plants_by_attributes_share_the_cards_they_could_be():
    # (succulent, 3, 3): Pincushion Cactus, Hens and Chicks; (succulent, 2, 3): Mexican Snowball
    home = checker([card_like("succulent", 3, 3), card_like("succulent", 3, 3), card_like("succulent", 2, 3)]
                   + [anon("foliage") for _ in range(5)], [room("unusual")] * 7)
    assert score(table(player("A", home), player_count=2)).player("A").total == 0
    home[1][3] = card_like("succulent", 2, 3)
    assert "the game has 1 such card (Mexican Snowball)" in errors(table(player("A", home), player_count=2))["players[0].home[1][3]"]


# ---------------------------------------------------------------------- 18 terra cotta pots


def _terracotta(n):
    """A 3-player family game (any pot, any time): ``n`` terra cotta pots over the three boards."""
    homes = []
    for i, (ptype, rtype) in enumerate((("foliage", "vining"), ("unusual", "succulent"), ("flowering", "foliage"))):
        k = max(0, min(8, n - 8 * i))
        homes.append(checker([anon(ptype, pot="terracotta") for _ in range(k)] + [anon(ptype) for _ in range(8 - k)], [room(rtype)] * 7))
    return table(*[player(f"P{i}", h) for i, h in enumerate(homes)], variant="family")


def test_eighteen_terra_cotta_pots_at_a_table_are_accepted():
    assert score(_terracotta(18)).player("P0").category("plants").points == 40


def test_a_nineteenth_terra_cotta_pot_is_refused_at_that_pot():
    errs = errors(_terracotta(19))
    assert errs == {"players[2].home[0][4].pot": "19 terra cotta pots at this table: the game has 18 (this is the 19th)"}


# -------------------------------------------------------------------- 6 bonus pots of a kind


def test_the_box_holds_six_of_each_bonus_pot_which_is_the_five_player_supply():
    assert catalog.BOX["bonus_pots_per_kind"] == max(catalog.BONUS_POT_SUPPLY.values()) == 6
    homes = [checker([anon(t, pot="concrete") for _ in range(2 if i < 3 else 0)] + [anon(t) for _ in range(8 - (2 if i < 3 else 0))],
                     [room(r)] * 7)
             for i, (t, r) in enumerate(zip(TYPES, ("vining", "succulent", "foliage", "unusual", "flowering")))]
    t = table(*[player(f"P{i}", h) for i, h in enumerate(homes)], player_count=5)
    assert score(t).player("P0").category("pots").points == 6          # 6 concrete pots
    t["players"][3]["home"][0][0]["pot"] = "concrete"
    assert "is the 7th concrete pot on the table: a 5-player game has 6 concrete pots" in errors(t)["players[3].home[0][0].pot"]


# --------------------------------------------------------------------- 60 verdancy tokens


def _verdancy_table(tokens):
    """5 boards of incomplete plants whose verdancy takes exactly ``tokens`` tokens at the least
    (a large token shows 3): each plant holds its needs - 1, the last ones less."""
    cards = sorted(catalog.PLANTS, key=lambda c: (-((c["needs"] - 1 + 2) // 3), c["id"]))
    plants, left = [], tokens
    for card in cards:
        most = (card["needs"] - 1 + 2) // 3  # tokens for needs - 1 verdancy
        take = min(most, left)
        plants.append((card, min(card["needs"] - 1, 3 * take)))
        left -= take
        if len(plants) == 40:
            break
    assert left == 0
    homes = []
    room_types = ["succulent", "flowering", "foliage", "vining", "unusual"]
    for i in range(5):
        mine = plants[8 * i: 8 * i + 8]
        homes.append(checker([plant(c["name"], verdancy=v) for c, v in mine], [room(room_types[i])] * 7))
    return table(*[player(f"P{i}", h) for i, h in enumerate(homes)])


def test_verdancy_that_sixty_tokens_can_show_is_accepted():
    assert sum(p.category("verdancy").points for p in score(_verdancy_table(60)).players) > 0


def test_verdancy_that_needs_a_sixty_first_token_is_refused():
    errs = errors(_verdancy_table(61))
    assert len(errs) == 1
    (path, message), = errs.items()
    assert path.endswith(".verdancy")
    assert message.startswith("needs more verdancy tokens than the game has") and "at least 61 tokens" in message and "the game has 60" in message


# ------------------------------------------------------------------ the box's own numbers


def test_the_box_numbers_are_the_rulebooks_component_list():
    from pathlib import Path

    found = [d / "shared" / "rules" / "verdant.txt" for d in Path(__file__).resolve().parents]
    found = [f for f in found if f.exists()]
    if not found:
        pytest.skip("rulebook text not available in this checkout")
    rules = found[0].read_text(encoding="utf-8")
    assert "60 Unique Plant Cards (12 each of 5 types" in rules and catalog.BOX["plants_per_type"] == 12
    assert "60 Unique Room Cards (12 each of 5" in rules and catalog.BOX["rooms_per_type"] == 12
    assert "36 Pot Tokens (6 each of 3 bonus types, and 18 terra cotta pots)" in rules
    assert (catalog.BOX["bonus_pots_per_kind"], catalog.BOX["terracotta_pots"]) == (6, 18)
    assert "45 Unique Item Tokens (5 each of 9 Furniture and Pet types" in rules and catalog.BOX["item_tokens_per_kind"] == 5
    assert "60 Deluxe Wooden Verdancy Tokens" in rules and "Large - 3 verdancy" in rules
    assert (catalog.BOX["verdancy_tokens"], catalog.BOX["largest_verdancy_token"]) == (60, 3)
    assert "36 Green Thumb Tokens" in rules and catalog.BOX["green_thumb_tokens"] == 36
    assert "5 Storage Cards" in rules and catalog.BOX["storage_cards"] == 5
    assert "45 Nurture Item Tokens (15 of each" in rules and catalog.BOX["nurture_tokens_per_kind"] == 15
