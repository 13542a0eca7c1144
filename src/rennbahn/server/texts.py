"""Every text the server and its pages show a person, in English and German.

One catalogue (``rennbahn.core.i18n``): the templates call ``t(key, ...)``, the table page's
script gets the keys it needs as JSON, and the server's own narration lines (an undo, a
clock that ran out) use :func:`say`. Card names and notation stay as the games write them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rennbahn.core.i18n import DEFAULT, LANGUAGES, Catalogue, Texts, catalogue, load_texts, text

if TYPE_CHECKING:
    from starlette.requests import Request

_HERE = __name__.rpartition(".")[0]
#: Every text, English and German side by side (one column per language), read from
#: three files beside this module: ``texts.toml`` (the pages), ``errors.toml`` (what a
#: refusal says to people) and ``lobby.toml`` (the lobby's words for bots and times).
TEXTS: Texts = {**load_texts(_HERE), **load_texts(_HERE, "errors.toml"),
                **load_texts(_HERE, "lobby.toml")}
CATALOGUE: Catalogue = catalogue(TEXTS)

def say(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang`` (an unknown language falls back to the default)."""
    return text(CATALOGUE, lang if lang in LANGUAGES else DEFAULT, key, **values)


#: The bots offered to people, in the order the lobby shows them: the three strengths,
#: then the random bot for testing.
PEOPLES_BOTS = ("easy", "medium", "hard", "random")


def bot_label(name: str, lang: str) -> str:
    """A bot in words ("Hard", "Schwer"); a bot for experiments is "Bot" and its name."""
    if name in PEOPLES_BOTS:
        return say(lang, f"bot_{name}")
    return f"{say(lang, 'bot_other')} ({name})"


def bot_line(name: str, lang: str) -> str:
    """One line on what a bot does."""
    return say(lang, f"bot_{name}_line" if name in PEOPLES_BOTS else "bot_other_line")


def waited(seconds: float, lang: str) -> str:
    """How long something has waited, roughly: "3 min", "2 h", "4 days"."""
    minutes = max(1, int(seconds // 60))
    if minutes < 120:
        return say(lang, "waiting_minutes", n=minutes)
    if minutes < 48 * 60:
        return say(lang, "waiting_hours", n=minutes // 60)
    return say(lang, "waiting_days", n=minutes // (24 * 60))


def script_texts(lang: str) -> dict[str, str]:
    """Every page text in ``lang``, for the pages' script."""
    return dict(CATALOGUE[lang if lang in LANGUAGES else DEFAULT])


def language_of(request: Request) -> str:
    """A request's language, as every page picks it (see :func:`pick_language`)."""
    return pick_language(request.query_params.get("lang"), request.cookies.get("lang"),
                         request.headers.get("accept-language"))


def pick_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=``, else the ``lang`` cookie (the switch), else the
    browser's ``Accept-Language`` (highest q first), else English."""
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "")[:500].split(",")):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower().split("-")[0]
        q = 1.0
        for bit in bits[1:]:
            key, _, value = bit.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if tag in LANGUAGES and q > 0:
            ranked.append((-q, i, tag))
    return min(ranked)[2] if ranked else DEFAULT
