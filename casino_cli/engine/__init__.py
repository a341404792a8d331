"""The rules engine: rule sets, positions, legal moves, playing, scoring, bots and games.

Standard library only; positions, moves, listings and rules are immutable (a score's item
mappings are typed read-only, ``Mapping``, not frozen). Everything a program needs to play
is here; the submodules hold the rest (the referee's halves of :func:`judge`, the listing's
caches), and ``casino_cli.notation`` and ``casino_cli.records`` read and write documents.

>>> from casino_cli.engine import apply_move, legal_moves, make_rules, seeded_deck, start_position
>>> pos = start_position(make_rules("royal", 2), seeded_deck("7"), dealer=1)
>>> listing = legal_moves(pos)
>>> len(listing), listing[0], listing[0] in listing
(10, <Move 2C+AH+8D=11>, True)
>>> pos = apply_move(pos, listing[0])
>>> pos
<Position royal 2p, deal 1/6, seat 1 to play, table 9H 9C [AH+2C+8D=11]>

Errors are :class:`CasinoError` (a :class:`ValueError`); a refused move is an
:class:`IllegalMove` naming its rule:

>>> from casino_cli.engine import IllegalMove, Move
>>> try:
...     apply_move(pos, Move("trail", 0))
... except IllegalMove as exc:
...     print(exc.rule, exc.message)
card seat 1 does not hold AS
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..cards import CardError, card_code, cards_of, codes_of, parse_card
from .deal import SHUFFLE, dealer_for_hand, next_dealer, seeded_deck, start_from_table, start_position
from .errors import CasinoError, DealError, IllegalMove, PositionError, RulesError, TooComplex
from .listing import legal_moves
from .move_list import MoveList
from .moves import BUILD, CAPTURE, TRAIL, Move, MoveFacts, is_legal, judge
from .play import apply_move, play_judged
from .position import Build, Partial, Position, Unseen, check_position, make_build, unseen_cards
from .rules import Rules, make_rules
from .scoring import GameStep, HandScore, SideScore, game_after_hand, score_hand

if TYPE_CHECKING:  # loaded on first use (see __getattr__): a command that lists moves needs no bots
    from .bots import BOTS, Bot, find_bot, greedy_bot, random_bot, register
    from .game import Game, GameEvent, HandEnd, HandStart, PlayedHand, Step, game_seed
    from .moves import HAND_RULES as HAND_RULES  # moved names, still found here (see __getattr__)
    from .moves import check_policy as check_policy
    from .moves import judge_form as judge_form
    from .views import BotError, Played, View, ask, observe, public, seat_rngs
    from .worlds import NoWorld, all_worlds, sample_worlds

_LAZY = {
    **dict.fromkeys(("BOTS", "Bot", "find_bot", "greedy_bot", "random_bot", "register"), "bots"),
    **dict.fromkeys(("Game", "GameEvent", "HandEnd", "HandStart", "PlayedHand", "Step", "game_seed"), "game"),
    **dict.fromkeys(("BotError", "Played", "View", "ask", "observe", "public", "seat_rngs"), "views"),
    **dict.fromkeys(("NoWorld", "all_worlds", "sample_worlds"), "worlds"),
}

__all__ = [
    # cards: a card is an int 0..51, a set of cards an int mask (AS is 0, the suits SHDC)
    "card_code",
    "codes_of",
    "cards_of",
    "parse_card",
    "CardError",
    # rule sets
    "Rules",
    "make_rules",
    # positions and the start of a hand
    "Position",
    "Build",
    "Partial",
    "Unseen",
    "unseen_cards",
    "check_position",
    "make_build",
    "SHUFFLE",
    "seeded_deck",
    "start_position",
    "start_from_table",
    "dealer_for_hand",
    "next_dealer",
    # moves: listing, judging, playing
    "CAPTURE",
    "BUILD",
    "TRAIL",
    "Move",
    "MoveFacts",
    "MoveList",
    "legal_moves",
    "judge",
    "is_legal",
    "apply_move",
    "play_judged",
    # scoring
    "score_hand",
    "game_after_hand",
    "HandScore",
    "SideScore",
    "GameStep",
    # bots and games: what a seat may know, the worlds it cannot tell apart
    "View",
    "Played",
    "observe",
    "public",
    "seat_rngs",
    "ask",
    "BotError",
    "sample_worlds",
    "all_worlds",
    "NoWorld",
    "Bot",
    "BOTS",
    "random_bot",
    "greedy_bot",
    "find_bot",
    "register",
    "Game",
    "PlayedHand",
    "GameEvent",
    "HandStart",
    "Step",
    "HandEnd",
    "game_seed",
    # errors
    "CasinoError",
    "RulesError",
    "PositionError",
    "DealError",
    "IllegalMove",
    "TooComplex",
]

_MOVED = {"judge_form", "check_policy", "HAND_RULES"}  # the referee's halves of judge, now in .moves


if not TYPE_CHECKING:  # for mypy, only the names imported above exist: a misspelt one is an error

    def __getattr__(name: str) -> Any:
        """The bots, games, views and worlds, imported on first use; and, for compatibility,
        names that moved out of the facade."""
        if name in _LAZY:
            value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
            globals()[name] = value
            return value
        if name in _MOVED:
            from . import moves

            return getattr(moves, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
