"""The rules engine: rule sets, positions, legal moves, playing and scoring.

Standard library only; positions are immutable. Typical use::

    from casino_cli.engine import make_rules, seeded_deck, start_position, legal_moves, apply_move
    pos = start_position(make_rules("royal", 2), seeded_deck("7"), dealer=1)
    move = legal_moves(pos).moves[0]
    pos = apply_move(pos, move)
"""

from .deal import SHUFFLE, dealer_for_hand, seeded_deck, start_position
from .errors import CasinoError, IllegalMove, PositionError, RulesError
from .listing import legal_moves
from .moves import BUILD, CAPTURE, HAND_RULES, TRAIL, Move, MoveFacts, MoveList, check_policy, judge, judge_form
from .play import apply_move, play_judged
from .position import Build, Partial, Position, Unseen, check_position, make_build, unseen_cards
from .rules import Rules, make_rules

__all__ = [
    "SHUFFLE",
    "dealer_for_hand",
    "seeded_deck",
    "start_position",
    "CasinoError",
    "IllegalMove",
    "PositionError",
    "RulesError",
    "BUILD",
    "CAPTURE",
    "TRAIL",
    "Move",
    "MoveFacts",
    "MoveList",
    "judge",
    "judge_form",
    "check_policy",
    "HAND_RULES",
    "legal_moves",
    "apply_move",
    "play_judged",
    "Build",
    "Partial",
    "unseen_cards",
    "Position",
    "Unseen",
    "check_position",
    "make_build",
    "Rules",
    "make_rules",
]
