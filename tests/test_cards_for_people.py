"""Cards named in the words of findings and rulings: for people (a terminal, stderr, the
pictures and the replay page) by suit symbol, as the boards and moves are; -f text and the
JSON keep the codes, the data scripts compare."""

from __future__ import annotations

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
