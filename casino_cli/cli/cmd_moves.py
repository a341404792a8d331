"""``casino moves``: every legal move of a position, or of each line of a JSON Lines stream."""

from __future__ import annotations

from typing import Any

from ..engine import Move, MoveList, Partial, Position, TooComplex, legal_moves, unseen_cards
from ..engine.position import unknown_count
from ..errors import plural
from ..notation.fields import dumps
from ..notation.moves import move_json
from .common import documents, passed_over, position_of, save_picture
from .output import OK, Fail, Format, Screen, resolve_format, say, write_line
from .picture_files import check_target

MOVES_FORMAT = "casino.moves/1"


def run_moves(path: str, limit: int, keep_going: bool, fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    screen = Screen(fmt == Format.pretty)
    code = OK
    for index, doc in enumerate(documents(path)):
        try:
            pos = position_of(doc, playable=True)
        except Fail as exc:
            if not keep_going:
                raise
            code = max(code, passed_over(doc, exc, fmt, MOVES_FORMAT))
            continue
        listing = legal_moves(pos, limit=limit)
        unsettled = None
        if pos.turn is not None and isinstance(pos.hands[pos.turn], Partial):
            listing, unsettled = _settle(pos, listing)
        _print(pos, listing, fmt, doc.line, screen, unsettled)
        if pos.turn is None and fmt == Format.text:  # its line is empty: why, for a person reading it
            say(f"{doc.where()}: the hand is over: no move to list")
        if unsettled is not None and fmt in (Format.text, Format.jsonl):
            say(
                f"{doc.where()}: partial listing: seat {pos.turn} has {_unknown(pos)} unknown "
                f"card(s); these depend on them: {' '.join(m.text() for m in unsettled) or 'none'}"
            )
        if svg is not None and index == 0:
            _picture(pos, listing, svg)
        if listing.truncated:
            say(
                f"{doc.where()}: listing truncated after {plural(len(listing.moves), 'move')} (the --limit or the search budget was reached)"
            )
    if code:
        raise Fail(code)


def _unknown(pos: Position) -> int:
    """How many cards of the mover's hand are unknown."""
    return 0 if pos.turn is None else unknown_count(pos.hands[pos.turn])


def _settle(pos: Position, listing: MoveList) -> tuple[MoveList, list[Move]]:
    """A partly known mover's listing cut to the moves some holding of its unknown cards
    allows, and those of them that depend on the unknown cards."""
    from ..records.ruling import ILLEGAL, UNSETTLED

    unseen = unseen_cards(pos)
    kept = [(m, f, _verdict(pos, m, unseen)) for m, f in zip(listing.moves, listing.facts)]
    kept = [k for k in kept if k[2] != ILLEGAL]
    cut = MoveList(tuple(m for m, _, _ in kept), tuple(f for _, f, _ in kept), listing.truncated)
    return cut, [m for m, _, v in kept if v == UNSETTLED]


def _verdict(pos: Position, move: Move, unseen: int) -> str:
    """The verdict on a listed move; one too big to check exactly stays listed, as unsettled."""
    from ..records.ruling import UNSETTLED, decide

    try:
        return decide(pos, move, unseen).verdict
    except TooComplex:
        return UNSETTLED


def _print(
    pos: Position, listing: MoveList, fmt: Format, line: int, screen: Screen, unsettled: list[Move] | None = None
) -> None:
    if fmt == Format.json:
        doc: dict[str, Any] = {
            "format": MOVES_FORMAT,
            "turn": pos.turn,
            "count": len(listing.moves),
            "truncated": listing.truncated,
        }
        if unsettled is not None:
            doc["partial"] = True
            doc["unknown"] = _unknown(pos)
            doc["unsettled"] = [m.text() for m in unsettled]
        doc["moves"] = [move_json(m, f) for m, f in zip(listing.moves, listing.facts)]
        write_line(dumps(doc))
    elif fmt == Format.jsonl:
        for m, f in zip(listing.moves, listing.facts):
            obj = move_json(m, f)
            obj["line"] = line
            write_line(dumps(obj))
    elif fmt == Format.text:
        write_line(" ".join(m.text() for m in listing.moves))
    if screen.active:
        from .render import moves_view, position_view

        screen.print(position_view(pos))
        screen.print(moves_view(listing.moves, listing.facts, listing.truncated, pos.rules))
        if unsettled is not None:
            screen.print(
                f"partial listing: seat {pos.turn} has {_unknown(pos)} unknown card(s), which may "
                f"allow other moves; {len(unsettled)} of these depend on them",
                markup=False,
            )


def _picture(pos: Position, listing: MoveList, svg: str) -> None:
    """The (first) position with its legal moves listed under the table."""
    from ..pictures.table import Picture
    from .plain import moves_title  # loads the records layer: only a picture needs it

    shown = 12
    notes = [f"{i}. {m.text()}" for i, m in enumerate(listing.moves[:shown], 1)]
    if len(listing.moves) > shown:
        notes.append(f"… and {len(listing.moves) - shown} more")
    save_picture(svg, Picture(pos, caption=moves_title(listing.moves, listing.truncated), notes=notes))
