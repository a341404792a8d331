"""One split of a build's cards into its groups (engine.position.build_groups), as a
multiple build is shown, against the brute-force reference's answer to whether any split
exists (tests/reference.py), and in the words and views that show it."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reference import build_items, resolve, splits

from casino_cli.cards import CODES, cards_of, codes_of, parse_card
from casino_cli.engine import Move, make_rules
from casino_cli.engine.position import build_groups
from casino_cli.notation.position import rules_json

RULE_SETS = [
    make_rules("classic", 2),
    make_rules("royal", 2),
    make_rules("american-royal", 2, ace_high_builds=True),
]


@settings(max_examples=400, deadline=None)
@given(
    rules=st.sampled_from(RULE_SETS),
    codes=st.lists(st.sampled_from(CODES), min_size=1, max_size=8, unique=True),
    value=st.integers(2, 14),
)
@example(rules=RULE_SETS[2], codes=["AC", "4H", "TD"], value=14)  # an ace alone as 14 (V3)
@example(rules=RULE_SETS[2], codes=["AC", "AS", "KD", "AH"], value=14)  # aces alone, or with the king
@example(rules=RULE_SETS[0], codes=["5C", "3D", "2H", "4S", "AD"], value=5)
def test_groups_split_the_cards_exactly_when_the_reference_finds_a_split(rules, codes, value):
    """Groups are disjoint, hold every card, and each adds up to the value (or is an ace
    alone as 14 with ace_high_builds); None exactly when no split exists."""
    cards = sum(1 << parse_card(c) for c in codes)
    groups = build_groups(rules, cards, value)
    options = resolve(rules_json(rules))
    lone = value == 14 and rules.ace_high_builds
    assert (groups is not None) == splits(build_items(codes, options, lone), value)
    if groups is None:
        return
    assert sum(groups) == cards and all(g & h == 0 for i, g in enumerate(groups) for h in groups[:i])
    for g in groups:
        alone_ace = lone and codes_of(g)[0][0] == "A" and g.bit_count() == 1
        assert alone_ace or sum(rules.values[c] for c in cards_of(g)) == value, codes_of(g)


def test_groups_of_a_multiple_build_in_the_words_the_listing_and_the_position():
    """A multiple build is described with its groups wherever it is shown."""
    from rich.console import Console

    from casino_cli.cli.render import moves_view, position_view
    from casino_cli.engine import MoveFacts, Step, apply_move, legal_moves, start_from_table
    from casino_cli.records.describe import describe

    rules = make_rules("royal", 2)
    mask = lambda *cs: sum(1 << parse_card(c) for c in cs)  # noqa: E731
    hands = (mask("AS", "7H", "9C", "QS"), mask("AD", "4S", "6H", "6D"))
    pos = start_from_table(rules, mask("2D", "2C", "4H", "TC"), hands, dealer=1)
    move = Move("build", parse_card("QS"), mask("2D", "4H", "TC"), 14)
    listing = legal_moves(pos)
    facts = listing.facts[list(listing).index(move)]
    assert facts == MoveFacts("new", False, True)
    step = Step(1, 1, 0, move, facts, apply_move(pos, move))
    assert describe(step) == "seat 0 builds 14 with QS and 2D 4H TC (multiple: 2D+QS and 4H+TC)"

    console = Console(width=120, record=True, color_system=None)
    console.print(moves_view([move], [facts], False, rules))
    console.print(position_view(step.position))
    shown = console.export_text()
    assert "builds 14 as 2♦+Q♠ and 4♥+10♣ (multiple)" in shown
    assert "2♦+Q♠ and 4♥+10♣  (multiple, seat 0)" in shown


def test_a_raise_is_described_with_the_build_it_raises_and_any_group_it_brings_in():
    """fixtures/positions/08: 2S raises the other seat's 7-build (3C+4H) to 9, alone or
    with the loose 9D as a second group: the words name the old build and its new value, and
    for the multiple one, the card brought in and the groups (each built around the largest
    card left, as ``build_groups`` splits them: 9D first)."""
    from casino_cli.engine import Step, apply_move, legal_moves
    from casino_cli.notation.position import read_position
    from casino_cli.records.describe import describe

    fixture = (
        Path(__file__).resolve().parent.parent / "fixtures" / "positions" / "08-example-8-raise-with-extra-group.json"
    )
    pos = read_position(orjson.loads(fixture.read_bytes())["position"])
    listing = legal_moves(pos)
    said = {
        describe(Step(1, 1, 0, m, f, apply_move(pos, m)))
        for m, f in zip(listing.moves, listing.facts)
        if f.kind == "raise"
    }
    assert said == {
        "seat 0 raises the 7-build to 9 with 2S",
        "seat 0 raises the 7-build to 9 with 2S (and 9D; multiple: 9D and 2S+3C+4H)",
    }


def test_an_add_is_described_as_an_add_with_the_cards_it_brings():
    """fixtures/positions/36: 3S with the loose 3D added to the 6-build is 'adds', the card
    played and the loose one it brings, never a raise of the build to its own value."""
    from casino_cli.engine import Step, apply_move, legal_moves
    from casino_cli.notation.position import read_position
    from casino_cli.records.describe import describe

    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "positions" / "36-classic-add-to-multiple.json"
    pos = read_position(orjson.loads(fixture.read_bytes())["position"])
    listing = legal_moves(pos)
    adds = [(m, f) for m, f in zip(listing.moves, listing.facts) if f.kind == "add"]
    said = {describe(Step(1, 1, 0, m, f, apply_move(pos, m))) for m, f in adds}
    assert said == {"seat 0 adds 3S 3D to the 6-build"} and len(adds) == 1


@pytest.mark.parametrize("variant, words", [("royal", " — sweep"), ("classic", " — clears the table")])
def test_a_capture_that_takes_the_whole_table_is_described_as_a_sweep_where_sweeps_score(variant, words):
    """5H takes the whole table, 5C 5D and 2C+3D: a sweep where sweeps score (royal), else it
    just clears the table (classic), in those words after the capture."""
    from casino_cli.engine import Step, apply_move, legal_moves, start_from_table
    from casino_cli.records.describe import describe

    rules = make_rules(variant, 2)
    mask = lambda *cs: sum(1 << parse_card(c) for c in cs)  # noqa: E731
    pos = start_from_table(
        rules, mask("2C", "3D", "5C", "5D"), (mask("5H", "7D", "9C", "KS"), mask("2D", "4S", "6H", "8D")), dealer=1
    )
    listing = legal_moves(pos)
    (move, facts), *_ = [
        (m, f) for m, f in zip(listing.moves, listing.facts) if m.cards == mask("2C", "3D", "5C", "5D")
    ]
    assert facts.sweep and move.text() == "5Hx2C+3D+5D+5C"
    assert describe(Step(1, 1, 0, move, facts, apply_move(pos, move))) == f"seat 0 takes 2C 3D 5D 5C with 5H{words}"


@pytest.mark.parametrize(
    "left, players, words",
    [
        ("5C", None, "the card left on the table, 5C, goes to seat 1, the last to capture (S2)"),
        ("5C TD", ("Ana", "Ben"), "the cards left on the table, 5C TD, go to Ben (seat 1), the last to capture (S2)"),
        ("", None, ""),
    ],
)
def test_the_cards_left_at_a_hands_end_are_said_to_go_to_the_last_capturer(left, players, words):
    """S2 in words: one card left "goes", more "go", to the last seat that captured (by its
    name where the record names it); nothing is said when no card is left."""
    from casino_cli.engine import seeded_deck, start_position
    from casino_cli.engine.game import HandEnd
    from casino_cli.records.describe import residue_words

    pos = start_position(make_rules("classic", 2), seeded_deck("rs"), 1)._replace(last_capture=1)
    residue = sum(1 << parse_card(c) for c in left.split())
    end = HandEnd(1, pos, None, None, residue)  # the words need only the position and the residue
    assert residue_words(end, players=players) == words


@pytest.mark.parametrize(
    "players, twins",
    [
        (("greedy", "greedy", "greedy", "greedy"), True),
        (("Ana", "Ana", "Ben", "Ben"), True),  # both sides "Ana & Ben"
        (("Ana", "Ben", "Ana", "Ana"), False),  # "Ana & Ana" and "Ben & Ana"
        (("Ana", "Ben", "Ana", "Ben"), False),  # "Ana & Ana" and "Ben & Ben"
        (("Ana", "Ana"), False),
        (None, False),
    ],
)
def test_two_partnerships_read_alike_exactly_when_their_names_do(players, twins):
    """Partners sit across (seats 0 & 2 against 1 & 3): the two sides read alike, and are
    then told apart by their seats, exactly when seat 0's name is seat 1's and seat 2's
    seat 3's."""
    from casino_cli.records.describe import twin_sides

    assert twin_sides(players) is twins


@pytest.mark.parametrize(
    "players, sides",
    [
        (("Ana", "Ben", "Cy", "Dan"), ["Ana & Cy", "Ben & Dan"]),
        (("Ana", "Ben", "", "Dan"), ["seats 0 & 2", "Ben & Dan"]),  # "Ana & " would hide seat 2
        (None, ["seats 0 & 2", "seats 1 & 3"]),
    ],
)
def test_a_partnership_is_named_by_its_players_only_when_both_have_names(players, sides):
    """A side for people is its players' names, or its seats where either has none ("")."""
    from casino_cli.records.describe import side_names, side_words

    rules = make_rules("classic", 4)
    assert side_names(rules, players) == sides == [side_words(rules, players, side) for side in (0, 1)]


def test_the_unions_of_groups_stop_where_their_steps_run_out():
    """Offering a group to the unions found so far costs one step per union: with 3 steps,
    four disjoint groups cost 1 and 2 (four unions), and the third's 4 overruns: the set
    stops there, partial, with the steps below zero (not all sixteen unions, unbounded)."""
    from casino_cli.engine.groups import disjoint_unions

    assert disjoint_unions([0b1, 0b10, 0b100, 0b1000], 3) == ({0, 0b1, 0b10, 0b11}, -4)
    assert disjoint_unions([0b1, 0b10, 0b100, 0b1000], 15) == (set(range(16)), 0)
