"""Moves in text (``8Hx3C+5D``, ``2C+4H=6``, ``5D``) and object form."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import CardError, card_code, codes_of, parse_card
from ..engine.moves import A_MOVE, BUILD, CAPTURE, TRAIL, Move, MoveFacts
from ..errors import wrong_type
from .errors import NotationError
from .fields import (
    expect_bool,
    expect_int,
    expect_object,
    expect_str,
    name_key,
    read_card,
    read_card_list,
    slip_hint,
)

MOVE_KEYS = ("type", "card", "takes", "value", "uses", "move", "kind", "sweep", "multiple", "seat", "comment")
_MAX_TEXT = 200


def parse_move_text(text: str, path: str = "$") -> Move:
    """Read the one-line text of a move (any card order, ``10``, lower case, suit symbols)."""
    if not isinstance(text, str):
        raise wrong_type("text", text, "a move's text (read_move reads the object form)")
    raw = text.strip(" ")
    if not raw:
        raise NotationError("empty move text", path)
    if len(raw) > _MAX_TEXT:
        raise NotationError(f"move text of {len(raw)} characters is too long", path)
    try:
        if "=" in raw:
            left, _, value_text = raw.partition("=")
            parts = left.split("+")
            value_text = value_text.strip(" ")
            if not (value_text.isascii() and value_text.isdigit()) or len(value_text) > 3:
                _list_mark(raw, path)
                raise NotationError(f"{raw!r}: the value after '=' must be a number of at most 3 digits", path)
            card, uses = parts[0], parts[1:]
            return _checked(Move(BUILD, parse_card(card), _table_cards(uses, raw, path), int(value_text)), raw, path)
        lowered = raw.replace("X", "x")  # ASCII only: str.lower() would change lengths
        if "x" in lowered:
            at = lowered.index("x")
            card, rest = raw[:at], raw[at + 1 :]
            if not card.strip():
                _ten_written_x(raw[:2])
                raise NotationError(f"{raw!r}: the card played goes before the 'x' (e.g. 8Hx3C+5D)", path)
            if not rest.strip():
                _card_written_x(card, raw)
            takes = rest.split("+") if rest.strip() else []
            return _checked(Move(CAPTURE, parse_card(card), _table_cards(takes, raw, path)), raw, path)
        if "+" in raw and not _words_hint(raw):
            raise NotationError(f"{raw!r}: a build needs '=value' (e.g. 2C+4H=6), a capture 'x' (e.g. 6Cx2C+4H)", path)
        return Move(TRAIL, parse_card(raw))
    except CardError as exc:
        hint = _words_hint(raw)
        if hint:
            raise NotationError(f"{raw!r} is not a move in notation: {hint}", path) from None
        _list_mark(raw, path)
        raise NotationError(f"in move {raw!r}: {exc}", path) from None


def _list_mark(raw: str, path: str) -> None:
    """A move ended by a list's mark (``TH,`` or ``4S+3H=7,`` of ``TH, KH``) refused naming the mark, not its card or value."""
    if raw[-1] in ",;." and _reads(raw[:-1]):
        raise NotationError(
            f"in move {raw!r}: a {raw[-1]!r} is no part of a move: moves are apart by spaces (TH KH),"
            " a move's cards joined by + (8Hx3C+5D)",
            path,
        )


def _reads(text: str) -> bool:
    """Whether ``text`` reads as a move (``TH`` of ``TH,``; not ``thinking..`` of ``thinking...``)."""
    try:
        parse_move_text(text)
    except NotationError:
        return False
    return True


def _ten_written_x(text: str) -> None:
    """A card written with X for ten (``XH``, read as a capture with no played card) refused as the card it is not."""
    try:
        parse_card("T" + text[1:])
    except CardError:
        return
    parse_card(text)  # raises CardError, naming the ten


def _card_written_x(card: str, raw: str) -> None:
    """A card whose suit was mistyped X (``5X``, read as a capture with nothing taken) refused as the card it is not."""
    try:
        parse_card(card)
    except CardError:
        parse_card(raw)  # raises CardError, naming '5X'


_CAPTURE_WORDS = {"takes", "take", "taking", "captures", "capture", "pairs", "x"}
_BUILD_WORDS = {"builds", "build", "building", "raises", "raise", "makes", "make", "="}
_TRAIL_WORDS = {"trails", "trail", "trailing"}


def _words_hint(raw: str) -> str:
    """For a move written in words ("9D takes 9C"), how to write it ("a capture is written 9Dx9C")."""
    if len(raw.replace(",", " ").split()) < 2:  # one word: notation with a bad card, which is named
        return ""
    tokens = raw.replace(",", " ").replace("+", " ").split()
    cards, numbers, words = [], [], set()
    for token in tokens:
        try:
            cards.append(card_code(parse_card(token)))
        except CardError:
            if token.isascii() and token.isdigit():
                numbers.append(token)
            else:
                words.add(token.lower())
    if words & _CAPTURE_WORDS and len(cards) >= 2:
        return f"a capture is written {cards[0]}x{'+'.join(cards[1:])}"
    if words & _BUILD_WORDS and len(cards) >= 2 and len(numbers) == 1:
        return f"a build is written {'+'.join(cards)}={numbers[0]}"
    if words & _TRAIL_WORDS and len(cards) == 1:
        return f"a trail is written {cards[0]}"
    return "write a capture as 8Hx3C+5D, a build as 2C+4H=6, a trail as 5D"


class ValueNamed(NotationError):
    """A table card written as a number (``9Cx9``: "take the nine"), ``value``, the number
    (None when over 3 digits), with which a referee names the build meant."""

    def __init__(self, message: str, path: str = "$", value: int | None = None):
        super().__init__(message, path)
        self.value = value


def _table_cards(texts: list[str], raw: str, path: str) -> int:
    mask = 0
    for t in texts:
        if not t.strip(" "):  # 2S+5H+, 2S++5H, 8Hx+3C: a '+' typed with no card beside it
            raise NotationError(f"{raw!r}: a card is missing beside a '+'", path)
        if t.strip(" ").isascii() and t.strip(" ").isdigit():  # 9Cx9: "take the nine"
            raise ValueNamed(
                f"{raw!r}: {t.strip(' ')!r} is a number, not a card: a card has its suit ({t.strip(' ')}S), and a"
                " build on the table is named by all its cards (9Cx4S+5D takes a 9 built of 4S and 5D)",
                path,
                int(t) if len(t.strip(" ")) <= 3 else None,
            )
        card = parse_card(t)
        if mask >> card & 1:
            raise NotationError(f"{raw!r}: {card_code(card)} is named twice", path)
        mask |= 1 << card
    return mask  # none at all is readable; the judge refuses it (B2, C1)


def _checked(move: Move, raw: str, path: str) -> Move:
    if move.cards >> move.card & 1:
        raise NotationError(f"{raw!r}: the played card {card_code(move.card)} cannot also be on the table", path)
    return move


def read_move(value: object, path: str = "$") -> Move:
    """A move in text or object form."""
    if isinstance(value, str):
        return parse_move_text(value, path)
    obj = expect_object(value, path, MOVE_KEYS)
    if "type" not in obj and "move" in obj:
        for key in ("card", "takes", "value", "uses"):
            if key in obj:
                raise NotationError(
                    f"a move given by its 'move' text needs 'type' to give {key!r} too", f"{path}.{key}"
                )
        return parse_move_text(expect_str(obj["move"], f"{path}.move"), f"{path}.move")
    expect_object(obj, path, MOVE_KEYS, ("type", "card"))
    kind = expect_str(obj["type"], f"{path}.type")
    card = read_card(obj["card"], f"{path}.card")
    wanted = {TRAIL: (), CAPTURE: ("takes",), BUILD: ("value", "uses")}.get(kind)
    if wanted is None:
        raise NotationError(f"move type must be trail, capture or build, not {kind!r}", f"{path}.type")
    for key in ("takes", "value", "uses"):
        if key in obj and key not in wanted:
            raise NotationError(f"a {kind} has no {key!r}", f"{path}.{key}")
        if key in wanted and key not in obj:
            raise NotationError(f"a {kind} needs {key!r}", path)
    if kind == TRAIL:
        move = Move(TRAIL, card)
    else:
        key = "takes" if kind == CAPTURE else "uses"
        cards = read_card_list(obj[key], f"{path}.{key}")
        mask = sum(1 << c for c in cards)
        value = expect_int(obj["value"], f"{path}.value", 0, 100) if kind == BUILD else 0
        move = _checked(Move(kind, card, mask, value), kind, f"{path}.{key}")
    if "seat" in obj:
        expect_int(obj["seat"], f"{path}.seat", 0, 3)
    for key in ("sweep", "multiple"):
        if key in obj:
            expect_bool(obj[key], f"{path}.{key}")
    if "kind" in obj and obj["kind"] not in ("new", "raise", "add"):
        raise NotationError("kind must be new, raise or add", f"{path}.kind")
    if "comment" in obj:
        expect_str(obj["comment"], f"{path}.comment")
    if "move" in obj:
        stated = parse_move_text(expect_str(obj["move"], f"{path}.move"), f"{path}.move")
        if stated != move:
            raise NotationError(f"'move' says {stated.text()} but the fields say {move.text()}", f"{path}.move")
    return move


class RecordMove(NamedTuple):
    """A move of a record with what the record says about it: the seat its player prefix
    or ``seat`` names (checked as ``turn``), and its comment."""

    move: Move
    seat: int | None
    comment: str | None


def split_player(text: str) -> tuple[str | None, str]:
    """``"Ben: 4S+3H=7"`` → ``("Ben", "4S+3H=7")``; a text without a prefix → ``(None, text)``."""
    who, sep, rest = text.partition(":")
    return (who.strip(), rest) if sep else (None, text)


def player_seat(who: str, players: tuple[str, ...] | None, seats: int, path: str) -> int:
    """The seat a player prefix names: a seat number, or one of ``players`` in any case (a
    number that is also the name of another seat's player is refused: it names two seats)."""
    folded = [name_key(p) for p in players or ()]
    key = name_key(who)
    if who.isascii() and who.isdigit():
        if len(who) < 4 and int(who) < seats:
            others = [s for s, p in enumerate(folded) if p == key and s != int(who)]
            if others:
                raise NotationError(
                    f"{who!r} before ':' is seat {int(who)} and also the name of seat {others[0]}'s player:"
                    " write the move with its seat (the object form) or give players names that are not seat numbers",
                    path,
                )
            return int(who)
        said = who if len(who) <= 12 else who[:12] + "…"
        raise NotationError(f"seat {said} before ':' is not at the table: the seats are 0 to {seats - 1}", path)
    if folded.count(key) == 1:
        return folded.index(key)
    if folded.count(key) > 1:
        named = " and ".join(str(s) for s, p in enumerate(folded) if p == key)
        raise NotationError(f"{who!r} before ':' names more than one player (seats {named}): write the seat", path)
    known = f"the players are {', '.join(players)}" if players else "no players are named"
    raise NotationError(
        f"{who!r} before ':' is not a seat (0..{seats - 1}) or a player's name ({known}){slip_hint(who, players or ())}",
        path,
    )


def read_record_move(value: object, path: str, players: tuple[str, ...] | None, seats: int) -> RecordMove:
    """A move of a record: text (``"Ben: 4S+3H=7"``) or object form (``{"move": …, "seat": …,
    "comment": …}`` or the full object), with the seat it names and its comment."""
    text = value if isinstance(value, str) else value.get("move") if isinstance(value, dict) else None
    named = None
    if isinstance(text, str):
        who, rest = split_player(text)
        text_path = path if isinstance(value, str) else f"{path}.move"
        if who is not None:
            named = player_seat(who, players, seats, text_path)
            value = rest if isinstance(value, str) else {**value, "move": rest}  # type: ignore[dict-item]
    seat = value.get("seat") if isinstance(value, dict) else None
    if seat is not None:  # before read_move, whose range is the seats of any table
        expect_int(seat, f"{path}.seat", 0, seats - 1)
    move = read_move(value, path)
    comment = None
    if isinstance(value, dict):
        comment = value.get("comment")
        if seat is not None and named is not None and seat != named:
            raise NotationError(f"the move's text names seat {named} but 'seat' says {seat}", f"{path}.seat")
    return RecordMove(move, named if seat is None else seat, comment)


def move_json(move: Move, facts: MoveFacts | None = None) -> dict[str, Any]:
    """The object form plus its canonical text and, given ``facts``, what it does."""
    if not isinstance(move, Move):
        raise wrong_type("move", move, A_MOVE)
    text = move.text()  # first: IllegalMove (rule notation) for a move it cannot write
    out: dict[str, Any] = {"type": move.type, "card": card_code(move.card)}
    if move.type == CAPTURE:
        out["takes"] = codes_of(move.cards)
    elif move.type == BUILD:
        out["value"] = move.value
        out["uses"] = codes_of(move.cards)
    out["move"] = text
    if facts is not None:
        if move.type == BUILD:
            out["kind"] = facts.kind
            out["multiple"] = facts.multiple
        elif move.type == CAPTURE:
            out["sweep"] = facts.sweep
    return out
