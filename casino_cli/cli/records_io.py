"""Records for the commands that read them: the record of a document, findings for people.

Kept apart from :mod:`.common` so that the position commands do not import records.
"""

from __future__ import annotations

from ..notation.errors import NotationError
from ..records.describe import move_seat_words, mover_named
from ..records.disputes import NoRuling
from ..records.record import Record, read_record
from ..records.referee import Finding
from ..records.shown import visible
from .common import problem_text
from .inputs import Document
from .output import DATA_ERROR, USAGE, Fail, say


def record_of(doc: Document) -> Record:
    """The record of a document, or a Fail (exit 65) naming what is wrong."""
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        return read_record(doc.value)
    except NotationError as exc:
        raise Fail(DATA_ERROR, problem_text(doc, exc)) from None


def no_ruling(doc: Document, exc: NoRuling) -> Fail:
    """A record without the position a move asks for, said at the element to blame (with
    the options that ask for the move to ask for instead, where it names one): exit 2 for
    a hand or move it does not have, else 65."""
    element = finding_path(exc.finding) if exc.finding is not None else exc.path
    if exc.hand is not None:  # a move it does not have: its Hand line, or the JSON's moves
        element = f"$.hands[{exc.hand}]" + ("" if doc.locate is not None else ".moves")
    ask = "" if exc.ask is None else f" (--hand {exc.ask[0]} --move {exc.ask[1]})"
    return Fail(USAGE if exc.usage else DATA_ERROR, f"{doc.where(element)}: {exc.message}{ask}")


def shown_entry(doc: Document, after: int, seat: int, names: tuple[str, ...] | None) -> str:
    """How a record written as ``doc`` is (casino text or JSON) writes that ``seat`` was
    shown to hold cards after move ``after`` of a hand (*Cards shown*), the cards left to fill in."""
    named = names is not None and names[seat].isalnum() and names.count(names[seat]) == 1  # a .cas word, one seat's
    who = names[seat] if names is not None and named else str(seat)
    if doc.locate is not None:  # casino text
        return f"Shown after {after} seat {who} cards CARD… all"
    return f'"shown": [{{"after": {after}, "seat": {seat}, "cards": [CARD, …], "all": true}}]'


def note_earlier(doc: Document, hand: int, earlier: Finding | None, names: tuple[str, ...] | None) -> None:
    """On stderr, the finding of a record's hand before the move asked about, if any: of a
    move before it, or of the hand as a whole (its shown cards), its mover named as in
    :func:`finding_line`."""
    if earlier is not None:
        at = f"before this move, move {earlier.move}" if earlier.move is not None else f"in hand {hand}"
        say(f"{doc.where(finding_path(earlier))}: note: {at}: {earlier.for_people(names)} ({earlier.rule})")


def note_no_move(doc: Document, path: str, words: str, seat: int | None, names: tuple[str, ...] | None) -> None:
    """On stderr, at ``path``, why the seat to move has no legal move (``words``, the
    engine's, name it "seat N"), as a finding names the mover."""
    say(f"{doc.where(path)}: note: before this move, {mover_named(words, len(words), seat, names)}")


_HAND_FIELD = {"D1": "deck", "D4": "dealer", "claim": "score", "notation": "moves"}


def finding_path(finding: Finding) -> str:
    """The JSON path of the element a finding is about: the one it names (the element of an
    unreadable record, the cards shown that contradict the moves), else the move, the hand's
    field that is wrong (its deck, dealer, claimed score), or the claimed result."""
    if finding.path is not None:
        return finding.path
    if finding.hand is None:
        return "$.result" if finding.rule == "claim" else "$"
    hand = f"$.hands[{finding.hand - 1}]"
    if finding.move is not None:
        return f"{hand}.moves[{finding.move - 1}]"
    field = _HAND_FIELD.get(finding.rule)
    return f"{hand}.{field}" if field else hand


def finding_line(doc: Document, finding: Finding, record: Record | None = None, as_data: bool = False) -> str:
    """A referee's finding for people: where (file, line and column, hand, move, seat and
    the player's name if the record gives it), what, the rule and the record's comment on
    the move. The mover is named in the engine's words too ("Ben (seat 1) would hold …"),
    and the cards that would settle a note by suit symbol ("— 7♠, 7♥ or 7♣"), on a terminal
    and on stderr in any format; ``as_data`` (validate -f text, on stdout) keeps the JSON's
    words. ``record``: None for one that could not be read."""
    names = None if record is None else record.players
    where = doc.where(finding_path(finding))
    if finding.hand is not None:
        where += f": hand {finding.hand}"
        if finding.move is not None:
            where += f", move {finding.move}"
            if finding.seat is not None:  # of a "turn" finding, another player made the move
                where += f" ({move_seat_words(names, finding.seat, finding.rule == 'turn')})"
    note = "note: " if finding.unchecked else ""
    comment = None if record is None else finding.comment_in(record)
    message = finding.message if as_data else finding.for_people(names)
    line = f"{where}: {note}{message} ({finding.rule})" + (f" {{{comment}}}" if comment else "")
    return visible(line)  # names, texts and comments come from the record
