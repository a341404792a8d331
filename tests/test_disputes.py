"""Disputes at a table: partly known hands in positions, `shown` evidence, the three
record statuses, `--keep-going`, and `casino judge` on the command line."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import orjson
import pytest
from clirun import casino
from inproc import cli
from jsonschema import Draft202012Validator
from pages import drawn_page

from casino_cli.cards import card_code, cards_of, parse_card
from casino_cli.engine import (
    Partial,
    PositionError,
    apply_move,
    check_position,
    judge_form,
    legal_moves,
    play_judged,
    seeded_deck,
    start_position,
    unseen_cards,
)
from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import read_move
from casino_cli.notation.position import position_json, read_position
from casino_cli.notation.schema import schema
from casino_cli.records.disputes import NoRuling, position_before
from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, HandStart, Step, walk

TABLE = ["7D", "2C", "9S", "KH"]
PART_WAY = "fixtures/records/dispute-part-way.json"


def record(moves, shown=None, table=TABLE) -> dict:
    hand = {"dealer": 1, "table": table, "moves": moves}
    if shown is not None:
        hand["shown"] = shown
    return {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "hands": [hand]}


def findings(doc: dict, keep_going: bool = False) -> list[dict]:
    return [e.as_json() for e in walk(read_record(doc), keep_going) if isinstance(e, Finding)]


def mask(*codes: str) -> int:
    return sum(1 << parse_card(c) for c in codes)


# --- partly known hands in positions --------------------------------------------------------

POSITION = {
    "format": "casino.position/1",
    "rules": {"variant": "classic", "players": 2},
    "dealer": 1,
    "turn": 0,
    "table": {"loose": ["4C", "9H"], "builds": [{"value": 8, "owner": 0, "cards": ["3H", "5S"]}]},
    "hands": [{"cards": ["2C", "6D"], "count": 4}, None],
}


def test_partial_hand_reads_and_writes_canonically():
    pos = read_position(POSITION)
    assert pos.hands[0] == Partial(mask("2C", "6D"), 4)
    out = position_json(pos)
    assert out["hands"] == [{"cards": ["2C", "6D"], "count": 4}, None]
    assert position_json(read_position(out)) == out
    full = dict(POSITION, hands=[{"cards": ["2C", "6D", "8C", "8D"], "count": 4}, None])
    assert position_json(read_position(full))["hands"][0] == ["2C", "6D", "8D", "8C"]  # all known: a list
    none = dict(POSITION, hands=[{"cards": [], "count": 4}, None])
    assert position_json(read_position(none))["hands"][0] is None  # none known: null
    Draft202012Validator(schema("position")).validate(out)


@pytest.mark.parametrize(
    "hand, words",
    [
        ({"cards": ["2C", "6D", "8C"], "count": 2}, "3 cards known of a hand of 2"),
        ({"cards": ["2C"], "count": 0}, ": 1 card known of a hand of 0"),
        ({"cards": ["2C"], "count": 5}, "out of range"),
        ({"cards": ["2C"]}, "count"),
        ({"cards": ["2C"], "count": 3, "seen": 1}, "seen"),
    ],
)
def test_partial_hand_bad_input(hand, words):
    with pytest.raises(NotationError, match=words):
        read_position(dict(POSITION, hands=[hand, None]))


def test_check_position_with_partial_hands():
    pos = read_position(POSITION)
    # a known card seen twice
    with pytest.raises(PositionError, match="9H appears more than once"):
        check_position(pos._replace(hands=(Partial(mask("2C", "9H"), 4), None)))
    # O1 is decidable for a partly known owner only when no unseen card captures the build
    eights = mask("8S", "8H", "8D", "8C")
    piled = pos._replace(captured=(0, eights), last_capture=1)
    with pytest.raises(PositionError, match="O1"):
        check_position(piled)
    check_position(pos._replace(captured=(0, mask("8S", "8H", "8D")), last_capture=1))  # 8C may be held
    # more unknown cards than there are unseen cards
    rest = (1 << 52) - 1 & ~mask("4C", "9H", "3H", "5S", "2C", "6D", "8C")
    with pytest.raises(PositionError, match="unseen"):
        check_position(pos._replace(captured=(0, rest), last_capture=1))


def test_unseen_cards_and_play_from_a_partial_hand():
    pos = read_position(POSITION)
    assert unseen_cards(pos) == (1 << 52) - 1 & ~mask("4C", "9H", "3H", "5S", "2C", "6D")
    move = read_move("2C+4C=6")
    after = play_judged(pos, move, judge_form(pos, move))
    assert after.hands[0] == Partial(mask("6D"), 3)
    last = play_judged(after._replace(turn=0), read_move("6D"), judge_form(after._replace(turn=0), read_move("6D")))
    assert last.hands[0] == Partial(0, 2)


def test_listing_of_a_partial_mover_lists_its_known_cards():
    pos = read_position(POSITION)
    texts = [m.text() for m in legal_moves(pos).moves]
    assert texts == ["2C+4C=6", "2C+3H+5S=10", "6D+4C=10"]  # each needs an unknown card (O1 / B3)


def test_cli_moves_of_a_partial_mover(tmp_path):
    path = tmp_path / "p.json"
    path.write_bytes(orjson.dumps(POSITION))
    out = casino("moves", str(path))
    assert out.returncode == 0, out.stderr
    doc = orjson.loads(out.stdout)
    assert doc["partial"] is True and doc["unknown"] == 2
    assert doc["unsettled"] == ["2C+4C=6", "2C+3H+5S=10", "6D+4C=10"]
    Draft202012Validator(schema("moves")).validate(doc)


def test_replay_of_a_part_way_record_pipes_into_moves():
    replay = casino("replay", PART_WAY, "--to", "1")
    assert replay.returncode == 0, replay.stderr
    last = replay.stdout.splitlines()[-1]
    assert orjson.loads(last)["hands"] == [None, {"cards": ["4S"], "count": 4}]
    out = casino("moves", "-", stdin=last)
    assert out.returncode == 0, out.stderr
    assert orjson.loads(out.stdout)["unknown"] == 3


def test_judge_of_a_move_or_hand_past_the_record_counts_in_words():
    """It said 'hand 1 has 2 move(s)' and 'the record has 1 hand(s)'."""
    past = casino("judge", PART_WAY, "--move", "5")
    assert past.returncode == 2 and b"hand 1 has 2 moves; there is no move 5" in past.stderr
    past = casino("judge", PART_WAY, "--hand", "3", "--move", "1")
    assert past.returncode == 2 and b"the record has 1 hand; there is no hand 3" in past.stderr


def test_judge_of_a_move_past_the_hand_points_at_the_hand(tmp_path):
    """A move or hand the record does not have was said at line 1 of the file, the tag
    line; it is said at the hand's Hand line in casino text, at its moves in JSON, and a
    hand past the last at the last hand."""
    text = "[Rules classic 2]\n[Players Ana Ben]\n\nHand 1 dealer Ben table 3C 4S 8S KC\n1. TH 2. KH 3. QD 4. JD\n"
    cas = tmp_path / "four.cas"
    cas.write_text(text)
    past = casino("judge", str(cas), "--move", "5")
    assert past.returncode == 2 and f"{cas}:4:1: hand 1 has 4 moves; there is no move 5" in past.stderr.decode()
    past = casino("judge", str(cas), "--hand", "2", "--move", "1")
    assert past.returncode == 2 and f"{cas}:4:1: the record has 1 hand; there is no hand 2" in past.stderr.decode()
    as_json = tmp_path / "four.json"
    as_json.write_bytes(casino("convert", str(cas), "-f", "json").stdout)
    column = as_json.read_text().index('"moves":') + len('"moves":') + 1  # the moves' list
    past = casino("judge", str(as_json), "--move", "5")
    assert past.returncode == 2 and f"{as_json}:1:{column}: hand 1 has 4 moves" in past.stderr.decode()


def test_a_table_card_taken_twice_names_who_took_it(tmp_path):
    """'1. 4Hx4S 2. 4Dx4S', a card written twice, said only '4S is not on the table' (C1),
    leaving the referee to find where it went; validate's finding and judge's ruling now
    add who took it and at which move."""
    head = "[Rules classic 2]\n[Players Ana Ben]\n\nHand 1 dealer Ben table 3C 4S 8S KC\n"
    cas = tmp_path / "twice.cas"
    cas.write_text(head + "1. 4Hx4S 2. 8Dx8S 3. 3Hx3C 4. 8Cx8S+KC\n")
    said = "8Cx8S+KC is illegal: 8S is not on the table; Ben (seat 1) took 8S at move 2"
    out = casino("validate", str(cas), "-f", "text")
    assert out.returncode == 1 and f"{cas}:5:28: hand 1, move 4 (seat 1, Ben): {said} (C1)" in out.stdout.decode()
    out = casino("judge", str(cas), "--move", "4", "-f", "json")
    assert out.returncode == 1 and orjson.loads(out.stdout)["message"] == said


def test_a_build_taken_by_its_value_names_the_build_on_the_table(tmp_path):
    """'5. 9Cx9' said only that '9' is not a card; the referee, who sees the table, names the
    9-build there, whose cards the move names."""
    head = "[Rules classic 2]\n[Players Ana Ben]\n\nHand 1 dealer Ben table 3C 4S 8S KC\n"
    cas = tmp_path / "nine.cas"
    cas.write_text(head + "1. TH 2. KH 3. 2H+3C+4S=9 4. QD 5. 9Cx9\n")
    out = casino("validate", str(cas), "-f", "json")
    (finding,) = [f for f in map(orjson.loads, out.stdout.splitlines()) if f["rule"] == "notation"]
    assert finding["move"] == 5 and finding["message"].endswith("; the 9-build on the table is 2H+3C+4S")
    cas.write_text(head + "1. TH 2. KH 3. 8Dx8S 4. 8Cx8\n")  # no 8-build: nothing to name
    out = casino("validate", str(cas), "-f", "json")
    (finding,) = [f for f in map(orjson.loads, out.stdout.splitlines()) if f["rule"] == "notation"]
    assert finding["message"].endswith("(9Cx4S+5D takes a 9 built of 4S and 5D)")


def test_replay_of_a_part_way_record_says_where_it_stops_in_words():
    """-f text and pretty ended on the last move with no word that the record stops there
    (the page said it); a stop asked for with --to is not the record's."""
    stop = "the record stops after move 2 of hand 1: Ana (seat 0) to play"
    for fmt in ("text", "pretty"):
        out = casino("replay", PART_WAY, "-f", fmt)
        assert out.returncode == 0, out.stderr
        assert out.stdout.decode().rstrip().splitlines()[-1].strip() == stop, (fmt, out.stdout[-300:])
    assert b"record stops" not in casino("replay", PART_WAY, "-f", "text", "--to", "1").stdout
    assert b"stops" not in casino("replay", PART_WAY, "-f", "json").stdout
    assert b"record stops" not in casino("replay", "fixtures/records/corpus/royal-2.jsonl", "-f", "text").stdout


@pytest.mark.parametrize(
    ("moves", "score", "stop"),
    [
        (["3H", "4S+3H=7"], [5, 6], "the record stops after move 2 of hand 1: seat 0 to play"),
        ([], None, "the record stops before the first move of hand 1: seat 0 to play"),
    ],
)
def test_replay_says_where_a_record_stops_after_a_claim_and_before_a_hand_s_first_move(tmp_path, moves, score, stop):
    """A claimed score on the unfinished hand (a finding after its last move) and a last
    hand with no moves left the text, the pretty view and the page with no stop."""
    doc = record(moves)
    if score is not None:
        doc["hands"][0]["score"] = score
    path = tmp_path / "r.json"
    path.write_bytes(orjson.dumps(doc))
    for fmt in ("text", "pretty"):
        out = casino("replay", str(path), "-f", fmt)
        assert out.stdout.decode().rstrip().splitlines()[-1].strip() == stop, (fmt, out.stdout[-300:])
    html = tmp_path / "r.html"
    casino("replay", str(path), "--html", str(html))
    assert f"<title>{stop}</title>" in drawn_page(html.read_text())


def test_the_page_of_a_record_with_one_step_counts_it_in_words(tmp_path):
    """A record with no hand and a claimed winner is one step, a finding: '1 steps' was said."""
    path, html = tmp_path / "r.json", tmp_path / "r.html"
    path.write_bytes(orjson.dumps(dict(record([]), hands=[], result={"winner": 0})))
    out = casino("replay", str(path), "--html", str(html))
    assert f"wrote {html}: 1 step (open it".encode() in out.stderr
    assert "1 step, 1 finding" in html.read_text()


# --- shown evidence -------------------------------------------------------------------------


def test_shown_cards_join_the_known_hand():
    doc = record(["3H", "4S+3H=7"], [{"after": 2, "seat": 1, "cards": ["7C"]}])
    starts = [e for e in walk(read_record(doc)) if isinstance(e, HandStart)]
    assert starts[0].position.hands[1] == Partial(mask("4S", "7C"), 4)
    assert not starts[0].unseen >> parse_card("7C") & 1
    assert findings(doc) == []  # 7C answers the build: valid, not unsettled


@pytest.mark.parametrize(
    "shown, moves, where, words",
    [
        ([{"after": 0, "seat": 1, "cards": ["7D"]}], ["3H"], None, "7D was on the table at the start"),
        ([{"after": 0, "seat": 1, "cards": ["3H"]}], ["3H"], None, "3H was played by seat 0 at move 1"),
        ([{"after": 2, "seat": 1, "cards": ["4S"]}], ["3H", "4S"], None, "already played 4S at move 2"),
        ([{"after": 1, "seat": 1, "cards": ["6D", "QC"], "all": True}], ["3H"], None, "it held 4 cards then"),
        (
            [{"after": 7, "seat": 1, "cards": ["6D", "QC"]}],
            ["3H", "4S", "5H", "6S", "8H", "TS", "JH"],
            None,
            "held 1 card then",
        ),
        (
            [{"after": 0, "seat": 0, "cards": ["7C"]}, {"after": 0, "seat": 1, "cards": ["7C"]}],
            ["3H"],
            None,
            "but seat 0 showed 7C too; a card is in one hand at a time",
        ),
        (
            [{"after": 0, "seat": 0, "cards": ["7C"]}, {"after": 8, "seat": 0, "cards": ["7C"]}],
            ["3H"],
            None,
            "but it showed 7C in deal 1 too; a card is dealt once a hand",
        ),
        ([{"after": 2, "seat": 1, "cards": ["6D", "QC", "AH"], "all": True}], ["3H", "4S", "8S", "TD"], 4, "TD"),
        ([{"after": 48, "seat": 1, "cards": ["6D"]}], ["3H"], None, "the hand is over"),
    ],
)
def test_shown_contradictions_are_card_findings(shown, moves, where, words):
    """A card shown by two seats, or in two deals, said "7C was shown in another hand", which
    in a record of hands read as another Hand; it names the seat or the deal."""
    found = findings(record(moves, shown))
    assert [(f["rule"], f["move"]) for f in found] == [("card", where)]
    assert words in found[0]["message"]


def test_a_seat_named_for_more_moves_than_it_holds_cards_is_known_to_hold_four():
    """A record naming seat 0 for five moves of one deal (seat 1's turns taken): before its
    first move seat 0 is known to hold the first four cards it played and no fifth, so the
    ruling on that move lists only their moves (a referee giving it all five passed every
    test, and its ruling listed 3H+7D=10 and the other moves of a hand of five)."""
    doc = record(["0: 3H", "0: 4H", "0: 5H", "0: 6H", "0: 8H", "1: 3S"])
    before = position_before(read_record(doc), 1, 1)
    assert before.position.hands[0] == mask("3H", "4H", "5H", "6H")
    done = cli("judge", "-", "--move", "1", "-f", "json", stdin=orjson.dumps(doc))
    ruling = orjson.loads(done.stdout)
    assert (done.returncode, ruling["verdict"]) == (0, "legal")
    assert {a["move"][:2] for a in ruling["alternatives"]} == {"3H", "4H", "5H", "6H"}


# Deal 1 (two players, seat 0 first): Ana trails 3H 5H 8H JH, Ben 4S 6S TS QS; move 9, the
# first of deal 2, is Ana's AD+6S=7, which needs her to hold a 7 (B3).
DEAL_ENDS = ["3H", "4S", "5H", "6S", "8H", "TS", "JH", "QS", "AD+6S=7"]


@pytest.mark.parametrize(
    "shown, verdict, found",
    [
        (None, "unsettled", [("B3", 9, "7S, 7H or 7C")]),  # no 7 shown: a note, not a finding
        ([{"after": 8, "seat": 0, "cards": ["7C"]}], "legal", []),  # after 8: deal 2's cards
        ([{"after": 7, "seat": 0, "cards": ["7C"]}], "unsettled", [("card", None, "it held 0 cards then")]),
        (
            [{"after": 8, "seat": 0, "cards": ["3H"]}],
            "unsettled",
            [("card", None, "3H was played by Ana (seat 0) at move 1")],
        ),
    ],
)
def test_shown_after_the_move_that_ends_a_deal_is_of_the_next_deal(tmp_path, shown, verdict, found):
    """NOTATION.md v1.1: "after k" is the position after move k, the next deal's cards
    included when move k ends a deal. After move 8 Ana holds deal 2's four cards (a 7C
    shown then answers move 9's build); after move 7 she holds none of deal 1's; and 3H,
    which she played in deal 1, cannot be in her deal-2 hand. judge leaves a contradicting
    entry out, so move 9 is then as unsettled as with nothing shown."""
    doc = dict(record(DEAL_ENDS, shown), players=["Ana", "Ben"])
    got = findings(doc)
    assert [(f["rule"], f["move"]) for f in got] == [(rule, move) for rule, move, _ in found]
    assert all(words in f["message"] for f, (_, _, words) in zip(got, found))
    path = tmp_path / "deal-ends.json"
    path.write_bytes(orjson.dumps(doc))
    ruling = cli("judge", str(path), "--move", "9")
    assert ruling.returncode == 0 and orjson.loads(ruling.stdout)["verdict"] == verdict


def test_shown_needs_a_table_hand():
    doc = record(["3H"], [{"after": 0, "seat": 1, "cards": ["6D"]}])
    hand = doc["hands"][0]
    del hand["table"]
    hand["deck"] = [r + s for r in "A23456789TJQK" for s in "SHDC"]
    with pytest.raises(NotationError, match="shown"):
        read_record(doc)


# --- statuses and --keep-going --------------------------------------------------------------

TWO_MISTAKES = record(["3H", "4S+3H=7", "8S", "6D", "5C+2C=7", "QC", "TD", "AH"])


def test_keep_going_plays_illegal_moves_on_and_marks_later_findings():
    first = findings(TWO_MISTAKES)
    assert [(f["move"], f["rule"]) for f in first] == [(2, "B3")]
    every = findings(TWO_MISTAKES, keep_going=True)
    assert [(f["move"], f["rule"], f.get("after_finding", False)) for f in every] == [
        (2, "B3", False),
        (4, "T2", True),
        (5, "B3", True),
        (6, "T2", True),
        (7, "T2", True),
        (8, "T2", True),
    ]
    for f in every:
        Draft202012Validator(schema("finding")).validate(dict(f, file="x", line=1))


def test_keep_going_stops_a_hand_at_a_move_that_cannot_be_played():
    doc = record(["3H", "4S+3H=7", "8S", "8S"])  # 8S played twice: nobody could hold it
    every = findings(doc, keep_going=True)
    assert [(f["move"], f["rule"]) for f in every] == [(2, "B3"), (4, "card")]
    steps = [e.number for e in walk(read_record(doc), True) if isinstance(e, Step)]
    assert steps == [1, 2, 3]


CUT_SHORT = record(["3H", "4S", "8S", "6Dx5C", "5C", "QC", "TD", "AH", "2D", "3D", "4D"])  # no 5C on the table


def test_keep_going_says_which_moves_of_a_hand_it_could_not_check():
    """A move that cannot be played ends its hand's checks: a note names the moves after
    it, the rule of the move that stopped them; a plain run stops there anyway."""
    assert [(f["move"], f["rule"]) for f in findings(CUT_SHORT)] == [(4, "C1")]
    stop, note = findings(CUT_SHORT, keep_going=True)
    assert (stop["move"], stop["rule"], "unchecked" in stop) == (4, "C1", False)
    assert note == {
        "hand": 1,
        "move": 5,
        "seat": None,
        "text": None,
        "rule": "C1",
        "message": "moves 5 to 11 of hand 1 not checked: the hand cannot be followed past move 4",
        "unchecked": True,
    }
    Draft202012Validator(schema("finding")).validate(dict(note, file="x", line=1))
    last = findings(record(CUT_SHORT["hands"][0]["moves"][:5]), keep_going=True)[-1]
    assert last["message"].startswith("move 5 of hand 1 not checked")


def test_validate_keep_going_shows_moves_it_could_not_check(tmp_path):
    path = tmp_path / "cut.json"
    path.write_bytes(orjson.dumps(CUT_SHORT))
    for fmt in ("json", "text", "pretty"):
        out = cli("validate", str(path), "--keep-going", "-f", fmt)
        assert out.returncode == 1
        assert "moves 5 to 11 of hand 1 not checked" in " ".join(out.stdout.decode().split()), fmt
        assert "1 not valid (1 finding, 7 moves not checked)" in out.stderr, fmt
    text = cli("validate", str(path), "--keep-going", "-f", "text").stdout.decode().splitlines()
    assert text[1].startswith(f"{path}:1:") and ": hand 1, move 5: note: moves 5 to 11 of hand 1" in text[1]
    plain = cli("validate", str(path))
    assert len(plain.stdout.splitlines()) == 1 and "(1 finding)" in plain.stderr


def test_validate_says_once_that_a_record_stops_at_its_first_finding(tmp_path):
    """Without --keep-going the summary says once that checks stop at a record's first
    finding; not with it, nor when only a claim is wrong (claims never stop the checks)."""
    stop = "; a record's checks stop at its first finding (--keep-going goes on)"
    path = tmp_path / "night.jsonl"
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in (CUT_SHORT, TWO_MISTAKES)))
    plain = cli("validate", str(path))
    assert plain.stderr.endswith(f"2 not valid (2 findings){stop}\n")
    assert stop not in cli("validate", str(path), "--keep-going").stderr
    claim = record(["3H", "4S+3H=7", "8S", "7Cx4S+3H"])
    claim["hands"][0]["score"] = [1, 0]  # claimed for a hand that stops unfinished
    path.write_bytes(orjson.dumps(claim))
    only = cli("validate", str(path))
    assert only.returncode == 1 and only.stderr.endswith("1 not valid (1 finding)\n")


def test_validate_counts_three_statuses(tmp_path):
    path = tmp_path / "night.jsonl"
    valid = record(["3H", "4S+3H=7", "8S", "7Cx4S+3H"])
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in (valid, record(["3H", "4S+3H=7"]), TWO_MISTAKES)))
    out = casino("validate", str(path), "--format", "json")
    assert out.returncode == 1
    assert b"3 records checked: 1 valid, 1 not valid (1 finding), 1 unsettled" in out.stderr
    note = orjson.loads(out.stdout.splitlines()[0])
    assert note["unchecked"] is True and note["settles"] == {"seat": 1, "needs": [["7S", "7H", "7C"]]}
    for line in out.stdout.splitlines():
        Draft202012Validator(schema("finding")).validate(orjson.loads(line))
    one = tmp_path / "one.json"
    one.write_bytes(orjson.dumps(record(["3H", "4S+3H=7"])))
    assert casino("validate", str(one)).returncode == 0
    strict = casino("validate", "--strict", str(one))
    assert strict.returncode == 1 and b"0 valid, 0 not valid (0 findings), 1 unsettled" in strict.stderr


# --- casino judge ---------------------------------------------------------------------------


def test_judge_record_json_and_exit_codes(tmp_path):
    out = casino("judge", PART_WAY, "--move", "2")
    assert out.returncode == 0, out.stderr
    ruling = orjson.loads(out.stdout)
    Draft202012Validator(schema("ruling")).validate(ruling)
    assert (ruling["verdict"], ruling["rule"], ruling["settles"]["needs"]) == ("unsettled", "B3", [["7S", "7H", "7C"]])
    assert casino("judge", "fixtures/records/dispute.json", "--move", "2").returncode == 1
    assert casino("judge", "fixtures/records/dispute.json", "--move", "1").returncode == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert casino("judge", str(bad), "--move", "1").returncode == 65


def test_judge_jsonl_writes_the_ruling_as_json_does():
    """A ruling is one JSON object: -f jsonl writes the same line as -f json, on the same
    streams, with the same exit status."""
    for args in (("fixtures/records/dispute.json", "--move", "2"), (PART_WAY, "--move", "2")):
        json_out, lines = (cli("judge", *args, "-f", fmt) for fmt in ("json", "jsonl"))
        assert lines == json_out and orjson.loads(lines.stdout)["format"] == "casino.ruling/1"


@pytest.mark.parametrize(
    "args, code, words",
    [
        ((PART_WAY,), 2, "--move"),
        ((PART_WAY, "--move", "9"), 2, "no move 9"),
        ((PART_WAY, "--move", "1", "--hand", "2"), 2, "no hand 2"),
        (
            (PART_WAY, "4S", "--move", "1"),
            2,
            "not with a MOVE text: the ruling on its move lists every move the player could have made instead,"
            f" `casino hint {PART_WAY} --hand 1 --move 1` ranks them",
        ),
        (
            (PART_WAY, "2"),
            2,
            f"judge a record with --move N (and --hand H), not with its number as MOVE: `casino judge {PART_WAY}"
            " --hand 1 --move 2` rules on move 2\n",
        ),
    ],
)
def test_judge_usage_errors(args, code, words):
    out = casino("judge", *args)
    assert out.returncode == code
    assert words.encode() in out.stderr


def test_a_move_given_with_a_record_is_told_the_commands_that_rule_on_it_in_place_of_the_records():
    """A referee asking 'could Ben have played 4S+2C=6 at move 2?' of a record is given a
    command that answers (the hint it named refuses a hand written at a table, only partly known)."""
    out = cli("judge", PART_WAY, "--move", "2", "4S+2C=6")
    assert out.returncode == 2
    pipe = out.stderr.split("`")[-2]
    replay, judge = (part.split()[1:] for part in pipe.split(" | tail -1 | "))
    assert judge == ["judge", "-", "4S+2C=6"]
    position = cli(*replay).stdout.splitlines()[-1]
    ruled = cli(*judge, stdin=position)
    assert ruled.returncode == 0 and orjson.loads(ruled.stdout)["text"] == "4S+2C=6"
    assert orjson.loads(position)["_replay"]["move"] == 1


def test_an_unsettled_ruling_says_how_to_write_the_cards_that_settle_it(tmp_path):
    """The ruling said which cards would settle it but not how a referee writes what Ben then
    shows; its last line gives the Shown line, which, filled in and added, settles it."""
    path = tmp_path / "dispute.cas"
    path.write_text("[Rules classic 2]\n[Players Ana Ben]\nHand 1 dealer Ben table 7D 2C 9S KH\n1. 3H 2. 4S+3H=7\n")
    out = cli("judge", str(path), "--move", "2", "-f", "text")
    assert (
        out.returncode == 0 and "to settle it, write into hand 1 the cards Ben (seat 1) held after move 2" in out.stderr
    )
    shown = out.stderr.split("as shown: ")[1].split(" (all: ")[0]
    assert shown == "Shown after 2 seat Ben cards CARD… all"
    hand = path.read_text().splitlines().index("Hand 1 dealer Ben table 7D 2C 9S KH") + 1
    assert f"casino: {path}:{hand}:1: to settle it, write into hand 1" in out.stderr  # where the Shown line goes
    path.write_text(path.read_text() + shown.replace("CARD…", "6D QC AH") + "\n")
    settled = cli("judge", str(path), "--move", "2")
    assert settled.returncode == 1 and orjson.loads(settled.stdout)["rule"] == "B3"
    assert "to settle it" not in settled.stderr


def test_judge_of_a_file_of_several_records_gives_the_command_that_takes_one(tmp_path):
    """An evening's disputes in one .cas: judge refused them as 'expected one document, found
    more', with no way to rule on the second; the message gives the command that does."""
    one = "[Rules classic 2]\nHand 1 dealer 1 table 7D 2C 9S KH\n1. 3H 2. {}\n"
    path = tmp_path / "evening.cas"
    path.write_text(one.format("4S+3H=7") + one.format("4S+2C=6"))
    out = cli("judge", str(path), "--move", "2")
    assert out.returncode == 2 and "expected one document, found more" in out.stderr
    convert, take, judge = (shlex.split(part)[1:] for part in out.stderr.split("of them: ")[1].strip().split(" | "))
    assert take == ["-n", "Kp"] and judge == ["judge", "-", "--hand", "1", "--move", "2"]
    second = cli(*convert).stdout.splitlines()[1]
    assert orjson.loads(cli(*judge, stdin=second).stdout)["text"] == "4S+2C=6"


def test_judge_position(tmp_path):
    path = tmp_path / "p.json"
    path.write_bytes(orjson.dumps(POSITION))
    out = casino("judge", str(path), "6D+4C=10")
    assert out.returncode == 0, out.stderr
    ruling = orjson.loads(out.stdout)
    assert ruling["settles"]["needs"] == [["8S", "8H", "8D", "8C"], ["TS", "TH", "TD", "TC"]]
    assert "hand" not in ruling and "move" not in ruling
    assert casino("judge", str(path), "9H").returncode == 1
    assert casino("judge", str(path), "9Z").returncode == 65
    assert casino("judge", str(path)).returncode == 2
    hidden = tmp_path / "hidden.json"
    hidden.write_bytes(orjson.dumps(dict(POSITION, hands=[None, None])))
    assert casino("judge", str(hidden), "2C").returncode == 65


def test_judge_checks_a_move_object_s_seat_against_the_turn_as_apply_does():
    """The MOVE of ``judge POSITION`` is read as ``apply`` reads it: a ``seat`` other than
    the seat to move makes it illegal (turn), one not at the table is unreadable."""
    dealt = casino("deal", "--seed", "7").stdout  # seat 0 to move, holding 2C
    wrong = casino("judge", "-", '{"move":"2C","seat":1}', stdin=dealt)
    assert wrong.returncode == 1, wrong.stderr
    ruling = orjson.loads(wrong.stdout)
    assert (ruling["seat"], ruling["verdict"], ruling["rule"]) == (0, "illegal", "turn")
    assert ruling["message"] == "it is seat 0's turn, not seat 1's"
    assert casino("judge", "-", '{"move":"2C","seat":0}', stdin=dealt).returncode == 0
    away = casino("judge", "-", '{"type":"trail","card":"2C","seat":3}', stdin=dealt)
    assert away.returncode == 65 and away.stderr == b"casino: move: seat: 3 is out of range (0..1)\n"


@pytest.mark.parametrize(
    "moves, shown, why",
    [
        (
            ["3H", "4S", "5H", "6S", "8H"],
            [{"after": 3, "seat": 0, "cards": ["JH", "QH"], "all": True}],
            "showed in full",
        ),
        (["3H", "7D"], None, "7D was on the table at the start"),
        (["3H", "3H"], None, "3H was already played by seat 0 at move 1"),  # it said not where
    ],
)
def test_judge_says_why_a_card_is_not_held_as_the_referee_finds(tmp_path, moves, shown, why):
    """An illegal ruling says why as a finding would (NOTATION.md v1.1): a card played after
    a full showing without it, or one seen elsewhere, is ruled with validate's words (as a
    move after the hand's end is, below)."""
    path = tmp_path / "r.json"
    path.write_bytes(orjson.dumps(record(moves, shown)))
    ruling = orjson.loads(casino("judge", str(path), "--move", str(len(moves))).stdout)
    (finding,) = [orjson.loads(line) for line in casino("validate", str(path)).stdout.splitlines()]
    assert (ruling["verdict"], ruling["rule"], finding["rule"]) == ("illegal", "card", "card")
    assert why in ruling["message"] and ruling["message"] == finding["message"]


def test_judge_reads_who_played_the_move_and_rules_as_the_referee_finds(tmp_path):
    """A judged move may name its player, as any move of a record may; a player who is not
    the seat to move makes it illegal (turn), with the message of validate's finding, and
    the position shows the card in that player's hand (it was in no hand)."""
    assert casino("judge", "fixtures/text/shown.cas", "--move", "2").returncode == 1  # "Ben: 4S+3H=7"
    named = orjson.loads(casino("judge", "fixtures/text/club-night.cas", "--move", "3").stdout)
    assert (named["seat"], named["text"], named["verdict"]) == (0, "2H", "legal")
    wrong = tmp_path / "wrong.json"
    for said in ({"move": "4S+3H=7", "seat": 0}, "0: 4S+3H=7"):
        wrong.write_bytes(orjson.dumps(record(["3H", said])))
        out = casino("judge", str(wrong), "--move", "2")
        ruling = orjson.loads(out.stdout)
        finding = findings(record(["3H", said]))[0]
        assert out.returncode == 1 and (ruling["verdict"], ruling["rule"]) == ("illegal", "turn")
        assert ruling["message"] == finding["message"] and ruling["seat"] == 1
        held = ruling["position"]["hands"][1]  # seat 0's card says nothing of seat 1's hand
        assert "4S" not in (held.get("cards", []) if isinstance(held, dict) else held or [])
        assert ruling["position"]["hands"][0] == {"cards": ["4S"], "count": 3}  # but is shown where it was played
        assert all(not a["move"].startswith("4S") for a in ruling["alternatives"])
    twice = dict(record(["3H", "ana: 4S+3H=7"]), players=["Ana", "ana"])
    wrong.write_bytes(orjson.dumps(twice))
    out = casino("judge", str(wrong), "--move", "2")
    assert out.returncode == 65 and b"names more than one player (seats 0 and 1)" in out.stderr
    for written in ("Jose\u0301: 4S+3H=7", "JOSÉ: 4S+3H=7"):  # e and a combining accent, or upper case: José
        spelled = dict(record(["3H", written]), players=["Ana", "Jos\u00e9"])
        wrong.write_bytes(orjson.dumps(spelled))
        assert orjson.loads(casino("judge", str(wrong), "--move", "2").stdout)["seat"] == 1, written
    text = (
        "[Rules classic 2]\n[Players Ana Jos\u00e9]\nHand 1 dealer 1 table 7D 2C 9S KH\nana: 3H Jose\u0301: 4S+3H=7\n"
    )
    (tmp_path / "nfd.cas").write_text(text, encoding="utf-8")
    assert casino("validate", str(tmp_path / "nfd.cas")).returncode == 0  # the .cas reader compares names alike
    numbered = dict(record(["3H", "1: 4S+3H=7"]), players=["1", "0"])  # "1" is seat 1 and seat 0's name
    wrong.write_bytes(orjson.dumps(numbered))
    out = casino("judge", str(wrong), "--move", "2")
    assert out.returncode == 65 and b"'1' before ':' is seat 1 and also the name of seat 0's player" in out.stderr
    same = dict(record(["3H", "1: 4S+3H=7"]), players=["0", "1"])  # each name its own seat's number: one seat
    wrong.write_bytes(orjson.dumps(same))
    verdict = orjson.loads(casino("judge", str(wrong), "--move", "2").stdout)["verdict"]
    wrong.write_bytes(orjson.dumps(record(["3H", "4S+3H=7"])))
    assert verdict == orjson.loads(casino("judge", str(wrong), "--move", "2").stdout)["verdict"] == "unsettled"


def test_judge_names_the_finding_that_stopped_the_hand(tmp_path):
    """A hand the walk cannot follow up to the move is explained by the finding it stopped at,
    not by an earlier one it played on."""
    path = tmp_path / "stops.json"
    path.write_bytes(orjson.dumps(record(["3H", "4S+3H=7", "7Sx7D", "9Hx9S", "7H", "8DxKH", "8C", "8Hx8C"])))
    out = casino("judge", str(path), "--move", "7")
    assert out.returncode == 65 and b"8DxKH is illegal" in out.stderr and b"(C1, move 6)" in out.stderr


def test_judge_says_when_the_alternatives_are_cut_and_keeps_the_ruled_move(tmp_path):
    loose = ["AH", "AD", "2S", "2H", "3S", "3H", "4S", "4H", "5S", "5H", "6S", "6H", "7S", "7H"]
    crowded = {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "dealer": 1,
        "turn": 0,
        "table": {"loose": loose, "builds": []},
        "hands": [["TS", "TH", "9S", "8S"], ["KS", "KH", "KD", "KC"]],
        "stock": 0,
    }
    path = tmp_path / "crowded.json"
    path.write_bytes(orjson.dumps(crowded))
    out = casino("judge", str(path), "THx3S+7S")
    ruling = orjson.loads(out.stdout)
    Draft202012Validator(schema("ruling")).validate(ruling)
    assert out.returncode == 0 and ruling["alternatives_truncated"] is True
    assert {"move": "THx3S+7S", "verdict": "legal"} in ruling["alternatives"]
    assert b"the alternatives are cut short" in out.stderr
    text = casino("judge", str(path), "THx3S+7S", "--format", "text").stdout.decode()
    assert text.rstrip().endswith("(and others: the listing was cut at its bound)")


def test_judge_text_and_pretty():
    text = casino("judge", PART_WAY, "--move", "2", "--format", "text")
    lines = text.stdout.decode().splitlines()
    assert lines[0].startswith(
        "hand 1, move 2 (seat 1, Ben): 4S+3H=7 — unsettled (B3): legal only if seat 1 still held a 7"
    )
    assert lines[1].startswith("alternatives: 4S+2C=6? ")
    pretty = casino("judge", PART_WAY, "--move", "2", "--format", "pretty", env={"NO_COLOR": "1", "COLUMNS": "200"})
    shown = pretty.stdout.decode()
    assert "4♠ + 3 unknown" in shown and "move: 4S+3H=7" in shown and "unsettled (B3)" in shown
    assert "alternatives (? marks an unsettled one): 4S+2C=6? " in shown  # for people, what '?' means is said


MUTATED = sorted(Path(__file__).resolve().parent.parent.joinpath("fixtures", "records", "mutated").glob("*.jsonl"))


@pytest.mark.parametrize("path", MUTATED, ids=lambda p: p.stem)
def test_keep_going_extends_the_first_finding(path):
    """On every mutated record: --keep-going reports the same first finding as a plain run,
    then only later ones, each after the first of its hand marked after_finding."""
    for line in path.read_bytes().splitlines()[:40]:
        doc = orjson.loads(line)
        plain = [f for f in findings(doc) if not f.get("unchecked")]
        every = [f for f in findings(doc, keep_going=True) if not f.get("unchecked")]
        assert every[: len(plain)] == plain
        seen_hands = set()
        for f in every:
            first_of_hand = f["hand"] not in seen_hands
            assert f.get("after_finding", False) == (not first_of_hand and f["hand"] is not None), f
            seen_hands.add(f["hand"])


def test_judge_a_finished_position_and_a_wholly_unknown_count(tmp_path):
    finished = tmp_path / "fin.json"
    finished.write_bytes(
        orjson.dumps(
            {
                "format": "casino.position/1",
                "rules": {"variant": "classic", "players": 2},
                "dealer": 1,
                "turn": None,
                "table": {"loose": []},
                "hands": [[], []],
                "stock": 0,
            }
        )
    )
    out = casino("judge", str(finished), "2C")
    ruling = orjson.loads(out.stdout)
    assert out.returncode == 1 and (ruling["verdict"], ruling["rule"], ruling["seat"]) == ("illegal", "turn", None)
    assert ruling["alternatives"] == [] and ruling["alternatives_partial"] is False
    Draft202012Validator(schema("ruling")).validate(ruling)
    counted = tmp_path / "counted.json"
    counted.write_bytes(orjson.dumps(dict(POSITION, table={"loose": ["5D"]}, hands=[{"count": 3}, None])))
    ruling = orjson.loads(casino("judge", str(counted), "5Sx5D").stdout)  # an unseen card played: taken as held
    assert ruling["verdict"] == "legal" and ruling["position"]["hands"][0] == {"cards": ["5S"], "count": 3}


def test_a_mover_known_by_its_size_alone_is_listed_partial_and_a_null_one_is_refused_at_its_column():
    doc = {"format": "casino.position/1", "rules": {"variant": "classic", "players": 2}, "turn": 0, "table": {}}
    for hand in ({"count": 4}, {"cards": [], "count": 4}):
        listed = orjson.loads(casino("moves", "-", stdin=orjson.dumps(dict(doc, hands=[hand, None]))).stdout)
        assert (listed["count"], listed["partial"], listed["unknown"], listed["unsettled"]) == (0, True, 4, [])
    null = orjson.dumps(dict(doc, hands=[None, None]))
    column = null.index(b"null") + 1
    for args in (["moves", "-"], ["judge", "-", "2C"]):  # judge said '<stdin>:1:', no column
        refused = casino(*args, stdin=null)
        said = f"casino: <stdin>:1:{column}: $.hands[0]: seat 0 is to move but its hand is unknown (null)\n"
        assert refused.returncode == 65 and refused.stderr.decode() == said, args


def test_a_replayed_part_way_position_goes_on_where_the_mover_s_hand_is_wholly_unknown():
    """Canonical output writes a hand of no known card as null. judge and apply read the
    mover's null hand back as that many unknown cards when the position fixes how many (the
    stock and piles it gives, or another hand's size), so a position replayed from a part-way
    record can be ruled on and played on; moves, with nothing to list, still refuses it."""
    after_build = casino("replay", PART_WAY, "--to", "2").stdout.splitlines()[-1]
    assert orjson.loads(after_build)["hands"] == [None, None]  # every hand null: the stock and piles tell
    ruling = orjson.loads(casino("judge", "-", "7Sx3H+4S", stdin=after_build).stdout)
    assert ruling["verdict"] == "legal" and ruling["position"]["hands"][0] == {"cards": ["7S"], "count": 3}
    played = casino("apply", "-", "8S", "7Cx3H+4S", stdin=after_build)  # Ben's size follows from Ana's
    assert played.returncode == 0, played.stderr
    assert orjson.loads(played.stdout)["captured"] == [[], ["3H", "4S", "7C"]]
    refused = casino("moves", "-", stdin=after_build)
    assert refused.returncode == 65 and b"seat 0 is to move but its hand is unknown (null)" in refused.stderr


def test_judge_of_a_bad_one_line_position_names_each_card_and_build_where_it_is_written():
    """A card twice was named by its piles ($.table.loose, $.hands[1]) and a build by its
    cards alone ($.table.builds (3C+5H=9)), the column at the pile or the table."""
    doc = dict(
        POSITION,
        table={"loose": ["9H", "4C"], "builds": [{"value": 9, "owner": 1, "cards": ["5S", "3H"]}]},
        hands=[{"cards": ["2C", "6D"], "count": 4}, ["8D", "9H", "9S", "TC"]],
    )
    data = orjson.dumps(doc)
    out = casino("judge", "-", "2C", stdin=data)
    first = data.index(b'"9H"') + 1
    said = (
        f"casino: <stdin>:1:{first}: inconsistent position: $.table.loose[0], $.hands[1][1]: 9H appears more than once; "
        "$.table.builds[0] (3H+5S=9): its cards do not add up to 9 or split into groups of 9"
    )
    assert out.returncode == 65 and out.stderr.decode().splitlines()[0] == said


_AT_TABLE = "[Rules classic 2]\n[Players Ana Ben]\n\nHand 1 dealer Ben table 7D 2C 9S KH\n"


@pytest.mark.parametrize(
    "moves, args, where, code",
    [
        # the hand breaks off at move 2 (line 5, column 12): the ruling on move 4 cannot be had
        ("1. Ana: 3H 2. Ben: 4Sx7D\n3. Ana: 8S 4. Ben: 6D\n", ["--move", "4"], "5:12: hand 1 cannot be followed", 65),
        # the move asked about cannot be read: its player is nobody at the table
        ("1. Ana: 3H 2. Carl: 4S+3H=7\n", ["--move", "2"], "5:12: move 2 of hand 1 cannot be read", 65),
        # an earlier move broke a rule that the walk plays through: the note is located there
        (
            "1. Ana: 3H 2. Ben: 4S+3H=7\n3. Ana: 8S 4. Ben: 6D\nShown after 1 seat Ben cards 4S 5D 6D 8C all true\n",
            ["--move", "3"],
            "5:12: note: before this move, move 2: 4S+3H=7 is illegal",
            0,
        ),
        # cards shown against the hand as a whole: a note of the hand, wherever the move is
        (
            "1. Ana: 3H 2. Ben: 4S+3H=7\n3. Ana: 8S\nShown after 2 seat Ben cards 7C 2D all true\n",
            ["--move", "1"],
            "7:1: note: in hand 1: shown[0]: after move 2, Ben (seat 1) showed 2♦ 7♣ as its whole hand, but it held 3",
            0,
        ),
    ],
)
def test_judge_locates_what_stops_or_precedes_a_ruling_at_its_line_and_column(tmp_path, moves, args, where, code):
    path = tmp_path / "hand.cas"
    path.write_text(_AT_TABLE + moves, encoding="utf-8")
    out = cli("judge", str(path), *args, "-f", "text")
    assert out.returncode == code and f"{path}:{where}" in out.stderr, out.stderr


def test_cards_shown_against_the_record_are_located_at_their_shown_line(tmp_path):
    path = tmp_path / "hand.cas"
    path.write_text(_AT_TABLE + "1. Ana: 3H 2. Ben: 4S+3H=7\n3. Ana: 8S 4. Ben: 6D\nShown after 2 seat Ben cards 7D\n")
    out = cli("validate", str(path), "-f", "text")
    assert (
        out.returncode == 1
        and f"{path}:7:1: hand 1: shown[0]: after move 2, Ben (seat 1) showed 7D" in out.stdout.decode()
    )


@pytest.mark.parametrize("cards, said", [([], "showed no cards"), (["7C", "2D"], "showed 2D 7C")])
def test_a_whole_hand_shown_of_too_few_cards_is_named_even_when_it_is_none(tmp_path, cards, said):
    """Ben held 3 cards after move 2: a whole hand shown of 2 cards, or of none, is refused
    with the cards named; none was worded 'showed  as its whole hand', two spaces apart."""
    hand = {"dealer": 1, "table": ["7D", "2C", "9S", "KH"], "moves": ["Ana: 3H", "Ben: 4S+3H=7", "Ana: 8S"]}
    hand["shown"] = [{"after": 2, "seat": 1, "cards": cards, "all": True}]
    record = {"format": "casino.record/1", "rules": {"variant": "classic", "players": 2}, "players": ["Ana", "Ben"]}
    path = tmp_path / "hand.json"
    path.write_bytes(orjson.dumps({**record, "hands": [hand]}))
    out = cli("validate", str(path), "-f", "text")
    finding = f"shown[0]: after move 2, Ben (seat 1) {said} as its whole hand, but it held 3 cards then"
    assert out.returncode == 1 and finding in out.stdout.decode(), out.stdout


def test_cards_shown_against_the_record_name_the_players(tmp_path):
    """A finding about cards shown is about no move, so nothing else named the players:
    it said 'seat 1 showed 8D, but 8D was played by seat 0' of a record naming them."""
    path = tmp_path / "hand.cas"
    path.write_text(_AT_TABLE + "1. Ana: 3H 2. Ben: 4S+3H=7\n3. Ana: 8S 4. Ben: 6D\nShown after 1 seat Ben cards 8S\n")
    said = cli("validate", str(path), "-f", "text").stdout.decode()
    assert "shown[0]: after move 1, Ben (seat 1) showed 8S, but 8S was played by Ana (seat 0) at move 3" in said
    path.write_text(
        _AT_TABLE
        + "1. Ana: 3H 2. Ben: 4S+3H=7\n3. Ana: 8S 4. Ben: 6D\nShown after 2 seat Ben cards 7C 2D AH all true\n"
    )
    said = cli("validate", str(path), "-f", "text").stdout.decode()
    assert "move 4 (seat 1, Ben): 6D was not in the hand Ben (seat 1) showed in full after move 2 (AH 2D 7C)" in said
    unnamed = orjson.dumps(record(["3H", "4S+3H=7", "8S"], [{"after": 1, "seat": 1, "cards": ["8S"]}]))
    said = cli("validate", "-", "-f", "text", stdin=unnamed).stdout.decode()
    assert "after move 1, seat 1 showed 8S, but 8S was played by seat 0 at move 3" in said


def test_a_ruling_shows_the_records_comment_on_the_move(tmp_path):
    path = tmp_path / "hand.cas"
    path.write_text(_AT_TABLE + "1. Ana: 3H 2. Ben: 4S+3H=7 {Ana: he has no seven}\n3. Ana: 8S\n", encoding="utf-8")
    line = cli("judge", str(path), "--move", "2", "-f", "text").stdout.decode().splitlines()[0]
    assert line.startswith("hand 1, move 2 (seat 1, Ben): 4S+3H=7 {Ana: he has no seven} — unsettled (B3)")
    ruling = orjson.loads(cli("judge", str(path), "--move", "2", "-f", "json").stdout)
    assert ruling["comment"] == "Ana: he has no seven"
    Draft202012Validator(schema("ruling")).validate(ruling)
    plain = orjson.loads(cli("judge", str(path), "--move", "3", "-f", "json").stdout)
    assert "comment" not in plain


def test_a_claimed_result_of_a_record_that_stops_part_way_says_the_hand_is_unfinished(tmp_path):
    path = tmp_path / "hand.cas"
    path.write_text(_AT_TABLE + "1. Ana: 3H 2. Ben: 5S\nResult scores 5 6 winner 1\n", encoding="utf-8")
    said = [orjson.loads(line)["message"] for line in cli("validate", str(path)).stdout.splitlines()]
    assert said == [
        "the record claims final scores 5–6, but they are 0–0 (hand 1 stops unfinished)",
        "the record claims Ben as the winner, but the game is not over (hand 1 stops unfinished)",
    ]
    game = orjson.loads(Path("fixtures/docs/game.json").read_bytes())
    game["result"] = {"scores": [0, 0], "winner": None}
    path.write_bytes(orjson.dumps(game))
    said = [orjson.loads(line)["message"] for line in cli("validate", str(path)).stdout.splitlines()]
    assert said and all(m.startswith("the record claims") and "unfinished" not in m for m in said), said


def test_alternatives_say_plainly_when_they_come_from_a_hand_partly_known():
    """'alternatives: none known (and perhaps others: its hand is not fully known)' read as a
    riddle; the alternatives say they are the known cards' moves and the rest is unknown."""
    from casino_cli.cli.cmd_judge import alternatives_line

    complete = {"alternatives": [], "alternatives_partial": False}
    assert alternatives_line(complete) == "alternatives: none"
    partial = dict(complete, alternatives_partial=True)
    assert alternatives_line(partial) == "alternatives: none with its known cards (the rest of its hand is unknown)"
    some = dict(
        complete, alternatives=[{"move": "4S", "verdict": "legal"}, {"move": "4S+3H=7", "verdict": "unsettled"}]
    )
    assert alternatives_line(some) == "alternatives: 4S 4S+3H=7?"
    assert alternatives_line(dict(some, alternatives_partial=True)) == (
        "alternatives: 4S 4S+3H=7? (with its known cards only: the rest of its hand is unknown)"
    )


def _crowded_last_deal(path: Path) -> Path:
    """A classic last deal with nine small loose cards: seat 0 has 499 moves."""
    table = ["AH", "2H", "3H", "4H", "5H", "6H", "AD", "2D", "3D"]
    hands = [["8S", "9S", "TS", "5C"], ["4D", "5D", "QC", "KC"]]
    rest = [c for c in (r + s for s in "SHDC" for r in "A23456789TJQK") if c not in {*table, *hands[0], *hands[1]}]
    doc = {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "dealer": 1,
        "turn": 0,
        "deal": 6,
        "table": {"loose": table, "builds": []},
        "hands": hands,
        "stock": [],
        "captured": [rest[:20], rest[20:]],
        "sweeps": [0, 0],
        "last_capture": 1,
        "scores": [0, 0],
    }
    path.write_bytes(orjson.dumps(doc))
    return path


def test_many_alternatives_are_counted_by_card_for_people_and_listed_in_full_for_data(tmp_path):
    """A crowded table's hundreds of alternatives filled the screen in pretty and made the
    judge picture thousands of pixels tall: for people they are counted by the card played
    (captures, builds, trails), each count matching the full list that text and JSON give."""
    from casino_cli.cards import parse_card
    from casino_cli.cli.cmd_judge import LISTED, alternatives_for_people, alternatives_line
    from casino_cli.records.describe import card_name

    path = _crowded_last_deal(tmp_path / "crowded.json")
    ruling = orjson.loads(cli("judge", str(path), "2C", "-f", "json").stdout)
    moves = [a["move"] for a in ruling["alternatives"]]
    assert len(moves) > LISTED
    summary = alternatives_for_people(ruling)
    assert summary.startswith(f"alternatives: {len(moves)}: with 5♣: ") and summary.endswith("; each one: -f text")
    counted = {}
    for part in summary.removeprefix(f"alternatives: {len(moves)}: ").removesuffix("; each one: -f text").split("; "):
        card, kinds = part.removeprefix("with ").split(": ")
        for kind in kinds.split(", "):
            n, word = kind.split(" ")
            counted[card, word.removesuffix("s")] = int(n)

    def kind(text: str) -> str:
        return "capture" if "x" in text else "build" if "=" in text else "trail"

    listed = {}
    for text in moves:
        key = card_name(parse_card(text[:2])), kind(text)  # for people, the card by suit symbol
        listed[key] = listed.get(key, 0) + 1
    assert counted == listed
    assert cli("judge", str(path), "2C", "-f", "text").stdout.decode().splitlines()[1].split(" ")[1:] == moves
    few = dict(ruling, alternatives=ruling["alternatives"][:LISTED])
    assert alternatives_for_people(few) == alternatives_line(few)
    svg = tmp_path / "judge.svg"
    cli("judge", str(path), "2C", "-f", "json", "--svg", str(svg))
    drawn = svg.read_text(encoding="utf-8")
    assert summary.split(";")[0] in drawn and not any(m in drawn for m in moves if "x" in m)


def test_judge_of_a_hand_after_the_game_ended_names_g4_alone(tmp_path):
    """A hand recorded after the game was won cannot be followed (G4, a finding about the
    whole hand): the error names the rule, not a move (it said '(G4, move None)')."""
    doc = orjson.loads(Path("fixtures/docs/game.json").read_bytes())  # won in hand 2
    doc["hands"].append({"moves": ["2C"]})
    del doc["result"]
    path = tmp_path / "after.json"
    path.write_bytes(orjson.dumps(doc))
    out = casino("judge", str(path), "--hand", "3", "--move", "1")
    assert out.returncode == 65, out.stderr
    assert (
        out.stderr.startswith(f"casino: {path}:1:".encode())
        and b"hand 3 cannot be followed up to move 1: " in out.stderr
    )
    assert out.stderr.endswith(b"; no further hand may be recorded (G4)\n")


def test_judge_text_of_a_move_after_the_hand_is_over(tmp_path):
    """A record's move after its hand was over has no seat: the text says so (it printed
    'seat None', and with the players named stopped with an internal error, exit 70)."""
    doc = orjson.loads(Path("fixtures/docs/game.json").read_bytes())
    doc["hands"][0]["moves"].append("2C")
    after = str(len(doc["hands"][0]["moves"]))
    for players in (None, ["Ana", "Ben"]):
        if players:
            doc["players"] = players
        path = tmp_path / "after.json"
        path.write_bytes(orjson.dumps(doc))
        done = casino("judge", str(path), "--move", after, "--format", "text")
        line = done.stdout.decode().splitlines()[0]
        assert done.returncode == 1 and done.stderr == b"", done.stderr
        assert (
            line == f"hand 1, move {after} (no seat to move): 2C — illegal (turn): the hand was over after move 48; "
            "no more moves can be played"  # validate's words
        )


NO_MOVE = (
    "fixtures/records/dispute.json:7:37: note: before this move, Ben (seat 1) has no legal move: it owns the"
    " 7-build 3H+4S but holds no card to capture it, and an owner may not trail (O2)"
)


@pytest.mark.parametrize(("command", "code"), [(["judge", "--move", "4"], 1), (["hint", "--move", "4"], 0)])
def test_a_mover_left_no_legal_move_by_an_earlier_illegal_move_is_told_why(command, code):
    """Past Ben's 7-build without a 7, he may neither trail nor capture it: judge's
    alternatives and hint's moves are empty, as the JSON says, and stderr says why in a
    note; the exit status is judge's verdict, hint's 0 (docs/notation.md, No legal move)."""
    done = cli(command[0], "fixtures/records/dispute.json", *command[1:], "-f", "json")
    out = orjson.loads(done.stdout)
    assert done.returncode == code
    assert out.get("alternatives", out.get("moves")) == []
    assert NO_MOVE in done.stderr.splitlines()[-1]


@pytest.mark.parametrize("command", ["judge", "hint"])
def test_a_mover_with_moves_past_an_earlier_illegal_move_gets_no_such_note(command):
    done = cli(command, "fixtures/records/dispute.json", "--move", "5", "-f", "json")
    assert done.returncode in (0, 1) and orjson.loads(done.stdout) and "no legal move" not in done.stderr


OUT_OF_TURN = orjson.dumps(
    {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "dealer": 1,
        "turn": 0,
        "table": {"loose": ["4C", "9H", "6H"]},
        "hands": [["2C", "6D", "KS"], ["6C", "3S", "TD"]],
    }
)


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("1:6Cx6H", "; had seat 1 been to move, 6Cx6H would have been legal"),
        (
            "1:3S+4C=7",
            "; had seat 1 been to move, it would have been refused too: seat 1 would hold no card to capture 7 (B3)",
        ),
        ("1:9D", "; had seat 1 been to move, it would have been refused too: seat 1 does not hold 9D (card)"),
    ],
)
def test_a_ruling_on_a_move_out_of_turn_says_what_it_was_in_its_players_turn(move, words):
    """For people (-f text), the move's own verdict had its player been to move; the JSON
    keeps the finding's words and shape."""
    text = cli("judge", "-", move, "-f", "text", stdin=OUT_OF_TURN)
    assert text.returncode == 1
    assert text.stdout.decode().splitlines()[0].endswith(f"(turn): it is seat 0's turn, not seat 1's{words}")
    ruling = orjson.loads(cli("judge", "-", move, "-f", "json", stdin=OUT_OF_TURN).stdout)
    assert ruling["message"] == "it is seat 0's turn, not seat 1's"


def test_a_ruling_out_of_turn_names_the_player_as_the_record_does_and_is_silent_on_an_unknown_hand():
    record = Path("fixtures/records/dispute.json").read_text().replace('"8S", "6D"', '"Ben: 6D", "8S"')
    said = cli("judge", "-", "--move", "3", "-f", "text", stdin=record).stdout.decode().splitlines()[0]
    assert said.endswith(
        "or are two moves swapped? Had Ben (seat 1) been to move, it would have been refused too:"
        " Ben (seat 1) owns the 7-build 3H+4S and may not trail (T2)"
    )
    unknown = orjson.loads(OUT_OF_TURN)
    unknown["hands"][1] = None
    said = cli("judge", "-", "1:6C", "-f", "text", stdin=orjson.dumps(unknown)).stdout.decode().splitlines()[0]
    assert said.endswith("(turn): it is seat 0's turn, not seat 1's")


ROOT = Path(__file__).resolve().parent.parent


def _cut_game(moves: int) -> tuple[dict[str, object], object]:
    """The corpus's first classic game, its first hand cut after ``moves`` written moves
    (a game in progress), and that hand's position after them, played by the engine from
    the deal, not by the referee's walk."""
    line = (ROOT / "fixtures" / "records" / "corpus" / "classic-2.jsonl").read_bytes().splitlines()[0]
    doc = orjson.loads(line)
    first = doc["hands"][0]
    doc["hands"] = [{"dealer": first["dealer"], "moves": first["moves"][:moves]}]
    pos = start_position(read_record(doc).rules, seeded_deck(doc["seed"], 1), first["dealer"])
    for text in first["moves"][:moves]:
        pos = apply_move(pos, read_move(text))
    return doc, pos


def test_hint_ranks_the_next_move_of_a_game_in_progress():
    """A record written up to move 10 of a hand: ``hint --move 11`` ranks the moves of the
    player to play next, from the position the ten moves leave; ``--move 12`` names the
    next move; a hand that is over has no next move; judge still rules only on written
    moves."""
    doc, pos = _cut_game(10)
    record = orjson.dumps(doc)
    done = cli("hint", "-", "--move", "11", "-f", "json", stdin=record)
    assert done.returncode == 0, done.stderr
    hint = orjson.loads(done.stdout)
    assert pos.turn is not None and hint["turn"] == pos.turn
    assert sorted(m["move"] for m in hint["moves"]) == sorted(m.text() for m in legal_moves(pos).moves)
    done = cli("hint", "-", "--move", "12", "-f", "json", stdin=record)
    assert done.returncode == 2
    assert "hand 1 has 10 moves; there is no move 12 (move 11 is the next to play)" in done.stderr
    done = cli("judge", "-", "--move", "11", "-f", "json", stdin=record)
    assert done.returncode == 2 and "hand 1 has 10 moves; there is no move 11\n" in done.stderr
    whole = (ROOT / "fixtures" / "records" / "corpus" / "classic-2.jsonl").read_bytes().splitlines()[0]
    written = len(orjson.loads(whole)["hands"][0]["moves"])
    done = cli("hint", "-", "--move", str(written + 1), "-f", "json", stdin=whole)
    assert done.returncode == 2
    assert f"hand 1 is over after its {written} moves; there is no move {written + 1}" in done.stderr


def _first_hand(target: int | None = None) -> dict[str, object]:
    """The corpus's first classic game cut after its first hand, the hand over but its
    score not yet written (a game in progress between hands); ``target`` sets the rule."""
    doc, _ = _cut_game(10_000)
    if target is not None:
        doc["rules"] = {**doc["rules"], "target": target}  # type: ignore[dict-item]
    return doc


def test_hint_past_a_hand_that_is_over_says_what_to_type_for_the_next_move():
    """The move after a finished hand is the first of the next: ``hint`` says so, and, when
    the record does not hold that hand yet, that it is to be written in (with its dealer)
    and asked for with ``--hand 2 --move 1``; once written, it is hinted. A game the hand
    won has no next move, and a hand that goes on names its next move."""
    doc = _first_hand()
    written = len(doc["hands"][0]["moves"])  # type: ignore[index]
    record = orjson.dumps(doc)
    tail = "the next to play is move 1 of hand 2, which the record does not hold yet; write hand 2 into it (dealt by"
    done = cli("hint", "-", "--move", str(written + 1), stdin=record)
    assert done.returncode == 2 and tail in done.stderr
    assert done.stderr.endswith("no moves yet) and ask for move 1 of hand 2 (--hand 2 --move 1)\n")
    with pytest.raises(NoRuling) as caught:  # the library's words name the move, the command line its options
        position_before(read_record(doc), 1, written + 1)
    assert caught.value.ask == (2, 1) and "--" not in caught.value.message
    done = cli("hint", "-", "--hand", "2", "--move", "1", stdin=record)
    assert done.returncode == 2 and f"the record has 1 hand; there is no hand 2: {tail}" in done.stderr
    dealer = doc["hands"][0]["dealer"]  # type: ignore[index]
    assert f"(dealt by {'greedy' if dealer == 1 else 'random'} (seat {1 - dealer})" in done.stderr
    doc["hands"].append({"dealer": 1 - dealer, "moves": []})  # type: ignore[attr-defined]
    done = cli("hint", "-", "--hand", "2", "--move", "1", "-f", "json", stdin=orjson.dumps(doc))
    assert done.returncode == 0 and orjson.loads(done.stdout)["moves"], done.stderr
    done = cli("hint", "-", "--move", str(written + 1), stdin=orjson.dumps(doc))
    assert done.returncode == 2 and "the next to play is move 1 of hand 2 (--hand 2 --move 1)\n" in done.stderr
    won = orjson.dumps(_first_hand(target=5))  # its first hand scores 9-2
    for asked in (["--move", str(written + 1)], ["--hand", "2", "--move", "1"]):
        done = cli("hint", "-", *asked, stdin=won)
        assert done.returncode == 2 and done.stderr.endswith(": the game is over\n"), done.stderr
    going = orjson.dumps(_cut_game(10)[0])
    done = cli("hint", "-", "--hand", "2", "--move", "1", stdin=going)
    assert done.returncode == 2
    assert "the record has 1 hand; there is no hand 2 (hand 1 goes on: move 11 is the next to play)" in done.stderr


def test_hint_of_a_mover_the_record_does_not_show_says_how_to_write_its_cards():
    """A record written at a table (its first table cards, no seed) shows no one's hand:
    ``hint`` of the next move says the mover's cards are not known and how to write them
    in, as shown cards after the last move, in the record's own form (JSON or casino
    text); written so, the move is hinted."""
    doc, pos = _cut_game(10)
    start = start_position(read_record(doc).rules, seeded_deck(doc.pop("seed"), 1), doc["hands"][0]["dealer"])  # type: ignore[index]
    del doc["shuffle"]
    doc["hands"][0]["table"] = [card_code(c) for c in cards_of(start.loose)]  # type: ignore[index]
    turn = pos.turn
    assert turn is not None
    done = cli("hint", "-", "--move", "11", stdin=orjson.dumps(doc))
    assert done.returncode == 65
    assert f"is to move but none of its {pos.hands[turn].bit_count()} cards is known" in done.stderr  # type: ignore[union-attr]
    assert f'write into hand 1 the cards it holds, as shown: "shown": [{{"after": 10, "seat": {turn}, ' in done.stderr
    text = cli("convert", "-", "-f", "text", stdin=orjson.dumps(doc)).stdout
    done = cli("hint", "-", "--move", "11", stdin=text)
    assert (
        done.returncode == 65 and f"as shown: Shown after 10 seat {doc['players'][turn]} cards CARD… all" in done.stderr
    )  # type: ignore[index]
    same = {**doc, "players": ["greedy", "greedy"]}  # a name two seats share names neither in casino text
    text = cli("convert", "-", "-f", "text", stdin=orjson.dumps(same)).stdout
    done = cli("hint", "-", "--move", "11", stdin=text)
    assert f"as shown: Shown after 10 seat {turn} cards CARD… all" in done.stderr
    held = [card_code(c) for c in cards_of(pos.hands[turn])]  # type: ignore[arg-type]
    doc["hands"][0]["shown"] = [{"after": 10, "seat": turn, "cards": held, "all": True}]  # type: ignore[index]
    done = cli("hint", "-", "--move", "11", "-f", "json", stdin=orjson.dumps(doc))
    assert done.returncode == 0 and orjson.loads(done.stdout)["turn"] == turn, done.stderr


def test_hint_of_a_move_without_its_hand_says_it_is_of_hand_1_when_the_record_has_more():
    """``--move N`` alone is of hand 1; a player in hand 2 of a game in progress who leaves
    out ``--hand`` is told so on stderr (once), not shown hand 1's position in silence."""
    doc = _first_hand()
    doc["hands"].append({"dealer": 1 - doc["hands"][0]["dealer"], "moves": []})  # type: ignore[attr-defined,index]
    done = cli("hint", "-", "--move", "3", "-f", "json", stdin=orjson.dumps(doc))
    assert done.returncode == 0
    assert done.stderr == "casino: <stdin>:1: note: move 3 of hand 1; the record has 2 hands (--hand 2 for the last)\n"
    for asked in (["--hand", "1", "--move", "3"], ["--hand", "2", "--move", "1"]):
        assert cli("hint", "-", *asked, "-f", "json", stdin=orjson.dumps(doc)).stderr == ""
    assert cli("hint", "-", "--move", "3", "-f", "json", stdin=orjson.dumps(_cut_game(10)[0])).stderr == ""


def test_score_of_a_record_the_referee_stops_says_its_result_is_not_known(tmp_path):
    """A record with an illegal move is scored up to it, and its text, pretty and picture
    results said 'the game goes on', as if it had been scored to its end: each says the result
    is not known, where the referee stops and on what rule; a record that merely stops
    part-way still goes on."""
    game = orjson.loads(casino("simulate", "--seed", "stops", "--hands", "2").stdout)
    second = game["hands"][1]["moves"]
    second[2] = second[0]  # the seat to play plays again a card it played two moves ago
    game["hands"][1].pop("score", None)
    game.pop("result", None)
    path, picture = tmp_path / "g.json", tmp_path / "sheet.svg"
    path.write_bytes(orjson.dumps(game))
    (finding,) = map(orjson.loads, casino("validate", str(path), "-f", "json").stdout.splitlines())
    assert (finding["hand"], finding["move"]) == (2, 3)
    said = f"the referee stops at hand 2, move 3 ({finding['rule']}), and nothing after it is scored"
    out = casino("score", str(path), "-f", "text", "--svg", str(picture))
    lines = out.stdout.decode().splitlines()
    assert out.returncode == 1 and lines[1].startswith("hand 1: points") and lines[-1] == f"result: not known: {said}"
    pretty = " ".join(casino("score", str(path), "-f", "pretty").stdout.decode().split())
    assert f"not known: {said}" in pretty and "goes on" not in pretty
    drawn = " ".join(re.findall(r">([^<>]+)</text>", picture.read_text()))  # the banner's lines, as read
    assert "the result is not known (" in drawn and said in drawn, drawn
    del second[2:]  # the same record stopping before the illegal move: part-way, not stopped
    path.write_bytes(orjson.dumps(game))
    out = casino("score", str(path), "-f", "text")
    assert out.returncode == 0 and out.stdout.decode().splitlines()[-1].startswith(
        "result: game goes on; the record stops"
    )
