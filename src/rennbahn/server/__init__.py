"""The rennbahn table server: tables with friends and bots over websockets (the ``web`` extra).

Thin and game-agnostic: :mod:`.app` holds the routes and the socket, :mod:`.tables` the live
tables (each one a :class:`rennbahn.core.table.Table`), :mod:`.store` the storage interface
and its SQLite implementation, :mod:`.messages` every message schema. ``docs/server.md``
describes the protocol.
"""
