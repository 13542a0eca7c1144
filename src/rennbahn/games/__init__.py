"""One package per game, each declaring its registry entry (``ENTRY``); this module
registers the shipped games, explicitly (a new game is one more line here)."""

from rennbahn.core.registry import register
from rennbahn.games import ausgebremst, gibgas, grandprix, von0auf100

SHIPPED = (gibgas.ENTRY, von0auf100.ENTRY, grandprix.ENTRY, ausgebremst.ENTRY)

for _entry in SHIPPED:
    register(_entry)
