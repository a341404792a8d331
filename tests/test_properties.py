"""Property-based tests of the engine (Hypothesis): invariants of RULES.md and NOTATION.md
checked on positions reached by random legal play from seeded decks."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import (
    MOVES_PER_HAND,
    full_hands,
    hand_numbers,
    lines,
    random_line,
    random_overrides,
    reachable_positions,
    rule_sets,
    seeds,
)

from casino_cli.cards import CODES, card_code, cards_of, count
from casino_cli.engine import (
    IllegalMove,
    Move,
    Position,
    Unseen,
    apply_move,
    check_position,
    judge,
    legal_moves,
    make_rules,
    seeded_deck,
    start_position,
)
from casino_cli.engine.groups import TableGroups
from casino_cli.engine.listing import counted_moves
from casino_cli.engine.moves import BUILD, CAPTURE, TRAIL, judge_form, owned_builds, policy_may_refuse, policy_rule
from casino_cli.notation.fields import dumps, loads
from casino_cli.notation.moves import move_json, parse_move_text, read_move
from casino_cli.notation.position import position_json, read_position, read_rules, rules_json

FULL = (1 << 52) - 1


def can_capture(rules, card, value):
    """RULES.md V1-V3, written out again: could ``card`` held in the hand take a build
    of ``value``?"""
    r = card // 4  # A=0 .. K=12
    if r == 0 and rules.ace_high and value == 14:
        return True
    if r >= 10:
        return rules.court_values and value == r + 1
    return value == r + 1


def piles(pos):
    """Every pile of a fully known position: (name, mask)."""
    out = [("loose", pos.loose)]
    out += [(f"build {b.value}", b.cards) for b in pos.builds]
    out += [(f"hand {s}", h) for s, h in enumerate(pos.hands)]
    out += [("stock", sum(1 << c for c in pos.stock))]
    out += [(f"captured {s}", p) for s, p in enumerate(pos.captured)]
    return out


# --- the 52 cards, check_position -------------------------------------------------------


@given(lines())
def test_every_card_exactly_once_and_position_checks(line):
    for pos in line.positions:
        assert not isinstance(pos.stock, Unseen)
        assert all(h is not None for h in pos.hands)
        assert not any(isinstance(p, Unseen) for p in pos.captured)
        assert len(set(pos.stock)) == len(pos.stock)
        seen = 0
        total = 0
        for name, mask in piles(pos):
            assert not seen & mask, f"{name} repeats a card"
            seen |= mask
            total += count(mask)
        assert seen == FULL and total == 52
        check_position(pos)


# --- listings ---------------------------------------------------------------------------

#: Tables of at most this many items (loose cards + builds) never give a truncated listing
#: with the default limits (crowded tables may: see test_truncation_is_the_documented_cut).
SMALL_TABLE = 11
UNLIMITED = dict(limit=10**9, budget=10**9)


def table_items(pos):
    return count(pos.loose) + len(pos.builds)


@given(lines())
def test_a_legal_move_exists_and_listing_is_complete(line):
    for pos in line.positions:
        ml = legal_moves(pos)
        if pos.finished:
            assert ml.moves == () and not ml.truncated
            continue
        assert ml.moves, "no legal move in an unfinished position"
        assert len(ml.moves) == len(ml.facts)
        if table_items(pos) <= SMALL_TABLE:
            assert not ml.truncated, dumps(position_json(pos)).decode()
        if not ml.truncated:
            # A listing that says it is complete is complete: more work finds nothing more.
            assert legal_moves(pos, **UNLIMITED).moves == ml.moves


@given(lines(), st.integers(1, 80))
def test_truncation_is_the_documented_cut(line, limit):
    """legal_moves(limit=L): the cards of the hand, in order, each get an equal share
    (rounded up) of what is left of L, in canonical order; ``truncated`` exactly when a
    card had more than its share."""
    for pos in line.positions[-3:]:
        if pos.finished:
            continue
        hand = cards_of(pos.hands[pos.turn])
        full = legal_moves(pos, limit=10**9)
        cut = legal_moves(pos, limit=limit)
        over = False
        left = limit
        for i, card in enumerate(hand):
            quota = -(-left // (len(hand) - i))
            everything = [m for m in full.moves if m.card == card]
            listed = [m for m in cut.moves if m.card == card]
            assert listed == everything[:quota]
            over = over or len(everything) > quota
            left -= len(listed)
        assert cut.truncated == (over or full.truncated)
        assert cut.moves, "a truncated listing still offers a move"


@given(reachable_positions())
def test_every_listed_move_is_judged_legal_and_applies(pos):
    ml = legal_moves(pos)
    keys = [m.sort_key() for m in ml.moves]
    assert keys == sorted(keys), "moves not in canonical order"
    assert len(set(ml.moves)) == len(ml.moves), "a move is listed twice"
    assert len(set(keys)) == len(keys), "two moves share a sort key"
    assert len({m.text() for m in ml.moves}) == len(ml.moves), "two moves share a text"
    for move, facts in zip(ml.moves, ml.facts):
        judged = judge(pos, move)
        assert judged == facts, f"{move}: listing says {facts}, judge says {judged}"
        after = apply_move(pos, move)
        check_position(after)


@given(lines(), st.data())
def test_judge_agrees_with_listing(line, data):
    pos = data.draw(st.sampled_from(line.positions))
    assume(not pos.finished)
    ml = legal_moves(pos)
    assume(not ml.truncated)
    legal = set(ml.moves)
    hand = cards_of(pos.hands[pos.turn])
    items = [1 << c for c in cards_of(pos.loose)] + [b.cards for b in pos.builds]
    table_cards = cards_of(pos.table)
    for _ in range(12):
        card = data.draw(st.sampled_from(hand), label="card")
        kind = data.draw(st.sampled_from((CAPTURE, BUILD, TRAIL)), label="type")
        if kind == TRAIL:
            move = Move(TRAIL, card)
        else:
            how = data.draw(st.integers(0, 9), label="how")
            cards = 0
            if how < 8 and items:  # whole table items: the usual shape
                for item in items:
                    if data.draw(st.booleans()):
                        cards |= item
            elif table_cards:  # any table cards, splitting builds
                for c in table_cards:
                    if data.draw(st.booleans()):
                        cards |= 1 << c
            if how == 9:  # a card that is not on the table
                stray = data.draw(st.integers(0, 51).filter(lambda c, card=card: not (pos.table | 1 << card) >> c & 1))
                cards |= 1 << stray
            value = data.draw(st.integers(2, 14), label="value") if kind == BUILD else 0
            move = Move(kind, card, cards, value)
        try:
            judge(pos, move)
            accepted = True
        except IllegalMove:
            accepted = False
        assert accepted == (move in legal), (
            f"{move.text()}: judge {'accepts' if accepted else 'refuses'} it but the listing "
            f"{'omits' if accepted else 'has'} it\n{dumps(position_json(pos)).decode()}"
        )


def every_shape(card, table):
    """Every move of ``card`` on the cards ``table``: the trail, and every set of table
    cards as a capture and as a build of each value 0-15 (most of them malformed)."""
    yield Move(TRAIL, card)
    for subset in range(1, 1 << len(table)):
        cards = sum(1 << c for i, c in enumerate(table) if subset >> i & 1)
        yield Move(CAPTURE, card, cards)
        for v in range(0, 16):
            yield Move(BUILD, card, cards, v)


@settings(max_examples=25)
@given(lines())
def test_judge_agrees_with_listing_exhaustively(line):
    """On small tables: every card x every set of table cards x every type and value."""
    for pos in line.positions[-2:]:
        table = cards_of(pos.table)
        if pos.finished or len(table) > 8:
            continue
        legal = set(legal_moves(pos).moves)
        accepted = set()
        for card in cards_of(pos.hands[pos.turn]):
            for move in every_shape(card, table):
                try:
                    judge(pos, move)
                except IllegalMove:
                    continue
                accepted.add(move)
        assert accepted == legal, (
            sorted(m.text() for m in accepted - legal),
            sorted(m.text() for m in legal - accepted),
            dumps(position_json(pos)).decode(),
        )


@settings(max_examples=40)
@given(lines())
def test_policy_may_refuse_is_false_only_when_nothing_but_b3_can_refuse(line):
    """The listing skips policy_rule where policy_may_refuse says so: there, every
    well-formed move (judge_form accepts it) is refused by B3 or by nothing."""
    for pos in line.positions[-3:]:
        table = cards_of(pos.table)
        if pos.finished or len(table) > 7:
            continue
        owned = owned_builds(pos)
        if policy_may_refuse(pos, owned):
            continue
        hand = pos.hands[pos.turn]
        for card in cards_of(hand):
            rest = 0
            for other in cards_of(hand & ~(1 << card)):
                rest |= pos.rules.holds[other]
            for move in every_shape(card, table):
                try:
                    facts = judge_form(pos, move)
                except IllegalMove:
                    continue
                assert policy_rule(pos, move, facts, owned, rest) in (None, "B3"), move.text()


# --- whole hands ------------------------------------------------------------------------


@given(full_hands())
def test_a_hand_ends_after_every_dealt_card_with_no_build(line):
    positions, moves = line.positions, line.moves
    assert len(moves) == MOVES_PER_HAND
    assert all(not p.finished for p in positions[:-1]), "the hand ended early"
    end = positions[-1]
    assert end.finished and end.turn is None
    assert end.builds == (), "a build survived the hand"
    assert all(h == 0 for h in end.hands) and end.stock == ()
    # The last card: no build may be left (nor made) by it.
    before, last = positions[-2], moves[-1]
    assert last.type != BUILD
    untouched = [b for b in before.builds if not b.cards & last.cards]
    assert untouched == [], "builds left on the table after the last card"
    # Residue (S2): to the last capturer, else stays on the table.
    residue = before.table & ~last.cards
    if last.type == TRAIL:
        residue |= 1 << last.card
    if end.last_capture is None:
        assert all(p == 0 for p in end.captured)
        assert end.loose == residue and count(end.loose) == 52
    else:
        assert end.loose == 0
        assert end.captured[end.last_capture] & residue == residue
        assert sum(count(p) for p in end.captured) == 52
    # Each seat played exactly its dealt cards: 48 / players moves each.
    n = end.rules.players
    movers = [p.turn for p in positions[:-1]]
    assert all(movers.count(s) == MOVES_PER_HAND // n for s in range(n))
    # Sweeps: one per sweeping capture (S1), never for the residue (S2).
    sweeps = [0] * n
    for pos, move in zip(positions, moves):
        if move.type == CAPTURE and move.cards == pos.table:
            sweeps[pos.turn] += 1
    assert list(end.sweeps) == sweeps


@given(lines())
def test_the_mover_keeps_a_card_for_each_of_its_builds(line):
    """O1 after every move, for the mover, and B3: a build move leaves a capturing card."""
    for before, move, after in zip(line.positions, line.moves, line.positions[1:]):
        seat = before.turn
        rest = before.hands[seat] & ~(1 << move.card)
        for b in after.builds:
            if b.owner == seat:
                assert any(can_capture(before.rules, c, b.value) for c in cards_of(rest)), (
                    f"after {move.text()} seat {seat} holds no card for its {b.value}-build"
                )
        if move.type == BUILD:
            made = [b for b in after.builds if b.cards == move.cards | 1 << move.card]
            assert len(made) == 1 and made[0].owner == seat and made[0].value == move.value


@given(lines())
def test_moves_move_the_right_cards(line):
    """Trails add the card to the table, captures move card and takes to the mover's pile."""
    for before, move, after in zip(line.positions, line.moves, line.positions[1:]):
        seat = before.turn
        if after.finished:
            continue  # the residue moved too
        gained = after.captured[seat] & ~before.captured[seat]
        if move.type == CAPTURE:
            assert gained == move.cards | 1 << move.card
            assert after.last_capture == seat
            assert not after.table & move.cards
        else:
            assert gained == 0 and after.last_capture == before.last_capture
        if move.type == TRAIL:
            assert after.loose == before.loose | 1 << move.card
            assert after.builds == before.builds


# --- notation round trips ---------------------------------------------------------------


def _round_trip(pos):
    data = dumps(position_json(pos))
    again = read_position(loads(data))
    assert again == pos
    assert dumps(position_json(again)) == data


@given(reachable_positions())
def test_position_canonical_round_trip(pos):
    _round_trip(pos)


def test_a_game_to_the_largest_target_has_scores_a_position_can_hold():
    """A game to the largest target ends past it (a hand's points on top): such scores are
    read and written like any others, and twice the largest target is the bound."""
    from casino_cli.engine import make_rules, start_position
    from casino_cli.engine.rules import MAX_TARGET
    from casino_cli.notation.errors import NotationError

    rules = make_rules("classic", 4, partnerships=False, target=MAX_TARGET)
    _round_trip(start_position(rules, seeded_deck("top"), 3, (MAX_TARGET + 40, 0, 3, MAX_TARGET - 1)))
    doc = position_json(start_position(rules, seeded_deck("top"), 3))
    doc["scores"][0] = 2 * MAX_TARGET + 1
    with pytest.raises(NotationError, match=r"out of range \(-2000000\.\.2000000\)"):
        read_position(doc)


@given(reachable_positions(), st.booleans())
def test_a_position_without_its_deal_reads_it_from_its_stock(pos, counted):
    """The deal left out defaults from the stock's size, a whole number of deals (docs/notation.md):
    a reachable position's document without its deal, its stock as cards or as a count, reads
    back at the same deal (a reader placing the first deal's stock at no deal passed every test)."""
    doc = position_json(pos)
    del doc["deal"]
    if counted:
        doc["stock"] = len(pos.stock)
    assert read_position(doc).deal == pos.deal


@given(reachable_positions(), st.data())
def test_position_round_trip_with_unknowns(pos, data):
    """Hidden hands (null), counted stock and counted piles survive the round trip too."""
    mover = pos.turn
    hands = tuple(h if s == mover or data.draw(st.booleans()) else None for s, h in enumerate(pos.hands))
    # A build owner's hand must stay known enough for O1 checks: unknown is allowed.
    stock = Unseen(len(pos.stock)) if data.draw(st.booleans()) else pos.stock
    captured = tuple(Unseen(count(p)) if data.draw(st.booleans()) else p for p in pos.captured)
    hidden = pos._replace(hands=hands, stock=stock, captured=captured)
    check_position(hidden)
    _round_trip(hidden)
    if not pos.finished:
        assert legal_moves(hidden).moves == legal_moves(pos).moves


@given(rule_sets())
def test_rules_round_trip(rules):
    obj = rules_json(rules)
    again = read_rules(loads(dumps(obj)))
    assert again == rules
    assert dumps(rules_json(again)) == dumps(obj)


@given(reachable_positions())
def test_move_text_and_json_round_trip(pos):
    for move in legal_moves(pos).moves:
        text = move.text()
        assert parse_move_text(text) == move
        assert parse_move_text(text.lower()) == move
        assert read_move(move_json(move)) == move
        assert read_move(loads(dumps(move_json(move)))) == move
        assert read_move(text) == move


# --- seeded decks -----------------------------------------------------------------------


@given(seeds, hand_numbers)
def test_seeded_deck_is_a_reproducible_permutation(seed, hand):
    deck = seeded_deck(seed, hand)
    assert sorted(deck) == list(range(52))
    assert seeded_deck(seed, hand) == deck
    other = hand + 1 if hand < 2**63 - 1 else hand - 1
    assert seeded_deck(seed, other) != deck  # 1 chance in 52! of a false failure


@given(seeds, seeds)
def test_different_seeds_give_different_decks(a, b):
    assume(a != b)
    assert seeded_deck(a, 1) != seeded_deck(b, 1)


GOLDEN = [
    ("7", 1, ["KD", "2C", "9H", "9C", "QC", "5H", "JD", "4C"]),
    ("club-night-7", 2, ["5D", "4H", "6C", "QS", "TS", "AC", "AH", "9H"]),
    ("", 1, ["7C", "3C", "TS", "6H", "KS", "6D", "QD", "4D"]),
]


@pytest.mark.parametrize("seed, hand, top", GOLDEN)
def test_seeded_deck_golden_vectors(seed, hand, top):
    assert [card_code(c) for c in seeded_deck(seed, hand)[:8]] == top


def shuffle_v1(seed: str, hand: int) -> list[str]:
    """casino-shuffle/1, written again from the description in engine/deal.py only."""
    raw = seed.encode("utf-8")
    prefix = b"casino-shuffle/1" + len(raw).to_bytes(8, "big") + raw + hand.to_bytes(8, "big")
    stream = bytearray()
    counter = 0
    pos = 0

    def word() -> int:
        nonlocal counter, pos
        if pos + 4 > len(stream):
            stream.extend(hashlib.sha256(prefix + counter.to_bytes(8, "big")).digest())
            counter += 1
        w = int.from_bytes(stream[pos : pos + 4], "big")
        pos += 4
        return w

    deck = [r + s for r in "A23456789TJQK" for s in "SHDC"]
    for i in range(51, 0, -1):
        m = i + 1
        bound = (1 << 32) - (1 << 32) % m
        while True:
            w = word()
            if w < bound:
                break
        j = w % m
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_shuffle_matches_independent_implementation():
    seeds_ = ["", "7", "club-night-7", "é", "日本", "a" * 1024] + [f"seed-{k}" for k in range(44)]
    assert len(seeds_) == 50
    for k, seed in enumerate(seeds_):
        hand = 1 + k % 7
        assert [CODES[c] for c in seeded_deck(seed, hand)] == shuffle_v1(seed, hand), (seed, hand)
    assert [CODES[c] for c in seeded_deck("x", 2**63 - 1)] == shuffle_v1("x", 2**63 - 1)


@given(seeds, hand_numbers)
def test_shuffle_matches_independent_implementation_fuzzed(seed, hand):
    assert [CODES[c] for c in seeded_deck(seed, hand)] == shuffle_v1(seed, hand)


# --- long runs --------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=1500)
@given(full_hands())
def test_slow_whole_hands_stay_consistent(line):
    for pos in line.positions:
        check_position(pos)
        ml = legal_moves(pos)
        assert not ml.truncated
        assert pos.finished or ml.moves
        for move, facts in zip(ml.moves, ml.facts):
            assert judge(pos, move) == facts
    assert line.last.finished and line.last.builds == ()


def test_a_listing_cut_short_still_holds_a_move_where_there_is_one():
    """legal_moves(limit=L, budget=B) for small L and B, on lines of every rule set with
    drawn options and 2-4 players, hands known whole: wherever the position has a legal
    move, a listing cut short holds one (every move it holds is legal, with the judge's
    facts). Before, the cut
    could keep only captures that C6 refuses, or none, beside a trail T2 or T3 refuses:
    an empty listing, on which a bot or a hint's playout had no move to play."""
    rng = random.Random(43)
    cut = 0
    for pos in _positions_to_move(rng, 60):
        full = legal_moves(pos, **UNLIMITED)
        every = dict(zip(full.moves, full.facts))
        for budget in (1, 2, 3, 5, 8, 13, 21, 34):
            ml = legal_moves(pos, limit=rng.choice((1, 2, 3)), budget=budget)
            assert bool(ml.moves) == bool(full.moves), (budget, dumps(position_json(pos)).decode())
            assert all(every[m] == f for m, f in zip(ml.moves, ml.facts))
            cut += ml.truncated
    assert cut > 1000  # listings cut short


def _positions_to_move(rng: random.Random, lines: int) -> Iterator[Position]:
    """Every third position of ``lines`` random lines, each of a rule set, player count and
    options drawn with ``rng``, where a seat is to move."""
    for _ in range(lines):
        variant = rng.choice(("classic", "royal", "american-royal"))
        rules = make_rules(variant, rng.choice((2, 3, 4)), **random_overrides(variant, rng))
        yield from (pos for pos in random_line(rules, rng, rng.randint(0, 60))[::3] if pos.turn is not None)


def test_half_the_budget_goes_to_the_subset_sums_and_half_to_the_cards():
    """legal_moves(budget=B), as its docstring says: B // 2 steps for the subset sums of the
    loose cards, the rest shared by the cards of the hand. So a listing is cut when the sums
    need more than B // 2 steps, and is whole when they need at most B // 2 and the rest of B
    is twice what every card's moves spend (twice: a search for unions keeps half its steps
    for the moves made of them), however many steps the sums leave unused."""
    rng = random.Random(44)
    whole = cut = 0
    for pos in _positions_to_move(rng, 40):
        full, spent = counted_moves(pos, **UNLIMITED)
        sums = TableGroups(pos.loose, pos.rules.values, UNLIMITED["budget"]).cost
        cards = len(cards_of(pos.hands[pos.turn])) * (spent - sums + 1)
        if sums < 2:
            continue
        budget = 2 * max(sums, 2 * cards)
        ml, steps = counted_moves(pos, limit=UNLIMITED["limit"], budget=budget)
        assert not ml.truncated and ml.moves == full.moves and steps == spent, dumps(position_json(pos)).decode()
        whole += sums >= 2 * cards  # where less than half for the sums would cut it
        assert legal_moves(pos, budget=2 * sums - 2).truncated, dumps(position_json(pos)).decode()
        cut += 1
    assert whole > 50 and cut > 200


def test_a_listing_within_its_budget_that_says_it_is_complete_is_complete():
    """legal_moves(budget=B) for every B up to 48: whenever the listing is not marked
    truncated it holds every legal move (a card whose captures spent its steps exactly
    still has its builds listed, or the listing says it was cut)."""
    checked = 0
    for seed in range(6):
        rules = make_rules(("classic", "royal", "american-royal")[seed % 3])
        pos = start_position(rules, seeded_deck(f"budget{seed}"), 1)
        rng = random.Random(seed)
        while pos.turn is not None:
            full = legal_moves(pos, **UNLIMITED)
            for budget in range(1, 49):
                ml = legal_moves(pos, budget=budget)
                if not ml.truncated:
                    assert ml.moves == full.moves, (budget, dumps(position_json(pos)).decode())
                    checked += 1
            pos = apply_move(pos, full.moves[rng.randrange(len(full.moves))])
    assert checked > 1000
