"""The corpus of simulated records (every variant and player count) stays valid, and
regenerating it from its seeds gives the same bytes (self-play is reproducible)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from clirun import casino

from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, HandEnd, walk

CORPUS = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "records" / "corpus").glob("*.jsonl"))


def test_corpus_covers_every_variant_and_player_count():
    seen = set()
    for path in CORPUS:
        for line in path.read_bytes().splitlines():
            rules = orjson.loads(line)["rules"]
            seen.add((rules["variant"], rules["players"]))
    assert seen == {(v, p) for v in ("classic", "royal", "american-royal") for p in (2, 3, 4)}


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_records_are_valid_and_finished(path):
    for line in path.read_bytes().splitlines():
        record = read_record(orjson.loads(line))
        events = list(walk(record, keep_going=True))
        assert not [e for e in events if isinstance(e, Finding)]
        ends = [e for e in events if isinstance(e, HandEnd)]
        assert len(ends) == len(record.hands)
        assert ends[-1].game.winner == record.result[1]


def test_corpus_validates_from_the_command_line():
    out = casino("validate", *map(str, CORPUS))
    assert out.returncode == 0
    assert (
        out.stderr.decode()
        .strip()
        .endswith(f"{sum(len(p.read_bytes().splitlines()) for p in CORPUS)} valid, 0 not valid (0 findings)")
    )


def test_simulation_is_reproducible():
    first = orjson.loads((CORPUS[0]).read_bytes().splitlines()[0])
    rules = first["rules"]
    args = [
        "simulate",
        "--games",
        "3",
        "--seed",
        first["seed"].rsplit("/", 1)[0],
        "--variant",
        rules["variant"],
        "--players",
        str(rules["players"]),
        "--bots",
        "greedy,random",
    ]
    assert casino(*args).stdout == CORPUS[0].read_bytes()
    assert casino(*args, "--jobs", "2").stdout == CORPUS[0].read_bytes()


PREVIOUS = [p for p in CORPUS if p.name.endswith("-deal-previous.jsonl")]


@pytest.mark.parametrize("path", PREVIOUS, ids=lambda p: p.name)
def test_deal_previous_corpus_regenerates_and_deals_backwards(path):
    """The records made with deal_passes = previous (D4): the seat before the dealer deals
    next, and self-play regenerates them byte for byte."""
    lines = path.read_bytes().splitlines()
    first = orjson.loads(lines[0])
    rules = first["rules"]
    n = rules["players"]
    for line in lines:
        dealers = [h["dealer"] for h in orjson.loads(line)["hands"]]
        assert dealers == [(n - 1 - k) % n for k in range(len(dealers))]
    args = ["simulate", "--games", str(len(lines)), "--seed", first["seed"].rsplit("/", 1)[0]]
    args += [
        "--variant",
        rules["variant"],
        "--players",
        str(n),
        "-o",
        "deal_passes=previous",
        "--bots",
        "greedy,random",
    ]
    assert casino(*args).stdout == path.read_bytes()
