"""Pieces shared by the commands: rule sets from options, documents to positions."""

from __future__ import annotations

import os
import re

import orjson

from ..engine import PositionError, RulesError, make_rules
from ..engine.rules import Rules
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import position_json, read_position
from .inputs import Document, InputError, read_documents
from .output import DATA_ERROR, USAGE, Fail, Format, Screen, write_line
from .plain import position_lines

_PATH = re.compile(r"\$[^ :]*")


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


def documents(path: str):
    """The documents of FILE; a file that cannot be opened is a usage error."""
    try:
        yield from read_documents(path)
    except InputError as exc:
        raise Fail(exc.code, str(exc)) from None


def refuse_overwrite(output: str | None, inputs: list[str], option: str = "--svg") -> None:
    """Refuse (exit 2) an output FILE that is one of the inputs (``-``: whatever standard
    input reads), before anything is read or written."""
    if not output:
        return
    try:
        target = os.stat(output)
    except OSError:
        return  # a new file (or one that cannot be written: said when it is written)
    for path in inputs:
        try:
            source = os.fstat(0) if path == "-" else os.stat(path)
        except OSError:
            continue
        if (source.st_dev, source.st_ino) == (target.st_dev, target.st_ino):
            raise Fail(USAGE, f"{option} {output} is an input of this command: it would be overwritten")


def problem_text(doc: Document, exc: Exception) -> str:
    """``file:line:column: $.path: message`` for a notation or position error, located at
    the element it names (the first one, for a position with several problems)."""
    if isinstance(exc, NotationError):
        return f"{doc.where(exc.path)}: {exc}"
    if isinstance(exc, PositionError):
        first = _PATH.match(exc.problems[0]) if exc.problems else None
        return f"{doc.where(first.group() if first else None)}: inconsistent position: " + "; ".join(exc.problems)
    return f"{doc.where()}: {exc}"


def position_of(doc: Document, playable: bool = False):
    """The checked position of a document, or a Fail (exit 65) naming what is wrong.
    With ``playable``, the hand of the seat to move must be known."""
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        pos = read_position(doc.value)
    except (NotationError, PositionError) as exc:
        raise Fail(DATA_ERROR, problem_text(doc, exc)) from None
    if playable and pos.turn is not None and pos.hands[pos.turn] is None:
        raise Fail(
            DATA_ERROR,
            f"{doc.where(f'$.hands[{pos.turn}]')}: $.hands[{pos.turn}]: seat {pos.turn} is to move but its hand is unknown (null)",
        )
    return pos


def print_position(pos, fmt, svg: str | None) -> None:
    """One position in the chosen format (and as an SVG picture if asked for)."""
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(position_json(pos)))
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
