"""The refusals of the research interfaces (Gymnasium, PettingZoo, OpenSpiel): moves sent
the way those libraries send them that the adapters cannot take. The games' own refusals
pass through unchanged."""

from __future__ import annotations

from herotable.core.errors import RefusalCode


class EnvRefusal(RefusalCode):
    SIMULTANEOUS_NODE = ("simultaneous_node", (),
                         "at a simultaneous node each seat's legal actions are asked apart")
    JOINT_ACTION_SIZE = ("joint_action_size", ("seats", "given"),
                         "a joint action holds one action per seat")
    ACTION_NOT_LEGAL = ("action_not_legal", ("action", "player"),
                        "the action index is not legal for that player now")
    NO_SUCH_OUTCOME = ("no_such_outcome", ("outcome", "last"),
                       "the chance outcome's index names no card")
    NOT_DEALT = ("not_dealt", (), "the cards are not dealt yet: the deal comes first")
    DEAL_ONLY = ("deal_only", ("deal", "action"), "the deal is the chance node's one outcome")
    ACTION_MISSING = ("action_missing", (), "a seat that owes a decision was sent no action")
    NOT_AN_ENV = ("not_an_env", (), "a bot's action is asked of a herotable environment")
    NOTHING_OWED = ("nothing_owed", ("agent",), "the agent owes no decision now")
    UNKNOWN_AGENT = ("unknown_agent", ("agent",), "the environment has no such agent")
    NOT_A_CANDIDATE = ("not_a_candidate", ("position", "offered"),
                       "the position names none of the candidates offered now")
