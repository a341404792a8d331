"""Refusals and read errors in a player's words (issue 10, item 8)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from inproc import cli

from casino_cli.engine import make_rules
from casino_cli.engine.bots import BOTS
from casino_cli.records.selfplay import play_game

POSITION = orjson.dumps(
    {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "turn": 0,
        "table": {"loose": ["3D", "9H", "5C", "KH", "8C"]},
        "hands": [["TH", "2S", "4C", "KD"], None],
    }
)


@pytest.mark.parametrize(
    "move, message",
    [
        ("THx3D+9H", "THx3D+9H is illegal: 3D+9H make 12, not 10 (C1)"),
        ("THx3D", "THx3D is illegal: 3D makes 3, not 10 (C1)"),
        ("2S+3D=4", "2S+3D=4 is illegal: 2S+3D make 5, not 4 (B4)"),
        ("THx9H+8C+3D", "THx3D+8C+9H is illegal: 3D+8C+9H make 20, but cannot be split into groups of 10 each (C1)"),
        ("THx3D+9H+5C+8C", "3D+5C+8C+9H make 25, which is not 10 or a number of groups of 10 (C1)"),
        ("4Cx9H", "4Cx9H is illegal: 9H makes 9, not 4 (C1)"),  # one card: never "groups of 4"
        ("THx3D+KH", "KH has no value in these rules and is never part of a sum (V2) (C1)"),
    ],
)
def test_a_sum_that_does_not_make_the_value_says_what_it_makes(move, message):
    out = cli("apply", "-", move, stdin=POSITION)
    assert out.returncode == 1
    assert message in out.stderr


@pytest.mark.parametrize(
    "words, hint",
    [
        ("9D takes 9C", "a capture is written 9Dx9C"),
        ("8h takes 3c and 5d", "a capture is written 8Hx3C+5D"),
        ("2C builds 6 with 4H", "a build is written 2C+4H=6"),
        ("trail 5D", "a trail is written 5D"),
        ("9D takes 9C+5H", "a capture is written 9Dx9C+5H"),
        ("five of clubs", "write a capture as 8Hx3C+5D, a build as 2C+4H=6, a trail as 5D"),
    ],
)
def test_a_move_in_words_is_answered_with_its_notation(words, hint):
    out = cli("apply", "-", words, stdin=POSITION)
    assert out.returncode == 65
    assert f"{words!r} is not a move in notation: {hint}" in out.stderr


@pytest.mark.parametrize(
    "move, mark", [("2C,", ","), ("9Cx7D,", ","), ("2C;", ";"), ("2C.", "."), ("2C+4H=6,", ","), ("2C+4H=6;", ";")]
)
def test_a_move_ended_by_a_list_s_mark_names_the_mark_not_the_card(move, mark):
    """'Ana: TH, Ben: KH,' as a list is written: the move was refused as ''TH,' is not a card',
    as if the card were wrong; the mark is named, with how moves and a move's cards are apart.
    A build so ended ('Ana: 3H+4S=7, Ben: …') was told its value 'must be a number of at most
    3 digits', as if 7 were not one."""
    out = cli("apply", "-", move, stdin=POSITION)
    assert out.returncode == 65
    assert f"in move {move!r}: a {mark!r} is no part of a move: moves are apart by spaces (TH KH)," in out.stderr


@pytest.mark.parametrize("move", ["...", "thinking...", "ZZ,"])
def test_a_mark_ending_what_is_no_move_leaves_the_card_named(move):
    """Only a move the mark ends is told of the mark: '...' or 'ZZ,' is no card, as it was."""
    out = cli("apply", "-", move, stdin=POSITION)
    assert out.returncode == 65 and f"in move {move!r}: {move!r} is not a card" in out.stderr


@pytest.mark.parametrize("move, bad", [("ZZ", "ZZ"), ("4S+3X=7", "3X"), ("9Cx7D+2X", "2X"), ("9C+2X=11", "2X")])
def test_a_bad_card_in_notation_is_named_with_no_words_hint(move, bad):
    out = cli("apply", "-", move, stdin=POSITION)
    assert out.returncode == 65 and f"in move {move!r}: {bad!r} is not a card" in out.stderr
    assert "written" not in out.stderr


def test_a_record_given_to_moves_points_to_judge_and_replay():
    out = cli("moves", "fixtures/records/dispute.json")
    assert out.returncode == 65
    assert "This is a game record: `casino judge fixtures/records/dispute.json --hand H --move N`" in out.stderr
    assert "| tail -1 | casino moves -" in out.stderr


def test_a_record_given_to_hint_points_to_review_and_to_hint_with_move():
    out = cli("hint", "fixtures/records/dispute.json")
    assert out.returncode == 65
    assert "This is a game record: `casino review fixtures/records/dispute.json` values each of its moves" in out.stderr
    assert "`casino hint fixtures/records/dispute.json --hand H --move N` ranks the moves" in out.stderr
    assert "casino moves" not in out.stderr


@pytest.mark.parametrize("name, shown", [("-", "FILE"), ("g2.json", "g2.json"), ("my game.json", "'my game.json'")])
def test_the_commands_suggested_for_a_record_name_it_as_a_shell_reads_it(tmp_path, monkeypatch, name, shown):
    """moves, hint, and judge with a MOVE text, given a record suggest commands naming it:
    FILE when it came on standard input, else its path quoted for the shell."""
    record = Path("fixtures/records/dispute.json").read_bytes()
    monkeypatch.chdir(tmp_path)
    if name != "-":
        (tmp_path / name).write_bytes(record)
    said = {cmd: cli(cmd, name, *more, stdin=record).stderr for cmd, *more in (["moves"], ["hint"], ["judge", "4S"])}
    source = "<stdin>" if name == "-" else name
    assert said == {
        "moves": f"casino: {source}:1:12: $.format: format 'casino.record/1' is not 'casino.position/1'. This is a game"
        f" record: `casino judge {shown} --hand H --move N` rules on its move N, and"
        f" `casino replay {shown} --hand H --to N | tail -1 | casino moves -` lists the moves after move N\n",
        "hint": f"casino: {source}:1:12: $.format: format 'casino.record/1' is not 'casino.position/1'. This is a game"
        f" record: `casino review {shown}` values each of its moves, and"
        f" `casino hint {shown} --hand H --move N` ranks the moves its player could make at move N\n",
        "judge": "casino: judge a record with --move N (and --hand H), not with a MOVE text: the ruling on its move"
        f" lists every move the player could have made instead, `casino hint {shown} --hand H --move N` ranks them,"
        f" and `casino replay {shown} --hand H --to N-1 | tail -1 | casino judge - 4S` rules on 4S in its place\n",
    }


def test_judge_of_a_record_without_move_gives_the_command_for_its_last_move(tmp_path):
    """A dispute written at the table ends at the move disputed: judge given the record alone
    (or with --hand) says which --hand and --move rule on its last move (of that hand, if it
    has moves), and the command it gives rules on that move; a record of no move says so."""
    record = play_game(make_rules("classic"), "judge/last", [BOTS["greedy"]] * 2, hands=2)
    first = len(record["hands"][0]["moves"])
    record["hands"][1]["moves"] = record["hands"][1]["moves"][:5]
    del record["hands"][1]["score"]
    path = tmp_path / "game.json"
    path.write_bytes(orjson.dumps(record))
    for more, hand, move in (([], 2, 5), (["--hand", "1"], 1, first), (["--hand", "3"], 2, 5)):
        said = cli("judge", str(path), *more)
        assert said.returncode == 2 and said.stderr.startswith("casino: judge a record with --move N (and --hand H): `")
        command = said.stderr.split("`")[1]
        assert command == f"casino judge {path} --hand {hand} --move {move}"
        ruling = orjson.loads(cli(*command.split()[1:]).stdout)
        assert (ruling["hand"], ruling["move"]) == (hand, move)
        assert ruling["text"] == record["hands"][hand - 1]["moves"][move - 1].split(": ")[-1]
    record["hands"] = [{**hand, "moves": []} for hand in record["hands"]]
    said = cli("judge", "-", stdin=orjson.dumps(record))
    assert (said.returncode, said.stderr) == (
        2,
        "casino: judge a record with --move N (and --hand H): it records no move\n",
    )


@pytest.mark.parametrize("move", ["Ben: 4S+3H=7", "ben:4S+3H=7"])
def test_a_move_naming_its_player_is_written_for_a_position(move):
    """A move copied from a record (Ben: 4S+3H=7) judged or applied on a position, which names
    no players, was refused as 'no players are named'; it says how to write it there, and the
    command judge suggests for a record's move N rules on it, written so, in the record's place."""
    record = Path("fixtures/records/dispute.json").read_bytes()
    before = cli("replay", "-", "--hand", "1", "--to", "1", stdin=record).stdout.splitlines()[-1]
    for cmd in ("judge", "apply"):
        said = cli(cmd, "-", move, stdin=before)
        assert said.returncode == 65
        assert said.stderr.endswith(
            f"{move.split(':')[0]!r} before ':': a position names no players; write the move with its seat (1: 4S+3H=7)"
            " or alone (4S+3H=7, for seat 1, whose turn it is)\n"
        ), said.stderr
    suggested = cli("judge", "-", "--move", "2", move, stdin=record).stderr.split("| casino judge - ")[1]
    assert suggested.startswith("4S+3H=7` rules on 4S+3H=7 in its place")
    assert orjson.loads(cli("judge", "-", suggested.split("`")[0], stdin=before).stdout)["seat"] == 1
    as_object = cli("judge", "-", orjson.dumps({"move": move}).decode(), stdin=before).stderr
    assert "a position names no players; write the move with its seat (1: 4S+3H=7)" in as_object


def test_a_position_with_a_bad_format_gets_no_record_hint():
    doc = orjson.loads(POSITION)
    doc["format"] = "casino.moves/1"
    out = cli("moves", "-", stdin=orjson.dumps(doc))
    assert out.returncode == 65
    assert "game record" not in out.stderr


def test_a_bot_question_given_as_a_position_says_how_to_make_one_of_it():
    """A bot writer's question (or its view) piped to casino hint or moves was refused with
    '$.seat: unknown key' alone; the message says which keys to drop, and dropping them works."""
    from casino_cli.engine import make_rules, observe, seeded_deck, start_position
    from casino_cli.records.botproto import VIEW_KEYS, view_json

    view = view_json(observe(start_position(make_rules("classic"), seeded_deck("7"), 1), 0))
    question = {"protocol": "casino.bot/1", "seat": 0, "view": view, "moves": [], "seed": 1, "time_limit": 10.0}
    for doc, said in (
        (question, "This is a bot's question: its position is its view less .seat, .hand_counts, .unseen, .history"),
        (view, "This is a bot question's view: its position is the view less .seat, .hand_counts, .unseen, .history"),
    ):
        for command in ("hint", "moves"):
            out = cli(command, "-", stdin=orjson.dumps(doc))
            assert out.returncode == 65 and said in out.stderr, out.stderr
    position = {key: value for key, value in view.items() if key not in VIEW_KEYS}
    assert cli("moves", "-", stdin=orjson.dumps(position)).returncode == 0
    assert list(view)[-len(VIEW_KEYS) :] == list(VIEW_KEYS)


def test_a_build_value_of_four_digits_is_refused_for_its_length():
    out = cli("apply", "-", "8S+5D=1234", stdin=POSITION)
    assert out.returncode == 65 and "the value after '=' must be a number of at most 3 digits" in out.stderr


@pytest.mark.parametrize(
    "value, cards, capturer, said",
    [(8, ["5S", "3H"], "TS", "by an 8"), (7, ["4S", "3H"], "TS", "by a 7"), (11, ["5S", "6H"], "KS", "by a jack")],
)
def test_a_build_taken_only_on_its_own_is_named_with_its_article(value, cards, capturer, said):
    position = {
        "format": "casino.position/1",
        "rules": {"variant": "royal", "players": 2},
        "turn": 0,
        "table": {"loose": ["2C"], "builds": [{"value": value, "owner": 1, "cards": cards}]},
        "hands": [[capturer, "3D"], None],
    }
    move = f"{capturer}x2C+{'+'.join(cards)}"
    out = cli("apply", "-", move, stdin=orjson.dumps(position))
    assert out.returncode == 1 and f"is only ever taken on its own {said} (C2)" in out.stderr, out.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["botcheck", "cmd:"],
        ["match", "cmd: ", "greedy"],
        ["simulate", "--bots", "cmd:", "--games", "1"],
        ["play", "--watch", "--bots", "greedy,cmd:"],
    ],
)
def test_a_cmd_bot_with_no_program_is_shown_how_to_name_one_in_words_fit_for_every_command(args):
    """botcheck and match take their bots as arguments, simulate and play by --bots: the
    example is the bot's name alone, which fits each."""
    said = cli(*args)
    assert said.returncode == 2
    assert said.stderr.strip() == "casino: cmd: names no program: write the command after the colon (cmd:./mybot)"


def test_a_count_of_one_is_said_in_the_singular():
    """Counts in messages agree with their noun: a position's stock of 1 card and 1 sweep,
    a listing cut after 1 move, a review of 1 move (each said '1 cards', '1 sweeps',
    '1 moves' before); 0 and 2 stay plural."""
    dealt = orjson.loads(cli("deal", "--seed", "3").stdout)
    for change, said in (
        ({"stock": 1}, "$.stock: holds 1 card, but during deal 1 of 6 it must hold 40"),
        ({"sweeps": [1, 0]}, "$.sweeps[0]: 1 sweep, but seat 0's pile of 0 cards holds at most 0 captures"),
        ({"sweeps": [2, 0]}, "$.sweeps[0]: 2 sweeps, but seat 0's pile of 0 cards holds at most 0 captures"),
    ):
        out = cli("moves", "-", stdin=orjson.dumps(dealt | change))
        assert out.returncode == 65 and said in out.stderr, out.stderr
    for limit, moves in (("1", "1 move"), ("2", "2 moves")):
        out = cli("moves", "-", "--limit", limit, stdin=orjson.dumps(dealt))
        assert f"<stdin>:1: listing truncated after {moves} (the --limit" in out.stderr, out.stderr
    game = orjson.loads(cli("simulate", "--seed", "one", "--hands", "1").stdout)
    game["hands"][0]["moves"] = game["hands"][0]["moves"][:1]
    game["hands"][0].pop("score", None)
    game.pop("result", None)
    out = cli("review", "-", "-f", "text", stdin=orjson.dumps(game))
    text = out.stdout.decode()
    assert ": 1 move reviewed, " in text and ": 0 moves reviewed, " in text, text
