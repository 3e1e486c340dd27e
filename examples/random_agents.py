"""A random agent in each environment: the loops of docs/research.md, runnable.

    pip install -e '.[rl]'
    python examples/random_agents.py
"""

from __future__ import annotations

import gymnasium

from herotable.envs import cartographers_v0, dominaria_v0  # registers the Gymnasium env too


def gymnasium_solo() -> float:
    env = gymnasium.make("herotable/CartographersSolo-v0", preset="first_game")
    _, info = env.reset(seed=42)
    env.action_space.seed(42)  # the agent's own draws repeat too
    score, done = 0.0, False
    while not done:
        action = env.action_space.sample(mask=info["action_mask"])
        _, reward, done, _, info = env.step(action)
        score += reward
    return score  # the game's final score


def pettingzoo_parallel() -> dict[str, float]:
    env = cartographers_v0.parallel_env(players=3, preset="heroes")
    observations, _ = env.reset(seed=42)
    scores = dict.fromkeys(env.agents, 0.0)
    while env.agents:
        actions = {agent: env.action_space(agent).sample(mask=obs["action_mask"])
                   for agent, obs in observations.items()}
        observations, rewards, _, _, _ = env.step(actions)
        for agent, reward in rewards.items():
            scores[agent] += reward
    return scores


def pettingzoo_aec(env) -> dict[str, float]:
    env.reset(seed=42)
    scores = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        scores[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(mask=observation["action_mask"])
        env.step(action)
    return scores


if __name__ == "__main__":
    print("Gymnasium, solo Cartographers:", gymnasium_solo())
    print("PettingZoo, Cartographers in parallel:", pettingzoo_parallel())
    print("PettingZoo, Cartographers (AEC):", pettingzoo_aec(cartographers_v0.env(players=2)))
    print("PettingZoo, Heroes of Dominaria:", pettingzoo_aec(dominaria_v0.env(players=3)))
