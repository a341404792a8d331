"""The engine's legal-move listing against the independent brute-force reference
(tests/reference.py), on random reachable positions of every variant and table."""

from __future__ import annotations

import dataclasses
import random

import pytest
from reference import reference_moves
from strategies import TABLES, random_line, random_overrides
from test_properties import every_shape

from casino_cli.cards import CODES, cards_of, count, parse_card
from casino_cli.engine import IllegalMove, PositionError, judge, legal_moves, make_rules
from casino_cli.engine.position import splits_into_groups
from casino_cli.notation.errors import NotationError
from casino_cli.notation.fields import dumps
from casino_cli.notation.position import position_json, read_position, rules_json

PER_TABLE = 75
#: The reference tries every subset of table items: beyond this many it is too slow.
MAX_ITEMS = 12

# (label, variant, players, partnerships, overrides): True for random option overrides, or
# fixed ones (the options RULES.md added later: aces as 14 in builds, with the deal's
# direction and counting out riding along, which never change a listing)
ACES_14 = {"ace_high_builds": True, "deal_passes": "previous"}
GROUPS = [(f"{v}-{n}{'' if n < 4 else ('p' if p else 'i')}", v, n, p, False) for v, n, p in TABLES]
GROUPS += [(f"{v}-overrides", v, n, p, True) for v, n, p in TABLES if n == 2]
GROUPS += [(f"{v}-4p-overrides", v, n, p, True) for v, n, p in TABLES if n == 4 and p]
GROUPS += [
    ("royal-2-aces-14", "royal", 2, False, ACES_14),
    ("royal-4p-aces-14", "royal", 4, True, {**ACES_14, "endgame": "count_out"}),
    ("american-royal-2-aces-14", "american-royal", 2, False, ACES_14),
    ("american-royal-3-aces-14", "american-royal", 3, False, {**ACES_14, "raise_own": False}),
    ("american-royal-4i-aces-14", "american-royal", 4, False, {**ACES_14, "must_take_equal": True}),
]


def compare(label, variant, players, partnerships, overrides, count_, max_items, seed_base):
    """Compare ``count_`` positions; returns (compared, skipped, truncated, mismatches):
    positions with too many table items, or whose listing is truncated, are not compared."""
    compared = skipped = truncated = 0
    mismatches = []
    for i in range(count_):
        rng = random.Random(f"{seed_base}/{label}/{i}")
        options = (
            dict(overrides) if isinstance(overrides, dict) else random_overrides(variant, rng) if overrides else {}
        )
        rules = make_rules(variant, players, partnerships, **options)
        positions = random_line(rules, rng, rng.randrange(48))
        pos = positions[-1]
        if pos.finished:  # cannot happen with at most 47 moves, but be safe
            continue
        if count(pos.loose) + len(pos.builds) > max_items:
            skipped += 1
            continue
        listing = legal_moves(pos)
        if listing.truncated:  # a crowded table: the engine lists only part of the moves
            truncated += 1
            continue
        engine = {m.text() for m in listing.moves}
        assert len(engine) == len(listing.moves)
        doc = position_json(pos)
        reference = reference_moves(doc)
        compared += 1
        if engine != reference:
            mismatches.append(
                f"{label} #{i}: {dumps(doc).decode()}\n"
                f"  engine only:    {sorted(engine - reference)}\n"
                f"  reference only: {sorted(reference - engine)}"
            )
    return compared, skipped, truncated, mismatches


@pytest.mark.parametrize("label, variant, players, partnerships, overrides", GROUPS, ids=[g[0] for g in GROUPS])
def test_listing_matches_reference(label, variant, players, partnerships, overrides):
    compared, skipped, truncated, mismatches = compare(
        label, variant, players, partnerships, overrides, PER_TABLE, MAX_ITEMS, "reference-v1"
    )
    print(
        f"{label}: {compared} positions compared, {skipped} skipped (> {MAX_ITEMS} table items), "
        f"{truncated} with a truncated listing"
    )
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])
    # At most a fifth skipped, and at least 1,000 positions compared over all the groups.
    assert compared >= PER_TABLE * 0.8
    assert compared * len(GROUPS) >= 1000


@pytest.mark.slow
@pytest.mark.parametrize("label, variant, players, partnerships, overrides", GROUPS, ids=[g[0] for g in GROUPS])
def test_listing_matches_reference_long(label, variant, players, partnerships, overrides):
    compared, skipped, truncated, mismatches = compare(
        label, variant, players, partnerships, overrides, 1500, MAX_ITEMS + 1, "reference-long-v1"
    )
    print(f"{label}: {compared} positions compared, {skipped} skipped, {truncated} truncated")
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:20])


# --- aces as 14 in builds (V3, B4): positions made to have aces and 14s on the table ----------

ACE_TABLES = [("royal", 2, False), ("american-royal", 2, False), ("american-royal", 3, False), ("royal", 4, True)]


def ace_position(variant: str, players: int, rng: random.Random) -> dict | None:
    """A position document rich in aces: the mover holds up to three (so one answers for
    14), the table has loose aces, cards adding up to 13 or 14, and sometimes a build
    (single or multiple, of 13, 14 or any value its cards make). None when inconsistent."""
    rules = make_rules(variant, players, ace_high_builds=True)
    aces = [c for c in CODES if c[0] == "A"]
    others = [c for c in CODES if c[0] != "A"]
    rng.shuffle(aces)
    rng.shuffle(others)
    hand = aces[: rng.randint(0, 3)] + others[: rng.randint(1, 3)]
    pool = aces[len(hand) :] + others[4:]
    rng.shuffle(pool)
    loose = pool[: rng.randint(1, 6)]
    pool = pool[len(loose) :]
    builds = []
    if rng.random() < 0.6:
        cards = pool[: rng.randint(2, 3)]
        ace_count = sum(c[0] == "A" for c in cards)
        total = sum(rules.values[parse_card(c)] for c in cards)
        if splits_into_groups(rules, sum(1 << parse_card(c) for c in cards), 14):
            value = 14
        elif 2 <= total <= 14:
            value = total
        else:
            value = None
        if value is not None and (value != 14 or ace_count or total == 14 or total == 28):
            owner = rng.randrange(players)
            if owner == 0 and not any(rules.holds[parse_card(c)] >> value & 1 for c in hand):
                owner = 1
            builds.append({"value": value, "owner": owner, "cards": cards})
    hands = [hand] + [None] * (players - 1)
    doc = {
        "format": "casino.position/1",
        "rules": rules_json(rules),
        "turn": 0,
        "table": {"loose": loose, "builds": builds},
        "hands": hands,
    }
    try:
        read_position(doc)
    except (PositionError, NotationError):
        return None
    return doc


@pytest.mark.parametrize("variant, players, partnerships", ACE_TABLES, ids=[f"{v}-{n}" for v, n, _ in ACE_TABLES])
def test_aces_as_14_listing_matches_reference_and_judge(variant, players, partnerships):
    """ace_high_builds: the listing, the reference and the judge (every shape of move)
    agree on ace-rich tables, and many of them list moves the option alone allows."""
    rng = random.Random(f"aces-14/{variant}/{players}")
    compared = changed = 0
    mismatches = []
    while compared < 150:
        doc = ace_position(variant, players, rng)
        if doc is None:
            continue
        pos = read_position(doc)
        listing = legal_moves(pos)
        assert not listing.truncated
        engine = {m.text() for m in listing.moves}
        assert len(engine) == len(listing.moves), dumps(doc).decode()
        reference = reference_moves(doc)
        if engine != reference:
            mismatches.append(
                f"{dumps(doc).decode()}\n  engine only: {sorted(engine - reference)}\n"
                f"  reference only: {sorted(reference - engine)}"
            )
        accepted = set()
        for card in cards_of(pos.hands[0]):
            for move in every_shape(card, cards_of(pos.table)):
                try:
                    facts = judge(pos, move)
                except IllegalMove:
                    continue
                accepted.add(move)
                assert facts == listing.facts[listing.moves.index(move)], move.text()
        assert accepted == set(listing.moves), dumps(doc).decode()
        without = pos._replace(rules=dataclasses.replace(pos.rules, ace_high_builds=False))
        changed += engine != {m.text() for m in legal_moves(without).moves}
        compared += 1
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:10])
    print(f"{variant}-{players}: {compared} positions, {changed} whose moves the option changes")
    assert changed >= 15, changed  # the option changes the moves of many of these tables
