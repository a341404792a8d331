"""Print truncated listings of crowded tables, one JSON line each.

Run as a script by tests/test_canonical_cut.py, in fresh interpreters under different
``PYTHONHASHSEED`` values. With a shuffle seed (``python tests/crowded_listings.py 7``)
every set of table groups the search returns iterates in a seeded random order, as it
might on another interpreter or build: the output must not change.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from crowded import crowded  # noqa: E402  (bench/crowded.py: its crowded positions)

from casino_cli.engine import groups, legal_moves, listing, make_rules  # noqa: E402
from casino_cli.notation.fields import dumps  # noqa: E402
from casino_cli.notation.moves import move_json  # noqa: E402

BOUNDS = ((2_000, 4_000), (2_000, 20_000), (60, 200_000))  # (limit, budget): cut by steps, then by moves


class _Shuffled(set):  # type: ignore[type-arg]
    """A set whose iteration order is seeded-random (its contents are unchanged)."""

    rng = random.Random(0)

    def __iter__(self) -> Iterator[int]:
        items = sorted(set.__iter__(self))
        self.rng.shuffle(items)
        return iter(items)


def _shuffle_unions(seed: int) -> None:
    """Make every result of ``disjoint_unions`` a :class:`_Shuffled` set."""
    _Shuffled.rng.seed(seed)
    plain = groups.disjoint_unions

    def shuffled(groups: list[int], steps: int) -> tuple[set[int], int]:
        unions, left = plain(groups, steps)
        return _Shuffled(unions), left

    groups.disjoint_unions = shuffled
    listing.disjoint_unions = shuffled  # type: ignore[attr-defined]


def main() -> None:
    if len(sys.argv) > 1:
        _shuffle_unions(int(sys.argv[1]))
    out = sys.stdout.buffer
    for variant in ("classic", "royal", "american-royal"):
        rules = make_rules(variant, 2)
        for loose in (20, 30, 40):
            for k in range(2):
                pos = crowded(rules, loose, k == 1, random.Random(f"cut/{variant}/{loose}/{k}"))
                for limit, budget in BOUNDS:
                    found = legal_moves(pos, limit, budget)
                    moves = [move_json(m, f) for m, f in zip(found.moves, found.facts)]
                    out.write(dumps({"truncated": found.truncated, "moves": moves}) + b"\n")


if __name__ == "__main__":
    main()
