"""The pages' pieces that need no browser: the language a page picks, every text in both
languages, the store's migration from schema 1 (the lobby's public flag), and token
replacement when a stranger takes a free seat."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from rennbahn.core.i18n import missing_keys
from rennbahn.server.store import SqliteStore, StoredSeat, StoredTable, token_digest
from rennbahn.server.texts import CATALOGUE, pick_language, say


def test_every_page_text_is_in_english_and_german() -> None:
    assert missing_keys(CATALOGUE) == {}
    # An undo names the move only to the seat that took it back (it may have been secret).
    assert say("de", "took_back", name="Anna") == "Anna nimmt einen Zug zurück."
    assert say("de", "you_took_back", move="200") == "Du nimmst 200 zurück."
    assert say("xx", "your_turn") == "Your move"  # an unknown language falls back


def test_the_page_language_comes_from_the_query_then_the_cookie_then_the_browser() -> None:
    assert pick_language(None, None, None) == "en"
    assert pick_language(None, None, "de-DE,de;q=0.9,en;q=0.8") == "de"
    assert pick_language(None, None, "fr-FR, en;q=0.5, de;q=0.7") == "de"
    assert pick_language(None, None, "de;q=0, en-GB") == "en"
    assert pick_language(None, None, "de;q=abc, en;q=0.1") == "en"
    assert pick_language(None, "de", "en") == "de"
    assert pick_language("en", "de", "de") == "en"
    assert pick_language("klingon", "<script>", "de") == "de"


def test_a_schema_1_file_is_migrated_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('schema', '1');
        CREATE TABLE tables (
            id TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,
            created REAL NOT NULL, clock REAL, seats TEXT NOT NULL, number INTEGER NOT NULL,
            rng TEXT, pending TEXT NOT NULL, deadlines TEXT NOT NULL,
            finished INTEGER NOT NULL, record TEXT);
        INSERT INTO tables VALUES ('t1', 'gibgas(players=2)', 7, 1.0, NULL,
            '[{"name": "Anna", "bot": null, "standin": null}, {"name": "B", "bot": "random",
              "standin": null}]', 0, NULL, '{}', '{}', 0, NULL);
    """)
    db.commit()
    db.close()
    store = SqliteStore(path)
    old = store.load("t1")
    assert old is not None and not old.public and not old.seats[0].claimed
    assert old.seats[0].name == "Anna"
    old.public = True
    old.seats[0].claimed = True
    store.save(old, 0)
    again = store.load("t1")
    assert again is not None and again.public and again.seats[0].claimed
    store.close()
    check = sqlite3.connect(path)
    assert check.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("3",)
    check.close()


def test_replacing_a_seat_token_retires_the_old_one(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    table = StoredTable(id="t2", game="gibgas(players=2)", seed=1, created=1.0,
                        seats=[StoredSeat("A"), StoredSeat("B")], public=True)
    store.create(table, [token_digest("old0"), token_digest("old1")])
    store.replace_token("t2", 0, token_digest("new0"))
    assert store.find_token(token_digest("old0")) is None
    assert store.find_token(token_digest("new0")) == ("t2", 0)
    assert store.find_token(token_digest("old1")) == ("t2", 1)
    store.close()
