"""The itemised score of a record (``casino.score/1``) built from the referee's walk."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import HandEnd, HandStart, Position, Step
from ..engine.rules import Rules
from ..engine.scoring import ITEM_ORDER, HandScore, game_after_hand, score_hand, sweep_points
from ..errors import wrong_type
from .describe import listed
from .frames import Stop, part_way_stop, stop_words
from .record import A_RECORD, Record
from .referee import Finding, walk

SCORE_FORMAT = "casino.score/1"


def hand_json(number: int | None, score: HandScore, totals: tuple[int, ...]) -> dict[str, Any]:
    """One hand: points per side, what each side took and won, items nobody won, running score."""
    sides = [
        {"cards": s.cards, "spades": s.spades, "sweeps": s.sweeps, "items": s.items, "points": s.points}
        for s in score.sides
    ]
    items = {name: [s.items.get(name, 0) for s in score.sides] for name in ITEM_ORDER}
    return {
        "hand": number,
        "points": list(score.points),
        "items": items,
        "sides": sides,
        "unwon": score.unwon,
        "scores": list(totals),
    }


def record_score(record: Record) -> tuple[dict[str, Any], list[Finding]]:
    """The score document of a record, and the referee's findings met on the way."""
    if not isinstance(record, Record):
        raise wrong_type("record", record, A_RECORD)
    hands = []
    findings: list[Finding] = []
    scores = [0] * record.rules.sides
    winner = None
    reason = ""
    last: HandStart | Step | HandEnd | None = None
    for event in walk(record):
        if isinstance(event, Finding):
            findings.append(event)
            if event.stops:
                break  # after an illegal move the game's score is unknown
            continue
        last = event
        if isinstance(event, HandEnd):
            scores = list(event.game.scores)
            hands.append(hand_json(event.hand, event.score, event.game.scores))
            if event.game.winner is not None:
                winner, reason = event.game.winner, event.game.reason
            elif event.game.reason:
                reason = event.game.reason
    doc: dict[str, Any] = {"format": SCORE_FORMAT, "hands": hands, "scores": scores, "winner": winner}
    if reason:
        doc["reason"] = reason
    stop = part_way_stop(record, last)
    if stop is not None:
        doc["stops"] = {"hand": stop.hand, "moves": stop.number, "turn": stop.turn}
    return doc, findings


def stop_note(sheet: dict[str, Any], names: Sequence[str] | None) -> str:
    """After "the game goes on", where the record of ``sheet`` stops part-way through its
    last hand, which is not scored (``; the record stops after move 2 of hand 1: Ana
    (seat 0) to play``); "" for a record that does not."""
    stops = sheet.get("stops")
    if not stops:
        return ""
    return "; " + stop_words(Stop(stops["hand"], stops["moves"], stops["turn"]), names)


def position_score(pos: Position) -> dict[str, Any]:
    """The score document of one finished position (scores before the hand from the position)."""
    score = score_hand(pos)
    game = game_after_hand(pos.rules, pos.scores, score)
    doc = {
        "format": SCORE_FORMAT,
        "hands": [hand_json(None, score, game.scores)],
        "scores": list(game.scores),
        "winner": game.winner,
    }
    if game.reason:
        doc["reason"] = game.reason
    return doc


def sweeps_words(hand: dict[str, Any], rules: Rules, labels: Sequence[str]) -> str:
    """Why sweeps made in a hand scored less than a point each (P3), or "" when each scored:
    ``sweeps 2–2 cancel (P3): …``, and on the ladder the sides (named by ``labels``) whose
    sweeps left after cancelling scored nothing, as they began the hand too near the target."""
    made = [s["sweeps"] for s in hand["sides"]]
    if not rules.sweeps:
        return ""
    kept = sweep_points(rules, made, (0,) * len(made))  # after cancelling: nobody began on the ladder
    why = []
    if kept != made:
        why.append(
            f"sweeps {'–'.join(map(str, made))} cancel (P3): a side scores only those it made beyond every other side's"
        )
    near = [labels[s] for s, (n, scored) in enumerate(zip(kept, hand["items"]["sweeps"])) if scored < n]
    if near:
        why.append(
            f"no sweeps on the ladder (P3): {''.join(listed(near))} began the hand on {rules.target - 3} or more"
        )
    return "; ".join(why)


def cap_words(hand: dict[str, Any], before: Sequence[int], rules: Rules, labels: Sequence[str]) -> str:
    """Why a side's game score rose by less than its points (G3), or "": the sides (named by
    ``labels``) on the ladder that did not win the hand stop at the target − 1. ``before`` is
    the game score before the hand."""
    capped = [labels[s] for s, (b, p, now) in enumerate(zip(before, hand["points"], hand["scores"])) if b + p > now]
    if not capped:
        return ""
    were = "was" if len(capped) == 1 and rules.players == rules.sides else "were"  # partners are two
    return (
        f"capped at {rules.target - 1} (G3): {''.join(listed(capped))} {were} on the ladder and did not win this hand"
    )


def hand_notes(hand: dict[str, Any], before: Sequence[int], rules: Rules, labels: Sequence[str]) -> list[str]:
    """What a hand's numbers do not say (sides named by ``labels``; ``before``, the game score
    before it): why sweeps made scored less than a point each (P3), why points were capped (G3)."""
    return [note for note in (sweeps_words(hand, rules, labels), cap_words(hand, before, rules, labels)) if note]


def scores_before(sheet: dict[str, Any], start: Sequence[int] | None = None) -> list[Sequence[int]]:
    """The game score before each hand of a score document: the hand before's, or for its
    first hand ``start`` (0s when None: a game's first hand)."""
    first = [0] * len(sheet["scores"]) if start is None else start
    return [first, *(hand["scores"] for hand in sheet["hands"][:-1])]
