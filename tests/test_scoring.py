"""Scoring a finished hand: the items of P1, ties (P2), sweeps and their cancelling (S1, P3).

Finished positions are built directly: every card sits in some seat's captured pile
(chosen per test), the hand is over (turn null), and ``scores`` are the scores before
the hand (they matter for the ladder's no-sweeps rule of P3).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.cards import CODES, parse_card
from casino_cli.engine import (
    CasinoError,
    Position,
    Unseen,
    apply_move,
    legal_moves,
    make_rules,
    seeded_deck,
    start_position,
)
from casino_cli.engine.scoring import HandScore, SideScore, score_hand

SPADES = [c for c in CODES if c[1] == "S"]
SPECIAL = {"TD", "2S", "AS", "AH", "AD", "AC"}


def mask(codes) -> int:
    return sum(1 << parse_card(c) for c in codes)


def piles(counts, spades, specials=None):
    """Captured piles (lists of codes) per seat: ``counts[s]`` cards of which ``spades[s]``
    are spades, and seat s holds the special cards ``specials[s]`` (TD, 2S, aces)."""
    n = len(counts)
    specials = specials or [[] for _ in range(n)]
    named = {c for seat in specials for c in seat}
    # plain cards first, so that without named specials TD, 2S and the aces go last
    plain_spades = [c for c in SPADES if c not in named]
    plain_others = [c for c in CODES if c[1] != "S" and c not in named]
    plain_spades.sort(key=lambda c: c in SPECIAL, reverse=True)
    plain_others.sort(key=lambda c: c in SPECIAL, reverse=True)
    out = []
    for s in range(n):
        pile = list(specials[s])
        need_spades = spades[s] - sum(c[1] == "S" for c in pile)
        assert need_spades >= 0
        pile += [plain_spades.pop() for _ in range(need_spades)]
        pile += [plain_others.pop() for _ in range(counts[s] - len(pile))]
        assert len(pile) == counts[s]
        out.append(pile)
    taken = [c for p in out for c in p]
    assert len(set(taken)) == len(taken)
    return out


def finished(rules, captured, sweeps=None, scores=None, last_capture=0) -> Position:
    """A finished position whose captured piles are ``captured`` (codes per seat)."""
    n = rules.players
    held = {c for p in captured for c in p}
    loose = mask(c for c in CODES if c not in held)  # what nobody took (only when nobody captured)
    return Position(
        rules=rules,
        dealer=n - 1,
        turn=None,
        deal=rules.deals_per_hand,
        loose=loose,
        builds=(),
        hands=(0,) * n,
        stock=(),
        captured=tuple(mask(p) for p in captured),
        sweeps=tuple(sweeps or (0,) * n),
        last_capture=last_capture,
        scores=tuple(scores or (0,) * rules.sides),
    )


ALL_SPECIALS = [["TD", "2S", "AS", "AH"], ["AD", "AC"]]


# --- P1: the items ------------------------------------------------------------------------


def test_p1_every_item_and_its_points():
    rules = make_rules("classic", 2)
    pos = finished(rules, piles([30, 22], [8, 5], ALL_SPECIALS))
    score = score_hand(pos)
    assert isinstance(score, HandScore) and isinstance(score.sides[0], SideScore)
    a, b = score.sides
    assert (a.cards, a.spades, a.sweeps) == (30, 8, 0)
    assert (b.cards, b.spades, b.sweeps) == (22, 5, 0)
    assert a.items == {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 1, "AS": 1, "AH": 1}
    assert b.items == {"AC": 1, "AD": 1}
    assert score.points == (9, 2) and a.points == 9 and b.points == 2
    assert score.unwon == {}
    assert sum(score.points) == 11


def test_p1_items_are_listed_in_the_counting_order_of_p4():
    rules = make_rules("classic", 2, sweeps=True)
    pos = finished(rules, piles([40, 12], [10, 3], [["AD", "AH", "AC", "AS", "2S", "TD"], []]), sweeps=(2, 0))
    items = score_hand(pos).sides[0].items
    assert list(items) == ["cards", "spades", "big_casino", "little_casino", "AS", "AC", "AH", "AD", "sweeps"]
    assert sum(items.values()) == 13


def test_p1_other_side_takes_the_specials():
    rules = make_rules("classic", 2)
    pos = finished(rules, piles([20, 32], [9, 4], [[], ["TD", "2S", "AS", "AH", "AD", "AC"]]))
    a, b = score_hand(pos).sides
    assert a.items == {"spades": 1}
    assert b.items == {"cards": 3, "big_casino": 2, "little_casino": 1, "AS": 1, "AC": 1, "AH": 1, "AD": 1}


def test_p1_partnerships_pool_the_partners_piles():
    rules = make_rules("classic", 4)  # sides {0,2} and {1,3}
    p = piles([10, 12, 10, 20], [1, 3, 2, 7], [["TD"], ["AS"], ["2S", "AH"], ["AD", "AC"]])
    score = score_hand(finished(rules, p))
    assert len(score.sides) == 2
    a, b = score.sides
    assert (a.cards, a.spades) == (20, 3) and (b.cards, b.spades) == (32, 10)
    assert a.items == {"big_casino": 2, "little_casino": 1, "AH": 1}
    assert b.items == {"cards": 3, "spades": 1, "AS": 1, "AC": 1, "AD": 1}
    assert score.points == (4, 7)


def test_p1_four_individual_players_score_separately():
    rules = make_rules("classic", 4, partnerships=False)
    p = piles([16, 12, 12, 12], [2, 5, 3, 3], [["TD"], ["2S"], ["AS", "AH"], ["AD", "AC"]])
    score = score_hand(finished(rules, p))
    assert len(score.sides) == 4
    assert [s.items for s in score.sides] == [
        {"cards": 3, "big_casino": 2},
        {"spades": 1, "little_casino": 1},
        {"AS": 1, "AH": 1},
        {"AC": 1, "AD": 1},
    ]
    assert score.points == (5, 2, 2, 2)


def test_total_is_eleven_without_sweeps_when_nothing_is_tied_in_real_hands():
    rng = random.Random(11)
    seen = 0
    for variant, players, partnerships in (
        ("classic", 2, None),
        ("classic", 3, None),
        ("classic", 4, True),
        ("classic", 4, False),
    ):
        rules = make_rules(variant, players, partnerships)
        for k in range(4):
            pos = start_position(rules, seeded_deck(f"eleven-{players}-{k}"), players - 1)
            while not pos.finished:
                pos = apply_move(pos, rng.choice(legal_moves(pos).moves))
            score = score_hand(pos)
            assert sum(s.cards for s in score.sides) == 52 and sum(s.spades for s in score.sides) == 13
            if not score.unwon:
                seen += 1
                assert sum(score.points) == 11
            else:
                assert set(score.unwon) <= {"cards", "spades"}
                assert sum(score.points) == 11 - 3 * ("cards" in score.unwon) - ("spades" in score.unwon)
    assert seen  # at least some hands had a clear winner of every item


def test_total_is_eleven_without_sweeps_even_when_sweeps_were_made():
    rules = make_rules("classic", 3)
    pos = finished(rules, piles([20, 18, 14], [6, 4, 3], [["TD", "AS"], ["2S"], ["AH", "AD", "AC"]]), sweeps=(3, 1, 0))
    score = score_hand(pos)
    assert [s.sweeps for s in score.sides] == [3, 1, 0]  # counted, but worth nothing
    assert all("sweeps" not in s.items for s in score.sides)
    assert sum(score.points) == 11 and score.unwon == {}


def test_what_nobody_won_is_listed_in_the_counting_order():
    """A hand in which nobody captured: every item is unwon, listed as the sides' items are
    (P4's order: cards, spades, the casinos, then AS AC AH AD), not in card order."""
    rules = make_rules("classic", 2)
    score = score_hand(finished(rules, [[], []], last_capture=None))
    assert list(score.unwon) == ["cards", "spades", "big_casino", "little_casino", "AS", "AC", "AH", "AD"]
    assert score.points == (0, 0)


# --- P2: ties at the top ------------------------------------------------------------------


def test_worked_example_11_cards_tied_26_26_the_hand_is_worth_8():
    rules = make_rules("classic", 2)
    score = score_hand(finished(rules, piles([26, 26], [7, 6], ALL_SPECIALS)))
    assert [s.cards for s in score.sides] == [26, 26]
    assert "cards" not in score.sides[0].items and "cards" not in score.sides[1].items
    assert "cards" in score.unwon and "26" in score.unwon["cards"]
    assert sum(score.points) == 8
    assert score.points == (6, 2)


@pytest.mark.parametrize(
    "variant,players,partnerships,counts,spades,tied",
    [
        # two sides
        ("classic", 2, None, [26, 26], [7, 6], [0, 1]),
        ("classic", 4, True, [13, 13, 13, 13], [4, 4, 3, 2], [0, 1]),  # sides 26-26 (7 v 6 spades)
        # three sides
        ("classic", 3, None, [20, 20, 12], [5, 4, 4], [0, 1]),
        ("classic", 3, None, [12, 20, 20], [5, 4, 4], [1, 2]),
        ("american-royal", 3, None, [20, 12, 20], [2, 6, 5], [0, 2]),
        # four individual players
        ("classic", 4, False, [13, 13, 13, 13], [4, 3, 3, 3], [0, 1, 2, 3]),
        ("classic", 4, False, [15, 10, 15, 12], [4, 3, 3, 3], [0, 2]),
        ("american-royal", 4, False, [10, 16, 10, 16], [1, 5, 3, 4], [1, 3]),
    ],
)
def test_p2_cards_tied_at_the_top_score_nobody(variant, players, partnerships, counts, spades, tied):
    rules = make_rules(variant, players, partnerships)
    score = score_hand(finished(rules, piles(counts, spades)))
    assert all("cards" not in s.items for s in score.sides)
    top = max(s.cards for s in score.sides)
    assert [i for i, s in enumerate(score.sides) if s.cards == top] == tied
    assert score.unwon["cards"] == f"tied at {top}"


@pytest.mark.parametrize(
    "variant,players,partnerships,counts,spades,tied",
    [
        # three sides: 5-5-3
        ("classic", 3, None, [20, 18, 14], [5, 5, 3], [0, 1]),
        ("royal", 3, None, [14, 18, 20], [3, 5, 5], [1, 2]),
        # four individual players: 4-4-3-2 and 4-3-4-2 and ...
        ("classic", 4, False, [16, 12, 12, 12], [4, 4, 3, 2], [0, 1]),
        ("american-royal", 4, False, [16, 12, 12, 12], [2, 4, 3, 4], [1, 3]),
    ],
)
def test_p2_spades_tied_at_the_top_score_nobody(variant, players, partnerships, counts, spades, tied):
    rules = make_rules(variant, players, partnerships)
    score = score_hand(finished(rules, piles(counts, spades)))
    assert all("spades" not in s.items for s in score.sides)
    top = max(s.spades for s in score.sides)
    assert [i for i, s in enumerate(score.sides) if s.spades == top] == tied
    assert score.unwon["spades"] == f"tied at {top}"
    # cards were not tied: exactly one side has them
    assert sum("cards" in s.items for s in score.sides) == 1 and "cards" not in score.unwon


def test_p2_spades_tied_with_two_sides():
    """13 spades cannot split evenly between two sides once all are captured; a tie at the
    top needs a spade nobody took (a synthetic position: one spade left out)."""
    rules = make_rules("classic", 2)
    p = piles([26, 25], [6, 6], ALL_SPECIALS)
    score = score_hand(finished(rules, p))
    assert [s.spades for s in score.sides] == [6, 6]
    assert score.unwon["spades"] == "tied at 6"
    assert score.sides[0].items.get("cards") == 3 and "spades" not in score.sides[0].items


def test_p2_ties_at_the_top_only_lower_ties_do_not_matter():
    rules = make_rules("classic", 4, partnerships=False)
    score = score_hand(finished(rules, piles([22, 10, 10, 10], [7, 2, 2, 2])))
    assert score.sides[0].items == {"cards": 3, "spades": 1}
    assert "cards" not in score.unwon and "spades" not in score.unwon


def test_cards_and_spades_both_tied_with_four_individual_players():
    rules = make_rules("classic", 4, partnerships=False)
    p = piles([13, 13, 13, 13], [4, 4, 3, 2], [["TD"], ["2S"], ["AS", "AH"], ["AD", "AC"]])
    score = score_hand(finished(rules, p))
    assert set(score.unwon) == {"cards", "spades"}
    assert score.points == (2, 1, 2, 2) and sum(score.points) == 11 - 4


def test_nobody_captured_nothing_is_won_and_every_item_says_why():
    rules = make_rules("classic", 2)
    pos = finished(rules, [[], []], last_capture=None)
    score = score_hand(pos)
    assert score.points == (0, 0)
    assert set(score.unwon) == {"cards", "spades", "big_casino", "little_casino", "AS", "AC", "AH", "AD"}
    assert score.unwon["cards"] == "tied at 0"
    assert "nobody captured" in score.unwon["big_casino"]


def test_scoring_refuses_unfinished_hands_and_counted_piles():
    rules = make_rules("classic", 2)
    with pytest.raises(CasinoError):
        score_hand(start_position(rules, seeded_deck("s"), 1))
    pos = finished(rules, piles([26, 26], [7, 6], ALL_SPECIALS))
    with pytest.raises(CasinoError):
        score_hand(pos._replace(captured=(Unseen(26), pos.captured[1])))


# --- S1 / P3: sweeps ----------------------------------------------------------------------


def sweep_points(score: HandScore) -> list[int]:
    return [s.items.get("sweeps", 0) for s in score.sides]


def sweep_hand(rules, sweeps, scores=None):
    n = rules.players
    base = {2: [26, 26], 3: [18, 17, 17], 4: [13, 13, 13, 13]}[n]
    spades = {2: [7, 6], 3: [5, 4, 4], 4: [4, 3, 3, 3]}[n]
    return score_hand(finished(rules, piles(base, spades), sweeps=sweeps, scores=scores))


@pytest.mark.parametrize(
    "variant,options,sweeps,expected",
    [
        ("classic", {}, (3, 1), [0, 0]),  # no sweeps option
        ("classic", {"sweeps": True}, (3, 1), [3, 1]),  # each sweep 1 point
        ("american-royal", {}, (2, 2), [2, 2]),  # sweeps without cancelling
        ("royal", {}, (3, 1), [2, 0]),  # cancelling: 3-1, 1-3
        ("royal", {}, (2, 2), [0, 0]),
        ("royal", {}, (0, 4), [0, 4]),
        ("classic", {"sweeps": True, "sweeps_cancel": True}, (1, 5), [0, 4]),
    ],
)
def test_sweeps_two_sides(variant, options, sweeps, expected):
    score = sweep_hand(make_rules(variant, 2, **options), sweeps)
    assert sweep_points(score) == expected
    assert [s.sweeps for s in score.sides] == list(sweeps)  # raw sweeps are always reported


@pytest.mark.parametrize(
    "sweeps,expected",
    [
        ((3, 2, 0), [1, 0, 0]),  # RULES/docs example: 3, 2, 0 -> 1, 0, 0
        ((2, 2, 1), [0, 0, 0]),
        ((1, 0, 0), [1, 0, 0]),
        ((0, 4, 1), [0, 3, 0]),
        ((1, 3, 3), [0, 0, 0]),
        ((0, 0, 0), [0, 0, 0]),
    ],
)
def test_sweeps_cancel_three_sides(sweeps, expected):
    """P3: each side scores max(0, its sweeps - the most sweeps of any other side)."""
    rules = make_rules("royal", 3)
    assert sweep_points(sweep_hand(rules, sweeps)) == expected
    rules = make_rules("classic", 3, sweeps=True, sweeps_cancel=True)
    assert sweep_points(sweep_hand(rules, sweeps)) == expected
    rules = make_rules("american-royal", 3)  # no cancelling
    assert sweep_points(sweep_hand(rules, sweeps)) == list(sweeps)


def test_sweeps_cancel_between_partnerships_pool_the_seats():
    rules = make_rules("royal", 4)
    score = sweep_hand(rules, (1, 0, 2, 1))  # side 0: 3, side 1: 1
    assert [s.sweeps for s in score.sides] == [3, 1]
    assert sweep_points(score) == [2, 0]


def test_sweeps_cancel_four_individual_players():
    rules = make_rules("classic", 4, partnerships=False, sweeps=True, sweeps_cancel=True)
    assert sweep_points(sweep_hand(rules, (4, 1, 2, 0))) == [2, 0, 0, 0]
    assert sweep_points(sweep_hand(rules, (2, 1, 2, 0))) == [0, 0, 0, 0]


def test_sweep_points_add_to_the_hand_total():
    rules = make_rules("american-royal", 2)
    score = score_hand(finished(rules, piles([30, 22], [8, 5], ALL_SPECIALS), sweeps=(2, 3)))
    assert score.points == (9 + 2, 2 + 3)
    assert sum(score.points) == 11 + 5


# --- P3: the ladder's no-sweeps rule ------------------------------------------------------


@pytest.mark.parametrize(
    "scores,sweeps,expected",
    [
        ((18, 5), (2, 3), [0, 1]),  # docs example: A on 18 sweeps 2, B 3: A none, B 3 - 2 = 1
        ((18, 5), (2, 0), [0, 0]),  # A's sweeps score nothing (and B has none)
        ((18, 5), (1, 3), [0, 2]),  # A's sweep still cancels one of B's
        ((17, 5), (2, 0), [2, 0]),  # 17 is below target - 3: sweeps count
        ((19, 20), (3, 1), [0, 0]),  # both on the ladder
        ((20, 3), (0, 2), [0, 2]),
        ((23, 22), (3, 0), [0, 0]),  # play-on (before the hand at or above the target)
        ((22, 10), (0, 2), [0, 2]),  # play-on, the side below 18 still scores
    ],
)
def test_ladder_side_on_target_minus_3_or_more_scores_no_sweeps(scores, sweeps, expected):
    rules = make_rules("royal", 2)
    assert sweep_points(sweep_hand(rules, sweeps, scores)) == expected


def test_ladder_no_sweeps_without_cancelling():
    rules = make_rules("american-royal", 2, endgame="ladder")
    assert sweep_points(sweep_hand(rules, (2, 3), (18, 0))) == [0, 3]
    assert sweep_points(sweep_hand(rules, (2, 3), (17, 0))) == [2, 3]


def test_ladder_no_sweeps_three_sides():
    rules = make_rules("royal", 3)
    # side 1 on 19 sweeps most: scores none, but still cancels the others
    assert sweep_points(sweep_hand(rules, (2, 4, 1), (10, 19, 0))) == [0, 0, 0]
    assert sweep_points(sweep_hand(rules, (4, 2, 1), (10, 19, 0))) == [2, 0, 0]


def test_ladder_no_sweeps_follows_a_custom_target():
    rules = make_rules("royal", 2, target=11)
    assert sweep_points(sweep_hand(rules, (2, 0), (8, 0))) == [0, 0]
    assert sweep_points(sweep_hand(rules, (2, 0), (7, 0))) == [2, 0]


def test_highest_endgame_has_no_no_sweeps_rule():
    rules = make_rules("american-royal", 2)
    assert sweep_points(sweep_hand(rules, (2, 1), (20, 19))) == [2, 1]


# --- G5: a count-out on the score sheet ---------------------------------------------------


def count_out_sheet(fmt: str, **options) -> str:
    """``casino score`` of fixture 64 (a finished American Royal hand), under ``options``."""
    path = Path(__file__).resolve().parent.parent / "fixtures" / "positions" / "64-american-royal-count-out.json"
    position = json.loads(path.read_text())["position"]
    position["rules"].update(options)
    out = cli("score", "-", "--format", fmt, stdin=json.dumps(position))
    assert out.returncode == 0, out.stderr
    return out.stdout.decode()


def test_score_sheet_explains_a_count_out_win():
    sheet = json.loads(count_out_sheet("json"))
    assert sheet["hands"][0]["items"]["cards"] == [0, 3]
    assert sheet["scores"] == [24, 23] and sheet["winner"] == 1
    assert sheet["reason"] == "side 1 reached 21 first, on cards, although side 0 ended with 24"
    text = count_out_sheet("text")
    assert text.splitlines()[-1] == (
        "result: seat 1 wins (seat 1 reached 21 first, on cards, although seat 0 ended with 24)"
    )


def test_score_sheet_of_the_same_hand_under_highest():
    sheet = json.loads(count_out_sheet("json", endgame="highest"))
    assert sheet["scores"] == [24, 23] and sheet["winner"] == 0
    assert sheet["reason"] == "won with 24, the highest total"


def test_count_out_counts_the_net_sweeps_under_sweeps_cancel():
    """G5 counts the sweeps "net under sweeps_cancel" (P3), from piles built by hand:
    American Royal with sweeps_cancel, 12-20 before. Seat 0 takes 26 cards with 7 spades,
    TD, 2S and the four aces and sweeps once; seat 1 takes the other 26 (6 spades) and
    sweeps twice. Cards tie (nobody's 3); seat 0 counts 13, 15, 16, then 17-20 on the aces;
    on the sweeps, net 0 for seat 0 and 1 for seat 1, seat 1 alone reaches 21 and wins.
    Counted raw, seat 0's sweep would bring it to 21 on the same item as seat 1."""
    ours = ["TD", "2S", "AS", "AC", "AH", "AD", "3S", "4S", "5S", "6S", "7S"]
    ours += [c for c in CODES if c[1] in "HDC" and c not in SPECIAL][:15]
    theirs = [c for c in CODES if c not in ours]
    assert len(ours) == len(theirs) == 26 and sum(c[1] == "S" for c in theirs) == 6
    position = {
        "format": "casino.position/1",
        "rules": {"variant": "american-royal", "players": 2, "sweeps_cancel": True},
        "dealer": 1,
        "turn": None,
        "table": {},
        "hands": [[], []],
        "stock": [],
        "captured": [ours, theirs],
        "sweeps": [1, 2],
        "last_capture": 0,
        "scores": [12, 20],
    }
    out = cli("score", "-", stdin=json.dumps(position))
    assert out.returncode == 0, out.stderr
    sheet = json.loads(out.stdout)
    assert sheet["hands"][0]["items"]["sweeps"] == [0, 1] and sheet["hands"][0]["points"] == [8, 1]
    assert sheet["scores"] == [20, 21] and sheet["winner"] == 1
    assert sheet["reason"] == "side 1 reached 21 on sweeps"


def test_count_out_in_partnerships_pools_the_partners_sweeps():
    """G5 with 4 players in partnership, from piles built by hand: side 0 (seats 0 and 2,
    13–17 before) takes 26 cards with 8 spades, TD, 2S, AS, AC and one sweep each; side 1
    takes the other 26 with AH, AD and 2 + 1 sweeps. Counted in P4 order: cards tie; side 0
    reaches 19 on the ace of clubs, side 1 19 on the ace of diamonds; on the sweeps side 0
    adds 2 (21) and side 1 adds 3 (22): both reach 21 together, and the higher total wins."""
    ours = ["TD", "2S", "AS", "AC", "3S", "4S", "5S", "6S", "7S", "8S"]
    ours += [c for c in CODES if c[1] in "HDC" and c not in ("TD", "AH", "AD", "AC")][:16]
    theirs = [c for c in CODES if c not in ours]
    assert len(ours) == len(theirs) == 26
    position = {
        "format": "casino.position/1",
        "rules": {"variant": "american-royal", "players": 4},
        "dealer": 3,
        "turn": None,
        "table": {},
        "hands": [[], [], [], []],
        "stock": [],
        "captured": [ours[:13], theirs[:13], ours[13:], theirs[13:]],
        "sweeps": [1, 2, 1, 1],
        "last_capture": 0,
        "scores": [13, 17],
    }
    out = cli("score", "-", stdin=json.dumps(position))
    assert out.returncode == 0, out.stderr
    sheet = json.loads(out.stdout)
    assert sheet["hands"][0]["points"] == [8, 5] and sheet["scores"] == [21, 22] and sheet["winner"] == 1
    assert sheet["reason"] == "sides 0 and 1 reached 21 together, on sweeps; side 1 won with 22, the higher total"


# --- P3 in words: every view of a sheet says why sweeps made scored nothing ------------


@pytest.mark.parametrize("corpus", ["royal-2.jsonl", "royal-3.jsonl"])
def test_text_and_pretty_sheets_say_why_sweeps_scored_nothing(corpus):
    """score --svg said why sweeps made scored nothing (they cancelled, or the side began on
    the ladder: P3); -f text and pretty showed the sweeps and no such item, with no word
    of why. Each now says it, in the words of the shared sweeps_words."""
    import io

    from rich.console import Console

    from casino_cli.cli.render import score_view
    from casino_cli.records.describe import side_names
    from casino_cli.records.record import read_record
    from casino_cli.records.scoresheet import record_score, sweeps_words

    path = Path(__file__).resolve().parent.parent / "fixtures" / "records" / "corpus" / corpus
    said = 0
    for line in path.read_bytes().splitlines()[:4]:
        record = read_record(json.loads(line))
        sheet, sides = record_score(record)[0], side_names(record.rules, record.players)
        notes = [n for hand in sheet["hands"] if (n := sweeps_words(hand, record.rules, sides))]
        text = cli("score", "-", "-f", "text", stdin=line).stdout.decode()
        assert [t.strip() for t in text.splitlines() if "(P3)" in t] == notes
        screen = Console(file=io.StringIO(), width=300, no_color=True)
        screen.print(score_view(sheet, record.rules, sides))
        assert [n for n in notes if n in screen.file.getvalue()] == notes
        said += len(notes)
    assert said


# --- G3 in words: a side capped on the ladder is said to be, in every view ----------------


def test_text_and_pretty_sheets_say_where_the_ladder_capped_a_score():
    """Hand 3 of royal-2 began at 20–4 and scored 7–4, and the sheet said `game 20–8` with
    no word of why 20 + 7 made 20 (G3: on the ladder, not winning the hand). Checked over
    the ladder corpus from the JSON score alone: a cap note is given exactly for the hands
    where a side's score before the hand plus its points exceeds its score after, naming
    exactly those sides, in -f text and in pretty."""
    import io
    import re

    from rich.console import Console

    from casino_cli.cli.render import score_view
    from casino_cli.records.describe import side_names
    from casino_cli.records.record import read_record

    corpus = Path(__file__).resolve().parent.parent / "fixtures" / "records" / "corpus"
    said = 0
    for path in sorted(corpus.glob("royal-*.jsonl")):
        for line in path.read_bytes().splitlines():
            record = read_record(json.loads(line))
            sides = side_names(record.rules, record.players)
            sheet = json.loads(cli("score", "-", "-f", "json", stdin=line).stdout)
            before, capped = [0] * record.rules.sides, []
            for hand in sheet["hands"]:
                over = [s for s, (b, p, now) in enumerate(zip(before, hand["points"], hand["scores"])) if b + p > now]
                capped.append((hand["hand"], {sides[s] for s in over}) if over else None)
                before = hand["scores"]
            text = cli("score", "-", "-f", "text", stdin=line).stdout.decode()
            notes, shown, hand_no = [], [], 0
            for row in text.splitlines():
                if row.startswith("hand "):
                    hand_no = int(row.split(":")[0].split()[1])
                elif "(G3)" in row:
                    cap = re.fullmatch(
                        rf"  capped at {record.rules.target - 1} \(G3\): (.+) (?:was|were) on the ladder and did not win this hand",
                        row,
                    )
                    assert cap, row
                    notes.append((hand_no, set(re.split(", | and ", cap[1]))))
                    shown.append(row.strip())
            assert notes == [c for c in capped if c], (path, sheet["hands"])
            screen = Console(file=io.StringIO(), width=300, no_color=True)
            screen.print(score_view(sheet, record.rules, sides))
            assert [n for n in shown if n in screen.file.getvalue()] == shown
            said += len(notes)
    assert said


def test_a_positions_score_says_where_the_ladder_capped_it(tmp_path):
    """A finished position's score starts from the position's own scores (20–4 at the end
    of royal-2's hand 3): its sheet says the cap too, as the game's sheet does."""
    record = tmp_path / "royal.json"
    record.write_bytes(
        (Path(__file__).resolve().parent.parent / "fixtures/records/corpus/royal-2.jsonl").read_bytes().splitlines()[0]
    )
    position = cli("replay", str(record), "--hand", "3").stdout.splitlines()[-1]
    assert json.loads(position)["scores"] == [20, 4]
    text = cli("score", "-", "-f", "text", stdin=position).stdout.decode()
    assert "game 20–8" in text
    assert "  capped at 20 (G3): seat 0 was on the ladder and did not win this hand" in text.splitlines()


def test_a_partnership_capped_on_the_ladder_is_two_players():
    """A side of two partners capped by G3 read 'greedy & greedy was on the ladder', as if
    one player: a partnership, like two sides, 'were'."""
    game = cli(
        "simulate", "--variant", "royal", "--players", "4", "--games", "1", "--seed", "cap11", "--bots", "greedy,random"
    )
    text = cli("score", "-", "-f", "text", stdin=game.stdout).stdout.decode()
    assert "  capped at 20 (G3): greedy & greedy were on the ladder and did not win this hand" in text.splitlines()


@pytest.mark.parametrize(("named", "sides"), [(False, ["seats 0 & 2", "seats 1 & 3"]), (True, ["A & C", "B & D"])])
def test_every_sheet_and_replay_names_a_partnership_alike(tmp_path, named, sides):
    """A partnership is named by its players where the record names them, else by its
    seats, in score's text, pretty and picture, the replay's words and the picture of its
    last position: never "side 0" (the text and pretty sheets said so where the picture
    said "seats 0 & 2")."""
    doc = json.loads(cli("simulate", "--players", "4", "--seed", "p", "--bots", "greedy,random").stdout)
    doc.pop("players")
    if named:
        doc["players"] = list("ABCD")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    text = cli("score", str(path), "-f", "text").stdout.decode()
    pretty = cli("score", str(path), "-f", "pretty").stdout.decode()
    cli("score", str(path), "--svg", str(tmp_path / "sheet.svg"))
    replay = cli("replay", str(path), "-f", "text", "--svg", str(tmp_path / "last.svg")).stdout.decode()
    pictures = [
        (tmp_path / name)
        .read_text()
        .replace("&amp;", "&")
        .replace("\u2068", "")
        .replace("\u2069", "")  # names isolated
        for name in ("sheet.svg", "last.svg")
    ]
    for words in [text, pretty, pictures[0]]:  # the sheets: each side, the winner (seats 0 & 2) last
        assert words.index(sides[0]) < words.index(sides[1]) < words.rindex(f"{sides[0]} win"), words
    for words in [text, pretty, replay, *pictures]:
        assert f"{sides[0]} win" in words and "side 0" not in words and "side 1" not in words, words


@pytest.mark.parametrize("sweeps", [True, False])
def test_score_text_counts_each_side_s_sweeps_as_the_json_does(sweeps):
    """score -f text gives each side's sweeps from the JSON score's count: where sweeps
    score, as sweeps, none included ('0 sweeps'); where they do not, a side that cleared
    the table says how often, and one that never did says nothing of it."""
    record = json.loads(Path("fixtures/records/sweeps-every-other-move.json").read_text())
    record["rules"]["sweeps"] = sweeps
    data = json.dumps(record).encode()
    sides = json.loads(cli("score", "-", stdin=data).stdout)["hands"][0]["sides"]
    lines = cli("score", "-", "-f", "text", stdin=data).stdout.decode().splitlines()
    for seat, side in enumerate(sides):
        line = next(x for x in lines if x.startswith(f"  seat {seat}: "))
        taken = line.split(" -> ")[0]
        count = side["sweeps"]
        if sweeps:
            assert taken.endswith(f", {count} sweep{'' if count == 1 else 's'}"), line
        elif count:
            assert taken.endswith(f", cleared the table {'once' if count == 1 else f'{count} times'}"), line
        else:
            assert "sweep" not in taken and "cleared" not in taken, line
    assert {side["sweeps"] for side in sides} == {0, 24}  # both kinds of side met


def test_score_exits_1_for_a_record_found_not_valid_and_0_for_one_with_notes_only():
    """As validate: a finding (an illegal move) makes the record not valid, exit 1; a note
    (a check the record cannot decide) is said on stderr and leaves the exit 0. The sheet
    is written either way."""
    disputed = cli("score", "fixtures/records/dispute.json")
    noted = cli("score", "fixtures/records/dispute-part-way.json")
    assert disputed.returncode == 1 and "is illegal" in disputed.stderr and b"casino.score/1" in disputed.stdout
    assert noted.returncode == 0 and "note: not checked" in noted.stderr and "scores" in json.loads(noted.stdout)


def test_score_of_a_position_still_in_play_is_unreadable_input_in_its_place():
    """Only a finished position (turn null) is a hand to score; one still in play is input
    score cannot use: 65, said, and in JSON an error object in its place."""
    dealt = cli("deal", "--seed", "7").stdout
    out = cli("score", "-", stdin=dealt)
    said = "<stdin>:1: only a finished hand can be scored (turn must be null)"
    assert out.returncode == 65 and out.stderr == f"casino: {said}\n"
    assert json.loads(out.stdout) == {"format": "casino.score/1", "line": 1, "error": said}
