"""A record as a list of frames to step through: each hand's start, every move (with
the position it was played from), each hand's end, the findings where they arose, and
where a record stops part-way, the table it was left at."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..engine import HandEnd, HandStart, Move, Position, Step
from ..engine.rules import Rules
from ..engine.scoring import GameStep
from ..notation.errors import NotationError
from ..notation.moves import parse_move_text
from .describe import describe, named_reason, residue_words, seat_words, side_names, side_words, turn_words
from .record import Record
from .referee import Finding, walk


class Stop(NamedTuple):
    """Where a record stops part-way through a hand: the table as its last move left it."""

    hand: int
    number: int  # the moves played in the hand
    turn: int  # the seat to play next


class Frame(NamedTuple):
    """One stop of a replay; ``position`` is what the table looks like at it."""

    hand: int
    number: int  # moves played in the hand so far
    event: HandStart | Step | HandEnd | Finding | Stop
    position: Position
    before: Position | None  # for a move: the position it was played from
    move: Move | None  # the move in question (a move played, or a disputed one)


def game_words(game: GameStep, rules: Rules, names: tuple[str, ...] | None, you: int | None = None) -> str:
    """The game after a hand: ``game 5–3`` (the sides in order), or the winner named with its
    score first, ``Ana (seat 0) wins the game, 11 to 6`` (``21 to 5, 8 and 3`` with more
    sides), and why, the sides named; ``you`` is the side of the person reading, its first
    seat (``you win the game``, ``you and your partner, Cy (seat 2), win the game`` when it won)."""
    why = f" ({named_reason(game.reason, side_names(rules, names))})" if game.reason else ""
    if game.winner is None:
        return f"game {'–'.join(map(str, game.scores))}{why}"
    *first, last = [str(v) for side, v in enumerate(game.scores) if side != game.winner]
    score = f"{game.scores[game.winner]} to {', '.join(first) + ' and ' if first else ''}{last}"
    if game.winner == you:
        who = f"you and your partner, {seat_words(names, you + 2)}," if rules.partnerships else "you"
        return f"{who} win the game, {score}{why}"
    verb = "win" if rules.partnerships else "wins"
    return f"{side_words(rules, names, game.winner)} {verb} the game, {score}{why}"


def points_words(points: Sequence[int], rules: Rules, names: tuple[str, ...] | None) -> str:
    """A hand's points, ``points 8–3``, the sides in order; with more than two players,
    whose they are, which seat 0 then seat 1 no longer tells: ``points 3–0–9 (Ana, Ben,
    Cy)``, ``points 8–4 (Ana & Cy, Ben & Dan)``, the game's scores after it in that order."""
    order = f" ({', '.join(side_names(rules, names))})" if rules.players > 2 else ""
    return f"points {'–'.join(map(str, points))}{order}"


def frame_words(frame: Frame, record: Record, card_name: Callable[[int], str]) -> str:
    """What happens at a frame, in words, with the players' names."""
    names, event = record.players, frame.event
    if isinstance(event, HandStart):
        return f"hand {event.hand} starts, {seat_words(names, event.position.dealer)} deals"
    if isinstance(event, Step):
        return describe(event, card_name, names, frame.before)
    if isinstance(event, HandEnd):
        left = residue_words(event, card_name, names)
        return (
            f"hand {event.hand} ends: {left + '; ' if left else ''}{points_words(event.score.points, record.rules, names)}; "
            f"{game_words(event.game, record.rules, names)}"
        )
    if isinstance(event, Stop):
        return stop_words(event, names)
    return finding_words(event, names)


def stop_words(stop: Stop, names: Sequence[str] | None) -> str:
    """``the record stops after move 2 of hand 1: Ana (seat 0) to play``."""
    where = f"after move {stop.number} of" if stop.number else "before the first move of"
    return f"the record stops {where} hand {stop.hand}: {seat_words(names, stop.turn)} to play"


def finding_words(finding: Finding, names: Sequence[str] | None) -> str:
    """A finding for people: where, who, what and the rule."""
    where = []
    if finding.hand is not None:
        where.append(f"hand {finding.hand}")
    if finding.move is not None:
        where.append(f"move {finding.move}")
    seat, turn = finding.seat, ""
    if seat is not None and finding.rule == "turn":  # another player made the move
        turn = f" ({turn_words(names, seat)})"
    elif seat is not None:
        where.append(seat_words(names, seat))
    head = ", ".join(where) + turn
    note = "note: " if finding.unchecked else ""
    return f"{head + ': ' if head else ''}{note}{finding.for_people(names)} ({finding.rule})"


def frames_of(record: Record) -> list[Frame]:
    """Every frame of a record in order (the walk stops at the first illegal move)."""
    frames: list[Frame] = []
    for event in walk(record):
        last = frames[-1].position if frames else None
        if isinstance(event, HandStart):
            frames.append(Frame(event.hand, 0, event, event.position, None, None))
        elif isinstance(event, Step):
            frames.append(Frame(event.hand, event.number, event, event.position, last, event.move))
        elif isinstance(event, HandEnd):
            number = frames[-1].number if frames else 0
            frames.append(Frame(event.hand, number, event, event.position, None, None))
        elif last is not None:
            frames.append(_finding_frame(frames[-1], event))
        else:
            hand = event.hand or 1
            frames.append(Frame(hand, 0, event, record_start(record), None, None))
    played = [f.event for f in frames if isinstance(f.event, (HandStart, Step, HandEnd))]
    stop = part_way_stop(record, played[-1] if played else None)
    if stop is not None:
        frames.append(Frame(stop.hand, stop.number, stop, frames[-1].position, None, None))
    return frames


def part_way_stop(record: Record, last: HandStart | Step | HandEnd | None) -> Stop | None:
    """Where ``record`` stops part-way through its last hand, if ``last`` (the last hand
    start, move or hand end its walk gave; findings after it, such as a claimed score, do
    not matter) is that hand's last move, or its start when it has none, and someone is
    to play."""
    if not isinstance(last, (HandStart, Step)) or last.position.turn is None:
        return None
    number = last.number if isinstance(last, Step) else 0
    final = record.hands[-1]
    if last.hand != final.number or number != len(final.moves):
        return None  # the walk stopped early, at a finding
    return Stop(last.hand, number, last.position.turn)


def record_start(record: Record) -> Position:
    """A stand-in position for a record that fails before its first hand starts."""
    from ..engine import seeded_deck, start_position

    return start_position(record.rules, seeded_deck(record.seed or "", 1), record.rules.players - 1)


def _finding_frame(previous: Frame, finding: Finding) -> Frame:
    """A finding shown on the position it concerns, the disputed move ringed when it can be read."""
    move = None
    if finding.text is not None and finding.move is not None:
        try:
            move = parse_move_text(finding.text)
        except NotationError:
            move = None
    return Frame(previous.hand, previous.number, finding, previous.position, previous.position, move)
