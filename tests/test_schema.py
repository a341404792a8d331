"""Every canonical output of the commands validates against the shipped JSON Schema."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest
from clirun import casino
from jsonschema import Draft202012Validator

from casino_cli.engine.rules import MAX_SCORE
from casino_cli.errors import CasinoError
from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import read_move
from casino_cli.notation.position import read_position
from casino_cli.notation.schema import NAMES, schema
from casino_cli.records.record import read_record

ROOT = Path(__file__).resolve().parent.parent
VALIDATORS = {name: Draft202012Validator(schema(name)) for name in NAMES}


def check(name: str, data: bytes) -> int:
    lines = [line for line in data.splitlines() if line.strip()]
    for line in lines:
        VALIDATORS[name].validate(orjson.loads(line))
    return len(lines)


@pytest.mark.parametrize("name", NAMES)
def test_schemas_are_valid_and_printed(name):
    Draft202012Validator.check_schema(schema(name))
    out = casino("schema", name)
    assert out.returncode == 0 and orjson.loads(out.stdout) == schema(name)


@pytest.mark.parametrize("variant, players", [("classic", 2), ("royal", 4), ("american-royal", 3)])
def test_command_outputs_validate(variant, players, tmp_path):
    records = casino(
        "simulate", "--games", "2", "--seed", "schema", "--variant", variant, "--players", str(players)
    ).stdout
    assert check("record", records) == 2
    first = records.splitlines()[0]
    replay = casino("replay", "-", stdin=first).stdout
    assert check("position", replay) > 40
    assert check("moves", casino("moves", "-", stdin=replay).stdout) > 40
    assert check("score", casino("score", "-", stdin=records).stdout) == 2
    dealt = casino("deal", "--seed", "s", "--variant", variant, "--players", str(players)).stdout
    assert check("position", dealt) == 1
    assert check("record", casino("deal", "--seed", "s", "--record").stdout) == 1


def test_a_score_stream_keeps_its_place_past_an_unreadable_record():
    """Output N is record N's: an unreadable record has a placeholder with its line and why."""
    records = casino("simulate", "--games", "2", "--seed", "place").stdout.splitlines()
    out = casino("score", "-", stdin=b"\n".join([records[0], b"null", records[1]]) + b"\n")
    assert out.returncode == 65 and check("score", out.stdout) == 3
    lines = [orjson.loads(line) for line in out.stdout.splitlines()]
    assert [sorted(doc) for doc in lines][1] == ["error", "format", "line"] and lines[1]["line"] == 2
    assert "hands" in lines[0] and "hands" in lines[2] and b"expected an object" in out.stderr


def test_findings_validate():
    out = casino("validate", "fixtures/records/dispute.json", "--format", "json")
    assert out.returncode == 1 and check("finding", out.stdout) == 1


def test_the_sheet_of_a_side_that_took_every_spade_validates():
    """The 17th game of seed 'sp' (greedy against random) has a hand where one side took all
    13 spades: the score schema's bounds are the deck's, not one short."""
    game = casino("simulate", "--games", "17", "--seed", "sp", "--bots", "greedy,random").stdout.splitlines()[-1]
    sheet = casino("score", "-", stdin=game).stdout
    sides = [side for hand in orjson.loads(sheet)["hands"] for side in hand["sides"]]
    assert check("score", sheet) == 1 and max(side["spades"] for side in sides) == 13


def test_a_claim_finding_validates(tmp_path):
    """A wrong claimed score is a finding of rule 'claim', which the finding schema allows."""
    record = orjson.loads(casino("simulate", "--seed", "claim", "--hands", "1").stdout)
    record["hands"][0]["score"] = [points + 1 for points in record["hands"][0]["score"]]
    (tmp_path / "claim.json").write_bytes(orjson.dumps(record))
    out = casino("validate", str(tmp_path / "claim.json"), "--format", "json")
    assert out.returncode == 1 and check("finding", out.stdout) == 1
    assert orjson.loads(out.stdout)["rule"] == "claim"


def test_text_fixture_twins_and_skeletons_validate():
    from pathlib import Path

    for twin in sorted((Path(__file__).resolve().parent.parent / "fixtures" / "text").glob("*.json")):
        if twin.stem != "shown":  # shown evidence joins the schema with the referee that reads it
            assert check("record", twin.read_bytes()) == 1
    skeleton = casino("deal", "--record", "--table", "5D", "9C", "3H", "KS", "--names", "Ana,Ben").stdout
    assert check("record", skeleton) == 1


@pytest.mark.parametrize(
    "key, value, readable",
    [
        (("rules", "players"), 2.0, True),  # JSON Schema's integer: any number with no fraction
        (("rules", "target"), 30.0, True),
        (("dealer",), 1e0, True),
        (("scores",), [7.0, 0], True),
        (("rules", "target"), 30.5, False),
        (("scores",), [MAX_SCORE + 1, 0], False),
    ],
)
def test_the_schema_and_the_reader_agree_on_whole_numbers(key, value, readable):
    """What the published schema calls an integer, the reader reads as one (it refused 30.0
    with 'expected a whole number'), and a score the reader refuses, the schema does too."""
    doc = orjson.loads(casino("deal", "--seed", "s", "-o", "target=30").stdout)
    assert _agree("position", doc, key, value) == readable


def _agree(name: str, doc: dict, key: tuple, value: object) -> bool:
    """Whether ``doc`` with ``value`` at ``key`` is read, once the schema was seen to agree."""
    *parents, last = key
    place = doc
    for step in parents:
        place = place[step]
    place[last] = value
    try:
        (read_position if name == "position" else read_record)(doc)
    except CasinoError:
        read = False
    else:
        read = True
    assert VALIDATORS[name].is_valid(doc) == read, (key, value)
    return read


DEALT = ["2D", "6H", "TC", "QH"]  # seat 0's hand in the position dealt from seed 's'


@pytest.mark.parametrize(
    "key, value, readable",
    [
        (("rules", "players"), 1, False),
        (("rules", "players"), 5, False),
        (("rules", "target"), 4, False),
        (("rules", "target"), 5, True),
        (("rules", "ladder_20"), None, True),
        (("dealer",), 4, False),  # (a seat past the players the schema cannot know: 4 is past any)
        (("deal",), 7, False),
        (("hands", 0), DEALT[:3] + DEALT[:1], False),
        (("hands", 0), {"count": 5}, False),
        (("table", "loose"), ["AD", "4S", "4H", "AD"], False),
        (("sweeps",), [53, 0], False),
    ],
)
def test_the_schema_refuses_what_the_position_reader_refuses_at_each_bound(key, value, readable):
    """The published schema is no looser than the reader at the bounds it states (a card
    listed twice, a seat, a count, a target): a program that checks a position against it
    is not told a document is good that casino refuses."""
    doc = orjson.loads(casino("deal", "--seed", "s", "-o", "target=30").stdout)
    assert doc["hands"][0] == DEALT and _agree("position", doc, key, value) == readable


@pytest.mark.parametrize(
    "key, value",
    [
        (("hands", 0, "table"), ["5D", "9C", "3H", "KS", "KH"]),
        (("hands", 0, "dealer"), 4),
        (("players",), ["Ana"]),
        (("hands",), [{"dealer": 1, "table": ["5D", "9C", "3H", "KS"]}] * 1001),
    ],
)
def test_the_schema_refuses_what_the_record_reader_refuses_at_each_bound(key, value):
    """As for positions: a record's table of 5 cards, a seat past any, one name, 1001 hands."""
    skeleton = casino("deal", "--record", "--table", "5D", "9C", "3H", "KS", "--names", "Ana,Ben").stdout
    assert _agree("record", orjson.loads(skeleton), key, value) is False


def test_the_score_of_a_part_way_record_validates():
    record = orjson.loads(casino("simulate", "--seed", "cut", "--hands", "1").stdout)
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:7]
    record["hands"][0].pop("score", None)
    record.pop("result", None)
    sheet = casino("score", "-", stdin=orjson.dumps(record)).stdout
    assert check("score", sheet) == 1 and orjson.loads(sheet)["stops"]["moves"] == 7


# The table of docs/notation.md that lists each key of a document, by the heading it is under.
KEY_TABLES = {
    "position": "## Positions",
    "record": "## Game records",
    "finding": "## The referee",
    "score": "## Scores",
    "ruling": "### Rulings",
}


def _keys_of_the_table(heading: str) -> set[str]:
    """The keys the first column of the table under ``heading`` names (``table.loose`` as ``table``)."""
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = page.partition(f"\n{heading}")[2]
    rows = re.search(r"^\| (?:key|field) \|.*\n\|[-|]+\n((?:\|.*\n)+)", section, re.M)
    assert rows is not None, heading
    cells = [line.split("|")[1] for line in rows.group(1).splitlines()]
    return {re.split(r"[.\[]", name)[0] for cell in cells for name in re.findall(r"`([^`]+)`", cell)}


@pytest.mark.parametrize(("name", "heading"), KEY_TABLES.items())
def test_the_key_tables_of_notation_md_name_the_keys_of_the_schema(name, heading):
    """A key the schema (and so the output) has is in its document's table, and the table of a
    document with no nested table names no key the schema lacks."""
    keys = set(schema(name)["properties"]) - {"format"}
    if "error" in keys:  # a stream's line in place of an unreadable record: said in prose
        keys -= {"line", "error"}
    named = _keys_of_the_table(heading)
    assert keys <= named and (name == "score" or named <= keys | {"format"})  # score's table: sides[] and unwon too


@pytest.mark.parametrize("value, readable", [(100, True), (101, False), (-1, False)])
def test_the_schema_and_the_move_reader_agree_on_a_build_s_value(value, readable):
    """A move object's value: 0 to 100 to the reader of moves, and so to the schema's."""
    move = {"type": "build", "card": "2S", "uses": ["5D"], "value": value}
    try:
        read_move(move)
    except NotationError:
        read = False
    else:
        read = True
    moves = Draft202012Validator(schema("moves"))
    assert moves.is_valid({"format": "casino.moves/1", "moves": [move]}) == read == readable
