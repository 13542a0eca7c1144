"""The players' rules of Gib Gas! (``howto/en.md``, ``howto/de.md``): every board picture
parses and draws, and the pages speak to players, not programmers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from rennbahn.core.i18n import LANGUAGES
from rennbahn.core.registry import load_game
from rennbahn.games.gibgas.board import board_svg
from rennbahn.games.gibgas.words import WORDS

BLOCK = re.compile(r"^```board\n(.*?)^```", re.DOTALL | re.MULTILINE)


def howto(lang: str) -> str:
    return resources.files("rennbahn.games.gibgas").joinpath(f"howto/{lang}.md").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_picture_parses_and_draws(lang: str) -> None:
    blocks = BLOCK.findall(howto(lang))
    assert 2 <= len(blocks) <= 4
    for block in blocks:
        lines = block.strip().split("\n")
        assert len(lines) in (2, 3), block
        game = load_game(lines[0])
        state = game.state_from_text(lines[1])
        names = None
        if len(lines) == 3:
            label, _, given = lines[2].partition(":")
            assert label == "names"
            names = [n.strip() for n in given.split(",")]
            assert len(names) == game.num_players()
        svg = board_svg(state.public_view(), game, names=names, lang=lang)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        if names:
            assert all(name in svg for name in names)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_are_for_players(lang: str) -> None:
    text = BLOCK.sub("", howto(lang))
    assert not re.search(r"\(I\d+\)|\.py\b|src/|chance node|_[a-z]+_|\b[a-z]+_[a-z]+\b", text)
    game = load_game("gibgas(players=3)")
    for param in game.PARAMS:  # each variant explained under the lobby's label
        assert f"**{WORDS.param(param.name, lang)[0]}**" in text
