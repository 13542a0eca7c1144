"""Adapters to the ecosystems game-AI researchers use (the optional extra ``rennbahn[rl]``).

* :mod:`rennbahn.interop.openspiel` registers every rennbahn game with pyspiel as
  ``rennbahn_<game>``;
* :mod:`rennbahn.interop.pettingzoo` makes AEC and Parallel environments;
* :mod:`rennbahn.interop.gymnasium` makes a single-seat environment against rennbahn bots;
* :mod:`rennbahn.interop.encoders` turns a seat's observation dict into a fixed-size vector.

Nothing here is imported by ``import rennbahn``: the core works without the extra. See
docs/research.md for examples.
"""
