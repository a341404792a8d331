"""Who played each move (NOTATION v1.1): player prefixes and move objects checked as
``turn``, hints when moves name no players, comments and names shown to people."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import read_record_move
from casino_cli.notation.text_record import read_text
from casino_cli.pictures.svg import HIGHLIGHT
from casino_cli.records.frames import finding_words
from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, Step, walk
from tests.inproc import cli

TEXT = Path(__file__).resolve().parent.parent / "fixtures" / "text"
GAME = orjson.loads((TEXT / "club-night.json").read_bytes())  # 48 moves, each "Ana: …" / "Ben: …"


def _findings(doc: dict) -> list[Finding]:
    return [e for e in walk(read_record(doc)) if isinstance(e, Finding) and not e.unchecked]


def _with_moves(moves: list, dealer: int = 1, claims: bool = False) -> dict:
    doc = orjson.loads(orjson.dumps(GAME))
    doc["hands"][0]["moves"] = moves
    doc["hands"][0]["dealer"] = dealer
    if not claims:
        doc["hands"][0].pop("score")
        doc.pop("result")
    return doc


def _bare(move: object) -> object:
    """A move without its player prefix."""
    if isinstance(move, dict):
        return dict(move, move=move["move"].split(": ", 1)[1])
    return move.split(": ", 1)[1]  # type: ignore[union-attr]


MOVES = GAME["hands"][0]["moves"]


@pytest.mark.parametrize(
    "text, seat, comment",
    [
        ("Ben: 4S+3H=7", 1, None),
        ("ben:4S+3H=7", 1, None),
        (" 0 : 5D", 0, None),
        ({"move": "ANA: 5D", "comment": "c"}, 0, "c"),
        ({"move": "5D", "seat": 1}, 1, None),
        ({"type": "trail", "card": "5D", "seat": 0, "comment": "x"}, 0, "x"),
        ("5D", None, None),
    ],
)
def test_the_player_of_a_move_is_read_from_its_prefix_or_seat(text, seat, comment):
    entry = read_record_move(text, "$", ("Ana", "Ben"), 2)
    assert (entry.move.text(), entry.seat, entry.comment) in (("5D", seat, comment), ("4S+3H=7", seat, comment))


@pytest.mark.parametrize(
    "text, words",
    [
        ("Bob: 5D", "'Bob' before ':' is not a seat"),
        ("2: 5D", "seat 2 before .:. is not at the table"),
        ({"move": "Ana: 5D", "seat": 1}, "names seat 0 but 'seat' says 1"),
        ({"move": "5D", "card": "5D"}, "needs 'type'"),
    ],
)
def test_a_player_that_cannot_be_read_is_a_notation_error(text, words):
    with pytest.raises(NotationError, match=words):
        read_record_move(text, "$", ("Ana", "Ben"), 2)


def test_the_game_with_its_players_is_valid():
    assert _findings(GAME) == []


def test_a_wrong_dealer_is_found_at_the_first_move_with_the_players_names():
    (finding,) = _findings(_with_moves(MOVES, dealer=0))
    assert (finding.move, finding.rule, finding.seat) == (1, "turn", 1)
    assert finding.message == (
        "it is Ben's turn (seat 1), not Ana's (seat 0): if the dealer was Ben (seat 1), Ana (seat 0) plays first"
    )


def test_swapped_moves_are_found_where_they_are_swapped():
    moves = list(MOVES)
    moves[20], moves[21] = moves[21], moves[20]
    (finding,) = _findings(_with_moves(moves))
    assert (finding.move, finding.rule) == (21, "turn")
    assert "it is Ana's turn (seat 0), not Ben's (seat 1)" in finding.message
    assert "two moves swapped" in finding.message


def test_a_dropped_move_is_found_where_it_was_dropped():
    moves = [m for i, m in enumerate(MOVES) if i != 13]
    (finding,) = _findings(_with_moves(moves))
    assert (finding.move, finding.rule) == (14, "turn")
    assert "is a move of Ben (seat 1) missing here" in finding.message


def test_without_prefixes_a_dropped_move_is_found_later_but_explained():
    moves = [_bare(m) for i, m in enumerate(MOVES) if i != 13]  # Ben's 7D trail, move 14
    (finding,) = _findings(_with_moves(moves))
    assert finding.move == 14
    assert "if a move of Ben (seat 1) is missing before move 14 (such as 7D), the hand plays on" in finding.message


def test_without_prefixes_a_claim_another_dealer_explains_says_so():
    doc = orjson.loads(
        (Path(__file__).resolve().parent.parent / "fixtures/records/corpus/classic-3.jsonl")
        .read_bytes()
        .split(b"\n")[0]
    )
    doc["hands"][0]["dealer"] = 0  # was 2: the seeded hand rotates, so only the claimed score disagrees
    doc["hands"] = doc["hands"][:1]
    doc.pop("result", None)
    (finding,) = _findings(doc)
    assert finding.rule == "claim"
    assert finding.message.endswith("; if the dealer was greedy (seat 2), the hand scores as claimed")


def test_a_genuine_illegal_move_gets_no_hint():
    doc = orjson.loads((TEXT / "dispute.json").read_bytes())
    (finding,) = _findings(doc)
    assert finding.message == "4S+3H=7 is illegal: seat 1 would hold no card to capture 7"


def test_steps_carry_the_comment_of_their_move():
    steps = [e for e in walk(read_record(GAME)) if isinstance(e, Step)]
    assert steps[3].comment == "Ben pairs the four" and steps[2].comment is None


# ---------------------------------------------------------------- for people


def test_replay_names_the_players_and_shows_comments():
    out = cli("replay", str(TEXT / "club-night.cas"), "--format", "text", "--hand", "1", "--to", "4").stdout.decode()
    assert out.splitlines() == [
        "replay: classic 2p",
        "hand 1 starts, Ben (seat 1) deals",
        "hand 1, move 1: Ana (seat 0) takes AC 2D 5C with 8C",
        "hand 1, move 2: Ben (seat 1) trails 4C",
        "hand 1, move 3: Ana (seat 0) trails 2H",
        "hand 1, move 4: Ben (seat 1) takes 4C with 4D {Ben pairs the four}",
    ]


def test_replay_json_notes_carry_the_comment():
    lines = cli("replay", str(TEXT / "club-night.cas"), "--format", "jsonl", "--to", "4").stdout.splitlines()
    assert orjson.loads(lines[4])["_replay"] == {
        "line": 1,
        "hand": 1,
        "move": 4,
        "seat": 1,
        "text": "4Dx4C",
        "comment": "Ben pairs the four",
    }


def test_replay_shows_a_card_played_out_of_turn_in_its_players_hand_as_judge_does(tmp_path):
    """A move "Ana: 4C" at Ben's turn: replay (its text, page and pictures alike) shows 4C in Ana's
    hand, as judge does, not in Ben's, the seat to move; Ana's hand holds no more than 4
    cards for it (her fifth card by turn order is then in no known hand)."""
    path = tmp_path / "c.json"
    path.write_bytes(orjson.dumps(_with_moves([MOVES[0], "Ana: 4C"] + MOVES[2:])))
    start, before = map(orjson.loads, cli("replay", str(path), "--format", "jsonl").stdout.splitlines())
    ana, ben = start["hands"]
    assert "4C" in ana and len(ana) == 4 and "4C" not in ben["cards"]
    ruling = orjson.loads(cli("judge", str(path), "--move", "2").stdout)
    assert ruling["rule"] == "turn" and ruling["position"]["hands"] == before["hands"]


def test_a_ruling_on_a_move_out_of_turn_does_not_give_it_to_the_seat_to_move(tmp_path):
    """Ana plays 4C at Ben's turn: the ruling for people said 'move 2 (seat 1, Ben): 4C — illegal
    (turn)', as if Ben had played it, and its picture ringed no card in a hand; it names Ben's
    turn, and the picture rings 4C in Ana's hand, where the position shows it."""
    path, svg = tmp_path / "c.json", tmp_path / "c.svg"
    path.write_bytes(orjson.dumps(_with_moves([MOVES[0], "Ana: 4C"] + MOVES[2:])))
    out = cli("judge", str(path), "--move", "2", "-f", "text", "--svg", str(svg))
    assert out.stdout.decode().startswith("hand 1, move 2 (Ben's turn, seat 1): 4C — illegal (turn): it is Ben's turn")
    ringed = re.findall(rf'<use href="#(c[^"]+)"[^>]*/><rect[^>]*stroke="{HIGHLIGHT}"', svg.read_text(encoding="utf-8"))
    assert ringed == ["c4C"]


def test_a_finding_shows_the_comment_of_its_move(tmp_path):
    doc = _with_moves([MOVES[0], "Ben: 9C"] + MOVES[2:])  # Ben trails 9C: his 4C is gone, and move 4 pairs it
    path = tmp_path / "c.json"
    path.write_bytes(orjson.dumps(doc))
    out = cli("validate", str(path), "--format", "text")
    assert out.returncode == 1
    assert out.stdout.decode().rstrip().endswith("4Dx4C is illegal: 4C is not on the table (C1) {Ben pairs the four}")


def test_score_names_the_sides_with_their_players(tmp_path):
    doc = orjson.loads(
        (Path(__file__).resolve().parent.parent / "fixtures/records/corpus/classic-4.jsonl")
        .read_bytes()
        .split(b"\n")[0]
    )
    doc["players"] = ["Ana", "Ben", "Carla", "Dan"]
    path = tmp_path / "four.json"
    path.write_bytes(orjson.dumps(doc))
    out = cli("score", str(path), "--format", "text").stdout.decode().splitlines()
    assert out[0] == "score: classic 4p" and out[2].startswith("  Ana & Carla: ") and out[3].startswith("  Ben & Dan: ")
    assert out[-1].startswith("result: Ana & Carla win")


def test_deal_record_starts_a_game_written_at_a_table():
    out = cli(
        "deal", "--record", "--table", "5D", "9C", "3H", "KS", "--dealer", "3", "--players", "4",
        "--names", "Ana,Ben,Carla,Dan", "--format", "text",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode() == (
        "[Rules classic 4 partnerships=true]\n[Players Ana Ben Carla Dan]\n\nHand 1 dealer Dan table 5D 9C 3H KS\nMoves\n"
    )
    as_json = cli("deal", "--record", "--table", "5D", "9C", "3H", "KS", "--dealer", "3", "--players", "4")
    assert orjson.loads(as_json.stdout)["hands"] == [{"dealer": 3, "table": ["5D", "9C", "3H", "KS"], "moves": []}]
    filled = out.stdout + b"1. Ana: 3Hx3H\n"  # a move written into the skeleton is refereed
    assert cli("validate", "-", stdin=filled).returncode == 1
    assert cli("validate", "-", stdin=out.stdout).returncode == 0


@pytest.mark.parametrize(
    "args, words",
    [
        (["--table", "5D", "9C", "3H", "KS"], "go with --record"),
        (["--record", "--table", "5D", "5D", "3H", "KS"], "4 different cards"),
        (["--record", "--table", "5D", "9C", "3H", "1X"], "--table"),
        (["--record", "--names", "Ana"], "--names takes 2 names"),
        (["--record", "--seed", "7", "--table", "5D", "9C", "3H", "KS"], "leave out --seed"),
        # click took --dealer for the fourth card, then said 'Got unexpected extra argument(s) (1)'
        (
            ["--record", "--table", "5D", "9C", "3H", "--dealer", "1"],
            "the 4 first table cards, as --table 5D 9C 3H KS; got 3: 5D 9C 3H",
        ),
        (["--record", "--table", "5D", "9C", "3H", "KS", "8H"], "got 5: 5D 9C 3H KS 8H"),
        (["--record", "--table", "--names", "Ana,Ben"], "got none"),
        # the seats a dealer may be, counted from the players (no test read the range said)
        (["--players", "3", "--dealer", "3"], "--dealer must be a seat from 0 to 2"),
        (["--players", "4", "--dealer", "-1"], "--dealer must be a seat from 0 to 3"),
    ],
)
def test_deal_record_refuses_bad_options(args, words):
    out = cli("deal", *args)
    assert out.returncode == 2 and words in out.stderr


@pytest.mark.parametrize("table", [["5D,9C,3H,KS"], ["5d,", "9c,", "3h,", "ks"], ["5D 9C 3H KS"]])
def test_deal_record_takes_the_table_cards_as_people_write_a_list(table):
    """As --names takes its names: one word with commas (it said "Option '--table' requires 4 arguments")."""
    out = cli("deal", "--record", "--table", *table, "--dealer", "0")
    assert out.returncode == 0, out.stderr
    assert orjson.loads(out.stdout)["hands"] == [{"dealer": 0, "table": ["5D", "9C", "3H", "KS"], "moves": []}]


def test_without_prefixes_a_wrong_dealer_of_a_table_written_hand_is_explained_by_its_claimed_score():
    doc = _with_moves([_bare(m) for m in MOVES], dealer=0, claims=True)  # Ana dealt, says the record: scores swap
    claim = next(f for f in _findings(doc) if f.hand == 1)
    assert claim.message == (
        "the record claims 7–4 for hand 1, but it scores 4–7; if the dealer was Ben (seat 1), the hand scores as claimed"
    )
    assert claim.for_people(("Ana", "Ben")) == (
        "the record claims Ana 7, Ben 4 for hand 1, but it scores Ana 4, Ben 7; if the dealer was Ben (seat 1), "
        "the hand scores as claimed"
    )


@pytest.mark.parametrize(
    "move",
    [{"move": "4C", "seat": 3}, {"type": "trail", "card": "4C", "seat": 3}, {"type": "trail", "card": "4C", "seat": 7}],
)
def test_a_seat_beyond_the_table_is_a_notation_finding_at_its_move(move):
    """The range said is the table's, whatever the form of the move (seat 7 of the object form
    was said to be out of range (0..3), the seats of any table)."""
    (finding,) = _findings(_with_moves([MOVES[0], move] + MOVES[2:]))
    assert (finding.move, finding.rule) == (2, "notation")
    assert f"{move['seat']} is out of range (0..1)" in finding.message


@pytest.mark.parametrize(("prefix", "said"), [("3", "seat 3"), ("1234567890123456", "seat 123456789012…")])
def test_a_seat_number_before_the_colon_beyond_the_table_says_so_as_written(prefix, said):
    (finding,) = _findings(_with_moves([MOVES[0], f"{prefix}: 4C"] + MOVES[2:]))
    assert (finding.move, finding.rule) == (2, "notation")
    assert f"{said} before ':' is not at the table: the seats are 0 to 1" in finding.message


AT_DANS_TURN = """[Rules classic 4]
[Players Ana Ben Carla Dan]

Hand 1 dealer Dan table 3C 4D 5H JC
1. Ana: 2S+5H=7 2. Ben: 9D 3. Carla: 8S 4. Ana: 7Sx2S+5H
"""


def test_a_finding_on_a_move_out_of_turn_names_the_turn_not_a_player_of_the_move(tmp_path):
    """Ana takes her build at Dan's turn: validate said 'move 4 (seat 3, Dan): it is Dan's
    turn …', and the picture 'move 4, Dan (seat 3): …', as if Dan had played Ana's card;
    they name Dan's turn, as judge does."""
    path = tmp_path / "night.cas"
    path.write_text(AT_DANS_TURN, encoding="utf-8")
    out = cli("validate", str(path), "-f", "text")
    assert out.returncode == 1
    said = "hand 1, move 4 (Dan's turn, seat 3): it is Dan's turn (seat 3), not Ana's (seat 0)"
    assert f"night.cas:5:41: {said}" in out.stdout.decode() and said in cli("replay", str(path), "-f", "text").stderr
    (text,) = read_text(AT_DANS_TURN)
    record = read_record(text.value)
    (finding,) = [e for e in walk(record) if isinstance(e, Finding) and e.rule == "turn"]
    assert finding_words(finding, record.players).startswith(said)


@pytest.mark.parametrize(
    "passes, first, said",
    [
        (
            "previous",
            "Ben",
            "by D4 the deal passes to Ben (seat 1), the seat before the last dealer (deal_passes previous)",
        ),
        ("next", "Cy", "by D4 the deal passes to Ana (seat 0)"),
    ],
)
def test_a_later_hand_begun_by_the_wrong_player_says_who_deals_it_by_d4(passes, first, said):
    """Hand 2 of a 3-player game under deal_passes previous, its dealer not written, begun by
    Ben as if the deal had passed the usual way: the finding said only 'if the dealer was Ana
    (seat 0), Ben (seat 1) plays first'; it says too who deals hand 2 by D4, and which way."""
    args = ("--games", "1", "--seed", "9", "--players", "3", "--hands", "1", "-o", f"deal_passes={passes}")
    doc = orjson.loads(cli("simulate", *args).stdout)
    doc["players"] = ["Ana", "Ben", "Cy"]
    doc["hands"].append({"table": ["2C", "3D", "4H", "5S"], "moves": [f"{first}: 7C"]})
    (finding,) = _findings(doc)
    assert finding.rule == "turn" and finding.hand == 2 and finding.move == 1
    assert finding.message.endswith(f"plays first; no dealer is written for hand 2, and {said}"), finding.message


@pytest.mark.parametrize(
    "players, variant, sides",
    [
        (["Ana", "Ben", "Cy"], "classic", ["Ana", "Ben", "Cy"]),
        (["Ana", "Ben", "Carla", "Dan"], "royal", ["Ana & Carla", "Ben & Dan"]),
    ],
)
def test_a_wrong_score_claim_says_whose_score_is_whose_for_people(players, variant, sides):
    """At 3 and 4 players '5–0–6' does not say whose 5 it is: for people (pretty, stderr,
    the replay's words) each side's score goes with its name; -f text and the JSON keep the dashes."""
    made = cli("simulate", "--seed", "n", "--players", str(len(players)), "--variant", variant, "--hands", "1")
    doc = orjson.loads(made.stdout) | {"players": players}
    truth = doc["hands"][0]["score"]
    claimed = [v + 1 + i for i, v in enumerate(truth)]
    doc["hands"][0]["score"] = claimed
    doc["result"] = {"scores": claimed, "winner": None}  # one hand from 0: the game is not over
    stdin = orjson.dumps(doc)

    def dashed(scores: list[int]) -> str:
        return "–".join(map(str, scores))

    def named(scores: list[int]) -> str:
        return ", ".join(f"{side} {v}" for side, v in zip(sides, scores))

    claims = [orjson.loads(line) for line in cli("validate", "-", "-f", "jsonl", stdin=stdin).stdout.splitlines()]
    assert [c["message"] for c in claims] == [
        f"the record claims {dashed(claimed)} for hand 1, but it scores {dashed(truth)}",
        f"the record claims final scores {dashed(claimed)}, but they are {dashed(truth)}",
    ]
    text = cli("validate", "-", "-f", "text", stdin=stdin).stdout.decode()
    assert all(f"{c['message']} (claim)" in text for c in claims)
    people = [
        f"the record claims {named(claimed)} for hand 1, but it scores {named(truth)} (claim)",
        f"the record claims final scores {named(claimed)}, but they are {named(truth)} (claim)",
    ]
    stderr = cli("score", "-", "-f", "text", stdin=stdin).stderr
    assert all(words in stderr for words in people)
    findings = [e for e in walk(read_record(doc)) if isinstance(e, Finding)]
    assert [finding_words(f, players) for f in findings] == [f"hand 1: {people[0]}", people[1]]


def _unnamed(moves: list) -> dict:
    """The club night record with ``moves``, its players unnamed: each move's player its seat."""

    def by_seat(text: str) -> str:
        return re.sub(r"^Ana:", "0:", re.sub(r"^Ben:", "1:", text))

    doc = _with_moves([dict(m, move=by_seat(m["move"])) if isinstance(m, dict) else by_seat(m) for m in moves])
    doc.pop("players")
    return doc


def test_a_move_out_of_turn_in_a_record_naming_no_players_names_whose_turn_it_was_by_seat(tmp_path):
    """Seat 0 plays 4C at seat 1's turn, the record naming no players: the ruling for people
    and validate's finding name the move by the seat whose turn it was, "seat 1's turn"
    (as "Ben's turn, seat 1" where Ben is named), not "seat 1", its player."""
    path = tmp_path / "c.json"
    path.write_bytes(orjson.dumps(_unnamed([MOVES[0], "Ana: 4C"] + MOVES[2:])))
    said = "hand 1, move 2 (seat 1's turn): "
    judged = cli("judge", str(path), "--move", "2", "-f", "text").stdout.decode()
    assert judged.startswith(f"{said}4C — illegal (turn): it is seat 1's turn, not seat 0's")
    found = cli("validate", str(path), "-f", "text").stdout.decode()
    assert found.startswith(f"{path}:1:") and f": {said}it is seat 1's turn, not seat 0's" in found


def test_moves_numbered_with_colons_are_told_how_a_move_number_is_written():
    """'1: 8CxAC+2D+5C 2: 4C', a scorer's numbering, names seats 1 and 2: the finding at
    move 1 said only that Ana was to play and what dealer would explain it, and at a seat
    beyond the table only the seats; each now says a move's number is written with a dot."""
    numbered = [f"{i + 1}: {_bare(m)}" for i, m in enumerate(MOVES[:2])]
    (finding,) = _findings(_with_moves(numbered + MOVES[2:]))
    assert (finding.move, finding.rule) == (1, "turn")
    assert finding.message.endswith(
        "; or if 1: is the move's number, it is written with a dot, 1. 8CxAC+2D+5C (1: names seat 1)"
    )
    (finding,) = _findings(_with_moves(numbered + MOVES[2:], dealer=0))
    assert (finding.move, finding.rule) == (2, "notation")
    assert finding.message.endswith(
        "the seats are 0 to 1; or if 2: is the move's number, it is written with a dot, 2. 4C (2: names seat 2)"
    )


def test_without_prefixes_a_wrong_dealer_contradicting_a_shown_hand_is_explained_to_the_hands_end():
    """Moves that name no player under a wrong dealer are the same game with the seats
    relabelled; only a hand shown in full tells: Ben showed KC as his whole hand after move 6,
    so TD at move 7 cannot be his, and under Ben as dealer the record plays to its end."""
    doc = _with_moves([_bare(m) for m in MOVES[:7]], dealer=0)
    doc["hands"][0]["shown"] = [{"after": 6, "seat": 1, "cards": ["KC"], "all": True}]
    (finding,) = _findings(doc)
    assert finding.move == 7
    assert finding.message == (
        "TD was not in the hand Ben (seat 1) showed in full after move 6 (KC); "
        "if the dealer was Ben (seat 1), the hand plays on to its end"
    )


def _seeded_hand_without_its_first_move(bad_at: int | None = None) -> dict:
    """Hand 1 of a seeded 2-player corpus game, its first move left out (and move
    ``bad_at`` of what remains replaced by KH, a card seat 0 does not hold there)."""
    corpus = Path(__file__).resolve().parent.parent / "fixtures/records/corpus/classic-2.jsonl"
    doc = orjson.loads(corpus.read_bytes().split(b"\n")[0])
    doc.pop("result", None)
    hand = doc["hands"][0]
    hand.pop("score", None)
    hand["moves"] = hand["moves"][1:]
    if bad_at is not None:
        hand["moves"][bad_at - 1] = "KH"
    doc["hands"] = [hand]
    return doc


HINT_BEFORE_MOVE_1 = "; if a move of greedy (seat 0) is missing before move 1 (such as 2Cx2D), the hand plays on"


def test_a_move_missing_before_the_first_move_of_a_dealt_hand_is_explained():
    (finding,) = _findings(_seeded_hand_without_its_first_move())
    assert (finding.move, finding.message) == (1, "4S is illegal: seat 0 does not hold 4S" + HINT_BEFORE_MOVE_1)


@pytest.mark.parametrize("bad_at, hinted", [(4, True), (3, False)])
def test_a_missing_move_is_hinted_only_when_putting_it_back_plays_a_round_of_the_table_further(bad_at, hinted):
    """The record stops at move 1; with the move put back, moves 1..3 of the record (a round
    of 2 seats past move 1) must play: a wrong move 4 still allows the hint, a wrong move 3 not."""
    (finding,) = _findings(_seeded_hand_without_its_first_move(bad_at))
    assert finding.message == "4S is illegal: seat 0 does not hold 4S" + (HINT_BEFORE_MOVE_1 if hinted else "")


def test_without_prefixes_a_wrong_dealer_is_explained_as_far_as_the_right_one_plays():
    """Ben was seen to hold QC (not his whole hand). Under Ana as the dealer Ben builds 7 at
    move 3 keeping only KH (move 5) and QC: illegal (B3). Under Ben as the dealer Ana built
    it and the hand plays on, to move 6, a card played twice whoever the dealer was."""
    doc = _with_moves(["9H", "8S", "2H+5C=7", "TS", "KHxKD", "9H"], dealer=0)
    doc["hands"][0]["shown"] = [{"after": 0, "seat": 1, "cards": ["QC"], "all": False}]
    (finding,) = _findings(doc)
    assert (finding.move, finding.rule) == (3, "B3")
    assert finding.message.endswith("; if the dealer was Ben (seat 1), the hand plays on to move 6")
    doc["hands"][0]["dealer"] = 1
    (finding,) = _findings(doc)
    assert finding.message == "9H was already played by Ana (seat 0) at move 1; each card is played once"


@pytest.mark.parametrize(
    "moves, said",
    [
        (["3H", "QHx9D"], "hand 1, move 2 (seat 1): QHx9D"),
        (["3H", "Ana: 5S"], "hand 1, move 2 (seat 1's turn): it is seat 1's turn, not Ana's (seat 0)"),
        ([": 3H"], "hand 1, move 1 (Ana's turn, seat 0): it is Ana's turn (seat 0), not seat 1's"),
    ],
)
def test_a_player_named_nothing_is_called_by_the_seat_alone(moves, said):
    """A record may name a player "" (docs/notation.md): that seat's moves are 'seat 1', its
    turn 'seat 1's turn', as in a record naming no players (": 3H" is its move); before,
    validate and judge said '(seat 1, )', "it is 's turn (seat 1)" and "not 's (seat 1)"."""
    doc = {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": 2},
        "players": ["Ana", ""],
        "hands": [{"dealer": 1, "table": ["4C", "9H", "5S", "KD"], "moves": moves}],
    }
    found = cli("validate", "-", "-f", "text", stdin=orjson.dumps(doc)).stdout.decode()
    judged = cli("judge", "-", "--move", str(len(moves)), "-f", "text", stdin=orjson.dumps(doc)).stdout.decode()
    assert f": {said}" in found and judged.startswith(said.partition(": it is")[0])
    assert ", )" not in found + judged and " 's" not in found + judged
