"""Immutable positions: the table, the hands, the stock and the hand so far."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, cast

from ..cards import CODES, DECK_SIZE, FULL_DECK, cards_of, codes_of, count, lowest
from ..errors import check_int, plural, shown, wrong_type
from .errors import Pile, PositionError, Problem, TooComplex
from .rules import A_RULES, MAX_SCORE, Rules, can_capture_value


class Unseen:
    """A number of cards whose identity is unknown (a stock or captured pile given as a count)."""

    __slots__ = ("count",)
    count: int

    def __init__(self, count: int):
        object.__setattr__(self, "count", count)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Unseen is immutable (a position holds it)")

    def __reduce__(self) -> tuple[type[Unseen], tuple[int]]:
        return (Unseen, (self.count,))  # pickled and copied through the constructor

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unseen) and other.count == self.count

    def __hash__(self) -> int:
        return hash(("Unseen", self.count))

    def __repr__(self) -> str:
        return f"Unseen({self.count})"


class Partial(NamedTuple):
    """A hand known only in part (docs/notation.md, Partly known hands): the seat holds ``count`` cards, of which
    the cards of the mask ``known`` are known (fewer than ``count``)."""

    known: int
    count: int  # type: ignore[assignment]  # the field shadows tuple.count, on purpose: it is the hand's size


Hand = int | Partial | None


def make_hand(known: int, size: int) -> int | Partial:
    """A hand of ``size`` cards of which ``known`` are known: the mask itself when all are."""
    return known if count(known) == size else Partial(known, size)


def known_cards(hand: Hand) -> int:
    """The cards of a hand that are known (none for an unknown hand)."""
    if hand is None:
        return 0
    return hand.known if isinstance(hand, Partial) else hand


def unknown_count(hand: Hand) -> int:
    """How many cards of a partly known hand are unknown (0 for a known or unknown hand)."""
    return hand.count - count(hand.known) if isinstance(hand, Partial) else 0


def after_play(hand: int | Partial, card: int) -> int | Partial:
    """The hand once its known ``card`` has been played."""
    if isinstance(hand, Partial):
        return make_hand(hand.known & ~(1 << card), hand.count - 1)
    return hand & ~(1 << card)


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

    def __str__(self) -> str:
        """The line a position's text gives it: ``build 6 (multiple, seat 0): 2C 3S 3C 4D``."""
        kind = "single" if self.single else "multiple"
        return f"build {self.value} ({kind}, seat {self.owner}): {' '.join(codes_of(self.cards))}"

    def __repr__(self) -> str:
        return f"<Build {'+'.join(codes_of(self.cards))}={self.value} seat {self.owner}>"


def make_build(rules: Rules, value: int, owner: int, cards: int) -> Build:
    """A build whose single/multiple kind is derived from its cards (docs/rules.md, Vocabulary: Build)."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    for name, number in (("value", value), ("owner", owner), ("cards", cards)):
        check_int(name, number)
    values = rules.values
    return Build(value, owner, cards, sum(values[c] for c in cards_of(cards)) == value)


class Position(NamedTuple):
    """Everything needed to list the legal moves and continue the hand.

    Card sets are masks (see :mod:`casino_cli.cards`). ``hands[seat]`` is a mask, a
    :class:`Partial` when known in part, or ``None`` when unknown; ``stock`` is the undealt cards in dealing order, or :class:`Unseen`;
    ``captured[seat]`` is a mask or :class:`Unseen`. ``turn`` is ``None`` once the hand
    is finished. ``scores`` are per side, before this hand.

    Made by :func:`~.deal.start_position`, :func:`~.deal.start_from_table` or the notation's
    ``read_position``, a position is checked; made by hand (or with ``_replace``) it is not:
    :func:`check_position` checks it.
    """

    rules: Rules
    dealer: int
    turn: int | None
    deal: int
    loose: int
    builds: tuple[Build, ...]
    hands: tuple[int | Partial | None, ...]
    stock: tuple[int, ...] | Unseen
    captured: tuple[int | Unseen, ...]
    sweeps: tuple[int, ...]
    last_capture: int | None
    scores: tuple[int, ...]

    def __repr__(self) -> str:
        builds = "".join(f" [{'+'.join(codes_of(b.cards))}={b.value}]" for b in self.builds)
        return f"<Position {self.rules}, {_status(self)}, table {_codes(self.loose)}{builds}>"

    def __str__(self) -> str:
        return "\n".join(position_lines(self))

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


MAX_SEATS = 4  # the most players, so the most hands, piles and scores
MAX_BUILDS = DECK_SIZE // 2  # a build holds two cards at least

# What a public function taking a Position says when given something else.
A_POSITION = "a Position (casino_cli.notation.position.read_position reads one)"


def _status(pos: Position) -> str:
    if pos.finished:
        return "finished"
    last = " (last)" if pos.last_deal else ""
    return f"deal {pos.deal}/{pos.rules.deals_per_hand}{last}, seat {pos.turn} to play"


def _codes(cards: int) -> str:
    return " ".join(codes_of(cards)) or "-"


def _hand_text(pos: Position, seat: int) -> str:
    """A hand's known cards and a ``?`` for each other card it holds (``-`` for none);
    ``unknown`` when not even its size is known."""
    size = seat_size(pos, seat)
    if size is None:
        return "unknown"
    known = known_cards(pos.hands[seat])
    return " ".join(codes_of(known) + ["?"] * (size - count(known))) or "-"


def position_lines(pos: Position) -> list[str]:
    """The table, the builds and each seat's hand, one item per line (``str(pos)``); ``-``
    stands for an empty table or hand.

    >>> from casino_cli.engine import make_rules, seeded_deck, start_position
    >>> print(start_position(make_rules("royal"), seeded_deck("7"), dealer=1))
    royal 2p, deal 1/6, seat 0 to play
    table: AH 8D 9H 9C
    seat 0: 2C 4C JD KD (taken 0, sweeps 0)
    seat 1: 4D 5H 8S QC (taken 0, sweeps 0)
    """
    lines = [f"{pos.rules}, {_status(pos)}", f"table: {_codes(pos.loose)}"]
    lines += [str(b) for b in pos.builds]
    for seat in range(len(pos.hands)):
        pile = pos.captured[seat]
        taken = pile.count if isinstance(pile, Unseen) else count(pile)
        lines.append(f"seat {seat}: {_hand_text(pos, seat)} (taken {taken}, sweeps {pos.sweeps[seat]})")
    return lines


def check_position(pos: Position) -> None:
    """Raise :class:`PositionError` listing every inconsistency of ``pos`` at once; each
    problem starts with the JSON path of the notation it concerns. A field of the wrong
    type (a position built by hand) is one too, and then the only kind listed."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    problems: list[str | Problem] = [*_shape_problems(pos)]
    if problems:  # the checks below read the fields as what they should be
        raise PositionError(problems)
    rules = pos.rules
    n = rules.players
    for key, seat in (("dealer", pos.dealer), ("turn", pos.turn), ("last_capture", pos.last_capture)):
        if seat is not None and seat not in range(n):
            problems.append(f"$.{key}: {seat} is not a seat (0..{n - 1})")
    for what, seq, size in (
        ("hands", pos.hands, n),
        ("captured", pos.captured, n),
        ("sweeps", pos.sweeps, n),
        ("scores", pos.scores, rules.sides),
    ):
        if len(seq) != size:
            problems.append(
                f"$.{what}: {len(seq)} entries, but there are {size} {'sides' if what == 'scores' else 'seats'}"
            )
    seated = not problems  # O1 across builds needs the seats and their entries in range
    deals = rules.deals_per_hand
    if not 1 <= pos.deal <= deals:
        problems.append(f"$.deal: deal {pos.deal} is out of range (1..{deals} with {n} players)")
    elif pos.stock_count != (deals - pos.deal) * 4 * n:
        problems.append(
            f"$.stock: holds {plural(pos.stock_count, 'card')}, but during deal {pos.deal} "
            f"of {deals} it must hold {(deals - pos.deal) * 4 * n}"
        )
    in_range = not problems  # the accounting needs seats, entries and the deal in range
    problems += _duplicate_problems(pos)
    problems += _build_problems(pos)
    problems += _owner_problems(pos) if seated else []
    problems += _hand_problems(pos)
    if in_range:
        problems += _accounting_problems(pos)
    if problems:
        raise PositionError(problems)


def _shape_problems(pos: Position) -> list[str]:
    """Fields of a type no position has (a position built by hand): a text for a card mask,
    a list for a tuple (a position is hashable), a build whose ``single`` its cards deny."""
    rules, dealer, turn, deal, loose, builds, hands, stock, captured, sweeps, last, scores = _fields(pos)
    if not isinstance(rules, Rules):
        return [_not_a("$.rules", rules, "a Rules (make_rules makes one)")]
    fields: list[tuple[str, object, Callable[[object], bool], str]] = [
        ("$.dealer", dealer, _is_int, "a seat"),
        ("$.turn", turn, _is_seat_or_none, "a seat or None"),
        ("$.deal", deal, _is_int, "a deal number"),
        ("$.table.loose", loose, _is_mask, "a set of cards (a mask of bits 0 to 51)"),
        ("$.last_capture", last, _is_seat_or_none, "a seat or None"),
        ("$.stock", stock, _is_stock, "a tuple of cards or an Unseen count"),
    ]
    problems = [_not_a(path, value, what) for path, value, test, what in fields if not test(value)]
    for path, items, most, test, what in (
        (
            "$.table.builds",
            builds,
            MAX_BUILDS,
            _is_build,
            "a Build of int value and owner, a mask of cards and a bool single",
        ),
        ("$.hands", hands, MAX_SEATS, _is_hand, "a mask of cards, a Partial of a mask and a count, or None"),
        ("$.captured", captured, MAX_SEATS, _is_pile, "a mask of cards or an Unseen count"),
        ("$.sweeps", sweeps, MAX_SEATS, _is_count, "a count"),
        ("$.scores", scores, MAX_SEATS, _is_int, "a score"),
    ):
        if type(items) is not tuple:
            problems.append(_not_a(path, items, "a tuple"))
        elif len(items) > most:  # its items are not looked at: the problems would be as many
            problems.append(f"{path}: a tuple of {len(items):,} items; a position has at most {most}")
        else:
            problems += [_not_a(f"{path}[{i}]", item, what) for i, item in enumerate(_fields(items)) if not test(item)]
    for i, b in enumerate(pos.builds if not problems else ()):
        if b.single != (sum(rules.values[c] for c in cards_of(b.cards)) == b.value):
            problems.append(f"$.table.builds[{i}]: single is {b.single}, but its cards say otherwise (make_build)")
    return problems


def _fields(value: object) -> tuple[object, ...]:
    """A tuple's items as plain objects: the compiled engine checks a named field's type as
    it reads it, where this check is to say what is wrong."""
    return cast(tuple[object, ...], value)


def _not_a(path: str, value: object, what: str) -> str:
    return f"{path}: {type(value).__name__} {shown(value, 30)} is not {what}"


def _is_int(value: object) -> bool:
    """A whole number within 64 bits (a message can quote it)."""
    return type(value) is int and value.bit_length() < 64


def _is_count(value: object) -> bool:
    return _is_int(value) and cast(int, value) >= 0


def _is_seat_or_none(value: object) -> bool:
    return value is None or _is_int(value)


def _is_mask(value: object) -> bool:
    return type(value) is int and 0 <= value <= FULL_DECK


def _is_stock(value: object) -> bool:
    if isinstance(value, Unseen):
        return _is_count(value.count)
    return (
        type(value) is tuple
        and len(value) <= DECK_SIZE
        and all(type(c) is int and 0 <= c < DECK_SIZE for c in _fields(value))
    )


def _is_pile(value: object) -> bool:
    return _is_count(value.count) if isinstance(value, Unseen) else _is_mask(value)


def _is_hand(value: object) -> bool:
    if type(value) is Partial:
        known, size = _fields(value)
        return _is_mask(known) and _is_count(size)
    return value is None or _is_mask(value)


def _is_build(value: object) -> bool:
    if type(value) is not Build:
        return False
    worth, owner, cards, single = _fields(value)
    return _is_int(worth) and _is_int(owner) and _is_mask(cards) and type(single) is bool


# Where a pile of cards is: its JSON path, a build on the table, or the index of a card in
# a stock given as cards (a Pile, path and label, is made only for a problem naming it).
Place = str | Build | int


def _piles(pos: Position) -> list[tuple[Place, int]]:
    """Every known pile of cards with where it is (:func:`_pile_at` names it)."""
    piles: list[tuple[Place, int]] = [("$.table.loose", pos.loose)]
    piles += [(b, b.cards) for b in pos.builds]
    piles += [(f"$.hands[{s}]", known_cards(h)) for s, h in enumerate(pos.hands) if h is not None]
    piles += [(f"$.captured[{s}]", p) for s, p in enumerate(pos.captured) if not isinstance(p, Unseen)]
    if not isinstance(pos.stock, Unseen):
        piles += [(i, 1 << c) for i, c in enumerate(pos.stock) if 0 <= c < DECK_SIZE]
    return piles


def _pile_at(place: Place) -> Pile:
    """The pile at a place of :func:`_piles`, as a problem names it."""
    if isinstance(place, Build):
        return Pile("$.table.builds", place.cards, f"({'+'.join(codes_of(place.cards))})")
    return Pile(place if isinstance(place, str) else f"$.stock[{place}]")


def _duplicate_problems(pos: Position) -> list[str | Problem]:
    """Cards found twice (with where), and a total other than 52 when every card is known."""
    piles = _piles(pos)
    seen = dups = 0
    for _, pile in piles:
        dups |= seen & pile
        seen |= pile
    problems: list[str | Problem] = []
    for card in cards_of(dups):
        places = tuple(_pile_at(place) for place, pile in piles if pile >> card & 1)
        problems.append(Problem(places, f"{CODES[card]} appears more than once", card))
    known_all = (
        not isinstance(pos.stock, Unseen)
        and all(isinstance(h, int) for h in pos.hands)
        and not any(isinstance(p, Unseen) for p in pos.captured)
    )
    if known_all and not dups and count(seen) != DECK_SIZE:
        problems.append(
            f"$: the table, hands, stock and captured piles hold {count(seen)} cards, not 52"
            f" (missing: {' '.join(codes_of(((1 << DECK_SIZE) - 1) & ~seen))})"
        )
    wanted = sum(unknown_count(h) for h in pos.hands) + sum(p.count for p in pos.captured if isinstance(p, Unseen))
    wanted += pos.stock.count if isinstance(pos.stock, Unseen) else 0
    if not dups and wanted > DECK_SIZE - count(seen):
        problems.append(
            f"$: the partly known hands, the stock and the captured piles need {wanted} unseen cards,"
            f" but only {DECK_SIZE - count(seen)} cards are not shown"
        )
    return problems


def unseen_cards(pos: Position) -> int:
    """The cards the position shows nowhere (not in a known hand, on the table, in a captured
    pile given as cards or in a stock given as cards): where unknown cards may be."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    seen = 0
    for _, pile in _piles(pos):
        seen |= pile
    return FULL_DECK & ~seen


def _build_problems(pos: Position) -> list[str | Problem]:
    """Builds whose cards do not make their value, bad owners, builds after the hand."""
    rules = pos.rules
    problems: list[str | Problem] = []
    if pos.finished and pos.builds:
        problems.append("$.table.builds: the hand is finished but builds remain on the table")
    for b in pos.builds:
        at = (Pile("$.table.builds", b.cards, f"({'+'.join(codes_of(b.cards))}={b.value})"),)
        if b.owner not in range(rules.players):
            problems.append(Problem(at, f"owner {b.owner} is not a seat"))
        if not 2 <= b.value <= rules.max_build:
            problems.append(Problem(at, f"value {b.value} is outside 2..{rules.max_build} (V4)"))
            continue
        if count(b.cards) < 2:
            problems.append(Problem(at, "a build has at least two cards (B2)"))
            continue
        if any(rules.values[c] == 0 for c in cards_of(b.cards)):
            problems.append(Problem(at, "court cards have no value and cannot be built (B1)"))
            continue
        try:
            splits = splits_into_groups(rules, b.cards, b.value)
        except TooComplex as exc:
            problems.append(Problem(at, str(exc)))
            continue
        if not splits:
            problems.append(Problem(at, f"its cards do not add up to {b.value} or split into groups of {b.value}"))
            continue
        hand = pos.hands[b.owner] if b.owner in range(len(pos.hands)) else None
        if (
            hand is None
            or pos.finished
            or any(can_capture_value(rules, c, b.value) for c in cards_of(known_cards(hand)))
        ):
            continue
        # O1 is decidable for a partly known hand only when no unseen card could capture the build
        if not isinstance(hand, Partial) or not any(
            can_capture_value(rules, c, b.value) for c in cards_of(unseen_cards(pos))
        ):
            problems.append(Problem(at, f"its owner, seat {b.owner}, holds no card that can capture {b.value} (O1)"))
    return problems


def held_count(pos: Position, seat: int) -> int:
    """How many cards ``seat`` holds; an unknown hand's size follows from the mover's (D2:
    the seats that have played in this round hold one card fewer)."""
    hand = pos.hands[seat]
    if isinstance(hand, Partial):
        return hand.count
    if hand is not None or pos.turn is None:
        return count(hand or 0)
    mover = pos.hands[pos.turn]
    k = mover.count if isinstance(mover, Partial) else count(mover or 0)
    return k - 1 if _round_place(pos, seat) < _round_place(pos, pos.turn) else k


def _round_place(pos: Position, seat: int) -> int:
    """Where ``seat`` plays in each round of the deal: 0 for the seat after the dealer, who
    plays first (D2: the seats before the mover's place have played in this round)."""
    return (seat - pos.dealer - 1) % pos.rules.players


def seat_size(pos: Position, seat: int) -> int | None:
    """How many cards ``seat`` holds (:func:`held_count`); None when nothing tells: its hand
    and the mover's both left out, and no other hand fixing the mover's (:func:`counted_mover`:
    a move out of turn leaves the seat to move with no hand written, though the mover's is)."""
    turn = pos.turn
    if pos.hands[seat] is None and turn is not None and pos.hands[turn] is None:
        pos = counted_mover(pos, False)
        if pos.hands[turn] is None:
            return None
    return held_count(pos, seat)


def counted_mover(pos: Position, stated: bool) -> Position:
    """``pos`` with the mover's unknown (null) hand read as that many unknown cards, as
    canonical output writes such a hand, when the position fixes how many: another hand's
    size (D2: the seats that have played in this round hold one card fewer), or, when
    ``stated`` (the stock and the captured piles given, not left to default), the cards
    the table, stock and piles leave to the hands. Otherwise ``pos`` as it is."""
    turn = pos.turn
    if turn is None or pos.hands[turn] is not None:
        return pos
    n = pos.rules.players
    played = _round_place(pos, turn)  # seats that have played this round; the mover has not
    sizes = [(seat, _size(hand)) for seat, hand in enumerate(pos.hands)]
    rounds = {size + 1 if _round_place(pos, seat) < played else size for seat, size in sizes if size is not None}
    if not rounds and stated:
        left = DECK_SIZE - count(pos.table) - sum(map(_pile_size, pos.captured)) - pos.stock_count
        rounds = {(left + played) // n} if (left + played) % n == 0 else set()
    size = rounds.pop() if len(rounds) == 1 else 0
    if not 0 < size <= 4:
        return pos
    return pos._replace(hands=tuple(Partial(0, size) if seat == turn else h for seat, h in enumerate(pos.hands)))


def coverable(sets: list[int], k: int) -> bool:
    """Whether at most ``k`` cards can be chosen with one in each of ``sets`` (masks)."""
    return next(_covers(sets, k, FULL_DECK), None) is not None


def _covers(sets: list[int], k: int, free: int) -> Iterator[int]:
    """Each way (a mask) to choose at most ``k`` cards of ``free`` with one in each of ``sets``."""
    if not sets:
        yield 0
        return
    if k == 0:
        return
    first, rest = sets[0], sets[1:]
    for c in cards_of(first & free):
        for more in _covers([s for s in rest if not s >> c & 1], k - 1, free & ~(1 << c)):
            yield more | 1 << c


def _all_covered(needs: list[tuple[list[int], int]], free: int) -> bool:
    """Whether each owner's ``(sets, k)`` can be covered with cards of its own from ``free``
    (a card is in one hand only)."""
    if not needs:
        return True
    (sets, k), rest = needs[0], needs[1:]
    return any(_all_covered(rest, free & ~chosen) for chosen in _covers(sets, k, free))


def _owner_problems(pos: Position) -> list[str]:
    """O1 across an owner's builds: a hand known in part, or not at all, whose unknown cards
    are too few to answer every build value its known cards do not (one card answers one
    value), or one that no unseen card can answer."""
    rules, problems = pos.rules, list[str]()
    if pos.finished or pos.turn is None or pos.hands[pos.turn] is None:  # an unknown hand's size is the mover's
        return problems
    unseen = unseen_cards(pos)
    needs: dict[int, tuple[list[int], int]] = {}  # the owners that pass alone, to be checked together
    for seat, hand in enumerate(pos.hands):
        if isinstance(hand, int):
            continue
        known = hand.known if isinstance(hand, Partial) else 0
        values = sorted(
            {
                b.value
                for b in pos.builds
                if b.owner == seat and not any(can_capture_value(rules, c, b.value) for c in cards_of(known))
            }
        )
        capturers = [sum(1 << c for c in cards_of(unseen) if can_capture_value(rules, c, v)) for v in values]
        k = held_count(pos, seat) - count(known)
        if isinstance(hand, Partial) and not all(capturers):
            continue  # a value no unseen card answers is said build by build
        if not coverable(capturers, k):
            named = ", ".join(map(str, values[:-1])) + f" and {values[-1]}"
            owns = f"builds of {named}" if len(values) > 1 else f"a build of {values[0]}"
            cards = plural(k, "unknown card") if known else f"hand of {plural(k, 'unknown card')}"
            if not all(capturers):
                why = f"no unseen card can capture {next(v for v, c in zip(values, capturers) if not c)}"
            else:
                why = f"its {cards} cannot answer {'both' if len(values) == 2 else 'them all'}"
            held = ", which no card it is known to hold captures," if known else ","
            problems.append(f"$.hands[{seat}]: seat {seat} owns {owns}{held} and {why} (O1)")
        elif values:
            needs[seat] = (capturers, k)
    if not problems and len(needs) > 1 and not _all_covered(list(needs.values()), unseen):
        seats = " and ".join(map(str, needs))
        problems.append(
            f"$.table.builds: seats {seats} own builds that each could answer alone, but the unseen cards that"
            " capture them are too few for all of them (O1)"
        )
    return problems


def _hand_problems(pos: Position) -> list[str]:
    """Hand sizes that do not fit the deal and the turn."""
    problems = []
    n = pos.rules.players
    sizes = {seat: h.count if isinstance(h, Partial) else count(h) for seat, h in enumerate(pos.hands) if h is not None}
    for seat, h in enumerate(pos.hands):
        if isinstance(h, Partial) and not count(h.known) < h.count:
            problems.append(f"$.hands[{seat}]: {plural(count(h.known), 'card')} known of {h.count} held")
    for seat, size in sizes.items():
        if size > 4:
            problems.append(f"$.hands[{seat}]: seat {seat} holds {size} cards; a deal gives 4")
    if pos.finished:
        if any(sizes.values()) or pos.stock_count:
            problems.append("$.turn: null (hand finished) but cards remain in hands or stock")
        return problems
    if pos.turn is None or pos.turn >= n or pos.dealer >= n:
        return problems
    if pos.turn in sizes and sizes[pos.turn] == 0:
        problems.append(f"$.hands[{pos.turn}]: seat {pos.turn} is to move but holds no card")
    first = (pos.dealer + 1) % n
    played = (pos.turn - first) % n  # seats that have already played this round
    expected_gap = {seat: 1 if (seat - first) % n < played else 0 for seat in range(n)}
    full = {size + expected_gap[seat] for seat, size in sizes.items() if seat < n}
    if len(full) > 1:
        shown = ", ".join(f"seat {s}: {c}" for s, c in sorted(sizes.items()))
        problems.append(
            f"$.hands: hand sizes ({shown}) do not fit seat {pos.turn} being to move with seat {first} playing first"
        )
    return problems


def _size(hand: int | Partial | None) -> int | None:
    """How many cards a hand holds, if the position says."""
    if hand is None:
        return None
    return hand.count if isinstance(hand, Partial) else count(hand)


def _pile_size(pile: int | Unseen) -> int:
    return pile.count if isinstance(pile, Unseen) else count(pile)


def _accounting_problems(pos: Position) -> list[str]:
    """Bounds every reachable position meets (docs/rules.md: Your turn, S1, S2, G1): the 52 cards all
    somewhere exactly once; a captured pile is empty or holds 2 cards per capture (the
    card played and at least one taken), so at least twice its sweeps; ``last_capture``
    names a seat exactly when some pile is not empty, and that seat's pile is not empty;
    a finished hand leaves a residue only when nobody captured; game scores are not
    negative."""
    problems = []
    piles = [_pile_size(p) for p in pos.captured]
    for seat, (size, sweeps) in enumerate(zip(piles, pos.sweeps)):
        if size == 1:
            problems.append(f"$.captured[{seat}]: a pile of 1 card; every capture takes at least 2 (the card played)")
        if sweeps * 2 > size:
            problems.append(
                f"$.sweeps[{seat}]: {plural(sweeps, 'sweep')}, but seat {seat}'s pile of {plural(size, 'card')} holds "
                f"at most {plural(size // 2, 'capture')}"
            )
    if pos.last_capture is not None and not piles[pos.last_capture]:
        problems.append(f"$.last_capture: seat {pos.last_capture} is the last to capture, but its pile is empty")
    if pos.last_capture is None and any(piles):
        taken = next(seat for seat, size in enumerate(piles) if size)
        problems.append(f"$.last_capture: null (nobody captured), but seat {taken} has captured cards")
    if pos.finished and pos.table and pos.last_capture is not None:
        problems.append(
            f"$.table.loose: the hand is finished but cards remain on the table, though seat "
            f"{pos.last_capture} captured (the residue goes to the last capturer, S2)"
        )
    for side, score in enumerate(pos.scores):
        if score < 0:
            problems.append(f"$.scores[{side}]: {score}; game scores start at 0 and only grow (G1)")
        elif score > MAX_SCORE:  # the notation reads no more: a position it could not read back
            problems.append(f"$.scores[{side}]: {score:,} is more than a game reaches (at most {MAX_SCORE:,})")
    rest = DECK_SIZE - count(pos.table) - sum(piles) - pos.stock_count
    held = _hands_totals(pos)
    # Piles and stock left out default to empty (a puzzle), so the total is a bound; it is
    # exact when the position states the hand so far: the stock as cards, or a pile as a count.
    exact = not isinstance(pos.stock, Unseen) or any(isinstance(p, Unseen) for p in pos.captured)
    if rest < min(held) or (exact and rest not in held):
        allowed = " or ".join(str(h) for h in sorted(held))
        problems.append(
            f"$.captured: the table ({count(pos.table)}), the stock ({pos.stock_count}) and the captured piles "
            f"({sum(piles)}) leave {rest} of the 52 cards for the hands, which hold {allowed} at this turn"
        )
    return problems


def _hands_totals(pos: Position) -> set[int]:
    """How many cards the hands can hold together at this turn: every seat not yet to play
    in this round holds k cards, the others k - 1 (k from a hand the position gives, else
    any of 1..4); none once the hand is finished."""
    if pos.turn is None:
        return {0}
    n = pos.rules.players
    played = (pos.turn - (pos.dealer + 1)) % n  # seats that have played this round
    sizes = [_size(h) for h in pos.hands]
    known = {
        size + (1 if (seat - pos.dealer - 1) % n < played else 0) for seat, size in enumerate(sizes) if size is not None
    }
    rounds = known if known else set(range(1, 5))
    return {n * k - played for k in rounds}


SPLIT_STEPS = 200_000


def splits_into_groups(rules: Rules, cards: int, value: int) -> bool:
    """Whether ``cards`` split into groups whose values each add up to ``value``; with
    ace_high_builds an ace may also be a group of 14 on its own (V3, B4). Bounded as
    :func:`build_groups` is."""
    return build_groups(rules, cards, value) is not None


def build_groups(rules: Rules, cards: int, value: int) -> tuple[int, ...] | None:
    """One split of ``cards`` into groups (masks) whose values each add up to ``value``,
    largest card first, or None when there is none; with ace_high_builds an ace may also
    be a group of 14 on its own (V3, B4). A multiple build is shown by these groups.

    Each group is built around the largest card left (any split can be ordered so), and
    the search remembers the card values it has already failed to split. Work is
    bounded: beyond SPLIT_STEPS steps it raises :class:`TooComplex` rather than guess.
    """
    values = rules.values
    counts = [0] * 14
    total = 0
    for c in cards_of(cards):
        v = values[c]
        if v == 0 or v > value:
            return None
        counts[v] += 1
        total += v
    if cards and total == value:  # one group: a card of that value, or cards adding up to it
        return (cards,)
    lone_aces = counts[1] if value == 14 and rules.ace_high_builds else 0
    if total % value and not lone_aces:
        return None
    failed: set[tuple[int, ...]] = set()
    steps = [SPLIT_STEPS]
    groups: list[list[int]] = []  # the values of each group of the split being tried

    def split(left: list[int]) -> bool:
        top = next((v for v in range(13, 0, -1) if left[v]), 0)
        if not top:
            return True
        key = tuple(left)
        if key in failed:
            return False
        left[top] -= 1
        groups.append([top])
        if fill(left, value - top, top):
            return True
        groups.pop()
        left[top] += 1
        failed.add(key)
        return False

    def fill(left: list[int], need: int, cap: int) -> bool:
        """Complete the current group with ``need`` more from values <= cap, then split the rest."""
        steps[0] -= 1
        if steps[0] < 0:
            raise TooComplex(
                f"{total // value} groups of {value} from {len(cards_of(cards))} cards are "
                f"too many to check within the engine's bounded work"
            )
        if need == 0:
            return split(left)
        for v in range(min(cap, need), 0, -1):
            if left[v]:
                left[v] -= 1
                groups[-1].append(v)
                if fill(left, need - v, v):
                    return True
                groups[-1].pop()
                left[v] += 1
        return False

    for alone in range(lone_aces + 1):
        if (total - alone) % value == 0 and split([0, counts[1] - alone, *counts[2:]]):
            break
    else:
        return None
    by_value: dict[int, list[int]] = {}  # the cards of each value, the lowest last: taken first
    for c in sorted(cards_of(cards), reverse=True):
        by_value.setdefault(values[c], []).append(c)
    masks = [sum(1 << by_value[v].pop() for v in group) for group in groups]
    return (*masks, *(1 << ace for ace in by_value.get(1, ())))  # the aces left are groups of 14


def side_cards(pos: Position, side: int) -> int | Unseen:
    """The cards a side has captured (a mask, or Unseen when any pile is only counted)."""
    rules = pos.rules
    piles = [p for seat, p in enumerate(pos.captured) if rules.side_of(seat) == side]
    out = 0
    for p in piles:
        if isinstance(p, Unseen):
            return Unseen(sum(p.count if isinstance(p, Unseen) else count(p) for p in piles))
        out |= p
    return out
