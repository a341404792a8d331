"""The legal-move listing: every legal move of a position, in canonical order.

Candidates are well formed by construction (the groupings of C1 and B4, from the
loose cards' :class:`TableGroups`), only of values the rest of the hand can capture
(B3), and each passes through :func:`policy_rule`, the judge's own check of C6 T2 T3
B6 B7 B3 O1, unless :func:`policy_may_refuse` shows that nothing but B3 could refuse
it; so the listing and the judge cannot disagree. This is the engine's hot path: moves
are made with ``tuple.__new__`` and shared facts, and the groups worth a value are
found once per listing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from contextlib import suppress
from typing import TypeVar

from ..cards import ACE, ACE_MASK, DECK_SIZE, cards_of
from ..errors import check_int, wrong_type
from .errors import CasinoError, IllegalMove, TooComplex
from .groups import TableGroups, disjoint_unions
from .move_list import MoveList, _make_move_list
from .moves import (
    BUILD,
    CAPTURE,
    CAPTURE_FACTS,
    TRAIL,
    TRAIL_FACTS,
    Move,
    MoveFacts,
    hold_values,
    judge,
    owned_builds,
    policy_may_refuse,
    policy_rule,
)
from .position import A_POSITION, Partial, Position, unseen_cards

DEFAULT_LIMIT = 2_000
DEFAULT_BUDGET = 200_000

_NO_MOVES = MoveList((), ())
_new = tuple.__new__
Play = tuple[Move, MoveFacts]  # a candidate move and its facts
_T = TypeVar("_T")
_NEW_FACTS = (MoveFacts("new", False, False), MoveFacts("new", False, True))  # by multiple
_NO_BUILD = [0]  # the sets of builds a capture takes when none can be taken: only the empty one
_TRAILS = tuple(_new(Move, (TRAIL, card, 0, 0)) for card in range(DECK_SIZE))


def legal_moves(pos: Position, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET) -> MoveList:
    """Every legal move of ``pos`` in canonical order. The mover's hand must be known, at
    least in part: for a :class:`Partial` hand, the moves of its known cards that some
    holding of its unknown cards allows (B3 and O1 taken as met when an unseen card could
    meet them; ``records.ruling`` tells which moves that leaves open).

    Work is bounded for crowded tables: half of ``budget`` search steps goes to the
    subset sums of the loose cards; the cards of the hand, in card order, then each get
    an equal share of what is left of ``limit`` moves and of the other half of the steps
    (rounded up), so a share one card does not use passes to the next. A listing that
    hits a bound is ``truncated`` (the moves found are all legal, but others may exist);
    it holds a move wherever the position has one and the mover's hand is known whole.
    """
    return counted_moves(pos, limit, budget)[0]


def counted_moves(pos: Position, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET) -> tuple[MoveList, int]:
    """:func:`legal_moves`, and the search steps it spent (at most ``budget``: the same for
    the same position and bounds, a measure of its work that no clock gives)."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    check_int("limit", limit)
    check_int("budget", budget)
    if limit < 1 or budget < 1:
        raise CasinoError(f"limit {limit} and budget {budget}: each is a number from 1")
    seat = pos.turn
    if seat is None:
        return _NO_MOVES, 0
    hand = pos.hands[seat]
    if hand is None:
        raise IllegalMove("card", f"seat {seat}'s hand is unknown, so its moves cannot be listed")
    rules = pos.rules
    maybe = 0  # values the mover's unknown cards might capture (a partly known hand)
    if isinstance(hand, Partial):
        maybe = hold_values(rules, unseen_cards(pos))
        mask = hand.known
    else:
        mask = hand
    table = pos.table
    owned = owned_builds(pos) if pos.builds else ()
    half = budget // 2
    groups = TableGroups(pos.loose, rules.values, half)
    truncated = not groups.complete
    holds = rules.holds
    cards: list[int] = []
    anyone = twice = 0  # values some card of the hand can capture; values two cards can
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        cards.append(card)
        twice |= anyone & holds[card]
        anyone |= holds[card]
    checked = policy_may_refuse(pos, owned)  # builds are made only of values the hand holds (B3)
    moves: list[Move] = []
    facts: list[MoveFacts] = []
    moves_left, steps_left = limit, budget - half
    n = len(cards)
    for i, card in enumerate(cards):
        own = holds[card]
        rest = anyone & ~own | twice & own | maybe  # what the rest of the hand can capture (B3, O1)
        quota = -(-moves_left // (n - i))  # this card's share, rounded up (may be 0)
        steps = -(-steps_left // (n - i))
        found: list[Play] = []
        left = _captures(pos, card, groups, table, steps, found)
        if left >= 0:
            left = _builds(pos, card, groups, rest, left, found)
        found.append((_TRAILS[card], TRAIL_FACTS))
        listed = 0
        for move, fact in found:
            if checked and policy_rule(pos, move, fact, owned, rest) is not None:
                continue
            if listed == quota:  # one more than the share: the listing is cut here
                truncated = True
                break
            listed += 1
            moves.append(move)
            facts.append(fact)
        moves_left -= listed
        if left < 0:
            truncated = True
            steps_left -= steps
        else:
            steps_left -= steps - left
    if truncated and not moves:
        for move, fact in _sure_moves(pos, cards, limit):
            moves.append(move)
            facts.append(fact)
    return _make_move_list(tuple(moves), tuple(facts), truncated), groups.cost + budget - half - steps_left


def _sure_moves(pos: Position, cards: list[int], limit: int) -> list[Play]:
    """The moves a listing cut short before it found any still owes its mover: after legal
    play some move always exists, and where the trail is refused (T2, T3) it is a capture
    of the card's own rank (C6) or of the builds the card takes (O2). For each card of the
    hand, in card order: every capture of the loose cards of its rank (one, or all of
    them), with no build, one build or all the builds of a value (O1 may ask for all),
    judged one by one, legal ones in canonical order; at most ``limit``. A few dozen
    judgements, outside the step count."""
    build_parts = {0}
    for b in pos.builds:
        build_parts |= {b.cards, sum(o.cards for o in pos.builds if o.value == b.value)}
    found: list[Play] = []
    for card in cards:
        same = pos.loose & 0b1111 << (card & ~3)
        mine: list[Play] = []
        for part in {same, *(1 << c for c in cards_of(same))}:
            for taken in {part | builds for builds in build_parts} - {0}:
                move = _new(Move, (CAPTURE, card, taken, 0))
                with suppress(IllegalMove, TooComplex):
                    mine.append((move, judge(pos, move)))
        found += sorted(mine, key=_play_lex)
    return found[:limit]


_lex_cache: dict[int, bytes] = {}  # sort keys of sets of table cards


def _lex(cards: int) -> bytes:
    """The sort key of a set of table cards: its cards in card order, as bytes (which,
    unlike tuples, the garbage collector need not track). A card's captures, then its
    builds value by value, are each made in this order (canonical order)."""
    lex = _lex_cache.get(cards)
    if lex is None:
        if len(_lex_cache) > 100_000:
            _lex_cache.clear()
        lex = _lex_cache[cards] = bytes(cards_of(cards))
    return lex


def _play_lex(play: Play) -> bytes:
    """:func:`_lex` of a play's table cards."""
    return _lex(play[0].cards)


def _captures(pos: Position, card: int, groups: TableGroups, table: int, steps: int, out: list[Play]) -> int:
    """Append the well-formed captures with ``card`` (C1-C5); return the steps left
    (one per capture found; below zero when some may be missing)."""
    rules = pos.rules
    v = rules.values[card]
    short = False
    build_sets = _NO_BUILD
    sets: Collection[int]
    if not v:  # classic court card: pairing only (C5)
        same = pos.loose & (0b1111 << (card & ~3))  # the loose cards of its rank
        if not same:
            return steps
        pairs = [1 << c for c in cards_of(same)]
        if rules.court_takes_all:
            sets, steps, short = _own_unions(pairs, steps)
        else:
            sets = [0] + pairs
    else:
        aces = 0
        if rules.ace_high and card >> 2 == ACE:
            v = 14  # the ace captures as 14 and pairs with aces (its 1 adds nothing: docs/rules.md)
            aces = pos.loose & ACE_MASK
        if aces:
            sets, steps, short = _own_unions([*groups.sums[14], *(1 << c for c in cards_of(aces))], steps)
        elif not pos.builds and not groups.totals >> v & 1:
            return steps  # nothing worth v on the table
        else:
            sets, steps, short = groups.unions(v, steps)
        for b in pos.builds:
            if b.value == v:
                build_sets = build_sets + [s | b.cards for s in build_sets]
    if len(sets) == 1 and len(build_sets) == 1:
        return -1 if short else steps  # nothing to take (sets and build_sets hold the empty set)
    takes = [ls | bs for bs in build_sets for ls in sets if ls | bs]
    steps, cut = _keep(takes, steps, _lex)
    for t in takes:
        out.append((_new(Move, (CAPTURE, card, t, 0)), CAPTURE_FACTS[t == table]))
    return -1 if short or cut else steps


def _keep(found: list[_T], steps: int, key: Callable[[_T], bytes]) -> tuple[int, bool]:
    """Sort ``found`` (one card's captures, or its builds of one value, made from sets in
    no particular order) by ``key`` into canonical order, then cut it to the ``steps``
    left, one step each; return the steps left and whether some were cut. Sorting first
    makes the cut a function of what was found, never of set iteration order."""
    if len(found) > 1:
        found.sort(key=key)
    cut = len(found) > steps
    if cut:
        del found[steps:]
    return steps - len(found), cut


def _own_unions(groups: Sequence[int], steps: int) -> tuple[set[int], int, bool]:
    """As :meth:`TableGroups.unions`, for groups of one's own (pairings)."""
    half = steps // 2
    found, left = disjoint_unions(groups, steps - half)
    return found, half + (left if left > 0 else 0), left < 0


def _builds(pos: Position, card: int, groups: TableGroups, rest: int, steps: int, out: list[Play]) -> int:
    """Append the well-formed builds with ``card`` (B1, B2, B4, B5, B8) of a value the
    rest of the hand can capture (B3), by value; return the steps left (as _captures)."""
    rules = pos.rules
    a = rules.values[card]
    if not a:
        return steps
    sums = groups.sums
    builds = pos.builds
    low = a if a > 2 else 2
    wanted = rest >> low << low & ((2 << rules.max_build) - 1)
    if not builds:  # then a value needs loose cards worth value - a, or groups worth a
        wanted &= groups.totals << a | groups.totals & 1 << a
    aces, lone = 0, False
    if rules.ace_high_builds:  # V3: in a build of 14 a loose ace may be a group on its own,
        aces = pos.loose & ACE_MASK  # and so may the played ace, needing nothing else worth 14
        lone = card >> 2 == ACE
        if lone:
            wanted |= rest & 1 << 14
    short = False
    while wanted and steps > 0:
        value = (wanted & -wanted).bit_length() - 1
        wanted &= wanted - 1
        if value != 14 or not aces:
            unions, steps, cut = groups.unions(value, steps)
        else:  # the groups of 14 and the loose aces alone
            unions, steps, cut = _own_unions([*sums[14], *(1 << c for c in cards_of(aces))], steps)
        short = short or cut
        # New builds and additions: the card with loose cards worth value - a (a start),
        # plus groups worth value; the build is single exactly when nothing joins the start.
        loose_sets: Collection[int]
        if a == value:
            loose_sets = unions
            made = [(_new(Move, (BUILD, card, u, value)), _NEW_FACTS[1]) for u in unions if u]
        else:
            starts = sums[value - a]
            if len(unions) == 1:  # no group worth value: the starts alone
                loose_sets = starts
                made = [(_new(Move, (BUILD, card, g, value)), _NEW_FACTS[0]) for g in starts]
            else:
                joined: set[int] = set()
                for g in starts:
                    steps -= len(unions)
                    if steps < 0:
                        steps, short = 0, True
                        break
                    joined |= {g | u for u in unions if not g & u}
                loose_sets = joined
                single = set(starts)
                made = [(_new(Move, (BUILD, card, ls, value)), _NEW_FACTS[ls not in single]) for ls in loose_sets]
            if lone and value == 14:  # the played ace alone beside groups of 14 (multiple: its cards add
                alone = set(unions).difference(loose_sets, (0,))  # up to less), unless made already
                loose_sets = {*loose_sets, *unions}
                made += [(_new(Move, (BUILD, card, u, value)), _NEW_FACTS[1]) for u in alone]
        if builds:
            for b in builds:
                if b.value == value:
                    fact = MoveFacts("add", False, True, b)
                    made += [(_new(Move, (BUILD, card, ls | b.cards, value)), fact) for ls in loose_sets]
                elif b.single and b.value == value - a:  # a raise: the card alone on a single build
                    plain, grown = MoveFacts("raise", False, False, b), MoveFacts("raise", False, True, b)
                    made += [(_new(Move, (BUILD, card, ls | b.cards, value)), grown if ls else plain) for ls in unions]
        steps, cut = _keep(made, steps, _play_lex)
        short = short or cut
        out += made
    return -1 if short or wanted else steps
