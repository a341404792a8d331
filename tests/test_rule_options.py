"""The options RULES.md §1 added for the sources: ``endgame: count_out`` (G5), ``deal_passes``
(D4) and ``ace_high_builds`` (V3, B4) — checked rule sets, the canonical rule-set output, the
schema, the command line, and builds of 14 with a lone ace on the table; and for every option,
the commands answering under a document's value of it, not the preset's."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest
from inproc import cli
from jsonschema import Draft202012Validator

from casino_cli.engine import PositionError, RulesError, make_rules
from casino_cli.engine.rules import DEAL_PASSES, ENDGAMES, OPTIONS
from casino_cli.notation.errors import NotationError
from casino_cli.notation.position import read_position, read_rules, rules_json
from casino_cli.notation.schema import schema

ROOT = Path(__file__).resolve().parent.parent


def test_options_follow_the_order_of_rules_md():
    assert OPTIONS[-5:] == ("endgame", "ladder_20", "target", "deal_passes", "ace_high_builds")
    assert ENDGAMES == ("highest", "ladder", "count_out") and DEAL_PASSES == ("next", "previous")


@pytest.mark.parametrize(
    "variant, endgame, deal_passes, ace_high_builds",
    [
        ("classic", "highest", "next", False),
        ("royal", "ladder", "next", False),
        ("american-royal", "count_out", "next", False),
    ],
)
def test_preset_defaults(variant, endgame, deal_passes, ace_high_builds):
    rules = make_rules(variant, 2)
    assert (rules.endgame, rules.deal_passes, rules.ace_high_builds) == (endgame, deal_passes, ace_high_builds)
    assert rules_json(rules) == {"variant": variant, "players": 2}


@pytest.mark.parametrize(
    "variant, options, message",
    [
        ("classic", {"ace_high_builds": True}, "ace_high_builds needs ace_high"),
        ("royal", {"ace_high": False, "ace_high_builds": True}, "ace_high_builds needs ace_high"),
        ("american-royal", {"ace_high_builds": "yes"}, "option ace_high_builds must be true or false"),
        ("american-royal", {"ace_high_builds": 1}, "option ace_high_builds must be true or false"),
        ("classic", {"deal_passes": "left"}, "deal_passes must be 'next' or 'previous', not 'left'"),
        ("classic", {"deal_passes": None}, "deal_passes must be 'next' or 'previous'"),
        ("classic", {"endgame": "first"}, "endgame must be 'highest', 'ladder' or 'count_out', not 'first'"),
        ("american-royal", {"ladder_20": "most_spades"}, 'ladder_20 applies only with endgame "ladder"'),
        ("royal", {"endgame": "count_out", "ladder_20": "little_casino"}, "ladder_20 applies only with endgame"),
    ],
)
def test_impossible_and_bad_options_are_refused(variant, options, message):
    with pytest.raises(RulesError, match=message):
        make_rules(variant, 2, **options)


def test_allowed_combinations():
    assert make_rules("royal", 2, endgame="count_out").ladder_20 is None  # the ladder's default goes with it
    assert make_rules("classic", 2, endgame="count_out", deal_passes="previous").deal_passes == "previous"
    assert make_rules("classic", 2, court_values=True, ace_high=True, ace_high_builds=True).ace_high_builds
    assert make_rules("royal", 4, ace_high_builds=True, deal_passes="previous").partnerships


def test_canonical_rule_set_lists_the_new_options_last_in_order():
    rules = make_rules(
        "classic", 3, ace_high_builds=True, deal_passes="previous", target=11, ace_high=True, court_values=True
    )
    assert list(rules_json(rules)) == [
        "variant",
        "players",
        "court_values",
        "ace_high",
        "target",
        "deal_passes",
        "ace_high_builds",
    ]
    # american-royal's endgame is count_out now: the old default is an override
    assert rules_json(make_rules("american-royal", 2, endgame="highest")) == {
        "variant": "american-royal",
        "players": 2,
        "endgame": "highest",
    }
    assert rules_json(make_rules("classic", 2, endgame="count_out")) == {
        "variant": "classic",
        "players": 2,
        "endgame": "count_out",
    }
    # restating a preset's value is left out of the canonical form
    again = read_rules({"variant": "royal", "players": 2, "deal_passes": "next", "ace_high_builds": False})
    assert rules_json(again) == {"variant": "royal", "players": 2}


@pytest.mark.parametrize("players", [2, 3])
def test_partnerships_with_two_or_three_players_can_only_be_off(players):
    """partnerships is a 4-player key: false says what is so and is left out, true is refused."""
    assert rules_json(read_rules({"variant": "classic", "players": players, "partnerships": False})) == {
        "variant": "classic",
        "players": players,
    }
    with pytest.raises(NotationError, match="partnerships need exactly 4 players"):
        read_rules({"variant": "classic", "players": players, "partnerships": True})


@pytest.mark.parametrize(
    "rules, where",
    [
        ({"variant": "classic", "players": 2, "ace_high_builds": True}, "$.rules.ace_high_builds"),
        ({"variant": "classic", "players": 2, "deal_passes": "clockwise"}, "$.rules.deal_passes"),
        ({"variant": "classic", "players": 2, "endgame": "count-out"}, "$.rules.endgame"),
    ],
)
def test_bad_options_in_a_document_name_their_path(rules, where):
    with pytest.raises(NotationError) as info:
        read_rules(rules)
    assert info.value.path == where


def test_schema_knows_every_option():
    rules = schema("position")["$defs"]["rules"]["properties"]
    assert set(rules) == {"variant", "players", "partnerships", *OPTIONS}
    assert rules["endgame"]["enum"] == list(ENDGAMES)
    assert rules["deal_passes"]["enum"] == list(DEAL_PASSES)
    validator = Draft202012Validator(schema("position"))
    doc = {"variant": "american-royal", "players": 3, "deal_passes": "previous", "ace_high_builds": True}
    dealt = cli("deal", "--seed", "s", "--variant", "royal", "-o", "ace_high_builds=true", "-o", "deal_passes=previous")
    validator.validate(orjson.loads(dealt.stdout))
    assert not list(validator.iter_errors({"format": "casino.position/1", "rules": doc, "turn": 0, "table": {}}))
    bad = {**doc, "deal_passes": "left"}
    assert list(validator.iter_errors({"format": "casino.position/1", "rules": bad, "turn": 0, "table": {}}))


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "o"],
        ["simulate", "--seed", "o", "--hands", "1"],
        ["play", "--seed", "o", "--bots", "greedy", "--watch"],
    ],
    ids=["deal", "simulate", "play"],
)
def test_every_command_that_makes_rules_takes_the_new_options(args):
    """-o endgame=count_out, -o deal_passes=previous, -o ace_high_builds=true: taken, shown in
    the canonical rule set where the output has one, and impossible combinations refused (exit 2)."""
    options = ["-o", "endgame=count_out", "-o", "deal_passes=previous", "-o", "ace_high_builds=true"]
    out = cli(*args, "--variant", "royal", "--players", "3", *options)
    assert out.returncode == 0, out.stderr
    if args[0] != "play":
        rules = orjson.loads(out.stdout.splitlines()[0])["rules"]
        assert rules == {
            "variant": "royal",
            "players": 3,
            "endgame": "count_out",
            "deal_passes": "previous",
            "ace_high_builds": True,
        }
    bad = cli(*args, "--variant", "classic", "-o", "ace_high_builds=true")
    assert bad.returncode == 2 and "ace_high_builds needs ace_high" in bad.stderr
    bad = cli(*args, "-o", "deal_passes=left")
    assert bad.returncode == 2 and 'deal_passes must be "next" or "previous", not "left"' in bad.stderr


def test_a_document_with_an_impossible_option_is_a_notation_error():
    doc = {"format": "casino.position/1", "rules": {"variant": "classic", "players": 2, "ace_high_builds": True}}
    doc |= {"turn": 0, "table": {"loose": ["5D"]}, "hands": [["5S"], None]}
    out = cli("moves", "-", stdin=orjson.dumps(doc))
    assert out.returncode == 65 and "$.rules.ace_high_builds" in out.stderr


@pytest.mark.parametrize(
    "option, value, python, json",
    [
        ("target", True, "not True", "not true"),
        ("target", {"x": 1}, "not {'x': 1}", 'not {"x":1}'),
        ("target", None, "not None", "not null"),
        ("target", 1e18, "not 1e+18", "not a number of about 19 digits"),
        ("target", "x" * 100, "not 'xxx", 'not "xxx'),
        (
            "endgame",
            "first",
            "be 'highest', 'ladder' or 'count_out', not 'first'",
            'be "highest", "ladder" or "count_out", not "first"',
        ),
    ],
)
def test_a_bad_rules_value_is_quoted_as_json_in_documents_and_options_as_python_in_the_api(option, value, python, json):
    with pytest.raises(RulesError) as refused:
        make_rules("classic", 2, **{option: value})
    assert python in str(refused.value)
    doc = {"format": "casino.position/1", "rules": {"variant": "classic", "players": 2, option: value}}
    doc |= {"turn": 0, "table": {"loose": ["5D"]}, "hands": [["5S"], None]}
    out = cli("moves", "-", stdin=orjson.dumps(doc))
    typed = cli("deal", "--seed", "1", "-o", f"{option}={orjson.dumps(value).decode()}")
    for said in (out, typed):
        assert said.returncode in (2, 65) and json in said.stderr, said.stderr
        assert len(said.stderr) < 200  # a long value is cut


# --- builds of 14 with lone aces on the table ------------------------------------------------


def build_position(rules: dict, cards: list[str], **build) -> dict:
    return {
        "format": "casino.position/1",
        "rules": rules,
        "turn": 0,
        "table": {"loose": ["7D"], "builds": [{"value": 14, "owner": 1, "cards": cards, **build}]},
        "hands": [["7C"], None],
    }


AR = {"variant": "american-royal", "players": 2}
AR14 = {**AR, "ace_high_builds": True}


@pytest.mark.parametrize("cards", [["AS", "AC"], ["5S", "9C", "AC"], ["AS", "AH", "AD", "AC"], ["AS", "9H", "5H"]])
def test_a_14_build_of_lone_aces_is_consistent_only_with_the_option(cards):
    if len(cards) == 4:  # every ace in the build: no card is left to capture it, so no owner could hold one
        with pytest.raises(PositionError, match="seat 1 owns a build of 14, and no unseen card can capture 14"):
            read_position(build_position(AR14, cards))
    else:
        pos = read_position(build_position(AR14, cards))
        assert not pos.builds[0].single  # single or multiple by §0, aces counted 1
    with pytest.raises(PositionError, match="split into groups of 14"):
        read_position(build_position(AR, cards))


def test_declared_groups_may_be_a_lone_ace():
    doc = build_position(AR14, ["5S", "9C", "AC"], kind="multiple", groups=[["AC"], ["5S", "9C"]])
    assert read_position(doc).builds[0].cards
    with pytest.raises(PositionError, match="adds up to 1, not 14"):
        read_position(build_position(AR, ["5S", "9C", "AC"], groups=[["AC"], ["5S", "9C"]]))
    with pytest.raises(PositionError, match="adds up to 1, not 13"):  # only in a build of 14
        read_position(
            {**doc, "table": {"builds": [{"value": 13, "owner": 1, "cards": ["AC", "QS"], "groups": [["AC"], ["QS"]]}]}}
        )


def test_judge_explains_an_ace_alone_without_the_option():
    doc = {
        "format": "casino.position/1",
        "rules": AR,
        "turn": 0,
        "table": {"loose": ["9C", "5D"]},
        "hands": [["AS", "AH"], None],
    }
    out = cli("apply", "-", "AS+5D+9C=14", stdin=orjson.dumps(doc))
    assert out.returncode == 1
    assert "an ace counts 1 in a build in these rules, without ace_high_builds" in out.stderr and "(B4)" in out.stderr
    doc["rules"] = AR14
    assert cli("apply", "-", "AS+5D+9C=14", stdin=orjson.dumps(doc)).returncode == 0
    # the lone ace on the table, the played card in the other group: explained all the same
    doc = {**doc, "table": {"loose": ["9C", "AH"]}, "hands": [["5D", "AS"], None]}
    assert cli("apply", "-", "5D+9C+AH=14", stdin=orjson.dumps(doc)).returncode == 0
    out = cli("apply", "-", "5D+9C+AH=14", stdin=orjson.dumps({**doc, "rules": AR}))
    assert out.returncode == 1
    assert "an ace counts 1 in a build in these rules, without ace_high_builds" in out.stderr and "(B4)" in out.stderr
    # a raise to 14 that takes a loose ace in as a group of its own: explained too
    doc = {**doc, "table": {"loose": ["AC"], "builds": [{"value": 10, "owner": 1, "cards": ["4H", "6C"]}]}}
    doc["hands"] = [["4S", "AH"], None]
    assert cli("apply", "-", "4S+4H+6C+AC=14", stdin=orjson.dumps(doc)).returncode == 0
    out = cli("apply", "-", "4S+4H+6C+AC=14", stdin=orjson.dumps({**doc, "rules": AR}))
    assert out.returncode == 1
    assert out.stderr.endswith(
        "must form groups worth 14 (an ace counts 1 in a build in these rules, without ace_high_builds) (B4)\n"
    )


def test_a_build_stated_as_what_it_is_not_is_located_at_its_path_line_and_column():
    doc = build_position(AR14, ["5S", "9C", "AC"], kind="single")
    done = cli("moves", "-", stdin=orjson.dumps(doc))
    assert done.returncode == 65
    assert re.search(
        r"<stdin>:1:\d+: inconsistent position: \$\.table\.builds\[0\]: the build is multiple", done.stderr
    )


def test_every_view_of_a_game_names_the_options_that_differ_from_its_preset(tmp_path):
    """A game to 11 that deals backwards was shown as plain american-royal by the text,
    pretty, SVG and HTML views: nothing in them said its rules were not the preset's."""
    options = ["--variant", "american-royal", "-o", "target=11", "-o", "deal_passes=previous"]
    words = "target=11, deal_passes=previous"
    text = cli("deal", "--seed", "v", *options, "-f", "text").stdout.decode()
    assert text.splitlines()[0] == f"american-royal 2p, {words}, deal 1/6, seat 0 to play"
    pretty = cli("deal", "--seed", "v", *options, "-f", "pretty").stdout.decode()
    assert f"american-royal, 2 players ({words})" in " ".join(pretty.split())
    assert cli("deal", "--seed", "v", *options, "--svg", str(tmp_path / "d.svg")).returncode == 0
    assert f"options: {words}" in (tmp_path / "d.svg").read_text()
    (tmp_path / "g.jsonl").write_bytes(cli("simulate", "--seed", "v", "--hands", "1", *options).stdout)
    assert cli("replay", str(tmp_path / "g.jsonl"), "--html", str(tmp_path / "g.html")).returncode == 0
    assert f"American Royal Casino, 2 players · options: {words}" in (tmp_path / "g.html").read_text()
    plain = cli("deal", "--seed", "v", "--variant", "american-royal", "-f", "text").stdout.decode()
    assert plain.splitlines()[0] == "american-royal 2p, deal 1/6, seat 0 to play"  # the preset as it is


def test_a_replay_in_text_names_the_rules_of_each_record(tmp_path):
    """casino replay -f text of a game to 11 dealt backwards began 'hand 1 starts, seat 1
    deals' like any other: each record of a stream now begins with its rule set."""
    stream = tmp_path / "g.jsonl"
    options = ["-o", "target=11", "-o", "deal_passes=previous"]
    stream.write_bytes(cli("simulate", "--seed", "r", "--games", "2", "--hands", "1", *options).stdout)
    lines = cli("replay", str(stream), "-f", "text").stdout.decode().splitlines()
    named = [i for i, line in enumerate(lines) if line.startswith("replay: ")]
    assert [lines[i] for i in named] == ["replay: classic 2p, target=11, deal_passes=previous"] * 2
    assert [lines[i + 1] for i in named] == ["hand 1 starts, random (seat 1) deals"] * 2


def test_the_score_sheet_names_the_options_it_was_scored_under(tmp_path):
    """casino score's sheet of a game to 11 began 'hand 1: …' in text, read 'score' on a
    terminal and 'Score sheet · American Royal Casino, 2 players' in its picture: nothing
    said the target was not 21, where a winner counted out at 11 against 12 then read as a
    mistake. A preset's sheet names no options."""
    named = (["-o", "target=11"], ", target=11", " (target=11)", ">options: target=11</text>")
    for options, text_words, pretty_words, line in [named, ([], "", "", "")]:
        game = tmp_path / "g.jsonl"
        game.write_bytes(cli("simulate", "--seed", "v", "--hands", "1", "--variant", "american-royal", *options).stdout)
        text = cli("score", str(game), "-f", "text").stdout.decode()
        assert text.splitlines()[0] == f"score: american-royal 2p{text_words}"
        pretty = cli("score", str(game), "-f", "pretty").stdout.decode()
        assert f"score: american-royal, 2 players{pretty_words} ┏" in " ".join(pretty.split())
        assert cli("score", str(game), "--svg", str(tmp_path / "s.svg")).returncode == 0
        picture = (tmp_path / "s.svg").read_text()
        assert line in picture and ("options:" in picture) == bool(line)


@pytest.mark.parametrize(
    "rules",
    [
        {"variant": "royal", "players": 2, "ladder_20": None},
        {"variant": "classic", "players": 2, "ladder_20": None},
        {"variant": "classic", "players": 4, "partnerships": None},
    ],
)
def test_the_schema_takes_the_nulls_the_reader_takes(rules):
    """A null ladder_20 or partnerships is read as the default (and kept by convert), but the
    schema refused it: a document casino reads failed the schema casino prints."""
    read_rules(rules)
    record = {"format": "casino.record/1", "rules": rules, "seed": "n", "hands": [{"moves": []}]}
    converted = cli("convert", "-", "--to", "json", stdin=orjson.dumps(record))
    assert converted.returncode == 0 and orjson.loads(converted.stdout)["rules"] == rules
    assert not list(Draft202012Validator(schema("record")).iter_errors(record))


def _cell(written: str) -> object:
    """A cell of docs/rules.md's options table as a value: yes or no, `a text`, a number."""
    if written in ("yes", "no"):
        return written == "yes"
    return written.strip("`") if written.startswith("`") else int(written)


def test_the_presets_table_of_rules_md_is_the_engines():
    """Each cell of docs/rules.md's options table is the preset's value (what `casino rules
    royal` prints), or a dash where the option is off or unused; its rows are the options."""
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").partition("## Variants")[2]
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| (.+?) \| (.+?) \| .+ \|$", page, re.M)
    assert [row[0] for row in rows] == list(OPTIONS)
    for column, variant in enumerate(("classic", "royal", "american-royal"), 1):
        rules = make_rules(variant, 2)
        for row in rows:
            value, written = getattr(rules, row[0]), row[column]
            assert value in (False, None) if written == "–" else value == _cell(written), (variant, row[0])


def _puzzle(rules: dict, table: dict, hand: list[str]) -> bytes:
    """Seat 0 to move with ``hand``, the other seats' cards unknown."""
    hands = [hand] + [None] * (rules["players"] - 1)
    return orjson.dumps({"format": "casino.position/1", "rules": rules, "turn": 0, "table": table, "hands": hands})


# Per option, a position and a move that is legal with the option's value and illegal with the
# other one (RULES.md: V2, V3, C5, C6, B6, B7, B4 with V3).
MOVE_OPTIONS = [
    ("court_values", {"variant": "classic"}, True, {"loose": ["4D", "7C"]}, ["JS", "8H"], "JSx4D+7C"),
    ("ace_high", {"variant": "royal"}, True, {"loose": ["9C", "5D"]}, ["AS", "3H"], "ASx5D+9C"),
    ("court_takes_all", {"variant": "classic"}, True, {"loose": ["QH", "QS"]}, ["QC", "2D"], "QCxQS+QH"),
    ("must_take_equal", {"variant": "american-royal"}, False, {"loose": ["5D", "5H"]}, ["5S", "2C"], "5Sx5D"),
    (
        "raise_own",
        {"variant": "royal"},
        True,
        {"builds": [{"value": 10, "owner": 0, "cards": ["6C", "4H"]}]},
        ["2S", "QD", "TC"],
        "2S+4H+6C=12",
    ),
    (
        "partner_builds",
        {"variant": "royal", "players": 4},
        True,
        {"builds": [{"value": 5, "owner": 2, "cards": ["AS", "4D"]}]},
        ["3H", "8D"],
        "3H+AS+4D=8",
    ),
    ("ace_high_builds", {"variant": "royal"}, True, {"loose": ["9C", "5D"]}, ["AS", "AH", "3C"], "AS+5D+9C=14"),
]


@pytest.mark.parametrize(
    ("option", "rules", "legal_with", "table", "hand", "move"),
    MOVE_OPTIONS,
    ids=[case[0] for case in MOVE_OPTIONS],
)
def test_every_command_on_a_position_follows_its_options(option, rules, legal_with, table, hand, move):
    """moves, apply, judge and hint answer under the position's options, never the preset's:
    the move is legal under one value of the option and refused under the other."""
    for value in (True, False):
        doc = _puzzle({"players": 2} | rules | {option: value}, table, hand)
        legal = value == legal_with
        listed = orjson.loads(cli("moves", "-", stdin=doc).stdout)["moves"]
        assert (move in [m["move"] for m in listed]) == legal, (option, value)
        assert cli("apply", "-", move, stdin=doc).returncode == (0 if legal else 1)
        ruling = orjson.loads(cli("judge", "-", move, stdin=doc).stdout)
        assert ruling["verdict"] == ("legal" if legal else "illegal")
        hinted = orjson.loads(cli("hint", "-", stdin=doc).stdout)["moves"]
        assert (move in [m["move"] for m in hinted]) == legal


def _finished(rules: dict, scores: list[int], sweeps: list[int]) -> bytes:
    """A finished 2-player hand: seat 0 took 18 cards (seven spades, AC), seat 1 the other 34
    (TD, 2S, AS, AH, AD and six spades)."""
    first = ["AC", "2H", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "JH", "QH"]
    second = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK" if f"{r}{s}" not in first]
    doc = {"format": "casino.position/1", "rules": {"players": 2} | rules, "dealer": 1, "turn": None, "deal": 6}
    doc |= {"table": {"loose": [], "builds": []}, "hands": [[], []], "stock": 0, "captured": [first, second]}
    return orjson.dumps(doc | {"sweeps": sweeps, "last_capture": 1, "scores": scores})


# Per option, a finished hand scored under two values of it: (value, points, winner) (P1, P3,
# G2, G3, G5). Seat 0 wins spades 1 and AC 1; seat 1 cards 3, Big and Little Casino 3 and
# three aces 3 (counting out from 9-3 to 11: seat 0 reaches 11 on AC, seat 1 only 10 by then).
GAME_OPTIONS = [
    ("sweeps", {"variant": "classic"}, [0, 0], [1, 0], [(False, [2, 9], None), (True, [3, 9], None)]),
    ("sweeps_cancel", {"variant": "royal"}, [0, 0], [2, 1], [(True, [3, 9], None), (False, [4, 10], None)]),
    (
        "endgame",
        {"variant": "american-royal", "target": 11},
        [9, 3],
        [0, 0],
        [("count_out", [2, 9], 0), ("highest", [2, 9], 1)],
    ),
    ("target", {"variant": "classic"}, [9, 3], [0, 0], [(11, [2, 9], 1), (21, [2, 9], None)]),
    ("ladder_20", {"variant": "royal"}, [20, 0], [0, 0], [("most_spades", [2, 9], 0), ("little_casino", [2, 9], None)]),
]


@pytest.mark.parametrize(
    ("option", "rules", "scores", "sweeps", "cases"), GAME_OPTIONS, ids=[c[0] for c in GAME_OPTIONS]
)
def test_score_follows_the_options_of_a_finished_hand(option, rules, scores, sweeps, cases):
    """casino score answers under the position's options: the points and the winner change
    with the option's value as RULES.md says."""
    for value, points, winner in cases:
        sheet = orjson.loads(cli("score", "-", stdin=_finished(rules | {option: value}, scores, sweeps)).stdout)
        assert (sheet["hands"][0]["points"], sheet["winner"]) == (points, winner), (option, value)


@pytest.mark.parametrize(("passes", "dealers"), [("next", [2, 0, 1, 2]), ("previous", [2, 1, 0, 2])])
def test_deal_of_a_later_hand_follows_deal_passes(passes, dealers):
    """D4 with 3 players, seat 2 dealing the first hand: casino deal --hand H names its dealer."""
    option = f"deal_passes={passes}"
    dealt = [cli("deal", "--seed", "d", "--players", "3", "-o", option, "--hand", str(h)) for h in range(1, 5)]
    assert [orjson.loads(out.stdout)["dealer"] for out in dealt] == dealers


def test_a_review_names_the_rules_its_moves_were_valued_under(tmp_path):
    """casino review of games to 11 began 'random (seat 0): 24 moves reviewed, …' in text
    and on a terminal, as a game to 21 does, though a move's cost depends on the target:
    each record's review now begins with its rule set."""
    stream = tmp_path / "g.jsonl"
    options = ["--variant", "american-royal", "-o", "target=11"]
    stream.write_bytes(cli("simulate", "--seed", "rv", "--games", "2", "--hands", "1", *options).stdout)
    for fmt, words in [("text", "american-royal 2p, target=11"), ("pretty", "american-royal, 2 players (target=11)")]:
        lines = cli("review", str(stream), "--top", "1", "-f", fmt).stdout.decode().splitlines()
        named = [i for i, line in enumerate(lines) if line.startswith("review: ")]
        assert [lines[i] for i in named] == [f"review: {words}"] * 2 and named[0] == 0
        assert [lines[i + 1].split(":")[0] for i in named] == ["random (seat 0)"] * 2


def test_a_watched_game_names_the_rules_it_is_played_under():
    """casino play --watch of a game to 11, piped (-f text or pretty), began 'hand 1' as a
    game to 21 does: the game now begins with its rule set, named once."""
    options = ["--seed", "w", "--bots", "greedy,random", "--variant", "royal", "-o", "target=11"]
    for fmt, words in [("text", "royal 2p, target=11"), ("pretty", "royal, 2 players (target=11)")]:
        lines = cli("play", "--watch", *options, "-f", fmt).stdout.decode().splitlines()
        assert lines[0] == f"watch: {words}" and "hand 1" in lines[1]
        assert sum(line.startswith("watch: ") for line in lines) == 1


def test_validate_names_the_rules_above_a_records_findings():
    """casino validate on a terminal listed a game to 11's findings ('… 9S is illegal: …')
    with nothing to say which rules they were made under: each record with findings now
    has a line naming them, above its findings only; -f text is unchanged."""
    options = ["--variant", "american-royal", "-o", "target=11"]
    valid = cli("simulate", "--seed", "co", "--games", "1", "--hands", "1", *options).stdout
    moves = orjson.loads(valid)["hands"][0]["moves"]
    stream = valid + valid.replace(f'"{moves[6]}"'.encode(), b'"9S"', 1)  # a card seat 0 does not hold
    pretty = " ".join(cli("validate", "-", "-f", "pretty", stdin=stream).stdout.decode().split())
    named = "<stdin>:2: played under american-royal, 2 players (target=11)"
    assert pretty.startswith(f"{named} <stdin>:2:") and "9S is illegal" in pretty
    text = cli("validate", "-", "-f", "text", stdin=stream).stdout.decode()
    assert "played under" not in text and "9S is illegal" in text


def test_validate_names_the_rules_once_above_each_records_findings():
    """With --keep-going a record has several findings: the rules line stands once above
    the first of them, for each record that has any."""
    stream = Path("fixtures/records/dispute.json").read_bytes().replace(b"\n", b"") + b"\n"
    found = len(cli("validate", "-", "--keep-going", stdin=stream).stdout.splitlines())
    pretty = cli("validate", "-", "-f", "pretty", "--keep-going", stdin=stream * 2).stdout.decode()
    said = [  # each line that starts a finding or names the rules, by its record: R1 for the rules of record 1
        ("R" if line.endswith(": played under classic, 2 players") else "F") + line.split(":")[1]
        for line in pretty.splitlines()
        if line.startswith("<stdin>:")
    ]
    assert found > 1 and said == ["R1"] + ["F1"] * found + ["R2"] + ["F2"] * found
