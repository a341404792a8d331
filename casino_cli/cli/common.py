"""Pieces shared by the commands: seeds and rule sets from options, documents to positions,
positions printed and drawn."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import orjson

from ..engine import Move, Position, PositionError, RulesError, make_rules
from ..engine.position import counted_mover, position_lines
from ..engine.rules import OPTIONS, Rules
from ..notation.errors import NotationError
from ..notation.fields import dumps, loads, whole
from ..notation.moves import read_record_move, split_player
from ..notation.position import UserData, position_json, read_position_data, rules_problem
from .inputs import Document, InputError, read_documents
from .output import DATA_ERROR, USAGE, Fail, Format, Screen, say, utf8_argument, write_line

_PATH = re.compile(r"\$[^ :,]*")


def seed_or_random(seed: str | None, tell: bool = True, games: int = 0) -> str:
    """The --seed of deal, play, simulate and match (``games`` of them dealt from SEED/i);
    without one, a fresh random seed, said on stderr (unless not ``tell``: play tells a
    person at the game's end) so the same game can be had again (docs/notation.md, Seeds)."""
    if seed is None:
        import secrets  # here: a given seed needs no fresh one

        seed = secrets.token_hex(6)
        if tell:
            say(f"seed: {seed}")
    return check_seed(seed, games)


def check_seed(seed: str, games: int) -> str:
    """The seed as UTF-8 text (:func:`utf8_argument`); a usage error for one that is not UTF-8
    (bytes the shell passed) or longer than a deal takes; with ``games`` (0: one deal), for
    one whose last game's seed, SEED/games, would be."""
    from ..engine.deal import MAX_SEED_BYTES

    room = MAX_SEED_BYTES - (len(f"/{games}") if games else 0)
    seed = utf8_argument(seed)
    if len(seed.encode("utf-8")) > room:
        why = f" here (game {games} deals from SEED/{games}, at most {MAX_SEED_BYTES} bytes)" if games else ""
        raise Fail(USAGE, f"a seed is at most {room} bytes{why}")
    return seed


SET_BY_FLAG = {
    "variant": "--variant",
    "players": "--players",
    "partnerships": "--partnerships or --no-partnerships",
}


def rules_from_options(variant: str, players: int, partnerships: bool | None, options: list[str]) -> Rules:
    """A rule set from --variant, --players, --partnerships and -o NAME=VALUE (usage errors exit 2)."""
    overrides: dict[str, object] = {}
    for item in map(utf8_argument, options):
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise Fail(USAGE, f"--option takes NAME=VALUE, not {item!r}")
        if name.strip() in SET_BY_FLAG:  # keys of a rules object the command line sets otherwise
            raise Fail(USAGE, f"bad rules: {name.strip()} is not an option: use {SET_BY_FLAG[name.strip()]}")
        if name.strip() not in OPTIONS:
            from difflib import get_close_matches  # a message's: not loaded at every start

            close = get_close_matches(name.strip(), OPTIONS, 1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (options are {', '.join(OPTIONS)})"
            raise Fail(USAGE, f"bad rules: unknown option {name.strip()!r}{hint}")
        if name.strip() in overrides:  # as a rules object or a [Rules] tag refuses it: never the last one silently
            raise Fail(USAGE, f"bad rules: the option {name.strip()} is given twice")
        try:
            overrides[name.strip()] = whole(orjson.loads(value))  # target=21.0 is 21, as in a document
        except orjson.JSONDecodeError:
            overrides[name.strip()] = value
    try:
        return make_rules(variant, players, partnerships, **overrides)
    except RulesError as exc:
        raise Fail(USAGE, f"bad rules: {rules_problem(exc)}") from None


def documents(path: str) -> Iterator[Document]:
    """The documents of FILE; a file that cannot be opened is a usage error."""
    try:
        yield from read_documents(path)
    except InputError as exc:
        raise Fail(exc.code, str(exc)) from None


def passed_over(doc: Document, exc: Fail, fmt: Format, kind: str) -> int:
    """A document of a stream that cannot be used: said on stderr and, in the JSON formats,
    ``{"format": kind, "line", "error"}`` in its place (so the Nth document out stays the
    Nth one in); its exit code, for the end."""
    say(exc.message)
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps({"format": kind, "line": doc.line, "error": exc.message}))
    return exc.code


def problem_text(doc: Document, exc: NotationError | PositionError) -> str:
    """``file:line:column: $.path: message`` for a notation or position error, located at
    the element it names (the first one, for a position with several problems)."""
    if isinstance(exc, NotationError):
        return f"{doc.where(exc.path)}: {exc}"
    first = _PATH.match(exc.problems[0]) if exc.problems else None
    return f"{doc.where(first.group() if first else None)}: inconsistent position: " + "; ".join(exc.problems)


def position_of(doc: Document, playable: bool = False, command: str = "moves", counted: bool = False) -> Position:
    """The checked position of a document, or a Fail (exit 65) naming what is wrong (of a
    record, the commands that answer ``command``'s question about one). With ``playable``,
    the hand of the seat to move must be known; with ``counted`` too, known by its size
    alone is enough (:func:`counted_mover`)."""
    return position_data_of(doc, playable, command, counted)[0]


def position_data_of(
    doc: Document, playable: bool = False, command: str = "moves", counted: bool = False
) -> tuple[Position, UserData]:
    """As :func:`position_of`, with the document's user data (``_`` keys) to write back."""
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        pos, user = read_position_data(doc.value)
    except (NotationError, PositionError) as exc:
        raise Fail(DATA_ERROR, problem_text(doc, exc) + (_record_hint(doc, command) or _question_hint(doc))) from None
    if counted:
        pos = counted_mover(pos, states_the_hand_so_far(doc))
    if playable and pos.turn is not None and pos.hands[pos.turn] is None:
        raise Fail(
            DATA_ERROR,
            f"{doc.where(f'$.hands[{pos.turn}]')}: $.hands[{pos.turn}]: seat {pos.turn} is to move but its hand is unknown (null)",
        )
    return pos, user


def states_the_hand_so_far(doc: Document) -> bool:
    """Whether a position document gives its stock and captured piles (so the cards left to
    the hands are known), rather than leaving them to default to an empty start."""
    return isinstance(doc.value, dict) and "stock" in doc.value and "captured" in doc.value


def is_record(doc: Document) -> bool:
    """Whether a readable document says it is a game record (``casino.record/…``)."""
    kind = doc.value.get("format") if doc.error is None and isinstance(doc.value, dict) else None
    return isinstance(kind, str) and kind.startswith("casino.record/")


def _record_hint(doc: Document, command: str) -> str:
    """For a game record given to ``command`` where a position is wanted: the commands that
    answer its question about a record (a hint's: review, and hint at one of its moves)."""
    if not is_record(doc):
        return ""
    name = doc.in_command()
    if command == "hint":
        return (
            f". This is a game record: `casino review {name}` values each of its moves, and "
            f"`casino hint {name} --hand H --move N` ranks the moves its player could make at move N"
        )
    return (
        f". This is a game record: `casino judge {name} --hand H --move N` rules on its move N, and "
        f"`casino replay {name} --hand H --to N | tail -1 | casino moves -` lists the moves after move N"
    )


def _question_hint(doc: Document) -> str:
    """For a bot's question (``casino.bot/1``) or its view given where a position is wanted:
    how to make the position of it (the view, less the keys the protocol adds)."""
    from ..records.botproto import PROTOCOL, VIEW_KEYS

    value = doc.value if doc.error is None and isinstance(doc.value, dict) else {}
    dropped = ", ".join(f".{key}" for key in VIEW_KEYS)
    if value.get("protocol") == PROTOCOL:
        return f". This is a bot's question: its position is its view less {dropped} (jq -c '.view | del({dropped})')"
    if isinstance(value.get("format"), str) and any(key in value for key in VIEW_KEYS):
        return f". This is a bot question's view: its position is the view less {dropped} (jq -c 'del({dropped})')"
    return ""


def print_position(pos: Position, fmt: Format, user: UserData = ()) -> None:
    """One position in the chosen format; ``user`` is the user data written back into its JSON."""
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(position_json(pos, user)))
    elif fmt == Format.text:
        for line in position_lines(pos):
            write_line(line)
    if fmt == Format.pretty:
        from .render import position_view

        Screen(True).print(position_view(pos))


def save_picture(svg: str | None, picture: Any) -> None:
    """Write a position picture (a :class:`~casino_cli.pictures.table.Picture`) to --svg FILE."""
    if svg is not None:
        from ..pictures.table import position_svg
        from .picture_files import write_file

        write_file(svg, position_svg(picture))


def check_per_task(dask: str | None, per_task: int) -> None:
    """--per-task sizes the tasks of a --dask cluster: without one it is a usage error."""
    if per_task and dask is None:
        raise Fail(USAGE, "--per-task goes with --dask (it sizes the tasks of a cluster)")


def take_record(doc: Document) -> str:
    """The command that writes record K of ``doc``'s file of several (JSON Lines or casino
    text) as one line."""
    return f"casino convert {doc.in_command()} -f json | sed -n Kp"


def single_document(path: str, what: str = "one position", pick: Callable[[Document], str] | None = None) -> Document:
    """Exactly one document from FILE (a stream of several is refused: the command reads ``what``;
    ``pick`` says, of the first document, how to take one)."""
    docs = documents(path)
    first = next(docs)
    if first.error is not None:
        return first  # what is wrong with it comes first
    for extra in docs:
        how = pick(first) if pick is not None else ""
        raise Fail(USAGE, f"{extra.where()}: expected one document, found more (this command reads {what}){how}")
    return first


def move_argument(text: str, pos: Position) -> tuple[Move, str | None, int | None]:
    """A MOVE argument of ``apply`` or ``judge``: text, or a JSON object when it starts with
    ``{``, either naming its seat as a record's move does (``1:2C``, ``"seat": 1``); why
    that seat may not play it (None when it names none or the seat to move): ``it is seat
    0's turn, not seat 1's``; and that seat (None likewise). Raises NotationError, a seat
    not at the table included."""
    value = loads(text) if text.lstrip().startswith("{") else text
    _no_names(value, pos)
    said = read_record_move(value, "", None, pos.rules.players)
    if said.seat is None or pos.turn is None or said.seat == pos.turn:  # (a hand that is over: the judge says so)
        return said.move, None, None
    return said.move, f"it is seat {pos.turn}'s turn, not seat {said.seat}'s", said.seat


def player_named(text: str) -> tuple[str | None, str]:
    """The player's name a move text starts with, and the move without it (``Ben: 7Hx2S+5H``:
    ``("Ben", "7Hx2S+5H")``); no name for a text with a seat (``1: 7H``) or none."""
    who, rest = split_player(text)
    if not who or (who.isascii() and who.isdigit()):
        return None, text
    return who, rest.strip()


def _no_names(value: object, pos: Position) -> None:
    """Refuse a player's name before a move's ``:`` (``Ben: 7Hx2S+5H``, copied from a record):
    a position names no players, so say how to write the move for it."""
    text = value if isinstance(value, str) else value.get("move") if isinstance(value, dict) else None
    who, move = player_named(text) if isinstance(text, str) else (None, "")
    if who is None:
        return
    seat = pos.turn if pos.turn is not None else 0
    raise NotationError(
        f"{who!r} before ':': a position names no players; write the move with its seat ({seat}: {move})"
        + (f" or alone ({move}, for seat {seat}, whose turn it is)" if pos.turn is not None else ""),
        "" if isinstance(value, str) else ".move",
    )


def move_problem(exc: NotationError) -> str:
    """Why a MOVE argument cannot be read, the key of a move object at fault first: 'seat: …'."""
    key = exc.path.removeprefix("$").removeprefix(".")
    return f"{key}: {exc.message}" if key else exc.message
