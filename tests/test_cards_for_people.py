"""Cards named in the words of findings and rulings: for people (a terminal, stderr, the
pictures and the replay page) by suit symbol, as the boards and moves are; -f text and the
JSON keep the codes, the data scripts compare."""

from __future__ import annotations

from pathlib import Path

import orjson
from clirun import casino
from inproc import cli

from casino_cli.cards import parse_card
from casino_cli.records.describe import card_name

PART_WAY = "fixtures/records/dispute-part-way.json"
TWO_VALUES = (  # move 3 leaves Ana needing an 8 and a 10
    '{"format":"casino.record/1","rules":{"variant":"classic","players":2},"players":["Ana","Ben"],'
    '"hands":[{"dealer":1,"table":["4C","9H","5S","KD"],"moves":["3H+5S=8","QS","6D+4C=10"]}]}'
)
WIDE = {"NO_COLOR": "1", "COLUMNS": "400"}


def _one_of(cards: list[str]) -> str:
    return cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} or {cards[-1]}"


def _needs(needs: list[list[str]], name=lambda code: code) -> str:
    """A JSON settles' needs as the words of a note: '7S, 7H or 7C', '…, and 10S …'."""
    return ", and ".join(_one_of([name(code) for code in cards]) for cards in needs)


def _symbols(code: str) -> str:
    return card_name(parse_card(code))


def _notes(path: str, stdin: str | None = None) -> list[dict]:
    out = cli("validate", path, "-f", "jsonl", stdin=stdin or "").stdout
    return [orjson.loads(line) for line in out.splitlines()]


def test_validate_s_notes_name_the_cards_that_settle_them_by_suit_for_people():
    for path, stdin in ((PART_WAY, None), ("-", TWO_VALUES)):
        notes = _notes(path, stdin)
        assert notes and all("settles" in note for note in notes)
        pretty = casino("validate", path, "-f", "pretty", stdin=stdin, env=WIDE).stdout.decode()
        text = cli("validate", path, "-f", "text", stdin=stdin or "").stdout.decode()
        for note in notes:
            needs = note["settles"]["needs"]
            assert note["message"].endswith(" — " + _needs(needs))  # the JSON keeps the codes
            assert f" — {_needs(needs, _symbols)} ({note['rule']})" in pretty
            assert _needs(needs) not in pretty
            assert f"{note['message']} ({note['rule']})" in text  # and -f text, byte for byte


def test_a_note_on_stderr_and_on_the_replay_page_names_the_cards_by_suit(tmp_path):
    (needs,) = [note["settles"]["needs"] for note in _notes(PART_WAY)]
    page = tmp_path / "page.html"
    done = cli("replay", PART_WAY, "-f", "json", "--html", str(page))
    symbols = f"after this move — {_needs(needs, _symbols)} (B3)"
    assert symbols in done.stderr
    assert symbols in page.read_text()


def _ruling_words(ruling: dict, name) -> str:
    return " and ".join("one of " + " ".join(name(code) for code in cards) for cards in ruling["settles"]["needs"])


def test_judge_names_the_cards_that_settle_a_ruling_by_suit_on_a_terminal_and_in_its_picture(tmp_path):
    """Of a record's move and of a position's (two values open): pretty and --svg say
    'held one of 7♠ 7♥ 7♣', -f text and the JSON keep the codes."""
    position = tmp_path / "position.json"
    fixture = orjson.loads(Path("fixtures/rulings/12-position-two-values-unsettled.json").read_bytes())
    position.write_bytes(orjson.dumps(fixture["position"]))
    position_ruling = orjson.loads(cli("judge", str(position), fixture["text"], "-f", "json").stdout)
    assert position_ruling["settles"] == fixture["ruling"]["settles"]  # the JSON as the fixture has it
    for args in ([PART_WAY, "--move", "2"], [str(position), fixture["text"]]):
        ruling = orjson.loads(cli("judge", *args, "-f", "json").stdout)
        pretty = casino("judge", *args, "-f", "pretty", env=WIDE).stdout.decode()
        assert f"held {_ruling_words(ruling, _symbols)}" in pretty
        assert _ruling_words(ruling, str) not in pretty
        text = cli("judge", *args, "-f", "text").stdout.decode()
        assert f"held {_ruling_words(ruling, str)}" in text
        picture = tmp_path / "ruling.svg"
        cli("judge", *args, "-f", "json", "--svg", str(picture))
        drawn = picture.read_text()
        assert "held one of " + _symbols(ruling["settles"]["needs"][0][0]) in drawn
        assert _ruling_words(ruling, str) not in drawn


def test_for_people_names_every_card_of_a_finding_by_suit_but_its_move_and_the_names():
    """Not only the cards that end a note: every card of a finding's words ('8S+4D make 12'
    as '8♠+4♦ make 12', as the board shows them); its move's text, a trail 'QS' too, and the
    players' names (one that reads as a card, 'KD') are left as written."""
    from casino_cli.records.referee import Finding, needs_words

    needs = (1 << parse_card("7S") | 1 << parse_card("7H"),)
    note = Finding(
        1, 2, 1, "4S+3H=7", "B3", f"not checked: 4S+3H=7 is … — {needs_words(needs)}", True, settles=(1, needs)
    )
    assert note.for_people(None) == "not checked: 4S+3H=7 is … — 7♠ or 7♥"
    words = "QS is illegal: seat 1 does not hold QS; 8S+4D make 12, not 13"
    refused = Finding(1, 2, 1, "QS", "card", words, by_seat=len(words))
    assert refused.for_people(("Ana", "KD")) == "QS is illegal: KD (seat 1) does not hold Q♠; 8♠+4♦ make 12, not 13"
    assert refused.as_json()["message"] == words  # the JSON keeps the codes


def test_words_without_the_move_s_text_have_every_card_named():
    """Only the words up to the move's text, where they hold it, are left as written: words
    that never quote it ('9D is not on the table', for a move written 'qh x 9d') have every
    card named from their first character."""
    from casino_cli.records.describe import cards_named

    assert cards_named("9D is not on the table", move="qh x 9d") == "9♦ is not on the table"
    assert cards_named("QHx9D is illegal: 9D is gone", move="QHx9D") == "QHx9D is illegal: 9♦ is gone"


def test_a_name_holding_another_name_is_left_whole():
    """Names are kept longest first: 'Al 9H' is not 'Al' and a card 9H named."""
    from casino_cli.records.describe import cards_named

    words = "Al 9H (seat 1) does not hold 9H; Al (seat 0) does"
    assert cards_named(words, keep=("Al", "Al 9H")) == "Al 9H (seat 1) does not hold 9♥; Al (seat 0) does"


def test_only_whole_card_codes_are_named_never_letters_inside_a_word(tmp_path):
    """'JS' inside 'JSON' is no card: a record that is no JSON is said to be 'invalid JSON'
    for people too, and a card after it is named."""
    from casino_cli.records.describe import cards_named

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "casino.record/1", 5C}\n')
    shown = casino("validate", str(broken), "-f", "pretty", env=WIDE)
    assert shown.returncode == 65 and b"$: invalid JSON: unexpected character" in shown.stdout + shown.stderr
    assert cards_named("invalid JSON near 5C; ASCII only") == "invalid JSON near 5♣; ASCII only"


def test_a_quoted_word_is_left_as_written(tmp_path):
    """casino score of a record with a move '4X' told people ''4X' is not a card (expected
    rank A23456789TJQK then suit SHDC, e.g. '10♦')', an example of neither; quoted words,
    what was typed and what to type, are left as written, other cards named."""
    from casino_cli.records.describe import cards_named

    record = orjson.loads(casino("simulate", "--games", "1", "--seed", "q").stdout)
    record["hands"][0]["moves"][3] = "4X"
    bad = tmp_path / "bad.json"
    bad.write_bytes(orjson.dumps(record))
    said = casino("score", str(bad), "-f", "text").stderr.decode()
    assert "'4X' is not a card (expected rank A23456789TJQK then suit SHDC, e.g. 'TD')" in said
    assert (
        cards_named("in move '9D': it is Ben's turn, 9D and 'KS' 'QH")
        == "in move '9D': it is Ben's turn, 9♦ and 'KS' 'Q♥"
    )
