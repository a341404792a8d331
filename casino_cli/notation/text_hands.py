"""The hands of a casino text record: each line after the header, read into the record
being built. A ``Hand`` line opens a hand (its dealer, table and deck), ``Moves`` lines and
bare moves (numbered ``12.``, by player ``Ben:``, each with its ``{comment}``) fill it,
``Score``, ``Shown`` and ``_name`` lines close it, and a ``Result`` line ends the record.
Keywords are read in any case, with the colons and commas people write.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from typing import Any

from ..errors import shown
from .errors import NotationError
from .fields import MAX_HANDS, MAX_MOVES, MAX_SHOWN, name_key, slip_hint
from .text_builder import _PACK, _SENTINEL, _Builder
from .text_slips import (
    _a_player,
    _as_written,
    _joined_player,
    _moves_so_far,
    _no_comment,
    _not_a_hand_held,
    _not_a_keyword,
    _not_a_line_word,
    _not_a_number,
    _not_a_player,
    _not_a_remark,
    _not_a_verb,
    _not_unknown,
    _one_word,
    _shown_line,
    _spaced_player,
    _why_misnumbered,
)
from .text_tags import _user_value
from .text_tokens import (
    _HAND_PAIRS,
    _LINE_WORDS,
    _NUMBER,
    _RESULT_PAIRS,
    _SHOWN_PAIRS,
    _SPACE_CLASS,
    _SPACES,
    TextError,
    _lenient,
    _Tok,
    _tokens,
)

_FIRST_WORD = re.compile(rf'{_SPACE_CLASS}*([^{re.escape(_SPACES)}{{}}<>\[\]"]+)')


def _colons_dropped(toks: list[_Tok], players: object) -> list[_Tok]:
    """A line that starts with a keyword, its words' colons, and the commas at their ends,
    dropped as people write them (``Score: 9, 2``, ``Hand 1: dealer: Ben, table: …``); on a
    ``Moves:`` line only its own colon, as the moves' players keep theirs. A player named
    like a keyword (``Score: 4C``) keeps the line."""
    first = toks[0]
    keyword = first.value.removesuffix(":").casefold() if first.kind == "word" else ""
    if keyword not in _LINE_WORDS or (_a_player(keyword, players) and first.value.endswith(":")):
        return toks
    plain = [first._replace(value=first.value.removesuffix(":"))]
    if keyword == "moves":
        return plain + toks[1:]
    for t in toks[1:]:  # and a list's commas: dealer Ana, table 4s, 7s, 8d, jc
        value = t.value.removesuffix(":").strip(",") if t.kind == "word" else t.value
        if t.kind != "word" or value:  # (a quoted "" stays, to be refused where it is no value)
            plain.append(t._replace(value=value))
    return plain


def _read_body(rec: _Builder, line: str, number: int) -> None:
    rec.text = line
    lead = _FIRST_WORD.match(line)
    if lead and lead.group(1).startswith("_") and lead.group(1) != "_":
        if not rec.hands:
            raise TextError(
                "user data before the first Hand line goes in a tag: [_name value]", number, lead.start(1) + 1
            )
        word = lead.group(1)
        _user_line(rec, line, [_Tok("word", word, lead.start(1) + 1, lead.end(1))], number)
        return
    toks = _tokens(line, number)
    if not toks:
        return
    toks = _colons_dropped(toks, rec.header.get("players"))
    first = toks[0]
    word = first.value.casefold() if first.kind == "word" and isinstance(first.value, str) else ""
    _no_comment(rec, toks, number, word)
    if word == "hand":
        _hand_line(rec, toks, number)
    elif word == "result":
        if rec.result is not _SENTINEL:
            raise TextError("the Result is given twice", number, first.column)
        rec.locations["$.result"] = (number, first.column)
        rec.result = _pairs(rec, toks[1:], number, first, _RESULT_PAIRS, "$.result")
    elif not rec.hands:
        split = (
            f": the tag on line {rec.line}, after a hand, started a new record; a note goes in a {{comment}}"
            " after a move, or on a '_note' line in the hand"
            if rec.follows and "rules" not in rec.header
            else ""
        )
        raise TextError(
            f"expected a Hand line (e.g. 'Hand 1 dealer 1 table 5D 9C 3H KS') or a tag{split}", number, first.column
        )
    elif word in ("dealer", "deck", "table"):
        _hand_pairs(rec, toks, number)
    elif word == "moves":
        hand = rec.hands[-1]
        if "moves" in hand and hand["moves"]:
            raise TextError("Moves starts a hand's moves: write it before them, once", number, first.column)
        hand.setdefault("moves", [])
        _moves(rec, toks[1:], number)
    elif word == "score":
        hand = rec.hands[-1]
        if "score" in hand:
            raise TextError("the hand's Score is given twice", number, first.column)
        path = f"$.hands[{len(rec.hands) - 1}].score"
        rec.locations[path] = (number, first.column)
        hand["score"] = _numbers(rec, toks[1:], number, first, path)
    elif word == "shown":
        hand = rec.hands[-1]
        shown = hand.setdefault("shown", [])
        path = f"$.hands[{len(rec.hands) - 1}].shown"
        rec.locations.setdefault(path, (number, first.column))
        _room(shown, MAX_SHOWN, "Shown lines in one hand", number, first.column)
        path += f"[{len(shown)}]"
        rec.locations[path] = (number, first.column)
        entry = _pairs(rec, toks[1:], number, first, _SHOWN_PAIRS, path)
        _shown_whole(rec, entry, number, first)
        shown.append(entry)
    elif first.kind == "word" and first.value == "_":
        _user_line(rec, line, toks, number)
    else:
        _not_a_keyword(rec, first, number)
        _moves(rec, toks, number)


def _room(items: list[Any], limit: int, what: str, number: int, column: int) -> None:
    """Refuse the item after the ``limit``-th as it is read, so that a record's memory stays
    bounded (the JSON reader checks the same limits once a document is parsed)."""
    if len(items) >= limit:
        raise TextError(f"more than {limit} {what}", number, column)


def _hand_line(rec: _Builder, toks: list[_Tok], number: int) -> None:
    want = len(rec.hands) + 1
    if len(toks) < 2 or toks[1].kind != "word" or toks[1].value != str(want):
        at = toks[1].column if len(toks) > 1 else toks[0].end + 2
        raise TextError(f"expected the hand's number {want} after 'Hand'", number, at)
    _room(rec.hands, MAX_HANDS, "hands in one record", number, toks[0].column)
    rec.hands.append({})
    rec.last_move = None
    rec.locations[f"$.hands[{want - 1}]"] = (number, toks[0].column)
    _hand_pairs(rec, toks[2:], number)


def _hand_pairs(rec: _Builder, toks: list[_Tok], number: int) -> None:
    """``dealer Ben``, ``table 7D 2C 9S KH``, ``deck …``: a hand's fields, in the order written."""
    index = len(rec.hands) - 1
    hand = rec.hands[index]
    path = f"$.hands[{index}]"
    for key, value, tok in _split_pairs(toks, number, _HAND_PAIRS):
        if key in hand:
            raise TextError(f"the hand's {key} is given twice", number, tok.column)
        rec.locations[f"{path}.{key}"] = (number, value[0].column)
        if key == "dealer":
            hand[key] = _seat(rec, value, number, tok)
        else:
            hand[key] = _cards(rec, value, number, tok, f"{path}.{key}")


_PAIRS_SAID = {  # the keys of a line of pairs as a scorer reads them, and such a line written right
    _HAND_PAIRS: ("dealer, table or deck", "Hand 2 dealer Ben table 7D 2C 9S KH"),
    _SHOWN_PAIRS: ("after, seat, cards or all", "Shown after 2 seat Ben cards 6D QC all"),
    _RESULT_PAIRS: ("scores or winner", "Result scores 27 17 winner Ana"),
}


def _split_pairs(toks: list[_Tok], number: int, keys: tuple[str, ...]) -> Iterator[tuple[str, list[_Tok], _Tok]]:
    """(key, its value tokens, the key's token) for ``key value…`` runs; a bare ``all``
    (of a Shown line) has no value tokens. A word that is no key is refused with the keys
    and the line written right."""
    i = 0
    while i < len(toks):
        tok = toks[i]
        key = tok.value.casefold() if tok.kind == "word" and isinstance(tok.value, str) else None
        if key not in keys:
            found = shown(tok.value) if isinstance(tok.value, str) else "<…>"
            said, example = _PAIRS_SAID[keys]
            raise TextError(f"expected {said}, not {found}, as in {example}", number, tok.column)
        j = i + 1
        while j < len(toks) and not (
            toks[j].kind == "word" and isinstance(toks[j].value, str) and toks[j].value.casefold() in keys
        ):
            j += 1
        if j == i + 1 and key != "all":
            raise TextError(f"expected a value after {tok.value}", number, tok.end + 1)
        yield key, toks[i + 1 : j], tok
        i = j


def _after_in_words(rec: _Builder, value: list[_Tok]) -> str:
    """A Shown line's ``after`` said in words, how it is written: ``after move 3`` (after 3)
    or ``after Ana`` (a player, whom ``seat`` names); "" for anything else."""
    said = [str(t.value) for t in value]
    if len(said) == 2 and said[0].casefold() in ("move", "moves") and said[1].isdigit():
        return f": after {said[1]}, not after {said[0]} {said[1]}"
    if _named_player(rec, value) and not said[0].isdigit():  # (a player named 2: after 2 is 2)
        return f", not a player: a player is named by seat (seat {_as_written(rec, value)})"
    return ""


def _one(value: list[_Tok], number: int, key: _Tok) -> _Tok:
    """The one value of ``key``; a second is refused where it starts, saying what may be amiss."""
    if len(value) != 1:
        second = value[1].value if isinstance(value[1].value, str) else "<…>"
        raise TextError(
            f"expected one value after {key.value!r}, not {len(value)}: is a keyword missing before {second!r}, "
            "or a value with spaces not quoted?",
            number,
            value[1].column,
        )
    return value[0]


def _named_player(rec: _Builder, value: list[_Tok]) -> bool:
    """Whether ``value`` is words that name a player of the Players tag (``Ana Maria`` unquoted too)."""
    return all(t.kind == "word" for t in value) and _a_player(_as_written(rec, value), rec.header.get("players"))


def _rules(rec: _Builder) -> Any:
    """The rules of the Rules tag, or None where they cannot be read yet (reading the
    record says what is wrong with them)."""
    from .position import read_rules

    try:
        return read_rules(rec.header.get("rules"))
    except NotationError:
        return None


def _side_of(rec: _Builder, seat: object) -> object:
    """The side ``seat`` plays on under the Rules tag (the seat itself where those rules
    cannot be read yet)."""
    rules = _rules(rec)
    return rules.side_of(seat) if rules and type(seat) is int and 0 <= seat < rules.players else seat


def _side_named(rec: _Builder, value: list[_Tok], number: int) -> int | None:
    """The partnership ``value`` names as score and the board do, ``Ana & Carla`` (its
    players in any order and case, quoted or not); None for anything else but players joined
    by ``&`` who are not a side, which is refused with the sides."""
    quoted = len(value) == 1 and value[0].kind == "str"
    if not (quoted or value and all(t.kind == "word" for t in value)):
        return None
    text = str(value[0].value) if quoted else _as_written(rec, value)
    named = sorted(name_key(part.strip()) for part in text.split("&"))
    rules, players = _rules(rec), rec.header.get("players")
    if len(named) < 2 or not rules or not isinstance(players, list) or len(players) != rules.players:
        return None
    if _a_player(text, players):  # a player called "Tom & Jerry"
        return None
    keys = [name_key(str(p)) for p in players]
    sides = [sorted(keys[s] for s in range(rules.players) if rules.side_of(s) == side) for side in range(rules.sides)]
    if sides.count(named) == 1:
        return sides.index(named)
    if not set(named) <= set(keys):
        return None
    if not rules.partnerships:
        raise TextError(f"{text!r} is not a side: each player is a side alone", number, value[0].column)
    teams = " and ".join(
        " & ".join(str(p) for s, p in enumerate(players) if rules.side_of(s) == side) for side in (0, 1)
    )
    raise TextError(f"{text!r} is not a side: the sides are {teams}", number, value[0].column)


def _a_name(value: list[_Tok]) -> bool:
    """Whether ``value`` is one bare word that reads as no JSON value: meant as a name."""
    return len(value) == 1 and value[0].kind == "word" and isinstance(_lenient(str(value[0].value)), str)


def _seat(rec: _Builder, value: list[_Tok], number: int, key: _Tok, what: str = "seat") -> object:
    """A seat: its number, or a player's name (any case, unquoted spaces too) from the Players
    tag (``what`` the number is, in a message: a Result's winner is a side)."""
    if len(value) > 1 and _named_player(rec, value):
        value = [value[0]._replace(value=_as_written(rec, value), end=value[-1].end)]
    tok = _one(value, number, key)
    if tok.kind == "json":
        return tok.value
    text = tok.value
    if tok.kind == "word" and isinstance(text, str) and text.isascii() and text.isdigit():
        if len(text) > 3:
            raise TextError(f"{text} is not a seat", number, tok.column)
        return int(text)
    players = rec.header.get("players")
    players = players if isinstance(players, list) else []
    names = [name_key(p) for p in players if isinstance(p, str)]
    if isinstance(text, str) and names.count(name_key(text)) == 1:
        return names.index(name_key(text))
    known = f" (players: {', '.join(map(str, players))})" if names else " (no Players tag names them)"
    if names and isinstance(text, str):
        known += slip_hint(text, [p for p in players if isinstance(p, str)])
    expected = f"a {what} number or a player's name" if what == "seat" else "a side number, a player's name or null"
    raise TextError(f"expected {expected}, not {text!r}{known}", number, tok.column)


def _cards(rec: _Builder, value: list[_Tok], number: int, key: _Tok, path: str) -> object:
    if len(value) == 1 and value[0].kind == "json":
        return value[0].value
    out = []
    for i, tok in enumerate(value):
        if tok.kind not in ("word", "str"):
            raise TextError("expected a card such as TD", number, tok.column)
        if tok.kind == "word" and _NUMBER.match(tok.value):  # Hand 1 … table 3C 4S 8S KC 1. TH
            raise TextError(
                f"{tok.value!r} is a move's number, not a card: the moves start on a line of their own",
                number,
                tok.column,
            )
        rec.locations[f"{path}[{i}]"] = (number, tok.column)
        out.append(tok.value)
    return out


def _numbers(rec: _Builder, toks: list[_Tok], number: int, key: _Tok, path: str) -> object:
    """``5 6`` or ``5-6``: a number per side."""
    if len(toks) == 1 and toks[0].kind == "json":
        return toks[0].value
    out: list[object] = []
    for tok in toks:
        if tok.kind == "word" and tok.value in ("-", "–") and out and tok is not toks[-1]:
            continue  # 5 - 6, as 5-6
        parts = re.split(r"[-–](?=\d)", tok.value) if tok.kind == "word" and re.match(r"\d", tok.value) else None
        for part in parts or [tok.value]:
            value = _lenient(part) if tok.kind == "word" else tok.value
            if type(value) is not int:
                named = _a_player(part.removesuffix(":"), rec.header.get("players")) if tok.kind == "word" else False
                order = " in seat order (side order with partners), without names" if named else ""
                raise TextError(
                    f"expected a whole number, not {part!r}: a number per side{order}, e.g. 5 6 or 5-6",
                    number,
                    tok.column,
                )
            rec.locations[f"{path}[{len(out)}]"] = (number, tok.column)
            out.append(value)
    if not out:
        raise TextError("expected a number per side, e.g. 5 6", number, key.end + 1)
    return out


def _pairs(rec: _Builder, toks: list[_Tok], number: int, key: _Tok, keys: tuple[str, ...], path: str) -> object:
    """``Shown after 8 seat Ben cards 7C 2D all true`` / ``Result scores 23 18 winner 0``."""
    if len(toks) == 1 and toks[0].kind == "json":
        return toks[0].value
    out: dict[str, Any] = {}
    for name, value, tok in _split_pairs(toks, number, keys):
        if name in out:
            raise TextError(f"{name} is given twice", number, tok.column)
        rec.locations[f"{path}.{name}"] = (number, (value[0] if value else tok).column)
        if not value:  # 'all' alone, as people write it: all true
            out[name] = True
        elif name == "seat":
            out[name] = _seat(rec, value, number, tok)
        elif name == "cards":
            out[name] = _cards(rec, value, number, tok, f"{path}.cards")
        elif name == "after" and (words := _after_in_words(rec, value)):
            raise TextError(
                f"after takes the number of moves played before the cards were shown{words}", number, value[0].column
            )
        elif name == "scores":
            out[name] = _numbers(rec, value, number, tok, f"{path}.scores")
        elif name == "winner" and (side := _side_named(rec, value, number)) is not None:
            out[name] = side  # Result winner Ana & Carla
        elif name == "winner" and (_named_player(rec, value) or _a_name(value) or value[0].kind == "str"):
            out[name] = _side_of(rec, _seat(rec, value, number, tok, "side"))  # Result winner Ben: Ben's side
        else:
            one = _one(value, number, tok)
            out[name] = _lenient(one.value) if one.kind == "word" else one.value
    if not out:
        said, example = _PAIRS_SAID[keys]
        raise TextError(f"expected {said} after {key.value}, as in {example}", number, key.end + 1)
    return out


def _shown_whole(rec: _Builder, entry: object, number: int, first: _Tok) -> None:
    """Refuse a ``Shown`` line without its ``after``, ``seat`` or ``cards``, with the line
    written whole: ``after`` the moves written so far, the others to fill in."""
    missing = [key for key in _SHOWN_PAIRS[:3] if isinstance(entry, dict) and key not in entry]
    if not missing or not isinstance(entry, dict):
        return
    players, seat = rec.header.get("players"), entry.get("seat", "NAME")
    if type(seat) is int and isinstance(players, list) and 0 <= seat < len(players):
        seat = players[seat]  # as the line names it
    cards = entry.get("cards", ["CARD…"])
    said = " ".join(map(str, cards)) if isinstance(cards, list) else str(cards)
    line = _shown_line(entry.get("after", _moves_so_far(rec)), seat, said, entry.get("all") is True)
    why = " (after: the number of moves played before the cards were shown)" if "after" in missing else ""
    raise TextError(
        f"a Shown line gives after, seat and cards; this one has no {' or '.join(missing)}: {line}{why}",
        number,
        first.column,
    )


def _user_line(rec: _Builder, line: str, toks: list[_Tok], number: int) -> None:
    """``_note "text"``: user data of the hand (``_ <{…}>`` merges an object of them)."""
    hand = rec.hands[-1]
    first = toks[0]
    path = f"$.hands[{len(rec.hands) - 1}]"
    if first.value == "_":
        if len(toks) != 2 or toks[1].kind != "json" or not isinstance(toks[1].value, dict):
            raise TextError("expected an inline JSON object after '_', e.g. _ <{\"_a b\": 1}>", number, first.end + 1)
        items = list(toks[1].value.items())
    else:
        rest = line[first.end :]
        start = first.end + len(rest) - len(rest.lstrip(_SPACES))  # where the value starts, for its errors
        items = [(first.value, _user_value(rest.strip(_SPACES), number, start))]
    for name, value in items:
        if name in hand:
            raise TextError(f"{name} is given twice", number, first.column)
        rec.locations[f"{path}.{name}"] = (number, first.column)
        hand[name] = value


def _moves(rec: _Builder, toks: list[_Tok], number: int) -> None:
    """Moves: ``12.`` numbers (optional, checked), ``Ben:`` players, ``{comments}``."""
    index = len(rec.hands) - 1
    moves = rec.hands[index].setdefault("moves", [])
    i = 0
    numbered = None
    while i < len(toks):
        tok = toks[i]
        if tok.kind == "comment":
            last = rec.last_move
            if last is None or last != (index, len(moves) - 1) or numbered is not None:
                raise TextError("a comment {…} follows the move it is about", number, tok.column)
            move = moves[-1]
            if not isinstance(move, str):
                raise TextError("this move already has its comment (or write it inside the JSON)", number, tok.column)
            moves[-1] = {"move": move, "comment": tok.value}
            i += 1
            continue
        if tok.kind == "word":
            m = _NUMBER.match(tok.value)
            if m:
                if numbered is not None:
                    raise TextError(f"expected move {len(moves) + 1} after its number", number, tok.column)
                if len(m.group(1)) > 6 or int(m.group(1)) != len(moves) + 1:  # no int of 6,000 digits
                    said = m.group(1) if len(m.group(1)) <= 12 else m.group(1)[:12] + "…"
                    raise TextError(
                        f"expected move number {len(moves) + 1} here, not {said} ({_why_misnumbered(rec, said, index, len(moves))})",
                        number,
                        tok.column,
                    )
                numbered = tok
                rec.numbered = (index, len(moves) + 1)
                if not m.group(2):
                    i += 1
                    continue
                tok = _Tok("word", m.group(2), tok.column + len(m.group(1)) + 1, tok.end)
        toks, tok = _spaced_player(rec, toks, i, tok)
        toks, tok = _joined_player(toks, i, tok, number)
        _not_a_hand_held(rec, [*toks[:i], tok, *toks[i + 1 :]], i, number)
        if tok.kind == "word" and tok.value.endswith(":") and len(tok.value) > 1:
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is None or nxt.kind not in ("word", "str"):
                raise TextError(f"expected a move after the player {tok.value!r} on the same line", number, tok.end + 1)
            _not_a_remark(rec, nxt, number)
            _not_a_verb(rec, nxt, number)
            _not_unknown(nxt, number)
            _one_word(toks, i + 1, number)
            value: object = f"{tok.value} {nxt.value}"
            i += 1
        elif tok.kind in ("word", "str", "json"):
            _not_a_remark(rec, tok, number)
            _one_word(toks, i, number)
            _not_a_player(rec, tok, number)
            _not_a_verb(rec, tok, number)
            _not_unknown(tok, number)
            _not_a_line_word(rec, tok, number)
            _not_a_number(tok, number)
            value = tok.value
        else:  # pragma: no cover - every kind is handled above
            raise TextError("expected a move", number, tok.column)
        _room(moves, MAX_MOVES, "moves in one hand", number, (numbered or tok).column)
        rec.locations.setdefault(f"$.hands[{index}].moves", (number, (numbered or tok).column))
        rec.moves_at.setdefault(index, array("Q")).append(number * _PACK + (numbered or tok).column)
        moves.append(value)
        rec.last_move = (index, len(moves) - 1)
        numbered = None
        i += 1
    if numbered is not None:
        raise TextError(f"expected move {len(moves) + 1} after its number on the same line", number, numbered.end + 1)
