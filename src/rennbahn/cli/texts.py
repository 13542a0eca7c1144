"""The terminal's own texts in English and German (the games' narration has its own).

>>> say("de", "plays", name="Anna", move="Tempo")
'Anna spielt Tempo'
"""

from __future__ import annotations

import os

from rennbahn.core.i18n import DEFAULT, LANGUAGES, Catalogue, Texts, catalogue, load_texts, text

#: Every text, English and German side by side, read from ``texts.toml`` beside
#: this module (one column per language).
TEXTS: Texts = load_texts(__name__.rpartition(".")[0])
CATALOGUE: Catalogue = catalogue(TEXTS)


def say(lang: str, key: str, /, **values: object) -> str:
    """The terminal's text ``key`` in ``lang``."""
    return text(CATALOGUE, lang, key, **values)


def default_language() -> str:
    """German when ``LANG`` starts with ``de``, else English."""
    return "de" if os.environ.get("LANG", "").lower().startswith("de") else DEFAULT


__all__ = ["CATALOGUE", "LANGUAGES", "default_language", "say"]
