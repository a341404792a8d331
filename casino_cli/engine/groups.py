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


def sum_groups(loose: int, values: tuple[int, ...], budget: Budget) -> dict[int, dict[int, list[int]]]:
    """Subsets of ``loose`` by total (<= 14), then by lowest card: ``{total: {low: [mask]}}``.

    Cards of value 0 (classic court cards) never take part in a sum (V2).
    """
    key = (loose, values[40])  # values[40] (JS) tells the two value tables apart
    hit = _sums_cache.get(key)
    if hit is not None:
        return hit
    cards = sorted((c for c in cards_of(loose) if values[c]), key=lambda c: values[c])
    vals = [values[c] for c in cards]
    out: dict[int, dict[int, list[int]]] = {}
    complete = True

    def grow(start: int, mask: int, total: int, low: int) -> None:
        nonlocal complete
        for i in range(start, len(cards)):
            t = total + vals[i]
            if t > MAX_SUM:
                break
            if not budget.spend():
                complete = False
                return
            c = cards[i]
            m = mask | (1 << c)
            lo = c if c < low else low
            out.setdefault(t, {}).setdefault(lo, []).append(m)
            grow(i + 1, m, t, lo)

    grow(0, 0, 0, 64)
    if complete:
        if len(_sums_cache) >= _CACHE_LIMIT:
            _sums_cache.clear()
        _sums_cache[key] = out
    return out


def unions(groups: dict[int, list[int]], start: int, budget: Budget, into: set[int]) -> None:
    """Add to ``into`` every union of ``start`` with disjoint groups (``{low: [mask]}``).

    ``start`` itself is added. Each way of splitting is visited once (groups are taken
    in the order of their lowest card), so the work is the number of splittings.
    """
    into.add(start)
    if not groups:
        return
    lows = sorted(groups)

    def extend(used: int, first: int) -> None:
        for k in range(first, len(lows)):
            low = lows[k]
            if used >> low & 1:
                continue
            for g in groups[low]:
                if g & used:
                    continue
                if not budget.spend():
                    return
                u = used | g
                into.add(u)
                extend(u, k + 1)

    extend(start, 0)
