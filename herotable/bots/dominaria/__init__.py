"""Heroes of Dominaria bots: greedy (one-step evaluation) and strong (determinised search).

Importing the package registers both with :mod:`herotable.bots.registry`.
"""

from herotable.bots.dominaria import greedy, strong

__all__ = ["greedy", "strong"]
