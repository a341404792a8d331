"""Pieces shared by the commands: rule sets from options, documents to positions."""

from __future__ import annotations

from collections.abc import Iterator

import orjson

from ..engine import Position, PositionError, RulesError, make_rules
from ..engine.rules import Rules
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import UserData, position_json, read_position_data
from .inputs import Document, InputError, read_documents
from .output import DATA_ERROR, USAGE, Fail, Format, Screen, write_line
from .plain import position_lines


def rules_from_options(variant: str, players: int, partnerships: bool | None, options: list[str]) -> Rules:
    """A rule set from --variant, --players, --partnerships and -o NAME=VALUE (usage errors exit 2)."""
    overrides: dict[str, object] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise Fail(USAGE, f"--option takes NAME=VALUE, not {item!r}")
        try:
            overrides[name.strip()] = orjson.loads(value)
        except orjson.JSONDecodeError:
            overrides[name.strip()] = value
    try:
        return make_rules(variant, players, partnerships, **overrides)
    except RulesError as exc:
        raise Fail(USAGE, f"bad rules: {exc}") from None


def documents(path: str) -> Iterator[Document]:
    """The documents of FILE; a file that cannot be opened is a usage error."""
    try:
        yield from read_documents(path)
    except InputError as exc:
        raise Fail(USAGE, str(exc)) from None


def problem_text(doc: Document, exc: Exception) -> str:
    """``file:line: $.path: message`` for a notation or position error."""
    if isinstance(exc, NotationError):
        return f"{doc.where()}: {exc}"
    if isinstance(exc, PositionError):
        return f"{doc.where()}: inconsistent position: " + "; ".join(exc.problems)
    return f"{doc.where()}: {exc}"


def position_of(doc: Document, playable: bool = False) -> Position:
    """The checked position of a document, or a Fail (exit 65) naming what is wrong.
    With ``playable``, the hand of the seat to move must be known."""
    return position_data_of(doc, playable)[0]


def position_data_of(doc: Document, playable: bool = False) -> tuple[Position, UserData]:
    """As :func:`position_of`, with the document's user data (``_`` keys) to write back."""
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        pos, user = read_position_data(doc.value)
    except (NotationError, PositionError) as exc:
        raise Fail(DATA_ERROR, problem_text(doc, exc)) from None
    if playable and pos.turn is not None and pos.hands[pos.turn] is None:
        raise Fail(
            DATA_ERROR, f"{doc.where()}: $.hands[{pos.turn}]: seat {pos.turn} is to move but its hand is unknown (null)"
        )
    return pos, user


def print_position(pos: Position, fmt: Format, svg: str | None, user: UserData = ()) -> None:
    """One position in the chosen format (and as an SVG picture if asked for); ``user``
    is the user data written back into its JSON."""
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(position_json(pos, user)))
    elif fmt == Format.text:
        for line in position_lines(pos):
            write_line(line)
    screen = Screen(fmt == Format.pretty, svg)
    if screen.active:
        from .render import position_view

        screen.print(position_view(pos))
    screen.close()


def single_document(path: str) -> Document:
    """Exactly one document from FILE (a stream of several is refused)."""
    docs = documents(path)
    first = next(docs)
    if first.error is not None:
        return first  # what is wrong with it comes first
    for extra in docs:
        raise Fail(USAGE, f"{extra.where()}: expected one document, found more (this command reads one position)")
    return first
