"""Golden perft-style fixtures: fixtures/positions/NN-name.json.

Each fixture gives a position, every legal move in canonical text and canonical order
(derived by hand from RULES.md, then checked against the engine and the independent
reference generator), and moves the rules refuse with the RULES.md ID the judge must cite.

Optional keys: ``because`` on a refused entry names the deeper rule(s) behind the cited ID
(the engine cites C1/B1/B4/T2/O1 where RULES.md words the reason as C3, C4, V1-V4, O2 or
O3); ``sweeps`` lists exactly the listed captures that clear the table; ``expected``
documents the score of a finished hand (11, 12, 64: its points, winner and reason);
``without`` gives ``options`` to change in the position's rules and the moves listed
then, to show what an option allows, or that it changes nothing (the same list).
A refused ``move`` is text, or an object when the notation cannot write it (a build using
no table card, a capture taking none): the Move is then built directly for the judge.
"""

import json
from pathlib import Path

import pytest

from casino_cli.engine import IllegalMove, apply_move, judge, legal_moves
from casino_cli.engine.scoring import game_after_hand, score_hand
from casino_cli.notation.moves import parse_move_text, read_move
from casino_cli.notation.position import position_json, read_position

try:
    from reference import reference_moves
except ImportError:  # pragma: no cover - the reference generator is optional
    reference_moves = None

FIXTURE_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "positions"
FILES = sorted(FIXTURE_DIR.glob("*.json"))
NAMES = [f.name for f in FILES]

MOVE_RULES = (
    [f"C{i}" for i in range(1, 8)]
    + [f"B{i}" for i in range(1, 9)]
    + ["T1", "T2", "T3"]
    + ["O1", "O2", "O3"]
    + [f"V{i}" for i in range(1, 5)]
)
OTHER_RULES = {"P1", "P2", "P3", "P4", "S1", "S2", "G1", "G2", "G3", "G4", "G5", "D1", "D2", "D3", "D4"}
JUDGE_IDS = set(MOVE_RULES) | {"turn", "card"}

# Rules that only ever permit: no move can be refused *by* them, so they cannot have a
# refusing role. C7 says where captured cards go; T1 says a trail is allowed (its
# exceptions are the separate IDs T2 and T3).
NEVER_REFUSE = {
    "C7": "says where taken cards go; it forbids nothing",
    "T1": "permits trailing; its exceptions are T2 and T3",
}

# One named witness per rule for the allowing role: a listed move of that fixture which
# the rule permits (the fixture must also list the rule in rules_tested).
ALLOW_WITNESSES = {
    "C1": ("01", "8Sx3H+5C"),
    "C2": ("26", "9Dx2D+4S+5H+7C"),  # a build taken beside a loose group of 9
    "C3": ("04", "AHx5D+9C"),  # the ace captures as 14
    "C4": ("42", "TDxAH+2C+3D+4S+5H+5C"),  # one move, three groupings; partial takes listed
    "C5": ("18", "JCxJH"),
    "C6": ("13", "QCxQS+QH"),
    "C7": ("34", "8Sx3C+5D+8D"),  # effects checked by test_capture_effects
    "B1": ("07", "8D+2C=10"),
    "B2": ("55", "6H+4D=10"),
    "B3": ("04", "5S+9C=14"),  # a held ace answers for 14
    "B4": ("08", "2S+3C+4H+9D=9"),
    "B5": ("36", "3S+2H+3D+4S+6C=6"),  # adding to a multiple build keeps its value
    "B6": ("14", "2S+4H+6C=12"),  # raise_own
    "B7": ("29", "3H+AS+4D=8"),  # partner_builds
    "B8": ("17", "4S+4H=8"),  # a third 8-build beside two others
    "T1": ("51", "5H"),  # trails although it could capture
    "T2": ("07", "3H"),  # a non-owner trails while a build stands
    "T3": ("24", "TD"),  # no must_take_equal: trails beside the tens
    "O1": ("25", "7Sx7D"),  # the owner keeps another 7
    "O2": ("06", "8Cx3H+5S"),  # an owner who can do nothing else captures
    "O3": ("44", "9Sx9H"),  # a non-owner spends its only 9
    "V1": ("02", "8SxAC+2D+5S"),
    "V2": ("20", "KCx2C+JS"),
    "V3": ("61", "AS+6C+7H=14"),  # an ace in a build counts 1
    "V4": ("21", "AH+KD=14"),
}


def load(name):
    with open(FIXTURE_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


def to_move(entry):
    """A move in text or object form (an object can name no table card: B2, C1)."""
    return read_move(entry)


SWEEP_NAMES = [n for n in NAMES if "sweeps" in load(n)]
C7_NAMES = [n for n in NAMES if "C7" in load(n)["rules_tested"]]


@pytest.fixture(params=NAMES)
def fx(request):
    data = load(request.param)
    return data, read_position(data["position"])


def test_fixtures_present():
    assert len(FILES) >= 57
    assert SWEEP_NAMES and C7_NAMES
    assert len({n[:2] for n in NAMES}) == len(NAMES), "fixture numbers must be unique"


def test_fixture_shape(fx):
    data, _ = fx
    assert set(data) >= {"name", "rules_tested", "note", "position", "moves", "refused"}
    assert set(data) <= {
        "name",
        "rules_tested",
        "note",
        "position",
        "moves",
        "refused",
        "sweeps",
        "expected",
        "without",
    }
    assert set(data["rules_tested"]) <= set(MOVE_RULES) | OTHER_RULES
    for text in data["moves"]:
        assert parse_move_text(text).text() == text, "moves must be in canonical text"
    assert len(set(data["moves"])) == len(data["moves"])
    for r in data["refused"]:
        assert r["rule"] in JUDGE_IDS
        assert set(r.get("because", ())) <= set(MOVE_RULES)
        if isinstance(r["move"], str):
            assert r["move"] not in data["moves"]


def test_engine_lists_exactly_the_moves(fx):
    data, pos = fx
    listing = legal_moves(pos)
    assert not listing.truncated
    assert [m.text() for m in listing.moves] == data["moves"]


def test_every_listed_move_passes_judge(fx):
    data, pos = fx
    for text in data["moves"]:
        judge(pos, parse_move_text(text))


def test_refused_moves_cite_the_rule(fx):
    data, pos = fx
    for r in data["refused"]:
        with pytest.raises(IllegalMove) as info:
            judge(pos, to_move(r["move"]))
        assert info.value.rule == r["rule"], f"{r['move']}: {info.value}"


def test_position_round_trip(fx):
    data, pos = fx
    canonical = position_json(pos)
    again = read_position(canonical)
    assert again == pos
    assert position_json(again) == canonical
    assert read_position(json.loads(json.dumps(canonical))) == pos


@pytest.mark.skipif(reference_moves is None, reason="tests/reference.py not available")
def test_reference_agrees(fx):
    data, pos = fx
    if pos.turn is None:
        assert data["moves"] == []
        return
    assert reference_moves(data["position"]) == set(data["moves"])


@pytest.mark.parametrize("name", SWEEP_NAMES)
def test_sweeps(name):
    """S1: exactly the listed captures clear the table."""
    data = load(name)
    pos = read_position(data["position"])
    swept = [t for t in data["moves"] if judge(pos, parse_move_text(t)).sweep]
    assert swept == data["sweeps"]


EXPECTED_NAMES = [n for n in NAMES if "expected" in load(n)]


@pytest.mark.parametrize("name", EXPECTED_NAMES)
def test_expected_score(name):
    """Finished-hand fixtures (worked examples 11 and 12): the hand's points and the winner."""
    data = load(name)
    pos = read_position(data["position"])
    hand = score_hand(pos)
    expected = data["expected"]
    assert list(hand.points) == expected["points"]
    if "total" in expected:
        assert sum(hand.points) == expected["total"]
    game = game_after_hand(pos.rules, pos.scores, hand)
    if "winner" in expected:
        assert game.winner == expected["winner"]
    if "reason" in expected:
        assert game.reason == expected["reason"]


WITHOUT_NAMES = [n for n in NAMES if "without" in load(n)]


def without(data: dict) -> dict:
    """The fixture's position document with its ``without`` options."""
    doc = json.loads(json.dumps(data["position"]))
    doc["rules"].update(data["without"]["options"])
    return doc


@pytest.mark.parametrize("name", WITHOUT_NAMES)
def test_moves_without_the_option(name):
    """The same position with the options of ``without`` lists exactly its moves (the
    engine and the reference generator)."""
    data = load(name)
    doc = without(data)
    assert [m.text() for m in legal_moves(read_position(doc)).moves] == data["without"]["moves"]
    if reference_moves is not None:
        assert reference_moves(doc) == set(data["without"]["moves"])


@pytest.mark.parametrize("option", ["ace_high_builds", "deal_passes", "endgame"])
def test_each_new_option_has_fixtures_with_and_without_it(option):
    """An option that changes moves has a fixture where it does and one where it does
    not; deal_passes and endgame never change a listing."""
    changes = {
        load(n)["moves"] != load(n)["without"]["moves"]
        for n in WITHOUT_NAMES
        if option in load(n)["without"]["options"]
    }
    assert changes == ({True, False} if option == "ace_high_builds" else {False})


@pytest.mark.parametrize("name", C7_NAMES)
def test_capture_effects(name):
    """C7: the played card and everything taken go to the mover's pile; mover is last capturer."""
    data = load(name)
    pos = read_position(data["position"])
    seat = pos.turn
    captures = [parse_move_text(t) for t in data["moves"] if "x" in t]
    assert captures
    for move in captures:
        after = apply_move(pos, move)
        gained = after.captured[seat] & ~pos.captured[seat]
        assert gained == move.cards | (1 << move.card)
        assert after.last_capture == seat
        assert not after.table & move.cards


def test_rule_coverage():
    """Every move rule has a fixture where it allows a move and one where it forbids one."""
    fixtures = {n[:2]: load(n) for n in NAMES}
    allowing = set()
    refusing = set()
    for data in fixtures.values():
        if data["moves"]:
            allowing |= set(data["rules_tested"])
        for r in data["refused"]:
            refusing.add(r["rule"])
            refusing |= set(r.get("because", ()))
    missing_allow = [r for r in MOVE_RULES if r not in allowing]
    missing_refuse = [r for r in MOVE_RULES if r not in refusing and r not in NEVER_REFUSE]
    assert not missing_allow, f"no allowing fixture for {missing_allow}"
    assert not missing_refuse, f"no refusing fixture for {missing_refuse}"
    # Keep the allowing role honest: a named legal move of a fixture listing the rule.
    assert set(ALLOW_WITNESSES) == set(MOVE_RULES)
    for rule, (num, move) in ALLOW_WITNESSES.items():
        data = fixtures[num]
        assert rule in data["rules_tested"], (rule, num)
        assert move in data["moves"], (rule, num, move)
    # Rules the engine itself cites must be refused under their own ID somewhere.
    cited = {r["rule"] for d in fixtures.values() for r in d["refused"]}
    for rule in ("C1", "C2", "C5", "C6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "T2", "T3", "O1"):
        assert rule in cited, rule
