"""The writer of casino text: :func:`write_text` turns a record's dict into canonical text,
one tag line per header key, a Hand line per hand and its moves a round of the table per
line. A value is written bare only where the reader reads it back as the same value (not
as a number, a keyword, a player's name or a slip it refuses), else quoted or as inline
JSON ``<…>``, so nothing is lost either way.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from .errors import NotationError
from .fields import check_writable, name_key
from .text_builder import RECORD_FORMAT
from .text_slips import _HELD_WORDS, _JOINS, _REMARKS, _UNDOTTED, _UNKNOWN, _VERBS, _a_player
from .text_tokens import (
    _CURLY,
    _HAND_PAIRS,
    _LINE_WORDS,
    _NUMBER,
    _RESERVED,
    _RESULT_PAIRS,
    _SHOWN_PAIRS,
    _SPECIAL,
    _TAG_NAME,
    _scalar,
)

_USER_TAG = re.compile(r"_[a-z][a-z0-9_]*\Z")
_HEADER_KEYS = ("format", "rules", "players", "seed", "shuffle")


def _bare(text: str) -> bool:
    """Whether a text can be written as a bare word (no quotes): printable (so a control
    character or a bidi override is quoted, where it can be written as an escape) and
    without the characters that end a word."""
    return bool(text) and text.isprintable() and not any(c in _SPECIAL for c in text) and text[0] not in _CURLY


def _word(text: str, keywords: frozenset[str] = frozenset(), json_like: bool = False) -> str:
    """A text as a bare word when it reads back as the same text, else quoted (JSON)."""
    ok = _bare(text) and text.casefold() not in keywords and not _NUMBER.match(text) and not text.endswith(":")
    ok = ok and not (text.startswith(",") or text.endswith(","))  # a list's comma, which the reader drops
    if ok and json_like and _scalar(text) != text:
        ok = False
    if ok and text.startswith("_"):
        ok = False
    return text if ok else orjson.dumps(text).decode()


def _json_text(value: object) -> str:
    return "<" + orjson.dumps(value).decode() + ">"


def write_text(record: dict[str, Any]) -> str:
    """The canonical text of a record dict (one the records layer reads), ending with a newline."""
    if not isinstance(record, dict) or not isinstance(record.get("hands"), list):
        raise NotationError("expected a record: an object with a list of hands")
    check_writable(record)  # the values written as JSON: orjson would write NaN as null, refuse a surrogate
    lines: list[str] = []
    players = record.get("players")
    names = players if isinstance(players, list) and all(isinstance(p, str) for p in players) else None
    rules = record.get("rules")
    seats = rules.get("players") if isinstance(rules, dict) else None
    for key in _tag_keys(record):
        value = record[key]
        if key == "format" and value == RECORD_FORMAT and next(iter(record)) == "format":
            continue
        lines.append(_tag_line(key, value))
    for index, hand in enumerate(record["hands"]):
        if not isinstance(hand, dict):
            raise NotationError("expected an object", f"$.hands[{index}]")
        lines.append("")
        lines.extend(_hand_lines(index + 1, hand, names, seats if type(seats) is int and seats > 0 else 4))
    if "result" in record:
        lines.append("")
        lines.append("Result " + _pairs_text(record["result"], _RESULT_PAIRS, names))
    return "\n".join(lines) + "\n"


def _tag_keys(record: dict[str, Any]) -> list[str]:
    """The keys written as tags, in the record's order but ``rules`` first: a reader starts
    the next record at a tag the record before has, and every record has its Rules, so a
    record of no hands written after another one does not lend it its other tags."""
    return sorted((key for key in record if key not in ("hands", "result")), key=lambda key: key != "rules")


def _tag_line(key: str, value: object) -> str:
    if key == "rules":
        return f"[Rules {_rules_text(value)}]"
    if key == "players":
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return "[Players " + " ".join(_word(v) if "," not in v else orjson.dumps(v).decode() for v in value) + "]"
        return f"[Players {_json_text(value)}]"
    if key in _HEADER_KEYS:
        return f"[{key.title()} {orjson.dumps(value).decode() if isinstance(value, str) else _json_text(value)}]"
    if _USER_TAG.match(key) and key[1:] not in _RESERVED:
        name = key[1].upper() + key[2:]
    elif _TAG_NAME.fullmatch(key):
        name = key
    else:
        name = orjson.dumps(key).decode()
    return f"[{name} {orjson.dumps(value).decode()}]"


def _rules_text(rules: object) -> str:
    if not isinstance(rules, dict) or not rules:
        return _json_text(rules)
    parts = []
    keys = list(rules)
    for i, (key, value) in enumerate(rules.items()):
        if i == 0 and key == "variant" and isinstance(value, str) and "=" not in value:
            parts.append(_word(value, json_like=True))
        elif i == 1 and key == "players" and keys[0] == "variant" and type(value) is int and len(parts) == 1:
            parts.append(str(value))
        elif isinstance(key, str) and _bare(key) and not {"=", ","} & set(key) and not isinstance(value, (list, dict)):
            text = (
                value
                if isinstance(value, str) and _bare(value) and "," not in value and _scalar(value) == value
                else orjson.dumps(value).decode()
            )
            parts.append(f"{key}={text}")
        else:
            return _json_text(rules)
    return " ".join(parts)


def _seat_text(seat: object, names: list[str] | None) -> str:
    if type(seat) is not int:
        return _json_text(seat)
    if names and 0 <= seat < len(names):
        name = names[seat]
        folded = [name_key(n) for n in names]
        if (
            _bare(name)
            and not name.isdigit()
            and folded.count(name_key(name)) == 1
            and _word(name, _LINE_WORDS | frozenset(_SHOWN_PAIRS + _RESULT_PAIRS)) == name
        ):
            return name
    return str(seat)


def _cards_text(cards: object, keys: tuple[str, ...]) -> str:
    if isinstance(cards, list) and cards and all(isinstance(c, str) for c in cards):
        return " ".join(_word(c, frozenset(keys)) for c in cards)
    return _json_text(cards)


def _hand_lines(number: int, hand: dict[str, Any], names: list[str] | None, seats: int) -> list[str]:
    head = f"Hand {number}"
    lines: list[str] = []
    leading = True
    for key, value in hand.items():
        text = None
        if key in _HAND_PAIRS:
            text = _seat_text(value, names) if key == "dealer" else _cards_text(value, _HAND_PAIRS)
            if leading:
                head += f" {key} {text}"
            else:
                lines.append(f"{key.title()} {text}")
            continue
        leading = False
        if key == "moves" and isinstance(value, list):
            lines.extend(_move_lines(value, seats, names) if value else ["Moves"])
        elif key == "score" and isinstance(value, list) and value and all(type(v) is int for v in value):
            lines.append("Score " + " ".join(map(str, value)))
        elif key == "shown" and isinstance(value, list) and value:
            lines.extend("Shown " + _pairs_text(item, _SHOWN_PAIRS, names) for item in value)
        elif isinstance(key, str) and key.startswith("_") and _bare(key) and key != "_":
            lines.append(f"{key} {orjson.dumps(value).decode()}")
        else:
            lines.append(f"_ {_json_text({key: value})}")
    return [head, *lines]


def _move_lines(moves: list[Any], seats: int, names: list[str] | None) -> list[str]:
    """The moves, numbered, one round of the table per line."""
    lines: list[str] = []
    for start in range(0, len(moves), seats):
        lines.append(
            " ".join(f"{i + 1}. {_move_text(moves[i], names)}" for i in range(start, min(start + seats, len(moves))))
        )
    return lines


def _move_text(move: object, names: list[str] | None) -> str:
    if isinstance(move, str):
        who, sep, rest = move.partition(": ")
        if (
            sep
            and ":" not in who
            and _bare(who)
            and not _NUMBER.match(who)
            and rest
            and _move_word(rest, names) == rest
        ):
            return f"{who}: {rest}"
        return _move_word(move, names)
    if isinstance(move, dict) and list(move) == ["move", "comment"]:
        text, comment = move["move"], move["comment"]
        if isinstance(text, str) and isinstance(comment, str):
            return f"{_move_text(text, names)} {{{_escape(comment)}}}"
    return _json_text(move)


def _move_word(text: str, names: list[str] | None) -> str:
    """A move as a bare word when it reads back as one move (not ``4S+``, which a reader
    would take to go on in the next word, nor ``:x``, a colon with no player, nor a
    number, a remark ``(…)``, a player's name or a move said in words (``takes``, ``holds``)
    or a mark for a move not known (``??``), which the reader refuses as a move), else quoted."""
    if text and (
        text[-1] in _JOINS
        or text.startswith((":", *_REMARKS))
        or _UNDOTTED.match(text)
        or _a_player(text, names)
        or text.casefold() in _VERBS
        or text.casefold() in _HELD_WORDS
        or _UNKNOWN.match(text)
        or text.casefold() in _LINE_WORDS
    ):
        return orjson.dumps(text).decode()
    return _word(text)


def _escape(comment: str) -> str:
    out = []
    for c in comment:
        if c in "\\}":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif c < " " or c == "\x7f":
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return "".join(out)


def _pairs_text(obj: object, keys: tuple[str, ...], names: list[str] | None) -> str:
    if not isinstance(obj, dict) or not obj or any(k not in keys for k in obj):
        return _json_text(obj)
    parts = []
    for key, value in obj.items():
        if key == "seat":
            text = _seat_text(value, names)
        elif key == "cards":
            text = _cards_text(value, keys)
        elif key == "scores":
            ok = isinstance(value, list) and value and all(type(v) is int for v in value)
            text = " ".join(map(str, value)) if ok else _json_text(value)
        elif value is None or isinstance(value, (bool, int)) and not isinstance(value, float):
            text = orjson.dumps(value).decode()
            if key == "winner" and _a_player(text, names):
                text = f"<{text}>"  # a player named null (or 1): a bare word there is the player's side
        else:
            return _json_text(obj)
        parts.append(f"{key} {text}")
    return " ".join(parts)
