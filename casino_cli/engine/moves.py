"""Moves and the judge that decides whether one is legal.

:func:`judge` is the one place that says why a move is refused: :func:`judge_form` for
the move's shape, :func:`policy_rule` for who owns what and what the mover keeps. The
listing (:mod:`.listing`) builds only well-formed candidates and passes them through
the same :func:`policy_rule`, so the listing, ``apply`` and the referee cannot disagree.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from ..cards import ACE, DECK_SIZE, FULL_DECK, RANKS, card_code, cards_of, codes_of, rank
from ..errors import shown, wrong_type
from . import move_list as _move_list
from .errors import IllegalMove
from .move_list import MoveList as MoveList  # re-exported: the listing's result type lives beside it
from .position import A_POSITION, Build, Partial, Position, known_cards, splits_into_groups, unseen_cards
from .rules import Rules

CAPTURE, BUILD, TRAIL = "capture", "build", "trail"  # a Move's type
A_MOVE = "a Move (casino_cli.notation.moves.parse_move_text reads one)"  # said of anything else
_TYPE_ORDER = {CAPTURE: 0, BUILD: 1, TRAIL: 2}


class Move(NamedTuple):
    """One play: ``cards`` is the set of table cards taken (capture) or used (build)."""

    type: str
    card: int
    cards: int = 0
    value: int = 0

    def sort_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """Canonical listing order: played card, capture/build/trail, value, table cards."""
        order = _TYPE_ORDER.get(self.type)
        if order is None:
            raise _unwritten(self)
        return (self.card, order, self.value, tuple(cards_of(self.cards)))

    def text(self) -> str:
        """The canonical one-line text (docs/notation.md, Moves); a move made by hand that the
        notation cannot write (a type misspelt, a card out of range, a field its type does not
        use) has none (IllegalMove, rule ``notation``), rather than the text of another."""
        if _malformed(self):
            raise _unwritten(self)
        if self.type == TRAIL:
            return card_code(self.card)
        if self.type == CAPTURE:
            return f"{card_code(self.card)}x{'+'.join(codes_of(self.cards))}"
        return "+".join([card_code(self.card)] + codes_of(self.cards)) + f"={self.value}"

    def __str__(self) -> str:
        return self.text()

    def said(self) -> str:
        """The move for a message: its text, or for a move made by hand that the notation
        cannot write (see :meth:`text`) its fields."""
        try:
            return self.text()
        except IllegalMove:
            return shown(tuple(self), 80)

    def __repr__(self) -> str:
        return f"<Move {self.said()}>"


def _unwritten(move: Move) -> IllegalMove:
    """The refusal of a move the notation cannot write (see :func:`_malformed`)."""
    return IllegalMove("notation", f"this is no move: {_malformed(move)}")


class MoveFacts(NamedTuple):
    """What a legal move does: ``kind`` is capture, trail, new, raise or add."""

    kind: str
    sweep: bool = False
    multiple: bool = False
    build: Build | None = None  # the existing build used by a build move


vars(_move_list).update(Move=Move, MoveFacts=MoveFacts)  # so typing.get_type_hints(MoveList) resolves them

TRAIL_FACTS = MoveFacts(TRAIL)
CAPTURE_FACTS = (MoveFacts(CAPTURE, False), MoveFacts(CAPTURE, True))  # by sweep


# --- the judge -------------------------------------------------------------------


def judge(pos: Position, move: Move) -> MoveFacts:
    """Return what ``move`` does in ``pos``, or raise :class:`IllegalMove` saying why not
    (:class:`TooComplex` when it cannot be decided within the engine's bounded work).

    A mover whose hand is known in part (:class:`Partial`) plays a card known to be held,
    and B3 and O1 are taken as met when an unseen card could meet them, as
    :func:`~.listing.legal_moves` takes them."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    if not isinstance(move, Move):
        raise wrong_type("move", move, A_MOVE)
    facts = judge_form(pos, move)
    check_policy(pos, move, facts)
    return facts


def is_legal(pos: Position, move: Move) -> bool:
    """Whether the rules allow ``move`` in ``pos`` (:func:`judge` without the reason).

    Raises :class:`TooComplex` when a build too large to check within the engine's
    bounded work is involved, rather than guess.

    >>> from casino_cli.engine import Move, make_rules, seeded_deck, start_position
    >>> pos = start_position(make_rules("royal"), seeded_deck("7"), dealer=1)
    >>> is_legal(pos, Move("trail", 4 * 1 + 3)), is_legal(pos, Move("trail", 0))
    (True, False)
    """
    try:
        judge(pos, move)
    except IllegalMove:
        return False
    return True


# The rules whose check needs the mover's whole hand (what it keeps after the play).
HAND_RULES = ("B3", "O1")


def judge_form(pos: Position, move: Move) -> MoveFacts:
    """The first half of :func:`judge`: whose turn, the card held, and the move's shape
    (C1-C5, B1, B2, B4, B5, B8). Returns the facts :func:`check_policy` needs."""
    if pos.turn is None:
        raise IllegalMove("turn", "the hand is over; no move can be played")
    seat = pos.turn
    hand = pos.hands[seat]
    if hand is None:
        raise IllegalMove("card", f"seat {seat}'s hand is unknown, so its move cannot be checked")
    if _malformed(move):
        raise _unwritten(move)
    if not known_cards(hand) >> move.card & 1:
        held = "is not known to hold" if isinstance(hand, Partial) else "does not hold"
        raise IllegalMove("card", f"seat {seat} {held} {card_code(move.card)}")
    if move.type == TRAIL:
        facts = TRAIL_FACTS
    elif move.type == CAPTURE:
        facts = _capture_facts(pos, move)
    else:
        facts = _build_facts(pos, move)
    return facts


def _malformed(move: Move) -> str | None:
    """What makes ``move`` no move the notation could write, if anything (a Move made by
    hand in Python: a type misspelt, a card out of range, a field its type does not use).
    The fields are read as the objects they are: compiled code reading ``move.card`` would
    raise its own TypeError for a text there, before this could say so."""
    fields: tuple[object, ...] = tuple(move)
    kind, card, cards, value = fields
    if type(kind) is not str or kind not in _TYPE_ORDER:
        return f"the type is {shown(kind)}, not trail, capture or build"
    if type(card) is not int or not 0 <= card < DECK_SIZE:
        return f"the card is {shown(card)}, not a card number from 0 to {DECK_SIZE - 1}"
    if type(cards) is not int or not 0 <= cards <= FULL_DECK:
        return f"the table cards are {shown(cards)}, not a set of cards"
    if type(value) is not int:
        return f"the value is {shown(value)}, not a whole number"
    if kind != BUILD and value != 0:  # a build's value is B1's to judge
        return f"the value is {shown(value)}, but only a build has one"
    if kind == TRAIL and cards:
        return "a trail takes no table cards"
    return None


def _table_part(pos: Position, move: Move, verb: str) -> tuple[int, list[Build]]:
    """Split the move's table cards into loose cards and whole builds, or refuse."""
    missing = move.cards & ~pos.table
    if missing:
        verb = "is" if missing & (missing - 1) == 0 else "are"
        raise IllegalMove(
            "C1" if move.type == CAPTURE else "B4", f"{' '.join(codes_of(missing))} {verb} not on the table"
        )
    used = []
    for b in pos.builds:
        overlap = b.cards & move.cards
        if overlap and overlap != b.cards:
            raise IllegalMove(
                "C2" if move.type == CAPTURE else "B4",
                f"a build is {verb} whole: {'+'.join(codes_of(b.cards))}={b.value} cannot be split",
            )
        if overlap:
            used.append(b)
    return move.cards & pos.loose, used


def _capture_values(rules: Rules, card: int) -> tuple[int, ...]:
    """The values a played card may capture with (C3): none for a classic court card."""
    v = rules.values[card]
    if v == 0:
        return ()
    if rules.ace_high and rank(card) == ACE:
        return (14, 1)
    return (v,)


def _capture_facts(pos: Position, move: Move) -> MoveFacts:
    rules = pos.rules
    card = move.card
    name = card_code(card)
    if not move.cards:
        raise IllegalMove("C1", "a capture takes at least one table card")
    loose, builds = _table_part(pos, move, "taken")
    values = _capture_values(rules, card)
    same_rank = [c for c in cards_of(loose) if rank(c) == rank(card)]
    if not values:  # classic court card (C5)
        if builds or len(same_rank) != len(cards_of(loose)):
            raise IllegalMove("C5", f"{name} has no value: it can only take a loose {RANKS[rank(card)]} by pairing")
        if len(same_rank) > 1 and not rules.court_takes_all:
            raise IllegalMove("C5", f"{name} takes one loose card of its rank, not {len(same_rank)}")
        return CAPTURE_FACTS[move.cards == pos.table]
    reasons = []
    for v in values:
        wrong = [b for b in builds if b.value != v]
        if wrong:
            b = wrong[0]
            reasons.append(
                (
                    "C2",
                    f"{name} captures {v}, and the {b.value}-build "
                    f"{'+'.join(codes_of(b.cards))} is only ever taken on its own by {a_card_for(b.value)}",
                )
            )
            continue
        if _loose_splits(rules, loose, v, same_rank):
            return CAPTURE_FACTS[move.cards == pos.table]
        reasons.append(("C1", _groups_words(rules, loose, v) + (" (or paired)" if same_rank else "")))
    rule, text = reasons[0]
    if rank(card) == ACE and not rules.ace_high and _loose_splits(rules, loose, 14, same_rank):
        rule, text = "C3", f"{name} counts 1 in these rules (no ace_high), not 14"
    raise IllegalMove(rule, text)


def a_card_for(value: int) -> str:
    """'a 7', 'an 8', 'an ace' (14), 'a jack' (11): a card that captures ``value``."""
    name = {11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(value, str(value))
    return f"{'an' if name in ('8', 'ace') else 'a'} {name}"


def _groups_words(rules: Rules, cards: int, v: int, first: int | None = None) -> str:
    """Why ``cards`` do not make groups worth ``v``, as a player would say it:
    "3D+9H make 12, not 10". ``first`` (a build's played card) is named first."""
    order = cards_of(cards)
    if first is not None:
        order = [first] + [c for c in order if c != first]
    names = "+".join(card_code(c) for c in order)
    courts = [c for c in order if rules.values[c] == 0]
    if courts:
        return f"{card_code(courts[0])} has no value in these rules and is never part of a sum (V2)"
    total = sum(rules.values[c] for c in order)
    verb_s = "makes" if len(order) == 1 else "make"
    if total < 2 * v or len(order) == 1:  # one card is never split into groups
        return f"{names} {verb_s} {total}, not {v}"
    if total % v:
        return f"{names} {verb_s} {total}, which is not {v} or a number of groups of {v}"
    return f"{names} {verb_s} {total}, but cannot be split into groups of {v} each"


def _loose_splits(rules: Rules, loose: int, v: int, same_rank: list[int]) -> bool:
    """Whether loose cards split into groups of total ``v`` or same-rank pairings (C1)."""
    if not loose:
        return True
    pairable = [c for c in same_rank if rules.values[c] != v]  # an ace paired as 14
    for choice in range(1 << len(pairable)):
        rest = loose
        for i, c in enumerate(pairable):
            if choice >> i & 1:
                rest &= ~(1 << c)
        if not rest or splits_into_groups(rules, rest, v):
            return True
    return False


def _build_facts(pos: Position, move: Move) -> MoveFacts:
    rules = pos.rules
    card, value = move.card, move.value
    name = card_code(card)
    a = rules.values[card]
    if a == 0:
        raise IllegalMove("B1", f"{name} has no value and cannot build")
    if not 2 <= value <= rules.max_build:
        raise IllegalMove("B1", f"a build is worth 2 to {rules.max_build} in these rules, not {value}")
    if not move.cards:
        raise IllegalMove("B2", "a build uses at least one table card besides the played card")
    loose, builds = _table_part(pos, move, "used")
    if len(builds) > 1:
        raise IllegalMove("B8", "a build move uses at most one existing build; it never merges two")
    old = builds[0] if builds else None
    if old is None or old.value == value:
        if not splits_into_groups(rules, (1 << card) | loose, value):
            hint = _lone_ace_hint(rules, (1 << card) | loose, value)
            raise IllegalMove("B4", _groups_words(rules, (1 << card) | loose, value, first=card) + hint)
        kind = "new" if old is None else "add"
    else:
        if old.value + a != value:
            raise IllegalMove("B4", f"{name} on the {old.value}-build makes {old.value + a}, not {value}")
        if not old.single:
            raise IllegalMove(
                "B5", f"the {old.value}-build {'+'.join(codes_of(old.cards))} is multiple; its value cannot change"
            )
        if loose and not splits_into_groups(rules, loose, value):
            raise IllegalMove(
                "B4",
                f"when raising, the other loose cards ({' '.join(codes_of(loose))}) must form groups worth {value}"
                + _lone_ace_hint(rules, loose, value),
            )
        kind = "raise"
    total = a + sum(rules.values[c] for c in cards_of(move.cards))
    return MoveFacts(kind, multiple=total != value, build=old)


def _lone_ace_hint(rules: Rules, cards: int, value: int) -> str:
    """Why ``cards`` make no build of ``value`` when only ace_high_builds would let an ace
    stand alone as a group of 14 (V3); else nothing."""
    if value != 14 or not rules.ace_high or rules.ace_high_builds:
        return ""
    if not splits_into_groups(dataclasses.replace(rules, ace_high_builds=True), cards, 14):
        return ""
    return " (an ace counts 1 in a build in these rules, without ace_high_builds)"


def hold_values(rules: Rules, hand: int) -> int:
    """Bit v set when some card of ``hand`` can capture value v (v = 1..14)."""
    bits = 0
    table = rules.holds
    for c in cards_of(hand):
        bits |= table[c]
    return bits


ALL_VALUES = (1 << 15) - 2  # bits 1..14: a rest of the hand that can capture any value


def check_policy(pos: Position, move: Move, facts: MoveFacts, rest: int | None = None) -> None:
    """The second half of :func:`judge`: who owns what and what the mover keeps
    (C6 T2 T3 B6 B7, then the HAND_RULES B3 and O1, always checked last). ``rest``: the
    values the hand can capture after the play (default: those of its known cards, and for
    a partly known hand those an unseen card could capture, as :func:`legal_moves` takes it)."""
    owned = owned_builds(pos)
    assert pos.turn is not None, "a move to check has a seat to move"
    if rest is None:
        hand = pos.hands[pos.turn]
        rest = hold_values(pos.rules, known_cards(hand) & ~(1 << move.card))
        if isinstance(hand, Partial):
            rest |= hold_values(pos.rules, unseen_cards(pos))
    rule = policy_rule(pos, move, facts, owned, rest)
    if rule is not None:
        raise IllegalMove(rule, _policy_message(rule, pos, move, facts, owned, rest))


def owned_builds(pos: Position) -> tuple[Build, ...]:
    """The builds the mover owns."""
    return tuple(b for b in pos.builds if b.owner == pos.turn)


def policy_may_refuse(pos: Position, owned: tuple[Build, ...]) -> bool:
    """Whether :func:`policy_rule` could refuse a move of this position for another reason
    than B3. When not, its only refusal is a build of a value the rest of the hand cannot
    capture, which the listing never makes, so the listing skips asking. Keep this in
    step with :func:`policy_rule` (a property test checks that it is)."""
    rules = pos.rules
    if owned or rules.must_take_equal:  # T2 B6 O1 need an owned build; T3 C6 forced equality
        return True
    if rules.partnerships and not rules.partner_builds:  # B7
        seat = pos.turn
        assert seat is not None, "a position with a seat to move"
        return any((b.owner - seat) % 2 == 0 for b in pos.builds)
    return False


def policy_rule(pos: Position, move: Move, facts: MoveFacts, owned: tuple[Build, ...], rest: int) -> str | None:
    """The rule (C6 T2 T3 B6 B7 B3 O1) that refuses a well-formed move, or None.

    ``owned``: the mover's builds; ``rest``: :func:`hold_values` of the hand after the play.
    This is the single place these rules are decided; the listing calls it directly.
    """
    rules = pos.rules
    kind = move.type
    if kind == TRAIL:
        if owned:
            return "T2"
        if rules.must_take_equal and pos.loose & (0b1111 << (move.card & ~3)):
            return "T3"
        return None
    if kind == CAPTURE:
        if rules.must_take_equal and pos.loose & (0b1111 << (move.card & ~3)) & ~move.cards:
            return "C6"
    else:
        old = facts.build
        if old is not None:
            seat = pos.turn
            assert seat is not None, "a position with a seat to move"
            if old.owner == seat:
                if facts.kind == "raise" and not rules.raise_own:
                    return "B6"
            elif rules.partnerships and (old.owner - seat) % 2 == 0 and not rules.partner_builds:
                return "B7"
        if not rest >> move.value & 1:
            return "B3"
    for b in owned:
        if not b.cards & move.cards and not rest >> b.value & 1:
            return "O1"  # not taken, not replaced by the new build, and no card left for it
    return None


def _policy_message(rule: str, pos: Position, move: Move, facts: MoveFacts, owned: tuple[Build, ...], rest: int) -> str:
    """The sentence a player reads for a refusal by :func:`policy_rule`."""
    seat = pos.turn
    name = card_code(move.card)
    rank_name = RANKS[rank(move.card)]
    old = facts.build
    if rule == "T2":
        b = owned[0]
        return f"seat {seat} owns the {b.value}-build {'+'.join(codes_of(b.cards))} and may not trail"
    if rule == "T3":
        return f"{name} matches a loose {rank_name} on the table and may not be trailed"
    if rule == "C6":
        equal = pos.loose & _rank_mask(move.card)
        return f"{name} must take every loose {rank_name} ({' '.join(codes_of(equal))})"
    if rule == "B6":
        assert old is not None, "B6 refuses a raise of an existing build"
        return f"seat {seat} may not raise its own {old.value}-build in these rules"
    if rule == "B7":
        assert old is not None, "B7 refuses a move on an existing build"
        verb = "raise" if facts.kind == "raise" else "add to"
        return f"seat {seat} may not {verb} its partner's {old.value}-build in these rules"
    if rule == "B3":
        return f"seat {seat} would hold no card to capture {move.value}"
    b = next(b for b in owned if not b.cards & move.cards and not rest >> b.value & 1)
    return f"seat {seat} would no longer hold a card to capture its {b.value}-build {'+'.join(codes_of(b.cards))}"


def no_move_words(pos: Position) -> str:
    """Why the mover of ``pos``, a position with no legal move, has none. After legal play a
    move always exists (O2); only a record's illegal move (a build, or a capture of another
    value, that left its owner no card for it, played on) reaches one: a build its owner
    holds no card to capture, and may not trail beside. Without such a build the mover
    could trail, or capture as T3 requires."""
    seat = pos.turn
    assert seat is not None, "a position with a seat to move"
    holds = hold_values(pos.rules, known_cards(pos.hands[seat]))
    b = next(b for b in owned_builds(pos) if not holds >> b.value & 1)
    return (
        f"seat {seat} has no legal move: it owns the {b.value}-build {'+'.join(codes_of(b.cards))}"
        " but holds no card to capture it, and an owner may not trail (O2)"
    )


def _rank_mask(card: int) -> int:
    """The four cards of ``card``'s rank."""
    return 0b1111 << (rank(card) * 4)
