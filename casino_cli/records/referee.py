"""Walking a record move by move: the one reader behind replay, validate and score.

:func:`walk` yields events in playing order — :class:`HandStart`, :class:`Step`,
:class:`HandEnd` — and :class:`Finding` for everything the referee objects to.
Every legality question goes to the engine's judge; this module only knows how a
record maps onto positions (decks, seeds, hands inferred from a table-only record,
dealers, claims and the game's end).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from typing import Any, NamedTuple

from ..cards import card_code
from ..engine import (
    SHUFFLE,
    HandEnd,
    HandStart,
    IllegalMove,
    Move,
    Position,
    Rules,
    Step,
    TooComplex,
    play_judged,
    seeded_deck,
    start_from_table,
    start_position,
)
from ..engine.moves import HAND_RULES, check_policy, judge_form
from ..engine.scoring import GameStep, game_after_hand, score_hand
from ..notation.errors import NotationError
from ..notation.moves import read_move
from .record import HandRecord, Record


class Finding(NamedTuple):
    """Something the referee reports; ``unchecked`` notes do not make a record invalid."""

    hand: int | None
    move: int | None
    seat: int | None
    text: str | None
    rule: str
    message: str
    unchecked: bool = False

    def as_json(self) -> dict[str, Any]:
        """The finding's fields in the order of NOTATION.md."""
        out = {
            "hand": self.hand,
            "move": self.move,
            "seat": self.seat,
            "text": self.text,
            "rule": self.rule,
            "message": self.message,
        }
        if self.unchecked:
            out["unchecked"] = True
        return out


Event = HandStart | Step | HandEnd | Finding


def walk(record: Record, keep_going: bool = False) -> Iterator[Event]:
    """Every event of ``record`` in order. Without ``keep_going`` the walk stops at the
    first finding that makes the record invalid; with it, a broken hand is abandoned and
    the next hand is refereed (the game's running score is then unknown)."""
    rules = record.rules
    n = rules.players
    scores: tuple[int, ...] | None = (0,) * rules.sides
    dealer_before: int | None = None
    winner: GameStep | None = None
    for hand in record.hands:
        if winner is not None:
            yield Finding(
                hand.number,
                None,
                None,
                None,
                "G4",
                f"the game was over after hand {hand.number - 1} ({winner.reason}); no further hand may be recorded",
            )
            if not keep_going:
                return
            break
        dealer = hand.dealer
        expected = n - 1 if dealer_before is None else (dealer_before + 1) % n
        if dealer is None:
            dealer = expected
        elif dealer_before is not None and dealer != expected:
            yield Finding(
                hand.number,
                None,
                None,
                None,
                "D4",
                f"seat {dealer} deals hand {hand.number}, but the deal passes to seat {expected}",
            )
            if not keep_going:
                return
        dealer_before = dealer
        end = yield from _walk_hand(record, hand, dealer, scores, keep_going)
        if end is _BROKEN:
            if not keep_going:
                return
            scores = None
        elif end is not None and scores is not None:
            scores = end.game.scores
            if end.game.winner is not None:
                winner = end.game
    if record.result is not None:
        yield from _check_result(record, scores, winner)


def _check_result(record: Record, scores: tuple[int, ...] | None, winner: GameStep | None) -> Iterator[Finding]:
    """The claimed result against the true one (claim findings, whole record)."""
    assert record.result is not None
    claimed_scores, claimed_winner = record.result
    if scores is None:
        yield Finding(
            None,
            None,
            None,
            None,
            "claim",
            "the claimed result could not be checked: the game's score is unknown after an illegal or unfinished hand",
            unchecked=True,
        )
        return
    if claimed_scores is not None and tuple(claimed_scores) != tuple(scores):
        yield Finding(
            None,
            None,
            None,
            None,
            "claim",
            f"the record claims final scores {_dash(claimed_scores)}, but they are {_dash(scores)}",
        )
    true_winner = winner.winner if winner else None
    if claimed_winner != true_winner:
        truth = f"side {true_winner} won ({winner.reason})" if winner else "the game is not over"
        said = "no winner" if claimed_winner is None else f"side {claimed_winner} as the winner"
        yield Finding(None, None, None, None, "claim", f"the record claims {said}, but {truth}")


def _dash(values: Iterable[int]) -> str:
    return "–".join(str(v) for v in values)


def _hand_start(
    record: Record, hand: HandRecord, dealer: int, scores: tuple[int, ...] | None, parsed: list[Any]
) -> tuple[Position, Any]:
    """The opening position, and for a table-only hand the hands inferred per deal."""
    rules = record.rules
    if hand.table is not None:
        inferred = _infer_hands(rules, dealer, hand.table, parsed)
        return start_from_table(rules, hand.table, inferred[0][0], dealer, scores), inferred
    deck = hand.deck if hand.deck is not None else seeded_deck(record.seed or "", hand.number)
    return start_position(rules, deck, dealer, scores), None


_BROKEN = object()  # what _walk_hand returns for a hand with a finding


def _walk_hand(
    record: Record, hand: HandRecord, dealer: int, scores: tuple[int, ...] | None, keep_going: bool
) -> Generator[Event, None, Any]:
    """Yield the events of one hand; return its HandEnd, None if the record stops part-way
    through it (a game in progress), or _BROKEN after a finding. ``scores`` before the
    hand is None when an earlier hand broke off (then taken as zeros, and said so)."""
    rules = record.rules
    n = rules.players
    parsed: list[Move | NotationError] = []
    for i, raw in enumerate(hand.moves):
        try:
            parsed.append(read_move(raw, f"$.hands[{hand.number - 1}].moves[{i}]"))
        except NotationError as exc:
            parsed.append(exc)
    if (
        hand.deck is not None
        and record.seed is not None
        and record.shuffle == SHUFFLE
        and hand.deck != seeded_deck(record.seed or "", hand.number)
    ):
        yield Finding(
            hand.number,
            None,
            None,
            None,
            "D1",
            f"the deck is not the {SHUFFLE} deck of seed {record.seed!r} for hand {hand.number}",
        )
        if not keep_going:
            return _BROKEN
    pos, inferred = _hand_start(record, hand, dealer, scores or (0,) * record.rules.sides, parsed)
    yield HandStart(hand.number, _shown(pos, inferred))
    per_deal = 4 * n
    for index, item in enumerate(parsed):
        number = index + 1
        raw = hand.moves[index]
        seat = pos.turn
        if isinstance(item, NotationError):
            yield Finding(
                hand.number,
                number,
                seat,
                raw if isinstance(raw, str) else None,
                "notation",
                f"the move cannot be read: {item.message}",
            )
            return _BROKEN
        text = item.text()
        if pos.finished:
            yield Finding(
                hand.number,
                number,
                None,
                text,
                "turn",
                f"the hand was over after move {index}; no more moves can be played",
            )
            return _BROKEN
        stated = raw.get("seat") if isinstance(raw, dict) else None
        if stated is not None and stated != seat:
            yield Finding(hand.number, number, seat, text, "turn", f"it is seat {seat}'s turn, not seat {stated}'s")
            return _BROKEN
        if inferred is not None and index in inferred[1]:
            yield Finding(hand.number, number, seat, text, "card", inferred[1][index])
            return _BROKEN
        try:
            facts = judge_form(pos, item)
            check_policy(pos, item, facts)
        except TooComplex as exc:
            yield Finding(hand.number, number, seat, text, "notation", f"{text} cannot be checked: {exc}")
            return _BROKEN
        except IllegalMove as exc:
            deal, _ = divmod(index, per_deal)
            if inferred is not None and exc.rule in HAND_RULES and not inferred[2][deal][seat]:
                yield Finding(
                    hand.number,
                    number,
                    seat,
                    text,
                    exc.rule,
                    f"not checked: seat {seat}'s hand in this deal is not fully known "
                    f"(the record stops before it played all its cards)",
                    unchecked=True,
                )
            else:
                yield Finding(hand.number, number, seat, text, exc.rule, f"{text} is illegal: {exc.message}")
                return _BROKEN
        deal_over = None
        if inferred is not None:
            deal_over = (index + 1) % per_deal == 0
        pos = play_judged(pos, item, facts, deal_over)
        if inferred is not None and deal_over and not pos.finished:
            pos = pos._replace(hands=inferred[0][pos.deal - 1])
        assert seat is not None, "a judged move has a seat to move"
        yield Step(hand.number, number, seat, item, facts, _shown(pos, inferred))
    if not pos.finished:
        if record.hands[-1].number == hand.number:
            if hand.score is not None:
                yield Finding(
                    hand.number,
                    None,
                    None,
                    None,
                    "claim",
                    f"the record claims a score for hand {hand.number}, but the hand stops "
                    f"unfinished after {len(parsed)} moves",
                )
            return None
        yield Finding(
            hand.number,
            None,
            None,
            None,
            "notation",
            f"hand {hand.number} stops after {len(parsed)} moves, but another hand follows",
        )
        return _BROKEN
    return (yield from _end_hand(record, hand, pos, scores is not None))


def _end_hand(record: Record, hand: HandRecord, pos: Position, scores_known: bool) -> Generator[Event, None, HandEnd]:
    score = score_hand(pos)
    game = game_after_hand(record.rules, pos.scores, score)
    if hand.score is not None and tuple(hand.score) != score.points:
        if scores_known or record.rules.endgame != "ladder":
            yield Finding(
                hand.number,
                None,
                None,
                None,
                "claim",
                f"the record claims {_dash(hand.score)} for hand {hand.number}, but it scores {_dash(score.points)}",
            )
        else:  # under the ladder a hand's sweeps depend on the score before it (P3)
            yield Finding(
                hand.number,
                None,
                None,
                None,
                "claim",
                f"the claimed score {_dash(hand.score)} could not be checked: the game's score "
                f"before hand {hand.number} is unknown after an earlier broken hand",
                unchecked=True,
            )
    end = HandEnd(hand.number, pos, score, game)
    yield end
    return end


def _shown(pos: Position, inferred: list[Any] | None) -> Position:
    """The position as others may see it: in a table-only hand, a hand the record does not
    show in full (its seat has not played all its cards of the deal yet) is unknown (null)."""
    if inferred is None or pos.finished:
        return pos
    complete = inferred[2][pos.deal - 1]
    return pos._replace(hands=tuple(h if complete[seat] else None for seat, h in enumerate(pos.hands)))


def _infer_hands(
    rules: Rules, dealer: int, table: int, parsed: list[Any]
) -> tuple[list[tuple[int, ...]], dict[int, str], list[list[bool]]]:
    """For a table-only hand: per deal, each seat's hand (the cards it played in that
    deal), the moves that play a card already seen, and whether each hand is complete."""
    n = rules.players
    per_deal = 4 * n
    deals = rules.deals_per_hand
    hands = [[0] * n for _ in range(deals)]
    played = [[0] * n for _ in range(deals)]
    repeated: dict[int, str] = {}
    seen = table
    first = (dealer + 1) % n
    for index, move in enumerate(parsed[: deals * per_deal]):
        deal, seat = index // per_deal, (first + index) % n
        if isinstance(move, NotationError):
            continue
        if seen >> move.card & 1:
            where = "on the table at the start" if table >> move.card & 1 else "already played"
            repeated[index] = f"{card_code(move.card)} was {where}; each card is played once"
            continue
        seen |= 1 << move.card
        hands[deal][seat] |= 1 << move.card
        played[deal][seat] += 1
    complete = [[count == 4 for count in deal] for deal in played]
    return [tuple(h) for h in hands], repeated, complete
