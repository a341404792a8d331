"""Bots: the documented interface, plugging your own in by name, and the greedy bot's gain."""

from __future__ import annotations

import os
import sys

import orjson
import pytest
from clirun import casino

from casino_cli.engine import make_rules
from casino_cli.engine.bots import BOTS, find_bot
from casino_cli.engine.views import BotError
from casino_cli.records.selfplay import play_game


def first_move(position, moves, rng):
    """A bot of a user's own: always the first listed move."""
    return moves.moves[0]


def test_a_bot_named_module_function_plays_from_simulate(tmp_path):
    (tmp_path / "mybots.py").write_text("def first(position, moves, rng):\n    return moves.moves[0]\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    out = casino("simulate", "--games", "2", "--seed", "own", "--bots", "mybots:first,random", env=env)
    assert out.returncode == 0, out.stderr
    check = casino("validate", "-", stdin=out.stdout)
    assert check.returncode == 0 and b"2 valid" in check.stderr


def test_unknown_bots_are_usage_errors():
    for name in ("nope", "nope:x", "json:nothing_here"):
        out = casino("simulate", "--bots", name)
        assert out.returncode == 2 and b"bot" in out.stderr


def test_find_bot_imports_and_remembers():
    sys.modules.setdefault("test_bots", sys.modules[__name__])
    assert find_bot("test_bots:first_move") is first_move
    assert "test_bots:first_move" in BOTS


def test_a_bot_choosing_an_illegal_move_is_refused():
    rules = make_rules("classic", 2)

    def cheat(position, moves, rng):
        return moves.moves[0]._replace(card=(moves.moves[0].card + 1) % 52)

    try:
        play_game(rules, "cheat", [cheat, BOTS["random"]], hands=1)
    except BotError as exc:
        assert "not a legal move" in str(exc) and "'cheat' (seat 0)" in str(exc)
    else:
        raise AssertionError("an illegal bot move was played")


def test_greedy_beats_random_over_many_games():
    rules = make_rules("classic", 2)
    wins = 0
    for game in range(30):
        bots = [BOTS["greedy"], BOTS["random"]] if game % 2 == 0 else [BOTS["random"], BOTS["greedy"]]
        record = play_game(rules, f"duel/{game}", bots)
        greedy_side = 0 if game % 2 == 0 else 1
        wins += record["result"]["winner"] == greedy_side
    assert wins >= 20, wins


def test_simulated_records_are_reproducible_whatever_the_jobs():
    one = casino("simulate", "--games", "5", "--seed", "jobs", "--bots", "greedy,random", "--jobs", "1").stdout
    two = casino("simulate", "--games", "5", "--seed", "jobs", "--bots", "greedy,random", "--jobs", "2").stdout
    assert one == two and len(one.splitlines()) == 5
    assert all(orjson.loads(line)["seed"] == f"jobs/{i}" for i, line in enumerate(one.splitlines(), 1))


def test_simulated_records_do_not_depend_on_the_hash_seed():
    """A seed means the same game in every interpreter: nothing a bot chooses by, nor the
    record, follows the order of a set or dict of strings (which PYTHONHASHSEED shuffles)."""
    args = ("simulate", "--seed", "hashes", "--hands", "1", "--players", "4", "--no-partnerships")
    bots = ("--bots", "searcher,counter,greedy,random")
    one, two = (casino(*args, *bots, env=dict(os.environ, PYTHONHASHSEED=h)) for h in ("0", "12345"))
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout and orjson.loads(one.stdout)["players"][0] == "searcher"


@pytest.mark.parametrize(
    "variant, players, partnerships",
    [("classic", 2, None), ("royal", 3, None), ("royal", 4, True), ("american-royal", 4, False)],
)
@pytest.mark.parametrize("opponent", ["greedy", "counter"])
def test_the_searcher_finishes_hands_at_every_table(variant, players, partnerships, opponent):
    """The searcher against each rung below, in both seat arrangements: every move it
    chooses is legal, and nothing it meets (builds kept, partners) makes it fail."""
    rules = make_rules(variant, players, partnerships=partnerships)
    pair = ["searcher", opponent]
    for order in (pair, pair[::-1]):
        bots = [BOTS[order[seat % 2]] for seat in range(players)]
        record = play_game(rules, f"tables/{variant}/{players}", bots, hands=1)
        assert len(record["hands"][0]["moves"]) == 48  # every card but the 4 dealt to the table


def _greedy_until(pos, stop):
    """``pos`` played on by greedy's first choice until ``stop(pos)``; None if the hand ends first."""
    from casino_cli.engine import legal_moves, play_judged
    from casino_cli.engine.greedy import greedy_ties

    while not stop(pos):
        if pos.turn is None:
            return None
        listing = legal_moves(pos)
        i = greedy_ties(pos.rules, listing)[0]
        pos = play_judged(pos, listing.moves[i], listing.facts[i])
    return pos


def test_the_counter_weighs_the_risk_of_the_table_it_leaves_by_w_last_in_the_last_deal_only(monkeypatch):
    """A trail scores its cost (W's trail, and trail_value a pip) less the risk of the table
    it leaves, that risk weighed by W["last"] in the last deal only: with that weight 0, a
    trail of the last deal scores exactly its cost, and a trail of the first deal as before.
    (In a 2-player last deal the other seat's cards are all the unseen ones: a loose card
    it can pair is taken for sure, a risk.)"""
    from casino_cli.cards import SPADE_MASK
    from casino_cli.engine import TRAIL, legal_moves, seeded_deck, start_position
    from casino_cli.engine.search import W, counter_scores
    from casino_cli.engine.views import observe

    def trails(pos):
        return pos.turn is not None and any(m.type == TRAIL for m in legal_moves(pos).moves)

    def spade_paired(pos):  # the other seat holds a card of a loose spade's rank
        ranks = {c >> 2 for c in range(52) if (pos.loose & SPADE_MASK) >> c & 1}
        return any(pos.hands[1 - pos.turn] >> c & 1 for c in range(52) if c >> 2 in ranks)

    def scores(pos, weight):
        monkeypatch.setitem(W, "last", weight)
        moves = legal_moves(pos)
        return [(m, s) for m, s in zip(moves.moves, counter_scores(observe(pos, pos.turn), moves)) if m.type == TRAIL]

    rules = make_rules("classic", 2)
    weight = W["last"]
    seen = 0
    for seed in range(40):
        start = start_position(rules, seeded_deck(f"last-risk{seed}"), 1)
        first = _greedy_until(start, trails)
        if first is not None and first.deal == 1:
            assert scores(first, 0.0) == scores(first, weight)
        last = _greedy_until(start, lambda p: p.turn is None or p.last_deal and trails(p) and spade_paired(p))
        if last.turn is None:
            continue
        seen += 1
        unweighed = scores(last, 0.0)
        assert unweighed != scores(last, weight)
        for move, score in unweighed:
            assert score == pytest.approx(-(W["trail"] + rules.values[move.card] * W["trail_value"]))
    assert seen >= 3


@pytest.mark.parametrize("taken", ["mine", "theirs"])
@pytest.mark.parametrize(
    "item, count, settled", [("card", 26, False), ("card", 27, True), ("spade", 6, False), ("spade", 7, True)]
)
def test_the_counter_gives_cards_and_spades_no_weight_once_their_majority_is_settled(
    taken, item, count, settled, monkeypatch
):
    """W["card"] weighs a card only while most cards (27 of 52) is open, W["spade"] a spade
    while most spades (7 of 13) is: once either side has 27 cards (7 spades), no score of
    the counter changes with that weight; at 26 (6), a tie at most, it does."""
    from casino_cli.cards import SPADE_MASK, parse_card
    from casino_cli.engine import Position, check_position, legal_moves
    from casino_cli.engine.search import W, counter_scores
    from casino_cli.engine.views import observe

    def mask(text):
        return sum(1 << parse_card(c) for c in text.split())

    rules = make_rules("classic", 2)
    hands = (mask("5H 9C"), mask("5D 8S"))
    loose = mask("5C 4D 9S")
    rest = [c for c in range(52) if not (hands[0] | hands[1] | loose) >> c & 1]
    if item == "spade":  # the spades first, then plain cards to 22 (most cards still open)
        spades = [c for c in rest if SPADE_MASK >> c & 1]
        rest = spades[:count] + [c for c in rest if not SPADE_MASK >> c & 1][: 22 - count] + spades[count:]
        rest += [c for c in range(52) if c not in rest and not (hands[0] | hands[1] | loose) >> c & 1]
        count = 22
    pile, other = sum(1 << c for c in rest[:count]), sum(1 << c for c in rest[count:])
    piles = (pile, other) if taken == "mine" else (other, pile)
    pos = Position(rules, 1, 0, rules.deals_per_hand, loose, (), hands, (), piles, (0, 0), 1, (0, 0))
    check_position(pos)
    moves = legal_moves(pos)

    def scores(weight):
        monkeypatch.setitem(W, item, weight)
        return counter_scores(observe(pos, 0), moves)

    assert len(moves.moves) > 2 and (scores(W[item]) == scores(5.0)) is settled


@pytest.mark.parametrize("variant", ["classic", "american-royal"])
def test_greedys_gain_of_a_capture_is_the_weights_docs_bots_md_gives(variant):
    """docs/bots.md: greedy weighs a capture by cards 3/27 each, spades 1/7 each, Big Casino
    2, Little Casino 1, each ace 1 and a sweep 1 (with sweeps): every capture met in a
    seeded game of greedy against itself, weighed here from those words."""
    from casino_cli.cards import parse_card
    from casino_cli.engine import Game, legal_moves
    from casino_cli.engine.greedy import gain
    from casino_cli.engine.moves import CAPTURE

    rules = make_rules(variant)
    game = Game(rules, "gain", [BOTS["greedy"]] * 2)
    met = 0
    game.deal()
    while game.in_play:
        listing = legal_moves(game.position)
        for move, facts in zip(listing.moves, listing.facts):
            if move.type != CAPTURE:
                continue
            taken = [c for c in range(52) if (move.cards | 1 << move.card) >> c & 1]
            spades = sum(c % 4 == parse_card("AS") % 4 for c in taken)
            aces = sum(c // 4 == parse_card("AS") // 4 for c in taken)
            big, little = parse_card("TD") in taken, parse_card("2S") in taken
            words = len(taken) * 3 / 27 + spades / 7 + 2 * big + little + aces + (facts.sweep and rules.sweeps)
            assert gain(rules, move, facts.sweep) == pytest.approx(words)
            met += 1
        move, listing = game.choose()
        game.play_move(move, listing.facts_of(move))
    assert met > 10


def test_greedy_draws_between_two_tied_moves():
    """Greedy picks among its ties with its rng: with two (trails of 7H and 7D over a table
    of courts, which classic sevens neither take nor build on) both are played."""
    import random

    from casino_cli.cards import parse_card
    from casino_cli.engine import Position, Unseen, legal_moves
    from casino_cli.engine.greedy import greedy_choice, greedy_ties
    from casino_cli.engine.position import Partial

    def mask(text):
        return sum(1 << parse_card(c) for c in text.split())

    rules = make_rules("classic")
    hands = (mask("7H 7D"), Partial(0, 2))
    pos = Position(rules, 1, 0, 6, mask("KC QC"), (), hands, Unseen(0), (Unseen(40), Unseen(6)), (0, 0), 0, (0, 0))
    listing = legal_moves(pos)
    assert len(greedy_ties(rules, listing)) == len(listing.moves) == 2
    assert {greedy_choice(rules, listing, random.Random(k)) for k in range(20)} == set(listing.moves)


def _only_trails(variant: str, hand: str, table: str = "KC QC"):
    """A position whose mover holds ``hand`` over a table of courts (classic sevens and
    lower neither take nor build on them), and its listing."""
    from casino_cli.cards import parse_card
    from casino_cli.engine import Position, Unseen, legal_moves
    from casino_cli.engine.position import Partial

    def mask(text):
        return sum(1 << parse_card(c) for c in text.split())

    rules = make_rules(variant)
    hands = (mask(hand), Partial(0, 2))
    pos = Position(rules, 1, 0, 6, mask(table), (), hands, Unseen(0), (Unseen(40), Unseen(6)), (0, 0), 0, (0, 0))
    return rules, legal_moves(pos)


@pytest.mark.parametrize(
    "hand, trailed",
    [
        ("5S TD", "5S"),  # a spade (1/7) before Big Casino (2)
        ("AC TD", "AC"),  # an ace (1) before Big Casino (2)
        ("AH 5S", "5S"),  # a spade (1/7) before an ace (1)
        ("AH 2S", "AH"),  # an ace (1) before Little Casino, a spade (1 + 1/7)
        ("2S TD", "2S"),  # Little Casino (1 + 1/7) before Big Casino (2)
        ("5H 5S", "5H"),  # a plain card before a spade
        ("3H 9H", "3H"),  # a low plain card before a high one
    ],
)
def test_greedy_trails_the_card_its_capture_weights_value_least(hand, trailed):
    """docs/bots.md: greedy trails low plain cards; a trail gives its card away, so of two
    trails greedy gives away the one its own capture weights (spades 1/7, Big Casino 2,
    Little Casino 1, aces 1) value less."""
    import random

    from casino_cli.engine.greedy import greedy_choice

    rules, listing = _only_trails("classic", hand)
    assert sorted(m.text() for m in listing.moves) == sorted(hand.split())  # trails only
    assert greedy_choice(rules, listing, random.Random(0)).text() == trailed


@pytest.mark.parametrize("variant, sweep", [("american-royal", 1), ("classic", 0)])
def test_greedys_gain_of_a_sweep_is_one_point_where_sweeps_score(variant, sweep):
    """docs/bots.md: a sweep weighs 1 in greedy's gain, under rules that score sweeps."""
    from casino_cli.engine.greedy import gain

    rules, listing = _only_trails(variant, "5S 9C", table="5H")
    (index,) = [i for i, m in enumerate(listing.moves) if m.text() == "5Sx5H"]
    assert listing.facts[index].sweep
    assert gain(rules, listing.moves[index], True) == pytest.approx(2 * 3 / 27 + 1 / 7 + sweep)
