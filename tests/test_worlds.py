"""Worlds: sampled deals of the hidden cards against brute force on tiny situations."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from casino_cli.cards import cards_of, parse_card
from casino_cli.engine import Build, CasinoError, make_rules, seeded_deck, start_position
from casino_cli.engine.position import Partial, Unseen
from casino_cli.engine.views import View, observe
from casino_cli.engine.worlds import MAX_WORLDS, NoWorld, all_worlds, sample_worlds


def mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def _situation(rules, hands, builds, unseen_stock: int, seat: int = 0):
    """A position with these hands and builds; every other card captured by seat 0, except
    ``unseen_stock`` cards (the lowest not yet placed) left in the stock."""
    pos = start_position(rules, seeded_deck("w"), rules.players - 1)
    used = 0
    for h in hands:
        used |= h.known if isinstance(h, Partial) else h
    for b in builds:
        used |= b.cards
    rest = [c for c in range(52) if not used >> c & 1]
    stock, captured = tuple(rest[:unseen_stock]), sum(1 << c for c in rest[unseen_stock:])
    pos = pos._replace(
        turn=seat, loose=0, builds=tuple(builds), stock=stock, captured=(captured,) + (0,) * (rules.players - 1)
    )
    return pos._replace(hands=tuple(hands))


def _chi_square(counts: Counter, cells: list, total: int) -> float:
    expected = total / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_two_players_a_build_owner_always_holds_a_capturing_card_uniformly():
    rules = make_rules("classic", 2)
    opp = mask("5S 5H")  # the true hand; the sampler only knows it holds 2 cards
    pos = _situation(rules, [mask("KD QD"), opp], [Build(5, 1, mask("3H 2D"), True)], unseen_stock=8)
    pos = pos._replace(deal=5)
    view = observe(pos, 0)
    pool = cards_of(view.unseen)
    assert len(pool) == 10
    fives = mask("5S 5H 5D 5C")
    consistent = [a | b for a, b in itertools.combinations([1 << c for c in pool], 2) if (a | b) & fives]
    assert len(consistent) == 17  # 5S, 5H or both, with any other card
    draws = 200 * len(consistent)
    worlds = sample_worlds(view, draws, random.Random(1))
    hands = Counter(w.hands[1] for w in worlds)
    assert set(hands) == set(consistent)  # no inconsistent hand, every consistent one
    assert _chi_square(hands, consistent, draws) < 39.3  # df 16, p < 0.001
    for w in worlds[:50]:
        assert w.hands[0] == view.hand and len(w.stock) == 8
        assert sum(1 << c for c in w.stock) | w.hands[1] == view.unseen
    # The top of the stock: any card not in the hand, equally likely (brute-force odds).
    firsts = Counter(w.stock[0] for w in worlds)
    odds = {c: sum(not h >> c & 1 for h in consistent) / len(consistent) / 8 for c in pool}
    assert all(firsts[c] == 0 for c, p in odds.items() if p == 0)
    cells = [(c, p) for c, p in odds.items() if p]
    assert sum((firsts[c] - draws * p) ** 2 / (draws * p) for c, p in cells) < 27.9  # df 9, p < 0.001


def test_four_players_partial_hands_and_two_owners_match_brute_force():
    rules = make_rules("classic", 4)
    # Seat 0 views; seat 1 holds 2 (4C known), seat 2 and 3 one each; seat 1 owns a 7, seat 3 a 9.
    true = [mask("KD"), mask("4C 7S"), mask("9H"), mask("7D")]
    builds = [Build(7, 1, mask("3H 4D"), True), Build(9, 3, mask("6S 3S"), True)]
    pos = _situation(rules, true, builds, unseen_stock=0)._replace(deal=3, turn=0)
    known = pos._replace(hands=(true[0], Partial(mask("4C"), 2), Partial(0, 1), Partial(0, 1)))
    view = View(0, observe(known, 0).known._replace(hands=known.hands))
    pool = cards_of(view.unseen & ~mask("4C"))  # 7S 9H 7D
    valid = []
    for perm in itertools.permutations(pool):
        hands = (mask("4C") | 1 << perm[0], 1 << perm[1], 1 << perm[2])
        if hands[0] & mask("7S 7H 7D 7C") and hands[2] & mask("9S 9H 9D 9C"):
            valid.append(hands)
    assert len(valid) == 2
    worlds = sample_worlds(view, 300, random.Random(2))
    seen = Counter(w.hands[1:] for w in worlds)
    assert set(seen) == set(valid)
    assert all(abs(n - 300 / len(valid)) < 60 for n in seen.values())
    every = all_worlds(view, 10)
    assert sorted(w.hands[1:] for w in every) == sorted(valid)  # each consistent world once
    assert all(w.hands[0] == true[0] and w.stock == () for w in every)
    assert all_worlds(view, 5) is None  # 3! deals before O1: more than the cap
    assert sorted(w.hands[1:] for w in all_worlds(view, 6)) == sorted(valid)  # exactly the cap: enumerated


def test_all_worlds_only_once_the_stock_is_empty():
    rules = make_rules("classic", 2)
    opp = mask("5S 5H")
    pos = _situation(rules, [mask("KD QD"), opp], [Build(5, 1, mask("3H 2D"), True)], unseen_stock=8)
    assert all_worlds(observe(pos, 0), 10**6) is None


def test_a_view_no_world_fits_is_refused():
    rules = make_rules("classic", 2)
    pos = _situation(rules, [mask("KD"), mask("9C")], [Build(5, 1, mask("3H 2D"), True)], unseen_stock=0)
    pos = pos._replace(deal=6)  # every 5 is in seat 0's captured pile
    view = observe(pos, 0)
    rng = _CountedDraws(0, cap=0)  # refused before any draw (not after REJECT_TRIES rejected ones)
    with pytest.raises(NoWorld, match=r"obligation \(O1\) cannot be met by any unseen card"):
        sample_worlds(view, 1, rng)


def _trailed_this_deal():
    """The view of the tests below: seat 1 trailed 9S on a lone 5H in deal 5; its table then."""
    from casino_cli.engine import legal_moves
    from casino_cli.engine.moves import TRAIL
    from casino_cli.engine.views import Played, public

    rules = make_rules("classic", 2)
    mine, opp = mask("KD QD"), mask("3C 2C")
    now = _situation(rules, [mine, opp], [], unseen_stock=4)
    table, trailed = mask("5H"), mask("9S")
    now = now._replace(
        dealer=0, turn=0, deal=5, loose=table | trailed, captured=(now.captured[0] & ~(table | trailed), 0)
    )
    before = now._replace(turn=1, loose=table, hands=(mine | mask("JD"), opp | trailed))
    trail = next(m for m in legal_moves(before).moves if m.type == TRAIL and m.card == parse_card("9S"))
    return View(0, observe(now, 0).known, (Played(1, trail, public(before)),)), before


def test_inferred_worlds_follow_the_opponent_model_against_brute_force():
    """The searcher's worlds (engine/inference.py): seat 1 trailed 9S on a lone 5H this deal.
    Every hand seat 1 may hold now is weighed by the model's chance of that trail from the
    hand it then held (this hand and 9S): greedy's move with probability ALPHA, shared among
    its ties, else any legal move. Computed here hand by hand; the draws must match."""
    from casino_cli.engine import legal_moves
    from casino_cli.engine.greedy import gain
    from casino_cli.engine.inference import ALPHA, inferred_worlds

    view, before = _trailed_this_deal()
    rules, trail = view.rules, view.history[0].move
    trailed = 1 << trail.card
    pool = cards_of(view.unseen)
    assert len(pool) == 6
    weight = {}
    for pair in itertools.combinations(pool, 2):
        hand = sum(1 << c for c in pair)
        listing = legal_moves(before._replace(hands=(before.hands[0], hand | trailed)))
        gains = [gain(rules, m, f.sweep) for m, f in zip(listing.moves, listing.facts)]
        ties = [m for m, g in zip(listing.moves, gains) if g == max(gains)]
        legal = trail in listing.moves
        weight[hand] = legal * (ALPHA * (trail in ties) / len(ties) + (1 - ALPHA) / len(listing.moves))
    assert len(set(weight.values())) > 1  # the trail tells something
    draws = 3000
    seen = Counter(w.hands[1] for w in inferred_worlds(view, draws, random.Random(5)))
    total = sum(weight.values())
    chi = sum((seen[h] - draws * w / total) ** 2 / (draws * w / total) for h, w in weight.items())
    assert set(seen) <= set(weight) and chi < 36.1  # df 14, p < 0.001
    assert inferred_worlds(View(0, view.known), 5, random.Random(1)) == sample_worlds(view, 5, random.Random(1))


def test_the_moves_of_deals_over_do_not_weigh_a_world():
    """The model weighs the moves the other seats made in the current deal only: a hand then
    is its hand now and the cards played since, which says nothing of a deal over (its
    cards were dealt before the hand now was). A trail of 5D by seat 1 in deal 4, on a
    lone 2H (which some hands now could take or build on), leaves the draws as they were."""
    from casino_cli.engine import legal_moves
    from casino_cli.engine.inference import inferred_worlds
    from casino_cli.engine.moves import TRAIL
    from casino_cli.engine.views import Played, public

    view, before = _trailed_this_deal()
    earlier = before._replace(deal=4, loose=mask("2H"), hands=(before.hands[0], mask("5D KC")))
    trail = next(m for m in legal_moves(earlier).moves if m.type == TRAIL and m.card == parse_card("5D"))
    longer = view._replace(history=(Played(1, trail, public(earlier)), *view.history))
    assert inferred_worlds(longer, 200, random.Random(7)) == inferred_worlds(view, 200, random.Random(7))


def test_when_no_world_drawn_could_have_made_the_moves_seen_the_worlds_are_uniform():
    """A move seen that no hand could have made there (5H taking a 5C that was not on the
    table) weighs every world at nothing: the worlds are then the uniform ones, the first n
    of the pool drawn (docs/bots.md, Weighted worlds)."""
    from casino_cli.engine import legal_moves
    from casino_cli.engine.inference import POOL, inferred_worlds
    from casino_cli.engine.views import Played

    view, before = _trailed_this_deal()
    elsewhere = before._replace(loose=mask("5C"), hands=(before.hands[0], mask("5H 2C 3C")))
    (capture,) = [m for m in legal_moves(elsewhere).moves if m.text() == "5Hx5C"]
    impossible = view._replace(history=(Played(1, capture, view.history[0].before),))
    pool = sample_worlds(view, 5 * POOL, random.Random(3))
    assert inferred_worlds(impossible, 5, random.Random(3)) == pool[:5]


def test_a_world_that_could_not_have_made_a_move_seen_weighs_nothing():
    """Royal, 4 players: seat 0 owned builds of 8 and 9 and took the 9 with 9S; a world in
    which its hand then held no 8 breaks O1, so the move could not have been made there.
    (A game that reached such a view once made the searcher fail.)"""
    from casino_cli.engine.game import Game
    from casino_cli.engine.search import counter_bot, searcher_bot

    rules = make_rules("royal", 4)
    (hand,) = Game(rules, "ladder/2", [searcher_bot, counter_bot] * 2).play(1)
    assert len(hand.moves) == 52 - 4


def test_a_counted_captured_pile_is_filled_and_cards_left_over_are_out_of_play_uniformly():
    """A pile given as a count holds that many unseen cards, which are as hidden as a hand;
    an unseen card that no hand, stock or pile needs is out of play. Against brute force:
    4 unseen cards, a hand of 1 and a pile of 2, so 4 x 3 = 12 equally likely worlds."""
    rules = make_rules("classic", 2)
    pool = mask("2S 3S 4S 5S")
    pos = _situation(rules, [mask("KD QD"), mask("2S")], [], unseen_stock=0)
    pos = pos._replace(captured=(pos.captured[0] & ~pool, Unseen(2)), deal=6)
    view = observe(pos, 0)
    assert view.unseen == pool
    singles = [1 << c for c in cards_of(pool)]
    cells = [(h, a | b) for h in singles for a, b in itertools.combinations(singles, 2) if not (a | b) & h]
    assert len(cells) == 12
    worlds = sample_worlds(view, 100 * len(cells), random.Random(3))
    seen = Counter((w.hands[1], w.captured[1]) for w in worlds)
    assert set(seen) == set(cells) and _chi_square(seen, cells, len(worlds)) < 31.3  # df 11, p < 0.001
    assert all(w.captured[0] == pos.captured[0] and w.hands[0] == mask("KD QD") for w in worlds)
    assert all_worlds(view, 10**6) is None  # a counted pile is not enumerated: sampled
    with pytest.raises(NoWorld, match="cannot fill hands of 1, a stock of 0 and captured piles of 4"):
        sample_worlds(observe(pos._replace(captured=(pos.captured[0] & ~pool, Unseen(4))), 0), 1, random.Random(0))


def test_a_pile_counted_as_empty_is_an_empty_pile_in_every_world():
    """A pile given as the count 0 (``"captured": [0, 0]``) is filled with no card, but filled:
    a world is a position of cards only. Left a count, it broke the playouts' valuation
    (``casino hint``: internal error, int |= Unseen)."""
    rules = make_rules("classic", 2)
    pos = start_position(rules, seeded_deck("7"), 1)._replace(captured=(Unseen(0), Unseen(0)))
    worlds = sample_worlds(observe(pos, 0), 5, random.Random(0))
    assert all(w.captured == (0, 0) for w in worlds)


def test_obligations_few_deals_meet_are_drawn_exactly_not_given_up():
    """Three owners with one card each, whose builds only one unseen card each can capture:
    about one deal in 39,000 meets all three, beyond rejection. The exact draw finds it
    every time (a match once stopped on "no deal ... in 20000 draws", where rejection gave up)."""
    rules = make_rules("royal", 4)
    hands = [mask("KD"), mask("5S"), mask("6S"), mask("7S")]
    builds = [Build(5, 1, mask("2H 3H"), True), Build(6, 2, mask("2D 4D"), True), Build(7, 3, mask("3D 4C"), True)]
    used = mask("KD 5S 6S 7S 2H 3H 2D 4D 3D 4C")
    rest = [c for c in range(52) if not used >> c & 1 and cards_of(1 << c) and (c // 4 + 1) not in (5, 6, 7)]
    stock = tuple(rest[:32])
    captured = sum(1 << c for c in range(52) if not (used | sum(1 << s for s in stock)) >> c & 1)
    pos = start_position(rules, seeded_deck("w"), 3)._replace(
        turn=0, loose=0, builds=tuple(builds), hands=tuple(hands), stock=stock, captured=(captured, 0, 0, 0)
    )
    view = observe(pos, 0)
    assert view.unseen.bit_count() == 35
    worlds = sample_worlds(view, 20, random.Random(3))
    assert all(w.hands[1:] == (mask("5S"), mask("6S"), mask("7S")) for w in worlds)
    assert len({w.stock for w in worlds}) == 20 and all(set(w.stock) == set(stock) for w in worlds)


def test_the_exact_draw_of_obliged_hands_matches_brute_force():
    """Every deal of two hands (3 and 2 cards, from 9) that meets the owners' obligations is
    drawn, equally often, and nothing else."""
    from casino_cli.engine.worlds import _Obliged

    cards = list(range(9))
    musts = [[mask("AS AH"), mask("2S")], [mask("AH AD 2H")]]  # cards 0 1, 4; 1 2 5
    valid = []
    for first in itertools.combinations(cards, 3):
        for second in itertools.combinations([c for c in cards if c not in first], 2):
            a, b = sum(1 << c for c in first), sum(1 << c for c in second)
            if all(a & m for m in musts[0]) and all(b & m for m in musts[1]):
                valid.append((a, b))
    obliged = _Obliged(cards, [3, 2], musts)
    assert obliged.ways(0, obliged.start) == len(valid) == 121
    draws = 100 * len(valid)
    rng = random.Random(4)
    seen = Counter(tuple(obliged.draw(rng)) for _ in range(draws))
    assert set(seen) == set(valid)
    assert _chi_square(seen, valid, draws) < 173.6  # df 120, p < 0.001


def test_the_exact_draw_counts_hands_the_other_cards_cannot_fill_as_no_deal():
    """Five cards for hands of 3 and 2, four of them key cards: a state that leaves key cards
    out may need more of the one other card than there is. Such states count no deals (the
    count once went negative, and `casino hint` on a royal table of 4 players with 8 builds
    stopped with 'internal error: ValueError: n must be a non-negative integer')."""
    from casino_cli.engine.worlds import _Obliged

    cards = list(range(5))
    musts = [[mask("AS AH")], [mask("AD AC")]]  # cards 0 1; 2 3; card 4 is the other card
    valid = []
    for first in itertools.combinations(cards, 3):
        a = sum(1 << c for c in first)
        b = sum(1 << c for c in cards) & ~a
        if a & musts[0][0] and b & musts[1][0]:
            valid.append((a, b))
    obliged = _Obliged(cards, [3, 2], musts)
    assert obliged.ways(0, obliged.start) == len(valid) == 7
    rng = random.Random(5)
    assert {tuple(obliged.draw(rng)) for _ in range(400)} == set(valid)


def test_the_exact_draw_is_bounded():
    """Three owners of four builds each (48 cards that could capture one): the counts would
    outgrow MAX_STATES, so the draw says so (NoWorld) instead of running on."""
    from casino_cli.engine import worlds

    musts = [[sum(1 << (4 * (4 * s + j) + t) for t in range(4)) for j in range(4)] for s in range(3)]
    with pytest.raises(NoWorld, match="too many to count"):
        worlds._Obliged(list(range(48)), [4, 4, 4], musts)
    three = [m[:3] for m in musts]  # three builds each: within the bound, and counted whole
    obliged = worlds._Obliged(list(range(48)), [4, 4, 4], three)
    assert len(obliged._ways) <= worlds.MAX_STATES and obliged.ways(0, obliged.start) > 0


@pytest.mark.pure_engine(
    "counts the listings by replacing inference._listing_then, which compiled inference calls directly"
)
@pytest.mark.parametrize("variant, players", [("classic", 2), ("royal", 4)])
def test_the_worlds_of_a_pool_share_the_listing_of_a_hand_met_again(monkeypatch, variant, players):
    """The weights of a pool (inference.likelihood with the pool's memo) are exactly the
    weights each world has alone, and the hands the worlds repeat (a seat down to one card
    or none) are listed once: the searcher's decisions of greedy hands, late in a deal."""
    from casino_cli.engine import inference, legal_moves, play_judged
    from casino_cli.engine.bots import BOTS
    from casino_cli.engine.views import Played, public

    listed: list[int] = []
    listing_then = inference._listing_then
    monkeypatch.setattr(
        inference, "_listing_then", lambda step, hand, *lister: listed.append(hand) or listing_then(step, hand, *lister)
    )
    rules = make_rules(variant, players)
    rng = random.Random(3)
    alone = shared = 0
    for game in range(2):
        pos = start_position(rules, seeded_deck(f"pool/{game}"), players - 1)
        history: tuple = ()
        while not pos.finished:
            steps = [p for p in history if p.before.deal == pos.deal and p.seat != pos.turn]
            if len(steps) >= players:  # late in the deal
                pool = sample_worlds(View(pos.turn, observe(pos, pos.turn).known, history), 60, rng)
                del listed[:]
                each = [inference.likelihood(world, steps) for world in pool]
                alone += len(listed)
                del listed[:]
                memo: dict = {}
                assert [inference.likelihood(world, steps, memo) for world in pool] == each
                shared += len(listed)
            listing = legal_moves(pos)
            move = BOTS["greedy"](observe(pos, pos.turn, history), listing, rng)
            history += (Played(pos.turn, move, public(pos)),)
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    assert shared < alone / 2, (shared, alone)


class _CountedDraws(random.Random):
    """A random.Random counting its draws (every method draws through these two), stopping
    the test past ``cap`` of them: a count both engines see, through the rng they are given."""

    def __init__(self, seed: int, cap: int) -> None:
        super().__init__(seed)
        self.draws, self.cap = 0, cap

    def _count(self) -> None:
        self.draws += 1
        if self.draws > self.cap:
            raise AssertionError("drew worlds it was going to refuse")

    def random(self) -> float:
        self._count()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._count()
        return super().getrandbits(k)


@pytest.mark.parametrize("n", [MAX_WORLDS + 1, 10**9, -1])
def test_more_worlds_than_can_be_held_are_refused_before_any_is_drawn(n):
    """sample_worlds returns its worlds in a list: 10**9 of them filled the memory."""
    view = observe(start_position(make_rules("classic", 2), seeded_deck("7"), 1), 0)
    rng = _CountedDraws(1, cap=1000)
    with pytest.raises(CasinoError, match=f"n must be from 0 to {MAX_WORLDS:,} worlds"):
        sample_worlds(view, n, rng)
    assert rng.draws == 0
    assert len(sample_worlds(view, 3, rng)) == 3 and 0 < rng.draws <= rng.cap


def test_obligations_that_no_deal_meets_together_are_refused():
    """Seat 1 owns a 5-build and a 9-build and holds one card: an unseen 5 and an unseen 9
    each could meet one obligation (O1), no single card meets both. No world fits: NoWorld,
    from the exact count of deals that rejection sampling falls back on (a draw from none
    was a ValueError, empty range, before the count was checked)."""
    rules = make_rules("classic", 2)
    builds = [Build(5, 1, mask("3H 2D"), True), Build(9, 1, mask("6C 3S"), True)]
    pos = _situation(rules, [mask("KD QD"), mask("KH")], builds, unseen_stock=32)
    view = observe(pos, 0)
    assert view.unseen & mask("5S") and view.unseen & mask("9S")
    with pytest.raises(NoWorld, match="no deal of the unseen cards meets the build owners' obligations"):
        sample_worlds(view, 1, random.Random(0))


@pytest.mark.pure_engine("replaces worlds.MAX_WORLDS and worlds._Obliged, which compiled worlds reads directly")
def test_the_worlds_asked_for_are_drawn_from_none_to_the_most_and_by_rejection_where_it_meets_o1(monkeypatch):
    """n = 0 and n = MAX_WORLDS are within the bounds (0 gives no world); obligations most
    draws meet (seat 1 holds one of 10 unseen cards, a 5 for its build: 17 of 45 hands)
    are met by rejection: the exact count (_Obliged) is for obligations rejection misses."""
    from casino_cli.engine import worlds

    rules = make_rules("classic", 2)
    pos = _situation(rules, [mask("KD QD"), mask("5S 5H")], [Build(5, 1, mask("3H 2D"), True)], unseen_stock=8)
    view = observe(pos._replace(deal=5), 0)
    assert sample_worlds(view, 0, random.Random(1)) == []

    def no_exact_draw(*args: object) -> None:
        raise AssertionError("the exact draw was used where rejection meets the obligations")

    monkeypatch.setattr(worlds, "_Obliged", no_exact_draw)
    monkeypatch.setattr(worlds, "MAX_WORLDS", 50)
    drawn = sample_worlds(view, 50, random.Random(1))
    assert len(drawn) == 50 and all(w.hands[1] & mask("5S 5H 5D 5C") for w in drawn)
    with pytest.raises(CasinoError, match="n must be from 0 to 50 worlds"):
        sample_worlds(view, 51, random.Random(1))


@pytest.mark.pure_engine("replaces worlds.MAX_STATES, which compiled worlds reads directly")
def test_the_exact_draw_counts_up_to_max_states_and_no_further(monkeypatch):
    """The exact draw holds at most MAX_STATES counts: a count that needs exactly that many
    is made, one that needs one more is refused (NoWorld)."""
    from casino_cli.engine import worlds

    cards, musts = list(range(9)), [[mask("AS AH"), mask("2S")], [mask("AH AD 2H")]]
    states = len(worlds._Obliged(cards, [3, 2], musts)._ways)
    monkeypatch.setattr(worlds, "MAX_STATES", states)
    assert worlds._Obliged(cards, [3, 2], musts).ways(0, ((0, 0), (0, 0))) == 121
    monkeypatch.setattr(worlds, "MAX_STATES", states - 1)
    with pytest.raises(NoWorld, match="too many to count"):
        worlds._Obliged(cards, [3, 2], musts)
