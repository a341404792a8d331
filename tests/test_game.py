"""The game: carrying scores over (G1), `highest` (G2), the Dominican ladder (G3), counting out (G5).

Most tests give :func:`game_after_hand` a hand score whose items are stated directly
(what each side won); a few score real finished positions end to end.
"""

from __future__ import annotations

import random

import pytest

from casino_cli.cards import CODES, parse_card
from casino_cli.engine import Position, apply_move, legal_moves, make_rules, seeded_deck, start_position
from casino_cli.engine.scoring import GameStep, HandScore, SideScore, game_after_hand, score_hand


def hand(*sides: dict) -> HandScore:
    """A hand score from the items each side won, e.g. hand({"cards": 3}, {"AS": 1})."""
    return HandScore(tuple(SideScore(0, 0, 0, dict(items)) for items in sides), {})


def points(n: int) -> dict:
    """Items worth ``n`` points that are none of the ladder's items (aces and sweeps)."""
    items: dict = {}
    for ace in ("AS", "AC", "AH", "AD"):
        if len(items) < n:
            items[ace] = 1
    if n > len(items):
        items["sweeps"] = n - len(items)
    return items


def step(rules, before, *sides) -> GameStep:
    return game_after_hand(rules, tuple(before), hand(*sides))


ROYAL = make_rules("royal", 2)
ROYAL_SPADES = make_rules("royal", 2, ladder_20="most_spades")
CLASSIC = make_rules("classic", 2)


# --- G1: carry-over -----------------------------------------------------------------------


def test_g1_scores_carry_over_from_hand_to_hand():
    rules = CLASSIC
    scores = (0, 0)
    for a, b in ((6, 5), (3, 8), (7, 4)):
        g = step(rules, scores, points(a), points(b))
        assert g.scores == (scores[0] + a, scores[1] + b)
        scores = g.scores
    assert scores == (16, 17) and g.winner is None and g.reason == ""


def test_g1_carry_over_through_real_hands():
    """Hand after hand of random play: the game score is the running sum of hand points."""
    rules = make_rules("american-royal", 3)
    rng = random.Random(5)
    scores = (0, 0, 0)
    for h in range(1, 4):
        pos = start_position(rules, seeded_deck("carry", h), (2 + h - 1) % 3, scores)
        while not pos.finished:
            pos = apply_move(pos, rng.choice(legal_moves(pos).moves))
        score = score_hand(pos)
        g = game_after_hand(rules, scores, score)
        assert g.scores == tuple(s + p for s, p in zip(scores, score.points))
        scores = g.scores
        if g.winner is not None:
            assert max(scores) >= 21
            break


# --- G2: highest --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "before,gain,winner",
    [
        ((15, 10), (5, 4), None),  # nobody reaches 21
        ((15, 10), (6, 4), 0),  # exactly the target
        ((18, 19), (5, 6), 1),  # both reach it: the highest total wins
        ((18, 19), (6, 3), 0),  # 24 v 22
        ((16, 20), (8, 4), None),  # 24 - 24: another hand
        ((24, 24), (1, 0), 0),  # the next hand decides
        ((24, 24), (0, 0), None),
        ((10, 19), (11, 1), 0),  # 21 v 20
    ],
)
def test_g2_highest(before, gain, winner):
    g = step(CLASSIC, before, points(gain[0]), points(gain[1]))
    totals = (before[0] + gain[0], before[1] + gain[1])
    assert g.scores == totals
    assert g.winner == winner
    if winner is None and max(totals) >= 21:
        assert "tied" in g.reason


def test_g2_highest_three_sides_tie_at_the_top_only():
    rules = make_rules("classic", 3)
    assert step(rules, (20, 20, 5), points(3), points(3), points(5)).winner is None  # 23 - 23 - 10
    assert step(rules, (20, 18, 5), points(3), points(6), points(5)).winner == 1  # 23 - 24 - 10
    g = step(rules, (20, 20, 19), points(2), points(1), points(3))  # 22 - 21 - 22
    assert g.winner is None and g.scores == (22, 21, 22)


def test_g2_highest_four_individual_players_and_partnerships():
    rules = make_rules("american-royal", 4, partnerships=False, endgame="highest")
    assert step(rules, (19, 19, 19, 19), points(2), points(3), points(1), points(0)).winner == 1
    rules = make_rules("classic", 4)
    assert step(rules, (19, 19), points(2), points(3)).winner == 1


def test_g2_highest_is_not_affected_by_the_ladder_items():
    """Under `highest`, 18 + most cards is no win of its own: only totals count."""
    g = step(CLASSIC, (18, 15), {"cards": 3}, points(8))
    assert g.winner == 1 and g.scores == (21, 23)
    g = step(make_rules("american-royal", 2, endgame="highest"), (20, 10), {"little_casino": 1, "cards": 3}, {})
    assert g.winner == 0 and g.scores == (24, 10)  # no cap at 20 either
    g = step(ROYAL, (18, 15), {"cards": 3}, points(8))  # the same hand under the ladder
    assert g.winner == 0


def test_g2_custom_target():
    rules = make_rules("classic", 2, target=11)
    assert step(rules, (5, 8), points(6), points(2)).winner == 0  # 11 v 10
    assert step(rules, (5, 8), points(5), points(2)).winner is None  # 10 v 10
    assert step(rules, (5, 8), points(6), points(3)).winner is None  # 11 v 11: tied


# --- G3: the ladder -----------------------------------------------------------------------


def test_g3_18_wins_with_most_cards():
    g = step(ROYAL, (18, 10), {"cards": 3}, points(8))
    assert g.winner == 0
    assert "most cards" in g.reason


def test_g3_18_without_most_cards_does_not_win_and_is_capped():
    g = step(ROYAL, (18, 10), {"big_casino": 2, "little_casino": 1, "AS": 1, "AC": 1}, {"cards": 3})
    assert g.winner is None
    assert g.scores == (20, 13)


def test_g3_19_wins_with_big_casino():
    assert step(ROYAL, (19, 10), {"big_casino": 2}, {"cards": 3, "spades": 1}).winner == 0
    g = step(ROYAL, (19, 10), {"cards": 3, "little_casino": 1}, {"big_casino": 2})
    assert g.winner is None and g.scores == (20, 12)


def test_g3_20_wins_with_little_casino():
    assert step(ROYAL, (20, 10), {"little_casino": 1}, {"cards": 3, "spades": 1}).winner == 0
    g = step(ROYAL, (20, 10), {"cards": 3, "spades": 1}, {"little_casino": 1})
    assert g.winner is None and g.scores == (20, 11)


def test_g3_20_with_ladder_20_most_spades_needs_most_spades():
    assert step(ROYAL_SPADES, (20, 10), {"spades": 1}, {"cards": 3, "little_casino": 1}).winner == 0
    g = step(ROYAL_SPADES, (20, 10), {"little_casino": 1, "cards": 3}, {"spades": 1})
    assert g.winner is None and g.scores == (20, 11)  # Little Casino is not enough


@pytest.mark.parametrize(
    "before,items",
    [
        (18, {"big_casino": 2}),
        (18, {"little_casino": 1}),
        (19, {"cards": 3}),
        (19, {"little_casino": 1}),
        (20, {"cards": 3}),
        (20, {"big_casino": 2, "spades": 1}),
    ],
)
def test_g3_only_the_item_of_your_rung_counts(before, items):
    g = step(ROYAL, (before, 0), items, {})
    assert g.winner is None
    assert g.scores[0] == min(20, before + sum(items.values()))


def test_worked_example_12():
    """Royal: A 18, B 16 before the hand; A takes most cards (3), B takes 8 points: A wins."""
    g = step(
        ROYAL,
        (18, 16),
        {"cards": 3},
        {"big_casino": 2, "little_casino": 1, "spades": 1, "AS": 1, "AC": 1, "AH": 1, "AD": 1},
    )
    assert g.winner == 0
    assert g.scores == (21, 24)  # A keeps its points; B, not on the ladder, adds its own


@pytest.mark.parametrize(
    "before,items", [(18, {"cards": 3}), (19, {"big_casino": 2, "AS": 1, "spades": 1, "cards": 3})]
)
def test_g3_a_ladder_winner_reaches_the_target(before, items):
    g = step(ROYAL, (before, 0), items, {})
    assert g.winner == 0
    assert g.scores[0] == before + sum(items.values()) >= 21


def test_worked_example_12_from_real_piles():
    """The same through score_hand: A takes 27 cards (3), B every other item (8)."""
    rules = ROYAL
    b_cards = ["TD", "2S", "AS", "AH", "AD", "AC"] + [c for c in CODES if c[1] == "S" and c not in ("2S", "AS")][:6]
    rest = [c for c in CODES if c not in b_cards]
    a_cards, b_cards = rest[:27], b_cards + rest[27:]
    assert sum(c[1] == "S" for c in b_cards) > sum(c[1] == "S" for c in a_cards)
    mask = lambda codes: sum(1 << parse_card(c) for c in codes)  # noqa: E731
    pos = Position(
        rules=rules,
        dealer=1,
        turn=None,
        deal=rules.deals_per_hand,
        loose=0,
        builds=(),
        hands=(0, 0),
        stock=(),
        captured=(mask(a_cards), mask(b_cards)),
        sweeps=(0, 0),
        last_capture=0,
        scores=(18, 16),
    )
    score = score_hand(pos)
    assert score.points == (3, 8)
    g = game_after_hand(rules, (18, 16), score)
    assert g.winner == 0 and g.scores[1] == 24


@pytest.mark.parametrize(
    "before,a,b,winner",
    [
        # 18/cards beats 19/Big Casino (docs: A 19 takes BC, B 18 takes cards -> B)
        ((19, 18), {"big_casino": 2}, {"cards": 3}, 1),
        ((18, 19), {"cards": 3}, {"big_casino": 2}, 0),
        # 19/Big Casino beats 20/Little Casino
        ((20, 19), {"little_casino": 1}, {"big_casino": 2}, 1),
        # 18/cards beats 20/Little Casino
        ((20, 18), {"little_casino": 1}, {"cards": 3}, 1),
    ],
)
def test_g3_two_sides_qualify_the_counting_order_decides(before, a, b, winner):
    g = step(ROYAL, before, a, b)
    assert g.winner == winner
    loser = 1 - winner
    assert g.scores[loser] == min(20, before[loser] + sum((a, b)[loser].values()))


def test_g3_most_spades_on_20_comes_before_big_casino_on_19():
    g = step(ROYAL_SPADES, (20, 19), {"spades": 1}, {"big_casino": 2, "cards": 3})
    assert g.winner == 0
    g = step(ROYAL_SPADES, (19, 20), {"big_casino": 2, "cards": 3}, {"spades": 1})
    assert g.winner == 1
    # but most cards on 18 still comes first
    g = step(ROYAL_SPADES, (20, 18), {"spades": 1}, {"cards": 3})
    assert g.winner == 1


def test_g3_three_sides_qualifying():
    rules = make_rules("royal", 3)
    g = step(rules, (20, 19, 18), {"little_casino": 1}, {"big_casino": 2}, {"cards": 3})
    assert g.winner == 2
    assert g.scores[:2] == (20, 20)


@pytest.mark.parametrize("before,gain", [(18, 9), (19, 11), (20, 1), (20, 7), (18, 2)])
def test_g3_missed_requirement_caps_at_target_minus_1(before, gain):
    g = step(ROYAL, (before, 0), points(gain), {"cards": 3, "big_casino": 2, "little_casino": 1})
    assert g.winner is None
    assert g.scores == (min(20, before + gain), 6)


def test_g3_a_side_below_18_reaching_21_wins():
    g = step(ROYAL, (17, 5), points(4), points(3))
    assert g.winner == 0 and g.scores == (21, 8)
    g = step(
        ROYAL,
        (10, 5),
        {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 1, "AS": 1, "AC": 1, "AH": 1, "AD": 1, "sweeps": 3},
        {},
    )
    assert g.winner == 0 and g.scores == (24, 5)
    g = step(ROYAL, (17, 5), points(3), points(3))
    assert g.winner is None and g.scores == (20, 8)  # 20: on the ladder next hand


def test_g3_climber_wins_while_the_ladder_side_misses():
    """docs: A on 20 misses Little Casino scoring 4; B on 15 scores 7: B wins, A capped at 20."""
    g = step(ROYAL, (20, 15), points(4), points(7))
    assert g.winner == 1 and g.scores == (20, 22)


def test_g3_a_ladder_side_that_qualifies_beats_a_climber():
    g = step(ROYAL, (19, 17), {"big_casino": 2}, points(9))
    assert g.winner == 0 and g.scores[1] == 26


def test_g3_both_on_the_ladder_both_miss_game_goes_on():
    g = step(ROYAL, (20, 19), points(4), points(5))
    assert g.winner is None and g.scores == (20, 20)


def test_g3_several_climbers_highest_wins():
    rules = make_rules("royal", 3)
    g = step(rules, (15, 16, 0), points(8), points(6), points(1))
    assert g.winner == 0 and g.scores == (23, 22, 1)


def test_g3_two_climbers_tied_no_winner_then_play_on():
    g = step(ROYAL, (15, 16), points(7), points(6))
    assert g.winner is None and g.scores == (22, 22)
    assert "tied" in g.reason
    # play-on: some side has 21 or more before the hand; no ladder, strictly ahead wins
    g2 = step(ROYAL, g.scores, points(3), points(4))
    assert g2.winner == 1 and g2.scores == (25, 26)
    g2 = step(ROYAL, g.scores, points(5), points(5))
    assert g2.winner is None and g2.scores == (27, 27)
    g3 = step(ROYAL, g2.scores, points(0), points(1))
    assert g3.winner == 1


def test_g3_climbers_tied_on_the_target_itself_play_on():
    """Level on exactly 21 (not above it): the next hand is play-on all the same, for a
    score of t before the hand is 't or more' (G3), and the highest total wins (G2)."""
    g = step(ROYAL, (15, 17), points(6), points(4))
    assert g.winner is None and g.scores == (21, 21)
    g2 = step(ROYAL, g.scores, points(3), points(1))
    assert g2.winner == 0 and g2.scores == (24, 22)


def test_g3_play_on_has_no_ladder_and_no_cap():
    # a third side on 18 before a play-on hand: taking most cards does not win at once
    rules = make_rules("royal", 3)
    g = step(rules, (22, 22, 18), points(4), points(2), {"cards": 3})
    assert g.winner == 0 and g.scores == (26, 24, 21)
    # the side on 18 is not capped in play-on
    g = step(rules, (22, 22, 18), points(2), points(2), points(6))
    assert g.scores == (24, 24, 24) and g.winner is None


def test_g3_climbers_tied_but_a_ladder_side_qualifies():
    rules = make_rules("royal", 3)
    g = step(rules, (15, 16, 19), points(7), points(6), {"big_casino": 2})
    assert g.winner == 2


@pytest.mark.parametrize(
    "before,items,winner",
    [
        ((8, 0), {"cards": 3}, 0),  # 8 = 11 - 3: most cards
        ((9, 0), {"big_casino": 2}, 0),  # 9: Big Casino
        ((10, 0), {"little_casino": 1}, 0),  # 10: Little Casino
        ((9, 0), {"cards": 3}, None),  # 9 needs Big Casino
        ((7, 0), {"cards": 3, "AS": 1}, 0),  # a climber from 7 reaching 11
        ((7, 0), {"cards": 3}, None),  # 7 + 3 = 10: now on the ladder
        ((18, 0), {"cards": 3}, 0),  # above the target before the hand: play-on, highest wins
    ],
)
def test_g3_custom_target_11(before, items, winner):
    rules = make_rules("royal", 2, target=11)
    g = step(rules, before, items, {})
    assert g.winner == winner
    if winner is None:
        assert g.scores[0] == min(10, before[0] + sum(items.values()))


def test_g3_custom_target_caps_at_target_minus_1():
    rules = make_rules("royal", 2, target=11)
    g = step(rules, (8, 0), points(6), {"cards": 3})
    assert g.winner is None and g.scores == (10, 3)


def test_g3_target_5_the_smallest():
    rules = make_rules("royal", 2, target=5)
    assert step(rules, (2, 0), {"cards": 3}, {}).winner == 0
    assert step(rules, (3, 0), {"big_casino": 2}, {}).winner == 0
    assert step(rules, (4, 0), {"little_casino": 1}, {}).winner == 0
    assert step(rules, (1, 0), points(4), {}).winner == 0
    g = step(rules, (4, 0), points(6), {"little_casino": 1})
    assert g.winner is None and g.scores == (4, 1)


def test_ladder_with_partnerships_uses_side_scores():
    rules = make_rules("royal", 4)
    g = step(rules, (18, 12), {"cards": 3}, points(8))
    assert g.winner == 0
    g = step(rules, (18, 12), points(8), {"cards": 3})
    assert g.winner is None and g.scores == (20, 15)


def test_make_rules_minimum_target_is_5():
    from casino_cli.engine import RulesError

    with pytest.raises(RulesError):
        make_rules("classic", 2, target=4)
    assert make_rules("classic", 2, target=5).target == 5


# --- G5: counting out ---------------------------------------------------------------------

AMERICAN = make_rules("american-royal", 2)
# Side 0 ends higher (25 v 21), but side 1's most cards come first in the counting order (P4).
BIG_AND_ACES = {"big_casino": 2, "AS": 1, "AC": 1, "AH": 1, "AD": 1, "sweeps": 1}


def test_g5_is_the_american_royal_default_and_a_classic_house_rule():
    assert AMERICAN.endgame == "count_out"
    assert make_rules("classic", 2, endgame="count_out").endgame == "count_out"
    assert make_rules("royal", 2).endgame == "ladder" and CLASSIC.endgame == "highest"


def test_g5_the_first_side_to_reach_the_target_wins_although_another_ends_higher():
    g = step(AMERICAN, (18, 18), BIG_AND_ACES, {"cards": 3, "spades": 1})
    assert g.scores == (25, 22) and g.winner == 1
    assert g.reason == "side 1 reached 21 first, on cards, although side 0 ended with 25"
    # the same hand under `highest`: the higher total wins
    assert step(make_rules("american-royal", 2, endgame="highest"), (18, 18), BIG_AND_ACES, {"cards": 3}).winner == 0


@pytest.mark.parametrize(
    "before,a,b,winner,item",
    [
        ((20, 20), {"spades": 1}, {"cards": 3}, 1, "cards"),  # cards before spades
        ((20, 20), {"big_casino": 2}, {"spades": 1}, 1, "spades"),  # spades before Big Casino
        ((20, 20), {"big_casino": 2}, {"little_casino": 1}, 0, "Big Casino"),
        ((20, 20), {"AS": 1}, {"little_casino": 1}, 1, "Little Casino"),
        ((20, 20), {"AC": 1}, {"AS": 1}, 1, "the ace of spades"),  # aces: spades, clubs, hearts, diamonds
        ((20, 20), {"AH": 1}, {"AC": 1}, 1, "the ace of clubs"),
        ((20, 20), {"AD": 1}, {"AH": 1}, 1, "the ace of hearts"),
        ((20, 20), {"sweeps": 1}, {"AD": 1}, 1, "the ace of diamonds"),
        ((19, 20), {"AS": 1, "AC": 1}, {"AH": 1}, 0, "the ace of clubs"),  # 20 on AS, 21 on AC first
    ],
)
def test_g5_items_are_counted_in_the_order_of_p4(before, a, b, winner, item):
    g = step(AMERICAN, before, a, b)
    assert g.winner == winner
    assert g.reason.startswith(f"side {winner} reached 21 first, on {item}")


def test_g5_one_side_reaching_the_target_wins_and_says_on_what():
    g = step(AMERICAN, (15, 10), {"cards": 3, "spades": 1, "big_casino": 2, "AS": 1}, {"AC": 1})
    assert g.winner == 0 and g.scores == (22, 11)
    assert g.reason == "side 0 reached 21 on Big Casino"
    assert step(AMERICAN, (15, 10), points(5), points(6)) == (GameStep((20, 16), None, ""))


def test_g5_reaching_together_on_the_sweeps_the_higher_total_wins():
    g = step(AMERICAN, (18, 17), {"AS": 1, "sweeps": 3}, {"sweeps": 4})
    assert g.scores == (22, 21) and g.winner == 0
    assert g.reason == "sides 0 and 1 reached 21 together, on sweeps; side 0 won with 22, the higher total"


def test_g5_level_count_out_plays_another_hand_decided_as_under_g2():
    g = step(AMERICAN, (18, 17), {"sweeps": 3}, {"AS": 1, "sweeps": 3})
    assert g.scores == (21, 21) and g.winner is None
    assert g.reason == "sides 0 and 1 reached 21 together, on sweeps, level on 21: another hand is played"
    # the next hand: both began at the target, so the highest total wins (G2), not the first
    g2 = step(AMERICAN, g.scores, {"cards": 3}, {"spades": 1, "big_casino": 2, "little_casino": 1})
    assert g2.winner == 1 and g2.scores == (24, 25)
    assert g2.reason == "play-on: won with 25, the highest total"
    assert step(AMERICAN, g.scores, {"cards": 3}, {"big_casino": 2, "AS": 1}).winner is None  # 24 - 24


def test_g5_three_sides_only_the_sides_reaching_together_compare_totals():
    rules = make_rules("american-royal", 3)
    g = step(rules, (19, 18, 10), {"sweeps": 2}, {"sweeps": 4}, {"sweeps": 1})
    assert g.winner == 1 and g.scores == (21, 22, 11)
    assert g.reason.startswith("sides 0 and 1 reached 21 together")
    g = step(rules, (19, 20, 10), {"sweeps": 2}, {"sweeps": 1}, {"sweeps": 11})
    assert g.winner is None and g.scores == (21, 21, 21)
    assert g.reason.startswith("sides 0, 1 and 2 reached 21 together")


def test_g5_three_sides_little_casino_first():
    rules = make_rules("american-royal", 3)
    g = step(rules, (18, 10, 20), {"big_casino": 2, "AS": 1, "AC": 1, "sweeps": 2}, {"cards": 3}, {"little_casino": 1})
    assert g.winner == 2 and g.scores == (24, 13, 21)
    assert g.reason == "side 2 reached 21 first, on Little Casino, although side 0 ended with 24"


def test_g5_partnerships_count_side_scores():
    rules = make_rules("american-royal", 4)
    g = step(rules, (20, 19), {"AD": 1, "sweeps": 2}, {"AH": 1, "AC": 1})
    assert g.winner == 1 and g.scores == (23, 21)


def test_g5_a_custom_target_and_classic_as_a_house_rule():
    rules = make_rules("classic", 2, endgame="count_out", target=11)
    g = step(rules, (10, 9), {"AD": 1}, {"big_casino": 2})
    assert g.winner == 1 and g.reason == "side 1 reached 11 first, on Big Casino, although side 0 also ended with 11"
