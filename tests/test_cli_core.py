"""deal, moves and apply from the command line: outputs, formats and exit codes."""

from __future__ import annotations

import orjson
import pytest
from clirun import casino
from inproc import cli

EXAMPLE_1 = {
    "format": "casino.position/1",
    "rules": {"variant": "classic", "players": 2},
    "turn": 0,
    "table": {"loose": ["8D", "5C", "3H", "6S", "2D", "KH"]},
    "hands": [["8S", "4C"], None],
}


def test_deal_is_reproducible_and_canonical():
    a = casino("deal", "--seed", "7", "--variant", "royal")
    b = casino("deal", "--seed", "7", "--variant", "royal")
    assert a.returncode == 0 and a.stdout == b.stdout
    doc = orjson.loads(a.stdout)
    assert doc["format"] == "casino.position/1" and doc["turn"] == 0 and doc["dealer"] == 1
    assert len(doc["stock"]) == 40 and len(doc["table"]["loose"]) == 4
    assert casino("deal", "--seed", "8", "--variant", "royal").stdout != a.stdout


def test_deal_pipes_into_moves():
    dealt = casino("deal", "--seed", "7")
    listing = casino("moves", "-", stdin=dealt.stdout)
    assert listing.returncode == 0, listing.stderr
    doc = orjson.loads(listing.stdout)
    assert doc["format"] == "casino.moves/1" and doc["count"] == len(doc["moves"]) > 0
    assert doc["truncated"] is False


def test_moves_of_worked_example_1_text_and_json():
    text = casino("moves", "-", "--format", "text", stdin=orjson.dumps(EXAMPLE_1))
    assert text.stdout.decode().split() == [
        "4C",
        "8Sx2D+3H+5C+6S",
        "8Sx2D+3H+5C+6S+8D",
        "8Sx2D+6S",
        "8Sx2D+6S+8D",
        "8Sx3H+5C",
        "8Sx3H+5C+8D",
        "8Sx8D",
        "8S",
    ]
    doc = orjson.loads(casino("moves", "-", stdin=orjson.dumps(EXAMPLE_1)).stdout)
    sweep = next(m for m in doc["moves"] if m["move"] == "8Sx2D+3H+5C+6S+8D")
    assert sweep["sweep"] is False  # the king stays on the table
    assert doc["moves"][0] == {"type": "trail", "card": "4C", "move": "4C"}


def test_moves_streams_json_lines_one_result_per_line():
    lines = b"\n".join(orjson.dumps(EXAMPLE_1) for _ in range(3)) + b"\n"
    out = casino("moves", "-", stdin=lines)
    assert out.returncode == 0
    assert len(out.stdout.splitlines()) == 3


def test_moves_bad_line_in_stream_names_line_and_keep_going():
    lines = orjson.dumps(EXAMPLE_1) + b'\n{"format": 3}\n' + orjson.dumps(EXAMPLE_1) + b"\n"
    stop = casino("moves", "-", stdin=lines)
    assert stop.returncode == 65 and len(stop.stdout.splitlines()) == 1
    assert b"<stdin>:2" in stop.stderr
    going = casino("moves", "-", "--keep-going", stdin=lines)
    assert going.returncode == 65 and len(going.stdout.splitlines()) == 3
    assert orjson.loads(going.stdout.splitlines()[1])["line"] == 2


def test_apply_plays_moves_and_refuses_with_rule():
    pos = orjson.dumps(EXAMPLE_1)
    out = casino("apply", "-", "8sx8d", stdin=pos)
    assert out.returncode == 0, out.stderr
    doc = orjson.loads(out.stdout)
    assert doc["turn"] == 1 and doc["captured"][0] == ["8S", "8D"] and doc["last_capture"] == 0
    bad = casino("apply", "-", "4C+5C=9", stdin=pos)
    assert bad.returncode == 1 and bad.stdout == b""
    assert b"4C+5C=9 is illegal: seat 0 would hold no card to capture 9 (B3)" in bad.stderr
    unreadable = casino("apply", "-", "4Z", stdin=pos)
    assert unreadable.returncode == 65 and b"'4Z' is not a card" in unreadable.stderr


def test_apply_plays_a_later_mover_s_unknown_hand_as_cards_of_its_size_and_refuses_one_of_no_size():
    """Seat 1's null hand holds as many cards as seat 0's did (D2): the move played is the
    evidence, as for a hand given by its size; a hand of no size says it is unreadable."""
    puzzle = orjson.dumps(EXAMPLE_1)  # seat 1's hand is null
    played = casino("apply", "-", "4C", "9H", stdin=puzzle)
    assert played.returncode == 0, played.stderr
    assert orjson.loads(played.stdout)["table"]["loose"] == ["2D", "3H", "4C", "5C", "6S", "8D", "9H", "KH"]
    seen = casino("apply", "-", "4C", "8S", stdin=puzzle)
    assert seen.returncode == 1 and seen.stdout == b""
    assert b"move 2 (seat 1): 8S is illegal: seat 1 cannot hold 8S" in seen.stderr
    nothing = orjson.dumps(dict(EXAMPLE_1, turn=1, hands=[None, None]))
    out = casino("apply", "-", "4C", stdin=nothing)
    assert out.returncode == 65 and out.stdout == b""
    assert b"$.hands[1]: seat 1 is to move but its hand is unknown (null)\n" in out.stderr


def test_apply_notes_what_a_partly_known_movers_move_depends_on_and_refuses_it_as_judge_would():
    """Seat 1's 2 cards are unknown: a trail is legal whatever they are (nothing said), a
    build of 7 is legal only if it still holds a 7 (a note, as judge rules it unsettled),
    and a build of 15 is illegal whatever they are (B1, said in the rule's own words)."""
    puzzle = orjson.dumps(EXAMPLE_1)
    trail = casino("apply", "-", "4C", "9H", stdin=puzzle)
    assert trail.returncode == 0 and trail.stderr == b""
    build = casino("apply", "-", "4C", "3D+4C=7", stdin=puzzle)
    assert build.returncode == 0
    assert (
        build.stderr == b"casino: move 2: note: 3D+4C=7 is legal only if seat 1 still held a 7 after this move (B3)\n"
    )
    assert orjson.loads(build.stdout)["table"]["builds"] == [{"value": 7, "owner": 1, "cards": ["3D", "4C"]}]
    ruled = orjson.loads(cli("judge", "-", "1:3D+4C=7", stdin=casino("apply", "-", "4C", stdin=puzzle).stdout).stdout)
    assert (ruled["verdict"], ruled["rule"]) == ("unsettled", "B3")
    wrong = casino("apply", "-", "4C", "7H+8D=15", stdin=puzzle)
    assert wrong.returncode == 1 and wrong.stdout == b""
    said = b"casino: move 2 (seat 1): 7H+8D=15 is illegal: a build is worth 2 to 10 in these rules, not 15 (B1)\n"
    assert wrong.stderr == said


def test_apply_checks_a_move_object_s_seat_against_the_turn_and_the_table():
    """``seat`` in a move object is checked against the turn (as in records), within the
    seats at this table, naming the key."""
    dealt = casino("deal", "--seed", "7").stdout  # seat 0 to move, holding 2C
    for move, code, said in (
        ('{"type":"trail","card":"2C","seat":0}', 0, b""),
        ('{"move":"2C","seat":0}', 0, b""),
        (
            '{"type":"trail","card":"2C","seat":1}',
            1,
            b"casino: move 1: 2C is illegal: it is seat 0's turn, not seat 1's (turn)\n",
        ),
        ('{"move":"2C","seat":1}', 1, b"casino: move 1: 2C is illegal: it is seat 0's turn, not seat 1's (turn)\n"),
        ('{"type":"trail","card":"2C","seat":3}', 65, b"casino: move 1: seat: 3 is out of range (0..1)\n"),
        ('{"type":"trail","card":"2C","seat":7}', 65, b"casino: move 1: seat: 7 is out of range (0..1)\n"),
        ('{"type":"trail","card":"ZZ"}', 65, b"casino: move 1: card: 'ZZ' is not a card"),
        ("0:2C", 0, b""),  # a seat before ':', as in a record's move
        ("1: 2C", 1, b"casino: move 1: 2C is illegal: it is seat 0's turn, not seat 1's (turn)\n"),
        ("3:2C", 65, b"casino: move 1: seat 3 before ':' is not at the table: the seats are 0 to 1\n"),
        ('{"move":"1:2C","seat":0}', 65, b"casino: move 1: seat: the move's text names seat 1 but 'seat' says 0\n"),
    ):
        out = casino("apply", "-", move, stdin=dealt)
        assert out.returncode == code and out.stderr.startswith(said), (move, out.stderr)
    second = casino("apply", "-", "2C", '{"move":"4D","seat":0}', stdin=dealt)
    assert second.returncode == 1 and b"move 2: 4D is illegal: it is seat 1's turn, not seat 0's" in second.stderr


PARTLY_KNOWN = dict(
    EXAMPLE_1,
    dealer=1,
    turn=1,
    table={"loose": ["8D", "5C", "3H", "6S", "2D", "KH", "4C"]},
    hands=[["8S"], {"cards": ["9H"], "count": 2}],
)  # after 4C: seat 1 holds 9H and one card nobody has seen


def test_moves_of_a_partly_known_mover_say_the_listing_is_partial_for_people_too():
    """The JSON says the listing is partial, how many cards are unknown and which moves
    depend on them; pretty says the same in words under the table of moves."""
    listing = orjson.loads(casino("moves", "-", stdin=orjson.dumps(PARTLY_KNOWN)).stdout)
    assert (listing["partial"], listing["unknown"], len(listing["unsettled"])) == (True, 1, 4)
    shown = casino("moves", "-", "-f", "pretty", stdin=orjson.dumps(PARTLY_KNOWN))
    words = " ".join(shown.stdout.decode().split())
    assert shown.returncode == 0 and words.endswith(
        "partial listing: seat 1 has 1 unknown card(s), which may allow other moves; 4 of these depend on them"
    )


def test_moves_keeps_a_move_too_big_to_check_exactly_listed_as_unsettled(monkeypatch):
    """Whether a partly known mover's move is legal is decided over its unknown cards; a move
    whose decision is too big to make is kept in the listing, as one that depends on them."""
    from casino_cli.engine import TooComplex
    from casino_cli.records import ruling

    decide = ruling.decide

    def too_big_for_one(pos, move, unseen):
        if move.text() == "9Hx3H+6S":
            raise TooComplex("too many worlds")
        return decide(pos, move, unseen)

    before = orjson.loads(cli("moves", "-", stdin=orjson.dumps(PARTLY_KNOWN)).stdout)
    monkeypatch.setattr(ruling, "decide", too_big_for_one)
    after = orjson.loads(cli("moves", "-", stdin=orjson.dumps(PARTLY_KNOWN)).stdout)
    assert "9Hx3H+6S" not in before["unsettled"] and after["moves"] == before["moves"]
    depend = {*before["unsettled"], "9Hx3H+6S"}
    assert after["unsettled"] == [m["move"] for m in after["moves"] if m["move"] in depend]


def test_apply_jsonl_gives_one_position_per_move():
    """-f jsonl writes the position after each move, in order, the last the one apply
    alone prints: each line is what applying the moves up to it gives."""
    position = casino("deal", "--seed", "7").stdout
    played, after = [], []
    for _ in range(3):
        played.append(orjson.loads(casino("moves", "-", stdin=position).stdout)["moves"][0]["move"])
        position = casino("apply", "-", played[-1], stdin=position).stdout
        after.append(orjson.loads(position))
    dealt = casino("deal", "--seed", "7").stdout
    out = casino("apply", "-", *played, "--format", "jsonl", stdin=dealt)
    assert out.returncode == 0 and [orjson.loads(line) for line in out.stdout.splitlines()] == after


def test_apply_refuses_a_later_mover_whose_hand_is_unknown_after_a_deal_from_an_unknown_stock():
    """Seat 0 plays the round's last card; the next deal comes from a stock of unknown cards,
    so seat 1, to move, holds cards nobody knows, and no count fixes how many (no captured
    piles given): move 2 is unreadable (65), not illegal."""
    before_deal = {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "dealer": 0,
        "turn": 0,
        "table": {"loose": ["5H", "9S"]},
        "hands": [["2C"], None],
        "stock": 40,
    }
    first = casino("apply", "-", "2C", stdin=orjson.dumps(before_deal))
    assert first.returncode == 0 and orjson.loads(first.stdout)["hands"] == [None, None]
    out = casino("apply", "-", "2C", "3D", stdin=orjson.dumps(before_deal))
    assert out.returncode == 65 and out.stdout == b""
    assert out.stderr == b"casino: move 2: seat 1 is to move but its hand is unknown (null)\n"


@pytest.mark.parametrize(
    "args, code",
    [
        (["deal", "--variant", "poker"], 2),
        (["deal", "--players", "5"], 2),
        (["deal", "-o", "court_takes_all=true", "--variant", "royal"], 2),
        (["moves", "/nonexistent/file.json"], 2),
        (["frobnicate"], 2),
    ],
)
def test_usage_errors_exit_2(args, code):
    out = casino(*args)
    assert out.returncode == code
    assert b"Traceback" not in out.stderr


@pytest.mark.parametrize(
    "data, needle",
    [
        (b"", b"empty input"),
        (b"{not json", b"invalid JSON"),
        (b"\x00\xff\xfe garbage", b"invalid JSON"),
        (b'{"format": "casino.position/2", "rules": {}, "turn": 0, "table": {}}', b"version"),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0,'
            b' "table": {"loose": ["8D", "8D"]}, "hands": [["8S"], null]}',
            b"listed twice",
        ),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0,'
            b' "table": {"loose": ["8D"]}, "hands": [["8D"], null]}',
            b"more than once",
        ),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0,'
            b' "table": {"builds": [{"value": 9, "owner": 1, "cards": ["3C", "5H"]}]}, "hands": [["8S"], null]}',
            b"do not add up",
        ),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 7, "table": {}}',
            b"$.turn",
        ),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0,'
            b' "table": {}, "hands": [null, null]}',
            b"hand is unknown",
        ),
        (
            b'{"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0,'
            b' "table": {}, "hands": [["8S"], null], "colour": "red"}',
            b"unknown key 'colour'",
        ),
    ],
)
def test_bad_positions_exit_65_with_location(data, needle):
    out = casino("moves", "-", stdin=data)
    assert out.returncode == 65, out.stderr
    assert needle in out.stderr and b"Traceback" not in out.stderr


def test_bom_and_crlf_are_accepted():
    data = b"\xef\xbb\xbf" + orjson.dumps(EXAMPLE_1).replace(b",", b",\r\n") + b"\r\n"
    out = casino("moves", "-", "--format", "text", stdin=data)
    assert out.returncode == 0 and len(out.stdout.split()) == 9


def test_every_problem_of_a_position_is_reported_at_once():
    doc = dict(
        EXAMPLE_1,
        table={"loose": ["8D", "8S"], "builds": [{"value": 9, "owner": 0, "cards": ["3C", "5H"]}]},
        hands=[["8S", "4C", "KD", "QD", "JD"], None],
    )
    out = casino("moves", "-", stdin=orjson.dumps(doc))
    assert out.returncode == 65
    err = out.stderr.decode()
    assert "8S" in err and "more than once" in err and "do not add up" in err and "holds 5 cards" in err


def test_version_and_help():
    assert casino("--version").stdout.startswith(b"casino ")
    for command in ("deal", "moves", "apply"):
        out = casino(command, "--help")
        assert out.returncode == 0 and b"Example" in out.stdout


def test_apply_names_a_move_object_s_unknown_key_as_written():
    dealt = casino("deal", "--seed", "7").stdout
    for key in ("$x", ".seat", "x"):
        out = casino("apply", "-", orjson.dumps({key: 1, "move": "2C"}).decode(), stdin=dealt)
        assert out.returncode == 65 and f"move 1: {key}: unknown key {key!r}".encode() in out.stderr, out.stderr


@pytest.mark.parametrize("command", ["moves", "score", "replay", "convert", "hint", "review"])
def test_a_stream_command_given_several_files_says_how_to_read_them(tmp_path, command):
    """``ls *.jsonl | xargs casino score`` was told only 'Got unexpected extra argument(s)
    (b.jsonl)'; the error goes on to say that the command reads one FILE and how to read
    several, and the two ways it names work."""
    files = []
    for seed in ("a", "b"):
        files.append(tmp_path / f"{seed}.jsonl")
        files[-1].write_bytes(casino("simulate", "--games", "1", "--seed", seed).stdout)
    out = casino(command, *map(str, files))
    assert out.returncode == 2
    assert out.stderr.decode().splitlines()[-1] == (
        f"Error: Got unexpected extra argument(s) ({files[1]}): casino {command} reads one FILE (or - for standard"
        f" input); for several, run it on each (xargs -n 1 casino {command}) or on them joined"
        f" (cat FILE... | casino {command} -)"
    )
    if command == "score":
        joined = casino("score", "-", stdin=files[0].read_bytes() + files[1].read_bytes())
        each = [casino("score", str(path)).stdout for path in files]
        assert joined.returncode == 0 and joined.stdout == b"".join(each)


def test_validate_given_jobs_says_how_it_splits_its_work(tmp_path):
    """Every other heavy command takes --jobs, and validate was refused with click's 'No such
    option: --jobs' alone; the error names the ways validate splits its work, and --shard
    splits it; another command's unknown option keeps click's words alone."""
    records = tmp_path / "night.jsonl"
    records.write_bytes(casino("simulate", "--games", "4", "--seed", "j").stdout)
    for jobs in (["--jobs", "2"], ["--jobs=2"]):
        out = casino("validate", *jobs, str(records))
        assert out.returncode == 2 and out.stderr.decode().splitlines()[-1] == (
            "Error: No such option: --jobs: validate splits its work with --shard K/N (a process per shard)"
            " or --dask ADDRESS"
        )
    for k in (1, 2):  # the way it names: each shard checks its half
        assert b"casino: 2 records checked: 2 valid" in casino("validate", "--shard", f"{k}/2", str(records)).stderr
    assert (
        casino("score", "--jobs", "2", str(records)).stderr.decode().splitlines()[-1] == "Error: No such option: --jobs"
    )
