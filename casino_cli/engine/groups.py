"""Groups of loose cards: subsets that add up to a value, and their disjoint unions.

This is the combinatorial core of the listing, shared by captures (C1) and builds
(B4). Work is counted in steps; a caller whose steps run out gets a partial answer
and says its listing is truncated. Complete answers are remembered by loose set, with
what they cost, so a repeated question costs the same steps as the first (the same
position always gets the same listing) but not the same time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_SUM = 14
Sums = list[Sequence[int]]  # sums[t]: the masks of the subsets adding up to t, a list (or () when none)
_NONE = ()  # an empty bucket of sums (shared: buckets are never changed once made)
_ONLY_EMPTY = (0,)  # the unions of no groups

_CACHE_LIMIT = 64  # recent tables only: most repeats are a few moves apart, and a big cache of
# lists costs more in garbage-collector passes than it saves
# (loose, value table) -> (sums, totals, their cost, {value: (unions, their cost)})
_groups_cache: dict[tuple[int, int], tuple[Sums, int, int, dict[int, tuple[set[int], int]]]] = {}


class TableGroups:
    """The groups of one set of loose cards.

    ``sums[t]`` lists the non-empty subsets adding up to ``t`` (t <= 14; cards of value 0,
    classic court cards, never take part: V2), found within ``steps`` steps (``complete``
    says whether all were, ``cost`` the steps they took, at most ``steps``); bit t of
    ``totals`` is set when ``sums[t]`` is not empty. :meth:`unions` gives, per value, every
    union of disjoint groups.
    """

    __slots__ = ("sums", "totals", "complete", "cost", "_unions")

    def __init__(self, loose: int, values: tuple[int, ...], steps: int):
        key = (loose, values[40])  # values[40] (JS) tells the two value tables apart
        hit = _groups_cache.get(key)
        if hit is not None and hit[2] <= steps:
            self.sums, self.totals, self.cost, self._unions = hit
            self.complete = True
            return
        self.sums, self.totals, cost = _subset_sums(loose, values, steps)
        self.complete = cost <= steps
        self.cost = min(cost, steps)
        self._unions = {}
        if self.complete:
            if len(_groups_cache) >= _CACHE_LIMIT:
                _groups_cache.clear()
            _groups_cache[key] = (self.sums, self.totals, cost, self._unions)

    def unions(self, value: int, steps: int) -> tuple[set[int] | tuple[int, ...], int, bool]:
        """Every union of disjoint groups worth ``value`` (the empty one included), found
        within half of ``steps`` (the other half is kept for the moves made of them); the
        steps left, and whether some unions may be missing."""
        groups = self.sums[value]
        if len(groups) < 2:  # most often: nothing to combine
            return ((0, groups[0]) if groups else _ONLY_EMPTY), steps - len(groups), False
        hit = self._unions.get(value)
        if hit is not None and hit[1] <= steps - steps // 2:
            return hit[0], steps - hit[1], False
        half = steps // 2
        found, left = disjoint_unions(groups, steps - half)
        if left < 0:
            return found, half, True
        if self.complete:
            self._unions[value] = (found, steps - half - left)
        return found, half + left, False


def _subset_sums(loose: int, values: tuple[int, ...], steps: int) -> tuple[Sums, int, int]:
    """Subsets of ``loose`` by total (at most 14), the totals met (a bit mask), and the
    steps spent (one per subset; more than ``steps`` when it stopped short)."""
    by_total: list[Any] = [_NONE] * (MAX_SUM + 1)  # lists made here, so they may grow
    spent = totals = 0
    while loose:
        bit = loose & -loose  # the cards in card order
        loose ^= bit
        v = values[bit.bit_length() - 1]
        if not v:
            continue
        below = totals & ((1 << (MAX_SUM + 1 - v)) - 1)  # the totals the card can join
        while below:
            t = below.bit_length() - 1  # downwards: a subset takes the card once
            below ^= 1 << t
            src = by_total[t]
            spent += len(src)
            if spent > steps:
                return by_total, totals, spent
            if totals >> t + v & 1:
                by_total[t + v] += [m | bit for m in src]
            else:
                by_total[t + v] = [m | bit for m in src]
                totals |= 1 << t + v
        if totals >> v & 1:
            by_total[v].append(bit)
        else:
            by_total[v] = [bit]
            totals |= 1 << v
        spent += 1
    return by_total, totals, spent


def disjoint_unions(groups: Sequence[int], steps: int) -> tuple[set[int], int]:
    """Every union of pairwise disjoint ``groups``, the empty one included, and the steps
    left (offering a group to the unions found so far costs one step per union; below
    zero the set is partial)."""
    found = {0}
    for g in groups:
        steps -= len(found)
        if steps < 0:
            break
        found |= {u | g for u in found if not u & g}
    return found, steps
