"""Review of the Gretchen's Garden engine against the rulebook (gretchens-garden.txt)."""

import scoring
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table


def _score(*players):
    return scoring.score("gretchens-garden", table(*players))


def test_hand_computed_two_player_table():
    # Ann: gray(Calico 2) | purple 6 (Calico 6, flower) | red 8 (Jellybean 3) | MP | rainbow 4 (Pearls 3)
    #      | orange 12 (Snake Plant 12) | gray(Ribbon 1)
    #   leaves 2+6+3+3+12+1 = 27; flowers 1 x 7 = 7;
    #   plants: Calico left 3 + left 2 = 5; Ribbon 1 x 3 on the table = 3; Snake Plant full = 5;
    #           Jellybean: purple, red, green, orange, yellow = 5  -> 18
    #   pots: 6 pot cards x 2 = 12 ("Each pot in your collection scores 2 points")  -> 64
    # Bo: gray(Ribbon 2) | MP | yellow 6 (Ribbon 6, flower) | blue 6 (Coral 4) | green 8 (Aloe Vera 8)
    #     | gray(Calico 0)
    #   leaves 20; flower 7; Calico right 4 = 4, Ribbon 2 x 3 = 6, Aloe Vera 3 water = 3; pots 5 x 2 = 10 -> 50
    #   (Bo's Calico Hearts is the one Ann's second was cut from: a 2-player deck holds 1 of each
    #   succulent and a cutting is taken from another player's plant, which stays in that row)
    ann = player("Ann", [gray("Calico Hearts", 2), cell("purple", 6, "Calico Hearts", 6, True),
                         cell("red", 8, "Jellybean Plant", 3), MONEY_PLANT, cell("rainbow", 4, "String of Pearls", 3),
                         cell("orange", 12, "Snake Plant", 12), gray("Ribbon Plant", 1)], money=4, can=6)
    bo = player("Bo", [gray("Ribbon Plant", 2), MONEY_PLANT, cell("yellow", 6, "Ribbon Plant", 6, True),
                       cell("blue", 6, "Coral Cactus", 4), cell("green", 8, "Aloe Vera", 8), gray("Calico Hearts")], money=4, can=3)
    result = _score(ann, bo)
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 64, 1), ("Bo", 50, 2)]
    assert [c.points for c in result.player("Ann").categories] == [27, 7, 18, 12]
    assert result.warnings == ()


def test_a_row_without_its_gray_starting_pots_at_both_ends_is_flagged():
    # Rulebook, Setup 9: "Place your player board in front of you and the starting pots to the left and
    # right of it." "Pots": a bought pot goes "in-between the two pots on the far left or far right of your
    # collection, by sliding the starting pot to the side ... You only ever move the starting pot".
    # No action removes a pot, so every finished row begins and ends with a gray starting pot.  A row
    # entered without one has lost 2 points ("Each pot in your collection scores 2 points"): Ann below
    # scores pots 1 x 2 = 2 where her real row has at least 2 x 2 = 4.  The table still scores (the
    # entry may be provisional) but the result must say the row cannot be right.
    ann = player("Ann", [cell("red", 6, "Living Stone", 2), MONEY_PLANT, gray()])
    bo = player("Bo", [gray(), gray(), MONEY_PLANT])  # both starting pots on one side
    result = _score(ann, bo)
    assert [p.total for p in result.players] == [2 + 3 + 2 + 2, 4]
    assert len(result.warnings) == 2
    assert result.warnings[0].startswith("Ann: the left end of the row is not a gray starting pot;")
    assert result.warnings[1].startswith("Bo: the right end of the row is not a gray starting pot;")


def test_the_rulebook_example_and_the_starting_row_keep_the_rule():
    assert scoring.score("gretchens-garden", rulebook_example()).warnings == ()
    assert _score(player("Ann"), player("Bo")).warnings == ()
