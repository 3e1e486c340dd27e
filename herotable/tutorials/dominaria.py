"""The Heroes of Dominaria tutorial: a guided first turn against a quick bot. The person
keeps two quests, places two Heroes, then on turn one moves a Hero, collects mana, uses
that mana on an ability (confronting the Cabal) and sees a quest they kept move forward.

No ability is affordable on turn one with one mana on each location, so the game plays the
variant with two (``two_mana``); the seed deals Black mana at Caligo and a Cabal token at
Zhalfir, next to Verdura, and a Cabal quest among the four to keep.
"""

from __future__ import annotations

from herotable.tutorials.script import Step, Tutorial

KEEP = {"stage": "quests", "decision.kind": "keep"}
FIRST_HERO = {"stage": "heroes", "decision.kind": "place", "players.0.heroes.length": 0}
SECOND_HERO = {"stage": "heroes", "decision.kind": "place", "players.0.heroes.length": 1}
TURN_ONE = {"stage": "play", "round": 1, "decision.kind": "turn"}
MOVE = {**TURN_ONE, "players.0.moves_used": 0}
COLLECT = {**TURN_ONE, "players.0.moves_used": {"min": 1}, "players.0.collects_used": 0}
ABILITY = {**TURN_ONE, "players.0.collects_used": 1, "players.0.cabal": 0}
QUEST = {**TURN_ONE, "players.0.cabal": {"min": 1}}
LATER = {"round": {"min": 2}}

TUTORIAL = Tutorial(
    game="dominaria",
    options={"two_mana": True},
    seed=2238,
    bots=(("greedy", 0.05),),
    steps=(
        Step("welcome", KEEP, "dominaria.welcome", point="map"),
        Step("keep", KEEP, "dominaria.keep", point="choice",
             suggest="keep cleanse_urborg wardens_circuit"),
        Step("place", FIRST_HERO, "dominaria.place", point="actions", suggest="place caligo"),
        Step("place_again", SECOND_HERO, "dominaria.place_again", point="actions",
             suggest="place verdura"),
        Step("move", MOVE, "dominaria.move", point="actions", suggest="move verdura zhalfir"),
        Step("collect", COLLECT, "dominaria.collect", point="actions", suggest="collect caligo"),
        Step("ability", ABILITY, "dominaria.ability", point="actions",
             suggest="confront zhalfir"),
        Step("quest", QUEST, "dominaria.quest", point="quests"),
        Step("end", QUEST, "dominaria.end", point="actions", suggest="end"),
        Step("finish", LATER, "dominaria.finish", finish=True),
    ),
)
