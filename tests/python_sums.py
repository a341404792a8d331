"""``sum`` as each CPython adds floats, for tests that a result does not depend on the
interpreter: 3.11 adds one after another, 3.12 on compensates (Neumaier) and so rounds
some sums otherwise."""

from __future__ import annotations

import functools
import operator


def left_to_right(items, start=0):
    """``sum`` as CPython 3.11 adds: one addition after another."""
    return functools.reduce(operator.add, items, start)


def compensated(items, start=0):
    """``sum`` as CPython adds floats from 3.12 on: Neumaier's compensated sum."""
    items = list(items)
    if not any(isinstance(x, float) for x in items):
        return left_to_right(items, start)
    total, error = float(start), 0.0
    for x in map(float, items):
        after = total + x
        error += (total - after) + x if abs(total) >= abs(x) else (x - after) + total
        total = after
    return total + error
