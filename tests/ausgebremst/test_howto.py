"""The players' rules of Ausgebremst (``howto/en.md``, ``howto/de.md``): every board picture
parses and draws with the game's own board, each variant is explained under the label the
lobby shows, and no identifier, notation or interpretation number is left in the text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from rennbahn.core.registry import load_game
from rennbahn.games.ausgebremst.board import board_svg
from rennbahn.games.ausgebremst.rules import AusgebremstGame
from rennbahn.games.ausgebremst.words import WORDS

BLOCK = re.compile(r"^```board\n(.*?)^```", re.S | re.M)


def howto(lang: str) -> str:
    return (resources.files("rennbahn.games.ausgebremst") / "howto" / f"{lang}.md").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_howto_pictures_draw_and_variants_are_explained(lang: str) -> None:
    text = howto(lang)
    blocks = BLOCK.findall(text)
    assert 2 <= len(blocks) <= 4
    for block in blocks:
        lines = [line.strip() for line in block.strip().splitlines()]
        names = None
        if lines[-1].startswith("names:"):
            names = [n.strip() for n in lines.pop()[len("names:"):].split(",")]
        game = load_game(lines[0], paths=False)
        state = game.state_from_text("\n".join(lines[1:]))
        assert names is None or len(names) == game.num_players()
        svg = board_svg(state.public_view(), game, lang=lang, names=names)
        assert ET.fromstring(svg) is not None
        assert not re.search(r"(Driver|Fahrer) \d", svg)
    prose = BLOCK.sub("", text)
    for param in AusgebremstGame.PARAMS:
        assert f"**{WORDS.param(param.name, lang)[0]}**" in prose, param.name
    assert not re.search(r"\(I\d+\)|\.py\b|\b\d+[io]\b|\bp\d\b|[a-z]+_[a-z]+|chance node",
                         prose)
