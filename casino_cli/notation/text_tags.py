"""The header of a casino text record: its tag lines, ``[Name value]``. ``Rules`` reads as
a variant, a number of players and ``NAME=VALUE`` options; ``Players`` as names in seat
order (apart by spaces, or by commas when the list has them); a tag of one's own
(``[Event …]``) as JSON, inline JSON ``<…>`` or else the text, as a hand's ``_name`` line is.
"""

from __future__ import annotations

import contextlib
from typing import Any

import orjson

from .text_builder import _Builder
from .text_slips import _option_hint, _players_count
from .text_tokens import (
    _CURLY,
    _RESERVED,
    _SPACES,
    _TAG_NAME,
    TextError,
    _json,
    _once,
    _scalar,
    _string_end,
    _Tok,
    _tokens,
)


def _tag_name(stripped: str) -> str | None:
    """The key a tag line sets (``Rules`` → rules, ``Event`` → _event), for telling records apart."""
    m = _TAG_NAME.match(stripped, 1 + len(stripped[1:]) - len(stripped[1:].lstrip(_SPACES)))
    if m:
        return _tag_key(m.group())
    if stripped[1:].lstrip(_SPACES).startswith('"'):
        return '"'  # a quoted user key: never repeats a known tag
    return None


def _tag_key(name: str) -> str:
    lowered = name.lower()
    if name.startswith("_"):
        return name
    return lowered if lowered in _RESERVED else "_" + lowered


def _read_tag(rec: _Builder, line: str, number: int, indent: int) -> None:
    """``[Name value]``: a header tag (a tag line after a hand starts the next record)."""
    end = line.rstrip(_SPACES)
    if not end.endswith("]"):
        raise TextError("expected ']' at the end of the tag line", number, len(end) + 1)
    inner_start = indent + 1
    while inner_start < len(end) and end[inner_start] in _SPACES:
        inner_start += 1
    if end[inner_start : inner_start + 1] == '"':
        close = _string_end(end, inner_start, number)
        name = _json(end[inner_start:close], number, inner_start)
        if not isinstance(name, str) or not name.startswith("_"):
            raise TextError("a quoted tag name is a key of your own: it starts with _", number, inner_start + 1)
        key, name_end = name, close
    else:
        m = _TAG_NAME.match(end, inner_start)
        if m is None:
            raise TextError("expected a tag name such as Rules, Players, Seed or Event", number, inner_start + 1)
        name, name_end = m.group(), m.end()
        key = _tag_key(name)
        if key in ("hands", "result"):
            raise TextError(
                f"{name} is not a tag: write {'Hand' if key == 'hands' else 'Result'} lines after the header",
                number,
                inner_start + 1,
            )
    if end[name_end : name_end + 1] == ":":  # [Players: Ana Ben], as people write it
        name_end += 1
    if name_end < len(end) - 1 and end[name_end] not in _SPACES:
        raise TextError("expected a space after the tag name", number, name_end + 1)
    value_start = name_end
    while value_start < len(end) - 1 and end[value_start] in _SPACES:
        value_start += 1
    text = end[value_start:-1].rstrip(_SPACES)
    if key in rec.tags:
        raise TextError(f"the tag {name} is given twice", number, inner_start + 1)
    rec.tags.add(key)
    where = (number, value_start + 1)
    path = f"$.{key}"
    rec.locations[path] = where
    if key == "rules":
        value: object = _rules_value(line, number, value_start, len(end) - 1, rec, path)
    elif key == "players":
        value = _players_value(line[: len(end) - 1], number, value_start, rec)
    elif text.startswith(("<", '"')):
        toks = _tokens(line[: len(end) - 1], number, value_start, comments=False)
        if len(toks) != 1:
            raise TextError("expected one value (quote a text with spaces)", number, value_start + 1)
        value = toks[0].value
    elif key.startswith("_"):
        value = _user_value(text, number, value_start)
    else:
        value = text  # Seed, Shuffle, Format: the text as written
    (rec.user if key.startswith("_") else rec.header)[key] = value


def _user_value(text: str, number: int, at: int) -> object:
    """A tag's or a ``_name`` line's value: JSON, inline JSON ``<…>``, or else the text."""
    if not text:
        raise TextError("expected a value", number, at + 1)
    with contextlib.suppress(orjson.JSONDecodeError):
        return _once(text, orjson.loads(text), number, at)
    if text[:1] == "<" and text[-1:] == ">":
        with contextlib.suppress(orjson.JSONDecodeError):
            return _once(text[1:-1], orjson.loads(text[1:-1]), number, at + 1)
    closing = _CURLY.get(text[:1], "")
    if len(text) > 1 and text[-1] in closing and not any(c in closing for c in text[1:-1]):  # not “a” and “b”
        return text[1:-1]  # “a text in curly quotes”, as a straight-quoted one would be
    return text


def _rules_value(line: str, number: int, start: int, stop: int, rec: _Builder, path: str) -> object:
    """``classic 2 sweeps=true target=11``: variant, players, then NAME=VALUE options; the
    commas of a list dropped, as people write them (``classic, 2, sweeps=true``)."""
    toks = [piece for t in _tokens(line[:stop], number, start, comments=False) for piece in _list_items(t)]
    if len(toks) == 1 and toks[0].kind == "json":
        return toks[0].value
    out: dict[str, Any] = {}
    i = 0
    positional = ("variant", "players")
    while i < len(toks):
        tok = toks[i]
        word = tok.value if tok.kind == "word" else None
        if isinstance(word, str) and "=" in word and not word.startswith("="):
            key, _, rest = word.partition("=")
            if rest == "" and i + 1 < len(toks) and toks[i + 1].column - 1 == tok.end:
                i += 1
                value = toks[i].value
            elif rest == "":
                raise TextError(f"expected a value after {key}=", number, tok.end + 1)
            else:
                value = _scalar(rest)
        elif len(out) < 2 and not set(out) - set(positional[: len(out)]) and tok.kind in ("word", "str"):
            key = positional[len(out)]
            value = _scalar(tok.value) if key == "players" and tok.kind == "word" else tok.value
            if key == "players" and tok.kind == "word" and type(value) is not int:
                value = _players_count(out["variant"], tok, number)
            if key == "variant" and tok.kind == "word" and isinstance(value, str):
                value = value.lower()  # Classic, ROYAL: as --variant reads them
        else:
            raise TextError(f"expected NAME=VALUE (a rule option){_option_hint(word)}", number, tok.column)
        if key in out:
            raise TextError(f"the option {key} is given twice", number, tok.column)
        out[key] = value
        rec.locations[f"{path}.{key}"] = (number, tok.column)
        i += 1
    if not out:
        raise TextError("expected the rules: a variant and the number of players, e.g. classic 2", number, start + 1)
    return out


def _list_items(tok: _Tok) -> list[_Tok]:
    """A word's items apart by commas (``classic,2,``: ``classic`` and ``2``), each at its column."""
    if tok.kind != "word":
        return [tok]
    items, column = [], tok.column
    for item in tok.value.split(","):
        if item:
            items.append(tok._replace(value=item, column=column, end=column + len(item) - 1))
        column += len(item) + 1
    return items


def _players_value(line: str, number: int, start: int, rec: _Builder) -> object:
    """The names in seat order: apart by spaces (``Ana Ben``), or by commas when the list has
    them (``Ana, Ben``; ``José, Ana María, Zoë``: a name with spaces, as people list them)."""
    toks = _tokens(line, number, start, comments=False)
    if len(toks) == 1 and toks[0].kind == "json":
        return toks[0].value
    commas = any(t.kind == "word" and "," in t.value for t in toks)
    names: list[object] = []
    i = 0
    while i < len(toks):
        j = i + 1
        if toks[i].kind != "word":  # a quoted name is whole ("" too)
            rec.locations[f"$.players[{len(names)}]"] = (number, toks[i].column)
            names.append(toks[i].value)
        else:
            while commas and j < len(toks) and toks[j].kind == "word":
                j += 1  # words up to a comma are one name
            at = toks[i].column - 1
            for piece in line[at : toks[j - 1].end].split(","):
                if piece.strip(_SPACES):
                    rec.locations[f"$.players[{len(names)}]"] = (
                        number,
                        at + len(piece) - len(piece.lstrip(_SPACES)) + 1,
                    )
                    names.append(piece.strip(_SPACES))
                at += len(piece) + 1
        i = j
    if not names:
        raise TextError("expected the players' names, in seat order", number, start + 1)
    return names
