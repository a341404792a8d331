"""The slips a person makes writing casino text by hand, each refused with what was meant:
a keyword misspelt (``Shwon``), a move number without its dot or out of order, a player's
name without its colon, a move written with spaces, a remark as another notation writes
one, a rule option written bare, a variant written as two words, a move said in
words (``9C takes 2H+3C+4S``), a seat's hand said in words (``Ana holds TH 2H``), a mark for a move not known (``??``), a line's keyword written after the moves. Here too is how a player's name is recognised as written
(any case, unquoted spaces), which the reader and the writer share with these checks.
"""

from __future__ import annotations

import difflib
import functools
import re

from ..cards import CardError, card_code, parse_card
from ..engine.rules import PRESETS, VARIANTS
from .errors import NotationError
from .fields import name_key
from .moves import _BUILD_WORDS, _CAPTURE_WORDS, _TRAIL_WORDS
from .text_builder import _Builder
from .text_tokens import _LINE_WORDS, _NUMBER, _SPACES, TextError, _Tok


def _as_written(rec: _Builder, words: list[_Tok]) -> str:
    """Words as one text, with the spaces written between them: a name that holds spaces."""
    gaps = (rec.text[a.end : b.column - 1] + str(b.value) for a, b in zip(words, words[1:]))
    return str(words[0].value) + "".join(gaps)


def _a_player(text: str, players: object) -> bool:
    """Whether ``text`` is the name of one of ``players`` (a list of names), in any case."""
    return isinstance(players, list) and name_key(text) in _names(tuple(p for p in players if isinstance(p, str)))[0]


@functools.lru_cache(maxsize=64)
def _names(players: tuple[str, ...]) -> tuple[frozenset[str], int]:
    """The players' names as names are compared (:func:`name_key`) and the most words in one,
    worked out once for a record's players, not at each of its moves."""
    return frozenset(map(name_key, players)), max((len(p.split()) for p in players), default=1)


def _option_hint(word: object) -> str:
    """How to write a rule option, for a word written bare on the Rules line (``3 players``,
    ``partnerships``, ``sweeps``): a secretary writes them so."""
    bare = word.lower() if isinstance(word, str) else ""
    if bare in ("player", "players"):
        return ": the number of players stands alone, as in [Rules classic 3], or is written players=3"
    if bare == "partnerships" or isinstance(PRESETS["classic"].get(bare), bool):
        return f": {bare}=true or {bare}=false"
    if bare in PRESETS["classic"]:
        return f": {bare}={str(PRESETS['classic'][bare]).lower()}, say"
    return ", e.g. sweeps=true"


_PLAYERS_P = re.compile(r"(\d{1,6})[pP]\Z")  # 2p, as the commands write a rule set: classic 2p


def _players_count(variant: object, tok: _Tok, number: int) -> int:
    """The number of players of a ``Rules`` tag written as a word that is not a whole number:
    ``2p`` as the commands write it (``classic 2p``) is 2; the second word of a variant
    written with a space (``american royal 4``) or any other word is refused with how to write it."""
    m = _PLAYERS_P.match(str(tok.value))
    if m:
        return int(m[1])
    joined = f"{variant}-{str(tok.value).lower()}"
    if joined in VARIANTS:
        raise TextError(f"the variant is one word: {joined}, as in [Rules {joined} 4]", number, tok.column)
    raise TextError(
        f"expected the number of players after the variant, not {tok.value!r}, as in [Rules {variant} 2]",
        number,
        tok.column,
    )


_REMARKS = ("(", ";", "#", "//")  # how other notations start a remark


def _no_comment(rec: _Builder, toks: list[_Tok], number: int, keyword: str) -> None:
    """Refuse a remark where casino text has none: a ``{comment}`` on a Hand, Score, Shown
    or Result line, or a comment or a remark (``# …``) on a line before the first hand."""
    if not rec.hands and (toks[0].kind == "comment" or _remark(toks[0])):
        said = _remark_text(rec, toks[0]) if toks[0].kind == "word" else toks[0].value
        raise TextError(f'a note before the first Hand goes in a tag: [Note "{said}"]', number, toks[0].column)
    for tok in toks if keyword in _LINE_WORDS - {"moves"} else ():
        if tok.kind == "comment":
            raise TextError(
                f"a {keyword.capitalize()} line takes no {{comment}}: a comment follows the move it is about,"
                ' a note on the hand is a _note line (_note "…")',
                number,
                tok.column,
            )


def _not_a_remark(rec: _Builder, tok: _Tok, number: int) -> None:
    """Refuse a remark as other notations write one (``(Ana opens)``, ``; Ana opens``), which
    would read as moves: casino text's comment is ``{…}`` after its move."""
    if _remark(tok):
        raise TextError(
            f"{tok.value!r} is not a move: a comment is written in braces after its move, {{{_remark_text(rec, tok)}}}",
            number,
            tok.column,
        )


def _remark(tok: _Tok) -> bool:
    return tok.kind == "word" and str(tok.value).startswith(_REMARKS)


def _remark_text(rec: _Builder, tok: _Tok) -> str:
    """What a remark that starts at ``tok`` says: to its ``)``, or to the end of the line."""
    rest = rec.text[tok.column - 1 :]
    said = rest[1 : rest.index(")")] if rest.startswith("(") and ")" in rest else rest.lstrip(";#/ ").rstrip(_SPACES)
    return said if len(said) <= 30 else said[:30] + "…"


def _why_misnumbered(rec: _Builder, said: str, index: int, before: int) -> str:
    """Why a move's number is not the next one: rounds of the table numbered as chess numbers
    its moves (``1. 3H 4S  2. 8S 6D``: a 2 after a round that only its first move numbered),
    or a move missing or written twice."""
    rules = rec.header.get("rules")
    seats = rules.get("players") if isinstance(rules, dict) else None
    if said == "2" and rec.numbered == (index, 1) and before == seats:
        return "moves are numbered one by one, not by rounds of the table"
    return "is a move missing or written twice?"


def _not_a_player(rec: _Builder, tok: _Tok, number: int) -> None:
    """Refuse a move that is a player's name, not a move: its colon left out (``Ana 3H``)."""
    if tok.kind != "word" or not _a_player(tok.value, rec.header.get("players")):
        return
    from .moves import parse_move_text

    try:
        parse_move_text(str(tok.value))
    except NotationError:
        raise TextError(
            f"{tok.value!r} is a player's name, not a move: write {tok.value}: before the move it plays (Ana: 3H)",
            number,
            tok.column,
        ) from None


_VERBS = {  # a move said in words, as replay tells it (Ana trails 3D, takes 6S with 6C): how it is written
    **dict.fromkeys(_TRAIL_WORDS, "a trail is its card alone (3H)"),
    **dict.fromkeys(
        _CAPTURE_WORDS - {"x"}, "a capture is its card, x and the cards it takes, in one word (9Cx2H+3C+4S)"
    ),
    **dict.fromkeys(_BUILD_WORDS - {"="}, "a build is its cards, = and its value, in one word (2H+3C+4S=9)"),
}


def _not_a_verb(rec: _Builder, tok: _Tok, number: int) -> None:
    """Refuse a move said in words (``9C takes 2H+3C+4S``, ``builds 9 with …``), whose card
    before it would read as a trail: the word is named and the move written as it is written."""
    said = _VERBS.get(tok.value.casefold()) if tok.kind == "word" else None
    if said and not _a_player(tok.value, rec.header.get("players")):
        raise TextError(f"{tok.value!r} is not a move: {said}", number, tok.column)


_UNKNOWN = re.compile(r"[?xX*]+\Z")  # ??, XX: a scorer's mark for a move not seen


def _not_unknown(tok: _Tok, number: int) -> None:
    """Refuse a mark for a move whose card is not known (``??``, ``XX``), which no
    move reads as: the record stops before such a move."""
    if tok.kind == "word" and _UNKNOWN.match(tok.value):
        raise TextError(
            f"{tok.value!r} is not a move: a move whose card is not known cannot be written; the record"
            " stops before it (a hand may be written part-way), and cards seen later go on a Shown line",
            number,
            tok.column,
        )


_HELD_WORDS = frozenset({"holds", "hold", "held", "has", "had", "shows", "show", "showed", "shown", "keeps", "kept"})


def _not_a_hand_held(rec: _Builder, toks: list[_Tok], i: int, number: int) -> None:
    """Refuse a seat's hand written as a sentence (``Ana holds TH 2H 9C``, ``Ana: showed …``),
    whose cards would read as moves: it is written on a ``Shown`` line, after the moves so far."""
    name, word = toks[i], toks[i + 1] if i + 1 < len(toks) else None
    who = str(name.value).removesuffix(":").rstrip(_SPACES) if name.kind == "word" else ""
    if word is None or word.kind != "word" or word.value.casefold() not in _HELD_WORDS:
        return
    if not _a_player(who, rec.header.get("players")):
        return
    cards = []
    for tok in toks[i + 2 :]:
        try:
            cards.append(card_code(parse_card(str(tok.value).strip(","))))
        except CardError:
            break
    shown = _shown_line(_moves_so_far(rec), who, " ".join(cards) or "CARD…", True)
    raise TextError(
        f"'{who} {word.value}' is not a move: what a seat held is written on a line of its own,"
        f" {shown} (all: no others)",
        number,
        name.column,
    )


def _moves_so_far(rec: _Builder) -> int:
    """How many moves the hand being read has so far: a Shown line's ``after`` here."""
    return len(rec.hands[-1].get("moves", ()))


def _shown_line(after: object, seat: object, cards: str, whole: bool) -> str:
    """A Shown line as a message writes it out for the scorer to copy."""
    return f"Shown after {after} seat {seat} cards {cards}" + (" all" if whole else "")


def _not_a_line_word(rec: _Builder, tok: _Tok, number: int) -> None:
    """Refuse a word that starts a line (``Score``, ``Shown``, ``Hand`` …) written after the
    moves on their line, where it would read as a move and its numbers as moves' numbers."""
    word = tok.value.casefold() if tok.kind == "word" else ""
    if word in _LINE_WORDS and not _a_player(tok.value, rec.header.get("players")):
        raise TextError(
            f"{tok.value!r} is not a move: {word.capitalize()} starts a line of its own",
            number,
            tok.column,
        )


_UNDOTTED = re.compile(r"(\d{1,6})\)?\Z")  # 12 or 12) where a move number was meant
_KEYWORDS = ("Hand", "Moves", "Score", "Shown", "Result", "dealer", "table", "deck")


def _not_a_keyword(rec: _Builder, tok: _Tok, number: int) -> None:
    """Refuse a line that starts with a keyword misspelt (``Shwon after 7 …``), which would read
    as moves and be refused further on, for a reason that is not the line's."""
    word = tok.value.removesuffix(":") if tok.kind == "word" else ""
    if not word.isalpha() or _a_player(word, rec.header.get("players")):
        return
    close = difflib.get_close_matches(word.casefold(), [k.casefold() for k in _KEYWORDS], n=1, cutoff=0.7)
    if close:
        keyword = next(k for k in _KEYWORDS if k.casefold() == close[0])
        raise TextError(f"{tok.value!r} is not a move: is it {keyword}?", number, tok.column)


def _not_a_number(tok: _Tok, number: int) -> None:
    """Refuse a move that is a move number without its dot (``1 Ana: 3H``, ``1) 3H``)."""
    m = _UNDOTTED.match(str(tok.value)) if tok.kind == "word" else None
    if m:
        raise TextError(
            f"{tok.value!r} is not a move: a move's number ends with a dot ({m[1]}. 3H)", number, tok.column
        )


def _spaced_player(rec: _Builder, toks: list[_Tok], i: int, tok: _Tok) -> tuple[list[_Tok], _Tok]:
    """The tokens with the words of a player's name that holds spaces, written unquoted before
    its colon (``Ana Maria: 3H``, ``Ana Maria : 3H``), made one word at ``i``; else unchanged."""
    players = rec.header.get("players")
    if tok.kind != "word" or tok.value.endswith(":") or not isinstance(players, list) or i + 1 == len(toks):
        return toks, tok  # (a line's last word starts no name of several words)
    longest = _names(tuple(p for p in players if isinstance(p, str)))[1]
    words = [tok]
    for j in range(i + 1, min(i + longest, len(toks))):
        if toks[j].kind != "word" or _NUMBER.match(toks[j].value):  # 1. Ana 2. b: 3H is two moves
            break
        colon = toks[j].value.endswith(":")
        words.append(toks[j]._replace(value=toks[j].value.removesuffix(":")))
        if not colon and (j + 1 == len(toks) or toks[j + 1].kind != "word" or not toks[j + 1].value.startswith(":")):
            continue
        name = _as_written(rec, words)
        if _a_player(name, players):
            player = _Tok("word", name + ":" * colon, tok.column, toks[j].end)
            return [*toks[:i], player, *toks[j + 1 :]], player
        if colon:
            break
    return toks, tok


def _joined_player(toks: list[_Tok], i: int, tok: _Tok, number: int) -> tuple[list[_Tok], _Tok]:
    """The tokens with a player written apart from its colon (``Ana : 3H``, ``"Ana Maria": 3H``)
    made one ``Ana:`` token at ``i``; unchanged otherwise. A colon that follows no name is refused."""
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if tok.kind == "word" and tok.value.startswith(":"):
        raise TextError("expected a player's name before ':' (Ana: 3H)", number, tok.column)
    if tok.kind not in ("word", "str") or nxt is None or nxt.kind != "word" or not nxt.value.startswith(":"):
        return toks, tok
    if tok.kind == "word" and tok.value.endswith(":"):
        raise TextError("expected a move after the player, not a second ':'", number, nxt.column)
    player = _Tok("word", f"{tok.value}:", tok.column, nxt.column)
    rest = [_Tok("word", nxt.value[1:], nxt.column + 1, nxt.end)] if len(nxt.value) > 1 else []
    return [*toks[:i], player, *rest, *toks[i + 2 :]], player


_JOINS = "+=xX"  # what joins a move's cards: a word that ends or starts with one continues the move
_RANK_ENDS = frozenset("A23456789TJQKatjqk0")  # how a card's rank ends: 10 for T ends in 0
_LONE_SUITS = frozenset("SHDCshdc♠♥♦♣♤♡♢♧")  # a suit written alone: no move, a card's second half


def _one_word(toks: list[_Tok], i: int, number: int) -> None:
    """Refuse a move written with spaces (``4S + 3H=7``, ``10 H``), which would read as several moves."""
    first = toks[i]
    j = i
    while (
        j + 1 < len(toks)
        and toks[j].kind == toks[j + 1].kind == "word"
        and _continues(toks[j].value, toks[j + 1].value)
        and not (j + 2 < len(toks) and toks[j + 2].kind == "word" and toks[j + 2].value.startswith(":"))
    ):  # (a word before a lone colon is the next move's player: Xavier : 4C)
        j += 1
    if j > i:
        spaced = " ".join(t.value for t in toks[i : j + 1])
        raise TextError(
            f"a move is written without spaces: {spaced.replace(' ', '')!r}, not {spaced!r}", number, first.column
        )


def _continues(word: str, after: str) -> bool:
    """Whether ``after`` goes on with the move ``word`` (``4S`` then ``+3H=7``, ``8H`` then ``x``,
    ``10`` then ``H``: a card's rank and suit apart)."""
    if after.endswith(":") or _NUMBER.match(after):  # the next move's player or number (5X 2. 4C)
        return False
    return (
        word[-1] in _JOINS
        or (after in _LONE_SUITS and word[-1] in _RANK_ENDS)
        or after[0] in "+="
        or after in ("x", "X")
        or (after[0] in "xX" and after[1] in "0123456789AaTtJjQqKk")
    )
