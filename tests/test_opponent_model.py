"""The searcher's opponent model in the last deal: whether the other side has played greedy
(inference.plays_greedy, checked against the true hands) and the best reply to greedy play
(search._respond, checked against a plain expectimax written here)."""

from __future__ import annotations

import random

import pytest

from casino_cli.engine import legal_moves, make_rules, play_judged, seeded_deck, start_position
from casino_cli.engine.bots import BOTS
from casino_cli.engine.greedy import gain
from casino_cli.engine.inference import MIN_SEEN, plays_greedy
from casino_cli.engine.search import evaluate, searcher_bot, solve_moves
from casino_cli.engine.views import Played, observe, public


def _mostly_greedy(rate: float):
    """Greedy's move, except with chance ``1 - rate`` any legal move."""

    def bot(view, moves, rng):
        if rng.random() < rate:
            return BOTS["greedy"](view, moves, rng)
        return moves.moves[rng.randrange(len(moves.moves))]

    return bot


def _hand(variant: str, seed: str, other):
    """Seat 0 plays greedy, seat 1 ``other``; yields (true position, history, was each of
    seat 1's choices in the deals over one of greedy's (from the true hands))."""
    rules = make_rules(variant, 2)
    pos = start_position(rules, seeded_deck(seed), 1)
    rngs = [random.Random(f"{seed}/{s}") for s in range(2)]
    bots = [BOTS["greedy"], other]
    history: tuple[Played, ...] = ()
    choices: list[tuple[int, bool]] = []  # (deal, greedy?) of seat 1's choices
    while pos.turn is not None:
        listing = legal_moves(pos)
        yield pos, history, [g for d, g in choices if d < pos.deal]
        move = bots[pos.turn](observe(pos, pos.turn, history), listing, rngs[pos.turn])
        if pos.turn == 1 and len(listing.moves) > 1:
            gains = [gain(rules, m, f.sweep) for m, f in zip(listing.moves, listing.facts)]
            choices.append((pos.deal, gain(rules, move, listing.facts[listing.moves.index(move)].sweep) == max(gains)))
        history += (Played(pos.turn, move, public(pos)),)
        pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])


@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_plays_greedy_says_what_the_true_hands_of_the_deals_over_say(variant):
    outcomes = set()
    for k in range(12):
        for pos, history, seen in _hand(variant, f"pg{k}", _mostly_greedy(0.97)):
            if pos.turn != 0:
                continue
            expected = all(seen) and len(seen) >= MIN_SEEN
            assert plays_greedy(observe(pos, 0, history)) == expected
            outcomes.add(expected)
            assert not plays_greedy(observe(pos, 0))  # without the history nothing is known
    assert outcomes == {True, False}  # both answers were put to the test


def _reply(pos, side):
    """The best reply of ``side`` to greedy others, by plain expectimax (no table, no cap)."""
    if pos.turn is None:
        return evaluate(pos, side)
    rules = pos.rules
    listing = legal_moves(pos)
    values = [_reply(play_judged(pos, m, f), side) for m, f in zip(listing.moves, listing.facts)]
    if rules.side_of(pos.turn) == side:
        return max(values)
    gains = [gain(rules, m, f.sweep) for m, f in zip(listing.moves, listing.facts)]
    ties = [v for v, g in zip(values, gains) if g == max(gains)]
    return sum(ties) / len(ties)


def _last_deal_positions(variant, seeds, left):
    """Positions of the last deal with at most ``left`` cards in the mover's hand."""
    for k in range(seeds):
        for pos, history, _ in _hand(variant, f"ld{k}", BOTS["greedy"]):
            if pos.stock_count == 0 and pos.hands[pos.turn].bit_count() <= left:
                yield pos, history


@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_the_best_reply_to_greedy_is_what_plain_expectimax_says(variant):
    differs = False
    for pos, _ in _last_deal_positions(variant, 6, 3):
        listing = legal_moves(pos)
        side = pos.rules.side_of(pos.turn)
        values = solve_moves(pos, listing, 10**6, against_greedy=True)
        expected = [_reply(play_judged(pos, m, f), side) for m, f in zip(listing.moves, listing.facts)]
        assert values == pytest.approx(expected, abs=1e-9)
        differs |= values != pytest.approx(solve_moves(pos, listing, 10**6), abs=1e-9)
    assert differs  # greedy is not the best play, so the two searches part somewhere


def _minimax(pos, side, memo):
    """The value of ``pos`` for ``side`` against the others' best play, by plain minimax (no
    alpha-beta, no cap); ``memo`` keeps every position's value, each found in full."""
    if pos not in memo:
        if pos.turn is None:
            memo[pos] = evaluate(pos, side)
        else:
            listing = legal_moves(pos)
            values = [_minimax(play_judged(pos, m, f), side, memo) for m, f in zip(listing.moves, listing.facts)]
            memo[pos] = max(values) if pos.rules.side_of(pos.turn) == side else min(values)
    return memo[pos]


def test_the_exact_solver_is_what_plain_minimax_says():
    """solve_moves prunes (alpha-beta) and keeps the values it has found in a table shared
    by the moves: a bound kept as if it were a value shows as a wrong value here. Every
    last-deal position of 12 classic hands, from 4 cards each to the last."""
    for pos, _ in _last_deal_positions("classic", 12, 4):
        listing = legal_moves(pos)
        side, memo = pos.rules.side_of(pos.turn), {}
        expected = [_minimax(play_judged(pos, m, f), side, memo) for m, f in zip(listing.moves, listing.facts)]
        assert solve_moves(pos, listing, 10**6) == expected


def test_the_searcher_replies_to_greedy_only_after_seeing_greedy_play():
    """In a last deal where the best reply to greedy and the best play against anyone part,
    the searcher takes the first with a greedy opponent's history, the second without."""
    parted = 0
    for pos, history in _last_deal_positions("classic", 30, 4):
        listing = legal_moves(pos)
        if len(listing.moves) < 2:
            continue
        reply = solve_moves(pos, listing, 10**6, against_greedy=True)
        best = solve_moves(pos, listing, 10**6)
        top_reply = {m for m, v in zip(listing.moves, reply) if v == max(reply)}
        top_best = {m for m, v in zip(listing.moves, best) if v == max(best)}
        if top_reply & top_best:
            continue
        parted += 1
        seat = pos.turn
        assert searcher_bot(observe(pos, seat, history), listing, random.Random(0)) in top_reply
        assert searcher_bot(observe(pos, seat), listing, random.Random(0)) in top_best
    assert parted >= 3


def test_a_world_whose_hand_could_not_have_made_a_move_seen_weighs_nothing():
    """Seat 1 owns a 7 (3H+4D) and took 5C with 5H: a world giving it 7S KD now (so 5H 7S
    KD then) could have made that move, one giving it 8S KD could not (it would have kept
    no 7 for its build, O1) and weighs nothing."""
    from casino_cli.cards import parse_card
    from casino_cli.engine import Partial, Position, Unseen, legal_moves, make_build, make_rules
    from casino_cli.engine.inference import likelihood
    from casino_cli.engine.views import Played

    def mask(text):
        return sum(1 << parse_card(c) for c in text.split())

    rules = make_rules("classic", 2)
    build = make_build(rules, 7, 1, mask("3H 4D"))
    hidden = (Partial(0, 3), Partial(0, 3))
    before = Position(rules, 0, 1, 1, mask("5C 9D"), (build,), hidden, Unseen(38), (0, 0), (0, 0), None, (0, 0))
    (capture,) = [m for m in legal_moves(before._replace(hands=(0, mask("5H 7S KD")))).moves if m.text() == "5Hx5C"]
    steps = [Played(1, capture, before)]
    assert likelihood(before._replace(hands=(0, mask("7S KD"))), steps) > 0
    assert likelihood(before._replace(hands=(0, mask("8S KD"))), steps) == 0.0
