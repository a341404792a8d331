"""Positions built by hand: check_position says what is wrong with one, in the pure engine
and in the compiled one (tests/test_packaging.py runs this file against a wheel)."""

from __future__ import annotations

import pytest

from casino_cli.cards import card_code, codes_of, lowest
from casino_cli.engine import (
    Build,
    Partial,
    PositionError,
    Unseen,
    check_position,
    make_rules,
    seeded_deck,
    start_position,
)
from casino_cli.engine.errors import Pile, Problem
from casino_cli.engine.rules import MAX_SCORE


def test_check_position_lists_what_is_wrong_with_any_position_built_by_hand():
    """A Position is a NamedTuple that trusts its fields; check_position is the check of one
    built by hand: a field of the wrong type or out of range is a PositionError naming its
    JSON path, never an IndexError, TypeError or AttributeError from the checks themselves."""
    pos = start_position(make_rules("royal"), seeded_deck("7"), dealer=1)
    deep: list = []
    for _ in range(10_000):  # too deep for repr: a RecursionError as the problem was written
        deep = [deep]
    partial = pos._replace(hands=(Partial(pos.hands[0] & -pos.hands[0], 4), None), stock=Unseen(40))
    for start in (pos, partial):
        check_position(start)
        for field, value, path in (
            ("rules", "royal", "$.rules"),
            ("turn", 5, "$.turn"),
            ("turn", -1, "$.turn"),
            ("turn", "0", "$.turn"),
            ("dealer", 2, "$.dealer"),
            ("last_capture", 3, "$.last_capture"),
            ("deal", "1", "$.deal"),
            ("loose", "AS", "$.table.loose"),
            ("loose", -1, "$.table.loose"),
            ("loose", 1 << 60, "$.table.loose"),
            ("builds", ("x",), "$.table.builds[0]"),
            ("builds", [], "$.table.builds"),
            ("builds", (Build(5, 0, 0b11 << 20, True),), "$.table.builds[0]"),  # 6S+6H make no single 5
            ("builds", (Build(7, 0, 1 << 52, False),), "$.table.builds[0]"),  # its repr raised a CardError
            ("hands", list(start.hands), "$.hands"),
            ("hands", deep, "$.hands"),
            ("hands", ("2C 4C", None), "$.hands[0]"),
            ("hands", (Partial("2C", 4), None), "$.hands[0]"),
            ("stock", list(range(40)), "$.stock"),
            ("stock", (52,) * 40, "$.stock"),
            ("stock", Unseen(-4), "$.stock"),
            ("captured", (0, "AS"), "$.captured[1]"),
            ("sweeps", (0, -1), "$.sweeps[1]"),
            ("scores", (0, None), "$.scores[1]"),
            ("scores", (0,), "$.scores"),
            ("scores", (0, MAX_SCORE + 1), "$.scores[1]"),  # position_json wrote it; read_position refused it
        ):
            with pytest.raises(PositionError) as refused:
                check_position(start._replace(**{field: value}))
            assert any(p.startswith(path) for p in refused.value.problems), (field, value, refused.value.problems)


def test_check_position_of_huge_fields_says_so_in_a_few_words():
    """Too many items, or a number past 64 bits: one short problem at its path. A tuple of
    100,000 builds gave a 13 MB message; a 5,000-digit turn a ValueError of Python's (no int
    of over 4,300 digits is written)."""
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    build = Build(9, 0, pos.loose & -pos.loose | 1 << 51, False)
    huge = 10**5000
    for field, value, path in (
        ("builds", (build,) * 100_000, "$.table.builds: a tuple of 100,000 items; a position has at most 26"),
        ("stock", (0,) * 1_000_000, "$.stock"),
        ("hands", (0,) * 100_000, "$.hands: a tuple of 100,000 items; a position has at most 4"),
        ("scores", (0,) * 5, "$.scores: a tuple of 5 items"),
        ("turn", huge, "$.turn: int <int of about 5,000 digits>"),
        ("dealer", -huge, "$.dealer: int <int of about 5,000 digits>"),
        ("deal", 2**64, "$.deal: int <int of about 20 digits>"),
        ("sweeps", (huge, 0), "$.sweeps[0]"),
        ("scores", (0, huge), "$.scores[1]"),
        ("stock", Unseen(huge), "$.stock"),
        ("hands", (Partial(1, huge), None), "$.hands[0]"),
        ("builds", (Build(huge, 0, 3, False),), "$.table.builds[0]"),
    ):
        with pytest.raises(PositionError) as refused:
            check_position(pos._replace(**{field: value}))
        assert refused.value.problems[0].startswith(path) and len(str(refused.value)) < 200, (field, refused.value)


def test_a_problem_names_its_piles_as_data():
    """A card found twice and a build its cards do not make are Problems naming their piles
    (a build by its cards, the builds being sorted) as data, the notation's to find in a
    document, and the same text as .problems gives."""
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    card = lowest(pos.hands[1])
    build = Build(5, 0, pos.hands[0], False)
    with pytest.raises(PositionError) as refused:
        check_position(pos._replace(loose=pos.loose | 1 << card, builds=(build,), hands=(0, pos.hands[1])))
    problems = [p for p in refused.value.found if isinstance(p, Problem)]
    assert problems[0] == Problem(
        (Pile("$.table.loose"), Pile("$.hands[1]")), f"{card_code(card)} appears more than once", card
    )
    assert problems[1].piles == (Pile("$.table.builds", pos.hands[0], f"({'+'.join(codes_of(pos.hands[0]))}=5)"),)
    assert list(map(str, refused.value.found)) == refused.value.problems


def test_a_card_twice_in_the_stock_names_each_place_it_is_at():
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    card = pos.stock[0]
    with pytest.raises(PositionError) as refused:
        check_position(pos._replace(stock=pos.stock[:5] + (card,) + pos.stock[6:]))
    problems = [p for p in refused.value.found if isinstance(p, Problem)]
    assert problems[0] == Problem(
        (Pile("$.stock[0]"), Pile("$.stock[5]")), f"{card_code(card)} appears more than once", card
    )
