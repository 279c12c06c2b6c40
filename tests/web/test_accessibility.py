"""Every visible form field on the app's pages has a label (a <label for>, a wrapping <label>, or
aria-label / aria-labelledby), on each game's entry and edit page too."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

import scoring

GAMES = [g.name for g in scoring.games()][:5]


class Fields(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, dict, bool]] = []
        self.labelled: set[str] = set()
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "label":
            self.depth += 1
            if a.get("for"):
                self.labelled.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit", "button"):
            self.fields.append((tag, a, self.depth > 0))

    def handle_endtag(self, tag):
        if tag == "label":
            self.depth -= 1

    def unlabelled(self) -> list[str]:
        return [
            a.get("name") or a.get("id") or tag
            for tag, a, wrapped in self.fields
            if not wrapped and a.get("id") not in self.labelled and not a.get("aria-label") and not a.get("aria-labelledby")
        ]


def unlabelled(client, url: str) -> list[str]:
    parser = Fields()
    parser.feed(client.get(url).get_data(as_text=True))
    assert parser.fields or url in ("/plays",), f"no form fields found on {url}"
    return parser.unlabelled()


@pytest.mark.parametrize("url", ["/plays/new", "/players", "/settings", "/plays"])
def test_common_pages_label_every_field(client, url):
    assert unlabelled(client, url) == []


@pytest.mark.parametrize("game", GAMES)
def test_each_games_entry_and_edit_pages_label_every_field(client, token, game):
    info = scoring.get(game)
    players = ("Ann",) if info.min_players == 1 else ("Ann", "Bob")
    data = {"csrf_token": token, "game": game, "played_at": "2026-11-28T20:30"}
    data.update({f"players-{i}": n for i, n in enumerate(players)})
    if game == "verdant-arizona":
        data["opt-verdant-arizona-solo"] = "on"
    play_url = client.post("/plays", data=data).headers["Location"]
    assert unlabelled(client, play_url + "/seats/0") == []
    assert unlabelled(client, play_url + "/edit") == []
