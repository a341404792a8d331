"""The worked examples of RULES.md §8 (1-10) checked against the reference move generator.

Two players, the mover is seat 0; "own" builds belong to seat 0, others to seat 1; the
opponent's hand is unknown (null) unless stated.
"""

import pytest
from reference import reference_moves


def pos(variant, loose, hand, builds=(), players=2, other=None, **options):
    """A casino.position/1 dict; builds are (value, owner, cards) triples."""
    hands = [list(hand)] + [other] * (players - 1)
    return {
        "format": "casino.position/1",
        "rules": {"variant": variant, "players": players, **options},
        "turn": 0,
        "table": {"loose": list(loose), "builds": [{"value": v, "owner": w, "cards": list(c)} for v, w, c in builds]},
        "hands": hands,
    }


def test_example_1_classic_nine_moves():
    moves = reference_moves(pos("classic", ["8D", "5C", "3H", "6S", "2D", "KH"], ["8S", "4C"]))
    assert moves == {
        "8Sx8D",
        "8Sx3H+5C",
        "8Sx2D+6S",
        "8Sx3H+5C+8D",
        "8Sx2D+6S+8D",
        "8Sx2D+3H+5C+6S",
        "8Sx2D+3H+5C+6S+8D",
        "8S",
        "4C",
    }
    assert len(moves) == 9


def test_example_2_classic_ten_moves():
    moves = reference_moves(pos("classic", ["AC", "2D", "3H", "5S", "6C", "8D"], ["8S"]))
    assert moves == {
        "8Sx8D",
        "8Sx3H+5S",
        "8Sx2D+6C",
        "8Sx3H+5S+8D",
        "8Sx2D+6C+8D",
        "8Sx2D+3H+5S+6C",
        "8Sx2D+3H+5S+6C+8D",
        "8SxAC+2D+5S",
        "8SxAC+2D+5S+8D",
        "8S",
    }
    assert len(moves) == 10
    assert "8SxAC+2D+3H+5S+6C+8D" not in moves  # they total 25


def test_example_3_classic_four_moves():
    moves = reference_moves(pos("classic", ["QH", "QS", "5D"], ["QC", "7H"]))
    assert moves == {"QCxQH", "QCxQS", "QC", "7H"}


def test_example_3_royal_six_moves():
    moves = reference_moves(pos("royal", ["QH", "QS", "5D"], ["QC", "7H"]))
    assert moves == {
        "QCxQS+QH",
        "7H+5D=12",
        "7H+5D+QS=12",
        "7H+5D+QH=12",
        "7H+5D+QS+QH=12",
        "7H",
    }


def test_example_4_royal():
    moves = reference_moves(pos("royal", ["9C", "5D"], ["5S", "AH"]))
    assert moves == {"5Sx5D", "5S+9C=14", "AHx5D+9C", "AH"}
    assert "5S" not in moves  # T3


def test_example_5_royal():
    moves = reference_moves(pos("royal", ["TH", "TS", "8C", "6D"], ["TD", "AC", "5H", "9S"]))
    assert moves == {"TDxTS+TH", "ACx6D+8C", "AC+8C=9", "AC", "5H", "9S"}


def test_example_6_classic_owner_must_capture():
    p = pos("classic", ["9H"], ["8C", "4D"], builds=[(8, 0, ["5S", "3H"])])
    assert reference_moves(p) == {"8Cx3H+5S"}


def test_example_7_classic_raise_without_loose_card():
    p = pos("classic", ["2C"], ["3H", "8D", "TS"], builds=[(5, 1, ["AS", "4D"])])
    moves = reference_moves(p)
    assert moves == {"3H", "8D", "TS", "3H+AS+4D=8", "8D+2C=10"}
    assert "3H+AS+2C+4D=10" not in moves  # B4


def test_example_8_classic_raise_with_extra_group():
    p = pos("classic", ["9D"], ["2S", "9C"], builds=[(7, 1, ["3C", "4H"])])
    moves = reference_moves(p)
    assert moves == {"2S", "9C", "9Cx9D", "2S+3C+4H=9", "2S+3C+4H+9D=9"}


def test_example_9_classic_multiple_build_not_raised():
    p = pos("classic", [], ["AS", "6D"], builds=[(5, 1, ["5C", "3D", "2H"])])
    moves = reference_moves(p)
    assert moves == {"AS", "6D"}
    assert "AS+2H+3D+5C=6" not in moves  # B5


def test_example_10_royal_no_raise_own():
    p = pos("royal", [], ["2S", "QD", "TC"], builds=[(10, 0, ["6C", "4H"])])
    moves = reference_moves(p)
    assert moves == {"TCx4H+6C"}
    assert "2S+4H+6C=12" not in moves  # B6


@pytest.mark.parametrize(
    "variant, expected",
    [
        ("american-royal", {"TCx4H+6C", "2S+4H+6C=12"}),  # raise_own: the raise is legal
        ("royal", {"TCx4H+6C"}),
    ],
)
def test_example_10_raise_own_option(variant, expected):
    p = pos(variant, [], ["2S", "QD", "TC"], builds=[(10, 0, ["6C", "4H"])])
    assert reference_moves(p) == expected


def test_partner_build_needs_partner_builds():
    """B7: raising a partner's (seat 2) build needs partner_builds; capturing never does."""
    builds = [(5, 2, ["AS", "4D"])]
    base = pos("american-royal", [], ["3H", "8D", "5C"], builds=builds, players=4)
    assert "3H+AS+4D=8" in reference_moves(base)
    off = pos("american-royal", [], ["3H", "8D", "5C"], builds=builds, players=4, partner_builds=False)
    moves = reference_moves(off)
    assert "3H+AS+4D=8" not in moves and "5CxAS+4D" in moves
