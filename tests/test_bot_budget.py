"""The work of casino's bots on one decision is bounded by a count: on a crowded table built
by hand the counter scores at most COUNTER_TERMS terms and the searcher lists within
SEARCH_STEPS steps (its solver's, and as many its playouts'), and each still answers a legal
move, the same for the same rng; in positions of play neither bound is met, so the bots
choose as they did before the bounds."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from casino_cli.engine import (
    Move,
    MoveList,
    Position,
    legal_moves,
    listing,
    make_rules,
    play_judged,
    search,
    seeded_deck,
    start_position,
)
from casino_cli.engine.bots import BOTS
from casino_cli.engine.listing import DEFAULT_BUDGET
from casino_cli.engine.views import Played, View, observe, public, seat_rngs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from crowded import crowded  # noqa: E402  (bench/crowded.py: its crowded positions)

# What the searcher may list past its steps: a listing of the solver's, one of the weighing
# of its worlds, and two playouts (a move's fewest worlds) of at most 8 listings each.
SEARCH_BOUND = 2 * search.SEARCH_STEPS + 18 * DEFAULT_BUDGET


def _crowded_view(variant: str, loose: int, builds: bool, seed: str, earlier: bool = False) -> tuple[View, MoveList]:
    """bench/crowded.py's last deal of 2 players, seat 0 to play; ``earlier``: its captured
    cards dealt as the stock instead (an earlier deal), after seat 1's greedy move, so the
    searcher weighs its worlds by that move."""
    rules = make_rules(variant, 2)
    pos = crowded(rules, loose, builds, random.Random(seed))
    history: tuple[Played, ...] = ()
    if earlier:
        pile = pos.captured[0]
        assert isinstance(pile, int)
        stock = tuple(c for c in range(52) if pile >> c & 1)
        stock = stock[: len(stock) // 8 * 8]
        left = pile & ~sum(1 << c for c in stock)
        pos = pos._replace(
            turn=1,
            deal=rules.deals_per_hand - len(stock) // 8,
            stock=stock,
            captured=(left, 0),
            last_capture=0 if left else None,
        )
        listing = legal_moves(pos)
        move = BOTS["greedy"](observe(pos, 1), listing, random.Random(1))
        history = (Played(1, move, public(pos)),)
        pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    view = observe(pos, pos.turn, history)
    return view, legal_moves(view.known)


class _Steps:
    """``counted_moves`` counting the steps of every listing the searcher makes: its own
    (``search``'s) and those through ``legal_moves`` (``listing``'s)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.spent = 0
        self.real = listing.counted_moves
        monkeypatch.setattr(search, "counted_moves", self)
        monkeypatch.setattr(listing, "counted_moves", self)

    def __call__(self, pos: Position, *bounds: int) -> tuple[MoveList, int]:
        moves, steps = self.real(pos, *bounds)
        self.spent += steps
        return moves, steps


@pytest.mark.pure_engine("counts the steps by replacing counted_moves, which the compiled engine calls directly")
@pytest.mark.parametrize(
    "variant, loose, builds, seed, earlier",
    [
        ("royal", 40, False, "m/royal/2/40/False/1", False),  # 32,000,000 steps, 8.5 s, unbounded
        ("american-royal", 40, False, "m/american-royal/2/40/False/0", False),
        ("classic", 20, False, "m/classic/2/20/False/1", True),  # the weighing: 23,000,000 steps
    ],
)
def test_the_searcher_lists_within_its_steps_on_a_crowded_table(monkeypatch, variant, loose, builds, seed, earlier):
    view, moves = _crowded_view(variant, loose, builds, seed, earlier)
    steps = _Steps(monkeypatch)
    move = BOTS["searcher"](view, moves, random.Random(7))
    assert 0 < steps.spent <= SEARCH_BOUND, steps.spent
    assert move in moves.moves
    assert BOTS["searcher"](view, moves, random.Random(7)) == move


@pytest.mark.pure_engine("watches search.counter_scores, which the compiled counter calls directly")
@pytest.mark.parametrize("variant, loose, builds", [("american-royal", 43, True), ("classic", 40, True)])
def test_the_counter_scores_within_its_terms_on_a_crowded_table(monkeypatch, variant, loose, builds):
    """Up to 2,000 moves over 40 loose cards take 500,000 terms and more: the counter scores
    those greedy ranks first, within COUNTER_TERMS, and picks the best of them."""
    view, moves = _crowded_view(variant, loose, builds, f"m/{variant}/2/{loose}/{builds}/1")
    assert sum(search.counter_terms(view, m) for m in moves.moves) > 4 * search.COUNTER_TERMS
    scored: list[tuple[MoveList, list[float]]] = []
    real = search.counter_scores

    def watched(view: View, moves: MoveList) -> list[float]:
        scores = real(view, moves)
        scored.append((moves, scores))
        return scores

    monkeypatch.setattr(search, "counter_scores", watched)
    move = BOTS["counter"](view, moves, random.Random(3))
    ((kept, scores),) = scored
    assert 0 < sum(search.counter_terms(view, m) for m in kept.moves) <= search.COUNTER_TERMS
    assert set(kept.moves) <= set(moves.moves) and move in kept.moves
    assert scores[kept.moves.index(move)] == max(scores)
    assert BOTS["counter"](view, moves, random.Random(3)) == move


@pytest.mark.pure_engine("counts search._worth's calls, which the compiled counter makes directly")
def test_the_counter_weighs_each_card_left_once_not_once_a_pair(monkeypatch):
    """The risks of a table left behind sum a term for each pair of its loose cards: each
    card's worth is found once for the decision (it was found again for every pair, of every
    move: 155 ms for 2,000 moves over 43 loose cards), and the scores are the same."""
    view, moves = _crowded_view("american-royal", 43, True, "m/american-royal/2/43/True/1")
    calls = [0]
    real = search._worth

    def counted(*args: object) -> float:
        calls[0] += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_worth", counted)
    search.counter_scores(view, moves)
    assert 0 < calls[0] <= 52 + 3 * len(moves.moves), calls[0]


def _decisions(bots: list[str], variant: str, players: int, games: int) -> list[tuple[View, MoveList, int]]:
    """Every decision of ``games`` seeded hands of ``bots`` (one a seat), with its seat."""
    rules = make_rules(variant, players)
    out = []
    for game in range(games):
        pos = start_position(rules, seeded_deck(f"budget/{game}"), players - 1)
        rngs = seat_rngs(f"budget/{game}", players)
        history: tuple[Played, ...] = ()
        while pos.turn is not None:
            view = observe(pos, pos.turn, history)
            moves = legal_moves(view.known)
            out.append((view, moves, pos.turn))
            move: Move = BOTS[bots[pos.turn]](view, moves, rngs[pos.turn])
            history += (Played(pos.turn, move, public(pos)),)
            pos = play_judged(pos, move, moves.facts[moves.moves.index(move)])
    return out


@pytest.mark.parametrize("variant, players", [("classic", 2), ("royal", 3), ("american-royal", 4)])
def test_the_counter_chooses_as_unbounded_in_positions_of_play(monkeypatch, variant, players):
    """Random play leaves the most crowded tables of play: the counter facing them chooses
    as it does with no bound (the same move for the same rng)."""
    decisions = _decisions(["counter"] + ["random"] * (players - 1), variant, players, 12)
    bounded = [BOTS["counter"](view, moves, random.Random(i)) for i, (view, moves, _) in enumerate(decisions)]
    monkeypatch.setattr(search, "COUNTER_TERMS", 10**12)
    assert [BOTS["counter"](view, moves, random.Random(i)) for i, (view, moves, _) in enumerate(decisions)] == bounded


@pytest.mark.parametrize("variant, players", [("classic", 2), ("royal", 4)])
def test_the_searcher_chooses_as_unbounded_in_positions_of_play(monkeypatch, variant, players):
    """The searcher's decisions of a hand against random play, bounded and not, alike."""
    decisions = [d for d in _decisions(["searcher", "random"] * 2, variant, players, 1) if d[2] % 2 == 0]
    decisions = [(view, moves) for view, moves, _ in decisions if len(moves.moves) > 1][:12]
    bounded = [BOTS["searcher"](view, moves, random.Random(i)) for i, (view, moves) in enumerate(decisions)]
    monkeypatch.setattr(search, "SEARCH_STEPS", 10**12)  # no bound met (an int: the compiled engine takes no None)
    assert [BOTS["searcher"](view, moves, random.Random(i)) for i, (view, moves) in enumerate(decisions)] == bounded
