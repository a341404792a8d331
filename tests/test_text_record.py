"""Casino text (.cas): round trips with JSON, golden fixtures, located errors, and the
reader under generated and corrupted input (never a crash, never a hang, the right line)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino_cli.notation.errors import NotationError
from casino_cli.notation.fields import name_key
from casino_cli.notation.text_record import TextError, looks_like_text, read_text, write_text
from tests.inproc import cli

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
TEXT = FIXTURES / "text"


def _records(path: Path) -> list[dict]:
    data = path.read_bytes()
    if path.suffix == ".jsonl":
        return [orjson.loads(line) for line in data.splitlines() if line.strip()]
    return [orjson.loads(data)]


def _read_one(text: str):
    records = list(read_text(text.split("\n")))
    assert len(records) == 1
    return records[0]


RECORD_FILES = sorted(p for p in (FIXTURES / "records").rglob("*.json*"))


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_every_fixture_record_goes_to_text_and_back_byte_for_byte(path):
    for record in _records(path):
        text = write_text(record)
        back = _read_one(text)
        assert back.error is None, back.error
        assert orjson.dumps(back.value) == orjson.dumps(record)
        assert write_text(back.value) == text  # the canonical text is stable


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_convert_round_trip_on_the_command_line(path):
    to_text = cli("convert", str(path), "--to", "text")
    assert to_text.returncode == 0, to_text.stderr
    back = cli("convert", "-", "--to", "json", stdin=to_text.stdout)
    assert back.returncode == 0, back.stderr
    assert back.stdout == b"".join(orjson.dumps(r) + b"\n" for r in _records(path))
    again = cli("convert", "-", "--to", "text", stdin=back.stdout)
    assert again.stdout == to_text.stdout


@pytest.mark.parametrize("path", sorted((FIXTURES / "records" / "mutated").glob("*.jsonl")), ids=lambda p: p.name)
def test_the_referee_finds_the_same_in_both_forms(path, tmp_path):
    text = tmp_path / (path.stem + ".cas")
    text.write_bytes(cli("convert", str(path), "--to", "text").stdout)
    as_json = cli("validate", str(path), "--format", "json")
    as_text = cli("validate", str(text), "--format", "json")
    assert as_json.returncode == as_text.returncode == 1

    def what(out: bytes) -> list[tuple]:
        return [(f["hand"], f["move"], f["seat"], f["rule"], f["message"]) for f in map(orjson.loads, out.splitlines())]

    assert what(as_text.stdout) == what(as_json.stdout)
    located = [orjson.loads(line) for line in as_text.stdout.splitlines()]
    assert all("column" in f for f in located if f["move"] is not None)


GOLDEN = sorted(TEXT.glob("*.cas"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_text_fixtures_read_as_their_json_twins(path):
    twin = path.with_suffix(".json")
    record = _read_one(path.read_text(encoding="utf-8"))
    assert record.error is None
    assert orjson.dumps(record.value) + b"\n" == twin.read_bytes()
    canonical = write_text(orjson.loads(twin.read_bytes()))
    if not path.stem.startswith("lenient"):  # the others are canonical: the twin writes back to them
        assert canonical == path.read_text(encoding="utf-8")
    assert _read_one(canonical).value == record.value


def test_the_whole_games_are_valid_in_both_forms():
    """club-night as the canonical text writes it; lenient-club-table as a club secretary
    writes a partnership game (lower case, 10 for T, names with spaces and accents unquoted)."""
    for name in ("club-night.cas", "club-night.json", "lenient-club-table.cas", "lenient-club-table.json"):
        out = cli("validate", str(TEXT / name))
        assert out.returncode == 0, out.stderr
        assert "1 valid" in out.stderr


# ---------------------------------------------------------------- reading by hand


def test_a_game_written_by_hand_reads_leniently():
    text = "\n".join(
        [
            "[rules classic 2 sweeps=true]",
            "[Players Ana Ben]",
            "[Event Club night]",
            "[_count 3]",
            "",
            "hand 1 DEALER ben table 7D 2C 9S KH",
            "1.ana: 3H ben: 4S+3H=7 {hm}",
            '"Ana: 10s"',
            "score 5-6",
            '_why {"a": [1]}',
            "Result scores 5 6 winner null",
        ]
    )
    record = _read_one(text)
    assert record.error is None, record.error
    assert record.value == {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2, "sweeps": True},
        "players": ["Ana", "Ben"],
        "hands": [
            {
                "dealer": 1,
                "table": ["7D", "2C", "9S", "KH"],
                "moves": ["ana: 3H", {"move": "ben: 4S+3H=7", "comment": "hm"}, "Ana: 10s"],
                "score": [5, 6],
                "_why": {"a": [1]},
            }
        ],
        "result": {"scores": [5, 6], "winner": None},
        "_event": "Club night",
        "_count": 3,
    }
    assert record.locate("$.hands[0].moves[1]") == (7, 11)
    assert record.locate("$.hands[0].table[2]") == (6, 31)
    assert record.locate("$.rules.sweeps") == (1, 18)


def test_values_written_as_people_do_are_read():
    """``Score 09 2``, ``all True``, ``winner NULL``: any case, leading zeros."""
    lines = ["[Rules classic 2]", "Hand 1 dealer 1", "1. 3H", "Score 09 2", "Shown after 1 seat 1 cards 4S all True"]
    (record,) = read_text([*lines, "Result scores 9 02 winner NULL"])
    hand = record.value["hands"][0]
    assert hand["score"] == [9, 2] and hand["shown"][0]["all"] is True
    assert record.value["result"] == {"scores": [9, 2], "winner": None}


@pytest.mark.parametrize("zeros", [1, 7, 8, 9, 30])
def test_a_number_is_read_past_any_leading_zeros(zeros):
    """docs/notation.md: numbers with leading zeros are read, however many ('0000000009' was
    'expected a whole number'); the number itself is bounded as any is, to 64 bits."""
    lines = ["[Rules classic 2]", "Hand 1 dealer 1", "1. 3H"]
    (record,) = read_text([*lines, f"Score {'0' * zeros}9 {'0' * zeros}"])
    assert record.value["hands"][0]["score"] == [9, 0]
    (too_big,) = read_text([*lines, f"Score {'0' * zeros}{'9' * 20} 0"])
    assert str(too_big.error).startswith(f"expected a whole number, not '{'0' * zeros}9999")


@pytest.mark.parametrize(
    "shown",
    [
        "Shown after 1 seat 1 cards 4S 9D all",
        "Shown all after 1 seat 1 cards 4S 9D",
        "Shown after 1 all seat 1 cards 4S 9D",
    ],
)
def test_all_alone_on_a_shown_line_is_all_true(shown):
    """``… cards 4S 9D all`` was refused ('expected a value after all'): a secretary writes
    ``all`` for the whole hand, so it reads as ``all true`` wherever it stands."""
    (record,) = read_text(["[Rules classic 2]", "Hand 1 dealer 1", "1. 3H", shown])
    assert record.error is None, record.error
    assert record.value["hands"][0]["shown"] == [{"after": 1, "seat": 1, "cards": ["4S", "9D"], "all": True}]


@pytest.mark.parametrize(
    "hand_line, score_line",
    [
        ("Hand 1: dealer: Ben table: 7D 2C 9S KH", "Score: 5 6"),
        ("Hand 1: dealer: Ben, table: 7D, 2C, 9S, KH", "Score: 5, 6"),  # a list's commas too
        ('Hand 1 dealer "Ben" , table 7D ,2C, 9S, KH,', "Score 5 , 6"),
        ("Hand 1 dealer Ben table 7D 2C 9S KH", "Score 5 - 6"),  # 5-6 with spaces ('not -')
        ("Hand 1 dealer Ben table 7D 2C 9S KH", "Score: 5 – 6"),
    ],
)
def test_keywords_written_with_colons_are_read_as_the_keywords(hand_line, score_line):
    """``Hand 1: dealer: Ben table: …``, ``Score: 5 6``, ``Moves: Ana: 3H``: colons people
    add, and the commas of a list (``dealer: Ben, table: 7D, 2C, …``)."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", hand_line, "Moves: Ana: 3H"]
    (record,) = read_text([*lines, score_line])
    assert record.error is None, record.error
    hand = record.value["hands"][0]
    assert (hand["dealer"], hand["table"], hand["moves"], hand["score"]) == (
        1,
        ["7D", "2C", "9S", "KH"],
        ["Ana: 3H"],
        [5, 6],
    )


@pytest.mark.parametrize(
    "tag",
    ["[Players Ana, Ben]", "[Players Ana , Ben]", '[Players "Ana", Ben,]', "[Players Ana,Ben]", "[Players Ana ,Ben]"],
)
def test_players_listed_with_commas_are_the_players(tag):
    (record,) = read_text(["[Rules classic 2]", tag])
    assert record.error is None and record.value["players"] == ["Ana", "Ben"]
    named = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "players": ["Ana,", "B,C"]}
    (back,) = read_text(write_text({**named, "hands": []}).splitlines())
    assert back.value["players"] == ["Ana,", "B,C"]  # a name with a comma is written quoted


def test_players_listed_with_commas_may_have_spaces_in_their_names():
    """``José, Ana María, Zoë`` lists three players (it was four, Ana and María apart)."""
    (record,) = read_text(["[Rules classic 4]", '[Players: José, Ana María, Zoë ,"Dan"]'])
    assert record.error is None and record.value["players"] == ["José", "Ana María", "Zoë", "Dan"]
    assert [record.locate(f"$.players[{seat}]") for seat in range(4)] == [(2, 11), (2, 17), (2, 28), (2, 33)]


@pytest.mark.parametrize("name", ["Score", "table", "Moves", "Shown", "Dealer", "Hand", "Result"])
def test_a_player_named_like_a_keyword_keeps_their_moves_lines(name):
    lines = ["[Rules classic 2]", f"[Players Ana {name}]", "Hand 1 dealer 1 table AC 2D 5C KD", "Ana: 8CxAC+2D+5C"]
    (record,) = read_text([*lines, f"{name}: 4C"])
    assert record.error is None and record.value["hands"][0]["moves"] == ["Ana: 8CxAC+2D+5C", f"{name}: 4C"]


def test_a_player_written_apart_from_its_colon_is_read_as_the_player():
    """``Ana : 3h`` and ``"Ana Maria": 3H``, as people write them, are the player's moves."""
    lines = [
        "[Rules classic 2]",
        '[Players "Ana Maria" Ben]',
        "Hand 1 dealer Ben",
        '1. "Ana Maria": 3H 2. Ben : 4s',
        "Ben :5D",
    ]
    (record,) = read_text(lines)
    assert record.error is None and record.value["hands"][0]["moves"] == ["Ana Maria: 3H", "Ben: 4s", "Ben: 5D"]
    (record,) = read_text(["[Rules classic 2]", "[Players Ana Xavier]", "Hand 1", "Ana : 8CxAC+2D+5C Xavier : 4C"])
    assert record.error is None and record.value["hands"][0]["moves"] == ["Ana: 8CxAC+2D+5C", "Xavier: 4C"]


def test_a_name_with_a_space_written_without_quotes_is_the_player():
    """``Ana Maria: 3H``, ``dealer Ana Maria``, ``seat ana maria``, ``winner Ana Maria``: the
    words of a player's name with a space, unquoted as a secretary writes them (the move was
    read as a move 'Ana' and a move of a player 'Maria', the dealer as 'expected one value')."""
    lines = [
        "[Rules classic 4 partnerships=true]",
        '[Players "Ana Maria" Ben "José  Luis" Dan]',
        "Hand 1 dealer Ana Maria table 3C 4D 5H JC",
        "1. Ben: 8Hx3C+5H 2. José  Luis : AS 3. Dan: 3S 4. Ana Maria: 5S",
        "ana maria: 6S",
        "Shown after 2 seat ANA MARIA cards 6S",
        "Result winner josé  luis",
    ]
    (record,) = read_text(lines)
    assert record.error is None, record.error
    hand = record.value["hands"][0]
    assert hand["dealer"] == 0 and hand["shown"] == [{"after": 2, "seat": 0, "cards": ["6S"]}]
    assert hand["moves"] == ["Ben: 8Hx3C+5H", "José  Luis: AS", "Dan: 3S", "Ana Maria: 5S", "ana maria: 6S"]
    assert record.value["result"] == {"winner": 0}  # José Luis's side
    assert record.locate("$.hands[0].moves[4]") == (5, 1)
    (back,) = read_text(write_text(record.value).splitlines())
    assert back.value == record.value
    (other,) = read_text(["[Rules classic 2]", '[Players "Ana Luisa" Ben]', "Hand 1", "1. Ana Maria: 3H"])
    assert other.error is None and other.value["hands"][0]["moves"] == ["Ana", "Maria: 3H"]  # not a player
    record = {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2},
        "players": ["Ana 2. b", "Ben"],
    }
    record["hands"] = [{"moves": ["Ana", "b: 3H"]}]  # written '1. Ana 2. b: 3H': two moves, not Ana 2. b's
    assert _read_one(write_text(record)).value == record


def test_curly_quotes_and_no_break_spaces_read_as_a_word_processor_means_them():
    """A record typed on a phone or in a word processor: “Ana Maria” and „Ana Maria“ are
    quoted names, and a no-break space (French typing puts one before a colon) is a space."""
    lines = [
        "[Rules classic 2]",
        "[Players „Ana Maria“ Ben]",
        "[Event “Club night”]",
        "Hand 1 dealer\u00a0Ben",
        "1.\u00a0“Ana Maria”: 3H\u202f2. Ben\u00a0: 4s",
    ]
    (record,) = read_text(lines)
    assert record.error is None, record.error
    assert record.value["players"] == ["Ana Maria", "Ben"] and record.value["_event"] == "Club night"
    assert record.value["hands"][0] == {"dealer": 1, "moves": ["Ana Maria: 3H", "Ben: 4s"]}
    (record,) = read_text(["[Rules classic 2]", "[Players “Ana Maria Ben]"])
    assert record.error is not None and (record.error.line, record.error.column) == (2, 10)
    assert str(record.error) == "unterminated quoted text: expected a closing ” on the same line"


def test_no_break_spaces_and_curly_quotes_in_every_kind_of_line():
    """A no-break space ends a hand's own data key and may indent a line; a first line
    written with one is still casino text; a user value in curly quotes is its text, and
    one that only starts and ends with them (“a” and “b”) is kept as written."""
    nbsp = "\u00a0"
    lines = ["[Rules classic 2]", "[Note “a” and “b”]", "[Seed 7]", "Hand 1", f"_note{nbsp}hi", f"{nbsp}_x “quoted”"]
    (record,) = read_text(lines)
    assert record.error is None, record.error
    assert record.value["hands"] == [{"_note": "hi", "_x": "quoted"}] and record.value["_note"] == "“a” and “b”"
    assert looks_like_text(f"[Rules{nbsp}classic 2]") and looks_like_text(f"Hand{nbsp}1")


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="a “”„", max_size=6), st.sampled_from(["“”", "„“", "„”"]))
def test_a_value_wholly_in_curly_quotes_is_the_text_between_them(between, quotes):
    """A tag's or a _name line's value in curly quotes is the text between them; one that
    holds its closing quote between them (“a” and “b”) is not one quoted text: as written."""
    written = quotes[0] + between + quotes[1]
    closing = "”" if quotes[0] == "“" else "“”"
    expected = written if any(c in closing for c in between) else between
    (record,) = read_text(["[Rules classic 2]", f"[Event {written}]", "Hand 1", f"_note {written}"])
    assert (record.value["_event"], record.value["hands"][0]["_note"]) == (expected, expected)


@pytest.mark.parametrize("name", ["Ana\u2028Maria", "Ana\x85Maria"])
def test_a_whole_text_reads_as_its_file_does_a_name_with_a_line_separator_too(name, tmp_path):
    """read_text of a whole text ends its lines where a file's end: at \\n only, not at the
    separators str.splitlines also ends a line at (the name was cut: 'expected ]')."""
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "players": [name, "Ben"]}
    record["hands"] = [{"moves": ["3H"]}]
    text = write_text(record)
    saved = tmp_path / "game.cas"
    saved.write_text(text, encoding="utf-8")
    with saved.open(encoding="utf-8") as lines:
        (from_file,) = read_text(lines)
    (whole,) = read_text(text)
    assert whole.error is None and whole.value == from_file.value == record, text


@pytest.mark.parametrize("name", ["“Ana”", "„Ana“", "Ana\u00a0Maria", "Ana\u2009Maria"])
def test_a_name_with_a_curly_quote_or_an_odd_space_is_written_quoted_and_reads_back(name):
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "players": [name, "Ben"]}
    record["hands"] = [{"moves": [f"{name}: 3H"]}]
    text = write_text(record)
    (back,) = read_text(text.splitlines())
    assert back.error is None and back.value == record, text


@pytest.mark.parametrize(
    "move",
    ["4S+", "4S=", "2Cx", ":8H", "Ben: 4S+", "12", "3)", "ana", "Ben: Ana", "BEN", "(3H)", "Ben: #3", "//", ";"]
    + ["takes", "Ben: Trails", "Score", "shown"],
)
def test_a_move_a_reader_would_take_to_go_on_is_written_quoted_and_reads_back(move):
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "players": ["Ana", "Ben"]}
    record["hands"] = [{"moves": [move, "3H"]}]
    (back,) = read_text(write_text(record).splitlines())
    assert back.error is None and back.value == record


@pytest.mark.parametrize(
    "lines, line, column, words",
    [
        (["[Rules classic 2]", "Hand 2"], 2, 6, "expected the hand's number 1"),
        (["[Rules classic 2]", "Hand 1 dealer 0 table 5D 9C 3H KS", "1. 5H 3. 6H"], 3, 7, "expected move number 2"),
        (["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Bob"], 3, 15, "'Bob'"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "1. 5H {no end"], 3, 7, "unterminated comment"),
        (["[Rules classic 2]", "Hand 1 dealer 0", '1. "5H'], 3, 4, "unterminated quoted text"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "1. „Ana: 5H"], 3, 4, "expected a closing ” on the same line"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "1. 5H {\\uD800}"], 3, 8, "a comment cannot hold a lone surrogate"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "1. 5H {a\\udfff}"], 3, 9, "a comment cannot hold a lone surrogate"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "_", "1. 5H"], 3, 2, "expected an inline JSON object after '_'"),
        (
            ["[Rules classic 2]", "Hand 1 dealer 0", "_ <[1]>", "1. 5H"],
            3,
            2,
            "expected an inline JSON object after '_'",
        ),
        (["[Rules classic 2]", "Hand 1 dealer 0", '_ <{"_a": 1}> 5', "1. 5H"], 3, 2, "expected an inline JSON object"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "1. <{1>"], 3, 4, "inline JSON"),
        (["[Rules classic 2]", "Hand 1 dealer 0", "{early} 5H"], 3, 1, "follows the move"),
        (
            ["[Rules classic 2]", "Hand 1 dealer 0", "1. Ana:"],
            3,
            8,
            "expected a move after the player 'Ana:' on the same line",
        ),
        (["[Rules classic 2", "Hand 1"], 1, 17, "expected ']'"),
        (["[Rules classic 2]", "[Rules royal 2]x"], 2, 17, "expected ']'"),
        (["[Rules classic 2]", "5H 6H"], 2, 1, "expected a Hand line"),
        (["[Rules classic 2]", "[Hands 1]"], 2, 2, "Hands is not a tag: write Hand lines after the header"),
        (["[Rules classic 2]", "Hand 1", "Score 5 six"], 3, 9, "whole number"),
        (["[Rules classic 2]", "Hand 1", "1. 5H [6H]"], 3, 7, "unexpected '['"),
        (
            ["[Rules classic 2]", "Hand 1", "1. 3H 2. Ben: 4S + 3H=7"],
            3,
            15,
            "without spaces: '4S+3H=7', not '4S + 3H=7'",
        ),
        (["[Rules classic 2]", "Hand 1", "3H 8H x 3C 5D"], 3, 4, "without spaces: '8Hx3C', not '8H x 3C'"),
        (["[Rules classic 2]", "Hand 1", "3H 8H x3C 5D"], 3, 4, "without spaces: '8Hx3C', not '8H x3C'"),
        # a comment after the spaced move that starts with a colon, {:-)}, is no next move's player
        (["[Rules classic 2]", "Hand 1", "3H 4S +3H=7 {:-) no seven}"], 3, 4, "'4S+3H=7', not '4S +3H=7'"),
        (["[Rules classic 2]", "Hand 1", "3H 2C+ 4H=6"], 3, 4, "'2C+4H=6', not '2C+ 4H=6'"),
        # a variant written with a space read as a variant 'american' and 2 players 'royal', refused at the 4 as an option
        (["[Rules american royal 4]", "Hand 1"], 1, 17, "the variant is one word: american-royal"),
        (["[Rules classic two]", "Hand 1"], 1, 16, "expected the number of players after the variant, not 'two'"),
        # a line of pairs said only 'expected scores or winner' (or 'dealer, table or deck'): not what it found, nor how
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Result: Ana wins"],
            4,
            9,
            "not 'Ana', as in Result scores",
        ),
        (["[Rules classic 2]", "Hand 1 - dealer 1"], 2, 8, "dealer, table or deck, not '-', as in Hand 2 dealer Ben"),
        (["[Rules classic 2]", "Hand 1", "Shown Ben after 2"], 3, 7, "not 'Ben', as in Shown after 2 seat Ben cards"),
        (
            ["[Rules classic 2]", "Hand 1", "Result"],
            3,
            7,
            "expected scores or winner after Result, as in Result scores",
        ),
        # a move said in words read its card as a trail ('KS takes KH': trail KS, then moves 'takes' and 'KH')
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "1. Ana: KS takes KH"],
            4,
            12,
            "'takes' is not a move: a capture",
        ),
        (["[Rules classic 2]", "Hand 1", "1. 3H 2. builds 9 with 4S 5C"], 3, 10, "'builds' is not a move: a build is"),
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Ana: trails 3H"],
            4,
            6,
            "'trails' is not a move: a trail",
        ),
        # moves written on the Hand line, a Score after the moves on theirs: '1.' read as a card, 'Score' as a move
        (
            ["[Rules classic 2]", "Hand 1 dealer 1 table 3C 4S 8S KC 1. TH"],
            2,
            35,
            "'1.' is a move's number, not a card",
        ),
        (["[Rules classic 2]", "Hand 1", "1. 3H 2. 4S Score 0 0"], 3, 13, "'Score' is not a move: Score starts a line"),
        # the score written with the players' names, as a score sheet has them
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Score: Ana 7, Ben 4"],
            4,
            8,
            "not 'Ana': a number per side in seat order (side order with partners), without names, e.g. 5 6",
        ),
        # a card's rank and suit apart read as two moves, and a move number after them as rounds of the table
        (["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "1. Ana: 10 H 2. Ben: KH"], 4, 9, "'10H', not '10 H'"),
        (["[Rules classic 2]", "Hand 1", "3H K ♥"], 3, 4, "a move is written without spaces: 'K♥', not 'K ♥'"),
        (["[Rules classic 2]", "Hand 1", "1. : 4S"], 3, 4, "a player's name before ':'"),
        (["[Rules classic 2]", "Hand 1", '1. 3H 2. <{"move": 4S}>'], 3, 21, "JSON value: unexpected character"),
        (["[Rules classic 2]", "[Event <oops>]"], 2, 9, "expected a JSON value: unexpected character"),
        # inline JSON naming a key twice is refused at the second, as a JSON document is (it was read as the last)
        (["[Rules classic 2]", "Hand 1", '1. <{"move": "3H", "move": "4S"}>'], 3, 28, "the key 'move' appears twice"),
        (["[Rules classic 2]", '[Event <{"a": 1, "a": 2}>]'], 2, 23, "the key 'a' appears twice"),
        (["[Rules classic 2]", "Hand 1", '_note {"a": {"b": 1, "b": 2}}'], 3, 27, "the key 'b' appears twice"),
        (["[Rules classic 2]", "Hand 1", '_ <{"_k": 1, "_k": 2}>'], 3, 20, "the key '_k' appears twice"),
        (["[Players Ana Ben]", "Hand 1"], 1, 1, "the record has no [Rules …] tag, e.g. [Rules classic 2]"),
        (["[Rules classic 2]", "Hand 1", "1. 3H", "[Note late]"], 4, 1, "a tag line after a hand starts a new record"),
        (["[Rules classic 2]", "Hand 1", "1. Ana: : 4S"], 3, 9, "not a second ':'"),
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "1. Ana 3H 2. Ben: 4S+3H=7"],
            4,
            4,
            "'Ana' is a player's name, not a move: write Ana: before the move it plays",
        ),
        (["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Ana: 3H BEN 4S+3H=7"], 4, 9, "'BEN' is a player's name"),
        (
            ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Result winner Cy"],
            4,
            15,
            "expected a side number, a player's name or null, not 'Cy' (players: Ana, Ben)",
        ),
        (["[Rules classic 2]", "Hand 1", "Result winner Cy"], 3, 15, "not 'Cy' (no Players tag names them)"),
        (
            [
                "[Rules classic 2]",
                "[Players Ana Ben]",
                "Hand 1",
                "Shown after 2 Ben 7C",
            ],  # it said 'expected one value here'
            4,
            15,
            "expected one value after 'after', not 3: is a keyword missing before 'Ben', or a value with spaces not quoted?",
        ),
        (["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ana Maria"], 3, 19, "missing before 'Maria'"),
        (["[Rules classic 2]", "Hand 1", "1 3H 2 4S+3H=7"], 3, 1, "'1' is not a move: a move's number ends with a dot"),
        (
            ["[Rules classic 2]", "Hand 1", "1. 3H 2) 4S"],
            3,
            7,
            "'2)' is not a move: a move's number ends with a dot (2. 3H)",
        ),
        (["[Rules classic 2]", "Hand 1 table 7D 2C 9S KH {photo}"], 2, 26, "a Hand line takes no {comment}"),
        (["[Rules classic 2]", "Hand 1", "1. 3H", "Score 5 6 {disputed}"], 4, 11, "a Score line takes no {comment}"),
        (["[Rules classic 2]", "Hand 1", "Result winner 0 {tie?}"], 3, 17, "a Result line takes no {comment}"),
        (["[Rules classic 2]", "# by the secretary", "Hand 1"], 2, 1, '[Note "by the secretary"]'),
        (["[Rules classic 2]", "{by me}", "Hand 1"], 2, 1, 'goes in a tag: [Note "by me"]'),
        (
            ["[Rules classic 2]", "Hand 1", "1. 3H (Ana opens) 2. 4S"],
            3,
            7,
            "'(Ana' is not a move: a comment is written in braces after its move, {Ana opens}",
        ),
        (["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Ana: 3H Ben: (pairs) 4S"], 4, 14, "{pairs}"),
        (["[Rules classic 2]", "Hand 1", "1. 3H ; Ana opens"], 3, 7, "';' is not a move: a comment is written in"),
        (["[Rules classic 2]", "Hand 1", "Score 8:3"], 3, 7, "not '8:3': a number per side, e.g. 5 6 or 5-6"),
        (["[Rules classic 2]", "Hand 1", "Score 8 -"], 3, 9, "not '-': a number per side"),
        (["[Rules classic 2]", "Hand 1", "Result winner draw"], 3, 15, "a player's name or null, not 'draw'"),
        (["[Rules classic 2]", "Hand 1", "1. 3H 4S", "2. 8S 6D"], 4, 1, "3 here, not 2 (moves are numbered one by one"),
        (["[Rules classic 3]", "Hand 1", "1. 3H 4S 5C 2. 8S"], 3, 13, "4 here, not 2 (moves are numbered one by one"),
        (
            ["[Rules classic 2]", "Hand 1", "1. 3H 2. 4S 2. 8S"],
            3,
            13,
            "3 here, not 2 (is a move missing or written twice?)",
        ),
        # a tag with no value, an option given twice, an option after a list's comma: each at its own place
        (["[Rules classic 2]", "[Event]"], 2, 7, "expected a value"),
        (["[Rules classic 2]", "[Event   ]"], 2, 10, "expected a value"),
        (["[Rules classic 2]", "[Players]"], 2, 9, "expected the players' names, in seat order"),
        (["[Rules classic 2]", "[Players , ,]"], 2, 10, "expected the players' names, in seat order"),
        (["[Rules classic 2 sweeps=true sweeps=false]"], 1, 30, "the option sweeps is given twice"),
        (["[Rules classic,2,partnerships]"], 1, 18, "partnerships=true or partnerships=false"),
    ],
)
def test_errors_name_the_line_and_column_and_what_was_expected(lines, line, column, words):
    record = next(r for r in read_text(lines) if r.error is not None)
    assert isinstance(record.error, TextError)
    assert (record.error.line, record.error.column) == (line, column), record.error.message
    assert words in record.error.message


def test_a_comment_escape_just_outside_the_surrogates_is_its_character():
    """{\\uD7FF} and {\\uE000}, the characters on either side of the surrogates (which a
    comment refuses), are read as those characters."""
    head = ["[Rules classic 2]", "Hand 1 dealer 0"]
    (record,) = read_text([*head, "1. 5H {a\\uD7FF\\ue000}"])
    assert record.error is None and record.value["hands"][0]["moves"] == [{"move": "5H", "comment": "a\ud7ff\ue000"}]


def test_an_unknown_escape_in_a_comment_is_told_every_escape_the_grammar_has():
    """{a \\q} was told 'expected \\\\, \\}, \\n, \\t, \\r or \\uXXXX', leaving out \\{, which the
    grammar of docs/notation.md lists and the reader takes."""
    grammar = next(
        line for line in (ROOT / "docs" / "notation.md").read_text(encoding="utf-8").splitlines() if "escapes:" in line
    )
    escapes = grammar.partition("escapes:")[2].split()
    head = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH"]
    refused = next(read_text([*head, "1. 3H {a \\q}"])).error
    assert isinstance(refused, TextError) and len(escapes) >= 7
    told = str(refused).partition("expected ")[2].rstrip(")").replace(" or ", ", ").split(", ")
    assert sorted(told) == sorted(escapes)
    for escape in escapes:  # each one told is read
        assert next(read_text([*head, f"1. 3H {{{escape.replace('XXXX', '00e9')}}}"])).error is None


@pytest.mark.parametrize("players", ["2p", "2P"])
def test_the_number_of_players_reads_as_the_commands_write_a_rule_set(players):
    """'[Rules classic 2p]', as score, deal and replay head their views ('classic 2p'), was
    refused as '$.rules.players: expected a whole number, found a string'; it is 2 players."""
    (record,) = read_text([f"[Rules classic {players}]", "Hand 1 dealer 1 table 3C 4S 8S KC"])
    assert record.error is None and record.value["rules"] == {"variant": "classic", "players": 2}


@pytest.mark.parametrize("rules", ["classic, 2", "classic,2, sweeps=false", "classic , 2 ,sweeps=false,"])
def test_the_rules_read_as_a_list_with_commas(rules):
    """'[Rules classic, 2]' was refused as "unknown variant 'classic,'"; its commas are a
    list's, as on a Hand or Score line."""
    (record,) = read_text([f"[Rules {rules}]", "Hand 1 dealer 1 table 3C 4S 8S KC"])
    assert record.error is None and record.value["rules"]["variant"] == "classic"
    assert record.value["rules"]["players"] == 2 and record.value["rules"].get("sweeps", False) is False


def test_a_rule_of_your_own_with_a_comma_is_written_quoted():
    """With commas read as a list's in [Rules …], '_club=Thu,rsday' would read back as two
    words; a key or value with a comma is quoted so it reads back the same."""
    for extra in ({"_club": "Thu,rsday", "_x": "a,"}, {"_a,b": 1}):
        doc = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2, **extra}, "hands": []}
        (back,) = read_text(write_text(doc).splitlines())
        assert back.error is None and back.value == doc


@pytest.mark.parametrize(
    "line, shown",
    [
        ("Ana holds TH 2H 9C JH", "Shown after 2 seat Ana cards TH 2H 9C JH all"),
        ("ben: showed 9c, jh", "Shown after 2 seat ben cards 9C JH all"),
        ("Ana has nothing", "Shown after 2 seat Ana cards CARD… all"),
    ],
)
def test_a_hand_written_as_a_sentence_is_told_of_the_shown_line(line, shown):
    """'Ana holds TH 2H 9C JH' was refused as "'Ana' is a player's name, not a move", never
    pointing at the Shown line, which writes what a seat held; it is written out."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H 2. 4S", line]
    (record,) = read_text(lines)
    said = " ".join(line.split()[:2]).replace(":", "")
    assert str(record.error) == (
        f"{said!r} is not a move: what a seat held is written on a line of its own, {shown} (all: no others)"
    )
    assert (record.error.line, record.error.column) == (5, 1)


def test_a_hand_written_as_a_sentence_in_a_later_hand_counts_that_hands_moves():
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben", "1. 3H 2. 4S", "Hand 2 dealer Ana", "1. 5H"]
    (record,) = read_text([*lines, "Ana holds TH"])
    assert "Shown after 1 seat Ana cards TH all" in str(record.error) and record.error.line == 7


def test_write_text_names_a_hand_that_is_no_object():
    """write_text (the API's) checks each hand before writing it, as the record's reader does."""
    with pytest.raises(NotationError, match=r"^\$\.hands\[1\]: expected an object$"):
        write_text({"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "hands": [{}, 5]})


@pytest.mark.parametrize(
    "line, missing, whole",
    [
        ("Shown seat Ana cards 9C JH all", "after", "Shown after 2 seat Ana cards 9C JH all"),
        ("Shown seat 1 cards 9c", "after", "Shown after 2 seat Ben cards 9c"),
        ("Shown after 1 cards 9C JH all", "seat", "Shown after 1 seat NAME cards 9C JH all"),
        ("Shown after 1 seat Ana", "cards", "Shown after 1 seat Ana cards CARD…"),
    ],
)
def test_a_shown_line_short_of_a_key_is_written_whole(line, missing, whole):
    """'Shown seat Ana cards 9C JH all' was refused as "$.hands[0].shown[0]: missing key
    'after'", JSON's words; the line is written whole, after the moves written so far."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H 2. 4S", line]
    (record,) = read_text(lines)
    why = " (after: the number of moves played before the cards were shown)" if missing == "after" else ""
    assert str(record.error) == f"a Shown line gives after, seat and cards; this one has no {missing}: {whole}{why}"
    assert (record.error.line, record.error.column) == (5, 1)


@pytest.mark.parametrize("moves, mark, column", [("3. ??", "??", 4), ("3. Ana: XX", "XX", 9), ("?", "?", 1)])
def test_a_mark_for_a_move_not_known_is_told_the_record_stops(moves, mark, column):
    """'3. XX', a scorer's mark for a move not seen, said "the card played goes before the
    'x'", and '??' "'??' is not a card"; both say that such a move cannot be written."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H 2. 4S", moves]
    (record,) = read_text(lines)
    assert str(record.error) == (
        f"{mark!r} is not a move: a move whose card is not known cannot be written; the record stops"
        " before it (a hand may be written part-way), and cards seen later go on a Shown line"
    )
    assert (record.error.line, record.error.column) == (5, column)


def test_a_remark_in_brackets_is_told_how_a_comment_is_written():
    """'2. KH [Ben thinks long]' said "unexpected '[' (quote a text that holds it)"; on a
    line of its own it started a record and the next move said only "expected a Hand line
    … or a tag". Each now says how a comment is written, the second which tag began a record."""
    head = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH"]
    (record,) = read_text([*head, "1. 3H 2. 4S [Ben thinks long]"])
    assert str(record.error) == "unexpected '[': a comment is written in braces after its move, {Ben thinks long}"
    assert (record.error.line, record.error.column) == (4, 13)
    first, second = read_text([*head, "1. 3H 2. 4S", "[Ben thinks long]", "3. 8S"])
    assert first.error is None and (second.error.line, second.error.column) == (6, 1)
    assert str(second.error).endswith(
        "or a tag: the tag on line 5, after a hand, started a new record; a note goes in a {comment}"
        " after a move, or on a '_note' line in the hand"
    )


@pytest.mark.parametrize(
    "line, column, words",
    [
        ("Shown after move 2 seat Ana cards 9C", 13, ": after 2, not after move 2"),
        ("Shown after Ana seat 2 cards 9C", 13, ", not a player: a player is named by seat (seat Ana)"),
    ],
)
def test_a_shown_after_said_in_words_is_told_how_it_is_written(line, column, words):
    """'Shown after move 2 …' said "expected one value after 'after', not 2: is a keyword
    missing before '2'", and 'Shown after Ana seat 2 …' "$.hands[0].shown[0].after: expected
    a whole number, found a string"; each says what after takes."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H 2. 4S", line]
    (record,) = read_text(lines)
    assert str(record.error) == f"after takes the number of moves played before the cards were shown{words}"
    assert (record.error.line, record.error.column) == (5, column)
    lines = ["[Rules classic 2]", "[Players 2 Ben]", "Hand 1 dealer Ben", "1. 3H", "Shown after 2 seat Ben cards 9C"]
    (named,) = read_text(lines)  # a player named 2: after 2 is the number
    assert named.error is None and named.value["hands"][0]["shown"] == [{"after": 2, "seat": 1, "cards": ["9C"]}]


def test_a_move_that_says_a_hand_is_held_is_written_quoted():
    """A JSON move 'Ana: holds', 'holds' or '??' is quoted in casino text, so it reads back as written."""
    moves = ["Ana: holds", "Ana", "holds", {"move": "Ben: shows", "comment": "x"}, "??", "Ben: XX", "x"]
    doc = {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2},
        "players": ["Ana", "Ben"],
        "hands": [{"dealer": 1, "table": ["7D", "2C", "9S", "KH"], "moves": moves}],
    }
    (back,) = read_text(write_text(doc).splitlines())
    assert back.error is None and back.value == doc


@pytest.mark.parametrize(
    "line, keyword",
    [("Shwon after 2 seat Ben cards 6D", "Shown"), ("Socre: 5 6", "Score"), ("Reslut winner Ana", "Result")],
)
def test_a_misspelt_keyword_is_named_not_read_as_moves(line, keyword):
    """'Shwon after 2 seat Ben cards 6D' was refused at '2' ('a move's number ends with a
    dot'), 'Socre: 5 6' at '6': the line's first word is the mistake, and the keyword is named."""
    lines = ["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H", line]
    with pytest.raises(TextError) as refused:
        for record in read_text(lines):
            if record.error is not None:
                raise record.error
    assert str(refused.value) == f"{line.split()[0]!r} is not a move: is it {keyword}?"
    assert (refused.value.line, refused.value.column) == (5, 1)


@pytest.mark.parametrize(
    "hand, moves, slip, meant",
    [
        ("Hand 1 dealer Dam", "1. Ana: 3H", "'Dam'", ": is it Dan?"),
        ("Hand 1 dealer Dan", "1. Ana: 3H 2. Bne: 4C", "'Bne'", ": is it Ben?"),
        ("Hand 1 dealer Dan", "1. Ana: 3H 2. 4C\nShown after 1 seat Benn cards 6D", "'Benn'", ": is it Ben?"),
        ("Hand 1 dealer Dan", "1. Ana: 3H 2. Dna: 4C", "'Dna'", ": is it Ana or Dan?"),  # as close to both
        ("Hand 1 dealer Dan", "1. Ana: 3H 2. Xavier: 4C", "'Xavier'", ""),
    ],
)
def test_a_misspelt_player_name_is_named(tmp_path, hand, moves, slip, meant):
    """A misspelt name was refused with the players listed but not the one meant; it is asked
    after ('is it Ben?') when one name is closest, or two as close ('is it Ana or Dan?'), and
    not when none is."""
    path = tmp_path / "slip.cas"
    path.write_text(f"[Rules classic 4]\n[Players Ana Ben Carla Dan]\n{hand} table 7D 2C 9S KH\n{moves}\n")
    message = cli("validate", str(path), "-f", "text").stdout.decode()
    assert f"{slip} " in message
    assert message.split(f"{slip} ")[1].split("\n")[0].endswith(f"Dan){meant} (notation)")


@pytest.mark.parametrize(
    "players, meant",
    [
        ("Bea Ben", ": is it Bea or Ben?"),
        ("Bea Ben Bec", ": is it Bea, Ben or Bec?"),
        ("Bea Ben Bec Bed", ""),  # four as close: no question a player would want
        ("Ana Bea Bea", ""),  # the closest names two players: it would name neither
        ("Ana Ana Ben", ": is it Ben?"),  # a shared name elsewhere does not matter
    ],
)
def test_a_slip_as_close_to_several_names_asks_after_them_all_or_none(tmp_path, players, meant):
    """'Be' is as close to Bea as to Ben: both are asked after, never one guessed; at most three."""
    seats = len(players.split())
    path = tmp_path / "slip.cas"
    path.write_text(f"[Rules classic {seats}]\n[Players {players}]\nHand 1 dealer Be table 7D 2C 9S KH\n1. 3H\n")
    message = cli("validate", str(path), "-f", "text").stdout.decode()
    assert message.endswith(f"not 'Be' (players: {players.replace(' ', ', ')}){meant} (notation)\n")


@pytest.mark.parametrize(
    "line, first", [("1. Ana: 8CxAC+5X 2. Ben: 4C", "Ana: 8CxAC+5X"), ("1. 5X 2. 4C", "5X"), ("1. 5x 2.4C", "5x")]
)
def test_a_move_ending_in_a_mistyped_suit_x_is_one_move(line, first):
    """A suit typed X at a move's end (5X) reads as the move it is, and the numbered move after
    it as the next one: it was 'a move is written without spaces: '5X2.', not '5X 2.''."""
    record = _read_one("\n".join(["[Rules classic 2]", "[Players Ana Ben]", "Hand 1 dealer Ben", line]))
    assert record.error is None and record.value["hands"][0]["moves"][0] == first
    assert len(record.value["hands"][0]["moves"]) == 2


def test_a_player_named_like_a_move_still_plays_it_and_a_winner_is_a_side_or_a_name():
    """A word that is a player's name is refused as a move only when it is no move (a player
    named 2C leaves 2C a trail); a Result's winner is a side number, a player's name or null."""
    lines = ["[Rules classic 2]", "[Players 2C Ben]", "Hand 1", "2C Ben: 4S"]
    (record,) = read_text(lines)
    assert record.error is None and record.value["hands"][0]["moves"] == ["2C", "Ben: 4S"]
    for winner, side in (("1", 1), ("ben", 1), ("null", None)):
        (record,) = read_text(["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", f"Result winner {winner}"])
        assert record.error is None and record.value["result"] == {"winner": side}, winner


FOUR = ["[Rules american-royal 4]", "[Players Ana Ben Carla Dan]", "Hand 1"]


@pytest.mark.parametrize(
    "winner, side",
    [("Ana & Carla", 0), ("carla & ana", 0), ('"Dan & Ben"', 1), ("“Ben&Dan”", 1), ('"Carla"', 0), ("“Dan”", 1)],
)
def test_a_winner_is_a_partnership_as_score_names_it_or_a_quoted_name(winner, side):
    """'Result winner Ana & Carla', as score and the board name a partnership, was refused as
    three values (quoted, 'expected a whole number, found a string'), and so was a quoted
    player's name, "Carla"; each reads as its side."""
    (record,) = read_text([*FOUR, f"Result scores 5 6 winner {winner}"])
    assert record.error is None and record.value["result"] == {"scores": [5, 6], "winner": side}


@pytest.mark.parametrize(
    "lines, words",
    [
        ([*FOUR, "Result winner Ana & Ben"], "'Ana & Ben' is not a side: the sides are Ana & Carla and Ben & Dan"),
        (["[Rules classic 3]", "[Players Ana Ben Cy]", "Hand 1", "Result winner Ana & Cy"], "each player is a side"),
        ([*FOUR, 'Result winner "Zed"'], "expected a side number, a player's name or null, not 'Zed' (players: Ana"),
    ],
)
def test_a_winner_naming_no_side_is_refused_with_the_sides(lines, words):
    """Told at the Result line, where the value after 'winner' starts."""
    (record,) = read_text(lines)
    assert isinstance(record.error, TextError) and words in record.error.message, record.error
    assert (record.error.line, record.error.column) == (len(lines), len("Result winner ") + 1)


def test_the_grammar_says_what_a_winner_names():
    """The grammar's Result line took a side that it never defined, so a partnership written
    as score names it, 'winner Ana & Carla', was in the prose alone; its example reads."""
    grammar = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8").splitlines()
    side = next(line for line in grammar if line.split("=")[0].strip() == "side")
    examples = re.findall(r'"([^"]+ & [^"]+)"', side)
    assert examples and "a player's name" in side and "a side number" in side
    for example in examples:
        (record,) = read_text([*FOUR, f"Result winner {example}"])
        assert record.error is None and record.value["result"] == {"winner": 0}, example


def test_a_player_called_with_an_ampersand_is_still_a_winner_by_name():
    (record,) = read_text(["[Rules classic 2]", "[Players Ana Ben]", "Hand 1", "Result winner Ana & Ben"])
    assert isinstance(record.error, TextError) and "each player is a side" in record.error.message
    (record,) = read_text(["[Rules classic 2]", '[Players "Tom & Jerry" Ben]', "Hand 1", "Result winner Tom & Jerry"])
    assert record.error is None and record.value["result"] == {"winner": 0}


@pytest.mark.parametrize(
    "line, where",
    [
        ("[Event 123456789012345678901234567890]", "2:8: $._event"),
        ('_id <{"n": -9223372036854775809}>', "3:1: $.hands[0]._id"),
    ],
)
def test_user_data_with_an_integer_beyond_64_bits_is_refused_not_rounded(tmp_path, line, where):
    """It was kept as a float: convert wrote 1.2345678901234568e+29."""
    path = tmp_path / "big.cas"
    lines = ["[Rules classic 2]", line, "Hand 1"] if line.startswith("[") else ["[Rules classic 2]", "Hand 1", line]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = cli("convert", str(path), "--to", "json")
    assert res.returncode == 65 and f"{path}:{where}: user data holds an integer beyond 64 bits" in res.stderr


def test_an_error_in_one_record_does_not_swallow_the_next():
    text = ["[Rules classic 2]", "Hand 1 dealer 9x", "1. 5H", "", "[Rules royal 2]", "Hand 1 dealer 0", "1. 5H"]
    first, second = read_text(text)
    assert first.error is not None and first.error.line == 2
    assert second.error is None and second.line == 5
    assert second.value["rules"] == {"variant": "royal", "players": 2}


def test_records_without_hands_still_split_at_their_rules_tag():
    first, second = read_text(["[Rules classic 2]", "[Rules royal 2]"])
    assert first.value["hands"] == [] and second.value["rules"]["variant"] == "royal"


def test_an_error_in_a_tag_line_keeps_the_rest_of_its_record_together():
    """The lines after an error are skipped to the next record: the record's other tags (a
    second one after the error split the record in two) and its hands; the next record
    starts at its first tag after them, though the record before has no such tag."""
    lines = ["[Rules classic 2]", "[Event <oops>]", "[Site Club]", "[Round 2]", "Hand 1", "1. 3H"]
    first, second = read_text([*lines, "[Date 2026]", "[Rules royal 2]", "Hand 1", "1. 5H"])
    assert first.error is not None and first.error.line == 2 and second.line == 7
    assert second.error is None and second.value["_date"] == 2026 and second.value["rules"]["variant"] == "royal"


def test_a_tag_of_a_quoted_key_after_a_hand_starts_the_next_record():
    lines = ['["_my key" 1]', "[Rules classic 2]", "Hand 1", "1. 3H", '["_my key" 2]', "[Rules royal 2]", "Hand 1"]
    first, second = read_text(lines)
    assert first.error is None and second.error is None and second.line == 5
    assert (first.value["_my key"], second.value["_my key"]) == (1, 2)


def test_a_record_of_the_most_characters_is_read_and_one_more_is_refused_at_its_line(monkeypatch):
    """MAX_RECORD_CHARS counts the characters of each record's lines, afresh for each record
    (without the line ends; a blank line counts none): a record of exactly that many reads."""
    from casino_cli.notation import text_record

    lines = ["[Rules classic 2]", "", "Hand 1 dealer 1 table AC 2D 5C KD", "1. 8CxAC+2D+5C"]
    monkeypatch.setattr(text_record, "MAX_RECORD_CHARS", sum(map(len, lines)))
    assert [r.error for r in read_text(lines + lines)] == [None, None]
    monkeypatch.setattr(text_record, "MAX_RECORD_CHARS", sum(map(len, lines)) - 1)
    (cut,) = read_text(lines)
    assert cut.error is not None and "the record is longer than" in cut.error.message
    assert (cut.error.line, cut.error.column) == (4, 1)


def test_detection_from_the_first_line():
    assert looks_like_text("[Rules classic 2]")
    assert looks_like_text('\ufeff  [Event "x"]')
    assert looks_like_text("Hand 1 dealer 0")
    assert looks_like_text("[Players: Ana Ben]") and looks_like_text("[rules: classic 2]")  # a tag name's colon
    assert looks_like_text("Hand: 1 dealer: Ben")
    for json_line in ('{"format": "casino.record/1"}', '["a"]', "[true, false]", "[1]", ""):
        assert not looks_like_text(json_line)


def test_a_text_record_whose_first_tag_ends_in_a_colon_is_read_from_stdin_as_text():
    text = b"[Rules: classic 2]\nHand 1 dealer 1 table 7D 2C 9S KH\n3H 4S\n"
    out = cli("validate", "-", "--format", "text", stdin=text)
    assert out.returncode == 0 and "1 valid" in out.stderr, out.stderr


def test_a_text_error_on_the_command_line_names_file_line_column(tmp_path):
    bad = tmp_path / "bad.cas"
    bad.write_text("[Rules classic 2]\n\nHand 1 dealer 1 table 7D 2C 1X KH\n1. 3H\n", encoding="utf-8")
    out = cli("validate", str(bad), "--format", "text")
    assert out.returncode == 65
    assert f"{bad}:3:29: $.hands[0].table[2]: '1X' is not a card" in out.stdout.decode() + out.stderr
    score = cli("score", str(bad))
    assert score.returncode == 65 and f"{bad}:3:29:" in score.stderr


def test_too_many_players_are_refused_with_the_names_read(tmp_path):
    """'[Players Ana & Ben]' was refused as '$.players: 3 names for 2 players', leaving the
    scorer to find the third: the names read are shown, the '&' among them."""
    bad = tmp_path / "bad.cas"
    bad.write_text("[Rules classic 2]\n[Players Ana & Ben]\nHand 1 dealer Ben table 7D 2C 9S KH\n", encoding="utf-8")
    out = cli("validate", str(bad), "--format", "text")
    assert out.returncode == 65
    assert f"{bad}:2:10: $.players: 3 names for 2 players: 'Ana', '&', 'Ben'" in out.stdout.decode()


@pytest.mark.parametrize(
    "lines, where",
    [
        (["Hand 1 dealer 2 table 7D 2C 9S KH"], "3:15: $.hands[0].dealer"),
        (
            ["Hand 1 dealer 1 table 7D 2C 9S KH", "1. 3H", "Shown after 0 seat 2 cards 3H"],
            "5:20: $.hands[0].shown[0].seat",
        ),
    ],
)
def test_a_seat_counted_from_one_is_told_seats_count_from_zero(tmp_path, lines, where):
    """'dealer 2' of two players, as a scorer counting seats from 1 writes Ben, was refused as
    '2 is out of range (0..1)' alone; it now says that seats are counted from 0."""
    bad = tmp_path / "bad.cas"
    bad.write_text("\n".join(["[Rules classic 2]", "[Players Ana Ben]", *lines]) + "\n", encoding="utf-8")
    out = cli("validate", str(bad), "--format", "text")
    assert out.returncode == 65
    assert f"{bad}:{where}: 2 is out of range (0..1): seats are counted from 0" in out.stdout.decode()


@pytest.mark.parametrize(
    "hands, said",
    [
        (
            ["Hand 1 dealer Ben"],
            "3:1: $.hands[0]: the hand gives no deck and no table cards, and the record has no seed",
        ),
        (["Hand 1 dealer Ben table 7D 2C 9S KH", "1. 3H", "Hand 2"], "5:1: $.hands[1]: the hand gives no deck"),
    ],
)
def test_a_hand_with_no_cards_is_told_how_a_hand_at_a_table_is_written(tmp_path, hands, said):
    """A hand played at a table with its table cards left out was refused as 'the hand gives
    no deck and no table cards, and the record has no seed …' and no more; it now says how such
    a hand is written, in JSON and in casino text (the dealer for the first hand only)."""
    bad = tmp_path / "bad.cas"
    bad.write_text("\n".join(["[Rules classic 2]", "[Players Ana Ben]", *hands]) + "\n", encoding="utf-8")
    out = cli("validate", str(bad), "--format", "text")
    assert out.returncode == 65 and f"{bad}:{said}" in out.stdout.decode()
    number = len([h for h in hands if h.startswith("Hand")])
    dealer = " dealer 1" if number == 1 else ""
    assert out.stdout.decode().endswith(f"in casino text, Hand {number}{dealer} table 7D 2C 9S KH) (notation)\n")


@pytest.mark.parametrize("name", ["game.txt", "game.cas", "-"])
def test_a_bom_alone_on_the_first_line_is_not_the_records_first_line(tmp_path, name):
    """Text saved by an editor as a BOM and CRLF before the tags is text, by any name."""
    text = "\ufeff\r\n[Rules classic 2]\r\n[Players Ana Ben]\r\nHand 1 dealer Ben table 7D 2C 9S KH\r\n1. Ana: 3H 2. Ben: 5S\r\n"
    path = tmp_path / name
    path.write_bytes(text.encode())
    out = cli("validate", "-" if name == "-" else str(path), "-f", "text", stdin=text)
    assert out.returncode == 0, out.stdout + out.stderr.encode()


@pytest.mark.parametrize(
    "blank, lines", [("\n", 3), ("\n", 70_000), ("   \r\n", 20_000), ("\t\n", 40_000), (" " * 70_000 + "\n", 1)]
)
def test_the_first_non_blank_line_decides_however_many_blank_lines_come_before_it(blank, lines):
    """Casino text piped after more than 64 KiB of blank lines was read as JSON and refused at
    its tag line: the first non-blank line decides however far down it is, and a finding is
    at its true line, in casino text and in JSON alike."""
    text = (TEXT / "dispute.cas").read_text(encoding="utf-8").replace("4S+3H=7", "4S+3H=8")
    record = orjson.loads(cli("convert", str(TEXT / "dispute.cas"), "-f", "json").stdout)
    record["hands"][0]["moves"][1] = record["hands"][0]["moves"][1].replace("4S+3H=7", "4S+3H=8")
    for body in (text, orjson.dumps(record).decode() + "\n"):
        alone = orjson.loads(cli("validate", "-", "-f", "json", stdin=body).stdout)
        out = cli("validate", "-", "-f", "json", stdin=blank * lines + body)
        assert out.returncode == 1, out.stdout
        found = orjson.loads(out.stdout)
        assert found == {**alone, "line": alone["line"] + lines}


def test_blank_lines_looked_past_are_counted_not_kept():
    """Looking for the first non-blank line keeps at most about twice 64 KiB of what it read,
    however many blank lines come first, and gives every line back, in order."""
    import io

    from casino_cli.cli.text_input import _SNIFF_LIMIT, sniff

    for lines in (10, 10_000, 1_000_000):
        data = b"  \r\n" * lines + b"[Rules classic 2]\n"
        text, rewound = sniff(io.BytesIO(data), "-")
        kept = rewound.head  # type: ignore[attr-defined]
        assert text and sum(len(piece) for piece in kept if isinstance(piece, bytes)) <= 2 * _SNIFF_LIMIT + 18
        given = b"".join(iter(rewound.readline, b""))
        assert given.count(b"\n") == lines + 1 and given.endswith(b"\n[Rules classic 2]\n")
        assert given == data or lines * 4 > _SNIFF_LIMIT  # spaces of lines past the limit are dropped


def test_a_cas_file_holding_json_is_read_as_json(tmp_path):
    path = tmp_path / "game.cas"
    path.write_bytes((TEXT / "dispute.json").read_bytes())
    assert cli("convert", str(path), "--to", "json").stdout == (TEXT / "dispute.json").read_bytes()


def test_convert_reports_an_unreadable_record_and_keeps_the_others(tmp_path):
    path = tmp_path / "two.cas"
    path.write_text(
        "[Rules classic 2]\nHand 1 dealer 7\n\n[Rules royal 2]\nHand 1 dealer 0 table 5D 9C 3H KS\n", encoding="utf-8"
    )
    out = cli("convert", str(path), "--to", "json")
    assert out.returncode == 65
    assert "two.cas:2:15: $.hands[0].dealer: 7 is out of range" in out.stderr
    assert orjson.loads(out.stdout)["rules"]["variant"] == "royal"


# ---------------------------------------------------------------- generated records

_SPECIAL = st.sampled_from(
    list(' \t{}<>[]":=\\_.,-#\n\r\x00\x7f\u2028\ufeff\u00a0\u202f“”„') + ["1.", "Hand", "x:", "aA5D"]
)
_TEXT = st.lists(st.one_of(_SPECIAL, st.characters(exclude_categories=("Cs",))), max_size=8).map("".join)
_CARD = st.sampled_from(["5D", "10s", "♠A", "kh", "TD", " 6C ", "dealer", "1.", "x:"])
_MOVE_TEXT = st.one_of(
    st.sampled_from(["5D", "8Hx3C+5D", "2C+4H=6", "10s x ah+9c", "Ben: 4S+3H=7", "1:5D", "Ana", "Maria: 3H", "b: 3H"]),
    _TEXT,
)
_MOVE = st.one_of(
    _MOVE_TEXT,
    st.builds(lambda who, m: f"{who}: {m}", _TEXT, _MOVE_TEXT),
    st.builds(lambda m, c: {"move": m, "comment": c}, _MOVE_TEXT, _TEXT),
    st.builds(lambda m, s: {"move": m, "seat": s}, _MOVE_TEXT, st.integers(0, 3)),
    st.just({"type": "trail", "card": "5D", "_x": [1, {"y": None}]}),
    st.integers(-5, 5),
)
_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**53), 2**53), _TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_TEXT, inner, max_size=3)),
    max_leaves=6,
)
_USER = st.dictionaries(st.one_of(st.just("_"), _TEXT.map(lambda t: "_" + t)), _JSON, max_size=2)


@st.composite
def _hand(draw, names):
    hand: dict = {}
    if draw(st.booleans()):
        hand["dealer"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        hand["table"] = draw(st.lists(_CARD, min_size=1, max_size=4))
    if draw(st.booleans()):
        hand["moves"] = draw(st.lists(_MOVE, max_size=6))
    if draw(st.booleans()):
        hand["score"] = draw(st.lists(st.integers(-100, 100), min_size=1, max_size=4))
    if draw(st.booleans()):
        hand["shown"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {"after": st.integers(0, 48), "seat": st.integers(0, 3), "cards": st.lists(_CARD, max_size=3)},
                    optional={"all": st.booleans()},
                ),
                min_size=1,
                max_size=2,
            )
        )
    hand.update(draw(_USER))
    return hand


@st.composite
def _record(draw):
    record: dict = {"format": "casino.record/1"}
    rules = {"variant": draw(st.sampled_from(["classic", "royal", "true", "a b"])), "players": draw(st.integers(2, 4))}
    rules.update(draw(st.dictionaries(st.sampled_from(["sweeps", "target", "ladder_20", "_r"]), _JSON, max_size=2)))
    record["rules"] = rules
    names = None
    if draw(st.booleans()):
        spaced = ["Ana Maria", "Maria", "Ana 2. b", "Ana, Ben"]  # names the reader joins from words unquoted
        names = draw(
            st.lists(st.one_of(st.sampled_from(["Ana", "Ben", "ana", "12", "Hand", *spaced]), _TEXT), max_size=4)
        )
        record["players"] = names
    if draw(st.booleans()):
        record["seed"] = draw(_TEXT)
    if draw(st.booleans()):
        record["shuffle"] = draw(_TEXT)
    record["hands"] = draw(st.lists(_hand(names), max_size=3))
    if draw(st.booleans()):
        record["result"] = draw(
            st.one_of(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "scores": st.lists(st.integers(0, 30), max_size=4),
                        "winner": st.one_of(st.none(), st.integers(0, 3)),
                    },
                ),
                _JSON,
            )
        )
    record.update(draw(_USER))
    return record


def _round_trip(record):
    text = write_text(record)
    back = _read_one(text)
    assert back.error is None, (back.error, text)
    assert orjson.dumps(back.value) == orjson.dumps(record), text
    assert write_text(back.value) == text


def _in_a_row(records, data):
    """Records written one after another, as convert writes them, with their keys in any
    order (a record of no hands, then one whose first key is not the Rules: its tags stayed
    with the record before), read back as those records."""
    records = [dict(data.draw(st.permutations(list(record.items())))) for record in records]
    text = "".join(map(write_text, records))
    back = list(read_text(text.split("\n")))
    assert [r.error for r in back] == [None] * len(records), text
    sort = orjson.OPT_SORT_KEYS
    assert [orjson.dumps(r.value, option=sort) for r in back] == [orjson.dumps(r, option=sort) for r in records], text


def _broken_line(record, data):
    lines = write_text(record).split("\n")
    body = [i for i, line in enumerate(lines) if line and not line.startswith(("[", "_"))]
    if not body:
        return
    at = data.draw(st.sampled_from(body))
    char = data.draw(st.sampled_from(['"', "{", "<"]))
    lines[at] += " " + char
    first_error = next(r.error for r in read_text(lines) if r.error is not None)
    assert (first_error.line, first_error.column) == (at + 1, len(lines[at]))


_PIECES = st.lists(
    st.one_of(_TEXT, st.sampled_from(["[Rules classic 2]", "Hand 1", "1.", "{", "<{", '"', "]"])), max_size=8
)


def _any_text(pieces):
    lines = " ".join(pieces).split("\n")
    for record in read_text(lines):
        assert (record.value is None) != (record.error is None)
        if record.error is not None:
            assert 1 <= record.error.line <= len(lines) and record.error.column >= 1
        else:
            orjson.dumps(record.value)  # whatever it read can be written as JSON


def _doc_examples() -> list[tuple[str, list[str]]]:
    """The ``$ casino …`` examples of docs/notation.md's casino text and who-played sections."""
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text.split("### Who played each move, and comments (v1.1)", 1)[1].split("## The referee", 1)[0]
    found: list[tuple[str, list[str]]] = []
    for block in section.split("\n\n    $ ")[1:]:
        command, *output = block.split("\n")
        lines = []
        for line in output:
            if line and not line.startswith("    "):
                break
            lines.append(line[4:])
        while lines and not lines[-1]:
            lines.pop()
        found.append((command, lines))
    return found


@pytest.mark.parametrize("command, expected", _doc_examples(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_notation_page_examples_run(command, expected):
    args = command.split()
    assert args[0] == "casino"
    out = cli(*args[1:])
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode().rstrip("\n").split("\n") == expected


def test_the_notation_page_has_examples():
    assert _doc_examples()


@pytest.mark.parametrize("command", ["convert", "deal"])
def test_the_help_examples_run(command, monkeypatch):
    monkeypatch.chdir(ROOT)
    helptext = cli(command, "--help").stdout.decode()
    example = helptext.split("Example:", 1)[1].split("Arguments:")[0].split("Options:")[0].split()
    assert example[0] == "casino" and example[1] == command
    out = cli(*example[1:])
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(b"[Rules classic")


def _scrambled(record: dict) -> dict:
    """The record with every object's keys reversed and user data added everywhere."""

    def flip(obj: object, depth: int = 0) -> object:
        if isinstance(obj, list):
            return [flip(v, depth + 1) for v in obj]
        if isinstance(obj, dict):
            out = {k: flip(obj[k], depth + 1) for k in reversed(list(obj))}
            if depth < 3:
                out[f"_u{depth}"] = {"a b": [depth, None]}
            return out
        return obj

    return flip(record)  # type: ignore[return-value]


@pytest.mark.parametrize("path", sorted((FIXTURES / "records").rglob("*.jsonl"))[:6], ids=lambda p: p.name)
def test_records_in_any_key_order_with_user_data_everywhere_convert_and_referee_alike(path, tmp_path):
    records = [_scrambled(r) for r in _records(path)]
    source = tmp_path / "odd.jsonl"
    source.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    text = cli("convert", str(source), "--to", "text")
    assert text.returncode == 0, text.stderr
    back = cli("convert", "-", "--to", "json", stdin=text.stdout)
    assert [orjson.loads(line) for line in back.stdout.splitlines()] == records  # equal, key order canonical
    findings = [
        [{k: v for k, v in orjson.loads(f).items() if k not in ("file", "line", "column")} for f in out.splitlines()]
        for out in (
            cli("validate", str(source), "--format", "json").stdout,
            cli("validate", "-", "--format", "json", stdin=text.stdout).stdout,
        )
    ]
    assert findings[0] == findings[1]


@pytest.mark.parametrize(
    "line",
    [
        "1. <" + "[" * 100_000,
        "1. <" + "[" * 5_000 + "]" * 5_000 + ">",
        '1. "' + "\\\\" * 50_000,
        "1. {" + "\\}" * 50_000,
        "1. " + "5D " * 100_000,
        "[Rules " + "x=1 " * 50_000 + "]",
    ],
    ids=["open-json", "deep-json", "escapes", "comment-escapes", "many-moves", "many-options"],
)
def test_pathological_lines_are_read_or_refused_at_their_line(line):
    lines = ["[Rules classic 2]", "Hand 1 dealer 0", line] if not line.startswith("[") else [line]
    (record,) = read_text(lines)
    if record.error is not None:
        assert record.error.line == len(lines)
    else:
        orjson.dumps(record.value)


@pytest.mark.parametrize(
    "move",
    ["12.: 5D", "_x: 5D", "a.: 5D", "1: 5D", "Ben:", "Ben:  5D", "Ben: 5D ", " 5D", "1.", "12.5D", "hand", "x {y}",
     "Ben: {c}", "a\\b", "<5D>", "", "7", "7)", {"move": "5D"}, {"comment": "c", "move": "5D"}, {"move": "5D", "comment": "a}b\n"}],
)  # fmt: skip
def test_tricky_moves_go_to_text_and_back(move):
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "hands": [{"moves": [move]}]}
    back = _read_one(write_text(record))
    assert back.error is None and orjson.dumps(back.value) == orjson.dumps(record)


def test_a_record_of_no_hands_converts_to_text_and_back_apart_from_the_record_after_it(tmp_path):
    """convert -f text wrote each record's tags in the order of its keys, so a record whose
    first key is not its rules (as a program may write them), written after a record of no
    hands, began with a tag the record before lacked, and read back as that record's: its
    _event moved to the record before. Each record's text starts at its Rules tag now."""
    rules = {"variant": "classic", "players": 2}
    first = {"format": "casino.record/1", "rules": rules, "hands": []}
    records = [first, {"_event": "Club night", **first}]
    source = tmp_path / "two.jsonl"
    source.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    text = cli("convert", str(source), "-f", "text")
    assert text.returncode == 0 and text.stdout.count(b"[Rules classic 2]") == 2, text.stderr
    back = cli("convert", "-", "-f", "json", stdin=text.stdout)
    assert back.returncode == 0 and [orjson.loads(line) for line in back.stdout.splitlines()] == records


def test_a_line_that_is_not_utf8_is_reported_at_that_line(tmp_path):
    path = tmp_path / "bad.cas"
    path.write_bytes(b"[Rules classic 2]\nHand 1 dealer 0 table 5D 9C 3H KS\n1. \xff5D\n")
    out = cli("convert", str(path))
    assert out.returncode == 65 and f"{path}:3:1: this line is not UTF-8 text" in out.stderr


def test_an_over_long_line_is_skipped_and_reported_and_the_next_record_read():
    data = (
        "[Rules classic 2]\nHand 1 dealer 0 table 5D 9C 3H KS\n1. " + "5D " * 1_500_000 + "\n\n"
        "[Rules royal 2]\nHand 1 dealer 0 table 5D 9C 3H KS\n"
    )
    out = cli("convert", "-", "--to", "json", stdin=data)
    assert out.returncode == 65 and "<stdin>:3:1: line longer than" in out.stderr
    assert orjson.loads(out.stdout)["rules"]["variant"] == "royal"


def test_a_json_lines_stream_whose_first_line_is_longer_than_the_look_ahead_is_still_json_lines(tmp_path):
    first, *rest = _records(FIXTURES / "records" / "corpus" / "classic-2.jsonl")
    big = dict(first, _pad="x" * 200_000)
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in [big, *rest]))
    out = cli("validate", str(path))
    assert out.returncode == 0 and f"{1 + len(rest)} records checked: {1 + len(rest)} valid" in out.stderr


def _property(test, examples: int, *strategies):
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])(
        given(*strategies)(test)
    )


test_generated_records_go_to_text_and_back_exactly = _property(_round_trip, 100, _record())
test_a_broken_line_is_reported_at_that_line = _property(_broken_line, 100, _record(), st.data())
test_generated_records_in_a_row_in_any_key_order_go_to_text_and_back = _property(
    _in_a_row, 100, st.lists(_record(), min_size=2, max_size=3), st.data()
)
test_the_reader_never_crashes_on_any_text = _property(_any_text, 300, _PIECES)
test_long_generated_records_go_to_text_and_back_exactly = pytest.mark.slow(_property(_round_trip, 5000, _record()))
test_long_a_broken_line_is_reported_at_that_line = pytest.mark.slow(_property(_broken_line, 5000, _record(), st.data()))
test_long_the_reader_never_crashes_on_any_text = pytest.mark.slow(_property(_any_text, 20000, _PIECES))


def test_an_endless_line_ends_the_text_input_after_a_bounded_read(monkeypatch):
    """A text input whose line never ends (like /dev/zero) is read as far as JSON input is
    (MAX_SKIP past the limit), then reported: never read for ever."""
    from casino_cli.cli import inputs
    from casino_cli.cli.text_input import text_documents

    monkeypatch.setattr(inputs, "MAX_SKIP", 4 * 1024 * 1024)

    class Endless:
        """A tag line, then zeros without end; refuses to be read past 64 MB."""

        def __init__(self) -> None:
            self.head = [b"[Rules classic 2]\n"]
            self.read = 0

        def readline(self, limit: int = -1) -> bytes:
            if self.head:
                return self.head.pop()
            self.read += limit
            assert self.read < 64 * 1024 * 1024, "the endless line was read without bound"
            return b"\0" * limit

    docs = list(text_documents(Endless(), "<endless>"))  # type: ignore[arg-type]
    assert len(docs) == 1 and docs[0].error is not None and "longer than" in str(docs[0].error)


def test_a_hand_of_endless_moves_is_refused_at_the_first_move_over_the_limit():
    """The moves of a hand are counted as they are read: the record is refused at the
    10,001st move, and its memory stays that of 10,000 moves however many lines follow."""
    import tracemalloc

    def lines():
        yield "[Rules classic 2]"
        yield "Hand 1 dealer 1 table 7D 2C 9S KH"
        for _ in range(40_000):  # 200,000 moves
            yield "3H 4S 5D 6C 7H"

    tracemalloc.start()
    try:
        (record,) = read_text(lines())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert record.error is not None and str(record.error) == "more than 10000 moves in one hand"
    assert (record.error.line, record.error.column) == (2003, 1)  # move 10,001 opens line 2,003
    assert peak < 8_000_000, f"peak {peak} bytes"  # 200,000 moves built: 50 MB


def test_a_hand_line_of_your_data_may_hold_inline_json():
    """``_name <JSON>`` is that value, as ``<…>`` is wherever a value goes; what is not JSON
    stays the text as written."""
    lines = ["[Rules classic 2]", "Hand 1 dealer 1 table 7D 2C 9S KH"]
    lines += ['_a <{"x": [1, 2]}>', "_b <see below>", '_c {"x": 1}', "_d plain words", "_e <3>"]
    (record,) = read_text(lines)
    hand = record.value["hands"][0]
    assert (hand["_a"], hand["_b"], hand["_c"], hand["_d"], hand["_e"]) == (
        {"x": [1, 2]},
        "<see below>",
        {"x": 1},
        "plain words",
        3,
    )
    (again,) = read_text(write_text(record.value).splitlines())
    assert again.value == record.value


@pytest.mark.parametrize("number", ["999999999999999999999", "9" * 6000, "0002"])
def test_a_wrong_move_number_of_any_length_is_named_as_one(number):
    """A number of any length is a move number, compared as written (no int of 6,000 digits)."""
    (record,) = read_text(["[Rules classic 2]", "Hand 1 dealer 1 table 7D 2C 9S KH", f"{number}. 3H"])
    assert record.error is not None and str(record.error).startswith(f"expected move number 1 here, not {number[:12]}")
    (ok,) = read_text(["[Rules classic 2]", "Hand 1 dealer 1 table 7D 2C 9S KH", "001. 3H 2.4S \uff13. 5D"])
    assert ok.error is None and ok.value["hands"][0]["moves"] == ["3H", "4S", "5D"]  # any digits, as before


def test_the_moves_of_a_long_hand_are_located_without_an_entry_each():
    """Every move is located (its line and column), from one packed array per hand: the
    path-keyed locations do not grow with the moves (a hand of 10,000 moves cost 1 GB so)."""
    lines = ["[Rules classic 2]", "Hand 1 dealer 1 table 7D 2C 9S KH"]
    lines += [f"{5 * k + 1}. 3H 4S  5D 6C {{why}} 7H" for k in range(2_000)]
    (record,) = read_text(lines)
    assert record.error is None and len(record.value["hands"][0]["moves"]) == 10_000
    assert len(record.locations) < 20
    assert record.locate("$.hands[0].moves[0]") == (3, 1)  # its number, "1.", starts it
    assert record.locate("$.hands[0].moves[1]") == (3, 7)
    assert record.locate("$.hands[0].moves[9999].comment") == (2002, 26)  # at 7H, its move
    assert record.locate("$.hands[0].moves[10000]") == record.locate("$.hands[0].moves")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("".join(f"Hand {n} dealer 1 table 7D 2C 9S KH\n" for n in range(1, 1002)), 1002, "more than 1000 hands"),
        (
            "Hand 1 dealer 1 table 7D 2C 9S KH\n" + "Shown after 0 seat 0 cards 5D\n" * 1001,
            1003,
            "more than 1000 Shown",
        ),
    ],
)
def test_hands_and_shown_lines_over_the_limit_are_refused_at_that_line(text, line, message):
    out = cli("validate", "-", "-f", "text", stdin="[Rules classic 2]\n" + text)
    assert out.returncode == 65 and f"<stdin>:{line}:1: {message}".encode() in out.stdout


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
@pytest.mark.parametrize("command", ["validate", "score", "convert", "replay"])
def test_an_empty_casino_text_file_is_unreadable_as_an_empty_json_one_is(tmp_path, content, command):
    """A truncated or unsaved file never passes the referee as '0 records checked'."""
    empty = tmp_path / "night.cas"
    empty.write_text(content, encoding="utf-8")
    out = cli(command, str(empty))
    said = out.stderr + out.stdout.decode()  # validate's findings are its data
    assert out.returncode == 65 and "empty input: expected a record, e.g. [Rules classic 2]" in said


def test_tags_results_and_comments_written_as_a_secretary_would():
    """[Players: Ana Ben] (a colon after the tag name), [Rules Classic 2] (the variant in any
    case), Result winner Ben (a player for the side): read; a '}' inside a comment is
    answered with its escape, not 'quote a text'."""
    text = (
        "[Rules: Classic 2]\n[Players: Ana Ben]\n\nHand 1 dealer Ben table 7D 2C 9S KH\n"
        "Ana: 3H Ben: 4S\nResult scores 5 6 winner Ben\n"
    )
    (record,) = read_text(text.splitlines())
    assert record.error is None, record.error
    assert record.value["rules"] == {"variant": "classic", "players": 2} and record.value["players"] == ["Ana", "Ben"]
    assert record.value["result"] == {"scores": [5, 6], "winner": 1}
    four = "[Rules royal 4]\n[Players Ana Ben Cy Dee]\n\nHand 1 dealer 3 table 7D 2C 9S KH\nResult winner Dee\n"
    (partners,) = read_text(four.splitlines())
    assert partners.value["result"] == {"winner": 1}  # Dee, seat 3, plays for side 1
    nested = "[Rules classic 2]\n\nHand 1 dealer 1 table 7D 2C 9S KH\n3H {he has {no} seven}\n"
    (broken,) = read_text(nested.splitlines())
    assert "a comment ends at its first '}' (write \\} for one inside it)" in str(broken.error)


@pytest.mark.parametrize(
    "record",
    [
        {"players": ["Ana", "null"], "hands": [], "result": {"winner": None}},
        {"players": ["null", "null"], "hands": [], "result": {"winner": None}},
        {"players": ["1", "Ben"], "hands": [], "result": {"winner": 1}},
        {"hands": [{"dealer": 1, "table": ["7D", "2C", "9S", "KH", ""], "moves": ["3H"]}]},
        {"hands": [{"dealer": 1, "score": ["", 5]}]},
        {"rules": {"variant": "classic"}, "hands": []},  # [Rules classic]: a variant alone, not the text 'classic'
        {"hands": [{"dealer": 1, "table": ["7D,", ",2C", "9S", "KH"]}]},  # a card's comma, not a list's
        {"hands": [], "_rules": 1, "_result": 2},  # [_rules 1], not [Rules 1] nor [Result 2]
    ],
)
def test_values_a_bare_word_would_change_go_to_text_and_back(record):
    """A quoted "" on a keyword line is a value (refused later, where it is no card), never a
    list's comma dropped; a winner written where a player has that name is inline JSON."""
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, **record}
    back = _read_one(write_text(record))
    assert back.error is None and orjson.dumps(back.value) == orjson.dumps(record), write_text(record)


@pytest.mark.parametrize("command", ["validate", "score", "replay", "judge", "convert", "review"])
def test_the_help_of_every_command_that_reads_records_says_it_reads_casino_text(command):
    """Every command that reads records reads casino text too: its --help says so at FILE."""
    helptext = " ".join(cli(command, "--help").stdout.decode().split())
    assert "casino text, .cas)" in helptext.split("Arguments:", 1)[1].split("Options:")[0]


@pytest.mark.parametrize(
    "rules, column, words",
    [
        (
            "classic, 3 players",
            19,
            ": the number of players stands alone, as in [Rules classic 3], or is written players=3",
        ),
        ("classic 4 partnerships", 18, ": partnerships=true or partnerships=false"),
        ("royal 2 Sweeps", 16, ": sweeps=true or sweeps=false"),
        ("classic 2 target", 18, ": target=21, say"),
        ("classic 2 blah", 18, ", e.g. sweeps=true"),
    ],
)
def test_a_rule_option_written_as_a_word_is_told_how_to_write_it(rules, column, words):
    """'[Rules classic 3 players]' and a bare 'partnerships' were told only 'expected
    NAME=VALUE, e.g. sweeps=true'; the words a secretary writes bare get their spelling."""
    record = _read_one(f"[Rules {rules}]\n[Players Ana Ben Cy Dan]\nHand 1 dealer Ana\n1. 3H")
    assert record.error is not None and (record.error.line, record.error.column) == (1, column)
    assert record.error.message == f"expected NAME=VALUE (a rule option){words}"


@given(st.text(max_size=12))
def test_names_compare_as_their_nfc_casefold_ascii_ones_too(name):
    """name_key's short cut for ASCII names (lower case) is the full comparison's answer."""
    assert name_key(name) == unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())


@pytest.mark.parametrize(
    "hands, line",
    [
        ("Hand 1 table AC 2D 5C KD\n1. Ana: 8CxAC+2D+5C\n", 4),
        ("Hand 1 dealer Ben table AC 2D 5C KD\n1. Ana: 8CxAC+2D+5C\n\nHand 2\n1. Ana: 8C\n", 7),
        ("Hand 1 dealer Ben table AC 2D 5C KD\n1. Ana: 8CxAC+2D+5C\nScore 1\n", 6),
    ],
)
def test_a_finding_on_a_whole_hand_or_its_score_points_at_its_line(hands, line, tmp_path):
    """A hand with no dealer written down at the table, a second hand with no cards given,
    a Score of one number for two sides: the message of ``$.hands[k]`` names the line of
    its ``Hand k+1``, that of ``$.hands[k].score`` its Score line, column 1."""
    path = tmp_path / "r.cas"
    path.write_text(f"[Rules classic 2]\n[Players Ana Ben]\n\n{hands}", encoding="utf-8")
    out = cli("validate", str(path), "-f", "text")
    assert out.returncode != 0 and out.stdout.decode().startswith(f"{path}:{line}:1: $.hands[")


@pytest.mark.parametrize("hand, column", [("Hand 1 dealer", 14), ("Hand 1 table AC dealer", 23)])
def test_a_hand_field_with_no_value_is_refused_just_after_its_name(hand, column, tmp_path):
    """``dealer`` with nothing after it (at the line's end): the error points at the column
    just after the word, where its value was expected (columns 8-13, then 17-22)."""
    path = tmp_path / "r.cas"
    path.write_text(f"[Rules classic 2]\n\n{hand}\n1. 8C\n", encoding="utf-8")
    out = cli("validate", str(path), "-f", "text")
    assert out.stdout.decode().startswith(f"{path}:3:{column}: expected a value after dealer")


@pytest.mark.parametrize("name", ["game.cas", "game.txt", "-"])
def test_casino_text_with_lines_ended_by_cr_alone_reads_as_with_lf(tmp_path, name):
    """Casino text saved with old Mac line ends (``tr '\\n' '\\r'``) said "expected ']' at
    the end of the tag line" on line 1; it reads as the same text with LF, findings on its
    own lines, from a file of any name and from standard input."""
    lf = (TEXT / "dispute.cas").read_bytes()
    path = tmp_path / name
    path.write_bytes(lf.replace(b"\n", b"\r"))
    out = cli("validate", "-" if name == "-" else str(path), "-f", "text", stdin=lf.replace(b"\n", b"\r"))
    expected = cli("validate", "-", "-f", "text", stdin=lf)
    assert expected.returncode == 1 and b":1:" not in expected.stdout  # the verdict is past line 1
    assert (out.returncode, out.stdout.replace(str(path).encode(), b"<stdin>")) == (1, expected.stdout)


def test_casino_text_ended_by_cr_alone_too_large_to_read_whole_says_so():
    """Past the most read in one piece, CR-ended casino text said 'line longer than
    1000000 characters'; it names its line ends and how to convert them."""
    record = (TEXT / "dispute.cas").read_bytes().replace(b"\n", b"\r")
    out = cli("validate", "-", "-f", "text", stdin=record * (4_000_000 // len(record) + 1))
    assert out.returncode == 65
    assert out.stdout.startswith(b"<stdin>:1:1: this input's lines end with CR alone (old Mac line ends)"), out.stdout


def test_casino_text_ended_by_cr_then_by_lf_is_not_guessed_at_but_named():
    """A CR-ended record joined to an LF-ended one: the error on its first line names the
    CRs and how to convert them (it said only "expected ']' at the end of the tag line")."""
    lf = (TEXT / "dispute.cas").read_bytes()
    out = cli("validate", "-", "-f", "text", stdin=lf.replace(b"\n", b"\r") + lf)
    assert out.returncode == 65
    assert out.stdout.startswith(b"<stdin>:1:"), out.stdout
    assert b"; this line holds CRs that end no line" in out.stdout and b"tr '\\r' '\\n'" in out.stdout


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_read_text_of_one_string_ends_its_lines_as_the_command_line_does(end):
    """read_text(text) split a string at LF alone, so a text saved with old Mac line ends
    (CR alone), which the command line reads, was one line to the library: "expected ']' at
    the end of the tag line". Every golden record reads the same with each line end."""
    for path in GOLDEN:
        text = path.read_text(encoding="utf-8")
        expected = [(r.error, r.value) for r in read_text(text)]
        assert [(r.error, r.value) for r in read_text(text.replace("\n", end))] == expected, path.name


def test_a_record_longer_than_a_json_document_is_refused_and_let_go(monkeypatch):
    """A text record had no bound of its own but its hands' (1,000 hands of 1,000 Shown
    lines or 10,000 moves): 32 MB of Shown lines held 1.6 GB. Past MAX_RECORD_CHARS (16 MB,
    as a JSON document; here 10,000 characters) it is unreadable at that line, what was read
    of it let go, the rest of it skipped unread, and the next record read."""
    from casino_cli.notation import text_hands, text_record

    monkeypatch.setattr(text_record, "MAX_RECORD_CHARS", 10_000, raising=False)
    read = []
    body = text_hands._read_body
    monkeypatch.setattr(
        text_record, "_read_body", lambda rec, line, number: read.append(number) or body(rec, line, number)
    )
    shown = "Shown after 0 seat 1 cards 7S\n" * 900  # 29 characters a line
    text = "[Rules classic 4]\n\nHand 1 dealer 3 table 7D 2C 9S KH\n1. 3H\n" + shown
    first, second = read_text(text + "[Rules classic 2]\n\nHand 1 dealer 1 table AC 2D 5C KD\n1. 8CxAC+2D+5C\n")
    assert first.value is None and first.error is not None
    assert (
        "longer than 10,000 characters" in str(first.error) and first.error.line == 4 + (10_000 - 55) // 29 + 1
    )  # 55: the lines above
    assert len(read) < 10_000 // 29 + 10 and first.locations == {"$": (1, 1)}
    assert second.error is None and second.value["hands"][0]["moves"] == ["8CxAC+2D+5C"]
