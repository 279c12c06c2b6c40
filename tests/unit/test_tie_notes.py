"""Tie-break notes for every rank (issue 24.3): each tied player's ``tiebreak`` says how *that
player's* tie was settled, comparing the values of the players still level with them; the
result's note (the tie for first place) lists each rank the tie-break gave."""

from __future__ import annotations

from scoring.core import Tiebreaker, rank
from scoring.planted import score as planted
from scoring.vadoran import GAME as VADORAN
from tests.unit.test_vadoran import player as vplayer
from tests.unit.test_vadoran import table as vtable
from tests.unit.test_verdant_support import plain_home, plant, player, score, table

GROWTH = "most Growth tokens on plant cards"


def seat(name, *plants, **more):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], **more}


def notes(result):
    return [(p.name, p.rank, p.tiebreak) for p in result.players]


# ------------------------------------------------------------------------------------ the core


def test_a_tie_of_two_reads_as_before():
    r = rank([8, 8], [Tiebreaker("most wrens", [2, 3])])
    assert r.notes == ("Tie on 8 points broken by most wrens (3 vs 2)",) * 2 and r.tiebreak == r.notes[0]


def test_a_tie_of_three_broken_whole_by_one_tie_breaker_lists_every_value():
    r = rank([9, 9, 9], [Tiebreaker("most A", [1, 3, 2])])
    assert r.ranks == (3, 1, 2)
    assert r.notes == ("Tie on 9 points broken by most A (3 vs 2 vs 1): rank 3",
                       "Tie on 9 points broken by most A (3 vs 2 vs 1): rank 1",
                       "Tie on 9 points broken by most A (3 vs 2 vs 1): rank 2")
    assert r.tiebreak == "Tie on 9 points broken by most A (3 vs 2 vs 1): ranks 1, 2 and 3"


def test_two_pairs_split_by_the_second_tie_breaker_each_by_their_own_values():
    # A, B on 2 achievements, C, D on 1; then lost items: A 3 vs B 1, C 2 vs D 0 -> ranks 1, 2, 3, 4
    r = rank([5, 5, 5, 5], [Tiebreaker("most A", [2, 2, 1, 1]), Tiebreaker("most B", [3, 1, 2, 0])])
    assert r.ranks == (1, 2, 3, 4)
    assert r.notes[2] == "Tie on 5 points partly broken by most A (2, 2 vs 1, 1), then broken by most B (2 vs 0): rank 3"
    assert r.tiebreak == ("Tie on 5 points partly broken by most A (2, 2 vs 1, 1), then broken by most B (3 vs 1; 2 vs 0): "
                          "ranks 1, 2, 3 and 4")


def test_a_tie_below_first_place_gives_no_result_note():
    r = rank([20, 9, 9, 9], [Tiebreaker("most A", [0, 2, 2, 1])])
    assert r.tiebreak is None
    assert r.notes[1:] == ("Tie on 9 points partly broken by most A (2, 2 vs 1): shared rank 2",) * 2 + (
        "Tie on 9 points broken by most A (2, 2 vs 1): rank 4",)


# -------------------------------------------------------------------------------------- Planted


def test_planted_three_on_15_with_tokens_4_4_2():
    # Ann: Spider Plant 3 tokens 3 + 3 + 3 = 9, Peace Lily 1 token 4 -> 13 + 2 propagation = 15 (4 tokens)
    # Bo: ZZ Plant 1 token 3, Nerve Plant 3 tokens 2 + 3 + 5 = 10 -> 13 + 2 = 15 (4 tokens)
    # Cy: Snake Plant 1 token 3, Dragon Tree 1 token 5 -> 8 + 7 = 15 (2 tokens)
    # 4, 4, 2: Ann and Bob share the victory, Cy is third (before: Cy read "not broken ... shared victory")
    result = planted({"players": [seat("Ann", ("Spider Plant", 3), ("Peace Lily", 1), propagation=2),
                                  seat("Bo", ("ZZ Plant", 1), ("Nerve Plant", 3), propagation=2),
                                  seat("Cy", ("Snake Plant", 1), ("Dragon Tree", 1), propagation=7)]})
    assert [p.total for p in result.players] == [15, 15, 15]
    assert notes(result) == [
        ("Ann", 1, f"Tie on 15 points partly broken by {GROWTH} (4, 4 vs 2): shared victory"),
        ("Bo", 1, f"Tie on 15 points partly broken by {GROWTH} (4, 4 vs 2): shared victory"),
        ("Cy", 3, f"Tie on 15 points broken by {GROWTH} (4, 4 vs 2): rank 3")]
    assert result.winners == ("Ann", "Bo")
    assert result.tiebreak == f"Tie on 15 points partly broken by {GROWTH} (4, 4 vs 2): shared victory, rank 3"


def test_planted_three_on_15_with_tokens_5_3_3():
    # Ann: Spider Plant 3 tokens 9, Chinese Money Plant 2 tokens 2 + 3 = 5 -> 14 + 1 = 15 (5 tokens)
    # Bo: ZZ Plant 3 tokens 9 + 6 = 15 (3 tokens); Cy: Snake Plant 1 token 3, Croton 2 tokens 2 + 3 = 5 -> 8 + 7 = 15 (3)
    # 5, 3, 3: Ann first; Bo and Cy share rank 2 (before: they read "broken (5 vs 3)")
    result = planted({"players": [seat("Ann", ("Spider Plant", 3), ("Chinese Money Plant", 2), propagation=1),
                                  seat("Bo", ("ZZ Plant", 3), propagation=6),
                                  seat("Cy", ("Snake Plant", 1), ("Croton", 2), propagation=7)]})
    assert [p.total for p in result.players] == [15, 15, 15]
    assert notes(result) == [
        ("Ann", 1, f"Tie on 15 points broken by {GROWTH} (5 vs 3, 3): rank 1"),
        ("Bo", 2, f"Tie on 15 points partly broken by {GROWTH} (5 vs 3, 3): shared rank 2"),
        ("Cy", 2, f"Tie on 15 points partly broken by {GROWTH} (5 vs 3, 3): shared rank 2")]
    assert result.winners == ("Ann",)
    assert result.tiebreak == f"Tie on 15 points partly broken by {GROWTH} (5 vs 3, 3): rank 1, shared rank 2"


# -------------------------------------------------------------------------------------- Verdant


def _home(ptype, rtype, name):
    h = plain_home(ptype, rtype)
    h[0][0] = plant(name, "concrete")
    return h


def test_verdant_three_level_with_green_thumbs_3_3_1():
    # each: one completed plant worth 6 in a concrete pot (+3) = 9, no room scores (plain homes)
    result = score(table(player("A", _home("foliage", "vining", "Lucky Bamboo"), green_thumbs=3),
                         player("B", _home("unusual", "succulent", "Sensitive Plant"), green_thumbs=3),
                         player("C", _home("flowering", "foliage", "Bush Lily"), green_thumbs=1)))
    assert [p.total for p in result.players] == [9, 9, 9]
    thumbs = "most Green Thumb tokens"
    assert notes(result) == [
        ("A", 1, f"Tie on 9 points partly broken by {thumbs} (3, 3 vs 1): shared victory"),
        ("B", 1, f"Tie on 9 points partly broken by {thumbs} (3, 3 vs 1): shared victory"),
        ("C", 3, f"Tie on 9 points broken by {thumbs} (3, 3 vs 1): rank 3")]  # before: "not broken (3 vs 1)"
    assert result.tiebreak == f"Tie on 9 points partly broken by {thumbs} (3, 3 vs 1): shared victory, rank 3"


# -------------------------------------------------------------------------------------- Vadoran


def test_vadoran_four_on_10():
    # A: 7 grass + achievements 1 + 2 = 10 (2 achievements)
    # B: 3 grass + water 5 with its pendant returned + 2 = 10 (1 achievement, 1 item returned)
    # C: 8 grass + 2 = 10 (1 achievement; its tool is on no "5" square: 0 returned)
    # D: 3 sand + grass 5 with its animal returned + 2 = 10 (1 achievement, 1 returned)
    # achievements 2 vs 1, 1, 1: A first; then returned items 1, 1 vs 0: B and D share rank 2, C fourth
    a = vplayer("A", ["g* g* g* g g g g"], achievements=[("soil", 1), ("water", 2)])
    b = vplayer("B", ["g* g* g* w5"], {"pendant": 1}, [("grass", 2)])
    c = vplayer("C", ["g* g* g* g g g g g"], {"tool": 1}, [("soil", 2)])
    d = vplayer("D", ["s* s* s*", "g5"], {"animal": 1}, [("water", 2)])
    result = VADORAN.score(vtable(a, b, c, d))
    assert [p.total for p in result.players] == [10, 10, 10, 10]
    first = "Tie on 10 points partly broken by most achievements (2 vs 1, 1, 1), then"
    assert notes(result) == [
        ("A", 1, "Tie on 10 points broken by most achievements (2 vs 1, 1, 1): rank 1"),
        ("B", 2, f"{first} most returned lost items (1, 1 vs 0): shared rank 2"),
        ("C", 4, f"{first} broken by most returned lost items (1, 1 vs 0): rank 4"),
        ("D", 2, f"{first} most returned lost items (1, 1 vs 0): shared rank 2")]
    assert result.tiebreak == f"{first} most returned lost items (1, 1 vs 0): rank 1, shared rank 2, rank 4"


def test_vadoran_achievements_that_do_not_break_a_tie_say_so():
    # A: 3 grass + water 5 (pendant returned) + 2 = 10; B: 8 grass + 2 = 10: 1 achievement each, 1 vs 0 returned
    result = VADORAN.score(vtable(vplayer("A", ["g* g* g* w5"], {"pendant": 1}, [("grass", 2)]),
                                  vplayer("B", ["g* g* g* g g g g g"], {"tool": 1}, [("soil", 2)])))
    assert result.tiebreak == ("Tie on 10 points not broken by most achievements (1 each), "
                               "then broken by most returned lost items (1 vs 0)")
