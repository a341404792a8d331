"""Fuzzing with the classes of the hostile-input campaign (issue 17): streams whose first
lines are junk, multi-line records with whole-object lines, other encodings and
compression, repeated keys, card look-alikes and other spaces, impossible positions,
terminal escapes in names, heavy user data. A short run by default; the long run is
marked slow (``pytest -m slow tests/test_fuzz_hostile.py``).

Properties, through the command line in-process: the exit code is documented and never
an internal error; no record of a JSON Lines stream is lost (every non-blank line is
counted); nothing for people carries a raw control character."""

from __future__ import annotations

import gzip
import json
import random

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from inproc import cli
from test_fuzz import fuzz, runs

RECORDS = cli("simulate", "--games", "4", "--seed", "hostile").stdout.splitlines()
POSITIONS = [cli("deal", "--seed", f"hostile-{i}").stdout.strip() for i in range(3)]
CONTROL = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))] + ["\u202e"]

JUNK_LINES = [b"oops", b"{", b"}", b"[", b"42", b'"text"', b"null", b"\x00\xff", b"{oops", b",", b"\xef\xbb\xbf{"]
LOOKALIKES = ["ſ", "\u212a", "\u00a0", "\t", "\x1c", "\u3000", "Ｔ", "\u2003"]
ESCAPES = ["\x1b]52;c;AAAA\x07", "\x1b[2J", "\x9b2J", "\u202e", "\x1b]0;t\x1b\\", "\x07"]


def _mutate_record(rng: random.Random, record: dict) -> dict:
    """A record changed in one of the ways the campaign found readers mishandle."""
    record = json.loads(json.dumps(record))
    kind = rng.randrange(5)
    hand = record["hands"][rng.randrange(len(record["hands"]))]
    if kind == 0:
        record["players"] = [rng.choice(ESCAPES) + "Ana", "Ben" + rng.choice(ESCAPES)]
    elif kind == 1 and hand["moves"]:
        i = rng.randrange(len(hand["moves"]))
        text = hand["moves"][i]
        at = rng.randrange(len(text) + 1)
        hand["moves"][i] = text[:at] + rng.choice(LOOKALIKES) + text[at:]
    elif kind == 2:
        record["_data"] = [rng.choice([{}, [], 0, "", [[[]]]]) for _ in range(rng.randrange(200))]
    elif kind == 3 and hand["moves"]:
        rng.shuffle(hand["moves"])
    return record


def _stream(rng: random.Random) -> tuple[bytes, int]:
    """A JSON Lines stream (junk first lines included) and how many non-blank lines it has."""
    lines = [rng.choice(JUNK_LINES) for _ in range(rng.randrange(3))]
    for _ in range(rng.randrange(1, 6)):
        record = _mutate_record(rng, orjson.loads(rng.choice(RECORDS)))
        lines.append(orjson.dumps(record))
        if rng.random() < 0.2:
            lines.append(rng.choice(JUNK_LINES))
        if rng.random() < 0.1:
            lines.append(b"  ")
    return b"\n".join(lines) + b"\n", sum(1 for line in lines if line.strip())


def _document(rng: random.Random) -> bytes:
    """One document that is not a plain stream: pretty, broken, encoded, compressed, repeated keys."""
    record = _mutate_record(rng, orjson.loads(rng.choice(RECORDS)))
    text = json.dumps(record, indent=rng.choice([1, 2, "\t"]), ensure_ascii=rng.random() < 0.5).encode()
    kind = rng.randrange(6)
    if kind == 0:
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice([b",", b"@", b"}", b'"']) + text[at:]
    elif kind == 1:
        text = rng.choice([b"\xff\xfe", b"\xfe\xff"]) + text.decode().encode("utf-16")
    elif kind == 2:
        text = gzip.compress(text)
    elif kind == 3:
        text = text.replace(b'"dealer": ', b'"dealer": 0, "dealer": ', 1)
    elif kind == 4:
        text = text.replace(b'"rules": ', b'"rules":\n' + orjson.dumps(record["rules"]) + b',\n"_r": ', 1)
    return text


def _position(rng: random.Random) -> bytes:
    """A dealt position with one bound of the accounting broken, or a card look-alike."""
    pos = orjson.loads(rng.choice(POSITIONS))
    kind = rng.randrange(6)
    if kind == 0:
        pos["captured"] = [52, 52]
    elif kind == 1:
        pos["sweeps"] = [rng.randrange(1, 53), 0]
    elif kind == 2:
        pos["last_capture"] = 1
    elif kind == 3:
        pos["scores"] = [-1, 0]
    elif kind == 4:
        pos["captured"] = [1, 0]
    else:
        card = pos["hands"][0][0]
        pos["hands"][0][0] = card[0] + rng.choice(LOOKALIKES) if rng.random() < 0.5 else " " + card + "\t"
    return orjson.dumps(pos)


def _assert_shown_safely(res) -> None:
    assert res.returncode in (0, 1, 2, 65), (res.returncode, res.stderr[-500:])
    assert "internal error" not in res.stderr and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert not any(c in res.stderr for c in CONTROL if c != "\n"), ascii(res.stderr[-500:])


@runs(10, 1_500)
def test_no_record_of_a_hostile_stream_is_lost(budget):
    @fuzz(budget)
    @given(seed=st.integers(0, 2**32))
    def check(seed):
        data, lines = _stream(random.Random(seed))
        res = cli("validate", "-", "--format", "text", stdin=data)
        _assert_shown_safely(res)
        counted = int(res.stderr.rsplit("casino: ", 1)[1].split(" record")[0])
        assert counted == lines, (counted, lines, res.stderr[-500:])
        assert not any(c in res.stdout.decode() for c in CONTROL if c != "\n")
        for command in ("score", "replay"):
            _assert_shown_safely(cli(command, "-", stdin=data))

    check()


@runs(10, 1_500)
def test_hostile_documents_and_positions_are_refused_or_read_never_crash(budget):
    @fuzz(budget)
    @given(seed=st.integers(0, 2**32))
    def check(seed):
        rng = random.Random(seed)
        document = _document(rng)
        for command in (("validate", "-", "--format", "text"), ("score", "-"), ("replay", "-")):
            _assert_shown_safely(cli(*command, stdin=document))
        position = _position(rng)
        for command in (("moves", "-"), ("apply", "-", "KS"), ("score", "-")):
            res = cli(*command, stdin=position)
            _assert_shown_safely(res)
        assert cli("moves", "-", stdin=position).returncode == 65  # every broken bound is refused

    check()


@pytest.mark.parametrize("seed", range(3))
def test_the_corpus_makes_what_it_says(seed):
    rng = random.Random(seed)
    data, lines = _stream(rng)
    assert lines >= 1 and data.endswith(b"\n")
    assert _document(rng) and _position(rng)
