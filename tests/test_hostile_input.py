"""Hostile and malformed input: every reader answers with a clear error, bounded work and
nothing lost.

Readers: positions (``casino moves -``, ``casino apply - MOVE``), records (``casino validate``,
``casino score``, ``casino replay``) and JSON Lines streams of either. For bad input each
must exit 65 and name the file (or ``<stdin>``), the line and the JSON path, never with a
traceback; ``validate`` writes that as a ``notation`` finding (data, on stdout) and a
summary on stderr. Accepted oddities (a UTF-8 BOM, CRLF line ends, ``_`` user keys) exit 0.

Most calls run in-process (:mod:`inproc`); time and memory are measured on real processes.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import orjson
import pytest
from clirun import casino
from inproc import cli

from casino_cli.cards import CODES
from casino_cli.engine import groups, legal_moves, listing, make_rules, position, seeded_deck, start_position
from casino_cli.engine.bots import BOTS
from casino_cli.notation.fields import MAX_NAME
from casino_cli.notation.moves import move_json, read_move
from casino_cli.notation.position import read_position
from casino_cli.records import referee
from casino_cli.records.referee import MAX_HINTED_HANDS
from casino_cli.records.selfplay import play_game

# --- documents --------------------------------------------------------------------------------

#: A position that uses every key, so that each can be broken: classic, seat 0 to move in the
#: last deal, a build of seat 1, captured piles, scores.
POSITION = {
    "format": "casino.position/1",
    "rules": {"variant": "classic", "players": 2},
    "dealer": 1,
    "turn": 0,
    "deal": 6,
    "table": {"loose": ["5C", "8D", "KH"], "builds": [{"value": 8, "owner": 1, "cards": ["3C", "5H"]}]},
    "hands": [["2H", "4C", "8S"], ["2D", "8C", "9S"]],
    "stock": 0,
    "captured": [["AS", "AH"], ["AD", "AC"]],
    "sweeps": [0, 0],
    "last_capture": 1,
    "scores": [3, 5],
}
LEGAL = "4C"  # a legal move of POSITION, for ``casino apply``


def _record() -> dict:
    """A finished one-hand classic record by random play, with its deck written out."""
    rules = make_rules("classic", 2)
    rec = play_game(rules, "hostile", [BOTS["random"]] * 2, hands=1)
    rec["hands"][0]["deck"] = [CODES[c] for c in seeded_deck("hostile", 1)]
    return rec


RECORD = _record()


class Raw:
    """JSON text put into a document as is (numbers no JSON library writes: 1e400, 10**30)."""

    def __init__(self, text: str):
        self.text = text


def encode(doc) -> bytes:
    """Compact JSON of ``doc``; :class:`Raw` values are spliced in verbatim."""
    raws: list[str] = []

    def swap(x):
        if isinstance(x, Raw):
            raws.append(x.text)
            return f"\x00RAW{len(raws) - 1}\x00"
        if isinstance(x, dict):
            return {k: swap(v) for k, v in x.items()}
        if isinstance(x, list):
            return [swap(v) for v in x]
        return x

    text = json.dumps(swap(doc), separators=(",", ":"), ensure_ascii=False)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00RAW{i}\x00"), raw)
    return text.encode("utf-8", "surrogatepass")


def nested(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


def mutated_doc(base: dict, change) -> dict:
    doc = copy.deepcopy(base)
    change(doc)
    return doc


def mutated(base: dict, change) -> bytes:
    """The bytes of ``base`` after ``change`` (a function editing a copy, or returning bytes)."""
    doc = copy.deepcopy(base)
    out = change(doc)
    return out if isinstance(out, bytes) else encode(doc)


def setp(path: str, value):
    """A change that sets ``path`` (dots and [i]) to ``value``; ``DEL`` removes the key."""

    def change(doc):
        *parents, last = _steps(path)
        target = doc
        for step in parents:
            target = target[step]
        if value is DEL:
            del target[last]
        else:
            target[last] = value

    return change


DEL = object()


def _steps(path: str) -> list:
    return [int(s) if s.isdigit() else s for s in re.findall(r"[^.\[\]]+", path)]


# --- checking an answer -----------------------------------------------------------------------


def no_traceback(res) -> None:
    text = res.stderr + res.stdout.decode("utf-8", "replace")
    assert "Traceback" not in text and "internal error" not in text, text[:2000]


def assert_unreadable(res, path: str, source: str = "<stdin>", line: int | None = 1, needle: str = "") -> None:
    """Exit 65, and a message naming ``source``, the line and the JSON ``path``."""
    no_traceback(res)
    assert res.returncode == 65, (res.returncode, res.stderr[:2000])
    where = rf"{re.escape(source)}:{line if line is not None else r'[0-9]+'}:"
    message = res.stderr
    assert re.search(where, message) or _finding_at(res, source, line), message[:2000]
    text = message + res.stdout.decode("utf-8", "replace")
    assert path in text, (path, text[:2000])
    if needle:
        assert needle in text, (needle, text[:2000])


def _finding_at(res, source: str, line: int | None) -> bool:
    """``validate`` reports an unreadable record as a ``notation`` finding on stdout."""
    if "unreadable" not in res.stderr:
        return False
    for raw in res.stdout.splitlines():
        f = orjson.loads(raw)
        if (
            f["rule"] == "notation"
            and f["file"] == source
            and (line is None or f["line"] == line)
            and f["message"].startswith("$")
        ):
            return True
    return False


def reader_commands(kind: str) -> list[tuple[str, ...]]:
    return {
        "position": [("moves", "-"), ("apply", "-", LEGAL)],
        "record": [("validate", "-"), ("score", "-"), ("replay", "-")],
    }[kind]


# --- the hostile cases ------------------------------------------------------------------------


def case(id_, change, path, needle="", marks=()):
    return pytest.param(change, path, needle, id=id_, marks=marks)


VALID_BYTES = encode(POSITION)
GARBAGE = random.Random(0).randbytes(512)

#: (change, JSON path the message must name, optional words it must contain)
POSITION_CASES = [
    # invalid JSON
    case("json-truncated", lambda d: VALID_BYTES[:-7], "$", "invalid JSON"),
    case("json-trailing-garbage", lambda d: VALID_BYTES + b" }{", "$", "invalid JSON"),
    case("json-single-quotes", lambda d: b"{'format': 'casino.position/1'}", "$", "invalid JSON"),
    case("json-nan", setp("scores", [Raw("NaN"), 0]), "$", "invalid JSON"),
    case("json-comment", lambda d: b"// a position\n" + VALID_BYTES, "$", "invalid JSON"),
    case("json-not-an-object", lambda d: b"[1, 2, 3]", "$", "object"),
    case("json-a-string", lambda d: b'"casino.position/1"', "$", "object"),
    # wrong types
    case("type-format", setp("format", 1), "$.format"),
    case("type-rules", setp("rules", ["classic", 2]), "$.rules"),
    case("type-variant", setp("rules.variant", 3), "$.rules.variant"),
    case("type-players", setp("rules.players", "2"), "$.rules.players"),
    case("type-players-float", setp("rules.players", 2.5), "$.rules.players"),
    case("type-partnerships", setp("rules.partnerships", "yes"), "$.rules.partnerships"),
    case("type-option", setp("rules.sweeps", "yes"), "$.rules.sweeps"),
    case("type-target", setp("rules.target", "21"), "$.rules.target"),
    case("type-turn", setp("turn", "0"), "$.turn"),
    case("type-turn-bool", setp("turn", True), "$.turn"),
    case("type-dealer", setp("dealer", [1]), "$.dealer"),
    case("type-deal", setp("deal", 6.5), "$.deal"),
    case("type-table", setp("table", []), "$.table"),
    case("type-loose", setp("table.loose", "5C 8D"), "$.table.loose"),
    case("type-loose-card", setp("table.loose.0", 5), "$.table.loose[0]"),
    case("type-builds", setp("table.builds", {}), "$.table.builds"),
    case("type-build", setp("table.builds.0", "3C+5H=8"), "$.table.builds[0]"),
    case("type-build-value", setp("table.builds.0.value", "8"), "$.table.builds[0].value"),
    case("type-build-owner", setp("table.builds.0.owner", None), "$.table.builds[0].owner"),
    case("type-build-cards", setp("table.builds.0.cards", "3C5H"), "$.table.builds[0].cards"),
    case("type-build-kind", setp("table.builds.0.kind", 1), "$.table.builds[0].kind"),
    case("type-hands", setp("hands", {"0": []}), "$.hands"),
    case("type-hand", setp("hands.0", "2H 4C 8S"), "$.hands[0]"),
    case("type-stock", setp("stock", "none"), "$.stock"),
    case("type-stock-bool", setp("stock", False), "$.stock"),
    case("type-captured", setp("captured", 4), "$.captured"),
    case("type-captured-pile", setp("captured.1", "AD AC"), "$.captured[1]"),
    case("type-sweeps", setp("sweeps", [0, "1"]), "$.sweeps[1]"),
    case("type-last-capture", setp("last_capture", "1"), "$.last_capture"),
    case("type-scores", setp("scores", [0.5, 0]), "$.scores[0]"),
    # missing keys
    case("missing-format", setp("format", DEL), "$", "format"),
    case("missing-rules", setp("rules", DEL), "$", "rules"),
    case("missing-turn", setp("turn", DEL), "$", "turn"),
    case("missing-table", setp("table", DEL), "$", "table"),
    case("missing-variant", setp("rules.variant", DEL), "$.rules", "variant"),
    case("missing-players", setp("rules.players", DEL), "$.rules", "players"),
    case("missing-build-value", setp("table.builds.0.value", DEL), "$.table.builds[0]", "value"),
    case("missing-build-owner", setp("table.builds.0.owner", DEL), "$.table.builds[0]", "owner"),
    case("missing-build-cards", setp("table.builds.0.cards", DEL), "$.table.builds[0]", "cards"),
    case("finished-without-dealer", lambda d: (d.update(turn=None), d.pop("dealer")) and None, "$", "dealer"),
    # unknown keys (``_`` keys are fine: see the round-trip tests)
    case("unknown-key", setp("colour", "red"), "$.colour", "unknown key"),
    case("unknown-key-rules", setp("rules.jokers", True), "$.rules.jokers", "unknown key"),
    case("unknown-key-table", setp("table.discard", []), "$.table.discard", "unknown key"),
    case("unknown-key-build", setp("table.builds.0.colour", "red"), "$.table.builds[0].colour", "unknown key"),
    case("unknown-key-case", setp("Turn", 0), "$.Turn", "unknown key"),
    # unknown format and unknown major version
    case("format-record", setp("format", "casino.record/1"), "$.format"),
    case("format-other", setp("format", "chess.position/1"), "$.format"),
    case("format-version-2", setp("format", "casino.position/2"), "$.format", "version"),
    case("format-version-0", setp("format", "casino.position/0"), "$.format", "version"),
    case("format-no-version", setp("format", "casino.position"), "$.format"),
    case("format-null", setp("format", None), "$", "format"),
    # bad card text
    case("card-1D", setp("table.loose.0", "1D"), "$.table.loose[0]", "is not a card"),
    case("card-ZZ", setp("table.loose.0", "ZZ"), "$.table.loose[0]", "is not a card"),
    case("card-empty", setp("table.loose.0", ""), "$.table.loose[0]", "is not a card"),
    case("card-long", setp("table.loose.0", "ten of diamonds"), "$.table.loose[0]", "is not a card"),
    case("card-suit-first", setp("table.loose.0", "♠A"), "$.table.loose[0]", "is not a card"),
    case("card-emoji-suit", setp("table.loose.0", "A♠\ufe0f"), "$.table.loose[0]", "is not a card"),
    case("card-nul", setp("table.loose.0", "5\x00"), "$.table.loose[0]", "is not a card"),
    case("card-in-hand", setp("hands.0.1", "4X"), "$.hands[0][1]", "is not a card"),
    case("card-in-build", setp("table.builds.0.cards.1", "5"), "$.table.builds[0].cards[1]"),
    case("card-in-captured", setp("captured.0.0", "1S"), "$.captured[0][0]", "is not a card"),
    case("card-in-stock", setp("stock", ["QQ"]), "$.stock[0]", "is not a card"),
    # duplicate cards, 53 cards, a card in two places
    case("dup-loose", setp("table.loose", ["5C", "5c"]), "$.table.loose[1]", "twice"),
    case("dup-hand", setp("hands.0", ["2H", "2H", "8S"]), "$.hands[0][1]", "twice"),
    case("dup-build", setp("table.builds.0.cards", ["3C", "5H", "3C"]), "$.table.builds[0].cards[2]", "twice"),
    case("53-stock", setp("stock", CODES + ("AS",)), "$.stock", ""),
    case(
        "53-known-cards",
        lambda d: d.update(stock=[c for c in CODES if c not in _placed(d)] + ["8S"]),
        "$.stock[",
        "8S appears more than once",
    ),
    case("hand-and-table", setp("hands.0.0", "8D"), "$.table.loose[1], $.hands[0][0]: 8D appears more than once"),
    case("hand-and-build", setp("hands.0.0", "3C"), "$.table.builds[0].cards[0], $.hands[0][0]: 3C appears"),
    case("captured-and-hand", setp("captured.1.0", "8S"), "$.hands[0][2], $.captured[1][0]: 8S appears"),
    # builds whose cards do not make their value, at their index as written (the engine
    # keeps them in card order) and with their cards
    case("build-value-wrong", setp("table.builds.0.value", 9), "$.table.builds[0] (3C+5H=9)", "do not add up"),
    case(
        "build-value-wrong-second",
        setp(
            "table.builds",
            [{"value": 9, "owner": 1, "cards": ["4D", "5S"]}, {"value": 9, "owner": 1, "cards": ["5H", "3C"]}],
        ),
        "$.table.builds[1] (3C+5H=9)",
        "do not add up",
    ),
    case("build-value-0", setp("table.builds.0.value", 0), "$.table.builds[0] (3C+5H=0)", "V4"),
    case(
        "build-one-card",
        setp("table.builds.0", {"value": 8, "owner": 1, "cards": ["8H"]}),
        "$.table.builds[0] (8H=8)",
        "B2",
    ),
    case(
        "build-court",
        setp("table.builds.0", {"value": 8, "owner": 1, "cards": ["3C", "5H", "KS"]}),
        "$.table.builds[0] (3C+5H+KS=8)",
        "B1",
    ),
    case("build-kind-wrong", setp("table.builds.0.kind", "multiple"), "$.table.builds[0]", "single"),
    case("build-groups-wrong", setp("table.builds.0.groups", [["3C"], ["5H"]]), "$.table.builds[0].groups"),
    case("build-owner-cannot-capture", setp("hands.1", ["2D", "7C", "9S"]), "$.table.builds[0] (3C+5H=8)", "O1"),
    case("hand-too-big", setp("hands.0", ["2H", "4C", "8S", "6D", "6H"]), "$.hands[0]", "5 cards"),
    case("stock-wrong-size", setp("stock", 8), "$.stock", "must hold 0"),
    # a stock without a deal gives the deal: a whole number of deals, fewer than a hand's
    case("stock-part-of-a-deal", lambda d: d.pop("deal") and d.update(stock=7), "$.stock", "a whole number of deals"),
    case("stock-of-every-deal", lambda d: d.pop("deal") and d.update(stock=48), "$.stock", "more than a hand holds"),
    # owners, seats and per-seat arrays out of range
    case("owner-2", setp("table.builds.0.owner", 2), "$.table.builds[0].owner", "out of range"),
    case("owner-negative", setp("table.builds.0.owner", -1), "$.table.builds[0].owner", "out of range"),
    case("turn-2", setp("turn", 2), "$.turn", "out of range"),
    case("dealer-5", setp("dealer", 5), "$.dealer", "out of range"),
    case("last-capture-3", setp("last_capture", 3), "$.last_capture", "out of range"),
    case("deal-7", setp("deal", 7), "$.deal", "out of range"),
    case("hands-3-seats", setp("hands", [["2H"], ["2D"], ["9S"]]), "$.hands"),
    case("hands-5-seats", setp("hands", [[]] * 5), "$.hands"),
    case("scores-3-sides", setp("scores", [0, 0, 0]), "$.scores"),
    case("captured-1-seat", setp("captured", [[]]), "$.captured"),
    case("sweeps-negative", setp("sweeps", [0, -1]), "$.sweeps[1]"),
    # unknown variants and options, bad values, impossible combinations (RULES.md §1)
    case("variant-poker", setp("rules.variant", "poker"), "$.rules.variant", "poker"),
    case("variant-case", setp("rules.variant", "Classic"), "$.rules.variant"),
    case("players-1", setp("rules.players", 1), "$.rules.players"),
    case("players-5", setp("rules.players", 5), "$.rules.players"),
    case("option-unknown", setp("rules.wild_jokers", True), "$.rules.wild_jokers"),
    case("option-endgame", setp("rules.endgame", "sudden_death"), "$.rules.endgame"),
    case(
        "option-ladder-20-value",
        lambda d: d["rules"].update(variant="royal", ladder_20="most_hearts"),
        "$.rules.ladder_20",
    ),
    case("option-target-4", setp("rules.target", 4), "$.rules.target"),
    case("option-target-huge", setp("rules.target", 10**7), "$.rules.target"),
    case("combo-ace-high-classic", setp("rules.ace_high", True), "$.rules.ace_high", "court_values"),
    case("combo-must-take-equal-classic", setp("rules.must_take_equal", True), "$.rules.must_take_equal"),
    case(
        "combo-royal-no-court-values",
        setp("rules", {"variant": "royal", "players": 2, "court_values": False}),
        "$.rules.court_values",
    ),
    case(
        "combo-court-takes-all-royal",
        setp("rules", {"variant": "royal", "players": 2, "court_takes_all": True}),
        "$.rules.court_takes_all",
    ),
    case("combo-sweeps-cancel-no-sweeps", setp("rules.sweeps_cancel", True), "$.rules.sweeps_cancel"),
    case("combo-ladder-20-highest", setp("rules.ladder_20", "most_spades"), "$.rules.ladder_20"),
    case("combo-partnerships-2", setp("rules.partnerships", True), "$.rules", "partnerships"),
    case(
        "combo-royal-4-individuals",
        setp("rules", {"variant": "royal", "players": 4, "partnerships": False}),
        "$.rules",
        "partnerships",
    ),
    # huge numbers
    case("huge-turn", setp("turn", Raw("1" + "0" * 30)), "$.turn", "a 31-digit number is out of range (0..1)"),
    case("huge-negative-turn", setp("turn", Raw("-1" + "0" * 30)), "$.turn", "a negative 31-digit number is out"),
    case("huge-turn-float", setp("turn", Raw("1e30")), "$.turn", "a number of about 31 digits is out of range"),
    # orjson reads an integer beyond 64 bits as a float: user data kept it rounded (1.2345678901234568e+29)
    case("huge-user-int", setp("_id", Raw("123456789012345678901234567890")), "$._id", "an integer beyond 64 bits"),
    case("huge-user-int-u64", setp("_id", [Raw(str(2**64))]), "$._id", "an integer beyond 64 bits"),
    case("huge-user-int-i64", setp("_id", {"n": Raw(str(-(2**63) - 1))}), "$._id", "an integer beyond 64 bits"),
    case("huge-turn-u64", setp("turn", Raw(str(2**64 - 1))), "$.turn", "out of range"),
    case(
        "huge-negative-int", setp("turn", Raw(str(-(10**18)))), "$.turn", "a negative 19-digit number is out of range"
    ),
    case("huge-1e400", setp("turn", Raw("1e400")), "$", "invalid JSON"),
    case("huge-1e308", setp("sweeps", [Raw("1e308"), 0]), "$.sweeps[0]"),
    case("huge-scores", setp("scores", [Raw("1" + "0" * 30), 0]), "$.scores[0]"),
    case("huge-stock", setp("stock", Raw("1" + "0" * 30)), "$.stock"),
    case("huge-players", setp("rules.players", Raw("1" + "0" * 30)), "$.rules.players"),
    case("huge-target", setp("rules.target", Raw("1" + "0" * 30)), "$.rules.target"),
    case("huge-build-value", setp("table.builds.0.value", Raw("1" + "0" * 30)), "$.table.builds[0].value"),
    case("huge-digits", setp("deal", Raw("9" * 5000)), "$", "invalid JSON"),
    case("huge-string", setp("table.loose.0", "8" * 1_000_000), "$.table.loose[0]", "is not a card"),
    case("huge-array", setp("table.loose", ["8D"] * 100_000), "$.table.loose", "too long"),
    # deeply nested JSON
    case("nested-100000", lambda d: b"[" * 100_000 + b"]" * 100_000, "$", "invalid JSON"),
    case("nested-100000-objects", lambda d: b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "$", "invalid JSON"),
    case("nested-in-table", setp("table.loose", nested(100_000)), "$", "invalid JSON"),
    case("nested-in-user-key", setp("_deep", nested(200)), "$._deep", "nested"),
    case("nested-card", setp("table.loose.0", nested(20)), "$.table.loose[0]"),
    case("nested-in-rule", setp("rules.sweeps", nested(300)), "$.rules.sweeps", "true or false, not an array"),
    # empty input, binary garbage, bad UTF-8
    case("empty", lambda d: b"", "$", "empty"),
    case("blank-lines", lambda d: b"\n  \n\t\n", "$", "empty"),
    case("bom-only", lambda d: b"\xef\xbb\xbf", "$", "empty"),
    case("garbage", lambda d: GARBAGE, "$", "invalid JSON"),
    case("nul-bytes", lambda d: b"\x00" * 64, "$", "invalid JSON"),
    case("utf16", lambda d: b"\xff\xfe" + VALID_BYTES.decode().encode("utf-16-le"), "UTF-16", "convert it to UTF-8"),
    case("bad-utf8-in-string", lambda d: VALID_BYTES.replace(b'"KH"', b'"K\xff"'), "$", "invalid JSON"),
    case("lone-surrogate", lambda d: VALID_BYTES.replace(b'"KH"', b'"\\ud800"'), "$", "invalid JSON"),
]


def _table_only(hand: dict, table: list[str], dealer: bool = True) -> None:
    """Turn a deck hand into a hand written down at the table."""
    hand.pop("deck")
    hand["table"] = table
    if not dealer:
        hand.pop("dealer")


def _placed(doc: dict) -> set[str]:
    cards = set(doc["table"]["loose"]) | {c for b in doc["table"]["builds"] for c in b["cards"]}
    cards |= {c for h in doc["hands"] for c in h} | {c for p in doc["captured"] for c in p}
    return cards


@pytest.mark.parametrize("command", reader_commands("position"), ids=" ".join)
@pytest.mark.parametrize("change, path, needle", POSITION_CASES)
def test_bad_position_exits_65_with_its_location(command, change, path, needle):
    data = mutated(POSITION, change)
    res = cli(*command, stdin=data)
    assert_unreadable(res, path, line=1 if data.strip() else None, needle=needle)
    assert res.stdout == b""


def test_the_base_position_is_valid():
    assert cli("moves", "-", stdin=encode(POSITION)).returncode == 0
    assert cli("apply", "-", LEGAL, stdin=encode(POSITION)).returncode == 0


@pytest.mark.parametrize("command", reader_commands("position") + [("score", "-")], ids=" ".join)
def test_position_errors_name_the_file(tmp_path, command):
    path = tmp_path / "night at the club.json"
    path.write_bytes(_pretty(mutated_doc(POSITION, setp("table.loose.0", "1D"))))
    res = cli(command[0], str(path), *command[2:])
    assert_unreadable(res, "$.table.loose[0]", source=str(path), line=12, needle="'1D' is not a card")


@pytest.mark.parametrize(
    "command, doc",
    [
        (("moves", "-"), {"format": "casino.position/2", "board": {}, "to_move": 0}),
        (("validate", "-"), {"format": "casino.record/2", "games": []}),
    ],
)
def test_unknown_major_version_is_reported_before_unknown_keys(command, doc):
    res = cli(*command, stdin=encode(doc))
    assert_unreadable(res, "$.format", needle="version")


# --- the moves given to ``casino apply`` --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ZZ",
        "x",
        "=",
        "8S+=8",
        "8Sx8D+8D",
        "4C+5C",
        "4Cx4C",
        "\x00",
        "8S" * 150,
        "8S+5C=1e3",
        "8S+5C=-8",
        "8S+5C=8.0",
        "8S+5C=１３x",
    ],
)
def test_apply_unreadable_move_exits_65(text):
    res = cli("apply", "-", text, stdin=encode(POSITION))
    no_traceback(res)
    assert res.returncode == 65 and res.stdout == b""
    assert "move 1" in res.stderr


@pytest.mark.parametrize("text", ["4C+2H=²", "4C+2H=⑥", "4C+2H=٦", "4C+2H=６"])
def test_apply_unicode_digit_build_value_is_unreadable_not_a_crash(text):
    """(Found by this suite: '²'.isdigit() is true but int('²') fails; exit 70 before the fix.)"""
    res = cli("apply", "-", text, stdin=encode(POSITION))
    no_traceback(res)
    assert res.returncode == 65 and "move 1" in res.stderr


@pytest.mark.parametrize("text", ["8Dx5C", "4C+5C=9", "2H+5C=7", "9S"])
def test_apply_well_formed_but_illegal_move_exits_1(text):
    res = cli("apply", "-", text, stdin=encode(POSITION))
    no_traceback(res)
    assert res.returncode == 1 and res.stdout == b"" and "is illegal" in res.stderr


# --- user data (``_`` keys) ----------------------------------------------------------------------

USER = {"_note": "club night ☘", "_ids": [1, 2, {"deep": [None, True]}], "_": None}


def test_user_keys_are_kept_by_apply():
    doc = copy.deepcopy(POSITION)
    doc.update(USER)
    doc["rules"]["_house"] = {"stakes": "pennies"}
    doc["table"]["_photo"] = "IMG_0042.jpg"
    res = cli("apply", "-", LEGAL, stdin=encode(doc))
    assert res.returncode == 0, res.stderr
    out = orjson.loads(res.stdout)
    for key, value in USER.items():
        assert out[key] == value
    assert out["rules"]["_house"] == {"stakes": "pennies"}
    assert out["table"]["_photo"] == "IMG_0042.jpg"
    # and once more: the output is itself a position that keeps them
    again = orjson.loads(cli("apply", "-", "8Cx3C+5H", stdin=res.stdout).stdout)
    assert again["_note"] == USER["_note"] and again["table"]["_photo"] == "IMG_0042.jpg"


def test_user_keys_on_a_build_are_kept():
    doc = copy.deepcopy(POSITION)
    doc["table"]["builds"][0]["_said"] = "building eights"
    res = cli("apply", "-", LEGAL, stdin=encode(doc))  # the trail leaves the build alone
    assert res.returncode == 0, res.stderr
    assert orjson.loads(res.stdout)["table"]["builds"][0].get("_said") == "building eights"


def test_user_keys_are_accepted_by_every_record_reader():
    rec = copy.deepcopy(RECORD)
    rec.update(USER)
    rec["rules"]["_house"] = 1
    rec["hands"][0]["_table"] = "B"
    for i in (0, 5):
        rec["hands"][0]["moves"][i] = dict(move_json(read_move(rec["hands"][0]["moves"][i])), _c=[i])
    rec["result"] = {"scores": rec["hands"][0]["score"], "winner": None, "_signed": "ref"}
    for command in reader_commands("record"):
        res = cli(*command, stdin=encode(rec))
        assert res.returncode == 0, (command, res.stderr, res.stdout[:500])


# --- records ------------------------------------------------------------------------------------

RECORD_BYTES = encode(RECORD)

RECORD_CASES = [
    case("json-truncated", lambda d: RECORD_BYTES[:-3], "$", "invalid JSON"),
    case("json-trailing", lambda d: RECORD_BYTES + b"]", "$", "invalid JSON"),
    case("json-array", lambda d: b"[" + RECORD_BYTES + b"]", "$", "object"),
    case("type-format", setp("format", ["casino.record/1"]), "$.format"),
    case("type-rules", setp("rules", "classic"), "$.rules"),
    case("type-players", setp("players", "Ana, Ben"), "$.players"),
    case("type-player-name", setp("players", ["Ana", 2]), "$.players[1]"),
    case("type-seed", setp("seed", 7), "$.seed"),
    case("type-shuffle", setp("shuffle", True), "$.shuffle"),
    case("type-hands", setp("hands", {"1": {}}), "$.hands"),
    case("type-hand", setp("hands.0", []), "$.hands[0]"),
    case("type-dealer", setp("hands.0.dealer", "1"), "$.hands[0].dealer"),
    case("type-deck", setp("hands.0.deck", "AS AH"), "$.hands[0].deck"),
    case("type-moves", setp("hands.0.moves", "9S TC"), "$.hands[0].moves"),
    case("type-score", setp("hands.0.score", "1-10"), "$.hands[0].score"),
    case("type-score-item", setp("hands.0.score", [1, "10"]), "$.hands[0].score[1]"),
    case("type-result", setp("result", [0, 0]), "$.result"),
    case("type-result-scores", setp("result", {"scores": 11}), "$.result.scores"),
    case("type-winner", setp("result", {"winner": "Ana"}), "$.result.winner"),
    case("missing-format", setp("format", DEL), "$", "format"),
    case("missing-rules", setp("rules", DEL), "$", "rules"),
    case("missing-hands", setp("hands", DEL), "$", "hands"),
    case("missing-cards", lambda d: (d.pop("seed"), d["hands"][0].pop("deck")) and None, "$.hands[0]", "deck"),
    case(
        "missing-dealer-table-only",
        lambda d: _table_only(d["hands"][0], ["AS", "AH", "AD", "AC"], dealer=False),
        "$.hands[0]",
        "dealer",
    ),
    case("unknown-key", setp("date", "2024-01-01"), "$.date", "unknown key"),
    case("unknown-key-hand", setp("hands.0.winner", 0), "$.hands[0].winner", "unknown key"),
    case("unknown-key-rules", setp("rules.jokers", 2), "$.rules.jokers", "unknown key"),
    case("unknown-key-result", setp("result", {"winner": None, "margin": 3}), "$.result.margin", "unknown key"),
    case("format-position", setp("format", "casino.position/1"), "$."),  # score reads positions too
    case("format-version-2", setp("format", "casino.record/2"), "$.format", "version"),
    case("format-other", setp("format", "pgn"), "$.format"),
    case("card-in-deck", setp("hands.0.deck.3", "1D"), "$.hands[0].deck[3]", "is not a card"),
    case("card-in-deck-type", setp("hands.0.deck.3", 10), "$.hands[0].deck[3]"),
    case(
        "card-in-table",
        lambda d: _table_only(d["hands"][0], ["AS", "AH", "AD", "XX"]),
        "$.hands[0].table[3]",
        "is not a card",
    ),
    case("dup-deck", setp("hands.0.deck.51", "AS"), "$.hands[0].deck", "twice"),
    case("53-deck", lambda d: d["hands"][0]["deck"].append(d["hands"][0]["deck"][0]), "$.hands[0].deck", "53"),
    case("51-deck", lambda d: d["hands"][0]["deck"].pop(), "$.hands[0].deck", "52"),
    case("deck-and-table", setp("hands.0.table", ["AS", "AH", "AD", "AC"]), "$.hands[0].table", "not both"),
    case(
        "table-5-cards", lambda d: _table_only(d["hands"][0], ["AS", "AH", "AD", "AC", "KS"]), "$.hands[0].table", "4"
    ),
    case("dealer-2", setp("hands.0.dealer", 2), "$.hands[0].dealer", "out of range"),
    case("dealer-negative", setp("hands.0.dealer", -1), "$.hands[0].dealer", "out of range"),
    case("winner-2", setp("result", {"winner": 2}), "$.result.winner", "out of range"),
    case("players-3-names", setp("players", ["Ana", "Ben", "Cy"]), "$.players"),
    case("score-3-sides", setp("hands.0.score", [1, 2, 3]), "$.hands[0].score"),
    case("variant-unknown", setp("rules.variant", "poker"), "$.rules.variant"),
    case("option-bad-value", setp("rules.sweeps", 1), "$.rules.sweeps"),
    case("combo-ace-high-classic", setp("rules.ace_high", True), "$.rules.ace_high"),
    case("combo-ladder-classic", setp("rules.ladder_20", "little_casino"), "$.rules.ladder_20"),
    case("combo-target-3", setp("rules.target", 3), "$.rules.target"),
    case("huge-dealer", setp("hands.0.dealer", Raw("1" + "0" * 30)), "$.hands[0].dealer"),
    case("huge-score", setp("hands.0.score", [Raw("1" + "0" * 30), 0]), "$.hands[0].score[0]"),
    case("huge-winner", setp("result", {"winner": Raw("1e400")}), "$", "invalid JSON"),
    case("huge-target", setp("rules.target", Raw("-1" + "0" * 30)), "$.rules.target"),
    case("huge-hands", setp("hands", [{}] * 1001), "$.hands", "too long"),
    case("huge-moves", setp("hands.0.moves", ["5D"] * 10_001), "$.hands[0].moves", "too long"),
    case("huge-name", setp("players", ["Ana", "x" * (MAX_NAME + 1)]), "$.players[1]", "4,097 characters is too long"),
    case("nested-100000", lambda d: b"[" * 100_000 + b"]" * 100_000, "$", "invalid JSON"),
    case("nested-in-moves", setp("hands.0.moves", nested(100_000)), "$", "invalid JSON"),
    case("nested-in-user-key", setp("_deep", nested(100)), "$._deep", "nested"),
    case("empty", lambda d: b"", "$", "empty"),
    case("garbage", lambda d: GARBAGE, "$", "invalid JSON"),
    case("nul-bytes", lambda d: b"\x00\x00\x00", "$", "invalid JSON"),
    case("bad-utf8", lambda d: RECORD_BYTES.replace(b'"hostile"', b'"host\xc3"'), "$", "invalid JSON"),
]


@pytest.mark.parametrize("command", reader_commands("record"), ids=" ".join)
@pytest.mark.parametrize("change, path, needle", RECORD_CASES)
def test_bad_record_exits_65_with_its_location(command, change, path, needle):
    res = cli(*command, stdin=mutated(RECORD, change))
    assert_unreadable(res, path, needle=needle)
    if command[0] == "validate":
        assert "1 unreadable" in res.stderr
    elif command[0] == "score":  # in the record's place, in JSON: its line and why
        placeholder = orjson.loads(res.stdout)
        assert list(placeholder) == ["format", "line", "error"] and placeholder["line"] == 1
    else:
        assert res.stdout == b""


def test_the_base_record_is_valid():
    for command in reader_commands("record"):
        assert cli(*command, stdin=RECORD_BYTES).returncode == 0


@pytest.mark.parametrize("command", reader_commands("record"), ids=" ".join)
def test_record_errors_name_the_file(tmp_path, command):
    path = tmp_path / "club night.jsonl"
    path.write_bytes(RECORD_BYTES + b"\n" + mutated(RECORD, setp("hands.0.deck.7", "7Z")) + b"\n")
    res = cli(command[0], str(path))
    assert_unreadable(res, "$.hands[0].deck[7]", source=str(path), line=2)


@pytest.mark.parametrize("command", reader_commands("record"), ids=" ".join)
def test_record_seed_too_long_is_unreadable(command):
    """(Found by this suite: exit 70, a ValueError of seeded_deck, before the fix.)"""
    rec = {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2},
        "seed": "x" * 1025,
        "hands": [{}],
    }
    res = cli(*command, stdin=encode(rec))
    assert_unreadable(res, "$.seed")


def test_a_name_as_long_as_a_command_line_argument_is_read():
    """A cmd: bot's name is written as the record's player; it can be as long as an argument."""
    assert cli("validate", "-", stdin=encode({**RECORD, "players": ["Ana", "x" * MAX_NAME]})).returncode == 0


#: Moves that cannot be read are a finding of the referee at that move (exit 1), not a
#: failure of the whole record (NOTATION.md: rule ``notation``).
BAD_MOVES = [
    pytest.param("ZZ", id="text-junk"),
    pytest.param("", id="text-empty"),
    pytest.param("9S" * 120, id="text-too-long"),
    pytest.param("9S+TC", id="text-build-without-value"),
    pytest.param(12345, id="number"),
    pytest.param(None, id="null"),
    pytest.param(["9S"], id="array"),
    pytest.param({"type": "fly", "card": "9S"}, id="object-bad-type"),
    pytest.param({"type": "trail"}, id="object-no-card"),
    pytest.param({"type": "trail", "card": "9S", "colour": 1}, id="object-unknown-key"),
    pytest.param({"type": "trail", "card": "9S", "seat": 9}, id="object-seat-out-of-range"),
    pytest.param({"type": "trail", "card": "9S", "move": "TC"}, id="object-text-disagrees"),
    pytest.param({"type": "capture", "card": "9S", "takes": "TC"}, id="object-takes-not-array"),
    pytest.param({"type": "build", "card": "9S", "value": Raw("1e300"), "uses": ["TC"]}, id="object-huge-value"),
    pytest.param({"type": "trail", "card": "9S", "_n": nested(40)}, id="object-nested-user-data"),
    pytest.param("9S+TC=²", id="text-unicode-digit"),
]


@pytest.mark.parametrize("command", reader_commands("record"), ids=" ".join)
@pytest.mark.parametrize("move", BAD_MOVES)
def test_unreadable_move_is_a_notation_finding_at_that_move(command, move):
    rec = copy.deepcopy(RECORD)
    rec["hands"][0]["moves"][3] = move
    res = cli(*command, stdin=encode(rec))
    no_traceback(res)
    assert res.returncode == 1, (res.returncode, res.stderr, res.stdout[:500])
    if command[0] == "validate":
        (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
        assert (finding["hand"], finding["move"], finding["rule"]) == (1, 4, "notation")
    else:
        assert "notation" in res.stderr and "<stdin>:1" in res.stderr


def judged_moves(monkeypatch) -> list[int]:
    """A counter of the moves the referee judges (bounded work, counted rather than timed)."""
    calls = [0]
    judge_form = referee.judge_form

    def counting(pos, move):
        calls[0] += 1
        return judge_form(pos, move)

    monkeypatch.setattr(referee, "judge_form", counting)
    return calls


def test_record_with_thousands_of_moves_in_a_hand_is_a_finding_quickly(monkeypatch):
    rec = copy.deepcopy(RECORD)
    rec["hands"][0]["moves"] += [rec["hands"][0]["moves"][0]] * 9_000
    judged = judged_moves(monkeypatch)
    res = cli("validate", "-", stdin=encode(rec))
    assert judged[0] == len(RECORD["hands"][0]["moves"])  # the moves after the hand's end are not judged
    no_traceback(res)
    assert res.returncode == 1
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    n = len(RECORD["hands"][0]["moves"])
    assert (finding["hand"], finding["move"], finding["rule"]) == (1, n + 1, "turn")
    keep = cli("validate", "--keep-going", "-", stdin=encode(rec))
    assert keep.returncode == 1 and len(keep.stdout.splitlines()) == 1


HINT_WORK = 40  # moves judged to explain a finding at move 2 of a 2-player hand (its first round re-walked)


def test_record_with_a_hundred_hands_of_thousands_of_illegal_moves(monkeypatch):
    hand = {"moves": ["KS"] * 5_000}
    rec = {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2},
        "seed": "s",
        "hands": [hand] * 100,
    }
    data = encode(rec)
    for keep, hands_refereed in (((), 1), (("--keep-going",), 100)):
        judged = judged_moves(monkeypatch)
        res = cli("validate", *keep, "-", stdin=data)
        # KS is legal at most once a hand, then illegal: the hand is left, not its 5,000 moves judged.
        # The first finding of each of the first MAX_HINTED_HANDS hands is explained by re-walking
        # the first round of its hand (records/hints.py): a bounded cost per hinted hand.
        hinted = min(hands_refereed, MAX_HINTED_HANDS)
        assert hands_refereed <= judged[0] <= 2 * hands_refereed + hinted * HINT_WORK
        no_traceback(res)
        assert res.returncode == 1


# --- accepted: BOM, CRLF --------------------------------------------------------------------------


def _pretty(doc) -> bytes:
    return json.dumps(doc, indent=2, ensure_ascii=False).encode()


@pytest.mark.parametrize("form", ["bom", "crlf", "bom-crlf", "pretty-crlf", "bom-pretty-crlf", "trailing-blank"])
@pytest.mark.parametrize("command", reader_commands("position") + reader_commands("record"), ids=" ".join)
def test_bom_and_crlf_are_accepted(form, command):
    doc = POSITION if command[0] in ("moves", "apply") else RECORD
    data = _pretty(doc) if "pretty" in form else encode(doc) + b"\n"
    if "crlf" in form:
        data = data.replace(b"\n", b"\r\n")
    if "bom" in form:
        data = b"\xef\xbb\xbf" + data
    if form == "trailing-blank":
        data += b"\n\r\n  \n"
    res = cli(*command, stdin=data)
    no_traceback(res)
    assert res.returncode == 0, res.stderr
    assert res.stdout or command[0] == "validate"


def test_crlf_json_lines_stream_with_a_bom_is_accepted():
    data = b"\xef\xbb\xbf" + b"".join(encode(POSITION) + b"\r\n" for _ in range(5))
    res = cli("moves", "-", stdin=data)
    assert res.returncode == 0 and len(res.stdout.splitlines()) == 5
    data = b"\xef\xbb\xbf" + b"".join(RECORD_BYTES + b"\r\n" for _ in range(5))
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 0 and "5 records checked: 5 valid" in res.stderr


def _cr_only(data: bytes) -> bytes:
    """``data`` with its lines ended by CR alone, as ``tr '\\n' '\\r'`` writes it (old Mac)."""
    return data.replace(b"\n", b"\r")


@pytest.mark.parametrize("where", ["file", "stdin"])
@pytest.mark.parametrize("ending", ["", "\n"], ids=["cr-only", "cr-then-a-final-lf"])
def test_json_lines_ended_by_cr_alone_are_read_line_by_line(where, ending, tmp_path):
    """A JSON Lines stream with CR line ends is each of its lines, as with LF or CRLF: not
    one broken document ('a second document starts here'), and messages count its lines."""
    bad = RECORD_BYTES.replace(b'"hands":', b'"hnads":')
    data = _cr_only(b"".join(line + b"\n" for line in (RECORD_BYTES, RECORD_BYTES, bad))) + ending.encode()
    path = tmp_path / "old-mac.jsonl"
    path.write_bytes(data)
    res = cli("validate", str(path)) if where == "file" else cli("validate", "-", stdin=data)
    no_traceback(res)
    assert res.returncode == 65, res.stderr
    assert "3 records checked: 2 valid, 0 not valid (0 findings), 1 unreadable" in res.stderr
    assert orjson.loads(res.stdout)["line"] == 3
    res = cli("moves", "-", stdin=_cr_only(b"".join(encode(POSITION) + b"\n" for _ in range(4))))
    assert res.returncode == 0 and len(res.stdout.splitlines()) == 4


def test_a_pretty_document_ended_by_cr_alone_is_located_by_its_lines():
    """A multi-line document with CR line ends was read (CR is a space in JSON) but located
    on line 1 at column 200-odd; its lines are now counted as an editor shows them."""
    doc = copy.deepcopy(RECORD)
    doc["hands"][0]["moves"][1] = "ZZ"
    data = _cr_only(_pretty(doc))
    res = cli("validate", "-", stdin=data)
    no_traceback(res)
    finding = orjson.loads(res.stdout)
    line = next(n for n, text in enumerate(_pretty(doc).split(b"\n"), 1) if b'"ZZ"' in text)
    assert finding["line"] == line > 1, finding


def test_json_lines_ended_by_cr_alone_too_large_to_read_whole_say_so():
    """CR-ended input is read in one piece; past 16 MB it said 'line longer than 16 MB'
    without a word of its line ends; it names them and how to convert them."""
    from casino_cli.cli.inputs import MAX_LINE

    data = RECORD_BYTES + b"\r"
    res = cli("validate", "-", stdin=data * (MAX_LINE // len(data) + 2))
    assert res.returncode == 65
    assert "lines end with CR alone (old Mac line ends)" in orjson.loads(res.stdout)["message"]
    assert "tr '\\r' '\\n'" in orjson.loads(res.stdout)["message"]


def test_lines_ended_by_cr_then_lines_ended_by_lf_are_not_guessed_at_but_named():
    """Two files joined, the first with CR line ends: its lines are one broken line, and the
    message, which said only 'a second document starts here', says why and what to do."""
    data = _cr_only(RECORD_BYTES + b"\n" + RECORD_BYTES + b"\n") + RECORD_BYTES + b"\n" + RECORD_BYTES + b"\n"
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 65 and "2 records checked: 1 valid" in res.stderr  # line 1: 2 CR lines + 1 LF one
    finding = orjson.loads(res.stdout)
    assert finding["line"] == 1 and "this line holds CRs that end no line" in finding["message"]
    assert "tr '\\r' '\\n'" in finding["message"]


def test_a_cr_inside_a_json_lines_stream_with_line_feeds_is_a_space():
    """A CR alone in input that has line feeds is not a line end: JSON reads it as a space."""
    line = encode(POSITION).replace(b'"turn":', b'\r"turn":')
    res = cli("moves", "-", stdin=line + b"\n" + line + b"\n")
    assert res.returncode == 0 and len(res.stdout.splitlines()) == 2, res.stderr


# --- JSON Lines streams: a bad line in the middle ----------------------------------------------

STREAM_LENGTH = 300
BAD_AT = 157  # 1-based line number of the bad line

BAD_LINES = [
    pytest.param(lambda base: base[:40], "$", id="invalid-json"),
    pytest.param(lambda base: b"\x00\xff" * 30, "$", id="garbage"),
    pytest.param(lambda base: b"[" * 100_000, "$", id="nested"),
    pytest.param(
        lambda base: base.replace(b'.position/1"', b'.position/9"').replace(b'.record/1"', b'.record/9"'),
        "$.format",
        id="version",
    ),
    pytest.param(lambda base: b"42", "$", id="not-an-object"),
]


def _stream(base: bytes, bad: bytes, blank_every: int = 0) -> tuple[bytes, int]:
    """STREAM_LENGTH lines, BAD_AT the bad one; optional blank lines keep numbering honest."""
    lines = []
    bad_line = None
    for i in range(1, STREAM_LENGTH + 1):
        if blank_every and i % blank_every == 0:
            lines.append(b"  ")
            continue
        if i == BAD_AT:
            lines.append(bad)
            bad_line = i
        else:
            lines.append(base)
    assert bad_line
    return b"\n".join(lines) + b"\n", bad_line


@pytest.mark.parametrize("make_bad, path", BAD_LINES)
def test_moves_stream_stops_at_the_bad_line(make_bad, path):
    data, line = _stream(encode(POSITION), make_bad(encode(POSITION)))
    res = cli("moves", "-", stdin=data)
    assert_unreadable(res, path, line=line)
    assert len(res.stdout.splitlines()) == line - 1


@pytest.mark.parametrize("make_bad, path", BAD_LINES)
def test_moves_keep_going_writes_an_error_line_in_place(make_bad, path, tmp_path):
    data, line = _stream(encode(POSITION), make_bad(encode(POSITION)))
    file = tmp_path / "positions.jsonl"
    file.write_bytes(data)
    res = cli("moves", "--keep-going", str(file))
    assert_unreadable(res, path, source=str(file), line=line)
    out = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert len(out) == STREAM_LENGTH
    assert out[line - 1]["line"] == line and "error" in out[line - 1]
    assert path in out[line - 1]["error"] and f"{file}:{line}" in out[line - 1]["error"]
    good = [o for i, o in enumerate(out) if i != line - 1]
    assert all(o["format"] == "casino.moves/1" and o["count"] > 0 and "error" not in o for o in good)


def test_moves_keep_going_with_blank_lines_counts_lines_of_the_file():
    data, line = _stream(encode(POSITION), b"{broken", blank_every=10)
    res = cli("moves", "--keep-going", "-", stdin=data)
    assert res.returncode == 65
    errors = [orjson.loads(x) for x in res.stdout.splitlines() if b'"error"' in x]
    assert [e["line"] for e in errors] == [line]
    assert f"<stdin>:{line}:" in res.stderr


@pytest.mark.parametrize("make_bad, path", BAD_LINES)
def test_validate_stream_checks_every_other_record(make_bad, path):
    data, line = _stream(RECORD_BYTES, make_bad(RECORD_BYTES))
    res = cli("validate", "-", stdin=data)
    assert_unreadable(res, path, line=line)
    assert f"{STREAM_LENGTH} records checked: {STREAM_LENGTH - 1} valid" in res.stderr
    assert "1 unreadable" in res.stderr
    findings = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert [(f["line"], f["rule"]) for f in findings] == [(line, "notation")]


def test_validate_stream_reports_an_invalid_and_an_unreadable_record_and_exits_65():
    illegal = copy.deepcopy(RECORD)
    illegal["hands"][0]["moves"][0] = illegal["hands"][0]["moves"][1]
    lines = [RECORD_BYTES] * 20
    lines[4] = b"{oops"
    lines[11] = encode(illegal)
    res = cli("validate", "-", stdin=b"\n".join(lines) + b"\n")
    assert res.returncode == 65  # the worst wins
    findings = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert [f["line"] for f in findings] == [5, 12]
    assert "20 records checked: 18 valid, 1 not valid" in res.stderr


@pytest.mark.parametrize("command", [("score", "-"), ("replay", "-")], ids=" ".join)
def test_score_and_replay_streams_name_the_bad_line(command):
    data, line = _stream(RECORD_BYTES, b'{"format": "casino.record/1", "rules": {"variant": "classic"}, "hands": []}')
    data = b"\n".join(data.split(b"\n")[: BAD_AT + 3]) + b"\n"
    res = cli(*command, stdin=data)
    assert_unreadable(res, "$.rules", line=line, needle="players")


def test_validate_several_files_names_each(tmp_path):
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_bytes(RECORD_BYTES + b"\n" + RECORD_BYTES + b"\n")
    bad.write_bytes(RECORD_BYTES + b"\n" + b"\x89PNG\x1a\x00" + b"\n" + RECORD_BYTES + b"\n")
    res = cli("validate", str(good), str(bad), str(good))
    assert res.returncode == 65
    findings = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert [(f["file"], f["line"]) for f in findings] == [(str(bad), 2)]
    assert "7 records checked: 6 valid" in res.stderr


def test_validate_bad_first_line_still_checks_the_rest():
    """(Found by this suite: the whole input was taken for one pretty-printed document and
    49 good records were never checked.)"""
    data = b"{truncated\n" + b"".join(RECORD_BYTES + b"\n" for _ in range(49))
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 65
    assert "50 records checked: 49 valid" in res.stderr
    moves = cli("moves", "--keep-going", "-", stdin=b"\x00garbage\n" + encode(POSITION) + b"\n")
    assert moves.returncode == 65 and len(moves.stdout.splitlines()) == 2
    assert orjson.loads(moves.stdout.splitlines()[0])["line"] == 1


def test_a_pretty_document_with_an_error_is_still_one_document():
    """The bad-first-line rule must not split a pretty-printed document into lines."""
    lines = _pretty(mutated_doc(POSITION, setp("turn", "zero"))).splitlines()
    res = cli("moves", "-", stdin=b"\n".join(lines))
    assert_unreadable(res, "$.turn", line=None)


def test_over_long_line_is_skipped_with_bounded_memory(tmp_path):
    from casino_cli.cli.inputs import MAX_LINE

    file = tmp_path / "long.jsonl"
    with file.open("wb") as f:
        f.write(RECORD_BYTES + b"\n")
        f.write(b'{"_": "' + b"x" * (MAX_LINE + 10) + b'"}\n')
        f.write(RECORD_BYTES + b"\n")
    res = cli("validate", str(file))
    assert res.returncode == 65
    assert "3 records checked: 2 valid" in res.stderr
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert finding["line"] == 2 and "longer than" in finding["message"]


# --- bounded work -----------------------------------------------------------------------------


def crowded_position(variant: str) -> dict:
    """36 loose cards and three builds: far more captures and builds than any listing holds."""
    hand0 = ["9S", "TS", "5S", "AS"]
    hand1 = ["9H", "TH", "8S", "7S"] if variant == "classic" else ["9H", "TH", "KS", "KH"]
    builds = [
        {"value": 9, "owner": 1, "cards": ["4D", "5D"]},
        {"value": 10, "owner": 1, "cards": ["3D", "7D"]},
        {"value": 9, "owner": 0, "cards": ["2D", "7C"]},
    ]
    used = set(hand0 + hand1 + [c for b in builds for c in b["cards"]])
    loose = [c for c in CODES if c not in used][:36]
    return {
        "format": "casino.position/1",
        "rules": {"variant": variant, "players": 2},
        "turn": 0,
        "table": {"loose": loose, "builds": builds},
        "hands": [hand0, hand1],
    }


@pytest.mark.parametrize("limit", [None, 50, 7])
@pytest.mark.parametrize("variant", ["classic", "royal", "american-royal"])
def test_crowded_position_is_answered_quickly_and_truncated(variant, limit):
    """Bounded work: the listing stops at its limit and search budget and says so (how fast
    that is, is measured by bench/crowded.py, not here)."""
    doc = crowded_position(variant)
    assert len(doc["table"]["loose"]) == 36
    args = ("moves", "-") + (("--limit", str(limit)) if limit else ())
    res = cli(*args, stdin=orjson.dumps(doc))
    assert res.returncode == 0, res.stderr
    out = orjson.loads(res.stdout)
    assert out["truncated"] is True and out["count"] == len(out["moves"]) > 0
    assert out["count"] <= (limit or 10_000)
    assert "truncated" in res.stderr


def forget_engine_caches():
    for module in (groups, listing):
        for name, value in vars(module).items():
            if name.endswith("_cache") and isinstance(value, dict):
                value.clear()


@pytest.mark.parametrize("variant", ["classic", "royal", "american-royal"])
def test_a_listing_does_not_depend_on_what_was_listed_before(variant):
    """The caches save time, never steps: the same position gets the same (here truncated)
    listing after others, and after itself with a larger budget."""
    crowded = read_position(crowded_position(variant))
    budgets = (200_000, 20_000, 3_000, 300)
    forget_engine_caches()
    cold = {}
    for budget in budgets:
        cold[budget] = legal_moves(crowded, budget=budget)
        forget_engine_caches()
    assert all(listing.truncated for listing in cold.values())
    assert len({len(listing.moves) for listing in cold.values()}) > 1, "the budgets should matter"
    rules = make_rules(variant, 2)
    for seed in range(3):  # other tables first
        pos = start_position(rules, seeded_deck(f"caches/{seed}"), 1)
        legal_moves(pos)
    for budget in budgets:  # the largest first: later ones find everything cached
        assert legal_moves(crowded, budget=budget) == cold[budget], budget


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_limit_smaller_than_the_hand_is_honoured(limit):
    """(Found by this suite: each card had a quota of at least one move.)"""
    res = cli("moves", "--limit", str(limit), "-", stdin=cli("deal", "--seed", "3").stdout)
    out = orjson.loads(res.stdout)
    assert out["truncated"] is True
    assert out["count"] <= limit


#: 32 cards of one royal build "worth 14" that cannot split into 14s (four kings, no ace):
#: the first, exhaustive split in check_position took ~15 s on this 300-byte document.
HARD_BUILD = [r + s for r in "234567" for s in "SHDC"] + ["8S", "8H", "9S", "JS", "KS", "KH", "KD", "KC"]


def test_unsplittable_big_build_is_refused_quickly(monkeypatch):
    """Bounded work: the split search answers within a hundred steps (were it to need more,
    it would say the build is too complex to check, not that it does not add up)."""
    doc = {
        "format": "casino.position/1",
        "rules": {"variant": "royal", "players": 2},
        "turn": 0,
        "table": {"builds": [{"value": 14, "owner": 1, "cards": HARD_BUILD}]},
        "hands": [["AS"], ["AH"]],
    }
    monkeypatch.setattr(position, "SPLIT_STEPS", 100)
    res = cli("moves", "-", stdin=orjson.dumps(doc))
    assert res.returncode == 65 and "Traceback" not in res.stderr
    assert "$.table.builds[0] (2S+" in res.stderr and "do not add up to 14" in res.stderr


def _too_complex(monkeypatch):
    """Make every split of cards into two groups or more too big to check (as a huge input
    would); cards making one group need no search."""
    monkeypatch.setattr("casino_cli.engine.position.SPLIT_STEPS", 1)


def test_a_build_too_complex_to_check_is_unreadable(monkeypatch):
    doc = mutated_doc(POSITION, setp("table.builds[0].cards", ["3C", "5H", "2C", "6D"]))
    assert cli("moves", "-", stdin=encode(doc)).returncode == 0
    _too_complex(monkeypatch)
    res = cli("moves", "-", stdin=encode(doc))
    assert_unreadable(res, "$.table.builds[0] (2C+3C+5H+6D=8)", needle="too many to check")


def test_a_move_too_complex_to_check_is_reported_not_guessed(monkeypatch):
    doc = mutated_doc(POSITION, setp("table.builds", []))
    doc["table"]["loose"] += ["3C", "5H", "2C", "6D"]
    doc["hands"][1] = ["2D", "9S", "9H"]
    assert cli("apply", "-", "8Sx3C+5H+2C+6D", stdin=encode(doc)).returncode == 0
    _too_complex(monkeypatch)
    res = cli("apply", "-", "8Sx3C+5H+2C+6D", stdin=encode(doc))
    no_traceback(res)
    assert res.returncode == 65 and "move 1" in res.stderr and "cannot be checked" in res.stderr
    res = cli("judge", "-", "8Sx3C+5H+2C+6D", stdin=encode(doc))
    no_traceback(res)
    assert (res.returncode, res.stdout) == (65, b"") and "the move cannot be checked" in res.stderr
    res = cli("validate", "-", stdin=RECORD_BYTES)
    no_traceback(res)
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert finding["rule"] == "notation" and "cannot be checked" in finding["message"]
    assert "+" in RECORD["hands"][0]["moves"][finding["move"] - 1]  # a move of several cards: split in groups


# --- flat memory on long streams ---------------------------------------------------------------


def _peak_rss_kb(args: list[str]) -> tuple[int, subprocess.CompletedProcess]:
    """Run ``casino ARGS``; poll /proc/<pid>/status for VmHWM (the peak resident set)."""
    proc = subprocess.Popen([sys.executable, "-m", "casino_cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = 0
    status = Path(f"/proc/{proc.pid}/status")
    out: dict = {}

    def drain():
        out["stdout"], out["stderr"] = proc.communicate(timeout=300)

    reader = threading.Thread(target=drain)
    reader.start()
    while reader.is_alive():
        try:
            for row in status.read_text().splitlines():
                if row.startswith("VmHWM:"):
                    peak = max(peak, int(row.split()[1]))
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
        time.sleep(0.02)
    reader.join()
    return peak, subprocess.CompletedProcess(args, proc.returncode, out["stdout"], out["stderr"])


@pytest.fixture(scope="module")
def simulated_lines() -> list[bytes]:
    res = casino("simulate", "--games", "200", "--seed", "memory", "--hands", "1")
    assert res.returncode == 0
    return res.stdout.splitlines()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_validate_long_stream_in_flat_memory(tmp_path, simulated_lines):
    files = {}
    for count in (400, 2400):
        path = files[count] = tmp_path / f"{count}.jsonl"
        with path.open("wb") as f:
            for i in range(count):
                f.write(simulated_lines[i % len(simulated_lines)] + b"\n")
    results: dict = {}
    threads = [
        threading.Thread(target=lambda c=c: results.__setitem__(c, _peak_rss_kb(["validate", str(files[c])])))
        for c in files
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (small, res_small), (large, res_large) = results[400], results[2400]
    assert res_small.returncode == 0 and res_large.returncode == 0, res_large.stderr
    assert b"2400 records checked: 2400 valid" in res_large.stderr
    assert 0 < large < 80 * 1024, f"peak RSS {large} kB"
    # 2,000 more records may not grow the peak by 4 MB (2 kB a record; it stays flat to the kB)
    assert large - small < 4 * 1024, f"peak RSS grew from {small} kB to {large} kB"


def _traced_peak(run) -> int:
    """The peak of Python memory allocated while ``run()`` runs (tracemalloc)."""
    import tracemalloc

    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_document_on_many_lines_is_read_ahead_without_an_object_per_line(tmp_path):
    """A document whose first line is not whole is read ahead as bytes: 300,000 line ends
    cost a few times their size, not ~150 bytes each."""
    from casino_cli.cli.inputs import read_documents

    path = tmp_path / "pretty.json"
    path.write_bytes(b'{"format": "casino.record/1",' + b"\n" * 300_000 + b'"_x": [1]}\n')
    docs: list = []
    peak = _traced_peak(lambda: docs.extend(read_documents(str(path))))
    assert len(docs) == 1 and docs[0].error is None and docs[0].value["_x"] == [1]
    assert peak < 20 * path.stat().st_size, f"peak {peak} bytes for {path.stat().st_size} bytes"  # was 200 times


def test_a_multi_line_document_over_the_limit_is_refused_without_parsing_each_line(monkeypatch, tmp_path):
    """Too large to be one document and no line a document: refused after parsing only the
    lines that open an object, none kept (each line was parsed and kept: gigabytes)."""
    from casino_cli.cli import inputs

    monkeypatch.setattr(inputs, "MAX_DOCUMENT", 64 * 1024)
    parsed: list[int] = []

    def counting(data, *args):
        parsed.append(len(data))
        return orjson_loads(data, *args)

    orjson_loads = inputs.loads
    monkeypatch.setattr(inputs, "loads", counting)
    path = tmp_path / "big.json"
    path.write_bytes(b'{\n"format": "casino.record/1",\n"_x": [\n' + b",\n".join([b"1234567"] * 20_000) + b"\n]}\n")
    docs = list(inputs.read_documents(str(path)))
    assert len(docs) == 1 and "must be written as JSON Lines" in str(docs[0].error)
    assert len(parsed) <= 2, f"{len(parsed)} parses"
    res = cli("validate", str(path))
    assert res.returncode == 65 and b"must be written as JSON Lines" in res.stdout


@pytest.mark.parametrize(
    "document, needle",
    [
        ({"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "k" * 100_000: 1}, "$.kkk"),
        (
            {
                "format": "casino.position/1",
                "rules": {"variant": "v" * 100_000, "players": 2},
                "turn": 0,
                "table": {},
                "hands": [[], []],
            },
            "variant 'vvv",
        ),
    ],
)
def test_a_hostile_key_or_value_is_quoted_in_part_saying_how_much_was_cut(document, needle):
    done = casino("moves", "-", stdin=orjson.dumps(document))
    said = done.stderr.decode()
    assert done.returncode == 65 and needle in said and len(said) < 1_000, len(said)
    assert re.search(r"…\[99,[0-9]{3} characters cut\]", said)


@pytest.mark.parametrize("args", [["deal", "--variant", "x" * 100_000], ["rules", "y" * 5_000], ["moves", "z" * 9_999]])
def test_an_argument_longer_than_any_casino_takes_is_refused_in_part(args):
    done = casino(*args)
    said = done.stderr.decode()
    assert done.returncode == 2 and "characters is longer than any casino takes (4,096)" in said
    assert len(said) < 1_000 and "characters cut]" in said


@pytest.mark.parametrize(
    "args",
    [["deal", "--variant", "a" * 1_000], ["deal", "--players", "5" * 500], ["deal", "--frob" + "x" * 500], ["d" * 600]],
)
def test_a_long_value_in_a_usage_error_of_the_option_parser_is_cut_too(args):
    """Under the 4,096-character bound, the option parser's own message (Usage: … Error: …)
    still quotes a long value only in part, as every message of casino's does."""
    done = casino(*args)
    said = done.stderr.decode()
    assert done.returncode == 2 and said.startswith("Usage: ") and "Error: " in said
    assert len(said) < 1_000 and "characters cut]" in said, said


@pytest.mark.parametrize("length, cut", [(400, False), (401, True)])
def test_a_word_in_a_message_is_cut_only_past_400_characters(length, cut):
    """A word of a message (here a file name and its colon) of more than 400 characters
    without a space keeps its first 200, saying how many were cut; one of 400 is said whole."""
    word = "n" * (length - 1) + ":"
    said = cli("moves", word[:-1]).stderr
    assert said.startswith("casino: cannot open ")
    if cut:
        assert f" {word[:200]}…[{length - 200} characters cut] " in said and word not in said
    else:
        assert f" {word} " in said and "characters cut" not in said


@pytest.mark.parametrize("length, refused", [(4_096, False), (4_097, True)])
def test_an_argument_of_4096_characters_is_taken_and_one_more_is_refused(tmp_path, length, refused):
    """The limit of a command-line argument is 4,096 characters (docs/notation.md, Limits):
    a FILE of that many is looked for (and not found), one of more is refused unread."""
    name = "/".join(["d" * 200] * 30)
    path = name[: length - 1] + "x"
    said = cli("moves", path).stderr
    assert ("characters is longer than any casino takes (4,096)" in said) is refused, said
    assert ("cannot open" in said) is not refused, said
