#!/usr/bin/env python3
"""Regenerate fixtures/records/mutated/*.jsonl: mutated copies of simulated records.

Each line is a ``casino.record/1`` document made invalid by one mutation (a swapped,
dropped or altered move, an altered claim or dealer), plus the finding ``casino validate``
must report, under the user key ``"_expect": {"hand": ..., "move": ..., "rule": ...}``.
Every expectation is agreed by two independent judges before it is written: the
referee (``walk``) and the oracle of tests/mutation_oracle.py, which replays the hand
and asks whether the move is among the legal moves listed (and the brute-force
reference of tests/reference.py on small tables).

The output is deterministic: the same code gives the same bytes.

    python bench/make_mutations.py          # rewrite the corpus
    python bench/make_mutations.py --check  # exit 1 if the committed corpus differs
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402
from mutation_oracle import MUTATIONS, TABLES, mutate, oracle, source_record, with_deck  # noqa: E402

from casino_cli.records.record import read_record  # noqa: E402
from casino_cli.records.referee import Finding, walk  # noqa: E402

OUT = ROOT / "fixtures" / "records" / "mutated"
TRIES = 40  # seeds tried per (mutation, table) for one that makes the record invalid


def expectation(record: dict, mutation) -> dict | None:
    """The single finding of an invalid mutated record, agreed by referee and oracle."""
    findings = [e for e in walk(read_record(record)) if isinstance(e, Finding) and not e.unchecked]
    verdict = oracle(record, {(mutation.hand, mutation.move)} if mutation.move else set())
    if verdict.first is None:
        assert not findings, (mutation.name, findings)
        return None
    if len(findings) != 1:
        return None  # keep the corpus to records with exactly one finding
    (f,) = findings
    first = verdict.first
    assert (f.hand, f.move) == (first.hand, first.move), (mutation.name, f, first)
    assert first.kind == "illegal" and f.rule not in ("claim", "notation") or f.rule == first.kind, (f, first)
    return {"hand": f.hand, "move": f.move, "rule": f.rule}


def build() -> dict[str, bytes]:
    """The corpus: file name -> bytes."""
    out = {}
    for name in MUTATIONS:
        lines = []
        for index in range(len(TABLES)):
            hands = 2 if name in ("change-dealer", "change-result") else 1
            source = source_record(index, hands=hands)
            if index % 2:
                source = with_deck(source)
            for attempt in range(TRIES):
                rng = random.Random(f"{name}/{index}/{attempt}")
                mutation = mutate(source, name, rng)
                if mutation is None:
                    continue
                expect = expectation(mutation.record, mutation)
                if expect is not None:
                    lines.append(orjson.dumps(dict(mutation.record, _expect=expect)))
                    break
        out[f"{name}.jsonl"] = b"".join(line + b"\n" for line in lines)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed corpus, write nothing")
    args = parser.parse_args()
    corpus = build()
    if args.check:
        committed = {p.name: p.read_bytes() for p in OUT.glob("*.jsonl")}
        if committed != corpus:
            print(f"{OUT} differs from what bench/make_mutations.py generates", file=sys.stderr)
            return 1
        print(f"{OUT}: up to date ({len(corpus)} files)")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.jsonl"):
        if old.name not in corpus:
            old.unlink()
    for file, data in corpus.items():
        (OUT / file).write_bytes(data)
    total = sum(len(d) for d in corpus.values())
    records = sum(d.count(b"\n") for d in corpus.values())
    print(f"wrote {records} mutated records in {len(corpus)} files to {OUT} ({total // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
