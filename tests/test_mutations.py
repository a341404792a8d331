"""Mutation testing of the referee: valid simulated records (every variant, 2-4 players),
mutated — two moves swapped, a move dropped, a played or taken card replaced, a build
value changed, a capture written as a trail, a hand's claimed score, the result claim or
a dealer altered — then

(a) ``walk()`` never raises, with or without keep_going;
(b) the ORACLE of tests/mutation_oracle.py (replay from the deck; a move is legal when it
    is among ``legal_moves(pos)``, cross-checked with the brute force of tests/reference.py
    on small tables) agrees with the referee: the first move not in the listing is exactly
    the first finding that is not an unchecked note (same hand and move), a changed claim
    is a ``claim`` finding, and a mutated record whose moves are all legal is valid once
    its claims are recomputed.

The committed corpus fixtures/records/mutated/*.jsonl (regenerate with
``python bench/make_mutations.py``) must each be rejected by ``casino validate`` with
exactly the finding stored under ``"_expect"``.
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from clirun import casino
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation_oracle import MUTATIONS, TABLES, Expected, mutate, oracle, source_record, with_deck

from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, HandEnd, HandStart, Step, walk

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted((ROOT / "fixtures" / "records" / "mutated").glob("*.jsonl"))
EVENTS = (HandStart, Step, HandEnd, Finding)
CLAIM_MUTATIONS = ("change-hand-score", "change-result")


@functools.cache
def sources() -> tuple[dict, ...]:
    """Two records per table: one hand or two, seeded or with the deck written out."""
    out = []
    for i in range(2 * len(TABLES)):
        rec = source_record(i, hands=1 + (i // len(TABLES)))
        out.append(with_deck(rec) if i % 3 == 1 else rec)
    return tuple(out)


def referee_findings(record: dict, keep_going: bool = False) -> list[Finding]:
    events = list(walk(read_record(record), keep_going))
    assert all(isinstance(e, EVENTS) for e in events)
    return [e for e in events if isinstance(e, Finding) and not e.unchecked]


def check_mutation(mutation) -> Expected | None:
    """(a) and (b) for one mutated record; returns the oracle's first expected finding."""
    record = mutation.record
    findings = referee_findings(record)
    referee_findings(record, keep_going=True)  # (a): must not raise either
    verdict = oracle(record, {(mutation.hand, mutation.move)} if mutation.move else set())
    first = verdict.first
    if first is None:
        assert findings == [], (mutation.name, findings)
    else:
        assert findings, f"{mutation.name}: the referee found nothing, the oracle expects {first}"
        got = findings[0]
        assert (got.hand, got.move) == (first.hand, first.move), (mutation.name, got, first)
        if first.kind == "illegal":
            assert got.rule not in ("claim", "notation", "D4", "G4"), (mutation.name, got)
        else:
            assert got.rule == first.kind, (mutation.name, got, first)
    if mutation.name in CLAIM_MUTATIONS:
        assert first is not None and first.kind == "claim" and findings[0].rule == "claim"
    if verdict.moves_legal:
        assert referee_findings(verdict.truthful) == [], mutation.name
    return first


def test_sources_are_valid_and_cover_every_table():
    seen = set()
    for rec in sources():
        assert referee_findings(rec) == []
        assert oracle(rec).first is None
        seen.add((rec["rules"]["variant"], rec["rules"]["players"], rec["rules"].get("partnerships")))
    assert len(seen) == len(TABLES)


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_every_mutation_on_every_source(name):
    outcomes = set()
    for index, source in enumerate(sources()):
        for seed in range(2):
            mutation = mutate(source, name, random.Random(f"{name}/{index}/{seed}"))
            if mutation is None:
                continue
            first = check_mutation(mutation)
            outcomes.add(first.kind if first else "valid")
    # each kind of mutation does what it is for, at least sometimes
    wanted = {"change-hand-score": "claim", "change-result": "claim", "change-dealer": "D4"}.get(name, "illegal")
    assert wanted in outcomes, outcomes


def _budget(short: int, long: int):
    return pytest.mark.parametrize(
        "budget", [pytest.param(short, id="short"), pytest.param(long, id="long", marks=pytest.mark.slow)]
    )


@_budget(80, 5_000)
def test_random_mutations_agree_with_the_oracle(budget):
    @settings(
        max_examples=budget, deadline=None, derandomize=budget < 1000, suppress_health_check=[HealthCheck.too_slow]
    )
    @given(
        index=st.integers(0, 2 * len(TABLES) - 1),
        names=st.lists(st.sampled_from(list(MUTATIONS)), min_size=1, max_size=3),
        seed=st.integers(0, 2**32),
    )
    def check(index, names, seed):
        rng = random.Random(seed)
        record, mutation = sources()[index], None
        for name in names:  # mutations may pile up
            step = mutate(record, name, rng)
            if step is not None:
                record, mutation = (
                    step.record,
                    step._replace(
                        name=name if mutation is None else "combined",
                        hand=step.hand if mutation is None else None,
                        move=step.move if mutation is None else None,
                    ),
                )
        if mutation is not None:
            check_mutation(mutation)

    check()


def test_a_changed_claim_is_a_claim_finding_at_that_hand():
    for index, source in enumerate(sources()):
        for name in CLAIM_MUTATIONS:
            mutation = mutate(source, name, random.Random(index))
            findings = referee_findings(mutation.record)
            assert [(f.hand, f.move, f.rule) for f in findings] == [(mutation.hand, None, "claim")], findings


def test_swapping_a_seats_own_moves_can_stay_legal():
    """The oracle's 'valid' branch is exercised: some swaps are legal, and then the record
    with recomputed claims has no finding at all."""
    legal = 0
    for index, source in enumerate(sources()):
        for seed in range(6):
            mutation = mutate(source, "swap-moves", random.Random(f"legal/{index}/{seed}"))
            if mutation is not None and oracle(mutation.record).moves_legal:
                legal += 1
                assert referee_findings(oracle(mutation.record).truthful) == []
    assert legal > 0


# --- the committed corpus --------------------------------------------------------------------


def test_corpus_is_small_and_covers_every_mutation():
    assert {p.stem for p in CORPUS} == set(MUTATIONS)
    assert sum(p.stat().st_size for p in CORPUS) < 300 * 1024
    for path in CORPUS:
        lines = path.read_bytes().splitlines()
        variants = {orjson.loads(x)["rules"]["variant"] for x in lines}
        players = {orjson.loads(x)["rules"]["players"] for x in lines}
        assert variants == {"classic", "royal", "american-royal"} and players == {2, 3, 4}, path.name


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_validate_rejects_each_mutated_record_with_exactly_the_expected_finding(path):
    res = casino("validate", str(path))
    assert res.returncode == 1, res.stderr
    assert b"Traceback" not in res.stderr
    lines = path.read_bytes().splitlines()
    got: dict[int, list] = {}
    for raw in res.stdout.splitlines():
        f = orjson.loads(raw)
        assert f["file"] == str(path)
        if not f.get("unchecked"):
            got.setdefault(f["line"], []).append({k: f[k] for k in ("hand", "move", "rule")})
    expected = {i: [orjson.loads(x)["_expect"]] for i, x in enumerate(lines, 1)}
    assert got == expected
    n = len(lines)
    assert f"{n} records checked: 0 valid, {n} not valid ({n} findings)".encode() in res.stderr


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_corpus_expectations_agree_with_the_oracle(path):
    for raw in path.read_bytes().splitlines():
        record = orjson.loads(raw)
        expect = record.pop("_expect")
        first = oracle(record).first
        assert first is not None and (first.hand, first.move) == (expect["hand"], expect["move"])
        assert first.kind == expect["rule"] or (first.kind == "illegal" and expect["rule"] not in ("claim", "D4"))


def test_corpus_is_what_the_generator_makes():
    res = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "make_mutations.py"), "--check"], capture_output=True, timeout=120
    )
    assert res.returncode == 0, res.stderr.decode()
