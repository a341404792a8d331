"""Where in a position document a problem of the position check is written.

The engine checks sets of cards and names a pile (``$.hands[1]``; a build by its cards,
the builds being sorted); the document read has each card's place in its list. So a card
found twice is named at each place it is written (``$.table.loose[0], $.hands[1][1]``),
and a build at its index (``$.table.builds[2] (3C+5H=8)``).
"""

from __future__ import annotations

from typing import Any

from ..cards import cards_of, parse_card
from ..engine.errors import Pile, Problem
from .locate import steps


def pinpointed(problem: str | Problem, doc: Any) -> str:
    """``problem`` (of the position check) as text, the piles it names narrowed to the
    elements of ``doc``, the position document it was read from."""
    if isinstance(problem, str):
        return problem
    return str(Problem(tuple(_narrowed(pile, problem.card, doc) for pile in problem.piles), problem.what))


def _narrowed(pile: Pile, card: int | None, doc: Any) -> Pile:
    """``pile`` in ``doc``: a build at its index; with ``card``, that card's place in the
    pile's list of cards (a hand known in part by its ``cards``), the pile itself when it
    names no such list."""
    path = pile.path
    if pile.cards:
        path = _build_path(pile.cards, doc)
        if card is None:
            return Pile(path, label=pile.label)
        path += ".cards"
    if card is None:
        return pile
    value = doc
    for step in steps(path):
        value = value[step]
    if isinstance(value, dict):
        path, value = f"{path}.cards", value.get("cards", [])
    if isinstance(value, list):
        for i, item in enumerate(value):
            if parse_card(item) == card:
                return Pile(f"{path}[{i}]")
    return Pile(path)


def _build_path(cards: int, doc: Any) -> str:
    """``$.table.builds[i]``: the build of the document with these cards."""
    for i, build in enumerate(doc["table"]["builds"]):
        if {parse_card(code) for code in build["cards"]} == set(cards_of(cards)):
            return f"$.table.builds[{i}]"
    return "$.table.builds"
