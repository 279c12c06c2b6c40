"""Names and words that only look different (issue 24.4): player names equal after NFC are one
name; control, invisible and bidirectional characters are refused in names; colours and card
names are compared after NFKC with invisible characters removed."""

from __future__ import annotations

import pytest

from scoring import text
from scoring.arizona import GAME as ARIZONA
from scoring.core import ValidationError
from scoring.planted import score as planted
from tests.unit.test_arizona_scoring import CHECKER, CORNERS, OTHER, ZIGZAG, details, points, table
from tests.unit.test_verdant_support import ALICE_HOME, player, score
from tests.unit.test_verdant_support import table as vtable

FULL_WIDTH_PINK = "\uff50\uff49\uff4e\uff4b"  # ｐｉｎｋ


def errors_of(fn, table_):
    with pytest.raises(ValidationError) as caught:
        fn(table_)
    return [(e.path, e.message) for e in caught.value.errors]


# -------------------------------------------------------------------------------- the helpers


@pytest.mark.parametrize("name, words", [
    ("Ann\u200b", "invisible character (U+200B ZERO WIDTH SPACE) after \"Ann\""),
    ("Ann\u2060e", "invisible character (U+2060 WORD JOINER)"),
    ("An\u00adn", "invisible character (U+00AD SOFT HYPHEN)"),
    ("\ufeffAnn", "invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE) at the start"),
    ("Ann\u200e", "bidirectional mark (U+200E LEFT-TO-RIGHT MARK)"),
    ("Ann\u202e", "bidirectional mark (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("\u2067Ann", "bidirectional mark (U+2067 RIGHT-TO-LEFT ISOLATE)"),
    ("A\nB", "control character (U+000A)"),
    ("A\x00B", "control character (U+0000)"),
    ("A\u2028B", "control character (U+2028 LINE SEPARATOR)"),
    ("Ann\u200d", "invisible character (U+200D ZERO WIDTH JOINER)"),  # a joiner joining nothing
])
def test_names_with_hidden_characters_are_refused_with_the_character_named(name, words):
    assert words in str(text.name_problem(name))


@pytest.mark.parametrize("name", [
    "Anné", "Anne\u0301", "O'Brien-Smith", "José María", "Zoë 2", "李小龍", "أحمد",
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a zero-width non-joiner between letters
    "\U0001f468\u200d\U0001f469\u200d\U0001f467 Family",  # an emoji family: joiners between emoji
    "\U0001f335 Cactus Kim",
])
def test_real_names_are_accepted(name):
    assert text.name_problem(name) is None


def test_nfc_equal_names_are_one_name_in_any_case():
    assert text.name_key("Anne\u0301") == text.name_key("Ann\u00e9") == text.name_key("ANNÉ")
    assert text.name_key("Anne") != text.name_key("Anné")
    assert text.clean_name(" Anne\u0301 ") == "Ann\u00e9"


# -------------------------------------------------------------------------------- the engines


def test_a_table_with_two_nfc_equal_names_is_refused():
    t = vtable(player("Ann\u00e9", ALICE_HOME), player("Anne\u0301", ALICE_HOME))
    assert ("players[1].name", '"Anne\u0301" is already the name of player 1') in errors_of(score, t)


def test_a_name_with_a_bidirectional_mark_is_refused_by_the_engine():
    found = errors_of(planted, {"players": [{"name": "Ann\u202e", "plants": []}, {"name": "Bo", "plants": []}]})
    assert ("players[0].name", "holds a bidirectional mark (U+202E RIGHT-TO-LEFT OVERRIDE) after \"Ann\": type the "
                               "name without it") in found


@pytest.mark.parametrize("pink", ["Pink\u200b", FULL_WIDTH_PINK, "pi\u00adnk", "\u200bPINK"])
def test_arizona_colours_that_only_look_different_are_one_colour(pink):
    # CORNERS on ZIGZAG: 4 single-colour corners x 2 = 8 (test_four_single_colour_corners_score_eight);
    # one pink card typed with a hidden character or in full width keeps the top-right corner pink
    colors = [row[:] for row in CORNERS]
    colors[0][3] = pink
    result = ARIZONA.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "quadrants") == 8
    assert details(result, 0, "quadrants")[1].startswith("Top-right quadrant (15, 2, 4, 13): all 4 pink = 2")


def test_a_different_colour_still_breaks_the_quadrant():
    colors = [row[:] for row in CORNERS]
    colors[0][3] = "pinks"  # the smallest miss: another word
    assert points(ARIZONA.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0))), 0, "quadrants") == 6


def test_card_names_in_full_width_or_with_hidden_characters_are_the_card():
    # Planted rulebook example board (15): Snake Plant 1 token 3, Purple Shamrock 2 tokens 3 + 4 = 7, ...
    def board(snake, shamrock):
        return {"players": [{"name": "Ann", "plants": [{"name": snake, "growth": 1}, {"name": shamrock, "growth": 2}],
                             "propagation": 2, "decorations": {"ceramic_planter": 2, "plant_stand": 1}}]}
    plain = planted(board("Snake Plant", "Purple Shamrock")).players[0].total
    odd = planted(board("\uff33nake \uff30lant", "Purple\u200b Shamrock")).players[0].total
    assert plain == odd == 15
