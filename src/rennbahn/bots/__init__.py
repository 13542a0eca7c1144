"""Bots that play any registered game through the protocol, and the bot factory."""

from rennbahn.bots.factory import bot_names, make_bot
from rennbahn.bots.random_bot import RandomBot

__all__ = ["RandomBot", "bot_names", "make_bot"]
