"""herotable's bots as policies inside the research environments: the action a bot would
take now, as the environment's action index. A baseline to learn against, an opponent for
self-play, or a teacher for imitation, without reaching into an env's internals.

A bot's move depends only on the seat's view, its budget (work units, so the same on any
machine) and its seed. Seeded as ``herotable simulate`` seeds it (``decision_seed`` of the
game's seed, the seat and the actions played so far), a bot played through an env makes the
very moves it makes in ``simulate`` with the same deal.
"""

from __future__ import annotations

from typing import Any

from herotable.bots.registry import make_bot
from herotable.bots.seeding import decision_seed
from herotable.core.errors import HerotableError
from herotable.core.game import Game
from herotable.envs.refusals import EnvRefusal


def bot_action(env: Any, bot: str, agent: str | None = None, *,
               seconds: float | None = None, seed: int | None = None) -> int:
    """The action index that ``bot`` (a herotable bot: ``random``, ``greedy``, ``strong``)
    takes now in ``env`` for ``agent``: a PettingZoo agent name, or None in the solo
    Gymnasium env. ``seconds`` is the bot's budget (None: its default); ``seed`` its seed
    (None: as ``simulate`` seeds it). A Cartographers PettingZoo agent that owes nothing now
    gets ``WAIT``; elsewhere asking for an agent that owes nothing is an error. In the solo
    env with candidate actions, the answer is the candidate's position."""
    base = getattr(env, "unwrapped", env)
    game: Game[Any, Any, Any] | None = getattr(base, "game", None)
    if game is None:
        raise HerotableError("bot_action takes a herotable environment (Gymnasium or "
                             "PettingZoo), made with gymnasium.make or the env modules",
                             EnvRefusal.NOT_AN_ENV)
    seat = _seat(base, agent)
    if game.is_over or not game.owes(seat):
        # An env whose agents all act at once has an action for "nothing to do".
        wait: int | None = getattr(base, "wait_action", None)
        if wait is not None:
            return wait
        who = agent or "the seat"
        raise HerotableError(f"{who} owes no decision now", EnvRefusal.NOTHING_OWED,
                             {"agent": who})
    if seed is None:
        seed = decision_seed(game.seed, seat, len(game.log.entries))
    player = make_bot(game.name, bot, seed=seed, seconds=seconds)
    view = game.view(seat)
    index = game.encode_action(player.decide(view, view.legal))
    # The solo env may take actions as positions in its candidate list.
    action_for = getattr(base, "action_for", None)
    return index if action_for is None else int(action_for(index))


def _seat(base: Any, agent: str | None) -> int:
    """The seat ``agent`` plays: its place in ``possible_agents`` (PettingZoo's own order,
    player_0 first), or the solo env's only seat."""
    agents = getattr(base, "possible_agents", None)
    if agents is None:
        if agent is not None:
            raise HerotableError("the solo env has one seat: call bot_action without an agent",
                                 EnvRefusal.UNKNOWN_AGENT, {"agent": agent})
        return 0
    if agent not in agents:
        raise HerotableError(f"no agent {agent!r} in this env; its agents are "
                             f"{', '.join(agents)}", EnvRefusal.UNKNOWN_AGENT,
                             {"agent": str(agent)})
    return list(agents).index(agent)
