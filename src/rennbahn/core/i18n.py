"""The languages a player can choose, and one way to look up a text in either.

Every text a player sees comes from a catalogue, written in one shape everywhere: a TOML
file of ``key = ["English", "German"]`` (one column per language, in the order of
:data:`LANGUAGES`), so that a third language is one more column. A game keeps its catalogue
in ``texts.toml`` beside its ``texts.py`` (its board, narration and terminal drawing share
it); the server and the command line keep theirs the same way; the phrases they all use
(what a seat is called, "and", "you are") are :data:`COMMON`. :func:`load_texts` reads a
file into ``key: (English, German)`` texts, :func:`catalogue` turns them into the
per-language lookup that :func:`text` and :class:`Teller` read. Card names
keep their German originals in both languages.

>>> CATALOGUE = {"en": {"won": "{name} wins"}, "de": {"won": "{name} gewinnt"}}
>>> text(CATALOGUE, "de", "won", name="Anna")
'Anna gewinnt'
>>> seat_name(2, "de")
'Fahrer 3'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import ClassVar

from rennbahn.core.errors import ParameterError, allowed_list

#: The languages of every text a player sees; the first is the default.
LANGUAGES = ("en", "de")
DEFAULT = LANGUAGES[0]

#: Texts as written: key -> one template per language, in the order of LANGUAGES.
Texts = Mapping[str, tuple[str, str]]
#: Texts as looked up: language -> key -> template (made by :func:`catalogue`).
Catalogue = Mapping[str, Mapping[str, str]]

#: The phrases every catalogue shares.
COMMON: Texts = {
    "seat": ("Driver {number}", "Fahrer {number}"),
    "and": (" and ", " und "),
    "you_are": ("You are {name}.", "Du bist {name}."),
    "spectator": ("You are watching as a spectator.", "Du schaust als Zuschauer zu."),
}


def load_texts(package: str, name: str = "texts.toml") -> dict[str, tuple[str, str]]:
    """The texts of a catalogue file in ``package``: a TOML table of ``key = ["English",
    "German"]`` (one column per language of :data:`LANGUAGES`), in the file's order.

    >>> load_texts("rennbahn.cli")["plays"]
    ('{name} plays {move}', '{name} spielt {move}')
    """
    where = f"{package.replace('.', '/')}/{name}"
    data = tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    texts: dict[str, tuple[str, str]] = {}
    for key, value in data.items():
        if (not isinstance(value, list) or len(value) != len(LANGUAGES)
                or not all(isinstance(v, str) for v in value)):
            raise ValueError(f"{where}: {key} must list one text per language "
                             f"({', '.join(LANGUAGES)}), not {value!r}")
        texts[key] = (value[0], value[1])
    return texts


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else a ParameterError naming them."""
    if lang not in LANGUAGES:
        known = allowed_list(list(LANGUAGES))
        raise ParameterError(f"unknown language {lang!r}; languages: {known}")
    return lang


def text(catalogue: Catalogue, lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang``, filled in with ``values``; a key the catalogue does not
    have is one of the :data:`COMMON` phrases.

    >>> text(catalogue({}), "de", "spectator")
    'Du schaust als Zuschauer zu.'
    """
    words = catalogue[check_language(lang)]
    template = words[key] if key in words else _COMMON[lang][key]
    return template.format(**values)


def seat_name(seat: int, lang: str = DEFAULT, names: Sequence[str] | None = None) -> str:
    """What people call a seat: the name given to it, else "Driver n" counted from 1."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return COMMON["seat"][LANGUAGES.index(check_language(lang))].format(number=seat + 1)


def catalogue(texts: Texts) -> dict[str, dict[str, str]]:
    """The lookup of ``key -> (English, German)`` texts, the way every catalogue is written.

    >>> catalogue({"won": ("{name} wins", "{name} gewinnt")})["de"]["won"]
    '{name} gewinnt'
    """
    return {lang: {key: pair[i] for key, pair in texts.items()}
            for i, lang in enumerate(LANGUAGES)}


class Said(str):
    """A text from a catalogue that remembers which key made it (``key``) and the keys of
    the texts filled into it (``parts``): a narration line's kind of event, and the details
    that say more (``rennbahn.core.citations`` looks up the rule behind each). It is a
    ``str`` in every other way.

    >>> line = Teller(catalogue({"a": ("A: {b}", "A: {b}"), "b": ("B", "B")}))
    >>> said = line("a", b=line("b"))
    >>> said, said.key, said.parts
    ('A: B', 'a', ('b',))
    """

    key: str
    parts: tuple[str, ...]

    def __new__(cls, value: str, key: str, parts: tuple[str, ...] = ()) -> Said:
        said = super().__new__(cls, value)
        said.key = key
        said.parts = parts
        return said

    @property
    def keys(self) -> tuple[str, ...]:
        """``key`` and then ``parts``."""
        return (self.key, *self.parts)

    def __reduce__(self) -> tuple[type[Said], tuple[str, str, tuple[str, ...]]]:
        return (Said, (str(self), self.key, self.parts))


def retold(main: str, text: str, *more: str) -> str:
    """``text`` (``main`` with ``more`` around it) told as ``main``'s event: a :class:`Said`
    with ``main``'s key, and its parts with the keys of ``more`` (``text`` as it is when
    ``main`` is no :class:`Said`).

    >>> say = Teller(catalogue({"won": ("Anna won", "Anna gewann"), "late": ("Late.", "Spät.")}))
    >>> line = retold(say("won"), "Late. Anna won", say("late"))
    >>> line, line.key, line.parts
    ('Late. Anna won', 'won', ('late',))
    """
    if not isinstance(main, Said):
        return text
    extra = tuple(k for m in more if isinstance(m, Said) for k in m.keys)
    return Said(text, main.key, (*main.parts, *extra))


class Teller:
    """The words of one catalogue in one language, with one set of seat names.

    A game's narration subclasses it with the words of its own (a card's name, a car's).

    >>> say = Teller(catalogue({"won": ("{name} wins", "{name} gewinnt")}), "de", ["Anna"])
    >>> say("won", name=say.seat(0)), say.seat(1), say.join(["A", "B", "C"])
    ('Anna gewinnt', 'Fahrer 2', 'A, B und C')
    """

    def __init__(self, texts: Catalogue, lang: str = DEFAULT,
                 names: Sequence[str] | None = None) -> None:
        self.texts = texts
        self.lang = check_language(lang)
        self.names = names

    def __call__(self, key: str, /, **values: object) -> str:
        """The text ``key`` filled in with ``values``: a :class:`Said` that remembers ``key``
        and the keys of the texts filled into it (what a narration line cites). Typed as
        the ``str`` it is everywhere else (boards, words, joins)."""
        parts = tuple(k for v in values.values() if isinstance(v, Said) for k in v.keys)
        return Said(text(self.texts, self.lang, key, **values), key, parts)

    def seat(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.names)

    def join(self, words: Sequence[str]) -> str:
        """``A, B and C`` (``A, B und C``)."""
        if len(words) <= 1:
            return "".join(words)
        return ", ".join(words[:-1]) + COMMON["and"][LANGUAGES.index(self.lang)] + words[-1]


_COMMON = catalogue(COMMON)


class GameTeller(Teller):
    """A game's :class:`Teller`: its words are the class's :attr:`CATALOGUE` (the game's
    ``texts.toml``), so that it is made from a language and seat names alone."""

    CATALOGUE: ClassVar[Catalogue]

    def __init__(self, lang: str = DEFAULT, names: Sequence[str] | None = None) -> None:
        super().__init__(self.CATALOGUE, lang, names)


def missing_keys(catalogue: Catalogue) -> dict[str, set[str]]:
    """Keys some language has and another lacks (a test asserts this is empty)."""
    every = set().union(*(set(c) for c in catalogue.values()))
    return {lang: every - set(catalogue.get(lang, {})) for lang in LANGUAGES
            if every - set(catalogue.get(lang, {}))}
