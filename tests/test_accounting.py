"""The position check completes the accounting (issue 17): every position reached by play
passes it, seen in full, with counts for cards, or with hands unknown; each bound, broken
on its own, is refused with its JSON path."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from strategies import lines, random_line

from casino_cli.cards import cards_of, count
from casino_cli.engine import PositionError, Unseen, check_position, make_rules
from casino_cli.engine.position import Position

RULE_SETS = [
    make_rules("classic", 2),
    make_rules("royal", 3),
    make_rules("classic", 4),
    make_rules("classic", 4, False),
]


def played_positions(seed: int, moves: int = 48) -> list[Position]:
    rng = random.Random(seed)
    return random_line(RULE_SETS[seed % len(RULE_SETS)], rng, moves)


def views(pos: Position) -> list[Position]:
    """The same position as a document may give it: in full, with counts for the piles
    and stock, and with every hand but the mover's unknown."""
    counted = pos._replace(
        captured=tuple(Unseen(count(p)) for p in pos.captured),  # type: ignore[arg-type]
        stock=Unseen(pos.stock_count),
    )
    hidden = counted._replace(hands=tuple(h if s == pos.turn else None for s, h in enumerate(pos.hands)))
    return [pos, counted, hidden]


def pile(p) -> int:
    return p.count if isinstance(p, Unseen) else count(p)


def set_seat(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1 :]


def mutations(pos: Position):
    """(name, the mutated position, the path its refusal must name) for each bound this
    position lets us break on its own."""
    piles = [pile(p) for p in pos.captured]
    yield "captured beyond 52", pos._replace(captured=set_seat(pos.captured, 0, Unseen(52))), "$.captured"
    for seat, size in enumerate(piles):
        more = size // 2 + 1
        yield "sweeps beyond captures", pos._replace(sweeps=set_seat(pos.sweeps, seat, more)), f"$.sweeps[{seat}]"
        if size == 0:
            yield "last capture by an empty pile", pos._replace(last_capture=seat), "$.last_capture"
            one = pos._replace(captured=set_seat(pos.captured, seat, Unseen(1)))
            yield "a one-card pile", one, f"$.captured[{seat}]"
    if any(piles):
        yield "captures but no last capture", pos._replace(last_capture=None), "$.last_capture"
    yield "a negative score", pos._replace(scores=set_seat(pos.scores, 0, -1)), "$.scores[0]"
    counted = [(s, p) for s, p in enumerate(pos.captured) if isinstance(p, Unseen) and p.count >= 4]
    if counted:
        seat, p = counted[0]
        fewer = pos._replace(captured=set_seat(pos.captured, seat, Unseen(p.count - 2)))
        yield "two cards missing from the counts", fewer, "$.captured"
    if pos.finished and pos.last_capture is not None and not isinstance(pos.captured[pos.last_capture], Unseen):
        mine = pos.captured[pos.last_capture]
        card = 1 << next(c for c in cards_of(mine))
        residue = pos._replace(loose=pos.loose | card, captured=set_seat(pos.captured, pos.last_capture, mine & ~card))
        yield "a residue after a capture", residue, "$.table.loose"


def assert_refused(pos: Position, path: str, name: str) -> None:
    with pytest.raises(PositionError) as info:
        check_position(pos)
    assert any(p.startswith(path) for p in info.value.problems), (name, path, info.value.problems)


@pytest.mark.parametrize("seed", range(12))
def test_every_position_reached_by_play_passes_and_every_broken_bound_fails(seed):
    for pos in played_positions(seed):
        for view in views(pos):
            check_position(view)
            for name, bad, path in mutations(view):
                assert_refused(bad, path, name)


@settings(max_examples=40, deadline=None)
@given(line=lines())
def test_positions_of_any_line_pass_and_their_broken_bounds_fail(line):
    for pos in line.positions[::7] + (line.last,):
        for view in views(pos):
            check_position(view)
            for name, bad, path in mutations(view):
                assert_refused(bad, path, name)


def test_the_issue_examples_are_refused():
    pos = played_positions(0, 10)[-1]
    big = pos._replace(captured=(Unseen(52), Unseen(52)), stock=Unseen(pos.stock_count))
    assert_refused(big, "$.captured", "[52,52]")
    swept = pos._replace(sweeps=(52, 0), captured=(0, 0), last_capture=None)
    assert_refused(swept, "$.sweeps[0]", "sweeps [52, 0] with empty piles")
