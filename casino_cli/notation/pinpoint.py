"""Where in a position document a problem of the position check is written.

The engine checks sets of cards and names a pile (``$.hands[1]``; a build by its cards,
the builds being sorted); the document read has each card's place in its list. So a card
found twice is named at each place it is written (``$.table.loose[0], $.hands[1][1]``),
and a build at its index (``$.table.builds[2] (3C+5H=8)``).
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import parse_card
from .locate import steps

_BUILD = re.compile(r"\$\.table\.builds \((?P<cards>[^)=]+)(?:=\d+)?\)")
_TWICE = re.compile(r"(?P<paths>\$.*): (?P<card>\w\w) appears more than once")


def pinpointed(problem: str, doc: Any) -> str:
    """``problem`` (a message of the position check) with its paths narrowed to the
    elements of ``doc``, the position document it was read from."""
    twice = _TWICE.fullmatch(problem)
    if twice is None:
        return _BUILD.sub(lambda m: f"{_build_path(m, doc)} {m.group()[len('$.table.builds ') :]}", problem)
    card = parse_card(twice["card"])
    paths = ", ".join(_card_path(path, card, doc) for path in twice["paths"].split(", "))
    return f"{paths}: {twice['card']} appears more than once"


def _build_path(found: re.Match[str], doc: Any) -> str:
    """``$.table.builds[i]``: the build of the document with the cards the check names."""
    cards = {parse_card(code) for code in found["cards"].split("+")}
    for i, build in enumerate(doc["table"]["builds"]):
        if {parse_card(code) for code in build["cards"]} == cards:
            return f"$.table.builds[{i}]"
    return "$.table.builds"


def _card_path(path: str, card: int, doc: Any) -> str:
    """The path of ``card`` in the list of cards at ``path`` (a build named by its cards,
    a hand known in part by its ``cards``); ``path`` itself when it names no such list."""
    build = _BUILD.fullmatch(path)
    if build is not None:
        path = _build_path(build, doc) + ".cards"
    value = doc
    for step in steps(path):
        value = value[step]
    if isinstance(value, dict):
        path, value = f"{path}.cards", value.get("cards", [])
    if isinstance(value, list):
        for i, item in enumerate(value):
            if parse_card(item) == card:
                return f"{path}[{i}]"
    return path
