"""Moves, the judge that decides whether one is legal, and the legal-move listing.

:func:`judge` is the one place that says why a move is refused. The listing builds
only candidates that are well formed by construction (the grouping of C1 and B4)
and passes each through the same rule checks the judge uses (:func:`policy_rule`),
so the listing, ``apply`` and the referee cannot disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ACE, RANKS, card_code, cards_of, codes_of, rank
from .errors import IllegalMove
from .groups import Budget, sum_groups, unions
from .position import Build, Position, splits_into_groups
from .rules import Rules, hold_bits

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
        if self.type == CAPTURE:
            return f"{card_code(self.card)}x{'+'.join(codes_of(self.cards))}"
        return "+".join([card_code(self.card)] + codes_of(self.cards)) + f"={self.value}"

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


_TRAIL_FACTS = MoveFacts(TRAIL)
_CAPTURE_FACTS = (MoveFacts(CAPTURE, False), MoveFacts(CAPTURE, True))  # by sweep


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
        facts = _TRAIL_FACTS
    elif move.type == CAPTURE:
        facts = _capture_facts(pos, move)
    else:
        facts = _build_facts(pos, move)
    return facts


def _table_part(pos: Position, move: Move, verb: str) -> tuple[int, list[Build]]:
    """Split the move's table cards into loose cards and whole builds, or refuse."""
    missing = move.cards & ~pos.table
    if missing:
        verb = "is" if missing & (missing - 1) == 0 else "are"
        raise IllegalMove("C1" if move.type == CAPTURE else "B4",
                          f"{' '.join(codes_of(missing))} {verb} not on the table")
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
        return _CAPTURE_FACTS[move.cards == pos.table]
    reasons = []
    for v in values:
        wrong = [b for b in builds if b.value != v]
        if wrong:
            b = wrong[0]
            reasons.append(("C2", f"{name} captures {v}, and the {b.value}-build "
                                  f"{'+'.join(codes_of(b.cards))} is only ever taken on its own by a {b.value}"))
            continue
        if _loose_splits(rules, loose, v, same_rank):
            return _CAPTURE_FACTS[move.cards == pos.table]
        reasons.append(("C1", f"{' '.join(codes_of(loose))} cannot be split into groups worth {v}"
                              + (" (or paired)" if same_rank else "")))
    rule, text = reasons[0]
    if rank(card) == ACE and not rules.ace_high and _loose_splits(rules, loose, 14, same_rank):
        rule, text = "C3", f"{name} counts 1 in these rules (no ace_high), not 14"
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
    table = hold_bits(rules)
    for c in cards_of(hand):
        bits |= table[c]
    return bits


def check_policy(pos: Position, move: Move, facts: MoveFacts) -> None:
    """The second half of :func:`judge`: who owns what and what the mover keeps
    (C6 T2 T3 B6 B7, then the HAND_RULES B3 and O1, always checked last)."""
    owned = _owned(pos)
    rest = _hold_values(pos.rules, pos.hands[pos.turn] & ~(1 << move.card))
    rule = policy_rule(pos, move, facts, owned, rest)
    if rule is not None:
        raise IllegalMove(rule, _policy_message(rule, pos, move, facts, owned, rest))


def _owned(pos: Position) -> tuple[Build, ...]:
    """The builds the mover owns."""
    return tuple(b for b in pos.builds if b.owner == pos.turn)


def policy_rule(pos: Position, move: Move, facts: MoveFacts, owned: tuple[Build, ...], rest: int) -> str | None:
    """The rule (C6 T2 T3 B6 B7 B3 O1) that refuses a well-formed move, or None.

    ``owned``: the mover's builds; ``rest``: :func:`_hold_values` of the hand after the play.
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


def _policy_message(rule: str, pos: Position, move: Move, facts: MoveFacts, owned, rest: int) -> str:
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
        return f"seat {seat} may not raise its own {old.value}-build in these rules"
    if rule == "B7":
        verb = "raise" if facts.kind == "raise" else "add to"
        return f"seat {seat} may not {verb} its partner's {old.value}-build in these rules"
    if rule == "B3":
        return f"seat {seat} would hold no card to capture {move.value}"
    b = next(b for b in owned if not b.cards & move.cards and not rest >> b.value & 1)
    return (f"seat {seat} would no longer hold a card to capture its "
            f"{b.value}-build {'+'.join(codes_of(b.cards))}")


def _rank_mask(card: int) -> int:
    """The four cards of ``card``'s rank."""
    return 0b1111 << (rank(card) * 4)


# --- the listing -----------------------------------------------------------------

def legal_moves(pos: Position, limit: int = DEFAULT_LIMIT, budget: int = DEFAULT_BUDGET) -> MoveList:
    """Every legal move of ``pos`` in canonical order. The mover's hand must be known.

    Work is bounded for crowded tables: the cards of the hand, in card order, each get
    an equal share of what is left of ``limit`` moves and of ``budget`` search steps
    (rounded up), so a share one card does not use passes to the next; a listing that
    hits a bound is ``truncated`` (the moves found are all legal, but others may exist).
    """
    if pos.turn is None:
        return MoveList((), (), False)
    hand = pos.hands[pos.turn]
    if hand is None:
        raise IllegalMove("card", f"seat {pos.turn}'s hand is unknown, so its moves cannot be listed")
    rules = pos.rules
    cards = cards_of(hand)
    shared = Budget(budget // 2)
    sums = sum_groups(pos.loose, rules.values, shared)
    truncated = shared.exhausted
    owned = _owned(pos)
    moves: list[Move] = []
    facts: list[MoveFacts] = []
    table = hold_bits(rules)
    holds = [table[c] for c in cards]
    before = [0]  # before[i] | after[i + 1]: what the rest of the hand can capture
    for bits in holds:
        before.append(before[-1] | bits)
    after = [0]
    for bits in reversed(holds):
        after.append(after[-1] | bits)
    after.reverse()
    moves_left, steps_left = limit, budget - budget // 2
    for i, card in enumerate(cards):
        cards_left = len(cards) - i
        quota = -(-moves_left // cards_left)  # this card's share, rounded up (may be 0)
        steps = -(-steps_left // cards_left)
        work = Budget(steps)
        rest = before[i] | after[i + 1]
        found: list[tuple[Move, MoveFacts]] = []
        _capture_candidates(pos, card, sums, work, found)
        _build_candidates(pos, card, sums, work, rest, found)
        if len(found) > 1:
            found.sort(key=_found_key)
        found.append((Move(TRAIL, card), _TRAIL_FACTS))
        listed = 0
        for move, fact in found:
            if policy_rule(pos, move, fact, owned, rest) is not None:
                continue
            listed += 1
            if listed > quota:  # one more than the share: the listing is cut here
                work.exhausted = True
                break
            moves.append(move)
            facts.append(fact)
        moves_left -= min(listed, quota)
        steps_left -= steps - max(work.left, 0)
        truncated = truncated or work.exhausted
    return MoveList(tuple(moves), tuple(facts), truncated)


_lex_cache: dict[int, tuple[int, ...]] = {}


def _found_key(pair: tuple[Move, MoveFacts]) -> tuple:
    """Order of one card's captures and builds: captures first, builds by value, then
    the table cards compared in card order."""
    move = pair[0]
    lex = _lex_cache.get(move.cards)
    if lex is None:
        if len(_lex_cache) > 100_000:
            _lex_cache.clear()
        lex = _lex_cache[move.cards] = tuple(cards_of(move.cards))
    return (move.value, lex)  # captures have value 0, builds 2..14


def _capture_candidates(pos: Position, card: int, sums, work: Budget, out: list) -> None:
    """Well-formed captures with ``card`` (C1-C5), appended to ``out``."""
    rules = pos.rules
    table = pos.table
    same = pos.loose & _rank_mask(card)
    values = _capture_values(rules, card)
    if not values:  # classic court card: pairing only (C5)
        pairs = cards_of(same)
        if rules.court_takes_all:
            takes = set()
            unions([1 << c for c in pairs], 0, work, takes)
            takes.discard(0)
        else:
            takes = {1 << c for c in pairs}
        for t in takes:
            if not work.spend():
                return
            out.append((Move(CAPTURE, card, t), _CAPTURE_FACTS[t == table]))
        return
    v = values[0]
    groups = sums[v]
    if same and rules.values[card] != v:  # pairing: an ace taken by an ace played as 14
        groups = groups + [1 << c for c in cards_of(same)]
    loose_sets = {0}
    if groups:
        unions(groups, 0, work, loose_sets)
    build_sets = [0]
    for b in pos.builds:
        if b.value == v:
            build_sets += [s | b.cards for s in build_sets]
    for ls in loose_sets:
        for bs in build_sets:
            t = ls | bs
            if t:
                if not work.spend():  # each candidate costs a step: bounded on crowded tables
                    return
                out.append((Move(CAPTURE, card, t), _CAPTURE_FACTS[t == table]))


def _build_candidates(pos: Position, card: int, sums, work: Budget, rest: int, out: list) -> None:
    """Well-formed builds with ``card`` (B1, B2, B4, B5, B8) whose value it can hold (B3)."""
    rules = pos.rules
    a = rules.values[card]
    if a == 0:
        return
    low = max(a, 2)
    wanted = rest >> low << low & ((2 << rules.max_build) - 1)  # values it could still capture
    while wanted:
        value = (wanted & -wanted).bit_length() - 1
        wanted &= wanted - 1
        vgroups = sums[value]
        # New builds and additions: the card with loose cards worth value - a (a start),
        # plus groups worth value; the build is single exactly when nothing joins the start.
        loose_sets: set[int] = set()
        if a == value:
            starts = {0}
            unions(vgroups, 0, work, loose_sets)
        else:
            starts = set(sums[value - a])
            for g in starts:
                if work.exhausted:
                    return
                unions(vgroups, g, work, loose_sets)
        same_value = [b for b in pos.builds if b.value == value]
        for ls in loose_sets:
            if not work.spend(1 + len(same_value)):
                return
            if ls:
                out.append((Move(BUILD, card, ls, value), MoveFacts("new", False, ls not in starts)))
            for b in same_value:
                out.append((Move(BUILD, card, ls | b.cards, value), MoveFacts("add", False, True, b)))
        # Raises: the card alone on a single build worth value - a, plus loose groups.
        raisable = [b for b in pos.builds if b.single and b.value == value - a]
        if raisable:
            extra: set[int] = set()
            unions(vgroups, 0, work, extra)
            for b in raisable:
                for ls in extra:
                    if not work.spend():
                        return
                    out.append((Move(BUILD, card, ls | b.cards, value),
                                MoveFacts("raise", False, bool(ls), b)))
