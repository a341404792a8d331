"""Moves, the judge that decides whether one is legal, and the legal-move listing.

:func:`judge` is the one place that says why a move is refused. The listing builds
only candidates that are well formed by construction (the grouping of C1 and B4)
and passes each through the same rule checks the judge uses (:func:`check_policy`),
so the listing, ``apply`` and the referee cannot disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ACE, RANKS, card_code, cards_of, codes_of, rank
from .errors import IllegalMove
from .groups import Budget, sum_groups, unions
from .position import Build, Position, splits_into_groups
from .rules import Rules

CAPTURE, BUILD, TRAIL = "capture", "build", "trail"
_TYPE_ORDER = {CAPTURE: 0, BUILD: 1, TRAIL: 2}

DEFAULT_LIMIT = 2_000
DEFAULT_BUDGET = 100_000


class Move(NamedTuple):
    """One play: ``cards`` is the set of table cards taken (capture) or used (build)."""

    type: str
    card: int
    cards: int = 0
    value: int = 0

    def sort_key(self) -> tuple:
        """Canonical listing order: played card, capture/build/trail, value, table cards."""
        return (self.card, _TYPE_ORDER[self.type], self.value, tuple(cards_of(self.cards)))

    def text(self) -> str:
        """The canonical one-line text (NOTATION.md, Moves)."""
        if self.type == TRAIL:
            return card_code(self.card)
        table = "+".join(codes_of(self.cards))
        if self.type == CAPTURE:
            return f"{card_code(self.card)}x{table}"
        return f"{card_code(self.card)}+{table}={self.value}"

    __str__ = text


class MoveFacts(NamedTuple):
    """What a legal move does: ``kind`` is capture, trail, new, raise or add."""

    kind: str
    sweep: bool = False
    multiple: bool = False
    build: Build | None = None  # the existing build used by a build move


class MoveList(NamedTuple):
    """The legal moves of a position, in canonical order; ``truncated`` if cut short."""

    moves: tuple[Move, ...]
    facts: tuple[MoveFacts, ...]
    truncated: bool


# --- the judge -------------------------------------------------------------------

def judge(pos: Position, move: Move) -> MoveFacts:
    """Return what ``move`` does in ``pos``, or raise :class:`IllegalMove` saying why not."""
    facts = judge_form(pos, move)
    check_policy(pos, move, facts)
    return facts


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
    if not hand >> move.card & 1:
        raise IllegalMove("card", f"seat {seat} does not hold {card_code(move.card)}")
    if move.type == TRAIL:
        facts = MoveFacts(TRAIL)
    elif move.type == CAPTURE:
        facts = _capture_facts(pos, move)
    else:
        facts = _build_facts(pos, move)
    return facts


def _table_part(pos: Position, move: Move, verb: str) -> tuple[int, list[Build]]:
    """Split the move's table cards into loose cards and whole builds, or refuse."""
    missing = move.cards & ~pos.table
    if missing:
        raise IllegalMove("C1" if move.type == CAPTURE else "B4",
                          f"{' '.join(codes_of(missing))} {'is' if missing & (missing - 1) == 0 else 'are'} not on the table")
    used = []
    for b in pos.builds:
        overlap = b.cards & move.cards
        if overlap and overlap != b.cards:
            raise IllegalMove("C2" if move.type == CAPTURE else "B4",
                              f"a build is {verb} whole: {'+'.join(codes_of(b.cards))}={b.value} "
                              f"cannot be split")
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
        return MoveFacts(CAPTURE, sweep=move.cards == pos.table)
    reasons = []
    for v in values:
        wrong = [b for b in builds if b.value != v]
        if wrong:
            b = wrong[0]
            reasons.append(("C2", f"{name} captures {v}, and the {b.value}-build "
                                  f"{'+'.join(codes_of(b.cards))} is only ever taken on its own by a {b.value}"))
            continue
        if _loose_splits(rules, loose, v, same_rank):
            return MoveFacts(CAPTURE, sweep=move.cards == pos.table)
        reasons.append(("C1", f"{' '.join(codes_of(loose))} cannot be split into groups worth {v}"
                              + (" (or paired)" if same_rank else "")))
    rule, text = reasons[0]
    raise IllegalMove(rule, text)


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
            cards = " ".join(codes_of((1 << card) | loose))
            raise IllegalMove("B4", f"{cards} cannot be split into groups worth {value}")
        kind = "new" if old is None else "add"
    else:
        if old.value + a != value:
            raise IllegalMove("B4", f"{name} on the {old.value}-build makes {old.value + a}, not {value}")
        if not old.single:
            raise IllegalMove("B5", f"the {old.value}-build {'+'.join(codes_of(old.cards))} is multiple; "
                                    f"its value cannot change")
        if loose and not splits_into_groups(rules, loose, value):
            raise IllegalMove("B4", f"when raising, the other loose cards ({' '.join(codes_of(loose))}) "
                                    f"must form groups worth {value}")
        kind = "raise"
    total = a + sum(rules.values[c] for c in cards_of(move.cards))
    return MoveFacts(kind, multiple=total != value, build=old)


def _hold_values(rules: Rules, hand: int) -> int:
    """Bit v set when some card of ``hand`` can capture value v (v = 1..14)."""
    bits = 0
    values = rules.values
    for c in cards_of(hand):
        bits |= 1 << values[c]
        if rank(c) == ACE and rules.ace_high:
            bits |= 1 << 14
    return bits & ~1


def check_policy(pos: Position, move: Move, facts: MoveFacts) -> None:
    """The second half of :func:`judge`: who owns what and what the mover keeps
    (C6 T2 T3 B6 B7, then the HAND_RULES B3 and O1, always checked last)."""
    rules = pos.rules
    seat = pos.turn
    name = card_code(move.card)
    owned = [b for b in pos.builds if b.owner == seat]
    if move.type == TRAIL:
        if owned:
            b = owned[0]
            raise IllegalMove("T2", f"seat {seat} owns the {b.value}-build {'+'.join(codes_of(b.cards))} "
                                    f"and may not trail")
        if rules.must_take_equal and pos.loose & _rank_mask(move.card):
            raise IllegalMove("T3", f"{name} matches a loose {RANKS[rank(move.card)]} on the table and "
                                    f"may not be trailed")
        return
    if move.type == CAPTURE and rules.must_take_equal:
        equal = pos.loose & _rank_mask(move.card)
        if equal & ~move.cards:
            raise IllegalMove("C6", f"{name} must take every loose {RANKS[rank(move.card)]} "
                                    f"({' '.join(codes_of(equal))})")
    if move.type == BUILD:
        old = facts.build
        if old is not None and old.owner == seat and facts.kind == "raise" and not rules.raise_own:
            raise IllegalMove("B6", f"seat {seat} may not raise its own {old.value}-build in these rules")
        if (old is not None and old.owner != seat and rules.partnerships
                and rules.side_of(old.owner) == rules.side_of(seat) and not rules.partner_builds):
            verb = "raise" if facts.kind == "raise" else "add to"
            raise IllegalMove("B7", f"seat {seat} may not {verb} its partner's {old.value}-build in these rules")
    rest = _hold_values(rules, pos.hands[seat] & ~(1 << move.card))
    if move.type == BUILD and not rest >> move.value & 1:
        raise IllegalMove("B3", f"seat {seat} would hold no card to capture {move.value}")
    for b in owned:
        if b.cards & move.cards:
            continue  # taken, or replaced by the new build (B3 covers it)
        if not rest >> b.value & 1:
            raise IllegalMove("O1", f"seat {seat} would no longer hold a card to capture its "
                                    f"{b.value}-build {'+'.join(codes_of(b.cards))}")


def _rank_mask(card: int) -> int:
    """The four cards of ``card``'s rank."""
    return 0b1111 << (rank(card) * 4)


# --- the listing -----------------------------------------------------------------

def legal_moves(pos: Position, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET) -> MoveList:
    """Every legal move of ``pos`` in canonical order. The mover's hand must be known.

    Work is bounded for crowded tables: each card of the hand gets an equal share of
    ``limit`` moves and of ``budget`` search steps; a listing that hits a bound is
    ``truncated`` (the moves found are all legal, but others may exist).
    """
    if pos.turn is None:
        return MoveList((), (), False)
    hand = pos.hands[pos.turn]
    if hand is None:
        raise IllegalMove("card", f"seat {pos.turn}'s hand is unknown, so its moves cannot be listed")
    cards = cards_of(hand)
    shared = Budget(budget // 2)
    sums = sum_groups(pos.loose, pos.rules.values, shared)
    truncated = shared.exhausted
    quota = max(1, limit // max(1, len(cards)))
    found: list[tuple[Move, MoveFacts]] = []
    for card in cards:
        work = Budget(budget // (2 * max(1, len(cards))))
        listed = 0
        for candidate, facts in _candidates(pos, card, sums, work):
            try:
                check_policy(pos, candidate, facts)
            except IllegalMove:
                continue
            listed += 1
            if listed > quota:  # one more than the share: the listing is cut here
                work.exhausted = True
                break
            found.append((candidate, facts))
        truncated = truncated or work.exhausted
    found.sort(key=lambda pair: pair[0].sort_key())
    return MoveList(tuple(m for m, _ in found), tuple(f for _, f in found), truncated)


def _candidates(pos: Position, card: int, sums, work: Budget):
    """Well-formed captures, builds and trails with ``card`` (C1-C5, B1-B5, B8, T1)."""
    yield Move(TRAIL, card), MoveFacts(TRAIL)
    yield from _capture_candidates(pos, card, sums, work)
    yield from _build_candidates(pos, card, sums, work)


def _capture_candidates(pos: Position, card: int, sums, work: Budget):
    rules = pos.rules
    table = pos.table
    same = pos.loose & _rank_mask(card)
    values = _capture_values(rules, card)
    if not values:  # classic court card: pairing only (C5)
        pairs = cards_of(same)
        if rules.court_takes_all:
            takes = set()
            unions({c: [1 << c] for c in pairs}, 0, work, takes)
            takes.discard(0)
        else:
            takes = {1 << c for c in pairs}
        for t in takes:
            yield Move(CAPTURE, card, t), MoveFacts(CAPTURE, sweep=t == table)
        return
    v = values[0]
    groups = {low: list(gs) for low, gs in sums.get(v, {}).items()}
    for c in cards_of(same):  # pairing: an ace taken by an ace played as 14
        if rules.values[c] != v:
            groups.setdefault(c, []).append(1 << c)
    loose_sets: set[int] = set()
    unions(groups, 0, work, loose_sets)
    takeable = [b.cards for b in pos.builds if b.value == v]
    build_sets = {0}
    for cards in takeable:
        build_sets |= {s | cards for s in build_sets}
    for ls in loose_sets:
        for bs in build_sets:
            t = ls | bs
            if t:
                yield Move(CAPTURE, card, t), MoveFacts(CAPTURE, sweep=t == table)


def _build_candidates(pos: Position, card: int, sums, work: Budget):
    rules = pos.rules
    a = rules.values[card]
    if a == 0:
        return
    rest = _hold_values(rules, pos.hands[pos.turn] & ~(1 << card))
    for value in range(max(a, 2), rules.max_build + 1):
        if not rest >> value & 1:
            continue  # B3 would refuse every build of this value
        vgroups = sums.get(value, {})
        # New builds and additions: the card with loose cards worth value - a, plus groups.
        loose_sets: set[int] = set()
        if a == value:
            unions(vgroups, 0, work, loose_sets)
        else:
            for gs in sums.get(value - a, {}).values():
                for g in gs:
                    unions(vgroups, g, work, loose_sets)
        same_value = [b for b in pos.builds if b.value == value]
        for ls in loose_sets:
            if ls:
                total = a + sum(rules.values[c] for c in cards_of(ls))
                yield (Move(BUILD, card, ls, value), MoveFacts("new", multiple=total != value))
            for b in same_value:
                yield (Move(BUILD, card, ls | b.cards, value), MoveFacts("add", multiple=True, build=b))
        # Raises: the card alone on a single build worth value - a, plus loose groups.
        raisable = [b for b in pos.builds if b.single and b.value == value - a]
        if raisable:
            extra: set[int] = set()
            unions(vgroups, 0, work, extra)
            for b in raisable:
                for ls in extra:
                    yield (Move(BUILD, card, ls | b.cards, value),
                           MoveFacts("raise", multiple=bool(ls), build=b))
