"""Every canonical output of the commands validates against the shipped JSON Schema."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest
from clirun import casino
from jsonschema import Draft202012Validator

from casino_cli.engine.rules import MAX_SCORE
from casino_cli.notation.errors import NotationError
from casino_cli.notation.position import read_position
from casino_cli.notation.schema import NAMES, schema

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
    *parents, last = key
    place = doc
    for name in parents:
        place = place[name]
    place[last] = value
    try:
        read_position(doc)
    except NotationError:
        read = False
    else:
        read = True
    assert VALIDATORS["position"].is_valid(doc) == read == readable


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
