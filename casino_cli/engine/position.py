"""Immutable positions: the table, the hands, the stock and the hand so far."""

from __future__ import annotations

from typing import NamedTuple

from ..cards import DECK_SIZE, cards_of, codes_of, count, lowest
from .errors import PositionError
from .rules import Rules, can_capture_value


class Unseen:
    """A number of cards whose identity is unknown (a stock or captured pile given as a count)."""

    __slots__ = ("count",)

    def __init__(self, count: int):
        self.count = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unseen) and other.count == self.count

    def __hash__(self) -> int:
        return hash(("Unseen", self.count))

    def __repr__(self) -> str:
        return f"Unseen({self.count})"


class Build(NamedTuple):
    """A build on the table: its announced value, its owner (a seat) and its cards (a mask)."""

    value: int
    owner: int
    cards: int
    single: bool

    @property
    def lowest(self) -> int:
        """Its lowest card (builds are listed in this order)."""
        return lowest(self.cards)


def make_build(rules: Rules, value: int, owner: int, cards: int) -> Build:
    """A build whose single/multiple kind is derived from its cards (RULES.md §0)."""
    values = rules.values
    return Build(value, owner, cards, sum(values[c] for c in cards_of(cards)) == value)


class Position(NamedTuple):
    """Everything needed to list the legal moves and continue the hand.

    Card sets are masks (see :mod:`casino_cli.cards`). ``hands[seat]`` is ``None``
    when unknown; ``stock`` is the undealt cards in dealing order, or :class:`Unseen`;
    ``captured[seat]`` is a mask or :class:`Unseen`. ``turn`` is ``None`` once the hand
    is finished. ``scores`` are per side, before this hand.
    """

    rules: Rules
    dealer: int
    turn: int | None
    deal: int
    loose: int
    builds: tuple[Build, ...]
    hands: tuple[int | None, ...]
    stock: tuple[int, ...] | Unseen
    captured: tuple[int | Unseen, ...]
    sweeps: tuple[int, ...]
    last_capture: int | None
    scores: tuple[int, ...]
    extra: tuple = ()  # user data (``_`` keys) of the document: (where, key, value)

    @property
    def finished(self) -> bool:
        """Whether the hand is over (the residue has been taken, S2)."""
        return self.turn is None

    @property
    def table(self) -> int:
        """Every card on the table, loose or in a build."""
        out = self.loose
        for b in self.builds:
            out |= b.cards
        return out

    @property
    def last_deal(self) -> bool:
        """Whether this is the last deal of the hand (D3)."""
        return self.deal == self.rules.deals_per_hand

    @property
    def stock_count(self) -> int:
        """How many cards are still to be dealt."""
        return self.stock.count if isinstance(self.stock, Unseen) else len(self.stock)


def check_position(pos: Position) -> None:
    """Raise :class:`PositionError` listing every inconsistency of ``pos`` at once."""
    problems: list[str] = []
    rules = pos.rules
    n = rules.players
    seat_ok = range(n)
    if pos.dealer not in seat_ok:
        problems.append(f"dealer {pos.dealer} is not a seat (0..{n - 1})")
    if pos.turn is not None and pos.turn not in seat_ok:
        problems.append(f"turn {pos.turn} is not a seat (0..{n - 1})")
    if pos.last_capture is not None and pos.last_capture not in seat_ok:
        problems.append(f"last_capture {pos.last_capture} is not a seat (0..{n - 1})")
    for what, seq, size in (("hands", pos.hands, n), ("captured", pos.captured, n),
                            ("sweeps", pos.sweeps, n), ("scores", pos.scores, rules.sides)):
        if len(seq) != size:
            problems.append(f"{what} has {len(seq)} entries but there are {size} "
                            f"{'sides' if what == 'scores' else 'seats'}")
    deals = rules.deals_per_hand
    if not 1 <= pos.deal <= deals:
        problems.append(f"deal {pos.deal} is out of range (1..{deals} with {n} players)")
    elif pos.stock_count != (deals - pos.deal) * 4 * n:
        problems.append(f"the stock holds {pos.stock_count} cards, but before deal {pos.deal + 1} "
                        f"of {deals} it must hold {(deals - pos.deal) * 4 * n}")
    problems += _duplicate_problems(pos)
    problems += _build_problems(pos)
    problems += _hand_problems(pos)
    if problems:
        raise PositionError(problems)


def _duplicate_problems(pos: Position) -> list[str]:
    """Cards found twice, and a total other than 52 when every card is known."""
    seen = 0
    dups = 0
    known_all = True
    piles = [pos.loose] + [b.cards for b in pos.builds]
    piles += [h for h in pos.hands if h is not None]
    piles += [p for p in pos.captured if not isinstance(p, Unseen)]
    if isinstance(pos.stock, Unseen):
        known_all = False
    else:
        stock_mask = 0
        for card in pos.stock:
            if not 0 <= card < DECK_SIZE:
                continue
            dups |= stock_mask & (1 << card)
            stock_mask |= 1 << card
        piles.append(stock_mask)
    if any(h is None for h in pos.hands) or any(isinstance(p, Unseen) for p in pos.captured):
        known_all = False
    for pile in piles:
        dups |= seen & pile
        seen |= pile
    problems = []
    if dups:
        problems.append("cards appear more than once: " + " ".join(codes_of(dups)))
    if known_all and not dups and count(seen) != DECK_SIZE:
        problems.append(f"the table, hands, stock and captured piles hold {count(seen)} cards, not 52"
                        f" (missing: {' '.join(codes_of(((1 << DECK_SIZE) - 1) & ~seen))})")
    return problems


def _build_problems(pos: Position) -> list[str]:
    """Builds whose cards do not make their value, bad owners, builds after the hand."""
    rules = pos.rules
    problems = []
    if pos.finished and pos.builds:
        problems.append("the hand is finished but builds remain on the table")
    for b in pos.builds:
        name = f"build {'+'.join(codes_of(b.cards))}={b.value}"
        if b.owner not in range(rules.players):
            problems.append(f"{name}: owner {b.owner} is not a seat")
        if not 2 <= b.value <= rules.max_build:
            problems.append(f"{name}: value {b.value} is outside 2..{rules.max_build} (V4)")
            continue
        if count(b.cards) < 2:
            problems.append(f"{name}: a build has at least two cards (B2)")
            continue
        if any(rules.values[c] == 0 for c in cards_of(b.cards)):
            problems.append(f"{name}: court cards have no value and cannot be built (B1)")
            continue
        if not splits_into_groups(rules, b.cards, b.value):
            problems.append(f"{name}: its cards do not add up to {b.value} or split into groups of {b.value}")
            continue
        hand = pos.hands[b.owner] if b.owner in range(len(pos.hands)) else None
        if hand is not None and not pos.finished and not any(
                can_capture_value(rules, c, b.value) for c in cards_of(hand)):
            problems.append(f"{name}: its owner, seat {b.owner}, holds no card that can capture {b.value} (O1)")
    return problems


def _hand_problems(pos: Position) -> list[str]:
    """Hand sizes that do not fit the deal and the turn."""
    problems = []
    n = pos.rules.players
    sizes = {seat: count(h) for seat, h in enumerate(pos.hands) if h is not None}
    for seat, size in sizes.items():
        if size > 4:
            problems.append(f"seat {seat} holds {size} cards; a deal gives 4")
    if pos.finished:
        if any(sizes.values()) or pos.stock_count:
            problems.append("turn is null (hand finished) but cards remain in hands or stock")
        return problems
    if pos.turn is None or pos.turn >= n or pos.dealer >= n:
        return problems
    if pos.turn in sizes and sizes[pos.turn] == 0:
        problems.append(f"seat {pos.turn} is to move but holds no card")
    first = (pos.dealer + 1) % n
    played = (pos.turn - first) % n  # seats that have already played this round
    expected_gap = {seat: 1 if (seat - first) % n < played else 0 for seat in range(n)}
    full = {size + expected_gap[seat] for seat, size in sizes.items() if seat < n}
    if len(full) > 1:
        shown = ", ".join(f"seat {s}: {c}" for s, c in sorted(sizes.items()))
        problems.append(f"hand sizes ({shown}) do not fit seat {pos.turn} being to move "
                        f"with seat {first} playing first")
    return problems


def splits_into_groups(rules: Rules, cards: int, value: int) -> bool:
    """Whether ``cards`` split into groups whose values each add up to ``value``."""
    values = rules.values
    vals = sorted((values[c] for c in cards_of(cards)), reverse=True)
    if sum(vals) % value or any(v == 0 or v > value for v in vals):
        return False
    bins = [0] * (sum(vals) // value)

    def place(i: int) -> bool:
        if i == len(vals):
            return True
        tried = set()
        for k, filled in enumerate(bins):
            if filled + vals[i] <= value and filled not in tried:
                tried.add(filled)
                bins[k] += vals[i]
                if place(i + 1):
                    return True
                bins[k] -= vals[i]
        return False

    return place(0)


def side_cards(pos: Position, side: int) -> int | Unseen:
    """The cards a side has captured (a mask, or Unseen when any pile is only counted)."""
    rules = pos.rules
    piles = [p for seat, p in enumerate(pos.captured) if rules.side_of(seat) == side]
    if any(isinstance(p, Unseen) for p in piles):
        return Unseen(sum(p.count if isinstance(p, Unseen) else count(p) for p in piles))
    out = 0
    for p in piles:
        out |= p
    return out
