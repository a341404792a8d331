"""Worlds: full positions consistent with a player's view, drawn uniformly.

A world fills every hidden hand and the stock with the view's unseen cards so that every
hand has its count, any card a :class:`Partial` names as known stays in its hand, and every
build owner other than the viewer holds a card that can capture each of its builds (O1).
Every card played is on the table or in a captured pile, so it is never dealt again.
A captured pile given only as a count is filled too, with that many unseen cards: which
cards it holds is as hidden as a hand. Unseen cards that none of these need are out of
play: a position may leave out where they went (a puzzle of a table and a hand).

Sampling is exact and uniform over the consistent worlds (each stock order equally likely):
the cards of the seats bound by O1 are drawn uniformly and redrawn until they meet their
obligations (rejection: the condition concerns those cards alone), then the remaining cards
are shuffled into the other hands and the stock. Where REJECT_TRIES draws in a row miss
(obligations that few deals meet: several owners, each with one card left that only one
or two unseen cards would answer for), the bound seats' cards are drawn by
:class:`_Obliged` instead, which counts the deals that meet the obligations and draws one
of them with equal odds; a draw accepted by rejection is equally likely among them too,
so the worlds stay uniform either way. A view that no world fits raises :class:`NoWorld`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from ..cards import cards_of, count
from ..errors import check_int, shown, wrong_type
from .errors import CasinoError
from .position import Partial, Position, Unseen
from .views import A_VIEW, View

REJECT_TRIES = 1_000  # draws of the bound seats' cards before the exact draw takes over
MAX_STATES = 200_000  # the exact draw's counts, at most (each a few hundred bytes)
MAX_WORLDS = 100_000  # worlds drawn by one call, at most (each about 650 bytes)


class NoWorld(CasinoError):
    """No deal of the unseen cards fits the view (or the deals that fit are too many kinds
    to count within MAX_STATES)."""


def capture_mask(view: View, value: int) -> int:
    """The cards that can capture a build of ``value`` (V3: a held ace answers for 14)."""
    holds = view.rules.holds
    return sum(1 << c for c in range(52) if holds[c] >> value & 1)


def _plan(view: View) -> tuple[list[int], list[int], list[int], list[list[int]], int]:
    """The hidden seats, their known cards, how many cards each still needs, the capture
    masks each must meet (O1), and the pool of cards to deal."""
    known = view.known
    seats = [s for s in range(view.rules.players) if s != view.seat]
    fixed, need, musts = [], [], []
    pool = view.unseen
    for s in seats:
        hand = known.hands[s]
        have = hand.known if isinstance(hand, Partial) else (hand or 0)
        fixed.append(have)
        need.append(view.hand_count(s) - count(have))
        pool &= ~have
        masks = [capture_mask(view, b.value) for b in known.builds if b.owner == s]
        musts.append([m for m in masks if not m & have])
    return seats, fixed, need, musts, pool


def sample_worlds(view: View, n: int, rng: random.Random) -> list[Position]:
    """``n`` worlds drawn independently and uniformly among those consistent with ``view``
    (at most :data:`MAX_WORLDS`: they are all held at once)."""
    if not isinstance(view, View):
        raise wrong_type("view", view, A_VIEW)
    if not isinstance(rng, random.Random):
        raise wrong_type("rng", rng, "a random.Random")
    check_int("n", n)
    if not 0 <= n <= MAX_WORLDS:
        raise CasinoError(f"n must be from 0 to {MAX_WORLDS:,} worlds, not {shown(n, 30)}")
    seats, fixed, need, musts, pool = _plan(view)
    cards = cards_of(pool)
    stock = view.known.stock_count
    piles = [p.count if isinstance(p, Unseen) else 0 for p in view.known.captured]  # counted piles to fill
    counted = [seat for seat, p in enumerate(view.known.captured) if isinstance(p, Unseen)]
    if len(cards) < sum(need) + stock + sum(piles):
        raise NoWorld(
            f"{len(cards)} unseen cards cannot fill hands of {sum(need)}, a stock of {stock}"
            + (f" and captured piles of {sum(piles)}" if any(piles) else "")
        )
    if any(not m & pool for ms in musts for m in ms):
        raise NoWorld("a build owner's obligation (O1) cannot be met by any unseen card")
    bound = [i for i, m in enumerate(musts) if m]
    free = [i for i, m in enumerate(musts) if not m]
    drawn = sum(need[i] for i in bound)
    exact: _Obliged | None = None
    out = []
    for _ in range(n):
        hands = None if exact is not None else _rejection(rng, cards, bound, need, musts, drawn)
        if hands is None:
            exact = exact or _Obliged(cards, [need[i] for i in bound], [musts[i] for i in bound])
            hands = dict(zip(bound, exact.draw(rng)))
        held = 0
        for i in bound:
            held |= hands[i]
        rest = [c for c in cards if not held >> c & 1]
        rng.shuffle(rest)
        at = 0
        for i in free:
            hand = 0
            for c in rest[at : at + need[i]]:
                hand |= 1 << c
            at += need[i]
            hands[i] = hand
        world = _world(view, seats, fixed, hands, tuple(rest[at : at + stock]))
        at += stock
        if counted:  # every counted pile, an empty one (a count of 0) too, becomes its cards
            captured = list(world.captured)
            for seat in counted:
                captured[seat] = sum(1 << c for c in rest[at : at + piles[seat]])
                at += piles[seat]
            world = world._replace(captured=tuple(captured))
        out.append(world)  # any cards left over are out of play
    return out


def _rejection(
    rng: random.Random, cards: list[int], bound: list[int], need: list[int], musts: list[list[int]], drawn: int
) -> dict[int, int] | None:
    """The bound seats' hands drawn uniformly until they meet their obligations (None after
    REJECT_TRIES misses)."""
    for _ in range(REJECT_TRIES):
        first = rng.sample(cards, drawn) if bound else []
        hands, at = {}, 0
        for i in bound:
            hand = 0
            for c in first[at : at + need[i]]:
                hand |= 1 << c
            at += need[i]
            if not all(hand & m for m in musts[i]):
                break
            hands[i] = hand
        else:
            return hands
    return None


class _Obliged:
    """Uniform draws of hands of the ``need`` sizes from ``cards`` that meet the obligations
    ``musts`` (each hand holds a card of each of its masks), by counting.

    Only the cards in some mask (the key cards) matter: the others are interchangeable. The
    key cards are placed one at a time, each in a hand or left out; a state is what each
    hand holds so far (how many cards, which masks are met), and ``ways`` counts, for each
    state after k key cards, the ways to finish: place the remaining key cards and fill
    each hand from the other cards. A draw takes each step with odds in proportion to the
    ways through it, so every consistent deal is equally likely.
    """

    def __init__(self, cards: list[int], need: list[int], musts: list[list[int]]):
        key = 0
        for ms in musts:
            for m in ms:
                key |= m
        self.keys = [c for c in cards if key >> c & 1]
        self.others = [c for c in cards if not key >> c & 1]
        self.need = need
        self.full = [(1 << len(ms)) - 1 for ms in musts]
        self.hits = [[sum(1 << j for j, m in enumerate(ms) if m >> c & 1) for ms in musts] for c in self.keys]
        self._ways: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        start = tuple((0, 0) for _ in need)
        if not self.ways(0, start):
            raise NoWorld("no deal of the unseen cards meets the build owners' obligations (O1)")
        self.start = start

    def _steps(
        self, k: int, state: tuple[tuple[int, int], ...]
    ) -> list[tuple[int | None, tuple[tuple[int, int], ...]]]:
        """Where key card k may go (None: left out, or a hand with room) and the state after."""
        out: list[tuple[int | None, tuple[tuple[int, int], ...]]] = [(None, state)]
        for i, (held, met) in enumerate(state):
            if held < self.need[i]:
                out.append((i, (*state[:i], (held + 1, met | self.hits[k][i]), *state[i + 1 :])))
        return out

    def ways(self, k: int, state: tuple[tuple[int, int], ...]) -> int:
        """How many deals finish ``state`` once key cards 0..k-1 are placed."""
        hit = self._ways.get((k, state))
        if hit is not None:
            return hit
        if k == len(self.keys):
            gaps = [size - held for (held, _), size in zip(state, self.need)]
            if any(met != full for (_, met), full in zip(state, self.full)) or sum(gaps) > len(self.others):
                total = 0  # an obligation unmet, or too few other cards to fill the hands
            else:  # fill each hand from the other cards
                total, left = 1, len(self.others)
                for gap in gaps:
                    total *= math.comb(left, gap)
                    left -= gap
        else:
            total = sum(self.ways(k + 1, after) for _, after in self._steps(k, state))
        if len(self._ways) >= MAX_STATES:
            raise NoWorld(
                "the deals that meet the build owners' obligations (O1) are too many to count within the engine's bounds"
            )
        self._ways[(k, state)] = total
        return total

    def draw(self, rng: random.Random) -> list[int]:
        """One deal of the hands (masks), each consistent deal equally likely."""
        hands = [0] * len(self.need)
        state = self.start
        for k, card in enumerate(self.keys):
            pick = rng.randrange(self.ways(k, state))
            for seat, after in self._steps(k, state):
                pick -= self.ways(k + 1, after)
                if pick < 0:  # this step, with odds in proportion to its ways
                    if seat is not None:
                        hands[seat] |= 1 << card
                    state = after
                    break
        fill = rng.sample(self.others, sum(size - held for (held, _), size in zip(state, self.need)))
        at = 0
        for i, ((held, _), size) in enumerate(zip(state, self.need)):
            for c in fill[at : at + size - held]:
                hands[i] |= 1 << c
            at += size - held
        return hands


def _world(
    view: View, seats: list[int], fixed: list[int], hands: Sequence[int] | Mapping[int, int], stock: tuple[int, ...]
) -> Position:
    """The view's position with hidden seat ``seats[i]`` holding ``hands[i]`` and its known
    cards ``fixed[i]``, and this stock."""
    full = list(view.known.hands)
    for i, s in enumerate(seats):
        full[s] = hands[i] | fixed[i]
    return view.known._replace(hands=tuple(full), stock=stock)


def all_worlds(view: View, cap: int) -> list[Position] | None:
    """Every world consistent with ``view`` once the stock is empty (each once: they are
    equally likely), or ``None`` if the stock is not empty, a captured pile is given only
    as a count, or there are more than ``cap`` deals of the unseen cards (counted before the
    obligations of O1 are applied)."""
    if not isinstance(view, View):
        raise wrong_type("view", view, A_VIEW)
    check_int("cap", cap)
    if view.known.stock_count or any(isinstance(p, Unseen) for p in view.known.captured):
        return None
    seats, fixed, need, musts, pool = _plan(view)
    cards = cards_of(pool)
    if len(cards) < sum(need):
        raise NoWorld(f"{len(cards)} unseen cards cannot fill hands of {sum(need)}")
    deals, left = 1, len(cards)
    for k in need:
        deals *= math.comb(left, k)
        left -= k
    if deals > cap:
        return None
    out = []
    for hands in _deals(cards, need):
        if all(all(hand & m for m in ms) for hand, ms in zip(hands, musts)):
            out.append(_world(view, seats, fixed, hands, ()))
    if not out:
        raise NoWorld("no deal of the unseen cards meets the build owners' obligations (O1)")
    return out


def _deals(cards: list[int], need: list[int]) -> list[list[int]]:
    """Every way to deal ``cards`` into hands of the ``need`` sizes, as masks."""
    if not need:
        return [[]]
    out = []
    for chosen in combinations(cards, need[0]):
        hand = sum(1 << c for c in chosen)
        rest = [c for c in cards if not hand >> c & 1]
        out += [[hand, *others] for others in _deals(rest, need[1:])]
    return out
