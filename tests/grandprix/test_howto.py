"""The rules for players (issue 24): ``howto/en.md`` and ``howto/de.md`` of the package.

Every ```` ```board ```` block names a game string, a position in state notation and,
optionally, the seats' names; the rules page draws it with the game's own board. Each must
read back and draw, both files must show the same positions, and neither may speak code.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources

import rennbahn
from rennbahn.games.grandprix.board import board_svg
from rennbahn.games.grandprix.rules import GrandPrixGame
from rennbahn.games.grandprix.words import WORDS

BLOCK = re.compile(r"^```board\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: What a players' page must not say: code paths, identifiers, notation, our jargon.
CODE = re.compile(r"\.py\b|\w_\w|\(I\d+\)|chance node|notation|[<>]=?\s*\d", re.IGNORECASE)


def howto(lang: str) -> str:
    return (resources.files("rennbahn.games.grandprix") / "howto" / f"{lang}.md").read_text(
        encoding="utf-8")


def blocks(text: str) -> list[tuple[str, str, list[str] | None]]:
    found = []
    for body in BLOCK.findall(text):
        lines = body.strip().splitlines()
        assert len(lines) in (2, 3), body
        names = None
        if len(lines) == 3:
            label, _, rest = lines[2].partition(":")
            assert label == "names"
            names = [name.strip() for name in rest.split(",")]
        found.append((lines[0], lines[1], names))
    return found


def test_every_board_picture_reads_and_draws_in_both_languages() -> None:
    pictures = {lang: blocks(howto(lang)) for lang in ("en", "de")}
    assert pictures["en"] == pictures["de"]
    assert 2 <= len(pictures["en"]) <= 4
    for lang, found in pictures.items():
        for game_string, position, names in found:
            game = rennbahn.load_game(game_string)
            state = game.state_from_text(position)
            assert state.to_text() == position
            svg = board_svg(state.public_view(), game, names=names, lang=lang)
            ET.fromstring(svg)
            assert names is None or all(name in svg for name in names)
            assert not re.search(r"Driver \d|Fahrer \d", svg)


def test_the_rules_speak_to_players() -> None:
    for lang in ("en", "de"):
        text = BLOCK.sub("", howto(lang))
        assert not CODE.search(text), CODE.search(text)
    assert "Würfle" in howto("de") and "du" in howto("de").split()


def test_each_variant_is_explained_with_its_lobby_label() -> None:
    for lang in ("en", "de"):
        text = howto(lang)
        for param in GrandPrixGame.PARAMS:
            assert f"- **{WORDS.param(param.name, lang)[0]}**:" in text, param.name
