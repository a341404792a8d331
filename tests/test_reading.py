"""Readers that never guess wrong (issue 17): the JSON Lines / one-document rule, refused
encodings, streams that go on past a bad record, and locations an editor can jump to."""

from __future__ import annotations

import gzip
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from clirun import casino
from hypothesis import given, settings
from hypothesis import strategies as st
from inproc import cli

from casino_cli.cli import inputs
from casino_cli.notation.locate import line_column, locate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = cli("simulate", "--games", "5", "--seed", "read").stdout.splitlines()
RECORD = orjson.loads(RECORDS[0])


def pretty(doc: object) -> bytes:
    return json.dumps(doc, indent=2).encode()


def test_bad_first_lines_do_not_swallow_the_stream():
    data = b"oops\noops\n" + b"\n".join(RECORDS) + b"\n"
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 65
    assert "7 records checked: 5 valid, 0 not valid (0 findings), 2 unreadable" in res.stderr
    assert [orjson.loads(x)["line"] for x in res.stdout.splitlines()] == [1, 2]


def test_a_stream_bigger_than_a_document_with_a_bad_first_line_is_json_lines(monkeypatch):
    monkeypatch.setattr(inputs, "MAX_DOCUMENT", len(RECORDS[0]) + 10)
    res = cli("validate", "-", stdin=b"{oops\n{oops\n" + b"\n".join(RECORDS) + b"\n")
    assert "7 records checked: 5 valid" in res.stderr and "larger than" not in res.stderr


def test_a_valid_multi_line_record_whose_line_is_a_whole_object_is_one_record():
    rest = dict(RECORD)
    del rest["format"], rest["rules"]
    text = (
        b'{"format": "casino.record/1", "rules":\n'
        + orjson.dumps(RECORD["rules"])
        + b"\n, "
        + orjson.dumps(rest)[1:]
        + b"\n"
    )
    assert orjson.loads(text) == {**RECORD}
    res = cli("validate", "-", stdin=text)
    assert res.returncode == 0, res.stderr
    assert "1 record checked: 1 valid" in res.stderr


def test_a_broken_pretty_document_is_one_error_at_its_line_and_column():
    lines = pretty(RECORD).split(b"\n")
    indent = len(lines[6]) - len(lines[6].lstrip())
    lines[6] = lines[6][:indent] + b"@" + lines[6][indent:]  # invalid JSON where line 7's text starts
    res = cli("validate", "-", stdin=b"\n".join(lines))
    assert res.returncode == 65 and "1 record checked" in res.stderr
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert (finding["line"], finding["rule"]) == (7, "notation")
    assert finding["column"] == indent + 1
    res = cli("score", "-", stdin=b"\n".join(lines))
    assert res.stderr.startswith(f"casino: <stdin>:7:{finding['column']}: $: invalid JSON")


def test_a_file_name_that_is_not_utf8_is_shown_with_its_byte(tmp_path):
    """``find . -print0 | xargs -0 casino validate`` over a Latin-1 ``caf\xe9.jsonl``: a
    finding in it, or an unreadable record of score, hint or review, was 'internal error:
    TypeError: str is not valid UTF-8' (exit 70); JSON and messages name it ``caf\\xe9``."""
    bad = RECORDS[0].replace(b'"moves":["', b'"moves":["ZZ","', 1)
    (tmp_path / os.fsdecode(b"caf\xe9.jsonl")).write_bytes(bad + b"\noops\n")
    name = os.path.join(os.fsdecode(tmp_path), os.fsdecode(b"caf\xe9.jsonl"))
    shown = os.fsdecode(tmp_path) + "/caf\\xe9.jsonl"
    res = casino("validate", name)
    findings = [orjson.loads(line) for line in res.stdout.splitlines()]
    assert res.returncode == 65 and [(f["file"], f["line"]) for f in findings] == [(shown, 1), (shown, 2)]
    for command in ("score", "hint", "review"):
        res = casino(command, name)
        said = [orjson.loads(line) for line in res.stdout.splitlines()][-1]
        assert res.returncode == 65 and said["error"].startswith(shown + ":2:1: $: invalid JSON"), command
        assert f"casino: {shown}:2:1: $: invalid JSON" in res.stderr.decode()


def test_pretty_documents_one_after_another_are_told_to_come_one_per_line():
    """``casino simulate | jq . | casino validate -`` (jq writes each record on many lines)
    said 'unexpected content after document', at the second record's first line."""
    first = pretty(RECORD)
    data = first + b"\n" + pretty(orjson.loads(RECORDS[1])) + b"\n"
    res = cli("validate", "-", "-f", "text", stdin=data)
    second = first.count(b"\n") + 2
    assert res.returncode == 65
    assert f"<stdin>:{second}:1: $: invalid JSON: a second document starts here" in res.stdout.decode()
    assert "one per line (JSON Lines, as jq -c writes them)" in res.stdout.decode()
    res = cli("moves", "-", stdin=b'{"format": "casino.position/1"} @')  # not a document: as orjson says
    assert res.returncode == 65 and "unexpected content after document" in res.stderr


def test_a_pretty_document_after_json_lines_is_told_to_come_on_one_line():
    """A results server's stream of records with one appended by ``jq .`` (or
    ``json.dumps(indent=2)``) said only 'unexpected end of data' at the ``{`` that opens
    it, and then 'unexpected content after document' at each of its lines; the opening
    line's message now says what happened and what to write."""
    data = RECORDS[0] + b"\n" + RECORDS[1] + b"\n" + pretty(orjson.loads(RECORDS[2])) + b"\n"
    res = cli("validate", "-", "-f", "text", stdin=data)
    found = res.stdout.decode().splitlines()
    assert res.returncode == 65
    assert found[0] == (
        "<stdin>:3:2: $: invalid JSON: unexpected end of data; this line opens a document written on the lines"
        " below it (as jq without -c writes one): in JSON Lines each document is one line, as jq -c writes them"
        " (notation)"
    )
    assert "opens a document" not in "".join(found[1:])  # its other lines as before
    for cut in (RECORDS[1][:-40] + b"\n", b"{"):  # a line cut short, a last line cut after its {
        res = cli("validate", "-", "-f", "text", stdin=RECORDS[0] + b"\n" + cut)
        assert res.returncode == 65 and "unexpected end of data (notation)" in res.stdout.decode()


@pytest.mark.parametrize(
    "data, name",
    [
        (b"\xff\xfe" + "{}".encode("utf-16-le"), "UTF-16"),
        (b"\xfe\xff" + "{}".encode("utf-16-be"), "UTF-16"),
        (b"\xff\xfe\x00\x00" + "{}".encode("utf-32-le"), "UTF-32"),
        (gzip.compress(RECORDS[0] + b"\n"), "gzip-compressed"),
    ],
)
def test_other_encodings_are_refused_by_name(data, name):
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 65
    assert f"input is {name}" in res.stdout.decode()
    res = cli("moves", "-", stdin=data)
    assert res.returncode == 65 and f"<stdin>:1: input is {name}" in res.stderr


@pytest.mark.parametrize("encoding", ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"])
@pytest.mark.parametrize("command", ["moves", "score", "replay", "convert"])
def test_utf16_and_utf32_without_a_byte_order_mark_are_refused_by_name(command, encoding):
    """``iconv -t UTF-16LE`` writes no byte order mark: such input was 'invalid JSON:
    unexpected character, expected a string key' at 1:2, as if the JSON were wrong."""
    for data in (RECORDS[0] + b"\n", pretty(RECORD)):  # a pretty record's first line is "{"
        res = cli(command, "-", stdin=data.decode().encode(encoding))
        assert res.returncode == 65
        assert f"<stdin>:1: input is {encoding} text with no byte order mark" in res.stderr
        assert f"iconv -f {encoding} -t UTF-8" in res.stderr


@pytest.mark.parametrize(
    "encode, name",
    [
        (lambda text: b"\xff\xfe" + text.encode("utf-16-le"), "UTF-16"),
        (lambda text: text.encode("utf-16-le"), "UTF-16LE text with no byte order mark"),
        (lambda text: gzip.compress(text.encode()), "gzip-compressed"),
    ],
)
def test_a_cas_file_in_another_encoding_is_refused_by_name_too(tmp_path, encode, name):
    """A .cas saved as UTF-16 (Notepad's "Unicode") or compressed: it was 'this line is not UTF-8 text'."""
    path = tmp_path / "club-night.cas"
    with open("fixtures/text/club-night.cas", encoding="utf-8") as fh:
        path.write_bytes(encode(fh.read()))
    res = cli("validate", str(path), "-f", "text")
    assert res.returncode == 65 and f"{path}:1: input is {name}" in res.stdout.decode()


@pytest.mark.parametrize("command", ["score", "replay"])
def test_score_and_replay_go_on_past_an_unreadable_record(command):
    data = RECORDS[0] + b"\n{oops\n" + RECORDS[1] + b"\n"
    res = cli(command, "-", "--format", "jsonl", stdin=data)
    assert res.returncode == 65
    assert "<stdin>:2:" in res.stderr
    alone = cli(command, "-", "--format", "jsonl", stdin=RECORDS[1] + b"\n").stdout
    if command == "replay":  # the notes name the record's input line: 3 here, 1 alone
        alone = alone.replace(b'"_replay":{"line":1,', b'"_replay":{"line":3,')
    else:  # the unreadable record's place is kept
        assert b'{"format":"casino.score/1","line":2,"error":' in res.stdout
    assert res.stdout.endswith(alone) and alone


def test_validate_reads_standard_input_once():
    res = cli("validate", "-", "-", stdin=RECORDS[0] + b"\n")
    assert res.returncode == 0, res.stderr
    assert "1 record checked: 1 valid" in res.stderr and "read once" in res.stderr


def test_a_terminal_on_stdin_gets_a_hint():
    master, slave = pty.openpty()
    position = cli("deal", "--seed", "7").stdout
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", "moves", "-", "--format", "text"],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(slave)
    os.write(master, position + b"\n\x04")
    out, err = proc.communicate(timeout=60)
    os.close(master)
    assert proc.returncode == 0, err
    assert err.decode().count("\n") == 1 and "from the terminal" in err.decode() and "Ctrl-D" in err.decode()


@pytest.mark.parametrize(
    ("command", "typed", "said"),
    [
        (["moves", "-"], b"\x04", "empty input"),  # Ctrl-D at once: the end, met once
        (["convert", "-"], b"\x04", "empty input"),
        (["moves", "-"], b'{"format":\x04\x04', "unexpected end of data"),  # a line cut short: its Ctrl-D, then the end
    ],
)
def test_the_end_of_a_terminal_s_input_is_met_once(command, typed, said):
    """A terminal gives its end of input (Ctrl-D) once: reading ahead to tell JSON from casino
    text meets it, and the reading after does not wait for a second one."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", *command], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    os.close(slave)
    os.write(master, typed)
    try:
        out, err = proc.communicate(timeout=60)  # a bound on a hang, not a timing: it exits at once
    finally:
        proc.kill()
        os.close(master)
    assert proc.returncode == 65 and said in err.decode() and not out, err


def test_an_endless_line_is_cut_and_reported():
    res = casino("moves", "/dev/zero")
    assert res.returncode == 65
    assert b"/dev/zero:1: $: line longer than 16 MB" in res.stderr and b"not read further" in res.stderr
    assert b"Traceback" not in res.stderr


# --- locations ----------------------------------------------------------------------------


def test_the_locator_finds_every_element_of_a_document():
    doc = {"a": [1, {"b": "x", "c": [True, None, '}]\\"']}], "d\u00e9": {"e": -2.5e3}, "": []}
    for data in (pretty(doc), orjson.dumps(doc), json.dumps(doc, indent="\t", ensure_ascii=False).encode()):
        for path, value in _paths(doc, "$"):
            at = locate(data, path)
            assert orjson.loads(_value_text(data, at)) == value, (path, data[at:])


def test_line_and_column_count_characters():
    data = '{\n  "é": "ß", "x": 1}'.encode()
    assert line_column(data, locate(data, "$.x")) == (2, 18)  # 20 in bytes


def _naive_line_column(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column counted from the start of the document."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[line_start:offset].decode("utf-8", "replace")) + 1


@given(
    st.lists(
        st.sampled_from(
            [b"ab", b"\xc3\xa9", b"\xe2\x82\xac", b"\xe2\x82", b"\xff", b"\n", b" " * 3000, b"\xc3\xa9" * 3000]
        ),
        max_size=40,
    )
)
@settings(max_examples=60, deadline=None)
def test_line_and_column_of_a_long_document_are_those_counted_from_its_start(pieces):
    """Counted from the nearest kept place, as in a long document, at every seventh byte: between the
    bytes of a character and after bytes that are none (one U+FFFD each run) too."""
    data = b"".join(pieces) * 3
    for offset in range(0, len(data) + 1, 7):
        assert line_column(data, offset) == _naive_line_column(data, offset), offset


class _CountingBytes(bytes):
    """Bytes that add up how many bytes line_column's searches, counts and slices read."""

    read = 0

    def count(self, sub, start=0, end=None):
        _CountingBytes.read += (len(self) if end is None else end) - start
        return super().count(sub, start, end)

    def rfind(self, sub, start=0, end=None):
        _CountingBytes.read += (len(self) if end is None else end) - start
        return super().rfind(sub, start, end)

    def __getitem__(self, key):
        part = super().__getitem__(key)
        if isinstance(key, slice):
            _CountingBytes.read += len(part)
        return part


def test_locating_every_finding_of_a_long_one_line_record_reads_it_a_bounded_number_of_times():
    """A record of 0.2 MB on one line with 5,000 shown cards, each a finding: each location
    counted lines and characters from the start of the line (about 1.4 * 10**9 bytes read in
    all; `validate --keep-going` took 27 s on 2.3 MB so, and the time grows as the square of
    the size); the places kept
    every 4 KB bound it to a few times the document, plus a stride a finding."""
    hand = {"dealer": 3, "table": ["7D", "2C", "9S", "KH"], "moves": ["3H"]}
    hand["shown"] = [{"after": 0, "seat": 1, "cards": ["7D"]}] * 50
    data = _CountingBytes(orjson.dumps({"hands": [hand] * 100}))
    paths = [f"$.hands[{h}].shown[{i}]" for h in range(100) for i in range(50)]
    _CountingBytes.read = 0
    places = {line_column(data, locate(data, path)) for path in paths}
    assert len(places) == len(paths) and {line for line, _ in places} == {1}
    assert _CountingBytes.read < 4 * len(data) + 2 * 4096 * len(paths)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"[" * 500 + b"x", "<stdin>:1:501: $: invalid JSON: Expecting value"),
        (b"[" * 190 + b"\n", "<stdin>:2:1: $: invalid JSON: Expecting value"),
        (b"[" * 1000 + b"x", "<stdin>:1:1001: $: invalid JSON: Expecting value"),
    ],
)
def test_a_fault_deep_in_unclosed_arrays_is_named_where_it_is(data, said):
    """orjson calls these "failed to allocate memory", at a column short of the fault.
    Python's reader names it, unless it cannot go as deep (3.11 stops at the recursion
    limit, 3.12 goes further): then the document is said to nest too deeply."""
    if _python_json_stops_at(data.count(b"[")):
        said = "<stdin>:1:1: $: invalid JSON: arrays and objects nested too deeply, and not closed"
    res = cli("moves", "-", stdin=data)
    assert res.returncode == 65 and res.stderr.strip() == "casino: " + said, res.stderr


def _python_json_stops_at(depth: int) -> bool:
    try:
        json.loads("[" * depth + "]" * depth)
    except RecursionError:
        return True
    return False


def test_a_finding_in_a_pretty_record_names_the_line_and_column_of_its_move():
    bad = json.loads(json.dumps(RECORD))
    moves = bad["hands"][0]["moves"]
    moves[5] = moves[7]
    data = pretty(bad)
    res = cli("validate", "-", stdin=data)
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    lines = data.split(b"\n")
    move = finding["move"]
    line = next(i + 1 for i, text in enumerate(lines) if text.strip() == b'"moves": [') + move
    assert lines[line - 1].strip().rstrip(b",") == json.dumps(moves[move - 1]).encode()
    assert (finding["line"], finding["column"]) == (line, 9)
    text = cli("validate", "-", "--format", "text", stdin=data).stdout.decode()
    assert text.startswith(f"<stdin>:{line}:9: hand 1, move {move} ")


def test_a_finding_in_json_lines_names_its_line():
    bad = json.loads(json.dumps(RECORD))
    bad["hands"][0]["score"] = [99, 99]
    res = cli("validate", "-", stdin=RECORDS[1] + b"\n" + orjson.dumps(bad) + b"\n")
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert finding["line"] == 2 and finding["rule"] == "claim"
    line = orjson.dumps(bad)
    assert line[finding["column"] - 1 :].startswith(b"[99,99]")


def _paths(value: object, path: str):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            if key and "." not in key:
                yield from _paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, f"{path}[{index}]")


def _value_text(data: bytes, at: int) -> bytes:
    """The JSON value starting at ``at`` (the shortest prefix that parses)."""
    decoder = json.JSONDecoder()
    text = data.decode()
    start = len(data[:at].decode())
    value, end = decoder.raw_decode(text, start)
    return text[start:end].encode()


# --- duplicate keys -----------------------------------------------------------------------


def test_a_repeated_key_is_refused_with_its_path_and_place():
    data = pretty(RECORD).replace(b'"dealer": 1,', b'"dealer": 1,\n      "dealer": 0,', 1)
    assert data.count(b'"dealer"') == pretty(RECORD).count(b'"dealer"') + 1
    res = cli("validate", "-", stdin=data)
    assert res.returncode == 65
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert finding["message"].startswith("$.hands[0].dealer: the key 'dealer' appears twice")
    lines = data.split(b"\n")
    assert b'"dealer": 0' in lines[finding["line"] - 1]
    position = cli("deal", "--seed", "2").stdout.strip()
    doubled = position[:-1] + b',"turn":1}'
    res = cli("moves", "-", stdin=doubled)
    assert res.returncode == 65 and "$.turn: the key 'turn' appears twice" in res.stderr


def test_loads_places_a_repeated_key_as_it_places_bad_json():
    """docs/api.md: `.at` is the line and column of a fault in the JSON text, a repeated key
    too (it was None there: only the path said where)."""
    from casino_cli.notation.errors import NotationError
    from casino_cli.notation.fields import loads

    with pytest.raises(NotationError) as bad:
        loads('{"b": {"a": 1,\n\n   "a": [2]}}')
    assert (bad.value.path, bad.value.at) == ("$.b.a", (3, 9))


def _pairs_repeat(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise KeyError("repeated")
    return dict(pairs)


def _repeats(text: str) -> bool:
    try:
        json.loads(text, object_pairs_hook=_pairs_repeat)
    except KeyError:
        return True
    return False


keys = st.sampled_from(["a", "b", "a:b", ":", "\\u003a", "\\u0061", '\\"', "x\\\\"])
scalars = st.one_of(st.integers(-5, 5), st.sampled_from(['"1:4S"', '":"', '"\\u003a"', "null", '"}"']))
values = st.recursive(
    scalars.map(str),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]"),
        st.lists(st.tuples(keys, inner), max_size=4).map(
            lambda kv: "{" + ", ".join(f'"{k}" : {v}' for k, v in kv) + "}"
        ),
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(text=values)
def test_repeated_keys_are_found_exactly_when_a_key_repeats(text):
    from hypothesis import assume

    from casino_cli.notation.errors import NotationError
    from casino_cli.notation.fields import loads

    assume(text.startswith(("{", "[")))
    try:
        loads(text)
    except NotationError as exc:
        assert "appears twice" in exc.message and _repeats(text), text
    else:
        assert not _repeats(text), text


# --- bounded resources (measured in bench/line_memory.py; here only the behaviour) -----------


def test_a_document_with_too_many_arrays_and_objects_is_refused(monkeypatch):
    from casino_cli.notation import fields

    monkeypatch.setattr(fields, "MAX_CONTAINERS", 1_000)
    many = RECORDS[0][:-1] + b',"_data":[' + b",".join([b"{}"] * 1_000) + b"]}"
    res = cli("validate", "-", stdin=many + b"\n" + RECORDS[1] + b"\n")
    assert res.returncode == 65 and "2 records checked: 1 valid" in res.stderr
    assert b"more than 1,000 arrays and objects" in res.stdout
    brackets_in_text = RECORDS[0][:-1] + b',"_data":"' + b"[{" * 1_000 + b'"}'
    assert cli("validate", "-", stdin=brackets_in_text).returncode == 0


@pytest.mark.parametrize("depth, readable", [(30, True), (31, True), (32, False), (200, False), (2000, False)])
def test_user_data_depth_is_bounded(depth, readable):
    nested = b"[" * depth + b"0" + b"]" * depth
    res = cli("validate", "-", stdin=RECORDS[0][:-1] + b',"_data":' + nested + b"}")
    assert (res.returncode == 0) == readable, res.stdout


def test_a_raised_build_keeps_its_user_keys():
    position = {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "turn": 0,
        "table": {"loose": ["3H"], "builds": [{"value": 6, "owner": 1, "cards": ["2S", "4H"], "_said": "sixes"}]},
        "hands": [["AC", "7S", "KD", "KH"], ["6C", "9H", "9C", "7C"]],
    }
    res = cli("apply", "-", "AC+2S+4H=7", stdin=json.dumps(position))  # raised with a card lower than 2S
    assert res.returncode == 0, res.stderr
    (build,) = orjson.loads(res.stdout)["table"]["builds"]
    assert build["cards"] == ["AC", "2S", "4H"] and build["_said"] == "sixes"


def test_a_pretty_document_beyond_the_limit_is_one_error(monkeypatch):
    monkeypatch.setattr(inputs, "MAX_DOCUMENT", 300)
    res = cli("validate", "-", stdin=pretty(RECORD))
    assert res.returncode == 65 and "1 record checked" in res.stderr and "1 unreadable" in res.stderr
    (finding,) = [orjson.loads(x) for x in res.stdout.splitlines()]
    assert "must be written as JSON Lines" in finding["message"] and finding["line"] == 1


def test_json_that_is_not_utf8_is_located_at_its_first_bad_byte(tmp_path):
    """A document saved in another encoding (é as Latin-1 here) is refused at the byte that
    is not UTF-8, with what to do; before, orjson's 'surrogates not allowed' at column 1."""
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": "casino.position/1",\n "_note": "café"}\n'.encode("latin-1"))
    out = cli("moves", str(path))
    assert out.returncode == 65
    assert out.stderr == f"casino: {path}:2:15: $: invalid JSON: not UTF-8 text, byte 0xE9 (save it as UTF-8)\n"


def test_the_commands_that_read_streams_are_those_notation_md_names():
    """Each command with a FILE takes a stream of documents exactly when docs/notation.md says
    so (convert, hint and review took streams, and the page named four commands)."""
    page = " ".join((ROOT / "docs" / "notation.md").read_text(encoding="utf-8").split())
    named = set(re.findall(r"`(\w+)`", page.partition(" accept streams ")[0].rpartition(". ")[2]))
    positions = cli("deal", "--seed", "7").stdout * 2
    records = cli("convert", str(ROOT / "fixtures" / "records" / "dispute-part-way.json"), "--to", "json").stdout * 2
    runs = {
        ("moves",): positions,
        ("apply", "2C"): positions,
        ("judge", "2C"): positions,
        ("hint",): positions,
        ("score",): records,
        ("replay",): records,
        ("validate",): records,
        ("convert",): records,
        ("review",): records,
    }
    streams = {
        args[0] for args, two in runs.items() if "found more" not in cli(args[0], "-", *args[1:], stdin=two).stderr
    }
    assert streams == named and len(named) > 4
