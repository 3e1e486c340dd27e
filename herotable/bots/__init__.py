"""Players that choose actions through the same public API as people.

A bot gets exactly what its seat's ``view`` shows and the list of ``legal_actions``, and
returns one of those actions. :mod:`herotable.bots.registry` names them (``random``,
``greedy``, ``strong``) the same way for the command line, the server and the simulator.
"""

from herotable.bots.base import Allowance, Assessment, Bot, BotError
from herotable.bots.registry import bot_names, make_bot
from herotable.bots.seeding import decision_seed

__all__ = ["Allowance", "Assessment", "Bot", "BotError", "bot_names", "decision_seed", "make_bot"]
