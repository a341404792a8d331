"""Matches between two bots: mirrored pairs, intervals and a pre-declared stopping rule.

A **pair** is one seed played once per side with the seats swapped (with 2 sides: A in
seat 0, B in seat 1, then the other way round; with 4 players in partnerships A holds
seats 0 and 2 first). With more than two sides (3 players, 4 without partnerships) a pair
is a rotation: A plays each side once against B in every other seat. Every game of a
pair deals the same cards, so luck of the deal cancels.

A pair's **points** are A's points less B's (the mean over B's sides), summed over its
games; each game is the first ``hands`` hands of a game (``hands=0``: the whole game), its
points the game's score after them. A game is **won** by its winner when it ended within
them (G2, G3, G5: counting out, a side may win with fewer points), else by the side with
more points than every other.

**Stopping rule** (declared before the first game): the match looks at the results after
every ``ceil(max_pairs / looks)`` pairs (at least 20) and stops at the first look where the points'
z = mean / standard error reaches Pocock's boundary for that many looks (2.555 for 10,
keeping the chance of stopping on a difference of zero near 5%); otherwise it stops at
``max_pairs``. The intervals reported are the plain 95% intervals: Student's t for the
points (the standard error is itself estimated from the pairs), Wilson's for the games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from statistics import NormalDist
from typing import NamedTuple

from ..engine.rules import Rules
from ..engine.views import Bot, BotError
from .describe import side_seats
from .selfplay import played_game

# Pocock's two-sided 5% boundaries by number of equally spaced looks.
MIN_LOOK = 20  # no look before this many pairs (the normal interval needs a few)
POCOCK = {1: 1.960, 2: 2.178, 3: 2.289, 4: 2.361, 5: 2.413, 6: 2.453, 7: 2.485, 8: 2.512, 9: 2.535, 10: 2.555}


class PairResult(NamedTuple):
    """One pair: A's points less B's over its games, the games A won, lost and tied, and
    those of them that stopped unfinished (no side won in :data:`~.selfplay.MAX_HANDS` hands)."""

    points: float
    won: int
    lost: int
    tied: int
    unfinished: int = 0


def play_pair(rules: Rules, seed: str, a: Bot, b: Bot, hands: int) -> PairResult:
    """Play one seed with A on each side in turn; a bot's failure says which game it was in."""
    points = 0.0
    won = lost = tied = unfinished = 0
    for side in range(rules.sides):
        bots = [a if rules.side_of(seat) == side else b for seat in range(rules.players)]
        try:
            game = played_game(rules, seed, bots, hands or None)
        except BotError as exc:
            raise exc.within(f"in the game dealt from seed {seed!r} with A in {side_seats(rules, side)}") from None
        totals = game.scores
        others = [t for s, t in enumerate(totals) if s != side]
        points += totals[side] - sum(others) / len(others)
        if game.winner is None:  # no single winner: A ties only if it shares the top (else a B side beat it)
            best = max(others)
            outcome = (totals[side] > best) - (totals[side] < best)
        else:
            outcome = 1 if game.winner == side else -1
        won += outcome == 1
        lost += outcome == -1
        tied += outcome == 0
        unfinished += game.unfinished
    return PairResult(points, won, lost, tied, unfinished)


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom: exact for 1 and 2,
    else the Cornish-Fisher expansion about the normal's (within 0.2% at 0.975 and 3)."""
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = NormalDist().inv_cdf(p)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + math.fsum(term / float(df) ** k for k, term in enumerate(terms, 1))


class Tally:
    """The figures of the pairs played so far, kept as running sums: a match of any length
    holds no list of its pairs."""

    def __init__(self) -> None:
        self.pairs = self.won = self.lost = self.tied = self.unfinished = 0
        self.total = 0.0
        self._mean = self._squares = 0.0  # Welford's running mean and sum of squared deviations

    def add(self, result: PairResult) -> None:
        """Count one more pair."""
        self.pairs += 1
        self.total += result.points
        step = result.points - self._mean
        self._mean += step / self.pairs
        self._squares += step * (result.points - self._mean)
        self.won += result.won
        self.lost += result.lost
        self.tied += result.tied
        self.unfinished += result.unfinished

    @property
    def games(self) -> int:
        """The games played: won, lost or tied by A."""
        return self.won + self.lost + self.tied

    def _mean_se(self) -> tuple[float, float]:
        """Mean points per pair and its standard error, unrounded (infinite for one pair)."""
        n = self.pairs
        return self.total / n, math.sqrt(max(0.0, self._squares) / (n - 1) / n) if n > 1 else math.inf

    def z(self) -> float:
        """|mean| / se of the points per pair from the unrounded figures, as the stopping
        rule reads it; 0 when the pairs have no spread or there is one pair."""
        mean, se = self._mean_se()
        return abs(mean) / se if 0 < se < math.inf else 0.0

    def interval(self) -> dict[str, float]:
        """Mean points per pair, its standard error and its 95% Student t interval (pairs
        less one degrees of freedom)."""
        n = self.pairs
        mean, se = self._mean_se()
        half = t_quantile(0.975, n - 1) * se if n > 1 else math.inf
        return {
            "mean": round(mean, 3),
            "se": round(se, 3),
            "low": round(mean - half, 3),
            "high": round(mean + half, 3),
        }


def wilson(successes: float, n: int) -> dict[str, float]:
    """A proportion with its 95% Wilson interval."""
    if n == 0:
        return {"rate": 0.0, "low": 0.0, "high": 1.0}
    z, p = 1.96, successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"rate": round(p, 4), "low": round(centre - half, 4), "high": round(centre + half, 4)}


def looks_plan(max_pairs: int, looks: int) -> tuple[list[int], float]:
    """The pair counts at which the match looks, and the boundary for |z|."""
    step = max(math.ceil(max_pairs / max(1, min(looks, 10))), min(MIN_LOOK, max_pairs))
    at = list(range(step, max_pairs, step))[: looks - 1] + [max_pairs]
    return at, POCOCK[len(at)]


def run_match(
    pairs: Iterable[PairResult], max_pairs: int, looks: int, seen: Callable[[PairResult], None] | None = None
) -> tuple[Tally, str, float]:
    """Consume pair results until the stopping rule says stop: their tally, why it stopped
    (``boundary`` or ``max_pairs``) and the boundary used."""
    at, boundary = looks_plan(max_pairs, looks)
    done = Tally()
    for result in pairs:
        done.add(result)
        if seen is not None:
            seen(result)
        if done.pairs in at:
            if done.pairs < max_pairs and done.z() >= boundary:
                return done, "boundary", boundary
            if done.pairs >= max_pairs:
                break
    return done, "max_pairs", boundary


def summary(done: Tally) -> dict[str, object]:
    """The figures of a match: points per pair and games won, with 95% intervals."""
    games = done.games
    return {
        "pairs": done.pairs,
        "points_per_pair": done.interval(),
        "games": {
            "played": games,
            "a_won": done.won,
            "b_won": done.lost,
            "tied": done.tied,
            "a_rate": wilson(done.won + done.tied / 2, games),
            "unfinished": done.unfinished,
        },
    }
