"""The engine's legal-move listing against the independent brute-force reference
(tests/reference.py), on random reachable positions of every variant and table."""

from __future__ import annotations

import random

import pytest
from reference import reference_moves
from strategies import TABLES, random_line, random_overrides

from casino_cli.cards import count
from casino_cli.engine import legal_moves, make_rules
from casino_cli.notation.fields import dumps
from casino_cli.notation.position import position_json

PER_TABLE = 75
#: The reference tries every subset of table items: beyond this many it is too slow.
MAX_ITEMS = 12

# (label, variant, players, partnerships, with random option overrides)
GROUPS = [(f"{v}-{n}{'' if n < 4 else ('p' if p else 'i')}", v, n, p, False) for v, n, p in TABLES]
GROUPS += [(f"{v}-overrides", v, n, p, True) for v, n, p in TABLES if n == 2]
GROUPS += [(f"{v}-4p-overrides", v, n, p, True) for v, n, p in TABLES if n == 4 and p]


def compare(label, variant, players, partnerships, overrides, count_, max_items, seed_base):
    """Compare ``count_`` positions; returns (compared, skipped, truncated, mismatches):
    positions with too many table items, or whose listing is truncated, are not compared."""
    compared = skipped = truncated = 0
    mismatches = []
    for i in range(count_):
        rng = random.Random(f"{seed_base}/{label}/{i}")
        options = random_overrides(variant, rng) if overrides else {}
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
