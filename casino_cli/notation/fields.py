"""Typed access to parsed JSON with precise errors: every failure names its JSON path."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from typing import Any

import orjson

from ..cards import CardError, parse_card
from ..errors import CasinoError, shown, utf8_writable, wrong_type
from .errors import NotationError
from .locate import duplicate_key, line_column, locate

MAX_INT = 10**9
MAX_USER_DEPTH = 32
MAX_CONTAINERS = 2_000_000  # per document: ~90 bytes of memory each once parsed
MAX_HANDS = 1000  # a record's hands (casino text checks these three as it reads)
MAX_MOVES = 10_000  # a hand's moves
MAX_SHOWN = 1000  # a hand's shown entries
MAX_NAME = 4096  # a player's name, in characters: as long as a command-line argument (a cmd: bot's name)


def loads(data: bytes | str, path: str = "$") -> object:
    """Parse one JSON document (a UTF-8 BOM is accepted); errors become NotationError."""
    if not isinstance(data, (bytes, str)):
        raise wrong_type("data", data, "the JSON text, bytes or str")
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise NotationError("empty input: expected a JSON document", path)
    if data.count(b"{") + data.count(b"[") > MAX_CONTAINERS and _containers(data) > MAX_CONTAINERS:
        raise NotationError(
            f"the document holds more than {MAX_CONTAINERS:,} arrays and objects (a bound on the memory it takes)",
            path,
        )
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as bad:  # orjson says where only roughly: the first byte that is not UTF-8
            before = data[: bad.start]
            line, column = before.count(b"\n") + 1, len(before.rsplit(b"\n", 1)[-1].decode("utf-8")) + 1
            error = NotationError(
                f"invalid JSON: not UTF-8 text, byte 0x{data[bad.start]:02X} (save it as UTF-8)", path
            )
            error.at = (line, column)
            raise error from None
        raise _json_error(data, exc, path) from None
    value = exact(data, value, path)
    repeated = repeated_key(data, value)
    if repeated is not None:
        error = NotationError(twice(repeated), repeated if path == "$" else path + repeated[1:])
        error.at = line_column(data, locate(data, repeated))  # the value of its second naming
        raise error
    return value


def exact(data: bytes, value: object, path: str = "$") -> object:
    """``value`` (orjson's reading of ``data``) read again by Python's reader where ``data``
    writes an integer beyond 64 bits, which orjson reads as a float: so that such an integer
    is refused (in user data) or out of range (elsewhere), never rounded."""
    if not _LONG_DIGITS.search(data) or not any(
        m.group(1) and not -(2**63) <= int(m.group(1)) < 2**64 for m in _INTEGERS.finditer(data)
    ):
        return value
    try:
        return json.loads(data)
    except RecursionError:  # Python's reader goes less deep than orjson
        raise NotationError("an integer beyond 64 bits, nested too deeply to be read exactly", path) from None


_LONG_DIGITS = re.compile(rb"[0-9]{19}")  # the cheap test: no integer beyond 64 bits is shorter
_INTEGERS = re.compile(rb'"(?:[^"\\]|\\.)*"|(?<![.eE+0-9-])(-?[0-9]{19,})(?![.eE0-9])', re.DOTALL)  # not in strings


def repeated_key(data: bytes, value: object) -> str | None:
    """The JSON path of the first key that an object of ``data`` (parsed as ``value``) names
    twice, if any: JSON readers differ on which of the two counts, so a referee takes neither."""
    if isinstance(value, (dict, list)) and _may_repeat_a_key(data, value):
        return duplicate_key(data)
    return None


def twice(repeated: str) -> str:
    """What is wrong with the key at path ``repeated`` (see :func:`repeated_key`)."""
    key = repeated.rsplit(".", 1)[1]
    return f"the key {key!r} appears twice in this object (JSON readers differ on which one counts)"


def _json_error(data: bytes, exc: orjson.JSONDecodeError, path: str) -> NotationError:
    """What is wrong with a document orjson refused, and where. Deep in unclosed arrays
    orjson says only "failed to allocate memory", at a wrong place; Python's own reader
    then names the real fault."""
    message = exc.msg
    at: tuple[int, int] | None = (exc.lineno, exc.colno)
    if message == _AFTER and isinstance(exc.doc, str) and exc.doc[exc.pos : exc.pos + 1] in ("{", "["):
        message = _SECOND
    if message.startswith("failed to allocate memory"):
        try:
            json.loads(data)
        except json.JSONDecodeError as again:
            message, at = again.msg, (again.lineno, again.colno)
        except RecursionError:  # neither reader can say where: the document as a whole is at fault
            message, at = "arrays and objects nested too deeply, and not closed", None
    error = NotationError(f"invalid JSON: {message}", path)
    error.at = at
    return error


_AFTER = "unexpected content after document"
_SECOND = (  # documents one after another, as jq writes them without -c
    "a second document starts here: several documents are read one per line (JSON Lines, as jq -c writes them)"
)


def _may_repeat_a_key(data: bytes, value: object) -> bool:
    """A cheap test that is true whenever some object of ``data`` repeats a key: orjson
    keeps one of them, so the document has more colons than its re-serialisation (unless
    a colon is written as an escape, when only the full scan can tell)."""
    if b"\\u003" in data:
        return True
    try:
        again = orjson.dumps(value)
    except orjson.JSONEncodeError:  # an integer beyond 64 bits
        return True
    return data.count(b":") != again.count(b":")


def _containers(data: bytes) -> int:
    """How many arrays and objects a document opens (brackets outside strings), at C speed:
    one list entry per string or opener (an empty or one-byte bytes, both shared objects)."""
    found = _OPENERS.findall(data)
    return len(found) - found.count(b"")


_OPENERS = re.compile(rb'"(?:[^"\\]|\\.)*"|([\[{])', re.DOTALL)


def dumps(obj: object) -> bytes:
    """Canonical JSON: compact, keys in the order given. JSON has no NaN or infinity, which
    orjson writes as null, and JSON text is UTF-8, which has no lone surrogate (what Python
    makes of a byte that is not UTF-8): either is a CasinoError naming where it is."""
    try:
        out = orjson.dumps(obj)
    except orjson.JSONEncodeError:
        check_writable(obj)  # a lone surrogate; anything else is orjson's TypeError
        raise
    if b"null" in out:  # where orjson may have written a NaN (a lone surrogate it refuses)
        check_writable(obj, texts=False)
    return out


def check_writable(value: object, texts: bool = True) -> None:
    """A CasinoError naming the JSON path of the first value in ``value`` (a key too) that
    JSON text cannot hold, if there is one: a float that is not finite, or (unless not
    ``texts``) a text with a lone surrogate."""
    found = _unwritable(value, texts)
    if found is None:
        return
    path, item = found
    if isinstance(item, float):
        raise CasinoError(f"JSON has no NaN or infinity: ${path} is {item}")
    where = path.encode("utf-8", "backslashreplace").decode()  # the path may hold the key itself
    raise CasinoError(f"JSON text is UTF-8, which has no lone surrogate: ${where} is {shown(item)}")


def _unwritable(value: object, texts: bool = True) -> tuple[str, object] | None:
    """The JSON path (after ``$``) of the first float in ``value`` that is not finite or
    (with ``texts``) text that UTF-8 cannot write, and that value, or None. (An int, a
    bool and None are passed over at once; so are texts, without ``texts``.)"""
    if isinstance(value, float):
        return None if math.isfinite(value) else ("", value)
    if isinstance(value, str):
        return None if not texts or value.isascii() or utf8_writable(value) else ("", value)
    steps: Iterable[tuple[object, object]]
    if isinstance(value, dict):
        steps, form = value.items(), ".{}"
    elif isinstance(value, (list, tuple)):
        steps, form = enumerate(value), "[{}]"
    else:
        return None
    kinds = _MAY_HOLD_UNWRITABLE if texts else _MAY_HOLD_FLOATS
    for step, item in steps:
        if texts and isinstance(step, str) and _unwritable(step) is not None:
            return form.format(step), step
        if isinstance(item, kinds):
            found = _unwritable(item, texts)
            if found is not None:
                return form.format(step) + found[0], found[1]
    return None


_MAY_HOLD_FLOATS = (float, dict, list, tuple)
_MAY_HOLD_UNWRITABLE = (*_MAY_HOLD_FLOATS, str)


def type_name(value: object) -> str:
    """The JSON name of a parsed value's type."""
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def expect_object(value: object, path: str, known: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object whose keys are all known (or ``_``-prefixed user data), with the required ones."""
    if not isinstance(value, dict):
        raise NotationError(f"expected an object, found {type_name(value)}", path)
    for key in value:
        if key not in known and not key.startswith("_"):
            raise NotationError(
                f"unknown key {key!r} (expected {', '.join(known)}; keys starting with _ are free for your own data)",
                f"{path}.{key}",
            )
        if key.startswith("_"):
            check_depth([key, value[key]], f"{path}.{key}")
    for key in required:
        if key not in value:
            raise NotationError(f"missing key {key!r}", path)
    return value


def user_keys(obj: dict[str, Any]) -> tuple[tuple[str, object], ...]:
    """The ``_``-prefixed entries of an object, in their order."""
    return tuple((k, v) for k, v in obj.items() if k.startswith("_"))


def check_depth(value: object, path: str) -> None:
    """Refuse user data that could not be written back: nested deeper than MAX_USER_DEPTH,
    integers beyond 64 bits, text that is not valid UTF-8 (a lone surrogate). orjson
    refuses the last two at C speed; the depth is followed with one iterator per level, so
    the check takes memory in the depth only and time in the number of items."""
    try:
        orjson.dumps(value)
    except orjson.JSONEncodeError as exc:
        why = str(exc)
        if "Integer" in why:
            raise NotationError("user data holds an integer beyond 64 bits", path) from None
        if "UTF-8" in why:
            raise NotationError("user data holds text that is not valid UTF-8", path) from None
        raise NotationError(f"user data nested deeper than {MAX_USER_DEPTH} levels", path) from None
    stack: list[Iterator[object]] = [iter((value,))]
    while stack:
        for item in stack[-1]:
            if isinstance(item, (list, dict)):
                if item and len(stack) > MAX_USER_DEPTH:  # its items would lie deeper than the limit
                    raise NotationError(f"user data nested deeper than {MAX_USER_DEPTH} levels", path)
                stack.append(iter(item.values() if isinstance(item, dict) else item))
                break
        else:
            stack.pop()


def whole(value: object) -> object:
    """``value``, or the whole number a number written with a zero fraction stands for
    (``21.0`` and ``2.1e1`` are 21, as JSON Schema's ``integer`` reads them)."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_INT:
        return int(value)
    return value


def expect_int(value: object, path: str, low: int = 0, high: int = MAX_INT) -> int:
    """A whole number within [low, high] (written ``21`` or ``21.0``: :func:`whole`)."""
    value = whole(value)
    if type(value) is not int:
        if isinstance(value, float) and value.is_integer() and abs(value) > MAX_INT:
            raise NotationError(f"{_shown(value)} is out of range ({low}..{high})", path)
        raise NotationError(f"expected a whole number, found {type_name(value)}", path)
    if not low <= value <= high:
        raise NotationError(f"{_shown(value)} is out of range ({low}..{high})", path)
    return value


def _shown(value: int | float) -> str:
    """A whole number as a message quotes it: itself, or past 15 digits its sign and its
    digit count. One written as a float (``1e30``) is "about" so many: near a power of ten
    the float's count can be one more or less than were written."""
    if type(value) is int and abs(value) < 10**15:
        return str(value)
    digits = len(str(abs(int(value))))
    sign = "negative " if value < 0 else ""
    return f"a {sign}number of about {digits} digits" if isinstance(value, float) else f"a {sign}{digits}-digit number"


def json_shown(value: object, most: int = 40) -> str:
    """A value read from JSON as a message quotes it: as JSON writes it (``true``,
    ``{"x": 1}``), cut to ``most`` characters (…), a whole number past 15 digits by its digit
    count (:func:`_shown`)."""
    value = whole(value)
    if type(value) is int or isinstance(value, float) and value.is_integer():
        return _shown(value)
    try:
        text = orjson.dumps(value).decode()
    except orjson.JSONEncodeError:  # nested deeper than orjson writes
        return type_name(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def expect_bool(value: object, path: str) -> bool:
    """true or false."""
    if type(value) is not bool:
        raise NotationError(f"expected true or false, found {type_name(value)}", path)
    return value


def expect_str(value: object, path: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise NotationError(f"expected a string, found {type_name(value)}", path)
    return value


def expect_list(value: object, path: str, max_len: int = 1000) -> list[Any]:
    """An array of at most ``max_len`` items."""
    if not isinstance(value, list):
        raise NotationError(f"expected an array, found {type_name(value)}", path)
    if len(value) > max_len:
        raise NotationError(f"array of {len(value)} items is too long (at most {max_len})", path)
    return value


def read_card(value: object, path: str) -> int:
    """One card in any accepted text form."""
    if not isinstance(value, str):
        raise NotationError(f'expected a card such as "TD", found {type_name(value)}', path)
    try:
        return parse_card(value)
    except CardError as exc:
        raise NotationError(str(exc), path) from None


def read_card_list(value: object, path: str) -> list[int]:
    """An array of cards, each at most once."""
    items = expect_list(value, path, 52)
    try:
        cards = [parse_card(item) for item in items]
    except CardError:
        return _card_by_card(items, path)
    return cards if len(set(cards)) == len(cards) else _card_by_card(items, path)


def _card_by_card(items: list[Any], path: str) -> list[int]:
    """:func:`read_card_list` one card at a time, naming the first bad or repeated card where it is."""
    cards = []
    seen = 0
    for i, item in enumerate(items):
        card = read_card(item, f"{path}[{i}]")
        if seen >> card & 1:
            raise NotationError(f"{item!r} is listed twice", f"{path}[{i}]")
        seen |= 1 << card
        cards.append(card)
    return cards


def read_card_set(value: object, path: str) -> int:
    """An array of cards as a mask."""
    mask = 0
    for card in read_card_list(value, path):
        mask |= 1 << card
    return mask


def name_key(name: str) -> str:
    """A player's name as names are compared: in any case and any Unicode form (``José``
    typed as one character or as ``e`` and a combining accent)."""
    if name.isascii():  # no accents, and casefold is lower: the common case, in C
        return name.lower()
    import unicodedata  # here: the commands that read no names start without it

    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())


def slip_hint(word: str, names: Iterable[str]) -> str:
    """``: is it Ben?`` when ``word`` is a slip for one of ``names`` (``Bne``, ``Benn``, in any
    case), ``: is it Bea or Ben?`` when two or three are as close (``Be``); else nothing: no
    name is close, more than three are as close, or the closest is a name two players share
    (it would name neither)."""
    if len(word) > 64:  # a slip is short; difflib's work grows with the lengths multiplied
        return ""
    from difflib import SequenceMatcher  # a message's: not loaded at every start

    key = name_key(word)
    scored = [(SequenceMatcher(None, key, name_key(n)).ratio(), n) for n in names if len(n) <= 64]
    best = max((score for score, _ in scored), default=0.0)
    closest = [n for score, n in scored if score == best]
    if best < 0.6 or len(closest) > _MAX_GUESSES or len({name_key(n) for n in closest}) < len(closest):
        return ""
    return f": is it {' or '.join(filter(None, [', '.join(closest[:-1]), closest[-1]]))}?"


_MAX_GUESSES = 3  # "is it Ana, Bea or Ben?" at the most
