"""Groups of loose cards: subsets that add up to a value, and their disjoint unions.

This is the combinatorial core shared by captures (C1) and builds (B4). Work is
bounded by a :class:`Budget`; when it runs out the caller's listing is truncated.
"""

from __future__ import annotations

from ..cards import cards_of

MAX_SUM = 14
_CACHE_LIMIT = 20_000
_sums_cache: dict[tuple[int, int], dict[int, dict[int, list[int]]]] = {}


class Budget:
    """A count of elementary steps still allowed; ``exhausted`` once it hits zero."""

    __slots__ = ("left", "exhausted")

    def __init__(self, steps: int):
        self.left = steps
        self.exhausted = False

    def spend(self, steps: int = 1) -> bool:
        """Use some steps; False (and ``exhausted``) when none are left."""
        self.left -= steps
        if self.left < 0:
            self.exhausted = True
        return not self.exhausted


def sum_groups(loose: int, values: tuple[int, ...], budget: Budget) -> list[list[int]]:
    """Subsets of ``loose`` by total: ``groups[t]`` lists the masks adding up to t (t <= 14).

    Cards of value 0 (classic court cards) never take part in a sum (V2).
    """
    key = (loose, values[40])  # values[40] (JS) tells the two value tables apart
    hit = _sums_cache.get(key)
    if hit is not None:
        return hit
    subsets = [(0, 0)]  # (mask, total)
    complete = True
    for c in cards_of(loose):
        v = values[c]
        if not v:
            continue
        bit, room = 1 << c, MAX_SUM - v
        grown = [(m | bit, t + v) for m, t in subsets if t <= room]
        if not budget.spend(len(grown)):
            complete = False
            break
        subsets += grown
    out: list[list[int]] = [[] for _ in range(MAX_SUM + 1)]
    for m, t in subsets[1:]:  # not the empty set
        out[t].append(m)
    if complete:
        if len(_sums_cache) >= _CACHE_LIMIT:
            _sums_cache.clear()
        _sums_cache[key] = out
    return out


def unions(groups: list[int], start: int, budget: Budget, into: set[int]) -> None:
    """Add to ``into`` every union of ``start`` with disjoint ``groups`` (``start`` included).

    Each group is offered to every union found so far, so the work is about the number
    of groups times the number of unions; the budget bounds it on crowded tables.
    """
    found = {start}
    for g in groups:
        if g & start:
            continue
        if not budget.spend(len(found)):
            break
        found |= {u | g for u in found if not u & g}
    into |= found
