"""Every canonical output of the commands validates against the shipped JSON Schema."""

from __future__ import annotations

import orjson
import pytest
from clirun import casino
from jsonschema import Draft202012Validator

from casino_cli.notation.schema import NAMES, schema

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
