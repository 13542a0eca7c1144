"""Bots that play any registered game through the protocol, and the bot factory."""

from rennbahn.bots.factory import bot_names, bot_params, make_bot, strengths
from rennbahn.bots.random_bot import RandomBot
from rennbahn.bots.search import FlatMonteCarloBot, SearchBot

__all__ = [
    "FlatMonteCarloBot",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "bot_params",
    "make_bot",
    "strengths",
]
