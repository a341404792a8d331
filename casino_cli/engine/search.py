"""The stronger bots: ``counter`` (a card-counting heuristic) and ``searcher`` (sampled
worlds, playouts, an exact solver for the last deal), and the move evaluation that hints and
reviews share (:func:`rank_moves`).

Values are in points of the hand for the mover's side less the others' (their mean, with
more than two sides). :func:`evaluate` values a position from the captured piles: won items
count in full; the cards and spades majorities still open count by a smooth share of their
points. Sums of values are ``math.fsum``'s, correctly rounded: the values, and so the
searcher's choices and the hints, are the same on every Python (``sum`` of floats rounds
differently from 3.12 on).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from ..cards import ACE_MASK, BIG_CASINO, LITTLE_CASINO, SPADE_MASK, cards_of, count
from .greedy import gain, greedy_choice, greedy_ties
from .inference import inferred_worlds, plays_greedy
from .listing import counted_moves, legal_moves
from .moves import BUILD, CAPTURE, TRAIL, Move, MoveFacts, MoveList
from .play import play_judged
from .position import Position, Unseen
from .rules import Rules
from .scoring import game_after_hand, score_hand, sweep_points
from .views import View, check_bot_arguments, observe
from .worlds import all_worlds, capture_mask, sample_worlds

Leaf = Callable[[Position, int], float]  # the value of a finished hand for a side

# --- evaluation ---------------------------------------------------------------------


STEEP = 1.6  # how fast an open majority's expected share grows with the lead


def _share(diff: float, left: int, locked: int, mine: int, theirs: int) -> float:
    """Expected share (0..1) of a majority item: 1 once ``mine`` passes ``locked``."""
    if mine > locked:
        return 1.0
    if theirs > locked:
        return 0.0
    if left == 0:
        return 1.0 if diff > 0 else 0.0  # a tie at the top scores nobody (P2)
    return 1 / (1 + math.exp(-STEEP * diff / (1 + math.sqrt(left))))


def side_values(pos: Position) -> list[float]:
    """Expected points of each side for the hand, from what it has captured so far."""
    rules = pos.rules
    piles = [0] * rules.sides
    sweeps = [0] * rules.sides
    for seat, pile in enumerate(pos.captured):
        piles[rules.side_of(seat)] |= pile  # type: ignore[operator]
        sweeps[rules.side_of(seat)] += pos.sweeps[seat]
    taken = 0
    for p in piles:
        taken |= p
    left = 52 - count(taken)
    spades_left = count(SPADE_MASK & ~taken)
    out = []
    swept = sweep_points(rules, sweeps, pos.scores) if rules.sweeps else [0] * rules.sides
    for s, p in enumerate(piles):
        v = 2.0 * (p >> BIG_CASINO & 1) + (p >> LITTLE_CASINO & 1) + count(p & ACE_MASK) + swept[s]
        others = [piles[o] for o in range(rules.sides) if o != s]
        cards, best = count(p), max(count(o) for o in others)
        spades, best_spades = count(p & SPADE_MASK), max(count(o & SPADE_MASK) for o in others)
        v += 3 * _share(cards - best, left, 26, cards, best)
        v += _share(spades - best_spades, spades_left, 6, spades, best_spades)
        out.append(v)
    return out


def evaluate(pos: Position, side: int) -> float:
    """The value of ``pos`` for ``side``: its expected points less the others' (their mean);
    a finished hand's are its points as :func:`~.scoring.score_hand` gives them."""
    if pos.finished and not any(isinstance(p, Unseen) for p in pos.captured):
        values: list[float] = list(score_hand(pos).points)
    else:
        values = side_values(pos)
    others = [v for s, v in enumerate(values) if s != side]
    return values[side] - math.fsum(others) / len(others)


# --- the counter heuristic ------------------------------------------------------------


class _Odds:
    """What the opponents may hold, from the unseen cards (card counting): the chance that
    their hands together hold a card of a given mask. (Counting only the next seat's hand
    made the counter no better than greedy in 4-player partnerships.)"""

    def __init__(self, view: View):
        unseen = view.unseen
        rules = view.rules
        side = rules.side_of(view.seat)
        opponents = [s for s in range(rules.players) if rules.side_of(s) != side]
        k = sum(view.hand_count(s) for s in opponents) if view.known.turn is not None else 0
        total = count(unseen)

        def p(mask: int) -> float:
            m = count(mask & unseen)
            if not k or not m or total == 0:
                return 0.0
            if total - m < k:
                return 1.0
            return 1 - math.comb(total - m, k) / math.comb(total, k)

        self.rank = [p(0xF << (4 * r)) for r in range(13)]
        self.value = [0.0] + [p(capture_mask(view, v)) for v in range(1, 15)]


def _worth(rules: Rules, cards: int, w_card: float, w_spade: float) -> float:
    return (
        count(cards) * w_card
        + count(cards & SPADE_MASK) * w_spade
        + 2 * (cards >> BIG_CASINO & 1)
        + (cards >> LITTLE_CASINO & 1)
        + count(cards & ACE_MASK)
    )


# The counter's weights (points): a card and a spade while their majority is open, the
# share of a build's worth it counts on, the cost of a trail (and per pip), the weight of
# the risks of the table left behind, their weight in the last deal, keeping a scoring card.
W = {
    "card": 3 / 20,
    "spade": 1 / 5,
    "build": 1.2,
    "trail": 0.05,
    "trail_value": 1 / 200,
    "pair": 1.0,
    "sum": 0.6,
    "own_build": 0.5,
    "last": 1.3,
    "keep": 0.0,
}


def counter_scores(view: View, moves: MoveList) -> list[float]:
    """The counter's score of each move: what it takes now, what it keeps back for later,
    less what the opponents are likely to take from the table it leaves."""
    rules = view.rules
    known = view.known
    side = rules.side_of(view.seat)
    mine = theirs = mine_s = theirs_s = 0
    for seat, pile in enumerate(known.captured):
        pile = pile if isinstance(pile, int) else 0  # worlds and views show every captured card
        c, sp = count(pile), count(pile & SPADE_MASK)
        if rules.side_of(seat) == side:
            mine, mine_s = mine + c, mine_s + sp
        else:
            theirs, theirs_s = max(theirs, c), max(theirs_s, sp)
    w_card = 0.0 if mine > 26 or theirs > 26 else W["card"]
    w_spade = 0.0 if mine_s > 6 or theirs_s > 6 else W["spade"]
    odds = _Odds(view)
    values = rules.values
    last = known.last_deal and known.stock_count == 0
    # Each card a move may leave on the table (a loose one, or one it trails), its worth
    # once, not once for each pair it is in.
    table = known.loose
    for move in moves.moves:
        table |= 1 << move.card
    worth = [0.0] * 52
    for c in cards_of(table):
        worth[c] = _worth(rules, 1 << c, w_card, w_spade)
    w_pair, w_sum, max_build = W["pair"], W["sum"], rules.max_build
    out = []
    for move, facts in zip(moves.moves, moves.facts):
        played = 1 << move.card
        loose = known.loose
        builds = [b for b in known.builds if not b.cards & move.cards]
        score = 0.0
        if move.type == CAPTURE:
            loose &= ~move.cards
            score += _worth(rules, move.cards | played, w_card, w_spade)
            if facts.sweep and rules.sweeps:
                score += 1
        elif move.type == BUILD:
            loose &= ~move.cards
            cards = move.cards | played
            score += W["build"] * _worth(rules, cards, w_card, w_spade) * (1 - odds.value[move.value])
        else:
            loose |= played
            score -= W["trail"] + values[move.card] * W["trail_value"]
        # The risk of the table left behind: pairs, two-card sums and builds the next seat takes.
        risk = 0.0
        cards_left = [c for c in range(52) if loose >> c & 1]
        for i, c in enumerate(cards_left):
            w = worth[c]
            risk += w_pair * w * odds.rank[c >> 2]
            for d in cards_left[i + 1 :]:
                v = values[c] + values[d]
                if values[c] and values[d] and v <= max_build:
                    risk += w_sum * (w + worth[d]) * odds.value[v]
        for b in builds:
            if rules.side_of(b.owner) == side and move.type != BUILD:
                risk += W["own_build"] * _worth(rules, b.cards, w_card, w_spade) * odds.value[b.value]
        if rules.sweeps and not builds and len(cards_left) == 1:
            risk += odds.rank[cards_left[0] >> 2]  # a lone card left invites a sweep
        if last:
            risk *= W["last"]
        # Keep the big cards for captures: spending a card no other move can use is cheap.
        if (
            move.type != CAPTURE
            and move.card in (BIG_CASINO, LITTLE_CASINO)
            or (move.type != CAPTURE and played & ACE_MASK)
        ):
            score -= W["keep"]
        out.append(score - risk)
    return out


# The most terms (:func:`counter_terms`) the counter bot spends on a decision. Positions of
# play need far fewer: at most 1,576 in 800 hands of counter self-play over every rule set,
# 35,687 in 8,000 of random play (whose tables grow the most); a crowded table built by
# hand may need over 1,000,000 (2,000 moves over 43 loose cards).
COUNTER_TERMS = 100_000


def counter_terms(view: View, move: Move) -> int:
    """The terms :func:`counter_scores` spends on ``move``: one, and one for each loose
    card it leaves on the table and each pair of them (their risks)."""
    left = (view.known.loose & ~move.cards).bit_count() + (move.type == TRAIL)
    return 1 + left * (left + 1) // 2


def counter_moves(view: View, moves: MoveList) -> MoveList:
    """The moves the counter bot scores: all of ``moves`` if that takes at most
    COUNTER_TERMS terms, else those greedy ranks first (by gain, then in listing order),
    as many as fit in COUNTER_TERMS (one at least), kept in listing order."""
    terms = [counter_terms(view, m) for m in moves.moves]
    if sum(terms) <= COUNTER_TERMS:
        return moves
    rules = view.rules
    order = sorted(range(len(terms)), key=lambda i: -gain(rules, moves.moves[i], moves.facts[i].sweep))
    kept: list[int] = []
    spent = 0
    for i in order:
        spent += terms[i]
        if kept and spent > COUNTER_TERMS:
            break
        kept.append(i)
    kept.sort()
    return MoveList([moves.moves[i] for i in kept], [moves.facts[i] for i in kept], moves.truncated)


def counter_bot(view: View, moves: MoveList, rng: random.Random) -> Move:
    """Card counting: the best move by :func:`counter_scores` (ties broken by ``rng``),
    among :func:`counter_moves` (every move, but on a crowded table built by hand)."""
    check_bot_arguments(view, moves, rng)
    if len(moves.moves) == 1:
        return moves.moves[0]
    scored = counter_moves(view, moves)
    scores = counter_scores(view, scored)
    best = max(scores)
    choices = [i for i, s in enumerate(scores) if s >= best - 1e-9]
    return scored.moves[choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]]


# --- playouts and the exact last deal -------------------------------------------------


def playout(pos: Position, rng: random.Random, policy: str = "greedy", budget: _Budget | None = None) -> Position:
    """Play ``policy`` moves (greedy or counter) for every seat until the deal (or the hand)
    ends, their listings' steps charged to ``budget`` if given. (Longer playouts, to the
    end of the next deal or of the hand, and shorter ones, of one or three moves, made the
    searcher weaker against greedy when measured.)"""
    deal = pos.deal
    rules = pos.rules
    while pos.turn is not None and pos.deal == deal:
        listing = legal_moves(pos) if budget is None else budget.moves(pos)
        if len(listing.moves) == 1:
            move = listing.moves[0]
        elif policy == "counter":
            move = counter_bot(observe(pos, pos.turn), listing, rng)
        else:
            move = greedy_choice(rules, listing, rng)
        pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    return pos


class _Budget:
    """What a search may still spend: solver nodes, and listing steps (None: no bound).
    Steps count the work of listing a crowded table, which a node or a playout move alone
    does not: one listing may take 200,000 of them."""

    def __init__(self, nodes: int, steps: int | None = None):
        self.nodes = nodes
        self.steps = steps

    def moves(self, pos: Position) -> MoveList:
        """The legal moves of ``pos``, the steps of their listing charged."""
        listing, spent = counted_moves(pos)
        if self.steps is not None:
            self.steps -= spent
        return listing

    def within(self, pos: Position) -> MoveList:
        """:meth:`moves`, for weighing worlds: :class:`TooManyNodes` once the steps are spent."""
        listing = self.moves(pos)
        if self.steps is not None and self.steps < 0:
            raise TooManyNodes()
        return listing

    def every_move(self, pos: Position) -> MoveList:
        """:meth:`moves`, for a solver: :class:`TooManyNodes` if the listing was cut short,
        as a value that leaves out moves is not exact."""
        listing = self.moves(pos)
        if listing.truncated:
            raise TooManyNodes()
        return listing


class TooManyNodes(Exception):
    """The exact solver ran out of its node or step budget, or met a listing cut short."""


def _visit(
    pos: Position, side: int, budget: _Budget, table: dict[tuple[object, ...], float], leaf: Leaf = evaluate
) -> tuple[tuple[object, ...], float | None]:
    """A solver's node: its key in ``table`` and its value if known already (``table`` has
    it, or the hand is over: its ``leaf`` value, kept in ``table``, as many lines end
    alike); a node not known is counted against ``budget`` (:class:`TooManyNodes` once it
    runs out)."""
    key = (pos.turn, pos.loose, pos.builds, pos.hands, pos.captured, pos.sweeps, pos.last_capture)
    hit = table.get(key)
    if hit is None and pos.turn is None:
        hit = table[key] = leaf(pos, side)
    elif hit is None:
        budget.nodes -= 1
        if budget.nodes < 0 or budget.steps is not None and budget.steps < 0:
            raise TooManyNodes()
    return key, hit


def _solve(
    pos: Position,
    side: int,
    alpha: float,
    beta: float,
    budget: _Budget,
    table: dict[tuple[object, ...], float],
    leaf: Leaf = evaluate,
) -> float:
    """Alpha-beta value of a full-information position for ``side``, to the end of the
    hand: the hand's points less the others', or a finished hand's ``leaf`` value."""
    key, known = _visit(pos, side, budget, table, leaf)
    if known is not None:
        return known
    assert pos.turn is not None  # a finished hand is known
    rules = pos.rules
    maxing = rules.side_of(pos.turn) == side
    listing = budget.every_move(pos)
    order = sorted(range(len(listing.moves)), key=lambda i: -gain(rules, listing.moves[i], listing.facts[i].sweep))
    best = -math.inf if maxing else math.inf
    a, b = alpha, beta
    for i in order:
        v = _solve(play_judged(pos, listing.moves[i], listing.facts[i]), side, a, b, budget, table, leaf)
        if maxing:
            best = max(best, v)
            a = max(a, v)
        else:
            best = min(best, v)
            b = min(b, v)
        if a >= b:
            break
    if alpha < best < beta:
        table[key] = best
    return best


def _respond(pos: Position, side: int, budget: _Budget, table: dict[tuple[object, ...], float]) -> float:
    """The value for ``side`` of its best reply to greedy others in a full-information
    position, to the end of the hand: ``side`` takes its best move, another side's seat
    plays greedy's (each of greedy's ties alike)."""
    key, known = _visit(pos, side, budget, table)
    if known is not None:
        return known
    assert pos.turn is not None  # a finished hand is known
    rules = pos.rules
    listing = budget.every_move(pos)
    if rules.side_of(pos.turn) == side:
        value = max(_respond(play_judged(pos, m, f), side, budget, table) for m, f in zip(listing.moves, listing.facts))
    else:
        ties = greedy_ties(rules, listing)
        value = math.fsum(
            _respond(play_judged(pos, listing.moves[i], listing.facts[i]), side, budget, table) for i in ties
        )
        value /= len(ties)
    table[key] = value
    return value


def solve_moves(pos: Position, moves: MoveList, nodes: int | _Budget, against_greedy: bool = False) -> list[float]:
    """Exact values of each move in a full-information position, within ``nodes`` nodes
    (a count, or a budget shared with other calls): against the others' best play, or,
    ``against_greedy``, against greedy play by the other sides (:func:`_respond`)."""
    assert pos.turn is not None
    side = pos.rules.side_of(pos.turn)
    budget = nodes if isinstance(nodes, _Budget) else _Budget(nodes)
    table: dict[tuple[object, ...], float] = {}
    if against_greedy:
        return [_respond(play_judged(pos, m, f), side, budget, table) for m, f in zip(moves.moves, moves.facts)]
    return [
        _solve(play_judged(pos, m, f), side, -math.inf, math.inf, budget, table)
        for m, f in zip(moves.moves, moves.facts)
    ]


def _exact(
    view: View, moves: MoveList, nodes: int, cap: int, against_greedy: bool = False, steps: int | None = None
) -> list[Ranked] | None:
    """The moves valued exactly once the stock is empty: each the mean of its full-
    information value over every consistent world (a single one with two players), when
    there are at most ``cap`` worlds and they are solved within ``nodes`` nodes (and
    ``steps`` listing steps) in all; ``None`` otherwise (it gives up early once the worlds
    solved so far say the rest would not fit)."""
    worlds = all_worlds(view, cap)
    if worlds is None:
        return None
    budget = _Budget(nodes, steps)
    totals = [0.0] * len(moves.moves)
    try:
        for done, world in enumerate(worlds, 1):
            for i, v in enumerate(solve_moves(world, moves, budget, against_greedy)):
                totals[i] += v
            if (nodes - budget.nodes) * len(worlds) > nodes * done:
                return None
    except TooManyNodes:
        return None
    n = len(worlds)
    out = [Ranked(m, f, t / n, 0.0, n, True) for m, f, t in zip(moves.moves, moves.facts, totals)]
    return sorted(out, key=lambda r: -r.value)


# --- ranking moves: the searcher, hints and reviews ------------------------------------

MIN_WORLDS = 2  # the fewest worlds a move played out under a step budget sees (an error needs two)


class Ranked(NamedTuple):
    """A move with its expected value (points for the mover's side less the others'),
    the standard error of that estimate (0 when exact), how many worlds it saw, and
    whether it was solved in every consistent world rather than sampled. A move the
    budget of a hint left unvalued has NaN for value and error, and 0 worlds. ``game`` is
    what the move does to the game where :func:`game_results` solves it (1 wins it, -1
    loses it, 0 leaves it open), else None."""

    move: Move
    facts: MoveFacts
    value: float
    error: float
    worlds: int
    exact: bool = False
    game: int | None = None


def rank_moves(
    view: View,
    moves: MoveList,
    rng: random.Random,
    worlds: int = 16,
    nodes: int = 4000,
    keep: int = 8,
    policy: str = "greedy",
    exact_worlds: int = 1,
    infer: bool = False,
    against_greedy: bool = False,
    progress: Callable[[], object] | None = None,
    steps: int | None = None,
) -> list[Ranked]:
    """Every move valued, best first. Once the stock is empty, with at most
    ``exact_worlds`` consistent worlds (a 2-player last deal has one), each world is solved
    exactly and the values are their means (:func:`_exact`, within ``nodes``); otherwise
    ``worlds`` sampled worlds, each played out to the end of the deal by greedy play. Only
    the ``keep`` best moves by the counter are played out; the others keep the counter's
    order below them. With ``infer`` the worlds are weighted by the other seats' moves of
    the deal (:mod:`.inference`); otherwise every consistent world is alike. The exact
    values are against the others' best play, or ``against_greedy``, against greedy's.
    ``progress`` is called once a move has been played out.

    ``steps`` bounds the listing steps of the solver, and as many again of the playouts
    with, under ``infer``, the weighing of their worlds, which may spend half of those
    (past that the worlds are uniform ones); None: no bound. The moves are played out in
    turn, each in the worlds in turn; a move may spend what is left of the steps less half
    an equal share for each move after it (so a ranking that needs at most half of them is
    never cut), and stops there once it has MIN_WORLDS worlds. Once the steps are spent,
    the moves left are unvalued: listed last, in the counter's order, with NaN values and
    0 worlds."""
    exact = _exact(view, moves, nodes, exact_worlds, against_greedy, steps)
    if exact is not None:
        return exact
    side = view.rules.side_of(view.seat)
    scores = counter_scores(view, moves)
    order = sorted(range(len(moves.moves)), key=lambda i: -scores[i])
    tried, rest = order[:keep], order[keep:]
    budget = _Budget(0, steps)
    sampled = _weighed_worlds(view, worlds, rng, budget) if infer else sample_worlds(view, worlds, rng)
    share = (steps or 0) // (2 * max(1, len(tried)))  # half an equal share of the steps
    out = []
    unvalued: list[int] = []
    for k, i in enumerate(tried):
        if budget.steps is not None and budget.steps <= 0:
            unvalued = tried[k:]
            break
        keep_back = (len(tried) - k - 1) * share
        m, f = moves.moves[i], moves.facts[i]
        vals = []
        for w in sampled:
            vals.append(evaluate(playout(play_judged(w, m, f), rng, policy, budget), side))
            if budget.steps is not None and budget.steps <= keep_back and len(vals) >= MIN_WORLDS:
                break
        mean = math.fsum(vals) / len(vals)
        var = math.fsum((v - mean) ** 2 for v in vals) / max(1, len(vals) - 1)
        out.append(Ranked(m, f, mean, math.sqrt(var / len(vals)), len(vals)))
        if progress is not None:
            progress()
    out.sort(key=lambda r: -r.value)
    floor = out[-1].value if out else 0.0
    out += [Ranked(moves.moves[i], moves.facts[i], floor - 0.001 * (k + 1), math.nan, 0) for k, i in enumerate(rest)]
    return out + [Ranked(moves.moves[i], moves.facts[i], math.nan, math.nan, 0) for i in unvalued]


def _weighed_worlds(view: View, n: int, rng: random.Random, budget: _Budget) -> list[Position]:
    """:func:`~.inference.inferred_worlds`, its listings charged to ``budget``'s steps (if
    bounded) up to half of them; past that half, uniform worlds instead."""
    if budget.steps is None:
        return inferred_worlds(view, n, rng)
    allowed = budget.steps // 2
    weighing = _Budget(0, allowed)
    try:
        return inferred_worlds(view, n, rng, weighing.within)
    except TooManyNodes:
        return sample_worlds(view, n, rng)
    finally:
        budget.steps -= allowed - (weighing.steps or 0)


# The listing steps the searcher bot's exact solver may spend on a decision, and as many its
# playouts with the weighing of their worlds. Positions of play need a fraction of it
# (see docs/bots.md); a crowded table built by hand took up to 40,000,000 steps, and 8.5 s
# of the pure engine, before.
SEARCH_STEPS = 1_000_000


def searcher_bot(view: View, moves: MoveList, rng: random.Random) -> Move:
    """Worlds weighted by the others' moves of the deal, played out by greedy play; the
    last deal of two players solved exactly: as the best reply to greedy play if the other
    side has played greedy's moves throughout the deals over, else against its best play.
    Its listings are bounded by SEARCH_STEPS (:func:`rank_moves`' ``steps``): once they are
    spent it plays the best move valued so far."""
    check_bot_arguments(view, moves, rng)
    if len(moves.moves) == 1:
        return moves.moves[0]
    exploit = view.known.stock_count == 0 and plays_greedy(view)  # the model matters only to the exact solver
    ranked = rank_moves(
        view, moves, rng, worlds=40, nodes=20_000, keep=10, infer=True, against_greedy=exploit, steps=SEARCH_STEPS
    )
    return ranked[0].move


def game_result(pos: Position, side: int) -> float:
    """What a finished hand does to the game for ``side``, from the scores before it (G2,
    G3, G5): 1 it wins the game, -1 another side wins it, 0 no side has won yet."""
    winner = game_after_hand(pos.rules, pos.scores, score_hand(pos)).winner
    return 0.0 if winner is None else 1.0 if winner == side else -1.0


def may_decide(pos: Position) -> bool:
    """Whether some play of the rest of ``pos``'s hand may decide the game, by a sound bound:
    a side wins only on reaching the target (G2, G5), or from t−3 on the ladder (G3), with
    at most 11 points of items (P1) and, with sweeps, its sweeps so far and one a card its
    seats still hold; so a side more than that below the target cannot."""
    rules = pos.rules
    most = [11] * rules.sides
    if rules.sweeps:
        for seat, hand in enumerate(pos.hands):
            left = hand.bit_count() if isinstance(hand, int) else rules.target  # a hand not known: no bound
            most[rules.side_of(seat)] += pos.sweeps[seat] + left
    return any(score + points >= rules.target for score, points in zip(pos.scores, most))


def game_results(view: View, ranked: list[Ranked], nodes: int, steps: int | None = None) -> list[Ranked]:
    """``ranked`` with what each move does to the game against the other side's best play
    for the game (:func:`game_result`), the moves that win it first, then those that leave
    it open, then those that lose it, each in their order by points: where ``ranked`` is
    exact with two sides and one world left, every card known (a 2-player last deal; with
    4 in partnerships, its last moves), solved within ``nodes`` nodes and ``steps`` listing
    steps; ``ranked`` unchanged otherwise."""
    worlds = all_worlds(view, 1) if view.rules.sides == 2 and ranked and ranked[0].exact else None
    if not worlds or not may_decide(worlds[0]):
        return ranked
    side = view.rules.side_of(view.seat)
    budget = _Budget(nodes, steps)
    table: dict[tuple[object, ...], float] = {}
    try:
        won = [_solve(play_judged(worlds[0], r.move, r.facts), side, -1, 1, budget, table, game_result) for r in ranked]
    except TooManyNodes:
        return ranked
    return sorted((r._replace(game=round(g)) for r, g in zip(ranked, won)), key=lambda r: -(r.game or 0))


EXACT_WORLDS = 200  # the most worlds a hint or review solves one by one in a last deal
# The listing steps a hint's or review's solver may spend, and as many its playouts: twice
# and more what a position of play was measured to need (solver 460,000, playouts 530,000).
STEPS = 2_000_000


def analysed_worlds(moves: int, playouts: int = 1500) -> int:
    """The worlds :func:`analyse` samples for ``moves`` moves: about ``playouts`` playouts
    in all, 16 to 200 a move (fewer for a move only when its step budget ran short)."""
    return max(16, min(200, playouts // max(1, moves)))


def analyse(
    view: View,
    moves: MoveList,
    rng: random.Random,
    playouts: int = 1500,
    nodes: int = 40_000,
    progress: Callable[[], object] | None = None,
    steps: int | None = STEPS,
    game: bool = False,
) -> list[Ranked]:
    """Every move of the view valued for a person (hints, reviews): all moves played out in
    the same sampled worlds (about ``playouts`` playouts in all) or, once the stock is
    empty, solved in every consistent world (up to EXACT_WORLDS worlds within ``nodes``
    nodes: a 2-player last deal nearly always, 3 and 4 players towards its end); best first.
    ``progress`` is called as each move's playouts are done. Work is bounded by ``steps``
    listing steps (:func:`rank_moves`): on a crowded table some moves may see fewer worlds,
    or none (unvalued, last). With ``game``, the moves of a last deal of two sides where
    every card is known also say what they do to the game, those that win it first (:func:`game_results`)."""
    ranked = rank_moves(
        view,
        moves,
        rng,
        worlds=analysed_worlds(len(moves.moves), playouts),
        nodes=nodes,
        keep=len(moves.moves),
        exact_worlds=EXACT_WORLDS,
        progress=progress,
        steps=steps,
    )
    return game_results(view, ranked, nodes, steps) if game else ranked
