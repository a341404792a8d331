"""Scoring a finished hand (P1-P4) and deciding the game (G1-G3, G5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..cards import ACE_MASK, BIG_CASINO, LITTLE_CASINO, SPADE_MASK, card_code, cards_of
from ..errors import wrong_type
from .errors import CasinoError
from .position import A_POSITION, Position, Unseen, side_cards
from .rules import A_RULES, Rules

# The counting order of P4 (aces by suit: spades, clubs, hearts, diamonds).
ITEM_ORDER = ("cards", "spades", "big_casino", "little_casino", "AS", "AC", "AH", "AD", "sweeps")


class SideScore(NamedTuple):
    """One side's hand: what it took and the points of each item it won."""

    cards: int
    spades: int
    sweeps: int  # sweeps made in the hand, before cancelling
    items: Mapping[str, int]  # item -> points, only the items this side won, in P4 order (read-only)

    @property
    def points(self) -> int:
        """The side's points for the hand."""
        return sum(self.items.values())


class HandScore(NamedTuple):
    """The itemised score of one hand: per side, and the items nobody won (with why)."""

    sides: tuple[SideScore, ...]
    unwon: Mapping[str, str]  # item -> reason, e.g. {"cards": "tied at 26"} (read-only)

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side."""
        return tuple(s.points for s in self.sides)


class GameStep(NamedTuple):
    """The game after a hand: new totals, the winner (a side or None) and why."""

    scores: tuple[int, ...]
    winner: int | None
    reason: str


def score_hand(pos: Position) -> HandScore:
    """Score a finished hand; scores before the hand come from ``pos.scores`` (P3, ladder)."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    if not pos.finished:
        raise CasinoError("only a finished hand can be scored (turn must be null)")
    rules = pos.rules
    piles = [p for p in (side_cards(pos, side) for side in range(rules.sides)) if not isinstance(p, Unseen)]
    if len(piles) != rules.sides:
        raise CasinoError("scoring needs every captured pile as cards, not only counts")
    counts = [p.bit_count() for p in piles]
    spades = [(p & SPADE_MASK).bit_count() for p in piles]
    raw_sweeps = [0] * rules.sides
    for seat, n in enumerate(pos.sweeps):
        raw_sweeps[rules.side_of(seat)] += n
    items: list[dict[str, int]] = [{} for _ in range(rules.sides)]
    unwon: dict[str, str] = {}
    _most(counts, "cards", 3, items, unwon)
    _most(spades, "spades", 1, items, unwon)
    for name, card, points in (("big_casino", BIG_CASINO, 2), ("little_casino", LITTLE_CASINO, 1)):
        _special(piles, name, card, points, items, unwon)
    for card in cards_of(ACE_MASK):
        _special(piles, card_code(card), card, 1, items, unwon)
    if rules.sweeps:
        for side, n in enumerate(sweep_points(rules, raw_sweeps, pos.scores)):
            if n:
                items[side]["sweeps"] = n
    ordered = [{k: d[k] for k in ITEM_ORDER if k in d} for d in items]
    return HandScore(
        tuple(SideScore(counts[s], spades[s], raw_sweeps[s], ordered[s]) for s in range(rules.sides)),
        {k: unwon[k] for k in ITEM_ORDER if k in unwon},
    )


def _most(values: list[int], item: str, points: int, items: list[dict[str, int]], unwon: dict[str, str]) -> None:
    """Award ``item`` to the side with strictly the most (P2)."""
    top = max(values)
    leaders = [s for s, v in enumerate(values) if v == top]
    if len(leaders) == 1:
        items[leaders[0]][item] = points
    else:
        unwon[item] = f"tied at {top}"


def _special(
    piles: list[int], item: str, card: int, points: int, items: list[dict[str, int]], unwon: dict[str, str]
) -> None:
    """Award a single card's item to the side that took it."""
    for side, pile in enumerate(piles):
        if pile >> card & 1:
            items[side][item] = points
            return
    unwon[item] = "left on the table: nobody captured in the hand"


def sweep_points(rules: Rules, raw: list[int], before: tuple[int, ...]) -> list[int]:
    """Sweep points per side after cancelling (P3) and the ladder's no-sweeps rule."""
    points = list(raw)
    if rules.sweeps_cancel:
        points = [max(0, n - max(raw[:s] + raw[s + 1 :], default=0)) for s, n in enumerate(raw)]
    if rules.endgame == "ladder":
        points = [0 if before[s] >= rules.target - 3 else n for s, n in enumerate(points)]
    return points


def game_after_hand(rules: Rules, before: tuple[int, ...], hand: HandScore) -> GameStep:
    """Carry the score over (G1) and decide the game (G2 highest, G3 ladder, G5 count_out)."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    if len(before) != rules.sides or len(hand.points) != rules.sides:
        raise CasinoError(
            f"{len(before)} scores before a hand scored for {len(hand.points)} sides; the rules have {rules.sides}"
        )
    totals = tuple(b + p for b, p in zip(before, hand.points))
    t = rules.target
    if rules.endgame == "ladder" and max(before) < t:
        return _ladder(rules, before, hand, totals)
    if max(totals) < t:
        return GameStep(totals, None, "")
    if rules.endgame == "count_out" and max(before) < t:
        return _count_out(t, before, hand, totals)
    return _highest(totals, "play-on: " if rules.endgame != "highest" else "")


def _highest(totals: tuple[int, ...], prefix: str) -> GameStep:
    """The highest total wins; level totals at the top play another hand (G2)."""
    top = max(totals)
    leaders = [s for s, v in enumerate(totals) if v == top]
    if len(leaders) > 1:
        return GameStep(totals, None, f"{prefix}tied at {top}: another hand is played")
    return GameStep(totals, leaders[0], f"{prefix}won with {top}, the highest total")


_ITEM_WORDS = {
    "cards": "cards",
    "spades": "spades",
    "big_casino": "Big Casino",
    "little_casino": "Little Casino",
    "AS": "the ace of spades",
    "AC": "the ace of clubs",
    "AH": "the ace of hearts",
    "AD": "the ace of diamonds",
    "sweeps": "sweeps",
}


def _count_out(t: int, before: tuple[int, ...], hand: HandScore, totals: tuple[int, ...]) -> GameStep:
    """Counting out (G5): the hand's items are added one at a time in the order of P4;
    the first side to reach the target wins. Called only when some side reaches it."""
    running = list(before)
    for item in ITEM_ORDER:
        for side, score in enumerate(hand.sides):
            running[side] += score.items.get(item, 0)
        reached = [s for s, r in enumerate(running) if r >= t]
        if reached:
            break
    on = f"on {_ITEM_WORDS[item]}"
    if len(reached) > 1:  # only the sweeps, counted for every side at once
        together = f"sides {_and(reached)} reached {t} together, {on}"
        top = max(totals[s] for s in reached)
        leaders = [s for s in reached if totals[s] == top]
        if len(leaders) > 1:
            return GameStep(totals, None, f"{together}, level on {top}: another hand is played")
        return GameStep(totals, leaders[0], f"{together}; side {leaders[0]} won with {top}, the higher total")
    side = reached[0]
    others = [s for s in range(len(totals)) if s != side]
    first = " first," if any(totals[s] >= t for s in others) else ""
    reason = f"side {side} reached {t}{first} {on}"
    best = max(others, key=lambda s: totals[s])
    if totals[best] > totals[side]:
        reason += f", although side {best} ended with {totals[best]}"
    elif totals[best] == totals[side]:
        reason += f", although side {best} also ended with {totals[best]}"
    return GameStep(totals, side, reason)


def _and(sides: list[int]) -> str:
    """'0 and 1', '0, 1 and 2'."""
    return ", ".join(map(str, sides[:-1])) + " and " + str(sides[-1])


_LADDER_ITEMS = {3: ("cards", "most cards"), 2: ("big_casino", "Big Casino")}


def _ladder(rules: Rules, before: tuple[int, ...], hand: HandScore, totals: tuple[int, ...]) -> GameStep:
    """The Dominican ladder on 18/19/20 (G3)."""
    t = rules.target
    rung_item = dict(_LADDER_ITEMS)
    rung_item[1] = ("spades", "most spades") if rules.ladder_20 == "most_spades" else ("little_casino", "Little Casino")
    qualified = []
    for side, score in enumerate(before):
        gap = t - score
        if gap in rung_item:
            item, words = rung_item[gap]
            if item in hand.sides[side].items:
                qualified.append((ITEM_ORDER.index(item), side, words))
    capped = tuple(min(total, t - 1) if t - 3 <= b < t else total for b, total in zip(before, totals))
    if qualified:
        _, side, words = min(qualified)
        final = capped[:side] + (totals[side],) + capped[side + 1 :]  # the winner is not capped
        return GameStep(final, side, f"won on {before[side]} by taking {words}")
    climbers = [s for s, b in enumerate(before) if b < t - 3 and capped[s] >= t]
    if not climbers:
        return GameStep(capped, None, "")
    top = max(capped[s] for s in climbers)
    leaders = [s for s in climbers if capped[s] == top]
    if len(leaders) > 1:
        return GameStep(capped, None, f"tied at {top}: play goes on without the ladder")
    return GameStep(capped, leaders[0], f"reached {top}, the highest total")
