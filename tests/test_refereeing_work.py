"""The work of refereeing a record (validate, score and replay walk every move) and of
checking a position (moves, apply and judge read one a line), bounded by counting."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from inproc import cli

from casino_cli.cards import parse_card
from casino_cli.engine import Move, TooComplex, check_position, make_rules, random_bot, seeded_deck, start_position
from casino_cli.engine import errors as engine_errors
from casino_cli.engine import position as engine_position
from casino_cli.engine.position import build_groups
from casino_cli.notation import position as notation_position
from casino_cli.notation.errors import NotationError
from casino_cli.notation.position import position_json, read_position, read_rules
from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, Step, walk
from casino_cli.records.selfplay import play_game


def _mask(*codes: str) -> int:
    return sum(1 << parse_card(code) for code in codes)


def test_a_clean_record_is_refereed_without_writing_its_moves_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    record = read_record(play_game(make_rules("royal", 4), "refereeing", [random_bot] * 4, hands=1))
    written = []
    text = Move.text

    def counted(move: Move) -> str:
        written.append(move)
        return text(move)

    monkeypatch.setattr(Move, "text", counted)
    events = list(walk(record))
    assert not any(isinstance(event, Finding) for event in events)
    assert sum(isinstance(event, Step) for event in events) == 48 and written == []


def test_cards_making_one_group_are_split_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_position, "SPLIT_STEPS", 0)  # any step of the search: TooComplex
    royal = make_rules("royal", 2)
    for cards, value in ((_mask("7H"), 7), (_mask("2C", "5D"), 7), (_mask("AS", "2C", "3H", "4D"), 10)):
        assert build_groups(royal, cards, value) == (cards,)
    ace_high = make_rules("american-royal", 2, ace_high_builds=True)
    assert build_groups(ace_high, _mask("AC", "KD"), 14) == (_mask("AC", "KD"),)
    with pytest.raises(TooComplex):  # two groups: searched
        build_groups(royal, _mask("2C", "5D", "3H", "4S"), 7)


def test_a_position_is_checked_without_naming_its_piles(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []

    def counted(*args: object) -> engine_errors.Pile:
        made.append(args)
        return engine_errors.Pile(*args)

    monkeypatch.setattr(engine_position, "Pile", counted)
    pos = start_position(make_rules("royal", 4), seeded_deck("piles"), dealer=3)
    check_position(pos)
    assert len(pos.stock) == 32 and engine_position.unseen_cards(pos) == 0 and made == []
    with pytest.raises(engine_errors.PositionError):  # a card twice: its two places named
        check_position(pos._replace(stock=(pos.stock[1], *pos.stock[1:])))
    assert made == [("$.stock[0]",), ("$.stock[1]",)]


def test_a_stream_of_positions_makes_its_rule_set_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = start_position(make_rules("royal", 4), seeded_deck("rules"), dealer=3)
    docs = [position_json(pos._replace(scores=(n, 0))) for n in range(20)]
    read_rules({"variant": "classic", "players": 2})  # another rule set read last
    made = []
    make = notation_position.make_rules

    def counted(*args: object, **options: object) -> object:
        made.append(args)
        return make(*args, **options)

    monkeypatch.setattr(notation_position, "make_rules", counted)
    assert [read_position(doc) for doc in docs] == [pos._replace(scores=(n, 0)) for n in range(20)]
    assert len(made) == 1


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ({"sweeps": True}, {"sweeps": 1}),  # 1 == True, but no option's value
        ({"sweeps": False}, {"sweeps": 0}),
        ({"target": 21}, {"target": True}),
        ({"endgame": "ladder"}, {"endgame": ["ladder"]}),
    ],
)
def test_a_rule_set_read_again_is_refused_as_the_first_reading_would(first: dict, then: dict) -> None:
    kept = read_rules({"variant": "classic", "players": 2, **first})
    assert read_rules({"variant": "classic", "players": 2, **first}) == kept
    with pytest.raises(NotationError) as refused:
        read_rules({"variant": "classic", "players": 2, **then})
    assert refused.value.path == f"$.rules.{next(iter(then))}"
    assert read_rules({"variant": "classic", "players": 2, **first}) == kept


def test_rule_sets_read_in_turn_are_each_their_own() -> None:
    for sweeps in (True, False, True):
        assert read_rules({"variant": "classic", "players": 2, "sweeps": sweeps}).sweeps is sweeps
    assert read_rules({"variant": "classic", "players": 2, "target": 21.0}).target == 21
    assert read_rules({"variant": "classic", "players": 4, "partnerships": False}).partnerships is False
    assert read_rules({"variant": "classic", "players": 4}).partnerships is True


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_validate_writes_each_finding_before_the_walk_finds_the_next(monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    """validate --keep-going held every finding of a record until its walk ended: 434 MB
    for a 15 MB line of 420,000 contradicting shown entries (242 MB to read it), over the
    25 times its size that docs/notation.md promises for one line. Each finding is now
    written out as the walk finds it: at most one is ever waiting."""
    from casino_cli.cli import cmd_validate

    counts = {"found": 0, "written": 0, "waiting": 0}
    walk, write_line = cmd_validate.walk, cmd_validate.write_line

    def counted_walk(*args: object, **kwargs: object) -> Iterator[object]:
        for event in walk(*args, **kwargs):
            if isinstance(event, Finding):
                counts["found"] += 1
                counts["waiting"] = max(counts["waiting"], counts["found"] - counts["written"])
            yield event

    def counted_write(line: object) -> None:
        counts["written"] += 1
        write_line(line)

    monkeypatch.setattr(cmd_validate, "walk", counted_walk)
    monkeypatch.setattr(cmd_validate, "write_line", counted_write)
    hand = {"dealer": 3, "table": ["7D", "2C", "9S", "KH"], "moves": ["3H"]}
    hand["shown"] = [{"after": 0, "seat": 1, "cards": ["7D"]}] * 100
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 4}, "hands": [hand] * 20}
    res = cli("validate", "-", "--keep-going", "-f", fmt, stdin=json.dumps(record))
    assert res.returncode == 1 and counts["written"] == counts["found"] == len(res.stdout.splitlines()) > 2000
    assert counts["waiting"] == 1
